/* ws_sm.h: private structures of the timing model's SM side (SM pipeline,
 * LD/ST unit) and the GPU top.  Not part of the public API (ws_gpu.h). */
#ifndef WS_SM_H
#define WS_SM_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/ws_l1victim.h"
#include "arch/ws_cache.h"
#include "arch/ws_coalesce.h"
#include "arch/ws_gpu.h"
#include "arch/ws_mempart.h"
#include "arch/ws_mreq.h"
#include "arch/ws_pfeng.h"
#include "arch/ws_tcoal.h"
#include "core/ws_core.h"
#include "cpol/ws_cpol.h"

#define WS_NEVER UINT64_MAX
#define WS_PEND (1ull << 63)          /* reg_ready value: pending load (low bits: load id) */

/* Instruction memory: functions are laid out one after another from
 * WS_INST_BASE in the order a warp first runs them, WS_INST_BYTES an
 * instruction (GPGPU-Sim gives every PTX instruction 8 bytes from its
 * PROGRAM_MEM_START); a fetch reads WS_INST_FETCH bytes (two instructions)
 * within one line. */
#define WS_INST_BASE  0x0000000600000000ull
#define WS_INST_BYTES 8u
#define WS_INST_FETCH 16u

/* Execution units. */
enum { WS_U_SP = 0, WS_U_SFU, WS_U_DP, WS_U_LDST, WS_U_CTRL, WS_U_COUNT };

/* Energy classes of warp instructions (insn.* / lanes.* counters; the
 * mapping from PTX is in ws_tinsn.c, energy_class).  They depend on the
 * instruction only, never on the configuration (sm.dp_units etc.). */
enum { WS_EC_INT = 0, WS_EC_FP32, WS_EC_FP64, WS_EC_SFU, WS_EC_BRANCH, WS_EC_LDST, WS_EC_COUNT };

/* Timing facts of one instruction (per function, built once). */
typedef struct ws_tinsn {
    uint8_t unit;           /* WS_U_* */
    uint8_t short_sb;       /* result waited on is short_scoreboard (SFU) rather than wait */
    uint8_t control;        /* bra/call/ret/exit: the instruction buffer is refilled after it */
    uint8_t membar;         /* membar/fence */
    uint8_t mff_wait;       /* pc_wait (the MFF): waits for the warp's gather commands */
    uint16_t lat, ii;       /* result latency, initiation interval (issue cycles of the unit) */
    uint16_t ndst, nsrc;    /* registers written / read (predicates offset by nregs) */
    uint32_t regoff;        /* into ws_tfunc.regs: dsts first, then srcs */
    /* energy counters, counted at issue: WS_EC_* class, general-purpose
     * register operands read / written (per operand as written in the
     * PTX, a vector's elements each, predicates and special registers
     * not counted) */
    uint8_t ecls, rf_rd, rf_wr;
} ws_tinsn;

typedef struct ws_tfunc {
    const ws_ptx_func *f;
    uint64_t ibase;         /* instruction-memory address of pc 0 (WS_INST_BYTES a pc) */
    ws_tinsn *ins;
    uint32_t *regs;
    uint32_t nslots;        /* nregs + npreds */
    uint64_t *stalls;       /* per pc: stall cycles while recording (NULL: not recording) */
    uint64_t *execs;        /* per pc: warp instructions issued while recording */
} ws_tfunc;

typedef struct ws_lat {
    uint16_t lat[24], ii[24];       /* by latency class (WS_LC_*) */
} ws_lat;

/* A warp memory instruction waiting for its requests. */
typedef struct ws_pload {
    uint16_t slot;
    uint16_t ndst;
    uint32_t outstanding;   /* requests not yet back */
    const uint32_t *dst;    /* registers released at completion */
    uint8_t level;          /* deepest ws_mreq_level that served it */
    uint32_t next_free;     /* free list link (id + 1, 0: end) */
    const ws_ptx_insn *iru; /* a load_iru: its instruction (the reply writes its registers) */
    uint32_t pc;            /* its instruction (for inspectors: pending registers) */
    uint64_t issued;        /* its issue cycle (0: not recorded) */
} ws_pload;

/* L1-hit (and constant-hit) completion events, a binary min-heap. */
typedef struct ws_hitev { uint64_t t; uint32_t load; uint8_t level; } ws_hitev;

typedef struct ws_slot {
    /* first cache line: what the scheduler reads when it examines the warp */
    ws_warp *w;             /* NULL: empty slot */
    const ws_tfunc *tf;
    uint64_t *ready;        /* per register slot: cycle ready, or WS_PEND | load */
    uint64_t elig;          /* earliest cycle worth examining (WS_NEVER: woken by an event) */
    const ws_tinsn *nti;    /* the warp's next instruction (its pc's; set at issue) */
    /* stall accounting (lazy): reason since `since`; if until != 0 the
     * reason ends at `until` and the warp counts as not_selected after it */
    uint64_t since, until;
    uint8_t reason, sub;
    uint8_t exited, at_barrier;
    /* nti passed the scoreboard and membar checks (ws_sm.c), and whether
     * its LD/ST-busy reason is mio_throttle (-1: not known yet) */
    uint8_t ok;
    int8_t ok_mio;
    /* woken by a barrier's release: look whether it waits at another */
    uint8_t chkbar;
    uint8_t sched;          /* scheduler index (read by every wake: first line) */
    /* second line */
    uint8_t in_membar;
    uint8_t in_mffwait;     /* at a pc_wait until mff_gathers is 0 */
    uint8_t ifetch;         /* waiting for the L1I: 1 its fetch is in an MSHR, 2 refused (retries at a fill) */
    uint32_t ibuf;          /* decoded instructions buffered */
    uint32_t wait_load;     /* load a long_scoreboard wait is for */
    uint32_t stores;        /* stores/reductions not yet acknowledged */
    uint32_t outstanding;   /* requests in flight */
    uint32_t mff_gathers;   /* pc_gather commands sent and not complete (the MFF) */
    uint32_t mff_cmds;      /* MFF commands (gather and scatter-set) not complete */
    ws_cta *cta;
    uint32_t ctarec;        /* index of the SM's CTA record */
    uint32_t ready_cap;
    uint64_t age;           /* dispatch order (GTO: oldest first) */
} __attribute__((aligned(64))) ws_slot;   /* (allocated aligned: ws_sm_init) */

typedef struct ws_ctarec {
    ws_cta *cta;
    uint32_t nwarps;
    uint16_t slots[64];     /* the warps' slots (not contiguous in general) */
    uint32_t live;          /* warps not yet drained */
    bool used;
} ws_ctarec;

/* Kinds of warp memory instruction in the accesses histogram: global/local
 * loads, stores, atomics (and reductions), load_iru (one request each). */
enum { WS_AH_LOAD, WS_AH_STORE, WS_AH_ATOMIC, WS_AH_IRU, WS_AH_COUNT };
#define WS_AH_BUCKETS 33        /* 0 .. 32 requests (0 unused) */

typedef struct ws_sm_counters {
    uint64_t stall[WS_STALL_COUNT];
    uint64_t lsb[WS_LSB_COUNT];
    uint64_t ni_icache;     /* no_instruction warp-cycles waiting for an L1I miss */
    uint64_t lg[WS_LG_COUNT];
    uint64_t issued, thread_insns;
    /* energy counters (at issue): warp instructions and their active
     * lanes per WS_EC_* class (they add up to issued / thread_insns), and
     * general-purpose register operands read and written */
    uint64_t insn_cls[WS_EC_COUNT], lanes_cls[WS_EC_COUNT];
    uint64_t rf_reads, rf_writes;
    uint64_t sched_idle, sched_scoreboard, sched_stall, sched_issue;   /* GPGPU-Sim triple */
    uint64_t mem_insns, mem_accesses;       /* global/local warp instructions, their requests */
    uint64_t ld_accesses;                   /* requests of load instructions */
    uint64_t txn[WS_TXN_COUNT];             /* those requests by size (ws_txn_bucket) */
    uint64_t ld_insns, st_insns, atom_insns;
    uint64_t st_accesses, atom_accesses;    /* requests of store, of atomic instructions */
    /* warp memory instructions by the requests each made (1..32, the last
     * bucket 32 or more), per WS_AH_* kind (IRU A7's coalescing metric) */
    uint64_t acc_hist[WS_AH_COUNT][WS_AH_BUCKETS];
    /* the same instructions by the distinct 128-byte blocks their lanes
     * touched (the IRU paper's GPGPU-Sim coalescer's count, A7), whatever
     * this GPU's coalescer made of them; load, store, atomic */
    uint64_t mem_lines, ld_lines;
    uint64_t line_hist[WS_AH_IRU][WS_AH_BUCKETS];
    uint64_t shared_insns, shared_cycles;   /* shared accesses and the cycles they took (conflicts) */
    uint64_t const_insns, const_misses;
    uint64_t l1_hits, l1_hit_reserved, l1_misses, l1_resfail;
    uint64_t bypass;                        /* requests that skipped L1 */
    uint64_t replies;                       /* requests back from the memory system */
    uint64_t lat_sum[WS_LVL_COUNT], lat_n[WS_LVL_COUNT];
    uint64_t part_lat_sum, part_lat_n;      /* data replies: partition arrival to data back at the SM */
    uint64_t ctas_done;
    uint64_t active_cycles;                 /* cycles with at least one warp resident */
    uint64_t iru_insns, iru_lanes;          /* load_iru warp instructions, their lanes */
    uint64_t mff_gathers, mff_scatters;     /* pc_gather / pc_scatter_set warp instructions (commands) */
    uint64_t mff_words_in;                  /* MFF reply words written into shared memory */
} ws_sm_counters;

/* One entry of the memory request queue: a read in flight and the reads
 * merged into it (through their `next` links), released by its reply. */
typedef struct ws_mrq_ent {
    ws_mreq *lead;              /* the read that went down */
    ws_mreq *head, *tail;       /* reads that joined it, in arrival order */
    uint64_t addr;              /* its 128-byte block */
    uint32_t sectors;           /* the 32-byte sectors it fetches */
} ws_mrq_ent;

typedef struct ws_sm {
    /* what every cycle of the SM (and the GPU loop asking whether it has
     * one) reads comes first, in a few cache lines */
    uint64_t *wake;         /* earliest cycle the pipeline has anything to do (in
                             * the GPU's sm_wake) */
    uint32_t nhev;          /* L1-hit events pending (hev below) */
    uint32_t id;
    struct ws_gpu *gpu;
    ws_slot *slots;
    uint32_t nslots;
    uint32_t nlreq, ilreq;  /* LD/ST: requests of the current instruction (lreq), next to send */
    int8_t lg_fail;         /* current reservation-fail cause, -1 none */
    /* the L1 reservation failure of the last access (valid while l1f_gen is
     * the cache's ws_cache_gen): a retry of the same request fails alike */
    bool l1f_valid;
    /* asleep: the SM is not cycled while the head request would only fail
     * again; the failures of cycles l1f_from.. are counted later (ws_ldst_sync) */
    bool l1f_asleep;
    uint8_t l1f_kind, l1f_why;
    uint64_t acct;          /* scheduler classes are accounted up to here (exclusive) */
    struct ws_sched *scheds; /* the warp schedulers (ws_sm.c) */
    ws_hitev *hev;
    ws_cache *l1d;
    struct ws_cpol *cpol;   /* the L1's cache policy (NULL: l2.inclusion=noninclusive) */
    ws_cpol_stats cps;      /* its counters (ws_cpol_set_stats) */
    struct ws_l1v *l1v;     /* the L1D's victim cache (NULL: l1d.victim=0) */
    ws_l1v_stats l1vs;      /* its counters */
    uint32_t l1v_latency;   /* l1d.victim_latency */
    bool l1v_missed;        /* the access being made missed in it (ws_l1v_lookup) */
    ws_cache *cmem;
    ws_cache *l1i;          /* instruction cache (NULL: ideal fetch) */
    uint64_t ifetch_retry[2]; /* slots whose fetch the L1I refused (bitmask, 128 slots) */
    uint64_t l1d_idle_at;   /* l1d.invalidate=idle: the SM's last warp left at this cycle (WS_NEVER: resident, or invalidated since) */
    struct ws_pfeng *pfe;   /* prefetch engine (NULL: none) */
    uint64_t fetch_free;    /* fetch port */
    uint64_t ldst_free;     /* shared/const pipeline busy until */
    uint64_t ldst_waiters[2]; /* slots blocked on the LD/ST unit (bitmask, 128 slots) */
    ws_mreq_fifo bypass;    /* requests that skip L1, to the network */
    /* l1d.latency_queue: L1 misses (and forwarded writes) out of the miss
     * queue, leaving l1_delay cycles after their lookup (t_l1), in order;
     * room for l1_delay of them, one a cycle as GPGPU-Sim's latency queue */
    ws_mreq_fifo l1out;
    uint64_t lfirst;        /* LD/ST: address of the current instruction's first active lane */
    struct ws_line_ctr *lreq_lc;    /* the PTX line counters of lreq's instruction */
    /* pending loads */
    ws_pload *pl;
    uint32_t npl, capl, plfree;
    uint32_t caphev;
    uint32_t nunits[WS_U_COUNT];
    uint64_t resident_since;/* for active_cycles */
    uint32_t resident;      /* warps resident */
    uint32_t nctas;
    ws_ctarec *ctas;
    uint64_t l1f_from;
    uint32_t l1f_size, l1f_flags;
    uint64_t l1f_addr, l1f_gen;
    uint64_t unit_free[WS_U_COUNT][8];   /* per unit instance: cycle it accepts again */
    ws_mreq *lreq[64];      /* requests of the current instruction still to send */
    /* memory request queue (MTP Sec. II-B), only without an L1: reads in
     * flight below the SM; a read contained in one of them joins it
     * (intra-core merge) instead of going down again (ws_ldst.c) */
    uint32_t iru_rr;        /* the partition this SM's next load_iru goes to */
    struct ws_gpu_iru_lanes *iru_last;  /* per slot: its warp's last load_iru (inspection; made at the first) */
    /* the SM's MFF commands from issue to completion (the command packet's
     * payload, pointed to: records never move; ws_ldst.c): chunks made as
     * needed, records reused through a free list */
#define WS_SM_MFF_CHUNK 256u     /* records a chunk */
    struct ws_memsys_mffcmd **mff_chunk;
    uint32_t *mff_free, nmff_rec, nmff_free;
    ws_mrq_ent *mrq;
    uint32_t mrq_cap, mrq_n;    /* entries (sm.mrq; 0: no merging), in use */
    ws_sm_counters c;
    ws_sm_counters cv;          /* what the statistics read: c brought up to date (ws_sm_view) */
    ws_pf_counters pf;      /* the prefetch engine's counters (here so the registry can stride over SMs) */
    ws_tcoal *tcoal;        /* stats.tcoal: temporal-coalescing windows (NULL: off) */
    ws_tcoal_ctr tcc;       /* its counters (tcoal.*) */
} ws_sm;

/* The cycle a request of sm->l1out may enter the network (its lookup
 * plus the L1 latency, cfg.l1_delay). */
static inline uint64_t ws_l1out_ready(const ws_mreq *r, uint32_t delay)
{
    return r->t_l1 + delay;
}

/* ws_ifetch.c: instruction fetch through the L1I (sm->l1i not NULL).
 * ws_ifetch_lookup: slot slotno fetches at cycle t (>= now) the
 * instructions at its pc; true when they are in the L1I (the caller goes on
 * as with ideal fetch), else the slot waits, from now, in no_instruction
 * for the fill.  ws_ifetch_reply: the memory system returned an L1I miss.
 * ws_ifetch_push: the L1I's oldest miss into the request network. */
bool ws_ifetch_lookup(ws_sm *sm, uint32_t slotno, uint64_t now, uint64_t t);
void ws_ifetch_reply(ws_sm *sm, ws_mreq *r, uint64_t now);
void ws_ifetch_push(ws_sm *sm, uint64_t now);
/* After an unclean launch: forget the refused fetches (their warps are gone). */
void ws_ifetch_reset(ws_sm *sm);
/* L1D invalidation (l1d.invalidate): the SM's last warp left at `now`, a
 * CTA arrives at `now`, the launch ends. */
void ws_sm_l1d_idle(ws_sm *sm, uint64_t now);
void ws_sm_l1d_busy(ws_sm *sm, uint64_t now);
void ws_sm_l1d_launch_end(ws_sm *sm, uint64_t now);

/* ws_tinsn.c */
const ws_tfunc *ws_tfunc_get(struct ws_gpu *g, const ws_ptx_func *f);
void ws_tfunc_free_all(struct ws_gpu *g);

/* ws_sm.c */
int ws_sm_init(struct ws_gpu *g, ws_sm *sm, uint32_t id, ws_error *err);
void ws_sm_fini(ws_sm *sm);
int ws_sm_cycle(ws_sm *sm, uint64_t now, ws_error *err);
void ws_sm_flush_all(ws_sm *sm, uint64_t now);   /* bring lazy accounting up to now */
/* sm->cv = the counters as they would read if the lazy accounting (every
 * slot's stall interval, a sleeping SM's scheduler cycles, the active
 * cycles) were brought up to `now`, the start of the next cycle to run.
 * The statistics read cv, so they are current mid-launch; the model itself
 * is untouched (a slot's long-scoreboard level is charged at its flush, so
 * flushing early would move cycles between levels). */
void ws_sm_view(ws_sm *sm, uint64_t now);
int ws_sm_add_cta(ws_sm *sm, ws_cta *cta, uint64_t now, ws_error *err);
void ws_slot_state(ws_slot *s, ws_sm_counters *c, uint8_t reason, uint64_t now, uint64_t until);
void ws_slot_wake(ws_sm *sm, ws_slot *s, uint64_t now);
/* The slot's state was set by the caller: it is worth examining from t. */
void ws_slot_elig(ws_sm *sm, ws_slot *s, uint64_t t);
/* The LD/ST unit is free from `now`: wake the warps waiting for it
 * (sm->ldst_waiters, emptied). */
void ws_sm_wake_ldst_waiters(ws_sm *sm, uint64_t now);
/* Earliest cycle the SM has anything to do (after a cycle at `now`). */
uint64_t ws_sm_next(ws_sm *sm, uint64_t now);
/* Account `cycles` the SM did not run in its schedulers' last classes. */
void ws_sm_skip(ws_sm *sm, uint64_t cycles);
/* A store / reduction of the slot was acknowledged. */
int ws_sm_store_acked(ws_sm *sm, uint32_t slotno, uint64_t now, ws_error *err);
/* Free the slot if its warp has exited and drained. */
int ws_sm_mff_done(ws_sm *sm, uint32_t slotno, bool gather, uint64_t now, ws_error *err);
int ws_sm_slot_check_done(ws_sm *sm, uint32_t slotno, uint64_t now, ws_error *err);

/* ws_ldst.c */
int ws_ldst_issue(ws_sm *sm, uint32_t slotno, const ws_step *st, const ws_tinsn *ti, uint64_t now,
                  ws_error *err);
void ws_ldst_cycle(ws_sm *sm, uint64_t now);
int ws_ldst_reply(ws_sm *sm, ws_mreq *r, uint64_t now, ws_error *err);
void ws_ldst_hit_events(ws_sm *sm, uint64_t now);
static inline bool ws_ldst_busy(const ws_sm *sm, uint64_t now)
{
    return sm->ilreq < sm->nlreq || sm->ldst_free > now;
}
/* Whether the LD/ST unit's head request would fail in L1 again, with
 * nothing else for the unit to do: the SM may sleep until a reply. */
bool ws_ldst_refailing(const ws_sm *sm);
/* Count the failures of an asleep LD/ST unit for the cycles before `upto`. */
void ws_ldst_sync(ws_sm *sm, uint64_t upto);
uint32_t ws_pload_new(ws_sm *sm, uint32_t slot, const uint32_t *dst, uint32_t ndst);
/* The memory request queue holds a read in flight whose bytes include
 * [addr, addr + size) (a prefetch of that line would fetch it again). */
bool ws_ldst_mrq_covers(const ws_sm *sm, uint64_t addr, uint32_t size);

#endif
