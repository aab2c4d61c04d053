/* Graph readers: every format on the files in tests/data gives the same
 * exact CSR; options (symmetrize, self-loops, duplicates, relabel, base);
 * format detection; malformed input gives an error naming file and line. */
#include "ws_tap.h"
#include "graph/ws_graph.h"
#include "graph/ws_graph_priv.h"

#include <stdlib.h>
#include <string.h>

static char path_buf[4096];

static const char *data(const char *name)
{
    const char *src = getenv("WS_SRCDIR");
    snprintf(path_buf, sizeof path_buf, "%s/tests/data/%s", src ? src : ".", name);
    return path_buf;
}

/* The tiny directed graph of tests/data/tiny.*: 6 vertices, 8 weighted edges. */
static const int32_t tiny_row[] = { 0, 2, 3, 5, 6, 7, 8 };
static const int32_t tiny_col[] = { 1, 2, 3, 1, 3, 4, 0, 4 };
static const int32_t tiny_w[] = { 4, 1, 1, 2, 5, 3, 7, 2 };

static int same_i32(const int32_t *a, const int32_t *b, size_t n)
{
    return a && b && memcmp(a, b, n * sizeof *a) == 0;
}

static void check_tiny(const char *file, ws_graph_format fmt, int weighted)
{
    ws_error err = { 0 };
    ws_graph *g = ws_graph_load(data(file), NULL, &err);
    ok(g != NULL, "%s loads%s%s", file, g ? "" : ": ", g ? "" : err.msg);
    if (!g)
        return;
    is_int(g->n, 6, "%s: 6 vertices", file);
    is_int(g->m, 8, "%s: 8 edges", file);
    ok(same_i32(g->row, tiny_row, 7), "%s: row offsets", file);
    ok(same_i32(g->col, tiny_col, 8), "%s: targets", file);
    if (weighted)
        ok(same_i32(g->weight, tiny_w, 8), "%s: weights", file);
    else
        ok(g->weight == NULL, "%s: unweighted", file);
    is_str(ws_graph_format_name(g->origin.format), ws_graph_format_name(fmt), "%s: format", file);
    is_int(g->origin.entries, 8, "%s: 8 entries read", file);
    ok(g->orig_id == NULL, "%s: ids kept", file);
    ws_graph_free(g);
}

/* The undirected version: each of the 8 edges both ways. */
static void check_tiny_undirected(const char *file, int weighted)
{
    static const int32_t row[] = { 0, 3, 6, 9, 12, 15, 16 };
    static const int32_t col[] = { 1, 2, 4, 0, 2, 3, 0, 1, 3, 1, 2, 4, 0, 3, 5, 4 };
    static const int32_t w[] = { 4, 1, 7, 4, 2, 1, 1, 2, 5, 1, 5, 3, 7, 3, 2, 2 };
    ws_error err = { 0 };
    ws_graph *g = ws_graph_load(data(file), NULL, &err);
    ok(g != NULL, "%s loads%s%s", file, g ? "" : ": ", g ? "" : err.msg);
    if (!g)
        return;
    is_int(g->n, 6, "%s: 6 vertices", file);
    is_int(g->m, 16, "%s: 16 directed edges", file);
    ok(same_i32(g->row, row, 7), "%s: row offsets", file);
    ok(same_i32(g->col, col, 16), "%s: targets", file);
    if (weighted)
        ok(same_i32(g->weight, w, 16), "%s: weights", file);
    ok(ws_graph_is_symmetric(g), "%s: symmetric", file);
    ws_graph_free(g);
}

static void test_formats(void)
{
    check_tiny("tiny.el", WS_GRAPH_FMT_EDGELIST, 1);
    check_tiny("tiny.el.gz", WS_GRAPH_FMT_EDGELIST, 1);
    check_tiny("tiny.snap.txt", WS_GRAPH_FMT_SNAP, 0);
    check_tiny("tiny.mtx", WS_GRAPH_FMT_MTX, 1);
    check_tiny("tiny.mtx.gz", WS_GRAPH_FMT_MTX, 1);
    check_tiny("tiny.gr", WS_GRAPH_FMT_DIMACS, 1);
    check_tiny("tiny_rodinia.txt", WS_GRAPH_FMT_RODINIA, 1);
    check_tiny_undirected("tiny.graph", 1);
    check_tiny_undirected("tiny_sym.mtx", 0);

    ws_error err = { 0 };
    ws_graph *g = ws_graph_load(data("tiny.el.gz"), NULL, &err);
    ok(g && g->origin.compressed, "gzip input is noticed");
    ws_graph_free(g);
    g = ws_graph_load(data("tiny_rodinia.txt"), NULL, &err);
    is_int(g ? g->source : -2, 0, "Rodinia source vertex is kept");
    ws_graph_free(g);

    g = ws_graph_load(data("iso.graph"), NULL, &err);
    ok(g != NULL, "METIS with vertex weights and an empty line loads");
    if (g) {
        static const int32_t row[] = { 0, 1, 1, 2 };
        static const int32_t col[] = { 2, 0 };
        static const int32_t w[] = { 9, 9 };
        is_int(g->n, 3, "iso.graph: 3 vertices");
        ok(same_i32(g->row, row, 4) && same_i32(g->col, col, 2) && same_i32(g->weight, w, 2),
           "iso.graph: vertex 1 has no neighbours, weights kept");
    }
    ws_graph_free(g);

    g = ws_graph_load(data("sparse.snap.txt"), NULL, &err);
    ok(g != NULL, "sparse SNAP ids load");
    if (g) {
        static const uint32_t orig[] = { 5, 1000, 70000, 123456 };
        static const int32_t row[] = { 0, 1, 2, 3, 3 };
        static const int32_t col[] = { 2, 0, 3 };
        is_int(g->n, 4, "sparse ids are compacted by default");
        ok(g->origin.relabelled, "relabelling is reported");
        ok(g->orig_id && memcmp(g->orig_id, orig, sizeof orig) == 0,
           "orig_id maps back to the file's ids in increasing order");
        ok(same_i32(g->row, row, 5) && same_i32(g->col, col, 3), "edges follow the mapping");
    }
    ws_graph_free(g);
    ws_graph_opts o = { .relabel = WS_GRAPH_RELABEL_NONE, .max_vertices = 200000 };
    g = ws_graph_load(data("sparse.snap.txt"), &o, &err);
    is_int(g ? g->n : -1, 123457, "relabel none keeps ids: n = largest id + 1");
    ws_graph_free(g);
    o.max_vertices = 1000;
    g = ws_graph_load(data("sparse.snap.txt"), &o, &err);
    ok(g == NULL, "relabel none over the vertex limit fails");
    ok(strstr(err.msg, "sparse.snap.txt: the largest vertex id is 123456, so the graph would "
                       "have 123457 vertices, more than the limit of 1000 (relabel the ids with "
                       "relabel=\"compact\")") != NULL,
       "and says why: %s", err.msg);
}

static ws_graph *mem(const char *text, const char *name, const ws_graph_opts *o, ws_error *err)
{
    return ws_graph_load_mem(text, strlen(text), name, o, err);
}

static void test_options(void)
{
    ws_error err = { 0 };
    const char *multi = "0 1\n0 1\n1 1\n1 0\n2 0\n";
    ws_graph *g = mem(multi, "multi.el", NULL, &err);
    is_int(g ? g->m : -1, 5, "edges kept as stored by default");
    ws_graph_free(g);
    ws_graph_opts o = { .drop_self_loops = 1 };
    g = mem(multi, "multi.el", &o, &err);
    is_int(g ? g->m : -1, 4, "drop_self_loops");
    is_int(g ? (long long)g->origin.self_loops_dropped : -1, 1, "one self-loop dropped");
    ws_graph_free(g);
    o = (ws_graph_opts){ .drop_duplicates = 1 };
    g = mem(multi, "multi.el", &o, &err);
    is_int(g ? g->m : -1, 4, "drop_duplicates");
    is_int(g ? (long long)g->origin.duplicates_dropped : -1, 1, "one duplicate dropped");
    ws_graph_free(g);
    o = (ws_graph_opts){ .symmetrize = 1 };
    g = mem(multi, "multi.el", &o, &err);
    if (g) {
        static const int32_t row[] = { 0, 2, 4, 5 };
        static const int32_t col[] = { 1, 2, 0, 1, 0 };
        is_int(g->m, 5, "symmetrize: 0-1, 0-2 both ways and the self-loop once");
        ok(same_i32(g->row, row, 4) && same_i32(g->col, col, 5), "symmetrized CSR");
        ok(g->flags & WS_GRAPH_SYMMETRIC, "symmetric flag set");
        ok(ws_graph_is_symmetric(g), "and really symmetric");
    }
    ws_graph_free(g);

    /* Duplicates keep the smallest weight. */
    g = mem("0 1 9\n0 1 3\n0 1 5\n", "dup.el", &(ws_graph_opts){ .drop_duplicates = 1 }, &err);
    ok(g && g->m == 1 && g->weight[0] == 3, "a duplicate keeps the smallest weight");
    ws_graph_free(g);

    /* Base 1 edge lists. */
    g = mem("1 2\n2 3\n", "one.el", &(ws_graph_opts){ .base = 1 }, &err);
    ok(g && g->n == 3 && g->col[0] == 1 && g->col[1] == 2, "base 1 shifts ids down");
    ws_graph_free(g);
    g = mem("0 2\n", "one.el", &(ws_graph_opts){ .base = 1 }, &err);
    ok(!g, "id 0 with base 1 fails");
    is_str(err.msg, "one.el:1:1: source id 0 is out of range: ids start at 1", "and says why");

    /* Real weights are rounded. */
    g = mem("0 1 2.5\n1 0 -1.25\n", "real.el", NULL, &err);
    ok(g && g->weight[0] == 3 && g->weight[1] == -1 && g->origin.weights_rounded,
       "real weights round to the nearest integer");
    ws_graph_free(g);

    /* Dropping and replacing weights. */
    g = ws_graph_load(data("tiny.el"), &(ws_graph_opts){ .drop_weights = 1 }, &err);
    ok(g && !g->weight, "drop_weights");
    ws_graph_free(g);
    g = ws_graph_load(data("tiny_sym.mtx"), &(ws_graph_opts){ .random_weights = 10, .seed = 3 },
                      &err);
    ok(g && g->weight && ws_graph_is_symmetric(g), "random weights agree on both directions");
    int inrange = g != NULL;
    for (int32_t k = 0; g && k < g->m; k++)
        inrange &= g->weight[k] >= 1 && g->weight[k] <= 10;
    ok(inrange, "random weights are in 1..10");
    ws_graph_free(g);

    /* Compact relabel of a header-declared graph drops isolated vertices. */
    g = ws_graph_load(data("iso.graph"), &(ws_graph_opts){ .relabel = WS_GRAPH_RELABEL_COMPACT },
                      &err);
    ok(g && g->n == 2 && g->orig_id && g->orig_id[0] == 1 && g->orig_id[1] == 3,
       "compact relabel drops the isolated vertex; orig ids are 1-based as in the file");
    ws_graph_free(g);

    /* Format override. */
    g = mem("3 1\n0 1\n1 2\n2 0\n", "x.txt", &(ws_graph_opts){ .format = WS_GRAPH_FMT_EDGELIST },
            &err);
    ok(g && g->m == 4, "the format can be forced");
    ws_graph_free(g);
    g = mem("3 2\n2\n1 3\n2\n", "x.txt", &(ws_graph_opts){ .format = WS_GRAPH_FMT_METIS }, &err);
    ok(g && g->n == 3 && g->m == 4, "METIS forced by option");
    ws_graph_free(g);
    g = mem("0 1\n", "x.el", &(ws_graph_opts){ .base = 2 }, &err);
    ok(!g, "base 2 is rejected");
    is_str(err.msg, "x.el: base must be 0 or 1, not 2", "and says why");
}

static void test_detect(void)
{
    static const unsigned char bin[] = { 0x89, 'W', 'S', 'G', '\r', '\n', 0x1a, '\n', 1 };
    is_int(ws_graph_detect(bin, sizeof bin, "x.txt"), WS_GRAPH_FMT_BINARY, "binary magic");
    const char *t = "%%MatrixMarket matrix coordinate pattern general\n";
    is_int(ws_graph_detect(t, strlen(t), "x"), WS_GRAPH_FMT_MTX, "Matrix Market banner");
    t = "c comment\np sp 3 2\n";
    is_int(ws_graph_detect(t, strlen(t), "x.txt"), WS_GRAPH_FMT_DIMACS, "DIMACS lines");
    t = "4\n0 2\n2 1\n";
    is_int(ws_graph_detect(t, strlen(t), "graph4096.txt"), WS_GRAPH_FMT_RODINIA, "Rodinia shape");
    t = "3 2\n2\n1 3\n";
    is_int(ws_graph_detect(t, strlen(t), "g.graph"), WS_GRAPH_FMT_METIS, ".graph name");
    is_int(ws_graph_detect(t, strlen(t), "g.graph.gz"), WS_GRAPH_FMT_METIS, ".graph.gz name");
    is_int(ws_graph_detect(t, strlen(t), "g.txt"), WS_GRAPH_FMT_EDGELIST, "edge list otherwise");
    t = "# comment\n1 2\n";
    is_int(ws_graph_detect(t, strlen(t), "g.txt"), WS_GRAPH_FMT_SNAP, "SNAP comment");
    t = "1 2\n";
    is_int(ws_graph_detect(t, strlen(t), "g.MTX"), WS_GRAPH_FMT_MTX, "name case is ignored");
    is_int(ws_graph_detect(t, strlen(t), "g.gr"), WS_GRAPH_FMT_DIMACS, ".gr name");
    is_int(ws_graph_detect(t, strlen(t), "g.wsg"), WS_GRAPH_FMT_BINARY, ".wsg name");
    ws_graph_format f;
    ok(ws_graph_format_parse("el", &f) == 0 && f == WS_GRAPH_FMT_EDGELIST, "alias el");
    ok(ws_graph_format_parse("gr", &f) == 0 && f == WS_GRAPH_FMT_DIMACS, "alias gr");
    ok(ws_graph_format_parse("nope", &f) != 0, "unknown format name");
}

/* Malformed input: exact messages with file, line and column. */
static void bad(const char *text, const char *name, const char *want)
{
    ws_error err = { 0 };
    ws_graph *g = mem(text, name, NULL, &err);
    ok(g == NULL, "%s: rejected", want);
    is_str(err.msg, want, "message");
    ws_graph_free(g);
}

static void test_malformed(void)
{
    /* edge lists */
    bad("0 1\n1 x\n", "a.el", "a.el:2:3: expected a target id (a non-negative integer), got 'x'");
    bad("0 1\n5\n", "a.el", "a.el:2:1: expected 'source target [weight]', got only '5'");
    bad("0 1\n1 2 3 4\n", "a.el", "a.el:2:7: unexpected 4th column '4' (expected 'source target [weight]')");
    bad("0 1\n1 2 3\n", "a.el", "a.el:2: this line has 3 columns but the first edge line (line 1) has 2");
    bad("0 -1\n", "a.el", "a.el:1:3: target id '-1' is negative");
    bad("0 99999999999\n", "a.el", "a.el:1:3: target id '99999999999' is out of range (largest allowed: 4294967294)");
    bad("0 1 1e99\n", "a.el", "a.el:1:5: weight '1e99' does not fit a 32-bit signed integer");
    bad("0 1 w\n", "a.el", "a.el:1:5: expected a weight (a number), got 'w'");
    bad("# only comments\n\n", "a.el", "a.el: no edges found (2 lines, all blank or comments)");
    bad("0 1\r\n1 \x01\r\n", "a.el", "a.el:2:3: expected a target id (a non-negative integer), got '\\x01'");
    ws_error e0 = { 0 };
    ok(ws_graph_load_mem("0 1\n1 2\0junk\n", 13, "nul.el", NULL, &e0) == NULL, "NUL byte rejected");
    is_str(e0.msg, "nul.el:2: NUL byte in a text line (a binary file? name the format if the detection is wrong)", "message");
    bad("# Nodes: 3 Edges: 3\n0 1\n1 2\n", "h.txt",
        "h.txt:1: the header says 3 edges but the file has 2 edge lines (truncated or edited file?)");
    bad("# Nodes: 2 Edges: 2\n0 1\n1 2\n", "h.txt",
        "h.txt:1: the header says 2 nodes but the edges use 3 distinct ids");
    ws_error err = { 0 };
    ws_graph *g = mem("# Nodes: 2 Edges: 3\n0 1\n1 2\n", "h.txt", &(ws_graph_opts){ .no_header_check = 1 }, &err);
    ok(g != NULL, "no_header_check accepts a stale header");
    ws_graph_free(g);
    /* A header asking for more vertices than the limit blames the header,
     * not the ids; a header count that is not a count is an error unless
     * the header is not checked. */
    bad("# Nodes: 268435457 Edges: 1\n0 1\n", "h.txt",
        "h.txt:1: the '# Nodes:' header says 268435457 vertices, more than the limit of 268435456 "
        "(raise it with max_vertices=N or ignore the header with check_header=false)");
    bad("# Nodes: abc Edges: 1\n0 1\n", "h.txt",
        "h.txt:1: bad '# Nodes:' header value 'abc' (expected a count from 0 to "
        "18446744073709551615; check_header=false ignores the header)");
    bad("# Nodes: -5 Edges: 1\n0 1\n", "h.txt",
        "h.txt:1: bad '# Nodes:' header value '-5' (expected a count from 0 to "
        "18446744073709551615; check_header=false ignores the header)");
    bad("# Nodes: 1e20 Edges: 1\n0 1\n", "h.txt",
        "h.txt:1: bad '# Nodes:' header value '1e20' (expected a count from 0 to "
        "18446744073709551615; check_header=false ignores the header)");
    bad("# Nodes: 100000000000000000000 Edges: 1\n0 1\n", "h.txt",
        "h.txt:1: bad '# Nodes:' header value '100000000000000000000' (expected a count from 0 "
        "to 18446744073709551615; check_header=false ignores the header)");
    bad("# Nodes: 2 Edges: x1\n0 1\n", "h.txt",
        "h.txt:1: bad '# Edges:' header value 'x1' (expected a count from 0 to "
        "18446744073709551615; check_header=false ignores the header)");
    g = mem("# Nodes: abc Edges: 1\n0 1\n", "h.txt", &(ws_graph_opts){ .no_header_check = 1 }, &err);
    is_int(g ? g->n : -1, 2, "no_header_check ignores a bad header value");
    ws_graph_free(g);
    g = mem("# Nodes: 268435457 Edges: 1\n0 1\n", "h.txt", &(ws_graph_opts){ .no_header_check = 1 }, &err);
    is_int(g ? g->n : -1, 2, "no_header_check ignores a header over the limit");
    ws_graph_free(g);

    /* Matrix Market */
    bad("1 2\n", "a.mtx", "a.mtx:1: missing Matrix Market banner (expected '%%MatrixMarket matrix coordinate <field> <symmetry>')");
    bad("%%MatrixMarket matrix array real general\n", "a.mtx",
        "a.mtx:1:23: dense 'array' matrices are not graphs; only 'coordinate' files are supported");
    bad("%%MatrixMarket matrix coordinate complex general\n", "a.mtx",
        "a.mtx:1:34: unsupported field 'complex' (pattern, integer or real; complex values cannot be edge weights)");
    bad("%%MatrixMarket matrix coordinate pattern general\n3 4 1\n1 2\n", "a.mtx",
        "a.mtx:2: the matrix is 3 x 4; a graph's adjacency matrix must be square");
    bad("%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n", "a.mtx",
        "a.mtx:3: the file ends after 1 entries but the size line (line 2) declares 2");
    bad("%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2\n2 3\n", "a.mtx",
        "a.mtx:4: more entries than the 1 declared by the size line (line 2)");
    bad("%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 4\n", "a.mtx",
        "a.mtx:3:3: column id '4' is out of range (largest allowed: 3)");
    bad("%%MatrixMarket matrix coordinate pattern general\n3 3 1\n0 1\n", "a.mtx",
        "a.mtx:3:1: row id 0 is out of range: ids start at 1");
    bad("%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 2\n", "a.mtx",
        "a.mtx:3: expected 'row column value', found 2 values");
    bad("%%MatrixMarket matrix coordinate pattern general\n3000000000 3000000000 1\n", "a.mtx",
        "a.mtx:2: impossible size: 3000000000 vertices (the limit is 268435456)");
    bad("%%MatrixMarket matrix coordinate pattern general\n3 3 9999999999\n", "a.mtx",
        "a.mtx:2: impossible size: 9999999999 entries (the edge limit is 134217728: max_edges in Lua, "
        "--max-edges for 'warpscope graph')");

    /* DIMACS */
    bad("a 1 2 3\n", "a.gr", "a.gr:1:1: arc before the problem line ('p sp NODES ARCS' must come first)");
    bad("p sp 3 2\na 1 2 3\n", "a.gr", "a.gr:2: the file ends after 1 arcs but the problem line (line 1) declares 2");
    bad("p sp 3 1\na 1 2 3\na 2 3 1\n", "a.gr", "a.gr:3: more arcs than the 1 declared by the problem line (line 1)");
    bad("p sp 3 1\na 1 4 3\n", "a.gr", "a.gr:2:5: node id '4' is out of range (largest allowed: 3)");
    bad("p sp 3 1\nx 1 2 3\n", "a.gr", "a.gr:2:1: unknown line type 'x' (DIMACS lines start with c, p, a or e)");
    bad("p sp 3 1\np sp 3 1\n", "a.gr", "a.gr:2:1: second problem line (the first is line 1)");
    bad("p max 3 1\n", "a.gr", "a.gr:1:3: unsupported problem type 'max' (sp, or edge for undirected graphs)");
    bad("c nothing\n", "a.gr", "a.gr:1: no problem line ('p sp NODES ARCS') in the file");

    /* METIS */
    bad("3 2\n2\n1 3\n", "a.graph", "a.graph:3: the file ends after 2 vertex lines but the header (line 1) declares 3 vertices");
    bad("2 1\n2\n1\n1\n", "a.graph", "a.graph:4: more vertex lines than the 2 declared by the header (line 1)");
    bad("3 1\n2\n1 3\n2\n", "a.graph", "a.graph:3:3: more adjacency entries than the 2 (2 x 1 edges) declared by the header (line 1)");
    bad("3 2\n2\n1\n\n", "a.graph", "a.graph:1: the header says 2 edges (4 adjacency entries) but the vertex lines hold 2 entries");
    bad("2 1 001\n2\n1 1\n", "a.graph", "a.graph:2:1: neighbour 2 has no edge weight (the format says every neighbour is followed by one)");
    bad("2 1 002\n", "a.graph", "a.graph:1:5: format '002' must be made of the digits 0 and 1");
    bad("2 1\n3\n1\n", "a.graph", "a.graph:2:1: neighbour id '3' is out of range (largest allowed: 2)");

    /* Rodinia */
    bad("2\n0 1\n2 1\n\n0\n\n2\n1 1\n0 1\n", "r.txt",
        "r.txt:3: (read as a Rodinia graph; format=\"...\" to choose) node 1 starts at edge 2 but the degrees before it add up to 1 (offsets must be consecutive)");
    bad("2\n0 1\n1 1\n\n0\n\n3\n1 1\n0 1\n", "r.txt",
        "r.txt:7: (read as a Rodinia graph; format=\"...\" to choose) the edge count 3 disagrees with the node degrees, which add up to 2");
    bad("2\n0 1\n1 1\n\n5\n\n2\n1 1\n0 1\n", "r.txt", "r.txt:5: (read as a Rodinia graph; format=\"...\" to choose) source node 5 is out of range 0..1");
    bad("2\n0 1\n1 1\n\n0\n\n2\n1 1\n", "r.txt", "r.txt:8: (read as a Rodinia graph; format=\"...\" to choose) the file ends after 1 of the 2 edge entries");
    bad("2\n0 1\n1 1\n\n0\n\n2\n1 1\n0 1\n7\n", "r.txt",
        "r.txt:10:1: (read as a Rodinia graph; format=\"...\" to choose) unexpected '7' after the last of the 2 edge entries (the node count on line 1 says 2 nodes)");
    bad("2\n0 1\n1 1\n\n0\n\n2\n1 1\n2 1\n", "r.txt", "r.txt:9:1: (read as a Rodinia graph; format=\"...\" to choose) destination id '2' is out of range (largest allowed: 1)");
    bad("2\n0 1\n", "r.txt", "r.txt:2: (read as a Rodinia graph; format=\"...\" to choose) the file ends where a node's first edge index was expected");
    /* A guessed format is named in the reader's error; a chosen one, or one
     * the file name says, is not. */
    bad("0\n1 2\n", "g.txt",
        "g.txt:2: (read as a Rodinia graph; format=\"...\" to choose) the edge count 2 disagrees with the node degrees, which add up to 0");
    bad("p sp 2\n", "g.txt", "g.txt:1: (read as a DIMACS graph; format=\"...\" to choose) expected the problem line 'p sp NODES ARCS', found 3 words");
    {
        ws_error e1 = { 0 };
        ws_graph *g1 = mem("0\n1 2\n", "g.txt", &(ws_graph_opts){ .format = WS_GRAPH_FMT_RODINIA }, &e1);
        ok(g1 == NULL && strstr(e1.msg, "read as") == NULL, "a chosen format is not named: %s", e1.msg);
        ws_graph_free(g1);
    }

    /* gzip */
    err = (ws_error){ 0 };
    g = ws_graph_load(data("truncated.el.gz"), NULL, &err);
    ok(g == NULL, "truncated gzip file is rejected");
    ok(strstr(err.msg, "truncated.el.gz:") && strstr(err.msg, ": truncated gzip stream (unexpected end of compressed data)"),
       "truncated gzip names the file and line: %s", err.msg);
    FILE *f = fopen(data("truncated.el.gz"), "rb");
    unsigned char buf[256];
    size_t n = f ? fread(buf, 1, sizeof buf, f) : 0;
    if (f)
        fclose(f);
    g = ws_graph_load_mem(buf, n, "mem.el.gz", NULL, &err);
    ok(g == NULL, "truncated gzip bytes are rejected");
    ok(strstr(err.msg, "mem.el.gz:") && strstr(err.msg, "truncated gzip stream"),
       "truncated gzip in memory: %s", err.msg);
    unsigned char junk[] = { 0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xff, 0xff, 0xff, 0xff };
    g = ws_graph_load_mem(junk, sizeof junk, "junk.gz", NULL, &err);
    ok(g == NULL && strstr(err.msg, "junk.gz:1: corrupt gzip data"), "corrupt gzip: %s", err.msg);

    g = ws_graph_load("/nonexistent/graph.el", NULL, &err);
    ok(g == NULL, "missing file");
    is_str(err.msg, "/nonexistent/graph.el: cannot open: No such file or directory", "names the file");

    /* Limits */
    g = mem("0 1\n1 2\n2 3\n", "lim.el", &(ws_graph_opts){ .max_edges = 2 }, &err);
    ok(g == NULL, "edge limit");
    is_str(err.msg, "lim.el:3: more than 2 edges: the edge limit (max_edges in Lua, --max-edges for "
                    "'warpscope graph'; default 134217728, at most 2147483647)", "edge limit message");
    ok(ws_graph_opt_max_m(NULL) == 134217728, "the default edge limit is 2^27");
    ok(ws_graph_opt_max_m(&(ws_graph_opts){ .max_edges = 3000000000LL }) == INT32_MAX, "max_edges is capped at 2^31-1");
    g = mem("0 1\n1 0\n", "lim.el", &(ws_graph_opts){ .max_edges = 2, .symmetrize = 1 }, &err);
    ok(g != NULL, "symmetrize within the limit");
    ws_graph_free(g);
    g = mem("0 1\n1 2\n", "lim.el", &(ws_graph_opts){ .max_edges = 3, .symmetrize = 1 }, &err);
    ok(g == NULL, "symmetrize beyond the limit");
    is_str(err.msg, "lim.el: 4 edges exceed the limit of 3", "message");
}

/* A METIS star whose centre line is about 700 KB long: the line buffer
 * grows past its initial size. */
static void test_long_line(void)
{
    enum { LEAVES = 100000 };
    size_t cap = (size_t)LEAVES * 16 + 64, o = 0;
    char *t = malloc(cap);
    o += (size_t)snprintf(t + o, cap - o, "%d %d\n", LEAVES + 1, LEAVES);
    for (int v = 2; v <= LEAVES + 1; v++)
        o += (size_t)snprintf(t + o, cap - o, "%d ", v);
    t[o++] = '\n';
    for (int v = 0; v < LEAVES; v++) {
        memcpy(t + o, "1\n", 2);
        o += 2;
    }
    ws_error err = { 0 };
    ws_graph *g = ws_graph_load_mem(t, o, "star.graph", NULL, &err);
    ok(g && g->n == LEAVES + 1 && g->m == 2 * LEAVES && g->row[1] == LEAVES,
       "a 700 KB METIS line loads%s%s", g ? "" : ": ", g ? "" : err.msg);
    ws_graph_free(g);
    free(t);
}

int main(void)
{
    test_long_line();
    test_formats();
    test_options();
    test_detect();
    test_malformed();
    return tap_done();
}
