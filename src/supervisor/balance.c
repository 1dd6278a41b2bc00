/* Balancing: see balance.h and docs/supervisor.md, "Balancing". A turn has two steps: the
 * count each pool should have (its desired count: the budget shared by need, or evenly), then
 * a move toward it of at most max_shift, down-moves first so that the up-moves can take what
 * they free, never above the budget in all. */
#include "balance.h"
#include <math.h>
#include <string.h>

static unsigned clamp(unsigned v, unsigned lo, unsigned hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* A pool's steady need: the processes its jobs keep busy, rounded up (a pool busy 2.4
 * processes on average needs 3 to keep up; a tenth of slack, so that 2.05 is 2). */
static unsigned steady_need(const fastqueue_balance_pool *p)
{
	return p->busy > 0.1 ? (unsigned) ceil(p->busy - 0.1) : 0;
}

/* What a pool keeps of what it has when the budget is not wanted elsewhere: its steady need
 * plus half a process of headroom (busy above 1.5 of 3 keeps the third), so that a load that
 * wavers around a count does not move it up and down. */
static unsigned kept(const fastqueue_balance_pool *p)
{
	unsigned keep;

	if (!(p->busy > 0.1)) {
		return 0;
	}
	keep = (unsigned) ceil(p->busy + 0.5);
	return keep < p->current ? keep : p->current;
}

/* The processes a pool needs beyond its steady need to catch up within one period. time: the
 * seconds of work in its backlog (jobs times their run time) plus its oldest job's wait, over
 * the period, rounded; size: one per waiting job. A pool with no process and a job gets one. */
static unsigned catch_up_need(fastqueue_balance_strategy strategy, const fastqueue_balance_pool *p, double runtime,
	double period)
{
	double work;
	unsigned need;

	if (p->backlog <= 0) {
		return 0;
	}
	if (strategy == FASTQUEUE_STRATEGY_SIZE) {
		need = p->backlog > 100000 ? 100000 : (unsigned) p->backlog;
	} else {
		work = ((double) p->backlog * runtime + p->wait) / period;
		need = work > 100000 ? 100000 : (unsigned) lround(work);
	}
	return need == 0 && p->current == 0 && steady_need(p) == 0 ? 1 : need;
}

/* A run time for the pools that have none measured: the mean of those that have, else 1 s. */
static double default_runtime(const fastqueue_balance_pool *pools, unsigned n)
{
	double sum = 0;
	unsigned known = 0;

	for (unsigned i = 0; i < n; i++) {
		if (pools[i].runtime >= 0) {
			sum += pools[i].runtime;
			known++;
		}
	}
	return known ? sum / known : 1.0;
}

/* Gives out up to *left processes to the wants, all of them when there are enough, else in
 * proportion (largest remainders first, the lowest index on a tie). */
static void give(const unsigned *want, unsigned n, unsigned *left, unsigned *desired)
{
	unsigned total = 0, given = 0, got[n ? n : 1];
	double rest[n ? n : 1];

	memset(got, 0, sizeof(got));
	memset(rest, 0, sizeof(rest));
	for (unsigned i = 0; i < n; i++) {
		total += want[i];
	}
	if (total == 0 || *left == 0) {
		return;
	}
	for (unsigned i = 0; i < n; i++) {
		double share = total <= *left ? want[i] : (double) want[i] * *left / total;
		got[i] = (unsigned) share;
		rest[i] = share - got[i];
		given += got[i];
	}
	while (given < *left && given < total) {
		unsigned best = 0;
		for (unsigned i = 1; i < n; i++) {
			best = rest[i] > rest[best] ? i : best;
		}
		if (rest[best] <= 0) {
			break;
		}
		got[best]++;
		rest[best] = 0;
		given++;
	}
	for (unsigned i = 0; i < n; i++) {
		desired[i] += got[i];
	}
	*left -= given;
}

/* auto: each pool its min, then its steady need, then its catch-up need, then the headroom it
 * keeps, each tier given out from what the budget has left, in proportion when it is short.
 * What no pool needs is not given: an idle group shrinks to its minimums. */
static void share_by_need(fastqueue_balance_strategy strategy, const fastqueue_balance_pool *pools, unsigned n,
	unsigned budget, double period, unsigned *desired)
{
	unsigned mins = 0, left, want[n ? n : 1];
	double runtime = default_runtime(pools, n);

	memset(want, 0, sizeof(want));
	for (unsigned i = 0; i < n; i++) {
		desired[i] = pools[i].min;
		mins += pools[i].min;
	}
	left = budget > mins ? budget - mins : 0;
	for (unsigned i = 0; i < n; i++) {
		unsigned steady = steady_need(&pools[i]);
		want[i] = steady > pools[i].min ? steady - pools[i].min : 0;
	}
	give(want, n, &left, desired);
	for (unsigned i = 0; i < n; i++) {
		unsigned steady = steady_need(&pools[i]), above = desired[i] - pools[i].min;
		/* Catch-up beyond what the steady tier gave; a pool held below its steady need by a
		 * short budget asks for that gap again here. */
		want[i] = catch_up_need(strategy, &pools[i], pools[i].runtime >= 0 ? pools[i].runtime : runtime, period)
			+ (steady > pools[i].min && steady - pools[i].min > above ? steady - pools[i].min - above : 0);
	}
	give(want, n, &left, desired);
	for (unsigned i = 0; i < n; i++) {
		want[i] = kept(&pools[i]) > desired[i] ? kept(&pools[i]) - desired[i] : 0;
	}
	give(want, n, &left, desired);
}

/* Splits budget evenly: each pool its min, then one each in turn from the first. */
static void share_evenly(const fastqueue_balance_pool *pools, unsigned n, unsigned budget, unsigned *desired)
{
	unsigned given = 0;
	bool more = true;

	for (unsigned i = 0; i < n; i++) {
		desired[i] = pools[i].min;
		given += pools[i].min;
	}
	/* Level up: a round gives one to each pool below the round's level. */
	for (unsigned level = 1; more && given < budget; level++) {
		more = false;
		for (unsigned i = 0; i < n && given < budget; i++) {
			if (desired[i] < level && desired[i] < pools[i].max) {
				desired[i]++;
				given++;
			}
			more = more || desired[i] < pools[i].max;
		}
	}
}

/* Moves each pool toward its desired count: at most max_shift, down only after
 * FASTQUEUE_BALANCE_DOWN_TURNS turns in a row that wanted it (or at once when the pool has no
 * work at all), up only with room in the budget. */
static void move(fastqueue_balance_pool *pools, unsigned n, const unsigned *desired, unsigned budget,
	unsigned max_shift, unsigned *targets)
{
	unsigned used = 0, shift = max_shift ? max_shift : ~0u;

	for (unsigned i = 0; i < n; i++) {
		fastqueue_balance_pool *p = &pools[i];
		targets[i] = p->current;
		if (desired[i] < p->current) {
			bool idle = p->backlog == 0 && !(p->busy > 0);
			p->down_turns++;
			if (idle || p->down_turns >= FASTQUEUE_BALANCE_DOWN_TURNS) {
				unsigned by = p->current - desired[i];
				targets[i] = p->current - (by < shift ? by : shift);
			}
		} else {
			p->down_turns = 0;
		}
		used += targets[i];
	}
	/* Up-moves, one process at a time to the pool furthest below its desired count, each by
	 * at most shift, within what is left of the budget. */
	while (used < budget) {
		unsigned best = n, best_gap = 0;
		for (unsigned i = 0; i < n; i++) {
			if (targets[i] < pools[i].current || targets[i] - pools[i].current >= shift || desired[i] <= targets[i]) {
				continue;
			}
			if (desired[i] - targets[i] > best_gap) {
				best = i;
				best_gap = desired[i] - targets[i];
			}
		}
		if (best == n) {
			return;
		}
		targets[best]++;
		used++;
	}
}

void fastqueue_balance(fastqueue_balance_mode mode, fastqueue_balance_strategy strategy, unsigned budget,
	unsigned max_shift, double period, fastqueue_balance_pool *pools, unsigned n, unsigned *targets)
{
	unsigned desired[n ? n : 1];

	memset(desired, 0, sizeof(desired));
	if (mode == FASTQUEUE_BALANCE_OFF) {
		for (unsigned i = 0; i < n; i++) {
			targets[i] = pools[i].current;
		}
		return;
	}
	if (mode == FASTQUEUE_BALANCE_SIMPLE) {
		share_evenly(pools, n, budget, desired);
	} else {
		share_by_need(strategy, pools, n, budget, period > 0 ? period : 1, desired);
	}
	for (unsigned i = 0; i < n; i++) {
		desired[i] = clamp(desired[i], pools[i].min, pools[i].max);
	}
	move(pools, n, desired, budget, max_shift, targets);
}

unsigned fastqueue_balance_share(unsigned budget, unsigned hosts, unsigned rank)
{
	if (hosts == 0) {
		return budget;
	}
	return budget / hosts + (rank < budget % hosts ? 1 : 0);
}
