/* ws_lua_ctl.c: the control layer: ws_lctl_advance (the one way to move a
 * timing gpu's clock), event hooks, and the Lua methods that begin, step and
 * close launches.
 *
 *   gpu:start(kernel, cfg, args...)  begin a launch, run nothing
 *   gpu:step([n])                     n cycles -> "budget"|"done"|"break"|"stop" [, hit]
 *   gpu:continue()                    to the end or the next breakpoint / stop
 *   gpu:step_warp(sm, slot)           until that warp issues one instruction -> "warp", info
 *   gpu:run_until(fn [, every])       fn(gpu) every `every` cycles until it returns true
 *   gpu:finish()                      run to the end and close (as gpu:launch does)
 *   gpu:running()                     false, or true, kernel name, launch number
 *   gpu:on(event, [n,] fn) -> id      event hooks; gpu:off(id)
 *
 * gpu:launch is begin + gpu:finish, except inside a scenario runner's
 * coroutine, where it begins the launch and yields to the front end; the
 * continuation closes it.  A synchronous launch runs to its end whatever
 * breakpoints or hooks ask (they stop only the stepping calls and front
 * ends); an error in a hook aborts it. */
#include "config.h"

#include <lauxlib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu.h"
#include "arch/ws_gpu_wait.h"
#include "lua/ws_lua_insp.h"
#include "lua/ws_lua.h"
#include "lua/ws_lua_ctl_int.h"
#include "util/ws_util.h"

static const char gpus_key = 'g';     /* registry key (its address): weak map ws_lgpu* -> userdata */

static const char *const hook_names[WS_HOOK_KINDS + 1] = { "interval", "launch", "kernel_end", "throttle",
                                                           "deadlock", NULL };

const char *ws_lctl_status_name(int rc)
{
    switch (rc) {
    case WS_ADV_BUDGET: return "budget";
    case WS_ADV_DONE: return "done";
    case WS_ADV_BREAK: return "break";
    case WS_ADV_STOP: return "stop";
    case WS_ADV_IDLE: return "idle";
    default: return "error";
    }
}

/* ------------------------------------------------------------ state */
ws_lctl *ws_lctl_get(lua_State *L, int idx)
{
    ws_lgpu *g = luaL_checkudata(L, idx, WS_GPU_MT);
    if (g->ctl) return g->ctl;
    idx = lua_absindex(L, idx);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &gpus_key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_createtable(L, 0, 1);
        lua_pushliteral(L, "v");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &gpus_key);
    }
    lua_pushvalue(L, idx);
    lua_rawsetp(L, -2, g);
    lua_pop(L, 1);
    ws_lctl *c = ws_xmalloc(sizeof *c);
    memset(c, 0, sizeof *c);
    c->next_hook = 1;
    g->ctl = c;
    return c;
}

void ws_lctl_push_gpu(lua_State *L, ws_lgpu *g)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &gpus_key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_pushnil(L);
        return;
    }
    lua_rawgetp(L, -1, g);
    lua_remove(L, -2);
}

ws_lgpu *ws_lctl_testgpu(lua_State *L, int idx) { return luaL_testudata(L, idx, WS_GPU_MT); }
struct ws_gpu *ws_lctl_model(ws_lgpu *g) { return g && g->dev ? g->tg : NULL; }
const ws_brk_hit *ws_lctl_hit(const ws_lgpu *g) { return g->ctl ? &g->ctl->hit : NULL; }
bool ws_lctl_active(const ws_lgpu *g) { return g->ctl && g->ctl->active; }

bool ws_lctl_internal_brk(const ws_lgpu *g, int id)
{
    return g->ctl && id > 0 && (id == g->ctl->tbrk || id == g->ctl->wbrk);
}

ws_lgpu *ws_lctl_check(lua_State *L, const char *what)
{
    ws_lgpu *g = luaL_checkudata(L, 1, WS_GPU_MT);
    ws_lgpu_check(L, 1);
    if (!g->tg)
        luaL_error(L, "gpu:%s: a functional gpu has no clock to control (create the gpu in timing mode, "
                      "the default)", what);
    ws_lctl_get(L, 1);
    return g;
}

void ws_lctl_no_hook(lua_State *L, ws_lctl *c, const char *what)
{
    if (c->depth)
        luaL_error(L, "gpu:%s cannot be called from an event hook, a prefetcher's hook or a run_until predicate",
                   what);
}

bool ws_lctl_busy(const ws_lgpu *g)
{
    return g->ctl && g->ctl->depth > 0;
}

void ws_lctl_close(lua_State *L, ws_lgpu *g)
{
    ws_lpf_before_launch(L, g);     /* the Lua prefetcher's thread: one that is alive */
    ws_lctl *c = g->ctl;
    if (!c) return;
    free(c->hooks);
    free(c->snap);
    free(c);
    g->ctl = NULL;
}

/* ------------------------------------------------------------ hooks */
static bool has_hooks(const ws_lctl *c, int kind)
{
    for (uint32_t i = 0; i < c->nhooks; i++)
        if (c->hooks[i].kind == kind) return true;
    return false;
}

/* Push the gpu's hook function table (its user value). */
static void push_hooktab(lua_State *L, ws_lgpu *g)
{
    ws_lctl_push_gpu(L, g);
    if (lua_getiuservalue(L, -1, 1) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setiuservalue(L, -3, 1);
    }
    lua_remove(L, -2);
}

/* Call hook i with the nargs values on the top of the stack (popped):
 * 1 when it returned "stop", 0 otherwise, -1 on an error (err). */
static int run_hook(lua_State *L, ws_lgpu *g, uint32_t i, int nargs, ws_error *err)
{
    ws_lctl *c = g->ctl;
    int id = c->hooks[i].id, kind = c->hooks[i].kind;
    push_hooktab(L, g);
    lua_rawgeti(L, -1, id);
    lua_remove(L, -2);
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, nargs + 1);
        return 0;
    }
    ws_lctl_push_gpu(L, g);
    lua_rotate(L, -(nargs + 2), 2);
    c->depth++;
    int st = lua_pcall(L, nargs + 1, 1, 0);
    c->depth--;
    if (st != LUA_OK) {
        const char *m = lua_tostring(L, -1);
        ws_error_set(err, WS_E_STATE, "%s hook %d: %s", hook_names[kind], id,
                     m ? m : "(error object is not a string)");
        lua_pop(L, 1);
        return -1;
    }
    int stop = lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), "stop") == 0;
    lua_pop(L, 1);
    return stop;
}

/* Call every hook of `kind` with the nargs values on the top of the stack
 * (popped); errors are collected (the first one's message, the others
 * appended), every hook runs (until one calls os.exit). */
static int run_hooks(lua_State *L, ws_lgpu *g, int kind, int nargs, ws_error *err)
{
    ws_lctl *c = g->ctl;
    int base = lua_gettop(L) - nargs, rc = 0;
    for (uint32_t i = 0; i < c->nhooks; i++) {
        if (ws_lua_exiting(L)) break;   /* after os.exit no hook runs */
        if (c->hooks[i].kind != kind) continue;
        for (int a = 0; a < nargs; a++) lua_pushvalue(L, base + 1 + a);
        ws_error e;
        int r = run_hook(L, g, i, nargs, &e);
        if (r < 0) {
            if (rc < 0) ws_error_set(err, WS_E_STATE, "%.500s\n%.500s", err->msg, e.msg);
            else *err = e;
            rc = -1;
        } else if (r > 0 && rc == 0) {
            rc = 1;
        }
    }
    lua_settop(L, base);
    return rc;
}

/* Add e to err (rc says whether err holds one already). */
static void add_error(ws_error *err, int *rc, const ws_error *e)
{
    if (*rc < 0) ws_error_set(err, WS_E_STATE, "%.700s\n%.300s", err->msg, e->msg);
    else *err = *e;
    *rc = -1;
}

/* Throttle hooks for every transition logged since the last call. */
static int fire_throttle(lua_State *L, ws_lgpu *g, ws_error *err)
{
    ws_lctl *c = g->ctl;
    uint64_t total = ws_gpu_pf_ntrans(g->tg);
    if (total <= c->tseen) return 0;
    if (!has_hooks(c, WS_HOOK_THROTTLE)) {
        c->tseen = total;
        return 0;
    }
    luaL_getmetatable(L, WS_GPU_MT);
    lua_getfield(L, -1, "methods");
    lua_getfield(L, -1, "transitions");
    ws_lctl_push_gpu(L, g);
    lua_pushinteger(L, (lua_Integer)c->tseen + 1);
    c->tseen = total;
    lua_call(L, 2, 1);
    int list = lua_gettop(L), rc = 0;
    lua_Integer n = luaL_len(L, list);
    for (lua_Integer k = 1; k <= n; k++) {
        lua_rawgeti(L, list, k);
        int r = run_hooks(L, g, WS_HOOK_THROTTLE, 1, err);
        if (r < 0) {
            rc = -1;
            break;
        }
        if (r > 0) rc = 1;
    }
    lua_settop(L, list - 3);
    return rc;
}

static int fire_intervals(lua_State *L, ws_lgpu *g, uint64_t now, ws_error *err)
{
    ws_lctl *c = g->ctl;
    int rc = 0;
    for (uint32_t i = 0; i < c->nhooks; i++) {
        ws_lhook *h = &c->hooks[i];
        if (h->kind != WS_HOOK_INTERVAL || h->next > now) continue;
        h->next = (now / h->every + 1) * h->every;
        lua_pushinteger(L, (lua_Integer)now);
        int r = run_hook(L, g, i, 1, err);
        if (r < 0) return -1;
        if (r > 0) rc = 1;
    }
    return rc;
}

/* The internal throttle breakpoint exists exactly while throttle hooks do. */
static void sync_throttle_brk(ws_lgpu *g)
{
    ws_lctl *c = g->ctl;
    bool want = has_hooks(c, WS_HOOK_THROTTLE);
    if (want && !c->tbrk) {
        ws_brk b = { .kind = WS_BRK_THROTTLE, .warp = WS_BRK_ANY, .sm = -1 };
        ws_error e;
        int id = ws_gpu_brk_add_internal(g->tg, &b, &e);
        c->tbrk = id > 0 ? id : 0;
    } else if (!want && c->tbrk) {
        ws_gpu_brk_del(g->tg, c->tbrk);
        c->tbrk = 0;
    }
}

/* Hit counts of the other breakpoints, to see one that hit in the same
 * cycle as the internal throttle breakpoint (only the lowest id is
 * reported). */
static void snap_take(ws_lctl *c, const ws_gpu *tg)
{
    uint32_t n = ws_gpu_brk_count(tg);
    WS_GROW(c->snap, c->capsnap, n + 1);
    c->nsnap = 0;
    for (uint32_t i = 0; i < n; i++) {
        const ws_brk *b = ws_gpu_brk_at(tg, i);
        if (b->id == c->tbrk || b->disabled) continue;
        c->snap[c->nsnap++] = (ws_lbsnap){ b->id, b->hits };
    }
}

static bool snap_masked(ws_lctl *c, ws_gpu *tg)
{
    for (uint32_t k = 0; k < c->nsnap; k++) {
        const ws_brk *b = NULL;
        for (uint32_t i = 0; i < ws_gpu_brk_count(tg) && !b; i++)
            if (ws_gpu_brk_at(tg, i)->id == c->snap[k].id) b = ws_gpu_brk_at(tg, i);
        if (b && b->hits == c->snap[k].hits) continue;
        ws_brk_hit *h = &c->hit;
        memset(h, 0, sizeof *h);
        h->id = c->snap[k].id;
        h->kind = b ? b->kind : WS_BRK_ISSUE;
        h->cycle = ws_gpu_cycle(tg);
        h->sm = h->slot = -1;
        char d[160] = "";
        if (b) ws_gpu_brk_describe(tg, b, d, sizeof d);
        snprintf(h->text, sizeof h->text, "breakpoint %d: %s", h->id, b ? d : "hit");
        return true;
    }
    return false;
}

/* ------------------------------------------------------------ advance */
static const char interrupt_key = 0;    /* registry key (its address) */

void ws_lctl_set_interrupt(lua_State *L, volatile sig_atomic_t *flag)
{
    if (flag) lua_pushlightuserdata(L, (void *)(uintptr_t)flag);
    else lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &interrupt_key);
}

static volatile sig_atomic_t *interrupt_flag(lua_State *L)
{
    lua_rawgetp(L, LUA_REGISTRYINDEX, &interrupt_key);
    volatile sig_atomic_t *f = (volatile sig_atomic_t *)lua_touserdata(L, -1);
    lua_pop(L, 1);
    return f;
}

int ws_lctl_advance(lua_State *L, ws_lgpu *g, uint64_t cycles, ws_error *err)
{
    ws_lctl *c = g ? g->ctl : NULL;
    if (!g || !g->tg || !g->dev || !c || !c->active) {
        ws_error_set(err, WS_E_STATE, "no launch is active (begin one with gpu:start or gpu:launch)");
        return WS_ADV_IDLE;
    }
    if (c->failed) {
        ws_error_set(err, WS_E_STATE, "%s", c->fail_msg);
        return WS_ADV_ERROR;
    }
    if (c->depth) {
        ws_error_set(err, WS_E_STATE, "the clock cannot move inside an event hook");
        return WS_ADV_ERROR;
    }
    ws_gpu *tg = g->tg;
    sync_throttle_brk(g);
    uint64_t now = ws_gpu_cycle(tg);
    uint64_t end = cycles && cycles < UINT64_MAX - now ? now + cycles : UINT64_MAX;
    for (uint32_t i = 0; i < c->nhooks; i++) {        /* periods passed outside a run (a drain) */
        ws_lhook *h = &c->hooks[i];
        if (h->kind == WS_HOOK_INTERVAL && h->next <= now) h->next = (now / h->every + 1) * h->every;
    }
    volatile sig_atomic_t *intr = interrupt_flag(L);
    lua_State *main = NULL;
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD);
    main = lua_tothread(L, -1);
    lua_pop(L, 1);
    for (;;) {
        uint64_t lim = end;
        for (uint32_t i = 0; i < c->nhooks; i++)
            if (c->hooks[i].kind == WS_HOOK_INTERVAL && c->hooks[i].next < lim) lim = c->hooks[i].next;
        if (intr && lim - now > WS_LCTL_SLICE) lim = now + WS_LCTL_SLICE;
        if (intr && *intr) {
            ws_error_set(err, WS_E_STATE, "interrupted at cycle %llu (the launch of '%s' is still active)",
                         (unsigned long long)now, c->kernel);
            return WS_ADV_ERROR;
        }
        if (c->tbrk) snap_take(c, tg);
        ws_lpf_before_launch(L, g);     /* Lua prefetcher hooks run on this thread */
        c->depth++;                     /* (a Lua prefetcher's hooks may not move the clock either) */
        int rc = ws_gpu_run(tg, lim == UINT64_MAX ? 0 : lim - now, err);
        c->depth--;
        ws_lpf_before_launch(main, g);  /* never leave it on a coroutine that may die */
        now = ws_gpu_cycle(tg);
        if (rc < 0) {
            c->failed = 1;
            snprintf(c->fail_msg, sizeof c->fail_msg, "%s", err->msg);
            ws_error e;
            int erc = -1;
            if (fire_throttle(L, g, &e) < 0) add_error(err, &erc, &e);
            const char *diag = ws_gpu_diagnosis(tg);
            if (diag && *diag) {
                lua_pushstring(L, diag);
                lua_setfield(L, LUA_REGISTRYINDEX, WS_LUA_LAST_DIAGNOSIS);
                if (has_hooks(c, WS_HOOK_DEADLOCK)) {
                    lua_pushstring(L, diag);
                    if (run_hooks(L, g, WS_HOOK_DEADLOCK, 1, &e) < 0) add_error(err, &erc, &e);
                }
            }
            return WS_ADV_ERROR;
        }
        int stop = 0, r;
        if ((r = fire_throttle(L, g, err)) < 0) return WS_ADV_ERROR;
        stop |= r;
        if ((r = fire_intervals(L, g, now, err)) < 0) return WS_ADV_ERROR;
        stop |= r;
        if (rc == 1) return WS_ADV_DONE;
        if (rc == WS_GPU_RUN_BREAK) {
            const ws_brk_hit *h = ws_gpu_brk_hit(tg);
            if (h->id != c->tbrk) {
                c->hit = *h;
                return WS_ADV_BREAK;
            }
            if (snap_masked(c, tg)) return WS_ADV_BREAK;
        }
        if (stop) return WS_ADV_STOP;
        if (now >= end) return WS_ADV_BUDGET;
    }
}

/* ------------------------------------------------------------ launches */
static void launch_hooks(lua_State *L, ws_lgpu *g, ws_error *err, int *rc)
{
    ws_lctl *c = g->ctl;
    if (!has_hooks(c, WS_HOOK_LAUNCH)) return;
    lua_pushstring(L, c->kernel);
    lua_pushinteger(L, c->launch_no);
    ws_error e;
    if (run_hooks(L, g, WS_HOOK_LAUNCH, 2, &e) < 0) add_error(err, rc, &e);
}

/* Begin a launch (raises when it cannot begin); -1 with err when a launch
 * hook failed (the launch is active). */
static int begin(lua_State *L, ws_lgpu *g, const ws_kernel *k, const ws_launch_config *lc, const ws_arg *args,
                 uint32_t nargs, const char *what, ws_error *err)
{
    ws_lctl *c = ws_lctl_get(L, 1);
    ws_lctl_no_hook(L, c, what);
    if (c->active)
        luaL_error(L, "gpu:%s: a launch of '%s' is in progress (cycle %I); finish it first (gpu:finish())", what,
                   c->kernel, (lua_Integer)ws_gpu_cycle(g->tg));
    ws_lpf_before_launch(L, g);
    ws_error e;
    if (ws_gpu_launch_begin(g->tg, k, lc, args, nargs, &e) < 0) {
        ws_lgpu_flush_printf(g->dev);
        luaL_error(L, "%s", e.msg);
    }
    c->active = 1;
    c->failed = 0;
    c->fail_msg[0] = 0;
    snprintf(c->kernel, sizeof c->kernel, "%s", ws_kernel_name(k));
    c->launch_no = ws_gpu_launch_number(g->tg);
    memcpy(c->grid, lc->grid, sizeof c->grid);
    int rc = 0;
    launch_hooks(L, g, err, &rc);
    return rc;
}

/* Close the active launch: statistics, printf output, the batch table row,
 * throttle and kernel_end hooks; -1 with err after a fault, deadlock or
 * hook error (the launch is closed either way). */
static int close_launch(lua_State *L, ws_lgpu *g, ws_error *err)
{
    ws_lctl *c = g->ctl;
    ws_error e;
    int rc = 0;
    ws_gpu_launch_end(g->tg, &e);
    c->active = 0;
    ws_lgpu_flush_printf(g->dev);
    ws_ltg_after_launch(L, g);
    if (c->failed) {
        ws_error_set(&e, WS_E_STATE, "%s", c->fail_msg);
        add_error(err, &rc, &e);
        c->failed = 0;
    }
    if (fire_throttle(L, g, &e) < 0) add_error(err, &rc, &e);
    if (has_hooks(c, WS_HOOK_KERNEL_END)) {
        lua_pushstring(L, c->kernel);
        ws_ltg_push_stats(L, g);
        lua_getfield(L, -1, "last");
        lua_remove(L, -2);
        if (run_hooks(L, g, WS_HOOK_KERNEL_END, 2, &e) < 0) add_error(err, &rc, &e);
    }
    return rc;
}

/* Run the active launch to its end (breakpoints and stops do not hold it)
 * and close it; raises the launch's or a hook's error. */
static int finish_sync(lua_State *L, ws_lgpu *g)
{
    ws_lctl *c = g->ctl;
    ws_error err;
    int rc = 0;
    for (;;) {
        ws_error e;
        int r = ws_lctl_advance(L, g, 0, &e);
        if (r == WS_ADV_DONE || r == WS_ADV_IDLE) break;
        if (r == WS_ADV_ERROR) {
            add_error(&err, &rc, &e);
            c->failed = 0;      /* reported once, here */
            break;
        }
    }
    ws_error e;
    if (close_launch(L, g, &e) < 0) add_error(&err, &rc, &e);
    if (rc < 0) return luaL_error(L, "%s", err.msg);
    ws_lpf_after_launch(L, g);
    return 0;
}

static int launch_cont(lua_State *L, int status, lua_KContext ctx)
{
    (void)status;
    ws_lgpu *g = luaL_checkudata(L, 1, WS_GPU_MT);
    if (!g->dev) return luaL_error(L, "gpu:launch: the gpu was closed while its launch was active");
    ws_lctl *c = g->ctl;
    if (!c || !c->active || c->launch_no != (uint32_t)ctx) return 0;    /* closed by gpu:finish() meanwhile */
    return finish_sync(L, g);
}

int ws_lctl_launch(lua_State *L, ws_lgpu *g, const ws_kernel *k, const ws_launch_config *lc, const ws_arg *args,
                   uint32_t nargs)
{
    ws_error err;
    if (begin(L, g, k, lc, args, nargs, "launch", &err) < 0) {
        ws_error e;
        int rc = -1;
        if (close_launch(L, g, &e) < 0) add_error(&err, &rc, &e);
        return luaL_error(L, "%s", err.msg);
    }
    ws_scn *s = ws_scn_of(L);
    if (s && lua_isyieldable(L)) {
        ws_scn_launched(s, L, 1, g);
        return lua_yieldk(L, 0, (lua_KContext)g->ctl->launch_no, launch_cont);
    }
    return finish_sync(L, g);
}

/* ------------------------------------------------------------ methods */
/* gpu:start(kernel, cfg, args...) -> launch number */
static int g_start(lua_State *L)
{
    ws_lgpu *g = ws_lctl_check(L, "start");
    ws_launch_config lc;
    ws_arg *args;
    uint32_t nargs;
    const ws_kernel *k = ws_lgpu_launch_args(L, &lc, &args, &nargs);
    ws_error err;
    if (begin(L, g, k, &lc, args, nargs, "start", &err) < 0) return luaL_error(L, "%s", err.msg);
    lua_pushinteger(L, g->ctl->launch_no);
    return 1;
}

static ws_lctl *active_ctl(lua_State *L, ws_lgpu *g, const char *what)
{
    ws_lctl *c = g->ctl;
    ws_lctl_no_hook(L, c, what);
    if (!c->active) luaL_error(L, "gpu:%s: no launch is active (begin one with gpu:start)", what);
    return c;
}

/* Push the status of an advance (and the hit for a break); raise errors. */
static int push_status(lua_State *L, ws_lgpu *g, int rc, const ws_error *err)
{
    if (rc == WS_ADV_ERROR || rc == WS_ADV_IDLE) return luaL_error(L, "%s", err->msg);
    lua_pushstring(L, ws_lctl_status_name(rc));
    if (rc != WS_ADV_BREAK) return 1;
    ws_lbrk_push_hit(L, g, &g->ctl->hit);
    return 2;
}

static uint64_t opt_count(lua_State *L, int idx, const char *what, const char *name)
{
    if (lua_isnoneornil(L, idx)) return 1;
    int isint;
    lua_Integer n = lua_tointegerx(L, idx, &isint);
    if (!isint || n < 1)
        luaL_error(L, "gpu:%s: '%s' must be a positive integer number of cycles, got %s", what, name,
                   luaL_tolstring(L, idx, NULL));
    return (uint64_t)n;
}

/* gpu:step([n]) */
static int g_step(lua_State *L)
{
    ws_lgpu *g = ws_lctl_check(L, "step");
    uint64_t n = opt_count(L, 2, "step", "n");
    active_ctl(L, g, "step");
    ws_error err;
    int rc = ws_lctl_advance(L, g, n, &err);
    return push_status(L, g, rc, &err);
}

/* gpu:continue() */
static int g_continue(lua_State *L)
{
    ws_lgpu *g = ws_lctl_check(L, "continue");
    active_ctl(L, g, "continue");
    ws_error err;
    int rc = ws_lctl_advance(L, g, 0, &err);
    return push_status(L, g, rc, &err);
}

/* gpu:run_until(fn [, every]) */
static int g_run_until(lua_State *L)
{
    ws_lgpu *g = ws_lctl_check(L, "run_until");
    luaL_checktype(L, 2, LUA_TFUNCTION);
    uint64_t every = opt_count(L, 3, "run_until", "every");
    ws_lctl *c = active_ctl(L, g, "run_until");
    for (;;) {
        ws_error err;
        int rc = ws_lctl_advance(L, g, every, &err);
        if (rc != WS_ADV_BUDGET) return push_status(L, g, rc, &err);
        lua_pushvalue(L, 2);
        lua_pushvalue(L, 1);
        c->depth++;
        int st = lua_pcall(L, 1, 1, 0);
        c->depth--;
        if (st != LUA_OK) return lua_error(L);
        int yes = lua_toboolean(L, -1);
        lua_pop(L, 1);
        if (yes) {
            lua_pushliteral(L, "stop");
            return 1;
        }
    }
}

/* gpu:step_warp(sm, slot) -> "warp", {sm, slot, cycle, pc_before, line_before, pc, line, exited, text,
 * waited (the sentence: ws_gpu_wait_report), wait (the wait before the step, with done = its requests
 * as they came back)}
 * (or the status of whatever stopped the run first) */
static int g_step_warp(lua_State *L)
{
    ws_lgpu *g = ws_lctl_check(L, "step_warp");
    ws_lctl *c = active_ctl(L, g, "step_warp");
    ws_gpu *tg = g->tg;
    lua_Integer sm = luaL_checkinteger(L, 2), slot = luaL_checkinteger(L, 3);
    if (sm < 0 || sm >= (lua_Integer)ws_gpu_nsms(tg))
        return luaL_error(L, "gpu:step_warp: SM %I does not exist (0..%d)", sm, (int)ws_gpu_nsms(tg) - 1);
    if (slot < 0 || slot >= (lua_Integer)ws_gpu_warp_slots(tg))
        return luaL_error(L, "gpu:step_warp: warp slot %I does not exist (0..%d)", slot,
                          (int)ws_gpu_warp_slots(tg) - 1);
    ws_warp_info wi;
    ws_gpu_warp(tg, (uint32_t)sm, (uint32_t)slot, &wi);
    const ws_warp *w = ws_gpu_warp_func(tg, (uint32_t)sm, (uint32_t)slot);
    if (!wi.valid || !w || ws_warp_status_get(w) == WS_WARP_EXITED)
        return luaL_error(L, "gpu:step_warp: SM %I slot %I holds no warp (it has exited or was never filled)",
                          sm, slot);
    uint64_t lin = ((uint64_t)wi.cta[2] * c->grid[1] + wi.cta[1]) * c->grid[0] + wi.cta[0];
    ws_brk b = { .kind = WS_BRK_ISSUE, .warp = ws_brk_warp_id(lin, wi.warp), .sm = (int32_t)sm, .once = true };
    ws_error err;
    int id = ws_gpu_brk_add_internal(tg, &b, &err);
    if (id < 0) return luaL_error(L, "gpu:step_warp: %s", err.msg);
    /* why it waits now, and its load's requests as they come back */
    ws_wait_info before;
    ws_gpu_warp_wait(tg, (uint32_t)sm, (uint32_t)slot, &before);
    if (before.kind == WS_WAIT_REG && before.pending)
        ws_gpu_wait_watch(tg, (uint32_t)sm, (uint32_t)slot, before.load);
    c->wbrk = id;
    int rc = ws_lctl_advance(L, g, 0, &err);
    c->wbrk = 0;
    ws_gpu_brk_del(tg, id);     /* still there unless it hit */
    if (rc != WS_ADV_BREAK || c->hit.id != id) {
        ws_gpu_wait_unwatch(tg);
        return push_status(L, g, rc, &err);
    }
    lua_pushliteral(L, "warp");
    lua_createtable(L, 0, 10);
    lua_pushinteger(L, sm);
    lua_setfield(L, -2, "sm");
    lua_pushinteger(L, slot);
    lua_setfield(L, -2, "slot");
    lua_pushinteger(L, (lua_Integer)ws_gpu_cycle(tg));
    lua_setfield(L, -2, "cycle");
    lua_pushinteger(L, wi.pc);
    lua_setfield(L, -2, "pc_before");
    lua_pushinteger(L, wi.line);
    lua_setfield(L, -2, "line_before");
    ws_warp_info after;
    ws_gpu_warp(tg, (uint32_t)sm, (uint32_t)slot, &after);
    w = ws_gpu_warp_func(tg, (uint32_t)sm, (uint32_t)slot);
    bool exited = !after.valid || !w || ws_warp_status_get(w) == WS_WARP_EXITED;
    if (!exited) {
        lua_pushinteger(L, after.pc);
        lua_setfield(L, -2, "pc");
        lua_pushinteger(L, after.line);
        lua_setfield(L, -2, "line");
    }
    lua_pushboolean(L, exited);
    lua_setfield(L, -2, "exited");
    lua_pushstring(L, c->hit.text);
    lua_setfield(L, -2, "text");
    /* the wait it ended: the sentence, the wait seen before the step and
     * the requests that came back */
    char sent[400];
    ws_gpu_wait_report(tg, &before, ws_gpu_cycle(tg), sent, sizeof sent);
    lua_pushstring(L, sent);
    lua_setfield(L, -2, "waited");
    if (before.kind != WS_WAIT_NONE) {
        ws_linsp_push_wait(L, &before);
        ws_wait_req d[WS_WAIT_REQS];
        uint32_t nd = ws_gpu_wait_done(tg, d, WS_WAIT_REQS);
        lua_createtable(L, (int)nd, 0);
        for (uint32_t i = 0; i < nd; i++) {
            ws_linsp_push_wait_req(L, &d[i]);
            lua_rawseti(L, -2, i + 1);
        }
        lua_setfield(L, -2, "done");
        lua_setfield(L, -2, "wait");
    }
    ws_gpu_wait_unwatch(tg);
    return 2;
}

/* gpu:finish() */
static int g_finish(lua_State *L)
{
    ws_lgpu *g = ws_lctl_check(L, "finish");
    active_ctl(L, g, "finish");
    return finish_sync(L, g);
}

/* gpu:running() -> false | true, kernel, launch number */
static int g_running(lua_State *L)
{
    ws_lgpu *g = ws_lctl_check(L, "running");
    ws_lctl *c = g->ctl;
    lua_pushboolean(L, c->active);
    if (!c->active) return 1;
    lua_pushstring(L, c->kernel);
    lua_pushinteger(L, c->launch_no);
    return 3;
}

/* gpu:on(event, [n,] fn) -> id */
static int g_on(lua_State *L)
{
    ws_lgpu *g = ws_lctl_check(L, "on");
    ws_lctl *c = g->ctl;
    const char *ev = luaL_checkstring(L, 2);
    int kind = -1;
    for (int k = 0; k < WS_HOOK_KINDS; k++)
        if (!strcmp(ev, hook_names[k])) kind = k;
    if (kind < 0)
        return luaL_error(L, "gpu:on: unknown event '%s' (allowed: interval, launch, kernel_end, throttle, "
                             "deadlock)", ws_lua_quote(L, ev));
    int fi = 3;
    uint64_t every = 0;
    if (kind == WS_HOOK_INTERVAL) {
        int isint;
        lua_Integer n = lua_tointegerx(L, 3, &isint);
        if (!isint || n < 1)
            return luaL_error(L, "gpu:on: 'interval' needs a period in cycles (a positive integer) before "
                                 "the function: gpu:on(\"interval\", 1000, fn)");
        every = (uint64_t)n;
        fi = 4;
    }
    if (!lua_isfunction(L, fi))
        return luaL_error(L, "gpu:on: the '%s' hook must be a function, got %s", ev, luaL_typename(L, fi));
    WS_GROW(c->hooks, c->caphooks, c->nhooks + 1);
    ws_lhook *h = &c->hooks[c->nhooks++];
    memset(h, 0, sizeof *h);
    h->id = c->next_hook++;
    h->kind = kind;
    h->every = every;
    uint64_t now = ws_gpu_cycle(g->tg);
    if (every) h->next = (now / every + 1) * every;
    if (kind == WS_HOOK_THROTTLE) {
        bool first = true;
        for (uint32_t i = 0; i + 1 < c->nhooks; i++)
            if (c->hooks[i].kind == WS_HOOK_THROTTLE) first = false;
        if (first) c->tseen = ws_gpu_pf_ntrans(g->tg);
    }
    push_hooktab(L, g);
    lua_pushvalue(L, fi);
    lua_rawseti(L, -2, h->id);
    lua_pop(L, 1);
    lua_pushinteger(L, h->id);
    return 1;
}

/* gpu:off(id) */
static int g_off(lua_State *L)
{
    ws_lgpu *g = ws_lctl_check(L, "off");
    ws_lctl *c = g->ctl;
    lua_Integer id = luaL_checkinteger(L, 2);
    for (uint32_t i = 0; i < c->nhooks; i++) {
        if (c->hooks[i].id != id) continue;
        memmove(&c->hooks[i], &c->hooks[i + 1], (c->nhooks - i - 1) * sizeof *c->hooks);
        c->nhooks--;
        push_hooktab(L, g);
        lua_pushnil(L);
        lua_rawseti(L, -2, id);
        return 0;
    }
    return luaL_error(L, "gpu:off: no hook %I (gpu:on returns the ids)", id);
}

void ws_lctl_methods(lua_State *L)
{
    static const luaL_Reg m[] = {
        { "start", g_start },
        { "step", g_step },
        { "continue", g_continue },
        { "run_until", g_run_until },
        { "step_warp", g_step_warp },
        { "finish", g_finish },
        { "running", g_running },
        { "on", g_on },
        { "off", g_off },
        { NULL, NULL },
    };
    luaL_setfuncs(L, m, 0);
    ws_lbrk_methods(L);
    ws_lreq_methods(L);
}
