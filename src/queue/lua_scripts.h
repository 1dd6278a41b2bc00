/* The Redis scripts, generated into lua_scripts.c from src/queue/lua/ (one .lua file each) by scripts/gen-lua. */
#ifndef FASTQUEUE_LUA_SCRIPTS_H
#define FASTQUEUE_LUA_SCRIPTS_H

#include "script.h" /* the type, which the connection (src/redis/) runs */

extern const fastqueue_script fastqueue_scripts[];
extern const int fastqueue_script_count;

#include "lua_scripts_list.h"

#endif
