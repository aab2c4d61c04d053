/* ws_pt_feedback.c: accuracy feedback throttling, the GHB+F of the MTP
 * paper (Lee et al., MICRO 2010, Sec. VII-D: "launch more prefetches when
 * its accuracy is higher than a certain threshold"), after feedback-directed
 * prefetching (Srinath et al., HPCA 2007).  Every throttle.period cycles:
 *
 *   accuracy = (useful + late) / issued
 *
 * (a late prefetch was accurate: its demand merged into it).  Above
 * throttle.acc_high the policy's degree (x->degree, prefetches per trigger)
 * goes up by one, below throttle.acc_low down by one; in between it stays.
 * The prefetch distance is not touched (MTP keeps distance 1).
 *
 * [choice] The degree moves one step per period between 1 and 5 (Srinath et
 *   al. use five aggressiveness levels; here the levels are the degree
 *   alone).  It never goes below 1: at 0 nothing would be issued, accuracy
 *   could not be measured and the throttle could never raise it again.  A
 *   pf.degree above 5 is only ever lowered.
 * [choice] A period with no issued prefetch changes nothing.
 * [choice] drop() never drops: this throttle acts through the degree only.
 * Every degree change is reported (what "degree", metrics accuracy, issued). */
#include <stdlib.h>

#include "arch/ws_opts.h"
#include "pf/ws_pf_all.h"
#include "util/ws_util.h"

#define FB_DEG_MIN 1u
#define FB_DEG_MAX 5u

typedef struct pt_fb {
    ws_pt base;
    double acc_high, acc_low;
    double acc;                 /* the last measured period */
    uint64_t periods, ups, downs;
} pt_fb;

static ws_pt *ptf_create(ws_pf_ctx *x, const ws_opts *o, ws_error *err)
{
    (void)err;
    pt_fb *t = ws_xcalloc(1, sizeof *t);
    t->base.ops = &ws_pt_feedback;
    t->base.x = x;
    t->base.period = ws_opts_uint(o, "throttle.period");
    t->acc_high = ws_opts_double(o, "throttle.acc_high");
    t->acc_low = ws_opts_double(o, "throttle.acc_low");
    return &t->base;
}

static bool ptf_drop(ws_pt *pt, uint64_t line, uint32_t flags)
{
    (void)pt;
    (void)line;
    (void)flags;
    return false;
}

static void ptf_tick(ws_pt *pt, const ws_pf_period *m)
{
    pt_fb *t = (pt_fb *)pt;
    ws_pf_ctx *x = pt->x;
    if (!m->issued) return;
    t->periods++;
    t->acc = (double)(m->useful + m->late) / (double)m->issued;
    uint32_t from = x->degree, to = from;
    const char *why = NULL;
    if (t->acc > t->acc_high && from < FB_DEG_MAX) {
        to = from + 1;
        why = "accuracy high";
        t->ups++;
    } else if (t->acc < t->acc_low && from > FB_DEG_MIN) {
        to = from - 1;
        why = "accuracy low";
        t->downs++;
    }
    if (to == from) return;
    ws_pf_set_degree(x, to);
    ws_pf_trans tr = {
        .what = "degree",
        .from = (int32_t)from,
        .to = (int32_t)to,
        .why = why,
        .m = { t->acc, (double)m->issued, 0 },
        .mnames = { "accuracy", "issued", NULL },
    };
    ws_pf_transition(x, &tr);
}

static void ptf_inspect(const ws_pt *pt, ws_pf_insp *in)
{
    const pt_fb *t = (const pt_fb *)pt;
    ws_pf_insp_int(in, "degree", pt->x->degree);
    ws_pf_insp_real(in, "accuracy", t->acc);
    ws_pf_insp_int(in, "periods", (int64_t)t->periods);
    ws_pf_insp_int(in, "raised", (int64_t)t->ups);
    ws_pf_insp_int(in, "lowered", (int64_t)t->downs);
}

static void ptf_destroy(ws_pt *pt)
{
    free(pt);
}

const ws_pt_ops ws_pt_feedback = {
    .name = "feedback",
    .help = "accuracy feedback: degree up above throttle.acc_high, down below acc_low (GHB+F; Srinath et al., HPCA 2007)",
    .create = ptf_create,
    .drop = ptf_drop,
    .tick = ptf_tick,
    .inspect = ptf_inspect,
    .destroy = ptf_destroy,
};
