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

# A virtualenv with the package and every optional extra the tests exercise: the same .venv and install as
# run.sh's (scripts/install.sh), so that after run.sh only the extras' requirements are installed and nothing
# is compiled again. The compiled core is tested as installed: built here, in the foreground, unless run.sh's
# background build already put it in place (a background build still running is stopped and its work
# reused: what it finished is not compiled again).
# shellcheck source=scripts/install.sh
source scripts/install.sh
install_cardtable all test
compile_core foreground

# PostgreSQL for the store's tests on both backends and the multi-process tests: $CARDTABLE_TEST_PG (a URL)
# when set, else a throwaway cluster started here from nothing (Debian's postgresql installed if absent),
# owned by a non-root user, in a temporary directory, stopped and removed when this script ends.
if [ -z "${CARDTABLE_TEST_PG:-}" ]; then
  PGDIR=$(mktemp -d "${TMPDIR:-/tmp}/cardtable-pg.XXXXXX")
  trap 'bash scripts/pg_cluster.sh stop "$PGDIR"' EXIT
  pg_env=$(bash scripts/pg_cluster.sh start "$PGDIR")  # a failure stops the script here (set -e)
  eval "$pg_env"
  echo "== PostgreSQL: a throwaway cluster at ${CARDTABLE_TEST_PG}"
fi

# axe-core (npm) for the browser tests' accessibility check, at the version its lock file names.
echo "== npm (axe-core)"; npm ci --prefix tests/web/axe --no-audit --no-fund --silent

echo "== ruff";          .venv/bin/ruff check $(ls -d src tests benchmarks examples 2>/dev/null)
echo "== mypy (core)";   .venv/bin/mypy
echo "== import layers"; .venv/bin/lint-imports
echo "== pytest (the core compiled, as installed)"
.venv/bin/python -c 'from cardtable import _pure; print("core compiled:", _pure.compiled())'
.venv/bin/python -m pytest -q -n 2 "$@"
# The plain modules are what a game's author edits and what runs where nothing is compiled: the rules, the core
# and the conformance checks run again on them (the web, terminal, bots and adapters above only sit on the core).
echo "== pytest (the rules, the core and the conformance checks on the plain Python modules, CARDTABLE_PURE=1)"
CARDTABLE_PURE=1 .venv/bin/python -m pytest -q -n 2 -m "not packaging and not browser" \
  tests/games tests/core tests/conformance tests/test_edges.py tests/test_worked_example.py \
  src/cardtable/core src/cardtable/games src/cardtable/catalog.py src/cardtable/record.py "$@"
