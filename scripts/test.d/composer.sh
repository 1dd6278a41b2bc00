# composer: a Laravel application per Composer-installed laravel/framework version
#
# For each laravel/framework version of this PHP (fq_composer_versions in
# tests/inc/composer_app.inc: the newest minors of 10, 11 and 12 on PHP 8.2, of 13 on 8.3 and
# later; FASTQUEUE_TEST_COMPOSER_VERSIONS=oldest the oldest, "v.." others, "off" none),
# scripts/laravel-composer makes an application from the laravel/laravel skeleton with
# fastqueue/laravel required (it installs composer where it is missing). tests/08_composer checks copies of these applications
# (FASTQUEUE_TEST_COMPOSER_APPS), and after the phpt pass the laravel phase runs the Laravel
# tests once per version with Laravel loaded from the application's vendor directory. Made here,
# before the tests: composer's first run on a new machine downloads for longer than
# run-tests.php lets a test be, and a version composer cannot install shows early. Needs the
# network (or composer's cache). Sets COMPOSER_VERSIONS, LARAVEL_TESTS and MAIN_EXCLUDE.
LARAVEL_TEST_DIRS="tests/07_artisan tests/09_parity"

phase_composer() {
	COMPOSER_VERSIONS=$(php -r 'require "tests/inc/composer_app.inc"; echo implode(" ", fq_composer_versions());')
	laravel_tests_chosen
	MAIN_EXCLUDE=
	if [ -z "$COMPOSER_VERSIONS" ]; then
		if composer_tests_chosen; then
			MAIN_EXCLUDE=tests/08_composer
			echo "no Laravel from Composer on this stack (FASTQUEUE_TEST_COMPOSER_VERSIONS=off): tests/08_composer left out"
		fi
	elif [ ${#LARAVEL_TESTS[@]} -gt 0 ] || composer_tests_chosen; then
		heading "composer"
		composer_apps
		part_done
	fi
}

# The Laravel tests among the chosen ones (FASTQUEUE_TEST_ONLY), for the laravel phase.
laravel_tests_chosen() {
	local d f
	LARAVEL_TESTS=()
	for d in $LARAVEL_TEST_DIRS; do
		while IFS= read -r f; do
			[ -n "$f" ] && LARAVEL_TESTS+=("$f")
		done < <(find "${TEST_PATHS[@]}" -name '*.phpt' -type f 2>/dev/null | sed 's#//*#/#g' | grep "^$d/" | sort)
	done
}

composer_tests_chosen() {
	find "${TEST_PATHS[@]}" -path '*08_composer/*.phpt' 2>/dev/null | grep -q .
}

# One application per version, into $WORK/laravel-VERSION.
composer_apps() {
	local v t0 apps=()
	for v in $COMPOSER_VERSIONS; do
		t0=$SECONDS
		if timeout 900 bash scripts/laravel-composer "$v" "$WORK/laravel-$v" >"$WORK/laravel-$v.log" 2>&1 </dev/null; then
			grep -E '^laravel-composer: composer cannot install' "$WORK/laravel-$v.log" || true
			ok "scripts/laravel-composer $v: laravel/laravel skeleton, laravel/framework $v, then composer require fastqueue/laravel from the checkout ($((SECONDS - t0))s)"
			apps+=("$v=$WORK/laravel-$v")
		else
			show_log "$WORK/laravel-$v.log" "scripts/laravel-composer $v output" 40
			ko "scripts/laravel-composer $v failed ($((SECONDS - t0))s)"
		fi
	done
	export FASTQUEUE_TEST_COMPOSER_APPS="${apps[*]}"
}
