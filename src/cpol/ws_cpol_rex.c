/* ws_cpol_rex.c: Region-based Exclusion, R-EX (seed 001, 2.4; thesis 4.4).
 *
 * Regions are the launch's allocations (ws_cpol_launch).  Each core's L1
 * instance keeps a Region Tracking Table (RTT) of rtt_entries entries: valid,
 * trained, shared-reuse and private-reuse flags, and saturating counters of
 * L1 fills (acc), fills whose reply had SR set (shd) and PR set (pvt).
 * Every rtt_period cycles (Update, Listing 4) each entry with acc != 0 has its
 * counters halved, and its reuse flags set when shd (pvt) > acc >> reuse_shift
 * (1/64).  Fills of regions with no entry count in Untracked; at a period's
 * end, when Untracked exceeds the least-accessed entry's acc, that entry goes
 * to the first untracked region seen.  A region trained with private reuse
 * and no shared reuse is cached exclusively: the L1's miss asks the L2 not to
 * keep the fill (WS_CPOL_RQ_EXCL), the reply carries CB, and the L1 copies
 * the line back into the L2 when it leaves.
 *
 * Each L2 slice's instance keeps the tag extension per line (Fig. 21):
 * coreId, SR, PR, CB.  Listing 3: a fill sets coreId to the requester and
 * clears the bits; a hit by another core sets SR, by the same core PR, and
 * the reply carries SR and PR; a hit by coreId on a CB line invalidates it
 * (the line moves back to that L1, CB on the reply).  A copied-back victim
 * is inserted with coreId and CB set.
 *
 * Where the thesis is silent or inconsistent [choice]:
 * - rtt_entries 31 (text, Table 13) over 32 (Table 11).
 * - rtt_period (not stated): an option, 10,000 cycles by default.
 * - Counters of ctr_bits bits (not stated), saturating.
 * - "Trained": an entry has been through one Update since it was given to
 *   its region; until then its region is non-inclusive.
 * - The reuse flags are only ever set (Listing 4 never clears them); a
 *   re-assigned entry starts with both clear.
 * - At a period's end the Untracked comparison is made before the halving,
 *   against the acc the period accumulated; Untracked then restarts at 0.
 * - The reply's SR/PR are the line's bits after this hit's update.
 * - A hit by another core on a CB line only sets SR; the line stays.
 * - Writes and atomics are performed at the L2 and never move lines. */
#include <stdlib.h>

#include "cpol/ws_cpol_all.h"
#include "util/ws_util.h"

typedef struct rtt_ent {
    uint8_t valid, trained, shd_reuse, pvt_reuse;
    uint32_t region;
    uint32_t acc, shd, pvt;
} rtt_ent;

typedef struct l2tag {
    uint16_t core;
    uint8_t sr, pr, cb;
} l2tag;

typedef struct rex {
    ws_cpol_level level;
    uint32_t ways;
    /* L1 */
    ws_cpol_region *reg;
    uint32_t nreg;
    rtt_ent *rtt;
    uint32_t nrtt;
    uint32_t ctr_max, shift, period;
    uint64_t next_update;
    uint64_t untracked;
    uint32_t first_untracked;   /* region index, UINT32_MAX: none */
    uint64_t updates, replaced;
    /* L2 */
    l2tag *tag;
    uint32_t nlines;
} rex;

static void *rex_create(const ws_cpol_geom *g, const ws_cpol_params *p, ws_error *err)
{
    if (g->level == WS_CPOL_L1) {
        if (!p->rtt_entries || p->rtt_entries > 4096) {
            ws_error_set(err, WS_E_RANGE, "RTT of %u entries (1 to 4096)", p->rtt_entries);
            return NULL;
        }
        if (!p->rtt_period) {
            ws_error_set(err, WS_E_RANGE, "RTT update period of 0 cycles (at least 1)");
            return NULL;
        }
        if (p->ctr_bits < 8 || p->ctr_bits > 32 || p->reuse_shift >= p->ctr_bits) {
            ws_error_set(err, WS_E_RANGE, "RTT counters of %u bits with a threshold of 1/2^%u (8 to 32 bits, "
                         "threshold shift below the width)", p->ctr_bits, p->reuse_shift);
            return NULL;
        }
    }
    rex *x = ws_xcalloc(1, sizeof *x);
    x->level = g->level;
    x->ways = g->ways;
    if (g->level == WS_CPOL_L1) {
        x->nrtt = p->rtt_entries;
        x->rtt = ws_xcalloc(x->nrtt, sizeof *x->rtt);
        x->ctr_max = p->ctr_bits == 32 ? UINT32_MAX : (1u << p->ctr_bits) - 1;
        x->shift = p->reuse_shift;
        x->period = p->rtt_period;
        x->next_update = p->rtt_period;
        x->first_untracked = UINT32_MAX;
    } else {
        x->nlines = g->sets * g->ways;
        x->tag = ws_xcalloc(x->nlines, sizeof *x->tag);
    }
    return x;
}

static void rex_destroy(void *st)
{
    rex *x = st;
    free(x->reg);
    free(x->rtt);
    free(x->tag);
    free(x);
}

static void rex_launch(void *st, const ws_cpol_region *r, uint32_t n)
{
    rex *x = st;
    if (x->level != WS_CPOL_L1) return;
    free(x->reg);
    x->reg = n ? ws_xmalloc(n * sizeof *r) : NULL;
    for (uint32_t i = 0; i < n; i++) x->reg[i] = r[i];
    x->nreg = n;
    for (uint32_t i = 0; i < x->nrtt; i++) x->rtt[i] = (rtt_ent){ 0 };
    x->untracked = 0;
    x->first_untracked = UINT32_MAX;
}

static uint32_t region_of(const rex *x, uint64_t addr)
{
    for (uint32_t i = 0; i < x->nreg; i++)
        if (addr >= x->reg[i].lo && addr < x->reg[i].hi) return i;
    return UINT32_MAX;
}

static rtt_ent *entry_of(rex *x, uint32_t region)
{
    for (uint32_t i = 0; i < x->nrtt; i++)
        if (x->rtt[i].valid && x->rtt[i].region == region) return &x->rtt[i];
    return NULL;
}

static bool exclusive_region(const rtt_ent *e)
{
    return e && e->trained && e->pvt_reuse && !e->shd_reuse;
}

static void rex_l1_miss(void *st, const ws_cpol_req *q, ws_cpol_miss *out)
{
    rex *x = st;
    if (x->level != WS_CPOL_L1) return;
    uint32_t r = region_of(x, q->addr);
    if (r != UINT32_MAX && exclusive_region(entry_of(x, r))) out->flags |= WS_CPOL_RQ_EXCL;
}

static void bump(const rex *x, uint32_t *c)
{
    if (*c < x->ctr_max) (*c)++;
}

static void rex_l1_fill(void *st, const ws_cpol_req *q, uint32_t reply)
{
    rex *x = st;
    if (x->level != WS_CPOL_L1) return;
    uint32_t r = region_of(x, q->addr);
    if (r == UINT32_MAX) return;            /* not in any allocation */
    rtt_ent *e = entry_of(x, r);
    if (!e) {
        for (uint32_t i = 0; i < x->nrtt && !e; i++)
            if (!x->rtt[i].valid) {
                e = &x->rtt[i];
                *e = (rtt_ent){ .valid = 1, .region = r };
            }
    }
    if (!e) {
        x->untracked++;
        if (x->first_untracked == UINT32_MAX) x->first_untracked = r;
        return;
    }
    bump(x, &e->acc);
    if (reply & WS_CPOL_SR) bump(x, &e->shd);
    if (reply & WS_CPOL_PR) bump(x, &e->pvt);
}

static void update(rex *x)
{
    x->updates++;
    if (x->first_untracked != UINT32_MAX) {
        rtt_ent *least = NULL;
        for (uint32_t i = 0; i < x->nrtt; i++)
            if (x->rtt[i].valid && (!least || x->rtt[i].acc < least->acc)) least = &x->rtt[i];
        if (least && x->untracked > least->acc) {
            *least = (rtt_ent){ .valid = 1, .region = x->first_untracked };
            x->replaced++;
        }
    }
    x->untracked = 0;
    x->first_untracked = UINT32_MAX;
    for (uint32_t i = 0; i < x->nrtt; i++) {
        rtt_ent *e = &x->rtt[i];
        if (!e->valid || !e->acc) continue;
        e->acc /= 2;
        e->shd /= 2;
        e->pvt /= 2;
        if (e->shd > e->acc >> x->shift) e->shd_reuse = 1;
        if (e->pvt > e->acc >> x->shift) e->pvt_reuse = 1;
        e->trained = 1;
    }
}

static void rex_tick(void *st, uint64_t cycle)
{
    rex *x = st;
    if (x->level != WS_CPOL_L1) return;
    while (cycle >= x->next_update) {
        update(x);
        x->next_update += x->period;
    }
}

static void rex_l2_lookup(void *st, const ws_cpol_req *q, bool hit, ws_cpol_l2act *out)
{
    rex *x = st;
    if (x->level != WS_CPOL_L2 || !hit || q->write) return;
    l2tag *t = &x->tag[(q->set * x->ways + q->way) % x->nlines];
    if (q->core != t->core)
        t->sr = 1;
    else
        t->pr = 1;
    out->reply |= (t->sr ? WS_CPOL_SR : 0) | (t->pr ? WS_CPOL_PR : 0);
    if (t->cb && q->core == t->core) {
        out->invalidate = true;
        out->reply |= WS_CPOL_CB;
        *t = (l2tag){ 0 };
    }
}

static bool rex_l2_fill(void *st, const ws_cpol_req *q, uint32_t *reply)
{
    (void)st;
    if (q->write || !(q->flags & WS_CPOL_RQ_EXCL)) return true;
    *reply |= WS_CPOL_CB;
    return false;
}

static void rex_l2_insert(void *st, const ws_cpol_req *q, bool victim)
{
    rex *x = st;
    if (x->level != WS_CPOL_L2) return;
    x->tag[(q->set * x->ways + q->way) % x->nlines] = (l2tag){ .core = (uint16_t)q->core, .cb = victim };
}

static void rex_inspect(const void *st, ws_cpol_insp *in)
{
    const rex *x = st;
    if (x->level == WS_CPOL_L2) {
        int64_t n[3] = { 0, 0, 0 };
        for (uint32_t i = 0; i < x->nlines; i++) {
            n[0] += x->tag[i].sr;
            n[1] += x->tag[i].pr;
            n[2] += x->tag[i].cb;
        }
        in->vname[0] = "lines_sr";
        in->vname[1] = "lines_pr";
        in->vname[2] = "lines_cb";
        for (int i = 0; i < 3; i++) in->val[i] = n[i];
        in->nvals = 3;
        return;
    }
    static const char *const names[] = { "rtt_entries", "regions", "untracked", "next_update", "updates",
                                         "replaced" };
    int64_t v[] = { x->nrtt, x->nreg, (int64_t)x->untracked, (int64_t)x->next_update, (int64_t)x->updates,
                    (int64_t)x->replaced };
    for (uint32_t i = 0; i < 6; i++) {
        in->vname[i] = names[i];
        in->val[i] = v[i];
    }
    in->nvals = 6;
    in->table = "RTT";
    static const char *const cols[] = { "region", "trained", "shd_reuse", "pvt_reuse", "acc", "shd_hits",
                                        "pvt_hits", "exclusive" };
    in->ncols = 8;
    for (uint32_t c = 0; c < 8; c++) in->col[c] = cols[c];
    for (uint32_t i = 0; i < x->nrtt; i++) {
        const rtt_ent *e = &x->rtt[i];
        if (!e->valid) continue;
        if (in->rows && in->nrows < in->cap_rows) {
            int64_t *r = in->rows[in->nrows];
            r[0] = e->region;
            r[1] = e->trained;
            r[2] = e->shd_reuse;
            r[3] = e->pvt_reuse;
            r[4] = e->acc;
            r[5] = e->shd;
            r[6] = e->pvt;
            r[7] = exclusive_region(e);
        }
        in->nrows++;
    }
}

const ws_cpol_ops ws_cpol_rexclusion = {
    .name = "rexclusion",
    .desc = "region-based exclusion: private-reuse regions exclusive, the rest non-inclusive",
    .create = rex_create,
    .destroy = rex_destroy,
    .launch = rex_launch,
    .l1_miss = rex_l1_miss,
    .l1_fill = rex_l1_fill,
    .l2_lookup = rex_l2_lookup,
    .l2_fill = rex_l2_fill,
    .l2_insert = rex_l2_insert,
    .tick = rex_tick,
    .inspect = rex_inspect,
};
