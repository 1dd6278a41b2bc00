/* What a reply holds, read through typed accessors, or built out of other replies. The only
 * code above the connection that sees inside a redisReply goes through here. */
#include "reply_value.h"
#include <hiredis/hiredis.h>

/* hiredis 0.14 has no sds-free length type for replies; both have ->len. */
#define REPLY_LEN(r) ((size_t) (r)->len)

void fastqueue_reply_free(fastqueue_reply *r)
{
	if (r) {
		freeReplyObject(r);
	}
}

bool fastqueue_reply_is_nil(const fastqueue_reply *r)
{
	return r->type == REDIS_REPLY_NIL;
}

bool fastqueue_reply_integer(const fastqueue_reply *r, zend_long *out)
{
	if (r->type != REDIS_REPLY_INTEGER) {
		return false;
	}
	*out = (zend_long) r->integer;
	return true;
}

bool fastqueue_reply_string(const fastqueue_reply *r, const char **s, size_t *len)
{
	if (r->type != REDIS_REPLY_STRING && r->type != REDIS_REPLY_STATUS) {
		return false;
	}
	*s = r->str;
	*len = REPLY_LEN(r);
	return true;
}

bool fastqueue_reply_is_array(const fastqueue_reply *r)
{
	return r->type == REDIS_REPLY_ARRAY;
}

size_t fastqueue_reply_array_len(const fastqueue_reply *r)
{
	return r->type == REDIS_REPLY_ARRAY ? r->elements : 0;
}

const fastqueue_reply *fastqueue_reply_array_at(const fastqueue_reply *r, size_t i)
{
	return r->element[i];
}

fastqueue_reply *fastqueue_reply_new_array(size_t n)
{
	/* hiredis frees replies with free(): build them with its allocator's counterpart. */
	redisReply *r = calloc(1, sizeof(*r));

	if (!r) {
		zend_error_noreturn(E_ERROR, "FastQueue: out of memory");
	}
	r->type = REDIS_REPLY_ARRAY;
	r->elements = n;
	r->element = n ? calloc(n, sizeof(*r->element)) : NULL;
	for (size_t i = 0; i < n; i++) {
		if (!r->element || !(r->element[i] = calloc(1, sizeof(redisReply)))) {
			zend_error_noreturn(E_ERROR, "FastQueue: out of memory");
		}
		r->element[i]->type = REDIS_REPLY_NIL;
	}
	return r;
}

void fastqueue_reply_move(fastqueue_reply *to, size_t to_i, fastqueue_reply *from, size_t from_i)
{
	redisReply *nil = to->element[to_i];

	to->element[to_i] = from->element[from_i];
	/* The nil that was there takes its place: both arrays stay whole. */
	freeReplyObject(nil);
	nil = calloc(1, sizeof(*nil));
	if (!nil) {
		zend_error_noreturn(E_ERROR, "FastQueue: out of memory");
	}
	nil->type = REDIS_REPLY_NIL;
	from->element[from_i] = nil;
}

void fastqueue_reply_set_element(fastqueue_reply *r, size_t i, fastqueue_reply *elem)
{
	freeReplyObject(r->element[i]);
	r->element[i] = elem;
}

void fastqueue_reply_set_integer(fastqueue_reply *r, zend_long n)
{
	r->integer = n;
}

fastqueue_reply *fastqueue_reply_element(fastqueue_reply *r, size_t i)
{
	return r->element[i];
}
