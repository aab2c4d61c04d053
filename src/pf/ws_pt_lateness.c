/* ws_pt_lateness.c: lateness throttling, the StridePC+T of the MTP paper
 * (Lee et al., MICRO 2010, Sec. VII-D: StridePC "reduces the number of
 * generated prefetches based on the lateness" of earlier ones).  Every
 * throttle.period cycles:
 *
 *   late fraction = late / (useful + late)
 *
 * Above throttle.late_high the drop level goes up by one (fewer prefetches),
 * otherwise it comes back down by one (recovery).  Level L drops L of every 5
 * prefetches.
 *
 * [choice] Fewer prefetches = a dropped share, not a lower degree: StridePC
 *   runs at degree 1, where lowering the degree would stop it altogether.
 * [choice] Levels 0..4, so at least 1 of 5 prefetches still goes out and
 *   lateness stays measurable (the throttle can recover); the drop is
 *   deterministic (a counter modulo 5 dropping the first L of every 5,
 *   restarted at each change), as in the MT throttle.
 * [choice] A period with useful + late = 0 changes nothing.
 * Every change is reported (what "drop", metrics late_fraction, late). */
#include <stdlib.h>

#include "arch/ws_opts.h"
#include "pf/ws_pf_all.h"
#include "util/ws_util.h"

#define LT_LEVEL_MAX 4u

typedef struct pt_late {
    ws_pt base;
    double late_high;
    double frac;                /* the last measured period */
    uint32_t level, ctr;
    uint64_t periods, changes, offered, dropped;
} pt_late;

static const char *const lt_names[LT_LEVEL_MAX + 1] = {
    "keep all", "drop 1/5", "drop 2/5", "drop 3/5", "drop 4/5",
};

static ws_pt *ptl_create(ws_pf_ctx *x, const ws_opts *o, ws_error *err)
{
    (void)err;
    pt_late *t = ws_xcalloc(1, sizeof *t);
    t->base.ops = &ws_pt_lateness;
    t->base.x = x;
    t->base.period = ws_opts_uint(o, "throttle.period");
    t->late_high = ws_opts_double(o, "throttle.late_high");
    return &t->base;
}

static bool ptl_drop(ws_pt *pt, uint64_t line, uint32_t flags)
{
    (void)line;
    (void)flags;
    pt_late *t = (pt_late *)pt;
    bool drop = t->ctr < t->level;
    t->ctr = (t->ctr + 1) % 5;
    t->offered++;
    t->dropped += drop;
    return drop;
}

static void ptl_tick(ws_pt *pt, const ws_pf_period *m)
{
    pt_late *t = (pt_late *)pt;
    uint64_t n = m->useful + m->late;
    if (!n) return;
    t->periods++;
    t->frac = (double)m->late / (double)n;
    uint32_t to = t->level;
    const char *why;
    if (t->frac > t->late_high) {
        if (to < LT_LEVEL_MAX) to++;
        why = "late fraction high";
    } else {
        if (to > 0) to--;
        why = "late fraction low";
    }
    if (to == t->level) return;
    ws_pf_trans tr = {
        .what = "drop",
        .from = (int32_t)t->level,
        .to = (int32_t)to,
        .from_name = lt_names[t->level],
        .to_name = lt_names[to],
        .why = why,
        .m = { t->frac, (double)m->late, 0 },
        .mnames = { "late_fraction", "late", NULL },
    };
    t->level = to;
    t->ctr = 0;
    t->changes++;
    ws_pf_transition(pt->x, &tr);
}

static void ptl_inspect(const ws_pt *pt, ws_pf_insp *in)
{
    const pt_late *t = (const pt_late *)pt;
    ws_pf_insp_int(in, "level", t->level);
    ws_pf_insp_text(in, "state", lt_names[t->level]);
    ws_pf_insp_real(in, "late_fraction", t->frac);
    ws_pf_insp_int(in, "periods", (int64_t)t->periods);
    ws_pf_insp_int(in, "changes", (int64_t)t->changes);
    ws_pf_insp_int(in, "offered", (int64_t)t->offered);
    ws_pf_insp_int(in, "dropped", (int64_t)t->dropped);
}

static void ptl_destroy(ws_pt *pt)
{
    free(pt);
}

const ws_pt_ops ws_pt_lateness = {
    .name = "lateness",
    .help = "lateness throttle: drops a growing share of prefetches while late / (useful + late) > throttle.late_high (StridePC+T)",
    .create = ptl_create,
    .drop = ptl_drop,
    .tick = ptl_tick,
    .inspect = ptl_inspect,
    .destroy = ptl_destroy,
};
