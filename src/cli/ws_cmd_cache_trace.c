/* ws_cmd_cache_trace.c: `warpscope cache`'s trace reader: Dinero IV
 * extended din records (and din's numeric labels) from a plain or gzip file
 * or standard input, each reference split at line boundaries and run through
 * ws_cache_access_ideal_req, counted as Dinero IV counts. */
#include "cli/ws_cmd_cache.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "cli/ws_cli.h"
#include "util/ws_error.h"
#include "util/ws_util.h"

static bool line_present(const ws_cache *c, uint64_t addr)
{
    const ws_cache_config *cfg = ws_cache_config_get(c);
    uint32_t set = ws_cache_set_of(c, addr);
    uint64_t base = addr & ~(uint64_t)(cfg->line - 1);
    for (uint32_t w = 0; w < cfg->ways; w++) {
        ws_cache_line_info li;
        ws_cache_line(c, set, w, &li);
        if (li.state != WS_LINE_INVALID && li.addr == base)
            return true;
    }
    return false;
}

/* One demand reference, split at line boundaries as Dinero does. */
static void sim_ref(ws_dsim *s, int type, uint64_t addr, uint64_t size, uint64_t when)
{
    bool first = true;
    while (size) {
        uint64_t chunk = s->line - (addr & (s->line - 1));
        if (chunk > size)
            chunk = size;
        ws_mreq r;
        memset(&r, 0, sizeof r);
        r.addr = addr;
        r.size = (uint32_t)chunk;
        r.kind = type == WS_DIN_WRITE ? WS_MREQ_WRITE : WS_MREQ_READ;
        bool present = s->sectored && line_present(s->c, addr);
        bool hit = ws_cache_access_ideal_req(s->c, &r, when, NULL);
        s->fetch[type]++;
        if (!hit) {
            s->miss[type]++;
            if (!present)
                s->blockmiss[type]++;
        }
        if (!first)
            s->multiblock++;
        first = false;
        addr += chunk;
        size -= chunk;
    }
}

static void sim_invalidate(ws_dsim *s, uint64_t addr, uint64_t size)
{
    if (!size) {
        ws_cache_flush(s->c);
        return;
    }
    uint64_t first = addr / s->line, last = (addr + size - 1) / s->line;
    for (uint64_t l = first; l <= last; l++)
        ws_cache_invalidate(s->c, l * s->line, NULL);
}

/* Parse a hexadecimal token [p, p+n) with an optional 0x; 0, -1 bad, -2 too big. */
static int parse_hex(const char *p, size_t n, uint64_t *out)
{
    if (n > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        p += 2;
        n -= 2;
    }
    if (!n)
        return -1;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        int c = (unsigned char)p[i], d;
        if (c >= '0' && c <= '9') d = c - '0';
        else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
        else return -1;
        if (v >> 60)
            return -2;
        v = v * 16 + (uint64_t)d;
    }
    *out = v;
    return 0;
}

static const char *token(const char **s, size_t *n)
{
    const char *p = *s;
    while (*p == ' ' || *p == '\t' || *p == '\r')
        p++;
    const char *b = p;
    while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
        p++;
    *n = (size_t)(p - b);
    *s = p;
    return b;
}

static int trace_error(const char *name, uint64_t ln, const char *fmt, ...) WS_PRINTF(3, 4);

static int trace_error(const char *name, uint64_t ln, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ws_fprintf_safe(stderr, "warpscope cache: %s:%" PRIu64 ": ", name, ln);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return WS_EXIT_FAIL;
}

#define MAX_REF_SIZE 0x100000u

/* The trace, read a line at a time; a line ends at LF, CR LF or a lone CR
 * (old Mac files), so each record counts whatever the line ends. */
typedef struct trace_in {
    gzFile gz;
    unsigned char b[65536];
    size_t pos, len;
    bool skip_lf;       /* the last line ended at a CR: an LF next belongs to it */
} trace_in;

/* The next line into line (NUL-terminated, without its end; a line longer
 * than size - 1 keeps its start); false at the end or on a read error (then
 * the line read so far is dropped: a gzip file cut in a record must not
 * pass that record's start as a record). */
static bool trace_line(trace_in *in, char *line, size_t size)
{
    size_t n = 0;
    bool any = false;
    for (;;) {
        if (in->pos == in->len) {
            int r = gzread(in->gz, in->b, sizeof in->b);
            if (r <= 0) {
                int zerr;
                gzerror(in->gz, &zerr);
                if (zerr != Z_OK && zerr != Z_STREAM_END)
                    return false;   /* a line cut by a read error is no record */
                break;
            }
            in->pos = 0;
            in->len = (size_t)r;
        }
        int c = in->b[in->pos++];
        if (in->skip_lf) {
            in->skip_lf = false;
            if (c == '\n')
                continue;
        }
        any = true;
        if (c == '\n' || c == '\r') {
            in->skip_lf = c == '\r';
            line[n] = '\0';
            return true;
        }
        if (n + 1 < size)
            line[n++] = (char)c;
    }
    line[n] = '\0';
    return any;
}

int ws_dinero_run(const char *trace, int din_only, ws_dsim *sims, int nsims, uint64_t *nrec)
{
    const char *name = trace && strcmp(trace, "-") ? trace : "(stdin)";
    gzFile gz;
    errno = 0;
    if (trace && strcmp(trace, "-")) {
        gz = gzopen(trace, "rb");
    } else {
        int fd = dup(STDIN_FILENO);
        gz = fd >= 0 ? gzdopen(fd, "rb") : NULL;
    }
    if (!gz) {
        ws_fprintf_safe(stderr, "warpscope cache: %s: cannot open: %s\n", name, errno ? strerror(errno) : "out of memory");
        return WS_EXIT_FAIL;
    }
    char buf[4096], q_buf[256];
    uint64_t ln = 0;
    int rc = 0;
    trace_in *in = ws_xcalloc(1, sizeof *in);
    in->gz = gz;
    while (!rc && trace_line(in, buf, sizeof buf)) {
        ln++;
        const char *p = buf;
        size_t n;
        const char *lab = token(&p, &n);
        if (!n || lab[0] == '#')
            continue;
        static const char labels[] = "rwimcv012345";
        const char *q = n == 1 ? strchr(labels, lab[0] | (lab[0] >= 'A' && lab[0] <= 'Z' ? 0x20 : 0)) : NULL;
        if (!q || !*q) {
            rc = trace_error(name, ln, "unknown access label '%s' (expected r, w, i, m, c, v or 0-5)",
                             ws_str_quote(q_buf, sizeof q_buf, lab, n, 20));
            break;
        }
        int type = (int)(q - labels) % 6;
        uint64_t addr, size = 4;
        const char *at = token(&p, &n);
        if (!n) {
            rc = trace_error(name, ln, "missing address after '%c'", lab[0]);
            break;
        }
        int e = parse_hex(at, n, &addr);
        if (e) {
            rc = trace_error(name, ln, "%s hexadecimal address '%s'", e == -2 ? "too large a" : "bad",
                             ws_str_quote(q_buf, sizeof q_buf, at, n, 40));
            break;
        }
        const char *st = din_only ? NULL : token(&p, &n);
        if (st && n) {
            if ((e = parse_hex(st, n, &size)) != 0 || size > MAX_REF_SIZE) {
                rc = trace_error(name, ln, "bad hexadecimal size '%s' (expected at most 0x%x)",
                                 ws_str_quote(q_buf, sizeof q_buf, st, n, 40), MAX_REF_SIZE);
                break;
            }
            if (!size && type <= WS_DIN_MISC) {
                rc = trace_error(name, ln, "size 0: a %s needs at least one byte", type == WS_DIN_WRITE ? "write" : "read");
                break;
            }
        } else {
            addr &= ~(uint64_t)3;   /* din: word-aligned, 4 bytes */
        }
        if (size && addr + size - 1 < addr) {
            rc = trace_error(name, ln, "the access at 0x%" PRIx64 " with size 0x%" PRIx64 " runs past the end of the address space", addr, size);
            break;
        }
        (*nrec)++;
        if (type == WS_DIN_COPYBACK)
            continue;
        if (type == WS_DIN_INVAL) {
            for (int k = 0; k < nsims; k++)
                sim_invalidate(&sims[k], addr, size);
            continue;
        }
        ws_dsim *s = nsims == 1 ? &sims[0] : type == WS_DIN_INSTR ? &sims[0] : &sims[1];
        sim_ref(s, type, addr, size, ln);
    }
    if (!rc) {
        int zerr;
        const char *msg = gzerror(gz, &zerr);
        if (zerr != Z_OK && zerr != Z_STREAM_END) {
            /* zlib's message starts with the path: say it once, with the
             * line the reading stopped in */
            size_t nl = strlen(name);
            if (zerr != Z_ERRNO && strncmp(msg, name, nl) == 0 && msg[nl] == ':' && msg[nl + 1] == ' ')
                msg += nl + 2;
            ws_fprintf_safe(stderr, "warpscope cache: %s:%" PRIu64 ": cannot read: %s%s\n", name, ln + 1,
                    zerr == Z_ERRNO ? strerror(errno) : msg,
                    zerr == Z_BUF_ERROR ? " (a truncated gzip file?)" : "");
            rc = WS_EXIT_FAIL;
        }
    }
    free(in);
    gzclose(gz);
    return rc;
}

