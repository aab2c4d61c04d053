/* ws_cache.h: the one generic cache model (L1D, prefetch cache, constant
 * cache, L2 slices, and `warpscope cache`).
 *
 * A cache is a tag array (sets x ways of lines, optionally split into 32-byte
 * sectors) with a replacement policy, a write policy, MSHRs and a miss queue.
 * It does not move data or keep time: the owner (the SM's LD/ST unit, an L2
 * slice) calls ws_cache_access when a request looks the cache up, takes
 * requests out of the miss queue to send them down, and calls ws_cache_fill
 * when the data comes back.  Every outcome is counted in ws_cache_stats.
 *
 * Per line the cache keeps who owns it (the device allocation id of the
 * address that brought it in) and prefetch bookkeeping (brought in by a
 * prefetch; used by a demand access since), so prefetch usefulness, early
 * eviction and per-data-structure occupancy can be computed. */
#ifndef WS_CACHE_H
#define WS_CACHE_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/ws_mreq.h"
#include "util/ws_error.h"
#include "util/ws_rng.h"

typedef enum ws_cache_repl { WS_REPL_LRU = 0, WS_REPL_FIFO, WS_REPL_RANDOM } ws_cache_repl;

typedef enum ws_cache_wpol {
    WS_WP_WRITE_BACK = 0,   /* writes dirty the line; dirty lines written back on eviction */
    WS_WP_WRITE_THROUGH,    /* writes update a present line and always go down */
    WS_WP_WRITE_EVICT,      /* writes invalidate a present line and go down */
    WS_WP_LOCAL_WB_GLOBAL_WT, /* Fermi L1: local-space writes write-back, others write-through */
} ws_cache_wpol;

typedef enum ws_cache_walloc {
    WS_WA_NONE = 0,         /* write miss: no allocation, the write goes down */
    WS_WA_FETCH,            /* write miss: fetch the line (a read miss), then write */
    WS_WA_VALIDATE,         /* write miss: allocate without fetching; the written
                             * sectors become valid and dirty (lazy fetch on read) */
} ws_cache_walloc;

typedef enum ws_cache_alloc {
    WS_ALLOC_ON_MISS = 0,   /* reserve the victim line when the miss is sent */
    WS_ALLOC_ON_FILL,       /* choose the victim when the data arrives */
} ws_cache_alloc;

typedef enum ws_cache_hash {
    WS_HASH_LINEAR = 0,     /* set = line address mod sets */
    WS_HASH_FERMI,          /* GPGPU-Sim's Fermi L1 hash (xor of higher address bits) */
    WS_HASH_XOR,            /* set = (line ^ line / sets) mod sets */
} ws_cache_hash;

typedef struct ws_cache_config {
    char name[32];          /* "l1d", "l2", ... (messages) */
    uint32_t sets, ways, line;  /* line: bytes, power of two >= 4 */
    uint32_t sector;        /* sector bytes (32), or 0 for whole-line caches */
    ws_cache_repl repl;
    ws_cache_wpol wpol;
    ws_cache_walloc walloc;
    ws_cache_alloc alloc;
    ws_cache_hash hash;
    uint32_t mshrs;         /* MSHR entries (0: no MSHRs, misses are not tracked) */
    uint32_t mshr_merge;    /* requests one MSHR entry may hold (>= 1) */
    uint32_t missq;         /* miss-queue entries (0: unbounded) */
    uint64_t seed;          /* random replacement */
} ws_cache_config;

/* Outcome of an access. */
typedef enum ws_cache_status {
    WS_CACHE_HIT = 0,       /* data present */
    WS_CACHE_HIT_RESERVED,  /* line (sector) reserved, fill pending: merged into its MSHR */
    WS_CACHE_MISS,          /* a new MSHR entry; the request is in the miss queue */
    WS_CACHE_RESFAIL,       /* could not be accepted now (see ws_cache_fail); retry later */
} ws_cache_status;

typedef enum ws_cache_fail {
    WS_CFAIL_NONE = 0,
    WS_CFAIL_LINE_ALLOC,    /* every line of the set is reserved */
    WS_CFAIL_MSHR_FULL,     /* no free MSHR entry */
    WS_CFAIL_MERGE_FULL,    /* the line's MSHR entry holds mshr_merge requests */
    WS_CFAIL_MISSQ_FULL,    /* the miss queue is full */
    WS_CFAIL_COUNT
} ws_cache_fail;

/* A line leaving the cache (eviction, or invalidation by write-evict). */
typedef struct ws_cache_evict {
    bool valid;             /* a valid line was evicted */
    bool dirty;             /* it needs a write-back (owner creates it, or see
                             * ws_cache_access's automatic write-back below) */
    uint64_t addr;          /* line address */
    uint32_t dirty_mask;    /* dirty sectors */
    uint32_t owner;
    bool prefetched;        /* brought in by a prefetch ... */
    bool used;              /* ... and used by a demand access since */
} ws_cache_evict;

typedef struct ws_cache_result {
    ws_cache_status status;
    ws_cache_fail fail;     /* for RESFAIL */
    bool forwarded;         /* the request itself went to the miss queue (a miss,
                             * a write-through / write-evict / no-allocate write) */
    bool first_use_of_prefetch; /* a demand hit on a prefetched line not used before */
    bool hit_prefetch_pending;  /* HIT_RESERVED on a line a prefetch is bringing in */
    ws_cache_evict evicted; /* victim evicted by this access (on-miss allocation) */
} ws_cache_result;

typedef struct ws_cache_stats {
    uint64_t accesses[5];   /* by ws_mreq_kind */
    uint64_t hits[5], hit_reserved[5], misses[5];
    uint64_t resfail[WS_CFAIL_COUNT];
    uint64_t mshr_merges;   /* requests merged into an existing MSHR entry */
    uint64_t fills, evictions, writebacks, invalidations;
    uint64_t sector_misses; /* line present, sector missing */
} ws_cache_stats;

/* One line, for inspection (TUI, Lua, tests). */
typedef enum ws_line_state { WS_LINE_INVALID = 0, WS_LINE_RESERVED, WS_LINE_VALID, WS_LINE_MODIFIED } ws_line_state;
typedef struct ws_cache_line_info {
    uint64_t addr;          /* line address (0 when invalid) */
    ws_line_state state;
    uint32_t valid_mask, dirty_mask, reserved_mask;   /* per sector */
    uint32_t owner;
    bool prefetched, used;
    uint64_t fill_cycle, last_access;
} ws_cache_line_info;

typedef struct ws_cache ws_cache;

/* Validates the geometry and policy combination (names the bad field and
 * the allowed range / why the combination is impossible, e.g. write-back
 * with allocate-on-fill). */
ws_cache *ws_cache_create(const ws_cache_config *cfg, ws_error *err);
void ws_cache_free(ws_cache *c);
const ws_cache_config *ws_cache_config_get(const ws_cache *c);
/* Invalidate everything (counters kept); fails with pending MSHRs. */
void ws_cache_flush(ws_cache *c);

/* Look up request r (r->addr, r->size, r->kind, r->owner) at `cycle`.
 * HIT: nothing retained.  HIT_RESERVED: r is chained in the line's MSHR and
 * comes back from ws_cache_fill.  MISS: r owns a new MSHR entry and is in
 * the miss queue (reads); writes that go down are put in the miss queue too
 * (forwarded = true).  RESFAIL: nothing changed except the resfail counter.
 * Dirty victims of a write-back cache are queued as WRITEBACK requests taken
 * from `pool` (the access fails with MISSQ_FULL when there is no room for
 * them).  Reads that must skip the cache are the owner's business. */
ws_cache_result ws_cache_access(ws_cache *c, ws_mreq *r, uint64_t cycle, ws_mreq_pool *pool);
/* Probe without side effects: HIT, HIT_RESERVED, or MISS. */
ws_cache_status ws_cache_probe(const ws_cache *c, uint64_t addr);

/* Miss queue: requests to send to the next level, oldest first. */
ws_mreq *ws_cache_missq_head(const ws_cache *c);
ws_mreq *ws_cache_missq_pop(ws_cache *c);
uint32_t ws_cache_missq_len(const ws_cache *c);

/* Data for the miss request r (the one that got MISS) arrived: the line
 * (sectors) becomes valid and the chain of requests waiting on it (r first,
 * then the merged ones, in arrival order) is returned through `next`.  With
 * allocate-on-fill the victim is chosen now (`ev` filled).  The cache does
 * not free any request. */
ws_mreq *ws_cache_fill(ws_cache *c, ws_mreq *r, uint64_t cycle, ws_cache_evict *ev);

/* Free MSHR entries / whether the cache has anything outstanding. */
uint32_t ws_cache_mshr_free(const ws_cache *c);
bool ws_cache_idle(const ws_cache *c);

const ws_cache_stats *ws_cache_stats_get(const ws_cache *c);
uint32_t ws_cache_nlines(const ws_cache *c);          /* sets * ways */
void ws_cache_line(const ws_cache *c, uint32_t set, uint32_t way, ws_cache_line_info *out);
uint32_t ws_cache_set_of(const ws_cache *c, uint64_t addr);
/* MSHR entries in use: line address and merged count, i in 0..mshrs-1
 * (returns false for a free entry). */
bool ws_cache_mshr(const ws_cache *c, uint32_t i, uint64_t *addr, uint32_t *merged);

/* Ideal (untimed) access for trace-driven use (`warpscope cache`): a miss
 * fills immediately, no MSHRs or queues.  Returns true on a hit. */
bool ws_cache_access_ideal(ws_cache *c, uint64_t addr, bool write, uint64_t cycle);

#endif
