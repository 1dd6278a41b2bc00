/* The supervisor's structures: its pools and the table of its running workers. The loop that
 * drives them is supervisor_loop.c. */
#include "supervisor.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

fastqueue_supervisor *fastqueue_supervisor_new(double stop_timeout)
{
	fastqueue_supervisor *s = calloc(1, sizeof(*s));
	if (s) {
		s->stop_timeout = stop_timeout;
		s->pause_requested = -1;
		s->wake_fd = -1;
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
	free(s);
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
	p->argv = argv;
	p->env = env;
	p->target = processes;
	p->min = min;
	p->max = max;
	memcpy(p->design_exits, design_exits, sizeof(p->design_exits));
	return SUCCESS;
}

unsigned fastqueue_supervisor_running(const fastqueue_supervisor *s, unsigned pool)
{
	unsigned n = 0;
	for (unsigned i = 0; i < s->nchildren; i++) {
		n += s->children[i].pool == pool && !s->children[i].stopping;
	}
	return n;
}
