/* Prefetching benchmark (`make bench`).
 *
 * Target (issue [Prefetch]): the BFS benchmark of [Timing model] (topology-
 * driven BFS from vertex 0 on a uniform random graph of 65,536 vertices and
 * average degree 8, gtx480) with DSAP on runs no slower than 1.5 times the
 * same run without prefetching (CPU time).  The arrays are marked for DSAP
 * as a host program would (vertex = row offsets, edge = column indices,
 * visited = levels); the topology-driven kernel has no work list, so DSAP's
 * chain never starts there: the run measures the engine's cost.  The other
 * policies are timed the same way, as a reference for their cost.
 *
 * Usage: ws_bench_pf [N [DEGREE [POLICY...]]] */
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

/* One timed BFS with pf.policy = policy; returns CPU seconds. */
static double run(const wsb_graph *g, const int *ref, const char *policy)
{
    ws_error err;
    ws_opts *o = ws_opts_new();
    if (ws_opts_set(o, "pf.policy", policy, &err) < 0) wsb_die("ws_bench_pf", &err);
    ws_gpu *gpu = ws_gpu_create(o, 1, &err);
    if (!gpu) wsb_die("ws_bench_pf", &err);
    wsb_bfs b;
    wsb_bfs_setup(&b, "ws_bench_pf", ws_gpu_device(gpu), "bfs_topo.ptx", g, launch, gpu);
    if (ws_gpu_pf_mark(gpu, WS_ROLE_VERTEX, b.a[0], 4ull * (g->n + 1), 4, &err) < 0 ||
        ws_gpu_pf_mark(gpu, WS_ROLE_EDGE, b.a[1], 4ull * g->m, 4, &err) < 0 ||
        ws_gpu_pf_mark(gpu, WS_ROLE_VISITED, b.a[5], 4ull * g->n, 4, &err) < 0)
        wsb_die("ws_bench_pf", &err);
    double c0 = wsb_cpu_now();
    wsb_bfs_run(&b);
    double dc = wsb_cpu_now() - c0;
    int bad = wsb_bfs_errors(&b, ref);
    ws_gpu_stats_sync(gpu);
    ws_stats *s = ws_gpu_stats(gpu);
    double cycles = ws_stats_get(s, "cycles", -1);
    printf("  %-10s %9.0f cycles  %7.0f prefetches issued  accuracy %5.1f%%  CPU %6.2f s  %8.0f cycles/s  %s\n",
           policy, cycles, ws_stats_get(s, "pf.issued", -1), 100 * ws_stats_get(s, "pf.accuracy", -1), dc,
           cycles / dc, bad ? "WRONG RESULT" : "ok");
    ws_gpu_free(gpu);
    ws_opts_free(o);
    if (bad) exit(1);
    return dc;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 65536, deg = argc > 2 ? atoi(argv[2]) : 8;
    if (n < 1 || deg < 1) {
        fprintf(stderr, "usage: ws_bench_pf [N [DEGREE [POLICY...]]]\n");
        return 2;
    }
    wsb_graph g;
    wsb_make_graph(&g, n, deg, 1);
    int *ref = ws_xmalloc((size_t)n * sizeof *ref);
    wsb_cpu_bfs(&g, 0, ref);
    printf("prefetching cost: topology-driven BFS, gtx480, %d vertices, %d edges\n", g.n, g.m);
    double base = run(&g, ref, "none");
    double dsap = run(&g, ref, "dsap");
    for (int i = 3; i < argc; i++) run(&g, ref, argv[i]);
    if (argc <= 3) {
        run(&g, ref, "nextline");
        run(&g, ref, "mthwp");
    }
    printf("DSAP / none CPU time: %.2f (target <= 1.5)\n", dsap / base);
    free(ref);
    wsb_free_graph(&g);
    return 0;
}
