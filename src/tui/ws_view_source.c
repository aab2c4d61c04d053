/* ws_view_source.c: the PTX of the running function with per-instruction
 * counters and markers.
 *
 *   kernel bfs_kernel  92 instructions  SM 3: 24 warps  following slot 5
 *   B  W  line   execs  misses   stall  PTX
 *         $L__BB0_3:
 *   B  3> 142    1234     210   45.6K  ld.global.u32 %r31, [%rd5];
 *
 * B: a breakpoint on that pc or line (b when disabled); W: how many warps
 * of the selected SM have it as their next instruction; '>' the selected
 * warp's next instruction (bold).  execs: warp instructions issued there
 * (ws_gpu_line_execs while recording, which the TUI turns on at the first
 * launch; ws_gpu_line_counts for memory instructions); misses: L1 misses
 * (ws_gpu_line_counts, all launches so far); stall: stall
 * cycles of warps waiting there while recording (ws_gpu_line_stalls); from
 * 120 columns also the requests (accesses).  Zero counts are left blank.  The function shown is the selected warp's (a .func while it
 * runs one), else the kernel.  The view follows the selected warp until the
 * user moves the cursor; '.' follows again.  The column heads' row ends
 * with whose counts they are (every SM and warp, launches 1 to N; W: the
 * selected SM).
 *
 * Keys: up/down/j/k, PgUp/PgDn, Home/End move the cursor; '.' follows the
 * selected warp again.  vs.cursor is a row (labels are rows), vs.sub bit 0:
 * the user moved the cursor. */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu_dbg.h"
#include "tui/ws_view_source.h"
#include "tui/ws_views1.h"

#define SCROLLED 1
#define MAX_MARK 1024
#define WIDE_MIN 120

/* The function shown and the selected warp's pc in it (UINT32_MAX: none). */
static const ws_ptx_func *cur_func(ws_tui *t, uint32_t *sel_pc)
{
    *sel_pc = UINT32_MAX;
    if (!t->g || !ws_gpu_launch_active(t->g))
        return NULL;
    ws_warp_info wi;
    ws_gpu_warp(t->g, ws_views1_sm(t), ws_views1_slot(t), &wi);
    if (wi.valid && wi.func) {
        *sel_pc = wi.pc;
        return wi.func;
    }
    const ws_kernel *k = ws_gpu_kernel(t->g);
    return k ? ws_kernel_func(k) : NULL;
}

/* Labels become rows of their own when they are in instruction order (as
 * the parser records them). */
static bool labels_sorted(const ws_ptx_func *f)
{
    for (uint32_t i = 1; i < f->nlabels; i++)
        if (f->labels[i].insn < f->labels[i - 1].insn)
            return false;
    return true;
}

static uint32_t nlabel_rows(const ws_ptx_func *f) { return labels_sorted(f) ? f->nlabels : 0; }

static int row_of_pc(const ws_ptx_func *f, uint32_t pc)
{
    if (pc > f->ninsns)
        pc = f->ninsns;
    uint32_t n = 0, nl = nlabel_rows(f);
    for (uint32_t i = 0; i < nl; i++)
        if (f->labels[i].insn <= pc)
            n++;
    return (int)(pc + n);
}

/* What row r is: an instruction (returns its pc) or a label (returns -1 -
 * label index). */
static int64_t row_item(const ws_ptx_func *f, int r)
{
    uint32_t nl = nlabel_rows(f), li = 0, pc = 0;
    for (int row = 0; pc < f->ninsns || li < nl; row++) {
        bool lab = li < nl && (f->labels[li].insn <= pc || pc >= f->ninsns);
        if (row == r)
            return lab ? -1 - (int64_t)li : (int64_t)pc;
        if (lab)
            li++;
        else
            pc++;
    }
    return (int64_t)f->ninsns - 1;
}

static bool brk_here(ws_gpu *g, const ws_ptx_func *f, const ws_ptx_func *kf, uint32_t pc, bool *enabled)
{
    uint32_t n = ws_gpu_brk_count(g);
    bool any = false;
    *enabled = false;
    for (uint32_t i = 0; i < n; i++) {
        const ws_brk *b = ws_gpu_brk_at(g, i);
        if (!b)
            continue;
        bool hit = (b->kind == WS_BRK_PC && b->pc == pc && (b->func ? b->func : kf) == f) ||
                   (b->kind == WS_BRK_LINE && b->line == f->insns[pc].line);
        if (hit) {
            any = true;
            if (!b->disabled)
                *enabled = true;
        }
    }
    return any;
}

/* A counter in 7 columns, blank when 0 (instructions that are not memory
 * instructions have no counts). */
static const char *cnt(char *buf, size_t size, uint64_t v)
{
    if (v == 0) {
        snprintf(buf, size, " ");
        return buf;
    }
    return ws_views1_num(buf, size, v, 7);
}

static void draw(ws_tui *t, WINDOW *w, int rows, int cols)
{
    if (ws_views1_idle(t, w, rows, cols, true))
        return;
    ws_gpu *g = t->g;
    ws_view_state *vs = ws_tui_vstate(t, &ws_view_source);
    uint32_t sel_pc;
    const ws_ptx_func *f = cur_func(t, &sel_pc);
    const ws_ptx_module *m = ws_views1_module(g);
    const ws_kernel *k = ws_gpu_kernel(g);
    const ws_ptx_func *kf = k ? ws_kernel_func(k) : NULL;
    if (!f || !m || f->ninsns == 0) {
        ws_tui_text(w, 0, 1, cols - 1, A_BOLD, "No PTX to show.");
        return;
    }
    uint32_t sm = ws_views1_sm(t), slot = ws_views1_slot(t);

    /* the warps of the selected SM in this function: their pcs */
    uint32_t marks[MAX_MARK], nmark = 0, nres = 0;
    uint32_t nslots = ws_gpu_warp_slots(g);
    for (uint32_t i = 0; i < nslots; i++) {
        ws_warp_info wi;
        ws_gpu_warp(g, sm, i, &wi);
        if (!wi.valid)
            continue;
        nres++;
        if (wi.func == f && nmark < MAX_MARK)
            marks[nmark++] = wi.pc;
    }

    bool wide = cols >= WIDE_MIN;
    int nrows = (int)(f->ninsns + nlabel_rows(f));
    int h = rows - 2;
    if (h < 1)
        h = 1;
    if (!(vs->sub & SCROLLED) && sel_pc != UINT32_MAX) {
        vs->cursor = row_of_pc(f, sel_pc);
        vs->scroll = vs->cursor - h / 3;
    }
    if (vs->cursor >= nrows)
        vs->cursor = nrows - 1;
    if (vs->cursor < 0)
        vs->cursor = 0;
    if (vs->scroll > vs->cursor)
        vs->scroll = vs->cursor;
    if (vs->cursor >= vs->scroll + h)
        vs->scroll = vs->cursor - h + 1;
    if (vs->scroll > nrows - h)
        vs->scroll = nrows - h;
    if (vs->scroll < 0)
        vs->scroll = 0;

    /* title and column heads */
    int x = ws_tui_text(w, 0, 0, cols, A_BOLD, "%s %s", f->is_entry ? "kernel" : "function", f->name ? f->name : "?");
    if (f != kf && kf && kf->name)
        x += ws_tui_text(w, 0, x, cols - x, WS_CP_NORMAL, " (called from %s)", kf->name);
    x += ws_tui_text(w, 0, x, cols - x, WS_CP_NORMAL, "  %" PRIu32 " instructions  SM %" PRIu32 ": %" PRIu32 " warps",
                     f->ninsns, sm, nres);
    if (vs->sub & SCROLLED)
        ws_tui_text(w, 0, x, cols - x, ws_tui_attr(WS_CP_WARN), "  (scrolled; '.' follows slot %" PRIu32 ")", slot);
    else if (sel_pc != UINT32_MAX)
        ws_tui_text(w, 0, x, cols - x, WS_CP_NORMAL, "  following slot %" PRIu32, slot);
    if (rows < 2)
        return;
    int xt = wide ? 44 : 35;
    ws_tui_text(w, 1, 0, cols, A_BOLD, "B %2s %5s %7s %7s %7s", "W", "line", "execs", "misses", "stall");
    if (wide)
        ws_tui_text(w, 1, 35, cols - 35, A_BOLD, " %7s", "reqs");
    x = xt + ws_tui_text(w, 1, xt, cols - xt, A_BOLD, "PTX");
    /* whose counts: every SM and warp; W is the selected SM's */
    uint32_t nlaunch = ws_gpu_launch_number(g);
    char span[32];
    if (nlaunch > 1) snprintf(span, sizeof span, "launches 1-%" PRIu32, nlaunch);
    else snprintf(span, sizeof span, "launch 1");
    ws_tui_text(w, 1, x, cols - x, ws_tui_attr(WS_CP_DIM), "   counts: every SM and warp, %s; W: SM %" PRIu32,
                span, sm);

    /* rows: walk from the first shown */
    uint32_t nl = nlabel_rows(f), li = 0, pc = 0;
    int row = 0;
    while (row < vs->scroll) {
        if (li < nl && f->labels[li].insn <= pc)
            li++;
        else
            pc++;
        row++;
    }
    char txt[192], b1[16], b2[16], b3[16], b4[16];
    for (int r = 0; r < h && row < nrows; r++, row++) {
        int y = 2 + r;
        bool is_cur = row == vs->cursor;
        if (li < nl && f->labels[li].insn <= pc) {
            int attr = is_cur ? ws_tui_attr(WS_CP_SELECTED) : ws_tui_attr(WS_CP_DIM);
            if (is_cur)
                ws_tui_text(w, y, 0, cols, attr, "%*s", cols, "");
            ws_tui_text(w, y, xt - 4, cols - (xt - 4), attr, "%s:", f->labels[li].name ? f->labels[li].name : "?");
            li++;
            continue;
        }
        if (pc >= f->ninsns)
            break;
        const ws_ptx_insn *in = &f->insns[pc];
        int nw = 0;
        for (uint32_t i = 0; i < nmark; i++)
            if (marks[i] == pc)
                nw++;
        bool en, bk = brk_here(g, f, kf, pc, &en);
        bool is_sel = pc == sel_pc;
        uint64_t ins = 0, acc = 0, mis = 0;
        ws_gpu_line_counts(g, f, pc, &ins, &acc, &mis);
        uint64_t ex = ws_gpu_line_execs(g, f, pc);     /* every instruction, while recording */
        if (ex > ins) ins = ex;
        uint64_t st = ws_gpu_line_stalls(g, f, pc);
        int attr = is_cur ? ws_tui_attr(WS_CP_SELECTED) : is_sel ? (int)A_BOLD | ws_tui_attr(WS_CP_WARN) : WS_CP_NORMAL;
        if (is_cur || is_sel)
            ws_tui_text(w, y, 0, cols, attr, "%*s", cols, "");
        char wc[3] = "  ";
        if (nw > 99)
            nw = 99;
        if (nw) {
            wc[0] = nw >= 10 ? (char)('0' + nw / 10) : ' ';
            wc[1] = (char)('0' + nw % 10);
        }
        ws_tui_text(w, y, 0, 1, bk ? ws_tui_attr(WS_CP_ERROR) | (is_cur ? (int)A_REVERSE : 0) : attr, "%c",
                    bk ? (en ? 'B' : 'b') : ' ');
        ws_tui_text(w, y, 1, cols - 1, attr, " %s%c%5" PRIu32 " %7s %7s %7s", wc, is_sel ? '>' : ' ', in->line,
                    cnt(b1, sizeof b1, ins), cnt(b2, sizeof b2, mis), cnt(b3, sizeof b3, st));
        if (wide)
            ws_tui_text(w, y, 35, cols - 35, attr, " %7s", cnt(b4, sizeof b4, acc));
        ws_tui_text(w, y, xt, cols - xt, attr, "%s", ws_views1_insn(m, f, pc, txt, sizeof txt));
        pc++;
    }
}

static bool key(ws_tui *t, int k)
{
    ws_view_state *vs = ws_tui_vstate(t, &ws_view_source);
    if (k == '.') {
        vs->sub &= ~SCROLLED;
        return true;
    }
    if (!ws_tui_scroll_key(k, &vs->cursor, t->rows > 8 ? t->rows - 8 : 1))   /* clamped at the next draw */
        return false;
    vs->sub |= SCROLLED;
    return true;
}

/* Case-insensitive substring test. */
static bool contains(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    if (n == 0)
        return true;
    for (; *hay; hay++) {
        size_t i = 0;
        while (i < n && hay[i] && tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
            i++;
        if (i == n)
            return true;
    }
    return false;
}

int ws_view_source_find(ws_tui *t, const char *text, int from)
{
    uint32_t sel_pc;
    const ws_ptx_func *f = cur_func(t, &sel_pc);
    const ws_ptx_module *m = ws_views1_module(t->g);
    if (!f || !m || !text || !text[0] || f->ninsns == 0)
        return -1;
    bool num = true;
    for (const char *p = text; *p; p++)
        if (!isdigit((unsigned char)*p))
            num = false;
    unsigned long line = num ? strtoul(text, NULL, 10) : 0;
    if (from < 0 || (uint32_t)from >= f->ninsns)
        from = 0;
    char txt[192];
    for (uint32_t k = 0; k < f->ninsns; k++) {
        uint32_t pc = ((uint32_t)from + k) % f->ninsns;
        bool hit = num && f->insns[pc].line == line;
        for (uint32_t i = 0; !hit && i < f->nlabels; i++)
            if (f->labels[i].insn == pc && f->labels[i].name && contains(f->labels[i].name, text))
                hit = true;
        if (!hit)
            hit = contains(ws_views1_insn(m, f, pc, txt, sizeof txt), text);
        if (hit) {
            ws_view_state *vs = ws_tui_vstate(t, &ws_view_source);
            vs->cursor = row_of_pc(f, pc);
            vs->sub |= SCROLLED;
            return (int)pc;
        }
    }
    return -1;
}

int ws_view_source_cursor(ws_tui *t, const ws_ptx_func **fp, uint32_t *pcp, uint32_t *linep)
{
    uint32_t sel_pc;
    const ws_ptx_func *f = cur_func(t, &sel_pc);
    if (!f || f->ninsns == 0)
        return -1;
    ws_view_state *vs = ws_tui_vstate(t, &ws_view_source);
    int nrows = (int)(f->ninsns + nlabel_rows(f));
    int r = vs->cursor < 0 ? 0 : vs->cursor >= nrows ? nrows - 1 : vs->cursor;
    if (!(vs->sub & SCROLLED) && sel_pc != UINT32_MAX)
        r = row_of_pc(f, sel_pc);
    int64_t it = row_item(f, r);
    uint32_t pc = it < 0 ? f->labels[-1 - it].insn : (uint32_t)it;
    if (pc >= f->ninsns)
        pc = f->ninsns - 1;
    *fp = f;
    *pcp = pc;
    *linep = f->insns[pc].line;
    return 0;
}

const ws_view ws_view_source = {
    .name = "source",
    .title = "Source",
    .draw = draw,
    .key = key,
    .sample = NULL,
};
