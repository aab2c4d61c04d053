/* t_pf_stridepc.c: the per-PC stride prefetcher through the mock engine:
 * training per PC (other PCs do not disturb it), multi-request
 * instructions, hits train too, negative strides, degree and distance, LRU
 * replacement, the warp-interleaved stream of MTP Fig. 5, random addresses,
 * inspection. */
#include "pf/ws_pf_all.h"
#include "arch/ws_opts.h"
#include "ws_pf_mock.h"
#include "ws_tap.h"

static mock_engine m;

static void ld(ws_pf *p, uint32_t pc, uint32_t wid, uint64_t addr, int outcome)
{
    ws_pf_access a = mock_load(&m, pc, wid, addr, outcome);
    p->ops->observe(p, &a);
}

/* One warp instruction of two requests (lines addr and addr + 128). */
static void ld2(ws_pf *p, uint32_t pc, uint32_t wid, uint64_t addr)
{
    for (uint16_t r = 0; r < 2; r++) {
        ws_pf_access a = mock_load(&m, pc, wid, addr + 128u * r, WS_PF_MISS);
        a.insn_addr = addr;
        a.req = r;
        a.nreq = 2;
        p->ops->observe(p, &a);
    }
}

static ws_pf *make(const char *entries, bool warp)
{
    ws_error err;
    ws_opts *o = ws_opts_new();
    if (entries) ws_opts_set(o, "pf.stridepc.entries", entries, &err);
    ws_opts_set(o, "pf.warp_trained", warp ? "true" : "false", &err);
    ws_pf *p = ws_pf_stridepc.create(&m.x, o, &err);
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

static void test_pc(void)
{
    mock_init(&m);
    ws_pf *p = make(NULL, false);
    /* PC 5 strides by 0x400; PC 6 jumps around the same region in between */
    ld(p, 5, 0, 0x1000, WS_PF_MISS);
    ld(p, 6, 0, 0x1234, WS_PF_MISS);
    ld(p, 5, 0, 0x1400, WS_PF_HIT);
    ld(p, 6, 0, 0x1010, WS_PF_MISS);
    is_int(m.n, 0, "two executions of PC 5: no prefetch yet");
    ld(p, 5, 0, 0x1800, WS_PF_HIT_PENDING);
    is_int(m.n, 1, "stride detected at the 3rd execution of the PC (hits train too)");
    is_u64(m.iss[0].addr, 0x1c00, "prefetch addr + 0x400");
    ld(p, 6, 0, 0x1ff0, WS_PF_MISS);
    is_int(m.n, 1, "PC 6 (deltas -0x224, +0xfe0): nothing");
    m.x.degree = 2;
    m.x.distance = 3;
    ld(p, 5, 0, 0x1c00, WS_PF_MISS);
    ok(m.n == 3 && m.iss[1].addr == 0x2800 && m.iss[2].addr == 0x2c00, "degree 2, distance 3: +3, +4 strides");
    m.x.degree = 1;
    m.x.distance = 1;
    /* negative stride */
    ld(p, 7, 0, 0x9000, WS_PF_MISS);
    ld(p, 7, 0, 0x8f00, WS_PF_MISS);
    ld(p, 7, 0, 0x8e00, WS_PF_MISS);
    ok(m.n == 4 && m.iss[3].addr == 0x8d00, "negative stride: 3rd execution prefetches -0x100");
    /* stores do not train */
    ws_pf_access a = mock_load(&m, 5, 0, 0x2000, WS_PF_MISS);
    a.kind = WS_PF_STORE;
    p->ops->observe(p, &a);
    ld(p, 5, 0, 0x2000, WS_PF_MISS);
    ok(m.n == 5 && m.iss[4].addr == 0x2400, "a store in between changes nothing");
    is_int(kv(p, "trainings"), 11, "11 loads trained");
    is_int(kv(p, "predictions"), 4, "4 predictions");
    /* inspection */
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    p->ops->inspect(p, &in);
    const ws_pf_insp_table *t = ws_pf_insp_find_table(&in, "stridepc");
    ok(t && t->nrows == 3, "3 PCs in the table");
    if (t) {
        ok(t->bits[0] == 32 && t->bits[1] == 8 && t->bits[2] == 32 && t->bits[3] == 20 && t->bits[4] == 2,
           "widths of MTP Table VI (PC 32, wid 8, addr 32, stride 20) and the 2-bit state");
        int found = 0;
        for (uint32_t r = 0; r < t->nrows; r++) {
            const int64_t *c = t->cells + r * 5;
            if (c[0] == 5 && c[2] == 0x2000 && c[3] == 0x400 && c[4] == 2) found++;
            if (c[0] == 6 && c[2] == 0x1ff0 && c[3] == 0xfe0 && c[4] == 3) found++;
            if (c[0] == 7 && c[2] == 0x8e00 && c[3] == -0x100 && c[4] == 2) found++;
        }
        is_int(found, 3, "rows: PC 5 steady +0x400, PC 6 no-pred, PC 7 steady -0x100");
    }
    ws_pf_insp_free(&in);
    p->ops->destroy(p);
}

static void test_multi(void)
{
    mock_init(&m);
    ws_pf *p = make(NULL, false);
    ld2(p, 3, 0, 0x4000);
    ld2(p, 3, 0, 0x4400);
    is_int(m.n, 0, "two-request instruction, 2 executions: nothing");
    ld2(p, 3, 0, 0x4800);
    is_int(m.n, 2, "3rd execution: one prefetch per request");
    ok(m.iss[0].addr == 0x4c00 && m.iss[1].addr == 0x4c80, "both lines of the next execution");
    is_int(kv(p, "trainings"), 3, "one training per instruction (request 0)");
    p->ops->destroy(p);
}

static void test_lru(void)
{
    mock_init(&m);
    ws_pf *p = make("2", false);
    ld(p, 1, 0, 0x100, WS_PF_MISS);
    ld(p, 2, 0, 0x9000, WS_PF_MISS);
    ld(p, 1, 0, 0x200, WS_PF_MISS);
    ld(p, 3, 0, 0x5000, WS_PF_MISS);       /* replaces PC 2 (LRU) */
    is_int(kv(p, "replacements"), 1, "PC 3 replaced an entry");
    ld(p, 1, 0, 0x300, WS_PF_MISS);
    ok(m.n == 1 && m.iss[0].addr == 0x400, "PC 1 kept (3rd execution prefetches 0x400)");
    ld(p, 2, 0, 0x9100, WS_PF_MISS);       /* replaces PC 3 */
    ld(p, 2, 0, 0x9200, WS_PF_MISS);
    is_int(m.n, 1, "PC 2 starts over after its eviction");
    ld(p, 3, 0, 0x5100, WS_PF_MISS);
    is_int(kv(p, "replacements"), 3, "PC 3 came back and replaced PC 1");
    p->ops->destroy(p);
}

static void test_warps(void)
{
    /* MTP Fig. 5: two warps run PC 9 with stride 0x100 from their own bases */
    for (int warp = 0; warp < 2; warp++) {
        mock_init(&m);
        ws_pf *p = make(NULL, warp);
        for (uint64_t i = 0; i < 4; i++) {
            ld(p, 9, 0, 0x10000 + 0x100 * i, WS_PF_MISS);
            ld(p, 9, 1, 0x20000 + 0x100 * i, WS_PF_MISS);
        }
        if (!warp) {
            is_int(m.n, 0, "naive: interleaved warps confuse the PC's stride, no prefetch in 8 executions");
        } else {
            is_int(m.n, 4, "warp-trained: each warp steady at its own 3rd execution");
            ok(m.iss[0].addr == 0x10300 && m.iss[0].wid == 0 && m.iss[1].addr == 0x20300 && m.iss[1].wid == 1 &&
               m.iss[2].addr == 0x10400 && m.iss[3].addr == 0x20400, "the warps' own next addresses");
            is_int(kv(p, "allocations"), 2, "one entry per (PC, warp)");
        }
        p->ops->destroy(p);
    }
}

static void test_random(void)
{
    mock_init(&m);
    ws_pf *p = make(NULL, false);
    uint64_t r = 12345;
    for (int i = 0; i < 200; i++) {
        r = r * 6364136223846793005ull + 1442695040888963407ull;
        ld(p, 4, 0, (r >> 20) & 0xfffffffcull, WS_PF_MISS);
    }
    is_int(m.n, 0, "200 random addresses of one PC: no prefetch");
    p->ops->destroy(p);
}

int main(void)
{
    ok(ws_pf_find("stridepc") == &ws_pf_stridepc, "registry finds stridepc");
    test_pc();
    test_multi();
    test_lru();
    test_warps();
    test_random();
    return tap_done();
}
