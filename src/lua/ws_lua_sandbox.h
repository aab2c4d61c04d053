/* ws_lua_sandbox.h: `warpscope --sandbox`: a scenario runs without io, os
 * (but os.clock, os.time, os.date), C modules, the debug library (but
 * debug.traceback and debug.getinfo) and binary chunks; Lua files, PTX and
 * graphs are read only below the scenario's directory and the data
 * directory's lua/ and scenarios/; no file is written; and the Lua VM runs
 * at most a budget of instructions (time spent in C, e.g. simulating, is not
 * counted).  Every refusal is a Lua error naming what was refused. */
#ifndef WS_LUA_SANDBOX_H
#define WS_LUA_SANDBOX_H

#include <lua.h>
#include <stdint.h>

#include "util/ws_error.h"

/* The default instruction budget (Lua VM instructions). */
#define WS_SANDBOX_BUDGET 1000000000ull
/* The default memory limit (bytes): of the Lua heap, and of each gpu's
 * device memory.  A shared lab machine survives a few of these at once. */
#define WS_SANDBOX_MEMORY (2048ull << 20)

/* Restrict L (a fresh state from ws_lua_new, before any script runs).
 * `dir` is the scenario's directory (reads are allowed below it); budget 0
 * means no limit.  -1 with err when dir cannot be resolved. */
int ws_lua_sandbox(lua_State *L, const char *dir, uint64_t budget, ws_error *err);
/* Limit the Lua heap of the sandboxed L to `bytes` (0: no limit) and make
 * every gpu created from it limit its device memory to the same.  Call
 * after ws_lua_sandbox.  The allocator's state is freed by
 * ws_lua_sandbox_memory_free after lua_close. */
void ws_lua_sandbox_memory(lua_State *L, uint64_t bytes);
/* The device-memory limit for a gpu created from L (0: none). */
uint64_t ws_lua_sandbox_memory_limit(lua_State *L);
/* Whether the last "not enough memory" of L came from the sandbox's limit
 * (then *limit is it). */
int ws_lua_sandbox_memory_refused(lua_State *L, uint64_t *limit);
/* The allocator state to free after lua_close(L) (NULL: none); call before. */
void *ws_lua_sandbox_memory_handle(lua_State *L);
/* Whether L is sandboxed. */
int ws_lua_sandboxed(lua_State *L);
/* The one check the bindings call before opening a file: returns when the
 * sandbox is off or allows it, else raises a Lua error ("sandbox: refused
 * to read '../x.ptx' ...").  write: the file would be written. */
void ws_lua_sandbox_check(lua_State *L, const char *path, int write);
/* Re-install the budget hook on L (after something else used the hook,
 * e.g. the REPL's Ctrl-C); nothing when not sandboxed. */
void ws_lua_sandbox_rehook(lua_State *L);

#endif
