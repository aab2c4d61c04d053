/* ws_ptx_parse.c: PTX module structure: directives, function headers and
 * parameters, the entry points.  Declarations are parsed by ws_ptx_decl.c,
 * bodies by ws_ptx_body.c, instructions by ws_ptx_insn.c; the passes that
 * finish a module (CFG, layout, registers) run at the end of ws_ptx_parse(). */
#include "ptx/ws_ptx_int.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

/* A parameter as written, before it becomes a variable. */
typedef struct ws_ptx_pdesc {
    size_t name_tok;
    ws_ptx_type type;
    uint32_t align;
    uint64_t nelems, size;
    bool ptr;
    bool is_ret;
} ws_ptx_pdesc;

/* ------------------------------------------------------------------ errors, tokens */
/* (the callers format the message and end their va_list before this jumps
 * out: a va_start needs its va_end in the same function) */
static _Noreturn void fail_msg(ws_ptx_parser *p, uint32_t line, uint32_t col, const char *msg)
{
    int code = strncmp(msg, "unsupported", 11) == 0 ? WS_E_UNSUPPORTED : WS_E_PARSE;
    ws_error_set(p->err, code, "%s:%u:%u: %s", p->path, line, col, msg);
    longjmp(p->jb, 1);
}

_Noreturn void ws_ptx_fail_pos(ws_ptx_parser *p, uint32_t line, uint32_t col, const char *fmt, ...)
{
    char msg[WS_ERROR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fail_msg(p, line, col, msg);
}

_Noreturn void ws_ptx_fail_at(ws_ptx_parser *p, size_t tok, const char *fmt, ...)
{
    const ws_ptx_tok *t = ws_ptx_tok_at(p, tok);
    char msg[WS_ERROR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fail_msg(p, t->line, t->col, msg);
}

const char *ws_ptx_desc(ws_ptx_parser *p, size_t i)
{
    char *buf = p->desc[p->ndesc++ % 4];
    return ws_ptx_tok_describe(p->src, ws_ptx_tok_at(p, i), buf, sizeof p->desc[0]);
}

bool ws_ptx_tok_eq(const ws_ptx_parser *p, size_t i, const char *s)
{
    const ws_ptx_tok *t = ws_ptx_tok_at(p, i);
    size_t n = strlen(s);
    return (t->kind == WS_TK_IDENT || t->kind == WS_TK_DOT) && t->len == n &&
           memcmp(p->src + t->off, s, n) == 0;
}

bool ws_ptx_accept(ws_ptx_parser *p, int kind)
{
    if (ws_ptx_peek(p)->kind != kind)
        return false;
    p->pos++;
    return true;
}

void ws_ptx_expect(ws_ptx_parser *p, int kind, const char *after)
{
    if (!ws_ptx_accept(p, kind))
        ws_ptx_fail_at(p, p->pos, "expected '%c' after %s, found %s", kind, after, ws_ptx_desc(p, p->pos));
}

char *ws_ptx_tok_dup(const ws_ptx_parser *p, size_t i)
{
    const ws_ptx_tok *t = ws_ptx_tok_at(p, i);
    return ws_xstrndup(p->src + t->off, t->len);
}

uint64_t ws_ptx_expect_uint(ws_ptx_parser *p, const char *what)
{
    if (!ws_ptx_is(p, WS_TK_INT))
        ws_ptx_fail_at(p, p->pos, "expected %s (an integer), found %s", what, ws_ptx_desc(p, p->pos));
    uint64_t v = ws_ptx_peek(p)->val;
    p->pos++;
    return v;
}

size_t ws_ptx_expect_ident(ws_ptx_parser *p, const char *what)
{
    if (!ws_ptx_is(p, WS_TK_IDENT) || ws_ptx_tok_eq(p, p->pos, "_"))
        ws_ptx_fail_at(p, p->pos, "expected %s, found %s", what, ws_ptx_desc(p, p->pos));
    return p->pos++;
}

/* ------------------------------------------------------------------ functions */
static void parse_param(ws_ptx_parser *p, bool is_ret)
{
    size_t kw = p->pos;
    if (ws_ptx_tok_eq(p, kw, ".reg"))
        ws_ptx_fail_at(p, kw, "unsupported parameter: .reg parameters (use .param)");
    if (!ws_ptx_tok_eq(p, kw, ".param"))
        ws_ptx_fail_at(p, kw, "expected '.param' in the parameter list, found %s", ws_ptx_desc(p, kw));
    p->pos++;
    ws_ptx_attrs a;
    ws_ptx_parse_attrs(p, &a, true, kw);
    if (a.type == WS_T_PRED)
        ws_ptx_fail_at(p, a.type_tok, "parameters of type .pred are not allowed");
    size_t name_tok = ws_ptx_expect_ident(p, "a parameter name");
    bool unsized;
    uint64_t n = ws_ptx_parse_dims(p, &unsized) * a.vec;
    if (unsized)
        ws_ptx_fail_at(p, name_tok, "unsupported parameter: unsized array %s", ws_ptx_desc(p, name_tok));
    unsigned tsz = ws_ptx_type_size(a.type);
    if (n > WS_PTX_MAX_VAR_BYTES / tsz)
        ws_ptx_fail_at(p, name_tok, "parameter %s is too large", ws_ptx_desc(p, name_tok));
    WS_GROW(p->pdesc, p->cap_pdesc, p->npdesc + 1);
    p->pdesc[p->npdesc++] = (ws_ptx_pdesc){ .name_tok = name_tok, .type = a.type,
                                            .align = a.align ? a.align : tsz * a.vec, .nelems = n,
                                            .size = n * tsz, .ptr = a.ptr, .is_ret = is_ret };
}

static void parse_param_list(ws_ptx_parser *p, bool is_ret)
{
    size_t open = p->pos - 1;
    if (ws_ptx_accept(p, ')'))
        return;
    for (;;) {
        parse_param(p, is_ret);
        if (ws_ptx_accept(p, ')'))
            return;
        if (!ws_ptx_accept(p, ','))
            ws_ptx_fail_at(p, p->pos, "expected ',' or ')' in the parameter list opened at line %u, found %s",
                           ws_ptx_tok_at(p, open)->line, ws_ptx_desc(p, p->pos));
    }
}

static void parse_perf_directives(ws_ptx_parser *p, int32_t fi)
{
    while (ws_ptx_is(p, WS_TK_DOT)) {
        size_t at = p->pos;
        ws_ptx_func *f = &p->m->funcs[fi];
        uint32_t *dims = NULL;
        if (ws_ptx_tok_eq(p, at, ".maxntid"))
            dims = f->maxntid;
        else if (ws_ptx_tok_eq(p, at, ".reqntid"))
            dims = f->reqntid;
        if (dims) {
            p->pos++;
            for (int k = 0; k < 3; k++) {
                uint64_t v = ws_ptx_expect_uint(p, "a thread count");
                if (v == 0 || v > 1024)
                    ws_ptx_fail_at(p, p->pos - 1, "thread count %llu out of range 1..1024", (unsigned long long)v);
                dims[k] = (uint32_t)v;
                if (!ws_ptx_accept(p, ','))
                    break;
            }
            for (int k = 0; k < 3; k++)
                if (!dims[k])
                    dims[k] = 1;
        } else if (ws_ptx_tok_eq(p, at, ".minnctapersm") || ws_ptx_tok_eq(p, at, ".maxnreg") ||
                   ws_ptx_tok_eq(p, at, ".maxnctapersm")) {
            p->pos++;
            uint64_t v = ws_ptx_expect_uint(p, "a count");
            if (v > 65535)
                ws_ptx_fail_at(p, p->pos - 1, "value %llu out of range", (unsigned long long)v);
            if (ws_ptx_tok_eq(p, at, ".minnctapersm"))
                f->minnctapersm = (uint32_t)v;
            else if (ws_ptx_tok_eq(p, at, ".maxnreg"))
                f->maxnreg = (uint32_t)v;
        } else if (ws_ptx_tok_eq(p, at, ".noreturn")) {
            p->pos++;
            f->noreturn = true;
        } else if (ws_ptx_tok_eq(p, at, ".pragma")) {
            p->pos++;
            do {
                if (!ws_ptx_accept(p, WS_TK_STR))
                    ws_ptx_fail_at(p, p->pos, "expected a string after '.pragma', found %s", ws_ptx_desc(p, p->pos));
            } while (ws_ptx_accept(p, ','));
            ws_ptx_expect(p, ';', "the .pragma string");
        } else {
            return;
        }
    }
}

/* Turn the parsed parameter descriptors into variables of function fi. */
static void make_params(ws_ptx_parser *p, int32_t fi)
{
    ws_ptx_func *f = &p->m->funcs[fi];
    f->params = ws_xcalloc(p->npdesc + 1, sizeof *f->params);
    f->rets = ws_xcalloc(p->npdesc + 1, sizeof *f->rets);
    int32_t save = p->depth;
    p->depth = 1;   /* parameters belong to the function */
    for (size_t i = 0; i < p->npdesc; i++) {
        ws_ptx_pdesc *d = &p->pdesc[i];
        int32_t vi = ws_ptx_new_var(p, d->name_tok, WS_SP_PARAM, d->type, d->align, d->nelems, d->size);
        p->m->vars[vi].func = fi;
        p->m->vars[vi].is_ptr_param = d->ptr;
        f = &p->m->funcs[fi];
        if (d->is_ret)
            f->rets[f->nrets++] = vi;
        else
            f->params[f->nparams++] = vi;
    }
    p->depth = save;
}

/* A definition after a declaration: check the signatures agree and take
 * the definition's parameter names. */
static void merge_params(ws_ptx_parser *p, int32_t fi, size_t name_tok)
{
    ws_ptx_func *f = &p->m->funcs[fi];
    size_t np = 0, nr = 0;
    for (size_t i = 0; i < p->npdesc; i++)
        p->pdesc[i].is_ret ? nr++ : np++;
    bool same = np == f->nparams && nr == f->nrets;
    for (size_t i = 0, ip = 0, ir = 0; same && i < p->npdesc; i++) {
        ws_ptx_pdesc *d = &p->pdesc[i];
        int32_t vi = d->is_ret ? f->rets[ir++] : f->params[ip++];
        ws_ptx_var *v = &p->m->vars[vi];
        if (v->size != d->size || ws_ptx_type_size(v->type) != ws_ptx_type_size(d->type))
            same = false;
    }
    if (!same)
        ws_ptx_fail_at(p, name_tok, "conflicting declaration of %s (previous declaration at line %u)",
                       ws_ptx_desc(p, name_tok), f->line);
    for (size_t i = 0, ip = 0, ir = 0; i < p->npdesc; i++) {
        ws_ptx_pdesc *d = &p->pdesc[i];
        int32_t vi = d->is_ret ? f->rets[ir++] : f->params[ip++];
        ws_ptx_var *v = &p->m->vars[vi];
        const ws_ptx_tok *t = ws_ptx_tok_at(p, d->name_tok);
        free(v->name);
        v->name = ws_ptx_tok_dup(p, d->name_tok);
        free(p->m->syms[v->sym].name);
        p->m->syms[v->sym].name = ws_xstrdup(v->name);
        v->type = (uint8_t)d->type;
        v->align = d->align;
        v->is_ptr_param = d->ptr;
        v->line = t->line;
        v->col = t->col;
    }
}

enum { LINK_VISIBLE = 1, LINK_EXTERN = 2, LINK_WEAK = 4, LINK_COMMON = 8 };

static void parse_function(ws_ptx_parser *p, unsigned linkage)
{
    size_t kw = p->pos++;
    bool is_entry = ws_ptx_tok_eq(p, kw, ".entry");
    p->npdesc = 0;
    if (!is_entry && ws_ptx_accept(p, '('))
        parse_param_list(p, true);
    size_t name_tok = ws_ptx_expect_ident(p, "a function name");
    if (ws_ptx_accept(p, '('))
        parse_param_list(p, false);
    if (is_entry && p->npdesc && p->pdesc[0].is_ret)
        ws_ptx_fail_at(p, name_tok, "a kernel (.entry) cannot return values");

    const ws_ptx_tok *nt = ws_ptx_tok_at(p, name_tok);
    int32_t b = ws_ptx_names_find(&p->names, p->src + nt->off, nt->len);
    int32_t fi;
    if (b >= 0) {
        int32_t si = p->names.b[b].idx;
        if (p->names.b[b].kind != WS_NK_SYM || p->m->syms[si].func < 0)
            ws_ptx_fail_at(p, name_tok, "%s is already declared as a variable (line %u)", ws_ptx_desc(p, name_tok),
                           p->names.b[b].line);
        fi = p->m->syms[si].func;
        if (p->m->funcs[fi].is_entry != is_entry)
            ws_ptx_fail_at(p, name_tok, "conflicting declaration of %s (previous declaration at line %u)",
                           ws_ptx_desc(p, name_tok), p->m->funcs[fi].line);
        merge_params(p, fi, name_tok);
    } else {
        ws_ptx_module *m = p->m;
        WS_GROW(m->funcs, p->cap_funcs, m->nfuncs + 1);
        fi = (int32_t)m->nfuncs++;
        ws_ptx_func *f = &m->funcs[fi];
        memset(f, 0, sizeof *f);
        f->name = ws_ptx_tok_dup(p, name_tok);
        f->is_entry = is_entry;
        f->is_decl = true;
        f->line = nt->line;
        f->col = nt->col;
        f->sym = ws_ptx_add_sym(p, f->name, -1, fi);
        ws_ptx_declare(p, name_tok, f->name, WS_NK_SYM, f->sym);
        make_params(p, fi);
    }
    ws_ptx_func *f = &p->m->funcs[fi];
    f->is_visible |= (linkage & (LINK_VISIBLE | LINK_EXTERN)) != 0;
    f->is_extern |= (linkage & LINK_EXTERN) != 0;
    f->is_weak |= (linkage & LINK_WEAK) != 0;
    parse_perf_directives(p, fi);
    if (ws_ptx_accept(p, ';'))
        return;
    if (!ws_ptx_is(p, '{'))
        ws_ptx_fail_at(p, p->pos, "expected '{' or ';' after the declaration of %s, found %s",
                       ws_ptx_desc(p, name_tok), ws_ptx_desc(p, p->pos));
    f = &p->m->funcs[fi];
    if (!f->is_decl)
        ws_ptx_fail_at(p, name_tok, "redefinition of %s (first defined at line %u)", ws_ptx_desc(p, name_tok),
                       f->line);
    if (linkage & LINK_EXTERN)
        ws_ptx_fail_at(p, kw, "an .extern function cannot have a body");
    f->is_decl = false;
    f->line = nt->line;
    f->col = nt->col;
    ws_ptx_parse_body(p, fi);
}

/* ------------------------------------------------------------------ module */
static void parse_version(ws_ptx_parser *p)
{
    size_t at = ++p->pos;
    const ws_ptx_tok *t = ws_ptx_peek(p);
    unsigned maj = 0, min = 0;
    if (t->kind == WS_TK_F64 || t->kind == WS_TK_INT) {
        char buf[32];
        int n = snprintf(buf, sizeof buf, "%.*s", (int)WS_MIN(t->len, 31u), p->src + t->off);
        char dummy;
        if (n <= 0 || (sscanf(buf, "%u.%u%c", &maj, &min, &dummy) != 2 &&
                       !(t->kind == WS_TK_INT && sscanf(buf, "%u%c", &maj, &dummy) == 1)))
            t = NULL;
    } else {
        t = NULL;
    }
    if (!t || maj == 0 || maj > 99 || min > 99)
        ws_ptx_fail_at(p, at, "expected a PTX version such as 9.0 after '.version', found %s", ws_ptx_desc(p, at));
    p->pos++;
    p->m->version_major = maj;
    p->m->version_minor = min;
}

static void parse_target(ws_ptx_parser *p)
{
    p->pos++;
    for (;;) {
        size_t at = ws_ptx_expect_ident(p, "a target (sm_75, ...)");
        if (ws_ptx_tok_eq(p, at, "debug")) {
            p->m->target_debug = true;
        } else if (ws_ptx_tok_eq(p, at, "texmode_unified") || ws_ptx_tok_eq(p, at, "texmode_independent")) {
            /* texture mode: no effect without textures */
        } else if (ws_ptx_tok_eq(p, at, "map_f64_to_f32")) {
            ws_ptx_fail_at(p, at, "unsupported target option 'map_f64_to_f32'");
        } else {
            const ws_ptx_tok *t = ws_ptx_tok_at(p, at);
            const char *s = p->src + t->off;
            bool ok = (t->len > 3 && memcmp(s, "sm_", 3) == 0) ||
                      (t->len > 8 && memcmp(s, "compute_", 8) == 0);
            if (!ok)
                ws_ptx_fail_at(p, at, "unknown target %s", ws_ptx_desc(p, at));
            if (!p->m->target)
                p->m->target = ws_ptx_tok_dup(p, at);
        }
        if (!ws_ptx_accept(p, ','))
            break;
    }
    if (!p->m->target)
        ws_ptx_fail_at(p, p->pos, "'.target' names no architecture (sm_XX)");
}

static char *unquote(const ws_ptx_parser *p, size_t tok)
{
    const ws_ptx_tok *t = ws_ptx_tok_at(p, tok);
    const char *s = p->src + t->off + 1;
    size_t n = t->len - 2, k = 0;
    char *out = ws_xmalloc(n + 1);
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 1 < n)
            i++;
        out[k++] = s[i];
    }
    out[k] = '\0';
    return out;
}

static void parse_file(ws_ptx_parser *p)
{
    size_t kw = p->pos++;
    uint64_t idx = ws_ptx_expect_uint(p, "a file number");
    if (idx > WS_PTX_MAX_FILE_INDEX)
        ws_ptx_fail_at(p, kw + 1, "file number %llu is too large", (unsigned long long)idx);
    if (!ws_ptx_is(p, WS_TK_STR))
        ws_ptx_fail_at(p, p->pos, "expected a file name string after '.file %llu', found %s",
                       (unsigned long long)idx, ws_ptx_desc(p, p->pos));
    size_t st = p->pos++;
    while (ws_ptx_accept(p, ','))      /* timestamp, size */
        ws_ptx_expect_uint(p, "a number");
    ws_ptx_module *m = p->m;
    if (idx >= m->nfiles) {
        WS_GROW(m->files, p->cap_files, idx + 1);
        for (uint32_t i = m->nfiles; i <= idx; i++)
            m->files[i] = NULL;
        m->nfiles = (uint32_t)idx + 1;
    }
    free(m->files[idx]);
    m->files[idx] = unquote(p, st);
}

static void skip_section(ws_ptx_parser *p)
{
    size_t kw = p->pos++;
    while (!ws_ptx_is(p, '{')) {
        if (ws_ptx_is(p, WS_TK_EOF) || ws_ptx_is(p, ';'))
            ws_ptx_fail_at(p, p->pos, "expected '{' after '.section', found %s", ws_ptx_desc(p, p->pos));
        p->pos++;
    }
    int depth = 0;
    do {
        if (ws_ptx_is(p, WS_TK_EOF))
            ws_ptx_fail_at(p, kw, "unterminated '.section' (missing '}')");
        if (ws_ptx_is(p, '{'))
            depth++;
        else if (ws_ptx_is(p, '}'))
            depth--;
        p->pos++;
    } while (depth > 0);
}

static void parse_alias(ws_ptx_parser *p)
{
    p->pos++;
    size_t a = ws_ptx_expect_ident(p, "an alias name");
    ws_ptx_expect(p, ',', "the alias name");
    size_t t = ws_ptx_expect_ident(p, "a function name");
    ws_ptx_expect(p, ';', "'.alias'");
    int32_t si = ws_ptx_lookup_sym(p, t);
    if (p->m->syms[si].func < 0)
        ws_ptx_fail_at(p, t, "'.alias' target %s is not a function", ws_ptx_desc(p, t));
    const ws_ptx_tok *at = ws_ptx_tok_at(p, a);
    int32_t b = ws_ptx_names_find(&p->names, p->src + at->off, at->len);
    if (b < 0 || p->names.b[b].kind != WS_NK_SYM || p->m->syms[p->names.b[b].idx].func < 0)
        ws_ptx_fail_at(p, a, "'.alias' name %s must be declared as a function first", ws_ptx_desc(p, a));
    ws_ptx_func *af = &p->m->funcs[p->m->syms[p->names.b[b].idx].func];
    const ws_ptx_func *tf = &p->m->funcs[p->m->syms[si].func];
    if (!af->is_decl)
        ws_ptx_fail_at(p, a, "'.alias' name %s is already defined", ws_ptx_desc(p, a));
    bool same = af->nparams == tf->nparams && af->nrets == tf->nrets && af->is_entry == tf->is_entry;
    for (uint32_t i = 0; same && i < af->nparams + af->nrets; i++) {
        int32_t x = i < af->nparams ? af->params[i] : af->rets[i - af->nparams];
        int32_t y = i < af->nparams ? tf->params[i] : tf->rets[i - af->nparams];
        same = p->m->vars[x].size == p->m->vars[y].size;
    }
    if (!same)
        ws_ptx_fail_at(p, a, "'.alias' %s and %s have different prototypes", ws_ptx_desc(p, a), ws_ptx_desc(p, t));
    /* Calls to the alias go to the target. */
    p->m->syms[p->names.b[b].idx].func = p->m->syms[si].func;
}

static void parse_module(ws_ptx_parser *p)
{
    if (!ws_ptx_tok_eq(p, p->pos, ".version"))
        ws_ptx_fail_at(p, p->pos, "expected '.version' at the start of the module, found %s",
                       ws_ptx_desc(p, p->pos));
    parse_version(p);
    while (!ws_ptx_is(p, WS_TK_EOF)) {
        size_t at = p->pos;
        if (!ws_ptx_is(p, WS_TK_DOT))
            ws_ptx_fail_at(p, at, "expected a directive (.entry, .func, .global, ...), found %s",
                           ws_ptx_desc(p, at));
        if (ws_ptx_tok_eq(p, at, ".version")) {
            ws_ptx_fail_at(p, at, "duplicate '.version' directive");
        } else if (ws_ptx_tok_eq(p, at, ".target")) {
            if (p->m->target)
                ws_ptx_fail_at(p, at, "duplicate '.target' directive");
            parse_target(p);
            continue;
        } else if (ws_ptx_tok_eq(p, at, ".address_size")) {
            p->pos++;
            uint64_t v = ws_ptx_expect_uint(p, "32 or 64");
            if (v != 32 && v != 64)
                ws_ptx_fail_at(p, at + 1, "address size must be 32 or 64, not %llu", (unsigned long long)v);
            p->m->address_size = (uint32_t)v;
            continue;
        } else if (ws_ptx_tok_eq(p, at, ".file")) {
            parse_file(p);
            continue;
        } else if (ws_ptx_tok_eq(p, at, ".section")) {
            skip_section(p);
            continue;
        } else if (ws_ptx_tok_eq(p, at, ".pragma")) {
            p->pos++;
            if (!ws_ptx_accept(p, WS_TK_STR))
                ws_ptx_fail_at(p, p->pos, "expected a string after '.pragma', found %s", ws_ptx_desc(p, p->pos));
            ws_ptx_expect(p, ';', "the .pragma string");
            continue;
        }
        if (!p->m->target)
            ws_ptx_fail_at(p, at, "missing '.target' directive before %s", ws_ptx_desc(p, at));
        if (ws_ptx_tok_eq(p, at, ".alias")) {
            parse_alias(p);
            continue;
        }
        unsigned linkage = 0;
        for (;;) {
            size_t lt = p->pos;
            unsigned l = ws_ptx_tok_eq(p, lt, ".visible") ? LINK_VISIBLE : ws_ptx_tok_eq(p, lt, ".extern") ? LINK_EXTERN
                       : ws_ptx_tok_eq(p, lt, ".weak") ? LINK_WEAK : ws_ptx_tok_eq(p, lt, ".common") ? LINK_COMMON : 0;
            if (!l)
                break;
            linkage |= l;
            p->pos++;
        }
        size_t kw = p->pos;
        const ws_ptx_tok *t = ws_ptx_peek(p);
        if (ws_ptx_tok_eq(p, kw, ".entry") || ws_ptx_tok_eq(p, kw, ".func")) {
            parse_function(p, linkage);
        } else if (ws_ptx_tok_eq(p, kw, ".global") || ws_ptx_tok_eq(p, kw, ".const") ||
                   ws_ptx_tok_eq(p, kw, ".shared")) {
            p->pos++;
            ws_ptx_space sp = ws_ptx_space_from(p->src + t->off + 1, t->len - 1);
            bool ext = (linkage & LINK_EXTERN) != 0;
            if (ext && sp != WS_SP_SHARED)
                ws_ptx_fail_at(p, kw, "unsupported: .extern %s variables (defined in another module)",
                               ws_ptx_desc(p, kw));
            ws_ptx_parse_var_decl(p, sp, ext, kw);
        } else if (t->kind == WS_TK_DOT) {
            ws_ptx_fail_at(p, kw, "unexpected directive %s at module scope", ws_ptx_desc(p, kw));
        } else {
            ws_ptx_fail_at(p, kw, "expected '.entry', '.func' or a variable after the linkage, found %s",
                           ws_ptx_desc(p, kw));
        }
    }
    if (!p->m->target)
        ws_ptx_fail_at(p, p->pos, "missing '.target' directive");
}

/* ------------------------------------------------------------------ entry points */
static void parser_free(ws_ptx_parser *p)
{
    ws_ptx_names_free(&p->names);
    ws_ptx_names_free(&p->labels);
    free(p->fixups);
    free(p->pdesc);
    free(p->ivals);
    free(p->toks);
    free(p);
}

ws_ptx_module *ws_ptx_parse(const char *text, size_t len, const char *path, ws_error *err)
{
    ws_error_clear(err);
    if (!path)
        path = "<ptx>";
    ws_ptx_parser *p = ws_xcalloc(1, sizeof *p);
    p->src = text ? text : "";
    p->srclen = text ? len : 0;
    p->path = path;
    p->err = err;
    p->fi = -1;
    if (ws_ptx_lex(p->src, p->srclen, path, &p->toks, &p->ntoks, err) < 0) {
        parser_free(p);
        return NULL;
    }
    p->m = ws_xcalloc(1, sizeof *p->m);
    p->m->path = ws_xstrdup(path);
    p->m->address_size = 32;
    if (setjmp(p->jb)) {
        ws_ptx_module_free(p->m);
        parser_free(p);
        return NULL;
    }
    parse_module(p);
    ws_ptx_module *m = p->m;
    parser_free(p);
    for (uint32_t i = 0; i < m->nfuncs; i++)
        if (!m->funcs[i].is_decl && ws_ptx_cfg_fill(m, &m->funcs[i], err) < 0) {
            ws_ptx_module_free(m);
            return NULL;
        }
    if (ws_ptx_layout(m, err) < 0) {
        ws_ptx_module_free(m);
        return NULL;
    }
    ws_ptx_count_regs(m);
    return m;
}

ws_ptx_module *ws_ptx_load_file(const char *path, ws_error *err)
{
    size_t len;
    char *text = ws_read_file(path, &len);
    if (!text) {
        if (errno == EISDIR)
            ws_error_set(err, WS_E_IO, "%s: is a directory", path);
        else
            ws_error_set(err, WS_E_IO, "cannot read PTX file '%s': %s", path, strerror(errno));
        return NULL;
    }
    ws_ptx_module *m = ws_ptx_parse(text, len, path, err);
    free(text);
    if (m) {
        size_t n = strlen(path) + sizeof ".ptxas";
        char *res = ws_xmalloc(n);
        ws_ptx_res_path(path, res, n);
        int rc = ws_ptx_res_load(m, res, err);
        free(res);
        if (rc < 0) {
            ws_ptx_module_free(m);
            return NULL;
        }
    }
    return m;
}
