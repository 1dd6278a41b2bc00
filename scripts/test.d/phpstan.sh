# phpstan: PHPStan on laravel/ against each Laravel of the stack
#
# PHPStan on the fastqueue/laravel package (laravel/phpstan.neon: level 6, no baseline), where
# the composer phase made applications: against Debian's Laravel of this stack (8.83 on
# bookworm, /usr/share/php, no Composer install: phpstan-bootstrap.php loads its
# Illuminate/autoload.php), each Laravel of the composer phase (its application's vendor/), and
# on PHP 8.2 the oldest Laravel Composer installs there (PHPSTAN_OLDEST_LARAVEL). PHPStan itself
# comes from Composer, pinned (PHPSTAN_VERSION), into this run's work directory, its download
# cached with the applications' (/var/cache/fastqueue/composer). Each Laravel gets its own
# result cache: PHPStan's does not know which Laravel it was made against. Needs composer and
# the network (or the cache). FASTQUEUE_TEST_PHPSTAN=off leaves it out.
PHPSTAN_VERSION=2.3.5
# The oldest laravel/framework Composer installs on PHP 8.2 (the registry's copy: 10.23 to 10.50,
# 11.56-11.57, 12.68-12.72, 13.26-13.42), checked by PHPStan on the bookworm stack only.
PHPSTAN_OLDEST_LARAVEL=10.23

phase_phpstan() {
	[ -n "${FASTQUEUE_TEST_COMPOSER_APPS:-}" ] && [ "${FASTQUEUE_TEST_PHPSTAN:-}" != off ] || return 0
	heading "phpstan"
	local t0=$SECONDS target pair
	mkdir -p "$WORK/phpstan/home"
	echo '{}' >"$WORK/phpstan/composer.json"
	if ! (cd "$WORK/phpstan" && phpstan_composer "$WORK/phpstan/home" "phpstan/phpstan:$PHPSTAN_VERSION") \
		>"$WORK/phpstan/composer.log" 2>&1; then
		show_log "$WORK/phpstan/composer.log" "composer require phpstan/phpstan:$PHPSTAN_VERSION" 20
		ko "composer require phpstan/phpstan:$PHPSTAN_VERSION failed ($((SECONDS - t0))s)"
		part_done
		return
	fi
	PHPSTAN_TARGETS=()
	[ -f /usr/share/php/Illuminate/autoload.php ] && PHPSTAN_TARGETS+=("debian=/usr/share/php")
	for pair in $FASTQUEUE_TEST_COMPOSER_APPS; do
		PHPSTAN_TARGETS+=("${pair%%=*}=${pair#*=}/vendor")
	done
	if [ "$(php -r 'echo PHP_VERSION_ID < 80300 ? 1 : 0;')" = 1 ]; then
		phpstan_oldest
	fi
	for target in "${PHPSTAN_TARGETS[@]}"; do
		phpstan_against "${target%%=*}" "${target#*=}"
	done
	part_done
}

# composer require $2 in the current directory, with $1 as its home.
phpstan_composer() {
	COMPOSER_CACHE_DIR=${COMPOSER_CACHE_DIR:-/var/cache/fastqueue/composer} \
		COMPOSER_HOME=$1 COMPOSER_NO_INTERACTION=1 COMPOSER_ALLOW_SUPERUSER=1 \
		timeout 300 composer require --no-progress "$2"
}

# On PHP 8.2 (the bookworm stack), also the oldest Laravel Composer installs there:
# laravel/framework 10.23 alone (no application, no tests run on it), in a directory of the
# cache kept between runs, made once and reused while its lock holds 10.23.
phpstan_oldest() {
	local t1=$SECONDS oldest=/var/cache/fastqueue/phpstan/laravel-$PHPSTAN_OLDEST_LARAVEL
	if [ -f "$oldest/vendor/autoload.php" ] && grep -A1 '"name": "laravel/framework"' "$oldest/composer.lock" 2>/dev/null \
		| grep -q "\"version\": \"v$PHPSTAN_OLDEST_LARAVEL\."; then
		PHPSTAN_TARGETS+=("oldest=$oldest/vendor")
	elif rm -rf "$oldest" && mkdir -p "$oldest/home" && echo '{}' >"$oldest/composer.json" \
		&& (cd "$oldest" && phpstan_composer "$oldest/home" "laravel/framework:$PHPSTAN_OLDEST_LARAVEL.*") \
		>"$WORK/phpstan/oldest.composer.log" 2>&1; then
		ok "composer require laravel/framework:$PHPSTAN_OLDEST_LARAVEL.* into $oldest, for PHPStan only ($((SECONDS - t1))s)"
		PHPSTAN_TARGETS+=("oldest=$oldest/vendor")
	else
		show_log "$WORK/phpstan/oldest.composer.log" "composer require laravel/framework:$PHPSTAN_OLDEST_LARAVEL.*" 20
		ko "composer require laravel/framework:$PHPSTAN_OLDEST_LARAVEL.* failed ($((SECONDS - t1))s)"
	fi
}

# PHPStan against the Laravel of vendor directory $2 (named $1; "debian": /usr/share/php).
phpstan_against() {
	local name=$1 dir=$2 t1=$SECONDS version autoload=$2/autoload.php
	[ "$name" = debian ] && autoload=$dir/Illuminate/autoload.php
	version=$(php -r 'require $argv[1]; echo Illuminate\Foundation\Application::VERSION;' "$autoload" 2>/dev/null)
	mkdir -p "$WORK/phpstan/tmp-$name"
	printf 'includes:\n    - %s/laravel/phpstan.neon\nparameters:\n    tmpDir: %s\n' "$ROOT" "$WORK/phpstan/tmp-$name" >"$WORK/phpstan/$name.neon"
	if FASTQUEUE_PHPSTAN_LARAVEL=$dir timeout 600 php "$WORK/phpstan/vendor/bin/phpstan" analyse --no-progress \
		--memory-limit=1G -c "$WORK/phpstan/$name.neon" >"$WORK/phpstan/$name.log" 2>&1; then
		ok "phpstan (level 6) on laravel/ against Laravel ${version:-?} ($dir, $((SECONDS - t1))s)"
	else
		show_log "$WORK/phpstan/$name.log" "phpstan against Laravel ${version:-?}" 40
		ko "phpstan (level 6) on laravel/ against Laravel ${version:-?} ($dir, $((SECONDS - t1))s)"
	fi
}
