/* Synthetic graphs, deterministic on every platform: every random choice
 * comes from one ws_rng seeded with gen->seed, consumed in a fixed order.
 *
 *   rmat       Kronecker/RMAT as in Graph500: n = 2^scale, edgefactor * n
 *              generated edges, each choosing one quadrant per level with
 *              probabilities a, b, c, d = 1-a-b-c (defaults .57/.19/.19/.05);
 *              vertex ids then randomly permuted (as Graph500 does) unless
 *              no_permute.  Undirected unless directed; self-loops and
 *              duplicates are removed, so m <= 2 * edgefactor * n.
 *   er         Erdos-Renyi G(n, m): exactly m distinct pairs (u != v) chosen
 *              uniformly; undirected pairs give 2m arcs.
 *   uniform    Rodinia graphgen style: each vertex u draws k uniform in
 *              [min_degree, max_degree] and k partners v != u uniformly; each
 *              u-v is added in both directions (duplicates kept, as Rodinia
 *              does), so m = 2 * sum k exactly.
 *   grid       width x height 4-neighbour lattice, vertex y*width + x; each
 *              street segment removed with probability `remove`, then
 *              `shortcuts` random long edges; undirected, simple.
 *   geometric  n points uniform in the unit square (integer coordinates on a
 *              2^30 lattice, so distances are exact), joined when closer than
 *              `radius` (default sqrt(8 / (pi n)), mean degree about 8);
 *              vertices are numbered cell by cell (spatially local); weights,
 *              when asked for, grow with the length: 1 + floor((K-1) d / r).
 * Weights (gen->weights = K > 0) are uniform in 1..K per undirected edge,
 * except for geometric graphs. */
#include "graph/ws_graph_priv.h"
#include "util/ws_rng.h"
#include "util/ws_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *ws_graph_gen_name(ws_graph_gen_kind k)
{
    static const char *const names[] = { "rmat", "erdos_renyi", "uniform", "grid", "geometric" };
    return (unsigned)k < WS_ARRAY_LEN(names) ? names[k] : "?";
}

static int32_t draw_weight(ws_rng *r, int32_t k)
{
    return k > 0 ? 1 + (int32_t)ws_rng_below(r, (uint64_t)k) : 1;
}

static int gen_rmat(const ws_graph_gen *gen, ws_gedges *e, ws_error *err)
{
    int scale = gen->scale ? gen->scale : 16;
    int ef = gen->edgefactor ? gen->edgefactor : 16;
    double a = gen->a, b = gen->b, c = gen->c;
    if (a == 0 && b == 0 && c == 0) {
        a = 0.57;
        b = 0.19;
        c = 0.19;
    }
    if (scale < 1 || scale > 30)
        return ws_error_set(err, WS_E_RANGE, "rmat: scale must be in 1..30, not %d", scale);
    if (ef < 1)
        return ws_error_set(err, WS_E_RANGE, "rmat: edgefactor must be >= 1, not %d", ef);
    if (!(a >= 0 && b >= 0 && c >= 0) || a + b + c > 1.0 + 1e-12)
        return ws_error_set(err, WS_E_RANGE,
                            "rmat: a, b, c must be >= 0 with a + b + c <= 1 (got %g, %g, %g)", a,
                            b, c);
    uint64_t n = (uint64_t)1 << scale, m = (uint64_t)ef * n;
    if (m > e->limit || n > (uint64_t)WS_GRAPH_MAX_N)
        return ws_error_set(err, WS_E_RANGE,
                            "rmat: %llu edges on %llu vertices exceed the limits (%zu edges)",
                            (unsigned long long)m, (unsigned long long)n, e->limit);
    ws_rng r;
    ws_rng_seed(&r, gen->seed);
    ws_gedges_reserve(e, (size_t)m);
    if (gen->weights > 0)
        ws_gedges_set_weighted(e);
    double ab = a + b, abc = a + b + c;
    for (uint64_t i = 0; i < m; i++) {
        uint32_t u = 0, v = 0;
        for (int l = 0; l < scale; l++) {
            double x = ws_rng_double(&r);
            unsigned bu = x >= ab, bv = (x >= a && x < ab) || x >= abc;
            u = (u << 1) | bu;
            v = (v << 1) | bv;
        }
        ws_gedges_push(e, u, v, draw_weight(&r, gen->weights));
    }
    if (!gen->no_permute) {
        /* Graph500 relabels vertices by a random permutation so that ids
         * carry no locality from the recursive construction. */
        uint32_t *perm = ws_xmalloc((size_t)n * sizeof *perm);
        ws_rng pr;
        ws_rng_seed(&pr, gen->seed ^ 0x9e3779b97f4a7c15ull);
        for (uint64_t v = 0; v < n; v++)
            perm[v] = (uint32_t)v;
        for (uint64_t i = n - 1; i > 0; i--) {
            uint64_t j = ws_rng_below(&pr, i + 1);
            uint32_t t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        for (size_t i = 0; i < e->m; i++) {
            e->src[i] = perm[e->src[i]];
            e->dst[i] = perm[e->dst[i]];
        }
        free(perm);
    }
    e->declared_n = (int64_t)n;
    return 0;
}

static int gen_er(const ws_graph_gen *gen, ws_gedges *e, ws_error *err)
{
    int64_t n = gen->n, m = gen->m;
    if (n < 0 || n > WS_GRAPH_MAX_N || m < 0)
        return ws_error_set(err, WS_E_RANGE, "erdos_renyi: need 0 <= n <= %ld and m >= 0",
                            (long)WS_GRAPH_MAX_N);
    uint64_t pairs = (uint64_t)n * (uint64_t)(n > 0 ? n - 1 : 0);
    if (!gen->directed)
        pairs /= 2;
    if ((uint64_t)m > pairs)
        return ws_error_set(err, WS_E_RANGE,
                            "erdos_renyi: %lld edges are impossible on %lld vertices (at most "
                            "%llu %s)",
                            (long long)m, (long long)n, (unsigned long long)pairs,
                            gen->directed ? "arcs" : "undirected edges");
    uint64_t want_edges = gen->directed ? (uint64_t)m : 2 * (uint64_t)m;
    if (want_edges > e->limit)
        return ws_error_set(err, WS_E_RANGE, "erdos_renyi: %llu edges exceed the limit of %zu",
                            (unsigned long long)want_edges, e->limit);
    /* Dense requests pick the pairs to leave out instead. */
    int complement = (uint64_t)m > pairs / 2;
    uint64_t k = complement ? pairs - (uint64_t)m : (uint64_t)m;
    ws_rng r;
    ws_rng_seed(&r, gen->seed);
    uint64_t *keys = ws_xmalloc((size_t)(k ? k : 1) * sizeof *keys);
    size_t have = 0;
    while (have < k) {
        for (size_t i = have; i < k; i++) {
            uint64_t u = ws_rng_below(&r, (uint64_t)n), v = ws_rng_below(&r, (uint64_t)n - 1);
            if (v >= u)
                v++;
            if (!gen->directed && u > v) {
                uint64_t t = u;
                u = v;
                v = t;
            }
            keys[i] = u << 32 | v;
        }
        ws_graph_sort_u64(keys, k);
        size_t o = 1;
        for (size_t i = 1; i < k; i++)
            if (keys[i] != keys[o - 1])
                keys[o++] = keys[i];
        have = o;
    }
    ws_gedges_reserve(e, (size_t)m);
    if (gen->weights > 0)
        ws_gedges_set_weighted(e);
    if (!complement) {
        for (size_t i = 0; i < k; i++)
            ws_gedges_push(e, (uint32_t)(keys[i] >> 32), (uint32_t)keys[i],
                           draw_weight(&r, gen->weights));
    } else {
        size_t j = 0;
        for (uint64_t u = 0; u < (uint64_t)n; u++)
            for (uint64_t v = gen->directed ? 0 : u + 1; v < (uint64_t)n; v++) {
                if (u == v)
                    continue;
                uint64_t key = u << 32 | v;
                if (j < k && keys[j] == key) {
                    j++;
                    continue;
                }
                ws_gedges_push(e, (uint32_t)u, (uint32_t)v, draw_weight(&r, gen->weights));
            }
    }
    free(keys);
    e->declared_n = n;
    return 0;
}

static int gen_uniform(const ws_graph_gen *gen, ws_gedges *e, ws_error *err)
{
    int64_t n = gen->n;
    int32_t lo = gen->min_degree, hi = gen->max_degree;
    if (lo == 0 && hi == 0) {
        lo = 2;
        hi = 4;
    }
    if (n < 2 || n > WS_GRAPH_MAX_N)
        return ws_error_set(err, WS_E_RANGE, "uniform: n must be in 2..%ld, not %lld",
                            (long)WS_GRAPH_MAX_N, (long long)n);
    if (lo < 0 || hi < lo)
        return ws_error_set(err, WS_E_RANGE,
                            "uniform: need 0 <= min_degree <= max_degree (got %ld, %ld)",
                            (long)lo, (long)hi);
    uint64_t most = (uint64_t)n * (uint64_t)hi * (gen->directed ? 1 : 2);
    if (most > e->limit)
        return ws_error_set(err, WS_E_RANGE,
                            "uniform: up to %llu edges would exceed the limit of %zu",
                            (unsigned long long)most, e->limit);
    ws_rng r;
    ws_rng_seed(&r, gen->seed);
    ws_gedges_reserve(e, (size_t)((uint64_t)n * (uint64_t)(lo + hi) * (gen->directed ? 1 : 2) / 2));
    if (gen->weights > 0)
        ws_gedges_set_weighted(e);
    for (int64_t u = 0; u < n; u++) {
        int32_t k = lo + (int32_t)ws_rng_below(&r, (uint64_t)(hi - lo) + 1);
        for (int32_t j = 0; j < k; j++) {
            uint64_t v = ws_rng_below(&r, (uint64_t)n - 1);
            if (v >= (uint64_t)u)
                v++;
            int32_t w = draw_weight(&r, gen->weights);
            ws_gedges_push(e, (uint32_t)u, (uint32_t)v, w);
            if (!gen->directed)
                ws_gedges_push(e, (uint32_t)v, (uint32_t)u, w);
        }
    }
    e->declared_n = n;
    return 0;
}

static int gen_grid(const ws_graph_gen *gen, ws_gedges *e, ws_error *err)
{
    int64_t w = gen->width, h = gen->height;
    if (w < 1 || h < 1 || w * h > WS_GRAPH_MAX_N)
        return ws_error_set(err, WS_E_RANGE,
                            "grid: width and height must be >= 1 with width * height <= %ld "
                            "(got %lld x %lld)",
                            (long)WS_GRAPH_MAX_N, (long long)w, (long long)h);
    if (!(gen->remove >= 0 && gen->remove < 1))
        return ws_error_set(err, WS_E_RANGE, "grid: remove must be in [0, 1), not %g",
                            gen->remove);
    if (gen->shortcuts < 0)
        return ws_error_set(err, WS_E_RANGE, "grid: shortcuts must be >= 0, not %ld",
                            (long)gen->shortcuts);
    int64_t n = w * h;
    uint64_t most = 2 * ((uint64_t)(w - 1) * (uint64_t)h + (uint64_t)w * (uint64_t)(h - 1) +
                         (uint64_t)gen->shortcuts);
    if (most > e->limit)
        return ws_error_set(err, WS_E_RANGE, "grid: %llu edges exceed the limit of %zu",
                            (unsigned long long)most, e->limit);
    if (gen->shortcuts > 0 && n < 2)
        return ws_error_set(err, WS_E_RANGE, "grid: shortcuts need at least 2 vertices");
    ws_rng r;
    ws_rng_seed(&r, gen->seed);
    ws_gedges_reserve(e, (size_t)(most / 2));
    if (gen->weights > 0)
        ws_gedges_set_weighted(e);
    for (int64_t y = 0; y < h; y++)
        for (int64_t x = 0; x < w; x++) {
            uint32_t v = (uint32_t)(y * w + x);
            if (x + 1 < w) {
                int keep = gen->remove == 0 || ws_rng_double(&r) >= gen->remove;
                int32_t wt = draw_weight(&r, gen->weights);
                if (keep)
                    ws_gedges_push(e, v, v + 1, wt);
            }
            if (y + 1 < h) {
                int keep = gen->remove == 0 || ws_rng_double(&r) >= gen->remove;
                int32_t wt = draw_weight(&r, gen->weights);
                if (keep)
                    ws_gedges_push(e, v, (uint32_t)(v + w), wt);
            }
        }
    for (int32_t i = 0; i < gen->shortcuts; i++) {
        uint64_t u = ws_rng_below(&r, (uint64_t)n), v = ws_rng_below(&r, (uint64_t)n - 1);
        if (v >= u)
            v++;
        ws_gedges_push(e, (uint32_t)u, (uint32_t)v, draw_weight(&r, gen->weights));
    }
    e->declared_n = n;
    return 0;
}

static int gen_geometric(const ws_graph_gen *gen, ws_gedges *e, ws_error *err)
{
    int64_t n = gen->n;
    if (n < 1 || n > WS_GRAPH_MAX_N)
        return ws_error_set(err, WS_E_RANGE, "geometric: n must be in 1..%ld, not %lld",
                            (long)WS_GRAPH_MAX_N, (long long)n);
    /* radius 0 asks for the default; any other value is used as given, so
     * a negative or nan radius is refused below rather than replaced */
    double rad = gen->radius != 0 ? gen->radius : sqrt(8.0 / (3.141592653589793 * (double)n));
    if (!(rad > 0 && rad <= 1.5))
        return ws_error_set(err, WS_E_RANGE, "geometric: radius must be in (0, 1.5], not %g",
                            gen->radius);
    const uint64_t side = (uint64_t)1 << 30;
    uint64_t R = (uint64_t)llround(rad * (double)side);
    if (R == 0)
        R = 1;
    uint64_t R2 = R * R;
    /* Cells at least R wide, at most about sqrt(n) per side. */
    uint64_t g = side / R;
    uint64_t gmax = (uint64_t)sqrt((double)n) + 1;
    if (g > gmax)
        g = gmax;
    if (g < 1)
        g = 1;
    ws_rng r;
    ws_rng_seed(&r, gen->seed);
    uint32_t *px = ws_xmalloc((size_t)n * sizeof *px), *py = ws_xmalloc((size_t)n * sizeof *py);
    for (int64_t i = 0; i < n; i++) {
        px[i] = (uint32_t)ws_rng_below(&r, side);
        py[i] = (uint32_t)ws_rng_below(&r, side);
    }
    /* Counting sort by cell: the new vertex ids. */
    size_t cells = (size_t)(g * g);
    int64_t *start = ws_xcalloc(cells + 1, sizeof *start);
    uint32_t *cell_of = ws_xmalloc((size_t)n * sizeof *cell_of);
    for (int64_t i = 0; i < n; i++) {
        uint64_t cx = (uint64_t)px[i] * g >> 30, cy = (uint64_t)py[i] * g >> 30;
        cell_of[i] = (uint32_t)(cy * g + cx);
        start[cell_of[i] + 1]++;
    }
    for (size_t c = 0; c < cells; c++)
        start[c + 1] += start[c];
    uint32_t *X = ws_xmalloc((size_t)n * sizeof *X), *Y = ws_xmalloc((size_t)n * sizeof *Y);
    int64_t *fill = ws_xmalloc((cells + 1) * sizeof *fill);
    memcpy(fill, start, (cells + 1) * sizeof *fill);
    for (int64_t i = 0; i < n; i++) {
        int64_t id = fill[cell_of[i]]++;
        X[id] = px[i];
        Y[id] = py[i];
    }
    free(fill);
    free(px);
    free(py);
    free(cell_of);
    if (gen->weights > 0)
        ws_gedges_set_weighted(e);
    int rc = 0;
    for (int64_t u = 0; u < n && rc == 0; u++) {
        uint64_t cx = (uint64_t)X[u] * g >> 30, cy = (uint64_t)Y[u] * g >> 30;
        for (int64_t dy = -1; dy <= 1; dy++)
            for (int64_t dx = -1; dx <= 1; dx++) {
                int64_t nx = (int64_t)cx + dx, ny = (int64_t)cy + dy;
                if (nx < 0 || ny < 0 || nx >= (int64_t)g || ny >= (int64_t)g)
                    continue;
                size_t c = (size_t)ny * (size_t)g + (size_t)nx;
                for (int64_t v = start[c]; v < start[c + 1]; v++) {
                    if (v <= u)
                        continue;
                    int64_t ddx = (int64_t)X[u] - X[v], ddy = (int64_t)Y[u] - Y[v];
                    uint64_t d2 = (uint64_t)(ddx * ddx) + (uint64_t)(ddy * ddy);
                    if (d2 > R2)
                        continue;
                    int32_t w = 1;
                    if (gen->weights > 1)
                        w = 1 + (int32_t)((double)(gen->weights - 1) * sqrt((double)d2) /
                                          (double)R);
                    if (ws_gedges_push(e, (uint32_t)u, (uint32_t)v, w) < 0) {
                        rc = ws_error_set(err, WS_E_RANGE,
                                          "geometric: more than %zu edges (use a smaller radius)",
                                          e->limit / 2);
                        goto done;
                    }
                }
            }
    }
done:
    free(X);
    free(Y);
    free(start);
    e->declared_n = n;
    return rc;
}

ws_graph *ws_graph_generate(const ws_graph_gen *gen, const ws_graph_opts *opts, ws_error *err)
{
    ws_graph_opts o = opts ? *opts : (ws_graph_opts){ 0 };
    ws_gedges e;
    ws_gedges_init(&e, &o, ws_graph_gen_name(gen->kind));
    if (gen->weights < 0) {
        ws_error_set(err, WS_E_RANGE, "%s: weights must be >= 0, not %ld",
                     ws_graph_gen_name(gen->kind), (long)gen->weights);
        return NULL;
    }
    int rc;
    switch (gen->kind) {
    case WS_GRAPH_GEN_RMAT: rc = gen_rmat(gen, &e, err); break;
    case WS_GRAPH_GEN_ER: rc = gen_er(gen, &e, err); break;
    case WS_GRAPH_GEN_UNIFORM: rc = gen_uniform(gen, &e, err); break;
    case WS_GRAPH_GEN_GRID: rc = gen_grid(gen, &e, err); break;
    case WS_GRAPH_GEN_GEOMETRIC: rc = gen_geometric(gen, &e, err); break;
    default: rc = ws_error_set(err, WS_E_RANGE, "unknown generator %d", (int)gen->kind); break;
    }
    if (rc < 0) {
        ws_gedges_free(&e);
        return NULL;
    }
    e.origin.entries = e.m;
    o.format = WS_GRAPH_FMT_AUTO;
    o.base = 0;
    o.relabel = WS_GRAPH_RELABEL_NONE;
    o.no_header_check = 1;
    if (gen->kind != WS_GRAPH_GEN_UNIFORM) {
        o.drop_self_loops = 1;
        o.drop_duplicates = 1;
        if (!gen->directed || gen->kind == WS_GRAPH_GEN_GRID || gen->kind == WS_GRAPH_GEN_GEOMETRIC)
            o.symmetrize = 1;
    }
    ws_graph *g = ws_graph_build(&e, &o, err);
    if (g && gen->kind == WS_GRAPH_GEN_UNIFORM && !gen->directed)
        g->flags |= WS_GRAPH_SYMMETRIC;
    return g;
}
