/* t_gpu_dbg.c: breakpoints and recording of the timing model
 * (arch/ws_gpu_dbg.h): each kind stops where it should, and a run stopped
 * at breakpoints gives the same statistics as a run straight through. */
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu.h"
#include "arch/ws_gpu_dbg.h"
#include "arch/ws_opts.h"
#include "stats/ws_stats.h"
#include "ws_line_kernel.h"
#include "ws_tap.h"

/* The kernel (ws_line_kernel.h): the load is line 20, pc 11; the add that
 * uses it line 21, pc 12. */
enum { N = 2048 };
typedef ws_line_fix fix;

static char *stats_json(fix *f)
{
    ws_gpu_stats_sync(f->g);
    return ws_stats_json_text(ws_gpu_stats(f->g), "test", 1, NULL);
}

int main(void)
{
    ws_error err;
    fix f, r;

    /* reference: straight through */
    ws_line_setup(&r, "gtx480", NULL, N);
    is_int(ws_line_begin(&r), 0, "reference launch begins");
    is_int(ws_gpu_run(r.g, 0, &err), 1, "reference runs to the end");
    ws_gpu_launch_end(r.g, &err);
    char *ref = stats_json(&r);
    is_int(ws_line_errors(&r), 0, "reference output is right");

    ws_line_setup(&f, "gtx480", NULL, N);
    is_int(ws_line_begin(&f), 0, "launch begins");
    is_int((int)ws_gpu_launch_number(f.g), 1, "launch number 1");
    ok(ws_gpu_kernel(f.g) == f.k, "the active kernel");
    ws_gpu_dbg_record(f.g, true);

    /* bad breakpoints */
    ws_brk bad = { .kind = WS_BRK_PC, .func = ws_kernel_func(f.k), .pc = 99, .warp = WS_BRK_ANY, .sm = -1 };
    is_int(ws_gpu_brk_add(f.g, &bad, &err), -1, "pc past the end is refused");
    ok(strstr(err.msg, "17 instructions") != NULL, "the message names the size: %s", err.msg);
    bad = (ws_brk){ .kind = WS_BRK_LINE, .line = 21, .warp = WS_BRK_ANY, .sm = 15 };
    is_int(ws_gpu_brk_add(f.g, &bad, &err), -1, "SM 15 is refused on 15 SMs");

    /* line breakpoint on the add that uses the load: the next instruction of
     * the stopped warp is on line 21 */
    ws_brk b = { .kind = WS_BRK_LINE, .line = 21, .warp = WS_BRK_ANY, .sm = -1 };
    int id = ws_gpu_brk_add(f.g, &b, &err);
    is_int(id, 1, "first breakpoint id is 1");
    is_int(ws_gpu_run(f.g, 0, &err), WS_GPU_RUN_BREAK, "stops at the line breakpoint");
    const ws_brk_hit *h = ws_gpu_brk_hit(f.g);
    is_int(h->id, id, "hit names the breakpoint");
    is_int(h->kind, WS_BRK_LINE, "hit kind line");
    ok(h->sm >= 0 && h->slot >= 0, "hit names a warp");
    ws_warp_info wi;
    ws_gpu_warp(f.g, (uint32_t)h->sm, (uint32_t)h->slot, &wi);
    is_int((int)wi.line, 21, "that warp's next instruction is on line 21");
    is_int((int)wi.pc, 12, "at pc 12");
    is_u64(h->cycle + 1, ws_gpu_cycle(f.g), "the clock is the cycle after the hit");
    ok(strstr(h->text, "breakpoint 1: reached by SM") != NULL, "text: %s", h->text);

    /* history: newest first, the last issued was the load, pc 11 (line 20) */
    ws_hist_ent he[WS_HIST_LEN];
    uint32_t nh = ws_gpu_warp_history(f.g, (uint32_t)h->sm, (uint32_t)h->slot, he, WS_HIST_LEN);
    is_int((int)nh, 12, "12 instructions issued so far (pc 0..11)");
    is_int((int)he[0].pc, 11, "newest is pc 11");
    is_int((int)he[0].line, 20, "on line 20");
    is_int((int)he[nh - 1].pc, 0, "oldest is pc 0");
    is_int((int)he[0].active, -1, "all 32 lanes active");

    /* issue breakpoint on that warp: it stops when the warp issues the add (pc 12) */
    uint32_t wsm = (uint32_t)h->sm, wslot = (uint32_t)h->slot;
    ws_gpu_brk_enable(f.g, id, false);
    ws_brk st = { .kind = WS_BRK_ISSUE, .sm = (int32_t)wsm, .once = true,
                  .warp = ws_brk_warp_id(wi.cta[0], wi.warp) };
    int sid = ws_gpu_brk_add(f.g, &st, &err);
    is_int(ws_gpu_run(f.g, 0, &err), WS_GPU_RUN_BREAK, "step the warp: stops");
    is_int(ws_gpu_brk_hit(f.g)->id, sid, "the step breakpoint hit");
    ws_gpu_warp(f.g, wsm, wslot, &wi);
    is_int((int)wi.pc, 13, "the warp moved to pc 13");
    is_int((int)ws_gpu_warp_history(f.g, wsm, wslot, he, 1), 1, "history has its newest");
    is_int((int)he[0].pc, 12, "the add at pc 12 is the newest");
    is_int((int)ws_gpu_brk_count(f.g), 1, "a once breakpoint is deleted after its hit");

    /* stall breakpoint on long_scoreboard */
    ws_brk sb = { .kind = WS_BRK_STALL, .stall = WS_STALL_LONG_SCOREBOARD, .warp = WS_BRK_ANY, .sm = -1 };
    int sbid = ws_gpu_brk_add(f.g, &sb, &err);
    is_int(ws_gpu_run(f.g, 0, &err), WS_GPU_RUN_BREAK, "stall breakpoint stops");
    h = ws_gpu_brk_hit(f.g);
    is_int(h->id, sbid, "the stall breakpoint hit");
    ws_gpu_warp(f.g, (uint32_t)h->sm, (uint32_t)h->slot, &wi);
    is_str(ws_stall_name(wi.stall), "long_scoreboard", "the warp it names waits on a long scoreboard");
    ws_gpu_brk_del(f.g, sbid);

    /* cycle breakpoint */
    uint64_t c = ws_gpu_cycle(f.g) + 37;
    ws_brk cb = { .kind = WS_BRK_CYCLE, .cycle = c };
    int cid = ws_gpu_brk_add(f.g, &cb, &err);
    is_int(ws_gpu_run(f.g, 0, &err), WS_GPU_RUN_BREAK, "cycle breakpoint stops");
    is_u64(ws_gpu_cycle(f.g), c, "exactly at that cycle");
    is_int(ws_gpu_brk_hit(f.g)->id, cid, "cycle hit id");
    cb.cycle = 5;
    is_int(ws_gpu_brk_add(f.g, &cb, &err), -1, "a cycle in the past is refused");
    ws_gpu_brk_del(f.g, cid);

    /* MSHR-full breakpoint (one line per thread: the 32 MSHRs fill) */
    ws_brk mb = { .kind = WS_BRK_MSHR_FULL, .sm = -1, .warp = WS_BRK_ANY };
    int mid = ws_gpu_brk_add(f.g, &mb, &err);
    int rc = ws_gpu_run(f.g, 0, &err);
    is_int(rc, WS_GPU_RUN_BREAK, "MSHR-full breakpoint stops");
    is_int(ws_gpu_brk_hit(f.g)->id, mid, "MSHR-full hit id");
    ok(strstr(ws_gpu_brk_hit(f.g)->text, "MSHR") != NULL, "text: %s", ws_gpu_brk_hit(f.g)->text);
    char desc[160];
    ws_gpu_brk_describe(f.g, ws_gpu_brk_at(f.g, 1), desc, sizeof desc);
    is_str(desc, "L1 MSHRs full on any SM", "description");
    ws_gpu_brk_del(f.g, mid);

    /* the line breakpoint again, then run out with stops on every hit */
    ws_gpu_brk_enable(f.g, id, true);
    int hits = 0;
    while ((rc = ws_gpu_run(f.g, 1000, &err)) != 1) {
        if (rc < 0) { diag("%s", err.msg); break; }
        if (rc == WS_GPU_RUN_BREAK) hits++;
    }
    ok(hits > 0, "more line hits on the way (%d)", hits);
    ok(ws_gpu_brk_at(f.g, 0)->hits >= (uint64_t)hits + 1 && ws_gpu_brk_at(f.g, 0)->hits <= 64,
       "hits counted (%llu)", (unsigned long long)ws_gpu_brk_at(f.g, 0)->hits);

    /* per-line stall cycles while recording: the add after the load waited */
    ok(ws_gpu_line_stalls(f.g, ws_kernel_func(f.k), 12) > 0, "stall cycles recorded at pc 12");
    uint64_t ins, acc, mis;
    ws_gpu_line_counts(f.g, ws_kernel_func(f.k), 11, &ins, &acc, &mis);
    is_u64(ins, 64, "the load (pc 11) executed by 64 warps");
    is_u64(mis, 2048, "every request missed L1");
    is_u64(ws_gpu_line_execs(f.g, ws_kernel_func(f.k), 12), 64, "the add (pc 12) issued by 64 warps while recording");
    is_u64(ws_gpu_line_execs(f.g, ws_kernel_func(f.k), 0), 64, "pc 0 too");
    is_u64(ws_gpu_line_execs(f.g, ws_kernel_func(f.k), 16), 64, "and the ret (pc 16)");
    is_u64(acc, 2048, "one request per thread");
    ws_gpu_launch_end(f.g, &err);
    is_int(ws_line_errors(&f), 0, "output is right after stopping at breakpoints");
    ok(ws_gpu_kernel(f.g) == NULL, "no active kernel after the end");
    char *got = stats_json(&f);
    ok(strcmp(ref, got) == 0, "statistics identical to the straight run");
    free(ref);
    free(got);
    ws_gpu_free(f.g);

    /* a line breakpoint from the start: every one of the 64 warps hits it
     * once; several in one cycle stop the run once */
    fix e;
    ws_line_setup(&e, "gtx480", NULL, N);
    ws_line_begin(&e);
    ws_brk lb = { .kind = WS_BRK_LINE, .line = 21, .warp = WS_BRK_ANY, .sm = -1 };
    ws_gpu_brk_add(e.g, &lb, &err);
    int stops = 0;
    while ((rc = ws_gpu_run(e.g, 0, &err)) == WS_GPU_RUN_BREAK) stops++;
    is_int(rc, 1, "runs to the end");
    is_u64(ws_gpu_brk_at(e.g, 0)->hits, 64, "every warp reached line 21 once (64 warps)");
    ok(stops >= 1 && stops <= 64, "stops %d", stops);
    ws_gpu_launch_end(e.g, &err);
    char *got2 = stats_json(&e);
    is_int(ws_line_errors(&e), 0, "output right");
    ws_gpu_free(e.g);
    free(got2);
    ws_gpu_free(r.g);

    /* prefetch breakpoint: next-line prefetches into the input array */
    ws_line_setup(&e, "gtx480", (const char *const[]){ "pf.policy=nextline", NULL }, N);
    ws_line_begin(&e);
    ws_brk pb = { .kind = WS_BRK_PREFETCH, .addr = e.a, .len = (uint64_t)N * 128, .sm = -1, .warp = WS_BRK_ANY };
    ws_gpu_brk_add(e.g, &pb, &err);
    rc = ws_gpu_run(e.g, 0, &err);
    is_int(rc, WS_GPU_RUN_BREAK, "prefetch breakpoint stops");
    h = ws_gpu_brk_hit(e.g);
    ok(h->addr >= e.a && h->addr < e.a + (uint64_t)N * 128, "the prefetched line is in the input array");
    ws_gpu_stats_sync(e.g);
    ok(ws_stats_get(ws_gpu_stats(e.g), "pf.issued", -1) >= 1, "a prefetch was issued");
    ws_gpu_brk_clear(e.g);
    is_int((int)ws_gpu_brk_count(e.g), 0, "cleared");
    while ((rc = ws_gpu_run(e.g, 0, &err)) == WS_GPU_RUN_BREAK) {}
    is_int(rc, 1, "runs out after the clear");
    ws_gpu_free(e.g);
    return tap_done();
}
