#!/usr/bin/env bash
# The main job: set up from nothing and serve the cardtable web app on the embedded defaults.
# Usage: bash scripts/run.sh [options of `cardtable serve`, e.g. --port 8080 --db tables.db]
#
# It installs into .venv on the first start and after that only when the install is out of date:
# pyproject.toml or setup.py changed since the last install (their hash is kept in .venv's stamp) or .venv
# is broken (scripts/install.sh, shared with test.sh: the same .venv, the same install). The check imports
# nothing of the package. The install compiles nothing, so the first start serves within a minute, on the
# plain Python modules; the compiled core is built in a detached background process of low priority (when
# it is not built yet or a compiled module's source changed), and the starts after it run compiled.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/install.sh
source scripts/install.sh
install_cardtable web
compile_core background
exec .venv/bin/cardtable serve "$@"
