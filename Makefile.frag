# The generated sources, rebuilt when what they are made from changes (wired in by config.m4's
# PHP_ADD_MAKEFILE_FRAGMENT, as php-src's ext/json rebuilds its scanner and parser). The outputs
# are committed, and a pecl package has no scripts/: there, and wherever a generator cannot
# run, the committed file is built as it is.

FASTQUEUE_LUA_SOURCES = $(wildcard $(srcdir)/src/queue/lua/*.lua)

# src/queue/lua/*.lua (the scripts and the prelude they share) -> the C table of the scripts.
$(srcdir)/src/queue/lua_scripts.c: $(FASTQUEUE_LUA_SOURCES) $(wildcard $(srcdir)/scripts/gen-lua)
	@if test -f $(srcdir)/scripts/gen-lua; then \
		echo "scripts/gen-lua: src/queue/lua/*.lua -> src/queue/lua_scripts.c, src/queue/lua_scripts_list.h"; \
		$(PHP_EXECUTABLE) $(srcdir)/scripts/gen-lua || exit 1; \
	else \
		touch $@; \
	fi

$(srcdir)/src/queue/lua_scripts_list.h: $(srcdir)/src/queue/lua_scripts.c

# src/queue/payload_scan.re -> the scanner, with the re2c version that wrote the committed file (any
# other writes other code for the same source; scripts/gen-scanner --if-pinned says so and
# leaves the file as it is).
$(srcdir)/src/queue/payload_scan.c: $(srcdir)/src/queue/payload_scan.re
	@if test -f $(srcdir)/scripts/gen-scanner; then \
		$(srcdir)/scripts/gen-scanner --if-pinned || exit 1; \
	fi
	@touch $@
