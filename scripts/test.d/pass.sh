# One pass of the phpt suite (phpt_pass), for the phpt, laravel, sanitize and valgrind phases:
# the tests chosen, dealt into shards, each shard run by its own run-tests.php against its own
# redis-server, then each test's status judged and added to the tally. Reads what the phases
# set: TEST_PATHS, EXCLUDE, BUDGET, DURATIONS, RT (the run-tests.php), PASS_PHP, EXT, SHARDS,
# REDIS_PORTS, PORT_BASE. The judging functions below share phpt_pass's counters (label, n, p,
# f, s, bad), which bash's dynamic scope hands them.

# Runs the phpt suite once and adds its results to the tally. $1: label; the rest: extra
# run-tests.php options. The tests mostly wait (on timeouts, workers, valgrind), so two shards
# take about half the time on two cores. Results come from run-tests' own per-test status
# files (-W): "STATUS<TAB>file" lines.
phpt_pass() {
	local label=$1 results="$WORK/$1.results-all" rc=0
	shift
	pass_select "$label" || return 0
	deal_shards "$WORK/$label.all" "$WORK/$label.list" "$DURATIONS"
	echo "run-tests.php -q -d extension=$EXT${*:+ $*}: $(wc -l <"$WORK/$label.all") tests in $SHARDS shard(s), at most ${BUDGET}s"
	local pids=()
	pass_run_shards "$label" "$@"
	cat "$WORK/$label".results[0-9]* >"$results" 2>/dev/null
	# Tests a shard did not reach before its time budget ran out count as failed.
	local unrun
	unrun=$(cut -f2 "$results" | sed "s#^$ROOT/##" | sort | comm -23 "$WORK/$label.all" -)
	local n=0 p=0 f=0 s=0 bad=0 leaked=() reported=() status file
	echo
	echo "$label results:"
	while IFS=$'\t' read -r status file; do
		[ -n "$status" ] || continue
		file=${file#"$ROOT"/}
		n=$((n + 1))
		pass_judge "$status" "$file"
	done <"$results"
	pass_memory_reports
	pass_unrun
	if [ "$n" -eq 0 ]; then
		f=$((f + 1))
		FAILURES+=("$label: run-tests.php ran no test (exit code $rc)")
		echo "  no test ran"
	elif [ "$rc" -ne 0 ] && [ "$bad" -eq 0 ] && [ -z "$unrun" ]; then
		# run-tests exits non-zero for failed, borked or leaked tests; here it had none.
		f=$((f + 1))
		FAILURES+=("$label: run-tests.php exited with $rc")
		echo "  run-tests.php exited with $rc"
	fi
	echo "  $p passed, $f failed, $s skipped of $n"
	PASSED=$((PASSED + p))
	FAILED=$((FAILED + f))
	SKIPPED=$((SKIPPED + s))
}

# The pass's tests, $WORK/$1.all: those of TEST_PATHS, less the folders of EXCLUDE. Fails
# when none is left.
pass_select() {
	local label=$1 x
	find "${TEST_PATHS[@]}" -name '*.phpt' -type f 2>/dev/null | sort >"$WORK/$label.all"
	for x in $EXCLUDE; do
		grep -v "^${x%/}/" "$WORK/$label.all" >"$WORK/$label.kept"
		if [ "$(wc -l <"$WORK/$label.kept")" -ne "$(wc -l <"$WORK/$label.all")" ]; then
			echo "not in this pass: $x"
		fi
		mv "$WORK/$label.kept" "$WORK/$label.all"
	done
	if [ ! -s "$WORK/$label.all" ]; then
		echo "no tests in this pass on this stack"
		return 1
	fi
}

# Deals the tests listed in $1 into $SHARDS lists $2N, longest first ($3: tests/durations.txt,
# or tests/durations-memory.txt in the memory passes, where the Laravel tests take eight times
# longer; 1 s for a test not there), each to the list with the least time so far, so that the
# shards end together: dealt round-robin, the shard that drew the chaos soak ran twice as long
# as the others. Each list is shuffled, the same way every time (sort -R seeded by
# tests/durations.txt): in name order, neighbours such as the cluster failover soak and the next
# cluster test ran back to back in every pass, and once in nine the second timed out.
deal_shards() {
	local i
	awk -v n="$SHARDS" -v out="$2" '
		FNR == NR { if ($0 !~ /^#/ && NF == 2) secs[$2] = $1; next }
		{ t[++count] = $0; w[$0] = ($0 in secs) ? secs[$0] : 1 }
		END {
			for (i = 0; i < n; i++) load[i] = 0
			# longest first (a simple sort: a few hundred tests)
			for (a = 1; a <= count; a++) for (b = a + 1; b <= count; b++)
				if (w[t[b]] > w[t[a]] || (w[t[b]] == w[t[a]] && t[b] < t[a])) { x = t[a]; t[a] = t[b]; t[b] = x }
			for (a = 1; a <= count; a++) {
				best = 0
				for (i = 1; i < n; i++) if (load[i] < load[best]) best = i
				load[best] += w[t[a]]
				print t[a] > (out "." best ".unsorted")
			}
		}' "$3" "$1"
	for ((i = 0; i < SHARDS; i++)); do
		sort -R --random-source=tests/durations.txt "$2.$i.unsorted" 2>/dev/null >"$2$i" || : >"$2$i"
		rm -f "$2.$i.unsorted"
	done
}

# Runs each shard's run-tests.php ($1: label, the rest its options) side by side, with a watcher
# beside each, waits for them all (run-tests' worst exit code in phpt_pass's rc, their pids in
# its pids) and prints their output.
pass_run_shards() {
	local label=$1 i watchers=()
	shift
	for ((i = 0; i < SHARDS; i++)); do
		[ -s "$WORK/$label.list$i" ] || continue
		# timeout signals run-tests and every process under it (the tests, their workers).
		# -j1: one test at a time, as the tests on one server need (PHP 8.6's run-tests.php
		# otherwise runs as many at once as there are CPUs).
		FASTQUEUE_TEST_REDIS_PORT=${REDIS_PORTS[i]} TEST_PHP_EXECUTABLE=$PASS_PHP \
			FASTQUEUE_TEST_PORTS="$((PORT_BASE + i * 500))-$((PORT_BASE + i * 500 + 499))" \
			timeout -k 15 "$BUDGET" php "$RT" -p "$PASS_PHP" -j1 -q --no-progress --no-color --show-diff \
			-d "extension=$EXT" -W "$WORK/$label.results$i" "$@" -r "$WORK/$label.list$i" \
			</dev/null >"$WORK/$label.log$i" 2>&1 &
		pids[i]=$!
		shard_watch "${pids[i]}" "$WORK/$label.left$i" &
		watchers[i]=$!
	done
	for i in "${!pids[@]}"; do
		wait "${pids[i]}" || rc=$?
		kill "${watchers[i]}" 2>/dev/null
		wait "${watchers[i]}" 2>/dev/null
		echo
		echo "---- $label shard $((i + 1))/$SHARDS (redis port ${REDIS_PORTS[i]}): $(wc -l <"$WORK/$label.list$i") tests ----"
		# run-tests' header (PHP, ini files) is the same for every shard: show it once.
		if [ "$i" -eq 0 ]; then
			cat "$WORK/$label.log$i"
		else
			sed '1,/^Running selected tests/d' "$WORK/$label.log$i"
		fi
	done
}

# Shortly before the budget ends, what shard $1 still runs, into file $2: the test that hangs,
# and where its processes (timeout's descendants) wait. Killed when the shard ends first: its
# sleep goes too.
shard_watch() {
	local nap group
	trap 'kill "$nap" 2>/dev/null; exit 0' TERM
	sleep $((BUDGET > 40 ? BUDGET - 20 : BUDGET / 2)) &
	nap=$!
	wait "$nap"
	group=$(descendants "$1" | paste -sd, -)
	[ -n "$group" ] && ps -o pid,ppid,etimes,stat,wchan:26,args -p "$group" | cut -c1-220 >"$2"
} </dev/null >/dev/null 2>&1

# The pids of process $1 and of every process under it.
descendants() {
	ps -e -o pid=,ppid= | awk -v top="$1" '
		{ parent[$1] = $2 }
		END {
			keep[top] = 1
			do {
				grew = 0
				for (p in parent) if (!(p in keep) && (parent[p] in keep)) { keep[p] = 1; grew = 1 }
			} while (grew)
			for (p in keep) if (p in parent) print p
		}'
}

# Judges test $2, which run-tests says ended with status $1, into the pass's counters.
pass_judge() {
	local status=$1 file=$2
	if [ "$label" = valgrind ]; then
		if [ "$file" = "$CANARY" ]; then
			canary "$status" "$file"
			return
		fi
		# A process the test left running can write its log after run-tests looked (a leak
		# summary at exit): what is in the logs now decides.
		if [ "$status" = PASSED ] && [ -n "$(mem_logs "$file")" ]; then
			status=LEAKED
		fi
	elif [ "$label" = asan ]; then
		if [ "$file" = "$CANARY" ]; then
			san_canary "$status" "$file"
			return
		fi
		# A sanitizer report in any process of the test fails it, whatever run-tests saw.
		if [ -n "$(san_logs "$file")" ]; then
			case "$status" in FAILED | BORKED | LEAKED | WARNED) bad=$((bad + 1)) ;; esac
			f=$((f + 1))
			FAILURES+=("$label: $file: sanitizer report ($status)")
			echo "  SANITIZER REPORT ($status) $file"
			reported+=("$file")
			return
		fi
	fi
	case "$status" in FAILED | BORKED | LEAKED | WARNED) bad=$((bad + 1)) ;; esac
	case "$status" in
	PASSED)
		p=$((p + 1))
		;;
	XFAILED | XLEAKED)
		# A test marked as failing (--XFAIL--, --XLEAK--) guards nothing: a failure.
		f=$((f + 1))
		FAILURES+=("$label: $file: $status (marked as an expected failure; a test must pass)")
		echo "  $status (marked as expected, counted as failed) $file"
		;;
	SKIPPED)
		if is_ci; then
			f=$((f + 1))
			FAILURES+=("$label: $file: skipped, and a skip is a failure under CI")
			echo "  SKIPPED under CI, counted as failed: $file"
		else
			s=$((s + 1))
			echo "  SKIPPED $file"
		fi
		;;
	LEAKED)
		leak_judge "$file"
		;;
	*)
		# FAILED, BORKED, WARNED.
		f=$((f + 1))
		FAILURES+=("$label: $file: $status")
		echo "  $status $file"
		;;
	esac
}

# Tests that no shard reached before the budget ran out: failed. run-tests runs its list in
# name order, so in a shard cut short the first of its unrun tests is the one that was running.
pass_unrun() {
	local hung=" " i file
	for i in "${!pids[@]}"; do
		[ -s "$WORK/$label.left$i" ] || continue
		file=$(sort "$WORK/$label.list$i" | grep -Fxf <(printf '%s\n' $unrun) | head -n 1)
		[ -n "$file" ] || continue
		hung+="$file "
		f=$((f + 1))
		FAILURES+=("$label: $file: still running when the pass's ${BUDGET}s ran out (a hang?)")
		echo "  STILL RUNNING when the time budget of ${BUDGET}s ran out: $file; the shard's processes then:"
		sed 's/^/    /' "$WORK/$label.left$i"
	done
	for file in $unrun; do
		[[ "$hung" == *" $file "* ]] && continue
		f=$((f + 1))
		FAILURES+=("$label: $file: not run, the pass used up its ${BUDGET}s")
		echo "  NOT RUN (time budget of ${BUDGET}s used up) $file"
	done
}
