/* SNAP and plain edge lists: one "source target [weight]" per line, tabs or
 * spaces, '#' or '%' comment lines, LF or CRLF.  Every edge line has the
 * same number of columns as the first.  A SNAP header line
 * "# Nodes: N Edges: M" is remembered and checked by the builder, which
 * also takes N as the vertex count when the ids leave the last vertices
 * without edges. */
#include "graph/ws_graph_priv.h"

#include <string.h>

/* The count after `key` ("Nodes:" or "Edges:") in a header line.  Returns
 * 1 with *out, 0 when the key is absent, -1 when its value is not a plain
 * count (a sign, letters, an exponent, too large): *bad and *badlen then
 * give the word for the message. */
static int header_count(const char *line, const char *key, uint64_t *out, const char **bad,
                        size_t *badlen)
{
    const char *p = strstr(line, key);
    if (!p)
        return 0;
    p += strlen(key);
    while (*p == ' ' || *p == '\t')
        p++;
    const char *d = p;
    while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
        p++;
    size_t n = (size_t)(p - d);
    int digits = n > 0;
    for (size_t i = 0; i < n; i++)
        digits &= d[i] >= '0' && d[i] <= '9';
    if (!digits || ws_gparse_u64(d, n, out) != 0) {
        *bad = d;
        *badlen = n;
        return -1;
    }
    return 1;
}

/* A SNAP header "...Nodes: 5242 Edges: 28980...": 1 with both counts, 0
 * when the line is no such header, -1 (error set) when a count is not a
 * number and the header is checked. */
static int snap_header(ws_gsrc *s, const char *line, const ws_graph_opts *opts, uint64_t *nodes,
                       uint64_t *edges, ws_error *err)
{
    const char *bad = NULL;
    size_t badlen = 0;
    int rn = header_count(line, "Nodes:", nodes, &bad, &badlen);
    int re = rn ? header_count(line, "Edges:", edges, &bad, &badlen) : 0;
    if (rn < 0 || re < 0) {
        if (opts && opts->no_header_check)
            return 0;
        char q[160];
        return ws_gsrc_error(s, err, NULL,
                             "bad '# %s' header value '%s' (expected a count from 0 to "
                             "18446744073709551615; %s ignores the header)",
                             rn < 0 ? "Nodes:" : "Edges:", ws_gquote(q, sizeof q, bad, badlen),
                             ws_graph_opt_spell(opts, "--no-header-check", "check_header=false"));
    }
    return rn > 0 && re > 0;
}

int ws_graph_read_edgelist(ws_gsrc *s, ws_gedges *e, const ws_graph_opts *opts, ws_error *err)
{
    uint64_t base = opts ? (uint64_t)opts->base : 0;
    int cols = 0, saw_hash = 0;
    uint64_t first_line = 0;
    char *line;
    size_t len;
    int r;
    char q[160];

    e->origin.base = (int)base;
    while ((r = ws_gsrc_line(s, &line, &len, err)) > 0) {
        char c = ws_gline_first(line);
        if (c == '\0')
            continue;
        if (c == '#' || c == '%') {
            if (c == '#')
                saw_hash = 1;
            uint64_t nn, mm;
            int h = !e->hdr_line && e->origin.entries == 0
                        ? snap_header(s, line, opts, &nn, &mm, err)
                        : 0;
            if (h < 0)
                return -1;
            if (h) {
                e->hdr_nodes = nn;
                e->hdr_edges = mm;
                e->hdr_line = s->lineno;
            }
            continue;
        }
        ws_gtok t = { line };
        char *tok[4];
        size_t tl[4];
        int k = 0;
        while (k < 4 && ws_gtok_next(&t, &tok[k], &tl[k]))
            k++;
        if (k < 2)
            return ws_gsrc_error(s, err, tok[0],
                                 "expected 'source target [weight]', got only '%s'",
                                 ws_gquote(q, sizeof q, tok[0], tl[0]));
        if (k > 3)
            return ws_gsrc_error(s, err, tok[3],
                                 "unexpected 4th column '%s' (expected 'source target [weight]')",
                                 ws_gquote(q, sizeof q, tok[3], tl[3]));
        if (!cols) {
            cols = k;
            first_line = s->lineno;
            if (k == 3)
                ws_gedges_set_weighted(e);
        } else if (k != cols) {
            return ws_gsrc_error(s, err, NULL,
                                 "this line has %d columns but the first edge line (line %llu) "
                                 "has %d",
                                 k, (unsigned long long)first_line, cols);
        }
        uint32_t u, v;
        int32_t w = 1;
        if (ws_gparse_vertex(s, err, tok[0], tl[0], base, UINT32_MAX - 1, "source", &u) < 0 ||
            ws_gparse_vertex(s, err, tok[1], tl[1], base, UINT32_MAX - 1, "target", &v) < 0)
            return -1;
        if (k == 3) {
            if (ws_gparse_weight_at(s, err, tok[2], tl[2], "a weight (a number)", "weight", "",
                                    &w, &e->origin.weights_rounded) < 0)
                return -1;
        }
        if (ws_gedges_push_at(s, err, e, u, v, w) < 0)
            return -1;
        e->origin.entries++;
    }
    if (r < 0)
        return -1;
    e->origin.format = saw_hash ? WS_GRAPH_FMT_SNAP : WS_GRAPH_FMT_EDGELIST;
    /* (a SNAP header makes an edgeless graph valid: its Nodes: count is the
     * graph, as warpscope writes one) */
    if (e->origin.entries == 0 && !e->hdr_line)
        return ws_error_set(err, WS_E_PARSE, "%s: no edges found (%llu lines, all blank or "
                            "comments)", s->name, (unsigned long long)s->lineno);
    return 0;
}
