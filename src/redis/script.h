/* A Redis script as the connection runs it: EVALSHA by its SHA1, then EVAL with its source when
 * the server answers NOSCRIPT. The scripts themselves are the queue's (src/queue/lua_scripts.h). */
#ifndef FASTQUEUE_SCRIPT_H
#define FASTQUEUE_SCRIPT_H

#include <stddef.h>

typedef struct _fastqueue_script {
	const char *name;    /* file name without .lua */
	const char *sha1;    /* hex SHA1 of source, as EVALSHA wants it */
	const char *source;  /* the script text */
	size_t len;          /* strlen(source) */
	int index;           /* position in fastqueue_scripts[] */
} fastqueue_script;

#endif
