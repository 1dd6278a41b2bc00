/* The supervisors' registry: see registry.h. Its keys (P: the RedisQueue's prefix) share the
 * hash tag {supervisors}, so one node of a cluster serves them all:
 *   P fastqueue:{supervisors}             a sorted set of NAME/HOST, scored by the last beat;
 *   P fastqueue:{supervisors}:NAME/HOST   the claim, then the status record, PX three beats;
 *   P fastqueue:{supervisors}:restart     the stamps the commands set.
 *   P fastqueue:{supervisors}:terminate
 * A supervisor is live while its record exists: Redis's own clock expires it, so neither the
 * hosts' clocks nor their heartbeats need to agree. */
#include "registry.h"
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most a registry call waits for a reply: the loop must not stall on a slow Redis. */
#define REGISTRY_READ_TIMEOUT 1.0
/* Tries of a claim that lost a race to another claim of the same name before it gives up. */
#define CLAIM_TRIES 5
/* Members scored this long ago are dropped by anyone's beat whatever their name: their record
 * expired long before (a heartbeat is 60 s at most), and a live one is added back at its next beat. */
#define STALE_MEMBER_SECONDS 3600.0

typedef struct {
	char *s;
	size_t len;
} registry_key;

struct _fastqueue_sup_registry {
	fastqueue_conn *conn;      /* the RedisQueue's, not owned */
	registry_key set;          /* P fastqueue:{supervisors} */
	registry_key record;       /* P fastqueue:{supervisors}:NAME/HOST */
	registry_key restart;      /* P fastqueue:{supervisors}:restart */
	registry_key terminate;    /* P fastqueue:{supervisors}:terminate */
	registry_key member;       /* NAME/HOST */
	size_t name_len;           /* NAME's bytes at the start of member */
	pid_t pid;                 /* this supervisor's */
	char ttl[FASTQUEUE_LONG_CHARS]; /* three heartbeats in milliseconds, for PX */
	size_t ttl_len;
};

/* {{{ keys */

static bool key_init(registry_key *k, const char *a, size_t alen, const char *b, size_t blen)
{
	if (!(k->s = malloc(alen + blen + 1))) {
		return false;
	}
	memcpy(k->s, a, alen);
	memcpy(k->s + alen, b, blen);
	k->s[alen + blen] = '\0';
	k->len = alen + blen;
	return true;
}

static const char *member_host(const fastqueue_sup_registry *r)
{
	return r->member.s + r->name_len + 1;
}

/* The record key of member m (NAME/HOST). */
static bool record_key_of(const fastqueue_sup_registry *r, const char *m, size_t len, registry_key *k)
{
	/* The record key is the set's key, ':' and the member: record.len - member.len bytes of it
	 * come before the member. */
	return key_init(k, r->record.s, r->record.len - r->member.len, m, len);
}

fastqueue_sup_registry *fastqueue_sup_registry_new(fastqueue_conn *conn, const char *prefix, size_t prefix_len,
	const char *name, const char *host, pid_t pid, double heartbeat)
{
	static const char set[] = "fastqueue:{supervisors}";
	fastqueue_sup_registry *r = calloc(1, sizeof(*r));
	registry_key base = {0};
	size_t name_len = strlen(name), host_len = strlen(host);
	bool ok;

	if (!r) {
		return NULL;
	}
	r->conn = conn;
	r->pid = pid;
	r->name_len = name_len;
	r->ttl_len = fastqueue_format_long(r->ttl, (zend_long) (heartbeat * 3000.0 + 0.999));
	ok = key_init(&r->set, prefix, prefix_len, set, sizeof(set) - 1)
		&& key_init(&base, r->set.s, r->set.len, ":", 1)
		&& key_init(&r->member, name, name_len, "/", 1);
	if (ok) {
		char *m = r->member.s;
		ok = key_init(&r->member, m, name_len + 1, host, host_len);
		free(m);
	}
	ok = ok && key_init(&r->record, base.s, base.len, r->member.s, r->member.len)
		&& key_init(&r->restart, base.s, base.len, "restart", 7)
		&& key_init(&r->terminate, base.s, base.len, "terminate", 9);
	free(base.s);
	if (!ok) {
		fastqueue_sup_registry_free(r);
		return NULL;
	}
	return r;
}

void fastqueue_sup_registry_free(fastqueue_sup_registry *r)
{
	if (r) {
		free(r->set.s);
		free(r->record.s);
		free(r->restart.s);
		free(r->terminate.s);
		free(r->member.s);
		free(r);
	}
}

/* }}} */

/* {{{ talking to Redis */

/* The connection that serves the keys, its reads bounded to REGISTRY_READ_TIMEOUT (or the
 * RedisQueue's read_timeout when that is shorter) until done() puts them back. */
static fastqueue_conn *begin(fastqueue_sup_registry *r)
{
	double own = r->conn->opt.read_timeout;
	double bound = own > 0 && own < REGISTRY_READ_TIMEOUT ? own : REGISTRY_READ_TIMEOUT;
	fastqueue_conn *c;

	fastqueue_conn_set_read_timeout(r->conn, bound);
	c = fastqueue_conn_route(r->conn, r->set.s, r->set.len);
	/* Routing may have connected a node of a cluster just now, with the usual timeout. */
	fastqueue_conn_set_read_timeout(r->conn, bound);
	return c;
}

static void done(fastqueue_sup_registry *r)
{
	fastqueue_conn_set_read_timeout(r->conn, r->conn->opt.read_timeout);
}

static void fail_with(const fastqueue_conn *c, char *err, size_t errlen)
{
	if (err && !err[0]) {
		snprintf(err, errlen, "%s", c->err[0] ? c->err : "Redis failed");
	}
}

/* Runs n commands on c, their replies in out[0..n) (NULL where a command failed). On one
 * server in one pipeline; in a cluster one by one, as only a single command follows MOVED or
 * ASK to the node that serves the slot now. FAILURE: some command failed, the first error's
 * text in err (when err is not NULL). */
static zend_result run(fastqueue_conn *front, fastqueue_conn *c, const fastqueue_args *cmds, int n,
	fastqueue_reply **out, char *err, size_t errlen)
{
	zend_result ok = SUCCESS;
	int i;

	if (err) {
		err[0] = '\0';
	}
	for (i = 0; i < n; i++) {
		out[i] = NULL;
	}
	if (fastqueue_conn_is_cluster(front)) {
		for (i = 0; i < n; i++) {
			if (fastqueue_conn_command(c, &cmds[i], &out[i]) == FAILURE) {
				fail_with(c, err, errlen);
				ok = FAILURE;
			}
		}
		return ok;
	}
	for (i = 0; i < n && ok == SUCCESS; i++) {
		ok = fastqueue_conn_append(c, &cmds[i]);
	}
	if (ok == FAILURE) {
		fail_with(c, err, errlen);
		return FAILURE;
	}
	/* Every reply is read, an error reply's too, so the connection stays in step. */
	for (i = 0; i < n; i++) {
		if (fastqueue_conn_read_reply_to(c, cmds[i].argv[0], &out[i]) == FAILURE) {
			fail_with(c, err, errlen);
			ok = FAILURE;
			if (!fastqueue_conn_is_connected(c)) {
				break;
			}
		}
	}
	return ok;
}

static void free_replies(fastqueue_reply **out, int n)
{
	for (int i = 0; i < n; i++) {
		fastqueue_reply_free(out[i]);
	}
}

static void free_args(fastqueue_args *cmds, int n)
{
	for (int i = 0; i < n; i++) {
		fastqueue_args_free(&cmds[i]);
	}
}

static void command(fastqueue_args *a, const char *name)
{
	fastqueue_args_init(a);
	fastqueue_args_add(a, name, strlen(name));
}

static void add_key(fastqueue_args *a, const registry_key *k)
{
	fastqueue_args_add(a, k->s, k->len);
}

/* An unexpected reply's text from c into err; returns FAILURE. */
static zend_result unexpected(fastqueue_conn *c, const char *name, const fastqueue_reply *reply, const char *what,
	char *err, size_t errlen)
{
	fastqueue_conn_unexpected(c, name, reply, what);
	snprintf(err, errlen, "%s", c->err);
	return FAILURE;
}

/* }}} */

/* {{{ the claim's record: written as JSON, read back for its pid and host */

/* s as a JSON string's contents into buf (size bytes); the length written. */
static size_t json_escape(char *buf, size_t size, const char *s, size_t len)
{
	size_t o = 0;

	for (size_t i = 0; i < len && o + 7 < size; i++) {
		unsigned char ch = (unsigned char) s[i];
		if (ch == '"' || ch == '\\') {
			buf[o++] = '\\';
			buf[o++] = (char) ch;
		} else if (ch < 0x20) {
			o += fastqueue_format(buf + o, size - o, "\\u%04x", ch);
		} else {
			buf[o++] = (char) ch;
		}
	}
	buf[o] = '\0';
	return o;
}

/* The claim: the least record that says who holds the name, until the first beat writes the
 * full one. malloc'ed, its length in *len; NULL when out of memory. */
static char *claim_record(const fastqueue_sup_registry *r, size_t *len)
{
	size_t host_len = r->member.len - r->name_len - 1;
	size_t size = 6 * (r->name_len + host_len) + 64;
	char *buf = malloc(size);
	size_t o;

	if (!buf) {
		return NULL;
	}
	o = fastqueue_format(buf, size, "{\"name\":\"");
	o += json_escape(buf + o, size - o, r->member.s, r->name_len);
	o += fastqueue_format(buf + o, size - o, "\",\"host\":\"");
	o += json_escape(buf + o, size - o, member_host(r), host_len);
	o += fastqueue_format(buf + o, size - o, "\",\"pid\":%ld}", (long) r->pid);
	*len = o;
	return buf;
}

typedef struct {
	const char *p, *end;
} json_cursor;

static void json_space(json_cursor *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r')) {
		j->p++;
	}
}

static bool json_take(json_cursor *j, char ch)
{
	json_space(j);
	if (j->p < j->end && *j->p == ch) {
		j->p++;
		return true;
	}
	return false;
}

static int json_hex(char ch)
{
	return ch >= '0' && ch <= '9' ? ch - '0'
		: ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
		: ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
}

/* Appends code point cp as UTF-8 to buf (size bytes) at *o; *fits false once it does not. */
static void json_put(char *buf, size_t size, size_t *o, bool *fits, unsigned cp)
{
	char u[3];
	int n = 0;

	if (cp < 0x80) {
		u[n++] = (char) cp;
	} else if (cp < 0x800) {
		u[n++] = (char) (0xc0 | cp >> 6);
		u[n++] = (char) (0x80 | (cp & 0x3f));
	} else {
		u[n++] = (char) (0xe0 | cp >> 12);
		u[n++] = (char) (0x80 | ((cp >> 6) & 0x3f));
		u[n++] = (char) (0x80 | (cp & 0x3f));
	}
	for (int i = 0; i < n; i++) {
		if (buf && *o < size) {
			buf[(*o)++] = u[i];
		} else {
			*fits = false;
		}
	}
}

/* A string, decoded into buf (size bytes, not terminated; NULL to skip it): its length in
 * *len, *fits false when it did not fit. false: no string there. */
static bool json_string(json_cursor *j, char *buf, size_t size, size_t *len, bool *fits)
{
	size_t o = 0;

	*fits = true;
	if (!json_take(j, '"')) {
		return false;
	}
	while (j->p < j->end && *j->p != '"') {
		unsigned cp = (unsigned char) *j->p++;
		if (cp == '\\') {
			if (j->p >= j->end) {
				return false;
			}
			char e = *j->p++;
			if (e == 'u') {
				int d[4];
				if (j->end - j->p < 4) {
					return false;
				}
				for (int i = 0; i < 4; i++) {
					if ((d[i] = json_hex(j->p[i])) < 0) {
						return false;
					}
				}
				cp = (unsigned) (d[0] << 12 | d[1] << 8 | d[2] << 4 | d[3]);
				j->p += 4;
			} else {
				const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
				const char *at = strchr(from, e);
				if (!e || !at) {
					return false;
				}
				cp = (unsigned char) to[at - from];
			}
			json_put(buf, size, &o, fits, cp);
		} else if (buf && o < size) {
			buf[o++] = (char) cp;
		} else {
			*fits = false;
		}
	}
	*len = o;
	return json_take(j, '"');
}

/* Skips a value of any kind, nested at most depth deep. */
static bool json_skip(json_cursor *j, int depth)
{
	size_t len;
	bool fits;

	json_space(j);
	if (j->p >= j->end || depth <= 0) {
		return false;
	}
	if (*j->p == '"') {
		return json_string(j, NULL, 0, &len, &fits);
	}
	if (*j->p == '{' || *j->p == '[') {
		char close = *j->p == '{' ? '}' : ']';
		j->p++;
		if (json_take(j, close)) {
			return true;
		}
		do {
			if (close == '}' && !(json_string(j, NULL, 0, &len, &fits) && json_take(j, ':'))) {
				return false;
			}
			if (!json_skip(j, depth - 1)) {
				return false;
			}
		} while (json_take(j, ','));
		return json_take(j, close);
	}
	/* A number, true, false or null. */
	const char *start = j->p;
	while (j->p < j->end && *j->p && strchr("+-.0123456789eEtruefalsn", *j->p)) {
		j->p++;
	}
	return j->p > start;
}

/* A pid: a positive integer. */
static bool json_pid(json_cursor *j, pid_t *pid)
{
	long v = 0;
	const char *start;

	json_space(j);
	start = j->p;
	while (j->p < j->end && *j->p >= '0' && *j->p <= '9') {
		v = v * 10 + (*j->p++ - '0');
		if (v > INT_MAX) {
			return false;
		}
	}
	*pid = (pid_t) v;
	return j->p > start && v > 0;
}

/* The top-level "pid" and "host" of a record; *same_host: whether the host is exactly this
 * one's. false: the record is no object with both. */
static bool read_claim(const fastqueue_sup_registry *r, const char *s, size_t len, pid_t *pid, bool *same_host)
{
	json_cursor j = {s, s + len};
	size_t ours = r->member.len - r->name_len - 1;
	char *host = malloc(ours + 1); /* one byte more than ours: a longer host does not fit */
	bool has_pid = false, has_host = false, valid = host && json_take(&j, '{') && !json_take(&j, '}');

	while (valid) {
		char key[8];
		size_t key_len, host_len;
		bool key_fits, host_fits;
		if (!json_string(&j, key, sizeof(key), &key_len, &key_fits) || !json_take(&j, ':')) {
			valid = false;
		} else if (key_fits && key_len == 3 && memcmp(key, "pid", 3) == 0) {
			valid = has_pid = json_pid(&j, pid);
		} else if (key_fits && key_len == 4 && memcmp(key, "host", 4) == 0) {
			valid = has_host = json_string(&j, host, ours + 1, &host_len, &host_fits);
			*same_host = host_fits && host_len == ours && memcmp(host, member_host(r), ours) == 0;
		} else {
			valid = json_skip(&j, 32);
		}
		if (valid && !json_take(&j, ',')) {
			valid = json_take(&j, '}');
			break;
		}
	}
	free(host);
	return valid && has_pid && has_host;
}

/* Whether pid is a running process of this machine (a zombie is not: it ended and waits for
 * its parent to reap it). */
static bool running(pid_t pid)
{
	char path[64], stat[512];
	FILE *f;
	size_t n;
	const char *paren;

	if (kill(pid, 0) != 0 && errno != EPERM) {
		return false;
	}
	snprintf(path, sizeof(path), "/proc/%ld/stat", (long) pid);
	if (!(f = fopen(path, "r"))) {
		return true; /* no /proc to tell: kill's answer stands */
	}
	n = fread(stat, 1, sizeof(stat) - 1, f);
	fclose(f);
	stat[n] = '\0';
	/* "PID (COMMAND) STATE ...": the command may hold ") ", so the last one ends it. */
	paren = strrchr(stat, ')');
	return !(paren && paren[1] == ' ' && (paren[2] == 'Z' || paren[2] == 'X'));
}

/* }}} */

/* {{{ the claim */

typedef enum {
	CLAIM_WON,
	CLAIM_HELD,    /* a live process holds it: err says whose */
	CLAIM_RACED,   /* another claim changed it meanwhile: try again */
	CLAIM_FAILED   /* Redis failed: err says why */
} claim_outcome;

/* SET NX: the name was free. */
static claim_outcome claim_free(fastqueue_sup_registry *r, fastqueue_conn *c, const char *rec, size_t rec_len,
	char *err, size_t errlen)
{
	fastqueue_args a;
	fastqueue_reply *reply;
	const char *s;
	size_t len;
	claim_outcome outcome;

	command(&a, "SET");
	add_key(&a, &r->record);
	fastqueue_args_add(&a, rec, rec_len);
	fastqueue_args_add(&a, "NX", 2);
	fastqueue_args_add(&a, "PX", 2);
	fastqueue_args_add(&a, r->ttl, r->ttl_len);
	if (run(r->conn, c, &a, 1, &reply, err, errlen) == FAILURE) {
		outcome = CLAIM_FAILED;
	} else if (fastqueue_conn_expect_string(c, "SET", reply, true, &s, &len) == FAILURE) {
		snprintf(err, errlen, "%s", c->err);
		outcome = CLAIM_FAILED;
	} else {
		outcome = s ? CLAIM_WON : CLAIM_RACED;
	}
	fastqueue_reply_free(reply);
	fastqueue_args_free(&a);
	return outcome;
}

/* Sends UNWATCH: the claim ends without its transaction, and the connection must not keep
 * watching the record for the RedisQueue's next commands. */
static void unwatch(fastqueue_sup_registry *r, fastqueue_conn *c)
{
	fastqueue_args a;
	fastqueue_reply *reply;

	command(&a, "UNWATCH");
	run(r->conn, c, &a, 1, &reply, NULL, 0);
	fastqueue_reply_free(reply);
	fastqueue_args_free(&a);
}

/* Reads the watched record: CLAIM_HELD when it holds a live process of this host other than
 * this one, CLAIM_WON when it may be taken over, CLAIM_FAILED when Redis failed. */
static claim_outcome read_holder(fastqueue_sup_registry *r, fastqueue_conn *c, char *err, size_t errlen)
{
	fastqueue_args a[2];
	fastqueue_reply *reply[2];
	const char *s;
	size_t len;
	pid_t pid = 0;
	bool same_host = false;
	claim_outcome outcome = CLAIM_FAILED;

	command(&a[0], "WATCH");
	add_key(&a[0], &r->record);
	command(&a[1], "GET");
	add_key(&a[1], &r->record);
	if (run(r->conn, c, a, 2, reply, err, errlen) == FAILURE) {
		/* Nothing to report here: run() said why. */
	} else if (fastqueue_conn_expect_string(c, "GET", reply[1], true, &s, &len) == FAILURE) {
		snprintf(err, errlen, "%s", c->err);
	} else if (s && read_claim(r, s, len, &pid, &same_host) && same_host && pid != r->pid && running(pid)) {
		snprintf(err, errlen, "a supervisor named \"%.*s\" already runs on host \"%s\" (pid %ld)",
			(int) r->name_len, r->member.s, member_host(r), (long) pid);
		outcome = CLAIM_HELD;
	} else {
		/* No record (it expired meanwhile), one of a dead process, of this one, or one that
		 * names no process of this host: taken over. */
		outcome = CLAIM_WON;
	}
	free_replies(reply, 2);
	free_args(a, 2);
	return outcome;
}

/* The record exists: a refusal when it holds a live process of this host other than this
 * one, else it is taken over (a supervisor killed with -9 left it), under WATCH so that of
 * two claims taking it over at once only one wins. */
static claim_outcome claim_taken(fastqueue_sup_registry *r, fastqueue_conn *c, const char *rec, size_t rec_len,
	char *err, size_t errlen)
{
	fastqueue_args a[3];
	fastqueue_reply *reply[3];
	claim_outcome outcome = read_holder(r, c, err, errlen);

	if (outcome != CLAIM_WON) {
		unwatch(r, c);
		return outcome;
	}
	command(&a[0], "MULTI");
	command(&a[1], "SET");
	add_key(&a[1], &r->record);
	fastqueue_args_add(&a[1], rec, rec_len);
	fastqueue_args_add(&a[1], "PX", 2);
	fastqueue_args_add(&a[1], r->ttl, r->ttl_len);
	command(&a[2], "EXEC");
	if (run(r->conn, c, a, 3, reply, err, errlen) == FAILURE) {
		outcome = CLAIM_FAILED;
	} else if (fastqueue_reply_is_nil(reply[2])) {
		/* EXEC answers nil when the watched record changed: another claim came first. */
		outcome = CLAIM_RACED;
	} else if (!fastqueue_reply_is_array(reply[2])) {
		outcome = CLAIM_FAILED;
		unexpected(c, "EXEC", reply[2], "an array or nil", err, errlen);
	}
	free_replies(reply, 3);
	free_args(a, 3);
	return outcome;
}

zend_result fastqueue_sup_registry_claim(fastqueue_sup_registry *r, char *err, size_t errlen)
{
	size_t rec_len;
	char *rec = claim_record(r, &rec_len);
	claim_outcome outcome = CLAIM_RACED;
	fastqueue_conn *c;

	if (!rec) {
		snprintf(err, errlen, "out of memory");
		return FAILURE;
	}
	c = begin(r);
	for (int i = 0; i < CLAIM_TRIES && outcome == CLAIM_RACED; i++) {
		outcome = claim_free(r, c, rec, rec_len, err, errlen);
		if (outcome == CLAIM_RACED) {
			outcome = claim_taken(r, c, rec, rec_len, err, errlen);
		}
	}
	done(r);
	free(rec);
	if (outcome == CLAIM_RACED) {
		snprintf(err, errlen, "the claim of supervisor \"%.*s\" on host \"%s\" changed %d times while it was made",
			(int) r->name_len, r->member.s, member_host(r), CLAIM_TRIES);
	}
	return outcome == CLAIM_WON ? SUCCESS : FAILURE;
}

/* }}} */

/* {{{ the heartbeat */

enum { BEAT_SET, BEAT_ZADD, BEAT_PRUNE, BEAT_MEMBERS, BEAT_RESTART, BEAT_TERMINATE, BEAT_COMMANDS };

/* The stamp of a GET reply into buf, "" for nil; FAILURE when the reply is no string. */
static zend_result stamp(fastqueue_conn *c, const fastqueue_reply *reply, char *buf, size_t size)
{
	const char *s;
	size_t len;

	if (fastqueue_conn_expect_string(c, "GET", reply, true, &s, &len) == FAILURE) {
		return FAILURE;
	}
	if (!s || len >= size) {
		len = s ? size - 1 : 0;
	}
	memcpy(buf, s ? s : "", len);
	buf[len] = '\0';
	return SUCCESS;
}

/* Whether member m (NAME/HOST) is one of this name, another than this one. */
static bool is_peer(const fastqueue_sup_registry *r, const char *m, size_t len)
{
	return len > r->name_len && memcmp(m, r->member.s, r->name_len + 1) == 0
		&& !(len == r->member.len && memcmp(m, r->member.s, len) == 0);
}

/* Whether member a sorts before member b (bytes, then length): the order of host names. */
static bool sorts_before(const char *a, size_t alen, const char *b, size_t blen)
{
	int cmp = memcmp(a, b, alen < blen ? alen : blen);
	return cmp < 0 || (cmp == 0 && alen < blen);
}

/* Of the members (a ZRANGE's reply), the peers whose record exists: their count and how many
 * of them sort before this one. The members of this name whose record is gone are dropped
 * from the set. */
static zend_result count_peers(fastqueue_sup_registry *r, fastqueue_conn *c, const fastqueue_reply *members,
	unsigned *peers, unsigned *before, char *err, size_t errlen)
{
	size_t n = fastqueue_reply_array_len(members), k = 0, gone = 0;
	fastqueue_args *cmds = n ? ecalloc(n, sizeof(*cmds)) : NULL;
	registry_key *keys = n ? ecalloc(n, sizeof(*keys)) : NULL;
	fastqueue_reply **replies = n ? ecalloc(n, sizeof(*replies)) : NULL;
	const char **names = n ? ecalloc(n, sizeof(*names)) : NULL;
	size_t *lens = n ? ecalloc(n, sizeof(*lens)) : NULL;
	zend_result ok = SUCCESS;
	fastqueue_args zrem;

	*peers = *before = 0;
	for (size_t i = 0; i < n; i++) {
		const char *m;
		size_t len;
		fastqueue_reply_string(fastqueue_reply_array_at(members, i), &m, &len); /* checked by the caller */
		if (!is_peer(r, m, len) || !record_key_of(r, m, len, &keys[k])) {
			continue;
		}
		names[k] = m;
		lens[k] = len;
		command(&cmds[k], "EXISTS");
		add_key(&cmds[k], &keys[k]);
		k++;
	}
	if (k && run(r->conn, c, cmds, (int) k, replies, err, errlen) == FAILURE) {
		ok = FAILURE;
	}
	command(&zrem, "ZREM");
	add_key(&zrem, &r->set);
	for (size_t i = 0; i < k && ok == SUCCESS; i++) {
		zend_long exists;
		if (fastqueue_conn_expect_integer(c, "EXISTS", replies[i], &exists) == FAILURE) {
			snprintf(err, errlen, "%s", c->err);
			ok = FAILURE;
		} else if (exists) {
			(*peers)++;
			*before += sorts_before(names[i], lens[i], r->member.s, r->member.len);
		} else {
			fastqueue_args_add(&zrem, names[i], lens[i]);
			gone++;
		}
	}
	if (ok == SUCCESS && gone) {
		/* A member whose record expired: its supervisor died (kill -9, or its host). */
		fastqueue_reply *reply;
		run(r->conn, c, &zrem, 1, &reply, NULL, 0);
		fastqueue_reply_free(reply);
	}
	fastqueue_args_free(&zrem);
	free_replies(replies, (int) k);
	free_args(cmds, (int) k);
	for (size_t i = 0; i < k; i++) {
		free(keys[i].s);
	}
	if (n) {
		efree(cmds);
		efree(keys);
		efree(replies);
		efree(names);
		efree(lens);
	}
	return ok;
}

/* The replies of the beat's pipeline, checked, into out. */
static zend_result read_beat(fastqueue_sup_registry *r, fastqueue_conn *c, fastqueue_reply **reply,
	fastqueue_sup_beat *out, char *err, size_t errlen)
{
	zend_long added, pruned;
	const char *s;
	size_t len;
	unsigned peers, before;

	if (fastqueue_conn_expect_string(c, "SET", reply[BEAT_SET], false, &s, &len) == FAILURE
		|| fastqueue_conn_expect_integer(c, "ZADD", reply[BEAT_ZADD], &added) == FAILURE
		|| fastqueue_conn_expect_integer(c, "ZREMRANGEBYSCORE", reply[BEAT_PRUNE], &pruned) == FAILURE
		|| fastqueue_conn_expect_strings(c, "ZRANGE", reply[BEAT_MEMBERS], SIZE_MAX, false) == FAILURE
		|| stamp(c, reply[BEAT_RESTART], out->restart, sizeof(out->restart)) == FAILURE
		|| stamp(c, reply[BEAT_TERMINATE], out->terminate, sizeof(out->terminate)) == FAILURE) {
		snprintf(err, errlen, "%s", c->err);
		return FAILURE;
	}
	if (count_peers(r, c, reply[BEAT_MEMBERS], &peers, &before, err, errlen) == FAILURE) {
		return FAILURE;
	}
	out->hosts = peers + 1;
	out->rank = before;
	return SUCCESS;
}

zend_result fastqueue_sup_registry_beat(fastqueue_sup_registry *r, const char *record, size_t len, double now,
	fastqueue_sup_beat *out, char *err, size_t errlen)
{
	char score[FASTQUEUE_LONG_CHARS + 4], stale[FASTQUEUE_LONG_CHARS + 5];
	fastqueue_args a[BEAT_COMMANDS];
	fastqueue_reply *reply[BEAT_COMMANDS];
	fastqueue_sup_beat found;
	fastqueue_conn *c;
	zend_result ok;

	stale[0] = '(';
	command(&a[BEAT_SET], "SET");
	add_key(&a[BEAT_SET], &r->record);
	fastqueue_args_add(&a[BEAT_SET], record, len);
	fastqueue_args_add(&a[BEAT_SET], "PX", 2);
	fastqueue_args_add(&a[BEAT_SET], r->ttl, r->ttl_len);
	command(&a[BEAT_ZADD], "ZADD");
	add_key(&a[BEAT_ZADD], &r->set);
	fastqueue_args_add(&a[BEAT_ZADD], score, fastqueue_format_seconds(score, now > 0 ? now : 0));
	add_key(&a[BEAT_ZADD], &r->member);
	command(&a[BEAT_PRUNE], "ZREMRANGEBYSCORE");
	add_key(&a[BEAT_PRUNE], &r->set);
	fastqueue_args_add(&a[BEAT_PRUNE], "-inf", 4);
	fastqueue_args_add(&a[BEAT_PRUNE], stale,
		1 + fastqueue_format_seconds(stale + 1, now > STALE_MEMBER_SECONDS ? now - STALE_MEMBER_SECONDS : 0));
	command(&a[BEAT_MEMBERS], "ZRANGE");
	add_key(&a[BEAT_MEMBERS], &r->set);
	fastqueue_args_add(&a[BEAT_MEMBERS], "0", 1);
	fastqueue_args_add(&a[BEAT_MEMBERS], "-1", 2);
	command(&a[BEAT_RESTART], "GET");
	add_key(&a[BEAT_RESTART], &r->restart);
	command(&a[BEAT_TERMINATE], "GET");
	add_key(&a[BEAT_TERMINATE], &r->terminate);

	c = begin(r);
	ok = run(r->conn, c, a, BEAT_COMMANDS, reply, err, errlen);
	if (ok == SUCCESS) {
		ok = read_beat(r, c, reply, &found, err, errlen);
	}
	done(r);
	free_replies(reply, BEAT_COMMANDS);
	free_args(a, BEAT_COMMANDS);
	if (ok == SUCCESS) {
		*out = found;
	}
	return ok;
}

/* }}} */

void fastqueue_sup_registry_release(fastqueue_sup_registry *r)
{
	fastqueue_args a[2];
	fastqueue_reply *reply[2];
	fastqueue_conn *c;

	command(&a[0], "DEL");
	add_key(&a[0], &r->record);
	command(&a[1], "ZREM");
	add_key(&a[1], &r->set);
	add_key(&a[1], &r->member);
	c = begin(r);
	run(r->conn, c, a, 2, reply, NULL, 0);
	done(r);
	free_replies(reply, 2);
	free_args(a, 2);
}
