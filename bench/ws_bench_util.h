/* ws_bench_util.h: what the benchmarks share: clocks, the uniform random
 * graph of the issues' targets, a CPU BFS. */
#ifndef WS_BENCH_UTIL_H
#define WS_BENCH_UTIL_H

#include <stdint.h>

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

#endif
