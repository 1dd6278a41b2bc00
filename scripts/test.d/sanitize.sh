# phpt under asan/ubsan: the phpt suite against an ASan and UBSan build
#
# The suite again with the extension built with AddressSanitizer and UndefinedBehaviorSanitizer
# (-fsanitize=address,undefined), in a copy of the sources so that modules/fastqueue.so stays
# the plain build. Debian's php is not instrumented: every php of the pass runs through
# scripts/asan/php, which preloads the sanitizer runtimes (ASan then sees every malloc and free,
# and with USE_ZEND_ALLOC=0 PHP's own allocations go to malloc too) and gives each test its own
# logs, one per process: the processes a test starts inherit the environment and log beside it.
# A report in any log of a test (an ASan error, a leak LeakSanitizer finds at a process's exit
# that scripts/asan/lsan.supp does not suppress, a UBSan error) fails the test. Needs gcc's
# libasan and libubsan; FASTQUEUE_TEST_SANITIZE=off leaves it out on a stack,
# FASTQUEUE_TEST_NO_SANITIZE=1 skips it outside CI.
phase_sanitize() {
	heading "phpt under asan/ubsan"
	if [ "${FASTQUEUE_TEST_SANITIZE:-}" = off ]; then
		# scripts/stack runs the pass on some stacks only (FASTQUEUE_STACK_SANITIZE); on this
		# one it is not part of the run, under CI too.
		echo "not run on this stack (FASTQUEUE_TEST_SANITIZE=off)"
	elif [ "${FASTQUEUE_TEST_NO_SANITIZE:-}" = 1 ] && ! is_ci; then
		skipped "asan/ubsan pass (FASTQUEUE_TEST_NO_SANITIZE=1)"
	else
		san_pass
	fi
	part_done
}

san_pass() {
	local build=$WORK/asan-build libasan libubsan
	# The runtimes the build links (gcc's), preloaded after preload.so (see its source).
	libasan=$(realpath -e "$(gcc -print-file-name=libasan.so)" 2>/dev/null)
	libubsan=$(realpath -e "$(gcc -print-file-name=libubsan.so)" 2>/dev/null)
	if [ -z "$libasan" ] || [ -z "$libubsan" ]; then
		ko "asan/ubsan: gcc -print-file-name finds no libasan.so or libubsan.so"
		return
	fi
	san_build "$build" || return
	local ext=$EXT path=$PATH
	san_environment
	# Reports of an earlier run.
	find tests -type f \( -name '*.asan.*' -o -name '*.ubsan.*' \) -delete
	EXT=$build/modules/fastqueue.so
	PASS_PHP=$ROOT/scripts/asan/php
	# tests/08_composer runs composer itself, and with it bash, sort and other programs that
	# inherit the preloaded runtimes and report leaks of their own; it checks the package's
	# install, not the extension's memory (the valgrind pass leaves it out too).
	EXCLUDE=${FASTQUEUE_TEST_SANITIZE_EXCLUDE-${FASTQUEUE_STACK_SANITIZE_EXCLUDE:-tests/08_composer}}
	BUDGET=$(memory_budget "${FASTQUEUE_TEST_SANITIZE_BUDGET:-}")
	RT=$RUN_TESTS
	# The final collection of cycles (final-gc.php), for the test's php as -d and for the php
	# processes a test starts itself through an extra ini directory, as in the valgrind pass.
	mkdir -p "$WORK/ini-asan"
	printf 'auto_prepend_file=%s\n' "$FINAL_GC" >"$WORK/ini-asan/zz-fastqueue-asan.ini"
	# run-tests ends a test silent for 60 s; under ASan the Laravel tests run two to three times
	# slower, and some (the parity tables, 07/028) print nothing for longer than that. A test
	# that sets its own TEST_TIMEOUT (--ENV--) keeps it.
	DURATIONS=tests/durations-memory.txt
	PHP_INI_SCAN_DIR=":$WORK/ini-asan" phpt_pass asan --show-slow 10000 --set-timeout 180 -d "auto_prepend_file=$FINAL_GC"
	PASS_PHP=$PHP_BIN
	EXT=$ext
	export PATH=$path
	unset FQ_SAN_PHP FQ_SAN_TESTS FQ_SAN_OTHER FQ_SAN_PRELOAD FQ_SAN_UBSAN_RUNTIME FQ_SAN_ASAN_OPTIONS FQ_SAN_UBSAN_OPTIONS \
		FQ_SAN_LSAN_OPTIONS FASTQUEUE_TEST_EXTENSION
}

# Builds scripts/asan/preload.c and the instrumented extension in $1, from what pecl would build
# from: the files package.xml lists.
san_build() {
	local build=$1 f t0=$SECONDS
	if ! gcc -shared -fPIC -O2 -Wall -Wextra -Werror -o "$WORK/preload.so" scripts/asan/preload.c -ldl \
		>"$WORK/asan-preload.log" 2>&1; then
		show_log "$WORK/asan-preload.log" "gcc output (scripts/asan/preload.c)" 20
		ko "asan/ubsan: scripts/asan/preload.c does not build"
		return 1
	fi
	php scripts/gen-package --list | while IFS= read -r f; do
		[ -f "$f" ] && mkdir -p "$build/$(dirname "$f")" && cp -p "$f" "$build/$f"
	done
	# -O1 and frame pointers: the stacks of the reports are whole and short to unwind.
	local flags="-g -O1 -fsanitize=address,undefined -fno-omit-frame-pointer"
	if ! (cd "$build" && phpize && ./configure --enable-fastqueue-dev CFLAGS="$flags" LDFLAGS="-fsanitize=address,undefined") \
		>"$WORK/asan-configure.log" 2>&1; then
		show_log "$WORK/asan-configure.log" "phpize/configure output (asan/ubsan build)" 40
		ko "asan/ubsan build failed: phpize or configure"
		return 1
	fi
	if ! (cd "$build" && make -j2) >"$WORK/asan-make.log" 2>&1 || [ ! -f "$build/modules/fastqueue.so" ]; then
		grep -E '^[^ ]+:[0-9]+:[0-9]+: (error|warning)' "$WORK/asan-make.log" | head -40
		show_log "$WORK/asan-make.log" "make output (asan/ubsan build)" 40
		ko "asan/ubsan build failed: make"
		return 1
	fi
	ok "asan/ubsan build: configure --enable-fastqueue-dev CFLAGS=\"$flags\", make ($((SECONDS - t0))s); $(basename "$libasan") and $(basename "$libubsan") preloaded"
}

# What scripts/asan/php hands every php of the pass, and Redis's programs without the runtimes.
# ASan: an error ends the process (halt_on_error, the default) with exit code 1; leaks are
# looked for at every exit (detect_leaks). Allocation stacks come from the fast unwinder (frame
# pointers): whole through FastQueue's frames, cut short in Debian's php, which has none.
# fast_unwind_on_malloc=0 gives whole stacks, but makes the Laravel tests about 1.5 times slower
# (every malloc of PHP's is unwound): add it in FASTQUEUE_TEST_ASAN_OPTIONS to study a report.
# intercept_tls_get_addr=0: gcc 12's LeakSanitizer (bookworm) records a bogus range for a
# dynamic TLS block under glibc 2.36 ("DTLS 6 at 0x000000000528-0x00100000162a" with
# LSAN_OPTIONS=verbosity=1) and its leak check then dies at exit ("Tracer caught signal 11 ...
# LeakSanitizer has encountered a fatal error") in about one php process in ten. Not
# intercepting __tls_get_addr leaves dynamic TLS unscanned (FastQueue has none: PHP here is
# NTS) and the check whole: 0 such deaths in 14 runs of two affected tests, 2 before.
# verify_asan_link_order=0: preload.so comes before the runtime, on purpose.
# log_exe_name: a process's log names its program (TEST.asan.php8.2.PID).
# UBSan: an error ends the process too, with its stack.
san_environment() {
	SAN_LOGS=$WORK/asan-logs
	mkdir -p "$SAN_LOGS"
	export FQ_SAN_PHP=$PHP_BIN FQ_SAN_TESTS=$ROOT/tests FQ_SAN_OTHER=$SAN_LOGS/other
	export FQ_SAN_PRELOAD="$WORK/preload.so $libasan $libubsan" FQ_SAN_UBSAN_RUNTIME=$libubsan
	export FQ_SAN_ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=0:exitcode=1:intercept_tls_get_addr=0:verify_asan_link_order=0:log_exe_name=1${FASTQUEUE_TEST_ASAN_OPTIONS:+:$FASTQUEUE_TEST_ASAN_OPTIONS}"
	export FQ_SAN_UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_exe_name=1"
	export FQ_SAN_LSAN_OPTIONS="suppressions=$ROOT/scripts/asan/lsan.supp:print_suppressions=0"
	export FASTQUEUE_TEST_EXTENSION=$build/modules/fastqueue.so
	# Redis's programs, which tests start (clusters, sentinels, restarts), run without the
	# runtimes the php processes pass on: they are not what the pass checks, and Redis 8's
	# allocator dies under ASan's malloc (malloc_usable_size). A wrapper of each, first on PATH,
	# drops LD_PRELOAD.
	local p real
	mkdir -p "$WORK/asan-bin"
	for p in redis-server redis-cli redis-sentinel; do
		real=$(command -v "$p") || continue
		printf '#!/bin/sh\n# %s without the preloaded sanitizer runtimes (scripts/test)\nunset LD_PRELOAD\nexec %s "$@"\n' \
			"$p" "$real" >"$WORK/asan-bin/$p"
		chmod +x "$WORK/asan-bin/$p"
	done
	export PATH="$WORK/asan-bin:$PATH"
}
