/* ws_lua_insp_tcoal.c: gpu:tcoal([launch]), the temporal-coalescing curve
 * (stats.tcoal, src/arch/ws_tcoal.h) of the totals or of one launch. */
#include <lauxlib.h>
#include <lua.h>
#include <stdint.h>
#include <string.h>

#include "arch/ws_opts.h"
#include "arch/ws_tcoal.h"
#include "lua/ws_lua_insp.h"
#include "stats/ws_stats.h"

static void push_curve(lua_State *L, const char *k, const uint64_t *v, int norm)
{
    lua_createtable(L, WS_TCOAL_WMAX, 0);
    for (int w = 0; w < WS_TCOAL_WMAX; w++) {
        if (norm)
            lua_pushnumber(L, v[0] ? (double)v[w] / (double)v[0] : 0.0);
        else
            lua_pushinteger(L, (lua_Integer)v[w]);
        lua_rawseti(L, -2, w + 1);
    }
    lua_setfield(L, -2, k);
}

/* gpu:tcoal() the totals, gpu:tcoal(n) launch n (1 first), gpu:tcoal("last") */
static int g_tcoal(lua_State *L)
{
    ws_gpu *g = ws_linsp_model(L, 1, "tcoal");
    ws_gpu_stats_sync(g);
    size_t nl = ws_stats_nlaunches(ws_gpu_stats(g)), launch = SIZE_MAX;
    if (lua_type(L, 2) == LUA_TSTRING) {
        const char *s = lua_tostring(L, 2);
        if (strcmp(s, "last") != 0)
            return luaL_argerror(L, 2, "a launch number or \"last\"");
        if (!nl) return luaL_error(L, "gpu:tcoal: no launch has ended yet");
        launch = nl - 1;
    } else if (!lua_isnoneornil(L, 2)) {
        lua_Integer n = luaL_checkinteger(L, 2);
        if (n < 1 || (size_t)n > nl)
            return luaL_error(L, "gpu:tcoal: launch %I does not exist (%s%zu)", n, nl ? "1.." : "none: ", nl);
        launch = (size_t)n - 1;
    }
    ws_tcoal_ctr c;
    if (!ws_gpu_tcoal(g, launch, &c))
        return luaL_error(L, "gpu:tcoal: temporal coalescing is not counted (--set stats.tcoal=true)");
    lua_createtable(L, 0, 8);
    ws_linsp_set_int(L, "block_bytes", 1 << WS_TCOAL_BLOCK_LOG);
    const char *array = ws_opts_str(ws_gpu_opts(g), "stats.tcoal.array");
    if (array && *array) ws_linsp_set_str(L, "array", array);
    ws_linsp_set_int(L, "loads", (lua_Integer)c.insns);
    ws_linsp_set_int(L, "lane_requests", (lua_Integer)c.lanes);
    lua_createtable(L, WS_TCOAL_WMAX, 0);
    for (int w = 1; w <= WS_TCOAL_WMAX; w++) {
        lua_pushinteger(L, w);
        lua_rawseti(L, -2, w);
    }
    lua_setfield(L, -2, "windows");
    push_curve(L, "requests", c.req, 0);
    push_curve(L, "normalized", c.req, 1);
    push_curve(L, "sliding", c.slide, 0);
    push_curve(L, "sliding_normalized", c.slide, 1);
    return 1;
}

void ws_linsp_register_tcoal(lua_State *L)
{
    lua_pushcfunction(L, g_tcoal);
    lua_setfield(L, -2, "tcoal");
}
