/* t_tui_views1: the warps, warp, source and stalls views rendered off-screen
 * on a real launch part way (a kernel whose loads all miss in L1) and read
 * back as text: the facts shown equal what the model's API says (a warp's
 * pc, line and stall reason, a lane's register, an instruction's execution
 * and miss counts, a stall share).  Also with no launch, between launches,
 * in ASCII, at 80x24 and 200x60, and the views' keys. */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu.h"
#include "arch/ws_gpu_dbg.h"
#include "arch/ws_gpu_wait.h"
#include "arch/ws_opts.h"
#include "ptx/ws_ptx.h"
#include "tui/ws_tui.h"
#include "tui/ws_tui_int.h"
#include "tui/ws_view_source.h"
#include "ws_tap.h"

/* Each thread loads a[tid * 32] (one 128-byte line per lane: every load
 * misses in L1), adds 1 and stores b[tid]. */
static const char ptx[] =
    ".version 7.0\n"
    ".target sm_75\n"
    ".address_size 64\n"
    "\n"
    ".visible .entry k(\n"
    "\t.param .u64 k_a,\n"
    "\t.param .u64 k_b,\n"
    "\t.param .u32 k_n\n"
    ")\n"
    "{\n"
    "\t.reg .pred %p<2>;\n"
    "\t.reg .b32 %r<8>;\n"
    "\t.reg .f32 %f<4>;\n"
    "\t.reg .b64 %rd<9>;\n"
    "\n"
    "\tld.param.u64 %rd1, [k_a];\n"
    "\tld.param.u64 %rd2, [k_b];\n"
    "\tld.param.u32 %r1, [k_n];\n"
    "\tcvta.to.global.u64 %rd3, %rd1;\n"
    "\tcvta.to.global.u64 %rd4, %rd2;\n"
    "\tmov.u32 %r2, %ctaid.x;\n"
    "\tmov.u32 %r3, %ntid.x;\n"
    "\tmov.u32 %r4, %tid.x;\n"
    "\tmad.lo.s32 %r5, %r2, %r3, %r4;\n"
    "\tsetp.ge.s32 %p1, %r5, %r1;\n"
    "\t@%p1 bra $L__done;\n"
    "\tmul.wide.s32 %rd5, %r5, 128;\n"
    "\tadd.s64 %rd6, %rd3, %rd5;\n"
    "\tld.global.f32 %f1, [%rd6];\n"
    "\tadd.f32 %f2, %f1, 0f3F800000;\n"
    "\tmul.wide.s32 %rd7, %r5, 4;\n"
    "\tadd.s64 %rd8, %rd4, %rd7;\n"
    "\tst.global.f32 [%rd8], %f2;\n"
    "$L__done:\n"
    "\tret;\n"
    "}\n";

#define NTHREADS 2048

/* The line of text that contains `needle`, copied into buf ("" if none). */
static const char *line_with(const char *text, const char *needle, char *buf, size_t size)
{
    buf[0] = 0;
    const char *p = text ? strstr(text, needle) : NULL;
    if (!p)
        return buf;
    const char *b = p;
    while (b > text && b[-1] != '\n') b--;
    const char *e = strchr(p, '\n');
    size_t n = e ? (size_t)(e - b) : strlen(b);
    if (n >= size)
        n = size - 1;
    memcpy(buf, b, n);
    buf[n] = 0;
    return buf;
}

/* Whether some line of text holds the words w[0..n) in this order, each
 * separated from the next only by blanks. */
static bool has_words(const char *text, const char *const *w, int n)
{
    for (const char *p = text; p && (p = strstr(p, w[0])); p++) {
        const char *q = p + strlen(w[0]);
        int i = 1;
        for (; i < n; i++) {
            const char *s = q;
            while (*s == ' ') s++;
            if (s == q || strncmp(s, w[i], strlen(w[i])) != 0)
                break;
            q = s + strlen(w[i]);
        }
        if (i == n && (*q == ' ' || *q == '\n' || *q == 0))
            return true;
    }
    return false;
}

/* rows lines, none wider than cols (UTF-8 characters counted). */
static bool fits(const char *text, int rows, int cols)
{
    int lines = 0, w = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '\n') {
            lines++;
            w = 0;
        } else if ((*p & 0xc0) != 0x80 && ++w > cols) {
            return false;
        }
    }
    return lines == rows;
}

static bool ascii_only(const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        if (*p >= 0x80)
            return false;
    return true;
}

static const ws_view *const views[] = { &ws_view_warps, &ws_view_warp, &ws_view_source, &ws_view_stalls };
#define NV 4

/* Render every view at 80x24 and 200x60: each fits its window. */
static void render_all(ws_tui *t, const char *what)
{
    static const int sizes[2][2] = { { 24, 80 }, { 60, 200 } };
    for (int v = 0; v < NV; v++)
        for (int s = 0; s < 2; s++) {
            char *txt = ws_tui_render(t, views[v], sizes[s][0], sizes[s][1]);
            ok(txt && fits(txt, sizes[s][0], sizes[s][1]), "%s: %s view fits %dx%d", what, views[v]->name,
               sizes[s][1], sizes[s][0]);
            if (t->ascii)
                ok(txt && ascii_only(txt), "%s: %s view at %dx%d is ASCII", what, views[v]->name, sizes[s][1],
                   sizes[s][0]);
            free(txt);
        }
    /* tiny windows: nothing outside them */
    static const int tiny[3][2] = { { 1, 1 }, { 4, 20 }, { 10, 40 } };
    bool fine = true;
    for (int v = 0; v < NV; v++)
        for (int s = 0; s < 3; s++) {
            char *txt = ws_tui_render(t, views[v], tiny[s][0], tiny[s][1]);
            if (!txt || !fits(txt, tiny[s][0], tiny[s][1]))
                fine = false;
            free(txt);
        }
    ok(fine, "%s: every view fits 1x1, 20x4 and 40x10", what);
}

int main(void)
{
    ws_error err;
    if (ws_tui_offscreen_begin(60, 200, &err) != 0)
        tap_skip_all(err.msg);
    ws_tui t;
    memset(&t, 0, sizeof t);
    char buf[1024], exp[512];

    /* ---- no launch yet */
    render_all(&t, "no gpu");
    for (int v = 0; v < NV; v++) {
        char *s = ws_tui_render(&t, views[v], 24, 80);
        ok(s && strstr(s, "No launch yet."), "%s view without a gpu says 'No launch yet.'", views[v]->name);
        free(s);
    }
    ok(ws_view_source_find(&t, "ld", 0) == -1, "source search without a gpu finds nothing");

    /* ---- a launch part way */
    ws_opts *o = ws_opts_new();
    ws_gpu *g = ws_gpu_create(o, 1, &err);
    ok(g != NULL, "gpu created (gtx480)");
    if (!g) {
        diag("%s", err.msg);
        return tap_done();
    }
    ws_device *d = ws_gpu_device(g);
    ws_module *mod = ws_module_load_text(d, ptx, sizeof ptx - 1, "views1.ptx", &err);
    ok(mod != NULL, "kernel loaded");
    if (!mod) {
        diag("%s", err.msg);
        return tap_done();
    }
    const ws_kernel *k = ws_module_kernel(mod, "k", &err);
    const ws_ptx_func *kf = ws_kernel_func(k);
    uint64_t a = ws_devmem_alloc(d, (uint64_t)NTHREADS * 128, "a", &err);
    uint64_t b = ws_devmem_alloc(d, (uint64_t)NTHREADS * 4, "b", &err);
    for (uint32_t i = 0; i < NTHREADS; i++) {
        float x = (float)i * 0.5f;
        ws_devmem_write(d, a + (uint64_t)i * 128, &x, 4, &err);
    }
    ws_gpu_dbg_record(g, true);
    ws_launch_config lc = { .grid = { NTHREADS / 256, 1, 1 }, .block = { 256, 1, 1 } };
    ws_arg args[] = { WS_ARG_PTR(a), WS_ARG_PTR(b), WS_ARG_INT(NTHREADS) };
    ok(ws_gpu_launch_begin(g, k, &lc, args, 3, &err) == 0, "launch begins");
    /* the load, its line */
    uint32_t ldpc = UINT32_MAX;
    for (uint32_t i = 0; i < kf->ninsns; i++)
        if (kf->insns[i].op == WS_OP_LD && kf->insns[i].space == WS_SP_GLOBAL) ldpc = i;
    ok(ldpc != UINT32_MAX, "the kernel has a global load");
    if (ldpc == UINT32_MAX)
        return tap_done();
    uint32_t ld_line = kf->insns[ldpc].line;
    /* run until a warp of SM 0 waits for its load's data (at the add) */
    ws_warp_info wi;
    memset(&wi, 0, sizeof wi);
    uint32_t slot = 0;
    int rc = 0;
    bool found = false;
    for (int i = 0; i < 2000 && rc == 0 && !found; i++) {
        rc = ws_gpu_run(g, 5, &err);
        for (uint32_t sl = 0; sl < ws_gpu_warp_slots(g) && !found; sl++) {
            ws_gpu_warp(g, 0, sl, &wi);
            if (wi.valid && wi.pc == ldpc + 1 && wi.stall == WS_STALL_LONG_SCOREBOARD) {
                slot = sl;
                found = true;
            }
        }
    }
    ok(rc == 0 && found, "slot %" PRIu32 " of SM 0 waits on long_scoreboard for its load at cycle %" PRIu64, slot,
       ws_gpu_cycle(g));
    if (!found)
        return tap_done();
    t.g = g;
    t.sm = 0;
    t.slot = slot;
    t.lane = 3;
    render_all(&t, "mid-launch");
    if (getenv("V1_SHOW")) {     /* V1_SHOW=ROWSxCOLS: print every view */
        int rr = 24, cc = 80;
        sscanf(getenv("V1_SHOW"), "%dx%d", &rr, &cc);
        for (int v = 0; v < NV; v++) {
            char *txt = ws_tui_render(&t, views[v], rr, cc);
            printf("==== %s\n%s", views[v]->name, txt ? txt : "");
            free(txt);
        }
    }

    /* ---- warps view */
    char cta[32];
    snprintf(cta, sizeof cta, "%" PRIu32, wi.cta[0]);
    char pcs[16], lines[16], wid[16], sls[16], slrow[16], ptxt[192];
    snprintf(sls, sizeof sls, "%" PRIu32, slot);
    snprintf(slrow, sizeof slrow, ">%4" PRIu32 " ", slot);
    snprintf(pcs, sizeof pcs, "%" PRIu32, wi.pc);
    snprintf(lines, sizeof lines, "%" PRIu32, wi.line);
    snprintf(wid, sizeof wid, "%" PRIu32, wi.warp);
    ws_ptx_disasm(ws_module_ptx(mod), wi.func, &wi.func->insns[wi.pc], ptxt, sizeof ptxt);
    for (int s = 0; s < 2; s++) {
        int rows = s ? 60 : 24, cols = s ? 200 : 80;
        char *txt = ws_tui_render(&t, &ws_view_warps, rows, cols);
        /* (below 100 columns without the pc, for the instruction's room) */
        const char *w1[] = { ">", sls, wid, cta, pcs, lines }, *w0[] = { ">", sls, wid, cta, lines };
        ok(txt && (s ? has_words(txt, w1, 6) : has_words(txt, w0, 5)), "warps %dx%d: the selected slot's row shows warp %s, CTA %s, line %s%s%s",
           cols, rows, wid, cta, lines, s ? ", pc " : "", s ? pcs : "");
        line_with(txt, slrow, buf, sizeof buf);
        if (!s) {
            /* at 80 columns the row has room for 24 characters of the instruction */
            char pre[32];
            snprintf(pre, sizeof pre, "%.24s", ptxt);
            ok(strstr(buf, pre) != NULL, "warps 80x24: the row shows '%s' of its instruction", pre);
        }
        ok(strstr(buf, "long_scoreboard") != NULL, "warps %dx%d: its row shows long_scoreboard", cols, rows);
        ok(strstr(txt, "SM 0/15") != NULL, "warps %dx%d: the SM is named", cols, rows);
        if (s) {
            ok(strstr(buf, ptxt) != NULL, "warps 200x60: the row shows its next instruction '%s'", ptxt);
            ok(strstr(txt, " SM warps") != NULL, "warps 200x60: the SM panel is there");
        } else {
            char sl[32];
            snprintf(sl, sizeof sl, "slot %" PRIu32 ":", slot);
            line_with(txt, sl, buf, sizeof buf);
            ok(strstr(buf, ptxt) != NULL, "warps 80x24: the last line shows the instruction in full");
        }
        free(txt);
    }
    /* empty slots hidden by default; e shows them */
    uint32_t nslots = ws_gpu_warp_slots(g), nvalid = 0, last_valid = 0;
    for (uint32_t i = 0; i < nslots; i++) {
        ws_warp_info x;
        ws_gpu_warp(g, 0, i, &x);
        if (x.valid) {
            nvalid++;
            last_valid = i;
        }
    }
    diag("SM 0: %" PRIu32 " of %" PRIu32 " slots hold warps", nvalid, nslots);
    ws_view_warps.key(&t, KEY_END);
    is_int(t.slot, last_valid, "End selects the last occupied slot");
    ws_view_warps.key(&t, KEY_HOME);
    is_int(t.slot, 0, "Home selects the first");
    ws_view_warps.key(&t, 'j');
    ok(t.slot >= 1, "j moves down");
    ws_view_warps.key(&t, 'k');
    is_int(t.slot, 0, "k moves up");
    t.slot = slot;
    {
        char *s1 = ws_tui_render(&t, &ws_view_warps, 60, 200);
        ok(s1 && !strstr(s1, "(empty)"), "empty slots are hidden");
        ok(ws_view_warps.key(&t, 'e'), "e is a key of the warps view");
        char *s2 = ws_tui_render(&t, &ws_view_warps, 60, 200);
        ok(nvalid == nslots || (s2 && strstr(s2, "(empty)")), "e shows empty slots");
        ws_view_warps.key(&t, 'e');
        free(s1);
        free(s2);
    }
    t.view = 0;
    ok(ws_view_warps.key(&t, '\n'), "Enter is used by the warps view");
    ok(t.view >= 0 && t.view < ws_tui_nviews && ws_tui_views[t.view] == &ws_view_warp,
       "Enter opens the warp view");

    /* ---- warp view: lane 3's registers */
    const ws_warp *fw = ws_gpu_warp_func(g, 0, slot);
    ok(fw != NULL, "the slot has a functional warp");
    int r5 = -1, f1 = -1, rd6 = -1;
    for (uint32_t i = 0; i < kf->nregs; i++) {
        if (strcmp(kf->regs[i].name, "%r5") == 0) r5 = (int)i;
        if (strcmp(kf->regs[i].name, "%f1") == 0) f1 = (int)i;
        if (strcmp(kf->regs[i].name, "%rd6") == 0) rd6 = (int)i;
    }
    ok(r5 >= 0 && f1 >= 0 && rd6 >= 0, "registers found");
    if (fw && r5 >= 0 && f1 >= 0 && rd6 >= 0) {
        uint64_t v5 = ws_warp_reg(fw, (uint32_t)r5, 3), vf = ws_warp_reg(fw, (uint32_t)f1, 3);
        uint64_t v6 = ws_warp_reg(fw, (uint32_t)rd6, 3);
        for (int s = 0; s < 2; s++) {
            int rows = s ? 60 : 24, cols = s ? 200 : 80;
            char *txt = ws_tui_render(&t, &ws_view_warp, rows, cols);
            ok(txt && strstr(txt, "registers of lane 3"), "warp %dx%d: lane 3 is shown", cols, rows);
            if (s) {        /* PTX text has no resource record: the estimate, labelled */
                char occ[80];
                snprintf(occ, sizeof occ, "(occupancy: %u per thread, estimate)", (unsigned)ws_kernel_regs(k));
                ok(txt && strstr(txt, occ), "warp %dx%d: the registers' title says %s", cols, rows, occ);
            }
            char hx[32], dc[32];
            snprintf(hx, sizeof hx, "0x%08" PRIx64, v5 & 0xffffffffu);
            snprintf(dc, sizeof dc, "%" PRId64, (int64_t)(int32_t)(uint32_t)v5);
            const char *w1[] = { "%r5", hx, dc };
            ok(txt && has_words(txt, w1, 3), "warp %dx%d: %%r5 of lane 3 is %s = %s", cols, rows, hx, dc);
            if (s) {        /* every register fits at 200x60 */
                float fv;
                uint32_t fb = (uint32_t)vf;
                memcpy(&fv, &fb, 4);
                char fx[32], fd[32], ff[32];
                snprintf(fx, sizeof fx, "0x%08" PRIx32, fb);
                snprintf(fd, sizeof fd, "%" PRId32, (int32_t)fb);
                snprintf(ff, sizeof ff, "%.7g", (double)fv);
                ws_reg_pend pd;
                if (ws_gpu_reg_pending(g, 0, slot, (uint32_t)f1, &pd)) {
                    /* the warp waits for its load: pending, not the value written at issue */
                    char pt[96];
                    ws_reg_pend_text(&pd, pt, sizeof pt);
                    ok(pd.load && pd.writer && !strncmp(pt, "pending (ld.global.f32 line ", 28),
                       "warp %dx%d: %%f1 is pending for its load: %s", cols, rows, pt);
                    ok(txt && strstr(txt, pt) && !has_words(txt, (const char *[]){ "%f1", fx }, 2),
                       "warp %dx%d: %%f1 shows '%s', not %s", cols, rows, pt, fx);
                } else {
                    const char *w2[] = { "%f1", fx, fd, ff };
                    ok(txt && has_words(txt, w2, 4), "warp %dx%d: %%f1 of lane 3 is %s (%s)", cols, rows, fx, ff);
                }
                /* %rd6 was read for the last time: its value is gone */
                (void)v6;
                const char *w3[] = { "%rd6", "-" };
                ok(!ws_warp_reg_live(fw, (uint32_t)rd6, 3) && txt && has_words(txt, w3, 2),
                   "warp %dx%d: %%rd6 of lane 3 is dead and shown as '-'", cols, rows);
                is_double(fv, 0.5 * (3 + 32 * slot), 0, "%%f1 is a[tid * 32] = 0.5 * tid");
            } else {        /* at 80x24 the last register comes into view with End */
                const char *last = kf->regs[kf->nregs - 1].name;
                ok(txt && !strstr(txt, last), "warp 80x24: %s is below the fold", last);
                ok(ws_view_warp.key(&t, KEY_END), "End scrolls the registers");
                char *t2 = ws_tui_render(&t, &ws_view_warp, rows, cols);
                ok(t2 && strstr(t2, last), "warp 80x24: after End %s is shown", last);
                free(t2);
                ws_view_warp.key(&t, KEY_HOME);
            }
            ok(txt && strstr(txt, "long_scoreboard"), "warp %dx%d: the state is shown", cols, rows);
            ok(txt && strstr(txt, ptxt), "warp %dx%d: the next instruction is shown", cols, rows);
            free(txt);
        }
        /* lane keys */
        ws_view_warp.key(&t, KEY_RIGHT);
        is_int(t.lane, 4, "right: lane 4");
        ws_view_warp.key(&t, 'h');
        ws_view_warp.key(&t, 'h');
        is_int(t.lane, 2, "h twice: lane 2");
        t.lane = 0;
        ws_view_warp.key(&t, KEY_LEFT);
        is_int(t.lane, 31, "left from lane 0 wraps to 31");
        t.lane = 3;
        /* history: the newest instruction issued by the warp */
        ws_hist_ent he[WS_HIST_LEN];
        uint32_t nh = ws_gpu_warp_history(g, 0, slot, he, WS_HIST_LEN);
        ok(nh > 0, "the warp has a history (%" PRIu32 " entries)", nh);
        if (nh) {
            char *txt = ws_tui_render(&t, &ws_view_warp, 60, 200);
            char cy[32], ln[16], ht[192];
            snprintf(cy, sizeof cy, "%" PRIu64, he[0].cycle);
            snprintf(ln, sizeof ln, "%" PRIu32, he[0].line);
            ws_ptx_disasm(ws_module_ptx(mod), he[0].func, &he[0].func->insns[he[0].pc], ht, sizeof ht);
            const char *w4[] = { cy, ln, ht };
            ok(txt && has_words(txt, w4, 3), "warp 200x60: the newest history entry (cycle %s, line %s, %s)", cy, ln,
               ht);
            free(txt);
        }
        ok(ws_view_warp.key(&t, 'w') && ws_tui_views[t.view] == &ws_view_warps, "w goes back to the warps view");
    }

    /* ---- source view: counts of the load */
    uint64_t ins = 0, acc = 0, mis = 0;
    ws_gpu_line_counts(g, kf, ldpc, &ins, &acc, &mis);
    uint64_t lst = ws_gpu_line_stalls(g, kf, ldpc);
    diag("load: %" PRIu64 " executions, %" PRIu64 " requests, %" PRIu64 " misses, %" PRIu64 " stall cycles", ins, acc,
         mis, lst);
    ok(ins > 0 && mis > 0, "the load has executed and missed");
    {
        char si[32], sm_[32], sa[32], sln[16];
        snprintf(si, sizeof si, "%" PRIu64, ins);
        snprintf(sm_, sizeof sm_, "%" PRIu64, mis);
        snprintf(sa, sizeof sa, "%" PRIu64, acc);
        snprintf(sln, sizeof sln, "%" PRIu32, ld_line);
        char *txt = ws_tui_render(&t, &ws_view_source, 60, 200);
        const char *w1[] = { sln, si, sm_ };
        ok(txt && has_words(txt, w1, 3), "source 200x60: line %s shows %s executions and %s misses", sln, si, sm_);
        line_with(txt, "ld.global.f32", buf, sizeof buf);
        ok(strstr(buf, sa) != NULL, "source 200x60: and %s requests", sa);
        ok(strstr(txt, "kernel k") != NULL, "source: the kernel is named");
        /* the selected warp's line is marked */
        snprintf(exp, sizeof exp, ">%5" PRIu32, wi.line);
        line_with(txt, exp, buf, sizeof buf);
        ok(buf[0] && strstr(buf, ptxt), "source: the selected warp's instruction is marked with '>'");
        free(txt);
        txt = ws_tui_render(&t, &ws_view_source, 24, 80);
        ok(txt && has_words(txt, w1, 3), "source 80x24: line %s shows %s executions and %s misses", sln, si, sm_);
        ok(txt && strstr(txt, "$L__done:"), "source 80x24: labels are rows");
        free(txt);
    }
    /* a breakpoint on the load's line is marked B */
    ws_brk bk = { .kind = WS_BRK_LINE, .line = ld_line, .warp = WS_BRK_ANY, .sm = -1 };
    int bid = ws_gpu_brk_add(g, &bk, &err);
    ok(bid > 0, "breakpoint added");
    {
        char *txt = ws_tui_render(&t, &ws_view_source, 60, 200);
        line_with(txt, "ld.global.f32", buf, sizeof buf);
        ok(buf[0] == 'B', "source: the breakpoint's line starts with B: '%.40s'", buf);
        ws_gpu_brk_enable(g, bid, false);
        free(txt);
        txt = ws_tui_render(&t, &ws_view_source, 60, 200);
        line_with(txt, "ld.global.f32", buf, sizeof buf);
        ok(buf[0] == 'b', "source: a disabled breakpoint is marked b");
        free(txt);
        ws_gpu_brk_del(g, bid);
    }
    /* search */
    is_int(ws_view_source_find(&t, "LD.GLOBAL", 0), ldpc, "search finds ld.global (case-insensitive)");
    {
        const ws_ptx_func *cf;
        uint32_t cpc, cln;
        ok(ws_view_source_cursor(&t, &cf, &cpc, &cln) == 0 && cf == kf && cpc == ldpc && cln == ld_line,
           "the cursor is on the found instruction");
        char *txt = ws_tui_render(&t, &ws_view_source, 24, 80);
        ok(txt && strstr(txt, "(scrolled;"), "after a search the view says it stopped following");
        free(txt);
    }
    {
        char ln[16];
        snprintf(ln, sizeof ln, "%" PRIu32, ld_line);
        is_int(ws_view_source_find(&t, ln, 0), ldpc, "search by line number");
    }
    is_int(ws_view_source_find(&t, "L__done", (int)ldpc), kf->ninsns - 1, "search by label");
    is_int(ws_view_source_find(&t, "no such text", 0), -1, "no match: -1");
    ok(ws_view_source.key(&t, '.'), ". follows the warp again");
    {
        const ws_ptx_func *cf;
        uint32_t cpc, cln;
        ok(ws_view_source_cursor(&t, &cf, &cpc, &cln) == 0 && cpc == wi.pc, "following: the cursor is the warp's pc");
    }

    /* ---- stalls view: the GPU share of long_scoreboard */
    {
        /* accounted intervals plus every slot's current one */
        uint64_t live[WS_STALL_COUNT];
        for (int r = 0; r < WS_STALL_COUNT; r++) live[r] = ws_gpu_stall_total(g, (ws_stall)r);
        for (uint32_t sm = 0; sm < ws_gpu_nsms(g); sm++)
            for (uint32_t sl = 0; sl < ws_gpu_warp_slots(g); sl++) {
                ws_warp_info x;
                ws_gpu_warp(g, sm, sl, &x);
                live[x.stall] += ws_gpu_cycle(g) > x.since ? ws_gpu_cycle(g) - x.since : 0;
            }
        double tot = 0, lsb = (double)live[WS_STALL_LONG_SCOREBOARD];
        for (int r = 0; r < WS_STALL_COUNT; r++)
            if (r != WS_STALL_IDLE) tot += (double)live[r];
        ok(tot > 0 && lsb > 0, "long_scoreboard warp-cycles accounted");
        snprintf(exp, sizeof exp, "long_scoreboard %.1f%%", tot > 0 ? 100 * lsb / tot : 0);
        char *txt = ws_tui_render(&t, &ws_view_stalls, 24, 80);
        ok(txt && strstr(txt, exp), "stalls 80x24: '%s' (idle excluded)", exp);
        ok(txt && strstr(txt, "SM  0"), "stalls 80x24: SM rows");
        free(txt);
        ws_view_stalls.key(&t, 'I');
        tot += (double)live[WS_STALL_IDLE];
        snprintf(exp, sizeof exp, "long_scoreboard %.1f%%", 100 * lsb / tot);
        txt = ws_tui_render(&t, &ws_view_stalls, 60, 200);
        ok(txt && strstr(txt, exp), "stalls 200x60 with I: '%s' (idle included)", exp);
        ok(txt && strstr(txt, "SM 14"), "stalls 200x60: every SM");
        ok(txt && strstr(txt, "IPC"), "stalls 200x60: the IPC sparkline");
        free(txt);
        ws_view_stalls.key(&t, 'I');
    }

    /* ---- sparklines (samples as ws_tui_sample leaves them) */
    {
        t.nspark = 3;
        double ipc[3] = { 0.5, 1.0, 1.25 };
        for (int i = 0; i < 3; i++) {
            t.spark_ipc[i] = ipc[i];
            for (int r = 0; r < WS_STALL_COUNT; r++) t.spark_stall[i][r] = 0;
            t.spark_stall[i][WS_STALL_LONG_SCOREBOARD] = 0.25 * (i + 1);
        }
        char *txt = ws_tui_render(&t, &ws_view_stalls, 60, 200);
        line_with(txt, "IPC ", buf, sizeof buf);
        ok(strstr(buf, "1.25") != NULL, "stalls: the IPC line shows the last sample 1.25");
        snprintf(exp, sizeof exp, "%-18s", "long_scoreboard");
        line_with(txt, exp, buf, sizeof buf);
        ok(strstr(buf, "75.0%") != NULL, "stalls: the long_scoreboard line shows the last share 75.0%%");
        free(txt);
        t.nspark = 0;
    }

    /* ---- colours on: the same text */
    ws_tui_colors_init(true);
    t.color = true;
    render_all(&t, "colour");
    {
        char *txt = ws_tui_render(&t, &ws_view_stalls, 24, 80);
        ok(txt && strstr(txt, "long_scoreboard"), "stalls with colours: the legend names the reasons");
        free(txt);
    }
    t.color = false;

    /* ---- ASCII */
    t.ascii = true;
    render_all(&t, "ascii");
    t.ascii = false;

    /* ---- an exited warp (its CTA still resident) shows "exited", not a
     * line and instruction; an empty selected slot gives way to a live one */
    {
        bool ex = false;
        uint32_t exs = 0;
        for (int i = 0; i < 20000 && !ex && rc == 0; i++) {
            rc = ws_gpu_run(g, 1, &err);
            for (uint32_t sl = 0; sl < ws_gpu_warp_slots(g) && !ex; sl++) {
                ws_warp_info x;
                ws_gpu_warp(g, 0, sl, &x);
                if (x.valid && x.exited) {
                    ex = true;
                    exs = sl;
                }
            }
        }
        ok(ex, "slot %" PRIu32 " of SM 0 holds an exited warp at cycle %" PRIu64, exs, ws_gpu_cycle(g));
        if (ex) {
            t.slot = exs;
            char row[16];
            snprintf(row, sizeof row, ">%4" PRIu32 " ", exs);
            for (int sz = 0; sz < 2; sz++) {
                int rows = sz ? 60 : 24, cols = sz ? 200 : 80;
                char *txt = ws_tui_render(&t, &ws_view_warps, rows, cols);
                line_with(txt, row, buf, sizeof buf);
                ok(strstr(buf, " exited ") != NULL && !strstr(buf, " ret"), "warps %dx%d: the exited warp's row says exited: %s",
                   cols, rows, buf);
                free(txt);
            }
            char *txt = ws_tui_render(&t, &ws_view_warp, 24, 80);
            ok(txt && strstr(txt, "exited (its CTA retires") != NULL, "warp view: says exited");
            free(txt);
        }
        /* an empty slot selected while another holds a warp */
        uint32_t empty = UINT32_MAX, live = 0;
        for (uint32_t sl = 0; sl < ws_gpu_warp_slots(g); sl++) {
            ws_warp_info x;
            ws_gpu_warp(g, 0, sl, &x);
            if (!x.valid && empty == UINT32_MAX) empty = sl;
            live += x.valid;
        }
        if (empty != UINT32_MAX && live) {
            t.slot = empty;
            t.follow = false;
            ws_tui_refollow(&t);
            ws_warp_info x;
            ws_gpu_warp(g, 0, t.slot, &x);
            ok(x.valid, "an empty selected slot (%" PRIu32 ") gives way to a live one (%" PRIu32 ")", empty, t.slot);
        } else {
            ok(1, "# SKIP no empty slot beside a live one");
        }
    }

    /* ---- the launch finished */
    rc = ws_gpu_run(g, 0, &err);
    ok(rc == 1 || rc == WS_GPU_RUN_BREAK, "the launch runs to its end");
    while (rc == WS_GPU_RUN_BREAK) rc = ws_gpu_run(g, 0, &err);
    ok(ws_gpu_launch_end(g, &err) == 0, "launch ends");
    render_all(&t, "after the launch");
    {
        char *txt = ws_tui_render(&t, &ws_view_warps, 24, 80);
        ok(txt && strstr(txt, "No kernel is running (launch 1 has finished"), "warps: no kernel running");
        free(txt);
        txt = ws_tui_render(&t, &ws_view_stalls, 24, 80);
        ok(txt && strstr(txt, "long_scoreboard"), "stalls: still shows the totals");
        free(txt);
    }

    ws_gpu_free(g);
    ws_opts_free(o);
    ws_tui_offscreen_end();
    return tap_done();
}
