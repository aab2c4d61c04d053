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

typedef struct ghbs_pf {
    ws_pf base;
    ws_pf_ghbuf h;            /* keyed by PC */
    bool warp;
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
    s->warp = ws_opts_bool(o, "pf.warp_trained");
    ws_pf_ghbuf_init(&s->h, x, (uint32_t)ws_opts_uint(o, "pf.ghb.entries"), (uint32_t)ws_opts_uint(o, "pf.ghb.index"));
    /* Geometry: a GHB of pf.ghb.entries entries (MTP Table V: 1024) of a
     * 32-bit line address and a link of log2(entries) bits, and an index
     * table of pf.ghb.index entries (128) of a 32-bit PC and a pointer of
     * log2(entries) bits (+ the 8-bit warp id when warp-trained); [choice]
     * widths: MTP Table VI's 32-bit addresses, the papers give none. */
    uint32_t pbits = 1;
    while (pbits < 32 && (1ull << pbits) < s->h.n) pbits++;
    uint32_t gbits = 32 + pbits, ibits = 32 + pbits + (s->warp ? 8 : 0);
    s->base.tab_bytes = ws_pf_table_bytes(s->h.n, gbits) + ws_pf_table_bytes(s->h.it.entries, ibits);
    s->base.tab_entry_bits = (uint64_t)s->h.n * gbits >= (uint64_t)s->h.it.entries * ibits ? gbits : ibits;
    return &s->base;
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
    /* (the PC's newest line again is not a new miss) */
    uint64_t q = ws_pf_ghbuf_insert(&s->h, a->pc, s->warp ? a->wid : 0, l);
    if (q == WS_PF_GHBUF_NONE) return;
    s->trainings++;
    /* (buffer reads: the new entry's link, the previous entry, the one before) */
    x->tab_reads++;
    uint64_t prev = ws_pf_ghbuf_at(&s->h, q)->link;
    if (prev == WS_PF_GHBUF_NONE) return;
    x->tab_reads++;
    uint64_t r2 = ws_pf_ghbuf_at(&s->h, prev)->link;
    if (!ws_pf_ghbuf_live(&s->h, r2)) return;
    x->tab_reads++;
    int64_t h1 = ws_pf_ghbuf_at(&s->h, prev)->line, h2 = ws_pf_ghbuf_at(&s->h, r2)->line;
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
    ws_pf_insp_int(in, "entries", s->h.n);
    ws_pf_insp_int(in, "index", s->h.it.entries);
    ws_pf_insp_int(in, "trainings", (int64_t)s->trainings);
    ws_pf_insp_int(in, "replacements", (int64_t)s->h.it.replacements);
    ws_pf_insp_int(in, "predictions", (int64_t)s->predictions);
    ws_pf_insp_int(in, "prefetches", (int64_t)s->prefetches);
    ws_pf_insp_int(in, "degree", p->x->degree);
    ws_pf_insp_int(in, "distance", p->x->distance);
    /* No widths in DSAP (PC 32 and wid 8 bits as MTP Table VI). */
    ws_pf_ghbuf_inspect(&s->h, in, "pc", 32, s->warp, line);
}

static void gs_destroy(ws_pf *p)
{
    ghbs_pf *s = (ghbs_pf *)p;
    ws_pf_ghbuf_free(&s->h);
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
