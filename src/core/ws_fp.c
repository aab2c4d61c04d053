/* ws_fp.c: half-precision (binary16) and bfloat16 conversions with every
 * rounding mode, done exactly in double arithmetic (scaling by powers of two
 * is exact, so rounding the scaled magnitude to an integer is the whole
 * rounding step). */
#include <stdbool.h>

#include "core/ws_fp.h"

typedef struct small_fmt {
    int mbits;      /* stored mantissa bits */
    int emin, emax; /* exponent range of normal numbers */
    int ebits;      /* exponent field width */
} small_fmt;

static const small_fmt F16 = { 10, -14, 15, 5 };
static const small_fmt BF16 = { 7, -126, 127, 8 };

static float decode(uint16_t h, const small_fmt *f)
{
    int sign = h >> 15;
    int e = (h >> f->mbits) & ((1 << f->ebits) - 1);
    int m = h & ((1 << f->mbits) - 1);
    double v;
    if (e == (1 << f->ebits) - 1)
        v = m ? NAN : INFINITY;
    else if (e == 0)
        v = ldexp((double)m, f->emin - f->mbits);
    else
        v = ldexp((double)(m | (1 << f->mbits)), e - f->emax - f->mbits);
    return (float)(sign ? -v : v);
}

static uint16_t encode(double v, int mode, const small_fmt *f)
{
    uint16_t inf = (uint16_t)(((1 << f->ebits) - 1) << f->mbits);
    if (isnan(v))
        return (uint16_t)(inf | ((1 << f->mbits) - 1));    /* canonical NaN: 0x7fff */
    int neg = signbit(v) != 0;
    uint16_t sign = neg ? 0x8000 : 0;
    double a = fabs(v);
    double maxv = ldexp(2.0 - ldexp(1.0, -f->mbits), f->emax);
    if (isinf(a))
        return sign | inf;
    if (a == 0)
        return sign;
    int ex;
    frexp(a, &ex);            /* a = m * 2^ex, m in [0.5, 1) */
    int e = ex - 1;
    if (e < f->emin)
        e = f->emin;
    double q = ldexp(1.0, e - f->mbits);   /* spacing of representable values */
    double n = a / q;                       /* exact */
    switch (mode) {
    case FE_TOWARDZERO: n = trunc(n); break;
    case FE_UPWARD: n = neg ? trunc(n) : ceil(n); break;
    case FE_DOWNWARD: n = neg ? ceil(n) : trunc(n); break;
    default: n = nearbyint(n); break;
    }
    double r = n * q;
    if (r > maxv) {
        /* overflow: infinity or the largest finite value, per the mode */
        bool to_inf = mode == -1 || mode == FE_TONEAREST || (mode == FE_UPWARD && !neg) ||
                      (mode == FE_DOWNWARD && neg);
        if (to_inf)
            return sign | inf;
        r = maxv;
    }
    if (r == 0)
        return sign;
    double minnorm = ldexp(1.0, f->emin);
    if (r < minnorm)
        return sign | (uint16_t)ldexp(r, f->mbits - f->emin);   /* subnormal */
    double m = frexp(r, &ex);
    int be = ex - 1 + f->emax;
    uint16_t mant = (uint16_t)((m * 2.0 - 1.0) * (double)(1 << f->mbits));
    return sign | (uint16_t)(be << f->mbits) | mant;
}

float ws_f16_to_f32(uint16_t h) { return decode(h, &F16); }
uint16_t ws_f16_from_f64(double v, int mode) { return encode(v, mode, &F16); }
float ws_bf16_to_f32(uint16_t h) { return decode(h, &BF16); }
uint16_t ws_bf16_from_f64(double v, int mode) { return encode(v, mode, &BF16); }
