/* t_pf_stride.c: the RPT stride prefetcher (per region) through the mock
 * engine: the state machine step by step, issued addresses, degree and
 * distance, negative and zero strides, LRU replacement, the warp-interleaved
 * stream of MTP Fig. 5 in the naive and warp-trained forms, inspection. */
#include "pf/ws_pf_all.h"
#include "arch/ws_opts.h"
#include "ws_pf_mock.h"
#include "ws_tap.h"

static mock_engine m;

static void ld(ws_pf *p, uint32_t wid, uint64_t addr)
{
    ws_pf_access a = mock_load(&m, 0, wid, addr, WS_PF_MISS);
    p->ops->observe(p, &a);
}

static ws_pf *make(const char *entries, bool warp)
{
    ws_error err;
    ws_opts *o = ws_opts_new();
    if (entries) ws_opts_set(o, "pf.stride.entries", entries, &err);
    ws_opts_set(o, "pf.warp_trained", warp ? "true" : "false", &err);
    ws_pf *p = ws_pf_stride.create(&m.x, o, &err);
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

static void test_steady(void)
{
    mock_init(&m);
    ws_pf *p = make(NULL, false);
    ld(p, 0, 0x10000);
    is_int(m.n, 0, "1st access of a region: allocated (initial), no prefetch");
    ld(p, 0, 0x10100);
    is_int(m.n, 0, "2nd access: transient (stride 256), no prefetch");
    ld(p, 0, 0x10200);
    is_int(m.n, 1, "3rd access with the same stride: steady, one prefetch (degree 1)");
    is_u64(m.iss[0].addr, 0x10300, "prefetch addr + 1 * stride");
    is_int(m.iss[0].wid, 0, "for the triggering warp");
    ld(p, 0, 0x10300);
    is_u64(m.iss[1].addr, 0x10400, "4th access: addr + stride");
    m.x.degree = 3;
    m.x.distance = 2;
    ld(p, 0, 0x10400);
    is_int(m.n, 5, "degree 3: three more");
    is_u64(m.iss[2].addr, 0x10600, "distance 2: addr + 2 * stride");
    is_u64(m.iss[3].addr, 0x10700, "addr + 3 * stride");
    is_u64(m.iss[4].addr, 0x10800, "addr + 4 * stride");
    m.x.degree = 0;
    ld(p, 0, 0x10500);
    is_int(m.n, 5, "degree 0: nothing");
    m.x.degree = 1;
    m.x.distance = 1;
    /* steady, one wrong delta -> initial with the stride kept; the next
     * correct delta goes straight back to steady */
    ld(p, 0, 0x10b00);
    is_int(m.n, 5, "steady + wrong stride: initial, no prefetch");
    ld(p, 0, 0x10c00);
    is_int(m.n, 6, "initial + the kept stride again: steady at once");
    is_u64(m.iss[5].addr, 0x10d00, "prefetch with the kept stride");
    /* transient -> no-pred -> transient -> steady */
    ld(p, 0, 0x20000);
    ld(p, 0, 0x20010);
    ld(p, 0, 0x20050);
    is_int(m.n, 6, "new region: initial, transient (16), wrong delta: no-pred (64)");
    ld(p, 0, 0x20090);
    is_int(m.n, 6, "no-pred + correct: transient, no prefetch");
    ld(p, 0, 0x200d0);
    is_int(m.n, 7, "transient + correct: steady (5th access of this region)");
    is_u64(m.iss[6].addr, 0x20110, "prefetch addr + 64");
    /* stores and atomics do not train */
    ws_pf_access a = mock_load(&m, 0, 0, 0x30000, WS_PF_MISS);
    a.kind = WS_PF_STORE;
    p->ops->observe(p, &a);
    a.kind = WS_PF_ATOMIC;
    p->ops->observe(p, &a);
    is_int(kv(p, "trainings"), 13, "13 loads trained, stores and atomics did not");
    is_int(kv(p, "predictions"), 6, "6 predictions (one at degree 0)");
    is_int(kv(p, "prefetches"), 7, "7 prefetches");
    is_int(kv(p, "allocations"), 2, "2 regions allocated");
    is_int(kv(p, "ways"), 16, "1024 entries: 16 ways");
    /* inspection of the table */
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    p->ops->inspect(p, &in);
    const ws_pf_insp_table *t = ws_pf_insp_find_table(&in, "rpt");
    ok(t && t->nrows == 2 && t->ncols == 5, "rpt table: 2 valid entries, 5 columns");
    if (t && t->nrows == 2) {
        is_str(t->cols[4], "state", "column 4: state");
        is_int(t->bits[4], 2, "state: 2 bits");
        int r = t->cells[0] == 2 ? 0 : 1;   /* the row of region 0x20000 >> 16 */
        const int64_t *c = t->cells + r * 5;
        ok(c[0] == 2 && c[1] == -1 && c[2] == 0x200d0 && c[3] == 64 && c[4] == 2,
           "region 2: no warp, last 0x200d0, stride 64, steady");
        c = t->cells + (1 - r) * 5;
        ok(c[0] == 1 && c[2] == 0x10c00 && c[3] == 256 && c[4] == 2, "region 1: last 0x10c00, stride 256, steady");
    }
    ws_pf_insp_free(&in);
    p->ops->destroy(p);
}

static void test_negative_zero_subline(void)
{
    mock_init(&m);
    ws_pf *p = make(NULL, false);
    ld(p, 0, 0x3f000);
    ld(p, 0, 0x3ef00);
    ld(p, 0, 0x3ee00);
    is_int(m.n, 1, "negative stride: steady at the 3rd access");
    is_u64(m.iss[0].addr, 0x3ed00, "prefetch addr - 256");
    m.x.degree = 2;
    ld(p, 0, 0x3ed00);
    ok(m.n == 3 && m.iss[1].addr == 0x3ec00 && m.iss[2].addr == 0x3eb00, "degree 2 downwards: -256, -512");
    ld(p, 0, 0x50040);
    ld(p, 0, 0x50040);
    ld(p, 0, 0x50040);
    is_int(m.n, 3, "zero stride (the same address 3 times): no prefetch");
    /* stride 32 (below a line), degree 4: the candidates +32..+128 fall in
     * two lines, the trigger's and the next one: only the next is issued */
    m.x.degree = 4;
    ld(p, 0, 0x60000);
    ld(p, 0, 0x60020);
    ld(p, 0, 0x60040);
    is_int(m.n, 4, "stride 32, degree 4: one prefetch");
    is_u64(m.iss[3].addr, 0x60080, "the candidate in the next line (+64)");
    /* the top of the address space: no wrap-around to address 0 */
    m.x.degree = 2;
    ld(p, 0, 0xfffffffffffffd00ull);
    ld(p, 0, 0xfffffffffffffe00ull);
    ld(p, 0, 0xffffffffffffff00ull);
    is_int(m.n, 4, "stride 256 at the top of the address space: nothing wraps to address 0");
    p->ops->destroy(p);
}

static void test_lru(void)
{
    mock_init(&m);
    ws_pf *p = make("2", false);
    is_int(kv(p, "ways"), 2, "2 entries: fully associative");
    ld(p, 0, 0x10000);      /* A */
    ld(p, 0, 0x20000);      /* B */
    ld(p, 0, 0x10100);      /* A again: B is LRU */
    ld(p, 0, 0x30000);      /* C replaces B */
    is_int(kv(p, "replacements"), 1, "third region replaces one entry");
    ld(p, 0, 0x10200);
    is_int(m.n, 1, "A kept its training (3rd access: prefetch)");
    is_u64(m.iss[0].addr, 0x10300, "A: 0x10300");
    ld(p, 0, 0x20100);      /* B again: replaces C (LRU), fresh */
    ld(p, 0, 0x20200);
    is_int(m.n, 1, "B was evicted: 2 accesses after its return give nothing");
    ld(p, 0, 0x20300);
    is_int(m.n, 2, "B steady at its 3rd access after its return");
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    p->ops->inspect(p, &in);
    const ws_pf_insp_table *t = ws_pf_insp_find_table(&in, "rpt");
    ok(t && t->nrows == 2 && ((t->cells[0] == 1 && t->cells[5] == 2) || (t->cells[0] == 2 && t->cells[5] == 1)),
       "the table holds regions 1 and 2 (3 was the LRU victim)");
    ws_pf_insp_free(&in);
    p->ops->destroy(p);
}

/* MTP Fig. 5: two warps, each with stride 256 in the same region, interleaved. */
static void interleave(ws_pf *p, int rounds)
{
    for (int i = 0; i < rounds; i++) {
        ld(p, 0, 0x50000 + 0x100 * (uint64_t)i);
        ld(p, 1, 0x58000 + 0x100 * (uint64_t)i);
    }
}

static void test_warps(void)
{
    mock_init(&m);
    ws_pf *p = make(NULL, false);
    interleave(p, 6);
    is_int(m.n, 0, "naive: interleaved warps never look strided (Fig. 5), 0 prefetches in 12 accesses");
    is_int(kv(p, "predictions"), 0, "naive: 0 predictions");
    p->ops->destroy(p);
    mock_init(&m);
    p = make(NULL, true);
    interleave(p, 4);
    is_int(m.n, 4, "warp-trained: each warp steady at its own 3rd access, 4 prefetches");
    ok(m.iss[0].addr == 0x50300 && m.iss[0].wid == 0, "warp 0: 0x50300");
    ok(m.iss[1].addr == 0x58300 && m.iss[1].wid == 1, "warp 1: 0x58300");
    ok(m.iss[2].addr == 0x50400 && m.iss[3].addr == 0x58400, "then 0x50400, 0x58400");
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    p->ops->inspect(p, &in);
    const ws_pf_insp_table *t = ws_pf_insp_find_table(&in, "rpt");
    ok(t && t->nrows == 2 && t->cells[0] == 5 && t->cells[5] == 5 && t->cells[1] + t->cells[6] == 1,
       "two entries for region 5, warps 0 and 1");
    const ws_pf_insp_kv *f = ws_pf_insp_find(&in, "form");
    is_str(f ? f->text : "", "warp-trained", "form shown");
    ws_pf_insp_free(&in);
    p->ops->destroy(p);
}

/* Table events (pf.table.reads / writes): every load request reads one set
 * and writes one entry (an allocation, or the update of its region's). */
static void test_table_events(void)
{
    mock_init(&m);
    ws_pf *p = make(NULL, false);
    is_u64(p->tab_bytes, 1024 * 70 / 8, "geometry: 1024 entries of 70 bits (16 + 32 + 20 + 2)");
    is_int(p->tab_entry_bits, 70, "geometry: entry bits");
    is_u64(m.x.tab_reads, 0, "created: no reads");
    ld(p, 0, 0x10000);
    is_u64(m.x.tab_reads, 1, "1st access: one set probed");
    is_u64(m.x.tab_writes, 1, "1st access: one entry allocated");
    ld(p, 0, 0x10100);
    ld(p, 0, 0x10200);
    is_u64(m.x.tab_reads, 3, "three accesses: three reads");
    is_u64(m.x.tab_writes, 3, "three accesses: two updates after the allocation");
    ld(p, 0, 0x20000);
    is_u64(m.x.tab_writes, 4, "another region: one allocation");
    ws_pf_access a = mock_load(&m, 0, 0, 0x10300, WS_PF_MISS);
    a.kind = WS_PF_STORE;
    p->ops->observe(p, &a);
    is_u64(m.x.tab_reads, 4, "a store touches no table");
    is_u64(m.x.tab_writes, 4, "a store writes nothing");
    p->ops->destroy(p);
    p = make(NULL, true);
    is_int(p->tab_entry_bits, 78, "warp-trained: + the 8-bit warp id");
    p->ops->destroy(p);
}

int main(void)
{
    ok(ws_pf_find("stride") == &ws_pf_stride, "registry finds stride");
    test_table_events();
    test_steady();
    test_negative_zero_subline();
    test_lru();
    test_warps();
    return tap_done();
}
