/* What steers the supervisor from Redis, on the loop's timers: balancing turns (each group's
 * cooldown), the poll of pools scaled to zero, and the heartbeat (the registry's record, the
 * shared budget, the terminate and restart stamps). It sets pools' targets and the
 * supervisor's requests; the loop carries them out. */
#ifndef FASTQUEUE_SUP_STEERING_H
#define FASTQUEUE_SUP_STEERING_H

#include "supervisor.h"

/* As run() starts: claims the name (FAILURE: refused, or Redis unreachable, err saying so),
 * reads the stamps, and sets the first targets of 'simple' groups. */
zend_result fastqueue_sup_steer_start(fastqueue_supervisor *s, char *err);
/* Runs the timers that are due at monotonic time now. */
void fastqueue_sup_steer(fastqueue_supervisor *s, double now);
/* Seconds from now until the next of them; -1 for none. */
double fastqueue_sup_steer_next(const fastqueue_supervisor *s, double now);
/* As run() ends: gives up the name and the record. */
void fastqueue_sup_steer_stop(fastqueue_supervisor *s);

#endif
