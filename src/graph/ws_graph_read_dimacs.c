/* DIMACS graphs.
 *
 * Shortest path (9th challenge, ".gr"):  c comments, one "p sp N M" problem
 * line, then M lines "a U V W" (arc U->V of weight W, ids 1..N).
 * Undirected ("p edge N M", as in the coloring/clique challenges): M lines
 * "e U V"; each edge becomes both arcs.
 * The problem line must come before the first arc and the arc count must
 * equal M. */
#include "graph/ws_graph_priv.h"

#include <string.h>

int ws_graph_read_dimacs(ws_gsrc *s, ws_gedges *e, const ws_graph_opts *opts, ws_error *err)
{
    char *line;
    size_t len;
    int r;
    char q[160];
    uint64_t n = 0, m = 0, pline = 0;
    int edge_kind = 0; /* 0: sp (a lines), 1: edge (e lines) */

    e->origin.base = 1;
    while ((r = ws_gsrc_line(s, &line, &len, err)) > 0) {
        ws_gtok t = { line };
        char *tok[6];
        size_t tl[6];
        int k = 0;
        while (k < 6 && ws_gtok_next(&t, &tok[k], &tl[k]))
            k++;
        if (k == 0)
            continue;
        if (tl[0] != 1)
            return ws_gsrc_error(s, err, tok[0],
                                 "unknown line type '%s' (DIMACS lines start with c, p, a or e)",
                                 ws_gquote(q, sizeof q, tok[0], tl[0]));
        char kind = tok[0][0];
        if (kind == 'c')
            continue;
        if (kind == 'p') {
            if (pline)
                return ws_gsrc_error(s, err, tok[0],
                                     "second problem line (the first is line %llu)",
                                     (unsigned long long)pline);
            if (k != 4)
                return ws_gsrc_error(s, err, NULL,
                                     "expected the problem line 'p sp NODES ARCS', found %d "
                                     "words",
                                     k);
            if (tl[1] == 2 && memcmp(tok[1], "sp", 2) == 0)
                edge_kind = 0;
            else if ((tl[1] == 4 && memcmp(tok[1], "edge", 4) == 0) ||
                     (tl[1] == 3 && memcmp(tok[1], "col", 3) == 0))
                edge_kind = 1;
            else
                return ws_gsrc_error(s, err, tok[1],
                                     "unsupported problem type '%s' (sp, or edge for undirected "
                                     "graphs)",
                                     ws_gquote(q, sizeof q, tok[1], tl[1]));
            if (ws_gparse_u64(tok[2], tl[2], &n) != 0)
                return ws_gsrc_error(s, err, tok[2], "expected a node count, got '%s'",
                                     ws_gquote(q, sizeof q, tok[2], tl[2]));
            if (ws_gparse_u64(tok[3], tl[3], &m) != 0)
                return ws_gsrc_error(s, err, tok[3], "expected an arc count, got '%s'",
                                     ws_gquote(q, sizeof q, tok[3], tl[3]));
            int64_t max_n = ws_graph_opt_max_n(opts);
            if (n > (uint64_t)max_n)
                return ws_gsrc_error(s, err, tok[2],
                                     "impossible size: %llu nodes (the limit is %lld)",
                                     (unsigned long long)n, (long long)max_n);
            if (m > e->limit)
                return ws_gsrc_error(s, err, tok[3],
                                     "impossible size: %llu arcs (the edge limit is %zu: max_edges in Lua, --max-edges for 'warpscope graph')",
                                     (unsigned long long)m, e->limit);
            if (n == 0 && m > 0)
                return ws_gsrc_error(s, err, tok[3], "%llu arcs in a graph with no nodes",
                                     (unsigned long long)m);
            pline = s->lineno;
            e->declared_n = (int64_t)n;
            e->mirror = edge_kind;
            if (edge_kind == 0)
                ws_gedges_set_weighted(e);
            ws_gedges_reserve(e, (size_t)m);
            continue;
        }
        if (kind != 'a' && kind != 'e')
            return ws_gsrc_error(s, err, tok[0],
                                 "unknown line type '%s' (DIMACS lines start with c, p, a or e)",
                                 ws_gquote(q, sizeof q, tok[0], tl[0]));
        if (!pline)
            return ws_gsrc_error(s, err, tok[0],
                                 "arc before the problem line ('p sp NODES ARCS' must come first)");
        if ((kind == 'a') != (edge_kind == 0))
            return ws_gsrc_error(s, err, tok[0], "'%c' line in a 'p %s' file", kind,
                                 edge_kind ? "edge" : "sp");
        int want = kind == 'a' ? 4 : 3;
        if (k != want)
            return ws_gsrc_error(s, err, NULL, "expected '%s', found %d words",
                                 kind == 'a' ? "a FROM TO WEIGHT" : "e FROM TO", k);
        if (e->origin.entries >= m)
            return ws_gsrc_error(s, err, NULL,
                                 "more arcs than the %llu declared by the problem line (line "
                                 "%llu)",
                                 (unsigned long long)m, (unsigned long long)pline);
        uint32_t u, v;
        int32_t w = 1;
        if (ws_gparse_vertex(s, err, tok[1], tl[1], 1, n - 1, "node", &u) < 0 ||
            ws_gparse_vertex(s, err, tok[2], tl[2], 1, n - 1, "node", &v) < 0)
            return -1;
        if (kind == 'a') {
            if (ws_gparse_weight_at(s, err, tok[3], tl[3], "an arc weight", "weight", "", &w,
                                    &e->origin.weights_rounded) < 0)
                return -1;
        }
        if (ws_gedges_push_at(s, err, e, u, v, w) < 0)
            return -1;
        e->origin.entries++;
    }
    if (r < 0)
        return -1;
    if (!pline)
        return ws_error_set(err, WS_E_PARSE,
                            "%s:%llu: no problem line ('p sp NODES ARCS') in the file", s->name,
                            (unsigned long long)s->lineno);
    if (e->origin.entries != m)
        return ws_error_set(err, WS_E_PARSE,
                            "%s:%llu: the file ends after %llu arcs but the problem line (line "
                            "%llu) declares %llu",
                            s->name, (unsigned long long)s->lineno,
                            (unsigned long long)e->origin.entries, (unsigned long long)pline,
                            (unsigned long long)m);
    e->declared_symmetric = edge_kind;
    return 0;
}
