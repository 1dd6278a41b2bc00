# laravel VERSION: the Laravel tests again on each Composer-installed Laravel
#
# The Laravel tests (tests/07_artisan, tests/09_parity, those chosen) again on each
# Composer-installed Laravel, one part per version, with Laravel loaded from the composer
# phase's application (FASTQUEUE_TEST_LARAVEL). Needs the composer phase; a version whose
# application was not made fails its part.
phase_laravel() {
	[ -n "$COMPOSER_VERSIONS" ] && [ ${#LARAVEL_TESTS[@]} -gt 0 ] || return 0
	local all_paths=("${TEST_PATHS[@]}") v
	TEST_PATHS=("${LARAVEL_TESTS[@]}")
	EXCLUDE=
	BUDGET=${FASTQUEUE_TEST_LARAVEL_BUDGET:-600}
	for v in $COMPOSER_VERSIONS; do
		heading "laravel $v"
		if [ -f "$WORK/laravel-$v/vendor/autoload.php" ]; then
			echo "Laravel $(sed -n 's/^laravel-composer: Laravel Framework \([^ ]*\) in .*/\1/p' "$WORK/laravel-$v.log") from $WORK/laravel-$v/vendor (FASTQUEUE_TEST_LARAVEL)"
			FASTQUEUE_TEST_LARAVEL=$WORK/laravel-$v/vendor phpt_pass "laravel-$v" --show-slow 5000
		else
			ko "laravel $v: no application to load Laravel $v from (scripts/laravel-composer failed, see the composer phase)"
		fi
		part_done
	done
	TEST_PATHS=("${all_paths[@]}")
}
