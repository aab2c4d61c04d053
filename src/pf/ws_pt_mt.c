/* ws_pt_mt.c: MTP adaptive prefetch throttling (Lee et al., MICRO 2010,
 * Sec. V, Eqs. 5-8, Table I).  Every throttle.period cycles (100,000 in the
 * paper) the SM's period counts give
 *
 *   early-eviction rate = early / useful                  (Eq. 5, Eq. 7)
 *   merge ratio         = merges / requests               (Eq. 6)
 *   current merge       = (previous current + monitored) / 2   (Eq. 8,
 *                         when throttle.merge_avg)
 *
 * and Table I moves the throttle degree (0..5, from throttle.degree0):
 *   early eviction high (> throttle.ee_high)           -> 5 (no prefetch)
 *   medium (between ee_low and ee_high)                -> degree + 1
 *   low (< throttle.ee_low), merge high (> merge_high) -> degree - 1
 *   low, merge low                                      -> 5 (no prefetch)
 * Degree k drops k of every 5 prefetches (0: keep all, 5: none).  This
 * throttle leaves the policy's degree and distance (x->degree) alone.
 *
 * [choice] The drop is deterministic: a counter runs modulo 5 over the
 *   prefetches offered to drop() and the first k of every 5 are dropped; the
 *   counter restarts at every degree change, so each degree's pattern is
 *   exact from its first prefetch (the paper only gives the percentages).
 * [choice] early > 0 with useful = 0 counts as High (an unbounded rate; the
 *   metric is reported as `early`, i.e. the denominator taken as 1); 0/0 is 0
 *   (Low).
 * [choice] Previous(Merge) in Eq. 8 is the previous period's current
 *   (averaged) value; the first measured period uses its monitored value
 *   alone.  requests = 0 gives a merge ratio of 0.
 * [choice] A period without any request (an idle SM) changes nothing: no
 *   metric is updated and the degree stays (otherwise an SM waiting for work
 *   would read Low/Low and switch prefetching off).
 * Every degree change is reported (what "degree", metrics early_eviction,
 * merge_ratio, merge_monitored). */
#include <stdlib.h>

#include "arch/ws_opts.h"
#include "pf/ws_pf_all.h"
#include "util/ws_util.h"

#define MT_DEG_MAX 5

typedef struct pt_mt {
    ws_pt base;
    double ee_high, ee_low, merge_high;
    bool merge_avg;
    uint32_t degree, ctr;
    bool have_prev;
    double merge_prev;          /* Previous(Merge) of Eq. 8 */
    double ee, merge, merge_mon;    /* the last measured period */
    uint64_t periods, idle, changes, offered, dropped;
} pt_mt;

static const char *const deg_names[MT_DEG_MAX + 1] = {
    "keep all", "drop 1/5", "drop 2/5", "drop 3/5", "drop 4/5", "no prefetch",
};

static ws_pt *ptm_create(ws_pf_ctx *x, const ws_opts *o, ws_error *err)
{
    (void)err;
    pt_mt *t = ws_xcalloc(1, sizeof *t);
    t->base.ops = &ws_pt_mt;
    t->base.x = x;
    t->base.period = ws_opts_uint(o, "throttle.period");
    t->ee_high = ws_opts_double(o, "throttle.ee_high");
    t->ee_low = ws_opts_double(o, "throttle.ee_low");
    t->merge_high = ws_opts_double(o, "throttle.merge_high");
    t->merge_avg = ws_opts_bool(o, "throttle.merge_avg");
    uint64_t d0 = ws_opts_uint(o, "throttle.degree0");
    t->degree = (uint32_t)(d0 > MT_DEG_MAX ? MT_DEG_MAX : d0);
    return &t->base;
}

static bool ptm_drop(ws_pt *pt, uint64_t line, uint32_t flags)
{
    (void)line;
    (void)flags;
    pt_mt *t = (pt_mt *)pt;
    bool drop = t->ctr < t->degree;
    t->ctr = (t->ctr + 1) % MT_DEG_MAX;
    t->offered++;
    t->dropped += drop;
    return drop;
}

static void ptm_tick(ws_pt *pt, const ws_pf_period *m)
{
    pt_mt *t = (pt_mt *)pt;
    if (!m->requests) {
        t->idle++;
        return;
    }
    t->periods++;
    bool unbounded = m->useful == 0 && m->early > 0;
    t->ee = m->useful ? (double)m->early / (double)m->useful : (double)m->early;
    t->merge_mon = (double)m->merges / (double)m->requests;
    t->merge = t->merge_avg && t->have_prev ? (t->merge_prev + t->merge_mon) / 2.0 : t->merge_mon;
    t->merge_prev = t->merge;
    t->have_prev = true;

    uint32_t to;
    const char *why;
    if (unbounded || t->ee > t->ee_high) {
        to = MT_DEG_MAX;
        why = "early eviction high";
    } else if (t->ee >= t->ee_low) {
        to = t->degree < MT_DEG_MAX ? t->degree + 1 : MT_DEG_MAX;
        why = "early eviction medium";
    } else if (t->merge > t->merge_high) {
        to = t->degree ? t->degree - 1 : 0;
        why = "early eviction low, merge high";
    } else {
        to = MT_DEG_MAX;
        why = "early eviction low, merge low";
    }
    if (to == t->degree) return;
    ws_pf_trans tr = {
        .what = "degree",
        .from = (int32_t)t->degree,
        .to = (int32_t)to,
        .from_name = deg_names[t->degree],
        .to_name = deg_names[to],
        .why = why,
        .m = { t->ee, t->merge, t->merge_mon },
        .mnames = { "early_eviction", "merge_ratio", "merge_monitored" },
    };
    t->degree = to;
    t->ctr = 0;
    t->changes++;
    ws_pf_transition(pt->x, &tr);
}

static void ptm_inspect(const ws_pt *pt, ws_pf_insp *in)
{
    const pt_mt *t = (const pt_mt *)pt;
    ws_pf_insp_int(in, "degree", t->degree);
    ws_pf_insp_text(in, "state", deg_names[t->degree]);
    ws_pf_insp_real(in, "early_eviction", t->ee);
    ws_pf_insp_real(in, "merge_ratio", t->merge);
    ws_pf_insp_real(in, "merge_monitored", t->merge_mon);
    ws_pf_insp_int(in, "periods", (int64_t)t->periods);
    ws_pf_insp_int(in, "idle_periods", (int64_t)t->idle);
    ws_pf_insp_int(in, "changes", (int64_t)t->changes);
    ws_pf_insp_int(in, "offered", (int64_t)t->offered);
    ws_pf_insp_int(in, "dropped", (int64_t)t->dropped);
}

static void ptm_destroy(ws_pt *pt)
{
    free(pt);
}

const ws_pt_ops ws_pt_mt = {
    .name = "mt",
    .help = "MTP adaptive throttling: early-eviction rate and merge ratio set a 0..5 drop degree (Lee et al., MICRO 2010, Table I)",
    .create = ptm_create,
    .drop = ptm_drop,
    .tick = ptm_tick,
    .inspect = ptm_inspect,
    .destroy = ptm_destroy,
};
