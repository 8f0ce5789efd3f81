#!/usr/bin/env bash
# Regenerates tests/programs/NAME.expected (and NAME.expected_error) for every
# program that imports torch, from Debian's PyTorch (python3-torch 1.13, installed
# with apt-get when missing). Run it after adding or changing a torch program;
# commit the .expected files it writes. Only stdout is recorded (warnings PyTorch
# prints on stderr are not), and for a failing program the last stderr line.
#
#   scripts/torch_expected.sh [tests/programs/NAME.py ...]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
py=/usr/bin/python3
if ! "$py" -c "import torch" 2>/dev/null; then
    sudo=""
    [[ $(id -u) -ne 0 ]] && sudo=sudo
    $sudo apt-get update -qq
    $sudo apt-get install -y --no-install-recommends python3-torch
fi
programs=("$@")
if [[ ${#programs[@]} -eq 0 ]]; then
    mapfile -t programs < <(grep -l "^import torch\|^from torch" "$repo"/tests/programs/*.py)
fi
for program in "${programs[@]}"; do
    base="${program%.py}"
    err="$(mktemp)"
    if (cd "$(dirname "$program")" && "$py" "$(basename "$program")") >"$base.expected" 2>"$err"; then
        rm -f "$base.expected_error"
    else
        tail -n 1 "$err" >"$base.expected_error"
    fi
    rm -f "$err"
    echo "wrote $base.expected"
done
