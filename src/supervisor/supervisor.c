/* The supervisor's structures: its pools and the table of its running workers. The loop that
 * drives them is supervisor_loop.c. */
#include "supervisor.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

fastqueue_supervisor *fastqueue_supervisor_new(double stop_timeout)
{
	fastqueue_supervisor *s = calloc(1, sizeof(*s));
	if (s) {
		s->stop_timeout = stop_timeout;
		s->pause_requested = -1;
		s->wake_fd = -1;
		s->restarting = -1;
	}
	return s;
}

void fastqueue_sup_strings_free(char **list)
{
	for (size_t i = 0; list && list[i]; i++) {
		free(list[i]);
	}
	free(list);
}

static void pool_free(fastqueue_sup_pool *p)
{
	free(p->name);
	free(p->queues);
	fastqueue_sup_strings_free(p->argv);
	fastqueue_sup_strings_free(p->env);
	free(p->restarts);
}

void fastqueue_supervisor_free(fastqueue_supervisor *s)
{
	if (!s) {
		return;
	}
	for (unsigned i = 0; i < s->npools; i++) {
		pool_free(&s->pools[i]);
	}
	free(s->pools);
	free(s->children);
	for (unsigned i = 0; i < s->ngroups; i++) {
		free(s->groups[i].name);
	}
	free(s->groups);
	for (unsigned i = 0; i < s->nqueues; i++) {
		free(s->queues[i].name);
	}
	free(s->queues);
	fastqueue_sup_figures_free(s->figures);
	fastqueue_sup_registry_free(s->registry);
	free(s->name);
	free(s->host);
	free(s);
}

zend_result fastqueue_supervisor_add_group(fastqueue_supervisor *s, const fastqueue_sup_group *g, char *err)
{
	fastqueue_sup_group *groups;
	char *copy;

	if (fastqueue_supervisor_group(s, g->name) >= 0) {
		snprintf(err, FASTQUEUE_SUP_ERR_LEN, "a group named \"%s\" exists already", g->name);
		return FAILURE;
	}
	groups = realloc(s->groups, (s->ngroups + 1) * sizeof(*groups));
	copy = strdup(g->name);
	if (!groups || !copy) {
		s->groups = groups ? groups : s->groups;
		free(copy);
		snprintf(err, FASTQUEUE_SUP_ERR_LEN, "out of memory");
		return FAILURE;
	}
	s->groups = groups;
	groups[s->ngroups] = *g;
	groups[s->ngroups].name = copy;
	groups[s->ngroups].budget = g->max;
	groups[s->ngroups].hosts = 1;
	s->ngroups++;
	return SUCCESS;
}

int fastqueue_supervisor_group(const fastqueue_supervisor *s, const char *name)
{
	for (unsigned i = 0; i < s->ngroups; i++) {
		if (strcmp(s->groups[i].name, name) == 0) {
			return (int) i;
		}
	}
	return -1;
}

/* The index of the queue named name, added when new; -1 when out of memory. */
static int queue_index(fastqueue_supervisor *s, const char *name)
{
	fastqueue_sup_queue *queues;

	for (unsigned i = 0; i < s->nqueues; i++) {
		if (strcmp(s->queues[i].name, name) == 0) {
			return (int) i;
		}
	}
	if (!(queues = realloc(s->queues, (s->nqueues + 1) * sizeof(*queues)))) {
		return -1;
	}
	s->queues = queues;
	memset(&queues[s->nqueues], 0, sizeof(*queues));
	if (!(queues[s->nqueues].name = strdup(name))) {
		return -1;
	}
	return (int) s->nqueues++;
}

zend_result fastqueue_supervisor_pool_queues(fastqueue_supervisor *s, fastqueue_sup_pool *p, int group,
	const char *const *queues, unsigned n)
{
	unsigned *list = n ? calloc(n, sizeof(*list)) : NULL;

	if (n && !list) {
		return FAILURE;
	}
	for (unsigned i = 0; i < n; i++) {
		int q = queue_index(s, queues[i]);
		if (q < 0) {
			free(list);
			return FAILURE;
		}
		list[i] = (unsigned) q;
	}
	free(p->queues);
	p->queues = list;
	p->nqueues = n;
	p->group = group;
	return SUCCESS;
}

zend_result fastqueue_supervisor_connect(fastqueue_supervisor *s, fastqueue_conn *conn, const char *prefix,
	size_t prefix_len, const char *name, const char *host, double heartbeat)
{
	if (!(s->figures = fastqueue_sup_figures_new(conn, prefix, prefix_len))) {
		return FAILURE;
	}
	if (!name) {
		return SUCCESS;
	}
	s->name = strdup(name);
	s->host = strdup(host);
	s->heartbeat = heartbeat;
	if (!s->name || !s->host) {
		return FAILURE;
	}
	s->registry = fastqueue_sup_registry_new(conn, prefix, prefix_len, name, host, getpid(), heartbeat);
	return s->registry ? SUCCESS : FAILURE;
}

fastqueue_sup_pool *fastqueue_supervisor_pool(fastqueue_supervisor *s, const char *name)
{
	for (unsigned i = 0; i < s->npools; i++) {
		if (strcmp(s->pools[i].name, name) == 0) {
			return &s->pools[i];
		}
	}
	return NULL;
}

zend_result fastqueue_supervisor_add_pool(fastqueue_supervisor *s, const char *name, char **argv, char **env,
	unsigned processes, unsigned min, unsigned max, const uint8_t design_exits[32], char *err)
{
	fastqueue_sup_pool *pools, *p;
	char *copy;

	if (fastqueue_supervisor_pool(s, name)) {
		snprintf(err, FASTQUEUE_SUP_ERR_LEN, "a pool named \"%s\" exists already", name);
		return FAILURE;
	}
	pools = realloc(s->pools, (s->npools + 1) * sizeof(*pools));
	copy = strdup(name);
	if (!pools || !copy) {
		s->pools = pools ? pools : s->pools;
		free(copy);
		snprintf(err, FASTQUEUE_SUP_ERR_LEN, "out of memory");
		return FAILURE;
	}
	s->pools = pools;
	p = &pools[s->npools++];
	memset(p, 0, sizeof(*p));
	p->name = copy;
	p->group = -1;
	p->argv = argv;
	p->env = env;
	p->target = processes;
	p->min = min;
	p->max = max;
	memcpy(p->design_exits, design_exits, sizeof(p->design_exits));
	return SUCCESS;
}

void fastqueue_sup_say(fastqueue_supervisor *s, const fastqueue_sup_event *ev, const char *fmt, ...)
{
	char line[FASTQUEUE_SUP_ERR_LEN + 256];
	va_list ap;

	if (!s->log) {
		return;
	}
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	s->log(s->log_ctx, ev, line);
}

unsigned fastqueue_supervisor_running(const fastqueue_supervisor *s, unsigned pool)
{
	unsigned n = 0;
	for (unsigned i = 0; i < s->nchildren; i++) {
		n += s->children[i].pool == pool && !s->children[i].stopping;
	}
	return n;
}
