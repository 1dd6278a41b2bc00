/* How a worker ended, in words, and what follows (docs/supervisor.md, "Exit statuses and
 * restarts"): replaced at once when it ended by design, else restarted after a delay that
 * doubles with each crash in a row. */
#ifndef FASTQUEUE_EXITS_H
#define FASTQUEUE_EXITS_H

#include "php.h"
#include <stdbool.h>
#include <stdint.h>

/* Whether a worker that ended with wait status wstatus, after running ran seconds, ended by
 * design: an exit status in design_exits (a bit per status), and not sooner than min_run. */
bool fastqueue_exit_by_design(int wstatus, double ran, const uint8_t design_exits[32], double min_run);

/* "exited with status 255" or "was killed by signal 9 (SIGKILL)", into buf. */
void fastqueue_exit_describe(int wstatus, char *buf, size_t len);

/* The crash count of the worker started in place of one that crashed with streak crashes in a
 * row before it, after running ran seconds: one more, or 1 again after a steady run. */
unsigned fastqueue_exit_next_streak(unsigned streak, double ran, double steady);

/* Seconds before a worker whose crash count is streak (1 or more) starts: 1, 2, 4 ... max. */
double fastqueue_exit_restart_delay(unsigned streak, double max);

/* Sets the bit of status (0 to 255) in a design_exits set. */
static inline void fastqueue_exit_set(uint8_t set[32], unsigned status)
{
	set[(status & 255) >> 3] |= (uint8_t) (1u << (status & 7));
}

static inline bool fastqueue_exit_in(const uint8_t set[32], unsigned status)
{
	return (set[(status & 255) >> 3] >> (status & 7)) & 1;
}

#endif
