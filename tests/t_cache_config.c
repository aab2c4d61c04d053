/* t_cache_config: configuration checks (each message names the field and
 * what is allowed), set-index functions, sector masks, flush/invalidate. */
#include "cache/tcache.h"

static void rejects(ws_cache_config cfg, const char *want1, const char *want2, const char *what)
{
    ws_error err = { 0 };
    ws_cache *c = ws_cache_create(&cfg, &err);
    ok(c == NULL, "rejected: %s", what);
    ok(strstr(err.msg, want1) && strstr(err.msg, want2), "message for %s names it: %s", what, err.msg);
    ws_cache_free(c);
}

static void check_config(void)
{
    ws_cache_config b = tc_cfg(32, 4, 128);
    ws_cache_config x;
    ws_error err = { 0 };
    ws_cache *c = ws_cache_create(&b, &err);
    ok(c != NULL, "16 KB 4-way 128 B lines accepted");
    ws_cache_free(c);

    x = b; x.sets = 48;
    rejects(x, "tc: sets = 48", "power of two", "sets not a power of two");
    x = b; x.sets = 0;
    rejects(x, "sets = 0", "power of two", "zero sets");
    x = b; x.ways = 0;
    rejects(x, "ways = 0", "from 1 to", "zero ways");
    x = b; x.line = 96;
    rejects(x, "line = 96", "power of two from 4", "line not a power of two");
    x = b; x.line = 2;
    rejects(x, "line = 2", "power of two from 4", "line below 4 bytes");
    x = b; x.sector = 48;
    rejects(x, "sector = 48", "does not divide", "sector not dividing the line");
    x = b; x.sector = 256;
    rejects(x, "sector = 256", "does not divide", "sector larger than the line");
    x = b; x.line = 4096; x.sector = 64;
    rejects(x, "64 sectors", "at most 32", "more than 32 sectors");
    x = b; x.wpol = WS_WP_WRITE_BACK; x.alloc = WS_ALLOC_ON_FILL;
    rejects(x, "write = wb", "alloc = fill", "write-back with allocate-on-fill");
    x = b; x.wpol = WS_WP_LOCAL_WB_GLOBAL_WT; x.alloc = WS_ALLOC_ON_FILL;
    rejects(x, "write = local-wb", "allowed with fill: wt, evict", "local write-back with allocate-on-fill");
    x = b; x.walloc = WS_WA_FETCH; x.alloc = WS_ALLOC_ON_FILL;
    rejects(x, "write_alloc = fetch", "alloc = fill", "fetch-on-write with allocate-on-fill");
    x = b; x.walloc = WS_WA_VALIDATE; x.alloc = WS_ALLOC_ON_FILL;
    rejects(x, "write_alloc = validate", "allowed with fill: none", "validate with allocate-on-fill");
    x = b; x.hash = WS_HASH_FERMI; x.sets = 16;
    rejects(x, "hash = fermi", "32 or 64 sets", "Fermi hash with 16 sets");
    x = b; x.repl = (ws_cache_repl)7;
    rejects(x, "repl = 7", "lru, fifo, random", "unknown replacement");
    x = b; x.hash = (ws_cache_hash)9;
    rejects(x, "hash = 9", "linear, fermi, xor", "unknown hash");
    x = b; x.name[0] = '\0'; x.sets = 3;
    rejects(x, "cache: sets = 3", "power of two", "unnamed cache is called 'cache'");

    x = b; x.alloc = WS_ALLOC_ON_FILL; x.wpol = WS_WP_WRITE_EVICT;
    c = ws_cache_create(&x, &err);
    ok(c != NULL, "write-evict, no allocate, on fill accepted");
    ws_cache_free(c);
    x = b; x.sector = 128;
    c = ws_cache_create(&x, &err);
    ok(c != NULL, "a sector as large as the line is accepted (one sector)");
    is_int(ws_cache_sectors(c, 0x1234, 200), 1, "...and every request needs that one sector");
    ws_cache_free(c);
}

static void check_hash(void)
{
    ws_cache_config cfg = tc_cfg(32, 4, 128);
    cfg.hash = WS_HASH_FERMI;
    ws_cache *c = tc_new(&cfg);
    /* five line-number bits xor address bits 13, 14, 15, 17, 19 */
    is_int(ws_cache_set_of(c, 0x0), 0, "fermi 32: address 0");
    is_int(ws_cache_set_of(c, 0x80), 1, "fermi 32: next line");
    is_int(ws_cache_set_of(c, 0xf80), 31, "fermi 32: line 31");
    is_int(ws_cache_set_of(c, 0x1000), 0, "fermi 32: bit 12 is not used with 32 sets");
    is_int(ws_cache_set_of(c, 0x2000), 1, "fermi 32: bit 13 flips index bit 0");
    is_int(ws_cache_set_of(c, 0x2080), 0, "fermi 32: ... and cancels line bit 0");
    is_int(ws_cache_set_of(c, 0x4000), 2, "fermi 32: bit 14 -> index bit 1");
    is_int(ws_cache_set_of(c, 0x8000), 4, "fermi 32: bit 15 -> index bit 2");
    is_int(ws_cache_set_of(c, 0x10000), 0, "fermi 32: bit 16 is not used");
    is_int(ws_cache_set_of(c, 0x20000), 8, "fermi 32: bit 17 -> index bit 3");
    is_int(ws_cache_set_of(c, 0x40000), 0, "fermi 32: bit 18 is not used");
    is_int(ws_cache_set_of(c, 0x80000), 16, "fermi 32: bit 19 -> index bit 4");
    is_int(ws_cache_set_of(c, 0xAE380), 7 ^ 31, "fermi 32: bits 7-9, 13-15, 17, 19 together");
    ws_cache_free(c);

    cfg = tc_cfg(64, 6, 128);
    cfg.hash = WS_HASH_FERMI;
    c = tc_new(&cfg);
    is_int(ws_cache_set_of(c, 0x1000), 32, "fermi 64: bit 12 is index bit 5");
    is_int(ws_cache_set_of(c, 0x3080), 32, "fermi 64: bit 12 set, bit 13 cancels line bit 0");
    is_int(ws_cache_set_of(c, 0xf80), 31, "fermi 64: line 31 without bit 12");
    ws_cache_free(c);

    cfg = tc_cfg(4, 1, 64);
    cfg.hash = WS_HASH_XOR;
    c = tc_new(&cfg);
    is_int(ws_cache_set_of(c, 5 * 64), 0, "xor: line 5 -> (5 ^ 1) mod 4 = 0");
    is_int(ws_cache_set_of(c, 6 * 64), 3, "xor: line 6 -> (6 ^ 1) mod 4 = 3");
    is_int(ws_cache_set_of(c, 16 * 64 + 63), 0, "xor: line 16 -> (16 ^ 4) mod 4 = 0");
    ws_cache_free(c);

    cfg = tc_cfg(4, 1, 64);
    c = tc_new(&cfg);
    is_int(ws_cache_set_of(c, 6 * 64), 2, "linear: line 6 -> 2");
    ws_cache_free(c);
}

static void check_sectors(void)
{
    ws_cache_config cfg = tc_cfg(4, 2, 128);
    cfg.sector = 32;
    ws_cache *c = tc_new(&cfg);
    is_int(ws_cache_sectors(c, 0x100, 4), 0x1, "4 bytes at a line start: sector 0");
    is_int(ws_cache_sectors(c, 0x11e, 4), 0x3, "4 bytes across a sector boundary: sectors 0-1");
    is_int(ws_cache_sectors(c, 0x160, 32), 0x8, "a whole sector");
    is_int(ws_cache_sectors(c, 0x100, 128), 0xf, "a whole line");
    is_int(ws_cache_sectors(c, 0x170, 100), 0x8, "bytes past the line end are ignored");
    is_int(ws_cache_sectors(c, 0x145, 0), 0x4, "size 0 counts as one byte");
    ws_cache_free(c);
    cfg.line = 1024;
    c = tc_new(&cfg);
    is_u64(ws_cache_sectors(c, 0x3e0, 32), 0x80000000u, "sector 31 of a 32-sector line");
    is_u64(ws_cache_sectors(c, 0, 1024), 0xffffffffu, "all 32 sectors");
    ws_cache_free(c);
}

static void check_flush(void)
{
    ws_cache_config cfg = tc_cfg(2, 2, 64);
    ws_cache *c = tc_new(&cfg);
    ws_mreq_pool pool;
    ws_mreq_pool_init(&pool);
    ok(!ws_cache_access_ideal(c, 0x0, false, 1), "ideal read miss");
    ok(ws_cache_access_ideal(c, 0x10, false, 2), "ideal read hit in the same line");
    ok(!ws_cache_access_ideal(c, 0x40, false, 3), "ideal miss in set 1");
    ws_cache_evict ev;
    ok(ws_cache_invalidate(c, 0x3f, &ev), "invalidate a present line");
    ok(ev.valid && ev.addr == 0, "... it is described");
    ok(!ws_cache_invalidate(c, 0x0, NULL), "invalidating an absent line does nothing");
    ok(!ws_cache_access_ideal(c, 0x0, false, 4), "the invalidated line misses");
    ws_mreq *r = tc_req(&pool, WS_MREQ_READ, 0x80, 4);
    ws_cache_result res = ws_cache_access(c, r, 5, &pool);
    is_int(res.status, WS_CACHE_MISS, "a timed miss");
    is_int(ws_cache_flush(c), -1, "flush refuses while an MSHR is in use");
    ok(!ws_cache_invalidate(c, 0x80, NULL), "a line waiting for its fill is not invalidated");
    ok(ws_cache_missq_pop(c) == r, "the miss is in the miss queue");
    ok(ws_cache_fill(c, r, 9, NULL) == r && r->next == NULL, "fill returns it");
    ok(ws_cache_idle(c), "idle after the fill");
    is_int(ws_cache_flush(c), 0, "flush succeeds");
    for (uint32_t s = 0; s < 2; s++)
        for (uint32_t w = 0; w < 2; w++) {
            ws_cache_line_info li;
            ws_cache_line(c, s, w, &li);
            ok(li.state == WS_LINE_INVALID && li.addr == 0, "line %u/%u invalid after flush", s, w);
        }
    const ws_cache_stats *st = ws_cache_stats_get(c);
    is_u64(st->invalidations, 4, "invalidations: one line, then three at flush");
    is_u64(st->hits[WS_MREQ_READ], 1, "counters kept across the flush");
    ws_mreq_free(&pool, r);
    ws_cache_free(c);
    ws_mreq_pool_fini(&pool);
}

int main(void)
{
    check_config();
    check_hash();
    check_sectors();
    check_flush();
    return tap_done();
}
