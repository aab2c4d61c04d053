/* ws_lua_insp.c: the Lua inspection API of a timing gpu (see ws_lua_insp.h
 * and warpscope-lua(7), INSPECTION):
 *
 *   gpu:machine()            the configuration in one table
 *   gpu:sm(i)                an SM handle (0-based)
 *   gpu:l2(slice)            a cache handle on an L2 slice
 *   gpu:dram(ch)             queue, return queue, open rows, counters
 *   gpu:icnt()               flits held per port of both networks, counters
 *   gpu:memory()             average latency by level, row-hit rate, bandwidth
 *                            use, MTAML against the measured latency
 *   gpu:record([on])         record warp histories (w:history()) and stall
 *                            cycles per instruction from now on
 *
 *   sm.id, sm:warps(), sm:warp(slot), sm.l1d / sm:l1d(), sm.prefetcher /
 *   sm:prefetcher(), sm.throttle / sm:throttle(), sm:stalls(), sm:counters()
 */
#include "config.h"
#include "lua/ws_lua_insp.h"

#include "arch/ws_gpu_dbg.h"
#include "arch/ws_mempart.h"
#include "stats/ws_stats.h"

#include <lauxlib.h>
#include <math.h>
#include <string.h>

#define WS_SNAP_MT "warpscope.snapshot"

/* ------------------------------------------------------------ helpers */
void ws_linsp_set_int(lua_State *L, const char *k, lua_Integer v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

void ws_linsp_set_num(lua_State *L, const char *k, double v)
{
    if (isnan(v)) return;
    lua_pushnumber(L, v);
    lua_setfield(L, -2, k);
}

void ws_linsp_set_str(lua_State *L, const char *k, const char *v)
{
    lua_pushstring(L, v);
    lua_setfield(L, -2, k);
}

void ws_linsp_set_bool(lua_State *L, const char *k, int v)
{
    lua_pushboolean(L, v);
    lua_setfield(L, -2, k);
}

ws_gpu *ws_linsp_model(lua_State *L, int idx, const char *what)
{
    ws_lgpu *g = luaL_checkudata(L, idx, WS_GPU_MT);
    ws_lgpu_check(L, idx);
    if (!g->tg)
        luaL_error(L, "gpu:%s: a functional gpu has no timing model to inspect (use the timing mode)", what);
    return g->tg;
}

ws_gpu *ws_linsp_model_of(lua_State *L, int idx, const char *what)
{
    lua_getiuservalue(L, idx, 1);
    ws_lgpu *g = luaL_testudata(L, -1, WS_GPU_MT);
    lua_pop(L, 1);   /* the handle at idx keeps the gpu userdata alive */
    if (!g || !g->tg)
        luaL_error(L, "stale %s handle: its gpu was closed", what);
    return g->tg;
}

uint32_t ws_linsp_index(lua_State *L, int arg, uint32_t n, const char *what)
{
    lua_Integer v = luaL_checkinteger(L, arg);
    if (v < 0 || v >= (lua_Integer)n) {
        if (n == 0) luaL_error(L, "%s %I does not exist (there are none)", what, v);
        luaL_error(L, "%s %I does not exist (0..%d)", what, v, (int)n - 1);
    }
    return (uint32_t)v;
}

void ws_linsp_push_owner_map(lua_State *L, ws_gpu *g)
{
    ws_device *d = ws_gpu_device(g);
    size_t n = ws_devmem_count(d);
    lua_createtable(L, 0, (int)n);
    for (size_t i = 0; i < n; i++) {
        const ws_alloc *a = ws_devmem_at(d, i);
        lua_pushstring(L, a->name && a->name[0] ? a->name : "(unnamed)");
        lua_rawseti(L, -2, a->id);
    }
}

/* A table that also answers a call with itself, so that sm.prefetcher and
 * sm:prefetcher() give the same thing. */
static void make_callable(lua_State *L)
{
    luaL_setmetatable(L, WS_SNAP_MT);
}

static int snap_call(lua_State *L)
{
    lua_settop(L, 1);
    return 1;
}

/* Push stats value `name` (instance inst) as an integer when it is one. */
static void push_stat(lua_State *L, ws_stats *s, const char *name, int inst)
{
    double v = ws_stats_get(s, name, inst);
    if (isnan(v)) lua_pushnil(L);
    else if (v == floor(v) && fabs(v) < 9.0e15) lua_pushinteger(L, (lua_Integer)v);
    else lua_pushnumber(L, v);
}

static void set_stat(lua_State *L, ws_stats *s, const char *k, const char *name)
{
    push_stat(L, s, name, -1);
    lua_setfield(L, -2, k);
}

/* ------------------------------------------------------------ gpu:machine() */
static void set_opt_uint(lua_State *L, const ws_opts *o, const char *k, const char *key)
{
    ws_linsp_set_int(L, k, (lua_Integer)ws_opts_uint(o, key));
}

static void set_opt_str(lua_State *L, const ws_opts *o, const char *k, const char *key)
{
    ws_linsp_set_str(L, k, ws_opts_str(o, key));
}

static void push_cache_geom(lua_State *L, const ws_opts *o, const char *p)
{
    char k[64];
    lua_createtable(L, 0, 12);
#define OPT(f) (snprintf(k, sizeof k, "%s.%s", p, f), k)
    uint64_t size = ws_opts_uint(o, OPT("size")), ways = ws_opts_uint(o, OPT("ways")),
             line = ws_opts_uint(o, OPT("line"));
    ws_linsp_set_bool(L, "enabled", ws_opts_bool(o, OPT("enable")));
    ws_linsp_set_int(L, "size", (lua_Integer)size);
    ws_linsp_set_int(L, "ways", (lua_Integer)ways);
    ws_linsp_set_int(L, "line", (lua_Integer)line);
    ws_linsp_set_int(L, "sets", ways && line ? (lua_Integer)(size / (ways * line)) : 0);
    set_opt_uint(L, o, "mshrs", OPT("mshr"));
    set_opt_uint(L, o, "mshr_merge", OPT("mshr_merge"));
    set_opt_uint(L, o, "missq", OPT("missq"));
    set_opt_str(L, o, "repl", OPT("repl"));
    /* (the instruction cache has no sectors, latency or write policy) */
    if (ws_opts_def_find(OPT("sector"))) set_opt_uint(L, o, "sector", k);
    if (ws_opts_def_find(OPT("latency"))) set_opt_uint(L, o, "latency", k);
    if (ws_opts_def_find(OPT("write"))) set_opt_str(L, o, "write", k);
#undef OPT
}

/* gpu:machine() */
static int g_machine(lua_State *L)
{
    ws_lgpu *lg = luaL_checkudata(L, 1, WS_GPU_MT);
    ws_device *d = ws_lgpu_check(L, 1);
    lua_createtable(L, 0, 16);
    if (!lg->tg) {
        ws_linsp_set_str(L, "mode", "functional");
        ws_linsp_set_int(L, "nsms", ws_device_config_get(d)->num_sms);
        return 1;
    }
    ws_gpu *g = lg->tg;
    const ws_opts *o = ws_gpu_opts(g);
    ws_linsp_set_str(L, "mode", "timing");
    const char *preset = ws_opts_preset_name(o);
    if (preset && preset[0]) ws_linsp_set_str(L, "preset", preset);
    ws_linsp_set_int(L, "nsms", ws_gpu_nsms(g));
    ws_linsp_set_int(L, "warp_slots", ws_gpu_warp_slots(g));
    set_opt_uint(L, o, "schedulers", "sm.schedulers");
    set_opt_str(L, o, "scheduler", "sm.sched");
    set_opt_uint(L, o, "threads_per_sm", "sm.threads");
    set_opt_uint(L, o, "ctas_per_sm", "sm.ctas");
    set_opt_uint(L, o, "regs_per_sm", "sm.regs");
    set_opt_uint(L, o, "shared_per_sm", "sm.shared");
    lua_createtable(L, 0, 4);
    set_opt_uint(L, o, "core", "clock.core");
    set_opt_uint(L, o, "icnt", "clock.icnt");
    set_opt_uint(L, o, "l2", "clock.l2");
    set_opt_uint(L, o, "dram", "clock.dram");
    lua_setfield(L, -2, "clocks");
    push_cache_geom(L, o, "l1d");
    lua_setfield(L, -2, "l1d");
    push_cache_geom(L, o, "l1i");
    lua_setfield(L, -2, "l1i");
    set_opt_str(L, o, "l1d_invalidate", "l1d.invalidate");
    push_cache_geom(L, o, "l2");
    ws_memsys *m = ws_gpu_memsys(g);
    ws_linsp_set_int(L, "slices", ws_memsys_nslices(m));
    lua_setfield(L, -2, "l2");
    lua_createtable(L, 0, 8);
    ws_linsp_set_int(L, "channels", ws_memsys_nchannels(m));
    set_opt_uint(L, o, "subparts", "mem.subparts");
    set_opt_uint(L, o, "banks", "dram.banks");
    set_opt_uint(L, o, "bank_groups", "dram.bank_groups");
    set_opt_uint(L, o, "bus_bytes", "dram.bus_bytes");
    set_opt_uint(L, o, "queue", "dram.queue");
    set_opt_str(L, o, "sched", "dram.sched");
    ws_linsp_set_int(L, "peak_mbs", (lua_Integer)ws_opts_dram_peak_mbs(o));
    lua_setfield(L, -2, "dram");
    lua_createtable(L, 0, 2);
    set_opt_str(L, o, "policy", "pf.policy");
    set_opt_str(L, o, "throttle", "throttle.policy");
    lua_setfield(L, -2, "prefetch");
    return 1;
}

/* ------------------------------------------------------------ gpu:sm(i) */
static ws_lsm *check_sm(lua_State *L, int idx, ws_gpu **g)
{
    ws_lsm *s = luaL_checkudata(L, idx, WS_SM_MT);
    *g = ws_linsp_model_of(L, idx, "SM");
    return s;
}

static int g_sm(lua_State *L)
{
    ws_gpu *g = ws_linsp_model(L, 1, "sm");
    uint32_t i = ws_linsp_index(L, 2, ws_gpu_nsms(g), "SM");
    ws_lsm *s = lua_newuserdatauv(L, sizeof *s, 1);
    s->sm = i;
    luaL_setmetatable(L, WS_SM_MT);
    lua_pushvalue(L, 1);
    lua_setiuservalue(L, -2, 1);
    return 1;
}

/* sm:warps() -> { info, ... } for the slots that hold a warp */
static int sm_warps(lua_State *L)
{
    ws_gpu *g;
    ws_lsm *s = check_sm(L, 1, &g);
    uint32_t n = ws_gpu_warp_slots(g);
    lua_createtable(L, 0, 0);
    int k = 0;
    for (uint32_t slot = 0; slot < n; slot++) {
        if (!ws_gpu_warp_func(g, s->sm, slot)) continue;
        ws_linsp_push_warp_info(L, g, s->sm, slot);
        lua_rawseti(L, -2, ++k);
    }
    return 1;
}

/* sm:warp(slot) -> warp handle, or nil for an empty slot */
static int sm_warp(lua_State *L)
{
    ws_gpu *g;
    ws_lsm *s = check_sm(L, 1, &g);
    uint32_t slot = ws_linsp_index(L, 2, ws_gpu_warp_slots(g), "warp slot");
    lua_getiuservalue(L, 1, 1);
    ws_linsp_push_warp(L, lua_gettop(L), g, s->sm, slot);
    return 1;
}

/* sm:stalls() -> { reason = warp-cycles } (every Nsight reason, idle too) */
static int sm_stalls(lua_State *L)
{
    ws_gpu *g;
    ws_lsm *s = check_sm(L, 1, &g);
    ws_gpu_stats_sync(g);
    ws_stats *st = ws_gpu_stats(g);
    lua_createtable(L, 0, WS_STALL_COUNT);
    for (int r = 0; r < WS_STALL_COUNT; r++) {
        char name[64];
        snprintf(name, sizeof name, "stall.%s", ws_stall_name((ws_stall)r));
        ws_linsp_set_int(L, ws_stall_name((ws_stall)r), (lua_Integer)ws_stats_get_u64(st, name, (int)s->sm));
    }
    return 1;
}

/* sm:counters() -> { name = value } of every per-SM statistic */
static int sm_counters(lua_State *L)
{
    ws_gpu *g;
    ws_lsm *s = check_sm(L, 1, &g);
    ws_gpu_stats_sync(g);
    ws_stats *st = ws_gpu_stats(g);
    size_t n = ws_stats_count(st);
    lua_createtable(L, 0, 64);
    for (size_t i = 0; i < n; i++) {
        ws_stats_info in;
        if (!ws_stats_info_at(st, i, &in) || strcmp(in.scope, "sm") != 0 || s->sm >= in.count) continue;
        push_stat(L, st, in.name, (int)s->sm);
        lua_setfield(L, -2, in.name);
    }
    return 1;
}

/* The gpu method `name` (ws_lua_pf.c) called with (gpu, sm): the same
 * tables as gpu:prefetcher(sm) / gpu:throttle(sm). */
static void push_pf(lua_State *L, int idx, const char *name)
{
    ws_gpu *g;
    ws_lsm *s = check_sm(L, idx, &g);
    (void)g;
    luaL_getmetatable(L, WS_GPU_MT);
    lua_getfield(L, -1, "methods");
    lua_getfield(L, -1, name);
    lua_getiuservalue(L, idx, 1);
    lua_pushinteger(L, s->sm);
    lua_call(L, 2, 1);
    lua_replace(L, -3);
    lua_pop(L, 1);
    if (lua_istable(L, -1)) make_callable(L);
}

static int sm_index(lua_State *L)
{
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "id") == 0) {
        ws_gpu *g;
        lua_pushinteger(L, check_sm(L, 1, &g)->sm);
        return 1;
    }
    /* pfc: the prefetch cache (pf.dest = pfc); l1i: the instruction cache */
    if (strcmp(k, "l1d") == 0 || strcmp(k, "pfc") == 0 || strcmp(k, "l1i") == 0) {
        ws_gpu *g;
        ws_lsm *s = check_sm(L, 1, &g);
        int kind = k[0] == 'p' ? WS_LCACHE_PFC : k[2] == 'i' ? WS_LCACHE_L1I : WS_LCACHE_L1D;
        ws_cache *c = kind == WS_LCACHE_PFC ? ws_gpu_pfc(g, s->sm)
                      : kind == WS_LCACHE_L1I ? ws_gpu_l1i(g, s->sm) : ws_gpu_l1d(g, s->sm);
        if (!c) {
            lua_pushnil(L);
            return 1;
        }
        lua_getiuservalue(L, 1, 1);
        ws_linsp_push_cache(L, lua_gettop(L), kind, s->sm);
        return 1;
    }
    if (strcmp(k, "prefetcher") == 0 || strcmp(k, "throttle") == 0) {
        push_pf(L, 1, k);
        return 1;
    }
    luaL_getmetatable(L, WS_SM_MT);
    lua_getfield(L, -1, "methods");
    lua_getfield(L, -1, k);
    return 1;
}

static int sm_tostring(lua_State *L)
{
    ws_lsm *s = luaL_checkudata(L, 1, WS_SM_MT);
    lua_getiuservalue(L, 1, 1);
    ws_lgpu *g = luaL_testudata(L, -1, WS_GPU_MT);
    lua_pushfstring(L, "SM %d%s", (int)s->sm, g && g->tg ? "" : " (stale: gpu closed)");
    return 1;
}

static int sm_eq(lua_State *L)
{
    ws_lsm *a = luaL_testudata(L, 1, WS_SM_MT), *b = luaL_testudata(L, 2, WS_SM_MT);
    int same = 0;
    if (a && b && a->sm == b->sm) {
        lua_getiuservalue(L, 1, 1);
        lua_getiuservalue(L, 2, 1);
        same = lua_rawequal(L, -1, -2);
    }
    lua_pushboolean(L, same);
    return 1;
}

/* ------------------------------------------------------------ gpu:l2, dram, icnt, memory */
static int g_l2(lua_State *L)
{
    ws_gpu *g = ws_linsp_model(L, 1, "l2");
    ws_memsys *m = ws_gpu_memsys(g);
    uint32_t i = ws_linsp_index(L, 2, ws_memsys_nslices(m), "L2 slice");
    if (!ws_memsys_l2(m, i))
        return luaL_error(L, "gpu:l2: the L2 is disabled (l2.enable = false)");
    ws_linsp_push_cache(L, 1, WS_LCACHE_L2, i);
    return 1;
}

/* gpu:dram(ch) -> { channel, queue, returns, banks = { {row = n | nil}, ... }, stats = {...} } */
static int g_dram(lua_State *L)
{
    ws_gpu *g = ws_linsp_model(L, 1, "dram");
    ws_memsys *m = ws_gpu_memsys(g);
    uint32_t ch = ws_linsp_index(L, 2, ws_memsys_nchannels(m), "DRAM channel");
    const ws_dram *d = ws_memsys_dram(m, ch);
    uint32_t nb = ws_memsys_config_get(m)->dram.banks;
    lua_createtable(L, 0, 5);
    ws_linsp_set_int(L, "channel", ch);
    ws_linsp_set_int(L, "queue", ws_dram_queue_len(d));
    ws_linsp_set_int(L, "returns", ws_dram_return_len(d));
    lua_createtable(L, (int)nb, 0);
    for (uint32_t b = 0; b < nb; b++) {
        lua_createtable(L, 0, 1);
        int64_t row = ws_dram_bank_row(d, b);
        if (row >= 0) ws_linsp_set_int(L, "row", row);
        lua_rawseti(L, -2, b + 1);
    }
    lua_setfield(L, -2, "banks");
    const ws_dram_stats *s = ws_dram_stats_get(d);
    lua_createtable(L, 0, 16);
    ws_linsp_set_int(L, "reads", (lua_Integer)s->reads);
    ws_linsp_set_int(L, "writes", (lua_Integer)s->writes);
    ws_linsp_set_int(L, "bytes_read", (lua_Integer)s->bytes_read);
    ws_linsp_set_int(L, "bytes_written", (lua_Integer)s->bytes_written);
    ws_linsp_set_int(L, "activates", (lua_Integer)s->activates);
    ws_linsp_set_int(L, "precharges", (lua_Integer)s->precharges);
    ws_linsp_set_int(L, "row_hits", (lua_Integer)s->row_hits);
    ws_linsp_set_int(L, "row_misses", (lua_Integer)s->row_misses);
    ws_linsp_set_int(L, "col_cmds", (lua_Integer)s->col_cmds);
    ws_linsp_set_int(L, "data_busy", (lua_Integer)s->data_busy);
    ws_linsp_set_int(L, "cycles", (lua_Integer)s->cycles);
    ws_linsp_set_int(L, "queue_occupancy", (lua_Integer)s->queue_occupancy);
    ws_linsp_set_int(L, "queue_full", (lua_Integer)s->queue_full);
    ws_linsp_set_int(L, "latency_sum", (lua_Integer)s->latency_sum);
    ws_linsp_set_int(L, "promoted", (lua_Integer)s->promoted);
    lua_setfield(L, -2, "stats");
    return 1;
}

static void push_net(lua_State *L, const ws_icnt *n)
{
    const ws_icnt_config *c = ws_icnt_config_get(n);
    lua_createtable(L, 0, 12);
    ws_linsp_set_int(L, "inputs", c->inputs);
    ws_linsp_set_int(L, "outputs", c->outputs);
    ws_linsp_set_int(L, "flit", c->flit);
    ws_linsp_set_int(L, "in_buffer", c->in_buffer);
    ws_linsp_set_int(L, "out_buffer", c->out_buffer);
    lua_createtable(L, (int)c->inputs, 0);
    for (uint32_t i = 0; i < c->inputs; i++) {
        lua_pushinteger(L, ws_icnt_in_flits(n, i));
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "in_flits");
    lua_createtable(L, (int)c->outputs, 0);
    for (uint32_t i = 0; i < c->outputs; i++) {
        lua_pushinteger(L, ws_icnt_out_flits(n, i));
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "out_flits");
    const ws_icnt_stats *s = ws_icnt_stats_get(n);
    lua_createtable(L, 0, 6);
    ws_linsp_set_int(L, "packets", (lua_Integer)s->packets);
    ws_linsp_set_int(L, "flits", (lua_Integer)s->flits);
    ws_linsp_set_int(L, "push_fail", (lua_Integer)s->push_fail);
    ws_linsp_set_int(L, "out_blocked", (lua_Integer)s->out_blocked);
    ws_linsp_set_int(L, "latency_sum", (lua_Integer)s->latency_sum);
    ws_linsp_set_int(L, "delivered", (lua_Integer)s->delivered);
    lua_setfield(L, -2, "stats");
}

/* gpu:icnt() -> { requests = net, replies = net } */
static int g_icnt(lua_State *L)
{
    ws_gpu *g = ws_linsp_model(L, 1, "icnt");
    ws_memsys *m = ws_gpu_memsys(g);
    lua_createtable(L, 0, 2);
    push_net(L, ws_memsys_icnt(m, false));
    lua_setfield(L, -2, "requests");
    push_net(L, ws_memsys_icnt(m, true));
    lua_setfield(L, -2, "replies");
    return 1;
}

/* gpu:memory() -> summary of the memory system (whole run so far) */
static int g_memory(lua_State *L)
{
    ws_gpu *g = ws_linsp_model(L, 1, "memory");
    ws_gpu_stats_sync(g);
    ws_stats *s = ws_gpu_stats(g);
    lua_createtable(L, 0, 12);
    static const char *const lv[] = { "l1", "l1_pending", "pfc", "l2", "l2_pending", "dram" };
    lua_createtable(L, 0, 6);
    for (size_t i = 0; i < sizeof lv / sizeof *lv; i++) {
        char a[64], b[64];
        snprintf(a, sizeof a, "mem.latency_sum.%s", lv[i]);
        snprintf(b, sizeof b, "mem.latency_n.%s", lv[i]);
        uint64_t n = ws_stats_get_u64(s, b, -1);
        if (n) ws_linsp_set_num(L, lv[i], (double)ws_stats_get_u64(s, a, -1) / (double)n);
    }
    lua_setfield(L, -2, "latency");
    lua_createtable(L, 0, 6);
    for (size_t i = 0; i < sizeof lv / sizeof *lv; i++) {
        char b[64];
        snprintf(b, sizeof b, "mem.latency_n.%s", lv[i]);
        ws_linsp_set_int(L, lv[i], (lua_Integer)ws_stats_get_u64(s, b, -1));
    }
    lua_setfield(L, -2, "served");
    set_stat(L, s, "requests", "mem.latency_n");
    set_stat(L, s, "measured_latency", "mem.avg_latency");
    set_stat(L, s, "mtaml", "mtaml");
    set_stat(L, s, "mtaml_pref", "mtaml_pref");
    set_stat(L, s, "mtaml_cycles", "mtaml_cycles");
    set_stat(L, s, "warps_active", "warps_active");
    set_stat(L, s, "row_hit_rate", "dram.row_hit_rate");
    set_stat(L, s, "bandwidth_util", "dram.bandwidth_util");
    set_stat(L, s, "l1d_hit_rate", "l1d.hit_rate");
    set_stat(L, s, "l2_hit_rate", "l2.hit_rate");
    return 1;
}

/* gpu:record([on]) -> whether recording was on before: turn the recording
 * of warp histories and per-instruction stall cycles on (default) or off. */
static int g_record(lua_State *L)
{
    ws_gpu *g = ws_linsp_model(L, 1, "record");
    bool was = ws_gpu_dbg_recording(g);
    ws_gpu_dbg_record(g, lua_isnone(L, 2) ? true : lua_toboolean(L, 2));
    lua_pushboolean(L, was);
    return 1;
}

void ws_linsp_methods(lua_State *L)
{
    static const luaL_Reg m[] = {
        { "machine", g_machine },
        { "sm", g_sm },
        { "l2", g_l2 },
        { "dram", g_dram },
        { "icnt", g_icnt },
        { "memory", g_memory },
        { "record", g_record },
        { NULL, NULL },
    };
    luaL_setfuncs(L, m, 0);
    ws_linsp_register_iru(L);
    ws_linsp_register_mff(L);
    ws_linsp_register_tcoal(L);

    static const luaL_Reg sm_methods[] = {
        { "warps", sm_warps },
        { "warp", sm_warp },
        { "stalls", sm_stalls },
        { "counters", sm_counters },
        { NULL, NULL },
    };
    static const luaL_Reg sm_meta[] = {
        { "__index", sm_index },
        { "__tostring", sm_tostring },
        { "__eq", sm_eq },
        { NULL, NULL },
    };
    if (luaL_newmetatable(L, WS_SM_MT)) {
        luaL_setfuncs(L, sm_meta, 0);
        luaL_newlib(L, sm_methods);
        lua_setfield(L, -2, "methods");
    }
    lua_pop(L, 1);
    if (luaL_newmetatable(L, WS_SNAP_MT)) {
        lua_pushcfunction(L, snap_call);
        lua_setfield(L, -2, "__call");
    }
    lua_pop(L, 1);
    ws_linsp_register_warp(L);
    ws_linsp_register_cache(L);
}
