#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on a loopback port, for the tests and benchmarks of
# `coup-rules serve --db postgresql://...`. Uses the server binaries of Debian's `postgresql`
# package (/usr/lib/postgresql/<version>/bin, the newest one) or those on PATH.
#
#   bash scripts/pg_throwaway.sh start DIR   # prints the URL of a fresh cluster kept in DIR
#   bash scripts/pg_throwaway.sh stop DIR    # stops it (then remove DIR)
#
# The cluster trusts local connections (it is on 127.0.0.1 and a socket in DIR only), and it
# commits as durably as any (fsync on): it is for tests and benchmarks. As root, it runs as the
# `postgres` user the Debian package creates (PostgreSQL refuses to run as root).
set -euo pipefail

action="${1:?usage: pg_throwaway.sh start|stop DIR}"
dir="${2:?usage: pg_throwaway.sh start|stop DIR}"

bindir="$(ls -d /usr/lib/postgresql/*/bin 2> /dev/null | sort -V | tail -n 1 || true)"
if [[ -z "$bindir" ]]; then
    bindir="$(dirname "$(command -v initdb || echo /nonexistent/initdb)")"
fi
[[ -x "$bindir/initdb" ]] || { echo "no PostgreSQL server binaries: apt-get install -y postgresql" >&2; exit 1; }

as_owner() {
    if [[ $(id -u) -eq 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

case "$action" in
    start)
        mkdir -p "$dir"
        [[ $(id -u) -eq 0 ]] && chown postgres "$dir"
        port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
        as_owner "$bindir/initdb" -D "$dir/data" -A trust -U coup --no-sync -E UTF8 --no-locale > "$dir/initdb.log" 2>&1 \
            || { cat "$dir/initdb.log" >&2; exit 1; }
        as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
            -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=200" \
            start > /dev/null || { cat "$dir/server.log" >&2; exit 1; }
        echo "postgresql://coup@127.0.0.1:$port/postgres"
        ;;
    stop)
        as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop > /dev/null
        ;;
    *)
        echo "usage: pg_throwaway.sh start|stop DIR" >&2
        exit 2
        ;;
esac
