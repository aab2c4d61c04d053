/* ws_bench_util.c: see ws_bench_util.h. */
#define _POSIX_C_SOURCE 200809L
#include "ws_bench_util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "util/ws_rng.h"
#include "util/ws_util.h"

double wsb_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* CPU time of this process: the figure that does not depend on machine load */
double wsb_cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void wsb_make_graph(wsb_graph *g, int n, int deg, uint64_t seed)
{
    ws_rng r;
    ws_rng_seed(&r, seed);
    g->n = n;
    g->m = n * deg;
    int *src = ws_xmalloc((size_t)g->m * sizeof *src), *dst = ws_xmalloc((size_t)g->m * sizeof *dst);
    g->row = ws_xcalloc((size_t)n + 1, sizeof *g->row);
    g->col = ws_xmalloc((size_t)g->m * sizeof *g->col);
    for (int e = 0; e < g->m; e++) {
        src[e] = (int)ws_rng_below(&r, (uint64_t)n);
        dst[e] = (int)ws_rng_below(&r, (uint64_t)n);
        g->row[src[e] + 1]++;
    }
    for (int v = 0; v < n; v++)
        g->row[v + 1] += g->row[v];
    int *pos = ws_xmalloc((size_t)n * sizeof *pos);
    memcpy(pos, g->row, (size_t)n * sizeof *pos);
    for (int e = 0; e < g->m; e++)
        g->col[pos[src[e]]++] = dst[e];
    free(pos);
    free(src);
    free(dst);
}

void wsb_cpu_bfs(const wsb_graph *g, int s, int *level)
{
    int *q = ws_xmalloc((size_t)g->n * sizeof *q), h = 0, t = 0;
    for (int v = 0; v < g->n; v++)
        level[v] = -1;
    level[s] = 0;
    q[t++] = s;
    while (h < t) {
        int v = q[h++];
        for (int e = g->row[v]; e < g->row[v + 1]; e++)
            if (level[g->col[e]] < 0) {
                level[g->col[e]] = level[v] + 1;
                q[t++] = g->col[e];
            }
    }
    free(q);
}

void wsb_free_graph(wsb_graph *g)
{
    free(g->row);
    free(g->col);
}

double wsb_peak_mb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss / 1024.0;   /* kilobytes on Linux */
}
