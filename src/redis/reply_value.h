/* What a reply holds: typed accessors (each says whether the reply is of its type), and
 * replies built out of others. A reply is hiredis's, freed by fastqueue_reply_free; the
 * builders abort the request on out of memory, as emalloc does. */
#ifndef FASTQUEUE_REPLY_VALUE_H
#define FASTQUEUE_REPLY_VALUE_H

#include "php.h"
#include "reply.h"

void fastqueue_reply_free(fastqueue_reply *r);
bool fastqueue_reply_is_nil(const fastqueue_reply *r);
bool fastqueue_reply_integer(const fastqueue_reply *r, zend_long *out);
bool fastqueue_reply_string(const fastqueue_reply *r, const char **s, size_t *len);
bool fastqueue_reply_is_array(const fastqueue_reply *r);
size_t fastqueue_reply_array_len(const fastqueue_reply *r);    /* 0 for a non-array */
const fastqueue_reply *fastqueue_reply_array_at(const fastqueue_reply *r, size_t i);

/* Building a reply out of others (several script calls answering as one): a new array of n
 * nils, an element moved from one array into another (leaving nil behind), an element set,
 * and an integer element changed in place. */
fastqueue_reply *fastqueue_reply_new_array(size_t n);
void fastqueue_reply_move(fastqueue_reply *to, size_t to_i, fastqueue_reply *from, size_t from_i);
void fastqueue_reply_set_integer(fastqueue_reply *r, zend_long n);
/* Puts elem (owned from now on) at place i of array r, freeing what was there. */
void fastqueue_reply_set_element(fastqueue_reply *r, size_t i, fastqueue_reply *elem);
fastqueue_reply *fastqueue_reply_element(fastqueue_reply *r, size_t i);

#endif
