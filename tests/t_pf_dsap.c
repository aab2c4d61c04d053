/* t_pf_dsap.c: the DSAP policy through a mock engine, with a hand-built
 * CSR graph in a byte buffer served as fill data: the WL -> VL -> EL -> VIS
 * chain with exact addresses, the split vertex-list case, stale fills, the
 * five generator-mask states, the adaptive controller (granularity, on/off,
 * none), and the inspection tables. */
#include <stdlib.h>

#include "pf/ws_pf_all.h"
#include "arch/ws_opts.h"
#include "ws_pf_mock.h"
#include "ws_tap.h"

/* Device memory 0x10000 .. 0x14000:
 *   WL  0x10000: 64 items (4 B): wl[i] = i except wl[3] = 5, wl[4] = 31, wl[40] = 7
 *   VL  0x11000: 101 entries: VL[i] = i (i <= 5), 70 + 2 (i - 6) (i >= 6)
 *   EL  0x12000: 258 entries: EL[i] = (7 i + 3) % 100, except EL[10] = 1000
 *   VIS 0x13000: 100 entries */
#define BASE 0x10000u
#define WL 0x10000u
#define VL 0x11000u
#define EL 0x12000u
#define VIS 0x13000u
#define NV 100u
#define NE 258u
#define F WS_PF_F_NEED_DATA

static uint8_t mem[0x4000];

static void put32(uint64_t a, uint32_t v)
{
    for (int i = 0; i < 4; i++) mem[a - BASE + (uint64_t)i] = (uint8_t)(v >> (8 * i));
}

static uint32_t vl_val(uint32_t i)
{
    return i <= 5 ? i : 70 + 2 * (i - 6);
}

static uint32_t el_val(uint32_t i)
{
    return i == 10 ? 1000 : (7 * i + 3) % 100;
}

static void build_graph(mock_engine *m)
{
    for (uint32_t i = 0; i < 64; i++) put32(WL + 4 * i, i);
    put32(WL + 12, 5);
    put32(WL + 16, 31);
    put32(WL + 160, 7);
    for (uint32_t i = 0; i <= NV; i++) put32(VL + 4 * i, vl_val(i));
    for (uint32_t i = 0; i < NE; i++) put32(EL + 4 * i, el_val(i));
    m->x.ranges[WS_ROLE_WORKLIST] = (ws_pf_range){ WL, WL + 64 * 4, 4 };
    m->x.ranges[WS_ROLE_VERTEX] = (ws_pf_range){ VL, VL + (NV + 1) * 4, 4 };
    m->x.ranges[WS_ROLE_EDGE] = (ws_pf_range){ EL, EL + NE * 4, 4 };
    m->x.ranges[WS_ROLE_VISITED] = (ws_pf_range){ VIS, VIS + NV * 4, 4 };
}

static void fill(ws_pf *p, uint64_t line, uint32_t wid, uint32_t tag)
{
    ws_pf_fill f;
    memset(&f, 0, sizeof f);
    f.line = line;
    f.size = 128;
    f.data = mem + (line - BASE);
    f.wid = wid;
    f.tag = tag;
    p->ops->fill(p, &f);
}

static void load(ws_pf *p, mock_engine *m, uint32_t wid, uint64_t addr)
{
    ws_pf_access a = mock_load(m, 1, wid, addr, WS_PF_MISS);
    p->ops->observe(p, &a);
}

static void tick(ws_pf *p, uint64_t useful, uint64_t late, uint64_t early)
{
    ws_pf_period t;
    memset(&t, 0, sizeof t);
    t.useful = useful;
    t.late = late;
    t.early = early;
    p->ops->tick(p, &t);
}

static ws_pf *make(mock_engine *m, const char *adaptive, const char *off_periods)
{
    ws_error err;
    ws_opts *o = ws_opts_new();
    if (adaptive) ws_opts_set(o, "pf.dsap.adaptive", adaptive, &err);
    if (off_periods) ws_opts_set(o, "pf.dsap.off_periods", off_periods, &err);
    mock_init(m);
    build_graph(m);
    ws_pf *p = ws_pf_dsap.create(&m->x, o, &err);
    ws_opts_free(o);
    return p;
}

/* Is issue k exactly (addr, wid, tag, NEED_DATA)? */
static int iss_is(const mock_engine *m, uint32_t k, uint64_t addr, uint32_t wid, uint32_t tag)
{
    if (k >= m->n) return 0;
    const mock_issue *s = &m->iss[k];
    if (s->addr == addr && s->wid == wid && s->tag == tag && s->flags == F) return 1;
    diag("issue %u: addr 0x%llx wid %u tag %u flags %u; expected 0x%llx %u %u", k,
         (unsigned long long)s->addr, s->wid, s->tag, s->flags, (unsigned long long)addr, wid, tag);
    return 0;
}

/* Issues [from, m->n) are the VIS prefetches of edge indices [i0, i1). */
static int vis_are(const mock_engine *m, uint32_t from, uint32_t i0, uint32_t i1, uint32_t wid)
{
    uint32_t k = from;
    for (uint32_t i = i0; i < i1; i++) {
        if (el_val(i) >= NV) continue;
        if (!iss_is(m, k++, VIS + 4 * el_val(i), wid, WS_ROLE_VISITED)) return 0;
    }
    return k == m->n;
}

static int64_t kv_int(const ws_pf *p, const char *key)
{
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    p->ops->inspect(p, &in);
    const ws_pf_insp_kv *kv = ws_pf_insp_find(&in, key);
    int64_t v = kv ? kv->ival : -999;
    ws_pf_insp_free(&in);
    return v;
}

static const char *state_of(const ws_pf *p)
{
    static char buf[48];
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    p->ops->inspect(p, &in);
    const ws_pf_insp_kv *kv = ws_pf_insp_find(&in, "state");
    snprintf(buf, sizeof buf, "%s", kv ? kv->text : "?");
    ws_pf_insp_free(&in);
    return buf;
}

/* One generator-table cell (row g: 0 WL, 1 VL, 2 EL, 3 VIS). */
static int64_t gen_cell(const ws_pf *p, int g, int col)
{
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    p->ops->inspect(p, &in);
    const ws_pf_insp_table *t = ws_pf_insp_find_table(&in, "generators");
    int64_t v = t && (uint32_t)g < t->nrows ? t->cells[(uint32_t)g * t->ncols + (uint32_t)col] : -999;
    ws_pf_insp_free(&in);
    return v;
}

static int trans_is(const mock_engine *m, uint32_t k, const char *from, const char *to, const char *why, double u)
{
    if (k >= m->ntr) return 0;
    const ws_pf_trans *t = &m->tr[k];
    int ok1 = !strcmp(t->what, "mask") && !strcmp(t->from_name, from) && !strcmp(t->to_name, to)
              && !strcmp(t->why, why) && t->m[0] == u && !strcmp(t->mnames[0], "utilization");
    if (!ok1)
        diag("transition %u: %s %s -> %s (%s) U %g", k, t->what, t->from_name, t->to_name, t->why, t->m[0]);
    return ok1;
}

static void test_chain(void)
{
    mock_engine m;
    ws_pf *p = make(&m, NULL, NULL);
    ok(ws_pf_find("dsap") == &ws_pf_dsap && p->ops == &ws_pf_dsap, "registry: dsap");
    is_u64(p->period, 10000, "period from pf.dsap.period");

    /* WL generator */
    load(p, &m, 3, WL + 8);
    is_int(m.n, 1, "WL load: one prefetch");
    ok(iss_is(&m, 0, WL + 12, 3, WS_ROLE_WORKLIST), "worklist[3] for warp 3, tag WL, need data");
    ws_pf_access a = mock_load(&m, 1, 3, WL + 8, WS_PF_HIT);
    a.kind = WS_PF_STORE;
    p->ops->observe(p, &a);
    a.kind = WS_PF_LOAD;
    a.req = 1;
    a.nreq = 2;
    p->ops->observe(p, &a);
    load(p, &m, 3, VL + 8);
    load(p, &m, 3, EL + 8);
    is_int(m.n, 1, "stores, second requests and other arrays trigger nothing");

    /* VL generator: v = 5, VL[5] and VL[6] in one line */
    fill(p, WL, 3, WS_ROLE_WORKLIST);
    is_int(m.n, 2, "WL fill: one VL prefetch (same line)");
    ok(iss_is(&m, 1, VL + 20, 3, WS_ROLE_VERTEX), "VL[5] at 0x11014");

    /* EL generator: start 5, end 70 -> 0x12014 .. 0x12117: three lines */
    fill(p, VL, 3, WS_ROLE_VERTEX);
    is_int(m.n, 5, "VL fill: three EL lines");
    ok(iss_is(&m, 2, EL + 20, 3, WS_ROLE_EDGE), "EL line 1 at EL[5] (unaligned start)");
    ok(iss_is(&m, 3, EL + 0x80, 3, WS_ROLE_EDGE), "EL line 2");
    ok(iss_is(&m, 4, EL + 0x100, 3, WS_ROLE_EDGE), "EL line 3 (holds EL[64..69])");

    /* VIS generator */
    uint32_t k = m.n;
    fill(p, EL, 3, WS_ROLE_EDGE);
    is_int(m.n - k, 26, "EL line 0: EL[5..31] minus the out-of-range value at EL[10]");
    ok(vis_are(&m, k, 5, 32, 3), "VIS[EL[i]] for i = 5..31 in order, none for EL[0..4]");
    k = m.n;
    fill(p, EL + 0x100, 3, WS_ROLE_EDGE);
    is_int(m.n - k, 6, "EL line 2: EL[64..69] only (end 70)");
    ok(vis_are(&m, k, 64, 70, 3), "VIS addresses of EL[64..69]");
    k = m.n;
    fill(p, EL + 0x80, 3, WS_ROLE_EDGE);
    ok(vis_are(&m, k, 32, 64, 3), "EL line 1: all 32 values");
    k = m.n;
    fill(p, VIS, 3, WS_ROLE_VISITED);
    is_int(m.n, k, "VIS fill: end of chain");
    is_int(kv_int(p, "vis_fills"), 1, "one VIS fill seen");
    is_int(kv_int(p, "out_of_range"), 1, "EL[10] = 1000 is outside the visited list");

    /* split: warp 5, v = 31: VL[31] at 0x1107c, VL[32] at 0x11080 */
    k = m.n;
    load(p, &m, 5, WL + 12);
    ok(iss_is(&m, k, WL + 16, 5, WS_ROLE_WORKLIST), "warp 5: worklist[4]");
    fill(p, WL, 5, WS_ROLE_WORKLIST);
    is_int(m.n - k, 3, "split VL: two requests");
    ok(iss_is(&m, k + 1, VL + 124, 5, WS_ROLE_VERTEX), "VL[31] at 0x1107c");
    ok(iss_is(&m, k + 2, VL + 128, 5, WS_ROLE_VERTEX), "VL[32] at 0x11080");
    fill(p, VL, 5, WS_ROLE_VERTEX);
    is_int(m.n - k, 3, "first VL line: start only, EL waits");

    ws_pf_insp in;
    ws_pf_insp_init(&in);
    p->ops->inspect(p, &in);
    const ws_pf_insp_table *t = ws_pf_insp_find_table(&in, "rit");
    ok(t && t->nrows == 2 && t->ncols == 11, "RIT: two valid warps");
    if (t && t->nrows == 2) {
        const int64_t *r = t->cells + t->ncols;     /* warp 5 */
        const int64_t want[] = { 5, WL + 16, 0, VL + 124, 31, 1, 120, 1, 0, 0, 0 };
        int same = 1;
        for (int i = 0; i < 11; i++) same &= r[i] == want[i];
        ok(same, "RIT warp 5: vertex 31, start 120 known, end pending");
        int bits = 0;
        for (uint32_t i = 0; i < t->ncols; i++) bits += t->bits[i];
        ok(bits <= 36 * 8, "RIT field widths fit 36 B per entry (%d bits)", bits);
    }
    t = ws_pf_insp_find_table(&in, "art");
    ok(t && t->nrows == 4 && t->cells[1] == WL && t->cells[2] == WL + 256 && t->cells[4 * 3 + 1] == VIS
           && t->cells[4 * 3 + 3] == 4 && t->bits[1] == 64,
       "ART: four ranges");
    ws_pf_insp_free(&in);

    fill(p, VL + 128, 5, WS_ROLE_VERTEX);
    is_int(m.n - k, 4, "second VL line: end known, one EL line");
    ok(iss_is(&m, k + 3, EL + 480, 5, WS_ROLE_EDGE), "EL[120..121] at 0x121e0");
    fill(p, VL + 128, 5, WS_ROLE_VERTEX);
    is_int(m.n - k, 4, "a repeated VL fill is stale");
    k = m.n;
    fill(p, EL + 0x180, 5, WS_ROLE_EDGE);
    ok(vis_are(&m, k, 120, 122, 5), "VIS of EL[120], EL[121]");

    is_int(gen_cell(p, 0, 1), 2, "WL triggers");
    is_int(gen_cell(p, 1, 3), 3, "VL prefetches issued");
    is_int(gen_cell(p, 2, 3), 4, "EL prefetches issued");
    is_int(gen_cell(p, 3, 1), 4, "VIS triggers");
    is_int(gen_cell(p, 3, 3), 26 + 6 + 32 + 2, "VIS prefetches issued");
    is_int(gen_cell(p, 1, 5), 1, "VL stale fills");

    /* the last work-list item has no successor */
    k = m.n;
    load(p, &m, 9, WL + 63 * 4);
    is_int(m.n, k, "worklist[63]: nothing past the end");
    /* 8-byte work-list elements */
    m.x.ranges[WS_ROLE_WORKLIST].elem = 8;
    load(p, &m, 9, WL + 16);
    ok(iss_is(&m, k, WL + 24, 9, WS_ROLE_WORKLIST), "8-byte work list: address + 8");
    p->ops->destroy(p);
}

static void test_stale(void)
{
    mock_engine m;
    ws_pf *p = make(&m, NULL, NULL);
    load(p, &m, 7, WL + 8);
    load(p, &m, 7, WL + 156);
    is_int(m.n, 2, "two WL triggers");
    ok(iss_is(&m, 1, WL + 160, 7, WS_ROLE_WORKLIST), "second: worklist[40]");
    fill(p, WL, 7, WS_ROLE_WORKLIST);
    is_int(m.n, 2, "fill of the first WL line: stale (newer trigger)");
    fill(p, WL + 128, 7, WS_ROLE_WORKLIST);
    is_int(m.n, 3, "fill of the pending line: VL generator");
    ok(iss_is(&m, 2, VL + 28, 7, WS_ROLE_VERTEX), "v = wl[40] = 7: VL[7]");
    fill(p, WL + 128, 7, WS_ROLE_WORKLIST);
    is_int(m.n, 3, "the same WL fill again: stale (consumed)");
    fill(p, VL + 128, 7, WS_ROLE_VERTEX);
    is_int(m.n, 3, "VL fill of another line: stale");
    fill(p, VL, 7, WS_ROLE_VERTEX);
    is_int(m.n, 4, "VL fill: start 72, end 74");
    ok(iss_is(&m, 3, EL + 288, 7, WS_ROLE_EDGE), "EL[72] at 0x12120");
    fill(p, EL, 7, WS_ROLE_EDGE);
    is_int(m.n, 4, "EL line outside [72, 74): stale");
    fill(p, WL, 7, 99);
    fill(p, WL, 48, WS_ROLE_WORKLIST);
    ws_pf_fill f;
    memset(&f, 0, sizeof f);
    f.line = EL + 0x100;
    f.size = 128;
    f.wid = 7;
    f.tag = WS_ROLE_EDGE;
    p->ops->fill(p, &f);
    is_int(m.n, 4, "unknown tag, warp slot 48, no data: ignored");
    is_int(kv_int(p, "bad_fills"), 3, "three bad fills counted");
    is_int(gen_cell(p, 0, 5), 2, "WL stale fills");
    is_int(gen_cell(p, 1, 5), 1, "VL stale fills");
    is_int(gen_cell(p, 2, 5), 1, "EL stale fills");
    p->ops->launch(p);
    fill(p, EL + 0x100, 7, WS_ROLE_EDGE);
    is_int(m.n, 4, "after a launch the RIT is empty: EL fill stale");
    is_int(gen_cell(p, 2, 5), 2, "EL stale fills after launch");
    /* a vertex id outside the vertex list */
    put32(WL + 20, 100);
    load(p, &m, 2, WL + 16);
    fill(p, WL, 2, WS_ROLE_WORKLIST);
    is_int(m.n, 5, "v = 100 (VL[101] outside the vertex list): no VL prefetch");
    put32(WL + 20, 5);
    p->ops->destroy(p);
}

/* Run a whole chain for warp 1 (fills whether or not the prefetch was
 * generated) and count the prefetches of each structure. */
static void chain_counts(ws_pf *p, mock_engine *m, uint32_t c[5])
{
    uint32_t k = m->n;
    load(p, m, 1, WL + 8);
    fill(p, WL, 1, WS_ROLE_WORKLIST);
    fill(p, VL, 1, WS_ROLE_VERTEX);
    fill(p, EL, 1, WS_ROLE_EDGE);
    memset(c, 0, 5 * sizeof *c);
    for (uint32_t i = k; i < m->n; i++) c[m->iss[i].tag]++;
}

static void test_mask(void)
{
    mock_engine m;
    ws_pf *p = make(&m, NULL, "0");
    static const char *const names[] = { "FULL", "P3", "P2", "P1", "OFF" };
    static const uint32_t want[5][4] = { { 1, 1, 3, 26 }, { 1, 1, 3, 0 }, { 1, 1, 0, 0 }, { 1, 0, 0, 0 }, { 0, 0, 0, 0 } };
    static const int64_t masks[] = { 7, 6, 4, 0, 0 };
    for (int s = 0; s < 5; s++) {
        is_str(state_of(p), names[s], "state %s", names[s]);
        is_int(kv_int(p, "mask"), masks[s], "%s: mask bits", names[s]);
        uint32_t c[5];
        chain_counts(p, &m, c);
        ok(c[1] == want[s][0] && c[2] == want[s][1] && c[3] == want[s][2] && c[4] == want[s][3],
           "%s: WL %u VL %u EL %u VIS %u", names[s], c[1], c[2], c[3], c[4]);
        tick(p, 1, 0, 1);
    }
    is_str(state_of(p), "OFF", "off_periods 0: OFF stays");
    tick(p, 0, 0, 0);
    tick(p, 0, 0, 0);
    is_str(state_of(p), "OFF", "still OFF after more periods");
    is_int(gen_cell(p, 0, 2), 1, "OFF: WL trigger counted as masked");
    is_int(gen_cell(p, 3, 2), 4, "VIS masked in P3, P2, P1 and OFF (the RIT kept the bounds)");
    p->ops->destroy(p);
}

static void test_adaptive(void)
{
    mock_engine m;
    ws_pf *p = make(&m, NULL, NULL);
    is_int(kv_int(p, "utilization"), -1, "no utilization yet");
    tick(p, 9, 0, 1);
    tick(p, 4, 4, 2);
    tick(p, 0, 0, 0);
    is_int(m.ntr, 0, "FULL stays at U 0.9, 0.8 (late counts as used), no measurement");
    tick(p, 1, 0, 1);
    ok(trans_is(&m, 0, "FULL", "P3", "U < threshold", 0.5), "FULL -> P3 at U 0.5");
    ok(m.tr[0].from == 4 && m.tr[0].to == 3, "state numbers 4 -> 3");
    tick(p, 3, 6, 1);
    ok(trans_is(&m, 1, "P3", "FULL", "U > threshold", 0.9), "P3 -> FULL at U 0.9 (useful 3 + late 6)");
    tick(p, 0, 1, 3);
    ok(trans_is(&m, 2, "FULL", "P3", "U < threshold", 0.25), "FULL -> P3 at U 0.25");
    tick(p, 8, 0, 2);
    ok(trans_is(&m, 3, "P3", "P2", "U <= threshold", 0.8), "P3 -> P2 at U = 0.8 (not above)");
    tick(p, 0, 0, 0);
    is_int(m.ntr, 4, "P2: no measurement keeps the state");
    tick(p, 1, 0, 1);
    ok(trans_is(&m, 4, "P2", "P1", "U <= threshold", 0.5), "P2 -> P1");
    tick(p, 9, 0, 1);
    ok(trans_is(&m, 5, "P1", "P2", "U > threshold", 0.9), "P1 -> P2");
    tick(p, 19, 0, 1);
    ok(trans_is(&m, 6, "P2", "P3", "U > threshold", 0.95), "P2 -> P3");
    tick(p, 0, 0, 5);
    tick(p, 0, 0, 5);
    tick(p, 0, 0, 5);
    ok(trans_is(&m, 9, "P1", "OFF", "U <= threshold", 0.0), "P3 -> P2 -> P1 -> OFF at U 0");
    tick(p, 0, 0, 0);
    ok(trans_is(&m, 10, "OFF", "P1", "off periods elapsed", 0.0), "OFF -> P1 after one period");
    ok(m.tr[10].m[1] == 1 && !strcmp(m.tr[10].mnames[1], "off_periods"), "transition names the off periods");
    is_int(m.ntr, 11, "eleven transitions in all");
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    p->ops->inspect(p, &in);
    const ws_pf_insp_kv *kv = ws_pf_insp_find(&in, "utilization");
    ok(kv && kv->type == 1 && kv->dval == 0.0, "utilization of the last measured period");
    kv = ws_pf_insp_find(&in, "mask_bits");
    ok(kv && !strcmp(kv->text, "000"), "P1 mask bits 000");
    ws_pf_insp_free(&in);
    p->ops->destroy(p);

    p = make(&m, NULL, "3");
    for (int i = 0; i < 4; i++) tick(p, 0, 0, 1);
    is_str(state_of(p), "OFF", "four low periods: OFF");
    tick(p, 9, 0, 1);
    tick(p, 0, 0, 0);
    is_str(state_of(p), "OFF", "off_periods 3: OFF after two periods (U while OFF ignored)");
    tick(p, 0, 0, 0);
    is_str(state_of(p), "P1", "P1 after the third");
    ok(m.ntr == 5 && m.tr[4].m[1] == 3, "OFF left after 3 periods");
    p->ops->destroy(p);
}

static void test_onoff_none(void)
{
    mock_engine m;
    ws_pf *p = make(&m, "onoff", NULL);
    uint32_t c[5];
    tick(p, 8, 0, 2);
    is_int(m.ntr, 0, "onoff: U 0.8 stays on");
    tick(p, 1, 0, 3);
    ok(trans_is(&m, 0, "FULL", "OFF", "U < threshold", 0.25), "onoff: FULL -> OFF at U 0.25");
    chain_counts(p, &m, c);
    ok(c[1] + c[2] + c[3] + c[4] == 0, "onoff OFF: nothing generated");
    tick(p, 0, 0, 0);
    ok(trans_is(&m, 1, "OFF", "FULL", "off periods elapsed", 0.0), "onoff: back to FULL after one period");
    chain_counts(p, &m, c);
    ok(c[1] == 1 && c[2] == 1 && c[3] == 3 && c[4] == 26, "onoff FULL: every generator");
    p->ops->destroy(p);

    p = make(&m, "none", NULL);
    tick(p, 0, 0, 9);
    tick(p, 0, 0, 9);
    is_int(m.ntr, 0, "none: no transitions");
    is_str(state_of(p), "FULL", "none: always FULL");
    is_int(kv_int(p, "periods"), 2, "periods counted");
    p->ops->destroy(p);
}

static void test_queue_full(void)
{
    mock_engine m;
    ws_pf *p = make(&m, NULL, NULL);
    load(p, &m, 0, WL + 8);
    fill(p, WL, 0, WS_ROLE_WORKLIST);
    m.cap = 3;
    fill(p, VL, 0, WS_ROLE_VERTEX);
    is_int(m.n, 3, "queue of 3: one EL line queued");
    is_int(gen_cell(p, 2, 3), 2, "EL generation stops at the first full drop (2 of 3 lines tried)");
    is_int(gen_cell(p, 2, 4), 1, "one EL line queued");
    p->ops->destroy(p);
}

/* Table events (pf.table.reads / writes) along one chain: ART reads per
 * classification and per generator, RIT reads per WL/VL/EL fill, RIT
 * writes per trigger and per fill that updates the entry. */
static void test_table_events(void)
{
    mock_engine m;
    ws_pf *p = make(&m, NULL, NULL);
    is_u64(p->tab_bytes, 64 + 36 * 48, "geometry: ART 8 x 64 bits + RIT 36 B x 48 warps");
    is_int(p->tab_entry_bits, 288, "geometry: RIT entries of 36 bytes");
    load(p, &m, 3, WL + 8);
    is_u64(m.x.tab_reads, 2, "WL load: ART classifies the load and worklist[id+1]");
    is_u64(m.x.tab_writes, 1, "WL load: the RIT entry written");
    ws_pf_access a = mock_load(&m, 1, 3, WL + 8, WS_PF_HIT);
    a.kind = WS_PF_STORE;
    p->ops->observe(p, &a);
    is_u64(m.x.tab_reads, 2, "a store: nothing");
    load(p, &m, 3, VL + 8);
    load(p, &m, 3, EL + 8);
    is_u64(m.x.tab_reads, 4, "loads of other arrays: one classification each");
    is_u64(m.x.tab_writes, 1, "loads of other arrays: no write");
    fill(p, WL, 3, WS_ROLE_WORKLIST);
    is_u64(m.x.tab_reads, 7, "WL fill: RIT read, ART classification, ART vertex range (VL generator)");
    is_u64(m.x.tab_writes, 2, "WL fill: the vertex into the RIT");
    fill(p, VL, 3, WS_ROLE_VERTEX);
    is_u64(m.x.tab_reads, 10, "VL fill: RIT read, ART classification, ART edge range (EL generator)");
    is_u64(m.x.tab_writes, 3, "VL fill: the bounds into the RIT");
    fill(p, EL, 3, WS_ROLE_EDGE);
    is_u64(m.x.tab_reads, 13, "EL fill: RIT read, ART edge range, ART visited range (VIS generator)");
    is_u64(m.x.tab_writes, 3, "EL fill: no write");
    fill(p, VIS, 3, WS_ROLE_VISITED);
    is_u64(m.x.tab_reads, 13, "VIS fill: end of the chain, no table");
    fill(p, WL, 3, WS_ROLE_WORKLIST);
    is_u64(m.x.tab_reads, 14, "stale WL fill: the RIT read only");
    is_u64(m.x.tab_writes, 3, "stale WL fill: no write");
    p->ops->destroy(p);
}

int main(void)
{
    test_table_events();
    test_chain();
    test_stale();
    test_mask();
    test_adaptive();
    test_onoff_none();
    test_queue_full();
    return tap_done();
}
