/* The reserve protocol: the queue list pop.lua takes, a request made into its keys and
 * arguments (indices named by the script itself, see scripts/gen-lua), the call (one per node
 * of a cluster when the queues live in several hash slots), its reply read into a batch, and
 * the blocking wait on the queues' :notify lists between reserves. */
#include "reserve.h"
#include "lua_scripts.h"
#include "zend_smart_str.h"
#include <math.h>

/* {{{ the queue list */
void fastqueue_queue_list_init(fastqueue_queue_list *l, const fastqueue_redis_queue *q,
	zend_string *const *names, uint32_t count, const zend_string *restart_key)
{
	static const char *const suffixes[FASTQUEUE_QUEUE_KEYS] = {"", ":delayed", ":reserved", ":notify"};

	l->count = count;
	l->has_restart_key = restart_key != NULL;
	l->names = safe_emalloc(count, sizeof(*l->names), 0);
	l->keys = safe_emalloc(FASTQUEUE_QUEUE_KEYS * count + 1, sizeof(*l->keys), 0);
	for (uint32_t i = 0; i < count; i++) {
		l->names[i] = zend_string_copy(names[i]);
		for (int k = 0; k < FASTQUEUE_QUEUE_KEYS; k++) {
			l->keys[FASTQUEUE_QUEUE_KEYS * i + k] = fastqueue_queue_key(q, names[i], suffixes[k]);
		}
	}
	if (restart_key) {
		l->keys[FASTQUEUE_QUEUE_KEYS * count] = zend_string_concat2(ZSTR_VAL(q->prefix), ZSTR_LEN(q->prefix),
			ZSTR_VAL(restart_key), ZSTR_LEN(restart_key));
	}
	/* A script may touch the keys of one hash slot only: in a cluster, consecutive queues of
	 * one slot share a call, and the restart key is read apart. */
	l->group_first = safe_emalloc(count + 1, sizeof(*l->group_first), 0);
	l->ngroups = 0;
	for (uint32_t i = 0; i < count; i++) {
		const zend_string *key = l->keys[FASTQUEUE_QUEUE_KEYS * i];
		const zend_string *before = i ? l->keys[FASTQUEUE_QUEUE_KEYS * (i - 1)] : NULL;
		if (i == 0 || (fastqueue_conn_is_cluster(&q->conn)
				&& fastqueue_cluster_key_slot(ZSTR_VAL(key), ZSTR_LEN(key))
				!= fastqueue_cluster_key_slot(ZSTR_VAL(before), ZSTR_LEN(before)))) {
			l->group_first[l->ngroups++] = i;
		}
	}
	l->group_first[l->ngroups] = count;
	l->restart_apart = restart_key && fastqueue_conn_is_cluster(&q->conn);
	l->expired_looked = ecalloc(count, sizeof(*l->expired_looked));
	l->limits = NULL;
	l->limiter_notify = NULL;
}

void fastqueue_queue_list_set_limit(fastqueue_queue_list *l, const fastqueue_redis_queue *q, uint32_t queue,
	const fastqueue_queue_limit *limit)
{
	if (!l->limits) {
		l->limits = ecalloc(l->count, sizeof(*l->limits));
		l->limiter_notify = ecalloc(l->count, sizeof(*l->limiter_notify));
	}
	l->limits[queue - 1] = *limit;
	if (limit->concurrency > 0 && !l->limiter_notify[queue - 1]) {
		l->limiter_notify[queue - 1] = fastqueue_queue_key(q, l->names[queue - 1], ":limiter:notify");
	}
}

void fastqueue_queue_list_free(fastqueue_queue_list *l)
{
	uint32_t nkeys = FASTQUEUE_QUEUE_KEYS * l->count + (l->has_restart_key ? 1 : 0);
	for (uint32_t i = 0; i < l->count; i++) {
		zend_string_release(l->names[i]);
	}
	for (uint32_t i = 0; i < nkeys; i++) {
		zend_string_release(l->keys[i]);
	}
	efree(l->names);
	efree(l->keys);
	efree(l->group_first);
	efree(l->expired_looked);
	if (l->limits) {
		for (uint32_t i = 0; i < l->count; i++) {
			if (l->limiter_notify[i]) {
				zend_string_release(l->limiter_notify[i]);
			}
		}
		efree(l->limits);
		efree(l->limiter_notify);
	}
	memset(l, 0, sizeof(*l));
}

static zend_string *restart_key(const fastqueue_queue_list *l)
{
	return l->keys[FASTQUEUE_QUEUE_KEYS * l->count];
}

/* The first key (the list) of slot group g, which routes its call. */
static zend_string *group_key(const fastqueue_queue_list *l, uint32_t g)
{
	return l->keys[FASTQUEUE_QUEUE_KEYS * l->group_first[g]];
}
/* }}} */

/* {{{ the request and its arguments */
/* Jobs reserved uncharged are scored until.NNNNNN, numbered on from one call to the next
 * within a second, so that expired reservations come back in the order they were reserved,
 * also with two batches out at once (the worker's overlap). The first number of a call. */
static uint32_t take_slots(fastqueue_redis_queue *q, zend_long until, zend_long count)
{
	uint32_t base = until == q->slot_until && q->slot_next + (uint64_t) count <= FASTQUEUE_SLOTS_PER_SECOND
		? q->slot_next : 0;

	q->slot_until = until;
	q->slot_next = base + (uint32_t) count;
	return base;
}

void fastqueue_reserve_request_init(fastqueue_reserve_request *req, fastqueue_redis_queue *q,
	const fastqueue_queue_list *l, zend_long count, bool charge, bool report)
{
	req->list = l;
	req->count = count;
	req->charge = charge;
	req->report = report;
	req->now = fastqueue_clock_unix();
	req->until = req->now + (q->retry_after > 0 ? q->retry_after : 0);
	req->slot_base = charge ? 0 : take_slots(q, req->until, count);
}

/* {{{ looking for expired reservations: once per queue and second
 * Laravel's pop looks at :reserved on every call, as pop.lua did: a redis.call, a good part of
 * what a reserve of one job costs Redis beyond its floor. Reservations end on whole seconds
 * (until, or until.NNNNNN for the worker's uncharged ones, which end before until + 1), and a
 * look at second T moves every one that ended by T (all of them: no migration_batch_size). One
 * made after that look ends at its maker's now + retry_after, later than T unless that clock
 * is retry_after seconds or more behind ours. So a second look within T finds nothing, and the
 * worst a skewed clock costs is a second's delay: the next second's look moves it. Not with
 * retry_after 0 (reservations end as they are made), and not for queue:migrated listeners,
 * who hear of every look as Laravel's pop takes it. Due delayed jobs are looked for on every
 * call: a job released with delay 0 is due at once and must be taken by the next reserve. */
static bool may_skip_expired(const fastqueue_redis_queue *q, const fastqueue_reserve_request *req)
{
	return q->retry_after > 0 && q->migration_batch_size < 0 && !req->report;
}

/* After a reserve: the queues it visited, up to the one that gave jobs, were looked at now. */
static void note_expired_looked(const fastqueue_redis_queue *q, const fastqueue_reserve_request *req,
	const fastqueue_reserve_batch *b)
{
	uint32_t visited = b->queue ? b->queue : req->list->count;

	if (!may_skip_expired(q, req)) {
		return;
	}
	for (uint32_t i = 0; i < visited; i++) {
		req->list->expired_looked[i] = req->now;
	}
}
/* }}} */

/* pop.lua reads ARGV[1] to [8], then the extra keys: a new argument of the script moves
 * MORE_KEYS, and this stops compiling until add_script_args sets it. */
_Static_assert(FASTQUEUE_POP_ARGV_MORE_KEYS == 9, "pop.lua's arguments changed: set them in add_script_args");

/* {{{ limits */
static bool is_limited(const fastqueue_queue_limit *limit)
{
	return limit->rate > 0 || limit->concurrency > 0;
}

/* Whether a call for list places first to last - 1 carries limits (and its reply says which
 * queues they held back). */
static bool call_has_limits(const fastqueue_queue_list *l, uint32_t first, uint32_t last)
{
	for (uint32_t i = first; l->limits && i < last; i++) {
		if (is_limited(&l->limits[i])) {
			return true;
		}
	}
	return false;
}

/* A start counts in its window a little longer than per: the script sees a job's reservation,
 * and its handler starts a moment later, later still on a busy host. Without this, a job
 * reserved early in one window and started a few ms late falls into the next window's
 * count of starts as the handlers see them. 10 ms, or a tenth of a short window. */
#define RATE_GUARD_US 10000.0

static zend_long rate_window_us(double per)
{
	return (zend_long) ceil(per * 1e6 + fmin(RATE_GUARD_US, per * 1e5));
}

/* The limits argument: per limited queue of the call, its number in the call, rate, window in
 * microseconds and concurrency, each followed by a space. */
static void make_limits_arg(smart_str *out, const fastqueue_queue_list *l, uint32_t first, uint32_t last)
{
	for (uint32_t i = first; l->limits && i < last; i++) {
		const fastqueue_queue_limit *limit = &l->limits[i];
		if (is_limited(limit)) {
			smart_str_append_printf(out, "%u " ZEND_LONG_FMT " " ZEND_LONG_FMT " " ZEND_LONG_FMT " ", i - first + 1,
				limit->rate, limit->rate > 0 ? rate_window_us(limit->per) : 0, limit->concurrency);
		}
	}
	smart_str_0(out);
}
/* }}} */

/* Room for the numbers among the arguments, and the per-queue flags of the expired
 * reservations' argument, kept while the arguments are used. */
typedef struct {
	char text[FASTQUEUE_POP_ARGV_MORE_KEYS][24];
	char *expired;             /* one '0' or '1' per queue of the call */
	smart_str limits;          /* the limits argument, empty when none */
	uint32_t nexpired;
	bool any_expired;          /* a '1' among them */
} reserve_numbers;

/* Per queue of the call (list places first to last - 1), whether to look for its expired
 * reservations. */
static void make_expired_flags(reserve_numbers *num, const fastqueue_redis_queue *q,
	const fastqueue_reserve_request *req, uint32_t first, uint32_t last)
{
	bool may_skip = may_skip_expired(q, req);

	memset(&num->limits, 0, sizeof(num->limits));
	make_limits_arg(&num->limits, req->list, first, last);
	num->expired = emalloc(last - first + 1);
	num->nexpired = last - first;
	num->any_expired = false;
	for (uint32_t i = first; i < last; i++) {
		bool looked = may_skip && req->list->expired_looked[i] == req->now;
		num->expired[i - first] = q->retry_after >= 0 && !looked ? '1' : '0';
		num->any_expired |= num->expired[i - first] == '1';
	}
}

static void reserve_args_free(fastqueue_args *a, reserve_numbers *num)
{
	fastqueue_args_free(a);
	if (num->expired) {
		efree(num->expired);
	}
	smart_str_free(&num->limits);
}

static void set_number(fastqueue_args *a, reserve_numbers *num, int index, zend_long n)
{
	fastqueue_args_add(a, num->text[index], fastqueue_format_long(num->text[index], n));
}

/* Whether argument i has the value pop.lua takes when it is left out. */
static bool arg_is_default(const fastqueue_redis_queue *q, const fastqueue_reserve_request *req,
	const reserve_numbers *num, int i)
{
	switch (i) {
		case FASTQUEUE_POP_ARGV_WANT: return req->count == 1;
		case FASTQUEUE_POP_ARGV_FIRST_SLOT: return req->charge;
		case FASTQUEUE_POP_ARGV_BATCH: return q->migration_batch_size < 0;
		case FASTQUEUE_POP_ARGV_REPORT: return !req->report;
		case FASTQUEUE_POP_ARGV_MIGRATE_EXPIRED: return !num->any_expired;
		case FASTQUEUE_POP_ARGV_LIMITS: return !num->limits.s;
		default: return false;
	}
}

static void add_script_arg(fastqueue_args *a, reserve_numbers *num, const fastqueue_redis_queue *q,
	const fastqueue_reserve_request *req, int i)
{
	switch (i) {
		case FASTQUEUE_POP_ARGV_NOW: set_number(a, num, i, req->now); break;
		case FASTQUEUE_POP_ARGV_UNTIL: set_number(a, num, i, req->until); break;
		case FASTQUEUE_POP_ARGV_WANT: set_number(a, num, i, req->count); break;
		/* Empty: charged; uncharged, the number of the first job's score. */
		case FASTQUEUE_POP_ARGV_FIRST_SLOT:
			if (req->charge) {
				fastqueue_args_add(a, "", 0);
			} else {
				set_number(a, num, i, (zend_long) req->slot_base);
			}
			break;
		case FASTQUEUE_POP_ARGV_BATCH: set_number(a, num, i, q->migration_batch_size); break;
		case FASTQUEUE_POP_ARGV_REPORT: fastqueue_args_add(a, req->report ? "1" : "0", 1); break;
		case FASTQUEUE_POP_ARGV_MIGRATE_EXPIRED: fastqueue_args_add(a, num->expired, num->nexpired); break;
		case FASTQUEUE_POP_ARGV_LIMITS:
			fastqueue_args_add(a, num->limits.s ? ZSTR_VAL(num->limits.s) : "", num->limits.s ? ZSTR_LEN(num->limits.s) : 0);
			break;
	}
}

/* The script's own arguments, in the order its index constants give. Each one costs Redis
 * about a thousand instructions, so the trailing ones at their defaults are left out, unless
 * further keys follow them (all_args: pop_node). Whether the restart key is read, the script
 * sees from the number of keys. */
static void add_script_args(fastqueue_redis_queue *q, const fastqueue_reserve_request *req, uint32_t first,
	uint32_t last, bool all_args, fastqueue_args *a, reserve_numbers *num)
{
	int end = FASTQUEUE_POP_ARGV_MORE_KEYS;

	make_expired_flags(num, q, req, first, last);
	while (!all_args && end > 1 && arg_is_default(q, req, num, end - 1)) {
		end--;
	}
	for (int i = 1; i < end; i++) {
		add_script_arg(a, num, q, req, i);
	}
}

/* The pop script's keys and arguments for slot groups g to end - 1 (and the restart key when
 * with_restart). Keys of one hash slot go as KEYS. Keys of several slots of one node go through
 * pop_node: the first group's keys route the call as KEYS, and the rest follow the arguments.
 * *declared: how many are keys; *node_call: pop_node. */
static void reserve_args(fastqueue_redis_queue *q, const fastqueue_reserve_request *req, uint32_t g, uint32_t end,
	bool with_restart, fastqueue_args *a, reserve_numbers *num, uint32_t *declared, bool *node_call)
{
	const fastqueue_queue_list *l = req->list;
	uint32_t first = FASTQUEUE_QUEUE_KEYS * l->group_first[g];
	uint32_t nkeys = FASTQUEUE_QUEUE_KEYS * l->group_first[end] - first;

	*node_call = end > g + 1 || (with_restart && l->restart_apart);
	*declared = *node_call ? FASTQUEUE_QUEUE_KEYS * l->group_first[g + 1] - first : nkeys;
	num->expired = NULL;
	memset(&num->limits, 0, sizeof(num->limits));
	fastqueue_args_init(a);
	for (uint32_t i = 0; i < *declared; i++) {
		fastqueue_args_add_str(a, l->keys[first + i]);
	}
	if (with_restart && !*node_call) {
		fastqueue_args_add_str(a, restart_key(l));
		(*declared)++;
	}
	add_script_args(q, req, l->group_first[g], l->group_first[end], *node_call, a, num);
	if (*node_call) {
		for (uint32_t i = *declared; i < nkeys; i++) {
			fastqueue_args_add_str(a, l->keys[first + i]);
		}
		if (with_restart) {
			fastqueue_args_add_str(a, restart_key(l));
		}
	}
}
/* }}} */

/* {{{ the reply, read into a batch */
/* pop.lua's reply: the restart value; when it reserved jobs, their queue's number and per job
 * the job (uncharged) or the job, its reserved copy and attempts (charged); then, with report,
 * an array of (queue, "delayed"|"reserved", [members]) triples. */
#define REPLY_RESTART 0
#define REPLY_QUEUE 1
#define REPLY_FIRST_JOB 2

void fastqueue_reserve_batch_free(fastqueue_reserve_batch *b)
{
	if (b->restart) {
		zend_string_release(b->restart);
	}
	for (uint32_t i = 0; i < b->njobs; i++) {
		zend_string_release(b->jobs[i].raw);
		if (b->jobs[i].reserved) {
			zend_string_release(b->jobs[i].reserved);
		}
		if (b->jobs[i].crash) {
			zend_string_release(b->jobs[i].crash);
		}
	}
	for (uint32_t i = 0; i < b->nmigrations; i++) {
		for (uint32_t j = 0; j < b->migrations[i].count; j++) {
			zend_string_release(b->migrations[i].members[j]);
		}
		if (b->migrations[i].members) {
			efree(b->migrations[i].members);
		}
	}
	if (b->jobs) efree(b->jobs);
	if (b->migrations) efree(b->migrations);
	if (b->held) efree(b->held);
	memset(b, 0, sizeof(*b));
}

static zend_string *reply_zstr(const fastqueue_reply *r)
{
	const char *s;
	size_t len;
	return fastqueue_reply_string(r, &s, &len) ? zend_string_init(s, len, 0) : NULL;
}

/* A queue number of the call's, made the list's own (the call's queues start at first);
 * 0 when it is not one of them. */
static uint32_t list_queue(const fastqueue_reply *r, uint32_t first, uint32_t count)
{
	zend_long qi;
	return fastqueue_reply_integer(r, &qi) && qi >= 1 && (zend_ulong) qi + first <= count ? (uint32_t) (qi + first) : 0;
}

/* The jobs of a reply (n elements from REPLY_FIRST_JOB on) into b. */
static bool read_jobs(const fastqueue_reserve_request *req, const fastqueue_reply *r, size_t n, fastqueue_reserve_batch *b)
{
	size_t stride = req->charge ? 3 : 1;

	b->jobs = safe_emalloc(n / stride, sizeof(*b->jobs), 0);
	for (size_t i = REPLY_FIRST_JOB; i < REPLY_FIRST_JOB + n; i += stride) {
		fastqueue_reserved_job *job = &b->jobs[b->njobs];
		job->raw = reply_zstr(fastqueue_reply_array_at(r, i));
		job->reserved = NULL;
		job->crash = NULL;
		job->attempts = -1;
		job->slot = req->slot_base + b->njobs; /* as pop.lua numbers them */
		if (!job->raw) {
			return false;
		}
		b->njobs++;
		if (req->charge && (!(job->reserved = reply_zstr(fastqueue_reply_array_at(r, i + 1)))
				|| !fastqueue_reply_integer(fastqueue_reply_array_at(r, i + 2), &job->attempts))) {
			return false;
		}
	}
	return true;
}

/* The crash records of the jobs' previous attempts: pairs of a job's place (1-based) and
 * its record's text. */
static bool read_crashes(const fastqueue_reply *crashes, fastqueue_reserve_batch *b)
{
	size_t n = fastqueue_reply_array_len(crashes);

	if (n % 2 != 0) {
		return false;
	}
	for (size_t i = 0; i < n; i += 2) {
		zend_long place;
		fastqueue_reserved_job *job;

		if (!fastqueue_reply_integer(fastqueue_reply_array_at(crashes, i), &place) || place < 1
				|| (zend_ulong) place > b->njobs) {
			return false;
		}
		job = &b->jobs[place - 1];
		if (job->crash || !(job->crash = reply_zstr(fastqueue_reply_array_at(crashes, i + 1)))) {
			return false;
		}
	}
	return true;
}

/* The migration report of a reply onto the end of b's (its queues after first). */
static bool read_migrations(const fastqueue_reply *report, uint32_t first, uint32_t count, fastqueue_reserve_batch *b)
{
	size_t n = fastqueue_reply_array_len(report);

	if (n % 3 != 0) {
		return false;
	}
	if (n == 0) {
		return true;
	}
	b->migrations = safe_erealloc(b->migrations, b->nmigrations + n / 3, sizeof(*b->migrations), 0);
	for (size_t i = 0; i < n; i += 3) {
		const fastqueue_reply *members = fastqueue_reply_array_at(report, i + 2);
		fastqueue_migration *m = &b->migrations[b->nmigrations];
		const char *kind;
		size_t kind_len;

		m->queue = list_queue(fastqueue_reply_array_at(report, i), first, count);
		m->count = 0;
		m->members = NULL;
		if (!m->queue || !fastqueue_reply_string(fastqueue_reply_array_at(report, i + 1), &kind, &kind_len)
				|| !fastqueue_reply_is_array(members)) {
			return false;
		}
		m->expired = kind_len == 8 && memcmp(kind, "reserved", 8) == 0;
		if (!m->expired && !(kind_len == 7 && memcmp(kind, "delayed", 7) == 0)) {
			return false;
		}
		b->nmigrations++;
		m->members = safe_emalloc(fastqueue_reply_array_len(members), sizeof(*m->members), 0);
		for (size_t j = 0; j < fastqueue_reply_array_len(members); j++) {
			if (!(m->members[m->count] = reply_zstr(fastqueue_reply_array_at(members, j)))) {
				return false;
			}
			m->count++;
		}
	}
	return true;
}

/* The queues a call's limits held back onto the end of b's: (queue, "rate"|"concurrency",
 * microseconds to wait or -1) triples. */
static bool read_held_back(const fastqueue_reply *held, uint32_t first, uint32_t count, fastqueue_reserve_batch *b)
{
	size_t n = fastqueue_reply_array_len(held);

	if (n % 3 != 0) {
		return false;
	}
	if (n == 0) {
		return true;
	}
	b->held = safe_erealloc(b->held, b->nheld + n / 3, sizeof(*b->held), 0);
	for (size_t i = 0; i < n; i += 3) {
		fastqueue_held_back *h = &b->held[b->nheld];
		const char *kind;
		size_t kind_len;
		zend_long wait_us;

		h->queue = list_queue(fastqueue_reply_array_at(held, i), first, count);
		if (!h->queue || !fastqueue_reply_string(fastqueue_reply_array_at(held, i + 1), &kind, &kind_len)
				|| !fastqueue_reply_integer(fastqueue_reply_array_at(held, i + 2), &wait_us) || wait_us < -1) {
			return false;
		}
		h->concurrency = kind_len == 11 && memcmp(kind, "concurrency", 11) == 0;
		if (!h->concurrency && !(kind_len == 4 && memcmp(kind, "rate", 4) == 0)) {
			return false;
		}
		h->wait = wait_us < 0 ? -1 : (double) wait_us / 1e6;
		b->nheld++;
	}
	return true;
}

/* One call's reply into b: its restart value when with_restart, its jobs, its migrations
 * (the call's queues start after the list's first), and with limits (the call carried
 * some) the queues they held back. false: not pop.lua's reply. */
static bool read_reply(const fastqueue_reserve_request *req, const fastqueue_reply *r, uint32_t first,
	bool with_restart, bool limits, fastqueue_reserve_batch *b)
{
	size_t len = fastqueue_reply_array_len(r), stride = req->charge ? 3 : 1, jobs;
	uint32_t count = req->list->count;
	const fastqueue_reply *crashes;

	/* The held back queues come last: read, the rest is as without limits. */
	if (limits) {
		if (len < 2 || !fastqueue_reply_is_array(fastqueue_reply_array_at(r, len - 1))
				|| !read_held_back(fastqueue_reply_array_at(r, len - 1), first, count, b)) {
			return false;
		}
		len--;
	}
	if (len < 1 + (req->report ? 1u : 0u)
			|| (req->report && !fastqueue_reply_is_array(fastqueue_reply_array_at(r, len - 1)))) {
		return false;
	}
	if (with_restart) {
		const fastqueue_reply *restart = fastqueue_reply_array_at(r, REPLY_RESTART);
		/* The restart key's value, or nil (false from Lua) when it has none. */
		if (!fastqueue_reply_is_nil(restart) && !(b->restart = reply_zstr(restart))) {
			return false;
		}
	}
	jobs = len - 1 - (req->report ? 1 : 0);
	/* Crash records, when any, follow the jobs: the one array among them. */
	crashes = jobs > 1 && fastqueue_reply_is_array(fastqueue_reply_array_at(r, jobs)) ? fastqueue_reply_array_at(r, jobs) : NULL;
	if (crashes) {
		jobs--;
	}
	if (jobs > 0) {
		if (jobs < 1 + stride || (jobs - 1) % stride != 0
				|| !(b->queue = list_queue(fastqueue_reply_array_at(r, REPLY_QUEUE), first, count))
				|| !read_jobs(req, r, jobs - 1, b)
				|| (crashes && !read_crashes(crashes, b))) {
			return false;
		}
	}
	return !req->report || read_migrations(fastqueue_reply_array_at(r, len - 1), first, count, b);
}

/* The jobs a reply of the wrong shape reserved, if any, stay in :reserved: they come back
 * after retry_after, as after a worker's crash. */
static zend_result unexpected_reply(fastqueue_conn *c, const fastqueue_reply *r)
{
	return fastqueue_conn_unexpected(c, "the pop script (EVALSHA)", r, "pop.lua's reply");
}
/* }}} */

/* {{{ the calls */
/* One pop script call for slot groups g to end - 1 (a run of groups on one node), read into b. */
static zend_result reserve_call(fastqueue_redis_queue *q, const fastqueue_reserve_request *req, uint32_t g,
	uint32_t end, bool with_restart, fastqueue_reserve_batch *b)
{
	fastqueue_args a;
	reserve_numbers num;
	uint32_t declared;
	bool node_call, read;
	fastqueue_reply *r = NULL;
	zend_result ok;

	reserve_args(q, req, g, end, with_restart, &a, &num, &declared, &node_call);
	ok = fastqueue_conn_eval(fastqueue_conn_route_str(&q->conn, group_key(req->list, g)),
		node_call ? FASTQUEUE_LUA_POP_NODE : FASTQUEUE_LUA_POP, (int) declared, &a, &r);
	reserve_args_free(&a, &num);
	if (ok == FAILURE) {
		return FAILURE;
	}
	read = read_reply(req, r, req->list->group_first[g], with_restart,
		call_has_limits(req->list, req->list->group_first[g], req->list->group_first[end]), b);
	if (!read) {
		unexpected_reply(fastqueue_conn_route_str(&q->conn, group_key(req->list, g)), r);
	}
	fastqueue_reply_free(r);
	return read ? SUCCESS : FAILURE;
}

bool fastqueue_reserve_can_send(fastqueue_redis_queue *q, const fastqueue_queue_list *l)
{
	return !fastqueue_conn_is_cluster(&q->conn) && l->ngroups == 1 && !l->restart_apart && !q->conn.pending;
}

zend_result fastqueue_reserve_send(fastqueue_redis_queue *q, const fastqueue_reserve_request *req)
{
	fastqueue_args a;
	reserve_numbers num;
	uint32_t declared;
	bool node_call;
	zend_result ok;

	reserve_args(q, req, 0, 1, req->list->has_restart_key, &a, &num, &declared, &node_call);
	ok = fastqueue_conn_eval_send_pending(&q->conn, FASTQUEUE_LUA_POP, (int) declared, &a);
	reserve_args_free(&a, &num);
	return ok;
}

zend_result fastqueue_reserve_take(fastqueue_redis_queue *q, const fastqueue_reserve_request *req,
	fastqueue_reserve_batch *out)
{
	fastqueue_reply *r;
	bool read;

	memset(out, 0, sizeof(*out));
	out->until = req->until;
	out->charged = req->charge;
	if (fastqueue_conn_take_pending(&q->conn, &r) == FAILURE) {
		return FAILURE;
	}
	read = read_reply(req, r, 0, req->list->has_restart_key, call_has_limits(req->list, 0, req->list->count), out);
	if (!read) {
		unexpected_reply(&q->conn, r);
	}
	fastqueue_reply_free(r);
	if (!read) {
		fastqueue_reserve_batch_free(out);
		return FAILURE;
	}
	note_expired_looked(q, req, out);
	return SUCCESS;
}

/* Whether a key's node is the one that serves another key. */
static bool same_node(fastqueue_redis_queue *q, const zend_string *a, const zend_string *b)
{
	return fastqueue_conn_route_str(&q->conn, a) == fastqueue_conn_route_str(&q->conn, b);
}

/* The end of the run of slot groups, from g on, that one call serves: the groups that follow
 * g on its node, in priority order (just g when node calls are off). */
static uint32_t node_run_end(fastqueue_redis_queue *q, const fastqueue_queue_list *l, uint32_t g,
	bool node_calls)
{
	uint32_t end = g + 1;

	while (node_calls && end < l->ngroups && same_node(q, group_key(l, g), group_key(l, end))) {
		end++;
	}
	return end;
}

/* A node refused a call across its slots: one of them moved or is migrating (the map was
 * stale), or it runs a Redis before 7, which has no script flags (then never again). */
static bool node_call_refused(fastqueue_redis_queue *q)
{
	if (q->conn.err_kind != FASTQUEUE_ERR_REPLY) {
		return false;
	}
	if (strstr(q->conn.err, "shebang") || strstr(q->conn.err, "compiling script")) {
		q->node_calls_off = true;
	}
	return true;
}

/* The restart key's value, read on its own (a GET). */
static zend_result read_restart_key(fastqueue_redis_queue *q, const fastqueue_queue_list *l, fastqueue_reserve_batch *b)
{
	fastqueue_args a;
	fastqueue_reply *r;
	zend_result ok;

	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "GET", 3);
	fastqueue_args_add_str(&a, restart_key(l));
	ok = fastqueue_conn_command(fastqueue_conn_route_str(&q->conn, restart_key(l)), &a, &r);
	fastqueue_args_free(&a);
	if (ok == SUCCESS) {
		const char *s;
		size_t len;
		ok = fastqueue_conn_expect_string(fastqueue_conn_route_str(&q->conn, restart_key(l)), "GET", r, true, &s, &len);
		if (ok == SUCCESS && s) {
			b->restart = zend_string_init(s, len, 0);
		}
		fastqueue_reply_free(r);
	}
	return ok;
}

/* Queues in several hash slots of a cluster: one call per node in priority order, until one
 * has jobs; a node serves the run of queues that follow each other on it in the list, so a
 * list that keeps each node's queues together costs one call per node. The restart key goes
 * with the first call when its node serves it, else in a GET of its own. Every call's
 * migrations go into the one batch, in the order they were taken. */
static zend_result reserve_by_node(fastqueue_redis_queue *q, const fastqueue_reserve_request *req,
	fastqueue_reserve_batch *b)
{
	const fastqueue_queue_list *l = req->list;
	uint32_t g = 0, one_slot_until = 0;
	bool with_restart = l->has_restart_key && !q->node_calls_off && same_node(q, restart_key(l), l->keys[0]);
	zend_result ok = SUCCESS;

	if (l->has_restart_key && !with_restart) {
		ok = read_restart_key(q, l, b);
	}
	while (ok == SUCCESS && g < l->ngroups && !b->njobs) {
		uint32_t end = node_run_end(q, l, g, !q->node_calls_off && g >= one_slot_until);
		bool restart_here = with_restart && g == 0;

		ok = reserve_call(q, req, g, end, restart_here, b);
		if (ok == FAILURE && (end > g + 1 || restart_here) && node_call_refused(q)) {
			/* This run again, a call per slot, which follows MOVED and ASK. */
			one_slot_until = end;
			ok = restart_here ? read_restart_key(q, l, b) : SUCCESS;
			with_restart = false;
			continue;
		}
		g = end;
	}
	return ok;
}

zend_result fastqueue_reserve(fastqueue_redis_queue *q, const fastqueue_reserve_request *req,
	fastqueue_reserve_batch *out)
{
	const fastqueue_queue_list *l = req->list;
	zend_result ok;

	memset(out, 0, sizeof(*out));
	out->until = req->until;
	out->charged = req->charge;
	if (l->ngroups == 1 && !l->restart_apart) {
		ok = reserve_call(q, req, 0, 1, l->has_restart_key, out);
	} else {
		ok = reserve_by_node(q, req, out);
	}
	if (ok == FAILURE) {
		fastqueue_reserve_batch_free(out);
	} else {
		note_expired_looked(q, req, out);
	}
	return ok;
}
/* }}} */

/* {{{ waiting for a push */
/* One BLPOP on the lists of group g's queues that notify and slots choose (NULL: every
 * :notify list); *none when it chose none (nothing is sent). */
static zend_result wait_group(fastqueue_redis_queue *q, const fastqueue_queue_list *l, uint32_t g,
	const bool *notify, const bool *slots, double seconds, bool *announced, bool *none)
{
	fastqueue_args a;
	fastqueue_reply *r;
	fastqueue_conn *c = NULL;
	char secs[32];
	double read_timeout = q->conn.opt.read_timeout > 0 ? q->conn.opt.read_timeout : 10;
	zend_result ok;

	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "BLPOP", 5);
	for (uint32_t i = l->group_first[g]; i < l->group_first[g + 1]; i++) {
		zend_string *notify_key = l->keys[FASTQUEUE_QUEUE_KEYS * i + FASTQUEUE_KEY_NOTIFY];
		if (!notify || notify[i]) {
			fastqueue_args_add_str(&a, notify_key);
			c = c ? c : fastqueue_conn_route_str(&q->conn, notify_key);
		}
		if (slots && slots[i] && l->limiter_notify && l->limiter_notify[i]) {
			fastqueue_args_add_str(&a, l->limiter_notify[i]);
			c = c ? c : fastqueue_conn_route_str(&q->conn, l->limiter_notify[i]);
		}
	}
	*none = c == NULL;
	if (*none) {
		fastqueue_args_free(&a);
		return SUCCESS;
	}
	/* BLPOP reads 0 as "for ever": a positive wait under a millisecond must not round to it. */
	if (seconds > 0 && seconds < 0.001) {
		seconds = 0.001;
	}
	fastqueue_args_add(&a, secs, fastqueue_format_seconds(secs, seconds));
	/* The socket must outwait the server's own timeout; 0 waits for ever, as in Laravel. */
	fastqueue_conn_set_read_timeout(c, seconds > 0 ? seconds + read_timeout : 0);
	ok = fastqueue_conn_command(c, &a, &r);
	fastqueue_conn_set_read_timeout(c, q->conn.opt.read_timeout);
	fastqueue_args_free(&a);
	/* nil when the wait ran out, else the list and the element popped. */
	if (ok == SUCCESS && !fastqueue_reply_is_nil(r)) {
		ok = fastqueue_conn_expect_strings(c, "BLPOP", r, 2, false);
	}
	*announced = ok == SUCCESS && fastqueue_reply_array_len(r) > 0;
	fastqueue_reply_free(r);
	return ok;
}

/* A blocking wait can watch keys of one hash slot only. Queues in several slots of a cluster
 * are watched one group after another, each for a share of the time: a push is then noticed
 * within the wait's length, not at once (the worker waits in quarter seconds). */
#define GROUP_WAIT_FOR_EVER 1.0

zend_result fastqueue_queue_wait(fastqueue_redis_queue *q, const fastqueue_queue_list *l,
	double seconds, bool *announced)
{
	bool none;

	return fastqueue_queue_wait_some(q, l, NULL, NULL, seconds, announced, &none);
}

zend_result fastqueue_queue_wait_some(fastqueue_redis_queue *q, const fastqueue_queue_list *l,
	const bool *notify, const bool *slots, double seconds, bool *announced, bool *none)
{
	double share;

	*announced = false;
	if (l->ngroups == 1) {
		return wait_group(q, l, 0, notify, slots, seconds, announced, none);
	}
	*none = true;
	share = (seconds > 0 ? seconds : GROUP_WAIT_FOR_EVER) / l->ngroups;
	for (uint32_t g = 0; g < l->ngroups && !*announced; g++) {
		bool group_none;
		if (wait_group(q, l, g, notify, slots, share, announced, &group_none) == FAILURE) {
			return FAILURE;
		}
		*none = *none && group_none;
	}
	return SUCCESS;
}
/* }}} */
