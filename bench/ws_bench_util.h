/* ws_bench_util.h: what the benchmarks share: clocks, the uniform random
 * graph of the issues' targets, a CPU BFS. */
#ifndef WS_BENCH_UTIL_H
#define WS_BENCH_UTIL_H

#include <stdint.h>

#include "core/ws_core.h"

/* Wall-clock and process CPU time, seconds. */
double wsb_now(void);
double wsb_cpu_now(void);

/* n vertices, n * deg directed edges with source and target drawn uniformly
 * (ws_rng, `seed`), as CSR. */
typedef struct wsb_graph {
    int n, m;
    int *row, *col;
} wsb_graph;
void wsb_make_graph(wsb_graph *g, int n, int deg, uint64_t seed);
void wsb_free_graph(wsb_graph *g);
/* BFS levels from s (-1: unreachable). */
void wsb_cpu_bfs(const wsb_graph *g, int s, int *level);
/* Peak resident memory of this process, MB. */
double wsb_peak_mb(void);

/* Print "PROG: err->msg" and exit 1. */
void wsb_die(const char *prog, const ws_error *err);

/* Topology-driven BFS (scenarios/kernels/bfs_topo*.ptx) as its host program
 * runs it: the device arrays, the level loop, the result check.  `launch`
 * runs one kernel to completion (functional or timed). */
typedef int (*wsb_launch_fn)(void *ctx, const ws_kernel *k, const ws_launch_config *lc, const ws_arg *args,
                             uint32_t nargs, ws_error *err);
typedef struct wsb_bfs {
    const char *prog;       /* for messages */
    ws_device *d;
    const ws_kernel *expand, *update;
    const wsb_graph *g;
    uint64_t a[7];          /* row, col, mask, updating, visited, cost, stop */
    wsb_launch_fn launch;
    void *ctx;
} wsb_bfs;
/* Load `ptx` (bfs_topo.ptx or bfs_topo_g.ptx) from the source tree's
 * scenarios/kernels, allocate the arrays and upload the graph. */
void wsb_bfs_setup(wsb_bfs *b, const char *prog, ws_device *d, const char *ptx, const wsb_graph *g,
                   wsb_launch_fn launch, void *ctx);
/* One BFS from vertex 0 to completion; returns the levels (launch pairs). */
int wsb_bfs_run(wsb_bfs *b);
/* Vertices whose level differs from ref (the CPU BFS). */
int wsb_bfs_errors(const wsb_bfs *b, const int *ref);

#endif
