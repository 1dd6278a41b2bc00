# redis-server: a private redis-server per shard of the phpt passes
#
# One private redis-server per shard of the phpt passes (tests assert on server-wide state:
# MONITOR, INFO commandstats, the failed-job store, so two tests that run at once must not share
# one). Needs redis-server; stops the run when one does not start. Sets SHARDS, PORT_BASE,
# REDIS_PORTS, REDIS_PIDS and the tests' FASTQUEUE_TEST_REDIS_HOST/_PORT.
phase_servers() {
	heading "redis-server"
	SHARDS=${FASTQUEUE_TEST_SHARDS:-4}
	PORT_BASE=${FASTQUEUE_TEST_PORT_BASE:-20000}
	[[ "$PORT_BASE" =~ ^[1-9][0-9]*$ ]] || PORT_BASE=20000
	[[ "$SHARDS" =~ ^[1-9][0-9]*$ ]] || SHARDS=1
	REDIS_PORTS=()
	REDIS_PIDS=()
	local i
	for ((i = 0; i < SHARDS; i++)); do
		mkdir -p "$WORK/redis$i"
		if ! fq_start_redis "$WORK/redis$i"; then
			ko "redis-server: could not start a private server"
			finish
		fi
		REDIS_PORTS+=("$FQ_REDIS_PORT")
		REDIS_PIDS+=("$FQ_REDIS_PID")
		FQ_REDIS_PID= # stopped by cleanup, with the others
		echo "private redis-server $(redis-server --version | grep -o 'v=[^ ]*') on 127.0.0.1:$FQ_REDIS_PORT (pid ${REDIS_PIDS[i]})"
	done
	export FASTQUEUE_TEST_REDIS_HOST=127.0.0.1
	export FASTQUEUE_TEST_REDIS_PORT=${REDIS_PORTS[0]}
	part_done
}
