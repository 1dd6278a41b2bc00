# What the memory passes (sanitize, valgrind) share with phpt_pass: each test's logs found and
# judged, the memory canary that proves a pass can fail, and a pass's time budget. The
# judging functions share phpt_pass's counters (label, p, f, bad, leaked), which bash's
# dynamic scope hands them.

# The memory canary proves that the valgrind pass and the asan/ubsan pass can fail: a child
# the test starts, then the test process, each make one invalid read. Outside those passes it
# is an ordinary test.
CANARY=tests/01_module/099_memory_canary.phpt
# Prepended to every php of the memory passes: the final collection of cycles a release build
# of PHP skips (see the file).
FINAL_GC=$ROOT/scripts/test.d/final-gc.php

# Whether valgrind logs $@ (a test's, one per process) hold a record that counts: prints those
# records, succeeds when there is one (scripts/test.d/leak-triage.php says what counts).
leak_counts() {
	FASTQUEUE_SOURCES="$(cd "$ROOT" && ls ./*.c src/*/*.c 2>/dev/null | xargs -n1 basename | tr '\n' ' ')" \
		php -n "$ROOT/scripts/test.d/leak-triage.php" "$@" </dev/null
}

# The valgrind logs of a test that are not empty: one per process (TEST.mem.PID).
mem_logs() {
	local log
	for log in "${1%.phpt}".mem.*; do
		[ -s "$log" ] && echo "$log"
	done
}

# A test that valgrind wrote something for (LEAK, or LEAK&FAIL when the output differed too).
leak_judge() {
	local file=$1
	if [ -f "${file%.phpt}.diff" ]; then
		f=$((f + 1))
		FAILURES+=("$label: $file: LEAKED and FAILED")
		echo "  LEAKED and FAILED $file"
		leaked+=("$file")
	elif leak_counts $(mem_logs "$file") >/dev/null; then
		f=$((f + 1))
		FAILURES+=("$label: $file: LEAKED")
		echo "  LEAKED $file"
		leaked+=("$file")
	else
		p=$((p + 1))
		echo "  passed; valgrind saw only memory allocated by PHP code (not counted): $file"
	fi
}

# The valgrind pass must report the canary LEAKED, with a counted error in the logs of at least
# two processes; then it counts as passed, and otherwise as failed (whatever its status).
canary() {
	local status=$1 file=$2 log logs=0
	# run-tests exits non-zero for it (see "bad" in phpt_pass), as it must.
	case "$status" in FAILED | BORKED | LEAKED | WARNED) bad=$((bad + 1)) ;; esac
	for log in $(mem_logs "$file"); do
		leak_counts "$log" >/dev/null && logs=$((logs + 1))
	done
	if [ "$status" = LEAKED ] && [ ! -f "${file%.phpt}.diff" ] && [ "$logs" -ge 2 ]; then
		p=$((p + 1))
		echo "  canary reported, as it must be: $file (errors in $logs process logs)"
		# Its logs are not kept: they show what was meant.
		rm -f "${file%.phpt}".mem.*
	else
		f=$((f + 1))
		FAILURES+=("$label: $file: the valgrind canary was not reported as it must be ($status, errors in $logs process logs, 2 expected): this pass cannot be trusted to see errors")
		echo "  CANARY NOT REPORTED ($status, errors in $logs process logs, 2 expected) $file"
		for log in $(mem_logs "$file"); do
			echo "---- $log ----"
			head -n 30 "$log"
		done
	fi
}

# The sanitizer logs of a test that are not empty: one per process and runtime (see
# scripts/asan/php), for its FILE section and for its SKIPIF and CLEAN sections. A log that
# holds nothing but LeakSanitizer's "Running thread T was not suspended. False leaks are
# possible." lines is not a report: a process forked while another thread ran (a job's
# pcntl_fork beside the lease-renewal thread) inherits ASan's list of threads, which gcc's
# libasan does not prune at fork (google/sanitizers#1479), so its leak check at exit finds the
# parent's thread missing and leaves that thread's stack unscanned. The line cannot be
# suppressed, and it cannot hide a leak: an unscanned root can only add reports ("false
# leaks"), never take one away, so a leak would still be written after it and count. Turning
# LeakSanitizer off in forked children instead would leave their leaks unseen (05/054 checks
# them). Any other line in the log, a leak report included, still counts.
SAN_THREAD_NOTE='^==[^=]+==[0-9]+==Running thread [0-9]+ was not suspended\. False leaks are possible\.$'
san_logs() {
	local t=${1%.phpt} log
	for log in "$t".asan.* "$t".ubsan.* "$t".skip.asan.* "$t".skip.ubsan.* "$t".clean.asan.* "$t".clean.ubsan.*; do
		[ -s "$log" ] && grep -qvE "$SAN_THREAD_NOTE" "$log" && echo "$log"
	done
}

# Shows the sanitizer logs given: each report without ASan's map of the shadow memory.
san_show() {
	local log
	for log in "$@"; do
		echo "---- $log ----"
		awk '/^Shadow bytes around/ { skip = 1 } /^==.*==ABORTING/ { skip = 0 } !skip' "$log" | head -n 60
	done
}

# In the asan/ubsan pass the canary must come out with an AddressSanitizer error in the logs of
# at least two processes (the child and the test process). ASan ends each at its error, so the
# output does not match and run-tests says FAILED: that is expected, and not counted.
san_canary() {
	local status=$1 file=$2 log logs=0
	case "$status" in FAILED | BORKED | LEAKED | WARNED) bad=$((bad + 1)) ;; esac
	for log in $(san_logs "$file"); do
		grep -q 'ERROR: AddressSanitizer: heap-buffer-overflow' "$log" && logs=$((logs + 1))
	done
	if [ "$logs" -ge 2 ]; then
		p=$((p + 1))
		echo "  canary reported, as it must be: $file (AddressSanitizer errors in $logs process logs)"
		rm -f $(san_logs "$file") "${file%.phpt}".diff
	else
		f=$((f + 1))
		FAILURES+=("$label: $file: the canary was not reported as it must be ($status, AddressSanitizer errors in $logs process logs, 2 expected): this pass cannot be trusted to see errors")
		echo "  CANARY NOT REPORTED ($status, AddressSanitizer errors in $logs process logs, 2 expected) $file"
		san_show $(san_logs "$file")
	fi
}

# After the results: the counted records of each leaked test, each reported test's sanitizer
# logs, reports from php runs outside any test (run-tests' own), and the valgrind logs of
# processes that reported nothing removed.
pass_memory_reports() {
	local file x other
	for file in ${leaked[@]+"${leaked[@]}"}; do
		echo "---- valgrind: ${file%.phpt}.mem.PID ($(mem_logs "$file" | wc -w) non-empty of $(ls "${file%.phpt}".mem.* 2>/dev/null | wc -l) process logs), what counts ----"
		leak_counts $(mem_logs "$file") | head -n 80
		echo "----"
	done
	for file in ${reported[@]+"${reported[@]}"}; do
		echo "---- sanitizers: $(san_logs "$file" | wc -w) report log(s) of $file ----"
		san_show $(san_logs "$file")
		echo "----"
	done
	if [ "$label" = asan ]; then
		other=$(find "$SAN_LOGS" -type f -size +0 -exec grep -lvE "$SAN_THREAD_NOTE" {} + 2>/dev/null)
		if [ -n "$other" ]; then
			f=$((f + 1))
			FAILURES+=("$label: sanitizer report outside the tests ($SAN_LOGS)")
			echo "  SANITIZER REPORT outside the tests"
			san_show $other
		fi
	fi
	if [ "$label" = valgrind ]; then
		while IFS= read -r file; do
			for x in "${file%.phpt}".mem.*; do
				[ -f "$x" ] && [ ! -s "$x" ] && rm -f "$x"
			done
		done <"$WORK/$label.all"
	fi
}

# The budget of a memory pass: $1 when set (FASTQUEUE_TEST_*_BUDGET), else the larger of 1500 s
# and 6 times what the main pass took on this machine (MAIN_SECONDS). A machine slowed by other
# work (or slower) slows both passes alike; a fixed budget made a slow machine's memory pass end
# with tests unrun, which count as failed. Measured on a quiet machine: main pass about 250 s,
# valgrind pass about 1,077 s (4.3 times); 6 times keeps the margin that 1500 s gives there.
memory_budget() {
	local scaled=$((${MAIN_SECONDS:-0} * 6))
	if [ -n "${1:-}" ]; then
		echo "$1"
	elif [ "$scaled" -gt 1500 ]; then
		echo "$scaled"
	else
		echo 1500
	fi
}
