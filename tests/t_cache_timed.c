/* t_cache_timed: the timed cache step by step on hand-built cases: hits,
 * misses, merging (HIT_RESERVED), every reservation-failure cause, sector
 * misses filled per sector, prefetch bits, allocate-on-fill victims. */
#include "cache/tcache.h"
#include "util/ws_rng.h"

static ws_mreq_pool pool;

#define ACC(c, r, cyc) ws_cache_access((c), (r), (cyc), &pool)

/* 4 sets x 2 ways x 128 B, 2 MSHRs holding 2 requests each. */
static void merge_and_failures(void)
{
    ws_cache_config cfg = tc_cfg(4, 2, 128);
    cfg.mshrs = 2;
    cfg.mshr_merge = 2;
    ws_cache *c = tc_new(&cfg);
    const ws_cache_stats *st = ws_cache_stats_get(c);
    ws_mreq *r1 = tc_req(&pool, WS_MREQ_READ, 0x000, 4);
    ws_mreq *r2 = tc_req(&pool, WS_MREQ_READ, 0x010, 4);
    ws_mreq *r3 = tc_req(&pool, WS_MREQ_READ, 0x020, 4);
    ws_mreq *r4 = tc_req(&pool, WS_MREQ_READ, 0x200, 4);
    ws_mreq *r5 = tc_req(&pool, WS_MREQ_READ, 0x400, 4);
    ws_mreq *r6 = tc_req(&pool, WS_MREQ_READ, 0x080, 4);
    r1->owner = 7;

    ws_cache_result res = ACC(c, r1, 1);
    ok(res.status == WS_CACHE_MISS && res.forwarded && !res.evicted.valid, "r1 misses, goes down");
    is_int(ws_cache_missq_len(c), 1, "r1 in the miss queue");
    is_int(ws_cache_mshr_free(c), 1, "one MSHR left");
    ws_cache_line_info li = tc_line(c, 0x000);
    ok(li.state == WS_LINE_RESERVED && li.valid_mask == 0 && li.reserved_mask == 1 && li.owner == 7,
       "line 0 reserved for its fill, owned by r1's allocation");
    ws_cache_line(c, 0, 0, &li);
    ok(li.addr == 0 && li.state == WS_LINE_RESERVED, "it took way 0 (the lowest invalid way)");

    res = ACC(c, r2, 2);
    ok(res.status == WS_CACHE_HIT_RESERVED && !res.forwarded, "r2 in the same line merges");
    is_u64(st->mshr_merges, 1, "one merge");
    uint64_t a;
    uint32_t merged;
    ok(ws_cache_mshr(c, 0, &a, &merged) && a == 0 && merged == 2, "MSHR 0 holds r1 and r2");
    res = ACC(c, r3, 3);
    ok(res.status == WS_CACHE_RESFAIL && res.fail == WS_CFAIL_MERGE_FULL, "r3: merge full (2 per entry)");
    res = ACC(c, r4, 4);
    ok(res.status == WS_CACHE_MISS, "r4 (set 0, another line) misses into way 1");
    res = ACC(c, r5, 5);
    ok(res.status == WS_CACHE_RESFAIL && res.fail == WS_CFAIL_LINE_ALLOC, "r5: both ways of set 0 wait for fills");
    res = ACC(c, r6, 6);
    ok(res.status == WS_CACHE_RESFAIL && res.fail == WS_CFAIL_MSHR_FULL, "r6 (set 1): no MSHR left");
    is_u64(st->resfail[WS_CFAIL_MERGE_FULL], 1, "resfail merge counted");
    is_u64(st->resfail[WS_CFAIL_LINE_ALLOC], 1, "resfail line alloc counted");
    is_u64(st->resfail[WS_CFAIL_MSHR_FULL], 1, "resfail MSHR counted");
    is_u64(st->accesses[WS_MREQ_READ], 3, "accepted accesses: r1, r2, r4");
    ok(!ws_cache_idle(c), "not idle");

    ok(ws_cache_missq_pop(c) == r1 && ws_cache_missq_pop(c) == r4 && !ws_cache_missq_pop(c), "miss queue: r1, r4");
    ws_mreq *want[] = { r1, r2 };
    ok(tc_chain_is(ws_cache_fill(c, r1, 10, NULL), want, 2), "fill r1 releases r1 then r2");
    li = tc_line(c, 0x000);
    ok(li.state == WS_LINE_VALID && li.valid_mask == 1 && li.reserved_mask == 0 && li.fill_cycle == 10,
       "line 0 valid, filled at cycle 10");
    is_int(ws_cache_mshr_free(c), 1, "MSHR freed");

    res = ACC(c, r6, 11);
    ok(res.status == WS_CACHE_MISS, "r6 retried: miss");
    res = ACC(c, r3, 12);
    ok(res.status == WS_CACHE_HIT, "r3 retried: hit");
    ok(ws_cache_fill(c, r4, 13, NULL) == r4 && r4->next == NULL, "fill r4 alone");
    res = ACC(c, r5, 14);
    ok(res.status == WS_CACHE_MISS && res.evicted.valid && res.evicted.addr == 0x200 && !res.evicted.dirty,
       "r5: LRU victim is line 0x200 (line 0 was touched later)");
    is_u64(st->evictions, 1, "one eviction");
    is_u64(st->hits[WS_MREQ_READ], 1, "one hit");
    is_u64(st->hit_reserved[WS_MREQ_READ], 1, "one hit-reserved");
    is_u64(st->misses[WS_MREQ_READ], 4, "four misses");
    is_u64(st->fills, 2, "two fills");
    ws_cache_free(c);
}

/* Miss-queue capacity and the write-back a dirty victim needs. */
static void missq_full(void)
{
    ws_cache_config cfg = tc_cfg(1, 1, 64);
    cfg.missq = 1;
    ws_cache *c = tc_new(&cfg);
    ws_mreq *r1 = tc_req(&pool, WS_MREQ_READ, 0x000, 4);
    ws_mreq *r2 = tc_req(&pool, WS_MREQ_READ, 0x040, 4);
    ws_cache_result res = ACC(c, r1, 1);
    ok(res.status == WS_CACHE_MISS, "missq: first miss");
    ws_cache_fill(c, ws_cache_missq_head(c), 2, NULL);
    res = ACC(c, r2, 3);
    ok(res.status == WS_CACHE_RESFAIL && res.fail == WS_CFAIL_MISSQ_FULL, "missq: r1 still queued -> MISSQ_FULL");
    ok(tc_line(c, 0).state == WS_LINE_VALID, "missq: nothing changed (line 0 still there)");
    ws_cache_missq_pop(c);
    res = ACC(c, r2, 4);
    ok(res.status == WS_CACHE_MISS && res.evicted.valid, "missq: room again, r2 evicts line 0");
    is_u64(ws_cache_stats_get(c)->resfail[WS_CFAIL_MISSQ_FULL], 1, "missq: counted");
    ws_cache_free(c);

    /* write-back: a dirty victim needs a second miss-queue slot */
    cfg = tc_cfg(1, 1, 64);
    cfg.wpol = WS_WP_LOCAL_WB_GLOBAL_WT;
    cfg.walloc = WS_WA_VALIDATE;
    cfg.missq = 2;
    c = tc_new(&cfg);
    ws_mreq *wl = tc_req(&pool, WS_MREQ_WRITE, 0x008, 8);
    ws_mreq *wg = tc_req(&pool, WS_MREQ_WRITE, 0x010, 4);
    ws_mreq *r = tc_req(&pool, WS_MREQ_READ, 0x100, 4);
    wl->flags = WS_MREQ_F_LOCAL;
    res = ACC(c, wl, 1);
    ok(res.status == WS_CACHE_MISS && !res.forwarded, "local write miss validates the line, nothing goes down");
    ws_cache_line_info li = tc_line(c, 0);
    ok(li.state == WS_LINE_MODIFIED && li.dirty_mask == 1 && li.valid_mask == 1, "local write: line modified");
    res = ACC(c, wg, 2);
    ok(res.status == WS_CACHE_HIT && res.forwarded, "global write hit goes through");
    is_int(ws_cache_missq_len(c), 1, "the global write is queued");
    res = ACC(c, r, 3);
    ok(res.status == WS_CACHE_RESFAIL && res.fail == WS_CFAIL_MISSQ_FULL,
       "a miss evicting the dirty line needs 2 slots, 1 is free");
    ok(tc_line(c, 0).state == WS_LINE_MODIFIED, "the dirty line is still there");
    ok(ws_cache_missq_pop(c) == wg, "pop the write");
    res = ACC(c, r, 4);
    ok(res.status == WS_CACHE_MISS && res.evicted.valid && res.evicted.dirty && res.evicted.addr == 0 &&
       res.evicted.dirty_mask == 1, "the miss evicts the dirty line");
    ws_mreq *wb = ws_cache_missq_pop(c);
    ok(wb && wb->kind == WS_MREQ_WRITEBACK && wb->addr == 0 && wb->size == 64 && wb->sector_mask == 1,
       "a WRITEBACK request for it is queued first");
    ok(ws_cache_missq_pop(c) == r, "then the miss");
    is_u64(ws_cache_stats_get(c)->writebacks, 1, "one write-back");
    ws_mreq_free(&pool, wb);
    ws_cache_free(c);
}

/* Sectored line: sector misses fetch only missing sectors; fills per sector. */
static void sectors(void)
{
    ws_cache_config cfg = tc_cfg(2, 2, 128);
    cfg.sector = 32;
    ws_cache *c = tc_new(&cfg);
    const ws_cache_stats *st = ws_cache_stats_get(c);
    ws_mreq *a = tc_req(&pool, WS_MREQ_READ, 0x000, 32);    /* sector 0 */
    ws_mreq *b = tc_req(&pool, WS_MREQ_READ, 0x040, 32);    /* sector 2 */
    ws_mreq *b2 = tc_req(&pool, WS_MREQ_READ, 0x044, 4);    /* sector 2 */
    ws_mreq *d = tc_req(&pool, WS_MREQ_READ, 0x020, 64);    /* sectors 1, 2 */
    ws_mreq *e = tc_req(&pool, WS_MREQ_READ, 0x010, 8);     /* sector 0 */

    ok(ACC(c, a, 1).status == WS_CACHE_MISS, "a: miss");
    ok(ACC(c, e, 2).status == WS_CACHE_HIT_RESERVED, "e: merges on sector 0");
    ws_mreq *w1[] = { a, e };
    ok(tc_chain_is(ws_cache_fill(c, a, 3, NULL), w1, 2), "fill a releases a, e");
    ok(ACC(c, b, 4).status == WS_CACHE_MISS, "b: sector miss (line present, sector 2 missing)");
    is_u64(st->sector_misses, 1, "one sector miss");
    ws_cache_line_info li = tc_line(c, 0);
    ok(li.valid_mask == 0x1 && li.reserved_mask == 0x4 && li.state == WS_LINE_VALID,
       "line: sector 0 valid, sector 2 being fetched");
    ok(ACC(c, b2, 5).status == WS_CACHE_HIT_RESERVED, "b2: merges on sector 2");
    ws_cache_result res = ACC(c, d, 6);
    ok(res.status == WS_CACHE_MISS && res.forwarded, "d: needs sector 1 nobody fetches -> miss, joins the entry");
    is_int(res.fetch_mask, 0x6, "d goes down for sectors 1 and 2 (every needed sector not valid)");
    is_u64(st->sector_misses, 2, "two sector misses");
    is_u64(st->mshr_merges, 3, "merges: e, b2, and d joining");
    uint64_t addr;
    uint32_t n;
    ok(ws_cache_mshr(c, 0, &addr, &n) && n == 3, "the entry holds b, b2, d");
    is_int(ws_cache_mshr_free(c), 7, "d took no new entry");
    li = tc_line(c, 0);
    is_int(li.reserved_mask, 0x6, "sectors 1 and 2 pending");
    ws_mreq *w2[] = { b, b2 };
    ok(tc_chain_is(ws_cache_fill(c, b, 7, NULL), w2, 2), "fill b (sector 2) releases b, b2 but not d");
    li = tc_line(c, 0);
    ok(li.valid_mask == 0x5 && li.reserved_mask == 0x2, "sectors 0, 2 valid; 1 pending");
    ok(ws_cache_fill(c, d, 8, NULL) == d && d->next == NULL, "fill d releases d");
    li = tc_line(c, 0);
    ok(li.valid_mask == 0x7 && li.reserved_mask == 0, "sectors 0-2 valid, nothing pending");
    is_int(ws_cache_mshr_free(c), 8, "all MSHRs free");
    ok(ACC(c, d, 9).status == WS_CACHE_HIT, "d again: hit");
    ws_cache_free(c);
}

/* Requests the LD/ST unit describes by the sectors of their 128-byte
 * block (addr the block's start, size 32 x sectors, sector_mask): the
 * cache needs those sectors, not the block's first ones. */
static void masked_sectors(void)
{
    ws_cache_config cfg = tc_cfg(2, 2, 128);
    cfg.sector = 32;
    ws_cache *c = tc_new(&cfg);
    ws_mreq *a = tc_req(&pool, WS_MREQ_READ, 0x000, 32);
    a->sector_mask = 0x8;                                   /* sector 3 alone */
    ws_cache_result res = ACC(c, a, 1);
    ok(res.status == WS_CACHE_MISS && res.fetch_mask == 0x8, "mask 0x8: a miss fetching sector 3");
    ok(ws_cache_fill(c, a, 2, NULL) == a, "fill a releases a");
    ws_cache_line_info li = tc_line(c, 0);
    is_int(li.valid_mask, 0x8, "mask 0x8: sector 3 valid, not sector 0");
    ws_mreq *b = tc_req(&pool, WS_MREQ_READ, 0x000, 64);
    b->sector_mask = 0xa;                                   /* sectors 1 and 3 */
    res = ACC(c, b, 3);
    ok(res.status == WS_CACHE_MISS && res.fetch_mask == 0x2, "mask 0xa: sector 1 fetched, 3 already there");
    ws_cache_fill(c, b, 4, NULL);
    ws_mreq *d = tc_req(&pool, WS_MREQ_READ, 0x000, 128);   /* the whole line */
    res = ACC(c, d, 5);
    ok(res.status == WS_CACHE_MISS && res.fetch_mask == 0x5, "whole line: sectors 0 and 2 missing");
    ws_mreq *e = tc_req(&pool, WS_MREQ_READ, 0x000, 32);
    e->sector_mask = 0x1;                                   /* the block's first sector: as its bytes */
    ok(ACC(c, e, 6).status == WS_CACHE_HIT_RESERVED, "mask 0x1: sector 0, being fetched");
    ws_cache_free(c);
}

/* Prefetched/used bits. */
static void prefetch_bits(void)
{
    ws_cache_config cfg = tc_cfg(2, 2, 64);
    ws_cache *c = tc_new(&cfg);
    ws_mreq *p = tc_req(&pool, WS_MREQ_PREFETCH, 0x000, 64);
    ws_mreq *d1 = tc_req(&pool, WS_MREQ_READ, 0x004, 4);
    ws_cache_result res = ACC(c, p, 1);
    ok(res.status == WS_CACHE_MISS, "prefetch misses");
    ok(tc_line(c, 0).prefetched && !tc_line(c, 0).used, "line marked prefetched at allocation");
    ws_cache_fill(c, p, 2, NULL);
    res = ACC(c, d1, 3);
    ok(res.status == WS_CACHE_HIT && res.first_use_of_prefetch, "first demand hit: first use");
    ok(tc_line(c, 0).used, "line used");
    res = ACC(c, d1, 4);
    ok(res.status == WS_CACHE_HIT && !res.first_use_of_prefetch, "second hit: not a first use");
    ws_mreq *p2 = tc_req(&pool, WS_MREQ_PREFETCH, 0x000, 4);
    res = ACC(c, p2, 5);
    ok(res.status == WS_CACHE_HIT && !res.first_use_of_prefetch, "a prefetch hitting is no use");
    is_u64(ws_cache_stats_get(c)->hits[WS_MREQ_PREFETCH], 1, "prefetch hits counted by kind");

    /* a demand request merging into a prefetch's MSHR: late prefetch */
    ws_mreq *p3 = tc_req(&pool, WS_MREQ_PREFETCH, 0x040, 4);
    ws_mreq *d2 = tc_req(&pool, WS_MREQ_READ, 0x048, 4);
    ws_mreq *p4 = tc_req(&pool, WS_MREQ_PREFETCH, 0x04c, 4);
    ok(ACC(c, p3, 6).status == WS_CACHE_MISS, "p3 misses");
    res = ACC(c, p4, 7);
    ok(res.status == WS_CACHE_HIT_RESERVED && !res.hit_prefetch_pending, "another prefetch merging is not a demand");
    res = ACC(c, d2, 8);
    ok(res.status == WS_CACHE_HIT_RESERVED && res.hit_prefetch_pending, "demand merges into the prefetch: hit_prefetch_pending");
    ok(!tc_line(c, 0x40).used, "not used before the fill");
    ws_mreq *want[] = { p3, p4, d2 };
    ok(tc_chain_is(ws_cache_fill(c, p3, 9, NULL), want, 3), "fill releases p3, p4, d2");
    ws_cache_line_info li = tc_line(c, 0x40);
    ok(li.prefetched && li.used, "the fill marks the line used");
    res = ACC(c, d2, 10);
    ok(res.status == WS_CACHE_HIT && !res.first_use_of_prefetch, "a later hit is no first use");

    /* eviction reports the bits */
    ws_mreq *p5 = tc_req(&pool, WS_MREQ_PREFETCH, 0x080, 4);
    ws_mreq *d3 = tc_req(&pool, WS_MREQ_READ, 0x100, 4);
    ACC(c, p5, 11);
    ws_cache_fill(c, p5, 12, NULL);
    ACC(c, d1, 13);
    res = ACC(c, d3, 14);
    ok(res.status == WS_CACHE_MISS && res.evicted.valid && res.evicted.addr == 0x80 &&
       res.evicted.prefetched && !res.evicted.used, "evicting an unused prefetched line reports it");
    ws_cache_free(c);
}

/* Allocate-on-fill: the victim is chosen when the data arrives. */
static void on_fill(ws_cache_repl repl, uint64_t want_victim, const char *name)
{
    ws_cache_config cfg = tc_cfg(1, 2, 64);
    cfg.alloc = WS_ALLOC_ON_FILL;
    cfg.repl = repl;
    ws_cache *c = tc_new(&cfg);
    ws_mreq *a = tc_req(&pool, WS_MREQ_READ, 0x000, 4);
    ws_mreq *b = tc_req(&pool, WS_MREQ_READ, 0x040, 4);
    ws_mreq *d = tc_req(&pool, WS_MREQ_READ, 0x080, 4);
    ws_mreq *d2 = tc_req(&pool, WS_MREQ_READ, 0x084, 4);
    ok(ACC(c, a, 1).status == WS_CACHE_MISS, "%s: a misses", name);
    ok(ACC(c, b, 2).status == WS_CACHE_MISS, "%s: b misses", name);
    ws_cache_result res = ACC(c, d, 3);
    ok(res.status == WS_CACHE_MISS && !res.evicted.valid, "%s: d misses, nothing evicted at miss time", name);
    ok(tc_line(c, 0).state == WS_LINE_INVALID, "%s: no line is reserved before the fill", name);
    ok(ACC(c, d2, 4).status == WS_CACHE_HIT_RESERVED, "%s: d2 merges into d's MSHR", name);
    ws_cache_evict ev;
    ws_cache_fill(c, a, 5, &ev);
    ok(!ev.valid, "%s: a's fill takes a free way", name);
    ws_cache_fill(c, b, 6, &ev);
    ok(!ev.valid, "%s: b's fill takes the other", name);
    ok(ACC(c, a, 7).status == WS_CACHE_HIT, "%s: a hits (touched after b)", name);
    ws_mreq *want[] = { d, d2 };
    ok(tc_chain_is(ws_cache_fill(c, d, 8, &ev), want, 2), "%s: d's fill releases d, d2", name);
    ok(ev.valid && ev.addr == want_victim, "%s: victim chosen at fill time: 0x%llx", name,
       (unsigned long long)ev.addr);
    ok(tc_line(c, 0x80).state == WS_LINE_VALID && tc_line(c, 0x80).fill_cycle == 8, "%s: d's line valid", name);
    ws_cache_free(c);
}

/* Random replacement: the lowest invalid way first, then one
 * ws_rng_below(candidates) draw from the configured seed; ways waiting for a
 * fill are not candidates. */
static void random_victims(void)
{
    ws_cache_config cfg = tc_cfg(1, 4, 64);
    cfg.repl = WS_REPL_RANDOM;
    cfg.seed = 42;
    ws_cache *c = tc_new(&cfg);
    ws_rng g;
    ws_rng_seed(&g, 42);
    for (uint64_t i = 0; i < 4; i++) {
        ws_mreq *r = tc_req(&pool, WS_MREQ_READ, i * 64, 4);
        ACC(c, r, 1 + i);
        ws_cache_fill(c, ws_cache_missq_pop(c), 1 + i, NULL);
        ws_cache_line_info li;
        ws_cache_line(c, 0, (uint32_t)i, &li);
        ok(li.addr == i * 64, "random: line %u fills the lowest invalid way", (unsigned)i);
        ws_mreq_free(&pool, r);
    }
    for (uint64_t i = 4; i < 10; i++) {
        uint64_t way = ws_rng_below(&g, 4);
        ws_cache_line_info before;
        ws_cache_line(c, 0, (uint32_t)way, &before);
        ws_mreq *r = tc_req(&pool, WS_MREQ_READ, i * 64, 4);
        ws_cache_result res = ACC(c, r, 10 + i);
        ok(res.status == WS_CACHE_MISS && res.evicted.addr == before.addr,
           "random: miss %u evicts way %u, the seeded draw", (unsigned)i, (unsigned)way);
        ws_cache_fill(c, ws_cache_missq_pop(c), 10 + i, NULL);
        ws_mreq_free(&pool, r);
    }
    /* two lines waiting for fills: the draw is over the other two ways */
    ws_mreq *a = tc_req(&pool, WS_MREQ_READ, 100 * 64, 4);
    ws_mreq *b = tc_req(&pool, WS_MREQ_READ, 101 * 64, 4);
    uint32_t wa = 0, wb = 0;
    ACC(c, a, 30);
    ws_cache_missq_pop(c);
    ws_rng_below(&g, 4);
    for (uint32_t w = 0; w < 4; w++) {
        ws_cache_line_info li;
        ws_cache_line(c, 0, w, &li);
        if (li.addr == 100 * 64) wa = w;
    }
    ACC(c, b, 31);
    ws_cache_missq_pop(c);
    ws_rng_below(&g, 3);
    for (uint32_t w = 0; w < 4; w++) {
        ws_cache_line_info li;
        ws_cache_line(c, 0, w, &li);
        if (li.addr == 101 * 64) wb = w;
    }
    ok(wa != wb, "random: b did not take a's reserved way");
    uint32_t cand[2], n = 0;
    for (uint32_t w = 0; w < 4; w++)
        if (w != wa && w != wb) cand[n++] = w;
    ws_cache_line_info before;
    ws_cache_line(c, 0, cand[ws_rng_below(&g, 2)], &before);
    ws_mreq *d = tc_req(&pool, WS_MREQ_READ, 102 * 64, 4);
    ws_cache_result res = ACC(c, d, 32);
    ok(res.status == WS_CACHE_MISS && res.evicted.addr == before.addr, "random: the draw skips both reserved ways");
    ws_cache_free(c);
}

int main(void)
{
    ws_mreq_pool_init(&pool);
    merge_and_failures();
    missq_full();
    sectors();
    masked_sectors();
    prefetch_bits();
    on_fill(WS_REPL_LRU, 0x40, "on-fill LRU");
    on_fill(WS_REPL_FIFO, 0x00, "on-fill FIFO");
    random_victims();
    ws_mreq_pool_fini(&pool);
    return tap_done();
}
