#!/usr/bin/env bash
# Builds standin and runs every test (unit, integration, examples) for a CMake preset.
#
#   scripts/test.sh           the default preset (g++, RelWithDebInfo)
#   scripts/test.sh clang     clang++ (compiled mode)
#   scripts/test.sh clang-header-only   clang++, every test TU header-only (slow)
#   scripts/test.sh asan      g++ with AddressSanitizer + UndefinedBehaviorSanitizer
#
# Installs missing Debian packages first. Exits non-zero when any phase fails.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

preset="${1:-default}"
[[ $# -le 1 ]] || { echo "usage: $0 [preset]" >&2; exit 2; }

cd "$STANDIN_REPO_ROOT"
standin_install_dependencies
standin_setup_ccache

timings=()
phase() {
    local name="$1"; shift
    standin_log "$name: $*"
    local start status=0
    start="$(standin_now)"
    "$@" || status=$?
    local took
    took="$(standin_elapsed "$start")"
    timings+=("$(printf '%-10s %7ss' "$name" "$took")")
    if [[ $status -ne 0 ]]; then
        standin_log "$name failed (exit status $status) after ${took}s"
        report
        exit "$status"
    fi
    standin_log "$name took ${took}s"
}
report() {
    standin_log "timings for preset '$preset':"
    printf '    %s\n' "${timings[@]}" >&2
}

phase configure cmake --preset "$preset"
phase build     cmake --build --preset "$preset" -j2
phase test      ctest --preset "$preset" --output-on-failure -j2
report
standin_log "all tests passed (preset '$preset')"
