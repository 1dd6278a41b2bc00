/*
 * Preloaded ahead of the sanitizer runtimes by the asan/ubsan pass of scripts/test (see
 * scripts/asan/php). Two things that Debian's php and gcc's split runtimes need:
 *
 * 1. Debian's php is not built with ASan, so it loads every shared extension (FastQueue's, and
 *    Debian's own: opcache, redis, ffi, ...) with dlopen(..., RTLD_DEEPBIND). ASan's dlopen
 *    refuses that flag and ends the process ("dlopen ... with RTLD_DEEPBIND flag which is
 *    incompatible with sanitizer runtime"): a library bound to itself first could call its own
 *    malloc and free past ASan's. A php built with ASan leaves the flag out for that reason;
 *    this dlopen does the same for Debian's binary: it clears the flag and passes the call on
 *    to the next dlopen (ASan's, which calls libc's).
 *
 * 2. gcc ships ASan and UBSan as two libraries (libasan, libubsan) that both export the
 *    sanitizers' common interface. With libasan first, libubsan's own call that sets its log
 *    file from UBSAN_OPTIONS log_path lands in libasan, and UBSan goes on writing its reports
 *    to stderr, where the reports of a test's child processes are easily lost. So the log
 *    prefix FQ_SAN_UBSAN_LOG is given to libubsan's own __sanitizer_set_report_path, looked up
 *    in libubsan itself (FQ_SAN_UBSAN_RUNTIME, its path), before main().
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <stdlib.h>

void *dlopen(const char *file, int mode)
{
	static void *(*next_dlopen)(const char *, int);

	if (next_dlopen == NULL) {
		next_dlopen = (void *(*)(const char *, int))dlsym(RTLD_NEXT, "dlopen");
	}
	return next_dlopen(file, mode & ~RTLD_DEEPBIND);
}

__attribute__((constructor)) static void ubsan_log_path(void)
{
	const char *runtime = getenv("FQ_SAN_UBSAN_RUNTIME");
	const char *prefix = getenv("FQ_SAN_UBSAN_LOG");
	void (*set_report_path)(const char *);
	void *ubsan;

	if (runtime == NULL || prefix == NULL || *prefix == '\0') {
		return;
	}
	ubsan = dlopen(runtime, RTLD_NOW | RTLD_NOLOAD);
	if (ubsan == NULL) {
		return;
	}
	set_report_path = (void (*)(const char *))dlsym(ubsan, "__sanitizer_set_report_path");
	if (set_report_path != NULL) {
		set_report_path(prefix);
	}
	dlclose(ubsan);
}
