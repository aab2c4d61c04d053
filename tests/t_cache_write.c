/* t_cache_write: write policies step by step: write-back (dirty lines and
 * their WRITEBACK requests), write-through, write-evict, Fermi local-WB /
 * global-WT, and the write-allocate policies none, fetch and validate. */
#include "cache/tcache.h"

static ws_mreq_pool pool;

#define ACC(c, r, cyc) ws_cache_access((c), (r), (cyc), &pool)

static void write_back_fetch(void)
{
    ws_cache_config cfg = tc_cfg(1, 2, 64);
    cfg.wpol = WS_WP_WRITE_BACK;
    cfg.walloc = WS_WA_FETCH;
    ws_cache *c = tc_new(&cfg);
    const ws_cache_stats *st = ws_cache_stats_get(c);
    ws_mreq *w1 = tc_req(&pool, WS_MREQ_WRITE, 0x004, 4);
    ws_mreq *w2 = tc_req(&pool, WS_MREQ_WRITE, 0x008, 4);
    ws_cache_result res = ACC(c, w1, 1);
    ok(res.status == WS_CACHE_MISS && res.forwarded, "wb+fetch: write miss goes down to fetch the line");
    ok(w1->kind == WS_MREQ_WRITE && w1->addr == 4 && w1->size == 4, "wb+fetch: the request is unchanged");
    ok(ws_cache_missq_pop(c) == w1, "wb+fetch: it is the queued request");
    ok(tc_line(c, 0).state == WS_LINE_RESERVED, "wb+fetch: line reserved");
    res = ACC(c, w2, 2);
    ok(res.status == WS_CACHE_HIT_RESERVED, "wb+fetch: second write merges");
    ws_mreq *want[] = { w1, w2 };
    ok(tc_chain_is(ws_cache_fill(c, w1, 3, NULL), want, 2), "wb+fetch: fill releases both writes");
    ws_cache_line_info li = tc_line(c, 0);
    ok(li.state == WS_LINE_MODIFIED && li.dirty_mask == 1, "wb+fetch: the writes dirty the line at fill");
    ws_mreq *w3 = tc_req(&pool, WS_MREQ_WRITE, 0x010, 4);
    res = ACC(c, w3, 4);
    ok(res.status == WS_CACHE_HIT && !res.forwarded && !ws_cache_missq_head(c), "wb: write hit stays in the cache");
    ws_mreq *r1 = tc_req(&pool, WS_MREQ_READ, 0x040, 4);
    ws_mreq *r2 = tc_req(&pool, WS_MREQ_READ, 0x080, 4);
    ok(ACC(c, r1, 5).status == WS_CACHE_MISS && !ws_cache_missq_head(c)->next, "wb: r1 takes the free way");
    ws_cache_missq_pop(c);
    ws_cache_fill(c, r1, 6, NULL);
    res = ACC(c, r2, 7);
    ok(res.status == WS_CACHE_MISS && res.evicted.valid && res.evicted.dirty && res.evicted.addr == 0,
       "wb: r2 evicts the LRU line 0, which is dirty");
    ws_mreq *wb = ws_cache_missq_pop(c);
    ok(wb && wb->kind == WS_MREQ_WRITEBACK && wb->addr == 0 && wb->size == 64 && wb->sector_mask == 1,
       "wb: its WRITEBACK request is queued before the miss");
    ok(ws_cache_missq_pop(c) == r2, "wb: then r2");
    is_u64(st->writebacks, 1, "wb: one write-back");
    is_u64(st->misses[WS_MREQ_WRITE], 1, "wb: one write miss");
    is_u64(st->hit_reserved[WS_MREQ_WRITE], 1, "wb: one write merge");
    is_u64(st->hits[WS_MREQ_WRITE], 1, "wb: one write hit");
    ws_mreq_free(&pool, wb);
    ws_cache_free(c);

    /* with no pool the write-back is only counted */
    cfg.ways = 1;
    c = tc_new(&cfg);
    ws_mreq *v = tc_req(&pool, WS_MREQ_WRITE, 0x0, 4);
    ACC(c, v, 1);
    ws_cache_missq_pop(c);
    ws_cache_fill(c, v, 2, NULL);
    ws_mreq *r3 = tc_req(&pool, WS_MREQ_READ, 0x40, 4);
    res = ws_cache_access(c, r3, 3, NULL);
    ok(res.status == WS_CACHE_MISS && res.evicted.dirty, "no pool: the dirty victim is evicted");
    ok(ws_cache_missq_pop(c) == r3 && !ws_cache_missq_head(c), "no pool: only the miss is queued");
    is_u64(ws_cache_stats_get(c)->writebacks, 1, "no pool: the write-back is counted");
    ws_cache_free(c);
}

static void write_through(void)
{
    ws_cache_config cfg = tc_cfg(1, 2, 64);
    cfg.walloc = WS_WA_FETCH;
    ws_cache *c = tc_new(&cfg);
    ws_mreq *w = tc_req(&pool, WS_MREQ_WRITE, 0x004, 4);
    ws_cache_result res = ACC(c, w, 1);
    ok(res.status == WS_CACHE_MISS && res.forwarded, "wt+fetch: write miss goes down (with the line fetched)");
    ws_cache_fill(c, w, 2, NULL);
    ok(tc_line(c, 0).state == WS_LINE_VALID, "wt+fetch: line valid, not dirty");
    ws_cache_free(c);

    cfg.walloc = WS_WA_NONE;
    c = tc_new(&cfg);
    ws_mreq *r = tc_req(&pool, WS_MREQ_READ, 0x000, 4);
    ws_mreq *w2 = tc_req(&pool, WS_MREQ_WRITE, 0x040, 4);
    ws_mreq *w3 = tc_req(&pool, WS_MREQ_WRITE, 0x008, 4);
    ACC(c, r, 1);
    ws_cache_fill(c, r, 2, NULL);
    res = ACC(c, w2, 3);
    ok(res.status == WS_CACHE_MISS && res.forwarded && !res.evicted.valid, "wt+none: write miss goes down");
    ok(tc_line(c, 0x40).state == WS_LINE_INVALID, "wt+none: nothing allocated");
    res = ACC(c, w3, 4);
    ok(res.status == WS_CACHE_HIT && res.forwarded, "wt: write hit goes down too");
    ws_cache_line_info li = tc_line(c, 0);
    ok(li.state == WS_LINE_VALID && li.last_access == 4, "wt: line stays valid and clean, touched");
    is_int(ws_cache_missq_len(c), 3, "wt: r, w2, w3 queued");
    ws_mreq *at = tc_req(&pool, WS_MREQ_ATOMIC, 0x010, 4);
    res = ACC(c, at, 5);
    ok(res.status == WS_CACHE_HIT && res.forwarded, "an atomic is a write");
    is_u64(ws_cache_stats_get(c)->hits[WS_MREQ_ATOMIC], 1, "counted as an atomic hit");
    ws_cache_free(c);

    cfg.wpol = WS_WP_WRITE_BACK;
    c = tc_new(&cfg);
    ws_mreq *w4 = tc_req(&pool, WS_MREQ_WRITE, 0x000, 4);
    res = ACC(c, w4, 1);
    ok(res.status == WS_CACHE_MISS && res.forwarded && tc_line(c, 0).state == WS_LINE_INVALID,
       "wb+none: write miss goes down, nothing allocated");
    ws_cache_free(c);
}

static void write_evict(void)
{
    ws_cache_config cfg = tc_cfg(1, 2, 128);
    cfg.wpol = WS_WP_WRITE_EVICT;
    cfg.sector = 32;
    ws_cache *c = tc_new(&cfg);
    const ws_cache_stats *st = ws_cache_stats_get(c);
    ws_mreq *p = tc_req(&pool, WS_MREQ_PREFETCH, 0x000, 128);
    ACC(c, p, 1);
    ws_cache_fill(c, ws_cache_missq_pop(c), 2, NULL);
    ws_mreq *w = tc_req(&pool, WS_MREQ_WRITE, 0x020, 4);
    ws_cache_result res = ACC(c, w, 3);
    ok(res.status == WS_CACHE_HIT && res.forwarded, "we: write hit goes down");
    ok(res.evicted.valid && res.evicted.addr == 0 && res.evicted.prefetched && res.evicted.used &&
       !res.evicted.dirty, "we: the invalidated line is reported (a demand write used the prefetch)");
    ok(res.first_use_of_prefetch, "we: the write is the prefetched line's first use");
    ok(tc_line(c, 0).state == WS_LINE_INVALID, "we: line invalid");
    is_u64(st->invalidations, 1, "we: one invalidation");
    is_u64(st->evictions, 0, "we: an invalidation is no eviction");
    ok(ws_cache_missq_pop(c) == w, "we: the write is queued");
    ws_mreq *wm = tc_req(&pool, WS_MREQ_WRITE, 0x020, 4);
    res = ACC(c, wm, 4);
    ok(res.status == WS_CACHE_MISS && res.forwarded && tc_line(c, 0).state == WS_LINE_INVALID,
       "we: write miss goes down, no allocation");

    /* a line waiting for a fill stays */
    ws_mreq *r0 = tc_req(&pool, WS_MREQ_READ, 0x000, 4);
    ws_mreq *r1 = tc_req(&pool, WS_MREQ_READ, 0x040, 4);
    ws_cache_missq_pop(c);
    ACC(c, r0, 5);
    ws_cache_fill(c, ws_cache_missq_pop(c), 6, NULL);
    ACC(c, r1, 7);
    ws_mreq *w0 = tc_req(&pool, WS_MREQ_WRITE, 0x000, 4);
    res = ACC(c, w0, 8);
    ok(res.status == WS_CACHE_HIT && res.forwarded && !res.evicted.valid, "we: write hit on a line with a fill pending");
    ws_cache_line_info li = tc_line(c, 0);
    ok(li.valid_mask == 1 && li.reserved_mask == 4, "we: ... the line is left in place");
    is_u64(st->invalidations, 1, "we: no new invalidation");
    ws_cache_free(c);
}

static void validate(void)
{
    ws_cache_config cfg = tc_cfg(2, 2, 128);
    cfg.sector = 32;
    cfg.wpol = WS_WP_WRITE_BACK;
    cfg.walloc = WS_WA_VALIDATE;
    ws_cache *c = tc_new(&cfg);
    const ws_cache_stats *st = ws_cache_stats_get(c);
    ws_mreq *w = tc_req(&pool, WS_MREQ_WRITE, 0x020, 40);    /* sectors 1, 2 */
    ws_cache_result res = ACC(c, w, 1);
    ok(res.status == WS_CACHE_MISS && !res.forwarded, "wb+validate: write miss allocates, nothing goes down");
    ws_cache_line_info li = tc_line(c, 0);
    ok(li.state == WS_LINE_MODIFIED && li.valid_mask == 0x6 && li.dirty_mask == 0x6, "wb+validate: written sectors valid and dirty");
    ok(ws_cache_idle(c), "wb+validate: no MSHR used");
    ws_mreq *r = tc_req(&pool, WS_MREQ_READ, 0x000, 64);    /* sectors 0, 1 */
    res = ACC(c, r, 2);
    ok(res.status == WS_CACHE_MISS, "wb+validate: reading an unwritten sector misses (lazy fetch)");
    is_u64(st->sector_misses, 1, "wb+validate: a sector miss");
    ws_cache_fill(c, r, 3, NULL);
    li = tc_line(c, 0);
    ok(li.valid_mask == 0x7 && li.dirty_mask == 0x6, "wb+validate: after the fill sectors 0-2 valid, 1-2 dirty");
    ws_mreq *w2 = tc_req(&pool, WS_MREQ_WRITE, 0x060, 32);  /* sector 3 */
    res = ACC(c, w2, 4);
    ok(res.status == WS_CACHE_MISS && !res.forwarded, "wb+validate: writing a missing sector of a present line");
    li = tc_line(c, 0);
    ok(li.valid_mask == 0xf && li.dirty_mask == 0xe, "wb+validate: sector 3 valid and dirty");
    is_u64(st->sector_misses, 2, "wb+validate: counted as a sector miss");
    ws_cache_free(c);

    cfg.wpol = WS_WP_WRITE_THROUGH;
    c = tc_new(&cfg);
    ws_mreq *w3 = tc_req(&pool, WS_MREQ_WRITE, 0x084, 4);
    res = ACC(c, w3, 1);
    ok(res.status == WS_CACHE_MISS && res.forwarded, "wt+validate: write miss allocates and goes down");
    li = tc_line(c, 0x80);
    ok(li.state == WS_LINE_VALID && li.valid_mask == 1 && li.dirty_mask == 0, "wt+validate: sector valid, clean");
    ws_cache_free(c);
}

static void local_global(void)
{
    ws_cache_config cfg = tc_cfg(1, 2, 64);
    cfg.wpol = WS_WP_LOCAL_WB_GLOBAL_WT;
    ws_cache *c = tc_new(&cfg);
    ws_mreq *r = tc_req(&pool, WS_MREQ_READ, 0x000, 4);
    ACC(c, r, 1);
    ws_cache_fill(c, ws_cache_missq_pop(c), 2, NULL);
    ws_mreq *g = tc_req(&pool, WS_MREQ_WRITE, 0x004, 4);
    ws_cache_result res = ACC(c, g, 3);
    ok(res.status == WS_CACHE_HIT && res.forwarded && tc_line(c, 0).state == WS_LINE_VALID,
       "fermi: a global write hit goes through, line clean");
    ws_cache_missq_pop(c);
    ws_mreq *l = tc_req(&pool, WS_MREQ_WRITE, 0x008, 4);
    l->flags = WS_MREQ_F_LOCAL;
    res = ACC(c, l, 4);
    ok(res.status == WS_CACHE_HIT && !res.forwarded && tc_line(c, 0).state == WS_LINE_MODIFIED,
       "fermi: a local write hit is written back later (line modified)");
    ws_mreq *lm = tc_req(&pool, WS_MREQ_WRITE, 0x048, 4);
    lm->flags = WS_MREQ_F_LOCAL;
    res = ACC(c, lm, 5);
    ok(res.status == WS_CACHE_MISS && res.forwarded && tc_line(c, 0x40).state == WS_LINE_INVALID,
       "fermi: a local write miss goes down (no write allocation)");
    ws_cache_free(c);
}

/* Atomics performed in the cache (atomic_local): on a write-evict,
 * no-allocate cache an atomic is a write-back store with fetch-on-write. */
static void atomics(void)
{
    for (int local = 0; local <= 1; local++) {
        ws_cache_config cfg = tc_cfg(1, 2, 128);
        cfg.wpol = WS_WP_WRITE_EVICT;
        cfg.atomic_local = local;
        ws_cache *c = tc_new(&cfg);
        const char *m = local ? "local" : "policy";
        ws_mreq *a = tc_req(&pool, WS_MREQ_ATOMIC, 0x010, 4);
        ws_cache_result res = ACC(c, a, 1);
        ok(res.status == WS_CACHE_MISS && res.forwarded, "%s: an atomic miss goes down", m);
        ok(ws_cache_missq_pop(c) == a, "%s: the atomic itself is queued", m);
        if (!local) {
            ok(tc_line(c, 0).state == WS_LINE_INVALID, "policy: nothing allocated (no-allocate)");
            ws_cache_free(c);
            continue;
        }
        ok(tc_line(c, 0).state != WS_LINE_INVALID && tc_line(c, 0).valid_mask == 0,
           "local: the line is allocated, waiting for its data");
        ws_mreq *a2 = tc_req(&pool, WS_MREQ_ATOMIC, 0x020, 4);
        res = ACC(c, a2, 2);
        ok(res.status == WS_CACHE_HIT_RESERVED && !res.forwarded, "local: a second atomic waits for the fill");
        ws_mreq *want[] = { a, a2 };
        ok(tc_chain_is(ws_cache_fill(c, a, 3, NULL), want, 2), "local: the fill releases both");
        ws_cache_line_info li = tc_line(c, 0);
        ok(li.valid_mask == 1 && li.dirty_mask == 1, "local: the line is valid and dirty");
        ws_mreq *a3 = tc_req(&pool, WS_MREQ_ATOMIC, 0x030, 4);
        res = ACC(c, a3, 4);
        ok(res.status == WS_CACHE_HIT && !res.forwarded && !res.evicted.valid,
           "local: an atomic hit stays in the cache (no write-evict)");
        ws_mreq *w = tc_req(&pool, WS_MREQ_WRITE, 0x030, 4);
        res = ACC(c, w, 5);
        ok(res.status == WS_CACHE_HIT && res.forwarded && res.evicted.valid && res.evicted.dirty,
           "local: a plain store still follows write-evict (and the dirty line is reported)");
        ws_mreq *wbq = ws_cache_missq_pop(c);
        ok(wbq && wbq->kind == WS_MREQ_WRITEBACK && wbq->addr == 0 && wbq->size == 128,
           "local: ... the dirty line is written back first");
        ok(ws_cache_missq_pop(c) == w, "local: ... then the store goes down");
        ws_mreq_free(&pool, wbq);
        ws_cache_free(c);
    }
    /* the policy rules where the cache allocates on fill */
    ws_cache_config cfg = tc_cfg(1, 2, 128);
    cfg.wpol = WS_WP_WRITE_EVICT;
    cfg.alloc = WS_ALLOC_ON_FILL;
    cfg.atomic_local = true;
    ws_cache *c = tc_new(&cfg);
    ws_mreq *a = tc_req(&pool, WS_MREQ_ATOMIC, 0x010, 4);
    ws_cache_result res = ACC(c, a, 1);
    ok(res.status == WS_CACHE_MISS && res.forwarded && ws_cache_mshr_free(c) == 8,
       "allocate-on-fill: the atomic goes down without an MSHR entry");
    ws_cache_free(c);
}

int main(void)
{
    ws_mreq_pool_init(&pool);
    write_back_fetch();
    write_through();
    write_evict();
    validate();
    local_global();
    atomics();
    ws_mreq_pool_fini(&pool);
    return tap_done();
}
