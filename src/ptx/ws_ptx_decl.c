/* ws_ptx_decl.c: declarations: symbols, variables and their initializers,
 * registers. */
#include "ptx/ws_ptx_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

/* One scalar initializer value. */
typedef struct ws_ptx_ival {
    size_t tok;
    bool is_sym;
    ws_ptx_lit lit;
    int32_t sym;
    bool generic;
    int64_t addend;
} ws_ptx_ival;

/* ------------------------------------------------------------------ symbols */
int32_t ws_ptx_add_sym(ws_ptx_parser *p, const char *name, int32_t var, int32_t func)
{
    ws_ptx_module *m = p->m;
    WS_GROW(m->syms, p->cap_syms, m->nsyms + 1);
    m->syms[m->nsyms] = (ws_ptx_sym){ .name = ws_xstrdup(name), .var = var, .func = func };
    return (int32_t)m->nsyms++;
}

/* Bind the name of token tok in the current scope, refusing duplicates. */
void ws_ptx_declare(ws_ptx_parser *p, size_t tok, const char *name, int kind, int32_t idx)
{
    size_t len = strlen(name);
    int32_t b = ws_ptx_names_find(&p->names, name, len);
    if (b >= 0 && p->names.b[b].depth == p->depth)
        ws_ptx_fail_at(p, tok, "redeclaration of '%s' (first declared at line %u)", name,
                       p->names.b[b].line);
    const ws_ptx_tok *t = ws_ptx_tok_at(p, tok);
    ws_ptx_names_bind(&p->names, name, len, kind, idx, p->depth, t->line, t->col);
}

int32_t ws_ptx_new_var(ws_ptx_parser *p, size_t name_tok, ws_ptx_space sp, ws_ptx_type type,
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

/* .align N, .v2/.v4, .TYPE, and for parameters .ptr [.space] [.align N]. */
void ws_ptx_parse_attrs(ws_ptx_parser *p, ws_ptx_attrs *a, bool is_param, size_t kw)
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
            uint64_t al = ws_ptx_expect_uint(p, "an alignment");
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
uint64_t ws_ptx_parse_dims(ws_ptx_parser *p, bool *unsized)
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
            uint64_t d = ws_ptx_expect_uint(p, "an array size");
            if (d == 0)
                ws_ptx_fail_at(p, at, "array dimension must be positive");
            if (n > WS_PTX_MAX_VAR_BYTES / d)
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

int32_t ws_ptx_lookup_sym(ws_ptx_parser *p, size_t tok)
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
        v.tok = ws_ptx_expect_ident(p, "a variable name");
        v.sym = ws_ptx_lookup_sym(p, v.tok);
        if (paren)
            ws_ptx_expect(p, ')', "generic(NAME");
        if (ws_ptx_is(p, '+') || ws_ptx_is(p, '-')) {
            bool neg = ws_ptx_peek(p)->kind == '-';
            p->pos++;
            uint64_t a = ws_ptx_expect_uint(p, "an offset");
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
    if (v->size > WS_PTX_MAX_INIT_BYTES)
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
void ws_ptx_parse_var_decl(ws_ptx_parser *p, ws_ptx_space sp, bool is_extern, size_t kw)
{
    ws_ptx_attrs a;
    ws_ptx_parse_attrs(p, &a, false, kw);
    unsigned tsz = ws_ptx_type_size(a.type);
    for (;;) {
        size_t name_tok = ws_ptx_expect_ident(p, "a variable name");
        bool unsized;
        uint64_t n = ws_ptx_parse_dims(p, &unsized) * a.vec;
        if (n > WS_PTX_MAX_VAR_BYTES / tsz)
            ws_ptx_fail_at(p, name_tok, "variable %s is too large", ws_ptx_desc(p, name_tok));
        uint32_t align = a.align ? a.align : tsz * a.vec;
        int32_t vi = ws_ptx_new_var(p, name_tok, sp, a.type, align, unsized ? 0 : n, unsized ? 0 : n * tsz);
        p->m->vars[vi].is_extern = is_extern;
        ws_ptx_declare(p, name_tok, p->m->vars[vi].name, WS_NK_SYM, p->m->vars[vi].sym);
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

/* The caps on registers: a function may have WS_PTX_MAX_REGS_PER_FUNC
 * registers (and as many predicates), the whole module
 * WS_PTX_MAX_REGS_PER_MODULE of both kinds, all functions together.  The
 * declaration of n registers at token `at` (name at name_tok) in function f
 * must keep to them; the error says which cap, in which function, and how
 * the module got there (what earlier functions declared), since the
 * declaration that crosses the module's cap is often a small one. */
static void check_reg_caps(ws_ptx_parser *p, const ws_ptx_func *f, bool pred, size_t at, size_t name_tok,
                           uint64_t n)
{
    const ws_ptx_tok *t = ws_ptx_tok_at(p, name_tok);
    int nl = (int)t->len;
    const char *nm = p->src + t->off;
    const char *kind = pred ? "predicate" : "register";
    uint64_t have = pred ? f->npreds : f->nregs;
    if (n > WS_PTX_MAX_REGS_PER_FUNC || have + n > WS_PTX_MAX_REGS_PER_FUNC)
        ws_ptx_fail_at(p, at,
                       "too many registers in function '%s': declaring %llu %s%s for %.*s would give it %llu, "
                       "more than the %u a function may have",
                       f->name, (unsigned long long)n, kind, n == 1 ? "" : "s", nl, nm,
                       (unsigned long long)(have + n), WS_PTX_MAX_REGS_PER_FUNC);
    if (p->total_regs + n > WS_PTX_MAX_REGS_PER_MODULE) {
        uint64_t here = (uint64_t)f->nregs + f->npreds;
        uint64_t before = p->total_regs >= here ? p->total_regs - here : 0;
        ws_ptx_fail_at(p, at,
                       "too many registers in the module: declaring %llu %s%s for %.*s in function '%s' would bring "
                       "the module to %llu, more than the %u all its functions may have together (%llu declared "
                       "by earlier functions, %llu so far by '%s')",
                       (unsigned long long)n, kind, n == 1 ? "" : "s", nl, nm, f->name,
                       (unsigned long long)(p->total_regs + n), WS_PTX_MAX_REGS_PER_MODULE,
                       (unsigned long long)before, (unsigned long long)here, f->name);
    }
}

/* .reg .TYPE %r<N>, name, ...; */
void ws_ptx_parse_reg_decl(ws_ptx_parser *p, size_t kw)
{
    ws_ptx_attrs a;
    ws_ptx_parse_attrs(p, &a, true, kw);
    if (a.vec != 1 || a.ptr || a.align)
        ws_ptx_fail_at(p, kw + 1, "unsupported register declaration (vector or aligned registers)");
    if (a.type == WS_T_B128)
        ws_ptx_fail_at(p, a.type_tok, "unsupported register type '.b128'");
    ws_ptx_func *f = &p->m->funcs[p->fi];
    bool pred = a.type == WS_T_PRED;
    for (;;) {
        size_t name_tok = ws_ptx_expect_ident(p, "a register name");
        uint64_t count = 0;
        size_t at = name_tok;
        if (ws_ptx_accept(p, '<')) {
            at = p->pos;
            count = ws_ptx_expect_uint(p, "a register count");
        }
        const ws_ptx_tok *t = ws_ptx_tok_at(p, name_tok);
        uint64_t n = count ? count : 1;
        check_reg_caps(p, f, pred, at, name_tok, n);
        p->total_regs += n;
        if (count)
            ws_ptx_expect(p, '>', "the register count");
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
            ws_ptx_declare(p, name_tok, name, pred ? WS_NK_PRED : WS_NK_REG, idx);
        }
        if (!ws_ptx_accept(p, ','))
            break;
    }
    ws_ptx_expect(p, ';', "the register declaration");
}

