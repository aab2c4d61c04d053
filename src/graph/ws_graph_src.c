/* Input sources for the graph readers: files through zlib (plain or gzip)
 * and bytes in memory, read as lines or raw bytes.  Truncated and corrupt
 * gzip streams are errors, never a silently shorter graph. */
#include "graph/ws_graph_priv.h"
#include "util/ws_util.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SRC_CHUNK (128u * 1024u)
#define SRC_MAX_LINE ((size_t)256 << 20)

static void src_init(ws_gsrc *s, const char *name)
{
    memset(s, 0, sizeof *s);
    s->name = name ? name : "(input)";
    s->cap = SRC_CHUNK;
    s->buf = ws_xmalloc(s->cap);
    s->cur = s->buf;
}

int ws_gsrc_open_file(ws_gsrc *s, const char *path, ws_error *err)
{
    src_init(s, path);
    if (ws_path_is_dir(path)) {
        ws_gsrc_close(s);
        return ws_error_set(err, WS_E_IO, "%s: is a directory", path);
    }
    /* A gzip file is read whole and inflated here (as memory input), so
     * that data after its last member is an error (zlib's gzread skips it
     * silently); anything else streams through gzread. */
    FILE *f = fopen(path, "rb");
    if (f) {
        unsigned char magic[2];
        size_t k = fread(magic, 1, 2, f);
        if (k == 2 && magic[0] == 0x1f && magic[1] == 0x8b && fseek(f, 0, SEEK_END) == 0) {
            long size = ftell(f);
            unsigned char *data = size > 0 ? malloc((size_t)size) : NULL;
            int ok = data && fseek(f, 0, SEEK_SET) == 0 && fread(data, 1, (size_t)size, f) == (size_t)size;
            int e = errno;
            fclose(f);
            if (!ok) {
                free(data);
                ws_gsrc_close(s);
                return ws_error_set(err, WS_E_IO, "%s: cannot read: %s", path,
                                    data ? strerror(e ? e : EIO) : "out of memory");
            }
            ws_gsrc_close(s);             /* ws_gsrc_open_mem starts over */
            ws_gsrc_open_mem(s, data, (size_t)size, path);
            s->own_mem = data;
            return 0;
        }
        fclose(f);
    }
    errno = 0;
    s->gz = gzopen(path, "rb");
    if (!s->gz) {
        int e = errno;
        ws_gsrc_close(s);
        return ws_error_set(err, WS_E_IO, "%s: cannot open: %s", path,
                            e ? strerror(e) : "out of memory");
    }
    gzbuffer(s->gz, 64u * 1024u);
    return 0;
}

void ws_gsrc_open_mem(ws_gsrc *s, const void *data, size_t len, const char *name)
{
    src_init(s, name);
    s->mem = data;
    s->memlen = len;
    if (len >= 2 && s->mem[0] == 0x1f && s->mem[1] == 0x8b) {
        if (inflateInit2(&s->zs, 15 + 16) == Z_OK) {
            s->zs_active = 1;
            s->compressed = 1;
            s->zs.next_in = (Bytef *)(uintptr_t)s->mem;
            s->zs.avail_in = 0;
        }
    }
}

void ws_gsrc_close(ws_gsrc *s)
{
    if (s->gz)
        gzclose(s->gz);
    if (s->zs_active)
        inflateEnd(&s->zs);
    free(s->own_mem);
    free(s->buf);
    memset(s, 0, sizeof *s);
}

static int src_fail(const ws_gsrc *s, ws_error *err, const char *why)
{
    return ws_error_set(err, WS_E_IO, "%s:%llu: %s", s->name,
                        (unsigned long long)(s->lineno + 1), why);
}

/* Inflate memory input into dst: bytes produced, 0 at the end, -1. */
static long long mem_inflate(ws_gsrc *s, unsigned char *dst, size_t n, ws_error *err)
{
    if (s->zs_done)
        return 0;
    z_stream *z = &s->zs;
    z->next_out = dst;
    z->avail_out = (uInt)(n > (1u << 30) ? (1u << 30) : n);
    uInt want = z->avail_out;
    while (z->avail_out > 0) {
        if (z->avail_in == 0 && s->mempos < s->memlen) {
            size_t left = s->memlen - s->mempos;
            z->next_in = (Bytef *)(uintptr_t)(s->mem + s->mempos);
            z->avail_in = (uInt)(left > (1u << 30) ? (1u << 30) : left);
            s->mempos += z->avail_in;
        }
        int r = inflate(z, Z_NO_FLUSH);
        if (r == Z_STREAM_END) {
            /* Another gzip member may follow (as gzip itself allows);
             * anything else after a complete member is an error (gzip(1)
             * warns of "trailing garbage"; zlib's gzread skips it). */
            size_t left = z->avail_in + (s->memlen - s->mempos);
            const unsigned char *next = z->next_in;
            if (z->avail_in == 0 && s->mempos < s->memlen)
                next = s->mem + s->mempos;
            if (left >= 2 && next[0] == 0x1f && next[1] == 0x8b) {
                inflateReset(z);
                continue;
            }
            if (left > 0) {
                char why[160];
                snprintf(why, sizeof why, "%zu bytes of trailing data after the gzip stream (not gzip: "
                         "a damaged or concatenated file?)", left);
                return src_fail(s, err, why);
            }
            s->zs_done = 1;
            break;
        }
        if (r == Z_BUF_ERROR) {
            if (want - z->avail_out > 0)
                break; /* deliver what we have; the next call reports */
            if (z->avail_in == 0 && s->mempos >= s->memlen)
                return src_fail(s, err, "truncated gzip stream (unexpected end of compressed data)");
            return src_fail(s, err, "corrupt gzip data (no progress)");
        }
        if (r != Z_OK) {
            char why[160];
            snprintf(why, sizeof why, "corrupt gzip data (%s)", z->msg ? z->msg : "inflate failed");
            return src_fail(s, err, why);
        }
    }
    return (long long)(want - z->avail_out);
}

/* Read from the underlying stream: bytes, 0 at the end, -1 on error. */
static long long raw_read(ws_gsrc *s, void *dst, size_t n, ws_error *err)
{
    long long got;
    if (n == 0)
        return 0;
    if (s->gz) {
        unsigned chunk = (unsigned)(n > (1u << 30) ? (1u << 30) : n);
        int r = gzread(s->gz, dst, chunk);
        if (r < 0) {
            int e;
            const char *msg = gzerror(s->gz, &e);
            char why[200];
            if (e == Z_ERRNO)
                snprintf(why, sizeof why, "read error: %s", strerror(errno));
            else
                snprintf(why, sizeof why, "corrupt gzip data (%s)", msg ? msg : "?");
            return src_fail(s, err, why);
        }
        if (r == 0) {
            int e;
            gzerror(s->gz, &e);
            if (e == Z_BUF_ERROR)
                return src_fail(s, err, "truncated gzip stream (unexpected end of file)");
            if (e != Z_OK)
                return src_fail(s, err, "corrupt gzip data");
        }
        if (s->raw_total == 0 && r > 0)
            s->compressed = !gzdirect(s->gz);
        got = r;
    } else if (s->zs_active) {
        got = mem_inflate(s, dst, n, err);
    } else {
        size_t left = s->memlen - s->mempos;
        size_t k = n < left ? n : left;
        if (k)
            memcpy(dst, s->mem + s->mempos, k);
        s->mempos += k;
        got = (long long)k;
    }
    if (got > 0)
        s->raw_total += (uint64_t)got;
    return got;
}

/* Append more input to buf; returns bytes added, 0 at the end, -1. */
static long long fill(ws_gsrc *s, ws_error *err)
{
    if (s->eof)
        return 0;
    if (s->pos > 0) {
        memmove(s->buf, s->buf + s->pos, s->len - s->pos);
        s->len -= s->pos;
        s->scan -= s->scan >= s->pos ? s->pos : s->scan;
        s->pos = 0;
    }
    if (s->cap - s->len < SRC_CHUNK / 2 + 1) {
        if (s->cap >= SRC_MAX_LINE)
            return src_fail(s, err, "line longer than 256 MiB");
        s->cap *= 2;
        s->buf = ws_xrealloc(s->buf, s->cap);
    }
    long long r = raw_read(s, s->buf + s->len, s->cap - s->len - 1, err);
    if (r < 0)
        return -1;
    if (r == 0)
        s->eof = 1;
    s->len += (size_t)r;
    return r;
}

long ws_gsrc_peek(ws_gsrc *s, const char **p, size_t want, ws_error *err)
{
    while (s->len - s->pos < want && !s->eof)
        if (fill(s, err) < 0)
            return -1;
    *p = s->buf + s->pos;
    size_t have = s->len - s->pos;
    return (long)(have < want ? have : want);
}

int ws_gsrc_line(ws_gsrc *s, char **line, size_t *len, ws_error *err)
{
    for (;;) {
        char *start = s->buf + s->pos;
        if (s->scan < s->pos)
            s->scan = s->pos;
        char *nl = memchr(s->buf + s->scan, '\n', s->len - s->scan);
        size_t l;
        if (nl) {
            l = (size_t)(nl - start);
            s->pos += l + 1;
        } else if (s->eof) {
            if (s->pos >= s->len)
                return 0;
            l = s->len - s->pos;
            s->pos = s->len;
        } else {
            s->scan = s->len;
            if (fill(s, err) < 0)
                return -1;
            continue;
        }
        start[l] = '\0'; /* buf always has a spare byte past len */
        if (l && start[l - 1] == '\r')
            start[--l] = '\0';
        s->scan = s->pos;
        s->lineno++;
        s->cur = start;
        if (memchr(start, '\0', l))
            return ws_error_set(err, WS_E_PARSE,
                                "%s:%llu: NUL byte in a text line (a binary file? name the "
                                "format if the detection is wrong)",
                                s->name, (unsigned long long)s->lineno);
        *line = start;
        *len = l;
        return 1;
    }
}

long long ws_gsrc_read(ws_gsrc *s, void *dst, size_t n, ws_error *err)
{
    unsigned char *d = dst;
    size_t done = 0;
    size_t have = s->len - s->pos;
    if (have) {
        size_t k = have < n ? have : n;
        memcpy(d, s->buf + s->pos, k);
        s->pos += k;
        done = k;
    }
    while (done < n && !s->eof) {
        long long r = raw_read(s, d + done, n - done, err);
        if (r < 0)
            return -1;
        if (r == 0)
            s->eof = 1;
        done += (size_t)r;
    }
    return (long long)done;
}

const char *ws_gquote(char *out, size_t outsz, const char *tok, size_t len)
{
    return ws_str_quote(out, outsz, tok, len, 32);
}

int ws_gsrc_error(const ws_gsrc *s, ws_error *err, const char *tok, const char *fmt, ...)
{
    char msg[WS_ERROR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (tok && s->cur && tok >= s->cur)
        return ws_error_set(err, WS_E_PARSE, "%s:%llu:%d: %s", s->name,
                            (unsigned long long)s->lineno, (int)(tok - s->cur) + 1, msg);
    return ws_error_set(err, WS_E_PARSE, "%s:%llu: %s", s->name, (unsigned long long)s->lineno,
                        msg);
}

int ws_gparse_i64(const char *s, size_t n, int64_t *out)
{
    int neg = 0;
    if (n && (s[0] == '-' || s[0] == '+')) {
        neg = s[0] == '-';
        s++;
        n--;
    }
    if (n && (s[0] == '-' || s[0] == '+'))
        return -1;
    uint64_t v;
    int r = ws_gparse_u64(s, n, &v);
    if (r)
        return r;
    if (neg) {
        if (v > (uint64_t)INT64_MAX + 1)
            return -2;
        *out = v == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)v;
    } else {
        if (v > (uint64_t)INT64_MAX)
            return -2;
        *out = (int64_t)v;
    }
    return 0;
}

int ws_gparse_weight(const char *s, size_t n, int32_t *out, int *rounded)
{
    int64_t v;
    int r = ws_gparse_i64(s, n, &v);
    if (r == 0) {
        if (v < INT32_MIN || v > INT32_MAX)
            return -2;
        *out = (int32_t)v;
        return 0;
    }
    if (r == -2)
        return -2;
    /* A real number (1.5, 2e3, -0.25): rounded to the nearest integer. */
    char tmp[64];
    if (n == 0 || n >= sizeof tmp)
        return -1;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-'))
            return -1;
    }
    memcpy(tmp, s, n);
    tmp[n] = '\0';
    char *end;
    double d = strtod(tmp, &end);
    if (end != tmp + n || !isfinite(d))
        return -1;
    if (d < (double)INT32_MIN - 0.5 || d >= (double)INT32_MAX + 0.5)
        return -2;
    double rd = floor(d + 0.5);
    if (rd < (double)INT32_MIN || rd > (double)INT32_MAX)
        return -2;
    *out = (int32_t)rd;
    if (rd != d && rounded)
        *rounded = 1;
    return 0;
}

int ws_gparse_weight_at(const ws_gsrc *s, ws_error *err, const char *tok, size_t len,
                        const char *expected, const char *noun, const char *tail, int32_t *out,
                        int *rounded)
{
    char q[64];
    int pr = ws_gparse_weight(tok, len, out, rounded);
    if (pr == -1)
        return ws_gsrc_error(s, err, tok, "expected %s, got '%s'", expected,
                             ws_gquote(q, sizeof q, tok, len));
    if (pr == -2)
        return ws_gsrc_error(s, err, tok, "%s '%s' does not fit a 32-bit signed integer%s", noun,
                             ws_gquote(q, sizeof q, tok, len), tail);
    return 0;
}

int ws_gedges_push_at(const ws_gsrc *s, ws_error *err, ws_gedges *e, uint32_t u, uint32_t v,
                      int32_t w)
{
    if (ws_gedges_push(e, u, v, w) < 0)
        return ws_gsrc_error(s, err, NULL, "more than %zu edges: the edge limit (max_edges in Lua, --max-edges for "
                             "'warpscope graph'; default %d, at most %d)", e->limit, WS_GRAPH_DEFAULT_MAX_M,
                             WS_GRAPH_MAX_M);
    return 0;
}

int ws_gparse_vertex(const ws_gsrc *s, ws_error *err, char *tok, size_t len, uint64_t base,
                     uint64_t max, const char *what, uint32_t *out)
{
    uint64_t v = UINT64_MAX;
    char q[160];
    int r = ws_gparse_u64(tok, len, &v);
    if (r == -1) {
        if (len && tok[0] == '-')
            return ws_gsrc_error(s, err, tok, "%s id '%s' is negative", what,
                                 ws_gquote(q, sizeof q, tok, len));
        return ws_gsrc_error(s, err, tok, "expected a %s id (a non-negative integer), got '%s'",
                             what, ws_gquote(q, sizeof q, tok, len));
    }
    if (r == -2 || v < base || v - base > max) {
        if (r == 0 && v < base)
            return ws_gsrc_error(s, err, tok, "%s id %llu is out of range: ids start at %llu", what,
                                 (unsigned long long)v, (unsigned long long)base);
        return ws_gsrc_error(s, err, tok, "%s id '%s' is out of range (largest allowed: %llu)",
                             what, ws_gquote(q, sizeof q, tok, len),
                             (unsigned long long)(max + base));
    }
    *out = (uint32_t)(v - base);
    return 0;
}
