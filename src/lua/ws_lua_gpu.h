/* ws_lua_gpu.h: private header of the Lua GPU bindings (gpu, arrays,
 * modules, kernels).
 *
 * Handles never dangle: every array, module and kernel userdata keeps its
 * gpu userdata alive through its user value, and checks on each use that the
 * gpu is still open (gpu:close() frees the device early) and, for arrays,
 * that the array was not freed.  A stale handle raises a Lua error. */
#ifndef WS_LUA_GPU_H
#define WS_LUA_GPU_H

#include <lua.h>
#include <stdint.h>

#include "core/ws_core.h"
#include "lua/ws_lua_buffer.h"

#define WS_GPU_MT    "warpscope.gpu"
#define WS_ARRAY_MT  "warpscope.array"
#define WS_MODULE_MT "warpscope.module"
#define WS_KERNEL_MT "warpscope.kernel"

struct ws_gpu;
typedef struct ws_lgpu {
    ws_device *dev;           /* NULL once closed */
    struct ws_gpu *tg;        /* timing model (owns dev), NULL in functional mode */
    int quiet;                /* no batch-mode tables */
    int launched;             /* a kernel ran (the summary is worth printing) */
    uint64_t seed;
    struct ws_lpf *lpf;       /* prefetcher/throttle written in Lua (ws_lua_pf.c), or NULL */
    struct ws_lctl *ctl;      /* control layer: hooks, the active launch (ws_lua_ctl.c), or NULL */
    char label[64];           /* ws.gpu{label = ...}, else "gpu N" (N: the state's Nth gpu) */
} ws_lgpu;

typedef struct ws_larray {
    uint64_t addr;            /* device address; 0 once freed */
    uint64_t n;               /* elements */
    ws_buf_type type;
    uint32_t elsize;
    char name[64];
} ws_larray;

typedef struct ws_lmodule {
    ws_module *mod;
    char path[256];
} ws_lmodule;

/* (user values: 1 the gpu, 2 the kernel's name, for __tostring after a close) */
typedef struct ws_lkernel {
    const ws_kernel *k;         /* valid while its gpu is open (ws_lgpu_of) */
} ws_lkernel;

/* The open device behind the gpu at idx (raises if closed). */
ws_device *ws_lgpu_check(lua_State *L, int idx);
/* The open device that owns the handle at idx (its user value). */
ws_device *ws_lgpu_of(lua_State *L, int idx);
/* The host wrote [addr, addr + bytes) of device memory through the object
 * at idx (a gpu, or a handle whose first user value is its gpu): a timing
 * gpu's memory system sees the copy (ws_gpu_host_wrote). */
void ws_lgpu_host_wrote(lua_State *L, int idx, uint64_t addr, uint64_t bytes);
/* A live array at idx (raises "attempt to use a freed array 'x'"). */
ws_larray *ws_larray_check(lua_State *L, int idx);
ws_larray *ws_larray_test(lua_State *L, int idx);

/* The arguments of gpu:launch / gpu:start (gpu at 1, kernel at 2, config
 * at 3, kernel arguments from 4) converted; *args is a userdata left on the
 * stack.  Returns the kernel; raises on bad arguments. */
const ws_kernel *ws_lgpu_launch_args(lua_State *L, ws_launch_config *lc, ws_arg **args, uint32_t *nargs);
/* Device printf output of the last launch to standard output. */
void ws_lgpu_flush_printf(ws_device *d);

/* gpu:array(type, n | table | buffer, opts) */
int ws_lgpu_array(lua_State *L);
/* gpu:configure_iru{...} (ws_lua_iru.c) */
int ws_lgpu_configure_iru(lua_State *L);
int ws_lgpu_configure_mff(lua_State *L);
/* gpu:load_ptx(path) */
int ws_lgpu_load_ptx(lua_State *L);
/* gpu:module_text(text [, name]) */
int ws_lgpu_load_ptx_text(lua_State *L);

/* ws_lua_tgpu.c: the timing side. */
struct ws_opts *ws_ltg_opts(lua_State *L, int idx, uint64_t *budget, int *quiet);
struct ws_gpu *ws_ltg_create(lua_State *L, struct ws_opts *o);
int ws_ltg_batch(lua_State *L);
void ws_ltg_after_launch(lua_State *L, ws_lgpu *lg);
void ws_ltg_push_stats(lua_State *L, ws_lgpu *lg);
void ws_ltg_finish(lua_State *L, ws_lgpu *lg);

/* Register the metatables of arrays, modules and kernels. */
void ws_lua_array_register(lua_State *L);
/* ws_lua_pf.c: prefetching methods of the gpu, Lua-written policies */
void ws_lpf_methods(lua_State *L);
/* ws_lua_insp.c: inspection methods (machine, sm, l2, dram, icnt, memory) */
void ws_linsp_methods(lua_State *L);
void ws_lpf_install(lua_State *L, ws_lgpu *g, int idx);
void ws_lpf_before_launch(lua_State *L, ws_lgpu *g);
void ws_lpf_after_launch(lua_State *L, ws_lgpu *g);
void ws_lpf_free(lua_State *L, ws_lgpu *g);
void ws_lua_module_register(lua_State *L);

/* Open `gpu`: pushes a table with new(); ws_lua.c stores it as core.gpu. */
int ws_lua_open_gpu(lua_State *L);

#endif
