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
#include "util/ws_util.h"

enum { ST_INIT = 0, ST_TRANSIENT, ST_STEADY, ST_NOPRED };

typedef struct rpt_entry {
    uint64_t tag;           /* region number (address >> region_bits) */
    uint64_t last;          /* last address seen in the region */
    uint64_t stamp;         /* last use (LRU) */
    int64_t stride;         /* bytes */
    uint32_t wid;           /* warp slot (warp-trained form only) */
    uint8_t state;
    uint8_t valid;
} rpt_entry;

typedef struct stride_pf {
    ws_pf base;
    rpt_entry *e;
    uint32_t entries, ways, sets;
    uint32_t region_bits;
    bool warp;
    uint64_t clock;         /* LRU stamps */
    uint64_t trainings, allocations, replacements, predictions, prefetches;
} stride_pf;

/* [choice] The paper gives only the entry count: the table is 16-way set
 * associative (fully associative up to 16 entries) with LRU replacement, so
 * a lookup costs O(ways).  The ways are the largest divisor of the entry
 * count not above 16 (1024 entries: 64 sets of 16). */
static uint32_t tab_ways(uint32_t entries)
{
    for (uint32_t w = 16; w > 1; w--)
        if (entries % w == 0) return w;
    return 1;
}

static uint32_t tab_set(uint64_t tag, uint32_t wid, uint32_t sets)
{
    uint64_t h = (tag ^ ((uint64_t)wid << 40)) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)((h >> 32) % sets);
}

static ws_pf *stride_create(ws_pf_ctx *x, const ws_opts *o, ws_error *err)
{
    if (!x->line) {
        ws_error_set(err, WS_E_RANGE, "stride prefetcher: the line size is 0");
        return NULL;
    }
    stride_pf *s = ws_xcalloc(1, sizeof *s);
    s->base.ops = &ws_pf_stride;
    s->base.x = x;
    s->entries = (uint32_t)ws_opts_uint(o, "pf.stride.entries");
    s->region_bits = (uint32_t)ws_opts_uint(o, "pf.stride.region_bits");
    s->warp = ws_opts_bool(o, "pf.warp_trained");
    s->ways = tab_ways(s->entries);
    s->sets = s->entries / s->ways;
    s->e = ws_xcalloc(s->entries, sizeof *s->e);
    return &s->base;
}

/* The entry of (tag, wid), allocated (LRU victim of its set) when absent;
 * *fresh tells which. */
static rpt_entry *lookup(stride_pf *s, uint64_t tag, uint32_t wid, bool *fresh)
{
    rpt_entry *set = s->e + (size_t)tab_set(tag, wid, s->sets) * s->ways;
    rpt_entry *victim = NULL;
    for (uint32_t w = 0; w < s->ways; w++) {
        rpt_entry *e = &set[w];
        if (e->valid && e->tag == tag && e->wid == wid) {
            *fresh = false;
            return e;
        }
        if (!victim || (victim->valid && (!e->valid || e->stamp < victim->stamp))) victim = e;
    }
    *fresh = true;
    s->allocations++;
    if (victim->valid) s->replacements++;
    victim->valid = 1;
    victim->tag = tag;
    victim->wid = wid;
    return victim;
}

static void stride_observe(ws_pf *p, const ws_pf_access *a)
{
    stride_pf *s = (stride_pf *)p;
    ws_pf_ctx *x = p->x;
    if (a->kind != WS_PF_LOAD) return;
    /* [choice] every demand load request trains (hits and misses alike, as
     * the RPT watches the load stream, not the miss stream). */
    s->trainings++;
    uint32_t wid = s->warp ? a->wid : 0;
    bool fresh;
    rpt_entry *e = lookup(s, a->addr >> s->region_bits, wid, &fresh);
    e->stamp = ++s->clock;
    if (fresh) {
        e->last = a->addr;
        e->stride = 0;
        e->state = ST_INIT;
        return;
    }
    int64_t delta = (int64_t)(a->addr - e->last);
    bool correct = delta == e->stride;
    switch (e->state) {
    case ST_INIT: e->state = correct ? ST_STEADY : ST_TRANSIENT; break;
    case ST_TRANSIENT: e->state = correct ? ST_STEADY : ST_NOPRED; break;
    case ST_STEADY: e->state = correct ? ST_STEADY : ST_INIT; break;
    default: e->state = correct ? ST_TRANSIENT : ST_NOPRED; break;
    }
    if (!correct && e->state != ST_INIT) e->stride = delta;
    e->last = a->addr;
    /* [choice] a zero stride (the same address again) predicts nothing. */
    if (e->state != ST_STEADY || e->stride == 0) return;
    s->predictions++;
    /* [choice] candidates falling in the trigger's line or the previous
     * candidate's line (strides below a line) are not issued twice. */
    uint64_t prev = a->line;
    for (uint32_t k = 0; k < x->degree; k++) {
        uint64_t t = a->addr + (uint64_t)(x->distance + k) * (uint64_t)e->stride;    /* mod 2^64 */
        if ((e->stride > 0) != (t > a->addr)) break;    /* past an end of the address space */
        uint64_t tl = t / x->line * x->line;
        if (tl == prev || tl == a->line) continue;
        prev = tl;
        s->prefetches++;
        ws_pf_issue(x, t, a->wid, 0, 0);
    }
}

static void stride_inspect(const ws_pf *p, ws_pf_insp *in)
{
    const stride_pf *s = (const stride_pf *)p;
    ws_pf_insp_text(in, "form", s->warp ? "warp-trained" : "naive");
    ws_pf_insp_int(in, "entries", s->entries);
    ws_pf_insp_int(in, "ways", s->ways);
    ws_pf_insp_int(in, "region_bits", s->region_bits);
    ws_pf_insp_int(in, "trainings", (int64_t)s->trainings);
    ws_pf_insp_int(in, "allocations", (int64_t)s->allocations);
    ws_pf_insp_int(in, "replacements", (int64_t)s->replacements);
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
    for (uint32_t i = 0; i < s->entries; i++) {
        const rpt_entry *e = &s->e[i];
        if (!e->valid) continue;
        ws_pf_insp_row(in, (const int64_t[]){ (int64_t)e->tag, s->warp ? (int64_t)e->wid : -1,
                                              (int64_t)e->last, e->stride, e->state });
    }
}

static void stride_destroy(ws_pf *p)
{
    stride_pf *s = (stride_pf *)p;
    free(s->e);
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
