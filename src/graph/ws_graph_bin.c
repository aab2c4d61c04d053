/* The binary CSR file: a 56-byte little-endian header with magic, version,
 * flags, counts and two CRC-32s, then the arrays.  Layout in ws_graph.h.
 * Writing goes to a temporary file in the target's directory that is
 * renamed over the target only when complete; reading checks everything
 * before a graph is returned. */
#define _POSIX_C_SOURCE 200809L
#include "graph/ws_graph_priv.h"
#include "util/ws_file.h"
#include "util/ws_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HDR_SIZE 56
#define BIN_VERSION 1u
#define F_WEIGHTED 1u
#define F_SYMMETRIC 2u
#define F_ORIG 4u
#define F_KNOWN (F_WEIGHTED | F_SYMMETRIC | F_ORIG)

static const unsigned char magic[8] = { 0x89, 'W', 'S', 'G', '\r', '\n', 0x1a, '\n' };

static int host_le(void)
{
    const uint16_t one = 1;
    unsigned char b;
    memcpy(&b, &one, 1);
    return b == 1;
}

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static void put64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get64(const unsigned char *p)
{
    return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}

static void swap32_array(void *a, size_t n)
{
    unsigned char *p = a;
    for (size_t i = 0; i < n; i++, p += 4) {
        unsigned char t = p[0];
        p[0] = p[3];
        p[3] = t;
        t = p[1];
        p[1] = p[2];
        p[2] = t;
    }
}

/* CRC-32 of an array of 32-bit words as little-endian bytes. */
static uLong crc_words(uLong crc, const void *a, size_t n)
{
    if (n == 0)
        return crc; /* crc32() with a NULL buffer would restart the sum */
    if (host_le()) {
        const unsigned char *p = a;
        size_t bytes = n * 4;
        while (bytes) {
            uInt k = (uInt)(bytes > (1u << 30) ? (1u << 30) : bytes);
            crc = crc32(crc, p, k);
            p += k;
            bytes -= k;
        }
        return crc;
    }
    const uint32_t *w = a;
    unsigned char b[4];
    for (size_t i = 0; i < n; i++) {
        put32(b, w[i]);
        crc = crc32(crc, b, 4);
    }
    return crc;
}

typedef struct part {
    const void *p;
    size_t n; /* 32-bit words */
} part;

static int parts_of(const ws_graph *g, part out[4])
{
    int k = 0;
    out[k++] = (part){ g->row, (size_t)g->n + 1 };
    out[k++] = (part){ g->col, (size_t)g->m };
    if (g->weight)
        out[k++] = (part){ g->weight, (size_t)g->m };
    if (g->orig_id)
        out[k++] = (part){ g->orig_id, (size_t)g->n };
    return k;
}

static void make_header(const ws_graph *g, unsigned char *h, const part *parts, int np)
{
    uint64_t payload = 0;
    uLong crc = crc32(0L, Z_NULL, 0);
    for (int i = 0; i < np; i++) {
        payload += (uint64_t)parts[i].n * 4;
        crc = crc_words(crc, parts[i].p, parts[i].n);
    }
    uint32_t flags = (g->weight ? F_WEIGHTED : 0) | (g->flags & WS_GRAPH_SYMMETRIC ? F_SYMMETRIC : 0) |
                     (g->orig_id ? F_ORIG : 0);
    memset(h, 0, HDR_SIZE);
    memcpy(h, magic, 8);
    put32(h + 8, BIN_VERSION);
    put32(h + 12, flags);
    put64(h + 16, (uint64_t)g->n);
    put64(h + 24, (uint64_t)g->m);
    put64(h + 32, (uint64_t)(int64_t)g->source);
    put64(h + 40, payload);
    put32(h + 48, (uint32_t)crc);
    put32(h + 52, (uint32_t)crc32(crc32(0L, Z_NULL, 0), h, 52));
}

void *ws_graph_save_mem(const ws_graph *g, size_t *len)
{
    part parts[4];
    int np = parts_of(g, parts);
    size_t total = HDR_SIZE;
    for (int i = 0; i < np; i++)
        total += parts[i].n * 4;
    unsigned char *out = ws_xmalloc(total);
    make_header(g, out, parts, np);
    size_t o = HDR_SIZE;
    for (int i = 0; i < np; i++) {
        if (parts[i].n)
            memcpy(out + o, parts[i].p, parts[i].n * 4);
        if (!host_le())
            swap32_array(out + o, parts[i].n);
        o += parts[i].n * 4;
    }
    *len = total;
    return out;
}

int ws_graph_atomic_write(const char *path, int (*fn)(FILE *f, void *ctx), void *ctx,
                          ws_error *err)
{
    int stage, e = ws_file_write(path, fn, ctx, &stage);
    if (!e)
        return 0;
    if (stage == WS_FILE_TEMP)
        return ws_error_set(err, WS_E_IO, "%s: cannot create a temporary file next to it: %s",
                            path, strerror(e));
    return ws_error_set(err, WS_E_IO, "%s: cannot write: %s", path, strerror(e));
}

static int write_binary(FILE *f, void *ctx)
{
    const ws_graph *g = ctx;
    part parts[4];
    int np = parts_of(g, parts);
    unsigned char h[HDR_SIZE];
    make_header(g, h, parts, np);
    if (fwrite(h, 1, HDR_SIZE, f) != HDR_SIZE)
        return -1;
    for (int i = 0; i < np; i++) {
        if (host_le()) {
            if (fwrite(parts[i].p, 4, parts[i].n, f) != parts[i].n)
                return -1;
            continue;
        }
        uint32_t buf[4096];
        const uint32_t *src = parts[i].p;
        for (size_t o = 0; o < parts[i].n; o += 4096) {
            size_t k = parts[i].n - o < 4096 ? parts[i].n - o : 4096;
            memcpy(buf, src + o, k * 4);
            swap32_array(buf, k);
            if (fwrite(buf, 4, k, f) != k)
                return -1;
        }
    }
    return 0;
}

int ws_graph_save(const ws_graph *g, const char *path, ws_error *err)
{
    if (ws_graph_validate(g, err) < 0)
        return ws_error_prefix(err, "%s: refusing to save an invalid graph: ", path);
    return ws_graph_atomic_write(path, write_binary, (void *)(uintptr_t)g, err);
}

/* Read n 32-bit words, growing the array as data arrives so that a lying
 * header cannot make us allocate more than the input holds. */
static int read_words(ws_gsrc *s, uint32_t **out, size_t n, uLong *crc, ws_error *err)
{
    const size_t step = (size_t)16 << 20; /* words */
    size_t have = 0, cap = 0;
    uint32_t *a = NULL;
    while (have < n) {
        size_t k = n - have < step ? n - have : step;
        if (have + k > cap) {
            cap = have + k;
            a = ws_xrealloc(a, cap * 4);
        }
        long long r = ws_gsrc_read(s, a + have, k * 4, err);
        if (r < 0) {
            free(a);
            return -1;
        }
        *crc = crc32(*crc, (const Bytef *)(a + have), (uInt)r);
        have += (size_t)r / 4;
        if ((size_t)r < k * 4) {
            free(a);
            return 1; /* short */
        }
    }
    if (!a)
        a = ws_xmalloc(4);
    if (!host_le())
        swap32_array(a, n);
    *out = a;
    return 0;
}

ws_graph *ws_graph_read_binary(ws_gsrc *s, const ws_graph_opts *opts, ws_error *err)
{
    unsigned char h[HDR_SIZE];
    long long r = ws_gsrc_read(s, h, HDR_SIZE, err);
    if (r < 0)
        return NULL;
    if (r < 8 || memcmp(h, magic, 8) != 0) {
        ws_error_set(err, WS_E_PARSE, "%s: not a warpscope binary graph (bad magic number)",
                     s->name);
        return NULL;
    }
    if (r < HDR_SIZE) {
        ws_error_set(err, WS_E_PARSE,
                     "%s: truncated binary graph: the header needs %d bytes, the file has %lld",
                     s->name, HDR_SIZE, r);
        return NULL;
    }
    uint32_t version = get32(h + 8);
    if (version != BIN_VERSION) {
        ws_error_set(err, WS_E_UNSUPPORTED,
                     "%s: binary graph version %lu is not supported (this warpscope reads "
                     "version %u)",
                     s->name, (unsigned long)version, BIN_VERSION);
        return NULL;
    }
    if (get32(h + 52) != (uint32_t)crc32(crc32(0L, Z_NULL, 0), h, 52)) {
        ws_error_set(err, WS_E_PARSE, "%s: corrupt binary graph: header checksum mismatch",
                     s->name);
        return NULL;
    }
    uint32_t flags = get32(h + 12);
    uint64_t n = get64(h + 16), m = get64(h + 24), payload = get64(h + 40);
    int64_t source = (int64_t)get64(h + 32);
    if (flags & ~F_KNOWN) {
        ws_error_set(err, WS_E_UNSUPPORTED, "%s: binary graph has unknown flags 0x%lx", s->name,
                     (unsigned long)flags);
        return NULL;
    }
    int64_t max_n = ws_graph_opt_max_n(opts), max_m = ws_graph_opt_max_m(opts);
    if (n > (uint64_t)max_n || m > (uint64_t)max_m) {
        ws_error_set(err, WS_E_RANGE,
                     "%s: impossible size: %llu vertices and %llu edges (limits %lld and %lld: max_vertices and "
                     "max_edges in Lua, --max-vertices and --max-edges for 'warpscope graph')",
                     s->name, (unsigned long long)n, (unsigned long long)m, (long long)max_n,
                     (long long)max_m);
        return NULL;
    }
    uint64_t expect = 4 * ((n + 1) + m + (flags & F_WEIGHTED ? m : 0) + (flags & F_ORIG ? n : 0));
    if (payload != expect) {
        ws_error_set(err, WS_E_PARSE,
                     "%s: corrupt binary graph: the header's payload size %llu disagrees with "
                     "its counts (expected %llu)",
                     s->name, (unsigned long long)payload, (unsigned long long)expect);
        return NULL;
    }
    if (source < -1 || source >= (int64_t)n) {
        ws_error_set(err, WS_E_PARSE, "%s: corrupt binary graph: source vertex %lld out of range",
                     s->name, (long long)source);
        return NULL;
    }

    ws_graph *g = ws_xcalloc(1, sizeof *g);
    g->n = (int32_t)n;
    g->m = (int32_t)m;
    g->source = (int32_t)source;
    g->flags = flags & F_SYMMETRIC ? WS_GRAPH_SYMMETRIC : 0;
    g->origin.format = WS_GRAPH_FMT_BINARY;
    g->origin.entries = m;
    uLong crc = crc32(0L, Z_NULL, 0);
    uint32_t *arr[4] = { NULL, NULL, NULL, NULL };
    size_t len[4] = { (size_t)n + 1, (size_t)m, flags & F_WEIGHTED ? (size_t)m : 0,
                      flags & F_ORIG ? (size_t)n : 0 };
    int rc = 0;
    for (int i = 0; i < 4 && rc == 0; i++)
        if (i < 2 || len[i])
            rc = read_words(s, &arr[i], len[i], &crc, err);
    g->row = (int32_t *)arr[0];
    g->col = (int32_t *)arr[1];
    g->weight = (int32_t *)arr[2];
    g->orig_id = arr[3];
    if (rc > 0) {
        ws_error_set(err, WS_E_PARSE,
                     "%s: truncated binary graph: the header announces %llu payload bytes but "
                     "the file ends before them",
                     s->name, (unsigned long long)payload);
        goto fail;
    }
    if (rc < 0)
        goto fail;
    unsigned char extra;
    r = ws_gsrc_read(s, &extra, 1, err);
    if (r < 0)
        goto fail;
    if (r > 0) {
        ws_error_set(err, WS_E_PARSE,
                     "%s: corrupt binary graph: data after the %llu announced payload bytes",
                     s->name, (unsigned long long)payload);
        goto fail;
    }
    if ((uint32_t)crc != get32(h + 48)) {
        ws_error_set(err, WS_E_PARSE, "%s: corrupt binary graph: payload checksum mismatch",
                     s->name);
        goto fail;
    }
    if (ws_graph_validate(g, err) < 0) {
        ws_error_prefix(err, "%s: invalid binary graph: ", s->name);
        goto fail;
    }
    if (opts && (opts->symmetrize || opts->drop_self_loops || opts->drop_duplicates ||
                 opts->relabel == WS_GRAPH_RELABEL_COMPACT ||
                 opts->relabel == WS_GRAPH_RELABEL_APPEARANCE || opts->order ||
                 opts->drop_weights || opts->random_weights || opts->largest_component)) {
        /* The options mean the same as for text files. */
        ws_graph *b = ws_graph_rebuild(g, opts, err);
        if (!b)
            ws_error_prefix(err, "%s: ", s->name);
        ws_graph_free(g);
        return b;
    }
    return g;
fail:
    ws_graph_free(g);
    return NULL;
}
