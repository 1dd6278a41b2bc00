# Shared by scripts/test and scripts/demo (sourced, not run): the packages FastQueue needs,
# their install on a fresh Debian 12 machine, the build, and a private redis-server.

# Debian packages for building, testing, packaging and the Laravel compatibility tests, per
# Debian suite (the "stacks": scripts/stack runs the tests in a root of each). The one list
# of each stack: scripts/stack installs it into the stack's root.
fq_packages() {
	local php redis=phpredis p
	case "$1" in
	bookworm) php=8.2 ;;
	trixie | forky) php=8.4 ;;
	# sid with experimental: PHP 8.5 and 8.6 (release candidate) side by side, the stacks sid and
	# sid-8.6 choose one (scripts/stack). Debian has no phpredis for them (sid's php-redis does
	# not build on 8.5): Laravel's other client, predis, instead.
	sid) php="8.5 8.6" redis=predis ;;
	*)
		echo "fq_packages: no package list for Debian suite '$1'" >&2
		return 1
		;;
	esac
	local list="libhiredis-dev re2c pkg-config gcc make libc6-dev"
	list+=" redis-server redis-tools php-pear valgrind php-parser"
	list+=" php-illuminate-queue php-illuminate-redis php-illuminate-events"
	list+=" php-illuminate-container php-illuminate-bus php-laravel-framework"
	# The browser tests (tests/inc/browser.inc): Debian's chromium, driven through its WebDriver.
	list+=" chromium chromium-driver"
	[ "$redis" = predis ] && list+=" php-predis"
	for p in $php; do
		list+=" php$p-dev php$p-cli php$p-sqlite3 php$p-mbstring php$p-xml php$p-curl php$p-intl"
		[ "$redis" = phpredis ] && list+=" php$p-redis"
	done
	echo "$list"
}

# The Debian suite of this machine (or root): the one scripts/stack wrote into its roots'
# /etc/fastqueue-suite (sid and testing share a codename), else the codename, else bookworm.
fq_suite() {
	local codename
	if [ -s /etc/fastqueue-suite ]; then
		cat /etc/fastqueue-suite
		return
	fi
	codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
	echo "${codename:-bookworm}"
}

# Elsewhere (another distribution, a newer Debian) the bookworm names are the best guess.
read -r -a FQ_PACKAGES <<<"$(fq_packages "$(fq_suite)" 2>/dev/null || fq_packages bookworm)"

fq_root_dir() {
	(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
}

# Runs a command as root: directly when we are root, else through sudo.
fq_as_root() {
	if [ "$(id -u)" -eq 0 ]; then
		"$@"
	else
		sudo "$@"
	fi
}

# Installs whichever of FQ_PACKAGES is missing; touches apt only when something is.
fq_install_packages() {
	local missing=() p
	for p in "${FQ_PACKAGES[@]}"; do
		if [ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)" != "installed" ]; then
			missing+=("$p")
		fi
	done
	if [ ${#missing[@]} -eq 0 ]; then
		echo "packages: all ${#FQ_PACKAGES[@]} present"
		return 0
	fi
	echo "packages: installing ${missing[*]}"
	local log rc=0
	log=$(mktemp "${TMPDIR:-/tmp}/fastqueue-apt.XXXXXX")
	{
		fq_as_root apt-get update -qq &&
			fq_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
	} >"$log" 2>&1 || rc=$?
	if [ "$rc" -ne 0 ]; then
		echo "apt-get failed (exit code $rc); the end of its output:"
		tail -n 40 "$log"
	else
		echo "packages: installed"
	fi
	rm -f "$log"
	return "$rc"
}

# promtool, Prometheus's own checker of the text format (tests/04_worker/metrics/103 runs it beside its
# own), unpacked from Debian's prometheus package without installing it: no daemon, no service,
# no user. Kept in FASTQUEUE_PROMTOOL_CACHE (default /var/cache/fastqueue/promtool). Prints its
# path; fails when the package cannot be had.
fq_promtool() {
	local dir=${FASTQUEUE_PROMTOOL_CACHE:-/var/cache/fastqueue/promtool}
	if [ ! -x "$dir/usr/bin/promtool" ]; then
		mkdir -p "$dir" || return 1
		(
			cd "$dir" &&
				{ apt-get download prometheus >/dev/null 2>&1 ||
					{ fq_as_root apt-get update -qq >/dev/null 2>&1 && apt-get download prometheus >/dev/null 2>&1; }; } &&
				dpkg-deb -x prometheus_*.deb . && rm -f prometheus_*.deb
		) || return 1
	fi
	[ -x "$dir/usr/bin/promtool" ] && echo "$dir/usr/bin/promtool"
}

# php-webdriver, the WebDriver client the browser tests drive chromium-driver with
# (tests/inc/browser.inc), from Packagist with composer into FASTQUEUE_TEST_WEBDRIVER (default
# /var/cache/fastqueue/webdriver), once: a later run finds it there, and scripts/stack copies
# it into its roots, where no composer is needed. Installs Debian's composer and unzip where
# they are missing. Pinned to 1.16 for PHP 8.2 (platform.php): the same files serve PHP 8.2 to
# 8.6. ext-zip is not asked for: php-webdriver uses it only for Firefox profiles. Prints its
# directory; fails when composer cannot install it.
FQ_WEBDRIVER_VERSION=1.16.0
fq_webdriver() {
	local dir=${FASTQUEUE_TEST_WEBDRIVER:-/var/cache/fastqueue/webdriver} log
	if ! grep -qs "\"version\": \"$FQ_WEBDRIVER_VERSION\"" "$dir/vendor/composer/installed.json"; then
		if ! command -v composer >/dev/null || ! command -v unzip >/dev/null; then
			{ fq_as_root apt-get update -qq && fq_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq composer unzip; } >/dev/null 2>&1 ||
				{ echo "fq_webdriver: apt-get install composer unzip failed" >&2; return 1; }
		fi
		rm -rf "$dir.new" && mkdir -p "$dir.new" || return 1
		log=$dir.new/composer.log
		if ! (
			cd "$dir.new" && export COMPOSER_CACHE_DIR=${COMPOSER_CACHE_DIR:-/var/cache/fastqueue/composer} COMPOSER_ALLOW_SUPERUSER=1 &&
				echo '{"config": {"platform": {"php": "8.2.0"}}}' >composer.json &&
				composer require -n --no-progress --ignore-platform-req=ext-zip "php-webdriver/webdriver:$FQ_WEBDRIVER_VERSION"
		) >"$log" 2>&1; then
			echo "fq_webdriver: composer require php-webdriver/webdriver:$FQ_WEBDRIVER_VERSION failed:" >&2
			tail -n 20 "$log" >&2
			return 1
		fi
		rm -rf "$dir" && mv "$dir.new" "$dir" || return 1
	fi
	echo "$dir"
}

# A free TCP port on the loopback interface, chosen by the kernel.
fq_free_port() {
	php -n -r '$s = stream_socket_server("tcp://127.0.0.1:0"); $n = stream_socket_get_name($s, false); echo substr($n, strrpos($n, ":") + 1), "\n";'
}

# Starts a private redis-server in directory $1 (created by the caller) on a free loopback port,
# without persistence. Sets FQ_REDIS_PORT and FQ_REDIS_PID. The caller stops it with
# fq_stop_redis (typically from an EXIT trap). The port is ours only once the server answering
# on it is the one started here: a process that took the port meanwhile (a server an earlier
# run left behind, say) answers PING too, and the new server then exits; try another port.
fq_start_redis() {
	local dir=$1 try i
	for try in 1 2 3 4 5; do
		FQ_REDIS_PORT=$(fq_free_port)
		redis-server --port "$FQ_REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no \
			--dir "$dir" --logfile "$dir/redis.log" --daemonize no >/dev/null 2>&1 </dev/null &
		FQ_REDIS_PID=$!
		for i in $(seq 1 100); do
			if redis-cli -h 127.0.0.1 -p "$FQ_REDIS_PORT" info server 2>/dev/null | tr -d '\r' \
				| grep -qx "process_id:$FQ_REDIS_PID"; then
				return 0
			fi
			kill -0 "$FQ_REDIS_PID" 2>/dev/null || break
			sleep 0.05
		done
		fq_stop_redis
	done
	echo "redis-server did not start; its log:" >&2
	cat "$dir/redis.log" >&2 2>/dev/null
	return 1
}

fq_stop_redis() {
	if [ -n "${FQ_REDIS_PID:-}" ]; then
		kill "$FQ_REDIS_PID" 2>/dev/null && wait "$FQ_REDIS_PID" 2>/dev/null
		FQ_REDIS_PID=
	fi
	return 0
}

# run-tests.php from the PHP build files (php8.x-dev ships it).
fq_run_tests_php() {
	local d
	for d in "$(php-config --extension-dir 2>/dev/null)/build" /usr/lib/php/*/build; do
		if [ -r "$d/run-tests.php" ]; then
			echo "$d/run-tests.php"
			return 0
		fi
	done
	return 1
}
