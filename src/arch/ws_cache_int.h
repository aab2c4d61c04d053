/* ws_cache_int.h: the cache's private state, shared by ws_cache.c (creation,
 * lookup, access), ws_cache_mshr.c (MSHR table, fills) and ws_cache_ideal.c
 * (untimed access, invalidation, inspection).  Not for other modules. */
#ifndef WS_CACHE_INT_H
#define WS_CACHE_INT_H

#include "arch/ws_cache.h"

#define WS_TAG_NONE UINT64_MAX  /* tag of an invalid way */
#define WS_MSHR_NONE UINT32_MAX

/* One way's state.  What a lookup and a victim choice read lives in arrays
 * of its own, so that a set's ways are a few bytes apart: the tag in
 * ws_cache.tag, the replacement order in ws_cache.ord, the pending flag in
 * ws_cache.pend. */
typedef struct ws_cline {
    uint32_t valid, dirty;      /* sector masks */
    uint32_t reserved;          /* sectors its MSHR entry fetches (allocate-on-miss) */
    uint32_t owner;
    uint32_t aux;               /* the pf_key of the prefetch that allocated it */
    uint8_t prefetched, used;
    uint64_t fill_cycle, last_access;
} ws_cline;

/* One MSHR entry: every request waiting for one line. */
typedef struct ws_mshr_ent {
    uint64_t line;              /* line number (addr >> line_log2) */
    uint32_t pending;           /* sectors being fetched */
    uint32_t inflight;          /* misses sent down and not filled yet */
    uint32_t nreq;              /* requests it holds (in flight + waiting) */
    uint32_t next_free;         /* free list link */
    uint8_t in_use, prefetch, demand_joined;
    uint32_t aux;               /* pf_key of the prefetch that created it */
    ws_mreq *head, *tail;       /* waiting (merged) requests, arrival order */
    ws_mreq *lead;              /* the prefetch that created it, until its fill */
} ws_mshr_ent;

struct ws_cache {
    ws_cache_config cfg;
    uint32_t line_log2, set_log2, set_mask, sec_log2, nsec, ways;
    uint32_t all_sectors;       /* mask of every sector of a line */
    uint64_t *tag;              /* sets * ways line numbers, WS_TAG_NONE if invalid */
    uint64_t *ord;              /* per way: LRU last touch, FIFO allocation (stamps) */
    uint8_t *pend;              /* per way: allocate-on-miss MSHR entry exists (no victim) */
    ws_cline *ln;
    uint64_t stamp;             /* replacement order counter */
    ws_rng rng;
    ws_mreq_fifo missq;
    /* MSHR table: entries, free list, open-addressing index (entry + 1; 0 empty) */
    ws_mshr_ent *ent;
    uint32_t nent, nused, free_head;
    uint32_t *index;
    uint32_t index_mask;
    ws_cache_stats st;
    uint64_t gen;               /* bumped by every change of state (ws_cache_gen) */
};

/* Inline forms of ws_cache_gen, ws_cache_missq_len and ws_cache_missq_head
 * for the SM's per-cycle paths. */
static inline uint64_t ws_cache_gen_now(const ws_cache *c) { return c->gen; }
static inline uint32_t ws_cache_missq_n(const ws_cache *c) { return c->missq.n; }
static inline ws_mreq *ws_cache_missq_first(const ws_cache *c) { return c->missq.head; }

static inline uint32_t ws_cache_set_index(const ws_cache *c, uint64_t line)
{
    if (c->cfg.index_addr)
        line = c->cfg.index_addr(c->cfg.index_ctx, line << c->line_log2) >> c->line_log2;
    switch (c->cfg.hash) {
    case WS_HASH_LINEAR:
    default:
        return (uint32_t)line & c->set_mask;
    case WS_HASH_XOR:
        return (uint32_t)(line ^ (line >> c->set_log2)) & c->set_mask;
    case WS_HASH_FERMI: {
        /* GPGPU-Sim's Fermi L1 set index (after Nugteren et al., HPCA 2014):
         * five low line-number bits xor address bits 13, 14, 15, 17, 19; a
         * 64-set cache takes address bit 12 as its sixth index bit. */
        uint64_t a = line << c->line_log2;
        uint32_t up = (uint32_t)(((a >> 13) & 7u) | (((a >> 17) & 1u) << 3) | (((a >> 19) & 1u) << 4));
        uint32_t s = ((uint32_t)line & 31u) ^ up;
        if (c->cfg.sets == 64)
            s |= (uint32_t)((a >> 12) & 1u) << 5;
        return s;
    }
    }
}

/* Sectors [addr, addr + size) needs within the line of addr. */
static inline uint32_t ws_cache_need(const ws_cache *c, uint64_t addr, uint32_t size)
{
    if (c->nsec == 1)
        return 1;
    uint64_t off = addr & (((uint64_t)1 << c->line_log2) - 1);
    uint64_t end = off + (size ? size : 1);
    uint64_t lsz = (uint64_t)1 << c->line_log2;
    if (end > lsz)
        end = lsz;
    uint32_t first = (uint32_t)(off >> c->sec_log2), last = (uint32_t)((end - 1) >> c->sec_log2);
    uint64_t m = (((uint64_t)2 << last) - 1) & ~(((uint64_t)1 << first) - 1);
    return (uint32_t)m;
}

/* The sectors of the line request r touches.  The LD/ST unit describes a
 * request by the 32-byte sectors of its 128-byte block (sector_mask, addr
 * the block's start, size 32 x the sectors): those sectors, not the first
 * ones of the block; any other request, its byte range. */
static inline uint32_t ws_cache_req_need(const ws_cache *c, const ws_mreq *r)
{
    uint32_t sm = r->sector_mask;
    if (c->nsec > 1 && sm && sm <= 0xfu && r->addr % 128 == 0 &&
        r->size == 32u * (uint32_t)__builtin_popcount(sm) && (sm & (sm + 1)) != 0) {
        uint32_t m = 0;
        for (; sm; sm &= sm - 1)
            m |= ws_cache_need(c, r->addr + 32u * (uint32_t)__builtin_ctz(sm), 32);
        return m;
    }
    return ws_cache_need(c, r->addr, r->size);
}

static inline bool ws_cache_is_write(uint8_t kind)
{
    return kind == WS_MREQ_WRITE || kind == WS_MREQ_ATOMIC || kind == WS_MREQ_WRITEBACK;
}

/* An atomic this cache performs itself (write-back, fetch-on-write; only
 * with allocate-on-miss, where a dirty victim can be written back). */
static inline bool ws_cache_atomic_here(const ws_cache *c, const ws_mreq *r)
{
    return r->kind == WS_MREQ_ATOMIC && c->cfg.atomic_local && c->cfg.alloc == WS_ALLOC_ON_MISS;
}

/* Effective write-back for this request (LOCAL_WB_GLOBAL_WT by its flag). */
static inline bool ws_cache_wb(const ws_cache *c, const ws_mreq *r)
{
    return c->cfg.wpol == WS_WP_WRITE_BACK ||
           (c->cfg.wpol == WS_WP_LOCAL_WB_GLOBAL_WT && (r->flags & WS_MREQ_F_LOCAL)) ||
           ws_cache_atomic_here(c, r);
}

/* A write hit that goes on invalidates the line: write-evict, or a global
 * write under LOCAL_WB_GLOBAL_WT with global_evict. */
static inline bool ws_cache_evicts(const ws_cache *c)
{
    return c->cfg.wpol == WS_WP_WRITE_EVICT || (c->cfg.wpol == WS_WP_LOCAL_WB_GLOBAL_WT && c->cfg.global_evict);
}

/* Effective write-allocation policy for this request. */
static inline ws_cache_walloc ws_cache_walloc_of(const ws_cache *c, const ws_mreq *r)
{
    return ws_cache_atomic_here(c, r) && c->cfg.walloc == WS_WA_NONE ? WS_WA_FETCH : c->cfg.walloc;
}

/* ws_cache.c */
int ws_cache_find_way(const ws_cache *c, uint32_t set, uint64_t line);
int ws_cache_victim(ws_cache *c, uint32_t set, bool skip_pending);
void ws_cache_evict_info(const ws_cache *c, uint32_t idx, ws_cache_evict *ev);
void ws_cache_install(ws_cache *c, uint32_t idx, uint64_t line, const ws_mreq *r, bool prefetched,
                      uint64_t cycle);
void ws_cache_kill(ws_cache *c, uint32_t idx);

/* ws_cache_mshr.c */
int ws_mshr_init(ws_cache *c, ws_error *err);
void ws_mshr_fini(ws_cache *c);
uint32_t ws_mshr_find(const ws_cache *c, uint64_t line);
/* A free entry for line (growing the table when unlimited), or WS_MSHR_NONE. */
uint32_t ws_mshr_alloc(ws_cache *c, uint64_t line);
void ws_mshr_release(ws_cache *c, uint32_t e);
bool ws_mshr_has_free(const ws_cache *c);

#endif
