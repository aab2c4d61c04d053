/* ws_lua_report.c: run lua/warpscope/report.lua from C (see the header). */
#include "config.h"
#include "lua/ws_lua_report.h"

#include <lauxlib.h>
#include <limits.h>
#include <lualib.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu.h"
#include "arch/ws_opts.h"
#include "stats/ws_stats.h"
#include "util/ws_file.h"
#include "util/ws_paths.h"

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

typedef struct text_ref {
    const char *s;
    size_t n;
} text_ref;

static int put_text(FILE *f, void *ctx)
{
    const text_ref *t = ctx;
    return fwrite(t->s, 1, t->n, f) == t->n ? 0 : -1;
}

/* write_file(path, text): true, or nil and the reason. */
static int l_write_file(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    text_ref t;
    t.s = luaL_checklstring(L, 2, &t.n);
    int stage, e = ws_file_write(path, put_text, &t, &stage);
    if (!e) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushnil(L);
    lua_pushstring(L, strerror(e));
    return 2;
}

static int l_traceback(lua_State *L)
{
    const char *m = lua_tostring(L, 1);
    luaL_traceback(L, L, m ? m : "(error object is not a string)", 1);
    return 1;
}

lua_State *ws_report_state(ws_error *err)
{
    lua_State *L = luaL_newstate();
    if (!L) {
        ws_error_set(err, WS_E_NOMEM, "cannot create a Lua state for the report (out of memory)");
        return NULL;
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
    lua_getglobal(L, "require");
    lua_pushstring(L, "warpscope.report");
    if (lua_pcall(L, 1, 1, 1) != LUA_OK || !lua_istable(L, -1)) {
        ws_error_set(err, WS_E_STATE, "cannot load the report's Lua code: %s",
                     lua_isstring(L, -1) ? lua_tostring(L, -1) : "warpscope.report is not a module table");
        lua_close(L);
        return NULL;
    }
    lua_remove(L, 1);
    lua_pushcfunction(L, l_preset_config);
    lua_setfield(L, -2, "preset_config");
    lua_pushcfunction(L, l_write_file);
    lua_setfield(L, -2, "write_file");
    return L;
}

char *ws_report_gpu_json(ws_gpu *g)
{
    ws_gpu_stats_sync(g);
    char *cfg = ws_opts_to_json(ws_gpu_opts(g));
    char *json = ws_stats_json_text(ws_gpu_stats(g), PACKAGE_VERSION, ws_gpu_seed(g), cfg);
    free(cfg);
    return json;
}

int ws_report_write(const char *json, const char *name, const char *out, const char *note, ws_error *err)
{
    lua_State *L = ws_report_state(err);
    if (!L)
        return -1;
    lua_pushcfunction(L, l_traceback);
    lua_getfield(L, -2, "write");
    lua_pushstring(L, json);
    lua_pushstring(L, name);
    lua_pushstring(L, out);
    lua_pushstring(L, note);
    int rc = 0;
    if (lua_pcall(L, 4, 2, -6) != LUA_OK) {
        rc = ws_error_set(err, WS_E_STATE, "report: internal error: %s", lua_tostring(L, -1));
    } else if (!lua_toboolean(L, -2)) {
        rc = ws_error_set(err, WS_E_IO, "%s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "the report failed");
    }
    lua_close(L);
    return rc;
}
