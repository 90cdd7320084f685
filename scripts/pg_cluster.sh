#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests, owned by a non-root user, in a directory of its own.
#   bash scripts/pg_cluster.sh start DIR   install Debian's postgresql if absent, initdb in DIR, start it on
#                                          127.0.0.1 (a free port) and a socket in DIR; prints `export ...` lines
#   bash scripts/pg_cluster.sh stop DIR    stop it and remove DIR
#   bash scripts/pg_cluster.sh down DIR / up DIR   stop / start the server, keeping its data (restart tests)
set -euo pipefail
cmd=${1:?usage: pg_cluster.sh start|stop|down|up DIR}
dir=${2:?usage: pg_cluster.sh start|stop|down|up DIR}

as_root() {  # root runs it; another user through sudo, never waiting for a password nobody will type
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo -n "$@"
  else echo "PostgreSQL is not installed and $(id -un) cannot install it (not root, no sudo): install Debian's" \
    "postgresql package, or set CARDTABLE_TEST_PG to a server's URL" >&2; return 1
  fi
}

pg_bin() {
  local d
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -V -r); do
    if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then echo "$d"; return 0; fi
  done
  if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"; return 0
  fi
  return 1
}

run_as() {  # run a PostgreSQL program as the cluster's owner
  local user=$1; shift
  if [ "$(id -u)" = 0 ]; then runuser -u "$user" -- "$@"; else "$@"; fi
}

case "$cmd" in
start)
  if ! bin=$(pg_bin); then
    echo "installing PostgreSQL (Debian's postgresql package)..." >&2
    as_root apt-get -o DPkg::Lock::Timeout=600 update -qq >&2
    as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq postgresql >&2
    if ! bin=$(pg_bin); then
      echo "postgresql is installed, but no initdb and pg_ctl were found in /usr/lib/postgresql/*/bin or on PATH" >&2
      exit 1
    fi
  fi
  if [ "$(id -u)" = 0 ]; then  # initdb refuses root: the cluster belongs to an ordinary user
    if id postgres >/dev/null 2>&1; then user=postgres
    else
      id cardtable-pg >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin cardtable-pg
      user=cardtable-pg
    fi
  else
    user=$(id -un)
  fi
  mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown "$user" "$dir"
  chmod 700 "$dir"
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  run_as "$user" "$bin/initdb" -D "$dir/data" -U cardtable --auth=trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  cat >>"$dir/data/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
max_connections = 300
fsync = off
full_page_writes = off
EOF
  printf 'user=%s\nbin=%s\nport=%s\n' "$user" "$bin" "$port" >"$dir/env"
  run_as "$user" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null \
    || { cat "$dir/server.log" >&2; exit 1; }
  run_as "$user" "$bin/createdb" -h 127.0.0.1 -p "$port" -U cardtable cardtable_test
  echo "export CARDTABLE_TEST_PG=postgresql://cardtable@127.0.0.1:$port/cardtable_test"
  ;;
stop|down|up)
  [ -f "$dir/env" ] || exit 0
  # shellcheck disable=SC1091
  . "$dir/env"
  if [ "$cmd" = up ]; then
    run_as "$user" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null
  else
    run_as "$user" "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null 2>&1 || true
    if [ "$cmd" = stop ]; then rm -rf "$dir"; fi
  fi
  ;;
*) echo "usage: pg_cluster.sh start|stop|down|up DIR" >&2; exit 2 ;;
esac
