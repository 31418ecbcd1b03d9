#!/usr/bin/env bash
# The services some tests need, on loopback only: a Redis server and a PostgreSQL cluster of their own
# (in a temporary directory, on their own ports, so that nothing of the machine's is touched).
#
#   eval "$(bash scripts/test-services.sh start)"   # start (or reuse) them; exports TEST_REDIS_URL, TEST_DATABASE_URL,
#                                                   # and TEST_NGINX, TEST_DOCKER_COMPOSE (programs the tests run)
#   bash scripts/test-services.sh stop
#
# Needs Debian's redis-server and postgresql packages (nginx, docker-compose for some tests). .ci/run
# uses it; so can a developer before `npm test`.
set -euo pipefail

STATE=${FLIGHTCHESS_SERVICES_DIR:-/tmp/flightchess-test-services}
REDIS_PORT=${TEST_REDIS_PORT:-6390}
PG_PORT=${TEST_PG_PORT:-5433}
PG_DB=flightchess_test

# Everything below prints to stderr: stdout carries only the export lines for `eval`.
say() { echo "test-services: $*" >&2; }

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] || { say "PostgreSQL is not installed (apt-get install postgresql)"; exit 1; }
  echo "$dir"
}

# initdb and postgres refuse to run as root: run them as Debian's postgres user then.
as_db_user() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_redis() {
  command -v redis-server >/dev/null || { say "redis-server is not installed (apt-get install redis-server)"; exit 1; }
  if redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1; then
    say "redis already up on 127.0.0.1:$REDIS_PORT"
    return
  fi
  mkdir -p "$STATE/redis"
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --daemonize yes --save '' --appendonly no \
    --dir "$STATE/redis" --pidfile "$STATE/redis/redis.pid" --logfile "$STATE/redis/redis.log" >&2
  for _ in $(seq 50); do
    redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1 && { say "redis up on 127.0.0.1:$REDIS_PORT"; return; }
    sleep 0.1
  done
  say "redis did not start: $(tail -n 5 "$STATE/redis/redis.log")"
  exit 1
}

start_postgres() {
  local bin data=$STATE/pg/data sock=$STATE/pg/sock
  bin=$(pg_bin)
  if "$bin/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"; then
    say "postgres already up on 127.0.0.1:$PG_PORT"
  else
    mkdir -p "$STATE/pg"
    [ "$(id -u)" = 0 ] && chown postgres: "$STATE/pg"
    if [ ! -s "$data/PG_VERSION" ]; then
      as_db_user "$bin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 >"$STATE/pg-initdb.log" 2>&1 \
        || { say "initdb failed: $(tail -n 5 "$STATE/pg-initdb.log")"; exit 1; }
    fi
    as_db_user mkdir -p "$sock"
    # A throwaway test cluster: durability settings off for speed.
    as_db_user "$bin/pg_ctl" -D "$data" -l "$STATE/pg/postgres.log" -w -t 60 start \
      -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $sock -c fsync=off -c synchronous_commit=off -c full_page_writes=off" >&2 \
      || { say "postgres did not start: $(tail -n 5 "$STATE/pg/postgres.log")"; exit 1; }
    say "postgres up on 127.0.0.1:$PG_PORT"
  fi
  if ! "$bin/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$PG_DB'" | grep -q 1; then
    "$bin/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres "$PG_DB"
  fi
}

stop_all() {
  redis-cli -h 127.0.0.1 -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
  if [ -s "$STATE/pg/data/postmaster.pid" ]; then
    as_db_user "$(pg_bin)/pg_ctl" -D "$STATE/pg/data" -m fast -w stop >&2 || true
  fi
  say "stopped"
}

# Programs the tests run themselves (nginx in front of two game processes, docker-compose to validate
# the compose files): exported by path when installed.
export_tool() {
  local path
  path=$(PATH="$PATH:/usr/sbin:/sbin" command -v "$2" || true)
  if [ -n "$path" ]; then echo "export $1=$path"; else say "$2 is not installed: tests that need $1 will not run (apt-get install $3)"; fi
}

case "${1:-start}" in
  start)
    start_redis
    start_postgres
    echo "export TEST_REDIS_URL=redis://127.0.0.1:$REDIS_PORT"
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PG_PORT/$PG_DB"
    export_tool TEST_NGINX nginx nginx
    export_tool TEST_DOCKER_COMPOSE docker-compose docker-compose
    ;;
  stop) stop_all ;;
  *)
    say "usage: test-services.sh [start|stop]"
    exit 2
    ;;
esac
