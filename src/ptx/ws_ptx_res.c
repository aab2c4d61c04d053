/* ws_ptx_res.c: resource records, what ptxas allocates for each kernel of a
 * PTX file, kept beside it as NAME.ptxas (made by
 * scenarios/kernels/ptxas-res.sh; the format is in scenarios/kernels/README.md):
 *
 *   # comment
 *   ptxas-record 1
 *   tool ptxas 13.0.88 cuda_13.0.r13.0/compiler.36424714_0
 *   arch sm_75
 *   options -v -arch=sm_75
 *   ptx bfs_topo.ptx
 *   kernel bfs_topo_expand regs=16 barriers=0 stack=0 spill_stores=0 spill_loads=0 smem=0 cmem0=404
 *
 * Line-based; fields are separated by blanks; every problem is an error
 * naming the record's file and line, and a failed read leaves the module as
 * it was. */
#include "ptx/ws_ptx.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

#define RES_MAX_REGS 255u       /* registers a thread can address */
#define RES_MAX_BARRIERS 16u    /* named barriers per CTA */
#define RES_MAX_BYTES ((uint64_t)1 << 40)

void ws_ptx_res_path(const char *ptx_path, char *out, size_t size)
{
    size_t n = strlen(ptx_path);
    if (n > 4 && strcmp(ptx_path + n - 4, ".ptx") == 0)
        snprintf(out, size, "%.*sas", (int)n, ptx_path);
    else
        snprintf(out, size, "%s.ptxas", ptx_path);
}

typedef struct rctx {
    const char *name;
    uint32_t line;
    ws_error *err;
} rctx;

static int fail(rctx *x, const char *fmt, ...) WS_PRINTF(2, 3);
static int fail(rctx *x, const char *fmt, ...)
{
    char msg[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return ws_error_set(x->err, WS_E_PARSE, "%s:%u: %s", x->name, x->line, msg);
}

/* Next blank-separated token of [*p, end) into tok (truncated to size-1);
 * its length (0: none left). */
static size_t token(const char **p, const char *end, char *tok, size_t size)
{
    const char *s = *p;
    while (s < end && (*s == ' ' || *s == '\t'))
        s++;
    const char *t = s;
    while (t < end && *t != ' ' && *t != '\t')
        t++;
    size_t n = (size_t)(t - s);
    size_t c = n < size ? n : size - 1;
    memcpy(tok, s, c);
    tok[c] = '\0';
    *p = t;
    return n;
}

/* The rest of the line after blanks, as a new string. */
static char *rest(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    return ws_xstrndup(p, (size_t)(end - p));
}

static int number(rctx *x, const char *key, const char *val, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;
    if (!*val)
        return fail(x, "%s= has no value (expected a decimal number)", key);
    for (const char *c = val; *c; c++) {
        if (*c < '0' || *c > '9')
            return fail(x, "%s=%s is not a decimal number", key, val);
        v = v * 10 + (uint64_t)(*c - '0');
        if (v > RES_MAX_BYTES)
            break;
    }
    if (v > max) {
        if (strcmp(key, "regs") == 0)
            return fail(x, "regs=%s: a thread has at most %u registers", val, RES_MAX_REGS);
        if (strcmp(key, "barriers") == 0)
            return fail(x, "barriers=%s: a CTA has at most %u named barriers", val, RES_MAX_BARRIERS);
        return fail(x, "%s=%s is out of range (at most 2^40)", key, val);
    }
    *out = v;
    return 0;
}

static int kernel_line(rctx *x, ws_ptx_module *m, ws_ptx_res *res, const char *p, const char *end)
{
    char name[512], tok[512];
    if (!token(&p, end, name, sizeof name))
        return fail(x, "'kernel' needs a kernel name and its counts");
    ws_ptx_func *f = ws_ptx_module_find_func(m, name);
    if (!f || !f->is_entry || f->is_decl)
        return fail(x, "kernel '%s' is not a kernel of %s (a stale record? regenerate it with `make ptxas`, or delete it)",
                    name, m->path);
    ws_ptx_res *r = &res[f - m->funcs];
    if (r->has) {
        return fail(x, "kernel '%s' is recorded twice (first on line %u)", name, r->line);
    }
    memset(r, 0, sizeof *r);
    bool regs = false;
    while (token(&p, end, tok, sizeof tok)) {
        char *eq = strchr(tok, '=');
        if (!eq)
            return fail(x, "'%s' is not a field (expected key=value, e.g. regs=16)", tok);
        *eq = '\0';
        const char *key = tok, *val = eq + 1;
        uint64_t v;
        if (strcmp(key, "regs") == 0) {
            if (number(x, key, val, RES_MAX_REGS, &v) < 0)
                return -1;
            r->regs = (uint32_t)v;
            regs = true;
        } else if (strcmp(key, "barriers") == 0) {
            if (number(x, key, val, RES_MAX_BARRIERS, &v) < 0)
                return -1;
            r->barriers = (uint32_t)v;
        } else {
            uint64_t *dst = strcmp(key, "stack") == 0          ? &r->stack
                            : strcmp(key, "spill_stores") == 0 ? &r->spill_stores
                            : strcmp(key, "spill_loads") == 0  ? &r->spill_loads
                            : strcmp(key, "cstack") == 0       ? &r->cstack
                            : strcmp(key, "lmem") == 0         ? &r->lmem
                            : strcmp(key, "smem") == 0         ? &r->smem
                            : strcmp(key, "cmem0") == 0        ? &r->cmem0
                                                               : NULL;
            bool bank = !dst && strncmp(key, "cmem", 4) == 0 && key[4] && strspn(key + 4, "0123456789") == strlen(key + 4);
            if (!dst && !bank)
                return fail(x, "unknown field '%s' (expected regs, barriers, stack, spill_stores, spill_loads, "
                               "cstack, lmem, smem, cmemN)", key);
            if (number(x, key, val, RES_MAX_BYTES, &v) < 0)
                return -1;
            if (dst)
                *dst = v;
            else
                r->cmem_other += v;
        }
    }
    if (!regs)
        return fail(x, "kernel '%s' has no regs= count", name);
    r->has = true;
    r->line = x->line;
    return 0;
}

int ws_ptx_res_parse(ws_ptx_module *m, const char *text, size_t len, const char *name, ws_error *err)
{
    rctx x = { .name = name, .line = 0, .err = err };
    ws_ptx_res *res = ws_xcalloc(m->nfuncs ? m->nfuncs : 1, sizeof *res);
    char *tool = NULL, *arch = NULL;
    bool header = false;
    int rc = 0;
    const char *p = text, *end = text + len;
    while (p < end && rc == 0) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        const char *le = eol ? eol : end;
        x.line++;
        const char *q = p;
        p = eol ? eol + 1 : end;
        while (le > q && (le[-1] == '\r' || le[-1] == ' ' || le[-1] == '\t'))
            le--;
        if (memchr(q, '\0', (size_t)(le - q))) {
            rc = fail(&x, "a NUL byte (not a text file)");
            break;
        }
        char kw[64];
        if (!token(&q, le, kw, sizeof kw) || kw[0] == '#')
            continue;
        if (!header) {
            char ver[16];
            if (strcmp(kw, "ptxas-record") != 0) {
                rc = fail(&x, "expected 'ptxas-record 1' first (this is not a warpscope resource record), got '%s'",
                          kw);
                break;
            }
            token(&q, le, ver, sizeof ver);
            if (strcmp(ver, "1") != 0 || token(&q, le, kw, sizeof kw))
                rc = fail(&x, "record format '%s' is not supported (only 'ptxas-record 1')", ver);
            header = true;
        } else if (strcmp(kw, "kernel") == 0) {
            rc = kernel_line(&x, m, res, q, le);
        } else if (strcmp(kw, "tool") == 0) {
            free(tool);
            tool = rest(q, le);
        } else if (strcmp(kw, "arch") == 0) {
            free(arch);
            arch = rest(q, le);
            if (strncmp(arch, "sm_", 3) != 0 || !arch[3] || strpbrk(arch, " \t"))
                rc = fail(&x, "arch '%s' is not a target like sm_75", arch);
            else if (m->target && strcmp(arch, m->target) != 0)
                rc = fail(&x, "the record is for %s but %s targets %s (a stale record?)", arch, m->path, m->target);
        } else if (strcmp(kw, "options") != 0 && strcmp(kw, "ptx") != 0) {
            rc = fail(&x, "unknown line '%s' (expected tool, arch, options, ptx, kernel or a # comment)", kw);
        }
    }
    if (rc == 0 && !header)
        rc = ws_error_set(err, WS_E_PARSE, "%s: empty resource record (expected 'ptxas-record 1')", name);
    if (rc == 0) {
        for (uint32_t i = 0; i < m->nfuncs; i++)
            m->funcs[i].res = res[i];
        free(m->res_path);
        free(m->res_tool);
        free(m->res_arch);
        m->res_path = ws_xstrdup(name);
        m->res_tool = tool ? tool : ws_xstrdup("");
        m->res_arch = arch ? arch : ws_xstrdup("");
    } else {
        free(tool);
        free(arch);
    }
    free(res);
    return rc;
}

int ws_ptx_res_load(ws_ptx_module *m, const char *path, ws_error *err)
{
    size_t len;
    char *text = ws_read_file(path, &len);
    if (!text) {
        if (errno == ENOENT)
            return 0;
        if (errno == EISDIR)
            return ws_error_set(err, WS_E_IO, "%s: is a directory", path);
        return ws_error_set(err, WS_E_IO, "cannot read resource record '%s': %s", path, strerror(errno));
    }
    int rc = ws_ptx_res_parse(m, text, len, path, err);
    free(text);
    return rc < 0 ? -1 : 1;
}
