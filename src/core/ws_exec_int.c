/* ws_exec_int.c: integer arithmetic.
 *
 * All arithmetic wraps modulo 2^N (N = the type's width).  Choices where
 * PTX leaves the result unspecified, following NVIDIA hardware:
 *   div by zero  -> all ones (0xffffffff for 32-bit: -1 when signed)
 *   rem by zero  -> all ones
 *   INT_MIN / -1 -> INT_MIN, INT_MIN % -1 -> 0
 *   abs(INT_MIN) = neg(INT_MIN) = INT_MIN
 * Carry: add.cc/sub.cc/mad.cc write a per-lane carry flag (for sub, the
 * borrow), addc/subc/madc read it. */
#include "core/ws_core_int.h"
#include "core/ws_lanes.h"

__extension__ typedef __int128 ws_i128;
__extension__ typedef unsigned __int128 ws_u128;

static inline int is_signed(const ws_xinsn *x) { return ws_ptx_type_is_signed((ws_ptx_type)x->type); }

static inline int64_t smax_of(unsigned n) { return (int64_t)(ws_bits_mask(n) >> 1); }
static inline int64_t smin_of(unsigned n) { return -smax_of(n) - 1; }

static inline uint64_t sat_s(ws_i128 v, unsigned n)
{
    if (v > smax_of(n))
        v = smax_of(n);
    if (v < smin_of(n))
        v = smin_of(n);
    return (uint64_t)v & ws_bits_mask(n);
}

/* ------------------------------------------------------------ add / sub */
static int x_add(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    LANES2(D[l] = (a + b) & M);
    return WS_X_NEXT;
}

static int x_sub(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    LANES2(D[l] = (a - b) & M);
    return WS_X_NEXT;
}

static int x_add_sat(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    LANES2(D[l] = sat_s((ws_i128)ws_sext(a, N) + ws_sext(b, N), N));
    return WS_X_NEXT;
}

static int x_sub_sat(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    LANES2(D[l] = sat_s((ws_i128)ws_sext(a, N) - ws_sext(b, N), N));
    return WS_X_NEXT;
}

/* add.cc / addc{.cc} */
static int x_addc(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    uint32_t cout = 0;
    const uint32_t cin = x->op == WS_OP_ADDC ? w->carry : 0;
    LANES2({
        ws_u128 s = (ws_u128)(a & M) + (b & M) + ((cin >> l) & 1u);
        D[l] = (uint64_t)s & M;
        cout |= (uint32_t)((s >> N) & 1u) << l;
    });
    if (x->flags & WS_F_CC)
        w->carry = (w->carry & ~exec) | cout;
    return WS_X_NEXT;
}

/* sub.cc / subc{.cc}: d = a - (b + CF); CF out = borrow */
static int x_subc(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    uint32_t cout = 0;
    const uint32_t cin = x->op == WS_OP_SUBC ? w->carry : 0;
    LANES2({
        ws_u128 sub = (ws_u128)(b & M) + ((cin >> l) & 1u);
        D[l] = ((a & M) - (uint64_t)sub) & M;
        cout |= (uint32_t)((ws_u128)(a & M) < sub) << l;
    });
    if (x->flags & WS_F_CC)
        w->carry = (w->carry & ~exec) | cout;
    return WS_X_NEXT;
}

/* ------------------------------------------------------------ mul / mad */
static inline uint64_t mul_part(uint64_t a, uint64_t b, unsigned n, int sgn, int part)
{
    if (n <= 32) {
        int64_t p = sgn ? ws_sext(a, n) * ws_sext(b, n) : (int64_t)((a & ws_bits_mask(n)) * (b & ws_bits_mask(n)));
        uint64_t up = (uint64_t)p;
        if (part == WS_PART_HI)
            return (up >> n) & ws_bits_mask(n);
        if (part == WS_PART_WIDE)
            return up & ws_bits_mask(2 * n);
        return up & ws_bits_mask(n);
    }
    if (part == WS_PART_HI) {
        if (sgn)
            return (uint64_t)(((ws_i128)(int64_t)a * (int64_t)b) >> 64);
        return (uint64_t)(((ws_u128)a * b) >> 64);
    }
    return a * b;   /* .lo (and .wide is not defined for 64-bit) */
}

static int x_mul(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const int sgn = is_signed(x), part = x->subop ? x->subop : WS_PART_LO;
    if (part == WS_PART_LO) {
        LANES2(D[l] = (a * b) & M);
    } else {
        LANES2(D[l] = mul_part(a, b, N, sgn, part));
    }
    return WS_X_NEXT;
}

static int x_mad(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const int sgn = is_signed(x), part = x->subop ? x->subop : WS_PART_LO;
    const int sat = (x->flags & WS_F_SAT) && part == WS_PART_HI && sgn && x->tbits == 32;
    if (part == WS_PART_WIDE) {
        const uint64_t M2 = ws_bits_mask(2u * x->tbits);
        LANES3(D[l] = (mul_part(a, b, N, sgn, part) + c) & M2);
    } else if (sat) {
        LANES3(D[l] = sat_s((ws_i128)ws_sext(mul_part(a, b, N, sgn, part), N) + ws_sext(c, N), N));
    } else {
        LANES3(D[l] = (mul_part(a, b, N, sgn, part) + c) & M);
    }
    return WS_X_NEXT;
}

/* mad.cc / madc{.cc} (.lo / .hi, 32 and 64 bits) */
static int x_madc(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const int sgn = is_signed(x), part = x->subop ? x->subop : WS_PART_LO;
    const uint32_t cin = x->op == WS_OP_MADC ? w->carry : 0;
    uint32_t cout = 0;
    LANES3({
        ws_u128 s = (ws_u128)mul_part(a, b, N, sgn, part) + (c & M) + ((cin >> l) & 1u);
        D[l] = (uint64_t)s & M;
        cout |= (uint32_t)((s >> N) & 1u) << l;
    });
    if (x->flags & WS_F_CC)
        w->carry = (w->carry & ~exec) | cout;
    return WS_X_NEXT;
}

static inline uint64_t mul24(uint64_t a, uint64_t b, int sgn, int hi)
{
    int64_t p = sgn ? ws_sext(a, 24) * ws_sext(b, 24) : (int64_t)((a & 0xffffff) * (b & 0xffffff));
    return hi ? ((uint64_t)p >> 16) & 0xffffffffu : (uint64_t)p & 0xffffffffu;
}

static int x_mul24(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const int sgn = is_signed(x), hi = x->subop == WS_PART_HI;
    LANES2(D[l] = mul24(a, b, sgn, hi));
    return WS_X_NEXT;
}

static int x_mad24(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const int sgn = is_signed(x), hi = x->subop == WS_PART_HI;
    if ((x->flags & WS_F_SAT) && sgn) {
        LANES3(D[l] = sat_s((ws_i128)ws_sext(mul24(a, b, sgn, hi), 32) + ws_sext(c, 32), 32));
    } else {
        LANES3(D[l] = (mul24(a, b, sgn, hi) + c) & M);
    }
    return WS_X_NEXT;
}

/* ------------------------------------------------------------ div / rem */
static int x_div(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    if (is_signed(x)) {
        LANES2({
            int64_t sa = ws_sext(a, N), sb = ws_sext(b, N);
            if (sb == 0)
                D[l] = M;
            else if (sb == -1)
                D[l] = (0 - (uint64_t)sa) & M;   /* INT_MIN / -1 wraps to INT_MIN */
            else
                D[l] = (uint64_t)(sa / sb) & M;
        });
    } else {
        LANES2({
            uint64_t ua = a & M, ub = b & M;
            D[l] = ub ? ua / ub : M;
        });
    }
    return WS_X_NEXT;
}

static int x_rem(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    if (is_signed(x)) {
        LANES2({
            int64_t sa = ws_sext(a, N), sb = ws_sext(b, N);
            if (sb == 0)
                D[l] = M;
            else if (sb == -1)
                D[l] = 0;
            else
                D[l] = (uint64_t)(sa % sb) & M;
        });
    } else {
        LANES2({
            uint64_t ua = a & M, ub = b & M;
            D[l] = ub ? ua % ub : M;
        });
    }
    return WS_X_NEXT;
}

/* ------------------------------------------------------------ unary, min/max, sad */
static int x_abs(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0);
    uint64_t *D = ws_dst(w, x, 0);
    const unsigned N = x->tbits;
    const uint64_t M = x->tmask;
    WS_LANES(exec, l) {
        int64_t v = ws_sext(A[l], N);
        D[l] = (v < 0 ? 0 - (uint64_t)v : (uint64_t)v) & M;
    }
    return WS_X_NEXT;
}

static int x_neg(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0);
    uint64_t *D = ws_dst(w, x, 0);
    const uint64_t M = x->tmask;
    WS_LANES(exec, l)
        D[l] = (0 - A[l]) & M;
    return WS_X_NEXT;
}

static int x_min(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    if (is_signed(x)) {
        LANES2(D[l] = (ws_sext(a, N) < ws_sext(b, N) ? a : b) & M);
    } else {
        LANES2(D[l] = ((a & M) < (b & M) ? a : b) & M);
    }
    return WS_X_NEXT;
}

static int x_max(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    if (is_signed(x)) {
        LANES2(D[l] = (ws_sext(a, N) > ws_sext(b, N) ? a : b) & M);
    } else {
        LANES2(D[l] = ((a & M) > (b & M) ? a : b) & M);
    }
    return WS_X_NEXT;
}

static int x_sad(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    if (is_signed(x)) {
        LANES3({
            int64_t sa = ws_sext(a, N), sb = ws_sext(b, N);
            uint64_t d = sa > sb ? (uint64_t)sa - (uint64_t)sb : (uint64_t)sb - (uint64_t)sa;
            D[l] = (c + d) & M;
        });
    } else {
        LANES3({
            uint64_t ua = a & M, ub = b & M;
            D[l] = (c + (ua > ub ? ua - ub : ub - ua)) & M;
        });
    }
    return WS_X_NEXT;
}

/* dp4a.atype.btype d, a, b, c; dp2a.lo/.hi.atype.btype d, a, b, c */
static int x_dp(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const int sa = is_signed(x), sb = ws_ptx_type_is_signed((ws_ptx_type)(x->type2 ? x->type2 : x->type));
    const int four = x->op == WS_OP_DP4A, hi = x->subop == WS_DP2A_HI;
    LANES3({
        int64_t acc = (int64_t)(int32_t)(uint32_t)c;
        if (four) {
            for (int i = 0; i < 4; i++) {
                int64_t ea = sa ? ws_sext(a >> (8 * i), 8) : (int64_t)((a >> (8 * i)) & 0xff);
                int64_t eb = sb ? ws_sext(b >> (8 * i), 8) : (int64_t)((b >> (8 * i)) & 0xff);
                acc += ea * eb;
            }
        } else {
            for (int i = 0; i < 2; i++) {
                int64_t ea = sa ? ws_sext(a >> (16 * i), 16) : (int64_t)((a >> (16 * i)) & 0xffff);
                unsigned bi = (unsigned)(i + (hi ? 2 : 0));
                int64_t eb = sb ? ws_sext(b >> (8 * bi), 8) : (int64_t)((b >> (8 * bi)) & 0xff);
                acc += ea * eb;
            }
        }
        D[l] = (uint64_t)acc & 0xffffffffu;
    });
    return WS_X_NEXT;
}

ws_xfn ws_exec_int_pick(const ws_xinsn *x)
{
    ws_ptx_type t = (ws_ptx_type)x->type;
    if (ws_ptx_type_is_float(t) || t == WS_T_PRED || t == WS_T_NONE || t == WS_T_B128)
        return NULL;
    unsigned n = x->tbits;
    if (n != 16 && n != 32 && n != 64)
        return NULL;
    bool cc = x->flags & WS_F_CC;
    switch (x->op) {
    case WS_OP_ADD:
        if (cc)
            return x_addc;
        return (x->flags & WS_F_SAT) ? x_add_sat : x_add;
    case WS_OP_SUB:
        if (cc)
            return x_subc;
        return (x->flags & WS_F_SAT) ? x_sub_sat : x_sub;
    case WS_OP_ADDC: return x_addc;
    case WS_OP_SUBC: return x_subc;
    case WS_OP_MUL:
        if (x->subop == WS_PART_WIDE && n == 64)
            return NULL;
        return x_mul;
    case WS_OP_MAD:
        if (x->subop == WS_PART_WIDE && n == 64)
            return NULL;
        return cc ? x_madc : x_mad;
    case WS_OP_MADC: return x_madc;
    case WS_OP_MUL24: return n == 32 ? x_mul24 : NULL;
    case WS_OP_MAD24: return n == 32 ? x_mad24 : NULL;
    case WS_OP_DIV: return x_div;
    case WS_OP_REM: return x_rem;
    case WS_OP_ABS: return x_abs;
    case WS_OP_NEG: return x_neg;
    case WS_OP_MIN: return x_min;
    case WS_OP_MAX: return x_max;
    case WS_OP_SAD: return x_sad;
    case WS_OP_DP4A: case WS_OP_DP2A: return n == 32 ? x_dp : NULL;
    default: return NULL;
    }
}
