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
#define NONE UINT64_MAX

typedef struct ghb_slot {
    int64_t line;           /* line number (address / line) */
    uint64_t link;          /* sequence number of the key's previous entry, NONE */
} ghb_slot;

typedef struct ghb_index {
    ws_pf_tag t;            /* key: CZone number (address >> czone_bits) */
    uint64_t ptr;           /* sequence number of the zone's newest GHB entry */
} ghb_index;

typedef struct ghb_pf {
    ws_pf base;
    ghb_slot *g;
    ws_pf_tab it;           /* the index table */
    uint32_t n, czone_bits;
    bool warp;
    uint64_t head;          /* sequence number of the next insertion */
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
    s->n = (uint32_t)ws_opts_uint(o, "pf.ghb.entries");
    s->czone_bits = (uint32_t)ws_opts_uint(o, "pf.ghb.czone_bits");
    s->warp = ws_opts_bool(o, "pf.warp_trained");
    s->g = ws_xcalloc(s->n, sizeof *s->g);
    ws_pf_tab_init(&s->it, (uint32_t)ws_opts_uint(o, "pf.ghb.index"), sizeof(ghb_index));
    return &s->base;
}

/* Whether GHB entry q still holds its miss (not overwritten). */
static bool live(const ghb_pf *s, uint64_t q)
{
    return q != NONE && q < s->head && s->head - q <= s->n;
}

/* The zone's index entry (a new one points nowhere), most recently used. */
static ghb_index *index_of(ghb_pf *s, uint64_t zone, uint32_t wid)
{
    bool fresh;
    ghb_index *e = ws_pf_tab_get(&s->it, zone, wid, &fresh);
    if (fresh) e->ptr = NONE;
    return e;
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
    ghb_index *ix = index_of(s, a->line >> s->czone_bits, s->warp ? a->wid : 0);
    uint64_t prev = live(s, ix->ptr) ? ix->ptr : NONE;
    /* [choice] the zone's newest line again (another warp or request on
     * the same line) is not a new miss: nothing is inserted */
    if (prev != NONE && s->g[prev % s->n].line == l) return;
    s->trainings++;
    s->insertions++;
    uint64_t q = s->head++;
    s->g[q % s->n] = (ghb_slot){ l, prev };
    ix->ptr = q;
    /* the zone's history, newest first, and its deltas d[i] = h[i] - h[i+1] */
    int64_t h[GHB_WALK], d[GHB_WALK];
    uint32_t nh = 0;
    for (uint64_t r = q; nh < GHB_WALK && live(s, r); r = s->g[r % s->n].link) h[nh++] = s->g[r % s->n].line;
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
    ws_pf_insp_int(in, "entries", s->n);
    ws_pf_insp_int(in, "index", s->it.entries);
    ws_pf_insp_int(in, "czone_bits", s->czone_bits);
    ws_pf_insp_int(in, "trainings", (int64_t)s->trainings);
    ws_pf_insp_int(in, "insertions", (int64_t)s->insertions);
    ws_pf_insp_int(in, "replacements", (int64_t)s->it.replacements);
    ws_pf_insp_int(in, "predictions", (int64_t)s->predictions);
    ws_pf_insp_int(in, "prefetches", (int64_t)s->prefetches);
    ws_pf_insp_int(in, "degree", p->x->degree);
    ws_pf_insp_int(in, "distance", p->x->distance);
    /* No widths in the papers (wid: 8 bits as MTP Table VI); pointers are
     * GHB slots, -1 when overwritten. */
    static const char *const icols[] = { "czone", "wid", "ptr" };
    static const uint8_t ibits[] = { 0, 8, 0 };
    ws_pf_insp_table_begin(in, "index", 3, icols, ibits);
    for (uint32_t i = 0; i < s->it.entries; i++) {
        const ghb_index *e = ws_pf_tab_at(&s->it, i);
        if (!e->t.valid) continue;
        ws_pf_insp_row(in, (const int64_t[]){ (int64_t)e->t.key, s->warp ? (int64_t)e->t.wid : -1,
                                              live(s, e->ptr) ? (int64_t)(e->ptr % s->n) : -1 });
    }
    static const char *const gcols[] = { "slot", "addr", "link" };
    ws_pf_insp_table_begin(in, "ghb", 3, gcols, NULL);
    uint64_t first = s->head > s->n ? s->head - s->n : 0;
    for (uint64_t q = first; q < s->head; q++) {
        const ghb_slot *e = &s->g[q % s->n];
        ws_pf_insp_row(in, (const int64_t[]){ (int64_t)(q % s->n), e->line * line,
                                              live(s, e->link) ? (int64_t)(e->link % s->n) : -1 });
    }
}

static void ghb_destroy(ws_pf *p)
{
    ghb_pf *s = (ghb_pf *)p;
    free(s->g);
    ws_pf_tab_free(&s->it);
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
