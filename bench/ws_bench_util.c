/* ws_bench_util.c: see ws_bench_util.h. */
#define _POSIX_C_SOURCE 200809L
#include "ws_bench_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "util/ws_rng.h"
#include "util/ws_util.h"
#include "ws_dirs.h"

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

void wsb_die(const char *prog, const ws_error *err)
{
    fprintf(stderr, "%s: %s\n", prog, err->msg);
    exit(1);
}

#define CHECK(x)                                  \
    do {                                          \
        if (!(x))                                 \
            wsb_die(b->prog, &err);               \
    } while (0)

void wsb_bfs_setup(wsb_bfs *b, const char *prog, ws_device *d, const char *ptx, const wsb_graph *g,
                   wsb_launch_fn launch, void *ctx)
{
    ws_error err;
    memset(b, 0, sizeof *b);
    b->prog = prog;
    b->d = d;
    b->g = g;
    b->launch = launch;
    b->ctx = ctx;
    char path[2048];
    snprintf(path, sizeof path, "%s/scenarios/kernels/%s", WS_SRCDIR, ptx);
    ws_module *m = ws_module_load_file(d, path, &err);
    CHECK(m);
    CHECK((b->expand = ws_module_kernel(m, "bfs_topo_expand", &err)) != NULL);
    CHECK((b->update = ws_module_kernel(m, "bfs_topo_update", &err)) != NULL);
    uint64_t n = (uint64_t)g->n;
    static const char *const names[7] = { "row", "col", "mask", "updating", "visited", "cost", "stop" };
    const uint64_t sizes[7] = { 4 * (n + 1), 4ull * (uint64_t)g->m, n, n, n, 4 * n, 4 };
    for (int i = 0; i < 7; i++)
        CHECK((b->a[i] = ws_devmem_alloc(d, sizes[i], names[i], &err)) != 0);
    CHECK(ws_devmem_write(d, b->a[0], g->row, sizes[0], &err) == 0);
    CHECK(ws_devmem_write(d, b->a[1], g->col, sizes[1], &err) == 0);
}

int wsb_bfs_run(wsb_bfs *b)
{
    ws_error err;
    ws_device *d = b->d;
    int n = b->g->n;
    const uint64_t *a = b->a;
    for (int i = 2; i <= 4; i++)
        CHECK(ws_devmem_memset(d, a[i], 0, (uint64_t)n, &err) == 0);
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
    do {
        stop = 0;
        CHECK(ws_devmem_write(d, a[6], &stop, 4, &err) == 0);
        CHECK(b->launch(b->ctx, b->expand, &lc, ae, 7, &err) == 0);
        CHECK(b->launch(b->ctx, b->update, &lc, au, 5, &err) == 0);
        CHECK(ws_devmem_read(d, a[6], &stop, 4, &err) == 0);
        levels++;
    } while (stop);
    return levels;
}

int wsb_bfs_errors(const wsb_bfs *b, const int *ref)
{
    ws_error err;
    int n = b->g->n;
    int *cost = ws_xmalloc((size_t)n * sizeof *cost);
    CHECK(ws_devmem_read(b->d, b->a[5], cost, 4ull * n, &err) == 0);
    int bad = 0;
    for (int v = 0; v < n; v++)
        bad += cost[v] != ref[v];
    free(cost);
    return bad;
}
