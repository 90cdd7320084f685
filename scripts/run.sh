#!/usr/bin/env bash
# The main job: set up from nothing and start cardtable on the embedded defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q -e ".[web]"
if .venv/bin/cardtable --help | grep -q " serve "; then
  exec .venv/bin/cardtable serve "$@"
fi
exec .venv/bin/cardtable play nap --players 4 "$@"
