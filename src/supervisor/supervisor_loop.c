/* The supervisor's control loop: start the pools, then turn until stopped. Each turn reads
 * the signals and requests, reaps, fits each pool to its target (starting, restarting or
 * stopping workers), then sleeps in poll() on the self-pipe until a signal or the next timer.
 * No PHP runs here but the log callback, for events. */
#include "supervisor.h"
#include "supervisor_signals.h"
#include "spawn.h"
#include "exits.h"
#include "steering.h"
#include "clock.h"
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

typedef struct {
	fastqueue_supervisor *s;
	sig_atomic_t pause_news_seen; /* fastqueue_sup_signals.pause_news already acted on */
	sig_atomic_t restarts_seen;   /* fastqueue_sup_signals.restart (SIGHUP) already acted on */
} loop_state;

#define say fastqueue_sup_say

/* {{{ starting */
static zend_result push_restart(fastqueue_sup_pool *p, double due, unsigned streak)
{
	if (p->nrestarts == p->restarts_cap) {
		unsigned cap = p->restarts_cap ? p->restarts_cap * 2 : 4;
		fastqueue_sup_restart *r = realloc(p->restarts, cap * sizeof(*r));
		if (!r) {
			return FAILURE;
		}
		p->restarts = r;
		p->restarts_cap = cap;
	}
	p->restarts[p->nrestarts++] = (fastqueue_sup_restart) {due, streak};
	return SUCCESS;
}

static zend_result room_for_child(fastqueue_supervisor *s)
{
	if (s->nchildren == s->children_cap) {
		unsigned cap = s->children_cap ? s->children_cap * 2 : 8;
		fastqueue_sup_child *c = realloc(s->children, cap * sizeof(*c));
		if (!c) {
			return FAILURE;
		}
		s->children = c;
		s->children_cap = cap;
	}
	return SUCCESS;
}

/* Starts a worker of pool pi whose line has crashed streak times in a row. FAILURE: why says
 * why (an errno text), in FASTQUEUE_SUP_ERR_LEN bytes. */
static zend_result start_worker(fastqueue_supervisor *s, unsigned pi, unsigned streak, char *why)
{
	fastqueue_sup_pool *p = &s->pools[pi];
	pid_t pid;

	if (room_for_child(s) == FAILURE) {
		snprintf(why, FASTQUEUE_SUP_ERR_LEN, "%s", strerror(ENOMEM));
		return FAILURE;
	}
	if ((pid = fastqueue_spawn(p->argv, p->env, why, FASTQUEUE_SUP_ERR_LEN)) < 0) {
		return FAILURE;
	}
	s->children[s->nchildren++] = (fastqueue_sup_child) {
		.pid = pid, .pool = pi, .started = fastqueue_clock_mono(), .streak = streak, .generation = s->generation,
	};
	p->started++;
	say(s, &(fastqueue_sup_event) {.kind = FASTQUEUE_SUP_STARTED, .pool = p->name, .pid = pid, .status = -1},
		"pool \"%s\": started pid %ld (%u of %u)", p->name, (long) pid, fastqueue_supervisor_running(s, pi), p->target);
	return SUCCESS;
}

/* Starts a worker in the loop: one that cannot start counts as a crash and waits its delay. */
static void start_or_delay(fastqueue_supervisor *s, unsigned pi, unsigned streak)
{
	fastqueue_sup_pool *p = &s->pools[pi];
	char why[FASTQUEUE_SUP_ERR_LEN];
	double delay;

	if (start_worker(s, pi, streak, why) == SUCCESS) {
		return;
	}
	streak++;
	delay = fastqueue_exit_restart_delay(streak, FASTQUEUE_SUP_MAX_DELAY);
	p->crashes++;
	snprintf(p->last_exit, sizeof(p->last_exit), "could not start: %s", why);
	if (push_restart(p, fastqueue_clock_mono() + delay, streak) == FAILURE) {
		delay = 0; /* out of memory: the next turn's fit tries again */
	}
	say(s, &(fastqueue_sup_event) {.kind = FASTQUEUE_SUP_START_FAILED, .pool = p->name, .reason = why, .delay = delay,
		.status = -1}, "pool \"%s\": cannot start \"%s\": %s: restart in %g s", p->name, p->argv[0], why, delay);
}
/* }}} */

/* {{{ reaping */
/* A worker has ended with wait status ws (or could not be waited for: lost). */
static void ended(fastqueue_supervisor *s, const fastqueue_sup_child *c, int ws, bool lost)
{
	fastqueue_sup_pool *p = &s->pools[c->pool];
	double ran = fastqueue_clock_mono() - c->started, delay;
	fastqueue_sup_event ev = {.kind = FASTQUEUE_SUP_EXITED, .pool = p->name, .pid = c->pid, .ran = ran,
		.status = !lost && WIFEXITED(ws) ? WEXITSTATUS(ws) : -1, .signo = !lost && WIFSIGNALED(ws) ? WTERMSIG(ws) : 0};
	char how[96];
	unsigned streak;

	if (lost) {
		snprintf(how, sizeof(how), "was reaped by someone else");
	} else {
		fastqueue_exit_describe(ws, how, sizeof(how));
	}
	snprintf(p->last_exit, sizeof(p->last_exit), "%s after %.1f s", how, ran);
	ev.reason = p->last_exit;
	if (c->stopping || s->state == FASTQUEUE_SUP_STOPPING_STATE) {
		ev.delay = -1;
		say(s, &ev, "pool \"%s\": pid %ld %s (asked to stop)", p->name, (long) c->pid, p->last_exit);
		return;
	}
	if (!lost && fastqueue_exit_by_design(ws, ran, p->design_exits, FASTQUEUE_SUP_MIN_RUN)) {
		p->replaced++;
		say(s, &ev, "pool \"%s\": pid %ld %s: replaced at once", p->name, (long) c->pid, p->last_exit);
		return;
	}
	streak = fastqueue_exit_next_streak(c->streak, ran, FASTQUEUE_SUP_STEADY_SECONDS);
	delay = fastqueue_exit_restart_delay(streak, FASTQUEUE_SUP_MAX_DELAY);
	p->crashes++;
	if (push_restart(p, fastqueue_clock_mono() + delay, streak) == FAILURE) {
		delay = 0; /* out of memory: the next turn's fit starts one at once */
	}
	ev.delay = delay;
	say(s, &ev, "pool \"%s\": pid %ld %s%s: restart in %g s", p->name, (long) c->pid, p->last_exit,
		ran < FASTQUEUE_SUP_MIN_RUN && !lost && WIFEXITED(ws) && fastqueue_exit_in(p->design_exits, WEXITSTATUS(ws))
			? ", under a second" : "", delay);
}

/* Reaps every worker that has ended, each by its own pid: children the PHP process started
 * itself are not ours to reap. */
static void reap(fastqueue_supervisor *s)
{
	unsigned i = 0;

	while (i < s->nchildren) {
		int ws = 0;
		pid_t r = waitpid(s->children[i].pid, &ws, WNOHANG);
		fastqueue_sup_child gone;

		if (r == 0 || (r < 0 && errno == EINTR)) {
			i += r == 0;
			continue;
		}
		gone = s->children[i];
		s->children[i] = s->children[--s->nchildren];
		ended(s, &gone, ws, r < 0);
	}
}
/* }}} */

/* {{{ fitting a pool to its target */
static void drop_latest_restart(fastqueue_sup_pool *p)
{
	unsigned latest = 0;
	for (unsigned i = 1; i < p->nrestarts; i++) {
		latest = p->restarts[i].due > p->restarts[latest].due ? i : latest;
	}
	p->restarts[latest] = p->restarts[--p->nrestarts];
}

/* The newest worker of pool pi not already asked to stop, of an older generation than the
 * supervisor's when old_only. */
static fastqueue_sup_child *newest(fastqueue_supervisor *s, unsigned pi, bool old_only)
{
	fastqueue_sup_child *found = NULL;
	for (unsigned i = 0; i < s->nchildren; i++) {
		fastqueue_sup_child *c = &s->children[i];
		if (c->pool == pi && !c->stopping && (!old_only || c->generation != s->generation)
				&& (!found || c->started > found->started)) {
			found = c;
		}
	}
	return found;
}

/* The oldest worker of pool pi of an older generation, not asked to stop; NULL for none. */
static fastqueue_sup_child *oldest_old(fastqueue_supervisor *s, unsigned pi)
{
	fastqueue_sup_child *found = NULL;
	for (unsigned i = 0; i < s->nchildren; i++) {
		fastqueue_sup_child *c = &s->children[i];
		if (c->pool == pi && !c->stopping && c->generation != s->generation && (!found || c->started < found->started)) {
			found = c;
		}
	}
	return found;
}

/* The count pool pi runs now: its target, and one more while a rolling restart replaces its
 * old workers (the new one starts before an old one stops). */
static unsigned wanted(fastqueue_supervisor *s, unsigned pi)
{
	return s->pools[pi].target + (s->restarting == (int) pi && oldest_old(s, pi) ? 1 : 0);
}

/* Stops workers down to want: the newest first (the oldest have warmed up), those of an older
 * generation before the others during a restart. */
static void shrink(fastqueue_supervisor *s, unsigned pi, unsigned running, unsigned want)
{
	fastqueue_sup_pool *p = &s->pools[pi];

	while (p->nrestarts && running + p->nrestarts > want) {
		drop_latest_restart(p);
	}
	for (; running > want; running--) {
		fastqueue_sup_child *c = newest(s, pi, true);
		c = c ? c : newest(s, pi, false);
		c->stopping = true;
		kill(c->pid, SIGTERM);
		say(s, &(fastqueue_sup_event) {.kind = FASTQUEUE_SUP_SHRINKING, .pool = p->name, .pid = c->pid, .status = -1},
			"pool \"%s\": SIGTERM to pid %ld, the newest, for %u processes", p->name, (long) c->pid, p->target);
	}
}

static void fit(fastqueue_supervisor *s, unsigned pi)
{
	fastqueue_sup_pool *p = &s->pools[pi];
	double now = fastqueue_clock_mono();
	unsigned i = 0, want = wanted(s, pi);

	shrink(s, pi, fastqueue_supervisor_running(s, pi), want);
	while (i < p->nrestarts) {
		if (p->restarts[i].due <= now) {
			unsigned streak = p->restarts[i].streak;
			p->restarts[i] = p->restarts[--p->nrestarts];
			start_or_delay(s, pi, streak);
		} else {
			i++;
		}
	}
	while (fastqueue_supervisor_running(s, pi) + p->nrestarts < want) {
		start_or_delay(s, pi, 0);
	}
}
/* }}} */

/* {{{ rolling restarts */
/* The first pool from pi on that has a worker of an older generation; -1 for none. */
static int next_pool_to_restart(fastqueue_supervisor *s, unsigned pi)
{
	for (; pi < s->npools; pi++) {
		if (oldest_old(s, pi)) {
			return (int) pi;
		}
	}
	return -1;
}

static void say_restart(fastqueue_supervisor *s, const char *line)
{
	say(s, &(fastqueue_sup_event) {.kind = FASTQUEUE_SUP_RESTARTING,
		.pool = s->restarting >= 0 ? s->pools[s->restarting].name : NULL, .status = -1}, "%s", line);
}

/* A restart asked for (restart(), SIGHUP, the stamp): every running worker is now old. */
static void begin_restart(fastqueue_supervisor *s)
{
	char line[FASTQUEUE_SUP_ERR_LEN];

	s->restart_requested = false;
	s->generation++;
	s->restarting = next_pool_to_restart(s, 0);
	if (s->restarting < 0) {
		snprintf(s->restarted, sizeof(s->restarted), "%s", s->restart_for);
		say_restart(s, "rolling restart: no worker to restart");
		return;
	}
	snprintf(line, sizeof(line), "rolling restart: pool \"%s\" first, one pool at a time",
		s->pools[s->restarting].name);
	say_restart(s, line);
	s->changed = true;
}

/* One step of the restart of the current pool: once its newest worker (a new one) has run
 * FASTQUEUE_SUP_RESTART_OVERLAP seconds, and the pool has its count without the old ones,
 * SIGTERM to its oldest old worker; a pool with no old worker left hands over to the next. */
static void restart_step(fastqueue_supervisor *s)
{
	unsigned pi = (unsigned) s->restarting;
	fastqueue_sup_pool *p = &s->pools[pi];
	fastqueue_sup_child *old = oldest_old(s, pi), *young = newest(s, pi, false);
	char line[FASTQUEUE_SUP_ERR_LEN];

	if (!old) {
		s->restarting = next_pool_to_restart(s, pi + 1);
		if (s->restarting < 0) {
			snprintf(s->restarted, sizeof(s->restarted), "%s", s->restart_for);
			say_restart(s, "rolling restart: done");
		} else {
			snprintf(line, sizeof(line), "rolling restart: pool \"%s\" next", s->pools[s->restarting].name);
			say_restart(s, line);
		}
		s->changed = true;
		return;
	}
	if (young->generation != s->generation || fastqueue_clock_mono() - young->started < FASTQUEUE_SUP_RESTART_OVERLAP
			|| fastqueue_supervisor_running(s, pi) + p->nrestarts <= p->target) {
		return;
	}
	old->stopping = true;
	kill(old->pid, SIGTERM);
	say(s, &(fastqueue_sup_event) {.kind = FASTQUEUE_SUP_SHRINKING, .pool = p->name, .pid = old->pid, .status = -1},
		"pool \"%s\": SIGTERM to pid %ld, replaced by pid %ld (rolling restart)", p->name, (long) old->pid,
		(long) young->pid);
	s->changed = true;
}

/* Seconds until the restart's next step is due (its new worker's overlap); -1 for none. */
static double restart_timer(fastqueue_supervisor *s)
{
	fastqueue_sup_child *young;

	if (s->restarting < 0 || s->state != FASTQUEUE_SUP_RUNNING
			|| !(young = newest(s, (unsigned) s->restarting, false)) || young->generation != s->generation) {
		return -1;
	}
	return fmax(0, young->started + FASTQUEUE_SUP_RESTART_OVERLAP - fastqueue_clock_mono());
}
/* }}} */

/* {{{ stopping, pausing */
static void begin_stop(fastqueue_supervisor *s)
{
	unsigned n = 0;

	s->state = FASTQUEUE_SUP_STOPPING_STATE;
	s->stop_deadline = fastqueue_clock_mono() + s->stop_timeout;
	s->restarting = -1;
	s->restart_requested = false;
	for (unsigned i = 0; i < s->npools; i++) {
		s->pools[i].nrestarts = 0;
	}
	for (unsigned i = 0; i < s->nchildren; i++) {
		if (!s->children[i].stopping) {
			s->children[i].stopping = true;
			kill(s->children[i].pid, SIGTERM);
		}
		n++;
	}
	say(s, &(fastqueue_sup_event) {.kind = FASTQUEUE_SUP_STOPPING, .status = -1},
		"stopping: SIGTERM to %u worker%s, SIGKILL after %g s", n, n == 1 ? "" : "s", s->stop_timeout);
}

static void kill_at_deadline(fastqueue_supervisor *s)
{
	s->killed = true;
	for (unsigned i = 0; i < s->nchildren; i++) {
		fastqueue_sup_child *c = &s->children[i];
		kill(c->pid, SIGKILL);
		say(s, &(fastqueue_sup_event) {.kind = FASTQUEUE_SUP_KILLED, .pool = s->pools[c->pool].name, .pid = c->pid,
			.status = -1}, "pool \"%s\": pid %ld still running %g s after SIGTERM: SIGKILL", s->pools[c->pool].name,
			(long) c->pid, s->stop_timeout);
	}
}

/* SIGUSR2 to each worker, or only to those started within the last FASTQUEUE_SUP_BOOT_SECONDS
 * (young); how many. */
static unsigned send_pause(fastqueue_supervisor *s, bool young)
{
	double since = fastqueue_clock_mono() - FASTQUEUE_SUP_BOOT_SECONDS;
	unsigned n = 0;

	for (unsigned i = 0; i < s->nchildren; i++) {
		fastqueue_sup_child *c = &s->children[i];
		if (!c->stopping && (!young || c->started > since)) {
			kill(c->pid, SIGUSR2);
			n++;
		}
	}
	return n;
}

/* Whether some worker started within the last FASTQUEUE_SUP_BOOT_SECONDS. */
static bool any_young(const fastqueue_supervisor *s)
{
	double since = fastqueue_clock_mono() - FASTQUEUE_SUP_BOOT_SECONDS;
	for (unsigned i = 0; i < s->nchildren; i++) {
		if (!s->children[i].stopping && s->children[i].started > since) {
			return true;
		}
	}
	return false;
}

/* While paused: SIGUSR2 again, every FASTQUEUE_SUP_PAUSE_REPEAT, to workers that may have been
 * booting (SIGUSR2 ignored) when it was sent; a paused worker takes it again as a no-op. */
static void repeat_pause(fastqueue_supervisor *s)
{
	double now = fastqueue_clock_mono();

	if (now >= s->pause_repeat_at) {
		send_pause(s, true);
		s->pause_repeat_at = now + FASTQUEUE_SUP_PAUSE_REPEAT;
	}
}

static void set_paused(fastqueue_supervisor *s, bool paused)
{
	unsigned n;

	if (paused && s->state == FASTQUEUE_SUP_RUNNING) {
		s->state = FASTQUEUE_SUP_PAUSED_STATE;
		n = send_pause(s, false);
		s->pause_repeat_at = fastqueue_clock_mono() + FASTQUEUE_SUP_PAUSE_REPEAT;
		say(s, &(fastqueue_sup_event) {.kind = FASTQUEUE_SUP_PAUSED, .status = -1},
			"paused: SIGUSR2 to %u worker%s, none started until continued", n, n == 1 ? "" : "s");
	} else if (!paused && s->state == FASTQUEUE_SUP_PAUSED_STATE) {
		s->state = FASTQUEUE_SUP_RUNNING;
		n = 0;
		for (unsigned i = 0; i < s->nchildren; i++) {
			if (!s->children[i].stopping) {
				kill(s->children[i].pid, SIGCONT);
				n++;
			}
		}
		say(s, &(fastqueue_sup_event) {.kind = FASTQUEUE_SUP_CONTINUED, .status = -1},
			"continued: SIGCONT to %u worker%s", n, n == 1 ? "" : "s");
	}
}
/* }}} */

/* {{{ the turn */
static void read_requests(loop_state *l)
{
	fastqueue_supervisor *s = l->s;
	sig_atomic_t news = fastqueue_sup_signals.pause_news;

	s->changed = false;
	fastqueue_sup_signals.child = 0;
	if ((fastqueue_sup_signals.quit || s->stop_requested) && s->state != FASTQUEUE_SUP_STOPPING_STATE) {
		begin_stop(s);
	}
	if (news != l->pause_news_seen) {
		l->pause_news_seen = news;
		set_paused(s, fastqueue_sup_signals.paused);
	}
	if (s->pause_requested >= 0) {
		bool paused = s->pause_requested;
		s->pause_requested = -1;
		set_paused(s, paused);
	}
	if (fastqueue_sup_signals.restart != l->restarts_seen) {
		l->restarts_seen = fastqueue_sup_signals.restart;
		s->restart_requested = true;
		s->restart_for[0] = '\0';
	}
}

/* Seconds until the next timer: a restart, the stop deadline, the pause's repeat; -1 for none. */
static double next_timer(fastqueue_supervisor *s)
{
	double now = fastqueue_clock_mono(), wait = -1;

	if (s->changed || s->stop_requested || s->pause_requested >= 0
			|| (s->restart_requested && s->state == FASTQUEUE_SUP_RUNNING)) {
		return 0;
	}
	if (s->state == FASTQUEUE_SUP_STOPPING_STATE) {
		return s->killed ? -1 : fmax(0, s->stop_deadline - now);
	}
	if (s->state == FASTQUEUE_SUP_PAUSED_STATE && any_young(s)) {
		wait = fmax(0, s->pause_repeat_at - now);
	}
	for (unsigned i = 0; s->state == FASTQUEUE_SUP_RUNNING && i < s->npools; i++) {
		for (unsigned j = 0; j < s->pools[i].nrestarts; j++) {
			double d = fmax(0, s->pools[i].restarts[j].due - now);
			wait = wait < 0 || d < wait ? d : wait;
		}
	}
	if (s->state != FASTQUEUE_SUP_IDLE) {
		double d = fastqueue_sup_steer_next(s, now);
		wait = d >= 0 && (wait < 0 || d < wait) ? d : wait;
	}
	if (restart_timer(s) >= 0) {
		double d = restart_timer(s);
		wait = wait < 0 || d < wait ? d : wait;
	}
	return wait;
}

static void sleep_until_woken(fastqueue_supervisor *s, double seconds)
{
	struct pollfd pfd = {.fd = s->wake_fd, .events = POLLIN};
	/* Rounded up, so that a timer is never found not yet due and slept on again for 0 ms. */
	int ms = seconds < 0 ? -1 : (int) fmin(ceil(seconds * 1000), 3600 * 1000.0);

	if (poll(&pfd, 1, ms) > 0) {
		fastqueue_sup_signals_drain();
	}
}

static void turn(loop_state *l)
{
	fastqueue_supervisor *s = l->s;

	read_requests(l);
	reap(s);
	fastqueue_sup_steer(s, fastqueue_clock_mono());
	if (s->state == FASTQUEUE_SUP_RUNNING && s->restart_requested) {
		begin_restart(s);
	}
	if (s->state == FASTQUEUE_SUP_STOPPING_STATE) {
		if (s->nchildren == 0) {
			return;
		}
		if (!s->killed && fastqueue_clock_mono() >= s->stop_deadline) {
			kill_at_deadline(s);
		}
	} else if (s->state == FASTQUEUE_SUP_RUNNING) {
		for (unsigned i = 0; i < s->npools; i++) {
			fit(s, i);
		}
		if (s->restarting >= 0) {
			restart_step(s);
		}
	} else {
		repeat_pause(s);
	}
	sleep_until_woken(s, next_timer(s));
}
/* }}} */

/* Starts each pool's processes; FAILURE at the first that cannot start, with err saying
 * 'pool "NAME": cannot start "PROGRAM": REASON'. */
static zend_result start_pools(fastqueue_supervisor *s, char *err)
{
	char why[FASTQUEUE_SUP_ERR_LEN];

	for (unsigned i = 0; i < s->npools; i++) {
		s->pools[i].nrestarts = 0;
		for (unsigned k = 0; k < s->pools[i].target; k++) {
			if (start_worker(s, i, 0, why) == FAILURE) {
				snprintf(err, FASTQUEUE_SUP_ERR_LEN, "pool \"%s\": cannot start \"%s\": %.200s", s->pools[i].name,
					s->pools[i].argv[0], why);
				return FAILURE;
			}
		}
	}
	return SUCCESS;
}

zend_result fastqueue_supervisor_run(fastqueue_supervisor *s, int *status, char *err)
{
	loop_state l = {.s = s};
	zend_result started;

	if ((s->wake_fd = fastqueue_sup_signals_install(err, FASTQUEUE_SUP_ERR_LEN)) < 0) {
		return FAILURE;
	}
	s->state = FASTQUEUE_SUP_RUNNING;
	s->killed = false;
	s->stop_requested = false; /* a call made before the run is forgotten, as Worker::stop()'s */
	s->pause_requested = -1;
	s->restart_requested = false;
	s->restarting = -1;
	s->restarted[0] = '\0';
	if (fastqueue_sup_steer_start(s, err) == FAILURE) {
		fastqueue_sup_signals_restore();
		s->wake_fd = -1;
		s->state = FASTQUEUE_SUP_IDLE;
		return FAILURE;
	}
	started = start_pools(s, err);
	if (started == FAILURE) {
		begin_stop(s);
	}
	while (s->state != FASTQUEUE_SUP_STOPPING_STATE || s->nchildren > 0) {
		turn(&l);
	}
	fastqueue_sup_steer_stop(s);
	say(s, &(fastqueue_sup_event) {.kind = FASTQUEUE_SUP_STOPPED, .status = -1}, "stopped");
	fastqueue_sup_signals_restore();
	s->wake_fd = -1;
	s->state = FASTQUEUE_SUP_IDLE;
	s->stop_requested = false;
	s->pause_requested = -1;
	*status = s->killed ? 1 : 0;
	return started;
}
