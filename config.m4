dnl config.m4 for extension fastqueue

PHP_ARG_ENABLE([fastqueue],
  [whether to enable FastQueue support],
  [AS_HELP_STRING([--enable-fastqueue], [Enable FastQueue, the native Redis queue worker])],
  [yes])

PHP_ARG_WITH([hiredis-dir],
  [for hiredis],
  [AS_HELP_STRING([[--with-hiredis-dir[=DIR]]], [FastQueue: hiredis install prefix (default: pkg-config, then /usr and /usr/local)])],
  [no],
  [no])

PHP_ARG_WITH([fastqueue-tls],
  [whether to build FastQueue with TLS to Redis],
  [AS_HELP_STRING([[--with-fastqueue-tls]], [FastQueue: TLS to Redis through hiredis_ssl >= 1.1 and OpenSSL (default: when pkg-config finds them; --without-fastqueue-tls: never)])],
  [auto],
  [no])

PHP_ARG_ENABLE([fastqueue-dev],
  [whether to build FastQueue with developer warnings as errors],
  [AS_HELP_STRING([--enable-fastqueue-dev], [FastQueue: add -Wall -Wextra -Werror (for development and CI)])],
  [no],
  [no])

if test "$PHP_FASTQUEUE" != "no"; then
  dnl PHP 8.2 is the floor: the code uses 8.2's Zend API.
  AC_MSG_CHECKING([PHP version])
  if test -z "$PHP_VERSION_ID" && test -n "$PHP_CONFIG"; then
    PHP_VERSION_ID=`$PHP_CONFIG --vernum`
  fi
  if test -z "$PHP_VERSION_ID" || test "$PHP_VERSION_ID" -lt 80200; then
    AC_MSG_ERROR([FastQueue needs PHP 8.2 or newer (found $PHP_VERSION_ID)])
  fi
  AC_MSG_RESULT([$PHP_VERSION_ID, ok])

  dnl PHP's own headers are included as system headers, so that -Wall -Wextra judge FastQueue's
  dnl code and not PHP's (PHP 8.5's zend_operators.h has an unused parameter). INCLUDES holds
  dnl only php-config --includes here; hiredis and OpenSSL are added below.
  INCLUDES=`echo "$INCLUDES" | sed -e 's/-I/-isystem /g'`

  dnl hiredis: pkg-config first, then an explicit or well-known prefix.
  HIREDIS_FOUND=no
  if test "$PHP_HIREDIS_DIR" = "no" || test "$PHP_HIREDIS_DIR" = "yes"; then
    PKG_CHECK_MODULES([HIREDIS], [hiredis >= 0.13], [
      PHP_EVAL_INCLINE($HIREDIS_CFLAGS)
      PHP_EVAL_LIBLINE($HIREDIS_LIBS, FASTQUEUE_SHARED_LIBADD)
      HIREDIS_FOUND=yes
    ], [:])
  fi
  if test "$HIREDIS_FOUND" = "no"; then
    AC_MSG_CHECKING([for hiredis headers])
    for dir in $PHP_HIREDIS_DIR /usr/local /usr; do
      if test -r "$dir/include/hiredis/hiredis.h"; then
        HIREDIS_PREFIX=$dir
        break
      fi
    done
    if test -z "$HIREDIS_PREFIX"; then
      AC_MSG_RESULT([not found])
      AC_MSG_ERROR([hiredis not found: install libhiredis-dev or pass --with-hiredis-dir=DIR])
    fi
    AC_MSG_RESULT([$HIREDIS_PREFIX])
    PHP_ADD_INCLUDE($HIREDIS_PREFIX/include)
    PHP_ADD_LIBRARY_WITH_PATH(hiredis, $HIREDIS_PREFIX/$PHP_LIBDIR, FASTQUEUE_SHARED_LIBADD)
  fi

  dnl TLS: hiredis_ssl >= 1.1 (redisCreateSSLContextWithOptions, verify_mode) and OpenSSL,
  dnl found by pkg-config. Asked for (--with-fastqueue-tls) and missing is an error; by
  dnl default it is used when found. Never a silent plain-text fallback at run time: a build
  dnl without it refuses TLS settings.
  AC_MSG_CHECKING([whether to build FastQueue with TLS])
  AC_MSG_RESULT([$PHP_FASTQUEUE_TLS])
  FASTQUEUE_TLS_FOUND=no
  if test "$PHP_FASTQUEUE_TLS" != "no"; then
    PKG_CHECK_MODULES([FASTQUEUE_TLS], [hiredis_ssl >= 1.1.0 openssl >= 1.1.1], [
      FASTQUEUE_TLS_FOUND=yes
    ], [
      if test "$PHP_FASTQUEUE_TLS" != "auto"; then
        AC_MSG_ERROR([--with-fastqueue-tls: hiredis_ssl >= 1.1.0 and OpenSSL >= 1.1.1 not found by pkg-config ($FASTQUEUE_TLS_PKG_ERRORS). Install hiredis >= 1.1 built with SSL and the OpenSSL headers (Debian 13: libhiredis-dev libssl-dev), or configure --without-fastqueue-tls])
      fi
      AC_MSG_NOTICE([FastQueue: hiredis_ssl >= 1.1.0 or OpenSSL not found: building without TLS])
    ])
  fi
  if test "$FASTQUEUE_TLS_FOUND" = "yes"; then
    PHP_EVAL_INCLINE($FASTQUEUE_TLS_CFLAGS)
    PHP_EVAL_LIBLINE($FASTQUEUE_TLS_LIBS, FASTQUEUE_SHARED_LIBADD)
    AC_DEFINE([FASTQUEUE_HAVE_TLS], [1], [FastQueue: TLS to Redis through hiredis_ssl])
  fi

  if test "$PHP_FASTQUEUE_DEV" != "no"; then
    FASTQUEUE_CFLAGS="-Wall -Wextra -Werror"
  else
    FASTQUEUE_CFLAGS="-Wall -Wextra"
  fi

  dnl Lease renewal, the metrics exporter and the job-timeout watch run threads (src/base/thread.c
  dnl starts them), and the metrics' accumulator has a mutex that the exporter's thread shares
  dnl (src/metrics/metrics.c); glibc 2.34 and later have these in libc.
  PHP_ADD_LIBRARY(pthread, 1, FASTQUEUE_SHARED_LIBADD)

  dnl The sources, a group per folder of src/, one folder per layer; a dependency points down
  dnl this list (CONTRIBUTING.md, "Source layout"). Each folder is a build dir and on the include
  dnl path, so that a source includes any header by its bare name.
  FASTQUEUE_MODULE_SOURCES="fastqueue.c src/module/errors.c src/module/redis_queue_methods.c src/module/failed_methods.c src/module/job_methods.c src/module/job_options.c src/module/options.c src/module/redis_queue_options.c src/module/worker_options.c src/module/worker_methods.c src/module/supervisor_methods.c"
  FASTQUEUE_WORKER_SOURCES="src/worker/worker.c src/worker/worker_run.c src/worker/worker_reserve.c src/worker/worker_events.c src/worker/worker_measure.c src/worker/worker_settings.c src/worker/lease.c src/worker/crash.c src/worker/signals.c"
  FASTQUEUE_METRICS_SOURCES="src/metrics/metrics.c src/metrics/metrics_export.c src/metrics/metrics_endpoint.c"
  FASTQUEUE_QUEUE_SOURCES="src/queue/redis_queue.c src/queue/keys.c src/queue/reserved.c src/queue/reserve.c src/queue/job.c src/queue/failed.c src/queue/payload.c src/queue/payload_scan.c src/queue/lua_scripts.c src/queue/exceptions.c"
  FASTQUEUE_REDIS_SOURCES="src/redis/args.c src/redis/conn.c src/redis/conn_options.c src/redis/link.c src/redis/reply.c src/redis/session.c src/redis/reply_value.c src/redis/tls.c src/redis/sentinel.c src/redis/cluster.c"
  FASTQUEUE_SUPERVISOR_SOURCES="src/supervisor/supervisor.c src/supervisor/supervisor_loop.c src/supervisor/spawn.c src/supervisor/exits.c src/supervisor/supervisor_signals.c src/supervisor/figures.c src/supervisor/registry.c src/supervisor/balance.c src/supervisor/record.c src/supervisor/steering.c"
  FASTQUEUE_BASE_SOURCES="src/base/thread.c"

  PHP_NEW_EXTENSION(fastqueue,
    $FASTQUEUE_MODULE_SOURCES $FASTQUEUE_WORKER_SOURCES $FASTQUEUE_METRICS_SOURCES $FASTQUEUE_QUEUE_SOURCES $FASTQUEUE_REDIS_SOURCES $FASTQUEUE_SUPERVISOR_SOURCES $FASTQUEUE_BASE_SOURCES,
    $ext_shared,, [-DZEND_ENABLE_STATIC_TSRMLS_CACHE=1 $FASTQUEUE_CFLAGS])
  PHP_ADD_BUILD_DIR($ext_builddir/src/module)
  PHP_ADD_INCLUDE($ext_srcdir/src/module)
  PHP_ADD_BUILD_DIR($ext_builddir/src/worker)
  PHP_ADD_INCLUDE($ext_srcdir/src/worker)
  PHP_ADD_BUILD_DIR($ext_builddir/src/metrics)
  PHP_ADD_INCLUDE($ext_srcdir/src/metrics)
  PHP_ADD_BUILD_DIR($ext_builddir/src/queue)
  PHP_ADD_INCLUDE($ext_srcdir/src/queue)
  PHP_ADD_BUILD_DIR($ext_builddir/src/redis)
  PHP_ADD_INCLUDE($ext_srcdir/src/redis)
  PHP_ADD_BUILD_DIR($ext_builddir/src/supervisor)
  PHP_ADD_INCLUDE($ext_srcdir/src/supervisor)
  PHP_ADD_BUILD_DIR($ext_builddir/src/base)
  PHP_ADD_INCLUDE($ext_srcdir/src/base)
  dnl Makefile.frag rebuilds the generated sources (the Lua table, the scanner) from theirs.
  PHP_ADD_MAKEFILE_FRAGMENT
  PHP_SUBST(FASTQUEUE_SHARED_LIBADD)
fi
