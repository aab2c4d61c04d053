/* ws_lua_scn.c: the scenario runner.  The scenario runs in a coroutine of
 * the front end's Lua state; gpu:launch inside it (when the runner is
 * interactive and the call can yield) begins the launch and yields, so the
 * front end steps it with ws_lctl_advance; the next ws_scn_resume continues
 * the script, whose gpu:launch then runs what is left of the launch and
 * closes it.  Statistics are those of batch mode: the launch is the same
 * ws_gpu_run cut at other places. */
#include "config.h"

#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

#include "lua/ws_lua.h"
#include "lua/ws_lua_ctl_int.h"
#include "util/ws_util.h"

struct ws_scn {
    lua_State *L;       /* the front end's state */
    lua_State *co;      /* the scenario's coroutine */
    int co_ref, gpu_ref;
    ws_lgpu *gpu;       /* the gpu of the last launch */
    bool interactive, pending, done;
};

static const char scn_key = 's';    /* registry key (its address): the runner, light userdata */

ws_scn *ws_scn_of(lua_State *L)
{
    lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_key);
    ws_scn *s = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return s && s->co == L && s->interactive ? s : NULL;
}

void ws_scn_launched(ws_scn *s, lua_State *L, int idx, ws_lgpu *g)
{
    s->pending = true;
    s->gpu = g;
    if (s->gpu_ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, s->gpu_ref);
    lua_pushvalue(L, idx);
    s->gpu_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

ws_scn *ws_scn_new(lua_State *L, const char *path, int argc, char **argv, ws_error *err)
{
    ws_lua_set_arg(L, path, argc, argv);
    lua_State *co = lua_newthread(L);
    if (luaL_loadfilex(co, path, "t") != LUA_OK) {
        ws_error_set(err, WS_E_IO, "%s", lua_tostring(co, -1));
        lua_pop(L, 1);
        return NULL;
    }
    ws_scn *s = ws_xmalloc(sizeof *s);
    memset(s, 0, sizeof *s);
    s->L = L;
    s->co = co;
    s->co_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    s->gpu_ref = LUA_NOREF;
    s->interactive = true;
    lua_pushlightuserdata(L, s);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &scn_key);
    return s;
}

void ws_scn_interactive(ws_scn *s, bool on) { s->interactive = on; }
struct ws_lgpu *ws_scn_gpu(ws_scn *s) { return s->gpu; }

int ws_scn_resume(ws_scn *s, ws_error *err)
{
    if (s->done) return WS_SCN_DONE;
    for (;;) {
        int nres = 0;
        s->pending = false;
        int st = lua_resume(s->co, s->L, 0, &nres);
        if (st == LUA_YIELD) {
            lua_pop(s->co, nres);
            if (s->pending) return WS_SCN_LAUNCH;
            continue;       /* a plain coroutine.yield() of the script */
        }
        s->done = true;
        if (st == LUA_OK) {
            lua_settop(s->co, 0);
            return WS_SCN_DONE;
        }
        if (ws_lua_exiting(s->L)) {     /* os.exit: the caller ends the run */
            lua_settop(s->co, 0);
            return WS_SCN_EXIT;
        }
        const char *msg = lua_tostring(s->co, -1);
        if (!msg && luaL_callmeta(s->co, -1, "__tostring") && lua_type(s->co, -1) == LUA_TSTRING) {
            /* an error object with __tostring (a lab's usage error): its text, no traceback */
            ws_error_set(err, WS_E_STATE, "%s", lua_tostring(s->co, -1));
            lua_pop(s->co, 1);
            return WS_SCN_ERROR;
        }
        luaL_traceback(s->L, s->co, msg ? msg : "(error object is not a string)", 0);
        ws_error_set(err, WS_E_STATE, "%s", lua_tostring(s->L, -1));
        lua_pop(s->L, 1);
        return WS_SCN_ERROR;
    }
}

void ws_scn_free(ws_scn *s)
{
    if (!s) return;
    lua_State *L = s->L;
    lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_key);
    if (lua_touserdata(L, -1) == s) {
        lua_pushnil(L);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &scn_key);
    }
    lua_pop(L, 1);
    if (s->gpu_ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, s->gpu_ref);
    luaL_unref(L, LUA_REGISTRYINDEX, s->co_ref);
    free(s);
}
