/* ws_ptx_body.c: function bodies: labels, scopes, .loc, guards, and the
 * appended `ret` and label fixups at the closing brace. */
#include "ptx/ws_ptx_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

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
    uint64_t file = ws_ptx_expect_uint(p, "a file number");
    uint64_t l = ws_ptx_expect_uint(p, "a line number");
    ws_ptx_expect_uint(p, "a column number");
    if (file > WS_PTX_MAX_FILE_INDEX || l > UINT32_MAX)
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

void ws_ptx_parse_body(ws_ptx_parser *p, int32_t fi)
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
                ws_ptx_parse_reg_decl(p, at);
            } else if (ws_ptx_tok_eq(p, at, ".local") || ws_ptx_tok_eq(p, at, ".shared") ||
                       ws_ptx_tok_eq(p, at, ".param")) {
                p->pos++;
                ws_ptx_parse_var_decl(p, ws_ptx_space_from(p->src + t->off + 1, t->len - 1), false, at);
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

