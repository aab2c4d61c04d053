/* ws_view_memory.c: the memory-system view.
 *
 * From the top: the DRAM bandwidth sparkline (t->spark_bw, one sample per
 * step chunk) with the current and average bus utilization and the row-hit
 * rate; one row per DRAM channel: request-queue depth (bar and count),
 * return-queue length, row-hit rate, and its banks as a small grid (o: a
 * row is open, '.': closed; with room, the open row numbers, '-' closed;
 * the section title says which); the
 * interconnect's buffered flits per port, request network (SM inputs, L2
 * outputs) and reply network (L2 inputs, SM outputs); the average latency
 * of requests by the level that served them; MTAML (the latency the warps
 * can hide) against the measured average latency; power and energy (below).
 *
 * j/k, PgUp/PgDn, Home/End scroll the channels when they do not fit; t
 * shows the life of the oldest request in flight (ws_tui_req.c: up/down
 * there move to the next ones).
 *
 * The power panel is here rather than in a view of its own: this is the
 * view of the machine as a whole over time (the bandwidth sparkline), and
 * power follows the traffic it shows (DRAM, the caches and the interconnect
 * are most of the dynamic power of a memory-bound kernel); its bottom block
 * still fits gtx480's six channels at 80x24.  It reads only the recorded
 * time series (ws_energy_window, O(1) a window, the last EN_SPARK windows
 * per frame; the peak is kept incrementally in t->en_*), never the mirrored
 * counters: a sample holds the energy of its cycle exactly. */
#include "config.h"
#include "tui/ws_tui.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "arch/ws_dram.h"
#include "arch/ws_energy.h"
#include "arch/ws_gpu.h"
#include "arch/ws_icnt.h"
#include "arch/ws_mempart.h"
#include "arch/ws_opts.h"
#include "stats/ws_stats.h"

static ws_view_state *vstate(ws_tui *t) { return ws_tui_vstate(t, &ws_view_memory); }

static bool key(ws_tui *t, int k)
{
    if (k == 't') {     /* the life of the oldest request in flight (ws_tui_req.c) */
        ws_error err;
        if (ws_tui_exec(t, "request oldest", &err) < 0)
            ws_tui_message(t, true, "%s", err.msg);
        return true;
    }
    if (!ws_tui_scroll_key(k, &vstate(t)->scroll, t->rows > 20 ? t->rows - 18 : 2)) return false;
    t->need_redraw = true;
    return true;
}

static double rate(uint64_t a, uint64_t b)
{
    return b ? (double)a / (double)b : 0;
}

/* One interconnect direction's ports on row y: numbers when they fit,
 * else one level cell per port (full = the buffer size). */
static void draw_ports(ws_tui *t, WINDOW *w, int y, int cols, const char *label, const ws_icnt *n, bool in,
                       uint32_t ports, uint32_t cap)
{
    int x = ws_tui_text(w, y, 0, cols, ws_tui_attr(WS_CP_DIM), "%-22s", label);
    uint32_t total = 0, v[1024];
    uint32_t np = ports < 1024 ? ports : 1024;
    for (uint32_t i = 0; i < np; i++) {
        v[i] = in ? ws_icnt_in_flits(n, i) : ws_icnt_out_flits(n, i);
        total += v[i];
    }
    int tail = 14;
    if ((int)np * 4 <= cols - x - tail) {
        for (uint32_t i = 0; i < np; i++)
            x += ws_tui_text(w, y, x, cols - x, v[i] ? 0 : ws_tui_attr(WS_CP_DIM), "%3u ", v[i]);
    } else {
        double d[1024];
        for (uint32_t i = 0; i < np; i++) d[i] = v[i];
        int wdt = (int)np < cols - x - tail ? (int)np : cols - x - tail;
        if (wdt > 0) ws_tui_spark(w, y, x, wdt, d, (int)np, cap, ws_tui_attr(WS_CP_BAR), t->ascii);
        x += wdt > 0 ? wdt + 1 : 0;
    }
    ws_tui_text(w, y, x, cols - x, 0, "total %u", total);
}

/* ------------------------------------------------------------- power */

#define EN_SPARK 256    /* windows read per frame at most (the sparkline) */
#define EN_CELL 26      /* one component: "%-13s%5.2f W%4.0f%%" and a gap */

/* Components per row of the split: four in wide windows, down to one. */
static int en_ncol(int cols)
{
    int n = cols / EN_CELL;
    return n < 1 ? 1 : n > 4 ? 4 : n;
}

/* Rows the panel wants at this width: one line when there is no model or
 * no window yet, else the title, the power line, the energy line and the
 * split (fewer rows: see draw_energy). */
static int en_rows(const ws_energy *e, const ws_stats *s, int cols)
{
    if (!e || !ws_energy_nwindows(s)) return 1;
    int nc = en_ncol(cols);
    return 3 + (WS_EN_COUNT + nc - 1) / nc;
}

/* An energy in J with a prefix. */
static const char *en_joules(char *buf, size_t size, double j)
{
    static const char *const unit[] = { "J", "mJ", "uJ", "nJ", "pJ" };
    int u = 0;
    while (u < 4 && fabs(j) < 1 && j != 0) {
        j *= 1000;
        u++;
    }
    snprintf(buf, size, "%.3f %s", j, unit[u]);
    return buf;
}

/* The peak window power over windows [0, n), read incrementally: only the
 * windows recorded since the last frame (all again for another series). */
static double en_peak(ws_tui *t, const ws_energy *e, const ws_stats *s, size_t n)
{
    if (t->en_stats != (const void *)s || t->en_scanned > n ||
        (t->en_scanned && !(ws_energy_window(e, s, t->en_scanned - 1, NULL, NULL) == t->en_check))) {
        t->en_stats = s;
        t->en_scanned = 0;
        t->en_peak = NAN;
    }
    for (size_t i = t->en_scanned; i < n; i++) {
        double p = ws_energy_window(e, s, i, NULL, NULL);
        if (isfinite(p) && (isnan(t->en_peak) || p > t->en_peak)) t->en_peak = p;
        t->en_check = p;
    }
    t->en_scanned = n;
    return t->en_peak;
}

/* The panel in `lines` rows from row y.  Given fewer rows than en_rows
 * asks for, it keeps, in this order, the power line, the title, the split
 * on one line (sorted, so the smallest components are the ones cut at the
 * right edge) and the energy line. */
static void draw_energy(ws_tui *t, WINDOW *w, int y, int lines, int cols)
{
    ws_gpu *g = t->g;
    const ws_energy *e = ws_gpu_energy(g);
    const ws_stats *s = ws_gpu_stats(g);
    int dim = ws_tui_attr(WS_CP_DIM);
    if (lines < 1) return;
    if (!e) {
        ws_tui_text(w, y, 0, cols, dim,
                    "no energy model for this preset (energy.table=none; --set energy.table=gtx480 borrows the "
                    "40 nm GTX480 prices)");
        return;
    }
    size_t n = ws_energy_nwindows(s);
    if (!n) {
        if (ws_opts_uint(ws_gpu_opts(g), "stats.interval") == 0)
            ws_tui_text(w, y, 0, cols, dim, "no power sample: stats.interval=0 turns the time series off");
        else
            ws_tui_text(w, y, 0, cols, dim, "no power sample yet (one every stats.interval cycles)");
        return;
    }

    int nc = en_ncol(cols), nr = (WS_EN_COUNT + nc - 1) / nc;
    bool full = lines >= 3 + nr, title_on = lines >= 2, energy_on = full || lines >= 4;

    /* the latest window and its split, highest power first */
    double comp[WS_EN_COUNT];
    uint64_t end = 0, start = n > 1 ? ws_stats_sample_cycle(s, n - 2) : 0;
    double now = ws_energy_window(e, s, n - 1, &end, comp);
    int order[WS_EN_COUNT];
    for (int i = 0; i < WS_EN_COUNT; i++) {
        order[i] = i;
        if (!isfinite(comp[i])) comp[i] = 0;
    }
    for (int i = 1; i < WS_EN_COUNT; i++)
        for (int j = i; j > 0 && comp[order[j]] > comp[order[j - 1]]; j--) {
            int tmp = order[j];
            order[j] = order[j - 1];
            order[j - 1] = tmp;
        }
    double total = 0;
    for (int i = 0; i < WS_EN_COUNT; i++) total += comp[i];

    if (title_on) {
        char title[128];
        snprintf(title, sizeof title, "power and energy: split of the last window, cycles %" PRIu64 "-%" PRIu64,
                 start, end);
        ws_tui_section(w, y++, 0, cols, title, t->ascii);
    }

    /* power over the recent windows */
    {
        double v[EN_SPARK];
        size_t k = n < EN_SPARK ? n : EN_SPARK;
        double max = 0;
        for (size_t i = 0; i < k; i++) {
            double p = ws_energy_window(e, s, n - k + i, NULL, NULL);
            v[i] = isfinite(p) && p > 0 ? p : 0;
            if (v[i] > max) max = v[i];
        }
        double peak = en_peak(t, e, s, n);
        /* the average so far: the energy of the series over its time */
        long tc = ws_stats_series_col(s, "energy.total");
        double mhz = (double)ws_opts_uint(ws_gpu_opts(g), "clock.core");
        double joules = tc < 0 ? NAN : ws_stats_sample_real(s, n - 1, (size_t)tc);
        double avg = end && mhz > 0 ? joules / ((double)end / (mhz * 1e6)) : NAN;
        char tail[128];
        int tl = snprintf(tail, sizeof tail, " now %.1f W avg %.1f W peak %.1f W (scale 0-%.1f W)", now, avg, peak,
                          max);
        int x = ws_tui_text(w, y, 0, cols, dim, "power ");
        int sw = cols - x - tl;
        int want = (int)k > 8 ? (int)k : 8;     /* no wider than the windows there are */
        if (sw > want) sw = want;
        if (sw >= 4) {
            ws_tui_spark(w, y, x, sw, v, (int)k, max, ws_tui_attr(WS_CP_BAR), t->ascii);
            x += sw;
        }
        ws_tui_text(w, y, x, cols - x, 0, "%s", tail + (sw >= 4 ? 0 : 1));
        y++;

        /* energy so far (to the last sample) and per warp instruction */
        if (energy_on) {
            char jb[32];
            long ic = ws_stats_series_col(s, "warp_insns");
            double insns = ic < 0 ? 0 : ws_stats_sample_real(s, n - 1, (size_t)ic);
            x = ws_tui_text(w, y, 0, cols, 0, "energy so far %s (to cycle %" PRIu64 ")",
                            en_joules(jb, sizeof jb, joules), end);
            if (insns > 0)
                ws_tui_text(w, y, x, cols - x, 0, ", %.0f pJ per warp instruction", joules * 1e12 / insns);
            y++;
        }
    }

    /* the split on one line when short of rows */
    if (!full) {
        if (lines < 3) return;
        int x = ws_tui_text(w, y, 0, cols, dim, "split");
        for (int i = 0; i < WS_EN_COUNT && x < cols; i++) {
            int c = order[i];
            x += ws_tui_text(w, y, x, cols - x, comp[c] > 0 ? 0 : dim, "  %s %.*f W %.0f%%",
                             ws_energy_comp_label((ws_en_comp)c), comp[c] < 10 ? 2 : 1, comp[c],
                             total > 0 ? 100 * comp[c] / total : 0);
        }
        return;
    }

    /* the split: components by power, highest first, down the columns */
    int cw = cols / nc, bw = cw - EN_CELL - 1;
    for (int i = 0; i < WS_EN_COUNT; i++) {
        int c = order[i], row = y + i % nr, x = (i / nr) * cw;
        double frac = total > 0 ? comp[c] / total : 0;
        int used = ws_tui_text(w, row, x, cw, comp[c] > 0 ? 0 : dim, "%-13s%5.*f W%4.0f%%",
                               ws_energy_comp_label((ws_en_comp)c), comp[c] < 10 ? 2 : 1, comp[c], 100 * frac);
        if (bw >= 4 && used < cw)
            ws_tui_bar(w, row, x + used + 1, bw, frac, ws_tui_attr(c == WS_EN_STATIC ? WS_CP_DIM : WS_CP_BAR),
                       t->ascii);
    }
}

static void draw(ws_tui *t, WINDOW *w, int rows, int cols)
{
    if (!t->g) {
        ws_tui_text(w, 0, 0, cols, 0, "memory: no launch yet");
        return;
    }
    ws_gpu *g = t->g;
    ws_memsys *m = ws_gpu_memsys(g);
    const ws_memsys_config *mc = ws_memsys_config_get(m);
    ws_view_state *vs = vstate(t);
    uint32_t nch = ws_memsys_nchannels(m), nsl = ws_memsys_nslices(m), nsms = ws_gpu_nsms(g);
    uint32_t banks = mc->dram.banks < WS_DRAM_MAX_BANKS ? mc->dram.banks : WS_DRAM_MAX_BANKS;
    if (rows > 8) {
        rows--;
        ws_tui_text(w, rows, 0, cols, ws_tui_attr(WS_CP_DIM), "j/k PgUp/PgDn Home/End: scroll the channels");
    }
    /* The registry values, once per draw. */
    ws_gpu_stats_sync(g);
    ws_stats *s = ws_gpu_stats(g);
    double lat_l1 = ws_stats_get(s, "mem.avg_latency.l1", -1);
    double lat_l1p = ws_stats_get(s, "mem.avg_latency.l1_pending", -1);
    double lat_l2 = ws_stats_get(s, "mem.avg_latency.l2", -1);
    double lat_dram = ws_stats_get(s, "mem.avg_latency.dram", -1);
    double lat_all = ws_stats_get(s, "mem.avg_latency", -1);
    /* MTAML in cycles (x the issue cycles of a warp instruction, 32/sm.simd),
     * the unit of the measured latency */
    double mtaml = ws_stats_get(s, "mtaml_cycles", -1), mtaml_pf = ws_stats_get(s, "mtaml_pref", -1);
    double nwi = ws_stats_get(s, "warp_insns", -1);
    mtaml_pf *= nwi > 0 ? ws_stats_get(s, "warp_insn_cycles", -1) / nwi : 1;
    double bw_avg = ws_stats_get(s, "dram.bandwidth_util", -1);
    double row_hit = ws_stats_get(s, "dram.row_hit_rate", -1);

    int y = 0;
    ws_tui_text(w, y++, 0, cols, ws_tui_attr(WS_CP_TITLE),
                "Memory: %u DRAM channels x %u banks, %u L2 slices, %u SMs; row hits %.1f%%", nch, banks, nsl,
                nsms, isnan(row_hit) ? 0.0 : 100 * row_hit);
    {
        int x = ws_tui_text(w, y, 0, cols, ws_tui_attr(WS_CP_DIM), "DRAM bandwidth ");
        int sw = cols - x - 30;
        if (sw > 0 && t->nspark) {
            uint32_t n = t->nspark < WS_TUI_SPARK ? t->nspark : WS_TUI_SPARK;
            ws_tui_spark(w, y, x, sw, t->spark_bw, (int)n, 1.0, ws_tui_attr(WS_CP_BAR), t->ascii);
            x += sw + 1;
            ws_tui_text(w, y, x, cols - x, 0, "now %.1f%% avg %.1f%%", 100 * t->spark_bw[n - 1],
                        isnan(bw_avg) ? 0.0 : 100 * bw_avg);
        } else {
            ws_tui_text(w, y, x, cols - x, 0, "avg %.1f%% of the bus (no samples yet)",
                        isnan(bw_avg) ? 0.0 : 100 * bw_avg);
        }
        y++;
    }

    /* Bottom block: interconnect (5 rows), latency (3 rows), power.  The
     * channels get up to four rows first, then the power panel (whole if it
     * fits, else fewer lines), then the channels the rest. */
    int bottom = 5 + 3;
    int left = rows - y - 1 - bottom;
    int enrows = left - ((int)nch < 4 ? (int)nch : 4);
    int enwant = en_rows(ws_gpu_energy(g), s, cols);
    if (enrows > enwant) enrows = enwant;
    if (enrows < 0) enrows = 0;
    int chrows = left - enrows;
    if (chrows < 2) chrows = rows - y - 1 > 2 ? 2 : rows - y - 1;
    if (chrows > (int)nch) chrows = (int)nch;
    int maxscroll = (int)nch > chrows ? (int)nch - chrows : 0;
    if (vs->scroll > maxscroll) vs->scroll = maxscroll;
    if (vs->scroll < 0) vs->scroll = 0;

    /* the banks show their open row numbers when they fit (as each row
     * decides below, from the same widths), else o and '.': the legend says which */
    char title[128], probe[96];
    int px = 6 + 8 + snprintf(probe, sizeof probe, " %3u/%-3u ret %3u/%-3u hit %5.1f%% ", 0u, mc->dram.queue, 0u,
                              mc->dram.return_queue, 100.0);
    snprintf(title, sizeof title, "DRAM channels: queue, return queue, row hits, banks (%s)%s",
             cols - px >= (int)banks * 6 ? "open row number, - closed" : "o open . closed", maxscroll ? " j/k" : "");
    ws_tui_section(w, y++, 0, cols, title, t->ascii);
    for (int r = 0; r < chrows && y < rows; r++) {
        uint32_t c = (uint32_t)(vs->scroll + r);
        ws_dram *d = ws_memsys_dram(m, c);
        const ws_dram_stats *ds = ws_dram_stats_get(d);
        uint32_t q = ws_dram_queue_len(d), rq = ws_dram_return_len(d);
        int x = ws_tui_text(w, y, 0, cols, 0, "ch%-2u q ", c);
        ws_tui_bar(w, y, x, 8, rate(q, mc->dram.queue), ws_tui_attr(q >= mc->dram.queue ? WS_CP_WARN : WS_CP_BAR),
                   t->ascii);
        x += 8;
        x += ws_tui_text(w, y, x, cols - x, 0, " %3u/%-3u ret %3u/%-3u hit %5.1f%% ", q, mc->dram.queue, rq,
                         mc->dram.return_queue, 100 * rate(ds->row_hits, ds->col_cmds));
        bool numbers = cols - x >= (int)banks * 6;
        for (uint32_t b = 0; b < banks && x < cols; b++) {
            int64_t row = ws_dram_bank_row(d, b);
            if (numbers) {
                if (row < 0) x += ws_tui_text(w, y, x, cols - x, ws_tui_attr(WS_CP_DIM), "%5s ", "-");
                else x += ws_tui_text(w, y, x, cols - x, ws_tui_attr(WS_CP_OK), "%5" PRId64 " ", row);
            } else {
                x += ws_tui_text(w, y, x, cols - x, row < 0 ? ws_tui_attr(WS_CP_DIM) : ws_tui_attr(WS_CP_OK), "%c",
                                 row < 0 ? '.' : 'o');
            }
        }
        y++;
    }

    /* Interconnect. */
    if (y + 5 <= rows) {
        ws_tui_section(w, y++, 0, cols, "interconnect: flits buffered per port", t->ascii);
        const ws_icnt *req = ws_memsys_icnt(m, false), *rep = ws_memsys_icnt(m, true);
        const ws_icnt_config *qc = ws_icnt_config_get(req), *pc = ws_icnt_config_get(rep);
        char lab[48];
        snprintf(lab, sizeof lab, "request in  SM 0-%u", qc->inputs - 1);
        draw_ports(t, w, y++, cols, lab, req, true, qc->inputs, qc->in_buffer);
        snprintf(lab, sizeof lab, "request out L2 0-%u", qc->outputs - 1);
        draw_ports(t, w, y++, cols, lab, req, false, qc->outputs, qc->out_buffer);
        snprintf(lab, sizeof lab, "reply in    L2 0-%u", pc->inputs - 1);
        draw_ports(t, w, y++, cols, lab, rep, true, pc->inputs, pc->in_buffer);
        snprintf(lab, sizeof lab, "reply out   SM 0-%u", pc->outputs - 1);
        draw_ports(t, w, y++, cols, lab, rep, false, pc->outputs, pc->out_buffer);
    }

    /* Latency by level and MTAML. */
    if (y + 3 <= rows) {
        ws_tui_section(w, y++, 0, cols, "average latency by level (core cycles), MTAML", t->ascii);
        const double lv[5] = { lat_l1, lat_l1p, lat_l2, lat_dram, lat_all };
        static const char *const ln[5] = { "L1 hit", "L1 merged", "L2", "DRAM", "all" };
        int x = 0;
        for (int i = 0; i < 5 && x < cols; i++) {
            if (isnan(lv[i]) || lv[i] <= 0)
                x += ws_tui_text(w, y, x, cols - x, ws_tui_attr(WS_CP_DIM), "%s -   ", ln[i]);
            else
                x += ws_tui_text(w, y, x, cols - x, 0, "%s %.0f   ", ln[i], lv[i]);
        }
        y++;
        double lat = isnan(lat_all) ? 0 : lat_all, tol = isnan(mtaml) ? 0 : mtaml;
        x = ws_tui_text(w, y, 0, cols, 0, "MTAML %.0f cycles (with prefetching %.0f) vs measured %.0f ", tol,
                        isnan(mtaml_pf) ? 0.0 : mtaml_pf, lat);
        int bw = cols - x - 12;
        if (bw > 40) bw = 40;
        if (bw >= 6) {
            double scale = (lat > tol ? lat : tol) * 1.2;
            if (!(scale > 0)) scale = 1;
            ws_tui_bar(w, y, x, bw, lat / scale, ws_tui_attr(lat > tol ? WS_CP_WARN : WS_CP_OK), t->ascii);
            int c = (int)lround(tol / scale * bw);
            if (c >= bw) c = bw - 1;
            mvwaddch(w, y, x + c, (chtype)'|' | (chtype)ws_tui_attr(WS_CP_ERROR));
            x += bw + 1;
        }
        ws_tui_text(w, y, x, cols - x, lat > tol ? ws_tui_attr(WS_CP_WARN) : 0, "%s",
                    lat > tol ? "not hidden" : "hidden");
        y++;
    }

    /* Power and energy. */
    if (enrows > 0 && y + enrows <= rows) {
        draw_energy(t, w, y, enrows, cols);
        y += enrows;
    }

    /* Tall windows: each channel's totals. */
    if (y + 2 + (int)nch <= rows) {
        ws_tui_section(w, y++, 0, cols, "DRAM channel totals: requests, activates, bus busy, average queue and latency (DRAM clocks)", t->ascii);
        for (uint32_t c = 0; c < nch && y < rows; c++) {
            const ws_dram_stats *ds = ws_dram_stats_get(ws_memsys_dram(m, c));
            char r1[16], r2[16], r3[16];
            ws_tui_text(w, y++, 0, cols, 0,
                        "ch%-2u reads %6s writes %6s act %6s bus %5.1f%% queue %5.1f latency %5.0f refused %" PRIu64,
                        c, ws_tui_si(r1, sizeof r1, (double)ds->reads), ws_tui_si(r2, sizeof r2, (double)ds->writes),
                        ws_tui_si(r3, sizeof r3, (double)ds->activates), 100 * rate(ds->data_busy, ds->cycles),
                        rate(ds->queue_occupancy, ds->cycles), rate(ds->latency_sum, ds->reads + ds->writes),
                        ds->queue_full);
        }
    }
}

const ws_view ws_view_memory = {
    .name = "memory",
    .title = "Memory",
    .draw = draw,
    .key = key,
    .sample = NULL,
};
