# (setup, no part): run-tests.php without its retries; the tests this run chooses
#
# The phpt suite's setup for the passes after it: php-src's run-tests.php found and copied
# without its retries, and the tests this run chooses. Needs php8.x-dev (it ships
# run-tests.php); stops the run without it. Sets RUN_TESTS, PHP_BIN, PASS_PHP, TEST_PATHS.
phase_suite() {
	RUN_TESTS=$(fq_run_tests_php) || {
		ko "run-tests.php not found (php8.x-dev ships it)"
		finish
	}
	# run-tests runs a failed test again when its output looks flaky (a timeout, a refused
	# connection) or its code calls usleep() or microtime(), and keeps only the second run's
	# output. Here a failure counts whatever a second run gives (WARNED), so a retry only hid
	# what failed: a copy without it keeps the first failure's diff and output.
	if ! php -n -r '
		$s = file_get_contents($argv[1]);
		$s = str_replace("if (!\$passed && !\$retried && error_may_be_retried(", "if (false && !\$passed && !\$retried && error_may_be_retried(", $s, $n);
		exit($n === 1 && file_put_contents($argv[2], $s) !== false ? 0 : 1);
	' "$RUN_TESTS" "$WORK/run-tests.php"; then
		ko "run-tests.php has changed: could not turn its retries off ($RUN_TESTS)"
		finish
	fi
	RUN_TESTS=$WORK/run-tests.php
	PHP_BIN=$(command -v php)
	# The php that run-tests runs the tests with (-p): another in the asan/ubsan pass.
	PASS_PHP=$PHP_BIN
	# A stack's own scope, set by scripts/stack: FASTQUEUE_STACK_TESTS, the tests a stack runs
	# (PHP 8.6's release candidate runs the core suite); FASTQUEUE_STACK_SANITIZE_EXCLUDE, what
	# its asan/ubsan pass leaves out; FASTQUEUE_STACK_MAIN_EXCLUDE, what its main pass leaves
	# out (the tests its asan/ubsan pass runs instead). They are the stack's design, not a quick
	# run's narrowing, so CI honours them (it ignores FASTQUEUE_TEST_ONLY and the _EXCLUDE
	# settings).
	read -r -a TEST_PATHS <<<"${FASTQUEUE_TEST_ONLY:-${FASTQUEUE_STACK_TESTS:-tests/}}"
}
