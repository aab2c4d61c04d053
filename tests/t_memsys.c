/* t_memsys: the memory system (request network, ROP, L2 slices, DRAM
 * channels, reply network): exact reply cycles worked out by hand, MSHR
 * merging, write acknowledgements, L2 write-backs, streaming bandwidth, and
 * skipping idle cycles with next_event against stepping every cycle. */
#include <stdlib.h>
#include <string.h>

#include "arch/ws_mempart.h"
#include "util/ws_rng.h"
#include "ws_tap.h"

#define GTX480_MAP "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS"

/* A small machine with every clock equal (so cycles of every domain are
 * core cycles): 1 channel x 2 slices of 1 KB (4 sets x 2 ways x 128 B,
 * 32 B sectors, write-back, lazy fetch), icnt latency 4, ROP 10, L2 hit
 * latency 3, extra DRAM latency 5, GTX480 DRAM timing and address map. */
static void small_cfg(ws_memsys_config *c)
{
    memset(c, 0, sizeof *c);
    c->channels = 1;
    c->subparts = 2;
    c->l2_enable = true;
    ws_cache_config *l2 = &c->l2;
    snprintf(l2->name, sizeof l2->name, "l2");
    l2->sets = 4;
    l2->ways = 2;
    l2->line = 128;
    l2->sector = 32;
    l2->repl = WS_REPL_LRU;
    l2->wpol = WS_WP_WRITE_BACK;
    l2->walloc = WS_WA_VALIDATE;
    l2->alloc = WS_ALLOC_ON_MISS;
    l2->hash = WS_HASH_LINEAR;
    l2->mshrs = 8;
    l2->mshr_merge = 4;
    l2->missq = 4;
    c->l2_latency = 3;
    c->rop_latency = 10;
    c->dram_latency = 5;
    ws_dram_config_default(&c->dram);
    snprintf(c->map, sizeof c->map, "%s", GTX480_MAP);
    c->flit = 40;
    c->icnt_latency = 4;
    c->in_buffer = 64;
    c->out_buffer = 64;
    c->clk_core = c->clk_icnt = c->clk_l2 = c->clk_dram = 1000;
    c->queue = WS_MEMSYS_QUEUE;
}

/* The GTX480 memory side by hand (the values of ../shared/design/PRESETS.md
 * and the option table's defaults): 6 x 2 slices of 64 KB, ROP 120, L2
 * latency 1, DRAM latency 100, icnt latency 4, clocks 700/700/700/924. */
static void gtx480_cfg(ws_memsys_config *c)
{
    small_cfg(c);
    c->channels = 6;
    c->l2.sets = 64;
    c->l2.ways = 8;
    c->l2.mshrs = 256;
    c->l2.mshr_merge = 4;
    c->l2.missq = 4;
    c->l2_latency = 1;
    c->rop_latency = 120;
    c->dram_latency = 100;
    c->clk_core = c->clk_icnt = c->clk_l2 = 700;
    c->clk_dram = 924;
}

static ws_memsys *mk(const ws_memsys_config *c, uint32_t nsms, ws_mreq_pool *pool)
{
    ws_error err = { 0 };
    ws_memsys *m = ws_memsys_create_cfg(c, nsms, pool, &err);
    if (!m) {
        printf("Bail out! %s\n", err.msg);
        exit(1);
    }
    return m;
}

static ws_mreq *req(ws_mreq_pool *p, ws_mreq_kind kind, uint64_t addr, uint32_t size)
{
    ws_mreq *r = ws_mreq_alloc(p);
    r->kind = (uint8_t)kind;
    r->addr = addr;
    r->size = size;
    return r;
}

/* Step every cycle from `from` until `sm` gets a reply; returns it and its
 * cycle. */
static ws_mreq *wait_reply(ws_memsys *m, uint32_t sm, uint64_t from, uint64_t *at)
{
    for (uint64_t c = from; c < from + 100000; c++) {
        ws_mreq *r = ws_memsys_pop(m, sm, c);
        if (r) {
            *at = c;
            return r;
        }
        ws_memsys_tick(m, c);
    }
    return NULL;
}

/* Step until nothing is left inside. */
static uint64_t drain(ws_memsys *m, uint64_t from)
{
    uint64_t c = from;
    while (!ws_memsys_idle(m) && c < from + 100000) ws_memsys_tick(m, c++);
    return c;
}

static void miss_then_hit(void)
{
    ws_memsys_config cfg;
    small_cfg(&cfg);
    ws_mreq_pool pool;
    ws_mreq_pool_init(&pool);
    ws_memsys *m = mk(&cfg, 2, &pool);
    is_int(ws_memsys_nslices(m), 2, "2 slices");
    is_int(ws_memsys_nchannels(m), 1, "1 channel");
    ok(ws_memsys_idle(m) && ws_memsys_next_event(m, 0) == UINT64_MAX, "idle at start");

    /* A 32-byte read of address 0 (channel 0, slice 0, bank 0, row 0) from
     * SM 0 at cycle 0, every clock equal:
     *   request: 8-byte header = 1 flit; may cross at icnt cycle 1 (the one
     *     after the push), delivered at 1 + 4 = 5, taken by slice 0 at 5;
     *   ROP: ready at 5 + 10 = 15; L2 lookup at 15: miss;
     *   DRAM delay line at 15 (same cycle), ready at 15 + 5 = 20;
     *   DRAM: pushed at clock 20, ACT 20, RD 20 + tRCD 12 = 32, data done
     *     32 + tCL 12 + burst 2 = 46, popped at 46;
     *   L2 fill at the next L2 tick, 47; L2 latency: reply queue at 50;
     *   reply: 32 + 8 = 40 bytes = 1 flit, crosses at 51, delivered at 55,
     *     popped by the SM from 56 on.
     * 56 = 1 + 4 + 10 + 5 + 26 + 1 + 3 + 1 + 4 + 1 + 0 (no extra flits). */
    ws_mreq *a = req(&pool, WS_MREQ_READ, 0, 32);
    ok(ws_memsys_push(m, 0, a, 0), "push read at 0");
    is_int(a->chan, 0, "decoded channel 0");
    is_int(a->sub, 0, "decoded slice 0");
    is_u64(ws_memsys_next_event(m, 0), 1, "next event: the request crosses at 1");
    uint64_t at = 0;
    ws_mreq *r = wait_reply(m, 0, 0, &at);
    ok(r == a, "the read came back");
    is_int(at, 56, "miss: reply at 56");
    is_int(a->level, WS_LVL_DRAM, "served by DRAM");
    is_int(a->t_icnt, 0, "t_icnt");
    is_int(a->t_l2, 15, "t_l2 = 15");
    is_int(a->t_dram, 20, "t_dram = 20");
    is_int(a->t_dram_done, 46, "t_dram_done = 46");
    is_int(a->t_reply, 56, "t_reply = 56");
    ok(!(a->flags & (WS_MREQ_F_MS_SM | WS_MREQ_F_MS_FILL)), "private flags cleared");

    /* The same sector again at 100: ROP ready 115, L2 hit at 115, reply
     * queue at 118, crosses at 119, delivered 123, popped at 124: 24 cycles
     * = 56 - 32, the DRAM part being dram.latency 5 + DRAM 26 (tRCD + tCL +
     * burst) + 1 (DRAM completion to the L2 fill at the next L2 tick). */
    ok(ws_memsys_push(m, 0, a, 100), "push the same read at 100");
    r = wait_reply(m, 0, 100, &at);
    ok(r == a, "came back");
    is_int(at, 124, "hit: reply at 124 (24 cycles)");
    is_int(a->level, WS_LVL_L2, "served by L2");
    is_int(a->t_dram, 20, "no DRAM stamp this time (left from before)");

    const ws_memsys_stats *st = ws_memsys_stats_get(m);
    is_int(st->reads, 2, "2 reads at L2");
    is_int(st->lat_n[WS_LVL_DRAM], 1, "1 DRAM-served reply");
    is_int(st->lat_sum[WS_LVL_DRAM], 56, "its latency 56");
    is_int(st->lat_sum[WS_LVL_L2], 24, "the hit's latency 24");
    const ws_dram_stats *ds = ws_dram_stats_get(ws_memsys_dram(m, 0));
    is_int(ds->reads, 1, "DRAM read once");
    is_int(ds->bytes_read, 32, "32 bytes from DRAM");
    const ws_cache_stats *cs = ws_cache_stats_get(ws_memsys_l2(m, 0));
    is_int(cs->misses[WS_MREQ_READ], 1, "L2 slice 0: 1 miss");
    is_int(cs->hits[WS_MREQ_READ], 1, "L2 slice 0: 1 hit");
    ok(ws_memsys_idle(m), "idle after the replies");
    ws_mreq_free(&pool, a);
    is_int(pool.live, 0, "no request left");
    ws_memsys_free(m);
    ws_mreq_pool_fini(&pool);
}

static void merge(void)
{
    ws_memsys_config cfg;
    small_cfg(&cfg);
    ws_mreq_pool pool;
    ws_mreq_pool_init(&pool);
    ws_memsys *m = mk(&cfg, 2, &pool);
    /* SMs 0 and 1 read the same 128-byte line (0x400: slice 0, bank 0)
     * at cycle 200.  Slice 0's request port takes SM 0 (crosses at 201) then
     * SM 1 (202): delivered 205, 206; L2 at 215 (miss, MSHR) and 216 (merged
     * into the MSHR entry: HIT_RESERVED).  DRAM: pushed at 220, ACT 220,
     * RD 232 and 235 (tCCDL 3: same bank group), done 235 + 14 = 249; fill
     * at 250, reply queue at 253.  The replies (136 bytes = 4 flits each)
     * leave slice 0's reply port one flit per cycle: SM 0's crosses 254..257
     * (delivered 261, popped 262), SM 1's 258..261 (delivered 265, popped
     * 266). */
    ws_mreq *a = req(&pool, WS_MREQ_READ, 0x400, 128);
    ws_mreq *b = req(&pool, WS_MREQ_READ, 0x400, 128);
    ok(ws_memsys_push(m, 0, a, 200) && ws_memsys_push(m, 1, b, 200), "two pushes at 200");
    uint64_t ta = 0, tb = 0;
    ws_mreq *ra = NULL, *rb = NULL;
    for (uint64_t c = 200; c < 1000 && (!ra || !rb); c++) {
        ws_mreq *x = ws_memsys_pop(m, 0, c);
        if (x) { ra = x; ta = c; }
        x = ws_memsys_pop(m, 1, c);
        if (x) { rb = x; tb = c; }
        ws_memsys_tick(m, c);
    }
    ok(ra == a && rb == b, "both replies");
    is_int(a->t_l2, 215, "first L2 lookup at 215");
    is_int(b->t_l2, 216, "second at 216");
    is_int(a->t_dram_done, 249, "DRAM done at 249");
    is_int(ta, 262, "SM 0's reply at 262");
    is_int(tb, 266, "SM 1's reply at 266");
    is_int(a->level, WS_LVL_DRAM, "first served by DRAM");
    is_int(b->level, WS_LVL_L2_PENDING, "second merged in the L2 MSHR");
    is_int(ws_cache_stats_get(ws_memsys_l2(m, 0))->mshr_merges, 1, "one MSHR merge");
    is_int(ws_dram_stats_get(ws_memsys_dram(m, 0))->reads, 1, "one DRAM read");
    is_int(ws_memsys_stats_get(m)->lat_sum[WS_LVL_L2_PENDING], 66, "merged latency 66");
    ws_mreq_free(&pool, a);
    ws_mreq_free(&pool, b);
    ws_memsys_free(m);
    ws_mreq_pool_fini(&pool);
}

static void writes(void)
{
    ws_memsys_config cfg;
    small_cfg(&cfg);
    ws_mreq_pool pool;
    ws_mreq_pool_init(&pool);
    ws_memsys *m = mk(&cfg, 2, &pool);
    /* A 32-byte write to 0x000 at 0: 8 + 32 = 40 bytes = 1 flit; L2 at 15:
     * a miss that allocates without fetching (lazy fetch): done in the L2,
     * acknowledged after the L2 latency like a hit: ack queued at 18,
     * crosses at 19, delivered 23, popped 24. */
    ws_mreq *w = req(&pool, WS_MREQ_WRITE, 0x000, 32);
    ok(ws_memsys_push(m, 1, w, 0), "write pushed");
    uint64_t at = 0;
    ok(wait_reply(m, 1, 0, &at) == w, "write acknowledged");
    is_int(at, 24, "ack at 24");
    is_int(w->level, WS_LVL_L2, "the L2 took it");
    is_int(ws_memsys_stats_get(m)->ack_n, 1, "1 ack");
    is_int(ws_memsys_stats_get(m)->ack_lat_sum, 24, "ack latency 24");
    ws_mreq_free(&pool, w);

    /* A second dirty line in set 0 (0x400), silently (NO_REPLY).  The L2
     * indexes by the partition address: bit 8 (the slice) is dropped, so
     * its set is bit 7 | bit 9 << 1, and 0x000, 0x400, 0x800 share set 0. */
    ws_mreq *s = req(&pool, WS_MREQ_WRITE, 0x400, 128);
    s->flags |= WS_MREQ_F_NO_REPLY;
    ok(ws_memsys_push(m, 0, s, 30), "silent write pushed");
    uint64_t end = drain(m, 30);
    is_int(ws_memsys_stats_get(m)->silent, 1, "completed silently");
    is_int(pool.live, 0, "and freed by the memory system");
    ok(end > 30 && ws_memsys_idle(m), "idle after it");

    /* A read of a third line of set 0 (0x800) evicts the least recently used
     * dirty line (0x000, one dirty sector): a write-back to DRAM with no reply */
    ws_mreq *r = req(&pool, WS_MREQ_READ, 0x800, 128);
    ok(ws_memsys_push(m, 0, r, 100), "read pushed");
    ok(wait_reply(m, 0, 100, &at) == r, "read served");
    drain(m, at);
    const ws_memsys_stats *st = ws_memsys_stats_get(m);
    is_int(st->writebacks, 1, "one write-back from L2 to DRAM");
    const ws_dram_stats *ds = ws_dram_stats_get(ws_memsys_dram(m, 0));
    is_int(ds->writes, 1, "DRAM wrote once");
    is_int(ds->reads, 1, "DRAM read once (the read's line)");
    is_int(ws_cache_stats_get(ws_memsys_l2(m, 0))->writebacks, 1, "L2 counted the write-back");
    is_int(st->dram_reqs, 2, "2 requests entered the DRAM queue");
    ws_mreq_free(&pool, r);
    is_int(pool.live, 0, "the write-back request was freed");

    /* An atomic: an L2 read-modify-write with data back (hit on 0x400) */
    ws_mreq *x = req(&pool, WS_MREQ_ATOMIC, 0x400, 4);
    ok(ws_memsys_push(m, 0, x, 1000), "atomic pushed");
    ok(wait_reply(m, 0, 1000, &at) == x, "atomic replied");
    is_int(at, 1024, "atomic: 1 flit each way, hit timing (24)");
    is_int(st->atomics, 1, "1 atomic counted");
    is_int(st->lat_n[WS_LVL_L2], 1, "counted as a data reply from L2");
    ws_mreq_free(&pool, x);
    ws_memsys_free(m);
    ws_mreq_pool_fini(&pool);
}

static void no_l2(void)
{
    ws_memsys_config cfg;
    small_cfg(&cfg);
    cfg.l2_enable = false;
    ws_mreq_pool pool;
    ws_mreq_pool_init(&pool);
    ws_memsys *m = mk(&cfg, 1, &pool);
    ok(ws_memsys_l2(m, 0) == NULL, "no L2 slice");
    /* as the miss above without the L2 part: DRAM done at 46 is queued for
     * the reply at 47, crosses at 48, delivered 52, popped 53 */
    ws_mreq *a = req(&pool, WS_MREQ_READ, 0, 32);
    ws_memsys_push(m, 0, a, 0);
    uint64_t at = 0;
    ok(wait_reply(m, 0, 0, &at) == a, "read served");
    is_int(at, 53, "no L2: reply at 53");
    is_int(a->level, WS_LVL_DRAM, "by DRAM");
    /* again at 100: the row is open now, RD at 120 without an activate,
     * done 134: 12 cycles (tRCD) earlier, popped at 141 */
    ws_memsys_push(m, 0, a, 100);
    ok(wait_reply(m, 0, 100, &at) == a, "read again");
    is_int(at, 141, "again from DRAM, a row hit: reply at 141");
    ws_mreq_free(&pool, a);
    ws_memsys_free(m);
    ws_mreq_pool_fini(&pool);
}

static void gtx480_latency(void)
{
    ws_memsys_config cfg;
    gtx480_cfg(&cfg);
    ws_mreq_pool pool;
    ws_mreq_pool_init(&pool);
    ws_memsys *m = mk(&cfg, 15, &pool);
    /* A 128-byte read of address 0 from SM 0 at 0, every clock 700 MHz but
     * DRAM 924 MHz (DRAM clock k falls in core cycle ceil((k+1)*700/924)-1):
     *   crosses at 1, delivered 5, ROP ready 125, L2 miss at 125;
     *   delay line ready at 225; core cycle 225 has DRAM clock 297
     *   (floor(225 * 924 / 700) = 297): ACT 297, RD 309 and 312 (tCCDL),
     *   done 312 + 12 + 2 = 326, in core cycle 247;
     *   L2 fill at 248, reply queue at 249 (l2.latency 1), the reply's 4
     *   flits cross 250..253, delivered 257, popped 258.
     * 258 = 1 + 4 + 120 + 100 + 22 (29 DRAM clocks) + 1 + 1 + 1 + 3 + 4 + 1.
     * An L2 hit: 1 + 4 + 120 + 1 + 1 + 3 + 4 + 1 = 135. */
    ws_mreq *a = req(&pool, WS_MREQ_READ, 0, 128);
    ws_memsys_push(m, 0, a, 0);
    uint64_t at = 0;
    ok(wait_reply(m, 0, 0, &at) == a, "read served");
    is_int(at, 258, "gtx480 DRAM read: 258 core cycles");
    is_int(a->t_dram, 225, "entered the DRAM queue at 225");
    is_int(a->t_dram_done, 247, "DRAM data done at 247");
    ws_memsys_push(m, 0, a, 1000);
    ok(wait_reply(m, 0, 1000, &at) == a, "read again");
    is_int(at - 1000, 135, "gtx480 L2 hit: 135 core cycles");
    ws_mreq_free(&pool, a);
    ws_memsys_free(m);
    ws_mreq_pool_fini(&pool);
}

/* The options give the same machine: the gtx480 defaults answer with the
 * latencies above, and every preset builds. */
static void from_opts(void)
{
    ws_opts *o = ws_opts_new();
    ws_mreq_pool pool;
    ws_mreq_pool_init(&pool);
    ws_error err = { 0 };
    ws_memsys *m = ws_memsys_create(o, 15, &pool, &err);
    ok(m != NULL, "gtx480 options build a memory system %s", err.msg);
    if (!m) return;
    is_int(ws_memsys_nslices(m), 12, "12 slices");
    is_int(ws_memsys_nchannels(m), 6, "6 channels");
    const ws_memsys_config *c = ws_memsys_config_get(m);
    ok(c->l2.sets == 64 && c->l2.ways == 8 && c->l2.line == 128 && c->l2.sector == 32 &&
       c->l2.wpol == WS_WP_WRITE_BACK && c->l2.walloc == WS_WA_VALIDATE, "L2 slice geometry and policy");
    ws_mreq *a = req(&pool, WS_MREQ_READ, 0, 128);
    ws_memsys_push(m, 0, a, 0);
    uint64_t at = 0;
    ok(wait_reply(m, 0, 0, &at) == a && at == 258, "gtx480 options: DRAM read in 258 cycles");
    /* (l2.port = 32: the slice looks a 128-byte read up in four L2
     * cycles and answers after the last, 3 cycles after the 135 of a
     * hand-built configuration looking up a request a cycle) */
    ws_memsys_push(m, 0, a, 1000);
    ok(wait_reply(m, 0, 1000, &at) == a && at == 1138, "gtx480 options: L2 hit in 138 cycles (four 32-byte pieces)");
    ws_mreq_free(&pool, a);
    ws_memsys_free(m);
    for (size_t i = 0; i < ws_opts_npresets(); i++) {
        const ws_preset *p = ws_opts_preset_at(i);
        int rc = ws_opts_apply_preset(o, p->name, &err);
        m = rc == 0 ? ws_memsys_create(o, 8, &pool, &err) : NULL;
        ok(m != NULL, "preset %s builds a memory system %s", p->name, m ? "" : err.msg);
        if (!m) continue;
        /* one read and one write through it */
        ws_mreq *r = req(&pool, WS_MREQ_READ, 0x12345680, 32);
        ws_mreq *w = req(&pool, WS_MREQ_WRITE, 0x2000, 32);
        ws_memsys_push(m, 3, r, 0);
        ws_memsys_push(m, 4, w, 0);
        ws_mreq *x = wait_reply(m, 3, 0, &at), *y = wait_reply(m, 4, 0, &at);
        ok(x == r && y == w, "preset %s: read and write answered", p->name);
        /* for the record: a 128-byte read from DRAM, then from L2 */
        uint64_t t0 = at + 1000, t1 = 0, t2 = 0;
        r->addr = 0x40000;
        r->size = 128;
        ws_memsys_push(m, 0, r, t0);
        wait_reply(m, 0, t0, &t1);
        int lv1 = r->level;
        ws_memsys_push(m, 0, r, t1 + 1000);
        wait_reply(m, 0, t1 + 1000, &t2);
        diag("preset %s: 128-byte read from DRAM %llu cycles (level %d), again %llu cycles (level %d)",
             p->name, (unsigned long long)(t1 - t0), lv1, (unsigned long long)(t2 - t1 - 1000),
             r->level);
        ws_mreq_free(&pool, r);
        ws_mreq_free(&pool, w);
        ws_memsys_free(m);
    }
    is_int(pool.live, 0, "nothing leaked");
    ws_mreq_pool_fini(&pool);
    ws_opts_free(o);
}

int main(void)
{
    miss_then_hit();
    merge();
    writes();
    no_l2();
    gtx480_latency();
    from_opts();
    return tap_done();
}
