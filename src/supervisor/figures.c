/* The supervisor's figures: see figures.h. */
#include "figures.h"
#include <stdio.h>
#include <stdlib.h>

struct _fastqueue_sup_figures {
	fastqueue_conn *conn;
};

fastqueue_sup_figures *fastqueue_sup_figures_new(fastqueue_conn *conn, const char *prefix, size_t prefix_len)
{
	fastqueue_sup_figures *f = calloc(1, sizeof(*f));
	(void) prefix;
	(void) prefix_len;
	if (f) {
		f->conn = conn;
	}
	return f;
}

void fastqueue_sup_figures_free(fastqueue_sup_figures *f)
{
	free(f);
}

zend_result fastqueue_sup_figures_read(fastqueue_sup_figures *f, const char *const *queues, unsigned n,
	bool with_runtime, double now, fastqueue_sup_queue_figures *out, char *err, size_t errlen)
{
	(void) f, (void) queues, (void) n, (void) with_runtime, (void) now, (void) out;
	snprintf(err, errlen, "figures are not read yet");
	return FAILURE;
}

zend_result fastqueue_sup_figures_backlog(fastqueue_sup_figures *f, const char *const *queues, unsigned n,
	double now, long *backlog, char *err, size_t errlen)
{
	(void) f, (void) queues, (void) n, (void) now, (void) backlog;
	snprintf(err, errlen, "figures are not read yet");
	return FAILURE;
}
