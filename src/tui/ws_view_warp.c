/* ws_view_warp.c: one warp (the selected SM and slot) in detail.
 *
 * Identity (SM, slot, warp in its CTA, CTA, lane shown), the next
 * instruction (pc, line, function, PTX text), its stall reason and for how
 * long, outstanding requests, instructions issued, active and live lanes;
 * then the SIMT stack (top first: pc, line, reconvergence pc, lane mask),
 * the predicates and registers of lane t->lane (hex, signed decimal, and as
 * a number for .f32/.f64 registers; the section's title gives the
 * registers per thread occupancy counts and where that count comes from:
 * "ptxas", "estimate" or "scenario"; a register the warp may not read yet
 * shows "pending (ld.global.u32 line 95, issued 153073)" or "pending
 * (ready at N)" instead of the value the functional engine wrote when the
 * instruction issued), and the warp's last instructions
 * (ws_gpu_warp_history: issue cycle, line, text, lanes that executed).
 * From 120 columns the registers take the right half.
 *
 * When the warp waits, a panel "why it waits" comes first (ws_gpu_warp_wait):
 * the registers, the instruction that writes them (PTX file:line, issue
 * cycle, age) and each of its requests in flight (line address, array,
 * size, where it is now and since when), or the cause of another stall
 * (the barrier and the warps not arrived, the busy pipe, the branch, the
 * LD/ST refusal, the instruction-cache miss).  On a machine with the IRU,
 * a warp that has run a load_iru then shows what it received
 * (ws_gpu_iru_lanes_get): the lanes that got an element, from how many
 * target blocks, why the reply left its partition and after how long, and
 * each lane's index (-: filtered).  On a machine with the MFF, a warp
 * with commands in flight shows them (ws_gpu_mff_cmds): "waiting for the
 * MFF" while it is in pc_wait, each command's words, how many were
 * delivered, its issue cycle and its unit.
 *
 * Keys: left/right/h/l change the lane; up/down/j/k, PgUp/PgDn, Home/End
 * scroll the registers; t shows the life of the first request the warp
 * waits for (ws_tui_req.c); w (or Backspace) goes back to the warps view. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "arch/ws_gpu_dbg.h"
#include "arch/ws_gpu_wait.h"
#include "arch/ws_gpu_mff.h"
#include "arch/ws_gpu_iru.h"
#include "tui/ws_views1.h"

#define TWO_COL_MIN 120

/* --------------------------------------------------------------- registers */
typedef struct reg_fmt {
    int namew, hexw, decw, fw, cellw;
} reg_fmt;

static void reg_layout(const ws_ptx_func *f, reg_fmt *rf)
{
    bool wide = false, fl = false;
    int namew = 4;
    for (uint32_t i = 0; i < f->nregs; i++) {
        ws_ptx_type ty = (ws_ptx_type)f->regs[i].type;
        if (ws_ptx_type_size(ty) > 4)
            wide = true;
        if (ty == WS_T_F32 || ty == WS_T_F64)
            fl = true;
        int n = f->regs[i].name ? (int)strlen(f->regs[i].name) : 0;
        if (n > namew)
            namew = n;
    }
    if (namew > 14)
        namew = 14;
    rf->namew = namew;
    rf->hexw = wide ? 18 : 10;
    rf->decw = wide ? 20 : 11;
    rf->fw = fl ? 14 : 0;
    rf->cellw = namew + 1 + rf->hexw + 1 + rf->decw + (fl ? 1 + rf->fw : 0) + 2;
}

/* One register of one lane as text, in rf's columns. */
static void reg_text(const ws_ptx_func *f, uint32_t r, uint64_t v, const reg_fmt *rf, char *buf, size_t size)
{
    ws_ptx_type ty = (ws_ptx_type)f->regs[r].type;
    unsigned sz = ws_ptx_type_size(ty);
    char hex[24], dec[24], fv[32] = "";
    if (sz >= 8 || sz == 0) {
        snprintf(hex, sizeof hex, "0x%016" PRIx64, v);
        snprintf(dec, sizeof dec, "%" PRId64, (int64_t)v);
    } else {
        unsigned bits = sz * 8;
        uint64_t mask = (1ull << bits) - 1, x = v & mask;
        int64_t sx = (x >> (bits - 1)) & 1 ? (int64_t)(x | ~mask) : (int64_t)x;
        snprintf(hex, sizeof hex, "0x%0*" PRIx64, (int)(sz * 2), x);
        snprintf(dec, sizeof dec, "%" PRId64, sx);
    }
    if (ty == WS_T_F32) {
        uint32_t b = (uint32_t)v;
        float x;
        memcpy(&x, &b, sizeof x);
        snprintf(fv, sizeof fv, "%.7g", (double)x);
    } else if (ty == WS_T_F64) {
        double x;
        memcpy(&x, &v, sizeof x);
        snprintf(fv, sizeof fv, "%.10g", x);
    }
    if (rf->fw)
        snprintf(buf, size, "%-*.*s %-*s %*s %*s", rf->namew, rf->namew, f->regs[r].name ? f->regs[r].name : "?",
                 rf->hexw, hex, rf->decw, dec, rf->fw, fv);
    else
        snprintf(buf, size, "%-*.*s %-*s %*s", rf->namew, rf->namew, f->regs[r].name ? f->regs[r].name : "?",
                 rf->hexw, hex, rf->decw, dec);
}

/* A register the warp may not read yet (ws_gpu_reg_pending): its value as
 * the warp sees it, in at most `room` columns. */
static void pend_text(const ws_reg_pend *p, int room, char *buf, size_t size)
{
    ws_reg_pend_text(p, buf, size);
    if ((int)strlen(buf) <= room) return;
    if (p->load && p->writer)
        snprintf(buf, size, "pending (line %" PRIu32 ", @%" PRIu64 ")", p->line, p->issued);
    else if (!p->load)
        snprintf(buf, size, "pending (@%" PRIu64 ")", p->ready_at);
    if ((int)strlen(buf) > room) snprintf(buf, size, "pending");
}

/* Registers in columns of rf.cellw at (y, x) over h rows and width wd,
 * starting at register row `first`; returns the number of register rows.
 * A register the warp waits for shows as pending, not the value the
 * functional engine wrote at issue. */
static int draw_regs(ws_tui *t, WINDOW *w, int y, int x, int h, int wd, const ws_warp *fw, uint32_t lane, int first)
{
    const ws_ptx_func *f = ws_warp_func(fw);
    if (!f || f->nregs == 0) {
        if (h > 0)
            ws_tui_text(w, y, x, wd, ws_tui_attr(WS_CP_DIM), "(no registers)");
        return 0;
    }
    reg_fmt rf;
    reg_layout(f, &rf);
    int ncol = wd / rf.cellw;
    if (ncol < 1)
        ncol = 1;
    int nrows = ((int)f->nregs + ncol - 1) / ncol;
    char buf[160];
    for (int r = 0; r < h && first + r < nrows; r++)
        for (int c = 0; c < ncol; c++) {
            int i = c * nrows + first + r;      /* column-major: names stay in order */
            if (i >= (int)f->nregs)
                continue;
            if (!ws_warp_reg_live(fw, (uint32_t)i, lane)) {   /* value gone: name only, dimmed */
                ws_tui_text(w, y + r, x + c * rf.cellw, wd - c * rf.cellw, ws_tui_attr(WS_CP_DIM), "%-*.*s -",
                            rf.namew, rf.namew, f->regs[i].name ? f->regs[i].name : "?");
                continue;
            }
            ws_reg_pend p;
            if (ws_gpu_reg_pending(t->g, ws_views1_sm(t), ws_views1_slot(t), (uint32_t)i, &p)) {
                char pt[96];
                int cw = ncol == 1 ? wd : rf.cellw - 1;     /* (one column: the whole width) */
                pend_text(&p, cw - rf.namew - 1, pt, sizeof pt);
                ws_tui_text(w, y + r, x + c * rf.cellw, cw, ws_tui_attr(WS_CP_PENDING), "%-*.*s %s",
                            rf.namew, rf.namew, f->regs[i].name ? f->regs[i].name : "?", pt);
                continue;
            }
            reg_text(f, (uint32_t)i, ws_warp_reg(fw, (uint32_t)i, lane), &rf, buf, sizeof buf);
            ws_tui_text(w, y + r, x + c * rf.cellw, wd - c * rf.cellw, WS_CP_NORMAL, "%s", buf);
        }
    return nrows;
}

static int draw_preds(WINDOW *w, int y, int x, int h, int wd, const ws_warp *fw, uint32_t lane)
{
    const ws_ptx_func *f = ws_warp_func(fw);
    if (!f || f->npreds == 0) {
        if (h > 0)
            ws_tui_text(w, y, x, wd, ws_tui_attr(WS_CP_DIM), "(no predicates)");
        return h > 0;
    }
    int cx = 0, cy = 0;
    for (uint32_t p = 0; p < f->npreds; p++) {
        const char *nm = f->preds[p].name ? f->preds[p].name : "?";
        int len = (int)strlen(nm) + 3;
        if (cx + len > wd && cx > 0) {
            cx = 0;
            cy++;
        }
        if (cy >= h)
            break;
        bool on = (ws_warp_pred(fw, p) >> lane) & 1;
        ws_tui_text(w, y + cy, x + cx, wd - cx, on ? A_BOLD : WS_CP_NORMAL, "%s=%d", nm, on ? 1 : 0);
        cx += len;
    }
    return cy + 1;
}

/* ------------------------------------------------------------ SIMT stack */
static int draw_stack(WINDOW *w, int y, int x, int h, int wd, const ws_warp *fw, bool ascii)
{
    uint32_t depth = ws_warp_stack_depth(fw);
    if (h < 1)
        return 0;
    ws_tui_text(w, y, x, wd, A_BOLD, "  #    pc  line    rpc  lanes");
    int r = 1;
    for (uint32_t k = 0; k < depth && r < h; k++, r++) {
        uint32_t i = depth - 1 - k;          /* top (running entry) first */
        ws_simt_entry e = ws_warp_stack_entry(fw, i);
        const ws_ptx_func *f = NULL;
        uint32_t fpc = 0, line = 0;
        if (ws_warp_frame_info(fw, e.frame, &f, &fpc) == 0 && f && e.pc < f->ninsns)
            line = f->insns[e.pc].line;
        char rpc[16];
        if (e.rpc == UINT32_MAX)
            snprintf(rpc, sizeof rpc, "-");
        else
            snprintf(rpc, sizeof rpc, "%" PRIu32, e.rpc);
        int xx = ws_tui_text(w, y + r, x, wd, k == 0 ? A_BOLD : WS_CP_NORMAL, "%3" PRIu32 " %5" PRIu32 " %5" PRIu32 " %6s  ",
                             i, e.pc, line, rpc);
        if (wd - xx >= 32)
            ws_tui_lanes(w, y + r, x + xx, e.mask, WS_CP_NORMAL, ascii);
        else
            ws_tui_text(w, y + r, x + xx, wd - xx, WS_CP_NORMAL, "%08" PRIx32, e.mask);
    }
    return r;
}

/* ------------------------------------------------------------- history */
static int draw_history(ws_tui *t, WINDOW *w, int y, int x, int h, int wd, uint32_t sm, uint32_t slot)
{
    if (h < 1)
        return 0;
    ws_hist_ent he[WS_HIST_LEN];
    uint32_t n = ws_gpu_warp_history(t->g, sm, slot, he, WS_HIST_LEN);
    if (n == 0) {
        ws_tui_text(w, y, x, wd, ws_tui_attr(WS_CP_DIM), "%s",
                    ws_gpu_dbg_recording(t->g) ? "(no instruction issued yet)" : "(history recording is off)");
        return 1;
    }
    const ws_ptx_module *m = ws_views1_module(t->g);
    bool cells = wd >= 32 + 40;
    int textw = wd - 16 - (cells ? 33 : 9);
    ws_tui_text(w, y, x, wd, A_BOLD, "   cycle  line  %-*s %s", textw > 0 ? textw : 0, "instruction", "lanes");
    char txt[192];
    int r = 1;
    for (uint32_t i = 0; i < n && r < h; i++, r++) {
        int xx = ws_tui_text(w, y + r, x, wd, i == 0 ? A_BOLD : WS_CP_NORMAL, "%8" PRIu64 " %5" PRIu32 "  ",
                             he[i].cycle, he[i].line);
        if (textw > 0)
            ws_tui_text(w, y + r, x + xx, textw, WS_CP_NORMAL, "%s",
                        ws_views1_insn(m, he[i].func, he[i].pc, txt, sizeof txt));
        int xl = xx + (textw > 0 ? textw : 0) + 1;
        if (cells)
            ws_tui_lanes(w, y + r, x + xl, he[i].active, WS_CP_NORMAL, t->ascii);
        else
            ws_tui_text(w, y + r, x + xl, wd - xl, WS_CP_NORMAL, "%08" PRIx32, he[i].active);
    }
    return r;
}

/* ----------------------------------------------------------- why it waits */
#define WAIT_REQ_ROWS 4

/* The line that says what the warp waits for (ws_gpu_wait.h's terms). */
size_t ws_view_warp_wait_line(const ws_wait_info *wi, char *buf, size_t size)
{
    int n;
    if (wi->kind == WS_WAIT_OTHER) {
        n = snprintf(buf, size, "%s: %s", ws_stall_name(wi->stall), wi->cause);
    } else {
        n = snprintf(buf, size, "%s for %s", ws_stall_name(wi->stall), wi->regs[0]);
        for (uint32_t i = 1; i < wi->nregs && n > 0 && (size_t)n < size; i++)
            n += snprintf(buf + n, size - (size_t)n, ", %s", wi->regs[i]);
        if (wi->writer && n > 0 && (size_t)n < size) {
            n += snprintf(buf + n, size - (size_t)n, ", written by %s at %s:%" PRIu32, wi->insn[0] ? wi->insn : "?",
                          wi->file && wi->file[0] ? wi->file : "line", wi->line);
            if (wi->cu_file && n > 0 && (size_t)n < size)
                n += snprintf(buf + n, size - (size_t)n, " (%s:%" PRIu32 ")", wi->cu_file, wi->cu_line);
            if (wi->issued && n > 0 && (size_t)n < size)
            {
                uint64_t age = wi->now > wi->issued ? wi->now - wi->issued : 0;
                n += snprintf(buf + n, size - (size_t)n, ", issued %" PRIu64 " (%" PRIu64 " cycle%s ago)", wi->issued,
                              age, age == 1 ? "" : "s");
            }
        }
        if (n > 0 && (size_t)n < size) {
            if (wi->pending)
                n += snprintf(buf + n, size - (size_t)n, wi->nreq ? "; %" PRIu32 " request%s in flight"
                                                                  : "; no request in flight (L1 or shared)",
                              wi->nreq, wi->nreq == 1 ? "" : "s");
            else
                n += snprintf(buf + n, size - (size_t)n, "; ready at %" PRIu64, wi->ready_at);
        }
    }
    return n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1;
}

/* The panel at row y (at most h rows); returns the rows used. */
static int draw_wait(ws_tui *t, WINDOW *w, int y, int h, int cols, uint32_t sm, uint32_t slot)
{
    ws_wait_info wi;
    if (h < 2 || !ws_gpu_warp_wait(t->g, sm, slot, &wi))
        return 0;
    char buf[320];
    ws_tui_section(w, y, 0, cols, "why it waits", t->ascii);
    ws_view_warp_wait_line(&wi, buf, sizeof buf);
    ws_tui_text(w, y + 1, 1, cols - 1, A_BOLD, "%s", buf);
    int r = 2;
    if (wi.kind == WS_WAIT_REG)
        for (uint32_t i = 0; i < wi.nreq && r < h && i < WAIT_REQ_ROWS; i++, r++) {
            ws_wait_req_text(&wi.req[i], buf, sizeof buf);
            if (i + 1 == WAIT_REQ_ROWS && wi.nreq > WAIT_REQ_ROWS)
                ws_tui_text(w, y + r, 3, cols - 3, WS_CP_NORMAL, "... and %" PRIu32 " more", wi.nreq - i);
            else
                ws_tui_text(w, y + r, 3, cols - 3, WS_CP_NORMAL, "request %s", buf);
        }
    return r;
}

/* ---------------------------------------------------------------- draw */
static int popcount(uint32_t m)
{
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

/* ----------------------------------------------------------- the MFF */
/* The warp's MFF commands in flight (issue 34), oldest first: the first
 * in the title, the others below while rows remain. */
static int draw_mff(ws_tui *t, WINDOW *w, int y, int h, int cols, uint32_t sm, uint32_t slot)
{
    ws_gpu_mff_cmd c[8];
    uint32_t n = ws_gpu_mff_cmds(t->g, sm, slot, c, 8);
    bool waiting = ws_gpu_mff_waiting(t->g, sm, slot);
    if (!n)
        return 0;
    char title[200], where[32];
    bool central = ws_mff_config_get(ws_gpu_mff(t->g, 0))->central;
    if (central) snprintf(where, sizeof where, "the central unit");
    else snprintf(where, sizeof where, "partition %" PRIu32, c[0].unit);
    snprintf(title, sizeof title, "%s: %s of %" PRIu64 " words, %" PRIu64 " delivered, issued at cycle %" PRIu64
             ", %s%s", waiting ? "waiting for the MFF" : "MFF commands in flight",
             c[0].kind == WS_MFF_GATHER ? "command" : "scatter-set", c[0].words, c[0].delivered, c[0].t_issue,
             where, n > 1 ? " (oldest)" : "");
    ws_tui_section(w, y, 0, cols, title, t->ascii);
    int used = 1;
    for (uint32_t i = 1; i < n && i < 8 && used < h; i++, used++)
        ws_tui_text(w, y + used, 0, cols, WS_CP_NORMAL, "  %s of %" PRIu64 " words, %" PRIu64 " delivered, issued at "
                    "%" PRIu64 ", unit %" PRIu32 "%s", ws_mff_kind_name(c[i].kind), c[i].words, c[i].delivered,
                    c[i].t_issue, c[i].unit, c[i].done ? " (complete)" : "");
    return used;
}

/* ----------------------------------------------------------- load_iru */
/* The warp's last load_iru (the IRU, issue 33): which lanes got an element,
 * from how many target blocks, and the indices, lane by lane. */
static int draw_iru(ws_tui *t, WINDOW *w, int y, int h, int cols, const ws_gpu_iru_lanes *il)
{
    char title[160];
    snprintf(title, sizeof title, "last load_iru: line %" PRIu32 ", waited %" PRIu64 " cycles at the IRU (%s), "
             "registers written at %" PRIu64, il->line, il->t_reply >= il->t_request ? il->t_reply - il->t_request : 0,
             ws_iru_why_phrase(il->why), il->t_done);
    ws_tui_section(w, y, 0, cols, title, t->ascii);
    if (h < 2)
        return 1;
    int x = ws_tui_text(w, y + 1, 0, cols, WS_CP_NORMAL, "got ");
    if (cols - x >= 33) {
        ws_tui_lanes(w, y + 1, x, il->valid, WS_CP_NORMAL, t->ascii);
        x += 33;
    }
    x += ws_tui_text(w, y + 1, x, cols - x, WS_CP_NORMAL, "%d of %d lanes, %" PRIu32 " block%s  idx", popcount(il->valid),
                     popcount(il->mask), il->blocks, il->blocks == 1 ? "" : "s");
    int row = y + 1, used = 2;
    for (int l = 0; l < 32; l++) {
        if (!(il->mask >> l & 1u))
            continue;
        char cell[16];
        int n = il->valid >> l & 1u ? snprintf(cell, sizeof cell, " %" PRIu32, il->idx[l]) : snprintf(cell, sizeof cell, " -");
        if (x + n > cols) {
            if (used >= h)
                break;
            row++;
            used++;
            x = ws_tui_text(w, row, 0, cols, ws_tui_attr(WS_CP_DIM), "   ");
        }
        x += ws_tui_text(w, row, x, cols - x, il->valid >> l & 1u ? WS_CP_NORMAL : ws_tui_attr(WS_CP_DIM), "%s", cell);
    }
    return used;
}

static void draw(ws_tui *t, WINDOW *w, int rows, int cols)
{
    if (ws_views1_idle(t, w, rows, cols, true))
        return;
    ws_gpu *g = t->g;
    ws_view_state *vs = ws_tui_vstate(t, &ws_view_warp);
    uint32_t sm = ws_views1_sm(t), slot = ws_views1_slot(t), lane = t->lane % WS_WARP_SIZE;
    ws_warp_info wi;
    ws_gpu_warp(g, sm, slot, &wi);
    const ws_warp *fw = ws_gpu_warp_func(g, sm, slot);
    if (!wi.valid || !fw) {
        ws_tui_text(w, 0, 1, cols - 1, A_BOLD, "SM %" PRIu32 " slot %" PRIu32 " is empty.", sm, slot);
        if (rows > 2)
            ws_tui_text(w, 2, 1, cols - 1, WS_CP_NORMAL,
                        "Choose a warp in the warps view (up/down, Enter) or with [ and ].");
        return;
    }
    const ws_ptx_module *m = ws_views1_module(g);
    char b1[32], txt[192];

    /* identity and state */
    int x = ws_tui_text(w, 0, 0, cols, A_BOLD, "SM %" PRIu32 " slot %" PRIu32 ": warp %" PRIu32 " of CTA (%" PRIu32
                        ",%" PRIu32 ",%" PRIu32 ")",
                        sm, slot, wi.warp, wi.cta[0], wi.cta[1], wi.cta[2]);
    ws_tui_text(w, 0, x, cols - x, WS_CP_NORMAL, "   lane %" PRIu32 " (h/l: lane)   depth %" PRIu32 " call %" PRIu32,
                lane, ws_warp_stack_depth(fw), ws_warp_call_depth(fw));
    if (rows > 1) {
        if (wi.exited) {
            ws_tui_text(w, 1, 0, cols, A_BOLD, "exited (its CTA retires when its last warp exits)");
        } else {
            x = ws_tui_text(w, 1, 0, cols, WS_CP_NORMAL, "pc %" PRIu32 "  line %" PRIu32 "  ", wi.pc, wi.line);
            uint32_t cl = 0;
            const char *cf = wi.func && wi.pc < wi.func->ninsns ? ws_ptx_insn_cu(m, &wi.func->insns[wi.pc], &cl) : NULL;
            if (cf)
                x += ws_tui_text(w, 1, x, cols - x, WS_CP_NORMAL, "%s:%" PRIu32 "  ", cf, cl);
            x += ws_tui_text(w, 1, x, cols - x, WS_CP_NORMAL, "%s: ", wi.func && wi.func->name ? wi.func->name : "?");
            ws_tui_text(w, 1, x, cols - x, A_BOLD, "%s", ws_views1_insn(m, wi.func, wi.pc, txt, sizeof txt));
        }
    }
    if (rows > 2) {
        x = ws_tui_text(w, 2, 0, cols, WS_CP_NORMAL, "state ");
        x += ws_tui_text(w, 2, x, cols - x, ws_tui_stall_pair(wi.stall) | A_BOLD, "%s", ws_stall_name(wi.stall));
        ws_tui_text(w, 2, x, cols - x, WS_CP_NORMAL,
                    " for %" PRIu64 " cycles (since %" PRIu64 ")  outstanding %" PRIu32 "  insns %s",
                    ws_views1_age(g, wi.since), wi.since, wi.outstanding, ws_views1_num(b1, sizeof b1, wi.insns, 12));
    }
    if (rows > 3) {
        x = ws_tui_text(w, 3, 0, cols, WS_CP_NORMAL, "active ");
        if (cols - x >= 32) {
            ws_tui_lanes(w, 3, x, wi.active, WS_CP_NORMAL, t->ascii);
            x += 33;
        }
        ws_tui_text(w, 3, x, cols - x, WS_CP_NORMAL, "%08" PRIx32 " (%d lanes)  live %08" PRIx32, wi.active,
                    popcount(wi.active), ws_warp_live(fw));
    }
    int y = 4;
    if (!wi.exited || wi.outstanding)
        y += draw_wait(t, w, y, rows >= 36 ? 2 + WAIT_REQ_ROWS : rows >= 28 ? 3 : 2, cols, sm, slot);
    ws_gpu_iru_lanes il;
    if (rows - y >= 8 && ws_gpu_iru_lanes_get(g, sm, slot, &il))
        y += draw_iru(t, w, y, rows - y >= 20 ? 4 : 2, cols, &il);
    if (rows - y >= 8 && ws_gpu_mff_count(g))
        y += draw_mff(t, w, y, rows - y >= 20 ? 3 : 1, cols, sm, slot);
    int left = rows - y;
    if (left <= 0)
        return;

    const ws_ptx_func *f = ws_warp_func(fw);
    uint32_t depth = ws_warp_stack_depth(fw);
    int stack_h = 2 + (int)(depth < 6 ? depth : 6);          /* section + header + entries */
    int pred_lines = f && f->npreds > 0 ? 1 + (int)f->npreds * 6 / (cols > 60 ? cols / 2 : 30) : 1;
    if (pred_lines > 3)
        pred_lines = 3;
    char title[96];
    ws_regs_source rsrc;
    uint32_t rpt = ws_gpu_launch_regs(g, &rsrc);
    snprintf(title, sizeof title, "registers of lane %" PRIu32 " (occupancy: %" PRIu32 " per thread, %s)", lane, rpt,
             ws_regs_source_name(rsrc));

    if (cols >= TWO_COL_MIN) {
        int lw = cols / 2 - 1, rx = cols / 2 + 1, rw = cols - rx;
        /* left: SIMT stack, history */
        int ly = y, lh = left;
        ws_tui_section(w, ly, 0, lw, "SIMT stack", t->ascii);
        int used = draw_stack(w, ly + 1, 0, stack_h - 1 < lh - 1 ? stack_h - 1 : lh - 1, lw, fw, t->ascii);
        ly += 1 + used;
        if (ly + 1 < rows) {
            ws_tui_section(w, ly, 0, lw, "last instructions (newest first)", t->ascii);
            draw_history(t, w, ly + 1, 0, rows - ly - 1, lw, sm, slot);
        }
        /* right: predicates, registers */
        int ry = y;
        ws_tui_section(w, ry, rx, rw, "predicates", t->ascii);
        ry += 1 + draw_preds(w, ry + 1, rx, pred_lines, rw, fw, lane);
        if (ry + 1 < rows) {
            ws_tui_section(w, ry, rx, rw, title, t->ascii);
            int h = rows - ry - 1;
            reg_fmt rf;
            int nrows = 0;
            if (f && f->nregs) {
                reg_layout(f, &rf);
                int ncol = rw / rf.cellw > 0 ? rw / rf.cellw : 1;
                nrows = ((int)f->nregs + ncol - 1) / ncol;
            }
            if (vs->scroll > nrows - h)
                vs->scroll = nrows - h;
            if (vs->scroll < 0)
                vs->scroll = 0;
            draw_regs(t, w, ry + 1, rx, h, rw, fw, lane, vs->scroll);
        }
        return;
    }

    /* one column: stack, predicates, registers, history */
    ws_tui_section(w, y, 0, cols, "SIMT stack (top first)", t->ascii);
    int sh = stack_h - 1;
    if (sh > left / 4 + 1)
        sh = left / 4 + 1;
    y += 1 + draw_stack(w, y + 1, 0, sh, cols, fw, t->ascii);
    if (y + 1 >= rows)
        return;
    ws_tui_section(w, y, 0, cols, "predicates", t->ascii);
    y += 1 + draw_preds(w, y + 1, 0, pred_lines < rows - y - 1 ? pred_lines : rows - y - 1, cols, fw, lane);
    if (y + 1 >= rows)
        return;
    int rest = rows - y;
    int hist_h = rest >= 8 ? rest / 2 : 0;
    int reg_h = rest - hist_h - 1;
    ws_tui_section(w, y, 0, cols, title, t->ascii);
    reg_fmt rf;
    int nrows = 0;
    if (f && f->nregs) {
        reg_layout(f, &rf);
        int ncol = cols / rf.cellw > 0 ? cols / rf.cellw : 1;
        nrows = ((int)f->nregs + ncol - 1) / ncol;
    }
    if (vs->scroll > nrows - reg_h)
        vs->scroll = nrows - reg_h;
    if (vs->scroll < 0)
        vs->scroll = 0;
    draw_regs(t, w, y + 1, 0, reg_h, cols, fw, lane, vs->scroll);
    y += 1 + reg_h;
    if (hist_h > 1 && y + 1 < rows) {
        ws_tui_section(w, y, 0, cols, "last instructions (newest first)", t->ascii);
        draw_history(t, w, y + 1, 0, rows - y - 1, cols, sm, slot);
    }
}

static bool key(ws_tui *t, int k)
{
    ws_view_state *vs = ws_tui_vstate(t, &ws_view_warp);
    switch (k) {
    case KEY_LEFT: case 'h': t->lane = (t->lane + WS_WARP_SIZE - 1) % WS_WARP_SIZE; return true;
    case KEY_RIGHT: case 'l': t->lane = (t->lane + 1) % WS_WARP_SIZE; return true;
    case 't': {     /* the timeline of the first request the warp waits for */
        ws_error err;
        if (ws_tui_exec(t, "request wait", &err) < 0)
            ws_tui_message(t, true, "%s", err.msg);
        return true;
    }
    case 'w': case KEY_BACKSPACE: case 127: {
        int v = ws_views1_index("warps");
        if (v < 0)
            return false;
        t->view = v;
        return true;
    }
    default:    /* registers: clamped at the next draw */
        return ws_tui_scroll_key(k, &vs->scroll, t->rows > 10 ? (t->rows - 10) / 2 : 1);
    }
}

const ws_view ws_view_warp = {
    .name = "warp",
    .title = "Warp",
    .draw = draw,
    .key = key,
    .sample = NULL,
};
