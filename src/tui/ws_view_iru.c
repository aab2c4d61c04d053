/* ws_view_iru.c: the IRU view (issue 33): one memory partition's
 * Irregular accesses Reorder Unit at a time.
 *
 * From the top: the partition and its state (not configured, streaming,
 * stream done, flushing) with the launch's configure_iru registers (the
 * arrays by name); one row per block with a level bar: the request FIFO
 * (and its oldest request: SM, warp slot, PTX line, lanes, waiting time),
 * the index prefetcher's lines in flight (of iru.pf_inflight) and the
 * elements read but not yet classified, the classifier queues and bank
 * pipelines, the ring's input and output queues, the hash's elements (of
 * sets x entry) and the disabled lanes owed for filtered elements; the
 * hash's sets as a grid, one cell per set whose height is its fill (0 to
 * iru.entry elements) and whose colour is the number of distinct target
 * blocks in it (1: green, an entry that replies as one coalesced access;
 * 2-4: yellow; more: red), with the set under the cursor described below
 * it; the partition's counters (elements in and out, filtered and merged,
 * replies and why they left, mean reply latency, ring traffic) and the
 * histogram of blocks per reply as a sparkline (1 to 32 blocks); and the
 * waiting requests, oldest first, while rows remain.
 *
 * Keys: Left/Right (h/l) choose the partition; j/k, PgUp/PgDn, Home/End
 * move the set cursor (by one set, one grid row, to the ends).  A breakpoint
 * on an IRU event (break iru_reply / iru_timeout) shows its partition here.
 *
 * It reads the model only through ws_gpu_iru.h and ws_iru.h's inspector. */
#include "config.h"
#include "tui/ws_tui.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "arch/ws_gpu.h"
#include "arch/ws_gpu_iru.h"
#include "core/ws_core.h"

static ws_view_state *vstate(ws_tui *t) { return ws_tui_vstate(t, &ws_view_iru); }

/* Cells of the set grid per row for a window `cols` wide. */
static int grid_width(int cols)
{
    int w = cols - 6;
    if (w >= 64) return 64;
    if (w >= 32) return 32;
    return w >= 16 ? 16 : 8;
}

static bool key(ws_tui *t, int k)
{
    ws_view_state *vs = vstate(t);
    uint32_t n = t->g ? ws_gpu_iru_count(t->g) : 0;
    if (!n) return false;
    switch (k) {
    case KEY_LEFT: case 'h': vs->sub = (int)(((uint32_t)vs->sub + n - 1) % n); break;
    case KEY_RIGHT: case 'l': vs->sub = (int)(((uint32_t)vs->sub + 1) % n); break;
    default: {
        int page = grid_width(COLS);
        if (!ws_tui_scroll_key(k, &vs->cursor, page)) return false;
        break;
    }
    }
    t->need_redraw = true;
    return true;
}

/* The set grid: one cell per set, height = fill, colour = blocks. */
static int draw_sets(ws_tui *t, WINDOW *w, int y, int rows, int cols, const ws_iru *u, uint32_t nsets,
                     uint32_t entry)
{
    ws_view_state *vs = vstate(t);
    static const char *const wide[] = { " ", "\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586",
                                        "\u2587", "\u2588" };
    static const char ascii[] = ".:-=+*#%@";     /* [0]: empty, [1..8]: fill in eighths */
    int gw = grid_width(cols);
    int grows = (int)((nsets + (uint32_t)gw - 1) / (uint32_t)gw);
    if (vs->cursor >= (int)nsets) vs->cursor = (int)nsets - 1;
    if (vs->cursor < 0) vs->cursor = 0;
    for (int r = 0; r < grows && y < rows; r++, y++) {
        ws_tui_text(w, y, 0, 6, ws_tui_attr(WS_CP_DIM), "%5u", (unsigned)(r * gw));
        for (int c = 0; c < gw; c++) {
            uint32_t s = (uint32_t)(r * gw + c);
            if (s >= nsets) break;
            uint32_t fill, blocks;
            ws_iru_set_info(u, s, &fill, &blocks);
            int lvl = fill == 0 ? 0 : (int)((fill * 8 + entry - 1) / entry);
            if (lvl > 8) lvl = 8;
            if (fill && lvl == 0) lvl = 1;
            int attr = blocks <= 1 ? ws_tui_attr(WS_CP_OK) : blocks <= 4 ? ws_tui_attr(WS_CP_WARN)
                                                                         : ws_tui_attr(WS_CP_ERROR);
            if ((int)s == vs->cursor) attr = ws_tui_attr(WS_CP_SELECTED);
            if (t->ascii) {
                char cell[2] = { fill ? ascii[lvl] : '.', 0 };
                if (!fill) attr = (int)s == vs->cursor ? attr : ws_tui_attr(WS_CP_DIM);
                ws_tui_text(w, y, 6 + c, 1, attr, "%s", cell);
            } else {
                ws_tui_text(w, y, 6 + c, 1, attr, "%s", fill ? wide[lvl] : "\u00b7");
            }
        }
    }
    if (y < rows) {
        uint32_t fill, blocks;
        ws_iru_set_info(u, (uint32_t)vs->cursor, &fill, &blocks);
        ws_tui_text(w, y++, 0, cols, 0, "set %d: %u of %u elements, %u target block%s%s", vs->cursor, fill, entry,
                    blocks, blocks == 1 ? "" : "s",
                    fill == entry ? " (full: replies to the oldest request)"
                    : blocks > 1  ? " (mixed: no tag check, A2.3)" : "");
    }
    return y;
}

static void draw(ws_tui *t, WINDOW *w, int rows, int cols)
{
    ws_view_state *vs = vstate(t);
    uint32_t n = t->g ? ws_gpu_iru_count(t->g) : 0;
    if (!n) {
        ws_tui_text(w, 0, 0, cols, ws_tui_attr(WS_CP_DIM), "%s",
                    t->g ? "This GPU has no IRU: run with --set iru.enable=true (e.g. --preset gtx980)."
                         : "No launch yet.");
        return;
    }
    if (vs->sub < 0 || (uint32_t)vs->sub >= n) vs->sub = 0;
    uint32_t p = (uint32_t)vs->sub;
    const ws_iru *u = ws_gpu_iru(t->g, p);
    const ws_iru_config *c = ws_iru_config_get(u);
    ws_iru_view v;
    ws_iru_view_get(u, &v);
    const char *state = !v.configured ? "not configured" : v.flushing ? "flushing the end of the stream"
                      : v.stream_done ? "its stream is done" : "streaming";
    char title[160];
    snprintf(title, sizeof title, "IRU of partition %u of %u: %s (h/l: partition, j/k: set)", p, n, state);
    ws_tui_section(w, 0, 0, cols, title, t->ascii);
    int y = 1;
    if (v.configured) {
        const ws_iru_regs *r = ws_iru_regs_get(u);
        char a1[64], a2[64], a3[64];
        ws_tui_text(w, y++, 0, cols, 0, "target %s (%u B), indices %s, n %" PRIu64 ", secondary %s, filter %s",
                    ws_tui_array_name(t, r->target, a1, sizeof a1), r->elem_size,
                    ws_tui_array_name(t, r->indices, a2, sizeof a2), r->n,
                    r->secondary ? ws_tui_array_name(t, r->secondary, a3, sizeof a3) : "-",
                    ws_iru_filter_name(r->filter));
    } else {
        ws_tui_text(w, y++, 0, cols, ws_tui_attr(WS_CP_DIM), "%s", "no configure_iru for this launch");
    }
    uint64_t now = ws_gpu_cycle(t->g);
    ws_gpu_iru_req q;
    if (ws_gpu_iru_request(t->g, p, 0, &q))
        y = ws_tui_level_row(w, y, cols, 13, "request FIFO", v.req_fifo, c->req_fifo, t->ascii,
                      "%u/%u; oldest: SM %u slot %u line %u, %u lanes, waiting %" PRIu64 " cycles (timeout %" PRIu64
                      ")", v.req_fifo, c->req_fifo, q.sm, q.slot, q.line, q.lanes, now - q.since, c->timeout);
    else
        y = ws_tui_level_row(w, y, cols, 13, "request FIFO", 0, c->req_fifo, t->ascii, "0/%u", c->req_fifo);
    y = ws_tui_level_row(w, y, cols, 13, "prefetcher", v.pf_inflight, c->pf_inflight, t->ascii,
                         "%u/%u lines in flight%s, %u elements read", v.pf_inflight, c->pf_inflight,
                         c->bypass_l2 ? " (bypassing L2)" : "", v.pf_buffer);
    y = ws_tui_level_row(w, y, cols, 13, "classifier", v.class_q, (uint64_t)(c->banks + 1) * c->class_depth,
                         t->ascii,
                         "%u elements queued, %u in the banks' pipelines", v.class_q, v.pipe);
    y = ws_tui_level_row(w, y, cols, 13, "ring in", v.ring_in, c->ring_depth, t->ascii, "%u/%u%s", v.ring_in,
                         c->ring_depth, c->shared ? "" : " (private hashes: the ring is unused)");
    y = ws_tui_level_row(w, y, cols, 13, "ring out", v.ring_out, c->ring_depth, t->ascii, "%u/%u", v.ring_out,
                         c->ring_depth);
    uint64_t cap = (uint64_t)v.sets * c->entry;
    y = ws_tui_level_row(w, y, cols, 13, "hash", v.hash_elems, cap, t->ascii,
                         "%" PRIu64 "/%" PRIu64 " elements in %u sets, %" PRIu64 " disabled lanes owed, replies queued %u",
                         v.hash_elems, cap, v.sets, v.owed, v.replies);

    if (y + 2 >= rows) return;
    ws_tui_section(w, y++, 0, cols, "hash sets: height = elements, colour = target blocks (1 / 2-4 / 5+)",
                   t->ascii);
    y = draw_sets(t, w, y, rows, cols, u, v.sets, c->entry);

    const ws_iru_stats *s = ws_iru_stats_get(u);
    if (y + 3 >= rows) return;
    ws_tui_section(w, y++, 0, cols, "counters of this partition", t->ascii);
    char b1[16], b2[16], b3[16], b4[16];
    ws_tui_text(w, y++, 0, cols, 0, "elements in %s, out %s, filtered %" PRIu64 ", merged %" PRIu64
                ", ring sent %s, prefetched lines %" PRIu64 " (%" PRIu64 " remote)",
                ws_tui_si(b1, sizeof b1, (double)s->elems_in), ws_tui_si(b2, sizeof b2, (double)s->elems_out),
                s->filtered, s->merged, ws_tui_si(b3, sizeof b3, (double)s->ring_flits), s->pf_lines, s->pf_remote);
    uint64_t full = s->replies - s->timeouts - s->flush_replies - s->disabled_warps;
    ws_tui_text(w, y++, 0, cols, 0,
                "replies %s: full entry %" PRIu64 ", timeout %" PRIu64 ", end of stream %" PRIu64
                ", disabled warps %" PRIu64 "; mean wait %.0f cycles",
                ws_tui_si(b4, sizeof b4, (double)s->replies), s->replies >= s->timeouts + s->flush_replies +
                s->disabled_warps ? full : 0, s->timeouts, s->flush_replies, s->disabled_warps,
                s->replies ? (double)s->lat_sum / (double)s->replies : 0.0);
    if (y < rows) {
        double h[WS_IRU_WARP];
        uint64_t sum = 0, nrep = 0;
        for (uint32_t k = 1; k <= WS_IRU_WARP; k++) {
            h[k - 1] = (double)s->coal_hist[k];
            sum += k * s->coal_hist[k];
            nrep += s->coal_hist[k];
        }
        int x = ws_tui_text(w, y, 0, cols, ws_tui_attr(WS_CP_DIM), "%s", "blocks per reply 1 ");
        ws_tui_spark(w, y, x, WS_IRU_WARP, h, WS_IRU_WARP, 0, ws_tui_attr(WS_CP_BAR), t->ascii);
        x += WS_IRU_WARP;
        ws_tui_text(w, y++, x, cols - x, 0, " 32  mean %.2f", nrep ? (double)sum / (double)nrep : 0.0);
    }

    if (y + 2 > rows || !v.req_fifo) return;
    ws_tui_section(w, y++, 0, cols, "requests waiting, oldest first", t->ascii);
    for (uint32_t i = 0; y < rows && ws_gpu_iru_request(t->g, p, i, &q); i++)
        ws_tui_text(w, y++, 0, cols, 0, "#%-8" PRIu64 " SM %-3u slot %-3u line %-5u %2u lanes  waiting %" PRIu64,
                    q.id, q.sm, q.slot, q.line, q.lanes, now - q.since);
}

static bool shown(ws_tui *t)
{
    return t->g && ws_gpu_iru_count(t->g) > 0;
}

const ws_view ws_view_iru = {
    .name = "iru",
    .title = "IRU",
    .draw = draw,
    .key = key,
    .sample = NULL,
    .shown = shown,
};
