/* Floating-point semantics of the engine: rounding modes against the C
 * library in the same mode, NaN rules, .ftz, .sat, min/max, comparisons. */
#include <fenv.h>
#include <math.h>
#include <stdint.h>

#include "core/tcore.h"

static const int modes[4] = { FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD };
static const char *mnames[4] = { "rn", "rz", "rm", "rp" };

/* C reference: op on floats in rounding mode m */
static float rf(int op, float a, float b, float c, int m)
{
    volatile float va = a, vb = b, vc = c, r;
    fesetround(m);
    switch (op) {
    case 0: r = va + vb; break;
    case 1: r = va - vb; break;
    case 2: r = va * vb; break;
    case 3: r = va / vb; break;
    case 4: r = fmaf(va, vb, vc); break;
    default: r = sqrtf(va); break;
    }
    fesetround(FE_TONEAREST);
    return r;
}

static double rd(int op, double a, double b, double c, int m)
{
    volatile double va = a, vb = b, vc = c, r;
    fesetround(m);
    switch (op) {
    case 0: r = va + vb; break;
    case 1: r = va - vb; break;
    case 2: r = va * vb; break;
    case 3: r = va / vb; break;
    case 4: r = fma(va, vb, vc); break;
    default: r = sqrt(va); break;
    }
    fesetround(FE_TONEAREST);
    return r;
}

static void test_rounding(void)
{
    static const char *ops[6] = { "add", "sub", "mul", "div", "fma", "sqrt" };
    float fa[] = { 1.0f, -1.0f, 3.0f, 0.1f, 1e30f, 16777216.0f, 1.17549435e-38f };
    float fb[] = { 5.96046448e-8f, -5.96046448e-8f, 7.0f, 0.3f, 1e10f, 1.0f, 0.5f };
    char insn[128], name[160];
    int fails = 0, n = 0;
    for (int op = 0; op < 6; op++)
        for (int mi = 0; mi < 4; mi++)
            for (size_t i = 0; i < sizeof fa / sizeof fa[0]; i++) {
                float a = fa[i], b = fb[i], c = -fa[i] * 0.37f;
                if (op == 5)
                    a = fabsf(a) * 3.0f;
                if (op == 4)
                    snprintf(insn, sizeof insn, "fma.%s.f32 %%d, %%a, %%b, %%c;", mnames[mi]);
                else if (op == 5)
                    snprintf(insn, sizeof insn, "sqrt.%s.f32 %%d, %%a;", mnames[mi]);
                else
                    snprintf(insn, sizeof insn, "%s.%s.f32 %%d, %%a, %%b;", ops[op], mnames[mi]);
                uint64_t got = tc_op(insn, "f32", "f32", tc_f32(a), tc_f32(b), tc_f32(c));
                uint64_t want = tc_f32(rf(op, a, b, c, modes[mi]));
                n++;
                if (got != want) {
                    fails++;
                    snprintf(name, sizeof name, "%s (a=%a b=%a c=%a)", insn, a, b, c);
                    is_u64(got, want, "%s", name);
                }
            }
    ok(fails == 0, "f32 add/sub/mul/div/fma/sqrt in 4 rounding modes match C (%d cases)", n);
    double da[] = { 1.0, -1.0, 3.0, 0.1, 1e300, 9007199254740992.0, 2.2250738585072014e-308 };
    double db[] = { 1.1102230246251565e-16, -1.1102230246251565e-16, 7.0, 0.3, 1e10, 1.0, 0.5 };
    fails = n = 0;
    for (int op = 0; op < 6; op++)
        for (int mi = 0; mi < 4; mi++)
            for (size_t i = 0; i < sizeof da / sizeof da[0]; i++) {
                double a = da[i], b = db[i], c = -da[i] * 0.37;
                if (op == 5)
                    a = fabs(a) * 3.0;
                if (op == 4)
                    snprintf(insn, sizeof insn, "fma.%s.f64 %%d, %%a, %%b, %%c;", mnames[mi]);
                else if (op == 5)
                    snprintf(insn, sizeof insn, "sqrt.%s.f64 %%d, %%a;", mnames[mi]);
                else
                    snprintf(insn, sizeof insn, "%s.%s.f64 %%d, %%a, %%b;", ops[op], mnames[mi]);
                uint64_t got = tc_op(insn, "f64", "f64", tc_f64(a), tc_f64(b), tc_f64(c));
                uint64_t want = tc_f64(rd(op, a, b, c, modes[mi]));
                n++;
                if (got != want) {
                    fails++;
                    is_u64(got, want, "%s (a=%a b=%a)", insn, a, b);
                }
            }
    ok(fails == 0, "f64 add/sub/mul/div/fma/sqrt in 4 rounding modes match C (%d cases)", n);
    /* the classic tie: 1 + 2^-24 */
    is_u64(tc_op("add.rn.f32 %d, %a, %b;", "f32", "f32", tc_f32(1.0f), tc_f32(0x1p-24f), 0), tc_f32(1.0f),
           "add.rn ties to even");
    is_u64(tc_op("add.rp.f32 %d, %a, %b;", "f32", "f32", tc_f32(1.0f), tc_f32(0x1p-24f), 0),
           tc_f32(1.0f + 0x1p-23f), "add.rp rounds up");
    is_u64(tc_op("add.rm.f32 %d, %a, %b;", "f32", "f32", tc_f32(-1.0f), tc_f32(-0x1p-24f), 0),
           tc_f32(-1.0f - 0x1p-23f), "add.rm rounds down");
    is_u64(tc_op("mad.rn.f32 %d, %a, %b, %c;", "f32", "f32", tc_f32(1.0f + 0x1p-12f), tc_f32(1.0f - 0x1p-12f),
                 tc_f32(-1.0f)),
           tc_f32(fmaf(1.0f + 0x1p-12f, 1.0f - 0x1p-12f, -1.0f)), "mad.f32 is fused");
    is_u64(tc_op("rcp.rn.f64 %d, %a;", "f64", "f64", tc_f64(3.0), 0, 0), tc_f64(1.0 / 3.0), "rcp.rn.f64");
    is_u64(tc_op("rcp.rz.f32 %d, %a;", "f32", "f32", tc_f32(3.0f), 0, 0), tc_f32(rf(3, 1.0f, 3.0f, 0, FE_TOWARDZERO)),
           "rcp.rz.f32");
    /* the host rounding mode is restored */
    ok(fegetround() == FE_TONEAREST, "round-to-nearest is restored after directed rounding");
}

static void test_special(void)
{
    is_u64(tc_op("add.f32 %d, %a, %b;", "f32", "f32", 0x7fc01234u, tc_f32(1.0f), 0), 0x7fffffffu,
           "NaN result is the canonical NaN");
    is_u64(tc_op("mul.f32 %d, %a, %b;", "f32", "f32", tc_f32(INFINITY), tc_f32(0.0f), 0), 0x7fffffffu,
           "inf * 0 = canonical NaN");
    is_u64(tc_op("add.f64 %d, %a, %b;", "f64", "f64", tc_f64(INFINITY), tc_f64(-INFINITY), 0),
           0x7fffffffffffffffull, "f64 canonical NaN");
    is_u64(tc_op("div.rn.f32 %d, %a, %b;", "f32", "f32", tc_f32(1.0f), tc_f32(-0.0f), 0), tc_f32(-INFINITY),
           "1 / -0 = -inf");
    float sub = 1e-40f;
    is_u64(tc_op("add.ftz.f32 %d, %a, %b;", "f32", "f32", tc_f32(sub), tc_f32(0.0f), 0), 0, ".ftz flushes inputs");
    is_u64(tc_op("add.f32 %d, %a, %b;", "f32", "f32", tc_f32(sub), tc_f32(0.0f), 0), tc_f32(sub),
           "without .ftz subnormals stay");
    is_u64(tc_op("mul.ftz.f32 %d, %a, %b;", "f32", "f32", tc_f32(1e-20f), tc_f32(1e-20f), 0), 0,
           ".ftz flushes subnormal results");
    is_u64(tc_op("mul.ftz.f32 %d, %a, %b;", "f32", "f32", tc_f32(-1e-20f), tc_f32(1e-20f), 0), 0x80000000u,
           ".ftz keeps the sign");
    is_u64(tc_op("add.sat.f32 %d, %a, %b;", "f32", "f32", tc_f32(1.0f), tc_f32(0.5f), 0), tc_f32(1.0f), ".sat clamps to 1");
    is_u64(tc_op("add.sat.f32 %d, %a, %b;", "f32", "f32", tc_f32(-1.0f), tc_f32(0.5f), 0), 0, ".sat clamps to 0");
    is_u64(tc_op("add.sat.f32 %d, %a, %b;", "f32", "f32", 0x7fc00000u, tc_f32(0.5f), 0), 0, ".sat: NaN -> 0");
    is_u64(tc_op("fma.rn.sat.f32 %d, %a, %b, %c;", "f32", "f32", tc_f32(0.25f), tc_f32(2.0f), tc_f32(0.1f)),
           tc_f32(0.6f), "fma.sat in range");
    is_u64(tc_op("abs.f32 %d, %a;", "f32", "f32", 0xffc01234u, 0, 0), 0x7fc01234u, "abs keeps the NaN payload");
    is_u64(tc_op("neg.f64 %d, %a;", "f64", "f64", tc_f64(0.0), 0, 0), tc_f64(-0.0), "neg 0 = -0");
    is_u64(tc_op("abs.ftz.f32 %d, %a;", "f32", "f32", tc_f32(-1e-40f), 0, 0), 0, "abs.ftz flushes");
    is_u64(tc_op("copysign.f32 %d, %a, %b;", "f32", "f32", tc_f32(-1.0f), tc_f32(2.5f), 0), tc_f32(-2.5f),
           "copysign: a's sign, b's magnitude");
    is_u64(tc_op("copysign.f64 %d, %a, %b;", "f64", "f64", tc_f64(1.0), tc_f64(-3.0), 0), tc_f64(3.0), "copysign.f64");
    /* approximate functions return the libm value */
    is_u64(tc_op("sin.approx.f32 %d, %a;", "f32", "f32", tc_f32(0.5f), 0, 0), tc_f32(sinf(0.5f)), "sin.approx = sinf");
    is_u64(tc_op("cos.approx.ftz.f32 %d, %a;", "f32", "f32", tc_f32(2.0f), 0, 0), tc_f32(cosf(2.0f)), "cos.approx = cosf");
    is_u64(tc_op("ex2.approx.f32 %d, %a;", "f32", "f32", tc_f32(3.5f), 0, 0), tc_f32(exp2f(3.5f)), "ex2.approx = exp2f");
    is_u64(tc_op("lg2.approx.f32 %d, %a;", "f32", "f32", tc_f32(10.0f), 0, 0), tc_f32(log2f(10.0f)), "lg2.approx = log2f");
    is_u64(tc_op("lg2.approx.f32 %d, %a;", "f32", "f32", tc_f32(0.0f), 0, 0), tc_f32(-INFINITY), "lg2(0) = -inf");
    is_u64(tc_op("rsqrt.approx.f32 %d, %a;", "f32", "f32", tc_f32(4.0f), 0, 0), tc_f32(0.5f), "rsqrt.approx");
    is_u64(tc_op("rsqrt.approx.f64 %d, %a;", "f64", "f64", tc_f64(2.0), 0, 0), tc_f64(1.0 / sqrt(2.0)), "rsqrt.f64");
    is_u64(tc_op("div.approx.f32 %d, %a, %b;", "f32", "f32", tc_f32(1.0f), tc_f32(3.0f), 0), tc_f32(1.0f / 3.0f),
           "div.approx = exact quotient");
    is_u64(tc_op("div.full.f32 %d, %a, %b;", "f32", "f32", tc_f32(2.0f), tc_f32(3.0f), 0), tc_f32(2.0f / 3.0f),
           "div.full = exact quotient");
    is_u64(tc_op("sqrt.approx.f32 %d, %a;", "f32", "f32", tc_f32(-1.0f), 0, 0), 0x7fffffffu, "sqrt(-1) = NaN");
    is_u64(tc_op("tanh.approx.f32 %d, %a;", "f32", "f32", tc_f32(0.5f), 0, 0), tc_f32(tanhf(0.5f)), "tanh.approx");
}

static void test_minmax(void)
{
    uint64_t nan = 0x7fc00001u;
    is_u64(tc_op("min.f32 %d, %a, %b;", "f32", "f32", nan, tc_f32(2.0f), 0), tc_f32(2.0f), "min(NaN, 2) = 2");
    is_u64(tc_op("max.f32 %d, %a, %b;", "f32", "f32", tc_f32(2.0f), nan, 0), tc_f32(2.0f), "max(2, NaN) = 2");
    is_u64(tc_op("min.f32 %d, %a, %b;", "f32", "f32", nan, nan, 0), 0x7fffffffu, "min(NaN, NaN) = canonical NaN");
    is_u64(tc_op("min.NaN.f32 %d, %a, %b;", "f32", "f32", nan, tc_f32(2.0f), 0), 0x7fffffffu, "min.NaN propagates");
    is_u64(tc_op("min.f32 %d, %a, %b;", "f32", "f32", tc_f32(0.0f), tc_f32(-0.0f), 0), 0x80000000u, "min(+0, -0) = -0");
    is_u64(tc_op("max.f32 %d, %a, %b;", "f32", "f32", tc_f32(-0.0f), tc_f32(0.0f), 0), 0, "max(-0, +0) = +0");
    is_u64(tc_op("max.f64 %d, %a, %b;", "f64", "f64", tc_f64(-1.0), tc_f64(-2.0), 0), tc_f64(-1.0), "max.f64");
    is_u64(tc_op("min.f64 %d, %a, %b;", "f64", "f64", tc_f64(NAN), tc_f64(-2.0), 0), tc_f64(-2.0), "min.f64 NaN");
    is_u64(tc_op("min.ftz.f32 %d, %a, %b;", "f32", "f32", tc_f32(-1e-40f), tc_f32(0.0f), 0), 0x80000000u,
           "min.ftz flushes (to -0)");
}

static void test_compare(void)
{
    struct { const char *cmp; int lt, eq, gt, un; } cs[] = {
        { "eq", 0, 1, 0, 0 }, { "ne", 1, 0, 1, 0 }, { "lt", 1, 0, 0, 0 }, { "le", 1, 1, 0, 0 },
        { "gt", 0, 0, 1, 0 }, { "ge", 0, 1, 1, 0 }, { "equ", 0, 1, 0, 1 }, { "neu", 1, 0, 1, 1 },
        { "ltu", 1, 0, 0, 1 }, { "leu", 1, 1, 0, 1 }, { "gtu", 0, 0, 1, 1 }, { "geu", 0, 1, 1, 1 },
        { "num", 1, 1, 1, 0 }, { "nan", 0, 0, 0, 1 },
    };
    char insn[96];
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        snprintf(insn, sizeof insn, "setp.%s.f32 %%p, %%a, %%b;", cs[i].cmp);
        int lt = (int)tc_pred(insn, "f32", tc_f32(1.0f), tc_f32(2.0f), 0) & 1;
        int eq = (int)tc_pred(insn, "f32", tc_f32(2.0f), tc_f32(2.0f), 0) & 1;
        int gt = (int)tc_pred(insn, "f32", tc_f32(3.0f), tc_f32(2.0f), 0) & 1;
        int un = (int)tc_pred(insn, "f32", 0x7fc00000u, tc_f32(2.0f), 0) & 1;
        ok(lt == cs[i].lt && eq == cs[i].eq && gt == cs[i].gt && un == cs[i].un,
           "setp.%s.f32: <:%d =:%d >:%d NaN:%d", cs[i].cmp, lt, eq, gt, un);
    }
    snprintf(insn, sizeof insn, "setp.ne.f64 %%p, %%a, %%b;");
    is_int(tc_pred(insn, "f64", tc_f64(NAN), tc_f64(NAN), 0) & 1, 0, "setp.ne with NaN is false (ordered)");
    is_int(tc_pred("setp.eq.f32 %p, %a, %b;", "f32", tc_f32(0.0f), tc_f32(-0.0f), 0) & 1, 1, "+0 == -0");
    /* integer comparisons */
    is_int(tc_pred("setp.lt.s32 %p, %a, %b;", "s32", 0xffffffffu, 1, 0) & 1, 1, "setp.lt.s32 -1 < 1");
    is_int(tc_pred("setp.lt.u32 %p, %a, %b;", "u32", 0xffffffffu, 1, 0) & 1, 0, "setp.lt.u32 unsigned");
    is_int(tc_pred("setp.lo.u32 %p, %a, %b;", "u32", 1, 0xffffffffu, 0) & 1, 1, "setp.lo");
    is_int(tc_pred("setp.hs.u64 %p, %a, %b;", "u64", 5, 5, 0) & 1, 1, "setp.hs.u64");
    is_int(tc_pred("setp.gt.s16 %p, %a, %b;", "s16", 0x8000, 1, 0) & 1, 0, "setp.gt.s16");
    is_int(tc_pred("setp.ge.s64 %p, %a, %b;", "s64", (uint64_t)-1, 0, 0) & 1, 0, "setp.ge.s64");
    /* two destinations and a boolean combiner: p = cmp OP c, q = !cmp OP c */
    is_int(tc_pred("setp.eq.u32 %pa, 1, 1;\n  setp.lt.and.u32 %p|%q, %a, %b, %pa;", "u32", 1, 2, 0), 1,
           "setp.and: p = true, q = false");
    is_int(tc_pred("setp.eq.u32 %pa, 1, 1;\n  setp.lt.and.u32 %p|%q, %a, %b, %pa;", "u32", 3, 2, 0), 2,
           "setp.and: p = false, q = true");
    is_int(tc_pred("setp.eq.u32 %pa, 1, 0;\n  setp.lt.or.u32 %p|%q, %a, %b, !%pa;", "u32", 3, 2, 0), 3,
           "setp.or with !c: both true");
    is_int(tc_pred("setp.eq.u32 %pa, 1, 1;\n  setp.lt.xor.u32 %p|%q, %a, %b, %pa;", "u32", 1, 2, 0), 2,
           "setp.xor");
    /* set, selp, slct */
    is_u64(tc_op("set.lt.u32.s32 %d, %a, %b;", "u32", "s32", (uint32_t)-1, 0, 0), 0xffffffffu, "set.u32 true");
    is_u64(tc_op("set.gt.u32.s32 %d, %a, %b;", "u32", "s32", (uint32_t)-1, 0, 0), 0, "set.u32 false");
    is_u64(tc_op("set.lt.f32.f32 %d, %a, %b;", "f32", "f32", tc_f32(1.0f), tc_f32(2.0f), 0), tc_f32(1.0f),
           "set.f32 gives 1.0");
    is_u64(tc_op("setp.eq.u32 %p, %c, 1;\n  selp.b32 %d, %a, %b, %p;", "b32", "b32", 10, 20, 1), 10, "selp true");
    is_u64(tc_op("setp.eq.u32 %p, %c, 1;\n  selp.b32 %d, %a, %b, %p;", "b32", "b32", 10, 20, 0), 20, "selp false");
    is_u64(tc_op("slct.u32.s32 %d, %a, %b, %c;", "u32", "s32", 10, 20, 0), 10, "slct c = 0 selects a");
    is_u64(tc_op("slct.u32.s32 %d, %a, %b, %c;", "u32", "s32", 10, 20, (uint32_t)-1), 20, "slct c < 0 selects b");
    is_u64(tc_op("slct.f32.f32 %d, %a, %b, %c;", "f32", "f32", tc_f32(1.0f), tc_f32(2.0f), tc_f32(-0.0f)),
           tc_f32(1.0f), "slct.f32: -0 >= 0");
    is_u64(tc_op("slct.f32.f32 %d, %a, %b, %c;", "f32", "f32", tc_f32(1.0f), tc_f32(2.0f), 0x7fc00000u),
           tc_f32(2.0f), "slct.f32: NaN selects b");
    /* testp */
    struct { const char *op; float v; int want; } tp[] = {
        { "finite", 1.0f, 1 }, { "finite", INFINITY, 0 }, { "infinite", -INFINITY, 1 }, { "number", NAN, 0 },
        { "notanumber", NAN, 1 }, { "normal", 1e-40f, 0 }, { "subnormal", 1e-40f, 1 }, { "normal", 1.0f, 1 },
        { "subnormal", 0.0f, 0 }, { "normal", 0.0f, 1 }, { "normal", -0.0f, 1 }, { "normal", INFINITY, 0 },
    };
    for (size_t i = 0; i < sizeof tp / sizeof tp[0]; i++) {
        snprintf(insn, sizeof insn, "testp.%s.f32 %%p, %%a;", tp[i].op);
        is_int(tc_pred(insn, "f32", tc_f32(tp[i].v), 0, 0) & 1, tp[i].want, "testp.%s(%g)", tp[i].op, tp[i].v);
    }
}

int main(void)
{
    tc_init();
    test_rounding();
    test_special();
    test_minmax();
    test_compare();
    ws_device_free(tc_dev);
    return tap_done();
}
