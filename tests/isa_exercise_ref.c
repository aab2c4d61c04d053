/* isa_exercise_ref.c: CPU reference for scenarios/kernels/isa_exercise.cu
 * (see isa_exercise_ref.h for the contract).
 *
 * Semantics follow the CUDA Math API / intrinsics documentation and the PTX
 * ISA.  Points worth knowing:
 *   - bfe/bfi/prmt/bfind/shf/shl/shr/shfl follow the PTX ISA pseudo-code
 *     (positions and lengths clamped, shift amounts clamped at the width,
 *     prmt selector bit 3 replicates the sign of the byte);
 *   - directed rounding (rz/ru/rd) is derived from the round-to-nearest
 *     result and the exact sign of (exact - rounded), computed with a wide
 *     fixed-point accumulator; IEEE rules for overflow and for the sign of an
 *     exact zero sum under rd are applied;
 *   - float-to-integer conversions saturate (PTX cvt); the kernel maps NaN
 *     inputs to a marker value, so NaN conversions are never compared;
 *   - testp.normal counts +-0 as normal (PTX ISA).
 */
#include "isa_exercise_ref.h"

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

/* ------------------------------------------------------------------ bits */
static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, sizeof u); return u; }
static float u2f(uint32_t u) { float f; memcpy(&f, &u, sizeof f); return f; }
static uint64_t d2u(double d) { uint64_t u; memcpy(&u, &d, sizeof u); return u; }
static double u2d(uint64_t u) { double d; memcpy(&d, &u, sizeof d); return d; }
static int32_t s32(uint32_t u) { int32_t s; memcpy(&s, &u, sizeof s); return s; }
static int64_t s64(uint64_t u) { int64_t s; memcpy(&s, &u, sizeof s); return s; }

/* Arithmetic shift right of a 32-bit value, n < 32. */
static uint32_t asr32(uint32_t a, unsigned n)
{
    return (a & 0x80000000u) ? ~(~a >> n) : a >> n;
}

/* ------------------------------------------------------------ matching */
bool isa_ref_f32_match(float got, float want, float tol)
{
    if (tol == (float)ISA_TOL_ANY)
        return true;
    if (isnan(want) || isnan(got))
        return isnan(want) && isnan(got);
    if (tol == (float)ISA_TOL_EXACT)
        return f2u(got) == f2u(want);
    if (tol == (float)ISA_TOL_VALUE || isinf(want) || isinf(got))
        return got == want;
    return fabs((double)got - (double)want) <= (double)tol;
}

bool isa_ref_f64_match(double got, double want, double tol)
{
    if (tol == ISA_TOL_ANY)
        return true;
    if (isnan(want) || isnan(got))
        return isnan(want) && isnan(got);
    if (tol == ISA_TOL_EXACT)
        return d2u(got) == d2u(want);
    if (tol == ISA_TOL_VALUE || isinf(want) || isinf(got))
        return got == want;
    return fabs(got - want) <= tol;
}

/* ------------------------------------------------------------------ inputs */
static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void isa_ref_inputs_u32(uint64_t seed, uint32_t *in, int n)
{
    static const uint32_t special[] = {
        0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x80000001u, 31, 32, 33,
        63, 64, 0xff, 0x100, 0xffff, 0x10000, 0x3f3f3f3f, 0xdeadbeef, 0x12345678,
        0x00002000u, 0x00001f00u, 0x0000ffffu, 0xffff0000u, 0x00ff00ffu, 7,
    };
    uint64_t s = seed;
    for (int i = 0; i < n; i++) {
        if ((size_t)i < sizeof special / sizeof special[0])
            in[i] = special[i];
        else
            in[i] = (uint32_t)splitmix(&s);
    }
}

void isa_ref_inputs_f32(uint64_t seed, float *in, int n)
{
    const float special[] = {
        0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 3.0f, -3.0f, 7.0f, INFINITY, -INFINITY,
        NAN, 2.0f, FLT_MAX, 0.5f, -FLT_MAX, 2.0f, FLT_MIN, 3.0f, 1e-40f, 1e-3f,
        -1.4e-45f, 1e20f, 2.5f, 1.5f, -2.5f, 1.0f, 3.5f, 0.1f, 2147483648.0f, 1.0f,
        -2147483648.0f, 1.0f, 4.5e9f, -1.0f, 65535.5f, 1.0f, -128.5f, 1.0f, 255.5f,
        0.1f, 1e30f, 1e-30f, 3.14159265f, 2.0f, 0.49999997f, 1.0f,
    };
    uint64_t s = seed;
    for (int i = 0; i < n; i++) {
        if ((size_t)i < sizeof special / sizeof special[0]) {
            in[i] = special[i];
            continue;
        }
        uint64_t r = splitmix(&s);
        switch (r % 4) {
        case 0:                               /* any bit pattern */
            in[i] = u2f((uint32_t)(r >> 32));
            break;
        case 1:                               /* moderate, either sign */
            in[i] = (float)((double)(int32_t)(r >> 32) / 2.68435456e8);
            break;
        case 2:                               /* small integers and halves */
            in[i] = (float)((int32_t)((r >> 32) % 2001) - 1000) * 0.5f;
            break;
        default:                              /* wide exponent range */
            in[i] = (float)ldexp((double)(r >> 40) / 16777216.0 + 0.5,
                                 (int)((r >> 8) % 200) - 100) * ((r & 16) ? -1.0f : 1.0f);
            break;
        }
    }
}

void isa_ref_inputs_f64(uint64_t seed, double *in, int n)
{
    const double special[] = {
        0.0, -0.0, 1.0, -1.0, 0.5, 3.0, -3.0, 7.0, INFINITY, -INFINITY, NAN, 2.0,
        DBL_MAX, 0.5, -DBL_MAX, 2.0, DBL_MIN, 3.0, 4.9e-324, 1e-3, 1e300, 1e-300,
        2.5, -2.5, 2147483648.5, 1.0, -2147483648.5, 1.0, 4294967295.5, 1.0,
        9.3e18, 1.0, -9.3e18, 3.0, 0.1, 3.0, 1.5, 0.0,
    };
    uint64_t s = seed;
    for (int i = 0; i < n; i++) {
        if ((size_t)i < sizeof special / sizeof special[0]) {
            in[i] = special[i];
            continue;
        }
        uint64_t r = splitmix(&s);
        switch (r % 4) {
        case 0:
            in[i] = u2d(splitmix(&s));
            break;
        case 1:
            in[i] = (double)s64(r) / 4.294967296e9;
            break;
        case 2:
            in[i] = (double)((int64_t)((r >> 32) % 2001) - 1000) * 0.25;
            break;
        default:
            in[i] = ldexp((double)(r >> 11) / 9007199254740992.0 + 0.5,
                          (int)((r >> 3) % 1400) - 700) * ((r & 4) ? -1.0 : 1.0);
            break;
        }
    }
}

void isa_ref_inputs_small(uint64_t seed, int32_t *in, int n)
{
    static const int32_t special[] = { 0, 1, -1, 5, 3, 1000, -1000, 2, 7, -7, 14, 25 };
    uint64_t s = seed;
    for (int i = 0; i < n; i++) {
        if ((size_t)i < sizeof special / sizeof special[0])
            in[i] = special[i];
        else
            in[i] = (int32_t)(splitmix(&s) % 2001) - 1000;
    }
}

/* ====================================================== integer helpers */
static uint32_t ptx_bfe(uint32_t a, uint32_t pos, uint32_t len, bool is_signed)
{
    pos &= 0xff;
    len &= 0xff;
    uint32_t sbit = 0;
    if (is_signed && len != 0) {
        uint32_t top = pos + len - 1 < 31 ? pos + len - 1 : 31;
        sbit = (a >> top) & 1;
    }
    uint32_t d = 0;
    for (uint32_t i = 0; i < 32; i++) {
        uint32_t bit = (i < len && pos + i <= 31) ? (a >> (pos + i)) & 1 : sbit;
        d |= bit << i;
    }
    return d;
}

static uint32_t ptx_bfi(uint32_t f, uint32_t b, uint32_t pos, uint32_t len)
{
    pos &= 0xff;
    len &= 0xff;
    for (uint32_t i = 0; i < len && pos + i <= 31; i++)
        b = (b & ~(1u << (pos + i))) | (((f >> i) & 1) << (pos + i));
    return b;
}

static uint32_t ptx_prmt(uint32_t a, uint32_t b, uint32_t sel)
{
    uint64_t src = ((uint64_t)b << 32) | a;   /* bytes 0-3: a, 4-7: b */
    uint32_t d = 0;
    for (int i = 0; i < 4; i++) {
        uint32_t s = (sel >> (4 * i)) & 0xf;
        uint32_t byte = (uint32_t)(src >> (8 * (s & 7))) & 0xff;
        if (s & 8)
            byte = (byte & 0x80) ? 0xff : 0;
        d |= byte << (8 * i);
    }
    return d;
}

static uint32_t msb32(uint32_t a)             /* 0xffffffff for 0 */
{
    for (int i = 31; i >= 0; i--)
        if (a & (1u << i))
            return (uint32_t)i;
    return 0xffffffffu;
}

static uint32_t clz64(uint64_t a)
{
    uint32_t n = 0;
    for (int i = 63; i >= 0 && !(a & (1ull << i)); i--)
        n++;
    return n;
}

static uint32_t ffs64(uint64_t a)
{
    for (uint32_t i = 0; i < 64; i++)
        if (a & (1ull << i))
            return i + 1;
    return 0;
}

static uint32_t popc64(uint64_t a)
{
    uint32_t n = 0;
    for (; a; a &= a - 1)
        n++;
    return n;
}

static uint32_t brev32(uint32_t a)
{
    uint32_t d = 0;
    for (int i = 0; i < 32; i++)
        d |= ((a >> i) & 1) << (31 - i);
    return d;
}

static uint64_t umulhi64(uint64_t a, uint64_t b)
{
    uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

static uint32_t sext8(uint32_t x) { return (x & 0x80) ? (x | 0xffffff00u) : (x & 0xff); }

static void put64(uint32_t *o, uint64_t v)
{
    o[0] = (uint32_t)v;
    o[1] = (uint32_t)(v >> 32);
}

/* ============================================================ isa_int */
static void ref_int_one(uint32_t a, uint32_t b, uint32_t c, uint32_t *o)
{
    uint64_t A = ((uint64_t)a << 32) | b, B = ((uint64_t)c << 32) | a;
    uint64_t ba = ((uint64_t)b << 32) | a;    /* funnel: hi = b, lo = a */
    uint32_t sh = c & 31, shc = c < 32 ? c : 32;

    o[0] = (uint32_t)((ba << sh) >> 32);
    o[1] = shc == 32 ? a : (uint32_t)((ba << shc) >> 32);
    o[2] = (uint32_t)(ba >> sh);
    o[3] = shc == 32 ? b : (uint32_t)(ba >> shc);
    o[4] = (a & b) | (~a & c);
    o[5] = a ^ b ^ c;
    o[6] = (a & b) | (a & c) | (b & c);
    o[7] = ~(a | b) ^ (c & ~a);
    uint32_t pos = (b >> 8) & 63, len = (c >> 8) & 63;
    o[8] = ptx_bfe(a, pos, len, false);
    o[9] = ptx_bfe(a, pos, len, true);
    o[10] = ptx_bfi(a, b, pos, len);
    o[11] = (a >> 7) & 0x3ffu;
    o[12] = asr32(a << 5, 20);
    o[13] = brev32(a);
    o[14] = a == 0 ? 32 : 31 - msb32(a);
    o[15] = popc64(a);
    o[16] = popc64(A);
    o[17] = ffs64(a);
    o[18] = ptx_prmt(a, b, c & 0x7777u);
    o[19] = ptx_prmt(a, b, c);
    o[20] = msb32(a);
    o[21] = msb32((a & 0x80000000u) ? ~a : a);
    o[22] = clz64(A);
    o[23] = ffs64(B);
    o[24] = (uint32_t)((uint64_t)((int64_t)s32(a) * s32(b)) >> 32);
    o[25] = (uint32_t)(((uint64_t)a * b) >> 32);
    uint64_t uh = umulhi64(A, B);
    put64(&o[26], uh);
    uint64_t shi = uh - ((A >> 63) ? B : 0) - ((B >> 63) ? A : 0);
    put64(&o[28], shi);
    put64(&o[30], (uint64_t)a * b + A);
    put64(&o[32], (uint64_t)((int64_t)s32(a) * s32(c)) + B);
    o[34] = (a & 0xffffffu) * (b & 0xffffffu);
    o[35] = (uint32_t)((int64_t)s32(asr32(a, 9)) * s32(asr32(b, 9)));
    o[36] = c + (s32(a) < s32(b) ? b - a : a - b);
    o[37] = c + (a < b ? b - a : a - b);
    uint32_t ds = c, du = c;
    for (int k = 0; k < 4; k++) {
        uint32_t xa = (a >> (8 * k)) & 0xff, xb = (b >> (8 * k)) & 0xff;
        ds += sext8(xa) * sext8(xb);
        du += xa * xb;
    }
    o[38] = ds;
    o[39] = du;
    o[40] = s32(a) < s32(b) ? a : b;
    o[41] = s32(a) > s32(b) ? a : b;
    o[42] = a < b ? a : b;
    o[43] = a > b ? a : b;
    put64(&o[44], A * B);
    uint64_t ud = B | 1;
    put64(&o[46], A / ud);
    put64(&o[48], A % ud);
    int64_t sd = s64((B & ~4ull) | 1);
    put64(&o[50], (uint64_t)(s64(A) / sd));
    put64(&o[52], (uint64_t)(s64(A) % sd));
    o[54] = a / (b | 1u);
    o[55] = a % (b | 1u);
    int32_t d32 = s32((b & ~4u) | 1);
    o[56] = (uint32_t)(s32(a) / d32);
    o[57] = (uint32_t)(s32(a) % d32);
    uint32_t n58 = c & 63, n59 = (c >> 6) & 63, n60 = (c >> 12) & 63;
    o[58] = n58 >= 32 ? 0 : a << n58;
    o[59] = n59 >= 32 ? ((a & 0x80000000u) ? 0xffffffffu : 0) : asr32(a, n59);
    o[60] = n60 >= 32 ? 0 : a >> n60;
    o[61] = a + b;
    o[62] = c + a + (a + b < a);
    o[63] = a - b;
    o[64] = c - a - (a < b);
    o[65] = a == 0;
    o[66] = (a & 0xffff) * (b & 0xffff);
    o[67] = (uint32_t)((uint64_t)((int64_t)s32(a) + s32(b)) >> 1);   /* floor((a+b)/2) */
    uint32_t lop = 0;
    for (int i = 0; i < 32; i++) {
        uint32_t idx = ((a >> i) & 1) << 2 | ((b >> i) & 1) << 1 | ((c >> i) & 1);
        lop |= ((0x1eu >> idx) & 1) << i;
    }
    o[68] = (a & b) | (a & c) | (b & c);      /* lop3 0xe8 */
    o[69] = lop;                              /* lop3 0x1e = a ^ (b | c) */
    uint64_t t24 = (uint64_t)(a & 0xffffffu) * (b & 0xffffffu);
    o[70] = (uint32_t)t24;
    o[71] = (uint32_t)(t24 >> 16);
    o[72] = (uint32_t)t24 + c;
    put64(&o[73], ((uint64_t)brev32(b) << 32) | brev32(a));   /* brev of A */
    int32_t h = s32(asr32(a, 1));
    o[75] = (uint32_t)(h < 0 ? -h : h);
}

void isa_ref_int(const uint32_t *in, int n, uint32_t *out)
{
    for (int i = 0; i < n; i++)
        ref_int_one(in[i], in[(i + 1) % n], in[(i + 2) % n], out + (size_t)i * ISA_INT_NOUT);
}

/* ======================================================= exact rounding */
/* Exact sign of a sum of terms +-x and +-x*y (x, y finite doubles): a fixed
 * point accumulator wide enough for any product of two doubles (bits
 * 2^-2176 .. 2^2176), positive and negative terms kept apart. */
#define XS_WORDS 136
#define XS_LSB (-2176)

typedef struct xsum {
    uint32_t w[2][XS_WORDS];                  /* [0] positive, [1] negative */
} xsum;

static void xs_add_at(uint32_t *acc, uint64_t v, int w)
{
    while (v != 0 && w < XS_WORDS) {
        uint64_t s = (uint64_t)acc[w] + (v & 0xffffffffu);
        acc[w] = (uint32_t)s;
        v = (v >> 32) + (s >> 32);
        w++;
    }
}

static void xs_add_u64(uint32_t *acc, uint64_t v, int bitpos)
{
    int w = bitpos / 32, sh = bitpos % 32;
    xs_add_at(acc, (v & 0xffffffffu) << sh, w);
    xs_add_at(acc, (v >> 32) << sh, w + 1);
}

/* |x| = m * 2^e with m odd (x finite, non-zero). */
static void xs_split(double x, uint64_t *m, int *e)
{
    int ex;
    double f = frexp(fabs(x), &ex);
    uint64_t mm = (uint64_t)ldexp(f, 53);
    int ee = ex - 53;
    while (!(mm & 1)) {
        mm >>= 1;
        ee++;
    }
    *m = mm;
    *e = ee;
}

static void xs_term(xsum *s, double x, int neg)
{
    if (x == 0)
        return;
    uint64_t m;
    int e;
    xs_split(x, &m, &e);
    xs_add_u64(s->w[(x < 0) ^ neg], m, e - XS_LSB);
}

static void xs_prod(xsum *s, double x, double y, int neg)
{
    if (x == 0 || y == 0)
        return;
    uint64_t mx, my;
    int ex, ey;
    xs_split(x, &mx, &ex);
    xs_split(y, &my, &ey);
    uint32_t *acc = s->w[((x < 0) ^ (y < 0)) ^ neg];
    uint64_t x0 = mx & 0xffffffffu, x1 = mx >> 32, y0 = my & 0xffffffffu, y1 = my >> 32;
    int base = ex + ey - XS_LSB;
    xs_add_u64(acc, x0 * y0, base);
    xs_add_u64(acc, x0 * y1, base + 32);
    xs_add_u64(acc, x1 * y0, base + 32);
    xs_add_u64(acc, x1 * y1, base + 64);
}

static int xs_sign(const xsum *s)
{
    for (int i = XS_WORDS - 1; i >= 0; i--)
        if (s->w[0][i] != s->w[1][i])
            return s->w[0][i] > s->w[1][i] ? 1 : -1;
    return 0;
}

enum { RN, RZ, RU, RD };

/* Directed result from the round-to-nearest result r (finite) and the sign
 * of (exact - r). */
static float f32_dir(float r, int sg, int m)
{
    if (sg == 0 || m == RN)
        return r;
    if (m == RU)
        return sg > 0 ? nextafterf(r, INFINITY) : r;
    if (m == RD)
        return sg < 0 ? nextafterf(r, -INFINITY) : r;
    return ((r > 0 && sg < 0) || (r < 0 && sg > 0)) ? nextafterf(r, 0.0f) : r;
}

static double f64_dir(double r, int sg, int m)
{
    if (sg == 0 || m == RN)
        return r;
    if (m == RU)
        return sg > 0 ? nextafter(r, INFINITY) : r;
    if (m == RD)
        return sg < 0 ? nextafter(r, -INFINITY) : r;
    return ((r > 0 && sg < 0) || (r < 0 && sg > 0)) ? nextafter(r, 0.0) : r;
}

/* r = +-inf from finite operands: the exact value lies beyond the largest
 * finite number. */
static float f32_ovf(float r, int m)
{
    float big = copysignf(FLT_MAX, r);
    if (m == RZ || (m == RU && r < 0) || (m == RD && r > 0))
        return big;
    return r;
}

static double f64_ovf(double r, int m)
{
    double big = copysign(DBL_MAX, r);
    if (m == RZ || (m == RU && r < 0) || (m == RD && r > 0))
        return big;
    return r;
}

static float f32_add(float a, float b, int m)
{
    float r = a + b;
    if (m == RN || !isfinite(a) || !isfinite(b) || isnan(r))
        return r;
    if (isinf(r))
        return f32_ovf(r, m);
    xsum s;
    memset(&s, 0, sizeof s);
    xs_term(&s, a, 0);
    xs_term(&s, b, 0);
    xs_term(&s, r, 1);
    int sg = xs_sign(&s);
    if (sg == 0 && r == 0 && m == RD)         /* exact zero sum: -0 under rd */
        return (signbit(a) || signbit(b)) ? -0.0f : 0.0f;
    return f32_dir(r, sg, m);
}

static float f32_mul(float a, float b, int m)
{
    float r = a * b;
    if (m == RN || !isfinite(a) || !isfinite(b) || isnan(r))
        return r;
    if (isinf(r))
        return f32_ovf(r, m);
    xsum s;
    memset(&s, 0, sizeof s);
    xs_prod(&s, a, b, 0);
    xs_term(&s, r, 1);
    return f32_dir(r, xs_sign(&s), m);
}

static float f32_div(float a, float b, int m)
{
    float r = a / b;
    if (m == RN || !isfinite(a) || !isfinite(b) || b == 0 || isnan(r))
        return r;
    if (isinf(r))
        return f32_ovf(r, m);
    xsum s;                                   /* sign(a/b - r) = sign(a - r*b) * sign(b) */
    memset(&s, 0, sizeof s);
    xs_term(&s, a, 0);
    xs_prod(&s, r, b, 1);
    int sg = xs_sign(&s);
    return f32_dir(r, b > 0 ? sg : -sg, m);
}

static float f32_sqrt(float a, int m)
{
    float r = sqrtf(a);
    if (m == RN || !(a > 0) || isinf(a))
        return r;
    xsum s;
    memset(&s, 0, sizeof s);
    xs_term(&s, a, 0);
    xs_prod(&s, r, r, 1);
    return f32_dir(r, xs_sign(&s), m);
}

static float f32_fma(float a, float b, float c, int m)
{
    float r = fmaf(a, b, c);
    if (m == RN || !isfinite(a) || !isfinite(b) || !isfinite(c) || isnan(r))
        return r;
    if (isinf(r))
        return f32_ovf(r, m);
    xsum s;
    memset(&s, 0, sizeof s);
    xs_prod(&s, a, b, 0);
    xs_term(&s, c, 0);
    xs_term(&s, r, 1);
    int sg = xs_sign(&s);
    if (sg == 0 && r == 0 && m == RD) {
        bool pos_zero_prod = (a == 0 || b == 0) && signbit(a) == signbit(b);
        return (pos_zero_prod && c == 0 && !signbit(c)) ? 0.0f : -0.0f;
    }
    return f32_dir(r, sg, m);
}

static double f64_add(double a, double b, int m)
{
    double r = a + b;
    if (m == RN || !isfinite(a) || !isfinite(b) || isnan(r))
        return r;
    if (isinf(r))
        return f64_ovf(r, m);
    xsum s;
    memset(&s, 0, sizeof s);
    xs_term(&s, a, 0);
    xs_term(&s, b, 0);
    xs_term(&s, r, 1);
    int sg = xs_sign(&s);
    if (sg == 0 && r == 0 && m == RD)
        return (signbit(a) || signbit(b)) ? -0.0 : 0.0;
    return f64_dir(r, sg, m);
}

static double f64_mul(double a, double b, int m)
{
    double r = a * b;
    if (m == RN || !isfinite(a) || !isfinite(b) || isnan(r))
        return r;
    if (isinf(r))
        return f64_ovf(r, m);
    xsum s;
    memset(&s, 0, sizeof s);
    xs_prod(&s, a, b, 0);
    xs_term(&s, r, 1);
    return f64_dir(r, xs_sign(&s), m);
}

static double f64_div(double a, double b, int m)
{
    double r = a / b;
    if (m == RN || !isfinite(a) || !isfinite(b) || b == 0 || isnan(r))
        return r;
    if (isinf(r))
        return f64_ovf(r, m);
    xsum s;
    memset(&s, 0, sizeof s);
    xs_term(&s, a, 0);
    xs_prod(&s, r, b, 1);
    int sg = xs_sign(&s);
    return f64_dir(r, b > 0 ? sg : -sg, m);
}

static double f64_sqrt(double a, int m)
{
    double r = sqrt(a);
    if (m == RN || !(a > 0) || isinf(a))
        return r;
    xsum s;
    memset(&s, 0, sizeof s);
    xs_term(&s, a, 0);
    xs_prod(&s, r, r, 1);
    return f64_dir(r, xs_sign(&s), m);
}

static double f64_fma(double a, double b, double c, int m)
{
    double r = fma(a, b, c);
    if (m == RN || !isfinite(a) || !isfinite(b) || !isfinite(c) || isnan(r))
        return r;
    if (isinf(r))
        return f64_ovf(r, m);
    xsum s;
    memset(&s, 0, sizeof s);
    xs_prod(&s, a, b, 0);
    xs_term(&s, c, 0);
    xs_term(&s, r, 1);
    int sg = xs_sign(&s);
    if (sg == 0 && r == 0 && m == RD) {
        bool pos_zero_prod = (a == 0 || b == 0) && signbit(a) == signbit(b);
        return (pos_zero_prod && c == 0 && !signbit(c)) ? 0.0 : -0.0;
    }
    return f64_dir(r, sg, m);
}

/* PTX min/max: a NaN operand (quiet or signalling) yields the other one;
 * the sign of a zero result is left open (compared as values). */
static double nanmin(double a, double b)
{
    if (isnan(a))
        return b;
    if (isnan(b))
        return a;
    return a < b ? a : b;
}

static double nanmax(double a, double b)
{
    if (isnan(a))
        return b;
    if (isnan(b))
        return a;
    return a > b ? a : b;
}

/* integer -> float with a rounding mode (the C conversion rounds to nearest) */
static float i64_to_f32(int64_t v, int m)
{
    float r = (float)v;
    int sg;
    if ((double)r >= 0x1p63)
        sg = -1;
    else {
        int64_t d = v - (int64_t)r;
        sg = d > 0 ? 1 : d < 0 ? -1 : 0;
    }
    return f32_dir(r, sg, m);
}

static float u32_to_f32(uint32_t v, int m)
{
    float r = (float)v;
    double d = (double)v - (double)r;
    return f32_dir(r, d > 0 ? 1 : d < 0 ? -1 : 0, m);
}

static double i64_to_f64(int64_t v, int m)
{
    double r = (double)v;
    int sg;
    if (r >= 0x1p63)
        sg = -1;
    else {
        int64_t d = v - (int64_t)r;
        sg = d > 0 ? 1 : d < 0 ? -1 : 0;
    }
    return f64_dir(r, sg, m);
}

static double u64_to_f64(uint64_t v, int m)
{
    double r = (double)v;
    int sg;
    if (r >= 0x1p64)
        sg = -1;
    else {
        uint64_t q = (uint64_t)r;
        sg = v > q ? 1 : v < q ? -1 : 0;
    }
    return f64_dir(r, sg, m);
}

static float f64_to_f32(double x, int m)
{
    float r = (float)x;
    if (m == RN || !isfinite(x))
        return r;
    if (isinf(r))
        return f32_ovf(r, m);
    return f32_dir(r, x > (double)r ? 1 : x < (double)r ? -1 : 0, m);
}

/* float -> integer: round (rint/trunc/ceil/floor on the double), saturate */
static int32_t sat_s32(double r)
{
    if (r >= 2147483648.0)
        return INT32_MAX;
    if (r < -2147483648.0)
        return INT32_MIN;
    return (int32_t)r;
}

static uint32_t sat_u32(double r)
{
    if (r >= 4294967296.0)
        return UINT32_MAX;
    if (r < 0)
        return 0;
    return (uint32_t)r;
}

static int64_t sat_s64(double r)
{
    if (r >= 0x1p63)
        return INT64_MAX;
    if (r < -0x1p63)
        return INT64_MIN;
    return (int64_t)r;
}

static int32_t clampi(int64_t v, int64_t lo, int64_t hi)
{
    return (int32_t)(v < lo ? lo : v > hi ? hi : v);
}

/* An approximate result: want from the double computation, tolerance
 * rel * |exact| + abs (never 0, so never "exact"). */
static void approx(float *want, float *tol, double exact, double rel, double abs_tol)
{
    *want = (float)exact;
    double t = fabs(exact) * rel + abs_tol;
    *tol = isfinite(t) ? (float)t : FLT_MAX;
}

/* ============================================================ isa_float */
static void ref_float_one(float x, float y, float z, double X, double Y, double Z,
                          float *f, float *ft, double *d, double *dt, int32_t *r)
{
    int32_t yi = s32(f2u(y));
    int64_t Yl = s64(d2u(Y));
    for (int k = 0; k < ISA_FLT_NF; k++)
        ft[k] = (float)ISA_TOL_EXACT;
    for (int k = 0; k < ISA_FLT_ND; k++)
        dt[k] = ISA_TOL_EXACT;

    f[0] = x + y;
    f[1] = x * y;
    f[2] = x / y;
    f[3] = sqrtf(x);
    f[4] = fmaf(x, y, z);
    f[5] = f32_div(x, y, RZ);
    f[6] = f32_div(x, y, RU);
    f[7] = f32_div(x, y, RD);
    f[8] = f32_add(x, y, RZ);
    f[9] = f32_add(x, y, RU);
    f[10] = f32_add(x, y, RD);
    f[11] = f32_mul(x, y, RZ);
    f[12] = f32_mul(x, y, RU);
    f[13] = f32_mul(x, y, RD);
    f[14] = f32_fma(x, y, z, RZ);
    f[15] = f32_sqrt(x, RD);
    f[16] = f32_sqrt(x, RU);
    f[17] = 1.0f / x;
    f[18] = f32_div(1.0f, x, RZ);
    f[19] = copysignf(x, y);
    f[20] = (float)nanmin(x, y);
    ft[20] = (float)ISA_TOL_VALUE;
    f[21] = (float)nanmax(x, y);
    ft[21] = (float)ISA_TOL_VALUE;
    f[22] = fabsf(x);
    f[23] = -x;
    f[24] = isnan(x) ? 0.0f : x < 0 ? 0.0f : x > 1 ? 1.0f : x;
    ft[24] = (float)ISA_TOL_VALUE;
    double xd = x;
    approx(&f[25], &ft[25], 1.0 / sqrt(xd), 0x1p-21, 0x1p-140);
    approx(&f[26], &ft[26], exp2(xd), 0x1p-21, 0x1p-130);
    approx(&f[27], &ft[27], log2(xd), 0x1p-21, 0x1p-140);
    approx(&f[28], &ft[28], sin(xd), 0, 0x1p-19 + fabs(xd) * 0x1p-22);
    approx(&f[29], &ft[29], cos(xd), 0, 0x1p-19 + fabs(xd) * 0x1p-22);
    f[30] = i64_to_f32(yi, RD);
    f[31] = i64_to_f32(yi, RU);
    f[32] = u32_to_f32((uint32_t)yi, RZ);
    f[33] = (float)Yl;
    f[34] = f64_to_f32(X, RZ);
    f[35] = (float)X;
    f[36] = f32_add(x, -y, RU);
    f[37] = f32_fma(x, y, z, RU);
    f[38] = f32_fma(x, y, z, RD);
    f[39] = f32_sqrt(x, RZ);
    approx(&f[40], &ft[40], log2(xd), 0x1p-21, 0x1p-21);
    approx(&f[41], &ft[41], exp(xd), 0x1p-21 + fabs(xd) * 0x1p-22, 0x1p-126);
    double ay = fabs((double)y);
    if (isnan(x) || isnan(y)) {
        f[42] = NAN;
    } else if (ay < 0x1p-126) {                      /* reciprocal overflows: undocumented */
        f[42] = 0.0f;
        ft[42] = (float)ISA_TOL_ANY;
    } else if (ay > 0x1p126 && isfinite(y)) { /* documented: 0 (NaN for an infinite x) */
        f[42] = isinf(x) ? NAN : 0.0f;
        ft[42] = (float)ISA_TOL_VALUE;
    } else {
        approx(&f[42], &ft[42], xd / (double)y, 0x1p-21, 0x1p-140);
    }
    f[43] = f32_add(x, -y, RZ);

    d[0] = X + Y;
    d[1] = X * Y;
    d[2] = X / Y;
    d[3] = sqrt(X);
    d[4] = fma(X, Y, Z);
    d[5] = f64_add(X, Y, RZ);
    d[6] = f64_mul(X, Y, RU);
    d[7] = f64_div(X, Y, RD);
    d[8] = f64_sqrt(X, RU);
    d[9] = 1.0 / X;
    d[10] = copysign(X, Y);
    d[11] = nanmin(X, Y);
    dt[11] = ISA_TOL_VALUE;
    d[12] = nanmax(X, Y);
    dt[12] = ISA_TOL_VALUE;
    d[13] = fabs(X);
    d[14] = (double)x;
    d[15] = i64_to_f64(Yl, RZ);
    d[16] = u64_to_f64((uint64_t)Yl, RU);
    d[17] = f64_fma(X, Y, Z, RZ);
    d[18] = f64_add(X, -Y, RD);
    d[19] = (double)yi;

    bool xn = isnan(x), Xn = isnan(X);
    r[0] = xn ? -7 : sat_s32(rint(xd));
    r[1] = xn ? -7 : sat_s32(trunc(xd));
    r[2] = xn ? -7 : sat_s32(ceil(xd));
    r[3] = xn ? -7 : sat_s32(floor(xd));
    r[4] = xn ? 7 : s32(sat_u32(ceil(xd)));
    r[5] = Xn ? -7 : sat_s32(rint(X));
    r[6] = Xn ? -7 : sat_s32(trunc(X));
    r[7] = Xn ? 7 : s32(sat_u32(floor(X)));
    int64_t ll = Xn ? -7 : sat_s64(trunc(X));
    r[8] = s32((uint32_t)(uint64_t)ll);
    r[9] = s32((uint32_t)((uint64_t)ll >> 32));
    int64_t lf = xn ? -7 : sat_s64(floor(xd));
    r[10] = s32((uint32_t)(uint64_t)lf);
    r[11] = s32((uint32_t)((uint64_t)lf >> 32));
    r[12] = isnan(x) != 0;
    r[13] = isinf(x) != 0;
    r[14] = isfinite(x) != 0;
    r[15] = signbit(x) != 0;
    r[16] = isnan(X) != 0;
    r[17] = isinf(X) != 0;
    r[18] = x == 0 || fpclassify(x) == FP_NORMAL;   /* PTX: +-0 is normal */
    r[19] = fpclassify(X) == FP_SUBNORMAL;
    r[20] = (x < y) | (!(x >= y)) << 1 | (x != y) << 2 | (x == y) << 3 |
            (X <= Y) << 4 | (!(X > Y)) << 5;
    r[21] = clampi(yi, -128, 127);
    r[22] = clampi(yi, 0, 255);
    r[23] = clampi(yi, -32768, 32767);
    double x0 = xn ? 0.0 : xd;
    r[24] = clampi(sat_s64(rint(x0)), 0, 65535);
    r[25] = clampi(sat_s64(trunc(x0)), -128, 127);
    r[26] = yi & 1023;
    r[27] = yi;
}

void isa_ref_float(const float *fin, const double *din, int n,
                   float *fout, float *ftol, double *dout, double *dtol,
                   int32_t *iout)
{
    for (int i = 0; i < n; i++) {
        int k = (2 * i + 2) % (2 * n);
        ref_float_one(fin[2 * i], fin[2 * i + 1], fin[k], din[2 * i], din[2 * i + 1], din[k],
                      fout + (size_t)i * ISA_FLT_NF, ftol + (size_t)i * ISA_FLT_NF,
                      dout + (size_t)i * ISA_FLT_ND, dtol + (size_t)i * ISA_FLT_ND,
                      iout + (size_t)i * ISA_FLT_NI);
    }
}

/* ============================================================ isa_warp */
enum { SH_IDX, SH_UP, SH_DOWN, SH_BFLY };

/* PTX shfl.sync: the lane whose value `lane` receives (itself when out of
 * its segment).  c is the clamp/segment operand CUDA builds from width. */
static int shfl_src(int lane, int mode, uint32_t b, uint32_t c)
{
    int bval = (int)(b & 31), cval = (int)(c & 31), seg = (int)((c >> 8) & 31);
    int maxl = (lane & seg) | (cval & ~seg), minl = lane & seg;
    int j;
    bool ok;
    switch (mode) {
    case SH_UP:   j = lane - bval; ok = j >= maxl; break;
    case SH_DOWN: j = lane + bval; ok = j <= maxl; break;
    case SH_BFLY: j = lane ^ bval; ok = j <= maxl; break;
    default:      j = minl | (bval & ~seg); ok = j <= maxl; break;
    }
    return ok ? j : lane;
}

/* __shfl*_sync(FULL, val, b, width) on all 32 lanes at once. */
static void shfl32(const int32_t *val, int32_t *res, int mode, const int32_t *b, int width)
{
    uint32_t c = (uint32_t)(32 - width) << 8 | (mode == SH_UP ? 0 : 31);
    for (int l = 0; l < 32; l++)
        res[l] = val[shfl_src(l, mode, (uint32_t)b[l], c)];
}

static void shfl32_const(const int32_t *val, int32_t *res, int mode, int b, int width)
{
    int32_t bb[32];
    for (int l = 0; l < 32; l++)
        bb[l] = b;
    shfl32(val, res, mode, bb, width);
}

static uint32_t ballot(const int32_t *pred)
{
    uint32_t m = 0;
    for (int l = 0; l < 32; l++)
        if (pred[l])
            m |= 1u << l;
    return m;
}

static void ref_warp(const int32_t *v, int warp, int32_t (*o)[ISA_WARP_NOUT])
{
    int32_t tmp[32], b[32], p[32];
    int l;

    for (l = 0; l < 32; l++)
        b[l] = (l * 7 + 3) & 31;
    shfl32(v, tmp, SH_IDX, b, 32);
    for (l = 0; l < 32; l++) o[l][0] = tmp[l];
    for (l = 0; l < 32; l++)
        b[l] = l + 3;
    shfl32(v, tmp, SH_IDX, b, 16);
    for (l = 0; l < 32; l++) o[l][1] = tmp[l];
    shfl32_const(v, tmp, SH_UP, 3, 8);
    for (l = 0; l < 32; l++) o[l][2] = tmp[l];
    shfl32_const(v, tmp, SH_DOWN, 5, 16);
    for (l = 0; l < 32; l++) o[l][3] = tmp[l];
    shfl32_const(v, tmp, SH_BFLY, 6, 8);
    for (l = 0; l < 32; l++) o[l][4] = tmp[l];
    shfl32_const(v, tmp, SH_BFLY, 16, 32);
    for (l = 0; l < 32; l++) o[l][5] = tmp[l];

    int32_t sum[32], scan[32];
    memcpy(sum, v, sizeof sum);
    for (int off = 16; off > 0; off >>= 1) {
        shfl32_const(sum, tmp, SH_DOWN, off, 32);
        for (l = 0; l < 32; l++)
            sum[l] += tmp[l];
    }
    for (l = 0; l < 32; l++) o[l][6] = sum[0];
    memcpy(scan, v, sizeof scan);
    for (int off = 1; off < 32; off <<= 1) {
        shfl32_const(scan, tmp, SH_UP, off, 32);
        for (l = 0; l < 32; l++)
            if (l >= off)
                scan[l] += tmp[l];
    }
    for (l = 0; l < 32; l++) o[l][7] = scan[l];

    for (l = 0; l < 32; l++) p[l] = v[l] & 1;
    uint32_t odd = ballot(p);
    for (l = 0; l < 32; l++) p[l] = (v[l] & 3) != 3;
    int all = ballot(p) == 0xffffffffu;
    for (l = 0; l < 32; l++) p[l] = (v[l] & 63) == 5;
    int any = ballot(p) != 0;
    bool same_parity = odd == 0 || odd == 0xffffffffu;
    for (l = 0; l < 32; l++) {
        uint32_t m3 = 0;
        for (int k = 0; k < 32; k++)
            if ((v[k] & 3) == (v[l] & 3))
                m3 |= 1u << k;
        o[l][8] = s32(odd);
        o[l][9] = all;
        o[l][10] = any;
        o[l][11] = s32(m3);
        o[l][12] = -1;                        /* the warp index is uniform */
        o[l][13] = 1;
        o[l][14] = same_parity ? -1 : 0;
        o[l][15] = same_parity;
        o[l][16] = s32((v[l] & 1) ? odd : ~odd);
        o[l][17] = s32((1u << l) - 1);
        o[l][18] = s32((uint32_t)((2ull << l) - 1));
        o[l][19] = s32(1u << l);
        o[l][20] = s32(~((1u << l) - 1));
        o[l][21] = s32(~(uint32_t)((2ull << l) - 1));
        o[l][22] = l;
        o[l][23] = s32((v[l] & 1) ? odd : ~odd ^ 0x55u);
    }

    for (l = 0; l < 32; l++) {
        int src = l < 16 ? shfl_src(l, SH_DOWN, 1, 0x101f) : shfl_src(l, SH_UP, 2, 0x1000);
        o[l][24] = v[src];
        o[l][25] = v[l ^ 1] * 3;
        uint32_t acc = 0;
        for (int it = 0; it < (v[l] & 7); it++)
            for (int k = 0; k < 32; k++)
                acc += (v[k] & 7) > it;
        o[l][26] = s32(acc);
    }
    for (l = 0; l < 32; l++) p[l] = v[l] > 0;
    uint32_t pos = ballot(p) & 0xccccccccu;
    for (l = 0; l < 32; l++) p[l] = v[l] > -500 || !(0x33333333u & (1u << l));
    int all33 = ballot(p) == 0xffffffffu;
    for (l = 0; l < 32; l++) p[l] = v[l] < 0;
    int neg = (int)popc64(ballot(p));
    for (l = 0; l < 32; l++) {
        o[l][27] = (l & 2) ? s32(pos) : all33;
        o[l][28] = v[(l & ~3) | ((l + 1) & 3)];
        o[l][29] = l >= 1 ? v[l - 1] : v[l];
        o[l][30] = l == 0 ? v[31] : v[l];
        o[l][31] = v[(l - 1) & 31];
        o[l][32] = v[l ^ 1];
        o[l][33] = v[31 - l] * 3;
        o[l][34] = neg;
        o[l][35] = v[l ^ 3];
    }
    (void)warp;
}

void isa_ref_warp(const int32_t *in, int nthreads, int32_t *out)
{
    for (int w = 0; w < nthreads / 32; w++)
        ref_warp(in + 32 * w, w, (int32_t (*)[ISA_WARP_NOUT])(out + (size_t)w * 32 * ISA_WARP_NOUT));
}

/* ============================================================ isa_atomic */
void isa_ref_atomic(const int32_t *in, int grid, int block,
                    int32_t *g, uint64_t *g64, float *gf, double *gd,
                    int32_t *priv, int32_t *tout, int32_t *bout)
{
    int T = grid * block;
    uint32_t sum = 0, sum3 = 0, and4 = 0xffffffffu, or5 = 0, xor6 = 0;
    int32_t mn = INT32_MAX, mx = INT32_MIN;
    uint32_t umn = 0xffffffffu, umx = 0;
    uint64_t s64a = 0, s64sq = 0, or64 = 0, and64 = ~0ull, max64 = 0;
    int64_t min64 = INT64_MAX;
    int64_t fsum = 0;
    double dsum = 0;

    for (int t = 0; t < T; t++) {
        int32_t v = in[t];
        uint32_t u = (uint32_t)v;
        sum += u;
        sum3 += 3u * u;
        and4 &= u | 0x0f0f0000u;
        or5 |= 1u << (t % 31);
        xor6 ^= u;
        mn = v < mn ? v : mn;
        mx = v > mx ? v : mx;
        umn = u < umn ? u : umn;
        umx = u > umx ? u : umx;
        s64a += (uint64_t)(int64_t)v * 0x100000001ull;
        int64_t m = (int64_t)v * (INT64_C(1) << 33);
        min64 = m < min64 ? m : min64;
        uint64_t m2 = (uint64_t)u << 8;
        max64 = m2 > max64 ? m2 : max64;
        s64sq += (uint64_t)((int64_t)v * v);
        or64 |= 1ull << (t % 64);
        and64 &= ~(1ull << ((t * 7) % 64));
        fsum += v % 1000;
        dsum += (double)v * 0.5;
        priv[2 * t] = s32(f2u((float)v));
        priv[2 * t + 1] = v;
        int32_t *to = tout + (size_t)t * ISA_ATOM_NT;
        to[0] = 3 * t;
        to[1] = t;
        to[2] = v;
        to[3] = v + 1;
    }
    g[0] = s32(sum);
    g[1] = s32(0u - sum);
    g[2] = mn;
    g[3] = mx;
    g[4] = s32(and4);
    g[5] = s32(or5);
    g[6] = s32(xor6);
    g[7] = T % 18;                            /* atomicInc wraps after 17 */
    g[8] = ((5 - T) % 14 + 14) % 14;          /* atomicDec wraps below 0 to 13 */
    g[9] = s32(sum3);
    g[10] = T;
    g[11] = s32((uint32_t)((uint64_t)T * (uint64_t)(T - 1) / 2));
    g[12] = s32(umn);
    g[13] = s32(umx);
    g[14] = 0;                                /* the ticket counter wrapped */
    g[15] = s32(sum);
    g64[0] = s64a;
    g64[1] = (uint64_t)min64;
    g64[2] = max64;
    g64[3] = s64sq;
    g64[4] = or64;
    g64[5] = and64;
    gf[0] = (float)fsum;
    gd[0] = dsum;

    for (int bk = 0; bk < grid; bk++) {
        uint32_t bs = 0, bor = 0, bsq = 0, bxor = 0, band = 0xffffffffu;
        int32_t bmn = INT32_MAX, bmx = INT32_MIN;
        uint64_t b64 = 0;
        int64_t bf = 0;
        for (int tx = 0; tx < block; tx++) {
            int32_t v = in[bk * block + tx];
            uint32_t u = (uint32_t)v;
            bs += u;
            bmn = v < bmn ? v : bmn;
            bmx = v > bmx ? v : bmx;
            bor |= 1u << (tx & 31);
            bsq += u * u;
            bxor ^= u;
            band &= ~(1u << (tx % 32));
            b64 += u;
            bf += v % 1000;
        }
        int32_t *b = bout + (size_t)bk * ISA_ATOM_NB;
        b[0] = s32(bs);
        b[1] = bmn;
        b[2] = bmx;
        b[3] = s32(bor);
        b[4] = block % 10;
        b[5] = s32(bsq);
        b[6] = s32(bxor);
        b[7] = s32(band);
        b[8] = s32((uint32_t)b64);
        b[9] = s32((uint32_t)(b64 >> 32));
        b[10] = s32(f2u((float)bf));
    }
}

/* ============================================================ isa_misc */
static int32_t misc_mix(int32_t a, int32_t b, int32_t c)
{
    uint32_t r = (uint32_t)a * 31u + (uint32_t)b;
    if (r & 4)
        r ^= (uint32_t)c << 2;
    else
        r -= (uint32_t)c;
    for (int32_t k = 0; k < (a & 3); k++)
        r = r * 5u + (uint32_t)k;
    return s32(r);
}

void isa_ref_misc(const int32_t *in, int n, int block, uint32_t dyn_smem,
                  int32_t *out)
{
    for (int t = 0; t < n; t++) {
        int32_t v = in[t];
        uint32_t u = (uint32_t)v;
        int base = t - t % block, tx = t % block;
        int32_t *o = out + (size_t)t * ISA_MISC_NOUT;

        o[0] = in[base + (tx + 1) % block];
        o[1] = s32(dyn_smem);
        int32_t loc[32];
        for (int k = 0; k < 32; k++)
            loc[k] = v + k * k;
        for (int k = 0; k < 8; k++)
            loc[(u + 5u * (uint32_t)k) & 31] ^= k << 4;
        o[2] = loc[asr32(u, 3) & 31] + loc[u & 31];
        int32_t ws = 0;
        for (int k = 0; k < 32; k++)
            ws += loc[k] * (k + 1);
        o[3] = ws;
        o[4] = misc_mix(v, t, n);
        o[5] = s32(f2u((float)v * 3.0f + 0.5f));
        switch (u & 7) {
        case 0: o[6] = v * 2; break;
        case 1: o[6] = v - 7; break;
        case 2: o[6] = ~v; break;
        case 3: o[6] = s32(u << 3); break;
        case 5: o[6] = v ^ 0x5a5a; break;
        case 6: o[6] = -v; break;
        default: o[6] = 42; break;
        }
        uint32_t x = (u & 0xffff) + 1;
        int steps = 0;
        while (x != 1) {
            if (steps >= 200)
                break;
            x = (x & 1) ? 3 * x + 1 : x >> 1;
            steps++;
        }
        o[7] = steps;
        int nd = 0;
        if (u & 1)
            nd = (u & 2) ? 1 : 2;
        else
            for (int k = 0; k < (int)(u & 3); k++)
                nd += k + 3;
        o[8] = nd;
        o[9] = in[(t + 1) % n];
        o[10] = in[(t + 2) % n];
        o[11] = in[(t + 3) % n];
        o[12] = in[(t + 4) % n];
        const int32_t *q = in + 4 * (t / 4);
        o[13] = s32((uint32_t)q[0] + 3u * (uint32_t)q[1] + 5u * (uint32_t)q[2] + 7u * (uint32_t)q[3]);
        o[14] = (int32_t)((u >> (8 * (t & 3))) & 0xff);
        o[15] = s32(((u >> (16 * (t & 1))) & 0x8000) ? ((u >> (16 * (t & 1))) | 0xffff0000u)
                                                      : ((u >> (16 * (t & 1))) & 0xffff));
        o[16] = v + 1;
        o[17] = v + 2;
        o[18] = v + 3;
        o[19] = v + 4;
        o[20] = v * 5;
        o[21] = 15;
        o[22] = v - 3 >= 0 ? v : t;
        o[23] = v < t ? -1 : 0;
        bool c4 = (u & 4) != 0, c8 = (u & 8) != 0;
        o[24] = ((v < t) && c4) + 2 * (!(v < t) && c4);
        o[25] = ((v > t) != c8) + 2 * ((!(v > t)) != c8);
        int cnt = 0, any5 = 0, allgt = 1;
        for (int k = base; k < base + block; k++) {
            cnt += (in[k] & 1) != 0;
            any5 |= in[k] == 5;
            allgt &= in[k] > -1000;
        }
        o[26] = cnt;
        o[27] = any5;
        o[28] = allgt;
        o[29] = v ^ t;
        o[30] = v % 11 == 3 ? 1 : 2;
        o[31] = 0x600d;
    }
}
