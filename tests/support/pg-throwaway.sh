#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the test suites, in a temporary folder, on loopback only.
#   pg-throwaway.sh start DIR [PORT]   initialise and start; prints the connection URL
#   pg-throwaway.sh stop DIR           stop and remove
set -euo pipefail
cmd=${1:?start|stop}
dir=${2:?folder}
port=${3:-55432}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed (apt-get install -y postgresql)" >&2; exit 1; }

# initdb refuses to run as root: run the server as the postgres system user then.
as_owner() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }

case "$cmd" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_owner "'$bin/initdb' -D '$dir/data' -A trust -U postgres --no-sync -E UTF8 >'$dir/initdb.log' 2>&1"
    as_owner "'$bin/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c log_lock_waits=on -c log_min_duration_statement=5000\" start >/dev/null"
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_owner "'$bin/pg_ctl' -D '$dir/data' -m immediate stop >/dev/null 2>&1" || true
    rm -rf "$dir"
    ;;
  *) echo "unknown command $cmd" >&2; exit 2 ;;
esac
