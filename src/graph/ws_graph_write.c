/* Text writers: an edge list ("src dst [w]", 0-based, with a SNAP-style
 * "# Nodes: N Edges: M" header) and Matrix Market coordinate (1-based,
 * general; integer values when weighted, pattern otherwise).  Both go
 * through a temporary file renamed into place. */
#include "graph/ws_graph_priv.h"

#include <inttypes.h>
#include <stdio.h>

static int write_el(FILE *f, void *ctx)
{
    const ws_graph *g = ctx;
    fprintf(f, "# Directed graph written by warpscope (0-based ids%s)\n",
            g->weight ? ", source target weight" : "");
    fprintf(f, "# Nodes: %ld Edges: %ld\n", (long)g->n, (long)g->m);
    for (int32_t u = 0; u < g->n; u++)
        for (int32_t k = g->row[u]; k < g->row[u + 1]; k++) {
            if (g->weight)
                fprintf(f, "%" PRId32 "\t%" PRId32 "\t%" PRId32 "\n", u, g->col[k], g->weight[k]);
            else
                fprintf(f, "%" PRId32 "\t%" PRId32 "\n", u, g->col[k]);
        }
    return ferror(f) ? -1 : 0;
}

static int write_mtx(FILE *f, void *ctx)
{
    const ws_graph *g = ctx;
    fprintf(f, "%%%%MatrixMarket matrix coordinate %s general\n",
            g->weight ? "integer" : "pattern");
    fprintf(f, "%% written by warpscope: entry (i,j) is the edge i->j, 1-based\n");
    fprintf(f, "%ld %ld %ld\n", (long)g->n, (long)g->n, (long)g->m);
    for (int32_t u = 0; u < g->n; u++)
        for (int32_t k = g->row[u]; k < g->row[u + 1]; k++) {
            if (g->weight)
                fprintf(f, "%" PRId32 " %" PRId32 " %" PRId32 "\n", u + 1, g->col[k] + 1,
                        g->weight[k]);
            else
                fprintf(f, "%" PRId32 " %" PRId32 "\n", u + 1, g->col[k] + 1);
        }
    return ferror(f) ? -1 : 0;
}

int ws_graph_write_text(const ws_graph *g, const char *path, ws_graph_format fmt, ws_error *err)
{
    if (ws_graph_validate(g, err) < 0)
        return ws_error_prefix(err, "%s: refusing to save an invalid graph: ", path);
    switch (fmt) {
    case WS_GRAPH_FMT_SNAP:
    case WS_GRAPH_FMT_EDGELIST:
        return ws_graph_atomic_write(path, write_el, (void *)(uintptr_t)g, err);
    case WS_GRAPH_FMT_MTX:
        return ws_graph_atomic_write(path, write_mtx, (void *)(uintptr_t)g, err);
    case WS_GRAPH_FMT_BINARY:
        return ws_graph_save(g, path, err);
    default:
        return ws_error_set(err, WS_E_UNSUPPORTED,
                            "%s: cannot write %s files (edgelist, mtx or binary)", path,
                            ws_graph_format_name(fmt));
    }
}
