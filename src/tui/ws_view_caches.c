/* ws_view_caches.c: the caches view.
 *
 * Top: the L1D of the selected SM (geometry, its hit / pending-hit / miss /
 * reservation-failure counts, and a line summary), a legend naming the
 * arrays that own lines.  Middle left: the tag array as a set-by-way grid,
 * one cell per line: the owner array's letter (and colour), or a mark for
 * a line waiting for its fill (R), a prefetched line no demand has used yet
 * (P), a dirty line (D); '.' for an invalid way.  Sets run down the columns
 * of blocks; when they do not all fit, up/down/PgUp/PgDn/Home/End scroll.
 * Middle right: the MSHR entries in use (line address, owner letter, number
 * of requests merged into it), the occupancy of L1 per array (bars), and the
 * prefetch cache when pf.dest = pfc (x shows its lines in the grid instead
 * of the L1's), and the L1 instruction cache (valid lines, fetches, misses,
 * fetches waiting in its MSHRs, fetches it refused).  Bottom: one summary per L2 slice
 * (occupancy, hit rate, MSHR entries in use, miss-queue length).
 *
 * Everything is read through ws_cache.h / ws_mempart.h; nothing is
 * allocated while drawing. */
#include "config.h"
#include "tui/ws_tui.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "arch/ws_cache.h"
#include "arch/ws_gpu.h"
#include "arch/ws_mempart.h"
#include "arch/ws_opts.h"
#include "core/ws_core.h"
#include "stats/ws_stats.h"

/* Shares of hits, pending hits and misses of n = h + p + m accepted
 * accesses, in tenths of a percent rounded so that they add to 1000
 * (largest remainders); false when there is no access. */
static bool shares3(uint64_t h, uint64_t p, uint64_t m, int out[3])
{
    uint64_t v[3] = { h, p, m }, n = h + p + m;
    if (!n) return false;
    uint64_t rem[3];
    int sum = 0;
    for (int i = 0; i < 3; i++) {
        out[i] = (int)(v[i] * 1000 / n);
        rem[i] = v[i] * 1000 % n;
        sum += out[i];
    }
    while (sum < 1000) {
        int b = 0;
        for (int i = 1; i < 3; i++)
            if (rem[i] > rem[b]) b = i;
        out[b]++;
        rem[b] = 0;
        sum++;
    }
    return true;
}

/* Allocations given a letter (a-z, then 0-9); later ones show '?'. */
#define MAX_ALLOCS 36
#define MAX_MSHR_SHOWN 512

typedef struct owners {
    uint32_t n;
    uint32_t id[MAX_ALLOCS];
    const char *name[MAX_ALLOCS];
    uint32_t lines[MAX_ALLOCS + 1];   /* per letter; [MAX_ALLOCS]: other owners */
    uint32_t pf_unused[MAX_ALLOCS + 1];
} owners;

/* Line counts of the whole L1. */
typedef struct summary {
    uint32_t valid, pf_unused, pending, dirty;
} summary;

static char letter_of(int i)
{
    if (i < 0) return '?';
    return i < 26 ? (char)('a' + i) : (char)('0' + (i - 26));
}

/* Letter index of allocation `owner` (-1: none of the lettered ones). */
static int owner_index(const owners *o, uint32_t owner)
{
    if (owner == 0) return -1;
    for (uint32_t i = 0; i < o->n; i++)
        if (o->id[i] == owner) return (int)i;
    return -1;
}

static void owners_init(owners *o, ws_gpu *g)
{
    memset(o, 0, sizeof *o);
    const ws_device *d = ws_gpu_device(g);
    size_t n = ws_devmem_count(d);
    for (size_t i = 0; i < n && o->n < MAX_ALLOCS; i++) {
        const ws_alloc *a = ws_devmem_at(d, i);
        if (!a) continue;
        o->id[o->n] = a->id;
        o->name[o->n] = a->name && a->name[0] ? a->name : "(unnamed)";
        o->n++;
    }
}

/* The cell of one line: its character and attribute. */
static char cell_of(const ws_cache_line_info *li, const owners *o, bool color, int *attr)
{
    if (li->state == WS_LINE_INVALID) {
        *attr = ws_tui_attr(WS_CP_DIM);
        return '.';
    }
    int oi = owner_index(o, li->owner);
    int base = color ? ws_tui_owner_pair(li->owner) : 0;
    if (li->state == WS_LINE_RESERVED) {
        *attr = color ? base | (int)A_BOLD : ws_tui_attr(WS_CP_PENDING);
        return 'R';
    }
    if (li->prefetched && !li->used) {
        *attr = color ? base | (int)(A_BOLD | A_UNDERLINE) : ws_tui_attr(WS_CP_PREFETCH);
        return 'P';
    }
    if (li->state == WS_LINE_MODIFIED || li->dirty_mask) {
        *attr = color ? base | (int)A_BOLD : ws_tui_attr(WS_CP_DIRTY);
        return 'D';
    }
    *attr = base;
    return letter_of(oi);
}

static uint64_t sum5(const uint64_t v[5])
{
    return v[0] + v[1] + v[2] + v[3] + v[4];
}

/* This view's state (scroll: the first set shown; sub: the prefetch cache). */
static ws_view_state *vstate(ws_tui *t) { return ws_tui_vstate(t, &ws_view_caches); }

static bool key(ws_tui *t, int k)
{
    ws_view_state *vs = vstate(t);
    if (k == 'x') {                     /* L1D / prefetch cache */
        vs->sub = !vs->sub;
        vs->scroll = 0;
    } else if (!ws_tui_scroll_key(k, &vs->scroll, t->rows > 14 ? t->rows - 12 : 2)) {
        return false;
    }
    t->need_redraw = true;
    return true;
}

/* The L2 slice summaries, `per` per row (one per row: with the counts
 * when the window is wide), from row y; returns rows used. */
static int draw_l2(ws_tui *t, WINDOW *w, int y, int rows, int cols, int per)
{
    ws_memsys *m = ws_gpu_memsys(t->g);
    uint32_t ns = ws_memsys_nslices(m);
    if (rows < 2) return 0;
    char buf[64];
    ws_tui_section(w, y, 0, cols, "L2 slices: occupancy, hits/pending hits/misses (% of accepted accesses), MSHRs in "
                   "use, miss queue", t->ascii);
    if (ns == 0 || !ws_memsys_l2(m, 0)) {
        ws_tui_text(w, y + 1, 1, cols - 1, 0, "L2 disabled (l2.enable = false)");
        return 2;
    }
    if (per < 1) per = 1;
    const int slot = per == 1 ? cols : 40;
    bool wide = per == 1 && cols >= 120;
    int need = (int)((ns + (uint32_t)per - 1) / (uint32_t)per);
    int avail = rows - 1;
    bool more = need > avail;
    int shown_rows = more ? avail - 1 : need;
    if (shown_rows < 0) shown_rows = 0;
    uint32_t shown = (uint32_t)shown_rows * (uint32_t)per;
    if (shown > ns) shown = ns;
    for (uint32_t s = 0; s < shown; s++) {
        ws_cache *c = ws_memsys_l2(m, s);
        const ws_cache_config *cc = ws_cache_config_get(c);
        uint32_t nl = ws_cache_nlines(c), valid = 0;
        for (uint32_t set = 0; set < cc->sets; set++)
            for (uint32_t way = 0; way < cc->ways; way++) {
                ws_cache_line_info li;
                ws_cache_line(c, set, way, &li);
                if (li.state != WS_LINE_INVALID) valid++;
            }
        const ws_cache_stats *st = ws_cache_stats_get(c);
        uint64_t acc = sum5(st->accesses);
        uint32_t cap = ws_cache_mshr_cap(c), inuse = 0;
        for (uint32_t i = 0; i < cap; i++) {
            uint64_t a;
            uint32_t mg;
            if (ws_cache_mshr(c, i, &a, &mg)) inuse++;
        }
        int yy = y + 1 + (int)(s / (uint32_t)per), x = (int)(s % (uint32_t)per) * slot;
        int x0 = x, bw = wide ? 20 : 6;
        x += ws_tui_text(w, yy, x, slot, 0, "%2u ", s);
        ws_tui_bar(w, yy, x, bw, nl ? (double)valid / nl : 0, ws_tui_attr(WS_CP_BAR), t->ascii);
        x += bw;
        int sh[3];
        if (shares3(sum5(st->hits), sum5(st->hit_reserved), sum5(st->misses), sh))
            snprintf(buf, sizeof buf, "%3d.%d/%d.%d/%d.%d%%", sh[0] / 10, sh[0] % 10, sh[1] / 10, sh[1] % 10,
                     sh[2] / 10, sh[2] % 10);
        else
            snprintf(buf, sizeof buf, "%16s", "-");
        x += ws_tui_text(w, yy, x, slot - (x - x0) - 1, 0, "%4.0f%% h/p/m %s mshr%4u mq%3u",
                         nl ? 100.0 * valid / nl : 0.0, buf, inuse, ws_cache_missq_len(c));
        if (wide) {
            char a1[16], a2[16], a3[16], a4[16], a5[16];
            ws_tui_text(w, yy, x, cols - x, ws_tui_attr(WS_CP_DIM),
                        "   accesses %7s  misses %7s  pending hits %7s  fills %7s  write-backs %7s",
                        ws_tui_si(a1, sizeof a1, (double)acc), ws_tui_si(a2, sizeof a2, (double)sum5(st->misses)),
                        ws_tui_si(a3, sizeof a3, (double)sum5(st->hit_reserved)),
                        ws_tui_si(a4, sizeof a4, (double)st->fills), ws_tui_si(a5, sizeof a5, (double)st->writebacks));
        }
    }
    if (more)
        ws_tui_text(w, y + 1 + shown_rows, 1, cols - 1, ws_tui_attr(WS_CP_DIM),
                    "... %u more slices (a taller window shows them)", ns - shown);
    return 1 + shown_rows + (more ? 1 : 0);
}

static void draw(ws_tui *t, WINDOW *w, int rows, int cols)
{
    if (!t->g) {
        ws_tui_text(w, 0, 0, cols, 0, "caches: no launch yet");
        return;
    }
    ws_gpu *g = t->g;
    uint32_t nsms = ws_gpu_nsms(g);
    uint32_t sm = t->sm < nsms ? t->sm : 0;
    ws_cache *pfc = ws_gpu_pfc(g, sm);
    bool show_pfc = vstate(t)->sub && pfc;
    ws_cache *c = show_pfc ? pfc : ws_gpu_l1d(g, sm);
    const char *cname = show_pfc ? "prefetch cache" : "L1D";
    /* The last row: this view's keys. */
    if (rows > 8) {
        rows--;
        ws_tui_text(w, rows, 0, cols, ws_tui_attr(WS_CP_DIM), "j/k PgUp/PgDn Home/End: scroll the sets%s",
                    pfc ? (show_pfc ? "   x: show the L1D" : "   x: show the prefetch cache") : "");
    }
    bool color = ws_tui_has_color();
    char b1[16], b2[16], b3[16], b4[16];
    int y = 0;
    if (!c) {
        ws_tui_text(w, y++, 0, cols, ws_tui_attr(WS_CP_TITLE), "L1D of SM %u: disabled (l1d.enable = false)", sm);
        draw_l2(t, w, y + 1, rows - y - 1, cols, cols / 40);
        return;
    }
    const ws_cache_config *cf = ws_cache_config_get(c);
    const ws_cache_stats *st = ws_cache_stats_get(c);
    uint32_t mcap = ws_cache_mshr_cap(c);

    /* One pass over the lines: owners and the summary. */
    owners o;
    owners_init(&o, g);
    summary su = { 0 };
    for (uint32_t set = 0; set < cf->sets; set++)
        for (uint32_t way = 0; way < cf->ways; way++) {
            ws_cache_line_info li;
            ws_cache_line(c, set, way, &li);
            if (li.state == WS_LINE_INVALID) continue;
            int oi = owner_index(&o, li.owner);
            uint32_t k = oi < 0 ? MAX_ALLOCS : (uint32_t)oi;
            o.lines[k]++;
            if (li.state == WS_LINE_RESERVED) {
                su.pending++;
                continue;
            }
            su.valid++;
            if (li.prefetched && !li.used) {
                su.pf_unused++;
                o.pf_unused[k]++;
            }
            if (li.state == WS_LINE_MODIFIED || li.dirty_mask) su.dirty++;
        }
    uint32_t minuse = 0, merged_total = 0;
    for (uint32_t i = 0; i < mcap; i++) {
        uint64_t a;
        uint32_t mg;
        if (ws_cache_mshr(c, i, &a, &mg)) {
            minuse++;
            merged_total += mg;
        }
    }

    ws_tui_text(w, y++, 0, cols, ws_tui_attr(WS_CP_TITLE),
                "%s of SM %u/%u: %u sets x %u ways x %u B, MSHRs %u in use of %u, miss queue %u", cname, sm,
                nsms, cf->sets, cf->ways, cf->line, minuse, mcap, ws_cache_missq_len(c));
    uint64_t rf = 0;
    for (int i = 0; i < WS_CFAIL_COUNT; i++) rf += st->resfail[i];
    int hx = 0;
    {
        int sh[3] = { 0, 0, 0 };
        shares3(sum5(st->hits), sum5(st->hit_reserved), sum5(st->misses), sh);
        hx = ws_tui_text(w, y++, 0, cols, 0, "hits %s (%d.%d%%)  pending hits %s (%d.%d%%)  misses %s (%d.%d%%)  "
                    "reservation fails %s",
                    ws_tui_si(b1, sizeof b1, (double)sum5(st->hits)), sh[0] / 10, sh[0] % 10,
                    ws_tui_si(b2, sizeof b2, (double)sum5(st->hit_reserved)), sh[1] / 10, sh[1] % 10,
                    ws_tui_si(b3, sizeof b3, (double)sum5(st->misses)), sh[2] / 10, sh[2] % 10,
                    ws_tui_si(b4, sizeof b4, (double)rf));
    }
    if (rf && cols > hx + 20)
        ws_tui_text(w, y - 1, hx + 1, cols - hx - 1, ws_tui_attr(WS_CP_DIM), "(line %" PRIu64 ", mshr %" PRIu64
                    ", merge %" PRIu64 ", missq %" PRIu64 ")", st->resfail[WS_CFAIL_LINE_ALLOC],
                    st->resfail[WS_CFAIL_MSHR_FULL], st->resfail[WS_CFAIL_MERGE_FULL],
                    st->resfail[WS_CFAIL_MISSQ_FULL]);
    ws_tui_text(w, y++, 0, cols, 0, "lines valid %u/%u  prefetched-unused (P) %u  pending (R) %u  dirty (D) %u",
                su.valid, cf->sets * cf->ways, su.pf_unused, su.pending, su.dirty);
    /* Legend: the arrays owning lines, then the marks. */
    {
        int x = 0;
        x += ws_tui_text(w, y, x, cols - x, ws_tui_attr(WS_CP_DIM), "arrays: ");
        for (uint32_t i = 0; i <= MAX_ALLOCS && x < cols; i++) {
            if (!o.lines[i]) continue;
            int a = i < MAX_ALLOCS && color ? ws_tui_owner_pair(o.id[i]) : 0;
            x += ws_tui_text(w, y, x, cols - x, a | (int)A_BOLD, "%c", i < MAX_ALLOCS ? letter_of((int)i) : '?');
            x += ws_tui_text(w, y, x, cols - x, a, " %s  ", i < MAX_ALLOCS ? o.name[i] : "other");
        }
        if (su.valid + su.pending == 0)
            x += ws_tui_text(w, y, x, cols - x, ws_tui_attr(WS_CP_DIM), "(L1 empty)  ");
        ws_tui_text(w, y, x, cols - x, ws_tui_attr(WS_CP_DIM), "| P prefetched-unused R pending D dirty . invalid");
        y++;
    }

    /* Bottom: L2 slices.  Rows: 1 + ceil(slices / per row), capped. */
    ws_memsys *m = ws_gpu_memsys(g);
    uint32_t ns = ws_memsys_nslices(m);
    int per = cols / 40 > 0 ? cols / 40 : 1;
    if (rows - y - (1 + (int)ns) >= 16) per = 1;     /* tall: one row per slice */
    int l2rows = 1 + (int)((ns + (uint32_t)per - 1) / (uint32_t)per);
    int mid = rows - y - l2rows;
    if (mid < 6) {                  /* small window: the L1 first */
        mid = rows - y - 4;
        if (mid < 3) mid = rows - y;
        l2rows = rows - y - mid;
    }

    /* Middle left: the grid. */
    ws_view_state *vs = vstate(t);
    int lw = 1;
    for (uint32_t v = cf->sets ? cf->sets - 1 : 0; v >= 10; v /= 10) lw++;
    int blockw = lw + 1 + (int)cf->ways + 2;
    int grows = mid - 1 > 0 ? mid - 1 : 1;           /* one row for the heading */
    int need_blocks = (int)((cf->sets + (uint32_t)grows - 1) / (uint32_t)grows);
    int max_blocks = (cols / 2) / blockw > 0 ? (cols / 2) / blockw : 1;
    int blocks = need_blocks < max_blocks ? need_blocks : max_blocks;
    int per_page = blocks * grows;
    int maxscroll = (int)cf->sets > per_page ? (int)cf->sets - per_page : 0;
    if (vs->scroll > maxscroll) vs->scroll = maxscroll;
    if (vs->scroll < 0) vs->scroll = 0;
    int gw = blocks * blockw;
    if (gw > cols) gw = cols;
    if (mid > 0) {
        uint32_t first = (uint32_t)vs->scroll;
        uint32_t last = first + (uint32_t)per_page;
        if (last > cf->sets) last = cf->sets;
        if (maxscroll)
            ws_tui_text(w, y, 0, gw, ws_tui_attr(WS_CP_DIM), "sets %u-%u of %u (j/k)", first, last - 1, cf->sets);
        else
            ws_tui_text(w, y, 0, gw, ws_tui_attr(WS_CP_DIM), "set  ways 0..%u", cf->ways - 1);
        for (uint32_t s = first; s < last; s++) {
            int r = (int)(s - first) % grows, bcol = (int)(s - first) / grows;
            int yy = y + 1 + r, x = bcol * blockw;
            if (x + lw >= cols) break;
            ws_tui_text(w, yy, x, lw, ws_tui_attr(WS_CP_DIM), "%*u", lw, s);
            for (uint32_t way = 0; way < cf->ways; way++) {
                int cx = x + lw + 1 + (int)way;
                if (cx >= gw) break;
                ws_cache_line_info li;
                ws_cache_line(c, s, way, &li);
                int a;
                char ch = cell_of(&li, &o, color, &a);
                mvwaddch(w, yy, cx, (chtype)(unsigned char)ch | (chtype)a);
            }
        }
    }

    /* Middle right: MSHRs, occupancy per array, prefetch cache. */
    int rx = gw + 1, rw = cols - rx;
    int ry = y, rend = y + mid;
    if (rw >= 24 && mid > 0) {
        ws_tui_section(w, ry++, rx, rw, "MSHRs: line, array, requests", t->ascii);
        const int ew = 20;
        int eper = rw / ew > 0 ? rw / ew : 1;
        /* leave room for the occupancy section */
        int narr = 0;
        for (uint32_t i = 0; i <= MAX_ALLOCS; i++) narr += o.lines[i] != 0;
        int occ_rows = 1 + (narr ? narr : 1);
        int mrows = rend - ry - occ_rows;
        if (mrows < 1) mrows = 1;
        int need = (int)((minuse + (uint32_t)eper - 1) / (uint32_t)eper);
        int mshown_rows = need <= mrows ? need : mrows - 1;
        uint32_t cap_shown = (uint32_t)(mshown_rows > 0 ? mshown_rows : 0) * (uint32_t)eper;
        uint32_t k = 0;
        if (minuse == 0) {
            ws_tui_text(w, ry, rx + 1, rw - 1, ws_tui_attr(WS_CP_DIM), "none in use");
            mshown_rows = 1;
        }
        for (uint32_t i = 0; i < mcap && k < cap_shown; i++) {
            uint64_t a;
            uint32_t mg;
            if (!ws_cache_mshr(c, i, &a, &mg)) continue;
            const ws_alloc *al = ws_devmem_find(ws_gpu_device(g), a);
            int oi = al ? owner_index(&o, al->id) : -1;
            int at = color && al ? ws_tui_owner_pair(al->id) : 0;
            int yy = ry + (int)(k / (uint32_t)eper), xx = rx + 1 + (int)(k % (uint32_t)eper) * ew;
            ws_tui_text(w, yy, xx, ew - 1, at, "%" PRIx64 " %c x%u", a, al ? letter_of(oi) : '-', mg);
            k++;
        }
        if (minuse > k && minuse)
            ws_tui_text(w, ry + mshown_rows, rx + 1, rw - 1, ws_tui_attr(WS_CP_DIM),
                        "... %u more, %u requests in all", minuse - k, merged_total);
        ry += mshown_rows + (minuse > k ? 1 : 0);
        if (ry < rend) {
            ws_tui_section(w, ry++, rx, rw, show_pfc ? "prefetch-cache occupancy per array" : "L1 occupancy per array",
                           t->ascii);
            uint32_t nl = cf->sets * cf->ways;
            for (uint32_t i = 0; i <= MAX_ALLOCS && ry < rend; i++) {
                if (!o.lines[i]) continue;
                int at = i < MAX_ALLOCS && color ? ws_tui_owner_pair(o.id[i]) : 0;
                int x = rx + 1;
                x += ws_tui_text(w, ry, x, rw - 1, at | (int)A_BOLD, "%c ", i < MAX_ALLOCS ? letter_of((int)i) : '?');
                x += ws_tui_text(w, ry, x, 10, at, "%-10.10s", i < MAX_ALLOCS ? o.name[i] : "other");
                int bw = rw - (x - rx) - 18;
                if (bw > 20) bw = 20;
                if (bw > 2) {
                    ws_tui_bar(w, ry, x + 1, bw, nl ? (double)o.lines[i] / nl : 0, at ? at : ws_tui_attr(WS_CP_BAR),
                               t->ascii);
                    x += bw + 1;
                }
                ws_tui_text(w, ry, x, rx + rw - x, 0, " %4u %3.0f%% P %u", o.lines[i],
                            nl ? 100.0 * o.lines[i] / nl : 0.0, o.pf_unused[i]);
                ry++;
            }
            if (!narr && ry < rend) ws_tui_text(w, ry++, rx + 1, rw - 1, ws_tui_attr(WS_CP_DIM), "no lines");
        }
        const char *dest = ws_opts_str(ws_gpu_opts(g), "pf.dest");
        if (dest && strcmp(dest, "pfc") == 0 && ry + 1 < rend) {
            char sz[16];
            ws_tui_section(w, ry++, rx, rw, "prefetch cache (pf.dest = pfc)", t->ascii);
            ws_tui_text(w, ry++, rx + 1, rw - 1, 0, "%sB, %u ways; demand hits %s",
                        ws_tui_si(sz, sizeof sz, (double)ws_opts_uint(ws_gpu_opts(g), "pfc.size")),
                        (unsigned)ws_opts_uint(ws_gpu_opts(g), "pfc.ways"),
                        ws_tui_si(b1, sizeof b1, ws_stats_get(ws_gpu_stats(g), "pf.pfc_hits", (int)sm)));
            if (ry < rend)
                ws_tui_text(w, ry++, rx + 1, rw - 1, ws_tui_attr(WS_CP_DIM),
                            show_pfc ? "(shown in the grid; x: the L1D)" : "(x: show its lines in the grid)");
        }
        if (ry + 1 < rend) {
            ws_cache *ic = ws_gpu_l1i(g, sm);
            ws_tui_section(w, ry++, rx, rw, "instruction cache (L1I)", t->ascii);
            if (!ic) {
                ws_tui_text(w, ry++, rx + 1, rw - 1, ws_tui_attr(WS_CP_DIM), "ideal fetch (l1i.enable = false)");
            } else {
                const ws_cache_config *icf = ws_cache_config_get(ic);
                const ws_cache_stats *is = ws_cache_stats_get(ic);
                uint32_t valid = 0, nl = icf->sets * icf->ways;
                for (uint32_t set = 0; set < icf->sets; set++)
                    for (uint32_t way = 0; way < icf->ways; way++) {
                        ws_cache_line_info li;
                        ws_cache_line(ic, set, way, &li);
                        if (li.state == WS_LINE_VALID) valid++;
                    }
                char sz[16];
                ws_tui_text(w, ry++, rx + 1, rw - 1, 0, "%sB %u-way, valid %u/%u",
                            ws_tui_si(sz, sizeof sz, (double)icf->sets * icf->ways * icf->line), icf->ways, valid, nl);
                if (ry < rend)
                    ws_tui_text(w, ry++, rx + 1, rw - 1, 0, "fetches %s  misses %s  in MSHR %s  refused %s",
                                ws_tui_si(b1, sizeof b1, (double)is->accesses[WS_MREQ_READ]),
                                ws_tui_si(b2, sizeof b2, (double)is->misses[WS_MREQ_READ]),
                                ws_tui_si(b3, sizeof b3, (double)is->hit_reserved[WS_MREQ_READ]),
                                ws_tui_si(b4, sizeof b4, (double)(is->resfail[WS_CFAIL_MSHR_FULL] +
                                                                  is->resfail[WS_CFAIL_MERGE_FULL] +
                                                                  is->resfail[WS_CFAIL_MISSQ_FULL])));
            }
        }
    }

    if (l2rows > 0) draw_l2(t, w, y + mid, l2rows, cols, per);
}

const ws_view ws_view_caches = {
    .name = "caches",
    .title = "Caches",
    .draw = draw,
    .key = key,
    .sample = NULL,
};
