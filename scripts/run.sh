#!/usr/bin/env bash
# The main job: set up from nothing and serve the cardtable web app on the embedded defaults.
# Usage: bash scripts/run.sh [options of `cardtable serve`, e.g. --port 8080 --db tables.db]
#
# It installs into .venv on the first start and after that only when the install is out of date:
# pyproject.toml or setup.py changed since the last install (their hash is kept in .venv/cardtable-run.stamp),
# a compiled module's source changed since it was compiled, or .venv is broken.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
STAMP=.venv/cardtable-run.stamp
want=$(cat pyproject.toml setup.py | sha256sum | cut -d' ' -f1)

why_install() {
  # Nothing when the install is up to date, else the reason.
  if [ ! -e .venv/bin/python ]; then echo "the first start"; return; fi
  if ! .venv/bin/python -c '' >/dev/null 2>&1; then echo ".venv is broken"; return; fi
  if [ ! -e "$STAMP" ]; then echo "the first start"; return; fi
  if [ "$(cat "$STAMP")" != "$want" ]; then echo "pyproject.toml or setup.py changed"; return; fi
  local rc=0
  # The web app and its dependencies import (else exit 1), and the compiled core matches its sources (else 3).
  .venv/bin/python -c 'import sys, cardtable.web.app; from cardtable import _pure; sys.exit(3 if _pure.changed_sources() else 0)' \
    >/dev/null 2>&1 || rc=$?
  case $rc in
    0) ;;
    3) echo "a compiled module's source changed" ;;
    *) echo ".venv is broken" ;;
  esac
}

why=$(why_install)
if [ -z "$why" ]; then
  echo "cardtable: .venv is up to date, nothing to install"
else
  echo "cardtable: installing into .venv ($why)"
  if [ "$why" = ".venv is broken" ]; then
    "$PY" -m venv --clear .venv
  elif [ ! -e .venv/bin/python ]; then
    "$PY" -m venv .venv
  fi
  .venv/bin/python -m pip install -q -e ".[web]"
  echo "$want" > "$STAMP"  # only after a whole install: an interrupted one is done again next time
fi
exec .venv/bin/cardtable serve "$@"
