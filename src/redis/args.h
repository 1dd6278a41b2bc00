/* A command's arguments and the numbers written into them: a growable argv for hiredis, and
 * formatting that says how much it wrote. Plain memory from the engine's allocator; nothing
 * here talks to Redis. */
#ifndef FASTQUEUE_ARGS_H
#define FASTQUEUE_ARGS_H

#include "php.h"

/* One command's arguments: a growable argv for hiredis. */
typedef struct _fastqueue_args {
	int argc;
	int cap;
	const char **argv;
	size_t *len;
	const char *inline_argv[16];   /* no allocation for short commands */
	size_t inline_len[16];
} fastqueue_args;

/* snprintf returning the length actually in buf: at most size - 1 (truncated), 0 on an error.
 * snprintf's own result is the length it wanted, which can reach past buf; any length handed
 * on (fastqueue_args_add) comes from here instead. */
size_t fastqueue_format(char *buf, size_t size, const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 3, 4);

/* Appends "; " (when err holds something already) and a formatted note to err, cut quietly
 * at size: the reasons of several tries (each seed node, each sentinel) in one error text. */
void fastqueue_format_note(char *err, size_t size, const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 3, 4);

/* n in decimal, NUL-terminated, in buf (FASTQUEUE_LONG_CHARS at least); returns its length.
 * For the per-job path, where snprintf costs more than the command it goes into. */
#define FASTQUEUE_LONG_CHARS 24
size_t fastqueue_format_long(char *buf, zend_long n);

/* seconds (>= 0, finite) with three decimals ("12.500"), NUL-terminated, in buf
 * (FASTQUEUE_LONG_CHARS + 4 at least); returns its length. Integer arithmetic only: always a
 * '.', whatever LC_NUMERIC a PHP script set, and safe on the worker's own threads, where
 * PHP's snprintf must not format a float (its zend_dtoa shares unlocked memory with the
 * thread that runs PHP). */
size_t fastqueue_format_seconds(char *buf, double seconds);

/* n's decimal digits at p, not terminated; returns their end. Inline: the connection writes
 * every RESP header of the per-job path with it. */
static inline char *fastqueue_put_digits(char *p, uint64_t n)
{
	char digits[20];
	int d = 0;
	do {
		digits[d++] = (char) ('0' + n % 10);
		n /= 10;
	} while (n);
	while (d) {
		*p++ = digits[--d];
	}
	return p;
}

/* The arguments point at the caller's memory, which must outlive the command's sending. Past
 * 16 arguments the arrays move to the engine's heap; fastqueue_args_free releases them (and
 * leaves an empty list, ready for reuse). */
void fastqueue_args_init(fastqueue_args *a);
void fastqueue_args_add(fastqueue_args *a, const char *s, size_t len);
void fastqueue_args_add_str(fastqueue_args *a, const zend_string *s);
void fastqueue_args_free(fastqueue_args *a);

#endif
