/* t_tui_wait: why a warp waits (issue 37), the inspector and its panel.
 * A hand-built kernel whose warp 1 loads a fresh line (a miss to DRAM) and
 * then waits for it at a barrier's far side, while warp 0 waits at the
 * barrier: ws_gpu_warp_wait gives warp 1's register, load (line, issue
 * cycle) and request (address, array, stage and the cycle it entered it,
 * cycle by cycle), and warp 0's barrier and the warp that has not arrived;
 * the warp view's panel and the warps view's line say the same, rendered
 * off-screen at 200x60 and 80x24.  (WS_WAIT_DUMP=1 shows the renders.) */
#include "config.h"
#include "tui/ws_tui.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu.h"
#include "arch/ws_gpu_dbg.h"
#include "arch/ws_gpu_wait.h"
#include "arch/ws_mreq.h"
#include "arch/ws_opts.h"
#include "core/ws_core.h"
#include "ws_tap.h"

/* Lines: 9 ld.param, 10 mov tid, 11 setp, 12 @p bra, 13 ld.global (warp
 * 1), 14 add (its use), 15 AFTER:, 16 bar.sync, 17 ret. */
static const char PTX[] = ".version 7.0\n"
                          ".target sm_75\n"
                          ".address_size 64\n"
                          ".visible .entry waity(.param .u64 a)\n"
                          "{\n"
                          "  .reg .pred %p<2>;\n"
                          "  .reg .b32 %r<8>;\n"
                          "  .reg .b64 %rd<4>;\n"
                          "  ld.param.u64 %rd1, [a];\n"
                          "  mov.u32 %r3, %tid.x;\n"
                          "  setp.lt.u32 %p1, %r3, 32;\n"
                          "  @%p1 bra AFTER;\n"
                          "  ld.global.u32 %r1, [%rd1];\n"
                          "  add.u32 %r2, %r1, 1;\n"
                          "AFTER:\n"
                          "  bar.sync 0;\n"
                          "  ret;\n"
                          "}\n";

static bool dump;

static char *render(ws_tui *t, const ws_view *v, int rows, int cols)
{
    char *s = ws_tui_render(t, v, rows, cols);
    if (dump && s) printf("# ---- %s %dx%d\n%s", v->name, cols, rows, s);
    return s;
}

int main(void)
{
    dump = getenv("WS_WAIT_DUMP") != NULL;
    ws_error err;
    if (ws_tui_offscreen_begin(24, 80, &err) != 0) {
        printf("1..0 # SKIP %s\n", err.msg);
        return 0;
    }
    ws_opts *o = ws_opts_new();
    if (ws_opts_set(o, "sm.count", "1", &err) < 0 || ws_opts_set(o, "mem.copy_to_l2", "false", &err) < 0 ||
        ws_opts_set(o, "l1i.enable", "false", &err) < 0) {
        diag("%s", err.msg);
        return 1;
    }
    ws_gpu *g = ws_gpu_create(o, 1, &err);
    ws_device *d = g ? ws_gpu_device(g) : NULL;
    ws_module *m = d ? ws_module_load_text(d, PTX, strlen(PTX), "waity.ptx", &err) : NULL;
    const ws_kernel *k = m ? ws_module_kernel(m, "waity", &err) : NULL;
    uint64_t a = k ? ws_devmem_alloc(d, 4096, "vals", &err) : 0;
    ws_launch_config lc = { .grid = { 1, 1, 1 }, .block = { 64, 1, 1 } };
    ws_arg args[] = { WS_ARG_PTR(a) };
    if (!a || ws_gpu_launch_begin(g, k, &lc, args, 1, &err) < 0) {
        diag("%s", err.msg);
        return 1;
    }
    ws_gpu_dbg_record(g, true);

    /* cycle by cycle until warp 1 (slot 1) waits for its load in DRAM */
    ws_wait_info w1, w0;
    uint32_t stages = 0;
    uint64_t seen_l1 = 0;
    bool dram = false;
    for (int i = 0; i < 5000 && !dram; i++) {
        if (ws_gpu_run(g, 1, &err) < 0) {
            diag("%s", err.msg);
            return 1;
        }
        if (ws_gpu_warp_wait(g, 0, 1, &w1) && w1.kind == WS_WAIT_REG && w1.pending && w1.nreq) {
            stages |= 1u << w1.req[0].stage;
            if (w1.req[0].stage == WS_MST_L1_MISSQ && !seen_l1) seen_l1 = w1.req[0].since;
            dram = w1.req[0].stage == WS_MST_DRAM_QUEUE || w1.req[0].stage == WS_MST_DRAM;
        }
    }
    ok(dram, "warp 1's request reaches DRAM (cycle %" PRIu64 ")", ws_gpu_cycle(g));
    ok(stages & (1u << WS_MST_L1_MISSQ) && stages & (1u << WS_MST_ICNT_REQ) && stages & (1u << WS_MST_L2_QUEUE) &&
           stages & (1u << WS_MST_L2_MSHR),
       "... through the L1 miss queue, the request network, the L2 slice queue and the L2 MSHR");
    is_int(w1.stall, WS_STALL_LONG_SCOREBOARD, "warp 1: long_scoreboard");
    is_int(w1.nregs, 1, "one register");
    is_str(w1.regs[0], "%r1", "%%r1");
    ok(w1.writer, "the writer is known");
    is_str(w1.insn, "ld.global.u32", "ld.global.u32");
    is_int(w1.line, 13, "at line 13");
    is_str(w1.file, "waity.ptx", "of waity.ptx");
    ok(w1.issued > 0 && w1.issued < seen_l1 + 1 && w1.issued <= w1.now, "issued %" PRIu64 ", before its L1 lookup",
       w1.issued);
    is_int(w1.nreq, 1, "one request");
    is_u64(w1.req[0].addr, a, "its address: vals' first line");
    is_str(w1.req[0].array, "vals", "array vals");
    is_int(w1.req[0].size, 128, "128 bytes");
    is_int(w1.req[0].level, WS_LVL_DRAM, "level DRAM so far");
    ok(w1.req[0].loc, "its DRAM location is known");
    is_u64(w1.req[0].since, ws_gpu_cycle(g) - 1, "it entered DRAM's queue in the cycle just run");

    /* warp 0 (slot 0) waits at the barrier for warp 1 */
    ok(ws_gpu_warp_wait(g, 0, 0, &w0), "warp 0 waits");
    is_int(w0.kind, WS_WAIT_OTHER, "... not for a register");
    is_int(w0.stall, WS_STALL_BARRIER, "... at a barrier");
    ok(strstr(w0.cause, "barrier 0 at line 16: not arrived: w1(line 14)") != NULL, "cause: %s", w0.cause);

    /* the panel and the line */
    static ws_tui t;
    memset(&t, 0, sizeof t);
    t.ascii = true;
    t.g = g;
    t.sm = 0;
    t.slot = 1;
    char line[200], req[200];
    snprintf(line, sizeof line, "long_scoreboard for %%r1, written by ld.global.u32 at waity.ptx:13, issued %" PRIu64,
             w1.issued);
    ws_wait_req_text(&w1.req[0], req, sizeof req);
    ok(strstr(req, "vals 128 B: DRAM") != NULL && strstr(req, "(channel ") != NULL, "request text: %s", req);
    for (int s = 0; s < 2; s++) {
        int rows = s ? 24 : 60, cols = s ? 80 : 200;
        t.rows = rows;
        t.cols = cols;
        char *txt = render(&t, &ws_view_warp, rows, cols);
        ok(txt && strstr(txt, "- why it waits -"), "warp %dx%d: the panel", cols, rows);
        if (!s) {
            ok(txt && strstr(txt, line), "warp %dx%d: %s", cols, rows, line);
            ok(txt && strstr(txt, req), "warp %dx%d: the request's line", cols, rows);
        } else {
            ok(txt && strstr(txt, "long_scoreboard for %r1, written by ld.global.u32"), "warp %dx%d: the wait (cut)",
               cols, rows);
        }
        free(txt);
        txt = render(&t, &ws_view_warps, rows, cols);
        ok(txt && strstr(txt, "why: %r1 <- ld.global.u32 line 13"), "warps %dx%d: the line under the selected row",
           cols, rows);
        free(txt);
    }
    t.slot = 0;
    char *txt = render(&t, &ws_view_warp, 60, 200);
    ok(txt && strstr(txt, "barrier: barrier 0 at line 16: not arrived: w1(line 14)"), "warp 0's panel: the barrier");
    free(txt);

    /* the watch records the request's completion; the sentence */
    ws_gpu_wait_watch(g, 0, 1, w1.load);
    uint64_t issue_at = 0;
    for (int i = 0; i < 5000; i++) {
        ws_warp_info wi;
        ws_gpu_warp(g, 0, 1, &wi);
        if (wi.line != 14) {
            issue_at = ws_gpu_cycle(g) - 1;
            break;
        }
        if (ws_gpu_run(g, 1, &err) < 0) break;
    }
    ws_wait_req done[WS_WAIT_REQS];
    uint32_t nd = ws_gpu_wait_done(g, done, WS_WAIT_REQS);
    is_int(nd, 1, "the watch saw one request complete");
    is_int(nd ? done[0].level : 0, WS_LVL_DRAM, "served by DRAM");
    char sent[400];
    ws_gpu_wait_report(g, &w1, issue_at, sent, sizeof sent);
    char want[200];
    snprintf(want, sizeof want, "waited %" PRIu64 " cycles for %%r1 (ld.global.u32 at line 13, issued %" PRIu64
             "): 1 request, L1 miss, L2 miss, DRAM channel %u bank %u row %u, back at %" PRIu64,
             issue_at - w1.since, w1.issued, (unsigned)w1.req[0].chan, (unsigned)w1.req[0].bank,
             (unsigned)w1.req[0].row, nd ? done[0].t_reply : 0);
    is_str(sent, want, "the sentence");
    ws_gpu_wait_unwatch(g);

    ws_gpu_free(g);
    ws_opts_free(o);
    ws_tui_offscreen_end();
    return tap_done();
}
