/* Functional-engine benchmark (`make bench`).
 *
 * Target (issue [PTX engine]): more than 100 million thread-instructions per
 * second on one core, running topology-driven BFS (scenarios/kernels/
 * bfs_topo.ptx, the Rodinia-style two-kernel level loop) to completion on a
 * uniform random graph of 65,536 vertices and average degree 8.
 *
 * Graph: 524,288 directed edges with source and target drawn uniformly
 * (ws_rng, seed 1), as CSR.  The result is checked against a CPU BFS; the
 * timed part is the whole host loop (launches, flag copies), repeated until
 * at least 0.5 s has passed; the best repetition is reported, in wall-clock
 * time and in process CPU time (the latter does not depend on other load).
 * Thread-instructions: the active lanes summed over every executed warp
 * instruction (ws_launch_stats.thread_insns).  The -G build is measured too.
 *
 * Usage: ws_bench_func [N [DEGREE]] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ws_bench_util.h"
#include "core/ws_core.h"
#include "util/ws_util.h"

static int launch(void *ctx, const ws_kernel *k, const ws_launch_config *lc, const ws_arg *args, uint32_t nargs,
                  ws_error *err)
{
    return ws_launch(ctx, k, lc, args, nargs, err);
}

static int bench(const char *file, const wsb_graph *g, const int *ref)
{
    ws_error err;
    ws_device *d = ws_device_create(NULL, &err);
    if (!d)
        wsb_die("ws_bench_func", &err);
    wsb_bfs b;
    wsb_bfs_setup(&b, "ws_bench_func", d, file, g, launch, d);
    double best = 1e30, best_cpu = 1e30, total = 0;
    uint64_t tinsn = 0, winsn = 0;
    int levels = 0, reps = 0;
    while (total < 0.5 || reps < 3) {
        ws_launch_stats before = *ws_device_total_stats(d);
        double t0 = wsb_now(), c0 = wsb_cpu_now();
        levels = wsb_bfs_run(&b);
        double dt = wsb_now() - t0, dc = wsb_cpu_now() - c0;
        if (dc < best_cpu)
            best_cpu = dc;
        const ws_launch_stats *after = ws_device_total_stats(d);
        tinsn = after->thread_insns - before.thread_insns;
        winsn = after->warp_insns - before.warp_insns;
        total += dt;
        reps++;
        if (dt < best)
            best = dt;
    }
    int bad = wsb_bfs_errors(&b, ref);
    printf("%-14s %2d levels  %llu thread-insns  %llu warp-insns  %.4f s  %.1f Minstr/s  (CPU time %.4f s: %.1f "
           "Minstr/s, %.1f M warp-insns/s)  %s\n",
           file, levels, (unsigned long long)tinsn, (unsigned long long)winsn, best, tinsn / best / 1e6, best_cpu,
           tinsn / best_cpu / 1e6, winsn / best_cpu / 1e6, bad ? "WRONG" : "matches the CPU BFS");
    ws_device_free(d);
    return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 65536, deg = argc > 2 ? atoi(argv[2]) : 8;
    if (n < 1 || deg < 1) {
        fprintf(stderr, "usage: ws_bench_func [N [DEGREE]]\n");
        return 2;
    }
    wsb_graph g;
    wsb_make_graph(&g, n, deg, 1);
    int *ref = ws_xmalloc((size_t)n * sizeof *ref);
    wsb_cpu_bfs(&g, 0, ref);
    printf("functional BFS (topology-driven) on a uniform random graph: %d vertices, %d edges\n", g.n, g.m);
    int rc = bench("bfs_topo.ptx", &g, ref) | bench("bfs_topo_g.ptx", &g, ref);
    printf("target: > 100 Minstr/s (thread-instructions per second, one core)\n");
    free(ref);
    wsb_free_graph(&g);
    return rc;
}
