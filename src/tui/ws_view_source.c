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
 * selected warp again; 'v' shows the PTX, the PTX with its CUDA lines
 * interleaved (a CUDA row before each instruction whose .loc changes), or
 * the CUDA lines alone with the counters of their instructions summed (the
 * function's main .cu file, lines from its first to its last instruction,
 * then the lines of other files, such as CUDA headers whose code was
 * inlined, as FILE:LINE).  The .cu is read from beside the .ptx
 * (ws_tui_cu_line); without .loc the CUDA modes show the PTX.
 * vs.cursor is a row (labels and CUDA lines are rows), vs.sub bit 0: the
 * user moved the cursor, bits 1-2: the mode. */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu_dbg.h"
#include "tui/ws_view_source.h"
#include "tui/ws_views1.h"

#define SCROLLED 1
#define MODE_SHIFT 1
#define MODE_MASK (3 << MODE_SHIFT)
#define MAX_MARK 1024
#define WIDE_MIN 120

enum { MODE_PTX, MODE_BOTH, MODE_CUDA, NMODES };
static const char *const mode_name[NMODES] = { "PTX", "PTX+CUDA", "CUDA" };

/* A row of the view: a label, an instruction, or a CUDA line (file index
 * into the module's .file table, line). */
enum { ROW_LABEL, ROW_INSN, ROW_CU };
typedef struct srow {
    uint8_t kind;
    uint16_t file;
    uint32_t a;          /* LABEL: label index; INSN: pc; CU: CUDA line */
} srow;

typedef struct rowset {
    srow *r;
    int n, cap;
    int mode;            /* the mode drawn (CUDA modes fall back to PTX without .loc) */
    uint16_t main_file;  /* CUDA: the function's main file */
    uint32_t lo;         /* CUDA: first line of the main file shown */
} rowset;

static int vmode(const ws_view_state *vs) { return (vs->sub & MODE_MASK) >> MODE_SHIFT; }

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

static void push_row(rowset *rs, uint8_t kind, uint16_t file, uint32_t a)
{
    if (rs->n == rs->cap) {
        int cap = rs->cap ? rs->cap * 2 : 256;
        srow *nr = realloc(rs->r, (size_t)cap * sizeof *nr);
        if (!nr)
            return;         /* (out of memory: fewer rows) */
        rs->r = nr;
        rs->cap = cap;
    }
    rs->r[rs->n++] = (srow){ .kind = kind, .file = file, .a = a };
}

/* Whether instruction pc has a usable .loc. */
static bool has_cu(const ws_ptx_module *m, const ws_ptx_func *f, uint32_t pc)
{
    uint32_t l;
    return ws_ptx_insn_cu(m, &f->insns[pc], &l) != NULL;
}

static int cmp_cu(const void *a, const void *b)
{
    const srow *x = a, *y = b;
    if (x->file != y->file)
        return x->file < y->file ? -1 : 1;
    return x->a < y->a ? -1 : x->a > y->a;
}

static void build_rows(const ws_ptx_module *m, const ws_ptx_func *f, int mode, rowset *rs)
{
    rs->n = 0;
    bool any = false;
    for (uint32_t pc = 0; pc < f->ninsns && !any; pc++)
        any = has_cu(m, f, pc);
    rs->mode = any ? mode : MODE_PTX;
    if (rs->mode == MODE_CUDA) {
        /* the main file: the one most instructions come from */
        uint32_t best = 0, bestn = 0;
        for (uint32_t fi = 0; fi < m->nfiles; fi++) {
            uint32_t n = 0;
            for (uint32_t pc = 0; pc < f->ninsns; pc++)
                n += has_cu(m, f, pc) && f->insns[pc].src_file == fi;
            if (n > bestn) {
                best = fi;
                bestn = n;
            }
        }
        uint32_t lo = UINT32_MAX, hi = 0;
        for (uint32_t pc = 0; pc < f->ninsns; pc++)
            if (has_cu(m, f, pc) && f->insns[pc].src_file == best) {
                uint32_t l = f->insns[pc].src_line;
                if (l < lo) lo = l;
                if (l > hi) hi = l;
            }
        rs->main_file = (uint16_t)best;
        rs->lo = lo;
        for (uint32_t l = lo; l <= hi; l++)
            push_row(rs, ROW_CU, (uint16_t)best, l);
        int first_other = rs->n;
        for (uint32_t pc = 0; pc < f->ninsns; pc++) {
            const ws_ptx_insn *in = &f->insns[pc];
            if (!has_cu(m, f, pc) || in->src_file == best)
                continue;
            bool seen = false;
            for (int i = first_other; i < rs->n && !seen; i++)
                seen = rs->r[i].file == in->src_file && rs->r[i].a == in->src_line;
            if (!seen)
                push_row(rs, ROW_CU, in->src_file, in->src_line);
        }
        if (rs->n > first_other)
            qsort(rs->r + first_other, (size_t)(rs->n - first_other), sizeof *rs->r, cmp_cu);
        return;
    }
    uint32_t nl = labels_sorted(f) ? f->nlabels : 0, li = 0;
    uint32_t cur_line = 0, cur_file = UINT32_MAX;
    for (uint32_t pc = 0; pc <= f->ninsns; pc++) {
        while (li < nl && f->labels[li].insn <= pc)
            push_row(rs, ROW_LABEL, 0, li++);
        if (pc == f->ninsns)
            break;
        const ws_ptx_insn *in = &f->insns[pc];
        if (rs->mode == MODE_BOTH && has_cu(m, f, pc) && (in->src_line != cur_line || in->src_file != cur_file)) {
            cur_line = in->src_line;
            cur_file = in->src_file;
            push_row(rs, ROW_CU, in->src_file, in->src_line);
        }
        push_row(rs, ROW_INSN, 0, pc);
    }
}

/* The row of instruction pc (in the CUDA mode: of its CUDA line). */
static int row_of_pc(const rowset *rs, const ws_ptx_func *f, uint32_t pc)
{
    if (pc >= f->ninsns)
        pc = f->ninsns ? f->ninsns - 1 : 0;
    for (int i = 0; i < rs->n; i++) {
        const srow *r = &rs->r[i];
        if (rs->mode == MODE_CUDA ? r->kind == ROW_CU && f->ninsns && r->file == f->insns[pc].src_file &&
                                        r->a == f->insns[pc].src_line
                                  : r->kind == ROW_INSN && r->a == pc)
            return i;
    }
    return 0;
}

/* The first instruction of row r (a label's, the next one; a CUDA line's,
 * its first instruction); UINT32_MAX when none. */
static uint32_t row_pc(const rowset *rs, const ws_ptx_func *f, int r)
{
    for (int i = r; i < rs->n; i++) {
        const srow *x = &rs->r[i];
        if (x->kind == ROW_INSN)
            return x->a;
        if (x->kind == ROW_LABEL)
            return f->labels[x->a].insn < f->ninsns ? f->labels[x->a].insn : UINT32_MAX;
        if (rs->mode == MODE_CUDA) {
            for (uint32_t pc = 0; pc < f->ninsns; pc++)
                if (f->insns[pc].src_file == x->file && f->insns[pc].src_line == x->a)
                    return pc;
            return UINT32_MAX;
        }
    }
    return UINT32_MAX;
}

static bool brk_match(const ws_brk *b, const ws_ptx_module *m, const ws_ptx_func *f, const ws_ptx_func *kf, uint32_t pc)
{
    if (b->kind == WS_BRK_PC)
        return b->pc == pc && (b->func ? b->func : kf) == f;
    if (b->kind == WS_BRK_LINE)
        return b->line == f->insns[pc].line;
    if (b->kind == WS_BRK_CU) {
        uint32_t l;
        const char *cf = ws_ptx_insn_cu(m, &f->insns[pc], &l);
        return cf && l == b->line && (!b->file[0] || !strcmp(cf, b->file));
    }
    return false;
}

static bool brk_here(ws_gpu *g, const ws_ptx_module *m, const ws_ptx_func *f, const ws_ptx_func *kf, uint32_t pc,
                     bool *enabled)
{
    uint32_t n = ws_gpu_brk_count(g);
    bool any = false;
    for (uint32_t i = 0; i < n; i++) {
        const ws_brk *b = ws_gpu_brk_at(g, i);
        if (!b || !brk_match(b, m, f, kf, pc))
            continue;
        any = true;
        if (!b->disabled)
            *enabled = true;
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

/* The counters of one instruction. */
static void insn_counts(ws_gpu *g, const ws_ptx_func *f, uint32_t pc, uint64_t c[4])
{
    uint64_t ins = 0, acc = 0, mis = 0;
    ws_gpu_line_counts(g, f, pc, &ins, &acc, &mis);
    uint64_t ex = ws_gpu_line_execs(g, f, pc);     /* every instruction, while recording */
    if (ex > ins) ins = ex;
    c[0] = ins;
    c[1] = mis;
    c[2] = ws_gpu_line_stalls(g, f, pc);
    c[3] = acc;
}

/* A CUDA file's base name ("?" when undeclared). */
static const char *file_name(const ws_ptx_module *m, uint16_t fi)
{
    const char *n = fi < m->nfiles && m->files[fi] ? m->files[fi] : "?";
    const char *b = strrchr(n, '/');
    return b ? b + 1 : n;
}

/* A CUDA source line with tabs as spaces (4 columns). */
static void cu_text(ws_tui *t, const ws_ptx_module *m, uint16_t fi, uint32_t line, char *buf, size_t size)
{
    const char *src = fi < m->nfiles ? ws_tui_cu_line(t, m->path, m->files[fi], line) : NULL;
    size_t n = 0;
    if (!src) {
        snprintf(buf, size, "(%s not found beside the PTX)", file_name(m, fi));
        return;
    }
    for (; *src && n + 1 < size; src++) {
        if (*src == '\t') {
            do
                buf[n++] = ' ';
            while (n % 4 && n + 1 < size);
        } else {
            buf[n++] = *src;
        }
    }
    buf[n] = 0;
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
    rowset rs = { 0 };
    build_rows(m, f, vmode(vs), &rs);

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
    int nrows = rs.n;
    int h = rows - 2;
    if (h < 1)
        h = 1;
    if (!(vs->sub & SCROLLED) && sel_pc != UINT32_MAX) {
        vs->cursor = row_of_pc(&rs, f, sel_pc);
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
    x += ws_tui_text(w, 0, x, cols - x, WS_CP_NORMAL, "  [%s%s]", mode_name[rs.mode],
                     rs.mode != vmode(vs) ? ": no .loc" : "");
    if (vs->sub & SCROLLED)
        ws_tui_text(w, 0, x, cols - x, ws_tui_attr(WS_CP_WARN), "  (scrolled; '.' follows slot %" PRIu32 ")", slot);
    else if (sel_pc != UINT32_MAX)
        ws_tui_text(w, 0, x, cols - x, WS_CP_NORMAL, "  following slot %" PRIu32, slot);
    if (rows < 2) {
        free(rs.r);
        return;
    }
    bool cuda = rs.mode == MODE_CUDA;
    int xt = wide ? 44 : 35;
    ws_tui_text(w, 1, 0, cols, A_BOLD, "B %2s %5s %7s %7s %7s", "W", cuda ? "cu" : "line", "execs", "misses", "stall");
    if (wide)
        ws_tui_text(w, 1, 35, cols - 35, A_BOLD, " %7s", "reqs");
    if (cuda)
        x = xt + ws_tui_text(w, 1, xt, cols - xt, A_BOLD, "CUDA %s", file_name(m, rs.main_file));
    else
        x = xt + ws_tui_text(w, 1, xt, cols - xt, A_BOLD, "%s",
                             rs.mode == MODE_BOTH ? "PTX (CUDA lines above their PTX)" : "PTX");
    /* whose counts: every SM and warp; W is the selected SM's */
    uint32_t nlaunch = ws_gpu_launch_number(g);
    char span[32];
    if (nlaunch > 1) snprintf(span, sizeof span, "launches 1-%" PRIu32, nlaunch);
    else snprintf(span, sizeof span, "launch 1");
    ws_tui_text(w, 1, x, cols - x, ws_tui_attr(WS_CP_DIM), "   counts: every SM and warp, %s; W: SM %" PRIu32,
                span, sm);

    char txt[256], b1[16], b2[16], b3[16], b4[16];
    for (int r = 0; r < h && vs->scroll + r < nrows; r++) {
        int row = vs->scroll + r;
        const srow *sr = &rs.r[row];
        int y = 2 + r;
        bool is_cur = row == vs->cursor;
        if (sr->kind == ROW_LABEL) {
            int attr = is_cur ? ws_tui_attr(WS_CP_SELECTED) : ws_tui_attr(WS_CP_DIM);
            if (is_cur)
                ws_tui_text(w, y, 0, cols, attr, "%*s", cols, "");
            ws_tui_text(w, y, xt - 4, cols - (xt - 4), attr, "%s:", f->labels[sr->a].name ? f->labels[sr->a].name : "?");
            continue;
        }
        if (sr->kind == ROW_CU && !cuda) {
            /* PTX+CUDA: the CUDA line above its instructions */
            int attr = is_cur ? ws_tui_attr(WS_CP_SELECTED) : ws_tui_attr(WS_CP_TITLE);
            if (is_cur)
                ws_tui_text(w, y, 0, cols, attr, "%*s", cols, "");
            cu_text(t, m, sr->file, sr->a, txt, sizeof txt);
            int n = ws_tui_text(w, y, 2, xt - 3, attr, "%s:%" PRIu32, file_name(m, sr->file), sr->a);
            (void)n;
            ws_tui_text(w, y, xt, cols - xt, attr, "%s", txt);
            continue;
        }
        /* an instruction, or a CUDA line with its instructions' sums */
        uint64_t c[4] = { 0 }, one[4];
        int nw = 0;
        bool is_sel = false, bk = false, en = false, has = false;
        for (uint32_t pc = 0; pc < f->ninsns; pc++) {
            if (sr->kind == ROW_INSN ? pc != sr->a
                                     : f->insns[pc].src_file != sr->file || f->insns[pc].src_line != sr->a ||
                                           !has_cu(m, f, pc))
                continue;
            has = true;
            insn_counts(g, f, pc, one);
            for (int i = 0; i < 4; i++)
                c[i] += one[i];
            for (uint32_t i = 0; i < nmark; i++)
                nw += marks[i] == pc;
            is_sel |= pc == sel_pc;
            bk |= brk_here(g, m, f, kf, pc, &en);
        }
        int attr = is_cur ? ws_tui_attr(WS_CP_SELECTED) : is_sel ? (int)A_BOLD | ws_tui_attr(WS_CP_WARN)
                 : cuda && !has ? ws_tui_attr(WS_CP_DIM) : WS_CP_NORMAL;
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
        uint32_t shown = sr->kind == ROW_INSN ? f->insns[sr->a].line : sr->a;
        ws_tui_text(w, y, 1, cols - 1, attr, " %s%c%5" PRIu32 " %7s %7s %7s", wc, is_sel ? '>' : ' ', shown,
                    cnt(b1, sizeof b1, c[0]), cnt(b2, sizeof b2, c[1]), cnt(b3, sizeof b3, c[2]));
        if (wide)
            ws_tui_text(w, y, 35, cols - 35, attr, " %7s", cnt(b4, sizeof b4, c[3]));
        if (sr->kind == ROW_INSN) {
            ws_tui_text(w, y, xt, cols - xt, attr, "%s", ws_views1_insn(m, f, sr->a, txt, sizeof txt));
        } else {
            cu_text(t, m, sr->file, sr->a, txt, sizeof txt);
            if (sr->file != rs.main_file) {
                int n = ws_tui_text(w, y, xt, cols - xt, attr, "%s:%" PRIu32 ": ", file_name(m, sr->file), sr->a);
                ws_tui_text(w, y, xt + n, cols - xt - n, attr, "%s", txt);
            } else {
                ws_tui_text(w, y, xt, cols - xt, attr, "%s", txt);
            }
        }
    }
    free(rs.r);
}

static bool key(ws_tui *t, int k)
{
    ws_view_state *vs = ws_tui_vstate(t, &ws_view_source);
    if (k == '.') {
        vs->sub &= ~SCROLLED;
        return true;
    }
    if (k == 'v') {
        int mo = (vmode(vs) + 1) % NMODES;
        vs->sub = (vs->sub & ~MODE_MASK) | (mo << MODE_SHIFT);
        vs->sub &= ~SCROLLED;       /* follow the warp in the new rows */
        ws_tui_message(t, false, "source view: %s", mode_name[mo]);
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
            rowset rs = { 0 };
            build_rows(m, f, vmode(vs), &rs);
            vs->cursor = row_of_pc(&rs, f, pc);
            free(rs.r);
            vs->sub |= SCROLLED;
            return (int)pc;
        }
    }
    return -1;
}

/* The row under the cursor (the selected warp's while following). */
static int cursor_row(ws_tui *t, const ws_ptx_func *f, uint32_t sel_pc, const rowset *rs)
{
    ws_view_state *vs = ws_tui_vstate(t, &ws_view_source);
    int r = vs->cursor < 0 ? 0 : vs->cursor >= rs->n ? rs->n - 1 : vs->cursor;
    if (!(vs->sub & SCROLLED) && sel_pc != UINT32_MAX)
        r = row_of_pc(rs, f, sel_pc);
    return r;
}

int ws_view_source_cursor(ws_tui *t, const ws_ptx_func **fp, uint32_t *pcp, uint32_t *linep)
{
    uint32_t sel_pc;
    const ws_ptx_func *f = cur_func(t, &sel_pc);
    const ws_ptx_module *m = ws_views1_module(t->g);
    if (!f || !m || f->ninsns == 0)
        return -1;
    rowset rs = { 0 };
    build_rows(m, f, vmode(ws_tui_vstate(t, &ws_view_source)), &rs);
    uint32_t pc = rs.n ? row_pc(&rs, f, cursor_row(t, f, sel_pc, &rs)) : UINT32_MAX;
    free(rs.r);
    if (pc >= f->ninsns)
        pc = f->ninsns - 1;
    *fp = f;
    *pcp = pc;
    *linep = f->insns[pc].line;
    return 0;
}

int ws_view_source_cursor_cu(ws_tui *t, const char **file, uint32_t *line)
{
    uint32_t sel_pc;
    const ws_ptx_func *f = cur_func(t, &sel_pc);
    const ws_ptx_module *m = ws_views1_module(t->g);
    if (!f || !m || f->ninsns == 0)
        return -1;
    rowset rs = { 0 };
    build_rows(m, f, vmode(ws_tui_vstate(t, &ws_view_source)), &rs);
    int ret = -1;
    if (rs.n) {
        const srow *r = &rs.r[cursor_row(t, f, sel_pc, &rs)];
        if (r->kind == ROW_CU) {
            *file = file_name(m, r->file);
            *line = r->a;
            ret = 0;
        }
    }
    free(rs.r);
    return ret;
}

const ws_view ws_view_source = {
    .name = "source",
    .title = "Source",
    .draw = draw,
    .key = key,
    .sample = NULL,
};
