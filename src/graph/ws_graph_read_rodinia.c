/* Rodinia BFS input files (made by Rodinia's graphgen):
 *
 *   N
 *   N lines "first_edge_index degree"   (node i's edges are entries
 *                                         first .. first+degree-1)
 *   source node
 *   E
 *   E lines "dest weight"
 *
 * Whitespace and line breaks between numbers are free (the files have blank
 * lines between sections).  The offsets must be consecutive (each node's
 * first index is the sum of the degrees before it), the degrees must add up
 * to E, and nothing may follow the last edge. */
#include "graph/ws_graph_priv.h"
#include "util/ws_util.h"

#include <stdlib.h>

typedef struct tokstream {
    ws_gsrc *s;
    ws_gtok t;
    int have;
} tokstream;

/* Next token across lines: 1, 0 at the end, -1 on error. */
static int ts_next(tokstream *ts, char **tok, size_t *len, ws_error *err)
{
    for (;;) {
        if (ts->have && ws_gtok_next(&ts->t, tok, len))
            return 1;
        char *line;
        size_t l;
        int r = ws_gsrc_line(ts->s, &line, &l, err);
        if (r <= 0)
            return r;
        ts->t.p = line;
        ts->have = 1;
    }
}

static int need_u64(tokstream *ts, const char *what, uint64_t *out, ws_error *err)
{
    char *tok;
    size_t len;
    char q[160];
    int r = ts_next(ts, &tok, &len, err);
    if (r < 0)
        return -1;
    if (r == 0)
        return ws_error_set(err, WS_E_PARSE, "%s:%llu: the file ends where %s was expected",
                            ts->s->name, (unsigned long long)ts->s->lineno, what);
    if (ws_gparse_u64(tok, len, out) != 0)
        return ws_gsrc_error(ts->s, err, tok, "expected %s (a non-negative integer), got '%s'",
                             what, ws_gquote(q, sizeof q, tok, len));
    return 0;
}

int ws_graph_read_rodinia(ws_gsrc *s, ws_gedges *e, const ws_graph_opts *opts, ws_error *err)
{
    tokstream ts = { s, { NULL }, 0 };
    uint64_t n, v;
    uint32_t *deg = NULL;
    size_t cap = 0;
    int rc = -1;
    char q[160];

    if (need_u64(&ts, "the number of nodes", &n, err) < 0)
        return -1;
    uint64_t nline = s->lineno;
    int64_t max_n = ws_graph_opt_max_n(opts);
    if (n > (uint64_t)max_n)
        return ws_gsrc_error(s, err, NULL, "impossible size: %llu nodes (the limit is %lld)",
                             (unsigned long long)n, (long long)max_n);
    uint64_t sum = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t start, d;
        if (need_u64(&ts, "a node's first edge index", &start, err) < 0)
            goto out;
        if (start != sum) {
            ws_gsrc_error(s, err, NULL,
                          "node %llu starts at edge %llu but the degrees before it add up to "
                          "%llu (offsets must be consecutive)",
                          (unsigned long long)i, (unsigned long long)start,
                          (unsigned long long)sum);
            goto out;
        }
        if (need_u64(&ts, "a node's degree", &d, err) < 0)
            goto out;
        if (d > e->limit - sum) {
            ws_gsrc_error(s, err, NULL, "the degrees add up to more than %zu edges: the edge limit "
                          "(max_edges in Lua, --max-edges for 'warpscope graph')", e->limit);
            goto out;
        }
        sum += d;
        if (i >= cap) {
            WS_GROW(deg, cap, (size_t)i + 1);
        }
        deg[i] = (uint32_t)d;
    }
    if (need_u64(&ts, "the source node", &v, err) < 0)
        goto out;
    if (n > 0 && v >= n) {
        ws_gsrc_error(s, err, NULL, "source node %llu is out of range 0..%llu",
                      (unsigned long long)v, (unsigned long long)(n - 1));
        goto out;
    }
    e->source = n > 0 ? (int32_t)v : -1;
    uint64_t m;
    if (need_u64(&ts, "the number of edge entries", &m, err) < 0)
        goto out;
    if (m != sum) {
        ws_gsrc_error(s, err, NULL,
                      "the edge count %llu disagrees with the node degrees, which add up to "
                      "%llu",
                      (unsigned long long)m, (unsigned long long)sum);
        goto out;
    }
    e->declared_n = (int64_t)n;
    ws_gedges_set_weighted(e);
    ws_gedges_reserve(e, (size_t)m);
    uint64_t node = 0, left = n ? deg[0] : 0;
    for (uint64_t k = 0; k < m; k++) {
        while (left == 0) {
            node++;
            left = deg[node];
        }
        char *tok;
        size_t len;
        uint32_t d;
        int32_t w;
        int r = ts_next(&ts, &tok, &len, err);
        if (r < 0)
            goto out;
        if (r == 0) {
            ws_error_set(err, WS_E_PARSE,
                         "%s:%llu: the file ends after %llu of the %llu edge entries", s->name,
                         (unsigned long long)s->lineno, (unsigned long long)k,
                         (unsigned long long)m);
            goto out;
        }
        if (ws_gparse_vertex(s, err, tok, len, 0, n - 1, "destination", &d) < 0)
            goto out;
        r = ts_next(&ts, &tok, &len, err);
        if (r < 0)
            goto out;
        if (r == 0) {
            ws_error_set(err, WS_E_PARSE,
                         "%s:%llu: the file ends in the middle of edge entry %llu (no weight)",
                         s->name, (unsigned long long)s->lineno, (unsigned long long)k);
            goto out;
        }
        int pr = ws_gparse_weight(tok, len, &w, &e->origin.weights_rounded);
        if (pr != 0) {
            ws_gsrc_error(s, err, tok, "expected an edge weight (an integer), got '%s'",
                          ws_gquote(q, sizeof q, tok, len));
            goto out;
        }
        if (ws_gedges_push_at(s, err, e, (uint32_t)node, d, w) < 0)
            goto out;
        e->origin.entries++;
        left--;
    }
    char *tok;
    size_t len;
    int r = ts_next(&ts, &tok, &len, err);
    if (r < 0)
        goto out;
    if (r > 0) {
        ws_gsrc_error(s, err, tok,
                      "unexpected '%s' after the last of the %llu edge entries (the node count "
                      "on line %llu says %llu nodes)",
                      ws_gquote(q, sizeof q, tok, len), (unsigned long long)m,
                      (unsigned long long)nline, (unsigned long long)n);
        goto out;
    }
    rc = 0;
out:
    free(deg);
    return rc;
}
