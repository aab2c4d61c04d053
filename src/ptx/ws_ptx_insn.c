/* ws_ptx_insn.c: one instruction: opcode, modifiers (ws_ptx_optab.c),
 * operands checked against the opcode's pattern, calls, literals. */
#include "ptx/ws_ptx_insn.h"

#include <math.h>
#include <string.h>

#include "util/ws_util.h"

#define NONE_TOK ((size_t)-1)

/* An operand as written, before it is checked against its role. */
enum { RK_IDENT = 1, RK_LIT, RK_ADDR, RK_VEC };
enum { EK_IDENT = 1, EK_LIT, EK_SINK };

typedef struct raw_el {
    int kind;
    size_t tok;
    ws_ptx_lit lit;
} raw_el;

typedef struct raw_opnd {
    int kind;
    size_t tok;             /* first token */
    size_t id;              /* IDENT token; ADDR base token or NONE_TOK */
    bool neg;               /* !p */
    size_t pair;            /* d|p: the predicate's token, or NONE_TOK */
    size_t comp;            /* %tid.x: the component token, or NONE_TOK */
    ws_ptx_lit lit;         /* LIT; ADDR absolute address */
    int64_t off;            /* ADDR offset */
    int nvec;
    raw_el el[8];
} raw_opnd;

/* ------------------------------------------------------------------ literals */
static uint64_t dbl_to_small(double d, int ebits, int mbits)
{
    uint64_t sign = signbit(d) ? 1 : 0;
    int bias = (1 << (ebits - 1)) - 1;
    uint64_t emax = ((uint64_t)1 << ebits) - 1, top = sign << (ebits + mbits);
    if (isnan(d))
        return top | emax << mbits | (uint64_t)1 << (mbits - 1);
    d = fabs(d);
    if (isinf(d))
        return top | emax << mbits;
    if (d == 0)
        return top;
    int e;
    frexp(d, &e);
    int E = e - 1;
    if (E < 1 - bias) {   /* subnormal (may round up into the smallest normal) */
        uint64_t mi = (uint64_t)rint(ldexp(d, mbits - (1 - bias)));
        return top | mi;
    }
    uint64_t mi = (uint64_t)rint(ldexp(d, mbits - E));
    if (mi == (uint64_t)2 << mbits) {
        mi >>= 1;
        E++;
    }
    if ((uint64_t)(E + bias) >= emax)
        return top | emax << mbits;
    return top | (uint64_t)(E + bias) << mbits | (mi & (((uint64_t)1 << mbits) - 1));
}

static double lit_double(ws_ptx_lit l)
{
    if (l.kind == WS_TK_F32) {
        uint32_t b = (uint32_t)l.bits;
        float f;
        memcpy(&f, &b, sizeof f);
        return f;
    }
    if (l.kind == WS_TK_F64) {
        double d;
        memcpy(&d, &l.bits, sizeof d);
        return d;
    }
    return (double)(int64_t)l.bits;
}

uint64_t ws_ptx_lit_bits(ws_ptx_lit l, ws_ptx_type t)
{
    switch (t) {
    case WS_T_F32: {
        if (l.kind == WS_TK_F32)
            return l.bits & 0xffffffffu;
        float f = (float)lit_double(l);
        uint32_t b;
        memcpy(&b, &f, sizeof b);
        return b;
    }
    case WS_T_F64: {
        if (l.kind == WS_TK_F64)
            return l.bits;
        double d = lit_double(l);
        uint64_t b;
        memcpy(&b, &d, sizeof b);
        return b;
    }
    case WS_T_F16: case WS_T_BF16:
        if (l.kind == WS_TK_INT)
            return l.bits;   /* raw bits */
        return t == WS_T_F16 ? dbl_to_small(lit_double(l), 5, 10) : dbl_to_small(lit_double(l), 8, 7);
    default:
        return l.bits;
    }
}

ws_ptx_lit ws_ptx_parse_lit(ws_ptx_parser *p)
{
    size_t at = p->pos;
    bool neg = ws_ptx_accept(p, '-');
    const ws_ptx_tok *t = ws_ptx_peek(p);
    if (t->kind != WS_TK_INT && t->kind != WS_TK_F32 && t->kind != WS_TK_F64)
        ws_ptx_fail_at(p, p->pos, "expected a number%s, found %s", neg ? " after '-'" : "", ws_ptx_desc(p, p->pos));
    ws_ptx_lit l = { .kind = t->kind, .bits = t->val };
    if (neg) {
        if (t->kind == WS_TK_INT) {
            if (l.bits > (uint64_t)1 << 63)
                ws_ptx_fail_at(p, at, "integer constant -%llu does not fit in 64 bits", (unsigned long long)l.bits);
            l.bits = (uint64_t)0 - l.bits;
        } else {
            l.bits ^= t->kind == WS_TK_F32 ? (uint64_t)1 << 31 : (uint64_t)1 << 63;
        }
    }
    p->pos++;
    return l;
}

/* ------------------------------------------------------------------ raw operands */
static void parse_addr(ws_ptx_ictx *c, raw_opnd *r)
{
    ws_ptx_parser *p = c->p;
    p->pos++;   /* '[' */
    r->kind = RK_ADDR;
    r->id = NONE_TOK;
    if (ws_ptx_is(p, WS_TK_IDENT)) {
        r->id = p->pos++;
        if (ws_ptx_is(p, '+') || ws_ptx_is(p, '-')) {
            bool minus = ws_ptx_peek(p)->kind == '-';
            p->pos++;
            size_t at = p->pos;
            ws_ptx_lit l = ws_ptx_parse_lit(p);
            if (l.kind != WS_TK_INT)
                ws_ptx_fail_at(p, at, "address offset must be an integer, found %s", ws_ptx_desc(p, at));
            int64_t v = (int64_t)l.bits;
            if (minus) {
                if (v == INT64_MIN)
                    ws_ptx_fail_at(p, at, "address offset out of range");
                v = -v;
            }
            r->off = v;
        }
    } else if (ws_ptx_is(p, WS_TK_INT) || ws_ptx_is(p, '-')) {
        size_t at = p->pos;
        r->lit = ws_ptx_parse_lit(p);
        if (r->lit.kind != WS_TK_INT)
            ws_ptx_fail_at(p, at, "address must be an integer, found %s", ws_ptx_desc(p, at));
        r->off = (int64_t)r->lit.bits;
    } else {
        ws_ptx_fail_at(p, p->pos, "expected a register, a variable or an address inside '[ ]', found %s",
                       ws_ptx_desc(p, p->pos));
    }
    if (!ws_ptx_accept(p, ']'))
        ws_ptx_fail_at(p, p->pos, "expected ']' to close the address, found %s", ws_ptx_desc(p, p->pos));
}

static void parse_vec(ws_ptx_ictx *c, raw_opnd *r)
{
    ws_ptx_parser *p = c->p;
    p->pos++;   /* '{' */
    r->kind = RK_VEC;
    for (;;) {
        if (r->nvec == (int)WS_ARRAY_LEN(r->el))
            ws_ptx_fail_at(p, p->pos, "too many elements in the vector operand");
        raw_el *e = &r->el[r->nvec++];
        e->tok = p->pos;
        if (ws_ptx_is(p, WS_TK_IDENT)) {
            e->kind = ws_ptx_tok_eq(p, p->pos, "_") ? EK_SINK : EK_IDENT;
            p->pos++;
        } else if (ws_ptx_is(p, WS_TK_INT) || ws_ptx_is(p, WS_TK_F32) || ws_ptx_is(p, WS_TK_F64) ||
                   ws_ptx_is(p, '-')) {
            e->kind = EK_LIT;
            e->lit = ws_ptx_parse_lit(p);
        } else {
            ws_ptx_fail_at(p, p->pos, "expected a register in the vector operand, found %s", ws_ptx_desc(p, p->pos));
        }
        if (ws_ptx_accept(p, '}'))
            return;
        if (!ws_ptx_accept(p, ','))
            ws_ptx_fail_at(p, p->pos, "expected ',' or '}' in the vector operand, found %s", ws_ptx_desc(p, p->pos));
    }
}

static void parse_raw(ws_ptx_ictx *c, raw_opnd *r, bool first)
{
    ws_ptx_parser *p = c->p;
    memset(r, 0, sizeof *r);
    r->tok = p->pos;
    r->id = r->pair = r->comp = NONE_TOK;
    const ws_ptx_tok *t = ws_ptx_peek(p);
    if (t->kind == '!') {
        p->pos++;
        r->neg = true;
        if (!ws_ptx_is(p, WS_TK_IDENT))
            ws_ptx_fail_at(p, p->pos, "expected a predicate after '!', found %s", ws_ptx_desc(p, p->pos));
        r->kind = RK_IDENT;
        r->id = p->pos++;
    } else if (t->kind == '[') {
        parse_addr(c, r);
    } else if (t->kind == '{') {
        parse_vec(c, r);
    } else if (t->kind == '-' || t->kind == WS_TK_INT || t->kind == WS_TK_F32 || t->kind == WS_TK_F64) {
        r->kind = RK_LIT;
        r->lit = ws_ptx_parse_lit(p);
    } else if (t->kind == WS_TK_IDENT) {
        r->kind = RK_IDENT;
        r->id = p->pos++;
        if (ws_ptx_is(p, WS_TK_DOT))
            r->comp = p->pos++;
        if (ws_ptx_is(p, '|')) {
            if (!first)
                ws_ptx_fail_at(p, p->pos, "unexpected '|' after operand %s of '%s'", ws_ptx_desc(p, r->id), c->name);
            p->pos++;
            if (!ws_ptx_is(p, WS_TK_IDENT))
                ws_ptx_fail_at(p, p->pos, "expected a predicate after '|', found %s", ws_ptx_desc(p, p->pos));
            r->pair = p->pos++;
        }
    } else {
        ws_ptx_fail_at(p, p->pos, "expected an operand of '%s', found %s", c->name, ws_ptx_desc(p, p->pos));
    }
}

/* ------------------------------------------------------------------ names */
typedef struct nref {
    int kind;        /* WS_NK_SYM / REG / PRED, or 0 */
    int32_t idx;
} nref;

static nref resolve(ws_ptx_parser *p, size_t tok)
{
    const ws_ptx_tok *t = ws_ptx_tok_at(p, tok);
    int32_t b = ws_ptx_names_find(&p->names, p->src + t->off, t->len);
    if (b < 0)
        return (nref){ 0, -1 };
    return (nref){ p->names.b[b].kind, p->names.b[b].idx };
}

static const char *reg_type_name(const ws_ptx_parser *p, int32_t r)
{
    return ws_ptx_type_name((ws_ptx_type)p->m->funcs[p->fi].regs[r].type);
}

/* Check register r can hold a value of type t. */
static void check_width(ws_ptx_ictx *c, int n, size_t tok, int32_t r, ws_ptx_type t)
{
    ws_ptx_parser *p = c->p;
    unsigned have = ws_ptx_type_size((ws_ptx_type)p->m->funcs[p->fi].regs[r].type);
    if (t != WS_T_NONE && have < ws_ptx_type_size(t))
        ws_ptx_fail_at(p, tok, "operand %d of '%s': register %s is .%s, too narrow for .%s", n, c->name,
                       ws_ptx_desc(p, tok), reg_type_name(p, r), ws_ptx_type_name(t));
}

static _Noreturn void undefined(ws_ptx_ictx *c, size_t tok, const char *what)
{
    const ws_ptx_tok *t = ws_ptx_tok_at(c->p, tok);
    if (c->p->src[t->off] == '%')
        what = "register";
    ws_ptx_fail_at(c->p, tok, "undefined %s %s", what, ws_ptx_desc(c->p, tok));
}

/* A register (or predicate when t is .pred) named by token tok. */
static void reg_opnd(ws_ptx_ictx *c, int n, size_t tok, ws_ptx_type t, bool dest, ws_ptx_opnd *o)
{
    ws_ptx_parser *p = c->p;
    nref r = resolve(p, tok);
    if (!r.kind)
        undefined(c, tok, t == WS_T_PRED ? "predicate" : "register");
    if (t == WS_T_PRED) {
        if (r.kind != WS_NK_PRED)
            ws_ptx_fail_at(p, tok, "operand %d of '%s' must be a predicate, found %s", n, c->name, ws_ptx_desc(p, tok));
        o->kind = WS_O_PRED;
        o->reg = r.idx;
        return;
    }
    if (r.kind != WS_NK_REG)
        ws_ptx_fail_at(p, tok, "operand %d of '%s' must be a %sregister, found %s%s", n, c->name,
                       dest ? "destination " : "", r.kind == WS_NK_PRED ? "predicate " : "", ws_ptx_desc(p, tok));
    check_width(c, n, tok, r.idx, t);
    o->kind = WS_O_REG;
    o->reg = r.idx;
}

static void sreg_opnd(ws_ptx_ictx *c, int n, const raw_opnd *r, ws_ptx_opnd *o)
{
    ws_ptx_parser *p = c->p;
    const ws_ptx_tok *t = ws_ptx_tok_at(p, r->id);
    int env;
    int s = ws_ptx_sreg_from(p->src + t->off, t->len, &env);
    if (!s)
        ws_ptx_fail_at(p, r->id, "unsupported special register %s", ws_ptx_desc(p, r->id));
    bool vec = s == WS_SR_TID || s == WS_SR_NTID || s == WS_SR_CTAID || s == WS_SR_NCTAID;
    o->kind = WS_O_SREG;
    o->sreg = (uint16_t)s;
    o->imm = env >= 0 ? env : 0;
    if (vec) {
        if (r->comp == NONE_TOK)
            ws_ptx_fail_at(p, r->id, "special register %s needs a component (.x, .y or .z)", ws_ptx_desc(p, r->id));
        const ws_ptx_tok *ct = ws_ptx_tok_at(p, r->comp);
        char ch = ct->len == 2 ? p->src[ct->off + 1] : 0;
        if (ch != 'x' && ch != 'y' && ch != 'z')
            ws_ptx_fail_at(p, r->comp, "bad component %s of %s (expected .x, .y or .z)", ws_ptx_desc(p, r->comp),
                           ws_ptx_desc(p, r->id));
        o->comp = (uint8_t)(ch - 'x');
    } else if (r->comp != NONE_TOK) {
        ws_ptx_fail_at(p, r->comp, "unexpected %s after %s", ws_ptx_desc(p, r->comp), ws_ptx_desc(p, r->id));
    }
    (void)n;
}

static int32_t *alloc_vec(ws_ptx_opnd *o, int n)
{
    o->vec = ws_xcalloc((size_t)n, sizeof *o->vec);
    o->nvec = (uint8_t)n;
    return o->vec;
}

/* {a, b, _, 1}: each element a register of at least type et, a sink if
 * allowed, or an immediate if allowed. */
static void vec_opnd(ws_ptx_ictx *c, int n, const raw_opnd *r, ws_ptx_type et, bool dest, ws_ptx_opnd *o)
{
    ws_ptx_parser *p = c->p;
    o->kind = WS_O_VEC;
    int32_t *v = alloc_vec(o, r->nvec);
    for (int i = 0; i < r->nvec; i++) {
        const raw_el *e = &r->el[i];
        if (e->kind == EK_SINK) {
            if (!dest)
                ws_ptx_fail_at(p, e->tok, "operand %d of '%s': '_' is allowed only in a destination", n, c->name);
            v[i] = -1;
        } else if (e->kind == EK_LIT) {
            if (dest)
                ws_ptx_fail_at(p, e->tok, "operand %d of '%s': a constant cannot be a destination", n, c->name);
            if (!o->vec_imm)
                o->vec_imm = ws_xcalloc((size_t)r->nvec, sizeof *o->vec_imm);
            o->vec_imm[i] = (int64_t)ws_ptx_lit_bits(e->lit, et);
            v[i] = -2;
        } else {
            ws_ptx_opnd tmp = { 0 };
            reg_opnd(c, n, e->tok, et, dest, &tmp);
            v[i] = tmp.reg;
        }
    }
}

static ws_ptx_type elem_type(ws_ptx_type t, int n)
{
    unsigned sz = ws_ptx_type_size(t) / (unsigned)n;
    return sz == 8 ? WS_T_B64 : sz == 4 ? WS_T_B32 : sz == 2 ? WS_T_B16 : sz == 1 ? WS_T_B8 : WS_T_NONE;
}

static void addr_opnd(ws_ptx_ictx *c, int n, const raw_opnd *r, ws_ptx_opnd *o)
{
    ws_ptx_parser *p = c->p;
    o->kind = WS_O_ADDR;
    o->reg = -1;
    o->sym = -1;
    o->imm = r->off;
    if (r->id == NONE_TOK)
        return;
    nref ref = resolve(p, r->id);
    if (ref.kind == WS_NK_REG) {
        o->reg = ref.idx;
        return;
    }
    if (ref.kind == WS_NK_SYM && p->m->syms[ref.idx].var >= 0) {
        const ws_ptx_var *v = &p->m->vars[p->m->syms[ref.idx].var];
        int sp = c->in->space;
        if (sp && sp != v->space)
            ws_ptx_fail_at(p, r->id, "operand %d of '%s': variable %s is in the .%s space", n, c->name,
                           ws_ptx_desc(p, r->id), ws_ptx_space_name((ws_ptx_space)v->space));
        o->sym = ref.idx;
        return;
    }
    if (!ref.kind)
        undefined(c, r->id, "symbol");
    ws_ptx_fail_at(p, r->id, "operand %d of '%s': %s cannot be used as an address", n, c->name,
                   ws_ptx_desc(p, r->id));
}

static void label_opnd(ws_ptx_ictx *c, int n, const raw_opnd *r, ws_ptx_opnd *o, uint32_t insn_idx, int oi)
{
    ws_ptx_parser *p = c->p;
    if (r->kind != RK_IDENT || r->neg || r->comp != NONE_TOK)
        ws_ptx_fail_at(p, r->tok, "operand %d of '%s' must be a label, found %s", n, c->name, ws_ptx_desc(p, r->tok));
    nref ref = resolve(p, r->id);
    if (ref.kind == WS_NK_REG || ref.kind == WS_NK_PRED)
        ws_ptx_fail_at(p, r->id, "unsupported: indirect branch through register %s", ws_ptx_desc(p, r->id));
    o->kind = WS_O_LABEL;
    o->sym = -1;
    const ws_ptx_tok *t = ws_ptx_tok_at(p, r->id);
    int32_t b = ws_ptx_names_find(&p->labels, p->src + t->off, t->len);
    if (b >= 0) {
        int32_t li = p->labels.b[b].idx;
        o->sym = li;
        o->target = p->m->funcs[p->fi].labels[li].insn;
        return;
    }
    WS_GROW(p->fixups, p->cap_fixups, p->nfixups + 1);
    p->fixups[p->nfixups++] = (ws_ptx_fixup){ .insn = insn_idx, .opnd = (uint32_t)oi, .tok = r->id };
}

static bool is_dest_role(char role)
{
    return strchr("dDUpXV", role) != NULL;
}

static ws_ptx_type role_type(const ws_ptx_ictx *c, char role)
{
    const ws_ptx_insn *in = c->in;
    switch (role) {
    case 'd': case 'a': case 'x': case 'X': case 'V': case 'W': case 'y': return (ws_ptx_type)in->type;
    case 'D': case 'A': return ws_ptx_type_wide((ws_ptx_type)in->type);
    case 'b': return (ws_ptx_type)in->type2;
    case 'U': case 'u': case 'i': return WS_T_B32;
    case 'g': return c->p->m->address_size == 64 ? WS_T_B64 : WS_T_B32;
    case 'p': case 'P': case 'Q': return WS_T_PRED;
    default: return WS_T_NONE;
    }
}

/* Convert raw operand r (operand number n, 1-based) for role into o. */
static void conv(ws_ptx_ictx *c, char role, int n, const raw_opnd *r, ws_ptx_opnd *o, uint32_t ii, int oi)
{
    ws_ptx_parser *p = c->p;
    ws_ptx_type t = role_type(c, role);
    bool dest = is_dest_role(role);
    o->reg = -1;
    o->sym = -1;
    if (role == 'm') {
        if (r->kind != RK_ADDR)
            ws_ptx_fail_at(p, r->tok, "operand %d of '%s' must be an address [...], found %s", n, c->name,
                           ws_ptx_desc(p, r->tok));
        addr_opnd(c, n, r, o);
        return;
    }
    if (role == 'l') {
        label_opnd(c, n, r, o, ii, oi);
        return;
    }
    if (r->kind == RK_ADDR)
        ws_ptx_fail_at(p, r->tok, "operand %d of '%s' cannot be an address", n, c->name);
    if (r->neg && role != 'P')
        ws_ptx_fail_at(p, r->tok, "operand %d of '%s' cannot be negated with '!'", n, c->name);
    if (r->kind == RK_VEC) {
        if (role == 'V' || role == 'W') {
            if (c->in->vec == 1)
                ws_ptx_fail_at(p, r->tok, "operand %d of '%s' is a vector, but the instruction has no .v2 or .v4", n,
                               c->name);
            if (c->in->vec != r->nvec)
                ws_ptx_fail_at(p, r->tok, "operand %d of '%s' has %d elements, expected %d", n, c->name, r->nvec,
                               c->in->vec);
            vec_opnd(c, n, r, t, dest, o);
            return;
        }
        if (role == 'X' || role == 'x') {
            ws_ptx_type et = elem_type(t, r->nvec);
            if ((r->nvec != 2 && r->nvec != 4) || et == WS_T_NONE)
                ws_ptx_fail_at(p, r->tok, "operand %d of '%s': cannot split .%s into %d elements", n, c->name,
                               ws_ptx_type_name(t), r->nvec);
            vec_opnd(c, n, r, et, dest, o);
            return;
        }
        ws_ptx_fail_at(p, r->tok, "operand %d of '%s' cannot be a vector", n, c->name);
    }
    if ((role == 'V' || role == 'W') && c->in->vec > 1)
        ws_ptx_fail_at(p, r->tok, "operand %d of '%s' must be a vector of %d elements", n, c->name, c->in->vec);
    if (r->kind == RK_LIT) {
        if (dest)
            ws_ptx_fail_at(p, r->tok, "operand %d of '%s' must be a destination register, found %s", n, c->name,
                           ws_ptx_desc(p, r->tok));
        if (t == WS_T_PRED && !(role == 'Q' && c->in->op == WS_OP_MOV))
            ws_ptx_fail_at(p, r->tok, "operand %d of '%s' must be a predicate, found %s", n, c->name,
                           ws_ptx_desc(p, r->tok));
        o->kind = WS_O_IMM;
        if (t == WS_T_PRED) {   /* mov.pred p, 0 / 1 / -1: true when nonzero */
            o->imm = r->lit.bits != 0;
            return;
        }
        o->imm = (int64_t)ws_ptx_lit_bits(r->lit, t);
        return;
    }
    if (role == 'i')
        ws_ptx_fail_at(p, r->tok, "operand %d of '%s' must be a constant, found %s", n, c->name, ws_ptx_desc(p, r->tok));
    /* RK_IDENT */
    if (ws_ptx_tok_eq(p, r->id, "_"))
        ws_ptx_fail_at(p, r->id, "operand %d of '%s': '_' is not allowed here", n, c->name);
    nref ref = resolve(p, r->id);
    if (!ref.kind && p->src[ws_ptx_tok_at(p, r->id)->off] == '%') {
        int env;
        const ws_ptx_tok *tk = ws_ptx_tok_at(p, r->id);
        if (ws_ptx_sreg_from(p->src + tk->off, tk->len, &env) || r->comp != NONE_TOK) {
            if (role != 'x' && !(role == 'b' && c->in->op == WS_OP_CVT))
                ws_ptx_fail_at(p, r->id, "special register %s can be read only by mov or cvt", ws_ptx_desc(p, r->id));
            sreg_opnd(c, n, r, o);
            return;
        }
    }
    if (r->comp != NONE_TOK)
        ws_ptx_fail_at(p, r->comp, "unexpected %s after %s", ws_ptx_desc(p, r->comp), ws_ptx_desc(p, r->id));
    if (!ref.kind)
        undefined(c, r->id, (role == 'x' || role == 'y' || role == 'g') ? "symbol" : "register");
    if (ref.kind == WS_NK_SYM) {
        if (role != 'x' && role != 'y' && role != 'g')
            ws_ptx_fail_at(p, r->id, "operand %d of '%s': %s is a %s, not a register", n, c->name,
                           ws_ptx_desc(p, r->id), p->m->syms[ref.idx].func >= 0 ? "function" : "variable");
        if (role != 'x' && p->m->syms[ref.idx].func >= 0)
            ws_ptx_fail_at(p, r->id, "operand %d of '%s': %s is a function", n, c->name, ws_ptx_desc(p, r->id));
        o->kind = WS_O_SYM;
        o->sym = ref.idx;
        return;
    }
    reg_opnd(c, n, r->id, t, dest, o);
    if (r->neg)
        o->neg = 1;
}

/* ------------------------------------------------------------------ patterns */
static int pat_count(const char *pat, size_t len)
{
    int n = 0;
    for (size_t i = 0; i < len; i++)
        n += pat[i] != '|';
    return n;
}

/* Pick the alternative of c->pat with nraw operands; returns its length. */
static const char *pick_pattern(ws_ptx_ictx *c, int nraw, size_t *plen, int *lo, int *hi)
{
    const char *best = NULL;
    *lo = 99;
    *hi = 0;
    for (const char *s = c->pat;;) {
        const char *e = strchr(s, ',');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        int cnt = pat_count(s, len);
        *lo = WS_MIN(*lo, cnt);
        *hi = WS_MAX(*hi, cnt);
        if (cnt == nraw && !best) {
            best = s;
            *plen = len;
        }
        if (!e)
            break;
        s = e + 1;
    }
    return best;
}

static void parse_call(ws_ptx_ictx *c, uint32_t ii);

void ws_ptx_parse_insn(ws_ptx_parser *p, int32_t guard, bool guard_neg, size_t start_tok)
{
    ws_ptx_func *f = &p->m->funcs[p->fi];
    WS_GROW(f->insns, p->cap_insns, f->ninsns + 1);
    uint32_t ii = f->ninsns++;
    ws_ptx_insn *in = &f->insns[ii];
    memset(in, 0, sizeof *in);
    const ws_ptx_tok *st = ws_ptx_tok_at(p, start_tok);
    in->guard = guard;
    if (guard >= 0 && guard_neg)
        in->flags |= WS_F_NEG_PRED;
    in->vec = 1;
    in->callee = -1;
    in->line = st->line;
    in->col = st->col;
    in->src_line = p->loc_line;
    in->src_file = (uint16_t)p->loc_file;
    for (int k = 0; k < WS_PTX_MAX_OPNDS; k++) {
        in->opnd[k].reg = -1;
        in->opnd[k].sym = -1;
    }

    ws_ptx_ictx c = { .p = p, .in = in, .optok = p->pos };
    const ws_ptx_tok *ot = ws_ptx_peek(p);
    c.spec = ws_ptx_opspec_find(p->src + ot->off, ot->len);
    if (!c.spec)
        ws_ptx_fail_at(p, c.optok, "unsupported instruction %s", ws_ptx_desc(p, c.optok));
    in->op = c.spec->op;
    p->pos++;
    ws_ptx_parse_mods(&c);
    if (in->op == WS_OP_CALL) {
        parse_call(&c, ii);
        return;
    }

    raw_opnd raw[WS_PTX_MAX_RAW];
    int nraw = 0, lo, hi;
    size_t plen = 0;
    pick_pattern(&c, -1, &plen, &lo, &hi);
    if (!ws_ptx_is(p, ';'))
        for (;;) {
            if (hi == 0)
                ws_ptx_fail_at(p, p->pos, "expected ';' after '%s', found %s", c.name, ws_ptx_desc(p, p->pos));
            if (nraw == hi || nraw == WS_PTX_MAX_RAW)
                ws_ptx_fail_at(p, p->pos, "too many operands for '%s' (expected %d)", c.name, hi);
            parse_raw(&c, &raw[nraw], nraw == 0);
            nraw++;
            if (ws_ptx_accept(p, ','))
                continue;
            if (!ws_ptx_is(p, ';'))
                ws_ptx_fail_at(p, p->pos, "expected %s after operand %d of '%s', found %s",
                               nraw < hi ? "','" : "';'", nraw, c.name, ws_ptx_desc(p, p->pos));
            break;
        }
    else if (hi > 0 && lo > 0)
        ws_ptx_fail_at(p, p->pos, "'%s' expects %d operand%s, found none", c.name, lo, lo == 1 ? "" : "s");
    const char *pat = pick_pattern(&c, nraw, &plen, &lo, &hi);
    if (!pat) {
        if (lo == hi)
            ws_ptx_fail_at(p, c.optok, "'%s' expects %d operand%s, found %d", c.name, lo, lo == 1 ? "" : "s", nraw);
        ws_ptx_fail_at(p, c.optok, "'%s' expects %d to %d operands, found %d", c.name, lo, hi, nraw);
    }
    p->pos++;   /* ';' */

    int oi = 0, ndst = 0;
    for (int k = 0, n = 0; k < (int)plen; k++) {
        char role = pat[k];
        if (role == '|')
            continue;
        bool pairable = k + 1 < (int)plen && pat[k + 1] == '|';
        raw_opnd *r = &raw[n++];
        if (r->pair != NONE_TOK && !pairable)
            ws_ptx_fail_at(p, r->pair, "'%s' has no second destination (unexpected '|')", c.name);
        if (oi >= WS_PTX_MAX_OPNDS)
            ws_ptx_fail_at(p, r->tok, "too many operands for '%s'", c.name);
        conv(&c, role, n, r, &in->opnd[oi], ii, oi);
        oi++;
        if (is_dest_role(role))
            ndst = oi;
        if (r->pair != NONE_TOK) {
            if (oi >= WS_PTX_MAX_OPNDS)
                ws_ptx_fail_at(p, r->pair, "too many operands for '%s'", c.name);
            reg_opnd(&c, n, r->pair, WS_T_PRED, true, &in->opnd[oi]);
            oi++;
            ndst = oi;
        }
    }
    in->nopnds = (uint8_t)oi;
    in->ndst = (uint8_t)ndst;
}

/* ------------------------------------------------------------------ call */
static void param_list(ws_ptx_ictx *c, ws_ptx_opnd *o, const char *what)
{
    ws_ptx_parser *p = c->p;
    size_t open = p->pos++;   /* '(' */
    size_t first = p->pos;
    int n = 0;
    o->kind = WS_O_PARAMLIST;
    if (!ws_ptx_is(p, ')'))
        for (;;) {
            size_t at = p->pos;
            if (!ws_ptx_is(p, WS_TK_IDENT))
                ws_ptx_fail_at(p, at, "unsupported call %s %s (expected a .param variable)", what, ws_ptx_desc(p, at));
            nref r = resolve(p, at);
            if (!r.kind)
                undefined(c, at, "symbol");
            if (r.kind != WS_NK_SYM || p->m->syms[r.idx].var < 0 ||
                p->m->vars[p->m->syms[r.idx].var].space != WS_SP_PARAM)
                ws_ptx_fail_at(p, at, "unsupported call %s %s (expected a .param variable)", what, ws_ptx_desc(p, at));
            p->pos++;
            if (++n > 255)
                ws_ptx_fail_at(p, at, "too many call %ss", what);
            if (ws_ptx_accept(p, ')'))
                break;
            if (!ws_ptx_accept(p, ','))
                ws_ptx_fail_at(p, p->pos, "expected ',' or ')' in the call's %s list opened at line %u, found %s", what,
                               ws_ptx_tok_at(p, open)->line, ws_ptx_desc(p, p->pos));
        }
    else
        p->pos++;
    if (n) {
        int32_t *v = alloc_vec(o, n);
        for (int i = 0; i < n; i++)
            v[i] = resolve(p, first + 2 * (size_t)i).idx;
    }
}

static void parse_call(ws_ptx_ictx *c, uint32_t ii)
{
    ws_ptx_parser *p = c->p;
    ws_ptx_insn *in = c->in;
    ws_ptx_module *m = p->m;
    in->nopnds = 3;
    in->opnd[0].kind = WS_O_PARAMLIST;
    in->opnd[2].kind = WS_O_PARAMLIST;
    if (ws_ptx_is(p, '(')) {
        param_list(c, &in->opnd[0], "return value");
        ws_ptx_expect(p, ',', "the call's return values");
    }
    size_t ft = p->pos;
    if (!ws_ptx_is(p, WS_TK_IDENT))
        ws_ptx_fail_at(p, ft, "expected a function name after '%s', found %s", c->name, ws_ptx_desc(p, ft));
    nref r = resolve(p, ft);
    if (r.kind == WS_NK_REG)
        ws_ptx_fail_at(p, ft, "unsupported: indirect call through register %s", ws_ptx_desc(p, ft));
    if (!r.kind)
        ws_ptx_fail_at(p, ft, "undefined function %s", ws_ptx_desc(p, ft));
    if (r.kind != WS_NK_SYM || m->syms[r.idx].func < 0)
        ws_ptx_fail_at(p, ft, "%s is not a function", ws_ptx_desc(p, ft));
    p->pos++;
    in->opnd[1].kind = WS_O_SYM;
    in->opnd[1].sym = r.idx;
    in->callee = m->syms[r.idx].func;
    if (ws_ptx_accept(p, ',')) {
        if (!ws_ptx_is(p, '('))
            ws_ptx_fail_at(p, p->pos, "expected '(' and the call's arguments, found %s", ws_ptx_desc(p, p->pos));
        param_list(c, &in->opnd[2], "argument");
        if (ws_ptx_is(p, ','))
            ws_ptx_fail_at(p, p->pos, "unsupported: call with a prototype or target list (indirect call)");
    }
    if (!ws_ptx_accept(p, ';'))
        ws_ptx_fail_at(p, p->pos, "expected ';' after the call, found %s", ws_ptx_desc(p, p->pos));
    const ws_ptx_func *f = &m->funcs[in->callee];
    if (f->is_entry)
        ws_ptx_fail_at(p, ft, "cannot call the kernel %s", ws_ptx_desc(p, ft));
    for (int pass = 0; pass < 2; pass++) {
        const ws_ptx_opnd *o = &in->opnd[pass == 0 ? 0 : 2];
        uint32_t want = pass == 0 ? f->nrets : f->nparams;
        const int32_t *fv = pass == 0 ? f->rets : f->params;
        if (o->nvec != want)
            ws_ptx_fail_at(p, ft, "call to '%s' passes %u %s%s, it takes %u", f->name, o->nvec,
                           pass == 0 ? "return value" : "argument", o->nvec == 1 ? "" : "s", want);
        for (uint32_t i = 0; i < want; i++) {
            const ws_ptx_var *a = &m->vars[m->syms[o->vec[i]].var], *b = &m->vars[fv[i]];
            if (a->size < b->size)
                ws_ptx_fail_at(p, ft, "call to '%s': %s '%s' has %llu bytes, the callee's '%s' has %llu", f->name,
                               pass == 0 ? "return value" : "argument", a->name, (unsigned long long)a->size,
                               b->name, (unsigned long long)b->size);
        }
    }
    (void)ii;
}
