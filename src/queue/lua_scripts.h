/* The Redis scripts, generated into lua_scripts.c from src/queue/lua/ (one .lua file each) by scripts/gen-lua. */
#ifndef FASTQUEUE_LUA_SCRIPTS_H
#define FASTQUEUE_LUA_SCRIPTS_H

#include <stddef.h>

typedef struct _fastqueue_script {
	const char *name;    /* file name without .lua */
	const char *sha1;    /* hex SHA1 of source, as EVALSHA wants it */
	const char *source;  /* the script text */
	size_t len;          /* strlen(source) */
	int index;           /* position in fastqueue_scripts[] */
} fastqueue_script;

extern const fastqueue_script fastqueue_scripts[];
extern const int fastqueue_script_count;

#include "lua_scripts_list.h"

#endif
