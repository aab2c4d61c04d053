/* t_pf_mthwp.c: the MT-HWP policy (PWS, GS promotion, IP, lookup order,
 * LRU, degree/distance, uncoalesced instructions, inspector) on hand-built
 * access sequences through the mock engine. */
#include "pf/ws_pf_all.h"
#include "arch/ws_opts.h"
#include "ws_pf_mock.h"
#include "ws_tap.h"

enum { TAG_PWS = 1, TAG_GS = 2, TAG_IP = 3 };

/* A policy with the defaults, then "key", "value" pairs (NULL-terminated). */
static ws_pf *mk(mock_engine *m, ...)
{
    mock_init(m);
    ws_opts *o = ws_opts_new();
    ws_error err;
    va_list ap;
    va_start(ap, m);
    for (const char *k; (k = va_arg(ap, const char *));) {
        const char *v = va_arg(ap, const char *);
        if (ws_opts_set(o, k, v, &err)) diag("option %s=%s refused", k, v);
    }
    va_end(ap);
    ws_pf *p = ws_pf_mthwp.create(&m->x, o, &err);
    ws_opts_free(o);
    return p;
}

static void ldg(mock_engine *m, ws_pf *p, uint32_t pc, uint32_t wid, uint32_t gwid, uint64_t addr)
{
    ws_pf_access a = mock_load(m, pc, wid, addr, WS_PF_MISS);
    a.gwid = gwid;
    p->ops->observe(p, &a);
}

static void ld(mock_engine *m, ws_pf *p, uint32_t pc, uint32_t wid, uint64_t addr)
{
    ldg(m, p, pc, wid, wid, addr);
}

static int64_t val(const ws_pf *p, const char *key)
{
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    p->ops->inspect(p, &in);
    const ws_pf_insp_kv *k = ws_pf_insp_find(&in, key);
    int64_t v = k ? k->ival : -999;
    ws_pf_insp_free(&in);
    return v;
}

/* Rows of table `name` (cells copied into out, at most max rows). */
static int rows(const ws_pf *p, const char *name, int64_t *out, int max)
{
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    p->ops->inspect(p, &in);
    const ws_pf_insp_table *t = ws_pf_insp_find_table(&in, name);
    int n = t ? (int)t->nrows : -1;
    if (t)
        for (int i = 0; i < n && i < max; i++)
            memcpy(out + (size_t)i * t->ncols, t->cells + (size_t)i * t->ncols, t->ncols * sizeof *out);
    ws_pf_insp_free(&in);
    return n;
}

static int issued(const mock_engine *m, uint32_t i, uint64_t addr, uint32_t tag, uint32_t wid)
{
    return i < m->n && m->iss[i].addr == addr && m->iss[i].tag == tag && m->iss[i].wid == wid && !m->iss[i].flags;
}

static void t_pws(void)
{
    mock_engine m;
    ws_pf *p = mk(&m, NULL);
    ok(ws_pf_find("mthwp") == &ws_pf_mthwp && p->ops == &ws_pf_mthwp, "registry and ops");
    /* warp 0, pc 1, stride 0x400 */
    ld(&m, p, 1, 0, 0x10000);
    ld(&m, p, 1, 0, 0x10400);
    is_int(m.n, 0, "PWS: two accesses (one stride) prefetch nothing");
    ld(&m, p, 1, 0, 0x10800);
    is_int(m.n, 1, "PWS: the third access (stride repeated) trains and prefetches");
    ok(issued(&m, 0, 0x10C00, TAG_PWS, 0), "PWS: a + stride, tag PWS, the warp's slot");
    int64_t r[5 * 32];
    is_int(rows(p, "pws", r, 32), 1, "one PWS entry");
    ok(r[0] == 1 && r[1] == 0 && r[2] == 1 && r[3] == 0x10800 && r[4] == 0x400, "PWS row: pc, wid, train, last, stride");
    /* stride change: untrained for one access, then trained again */
    ld(&m, p, 1, 0, 0x10900);
    is_int(m.n, 1, "stride change: no prefetch");
    rows(p, "pws", r, 32);
    ok(r[2] == 0 && r[4] == 0x100, "stride change: train cleared, new stride kept");
    ld(&m, p, 1, 0, 0x10A00);
    ok(m.n == 2 && issued(&m, 1, 0x10B00, TAG_PWS, 0), "new stride repeated: prefetch with it");
    /* negative stride, warp 1 */
    ld(&m, p, 2, 1, 0x20000);
    ld(&m, p, 2, 1, 0x1FF00);
    ld(&m, p, 2, 1, 0x1FE00);
    ok(m.n == 3 && issued(&m, 2, 0x1FD00, TAG_PWS, 1), "negative stride: a - 0x100");
    /* zero stride never trains */
    for (int i = 0; i < 4; i++) ld(&m, p, 3, 2, 0x30000);
    is_int(m.n, 3, "zero stride: no prefetch");
    /* 20-bit stride field: 2^19 does not fit, 2^19 - 128 does */
    for (uint64_t i = 0; i < 4; i++) ld(&m, p, 4, 3, 0x100000 + i * 0x80000);
    is_int(m.n, 3, "stride 2^19 does not fit 20 signed bits: never trains");
    for (uint64_t i = 0; i < 3; i++) ld(&m, p, 4, 4, 0x100000 + i * 0x7FF80);
    ok(m.n == 4 && issued(&m, 3, 0x100000 + 3 * 0x7FF80, TAG_PWS, 4), "stride 2^19 - 128 fits");
    /* stores and atomics neither train nor trigger */
    ws_pf_access a = mock_load(&m, 1, 0, 0x10B00, WS_PF_MISS);
    a.kind = WS_PF_STORE;
    p->ops->observe(p, &a);
    a.kind = WS_PF_ATOMIC;
    p->ops->observe(p, &a);
    is_int(m.n, 4, "stores and atomics: nothing");
    is_int(val(p, "accesses"), 19, "19 loads counted");
    is_int(val(p, "lookups_pws"), 19, "every load looked PWS up (no GS, no trained IP)");
    is_int(val(p, "prefetches_pws"), 4, "4 PWS prefetches");
    /* hits count too (MTP has no L1: every access trains) */
    a = mock_load(&m, 1, 0, 0x10B00, WS_PF_HIT);
    p->ops->observe(p, &a);
    ok(m.n == 5 && issued(&m, 4, 0x10C00, TAG_PWS, 0), "a hit trains and prefetches like a miss");
    /* launch clears the tables */
    p->ops->launch(p);
    is_int(rows(p, "pws", r, 32), 0, "launch: PWS empty");
    ld(&m, p, 1, 0, 0x10C00);
    is_int(m.n, 5, "launch: the warp trains again");
    p->ops->destroy(p);
}

static void t_promote(void)
{
    mock_engine m;
    /* IP off, so only PWS and GS act (warp bases are 0x80 apart). */
    ws_pf *p = mk(&m, "pf.mthwp.ip", "0", NULL);
    const uint64_t B = 0x100000, S = 0x1000;
    int64_t r[5 * 32];
    for (uint64_t round = 0; round < 2; round++)
        for (uint32_t w = 0; w < 3; w++) ld(&m, p, 5, w, B + w * 0x80 + round * S);
    is_int(m.n, 0, "two rounds: no warp trained");
    ld(&m, p, 5, 0, B + 2 * S);
    ld(&m, p, 5, 1, B + 0x80 + 2 * S);
    ok(m.n == 2 && issued(&m, 0, B + 3 * S, TAG_PWS, 0) && issued(&m, 1, B + 0x80 + 3 * S, TAG_PWS, 1),
       "warps 0 and 1 trained: PWS prefetches");
    is_int(rows(p, "gs", r, 8), 0, "two agreeing warps: no promotion yet");
    is_int(val(p, "promotions"), 0, "no promotion");
    ld(&m, p, 5, 2, B + 0x100 + 2 * S);
    is_int(val(p, "promotions"), 1, "the third trained warp promotes the stride");
    ok(m.n == 3 && issued(&m, 2, B + 0x100 + 3 * S, TAG_GS, 2), "the promoting access prefetches through GS");
    ok(rows(p, "gs", r, 8) == 1 && r[0] == 5 && r[1] == (int64_t)S, "GS row: pc 5, stride 0x1000");
    is_int(rows(p, "pws", r, 32), 0, "PWS entries of the promoted PC freed");
    is_int(val(p, "lookups_pws"), 9, "9 PWS accesses before promotion");
    /* an untrained warp prefetches at once; PWS is not accessed */
    for (uint32_t w = 7; w < 17; w++) ld(&m, p, 5, w, B + w * 0x80);
    ok(m.n == 13 && issued(&m, 3, B + 7 * 0x80 + S, TAG_GS, 7) && issued(&m, 12, B + 16 * 0x80 + S, TAG_GS, 16),
       "10 new warps: first access prefetches via GS");
    is_int(val(p, "lookups_pws"), 9, "GS cut PWS lookups: still 9");
    is_int(val(p, "lookups_gs"), 19, "GS looked up by all 19 loads");
    is_int(val(p, "hits_gs"), 11, "11 GS hits");
    is_int(val(p, "prefetches_gs"), 11, "11 GS prefetches");
    is_int(val(p, "prefetches_pws"), 2, "2 PWS prefetches");
    is_int(val(p, "lookups_ip"), 0, "IP table of 0 entries: no lookups");

    /* pc 6: warp 2 has another stride: only a third agreeing warp promotes */
    for (uint64_t round = 0; round < 3; round++)
        for (uint32_t w = 0; w < 3; w++) ld(&m, p, 6, w, 0x400000 + w * 0x10000 + round * S * (w == 2 ? 2 : 1));
    is_int(val(p, "promotions"), 1, "two agreeing warps out of three: no promotion");
    is_int(rows(p, "pws", r, 32), 3, "three trained PWS entries for pc 6");
    for (uint64_t round = 0; round < 3; round++) ld(&m, p, 6, 3, 0x430000 + round * S);
    is_int(val(p, "promotions"), 2, "a third warp with stride 0x1000 promotes");
    int n = rows(p, "gs", r, 8);
    ok(n == 2 && r[2] == 6 && r[3] == (int64_t)S, "GS: pc 6 with the agreeing stride");
    /* with promote = 3 and degree 1, 13 + 2 (warps 0,1 round 2) + 1 (warp 2 round 2) + 1 (GS) */
    is_int(m.n, 17, "pc 6: 4 more prefetches");
    ok(issued(&m, 16, 0x430000 + 3 * S, TAG_GS, 3), "the promoting access of warp 3 goes through GS");
    p->ops->destroy(p);
}

static void t_ip(void)
{
    mock_engine m;
    ws_pf *p = mk(&m, NULL);
    const uint64_t B = 0x200000;
    int64_t r[8 * 8];
    /* grid warps 4, 1, 6 (out of order), 0x80 bytes per warp, from three slots */
    ldg(&m, p, 9, 0, 4, B + 4 * 0x80);
    ldg(&m, p, 9, 1, 1, B + 1 * 0x80);
    is_int(m.n, 0, "IP: two warps do not train");
    ok(rows(p, "ip", r, 8) == 1 && r[1] == 0x80 && r[2] == 0 && r[7] == 2, "IP after two: stride 0x80 (normalised), untrained, run 2");
    ldg(&m, p, 9, 2, 6, B + 6 * 0x80);
    ok(m.n == 1 && issued(&m, 0, B + 7 * 0x80, TAG_IP, 2), "IP: third warp trains; prefetch for the next warp");
    ldg(&m, p, 9, 3, 2, B + 2 * 0x80);
    ok(m.n == 2 && issued(&m, 1, B + 3 * 0x80, TAG_IP, 3), "trained IP: warp 2 prefetches for warp 3");
    ok(rows(p, "ip", r, 8) == 1 && r[0] == 9 && r[1] == 0x80 && r[2] == 1 && r[3] == 6 && r[4] == 2 &&
       r[5] == (int64_t)(B + 6 * 0x80) && r[6] == (int64_t)(B + 2 * 0x80) && r[7] == 4,
       "IP row: pc, stride, train, wid0 6, wid1 2, addr0, addr1, run 4");
    /* the same warp again: ignored by IP (still trained) */
    ldg(&m, p, 9, 3, 2, B + 2 * 0x80 + 4);
    ok(m.n == 3 && issued(&m, 2, B + 2 * 0x80 + 4 + 0x80, TAG_IP, 3), "same warp again: IP unchanged, prefetches");
    /* a distance that is not a whole number of strides per warp breaks training */
    ldg(&m, p, 9, 4, 4, B + 2 * 0x80 + 0x81);
    is_int(m.n, 3, "inexact per-warp stride: IP untrained, no prefetch");
    rows(p, "ip", r, 8);
    ok(r[2] == 0 && r[7] == 1, "IP row: train 0, run 1");
    /* degree 2, distance 2 through IP: warps w+2 and w+3 */
    ldg(&m, p, 9, 0, 5, B + 5 * 0x80);
    ldg(&m, p, 9, 1, 6, B + 6 * 0x80);
    m.x.degree = 2;
    m.x.distance = 2;
    ldg(&m, p, 9, 2, 7, B + 7 * 0x80);
    ok(m.n == 5 && issued(&m, 3, B + 9 * 0x80, TAG_IP, 2) && issued(&m, 4, B + 10 * 0x80, TAG_IP, 2),
       "retrained; degree 2 distance 2: warps 9 and 10");
    /* negative inter-warp stride */
    ldg(&m, p, 10, 0, 3, 0x300000);
    ldg(&m, p, 10, 1, 2, 0x300100);
    ldg(&m, p, 10, 2, 1, 0x300200);
    ok(m.n == 7 && issued(&m, 5, 0x300200 - 0x200, TAG_IP, 2) && issued(&m, 6, 0x300200 - 0x300, TAG_IP, 2),
       "negative IP stride (-0x100 per warp)");
    is_int(val(p, "hits_ip"), 5, "5 IP hits");
    is_int(val(p, "prefetches_ip"), 7, "7 IP prefetches");
    p->ops->destroy(p);
}

static void t_gs_beats_ip(void)
{
    mock_engine m;
    ws_pf *p = mk(&m, NULL);
    const uint64_t B = 0x500000, S = 0x1000;
    /* a loop: warps 0..2 at B + w*0x80 + round*S (inter-warp 0x80, per warp S) */
    for (uint64_t round = 0; round < 3; round++)
        for (uint32_t w = 0; w < 3; w++) ld(&m, p, 11, w, B + w * 0x80 + round * S);
    is_int(m.n, 5, "5 prefetches in three rounds");
    ok(issued(&m, 0, B + 0x180, TAG_IP, 2), "round 0, warp 2: IP trained across warps 0-2");
    ok(issued(&m, 1, B + 0x100 + S + 0x80, TAG_IP, 2), "round 1, warp 2: IP again (the warp-0 wrap broke it)");
    ok(issued(&m, 2, B + 3 * S, TAG_PWS, 0), "round 2, warp 0: PWS (IP broken by the wrap)");
    ok(issued(&m, 3, B + 0x80 + 3 * S, TAG_PWS, 1), "round 2, warp 1: PWS (IP run of 2)");
    ok(issued(&m, 4, B + 0x100 + 3 * S, TAG_GS, 2), "round 2, warp 2: IP trained and GS promoted: GS wins");
    int64_t r[8 * 8];
    ok(rows(p, "ip", r, 8) == 1 && r[2] == 1 && r[1] == 0x80, "the IP entry is trained (0x80)");
    is_int(val(p, "hits_ip"), 2, "IP hits: 2 (not the one GS won)");
    is_int(val(p, "hits_gs"), 1, "GS hits: 1");
    ld(&m, p, 11, 0, B + 3 * S);
    ok(m.n == 6 && issued(&m, 5, B + 4 * S, TAG_GS, 0), "round 3: GS for warp 0");
    p->ops->destroy(p);
}

static void t_lru(void)
{
    mock_engine m;
    int64_t r[8 * 8];
    ws_pf *p = mk(&m, "pf.mthwp.pws", "4", "pf.mthwp.gs", "2", "pf.mthwp.ip", "2", "pf.mthwp.promote", "1", NULL);
    for (uint32_t w = 0; w < 4; w++) ld(&m, p, 1, w, 0x1000 + w * 0x100);
    ld(&m, p, 1, 0, 0x1040);     /* warp 0 becomes the most recent */
    ldg(&m, p, 1, 4, 40, 0x9000); /* warp 4: the LRU entry (warp 1) goes */
    int n = rows(p, "pws", r, 8);
    ok(n == 4 && r[1] == 0 && r[6] == 4 && r[11] == 2 && r[16] == 3, "PWS LRU victim: warp 1 (slots: 0, 4, 2, 3)");
    is_int(val(p, "evictions_pws"), 1, "one PWS eviction");
    /* GS: promote = 1, so each trained warp promotes its PC */
    p->ops->launch(p);
    for (uint32_t pc = 1; pc <= 2; pc++)
        for (uint64_t i = 0; i < 3; i++) ld(&m, p, pc, 0, 0x10000 * pc + i * 0x200);
    ok(rows(p, "gs", r, 8) == 2 && r[0] == 1 && r[2] == 2, "GS: pcs 1 and 2");
    ld(&m, p, 1, 5, 0x77000);    /* GS hit refreshes pc 1 */
    for (uint64_t i = 0; i < 3; i++) ld(&m, p, 3, 0, 0x30000 + i * 0x200);
    ok(rows(p, "gs", r, 8) == 2 && r[0] == 1 && r[2] == 3, "GS LRU victim: pc 2 (slots: 1, 3)");
    is_int(val(p, "evictions_gs"), 1, "one GS eviction");
    is_int(val(p, "promotions"), 3, "three promotions");
    /* IP: pcs 1, 2, touch 1, then pc 3 replaces pc 2 */
    p->ops->launch(p);
    ld(&m, p, 1, 0, 0x1000);
    ld(&m, p, 2, 0, 0x2000);
    ld(&m, p, 1, 1, 0x1080);
    ld(&m, p, 3, 0, 0x3000);
    ok(rows(p, "ip", r, 8) == 2 && r[0] == 1 && r[8] == 3 && r[3] == 0 && r[4] == 1, "IP LRU victim: pc 2; pc 1 kept both warps");
    is_int(val(p, "evictions_ip"), 2, "two IP evictions (pc 2 in the GS part too)");
    p->ops->destroy(p);
}

static void t_degree_multi(void)
{
    mock_engine m;
    ws_pf *p = mk(&m, "pf.mthwp.ip", "0", NULL);
    m.x.degree = 3;
    m.x.distance = 2;
    for (uint64_t i = 0; i < 3; i++) ld(&m, p, 1, 0, 0x10000 + i * 0x400);
    ok(m.n == 3 && issued(&m, 0, 0x10800 + 0x800, TAG_PWS, 0) && issued(&m, 1, 0x10800 + 0xC00, TAG_PWS, 0) &&
       issued(&m, 2, 0x10800 + 0x1000, TAG_PWS, 0), "degree 3 distance 2: a + 2s, 3s, 4s");
    m.x.degree = 0;
    ld(&m, p, 1, 0, 0x10C00);
    is_int(m.n, 3, "degree 0: nothing");
    m.x.degree = 1;
    m.x.distance = 1;
    /* an uncoalesced instruction: two requests 0x4000 apart, warp 1, stride 0x200;
     * request 0 trains on insn_addr, each request prefetches its own + stride */
    for (uint64_t i = 0; i < 3; i++)
        for (uint16_t q = 0; q < 2; q++) {
            ws_pf_access a = mock_load(&m, 2, 1, 0x20000 + q * 0x4000 + i * 0x200, WS_PF_MISS);
            a.insn_addr = 0x20004 + i * 0x200;
            a.req = q;
            a.nreq = 2;
            p->ops->observe(p, &a);
        }
    ok(m.n == 5 && issued(&m, 3, 0x20400 + 0x200, TAG_PWS, 1) && issued(&m, 4, 0x24400 + 0x200, TAG_PWS, 1),
       "uncoalesced: each request's address + stride, once trained");
    int64_t r[5 * 8];
    int n = rows(p, "pws", r, 8);
    ok(n == 2 && r[5] == 2 && r[8] == 0x20404 && r[9] == 0x200, "request 0 trained on insn_addr (one entry, stride 0x200)");
    is_int(val(p, "lookups_pws"), 10, "PWS accesses: 4 + 6 (requests 1 look up too)");
    p->ops->destroy(p);
}

static void t_insp(void)
{
    mock_engine m;
    ws_pf *p = mk(&m, NULL);
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    p->ops->inspect(p, &in);
    const ws_pf_insp_table *t = ws_pf_insp_find_table(&in, "pws");
    ok(t && t->ncols == 5 && !strcmp(t->cols[0], "pc") && !strcmp(t->cols[4], "stride") && t->bits[0] == 32 &&
       t->bits[1] == 8 && t->bits[2] == 1 && t->bits[3] == 32 && t->bits[4] == 20,
       "PWS widths 32 8 1 32 20 (Table VI: 93 bits)");
    t = ws_pf_insp_find_table(&in, "gs");
    ok(t && t->ncols == 2 && t->bits[0] == 32 && t->bits[1] == 20, "GS widths 32 20 (52 bits)");
    t = ws_pf_insp_find_table(&in, "ip");
    int sum = 0;
    for (uint32_t i = 0; t && i < t->ncols; i++) sum += t->bits[i];
    ok(t && t->ncols == 8 && t->bits[0] == 32 && t->bits[1] == 20 && t->bits[2] == 1 && t->bits[3] == 8 &&
       t->bits[4] == 8 && t->bits[5] == 32 && t->bits[6] == 32 && t->bits[7] == 0 && sum == 133,
       "IP widths 32 20 1 8 8 32 32 (133 bits; run: not a hardware field)");
    ok(ws_pf_insp_find(&in, "degree") && ws_pf_insp_find(&in, "distance"), "degree and distance shown");
    ws_pf_insp_free(&in);
    p->ops->destroy(p);
}

int main(void)
{
    t_pws();
    t_promote();
    t_ip();
    t_gs_beats_ip();
    t_lru();
    t_degree_multi();
    t_insp();
    return tap_done();
}
