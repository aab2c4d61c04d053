/* ws_pf_stride.c: the RPT stride prefetcher trained per memory region, the
 * "Stride" baseline of MTP Table V (Iacobovici et al.; 1024 entries, 16
 * region bits).
 *
 * An entry tracks one region (address >> pf.stride.region_bits; with
 * pf.warp_trained, one region of one warp: the enhanced form of MTP
 * Sec. VIII-A) and holds {tag, last address, stride, 2-bit state}.  Every
 * demand load request trains the entry of its region with the classic
 * reference prediction table state machine (Chen & Baer 1995):
 *
 *                 stride correct          stride wrong
 *   initial    -> steady               -> transient  (stride := delta)
 *   transient  -> steady               -> no-pred    (stride := delta)
 *   steady     -> steady               -> initial    (stride kept)
 *   no-pred    -> transient            -> no-pred    (stride := delta)
 *
 * A new entry starts in initial with stride 0 and the access as last
 * address, so a constant non-zero stride reaches steady at the third access
 * of a region.  An access that leaves its entry steady prefetches
 * addr + (distance + k) * stride for k < degree.
 * [choice] Prefetches may leave the region that trained them (not the
 * address space).  The table keeps its state across kernel launches, as
 * the hardware would (no launch hook), in this and the other pattern
 * prefetchers (stridepc, stream, ghb, ghb-stride). */
#include <stdlib.h>

#include "arch/ws_opts.h"
#include "pf/ws_pf_all.h"
#include "pf/ws_pf_tab.h"
#include "util/ws_util.h"

typedef struct stride_pf {
    ws_pf base;
    ws_pf_tab tab;
    uint32_t region_bits;
    bool warp;
    uint64_t trainings, predictions, prefetches;
} stride_pf;

static ws_pf *stride_create(ws_pf_ctx *x, const ws_opts *o, ws_error *err)
{
    if (!x->line) {
        ws_error_set(err, WS_E_RANGE, "stride prefetcher: the line size is 0");
        return NULL;
    }
    stride_pf *s = ws_xcalloc(1, sizeof *s);
    s->base.ops = &ws_pf_stride;
    s->base.x = x;
    s->region_bits = (uint32_t)ws_opts_uint(o, "pf.stride.region_bits");
    s->warp = ws_opts_bool(o, "pf.warp_trained");
    ws_pf_tab_init(&s->tab, x, (uint32_t)ws_opts_uint(o, "pf.stride.entries"), sizeof(ws_pf_rpt));   /* key: address >> region_bits */
    /* Geometry: pf.stride.entries entries (MTP Table V: 1024) of [choice]
     * a region tag of 32 - region_bits bits (32-bit addresses, as MTP
     * Table VI), last address 32, stride 20 (MTP Table VI's stride field),
     * the RPT's 2-bit state, and the 8-bit warp id when warp-trained. */
    uint32_t tag = s->region_bits < 32 ? 32 - s->region_bits : 0;
    s->base.tab_entry_bits = tag + 32 + 20 + 2 + (s->warp ? 8 : 0);
    s->base.tab_bytes = ws_pf_table_bytes(s->tab.entries, s->base.tab_entry_bits);
    return &s->base;
}

static void stride_observe(ws_pf *p, const ws_pf_access *a)
{
    stride_pf *s = (stride_pf *)p;
    if (a->kind != WS_PF_LOAD) return;
    /* [choice] every demand load request trains (hits and misses alike, as
     * the RPT watches the load stream, not the miss stream). */
    s->trainings++;
    const ws_pf_rpt *e = ws_pf_rpt_see(&s->tab, a->addr >> s->region_bits, s->warp ? a->wid : 0, a->addr);
    if (!e) return;
    s->predictions++;
    s->prefetches += ws_pf_issue_strided(p->x, a->addr, a->line, e->stride, a->wid);
}

static void stride_inspect(const ws_pf *p, ws_pf_insp *in)
{
    const stride_pf *s = (const stride_pf *)p;
    ws_pf_insp_text(in, "form", s->warp ? "warp-trained" : "naive");
    ws_pf_insp_int(in, "entries", s->tab.entries);
    ws_pf_insp_int(in, "ways", s->tab.ways);
    ws_pf_insp_int(in, "region_bits", s->region_bits);
    ws_pf_insp_int(in, "trainings", (int64_t)s->trainings);
    ws_pf_insp_int(in, "allocations", (int64_t)s->tab.allocations);
    ws_pf_insp_int(in, "replacements", (int64_t)s->tab.replacements);
    ws_pf_insp_int(in, "predictions", (int64_t)s->predictions);
    ws_pf_insp_int(in, "prefetches", (int64_t)s->prefetches);
    ws_pf_insp_int(in, "degree", p->x->degree);
    ws_pf_insp_int(in, "distance", p->x->distance);
    ws_pf_insp_text(in, "states", "0 initial, 1 transient, 2 steady, 3 no-pred");
    /* Widths: the 2-bit state is the RPT's; the 8-bit warp id as MTP
     * Table VI; the paper gives no other widths. */
    static const char *const cols[] = { "region", "wid", "last", "stride", "state" };
    static const uint8_t bits[] = { 0, 8, 0, 0, 2 };
    ws_pf_insp_table_begin(in, "rpt", 5, cols, bits);
    for (uint32_t i = 0; i < s->tab.entries; i++) {
        const ws_pf_rpt *e = ws_pf_tab_at(&s->tab, i);
        if (!e->t.valid) continue;
        ws_pf_insp_row(in, (const int64_t[]){ (int64_t)e->t.key, s->warp ? (int64_t)e->t.wid : -1,
                                              (int64_t)e->last, e->stride, e->state });
    }
}

static void stride_destroy(ws_pf *p)
{
    stride_pf *s = (stride_pf *)p;
    ws_pf_tab_free(&s->tab);
    free(s);
}

const ws_pf_ops ws_pf_stride = {
    .name = "stride",
    .help = "RPT stride prefetcher per memory region (MTP Table V: 1024 entries, 16 region bits)",
    .create = stride_create,
    .observe = stride_observe,
    .inspect = stride_inspect,
    .destroy = stride_destroy,
};
