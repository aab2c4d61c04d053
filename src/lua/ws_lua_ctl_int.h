/* ws_lua_ctl_int.h: private state of the control layer (ws_lua_ctl.c,
 * ws_lua_brk.c, ws_lua_scn.c).
 *
 * Each gpu has one ws_lctl (g->ctl), made on first use.  The Lua functions
 * of its event hooks live in the gpu userdata's user value (a table id ->
 * function), so they are collected with the gpu; a weak registry table maps
 * the ws_lgpu pointer back to its userdata for calls from C. */
#ifndef WS_LUA_CTL_INT_H
#define WS_LUA_CTL_INT_H

#include <lua.h>
#include <stdint.h>

#include "arch/ws_gpu_dbg.h"
#include "lua/ws_lua_ctl.h"
#include "lua/ws_lua_gpu.h"

enum { WS_HOOK_INTERVAL = 0, WS_HOOK_LAUNCH, WS_HOOK_KERNEL_END, WS_HOOK_THROTTLE, WS_HOOK_DEADLOCK,
       WS_HOOK_KINDS };

typedef struct ws_lhook {
    int id;
    int kind;
    uint64_t every, next;       /* interval: period, next cycle it fires */
} ws_lhook;

typedef struct ws_lbsnap {
    int id;
    uint64_t hits;
} ws_lbsnap;

typedef struct ws_lctl {
    ws_lhook *hooks;
    uint32_t nhooks;
    size_t caphooks;
    int next_hook;
    int depth;                  /* > 0 while a hook runs (the clock may not move) */
    int tbrk;                   /* the internal throttle breakpoint (0: none) */
    uint64_t tseen;             /* transitions already given to throttle hooks */
    int wbrk;                   /* gpu:step_warp's temporary breakpoint (0: none) */
    ws_lbsnap *snap;            /* breakpoint hit counts before a run (see masked hits) */
    size_t capsnap;
    uint32_t nsnap;
    /* the active launch */
    int active;
    char kernel[128];
    uint32_t launch_no;
    uint32_t grid[3];
    int failed;                 /* a fault or deadlock: run no more; closing raises fail_msg */
    char fail_msg[WS_ERROR_MAX];
    ws_brk_hit hit;             /* what stopped the last advance that returned WS_ADV_BREAK */
} ws_lctl;

/* The control state of gpu g (made on first use; the gpu must be at idx,
 * which registers it for ws_lctl_push_gpu). */
ws_lctl *ws_lctl_get(lua_State *L, int idx);
/* Push the userdata of g (nil if it was collected). */
void ws_lctl_push_gpu(lua_State *L, ws_lgpu *g);
/* The timing gpu at index 1, open, for method `what` (raises otherwise). */
ws_lgpu *ws_lctl_check(lua_State *L, const char *what);
/* Raise when the clock may not move (inside a hook). */
void ws_lctl_no_hook(lua_State *L, ws_lctl *c, const char *what);

/* ws_lua_brk.c */
void ws_lbrk_methods(lua_State *L);
void ws_lbrk_push_hit(lua_State *L, ws_lgpu *g, const ws_brk_hit *h);
/* ws_lua_req.c: gpu:request, gpu:trace_requests */
void ws_lreq_methods(lua_State *L);

/* ws_lua_scn.c: the runner whose coroutine is L, or NULL (gpu:launch then
 * runs synchronously); ws_scn_launched records the launch's gpu (at idx). */
ws_scn *ws_scn_of(lua_State *L);
void ws_scn_launched(ws_scn *s, lua_State *L, int idx, ws_lgpu *g);

#endif
