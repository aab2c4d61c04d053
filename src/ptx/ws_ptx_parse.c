/* ws_ptx_parse.c: PTX module structure: directives, functions, declarations,
 * initializers and bodies.  Instructions are parsed by ws_ptx_insn.c; the
 * passes that finish a module (CFG, layout, registers) run at the end of
 * ws_ptx_parse(). */
#include "ptx/ws_ptx_int.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

/* Limits that keep hostile input from exhausting memory. */
#define MAX_REGS_PER_DECL (1u << 19)   /* per function */
#define MAX_REGS_PER_MODULE (1u << 20)
#define MAX_VAR_BYTES ((uint64_t)1 << 32)
#define MAX_INIT_BYTES ((uint64_t)1 << 28)   /* variables with an initializer */
#define MAX_FILE_INDEX 65535u

/* A parameter as written, before it becomes a variable. */
typedef struct ws_ptx_pdesc {
    size_t name_tok;
    ws_ptx_type type;
    uint32_t align;
    uint64_t nelems, size;
    bool ptr;
    bool is_ret;
} ws_ptx_pdesc;

/* One scalar initializer value. */
typedef struct ws_ptx_ival {
    size_t tok;
    bool is_sym;
    ws_ptx_lit lit;
    int32_t sym;
    bool generic;
    int64_t addend;
} ws_ptx_ival;

/* ------------------------------------------------------------------ errors, tokens */
static _Noreturn void vfail(ws_ptx_parser *p, uint32_t line, uint32_t col, const char *fmt, va_list ap)
{
    char msg[WS_ERROR_MAX];
    vsnprintf(msg, sizeof msg, fmt, ap);
    int code = strncmp(msg, "unsupported", 11) == 0 ? WS_E_UNSUPPORTED : WS_E_PARSE;
    ws_error_set(p->err, code, "%s:%u:%u: %s", p->path, line, col, msg);
    longjmp(p->jb, 1);
}

_Noreturn void ws_ptx_fail_pos(ws_ptx_parser *p, uint32_t line, uint32_t col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(p, line, col, fmt, ap);
}

_Noreturn void ws_ptx_fail_at(ws_ptx_parser *p, size_t tok, const char *fmt, ...)
{
    const ws_ptx_tok *t = ws_ptx_tok_at(p, tok);
    va_list ap;
    va_start(ap, fmt);
    vfail(p, t->line, t->col, fmt, ap);
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

static uint64_t expect_uint(ws_ptx_parser *p, const char *what)
{
    if (!ws_ptx_is(p, WS_TK_INT))
        ws_ptx_fail_at(p, p->pos, "expected %s (an integer), found %s", what, ws_ptx_desc(p, p->pos));
    uint64_t v = ws_ptx_peek(p)->val;
    p->pos++;
    return v;
}

static size_t expect_ident(ws_ptx_parser *p, const char *what)
{
    if (!ws_ptx_is(p, WS_TK_IDENT) || ws_ptx_tok_eq(p, p->pos, "_"))
        ws_ptx_fail_at(p, p->pos, "expected %s, found %s", what, ws_ptx_desc(p, p->pos));
    return p->pos++;
}

/* ------------------------------------------------------------------ symbols */
int32_t ws_ptx_add_sym(ws_ptx_parser *p, const char *name, int32_t var, int32_t func)
{
    ws_ptx_module *m = p->m;
    WS_GROW(m->syms, p->cap_syms, m->nsyms + 1);
    m->syms[m->nsyms] = (ws_ptx_sym){ .name = ws_xstrdup(name), .var = var, .func = func };
    return (int32_t)m->nsyms++;
}

/* Bind the name of token tok in the current scope, refusing duplicates. */
static void declare(ws_ptx_parser *p, size_t tok, const char *name, int kind, int32_t idx)
{
    size_t len = strlen(name);
    int32_t b = ws_ptx_names_find(&p->names, name, len);
    if (b >= 0 && p->names.b[b].depth == p->depth)
        ws_ptx_fail_at(p, tok, "redeclaration of '%s' (first declared at line %u)", name,
                       p->names.b[b].line);
    const ws_ptx_tok *t = ws_ptx_tok_at(p, tok);
    ws_ptx_names_bind(&p->names, name, len, kind, idx, p->depth, t->line, t->col);
}

static int32_t new_var(ws_ptx_parser *p, size_t name_tok, ws_ptx_space sp, ws_ptx_type type,
                       uint32_t align, uint64_t nelems, uint64_t size)
{
    ws_ptx_module *m = p->m;
    WS_GROW(m->vars, p->cap_vars, m->nvars + 1);
    int32_t vi = (int32_t)m->nvars++;
    ws_ptx_var *v = &m->vars[vi];
    const ws_ptx_tok *t = ws_ptx_tok_at(p, name_tok);
    memset(v, 0, sizeof *v);
    v->name = ws_ptx_tok_dup(p, name_tok);
    v->space = (uint8_t)sp;
    v->type = (uint8_t)type;
    v->align = align;
    v->nelems = nelems;
    v->size = size;
    v->func = p->depth > 0 ? p->fi : -1;
    v->line = t->line;
    v->col = t->col;
    v->sym = ws_ptx_add_sym(p, v->name, vi, -1);
    return vi;
}

/* ------------------------------------------------------------------ declarations */
typedef struct decl_attrs {
    uint32_t align;
    unsigned vec;
    ws_ptx_type type;
    bool ptr;
    size_t type_tok;
} decl_attrs;

/* .align N, .v2/.v4, .TYPE, and for parameters .ptr [.space] [.align N]. */
static void parse_attrs(ws_ptx_parser *p, decl_attrs *a, bool is_param, size_t kw)
{
    memset(a, 0, sizeof *a);
    a->vec = 1;
    bool after_ptr = false;
    while (ws_ptx_is(p, WS_TK_DOT)) {
        const ws_ptx_tok *t = ws_ptx_peek(p);
        const char *s = p->src + t->off + 1;
        size_t n = t->len - 1;
        size_t at = p->pos;
        ws_ptx_type ty = ws_ptx_type_from(s, n);
        if (ws_ptx_tok_eq(p, at, ".align")) {
            p->pos++;
            uint64_t al = expect_uint(p, "an alignment");
            if (al == 0 || (al & (al - 1)) || al > 65536)
                ws_ptx_fail_at(p, at + 1, "alignment %llu is not a power of two up to 65536",
                               (unsigned long long)al);
            if (!after_ptr)
                a->align = (uint32_t)al;
            continue;
        }
        if (ws_ptx_tok_eq(p, at, ".v2") || ws_ptx_tok_eq(p, at, ".v4")) {
            a->vec = s[1] - '0';
        } else if (ty != WS_T_NONE) {
            if (a->type != WS_T_NONE)
                ws_ptx_fail_at(p, at, "two types in one declaration (%s and %s)",
                               ws_ptx_desc(p, a->type_tok), ws_ptx_desc(p, at));
            a->type = ty;
            a->type_tok = at;
        } else if (is_param && ws_ptx_tok_eq(p, at, ".ptr")) {
            a->ptr = after_ptr = true;
        } else if (after_ptr && ws_ptx_space_from(s, n) != WS_SP_NONE) {
            /* pointer's state space: recorded by is_ptr_param only */
        } else if (ws_ptx_tok_eq(p, at, ".attribute")) {
            ws_ptx_fail_at(p, at, "unsupported directive '.attribute'");
        } else {
            ws_ptx_fail_at(p, at, "unexpected %s in a declaration", ws_ptx_desc(p, at));
        }
        p->pos++;
    }
    if (a->type == WS_T_NONE)
        ws_ptx_fail_at(p, p->pos, "expected a type (.u32, .f32, .b8, ...) in the declaration after %s, found %s",
                       ws_ptx_desc(p, kw), ws_ptx_desc(p, p->pos));
    if (a->type == WS_T_PRED && !is_param)
        ws_ptx_fail_at(p, a->type_tok, "variables of type .pred are not allowed outside .reg");
}

/* [N][M]...: returns the element count (0 with *unsized for `[]`). */
static uint64_t parse_dims(ws_ptx_parser *p, bool *unsized)
{
    uint64_t n = 1;
    bool first = true;
    *unsized = false;
    while (ws_ptx_accept(p, '[')) {
        if (ws_ptx_accept(p, ']')) {
            if (!first)
                ws_ptx_fail_at(p, p->pos - 1, "only the first array dimension may be left empty");
            *unsized = true;
        } else {
            size_t at = p->pos;
            uint64_t d = expect_uint(p, "an array size");
            if (d == 0)
                ws_ptx_fail_at(p, at, "array dimension must be positive");
            if (n > MAX_VAR_BYTES / d)
                ws_ptx_fail_at(p, at, "array is too large");
            n *= d;
            ws_ptx_expect(p, ']', "the array size");
        }
        first = false;
    }
    return n;
}

static void push_ival(ws_ptx_parser *p, ws_ptx_ival v)
{
    WS_GROW(p->ivals, p->cap_ivals, p->nivals + 1);
    p->ivals[p->nivals++] = v;
}

static int32_t lookup_sym(ws_ptx_parser *p, size_t tok)
{
    const ws_ptx_tok *t = ws_ptx_tok_at(p, tok);
    int32_t b = ws_ptx_names_find(&p->names, p->src + t->off, t->len);
    if (b < 0 || p->names.b[b].kind != WS_NK_SYM)
        ws_ptx_fail_at(p, tok, "undefined symbol %s", ws_ptx_desc(p, tok));
    return p->names.b[b].idx;
}

static void parse_ival(ws_ptx_parser *p, int nest)
{
    if (nest > 16)
        ws_ptx_fail_at(p, p->pos, "initializer nested too deeply");
    if (ws_ptx_accept(p, '{')) {
        if (!ws_ptx_is(p, '}'))
            for (;;) {
                parse_ival(p, nest + 1);
                if (!ws_ptx_accept(p, ','))
                    break;
            }
        ws_ptx_expect(p, '}', "the initializer list");
        return;
    }
    ws_ptx_ival v = { .tok = p->pos };
    if (ws_ptx_is(p, WS_TK_IDENT)) {
        v.is_sym = true;
        bool paren = false;
        if (ws_ptx_tok_eq(p, p->pos, "generic") && ws_ptx_tok_at(p, p->pos + 1)->kind == '(') {
            v.generic = paren = true;
            p->pos += 2;
        }
        v.tok = expect_ident(p, "a variable name");
        v.sym = lookup_sym(p, v.tok);
        if (paren)
            ws_ptx_expect(p, ')', "generic(NAME");
        if (ws_ptx_is(p, '+') || ws_ptx_is(p, '-')) {
            bool neg = ws_ptx_peek(p)->kind == '-';
            p->pos++;
            uint64_t a = expect_uint(p, "an offset");
            v.addend = neg ? -(int64_t)a : (int64_t)a;
        }
    } else if (ws_ptx_is(p, WS_TK_INT) && ws_ptx_tok_at(p, p->pos + 1)->kind == '(') {
        ws_ptx_fail_at(p, p->pos, "unsupported initializer: byte-mask address form %s(...)",
                       ws_ptx_desc(p, p->pos));
    } else {
        v.lit = ws_ptx_parse_lit(p);
    }
    push_ival(p, v);
}

static void store_le(uint8_t *dst, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        dst[i] = (uint8_t)(v >> (8 * i));
}

/* `= value` or `= {...}` for variable vi (element count may still be 0 when unsized). */
static void parse_init(ws_ptx_parser *p, int32_t vi, bool unsized, unsigned vec, size_t eq_tok)
{
    p->nivals = 0;
    parse_ival(p, 0);
    ws_ptx_var *v = &p->m->vars[vi];
    unsigned tsz = ws_ptx_type_size(v->type);
    if (unsized) {
        uint64_t n = p->nivals;
        if (vec > 1)
            n = (n + vec - 1) / vec * vec;
        v->nelems = n;
        v->size = n * tsz;
    }
    if (p->nivals > v->nelems)
        ws_ptx_fail_at(p, eq_tok, "too many initializers for '%s' (%zu for %llu elements)", v->name,
                       p->nivals, (unsigned long long)v->nelems);
    if (v->size == 0)
        return;
    if (v->size > MAX_INIT_BYTES)
        ws_ptx_fail_at(p, eq_tok, "initialized variable '%s' is too large (%llu bytes)", v->name,
                       (unsigned long long)v->size);
    v->init = ws_xcalloc(1, v->size);
    size_t cap_relocs = 0;
    for (size_t i = 0; i < p->nivals; i++) {
        ws_ptx_ival *iv = &p->ivals[i];
        uint64_t off = i * tsz;
        if (iv->is_sym) {
            if (tsz != 4 && tsz != 8)
                ws_ptx_fail_at(p, iv->tok, "the address of %s needs a 32- or 64-bit element type, not .%s",
                               ws_ptx_desc(p, iv->tok), ws_ptx_type_name(v->type));
            WS_GROW(v->relocs, cap_relocs, v->nrelocs + 1);
            v->relocs[v->nrelocs++] = (ws_ptx_reloc){ .offset = off, .sym = iv->sym, .size = (uint8_t)tsz,
                                                      .generic = iv->generic, .addend = iv->addend };
            continue;
        }
        uint64_t bits = ws_ptx_lit_bits(iv->lit, v->type);
        if (iv->lit.kind == WS_TK_INT && tsz < 8 && !ws_ptx_type_is_float(v->type)) {
            int64_t sv = (int64_t)bits;
            int64_t lo = -((int64_t)1 << (tsz * 8 - 1)), hi = ((int64_t)1 << (tsz * 8)) - 1;
            if (sv < lo || sv > hi)
                ws_ptx_fail_at(p, iv->tok, "initializer %s does not fit in .%s", ws_ptx_desc(p, iv->tok),
                               ws_ptx_type_name(v->type));
        }
        store_le(v->init + off, bits, tsz);
    }
}

/* A variable declaration in state space sp (after the space keyword and
 * linkage).  At module scope depth == 0; inside a body the variable belongs
 * to the current function. */
static void parse_var_decl(ws_ptx_parser *p, ws_ptx_space sp, bool is_extern, size_t kw)
{
    decl_attrs a;
    parse_attrs(p, &a, false, kw);
    unsigned tsz = ws_ptx_type_size(a.type);
    for (;;) {
        size_t name_tok = expect_ident(p, "a variable name");
        bool unsized;
        uint64_t n = parse_dims(p, &unsized) * a.vec;
        if (n > MAX_VAR_BYTES / tsz)
            ws_ptx_fail_at(p, name_tok, "variable %s is too large", ws_ptx_desc(p, name_tok));
        uint32_t align = a.align ? a.align : tsz * a.vec;
        int32_t vi = new_var(p, name_tok, sp, a.type, align, unsized ? 0 : n, unsized ? 0 : n * tsz);
        p->m->vars[vi].is_extern = is_extern;
        declare(p, name_tok, p->m->vars[vi].name, WS_NK_SYM, p->m->vars[vi].sym);
        if (ws_ptx_is(p, '=')) {
            size_t eq = p->pos++;
            if (sp != WS_SP_GLOBAL && sp != WS_SP_CONST)
                ws_ptx_fail_at(p, eq, "initializers are allowed only for .global and .const variables");
            if (is_extern)
                ws_ptx_fail_at(p, eq, "an .extern variable cannot have an initializer");
            parse_init(p, vi, unsized, a.vec, eq);
        } else if (unsized && !is_extern) {
            ws_ptx_fail_at(p, name_tok, "array %s has no size and no initializer", ws_ptx_desc(p, name_tok));
        }
        if (!ws_ptx_accept(p, ','))
            break;
    }
    ws_ptx_expect(p, ';', "the declaration");
}

/* .reg .TYPE %r<N>, name, ...; */
static void parse_reg_decl(ws_ptx_parser *p, size_t kw)
{
    decl_attrs a;
    parse_attrs(p, &a, true, kw);
    if (a.vec != 1 || a.ptr || a.align)
        ws_ptx_fail_at(p, kw + 1, "unsupported register declaration (vector or aligned registers)");
    if (a.type == WS_T_B128)
        ws_ptx_fail_at(p, a.type_tok, "unsupported register type '.b128'");
    ws_ptx_func *f = &p->m->funcs[p->fi];
    bool pred = a.type == WS_T_PRED;
    for (;;) {
        size_t name_tok = expect_ident(p, "a register name");
        uint64_t count = 0;
        if (ws_ptx_accept(p, '<')) {
            size_t at = p->pos;
            count = expect_uint(p, "a register count");
            if (count > MAX_REGS_PER_DECL || (pred ? f->npreds : f->nregs) + count > MAX_REGS_PER_DECL ||
                p->total_regs + count > MAX_REGS_PER_MODULE)
                ws_ptx_fail_at(p, at, "too many registers (%llu)", (unsigned long long)count);
            p->total_regs += count;
            ws_ptx_expect(p, '>', "the register count");
        }
        const ws_ptx_tok *t = ws_ptx_tok_at(p, name_tok);
        uint64_t n = count ? count : 1;
        for (uint64_t k = 0; k < n; k++) {
            char *name;
            if (count) {
                char num[24];
                int nl = snprintf(num, sizeof num, "%llu", (unsigned long long)k);
                name = ws_xmalloc(t->len + (size_t)nl + 1);
                memcpy(name, p->src + t->off, t->len);
                memcpy(name + t->len, num, (size_t)nl + 1);
            } else {
                name = ws_ptx_tok_dup(p, name_tok);
            }
            ws_ptx_reg_info *ri;
            int32_t idx;
            if (pred) {
                WS_GROW(f->preds, p->cap_preds, f->npreds + 1);
                idx = (int32_t)f->npreds;
                ri = &f->preds[f->npreds++];
            } else {
                WS_GROW(f->regs, p->cap_regs, f->nregs + 1);
                idx = (int32_t)f->nregs;
                ri = &f->regs[f->nregs++];
            }
            ri->name = name;
            ri->type = (uint8_t)a.type;
            declare(p, name_tok, name, pred ? WS_NK_PRED : WS_NK_REG, idx);
        }
        if (!ws_ptx_accept(p, ','))
            break;
    }
    ws_ptx_expect(p, ';', "the register declaration");
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
    decl_attrs a;
    parse_attrs(p, &a, true, kw);
    if (a.type == WS_T_PRED)
        ws_ptx_fail_at(p, a.type_tok, "parameters of type .pred are not allowed");
    size_t name_tok = expect_ident(p, "a parameter name");
    bool unsized;
    uint64_t n = parse_dims(p, &unsized) * a.vec;
    if (unsized)
        ws_ptx_fail_at(p, name_tok, "unsupported parameter: unsized array %s", ws_ptx_desc(p, name_tok));
    unsigned tsz = ws_ptx_type_size(a.type);
    if (n > MAX_VAR_BYTES / tsz)
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
                uint64_t v = expect_uint(p, "a thread count");
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
            uint64_t v = expect_uint(p, "a count");
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
        int32_t vi = new_var(p, d->name_tok, WS_SP_PARAM, d->type, d->align, d->nelems, d->size);
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

static void parse_body(ws_ptx_parser *p, int32_t fi);

enum { LINK_VISIBLE = 1, LINK_EXTERN = 2, LINK_WEAK = 4, LINK_COMMON = 8 };

static void parse_function(ws_ptx_parser *p, unsigned linkage)
{
    size_t kw = p->pos++;
    bool is_entry = ws_ptx_tok_eq(p, kw, ".entry");
    p->npdesc = 0;
    if (!is_entry && ws_ptx_accept(p, '('))
        parse_param_list(p, true);
    size_t name_tok = expect_ident(p, "a function name");
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
        declare(p, name_tok, f->name, WS_NK_SYM, f->sym);
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
    parse_body(p, fi);
}

/* ------------------------------------------------------------------ bodies */
static void parse_label(ws_ptx_parser *p, int32_t fi)
{
    size_t tok = p->pos;
    p->pos += 2;
    ws_ptx_func *f = &p->m->funcs[fi];
    const ws_ptx_tok *t = ws_ptx_tok_at(p, tok);
    int32_t b = ws_ptx_names_find(&p->labels, p->src + t->off, t->len);
    if (b >= 0)
        ws_ptx_fail_at(p, tok, "duplicate label %s (first defined at line %u)", ws_ptx_desc(p, tok),
                       p->labels.b[b].line);
    WS_GROW(f->labels, p->cap_labels, f->nlabels + 1);
    f->labels[f->nlabels] = (ws_ptx_label){ .name = ws_ptx_tok_dup(p, tok), .insn = f->ninsns };
    ws_ptx_names_bind(&p->labels, f->labels[f->nlabels].name, t->len, WS_NK_LABEL, (int32_t)f->nlabels, 0,
                      t->line, t->col);
    f->nlabels++;
}

static void parse_loc(ws_ptx_parser *p)
{
    size_t kw = p->pos++;
    uint32_t line = ws_ptx_tok_at(p, kw)->line;
    uint64_t file = expect_uint(p, "a file number");
    uint64_t l = expect_uint(p, "a line number");
    expect_uint(p, "a column number");
    if (file > MAX_FILE_INDEX || l > UINT32_MAX)
        ws_ptx_fail_at(p, kw + 1, "'.loc' value out of range");
    /* `, function_name L, inlined_at F L C` and the like: rest of the line */
    while (!ws_ptx_is(p, WS_TK_EOF) && ws_ptx_peek(p)->line == line && !ws_ptx_is(p, ';') &&
           !ws_ptx_is(p, '{') && !ws_ptx_is(p, '}'))
        p->pos++;
    p->loc_file = (uint32_t)file;
    p->loc_line = (uint32_t)l;
}

static void parse_guarded(ws_ptx_parser *p)
{
    size_t start = p->pos++;   /* '@' */
    bool neg = ws_ptx_accept(p, '!');
    size_t pt = p->pos;
    if (!ws_ptx_is(p, WS_TK_IDENT))
        ws_ptx_fail_at(p, pt, "expected a predicate register after '@', found %s", ws_ptx_desc(p, pt));
    const ws_ptx_tok *t = ws_ptx_peek(p);
    int32_t b = ws_ptx_names_find(&p->names, p->src + t->off, t->len);
    if (b < 0)
        ws_ptx_fail_at(p, pt, "undefined predicate %s", ws_ptx_desc(p, pt));
    if (p->names.b[b].kind != WS_NK_PRED)
        ws_ptx_fail_at(p, pt, "guard %s is not a predicate register", ws_ptx_desc(p, pt));
    p->pos++;
    if (!ws_ptx_is(p, WS_TK_IDENT))
        ws_ptx_fail_at(p, p->pos, "expected an instruction after the guard, found %s", ws_ptx_desc(p, p->pos));
    ws_ptx_parse_insn(p, p->names.b[b].idx, neg, start);
}

static bool falls_through(const ws_ptx_insn *in)
{
    if (in->guard >= 0)
        return true;
    return !(in->op == WS_OP_BRA || in->op == WS_OP_RET || in->op == WS_OP_EXIT || in->op == WS_OP_TRAP);
}

static void finish_body(ws_ptx_parser *p, int32_t fi, size_t close_tok)
{
    ws_ptx_func *f = &p->m->funcs[fi];
    bool end_target = false;
    for (uint32_t i = 0; i < f->nlabels; i++)
        if (f->labels[i].insn == f->ninsns)
            end_target = true;
    if (f->ninsns == 0 || end_target || falls_through(&f->insns[f->ninsns - 1])) {
        /* Implicit `ret` at the closing brace: the engine never runs off the end. */
        WS_GROW(f->insns, p->cap_insns, f->ninsns + 1);
        ws_ptx_insn *in = &f->insns[f->ninsns++];
        const ws_ptx_tok *t = ws_ptx_tok_at(p, close_tok);
        memset(in, 0, sizeof *in);
        in->op = WS_OP_RET;
        in->vec = 1;
        in->guard = -1;
        in->callee = -1;
        in->line = t->line;
        in->col = t->col;
        in->src_line = p->loc_line;
        in->src_file = (uint16_t)p->loc_file;
    }
    for (size_t i = 0; i < p->nfixups; i++) {
        ws_ptx_fixup *fx = &p->fixups[i];
        const ws_ptx_tok *t = ws_ptx_tok_at(p, fx->tok);
        int32_t b = ws_ptx_names_find(&p->labels, p->src + t->off, t->len);
        if (b < 0)
            ws_ptx_fail_at(p, fx->tok, "undefined label %s", ws_ptx_desc(p, fx->tok));
        int32_t li = p->labels.b[b].idx;
        ws_ptx_opnd *o = &f->insns[fx->insn].opnd[fx->opnd];
        o->sym = li;
        o->target = f->labels[li].insn;
    }
}

static void parse_body(ws_ptx_parser *p, int32_t fi)
{
    size_t mark = p->names.nb;
    size_t marks[64];
    int nmarks = 0;
    p->fi = fi;
    p->cap_insns = p->cap_regs = p->cap_preds = p->cap_labels = 0;
    p->nfixups = 0;
    p->loc_line = p->loc_file = 0;
    ws_ptx_names_free(&p->labels);
    p->pos++;   /* '{' */
    p->depth = 1;
    /* parameters are visible in the body */
    ws_ptx_func *f = &p->m->funcs[fi];
    for (uint32_t k = 0; k < f->nparams + f->nrets; k++) {
        int32_t vi = k < f->nparams ? f->params[k] : f->rets[k - f->nparams];
        ws_ptx_var *v = &p->m->vars[vi];
        int32_t b = ws_ptx_names_find(&p->names, v->name, strlen(v->name));
        if (b >= 0 && p->names.b[b].depth == 1)
            ws_ptx_fail_pos(p, v->line, v->col, "duplicate parameter name '%s'", v->name);
        ws_ptx_names_bind(&p->names, v->name, strlen(v->name), WS_NK_SYM, v->sym, 1, v->line, v->col);
    }
    for (;;) {
        const ws_ptx_tok *t = ws_ptx_peek(p);
        size_t at = p->pos;
        if (t->kind == '}') {
            if (p->depth == 1) {
                p->pos++;
                finish_body(p, fi, at);
                break;
            }
            ws_ptx_names_pop(&p->names, marks[--nmarks]);
            p->depth--;
            p->pos++;
        } else if (t->kind == '{') {
            if (nmarks == (int)WS_ARRAY_LEN(marks))
                ws_ptx_fail_at(p, at, "blocks nested too deeply");
            marks[nmarks++] = p->names.nb;
            p->depth++;
            p->pos++;
        } else if (t->kind == WS_TK_IDENT && ws_ptx_tok_at(p, at + 1)->kind == ':') {
            parse_label(p, fi);
        } else if (t->kind == '@') {
            parse_guarded(p);
        } else if (t->kind == WS_TK_IDENT) {
            ws_ptx_parse_insn(p, -1, false, at);
        } else if (t->kind == WS_TK_DOT) {
            if (ws_ptx_tok_eq(p, at, ".reg")) {
                p->pos++;
                parse_reg_decl(p, at);
            } else if (ws_ptx_tok_eq(p, at, ".local") || ws_ptx_tok_eq(p, at, ".shared") ||
                       ws_ptx_tok_eq(p, at, ".param")) {
                p->pos++;
                parse_var_decl(p, ws_ptx_space_from(p->src + t->off + 1, t->len - 1), false, at);
            } else if (ws_ptx_tok_eq(p, at, ".loc")) {
                parse_loc(p);
            } else if (ws_ptx_tok_eq(p, at, ".pragma")) {
                p->pos++;
                if (!ws_ptx_accept(p, WS_TK_STR))
                    ws_ptx_fail_at(p, p->pos, "expected a string after '.pragma', found %s", ws_ptx_desc(p, p->pos));
                ws_ptx_expect(p, ';', "the .pragma string");
            } else if (ws_ptx_tok_eq(p, at, ".callprototype") || ws_ptx_tok_eq(p, at, ".branchtargets") ||
                       ws_ptx_tok_eq(p, at, ".calltargets")) {
                ws_ptx_fail_at(p, at, "unsupported directive %s (indirect branches and calls)", ws_ptx_desc(p, at));
            } else {
                ws_ptx_fail_at(p, at, "unexpected directive %s in a function body", ws_ptx_desc(p, at));
            }
        } else if (t->kind == WS_TK_EOF) {
            ws_ptx_fail_at(p, at, "unexpected end of file inside the body of '%s' (missing '}')",
                           p->m->funcs[fi].name);
        } else {
            ws_ptx_fail_at(p, at, "expected an instruction, a label or a declaration, found %s",
                           ws_ptx_desc(p, at));
        }
    }
    ws_ptx_names_pop(&p->names, mark);
    p->depth = 0;
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
        size_t at = expect_ident(p, "a target (sm_75, ...)");
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
    uint64_t idx = expect_uint(p, "a file number");
    if (idx > MAX_FILE_INDEX)
        ws_ptx_fail_at(p, kw + 1, "file number %llu is too large", (unsigned long long)idx);
    if (!ws_ptx_is(p, WS_TK_STR))
        ws_ptx_fail_at(p, p->pos, "expected a file name string after '.file %llu', found %s",
                       (unsigned long long)idx, ws_ptx_desc(p, p->pos));
    size_t st = p->pos++;
    while (ws_ptx_accept(p, ','))      /* timestamp, size */
        expect_uint(p, "a number");
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
    size_t a = expect_ident(p, "an alias name");
    ws_ptx_expect(p, ',', "the alias name");
    size_t t = expect_ident(p, "a function name");
    ws_ptx_expect(p, ';', "'.alias'");
    int32_t si = lookup_sym(p, t);
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
            uint64_t v = expect_uint(p, "32 or 64");
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
            parse_var_decl(p, sp, ext, kw);
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
        ws_error_set(err, WS_E_IO, "cannot read PTX file '%s': %s", path, strerror(errno));
        return NULL;
    }
    ws_ptx_module *m = ws_ptx_parse(text, len, path, err);
    free(text);
    return m;
}
