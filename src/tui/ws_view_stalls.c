/* ws_view_stalls.c: where warp-cycles go, per reason (Nsight Compute
 * names), for the whole GPU and per SM, and over time.
 *
 *   Stall reasons: share of warp-slot cycles (idle slots excluded; I: include)
 *   L long_scoreboard 45.2%  S selected 12.0%  n not_selected 8.1%  ...
 *   GPU   LLLLLLLLLLLLLLLLLLLLLLSSSSSnnnn....
 *   ─ per SM ─────────────────────────── GPGPU-Sim scheduler cycles %
 *   SM  0 LLLLLLLLLLLLLLLSSSSnnn....    idle  scbd stall issue
 *   ─ over time ─────
 *   IPC              ▁▂▃▅▇▇▆   1.23
 *   long_scoreboard  ▅▅▆▇▇▆▅  45.2%
 *
 * Shares: a reason's warp-cycles (ws_gpu_stall_total, per SM the
 * stall.REASON counters, plus each warp's current interval: ws_views1_stalls)
 * over the sum of every reason's (idle included or not).  Per SM also
 * GPGPU-Sim's scheduler-cycle classes (sched.idle, sched.scoreboard,
 * sched.stall, sched.issue).  Over time: IPC (t->spark_ipc) and the largest
 * reasons' shares of non-idle warp-cycles (t->spark_stall, one sample per
 * step chunk, filled by ws_tui_sample).  Without
 * colours the bars use one letter per reason, as in the legend.
 *
 * The three panels have three denominators (the help's `?` says so): the
 * warp-slot cycles of the GPU or SM (top, bars), the SM's scheduler
 * cycles (per SM, right), each sample's non-idle warp-cycles (over time).
 *
 * Keys: I includes or excludes idle slots (i is the global step-warp key); up/down/j/k, PgUp/PgDn, Home/End
 * scroll the SM rows.  vs.sub bit 0: idle included. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "arch/ws_gpu_dbg.h"
#include "stats/ws_stats.h"
#include "tui/ws_views1.h"

#define WITH_IDLE 1

static const char letters[WS_STALL_COUNT] = {
    [WS_STALL_SELECTED] = 'S', [WS_STALL_NOT_SELECTED] = 'n', [WS_STALL_LONG_SCOREBOARD] = 'L',
    [WS_STALL_SHORT_SCOREBOARD] = 's', [WS_STALL_WAIT] = 'w', [WS_STALL_BARRIER] = 'b',
    [WS_STALL_MEMBAR] = 'm', [WS_STALL_BRANCH_RESOLVING] = 'r', [WS_STALL_NO_INSTRUCTION] = 'i',
    [WS_STALL_LG_THROTTLE] = 'g', [WS_STALL_MIO_THROTTLE] = 'o', [WS_STALL_MATH_PIPE_THROTTLE] = 'p',
    [WS_STALL_DRAIN] = 'd', [WS_STALL_MFF_WAIT] = 'f', [WS_STALL_IDLE] = '.',
};

/* Shares of v[0..WS_STALL_COUNT) (idle left out unless with_idle). */
static double shares(const uint64_t *v, bool with_idle, double *fr)
{
    double sum = 0;
    for (int r = 0; r < WS_STALL_COUNT; r++)
        if (with_idle || r != WS_STALL_IDLE)
            sum += (double)v[r];
    for (int r = 0; r < WS_STALL_COUNT; r++)
        fr[r] = sum > 0 && (with_idle || r != WS_STALL_IDLE) ? (double)v[r] / sum : 0;
    return sum;
}

/* A stacked bar of the shares: coloured segments, or letters without
 * colours. */
static void bar(ws_tui *t, WINDOW *w, int y, int x, int width, const double *fr)
{
    if (width <= 0)
        return;
    if (t->color && ws_tui_has_color()) {
        int at[WS_STALL_COUNT];
        for (int r = 0; r < WS_STALL_COUNT; r++) at[r] = ws_tui_stall_pair(r);
        ws_tui_stacked(w, y, x, width, fr, at, WS_STALL_COUNT, t->ascii);
        return;
    }
    char cells[512];
    if (width > (int)sizeof cells - 1)
        width = (int)sizeof cells - 1;
    double cum = 0;
    int prev = 0;
    for (int r = 0; r < WS_STALL_COUNT; r++) {
        cum += fr[r];
        int b = (int)(cum * width + 0.5);
        if (b > width)
            b = width;
        for (int c = prev; c < b; c++) cells[c] = letters[r];
        if (b > prev)
            prev = b;
    }
    for (int c = prev; c < width; c++) cells[c] = ' ';
    cells[width] = 0;
    ws_tui_text(w, y, x, width, WS_CP_NORMAL, "%s", cells);
}

static void draw(ws_tui *t, WINDOW *w, int rows, int cols)
{
    if (ws_views1_idle(t, w, rows, cols, false))
        return;
    ws_gpu *g = t->g;
    ws_view_state *vs = ws_tui_vstate(t, &ws_view_stalls);
    bool with_idle = vs->sub & WITH_IDLE;
    ws_stats *s = ws_gpu_stats(g);
    uint32_t nsms = ws_gpu_nsms(g), sel = ws_views1_sm(t);

    uint64_t tot[WS_STALL_COUNT];
    double fr[WS_STALL_COUNT];
    ws_views1_stalls(g, -1, tot);
    double sum = shares(tot, with_idle, fr);

    int y = 0;
    ws_tui_text(w, y++, 0, cols, A_BOLD, "Stall reasons: share of warp-slot cycles, every launch (idle slots %s; I: %s)",
                with_idle ? "included" : "excluded", with_idle ? "exclude" : "include");
    /* legend: the reasons that occurred, in their colours */
    int x = 0;
    bool any = false;
    for (int r = 0; r < WS_STALL_COUNT && y < rows; r++) {
        if (fr[r] <= 0)
            continue;
        char item[64];
        int len = snprintf(item, sizeof item, "%c %s %.1f%%", letters[r], ws_stall_name((ws_stall)r), 100 * fr[r]);
        if (x > 0 && x + len > cols) {
            x = 0;
            y++;
            if (y >= rows)
                break;
        }
        ws_tui_text(w, y, x, cols - x, ws_tui_stall_pair(r) | A_BOLD, "%c", letters[r]);
        ws_tui_text(w, y, x + 1, cols - x - 1, WS_CP_NORMAL, "%s", item + 1);
        x += len + 2;
        any = true;
    }
    if (!any && y < rows)
        ws_tui_text(w, y, 0, cols, ws_tui_attr(WS_CP_DIM), "(no warp-cycles accounted yet)");
    y++;
    if (y >= rows)
        return;
    char b1[16];
    int x0 = ws_tui_text(w, y, 0, cols, A_BOLD, "GPU   ");
    ws_tui_text(w, y, cols - 14 > x0 ? cols - 14 : x0, 14, WS_CP_NORMAL, " %s wcyc", ws_views1_num(b1, sizeof b1, (uint64_t)sum, 7));
    bar(t, w, y, x0, cols - 14 - x0, fr);
    y++;

    /* bottom: sparklines (IPC and the largest reasons) */
    int nspark_rows = rows >= 40 ? 6 : rows >= 24 ? 4 : 2;
    if (y + 2 + nspark_rows > rows)
        nspark_rows = rows - y - 2 > 0 ? (rows - y - 2) / 2 : 0;
    int sm_h = rows - y - 1 - (nspark_rows ? nspark_rows + 1 : 0);

    /* per SM */
    if (sm_h > 0 && y < rows) {
        ws_tui_section(w, y, 0, cols, "per SM: bars of its warp-cycles | % of scheduler cycles:", t->ascii);
        const char *hd = " idle  scbd stall issue";
        int tw = (int)strlen(hd);
        ws_tui_text(w, y, cols - tw > 10 ? cols - tw : 10, tw, A_BOLD, "%s", hd);
        y++;
        if (vs->scroll > (int)nsms - sm_h)
            vs->scroll = (int)nsms - sm_h;
        if (vs->scroll < 0)
            vs->scroll = 0;
        for (int i = 0; i < sm_h && vs->scroll + i < (int)nsms; i++) {
            uint32_t sm = (uint32_t)(vs->scroll + i);
            uint64_t v[WS_STALL_COUNT];
            double f2[WS_STALL_COUNT];
            ws_views1_stalls(g, (int)sm, v);
            shares(v, with_idle, f2);
            double si = (double)ws_stats_get_u64(s, "sched.idle", (int)sm);
            double ss = (double)ws_stats_get_u64(s, "sched.scoreboard", (int)sm);
            double st = (double)ws_stats_get_u64(s, "sched.stall", (int)sm);
            double sw = (double)ws_stats_get_u64(s, "sched.issue", (int)sm);
            double ssum = si + ss + st + sw;
            int attr = sm == sel ? A_BOLD : WS_CP_NORMAL;
            int xx = ws_tui_text(w, y + i, 0, cols, attr, "%cSM%3" PRIu32 " ", sm == sel ? '>' : ' ', sm);
            bar(t, w, y + i, xx, cols - tw - 1 - xx, f2);
            if (ssum > 0)
                ws_tui_text(w, y + i, cols - tw > 10 ? cols - tw : 10, tw, attr, "%5.1f %5.1f %5.1f %5.1f",
                            100 * si / ssum, 100 * ss / ssum, 100 * st / ssum, 100 * sw / ssum);
            else
                ws_tui_text(w, y + i, cols - tw > 10 ? cols - tw : 10, tw, attr, "%5s %5s %5s %5s", "-", "-", "-", "-");
        }
        y += sm_h;
    }

    /* over time */
    if (nspark_rows <= 0 || y >= rows)
        return;
    ws_tui_section(w, y++, 0, cols, "over time (one sample per step; shares of each sample's non-idle warp-cycles)",
                   t->ascii);
    uint32_t n = t->nspark < WS_TUI_SPARK ? t->nspark : WS_TUI_SPARK;
    double v[WS_TUI_SPARK];
    int lw = 18, vw = 8, sw = cols - lw - vw - 2;
    if (sw < 4)
        sw = 4;
    if (y < rows) {
        ws_tui_text(w, y, 0, lw, A_BOLD, "IPC");
        ws_tui_spark(w, y, lw + 1, sw, t->spark_ipc, (int)n, 0, ws_tui_attr(WS_CP_BAR), t->ascii);
        if (n)
            ws_tui_text(w, y, lw + 2 + sw, vw, WS_CP_NORMAL, "%7.2f", t->spark_ipc[n - 1]);
        y++;
    }
    /* the largest reasons (GPU-wide shares) */
    bool used[WS_STALL_COUNT] = { false };
    for (int k = 1; k < nspark_rows && y < rows; k++) {
        int best = -1;
        for (int r = 0; r < WS_STALL_COUNT; r++)
            if (!used[r] && r != WS_STALL_IDLE && fr[r] > 0 && (best < 0 || fr[r] > fr[best]))
                best = r;
        if (best < 0)
            break;
        used[best] = true;
        for (uint32_t i = 0; i < n; i++) v[i] = t->spark_stall[i][best];
        ws_tui_text(w, y, 0, lw, ws_tui_stall_pair(best), "%-18s", ws_stall_name((ws_stall)best));
        ws_tui_spark(w, y, lw + 1, sw, v, (int)n, 1.0, ws_tui_stall_pair(best), t->ascii);
        if (n)
            ws_tui_text(w, y, lw + 2 + sw, vw, WS_CP_NORMAL, "%6.1f%%", 100 * v[n - 1]);
        y++;
    }
}

static bool key(ws_tui *t, int k)
{
    ws_view_state *vs = ws_tui_vstate(t, &ws_view_stalls);
    if (k == 'I') {
        vs->sub ^= WITH_IDLE;
        return true;
    }
    return ws_tui_scroll_key(k, &vs->scroll, t->rows > 12 ? t->rows - 12 : 1);   /* clamped at the next draw */
}

const ws_view ws_view_stalls = {
    .name = "stalls",
    .title = "Stalls",
    .draw = draw,
    .key = key,
    .sample = NULL,
};
