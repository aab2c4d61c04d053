/* t_pt_lateness.c: the lateness throttle (StridePC+T) on synthetic period
 * metrics: drop levels 0..4, recovery, the drop pattern, transitions. */
#include "pf/ws_pf_all.h"
#include "arch/ws_opts.h"
#include "ws_pf_mock.h"
#include "ws_tap.h"

static void tick(ws_pt *t, uint64_t useful, uint64_t late)
{
    ws_pf_period p;
    memset(&p, 0, sizeof p);
    p.useful = useful;
    p.late = late;
    p.issued = useful + late;
    p.requests = 1000;
    t->ops->tick(t, &p);
}

static const char *pattern(ws_pt *t, int n, char *buf)
{
    for (int i = 0; i < n; i++) buf[i] = t->ops->drop(t, 0x1000 + 128u * (unsigned)i, 0) ? 'D' : 'K';
    buf[n] = 0;
    return buf;
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

int main(void)
{
    mock_engine m;
    mock_init(&m);
    ws_opts *o = ws_opts_new();
    ws_error err;
    ws_pt *t = ws_pt_find("lateness")->create(&m.x, o, &err);
    ok(ws_pt_find("lateness") == &ws_pt_lateness && t->ops == &ws_pt_lateness, "registry and ops");
    is_u64(t->period, 100000, "period: throttle.period");
    char buf[16];
    is_str(pattern(t, 10, buf), "KKKKKKKKKK", "level 0 keeps everything");
    tick(t, 40, 60);
    is_int(val(t, "level"), 1, "late 60 / 100 = 0.6 > 0.5: level 1");
    ok(m.ntr == 1 && !strcmp(m.tr[0].what, "drop") && m.tr[0].from == 0 && m.tr[0].to == 1 &&
       !strcmp(m.tr[0].from_name, "keep all") && !strcmp(m.tr[0].to_name, "drop 1/5") &&
       !strcmp(m.tr[0].why, "late fraction high") && !strcmp(m.tr[0].mnames[0], "late_fraction") &&
       !strcmp(m.tr[0].mnames[1], "late"), "transition 0 -> 1, late fraction high");
    is_double(m.tr[0].m[0], 0.6, 1e-12, "metric late fraction 0.6");
    is_double(m.tr[0].m[1], 60, 0, "metric late 60");
    is_int(m.x.degree, 1, "the policy's degree is untouched");
    is_str(pattern(t, 10, buf), "DKKKKDKKKK", "level 1 drops 1 of 5");
    tick(t, 40, 60);
    is_str(pattern(t, 10, buf), "DDKKKDDKKK", "level 2 drops 2 of 5 (counter restarted)");
    for (int i = 0; i < 4; i++) tick(t, 0, 10);
    ok(val(t, "level") == 4 && m.ntr == 4, "late 1.0: up to level 4 and no further");
    is_str(pattern(t, 10, buf), "DDDDKDDDDK", "level 4 still lets 1 of 5 through");
    tick(t, 0, 0);
    ok(val(t, "level") == 4 && m.ntr == 4, "no useful or late prefetch: unchanged");
    tick(t, 50, 50);
    ok(val(t, "level") == 3 && m.ntr == 5 && m.tr[4].from == 4 && m.tr[4].to == 3 && !strcmp(m.tr[4].why, "late fraction low"),
       "late 0.5 (not above): recovers one level");
    for (int i = 0; i < 5; i++) tick(t, 10, 0);
    ok(val(t, "level") == 0 && m.ntr == 8, "on time: back to level 0 and no lower");
    is_int(val(t, "periods"), 12, "12 measured periods");
    is_int(val(t, "offered"), 40, "40 offered");
    is_int(val(t, "dropped"), 2 + 4 + 8, "14 dropped");
    t->ops->destroy(t);
    ws_opts_set(o, "throttle.late_high", "0.1", &err);
    t = ws_pt_lateness.create(&m.x, o, &err);
    tick(t, 80, 20);
    is_int(val(t, "level"), 1, "throttle.late_high 0.1: late 0.2 raises");
    t->ops->destroy(t);
    ws_opts_free(o);
    return tap_done();
}
