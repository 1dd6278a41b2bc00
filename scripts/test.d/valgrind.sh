# phpt under valgrind: the phpt suite under valgrind's memcheck
#
# The suite again, each php (and every process it starts) under valgrind's memcheck with
# USE_ZEND_ALLOC=0 (run-tests -m); a memory error, or a leak that FastQueue's C code allocated
# (leak-triage.php), fails the test. Needs valgrind; FASTQUEUE_TEST_VALGRIND=off leaves it out
# on a stack, FASTQUEUE_TEST_NO_VALGRIND=1 skips it outside CI.
phase_valgrind() {
	heading "phpt under valgrind"
	if [ "${FASTQUEUE_TEST_VALGRIND:-}" = off ]; then
		# scripts/stack runs the pass on some stacks only (FASTQUEUE_STACK_VALGRIND); on this
		# one it is not part of the run, under CI too.
		echo "not run on this stack (FASTQUEUE_TEST_VALGRIND=off)"
	elif [ "${FASTQUEUE_TEST_NO_VALGRIND:-}" = 1 ] && ! is_ci; then
		skipped "valgrind pass (FASTQUEUE_TEST_NO_VALGRIND=1)"
	else
		valgrind_pass
	fi
	part_done
}

valgrind_pass() {
	# run-tests -m wraps each php in "valgrind -q --tool=memcheck --trace-children=yes" and marks
	# a test LEAK when valgrind wrote anything. Its own options report invalid reads and writes
	# but no leaks; these add definite and indirect leaks, leave out what a killed php never
	# freed (php-killed.supp), the redis-server processes that tests start themselves and
	# promtool (a Go program: valgrind reports its runtime, not our code).
	# A php child that a test crashes on purpose (a segfault inside a job, tests/inc/deaths.inc)
	# carries the argument fastqueue_test.valgrind=fq-untraced-by-valgrind and runs outside
	# valgrind, which would report the crash itself as an error; what the test runs after it
	# (the worker that recovers its jobs) is traced as usual.
	export VALGRIND_OPTS="--leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect --num-callers=40 --suppressions=$ROOT/scripts/test.d/php-killed.supp --trace-children-skip=*redis-server*,*redis-cli*,*promtool* --trace-children-skip-by-arg=*fq-untraced-by-valgrind*"
	# Both settings go to the test's php as -d (run-tests resets auto_prepend_file with its own
	# -d) and, through an extra ini directory, to the php processes a test starts itself
	# (workers, artisan). pcre.jit=0: valgrind reports PCRE's JIT code reading past its subject.
	mkdir -p "$WORK/ini"
	printf 'auto_prepend_file=%s\npcre.jit=0\n' "$FINAL_GC" >"$WORK/ini/zz-fastqueue-valgrind.ini"
	# The Laravel console tests (tests/07_artisan, and the parity harness tests/09_parity) boot a
	# whole application in each worker, and under valgrind take longer than the rest together;
	# the worker code they run is covered by tests/04_worker and tests/05_signals (and they run
	# under asan/ubsan on bookworm). tests/08_composer runs composer itself, and checks the
	# package's install rather than the extension's memory. FASTQUEUE_TEST_VALGRIND_EXCLUDE=""
	# includes them.
	EXCLUDE=${FASTQUEUE_TEST_VALGRIND_EXCLUDE-tests/07_artisan tests/08_composer tests/09_parity}
	BUDGET=$(memory_budget "${FASTQUEUE_TEST_VALGRIND_BUDGET:-}")
	# One valgrind log per process, TEST.mem.PID, in a patched copy of run-tests (see the
	# patch). A process that execs (sh -c) keeps its pid and its log is begun again by the new
	# program: what runs under valgrind is started without a shell (tests/inc fq_run, FqChild).
	RT=$WORK/run-tests-valgrind.php
	if php -n scripts/test.d/run-tests-valgrind.php "$RUN_TESTS" "$RT"; then
		DURATIONS=tests/durations-memory.txt
		PHP_INI_SCAN_DIR=":$WORK/ini" phpt_pass valgrind -m --show-slow 30000 \
			-d "auto_prepend_file=$FINAL_GC" -d pcre.jit=0
	else
		ko "valgrind pass: could not patch $RUN_TESTS for one log per process"
	fi
	unset VALGRIND_OPTS
}
