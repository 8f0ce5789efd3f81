# Shared by scripts/test.sh and scripts/run.sh (sourced, not run).

STANDIN_REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Debian packages a fresh machine needs to build, test and run standin.
STANDIN_DEBIAN_PACKAGES=(
    build-essential cmake g++ clang ccache
    libboost1.81-dev doctest-dev libbenchmark-dev
    graphviz python3
)

standin_log() { printf '==> %s\n' "$*" >&2; }

# Installs whichever of STANDIN_DEBIAN_PACKAGES are missing (dpkg -s), with one
# apt-get update, and only when something is missing. Does nothing off Debian.
standin_install_dependencies() {
    if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
        standin_log "not a Debian system: not installing packages; need: ${STANDIN_DEBIAN_PACKAGES[*]}"
        return 0
    fi
    local missing=() package
    for package in "${STANDIN_DEBIAN_PACKAGES[@]}"; do
        # dpkg -s succeeds for removed-but-configured packages too: check the status.
        if ! dpkg -s "$package" 2>/dev/null | grep -q '^Status: install ok installed'; then
            missing+=("$package")
        fi
    done
    if [[ ${#missing[@]} -eq 0 ]]; then
        return 0
    fi
    local sudo=()
    if [[ $(id -u) -ne 0 ]]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo=(sudo)
        else
            standin_log "missing packages (${missing[*]}) and not root, no sudo: install them and rerun"
            return 1
        fi
    fi
    standin_log "installing missing packages: ${missing[*]}"
    "${sudo[@]}" apt-get update
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y --no-install-recommends "${missing[@]}"
}

# ccache keeps its cache in one stable place across builds and presets.
standin_setup_ccache() {
    export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
    mkdir -p "$CCACHE_DIR"
    # Share cache entries between clones in different folders (CI builds a fresh
    # clone each time): paths under the repository are hashed relative to it, and
    # the working directory recorded in debug info does not split the cache.
    export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$STANDIN_REPO_ROOT}"
    export CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"
    # Three presets of a header-only library fill the default 5 GB quickly;
    # an evicted entry makes a CI run rebuild cold.
    export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-20G}"
}

# Seconds since the epoch, with the fraction when `date` has it.
standin_now() { date +%s.%N 2>/dev/null || date +%s; }

# standin_elapsed <start>: seconds since <start>, one decimal.
standin_elapsed() { awk -v start="$1" -v now="$(standin_now)" 'BEGIN { printf "%.1f", now - start }'; }
