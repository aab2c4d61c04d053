/* ws_ptx_opcheck.c: which modifier combinations each opcode accepts (PTX's
 * rules, e.g. div.f32 needs .approx, .full or a rounding mode), and the
 * operand pattern that follows from them (mul.wide has a wide destination,
 * atom.cas a third source, ...). */
#include "ptx/ws_ptx_opdefs.h"

#include <string.h>

#include "util/ws_util.h"

static bool is_f(ws_ptx_type t) { return ws_ptx_type_is_float(t); }
static bool is_rnd_f(int r) { return r >= WS_RND_RN && r <= WS_RND_RP; }
static bool is_rnd_i(int r) { return r >= WS_RND_RNI && r <= WS_RND_RPI; }

static void deny_flags(ws_ptx_ictx *c, uint32_t mask, const char *why)
{
    uint32_t bad = c->in->flags & mask;
    if (!bad)
        return;
    for (const ws_ptx_word *w = ws_ptx_w_flags; w->w; w++)
        if ((uint32_t)w->val & bad)
            FAIL(c, c->optok, "unsupported modifier '.%s' on '%s' (%s)", w->w, c->name, why);
    FAIL(c, c->optok, "unsupported modifier combination on '%s' (%s)", c->name, why);
}

static int one_sub(ws_ptx_ictx *c, const char *what)
{
    if (c->nsub == 0)
        FAIL(c, c->optok, "'%s' needs %s", c->name, what);
    if (c->nsub > 1)
        FAIL(c, c->subtok[1], "unexpected %s on '%s' (only one of %s)", ws_ptx_desc(c->p, c->subtok[1]),
             c->name, what);
    return c->sub[0];
}

static void check_rnd_float(ws_ptx_ictx *c)
{
    ws_ptx_insn *in = c->in;
    if (!is_f(in->type)) {
        if (in->rnd)
            FAIL(c, c->optok, "rounding modifier on integer '%s'", c->name);
        deny_flags(c, F(FTZ) | F(APPROX) | F(FULL) | F(NAN), "integer type");
    } else if (in->type != WS_T_F32) {
        deny_flags(c, F(FTZ) | F(SAT), ".ftz and .sat apply to .f32 only");
    }
}

static void check_cmp(ws_ptx_ictx *c, ws_ptx_type t)
{
    int k = c->in->cmp;
    if (!k)
        FAIL(c, c->optok, "'%s' needs a comparison (.eq, .lt, ...)", c->name);
    bool fl = is_f(t), uns = !fl && !ws_ptx_type_is_signed(t);
    bool bits = t == WS_T_B16 || t == WS_T_B32 || t == WS_T_B64;
    if ((k >= WS_CMP_EQU && !fl) || (k >= WS_CMP_LO && k <= WS_CMP_HS && !uns) ||
        (bits && k >= WS_CMP_LT && k <= WS_CMP_GE))
        FAIL(c, c->optok, "comparison not allowed with .%s on '%s'", ws_ptx_type_name(t), c->name);
    if (!fl)
        deny_flags(c, F(FTZ), "integer comparison");
}

static void check_mem(ws_ptx_ictx *c, bool is_st)
{
    ws_ptx_insn *in = c->in;
    uint32_t sem = in->flags & (F(RELAXED) | F(ACQUIRE) | F(RELEASE));
    if ((in->flags & F(VOLATILE)) && (sem || (in->flags & F(WEAK)) || in->scope))
        FAIL(c, c->optok, "'.volatile' cannot be combined with a memory order or scope on '%s'", c->name);
    if (sem && !in->scope)
        FAIL(c, c->optok, "'%s' needs a scope (.cta, .gpu, .sys) with its memory order", c->name);
    if (!sem && in->scope)
        FAIL(c, c->optok, "a scope on '%s' needs .relaxed or .%s", c->name, is_st ? "release" : "acquire");
    if (in->space && in->space != WS_SP_GLOBAL && in->space != WS_SP_SHARED && in->space != WS_SP_LOCAL &&
        in->space != WS_SP_CONST && in->space != WS_SP_PARAM)
        FAIL(c, c->optok, "unsupported state space on '%s'", c->name);
    if (is_st && in->space == WS_SP_CONST)
        FAIL(c, c->optok, "cannot store to the .const space");
    if ((in->flags & F(NC)) && in->space != WS_SP_GLOBAL)
        FAIL(c, c->optok, "'.nc' needs the .global space on '%s'", c->name);
    int k = in->cacheop;
    if (k && (is_st ? (k == WS_CACHE_CA || k == WS_CACHE_LU || k == WS_CACHE_CV)
                    : (k == WS_CACHE_WB || k == WS_CACHE_WT)))
        FAIL(c, c->optok, "cache operator not allowed on '%s'", c->name);
    if (k && (in->flags & F(VOLATILE)))
        FAIL(c, c->optok, "'.volatile' cannot have a cache operator on '%s'", c->name);
    if (in->vec > 1 && in->type == WS_T_B128)
        FAIL(c, c->optok, "vectors of .b128 are not allowed");
}

static void check_atom(ws_ptx_ictx *c, bool is_red)
{
    ws_ptx_insn *in = c->in;
    int o = one_sub(c, "an operation (.add, .min, .cas, ...)");
    in->subop = (uint8_t)o;
    ws_ptx_type t = in->type;
    bool ok;
    switch (o) {
    case WS_ATOM_ADD: ok = t == WS_T_U32 || t == WS_T_S32 || t == WS_T_U64 || t == WS_T_S64 || is_f(t); break;
    case WS_ATOM_MIN: case WS_ATOM_MAX:
        ok = t == WS_T_U32 || t == WS_T_S32 || t == WS_T_U64 || t == WS_T_S64; break;
    case WS_ATOM_INC: case WS_ATOM_DEC: ok = t == WS_T_U32; break;
    default: ok = !is_f(t); break;   /* and/or/xor/exch/cas: 32/64-bit integer or bits */
    }
    if (!ok)
        FAIL(c, c->typetok[0], "unsupported type '.%s' on '%s'", ws_ptx_type_name(t), c->name);
    if (is_red && (o == WS_ATOM_CAS || o == WS_ATOM_EXCH))
        FAIL(c, c->subtok[0], "'red' cannot do %s", ws_ptx_desc(c->p, c->subtok[0]));
    if (in->space && in->space != WS_SP_GLOBAL && in->space != WS_SP_SHARED)
        FAIL(c, c->optok, "'%s' works on .global, .shared or generic addresses only", c->name);
    if ((in->flags & F(ACQUIRE)) && is_red)
        FAIL(c, c->optok, "'red' cannot have acquire semantics");
    if (o == WS_ATOM_CAS)
        c->pat = "dmaa";
}

static void check_bar(ws_ptx_ictx *c)
{
    ws_ptx_insn *in = c->in;
    bool barrier = c->spec->name[3] == 'r';   /* "barrier" */
    if (!barrier)
        in->flags |= F(ALIGNED);
    int kind = 0, red = 0;
    bool warp = false;
    for (int i = 0; i < c->nsub; i++) {
        int w = c->sub[i];
        if (w == W_BAR_WARP) {
            if (i != 0 || barrier)
                FAIL(c, c->subtok[i], "unexpected %s on '%s'", ws_ptx_desc(c->p, c->subtok[i]), c->name);
            warp = true;
            continue;
        }
        int *slot = (w == W_BAR_POPC || w == W_BAR_AND || w == W_BAR_OR) ? &red : &kind;
        if (*slot)
            FAIL(c, c->subtok[i], "unexpected %s on '%s'", ws_ptx_desc(c->p, c->subtok[i]), c->name);
        *slot = w;
    }
    if (warp) {
        if (kind != W_BAR_SYNC || red || c->ntypes || in->scope)
            FAIL(c, c->optok, "'bar.warp' must be written 'bar.warp.sync MASK'");
        kind = W_BAR_WARP;
    }
    if (kind == W_BAR_WARP) {
        in->op = WS_OP_BAR_WARP;
        in->flags &= ~F(ALIGNED);
        in->flags |= F(SYNC);
        c->pat = "u";
        return;
    }
    if (in->scope && in->scope != WS_SCOPE_CTA)
        FAIL(c, c->optok, "'%s' accepts only the .cta scope", c->name);
    switch (kind) {
    case W_BAR_SYNC:
        in->subop = WS_BAR_SYNC;
        in->flags |= F(SYNC);
        c->pat = "u,uu";
        break;
    case W_BAR_ARRIVE:
        in->subop = WS_BAR_ARRIVE;
        c->pat = "uu";
        break;
    case W_BAR_RED:
        if (!red)
            FAIL(c, c->optok, "'%s' needs .popc, .and or .or", c->name);
        in->subop = red == W_BAR_POPC ? WS_BAR_RED_POPC : red == W_BAR_AND ? WS_BAR_RED_AND : WS_BAR_RED_OR;
        if (c->ntypes != 1 || in->type != (red == W_BAR_POPC ? WS_T_U32 : WS_T_PRED))
            FAIL(c, c->optok, "'%s' needs the type %s", c->name, red == W_BAR_POPC ? ".u32" : ".pred");
        c->pat = red == W_BAR_POPC ? "UuP,UuuP" : "puP,puuP";
        return;
    default:
        FAIL(c, c->optok, "'%s' needs .sync, .arrive or .red", c->name);
    }
    if (red || c->ntypes)
        FAIL(c, c->optok, "unexpected modifier on '%s'", c->name);
}

static void check_cvt(ws_ptx_ictx *c)
{
    ws_ptx_insn *in = c->in;
    ws_ptx_type d = in->type, s = in->type2;
    unsigned ds = ws_ptx_type_size(d), ss = ws_ptx_type_size(s);
    int r = in->rnd;
    const char *need = NULL;
    if (is_f(d) && is_f(s)) {
        if (ds < ss) {
            if (!is_rnd_f(r))
                need = "a rounding modifier (.rn, .rz, .rm or .rp)";
        } else if (ds == ss) {
            if (r && !is_rnd_i(r))
                FAIL(c, c->optok, "'%s' accepts only .rni, .rzi, .rmi or .rpi", c->name);
        } else if (r) {
            FAIL(c, c->optok, "a widening '%s' takes no rounding modifier", c->name);
        }
    } else if (is_f(d)) {
        if (!is_rnd_f(r))
            need = "a rounding modifier (.rn, .rz, .rm or .rp)";
    } else if (is_f(s)) {
        if (!is_rnd_i(r))
            need = "an integer rounding modifier (.rni, .rzi, .rmi or .rpi)";
    } else if (r) {
        FAIL(c, c->optok, "an integer '%s' takes no rounding modifier", c->name);
    }
    if (need)
        FAIL(c, c->optok, "'%s' requires %s", c->name, need);
    if ((in->flags & F(FTZ)) && d != WS_T_F32 && s != WS_T_F32)
        FAIL(c, c->optok, "'.ftz' on '%s' needs an .f32 operand", c->name);
}

void ws_ptx_check_mods(ws_ptx_ictx *c)
{
    ws_ptx_insn *in = c->in;
    int op = in->op;
    switch (op) {
    case WS_OP_ADD: case WS_OP_SUB:
        check_rnd_float(c);
        if (is_f(in->type))
            deny_flags(c, F(CC), "float type");
        else {
            if ((in->flags & F(SAT)) && in->type != WS_T_S32)
                FAIL(c, c->optok, "'.sat' on '%s' needs .s32", c->name);
            if ((in->flags & F(CC)) && ws_ptx_type_size(in->type) < 4)
                FAIL(c, c->optok, "'.cc' on '%s' needs a 32- or 64-bit type", c->name);
        }
        break;
    case WS_OP_MUL: case WS_OP_MAD:
        check_rnd_float(c);
        if (is_f(in->type))
            deny_flags(c, F(CC), "float type");
        if (is_f(in->type)) {
            if (c->nsub)
                FAIL(c, c->subtok[0], "unexpected %s on float '%s'", ws_ptx_desc(c->p, c->subtok[0]), c->name);
        } else {
            in->subop = (uint8_t)one_sub(c, ".lo, .hi or .wide");
            if (in->subop == WS_PART_WIDE) {
                if (ws_ptx_type_size(in->type) > 4)
                    FAIL(c, c->subtok[0], "'.wide' on '%s' needs a 16- or 32-bit type", c->name);
                c->pat = op == WS_OP_MUL ? "Daa" : "DaaA";
            }
            if ((in->flags & F(SAT)) && !(op == WS_OP_MAD && in->subop == WS_PART_HI && in->type == WS_T_S32))
                FAIL(c, c->optok, "'.sat' is allowed only on mad.hi.s32");
            if ((in->flags & F(CC)) && (in->subop == WS_PART_WIDE || ws_ptx_type_size(in->type) < 4))
                FAIL(c, c->optok, "'.cc' on '%s' needs .lo or .hi and a 32- or 64-bit type", c->name);
        }
        break;
    case WS_OP_MADC: case WS_OP_MUL24: case WS_OP_MAD24:
        in->subop = (uint8_t)one_sub(c, ".lo or .hi");
        if ((in->flags & F(SAT)) && !(in->subop == WS_PART_HI && in->type == WS_T_S32))
            FAIL(c, c->optok, "'.sat' is allowed only on mad24.hi.s32");
        break;
    case WS_OP_DP2A:
        in->subop = (uint8_t)(one_sub(c, ".lo or .hi") == W_LO ? WS_DP2A_LO : WS_DP2A_HI);
        break;
    case WS_OP_DIV:
        check_rnd_float(c);
        if (in->type == WS_T_F32) {
            int n = !!(in->flags & F(APPROX)) + !!(in->flags & F(FULL)) + !!in->rnd;
            if (n != 1)
                FAIL(c, c->optok, "'%s' needs exactly one of .approx, .full, .rn, .rz, .rm, .rp", c->name);
        } else if (in->type == WS_T_F64) {
            if (!in->rnd)
                FAIL(c, c->optok, "'%s' needs a rounding modifier (.rn, .rz, .rm or .rp)", c->name);
            deny_flags(c, F(APPROX) | F(FULL), ".f64");
        }
        break;
    case WS_OP_RCP: case WS_OP_SQRT:
        if (in->type == WS_T_F32) {
            if (!!(in->flags & F(APPROX)) + !!in->rnd != 1)
                FAIL(c, c->optok, "'%s' needs .approx or a rounding modifier", c->name);
        } else if (op == WS_OP_RCP && (in->flags & F(APPROX))) {
            if (in->rnd || !(in->flags & F(FTZ)))
                FAIL(c, c->optok, "the approximate f64 reciprocal is written rcp.approx.ftz.f64");
        } else {
            if (!in->rnd)
                FAIL(c, c->optok, "'%s' needs a rounding modifier (.rn, .rz, .rm or .rp)", c->name);
            deny_flags(c, F(APPROX) | F(FTZ), ".f64");
        }
        break;
    case WS_OP_RSQRT: case WS_OP_EX2: case WS_OP_LG2: case WS_OP_SIN: case WS_OP_COS: case WS_OP_TANH:
        if (!(in->flags & F(APPROX)))
            FAIL(c, c->optok, "'%s' needs .approx", c->name);
        break;
    case WS_OP_FMA:
        if (!in->rnd)
            FAIL(c, c->optok, "'%s' needs a rounding modifier (.rn, .rz, .rm or .rp)", c->name);
        check_rnd_float(c);
        break;
    case WS_OP_ABS: case WS_OP_NEG: case WS_OP_MIN: case WS_OP_MAX:
        check_rnd_float(c);
        break;
    case WS_OP_SHF: {
        int dir = 0, mode = 0;
        for (int i = 0; i < c->nsub; i++) {
            int w = c->sub[i];
            int *slot = (w == W_SHF_L || w == W_SHF_R) ? &dir : &mode;
            if (*slot)
                FAIL(c, c->subtok[i], "unexpected %s on '%s'", ws_ptx_desc(c->p, c->subtok[i]), c->name);
            *slot = w;
        }
        if (!dir || !mode)
            FAIL(c, c->optok, "'%s' needs a direction (.l or .r) and a mode (.clamp or .wrap)", c->name);
        in->subop = (uint8_t)(dir == W_SHF_L ? (mode == W_SHF_CLAMP ? WS_SHF_L_CLAMP : WS_SHF_L_WRAP)
                                             : (mode == W_SHF_CLAMP ? WS_SHF_R_CLAMP : WS_SHF_R_WRAP));
        if (mode == W_SHF_CLAMP)
            in->flags |= F(CLAMP);
        break;
    }
    case WS_OP_PRMT:
        if (c->nsub > 1)
            FAIL(c, c->subtok[1], "unexpected %s on '%s'", ws_ptx_desc(c->p, c->subtok[1]), c->name);
        in->subop = (uint8_t)(c->nsub ? c->sub[0] : WS_PRMT_DEFAULT);
        break;
    case WS_OP_TESTP:
        in->subop = (uint8_t)one_sub(c, "a test (.finite, .number, ...)");
        break;
    case WS_OP_MOV:
        if (in->type == WS_T_PRED)
            c->pat = "pQ";
        break;
    case WS_OP_CVT:
        check_cvt(c);
        break;
    case WS_OP_CVTA:
        if (!in->space || in->space == WS_SP_REG || in->space == WS_SP_TEX)
            FAIL(c, c->optok, "'%s' needs a state space (.global, .shared, .local, .const, .param)", c->name);
        in->subop = (in->flags & F(TO)) ? WS_CVTA_FROM_GENERIC : WS_CVTA_TO_GENERIC;
        break;
    case WS_OP_ISSPACEP:
        if (!in->space || in->space == WS_SP_REG || in->space == WS_SP_TEX)
            FAIL(c, c->optok, "'%s' needs a state space", c->name);
        break;
    case WS_OP_SETP:
        check_cmp(c, in->type);
        in->type2 = in->type;
        if (in->boolop)
            c->pat = "p|aaP";
        break;
    case WS_OP_SET:
        check_cmp(c, in->type2);
        if (!(T_BITS & (1u << in->type2)) && !(T_ARITH & (1u << in->type2)))
            FAIL(c, c->typetok[1], "unsupported type '.%s' on '%s'", ws_ptx_type_name(in->type2), c->name);
        if (in->boolop)
            c->pat = "dbbP";
        break;
    case WS_OP_SLCT:
        if (in->type2 != WS_T_S32 && in->type2 != WS_T_F32)
            FAIL(c, c->typetok[1], "'%s' compares .s32 or .f32 only", c->name);
        if ((in->flags & F(FTZ)) && in->type2 != WS_T_F32)
            FAIL(c, c->optok, "'.ftz' on '%s' needs .f32", c->name);
        break;
    case WS_OP_LD: case WS_OP_LDU: case WS_OP_ST:
        check_mem(c, op == WS_OP_ST);
        if (op == WS_OP_LDU && in->space && in->space != WS_SP_GLOBAL)
            FAIL(c, c->optok, "'ldu' reads the .global space only");
        break;
    case WS_OP_PREFETCH: case WS_OP_PREFETCHU:
        in->subop = (uint8_t)one_sub(c, "a cache level (.L1 or .L2)");
        if (in->space && in->space != WS_SP_GLOBAL && in->space != WS_SP_LOCAL)
            FAIL(c, c->optok, "'%s' works on .global, .local or generic addresses only", c->name);
        if (in->space == WS_SP_LOCAL && in->subop > WS_PREFETCH_L2)
            FAIL(c, c->optok, "eviction priority needs the .global space on '%s'", c->name);
        break;
    case WS_OP_ATOM: case WS_OP_RED:
        check_atom(c, op == WS_OP_RED);
        break;
    case WS_OP_VOTE:
        in->subop = (uint8_t)one_sub(c, ".all, .any, .uni or .ballot");
        if (in->type != (in->subop == WS_VOTE_BALLOT ? WS_T_B32 : WS_T_PRED))
            FAIL(c, c->typetok[0], "'%s' needs the type %s", c->name, in->subop == WS_VOTE_BALLOT ? ".b32" : ".pred");
        c->pat = in->subop == WS_VOTE_BALLOT ? ((in->flags & F(SYNC)) ? "UPu" : "UP")
                                             : ((in->flags & F(SYNC)) ? "pPu" : "pP");
        break;
    case WS_OP_SHFL:
        in->subop = (uint8_t)one_sub(c, ".up, .down, .bfly or .idx");
        if (!(in->flags & F(SYNC)))
            c->pat = "d|auu";
        break;
    case WS_OP_MATCH:
        in->subop = (uint8_t)one_sub(c, ".any or .all");
        if (!(in->flags & F(SYNC)))
            FAIL(c, c->optok, "'%s' needs .sync", c->name);
        if (in->subop == WS_MATCH_ALL)
            c->pat = "U|au";
        break;
    case WS_OP_BAR:
        check_bar(c);
        break;
    case WS_OP_MEMBAR:
        if (c->nsub && in->scope)
            FAIL(c, c->optok, "'%s' takes one level (.cta, .gl or .sys)", c->name);
        if (c->nsub) {
            one_sub(c, "a level");
            in->scope = WS_SCOPE_GPU;
        }
        if (!in->scope || in->scope == WS_SCOPE_CLUSTER)
            FAIL(c, c->optok, "'%s' needs a level (.cta, .gl or .sys)", c->name);
        break;
    case WS_OP_FENCE:
        if (!in->scope)
            FAIL(c, c->optok, "'%s' needs a scope (.cta, .gpu, .sys)", c->name);
        if ((in->flags & F(SC)) && (in->flags & (F(ACQUIRE) | F(RELEASE))))
            FAIL(c, c->optok, "'%s' takes one of .sc and .acq_rel", c->name);
        if ((in->flags & (F(ACQUIRE) | F(RELEASE))) && (in->flags & (F(ACQUIRE) | F(RELEASE))) != (F(ACQUIRE) | F(RELEASE)))
            FAIL(c, c->optok, "'%s' accepts .sc or .acq_rel", c->name);
        if (!(in->flags & F(SC)))
            in->flags |= F(ACQUIRE) | F(RELEASE);
        break;
    default:
        break;
    }
    /* Op-specific words that no check consumed. */
    if (c->nsub && !c->spec->sub)
        FAIL(c, c->subtok[0], "unsupported modifier %s on '%s'", ws_ptx_desc(c->p, c->subtok[0]), c->name);
}

