/* `warpscope report RUN.json [-o FILE.html]`: one self-contained HTML file
 * with SVG plots of a run's --json output.  The report itself is written in
 * Lua (lua/warpscope/report.lua, a plain Lua state: no model runs); this
 * file only starts it and gives it one thing Lua cannot know: each preset's
 * configuration, so that the report can list the keys a run changed. */
#include "config.h"
#include "cli/ws_cli.h"
#include "arch/ws_opts.h"
#include "util/ws_paths.h"

#include <lauxlib.h>
#include <limits.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>

/* preset_config(name): the preset's configuration as JSON text, or nil. */
static int l_preset_config(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    ws_opts *o = ws_opts_new();
    ws_error err;
    if (!o || ws_opts_apply_preset(o, name, &err) != 0) {
        ws_opts_free(o);
        lua_pushnil(L);
        return 1;
    }
    char *text = ws_opts_to_json(o);
    ws_opts_free(o);
    lua_pushstring(L, text ? text : "");
    free(text);
    return 1;
}

static int l_traceback(lua_State *L)
{
    const char *m = lua_tostring(L, 1);
    luaL_traceback(L, L, m ? m : "(error object is not a string)", 1);
    return 1;
}

int ws_cmd_report(int argc, char **argv)
{
    lua_State *L = luaL_newstate();
    if (!L) {
        fprintf(stderr, "warpscope: report: cannot create a Lua state (out of memory)\n");
        return WS_EXIT_FAIL;
    }
    luaL_openlibs(L);
    char dir[PATH_MAX];
    ws_paths_data(dir, sizeof dir, "lua");
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "path");
    lua_pushfstring(L, "%s/?.lua;%s", dir, lua_tostring(L, -1));
    lua_setfield(L, -3, "path");
    lua_pop(L, 2);

    lua_pushcfunction(L, l_traceback);
    int tb = lua_gettop(L);
    lua_getglobal(L, "require");
    lua_pushstring(L, "warpscope.report");
    int rc = WS_EXIT_FAIL;
    if (lua_pcall(L, 1, 1, tb) != LUA_OK) {
        fprintf(stderr, "warpscope: report: %s\n", lua_tostring(L, -1));
        lua_close(L);
        return WS_EXIT_FAIL;
    }
    lua_getfield(L, -1, "main");
    lua_createtable(L, argc, 0);
    for (int i = 1; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i);
    }
    lua_pushcfunction(L, l_preset_config);
    if (lua_pcall(L, 2, 1, tb) != LUA_OK) {
        fprintf(stderr, "warpscope: report: internal error: %s\n", lua_tostring(L, -1));
    } else {
        rc = (int)luaL_optinteger(L, -1, WS_EXIT_FAIL);
    }
    lua_close(L);
    return rc;
}
