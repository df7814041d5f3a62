# A throw-away PostgreSQL cluster for the tournament tests; sourced by .ci/run.
#
# start_test_postgres: initdb + pg_ctl as an unprivileged user (initdb refuses root: as root the
# Debian package's "postgres" user runs it), listening on 127.0.0.1 on a free port and on a socket in
# its own folder, password authentication (scram-sha-256) over TCP. Exports
#   CHECKERS_TEST_PG_URL   postgresql+psycopg://postgres:PASSWORD@127.0.0.1:PORT/postgres
#   CHECKERS_TEST_PG_CTL   a script taking "stop" or "start" (the server-away test stops it)
# stop_test_postgres: stops it (immediate) and removes its folder; safe to call twice.

start_test_postgres() {
    local bin user port pw
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
        echo "== .ci/postgres.sh: no PostgreSQL server installed (Debian package postgresql)" >&2
        return 1
    fi
    TEST_PG_DIR=$(mktemp -d /tmp/checkers-pg.XXXXXX)
    chmod 755 "$TEST_PG_DIR"
    if [ "$(id -u)" -eq 0 ]; then
        user=postgres
        id "$user" >/dev/null 2>&1 || useradd --system --no-create-home "$user"
        chown "$user" "$TEST_PG_DIR"
        TEST_PG_RUN="runuser -u $user --"
    else
        TEST_PG_RUN=""
    fi
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    pw=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
    printf '%s\n' "$pw" > "$TEST_PG_DIR/pwfile"
    [ -n "$TEST_PG_RUN" ] && chown postgres "$TEST_PG_DIR/pwfile"
    $TEST_PG_RUN "$bin/initdb" -D "$TEST_PG_DIR/data" -U postgres -E UTF8 --no-locale \
        --auth-local=trust --auth-host=scram-sha-256 --pwfile="$TEST_PG_DIR/pwfile" >"$TEST_PG_DIR/initdb.log" 2>&1 \
        || { cat "$TEST_PG_DIR/initdb.log" >&2; return 1; }
    rm -f "$TEST_PG_DIR/pwfile"
    {
        echo "listen_addresses = '127.0.0.1'"
        echo "port = $port"
        echo "unix_socket_directories = '$TEST_PG_DIR'"
        echo "fsync = off"            # a throw-away cluster: no need to survive a power cut
        echo "max_connections = 120"
    } | $TEST_PG_RUN tee -a "$TEST_PG_DIR/data/postgresql.conf" >/dev/null
    cat > "$TEST_PG_DIR/ctl" <<CTL
#!/bin/sh
# stop or start the tests' PostgreSQL cluster: ctl stop | ctl start
exec $TEST_PG_RUN "$bin/pg_ctl" -D "$TEST_PG_DIR/data" -l "$TEST_PG_DIR/server.log" -w -t 60 -m fast "\$@"
CTL
    chmod 755 "$TEST_PG_DIR/ctl"
    "$TEST_PG_DIR/ctl" start >/dev/null || { cat "$TEST_PG_DIR/server.log" >&2; return 1; }
    export CHECKERS_TEST_PG_URL="postgresql+psycopg://postgres:$pw@127.0.0.1:$port/postgres"
    export CHECKERS_TEST_PG_CTL="$TEST_PG_DIR/ctl"
    echo "== .ci/postgres.sh: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (data in $TEST_PG_DIR)"
}

stop_test_postgres() {
    if [ -n "${TEST_PG_DIR:-}" ] && [ -d "$TEST_PG_DIR" ]; then
        "$TEST_PG_DIR/ctl" stop -m immediate >/dev/null 2>&1 || true
        rm -rf "$TEST_PG_DIR"
    fi
    TEST_PG_DIR=""
}
