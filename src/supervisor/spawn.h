/* Starting one worker: fork and exec of an argument vector, no shell, with the parent-death
 * signal set and no descriptor of the supervisor's but 0, 1 and 2 (docs/supervisor.md, "How a
 * worker starts"). */
#ifndef FASTQUEUE_SPAWN_H
#define FASTQUEUE_SPAWN_H

#include "php.h"
#include <sys/types.h>

/* The signal a worker gets when its supervisor dies: a FastQueue worker finishes its job. */
#define FASTQUEUE_SPAWN_ORPHAN_SIGNAL SIGTERM
/* Ignored in a worker until it sets a handler: the pause, whose default action ends a process. */
#define FASTQUEUE_SPAWN_IGNORED_SIGNAL SIGUSR2

/* Starts argv[0] (looked up in PATH unless it holds a '/') with argv, SIGUSR2 ignored, in the
 * environment plus
 * env ("KEY=VALUE", each replacing a variable of the same name; NULL for none). Returns the
 * child's pid once the program is running; -1 with the reason in err (FASTQUEUE_SUP_ERR_LEN
 * bytes) when it could not be found, forked or executed. */
pid_t fastqueue_spawn(char *const argv[], char *const env[], char *err, size_t errlen);


#endif
