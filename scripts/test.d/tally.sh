# scripts/test's shared state, sourced by the driver before any phase: the counters, the
# failures list, the work directory and its clean-up, the PASS/FAIL/SKIP lines, the parts
# ("phases") and the summary that ends every run. Needs ROOT (the checkout) and scripts/lib.sh.

PASSED=0
FAILED=0
SKIPPED=0
FAILURES=()
TIMINGS=()
RESULTS=()
T_ALL=$SECONDS
T_PART=$SECONDS
PART=

is_ci() { [ -n "${CI:-}" ] && [ "${CI:-}" != "false" ] && [ "${CI:-}" != "0" ]; }

# Under CI every pass runs the whole suite: what would narrow it is ignored, said out loud.
ci_ignores_narrowing() {
	local v
	is_ci || return 0
	for v in FASTQUEUE_TEST_ONLY FASTQUEUE_TEST_VALGRIND_EXCLUDE FASTQUEUE_TEST_SANITIZE_EXCLUDE; do
		if [ -n "${!v+set}" ]; then
			echo "CI: $v=\"${!v}\" ignored (CI runs every test in every pass)"
			unset "$v"
		fi
	done
}

# The run's scratch directory, and what the run started, gone at its end however it ends.
WORK=$(mktemp -d "${TMPDIR:-/tmp}/fastqueue-test.XXXXXX")
# The parity harness's tables, kept by tests/inc/parity.inc and printed before the summary.
export FASTQUEUE_TEST_PARITY_TABLES=$WORK/parity-tables
REDIS_PIDS=()
cleanup() {
	local pid
	for pid in ${REDIS_PIDS[@]+"${REDIS_PIDS[@]}"}; do
		kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
	done
	fq_stop_redis
	rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

heading() {
	PART=$1
	T_PART=$SECONDS
	P_PART=$PASSED F_PART=$FAILED S_PART=$SKIPPED
	printf '\n==== %s ====\n' "$1"
}
# Ends a part: its time, and its own result line when it counted anything.
part_done() {
	[ -n "$PART" ] || return 0
	TIMINGS+=("$(printf '%-22s %4ds' "$PART" $((SECONDS - T_PART)))")
	local p=$((PASSED - P_PART)) f=$((FAILED - F_PART)) s=$((SKIPPED - S_PART))
	if [ $((p + f + s)) -gt 0 ]; then
		RESULTS+=("$(printf '%-22s %d passed, %d failed, %d skipped' "$PART:" "$p" "$f" "$s")")
	fi
	PART=
}
ok() {
	PASSED=$((PASSED + 1))
	echo "PASS  $1"
}
ko() {
	FAILED=$((FAILED + 1))
	FAILURES+=("$1")
	echo "FAIL  $1"
}
skipped() {
	SKIPPED=$((SKIPPED + 1))
	echo "SKIP  $1"
}

# Shows the end of a log that explains a failure.
show_log() {
	echo "---- $2 (last ${3:-60} lines of $1) ----"
	tail -n "${3:-60}" "$1"
	echo "----"
}

# The start of a failed phpt's diff, under its line in the summary: CI may show only the
# summary, and a failure seen once should say what it was.
failure_diff() {
	local file
	file=$(grep -o 'tests/[^: ]*\.phpt' <<<"$1" | head -n 1)
	[ -n "$file" ] && [ -s "$ROOT/${file%.phpt}.diff" ] || return 0
	head -n 12 "$ROOT/${file%.phpt}.diff" | cut -c 1-200 | sed 's/^/  | /'
}

# Ends the run: the times, one "phase" line per part that counted anything (scripts/stack
# gathers them for every stack), what failed, and the totals; exits non-zero on any failure.
# The parity tables of the run (tests/09_parity), one block per Laravel version and PHP.
parity_tables() {
	local dir
	[ -d "$FASTQUEUE_TEST_PARITY_TABLES" ] || return 0
	printf '\n==== parity tables ====\n'
	for dir in "$FASTQUEUE_TEST_PARITY_TABLES"/*/; do
		cat "$dir"*.txt
		echo
	done
}

finish() {
	part_done
	parity_tables
	printf '\n==== summary ====\n'
	local t
	for t in "${TIMINGS[@]}"; do
		echo "time  $t"
	done
	printf 'time  %-22s %4ds\n' "total" $((SECONDS - T_ALL))
	for t in ${RESULTS[@]+"${RESULTS[@]}"}; do
		echo "phase $t"
	done
	if [ ${#FAILURES[@]} -gt 0 ]; then
		echo "failed:"
		for t in "${FAILURES[@]}"; do
			echo "  $t"
			failure_diff "$t"
		done
	fi
	echo "$PASSED passed, $FAILED failed, $SKIPPED skipped"
	[ "$FAILED" -eq 0 ]
	exit
}
