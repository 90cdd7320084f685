#!/usr/bin/env bash
# The catalogues of the room's and the engine's words: `extract` the messages into the templates (.pot),
# `update` each language's .po from them, `compile` the .mo files the program reads, `check` that nothing
# is left to translate. docs/translating.md says how a translator adds a language.
#   bash scripts/translations.sh extract|update|compile|check|all
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}"  # the pages' extractor: cardtable.web.lang
PYBABEL=${PYBABEL:-pybabel}
LOCALE=src/cardtable/locale
# domain:mapping file (the engine's domain when its mapping file is there)
DOMAINS=("room:babel.cfg")
[ -f babel-engine.cfg ] && DOMAINS+=("cardtable:babel-engine.cfg")

extract() {
  for d in "${DOMAINS[@]}"; do
    "$PYBABEL" extract -F "${d#*:}" --sort-by-file --no-wrap --project=cardtable --copyright-holder="cardtable" \
      -o "$LOCALE/${d%%:*}.pot" .
  done
}
update() {
  for d in "${DOMAINS[@]}"; do
    "$PYBABEL" update -D "${d%%:*}" -i "$LOCALE/${d%%:*}.pot" -d "$LOCALE" --no-wrap --ignore-obsolete \
      --no-fuzzy-matching
  done
}
compile() {
  for d in "${DOMAINS[@]}"; do
    "$PYBABEL" compile -D "${d%%:*}" -d "$LOCALE" --statistics
  done
}
check() {
  for d in "${DOMAINS[@]}"; do
    "$PYBABEL" update -D "${d%%:*}" -i "$LOCALE/${d%%:*}.pot" -d "$LOCALE" --check --no-wrap --ignore-obsolete \
      --no-fuzzy-matching
  done
}
case "${1:-all}" in
  extract) extract ;;
  update) update ;;
  compile) compile ;;
  check) check ;;
  all) extract; update; compile ;;
  *) echo "usage: $0 extract|update|compile|check|all" >&2; exit 2 ;;
esac
