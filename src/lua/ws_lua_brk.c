/* ws_lua_brk.c: breakpoints from Lua.
 *
 *   gpu:breakpoint{ line = 42 }                         -> id
 *   gpu:breakpoint{ pc = 7, func = "bfs_data" | kernel, warp = { cta = 3, warp = 1 }, sm = 0 }
 *   gpu:breakpoint{ cycle = 50000 }
 *   gpu:breakpoint{ stall = "long_scoreboard", sm = 2 }
 *   gpu:breakpoint{ event = "mshr_full" | "throttle" | "prefetch" | "issue", addr =, len = }
 *   gpu:breakpoint{ event = "iru_reply" | "iru_timeout", partition = 2 }   (the IRU, issue 33)
 *   gpu:breakpoint{ event = "mff_done" | "mff_coalesce" | "mff_stall", unit = 1, warp = {...} }   (the MFF, issue 34)
 *   gpu:breakpoint{ request = ID }                      (request ID completes; see gpu:request)
 *   (any of them with once = true: deleted when it hits)
 *   gpu:delete(id), gpu:enable(id, on), gpu:breakpoints() -> list
 *
 * A breakpoint stops gpu:step, gpu:continue, gpu:run_until, gpu:step_warp
 * and front ends at the end of the cycle it hits in; the hit is the table
 * {id, kind, cycle, sm, slot, text [, addr] [, partition] [, unit, block] [, pc, line, cta, warp]}. */
#include "config.h"
#include "lua/ws_lua.h"

#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu.h"
#include "lua/ws_lua_ctl_int.h"

static const char *const fields[] = { "pc", "line", "cu", "func", "warp", "sm", "cycle", "stall", "event",
                                      "request", "addr", "len", "once", "disabled", "partition", "unit", NULL };
static const char *const kind_fields[] = { "pc", "line", "cu", "cycle", "stall", "event", "request", NULL };
static const char *const events[] = { "mshr_full", "throttle", "prefetch", "issue", "iru_reply", "iru_timeout",
                                      "mff_done", "mff_coalesce", "mff_stall", NULL };

static void set_int(lua_State *L, const char *k, lua_Integer v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

void ws_lbrk_push_hit(lua_State *L, ws_lgpu *g, const ws_brk_hit *h)
{
    lua_createtable(L, 0, 10);
    set_int(L, "id", h->id);
    lua_pushstring(L, ws_brk_kind_name(h->kind));
    lua_setfield(L, -2, "kind");
    set_int(L, "cycle", (lua_Integer)h->cycle);
    set_int(L, "sm", h->sm);
    set_int(L, "slot", h->slot);
    lua_pushstring(L, h->text);
    lua_setfield(L, -2, "text");
    if (h->kind == WS_BRK_PREFETCH) set_int(L, "addr", (lua_Integer)h->addr);
    if (h->kind == WS_BRK_IRU_REPLY || h->kind == WS_BRK_IRU_TIMEOUT) set_int(L, "partition", (lua_Integer)h->addr);
    if (h->kind == WS_BRK_MFF_DONE || h->kind == WS_BRK_MFF_COALESCE || h->kind == WS_BRK_MFF_STALL) {
        set_int(L, "unit", (lua_Integer)h->addr);
        if (h->kind != WS_BRK_MFF_DONE && h->block) set_int(L, "block", (lua_Integer)h->block);
    }
    if (h->sm >= 0 && h->slot >= 0 && g->tg) {
        ws_warp_info wi;
        ws_gpu_warp(g->tg, (uint32_t)h->sm, (uint32_t)h->slot, &wi);
        if (wi.valid) {
            set_int(L, "pc", wi.pc);
            set_int(L, "line", wi.line);
            const ws_kernel *k = ws_gpu_kernel(g->tg);
            uint32_t cl = 0;
            const char *cf = k && wi.func && wi.pc < wi.func->ninsns
                                 ? ws_ptx_insn_cu(ws_module_ptx(ws_kernel_module(k)), &wi.func->insns[wi.pc], &cl)
                                 : NULL;
            if (cf) {
                lua_pushstring(L, cf);
                lua_setfield(L, -2, "cu_file");
                set_int(L, "cu_line", cl);
            }
            ws_lctl *c = g->ctl;
            set_int(L, "cta", ((lua_Integer)wi.cta[2] * c->grid[1] + wi.cta[1]) * c->grid[0] + wi.cta[0]);
            set_int(L, "warp", wi.warp);
        }
    }
}

/* An unsigned integer field of the table at 2 (false when absent). */
static bool field_u64(lua_State *L, const char *k, uint64_t *out)
{
    int t = lua_getfield(L, 2, k);
    if (t == LUA_TNIL) {
        lua_pop(L, 1);
        return false;
    }
    int isint;
    lua_Integer v = lua_tointegerx(L, -1, &isint);
    if (!isint || v < 0)
        luaL_error(L, "gpu:breakpoint: '%s' must be a non-negative integer, got %s", k, luaL_tolstring(L, -1, NULL));
    lua_pop(L, 1);
    *out = (uint64_t)v;
    return true;
}

static uint64_t warp_filter(lua_State *L, ws_lgpu *g)
{
    if (lua_getfield(L, 2, "warp") == LUA_TNIL) {
        lua_pop(L, 1);
        return WS_BRK_ANY;
    }
    if (!lua_istable(L, -1))
        luaL_error(L, "gpu:breakpoint: 'warp' must be a table {cta = N or {x, y, z}, warp = N}, got %s",
                   luaL_typename(L, -1));
    int t = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
        if (strcmp(k, "cta") && strcmp(k, "warp"))
            luaL_error(L, "gpu:breakpoint: unknown field '%s' in 'warp' (allowed: cta, warp)",
                       ws_lua_quote(L, luaL_tolstring(L, -2, NULL)));
        lua_pop(L, 1);
    }
    uint64_t cta = 0;
    int isint;
    lua_getfield(L, t, "cta");
    if (lua_istable(L, -1)) {
        ws_lctl *c = g->ctl;
        if (!c->active)
            luaL_error(L, "gpu:breakpoint: 'warp.cta' as {x, y, z} needs an active launch (give the linear CTA "
                          "index instead)");
        uint64_t xyz[3] = { 0, 0, 0 };
        for (int i = 0; i < 3; i++) {
            lua_geti(L, -1, i + 1);
            lua_Integer v = lua_isnil(L, -1) ? 0 : lua_tointegerx(L, -1, &isint);
            if ((!lua_isnil(L, -1) && !isint) || v < 0 || (uint64_t)v >= c->grid[i])
                luaL_error(L, "gpu:breakpoint: 'warp.cta'[%d] must be an integer in 0..%d", i + 1,
                           (int)c->grid[i] - 1);
            xyz[i] = (uint64_t)v;
            lua_pop(L, 1);
        }
        cta = (xyz[2] * c->grid[1] + xyz[1]) * c->grid[0] + xyz[0];
    } else {
        lua_Integer v = lua_tointegerx(L, -1, &isint);
        if (!isint || v < 0)
            luaL_error(L, "gpu:breakpoint: 'warp.cta' must be a CTA index (a non-negative integer, or {x, y, z})");
        cta = (uint64_t)v;
    }
    lua_getfield(L, t, "warp");
    lua_Integer w = lua_tointegerx(L, -1, &isint);
    if (!isint || w < 0 || w > 255)
        luaL_error(L, "gpu:breakpoint: 'warp.warp' must be the warp's index in its CTA (0..255)");
    lua_settop(L, t - 1);
    return ws_brk_warp_id(cta, (uint32_t)w);
}

static const ws_ptx_func *func_field(lua_State *L, ws_lgpu *g)
{
    const ws_ptx_func *f = NULL;
    int t = lua_getfield(L, 2, "func");
    if (t == LUA_TNIL) {
        lua_pop(L, 1);
        return NULL;
    }
    ws_lkernel *lk = luaL_testudata(L, -1, WS_KERNEL_MT);
    if (lk) {
        if (ws_lgpu_of(L, lua_gettop(L)) != g->dev)
            luaL_error(L, "gpu:breakpoint: func is kernel '%s' of another gpu", ws_kernel_name(lk->k));
        f = ws_kernel_func(lk->k);
    } else if (t == LUA_TSTRING) {
        const ws_kernel *k = ws_gpu_kernel(g->tg);
        if (!k)
            luaL_error(L, "gpu:breakpoint: func = '%s' by name needs an active launch (or pass a kernel handle)",
                       lua_tostring(L, -1));
        f = ws_ptx_module_find_func(ws_module_ptx(ws_kernel_module(k)), lua_tostring(L, -1));
        if (!f || f->is_decl)
            luaL_error(L, "gpu:breakpoint: no function '%s' in the module of kernel '%s'", lua_tostring(L, -1),
                       ws_kernel_name(k));
    } else {
        luaL_error(L, "gpu:breakpoint: 'func' must be a function name or a kernel, got %s", luaL_typename(L, -1));
    }
    lua_pop(L, 1);
    return f;
}

/* gpu:breakpoint{...} -> id */
static int g_breakpoint(lua_State *L)
{
    ws_lgpu *g = ws_lctl_check(L, "breakpoint");
    luaL_checktype(L, 2, LUA_TTABLE);
    const char *kind = NULL;
    lua_pushnil(L);
    while (lua_next(L, 2)) {
        const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
        bool known = false;
        for (int i = 0; fields[i]; i++) known |= !strcmp(k, fields[i]);
        if (!known)
            luaL_error(L, "gpu:breakpoint: unknown field '%s' (allowed: pc, line, cu, func, warp, sm, cycle, stall, "
                          "event, request, addr, len, once, disabled, partition)", ws_lua_quote(L, luaL_tolstring(L, -2, NULL)));
        for (int i = 0; kind_fields[i]; i++)
            if (!strcmp(k, kind_fields[i])) {
                if (kind)
                    luaL_error(L, "gpu:breakpoint: give one of pc, line, cu, cycle, stall, event or request (got "
                                  "both '%s' and '%s')", kind, k);
                kind = kind_fields[i];
            }
        lua_pop(L, 1);
    }
    if (!kind) return luaL_error(L, "gpu:breakpoint: give one of pc, line, cu, cycle, stall, event or request");
    ws_brk b;
    memset(&b, 0, sizeof b);
    b.warp = warp_filter(L, g);
    b.sm = -1;
    uint64_t v;
    if (field_u64(L, "sm", &v)) {
        if (v >= ws_gpu_nsms(g->tg))
            return luaL_error(L, "gpu:breakpoint: 'sm' must be in 0..%d", (int)ws_gpu_nsms(g->tg) - 1);
        b.sm = (int32_t)v;
    }
    lua_getfield(L, 2, "once");
    b.once = lua_toboolean(L, -1);
    lua_getfield(L, 2, "disabled");
    b.disabled = lua_toboolean(L, -1);
    lua_pop(L, 2);
    bool has_func = lua_getfield(L, 2, "func") != LUA_TNIL;
    bool has_addr = lua_getfield(L, 2, "addr") != LUA_TNIL;
    lua_pop(L, 2);
    if (!strcmp(kind, "pc")) {
        b.kind = WS_BRK_PC;
        field_u64(L, "pc", &v);
        if (v > UINT32_MAX) return luaL_error(L, "gpu:breakpoint: 'pc' is out of range");
        b.pc = (uint32_t)v;
        b.func = func_field(L, g);
    } else if (has_func) {
        return luaL_error(L, "gpu:breakpoint: 'func' goes with 'pc'");
    }
    if (!strcmp(kind, "line")) {
        b.kind = WS_BRK_LINE;
        field_u64(L, "line", &v);
        if (v < 1 || v > UINT32_MAX) return luaL_error(L, "gpu:breakpoint: 'line' must be a PTX line (1 or more)");
        b.line = (uint32_t)v;
    } else if (!strcmp(kind, "cu")) {
        /* cu = "bfs.cu:42" (that file) or cu = 42 (any file) */
        b.kind = WS_BRK_CU;
        lua_getfield(L, 2, "cu");
        lua_Integer ln = 0;
        if (lua_type(L, -1) == LUA_TNUMBER) {
            int isint;
            ln = lua_tointegerx(L, -1, &isint);
            if (!isint) ln = 0;
        } else if (lua_type(L, -1) == LUA_TSTRING) {
            const char *cu = lua_tostring(L, -1);
            const char *colon = strrchr(cu, ':');
            char *end = NULL;
            if (colon && (size_t)(colon - cu) < sizeof b.file) {
                memcpy(b.file, cu, (size_t)(colon - cu));
                b.file[colon - cu] = 0;
                long long x = strtoll(colon + 1, &end, 10);
                if (end != colon + 1 && !*end) ln = (lua_Integer)x;
            }
        }
        if (ln < 1 || ln > (lua_Integer)UINT32_MAX)
            return luaL_error(L, "gpu:breakpoint: 'cu' must be \"FILE.cu:LINE\" or a CUDA line number (1 or more), "
                                 "got %s", luaL_tolstring(L, -1, NULL));
        b.line = (uint32_t)ln;
        lua_pop(L, 1);
    } else if (!strcmp(kind, "cycle")) {
        b.kind = WS_BRK_CYCLE;
        field_u64(L, "cycle", &b.cycle);
    } else if (!strcmp(kind, "stall")) {
        b.kind = WS_BRK_STALL;
        lua_getfield(L, 2, "stall");
        const char *s = lua_tostring(L, -1);
        int found = -1;
        for (int i = 0; s && i < WS_STALL_COUNT; i++)
            if (i != WS_STALL_IDLE && !strcmp(s, ws_stall_name((ws_stall)i))) found = i;
        if (found < 0) {
            luaL_Buffer lb;
            luaL_buffinit(L, &lb);
            for (int i = 0; i < WS_STALL_COUNT; i++) {
                if (i == WS_STALL_IDLE) continue;
                if (i) luaL_addstring(&lb, ", ");
                luaL_addstring(&lb, ws_stall_name((ws_stall)i));
            }
            luaL_pushresult(&lb);
            const char *allowed = lua_tostring(L, -1);
            return luaL_error(L, "gpu:breakpoint: unknown stall reason '%s' (allowed: %s)",
                              ws_lua_quote(L, s ? s : luaL_typename(L, -2)), allowed);
        }
        b.stall = (ws_stall)found;
        lua_pop(L, 1);
    } else if (!strcmp(kind, "request")) {
        b.kind = WS_BRK_REQUEST;
        field_u64(L, "request", &b.req);
        if (b.req == 0) return luaL_error(L, "gpu:breakpoint: 'request' must be a request id (1 or more)");
    } else if (!strcmp(kind, "event")) {
        lua_getfield(L, 2, "event");
        const char *e = lua_tostring(L, -1);
        int found = -1;
        for (int i = 0; e && events[i]; i++)
            if (!strcmp(e, events[i])) found = i;
        if (found < 0)
            return luaL_error(L, "gpu:breakpoint: unknown event '%s' (allowed: mshr_full, throttle, prefetch, issue, "
                                 "iru_reply, iru_timeout, mff_done, mff_coalesce, mff_stall)",
                              ws_lua_quote(L, e ? e : luaL_typename(L, -1)));
        lua_pop(L, 1);
        static const ws_brk_kind ek[] = { WS_BRK_MSHR_FULL, WS_BRK_THROTTLE, WS_BRK_PREFETCH, WS_BRK_ISSUE,
                                          WS_BRK_IRU_REPLY, WS_BRK_IRU_TIMEOUT, WS_BRK_MFF_DONE,
                                          WS_BRK_MFF_COALESCE, WS_BRK_MFF_STALL };
        b.kind = ek[found];
        if (b.kind == WS_BRK_IRU_REPLY || b.kind == WS_BRK_IRU_TIMEOUT) {
            if (b.sm >= 0)
                return luaL_error(L, "gpu:breakpoint: event '%s' takes 'partition', not 'sm'", events[found]);
            if (field_u64(L, "partition", &v)) {
                if (v > INT32_MAX) return luaL_error(L, "gpu:breakpoint: 'partition' %llu does not exist",
                                                     (unsigned long long)v);
                b.sm = (int32_t)v;     /* (the model checks it against the partitions) */
            }
        }
        if (b.kind == WS_BRK_MFF_DONE || b.kind == WS_BRK_MFF_COALESCE || b.kind == WS_BRK_MFF_STALL) {
            if (b.sm >= 0)
                return luaL_error(L, "gpu:breakpoint: event '%s' takes 'unit', not 'sm'", events[found]);
            if (field_u64(L, "unit", &v)) {
                if (v > INT32_MAX) return luaL_error(L, "gpu:breakpoint: MFF unit %llu does not exist",
                                                     (unsigned long long)v);
                b.sm = (int32_t)v;     /* (the model checks it against the units) */
            }
        }
        if (b.kind == WS_BRK_PREFETCH) {
            if (!field_u64(L, "addr", &b.addr))
                return luaL_error(L, "gpu:breakpoint: event 'prefetch' needs 'addr' (and optionally 'len')");
            field_u64(L, "len", &b.len);
        }
    }
    lua_getfield(L, 2, "partition");
    bool has_part = !lua_isnil(L, -1);
    lua_pop(L, 1);
    if (has_part && b.kind != WS_BRK_IRU_REPLY && b.kind != WS_BRK_IRU_TIMEOUT)
        return luaL_error(L, "gpu:breakpoint: 'partition' goes with event = 'iru_reply' or 'iru_timeout'");
    lua_getfield(L, 2, "unit");
    bool has_unit = !lua_isnil(L, -1);
    lua_pop(L, 1);
    if (has_unit && b.kind != WS_BRK_MFF_DONE && b.kind != WS_BRK_MFF_COALESCE && b.kind != WS_BRK_MFF_STALL)
        return luaL_error(L, "gpu:breakpoint: 'unit' goes with event = 'mff_done', 'mff_coalesce' or 'mff_stall'");
    if (b.kind != WS_BRK_PREFETCH && has_addr)
        return luaL_error(L, "gpu:breakpoint: 'addr' goes with event = 'prefetch'");
    if ((b.kind == WS_BRK_CYCLE || b.kind == WS_BRK_THROTTLE || b.kind == WS_BRK_MSHR_FULL ||
         b.kind == WS_BRK_PREFETCH || b.kind == WS_BRK_IRU_REPLY || b.kind == WS_BRK_IRU_TIMEOUT ||
         b.kind == WS_BRK_REQUEST) && b.warp != WS_BRK_ANY)
        return luaL_error(L, "gpu:breakpoint: 'warp' goes with pc, line, cu, stall and event = 'issue' or 'mff_*'");
    ws_error err;
    int id = ws_gpu_brk_add(g->tg, &b, &err);
    if (id < 0) return luaL_error(L, "gpu:breakpoint: %s", err.msg);
    lua_pushinteger(L, id);
    return 1;
}

static int user_id(lua_State *L, ws_lgpu *g, const char *what)
{
    lua_Integer id = luaL_checkinteger(L, 2);
    bool found = false;
    for (uint32_t i = 0; i < ws_gpu_brk_count(g->tg); i++)
        found |= ws_gpu_brk_at(g->tg, i)->id == id;
    if (!found || ws_lctl_internal_brk(g, (int)id))
        luaL_error(L, "gpu:%s: no breakpoint %I (gpu:breakpoints() lists them)", what, id);
    return (int)id;
}

/* gpu:delete(id) */
static int g_delete(lua_State *L)
{
    ws_lgpu *g = ws_lctl_check(L, "delete");
    ws_gpu_brk_del(g->tg, user_id(L, g, "delete"));
    return 0;
}

/* gpu:enable(id [, on = true]) */
static int g_enable(lua_State *L)
{
    ws_lgpu *g = ws_lctl_check(L, "enable");
    int id = user_id(L, g, "enable");
    ws_gpu_brk_enable(g->tg, id, lua_isnone(L, 3) || lua_toboolean(L, 3));
    return 0;
}

/* gpu:breakpoints() -> { {id=, kind=, description=, hits=, enabled=, once=}, ... } */
static int g_breakpoints(lua_State *L)
{
    ws_lgpu *g = ws_lctl_check(L, "breakpoints");
    lua_newtable(L);
    int n = 0;
    for (uint32_t i = 0; i < ws_gpu_brk_count(g->tg); i++) {
        const ws_brk *b = ws_gpu_brk_at(g->tg, i);
        if (ws_lctl_internal_brk(g, b->id)) continue;
        char d[200];
        ws_gpu_brk_describe(g->tg, b, d, sizeof d);
        lua_createtable(L, 0, 6);
        set_int(L, "id", b->id);
        lua_pushstring(L, ws_brk_kind_name(b->kind));
        lua_setfield(L, -2, "kind");
        lua_pushstring(L, d);
        lua_setfield(L, -2, "description");
        set_int(L, "hits", (lua_Integer)b->hits);
        lua_pushboolean(L, !b->disabled);
        lua_setfield(L, -2, "enabled");
        lua_pushboolean(L, b->once);
        lua_setfield(L, -2, "once");
        lua_rawseti(L, -2, ++n);
    }
    return 1;
}

void ws_lbrk_methods(lua_State *L)
{
    static const luaL_Reg m[] = {
        { "breakpoint", g_breakpoint },
        { "delete", g_delete },
        { "enable", g_enable },
        { "breakpoints", g_breakpoints },
        { NULL, NULL },
    };
    luaL_setfuncs(L, m, 0);
}
