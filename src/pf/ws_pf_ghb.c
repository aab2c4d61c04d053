/* ws_pf_ghb.c: the AC/DC global history buffer prefetcher, the "GHB"
 * baseline of MTP Table V (Nesbit & Smith 2004, Nesbit et al. 2004; a
 * 1024-entry GHB, 12-bit CZones, a 128-entry index table).
 *
 * Memory is divided into concentration zones (CZones) of 2^pf.ghb.czone_bits
 * bytes.  Every training miss goes into the global history buffer, a
 * circular FIFO of pf.ghb.entries {line, link} where the link points to the
 * previous entry of the same CZone; the index table (pf.ghb.index entries,
 * keyed by CZone) points to each zone's newest entry.  With pf.warp_trained
 * the key is (CZone, warp), so each warp has its own history in every zone
 * (MTP Sec. VIII-A's enhanced form).
 *
 * Delta correlation (DC): after inserting a miss, walk the key's links
 * (newest first) to get its recent line history and the deltas between
 * consecutive lines; look for the most recent earlier occurrence of the
 * last two deltas; the deltas that followed that occurrence are predicted
 * to follow again, each added to the current line in turn.  Prefetched are
 * the predicted lines number distance .. distance + degree - 1.
 * [choice] The history holds line addresses, so deltas are in lines; the
 * distance counts predicted lines (the first distance - 1 are skipped). */
#include <stdlib.h>

#include "arch/ws_opts.h"
#include "pf/ws_pf_all.h"
#include "pf/ws_pf_tab.h"
#include "util/ws_util.h"

/* [choice] The walk reads at most this many history entries of the zone
 * (a hardware bound; the papers do not give one): patterns with a period up
 * to 31 deltas are found. */
#define GHB_WALK 64

typedef struct ghb_pf {
    ws_pf base;
    ws_pf_ghbuf h;            /* keyed by CZone number (address >> czone_bits) */
    uint32_t czone_bits;
    bool warp;
    uint64_t trainings, insertions, predictions, prefetches;
} ghb_pf;

static ws_pf *ghb_create(ws_pf_ctx *x, const ws_opts *o, ws_error *err)
{
    if (!x->line) {
        ws_error_set(err, WS_E_RANGE, "GHB prefetcher: the line size is 0");
        return NULL;
    }
    ghb_pf *s = ws_xcalloc(1, sizeof *s);
    s->base.ops = &ws_pf_ghb;
    s->base.x = x;
    s->czone_bits = (uint32_t)ws_opts_uint(o, "pf.ghb.czone_bits");
    s->warp = ws_opts_bool(o, "pf.warp_trained");
    ws_pf_ghbuf_init(&s->h, x, (uint32_t)ws_opts_uint(o, "pf.ghb.entries"), (uint32_t)ws_opts_uint(o, "pf.ghb.index"));
    /* Geometry: a GHB of pf.ghb.entries entries (MTP Table V: 1024) of a
     * 32-bit line address and a link of log2(entries) bits, and an index
     * table of pf.ghb.index entries (128) of a CZone tag (32 - czone_bits bits) and a pointer of
     * log2(entries) bits (+ the 8-bit warp id when warp-trained); [choice]
     * widths: MTP Table VI's 32-bit addresses, the papers give none. */
    uint32_t pbits = 1;
    while (pbits < 32 && (1ull << pbits) < s->h.n) pbits++;
    uint32_t gbits = 32 + pbits, ibits = (s->czone_bits < 32 ? 32 - s->czone_bits : 0) + pbits + (s->warp ? 8 : 0);
    s->base.tab_bytes = ws_pf_table_bytes(s->h.n, gbits) + ws_pf_table_bytes(s->h.it.entries, ibits);
    s->base.tab_entry_bits = (uint64_t)s->h.n * gbits >= (uint64_t)s->h.it.entries * ibits ? gbits : ibits;
    return &s->base;
}

static void ghb_observe(ws_pf *p, const ws_pf_access *a)
{
    ghb_pf *s = (ghb_pf *)p;
    ws_pf_ctx *x = p->x;
    if (a->kind != WS_PF_LOAD) return;
    /* [choice] Training: demand load misses (AC/DC's history is a miss
     * history) and demand hits to prefetched lines (counted as the misses
     * they replaced, so that successful prefetching keeps the history
     * going); a hit-pending access on a demand miss is not a miss. */
    if (a->outcome != WS_PF_MISS && !a->hit_pf) return;
    int64_t l = (int64_t)(a->line / x->line);
    /* (the zone's newest line again is not a new miss) */
    uint64_t q = ws_pf_ghbuf_insert(&s->h, a->line >> s->czone_bits, s->warp ? a->wid : 0, l);
    if (q == WS_PF_GHBUF_NONE) return;
    s->trainings++;
    s->insertions++;
    /* the zone's history, newest first, and its deltas d[i] = h[i] - h[i+1] */
    int64_t h[GHB_WALK], d[GHB_WALK];
    uint32_t nh = 0;
    for (uint64_t r = q; nh < GHB_WALK && ws_pf_ghbuf_live(&s->h, r); r = ws_pf_ghbuf_at(&s->h, r)->link) {
        x->tab_reads++;         /* (one buffer entry read per step of the walk) */
        h[nh++] = ws_pf_ghbuf_at(&s->h, r)->line;
    }
    if (nh < 4) return;
    for (uint32_t i = 0; i + 1 < nh; i++) d[i] = h[i] - h[i + 1];
    uint32_t nd = nh - 1, j = 0;
    for (uint32_t c = 1; c + 1 < nd && !j; c++)
        if (d[c] == d[0] && d[c + 1] == d[1]) j = c;
    if (!j) return;
    s->predictions++;
    /* the deltas after the earlier occurrence: d[j-1], ..., d[0]; [choice]
     * beyond them the matched period (j deltas) repeats */
    int64_t t = l;
    uint32_t last = x->distance + x->degree - 1;
    for (uint32_t mth = 1; mth <= last; mth++) {
        int64_t dd = d[(j - mth % j) % j];
        if ((dd > 0 && t > INT64_MAX - dd) || (dd < 0 && t < INT64_MIN - dd)) break;
        t += dd;
        if (mth < x->distance || t < 0 || t == l) continue;
        s->prefetches++;
        ws_pf_issue(x, (uint64_t)t * x->line, a->wid, 0, 0);
    }
}

static void ghb_inspect(const ws_pf *p, ws_pf_insp *in)
{
    const ghb_pf *s = (const ghb_pf *)p;
    int64_t line = p->x->line;
    ws_pf_insp_text(in, "form", s->warp ? "warp-trained" : "naive");
    ws_pf_insp_int(in, "entries", s->h.n);
    ws_pf_insp_int(in, "index", s->h.it.entries);
    ws_pf_insp_int(in, "czone_bits", s->czone_bits);
    ws_pf_insp_int(in, "trainings", (int64_t)s->trainings);
    ws_pf_insp_int(in, "insertions", (int64_t)s->insertions);
    ws_pf_insp_int(in, "replacements", (int64_t)s->h.it.replacements);
    ws_pf_insp_int(in, "predictions", (int64_t)s->predictions);
    ws_pf_insp_int(in, "prefetches", (int64_t)s->prefetches);
    ws_pf_insp_int(in, "degree", p->x->degree);
    ws_pf_insp_int(in, "distance", p->x->distance);
    /* No widths in the papers (wid: 8 bits as MTP Table VI). */
    ws_pf_ghbuf_inspect(&s->h, in, "czone", 0, s->warp, line);
}

static void ghb_destroy(ws_pf *p)
{
    ghb_pf *s = (ghb_pf *)p;
    ws_pf_ghbuf_free(&s->h);
    free(s);
}

const ws_pf_ops ws_pf_ghb = {
    .name = "ghb",
    .help = "GHB AC/DC delta correlation per CZone (MTP Table V: 1024-entry GHB, 12-bit CZone, 128-entry index)",
    .create = ghb_create,
    .observe = ghb_observe,
    .inspect = ghb_inspect,
    .destroy = ghb_destroy,
};
