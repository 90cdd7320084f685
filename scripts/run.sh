#!/usr/bin/env bash
# The main job: set up from nothing and serve the cardtable web app on the embedded defaults.
# Usage: bash scripts/run.sh [options of `cardtable serve`, e.g. --port 8080 --db tables.db]
#
# It installs into .venv on the first start and after that only when the install is out of date: the venv
# is missing or broken, pyproject.toml or setup.py changed since the last install (their hash is kept in
# .venv/cardtable-run.stamp), or a compiled module's source changed since it was compiled.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
STAMP=.venv/cardtable-run.stamp
want=$(cat pyproject.toml setup.py | sha256sum | cut -d' ' -f1)

up_to_date() {
  [ "$(cat "$STAMP" 2>/dev/null)" = "$want" ] || return 1
  # The web app and its dependencies import, and the compiled core matches its sources.
  .venv/bin/python -c 'import sys, cardtable.web.app; from cardtable import _pure; sys.exit(bool(_pure.changed_sources()))' \
    >/dev/null 2>&1
}

if up_to_date; then
  echo "cardtable: .venv is up to date, nothing to install"
else
  echo "cardtable: installing into .venv (the first start, or the packaging or a compiled source changed)"
  .venv/bin/python -c '' 2>/dev/null || "$PY" -m venv --clear .venv
  rm -f "$STAMP"
  .venv/bin/python -m pip install -q -e ".[web]"
  echo "$want" > "$STAMP"
fi
exec .venv/bin/cardtable serve "$@"
