# What bench/floor, bench/script-cost and bench/instructions share: a work directory removed on
# exit together with the redis-server the script started (its pid in REDIS_PID), a free
# loopback port, and waiting for a redis-server to answer. Sourced by those scripts.
WORK=$(mktemp -d "${TMPDIR:-/tmp}/fastqueue-bench.XXXXXX")
REDIS_PID=
bench_cleanup() {
    if [ -n "$REDIS_PID" ]; then
        kill "$REDIS_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap bench_cleanup EXIT

# A loopback port nothing listens on now (the kernel's pick).
free_port() {
    php -r '$s = stream_socket_server("tcp://127.0.0.1:0"); echo explode(":", stream_socket_get_name($s, false))[1];'
}

# Waits up to 10 s for the redis-server on port $1 to answer; ends the script when it does not.
wait_redis() {
    for _ in $(seq 100); do
        redis-cli -p "$1" ping >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    echo "redis-server on port $1 did not start (its log: $WORK/redis.log)" >&2
    exit 1
}
