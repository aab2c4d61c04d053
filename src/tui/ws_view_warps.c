/* ws_view_warps.c: the warps of the selected SM, one row per warp slot.
 *
 *   SM 3/15  24/48 warps resident  1234 insns this launch  L1D hit 45.2%
 *   slot warp    CTA   pc  line  next instruction    lanes     stall        for out insns
 *  >   0    0     12   17   142  ld.global.u32 ...   ffffffff  long_scoreb   56   1   345
 *
 * Below 100 columns the pc, lane mask and outstanding-requests columns go
 * (the warp view has them), so the instruction keeps 25 columns at 80.  An exited warp (waiting for its CTA to
 * retire) shows "exited" instead of a line and instruction.
 * Narrow windows show the lane mask in hex and the selected warp's whole
 * instruction and its 32 lane cells on the last line; from 115 columns each
 * row has the 32 cells.  From 150 columns a panel on the right lists every
 * SM (resident warps, instructions this launch, L1D hit rate).
 *
 * When the selected warp waits, the line under its row says why (the
 * register and the instruction that writes it and where its first request
 * is, or the cause of another stall; the warp view has the whole panel).
 *
 * Keys: up/down/j/k, PgUp/PgDn, Home/End select a slot; Enter opens the
 * warp view; e shows or hides empty slots.  vs.sub bit 0: show empty slots. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "arch/ws_gpu_dbg.h"
#include "arch/ws_gpu_wait.h"
#include "arch/ws_mreq.h"
#include "stats/ws_stats.h"
#include "tui/ws_views1.h"

#define SHOW_EMPTY 1

#define SM_PANEL_MIN_COLS 150
#define SM_PANEL_W 44
#define CELLS_MIN_COLS 115
#define NARROW_COLS 100

/* Counter value of this launch: now minus the sum of earlier launches. */
static double launch_value(ws_stats *s, const char *name, int inst, size_t nl)
{
    double v = (double)ws_stats_get_u64(s, name, inst);
    for (size_t i = 0; i < nl; i++) {
        double d = ws_stats_launch_get(s, i, name, inst);
        if (d == d)
            v -= d;
    }
    return v < 0 ? 0 : v;
}

typedef struct sm_sum {
    uint32_t warps;
    double issued, hit, acc;
} sm_sum;

static void sm_summary(ws_gpu *g, uint32_t sm, sm_sum *o)
{
    ws_stats *s = ws_gpu_stats(g);
    size_t nl = ws_gpu_launch_active(g) ? ws_stats_nlaunches(s) : 0;
    const ws_sm_usage *u = ws_device_sm_usage(ws_gpu_device(g), sm);
    o->warps = u ? u->warps : 0;
    o->issued = launch_value(s, "warp_insns", (int)sm, nl);
    o->hit = launch_value(s, "l1d.hits", (int)sm, nl);
    o->acc = o->hit + launch_value(s, "l1d.misses", (int)sm, nl) + launch_value(s, "l1d.hit_reserved", (int)sm, nl);
}

static void draw_sm_panel(ws_tui *t, WINDOW *w, int y0, int x0, int rows, int width, uint32_t sel)
{
    uint32_t n = ws_gpu_nsms(t->g);
    ws_tui_section(w, y0, x0, width, "SMs", t->ascii);
    ws_tui_text(w, y0 + 1, x0, width, A_BOLD, " SM warps  insns(launch)  L1D hit");
    int first = 0, avail = rows - 2;
    if (avail <= 0)
        return;
    if ((int)sel >= avail)
        first = (int)sel - avail + 1;
    for (int r = 0; r < avail && first + r < (int)n; r++) {
        uint32_t sm = (uint32_t)(first + r);
        sm_sum ss;
        sm_summary(t->g, sm, &ss);
        char ib[16];
        int attr = sm == sel ? ws_tui_attr(WS_CP_SELECTED) : WS_CP_NORMAL;
        if (ss.acc > 0)
            ws_tui_text(w, y0 + 2 + r, x0, width, attr, "%c%2" PRIu32 " %5" PRIu32 "  %13s  %6.1f%%",
                        sm == sel ? '>' : ' ', sm, ss.warps, ws_views1_num(ib, sizeof ib, (uint64_t)ss.issued, 13),
                        100.0 * ss.hit / ss.acc);
        else
            ws_tui_text(w, y0 + 2 + r, x0, width, attr, "%c%2" PRIu32 " %5" PRIu32 "  %13s  %7s",
                        sm == sel ? '>' : ' ', sm, ss.warps, ws_views1_num(ib, sizeof ib, (uint64_t)ss.issued, 13),
                        "-");
    }
}

/* The line under the selected row: what it waits for, short (the warp
 * view has the panel): "%r44 <- ld.global.u32 line 95 (issued 150591):
 * 0x700138f00 visited L1 miss queue since 150592"; with a .loc, the CUDA
 * line follows the PTX line ("line 112, bfs_data.cu:60 (issued ..."). */
static void why_line(const ws_wait_info *wi, char *buf, size_t size)
{
    if (wi->kind != WS_WAIT_REG) {
        snprintf(buf, size, "%s", wi->cause);
        return;
    }
    int n = snprintf(buf, size, "%s", wi->regs[0]);
    for (uint32_t i = 1; i < wi->nregs && n > 0 && (size_t)n < size; i++)
        n += snprintf(buf + n, size - (size_t)n, ", %s", wi->regs[i]);
    if (wi->writer && n > 0 && (size_t)n < size) {
        n += snprintf(buf + n, size - (size_t)n, " <- %s line %" PRIu32, wi->insn[0] ? wi->insn : "?", wi->line);
        if (wi->cu_file && n > 0 && (size_t)n < size)
            n += snprintf(buf + n, size - (size_t)n, ", %s:%" PRIu32, wi->cu_file, wi->cu_line);
        if (n > 0 && (size_t)n < size)
            n += snprintf(buf + n, size - (size_t)n, " (issued %" PRIu64 ")", wi->issued);
    }
    if (!wi->pending && n > 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, ", ready at %" PRIu64, wi->ready_at);
    else if (wi->nreq && n > 0 && (size_t)n < size) {
        const ws_wait_req *r = &wi->req[0];
        n += snprintf(buf + n, size - (size_t)n, ": 0x%" PRIx64 "%s%s %s since %" PRIu64, r->addr,
                      r->array[0] ? " " : "", r->array, ws_mreq_stage_name((ws_mreq_stage)r->stage), r->since);
        if (wi->nreq > 1 && n > 0 && (size_t)n < size)
            snprintf(buf + n, size - (size_t)n, " (+%" PRIu32 " more)", wi->nreq - 1);
    }
}

/* Slots shown: every slot, or the occupied ones and the selected one. */
static uint32_t shown_slots(ws_tui *t, const ws_view_state *vs, uint32_t sm, uint32_t sel, uint32_t *list,
                            uint32_t max)
{
    uint32_t n = ws_gpu_warp_slots(t->g), k = 0;
    for (uint32_t i = 0; i < n && k < max; i++) {
        ws_warp_info wi;
        ws_gpu_warp(t->g, sm, i, &wi);
        if ((vs->sub & SHOW_EMPTY) || wi.valid || i == sel)
            list[k++] = i;
    }
    return k;
}

#define MAX_SLOTS 1024

static void draw(ws_tui *t, WINDOW *w, int rows, int cols)
{
    if (ws_views1_idle(t, w, rows, cols, true))
        return;
    ws_gpu *g = t->g;
    ws_view_state *vs = ws_tui_vstate(t, &ws_view_warps);
    uint32_t sm = ws_views1_sm(t), sel = ws_views1_slot(t), nslots = ws_gpu_warp_slots(g);
    const ws_ptx_module *m = ws_views1_module(g);
    char b1[32], b2[32], b3[32], txt[192];

    int panel = cols >= SM_PANEL_MIN_COLS ? SM_PANEL_W : 0;
    int tw = cols - (panel ? panel + 1 : 0);     /* table width */

    /* summary of the selected SM */
    sm_sum ss;
    sm_summary(g, sm, &ss);
    int x = ws_tui_text(w, 0, 0, tw, A_BOLD, "SM %" PRIu32 "/%" PRIu32, sm, ws_gpu_nsms(g));
    char hit[32];
    if (ss.acc > 0)
        snprintf(hit, sizeof hit, "%.1f%%", 100.0 * ss.hit / ss.acc);
    else
        snprintf(hit, sizeof hit, "-");
    ws_tui_text(w, 0, x, tw - x, WS_CP_NORMAL,
                "  %" PRIu32 "/%" PRIu32 " warps  %s insns this launch  L1D hit %s  e: %s empty",
                ss.warps, nslots, ws_views1_num(b1, sizeof b1, (uint64_t)ss.issued, 12), hit,
                (vs->sub & SHOW_EMPTY) ? "hide" : "show");

    bool cells = tw >= CELLS_MIN_COLS;
    /* below NARROW_COLS the pc and the lane mask go (the last line shows the
     * selected warp's lanes) so that the instruction keeps some room */
    bool narrow = tw < NARROW_COLS;
    int lanes_w = cells ? 32 : narrow ? 0 : 8;
    /* columns: fixed left part (29; narrow 24), text, lanes, stall (16), for (6), out (3), insns (6) */
    int left = narrow ? 24 : 29, right = (lanes_w ? lanes_w + 1 : 0) + 16 + 1 + 6 + (narrow ? 0 : 1 + 3) + 1 + 6;
    int textw = tw - left - 1 - right;
    if (textw < 0)
        textw = 0;
    int xl = left + textw + 1, xs = xl + (lanes_w ? lanes_w + 1 : 0), xf = xs + 17;
    ws_tui_text(w, 1, 0, tw, A_BOLD, narrow ? " slot warp    CTA  line" : " slot warp    CTA   pc  line");
    if (textw >= 4)
        ws_tui_text(w, 1, left, textw, A_BOLD, "next instruction");
    if (lanes_w)
        ws_tui_text(w, 1, xl, tw - xl, A_BOLD, "%-*s", lanes_w, cells ? "active lanes" : "lanes");
    if (narrow)
        ws_tui_text(w, 1, xs, tw - xs, A_BOLD, "%-16s %6s %6s", "stall", "for", "insns");
    else
        ws_tui_text(w, 1, xs, tw - xs, A_BOLD, "%-16s %6s %3s %6s", "stall", "for", "out", "insns");

    uint32_t list[MAX_SLOTS];
    uint32_t nshown = shown_slots(t, vs, sm, sel, list, MAX_SLOTS);
    int detail = cells ? 0 : 1;                 /* last line: the selected warp in full */
    int avail = rows - 2 - detail;
    ws_wait_info why;
    bool whyline = avail >= 3 && ws_gpu_warp_wait(g, sm, sel, &why);
    if (whyline)
        avail--;        /* (the line under the selected row) */
    if (avail < 1)
        avail = 1;
    int selrow = 0;
    for (uint32_t i = 0; i < nshown; i++)
        if (list[i] == sel)
            selrow = (int)i;
    if (vs->scroll > selrow)
        vs->scroll = selrow;
    if (selrow >= vs->scroll + avail)
        vs->scroll = selrow - avail + 1;
    if (vs->scroll > (int)nshown - avail)
        vs->scroll = (int)nshown - avail;
    if (vs->scroll < 0)
        vs->scroll = 0;

    int extra = 0;     /* 1 below the selected row: its why line */
    for (int r = 0; r < avail && vs->scroll + r < (int)nshown; r++) {
        uint32_t slot = list[vs->scroll + r];
        int y = 2 + r + extra;
        bool is_sel = slot == sel;
        if (is_sel && whyline) {
            char why_txt[400];
            why_line(&why, why_txt, sizeof why_txt);
            ws_tui_text(w, y + 1, 0, tw, ws_tui_attr(WS_CP_WARN), "  why: %s", why_txt);
            extra = 1;
        }
        ws_warp_info wi;
        ws_gpu_warp(g, sm, slot, &wi);
        int base = is_sel ? ws_tui_attr(WS_CP_SELECTED) : WS_CP_NORMAL;
        if (!wi.valid) {
            ws_tui_text(w, y, 0, tw, is_sel ? base : ws_tui_attr(WS_CP_DIM), "%c%4" PRIu32 "  (empty)%*s",
                        is_sel ? '>' : ' ', slot, tw > 15 ? tw - 15 : 0, "");
            continue;
        }
        if (is_sel)     /* the whole row in reverse video */
            ws_tui_text(w, y, 0, tw, base, "%*s", tw, "");
        char pcs[16], lines[16];
        snprintf(pcs, sizeof pcs, wi.exited ? "-" : "%" PRIu32, wi.pc);
        snprintf(lines, sizeof lines, wi.exited ? "-" : "%" PRIu32, wi.line);
        if (narrow)
            ws_tui_text(w, y, 0, left, base, "%c%4" PRIu32 " %4" PRIu32 " %6s %5s", is_sel ? '>' : ' ', slot,
                        wi.warp, ws_views1_cta(b1, sizeof b1, wi.cta), lines);
        else
            ws_tui_text(w, y, 0, left, base, "%c%4" PRIu32 " %4" PRIu32 " %6s %4s %5s", is_sel ? '>' : ' ', slot,
                        wi.warp, ws_views1_cta(b1, sizeof b1, wi.cta), pcs, lines);
        if (textw > 0)
            ws_tui_text(w, y, left, textw, base, "%s",
                        wi.exited ? "exited" : ws_views1_insn(m, wi.func, wi.pc, txt, sizeof txt));
        if (cells)
            ws_tui_lanes(w, y, xl, wi.active, base, t->ascii);
        else if (lanes_w)
            ws_tui_text(w, y, xl, 8, base, "%08" PRIx32, wi.active);
        ws_tui_text(w, y, xs, 16, ws_tui_stall_pair(wi.stall) | (is_sel ? (int)A_REVERSE : 0), "%-16s",
                    ws_stall_name(wi.stall));
        if (narrow)
            ws_tui_text(w, y, xf, tw - xf, base, "%6s %6s", ws_views1_num(b2, sizeof b2, ws_views1_age(g, wi.since), 6),
                        ws_views1_num(b3, sizeof b3, wi.insns, 6));
        else
            ws_tui_text(w, y, xf, tw - xf, base, "%6s %3" PRIu32 " %6s",
                        ws_views1_num(b2, sizeof b2, ws_views1_age(g, wi.since), 6), wi.outstanding,
                        ws_views1_num(b3, sizeof b3, wi.insns, 6));
    }
    if (nshown == 0)
        ws_tui_text(w, 2, 1, tw - 1, ws_tui_attr(WS_CP_DIM), "no warps resident on this SM");

    if (detail && rows >= 4) {
        ws_warp_info wi;
        ws_gpu_warp(g, sm, sel, &wi);
        int y = rows - 1;
        if (wi.valid) {
            int xx = ws_tui_text(w, y, 0, tw, A_BOLD, "slot %" PRIu32 ":", sel);
            ws_tui_lanes(w, y, xx + 1, wi.active, WS_CP_NORMAL, t->ascii);
            xx += 34;
            if (wi.exited)
                ws_tui_text(w, y, xx, tw - xx, WS_CP_NORMAL, "exited");
            else
                ws_tui_text(w, y, xx, tw - xx, WS_CP_NORMAL, "line %" PRIu32 "  %s", wi.line,
                            ws_views1_insn(m, wi.func, wi.pc, txt, sizeof txt));
        } else {
            ws_tui_text(w, y, 0, tw, ws_tui_attr(WS_CP_DIM), "slot %" PRIu32 " is empty", sel);
        }
    }
    if (panel)
        draw_sm_panel(t, w, 0, tw + 1, rows, panel, sm);
}

static bool key(ws_tui *t, int k)
{
    ws_view_state *vs = ws_tui_vstate(t, &ws_view_warps);
    if (k == 'e') {
        vs->sub ^= SHOW_EMPTY;
        return true;
    }
    if (!t->g)
        return false;
    if (k == '\n' || k == '\r' || k == KEY_ENTER) {
        int v = ws_views1_index("warp");
        if (v < 0)
            return false;
        t->view = v;
        return true;
    }
    uint32_t list[MAX_SLOTS];
    uint32_t sm = ws_views1_sm(t), sel = ws_views1_slot(t);
    uint32_t n = shown_slots(t, vs, sm, sel, list, MAX_SLOTS);
    if (n == 0)
        return false;
    int cur = 0;
    for (uint32_t i = 0; i < n; i++)
        if (list[i] == sel)
            cur = (int)i;
    int page = t->rows > 8 ? t->rows - 8 : 1, to;
    switch (k) {
    case KEY_UP: case 'k': to = cur - 1; break;
    case KEY_DOWN: case 'j': to = cur + 1; break;
    case KEY_PPAGE: to = cur - page; break;
    case KEY_NPAGE: to = cur + page; break;
    case KEY_HOME: to = 0; break;
    case KEY_END: to = (int)n - 1; break;
    default: return false;
    }
    if (to < 0)
        to = 0;
    if (to >= (int)n)
        to = (int)n - 1;
    t->slot = list[to];
    return true;
}

const ws_view ws_view_warps = {
    .name = "warps",
    .title = "Warps",
    .draw = draw,
    .key = key,
    .sample = NULL,
};
