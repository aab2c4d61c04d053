/* From an edge list to a CSR: vertex ids (keep, compact, or number by
 * first appearance), self-loops, mirroring/symmetrizing, bucketing by
 * source in place (or stably, with keep_order), sorting each list (unless
 * keep_order), duplicates, random weights, reordering.
 *
 * Memory: the edges are bucketed by an in-place permutation (each swap puts
 * one edge in its final slot), so the peak is the src/dst(/weight) arrays
 * plus 2n offsets, about twice the final CSR; the dst array becomes col. */
#include "graph/ws_graph_priv.h"
#include "util/ws_rng.h"
#include "util/ws_util.h"

#include <stdlib.h>
#include <string.h>

static unsigned popcount64(uint64_t x)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
#endif
}

/* The set of ids used by the edges: a bitmap with per-word ranks when the
 * id range is modest (at most 2^22 ids: 0.75 MB), else the sorted distinct
 * ids, collected through an open-addressing hash set (memory grows with the
 * ids actually used, so SNAP's sparse 7-digit ids cost little) and looked
 * up by binary search. */
#define IDSET_BITMAP_MAX ((uint64_t)1 << 22)
#define IDSET_EMPTY UINT32_MAX

typedef struct idset {
    uint64_t *bits;
    uint32_t *rank;
    uint32_t *keys;        /* hash slots while collecting */
    uint32_t *sorted;      /* the distinct ids in increasing order */
    size_t words, count, cap;
} idset;

static size_t slot_of(const idset *s, uint32_t id)
{
    size_t mask = s->cap - 1;
    size_t h = (size_t)(((uint64_t)id * 0x9e3779b97f4a7c15ull) >> 32) & mask;
    while (s->keys[h] != IDSET_EMPTY && s->keys[h] != id)
        h = (h + 1) & mask;
    return h;
}

static void hash_grow(idset *s)
{
    uint32_t *old = s->keys;
    size_t oldcap = s->cap;
    s->cap = oldcap ? oldcap * 2 : 1024;
    s->keys = ws_xmalloc(s->cap * sizeof *s->keys);
    memset(s->keys, 0xff, s->cap * sizeof *s->keys);
    for (size_t i = 0; i < oldcap; i++)
        if (old[i] != IDSET_EMPTY)
            s->keys[slot_of(s, old[i])] = old[i];
    free(old);
}

static void hash_add(idset *s, uint32_t id)
{
    size_t h = slot_of(s, id);
    if (s->keys[h] == id)
        return;
    s->keys[h] = id;
    if (++s->count * 10 > s->cap * 7)
        hash_grow(s);
}

static void idset_build(idset *s, const ws_gedges *e)
{
    memset(s, 0, sizeof *s);
    if (e->m == 0)
        return;
    uint64_t range = (uint64_t)e->max_id + 1;
    if (range <= IDSET_BITMAP_MAX) {
        s->words = (size_t)((range + 63) / 64);
        s->bits = ws_xcalloc(s->words, sizeof *s->bits);
        for (size_t i = 0; i < e->m; i++) {
            s->bits[e->src[i] >> 6] |= 1ull << (e->src[i] & 63);
            s->bits[e->dst[i] >> 6] |= 1ull << (e->dst[i] & 63);
        }
        s->rank = ws_xmalloc(s->words * sizeof *s->rank);
        uint32_t c = 0;
        for (size_t w = 0; w < s->words; w++) {
            s->rank[w] = c;
            c += popcount64(s->bits[w]);
        }
        s->count = c;
        return;
    }
    hash_grow(s);
    for (size_t i = 0; i < e->m; i++) {
        hash_add(s, e->src[i]);
        hash_add(s, e->dst[i]);
    }
    s->sorted = ws_xmalloc(s->count * sizeof *s->sorted);
    size_t o = 0;
    for (size_t i = 0; i < s->cap; i++)
        if (s->keys[i] != IDSET_EMPTY)
            s->sorted[o++] = s->keys[i];
    free(s->keys);
    s->keys = NULL;
    ws_graph_sort_unique_u32(s->sorted, s->count);
}

static uint32_t idset_map(const idset *s, uint32_t id)
{
    if (s->bits) {
        size_t w = id >> 6;
        uint64_t below = s->bits[w] & ((1ull << (id & 63)) - 1);
        return s->rank[w] + popcount64(below);
    }
    size_t lo = 0, hi = s->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->sorted[mid] < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (uint32_t)lo;
}

static int idset_has(const idset *s, uint32_t id)
{
    if (s->bits)
        return (uint64_t)id < (uint64_t)s->words * 64 && (s->bits[id >> 6] >> (id & 63)) & 1;
    uint32_t r = idset_map(s, id);
    return r < s->count && s->sorted[r] == id;
}

/* The ids in increasing order, plus base, as orig_id. */
static uint32_t *idset_list(const idset *s, uint32_t base)
{
    uint32_t *out = ws_xmalloc((s->count ? s->count : 1) * sizeof *out);
    if (s->bits) {
        size_t o = 0;
        for (size_t w = 0; w < s->words; w++)
            for (uint64_t b = s->bits[w]; b; b &= b - 1) {
                unsigned bit = 0;
                while (!((b >> bit) & 1))
                    bit++;
                out[o++] = (uint32_t)(w * 64 + bit) + base;
            }
    } else {
        for (size_t i = 0; i < s->count; i++)
            out[i] = s->sorted[i] + base;
    }
    return out;
}

static void idset_free(idset *s)
{
    free(s->bits);
    free(s->rank);
    free(s->keys);
    free(s->sorted);
}

static void edges_resize(ws_gedges *e, size_t cap)
{
    size_t c = cap ? cap : 1;
    e->src = ws_xrealloc(e->src, c * sizeof *e->src);
    e->dst = ws_xrealloc(e->dst, c * sizeof *e->dst);
    if (e->w)
        e->w = ws_xrealloc(e->w, c * sizeof *e->w);
    e->cap = c;
}

/* relabel "appearance": the ids in the order the edges first name them
 * (each edge's source, then its target) become 0..count-1; the edges and
 * the source are renumbered and orig gets the ids as written (plus base).
 * An open-addressing map from id to new id, 2 to 4 slots per id. */
static uint32_t *number_by_appearance(ws_gedges *e, size_t count)
{
    size_t cap = 16;
    while (cap < 2 * count)
        cap *= 2;
    uint32_t *key = ws_xmalloc(cap * sizeof *key), *val = ws_xmalloc(cap * sizeof *val);
    uint32_t *orig = ws_xmalloc((count ? count : 1) * sizeof *orig);
    memset(key, 0xff, cap * sizeof *key);
    uint32_t next = 0;
    for (size_t i = 0; i < 2 * e->m; i++) {
        uint32_t *id = i & 1 ? &e->dst[i / 2] : &e->src[i / 2];
        size_t h = (size_t)(((uint64_t)*id * 0x9e3779b97f4a7c15ull) >> 32) & (cap - 1);
        while (key[h] != IDSET_EMPTY && key[h] != *id)
            h = (h + 1) & (cap - 1);
        if (key[h] == IDSET_EMPTY) {
            key[h] = *id;
            val[h] = next;
            orig[next++] = *id + (uint32_t)e->origin.base;
        }
        *id = val[h];
    }
    if (e->source >= 0) {
        size_t h = (size_t)(((uint64_t)(uint32_t)e->source * 0x9e3779b97f4a7c15ull) >> 32) &
                   (cap - 1);
        while (key[h] != IDSET_EMPTY && key[h] != (uint32_t)e->source)
            h = (h + 1) & (cap - 1);
        e->source = key[h] == IDSET_EMPTY ? -1 : (int32_t)val[h];
    }
    free(key);
    free(val);
    return orig;
}

/* Decide the vertex ids; fills *n and *orig (may stay NULL). */
static int assign_ids(ws_gedges *e, const ws_graph_opts *opts, int64_t *n_out, uint32_t **orig,
                      ws_error *err)
{
    ws_graph_relabel mode = opts->relabel;
    int check_hdr = e->hdr_line && !opts->no_header_check;
    int need_set = mode != WS_GRAPH_RELABEL_NONE || check_hdr;
    if (mode == WS_GRAPH_RELABEL_AUTO && e->declared_n >= 0)
        need_set = check_hdr;
    idset s;
    memset(&s, 0, sizeof s);
    if (need_set)
        idset_build(&s, e);
    if (check_hdr) {
        if (e->origin.entries != e->hdr_edges) {
            idset_free(&s);
            return ws_error_set(err, WS_E_PARSE,
                                "%s:%llu: the header says %llu edges but the file has %llu edge "
                                "lines (truncated or edited file?)",
                                e->name, (unsigned long long)e->hdr_line,
                                (unsigned long long)e->hdr_edges,
                                (unsigned long long)e->origin.entries);
        }
        if (s.count > e->hdr_nodes) {
            idset_free(&s);
            return ws_error_set(err, WS_E_PARSE,
                                "%s:%llu: the header says %llu nodes but the edges use %zu "
                                "distinct ids",
                                e->name, (unsigned long long)e->hdr_line,
                                (unsigned long long)e->hdr_nodes, s.count);
        }
    }
    uint64_t range = e->m ? (uint64_t)e->max_id + 1 : 0;
    int compact = mode == WS_GRAPH_RELABEL_COMPACT || mode == WS_GRAPH_RELABEL_APPEARANCE;
    if (mode == WS_GRAPH_RELABEL_AUTO && e->declared_n < 0)
        compact = (uint64_t)s.count * 2 < range;
    int64_t max_n = ws_graph_opt_max_n(opts);
    if (compact) {
        if ((int64_t)s.count > max_n) {
            idset_free(&s);
            return ws_error_set(err, WS_E_RANGE, "%s: %zu vertices exceed the limit of %lld",
                                e->name, s.count, (long long)max_n);
        }
        if (mode == WS_GRAPH_RELABEL_APPEARANCE) {
            *orig = number_by_appearance(e, s.count);
        } else {
            for (size_t i = 0; i < e->m; i++) {
                e->src[i] = idset_map(&s, e->src[i]);
                e->dst[i] = idset_map(&s, e->dst[i]);
            }
            if (e->source >= 0)
                e->source = idset_has(&s, (uint32_t)e->source)
                                ? (int32_t)idset_map(&s, (uint32_t)e->source)
                                : -1;
            *orig = idset_list(&s, (uint32_t)e->origin.base);
        }
        *n_out = (int64_t)s.count;
        e->origin.relabelled = 1;
    } else {
        int64_t n = e->declared_n >= 0 ? e->declared_n : (int64_t)range;
        int from_hdr = 0;
        /* a SNAP header counts the vertices no edge mentions too (those
         * after the largest id): a written edge list reads back whole */
        if (check_hdr && e->declared_n < 0 && e->hdr_nodes > (uint64_t)n) {
            n = e->hdr_nodes > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)e->hdr_nodes;
            from_hdr = 1;
        }
        if (n > max_n) {
            idset_free(&s);
            if (e->declared_n >= 0)
                return ws_error_set(err, WS_E_RANGE,
                                    "%s: %lld vertices exceed the limit of %lld", e->name,
                                    (long long)n, (long long)max_n);
            if (from_hdr) {
                /* the header, not the ids, asks for too many vertices */
                const char *fix = max_n < WS_GRAPH_MAX_N
                                      ? ws_graph_opt_spell(opts, "raise it with --max-vertices N "
                                                           "or ignore the header with "
                                                           "--no-header-check",
                                                           "raise it with max_vertices=N or "
                                                           "ignore the header with "
                                                           "check_header=false")
                                      : ws_graph_opt_spell(opts, "ignore the header with "
                                                           "--no-header-check",
                                                           "ignore the header with "
                                                           "check_header=false");
                return ws_error_set(err, WS_E_RANGE,
                                    "%s:%llu: the '# Nodes:' header says %llu vertices, more "
                                    "than the limit of %lld (%s)",
                                    e->name, (unsigned long long)e->hdr_line,
                                    (unsigned long long)e->hdr_nodes, (long long)max_n, fix);
            }
            return ws_error_set(err, WS_E_RANGE,
                                "%s: the largest vertex id is %llu, so the graph would have "
                                "%lld vertices, more than the limit of %lld (relabel the ids "
                                "with %s)",
                                e->name, (unsigned long long)e->max_id + (unsigned)e->origin.base,
                                (long long)n, (long long)max_n,
                                ws_graph_opt_spell(opts, "--relabel compact",
                                                   "relabel=\"compact\""));
        }
        *n_out = n;
    }
    idset_free(&s);
    return 0;
}

/* Keep the edges for which keep(i) holds, in order. */
static void drop_self_loops(ws_gedges *e)
{
    size_t o = 0;
    for (size_t i = 0; i < e->m; i++) {
        if (e->src[i] == e->dst[i])
            continue;
        e->src[o] = e->src[i];
        e->dst[o] = e->dst[i];
        if (e->w)
            e->w[o] = e->w[i];
        o++;
    }
    e->origin.self_loops_dropped += e->m - o;
    e->m = o;
}

static int mirror(ws_gedges *e, int negate, ws_error *err)
{
    const int64_t max_m = WS_GRAPH_MAX_M; /* before duplicates go; the caller checks its limit */
    size_t k = 0;
    for (size_t i = 0; i < e->m; i++)
        k += e->src[i] != e->dst[i];
    if ((uint64_t)e->m + k > (uint64_t)max_m)
        return ws_error_set(err, WS_E_RANGE,
                            "%s: %llu edges in both directions exceed the limit of %lld",
                            e->name, (unsigned long long)(e->m + k), (long long)max_m);
    edges_resize(e, e->m + k);
    size_t o = e->m;
    for (size_t i = 0; i < e->m; i++) {
        if (e->src[i] == e->dst[i])
            continue;
        e->src[o] = e->dst[i];
        e->dst[o] = e->src[i];
        if (e->w)
            e->w[o] = negate ? (e->w[i] == INT32_MIN ? INT32_MAX : -e->w[i]) : e->w[i];
        o++;
    }
    e->m = o;
    return 0;
}

/* The CSR offsets of the edges' sources, row[n+1], and in *next a copy of
 * them (where each source's next edge goes). */
static int32_t *offsets(const ws_gedges *e, int32_t n, int32_t **next)
{
    int32_t *row = ws_xcalloc((size_t)n + 1, sizeof *row);
    for (size_t i = 0; i < e->m; i++)
        row[e->src[i] + 1]++;
    for (int32_t v = 0; v < n; v++)
        row[v + 1] += row[v];
    *next = ws_xmalloc(((size_t)n + 1) * sizeof **next);
    memcpy(*next, row, ((size_t)n + 1) * sizeof **next);
    return row;
}

/* Bucket the edges by source in place; returns row[n+1]. */
static int32_t *bucket(ws_gedges *e, int32_t n)
{
    int32_t *next;
    int32_t *row = offsets(e, n, &next);
    uint32_t *src = e->src, *dst = e->dst;
    int32_t *w = e->w;
    for (int32_t v = 0; v < n; v++) {
        while (next[v] < row[v + 1]) {
            size_t i = (size_t)next[v];
            uint32_t s = src[i];
            if (s == (uint32_t)v) {
                next[v]++;
                continue;
            }
            size_t j = (size_t)next[s]++;
            src[i] = src[j];
            src[j] = s;
            uint32_t t = dst[i];
            dst[i] = dst[j];
            dst[j] = t;
            if (w) {
                int32_t u = w[i];
                w[i] = w[j];
                w[j] = u;
            }
        }
    }
    free(next);
    return row;
}

/* keep_order: bucket the edges by source keeping their order (a counting
 * sort into new dst/weight arrays); returns row[n+1]. */
static int32_t *bucket_stable(ws_gedges *e, int32_t n)
{
    int32_t *next;
    int32_t *row = offsets(e, n, &next);
    size_t c = e->m ? e->m : 1;
    uint32_t *dst = ws_xmalloc(c * sizeof *dst);
    int32_t *w = e->w ? ws_xmalloc(c * sizeof *w) : NULL;
    for (size_t i = 0; i < e->m; i++) {
        size_t j = (size_t)next[e->src[i]]++;
        dst[j] = e->dst[i];
        if (w)
            w[j] = e->w[i];
    }
    free(next);
    free(e->dst);
    free(e->w);
    e->dst = dst;
    e->w = w;
    e->cap = c;
    return row;
}

/* Remove parallel edges from sorted lists (the first, smallest weight,
 * stays); returns the number removed. */
static uint64_t dedupe(ws_graph *g)
{
    int32_t o = 0;
    for (int32_t v = 0; v < g->n; v++) {
        int32_t start = g->row[v], end = g->row[v + 1];
        g->row[v] = o;
        for (int32_t k = start; k < end; k++) {
            if (o > g->row[v] && g->col[o - 1] == g->col[k])
                continue;
            g->col[o] = g->col[k];
            if (g->weight)
                g->weight[o] = g->weight[k];
            o++;
        }
    }
    uint64_t dropped = (uint64_t)(g->m - o);
    g->row[g->n] = o;
    g->m = o;
    return dropped;
}

void ws_graph_sort_lists(ws_graph *g)
{
    for (int32_t v = 0; v < g->n; v++)
        ws_graph_sort_adj(g->col + g->row[v], g->weight ? g->weight + g->row[v] : NULL,
                          (size_t)(g->row[v + 1] - g->row[v]));
}

void ws_graph_random_weights(ws_graph *g, int32_t k, uint64_t seed, int sym)
{
    if (!g->weight)
        g->weight = ws_xmalloc((g->m ? (size_t)g->m : 1) * sizeof *g->weight);
    for (int32_t u = 0; u < g->n; u++)
        for (int32_t e = g->row[u]; e < g->row[u + 1]; e++) {
            uint32_t v = (uint32_t)g->col[e];
            uint32_t a = (uint32_t)u, b = v;
            if (sym && a > b) {
                a = v;
                b = (uint32_t)u;
            }
            /* The weight of an edge depends only on its endpoints and the
             * seed, so both directions of an undirected edge agree and the
             * result does not depend on the edge order. */
            ws_rng r;
            ws_rng_seed(&r, seed ^ (((uint64_t)a << 32) | b) ^ 0x57a1e5eedull);
            g->weight[e] = 1 + (int32_t)ws_rng_below(&r, (uint64_t)k);
        }
}

ws_graph *ws_graph_build(ws_gedges *e, const ws_graph_opts *opts, ws_error *err)
{
    static const ws_graph_opts defaults;
    if (!opts)
        opts = &defaults;
    int64_t max_m = ws_graph_opt_max_m(opts);
    int64_t n64 = 0;
    uint32_t *orig = NULL;
    ws_graph *g = NULL;

    if (opts->keep_order && (opts->drop_duplicates || opts->symmetrize || opts->order ||
                             opts->largest_component)) {
        ws_error_set(err, WS_E_RANGE,
                     "%s: keep_order cannot be combined with drop_duplicates, symmetrize, "
                     "order or largest_component (they need sorted or renumbered lists)",
                     e->name);
        goto fail;
    }
    if (assign_ids(e, opts, &n64, &orig, err) < 0)
        goto fail;
    int32_t n = (int32_t)n64;
    if (opts->drop_weights && e->w) {
        free(e->w);
        e->w = NULL;
    }
    if (opts->drop_self_loops)
        drop_self_loops(e);
    int sym = opts->symmetrize || e->mirror;
    if (opts->symmetrize || e->mirror) {
        if (mirror(e, e->mirror == 2 && !opts->symmetrize, err) < 0)
            goto fail;
    }
    if ((int64_t)e->m > (opts->drop_duplicates || opts->symmetrize ? WS_GRAPH_MAX_M : max_m)) {
        ws_error_set(err, WS_E_RANGE, "%s: %zu edges exceed the limit of %lld", e->name, e->m,
                     (long long)max_m);
        goto fail;
    }

    g = ws_xcalloc(1, sizeof *g);
    g->n = n;
    g->m = (int32_t)e->m;
    g->row = opts->keep_order ? bucket_stable(e, n) : bucket(e, n);
    free(e->src);
    e->src = NULL;
    g->col = (int32_t *)e->dst;
    e->dst = NULL;
    if (!g->col) /* no edge was ever stored: keep the arrays non-NULL */
        g->col = ws_xmalloc(sizeof *g->col);
    g->weight = e->w;
    e->w = NULL;
    g->orig_id = orig;
    orig = NULL;
    g->source = e->source;
    g->origin = e->origin;
    if (!opts->keep_order)
        ws_graph_sort_lists(g);
    if (opts->drop_duplicates || opts->symmetrize)
        g->origin.duplicates_dropped = dedupe(g);
    if (g->m > max_m) {
        ws_error_set(err, WS_E_RANGE, "%s: %ld edges exceed the limit of %lld", e->name,
                     (long)g->m, (long long)max_m);
        goto fail;
    }
    if ((size_t)g->m < e->cap) {
        size_t c = g->m ? (size_t)g->m : 1;
        g->col = ws_xrealloc(g->col, c * sizeof *g->col);
        if (g->weight)
            g->weight = ws_xrealloc(g->weight, c * sizeof *g->weight);
    }
    ws_gedges_free(e);
    if (sym && !(e->mirror == 2 && g->weight && !opts->symmetrize))
        g->flags |= WS_GRAPH_SYMMETRIC;
    g->origin.symmetrized = opts->symmetrize != 0;
    if (opts->random_weights > 0)
        ws_graph_random_weights(g, opts->random_weights, opts->seed, 1);
    if (opts->largest_component) {
        ws_graph *l = ws_graph_largest_component(g);
        ws_graph_free(g);
        g = l;
    }
    if (opts->order != WS_GRAPH_ORDER_NONE) {
        ws_graph *r = ws_graph_reorder(g, opts->order, opts->seed, err);
        ws_graph_free(g);
        if (!r)
            return NULL;
        g = r;
    }
    return g;

fail:
    free(orig);
    ws_gedges_free(e);
    ws_graph_free(g);
    return NULL;
}

ws_graph *ws_graph_from_edges(int32_t n, size_t m, const int32_t *src, const int32_t *dst,
                              const int32_t *w, const ws_graph_opts *opts, ws_error *err)
{
    if (n < 0 || n > WS_GRAPH_MAX_N) {
        ws_error_set(err, WS_E_RANGE, "vertex count %ld is out of range 0..%ld", (long)n,
                     (long)WS_GRAPH_MAX_N);
        return NULL;
    }
    ws_gedges e;
    ws_gedges_init(&e, opts, "(edges)");
    if (m > e.limit) {
        ws_error_set(err, WS_E_RANGE, "%zu edges exceed the limit of %zu", m, e.limit);
        return NULL;
    }
    for (size_t i = 0; i < m; i++) {
        if (src[i] < 0 || src[i] >= n || dst[i] < 0 || dst[i] >= n) {
            ws_error_set(err, WS_E_RANGE, "edge %zu (%ld -> %ld): vertex out of range 0..%ld", i,
                         (long)src[i], (long)dst[i], (long)n - 1);
            return NULL;
        }
    }
    ws_gedges_reserve(&e, m);
    if (w)
        ws_gedges_set_weighted(&e);
    for (size_t i = 0; i < m; i++)
        ws_gedges_push(&e, (uint32_t)src[i], (uint32_t)dst[i], w ? w[i] : 1);
    e.declared_n = n;
    e.origin.entries = m;
    ws_graph_opts o = opts ? *opts : (ws_graph_opts){ 0 };
    o.format = WS_GRAPH_FMT_AUTO;
    o.base = 0;
    return ws_graph_build(&e, &o, err);
}

ws_graph *ws_graph_rebuild(const ws_graph *g, const ws_graph_opts *opts, ws_error *err)
{
    if (ws_graph_validate(g, err) < 0)
        return NULL;
    ws_graph_opts o = opts ? *opts : (ws_graph_opts){ 0 };
    o.format = WS_GRAPH_FMT_AUTO;
    o.base = 0;
    o.no_header_check = 1;
    ws_gedges e;
    ws_gedges_init(&e, &o, "(graph)");
    ws_gedges_reserve(&e, (size_t)g->m);
    if (g->weight)
        ws_gedges_set_weighted(&e);
    for (int32_t u = 0; u < g->n; u++)
        for (int32_t k = g->row[u]; k < g->row[u + 1]; k++)
            ws_gedges_push(&e, (uint32_t)u, (uint32_t)g->col[k], g->weight ? g->weight[k] : 1);
    e.declared_n = g->n;
    e.source = g->source;
    e.origin = g->origin;
    e.origin.base = 0;
    ws_graph *b = ws_graph_build(&e, &o, err);
    if (!b)
        return NULL;
    /* b's orig ids are g's ids; map them through g's own orig ids. */
    if (b->orig_id) {
        for (int32_t v = 0; v < b->n; v++)
            b->orig_id[v] = g->orig_id ? g->orig_id[b->orig_id[v]]
                                       : b->orig_id[v] + (uint32_t)g->origin.base;
    } else if (g->orig_id && b->n == g->n) {
        b->orig_id = ws_xmalloc(((size_t)g->n + 1) * sizeof *b->orig_id);
        memcpy(b->orig_id, g->orig_id, (size_t)g->n * sizeof *b->orig_id);
    }
    b->origin.base = g->origin.base;
    if (g->flags & WS_GRAPH_SYMMETRIC)
        b->flags |= WS_GRAPH_SYMMETRIC;
    return b;
}
