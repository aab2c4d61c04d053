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
#include <string.h>

#include "arch/ws_gpu.h"
#include "arch/ws_opts.h"
#include "stats/ws_stats.h"
#include "util/ws_util.h"
#include "ws_bench_util.h"
#include "ws_dirs.h"

#define CHECK(x)                                                     \
    do {                                                             \
        if (!(x)) {                                                  \
            fprintf(stderr, "ws_bench_timing: %s\n", err.msg);       \
            exit(1);                                                 \
        }                                                            \
    } while (0)

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
    CHECK(ws_opts_apply_preset(o, preset, &err) == 0);
    ws_gpu *gpu = ws_gpu_create(o, 1, &err);
    CHECK(gpu);
    ws_device *d = ws_gpu_device(gpu);
    char path[2048];
    snprintf(path, sizeof path, "%s/scenarios/kernels/bfs_topo.ptx", WS_SRCDIR);
    ws_module *m = ws_module_load_file(d, path, &err);
    CHECK(m);
    const ws_kernel *ke = ws_module_kernel(m, "bfs_topo_expand", &err);
    CHECK(ke);
    const ws_kernel *ku = ws_module_kernel(m, "bfs_topo_update", &err);
    CHECK(ku);
    uint64_t a[7];
    CHECK((a[0] = ws_devmem_alloc(d, 4ull * (n + 1), "row", &err)) != 0);
    CHECK((a[1] = ws_devmem_alloc(d, 4ull * g.m, "col", &err)) != 0);
    CHECK((a[2] = ws_devmem_alloc(d, (uint64_t)n, "mask", &err)) != 0);
    CHECK((a[3] = ws_devmem_alloc(d, (uint64_t)n, "updating", &err)) != 0);
    CHECK((a[4] = ws_devmem_alloc(d, (uint64_t)n, "visited", &err)) != 0);
    CHECK((a[5] = ws_devmem_alloc(d, 4ull * n, "cost", &err)) != 0);
    CHECK((a[6] = ws_devmem_alloc(d, 4, "stop", &err)) != 0);
    CHECK(ws_devmem_write(d, a[0], g.row, 4ull * (n + 1), &err) == 0);
    CHECK(ws_devmem_write(d, a[1], g.col, 4ull * g.m, &err) == 0);
    CHECK(ws_devmem_memset(d, a[5], 0xff, 4ull * n, &err) == 0);
    unsigned char one = 1;
    int zero = 0, stop, levels = 0;
    CHECK(ws_devmem_write(d, a[2], &one, 1, &err) == 0);
    CHECK(ws_devmem_write(d, a[4], &one, 1, &err) == 0);
    CHECK(ws_devmem_write(d, a[5], &zero, 4, &err) == 0);
    ws_launch_config lc = { .grid = { (uint32_t)(n + 255) / 256, 1, 1 }, .block = { 256, 1, 1 } };
    ws_arg ae[] = { WS_ARG_PTR(a[0]), WS_ARG_PTR(a[1]), WS_ARG_PTR(a[2]), WS_ARG_PTR(a[3]),
                    WS_ARG_PTR(a[4]), WS_ARG_PTR(a[5]), WS_ARG_INT(n) };
    ws_arg au[] = { WS_ARG_PTR(a[2]), WS_ARG_PTR(a[3]), WS_ARG_PTR(a[4]), WS_ARG_PTR(a[6]), WS_ARG_INT(n) };

    double t0 = wsb_now(), c0 = wsb_cpu_now();
    do {
        stop = 0;
        CHECK(ws_devmem_write(d, a[6], &stop, 4, &err) == 0);
        CHECK(ws_gpu_launch(gpu, ke, &lc, ae, 7, &err) == 0);
        CHECK(ws_gpu_launch(gpu, ku, &lc, au, 5, &err) == 0);
        CHECK(ws_devmem_read(d, a[6], &stop, 4, &err) == 0);
        levels++;
    } while (stop);
    double dt = wsb_now() - t0, dc = wsb_cpu_now() - c0;

    int *cost = ws_xmalloc((size_t)n * sizeof *cost);
    CHECK(ws_devmem_read(d, a[5], cost, 4ull * n, &err) == 0);
    int bad = 0;
    for (int v = 0; v < n; v++)
        bad += cost[v] != ref[v];
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
    free(cost);
    free(ref);
    ws_gpu_free(gpu);
    ws_opts_free(o);
    wsb_free_graph(&g);
    return bad ? 1 : 0;
}
