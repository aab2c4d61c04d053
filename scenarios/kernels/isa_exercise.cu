/* isa_exercise.cu: kernels that make nvcc emit the less common PTX
 * instructions, so the engine is tested on real compiler output.  Every
 * kernel writes its results into output arrays; tests/isa_exercise_ref.c
 * computes every expected element on the CPU (same index layout; the slot
 * numbers below are the contract between the two files).
 *
 * Source of the semantics: the CUDA C++ Programming Guide and CUDA Math API
 * (intrinsics) and the PTX ISA (inline asm).  The code is our own.
 *
 * Kernels (all 1-D; "T" = gridDim.x * blockDim.x):
 *
 *   isa_int(in, out, n)                         n threads (extra threads idle)
 *       in: n u32; out: n * ISA_INT_NOUT u32.  Thread i uses a = in[i],
 *       b = in[(i+1)%n], c = in[(i+2)%n]: funnel shifts, lop3 logic, bfe/bfi,
 *       brev/clz/popc/ffs/bfind, prmt, mul.hi/mul.wide/mad.wide, mul24, sad,
 *       dp4a, min/max, 64- and 32-bit div/rem, clamped shifts, add.cc/addc.
 *
 *   isa_float(fin, din, fout, dout, iout, n)    n threads
 *       fin: 2n f32, din: 2n f64; fout: n * ISA_FLT_NF f32,
 *       dout: n * ISA_FLT_ND f64, iout: n * ISA_FLT_NI i32.  Rounding-mode
 *       intrinsics, sqrt/rcp/fma, approximate ex2/lg2/sin/cos/rsqrt,
 *       conversions (rounding, saturation, narrow), testp, copysign, min/max.
 *
 *   isa_warp(in, out)                           T threads, blockDim.x a
 *       multiple of 32 and <= 1024; in: T i32 with |v| <= 1000;
 *       out: T * ISA_WARP_NOUT i32.
 *       shfl.sync (idx/up/down/bfly, width < 32, partial member masks),
 *       vote.sync, match.sync, activemask, %lanemask_*, %laneid, bar.warp.sync.
 *
 *   isa_atomic_init(g, g64, gf, gd, priv, nthreads) then
 *   isa_atomic(in, g, g64, gf, gd, priv, tout, bout)
 *       T threads, blockDim.x <= 1024, T <= 8192, in: T i32 with |v| <= 1000;
 *       g: ISA_ATOM_NG i32, g64: ISA_ATOM_NG64 u64, gf: 1 f32, gd: 1 f64,
 *       priv: 2T i32, tout: T * ISA_ATOM_NT i32, bout: grid * ISA_ATOM_NB i32.
 *       Host: isa_atomic_init<<<ceil(T/256), 256>>>(..., T) first.
 *       atom/red on global and shared memory: add/sub/min/max/and/or/xor/
 *       inc/dec/exch/cas, 32- and 64-bit, f32 and f64 add; a threadfence
 *       last-block reduction.  Every result is independent of the order in
 *       which the atomics happen.
 *
 *   isa_misc(in, out, n)                        T == n threads, n % 4 == 0,
 *       blockDim.x a multiple of 32, dynamic shared memory >= 4 * blockDim.x
 *       bytes; in: n i32 with |v| <= 1000; out: n * ISA_MISC_NOUT i32.
 *       Dynamic shared memory and %dynamic_smem_size, a dynamically indexed
 *       local array (.local, and cvta.local through a pointer argument),
 *       __noinline__ calls with return values, a switch and loops with
 *       divergence, ld.global.nc / cache operators / volatile / vector /
 *       8- and 16-bit loads, st cache operators, clock64, nanosleep, fences,
 *       prefetch, slct, set, setp with two destinations, named barriers,
 *       bar.red (__syncthreads_count/or/and), exit, a never-taken trap.
 *
 * The -G build (isa_exercise_g.ptx) must give the same outputs.
 *
 * Convergence: slots isa_warp[23] and [26] read __activemask() inside
 * divergent code and assume lanes that take the same path run together, as
 * in a SIMT stack model (and in practice on hardware).
 */

#include <climits>

#define FULL 0xffffffffu
#define ISA_INT_NOUT 76
#define ISA_FLT_NF 44
#define ISA_FLT_ND 20
#define ISA_FLT_NI 28
#define ISA_WARP_NOUT 36
#define ISA_ATOM_NG 16
#define ISA_ATOM_NG64 6
#define ISA_ATOM_NT 4
#define ISA_ATOM_NB 11
#define ISA_MISC_NOUT 32

typedef unsigned long long u64;

/* ------------------------------------------------------------ inline PTX */
static __device__ __forceinline__ unsigned ptx_bfe_u32(unsigned a, unsigned pos, unsigned len)
{
    unsigned d;
    asm("bfe.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(pos), "r"(len));
    return d;
}

static __device__ __forceinline__ int ptx_bfe_s32(int a, unsigned pos, unsigned len)
{
    int d;
    asm("bfe.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(pos), "r"(len));
    return d;
}

static __device__ __forceinline__ unsigned ptx_bfi(unsigned f, unsigned b, unsigned pos, unsigned len)
{
    unsigned d;
    asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(f), "r"(b), "r"(pos), "r"(len));
    return d;
}

static __device__ __forceinline__ unsigned ptx_prmt(unsigned a, unsigned b, unsigned sel)
{
    unsigned d;
    asm("prmt.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(sel));
    return d;
}

static __device__ __forceinline__ unsigned ptx_bfind_u32(unsigned a)
{
    unsigned d;
    asm("bfind.u32 %0, %1;" : "=r"(d) : "r"(a));
    return d;
}

static __device__ __forceinline__ unsigned ptx_bfind_s32(int a)
{
    unsigned d;
    asm("bfind.s32 %0, %1;" : "=r"(d) : "r"(a));
    return d;
}

static __device__ __forceinline__ unsigned ptx_shl(unsigned a, unsigned n)
{
    unsigned d;
    asm("shl.b32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(n));
    return d;
}

static __device__ __forceinline__ int ptx_shr_s32(int a, unsigned n)
{
    int d;
    asm("shr.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(n));
    return d;
}

static __device__ __forceinline__ unsigned ptx_shr_u32(unsigned a, unsigned n)
{
    unsigned d;
    asm("shr.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(n));
    return d;
}

static __device__ __forceinline__ unsigned ptx_cnot(unsigned a)
{
    unsigned d;
    asm("cnot.b32 %0, %1;" : "=r"(d) : "r"(a));
    return d;
}

/* {hi, lo} = {c, a} + {a, b} with add.cc / addc */
static __device__ __forceinline__ void ptx_add64(unsigned a, unsigned b, unsigned c,
                                                 unsigned *lo, unsigned *hi)
{
    unsigned l, h;
    asm("{\n\t.reg .u32 t;\n\tadd.cc.u32 t, %2, %3;\n\taddc.u32 %1, %4, %2;\n\tmov.u32 %0, t;\n\t}"
        : "=r"(l), "=r"(h) : "r"(a), "r"(b), "r"(c));
    *lo = l;
    *hi = h;
}

/* {hi, lo} = {c, a} - {a, b} with sub.cc / subc */
static __device__ __forceinline__ void ptx_sub64(unsigned a, unsigned b, unsigned c,
                                                 unsigned *lo, unsigned *hi)
{
    unsigned l, h;
    asm("{\n\t.reg .u32 t;\n\tsub.cc.u32 t, %2, %3;\n\tsubc.u32 %1, %4, %2;\n\tmov.u32 %0, t;\n\t}"
        : "=r"(l), "=r"(h) : "r"(a), "r"(b), "r"(c));
    *lo = l;
    *hi = h;
}

/* three-input logic with an explicit truth table (nvcc itself leaves lop3
 * to ptxas): 0xe8 = majority(a, b, c), 0x1e = a ^ (b | c) */
static __device__ __forceinline__ unsigned ptx_lop3_maj(unsigned a, unsigned b, unsigned c)
{
    unsigned d;
    asm("lop3.b32 %0, %1, %2, %3, 0xe8;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
}

static __device__ __forceinline__ unsigned ptx_lop3_1e(unsigned a, unsigned b, unsigned c)
{
    unsigned d;
    asm("lop3.b32 %0, %1, %2, %3, 0x1e;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
}

/* 24-bit multiplies (nvcc lowers __umul24 to and + mul.lo) */
static __device__ __forceinline__ unsigned ptx_mul24_lo(unsigned a, unsigned b)
{
    unsigned d;
    asm("mul24.lo.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    return d;
}

static __device__ __forceinline__ unsigned ptx_mul24_hi(unsigned a, unsigned b)
{
    unsigned d;
    asm("mul24.hi.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    return d;
}

static __device__ __forceinline__ unsigned ptx_mad24_lo(unsigned a, unsigned b, unsigned c)
{
    unsigned d;
    asm("mad24.lo.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
}

/* 16 x 16 -> 32-bit multiply of the low halves (mul.wide.u16) */
static __device__ __forceinline__ unsigned ptx_mul_wide_u16(unsigned a, unsigned b)
{
    unsigned d;
    asm("{\n\t.reg .u16 x, y;\n\tcvt.u16.u32 x, %1;\n\tcvt.u16.u32 y, %2;\n\tmul.wide.u16 %0, x, y;\n\t}"
        : "=r"(d) : "r"(a), "r"(b));
    return d;
}

/* ============================================================ isa_int */
extern "C" __global__ void isa_int(const unsigned *in, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned a = in[i], b = in[(i + 1) % n], c = in[(i + 2) % n];
    u64 A = ((u64)a << 32) | b;
    u64 B = ((u64)c << 32) | a;
    unsigned *o = out + (size_t)i * ISA_INT_NOUT;

    /* funnel shifts (shf.l/shf.r, .wrap and .clamp) */
    o[0] = __funnelshift_l(a, b, c);
    o[1] = __funnelshift_lc(a, b, c);
    o[2] = __funnelshift_r(a, b, c);
    o[3] = __funnelshift_rc(a, b, c);
    /* three-input logic (lop3) */
    o[4] = (a & b) | (~a & c);
    o[5] = a ^ b ^ c;
    o[6] = (a & b) | (a & c) | (b & c);
    o[7] = ~(a | b) ^ (c & ~a);
    /* bit fields: pos and len up to 63 to test the clamping */
    unsigned pos = (b >> 8) & 63, len = (c >> 8) & 63;
    o[8] = ptx_bfe_u32(a, pos, len);
    o[9] = (unsigned)ptx_bfe_s32((int)a, pos, len);
    o[10] = ptx_bfi(a, b, pos, len);
    o[11] = (a >> 7) & 0x3ffu;
    o[12] = (unsigned)((int)(a << 5) >> 20);
    /* bit counts and permutes */
    o[13] = __brev(a);
    o[14] = (unsigned)__clz((int)a);
    o[15] = (unsigned)__popc(a);
    o[16] = (unsigned)__popcll(A);
    o[17] = (unsigned)__ffs((int)a);
    o[18] = __byte_perm(a, b, c & 0x7777u);
    o[19] = ptx_prmt(a, b, c);               /* selector msb: sign replicate */
    o[20] = ptx_bfind_u32(a);
    o[21] = ptx_bfind_s32((int)a);
    o[22] = (unsigned)__clzll((long long)A);
    o[23] = (unsigned)__ffsll((long long)B);
    /* high and wide multiplies */
    o[24] = (unsigned)__mulhi((int)a, (int)b);
    o[25] = __umulhi(a, b);
    u64 uh = __umul64hi(A, B);
    o[26] = (unsigned)uh;
    o[27] = (unsigned)(uh >> 32);
    long long sh = __mul64hi((long long)A, (long long)B);
    o[28] = (unsigned)sh;
    o[29] = (unsigned)((u64)sh >> 32);
    u64 w = (u64)a * b + A;                   /* mul.wide.u32 + add / mad.wide */
    o[30] = (unsigned)w;
    o[31] = (unsigned)(w >> 32);
    u64 ws = (u64)((long long)(int)a * (int)c) + B;
    o[32] = (unsigned)ws;
    o[33] = (unsigned)(ws >> 32);
    o[34] = __umul24(a, b);
    o[35] = (unsigned)__mul24((int)a >> 9, (int)b >> 9);
    o[36] = __sad((int)a, (int)b, c);
    o[37] = __usad(a, b, c);
    o[38] = (unsigned)__dp4a((int)a, (int)b, (int)c);
    o[39] = __dp4a(a, b, c);
    /* min / max */
    o[40] = (unsigned)min((int)a, (int)b);
    o[41] = (unsigned)max((int)a, (int)b);
    o[42] = umin(a, b);
    o[43] = umax(a, b);
    /* 64-bit multiply, divide, remainder (divisors never 0 or -1) */
    u64 p = A * B;
    o[44] = (unsigned)p;
    o[45] = (unsigned)(p >> 32);
    u64 ud = B | 1;
    u64 uq = A / ud, ur = A % ud;
    o[46] = (unsigned)uq;
    o[47] = (unsigned)(uq >> 32);
    o[48] = (unsigned)ur;
    o[49] = (unsigned)(ur >> 32);
    long long sd = (long long)(B & ~4ull) | 1;
    long long sq = (long long)A / sd, sr = (long long)A % sd;
    o[50] = (unsigned)sq;
    o[51] = (unsigned)((u64)sq >> 32);
    o[52] = (unsigned)sr;
    o[53] = (unsigned)((u64)sr >> 32);
    /* 32-bit divide, remainder */
    o[54] = a / (b | 1u);
    o[55] = a % (b | 1u);
    int d32 = (int)(b & ~4u) | 1;
    o[56] = (unsigned)((int)a / d32);
    o[57] = (unsigned)((int)a % d32);
    /* shifts by a register amount; PTX clamps amounts above the width */
    o[58] = ptx_shl(a, c & 63);
    o[59] = (unsigned)ptx_shr_s32((int)a, (c >> 6) & 63);
    o[60] = ptx_shr_u32(a, (c >> 12) & 63);
    /* extended precision with the carry flag */
    ptx_add64(a, b, c, &o[61], &o[62]);
    ptx_sub64(a, b, c, &o[63], &o[64]);
    o[65] = ptx_cnot(a);
    o[66] = ptx_mul_wide_u16(a, b);
    o[67] = (unsigned)__hadd((int)a, (int)b);
    o[68] = ptx_lop3_maj(a, b, c);
    o[69] = ptx_lop3_1e(a, b, c);
    o[70] = ptx_mul24_lo(a, b);
    o[71] = ptx_mul24_hi(a, b);
    o[72] = ptx_mad24_lo(a, b, c);
    u64 rv = __brevll(A);
    o[73] = (unsigned)rv;
    o[74] = (unsigned)(rv >> 32);
    o[75] = (unsigned)abs((int)a >> 1);
}

/* ============================================================ isa_float */
static __device__ __forceinline__ int ptx_testp_normal(float x)
{
    int r;
    asm("{\n\t.reg .pred p;\n\ttestp.normal.f32 p, %1;\n\tselp.s32 %0, 1, 0, p;\n\t}" : "=r"(r) : "f"(x));
    return r;
}

static __device__ __forceinline__ int ptx_testp_subnormal(double x)
{
    int r;
    asm("{\n\t.reg .pred p;\n\ttestp.subnormal.f64 p, %1;\n\tselp.s32 %0, 1, 0, p;\n\t}" : "=r"(r) : "d"(x));
    return r;
}

/* Saturating conversions to narrow integers; the C casts keep only the
 * narrow bits, whatever PTX leaves in the upper bits of the register. */
static __device__ __forceinline__ int ptx_sat_s8_s32(int v)
{
    int r;
    asm("cvt.sat.s8.s32 %0, %1;" : "=r"(r) : "r"(v));
    return (signed char)r;
}

static __device__ __forceinline__ int ptx_sat_u8_s32(int v)
{
    int r;
    asm("cvt.sat.u8.s32 %0, %1;" : "=r"(r) : "r"(v));
    return (unsigned char)r;
}

static __device__ __forceinline__ int ptx_sat_s16_s32(int v)
{
    int r;
    asm("cvt.sat.s16.s32 %0, %1;" : "=r"(r) : "r"(v));
    return (short)r;
}

static __device__ __forceinline__ int ptx_rni_u16_f32(float x)
{
    int r;
    asm("cvt.rni.u16.f32 %0, %1;" : "=r"(r) : "f"(x));
    return (unsigned short)r;
}

static __device__ __forceinline__ int ptx_rzi_s8_f32(float x)
{
    int r;
    asm("cvt.rzi.s8.f32 %0, %1;" : "=r"(r) : "f"(x));
    return (signed char)r;
}

extern "C" __global__ void isa_float(const float *fin, const double *din, float *fout,
                                     double *dout, int *iout, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = fin[2 * i], y = fin[2 * i + 1], z = fin[(2 * i + 2) % (2 * n)];
    double X = din[2 * i], Y = din[2 * i + 1], Z = din[(2 * i + 2) % (2 * n)];
    int yi = __float_as_int(y);
    long long Yl = __double_as_longlong(Y);
    float *f = fout + (size_t)i * ISA_FLT_NF;
    double *d = dout + (size_t)i * ISA_FLT_ND;
    int *r = iout + (size_t)i * ISA_FLT_NI;

    /* f32, correctly rounded */
    f[0] = x + y;
    f[1] = x * y;
    f[2] = x / y;                             /* div.rn.f32 */
    f[3] = sqrtf(x);                          /* sqrt.rn.f32 */
    f[4] = fmaf(x, y, z);
    f[5] = __fdiv_rz(x, y);
    f[6] = __fdiv_ru(x, y);
    f[7] = __fdiv_rd(x, y);
    f[8] = __fadd_rz(x, y);
    f[9] = __fadd_ru(x, y);
    f[10] = __fadd_rd(x, y);
    f[11] = __fmul_rz(x, y);
    f[12] = __fmul_ru(x, y);
    f[13] = __fmul_rd(x, y);
    f[14] = __fmaf_rz(x, y, z);
    f[15] = __fsqrt_rd(x);
    f[16] = __fsqrt_ru(x);
    f[17] = __frcp_rn(x);
    f[18] = __frcp_rz(x);
    f[19] = copysignf(x, y);
    f[20] = fminf(x, y);
    f[21] = fmaxf(x, y);
    f[22] = fabsf(x);
    f[23] = -x;
    f[24] = __saturatef(x);
    /* f32, approximate (ex2/lg2/sin/cos/rsqrt .approx) */
    f[25] = rsqrtf(x);
    f[26] = exp2f(x);
    f[27] = log2f(x);
    f[28] = __sinf(x);
    f[29] = __cosf(x);
    /* conversions to f32 */
    f[30] = __int2float_rd(yi);
    f[31] = __int2float_ru(yi);
    f[32] = __uint2float_rz((unsigned)yi);
    f[33] = __ll2float_rn(Yl);
    f[34] = __double2float_rz(X);
    f[35] = (float)X;
    f[36] = __fsub_ru(x, y);
    f[37] = __fmaf_ru(x, y, z);
    f[38] = __fmaf_rd(x, y, z);
    f[39] = __fsqrt_rz(x);
    f[40] = __log2f(x);                       /* lg2.approx.f32 */
    f[41] = __expf(x);                        /* ex2.approx.ftz.f32 of x*log2(e) */
    f[42] = __fdividef(x, y);                 /* div.approx.f32 */
    f[43] = __fsub_rz(x, y);

    /* f64 */
    d[0] = X + Y;
    d[1] = X * Y;
    d[2] = X / Y;
    d[3] = sqrt(X);
    d[4] = fma(X, Y, Z);
    d[5] = __dadd_rz(X, Y);
    d[6] = __dmul_ru(X, Y);
    d[7] = __ddiv_rd(X, Y);
    d[8] = __dsqrt_ru(X);
    d[9] = __drcp_rn(X);
    d[10] = copysign(X, Y);
    d[11] = fmin(X, Y);
    d[12] = fmax(X, Y);
    d[13] = fabs(X);
    d[14] = (double)x;
    d[15] = __ll2double_rz(Yl);
    d[16] = __ull2double_ru((u64)Yl);
    d[17] = __fma_rz(X, Y, Z);
    d[18] = __dsub_rd(X, Y);
    d[19] = (double)yi;

    /* float -> integer (NaN is mapped to a marker: its result is not
     * documented for every conversion) */
    bool xn = isnan(x), Xn = isnan(X);
    r[0] = xn ? -7 : __float2int_rn(x);
    r[1] = xn ? -7 : __float2int_rz(x);
    r[2] = xn ? -7 : __float2int_ru(x);
    r[3] = xn ? -7 : __float2int_rd(x);
    r[4] = xn ? 7 : (int)__float2uint_ru(x);
    r[5] = Xn ? -7 : __double2int_rn(X);
    r[6] = Xn ? -7 : __double2int_rz(X);
    r[7] = Xn ? 7 : (int)__double2uint_rd(X);
    long long ll = Xn ? -7 : __double2ll_rz(X);
    r[8] = (int)ll;
    r[9] = (int)((u64)ll >> 32);
    long long lf = xn ? -7 : __float2ll_rd(x);
    r[10] = (int)lf;
    r[11] = (int)((u64)lf >> 32);
    /* classification (testp) */
    r[12] = isnan(x);
    r[13] = isinf(x);
    r[14] = isfinite(x);
    r[15] = signbit(x) != 0;
    r[16] = isnan(X);
    r[17] = isinf(X);
    r[18] = ptx_testp_normal(x);
    r[19] = ptx_testp_subnormal(X);
    /* ordered and unordered comparisons */
    r[20] = (x < y) | (!(x >= y)) << 1 | (x != y) << 2 | (x == y) << 3 |
            (X <= Y) << 4 | (!(X > Y)) << 5;
    /* saturating narrow conversions */
    r[21] = ptx_sat_s8_s32(yi);
    r[22] = ptx_sat_u8_s32(yi);
    r[23] = ptx_sat_s16_s32(yi);
    r[24] = ptx_rni_u16_f32(xn ? 0.0f : x);
    r[25] = ptx_rzi_s8_f32(xn ? 0.0f : x);
    r[26] = __float2int_rn(__int2float_rn(yi) * 0.0f + (float)(yi & 1023));
    r[27] = __float_as_int(__int_as_float(yi));
}

/* ============================================================ isa_warp */
extern "C" __global__ void isa_warp(const int *in, int *out)
{
    __shared__ int s[1024];
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[t];
    int *o = out + (size_t)t * ISA_WARP_NOUT;

    /* shuffles: arbitrary index, widths 16/8/4, up/down/xor */
    o[0] = __shfl_sync(FULL, v, (lane * 7 + 3) & 31);
    o[1] = __shfl_sync(FULL, v, lane + 3, 16);
    o[2] = __shfl_up_sync(FULL, v, 3, 8);
    o[3] = __shfl_down_sync(FULL, v, 5, 16);
    o[4] = __shfl_xor_sync(FULL, v, 6, 8);
    o[5] = __shfl_xor_sync(FULL, v, 16);
    /* warp sum (tree of shfl.down) broadcast from lane 0 */
    int sum = v;
    for (int off = 16; off > 0; off >>= 1)
        sum += __shfl_down_sync(FULL, sum, off);
    o[6] = __shfl_sync(FULL, sum, 0);
    /* inclusive prefix sum (shfl.up) */
    int scan = v;
    for (int off = 1; off < 32; off <<= 1) {
        int u = __shfl_up_sync(FULL, scan, off);
        if (lane >= off)
            scan += u;
    }
    o[7] = scan;
    /* votes and matches */
    o[8] = (int)__ballot_sync(FULL, v & 1);
    o[9] = __all_sync(FULL, (v & 3) != 3);
    o[10] = __any_sync(FULL, (v & 63) == 5);
    o[11] = (int)__match_any_sync(FULL, v & 3);
    int pred;
    o[12] = (int)__match_all_sync(FULL, (unsigned)(t >> 5), &pred);
    o[13] = pred;
    o[14] = (int)__match_all_sync(FULL, v & 1, &pred);
    o[15] = pred;
    o[16] = (int)__match_any_sync(FULL, (long long)(v & 1) << 40);
    /* lane masks and lane id */
    unsigned m;
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(m));
    o[17] = (int)m;
    asm("mov.u32 %0, %%lanemask_le;" : "=r"(m));
    o[18] = (int)m;
    asm("mov.u32 %0, %%lanemask_eq;" : "=r"(m));
    o[19] = (int)m;
    asm("mov.u32 %0, %%lanemask_ge;" : "=r"(m));
    o[20] = (int)m;
    asm("mov.u32 %0, %%lanemask_gt;" : "=r"(m));
    o[21] = (int)m;
    asm("mov.u32 %0, %%laneid;" : "=r"(m));
    o[22] = (int)m;
    /* active mask inside divergent code */
    if (v & 1)
        o[23] = (int)__activemask();
    else
        o[23] = (int)(__activemask() ^ 0x55u);
    /* shuffles with a partial member mask, inside divergent code */
    if (lane < 16)
        o[24] = __shfl_down_sync(0x0000ffffu, v, 1, 16);
    else
        o[24] = __shfl_up_sync(0xffff0000u, v, 2, 16);
    /* shared memory exchange ordered by __syncwarp */
    s[threadIdx.x] = v * 3;
    __syncwarp();
    o[25] = s[threadIdx.x ^ 1];
    /* a loop with a per-lane trip count: active lanes per iteration */
    unsigned acc = 0;
    for (int it = 0; it < (v & 7); it++)
        acc += __popc(__activemask());
    o[26] = (int)acc;
    /* votes with partial masks */
    if (lane & 2)
        o[27] = (int)__ballot_sync(0xccccccccu, v > 0);
    else
        o[27] = __all_sync(0x33333333u, v > -500);
    o[28] = __shfl_sync(FULL, v, lane + 1, 4);
    o[29] = __shfl_up_sync(FULL, v, 1);
    o[30] = __shfl_down_sync(FULL, v, 31);
    o[31] = __shfl_sync(FULL, v, lane - 1);
    o[32] = (int)(2.0 * __shfl_xor_sync(FULL, (double)v * 0.5, 1));
    o[33] = (int)__shfl_sync(FULL, (long long)v * 3, 31 - lane);
    o[34] = __popc(__ballot_sync(FULL, v < 0));
    o[35] = (int)__shfl_sync(FULL, (float)v, lane ^ 3);
}

/* ============================================================ isa_atomic */
extern "C" __global__ void isa_atomic_init(int *g, u64 *g64, float *gf, double *gd,
                                           int *priv, int nthreads)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t == 0) {
        g[0] = 0;          g[1] = 0;          g[2] = INT_MAX;    g[3] = INT_MIN;
        g[4] = -1;         g[5] = 0;          g[6] = 0;          g[7] = 0;
        g[8] = 5;          g[9] = 0;          g[10] = 0;         g[11] = 0;
        g[12] = -1;        g[13] = 0;         g[14] = 0;         g[15] = 0;
        g64[0] = 0;        g64[1] = LLONG_MAX; g64[2] = 0;
        g64[3] = 0;        g64[4] = 0;        g64[5] = ~0ull;
        gf[0] = 0.0f;
        gd[0] = 0.0;
    }
    if (t < nthreads) {
        priv[2 * t] = 3 * t;
        priv[2 * t + 1] = t;
    }
}

extern "C" __global__ void isa_atomic(const int *in, int *g, u64 *g64, float *gf,
                                      double *gd, int *priv, int *tout, int *bout)
{
    __shared__ int s[8];
    __shared__ u64 s64;
    __shared__ float sf;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[t];

    if (threadIdx.x == 0) {
        s[0] = 0; s[1] = INT_MAX; s[2] = INT_MIN; s[3] = 0;
        s[4] = 0; s[5] = 0;       s[6] = 0;       s[7] = -1;
        s64 = 0;
        sf = 0.0f;
    }
    __syncthreads();

    /* global 32-bit, results unused (red.global.*) */
    atomicAdd(&g[0], v);
    atomicSub(&g[1], v);
    atomicMin(&g[2], v);
    atomicMax(&g[3], v);
    atomicAnd(&g[4], v | 0x0f0f0000);
    atomicOr(&g[5], 1 << (t % 31));
    atomicXor(&g[6], v);
    atomicInc((unsigned *)&g[7], 17u);
    atomicDec((unsigned *)&g[8], 13u);
    /* compare-and-swap loop: g[9] += 3 * v */
    int old = g[9], assumed;
    do {
        assumed = old;
        old = atomicCAS(&g[9], assumed, assumed + 3 * v);
    } while (old != assumed);
    /* returned values: tickets 0 .. T-1 whatever the order; their sum */
    int ticket = atomicAdd(&g[10], 1);
    atomicAdd(&g[11], ticket);
    atomicMin((unsigned *)&g[12], (unsigned)v);
    atomicMax((unsigned *)&g[13], (unsigned)v);

    /* global 64-bit, f32, f64 */
    atomicAdd(&g64[0], (u64)(long long)v * 0x100000001ull);
    atomicMin((long long *)&g64[1], (long long)v * (1ll << 33));
    atomicMax(&g64[2], (u64)(unsigned)v << 8);
    u64 o64 = g64[3], a64;
    do {
        a64 = o64;
        o64 = atomicCAS(&g64[3], a64, a64 + (u64)((long long)v * v));
    } while (o64 != a64);
    atomicOr(&g64[4], 1ull << (t % 64));
    atomicAnd(&g64[5], ~(1ull << ((t * 7) % 64)));
    atomicAdd(&gf[0], (float)(v % 1000));
    atomicAdd(&gd[0], (double)v * 0.5);

    /* private slots: exch and cas with returned values */
    int *to = tout + (size_t)t * ISA_ATOM_NT;
    to[0] = atomicExch(&priv[2 * t], v + 1);          /* 3t */
    to[1] = atomicCAS(&priv[2 * t + 1], t, v);        /* t, succeeds */
    to[2] = atomicCAS(&priv[2 * t + 1], v + 1, 0);    /* v, fails */
    to[3] = __float_as_int(atomicExch((float *)&priv[2 * t], (float)v));  /* v + 1 */

    /* shared memory */
    atomicAdd(&s[0], v);
    atomicMin(&s[1], v);
    atomicMax(&s[2], v);
    atomicOr(&s[3], 1 << (threadIdx.x & 31));
    atomicInc((unsigned *)&s[4], 9u);
    int so = s[5], sa;
    do {
        sa = so;
        so = atomicCAS(&s[5], sa, sa + v * v);
    } while (so != sa);
    atomicXor(&s[6], v);
    atomicAnd(&s[7], ~(1 << (threadIdx.x % 32)));
    atomicAdd(&s64, (u64)(unsigned)v);
    atomicAdd(&sf, (float)(v % 1000));
    __syncthreads();

    if (threadIdx.x == 0) {
        int *b = bout + (size_t)blockIdx.x * ISA_ATOM_NB;
        for (int k = 0; k < 8; k++)
            b[k] = s[k];
        b[8] = (int)s64;
        b[9] = (int)(s64 >> 32);
        b[10] = __float_as_int(sf);
        /* the last block to finish adds up every block's sum */
        __threadfence();
        unsigned tk = atomicInc((unsigned *)&g[14], gridDim.x - 1);
        if (tk == gridDim.x - 1) {
            int total = 0;
            for (unsigned k = 0; k < gridDim.x; k++)
                total += ((volatile int *)bout)[k * ISA_ATOM_NB];
            g[15] = total;
        }
    }
}

/* ============================================================ isa_misc */
__device__ __noinline__ int misc_mix(int a, int b, int c)
{
    unsigned r = (unsigned)a * 31u + (unsigned)b;
    if (r & 4)
        r ^= (unsigned)c << 2;
    else
        r -= (unsigned)c;
    for (int k = 0; k < (a & 3); k++)
        r = r * 5u + (unsigned)k;
    return (int)r;
}

__device__ __noinline__ float misc_scale(float x, int k)
{
    return x * (float)k + 0.5f;
}

__device__ __noinline__ int misc_weighted_sum(const int *p, int len)
{
    int s = 0;
    for (int i = 0; i < len; i++)
        s += p[i] * (i + 1);
    return s;
}

extern "C" __global__ void isa_misc(const int *in, int *out, int n)
{
    extern __shared__ int dyn[];
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int v = __ldg(&in[t]);
    int *o = out + (size_t)t * ISA_MISC_NOUT;

    /* dynamic shared memory */
    dyn[threadIdx.x] = v;
    __syncthreads();
    o[0] = dyn[(threadIdx.x + 1) % blockDim.x];
    unsigned dsz;
    asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(dsz));
    o[1] = (int)dsz;

    /* a local array indexed by data, also passed by pointer */
    int loc[32];
    for (int k = 0; k < 32; k++)
        loc[k] = v + k * k;
    for (int k = 0; k < 8; k++)
        loc[(v + k * 5) & 31] ^= k << 4;
    o[2] = loc[(v >> 3) & 31] + loc[v & 31];
    o[3] = misc_weighted_sum(loc, 32);

    /* calls with return values */
    o[4] = misc_mix(v, t, n);
    o[5] = __float_as_int(misc_scale((float)v, 3));

    /* a switch with divergence */
    int sw;
    switch (v & 7) {
    case 0: sw = v * 2; break;
    case 1: sw = v - 7; break;
    case 2: sw = ~v; break;
    case 3: sw = v << 3; break;
    case 5: sw = v ^ 0x5a5a; break;
    case 6: sw = -v; break;
    default: sw = 42; break;
    }
    o[6] = sw;

    /* a loop with a data-dependent trip count and a divergent break:
     * Collatz steps from (v & 0xffff) + 1, capped at 200 */
    unsigned x = (unsigned)(v & 0xffff) + 1;
    int steps = 0;
    while (x != 1) {
        if (steps >= 200)
            break;
        x = (x & 1) ? 3 * x + 1 : x >> 1;
        steps++;
    }
    o[7] = steps;

    /* nested divergence */
    int nd = 0;
    if (v & 1) {
        if (v & 2)
            nd = 1;
        else
            nd = 2;
    } else {
        for (int k = 0; k < (v & 3); k++)
            nd += k + 3;
    }
    o[8] = nd;

    /* loads with cache operators, vector and sub-word loads */
    o[9] = __ldcg(&in[(t + 1) % n]);
    o[10] = __ldcs(&in[(t + 2) % n]);
    o[11] = __ldlu(&in[(t + 3) % n]);
    o[12] = __ldcv(&in[(t + 4) % n]);
    int4 q = ((const int4 *)in)[t / 4];
    o[13] = (int)((unsigned)q.x + 3u * (unsigned)q.y + 5u * (unsigned)q.z + 7u * (unsigned)q.w);
    o[14] = ((const unsigned char *)in)[4 * t + (t & 3)];
    o[15] = ((const short *)in)[2 * t + (t & 1)];
    /* stores with cache operators, volatile store */
    __stcg(&o[16], v + 1);
    __stcs(&o[17], v + 2);
    __stwt(&o[18], v + 3);
    __stwb(&o[19], v + 4);
    volatile int *vo = o;
    vo[20] = v * 5;

    /* clocks, sleep, special registers, fences, prefetches */
    long long c0 = clock64();
    unsigned k0 = (unsigned)clock();
    __nanosleep(100);
    long long c1 = clock64();
    unsigned k1 = (unsigned)clock();
    unsigned smid, nsmid, warpid, nwarpid;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
    asm volatile("mov.u32 %0, %%nsmid;" : "=r"(nsmid));
    asm volatile("mov.u32 %0, %%warpid;" : "=r"(warpid));
    asm volatile("mov.u32 %0, %%nwarpid;" : "=r"(nwarpid));
    o[21] = (c1 >= c0) | (smid < nsmid) << 1 | (warpid < nwarpid) << 2 |
            (k1 - k0 < 0x80000000u) << 3;
    __threadfence_block();
    __threadfence();
    __threadfence_system();
    asm volatile("prefetch.global.L1 [%0];" :: "l"(in + t));
    asm volatile("prefetch.global.L2 [%0];" :: "l"(in + t));
    asm volatile("prefetchu.L1 [%0];" :: "l"(in + t));

    /* slct, set, setp with two destinations combined with a predicate */
    int r;
    asm("slct.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(v), "r"(t), "r"(v - 3));
    o[22] = r;
    asm("set.lt.u32.s32 %0, %1, %2;" : "=r"(r) : "r"(v), "r"(t));
    o[23] = r;
    asm("{\n\t.reg .pred p, q, c;\n\tsetp.ne.s32 c, %3, 0;\n\tsetp.lt.and.s32 p|q, %1, %2, c;\n\t"
        "selp.u32 %0, 1, 0, p;\n\t@q add.u32 %0, %0, 2;\n\t}"
        : "=r"(r) : "r"(v), "r"(t), "r"(v & 4));
    o[24] = r;
    asm("{\n\t.reg .pred p, q, c;\n\tsetp.ne.s32 c, %3, 0;\n\tsetp.gt.xor.s32 p|q, %1, %2, c;\n\t"
        "selp.u32 %0, 1, 0, p;\n\t@q add.u32 %0, %0, 2;\n\t}"
        : "=r"(r) : "r"(v), "r"(t), "r"(v & 8));
    o[25] = r;

    /* barrier reductions and a named barrier */
    o[26] = __syncthreads_count(v & 1);
    o[27] = __syncthreads_or(v == 5);
    o[28] = __syncthreads_and(v > -1000);
    asm volatile("bar.sync 1, %0;" :: "r"(blockDim.x));
    o[29] = v ^ t;

    if (n < 0)
        __trap();                             /* never taken */

    /* early exit of some threads, after every barrier */
    o[31] = 0x600d;
    if (v % 11 == 3) {
        o[30] = 1;
        asm volatile("exit;" ::: "memory");
    }
    o[30] = 2;
}
