# browser: php-webdriver for the browser tests, and a check of chromium and chromium-driver
#
# The browser tests (the phpt files that include tests/inc/browser.inc) drive Debian's
# chromium, headless, through chromium-driver, with php-webdriver. The packages phase installs
# chromium and chromium-driver (fq_packages); this part installs php-webdriver from Packagist
# once (fq_webdriver in scripts/lib.sh: FASTQUEUE_TEST_WEBDRIVER, default
# /var/cache/fastqueue/webdriver; scripts/stack copies the host's into its roots) and says
# which chromium runs. Runs only when a chosen test is a browser test. Needs composer and the
# network the first time (or composer's cache, or the copy scripts/stack made).
phase_browser() {
	local tests
	tests=$(find "${TEST_PATHS[@]}" -name '*.phpt' -type f -exec grep -l 'inc/browser\.inc' {} + 2>/dev/null | wc -l)
	[ "$tests" -gt 0 ] || return 0
	heading "browser"
	local t0=$SECONDS dir
	if dir=$(fq_webdriver); then
		export FASTQUEUE_TEST_WEBDRIVER=$dir
		ok "php-webdriver $FQ_WEBDRIVER_VERSION in $dir, for $tests browser test(s) ($((SECONDS - t0))s)"
	else
		ko "php-webdriver $FQ_WEBDRIVER_VERSION could not be installed: the browser tests will skip"
	fi
	if [ -x /usr/bin/chromedriver ] && [ -x /usr/lib/chromium/chromium ]; then
		echo "$(/usr/lib/chromium/chromium --version 2>/dev/null), $(/usr/bin/chromedriver --version 2>/dev/null | cut -d' ' -f1-2)"
	else
		ko "chromium or chromium-driver is not installed (the packages phase installs them)"
	fi
	part_done
}
