/* t_pt_mt.c: the MTP adaptive throttle (Table I) on synthetic period
 * metrics: every row, the merge averaging of Eq. 8, the degree bounds, the
 * k-of-5 drop pattern of every degree, and the transitions it reports. */
#include "pf/ws_pf_all.h"
#include "arch/ws_opts.h"
#include "ws_pf_mock.h"
#include "ws_tap.h"

/* A throttle with the defaults, then "key", "value" pairs (NULL-terminated). */
static ws_pt *mk(mock_engine *m, ...)
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
    ws_pt *t = ws_pt_find("mt")->create(&m->x, o, &err);
    ws_opts_free(o);
    return t;
}

static void tick(ws_pt *t, uint64_t early, uint64_t useful, uint64_t merges, uint64_t requests)
{
    ws_pf_period p;
    memset(&p, 0, sizeof p);
    p.cycles = 100000;
    p.early = early;
    p.useful = useful;
    p.merges = merges;
    p.requests = requests;
    t->ops->tick(t, &p);
}

static int64_t val(const ws_pt *t, const char *key)
{
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    t->ops->inspect(t, &in);
    const ws_pf_insp_kv *k = ws_pf_insp_find(&in, key);
    int64_t v = k ? k->ival : -999;
    ws_pf_insp_free(&in);
    return v;
}

static double dval(const ws_pt *t, const char *key)
{
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    t->ops->inspect(t, &in);
    const ws_pf_insp_kv *k = ws_pf_insp_find(&in, key);
    double v = k ? k->dval : -999;
    ws_pf_insp_free(&in);
    return v;
}

/* n drop decisions as a string: D dropped, K kept. */
static const char *pattern(ws_pt *t, int n, char *buf)
{
    for (int i = 0; i < n; i++) buf[i] = t->ops->drop(t, 0x1000 + 128u * (unsigned)i, 0) ? 'D' : 'K';
    buf[n] = 0;
    return buf;
}

static void t_create_drop(void)
{
    mock_engine m;
    ws_pt *t = mk(&m, NULL);
    ok(ws_pt_find("mt") == &ws_pt_mt && t->ops == &ws_pt_mt, "registry and ops");
    is_u64(t->period, 100000, "period: throttle.period (100,000)");
    is_int(val(t, "degree"), 2, "initial degree: throttle.degree0 = 2");
    t->ops->destroy(t);
    static const char *const want[6] = {
        "KKKKKKKKKK", "DKKKKDKKKK", "DDKKKDDKKK", "DDDKKDDDKK", "DDDDKDDDDK", "DDDDDDDDDD",
    };
    char buf[16], d[2] = { 0, 0 };
    for (int k = 0; k <= 5; k++) {
        d[0] = (char)('0' + k);
        t = mk(&m, "throttle.degree0", d, NULL);
        is_str(pattern(t, 10, buf), want[k], "degree %d drops %d of every 5 (10 prefetches)", k, k);
        is_int(val(t, "dropped"), 2 * k, "degree %d: %d dropped counted", k, 2 * k);
        is_int(m.x.degree, 1, "degree %d: the policy's degree untouched", k);
        t->ops->destroy(t);
    }
}

static void t_table1(void)
{
    mock_engine m;
    /* merge averaging off: each period's merge ratio is the monitored one */
    ws_pt *t = mk(&m, "throttle.merge_avg", "false", NULL);
    /* row 1: early eviction high -> 5 */
    tick(t, 3, 100, 50, 100);
    is_int(val(t, "degree"), 5, "ee 0.03 > 0.02: no prefetch (5)");
    ok(m.ntr == 1, "one transition");
    ws_pf_trans *r = &m.tr[0];
    ok(!strcmp(r->what, "degree") && r->from == 2 && r->to == 5 && !strcmp(r->from_name, "drop 2/5") &&
       !strcmp(r->to_name, "no prefetch") && !strcmp(r->why, "early eviction high"), "transition 2 -> 5, early eviction high");
    ok(!strcmp(r->mnames[0], "early_eviction") && !strcmp(r->mnames[1], "merge_ratio") &&
       !strcmp(r->mnames[2], "merge_monitored"), "metric names");
    is_double(r->m[0], 0.03, 1e-12, "metric: early eviction 0.03");
    is_double(r->m[1], 0.5, 1e-12, "metric: merge ratio 0.5");
    /* bound: high again at 5: no change, no transition */
    tick(t, 3, 100, 50, 100);
    ok(val(t, "degree") == 5 && m.ntr == 1, "high at 5: stays, nothing reported");
    /* row 2 at the bound: medium -> +1, bounded at 5 */
    tick(t, 2, 100, 50, 100);
    ok(val(t, "degree") == 5 && m.ntr == 1, "ee 0.02 (not > 0.02) is medium: +1 bounded at 5");
    /* row 3: low, merge high -> -1 */
    tick(t, 0, 100, 16, 100);
    ok(val(t, "degree") == 4 && m.ntr == 2 && m.tr[1].from == 5 && m.tr[1].to == 4 &&
       !strcmp(m.tr[1].why, "early eviction low, merge high"), "ee 0, merge 0.16 > 0.15: 5 -> 4");
    is_double(m.tr[1].m[1], 0.16, 1e-12, "metric: merge ratio 0.16");
    /* row 2: medium -> +1 */
    tick(t, 1, 100, 50, 100);
    ok(val(t, "degree") == 5 && m.tr[2].from == 4 && m.tr[2].to == 5 && !strcmp(m.tr[2].why, "early eviction medium"),
       "ee 0.01 (not < 0.01) is medium: 4 -> 5");
    for (int i = 0; i < 7; i++) tick(t, 0, 100, 50, 100);
    ok(val(t, "degree") == 0 && m.ntr == 8 && m.tr[7].from == 1 && m.tr[7].to == 0, "merge high 5 times: 5 down to 0");
    tick(t, 0, 100, 50, 100);
    ok(val(t, "degree") == 0 && m.ntr == 8, "low/high at 0: stays at 0 (bound)");
    tick(t, 1, 100, 50, 100);
    ok(val(t, "degree") == 1 && m.tr[8].from == 0 && m.tr[8].to == 1, "medium at 0: 0 -> 1");
    /* row 4: low, merge low -> 5 */
    tick(t, 0, 100, 15, 100);
    ok(val(t, "degree") == 5 && m.tr[9].from == 1 && m.tr[9].to == 5 && !strcmp(m.tr[9].why, "early eviction low, merge low"),
       "ee 0, merge 0.15 (not > 0.15) is low: 1 -> 5");
    /* 0/0 early eviction is low */
    tick(t, 0, 0, 50, 100);
    ok(val(t, "degree") == 4 && m.tr[10].to == 4 && m.tr[10].m[0] == 0.0, "early 0 / useful 0 = 0: low (merge high: 5 -> 4)");
    /* early > 0 with useful 0 is high */
    tick(t, 1, 0, 50, 100);
    ok(val(t, "degree") == 5 && !strcmp(m.tr[11].why, "early eviction high"), "early 1 / useful 0: high");
    is_double(m.tr[11].m[0], 1.0, 0, "metric reported as early / 1");
    /* a period without requests (idle SM) changes nothing */
    tick(t, 0, 0, 0, 0);
    ok(val(t, "degree") == 5 && m.ntr == 12 && val(t, "idle_periods") == 1, "idle period: no change, counted");
    is_int(val(t, "periods"), 17, "17 measured periods");
    is_int(val(t, "changes"), 12, "12 changes");
    t->ops->destroy(t);
}

static void t_merge_avg(void)
{
    mock_engine m;
    /* merge 0.3 then 0.1: averaged 0.2 (high), alone 0.1 (low) */
    ws_pt *t = mk(&m, NULL);
    tick(t, 0, 100, 30, 100);
    ok(val(t, "degree") == 1 && m.ntr == 1, "avg on, period 1: merge 0.3 (first: alone) high: 2 -> 1");
    is_double(m.tr[0].m[1], 0.3, 1e-12, "first period: current = monitored 0.3");
    tick(t, 0, 100, 10, 100);
    ok(val(t, "degree") == 0 && m.ntr == 2, "avg on, period 2: (0.3 + 0.1) / 2 = 0.2 high: 1 -> 0");
    is_double(m.tr[1].m[1], 0.2, 1e-12, "metric merge_ratio 0.2 (Eq. 8)");
    is_double(m.tr[1].m[2], 0.1, 1e-12, "metric merge_monitored 0.1");
    /* Previous(Merge) is the previous current value: (0.2 + 0.14) / 2 = 0.17
     * is high (with the previous monitored value, 0.1, it would be 0.12: low) */
    tick(t, 0, 100, 14, 100);
    ok(val(t, "degree") == 0 && m.ntr == 2, "period 3: (0.2 + 0.14) / 2 = 0.17 high: stays at 0");
    is_double(dval(t, "merge_ratio"), 0.17, 1e-12, "inspect: merge_ratio 0.17");
    tick(t, 0, 100, 0, 100);
    ok(val(t, "degree") == 5 && m.ntr == 3, "period 4: (0.17 + 0) / 2 = 0.085 low: low/low -> 5");
    is_double(m.tr[2].m[1], 0.085, 1e-12, "metric merge_ratio 0.085");
    /* an idle period keeps the history: (0.085 + 0.3) / 2 = 0.1925 */
    tick(t, 0, 0, 0, 0);
    tick(t, 0, 100, 30, 100);
    ok(val(t, "degree") == 4 && m.ntr == 4, "after an idle period: (0.085 + 0.3) / 2 = 0.1925 high: 5 -> 4");
    is_double(m.tr[3].m[1], 0.1925, 1e-12, "metric 0.1925");
    t->ops->destroy(t);

    t = mk(&m, "throttle.merge_avg", "false", NULL);
    tick(t, 0, 100, 30, 100);
    tick(t, 0, 100, 10, 100);
    ok(val(t, "degree") == 5 && m.ntr == 2 && m.tr[1].from == 1 && m.tr[1].to == 5, "avg off, period 2: merge 0.1 low: 1 -> 5");
    t->ops->destroy(t);

    /* thresholds from the options */
    t = mk(&m, "throttle.ee_high", "0.5", "throttle.ee_low", "0.2", "throttle.merge_high", "0.05", NULL);
    tick(t, 30, 100, 6, 100);
    ok(val(t, "degree") == 3 && !strcmp(m.tr[0].why, "early eviction medium"), "ee 0.3 with ee_low 0.2, ee_high 0.5: medium");
    tick(t, 10, 100, 6, 100);
    ok(val(t, "degree") == 2 && !strcmp(m.tr[1].why, "early eviction low, merge high"), "ee 0.1 low, merge 0.06 > 0.05: high");
    t->ops->destroy(t);
}

static void t_restart(void)
{
    mock_engine m;
    char buf[16];
    ws_pt *t = mk(&m, "throttle.merge_avg", "false", NULL);
    is_str(pattern(t, 3, buf), "DDK", "degree 2: D D K");
    tick(t, 1, 100, 0, 100);
    is_int(val(t, "degree"), 3, "medium: 2 -> 3");
    is_str(pattern(t, 10, buf), "DDDKKDDDKK", "the counter restarts at the change");
    tick(t, 1, 100, 0, 100);
    tick(t, 1, 100, 0, 100);
    is_str(pattern(t, 5, buf), "DDDDD", "degree 5: everything dropped");
    is_int(val(t, "offered"), 18, "18 offered");
    is_int(val(t, "dropped"), 13, "13 dropped");
    t->ops->destroy(t);
}

int main(void)
{
    t_create_drop();
    t_table1();
    t_merge_avg();
    t_restart();
    return tap_done();
}
