/* ws_pf_ghb_stride.c: the stride-based GHB prefetcher DSAP compares against
 * (DSAP Sec. V-A: a GHB of the global miss addresses, searched for a
 * constant stride of the same PC; no constant stride, no prefetch).
 *
 * A global history buffer, a circular FIFO of pf.ghb.entries {line, link}
 * where the link points to the previous entry of the same PC, and an index
 * table (pf.ghb.index entries, keyed by PC; by PC and warp with
 * pf.warp_trained, MTP Sec. VIII-A's enhanced form) pointing to each PC's
 * newest entry.  After inserting a miss, the PC's last three lines h0 (new),
 * h1, h2 are read through the links: when h0 - h1 == h1 - h2 != 0 the
 * stride is constant and lines h0 + (distance + k) * stride, k < degree,
 * are prefetched.  So a stride is found at the third miss of a PC.
 * [choice] DSAP gives no table sizes: those of MTP's GHB (pf.ghb.entries,
 * pf.ghb.index; pf.ghb.czone_bits is not used). */
#include <stdlib.h>

#include "arch/ws_opts.h"
#include "pf/ws_pf_all.h"
#include "pf/ws_pf_tab.h"
#include "util/ws_util.h"

#define NONE UINT64_MAX

typedef struct gs_slot {
    int64_t line;           /* line number (address / line) */
    uint64_t link;          /* sequence number of the PC's previous entry, NONE */
} gs_slot;

typedef struct gs_index {
    ws_pf_tag t;            /* key: PC */
    uint64_t ptr;           /* sequence number of the PC's newest GHB entry */
} gs_index;

typedef struct ghbs_pf {
    ws_pf base;
    gs_slot *g;
    ws_pf_tab it;           /* the index table */
    uint32_t n;
    bool warp;
    uint64_t head;
    uint64_t trainings, predictions, prefetches;
} ghbs_pf;

static ws_pf *gs_create(ws_pf_ctx *x, const ws_opts *o, ws_error *err)
{
    if (!x->line) {
        ws_error_set(err, WS_E_RANGE, "ghb-stride prefetcher: the line size is 0");
        return NULL;
    }
    ghbs_pf *s = ws_xcalloc(1, sizeof *s);
    s->base.ops = &ws_pf_ghb_stride;
    s->base.x = x;
    s->n = (uint32_t)ws_opts_uint(o, "pf.ghb.entries");
    s->warp = ws_opts_bool(o, "pf.warp_trained");
    s->g = ws_xcalloc(s->n, sizeof *s->g);
    ws_pf_tab_init(&s->it, (uint32_t)ws_opts_uint(o, "pf.ghb.index"), sizeof(gs_index));
    return &s->base;
}

static bool live(const ghbs_pf *s, uint64_t q)
{
    return q != NONE && q < s->head && s->head - q <= s->n;
}

/* The PC's index entry (a new one points nowhere), most recently used. */
static gs_index *index_of(ghbs_pf *s, uint32_t pc, uint32_t wid)
{
    bool fresh;
    gs_index *e = ws_pf_tab_get(&s->it, pc, wid, &fresh);
    if (fresh) e->ptr = NONE;
    return e;
}

static void gs_observe(ws_pf *p, const ws_pf_access *a)
{
    ghbs_pf *s = (ghbs_pf *)p;
    ws_pf_ctx *x = p->x;
    if (a->kind != WS_PF_LOAD) return;
    /* [choice] Training: as DSAP describes it, the GHB holds miss
     * addresses: demand load misses, plus demand hits to prefetched lines
     * (the misses they replaced, so that successful prefetching keeps the
     * history going); a hit-pending access on a demand miss is not a miss.
     * Every missing request of an instruction is one entry. */
    if (a->outcome != WS_PF_MISS && !a->hit_pf) return;
    int64_t l = (int64_t)(a->line / x->line);
    gs_index *ix = index_of(s, a->pc, s->warp ? a->wid : 0);
    uint64_t prev = live(s, ix->ptr) ? ix->ptr : NONE;
    /* [choice] the PC's newest line again is not a new miss */
    if (prev != NONE && s->g[prev % s->n].line == l) return;
    s->trainings++;
    uint64_t q = s->head++;
    s->g[q % s->n] = (gs_slot){ l, prev };
    ix->ptr = q;
    if (prev == NONE) return;
    uint64_t r2 = s->g[prev % s->n].link;
    if (!live(s, r2)) return;
    int64_t h1 = s->g[prev % s->n].line, h2 = s->g[r2 % s->n].line;
    int64_t stride = l - h1;
    if (stride != h1 - h2) return;      /* never 0: repeats are not inserted */
    if (stride > INT64_MAX / 256 || stride < -(INT64_MAX / 256)) return;   /* no overflow below */
    s->predictions++;
    for (uint32_t k = 0; k < x->degree; k++) {
        int64_t t = l + stride * (int64_t)(x->distance + k);
        if (t < 0) break;
        s->prefetches++;
        ws_pf_issue(x, (uint64_t)t * x->line, a->wid, 0, 0);
    }
}

static void gs_inspect(const ws_pf *p, ws_pf_insp *in)
{
    const ghbs_pf *s = (const ghbs_pf *)p;
    int64_t line = p->x->line;
    ws_pf_insp_text(in, "form", s->warp ? "warp-trained" : "naive");
    ws_pf_insp_int(in, "entries", s->n);
    ws_pf_insp_int(in, "index", s->it.entries);
    ws_pf_insp_int(in, "trainings", (int64_t)s->trainings);
    ws_pf_insp_int(in, "replacements", (int64_t)s->it.replacements);
    ws_pf_insp_int(in, "predictions", (int64_t)s->predictions);
    ws_pf_insp_int(in, "prefetches", (int64_t)s->prefetches);
    ws_pf_insp_int(in, "degree", p->x->degree);
    ws_pf_insp_int(in, "distance", p->x->distance);
    /* No widths in DSAP (PC 32 and wid 8 bits as MTP Table VI); pointers
     * are GHB slots, -1 when overwritten. */
    static const char *const icols[] = { "pc", "wid", "ptr" };
    static const uint8_t ibits[] = { 32, 8, 0 };
    ws_pf_insp_table_begin(in, "index", 3, icols, ibits);
    for (uint32_t i = 0; i < s->it.entries; i++) {
        const gs_index *e = ws_pf_tab_at(&s->it, i);
        if (!e->t.valid) continue;
        ws_pf_insp_row(in, (const int64_t[]){ (int64_t)e->t.key, s->warp ? (int64_t)e->t.wid : -1,
                                              live(s, e->ptr) ? (int64_t)(e->ptr % s->n) : -1 });
    }
    static const char *const gcols[] = { "slot", "addr", "link" };
    ws_pf_insp_table_begin(in, "ghb", 3, gcols, NULL);
    uint64_t first = s->head > s->n ? s->head - s->n : 0;
    for (uint64_t q = first; q < s->head; q++) {
        const gs_slot *e = &s->g[q % s->n];
        ws_pf_insp_row(in, (const int64_t[]){ (int64_t)(q % s->n), e->line * line,
                                              live(s, e->link) ? (int64_t)(e->link % s->n) : -1 });
    }
}

static void gs_destroy(ws_pf *p)
{
    ghbs_pf *s = (ghbs_pf *)p;
    free(s->g);
    ws_pf_tab_free(&s->it);
    free(s);
}

const ws_pf_ops ws_pf_ghb_stride = {
    .name = "ghb-stride",
    .help = "GHB of miss addresses searched for a constant stride per PC (DSAP's baseline, Sec. V-A)",
    .create = gs_create,
    .observe = gs_observe,
    .inspect = gs_inspect,
    .destroy = gs_destroy,
};
