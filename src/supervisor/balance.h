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

/* A pool wants fewer processes this many balancing turns in a row before it gives one up: a
 * figure that dips once (a reading between two jobs) moves nothing. */
#define FASTQUEUE_BALANCE_DOWN_TURNS 2

/* One pool as the balancer sees it. */
typedef struct {
	unsigned current;  /* its processes now, crashed ones waiting to restart included */
	unsigned min, max; /* the least and the most it runs */
	long backlog;      /* pending plus due jobs over its queues */
	double wait;       /* the oldest due job's wait, seconds; 0 when empty or unknown */
	double runtime;    /* average run seconds of its jobs; -1 unknown */
	double busy;       /* processes busy on its jobs on average; -1 unknown */
	unsigned down_turns; /* in and out: turns in a row it wanted fewer processes */
} fastqueue_balance_pool;

/* Fills targets[0..n-1] (and each pool's down_turns). budget is the group's processes on this
 * host; each pool keeps its min even when the minimums add up to more. max_shift bounds each
 * pool's move in one turn (0: no bound); period is the seconds between two turns (the
 * cooldown), over which the time strategy counts the work a pool has in front of it. */
void fastqueue_balance(fastqueue_balance_mode mode, fastqueue_balance_strategy strategy, unsigned budget,
	unsigned max_shift, double period, fastqueue_balance_pool *pools, unsigned n, unsigned *targets);

/* The share of a budget that the host of rank rank (0-based) among hosts takes: an even split,
 * the first budget % hosts hosts one more. */
unsigned fastqueue_balance_share(unsigned budget, unsigned hosts, unsigned rank);

#endif
