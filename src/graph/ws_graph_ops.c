/* Graph objects: allocation, checks, transpose, degrees, permutations and
 * vertex orders, checksums. */
#include "graph/ws_graph_priv.h"
#include "util/ws_rng.h"
#include "util/ws_util.h"

#include <stdlib.h>
#include <string.h>

ws_graph *ws_graph_alloc(int32_t n, int32_t m, int weighted)
{
    ws_graph *g = ws_xcalloc(1, sizeof *g);
    g->n = n;
    g->m = m;
    g->row = ws_xcalloc((size_t)n + 1, sizeof *g->row);
    g->col = ws_xmalloc((m ? (size_t)m : 1) * sizeof *g->col);
    if (weighted)
        g->weight = ws_xmalloc((m ? (size_t)m : 1) * sizeof *g->weight);
    g->source = -1;
    return g;
}

void ws_graph_free(ws_graph *g)
{
    if (!g)
        return;
    free(g->row);
    free(g->col);
    free(g->weight);
    free(g->orig_id);
    free(g);
}

ws_graph *ws_graph_copy(const ws_graph *g)
{
    ws_graph *h = ws_graph_alloc(g->n, g->m, g->weight != NULL);
    memcpy(h->row, g->row, ((size_t)g->n + 1) * sizeof *g->row);
    memcpy(h->col, g->col, (size_t)g->m * sizeof *g->col);
    if (g->weight)
        memcpy(h->weight, g->weight, (size_t)g->m * sizeof *g->weight);
    if (g->orig_id) {
        h->orig_id = ws_xmalloc(((size_t)g->n + 1) * sizeof *h->orig_id);
        memcpy(h->orig_id, g->orig_id, (size_t)g->n * sizeof *h->orig_id);
    }
    h->source = g->source;
    h->flags = g->flags;
    h->origin = g->origin;
    return h;
}

int ws_graph_validate(const ws_graph *g, ws_error *err)
{
    if (g->n < 0 || g->n > WS_GRAPH_MAX_N)
        return ws_error_set(err, WS_E_RANGE, "vertex count %ld is out of range", (long)g->n);
    if (g->m < 0)
        return ws_error_set(err, WS_E_RANGE, "edge count %ld is negative", (long)g->m);
    if (g->row[0] != 0)
        return ws_error_set(err, WS_E_PARSE, "row[0] is %ld, not 0", (long)g->row[0]);
    for (int32_t v = 0; v < g->n; v++)
        if (g->row[v + 1] < g->row[v])
            return ws_error_set(err, WS_E_PARSE,
                                "row offsets decrease at vertex %ld (row[%ld] = %ld > row[%ld] "
                                "= %ld)",
                                (long)v, (long)v, (long)g->row[v], (long)v + 1,
                                (long)g->row[v + 1]);
    if (g->row[g->n] != g->m)
        return ws_error_set(err, WS_E_PARSE, "row[n] is %ld but there are %ld edges",
                            (long)g->row[g->n], (long)g->m);
    for (int32_t k = 0; k < g->m; k++)
        if (g->col[k] < 0 || g->col[k] >= g->n)
            return ws_error_set(err, WS_E_RANGE, "edge %ld targets vertex %ld, outside 0..%ld",
                                (long)k, (long)g->col[k], (long)g->n - 1);
    if (g->source < -1 || g->source >= g->n)
        return ws_error_set(err, WS_E_RANGE, "source vertex %ld is outside 0..%ld",
                            (long)g->source, (long)g->n - 1);
    return 0;
}

ws_graph *ws_graph_transpose(const ws_graph *g)
{
    ws_graph *t = ws_graph_alloc(g->n, g->m, g->weight != NULL);
    for (int32_t k = 0; k < g->m; k++)
        t->row[g->col[k] + 1]++;
    for (int32_t v = 0; v < g->n; v++)
        t->row[v + 1] += t->row[v];
    int32_t *next = ws_xmalloc(((size_t)g->n + 1) * sizeof *next);
    memcpy(next, t->row, ((size_t)g->n + 1) * sizeof *next);
    for (int32_t u = 0; u < g->n; u++)
        for (int32_t k = g->row[u]; k < g->row[u + 1]; k++) {
            int32_t p = next[g->col[k]]++;
            t->col[p] = u;
            if (g->weight)
                t->weight[p] = g->weight[k];
        }
    free(next);
    if (g->orig_id) {
        t->orig_id = ws_xmalloc(((size_t)g->n + 1) * sizeof *t->orig_id);
        memcpy(t->orig_id, g->orig_id, (size_t)g->n * sizeof *t->orig_id);
    }
    t->source = g->source;
    t->flags = g->flags;
    t->origin = g->origin;
    return t;
}

void ws_graph_degrees(const ws_graph *g, int in, int32_t *deg)
{
    if (!in) {
        for (int32_t v = 0; v < g->n; v++)
            deg[v] = g->row[v + 1] - g->row[v];
        return;
    }
    memset(deg, 0, (size_t)g->n * sizeof *deg);
    for (int32_t k = 0; k < g->m; k++)
        deg[g->col[k]]++;
}

ws_graph *ws_graph_permute(const ws_graph *g, const int32_t *perm, ws_error *err)
{
    /* perm must be a permutation. */
    unsigned char *seen = ws_xcalloc((size_t)g->n + 1, 1);
    for (int32_t v = 0; v < g->n; v++) {
        if (perm[v] < 0 || perm[v] >= g->n || seen[perm[v]]) {
            free(seen);
            ws_error_set(err, WS_E_RANGE,
                         "not a permutation: vertex %ld maps to %ld (out of range or repeated)",
                         (long)v, (long)perm[v]);
            return NULL;
        }
        seen[perm[v]] = 1;
    }
    free(seen);
    ws_graph *h = ws_graph_alloc(g->n, g->m, g->weight != NULL);
    for (int32_t v = 0; v < g->n; v++)
        h->row[perm[v] + 1] = g->row[v + 1] - g->row[v];
    for (int32_t v = 0; v < g->n; v++)
        h->row[v + 1] += h->row[v];
    for (int32_t v = 0; v < g->n; v++) {
        int32_t o = h->row[perm[v]];
        for (int32_t k = g->row[v]; k < g->row[v + 1]; k++, o++) {
            h->col[o] = perm[g->col[k]];
            if (g->weight)
                h->weight[o] = g->weight[k];
        }
    }
    ws_graph_sort_lists(h);
    h->orig_id = ws_xmalloc(((size_t)g->n + 1) * sizeof *h->orig_id);
    for (int32_t v = 0; v < g->n; v++)
        h->orig_id[perm[v]] = g->orig_id ? g->orig_id[v] : (uint32_t)v + (uint32_t)g->origin.base;
    h->source = g->source >= 0 ? perm[g->source] : -1;
    h->flags = g->flags;
    h->origin = g->origin;
    h->origin.reordered = 1;
    return h;
}

/* BFS discovery order over the undirected view (out-edges, then in-edges). */
static void bfs_order(const ws_graph *g, int32_t *perm)
{
    ws_graph *t = (g->flags & WS_GRAPH_SYMMETRIC) ? NULL : ws_graph_transpose(g);
    int32_t *queue = ws_xmalloc(((size_t)g->n + 1) * sizeof *queue);
    for (int32_t v = 0; v < g->n; v++)
        perm[v] = -1;
    int32_t next_id = 0;
    for (int32_t root = 0; root < g->n; root++) {
        if (perm[root] >= 0)
            continue;
        int32_t head = 0, tail = 0;
        queue[tail++] = root;
        perm[root] = next_id++;
        while (head < tail) {
            int32_t u = queue[head++];
            for (int pass = 0; pass < (t ? 2 : 1); pass++) {
                const ws_graph *h = pass ? t : g;
                for (int32_t k = h->row[u]; k < h->row[u + 1]; k++) {
                    int32_t v = h->col[k];
                    if (perm[v] < 0) {
                        perm[v] = next_id++;
                        queue[tail++] = v;
                    }
                }
            }
        }
    }
    free(queue);
    ws_graph_free(t);
}

ws_graph *ws_graph_reorder(const ws_graph *g, ws_graph_order order, uint64_t seed, ws_error *err)
{
    int32_t *perm = ws_xmalloc(((size_t)g->n + 1) * sizeof *perm);
    switch (order) {
    case WS_GRAPH_ORDER_NONE:
        for (int32_t v = 0; v < g->n; v++)
            perm[v] = v;
        break;
    case WS_GRAPH_ORDER_RANDOM: {
        /* perm is the new id of each vertex: a Fisher-Yates shuffle. */
        ws_rng r;
        ws_rng_seed(&r, seed);
        for (int32_t v = 0; v < g->n; v++)
            perm[v] = v;
        for (int32_t i = g->n - 1; i > 0; i--) {
            int32_t j = (int32_t)ws_rng_below(&r, (uint64_t)i + 1);
            int32_t t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        break;
    }
    case WS_GRAPH_ORDER_DEGREE: {
        /* Counting sort by out-degree, highest first, stable in id. */
        int32_t maxd = 0;
        for (int32_t v = 0; v < g->n; v++)
            maxd = WS_MAX(maxd, g->row[v + 1] - g->row[v]);
        int32_t *cnt = ws_xcalloc((size_t)maxd + 2, sizeof *cnt);
        for (int32_t v = 0; v < g->n; v++)
            cnt[maxd - (g->row[v + 1] - g->row[v]) + 1]++;
        for (int32_t d = 0; d <= maxd; d++)
            cnt[d + 1] += cnt[d];
        for (int32_t v = 0; v < g->n; v++)
            perm[v] = cnt[maxd - (g->row[v + 1] - g->row[v])]++;
        free(cnt);
        break;
    }
    case WS_GRAPH_ORDER_BFS:
        bfs_order(g, perm);
        break;
    default:
        free(perm);
        ws_error_set(err, WS_E_RANGE, "unknown vertex order %d", (int)order);
        return NULL;
    }
    ws_graph *h = ws_graph_permute(g, perm, err);
    free(perm);
    return h;
}

/* FNV-1a, 64 bits, fed little-endian words. */
static uint64_t fnv_u32(uint64_t h, uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        h ^= (v >> (8 * i)) & 0xffu;
        h *= 0x100000001b3ull;
    }
    return h;
}

uint64_t ws_graph_checksum(const ws_graph *g)
{
    uint64_t h = 0xcbf29ce484222325ull;
    h = fnv_u32(h, (uint32_t)g->n);
    h = fnv_u32(h, (uint32_t)g->m);
    for (int32_t v = 0; v <= g->n; v++)
        h = fnv_u32(h, (uint32_t)g->row[v]);
    for (int32_t k = 0; k < g->m; k++)
        h = fnv_u32(h, (uint32_t)g->col[k]);
    if (g->weight)
        for (int32_t k = 0; k < g->m; k++)
            h = fnv_u32(h, (uint32_t)g->weight[k]);
    return h;
}

int ws_graph_is_symmetric(const ws_graph *g)
{
    ws_graph *s = ws_graph_copy(g);
    ws_graph_sort_lists(s);
    ws_graph *t = ws_graph_transpose(s);
    int eq = memcmp(s->row, t->row, ((size_t)g->n + 1) * sizeof *s->row) == 0 &&
             memcmp(s->col, t->col, (size_t)g->m * sizeof *s->col) == 0 &&
             (!g->weight || memcmp(s->weight, t->weight, (size_t)g->m * sizeof *s->weight) == 0);
    ws_graph_free(s);
    ws_graph_free(t);
    return eq;
}

ws_graph *ws_graph_largest_component(const ws_graph *g)
{
    int32_t *label = ws_xmalloc(((size_t)g->n + 1) * sizeof *label);
    ws_graph_components(g, label);
    int32_t *size = ws_xcalloc((size_t)g->n + 1, sizeof *size);
    int32_t big = 0;
    for (int32_t v = 0; v < g->n; v++)
        size[label[v]]++;
    for (int32_t v = 0; v < g->n; v++)
        if (size[v] > size[big])
            big = v;
    /* New ids in increasing old order: label -> new id (or -1). */
    int32_t k = 0;
    for (int32_t v = 0; v < g->n; v++)
        label[v] = label[v] == big ? k++ : -1;
    int32_t m = 0;
    for (int32_t v = 0; v < g->n; v++)
        if (label[v] >= 0)
            m += g->row[v + 1] - g->row[v];
    ws_graph *h = ws_graph_alloc(k, m, g->weight != NULL);
    h->orig_id = ws_xmalloc(((size_t)k + 1) * sizeof *h->orig_id);
    int32_t o = 0;
    for (int32_t v = 0; v < g->n; v++) {
        if (label[v] < 0)
            continue;
        int32_t nv = label[v];
        h->orig_id[nv] = g->orig_id ? g->orig_id[v] : (uint32_t)v + (uint32_t)g->origin.base;
        for (int32_t e = g->row[v]; e < g->row[v + 1]; e++, o++) {
            h->col[o] = label[g->col[e]];
            if (g->weight)
                h->weight[o] = g->weight[e];
        }
        h->row[nv + 1] = o;
    }
    h->source = g->source >= 0 ? label[g->source] : -1;
    h->flags = g->flags;
    h->origin = g->origin;
    h->origin.relabelled = 1;
    free(size);
    free(label);
    return h;
}
