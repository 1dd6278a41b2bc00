# packages: the stack's Debian packages, installed when missing; promtool
#
# Installs the stack's Debian packages when missing (scripts/lib.sh's lists) and finds promtool.
# Needs apt-get as root, or the packages already there; stops the run when they cannot be had.
phase_packages() {
	heading "packages"
	if ! fq_install_packages; then
		ko "packages: apt-get install failed"
		finish
	fi
	# promtool checks the metrics' exposition beside tests/inc/prometheus.inc's own checker.
	if [ -z "${FASTQUEUE_TEST_PROMTOOL:-}" ]; then
		if FASTQUEUE_TEST_PROMTOOL=$(fq_promtool); then
			export FASTQUEUE_TEST_PROMTOOL
			echo "promtool: $FASTQUEUE_TEST_PROMTOOL"
		elif [ "${CI:-}" = true ]; then
			ko "packages: promtool (Debian's prometheus package, unpacked) could not be had"
			finish
		else
			echo "promtool: not available; the exposition is checked by tests/inc/prometheus.inc alone"
		fi
	fi
	echo "$(php -r 'echo "PHP ", PHP_VERSION;'), hiredis $(pkg-config --modversion hiredis), $(redis-server --version | cut -d' ' -f1-3), $(valgrind --version)"
	part_done
}
