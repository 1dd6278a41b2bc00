/* A reply from Redis, as hiredis gives it, described for an error text: what came back when
 * it was not what the command should answer. Plain C, no Zend engine: the lease and metrics
 * threads describe replies too. */
#ifndef FASTQUEUE_REPLY_H
#define FASTQUEUE_REPLY_H

#include <stddef.h>

/* A reply as hiredis gives it; opaque outside conn.c except through conn.h's accessors. */
typedef struct redisReply fastqueue_reply;

/* A description shows at most this many characters of the reply, escapes included. */
#define FASTQUEUE_REPLY_SAMPLE 64

/* Writes "TYPE SAMPLE" into buf (NUL-terminated, cut to size): the reply's type ("an integer",
 * "an array of 3 elements", "nil", ...) and its first FASTQUEUE_REPLY_SAMPLE characters,
 * rendered with non-printable bytes escaped (\xNN) and "..." where it was cut. A NULL reply is
 * "no reply". Returns buf. */
const char *fastqueue_reply_describe(const fastqueue_reply *r, char *buf, size_t size);

/* n bytes of a reply's text into buf, escaped as fastqueue_reply_describe() does and cut at
 * FASTQUEUE_REPLY_SAMPLE characters ("..." then). Returns buf. */
const char *fastqueue_reply_escape(const char *p, size_t n, char *buf, size_t size);

/* What fastqueue_reply_describe needs at most: the type, the sample, "...". */
#define FASTQUEUE_REPLY_DESCRIPTION (64 + FASTQUEUE_REPLY_SAMPLE + 8)

#endif
