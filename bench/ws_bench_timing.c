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
 * Usage: ws_bench_timing [N [DEGREE [PRESET]]] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "arch/ws_gpu.h"
#include "arch/ws_opts.h"
#include "stats/ws_stats.h"
#include "util/ws_util.h"
#include "ws_bench_util.h"

static int launch(void *ctx, const ws_kernel *k, const ws_launch_config *lc, const ws_arg *args, uint32_t nargs,
                  ws_error *err)
{
    return ws_gpu_launch(ctx, k, lc, args, nargs, err);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 65536, deg = argc > 2 ? atoi(argv[2]) : 8;
    const char *preset = argc > 3 ? argv[3] : "gtx480";
    if (n < 1 || deg < 1) {
        fprintf(stderr, "usage: ws_bench_timing [N [DEGREE [PRESET]]]\n");
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
    ws_gpu *gpu = ws_gpu_create(o, 1, &err);
    if (!gpu)
        wsb_die("ws_bench_timing", &err);
    wsb_bfs b;
    wsb_bfs_setup(&b, "ws_bench_timing", ws_gpu_device(gpu), "bfs_topo.ptx", &g, launch, gpu);

    double t0 = wsb_now(), c0 = wsb_cpu_now();
    int levels = wsb_bfs_run(&b);
    double dt = wsb_now() - t0, dc = wsb_cpu_now() - c0;
    int bad = wsb_bfs_errors(&b, ref);

    ws_gpu_stats_sync(gpu);
    ws_stats *s = ws_gpu_stats(gpu);
    double cycles = ws_stats_get(s, "cycles", -1), winsn = ws_stats_get(s, "warp_insns", -1);
    double skipped = ws_stats_get(s, "cycles_skipped", -1);
    printf("timing BFS (topology-driven, %s) on a uniform random graph: %d vertices, %d edges, %d levels\n",
           preset, g.n, g.m, levels);
    printf("  %.0f cycles (%.1f%% skipped as idle), %.0f warp instructions, IPC %.2f, %s\n", cycles,
           cycles > 0 ? 100 * skipped / cycles : 0, winsn, cycles > 0 ? winsn / cycles : 0,
           bad ? "WRONG RESULT" : "matches the CPU BFS");
    printf("  wall %.2f s: %.0f cycles/s, %.2f M warp-insns/s;  CPU %.2f s: %.0f cycles/s, %.2f M warp-insns/s\n",
           dt, cycles / dt, winsn / dt / 1e6, dc, cycles / dc, winsn / dc / 1e6);
    printf("  peak memory %.0f MB\n", wsb_peak_mb());
    printf("target: >= 500,000 cycles/s, >= 1.5 M warp-insns/s, < 500 MB\n");
    free(ref);
    ws_gpu_free(gpu);
    ws_opts_free(o);
    wsb_free_graph(&g);
    return bad ? 1 : 0;
}
