/* libFuzzer target for the graph readers (build: tests/fuzz/build.sh).
 *
 * Input: one selector byte, then the file's bytes.  The selector picks the
 * format (or detection, with one of several file names) and the build
 * options, so every reader and every option path sees arbitrary bytes
 * (plain or gzip: the memory source inflates gzip input).  Errors are fine;
 * crashes, sanitizer reports and broken invariants are findings:
 *   - a returned graph passes ws_graph_validate;
 *   - the references run on it (BFS, SSSP, components, info, transpose);
 *   - its binary form reloads to the same checksum.
 * tests/t_graph_corpus.c runs the saved corpus through this same function
 * under `make check`. */
#include "graph/ws_graph.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(int cond)
{
    if (!cond)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const names[] = { "f.el", "f.mtx", "f.gr", "f.graph",
                                         "f.txt", "f.wsg", "f.txt.gz", "f" };
    if (size < 1)
        return 0;
    uint8_t sel = data[0];
    ws_graph_opts o = { 0 };
    o.format = (ws_graph_format)(sel % 8 == 7 ? 0 : sel % 8); /* 0 = detect */
    o.symmetrize = (sel >> 3) & 1;
    o.drop_self_loops = (sel >> 4) & 1;
    o.drop_duplicates = (sel >> 5) & 1;
    o.relabel = (ws_graph_relabel)(sel >> 6); /* auto, none, compact, appearance */
    /* with appearance, the file's order too (keep_order refuses symmetrize
     * and drop_duplicates) */
    o.keep_order = o.relabel == WS_GRAPH_RELABEL_APPEARANCE && !o.symmetrize && !o.drop_duplicates;
    o.base = (sel >> 5) & 1 && o.format <= WS_GRAPH_FMT_EDGELIST;
    o.max_vertices = 1 << 16;
    o.max_edges = 1 << 18;
    if (sel == 0xff)
        o.order = WS_GRAPH_ORDER_BFS;
    const char *name = names[(sel >> 3) % 8];
    ws_error err = { 0 };
    ws_graph *g = ws_graph_load_mem(data + 1, size - 1, name, &o, &err);
    if (!g) {
        check(err.msg[0] != '\0'); /* every failure says why */
        return 0;
    }
    check(ws_graph_validate(g, &err) == 0);
    if (g->n > 0) {
        int32_t *a = malloc((size_t)g->n * sizeof *a);
        check(ws_graph_bfs(g, 0, a, &err) == 0);
        (void)ws_graph_sssp(g, g->n - 1, -1, a, &err); /* may refuse negative weights */
        check(ws_graph_components(g, a) >= 1);
        check(a[0] == 0);
        free(a);
        ws_graph_info in;
        check(ws_graph_info_compute(g, &in, &err) == 0);
        check(in.n == g->n && in.m == g->m && in.largest_component >= 1);
    }
    ws_graph *t = ws_graph_transpose(g);
    ws_graph *tt = ws_graph_transpose(t);
    if (!o.keep_order) /* (transposing twice sorts the lists) */
        check(ws_graph_checksum(tt) == ws_graph_checksum(g));
    ws_graph_free(t);
    ws_graph_free(tt);
    size_t len;
    void *bin = ws_graph_save_mem(g, &len);
    ws_graph *h = ws_graph_load_mem(bin, len, "round.wsg", NULL, &err);
    check(h && ws_graph_checksum(h) == ws_graph_checksum(g));
    ws_graph_free(h);
    free(bin);
    ws_graph_free(g);
    return 0;
}
