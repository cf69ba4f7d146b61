#!/bin/sh
# A throwaway PostgreSQL for tests: `scripts/pg.sh start DIR` prints a SQLAlchemy URL; `scripts/pg.sh stop DIR`.
# initdb refuses root, so as root the server runs as the `postgres` user; it listens on 127.0.0.1 only, on a
# free port, with its socket in DIR. Nothing outside DIR is touched.
set -eu
cmd=${1:-}; dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "${bindir:-}/initdb" ] || bindir=$(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/initdb)")
[ -x "$bindir/initdb" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }

as_owner() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$1"; else sh -c "$1"; fi
}

case "$cmd" in
start)
  mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  as_owner "'$bindir/initdb' -D '$dir/data' -A trust -U postgres --no-sync -E UTF8 >'$dir/initdb.log' 2>&1" \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  as_owner "'$bindir/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -t 30 \
    -o \"-h 127.0.0.1 -p $port -k '$dir' -c fsync=off -c max_connections=200\" start >/dev/null" \
    || { cat "$dir/server.log" >&2; exit 1; }
  echo "postgresql+psycopg://postgres@127.0.0.1:$port/postgres"
  ;;
stop)
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_owner "'$bindir/pg_ctl' -D '$dir/data' -m immediate -w stop >/dev/null 2>&1" || true
  fi
  rm -rf "$dir"
  ;;
*) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
