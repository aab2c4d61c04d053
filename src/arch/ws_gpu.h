/* ws_gpu.h: the timing model's top: a GPU of SMs, interconnect, L2 slices
 * and DRAM channels, driving the functional engine (src/core) cycle by
 * cycle.
 *
 *   ws_opts *o = ws_opts_new();  ws_opts_set(o, "l1d.size", "48K", &err);
 *   ws_gpu *g = ws_gpu_create(o, seed, &err);      (owns a ws_device)
 *   ... ws_devmem_alloc(ws_gpu_device(g), ...), ws_module_load_file(...)
 *   ws_gpu_launch(g, kernel, &lc, args, nargs, &err);  (runs to completion)
 *
 * or step by step (what a front end does): ws_gpu_launch_begin, then
 * ws_gpu_run(g, cycles) until ws_gpu_launch_done, then ws_gpu_launch_end.
 * Functional results are those of the functional engine (execution happens
 * at issue), whatever the timing configuration.
 *
 * Time is core cycles.  Idle spans (no SM can issue and the memory system
 * has nothing to do before a known cycle) are skipped and accounted in bulk
 * (run.skip_idle); statistics are identical either way.  When nothing makes
 * progress for run.deadlock cycles the launch stops with a diagnosis of
 * every stuck warp (ws_gpu_diagnosis). */
#ifndef WS_GPU_H
#define WS_GPU_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "arch/ws_opts.h"
#include "core/ws_core.h"
#include "pf/ws_pf.h"
#include "util/ws_error.h"

typedef struct ws_gpu ws_gpu;
typedef struct ws_stats ws_stats;
typedef struct ws_cache ws_cache;
typedef struct ws_memsys ws_memsys;

/* Stall reasons, Nsight Compute names (plus idle for an empty slot). */
typedef enum ws_stall {
    WS_STALL_SELECTED = 0,
    WS_STALL_NOT_SELECTED,
    WS_STALL_LONG_SCOREBOARD,
    WS_STALL_SHORT_SCOREBOARD,
    WS_STALL_WAIT,
    WS_STALL_BARRIER,
    WS_STALL_MEMBAR,
    WS_STALL_BRANCH_RESOLVING,
    WS_STALL_NO_INSTRUCTION,
    WS_STALL_LG_THROTTLE,
    WS_STALL_MIO_THROTTLE,
    WS_STALL_MATH_PIPE_THROTTLE,
    WS_STALL_DRAIN,
    WS_STALL_MFF_WAIT,          /* pc_wait: gather commands of the warp not yet complete (the MFF) */
    WS_STALL_IDLE,
    WS_STALL_COUNT
} ws_stall;
const char *ws_stall_name(ws_stall s);

/* Where a long_scoreboard wait was served (the level of the request that
 * released it). */
typedef enum ws_lsb_where {
    WS_LSB_L1 = 0,          /* L1 hit latency */
    WS_LSB_L1_PENDING,      /* merged into an L1 MSHR (line already on its way) */
    WS_LSB_L2,
    WS_LSB_DRAM,
    WS_LSB_PREFETCH,        /* merged into a prefetch in flight */
    WS_LSB_COUNT
} ws_lsb_where;
const char *ws_lsb_name(ws_lsb_where w);

/* Reservation-fail causes seen by the LD/ST unit (lg_throttle sub-tags). */
typedef enum ws_lg_cause {
    WS_LG_LINE_ALLOC = 0, WS_LG_MSHR_FULL, WS_LG_MERGE_FULL, WS_LG_MISSQ_FULL, WS_LG_ICNT_FULL,
    WS_LG_COUNT
} ws_lg_cause;
const char *ws_lg_name(ws_lg_cause c);

ws_gpu *ws_gpu_create(const ws_opts *o, uint64_t seed, ws_error *err);
/* The functional device configuration the options describe (sm.*, cta.*,
 * thread.*), for a functional-only device. */
void ws_gpu_device_config(const ws_opts *o, ws_device_config *dc);
void ws_gpu_free(ws_gpu *g);
ws_device *ws_gpu_device(ws_gpu *g);
const ws_opts *ws_gpu_opts(const ws_gpu *g);
uint64_t ws_gpu_cycle(const ws_gpu *g);
uint64_t ws_gpu_seed(const ws_gpu *g);
ws_stats *ws_gpu_stats(ws_gpu *g);
/* The energy model (ws_energy.h), NULL when energy.table is none. */
struct ws_energy;
const struct ws_energy *ws_gpu_energy(const ws_gpu *g);

/* Run a kernel to completion (begin + run + end). */
int ws_gpu_launch(ws_gpu *g, const ws_kernel *k, const ws_launch_config *lc, const ws_arg *args,
                  uint32_t nargs, ws_error *err);
int ws_gpu_launch_begin(ws_gpu *g, const ws_kernel *k, const ws_launch_config *lc,
                        const ws_arg *args, uint32_t nargs, ws_error *err);
/* Advance up to `cycles` core cycles (skipped idle cycles count).  Returns 1
 * when the launch has finished, 0 when the budget came first, -1 on a fault
 * or deadlock (err; ws_gpu_diagnosis for a deadlock). */
int ws_gpu_run(ws_gpu *g, uint64_t cycles, ws_error *err);
bool ws_gpu_launch_active(const ws_gpu *g);
/* Whether a launch that goes round in circles for run.stall_window cycles
 * stops with an error (on by default; the Lua layer turns it off in the
 * TUI, where the user stops such a launch). */
void ws_gpu_set_stall_stop(ws_gpu *g, bool on);
/* The IRU's configuration registers (configure_iru, A2.5) for the next
 * launch; checked by the caller against the arrays (src/lua).  -1 when
 * the machine has no IRU. */
struct ws_iru_regs;
int ws_gpu_configure_iru(ws_gpu *g, const struct ws_iru_regs *r, ws_error *err);
bool ws_gpu_has_iru(const ws_gpu *g);
/* The MFF's registers (configure_mff: C and its length, V, the active
 * bit vector) for the next launch only; an error when the machine has no
 * MFF.  A kernel using pc_gather, pc_wait or pc_scatter_set is refused at
 * its launch without them. */
struct ws_mff_regs;
int ws_gpu_configure_mff(ws_gpu *g, const struct ws_mff_regs *r, ws_error *err);
bool ws_gpu_has_mff(const ws_gpu *g);
/* Close the launch: statistics snapshot, grid freed. */
int ws_gpu_launch_end(ws_gpu *g, ws_error *err);
/* Text describing every stuck warp after a deadlock ("" otherwise).  The
 * deadlock's error holds as much of it as fits in its 1024 bytes, and
 * WS_GPU_DIAG_MORE where it stops short. */
const char *ws_gpu_diagnosis(const ws_gpu *g);
#define WS_GPU_DIAG_MORE "(the diagnosis goes on: gpu:diagnosis() has the whole text)"
/* The first warp that diagnosis lists (a warp not at a barrier when there
 * is one: what the others wait for); false when it lists none. */
bool ws_gpu_diagnosis_warp(const ws_gpu *g, uint32_t *sm, uint32_t *slot);

/* Inspection. */
uint32_t ws_gpu_nsms(const ws_gpu *g);
uint32_t ws_gpu_warp_slots(const ws_gpu *g);
typedef struct ws_warp_info {
    bool valid;             /* slot holds a warp */
    uint32_t cta[3], warp;  /* CTA index, warp index in the CTA */
    uint32_t pc, line, active;
    const ws_ptx_func *func;
    ws_stall stall;         /* current reason */
    uint64_t since;         /* cycle it entered it */
    uint32_t outstanding;   /* memory requests in flight */
    uint64_t insns;
    bool exited;            /* its threads have all finished (the slot is freed
                               with its CTA); pc and line then mean nothing */
} ws_warp_info;
void ws_gpu_warp(const ws_gpu *g, uint32_t sm, uint32_t slot, ws_warp_info *out);
ws_cache *ws_gpu_l1d(ws_gpu *g, uint32_t sm);
/* The cache policy (src/cpol) of SM sm's L1D (l2 false) or of L2 slice
 * `index` (l2 true); NULL with l2.inclusion=noninclusive. */
struct ws_cpol;
const struct ws_cpol *ws_gpu_cpol(ws_gpu *g, bool l2, uint32_t index);
/* The host wrote [addr, addr + bytes) of device memory (a copy, in CUDA
 * terms): with mem.copy_to_l2 the data is left in the L2 at no cost, as
 * GPGPU-Sim's -gpgpu_perf_sim_memcpy 1 does. */
void ws_gpu_host_wrote(ws_gpu *g, uint64_t addr, uint64_t bytes);
/* SM sm's L1 instruction cache (NULL: l1i.enable = false, ideal fetch). */
ws_cache *ws_gpu_l1i(ws_gpu *g, uint32_t sm);
ws_memsys *ws_gpu_memsys(ws_gpu *g);

/* Totals of the stall counters (warp-cycles), over all SMs. */
uint64_t ws_gpu_stall_total(const ws_gpu *g, ws_stall s);

/* Bring every counter of ws_gpu_stats up to date (call before reading it). */
void ws_gpu_stats_sync(ws_gpu *g);

/* One-row-per-launch table line / the final summary, for batch mode. */
void ws_gpu_print_launch(ws_gpu *g, FILE *f);
void ws_gpu_print_summary(ws_gpu *g, FILE *f);

/* Prefetching (ws_pfeng.c).  Array roles for DSAP-like policies (the DSAP
 * paper's cudaMallocMark): [lo, lo + bytes) has `role`, elements of `elem`
 * bytes; they reach the SMs at the next launch.  update_worklist sets the
 * work list's size to n elements (cudaUpdateWl). */
int ws_gpu_pf_mark(ws_gpu *g, ws_pf_role role, uint64_t lo, uint64_t bytes, uint32_t elem, ws_error *err);
int ws_gpu_pf_update_worklist(ws_gpu *g, uint64_t n, ws_error *err);
const ws_pf_range *ws_gpu_pf_range(const ws_gpu *g, ws_pf_role role);
/* A host-defined policy and/or throttle (Lua) replacing pf.policy /
 * throttle.policy; ud reaches them as ctx->user.  Only before the first
 * launch; NULL keeps the configured one.  A throttle needs a policy. */
int ws_gpu_pf_set_policy(ws_gpu *g, const ws_pf_ops *ops, const ws_pt_ops *tops, void *ud, ws_error *err);
/* Inspection of SM `sm`'s policy and throttle (filled into the records;
 * returns false when the SM has no prefetch engine) and queue. */
bool ws_gpu_pf_inspect(const ws_gpu *g, uint32_t sm, ws_pf_insp *policy, ws_pf_insp *throttle);
uint32_t ws_gpu_pf_queue(const ws_gpu *g, uint32_t sm, uint64_t *lines, uint32_t max);
/* SM `sm`'s prefetch cache (pf.dest = pfc), or NULL when prefetches go to L1. */
ws_cache *ws_gpu_pfc(ws_gpu *g, uint32_t sm);
/* A transition of some SM's policy or throttle (the GPU keeps a log). */
typedef struct ws_pf_tlog {
    uint64_t cycle;
    uint32_t sm;
    uint8_t throttle;           /* 0 policy, 1 throttle */
    ws_pf_trans t;
} ws_pf_tlog;

/* Transitions logged (the last `cap` of them are kept): number in total,
 * and entry i (0 = oldest kept). */
#define WS_TLOG_CAP 4096
uint64_t ws_gpu_pf_ntrans(const ws_gpu *g);
uint32_t ws_gpu_pf_nkept(const ws_gpu *g);
const struct ws_pf_tlog *ws_gpu_pf_trans(const ws_gpu *g, uint32_t i);

#endif
