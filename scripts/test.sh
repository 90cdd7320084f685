#!/usr/bin/env bash
# The one test command: from nothing, install what the tests need, then run every check.
# Usage: bash scripts/test.sh [extra pytest args]
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages for the browser tests (Playwright drives Debian's chromium).
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get -o DPkg::Lock::Timeout=600 update -qq && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq chromium >/dev/null
  else
    sudo apt-get -o DPkg::Lock::Timeout=600 update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq chromium >/dev/null
  fi
fi

# A virtualenv with the package and every optional extra the tests exercise.
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e ".[all,test]"

echo "== ruff";          .venv/bin/ruff check $(ls -d src tests benchmarks examples 2>/dev/null)
echo "== mypy (core)";   .venv/bin/mypy
echo "== import layers"; .venv/bin/lint-imports
echo "== pytest (the core compiled, as installed)"
.venv/bin/python -c 'from cardtable import _pure; print("core compiled:", _pure.compiled())'
.venv/bin/python -m pytest -q -n 2 "$@"
echo "== pytest (the same suite on the plain Python modules, CARDTABLE_PURE=1; the packaging tests ran above)"
CARDTABLE_PURE=1 .venv/bin/python -m pytest -q -n 2 -m "not packaging" "$@"
