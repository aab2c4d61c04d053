/* t_isa_ref.c: the CPU reference of scenarios/kernels/isa_exercise.cu
 * against values worked out by hand (PTX ISA / CUDA documentation), plus
 * consistency properties of the directed-rounding code on many inputs.
 * (The engine's tests compare the kernels' outputs with this reference.) */
#include "ws_tap.h"
#include "isa_exercise_ref.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint64_t dbits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

static void test_int(void)
{
    /* thread 0: a = 0xf0000001, b = 0x2000 (bfe/bfi pos 32), c = 0x104
     * (len 1; shift 4 for funnel, shl, shr.s32; min(c, 32) = 32) */
    const uint32_t in[3] = { 0xf0000001u, 0x00002000u, 0x00000104u };
    uint32_t o[3 * ISA_INT_NOUT];
    isa_ref_int(in, 3, o);
    is_u64(o[0], 0x0002000fu, "shf.l.wrap: (b:a << 4) >> 32");
    is_u64(o[1], 0xf0000001u, "shf.l.clamp: shift 260 clamps to 32, giving a");
    is_u64(o[2], 0x0f000000u, "shf.r.wrap: low word of b:a >> 4");
    is_u64(o[3], 0x00002000u, "shf.r.clamp: shift 32 gives b");
    is_u64(o[8], 0, "bfe.u32 with pos 32 is 0");
    is_u64(o[9], 0xffffffffu, "bfe.s32 with pos 32 replicates bit 31");
    is_u64(o[10], 0x00002000u, "bfi with pos 32 leaves b");
    is_u64(o[13], 0x8000000fu, "brev");
    is_u64(o[14], 0, "clz of a negative value");
    is_u64(o[15], 5, "popc");
    is_u64(o[17], 1, "ffs");
    is_u64(o[19], 0x01000100u, "prmt selector 0x0104");
    is_u64(o[20], 31, "bfind.u32");
    is_u64(o[21], 27, "bfind.s32 finds the highest non-sign bit");
    is_u64(o[58], 0x10u, "shl by 4");
    is_u64(o[59], 0xff000000u, "shr.s32 by 4 fills with the sign");
    is_u64(o[60], 0xf0000001u, "shr.u32 by 0");
    is_u64(o[61], 0xf0002001u, "add.cc low word");
    is_u64(o[62], 0xf0000105u, "addc high word without carry");
    is_u64(o[65], 0, "cnot of non-zero");
    is_u64(o[66], 0x1u * 0x2000u, "mul.wide.u16 of the low halves");

    /* thread 2: a = 0x104, b = 0xf0000001, c = 0x2000: bfe pos 0 len 32 */
    const uint32_t *t2 = o + 2 * ISA_INT_NOUT;
    is_u64(t2[8], 0x104u, "bfe.u32 pos 0 len 32 is the whole word");
    is_u64(t2[14], 23, "clz(0x104)");
    is_u64(t2[36], 0x10002103u, "sad.s32 |0x104 - (-0x0fffffff)| + c");
    is_u64(t2[40], 0xf0000001u, "min.s32 picks the negative value");
    is_u64(t2[42], 0x104u, "min.u32 picks the small value");
    is_u64(t2[62], 0x2000u + 0x104u + 0, "addc: 0x104 + 0xf0000001 does not carry");
    is_u64(t2[64], 0x2000u - 0x104u - 1, "subc: 0x104 - 0xf0000001 borrows");
    is_u64(t2[67], 0xf8000082u, "__hadd rounds towards -inf");
}

static void test_float(void)
{
    /* thread 0: 1 / 3; thread 1: FLT_MAX and 2 (overflow); thread 2: 1 + -1 */
    const float fin[6] = { 1.0f, 3.0f, FLT_MAX, 2.0f, 1.0f, -1.0f };
    const double din[6] = { 1.0, 3.0, DBL_MAX, 2.0, 1.0, -1.0 };
    float f[3 * ISA_FLT_NF], ft[3 * ISA_FLT_NF];
    double d[3 * ISA_FLT_ND], dt[3 * ISA_FLT_ND];
    int32_t r[3 * ISA_FLT_NI];
    isa_ref_float(fin, din, 3, f, ft, d, dt, r);
    const float *f1 = f + ISA_FLT_NF, *f2 = f + 2 * ISA_FLT_NF;
    const double *d1 = d + ISA_FLT_ND;
    const int32_t *r1 = r + ISA_FLT_NI, *r2 = r + 2 * ISA_FLT_NI;

    is_u64(fbits(f[2]), 0x3eaaaaabu, "1/3 rounded to nearest (up)");
    is_u64(fbits(f[5]), 0x3eaaaaaau, "div.rz 1/3");
    is_u64(fbits(f[6]), 0x3eaaaaabu, "div.rp 1/3");
    is_u64(fbits(f[7]), 0x3eaaaaaau, "div.rm 1/3");
    is_u64(fbits(f[18]), 0x3f800000u, "rcp.rz of 1");
    is_u64(dbits(d[2]), 0x3fd5555555555555ull, "f64 1/3 rounded to nearest (down)");
    is_u64(dbits(d[7]), 0x3fd5555555555555ull, "div.rm.f64 1/3");
    is_u64(fbits(f1[1]), 0x7f800000u, "FLT_MAX * 2 overflows to inf");
    is_u64(fbits(f1[11]), fbits(FLT_MAX), "mul.rz overflow gives FLT_MAX");
    is_u64(fbits(f1[12]), 0x7f800000u, "mul.rp overflow gives inf");
    is_u64(fbits(f1[13]), fbits(FLT_MAX), "mul.rm positive overflow gives FLT_MAX");
    is_u64(fbits(f1[8]), fbits(FLT_MAX), "add.rz FLT_MAX + 2");
    is_u64(fbits(f1[9]), 0x7f800000u, "add.rp FLT_MAX + 2 rounds up to inf");
    is_u64(dbits(d1[6]), 0x7ff0000000000000ull, "mul.rp.f64 DBL_MAX * 2 is inf");
    is_int(r1[0], 2147483647, "cvt.rni.s32 of FLT_MAX saturates");
    is_int(r1[4], -1, "cvt.rpi.u32 of FLT_MAX saturates to 0xffffffff");
    is_u64(fbits(f2[10]), 0x80000000u, "add.rm 1 + -1 is -0");
    is_u64(fbits(f2[8]), 0x00000000u, "add.rz 1 + -1 is +0");
    is_u64(fbits(f2[9]), 0x00000000u, "add.rp 1 + -1 is +0");
    is_int(r2[21], -128, "cvt.sat.s8.s32 of bits(-1.0f)");
    is_int(r2[22], 0, "cvt.sat.u8.s32 of a negative value");
    is_int(r2[23], -32768, "cvt.sat.s16.s32 of a large negative value");
    is_int(r2[18], 1, "testp.normal(1)");
    ok(ft[25] > 0 && ft[2] == (float)ISA_TOL_EXACT, "approximate slots carry a tolerance, exact ones none");

    /* Directed rounding brackets the exact result: rd <= rn <= ru, the three
     * within one ulp, rz towards zero. */
    enum { N = 4000 };
    static float x[2 * N];
    static double X[2 * N];
    static float ff[N * ISA_FLT_NF], fft[N * ISA_FLT_NF];
    static double dd[N * ISA_FLT_ND], ddt[N * ISA_FLT_ND];
    static int32_t ii[N * ISA_FLT_NI];
    isa_ref_inputs_f32(42, x, 2 * N);
    isa_ref_inputs_f64(43, X, 2 * N);
    isa_ref_float(x, X, N, ff, fft, dd, ddt, ii);
    int bad = 0;
    for (int i = 0; i < N; i++) {
        const float *g = ff + (size_t)i * ISA_FLT_NF;
        float rn = g[2], rz = g[5], ru = g[6], rd = g[7];
        if (isnan(rn)) {
            bad += !(isnan(rz) && isnan(ru) && isnan(rd));
            continue;
        }
        bad += !(rd <= rn && rn <= ru);
        bad += !(ru == rd || nextafterf(rd, INFINITY) == ru);
        bad += !(rz == (rn >= 0 ? rd : ru) || (rz == 0 && rn == 0));
    }
    is_int(bad, 0, "div rounding modes bracket each other on %d inputs", N);
}

static void test_warp_atomic_misc(void)
{
    int32_t in[64], out[64 * ISA_WARP_NOUT];
    for (int i = 0; i < 64; i++)
        in[i] = i % 32;
    isa_ref_warp(in, 64, out);
    is_int(out[0 * ISA_WARP_NOUT + 0], 3, "shfl.idx lane 0 reads lane 3");
    is_int(out[2 * ISA_WARP_NOUT + 2], 2, "shfl.up width 8: lane 2 keeps its value");
    is_int(out[11 * ISA_WARP_NOUT + 2], 8, "shfl.up width 8: lane 11 reads lane 8");
    is_int(out[10 * ISA_WARP_NOUT + 2], 10, "shfl.up width 8: lane 10 would leave its segment");
    is_int(out[13 * ISA_WARP_NOUT + 3], 13, "shfl.down width 16: lane 13 + 5 leaves the segment");
    is_int(out[7 * ISA_WARP_NOUT + 6], 496, "warp sum");
    is_int(out[31 * ISA_WARP_NOUT + 7], 496, "inclusive scan at lane 31");
    is_int(out[5 * ISA_WARP_NOUT + 17], 0x1f, "%%lanemask_lt of lane 5");
    is_int(out[0 * ISA_WARP_NOUT + 31], 31, "shfl.idx with lane -1 wraps to 31");
    is_int(out[33 * ISA_WARP_NOUT + 26], 28,
           "activemask in a loop: v=1 runs once, with the 28 lanes whose v & 7 > 0");

    int32_t ones[64], g[ISA_ATOM_NG], priv[128], tout[64 * ISA_ATOM_NT], bout[2 * ISA_ATOM_NB];
    uint64_t g64[ISA_ATOM_NG64];
    float gf;
    double gd;
    for (int i = 0; i < 64; i++)
        ones[i] = 1;
    isa_ref_atomic(ones, 2, 32, g, g64, &gf, &gd, priv, tout, bout);
    is_int(g[0], 64, "atomicAdd total");
    is_int(g[7], 64 % 18, "atomicInc wraps at 17");
    is_int(g[8], 11, "atomicDec from 5, 64 times, wrapping at 13");
    is_int(g[11], 64 * 63 / 2, "sum of the returned tickets");
    is_int(bout[ISA_ATOM_NB + 4], 2, "shared atomicInc(9) 32 times");
    ok(gf == 64.0f && gd == 32.0, "f32 and f64 atomicAdd");

    int32_t mi[32], mo[32 * ISA_MISC_NOUT];
    for (int i = 0; i < 32; i++)
        mi[i] = i;
    isa_ref_misc(mi, 32, 32, 128, mo);
    is_int(mo[0 * ISA_MISC_NOUT + 7], 0, "Collatz steps from 1");
    is_int(mo[2 * ISA_MISC_NOUT + 7], 7, "Collatz steps from 3");
    is_int(mo[3 * ISA_MISC_NOUT + 30], 1, "v %% 11 == 3 takes the exit path");
    is_int(mo[4 * ISA_MISC_NOUT + 30], 2, "other threads go on");
    is_int(mo[9 * ISA_MISC_NOUT + 26], 16, "__syncthreads_count of odd values");
    is_int(mo[9 * ISA_MISC_NOUT + 27], 1, "__syncthreads_or(v == 5)");
    is_int(mo[9 * ISA_MISC_NOUT + 1], 128, "%%dynamic_smem_size");
}

int main(void)
{
    test_int();
    test_float();
    test_warp_atomic_misc();
    return tap_done();
}
