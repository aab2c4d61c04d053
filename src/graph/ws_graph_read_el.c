/* SNAP and plain edge lists: one "source target [weight]" per line, tabs or
 * spaces, '#' or '%' comment lines, LF or CRLF.  Every edge line has the
 * same number of columns as the first.  A SNAP header line
 * "# Nodes: N Edges: M" is remembered and checked by the builder, which
 * also takes N as the vertex count when the ids leave the last vertices
 * without edges. */
#include "graph/ws_graph_priv.h"

#include <string.h>

/* "...Nodes: 5242 Edges: 28980..." -> 1 with both counts. */
static int snap_header(const char *line, uint64_t *nodes, uint64_t *edges)
{
    const char *p = strstr(line, "Nodes:");
    if (!p)
        return 0;
    p += 6;
    while (*p == ' ' || *p == '\t')
        p++;
    const char *d = p;
    while (*p >= '0' && *p <= '9')
        p++;
    if (p == d || ws_gparse_u64(d, (size_t)(p - d), nodes) != 0)
        return 0;
    const char *q = strstr(p, "Edges:");
    if (!q)
        return 0;
    q += 6;
    while (*q == ' ' || *q == '\t')
        q++;
    d = q;
    while (*q >= '0' && *q <= '9')
        q++;
    if (q == d || ws_gparse_u64(d, (size_t)(q - d), edges) != 0)
        return 0;
    return 1;
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
            if (!e->hdr_line && e->origin.entries == 0 && snap_header(line, &nn, &mm)) {
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
