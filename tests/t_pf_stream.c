/* t_pf_stream.c: the POWER5-style stream prefetcher through the mock engine:
 * confirmation after pf.stream.train sequential misses, advancing on hits to
 * prefetched lines, the prefetch window with degree and distance, descending
 * streams, LRU replacement, interleaved warps (naive vs warp-trained),
 * random misses, inspection. */
#include "pf/ws_pf_all.h"
#include "arch/ws_opts.h"
#include "ws_pf_mock.h"
#include "ws_tap.h"

static mock_engine m;

#define LN(n) ((uint64_t)(n) * 128u)

static void acc(ws_pf *p, uint32_t wid, uint64_t line, int outcome, int hit_pf)
{
    ws_pf_access a = mock_load(&m, 0, wid, LN(line) + 4, outcome);
    a.hit_pf = (uint8_t)hit_pf;
    p->ops->observe(p, &a);
}
static void miss(ws_pf *p, uint32_t wid, uint64_t line) { acc(p, wid, line, WS_PF_MISS, 0); }

static ws_pf *make(const char *entries, const char *train, bool warp)
{
    ws_error err;
    ws_opts *o = ws_opts_new();
    if (entries) ws_opts_set(o, "pf.stream.entries", entries, &err);
    if (train) ws_opts_set(o, "pf.stream.train", train, &err);
    ws_opts_set(o, "pf.warp_trained", warp ? "true" : "false", &err);
    ws_pf *p = ws_pf_stream.create(&m.x, o, &err);
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

static void test_ascending(void)
{
    mock_init(&m);
    ws_pf *p = make(NULL, NULL, false);
    miss(p, 0, 100);
    is_int(m.n, 0, "1st miss allocates a stream, no prefetch");
    miss(p, 0, 101);
    is_int(m.n, 1, "confirmed at the 2nd sequential miss (pf.stream.train 2)");
    is_u64(m.iss[0].addr, LN(102), "prefetch the next line");
    acc(p, 0, 102, WS_PF_HIT, 1);
    ok(m.n == 2 && m.iss[1].addr == LN(103), "hit on the prefetched line advances the stream: 103");
    acc(p, 0, 103, WS_PF_HIT, 0);
    is_int(m.n, 2, "a plain hit (line not prefetched) trains nothing");
    miss(p, 0, 104);
    ok(m.n == 3 && m.iss[2].addr == LN(105), "a miss on the next line to prefetch advances: 105");
    acc(p, 0, 105, WS_PF_HIT_PENDING, 0);
    is_int(m.n, 3, "hit-pending on a demand miss is not a miss");
    acc(p, 0, 105, WS_PF_HIT_PENDING, 1);
    ok(m.n == 4 && m.iss[3].addr == LN(106), "hit-pending on a prefetch (late) advances: 106");
    m.x.degree = 4;
    acc(p, 0, 106, WS_PF_HIT, 1);
    ok(m.n == 8 && m.iss[4].addr == LN(107) && m.iss[7].addr == LN(110), "degree 4: 107..110");
    acc(p, 0, 107, WS_PF_HIT, 1);
    ok(m.n == 9 && m.iss[8].addr == LN(111), "next hit: only 111 is new (window of 4 ahead)");
    m.x.degree = 1;
    m.x.distance = 3;
    acc(p, 0, 108, WS_PF_HIT, 1);
    is_int(m.n, 9, "distance 3 from 108: 111, already prefetched");
    acc(p, 0, 109, WS_PF_HIT, 1);
    ok(m.n == 10 && m.iss[9].addr == LN(112), "distance 3 from 109: 112");
    ws_pf_access st = mock_load(&m, 0, 0, LN(110), WS_PF_MISS);
    st.kind = WS_PF_STORE;
    p->ops->observe(p, &st);
    is_int(m.n, 10, "stores do not train");
    acc(p, 0, 400, WS_PF_HIT, 1);
    is_int(kv(p, "allocations"), 1, "a hit on a prefetched line of no stream allocates nothing");
    is_int(kv(p, "confirmations"), 1, "one confirmation");
    is_int(kv(p, "trainings"), 9, "9 trainings (the allocation, 8 advances)");
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    p->ops->inspect(p, &in);
    const ws_pf_insp_table *t = ws_pf_insp_find_table(&in, "streams");
    ok(t && t->nrows == 1 && t->ncols == 7, "one stream, 7 columns");
    if (t && t->nrows == 1) {
        const int64_t *c = t->cells;
        ok(c[0] == -1 && c[1] == (int64_t)LN(100) && c[2] == 1 && c[3] == (int64_t)LN(109) &&
           c[4] == (int64_t)LN(113) && c[5] == 2 && c[6] == 1,
           "start 100, ascending, last 109, next 113, 2 confirmations, active");
    }
    ws_pf_insp_free(&in);
    p->ops->destroy(p);
}

static void test_descending_train(void)
{
    mock_init(&m);
    ws_pf *p = make(NULL, NULL, false);
    miss(p, 0, 500);
    miss(p, 0, 499);
    ok(m.n == 1 && m.iss[0].addr == LN(498), "descending: confirmed at 499, prefetch 498");
    m.x.degree = 2;
    miss(p, 0, 498);
    ok(m.n == 3 && m.iss[1].addr == LN(497) && m.iss[2].addr == LN(496), "degree 2: 497, 496");
    miss(p, 0, 2);
    miss(p, 0, 1);
    ok(m.n == 4 && m.iss[3].addr == 0, "descending to line 0: nothing below address 0");
    miss(p, 0, 300);
    miss(p, 0, 302);
    is_int(m.n, 4, "misses two lines apart: two streams, no prefetch");
    is_int(kv(p, "allocations"), 4, "4 streams allocated");
    p->ops->destroy(p);

    mock_init(&m);
    p = make(NULL, "3", false);
    miss(p, 0, 200);
    miss(p, 0, 201);
    is_int(m.n, 0, "pf.stream.train 3: two sequential misses are not enough");
    miss(p, 0, 202);
    ok(m.n == 1 && m.iss[0].addr == LN(203), "confirmed at the 3rd sequential miss: 203");
    miss(p, 0, 301);
    miss(p, 0, 300);
    miss(p, 0, 301);
    is_int(m.n, 1, "a training stream's direction is fixed by its 2nd miss (301, 300, 301: no stream)");
    p->ops->destroy(p);

    mock_init(&m);
    p = make(NULL, "1", false);
    miss(p, 0, 50);
    ok(m.n == 1 && m.iss[0].addr == LN(51), "pf.stream.train 1: one miss confirms an ascending stream");
    p->ops->destroy(p);
}

static void test_lru(void)
{
    mock_init(&m);
    ws_pf *p = make("2", NULL, false);
    miss(p, 0, 10);         /* stream A */
    miss(p, 0, 50);         /* stream B */
    miss(p, 0, 11);         /* A confirmed: 12 */
    miss(p, 0, 90);         /* C replaces B (LRU) */
    miss(p, 0, 12);         /* A advances: 13 */
    ok(m.n == 2 && m.iss[0].addr == LN(12) && m.iss[1].addr == LN(13), "A survives: 12, 13");
    miss(p, 0, 51);         /* B is gone: a new stream replaces C */
    is_int(m.n, 2, "B was evicted: 51 starts a new stream");
    miss(p, 0, 52);
    ok(m.n == 3 && m.iss[2].addr == LN(53), "... confirmed by 52: 53");
    is_int(kv(p, "replacements"), 2, "2 replacements");
    p->ops->destroy(p);
}

/* Warp 0 streams up from line 100 while warp 1 misses elsewhere, starting
 * right below it (MTP Sec. III-B: other warps' misses confuse the
 * direction). */
static void test_warps(void)
{
    static const uint64_t w1[] = { 99, 250, 37, 180 };
    for (int warp = 0; warp < 2; warp++) {
        mock_init(&m);
        ws_pf *p = make(NULL, NULL, warp);
        for (int i = 0; i < 4; i++) {
            miss(p, 0, 100 + (uint64_t)i);
            miss(p, 1, w1[i]);
        }
        if (!warp) {
            is_int(m.n, 3, "naive: 3 prefetches");
            ok(m.iss[0].addr == LN(98) && m.iss[0].wid == 1,
               "naive: warp 1's miss at 99 confirms warp 0's stream downwards: a useless 98");
            ok(m.iss[1].addr == LN(103) && m.iss[2].addr == LN(104), "naive: warp 0 confirmed only at its 3rd miss (103, 104)");
        } else {
            is_int(m.n, 3, "warp-trained: 3 prefetches");
            ok(m.iss[0].addr == LN(102) && m.iss[1].addr == LN(103) && m.iss[2].addr == LN(104) &&
               m.iss[0].wid == 0 && m.iss[2].wid == 0, "warp-trained: warp 0 confirmed at its 2nd miss: 102, 103, 104");
        }
        p->ops->destroy(p);
    }
}

static void test_random(void)
{
    mock_init(&m);
    ws_pf *p = make(NULL, NULL, false);
    uint64_t r = 99;
    for (int i = 0; i < 300; i++) {
        r = r * 6364136223846793005ull + 1442695040888963407ull;
        miss(p, 0, r >> 40);
    }
    is_int(m.n, 0, "300 random misses: no prefetch");
    is_int(kv(p, "replacements"), 0, "and 300 streams in 512 entries");
    p->ops->destroy(p);
}

int main(void)
{
    ok(ws_pf_find("stream") == &ws_pf_stream, "registry finds stream");
    test_ascending();
    test_descending_train();
    test_lru();
    test_warps();
    test_random();
    return tap_done();
}
