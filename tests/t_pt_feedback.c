/* t_pt_feedback.c: the accuracy feedback throttle (GHB+F) on synthetic
 * period metrics: degree steps, bounds 1..5, thresholds, transitions. */
#include "pf/ws_pf_all.h"
#include "arch/ws_opts.h"
#include "ws_pf_mock.h"
#include "ws_tap.h"

static ws_pt *mk(mock_engine *m, const char *k, const char *v)
{
    mock_init(m);
    ws_opts *o = ws_opts_new();
    ws_error err;
    if (k && ws_opts_set(o, k, v, &err)) diag("option %s=%s refused", k, v);
    ws_pt *t = ws_pt_find("feedback")->create(&m->x, o, &err);
    ws_opts_free(o);
    return t;
}

static void tick(ws_pt *t, uint64_t issued, uint64_t useful, uint64_t late)
{
    ws_pf_period p;
    memset(&p, 0, sizeof p);
    p.issued = issued;
    p.useful = useful;
    p.late = late;
    p.requests = 1000;
    t->ops->tick(t, &p);
}

int main(void)
{
    mock_engine m;
    ws_pt *t = mk(&m, NULL, NULL);
    ok(ws_pt_find("feedback") == &ws_pt_feedback && t->ops == &ws_pt_feedback, "registry and ops");
    is_u64(t->period, 100000, "period: throttle.period");
    is_int(m.x.degree, 1, "starts at the policy's degree (1)");
    tick(t, 100, 70, 10);
    is_int(m.x.degree, 2, "accuracy (70 + 10) / 100 = 0.8 > 0.75: degree 2");
    ok(m.ntr == 1 && !strcmp(m.tr[0].what, "degree") && m.tr[0].from == 1 && m.tr[0].to == 2 &&
       !strcmp(m.tr[0].why, "accuracy high") && !strcmp(m.tr[0].mnames[0], "accuracy") &&
       !strcmp(m.tr[0].mnames[1], "issued") && !m.tr[0].mnames[2], "transition 1 -> 2, accuracy high");
    is_double(m.tr[0].m[0], 0.8, 1e-12, "metric accuracy 0.8");
    is_double(m.tr[0].m[1], 100, 0, "metric issued 100");
    tick(t, 100, 75, 0);
    ok(m.x.degree == 2 && m.ntr == 1, "accuracy 0.75 (not above): unchanged");
    tick(t, 100, 40, 0);
    ok(m.x.degree == 2 && m.ntr == 1, "accuracy 0.40 (not below): unchanged");
    tick(t, 0, 0, 0);
    ok(m.x.degree == 2 && m.ntr == 1, "nothing issued: unchanged");
    for (int i = 0; i < 5; i++) tick(t, 10, 10, 0);
    ok(m.x.degree == 5 && m.ntr == 4 && m.tr[3].from == 4 && m.tr[3].to == 5, "accuracy 1.0: up to 5 and no further");
    tick(t, 100, 39, 0);
    ok(m.x.degree == 4 && m.ntr == 5 && !strcmp(m.tr[4].why, "accuracy low"), "accuracy 0.39 < 0.40: 5 -> 4");
    for (int i = 0; i < 5; i++) tick(t, 100, 0, 0);
    ok(m.x.degree == 1 && m.ntr == 8 && m.tr[7].to == 1, "accuracy 0: down to 1 and no lower");
    ok(!t->ops->drop(t, 0x1000, 0), "drop() never drops");
    ws_pf_insp in;
    ws_pf_insp_init(&in);
    t->ops->inspect(t, &in);
    const ws_pf_insp_kv *kv = ws_pf_insp_find(&in, "periods");
    ok(kv && kv->ival == 14, "inspect: 14 measured periods");
    kv = ws_pf_insp_find(&in, "raised");
    ok(kv && kv->ival == 4, "inspect: raised 4 times");
    kv = ws_pf_insp_find(&in, "lowered");
    ok(kv && kv->ival == 4, "inspect: lowered 4 times");
    ws_pf_insp_free(&in);
    t->ops->destroy(t);

    /* a pf.degree above 5 is only lowered */
    t = mk(&m, "throttle.acc_high", "0.5");
    m.x.degree = 8;
    tick(t, 10, 10, 0);
    ok(m.x.degree == 8 && m.ntr == 0, "degree 8, accuracy 1.0: not raised");
    tick(t, 10, 0, 0);
    is_int(m.x.degree, 7, "degree 8, accuracy 0: 7");
    m.x.degree = 2;
    tick(t, 100, 51, 0);
    is_int(m.x.degree, 3, "throttle.acc_high 0.5: accuracy 0.51 raises");
    t->ops->destroy(t);
    return tap_done();
}
