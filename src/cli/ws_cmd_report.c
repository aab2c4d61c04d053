/* `warpscope report RUN.json [-o FILE.html]`: one self-contained HTML file
 * with SVG plots of a run's --json output.  The report itself is written in
 * Lua (lua/warpscope/report.lua, a plain Lua state: no model runs); this
 * file only starts it (ws_report_state, src/lua/ws_lua_report.c, which
 * gives it the one thing Lua cannot know, each preset's configuration, so
 * that the report can list the keys a run changed, and the atomic write). */
#include "config.h"
#include "cli/ws_cli.h"
#include "lua/ws_lua_report.h"

#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>

static int l_traceback(lua_State *L)
{
    const char *m = lua_tostring(L, 1);
    luaL_traceback(L, L, m ? m : "(error object is not a string)", 1);
    return 1;
}

int ws_cmd_report(int argc, char **argv)
{
    ws_error err;
    lua_State *L = ws_report_state(&err);
    if (!L) {
        fprintf(stderr, "warpscope: report: %s\n", err.msg);
        return WS_EXIT_FAIL;
    }
    int rc = WS_EXIT_FAIL;
    lua_pushcfunction(L, l_traceback);
    int tb = lua_gettop(L);
    lua_getfield(L, tb - 1, "main");
    lua_createtable(L, argc, 0);
    for (int i = 1; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i);
    }
    lua_getfield(L, tb - 1, "preset_config");
    if (lua_pcall(L, 2, 1, tb) != LUA_OK) {
        fprintf(stderr, "warpscope: report: internal error: %s\n", lua_tostring(L, -1));
    } else {
        rc = (int)luaL_optinteger(L, -1, WS_EXIT_FAIL);
    }
    lua_close(L);
    return rc;
}
