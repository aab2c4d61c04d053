/* ws_lua_gpu.c: the Lua `gpu` object: a device with its memory, modules and
 * launches.  Scenarios play the CUDA host program with it:
 *
 *   local gpu = ws.gpu{ sms = 15 }
 *   local k = gpu:load_ptx("kernels/bfs_topo.ptx"):kernel("bfs_topo_expand")
 *   gpu:launch(k, { grid = 256, block = 256 }, row, col, 42, 0.85)
 *
 * Launch arguments are converted to the PTX parameter types of the kernel's
 * signature: device arrays pass their address, Lua integers and floats pass
 * as numbers (checked against the parameter's width), booleans as 0/1. */
#include "config.h"
#include "lua/ws_lua.h"
#include "lua/ws_lua_gpu.h"
#include "lua/ws_lua_sandbox.h"

#include "arch/ws_gpu.h"
#include "stats/ws_stats.h"
#include "lua/ws_lua_ctl.h"
#include "util/ws_util.h"

#include <lauxlib.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

ws_device *ws_lgpu_check(lua_State *L, int idx)
{
    ws_lgpu *g = luaL_checkudata(L, idx, WS_GPU_MT);
    if (!g->dev)
        luaL_error(L, "attempt to use a closed gpu");
    return g->dev;
}

ws_device *ws_lgpu_of(lua_State *L, int idx)
{
    lua_getiuservalue(L, idx, 1);
    ws_lgpu *g = luaL_testudata(L, -1, WS_GPU_MT);
    lua_pop(L, 1);   /* the handle at idx keeps the gpu userdata alive */
    if (!g || !g->dev)
        luaL_error(L, "attempt to use an object of a closed gpu");
    return g->dev;
}

void ws_lgpu_host_wrote(lua_State *L, int idx, uint64_t addr, uint64_t bytes)
{
    ws_lgpu *g = luaL_testudata(L, idx, WS_GPU_MT);
    if (!g) {
        lua_getiuservalue(L, idx, 1);
        g = luaL_testudata(L, -1, WS_GPU_MT);
        lua_pop(L, 1);
    }
    if (g && g->dev && g->tg) ws_gpu_host_wrote(g->tg, addr, bytes);
}

/* ------------------------------------------------------------ creation */
/* gpu.new([opts]): run.mode (or mode) "timing" (default: the cycle-level
 * model) or "functional" (the functional engine alone); every key of the
 * option table either way (ws_lua_tgpu.c). */
static int g_new(lua_State *L)
{
    int idx = lua_isnoneornil(L, 1) ? 0 : 1;
    if (idx) luaL_checktype(L, 1, LUA_TTABLE);
    ws_lgpu *g = lua_newuserdatauv(L, sizeof *g, 1);   /* 1: event hooks (ws_lua_ctl.c) */
    memset(g, 0, sizeof *g);
    luaL_setmetatable(L, WS_GPU_MT);
    uint64_t budget = UINT64_MAX;
    int quiet = 0;
    ws_opts *o = ws_ltg_opts(L, idx, &budget, &quiet);
    g->quiet = quiet;
    /* its label: ws.gpu{label = ...}, else "gpu N", N counting this state's gpus */
    lua_getfield(L, LUA_REGISTRYINDEX, "warpscope.ngpus");
    lua_Integer ng = lua_tointeger(L, -1) + 1;
    lua_pop(L, 1);
    lua_pushinteger(L, ng);
    lua_setfield(L, LUA_REGISTRYINDEX, "warpscope.ngpus");
    if (idx && lua_getfield(L, idx, "label") == LUA_TSTRING)
        snprintf(g->label, sizeof g->label, "%s", lua_tostring(L, -1));
    else
        snprintf(g->label, sizeof g->label, "gpu %lld", (long long)ng);
    if (idx) lua_pop(L, 1);
    if (strcmp(ws_opts_str(o, "run.mode"), "functional") == 0) {
        ws_device_config dc;
        ws_gpu_device_config(o, &dc);
        ws_opts_free(o);
        ws_error err;
        g->dev = ws_device_create(&dc, &err);
        if (!g->dev)
            return luaL_error(L, "%s", err.msg);
    } else {
        g->tg = ws_ltg_create(L, o);
        g->dev = ws_gpu_device(g->tg);
    }
    if (budget != UINT64_MAX) ws_device_set_budget(g->dev, budget);
    if (ws_lua_sandbox_memory_limit(L)) ws_device_set_memory_limit(g->dev, ws_lua_sandbox_memory_limit(L));
    if (idx) ws_lpf_install(L, g, idx);
    return 1;
}

/* ------------------------------------------------------------ launch */
static void dims(lua_State *L, int idx, const char *what, uint32_t out[3])
{
    out[0] = out[1] = out[2] = 1;
    if (lua_isnil(L, idx))
        luaL_error(L, "launch configuration needs '%s'", what);
    if (lua_type(L, idx) == LUA_TNUMBER) {
        int isint;
        lua_Integer v = lua_tointegerx(L, idx, &isint);
        if (!isint || v < 1 || v > UINT32_MAX)
            luaL_error(L, "launch '%s' must be a positive integer or {x, y, z}", what);
        out[0] = (uint32_t)v;
        return;
    }
    if (!lua_istable(L, idx))
        luaL_error(L, "launch '%s' must be a positive integer or {x, y, z}, got %s", what,
                   luaL_typename(L, idx));
    lua_Integer n = luaL_len(L, idx);
    if (n < 1 || n > 3)
        luaL_error(L, "launch '%s' must have 1 to 3 dimensions, got %I", what, n);
    for (lua_Integer i = 0; i < n; i++) {
        lua_geti(L, idx, i + 1);
        int isint;
        lua_Integer v = lua_tointegerx(L, -1, &isint);
        if (!isint || v < 1 || v > UINT32_MAX)
            luaL_error(L, "launch '%s'[%I] must be a positive integer", what, i + 1);
        out[i] = (uint32_t)v;
        lua_pop(L, 1);
    }
}

static void launch_config(lua_State *L, int idx, ws_launch_config *lc)
{
    luaL_checktype(L, idx, LUA_TTABLE);
    memset(lc, 0, sizeof *lc);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
        if (strcmp(k, "grid") && strcmp(k, "block") && strcmp(k, "shared") && strcmp(k, "regs"))
            luaL_error(L, "unknown launch option '%s' (expected grid, block, shared, regs)",
                       ws_lua_quote(L, luaL_tolstring(L, -2, NULL)));
        lua_pop(L, 1);
    }
    lua_getfield(L, idx, "grid");
    dims(L, -1, "grid", lc->grid);
    lua_getfield(L, idx, "block");
    dims(L, -1, "block", lc->block);
    lua_getfield(L, idx, "shared");
    if (!lua_isnil(L, -1)) {
        int isint;
        lua_Integer v = lua_tointegerx(L, -1, &isint);
        if (!isint || v < 0)
            luaL_error(L, "launch 'shared' must be a non-negative byte count");
        lc->shared_bytes = (uint64_t)v;
    }
    lua_getfield(L, idx, "regs");
    if (!lua_isnil(L, -1)) {
        int isint;
        lua_Integer v = lua_tointegerx(L, -1, &isint);
        if (!isint || v < 1 || v > 255)
            luaL_error(L, "launch 'regs' must be a register count per thread from 1 to 255");
        lc->regs = (uint32_t)v;
    }
    lua_pop(L, 4);
}

static void launch_arg(lua_State *L, int idx, const ws_kernel *k, uint32_t i, ws_arg *a)
{
    ws_larray *arr;
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx))
            *a = WS_ARG_INT(lua_tointeger(L, idx));
        else
            *a = WS_ARG_FLOAT(lua_tonumber(L, idx));
        return;
    case LUA_TBOOLEAN:
        *a = WS_ARG_INT(lua_toboolean(L, idx));
        return;
    case LUA_TUSERDATA:
        if ((arr = ws_larray_test(L, idx)) != NULL) {
            ws_larray_check(L, idx);
            /* (an address of another device would quietly name whatever
             * this one has there) */
            if (ws_lgpu_of(L, idx) != ws_lgpu_check(L, 1))
                luaL_error(L, "argument %d ('%s') of kernel '%s' is array '%s' of another gpu", (int)i + 1,
                           ws_kernel_param_name(k, i), ws_kernel_name(k), arr->name);
            *a = WS_ARG_PTR(arr->addr);
            return;
        }
        if (ws_lua_buffer_test(L, idx))
            luaL_error(L, "argument %d ('%s') of kernel '%s' is a host buffer; copy it to the gpu "
                          "with gpu:array(type, buffer) and pass the array",
                       (int)i + 1, ws_kernel_param_name(k, i), ws_kernel_name(k));
        break;
    default:
        break;
    }
    luaL_error(L, "argument %d ('%s') of kernel '%s' must be a device array or a number, got %s",
               (int)i + 1, ws_kernel_param_name(k, i), ws_kernel_name(k), luaL_typename(L, idx));
}

/* Device-side printf output of the last launch goes to standard output, as
 * the CUDA runtime prints it at synchronisation. */
void ws_lgpu_flush_printf(ws_device *d)
{
    size_t len = 0;
    const char *out = ws_device_printf(d, &len);
    if (out && len) {
        fwrite(out, 1, len, stdout);
        fflush(stdout);
    }
    ws_device_printf_clear(d);
}

const ws_kernel *ws_lgpu_launch_args(lua_State *L, ws_launch_config *lc, ws_arg **args, uint32_t *nargs)
{
    ws_lgpu_check(L, 1);
    ws_lkernel *lk = luaL_checkudata(L, 2, WS_KERNEL_MT);
    ws_lgpu_of(L, 2);
    launch_config(L, 3, lc);
    int n = lua_gettop(L) - 3;
    uint32_t want = ws_kernel_nparams(lk->k);
    if ((uint32_t)n != want)
        luaL_error(L, "kernel '%s' takes %d argument%s, got %d", ws_kernel_name(lk->k), (int)want,
                   want == 1 ? "" : "s", n);
    ws_arg *a = lua_newuserdatauv(L, sizeof(ws_arg) * (size_t)(n ? n : 1), 0);
    for (int i = 0; i < n; i++)
        launch_arg(L, 4 + i, lk->k, (uint32_t)i, &a[i]);
    *args = a;
    *nargs = (uint32_t)n;
    return lk->k;
}

/* gpu:launch(kernel, {grid=, block=, shared=}, args...): timing gpus go
 * through the control layer (hooks, breakpoints, the scenario runner). */
static int g_launch(lua_State *L)
{
    ws_device *d = ws_lgpu_check(L, 1);
    ws_lgpu *lg = luaL_checkudata(L, 1, WS_GPU_MT);
    ws_launch_config lc;
    ws_arg *args;
    uint32_t nargs;
    const ws_kernel *k = ws_lgpu_launch_args(L, &lc, &args, &nargs);
    if (lg->tg) return ws_lctl_launch(L, lg, k, &lc, args, nargs);
    ws_error err;
    int rc = ws_launch(d, k, &lc, args, nargs, &err);
    ws_lgpu_flush_printf(d);
    if (rc != 0)
        return luaL_error(L, "%s", err.msg);
    return 0;
}

/* gpu:option(key) -> the value as text (timing mode) */
static int g_option(lua_State *L)
{
    ws_lgpu *g = luaL_checkudata(L, 1, WS_GPU_MT);
    ws_lgpu_check(L, 1);
    const char *k = luaL_checkstring(L, 2);
    if (!g->tg) return luaL_error(L, "gpu:option: a functional gpu has no timing options");
    if (!ws_opts_def_find(k))
        return luaL_error(L, "unknown option '%s' (see warpscope --list-options)", ws_lua_quote(L, k));
    char buf[256];
    lua_pushstring(L, ws_opts_text(ws_gpu_opts(g->tg), k, buf, sizeof buf));
    return 1;
}

/* ------------------------------------------------------------ inspection */
static void push_stats(lua_State *L, const ws_launch_stats *s)
{
    lua_createtable(L, 0, 4);
    lua_pushinteger(L, (lua_Integer)s->warp_insns);
    lua_setfield(L, -2, "warp_insns");
    lua_pushinteger(L, (lua_Integer)s->thread_insns);
    lua_setfield(L, -2, "thread_insns");
    lua_pushinteger(L, (lua_Integer)s->thread_insns_pred);
    lua_setfield(L, -2, "thread_insns_executed");
    lua_pushinteger(L, (lua_Integer)s->ctas);
    lua_setfield(L, -2, "ctas");
}

/* gpu:stats() -> { last = {...}, total = {...} } */
static int g_stats(lua_State *L)
{
    ws_device *d = ws_lgpu_check(L, 1);
    ws_lgpu *lg = luaL_checkudata(L, 1, WS_GPU_MT);
    if (lg->tg) {
        ws_ltg_push_stats(L, lg);
        return 1;
    }
    lua_createtable(L, 0, 2);
    push_stats(L, ws_device_last_stats(d));
    lua_setfield(L, -2, "last");
    push_stats(L, ws_device_total_stats(d));
    lua_setfield(L, -2, "total");
    return 1;
}

static void set_dim(lua_State *L, const char *k, const uint32_t v[3])
{
    lua_createtable(L, 3, 0);
    for (int i = 0; i < 3; i++) {
        lua_pushinteger(L, v[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, k);
}

/* gpu:diagnosis() -> the deadlock diagnosis of the last launch, whole (the
 * error keeps only what fits in 1024 bytes), or nil */
static int g_diagnosis(lua_State *L)
{
    ws_lgpu_check(L, 1);
    const ws_lgpu *g = lua_touserdata(L, 1);
    const char *d = g->tg ? ws_gpu_diagnosis(g->tg) : "";
    if (*d)
        lua_pushstring(L, d);
    else
        lua_pushnil(L);
    return 1;
}

/* gpu:diagnosis_warp() -> the SM and slot of the first warp that diagnosis
 * lists (for gpu:sm(i):warp(slot)), or nil */
static int g_diagnosis_warp(lua_State *L)
{
    ws_lgpu_check(L, 1);
    const ws_lgpu *g = lua_touserdata(L, 1);
    uint32_t sm, slot;
    if (!g->tg || !ws_gpu_diagnosis_warp(g->tg, &sm, &slot)) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushinteger(L, sm);
    lua_pushinteger(L, slot);
    return 2;
}

/* gpu:fault() -> table describing the last fault, or nil */
static int g_fault(lua_State *L)
{
    static const char *const kinds[] = { "none", "out_of_bounds", "misaligned", "trap", "budget",
                                         "deadlock", "stack", "unsupported", "sync" };
    static const char *const access[] = { "none", "load", "store", "atomic", "prefetch" };
    ws_device *d = ws_lgpu_check(L, 1);
    const ws_fault *f = ws_device_last_fault(d);
    if (!f) {
        lua_pushnil(L);
        return 1;
    }
    lua_createtable(L, 0, 20);
    lua_pushstring(L, (unsigned)f->kind < WS_ARRAY_LEN(kinds) ? kinds[f->kind] : "unknown");
    lua_setfield(L, -2, "kind");
    lua_pushstring(L, f->kernel);
    lua_setfield(L, -2, "kernel");
    lua_pushstring(L, f->func);
    lua_setfield(L, -2, "func");
    set_dim(L, "cta", f->cta);
    set_dim(L, "thread", f->tid);
    lua_pushinteger(L, f->lane);
    lua_setfield(L, -2, "lane");
    lua_pushinteger(L, f->warp);
    lua_setfield(L, -2, "warp");
    lua_pushinteger(L, f->pc);
    lua_setfield(L, -2, "pc");
    lua_pushstring(L, f->file);
    lua_setfield(L, -2, "file");
    lua_pushinteger(L, f->line);
    lua_setfield(L, -2, "line");
    lua_pushstring(L, f->insn);
    lua_setfield(L, -2, "insn");
    if (f->kind == WS_FAULT_OOB || f->kind == WS_FAULT_MISALIGNED) {
        lua_pushinteger(L, (lua_Integer)f->addr);
        lua_setfield(L, -2, "addr");
        lua_pushinteger(L, f->size);
        lua_setfield(L, -2, "size");
        lua_pushstring(L, ws_ptx_space_name(f->space));
        lua_setfield(L, -2, "space");
        lua_pushstring(L, (unsigned)f->access < WS_ARRAY_LEN(access) ? access[f->access] : "?");
        lua_setfield(L, -2, "access");
        lua_pushstring(L, f->where);
        lua_setfield(L, -2, "where");
        if (f->has_alloc) {
            lua_pushstring(L, f->alloc_name);
            lua_setfield(L, -2, "alloc");
            lua_pushinteger(L, (lua_Integer)f->alloc_offset);
            lua_setfield(L, -2, "offset");
        }
    }
    lua_pushstring(L, f->msg);
    lua_setfield(L, -2, "message");
    return 1;
}

/* gpu:allocations() -> list of {name=, addr=, size=} in address order */
static int g_allocations(lua_State *L)
{
    ws_device *d = ws_lgpu_check(L, 1);
    size_t n = ws_devmem_count(d);
    lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        const ws_alloc *a = ws_devmem_at(d, i);
        lua_createtable(L, 0, 3);
        lua_pushstring(L, a->name);
        lua_setfield(L, -2, "name");
        lua_pushinteger(L, (lua_Integer)a->addr);
        lua_setfield(L, -2, "addr");
        lua_pushinteger(L, (lua_Integer)a->size);
        lua_setfield(L, -2, "size");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

/* gpu:close(): free the device now; every handle of it becomes stale. */
static int g_close(lua_State *L)
{
    ws_lgpu *g = luaL_checkudata(L, 1, WS_GPU_MT);
    if (ws_lctl_busy(g))
        return luaL_error(L, "gpu:close cannot be called from an event hook, a prefetcher's hook or a run_until "
                             "predicate of that gpu (it is running)");
    ws_lctl_close(L, g);
    if (g->tg) {
        ws_ltg_finish(L, g);
        ws_gpu_free(g->tg);     /* frees the device too */
        g->tg = NULL;
        ws_lpf_free(L, g);
        g->dev = NULL;
    } else if (g->dev) {
        ws_device_free(g->dev);
        g->dev = NULL;
    }
    return 0;
}

static int g_tostring(lua_State *L)
{
    ws_lgpu *g = luaL_checkudata(L, 1, WS_GPU_MT);
    if (!g->dev)
        lua_pushliteral(L, "gpu (closed)");
    else
        lua_pushfstring(L, "gpu (%d SMs)", (int)ws_device_config_get(g->dev)->num_sms);
    return 1;
}

/* gpu:warn(text [, quiet]): a warning about the run, on standard error
 * (unless quiet) and (timing gpus) in the --json output's "warnings". */
static int g_warn(lua_State *L)
{
    ws_lgpu *g = luaL_checkudata(L, 1, WS_GPU_MT);
    ws_lgpu_check(L, 1);
    const char *text = luaL_checkstring(L, 2);
    if (!lua_toboolean(L, 3)) {
        fflush(stdout);
        fprintf(stderr, "warning: %s\n", text);
        fflush(stderr);
    }
    if (g->tg) ws_stats_warning(ws_gpu_stats(g->tg), text);
    return 0;
}

static int g_index(lua_State *L)
{
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "closed") == 0) {
        ws_lgpu *g = luaL_checkudata(L, 1, WS_GPU_MT);
        lua_pushboolean(L, g->dev == NULL);
        return 1;
    }
    if (strcmp(k, "label") == 0) {
        ws_lgpu *g = luaL_checkudata(L, 1, WS_GPU_MT);
        lua_pushstring(L, g->label);
        return 1;
    }
    if (strcmp(k, "sms") == 0) {
        lua_pushinteger(L, ws_device_config_get(ws_lgpu_check(L, 1))->num_sms);
        return 1;
    }
    if (strcmp(k, "cycle") == 0 || strcmp(k, "preset") == 0 || strcmp(k, "mode") == 0) {
        ws_lgpu *g = luaL_checkudata(L, 1, WS_GPU_MT);
        ws_lgpu_check(L, 1);
        if (k[0] == 'c') lua_pushinteger(L, g->tg ? (lua_Integer)ws_gpu_cycle(g->tg) : 0);
        else if (k[0] == 'p') lua_pushstring(L, g->tg ? ws_opts_preset_name(ws_gpu_opts(g->tg)) : "none");
        else lua_pushstring(L, g->tg ? "timing" : "functional");
        return 1;
    }
    luaL_getmetatable(L, WS_GPU_MT);
    lua_getfield(L, -1, "methods");
    lua_getfield(L, -1, k);
    return 1;
}

int ws_lua_open_gpu(lua_State *L)
{
    static const luaL_Reg methods[] = {
        { "array", ws_lgpu_array },
        { "load_ptx", ws_lgpu_load_ptx },
        { "warn", g_warn },
        { "load_ptx_text", ws_lgpu_load_ptx_text },
        { "configure_iru", ws_lgpu_configure_iru },
        { "configure_mff", ws_lgpu_configure_mff },
        { "launch", g_launch },
        { "stats", g_stats },
        { "option", g_option },
        { "fault", g_fault },
        { "diagnosis", g_diagnosis },
        { "diagnosis_warp", g_diagnosis_warp },
        { "allocations", g_allocations },
        { "close", g_close },
        { NULL, NULL },
    };
    static const luaL_Reg meta[] = {
        { "__index", g_index },
        { "__gc", g_close },
        { "__close", g_close },
        { "__tostring", g_tostring },
        { NULL, NULL },
    };
    if (luaL_newmetatable(L, WS_GPU_MT)) {
        luaL_setfuncs(L, meta, 0);
        luaL_newlib(L, methods);
        ws_lpf_methods(L);
        ws_lctl_methods(L);
        ws_linsp_methods(L);
        lua_setfield(L, -2, "methods");
    }
    lua_pop(L, 1);
    ws_lua_array_register(L);
    ws_lua_module_register(L);

    static const luaL_Reg fns[] = {
        { "new", g_new },
        { NULL, NULL },
    };
    luaL_newlib(L, fns);
    return 1;
}
