/* Timing-model benchmark (`make bench`).
 *
 * Target (issue [Timing model]): topology-driven BFS (scenarios/kernels/
 * bfs_topo.ptx, one thread per vertex, two kernels a level) from vertex 0
 * on a uniform random graph of 65,536 vertices and average degree 8
 * (ws_bench_util.c, seed 1), gtx480 preset, the whole BFS: at least 500,000
 * simulated cycles per second and 1.5 million warp instructions per second
 * on one core, peak memory under 500 MB.  The result is checked against a
 * CPU BFS.  Rates are given in wall-clock time and in process CPU time.
 *
 * The BFS runs RUNS times (default 3), each on a new GPU: every run must
 * give the same cycles and instructions (the model is deterministic), and
 * the rates are those of the median run by CPU time, with the fastest
 * beside them (these shared machines vary by 10% or more from run to run).
 *
 * With WS_BENCH_LAUNCHES set in the environment, the first run also prints
 * one line per kernel launch to standard error: its cycles, warp
 * instructions and CPU time (where the time of a BFS goes, level by level).
 * Its statistics syncs and printing fall inside that run's timed part (well
 * under a millisecond per BFS); its cycles are the same.
 *
 * Usage: ws_bench_timing [N [DEGREE [PRESET [RUNS]]]] */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "arch/ws_gpu.h"
#include "arch/ws_opts.h"
#include "stats/ws_stats.h"
#include "util/ws_util.h"
#include "ws_bench_util.h"

/* What the launch callback gets: the GPU, and whether to print each launch
 * (WS_BENCH_LAUNCHES, first run only). */
typedef struct bench_ctx {
    ws_gpu *gpu;
    bool per_launch;
} bench_ctx;

static double counter(ws_gpu *gpu, const char *name)
{
    ws_gpu_stats_sync(gpu);
    return ws_stats_get(ws_gpu_stats(gpu), name, -1);
}

static int launch(void *ctx, const ws_kernel *k, const ws_launch_config *lc, const ws_arg *args, uint32_t nargs,
                  ws_error *err)
{
    const bench_ctx *bc = ctx;
    if (!bc->per_launch)
        return ws_gpu_launch(bc->gpu, k, lc, args, nargs, err);
    double c0 = counter(bc->gpu, "cycles"), i0 = counter(bc->gpu, "warp_insns"), t0 = wsb_cpu_now();
    int rc = ws_gpu_launch(bc->gpu, k, lc, args, nargs, err);
    double t = wsb_cpu_now() - t0, c = counter(bc->gpu, "cycles") - c0, i = counter(bc->gpu, "warp_insns") - i0;
    fprintf(stderr, "  launch %-20s %8.0f cycles %8.0f warp insns  CPU %.3f s: %5.0f ns/cycle %5.0f ns/warp insn\n",
            ws_kernel_name(k), c, i, t, c > 0 ? t * 1e9 / c : 0, i > 0 ? t * 1e9 / i : 0);
    return rc;
}

/* One whole BFS on a new GPU: its times and counters. */
typedef struct run_result {
    double wall, cpu, cycles, winsn, skipped;
    int levels, bad;
} run_result;

static run_result run_once(const ws_opts *o, const wsb_graph *g, const int *ref, bool per_launch)
{
    ws_error err;
    run_result rr;
    ws_gpu *gpu = ws_gpu_create(o, 1, &err);
    if (!gpu)
        wsb_die("ws_bench_timing", &err);
    bench_ctx bc = { gpu, per_launch };
    wsb_bfs b;
    wsb_bfs_setup(&b, "ws_bench_timing", ws_gpu_device(gpu), "bfs_topo.ptx", g, launch, &bc);
    double t0 = wsb_now(), c0 = wsb_cpu_now();
    rr.levels = wsb_bfs_run(&b);
    rr.wall = wsb_now() - t0;
    rr.cpu = wsb_cpu_now() - c0;
    rr.bad = wsb_bfs_errors(&b, ref);
    ws_gpu_stats_sync(gpu);
    ws_stats *s = ws_gpu_stats(gpu);
    rr.cycles = ws_stats_get(s, "cycles", -1);
    rr.winsn = ws_stats_get(s, "warp_insns", -1);
    rr.skipped = ws_stats_get(s, "cycles_skipped", -1);
    ws_gpu_free(gpu);
    return rr;
}

static int by_cpu(const void *a, const void *b)
{
    double x = ((const run_result *)a)->cpu, y = ((const run_result *)b)->cpu;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 65536, deg = argc > 2 ? atoi(argv[2]) : 8;
    const char *preset = argc > 3 ? argv[3] : "gtx480";
    int runs = argc > 4 ? atoi(argv[4]) : 3;
    if (n < 1 || deg < 1 || runs < 1 || runs > 100) {
        fprintf(stderr, "usage: ws_bench_timing [N [DEGREE [PRESET [RUNS (1-100)]]]]\n");
        return 2;
    }
    ws_error err;
    wsb_graph g;
    wsb_make_graph(&g, n, deg, 1);
    int *ref = ws_xmalloc((size_t)n * sizeof *ref);
    wsb_cpu_bfs(&g, 0, ref);

    ws_opts *o = ws_opts_new();
    if (ws_opts_apply_preset(o, preset, &err) < 0)
        wsb_die("ws_bench_timing", &err);
    /* WS_BENCH_SET="KEY=VALUE": one override, to compare a feature on and off
     * (e.g. energy.table=none) */
    const char *kv = getenv("WS_BENCH_SET");
    if (kv && *kv && ws_opts_set_kv(o, kv, &err) < 0)
        wsb_die("ws_bench_timing", &err);
    run_result *rr = ws_xmalloc((size_t)runs * sizeof *rr);
    int bad = 0;
    for (int i = 0; i < runs; i++) {
        rr[i] = run_once(o, &g, ref, i == 0 && getenv("WS_BENCH_LAUNCHES") != NULL);
        bad |= rr[i].bad != 0;
        if (rr[i].cycles != rr[0].cycles || rr[i].winsn != rr[0].winsn) {
            fprintf(stderr, "ws_bench_timing: run %d gave %.0f cycles and %.0f warp instructions, run 1 %.0f and %.0f: "
                    "the model is not deterministic\n", i + 1, rr[i].cycles, rr[i].winsn, rr[0].cycles, rr[0].winsn);
            bad = 1;
        }
    }
    const run_result r0 = rr[0];
    printf("timing BFS (topology-driven, %s) on a uniform random graph: %d vertices, %d edges, %d levels\n",
           preset, g.n, g.m, r0.levels);
    printf("  %.0f cycles (%.1f%% skipped as idle), %.0f warp instructions, IPC %.2f, %s\n", r0.cycles,
           r0.cycles > 0 ? 100 * r0.skipped / r0.cycles : 0, r0.winsn, r0.cycles > 0 ? r0.winsn / r0.cycles : 0,
           bad ? "WRONG RESULT" : "matches the CPU BFS");
    printf("  CPU time of the %d runs:", runs);
    for (int i = 0; i < runs; i++) printf(" %.2f s", rr[i].cpu);
    printf("\n");
    qsort(rr, (size_t)runs, sizeof *rr, by_cpu);
    const run_result *med = &rr[(runs - 1) / 2], *best = &rr[0];
    printf("  median run: wall %.2f s: %.0f cycles/s, %.2f M warp-insns/s;  CPU %.2f s: %.0f cycles/s, %.2f M warp-insns/s\n",
           med->wall, med->cycles / med->wall, med->winsn / med->wall / 1e6, med->cpu, med->cycles / med->cpu,
           med->winsn / med->cpu / 1e6);
    printf("  fastest run: CPU %.2f s: %.0f cycles/s, %.2f M warp-insns/s\n", best->cpu, best->cycles / best->cpu,
           best->winsn / best->cpu / 1e6);
    printf("  peak memory %.0f MB\n", wsb_peak_mb());
    printf("target: >= 500,000 cycles/s, >= 1.5 M warp-insns/s, < 500 MB\n");
    free(rr);
    free(ref);
    ws_opts_free(o);
    wsb_free_graph(&g);
    return bad ? 1 : 0;
}
