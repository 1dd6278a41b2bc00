/* The worker's measurements that its files share: the time spent waiting on Redis (getting
 * jobs and running them both wait), lease renewal's counts (running a job and stats() read
 * them) and the state of a round that runs no job (the loop's sleeps and the wait for a push).
 * Below the loop, running a job and getting jobs. */
#include "worker_private.h"

void fastqueue_worker_redis_waited(fastqueue_worker *w, double since)
{
	fastqueue_metrics_add_redis_wait(w->metrics, fastqueue_clock_mono() - since);
}

void fastqueue_worker_lease_counts(fastqueue_worker *w, fastqueue_lease_counts *out)
{
	fastqueue_lease_counts now = {0};

	if (w->lease) {
		fastqueue_lease_counts_get(w->lease, &now);
	}
	out->renewed = w->stats.leases.renewed + now.renewed;
	out->lost = w->stats.leases.lost + now.lost;
	out->failures = w->stats.leases.failures + now.failures;
}

void fastqueue_worker_measure_idle(fastqueue_worker *w, bool paused)
{
	fastqueue_metrics_set_idle(w->metrics, paused, zend_memory_usage(false));
}
