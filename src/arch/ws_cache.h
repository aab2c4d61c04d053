/* ws_cache.h: the one generic cache model (L1D, prefetch cache, constant
 * cache, L2 slices, and `warpscope cache`).
 *
 * A cache is a tag array (sets x ways of lines, optionally split into
 * sectors) with a replacement policy, a write policy, MSHRs and a miss queue.
 * It does not move data or keep time: the owner (the SM's LD/ST unit, an L2
 * slice) calls ws_cache_access when a request looks the cache up, takes
 * requests out of the miss queue to send them down, and calls ws_cache_fill
 * when the data comes back.  Every outcome is counted in ws_cache_stats.
 *
 * Per line the cache keeps who owns it (the device allocation id of the
 * address that brought it in) and prefetch bookkeeping (brought in by a
 * prefetch; used by a demand access since), so prefetch usefulness, early
 * eviction and per-data-structure occupancy can be computed.
 *
 * The rules, exactly (tests/t_cache_ref.c checks them against an independent
 * model):
 * - Sectors.  A request needs the sectors its bytes [addr, addr + size) touch
 *   within the line of addr (size 0 counts as 1; bytes past the line end are
 *   ignored).  An unsectored cache has one sector, the whole line.
 * - Lookup.  HIT when the line is present and every needed sector is valid.
 *   Otherwise, for reads and prefetches (and writes under fetch-on-write):
 *   HIT_RESERVED when the line's MSHR entry is already fetching every needed
 *   sector that is not valid; else MISS: r goes down for every needed sector
 *   that is not valid (a "sector miss" when the line is present), joining the
 *   line's MSHR entry if there is one, else taking a new entry.
 * - Resources, checked in this order, nothing changes on failure: a victim
 *   line (allocate-on-miss: every way of the set is waiting for a fill ->
 *   LINE_ALLOC), the MSHR (joining or merging into an entry that already holds
 *   mshr_merge requests -> MERGE_FULL; no free entry -> MSHR_FULL), the miss
 *   queue (room for r if it goes down plus a write-back of a dirty victim ->
 *   MISSQ_FULL).
 * - Victims: the lowest invalid way, else (among ways with no fill pending)
 *   the least recently touched (LRU), the earliest allocated (FIFO), or a
 *   uniformly drawn one (RANDOM: one ws_rng_below(count) per choice, seeded
 *   with cfg.seed).  Touching: hits, merges and sector misses on a present
 *   line, write hits and validating writes; allocation also counts as a touch.
 * - Writes (WRITE, ATOMIC and WRITEBACK requests are writes).  The effective
 *   policy of LOCAL_WB_GLOBAL_WT is write-back for requests with
 *   WS_MREQ_F_LOCAL and write-through otherwise (write-evict with
 *   cfg.global_evict).  Write hit: write-back dirties
 *   the sectors; write-through forwards r; write-evict forwards r and
 *   invalidates the line (reported in `evicted`), except that a line waiting
 *   for a fill (allocate-on-miss) is left in place.  Write miss: no-allocate
 *   forwards r and changes nothing; fetch-on-write handles it like a read miss
 *   (r goes down to fetch, keeping kind WRITE: the owner decides how it
 *   travels) and applies the write when r or the merged write is released by
 *   ws_cache_fill (sectors valid, dirty under write-back), except that a
 *   write-through write whose line already has an MSHR entry never waits for
 *   it: it is forwarded as under no-allocate.  Validate allocates the line
 *   without fetching, the written sectors become valid (and dirty under
 *   write-back), and r is forwarded under write-through.
 * - Fills.  ws_cache_fill(r) makes the sectors r needs valid (allocate-on-fill:
 *   allocating the line first if it is absent) and releases r followed by the
 *   merged requests whose sectors are now all valid, in arrival order; when
 *   the entry has no miss left in flight it releases every request still
 *   waiting and frees the entry.
 * - Prefetch bits.  A line allocated for a PREFETCH request (allocate-on-fill:
 *   for an entry a prefetch created) is `prefetched`.  The first demand HIT on
 *   it sets `used` (and first_use_of_prefetch); a demand request merged into
 *   or joining an entry created by a prefetch sets hit_prefetch_pending (for
 *   HIT_RESERVED) and marks the line used when that entry's fill arrives.
 * - Late prefetches.  A demand (or a prefetch a demand already waits for,
 *   WS_MREQ_F_PROMOTED) joining an entry a prefetch created returns that
 *   prefetch, still in flight below this cache, in `promote`: the memory
 *   system then serves it at demand priority (ws_memsys_promote).
 * - Atomics.  With atomic_local an atomic is performed in this cache: when
 *   the write policy would send it on (write-through, write-evict or
 *   no-allocate), it is handled as a write-back store with fetch-on-write. */
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
    uint32_t sector;        /* sector bytes (32), or 0 for whole-line caches;
                             * divides line, at most 32 sectors per line */
    ws_cache_repl repl;
    ws_cache_wpol wpol;
    ws_cache_walloc walloc;
    ws_cache_alloc alloc;
    ws_cache_hash hash;
    uint32_t mshrs;         /* MSHR entries (0: unlimited) */
    uint32_t mshr_merge;    /* requests one MSHR entry may hold, the first
                             * miss included (0: unlimited) */
    uint32_t missq;         /* miss-queue entries (0: unbounded) */
    bool atomic_local;      /* atomics are performed here (write-back, fetch-on-write) */
    bool global_evict;      /* LOCAL_WB_GLOBAL_WT: a global write hit invalidates the line
                             * (GPGPU-Sim's 'L' policy is local write-back, global write-evict) */
    uint64_t seed;          /* random replacement */
    /* The address the set index is computed from (NULL: the address
     * itself).  An L2 slice indexes by the partition address, without the
     * bits that chose its channel and slice (ws_addrmap_part_addr), or it
     * would use only the sets those bits leave free. */
    uint64_t (*index_addr)(const void *ctx, uint64_t addr);
    const void *index_ctx;
} ws_cache_config;

/* Outcome of an access. */
typedef enum ws_cache_status {
    WS_CACHE_HIT = 0,       /* data present */
    WS_CACHE_HIT_RESERVED,  /* line (sector) reserved, fill pending: merged into its MSHR */
    WS_CACHE_MISS,          /* a miss: r took or joined an MSHR entry (reads, fetch-on-write)
                             * and is in the miss queue when `forwarded` */
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
    uint64_t addr;          /* line address (byte address of its first byte) */
    uint32_t dirty_mask;    /* dirty sectors */
    uint32_t owner;
    bool prefetched;        /* brought in by a prefetch ... */
    bool used;              /* ... and used by a demand access since */
    uint32_t aux;           /* the allocating prefetch's pf_key */
} ws_cache_evict;

typedef struct ws_cache_result {
    ws_cache_status status;
    ws_cache_fail fail;     /* for RESFAIL */
    bool forwarded;         /* the request itself went to the miss queue (a miss,
                             * a write-through / write-evict / no-allocate write) */
    bool first_use_of_prefetch; /* a demand hit on a prefetched line not used before */
    bool hit_prefetch_pending;  /* HIT_RESERVED on a line a prefetch is bringing in */
    bool first_join_of_prefetch;/* ... and the first demand to join that entry (a late prefetch) */
    ws_mreq *promote;       /* HIT_RESERVED of a demand: the prefetch in flight it waits for (or NULL) */
    uint32_t aux;           /* first_use_of_prefetch / hit_prefetch_pending: the prefetch's pf_key */
    uint32_t fetch_mask;    /* a MISS going down to fetch: the sectors it fetches
                             * (bit i = sector i of the line; 1 when unsectored) */
    ws_cache_evict evicted; /* victim evicted by this access (on-miss allocation) */
} ws_cache_result;

typedef struct ws_cache_stats {
    uint64_t accesses[5];   /* by ws_mreq_kind: accepted accesses (hits +
                             * hit_reserved + misses; RESFAILs are not counted here) */
    uint64_t hits[5], hit_reserved[5], misses[5];
    uint64_t resfail[WS_CFAIL_COUNT];
    uint64_t mshr_merges;   /* requests merged into or joining an existing MSHR entry */
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
 * with allocate-on-fill).  Allocate-on-fill needs a write-through or
 * write-evict policy without write allocation (a fill has no pool for
 * write-backs); the Fermi hash needs 32 or 64 sets. */
ws_cache *ws_cache_create(const ws_cache_config *cfg, ws_error *err);
/* The configuration the options PREFIX.size, .ways, .line, .sector, .repl,
 * .write, .write_alloc, .alloc, .hash, .mshr, .mshr_merge, .missq describe
 * ("l1d", "l2", "cmem"; keys the table lacks take the defaults: no sectors,
 * LRU, write-back, no write allocation, on-miss, linear, unlimited MSHRs
 * merging 1, unbounded miss queue).  Fails when size is not a multiple of
 * ways * line (ws_cache_opts.c). */
struct ws_opts;
int ws_cache_config_from_opts(ws_cache_config *c, const struct ws_opts *o, const char *prefix, uint64_t seed,
                              ws_error *err);
void ws_cache_free(ws_cache *c);
const ws_cache_config *ws_cache_config_get(const ws_cache *c);
/* Invalidate everything (counters kept; dirty lines are dropped, not
 * written back).  Returns -1 and changes nothing while MSHRs are in use. */
int ws_cache_flush(ws_cache *c);
/* Invalidate the line holding addr unless a fill is pending for it; returns
 * true when a valid line was invalidated (ev, if not NULL, describes it). */
bool ws_cache_invalidate(ws_cache *c, uint64_t addr, ws_cache_evict *ev);
/* Invalidate every line that has no fill pending, as GPGPU-Sim's
 * cache_invalidate does to an idle SM's L1D: dirty lines are dropped, not
 * written back (counted in invalidations); `each` (may be NULL) is told of
 * every valid line that leaves.  Returns the number of valid lines dropped. */
uint32_t ws_cache_invalidate_all(ws_cache *c, void (*each)(void *ctx, const ws_cache_evict *ev), void *ctx);
/* A host copy wrote [addr, addr + size) (within one line): the line becomes
 * present with those sectors valid and clean, as GPGPU-Sim's
 * force_tag_access does for -gpgpu_perf_sim_memcpy.  A victim is dropped
 * without a write-back; nothing is counted; a line waiting for a fill, or
 * a set whose every way is, is left alone (returns false). */
bool ws_cache_warm(ws_cache *c, uint64_t addr, uint32_t size, uint32_t owner, uint64_t cycle);
/* A whole clean line arrives from above (an L1 victim, ws_cpol_glue.c): a
 * present line gets every sector valid and keeps its dirty sectors; an
 * absent one takes a victim (ev, if not NULL, describes it: a dirty one
 * needs the caller's write-back; counted in evictions) and is installed
 * clean.  A line waiting for a fill, or a set whose every way is, is left
 * alone (returns false). */
bool ws_cache_insert(ws_cache *c, uint64_t addr, uint32_t owner, uint64_t cycle, ws_cache_evict *ev);
/* The sectors (bit i = sector i of the line) that [addr, addr + size) needs. */
uint32_t ws_cache_sectors(const ws_cache *c, uint64_t addr, uint32_t size);

/* Look up request r (r->addr, r->size, r->kind, r->owner) at `cycle`.
 * HIT: nothing retained (write-through / write-evict hits are forwarded).
 * HIT_RESERVED: r is chained in the line's MSHR and comes back from
 * ws_cache_fill.  MISS: reads (and fetch-on-write writes) took or joined an
 * MSHR entry and are in the miss queue; writes that go down are put in the
 * miss queue too (forwarded = true); a validating write-back write miss
 * retains nothing.  RESFAIL: nothing changed except the resfail counter.
 * Dirty victims of a write-back cache are queued, before r, as WRITEBACK
 * requests taken from `pool` (addr = the line, size = line bytes,
 * sector_mask = dirty sectors, owner = the line's owner); the access fails
 * with MISSQ_FULL when there is no room for them; with pool NULL they are
 * only counted.  ATOMIC and WRITEBACK requests are handled as writes.  Reads
 * that must skip the cache are the owner's business.  The cache never
 * changes r->addr, r->size or r->kind (nor r->sector_mask, which it does
 * not read); addr and size must come back unchanged to ws_cache_fill. */
ws_cache_result ws_cache_access(ws_cache *c, ws_mreq *r, uint64_t cycle, ws_mreq_pool *pool);
/* A number that changes whenever the cache's state may have changed (any
 * access that did not fail, fill, miss-queue pop, invalidation, ideal
 * access).  An access that failed (RESFAIL) fails again with the same cause
 * for a request with the same addr, size, kind and flags while the number
 * is unchanged, except that with random replacement a failure other than
 * LINE_ALLOC may have drawn from the cache's PRNG (choosing a victim). */
uint64_t ws_cache_gen(const ws_cache *c);
/* n such repeated failures: counts them as ws_cache_access would have. */
void ws_cache_count_fails(ws_cache *c, ws_cache_fail why, uint64_t n);
/* Probe without side effects: HIT, HIT_RESERVED, or MISS. */
ws_cache_status ws_cache_probe(const ws_cache *c, uint64_t addr);

/* Miss queue: requests to send to the next level, oldest first. */
ws_mreq *ws_cache_missq_head(const ws_cache *c);
ws_mreq *ws_cache_missq_pop(ws_cache *c);
uint32_t ws_cache_missq_len(const ws_cache *c);

/* Data for the miss request r (one that got MISS and went down) arrived:
 * the sectors r needs become valid and r is returned, followed through
 * `next` by the merged requests now complete (arrival order; all of them
 * once no miss of the entry is left in flight).  With allocate-on-fill the
 * victim is chosen now (`ev`, if not NULL, describes it).  A request with
 * no MSHR entry comes back alone, changing nothing.  The cache does not
 * free any request. */
ws_mreq *ws_cache_fill(ws_cache *c, ws_mreq *r, uint64_t cycle, ws_cache_evict *ev);

/* The prefetch in flight that created the MSHR entry of addr's line (NULL: none). */
ws_mreq *ws_cache_mshr_lead(const ws_cache *c, uint64_t addr);
/* Free MSHR entries (UINT32_MAX when unlimited) / whether the cache has
 * anything outstanding (MSHR entries or miss-queue requests). */
uint32_t ws_cache_mshr_free(const ws_cache *c);
bool ws_cache_idle(const ws_cache *c);

const ws_cache_stats *ws_cache_stats_get(const ws_cache *c);
uint32_t ws_cache_nlines(const ws_cache *c);          /* sets * ways */
void ws_cache_line(const ws_cache *c, uint32_t set, uint32_t way, ws_cache_line_info *out);
uint32_t ws_cache_set_of(const ws_cache *c, uint64_t addr);
/* MSHR entries in use: line address and the number of requests it holds,
 * i in 0..ws_cache_mshr_cap(c)-1 (returns false for a free entry). */
bool ws_cache_mshr(const ws_cache *c, uint32_t i, uint64_t *addr, uint32_t *merged);
/* Entries in the table (cfg.mshrs, or the current size when unlimited). */
uint32_t ws_cache_mshr_cap(const ws_cache *c);

/* Ideal (untimed) access for trace-driven use (`warpscope cache`): a miss
 * fills immediately, no MSHRs, queues or resource failures (fetch-on-write
 * and validate then behave alike; write-backs are only counted).  Returns
 * true on a hit.  Do not mix with timed accesses on the same cache. */
bool ws_cache_access_ideal(ws_cache *c, uint64_t addr, bool write, uint64_t cycle);
/* The same for a whole request (addr, size, kind, flags, owner are read;
 * the request is not retained); ev, if not NULL, gets the line evicted or
 * invalidated by this access. */
bool ws_cache_access_ideal_req(ws_cache *c, const ws_mreq *r, uint64_t cycle, ws_cache_evict *ev);

#endif
