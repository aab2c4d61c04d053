/* t_tui_iru: the IRU's inspectors and view (issue 33): gpu_iru.h's request
 * list, the iru_reply / iru_timeout breakpoints, and the IRU view rendered
 * off-screen.  A warp of 32 threads asks for the 32 indices of one 128-byte
 * block of the target: one reply from one full entry (one block), which an
 * iru_reply breakpoint stops at; then 2,048 indices scattered over 512
 * blocks in 16 warps: replies leave after iru.timeout, which an
 * iru_timeout breakpoint stops at with the requests still waiting listed
 * by SM, slot and PTX line.  (WS_IRU_DUMP=1 shows the renders.) */
#include "config.h"
#include "tui/ws_tui.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu.h"
#include "arch/ws_gpu_dbg.h"
#include "arch/ws_gpu_iru.h"
#include "arch/ws_opts.h"
#include "core/ws_core.h"
#include "ws_tap.h"

/* line 13: the load_iru */
static const char PTX[] = ".version 7.0\n"
                          ".target sm_52\n"
                          ".address_size 64\n"
                          ".visible .entry k(.param .u64 out, .param .u32 n)\n"
                          "{\n"
                          "  .reg .pred %p<3>;\n"
                          "  .reg .b32 %r<8>;\n"
                          "  .reg .b64 %rd<4>;\n"
                          "  mov.u32 %r1, %tid.x;\n"
                          "  ld.param.u32 %r2, [n];\n"
                          "  setp.ge.u32 %p2, %r1, %r2;\n"
                          "  @%p2 bra DONE;\n"
                          "  load_iru.b32 %p1, %r3, %r4, %r5;\n"
                          "  ld.param.u64 %rd1, [out];\n"
                          "  mul.wide.u32 %rd2, %r1, 4;\n"
                          "  add.s64 %rd3, %rd1, %rd2;\n"
                          "  st.global.u32 [%rd3], %r3;\n"
                          "DONE:\n"
                          "  ret;\n"
                          "}\n";

static bool dump;

static char *render(ws_tui *t, int rows, int cols)
{
    char *s = ws_tui_render(t, &ws_view_iru, rows, cols);
    if (dump && s) printf("# ---- iru %dx%d\n%s", cols, rows, s);
    return s;
}

static ws_gpu *machine(ws_opts **o, bool iru, ws_error *err)
{
    *o = ws_opts_new();
    if (ws_opts_apply_preset(*o, "gtx980", err) < 0 ||
        (iru && ws_opts_set(*o, "iru.enable", "true", err) < 0))
        return NULL;
    return ws_gpu_create(*o, 1, err);
}

/* Run until a breakpoint (rc 2), at most `max` cycles. */
static int run_to_break(ws_gpu *g, uint64_t max, ws_error *err)
{
    for (uint64_t c = 0; c < max; c += 100) {
        int rc = ws_gpu_run(g, 100, err);
        if (rc != 0) return rc;
    }
    return 0;
}

int main(void)
{
    dump = getenv("WS_IRU_DUMP") != NULL;
    ws_error err;
    if (ws_tui_offscreen_begin(24, 80, &err) != 0) {
        printf("1..0 # SKIP %s\n", err.msg);
        return 0;
    }
    static ws_tui t;
    memset(&t, 0, sizeof t);
    t.ascii = true;

    /* no IRU: no units, no view in the tab bar, a line saying why */
    ws_opts *o0;
    ws_gpu *g0 = machine(&o0, false, &err);
    if (!g0) {
        diag("%s", err.msg);
        return 1;
    }
    is_int(ws_gpu_iru_count(g0), 0, "without the IRU: no units");
    t.g = g0;
    int vi = ws_tui_view_find("iru");
    ok(vi >= 0 && !ws_tui_view_shown(&t, vi), "without the IRU: the view is not in the tab bar");
    char *txt = render(&t, 24, 80);
    ok(txt && strstr(txt, "This GPU has no IRU"), "without the IRU: the view says so");
    free(txt);
    ws_brk bb = { .kind = WS_BRK_IRU_REPLY, .warp = WS_BRK_ANY, .sm = -1 };
    ok(ws_gpu_brk_add(g0, &bb, &err) < 0 && strstr(err.msg, "no IRU"), "without the IRU: iru_reply refused: %s",
       err.msg);
    ws_gpu_free(g0);
    ws_opts_free(o0);

    ws_opts *o;
    ws_gpu *g = machine(&o, true, &err);
    ws_device *d = g ? ws_gpu_device(g) : NULL;
    ws_module *m = d ? ws_module_load_text(d, PTX, strlen(PTX), "iru_view.ptx", &err) : NULL;
    const ws_kernel *k = m ? ws_module_kernel(m, "k", &err) : NULL;
    uint64_t tgt = k ? ws_devmem_alloc(d, 65536 * 4, "target", &err) : 0;
    uint64_t idx = tgt ? ws_devmem_alloc(d, 2048 * 4, "idx", &err) : 0;
    uint64_t out = idx ? ws_devmem_alloc(d, 2048 * 4, "out", &err) : 0;
    if (!out) {
        diag("%s", err.msg);
        return 1;
    }
    is_int(ws_gpu_iru_count(g), 4, "gtx980: an IRU in each of the 4 partitions");
    t.g = g;
    ok(ws_tui_view_shown(&t, vi), "with the IRU: the view is in the tab bar");
    bb.sm = 4;
    ok(ws_gpu_brk_add(g, &bb, &err) < 0 && strstr(err.msg, "partitions 0..3"), "partition 4 refused: %s", err.msg);

    /* 1. one block: indices 31..0 */
    uint32_t ind[2048];
    for (uint32_t i = 0; i < 32; i++) ind[i] = 31 - i;
    ws_iru_regs r = { .target = tgt, .elem_size = 4, .indices = idx, .n = 32 };
    ws_launch_config lc = { .grid = { 1, 1, 1 }, .block = { 32, 1, 1 } };
    uint32_t n32 = 32;
    ws_arg args[] = { WS_ARG_PTR(out), WS_ARG_INT(n32) };
    if (ws_devmem_write(d, idx, ind, sizeof ind[0] * 32, &err) < 0 || ws_gpu_configure_iru(g, &r, &err) < 0 ||
        ws_gpu_launch_begin(g, k, &lc, args, 2, &err) < 0) {
        diag("%s", err.msg);
        return 1;
    }
    bb.sm = -1;
    int id = ws_gpu_brk_add(g, &bb, &err);
    ok(id > 0, "iru_reply on any partition added");
    char desc[128];
    ws_gpu_brk_describe(g, ws_gpu_brk_at(g, 0), desc, sizeof desc);
    is_str(desc, "IRU reply of any partition", "described: %s", desc);
    int rc = run_to_break(g, 5000, &err);
    is_int(rc, WS_GPU_RUN_BREAK, "the reply stops the run");
    const ws_brk_hit *h = ws_gpu_brk_hit(g);
    is_int(h->kind, WS_BRK_IRU_REPLY, "hit: iru_reply");
    is_int(h->sm, -1, "hit: no SM");
    ok(strstr(h->text, "replied (an entry was full): 32 elements, 1 blocks"), "hit: %s", h->text);
    uint32_t part = (uint32_t)h->addr;
    ok(part < 4, "hit: partition %u", part);
    const ws_iru_stats *s = ws_iru_stats_get(ws_gpu_iru(g, part));
    is_int(s->replies, 1, "that partition replied once");
    is_int(s->elems_out, 32, "... 32 elements");
    ws_tui_vstate(&t, &ws_view_iru)->sub = (int)part;
    txt = render(&t, 60, 200);
    char want[80];
    snprintf(want, sizeof want, "IRU of partition %u of 4: ", part);
    ok(txt && strstr(txt, want), "view: %s", want);
    ok(txt && strstr(txt, "target target (4 B), indices idx, n 32, secondary -, filter none"), "view: registers");
    ok(txt && strstr(txt, "replies 1: full entry 1, timeout 0, end of stream 0"), "view: the reply counted");
    ok(txt && strstr(txt, "set 0: "), "view: the set under the cursor");
    free(txt);
    /* the reply reaches the SM: the warp's record of what its lanes got */
    ws_gpu_iru_lanes il;
    bool got = false;
    for (int i = 0; i < 2000 && !got; i++) {
        got = ws_gpu_iru_lanes_get(g, 0, 0, &il);
        if (!got && ws_gpu_run(g, 1, &err) < 0) break;
    }
    ok(got, "the warp's load_iru record appears when its registers are written");
    is_int(il.valid, 0xffffffffu, "... every lane got an element");
    is_int(il.blocks, 1, "... from one block");
    is_int(il.why, WS_IRU_WHY_FULL, "... a full entry");
    is_int(il.line, 13, "... the load_iru of line 13");
    bool order = true;
    for (uint32_t l = 0; l < 32; l++) order &= il.idx[l] == 31 - l;
    ok(order, "... lane l got index 31 - l (the entry's order)");
    ok(il.t_request <= il.t_reply && il.t_reply <= il.t_done, "... request %" PRIu64 " <= reply %" PRIu64
       " <= written %" PRIu64, il.t_request, il.t_reply, il.t_done);
    t.sm = 0;
    t.slot = 0;
    txt = ws_tui_render(&t, &ws_view_warp, 60, 200);
    if (dump && txt) printf("# ---- warp 200x60\n%s", txt);
    ok(txt && strstr(txt, "last load_iru: line 13, waited "), "warp view: the load_iru panel");
    ok(txt && strstr(txt, "32 of 32 lanes, 1 block  idx 31 30 29 28"), "warp view: the lanes' indices");
    free(txt);
    if (ws_gpu_run(g, 0, &err) != 1 || ws_gpu_launch_end(g, &err) < 0) {
        diag("%s", err.msg);
        return 1;
    }

    /* 2. 2,048 scattered indices, 16 warps: a timeout */
    for (uint32_t i = 0; i < 2048; i++) ind[i] = (uint32_t)((i * 2654435761u) % 65536u);
    r.n = 2048;
    lc.grid[0] = 16;
    lc.block[0] = 128;
    n32 = 2048;
    ws_arg args2[] = { WS_ARG_PTR(out), WS_ARG_INT(n32) };
    ws_gpu_brk_clear(g);
    ws_brk bt = { .kind = WS_BRK_IRU_TIMEOUT, .warp = WS_BRK_ANY, .sm = -1 };
    if (ws_devmem_write(d, idx, ind, sizeof ind, &err) < 0 || ws_gpu_configure_iru(g, &r, &err) < 0 ||
        ws_gpu_launch_begin(g, k, &lc, args2, 2, &err) < 0 || ws_gpu_brk_add(g, &bt, &err) < 0) {
        diag("%s", err.msg);
        return 1;
    }
    rc = run_to_break(g, 100000, &err);
    is_int(rc, WS_GPU_RUN_BREAK, "a timeout stops the run");
    h = ws_gpu_brk_hit(g);
    is_int(h->kind, WS_BRK_IRU_TIMEOUT, "hit: iru_timeout");
    ok(strstr(h->text, "replied (after the timeout)"), "hit: %s", h->text);
    part = (uint32_t)h->addr;
    s = ws_iru_stats_get(ws_gpu_iru(g, part));
    ok(s->timeouts >= 1, "that partition counted the timeout");
    ws_iru_view v;
    ws_iru_view_get(ws_gpu_iru(g, part), &v);
    uint64_t sum = 0;
    for (uint32_t set = 0; set < v.sets; set++) {
        uint32_t fill, blocks;
        ws_iru_set_info(ws_gpu_iru(g, part), set, &fill, &blocks);
        sum += fill;
        if (fill && dump) printf("# set %u fill %u blocks %u\n", set, fill, blocks);
    }
    is_u64(sum, v.hash_elems, "the sets' fills add up to the hash's elements (%" PRIu64 ")", sum);
    uint32_t nq = 0, sms = 0;
    bool lines_ok = true;
    ws_gpu_iru_req q;
    while (ws_gpu_iru_request(g, part, nq, &q)) {
        lines_ok &= q.line == 13 && q.lanes == 32 && q.since <= ws_gpu_cycle(g) && q.sm < 16;
        sms |= 1u << q.sm;
        nq++;
    }
    is_int(nq, v.req_fifo, "the request list has the FIFO's %u requests", v.req_fifo);
    ok(lines_ok, "each from line 13 with 32 lanes");
    ok(nq < 2 || (sms & (sms - 1)), "from several SMs (mask 0x%x)", sms);
    ws_tui_vstate(&t, &ws_view_iru)->sub = (int)part;
    for (int z = 0; z < 2; z++) {
        int rows = z ? 24 : 60, cols = z ? 80 : 200;
        t.rows = rows;
        t.cols = cols;
        txt = render(&t, rows, cols);
        ok(txt && strstr(txt, "request FIFO"), "view %dx%d: the request FIFO", cols, rows);
        ok(txt && strstr(txt, "hash"), "view %dx%d: the hash", cols, rows);
        if (!z) {
            ok(txt && strstr(txt, "requests waiting, oldest first"), "view %dx%d: the waiting requests", cols, rows);
            ok(txt && strstr(txt, "blocks per reply"), "view %dx%d: the blocks-per-reply histogram", cols, rows);
        }
        free(txt);
    }
    /* the view's keys: l to the next partition, j down a set */
    t.cols = 200;
    int p0 = ws_tui_vstate(&t, &ws_view_iru)->sub;
    ws_view_iru.key(&t, 'l');
    is_int(ws_tui_vstate(&t, &ws_view_iru)->sub, (p0 + 1) % 4, "l: the next partition");
    ws_view_iru.key(&t, 'h');
    ws_view_iru.key(&t, 'j');
    is_int(ws_tui_vstate(&t, &ws_view_iru)->cursor, 1, "j: the next set");

    ws_gpu_free(g);
    ws_opts_free(o);
    ws_tui_offscreen_end();
    return tap_done();
}
