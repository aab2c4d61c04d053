/* ws_cpol.h: cache-hierarchy policies (src/cpol/), one per file, and the
 * decisions the cache model asks them for.
 *
 * A policy instance belongs to one cache: the L1D of one SM (level L1) or
 * one L2 slice (level L2).  Each instance keeps its own state (tables,
 * per-line tag extensions); there are no globals, so SMs and partitions may
 * be stepped in any order or in parallel.  Instances talk only through what
 * travels on the interconnect: flags on a request going down (ws_cpol_miss
 * .flags), flags on the reply coming up (ws_cpol_l2act.reply), and L1
 * victims sent into the L2 (ws_cpol_l1_evict returns true: the caller sends
 * the line as a message, counted as victim traffic).
 *
 * The model calls the ws_cpol_* wrappers below, never the ops directly: a
 * wrapper supplies the non-inclusive default when a policy leaves a hook
 * NULL, keeps the per-line state every policy shares (the L1's copy-back
 * bit, the L2's last user for the shared/private split) and counts every
 * outcome in ws_cpol_stats.
 *
 * The protocol, per request (line addresses; q->set and q->way index the
 * instance's own cache):
 *   L1 miss          ws_cpol_l1_miss: flags for the request (RQ_EXCL: the
 *                    core asks the L2 not to keep the fill) and the sectors
 *                    to fetch (a fetch predictor's hook; default: those
 *                    needed).
 *   L2 lookup        ws_cpol_l2_lookup(hit): on a hit, invalidate the L2
 *                    copy or not, and the reply flags (SR, PR, CB).
 *   L2 fill          ws_cpol_l2_fill: keep the line in the L2 (true) or pass
 *                    it to the L1 only; the reply flags.  When kept, the
 *                    caller installs it and calls ws_cpol_l2_insert.
 *   L1 fill          ws_cpol_l1_fill(reply flags): bypass the L1 or not;
 *                    the line's copy-back bit (CB) is remembered.
 *   L1 eviction      ws_cpol_l1_evict: send the victim into the L2.
 *   victim at L2     ws_cpol_l2_victim: insert it (the caller installs the
 *                    line and calls ws_cpol_l2_insert with victim = true).
 *   every cycle      ws_cpol_tick (a policy's periodic update).
 *   kernel launch    ws_cpol_launch: the allocations as regions.
 *
 * Determinism: no rand()/time(); tables are allocated at create. */
#ifndef WS_CPOL_H
#define WS_CPOL_H

#include <stdbool.h>
#include <stdint.h>

#include "util/ws_error.h"

typedef enum ws_cpol_level { WS_CPOL_L1 = 0, WS_CPOL_L2 } ws_cpol_level;

/* Request flags (L1 -> L2). */
enum { WS_CPOL_RQ_EXCL = 1u << 0 };
/* Reply flags (L2 -> L1).  SR/PR: the L2 line's shared/private reuse bits
 * (R-Exclusion's responses carry them); CB: the line is held exclusively by
 * the L1: copy it back into the L2 when it leaves. */
enum { WS_CPOL_SR = 1u << 0, WS_CPOL_PR = 1u << 1, WS_CPOL_CB = 1u << 2 };

/* The cache an instance serves. */
typedef struct ws_cpol_geom {
    ws_cpol_level level;
    uint32_t sets, ways, line;  /* this cache's geometry (line in bytes) */
    uint32_t id;                /* SM (L1) or slice (L2) number */
    uint32_t ncores;            /* SMs: coreId values are 0 .. ncores - 1 */
    uint32_t total_sets;        /* L2: the sets of every slice together */
    uint32_t set_base;          /* L2: global number of this slice's set 0 */
} ws_cpol_geom;

/* The policies' parameters (ws_cpol_params_default gives the thesis's
 * values; seed 001, section 2.4 and Table 11). */
typedef struct ws_cpol_params {
    uint32_t sdm_sets;          /* Flexclusion: sets per dueling monitor (16) */
    uint32_t psel_bits;         /* Flexclusion: PSEL width (11) */
    uint32_t rtt_entries;       /* R-EX: RTT entries per core (31) */
    uint32_t rtt_period;        /* R-EX: cycles between Update()s [choice] */
    uint32_t reuse_shift;       /* R-EX: reuse when hits > acc >> shift (6: 1/64) */
    uint32_t ctr_bits;          /* R-EX: RTT saturating counter width [choice] */
} ws_cpol_params;

/* What a hook sees of one request or line. */
typedef struct ws_cpol_req {
    uint64_t cycle;
    uint64_t addr;              /* line address */
    uint32_t core;              /* requesting SM (L2) / this SM (L1) */
    uint32_t set, way;          /* in this instance's cache (way: hits,
                                 * inserts, evictions) */
    uint32_t flags;             /* request flags (WS_CPOL_RQ_*) at the L2 */
    uint8_t write;              /* a write or atomic (these stay in the L2) */
    uint8_t dirty;              /* an L1 victim with dirty data */
} ws_cpol_req;

typedef struct ws_cpol_miss {
    uint32_t flags;             /* out: WS_CPOL_RQ_* for the request */
    uint32_t fetch_mask;        /* in: sectors needed; out: sectors to fetch */
} ws_cpol_miss;

typedef struct ws_cpol_l2act {
    bool invalidate;            /* hit: drop the L2 copy (it moves to the L1) */
    uint32_t reply;             /* WS_CPOL_SR/PR/CB for the reply */
} ws_cpol_l2act;

/* One allocation of the launch (a region). */
typedef struct ws_cpol_region {
    uint64_t lo, hi;            /* [lo, hi) */
} ws_cpol_region;

/* Counters kept by the wrappers, per instance. */
typedef struct ws_cpol_stats {
    uint64_t l2_insertions;     /* lines installed in the L2 (fills and victims) */
    uint64_t l2_fill_skipped;   /* fills the L2 passed to the L1 only */
    uint64_t l2_victims[2];     /* L1 victims inserted into the L2: [clean, dirty] */
    uint64_t l2_victims_dropped;/* L1 victims the L2 refused */
    uint64_t l2_hits_shared;    /* hits on a line last used by another core */
    uint64_t l2_hits_private;   /* hits on a line last used by the same core */
    uint64_t l2_invalidations;  /* L2 copies dropped on a hit */
    uint64_t l1_victims_sent[2];/* L1: victims sent into the L2 [clean, dirty] */
    uint64_t l1_cb_fills;       /* L1: fills with the copy-back bit */
    uint64_t l1_bypassed;       /* L1: fills not installed */
    uint64_t victim_flits;      /* L1: request-network flits of the victims
                                 * sent (counted by the model, ws_cpol_glue.c) */
} ws_cpol_stats;

/* Inspector: the policy's name, scalars, and one table as rows. */
#define WS_CPOL_INSP_VALS 16
#define WS_CPOL_INSP_COLS 8
typedef struct ws_cpol_insp {
    const char *name;
    uint32_t nvals;
    const char *vname[WS_CPOL_INSP_VALS];
    int64_t val[WS_CPOL_INSP_VALS];
    const char *table;          /* NULL: no table */
    uint32_t ncols;
    const char *col[WS_CPOL_INSP_COLS];
    uint32_t nrows;             /* rows the policy has (may exceed cap_rows) */
    uint32_t cap_rows;          /* in: rows `rows` can hold */
    int64_t (*rows)[WS_CPOL_INSP_COLS]; /* in: the caller's buffer (may be NULL) */
} ws_cpol_insp;

typedef struct ws_cpol ws_cpol;

typedef struct ws_cpol_ops {
    const char *name;
    const char *desc;
    /* Policy state (NULL with *err set on failure); may be NULL for a
     * policy without state. */
    void *(*create)(const ws_cpol_geom *g, const ws_cpol_params *p, ws_error *err);
    void (*destroy)(void *st);
    void (*launch)(void *st, const ws_cpol_region *r, uint32_t n);
    void (*l1_miss)(void *st, const ws_cpol_req *q, ws_cpol_miss *out);
    bool (*l1_bypass)(void *st, const ws_cpol_req *q, uint32_t reply);
    void (*l1_fill)(void *st, const ws_cpol_req *q, uint32_t reply);
    void (*l2_lookup)(void *st, const ws_cpol_req *q, bool hit, ws_cpol_l2act *out);
    bool (*l2_fill)(void *st, const ws_cpol_req *q, uint32_t *reply);
    bool (*l2_victim)(void *st, const ws_cpol_req *q);
    void (*l2_insert)(void *st, const ws_cpol_req *q, bool victim);
    void (*tick)(void *st, uint64_t cycle);
    void (*inspect)(const void *st, ws_cpol_insp *in);
} ws_cpol_ops;

/* ws_cpol_registry.c */
const ws_cpol_ops *ws_cpol_find(const char *name);
const char *ws_cpol_names(void);            /* "noninclusive|exclusive|..." */
void ws_cpol_params_default(ws_cpol_params *p);
/* An instance of policy `name` for one cache.  Unknown names, impossible
 * geometries and parameters fail with a message (the known names listed). */
ws_cpol *ws_cpol_create(const char *name, const ws_cpol_geom *g, const ws_cpol_params *p, ws_error *err);
void ws_cpol_free(ws_cpol *c);

/* ws_cpol.c: the wrappers the model calls. */
const char *ws_cpol_name(const ws_cpol *c);
const ws_cpol_stats *ws_cpol_stats_get(const ws_cpol *c);
/* Count into *dst from now on (the statistics registry reads it there; the
 * counts so far are copied).  dst must outlive the instance's use. */
void ws_cpol_set_stats(ws_cpol *c, ws_cpol_stats *dst);
void ws_cpol_launch(ws_cpol *c, const ws_cpol_region *r, uint32_t n);
ws_cpol_miss ws_cpol_l1_miss(ws_cpol *c, const ws_cpol_req *q, uint32_t need);
/* The reply for q arrived: true when the line is installed in the L1 (then
 * q->way is its way and its CB bit is remembered), false: bypassed. */
bool ws_cpol_l1_fill(ws_cpol *c, const ws_cpol_req *q, uint32_t reply);
/* The L1 line (q->set, q->way) leaves: true when it goes into the L2. */
bool ws_cpol_l1_evict(ws_cpol *c, const ws_cpol_req *q);
ws_cpol_l2act ws_cpol_l2_lookup(ws_cpol *c, const ws_cpol_req *q, bool hit);
bool ws_cpol_l2_fill(ws_cpol *c, const ws_cpol_req *q, uint32_t *reply);
bool ws_cpol_l2_victim(ws_cpol *c, const ws_cpol_req *q);
void ws_cpol_l2_insert(ws_cpol *c, const ws_cpol_req *q, bool victim);
void ws_cpol_tick(ws_cpol *c, uint64_t cycle);
/* Fills in (name, scalars, table); in->rows/cap_rows are the caller's. */
void ws_cpol_inspect(const ws_cpol *c, ws_cpol_insp *in);
/* The L1 line's copy-back bit / the L2 line's last user (tests, views). */
bool ws_cpol_l1_cb(const ws_cpol *c, uint32_t set, uint32_t way);

#endif
