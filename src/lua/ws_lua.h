/* The embedded Lua runtime: state creation, the `warpscope` module, and
 * running scripts with tracebacks.  C primitives live in warpscope.core; the
 * friendly layer is lua/warpscope.lua from the data directory. */
#ifndef WS_LUA_H
#define WS_LUA_H

#include <lua.h>

/* Options that shape a new Lua state. */
typedef struct ws_lua_opts {
    unsigned long long seed;   /* default seed for generators and policies */
    int batch;                 /* 1: no TUI (batch mode) */
} ws_lua_opts;

lua_State *ws_lua_new(const ws_lua_opts *opts);
void ws_lua_close(lua_State *L);

/* Run a script file with arguments (arg[0] = path, arg[1..] = argv).
 * Prints "warpscope: <error with traceback>" on stderr on failure.
 * Returns 0 on success, 1 on a Lua error. */
int ws_lua_run_file(lua_State *L, const char *path, int argc, char **argv);

/* The C primitives module; registered as package.preload["warpscope.core"]. */
int ws_luaopen_core(lua_State *L);

#endif
