/* Replies described for error texts. A hostile or broken peer chooses these bytes, so the
 * description is bounded and escaped: it may end up in a log line or an exception message. */
#include "reply.h"
#include <hiredis/hiredis.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* The sample being written: it stops taking characters once FASTQUEUE_REPLY_SAMPLE are in. */
typedef struct {
	char text[FASTQUEUE_REPLY_SAMPLE + 1];
	size_t used;
	bool cut;
} sample;

static void put(sample *s, const char *p, size_t n)
{
	if (s->cut) {
		return;
	}
	if (n > FASTQUEUE_REPLY_SAMPLE - s->used) {
		s->cut = true;
		return;
	}
	memcpy(s->text + s->used, p, n);
	s->used += n;
}

/* Bytes as they are when printable ASCII, else \xNN; a quote and a backslash escaped. */
static void put_escaped(sample *s, const char *p, size_t n)
{
	for (size_t i = 0; i < n && !s->cut; i++) {
		unsigned char ch = (unsigned char) p[i];
		char esc[5];
		if (ch == '"' || ch == '\\') {
			esc[0] = '\\';
			esc[1] = (char) ch;
			put(s, esc, 2);
		} else if (ch >= 0x20 && ch < 0x7f) {
			put(s, (const char *) &ch, 1);
		} else {
			snprintf(esc, sizeof(esc), "\\x%02x", ch);
			put(s, esc, 4);
		}
	}
}

static bool has_elements(int type)
{
	switch (type) {
		case REDIS_REPLY_ARRAY:
#ifdef REDIS_REPLY_MAP
		case REDIS_REPLY_MAP:
		case REDIS_REPLY_SET:
		case REDIS_REPLY_ATTR:
		case REDIS_REPLY_PUSH:
#endif
			return true;
		default:
			return false;
	}
}

static void render(sample *s, const redisReply *r)
{
	char num[32];

	switch (r->type) {
		case REDIS_REPLY_STRING:
			put(s, "\"", 1);
			put_escaped(s, r->str, r->len);
			put(s, "\"", 1);
			return;
		case REDIS_REPLY_STATUS:
			put(s, "+", 1);
			put_escaped(s, r->str, r->len);
			return;
		case REDIS_REPLY_ERROR:
			put(s, "-", 1);
			put_escaped(s, r->str, r->len);
			return;
		case REDIS_REPLY_INTEGER:
			put(s, num, (size_t) snprintf(num, sizeof(num), ":%lld", r->integer));
			return;
		case REDIS_REPLY_NIL:
			put(s, "nil", 3);
			return;
#ifdef REDIS_REPLY_DOUBLE
		case REDIS_REPLY_DOUBLE:
		case REDIS_REPLY_BIGNUM:
		case REDIS_REPLY_VERB:
			/* hiredis keeps the text as it came for these three. */
			put(s, r->type == REDIS_REPLY_DOUBLE ? "," : r->type == REDIS_REPLY_BIGNUM ? "(" : "=", 1);
			put_escaped(s, r->str, r->len);
			return;
		case REDIS_REPLY_BOOL:
			put(s, r->integer ? "#t" : "#f", 2);
			return;
#endif
		default:
			break;
	}
	if (has_elements(r->type)) {
		put(s, "[", 1);
		for (size_t i = 0; i < r->elements && !s->cut; i++) {
			if (i) {
				put(s, ", ", 2);
			}
			render(s, r->element[i]);
		}
		put(s, "]", 1);
		return;
	}
	put(s, "?", 1);
}

static const char *type_name(const redisReply *r, char *buf, size_t size)
{
	const char *what;

	switch (r->type) {
		case REDIS_REPLY_STRING: return "a string";
		case REDIS_REPLY_STATUS: return "a status";
		case REDIS_REPLY_ERROR: return "an error";
		case REDIS_REPLY_INTEGER: return "an integer";
		case REDIS_REPLY_NIL: return "nil";
		case REDIS_REPLY_ARRAY: what = "an array"; break;
#ifdef REDIS_REPLY_DOUBLE
		case REDIS_REPLY_DOUBLE: return "a double (RESP3)";
		case REDIS_REPLY_BOOL: return "a boolean (RESP3)";
		case REDIS_REPLY_BIGNUM: return "a big number (RESP3)";
		case REDIS_REPLY_VERB: return "a verbatim string (RESP3)";
		case REDIS_REPLY_MAP: what = "a map (RESP3)"; break;
		case REDIS_REPLY_SET: what = "a set (RESP3)"; break;
		case REDIS_REPLY_ATTR: what = "an attribute (RESP3)"; break;
		case REDIS_REPLY_PUSH: what = "a push message (RESP3)"; break;
#endif
		default:
			snprintf(buf, size, "a reply of type %d", r->type);
			return buf;
	}
	snprintf(buf, size, "%s of %zu element%s", what, (size_t) r->elements, r->elements == 1 ? "" : "s");
	return buf;
}

const char *fastqueue_reply_describe(const fastqueue_reply *r, char *buf, size_t size)
{
	sample s = {.used = 0, .cut = false};
	char type[64];

	if (!size) {
		return buf;
	}
	if (!r) {
		snprintf(buf, size, "no reply");
		return buf;
	}
	render(&s, r);
	s.text[s.used] = '\0';
	snprintf(buf, size, "%s %s%s", type_name(r, type, sizeof(type)), s.text, s.cut ? "..." : "");
	return buf;
}

const char *fastqueue_reply_escape(const char *p, size_t n, char *buf, size_t size)
{
	sample s = {.used = 0, .cut = false};

	put_escaped(&s, p, n);
	s.text[s.used] = '\0';
	if (size) {
		snprintf(buf, size, "%s%s", s.text, s.cut ? "..." : "");
	}
	return buf;
}
