/* ws_lua_req.c: a memory request's life from Lua (arch/ws_rtrace.h).
 *
 *   gpu:trace_requests(events)    follow every new request, keeping the last
 *                                 `events` events (0: stop); -> bytes of the ring
 *   gpu:request(id)               -> { id, kind (read, write, atomic, prefetch, writeback,
 *                                      ifetch), addr, size, array, sm, slot, line,
 *                                      level, done, in_flight, end, from_stamps,
 *                                      followed, partial, channel, bank, row,
 *                                      stages = { {stage, enter, exit, merged_into,
 *                                                  retries = { {why, reason, first,
 *                                                  last, count} }, text}, ... } }
 *
 * A request in flight that nobody followed is followed from the call on
 * (its earlier stages come from its timestamps: from_stamps). */
#include "config.h"
#include "lua/ws_lua.h"

#include <lauxlib.h>
#include <string.h>

#include "arch/ws_rtrace.h"
#include "lua/ws_lua_ctl_int.h"
#include "lua/ws_lua_insp.h"

static const char *kind_name(uint8_t k)
{
    static const char *const n[] = { "read", "write", "atomic", "prefetch", "writeback" };
    return k < sizeof n / sizeof n[0] ? n[k] : "?";
}

static const char *level_name(uint8_t lv)
{
    static const char *const n[WS_LVL_COUNT] = { "none", "l1", "l1_pending", "pfc", "l2", "l2_pending", "dram" };
    return lv < WS_LVL_COUNT ? n[lv] : "none";
}

static lua_Integer check_id(lua_State *L, int i, const char *what)
{
    int isint;
    lua_Integer v = lua_tointegerx(L, i, &isint);
    if (!isint || v < 0)
        luaL_error(L, "gpu:%s: expected a non-negative integer, got %s", what, luaL_tolstring(L, i, NULL));
    return v;
}

/* gpu:trace_requests(events) -> bytes */
static int g_trace_requests(lua_State *L)
{
    ws_lgpu *g = ws_lctl_check(L, "trace_requests");
    lua_Integer n = check_id(L, 2, "trace_requests");
    if (n > (1 << 24))
        return luaL_error(L, "gpu:trace_requests: at most 16777216 events (got %I)", n);
    lua_pushinteger(L, (lua_Integer)ws_gpu_rtrace_all(g->tg, (uint32_t)n));
    return 1;
}

/* gpu:request(id) -> table */
static int g_request(lua_State *L)
{
    ws_lgpu *g = ws_lctl_check(L, "request");
    lua_Integer id = check_id(L, 2, "request");
    ws_rtl t;
    ws_error err;
    if (ws_gpu_request(g->tg, (uint64_t)id, &t, &err) < 0) return luaL_error(L, "gpu:request: %s", err.msg);
    lua_createtable(L, 0, 20);
    ws_linsp_set_int(L, "id", (lua_Integer)t.id);
    ws_linsp_set_str(L, "kind", t.inst ? "ifetch" : kind_name(t.kind));
    ws_linsp_set_int(L, "addr", (lua_Integer)t.addr);
    ws_linsp_set_int(L, "size", t.size);
    ws_linsp_set_str(L, "array", t.array);
    ws_linsp_set_int(L, "sm", t.sm);
    if (t.slot != 0xffff) ws_linsp_set_int(L, "slot", t.slot);
    if (t.line) ws_linsp_set_int(L, "line", t.line);
    ws_linsp_set_str(L, "level", level_name(t.level));
    ws_linsp_set_bool(L, "done", t.done);
    ws_linsp_set_bool(L, "in_flight", t.in_flight);
    if (t.done) ws_linsp_set_int(L, "end", (lua_Integer)t.end);
    ws_linsp_set_bool(L, "from_stamps", t.from_stamps);
    if (t.from_stamps) ws_linsp_set_int(L, "followed", (lua_Integer)t.followed);
    ws_linsp_set_bool(L, "partial", t.partial);
    if (t.loc) {
        ws_linsp_set_int(L, "channel", t.chan);
        ws_linsp_set_int(L, "bank", t.bank);
        ws_linsp_set_int(L, "row", t.row);
    }
    lua_createtable(L, (int)t.nrows, 0);
    for (uint32_t i = 0; i < t.nrows; i++) {
        const ws_rtl_row *w = &t.rows[i];
        lua_createtable(L, 0, 6);
        ws_linsp_set_str(L, "stage", ws_mreq_stage_name((ws_mreq_stage)w->stage));
        ws_linsp_set_int(L, "enter", (lua_Integer)w->enter);
        if (w->exit) ws_linsp_set_int(L, "exit", (lua_Integer)w->exit);
        if (w->merged_into) ws_linsp_set_int(L, "merged_into", (lua_Integer)w->merged_into);
        lua_createtable(L, (int)w->nretry, 0);
        for (uint32_t k = 0; k < w->nretry; k++) {
            const ws_rtl_retry *x = &w->retry[k];
            lua_createtable(L, 0, 5);
            ws_linsp_set_str(L, "why", ws_rt_why_key((ws_rt_why)x->why));
            ws_linsp_set_str(L, "reason", ws_rt_why_name((ws_rt_why)x->why));
            ws_linsp_set_int(L, "first", (lua_Integer)x->first);
            ws_linsp_set_int(L, "last", (lua_Integer)x->last);
            ws_linsp_set_int(L, "count", x->count);
            lua_rawseti(L, -2, (lua_Integer)k + 1);
        }
        lua_setfield(L, -2, "retries");
        char buf[400];
        ws_rtl_row_text(&t, w, buf, sizeof buf);
        ws_linsp_set_str(L, "text", buf);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -2, "stages");
    return 1;
}

void ws_lreq_methods(lua_State *L)
{
    static const luaL_Reg m[] = {
        { "request", g_request },
        { "trace_requests", g_trace_requests },
        { NULL, NULL },
    };
    luaL_setfuncs(L, m, 0);
}
