/* Graph statistics for `warpscope graph info` and g:info(): degrees and
 * their histogram, symmetry, self-loops and parallel edges, components and
 * an approximate diameter (the largest eccentricity found by up to four
 * BFS sweeps over the undirected view, the first from a lowest-degree vertex
 * of the largest component, each next one from the farthest vertex of the
 * previous; a lower bound, exact on trees and grids). */
#include "graph/ws_graph_priv.h"
#include "util/ws_util.h"

#include <stdlib.h>
#include <string.h>

#define SWEEPS 4

void ws_graph_hist_range(int b, int64_t *lo, int64_t *hi)
{
    if (b == 0) {
        *lo = *hi = 0;
        return;
    }
    *lo = (int64_t)1 << (b - 1);
    *hi = ((int64_t)1 << b) - 1;
}

static int hist_bucket(int32_t d)
{
    int b = 0;
    while (d > 0) {
        d >>= 1;
        b++;
    }
    return b;
}

/* BFS over out- and in-edges (t may be NULL for symmetric graphs); returns
 * the farthest vertex (smallest id on ties) and its level in *ecc. */
static int32_t sweep(const ws_graph *g, const ws_graph *t, int32_t src, int32_t *level,
                     int32_t *queue, int32_t *ecc)
{
    for (int32_t v = 0; v < g->n; v++)
        level[v] = -1;
    int32_t head = 0, tail = 0, far = src;
    level[src] = 0;
    queue[tail++] = src;
    while (head < tail) {
        int32_t u = queue[head++];
        if (level[u] > level[far] || (level[u] == level[far] && u < far))
            far = u;
        for (int pass = 0; pass < (t ? 2 : 1); pass++) {
            const ws_graph *h = pass ? t : g;
            for (int32_t k = h->row[u]; k < h->row[u + 1]; k++) {
                int32_t v = h->col[k];
                if (level[v] < 0) {
                    level[v] = level[u] + 1;
                    queue[tail++] = v;
                }
            }
        }
    }
    *ecc = level[far];
    return far;
}

int ws_graph_info_compute(const ws_graph *g, ws_graph_info *info, ws_error *err)
{
    if (ws_graph_validate(g, err) < 0)
        return -1;
    memset(info, 0, sizeof *info);
    info->n = g->n;
    info->m = g->m;
    info->weighted = g->weight != NULL;

    /* A sorted copy and its transpose: symmetry and parallel edges. */
    ws_graph *s = ws_graph_copy(g);
    ws_graph_sort_lists(s);
    ws_graph *t = ws_graph_transpose(s);
    info->symmetric =
        memcmp(s->row, t->row, ((size_t)g->n + 1) * sizeof *s->row) == 0 &&
        memcmp(s->col, t->col, (size_t)g->m * sizeof *s->col) == 0 &&
        (!g->weight || memcmp(s->weight, t->weight, (size_t)g->m * sizeof *s->weight) == 0);
    for (int32_t u = 0; u < g->n; u++)
        for (int32_t k = s->row[u]; k < s->row[u + 1]; k++) {
            info->self_loops += s->col[k] == u;
            info->duplicate_edges += k > s->row[u] && s->col[k] == s->col[k - 1];
        }

    /* Out-degrees. */
    int32_t maxd = 0, mind = g->n ? INT32_MAX : 0;
    for (int32_t v = 0; v < g->n; v++) {
        int32_t d = g->row[v + 1] - g->row[v];
        maxd = WS_MAX(maxd, d);
        mind = WS_MIN(mind, d);
        info->hist[hist_bucket(d)]++;
        info->zero_out += d == 0;
        info->isolated += d == 0 && t->row[v + 1] == t->row[v];
    }
    info->deg_min = mind;
    info->deg_max = maxd;
    info->deg_mean = g->n ? (double)g->m / g->n : 0.0;
    if (g->n) {
        int32_t *cnt = ws_xcalloc((size_t)maxd + 1, sizeof *cnt);
        for (int32_t v = 0; v < g->n; v++)
            cnt[g->row[v + 1] - g->row[v]]++;
        int64_t half = ((int64_t)g->n - 1) / 2, acc = 0; /* lower median */
        for (int32_t d = 0; d <= maxd; d++) {
            acc += cnt[d];
            if (acc > half) {
                info->deg_median = d;
                break;
            }
        }
        free(cnt);
    }
    if (g->weight && g->m) {
        info->weight_min = info->weight_max = g->weight[0];
        for (int32_t k = 1; k < g->m; k++) {
            info->weight_min = WS_MIN(info->weight_min, g->weight[k]);
            info->weight_max = WS_MAX(info->weight_max, g->weight[k]);
        }
    }

    /* Components and their sizes. */
    if (g->n) {
        int32_t *label = ws_xmalloc((size_t)g->n * sizeof *label);
        info->components = ws_graph_components(g, label);
        int32_t *size = ws_xcalloc((size_t)g->n, sizeof *size);
        int32_t big = 0;
        for (int32_t v = 0; v < g->n; v++)
            size[label[v]]++;
        for (int32_t v = 0; v < g->n; v++)
            if (size[v] > size[big])
                big = v;
        info->largest_component = size[big];
        free(size);

        /* Diameter sweeps inside the largest component, from its smallest id. */
        int32_t *queue = ws_xmalloc((size_t)g->n * sizeof *queue);
        const ws_graph *undirected_extra = info->symmetric ? NULL : t;
        /* Start from a vertex of smallest (in + out) degree in the largest
         * component: peripheral vertices make the sweeps find long paths. */
        int32_t start = big, best = 0;
        int64_t sdeg = INT64_MAX;
        for (int32_t v = 0; v < g->n; v++) {
            if (label[v] != big)
                continue;
            int64_t d = (int64_t)(g->row[v + 1] - g->row[v]) + (t->row[v + 1] - t->row[v]);
            if (d < sdeg) {
                sdeg = d;
                start = v;
            }
        }
        for (int i = 0; i < SWEEPS; i++) {
            int32_t ecc;
            int32_t far = sweep(s, undirected_extra, start, label, queue, &ecc);
            info->sweeps++;
            if (i > 0 && ecc <= best)
                break;
            best = WS_MAX(best, ecc);
            start = far;
        }
        info->diameter = best;
        free(queue);
        free(label);
    }
    ws_graph_free(s);
    ws_graph_free(t);
    return 0;
}
