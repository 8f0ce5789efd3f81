#!/usr/bin/env bash
# What including standin costs a user's translation unit, against nlohmann/json as
# the yardstick, timed in one run with g++ -O2 (best of N wall-clock compiles each):
#
#   (a)  #include <standin/standin.hpp> + int main(){}               vs  json include-only
#   (a') the same in the compiled mode (STANDIN_SEPARATE_COMPILATION)
#   (b)  include + Interpreter + exec one line, header-only          vs  json include + parse
#   (c)  the same in the compiled mode (the TU only; the library is
#        compiled once, elsewhere)                                    vs  json include + parse
#
#   benchmarks/include_cost.sh [runs] [compiler]      defaults: 3, g++
#
# Installs nlohmann-json3-dev from Debian when it is missing. Targets (the
# include-cost issue): (a) <= 1.0x, (b) <= 3x, (c) <= 1.0x.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-3}"
cxx="${2:-g++}"

if [[ ! -f /usr/include/nlohmann/json.hpp ]]; then
    sudo=()
    [[ $(id -u) -eq 0 ]] || sudo=(sudo)
    echo "installing nlohmann-json3-dev (the yardstick)" >&2
    "${sudo[@]}" apt-get update >&2
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nlohmann-json3-dev >&2
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cat >"$work/standin_include.cpp" <<'EOF'
#include <standin/standin.hpp>
int main() {}
EOF
cat >"$work/standin_exec.cpp" <<'EOF'
#include <standin/standin.hpp>
int main() {
    standin::Interpreter vm;
    vm.exec("x = [1, 2, 3]\nprint(sum(x))\n");
}
EOF
cat >"$work/json_include.cpp" <<'EOF'
#include <nlohmann/json.hpp>
int main() {}
EOF
cat >"$work/json_parse.cpp" <<'EOF'
#include <nlohmann/json.hpp>
#include <iostream>
int main() {
    auto j = nlohmann::json::parse(R"({"x": [1, 2, 3]})");
    std::cout << j["x"].size() << '\n';
}
EOF

# best_compile NAME FLAGS... : the fastest of $runs compiles, in seconds.
best_compile() {
    local source="$1" best="" t start end
    shift
    for ((i = 0; i < runs; i++)); do
        start=$(date +%s.%N)
        "$cxx" -std=c++20 -O2 -I"$repo/include" "$@" -c "$work/$source" -o "$work/out.o"
        end=$(date +%s.%N)
        t=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }')
        if [[ -z "$best" ]] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then best="$t"; fi
    done
    echo "$best"
}

json_include=$(best_compile json_include.cpp)
json_parse=$(best_compile json_parse.cpp)
a=$(best_compile standin_include.cpp)
a_compiled=$(best_compile standin_include.cpp -DSTANDIN_SEPARATE_COMPILATION)
b=$(best_compile standin_exec.cpp)
c=$(best_compile standin_exec.cpp -DSTANDIN_SEPARATE_COMPILATION)

ratio() { awk -v x="$1" -v y="$2" 'BEGIN { printf "%.2fx", x / y }'; }
verdict() { awk -v x="$1" -v y="$2" -v k="$3" 'BEGIN { print (x <= k * y) ? "met" : "MISSED" }'; }

echo "include cost, $cxx -std=c++20 -O2, best of $runs wall-clock compiles"
printf '%-52s %8s %10s %8s %7s\n' "translation unit" "seconds" "vs json" "target" ""
printf '%-52s %8s\n' "json: include only" "$json_include"
printf '%-52s %8s\n' "json: include + parse" "$json_parse"
printf '%-52s %8s %10s %8s %7s\n' "(a)  standin: include only (header-only)" "$a" \
    "$(ratio "$a" "$json_include")" "<= 1.0x" "$(verdict "$a" "$json_include" 1.0)"
printf '%-52s %8s %10s\n' "(a') standin: include only (compiled mode)" "$a_compiled" \
    "$(ratio "$a_compiled" "$json_include")"
printf '%-52s %8s %10s %8s %7s\n' "(b)  standin: Interpreter + exec (header-only)" "$b" \
    "$(ratio "$b" "$json_parse")" "<= 3.0x" "$(verdict "$b" "$json_parse" 3.0)"
printf '%-52s %8s %10s %8s %7s\n' "(c)  standin: Interpreter + exec (compiled mode)" "$c" \
    "$(ratio "$c" "$json_parse")" "<= 1.0x" "$(verdict "$c" "$json_parse" 1.0)"
