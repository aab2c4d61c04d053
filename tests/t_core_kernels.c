/* The scenario kernels (scenarios/kernels/NAME.ptx, -O3 and -G builds) run by
 * the functional engine on graphs built here, against CPU references
 * computed here: BFS levels (topology-driven, data-driven, warp-centric),
 * SSSP distances, connected components (exact), PageRank (bit-exact float
 * formula of pagerank.cu), the micro kernels, and isa_exercise against
 * tests/isa_exercise_ref.c. */
#include <limits.h>
#include <stdint.h>

#include "core/tcore.h"
#include "isa_exercise_ref.h"
#include "util/ws_rng.h"
#include "util/ws_util.h"

typedef struct graph {
    const char *name;
    int n, m;
    int *row, *col, *w;
} graph;

static char pbuf[1024];
static const char *kpath(const char *file)
{
    const char *top = getenv("WS_SRCDIR");
    snprintf(pbuf, sizeof pbuf, "%s/scenarios/kernels/%s", top ? top : ".", file);
    return pbuf;
}

/* CSR from an edge list (stable: edges of a vertex in input order) */
static graph csr(const char *name, int n, int m, const int *src, const int *dst, const int *wt)
{
    graph g = { name, n, m, ws_xcalloc((size_t)n + 1, sizeof(int)), ws_xmalloc((size_t)(m ? m : 1) * sizeof(int)),
                ws_xmalloc((size_t)(m ? m : 1) * sizeof(int)) };
    for (int e = 0; e < m; e++)
        g.row[src[e] + 1]++;
    for (int v = 0; v < n; v++)
        g.row[v + 1] += g.row[v];
    int *pos = ws_xmalloc((size_t)n * sizeof *pos);
    memcpy(pos, g.row, (size_t)n * sizeof *pos);
    for (int e = 0; e < m; e++) {
        g.col[pos[src[e]]] = dst[e];
        g.w[pos[src[e]]++] = wt ? wt[e] : 1;
    }
    free(pos);
    return g;
}

static void graph_free(graph *g)
{
    free(g->row);
    free(g->col);
    free(g->w);
}

/* kind 0: uniform random arcs; 1: path 0-1-..; 2: star out of 0 plus a
 * separate small cycle; 3: random symmetric with isolated vertices */
static graph make_graph(int kind, int n, int m, uint64_t seed)
{
    ws_rng r;
    ws_rng_seed(&r, seed);
    int *s = ws_xmalloc((size_t)2 * (m + n) * sizeof *s), *d = ws_xmalloc((size_t)2 * (m + n) * sizeof *d);
    int *w = ws_xmalloc((size_t)2 * (m + n) * sizeof *w), k = 0;
    const char *name = "uniform";
    if (kind == 0) {
        for (int e = 0; e < m; e++, k++) {
            s[k] = (int)ws_rng_below(&r, (uint64_t)n);
            d[k] = (int)ws_rng_below(&r, (uint64_t)n);
            w[k] = 1 + (int)ws_rng_below(&r, 100);
        }
    } else if (kind == 1) {
        name = "path";
        for (int v = 0; v + 1 < n; v++, k++)
            s[k] = v, d[k] = v + 1, w[k] = 1 + v % 7;
    } else if (kind == 2) {
        name = "star+cycle";
        for (int v = 1; v < n - 5; v++, k++)
            s[k] = 0, d[k] = v, w[k] = v % 13 + 1;
        for (int v = n - 5; v < n; v++, k++)
            s[k] = v, d[k] = v + 1 < n ? v + 1 : n - 5, w[k] = 2;
    } else {
        name = "symmetric";
        for (int e = 0; e < m; e++) {
            int a = (int)ws_rng_below(&r, (uint64_t)(n - n / 8)), b = (int)ws_rng_below(&r, (uint64_t)(n - n / 8));
            int wt = 1 + (int)ws_rng_below(&r, 50);
            s[k] = a, d[k] = b, w[k++] = wt;
            s[k] = b, d[k] = a, w[k++] = wt;
        }
    }
    graph g = csr(name, n, k, s, d, w);
    free(s);
    free(d);
    free(w);
    return g;
}

static void ref_bfs(const graph *g, int src, int *lev)
{
    int *q = ws_xmalloc((size_t)g->n * sizeof *q), h = 0, t = 0;
    for (int v = 0; v < g->n; v++)
        lev[v] = -1;
    lev[src] = 0;
    q[t++] = src;
    while (h < t) {
        int v = q[h++];
        for (int e = g->row[v]; e < g->row[v + 1]; e++)
            if (lev[g->col[e]] < 0) {
                lev[g->col[e]] = lev[v] + 1;
                q[t++] = g->col[e];
            }
    }
    free(q);
}

static void ref_sssp(const graph *g, int src, int *dist)
{
    /* Bellman-Ford to the fixed point (small graphs) */
    for (int v = 0; v < g->n; v++)
        dist[v] = INT_MAX;
    dist[src] = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int v = 0; v < g->n; v++)
            if (dist[v] != INT_MAX)
                for (int e = g->row[v]; e < g->row[v + 1]; e++)
                    if (dist[v] + g->w[e] < dist[g->col[e]]) {
                        dist[g->col[e]] = dist[v] + g->w[e];
                        changed = 1;
                    }
    }
}

static ws_device *dev;
static ws_error err;

static uint64_t up(const void *p, size_t n, const char *name)
{
    uint64_t a = ws_devmem_alloc(dev, n ? n : 4, name, &err);
    if (p && n)
        ws_devmem_write(dev, a, p, n, &err);
    return a;
}

static int launch(const ws_kernel *k, uint32_t grid, uint32_t block, uint64_t shared, const ws_arg *a, uint32_t n)
{
    ws_launch_config lc = { .grid = { grid, 1, 1 }, .block = { block, 1, 1 }, .shared_bytes = shared };
    int rc = ws_launch(dev, k, &lc, a, n, &err);
    if (rc < 0)
        diag("%s: %s", ws_kernel_name(k), err.msg);
    return rc;
}

static int geti(uint64_t a)
{
    int v = 0;
    ws_devmem_read(dev, a, &v, 4, NULL);
    return v;
}
static void seti(uint64_t a, int v) { ws_devmem_write(dev, a, &v, 4, NULL); }

static ws_module *load(const char *file)
{
    ws_module *m = ws_module_load_file(dev, kpath(file), &err);
    if (!m)
        diag("%s: %s", file, err.msg);
    return m;
}

static const ws_kernel *K(ws_module *m, const char *name) { return m ? ws_module_kernel(m, name, &err) : NULL; }

static int count_diff(const int *a, const int *b, int n)
{
    int d = 0;
    for (int i = 0; i < n; i++)
        d += a[i] != b[i];
    return d;
}

static void bfs_topo(const char *file, const graph *g, const int *ref)
{
    ws_module *m = load(file);
    const ws_kernel *ke = K(m, "bfs_topo_expand"), *ku = K(m, "bfs_topo_update");
    if (!ke || !ku) {
        ok(0, "%s: kernels", file);
        return;
    }
    int n = g->n;
    uint8_t *flags = ws_xcalloc((size_t)n, 1);
    int *cost = ws_xmalloc((size_t)n * sizeof *cost);
    for (int v = 0; v < n; v++)
        cost[v] = -1;
    cost[0] = 0;
    uint64_t row = up(g->row, 4ull * (n + 1), "row"), col = up(g->col, 4ull * g->m, "col");
    flags[0] = 1;
    uint64_t mask = up(flags, (size_t)n, "mask"), vis = up(flags, (size_t)n, "visited");
    flags[0] = 0;
    uint64_t upd = up(flags, (size_t)n, "updating"), dcost = up(cost, 4ull * n, "cost"), stop = up(NULL, 4, "stop");
    uint32_t grid = (uint32_t)(n + 255) / 256;
    int levels = 0, rc = 0;
    do {
        seti(stop, 0);
        ws_arg a1[] = { WS_ARG_PTR(row), WS_ARG_PTR(col), WS_ARG_PTR(mask), WS_ARG_PTR(upd), WS_ARG_PTR(vis),
                        WS_ARG_PTR(dcost), WS_ARG_INT(n) };
        ws_arg a2[] = { WS_ARG_PTR(mask), WS_ARG_PTR(upd), WS_ARG_PTR(vis), WS_ARG_PTR(stop), WS_ARG_INT(n) };
        rc |= launch(ke, grid, 256, 0, a1, 7) | launch(ku, grid, 256, 0, a2, 5);
    } while (rc == 0 && geti(stop) && ++levels <= n);
    ws_devmem_read(dev, dcost, cost, 4ull * n, NULL);
    ok(rc == 0 && count_diff(cost, ref, n) == 0, "%s on %s (n=%d, m=%d): BFS levels match", file, g->name, n, g->m);
    free(flags);
    free(cost);
}

static void bfs_data(const char *file, const graph *g, const int *ref)
{
    ws_module *m = load(file);
    const ws_kernel *k = K(m, "bfs_data");
    if (!k) {
        ok(0, "%s: kernel", file);
        return;
    }
    int n = g->n;
    int *lev = ws_xmalloc((size_t)n * sizeof *lev);
    for (int v = 0; v < n; v++)
        lev[v] = -1;
    lev[0] = 0;
    int zero = 0;
    uint64_t row = up(g->row, 4ull * (n + 1), "row"), col = up(g->col, 4ull * g->m, "col");
    uint64_t dlev = up(lev, 4ull * n, "level"), qa = up(NULL, 4ull * n, "queue_a"), qb = up(NULL, 4ull * n, "queue_b");
    ws_devmem_write(dev, qa, &zero, 4, NULL);   /* in_queue[0] = source 0 */
    uint64_t osz = up(NULL, 4, "out_size");
    int in_size = 1, curr = 0, rc = 0, chunk = 3;
    while (in_size > 0 && rc == 0 && curr <= n) {
        seti(osz, 0);
        uint32_t warps = (uint32_t)(in_size + chunk - 1) / chunk, grid = (warps * 32 + 255) / 256;
        ws_arg a[] = { WS_ARG_PTR(row), WS_ARG_PTR(col), WS_ARG_PTR(dlev), WS_ARG_PTR(qa), WS_ARG_INT(in_size),
                       WS_ARG_PTR(qb), WS_ARG_PTR(osz), WS_ARG_INT(curr), WS_ARG_INT(chunk) };
        rc = launch(k, grid, 256, 0, a, 9);
        uint64_t t = qa;
        qa = qb;
        qb = t;
        in_size = geti(osz);
        curr++;
    }
    ws_devmem_read(dev, dlev, lev, 4ull * n, NULL);
    ok(rc == 0 && count_diff(lev, ref, n) == 0, "%s on %s: BFS levels match", file, g->name);
    free(lev);
}

static void bfs_warp(const char *file, const graph *g, const int *ref)
{
    ws_module *m = load(file);
    const ws_kernel *k = K(m, "bfs_warp");
    if (!k) {
        ok(0, "%s: kernel", file);
        return;
    }
    int n = g->n;
    int *lev = ws_xmalloc((size_t)n * sizeof *lev);
    for (int v = 0; v < n; v++)
        lev[v] = -1;
    lev[0] = 0;
    uint64_t row = up(g->row, 4ull * (n + 1), "row"), col = up(g->col, 4ull * g->m, "col");
    uint64_t dlev = up(lev, 4ull * n, "level"), chg = up(NULL, 4, "changed");
    int curr = 0, rc = 0;
    do {
        seti(chg, 0);
        ws_arg a[] = { WS_ARG_PTR(row), WS_ARG_PTR(col), WS_ARG_PTR(dlev), WS_ARG_INT(n), WS_ARG_INT(curr),
                       WS_ARG_PTR(chg) };
        rc = launch(k, (uint32_t)(n + 255) / 256, 256, 0, a, 6);
        curr++;
    } while (rc == 0 && geti(chg) && curr <= n);
    ws_devmem_read(dev, dlev, lev, 4ull * n, NULL);
    ok(rc == 0 && count_diff(lev, ref, n) == 0, "%s on %s: BFS levels match", file, g->name);
    free(lev);
}

static void sssp(const char *file, const graph *g)
{
    ws_module *m = load(file);
    const ws_kernel *k = K(m, "sssp_relax");
    if (!k) {
        ok(0, "%s: kernel", file);
        return;
    }
    int n = g->n;
    int *dist = ws_xmalloc((size_t)n * sizeof *dist), *ref = ws_xmalloc((size_t)n * sizeof *ref);
    ref_sssp(g, 0, ref);
    for (int v = 0; v < n; v++)
        dist[v] = INT_MAX;
    dist[0] = 0;
    uint64_t row = up(g->row, 4ull * (n + 1), "row"), col = up(g->col, 4ull * g->m, "col");
    uint64_t wt = up(g->w, 4ull * g->m, "weight"), dd = up(dist, 4ull * n, "dist"), chg = up(NULL, 4, "changed");
    int rc = 0, it = 0;
    do {
        seti(chg, 0);
        ws_arg a[] = { WS_ARG_PTR(row), WS_ARG_PTR(col), WS_ARG_PTR(wt), WS_ARG_PTR(dd), WS_ARG_INT(n),
                       WS_ARG_PTR(chg) };
        rc = launch(k, (uint32_t)(n + 255) / 256, 256, 0, a, 6);
    } while (rc == 0 && geti(chg) && ++it <= n);
    ws_devmem_read(dev, dd, dist, 4ull * n, NULL);
    ok(rc == 0 && count_diff(dist, ref, n) == 0, "%s on %s: distances match", file, g->name);
    free(dist);
    free(ref);
}

static void cc(const char *file, const graph *g)
{
    ws_module *m = load(file);
    const ws_kernel *ki = K(m, "cc_init"), *kp = K(m, "cc_propagate");
    if (!ki || !kp) {
        ok(0, "%s: kernels", file);
        return;
    }
    int n = g->n;
    int *lab = ws_xmalloc((size_t)n * sizeof *lab), *ref = ws_xmalloc((size_t)n * sizeof *ref);
    int *lev = ws_xmalloc((size_t)n * sizeof *lev);
    for (int v = 0; v < n; v++)
        ref[v] = -1;
    for (int v = 0; v < n; v++)
        if (ref[v] < 0) {
            /* the symmetric graph: a BFS from v reaches its component; v is its smallest id */
            graph h = *g;
            ref_bfs(&h, v, lev);
            for (int u = 0; u < n; u++)
                if (lev[u] >= 0 && ref[u] < 0)
                    ref[u] = v;
        }
    uint64_t row = up(g->row, 4ull * (n + 1), "row"), col = up(g->col, 4ull * g->m, "col");
    uint64_t dl = up(NULL, 4ull * n, "label"), chg = up(NULL, 4, "changed");
    uint32_t grid = (uint32_t)(n + 255) / 256;
    ws_arg ai[] = { WS_ARG_PTR(dl), WS_ARG_INT(n) };
    int rc = launch(ki, grid, 256, 0, ai, 2), it = 0;
    do {
        seti(chg, 0);
        ws_arg a[] = { WS_ARG_PTR(row), WS_ARG_PTR(col), WS_ARG_PTR(dl), WS_ARG_INT(n), WS_ARG_PTR(chg) };
        rc |= launch(kp, grid, 256, 0, a, 5);
    } while (rc == 0 && geti(chg) && ++it <= n);
    ws_devmem_read(dev, dl, lab, 4ull * n, NULL);
    ok(rc == 0 && count_diff(lab, ref, n) == 0, "%s on %s: component labels match", file, g->name);
    free(lab);
    free(ref);
    free(lev);
}

static void pagerank(const char *file, const graph *g)
{
    ws_module *m = load(file);
    const ws_kernel *ki = K(m, "pr_init"), *kc = K(m, "pr_contrib"), *kp = K(m, "pr_pull");
    if (!ki || !kc || !kp) {
        ok(0, "%s: kernels", file);
        return;
    }
    int n = g->n, iters = 10;
    /* transpose: in-neighbours in order of (source, edge) */
    int *outdeg = ws_xcalloc((size_t)n, sizeof *outdeg), *s = ws_xmalloc((size_t)g->m * sizeof *s);
    int *d = ws_xmalloc((size_t)g->m * sizeof *d);
    for (int v = 0; v < n; v++)
        for (int e = g->row[v]; e < g->row[v + 1]; e++) {
            outdeg[v]++;
            s[e] = g->col[e];
            d[e] = v;
        }
    graph t = csr("transpose", n, g->m, s, d, NULL);
    /* CPU reference, float32 step by step as pagerank.cu documents */
    float *pr = ws_xmalloc((size_t)n * sizeof *pr), *nx = ws_xmalloc((size_t)n * sizeof *nx);
    float *con = ws_xmalloc((size_t)n * sizeof *con);
    const float dmp = 0.85f;
    for (int v = 0; v < n; v++)
        pr[v] = 1.0f / (float)n;
    volatile float base = (1.0f - dmp) / (float)n;
    for (int it = 0; it < iters; it++) {
        for (int u = 0; u < n; u++)
            con[u] = outdeg[u] > 0 ? pr[u] / (float)outdeg[u] : 0.0f;
        for (int v = 0; v < n; v++) {
            volatile float sum = 0.0f;
            for (int e = t.row[v]; e < t.row[v + 1]; e++)
                sum = sum + con[t.col[e]];
            volatile float prod = dmp * sum;
            nx[v] = base + prod;
        }
        float *sw = pr;
        pr = nx;
        nx = sw;
    }
    uint64_t trow = up(t.row, 4ull * (n + 1), "trow"), tcol = up(t.col, 4ull * t.m, "tcol");
    uint64_t od = up(outdeg, 4ull * n, "outdeg"), pa = up(NULL, 4ull * n, "pr_a"), pb = up(NULL, 4ull * n, "pr_b");
    uint64_t dc = up(NULL, 4ull * n, "contrib");
    uint32_t grid = (uint32_t)(n + 255) / 256;
    ws_arg ai[] = { WS_ARG_PTR(pa), WS_ARG_INT(n) };
    int rc = launch(ki, grid, 256, 0, ai, 2);
    for (int it = 0; it < iters && rc == 0; it++) {
        ws_arg ac[] = { WS_ARG_PTR(pa), WS_ARG_PTR(od), WS_ARG_PTR(dc), WS_ARG_INT(n) };
        ws_arg ap[] = { WS_ARG_PTR(trow), WS_ARG_PTR(tcol), WS_ARG_PTR(dc), WS_ARG_PTR(pb), WS_ARG_INT(n),
                        WS_ARG_FLOAT(0.85) };
        rc = launch(kc, grid, 256, 0, ac, 4) | launch(kp, grid, 256, 0, ap, 6);
        uint64_t sw = pa;
        pa = pb;
        pb = sw;
    }
    ws_devmem_read(dev, pa, nx, 4ull * n, NULL);
    int exact = 0;
    double maxrel = 0;
    for (int v = 0; v < n; v++) {
        exact += memcmp(&nx[v], &pr[v], 4) == 0;
        double rel = fabs((double)nx[v] - pr[v]) / (pr[v] > 0 ? pr[v] : 1);
        if (rel > maxrel)
            maxrel = rel;
    }
    ok(rc == 0 && maxrel <= 1e-6, "%s on %s: PageRank within 1e-6 relative (max %.2g)", file, g->name, maxrel);
    is_int(exact, n, "%s on %s: PageRank bit-exact with the float32 reference", file, g->name);
    graph_free(&t);
    free(outdeg);
    free(s);
    free(d);
    free(pr);
    free(nx);
    free(con);
}

static void micro(void)
{
    ws_module *m = load("micro_chase.ptx");
    const ws_kernel *k = K(m, "micro_chase");
    enum { L = 1000, T = 40, KK = 77 };
    int next[L];
    ws_rng r;
    ws_rng_seed(&r, 5);
    for (int i = 0; i < L; i++)
        next[i] = (int)ws_rng_below(&r, L);
    uint64_t dn = up(next, sizeof next, "next"), dout = up(NULL, 4 * T, "out");
    ws_arg a[] = { WS_ARG_PTR(dn), WS_ARG_INT(3), WS_ARG_INT(KK), WS_ARG_PTR(dout) };
    int rc = k ? launch(k, 1, T, 0, a, 4) : -1;
    uint32_t out[T];
    ws_devmem_read(dev, dout, out, sizeof out, NULL);
    int bad = 0;
    for (int t = 0; t < T; t++) {
        uint32_t s = 0;
        int p = 3 + t;
        for (int i = 0; i < KK; i++) {
            p = next[p];
            s += (uint32_t)p;
        }
        bad += out[t] != s;
    }
    ok(rc == 0 && bad == 0, "micro_chase: every chain's sum");
    m = load("micro_stream.ptx");
    const ws_kernel *kc = K(m, "micro_copy"), *ka = K(m, "micro_add");
    enum { N = 5000 };
    float fa[N], fb[N], fc[N];
    int ia[N], ib[N];
    for (int i = 0; i < N; i++) {
        fa[i] = (float)i * 0.5f;
        fb[i] = 1.0f / (float)(i + 1);
        ia[i] = i * 3 - 7;
    }
    uint64_t da = up(fa, sizeof fa, "a"), db = up(fb, sizeof fb, "b"), dc = up(NULL, sizeof fc, "c");
    uint64_t si = up(ia, sizeof ia, "src"), di = up(NULL, sizeof ib, "dst");
    ws_arg ac[] = { WS_ARG_PTR(si), WS_ARG_PTR(di), WS_ARG_INT(N) };
    ws_arg aa[] = { WS_ARG_PTR(da), WS_ARG_PTR(db), WS_ARG_PTR(dc), WS_ARG_INT(N) };
    rc = (kc && ka) ? launch(kc, 3, 128, 0, ac, 3) | launch(ka, 7, 96, 0, aa, 4) : -1;
    ws_devmem_read(dev, di, ib, sizeof ib, NULL);
    ws_devmem_read(dev, dc, fc, sizeof fc, NULL);
    bad = 0;
    for (int i = 0; i < N; i++)
        bad += ib[i] != ia[i] || fc[i] != fa[i] + fb[i];
    ok(rc == 0 && bad == 0, "micro_copy / micro_add with grid-stride loops");
}

static void isa(const char *file)
{
    ws_module *m = load(file);
    if (!m) {
        ok(0, "%s loads", file);
        return;
    }
    /* isa_int */
    enum { NI = 200 };
    uint32_t in[NI], *got = ws_xmalloc(NI * ISA_INT_NOUT * 4), *want = ws_xmalloc(NI * ISA_INT_NOUT * 4);
    isa_ref_inputs_u32(11, in, NI);
    isa_ref_int(in, NI, want);
    uint64_t din = up(in, sizeof in, "in"), dout = up(NULL, NI * ISA_INT_NOUT * 4, "out");
    ws_arg ai[] = { WS_ARG_PTR(din), WS_ARG_PTR(dout), WS_ARG_INT(NI) };
    int rc = launch(K(m, "isa_int"), 4, 64, 0, ai, 3);
    ws_devmem_read(dev, dout, got, NI * ISA_INT_NOUT * 4, NULL);
    int bad = 0;
    for (int i = 0; i < NI * ISA_INT_NOUT; i++)
        if (got[i] != want[i] && bad++ < 5)
            diag("isa_int thread %d slot %d: got 0x%x want 0x%x", i / ISA_INT_NOUT, i % ISA_INT_NOUT, got[i], want[i]);
    ok(rc == 0 && bad == 0, "%s: isa_int matches the reference (%d threads x %d slots)", file, NI, ISA_INT_NOUT);
    free(got);
    free(want);

    /* isa_float */
    enum { NF = 160 };
    float fin[2 * NF];
    double din2[2 * NF];
    isa_ref_inputs_f32(12, fin, 2 * NF);
    isa_ref_inputs_f64(13, din2, 2 * NF);
    float *fo = ws_xmalloc(NF * ISA_FLT_NF * 4), *fw = ws_xmalloc(NF * ISA_FLT_NF * 4), *ft = ws_xmalloc(NF * ISA_FLT_NF * 4);
    double *dO = ws_xmalloc(NF * ISA_FLT_ND * 8), *dw = ws_xmalloc(NF * ISA_FLT_ND * 8), *dt = ws_xmalloc(NF * ISA_FLT_ND * 8);
    int32_t *io = ws_xmalloc(NF * ISA_FLT_NI * 4), *iw = ws_xmalloc(NF * ISA_FLT_NI * 4);
    isa_ref_float(fin, din2, NF, fw, ft, dw, dt, iw);
    uint64_t dfi = up(fin, sizeof fin, "fin"), ddi = up(din2, sizeof din2, "din");
    uint64_t dfo = up(NULL, NF * ISA_FLT_NF * 4, "fout"), ddo = up(NULL, NF * ISA_FLT_ND * 8, "dout");
    uint64_t dio = up(NULL, NF * ISA_FLT_NI * 4, "iout");
    ws_arg af[] = { WS_ARG_PTR(dfi), WS_ARG_PTR(ddi), WS_ARG_PTR(dfo), WS_ARG_PTR(ddo), WS_ARG_PTR(dio), WS_ARG_INT(NF) };
    rc = launch(K(m, "isa_float"), 3, 64, 0, af, 6);
    ws_devmem_read(dev, dfo, fo, NF * ISA_FLT_NF * 4, NULL);
    ws_devmem_read(dev, ddo, dO, NF * ISA_FLT_ND * 8, NULL);
    ws_devmem_read(dev, dio, io, NF * ISA_FLT_NI * 4, NULL);
    bad = 0;
    for (int i = 0; i < NF * ISA_FLT_NF; i++)
        if (!isa_ref_f32_match(fo[i], fw[i], ft[i]) && bad++ < 5)
            diag("isa_float f32 thread %d slot %d: got %a want %a (tol %g)", i / ISA_FLT_NF, i % ISA_FLT_NF, fo[i], fw[i],
                 ft[i]);
    for (int i = 0; i < NF * ISA_FLT_ND; i++)
        if (!isa_ref_f64_match(dO[i], dw[i], dt[i]) && bad++ < 5)
            diag("isa_float f64 thread %d slot %d: got %a want %a", i / ISA_FLT_ND, i % ISA_FLT_ND, dO[i], dw[i]);
    for (int i = 0; i < NF * ISA_FLT_NI; i++)
        if (io[i] != iw[i] && bad++ < 5)
            diag("isa_float int thread %d slot %d: got %d want %d", i / ISA_FLT_NI, i % ISA_FLT_NI, io[i], iw[i]);
    ok(rc == 0 && bad == 0, "%s: isa_float matches the reference", file);
    free(fo), free(fw), free(ft), free(dO), free(dw), free(dt), free(io), free(iw);

    /* isa_warp */
    enum { NW = 128 };
    int32_t win[NW], *wo = ws_xmalloc(NW * ISA_WARP_NOUT * 4), *ww = ws_xmalloc(NW * ISA_WARP_NOUT * 4);
    isa_ref_inputs_small(14, win, NW);
    isa_ref_warp(win, NW, ww);
    uint64_t dwi = up(win, sizeof win, "in"), dwo = up(NULL, NW * ISA_WARP_NOUT * 4, "out");
    ws_arg aw[] = { WS_ARG_PTR(dwi), WS_ARG_PTR(dwo) };
    rc = launch(K(m, "isa_warp"), 2, 64, 0, aw, 2);
    ws_devmem_read(dev, dwo, wo, NW * ISA_WARP_NOUT * 4, NULL);
    bad = 0;
    for (int i = 0; i < NW * ISA_WARP_NOUT; i++)
        if (wo[i] != ww[i] && bad++ < 5)
            diag("isa_warp thread %d slot %d: got %d want %d", i / ISA_WARP_NOUT, i % ISA_WARP_NOUT, wo[i], ww[i]);
    ok(rc == 0 && bad == 0, "%s: isa_warp matches the reference", file);
    free(wo), free(ww);

    /* isa_atomic */
    enum { AG = 3, AB = 96, AT = AG * AB };
    int32_t ain[AT], g[ISA_ATOM_NG], gw[ISA_ATOM_NG], priv[2 * AT], privw[2 * AT];
    int32_t tout[AT * ISA_ATOM_NT], toutw[AT * ISA_ATOM_NT], bout[AG * ISA_ATOM_NB], boutw[AG * ISA_ATOM_NB];
    uint64_t g64[ISA_ATOM_NG64], g64w[ISA_ATOM_NG64];
    float gf, gfw;
    double gd, gdw;
    isa_ref_inputs_small(15, ain, AT);
    isa_ref_atomic(ain, AG, AB, gw, g64w, &gfw, &gdw, privw, toutw, boutw);
    uint64_t dai = up(ain, sizeof ain, "in"), dg = up(NULL, sizeof g, "g"), dg64 = up(NULL, sizeof g64, "g64");
    uint64_t dgf = up(NULL, 4, "gf"), dgd = up(NULL, 8, "gd"), dpr = up(NULL, sizeof priv, "priv");
    uint64_t dto = up(NULL, sizeof tout, "tout"), dbo = up(NULL, sizeof bout, "bout");
    ws_arg a0[] = { WS_ARG_PTR(dg), WS_ARG_PTR(dg64), WS_ARG_PTR(dgf), WS_ARG_PTR(dgd), WS_ARG_PTR(dpr), WS_ARG_INT(AT) };
    ws_arg a1[] = { WS_ARG_PTR(dai), WS_ARG_PTR(dg), WS_ARG_PTR(dg64), WS_ARG_PTR(dgf),
                    WS_ARG_PTR(dgd), WS_ARG_PTR(dpr), WS_ARG_PTR(dto), WS_ARG_PTR(dbo) };
    rc = launch(K(m, "isa_atomic_init"), (AT + 255) / 256, 256, 0, a0, 6) | launch(K(m, "isa_atomic"), AG, AB, 0, a1, 8);
    ws_devmem_read(dev, dg, g, sizeof g, NULL);
    ws_devmem_read(dev, dg64, g64, sizeof g64, NULL);
    ws_devmem_read(dev, dgf, &gf, 4, NULL);
    ws_devmem_read(dev, dgd, &gd, 8, NULL);
    ws_devmem_read(dev, dpr, priv, sizeof priv, NULL);
    ws_devmem_read(dev, dto, tout, sizeof tout, NULL);
    ws_devmem_read(dev, dbo, bout, sizeof bout, NULL);
    bad = count_diff(g, gw, ISA_ATOM_NG) + count_diff(priv, privw, 2 * AT) + count_diff(tout, toutw, AT * ISA_ATOM_NT) +
          count_diff(bout, boutw, AG * ISA_ATOM_NB) + (memcmp(g64, g64w, sizeof g64) != 0) + (gf != gfw) + (gd != gdw);
    for (int i = 0; i < ISA_ATOM_NG; i++)
        if (g[i] != gw[i])
            diag("isa_atomic g[%d]: got %d want %d", i, g[i], gw[i]);
    ok(rc == 0 && bad == 0, "%s: isa_atomic matches the reference", file);

    /* isa_misc */
    enum { NM = 128, MB = 64 };
    int32_t min_[NM], *mo = ws_xmalloc(NM * ISA_MISC_NOUT * 4), *mw = ws_xmalloc(NM * ISA_MISC_NOUT * 4);
    isa_ref_inputs_small(16, min_, NM);
    isa_ref_misc(min_, NM, MB, 4 * MB + 32, mw);
    uint64_t dmi = up(min_, sizeof min_, "in"), dmo = up(NULL, NM * ISA_MISC_NOUT * 4, "out");
    ws_arg am[] = { WS_ARG_PTR(dmi), WS_ARG_PTR(dmo), WS_ARG_INT(NM) };
    rc = launch(K(m, "isa_misc"), NM / MB, MB, 4 * MB + 32, am, 3);
    ws_devmem_read(dev, dmo, mo, NM * ISA_MISC_NOUT * 4, NULL);
    bad = 0;
    for (int i = 0; i < NM * ISA_MISC_NOUT; i++)
        if (mo[i] != mw[i] && bad++ < 5)
            diag("isa_misc thread %d slot %d: got %d want %d", i / ISA_MISC_NOUT, i % ISA_MISC_NOUT, mo[i], mw[i]);
    ok(rc == 0 && bad == 0, "%s: isa_misc matches the reference", file);
    free(mo), free(mw);
}

int main(void)
{
    ws_device_config cfg;
    ws_device_config_default(&cfg);
    dev = ws_device_create(&cfg, &err);
    graph gs[] = { make_graph(0, 1500, 4 * 1500, 1), make_graph(1, 300, 0, 2), make_graph(2, 700, 0, 3),
                   make_graph(3, 1200, 1800, 4) };
    for (size_t i = 0; i < sizeof gs / sizeof gs[0]; i++) {
        graph *g = &gs[i];
        int *ref = ws_xmalloc((size_t)g->n * sizeof *ref);
        ref_bfs(g, 0, ref);
        bfs_topo("bfs_topo.ptx", g, ref);
        bfs_topo("bfs_topo_g.ptx", g, ref);
        bfs_data("bfs_data.ptx", g, ref);
        bfs_data("bfs_data_g.ptx", g, ref);
        bfs_warp("bfs_warp.ptx", g, ref);
        sssp("sssp.ptx", g);
        sssp("sssp_g.ptx", g);
        pagerank("pagerank.ptx", g);
        free(ref);
        /* device memory is freed per graph */
        while (ws_devmem_count(dev) > 0)
            ws_devmem_free(dev, ws_devmem_at(dev, ws_devmem_count(dev) - 1)->addr, NULL);
    }
    cc("cc.ptx", &gs[3]);
    cc("cc.ptx", &gs[1]);   /* a directed path: every vertex gets label 0 */
    micro();
    isa("isa_exercise.ptx");
    isa("isa_exercise_g.ptx");
    for (size_t i = 0; i < sizeof gs / sizeof gs[0]; i++)
        graph_free(&gs[i]);
    ws_device_free(dev);
    return tap_done();
}
