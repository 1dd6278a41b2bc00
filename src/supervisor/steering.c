/* Steering from Redis: see steering.h and docs/supervisor.md ("Balancing", "Several hosts").
 * Every call to Redis here is bounded by the readers' own timeouts (about a second), so a
 * Redis that hangs delays the loop's turn by that much, never more; while Redis cannot be read
 * nothing is scaled down or stopped: each pool keeps its count. */
#include "steering.h"
#include "clock.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool balanced(const fastqueue_sup_group *g)
{
	return g->mode != FASTQUEUE_BALANCE_OFF;
}

/* A pool that may scale to zero and is there: polled for a push. */
static bool at_zero(const fastqueue_supervisor *s, const fastqueue_sup_pool *p)
{
	return p->group >= 0 && balanced(&s->groups[p->group]) && p->min == 0 && p->target == 0 && p->nqueues > 0;
}

/* {{{ figures */
static void figures_lost(fastqueue_supervisor *s, const char *why)
{
	if (!s->figures_err[0]) {
		fastqueue_sup_say(s, &(fastqueue_sup_event) {.kind = FASTQUEUE_SUP_FIGURES, .reason = why, .status = -1},
			"cannot read the queues' figures: %s; every pool keeps its processes until they can be read", why);
	}
	snprintf(s->figures_err, sizeof(s->figures_err), "%s", why);
}

static void figures_back(fastqueue_supervisor *s)
{
	if (s->figures_err[0]) {
		s->figures_err[0] = '\0';
		fastqueue_sup_say(s, &(fastqueue_sup_event) {.kind = FASTQUEUE_SUP_FIGURES, .status = -1},
			"the queues' figures are read again: balancing goes on");
	}
}

/* Reads the figures of group gi's queues into s->queues. */
static zend_result read_group_figures(fastqueue_supervisor *s, unsigned gi)
{
	const char *names[s->nqueues ? s->nqueues : 1];
	unsigned index[s->nqueues ? s->nqueues : 1], n = 0;
	fastqueue_sup_queue_figures got[s->nqueues ? s->nqueues : 1];
	char err[FASTQUEUE_SUP_ERR_LEN];
	bool wanted[s->nqueues ? s->nqueues : 1];

	memset(wanted, 0, sizeof(wanted));
	for (unsigned i = 0; i < s->npools; i++) {
		for (unsigned q = 0; s->pools[i].group == (int) gi && q < s->pools[i].nqueues; q++) {
			wanted[s->pools[i].queues[q]] = true;
		}
	}
	for (unsigned q = 0; q < s->nqueues; q++) {
		if (wanted[q]) {
			index[n] = q;
			names[n++] = s->queues[q].name;
		}
	}
	if (n == 0) {
		return SUCCESS;
	}
	/* The run times with either strategy: the busy processes they give keep a steady load's. */
	if (fastqueue_sup_figures_read(s->figures, names, n, true, fastqueue_clock_wall(), got, err, sizeof(err))
			== FAILURE) {
		figures_lost(s, err);
		return FAILURE;
	}
	for (unsigned i = 0; i < n; i++) {
		s->queues[index[i]].last = got[i];
		s->queues[index[i]].read = true;
	}
	figures_back(s);
	return SUCCESS;
}

/* A pool's figures: the sums (backlog, busy) and the worst (wait) over its queues; the run
 * time averaged over the queues that have one, weighted by their backlogs. */
static void pool_figures(const fastqueue_supervisor *s, const fastqueue_sup_pool *p, fastqueue_balance_pool *bp)
{
	double weighted = 0, weights = 0;

	bp->backlog = 0;
	bp->wait = 0;
	bp->runtime = -1;
	bp->busy = -1;
	for (unsigned q = 0; q < p->nqueues; q++) {
		const fastqueue_sup_queue_figures *f = &s->queues[p->queues[q]].last;
		bp->backlog += f->backlog > 0 ? f->backlog : 0;
		bp->wait = f->wait > bp->wait ? f->wait : bp->wait;
		if (f->busy >= 0) {
			bp->busy = (bp->busy > 0 ? bp->busy : 0) + f->busy;
		}
		if (f->runtime >= 0) {
			weighted += f->runtime * (double) (f->backlog > 0 ? f->backlog : 1);
			weights += (double) (f->backlog > 0 ? f->backlog : 1);
		}
	}
	if (weights > 0) {
		bp->runtime = weighted / weights;
	}
}
/* }}} */

/* {{{ balancing */
static void set_target(fastqueue_supervisor *s, unsigned pi, unsigned target, const fastqueue_balance_pool *bp)
{
	fastqueue_sup_pool *p = &s->pools[pi];
	char why[160];

	if (p->target == target) {
		return;
	}
	if (s->groups[p->group].mode == FASTQUEUE_BALANCE_SIMPLE) {
		snprintf(why, sizeof(why), "an even split of %u", s->groups[p->group].budget);
	} else if (bp->runtime >= 0) {
		snprintf(why, sizeof(why), "backlog %ld, oldest wait %.1f s, run time %.3f s, busy %.1f", bp->backlog,
			bp->wait, bp->runtime, bp->busy >= 0 ? bp->busy : 0.0);
	} else {
		snprintf(why, sizeof(why), "backlog %ld, oldest wait %.1f s, run time unknown", bp->backlog, bp->wait);
	}
	fastqueue_sup_say(s, &(fastqueue_sup_event) {.kind = FASTQUEUE_SUP_SCALED, .pool = p->name, .reason = why,
		.status = -1}, "pool \"%s\": %u -> %u processes (%s)", p->name, p->target, target, why);
	p->target = target;
	s->changed = true;
}

/* Group gi's balancing turn. The figures could not be read: nothing moves. */
static void balance_group(fastqueue_supervisor *s, unsigned gi)
{
	fastqueue_sup_group *g = &s->groups[gi];
	unsigned members[s->npools], n = 0, targets[s->npools];
	fastqueue_balance_pool pools[s->npools];

	if (g->mode == FASTQUEUE_BALANCE_AUTO && read_group_figures(s, gi) == FAILURE) {
		return;
	}
	for (unsigned i = 0; i < s->npools; i++) {
		const fastqueue_sup_pool *p = &s->pools[i];
		if (p->group != (int) gi) {
			continue;
		}
		members[n] = i;
		pools[n] = (fastqueue_balance_pool) {.current = p->target, .min = p->min, .max = p->max,
			.down_turns = p->down_turns};
		pool_figures(s, p, &pools[n]);
		n++;
	}
	fastqueue_balance(g->mode, g->strategy, g->budget, g->max_shift, g->cooldown, pools, n, targets);
	/* The pools that go down first, so that the group is never over its budget, even as the
	 * log's listener sees it between two moves. */
	for (unsigned k = 0; k < n; k++) {
		s->pools[members[k]].down_turns = pools[k].down_turns;
		if (targets[k] < s->pools[members[k]].target) {
			set_target(s, members[k], targets[k], &pools[k]);
		}
	}
	for (unsigned k = 0; k < n; k++) {
		set_target(s, members[k], targets[k], &pools[k]);
	}
}

/* Room in group gi's budget for one more process. */
static bool group_has_room(const fastqueue_supervisor *s, unsigned gi)
{
	unsigned used = 0;
	for (unsigned i = 0; i < s->npools; i++) {
		used += s->pools[i].group == (int) gi ? s->pools[i].target : 0;
	}
	return used < s->groups[gi].budget;
}

/* Room for one more process in group gi: what its budget has left, else one taken from its
 * largest pool above its minimum (that worker finishes its job and ends). False: every pool
 * is at its minimum. */
static bool make_room(fastqueue_supervisor *s, unsigned gi)
{
	int donor = -1;

	if (group_has_room(s, gi)) {
		return true;
	}
	for (unsigned i = 0; i < s->npools; i++) {
		const fastqueue_sup_pool *p = &s->pools[i];
		if (p->group == (int) gi && p->target > p->min && (donor < 0 || p->target > s->pools[donor].target)) {
			donor = (int) i;
		}
	}
	if (donor < 0) {
		return false;
	}
	fastqueue_sup_say(s, &(fastqueue_sup_event) {.kind = FASTQUEUE_SUP_SCALED, .pool = s->pools[donor].name,
		.reason = "a pool at zero has a job", .status = -1}, "pool \"%s\": %u -> %u processes (a pool at zero has a job)",
		s->pools[donor].name, s->pools[donor].target, s->pools[donor].target - 1);
	s->pools[donor].target--;
	s->changed = true;
	return true;
}

/* The pools at zero: one whose queues have a job gets a process at once, cooldown or not,
 * taken from the group's largest pool when the budget is spent. */
static void poll_zero_pools(fastqueue_supervisor *s)
{
	for (unsigned i = 0; i < s->npools; i++) {
		fastqueue_sup_pool *p = &s->pools[i];
		const char *names[p->nqueues ? p->nqueues : 1];
		char err[FASTQUEUE_SUP_ERR_LEN];
		long backlog = 0;

		if (!at_zero(s, p) || p->max == 0) {
			continue;
		}
		for (unsigned q = 0; q < p->nqueues; q++) {
			names[q] = s->queues[p->queues[q]].name;
		}
		if (fastqueue_sup_figures_backlog(s->figures, names, p->nqueues, fastqueue_clock_wall(), &backlog, err,
				sizeof(err)) == FAILURE) {
			figures_lost(s, err);
			return;
		}
		figures_back(s);
		if (backlog > 0 && make_room(s, (unsigned) p->group)) {
			fastqueue_balance_pool bp = {.backlog = backlog, .runtime = -1, .busy = -1};
			set_target(s, i, 1, &bp);
			p->down_turns = 0;
		}
	}
}
/* }}} */

/* {{{ the registry */
static void registry_lost(fastqueue_supervisor *s, const char *why)
{
	if (!s->registry_err[0]) {
		fastqueue_sup_say(s, &(fastqueue_sup_event) {.kind = FASTQUEUE_SUP_REGISTRY, .reason = why, .status = -1},
			"cannot write the heartbeat: %s; the budget and the pools stay as they are", why);
	}
	snprintf(s->registry_err, sizeof(s->registry_err), "%s", why);
}

/* A stamp that changed since the last beat; the first beat only notes the values. */
static bool stamp_changed(char *seen, const char *now, bool first)
{
	bool changed = !first && strcmp(seen, now) != 0 && now[0];
	snprintf(seen, 64, "%s", now);
	return changed;
}

static void apply_shares(fastqueue_supervisor *s, const fastqueue_sup_beat *b)
{
	for (unsigned i = 0; i < s->ngroups; i++) {
		fastqueue_sup_group *g = &s->groups[i];
		unsigned budget = g->shared ? fastqueue_balance_share(g->max, b->hosts, b->rank) : g->max;
		if (g->shared && (budget != g->budget || b->hosts != g->hosts)) {
			fastqueue_sup_say(s, &(fastqueue_sup_event) {.kind = FASTQUEUE_SUP_SCALED, .status = -1},
				"group \"%s\": %u of %u processes here, %u host%s sharing them", g->name, budget, g->max, b->hosts,
				b->hosts == 1 ? "" : "s");
			g->next_turn = 0; /* balance with the new budget at once */
		}
		g->budget = budget;
		g->hosts = g->shared ? b->hosts : 1;
	}
}

static void beat(fastqueue_supervisor *s, bool first)
{
	fastqueue_sup_beat b;
	char err[FASTQUEUE_SUP_ERR_LEN];
	size_t len = 0;
	char *record = fastqueue_supervisor_record(s, &len);

	if (!record) {
		return; /* out of memory: the next beat tries again */
	}
	memset(&b, 0, sizeof(b));
	if (fastqueue_sup_registry_beat(s->registry, record, len, fastqueue_clock_wall(), &b, err, sizeof(err)) == FAILURE) {
		free(record);
		registry_lost(s, err);
		return;
	}
	free(record);
	if (s->registry_err[0]) {
		s->registry_err[0] = '\0';
		fastqueue_sup_say(s, &(fastqueue_sup_event) {.kind = FASTQUEUE_SUP_REGISTRY, .status = -1},
			"the heartbeat reaches Redis again");
	}
	apply_shares(s, &b);
	if (stamp_changed(s->terminate_stamp, b.terminate, first) && s->state != FASTQUEUE_SUP_STOPPING_STATE) {
		fastqueue_sup_say(s, &(fastqueue_sup_event) {.kind = FASTQUEUE_SUP_STOPPING, .status = -1},
			"fastqueue:terminate asked the supervisors to stop");
		s->stop_requested = true;
	}
	if (stamp_changed(s->restart_stamp, b.restart, first)) {
		s->restart_requested = true;
		snprintf(s->restart_for, sizeof(s->restart_for), "%s", b.restart);
	}
	if (first) {
		snprintf(s->restarted, sizeof(s->restarted), "%s", b.restart);
	}
}
/* }}} */

zend_result fastqueue_sup_steer_start(fastqueue_supervisor *s, char *err)
{
	double now = fastqueue_clock_mono();

	s->started_at = fastqueue_clock_wall();
	s->figures_err[0] = s->registry_err[0] = '\0';
	s->next_zero_poll = now;
	for (unsigned i = 0; i < s->ngroups; i++) {
		s->groups[i].budget = s->groups[i].max;
		s->groups[i].hosts = 1;
		/* A simple group is split at once; an auto group keeps its first counts one cooldown. */
		s->groups[i].next_turn = s->groups[i].mode == FASTQUEUE_BALANCE_SIMPLE ? now : now + s->groups[i].cooldown;
	}
	if (s->registry) {
		if (fastqueue_sup_registry_claim(s->registry, err, FASTQUEUE_SUP_ERR_LEN) == FAILURE) {
			return FAILURE;
		}
		beat(s, true);
		s->next_beat = now + s->heartbeat;
	}
	for (unsigned i = 0; i < s->ngroups; i++) {
		if (s->groups[i].mode == FASTQUEUE_BALANCE_SIMPLE) {
			balance_group(s, i);
			s->groups[i].next_turn = now + s->groups[i].cooldown;
		}
	}
	return SUCCESS;
}

void fastqueue_sup_steer(fastqueue_supervisor *s, double now)
{
	bool running = s->state == FASTQUEUE_SUP_RUNNING;

	if (s->registry && now >= s->next_beat) {
		beat(s, false);
		s->next_beat = now + s->heartbeat;
	}
	for (unsigned i = 0; running && i < s->ngroups; i++) {
		if (balanced(&s->groups[i]) && now >= s->groups[i].next_turn) {
			balance_group(s, i);
			s->groups[i].next_turn = now + s->groups[i].cooldown;
		}
	}
	if (running && s->figures && now >= s->next_zero_poll) {
		poll_zero_pools(s);
		s->next_zero_poll = now + FASTQUEUE_SUP_ZERO_POLL;
	}
}

double fastqueue_sup_steer_next(const fastqueue_supervisor *s, double now)
{
	double next = -1;
	bool running = s->state == FASTQUEUE_SUP_RUNNING, zero = false;

	if (s->registry) {
		next = s->next_beat;
	}
	for (unsigned i = 0; running && i < s->ngroups; i++) {
		if (balanced(&s->groups[i])) {
			next = next < 0 || s->groups[i].next_turn < next ? s->groups[i].next_turn : next;
		}
	}
	for (unsigned i = 0; running && s->figures && i < s->npools; i++) {
		zero = zero || at_zero(s, &s->pools[i]);
	}
	if (zero) {
		next = next < 0 || s->next_zero_poll < next ? s->next_zero_poll : next;
	}
	return next < 0 ? -1 : fmax(0, next - now);
}

void fastqueue_sup_steer_stop(fastqueue_supervisor *s)
{
	if (s->registry) {
		fastqueue_sup_registry_release(s->registry);
	}
}
