/* ws_graph: graphs in CSR form, their file formats, generators and CPU
 * reference algorithms.
 *
 * A graph is stored as compressed sparse rows with 0-based int32 vertex ids,
 * exactly the arrays GPU kernels take:
 *
 *   row[n+1]   out-edges of v are col[row[v]] .. col[row[v+1]-1]
 *   col[m]     target vertex of each edge
 *   weight[m]  int32 edge weight, or NULL when the graph is unweighted
 *
 * Every adjacency list is sorted by (target, weight), so the CSR of a graph
 * does not depend on the order of the lines in its file (unless the option
 * keep_order asks for the file's order: a host program that built its CSR
 * as it read the file, to be reproduced exactly).  n <= INT32_MAX - 1
 * and m <= INT32_MAX, so row offsets fit int32.
 *
 * Readers (all through zlib, so gzip-compressed input is read transparently):
 *   snap      SNAP edge list: '#' comments, "src dst" separated by tabs or
 *             spaces, CRLF or LF; a "# Nodes: N Edges: M" header is checked
 *             against the content (M = data lines, N = distinct ids)
 *   edgelist  plain "src dst [weight]" lines ('#' and '%' comments)
 *   mtx       Matrix Market coordinate (pattern/integer/real,
 *             general/symmetric/skew-symmetric); entry (i,j) is the edge i->j;
 *             symmetric files get both directions (a diagonal entry once)
 *   dimacs    DIMACS shortest path ".gr" (p sp n m / a u v w, 1-based) and
 *             DIMACS "p edge" files (e u v, undirected)
 *   metis     METIS ".graph" (header n m [fmt [ncon]], one line per vertex)
 *   rodinia   Rodinia BFS input (N, N "start degree" lines, source, E, E
 *             "dest weight" lines)
 *   binary    warpscope binary CSR (see ws_graph_save), reloads in ms
 * The format is found from the content (binary magic, Matrix Market banner,
 * DIMACS p/c/a lines, Rodinia's single-number first line) and then the name
 * (.mtx .gr .graph .wsg, a trailing .gz ignored); edge list otherwise.
 * Errors are ws_errors naming "file:line:col: reason"; no partial graph is
 * ever returned.
 *
 * Vertex ids: text formats that are 1-based (mtx, dimacs, metis) are shifted
 * to 0-based.  Edge lists keep their ids (base 0, or opts.base = 1) unless
 * they are relabelled: relabel "compact" maps the distinct ids, in increasing
 * order, to 0..n-1; "auto" (the default) does so only for edge lists whose
 * ids are sparse (fewer than half of 0..max appear); "appearance" numbers
 * them in the order they first appear in the file (each entry's source,
 * then its target).  orig_id keeps the mapping back to the ids as written
 * in the file.
 */
#ifndef WS_GRAPH_H
#define WS_GRAPH_H

#include "util/ws_error.h"

#include <stddef.h>
#include <stdint.h>

#define WS_GRAPH_MAX_N (INT32_MAX - 1)
#define WS_GRAPH_MAX_M INT32_MAX
/* Default limit on vertex counts declared by a file (a header saying 2e9
 * vertices is an impossible size, not an allocation); opts.max_vertices
 * raises or lowers it. */
#define WS_GRAPH_DEFAULT_MAX_N (1 << 28)
/* The default edge limit: 2^27 edges, a few GB while loading (the papers'
 * largest inputs have under 60 M arcs), so a runaway or hostile file (a
 * gzip bomb of valid edges) stops with a message before the machine swaps;
 * max_edges raises it up to WS_GRAPH_MAX_M. */
#define WS_GRAPH_DEFAULT_MAX_M (1 << 27)

/* Distance reported by ws_graph_sssp for unreachable vertices by default. */
#define WS_GRAPH_SSSP_INF INT32_MAX

typedef enum ws_graph_format {
    WS_GRAPH_FMT_AUTO = 0,
    WS_GRAPH_FMT_SNAP,
    WS_GRAPH_FMT_EDGELIST,
    WS_GRAPH_FMT_MTX,
    WS_GRAPH_FMT_DIMACS,
    WS_GRAPH_FMT_METIS,
    WS_GRAPH_FMT_RODINIA,
    WS_GRAPH_FMT_BINARY,
    WS_GRAPH_FMT_COUNT
} ws_graph_format;

typedef enum ws_graph_relabel {
    WS_GRAPH_RELABEL_AUTO = 0, /* compact sparse edge-list ids only */
    WS_GRAPH_RELABEL_NONE,     /* keep ids; n = largest id + 1 (or the header's n) */
    WS_GRAPH_RELABEL_COMPACT,  /* distinct ids in increasing order -> 0..n-1 */
    WS_GRAPH_RELABEL_APPEARANCE, /* distinct ids in order of first appearance -> 0..n-1 */
} ws_graph_relabel;

typedef enum ws_graph_order {
    WS_GRAPH_ORDER_NONE = 0,
    WS_GRAPH_ORDER_RANDOM,     /* uniform random permutation (opts.seed) */
    WS_GRAPH_ORDER_DEGREE,     /* by out-degree, highest first; ties by id */
    WS_GRAPH_ORDER_BFS,        /* BFS discovery order from vertex 0, then from
                                  the lowest unvisited id; edges ignore direction */
} ws_graph_order;

/* Whose spelling an error message uses when it suggests an option: the
 * command line's (--relabel compact) or Lua's (relabel="compact"), the
 * default. */
typedef enum ws_graph_spelling {
    WS_GRAPH_SPELL_LUA, WS_GRAPH_SPELL_CLI
} ws_graph_spelling;

/* How a graph is built from its edges.  All zeros is the default: format
 * detected, edges kept as stored (direction, self-loops, duplicates), auto
 * relabelling, no reordering, weights kept. */
typedef struct ws_graph_opts {
    ws_graph_format format;    /* WS_GRAPH_FMT_AUTO: detect */
    int symmetrize;            /* add v->u for every u->v; implies drop_duplicates */
    int drop_self_loops;
    int drop_duplicates;       /* keep one u->v (the smallest weight) */
    ws_graph_relabel relabel;
    ws_graph_order order;
    int drop_weights;          /* load the graph unweighted */
    int32_t random_weights;    /* > 0: replace weights by uniform 1..K (seed) */
    uint64_t seed;             /* for ORDER_RANDOM and random_weights */
    int base;                  /* edge lists: id of the first vertex, 0 or 1 */
    int no_header_check;       /* do not compare a SNAP "# Nodes: Edges:" header */
    int largest_component;     /* keep only the largest weak component (ids in order) */
    int64_t max_vertices;      /* 0: WS_GRAPH_DEFAULT_MAX_N */
    int64_t max_edges;         /* 0: WS_GRAPH_DEFAULT_MAX_M */
    int keep_order;            /* adjacency lists in input order, not sorted (entries
                                  mirrored from a symmetric file follow the file's);
                                  not with drop_duplicates, symmetrize, order or
                                  largest_component */
    ws_graph_spelling spelling; /* how error messages write an option */
} ws_graph_opts;

/* Where a graph came from: filled by the loaders and generators. */
typedef struct ws_graph_origin {
    ws_graph_format format;    /* AUTO for generated graphs */
    int compressed;            /* the input was gzip-compressed */
    uint64_t lines;            /* text lines read */
    uint64_t entries;          /* edge entries in the input (lines, arcs, nonzeros) */
    uint64_t self_loops_dropped;
    uint64_t duplicates_dropped;
    int relabelled;            /* ids were compacted */
    int reordered;             /* a vertex order was applied */
    int symmetrized;
    int weights_rounded;       /* real-valued weights were rounded to integers */
    int base;                  /* first id as written in the file (0 or 1) */
} ws_graph_origin;

enum {
    WS_GRAPH_SYMMETRIC = 1u << 0, /* every u->v has v->u (known by construction) */
};

typedef struct ws_graph {
    int32_t n, m;
    int32_t *row;              /* n + 1 */
    int32_t *col;              /* m */
    int32_t *weight;           /* m, or NULL */
    uint32_t *orig_id;         /* n ids as written in the input, or NULL (identity) */
    int32_t source;            /* source vertex named by the file (Rodinia), else -1 */
    unsigned flags;            /* WS_GRAPH_* */
    ws_graph_origin origin;
} ws_graph;

/* ---------------------------------------------------------------- formats */
const char *ws_graph_format_name(ws_graph_format f);
/* "snap", "edgelist" (or "el"), "mtx", "dimacs" (or "gr"), "metis",
 * "rodinia", "binary" (or "wsg"), "auto". */
int ws_graph_format_parse(const char *name, ws_graph_format *out);
const char *ws_graph_relabel_name(ws_graph_relabel r);
int ws_graph_relabel_parse(const char *name, ws_graph_relabel *out);
const char *ws_graph_order_name(ws_graph_order o);
int ws_graph_order_parse(const char *name, ws_graph_order *out);

/* ---------------------------------------------------------------- loading */
/* Load a graph from a file (gzip or plain).  opts may be NULL. */
ws_graph *ws_graph_load(const char *path, const ws_graph_opts *opts, ws_error *err);
/* Load from bytes in memory (gzip or plain); name is used in messages and
 * for format detection.  The fuzz target uses this. */
ws_graph *ws_graph_load_mem(const void *data, size_t len, const char *name,
                            const ws_graph_opts *opts, ws_error *err);
/* Format the detector picks for these first bytes and this name. */
ws_graph_format ws_graph_detect(const void *head, size_t len, const char *name);

/* Build a graph from an edge list (ids 0..n-1, w may be NULL).  The
 * options apply as for files (format and base are ignored). */
ws_graph *ws_graph_from_edges(int32_t n, size_t m, const int32_t *src, const int32_t *dst,
                              const int32_t *w, const ws_graph_opts *opts, ws_error *err);
/* Check the CSR invariants (offsets monotone from 0 to m, targets in range). */
int ws_graph_validate(const ws_graph *g, ws_error *err);
void ws_graph_free(ws_graph *g);
ws_graph *ws_graph_copy(const ws_graph *g);

/* ---------------------------------------------------------------- binary */
/* The binary CSR file (little-endian, 56-byte header):
 *   0  magic "\x89WSG\r\n\x1a\n"     8 bytes
 *   8  version (1)                   u32
 *  12  flags: 1 weighted, 2 symmetric, 4 orig_id present   u32
 *  16  n                             u64
 *  24  m                             u64
 *  32  source vertex or -1           i64
 *  40  payload bytes                 u64
 *  48  CRC-32 of the payload         u32
 *  52  CRC-32 of bytes 0..51         u32
 *  56  payload: row (n+1) i32, col m i32, [weight m i32], [orig_id n u32]
 * Written to a temporary file in the same directory, then renamed, so a
 * failed save never leaves a half-written file.  Readers reject a bad magic,
 * an unknown version, a checksum mismatch, a truncated or over-long file
 * and a payload that is not a valid CSR, each with its own message. */
int ws_graph_save(const ws_graph *g, const char *path, ws_error *err);
/* Serialize to memory (malloc'ed; *len set). */
void *ws_graph_save_mem(const ws_graph *g, size_t *len);

/* Text writers: "src dst [w]" edge list (0-based, a "# Nodes: Edges:"
 * header) and Matrix Market general coordinate (1-based). */
int ws_graph_write_text(const ws_graph *g, const char *path, ws_graph_format f, ws_error *err);

/* ---------------------------------------------------------------- operations */
/* Transpose (in-edges): out-edges of v in the result are the u with u->v,
 * in increasing u; weights follow their edges. */
ws_graph *ws_graph_transpose(const ws_graph *g);
/* Out-degrees (row[v+1]-row[v]) or, with in != 0, in-degrees, into deg[n]. */
void ws_graph_degrees(const ws_graph *g, int in, int32_t *deg);
/* Apply a vertex order; returns a new graph (orig_id composed). */
ws_graph *ws_graph_reorder(const ws_graph *g, ws_graph_order order, uint64_t seed, ws_error *err);
/* The subgraph induced by the largest weakly connected component (the
 * smallest id wins ties), vertices renumbered in increasing order. */
ws_graph *ws_graph_largest_component(const ws_graph *g);
/* Apply load options (symmetrize, drop_*, relabel compact, order, weights,
 * largest_component) to an existing graph; orig_id is composed. */
ws_graph *ws_graph_rebuild(const ws_graph *g, const ws_graph_opts *opts, ws_error *err);
/* Permute: vertex v becomes perm[v] (perm is a permutation of 0..n-1). */
ws_graph *ws_graph_permute(const ws_graph *g, const int32_t *perm, ws_error *err);
/* FNV-1a 64 over n, m, row, col and weight as little-endian bytes: equal
 * graphs have equal checksums on every platform. */
uint64_t ws_graph_checksum(const ws_graph *g);
/* 1 when every edge u->v (with its weight) has a twin v->u. */
int ws_graph_is_symmetric(const ws_graph *g);

/* ---------------------------------------------------------------- references */
/* BFS levels from src over out-edges: level[src] = 0, -1 when unreachable. */
int ws_graph_bfs(const ws_graph *g, int32_t src, int32_t *level, ws_error *err);
/* Dijkstra (binary heap) from src over out-edges; weights are 1 when the
 * graph is unweighted; unreachable vertices get `inf`.  Fails on a negative
 * weight or a distance above INT32_MAX - 1. */
int ws_graph_sssp(const ws_graph *g, int32_t src, int32_t inf, int32_t *dist, ws_error *err);
/* PageRank, pull-based, float32, a fixed number of iterations: the rule of
 * scenarios/kernels/pagerank.cu, so results match the GPU bit for bit:
 *   base   = (1.0f - d) / (float)n
 *   pr0[v] = 1.0f / (float)n
 *   each iteration, for every v:
 *     contrib(u) = pr[u] / (float)outdeg(u)
 *     sum = 0.0f; for each in-edge u->v, in the order of the transpose's
 *     list of v (increasing u): sum = sum + contrib(u)
 *     pr'[v] = base + (d * sum)   (the product rounded, then the add: no
 *                                  fused multiply-add)
 * A vertex with out-degree 0 has no out-edges, so it contributes nothing
 * (its rank is not redistributed; the total rank leaks).  d is a float
 * (0.85f by default); every value is float32 and every operation rounds to
 * nearest.  gt is the transpose of g or NULL (computed here).  pr has n
 * floats; iters >= 0. */
int ws_graph_pagerank(const ws_graph *g, const ws_graph *gt, int iters, float d, float *pr,
                      ws_error *err);
/* Connected components ignoring edge direction (weak components): label[v]
 * is the smallest vertex id in v's component.  Returns the count. */
int32_t ws_graph_components(const ws_graph *g, int32_t *label);

/* ---------------------------------------------------------------- info */
#define WS_GRAPH_HIST 33   /* out-degree buckets: 0, 1, 2-3, 4-7, ..., 2^31.. */
typedef struct ws_graph_info {
    int32_t n, m;
    int weighted, symmetric;         /* symmetric: measured, not assumed */
    int64_t self_loops;
    int64_t duplicate_edges;         /* parallel edges beyond the first */
    int32_t deg_min, deg_max, deg_median; /* out-degree */
    double deg_mean;
    int32_t isolated;                /* no in- and no out-edges */
    int32_t zero_out;                /* out-degree 0 */
    uint64_t hist[WS_GRAPH_HIST];
    int32_t components, largest_component;
    int32_t diameter;                /* lower bound from BFS sweeps (undirected view) */
    int sweeps;
    int32_t weight_min, weight_max;
} ws_graph_info;
int ws_graph_info_compute(const ws_graph *g, ws_graph_info *info, ws_error *err);
/* The range of degrees in histogram bucket b. */
void ws_graph_hist_range(int b, int64_t *lo, int64_t *hi);

/* ---------------------------------------------------------------- generators */
typedef enum ws_graph_gen_kind {
    WS_GRAPH_GEN_RMAT,       /* RMAT/Kronecker: n = 2^scale, edgefactor*n edges */
    WS_GRAPH_GEN_ER,         /* Erdos-Renyi G(n, m): m distinct edges */
    WS_GRAPH_GEN_UNIFORM,    /* each vertex picks deg in [min,max] random partners */
    WS_GRAPH_GEN_GRID,       /* width x height 4-neighbour grid, road-like */
    WS_GRAPH_GEN_GEOMETRIC,  /* random geometric graph in the unit square */
} ws_graph_gen_kind;

typedef struct ws_graph_gen {
    ws_graph_gen_kind kind;
    uint64_t seed;
    int directed;            /* RMAT, ER, uniform: keep one direction per edge */
    int32_t weights;         /* 0: unweighted; K > 0: uniform integer weights 1..K */
    int64_t n;               /* ER, uniform, geometric */
    int64_t m;               /* ER: edges (undirected pairs, or arcs if directed) */
    int scale, edgefactor;   /* RMAT (Graph500 defaults 16 when 0) */
    double a, b, c;          /* RMAT quadrants; all 0: Graph500 0.57/0.19/0.19 */
    int no_permute;          /* RMAT: keep Kronecker ids (Graph500 permutes them) */
    int32_t min_degree, max_degree; /* uniform (Rodinia graphgen style: 2..4) */
    int32_t width, height;   /* grid */
    double remove;           /* grid: fraction of edges removed at random */
    int32_t shortcuts;       /* grid: random long-range edges added */
    double radius;           /* geometric: 0 = radius giving mean degree ~8 */
} ws_graph_gen;

/* Generate; opts (may be NULL) apply afterwards as for files (order etc.). */
ws_graph *ws_graph_generate(const ws_graph_gen *gen, const ws_graph_opts *opts, ws_error *err);
const char *ws_graph_gen_name(ws_graph_gen_kind k);

/* The embedded default graph (road-like; see ws_graph_default.c). */
ws_graph *ws_graph_default(ws_error *err);
extern const char ws_graph_default_recipe[];

#endif
