# The install shared by run.sh and test.sh (sourced, not run): `install_cardtable EXTRA...` makes .venv hold
# the package with these extras, building (compiling) it only when it must — the first time, after
# pyproject.toml, setup.py or a compiled module's source changed, or when .venv is broken (scripts/venv.py
# decides, from its stamp, without importing the package). An extra not yet installed only installs its
# requirements. Every step says what it does; the build shows each module as it is compiled.

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
      say "installing what the extras $* need (the package itself is already built)"
      if ! .venv/bin/python -m pip install --progress-bar off -r <(.venv/bin/python scripts/venv.py missing "$@") \
           2>&1 | { grep --line-buffered -E '^(Collecting|Successfully installed)|^ERROR'; true; }; then
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
  say "step 1 of 2: the dependencies (from the pip cache, else PyPI)"
  # shellcheck disable=SC2046
  if ! .venv/bin/python -m pip install --progress-bar off "setuptools>=77" wheel "Cython>=3.0" \
       -r <(.venv/bin/python scripts/venv.py deps $(echo "$extras" | tr , ' ')) 2>&1 |
       { grep --line-buffered -E '^(Collecting|Successfully installed)|^ERROR'; true; }; then
    say "installing the dependencies failed (the lines above say why)"
    return 1
  fi
  say "step 2 of 2: building cardtable, compiling its core with Cython and the C compiler — this takes minutes"
  say "  (a minute or two on a quiet machine, much longer on a busy one); each module is named as it is built"
  # No build isolation: the build uses the setuptools and Cython just installed, and pip installs nothing
  # again. The compiler runs once per module, two at a time where there are two cores.
  if ! .venv/bin/python -m pip install --no-build-isolation --no-deps -v -e ".[${extras}]" 2>&1 |
       { grep --line-buffered -E "Cythonizing | -c [^ ]+\.c |^Successfully installed|(^|: )(error|ERROR)[: ]" |
         sed -u -E -e "s|.* -c (src/)?([^ ]+)\.c .*|  compiling \2 (C)|" \
                   -e "s|.*(\[[0-9]+/[0-9]+\]) Cythonizing (src/)?([^ ]+)|  translating \3 to C \1|"; true; }; then
    say "the install failed (the lines above say why)"
    return 1
  fi
  .venv/bin/python scripts/venv.py done "$@"  # only after a whole install: an interrupted one is done again
}
