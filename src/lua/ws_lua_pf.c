/* ws_lua_pf.c: prefetching from Lua.
 *
 *   gpu:mark(array, "worklist" | "vertex" | "edge" | "visited")   (cudaMallocMark)
 *   gpu:update_worklist(n)                                        (cudaUpdateWl)
 *   gpu:prefetcher(sm) / gpu:throttle(sm)   -> inspection tables
 *   gpu:pf_queue(sm)                        -> queued line addresses
 *   gpu:transitions([first])                -> the policy/throttle state changes
 *   ws.gpu{ prefetcher = P, throttle = T }  -> policies written in Lua
 *
 * A Lua prefetcher P is a table of hook functions (all optional but
 * observe): one instance per SM is made by P.new(sm) (or an empty table),
 * with P as its __index, and the hooks are called as methods:
 * inst:observe(a), inst:fill(f), inst:evict(e), inst:tick(m), inst:launch(),
 * inst:inspect() -> table.  inst:issue(addr [, wid, tag, need_data]) queues
 * a prefetch and returns true, or false and the reason ("full", "dup", ...).
 * P.period (cycles) sets the tick period.  A throttle T has drop(line),
 * tick(m), inspect() and T.period.  An error in a hook stops the hooks (the
 * simulation goes on without them) and the launch then raises it. */
#include <lauxlib.h>
#include <lua.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu.h"
#include "lua/ws_lua_gpu.h"
#include "util/ws_util.h"

typedef struct ws_lpf {
    lua_State *L;           /* the thread running the current launch */
    int ref_p, ref_t;       /* the prefetcher / throttle tables */
    int failed;
    char msg[512];
} ws_lpf;

typedef struct lua_inst {
    ws_pf base;             /* or ws_pt (same layout: ops, x, period) */
    ws_lpf *lp;
    int ref;                /* the instance table */
} lua_inst;

static const char *const status_names[WS_PF_STATUS_COUNT] = { "queued", "full", "dup", "pending", "cached",
                                                              "throttled", "range" };

/* ------------------------------------------------------------ calling hooks */

/* Record a hook's error: the hooks stop, the launch raises it afterwards. */
static void fail_with(ws_lpf *lp, lua_State *L, const char *name)
{
    lp->failed = 1;
    snprintf(lp->msg, sizeof lp->msg, "prefetch hook %s: %s", name,
             lua_isstring(L, -1) ? lua_tostring(L, -1) : "(error object is not a string)");
    lua_pop(L, 1);
}

/* t[k] with metamethods (t at 1, k at 2), for lua_pcall. */
static int pgettable(lua_State *L)
{
    lua_gettable(L, 1);
    return 1;
}

/* Push field k of the registry's table `ref`, looked up protected: the
 * lookup may run a metamethod that raises, and the simulation's C frames
 * are below every hook (an error escaping there would leave a cycle half
 * done).  A failure is recorded as k's hook error; false then, nothing
 * pushed. */
static bool pget(ws_lpf *lp, int ref, const char *k)
{
    lua_State *L = lp->L;
    lua_pushcfunction(L, pgettable);
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    lua_pushstring(L, k);
    if (lua_pcall(L, 2, 1, 0) == LUA_OK) return true;
    fail_with(lp, L, k);
    return false;
}

/* Push inst[name] as a method call's function and self; false when absent
 * or when looking it up failed. */
static bool hook(lua_inst *in, const char *name)
{
    ws_lpf *lp = in->lp;
    if (lp->failed || !pget(lp, in->ref, name)) return false;
    lua_State *L = lp->L;
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        return false;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, in->ref);     /* self */
    return true;
}

static bool call(lua_inst *in, const char *name, int nargs, int nres)
{
    ws_lpf *lp = in->lp;
    lua_State *L = lp->L;
    if (lua_pcall(L, 1 + nargs, nres, 0) != LUA_OK) {
        fail_with(lp, L, name);
        return false;
    }
    return true;
}

static void set_int(lua_State *L, const char *k, lua_Integer v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

static void push_period(lua_State *L, const ws_pf_period *m)
{
    lua_createtable(L, 0, 14);
    set_int(L, "cycle", (lua_Integer)m->cycle);
    set_int(L, "cycles", (lua_Integer)m->cycles);
    set_int(L, "generated", (lua_Integer)m->generated);
    set_int(L, "issued", (lua_Integer)m->issued);
    set_int(L, "dropped", (lua_Integer)m->dropped);
    set_int(L, "throttled", (lua_Integer)m->throttled);
    set_int(L, "fills", (lua_Integer)m->fills);
    set_int(L, "useful", (lua_Integer)m->useful);
    set_int(L, "late", (lua_Integer)m->late);
    set_int(L, "early", (lua_Integer)m->early);
    set_int(L, "useless", (lua_Integer)m->useless);
    set_int(L, "merges", (lua_Integer)m->merges);
    set_int(L, "requests", (lua_Integer)m->requests);
    set_int(L, "demand_misses", (lua_Integer)m->demand_misses);
}

/* inst:issue(addr [, wid, tag, need_data]) */
static int l_issue(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 5);
    lua_getfield(L, 1, "__ctx");
    ws_pf_ctx *x = lua_touserdata(L, -1);
    if (!x) return luaL_error(L, "issue: not a prefetcher instance");
    lua_Integer a = luaL_checkinteger(L, 2);
    lua_Integer w = luaL_optinteger(L, 3, 0), t = luaL_optinteger(L, 4, 0);
    uint32_t fl = lua_toboolean(L, 5) ? WS_PF_F_NEED_DATA : 0;
    if (a < 0) return luaL_error(L, "issue: negative address");
    ws_pf_status st = ws_pf_issue(x, (uint64_t)a, (uint32_t)w, (uint32_t)t, fl);
    lua_pushboolean(L, st == WS_PF_QUEUED);
    lua_pushstring(L, status_names[st]);
    return 2;
}

static int make_instance(lua_State *L, ws_lpf *lp, int ref_tab, ws_pf_ctx *x)
{
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref_tab);         /* P */
    lua_getfield(L, -1, "new");
    if (lua_isfunction(L, -1)) {
        lua_pushinteger(L, x->sm);
        if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
            snprintf(lp->msg, sizeof lp->msg, "prefetcher new(%u): %s", x->sm,
                     lua_isstring(L, -1) ? lua_tostring(L, -1) : "error");
            lp->failed = 1;
            lua_pop(L, 2);
            return LUA_NOREF;
        }
        if (!lua_istable(L, -1)) {
            lua_pop(L, 1);
            lua_newtable(L);
        }
    } else {
        lua_pop(L, 1);
        lua_newtable(L);
    }
    /* instance: its own fields, P's through __index */
    lua_createtable(L, 0, 1);
    lua_pushvalue(L, -3);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    lua_pushlightuserdata(L, x);
    lua_setfield(L, -2, "__ctx");
    lua_pushcfunction(L, l_issue);
    lua_setfield(L, -2, "issue");
    set_int(L, "sm", x->sm);
    set_int(L, "line", x->line);
    set_int(L, "nwarps", x->nwarps);
    int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pop(L, 1);                                      /* P */
    return ref;
}

static uint64_t period_of(ws_lpf *lp, int ref_tab)
{
    if (!pget(lp, ref_tab, "period")) return 0;
    lua_State *L = lp->L;
    lua_Integer p = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : 0;
    lua_pop(L, 1);
    return p > 0 ? (uint64_t)p : 0;
}

/* ------------------------------------------------------------ policy ops */

static ws_pf *lp_create(ws_pf_ctx *x, const struct ws_opts *o, ws_error *err)
{
    (void)o;
    ws_lpf *lp = x->user;
    lua_inst *in = ws_xcalloc(1, sizeof *in);
    in->lp = lp;
    in->ref = make_instance(lp->L, lp, lp->ref_p, x);
    if (in->ref == LUA_NOREF) {
        free(in);
        ws_error_set(err, WS_E_STATE, "%s", lp->msg);
        return NULL;
    }
    in->base.period = period_of(lp, lp->ref_p);
    return &in->base;
}

static void set_bool(lua_State *L, const char *k, int v)
{
    lua_pushboolean(L, v);
    lua_setfield(L, -2, k);
}

static void lp_observe(ws_pf *p, const ws_pf_access *a)
{
    lua_inst *in = (lua_inst *)p;
    if (!hook(in, "observe")) return;
    lua_State *L = in->lp->L;
    static const char *const kinds[] = { "load", "store", "atomic" };
    static const char *const outs[] = { "miss", "hit", "pending" };
    lua_createtable(L, 0, 12);
    set_int(L, "cycle", (lua_Integer)a->cycle);
    set_int(L, "addr", (lua_Integer)a->addr);
    set_int(L, "line", (lua_Integer)a->line);
    set_int(L, "insn_addr", (lua_Integer)a->insn_addr);
    set_int(L, "pc", a->pc);
    set_int(L, "wid", a->wid);
    set_int(L, "gwid", a->gwid);
    set_int(L, "req", a->req);
    set_int(L, "nreq", a->nreq);
    lua_pushstring(L, kinds[a->kind < 3 ? a->kind : 0]);
    lua_setfield(L, -2, "kind");
    lua_pushstring(L, outs[a->outcome < 3 ? a->outcome : 0]);
    lua_setfield(L, -2, "outcome");
    set_bool(L, "hit_pf", a->hit_pf);
    call(in, "observe", 1, 0);
}

static void lp_fill(ws_pf *p, const ws_pf_fill *f)
{
    lua_inst *in = (lua_inst *)p;
    if (!hook(in, "fill")) return;
    lua_State *L = in->lp->L;
    lua_createtable(L, 0, 7);
    set_int(L, "cycle", (lua_Integer)f->cycle);
    set_int(L, "line", (lua_Integer)f->line);
    set_int(L, "size", f->size);
    set_int(L, "wid", f->wid);
    set_int(L, "tag", f->tag);
    set_bool(L, "present", f->present);
    if (f->data) {
        lua_pushlstring(L, (const char *)f->data, f->size);
        lua_setfield(L, -2, "data");
    }
    call(in, "fill", 1, 0);
}

static void lp_evict(ws_pf *p, const ws_pf_evict *e)
{
    lua_inst *in = (lua_inst *)p;
    if (!hook(in, "evict")) return;
    lua_State *L = in->lp->L;
    lua_createtable(L, 0, 4);
    set_int(L, "cycle", (lua_Integer)e->cycle);
    set_int(L, "line", (lua_Integer)e->line);
    set_bool(L, "prefetched", e->prefetched);
    set_bool(L, "used", e->used);
    call(in, "evict", 1, 0);
}

static void lp_tick(ws_pf *p, const ws_pf_period *m)
{
    lua_inst *in = (lua_inst *)p;
    if (!hook(in, "tick")) return;
    push_period(in->lp->L, m);
    call(in, "tick", 1, 0);
}

static void lp_launch(ws_pf *p)
{
    lua_inst *in = (lua_inst *)p;
    if (!hook(in, "launch")) return;
    call(in, "launch", 0, 0);
}

/* The result table of inst:inspect() (at 1) into out (a light userdata at
 * 2), for lua_pcall: reading it may run metamethods that raise.  Its shape:
 * { key = number | string, ..., tables = { name = { cols = {...}, rows = {{...}} } } } */
static int read_insp(lua_State *L)
{
    ws_pf_insp *out = lua_touserdata(L, 2);
    lua_settop(L, 1);
    int t = 1;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        if (lua_type(L, -2) == LUA_TSTRING) {
            const char *k = lua_tostring(L, -2);
            if (lua_isinteger(L, -1)) ws_pf_insp_int(out, k, lua_tointeger(L, -1));
            else if (lua_type(L, -1) == LUA_TNUMBER) ws_pf_insp_real(out, k, lua_tonumber(L, -1));
            else if (lua_type(L, -1) == LUA_TSTRING) ws_pf_insp_text(out, k, lua_tostring(L, -1));
            else if (lua_type(L, -1) == LUA_TBOOLEAN) ws_pf_insp_int(out, k, lua_toboolean(L, -1));
        }
        lua_pop(L, 1);
    }
    lua_getfield(L, t, "tables");
    if (lua_istable(L, -1)) {
        int tt = lua_gettop(L);
        lua_pushnil(L);
        while (lua_next(L, tt)) {
            if (lua_type(L, -2) == LUA_TSTRING && lua_istable(L, -1)) {
                const char *name = lua_tostring(L, -2);
                const char *cols[WS_PF_INSP_COLS];
                uint32_t nc = 0;
                lua_getfield(L, -1, "cols");
                if (lua_istable(L, -1)) {
                    for (; nc < WS_PF_INSP_COLS; nc++) {
                        if (lua_geti(L, -1, nc + 1) != LUA_TSTRING) {
                            lua_pop(L, 1);
                            break;
                        }
                        cols[nc] = lua_tostring(L, -1);   /* copied by table_begin below */
                        lua_pop(L, 1);
                    }
                }
                lua_pop(L, 1);
                ws_pf_insp_table_begin(out, name, nc, cols, NULL);
                lua_getfield(L, -1, "rows");
                if (lua_istable(L, -1) && nc) {
                    lua_Integer nr = luaL_len(L, -1);
                    for (lua_Integer r = 1; r <= nr && r <= 65536; r++) {
                        int64_t cells[WS_PF_INSP_COLS] = { 0 };
                        if (lua_geti(L, -1, r) == LUA_TTABLE)
                            for (uint32_t c = 0; c < nc; c++) {
                                lua_geti(L, -1, c + 1);
                                cells[c] = lua_isinteger(L, -1) ? lua_tointeger(L, -1)
                                                                 : (int64_t)lua_tonumber(L, -1);
                                lua_pop(L, 1);
                            }
                        lua_pop(L, 1);
                        ws_pf_insp_row(out, cells);
                    }
                }
                lua_pop(L, 1);
            }
            lua_pop(L, 1);
        }
    }
    lua_settop(L, t - 1);
    return 0;
}

static void inspect_common(lua_inst *in, ws_pf_insp *out)
{
    if (!hook(in, "inspect")) return;
    lua_State *L = in->lp->L;
    if (!call(in, "inspect", 0, 1)) return;
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    lua_pushcfunction(L, read_insp);
    lua_insert(L, -2);
    lua_pushlightuserdata(L, out);
    if (lua_pcall(L, 2, 0, 0) != LUA_OK) fail_with(in->lp, L, "inspect");
}

static void lp_inspect(const ws_pf *p, ws_pf_insp *out)
{
    inspect_common((lua_inst *)(uintptr_t)p, out);
}

static void lp_destroy(ws_pf *p)
{
    lua_inst *in = (lua_inst *)p;
    if (in->lp->L) luaL_unref(in->lp->L, LUA_REGISTRYINDEX, in->ref);
    free(in);
}

static const ws_pf_ops lua_pf_ops = {
    .name = "lua",
    .help = "a prefetcher written in Lua (the scenario's prefetcher table)",
    .create = lp_create,
    .observe = lp_observe,
    .fill = lp_fill,
    .evict = lp_evict,
    .tick = lp_tick,
    .launch = lp_launch,
    .inspect = lp_inspect,
    .destroy = lp_destroy,
};

/* ------------------------------------------------------------ throttle ops */

static ws_pt *lt_create(ws_pf_ctx *x, const struct ws_opts *o, ws_error *err)
{
    (void)o;
    ws_lpf *lp = x->user;
    lua_inst *in = ws_xcalloc(1, sizeof *in);
    in->lp = lp;
    in->ref = make_instance(lp->L, lp, lp->ref_t, x);
    if (in->ref == LUA_NOREF) {
        free(in);
        ws_error_set(err, WS_E_STATE, "%s", lp->msg);
        return NULL;
    }
    in->base.period = period_of(lp, lp->ref_t);
    return (ws_pt *)(void *)in;
}

static bool lt_drop(ws_pt *t, uint64_t line, uint32_t flags)
{
    (void)flags;
    lua_inst *in = (lua_inst *)(void *)t;
    if (!hook(in, "drop")) return false;
    lua_pushinteger(in->lp->L, (lua_Integer)line);
    if (!call(in, "drop", 1, 1)) return false;
    bool d = lua_toboolean(in->lp->L, -1);
    lua_pop(in->lp->L, 1);
    return d;
}

static void lt_tick(ws_pt *t, const ws_pf_period *m)
{
    lp_tick((ws_pf *)(void *)t, m);
}

static void lt_inspect(const ws_pt *t, ws_pf_insp *out)
{
    inspect_common((lua_inst *)(uintptr_t)t, out);
}

static void lt_destroy(ws_pt *t)
{
    lp_destroy((ws_pf *)(void *)t);
}

static const ws_pt_ops lua_pt_ops = {
    .name = "lua",
    .help = "a throttle written in Lua",
    .create = lt_create,
    .drop = lt_drop,
    .tick = lt_tick,
    .inspect = lt_inspect,
    .destroy = lt_destroy,
};

/* ------------------------------------------------------------ gpu methods */

static ws_lgpu *timing_gpu(lua_State *L, const char *what)
{
    ws_lgpu *g = luaL_checkudata(L, 1, WS_GPU_MT);
    ws_lgpu_check(L, 1);
    if (!g->tg) luaL_error(L, "gpu:%s: a functional gpu has no prefetcher (use the timing mode)", what);
    return g;
}

/* Called by ws.gpu{} with the option table at idx (after the gpu exists). */
void ws_lpf_install(lua_State *L, ws_lgpu *g, int idx)
{
    lua_getfield(L, idx, "prefetcher");
    lua_getfield(L, idx, "throttle");
    bool hp = !lua_isnil(L, -2), ht = !lua_isnil(L, -1);
    if (!hp && !ht) {
        lua_pop(L, 2);
        return;
    }
    if (!g->tg) luaL_error(L, "gpu option 'prefetcher' needs the timing mode");
    if ((hp && !lua_istable(L, -2)) || (ht && !lua_istable(L, -1)))
        luaL_error(L, "gpu options 'prefetcher' and 'throttle' must be tables of hook functions");
    if (ht && !hp && !strcmp(ws_opts_str(ws_gpu_opts(g->tg), "pf.policy"), "none"))
        luaL_error(L, "gpu option 'throttle' needs a prefetcher (pf.policy or 'prefetcher')");
    ws_lpf *lp = ws_xcalloc(1, sizeof *lp);
    lp->L = L;
    lp->ref_t = ht ? luaL_ref(L, LUA_REGISTRYINDEX) : LUA_NOREF;
    if (!ht) lua_pop(L, 1);
    lp->ref_p = hp ? luaL_ref(L, LUA_REGISTRYINDEX) : LUA_NOREF;
    if (!hp) lua_pop(L, 1);
    g->lpf = lp;
    ws_error err;
    if (ws_gpu_pf_set_policy(g->tg, hp ? &lua_pf_ops : NULL, ht ? &lua_pt_ops : NULL, lp, &err) < 0)
        luaL_error(L, "%s", err.msg);
}

void ws_lpf_before_launch(lua_State *L, ws_lgpu *g)
{
    ws_lpf *lp = g->lpf;
    if (lp) lp->L = L;
}

void ws_lpf_after_launch(lua_State *L, ws_lgpu *g)
{
    ws_lpf *lp = g->lpf;
    if (lp && lp->failed) {
        lp->failed = 0;     /* reported once; the hooks run again at the next launch */
        luaL_error(L, "%s", lp->msg);
    }
}

void ws_lpf_free(lua_State *L, ws_lgpu *g)
{
    ws_lpf *lp = g->lpf;
    if (!lp) return;
    if (lp->ref_p != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, lp->ref_p);
    if (lp->ref_t != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, lp->ref_t);
    free(lp);
    g->lpf = NULL;
}

static const char *const roles[] = { "none", "worklist", "vertex", "edge", "visited", NULL };

/* gpu:mark(array, role) */
static int g_mark(lua_State *L)
{
    ws_lgpu *g = timing_gpu(L, "mark");
    ws_larray *a = ws_larray_check(L, 2);
    if (ws_lgpu_of(L, 2) != ws_lgpu_check(L, 1))
        return luaL_error(L, "gpu:mark: array '%s' belongs to another gpu", a->name);
    const char *name = luaL_checkstring(L, 3);
    int role = 0;
    for (int i = 1; roles[i]; i++)
        if (strcmp(name, roles[i]) == 0) role = i;
    if (role == 0)
        return luaL_error(L, "gpu:mark: the role must be worklist, vertex, edge or visited, got '%s'", name);
    ws_error err;
    if (ws_gpu_pf_mark(g->tg, (ws_pf_role)role, a->addr, a->n * a->elsize, a->elsize, &err) < 0)
        return luaL_error(L, "gpu:mark: %s", err.msg);
    return 0;
}

/* gpu:update_worklist(n) */
static int g_update_worklist(lua_State *L)
{
    ws_lgpu *g = timing_gpu(L, "update_worklist");
    lua_Integer n = luaL_checkinteger(L, 2);
    if (n < 0) return luaL_error(L, "gpu:update_worklist: negative size");
    ws_error err;
    if (ws_gpu_pf_update_worklist(g->tg, (uint64_t)n, &err) < 0)
        return luaL_error(L, "gpu:%s", err.msg);
    return 0;
}

static void push_insp(lua_State *L, const ws_pf_insp *in)
{
    lua_createtable(L, 0, (int)in->nkv + 1);
    for (uint32_t i = 0; i < in->nkv; i++) {
        const ws_pf_insp_kv *k = &in->kv[i];
        if (k->type == 0) lua_pushinteger(L, (lua_Integer)k->ival);
        else if (k->type == 1) lua_pushnumber(L, k->dval);
        else lua_pushstring(L, k->text);
        lua_setfield(L, -2, k->key);
    }
    lua_createtable(L, 0, (int)in->ntables);
    for (uint32_t i = 0; i < in->ntables; i++) {
        const ws_pf_insp_table *t = &in->tables[i];
        lua_createtable(L, 0, 3);
        lua_createtable(L, (int)t->ncols, 0);
        for (uint32_t c = 0; c < t->ncols; c++) {
            lua_pushstring(L, t->cols[c]);
            lua_rawseti(L, -2, c + 1);
        }
        lua_setfield(L, -2, "cols");
        lua_createtable(L, (int)t->ncols, 0);
        for (uint32_t c = 0; c < t->ncols; c++) {
            lua_pushinteger(L, t->bits[c]);
            lua_rawseti(L, -2, c + 1);
        }
        lua_setfield(L, -2, "bits");
        lua_createtable(L, (int)t->nrows, 0);
        for (uint32_t r = 0; r < t->nrows; r++) {
            lua_createtable(L, 0, (int)t->ncols);
            for (uint32_t c = 0; c < t->ncols; c++) {
                lua_pushinteger(L, (lua_Integer)t->cells[(size_t)r * t->ncols + c]);
                lua_setfield(L, -2, t->cols[c]);
            }
            lua_rawseti(L, -2, r + 1);
        }
        lua_setfield(L, -2, "rows");
        lua_setfield(L, -2, t->name);
    }
    lua_setfield(L, -2, "tables");
}

static int inspect_which(lua_State *L, int throttle)
{
    ws_lgpu *g = timing_gpu(L, throttle ? "throttle" : "prefetcher");
    lua_Integer sm = luaL_optinteger(L, 2, 0);
    if (sm < 0 || sm >= (lua_Integer)ws_gpu_nsms(g->tg))
        return luaL_error(L, "SM %d does not exist (0..%d)", (int)sm, (int)ws_gpu_nsms(g->tg) - 1);
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    ws_lpf_before_launch(L, g);     /* a Lua policy's inspect hook runs on this thread */
    if (!ws_gpu_pf_inspect(g->tg, (uint32_t)sm, throttle ? NULL : &in, throttle ? &in : NULL)) {
        ws_pf_insp_free(&in);
        lua_pushnil(L);
        return 1;
    }
    push_insp(L, &in);
    ws_pf_insp_free(&in);
    return 1;
}

static int g_prefetcher(lua_State *L) { return inspect_which(L, 0); }
static int g_throttle(lua_State *L) { return inspect_which(L, 1); }

/* gpu:pf_queue(sm) -> { line, ... } */
static int g_pf_queue(lua_State *L)
{
    ws_lgpu *g = timing_gpu(L, "pf_queue");
    lua_Integer sm = luaL_optinteger(L, 2, 0);
    if (sm < 0 || sm >= (lua_Integer)ws_gpu_nsms(g->tg))
        return luaL_error(L, "SM %d does not exist (0..%d)", (int)sm, (int)ws_gpu_nsms(g->tg) - 1);
    uint64_t lines[256];
    uint32_t n = ws_gpu_pf_queue(g->tg, (uint32_t)sm, lines, 256);
    if (n > 256) n = 256;
    lua_createtable(L, (int)n, 0);
    for (uint32_t i = 0; i < n; i++) {
        lua_pushinteger(L, (lua_Integer)lines[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* gpu:transitions([first]) -> { {cycle=, sm=, source="policy"|"throttle", what=, from=, to=,
 * from_name=, to_name=, why=, metrics={name=value}}, ... } from index `first` (1-based over
 * all transitions ever logged; the last 4096 are kept) */
static int g_transitions(lua_State *L)
{
    ws_lgpu *g = timing_gpu(L, "transitions");
    lua_Integer first = luaL_optinteger(L, 2, 1);
    uint64_t total = ws_gpu_pf_ntrans(g->tg);
    uint32_t kept = ws_gpu_pf_nkept(g->tg);
    uint64_t base = total - kept;           /* index (0-based) of the oldest kept */
    lua_newtable(L);
    int k = 1;
    for (uint32_t i = 0; i < kept; i++) {
        if ((lua_Integer)(base + i + 1) < first) continue;
        const ws_pf_tlog *t = ws_gpu_pf_trans(g->tg, i);
        lua_createtable(L, 0, 10);
        set_int(L, "index", (lua_Integer)(base + i + 1));
        set_int(L, "cycle", (lua_Integer)t->cycle);
        set_int(L, "sm", t->sm);
        lua_pushstring(L, t->throttle ? "throttle" : "policy");
        lua_setfield(L, -2, "source");
        lua_pushstring(L, t->t.what ? t->t.what : "state");
        lua_setfield(L, -2, "what");
        set_int(L, "from", t->t.from);
        set_int(L, "to", t->t.to);
        if (t->t.from_name) { lua_pushstring(L, t->t.from_name); lua_setfield(L, -2, "from_name"); }
        if (t->t.to_name) { lua_pushstring(L, t->t.to_name); lua_setfield(L, -2, "to_name"); }
        if (t->t.why) { lua_pushstring(L, t->t.why); lua_setfield(L, -2, "why"); }
        lua_createtable(L, 0, 3);
        for (int m = 0; m < 3; m++)
            if (t->t.mnames[m]) {
                lua_pushnumber(L, t->t.m[m]);
                lua_setfield(L, -2, t->t.mnames[m]);
            }
        lua_setfield(L, -2, "metrics");
        lua_rawseti(L, -2, k++);
    }
    return 1;
}

void ws_lpf_methods(lua_State *L)
{
    static const luaL_Reg m[] = {
        { "mark", g_mark },
        { "update_worklist", g_update_worklist },
        { "prefetcher", g_prefetcher },
        { "throttle", g_throttle },
        { "pf_queue", g_pf_queue },
        { "transitions", g_transitions },
        { NULL, NULL },
    };
    luaL_setfuncs(L, m, 0);
}
