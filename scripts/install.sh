# The install shared by run.sh and test.sh (sourced, not run).
#
# `install_cardtable EXTRA...` makes .venv hold the package with these extras as plain Python modules (no
# compiling: seconds) — the first time, after pyproject.toml or setup.py changed, or when .venv is broken
# (scripts/venv.py decides, from its stamp, without importing the package). An extra not yet installed only
# installs its requirements.
#
# `compile_core background|foreground` builds the compiled core (Cython and the C compiler) when it is not
# built or its sources changed: in the background, a detached process of low priority writing its log to
# .venv/cardtable-compile.log while the plain modules serve (run.sh), or here and now, stopping a background
# build first (test.sh, which tests the compiled core). Every step says what it does.

set -o pipefail  # a pipeline fails when pip does, whatever its filter says
PY=${PYTHON:-python3}

say() { echo "cardtable: $*"; }

install_cardtable() {
  local plan reason extras
  if [ ! -x .venv/bin/python ] || ! .venv/bin/python -c '' >/dev/null 2>&1; then
    plan="build the first start"
    [ -e .venv ] && plan="build .venv is broken"
  else
    plan=$(.venv/bin/python scripts/venv.py plan "$@" 2>/dev/null || echo "build .venv is broken")
  fi
  case $plan in
    ok)
      say ".venv is up to date, nothing to install"
      return ;;
    deps)
      say "installing what the extras $* need (the package itself is already installed)"
      if ! .venv/bin/python -m pip install --progress-bar off --no-compile --disable-pip-version-check \
           -r <(.venv/bin/python scripts/venv.py missing "$@") 2>&1 |
           { grep --line-buffered -E '^(Collecting|Successfully installed)|^ERROR'; true; }; then
        say "installing the extras' requirements failed (the lines above say why)"
        return 1
      fi
      .venv/bin/python scripts/venv.py done "$@"
      return ;;
  esac
  reason=${plan#build }
  say "installing into .venv ($reason)"
  if [ "$reason" = ".venv is broken" ] && [ -e .venv ]; then
    say "making .venv again"
    "$PY" -m venv --clear .venv
  elif [ ! -x .venv/bin/python ]; then
    say "making .venv"
    "$PY" -m venv .venv
  fi
  extras=$( { .venv/bin/python scripts/venv.py installed 2>/dev/null || true; echo "$@"; } | tr ' ' '\n' | sort -u |
            grep -v '^$' | paste -sd, -)
  say "step 1 of 2: the dependencies, and Cython for the compiled core (from the pip cache, else PyPI)"
  # --no-compile: no byte-compiling of every installed module now (each is compiled when first imported).
  # shellcheck disable=SC2046
  if ! .venv/bin/python -m pip install --progress-bar off --no-compile --disable-pip-version-check \
       "setuptools>=77" wheel "Cython>=3.0" \
       -r <(.venv/bin/python scripts/venv.py deps $(echo "$extras" | tr , ' ')) 2>&1 |
       { grep --line-buffered -E '^(Collecting|Successfully installed)|^ERROR'; true; }; then
    say "installing the dependencies failed (the lines above say why)"
    return 1
  fi
  say "step 2 of 2: cardtable itself, as plain Python modules (seconds; the core is compiled apart)"
  # No build isolation: setuptools is the one just installed, and pip installs nothing again. Nothing is
  # compiled here (CARDTABLE_PURE=1): the package runs as plain Python until compile_core has built its core.
  if ! CARDTABLE_PURE=1 .venv/bin/python -m pip install --progress-bar off --disable-pip-version-check \
       --no-build-isolation --no-deps \
       -e ".[${extras}]" 2>&1 | { grep --line-buffered -E "^Successfully installed|(^|: )(error|ERROR)[: ]"; true; }; then
    say "the install failed (the lines above say why)"
    return 1
  fi
  .venv/bin/python scripts/venv.py done "$@"  # only after a whole install: an interrupted one is done again
}

compile_core() {
  local mode=$1 state
  if [ "${CARDTABLE_PURE:-0}" != 0 ] && [ -n "${CARDTABLE_PURE:-}" ]; then
    say "CARDTABLE_PURE is set: the plain Python modules run, nothing is compiled"
    return
  fi
  state=$(.venv/bin/python scripts/venv.py core 2>&1) || state="compile the check of the compiled core failed: $state"
  case $state in
    compiled)
      say "the compiled core is up to date"
      return ;;
    compiling*)
      if [ "$mode" = background ]; then
        say "the compiled core is being built in the background (process ${state#compiling }, log" \
            ".venv/cardtable-compile.log): this start serves the plain Python modules"
        return
      fi ;;
    failed*)
      if [ "$mode" = background ]; then
        say "the compiled core failed to build for these sources (.venv/cardtable-compile.log says why):" \
            "the plain Python modules serve; \`bash scripts/test.sh\` or \`.venv/bin/python scripts/venv.py compile\`" \
            "tries again"
        return
      fi ;;
  esac
  if [ "$mode" = background ]; then
    say "compiling the core with Cython and the C compiler in the background, at low priority (${state#* }):"
    say "  minutes; meanwhile this start serves the plain Python modules, and a start after it runs compiled"
    .venv/bin/python scripts/venv.py compile --background
  else
    say "compiling the core with Cython and the C compiler here, before the tests of the compiled core" \
        "(minutes; each module named as it goes)"
    .venv/bin/python scripts/venv.py compile
  fi
}
