#!/usr/bin/env bash
# The main job: builds the demo (examples/demo.cpp, target standin_demo) with the
# default preset and runs it, passing every argument through. Build output goes to
# stderr, so stdout is the demo's own.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

cd "$STANDIN_REPO_ROOT"
standin_install_dependencies >&2
standin_setup_ccache

cmake --preset default >&2
cmake --build --preset default --target standin_demo -j2 >&2
exec "$STANDIN_REPO_ROOT/build/default/bin/standin_demo" "$@"
