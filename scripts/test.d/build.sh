# build: phpize, configure --enable-fastqueue-dev, make (-Werror); scripts/check-layers
#
# Phpize, configure --enable-fastqueue-dev and make, warnings being errors, then the layers
# checked on the objects just built (scripts/check-layers). Needs the packages phase's php-dev,
# gcc and hiredis; stops the run when the extension does not build. Sets EXT.
phase_build() {
	heading "build"
	# Objects built without -Werror would hide warnings: rebuild all unless the last configure
	# already used the developer switch.
	if [ -f Makefile ] && ! grep -q -- '--enable-fastqueue-dev' config.nice 2>/dev/null; then
		make clean >/dev/null 2>&1
	fi
	if ! { phpize && ./configure --enable-fastqueue-dev; } >"$WORK/configure.log" 2>&1; then
		show_log "$WORK/configure.log" "phpize/configure output" 40
		ko "build failed: phpize or configure"
		finish
	fi
	if make -j2 >"$WORK/make.log" 2>&1 && [ -f modules/fastqueue.so ]; then
		ok "build: phpize, configure --enable-fastqueue-dev, make (-Wall -Wextra -Werror)"
	else
		# The compiler's diagnostics first, then the end of make's output.
		grep -E '^[^ ]+:[0-9]+:[0-9]+: (error|warning)' "$WORK/make.log" | head -40
		show_log "$WORK/make.log" "make output" 40
		ko "build failed: make"
		finish
	fi
	# The layers' one-way dependencies, read from the objects just built.
	if php scripts/check-layers >"$WORK/check-layers.log" 2>&1; then
		ok "layers: $(tail -n 1 "$WORK/check-layers.log" | sed 's/^check-layers: //') (scripts/check-layers)"
	else
		cat "$WORK/check-layers.log"
		ko "layers: a file calls or includes a higher layer, or two files call each other (scripts/check-layers)"
	fi
	EXT=$ROOT/modules/fastqueue.so
	part_done
}
