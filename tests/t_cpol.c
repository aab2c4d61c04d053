/* t_cpol.c: the cache policies (src/cpol) driven alone with hand-built
 * request sequences: exact decisions and counters. */
#include <string.h>

#include "cpol/ws_cpol_all.h"
#include "ws_tap.h"

static ws_cpol_geom l2geom(uint32_t sets, uint32_t base, uint32_t total)
{
    ws_cpol_geom g = { WS_CPOL_L2, sets, 8, 128, 0, 16, total, base };
    return g;
}

static ws_cpol_geom l1geom(uint32_t core)
{
    ws_cpol_geom g = { WS_CPOL_L1, 64, 6, 128, core, 16, 0, 0 };
    return g;
}

static ws_cpol_req rq(uint64_t addr, uint32_t core, uint32_t set, uint32_t way)
{
    ws_cpol_req q;
    memset(&q, 0, sizeof q);
    q.addr = addr;
    q.core = core;
    q.set = set;
    q.way = way;
    return q;
}

static void t_registry(const ws_cpol_params *p)
{
    ok(ws_cpol_find("exclusive") == &ws_cpol_exclusive, "registry finds exclusive");
    ok(ws_cpol_find("flexclusion") == &ws_cpol_flexclusion, "registry finds flexclusion");
    ok(ws_cpol_find("nope") == NULL, "unknown name: NULL");
    ws_error err;
    ws_error_clear(&err);
    ws_cpol_geom g = l2geom(128, 0, 768);
    ok(ws_cpol_create("inclusive", &g, p, &err) == NULL, "unknown policy refused");
    ok(strstr(err.msg, "unknown cache policy 'inclusive'") != NULL, "message names it: %s", err.msg);
    ok(strstr(err.msg, "noninclusive|exclusive|flexclusion|rexclusion") != NULL, "and lists the known names");
    g.sets = 0;
    ok(ws_cpol_create("exclusive", &g, p, &err) == NULL && strstr(err.msg, "impossible cache of 0 sets"),
       "0 sets refused: %s", err.msg);
    g = l2geom(128, 700, 768);
    ok(ws_cpol_create("exclusive", &g, p, &err) == NULL && strstr(err.msg, "700..827 outside the L2's 768"),
       "a slice past the L2 refused: %s", err.msg);
    ws_cpol_params q = *p;
    q.sdm_sets = 400;
    g = l2geom(128, 0, 768);
    ok(ws_cpol_create("flexclusion", &g, &q, &err) == NULL &&
           strstr(err.msg, "two dueling monitors of 400 sets do not fit in an L2 of 768 sets"),
       "monitors too large refused: %s", err.msg);
    q = *p;
    q.psel_bits = 0;
    ok(ws_cpol_create("flexclusion", &g, &q, &err) == NULL && strstr(err.msg, "PSEL of 0 bits"),
       "0-bit PSEL refused: %s", err.msg);
    q = *p;
    q.rtt_entries = 0;
    g = l1geom(0);
    ok(ws_cpol_create("rexclusion", &g, &q, &err) == NULL && strstr(err.msg, "RTT of 0 entries"),
       "empty RTT refused: %s", err.msg);
    q = *p;
    q.rtt_period = 0;
    ok(ws_cpol_create("rexclusion", &g, &q, &err) == NULL && strstr(err.msg, "period of 0 cycles"),
       "period 0 refused: %s", err.msg);
    g.id = 16;
    ok(ws_cpol_create("noninclusive", &g, p, &err) == NULL && strstr(err.msg, "16 cores, instance 16"),
       "an L1 past the cores refused: %s", err.msg);
}

static void t_noninclusive(const ws_cpol_params *p)
{
    ws_cpol_geom g2 = l2geom(128, 0, 768), g1 = l1geom(3);
    ws_cpol *l2 = ws_cpol_create("noninclusive", &g2, p, NULL);
    ws_cpol *l1 = ws_cpol_create("noninclusive", &g1, p, NULL);
    ws_cpol_req q = rq(0x1000, 3, 5, 2);
    uint32_t reply = 99;
    ok(ws_cpol_l2_fill(l2, &q, &reply) && reply == 0, "baseline: the L2 keeps a fill, no flags");
    ws_cpol_l2_insert(l2, &q, false);
    ws_cpol_l2act a = ws_cpol_l2_lookup(l2, &q, true);
    ok(!a.invalidate && a.reply == 0, "baseline: a hit keeps the L2 copy");
    q.core = 4;
    ws_cpol_l2_lookup(l2, &q, true);
    const ws_cpol_stats *s = ws_cpol_stats_get(l2);
    is_int(s->l2_insertions, 1, "one insertion");
    is_int(s->l2_hits_private, 1, "the inserting core's hit is private");
    is_int(s->l2_hits_shared, 1, "another core's hit is shared");
    ok(ws_cpol_l1_fill(l1, &q, 0), "the L1 installs");
    ok(!ws_cpol_l1_evict(l1, &q), "baseline: evictions are silent");
    ws_cpol_miss m = ws_cpol_l1_miss(l1, &q, 0x5);
    ok(m.flags == 0 && m.fetch_mask == 0x5, "miss: no flags, fetch the needed sectors");
    ws_cpol_free(l1);
    ws_cpol_free(l2);
}

static void t_exclusive(const ws_cpol_params *p)
{
    ws_cpol_geom g2 = l2geom(128, 0, 768), g1 = l1geom(2);
    ws_cpol *l2 = ws_cpol_create("exclusive", &g2, p, NULL);
    ws_cpol *l1 = ws_cpol_create("exclusive", &g1, p, NULL);
    ws_cpol_req q = rq(0x2000, 2, 7, 1);
    uint32_t reply = 0;
    ok(!ws_cpol_l2_fill(l2, &q, &reply), "exclusive: a memory fill is not kept in the L2");
    is_int(reply, WS_CPOL_CB, "the reply marks the line for copy-back");
    ok(ws_cpol_l1_fill(l1, &q, reply) && ws_cpol_l1_cb(l1, 7, 1), "the L1 installs it with CB");
    q.dirty = 0;
    ok(ws_cpol_l1_evict(l1, &q), "the clean L1 victim goes into the L2");
    ok(!ws_cpol_l1_cb(l1, 7, 1), "and the way's CB bit is cleared");
    ok(ws_cpol_l2_victim(l2, &q), "the L2 takes the victim");
    ws_cpol_l2_insert(l2, &q, true);
    ws_cpol_l2act a = ws_cpol_l2_lookup(l2, &q, true);
    ok(a.invalidate, "an L2 hit invalidates the L2 copy");
    is_int(a.reply, WS_CPOL_CB, "and the line moves to the L1 with CB");
    ws_cpol_req w = q;
    w.write = 1;
    a = ws_cpol_l2_lookup(l2, &w, true);
    ok(!a.invalidate, "a write hit stays in the L2");
    ok(ws_cpol_l2_fill(l2, &w, &reply) && reply == 0, "a write (atomic) fill is kept");
    ws_cpol_l1_fill(l1, &q, WS_CPOL_CB);
    q.dirty = 1;
    ok(ws_cpol_l1_evict(l1, &q), "a dirty victim goes too");
    const ws_cpol_stats *s2 = ws_cpol_stats_get(l2), *s1 = ws_cpol_stats_get(l1);
    is_int(s2->l2_fill_skipped, 1, "L2: one fill passed to the L1 only");
    is_int(s2->l2_insertions, 1, "L2: one insertion (the victim)");
    is_int(s2->l2_victims[0], 1, "L2: one clean victim");
    is_int(s2->l2_invalidations, 1, "L2: one invalidation");
    is_int(s2->l2_hits_private, 1, "L2: one private hit (the write hit is not counted)");
    is_int(s1->l1_victims_sent[0], 1, "L1: one clean victim sent");
    is_int(s1->l1_victims_sent[1], 1, "L1: one dirty victim sent");
    is_int(s1->l1_cb_fills, 2, "L1: two CB fills");
    ws_cpol_free(l1);
    ws_cpol_free(l2);
}

static void t_flexclusion(const ws_cpol_params *p)
{
    /* Slice 1 of six 128-set slices: global sets 128..255; spacing 48:
     * NI monitors at global 144, 192, 240 (local 16, 64, 112), EX monitors
     * at 168, 216 (local 40, 88). */
    ws_cpol_geom g = l2geom(128, 128, 768);
    ws_cpol *l2 = ws_cpol_create("flexclusion", &g, p, NULL);
    int64_t rows[8][WS_CPOL_INSP_COLS];
    ws_cpol_insp in = { .rows = rows, .cap_rows = 8 };
    ws_cpol_inspect(l2, &in);
    ok(!strcmp(in.name, "flexclusion"), "inspector: name");
    is_int(in.nrows, 5, "five monitor sets in this slice");
    is_int(rows[0][0], 16, "first: local set 16");
    is_int(rows[0][1], 144, "global 144");
    is_int(rows[0][2], 0, "non-inclusive");
    is_int(rows[1][0], 40, "second: local 40");
    is_int(rows[1][2], 1, "exclusive");
    is_int(in.val[0], 1023, "PSEL starts at 1023");
    is_int(in.val[1], 2047, "11 bits: 2047 at most");
    is_int(in.val[2], 0, "followers start non-inclusive");
    uint32_t reply = 0;
    ws_cpol_req f = rq(0x3000, 0, 0, 0);      /* a follower */
    ok(ws_cpol_l2_fill(l2, &f, &reply) && reply == 0, "follower keeps its fill");
    ws_cpol_req ex = rq(0x4000, 0, 40, 0);
    ok(!ws_cpol_l2_fill(l2, &ex, &reply) && reply == WS_CPOL_CB, "the exclusive monitor does not");
    ws_cpol_req ni = rq(0x5000, 0, 16, 0);
    reply = 0;
    ok(ws_cpol_l2_fill(l2, &ni, &reply) && reply == 0, "the non-inclusive monitor keeps");
    /* A miss in the non-inclusive monitor: PSEL 1023 -> 1024, top bit set. */
    ws_cpol_l2_lookup(l2, &ni, false);
    ws_cpol_inspect(l2, &in);
    is_int(in.val[0], 1024, "an NI-monitor miss: PSEL + 1");
    is_int(in.val[2], 1, "followers now exclusive");
    ok(!ws_cpol_l2_fill(l2, &f, &reply), "follower fills now skip the L2");
    ok(ws_cpol_l2_lookup(l2, &f, true).invalidate, "and follower hits move the line");
    ws_cpol_l2_lookup(l2, &ex, false);
    ws_cpol_inspect(l2, &in);
    is_int(in.val[0], 1023, "an EX-monitor miss: PSEL - 1");
    is_int(in.val[2], 0, "followers back to non-inclusive");
    ok(!ws_cpol_l2_lookup(l2, &f, true).invalidate, "follower hits keep the line");
    ws_cpol_l2_lookup(l2, &f, false);
    ws_cpol_inspect(l2, &in);
    is_int(in.val[0], 1023, "a follower miss leaves PSEL");
    for (int i = 0; i < 3000; i++) ws_cpol_l2_lookup(l2, &ex, false);
    ws_cpol_inspect(l2, &in);
    is_int(in.val[0], 0, "PSEL saturates at 0");
    for (int i = 0; i < 3000; i++) ws_cpol_l2_lookup(l2, &ni, false);
    ws_cpol_inspect(l2, &in);
    is_int(in.val[0], 2047, "and at 2047");
    is_int(in.val[4], 3001, "NI-monitor misses");
    is_int(in.val[5], 3001, "EX-monitor misses");
    is_int(in.val[6], 3, "follower flips: up, down, and up again at 1023 -> 1024");
    ws_cpol_req w = ex;
    w.write = 1;
    ws_cpol_l2_lookup(l2, &w, false);
    ws_cpol_inspect(l2, &in);
    is_int(in.val[5], 3001, "write misses do not count");
    ws_cpol_free(l2);
}

static void t_rexclusion(const ws_cpol_params *p0)
{
    ws_cpol_params p = *p0;
    p.rtt_entries = 2;
    p.rtt_period = 1000;
    ws_cpol_geom g1 = l1geom(1);
    ws_cpol *l1 = ws_cpol_create("rexclusion", &g1, &p, NULL);
    ws_cpol_region reg[3] = { { 0x10000, 0x20000 }, { 0x20000, 0x30000 }, { 0x40000, 0x50000 } };
    ws_cpol_launch(l1, reg, 3);
    ws_cpol_req a = rq(0x10080, 1, 2, 0), b = rq(0x20100, 1, 4, 0), c = rq(0x40000, 1, 0, 0);
    /* Region 0: 128 fills, 4 with PR: after halving acc 64, pvt 2 > 64/64. */
    for (int i = 0; i < 128; i++) ws_cpol_l1_fill(l1, &a, i < 4 ? WS_CPOL_PR : 0);
    /* Region 1: 128 fills, 3 with PR: pvt 1, not > 1. */
    for (int i = 0; i < 128; i++) ws_cpol_l1_fill(l1, &b, i < 3 ? WS_CPOL_PR : 0);
    ws_cpol_miss m = ws_cpol_l1_miss(l1, &a, 1);
    is_int(m.flags, 0, "untrained: region 0 non-inclusive");
    ws_cpol_tick(l1, 999);
    int64_t rows[4][WS_CPOL_INSP_COLS];
    ws_cpol_insp in = { .rows = rows, .cap_rows = 4 };
    ws_cpol_inspect(l1, &in);
    is_int(in.val[4], 0, "no update before the period ends");
    ws_cpol_tick(l1, 1000);
    ws_cpol_inspect(l1, &in);
    is_int(in.val[4], 1, "the update at cycle 1000");
    is_int(in.nrows, 2, "two entries");
    is_int(rows[0][4], 64, "region 0: acc halved to 64");
    is_int(rows[0][6], 2, "pvt halved to 2");
    is_int(rows[0][3], 1, "2 > 64/64: private reuse");
    is_int(rows[0][7], 1, "region 0 exclusive");
    is_int(rows[1][6], 1, "region 1: pvt 1");
    is_int(rows[1][3], 0, "1 is not > 64/64: no private reuse");
    m = ws_cpol_l1_miss(l1, &a, 1);
    is_int(m.flags, WS_CPOL_RQ_EXCL, "region 0's miss asks for exclusion");
    is_int(ws_cpol_l1_miss(l1, &b, 1).flags, 0, "region 1's does not");
    /* The same as region 1 with one more PR fill (the counted access):
     * 129 fills, 4 with PR -> acc 64, pvt 2 > 1: the region flips. */
    {
        ws_cpol *k = ws_cpol_create("rexclusion", &g1, &p, NULL);
        ws_cpol_launch(k, reg, 3);
        for (int i = 0; i < 128; i++) ws_cpol_l1_fill(k, &b, i < 3 ? WS_CPOL_PR : 0);
        ws_cpol_l1_fill(k, &b, WS_CPOL_PR);
        ws_cpol_tick(k, 1000);
        int64_t kr[4][WS_CPOL_INSP_COLS];
        ws_cpol_insp ki = { .rows = kr, .cap_rows = 4 };
        ws_cpol_inspect(k, &ki);
        is_int(kr[0][4], 64, "one more PR fill: acc 129 / 2 = 64");
        is_int(kr[0][6], 2, "pvt 4 / 2 = 2");
        is_int(kr[0][3], 1, "the counted access flips region 1 to private reuse");
        is_int(ws_cpol_l1_miss(k, &b, 1).flags, WS_CPOL_RQ_EXCL, "and its misses ask for exclusion");
        ws_cpol_free(k);
    }
    /* Shared reuse keeps a region non-inclusive. */
    for (int i = 0; i < 10; i++) ws_cpol_l1_fill(l1, &a, WS_CPOL_SR);
    ws_cpol_tick(l1, 3000);
    ws_cpol_inspect(l1, &in);
    is_int(rows[0][2], 1, "region 0 now has shared reuse");
    is_int(ws_cpol_l1_miss(l1, &a, 1).flags, 0, "so it is non-inclusive again");
    /* Untracked: region 2 has no entry (2 entries, both taken). */
    ws_cpol_inspect(l1, &in);
    int64_t least = rows[0][4] < rows[1][4] ? rows[0][4] : rows[1][4];
    for (int64_t i = 0; i < least; i++) ws_cpol_l1_fill(l1, &c, 0);
    ws_cpol_inspect(l1, &in);
    is_int(in.val[2], least, "untracked fills counted");
    ws_cpol_tick(l1, 4000);
    ws_cpol_inspect(l1, &in);
    is_int(in.val[5], 0, "untracked == least: no replacement");
    for (int64_t i = 0; i <= least / 2; i++) ws_cpol_l1_fill(l1, &c, 0);
    ws_cpol_tick(l1, 5000);
    ws_cpol_inspect(l1, &in);
    is_int(in.val[5], 1, "untracked > least: the entry goes to region 2");
    ok(rows[0][0] == 2 || rows[1][0] == 2, "region 2 tracked");

    /* L2 side: tag bits, copy-back and invalidation on the copier's hit. */
    ws_cpol_geom g2 = l2geom(128, 0, 768);
    ws_cpol *l2 = ws_cpol_create("rexclusion", &g2, p0, NULL);
    ws_cpol_req x = rq(0x10080, 1, 3, 5);
    uint32_t reply = 0;
    x.flags = WS_CPOL_RQ_EXCL;
    ok(!ws_cpol_l2_fill(l2, &x, &reply) && reply == WS_CPOL_CB, "an exclusive request's fill skips the L2");
    ws_cpol *l1b = ws_cpol_create("rexclusion", &g1, p0, NULL);
    ws_cpol_l1_fill(l1b, &x, reply);
    ok(ws_cpol_l1_evict(l1b, &x), "the CB line is copied back at eviction");
    ws_cpol_l2_insert(l2, &x, true);
    ws_cpol_req o = x;
    o.core = 6;
    ws_cpol_l2act act = ws_cpol_l2_lookup(l2, &o, true);
    ok(!act.invalidate && act.reply == WS_CPOL_SR, "another core's hit: SR, the line stays");
    act = ws_cpol_l2_lookup(l2, &x, true);
    ok(act.invalidate, "the copying core's hit invalidates");
    is_int(act.reply, WS_CPOL_SR | WS_CPOL_PR | WS_CPOL_CB, "reply SR, PR and CB");
    x.flags = 0;
    reply = 0;
    ok(ws_cpol_l2_fill(l2, &x, &reply) && reply == 0, "a plain request's fill is kept");
    ws_cpol_l2_insert(l2, &x, false);
    act = ws_cpol_l2_lookup(l2, &x, true);
    ok(!act.invalidate && act.reply == WS_CPOL_PR, "a fill's line: the same core's hit sets PR only");
    ws_cpol_insp i2 = { 0 };
    ws_cpol_inspect(l2, &i2);
    is_int(i2.val[1], 1, "inspector: one PR line");
    is_int(i2.val[2], 0, "no CB line");
    ws_cpol_free(l1b);
    ws_cpol_free(l2);
    ws_cpol_free(l1);
}

int main(void)
{
    ws_cpol_params p;
    ws_cpol_params_default(&p);
    is_int(p.sdm_sets, 16, "16-set monitors (2.4)");
    is_int(p.psel_bits, 11, "11-bit PSEL (2.4)");
    is_int(p.rtt_entries, 31, "31-entry RTT (2.4, Table 13)");
    is_int(p.reuse_shift, 6, "1/64 threshold (2.4)");
    t_registry(&p);
    t_noninclusive(&p);
    t_exclusive(&p);
    t_flexclusion(&p);
    t_rexclusion(&p);
    return tap_done();
}
