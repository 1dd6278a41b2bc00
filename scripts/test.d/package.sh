# packaging: pecl package, pecl install, php --ri
#
# Pecl package from a clean copy of exactly what package.xml lists, pecl install of the archive
# (as root), then php --ri from the system's extension directory. Needs pecl and root
# (fq_as_root); FASTQUEUE_TEST_PACKAGE=off leaves it out on a stack, and
# FASTQUEUE_TEST_NO_PACKAGE=1 skips it outside CI.
phase_package() {
	heading "packaging"
	if [ "${FASTQUEUE_TEST_PACKAGE:-}" = off ]; then
		# scripts/stack packages on some stacks only (FASTQUEUE_STACK_PACKAGE); the build phase
		# has built the extension on this one.
		echo "not run on this stack (FASTQUEUE_TEST_PACKAGE=off)"
		return
	fi
	if [ "${FASTQUEUE_TEST_NO_PACKAGE:-}" = 1 ] && ! is_ci; then
		skipped "packaging (FASTQUEUE_TEST_NO_PACKAGE=1)"
		return
	fi
	local version tgz pkg=$WORK/package f
	version=$(php -r '$x = simplexml_load_file("package.xml"); echo $x->version->release;')
	tgz=fastqueue-$version.tgz
	mkdir -p "$pkg"
	# A clean copy holding exactly what package.xml lists, so that nothing of the in-tree build
	# (or a file the list forgot) can help pecl.
	cp package.xml "$pkg/"
	php scripts/gen-package --list | while IFS= read -r f; do
		[ -f "$f" ] && mkdir -p "$pkg/$(dirname "$f")" && cp -p "$f" "$pkg/$f"
	done
	if (cd "$pkg" && pecl package package.xml) >"$WORK/pecl-package.log" 2>&1 && [ -f "$pkg/$tgz" ]; then
		grep -i 'warning' "$WORK/pecl-package.log" || true
		ok "pecl package: $tgz ($(tar -tzf "$pkg/$tgz" | wc -l) entries)"
	else
		show_log "$WORK/pecl-package.log" "pecl package output"
		ko "pecl package did not produce $tgz"
		return
	fi
	package_install "$pkg/$tgz" && package_ri "$version"
}

# pecl install of archive $1, over an installed fastqueue.
package_install() {
	if pecl list 2>/dev/null | grep -q '^fastqueue '; then
		fq_as_root pecl uninstall fastqueue >"$WORK/pecl-uninstall.log" 2>&1 ||
			show_log "$WORK/pecl-uninstall.log" "pecl uninstall output"
	fi
	if fq_as_root pecl install "$1" >"$WORK/pecl-install.log" 2>&1 </dev/null &&
		grep -q '^install ok:' "$WORK/pecl-install.log" &&
		[ -f "$(php-config --extension-dir)/fastqueue.so" ]; then
		ok "pecl install $(basename "$1"): built and installed into $(php-config --extension-dir)"
	else
		show_log "$WORK/pecl-install.log" "pecl install output" 80
		ko "pecl install $(basename "$1") failed"
		return 1
	fi
}

# php --ri from the system extension directory this time, not from modules/: version $1.
package_ri() {
	local ri
	ri=$(php -d extension=fastqueue.so --ri fastqueue 2>&1)
	if grep -qE "^Version => $1\$" <<<"$ri"; then
		ok "php -d extension=fastqueue.so --ri fastqueue: Version => $1"
	else
		echo "$ri"
		ko "php --ri fastqueue does not show version $1"
	fi
}
