#!/usr/bin/env bash
# The main job: builds the standin CLI (tools/standin, target standin_cli) with the
# default preset and runs a guest program on it:
#
#   scripts/run.sh                 the seed scenario of torch.compile, examples/scripts/seed.py,
#                                  with Dynamo's logs (graph, guards, bytecode, recompiles)
#   scripts/run.sh FILE.py [args]  run FILE.py
#   scripts/run.sh dis FILE.py     any other standin command (dis, --help, --version)
#
# Build output goes to stderr, so stdout is the guest program's own.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# Resolve a relative FILE.py against the caller's directory before moving.
args=("$@")
if [[ ${#args[@]} -eq 0 ]]; then
    args=(run --logs graph,graph_code,guards,bytecode,recompiles "$STANDIN_REPO_ROOT/examples/scripts/seed.py")
elif [[ "${args[0]}" == *.py ]]; then
    args=(run "$(cd "$(dirname "${args[0]}")" && pwd)/$(basename "${args[0]}")" "${args[@]:1}")
fi

cd "$STANDIN_REPO_ROOT"
standin_install_dependencies >&2
standin_setup_ccache

cmake --preset default >&2
cmake --build --preset default --target standin_cli -j2 >&2
exec "$STANDIN_REPO_ROOT/build/default/bin/standin" "${args[@]}"
