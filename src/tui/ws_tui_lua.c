/* ws_tui_lua.c: the TUI seen from Lua (the `tui` global: tui.cmd(line),
 * tui.view([name]), tui.select(sm, slot), tui.state()) and the console's
 * evaluation of Lua input, lua.c style: "return <input>" first, so an
 * expression prints its value; an incomplete chunk asks for more. */
#include "config.h"
#include "tui/ws_tui_int.h"
#include "tui/ws_tui_back.h"

#include <lauxlib.h>
#include <string.h>

#include "arch/ws_gpu.h"
#include "lua/ws_lua.h"
#include "lua/ws_lua_ctl.h"
#include "lua/ws_lua_repl.h"

static ws_tui *self(lua_State *L)
{
    return lua_touserdata(L, lua_upvalueindex(1));
}

/* tui.cmd(line) -> true | nil, message */
static int l_cmd(lua_State *L)
{
    ws_tui *t = self(L);
    const char *line = luaL_checkstring(L, 1);
    ws_error err;
    if (ws_tui_exec(t, line, &err) != 0) {
        luaL_pushfail(L);
        lua_pushstring(L, err.msg);
        return 2;
    }
    lua_pushboolean(L, 1);
    return 1;
}

/* tui.view([name]) -> name of the view shown (after switching to name) */
static int l_view(lua_State *L)
{
    ws_tui *t = self(L);
    if (!lua_isnoneornil(L, 1)) {
        const char *name = luaL_checkstring(L, 1);
        int i = ws_tui_view_find(name);
        if (i < 0)
            return luaL_error(L, "no view '%s'", name);
        t->view = i;
        t->need_redraw = true;
    }
    lua_pushstring(L, ws_tui_views[t->view]->name);
    return 1;
}

/* tui.select(sm [, slot]) -> sm, slot */
static int l_select(lua_State *L)
{
    ws_tui *t = self(L);
    if (!lua_isnoneornil(L, 1)) {
        lua_Integer sm = luaL_checkinteger(L, 1);
        lua_Integer slot = luaL_optinteger(L, 2, t->slot);
        if (t->g && (sm < 0 || (uint64_t)sm >= ws_gpu_nsms(t->g)))
            return luaL_error(L, "SM %d does not exist", (int)sm);
        if (t->g && (slot < 0 || (uint64_t)slot >= ws_gpu_warp_slots(t->g)))
            return luaL_error(L, "warp slot %d does not exist", (int)slot);
        if (sm < 0 || slot < 0)
            return luaL_error(L, "SM and slot must be non-negative");
        t->sm = (uint32_t)sm;
        t->slot = (uint32_t)slot;
        t->follow = false;
        t->need_redraw = true;
    }
    lua_pushinteger(L, t->sm);
    lua_pushinteger(L, t->slot);
    return 2;
}

/* tui.state() -> "paused" | "running" | ..., cycle (or nil) */
static int l_state(lua_State *L)
{
    ws_tui *t = self(L);
    char buf[32];
    snprintf(buf, sizeof buf, "%s", ws_tui_state_name(t->rs));
    for (char *p = buf; *p; p++)
        *p = *p == ' ' ? '_' : (char)(*p | 0x20);
    lua_pushstring(L, buf);
    if (t->g)
        lua_pushinteger(L, (lua_Integer)ws_gpu_cycle(t->g));
    else
        lua_pushnil(L);
    return 2;
}

void ws_tui_lua_install(ws_tui *t)
{
    static const luaL_Reg fns[] = {
        { "cmd", l_cmd }, { "view", l_view }, { "select", l_select }, { "state", l_state }, { NULL, NULL },
    };
    lua_State *L = t->L;
    lua_newtable(L);
    lua_pushlightuserdata(L, t);
    luaL_setfuncs(L, fns, 1);
    lua_setglobal(L, "tui");
    t->gpu_ref = LUA_NOREF;
    /* The launch rows and the summary are printed as in batch mode: the
     * rows land in the console (standard output is captured), the summary
     * on the real standard output when the gpu closes after the TUI. */
    int base = lua_gettop(L);
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    if (lua_getfield(L, -1, "warpscope.core") == LUA_TTABLE && lua_getfield(L, -1, "options") == LUA_TTABLE) {
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, "batch");
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, "tui");
    }
    lua_settop(L, base);
}

void ws_tui_lua_set_gpu(ws_tui *t)
{
    lua_State *L = t->L;
    if (!t->lg)
        return;
    /* The gpu userdata whose block is t->lg: the scenario runner keeps it in
     * the registry while its launch runs. */
    lua_pushnil(L);
    bool found = false;
    while (lua_next(L, LUA_REGISTRYINDEX)) {
        if (lua_type(L, -1) == LUA_TUSERDATA && lua_touserdata(L, -1) == (void *)t->lg) {
            /* Our own reference keeps t->lg's block alive when the script
             * drops the gpu (its model may still be closed: ws_tui_sync). */
            lua_pushvalue(L, -1);
            luaL_unref(L, LUA_REGISTRYINDEX, t->gpu_ref);
            t->gpu_ref = luaL_ref(L, LUA_REGISTRYINDEX);
            lua_setglobal(L, "gpu");
            lua_pop(L, 1);
            found = true;
            break;
        }
        lua_pop(L, 1);
    }
    (void)found;
}


/* The syntax error on the stack top ends at the end of the input. */
static bool incomplete(lua_State *L)
{
    size_t len;
    const char *msg = lua_tolstring(L, -1, &len);
    return msg && len >= 5 && !strcmp(msg + len - 5, "<eof>");
}

static void flush_output(ws_tui *t)
{
    fflush(stdout);
    fflush(stderr);
    ws_tui_drain(t);
}

int ws_tui_lua_eval(ws_tui *t, const char *chunk)
{
    lua_State *L = t->L;
    int base = lua_gettop(L);
    lua_pushcfunction(L, ws_lua_traceback);
    /* an expression first */
    const char *ret = lua_pushfstring(L, "return %s", chunk);
    int st = luaL_loadbuffer(L, ret, strlen(ret), "=console");
    lua_remove(L, -2);
    if (st != LUA_OK) {
        /* "1 +": an expression waiting for more */
        bool more = st == LUA_ERRSYNTAX && incomplete(L);
        lua_pop(L, 1);
        st = luaL_loadbuffer(L, chunk, strlen(chunk), "=console");
        if (st == LUA_ERRSYNTAX && (more || incomplete(L))) {
            lua_settop(L, base);
            return 1;
        }
    }
    if (st == LUA_OK) {
        /* Ctrl-C stops a long simulation the command runs in C, too */
        ws_tui_console_interruptible(L, true);
        st = lua_pcall(L, 0, LUA_MULTRET, base + 1);
        ws_tui_console_interruptible(L, false);
        /* it may have closed the gpu (forget it first), or changed
         * anything: going back stops here */
        ws_tui_sync(t);
        ws_tui_back_barrier(t);
    }
    flush_output(t);
    if (st != LUA_OK && ws_lua_exiting(L)) {
        lua_settop(L, base);
        t->quit = true;     /* os.exit: main writes the outputs and exits */
        return 0;
    }
    if (st != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        ws_tui_log(t, msg ? msg : "(error)", true);
        lua_settop(L, base);
        t->need_redraw = true;
        return -1;
    }
    int n = lua_gettop(L) - base - 1;
    if (n > 0) {
        luaL_Buffer b;
        luaL_buffinit(L, &b);
        for (int i = 1; i <= n; i++) {
            size_t len;
            const char *s = ws_lua_show(L, base + 1 + i, &len);    /* as warpscope -i prints it */
            if (i > 1)
                luaL_addchar(&b, '\t');
            luaL_addlstring(&b, s, len);
            lua_pop(L, 1);
        }
        luaL_pushresult(&b);
        const char *s = lua_tostring(L, -1);
        /* one log entry per line of the value */
        const char *p = s;
        for (;;) {
            const char *nl = strchr(p, '\n');
            size_t len = nl ? (size_t)(nl - p) : strlen(p);
            ws_tui_log_kind(t, WS_LOG_VAL, p, len);
            if (!nl)
                break;
            p = nl + 1;
        }
    }
    lua_settop(L, base);
    ws_tui_sync(t);     /* it may have closed the gpu */
    /* Lua may have moved the clock (gpu:step) or finished the launch. */
    if (t->g && (t->rs == WS_RS_PAUSED || t->rs == WS_RS_RUNNING) && t->lg && !ws_lctl_active(t->lg))
        t->rs = WS_RS_BETWEEN;
    ws_tui_refollow(t);
    ws_tui_sample(t);
    t->need_redraw = true;
    return 0;
}
