/* ws_gpu_dbg.h: debugging support of the timing model, for front ends (the
 * TUI, the Lua control API): breakpoints that stop ws_gpu_run at the end of
 * a cycle, each warp's last instructions, stall cycles per instruction.
 *
 * Nothing here changes what the model computes: a run stopped at a
 * breakpoint and continued gives the same statistics as a run straight
 * through.  With no breakpoint and recording off the model pays one pointer
 * test per issued instruction.
 *
 *   ws_brk b = { .kind = WS_BRK_LINE, .line = 42, .warp = WS_BRK_ANY };
 *   int id = ws_gpu_brk_add(g, &b, &err);
 *   int rc = ws_gpu_run(g, 0, &err);       (2: stopped at a breakpoint)
 *   if (rc == 2) puts(ws_gpu_brk_hit(g)->text);
 */
#ifndef WS_GPU_DBG_H
#define WS_GPU_DBG_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/ws_gpu.h"

/* ws_gpu_run's return value when a breakpoint stopped it. */
#define WS_GPU_RUN_BREAK 2

typedef enum ws_brk_kind {
    WS_BRK_PC = 0,      /* a warp's next instruction is `pc` of `func` (NULL: the kernel) */
    WS_BRK_LINE,        /* a warp's next instruction is on PTX line `line` */
    WS_BRK_ISSUE,       /* a warp issues any instruction (with .warp: step that warp) */
    WS_BRK_CYCLE,       /* the clock reaches `cycle` */
    WS_BRK_STALL,       /* a warp is in stall reason `stall` at the end of a cycle, having
                           not been in it at the end of the cycle before */
    WS_BRK_MSHR_FULL,   /* an L1 reservation fails because its MSHRs are full */
    WS_BRK_THROTTLE,    /* a prefetch policy or throttle changes state (transition log) */
    WS_BRK_PREFETCH,    /* a prefetch of a line overlapping [addr, addr + len) is issued */
    WS_BRK_IRU_REPLY,   /* an IRU partition (.sm: -1 any, else that partition) sends a reply */
    WS_BRK_IRU_TIMEOUT, /* ... a reply made after iru.timeout (the best-coalesced entries) */
    WS_BRK_CU,          /* a warp's next instruction comes from CUDA line `line` of
                           `file` (its .loc; file "" any file) */
    WS_BRK_REQUEST,     /* memory request `req` completes (ws_rtrace.h: it is followed) */
    WS_BRK_MFF_DONE,    /* an MFF command completes (.sm: -1 any unit, else that unit; .warp) */
    WS_BRK_MFF_COALESCE,/* an MFF Tag Unit hit links a waiter (.sm: the unit; .warp) */
    WS_BRK_MFF_STALL,   /* an MFF unit's Work Register pool or Tag Unit runs full (first cycle
                           of the stall; .sm: the unit; .warp: the thread's warp that waits) */
    WS_BRK_KIND_COUNT
} ws_brk_kind;
const char *ws_brk_kind_name(ws_brk_kind k);    /* "pc", "line", "issue", ... */

/* A warp filter: any warp, or one warp named by its place in the grid
 * (CTA linear index and warp index in the CTA), wherever it runs. */
#define WS_BRK_ANY UINT64_MAX
static inline uint64_t ws_brk_warp_id(uint64_t cta_linear, uint32_t warp_in_cta)
{
    return (cta_linear << 8) | warp_in_cta;
}

typedef struct ws_brk {
    ws_brk_kind kind;
    const ws_ptx_func *func;    /* PC: the function (NULL: the launched kernel) */
    uint32_t pc;                /* PC */
    uint32_t line;              /* LINE (PTX line), CU (CUDA line) */
    char file[64];              /* CU: the CUDA file's base name ("" any file) */
    uint64_t cycle;             /* CYCLE (absolute core cycle) */
    ws_stall stall;             /* STALL */
    uint64_t addr, len;         /* PREFETCH (len 0 means 1) */
    uint64_t req;               /* REQUEST: the request's id */
    uint64_t warp;              /* PC, LINE, CU, ISSUE, STALL, MFF_*: WS_BRK_ANY or ws_brk_warp_id() */
    int32_t sm;                 /* every kind but CYCLE, THROTTLE: -1 any SM, else that SM;
                                   IRU_*: -1 any partition, else that partition;
                                   MFF_*: -1 any unit, else that unit */
    bool once;                  /* deleted when it hits (a temporary breakpoint) */
    bool disabled;
    /* filled by the model */
    int id;                     /* > 0 */
    uint64_t hits;
} ws_brk;

/* What stopped the last ws_gpu_run that returned WS_GPU_RUN_BREAK.  When
 * several breakpoints hit in the same cycle, the first (lowest id) is
 * reported and the others' hit counts still go up. */
typedef struct ws_brk_hit {
    int id;                     /* breakpoint id (it may be gone if it was `once`) */
    ws_brk_kind kind;
    uint64_t cycle;             /* the cycle at whose end the run stopped */
    int32_t sm, slot;           /* the warp or SM concerned (-1: none) */
    uint64_t addr;              /* PREFETCH: the line address; IRU_*: the partition; MFF_*: the unit */
    uint64_t block;             /* MFF_COALESCE, MFF_STALL of the Tag Unit: the block address */
    char text[200];             /* one line for a status bar, e.g.
                                   "breakpoint 2: SM 3 warp 5 (CTA 12 w1) at line 42 (pc 17)" */
} ws_brk_hit;

/* Add a breakpoint (copied; its id is returned, > 0), or -1 with err for
 * an impossible one (SM out of range, PC past the function's end, ...). */
int ws_gpu_brk_add(ws_gpu *g, const ws_brk *b, ws_error *err);
/* The same for a breakpoint the user did not ask for (the TUI's `i`,
 * gpu:step_warp, the throttle hooks' breakpoint): its id comes from a range
 * of its own (from WS_BRK_INTERNAL_ID), so the ids the user sees do not jump. */
#define WS_BRK_INTERNAL_ID 0x40000000
int ws_gpu_brk_add_internal(ws_gpu *g, const ws_brk *b, ws_error *err);
/* Put back a breakpoint as it was (its id, hit count, once, disabled),
 * without the checks of a new one (a cycle breakpoint may lie in the
 * past): the TUI's stepping back keeps the user's breakpoints across a
 * replay.  -1 with err for a bad kind or SM or an id already in use.  The
 * next id, read and set, keeps later ids where they were. */
int ws_gpu_brk_restore(ws_gpu *g, const ws_brk *b, ws_error *err);
int ws_gpu_brk_next_id(ws_gpu *g);
void ws_gpu_brk_set_next_id(ws_gpu *g, int id);
/* Delete / enable / disable by id; false when there is no such id. */
bool ws_gpu_brk_del(ws_gpu *g, int id);
bool ws_gpu_brk_enable(ws_gpu *g, int id, bool on);
void ws_gpu_brk_clear(ws_gpu *g);
uint32_t ws_gpu_brk_count(const ws_gpu *g);
const ws_brk *ws_gpu_brk_at(const ws_gpu *g, uint32_t i);   /* in id order */
/* One-line description ("line 42, any warp", "stall long_scoreboard on SM 3"). */
void ws_gpu_brk_describe(const ws_gpu *g, const ws_brk *b, char *buf, size_t size);
const ws_brk_hit *ws_gpu_brk_hit(const ws_gpu *g);

/* Recording for inspection: each warp slot's last WS_HIST_LEN issued
 * instructions, and stall cycles per instruction of each function (counted
 * from the moment recording is turned on).  Off by default. */
#define WS_HIST_LEN 16
void ws_gpu_dbg_record(ws_gpu *g, bool on);
bool ws_gpu_dbg_recording(const ws_gpu *g);

typedef struct ws_hist_ent {
    uint64_t cycle;             /* issue cycle */
    const ws_ptx_func *func;
    uint32_t pc, line;
    uint32_t active;            /* lanes that executed it */
} ws_hist_ent;
/* The slot's last instructions, newest first; returns how many (<= max).
 * The history is cleared when a new warp takes the slot. */
uint32_t ws_gpu_warp_history(const ws_gpu *g, uint32_t sm, uint32_t slot, ws_hist_ent *out, uint32_t max);
/* The functional warp in a slot (NULL when empty), for its SIMT stack and
 * registers (ws_warp_stack_entry, ws_warp_reg in core/ws_core.h). */
const ws_warp *ws_gpu_warp_func(const ws_gpu *g, uint32_t sm, uint32_t slot);
/* Stall cycles spent by warps waiting at instruction `pc` of `f` while
 * recording (0 when never recorded). */
uint64_t ws_gpu_line_stalls(const ws_gpu *g, const ws_ptx_func *f, uint32_t pc);
/* Warp instructions issued at `pc` of `f` while recording (every kind of
 * instruction). */
uint64_t ws_gpu_line_execs(const ws_gpu *g, const ws_ptx_func *f, uint32_t pc);
/* Execution count and L1 misses of memory instruction `pc` of `f` (all
 * launches so far; the by_ptx_line counters). */
void ws_gpu_line_counts(const ws_gpu *g, const ws_ptx_func *f, uint32_t pc, uint64_t *insns,
                        uint64_t *accesses, uint64_t *misses);
/* Number of the current launch (1 for the first; 0 before any) and its
 * kernel (NULL when no launch is active). */
uint32_t ws_gpu_launch_number(const ws_gpu *g);
const ws_kernel *ws_gpu_kernel(const ws_gpu *g);
/* Registers per thread the current launch's CTAs are given and where the
 * count comes from (ptxas record, estimate, or the launch's regs=); 0 when
 * no launch is active. */
uint32_t ws_gpu_launch_regs(const ws_gpu *g, ws_regs_source *source);
/* The cycle the current (or last) launch began. */
uint64_t ws_gpu_launch_start(const ws_gpu *g);
/* The current (or last) launch's grid (CTAs) and block (threads) in x, y,
 * z; false before any launch. */
bool ws_gpu_launch_dims(const ws_gpu *g, uint32_t grid[3], uint32_t block[3]);
/* The grid identity (ws_brk_warp_id) of the warp in a slot, WS_BRK_ANY when
 * the slot is empty. */
uint64_t ws_gpu_warp_id(const ws_gpu *g, uint32_t sm, uint32_t slot);

#endif
