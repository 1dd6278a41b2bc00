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

/* The work in front of a pool, the weight of its share. time: the seconds of work over the
 * next period (what its busy processes keep doing, the backlog times the run time) plus the
 * oldest job's wait, so a queue left waiting gains weight; size: the jobs waiting or running. */
static double need(fastqueue_balance_strategy strategy, const fastqueue_balance_pool *p, double runtime,
	double period)
{
	double busy = p->busy > 0 ? p->busy : 0;

	if (strategy == FASTQUEUE_STRATEGY_SIZE) {
		return (double) p->backlog + busy;
	}
	return busy * period + (double) p->backlog * runtime + (p->backlog > 0 ? p->wait : 0);
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

/* Splits budget into desired[] by weight, each at least its min and at most its max (largest
 * remainders get the units left after the floors); all weights 0: each its min. */
static void share_by_weight(const double *weight, const fastqueue_balance_pool *pools, unsigned n, unsigned budget,
	unsigned *desired)
{
	double total = 0;
	unsigned given = 0;

	for (unsigned i = 0; i < n; i++) {
		total += weight[i];
		desired[i] = pools[i].min;
		given += pools[i].min;
	}
	if (total <= 0) {
		return;
	}
	/* A pool with work gets one process before any pool gets a second. */
	for (unsigned i = 0; i < n && given < budget; i++) {
		if (weight[i] > 0 && desired[i] == 0 && pools[i].max > 0) {
			desired[i] = 1;
			given++;
		}
	}
	while (given < budget) {
		unsigned best = n;
		double best_gap = 0;
		for (unsigned i = 0; i < n; i++) {
			/* How far below its weighted share the pool is. */
			double gap = weight[i] / total * budget - desired[i];
			if (desired[i] < pools[i].max && weight[i] > 0 && (best == n || gap > best_gap)) {
				best = i;
				best_gap = gap;
			}
		}
		if (best == n || best_gap <= -0.5) {
			return; /* the rest of the budget would go where there is no share of the need */
		}
		desired[best]++;
		given++;
	}
}

static void share_evenly(const fastqueue_balance_pool *pools, unsigned n, unsigned budget, unsigned *desired)
{
	double weight[n];
	for (unsigned i = 0; i < n; i++) {
		weight[i] = 1;
	}
	share_by_weight(weight, pools, n, budget, desired);
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
	double weight[n ? n : 1], runtime = default_runtime(pools, n);

	memset(weight, 0, sizeof(weight));
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
		for (unsigned i = 0; i < n; i++) {
			weight[i] = need(strategy, &pools[i], pools[i].runtime >= 0 ? pools[i].runtime : runtime, period);
		}
		share_by_weight(weight, pools, n, budget, desired);
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
