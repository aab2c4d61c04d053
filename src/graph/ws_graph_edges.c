/* Edge accumulator used while reading: growable src/dst/weight arrays.
 * Capacity grows by doubling (large blocks are remapped by the allocator, so
 * growth does not copy and untouched capacity costs no memory). */
#include "graph/ws_graph_priv.h"
#include "util/ws_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *ws_graph_opt_spell(const ws_graph_opts *opts, const char *cli, const char *lua)
{
    return opts && opts->spelling == WS_GRAPH_SPELL_CLI ? cli : lua;
}

int64_t ws_graph_opt_max_n(const ws_graph_opts *opts)
{
    int64_t v = opts && opts->max_vertices > 0 ? opts->max_vertices : WS_GRAPH_DEFAULT_MAX_N;
    return v > WS_GRAPH_MAX_N ? WS_GRAPH_MAX_N : v;
}

int64_t ws_graph_opt_max_m(const ws_graph_opts *opts)
{
    int64_t v = opts && opts->max_edges > 0 ? opts->max_edges : WS_GRAPH_DEFAULT_MAX_M;
    return v > WS_GRAPH_MAX_M ? WS_GRAPH_MAX_M : v;
}

void ws_gedges_init(ws_gedges *e, const ws_graph_opts *opts, const char *name)
{
    memset(e, 0, sizeof *e);
    e->limit = (size_t)ws_graph_opt_max_m(opts);
    e->declared_n = -1;
    e->source = -1;
    e->name = name;
}

void ws_gedges_free(ws_gedges *e)
{
    free(e->src);
    free(e->dst);
    free(e->w);
    e->src = e->dst = NULL;
    e->w = NULL;
    e->m = e->cap = 0;
}

static void resize(ws_gedges *e, size_t cap)
{
    e->src = ws_xrealloc(e->src, cap * sizeof *e->src);
    e->dst = ws_xrealloc(e->dst, cap * sizeof *e->dst);
    if (e->w)
        e->w = ws_xrealloc(e->w, cap * sizeof *e->w);
    e->cap = cap;
}

void ws_gedges_grow_(ws_gedges *e)
{
    size_t cap = e->cap ? e->cap * 2 : 1024;
    if (cap > e->limit && e->limit >= e->m + 1)
        cap = e->limit > e->m ? e->limit : e->m + 1;
    if (cap <= e->m)
        cap = e->m + 1;
    resize(e, cap);
}

void ws_gedges_reserve(ws_gedges *e, size_t n)
{
    /* A header's count is a hint, never trusted for an allocation beyond
     * 16M edges: the arrays still grow with what is actually read. */
    if (n > ((size_t)1 << 24))
        n = (size_t)1 << 24;
    if (n > e->limit)
        n = e->limit;
    if (n > e->cap)
        resize(e, n);
}

void ws_gedges_set_weighted(ws_gedges *e)
{
    if (e->w)
        return;
    e->w = ws_xmalloc((e->cap ? e->cap : 1) * sizeof *e->w);
    for (size_t i = 0; i < e->m; i++)
        e->w[i] = 1;
}
