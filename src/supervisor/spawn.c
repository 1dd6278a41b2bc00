/* fork() and execve() of a worker. Between the two the child calls only async-signal-safe
 * functions: the parent may hold locks (stdio's, the allocator's) that the copy would never
 * see released. Everything that allocates (the path, the environment) is made before. */
#include "spawn.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
# include <sys/prctl.h>
#endif

extern char **environ;

/* The name a "KEY=VALUE" entry sets: its length up to the '='. */
static size_t env_key_len(const char *entry)
{
	const char *eq = strchr(entry, '=');
	return eq ? (size_t) (eq - entry) : strlen(entry);
}

static bool env_overridden(const char *entry, char *const env[])
{
	size_t len = env_key_len(entry);
	for (size_t i = 0; env && env[i]; i++) {
		if (env_key_len(env[i]) == len && strncmp(env[i], entry, len) == 0) {
			return true;
		}
	}
	return false;
}

/* The child's environment: the supervisor's, less what env replaces, then env. The pointers
 * are borrowed: free only the array. */
static char **merged_env(char *const env[])
{
	size_t n = 0, m = 0, k = 0;
	char **out;

	while (environ && environ[n]) n++;
	while (env && env[m]) m++;
	out = malloc((n + m + 1) * sizeof(char *));
	if (!out) {
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		if (!env_overridden(environ[i], env)) {
			out[k++] = environ[i];
		}
	}
	for (size_t i = 0; i < m; i++) {
		out[k++] = env[i];
	}
	out[k] = NULL;
	return out;
}

/* PATH as the child will see it: env's if it sets one, else the supervisor's. */
static const char *child_path(char *const env[])
{
	for (size_t i = 0; env && env[i]; i++) {
		if (strncmp(env[i], "PATH=", 5) == 0) {
			return env[i] + 5;
		}
	}
	return getenv("PATH") ? getenv("PATH") : "/usr/local/bin:/usr/bin:/bin";
}

/* The program to execute, found as a shell would: a name with a '/' as it is, else the first
 * executable file of that name in PATH. FAILURE with errno set (ENOENT, EACCES). */
static zend_result find_program(const char *name, char *const env[], char *out, size_t outlen)
{
	const char *dir = child_path(env);
	int found_errno = ENOENT;

	if (strchr(name, '/')) {
		snprintf(out, outlen, "%s", name);
		return SUCCESS;
	}
	while (dir) {
		const char *end = strchr(dir, ':');
		size_t len = end ? (size_t) (end - dir) : strlen(dir);
		struct stat st;
		int n = snprintf(out, outlen, "%.*s%s%s", (int) len, dir, len ? "/" : "", name);
		if (n > 0 && (size_t) n < outlen && stat(out, &st) == 0 && S_ISREG(st.st_mode)) {
			if (access(out, X_OK) == 0) {
				return SUCCESS;
			}
			found_errno = EACCES;
		}
		dir = end ? end + 1 : NULL;
	}
	errno = found_errno;
	return FAILURE;
}

/* Closes every descriptor from lo up to hi (inclusive). */
static void close_from(int lo, int hi, long open_max)
{
	if (lo > hi) {
		return;
	}
#ifdef SYS_close_range
	if (syscall(SYS_close_range, (unsigned) lo, (unsigned) hi, 0) == 0) {
		return;
	}
#endif
	for (long fd = lo; fd <= hi && fd < open_max; fd++) {
		close((int) fd);
	}
}

/* In the child, before execve(): default dispositions but SIGUSR2 ignored, no mask, the
 * parent-death signal, and no descriptor above 2 but the error pipe (close-on-exec). Never
 * returns when the parent is already gone. */
static void child_setup(pid_t parent, int err_fd, long open_max)
{
	struct sigaction dfl;
	sigset_t none;

	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	for (int sig = 1; sig < NSIG; sig++) {
		sigaction(sig, &dfl, NULL); /* refused, harmlessly, for SIGKILL, SIGSTOP and the C library's own */
	}
	/* An ignored signal stays ignored across execve(), until the program sets a handler of its
	 * own: a pause that reaches a worker still booting cannot end it (SIGUSR2's default action,
	 * which PHP's own handler carries out too). */
	dfl.sa_handler = SIG_IGN;
	sigaction(FASTQUEUE_SPAWN_IGNORED_SIGNAL, &dfl, NULL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, FASTQUEUE_SPAWN_ORPHAN_SIGNAL);
#endif
	/* The parent may have died before the prctl(): the signal will then never come. */
	if (getppid() != parent) {
		_exit(127);
	}
	close_from(3, err_fd - 1, open_max);
	close_from(err_fd + 1, INT_MAX, open_max);
}

/* Reads the child's report: 0 bytes when execve() closed the pipe, else its errno. */
static int exec_errno(int fd)
{
	int e = 0;
	ssize_t n;
	do {
		n = read(fd, &e, sizeof(e));
	} while (n < 0 && errno == EINTR);
	return n == (ssize_t) sizeof(e) ? e : 0;
}

pid_t fastqueue_spawn(char *const argv[], char *const env[], char *err, size_t errlen)
{
	char program[4096];
	char **envp;
	int fds[2], e;
	long open_max = sysconf(_SC_OPEN_MAX);
	pid_t parent = getpid(), pid;

	if (find_program(argv[0], env, program, sizeof(program)) == FAILURE) {
		snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	if (!(envp = merged_env(env))) {
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		return -1;
	}
	if (pipe2(fds, O_CLOEXEC) != 0) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		free(envp);
		return -1;
	}
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		child_setup(parent, fds[1], open_max < 0 ? 65536 : open_max);
		execve(program, argv, envp);
		e = errno;
		(void) !write(fds[1], &e, sizeof(e));
		_exit(127);
	}
	e = pid < 0 ? errno : 0;
	free(envp);
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		snprintf(err, errlen, "fork: %s", strerror(e));
		return -1;
	}
	e = exec_errno(fds[0]);
	close(fds[0]);
	if (e) {
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR);
		snprintf(err, errlen, "%s", strerror(e));
		return -1;
	}
	return pid;
}
