/* METIS graph files (".graph").
 *
 *   % comments (lines starting with %)
 *   N M [FMT [NCON]]        M counts undirected edges
 *   one line per vertex 1..N: [size] [NCON vertex weights] neighbour [weight] ...
 *
 * FMT is up to three 0/1 digits "abc": a = vertex sizes present, b = vertex
 * weights present (NCON of them, default 1), c = edge weights present.  A
 * blank line is a vertex without neighbours.  Each undirected edge appears
 * in both endpoints' lines, so the lists must hold exactly 2M entries.
 * Vertex sizes and weights are checked and dropped. */
#include "graph/ws_graph_priv.h"

#include <string.h>

typedef struct metis_fmt {
    int sizes, vweights, eweights;
    uint64_t ncon;
} metis_fmt;

static int parse_header(ws_gsrc *s, char *line, uint64_t *n, uint64_t *m, metis_fmt *f,
                        ws_error *err)
{
    ws_gtok t = { line };
    char *tok[5];
    size_t tl[5];
    int k = 0;
    char q[160];
    while (k < 5 && ws_gtok_next(&t, &tok[k], &tl[k]))
        k++;
    if (k < 2 || k > 4)
        return ws_gsrc_error(s, err, NULL,
                             "expected the header 'VERTICES EDGES [FORMAT [NCON]]', found %d "
                             "value%s",
                             k, k == 1 ? "" : "s");
    if (ws_gparse_u64(tok[0], tl[0], n) != 0)
        return ws_gsrc_error(s, err, tok[0], "expected a vertex count, got '%s'",
                             ws_gquote(q, sizeof q, tok[0], tl[0]));
    if (ws_gparse_u64(tok[1], tl[1], m) != 0)
        return ws_gsrc_error(s, err, tok[1], "expected an edge count, got '%s'",
                             ws_gquote(q, sizeof q, tok[1], tl[1]));
    memset(f, 0, sizeof *f);
    if (k >= 3) {
        if (tl[2] > 3)
            return ws_gsrc_error(s, err, tok[2],
                                 "format '%s' has more than 3 digits (expected e.g. 011)",
                                 ws_gquote(q, sizeof q, tok[2], tl[2]));
        char d[3] = { '0', '0', '0' };
        for (size_t i = 0; i < tl[2]; i++) {
            char c = tok[2][i];
            if (c != '0' && c != '1')
                return ws_gsrc_error(s, err, tok[2],
                                     "format '%s' must be made of the digits 0 and 1",
                                     ws_gquote(q, sizeof q, tok[2], tl[2]));
            d[3 - tl[2] + i] = c;
        }
        f->sizes = d[0] == '1';
        f->vweights = d[1] == '1';
        f->eweights = d[2] == '1';
    }
    f->ncon = f->vweights ? 1 : 0;
    if (k == 4) {
        if (ws_gparse_u64(tok[3], tl[3], &f->ncon) != 0 || f->ncon > 1024)
            return ws_gsrc_error(s, err, tok[3],
                                 "expected a number of vertex weights (0..1024), got '%s'",
                                 ws_gquote(q, sizeof q, tok[3], tl[3]));
        if (!f->vweights && f->ncon)
            return ws_gsrc_error(s, err, tok[3],
                                 "%llu vertex weights given but the format says there are none",
                                 (unsigned long long)f->ncon);
    }
    return 0;
}

int ws_graph_read_metis(ws_gsrc *s, ws_gedges *e, const ws_graph_opts *opts, ws_error *err)
{
    char *line;
    size_t len;
    int r;
    char q[160];
    uint64_t n = 0, m = 0, hline = 0, vertex = 0;
    metis_fmt f;

    e->origin.base = 1;
    while ((r = ws_gsrc_line(s, &line, &len, err)) > 0) {
        char c = ws_gline_first(line);
        if (c == '%')
            continue;
        if (!hline) {
            if (c == '\0')
                continue;
            if (parse_header(s, line, &n, &m, &f, err) < 0)
                return -1;
            hline = s->lineno;
            int64_t max_n = ws_graph_opt_max_n(opts);
            if (n > (uint64_t)max_n)
                return ws_gsrc_error(s, err, NULL,
                                     "impossible size: %llu vertices (the limit is %lld)",
                                     (unsigned long long)n, (long long)max_n);
            if (m > e->limit / 2)
                return ws_gsrc_error(s, err, NULL,
                                     "impossible size: %llu edges (the edge limit is %zu: max_edges in Lua, --max-edges for 'warpscope graph')",
                                     (unsigned long long)m, e->limit / 2);
            e->declared_n = (int64_t)n;
            if (f.eweights)
                ws_gedges_set_weighted(e);
            ws_gedges_reserve(e, (size_t)(2 * m));
            continue;
        }
        if (vertex == n) {
            if (c == '\0')
                continue;
            return ws_gsrc_error(s, err, NULL,
                                 "more vertex lines than the %llu declared by the header (line "
                                 "%llu)",
                                 (unsigned long long)n, (unsigned long long)hline);
        }
        ws_gtok t = { line };
        char *tok;
        size_t tl;
        uint64_t skip = (uint64_t)f.sizes + f.ncon;
        for (uint64_t i = 0; i < skip; i++) {
            if (!ws_gtok_next(&t, &tok, &tl))
                return ws_gsrc_error(s, err, NULL,
                                     "vertex %llu: expected %llu size/weight value%s before the "
                                     "neighbours",
                                     (unsigned long long)vertex + 1, (unsigned long long)skip,
                                     skip == 1 ? "" : "s");
            int64_t dummy;
            if (ws_gparse_i64(tok, tl, &dummy) != 0)
                return ws_gsrc_error(s, err, tok,
                                     "expected a vertex size or weight (an integer), got '%s'",
                                     ws_gquote(q, sizeof q, tok, tl));
        }
        while (ws_gtok_next(&t, &tok, &tl)) {
            uint32_t v;
            int32_t w = 1;
            if (ws_gparse_vertex(s, err, tok, tl, 1, n - 1, "neighbour", &v) < 0)
                return -1;
            if (f.eweights) {
                char *wt;
                size_t wl;
                if (!ws_gtok_next(&t, &wt, &wl))
                    return ws_gsrc_error(s, err, tok,
                                         "neighbour %s has no edge weight (the format says "
                                         "every neighbour is followed by one)",
                                         ws_gquote(q, sizeof q, tok, tl));
                if (ws_gparse_weight_at(s, err, wt, wl, "an edge weight", "weight", "", &w,
                                        &e->origin.weights_rounded) < 0)
                    return -1;
            }
            if (e->origin.entries >= 2 * m)
                return ws_gsrc_error(s, err, tok,
                                     "more adjacency entries than the %llu (2 x %llu edges) "
                                     "declared by the header (line %llu)",
                                     (unsigned long long)(2 * m), (unsigned long long)m,
                                     (unsigned long long)hline);
            if (ws_gedges_push_at(s, err, e, (uint32_t)vertex, v, w) < 0)
                return -1;
            e->origin.entries++;
        }
        vertex++;
    }
    if (r < 0)
        return -1;
    if (!hline)
        return ws_error_set(err, WS_E_PARSE, "%s:%llu: no header line 'VERTICES EDGES' found",
                            s->name, (unsigned long long)s->lineno);
    if (vertex != n)
        return ws_error_set(err, WS_E_PARSE,
                            "%s:%llu: the file ends after %llu vertex lines but the header "
                            "(line %llu) declares %llu vertices",
                            s->name, (unsigned long long)s->lineno, (unsigned long long)vertex,
                            (unsigned long long)hline, (unsigned long long)n);
    if (e->origin.entries != 2 * m)
        return ws_error_set(err, WS_E_PARSE,
                            "%s:%llu: the header says %llu edges (%llu adjacency entries) but "
                            "the vertex lines hold %llu entries",
                            s->name, (unsigned long long)hline, (unsigned long long)m,
                            (unsigned long long)(2 * m), (unsigned long long)e->origin.entries);
    e->declared_symmetric = 1;
    return 0;
}
