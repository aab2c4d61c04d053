/* ws_lua_repl.h: `warpscope -i`, a plain Lua REPL (lua.c's behaviour). */
#ifndef WS_LUA_REPL_H
#define WS_LUA_REPL_H

#include <lua.h>
#include <stddef.h>

/* Run `script` (NULL: none) with its arguments, then read Lua from
 * standard input until end of file: "> " and ">> " prompts (on a terminal),
 * expressions print their values (tables in full, handles through their
 * __tostring), errors are printed and the session goes on, Ctrl-C
 * interrupts the running command (or discards the line being typed).  The
 * global `ws` is require "warpscope".  os.exit (in the script or a command)
 * ends the session; ws_lua_close_status then gives its status.  Returns 0. */
int ws_lua_repl(lua_State *L, const char *script, int argc, char **argv);

/* The REPL's text for the value at idx (tables in full, sorted keys;
 * handles through __tostring; strings as they are), pushed on the stack;
 * the TUI's console prints values with it too.  Never raises. */
const char *ws_lua_show(lua_State *L, int idx, size_t *len);

#endif
