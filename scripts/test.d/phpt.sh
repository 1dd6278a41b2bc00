# phpt: the phpt suite against the plain build, in shards
#
# The phpt suite against the plain build (modules/fastqueue.so), one run-tests.php per shard
# (pass.sh). Needs the build, redis-server and suite phases; what it runs: TEST_PATHS, less the
# composer phase's MAIN_EXCLUDE and a stack's FASTQUEUE_STACK_MAIN_EXCLUDE. Sets MAIN_SECONDS,
# from which the memory passes' budgets are scaled.
phase_phpt() {
	heading "phpt"
	EXCLUDE="$MAIN_EXCLUDE ${FASTQUEUE_STACK_MAIN_EXCLUDE:-}"
	BUDGET=${FASTQUEUE_TEST_BUDGET:-600}
	RT=$RUN_TESTS
	DURATIONS=tests/durations.txt
	MAIN_SECONDS=$SECONDS
	phpt_pass phpt --show-slow 5000
	MAIN_SECONDS=$((SECONDS - MAIN_SECONDS))
	part_done
}
