/* Internals of src/graph shared by the readers, the builder and the binary
 * format.  Not part of the public API (use ws_graph.h). */
#ifndef WS_GRAPH_PRIV_H
#define WS_GRAPH_PRIV_H

#include "graph/ws_graph.h"

#include <stdint.h>
#include <stdio.h>
#include <zlib.h>

/* ------------------------------------------------------------ input source
 * One stream of bytes: a file through zlib's gzread (which reads plain files
 * too), or bytes in memory (inflated when they start with the gzip magic).
 * Lines come out NUL-terminated with "\n" or "\r\n" removed. */
typedef struct ws_gsrc {
    const char *name;
    gzFile gz;
    const unsigned char *mem;
    size_t memlen, mempos;
    unsigned char *own_mem;   /* a gzip file read whole (freed at close) */
    z_stream zs;
    int zs_active;            /* memory input is gzip: inflating */
    int zs_done;
    int compressed;
    char *buf;
    size_t cap, len, pos, scan;
    int eof;
    uint64_t lineno;          /* number of the line last returned */
    const char *cur;          /* start of the line last returned */
    uint64_t raw_total;       /* decompressed bytes read so far */
} ws_gsrc;

int ws_gsrc_open_file(ws_gsrc *s, const char *path, ws_error *err);
void ws_gsrc_open_mem(ws_gsrc *s, const void *data, size_t len, const char *name);
void ws_gsrc_close(ws_gsrc *s);
/* Make up to `want` bytes available without consuming them; returns how
 * many are (fewer only at the end of input), or -1. */
long ws_gsrc_peek(ws_gsrc *s, const char **p, size_t want, ws_error *err);
/* Next line: 1 with line and len set, 0 at the end, -1 on error. */
int ws_gsrc_line(ws_gsrc *s, char **line, size_t *len, ws_error *err);
/* Read up to n raw bytes (fewer only at the end); -1 on error. */
long long ws_gsrc_read(ws_gsrc *s, void *dst, size_t n, ws_error *err);

/* Error at the current line; tok (may be NULL) inside the current line
 * gives the column.  Always returns -1. */
int ws_gsrc_error(const ws_gsrc *s, ws_error *err, const char *tok, const char *fmt, ...)
    WS_PRINTF(4, 5);
/* Quote a token for a message: at most 32 characters, non-printables
 * escaped. */
const char *ws_gquote(char *out, size_t outsz, const char *tok, size_t len);

/* ------------------------------------------------------------ tokens */
typedef struct ws_gtok {
    char *p;
} ws_gtok;

static inline int ws_gtok_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Next whitespace-separated token: 1 (tok, len set) or 0 at the end. */
static inline int ws_gtok_next(ws_gtok *t, char **tok, size_t *len)
{
    char *p = t->p;
    while (ws_gtok_space(*p))
        p++;
    if (!*p) {
        t->p = p;
        return 0;
    }
    char *s = p;
    while (*p && !ws_gtok_space(*p))
        p++;
    *tok = s;
    *len = (size_t)(p - s);
    t->p = p;
    return 1;
}

/* First non-space character of a line (NUL when blank). */
static inline char ws_gline_first(const char *line)
{
    while (ws_gtok_space(*line))
        line++;
    return *line;
}

/* Unsigned decimal: 0 ok, -1 not a number, -2 too large for uint64. */
static inline int ws_gparse_u64(const char *s, size_t n, uint64_t *out)
{
    size_t i = 0;
    if (n && s[0] == '+')
        i = 1;
    if (i == n)
        return -1;
    uint64_t v = 0;
    for (; i < n; i++) {
        unsigned d = (unsigned)(unsigned char)s[i] - '0';
        if (d > 9)
            return -1;
        if (v > (UINT64_MAX - d) / 10)
            return -2;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

/* Signed decimal: 0 ok, -1 not a number, -2 out of int64 range. */
int ws_gparse_i64(const char *s, size_t n, int64_t *out);
/* An edge weight: an integer, or a real number rounded to the nearest
 * integer (*rounded set); 0 ok, -1 not a number, -2 outside int32. */
int ws_gparse_weight(const char *s, size_t n, int32_t *out, int *rounded);
/* The same for a weight token of a file, reporting errors at the token:
 * "expected EXPECTED, got 'x'" and "NOUN 'x' does not fit a 32-bit signed
 * integer TAIL" (tail may be ""). */
int ws_gparse_weight_at(const ws_gsrc *s, ws_error *err, const char *tok, size_t len,
                        const char *expected, const char *noun, const char *tail, int32_t *out,
                        int *rounded);

/* Parse a vertex id token with base `base` (ids < base are errors) into a
 * 0-based id; reports errors at the token.  max is the largest 0-based id
 * allowed (inclusive). */
int ws_gparse_vertex(const ws_gsrc *s, ws_error *err, char *tok, size_t len, uint64_t base,
                     uint64_t max, const char *what, uint32_t *out);

/* ------------------------------------------------------------ edge lists */
typedef struct ws_gedges {
    uint32_t *src, *dst;
    int32_t *w;               /* NULL when unweighted */
    size_t m, cap;
    size_t limit;             /* most edges accepted */
    uint32_t max_id;          /* largest 0-based id seen (valid when m > 0) */
    int64_t declared_n;       /* vertices declared by the file, or -1 */
    int mirror;               /* 1: add v->u for each non-loop u->v; 2: same with -w */
    int declared_symmetric;
    int32_t source;           /* -1 or the file's source vertex */
    /* SNAP "# Nodes: N Edges: M" header (hdr_line 0 when absent) */
    uint64_t hdr_nodes, hdr_edges, hdr_line;
    const char *name;
    ws_graph_origin origin;
} ws_gedges;

void ws_gedges_init(ws_gedges *e, const ws_graph_opts *opts, const char *name);
void ws_gedges_free(ws_gedges *e);
void ws_gedges_reserve(ws_gedges *e, size_t n);
void ws_gedges_set_weighted(ws_gedges *e);
void ws_gedges_grow_(ws_gedges *e);

/* Append one edge; -1 when the edge limit is reached (caller reports, or
 * use ws_gedges_push_at). */
static inline int ws_gedges_push(ws_gedges *e, uint32_t u, uint32_t v, int32_t w)
{
    if (e->m >= e->limit)
        return -1;
    if (e->m == e->cap)
        ws_gedges_grow_(e);
    e->src[e->m] = u;
    e->dst[e->m] = v;
    if (e->w)
        e->w[e->m] = w;
    e->m++;
    uint32_t hi = u > v ? u : v;
    if (hi > e->max_id || e->m == 1)
        e->max_id = hi;
    return 0;
}

/* ws_gedges_push for a reader: the edge limit is an error of the file. */
int ws_gedges_push_at(const ws_gsrc *s, ws_error *err, ws_gedges *e, uint32_t u, uint32_t v,
                      int32_t w);

/* Build the CSR from e (consumed: its arrays are taken or freed). */
ws_graph *ws_graph_build(ws_gedges *e, const ws_graph_opts *opts, ws_error *err);

/* An option as a message suggests it: `cli` ("--relabel compact") for the
 * command line, `lua` (relabel="compact") otherwise, as opts->spelling
 * says. */
const char *ws_graph_opt_spell(const ws_graph_opts *opts, const char *cli, const char *lua);

/* Resolved limits of opts. */
int64_t ws_graph_opt_max_n(const ws_graph_opts *opts);
int64_t ws_graph_opt_max_m(const ws_graph_opts *opts);

/* ------------------------------------------------------------ readers */
typedef int (*ws_graph_reader)(ws_gsrc *s, ws_gedges *e, const ws_graph_opts *opts, ws_error *err);
int ws_graph_read_edgelist(ws_gsrc *s, ws_gedges *e, const ws_graph_opts *opts, ws_error *err);
int ws_graph_read_mtx(ws_gsrc *s, ws_gedges *e, const ws_graph_opts *opts, ws_error *err);
int ws_graph_read_dimacs(ws_gsrc *s, ws_gedges *e, const ws_graph_opts *opts, ws_error *err);
int ws_graph_read_metis(ws_gsrc *s, ws_gedges *e, const ws_graph_opts *opts, ws_error *err);
int ws_graph_read_rodinia(ws_gsrc *s, ws_gedges *e, const ws_graph_opts *opts, ws_error *err);
ws_graph *ws_graph_read_binary(ws_gsrc *s, const ws_graph_opts *opts, ws_error *err);

/* ------------------------------------------------------------ helpers */
/* Sort col[0..n) ascending, carrying w (may be NULL) along; ties by w. */
void ws_graph_sort_adj(int32_t *col, int32_t *w, size_t n);
/* Sort and remove duplicates; returns the new length. */
size_t ws_graph_sort_unique_u32(uint32_t *a, size_t n);
void ws_graph_sort_u64(uint64_t *a, size_t n);
/* Allocate an empty graph with arrays for n vertices and m edges. */
ws_graph *ws_graph_alloc(int32_t n, int32_t m, int weighted);
/* Put an n-vertex CSR back in sorted-adjacency form (after a permutation). */
void ws_graph_sort_lists(ws_graph *g);
/* Write a file through fn into a temporary file next to path, renamed over
 * path only when complete (fn returns 0). */
int ws_graph_atomic_write(const char *path, int (*fn)(FILE *f, void *ctx), void *ctx,
                          ws_error *err);
/* Attach uniform random weights 1..k to every edge (symmetric graphs get
 * equal weights on both directions when sym is set). */
void ws_graph_random_weights(ws_graph *g, int32_t k, uint64_t seed, int sym);

#endif
