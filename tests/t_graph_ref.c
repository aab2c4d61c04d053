/* CPU reference algorithms and graph operations on hand-built graphs with
 * known answers: BFS, SSSP, PageRank, components, transpose, degrees,
 * reordering, info. */
#include "ws_tap.h"
#include "graph/ws_graph.h"

#include <stdlib.h>
#include <string.h>

/* The tiny graph of tests/data/tiny.*:
 *   0->1 (4)  0->2 (1)  1->3 (1)  2->1 (2)  2->3 (5)  3->4 (3)  4->0 (7)  5->4 (2) */
static const int32_t T_SRC[] = { 0, 0, 2, 1, 2, 3, 4, 5 };
static const int32_t T_DST[] = { 1, 2, 1, 3, 3, 4, 0, 4 };
static const int32_t T_W[] = { 4, 1, 2, 1, 5, 3, 7, 2 };

static ws_graph *tiny(int weighted)
{
    ws_error err = { 0 };
    ws_graph *g = ws_graph_from_edges(6, 8, T_SRC, T_DST, weighted ? T_W : NULL, NULL, &err);
    if (!g) {
        diag("from_edges failed: %s", err.msg);
        exit(1);
    }
    return g;
}

static int eq(const int32_t *a, const int32_t *b, size_t n)
{
    return memcmp(a, b, n * sizeof *a) == 0;
}

static void test_bfs(void)
{
    ws_graph *g = tiny(1);
    int32_t lv[6];
    ws_error err = { 0 };
    ok(ws_graph_bfs(g, 0, lv, &err) == 0, "bfs from 0");
    ok(eq(lv, (int32_t[]){ 0, 1, 1, 2, 3, -1 }, 6), "levels from 0; 5 unreachable (-1)");
    ws_graph_bfs(g, 5, lv, &err);
    ok(eq(lv, (int32_t[]){ 2, 3, 3, 4, 1, 0 }, 6), "levels from 5");
    ok(ws_graph_bfs(g, 6, lv, &err) < 0, "source out of range");
    is_str(err.msg, "source vertex 6 is out of range 0..5", "message");
    ws_graph_free(g);
}

static void test_sssp(void)
{
    ws_graph *g = tiny(1);
    int32_t d[6];
    ws_error err = { 0 };
    ok(ws_graph_sssp(g, 0, WS_GRAPH_SSSP_INF, d, &err) == 0, "sssp from 0");
    ok(eq(d, (int32_t[]){ 0, 3, 1, 4, 7, WS_GRAPH_SSSP_INF }, 6),
       "distances from 0: 0->2->1 beats 0->1; 5 unreachable (INT32_MAX)");
    ws_graph_sssp(g, 5, -1, d, &err);
    ok(eq(d, (int32_t[]){ 9, 12, 10, 13, 2, 0 }, 6), "distances from 5");
    ws_graph_free(g);

    g = tiny(0);
    ws_graph_sssp(g, 0, -1, d, &err);
    ok(eq(d, (int32_t[]){ 0, 1, 1, 2, 3, -1 }, 6), "unweighted: unit weights, equal to BFS");
    ws_graph_free(g);

    int32_t s[] = { 0, 1 }, t[] = { 1, 2 }, w[] = { 3, -2 };
    g = ws_graph_from_edges(3, 2, s, t, w, NULL, &err);
    ok(ws_graph_sssp(g, 0, -1, d, &err) < 0, "negative weight rejected");
    is_str(err.msg, "edge 1 -> 2 has the negative weight -2; Dijkstra needs non-negative weights",
           "message");
    ws_graph_free(g);

    int32_t big[] = { INT32_MAX, INT32_MAX };
    g = ws_graph_from_edges(3, 2, s, t, big, NULL, &err);
    ok(ws_graph_sssp(g, 0, -1, d, &err) < 0, "distance overflow rejected");
    is_str(err.msg, "the distance to vertex 1 (2147483647) does not fit a 32-bit integer",
           "message");
    ws_graph_free(g);

    /* Many equal-length paths and a long chain. */
    enum { N = 1000 };
    int32_t cs[N - 1], ct[N - 1], cw[N - 1];
    for (int i = 0; i < N - 1; i++) {
        cs[i] = i;
        ct[i] = i + 1;
        cw[i] = i % 7 + 1;
    }
    g = ws_graph_from_edges(N, N - 1, cs, ct, cw, NULL, &err);
    int32_t *dist = malloc(N * sizeof *dist);
    ws_graph_sssp(g, 0, -1, dist, &err);
    int good = 1;
    int64_t acc = 0;
    for (int i = 0; i < N; i++) {
        good &= dist[i] == acc;
        if (i < N - 1)
            acc += cw[i];
    }
    ok(good, "chain of 1000: prefix sums of the weights");
    free(dist);
    ws_graph_free(g);
}

static void test_pagerank(void)
{
    ws_error err = { 0 };
    /* Star: 1, 2, 3 -> 0; vertex 0 has no out-edges. */
    int32_t s[] = { 1, 2, 3 }, t[] = { 0, 0, 0 };
    ws_graph *g = ws_graph_from_edges(4, 3, s, t, NULL, NULL, &err);
    float pr[4];
    ok(ws_graph_pagerank(g, NULL, 0, 0.85f, pr, &err) == 0, "0 iterations");
    ok(pr[0] == 0.25f && pr[3] == 0.25f, "pr0 = 1/n");
    ws_graph_pagerank(g, NULL, 1, 0.85f, pr, &err);
    is_double(pr[0], 0.675, 1e-7, "star, 1 iteration: 0.15/4 + 0.85 * 3/4");
    is_double(pr[1], 0.0375, 1e-8, "a leaf gets only the teleport share 0.15/4");
    ws_graph_pagerank(g, NULL, 2, 0.85f, pr, &err);
    is_double(pr[0], 0.133125, 1e-7, "star, 2 iterations: 0.0375 + 0.85 * 3 * 0.0375");
    is_double(pr[0] + pr[1] + pr[2] + pr[3], 0.245625, 1e-7,
              "the sink's rank leaks (not redistributed)");
    ws_graph_free(g);

    /* A cycle keeps the uniform vector. */
    int32_t cs[] = { 0, 1, 2 }, ct[] = { 1, 2, 0 };
    g = ws_graph_from_edges(3, 3, cs, ct, NULL, NULL, &err);
    float p3[3];
    ws_graph_pagerank(g, NULL, 50, 0.85f, p3, &err);
    is_double(p3[0], 1.0 / 3, 1e-7, "cycle: uniform after 50 iterations");
    is_double(p3[2], 1.0 / 3, 1e-7, "cycle: uniform (vertex 2)");
    ws_graph_free(g);

    /* Bit-exact against the documented rule written out with float ops. */
    g = tiny(0);
    ws_graph *gt = ws_graph_transpose(g);
    float want[6], next[6], got[6];
    for (int v = 0; v < 6; v++)
        want[v] = 1.0f / 6.0f;
    const float d = 0.85f, base = (1.0f - d) / 6.0f;
    for (int it = 0; it < 10; it++) {
        for (int v = 0; v < 6; v++) {
            float sum = 0.0f;
            for (int32_t k = gt->row[v]; k < gt->row[v + 1]; k++) {
                int32_t u = gt->col[k];
                sum = sum + want[u] / (float)(g->row[u + 1] - g->row[u]);
            }
            volatile float prod = d * sum;
            next[v] = base + prod;
        }
        memcpy(want, next, sizeof want);
    }
    ws_graph_pagerank(g, gt, 10, 0.85f, got, &err);
    ok(memcmp(got, want, sizeof got) == 0, "tiny, 10 iterations: bit-exact with the rule");
    ws_graph_pagerank(g, NULL, 10, 0.85f, next, &err);
    ok(memcmp(got, next, sizeof got) == 0, "same result with the transpose computed inside");
    ok(ws_graph_pagerank(g, NULL, -1, 0.85f, got, &err) < 0, "negative iterations rejected");
    is_str(err.msg, "the iteration count must be >= 0, not -1", "message");
    ok(ws_graph_pagerank(g, NULL, 1, 1.5f, got, &err) < 0, "damping above 1 rejected");
    is_str(err.msg, "the damping factor must be in [0, 1], not 1.5", "message");
    ws_graph_free(gt);
    ws_graph_free(g);
}

static void test_components(void)
{
    ws_error err = { 0 };
    /* {0,3,5} (directed 5->3->0), {1,4}, {2}, {6} */
    int32_t s[] = { 5, 3, 4 }, t[] = { 3, 0, 1 };
    ws_graph *g = ws_graph_from_edges(7, 3, s, t, NULL, NULL, &err);
    int32_t label[7];
    is_int(ws_graph_components(g, label), 4, "four weak components");
    ok(eq(label, (int32_t[]){ 0, 1, 2, 0, 1, 0, 6 }, 7), "labels are component minima");
    ws_graph_free(g);
    g = tiny(0);
    int32_t l6[6];
    is_int(ws_graph_components(g, l6), 1, "tiny is weakly connected");
    ws_graph_free(g);
}

static void test_transpose_degrees(void)
{
    ws_graph *g = tiny(1);
    ws_graph *t = ws_graph_transpose(g);
    ok(eq(t->row, (int32_t[]){ 0, 1, 3, 4, 6, 8, 8 }, 7), "transpose offsets (in-degrees)");
    ok(eq(t->col, (int32_t[]){ 4, 0, 2, 0, 1, 2, 3, 5 }, 8), "transpose sources, increasing");
    ok(eq(t->weight, (int32_t[]){ 7, 4, 2, 1, 1, 5, 3, 2 }, 8), "weights follow their edges");
    ws_graph *tt = ws_graph_transpose(t);
    is_u64(ws_graph_checksum(tt), ws_graph_checksum(g), "transpose twice is the identity");
    int32_t deg[6];
    ws_graph_degrees(g, 0, deg);
    ok(eq(deg, (int32_t[]){ 2, 1, 2, 1, 1, 1 }, 6), "out-degrees");
    ws_graph_degrees(g, 1, deg);
    ok(eq(deg, (int32_t[]){ 1, 2, 1, 2, 2, 0 }, 6), "in-degrees");
    ok(!ws_graph_is_symmetric(g), "tiny is not symmetric");
    ws_graph_free(tt);
    ws_graph_free(t);
    ws_graph_free(g);
}

static void test_reorder(void)
{
    ws_error err = { 0 };
    ws_graph *g = tiny(1);
    ws_graph *h = ws_graph_reorder(g, WS_GRAPH_ORDER_DEGREE, 0, &err);
    /* out-degrees 2,1,2,1,1,1: new order 0,2 then 1,3,4,5 */
    ok(h && eq((int32_t *)h->orig_id, (int32_t[]){ 0, 2, 1, 3, 4, 5 }, 6),
       "degree order: highest first, ties by id; orig_id maps back");
    ok(h && eq(h->row, (int32_t[]){ 0, 2, 4, 5, 6, 7, 8 }, 7), "degree order: offsets");
    ws_graph_free(h);

    h = ws_graph_reorder(g, WS_GRAPH_ORDER_BFS, 0, &err);
    /* undirected BFS from 0: 0; out 1,2 then in 4; 1: out 3; 4: in 5 */
    ok(h && eq((int32_t *)h->orig_id, (int32_t[]){ 0, 1, 2, 4, 3, 5 }, 6),
       "BFS order over the undirected view");
    ws_graph_free(h);

    h = ws_graph_reorder(g, WS_GRAPH_ORDER_RANDOM, 42, &err);
    ws_graph *h2 = ws_graph_reorder(g, WS_GRAPH_ORDER_RANDOM, 42, &err);
    ok(h && h2 && ws_graph_checksum(h) == ws_graph_checksum(h2) &&
           memcmp(h->orig_id, h2->orig_id, 6 * sizeof *h->orig_id) == 0,
       "random order is deterministic for a seed");
    /* Same distances, permuted. */
    int32_t d0[6], d1[6];
    ws_graph_sssp(g, 0, -1, d0, &err);
    int32_t src = -1;
    for (int v = 0; v < 6; v++)
        if (h->orig_id[v] == 0)
            src = v;
    ws_graph_sssp(h, src, -1, d1, &err);
    int same = 1;
    for (int v = 0; v < 6; v++)
        same &= d1[v] == d0[h->orig_id[v]];
    ok(same, "a random order permutes SSSP distances, nothing else");
    ws_graph_free(h);
    ws_graph_free(h2);

    int32_t bad[] = { 0, 0, 1, 2, 3, 4 };
    ok(ws_graph_permute(g, bad, &err) == NULL, "a non-permutation is rejected");
    is_str(err.msg, "not a permutation: vertex 1 maps to 0 (out of range or repeated)", "message");
    ws_graph_free(g);
}

static void test_info(void)
{
    ws_error err = { 0 };
    ws_graph *g = tiny(1);
    ws_graph_info in;
    ok(ws_graph_info_compute(g, &in, &err) == 0, "info");
    is_int(in.n, 6, "n");
    is_int(in.m, 8, "m");
    ok(in.weighted && !in.symmetric, "weighted, not symmetric");
    is_int(in.self_loops, 0, "no self-loops");
    is_int(in.deg_min, 1, "min out-degree");
    is_int(in.deg_max, 2, "max out-degree");
    is_int(in.deg_median, 1, "median out-degree (lower median)");
    is_double(in.deg_mean, 8.0 / 6, 1e-12, "mean out-degree");
    ok(in.hist[1] == 4 && in.hist[2] == 2, "histogram: 4 of degree 1, 2 in 2..3");
    is_int(in.components, 1, "one component");
    is_int(in.largest_component, 6, "of 6 vertices");
    is_int(in.diameter, 3, "diameter 3 (5 to 1 in the undirected view)");
    ok(in.weight_min == 1 && in.weight_max == 7, "weight range");
    ws_graph_free(g);

    int32_t s[] = { 0, 0, 1, 2 }, t[] = { 0, 1, 1, 1 };
    g = ws_graph_from_edges(4, 4, s, t, NULL, NULL, &err);
    ws_graph_info_compute(g, &in, &err);
    ok(in.self_loops == 2 && in.isolated == 1 && in.zero_out == 1,
       "self-loops, isolated vertices, sinks");
    ok(in.components == 2 && in.largest_component == 3, "components with an isolated vertex");
    ws_graph_free(g);
    int64_t lo, hi;
    ws_graph_hist_range(3, &lo, &hi);
    ok(lo == 4 && hi == 7, "bucket 3 is 4..7");
}

static void test_validate(void)
{
    ws_error err = { 0 };
    ws_graph *g = tiny(0);
    ok(ws_graph_validate(g, &err) == 0, "valid CSR");
    g->col[3] = 9;
    ok(ws_graph_validate(g, &err) < 0, "target out of range");
    is_str(err.msg, "edge 3 targets vertex 9, outside 0..5", "message");
    g->col[3] = 1;
    g->row[2] = 1;
    ok(ws_graph_validate(g, &err) < 0, "decreasing offsets");
    is_str(err.msg, "row offsets decrease at vertex 1 (row[1] = 2 > row[2] = 1)", "message");
    ws_graph_free(g);
    int32_t s[] = { 0 }, t[] = { 3 };
    ok(ws_graph_from_edges(3, 1, s, t, NULL, NULL, &err) == NULL, "from_edges checks ids");
    is_str(err.msg, "edge 0 (0 -> 3): vertex out of range 0..2", "message");
}

int main(void)
{
    test_bfs();
    test_sssp();
    test_pagerank();
    test_components();
    test_transpose_degrees();
    test_reorder();
    test_info();
    test_validate();
    return tap_done();
}
