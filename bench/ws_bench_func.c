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
#include "util/ws_rng.h"
#include "util/ws_util.h"
#include "ws_dirs.h"

#define CHECK(x)                                                                       \
    do {                                                                               \
        if (!(x)) {                                                                    \
            fprintf(stderr, "ws_bench_func: %s\n", err.msg);                           \
            exit(1);                                                                   \
        }                                                                              \
    } while (0)

/* One BFS to completion; returns the number of levels (launch pairs). */
static int gpu_bfs(ws_device *d, const ws_kernel *ke, const ws_kernel *ku, const wsb_graph *g, const uint64_t *a)
{
    ws_error err;
    int n = g->n;
    uint64_t drow = a[0], dcol = a[1], dmask = a[2], dupd = a[3], dvis = a[4], dcost = a[5], dstop = a[6];
    CHECK(ws_devmem_memset(d, dmask, 0, (uint64_t)n, &err) == 0);
    CHECK(ws_devmem_memset(d, dupd, 0, (uint64_t)n, &err) == 0);
    CHECK(ws_devmem_memset(d, dvis, 0, (uint64_t)n, &err) == 0);
    CHECK(ws_devmem_memset(d, dcost, 0xff, 4ull * n, &err) == 0);
    unsigned char one = 1;
    int zero = 0, stop, levels = 0;
    CHECK(ws_devmem_write(d, dmask, &one, 1, &err) == 0);
    CHECK(ws_devmem_write(d, dvis, &one, 1, &err) == 0);
    CHECK(ws_devmem_write(d, dcost, &zero, 4, &err) == 0);
    ws_launch_config lc = { .grid = { (uint32_t)(n + 255) / 256, 1, 1 }, .block = { 256, 1, 1 } };
    ws_arg ae[] = { WS_ARG_PTR(drow), WS_ARG_PTR(dcol), WS_ARG_PTR(dmask), WS_ARG_PTR(dupd),
                    WS_ARG_PTR(dvis), WS_ARG_PTR(dcost), WS_ARG_INT(n) };
    ws_arg au[] = { WS_ARG_PTR(dmask), WS_ARG_PTR(dupd), WS_ARG_PTR(dvis), WS_ARG_PTR(dstop), WS_ARG_INT(n) };
    do {
        stop = 0;
        CHECK(ws_devmem_write(d, dstop, &stop, 4, &err) == 0);
        CHECK(ws_launch(d, ke, &lc, ae, 7, &err) == 0);
        CHECK(ws_launch(d, ku, &lc, au, 5, &err) == 0);
        CHECK(ws_devmem_read(d, dstop, &stop, 4, &err) == 0);
        levels++;
    } while (stop);
    return levels;
}

static int bench(const char *file, const wsb_graph *g, const int *ref)
{
    ws_error err;
    char path[2048];
    snprintf(path, sizeof path, "%s/scenarios/kernels/%s", WS_SRCDIR, file);
    ws_device *d = ws_device_create(NULL, &err);
    CHECK(d);
    ws_module *m = ws_module_load_file(d, path, &err);
    CHECK(m);
    const ws_kernel *ke = ws_module_kernel(m, "bfs_topo_expand", &err);
    CHECK(ke);
    const ws_kernel *ku = ws_module_kernel(m, "bfs_topo_update", &err);
    CHECK(ku);
    int n = g->n;
    uint64_t a[7];
    CHECK((a[0] = ws_devmem_alloc(d, 4ull * (n + 1), "row", &err)) != 0);
    CHECK((a[1] = ws_devmem_alloc(d, 4ull * g->m, "col", &err)) != 0);
    CHECK((a[2] = ws_devmem_alloc(d, (uint64_t)n, "mask", &err)) != 0);
    CHECK((a[3] = ws_devmem_alloc(d, (uint64_t)n, "updating", &err)) != 0);
    CHECK((a[4] = ws_devmem_alloc(d, (uint64_t)n, "visited", &err)) != 0);
    CHECK((a[5] = ws_devmem_alloc(d, 4ull * n, "cost", &err)) != 0);
    CHECK((a[6] = ws_devmem_alloc(d, 4, "stop", &err)) != 0);
    CHECK(ws_devmem_write(d, a[0], g->row, 4ull * (n + 1), &err) == 0);
    CHECK(ws_devmem_write(d, a[1], g->col, 4ull * g->m, &err) == 0);
    double best = 1e30, best_cpu = 1e30, total = 0;
    uint64_t tinsn = 0, winsn = 0;
    int levels = 0, reps = 0;
    while (total < 0.5 || reps < 3) {
        ws_launch_stats before = *ws_device_total_stats(d);
        double t0 = wsb_now(), c0 = wsb_cpu_now();
        levels = gpu_bfs(d, ke, ku, g, a);
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
    int *cost = ws_xmalloc((size_t)n * sizeof *cost);
    CHECK(ws_devmem_read(d, a[5], cost, 4ull * n, &err) == 0);
    int bad = 0;
    for (int v = 0; v < n; v++)
        bad += cost[v] != ref[v];
    free(cost);
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
