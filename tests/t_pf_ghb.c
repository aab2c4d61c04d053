/* t_pf_ghb.c: the GHB prefetchers through the mock engine.
 * ghb (AC/DC): a repeating delta pattern per CZone, constant and negative
 * strides, degree and distance, CZones kept apart, what trains, GHB
 * overwrite, index LRU, interleaved warps (naive vs warp-trained), random
 * misses, inspection.
 * ghb-stride (DSAP's baseline): a constant stride per PC at its third miss,
 * no stride no prefetch, GHB overwrite, index LRU, interleaved warps,
 * random misses, inspection. */
#include "pf/ws_pf_all.h"
#include "arch/ws_opts.h"
#include "ws_pf_mock.h"
#include "ws_tap.h"

static mock_engine m;

#define LN(n) ((uint64_t)(n) * 128u)

/* A training miss of line n (128-byte lines: a 4 KB CZone holds 32 lines). */
static void acc(ws_pf *p, uint32_t pc, uint32_t wid, uint64_t line, int outcome, int hit_pf)
{
    ws_pf_access a = mock_load(&m, pc, wid, LN(line) + 8, outcome);
    a.hit_pf = (uint8_t)hit_pf;
    p->ops->observe(p, &a);
}
static void miss(ws_pf *p, uint32_t pc, uint32_t wid, uint64_t line) { acc(p, pc, wid, line, WS_PF_MISS, 0); }

static ws_pf *make(const ws_pf_ops *ops, const char *entries, const char *index, const char *czone, bool warp)
{
    ws_error err;
    ws_opts *o = ws_opts_new();
    if (entries) ws_opts_set(o, "pf.ghb.entries", entries, &err);
    if (index) ws_opts_set(o, "pf.ghb.index", index, &err);
    if (czone) ws_opts_set(o, "pf.ghb.czone_bits", czone, &err);
    ws_opts_set(o, "pf.warp_trained", warp ? "true" : "false", &err);
    ws_pf *p = ops->create(&m.x, o, &err);
    ws_opts_free(o);
    return p;
}

static int64_t kv(const ws_pf *p, const char *key)
{
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    p->ops->inspect(p, &in);
    const ws_pf_insp_kv *k = ws_pf_insp_find(&in, key);
    int64_t v = k ? k->ival : -999;
    ws_pf_insp_free(&in);
    return v;
}

/* ------------------------------------------------------------ AC/DC */

static void test_delta(void)
{
    mock_init(&m);
    ws_pf *p = make(&ws_pf_ghb, NULL, NULL, NULL, false);
    /* zone 2 (lines 64..95): +1 +2 +1 +2; zone 5 misses in between */
    miss(p, 0, 0, 64);
    miss(p, 0, 0, 161);
    miss(p, 0, 0, 65);
    miss(p, 0, 0, 170);
    miss(p, 0, 0, 67);
    miss(p, 0, 0, 175);
    miss(p, 0, 0, 68);
    is_int(m.n, 0, "deltas +1 +2 +1: the last pair (+2 +1) has not occurred before");
    miss(p, 0, 0, 70);
    is_int(m.n, 1, "5th miss of the zone: the pair (+1 +2) occurred before");
    is_u64(m.iss[0].addr, LN(71), "the delta that followed it (+1): line 71");
    m.x.degree = 3;
    miss(p, 0, 0, 71);
    ok(m.n == 4 && m.iss[1].addr == LN(73) && m.iss[2].addr == LN(74) && m.iss[3].addr == LN(76),
       "degree 3 from 71: +2 +1 +2 (the period repeats): 73, 74, 76");
    m.x.degree = 1;
    m.x.distance = 2;
    miss(p, 0, 0, 73);
    ok(m.n == 5 && m.iss[4].addr == LN(76), "distance 2 from 73: the 2nd predicted line, 76");
    m.x.distance = 1;
    is_int(kv(p, "predictions"), 3, "3 predictions");
    is_int(kv(p, "insertions"), 10, "10 misses in the GHB");
    /* constant stride: found at the 4th miss (two equal delta pairs) */
    miss(p, 0, 0, 200);
    miss(p, 0, 0, 203);
    miss(p, 0, 0, 206);
    is_int(m.n, 5, "stride 3: nothing after 3 misses");
    m.x.degree = 2;
    miss(p, 0, 0, 209);
    ok(m.n == 7 && m.iss[5].addr == LN(212) && m.iss[6].addr == LN(215), "4th miss: 212, 215");
    m.x.degree = 1;
    /* negative deltas */
    miss(p, 0, 0, 127);
    miss(p, 0, 0, 125);
    miss(p, 0, 0, 124);
    miss(p, 0, 0, 122);
    miss(p, 0, 0, 121);
    ok(m.n == 8 && m.iss[7].addr == LN(119), "deltas -2 -1 -2 -1: prefetch 119");
    /* what trains */
    acc(p, 0, 0, 119, WS_PF_HIT, 0);
    acc(p, 0, 0, 119, WS_PF_HIT_PENDING, 0);
    acc(p, 0, 0, 121, WS_PF_MISS, 0);
    is_int(kv(p, "insertions"), 19, "plain hits, hit-pending and the zone's last line again are not inserted");
    acc(p, 0, 0, 119, WS_PF_HIT, 1);
    ok(kv(p, "insertions") == 20 && m.n == 9 && m.iss[8].addr == LN(118),
       "a hit on the prefetched line 119 trains: -2 -1 -2 -1 -2 predicts 118");
    ws_pf_access st = mock_load(&m, 0, 0, LN(118), WS_PF_MISS);
    st.kind = WS_PF_STORE;
    p->ops->observe(p, &st);
    is_int(kv(p, "insertions"), 20, "stores do not train");
    /* inspection */
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    p->ops->inspect(p, &in);
    const ws_pf_insp_table *ix = ws_pf_insp_find_table(&in, "index");
    const ws_pf_insp_table *g = ws_pf_insp_find_table(&in, "ghb");
    ok(ix && ix->nrows == 4, "index: 4 zones (2, 3, 5, 6)");
    ok(g && g->nrows == 20, "ghb: 20 entries");
    if (g && g->nrows == 20 && ix) {
        const int64_t *c = g->cells + 19 * 3;
        ok(c[0] == 19 && c[1] == (int64_t)LN(119) && c[2] == 18, "newest: slot 19, line 119, link to slot 18 (121)");
        ok(g->cells[0] == 0 && g->cells[1] == (int64_t)LN(64) && g->cells[2] == -1, "oldest: slot 0, line 64, no link");
        int okz = 0;
        for (uint32_t r = 0; r < ix->nrows; r++)
            if (ix->cells[r * 3] == 3 && ix->cells[r * 3 + 1] == -1 && ix->cells[r * 3 + 2] == 19) okz = 1;
        ok(okz, "index: zone 3 points to slot 19");
    }
    ws_pf_insp_free(&in);
    p->ops->destroy(p);
}

static void test_limits(void)
{
    /* a 4-entry GHB: the zone's first miss is overwritten by the 5th */
    mock_init(&m);
    ws_pf *p = make(&ws_pf_ghb, "4", NULL, NULL, false);
    static const uint64_t pat[] = { 64, 65, 67, 68, 70, 71 };
    for (int i = 0; i < 6; i++) miss(p, 0, 0, pat[i]);
    is_int(m.n, 0, "4-entry GHB: 4 lines give 3 deltas, too few for the +1 +2 pattern");
    miss(p, 0, 0, 320);
    miss(p, 0, 0, 322);
    miss(p, 0, 0, 324);
    miss(p, 0, 0, 326);
    ok(m.n == 1 && m.iss[0].addr == LN(328), "... enough for a constant stride: 320..326 prefetch 328");
    p->ops->destroy(p);

    /* a 2-entry index: the zone's pointer is lost, its history with it */
    mock_init(&m);
    p = make(&ws_pf_ghb, NULL, "2", NULL, false);
    for (int i = 0; i < 4; i++) miss(p, 0, 0, pat[i]);
    miss(p, 0, 0, 320);     /* zone 10 */
    miss(p, 0, 0, 352);     /* zone 11 replaces zone 2 (LRU) */
    miss(p, 0, 0, 70);
    is_int(m.n, 0, "index replaced: zone 2 starts over at 70");
    is_int(kv(p, "replacements"), 2, "2 index replacements (zone 2 came back)");
    p->ops->destroy(p);

    /* random misses over 16 MB zones */
    mock_init(&m);
    p = make(&ws_pf_ghb, NULL, NULL, "24", false);
    uint64_t r = 7;
    for (int i = 0; i < 300; i++) {
        r = r * 6364136223846793005ull + 1442695040888963407ull;
        miss(p, 0, 0, r >> 47);
    }
    is_int(m.n, 0, "300 random misses in 16 MB zones: no prefetch");
    is_int(kv(p, "insertions"), 300, "all 300 inserted");
    p->ops->destroy(p);
}

/* Two warps, each +1 line per miss in the same CZone, in an irregular
 * interleaving (MTP Fig. 5). */
static const uint32_t order[] = { 0, 0, 1, 1, 1, 0, 1, 0, 0, 1, 0, 1 };

static void interleave(ws_pf *p, uint32_t pc1)
{
    uint64_t next[2] = { 64, 80 };
    for (int i = 0; i < 12; i++) {
        uint32_t w = order[i];
        miss(p, w ? pc1 : 0, w, next[w]++);
    }
}

static void test_ghb_warps(void)
{
    mock_init(&m);
    ws_pf *p = make(&ws_pf_ghb, NULL, NULL, NULL, false);
    interleave(p, 0);
    is_int(m.n, 0, "naive: the zone's deltas (+1 +15 +1 +1 -16 +17 ...) never repeat a pair: 0 prefetches");
    p->ops->destroy(p);
    mock_init(&m);
    p = make(&ws_pf_ghb, NULL, NULL, NULL, true);
    interleave(p, 0);
    is_int(m.n, 6, "warp-trained: 6 prefetches, each warp from its own 4th miss");
    ok(m.iss[0].addr == LN(84) && m.iss[0].wid == 1 && m.iss[1].addr == LN(68) && m.iss[1].wid == 0 &&
       m.iss[2].addr == LN(69) && m.iss[3].addr == LN(85) && m.iss[4].addr == LN(70) && m.iss[5].addr == LN(86),
       "84 (w1), 68 (w0), 69, 85, 70, 86: each warp's next line");
    is_int(kv(p, "replacements"), 0, "two index entries, zone 2 of warps 0 and 1");
    p->ops->destroy(p);
}

/* ------------------------------------------------------------ stride GHB */

static void test_gs(void)
{
    mock_init(&m);
    ws_pf *p = make(&ws_pf_ghb_stride, NULL, NULL, NULL, false);
    miss(p, 7, 0, 10);
    miss(p, 8, 0, 500);
    miss(p, 7, 0, 12);
    miss(p, 8, 0, 3);
    is_int(m.n, 0, "two misses of PC 7: nothing");
    miss(p, 7, 0, 14);
    is_int(m.n, 1, "stride found at the 3rd miss of the PC (other PCs in between)");
    is_u64(m.iss[0].addr, LN(16), "prefetch line 14 + 2");
    m.x.degree = 2;
    m.x.distance = 2;
    miss(p, 7, 0, 16);
    ok(m.n == 3 && m.iss[1].addr == LN(20) && m.iss[2].addr == LN(22), "degree 2, distance 2: +4, +6 lines");
    m.x.degree = 1;
    m.x.distance = 1;
    miss(p, 7, 0, 19);
    is_int(m.n, 3, "stride changes (+3): no constant stride, no prefetch");
    miss(p, 7, 0, 22);
    ok(m.n == 4 && m.iss[3].addr == LN(25), "+3 twice: prefetch 25");
    miss(p, 9, 0, 100);
    miss(p, 9, 0, 97);
    miss(p, 9, 0, 94);
    ok(m.n == 5 && m.iss[4].addr == LN(91), "negative stride: 91");
    acc(p, 9, 0, 91, WS_PF_HIT, 0);
    acc(p, 9, 0, 91, WS_PF_HIT_PENDING, 0);
    acc(p, 9, 0, 94, WS_PF_MISS, 0);
    is_int(m.n, 5, "plain hit, hit-pending, the PC's last line again: nothing");
    acc(p, 9, 0, 91, WS_PF_HIT, 1);
    ok(m.n == 6 && m.iss[5].addr == LN(88), "hit on the prefetched 91 trains: 88");
    is_int(kv(p, "trainings"), 12, "12 misses in the GHB");
    is_int(kv(p, "predictions"), 5, "5 predictions");
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    p->ops->inspect(p, &in);
    const ws_pf_insp_table *ix = ws_pf_insp_find_table(&in, "index");
    const ws_pf_insp_table *g = ws_pf_insp_find_table(&in, "ghb");
    ok(ix && ix->nrows == 3 && ix->bits[0] == 32, "index: 3 PCs, PC field 32 bits");
    ok(g && g->nrows == 12, "ghb: 12 entries");
    if (g && g->nrows == 12) {
        const int64_t *c = g->cells + 11 * 3;
        ok(c[0] == 11 && c[1] == (int64_t)LN(91) && c[2] == 10, "newest: slot 11, 91, linked to slot 10 (94)");
        c = g->cells + 2 * 3;
        ok(c[1] == (int64_t)LN(12) && c[2] == 0, "slot 2 (12) links to slot 0 (10)");
    }
    ws_pf_insp_free(&in);
    p->ops->destroy(p);

    /* a 4-entry GHB: three other misses push PC 1's first miss out */
    mock_init(&m);
    p = make(&ws_pf_ghb_stride, "4", NULL, NULL, false);
    miss(p, 1, 0, 10);
    miss(p, 2, 0, 1000);
    miss(p, 3, 0, 2000);
    miss(p, 4, 0, 3000);
    miss(p, 1, 0, 12);
    miss(p, 1, 0, 14);
    is_int(m.n, 0, "4-entry GHB: 10 was overwritten, 12 14 is not enough");
    miss(p, 1, 0, 16);
    ok(m.n == 1 && m.iss[0].addr == LN(18), "found at the 4th miss: 18");
    p->ops->destroy(p);

    /* a 2-entry index */
    mock_init(&m);
    p = make(&ws_pf_ghb_stride, NULL, "2", NULL, false);
    miss(p, 1, 0, 10);
    miss(p, 1, 0, 12);
    miss(p, 2, 0, 50);
    miss(p, 3, 0, 60);      /* replaces PC 1 */
    miss(p, 1, 0, 14);
    is_int(m.n, 0, "PC 1's index entry was replaced: its history is lost");
    is_int(kv(p, "replacements"), 2, "2 index replacements");
    p->ops->destroy(p);
}

static void test_gs_warps_random(void)
{
    for (int warp = 0; warp < 2; warp++) {
        mock_init(&m);
        ws_pf *p = make(&ws_pf_ghb_stride, NULL, NULL, NULL, warp);
        for (uint64_t i = 0; i < 4; i++) {
            miss(p, 3, 0, 10 + i);
            miss(p, 3, 1, 50 + i);
        }
        if (!warp) {
            is_int(m.n, 0, "naive: PC 3's misses alternate +40 -39 between warps: no prefetch");
        } else {
            is_int(m.n, 4, "warp-trained: each warp's stride at its own 3rd miss");
            ok(m.iss[0].addr == LN(13) && m.iss[0].wid == 0 && m.iss[1].addr == LN(53) && m.iss[1].wid == 1 &&
               m.iss[2].addr == LN(14) && m.iss[3].addr == LN(54), "13, 53, 14, 54");
        }
        p->ops->destroy(p);
    }
    mock_init(&m);
    ws_pf *p = make(&ws_pf_ghb_stride, NULL, NULL, NULL, false);
    uint64_t r = 3;
    for (int i = 0; i < 300; i++) {
        r = r * 6364136223846793005ull + 1442695040888963407ull;
        miss(p, 5, 0, r >> 40);
    }
    is_int(m.n, 0, "300 random misses of one PC: no prefetch");
    p->ops->destroy(p);
    /* strides of 2^50 and 2^56 - 1 lines (addresses up to 2^64) */
    mock_init(&m);
    p = make(&ws_pf_ghb_stride, NULL, NULL, NULL, false);
    miss(p, 1, 0, 0);
    miss(p, 1, 0, 1ull << 50);
    miss(p, 1, 0, 1ull << 51);
    ok(m.n == 1 && m.iss[0].addr == LN(3ull << 50), "stride 2^50 lines: prefetch line 3 * 2^50");
    miss(p, 2, 0, 1);
    miss(p, 2, 0, 1ull << 56);
    miss(p, 2, 0, (1ull << 57) - 1);
    is_int(m.n, 1, "stride 2^56 - 1 lines: too large to prefetch (no overflow)");
    p->ops->destroy(p);
    mock_init(&m);
    p = make(&ws_pf_ghb, NULL, NULL, "40", false);
    for (int i = 0; i < 5; i++) miss(p, 0, 0, (i & 1) ? (1ull << 27) + 3 : 3);
    ok(m.n == 1 && m.iss[0].addr == LN((1ull << 27) + 3), "ghb: deltas +2^27 -2^27 alternate: the next line of the pattern");
    p->ops->destroy(p);
}

int main(void)
{
    ok(ws_pf_find("ghb") == &ws_pf_ghb, "registry finds ghb");
    ok(ws_pf_find("ghb-stride") == &ws_pf_ghb_stride, "registry finds ghb-stride");
    test_delta();
    test_limits();
    test_ghb_warps();
    test_gs();
    test_gs_warps_random();
    return tap_done();
}
