/* Matrix Market coordinate files as graphs.
 *
 *   %%MatrixMarket matrix coordinate <pattern|integer|real> <general|symmetric|skew-symmetric>
 *   % comments
 *   rows cols nnz
 *   i j [value]        (1-based; nnz lines)
 *
 * Entry (i,j) is the edge i->j.  Symmetric files store one triangle; the
 * builder adds the mirror of every off-diagonal entry (skew-symmetric: with
 * the value negated).  Real values are rounded to integer weights.  The
 * matrix must be square; the entry count must match nnz exactly. */
#include "graph/ws_graph_priv.h"

#include <string.h>

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* Case-insensitive: banners are written in any case. */
static int tok_is(const char *tok, size_t len, const char *word)
{
    if (strlen(word) != len)
        return 0;
    for (size_t i = 0; i < len; i++)
        if (lower((unsigned char)tok[i]) != lower((unsigned char)word[i]))
            return 0;
    return 1;
}

int ws_graph_read_mtx(ws_gsrc *s, ws_gedges *e, const ws_graph_opts *opts, ws_error *err)
{
    char *line;
    size_t len;
    int r;
    char q[160];
    (void)opts;

    e->origin.base = 1;
    r = ws_gsrc_line(s, &line, &len, err);
    if (r < 0)
        return -1;
    if (r == 0)
        return ws_error_set(err, WS_E_PARSE, "%s: empty file (expected a Matrix Market banner)",
                            s->name);
    ws_gtok t = { line };
    char *tok[6];
    size_t tl[6];
    int k = 0;
    while (k < 6 && ws_gtok_next(&t, &tok[k], &tl[k]))
        k++;
    if (k == 0 || !tok_is(tok[0], tl[0], "%%MatrixMarket"))
        return ws_gsrc_error(s, err, NULL,
                             "missing Matrix Market banner (expected '%%%%MatrixMarket matrix "
                             "coordinate <field> <symmetry>')");
    if (k != 5)
        return ws_gsrc_error(s, err, NULL,
                             "the banner needs 4 words after %%%%MatrixMarket (object, format, "
                             "field, symmetry), found %d",
                             k - 1);
    if (!tok_is(tok[1], tl[1], "matrix"))
        return ws_gsrc_error(s, err, tok[1], "unsupported object '%s' (only 'matrix')",
                             ws_gquote(q, sizeof q, tok[1], tl[1]));
    if (tok_is(tok[2], tl[2], "array"))
        return ws_gsrc_error(s, err, tok[2],
                             "dense 'array' matrices are not graphs; only 'coordinate' files "
                             "are supported");
    if (!tok_is(tok[2], tl[2], "coordinate"))
        return ws_gsrc_error(s, err, tok[2], "unsupported format '%s' (only 'coordinate')",
                             ws_gquote(q, sizeof q, tok[2], tl[2]));
    int valued;
    if (tok_is(tok[3], tl[3], "pattern"))
        valued = 0;
    else if (tok_is(tok[3], tl[3], "integer") || tok_is(tok[3], tl[3], "real") ||
             tok_is(tok[3], tl[3], "double"))
        valued = 1;
    else
        return ws_gsrc_error(s, err, tok[3],
                             "unsupported field '%s' (pattern, integer or real; complex values "
                             "cannot be edge weights)",
                             ws_gquote(q, sizeof q, tok[3], tl[3]));
    if (tok_is(tok[4], tl[4], "general"))
        e->mirror = 0;
    else if (tok_is(tok[4], tl[4], "symmetric"))
        e->mirror = 1;
    else if (tok_is(tok[4], tl[4], "skew-symmetric"))
        e->mirror = 2;
    else
        return ws_gsrc_error(s, err, tok[4],
                             "unsupported symmetry '%s' (general, symmetric or skew-symmetric)",
                             ws_gquote(q, sizeof q, tok[4], tl[4]));
    if (valued)
        ws_gedges_set_weighted(e);

    /* Size line, after comments and blank lines. */
    uint64_t rows = 0, cols = 0, nnz = 0, size_line = 0;
    while ((r = ws_gsrc_line(s, &line, &len, err)) > 0) {
        char c = ws_gline_first(line);
        if (c == '%' || c == '\0')
            continue;
        t.p = line;
        k = 0;
        while (k < 4 && ws_gtok_next(&t, &tok[k], &tl[k]))
            k++;
        if (k != 3)
            return ws_gsrc_error(s, err, NULL,
                                 "expected the size line 'rows columns entries', found %d "
                                 "value%s",
                                 k, k == 1 ? "" : "s");
        uint64_t *dst[3] = { &rows, &cols, &nnz };
        for (int i = 0; i < 3; i++)
            if (ws_gparse_u64(tok[i], tl[i], dst[i]) != 0)
                return ws_gsrc_error(s, err, tok[i],
                                     "size line: expected a non-negative integer, got '%s'",
                                     ws_gquote(q, sizeof q, tok[i], tl[i]));
        size_line = s->lineno;
        break;
    }
    if (r < 0)
        return -1;
    if (!size_line)
        return ws_error_set(err, WS_E_PARSE, "%s:%llu: file ends before the size line", s->name,
                            (unsigned long long)s->lineno);
    if (rows != cols)
        return ws_gsrc_error(s, err, NULL,
                             "the matrix is %llu x %llu; a graph's adjacency matrix must be "
                             "square",
                             (unsigned long long)rows, (unsigned long long)cols);
    int64_t max_n = ws_graph_opt_max_n(opts);
    if (rows > (uint64_t)max_n)
        return ws_gsrc_error(s, err, NULL, "impossible size: %llu vertices (the limit is %lld)",
                             (unsigned long long)rows, (long long)max_n);
    if (nnz > e->limit)
        return ws_gsrc_error(s, err, NULL, "impossible size: %llu entries (the edge limit is %zu: max_edges in Lua, --max-edges for 'warpscope graph')",
                             (unsigned long long)nnz, e->limit);
    if (rows == 0 && nnz > 0)
        return ws_gsrc_error(s, err, NULL, "a 0 x 0 matrix cannot have %llu entries",
                             (unsigned long long)nnz);
    e->declared_n = (int64_t)rows;
    ws_gedges_reserve(e, (size_t)nnz);

    int want = valued ? 3 : 2;
    while ((r = ws_gsrc_line(s, &line, &len, err)) > 0) {
        char c = ws_gline_first(line);
        if (c == '%' || c == '\0')
            continue;
        if (e->origin.entries >= nnz)
            return ws_gsrc_error(s, err, NULL,
                                 "more entries than the %llu declared by the size line (line "
                                 "%llu)",
                                 (unsigned long long)nnz, (unsigned long long)size_line);
        t.p = line;
        k = 0;
        while (k < 4 && ws_gtok_next(&t, &tok[k], &tl[k]))
            k++;
        if (k != want)
            return ws_gsrc_error(s, err, NULL, "expected %s, found %d value%s",
                                 valued ? "'row column value'" : "'row column'", k,
                                 k == 1 ? "" : "s");
        uint32_t u, v;
        int32_t w = 1;
        if (ws_gparse_vertex(s, err, tok[0], tl[0], 1, rows - 1, "row", &u) < 0 ||
            ws_gparse_vertex(s, err, tok[1], tl[1], 1, rows - 1, "column", &v) < 0)
            return -1;
        if (valued) {
            if (ws_gparse_weight_at(s, err, tok[2], tl[2], "a value (a number)", "value",
                                    " weight", &w, &e->origin.weights_rounded) < 0)
                return -1;
        }
        if (ws_gedges_push_at(s, err, e, u, v, w) < 0)
            return -1;
        e->origin.entries++;
    }
    if (r < 0)
        return -1;
    if (e->origin.entries != nnz)
        return ws_error_set(err, WS_E_PARSE,
                            "%s:%llu: the file ends after %llu entries but the size line (line "
                            "%llu) declares %llu",
                            s->name, (unsigned long long)s->lineno,
                            (unsigned long long)e->origin.entries,
                            (unsigned long long)size_line, (unsigned long long)nnz);
    e->declared_symmetric = e->mirror != 0;
    return 0;
}
