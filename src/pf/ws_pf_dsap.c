/* ws_pf_dsap.c: DSAP, data-structure-aware prefetching for BFS (Guo et al.,
 * "Accelerating BFS via Data Structure-Aware Prefetching on GPU", IEEE
 * Access 2018, Sec. III).
 *
 * The host marks the four arrays of a data-driven BFS (work list, CSR vertex
 * list, edge list, visited list: gpu:mark, gpu:update_worklist), which is the
 * address range table (ART, Sec. III-B: 8 x 64-bit registers) read from
 * x->ranges and classified by ws_pf_classify.  The chain (Sec. III-B.2):
 *
 *   demand load of worklist[id] by warp w    -> WL generator:  worklist[id+1]
 *   fill of that WL prefetch: v = its value   -> VL generator:  VL[v], VL[v+1]
 *                                               (one request if one line, else two)
 *   fill(s) of the VL prefetch: start, end    -> EL generator:  every line of
 *                                               EL[start .. end-1]
 *   fill of an EL line: each edge value vid   -> VIS generator: VIS[vid]
 *     of an index in [start, end)
 *
 * The runtime information table (RIT, one entry per warp slot) holds what the
 * chain has learnt for the warp.  Every DSAP prefetch carries
 * WS_PF_F_NEED_DATA (the engine gives a fill for each, present = 1 when the
 * line was there: DSAP's response FIFO sees L1 hits of prefetches too), the
 * warp slot, and as tag the ws_pf_role of the array it targets: the
 * classifier's answer for the requested address, which the paper's response
 * FIFO carries with the data (the engine hands back only the line).
 *
 * Adaptive fine-grain management (Sec. III-C, Fig. 7): a generator mask
 * {VL, EL, VIS} with the states FULL 111 -> P3 110 -> P2 100 -> P1 000 (WL
 * only) -> OFF, stepped every period by the prefetched-data utilization U
 * against the threshold UT (0.8 in Fig. 7).  The generator selected by a fill
 * is the classifier one-hot AND the mask. */
#include <stdlib.h>
#include <string.h>

#include "arch/ws_opts.h"
#include "pf/ws_pf_all.h"
#include "util/ws_util.h"

/* Generator indices (counters, inspection). */
enum { G_WL = 0, G_VL, G_EL, G_VIS, G_COUNT };
/* Generator mask bits, the paper's {VL, EL, VIS} order (VL is the MSB). */
enum { M_VL = 4, M_EL = 2, M_VIS = 1 };
/* Granularity states, least to most aggressive. */
enum { S_OFF = 0, S_P1, S_P2, S_P3, S_FULL, S_COUNT };
/* pf.dsap.adaptive, in the option's choice order. */
enum { A_GRANULARITY = 0, A_ONOFF, A_NONE };

static const char *const state_names[S_COUNT] = { "OFF", "P1", "P2", "P3", "FULL" };
/* The mask of each state (OFF also disables the WL generator). */
static const uint8_t state_mask[S_COUNT] = { 0, 0, M_VL, M_VL | M_EL, M_VL | M_EL | M_VIS };
static const char *const mask_bits[S_COUNT] = { "OFF", "000", "100", "110", "111" };

/* One runtime information table entry (Sec. III-B; 36 B per entry in
 * Sec. V-C, see dsap_inspect for the field widths). */
typedef struct dsap_rit {
    uint64_t wl_addr;       /* pending WL prefetch: the worklist[id+1] address */
    uint64_t v;             /* vertex id read from the work list */
    uint64_t start, end;    /* VL[v], VL[v+1]: the vertex's edge-list bounds */
    uint32_t el_lines;      /* EL lines generated for v */
    uint8_t valid;          /* the warp has triggered DSAP */
    uint8_t wl_pend;        /* wl_addr is awaited */
    uint8_t have_v, have_s, have_e;
} dsap_rit;

typedef struct dsap_stat {
    uint64_t triggers;      /* events that fired the generator */
    uint64_t masked;        /* events the mask (or OFF) suppressed */
    uint64_t issued;        /* ws_pf_issue calls */
    uint64_t queued;        /* of which queued */
    uint64_t stale;         /* fills of this generator's prefetches ignored */
} dsap_stat;

typedef struct dsap {
    ws_pf base;
    int adaptive;           /* A_* */
    double threshold;       /* UT */
    uint64_t off_periods;
    uint32_t nwarps;
    dsap_rit *rit;
    int state;              /* S_* */
    uint64_t off_count;     /* periods spent OFF */
    double last_u;          /* U of the last measured period */
    int have_u;
    uint64_t periods, measured;
    dsap_stat st[G_COUNT];
    uint64_t vis_fills;     /* fills of VIS prefetches (end of the chain) */
    uint64_t bad_fills;     /* unknown tag, warp slot out of range, no data */
    uint64_t out_of_range;  /* values that point outside their target array */
} dsap;

/* ------------------------------------------------------------ helpers */

/* Element size of an array: 8 when the host said so, else 4.
 * [choice] any other value is taken as 4 bytes (the paper's examples). */
static uint32_t esize(const ws_pf_ctx *x, int role)
{
    return x->ranges[role].elem == 8 ? 8 : 4;
}

static uint64_t line_of(const ws_pf_ctx *x, uint64_t a)
{
    return a / x->line * x->line;
}

/* Number of elements of an array. */
static uint64_t nelems(const ws_pf_ctx *x, int role)
{
    const ws_pf_range *r = &x->ranges[role];
    return r->hi > r->lo ? (r->hi - r->lo) / esize(x, role) : 0;
}

/* Read the little-endian element at address a out of the fill's line.
 * [choice] an element not wholly inside the line (a misaligned array) is
 * never read: returns 0 and the chain waits (or is restarted by the next
 * work-list load). */
static int read_elem(const ws_pf_fill *f, uint64_t a, uint32_t e, uint64_t *out)
{
    if (!f->data || a < f->line || a - f->line > f->size || f->size - (a - f->line) < e) return 0;
    const uint8_t *b = f->data + (a - f->line);
    uint64_t v = 0;
    for (uint32_t i = e; i-- > 0;) v = v << 8 | b[i];
    *out = v;
    return 1;
}

static ws_pf_status issue(dsap *d, int g, uint64_t addr, uint32_t wid, uint32_t tag)
{
    d->st[g].issued++;
    ws_pf_status s = ws_pf_issue(d->base.x, addr, wid, tag, WS_PF_F_NEED_DATA);
    if (s == WS_PF_QUEUED) d->st[g].queued++;
    return s;
}

/* A fill for this prefetch will come: queued, or merged with an identical
 * (line, warp, tag) already queued. */
static int will_fill(ws_pf_status s)
{
    return s == WS_PF_QUEUED || s == WS_PF_DROP_DUP;
}

/* Is the generator selected by a fill of structure `bit` allowed?  The
 * classifier one-hot AND the generator mask (Sec. III-C, Fig. 7a). */
static int allowed(const dsap *d, uint8_t bit)
{
    return d->state != S_OFF && (state_mask[d->state] & bit) != 0;
}

/* Table reads and writes (ws_pf_ctx.tab_reads / tab_writes):
 * - ART: one read per address classification (art_class), and one per
 *   generator that computes addresses from a range (VL, EL, VIS: the bases
 *   and bounds it needs are read together); the host's writes of the ranges
 *   (gpu:mark, before a launch) are not counted;
 * - RIT: one write per trigger (a work-list load that is not masked off)
 *   and per fill that updates the warp's entry (a WL fill taking a vertex,
 *   a VL fill taking a bound); one read per fill of a WL, VL or EL prefetch
 *   for a warp slot (VIS fills end the chain without reading it).  The
 *   launch's clear of the RIT is not counted. */
static ws_pf_role art_class(ws_pf_ctx *x, uint64_t addr)
{
    x->tab_reads++;
    return ws_pf_classify(x, addr);
}

/* ------------------------------------------------------------ generators */

static void dsap_observe(ws_pf *p, const ws_pf_access *a)
{
    dsap *d = (dsap *)p;
    ws_pf_ctx *x = p->x;
    /* The memory access monitor: demand loads of the work list.
     * [choice] one trigger per warp instruction, at its first request
     * (req 0), with the address of its first active lane (insn_addr): the
     * warp-uniform worklist[id] load of Algorithm 1 is one request. */
    if (a->kind != WS_PF_LOAD || a->req != 0 || a->wid >= d->nwarps) return;
    if (art_class(x, a->insn_addr) != WS_ROLE_WORKLIST) return;
    if (d->state == S_OFF) {
        d->st[G_WL].masked++;
        return;
    }
    dsap_rit *e = &d->rit[a->wid];
    x->tab_writes++;
    e->valid = 1;
    /* A newer trigger: a WL fill still awaited for the warp is stale. */
    e->wl_pend = 0;
    d->st[G_WL].triggers++;
    uint64_t next = a->insn_addr + esize(x, WS_ROLE_WORKLIST);
    /* [choice] no prefetch past the end of the work list (its range is
     * set to the current length by update_worklist before each launch). */
    if (art_class(x, next) != WS_ROLE_WORKLIST) return;
    e->wl_addr = next;
    if (will_fill(issue(d, G_WL, next, a->wid, WS_ROLE_WORKLIST))) e->wl_pend = 1;
}

/* The VL generator, on the fill of a WL prefetch. */
static void fill_wl(dsap *d, dsap_rit *e, const ws_pf_fill *f)
{
    ws_pf_ctx *x = d->base.x;
    uint64_t v;
    /* [choice] stale: no WL prefetch awaited (already consumed, or a newer
     * trigger found no next item) or the awaited address is in another line
     * (a newer trigger moved on).  The value is read at the awaited address,
     * so a fill of the right line always gives the newest vertex. */
    x->tab_reads++;                 /* (the RIT entry) */
    if (!e->wl_pend || line_of(x, e->wl_addr) != f->line
        || art_class(x, e->wl_addr) != WS_ROLE_WORKLIST
        || !read_elem(f, e->wl_addr, esize(x, WS_ROLE_WORKLIST), &v)) {
        d->st[G_WL].stale++;
        return;
    }
    /* The RIT takes the vertex whatever the mask (the paper updates the
     * entry before selecting a generator). */
    x->tab_writes++;
    e->wl_pend = 0;
    e->v = v;
    e->have_v = 1;
    e->have_s = e->have_e = 0;
    e->start = e->end = 0;
    e->el_lines = 0;
    if (!allowed(d, M_VL)) {
        d->st[G_VL].masked++;
        return;
    }
    d->st[G_VL].triggers++;
    x->tab_reads++;                 /* (the ART's vertex list range) */
    if (v + 1 >= nelems(x, WS_ROLE_VERTEX)) {
        /* [choice] a vertex id whose VL[v+1] is outside the vertex list
         * (not a vertex: e.g. -1 padding) generates nothing. */
        d->out_of_range++;
        e->have_v = 0;
        return;
    }
    uint32_t ev = esize(x, WS_ROLE_VERTEX);
    uint64_t a0 = x->ranges[WS_ROLE_VERTEX].lo + ev * v, a1 = a0 + ev;
    issue(d, G_VL, a0, f->wid, WS_ROLE_VERTEX);
    if (line_of(x, a1) != line_of(x, a0)) issue(d, G_VL, a1, f->wid, WS_ROLE_VERTEX);
}

/* Every line covering EL[start .. end-1] (unaligned bounds included); the
 * first request carries EL[start]'s address, the others their line's. */
static void gen_el(dsap *d, dsap_rit *e, uint32_t wid)
{
    ws_pf_ctx *x = d->base.x;
    x->tab_reads++;                 /* (the ART's edge list range) */
    uint64_t n = nelems(x, WS_ROLE_EDGE);
    /* [choice] bounds are clamped to the edge list; end <= start: none. */
    uint64_t s = e->start, t = e->end < n ? e->end : n;
    if (s >= t) return;
    uint32_t ee = esize(x, WS_ROLE_EDGE);
    uint64_t b = x->ranges[WS_ROLE_EDGE].lo + ee * s, lim = x->ranges[WS_ROLE_EDGE].lo + ee * t;
    for (uint64_t l = line_of(x, b); l < lim; l += x->line) {
        /* [choice] stop at the first full-queue drop: nothing leaves the
         * queue during this call, so the rest would be dropped too. */
        if (issue(d, G_EL, l < b ? b : l, wid, WS_ROLE_EDGE) == WS_PF_DROP_FULL) break;
        e->el_lines++;
    }
}

/* The EL generator, on the fill(s) of the VL prefetch. */
static void fill_vl(dsap *d, dsap_rit *e, const ws_pf_fill *f)
{
    ws_pf_ctx *x = d->base.x;
    uint32_t ev = esize(x, WS_ROLE_VERTEX);
    uint64_t a0 = x->ranges[WS_ROLE_VERTEX].lo + ev * e->v, a1 = a0 + ev;
    int got = 0;
    x->tab_reads++;                 /* (the RIT entry) */
    /* [choice] stale: no vertex known, both bounds already read, or the
     * line holds neither VL[v] nor VL[v+1] of the RIT's current vertex. */
    if (e->have_v && !(e->have_s && e->have_e) && art_class(x, a0) == WS_ROLE_VERTEX) {
        if (!e->have_s && read_elem(f, a0, ev, &e->start)) e->have_s = got = 1;
        if (!e->have_e && read_elem(f, a1, ev, &e->end)) e->have_e = got = 1;
    }
    if (!got) {
        d->st[G_VL].stale++;
        return;
    }
    x->tab_writes++;
    if (!(e->have_s && e->have_e)) return;       /* split: wait for the other line */
    if (!allowed(d, M_EL)) {
        d->st[G_EL].masked++;
        return;
    }
    d->st[G_EL].triggers++;
    gen_el(d, e, f->wid);
}

/* The VIS generator, on the fill of an EL line. */
static void fill_el(dsap *d, dsap_rit *e, const ws_pf_fill *f)
{
    ws_pf_ctx *x = d->base.x;
    x->tab_reads += 2;              /* (the RIT entry, the ART's edge list range) */
    uint32_t ee = esize(x, WS_ROLE_EDGE), evis = esize(x, WS_ROLE_VISITED);
    uint64_t lo = x->ranges[WS_ROLE_EDGE].lo;
    /* The edge indices wholly inside the line, within [start, end). */
    uint64_t i0 = f->line <= lo ? 0 : (f->line - lo + ee - 1) / ee;
    uint64_t i1 = f->line + f->size <= lo ? 0 : (f->line + f->size - lo) / ee;
    uint64_t n = nelems(x, WS_ROLE_EDGE);
    if (e->have_s && e->have_e) {
        if (i0 < e->start) i0 = e->start;
        if (i1 > e->end) i1 = e->end;
        if (i1 > n) i1 = n;
    }
    /* [choice] stale: the RIT has no bounds, or none of [start, end) is in
     * the line (the warp moved on to another vertex). */
    if (!(e->have_s && e->have_e) || i0 >= i1 || !f->data) {
        d->st[G_EL].stale++;
        return;
    }
    if (!allowed(d, M_VIS)) {
        d->st[G_VIS].masked++;
        return;
    }
    d->st[G_VIS].triggers++;
    x->tab_reads++;                 /* (the ART's visited list range) */
    uint64_t nvis = nelems(x, WS_ROLE_VISITED);
    for (uint64_t i = i0; i < i1; i++) {
        uint64_t vid;
        read_elem(f, lo + ee * i, ee, &vid);
        if (vid >= nvis) {
            /* [choice] a value outside the visited list is skipped. */
            d->out_of_range++;
            continue;
        }
        /* One request per edge value, no filtering of repeated lines inside
         * the policy (paper: 32 requests per 128 B line of 4 B values; the
         * engine's queue merges identical ones). */
        if (issue(d, G_VIS, x->ranges[WS_ROLE_VISITED].lo + evis * vid, f->wid, WS_ROLE_VISITED)
            == WS_PF_DROP_FULL)
            break;      /* [choice] as gen_el: the queue is full */
    }
}

static void dsap_fill(ws_pf *p, const ws_pf_fill *f)
{
    dsap *d = (dsap *)p;
    if (f->wid >= d->nwarps || !f->data) {
        /* [choice] fills without data or for no warp slot are counted
         * and ignored. */
        d->bad_fills++;
        return;
    }
    dsap_rit *e = &d->rit[f->wid];
    switch (f->tag) {
    case WS_ROLE_WORKLIST: fill_wl(d, e, f); break;
    case WS_ROLE_VERTEX: fill_vl(d, e, f); break;
    case WS_ROLE_EDGE: fill_el(d, e, f); break;
    case WS_ROLE_VISITED: d->vis_fills++; break;    /* end of the chain */
    default: d->bad_fills++; break;                  /* [choice] not a DSAP tag */
    }
}

/* ------------------------------------------------------------ management */

static void set_state(dsap *d, int to, const char *why, double u, int have_u)
{
    if (to == d->state) return;
    ws_pf_trans t;
    memset(&t, 0, sizeof t);
    t.what = "mask";
    t.from = d->state;
    t.to = to;
    t.from_name = state_names[d->state];
    t.to_name = state_names[to];
    t.why = why;
    t.m[0] = have_u ? u : 0.0;
    t.mnames[0] = "utilization";
    if (d->state == S_OFF) {
        t.m[1] = (double)d->off_count;
        t.mnames[1] = "off_periods";
    }
    d->state = to;
    d->off_count = 0;
    ws_pf_transition(d->base.x, &t);
}

/* Every p->period cycles (pf.dsap.period).  U = (useful + late) /
 * (useful + late + early) over the period.
 * [choice] the paper's "used prefetched data / all prefetched data in L1"
 * is measured on the prefetched lines whose fate was decided in the period:
 * used by a demand (useful, or late: a demand merged into the prefetch in
 * flight) or evicted unused (early).  Prefetches that found their line
 * present or in flight (useless) brought nothing into L1 and do not count.
 * [choice] a period without any such line keeps the state (no measurement);
 * only the OFF timer advances. */
static void dsap_tick(ws_pf *p, const ws_pf_period *m)
{
    dsap *d = (dsap *)p;
    uint64_t used = m->useful + m->late, all = used + m->early;
    int have = all != 0;
    double u = have ? (double)used / (double)all : 0.0;
    d->periods++;
    if (have) {
        d->measured++;
        d->last_u = u;
        d->have_u = 1;
    }
    if (d->adaptive == A_NONE) return;
    if (d->state == S_OFF) {
        /* [choice] OFF (no prefetches, nothing to measure) is left after
         * pf.dsap.off_periods periods, to Partial-1 (on/off: to FULL); 0
         * keeps it OFF.  U measured while OFF (lines prefetched before) is
         * not used. */
        d->off_count++;
        if (d->off_periods && d->off_count >= d->off_periods)
            set_state(d, d->adaptive == A_ONOFF ? S_FULL : S_P1, "off periods elapsed", u, have);
        return;
    }
    if (!have) return;
    if (d->adaptive == A_ONOFF) {
        /* "DSAP w/o adaptive" (Sec. V-A, Fig. 12): every generator on, all
         * off when U < UT. */
        if (u < d->threshold) set_state(d, S_OFF, "U < threshold", u, have);
        return;
    }
    /* Fig. 7b: FULL stays while U >= UT; a partial state goes up one step
     * when U > UT, down otherwise; below P1 is OFF. */
    if (d->state == S_FULL) {
        if (u < d->threshold) set_state(d, S_P3, "U < threshold", u, have);
    } else if (u > d->threshold) {
        set_state(d, d->state + 1, "U > threshold", u, have);
    } else {
        set_state(d, d->state - 1, "U <= threshold", u, have);
    }
}

/* ------------------------------------------------------------ life cycle */

static ws_pf *dsap_create(ws_pf_ctx *x, const ws_opts *o, ws_error *err)
{
    (void)err;
    dsap *d = ws_xcalloc(1, sizeof *d);
    d->base.ops = &ws_pf_dsap;
    d->base.x = x;
    d->base.period = ws_opts_uint(o, "pf.dsap.period");
    d->adaptive = ws_opts_enum(o, "pf.dsap.adaptive");
    d->threshold = ws_opts_double(o, "pf.dsap.threshold");
    d->off_periods = ws_opts_uint(o, "pf.dsap.off_periods");
    d->nwarps = x->nwarps ? x->nwarps : 1;
    d->rit = ws_xcalloc(d->nwarps, sizeof *d->rit);
    /* Geometry (DSAP Sec. V-C): the ART, 8 x 64-bit registers (64 bytes),
     * and the RIT, 36 bytes (288 bits) an entry x one entry per warp slot
     * (48 in the paper: 1728 bytes); the RIT is the larger table. */
    d->base.tab_bytes = 8 * 8 + 36ull * d->nwarps;
    d->base.tab_entry_bits = 36 * 8;
    d->state = S_FULL;      /* Sec. III-C: initially full prefetching */
    return &d->base;
}

/* [choice] a launch clears the RIT (the ranges may have moved; fills of the
 * previous launch's chains are then stale) but keeps the mask state and its
 * counters: the controller is periodic, not per launch. */
static void dsap_launch(ws_pf *p)
{
    dsap *d = (dsap *)p;
    memset(d->rit, 0, d->nwarps * sizeof *d->rit);
}

static void dsap_inspect(const ws_pf *p, ws_pf_insp *in)
{
    const dsap *d = (const dsap *)p;
    const ws_pf_ctx *x = p->x;
    static const char *const adaptive_names[] = { "granularity", "onoff", "none" };
    ws_pf_insp_text(in, "state", state_names[d->state]);
    ws_pf_insp_int(in, "mask", state_mask[d->state]);
    ws_pf_insp_text(in, "mask_bits", mask_bits[d->state]);
    ws_pf_insp_text(in, "adaptive", adaptive_names[d->adaptive]);
    ws_pf_insp_real(in, "threshold", d->threshold);
    ws_pf_insp_real(in, "utilization", d->have_u ? d->last_u : -1.0);
    ws_pf_insp_int(in, "periods", (int64_t)d->periods);
    ws_pf_insp_int(in, "measured", (int64_t)d->measured);
    ws_pf_insp_int(in, "off_count", (int64_t)d->off_count);
    ws_pf_insp_int(in, "vis_fills", (int64_t)d->vis_fills);
    ws_pf_insp_int(in, "bad_fills", (int64_t)d->bad_fills);
    ws_pf_insp_int(in, "out_of_range", (int64_t)d->out_of_range);

    /* ART: Sec. V-C, 8 x 64-bit registers (start, end of 4 arrays). */
    static const char *const art_cols[] = { "entry", "lo", "hi", "elem" };
    static const uint8_t art_bits[] = { 2, 64, 64, 0 };
    ws_pf_insp_table_begin(in, "art", 4, art_cols, art_bits);
    for (int r = WS_ROLE_WORKLIST; r <= WS_ROLE_VISITED; r++) {
        const ws_pf_range *g = &x->ranges[r];
        ws_pf_insp_row(in, (const int64_t[]){ r - WS_ROLE_WORKLIST, (int64_t)g->lo, (int64_t)g->hi,
                                              (int64_t)g->elem });
    }

    /* RIT: 36 B (288 bits) per entry (Sec. V-C); the paper gives only the
     * total.  [choice] layout: WL prefetch address 64, VL[v] address 64,
     * vertex/start/end 32 each (4 B elements), EL lines 16, flags 4 bits:
     * 244 bits; the warp column is the entry's index (no storage). */
    static const char *const rit_cols[] = { "warp", "wl_addr", "wl_pend", "vl_addr", "vertex",
                                            "have_v", "start", "have_s", "end", "have_e", "el_lines" };
    static const uint8_t rit_bits[] = { 0, 64, 1, 64, 32, 1, 32, 1, 32, 1, 16 };
    ws_pf_insp_table_begin(in, "rit", 11, rit_cols, rit_bits);
    for (uint32_t w = 0; w < d->nwarps; w++) {
        const dsap_rit *e = &d->rit[w];
        if (!e->valid) continue;
        int64_t vl = e->have_v ? (int64_t)(x->ranges[WS_ROLE_VERTEX].lo + esize(x, WS_ROLE_VERTEX) * e->v) : 0;
        ws_pf_insp_row(in, (const int64_t[]){ w, (int64_t)e->wl_addr, e->wl_pend, vl, (int64_t)e->v,
                                              e->have_v, (int64_t)e->start, e->have_s, (int64_t)e->end,
                                              e->have_e, e->el_lines });
    }

    static const char *const gen_cols[] = { "gen", "triggers", "masked", "issued", "queued", "stale" };
    ws_pf_insp_table_begin(in, "generators", 6, gen_cols, NULL);
    for (int g = 0; g < G_COUNT; g++) {
        const dsap_stat *s = &d->st[g];
        ws_pf_insp_row(in, (const int64_t[]){ g, (int64_t)s->triggers, (int64_t)s->masked,
                                              (int64_t)s->issued, (int64_t)s->queued, (int64_t)s->stale });
    }
}

static void dsap_destroy(ws_pf *p)
{
    dsap *d = (dsap *)p;
    free(d->rit);
    free(d);
}

const ws_pf_ops ws_pf_dsap = {
    .name = "dsap",
    .help = "data-structure-aware BFS prefetching: work list -> vertex -> edge -> visited chain "
            "with a 5-state generator mask (Guo et al., IEEE Access 2018, Sec. III)",
    .create = dsap_create,
    .observe = dsap_observe,
    .fill = dsap_fill,
    .tick = dsap_tick,
    .launch = dsap_launch,
    .inspect = dsap_inspect,
    .destroy = dsap_destroy,
};
