# generated files: each committed generated file matches its source
#
# Each committed generated file matches its source (the Lua table, the arginfo header, the re2c
# scanner, package.xml). Needs php; PHP 8.2 for arginfo's code and re2c 3.0 for the scanner's
# (other stacks check less, and say so).

# The generators' own checks, one a line: the command, then what passing means, then the fix.
GENERATOR_CHECKS=(
	"php scripts/gen-lua --check|src/queue/lua_scripts.c and src/queue/lua_scripts_list.h match src/queue/lua/*.lua (scripts/gen-lua --check)|src/queue/lua_scripts.c is stale: run scripts/gen-lua"
	"php scripts/gen-options --check|the option tables, the stub's option lists and docs/api.md's match src/module/options.php (scripts/gen-options --check)|an option table or list is stale: run scripts/gen-options, then scripts/gen-arginfo"
)

phase_generated() {
	heading "generated files"
	local check
	for check in "${GENERATOR_CHECKS[@]}"; do
		generator_check "$check"
	done
	arginfo_check
	scanner_check
	if php scripts/gen-package --check; then
		ok "package.xml lists every file of the package (scripts/gen-package --check)"
	else
		ko "package.xml is stale: run scripts/gen-package"
	fi
	part_done
}

# One GENERATOR_CHECKS line: "COMMAND|PASSED|FAILED".
generator_check() {
	local cmd passed failed
	IFS='|' read -r cmd passed failed <<<"$1"
	if $cmd; then
		ok "$passed"
	else
		ko "$failed"
	fi
}

# fastqueue_arginfo.h is written by PHP 8.2's gen_stub.php (the bookworm stack). A newer PHP's
# writes other code for the same stub, so there only the stub hash in the header is checked.
arginfo_check() {
	local minor hash
	minor=$(php -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;')
	if [ "$minor" != 8.2 ]; then
		hash=$(php -r 'echo sha1(str_replace("\r\n", "\n", file_get_contents("fastqueue.stub.php")));')
		if grep -qF " * Stub hash: $hash */" fastqueue_arginfo.h; then
			ok "fastqueue_arginfo.h has the stub hash of fastqueue.stub.php (its code is checked on PHP 8.2)"
		else
			ko "fastqueue_arginfo.h is stale: run scripts/gen-arginfo on PHP 8.2"
		fi
		return
	fi
	# gen-arginfo writes next to the stub, so it runs on a scratch copy of the stub and itself.
	mkdir -p "$WORK/arginfo/scripts"
	cp fastqueue.stub.php "$WORK/arginfo/"
	cp scripts/gen-arginfo "$WORK/arginfo/scripts/"
	if bash "$WORK/arginfo/scripts/gen-arginfo" >"$WORK/arginfo.log" 2>&1 &&
		diff -u fastqueue_arginfo.h "$WORK/arginfo/fastqueue_arginfo.h" >"$WORK/arginfo.diff"; then
		ok "fastqueue_arginfo.h matches fastqueue.stub.php (scripts/gen-arginfo)"
	else
		cat "$WORK/arginfo.log" "$WORK/arginfo.diff" 2>/dev/null | head -80
		ko "fastqueue_arginfo.h is stale: run scripts/gen-arginfo"
	fi
}

# src/queue/payload_scan.c is re2c 3.0's output (bookworm's); another re2c writes other code for
# the same source, so the comparison is made where 3.0 is, and the other stacks build the
# committed file.
scanner_check() {
	if [ "$(re2c --version 2>/dev/null)" != "re2c 3.0" ]; then
		ok "src/queue/payload_scan.c: compared with its .re on bookworm (re2c 3.0; here $(re2c --version 2>/dev/null || echo 'no re2c'))"
		return
	fi
	if bash scripts/gen-scanner "$WORK/payload_scan.c" >"$WORK/gen-scanner.log" 2>&1 &&
		diff -u src/queue/payload_scan.c "$WORK/payload_scan.c" >"$WORK/gen-scanner.diff"; then
		ok "src/queue/payload_scan.c matches src/queue/payload_scan.re (scripts/gen-scanner, re2c 3.0)"
	else
		cat "$WORK/gen-scanner.log" "$WORK/gen-scanner.diff" 2>/dev/null | head -80
		ko "src/queue/payload_scan.c is stale: run scripts/gen-scanner (with re2c 3.0)"
	fi
}
