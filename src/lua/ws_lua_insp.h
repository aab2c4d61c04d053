/* ws_lua_insp.h: private header of the Lua inspection API (ws_lua_insp*.c):
 * handles on SMs, warps and caches of a timing gpu, and the machine, DRAM,
 * interconnect and memory summaries.
 *
 * Handles never dangle.  Each handle keeps its gpu userdata alive (user
 * value 1) and re-resolves the model object on every use:
 *   - SM and cache handles are stale once the gpu is closed;
 *   - a warp handle remembers the functional warp, its CTA and warp index and
 *     the gpu's launch number; it is stale once its slot holds another warp
 *     or the launch ended ("stale warp handle: SM 3 slot 5 no longer holds
 *     warp (CTA 12, warp 1)").
 * A stale handle raises a Lua error on any use. */
#ifndef WS_LUA_INSP_H
#define WS_LUA_INSP_H

#include <lua.h>
#include <stdint.h>

#include "arch/ws_gpu.h"
#include "lua/ws_lua_gpu.h"

#define WS_SM_MT    "warpscope.sm"
#define WS_WARP_MT  "warpscope.warp"
#define WS_CACHE_MT "warpscope.cache"

typedef struct ws_lsm {
    uint32_t sm;
} ws_lsm;

typedef struct ws_lwarp {
    uint32_t sm, slot;
    const ws_warp *w;           /* identity: the functional warp ... */
    uint32_t launch;            /* ... in this launch (ws_gpu_launch_number) ... */
    uint32_t cta[3], warp;      /* ... with this CTA and warp index */
} ws_lwarp;

enum { WS_LCACHE_L1D = 0, WS_LCACHE_L2 = 1, WS_LCACHE_PFC = 2, WS_LCACHE_L1I = 3 };
typedef struct ws_lcache {
    int kind;                   /* WS_LCACHE_* */
    uint32_t index;             /* SM or L2 slice */
} ws_lcache;

/* The timing model of the gpu userdata at idx (raises when closed or
 * functional; `what` names the method in the message). */
ws_gpu *ws_linsp_model(lua_State *L, int idx, const char *what);
/* The timing model behind a handle's user value; `what` names the handle
 * in the "stale ... handle" message. */
ws_gpu *ws_linsp_model_of(lua_State *L, int idx, const char *what);
/* Check 0 <= v < n for an index argument, raising "<what> <v> does not exist
 * (0..n-1)". */
uint32_t ws_linsp_index(lua_State *L, int arg, uint32_t n, const char *what);

/* Table helpers (set field k of the table on top). */
void ws_linsp_set_int(lua_State *L, const char *k, lua_Integer v);
void ws_linsp_set_num(lua_State *L, const char *k, double v);   /* nil for NaN */
void ws_linsp_set_str(lua_State *L, const char *k, const char *v);
void ws_linsp_set_bool(lua_State *L, const char *k, int v);

/* Push a warp handle for (sm, slot) of the gpu at gpu_idx, or nil when the
 * slot is empty (ws_lua_insp_warp.c). */
void ws_linsp_push_warp(lua_State *L, int gpu_idx, ws_gpu *g, uint32_t sm, uint32_t slot);
/* Push the info table of the warp in (sm, slot) (the slot holds a warp). */
void ws_linsp_push_warp_info(lua_State *L, ws_gpu *g, uint32_t sm, uint32_t slot);
/* Why a warp waits (ws_gpu_wait.h) as the wait table of w:info(), and one
 * of its requests. */
struct ws_wait_info;
struct ws_wait_req;
void ws_linsp_push_wait(lua_State *L, const struct ws_wait_info *wi);
void ws_linsp_push_wait_req(lua_State *L, const struct ws_wait_req *r);
/* Push a cache handle (ws_lua_insp_cache.c). */
void ws_linsp_push_cache(lua_State *L, int gpu_idx, int kind, uint32_t index);
/* Map of allocation id -> name of the device's live allocations, pushed as
 * a Lua table. */
void ws_linsp_push_owner_map(lua_State *L, ws_gpu *g);

void ws_linsp_register_warp(lua_State *L);
void ws_linsp_register_cache(lua_State *L);
/* gpu:iru(p) into the methods table on top (ws_lua_insp_iru.c). */
void ws_linsp_register_tcoal(lua_State *L);   /* gpu:tcoal (ws_lua_insp_tcoal.c) */
void ws_linsp_register_iru(lua_State *L);
void ws_linsp_register_mff(lua_State *L);     /* gpu:mff(p) (ws_lua_insp_mff.c) */

#endif
