/* ws_pf_stridepc.c: the stride prefetcher per PC, the "StridePC" baseline of
 * MTP Table V (Chen & Baer 1995; Fu et al. 1992; 1024 entries).
 *
 * An entry tracks one load instruction (its PC; with pf.warp_trained, one PC
 * of one warp: MTP Sec. VIII-A's enhanced form, which the paper notes is a
 * PWS-only MT-HWP with 1024 entries) and holds {PC, last address, stride,
 * 2-bit state}, trained by the reference prediction table state machine of
 * Chen & Baer (as ws_pf_stride.c):
 *
 *                 stride correct          stride wrong
 *   initial    -> steady               -> transient  (stride := delta)
 *   transient  -> steady               -> no-pred    (stride := delta)
 *   steady     -> steady               -> initial    (stride kept)
 *   no-pred    -> transient            -> no-pred    (stride := delta)
 *
 * A constant non-zero stride reaches steady at the third execution of the
 * PC (by any warp in the naive form, by the same warp in the enhanced one).
 * Each request of a steady instruction prefetches its own address +
 * (distance + k) * stride for k < degree. */
#include <stdlib.h>

#include "arch/ws_opts.h"
#include "pf/ws_pf_all.h"
#include "util/ws_util.h"

enum { ST_INIT = 0, ST_TRANSIENT, ST_STEADY, ST_NOPRED };

typedef struct spc_entry {
    uint64_t last;          /* address of the last execution (first active lane) */
    uint64_t stamp;         /* last use (LRU) */
    int64_t stride;         /* bytes */
    uint32_t pc, wid;       /* wid: warp-trained form only */
    uint8_t state;
    uint8_t valid;
} spc_entry;

typedef struct stridepc_pf {
    ws_pf base;
    spc_entry *e;
    uint32_t entries, ways, sets;
    bool warp;
    uint64_t clock;
    uint64_t trainings, allocations, replacements, predictions, prefetches;
} stridepc_pf;

/* [choice] The paper gives only the entry count: 16-way set associative
 * (fully associative up to 16 entries), LRU; the ways are the largest
 * divisor of the entry count not above 16. */
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

static ws_pf *spc_create(ws_pf_ctx *x, const ws_opts *o, ws_error *err)
{
    if (!x->line) {
        ws_error_set(err, WS_E_RANGE, "stridepc prefetcher: the line size is 0");
        return NULL;
    }
    stridepc_pf *s = ws_xcalloc(1, sizeof *s);
    s->base.ops = &ws_pf_stridepc;
    s->base.x = x;
    s->entries = (uint32_t)ws_opts_uint(o, "pf.stridepc.entries");
    s->warp = ws_opts_bool(o, "pf.warp_trained");
    s->ways = tab_ways(s->entries);
    s->sets = s->entries / s->ways;
    s->e = ws_xcalloc(s->entries, sizeof *s->e);
    return &s->base;
}

/* The entry of (pc, wid); when absent, NULL if fresh is NULL, else the LRU
 * victim of its set, allocated (*fresh tells which). */
static spc_entry *lookup(stridepc_pf *s, uint32_t pc, uint32_t wid, bool *fresh)
{
    spc_entry *set = s->e + (size_t)tab_set(pc, wid, s->sets) * s->ways;
    spc_entry *victim = NULL;
    for (uint32_t w = 0; w < s->ways; w++) {
        spc_entry *e = &set[w];
        if (e->valid && e->pc == pc && e->wid == wid) {
            if (fresh) *fresh = false;
            return e;
        }
        if (!victim || (victim->valid && (!e->valid || e->stamp < victim->stamp))) victim = e;
    }
    if (!fresh) return NULL;
    *fresh = true;
    s->allocations++;
    if (victim->valid) s->replacements++;
    victim->valid = 1;
    victim->pc = pc;
    victim->wid = wid;
    return victim;
}

/* Train with one execution of the instruction; the entry, or NULL when it
 * predicts nothing. */
static spc_entry *train(stridepc_pf *s, const ws_pf_access *a)
{
    s->trainings++;
    bool fresh;
    spc_entry *e = lookup(s, a->pc, s->warp ? a->wid : 0, &fresh);
    e->stamp = ++s->clock;
    if (fresh) {
        e->last = a->insn_addr;
        e->stride = 0;
        e->state = ST_INIT;
        return NULL;
    }
    int64_t delta = (int64_t)(a->insn_addr - e->last);
    bool correct = delta == e->stride;
    switch (e->state) {
    case ST_INIT: e->state = correct ? ST_STEADY : ST_TRANSIENT; break;
    case ST_TRANSIENT: e->state = correct ? ST_STEADY : ST_NOPRED; break;
    case ST_STEADY: e->state = correct ? ST_STEADY : ST_INIT; break;
    default: e->state = correct ? ST_TRANSIENT : ST_NOPRED; break;
    }
    if (!correct && e->state != ST_INIT) e->stride = delta;
    e->last = a->insn_addr;
    /* [choice] a zero stride predicts nothing. */
    if (e->state != ST_STEADY || e->stride == 0) return NULL;
    s->predictions++;
    return e;
}

static void spc_observe(ws_pf *p, const ws_pf_access *a)
{
    stridepc_pf *s = (stridepc_pf *)p;
    ws_pf_ctx *x = p->x;
    if (a->kind != WS_PF_LOAD) return;
    /* [choice] every demand load trains (hits and misses, as Chen & Baer's
     * table watches every load), once per warp instruction: its first
     * request trains with the instruction's address (the first active
     * lane's); every request of a steady instruction, its own address +
     * stride, so an access spanning several lines is prefetched whole. */
    const spc_entry *e;
    if (a->req == 0) {
        e = train(s, a);
    } else {
        e = lookup(s, a->pc, s->warp ? a->wid : 0, NULL);
        if (e && (e->state != ST_STEADY || e->stride == 0)) e = NULL;
    }
    if (!e) return;
    /* [choice] candidates in the request's own line or the previous
     * candidate's line (strides below a line) are not issued. */
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

static void spc_inspect(const ws_pf *p, ws_pf_insp *in)
{
    const stridepc_pf *s = (const stridepc_pf *)p;
    ws_pf_insp_text(in, "form", s->warp ? "warp-trained" : "naive");
    ws_pf_insp_int(in, "entries", s->entries);
    ws_pf_insp_int(in, "ways", s->ways);
    ws_pf_insp_int(in, "trainings", (int64_t)s->trainings);
    ws_pf_insp_int(in, "allocations", (int64_t)s->allocations);
    ws_pf_insp_int(in, "replacements", (int64_t)s->replacements);
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
    for (uint32_t i = 0; i < s->entries; i++) {
        const spc_entry *e = &s->e[i];
        if (!e->valid) continue;
        ws_pf_insp_row(in, (const int64_t[]){ e->pc, s->warp ? (int64_t)e->wid : -1, (int64_t)e->last,
                                              e->stride, e->state });
    }
}

static void spc_destroy(ws_pf *p)
{
    stridepc_pf *s = (stridepc_pf *)p;
    free(s->e);
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
