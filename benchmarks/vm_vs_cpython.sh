#!/usr/bin/env bash
# Times every benchmarks/programs/*.py under standin and under python3 in the same
# run (best of N wall-clock runs each) and prints the ratio standin/CPython per
# program, then the median. Outputs of the two must agree.
#
#   benchmarks/vm_vs_cpython.sh [path/to/standin] [runs]
#
# Without a path it builds the CLI with the default preset (build/default/bin/standin).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
standin="${1:-}"
runs="${2:-3}"
if [[ -z "$standin" ]]; then
    cmake --preset default -S "$repo" >/dev/null
    cmake --build "$repo/build/default" --target standin_cli -j2 >/dev/null
    standin="$repo/build/default/bin/standin"
fi
python="$(command -v python3 || true)"
if [[ -z "$python" ]]; then
    echo "python3 not found: nothing to compare against" >&2
    exit 1
fi

# best_time CMD...: the fastest of $runs wall-clock runs, in seconds.
best_time() {
    local best="" t start end
    for ((i = 0; i < runs; i++)); do
        start=$(date +%s.%N)
        "$@" >/dev/null
        end=$(date +%s.%N)
        t=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }')
        if [[ -z "$best" ]] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best="$t"; fi
    done
    echo "$best"
}

printf '%-22s %10s %10s %8s\n' program standin_s cpython_s ratio
ratios=()
for program in "$repo"/benchmarks/programs/*.py; do
    name="$(basename "$program" .py)"
    if ! cmp -s <("$standin" run "$program") <("$python" "$program"); then
        echo "$name: standin and python3 print different results" >&2
        exit 1
    fi
    ts="$(best_time "$standin" run "$program")"
    tp="$(best_time "$python" "$program")"
    ratio="$(awk -v a="$ts" -v b="$tp" 'BEGIN { printf "%.2f", a / b }')"
    ratios+=("$ratio")
    printf '%-22s %10s %10s %8s\n' "$name" "$ts" "$tp" "$ratio"
done
median="$(printf '%s\n' "${ratios[@]}" | sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else printf "%.2f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }')"
max="$(printf '%s\n' "${ratios[@]}" | sort -g | tail -1)"
echo "median ratio (standin/CPython): $median   max: $max   ($("$python" --version 2>&1))"
