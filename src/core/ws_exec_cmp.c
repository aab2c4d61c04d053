/* ws_exec_cmp.c: setp (with .and/.or/.xor and two destinations), set,
 * selp, slct.
 *
 * Float comparisons: eq/ne/lt/le/gt/ge are ordered (false when either
 * operand is NaN, ne included); equ/neu/ltu/leu/gtu/geu are unordered (true
 * when either is NaN); num: neither is NaN; nan: either is.  Integer
 * lt/le/gt/ge compare per the type's signedness; lo/ls/hi/hs are unsigned. */
#include "core/ws_fp.h"

#define SRC(i) ws_src(w, x, (i), exec)

static inline int fcmp(double a, double b, int cmp)
{
    int un = isnan(a) || isnan(b);
    switch (cmp) {
    case WS_CMP_EQ: return !un && a == b;
    case WS_CMP_NE: return !un && a != b;
    case WS_CMP_LT: return !un && a < b;
    case WS_CMP_LE: return !un && a <= b;
    case WS_CMP_GT: return !un && a > b;
    case WS_CMP_GE: return !un && a >= b;
    case WS_CMP_EQU: return un || a == b;
    case WS_CMP_NEU: return un || a != b;
    case WS_CMP_LTU: return un || a < b;
    case WS_CMP_LEU: return un || a <= b;
    case WS_CMP_GTU: return un || a > b;
    case WS_CMP_GEU: return un || a >= b;
    case WS_CMP_NUM: return !un;
    case WS_CMP_NAN: return un;
    default: return 0;
    }
}

static inline int icmp(uint64_t a, uint64_t b, int cmp, int sgn, unsigned n)
{
    uint64_t m = ws_bits_mask(n);
    uint64_t ua = a & m, ub = b & m;
    int64_t sa = ws_sext(a, n), sb = ws_sext(b, n);
    switch (cmp) {
    case WS_CMP_EQ: return ua == ub;
    case WS_CMP_NE: return ua != ub;
    case WS_CMP_LT: return sgn ? sa < sb : ua < ub;
    case WS_CMP_LE: return sgn ? sa <= sb : ua <= ub;
    case WS_CMP_GT: return sgn ? sa > sb : ua > ub;
    case WS_CMP_GE: return sgn ? sa >= sb : ua >= ub;
    case WS_CMP_LO: return ua < ub;
    case WS_CMP_LS: return ua <= ub;
    case WS_CMP_HI: return ua > ub;
    case WS_CMP_HS: return ua >= ub;
    default: return 0;
    }
}

/* Lane mask of cmp(a, b) over exec for comparison type t. */
static uint32_t compare(ws_warp *w, const ws_xinsn *x, uint32_t exec, ws_ptx_type t)
{
    const uint64_t *A = SRC(0), *B = SRC(1);
    uint32_t r = 0;
    const int cmp = x->cmp;
    if (t == WS_T_F32 || t == WS_T_F64 || t == WS_T_F16) {
        const int ftz = !!(x->flags & WS_F_FTZ);
        WS_LANES(exec, l) {
            double a, b;
            if (t == WS_T_F64) {
                a = ws_as_f64(A[l]);
                b = ws_as_f64(B[l]);
            } else if (t == WS_T_F16) {
                a = ws_f16_to_f32((uint16_t)A[l]);
                b = ws_f16_to_f32((uint16_t)B[l]);
            } else {
                a = ws_f32_in(A[l], ftz);
                b = ws_f32_in(B[l], ftz);
            }
            r |= (uint32_t)fcmp(a, b, cmp) << l;
        }
        return r;
    }
    const int sgn = ws_ptx_type_is_signed(t);
    const unsigned n = ws_ptx_type_size(t) * 8;
    if (n == 32 && (cmp == WS_CMP_LT || cmp == WS_CMP_GE || cmp == WS_CMP_EQ || cmp == WS_CMP_NE) && sgn) {
        /* the common loop bounds test, without the generic switch */
        WS_LANES(exec, l) {
            int32_t a = (int32_t)(uint32_t)A[l], b = (int32_t)(uint32_t)B[l];
            int c = cmp == WS_CMP_LT ? a < b : cmp == WS_CMP_GE ? a >= b : cmp == WS_CMP_EQ ? a == b : a != b;
            r |= (uint32_t)c << l;
        }
        return r;
    }
    WS_LANES(exec, l)
        r |= (uint32_t)icmp(A[l], B[l], cmp, sgn, n) << l;
    return r;
}

static inline uint32_t combine(uint32_t t, uint32_t c, int op)
{
    switch (op) {
    case WS_BOOL_AND: return t & c;
    case WS_BOOL_OR: return t | c;
    case WS_BOOL_XOR: return t ^ c;
    default: return t;
    }
}

static int x_setp(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    uint32_t t = compare(w, x, exec, (ws_ptx_type)x->type);
    uint32_t p = t, q = ~t;
    if (x->boolop) {
        uint32_t c = ws_srcp(w, x, 2);
        p = combine(t, c, x->boolop);
        q = combine(~t, c, x->boolop);
    }
    ws_setp(w, x->dst[0], p, exec);
    if (x->ndst > 1)
        ws_setp(w, x->dst[1], q, exec);
    return WS_X_NEXT;
}

/* set.cmp{.bool}.dtype.stype d, a, b{, c}: dtype u32/s32 -> all ones / 0,
 * f32 -> 1.0 / 0.0 */
static int x_set(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    ws_ptx_type st = (ws_ptx_type)(x->type2 ? x->type2 : x->type);
    uint32_t t = compare(w, x, exec, st);
    if (x->boolop)
        t = combine(t, ws_srcp(w, x, 2), x->boolop);
    uint64_t *D = ws_dst(w, x, 0);
    const uint64_t one = x->type == WS_T_F32 ? ws_f32_bits(1.0f) : 0xffffffffu;
    WS_LANES(exec, l)
        D[l] = ((t >> l) & 1u) ? one : 0;
    return WS_X_NEXT;
}

/* selp.type d, a, b, c: d = c ? a : b */
static int x_selp(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0), *B = SRC(1);
    uint32_t c = ws_srcp(w, x, 2);
    uint64_t *D = ws_dst(w, x, 0);
    const uint64_t M = x->tmask;
    WS_LANES(exec, l)
        D[l] = (((c >> l) & 1u) ? A[l] : B[l]) & M;
    return WS_X_NEXT;
}

static int x_selp_pred(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    uint32_t a = ws_srcp(w, x, 0), b = ws_srcp(w, x, 1), c = ws_srcp(w, x, 2);
    ws_setp(w, x->dst[0], (a & c) | (b & ~c), exec);
    return WS_X_NEXT;
}

/* slct.dtype.ctype d, a, b, c: d = c >= 0 ? a : b (f32 c: NaN selects b) */
static int x_slct(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0), *B = SRC(1), *C = SRC(2);
    uint64_t *D = ws_dst(w, x, 0);
    const uint64_t M = x->tmask;
    if (x->type2 == WS_T_F32) {
        const int ftz = !!(x->flags & WS_F_FTZ);
        WS_LANES(exec, l)
            D[l] = (ws_f32_in(C[l], ftz) >= 0.0f ? A[l] : B[l]) & M;
    } else {
        WS_LANES(exec, l)
            D[l] = ((int32_t)(uint32_t)C[l] >= 0 ? A[l] : B[l]) & M;
    }
    return WS_X_NEXT;
}

ws_xfn ws_exec_cmp_pick(const ws_xinsn *x)
{
    switch (x->op) {
    case WS_OP_SETP:
        if (!x->dpred || x->type == WS_T_PRED || x->type == WS_T_BF16)
            return NULL;
        return x_setp;
    case WS_OP_SET:
        return x->dpred ? NULL : x_set;
    case WS_OP_SELP:
        if (x->type == WS_T_PRED)
            return x->dpred ? x_selp_pred : NULL;
        return x_selp;
    case WS_OP_SLCT:
        return x_slct;
    default:
        return NULL;
    }
}
