/* ws_exec_float.c: f32 and f64 arithmetic.
 *
 * add/sub/mul/fma/mad/div/rcp/sqrt honour .rn/.rz/.rm/.rp exactly (IEEE
 * results in the host FPU's rounding mode); mad.f32/mad.f64 are fused (as
 * PTX defines them for sm_20 and later).  .ftz flushes f32 subnormal inputs
 * and results to sign-preserving zero; .sat clamps to [0, 1] (NaN -> +0).
 * The .approx and .full forms (div, rcp, sqrt, rsqrt, ex2, lg2, sin, cos,
 * tanh) return the correctly rounded (or libm) result of the exact function,
 * not an emulation of the hardware's approximation.
 * min/max: a NaN operand is ignored (both NaN: canonical NaN), -0.0 < +0.0;
 * with .NaN any NaN operand gives the canonical NaN. */
#include "core/ws_fp.h"

#define SRC(i) ws_src(w, x, (i), exec)

#define F32_LOOP(NSRC, EXPR)                                                          \
    do {                                                                              \
        const uint64_t *A = SRC(0), *B = NSRC > 1 ? SRC(1) : A, *C = NSRC > 2 ? SRC(2) : A; \
        uint64_t *D = ws_dst(w, x, 0);                                                \
        const int ftz = !!(x->flags & WS_F_FTZ), sat = !!(x->flags & WS_F_SAT);      \
        const int mode = ws_fp_mode(x->rnd);                                          \
        ws_fp_enter(mode);                                                            \
        WS_LANES(exec, l) {                                                           \
            float a = ws_f32_in(A[l], ftz), b = ws_f32_in(B[l], ftz), c = ws_f32_in(C[l], ftz); \
            (void)b, (void)c;                                                         \
            D[l] = ws_f32_out((EXPR), ftz, sat);                                      \
        }                                                                             \
        ws_fp_leave(mode);                                                            \
    } while (0)

#define F64_LOOP(NSRC, EXPR)                                                          \
    do {                                                                              \
        const uint64_t *A = SRC(0), *B = NSRC > 1 ? SRC(1) : A, *C = NSRC > 2 ? SRC(2) : A; \
        uint64_t *D = ws_dst(w, x, 0);                                                \
        const int sat = !!(x->flags & WS_F_SAT);                                      \
        const int mode = ws_fp_mode(x->rnd);                                          \
        ws_fp_enter(mode);                                                            \
        WS_LANES(exec, l) {                                                           \
            double a = ws_f64_in(A[l]), b = ws_f64_in(B[l]), c = ws_f64_in(C[l]);     \
            (void)b, (void)c;                                                         \
            D[l] = ws_f64_out((EXPR), sat);                                           \
        }                                                                             \
        ws_fp_leave(mode);                                                            \
    } while (0)

#define FHANDLER(name, NSRC, E32, E64)                                                \
    static int name(ws_warp *w, const ws_xinsn *x, uint32_t exec)                     \
    {                                                                                 \
        if (x->type == WS_T_F64)                                                      \
            F64_LOOP(NSRC, E64);                                                      \
        else                                                                          \
            F32_LOOP(NSRC, E32);                                                      \
        return WS_X_NEXT;                                                             \
    }

FHANDLER(x_fadd, 2, a + b, a + b)
FHANDLER(x_fsub, 2, a - b, a - b)
FHANDLER(x_fmul, 2, a * b, a * b)
FHANDLER(x_ffma, 3, fmaf(a, b, c), fma(a, b, c))
FHANDLER(x_fdiv, 2, a / b, a / b)
FHANDLER(x_frcp, 1, 1.0f / a, 1.0 / a)
FHANDLER(x_fsqrt, 1, sqrtf(a), sqrt(a))
FHANDLER(x_frsqrt, 1, (float)(1.0 / sqrt((double)a)), 1.0 / sqrt(a))
FHANDLER(x_fex2, 1, exp2f(a), exp2(a))
FHANDLER(x_flg2, 1, log2f(a), log2(a))
FHANDLER(x_fsin, 1, sinf(a), sin(a))
FHANDLER(x_fcos, 1, cosf(a), cos(a))
FHANDLER(x_ftanh, 1, tanhf(a), tanh(a))

/* bit-level operations */
static int x_fabs(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0);
    uint64_t *D = ws_dst(w, x, 0);
    if (x->type == WS_T_F64) {
        WS_LANES(exec, l) D[l] = A[l] & ~(1ull << 63);
    } else {
        const int ftz = !!(x->flags & WS_F_FTZ);
        WS_LANES(exec, l) D[l] = ws_f32_bits(ws_f32_in(A[l], ftz)) & 0x7fffffffu;
    }
    return WS_X_NEXT;
}

static int x_fneg(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0);
    uint64_t *D = ws_dst(w, x, 0);
    if (x->type == WS_T_F64) {
        WS_LANES(exec, l) D[l] = A[l] ^ (1ull << 63);
    } else {
        const int ftz = !!(x->flags & WS_F_FTZ);
        WS_LANES(exec, l) D[l] = ws_f32_bits(ws_f32_in(A[l], ftz)) ^ 0x80000000u;
    }
    return WS_X_NEXT;
}

/* copysign d, a, b: b's magnitude with a's sign */
static int x_fcopysign(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0), *B = SRC(1);
    uint64_t *D = ws_dst(w, x, 0);
    const uint64_t s = x->type == WS_T_F64 ? 1ull << 63 : 0x80000000u, m = x->tmask;
    WS_LANES(exec, l) D[l] = ((A[l] & s) | (B[l] & ~s)) & m;
    return WS_X_NEXT;
}

static inline int neg_zero32(float v) { return v == 0.0f && signbit(v); }
static inline int neg_zero64(double v) { return v == 0.0 && signbit(v); }

static int x_fminmax(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0), *B = SRC(1);
    uint64_t *D = ws_dst(w, x, 0);
    const int is_max = x->op == WS_OP_MAX, nan = !!(x->flags & WS_F_NAN);
    if (x->type == WS_T_F64) {
        WS_LANES(exec, l) {
            double a = ws_as_f64(A[l]), b = ws_as_f64(B[l]), r;
            if (isnan(a) || isnan(b)) {
                r = nan || (isnan(a) && isnan(b)) ? NAN : isnan(a) ? b : a;
            } else if (a == b) {
                /* -0.0 < +0.0 */
                r = (neg_zero64(a) != is_max) ? a : b;
            } else {
                r = (a < b) != is_max ? a : b;
            }
            D[l] = ws_f64_out(r, 0);
        }
    } else {
        const int ftz = !!(x->flags & WS_F_FTZ);
        WS_LANES(exec, l) {
            float a = ws_f32_in(A[l], ftz), b = ws_f32_in(B[l], ftz), r;
            if (isnan(a) || isnan(b)) {
                r = nan || (isnan(a) && isnan(b)) ? NAN : isnan(a) ? b : a;
            } else if (a == b) {
                r = (neg_zero32(a) != is_max) ? a : b;
            } else {
                r = (a < b) != is_max ? a : b;
            }
            D[l] = ws_f32_out(r, ftz, 0);
        }
    }
    return WS_X_NEXT;
}

/* testp.op.type p, a */
static int x_testp(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0);
    uint32_t res = 0;
    WS_LANES(exec, l) {
        int cls = x->type == WS_T_F64 ? fpclassify(ws_as_f64(A[l])) : fpclassify(ws_as_f32(A[l]));
        int t;
        switch (x->subop) {
        case WS_TESTP_FINITE: t = cls != FP_INFINITE && cls != FP_NAN; break;
        case WS_TESTP_INFINITE: t = cls == FP_INFINITE; break;
        case WS_TESTP_NUMBER: t = cls != FP_NAN; break;
        case WS_TESTP_NOTANUMBER: t = cls == FP_NAN; break;
        case WS_TESTP_NORMAL: t = cls == FP_NORMAL || cls == FP_ZERO; break;   /* PTX: zeros are normal */
        default: t = cls == FP_SUBNORMAL; break;
        }
        res |= (uint32_t)t << l;
    }
    ws_setp(w, x->dst[0], res, exec);
    return WS_X_NEXT;
}

ws_xfn ws_exec_float_pick(const ws_xinsn *x)
{
    if (x->type != WS_T_F32 && x->type != WS_T_F64)
        return NULL;
    switch (x->op) {
    case WS_OP_ADD: return x_fadd;
    case WS_OP_SUB: return x_fsub;
    case WS_OP_MUL: return x_fmul;
    case WS_OP_FMA: case WS_OP_MAD: return x_ffma;
    case WS_OP_DIV: return x_fdiv;
    case WS_OP_RCP: return x_frcp;
    case WS_OP_SQRT: return x_fsqrt;
    case WS_OP_RSQRT: return x_frsqrt;
    case WS_OP_EX2: return x_fex2;
    case WS_OP_LG2: return x_flg2;
    case WS_OP_SIN: return x_fsin;
    case WS_OP_COS: return x_fcos;
    case WS_OP_TANH: return x_ftanh;
    case WS_OP_ABS: return x_fabs;
    case WS_OP_NEG: return x_fneg;
    case WS_OP_COPYSIGN: return x_fcopysign;
    case WS_OP_MIN: case WS_OP_MAX: return x_fminmax;
    case WS_OP_TESTP: return x->dpred ? x_testp : NULL;
    default: return NULL;
    }
}
