/* The supervisor's core: pools of worker processes, the children table, and the control loop
 * that starts, reaps, restarts and stops them (docs/supervisor.md). Plain C over the base
 * layer: no zval, nothing thrown; a function that fails returns FAILURE with its text in the
 * caller's buffer, and src/module/supervisor_methods.c throws it. */
#ifndef FASTQUEUE_SUPERVISOR_H
#define FASTQUEUE_SUPERVISOR_H

#include "php.h"
#include "balance.h"
#include "figures.h"
#include "registry.h"
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/* The room an error text is given: a pool's name, a command and an errno text. */
#define FASTQUEUE_SUP_ERR_LEN 512
/* The longest restart delay: the delay doubles with each crash in a row, up to this. */
#define FASTQUEUE_SUP_MAX_DELAY 60.0
/* A worker that ran this long before it crashed starts its crash count again. */
#define FASTQUEUE_SUP_STEADY_SECONDS 60.0
/* A worker that ends by design sooner than this is restarted as a crash: it cannot work. */
#define FASTQUEUE_SUP_MIN_RUN 1.0
/* While paused, SIGUSR2 is sent again this often to the workers started this recently: one
 * that was booting when the pause came (SIGUSR2 ignored) gets it once its handler is set. */
#define FASTQUEUE_SUP_PAUSE_REPEAT 1.0
#define FASTQUEUE_SUP_BOOT_SECONDS 60.0
/* How often a pool scaled to zero is polled for a push (its backlog only). */
#define FASTQUEUE_SUP_ZERO_POLL 0.5
/* In a rolling restart, how long a new worker runs (boots) before an old one gets SIGTERM. */
#define FASTQUEUE_SUP_RESTART_OVERLAP 1.0

typedef enum {
	FASTQUEUE_SUP_STARTED,    /* a worker was started */
	FASTQUEUE_SUP_EXITED,     /* a worker ended (reason, and delay: 0 at once, -1 not replaced) */
	FASTQUEUE_SUP_START_FAILED, /* a worker could not be started (reason, delay) */
	FASTQUEUE_SUP_STOPPING,   /* the fleet is asked to stop */
	FASTQUEUE_SUP_KILLED,     /* a worker still running at the stop deadline got SIGKILL */
	FASTQUEUE_SUP_SHRINKING,  /* a worker got SIGTERM because its pool is smaller */
	FASTQUEUE_SUP_PAUSED,
	FASTQUEUE_SUP_CONTINUED,
	FASTQUEUE_SUP_STOPPED,    /* every worker has ended: run() returns */
	FASTQUEUE_SUP_SCALED,     /* balancing moved a pool's count (reason: the figures behind it) */
	FASTQUEUE_SUP_FIGURES,    /* the figures became unreadable (reason: why), or readable again */
	FASTQUEUE_SUP_RESTARTING, /* a rolling restart began, moved to a pool, or ended */
	FASTQUEUE_SUP_REGISTRY    /* the registry became unreachable (reason), or reachable again */
} fastqueue_sup_event_kind;

/* What happened, for the log: plain values, valid during the log call only. */
typedef struct {
	fastqueue_sup_event_kind kind;
	const char *pool;   /* the pool's name; NULL for the supervisor's own events */
	pid_t pid;          /* the worker's, or 0 */
	const char *reason; /* how a worker ended, or why it could not start; else NULL */
	double delay;       /* seconds until it is started again: 0 at once, -1 never */
	double ran;         /* seconds the worker ran */
	int status;         /* its exit status, or -1 after a signal */
	int signo;          /* the signal that ended it, or 0 */
} fastqueue_sup_event;

typedef void (*fastqueue_sup_log_fn)(void *ctx, const fastqueue_sup_event *ev, const char *line);

/* A crashed worker's restart, waiting for its delay. */
typedef struct {
	double due;      /* monotonic seconds */
	unsigned streak; /* crashes in a row of this worker's line */
} fastqueue_sup_restart;

/* A group: pools that share one budget of processes, balanced (a Horizon supervisor). */
typedef struct {
	char *name;
	fastqueue_balance_mode mode;
	fastqueue_balance_strategy strategy;
	unsigned max;              /* max_processes: the budget on this host, or on all when shared */
	unsigned max_shift;
	double cooldown;           /* seconds between two balancing turns */
	bool shared;
	unsigned budget;           /* this host's share of max (max unless shared) */
	unsigned hosts;            /* live supervisors of this name sharing it (1 unless shared) */
	double next_turn;          /* monotonic: the next balancing turn */
} fastqueue_sup_group;

/* A queue whose figures drive a pool, with its last reading. */
typedef struct {
	char *name;
	fastqueue_sup_queue_figures last;
	bool read;                 /* last holds a reading */
} fastqueue_sup_queue;

/* A pool: one command, run in target processes, target between min and max. */
typedef struct {
	char *name;
	int group;                     /* index into the groups, -1 for none */
	unsigned *queues, nqueues;     /* indexes into the supervisor's queues */
	unsigned down_turns;           /* balancing: turns in a row that wanted fewer */
	char **argv;                   /* NULL-terminated, owned */
	char **env;                    /* "KEY=VALUE" added to the environment, NULL-terminated, owned */
	unsigned target, min, max;     /* processes */
	uint8_t design_exits[32];      /* bit per exit status that ends a worker by design */
	fastqueue_sup_restart *restarts; /* crashed workers waiting for their delay */
	unsigned nrestarts, restarts_cap;
	unsigned long started;         /* workers started, for status() */
	unsigned long crashes;         /* workers that crashed or could not start */
	unsigned long replaced;        /* workers that ended by design and were replaced */
	char last_exit[160];           /* how the last worker ended, "" before any */
} fastqueue_sup_pool;

/* A running worker. */
typedef struct {
	pid_t pid;
	unsigned pool;       /* index into the supervisor's pools */
	double started;      /* monotonic seconds */
	unsigned streak;     /* crashes in a row before it, in its line */
	unsigned generation; /* the supervisor's restart generation when it started */
	bool stopping;       /* sent SIGTERM by the supervisor: not replaced */
} fastqueue_sup_child;

typedef enum {
	FASTQUEUE_SUP_IDLE, FASTQUEUE_SUP_RUNNING, FASTQUEUE_SUP_PAUSED_STATE, FASTQUEUE_SUP_STOPPING_STATE
} fastqueue_sup_state;

typedef struct _fastqueue_supervisor {
	double stop_timeout;          /* seconds between SIGTERM and SIGKILL on a stop */
	fastqueue_sup_log_fn log;     /* NULL: no log */
	void *log_ctx;
	fastqueue_sup_pool *pools;
	unsigned npools;
	fastqueue_sup_child *children;
	unsigned nchildren, children_cap;
	fastqueue_sup_state state;
	bool stop_requested;          /* stop() or a log callback's failure: stop on the next turn */
	int pause_requested;          /* -1 none, 0 continue, 1 pause: pause()/resume() */
	bool changed;                 /* a pool's target moved during a run: turn again at once */
	double stop_deadline;         /* monotonic: SIGKILL after it */
	double pause_repeat_at;       /* monotonic: SIGUSR2 again to the young workers, while paused */
	bool killed;                  /* some worker needed SIGKILL at the deadline */
	int wake_fd;                  /* the self-pipe's read end while run() runs, else -1 */

	fastqueue_sup_group *groups;
	unsigned ngroups;
	fastqueue_sup_queue *queues;  /* every queue some pool names, once */
	unsigned nqueues;
	fastqueue_sup_figures *figures; /* NULL without a Redis connection */
	char figures_err[FASTQUEUE_SUP_ERR_LEN]; /* "" while the figures are read */
	double next_zero_poll;        /* monotonic: the next poll of the pools at zero */

	fastqueue_sup_registry *registry; /* NULL without a name */
	char *name, *host;            /* the registry's; NULL without a name */
	double heartbeat;             /* seconds between two heartbeats */
	double next_beat;             /* monotonic */
	char registry_err[FASTQUEUE_SUP_ERR_LEN]; /* "" while the heartbeats reach Redis */
	bool beaten;                  /* a heartbeat has read the stamps during this run */
	char restart_stamp[64], terminate_stamp[64]; /* the stamps' values as last seen */
	char restarted[64];           /* the restart stamp last carried out, "" none */
	double started_at;            /* Unix time run() started */

	unsigned generation;          /* workers of an older generation are restarted */
	bool restart_requested;       /* restart(), SIGHUP or the stamp: begin on the next turn */
	int restarting;               /* the pool being restarted, -1 for none */
	char restart_for[64];         /* the stamp this restart carries out ("" for restart(), SIGHUP) */
} fastqueue_supervisor;

/* An empty supervisor; free it with fastqueue_supervisor_free(). */
fastqueue_supervisor *fastqueue_supervisor_new(double stop_timeout);
void fastqueue_supervisor_free(fastqueue_supervisor *s);

/* Adds a pool, taking argv and env (NULL-terminated arrays of malloc'd strings, or NULL for
 * env). FAILURE (a name taken) leaves them to the caller. */
zend_result fastqueue_supervisor_add_pool(fastqueue_supervisor *s, const char *name, char **argv, char **env,
	unsigned processes, unsigned min, unsigned max, const uint8_t design_exits[32], char *err);
/* Adds a group (the caller has checked its values). FAILURE: the name is taken, or no memory. */
zend_result fastqueue_supervisor_add_group(fastqueue_supervisor *s, const fastqueue_sup_group *g, char *err);
int fastqueue_supervisor_group(const fastqueue_supervisor *s, const char *name);
/* Puts pool p in group g (-1 none) and names its queues (copied). FAILURE: no memory. */
zend_result fastqueue_supervisor_pool_queues(fastqueue_supervisor *s, fastqueue_sup_pool *p, int group,
	const char *const *queues, unsigned n);
/* Connects the figures and, with a name, the registry over conn (not owned). FAILURE: no memory. */
zend_result fastqueue_supervisor_connect(fastqueue_supervisor *s, fastqueue_conn *conn, const char *prefix,
	size_t prefix_len, const char *name, const char *host, double heartbeat);
/* The status record (JSON, docs/supervisor.md "The status record"), malloc'd, its length in
 * *len; NULL when out of memory. */
char *fastqueue_supervisor_record(const fastqueue_supervisor *s, size_t *len);

/* The pool named name, or NULL. */
fastqueue_sup_pool *fastqueue_supervisor_pool(fastqueue_supervisor *s, const char *name);
/* Running workers of pool i that the supervisor has not asked to stop. */
unsigned fastqueue_supervisor_running(const fastqueue_supervisor *s, unsigned pool);
/* Logs an event with its line (printf-style), when a log is set. */
void fastqueue_sup_say(fastqueue_supervisor *s, const fastqueue_sup_event *ev, const char *fmt, ...)
	ZEND_ATTRIBUTE_FORMAT(printf, 3, 4);
/* Frees an array of malloc'd strings ending with NULL. */
void fastqueue_sup_strings_free(char **list);

/* Runs the fleet until it is stopped (a quit signal, stop()): *status is 0 when every worker
 * ended within stop_timeout, 1 when some needed SIGKILL. FAILURE: the first start of a pool's
 * command failed (err says which and why) and what had started was stopped; or the signal
 * handlers could not be installed. */
zend_result fastqueue_supervisor_run(fastqueue_supervisor *s, int *status, char *err);

#endif
