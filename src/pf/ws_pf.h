/* ws_pf.h: prefetch policies and prefetch throttles (src/pf/), and what they
 * may see of the machine.
 *
 * A policy is a hardware prefetcher of one SM (one instance per SM).  It sees
 * only what the hardware next to the SM's L1 could see:
 * - observe: every demand request the LD/ST unit looks up in L1 (one per
 *   coalesced line or segment, with the PC, the warp and the lookup outcome),
 * - fill: the data of a line arriving for one of its prefetches (the bytes of
 *   the line as memory holds them, so DSAP can read vertex ids out of it), or
 *   the result of a prefetch that found its line already there,
 * - evict: a line leaving the destination cache, with its prefetched/used bits,
 * - tick: the end of each period (p->period cycles), with the period's
 *   prefetch outcome counts,
 * and acts only through ws_pf_issue (a line into the SM's prefetch queue).
 * The prefetch engine of the SM (src/arch/ws_pfeng.c) owns the queue, the
 * duplicate filters, the throttle, the destination cache (L1 or a dedicated
 * prefetch cache) and every outcome counter; policies keep only their tables.
 *
 * A throttle (ws_pt) sits between the policy and the queue: it may drop a
 * prefetch (ws_pt_ops.drop), change the generic degree (ws_pf_set_degree),
 * and at each period end looks at the metrics.  Every change of state a policy
 * or throttle makes is reported with ws_pf_transition, which the engine logs
 * (cycle, SM, from, to, metrics) for statistics, the TUI and Lua.
 *
 * Everything a policy or throttle reads of the engine is in ws_pf_ctx, a plain
 * struct the engine fills in (tests build their own, with their own `issue`
 * callback, to drive a policy with hand-built sequences).
 *
 * Determinism: no rand()/time(); randomness from ws_rng seeded by ctx->seed.
 * Tables are fixed-size arrays allocated at create; nothing is allocated per
 * access. */
#ifndef WS_PF_H
#define WS_PF_H

#include <stdbool.h>
#include <stdint.h>

#include "util/ws_error.h"

struct ws_opts;

/* Array roles given by the host (gpu:mark): DSAP's address range table. */
typedef enum ws_pf_role {
    WS_ROLE_NONE = 0,
    WS_ROLE_WORKLIST,       /* ART entry 0: the frontier / work list */
    WS_ROLE_VERTEX,         /* ART entry 1: CSR row pointers (n + 1 entries) */
    WS_ROLE_EDGE,           /* ART entry 2: CSR column indices */
    WS_ROLE_VISITED,        /* ART entry 3: visited / level array */
    WS_ROLE_COUNT
} ws_pf_role;

typedef struct ws_pf_range {
    uint64_t lo, hi;        /* [lo, hi) device addresses; lo == hi: not marked */
    uint32_t elem;          /* element size in bytes (4 or 8) */
} ws_pf_range;

/* Outcome of a demand lookup. */
enum { WS_PF_MISS = 0, WS_PF_HIT, WS_PF_HIT_PENDING };
/* Access kinds. */
enum { WS_PF_LOAD = 0, WS_PF_STORE, WS_PF_ATOMIC };

/* One demand request looked up in L1 (or the prefetch cache). */
typedef struct ws_pf_access {
    uint64_t cycle;
    uint64_t addr;          /* first byte of the request the warp touches */
    uint64_t line;          /* addr rounded down to ctx->line */
    uint64_t insn_addr;     /* address of the instruction's first active lane */
    uint32_t pc;            /* instruction index in its function */
    uint32_t wid;           /* hardware warp slot of the SM (0 .. ctx->nwarps-1) */
    uint32_t gwid;          /* warp number in the grid: CTA linear id *
                             * warps per CTA + warp in the CTA */
    uint16_t req, nreq;     /* index of this request among the instruction's
                             * requests (in coalescer order: by the lowest lane
                             * each covers), and their number */
    uint8_t kind;           /* WS_PF_LOAD / STORE / ATOMIC */
    uint8_t outcome;        /* WS_PF_MISS / HIT / HIT_PENDING */
    uint8_t hit_pf;         /* the line was (or is being) brought by a prefetch */
} ws_pf_access;

/* A prefetch came back (or found its line already present). */
typedef struct ws_pf_fill {
    uint64_t cycle;
    uint64_t line;          /* line address */
    uint32_t size;          /* line bytes (ctx->line) */
    const uint8_t *data;    /* the line's bytes as device memory holds them now;
                             * NULL when the line is not in device memory */
    uint32_t wid, tag;      /* as given to ws_pf_issue */
    uint8_t present;        /* the line was already present (a hit: no memory traffic) */
} ws_pf_fill;

/* A line left the destination cache. */
typedef struct ws_pf_evict {
    uint64_t cycle;
    uint64_t line;
    uint8_t prefetched;     /* brought by a prefetch ... */
    uint8_t used;           /* ... and used by a demand since */
} ws_pf_evict;

/* Counts of one SM over the period that just ended (ws_pf_ops.tick). */
typedef struct ws_pf_period {
    uint64_t cycle;         /* the period ends at this cycle */
    uint64_t cycles;        /* its length */
    uint64_t generated;     /* ws_pf_issue calls */
    uint64_t issued;        /* prefetches looked up in the destination cache */
    uint64_t dropped;       /* dropped before issue (queue full, duplicate, cached, throttled) */
    uint64_t throttled;     /* of which by the throttle */
    uint64_t fills;         /* prefetched lines filled */
    uint64_t useful;        /* first demand hit on a prefetched line */
    uint64_t late;          /* demand merged into an in-flight prefetch */
    uint64_t early;         /* prefetched line evicted before any demand use */
    uint64_t useless;       /* prefetch found its line present or already being fetched */
    uint64_t merges;        /* intra-core merges: requests joining an in-flight
                             * MSHR entry of L1 or the prefetch cache */
    uint64_t requests;      /* requests looked up (demand and prefetch) */
    uint64_t demand_misses; /* demand requests that missed (L1 and prefetch cache) */
} ws_pf_period;

/* Result of ws_pf_issue. */
typedef enum ws_pf_status {
    WS_PF_QUEUED = 0,
    WS_PF_DROP_FULL,        /* the queue is full */
    WS_PF_DROP_DUP,         /* the same line is already in the queue */
    WS_PF_DROP_PENDING,     /* the line is already being fetched (MSHR) */
    WS_PF_DROP_CACHED,      /* the line is already in the destination cache */
    WS_PF_DROP_THROTTLED,   /* the throttle dropped it */
    WS_PF_DROP_RANGE,       /* not a device address (outside every allocation) */
    WS_PF_STATUS_COUNT
} ws_pf_status;

/* ws_pf_issue flags. */
enum {
    WS_PF_F_NEED_DATA = 1u << 0,   /* the policy wants a fill for this prefetch
                                    * whatever happens (DSAP's chain): no filter
                                    * against the cache or MSHRs (only against an
                                    * identical line+wid+tag in the queue); a
                                    * present line gives a fill with present = 1 */
    WS_PF_F_SW = 1u << 1,          /* software prefetch (PTX prefetch) */
};

/* A state change of a policy or throttle. */
typedef struct ws_pf_trans {
    const char *what;       /* "degree", "mask", "state" (static string) */
    int32_t from, to;
    const char *from_name, *to_name;    /* static names of the states, or NULL */
    const char *why;        /* static: "early eviction high", "U < threshold" */
    double m[3];            /* the metrics that decided (meaning in `mnames`) */
    const char *mnames[3];  /* static names ("early_eviction", "merge_ratio"), NULL: unused */
} ws_pf_trans;

typedef struct ws_pf_ctx ws_pf_ctx;
struct ws_pf_ctx {
    /* machine facts */
    uint32_t sm;            /* SM id */
    uint32_t nwarps;        /* warp slots per SM */
    uint32_t line;          /* destination cache line bytes */
    uint64_t seed;
    /* time (updated by the engine before every call) */
    uint64_t now;
    /* generic aggressiveness (pf.degree, pf.distance), changed by throttles */
    uint32_t degree, distance;
    /* host-given array roles (gpu:mark, gpu:update_worklist); may change
     * between launches */
    ws_pf_range ranges[WS_ROLE_COUNT];
    /* the engine (tests supply their own) */
    ws_pf_status (*issue)(ws_pf_ctx *x, uint64_t addr, uint32_t wid, uint32_t tag, uint32_t flags);
    void (*transition)(ws_pf_ctx *x, const ws_pf_trans *t);
    void *owner;
    void *user;             /* host data for policies defined by the host
                             * (Lua prefetchers); NULL otherwise */
    /* Energy events of the policy's own tables (pf.table.reads / writes,
     * per SM), counted by the policy: one read per lookup of a table (a
     * probe of one set, or of the whole table when it is fully associative
     * or searched, counts 1; reading a further entry, as a GHB walk does,
     * 1 each) and one write per entry allocated or updated.  LRU/recency
     * bookkeeping is not counted (replacement state sits beside the
     * entries), nor are clears at a launch (flash clears of valid bits).
     * Throttles keep no tables worth counting; Lua-defined policies count
     * nothing. */
    uint64_t tab_reads, tab_writes;
};

/* Queue a prefetch of the line holding addr, for warp slot wid (the fill
 * comes back with wid and tag). */
static inline ws_pf_status ws_pf_issue(ws_pf_ctx *x, uint64_t addr, uint32_t wid, uint32_t tag, uint32_t flags)
{
    return x->issue(x, addr, wid, tag, flags);
}
static inline void ws_pf_transition(ws_pf_ctx *x, const ws_pf_trans *t)
{
    if (x->transition) x->transition(x, t);
}
static inline void ws_pf_set_degree(ws_pf_ctx *x, uint32_t d) { x->degree = d; }
/* The role of an address (WS_ROLE_NONE when it is in no marked range). */
ws_pf_role ws_pf_classify(const ws_pf_ctx *x, uint64_t addr);

/* ------------------------------------------------------------ inspection */

/* What a policy or throttle shows of itself: named scalar values and tables
 * of integer cells (TUI, Lua, tests).  The engine passes an empty one. */
#define WS_PF_INSP_COLS 16
typedef struct ws_pf_insp_table {
    char name[32];
    uint32_t ncols;
    char cols[WS_PF_INSP_COLS][24];     /* column names */
    uint8_t bits[WS_PF_INSP_COLS];      /* hardware field width in bits (0: not given) */
    uint32_t nrows, caprows;
    int64_t *cells;                     /* nrows * ncols */
} ws_pf_insp_table;

typedef struct ws_pf_insp_kv {
    char key[32];
    int64_t ival;
    double dval;
    char text[48];
    uint8_t type;                       /* 0 integer, 1 real, 2 text */
} ws_pf_insp_kv;

typedef struct ws_pf_insp {
    ws_pf_insp_kv *kv;
    uint32_t nkv, capkv;
    ws_pf_insp_table *tables;
    uint32_t ntables, captables;
} ws_pf_insp;

void ws_pf_insp_init(ws_pf_insp *in);
void ws_pf_insp_free(ws_pf_insp *in);
void ws_pf_insp_int(ws_pf_insp *in, const char *key, int64_t v);
void ws_pf_insp_real(ws_pf_insp *in, const char *key, double v);
void ws_pf_insp_text(ws_pf_insp *in, const char *key, const char *s);
/* Start a table (columns and widths; bits may be NULL); rows follow. */
void ws_pf_insp_table_begin(ws_pf_insp *in, const char *name, uint32_t ncols, const char *const *cols,
                            const uint8_t *bits);
void ws_pf_insp_row(ws_pf_insp *in, const int64_t *cells);
/* Lookups for tests and Lua: NULL when absent. */
const ws_pf_insp_kv *ws_pf_insp_find(const ws_pf_insp *in, const char *key);
const ws_pf_insp_table *ws_pf_insp_find_table(const ws_pf_insp *in, const char *name);

/* ------------------------------------------------------------ policies */

typedef struct ws_pf ws_pf;
typedef struct ws_pf_ops {
    const char *name;       /* pf.policy value: "nextline", "stride", ... */
    const char *help;       /* one line, with the paper it comes from */
    /* Read the policy's options (pf.* keys) and allocate its tables. */
    ws_pf *(*create)(ws_pf_ctx *x, const struct ws_opts *o, ws_error *err);
    void (*observe)(ws_pf *p, const ws_pf_access *a);
    void (*fill)(ws_pf *p, const ws_pf_fill *f);        /* may be NULL */
    void (*evict)(ws_pf *p, const ws_pf_evict *e);      /* may be NULL */
    void (*tick)(ws_pf *p, const ws_pf_period *m);      /* may be NULL */
    /* A new launch begins (ranges may have changed); may be NULL. */
    void (*launch)(ws_pf *p);
    void (*inspect)(const ws_pf *p, ws_pf_insp *in);
    void (*destroy)(ws_pf *p);
} ws_pf_ops;

/* The head of every policy's state. */
struct ws_pf {
    const ws_pf_ops *ops;
    ws_pf_ctx *x;
    uint64_t period;        /* tick every `period` cycles (0: never) */
    /* Declared storage of the policy's tables, for a CACTI-style energy
     * estimate (pf.table.bytes, pf.table.entry_bits), set at create: the
     * bytes of all its tables (each table ceil(entries x entry bits / 8)),
     * and the width in bits of an entry of the table holding most of that
     * storage.  Each policy cites where its geometry comes from; 0 for
     * policies without tables (nextline) and Lua-defined ones. */
    uint64_t tab_bytes;
    uint32_t tab_entry_bits;
};

/* ceil(entries x bits / 8): the bytes of a table (ws_pf.tab_bytes). */
static inline uint64_t ws_pf_table_bytes(uint64_t entries, uint32_t bits)
{
    return (entries * bits + 7) / 8;
}

/* ------------------------------------------------------------ throttles */

typedef struct ws_pt ws_pt;
typedef struct ws_pt_ops {
    const char *name;       /* throttle.policy value: "mt", "feedback", "lateness" */
    const char *help;
    ws_pt *(*create)(ws_pf_ctx *x, const struct ws_opts *o, ws_error *err);
    /* Whether to drop the prefetch the policy just generated. */
    bool (*drop)(ws_pt *t, uint64_t line, uint32_t flags);
    void (*tick)(ws_pt *t, const ws_pf_period *m);
    void (*inspect)(const ws_pt *t, ws_pf_insp *in);
    void (*destroy)(ws_pt *t);
} ws_pt_ops;

struct ws_pt {
    const ws_pt_ops *ops;
    ws_pf_ctx *x;
    uint64_t period;        /* tick every `period` cycles */
};

/* Registries (ws_pf_registry.c): NULL when the name is unknown. */
const ws_pf_ops *ws_pf_find(const char *name);
const ws_pt_ops *ws_pt_find(const char *name);
/* "nextline|stride|..." for messages. */
const char *ws_pf_names(void);
const char *ws_pt_names(void);

#endif
