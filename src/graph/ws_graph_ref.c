/* CPU reference algorithms: the answers GPU kernels are checked against.
 * BFS levels, Dijkstra distances, PageRank (float32, the kernels' exact
 * update rule; see ws_graph.h) and connected components (min label). */
#include "graph/ws_graph_priv.h"
#include "util/ws_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int check_src(const ws_graph *g, int32_t src, ws_error *err)
{
    if (src < 0 || src >= g->n)
        return ws_error_set(err, WS_E_RANGE, "source vertex %ld is out of range 0..%ld",
                            (long)src, (long)g->n - 1);
    return 0;
}

int ws_graph_bfs(const ws_graph *g, int32_t src, int32_t *level, ws_error *err)
{
    if (check_src(g, src, err) < 0)
        return -1;
    for (int32_t v = 0; v < g->n; v++)
        level[v] = -1;
    int32_t *queue = ws_xmalloc((size_t)g->n * sizeof *queue);
    int32_t head = 0, tail = 0;
    level[src] = 0;
    queue[tail++] = src;
    while (head < tail) {
        int32_t u = queue[head++];
        int32_t next = level[u] + 1;
        for (int32_t k = g->row[u]; k < g->row[u + 1]; k++) {
            int32_t v = g->col[k];
            if (level[v] < 0) {
                level[v] = next;
                queue[tail++] = v;
            }
        }
    }
    free(queue);
    return 0;
}

/* Indexed binary min-heap of vertices keyed by dist (int64). */
typedef struct heap {
    int32_t *v;     /* heap slots -> vertex */
    int32_t *pos;   /* vertex -> slot, -1 when absent */
    int64_t *key;   /* vertex -> tentative distance */
    int32_t size;
} heap;

static void heap_swap(heap *h, int32_t a, int32_t b)
{
    int32_t t = h->v[a];
    h->v[a] = h->v[b];
    h->v[b] = t;
    h->pos[h->v[a]] = a;
    h->pos[h->v[b]] = b;
}

/* Order by key, then vertex id, so ties are broken the same way always. */
static int heap_less(const heap *h, int32_t a, int32_t b)
{
    int64_t ka = h->key[h->v[a]], kb = h->key[h->v[b]];
    return ka < kb || (ka == kb && h->v[a] < h->v[b]);
}

static void heap_up(heap *h, int32_t i)
{
    while (i > 0) {
        int32_t p = (i - 1) / 2;
        if (!heap_less(h, i, p))
            break;
        heap_swap(h, i, p);
        i = p;
    }
}

static void heap_down(heap *h, int32_t i)
{
    for (;;) {
        int32_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < h->size && heap_less(h, l, m))
            m = l;
        if (r < h->size && heap_less(h, r, m))
            m = r;
        if (m == i)
            return;
        heap_swap(h, i, m);
        i = m;
    }
}

int ws_graph_sssp(const ws_graph *g, int32_t src, int32_t inf, int32_t *dist, ws_error *err)
{
    if (check_src(g, src, err) < 0)
        return -1;
    if (g->weight)
        for (int32_t k = 0; k < g->m; k++)
            if (g->weight[k] < 0) {
                int32_t u = 0;
                while (g->row[u + 1] <= k)
                    u++;
                return ws_error_set(err, WS_E_RANGE,
                                    "edge %ld -> %ld has the negative weight %ld; Dijkstra "
                                    "needs non-negative weights",
                                    (long)u, (long)g->col[k], (long)g->weight[k]);
            }
    heap h;
    h.v = ws_xmalloc(((size_t)g->n + 1) * sizeof *h.v);
    h.pos = ws_xmalloc(((size_t)g->n + 1) * sizeof *h.pos);
    h.key = ws_xmalloc(((size_t)g->n + 1) * sizeof *h.key);
    h.size = 0;
    for (int32_t v = 0; v < g->n; v++) {
        h.pos[v] = -1;
        h.key[v] = INT64_MAX;
    }
    unsigned char *done = ws_xcalloc((size_t)g->n + 1, 1);
    h.key[src] = 0;
    h.v[0] = src;
    h.pos[src] = 0;
    h.size = 1;
    int rc = 0;
    while (h.size > 0) {
        int32_t u = h.v[0];
        heap_swap(&h, 0, h.size - 1);
        h.size--;
        h.pos[u] = -1;
        heap_down(&h, 0);
        done[u] = 1;
        int64_t du = h.key[u];
        if (du > INT32_MAX - 1) {
            rc = ws_error_set(err, WS_E_RANGE,
                              "the distance to vertex %ld (%lld) does not fit a 32-bit integer",
                              (long)u, (long long)du);
            break;
        }
        for (int32_t k = g->row[u]; k < g->row[u + 1]; k++) {
            int32_t v = g->col[k];
            if (done[v])
                continue;
            int64_t nd = du + (g->weight ? g->weight[k] : 1);
            if (nd < h.key[v]) {
                h.key[v] = nd;
                if (h.pos[v] < 0) {
                    h.v[h.size] = v;
                    h.pos[v] = h.size++;
                }
                heap_up(&h, h.pos[v]);
            }
        }
    }
    if (rc == 0)
        for (int32_t v = 0; v < g->n; v++)
            dist[v] = done[v] ? (int32_t)h.key[v] : inf;
    free(done);
    free(h.v);
    free(h.pos);
    free(h.key);
    return rc;
}

int ws_graph_pagerank(const ws_graph *g, const ws_graph *gt, int iters, float d, float *pr,
                      ws_error *err)
{
    if (iters < 0)
        return ws_error_set(err, WS_E_RANGE, "the iteration count must be >= 0, not %d", iters);
    if (!(d >= 0.0f && d <= 1.0f))
        return ws_error_set(err, WS_E_RANGE, "the damping factor must be in [0, 1], not %g",
                            (double)d);
    if (gt && (gt->n != g->n || gt->m != g->m))
        return ws_error_set(err, WS_E_RANGE,
                            "the transpose has %ld vertices and %ld edges, the graph %ld and "
                            "%ld",
                            (long)gt->n, (long)gt->m, (long)g->n, (long)g->m);
    if (g->n == 0)
        return 0;
    ws_graph *own = NULL;
    if (!gt)
        gt = own = ws_graph_transpose(g);
    float *next = ws_xmalloc((size_t)g->n * sizeof *next);
    float n_f = (float)g->n;
    float base = (1.0f - d) / n_f;
    float init = 1.0f / n_f;
    for (int32_t v = 0; v < g->n; v++)
        pr[v] = init;
    for (int it = 0; it < iters; it++) {
        for (int32_t v = 0; v < g->n; v++) {
            float sum = 0.0f;
            for (int32_t k = gt->row[v]; k < gt->row[v + 1]; k++) {
                int32_t u = gt->col[k];
                float outdeg = (float)(g->row[u + 1] - g->row[u]);
                sum = sum + pr[u] / outdeg;
            }
            /* The product is rounded before the add (no fused multiply-add),
             * as the kernel's __fmul_rn/__fadd_rn do; volatile keeps a
             * compiler from contracting the two. */
            volatile float prod = d * sum;
            next[v] = base + prod;
        }
        memcpy(pr, next, (size_t)g->n * sizeof *pr);
    }
    free(next);
    ws_graph_free(own);
    return 0;
}

static int32_t find(int32_t *parent, int32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]]; /* path halving */
        x = parent[x];
    }
    return x;
}

int32_t ws_graph_components(const ws_graph *g, int32_t *label)
{
    /* Union-find where the smaller root always wins, so each root is the
     * smallest id of its component. */
    for (int32_t v = 0; v < g->n; v++)
        label[v] = v;
    for (int32_t u = 0; u < g->n; u++)
        for (int32_t k = g->row[u]; k < g->row[u + 1]; k++) {
            int32_t a = find(label, u), b = find(label, g->col[k]);
            if (a < b)
                label[b] = a;
            else if (b < a)
                label[a] = b;
        }
    int32_t count = 0;
    for (int32_t v = 0; v < g->n; v++) {
        label[v] = find(label, v);
        count += label[v] == v;
    }
    return count;
}
