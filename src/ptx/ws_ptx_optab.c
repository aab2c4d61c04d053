/* ws_ptx_optab.c: the opcode table and instruction modifiers.
 *
 * Each opcode lists the modifier categories, flags and types it accepts and
 * its operand pattern (roles are described in ws_ptx_insn.h).  The
 * modifiers after an opcode are classified here; ws_ptx_opcheck.c then
 * enforces the combinations PTX allows and picks the operand pattern. */
#include "ptx/ws_ptx_opdefs.h"

#include <stdio.h>
#include <string.h>

#include "util/ws_util.h"

static const ws_ptx_word w_part[] = { { "lo", W_LO }, { "hi", W_HI }, { "wide", W_WIDE }, { NULL, 0 } };
static const ws_ptx_word w_lohi[] = { { "lo", W_LO }, { "hi", W_HI }, { NULL, 0 } };
static const ws_ptx_word w_shf[] = { { "l", W_SHF_L }, { "r", W_SHF_R }, { "clamp", W_SHF_CLAMP },
                                     { "wrap", W_SHF_WRAP }, { NULL, 0 } };
static const ws_ptx_word w_prmt[] = { { "f4e", WS_PRMT_F4E }, { "b4e", WS_PRMT_B4E }, { "rc8", WS_PRMT_RC8 },
                                      { "ecl", WS_PRMT_ECL }, { "ecr", WS_PRMT_ECR }, { "rc16", WS_PRMT_RC16 },
                                      { NULL, 0 } };
static const ws_ptx_word w_testp[] = { { "finite", WS_TESTP_FINITE }, { "infinite", WS_TESTP_INFINITE },
                                       { "number", WS_TESTP_NUMBER }, { "notanumber", WS_TESTP_NOTANUMBER },
                                       { "normal", WS_TESTP_NORMAL }, { "subnormal", WS_TESTP_SUBNORMAL },
                                       { NULL, 0 } };
static const ws_ptx_word w_atom[] = { { "add", WS_ATOM_ADD }, { "min", WS_ATOM_MIN }, { "max", WS_ATOM_MAX },
                                      { "inc", WS_ATOM_INC }, { "dec", WS_ATOM_DEC }, { "and", WS_ATOM_AND },
                                      { "or", WS_ATOM_OR }, { "xor", WS_ATOM_XOR }, { "exch", WS_ATOM_EXCH },
                                      { "cas", WS_ATOM_CAS }, { NULL, 0 } };
static const ws_ptx_word w_vote[] = { { "all", WS_VOTE_ALL }, { "any", WS_VOTE_ANY }, { "uni", WS_VOTE_UNI },
                                      { "ballot", WS_VOTE_BALLOT }, { NULL, 0 } };
static const ws_ptx_word w_shfl[] = { { "up", WS_SHFL_UP }, { "down", WS_SHFL_DOWN }, { "bfly", WS_SHFL_BFLY },
                                      { "idx", WS_SHFL_IDX }, { NULL, 0 } };
static const ws_ptx_word w_match[] = { { "any", WS_MATCH_ANY }, { "all", WS_MATCH_ALL }, { NULL, 0 } };
static const ws_ptx_word w_bar[] = { { "sync", W_BAR_SYNC }, { "arrive", W_BAR_ARRIVE }, { "red", W_BAR_RED },
                                     { "popc", W_BAR_POPC }, { "and", W_BAR_AND }, { "or", W_BAR_OR },
                                     { "warp", W_BAR_WARP }, { NULL, 0 } };
static const ws_ptx_word w_membar[] = { { "gl", W_GL }, { NULL, 0 } };
static const ws_ptx_word w_pf[] = { { "L1", WS_PREFETCH_L1 }, { "L2", WS_PREFETCH_L2 },
                                    { "L2::evict_last", WS_PREFETCH_L2_EVICT_LAST },
                                    { "L2::evict_normal", WS_PREFETCH_L2_EVICT_NORMAL }, { NULL, 0 } };
static const ws_ptx_word w_pfu[] = { { "L1", WS_PREFETCH_L1 }, { NULL, 0 } };

static const ws_ptx_opspec optab[] = {
    { "add", WS_OP_ADD, C(RND), F(SAT) | F(FTZ) | F(CC), T_ARITH, 1, "daa", NULL },
    { "sub", WS_OP_SUB, C(RND), F(SAT) | F(FTZ) | F(CC), T_ARITH, 1, "daa", NULL },
    { "addc", WS_OP_ADDC, 0, F(CC), B(U32) | B(S32) | B(U64) | B(S64), 1, "daa", NULL },
    { "subc", WS_OP_SUBC, 0, F(CC), B(U32) | B(S32) | B(U64) | B(S64), 1, "daa", NULL },
    { "mul", WS_OP_MUL, C(RND), F(SAT) | F(FTZ), T_ARITH, 1, "daa", w_part },
    { "mad", WS_OP_MAD, C(RND), F(SAT) | F(FTZ) | F(CC), T_ARITH, 1, "daaa", w_part },
    { "madc", WS_OP_MADC, 0, F(CC), B(U32) | B(S32) | B(U64) | B(S64), 1, "daaa", w_lohi },
    { "mul24", WS_OP_MUL24, 0, 0, B(U32) | B(S32), 1, "daa", w_lohi },
    { "mad24", WS_OP_MAD24, 0, F(SAT), B(U32) | B(S32), 1, "daaa", w_lohi },
    { "div", WS_OP_DIV, C(RND), F(APPROX) | F(FULL) | F(FTZ), T_ARITH, 1, "daa", NULL },
    { "rem", WS_OP_REM, 0, 0, T_INT, 1, "daa", NULL },
    { "abs", WS_OP_ABS, 0, F(FTZ), T_S | T_F, 1, "da", NULL },
    { "neg", WS_OP_NEG, 0, F(FTZ), T_S | T_F, 1, "da", NULL },
    { "min", WS_OP_MIN, 0, F(FTZ) | F(NAN), T_ARITH, 1, "daa", NULL },
    { "max", WS_OP_MAX, 0, F(FTZ) | F(NAN), T_ARITH, 1, "daa", NULL },
    { "sad", WS_OP_SAD, 0, 0, T_INT, 1, "daaa", NULL },
    { "dp4a", WS_OP_DP4A, 0, 0, B(U32) | B(S32), 2, "Uuuu", NULL },
    { "dp2a", WS_OP_DP2A, 0, 0, B(U32) | B(S32), 2, "Uuuu", w_lohi },
    { "and", WS_OP_AND, 0, 0, B(PRED) | T_BITS, 1, "daa", NULL },
    { "or", WS_OP_OR, 0, 0, B(PRED) | T_BITS, 1, "daa", NULL },
    { "xor", WS_OP_XOR, 0, 0, B(PRED) | T_BITS, 1, "daa", NULL },
    { "not", WS_OP_NOT, 0, 0, B(PRED) | T_BITS, 1, "da", NULL },
    { "cnot", WS_OP_CNOT, 0, 0, T_BITS, 1, "da", NULL },
    { "shl", WS_OP_SHL, 0, 0, T_BITS, 1, "dau", NULL },
    { "shr", WS_OP_SHR, 0, 0, T_BITS | T_INT, 1, "dau", NULL },
    { "shf", WS_OP_SHF, 0, 0, B(B32), 1, "daau", w_shf },
    { "lop3", WS_OP_LOP3, 0, 0, B(B32), 1, "daaai", NULL },
    { "bfe", WS_OP_BFE, 0, 0, B(U32) | B(U64) | B(S32) | B(S64), 1, "dauu", NULL },
    { "bfi", WS_OP_BFI, 0, 0, B(B32) | B(B64), 1, "daauu", NULL },
    { "bfind", WS_OP_BFIND, 0, F(SHIFTAMT), B(U32) | B(U64) | B(S32) | B(S64), 1, "Ua", NULL },
    { "brev", WS_OP_BREV, 0, 0, B(B32) | B(B64), 1, "da", NULL },
    { "clz", WS_OP_CLZ, 0, 0, B(B32) | B(B64), 1, "Ua", NULL },
    { "popc", WS_OP_POPC, 0, 0, B(B32) | B(B64), 1, "Ua", NULL },
    { "prmt", WS_OP_PRMT, 0, 0, B(B32), 1, "daau", w_prmt },
    { "fns", WS_OP_FNS, 0, 0, B(B32), 1, "Uuuu", NULL },
    { "fma", WS_OP_FMA, C(RND), F(FTZ) | F(SAT), T_F, 1, "daaa", NULL },
    { "rcp", WS_OP_RCP, C(RND), F(APPROX) | F(FTZ), T_F, 1, "da", NULL },
    { "sqrt", WS_OP_SQRT, C(RND), F(APPROX) | F(FTZ), T_F, 1, "da", NULL },
    { "rsqrt", WS_OP_RSQRT, 0, F(APPROX) | F(FTZ), T_F, 1, "da", NULL },
    { "ex2", WS_OP_EX2, 0, F(APPROX) | F(FTZ), B(F32), 1, "da", NULL },
    { "lg2", WS_OP_LG2, 0, F(APPROX) | F(FTZ), B(F32), 1, "da", NULL },
    { "sin", WS_OP_SIN, 0, F(APPROX) | F(FTZ), B(F32), 1, "da", NULL },
    { "cos", WS_OP_COS, 0, F(APPROX) | F(FTZ), B(F32), 1, "da", NULL },
    { "tanh", WS_OP_TANH, 0, F(APPROX), B(F32), 1, "da", NULL },
    { "copysign", WS_OP_COPYSIGN, 0, 0, T_F, 1, "daa", NULL },
    { "testp", WS_OP_TESTP, 0, 0, T_F, 1, "pa", w_testp },
    { "mov", WS_OP_MOV, 0, 0, T_DATA | B(PRED), 1, "Xx", NULL },
    { "cvt", WS_OP_CVT, C(RND) | C(IRND), F(FTZ) | F(SAT), T_CVT, 2, "db", NULL },
    { "cvta", WS_OP_CVTA, C(SPACE), F(TO), B(U32) | B(U64), 1, "dy", NULL },
    { "isspacep", WS_OP_ISSPACEP, C(SPACE), 0, 0, 0, "pg", NULL },
    { "setp", WS_OP_SETP, C(CMP) | C(BOOL), F(FTZ), T_BITS | T_ARITH, 1, "p|aa", NULL },
    { "set", WS_OP_SET, C(CMP) | C(BOOL), F(FTZ), B(U32) | B(S32) | B(F32), 2, "dbb", NULL },
    { "selp", WS_OP_SELP, 0, 0, T_BITS | T_ARITH, 1, "daaQ", NULL },
    { "slct", WS_OP_SLCT, 0, F(FTZ), T_BITS | T_ARITH, 2, "daab", NULL },
    { "ld", WS_OP_LD, C(SPACE) | C(CACHE) | C(VEC) | C(HINT) | C(SCOPE),
      F(NC) | F(VOLATILE) | F(WEAK) | F(RELAXED) | F(ACQUIRE), T_DATA, 1, "Vm", NULL },
    { "ldu", WS_OP_LDU, C(SPACE) | C(VEC), 0, T_DATA, 1, "Vm", NULL },
    { "st", WS_OP_ST, C(SPACE) | C(CACHE) | C(VEC) | C(HINT) | C(SCOPE),
      F(VOLATILE) | F(WEAK) | F(RELAXED) | F(RELEASE), T_DATA, 1, "mW", NULL },
    { "prefetch", WS_OP_PREFETCH, C(SPACE), 0, 0, 0, "m", w_pf },
    { "prefetchu", WS_OP_PREFETCHU, 0, 0, 0, 0, "m", w_pfu },
    { "atom", WS_OP_ATOM, C(SPACE) | C(SCOPE), F(RELAXED) | F(ACQUIRE) | F(RELEASE), T_ATOM, 1, "dma", w_atom },
    { "red", WS_OP_RED, C(SPACE) | C(SCOPE), F(RELAXED) | F(ACQUIRE) | F(RELEASE), T_ATOM, 1, "ma", w_atom },
    { "vote", WS_OP_VOTE, 0, F(SYNC), B(PRED) | B(B32), 1, "pPu", w_vote },
    { "shfl", WS_OP_SHFL, 0, F(SYNC), B(B32), 1, "d|auuu", w_shfl },
    { "activemask", WS_OP_ACTIVEMASK, 0, 0, B(B32), 1, "U", NULL },
    { "match", WS_OP_MATCH, 0, F(SYNC), B(B32) | B(B64), 1, "Uau", w_match },
    { "bar", WS_OP_BAR, C(SCOPE), F(ALIGNED), B(U32) | B(PRED), 0, "u", w_bar },
    { "barrier", WS_OP_BAR, C(SCOPE), F(ALIGNED), B(U32) | B(PRED), 0, "u", w_bar },
    { "membar", WS_OP_MEMBAR, C(SCOPE), 0, 0, 0, "", w_membar },
    { "fence", WS_OP_FENCE, C(SCOPE), F(SC) | F(ACQUIRE) | F(RELEASE), 0, 0, "", NULL },
    { "bra", WS_OP_BRA, 0, F(UNI), 0, 0, "l", NULL },
    { "call", WS_OP_CALL, 0, F(UNI), 0, 0, "", NULL },
    { "ret", WS_OP_RET, 0, F(UNI), 0, 0, "", NULL },
    { "exit", WS_OP_EXIT, 0, 0, 0, 0, "", NULL },
    { "trap", WS_OP_TRAP, 0, 0, 0, 0, "", NULL },
    { "brkpt", WS_OP_BRKPT, 0, 0, 0, 0, "", NULL },
    { "nanosleep", WS_OP_NANOSLEEP, 0, 0, B(U32), 1, "u", NULL },
    /* load_iru.b32 p, idx [, sec [, pos]]: the IRU's next element (warpscope) */
    { "load_iru", WS_OP_LOAD_IRU, 0, 0, B(B32) | B(U32) | B(S32), 1, "pd,pdd,pddd", NULL },
    /* the MFF's calls (warpscope): pc_gather.b32 [target], c_index, size;
     * pc_wait; pc_scatter_set.b32 c_index, size */
    { "pc_gather", WS_OP_PC_GATHER, 0, 0, B(B32) | B(U32), 1, "muu", NULL },
    { "pc_wait", WS_OP_PC_WAIT, 0, 0, 0, 0, "", NULL },
    { "pc_scatter_set", WS_OP_PC_SCATTER_SET, 0, 0, B(B32) | B(U32), 1, "uu", NULL },
};

const ws_ptx_opspec *ws_ptx_opspec_find(const char *s, size_t len)
{
    for (size_t i = 0; i < WS_ARRAY_LEN(optab); i++)
        if (optab[i].name[0] == s[0] && strlen(optab[i].name) == len && memcmp(optab[i].name, s, len) == 0)
            return &optab[i];
    return NULL;
}

/* ------------------------------------------------------------------ words */
const ws_ptx_word ws_ptx_w_flags[] = {
    { "sat", F(SAT) }, { "ftz", F(FTZ) }, { "approx", F(APPROX) }, { "full", F(FULL) }, { "cc", F(CC) },
    { "uni", F(UNI) }, { "nc", F(NC) }, { "volatile", F(VOLATILE) }, { "sync", F(SYNC) },
    { "aligned", F(ALIGNED) }, { "shiftamt", F(SHIFTAMT) }, { "noftz", F(NOFTZ) }, { "NaN", F(NAN) },
    { "weak", F(WEAK) }, { "relaxed", F(RELAXED) }, { "acquire", F(ACQUIRE) }, { "release", F(RELEASE) },
    { "acq_rel", F(ACQUIRE) | F(RELEASE) }, { "sc", F(SC) }, { "to", F(TO) }, { NULL, 0 },
};
static const ws_ptx_word w_cmp[] = {
    { "eq", WS_CMP_EQ }, { "ne", WS_CMP_NE }, { "lt", WS_CMP_LT }, { "le", WS_CMP_LE }, { "gt", WS_CMP_GT },
    { "ge", WS_CMP_GE }, { "lo", WS_CMP_LO }, { "ls", WS_CMP_LS }, { "hi", WS_CMP_HI }, { "hs", WS_CMP_HS },
    { "equ", WS_CMP_EQU }, { "neu", WS_CMP_NEU }, { "ltu", WS_CMP_LTU }, { "leu", WS_CMP_LEU },
    { "gtu", WS_CMP_GTU }, { "geu", WS_CMP_GEU }, { "num", WS_CMP_NUM }, { "nan", WS_CMP_NAN }, { NULL, 0 },
};
static const ws_ptx_word w_bool[] = { { "and", WS_BOOL_AND }, { "or", WS_BOOL_OR }, { "xor", WS_BOOL_XOR }, { NULL, 0 } };
static const ws_ptx_word w_rnd[] = { { "rn", WS_RND_RN }, { "rz", WS_RND_RZ }, { "rm", WS_RND_RM }, { "rp", WS_RND_RP }, { NULL, 0 } };
static const ws_ptx_word w_irnd[] = { { "rni", WS_RND_RNI }, { "rzi", WS_RND_RZI }, { "rmi", WS_RND_RMI },
                                      { "rpi", WS_RND_RPI }, { NULL, 0 } };
static const ws_ptx_word w_cache[] = { { "ca", WS_CACHE_CA }, { "cg", WS_CACHE_CG }, { "cs", WS_CACHE_CS },
                                       { "lu", WS_CACHE_LU }, { "cv", WS_CACHE_CV }, { "wb", WS_CACHE_WB },
                                       { "wt", WS_CACHE_WT }, { NULL, 0 } };
static const ws_ptx_word w_scope[] = { { "cta", WS_SCOPE_CTA }, { "cluster", WS_SCOPE_CLUSTER },
                                       { "gpu", WS_SCOPE_GPU }, { "sys", WS_SCOPE_SYS }, { NULL, 0 } };
static const ws_ptx_word w_vec[] = { { "v2", 2 }, { "v4", 4 }, { NULL, 0 } };
/* Cache-eviction hints: accepted and ignored (no functional effect). */
static const ws_ptx_word w_hint[] = {
    { "L1::evict_normal", 1 }, { "L1::evict_unchanged", 1 }, { "L1::evict_first", 1 }, { "L1::evict_last", 1 },
    { "L1::no_allocate", 1 }, { "L2::evict_normal", 1 }, { "L2::evict_first", 1 }, { "L2::evict_last", 1 },
    { "L2::evict_unchanged", 1 }, { "L2::64B", 1 }, { "L2::128B", 1 }, { "L2::256B", 1 }, { NULL, 0 },
};

static int word_find(const ws_ptx_word *tab, const char *s, size_t n)
{
    if (!tab)
        return 0;
    for (; tab->w; tab++)
        if (strlen(tab->w) == n && memcmp(tab->w, s, n) == 0)
            return tab->val;
    return 0;
}

ws_ptx_type ws_ptx_type_wide(ws_ptx_type t)
{
    switch (t) {
    case WS_T_U16: return WS_T_U32;
    case WS_T_U32: return WS_T_U64;
    case WS_T_S16: return WS_T_S32;
    case WS_T_S32: return WS_T_S64;
    case WS_T_B16: return WS_T_B32;
    case WS_T_B32: return WS_T_B64;
    default: return WS_T_NONE;
    }
}

static const char *example_type(uint32_t types)
{
    static const ws_ptx_type pref[] = { WS_T_S32, WS_T_U32, WS_T_B32, WS_T_F32, WS_T_U64, WS_T_PRED };
    for (size_t i = 0; i < WS_ARRAY_LEN(pref); i++)
        if (types & (1u << pref[i]))
            return ws_ptx_type_name(pref[i]);
    return "b32";
}

void ws_ptx_parse_mods(ws_ptx_ictx *c)
{
    ws_ptx_parser *p = c->p;
    ws_ptx_insn *in = c->in;
    const ws_ptx_opspec *s = c->spec;
    c->pat = s->pat;
    c->lastmod = c->optok;
    snprintf(c->name, sizeof c->name, "%s", s->name);   /* until the modifiers are known */
    while (ws_ptx_is(p, WS_TK_DOT)) {
        size_t at = p->pos;
        const ws_ptx_tok *t = ws_ptx_peek(p);
        const char *w = p->src + t->off + 1;
        size_t n = t->len - 1;
        int v;
        ws_ptx_type ty;
        if ((v = word_find(s->sub, w, n))) {
            if (c->nsub == WS_PTX_MAX_MODS)
                FAIL(c, at, "too many modifiers on '%s'", c->name);
            c->subtok[c->nsub] = at;
            c->sub[c->nsub++] = v;
        } else if (s->types && (ty = ws_ptx_type_from(w, n)) != WS_T_NONE) {
            if (c->ntypes == 2)
                FAIL(c, at, "too many types on '%s'", c->name);
            c->typetok[c->ntypes] = at;
            c->types[c->ntypes++] = ty;
        } else if ((s->cats & C(CMP)) && (v = word_find(w_cmp, w, n))) {
            if (in->cmp)
                FAIL(c, at, "two comparisons on '%s'", c->name);
            in->cmp = (uint8_t)v;
        } else if ((s->cats & C(BOOL)) && (v = word_find(w_bool, w, n))) {
            if (in->boolop)
                FAIL(c, at, "two boolean operations on '%s'", c->name);
            in->boolop = (uint8_t)v;
        } else if ((s->cats & (C(RND) | C(IRND))) &&
                   (((s->cats & C(RND)) && (v = word_find(w_rnd, w, n))) ||
                    ((s->cats & C(IRND)) && (v = word_find(w_irnd, w, n))))) {
            if (in->rnd)
                FAIL(c, at, "two rounding modifiers on '%s'", c->name);
            in->rnd = (uint8_t)v;
        } else if ((s->cats & C(SPACE)) && ws_ptx_space_from(w, n) != WS_SP_NONE) {
            if (in->space)
                FAIL(c, at, "two state spaces on '%s'", c->name);
            in->space = (uint8_t)ws_ptx_space_from(w, n);
            if (in->space == WS_SP_REG || in->space == WS_SP_TEX)
                FAIL(c, at, "unsupported modifier %s on '%s'", ws_ptx_desc(p, at), c->name);
        } else if ((s->cats & C(CACHE)) && (v = word_find(w_cache, w, n))) {
            if (in->cacheop)
                FAIL(c, at, "two cache operators on '%s'", c->name);
            in->cacheop = (uint8_t)v;
        } else if ((s->cats & C(SCOPE)) && (v = word_find(w_scope, w, n))) {
            if (in->scope)
                FAIL(c, at, "two scopes on '%s'", c->name);
            in->scope = (uint8_t)v;
        } else if ((s->cats & C(VEC)) && (v = word_find(w_vec, w, n))) {
            if (in->vec > 1)
                FAIL(c, at, "two vector widths on '%s'", c->name);
            in->vec = (uint8_t)v;
        } else if ((s->cats & C(HINT)) && word_find(w_hint, w, n)) {
            /* eviction / prefetch-size hint: no functional effect */
        } else if ((v = word_find(ws_ptx_w_flags, w, n)) && ((uint32_t)v & s->flags) == (uint32_t)v) {
            if (in->flags & (uint32_t)v)
                FAIL(c, at, "duplicate modifier %s on '%s'", ws_ptx_desc(p, at), c->name);
            in->flags |= (uint32_t)v;
        } else {
            FAIL(c, at, "unsupported modifier %s on '%s'", ws_ptx_desc(p, at), c->spec->name);
        }
        c->lastmod = at;
        p->pos++;
    }
    /* "add.s32" for messages */
    const ws_ptx_tok *a = ws_ptx_tok_at(p, c->optok), *b = ws_ptx_tok_at(p, c->lastmod);
    size_t len = b->off + b->len - a->off;
    snprintf(c->name, sizeof c->name, "%.*s", (int)WS_MIN(len, sizeof c->name - 1), p->src + a->off);

    /* Types */
    bool optional_type = s->op == WS_OP_BAR;
    if (c->ntypes != s->ntypes && !(optional_type && c->ntypes <= 1)) {
        if (c->ntypes < s->ntypes)
            FAIL(c, c->lastmod, "'%s' needs %s (e.g. .%s)", c->name, s->ntypes == 2 ? "two types" : "a type",
                 s->ntypes == 2 ? "f32.s32" : example_type(s->types));
        FAIL(c, c->typetok[s->ntypes], "unexpected type %s on '%s'", ws_ptx_desc(p, c->typetok[s->ntypes]),
             c->name);
    }
    for (int i = 0; i < c->ntypes; i++) {
        uint32_t allowed = s->types;
        if (i == 1 && (s->op == WS_OP_CVT || s->op == WS_OP_DP4A || s->op == WS_OP_DP2A))
            allowed = s->types;
        else if (i == 1)
            allowed = ~0u;   /* checked by check_mods */
        if (!(allowed & (1u << c->types[i])))
            FAIL(c, c->typetok[i], "unsupported type %s on '%s'", ws_ptx_desc(p, c->typetok[i]), c->spec->name);
    }
    in->type = (uint8_t)c->types[0];
    in->type2 = (uint8_t)c->types[1];
    ws_ptx_check_mods(c);
}
