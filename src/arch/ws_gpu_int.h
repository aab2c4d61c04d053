/* ws_gpu_int.h: the GPU top's private structure (shared by the files of
 * src/arch that implement ws_gpu.h). */
#ifndef WS_GPU_INT_H
#define WS_GPU_INT_H

#include "arch/ws_energy.h"
#include "arch/ws_gpu.h"
#include "arch/ws_iru.h"
#include "arch/ws_mempart.h"
#include "arch/ws_sm.h"
#include "stats/ws_stats.h"

/* Latency classes (GPGPU-Sim's ADD, MAX, MUL, MAD, DIV(, SHFL) per type). */
enum {
    WS_LC_INT_ADD = 0, WS_LC_INT_MAX, WS_LC_INT_MUL, WS_LC_INT_MAD, WS_LC_INT_DIV, WS_LC_INT_SHFL,
    WS_LC_FP_ADD, WS_LC_FP_MAX, WS_LC_FP_MUL, WS_LC_FP_MAD, WS_LC_FP_DIV,
    WS_LC_DP_ADD, WS_LC_DP_MAX, WS_LC_DP_MUL, WS_LC_DP_MAD, WS_LC_DP_DIV,
    WS_LC_SFU, WS_LC_COUNT
};

enum { WS_SCHED_GTO = 0, WS_SCHED_LRR, WS_SCHED_TWO_LEVEL };
enum { WS_L1INV_NONE = 0, WS_L1INV_LAUNCH, WS_L1INV_IDLE };     /* l1d.invalidate */

/* Per-allocation memory counters (index: allocation id). */
typedef struct ws_alloc_ctr {
    uint64_t accesses, l1_hits, l1_hit_reserved, l1_misses, bypass;
    uint64_t pf_issued, pf_useful, pf_late, pf_early, pf_useless;   /* prefetches of its lines */
    char name[48];          /* the allocation's name ("" until first seen) */
} ws_alloc_ctr;

/* Per-instruction memory counters (per function, index: pc). */
typedef struct ws_line_ctr {
    uint64_t insns, accesses, l1_hits, l1_hit_reserved, l1_misses;
    uint64_t pf_issued, pf_useful, pf_late, pf_early, pf_useless;   /* prefetches it triggered */
} ws_line_ctr;

typedef struct ws_tline {
    const ws_ptx_func *f;
    ws_line_ctr *c;
    char **cu;                  /* base names of the module's .file table, copied when the
                                 * counters were made (the module may go first); NULL: none */
    uint32_t ncu;
} ws_tline;

typedef struct ws_gpu_cfg {
    uint32_t nsms, slots, scheds, sched, sched_active;
    uint32_t ibuffer, fetch, decode, simd_mult, branch_lat;
    uint32_t units[WS_U_COUNT], dp_units;
    bool l1_enable, cache_global, coalesce_sector;
    uint8_t coalesce_arch;      /* coalesce.arch as a ws_coal_arch (ws_coalesce.h) */
    bool l1i_enable;
    bool copy_to_l2;            /* mem.copy_to_l2 */
    uint32_t l1_inval;
    uint32_t l1_latency, l1_line;
    uint32_t l1_delay;          /* l1d.latency_queue: cycles an L1 miss waits before it leaves (0: none) */
    uint32_t smem_latency, smem_banks, smem_bank_bytes;
    uint32_t cmem_latency;
    bool skip_idle;
    uint64_t deadlock, max_cycles, stats_interval;
    uint64_t stall_window;      /* run.stall_window (0: off) */
    uint32_t ctas_per_sm;
    bool tcoal;                 /* stats.tcoal (ws_tcoal.h) */
} ws_gpu_cfg;

typedef struct ws_gpu_mirror ws_gpu_mirror;

#define WS_STALL_HIST 16    /* stall checks per run.stall_window */

struct ws_gpu {
    ws_gpu_mirror *mir;         /* component counters mirrored for the registry */
    ws_opts *opts;
    ws_device *dev;
    uint64_t seed;
    uint64_t now;
    ws_gpu_cfg cfg;
    ws_lat lat;
    ws_sm *sms;
    uint32_t nasleep;           /* SMs whose LD/ST unit sleeps through failures (l1f_asleep) */
    uint64_t *sm_wake;          /* per SM: its wake (ws_sm.wake points here), side by
                                 * side for the per-cycle loop */
    ws_memsys *mem;
    ws_mreq_pool pool;
    ws_stats *stats;
    ws_energy *energy;          /* NULL: energy.table=none */
    ws_tfunc **tf;
    size_t ntf, captf;
    /* launch */
    ws_grid *grid;
    const ws_kernel *kernel;
    uint64_t launch_start, launch_insns0;
    uint32_t nlaunches;
    ws_iru_regs iru_regs;       /* gpu:configure_iru's registers for the next launch */
    bool iru_set;
    ws_mff_regs mff_regs;       /* gpu:configure_mff's registers for the next launch */
    bool mff_set;
    uint64_t mff_bv;            /* the running launch's bit vector (its write-backs touch only it) */
    uint64_t inext;             /* instruction memory: where the next function run goes (ws_tinsn.c) */
    uint32_t dispatch_rr;
    /* the next CTA of `nofit_grid` fits on no SM while the device's usage
     * generation is nofit_gen (saves asking every SM every cycle) */
    const ws_grid *nofit_grid;
    uint64_t nofit_gen;
    uint64_t last_progress;
    /* run.stall_window (stall_check in ws_gpu.c): whether to check at all
     * (batch mode; the TUI lets a spinning kernel run), the next check, the
     * last check that saw progress, the memory counter then, and the
     * machine-state hashes of the checks since (a ring) */
    bool stall_stop;
    uint64_t stall_at, stall_since, stall_mem;
    uint64_t stall_hash[WS_STALL_HIST];
    uint32_t stall_n;
    uint64_t age;               /* warp dispatch counter */
    char *diag;
    int32_t diag_sm, diag_slot;   /* the diagnosis's first warp (-1: none) */
    /* totals */
    uint64_t cycles_total;      /* cycles spent in launches */
    uint64_t warp_insns, thread_insns;
    uint64_t skipped;           /* cycles skipped as idle */
    uint64_t skip_to;           /* an idle jump a run's budget cut short (0: none) */
    uint64_t sample_at;         /* no time-series sample is due before this cycle */
    uint64_t kernels;
    /* per allocation / per line */
    ws_alloc_ctr *actr;
    size_t nactr;
    ws_tline *tl;
    size_t ntl, captl;
    size_t tl_last;             /* the entry the last ws_gpu_line_ctr found */
    /* prefetching: host-given array roles, a host-defined policy, the
     * log of policy/throttle transitions (the last WS_TLOG_CAP kept) */
    ws_pf_range pf_ranges[WS_ROLE_COUNT];
    const ws_pf_ops *pf_host;
    const ws_pt_ops *pt_host;
    void *pf_host_ud;
    struct ws_pf_tlog *tlog;
    uint64_t ntlog;             /* transitions logged in total (ring index = ntlog % cap) */
    uint64_t ntlog_launch;      /* ntlog when the current launch began */
    /* debugging (ws_gpu_dbg.c): NULL until a front end asks; dbg_on when a
     * breakpoint is enabled or recording is on */
    struct ws_gpu_dbg *dbg;
    bool dbg_on;
    /* ws_gpu_wait_watch (ws_gpu_wait.c): NULL unless a front end steps a warp */
    struct ws_wait_watch *wwatch;
    /* request histories (ws_rtrace.c): NULL until a front end follows a request */
    struct ws_rtrace *rtrace;
    uint32_t lgrid[3], lblock[3];   /* grid (CTAs) and block (threads) of the current launch */
    /* last allocation found (owner lookup cache) */
    const ws_alloc *alast;
};

/* Counters of the allocation containing addr (NULL when none). */
ws_alloc_ctr *ws_gpu_alloc_ctr(ws_gpu *g, uint64_t addr, uint32_t *owner);
/* ws_gpu_wait.c: request r of the watched load completed at `now`; the
 * watch's memory is freed with the gpu. */
void ws_gpu_wait_note(ws_gpu *g, const ws_mreq *r, uint64_t now);
void ws_gpu_wait_free(ws_gpu *g);
ws_line_ctr *ws_gpu_line_ctr(ws_gpu *g, const ws_ptx_func *f, uint32_t pc);
/* ws_gpu_pf.c: {"pf_transitions": [...]} of the launch ending now (NULL: none) */
char *ws_gpu_pf_launch_json(ws_gpu *g);
/* ws_gpu_cfg.c */
int ws_gpu_read_config(ws_gpu *g, ws_error *err);
/* ws_gpu_stats.c */
void ws_gpu_stats_register(ws_gpu *g);
void ws_gpu_stats_free(ws_gpu *g);
/* ws_gpu_diag.c */
void ws_gpu_diagnose(ws_gpu *g);

#endif
