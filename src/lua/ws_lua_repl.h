/* ws_lua_repl.h: `warpscope -i`, a plain Lua REPL (lua.c's behaviour). */
#ifndef WS_LUA_REPL_H
#define WS_LUA_REPL_H

#include <lua.h>

/* Run `script` (NULL: none) with its arguments, then read Lua from
 * standard input until end of file: "> " and ">> " prompts (on a terminal),
 * expressions print their values (tables in full, handles through their
 * __tostring), errors are printed and the session goes on, Ctrl-C
 * interrupts the running command (or discards the line being typed).  The
 * global `ws` is require "warpscope".  os.exit (in the script or a command)
 * ends the session; ws_lua_close_status then gives its status.  Returns 0. */
int ws_lua_repl(lua_State *L, const char *script, int argc, char **argv);

#endif
