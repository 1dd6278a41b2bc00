/* Balancing a group's pools (docs/supervisor.md, "Balancing"): from each pool's figures, the
 * process count each should have next, within the group's budget and the pools' minimums,
 * moved by at most max_shift per pool per turn. Pure arithmetic: no I/O, no clock. */
#ifndef FASTQUEUE_SUP_BALANCE_H
#define FASTQUEUE_SUP_BALANCE_H

#include <stdbool.h>

typedef enum {
	FASTQUEUE_BALANCE_OFF,    /* Horizon's false: each pool keeps its own count */
	FASTQUEUE_BALANCE_SIMPLE, /* the budget split evenly between the pools */
	FASTQUEUE_BALANCE_AUTO    /* the budget shared by the pools' measured need */
} fastqueue_balance_mode;

typedef enum {
	FASTQUEUE_STRATEGY_TIME,  /* need: the time to clear the backlog, plus the oldest job's wait */
	FASTQUEUE_STRATEGY_SIZE   /* need: the backlog */
} fastqueue_balance_strategy;

/* One pool as the balancer sees it. */
typedef struct {
	unsigned current;  /* its processes now, crashed ones waiting to restart included */
	unsigned min;      /* the least it keeps */
	long backlog;      /* pending plus due jobs over its queues */
	double wait;       /* the oldest due job's wait, seconds; 0 when empty or unknown */
	double runtime;    /* average run seconds of its jobs; -1 unknown */
} fastqueue_balance_pool;

/* Fills targets[0..n-1]. budget is the group's processes on this host (at least the sum of
 * the minimums); max_shift bounds each pool's move (0: no bound). */
void fastqueue_balance(fastqueue_balance_mode mode, fastqueue_balance_strategy strategy, unsigned budget,
	unsigned max_shift, const fastqueue_balance_pool *pools, unsigned n, unsigned *targets);

#endif
