/* ws_cpol_flex.c: Flexclusion (Sim et al., ISCA 2012; seed 001, 2.4) by set
 * dueling.  Two dueling monitors of sdm_sets sets each (16) always run one
 * mode, non-inclusion or exclusion; a miss in a non-inclusive monitor set
 * moves the psel_bits-bit PSEL counter (11) up, a miss in an exclusive one
 * down, and the other (follower) sets run exclusion while PSEL's top bit is
 * set.  In an exclusive set the policy behaves as ws_cpol_excl.c (fill into
 * the L1 only, CB on the reply, a hit moves the line); in a non-inclusive
 * set as the baseline.
 *
 * Where the thesis is silent [choice]:
 * - Which sets: monitor sets are spread evenly over the whole L2 by global
 *   set number g (slice's set_base + set): with s = total_sets / sdm_sets,
 *   g mod s == 0 is non-inclusive, g mod s == s / 2 exclusive (768 sets:
 *   every 48th, so about 2% of the sets always run exclusion, as 2.4 says).
 * - One PSEL per L2 slice, fed by the monitor sets the slice holds: a single
 *   counter for the whole L2 would need a wire to every slice on every
 *   miss, which the thesis does not describe (and slices exchange nothing
 *   outside the interconnect here).
 * - PSEL starts at 2^(bits-1) - 1, one below the top bit: followers start as
 *   the baseline, and the first exclusive-monitor advantage is one miss.
 * - Only demand reads count as misses and move lines; writes and atomics
 *   are performed at the L2 and stay there. */
#include <stdlib.h>

#include "cpol/ws_cpol_all.h"
#include "util/ws_util.h"

enum { FOLLOWER = 0, SDM_NI = 1, SDM_EX = 2 };

typedef struct flex {
    uint32_t sets, base, spacing;
    uint32_t psel, psel_max, top;
    uint64_t misses[3];         /* demand read misses by set kind */
    uint64_t flips;             /* followers' mode changes */
} flex;

static void *flex_create(const ws_cpol_geom *g, const ws_cpol_params *p, ws_error *err)
{
    if (g->level != WS_CPOL_L2)     /* the L1 only follows the replies' CB flags */
        return ws_xcalloc(1, sizeof(flex));
    if (p->psel_bits < 1 || p->psel_bits > 30) {
        ws_error_set(err, WS_E_RANGE, "PSEL of %u bits (1 to 30)", p->psel_bits);
        return NULL;
    }
    if (!p->sdm_sets || (uint64_t)p->sdm_sets * 2 > g->total_sets) {
        ws_error_set(err, WS_E_RANGE, "two dueling monitors of %u sets do not fit in an L2 of %u sets",
                     p->sdm_sets, g->total_sets);
        return NULL;
    }
    flex *f = ws_xcalloc(1, sizeof *f);
    f->sets = g->sets;
    f->base = g->set_base;
    f->spacing = g->total_sets / p->sdm_sets;
    f->psel_max = (1u << p->psel_bits) - 1;
    f->top = 1u << (p->psel_bits - 1);
    f->psel = f->top - 1;
    return f;
}

static void flex_destroy(void *st) { free(st); }

static int set_kind(const flex *f, uint32_t set)
{
    uint32_t r = (f->base + set) % f->spacing;
    return r == 0 ? SDM_NI : r == f->spacing / 2 ? SDM_EX : FOLLOWER;
}

static bool set_exclusive(const flex *f, uint32_t set)
{
    int k = set_kind(f, set);
    return k == SDM_EX || (k == FOLLOWER && f->psel >= f->top);
}

static void flex_lookup(void *st, const ws_cpol_req *q, bool hit, ws_cpol_l2act *out)
{
    flex *f = st;
    if (q->write) return;
    if (hit) {
        if (set_exclusive(f, q->set)) {
            out->invalidate = true;
            out->reply |= WS_CPOL_CB;
        }
        return;
    }
    int k = set_kind(f, q->set);
    f->misses[k]++;
    bool was = f->psel >= f->top;
    if (k == SDM_NI && f->psel < f->psel_max) f->psel++;
    if (k == SDM_EX && f->psel > 0) f->psel--;
    if (was != (f->psel >= f->top)) f->flips++;
}

static bool flex_fill(void *st, const ws_cpol_req *q, uint32_t *reply)
{
    flex *f = st;
    if (q->write || !set_exclusive(f, q->set)) return true;
    *reply |= WS_CPOL_CB;
    return false;
}

static void flex_inspect(const void *st, ws_cpol_insp *in)
{
    const flex *f = st;
    if (!f->sets) return;
    static const char *const names[] = { "psel", "psel_max", "followers_exclusive", "misses_follower",
                                         "misses_sdm_ni", "misses_sdm_ex", "flips" };
    int64_t v[] = { f->psel, f->psel_max, f->psel >= f->top, (int64_t)f->misses[0], (int64_t)f->misses[1],
                    (int64_t)f->misses[2], (int64_t)f->flips };
    for (uint32_t i = 0; i < 7; i++) {
        in->vname[i] = names[i];
        in->val[i] = v[i];
    }
    in->nvals = 7;
    in->table = "dueling monitor sets";
    in->ncols = 3;
    in->col[0] = "set";           /* this slice's set */
    in->col[1] = "global_set";
    in->col[2] = "exclusive";     /* 0: non-inclusive monitor, 1: exclusive monitor */
    for (uint32_t s = 0; s < f->sets; s++) {
        int k = set_kind(f, s);
        if (k == FOLLOWER) continue;
        if (in->rows && in->nrows < in->cap_rows) {
            in->rows[in->nrows][0] = s;
            in->rows[in->nrows][1] = f->base + s;
            in->rows[in->nrows][2] = k == SDM_EX;
        }
        in->nrows++;
    }
}

const ws_cpol_ops ws_cpol_flexclusion = {
    .name = "flexclusion",
    .desc = "set dueling between non-inclusion and exclusion (16-set monitors, 11-bit PSEL)",
    .create = flex_create,
    .destroy = flex_destroy,
    .l2_lookup = flex_lookup,
    .l2_fill = flex_fill,
    .inspect = flex_inspect,
};
