/* ws_pf_stream.c: the POWER5-style stream prefetcher, the "Stream" baseline
 * of MTP Table V (Sinharoy et al. 2005; 512 entries).
 *
 * The lines it prefetches go into the engine's destination cache (L1 or the
 * prefetch cache), which plays the stream buffers; an entry tracks one
 * stream: {start line, direction, last line, next line to prefetch,
 * confirmations, active}.  With pf.warp_trained an entry also belongs to one
 * warp and only that warp's accesses train it (MTP Sec. VIII-A's enhanced
 * form).
 *
 * Training, on a demand load miss at line L (line numbers below):
 * - an active stream with direction d whose window holds L (L beyond the
 *   last line in direction d, and not beyond the next line to prefetch)
 *   advances: last := L, then prefetches;
 * - a training stream whose last line is L - 1 or L + 1 (L - d once the
 *   direction is known) counts one more sequential miss (the first such
 *   miss sets the direction); at pf.stream.train misses it becomes active
 *   and prefetches;
 * - otherwise the miss allocates a new stream (LRU victim): start = last = L,
 *   one miss, direction unknown.
 * Prefetching from L: lines L + d * (distance + k) for k < degree that are
 * not behind the next line to prefetch, which then moves past the last one,
 * so a stream keeps `degree` lines in flight ahead of its demand.
 * [choice] Streams do not stop at page boundaries (POWER5's do, for
 * physical addresses; device addresses here are untranslated). */
#include <stdlib.h>

#include "arch/ws_opts.h"
#include "pf/ws_pf_all.h"
#include "util/ws_util.h"

typedef struct stream_entry {
    int64_t start, last, next;  /* line numbers (address / line) */
    uint64_t stamp;             /* last use (LRU) */
    uint32_t wid;               /* warp-trained form only */
    int8_t dir;                 /* +1, -1, 0 unknown */
    uint8_t conf;               /* sequential misses seen (saturates at train) */
    uint8_t active, valid;
} stream_entry;

typedef struct stream_pf {
    ws_pf base;
    stream_entry *e;
    uint32_t entries, train;
    bool warp;
    uint64_t clock;
    uint64_t trainings, allocations, replacements, confirmations, predictions, prefetches;
} stream_pf;

static ws_pf *stream_create(ws_pf_ctx *x, const ws_opts *o, ws_error *err)
{
    if (!x->line) {
        ws_error_set(err, WS_E_RANGE, "stream prefetcher: the line size is 0");
        return NULL;
    }
    stream_pf *s = ws_xcalloc(1, sizeof *s);
    s->base.ops = &ws_pf_stream;
    s->base.x = x;
    s->entries = (uint32_t)ws_opts_uint(o, "pf.stream.entries");
    s->train = (uint32_t)ws_opts_uint(o, "pf.stream.train");
    s->warp = ws_opts_bool(o, "pf.warp_trained");
    s->e = ws_xcalloc(s->entries, sizeof *s->e);
    /* Geometry: pf.stream.entries entries (MTP Table V: 512) of [choice]
     * start, last and next line addresses of 32 bits each (MTP Table VI's
     * address width), a 2-bit direction, an 8-bit confirmation count, the
     * active and valid bits, and the 8-bit warp id when warp-trained (the
     * paper gives no widths). */
    s->base.tab_entry_bits = 3 * 32 + 2 + 8 + 2 + (s->warp ? 8 : 0);
    s->base.tab_bytes = ws_pf_table_bytes(s->entries, s->base.tab_entry_bits);
    return &s->base;
}

static void prefetch(stream_pf *s, stream_entry *e, int64_t l, uint32_t wid)
{
    ws_pf_ctx *x = s->base.x;
    s->predictions++;
    if ((e->next - l) * e->dir <= 0) e->next = l + e->dir;
    for (uint32_t k = 0; k < x->degree; k++) {
        int64_t c = l + e->dir * (int64_t)(x->distance + k);
        if ((c - e->next) * e->dir < 0) continue;     /* already prefetched */
        e->next = c + e->dir;
        if (c < 0) break;                             /* below address 0 */
        s->prefetches++;
        ws_pf_issue(x, (uint64_t)c * x->line, wid, 0, 0);
    }
}

/* Whether the line continues stream e: 2 inside an active stream's window,
 * 1 next to a training stream's last line, 0 no. */
static int continues(const stream_entry *e, int64_t l)
{
    if (e->active) {
        int64_t ahead = (l - e->last) * e->dir;
        return ahead > 0 && ahead <= (e->next - e->last) * e->dir ? 2 : 0;
    }
    if (e->dir) return l - e->last == e->dir;
    return l - e->last == 1 || e->last - l == 1;
}

static void stream_observe(ws_pf *p, const ws_pf_access *a)
{
    stream_pf *s = (stream_pf *)p;
    if (a->kind != WS_PF_LOAD) return;
    /* [choice] Streams train on demand load misses (POWER5 allocates and
     * confirms streams on L1 misses) and on demand hits to prefetched lines
     * (a hit in the stream buffer advances its stream in POWER5; here the
     * destination cache holds the buffers).  A hit-pending access (merged
     * into an in-flight miss of another request) is not a miss; it trains
     * only when the line is a prefetch's (a late one).  Only misses
     * allocate streams. */
    bool miss = a->outcome == WS_PF_MISS;
    if (!miss && !a->hit_pf) return;
    uint32_t wid = s->warp ? a->wid : 0;
    int64_t l = (int64_t)(a->line / p->x->line);
    stream_entry *best = NULL, *victim = NULL;
    /* (one read: the table is searched whole, as one set; one write below
     * per entry trained or allocated) */
    p->x->tab_reads++;
    for (uint32_t i = 0; i < s->entries; i++) {
        stream_entry *e = &s->e[i];
        if (!victim || (victim->valid && (!e->valid || e->stamp < victim->stamp))) victim = e;
        if (!e->valid || e->wid != wid) continue;
        /* [choice] a miss on a stream's last line again (another warp's
         * request to the same line) neither trains nor allocates */
        if ((e->last == l || continues(e, l)) && (!best || e->stamp > best->stamp)) best = e;
    }
    if (best) {
        best->stamp = ++s->clock;
        if (best->last == l) return;
        p->x->tab_writes++;
        s->trainings++;
        if (best->active) {
            best->last = l;
            prefetch(s, best, l, a->wid);
            return;
        }
        if (!best->dir) best->dir = (int8_t)(l - best->last);
        best->last = l;
        if (++best->conf < s->train) return;
        best->active = 1;
        s->confirmations++;
        prefetch(s, best, l, a->wid);
        return;
    }
    if (!miss) return;
    p->x->tab_writes++;
    s->trainings++;
    s->allocations++;
    if (victim->valid) s->replacements++;
    *victim = (stream_entry){ .start = l, .last = l, .next = l, .stamp = ++s->clock, .wid = wid, .conf = 1, .valid = 1 };
    if (s->train <= 1) {
        /* [choice] pf.stream.train = 1: a single miss confirms an ascending
         * stream (the direction needs a second miss otherwise) */
        victim->dir = 1;
        victim->active = 1;
        s->confirmations++;
        prefetch(s, victim, l, a->wid);
    }
}

static void stream_inspect(const ws_pf *p, ws_pf_insp *in)
{
    const stream_pf *s = (const stream_pf *)p;
    ws_pf_insp_text(in, "form", s->warp ? "warp-trained" : "naive");
    ws_pf_insp_int(in, "entries", s->entries);
    ws_pf_insp_int(in, "train", s->train);
    ws_pf_insp_int(in, "trainings", (int64_t)s->trainings);
    ws_pf_insp_int(in, "allocations", (int64_t)s->allocations);
    ws_pf_insp_int(in, "replacements", (int64_t)s->replacements);
    ws_pf_insp_int(in, "confirmations", (int64_t)s->confirmations);
    ws_pf_insp_int(in, "predictions", (int64_t)s->predictions);
    ws_pf_insp_int(in, "prefetches", (int64_t)s->prefetches);
    ws_pf_insp_int(in, "degree", p->x->degree);
    ws_pf_insp_int(in, "distance", p->x->distance);
    /* Addresses of lines; the paper gives no field widths (wid: 8 bits as
     * MTP Table VI). */
    static const char *const cols[] = { "wid", "start", "dir", "last", "next", "conf", "active" };
    static const uint8_t bits[] = { 8, 0, 0, 0, 0, 0, 1 };
    ws_pf_insp_table_begin(in, "streams", 7, cols, bits);
    int64_t line = p->x->line;
    for (uint32_t i = 0; i < s->entries; i++) {
        const stream_entry *e = &s->e[i];
        if (!e->valid) continue;
        ws_pf_insp_row(in, (const int64_t[]){ s->warp ? (int64_t)e->wid : -1, e->start * line, e->dir,
                                              e->last * line, e->active ? e->next * line : -1, e->conf,
                                              e->active });
    }
}

static void stream_destroy(ws_pf *p)
{
    stream_pf *s = (stream_pf *)p;
    free(s->e);
    free(s);
}

const ws_pf_ops ws_pf_stream = {
    .name = "stream",
    .help = "POWER5-style stream prefetcher trained on misses (MTP Table V: 512 entries)",
    .create = stream_create,
    .observe = stream_observe,
    .inspect = stream_inspect,
    .destroy = stream_destroy,
};
