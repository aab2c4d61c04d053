/* ws_ptx_int.h: internals shared by the PTX front end's files.
 *
 * Errors inside the parser unwind with longjmp to ws_ptx_parse(), which
 * frees the partial module and every temporary reachable from the parser
 * state; so every allocation made while parsing is owned either by the
 * module or by the parser struct at all times. */
#ifndef WS_PTX_INT_H
#define WS_PTX_INT_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ptx/ws_ptx.h"
#include "ptx/ws_ptx_lex.h"

/* ------------------------------------------------------------ scoped names */
enum { WS_NK_SYM = 1, WS_NK_REG, WS_NK_PRED, WS_NK_LABEL };

typedef struct ws_ptx_bind {
    const char *name;     /* owned elsewhere (module strings) */
    uint32_t len;
    uint8_t kind;         /* WS_NK_* */
    int32_t idx;          /* sym / reg / pred / label index */
    int32_t prev;         /* shadowed binding, -1 if none */
    int32_t depth;        /* scope depth of the declaration */
    uint32_t slot;
    uint32_t line, col;
} ws_ptx_bind;

typedef struct ws_ptx_slot {
    const char *name;
    uint32_t len;
    int32_t head;         /* current binding, -1 if none */
} ws_ptx_slot;

typedef struct ws_ptx_names {
    ws_ptx_slot *slots; uint32_t cap, used;
    ws_ptx_bind *b; size_t nb, capb;
} ws_ptx_names;

void ws_ptx_names_free(ws_ptx_names *t);
/* Current binding of name (-1 if none): index into t->b. */
int32_t ws_ptx_names_find(const ws_ptx_names *t, const char *name, size_t len);
/* Bind name (whose bytes must stay alive) at depth; returns the binding index. */
int32_t ws_ptx_names_bind(ws_ptx_names *t, const char *name, size_t len, int kind, int32_t idx,
                          int32_t depth, uint32_t line, uint32_t col);
/* Undo every binding made after `mark` (a previous t->nb). */
void ws_ptx_names_pop(ws_ptx_names *t, size_t mark);

/* ------------------------------------------------------------ parser state */
typedef struct ws_ptx_fixup {        /* a branch to a label not yet seen */
    uint32_t insn, opnd;
    size_t tok;                      /* the label's token */
} ws_ptx_fixup;

typedef struct ws_ptx_parser {
    const char *src; size_t srclen; const char *path;
    ws_ptx_tok *toks; size_t ntoks, pos;
    ws_ptx_module *m;
    size_t cap_funcs, cap_vars, cap_syms, cap_files;
    ws_error *err;
    jmp_buf jb;
    ws_ptx_names names;              /* symbols, registers (scoped) */
    int32_t depth;                   /* 0 = module scope */
    /* Current function body */
    int32_t fi;
    size_t cap_insns, cap_regs, cap_preds, cap_labels;
    ws_ptx_names labels;
    ws_ptx_fixup *fixups; size_t nfixups, cap_fixups;
    uint32_t loc_line, loc_file;     /* last .loc */
    uint64_t total_regs;             /* registers and predicates declared in the module */
    /* Temporaries reused across declarations (never own heap strings) */
    struct ws_ptx_pdesc *pdesc; size_t npdesc, cap_pdesc;
    struct ws_ptx_ival *ivals; size_t nivals, cap_ivals;
    char desc[4][96]; unsigned ndesc;  /* ring of token descriptions */
} ws_ptx_parser;

/* Fail with "path:line:col: message" at token tok (index). */
_Noreturn void ws_ptx_fail_at(ws_ptx_parser *p, size_t tok, const char *fmt, ...) WS_PRINTF(3, 4);
_Noreturn void ws_ptx_fail_pos(ws_ptx_parser *p, uint32_t line, uint32_t col, const char *fmt, ...)
    WS_PRINTF(4, 5);
/* Describe token i for messages ("'x'", "end of file"); uses a small ring of buffers. */
const char *ws_ptx_desc(ws_ptx_parser *p, size_t i);

static inline const ws_ptx_tok *ws_ptx_tok_at(const ws_ptx_parser *p, size_t i)
{
    return &p->toks[i < p->ntoks ? i : p->ntoks - 1];
}
static inline const ws_ptx_tok *ws_ptx_peek(const ws_ptx_parser *p) { return ws_ptx_tok_at(p, p->pos); }
static inline bool ws_ptx_is(const ws_ptx_parser *p, int kind) { return ws_ptx_peek(p)->kind == kind; }
/* Token text equals s (for IDENT / DOT tokens). */
bool ws_ptx_tok_eq(const ws_ptx_parser *p, size_t i, const char *s);
/* Consume a punctuation token or fail "expected 'c' after WHAT, found 'x'". */
void ws_ptx_expect(ws_ptx_parser *p, int kind, const char *after);
bool ws_ptx_accept(ws_ptx_parser *p, int kind);
/* Copy of token i's text (owned by the caller). */
char *ws_ptx_tok_dup(const ws_ptx_parser *p, size_t i);

/* Limits that keep hostile input from exhausting memory. */
#define WS_PTX_MAX_REGS_PER_FUNC (1u << 19)
#define WS_PTX_MAX_REGS_PER_MODULE (1u << 20)
#define WS_PTX_MAX_VAR_BYTES ((uint64_t)1 << 32)
#define WS_PTX_MAX_INIT_BYTES ((uint64_t)1 << 28)   /* variables with an initializer */
#define WS_PTX_MAX_FILE_INDEX 65535u

/* Token helpers (ws_ptx_parse.c): an integer / a name, or fail. */
uint64_t ws_ptx_expect_uint(ws_ptx_parser *p, const char *what);
size_t ws_ptx_expect_ident(ws_ptx_parser *p, const char *what);

/* Declarations (ws_ptx_decl.c). */
typedef struct ws_ptx_attrs {
    uint32_t align;
    unsigned vec;
    ws_ptx_type type;
    bool ptr;
    size_t type_tok;
} ws_ptx_attrs;
/* Bind the name of token tok in the current scope, refusing duplicates. */
void ws_ptx_declare(ws_ptx_parser *p, size_t tok, const char *name, int kind, int32_t idx);
int32_t ws_ptx_new_var(ws_ptx_parser *p, size_t name_tok, ws_ptx_space sp, ws_ptx_type type, uint32_t align,
                       uint64_t nelems, uint64_t size);
/* .align N, .v2/.v4, .TYPE, and for parameters .ptr [.space] [.align N]. */
void ws_ptx_parse_attrs(ws_ptx_parser *p, ws_ptx_attrs *a, bool is_param, size_t kw);
/* [N][M]...: the element count (0 with *unsized for `[]`). */
uint64_t ws_ptx_parse_dims(ws_ptx_parser *p, bool *unsized);
int32_t ws_ptx_lookup_sym(ws_ptx_parser *p, size_t tok);
/* After the state-space keyword (kw): one or more variables. */
void ws_ptx_parse_var_decl(ws_ptx_parser *p, ws_ptx_space sp, bool is_extern, size_t kw);
/* After `.reg` (kw): one or more registers of the current function. */
void ws_ptx_parse_reg_decl(ws_ptx_parser *p, size_t kw);
/* A body from its '{' (ws_ptx_body.c). */
void ws_ptx_parse_body(ws_ptx_parser *p, int32_t fi);

/* Registers and symbols of the current function / module. */
int32_t ws_ptx_add_sym(ws_ptx_parser *p, const char *name, int32_t var, int32_t func);

/* Parse one instruction (after an optional guard) starting at the opcode
 * token; appends it to the current function.  ws_ptx_insn.c */
void ws_ptx_parse_insn(ws_ptx_parser *p, int32_t guard, bool guard_neg, size_t start_tok);

/* Literal values (ws_ptx_insn.c, also used by initializers). */
typedef struct ws_ptx_lit {
    int kind;            /* WS_TK_INT, WS_TK_F32, WS_TK_F64 */
    uint64_t bits;       /* INT: two's complement value; floats: IEEE bits */
} ws_ptx_lit;
/* Parse [-]number at the current token; fails if there is none. */
ws_ptx_lit ws_ptx_parse_lit(ws_ptx_parser *p);
/* Convert a literal to the bits of type t (floats converted, ints kept). */
uint64_t ws_ptx_lit_bits(ws_ptx_lit l, ws_ptx_type t);

/* Keyword tables (ws_ptx_ir.c). */
ws_ptx_type ws_ptx_type_from(const char *s, size_t len);     /* "u32" (no dot); NONE if unknown */
ws_ptx_space ws_ptx_space_from(const char *s, size_t len);   /* "global", "shared::cta" */
int ws_ptx_sreg_from(const char *s, size_t len, int *envreg); /* "%tid"; 0 if unknown */
const char *ws_ptx_sreg_name(int sreg);                      /* "%tid" */

/* Passes run by the loader after parsing (ws_ptx_cfg.c, ws_ptx_layout.c,
 * ws_ptx_regs.c); they fail only on inconsistent input. */
int ws_ptx_cfg_fill(ws_ptx_module *m, ws_ptx_func *f, ws_error *err);
int ws_ptx_layout(ws_ptx_module *m, ws_error *err);
void ws_ptx_count_regs(ws_ptx_module *m);

#endif
