/* ws_pf_stridepc.c: the stride prefetcher per PC, the "StridePC" baseline of
 * MTP Table V (Chen & Baer 1995; Fu et al. 1992; 1024 entries).
 *
 * An entry tracks one load instruction (its PC; with pf.warp_trained, one PC
 * of one warp: MTP Sec. VIII-A's enhanced form, which the paper notes is a
 * PWS-only MT-HWP with 1024 entries) and holds {PC, last address, stride,
 * 2-bit state}, trained by the reference prediction table state machine of
 * Chen & Baer (ws_pf_rpt_see in ws_pf_tab.c).
 *
 * A constant non-zero stride reaches steady at the third execution of the
 * PC (by any warp in the naive form, by the same warp in the enhanced one).
 * Each request of a steady instruction prefetches its own address +
 * (distance + k) * stride for k < degree. */
#include <stdlib.h>

#include "arch/ws_opts.h"
#include "pf/ws_pf_all.h"
#include "pf/ws_pf_tab.h"
#include "util/ws_util.h"

typedef struct stridepc_pf {
    ws_pf base;
    ws_pf_tab tab;
    bool warp;
    uint64_t trainings, predictions, prefetches;
} stridepc_pf;

static ws_pf *spc_create(ws_pf_ctx *x, const ws_opts *o, ws_error *err)
{
    if (!x->line) {
        ws_error_set(err, WS_E_RANGE, "stridepc prefetcher: the line size is 0");
        return NULL;
    }
    stridepc_pf *s = ws_xcalloc(1, sizeof *s);
    s->base.ops = &ws_pf_stridepc;
    s->base.x = x;
    s->warp = ws_opts_bool(o, "pf.warp_trained");
    ws_pf_tab_init(&s->tab, x, (uint32_t)ws_opts_uint(o, "pf.stridepc.entries"), sizeof(ws_pf_rpt));   /* key: PC; last: the first active lane's address */
    /* Geometry: pf.stridepc.entries entries (MTP Table V: 1024) of PC 32,
     * last address 32, stride 20 bits (the widths of MTP Table VI's PWS,
     * which the paper calls a PWS-only StridePC), the 2-bit RPT state, and
     * the 8-bit warp id when warp-trained. */
    s->base.tab_entry_bits = 32 + 32 + 20 + 2 + (s->warp ? 8 : 0);
    s->base.tab_bytes = ws_pf_table_bytes(s->tab.entries, s->base.tab_entry_bits);
    return &s->base;
}

/* Train with one execution of the instruction; the entry, or NULL when it
 * predicts nothing. */
static const ws_pf_rpt *train(stridepc_pf *s, const ws_pf_access *a)
{
    s->trainings++;
    const ws_pf_rpt *e = ws_pf_rpt_see(&s->tab, a->pc, s->warp ? a->wid : 0, a->insn_addr);
    if (e) s->predictions++;
    return e;
}

static void spc_observe(ws_pf *p, const ws_pf_access *a)
{
    stridepc_pf *s = (stridepc_pf *)p;
    if (a->kind != WS_PF_LOAD) return;
    /* [choice] every demand load trains (hits and misses, as Chen & Baer's
     * table watches every load), once per warp instruction: its first
     * request trains with the instruction's address (the first active
     * lane's); every request of a steady instruction, its own address +
     * stride, so an access spanning several lines is prefetched whole. */
    const ws_pf_rpt *e;
    if (a->req == 0) {
        e = train(s, a);
    } else {
        e = ws_pf_tab_find(&s->tab, a->pc, s->warp ? a->wid : 0);
        if (e && !ws_pf_rpt_predicts(e)) e = NULL;
    }
    if (!e) return;
    s->prefetches += ws_pf_issue_strided(p->x, a->addr, a->line, e->stride, a->wid);
}

static void spc_inspect(const ws_pf *p, ws_pf_insp *in)
{
    const stridepc_pf *s = (const stridepc_pf *)p;
    ws_pf_insp_text(in, "form", s->warp ? "warp-trained" : "naive");
    ws_pf_insp_int(in, "entries", s->tab.entries);
    ws_pf_insp_int(in, "ways", s->tab.ways);
    ws_pf_insp_int(in, "trainings", (int64_t)s->trainings);
    ws_pf_insp_int(in, "allocations", (int64_t)s->tab.allocations);
    ws_pf_insp_int(in, "replacements", (int64_t)s->tab.replacements);
    ws_pf_insp_int(in, "predictions", (int64_t)s->predictions);
    ws_pf_insp_int(in, "prefetches", (int64_t)s->prefetches);
    ws_pf_insp_int(in, "degree", p->x->degree);
    ws_pf_insp_int(in, "distance", p->x->distance);
    ws_pf_insp_text(in, "states", "0 initial, 1 transient, 2 steady, 3 no-pred");
    /* Widths of MTP Table VI's PWS entry (PC 32, wid 8, last address 32,
     * stride 20), which the paper equates with enhanced StridePC; the 2-bit
     * RPT state. */
    static const char *const cols[] = { "pc", "wid", "last", "stride", "state" };
    static const uint8_t bits[] = { 32, 8, 32, 20, 2 };
    ws_pf_insp_table_begin(in, "stridepc", 5, cols, bits);
    for (uint32_t i = 0; i < s->tab.entries; i++) {
        const ws_pf_rpt *e = ws_pf_tab_at(&s->tab, i);
        if (!e->t.valid) continue;
        ws_pf_insp_row(in, (const int64_t[]){ (int64_t)e->t.key, s->warp ? (int64_t)e->t.wid : -1, (int64_t)e->last,
                                              e->stride, e->state });
    }
}

static void spc_destroy(ws_pf *p)
{
    stridepc_pf *s = (stridepc_pf *)p;
    ws_pf_tab_free(&s->tab);
    free(s);
}

const ws_pf_ops ws_pf_stridepc = {
    .name = "stridepc",
    .help = "stride prefetcher per PC (MTP Table V: 1024 entries; Chen & Baer)",
    .create = spc_create,
    .observe = spc_observe,
    .inspect = spc_inspect,
    .destroy = spc_destroy,
};
