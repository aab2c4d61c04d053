/* cvt and mov semantics: every conversion family, rounding, saturation,
 * half precision, vector packing. */
#include <fenv.h>
#include <math.h>
#include <stdint.h>

#include "core/tcore.h"

static uint64_t cvt(const char *insn, const char *dt, const char *st, uint64_t a)
{
    return tc_op(insn, dt, st, a, 0, 0);
}

static void test_float_to_int(void)
{
    struct { const char *rnd; float v; int32_t want; } cs[] = {
        { "rni", 2.5f, 2 }, { "rni", 3.5f, 4 }, { "rni", -2.5f, -2 }, { "rni", -0.5f, 0 },
        { "rzi", -2.7f, -2 }, { "rzi", 2.7f, 2 }, { "rmi", -2.1f, -3 }, { "rmi", 2.9f, 2 },
        { "rpi", 2.1f, 3 }, { "rpi", -2.9f, -2 },
    };
    char insn[96];
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        snprintf(insn, sizeof insn, "cvt.%s.s32.f32 %%d, %%a;", cs[i].rnd);
        is_u64(cvt(insn, "s32", "f32", tc_f32(cs[i].v)), (uint32_t)cs[i].want, "cvt.%s.s32.f32(%g)", cs[i].rnd, cs[i].v);
    }
    is_u64(cvt("cvt.rzi.s32.f32 %d, %a;", "s32", "f32", 0x7fc00000u), 0, "NaN -> 0");
    is_u64(cvt("cvt.rzi.s32.f32 %d, %a;", "s32", "f32", tc_f32(1e10f)), 0x7fffffffu, "1e10 -> INT_MAX");
    is_u64(cvt("cvt.rzi.s32.f32 %d, %a;", "s32", "f32", tc_f32(-1e10f)), 0x80000000u, "-1e10 -> INT_MIN");
    is_u64(cvt("cvt.rzi.s32.f32 %d, %a;", "s32", "f32", tc_f32(INFINITY)), 0x7fffffffu, "inf -> INT_MAX");
    is_u64(cvt("cvt.rzi.u32.f32 %d, %a;", "u32", "f32", tc_f32(-5.0f)), 0, "u32 of -5 -> 0");
    is_u64(cvt("cvt.rzi.u32.f32 %d, %a;", "u32", "f32", tc_f32(4294967296.0f)), 0xffffffffu, "u32 of 2^32 -> max");
    is_u64(cvt("cvt.rni.u16.f32 %d, %a;", "u16", "f32", tc_f32(70000.0f)), 0xffff, "u16 saturates");
    is_u64(cvt("cvt.rni.s16.f64 %d, %a;", "s16", "f64", tc_f64(-40000.0)), 0x8000, "s16 saturates low");
    is_u64(cvt("cvt.rzi.s64.f64 %d, %a;", "s64", "f64", tc_f64(1e30)), (uint64_t)INT64_MAX, "s64 of 1e30");
    is_u64(cvt("cvt.rzi.s64.f64 %d, %a;", "s64", "f64", tc_f64(-9223372036854775808.0)), (uint64_t)INT64_MIN,
           "s64 of -2^63 exactly");
    is_u64(cvt("cvt.rzi.u64.f64 %d, %a;", "u64", "f64", tc_f64(18446744073709551616.0)), UINT64_MAX,
           "u64 of 2^64 -> max");
    is_u64(cvt("cvt.rzi.u64.f64 %d, %a;", "u64", "f64", tc_f64(9223372036854775808.0)), 1ull << 63, "u64 of 2^63");
    is_u64(cvt("cvt.rni.s32.f64 %d, %a;", "s32", "f64", tc_f64(-2147483648.4)), 0x80000000u, "s32 of -2^31 - 0.4");
    is_u64(cvt("cvt.rzi.ftz.s32.f32 %d, %a;", "s32", "f32", tc_f32(-1e-40f)), 0, "ftz on a float source");
    /* float to int into a wider register: sign extension to the register */
    is_u64(tc_op("cvt.rzi.s16.f32 %e, %a;\n  cvt.s64.s16 %d, %e;", "s64", "f32", tc_f32(-3.0f), 0, 0),
           (uint64_t)-3, "cvt.s64.s16 of -3");
}

static void test_int_to_float(void)
{
    is_u64(cvt("cvt.rn.f32.s32 %d, %a;", "f32", "s32", 16777217), tc_f32(16777216.0f), "rn: 2^24+1 -> 2^24");
    is_u64(cvt("cvt.rp.f32.s32 %d, %a;", "f32", "s32", 16777217), tc_f32(16777218.0f), "rp: 2^24+1 -> 2^24+2");
    is_u64(cvt("cvt.rm.f32.s32 %d, %a;", "f32", "s32", (uint32_t)-16777217), tc_f32(-16777218.0f), "rm of -(2^24+1)");
    is_u64(cvt("cvt.rz.f32.s32 %d, %a;", "f32", "s32", (uint32_t)-16777219), tc_f32(-16777218.0f), "rz of -(2^24+3)");
    is_u64(cvt("cvt.rz.f32.u64 %d, %a;", "f32", "u64", UINT64_MAX), tc_f32(0x1.fffffep63f), "rz u64 max");
    is_u64(cvt("cvt.rn.f32.u64 %d, %a;", "f32", "u64", UINT64_MAX), tc_f32(0x1p64f), "rn u64 max -> 2^64");
    is_u64(cvt("cvt.rn.f64.s64 %d, %a;", "f64", "s64", (uint64_t)INT64_MIN), tc_f64(-0x1p63), "f64 of INT64_MIN");
    is_u64(cvt("cvt.rp.f64.u64 %d, %a;", "f64", "u64", (1ull << 53) + 1), tc_f64(0x1p53 + 2), "rp f64 of 2^53+1");
    is_u64(cvt("cvt.rn.f64.u32 %d, %a;", "f64", "u32", 0xffffffffu), tc_f64(4294967295.0), "f64 of u32 max");
    is_u64(tc_op("cvt.rn.f32.u16 %d, %a;", "f32", "u16", 0xffff, 0, 0), tc_f32(65535.0f), "f32 of u16");
    is_u64(tc_op("cvt.rn.f32.s16 %d, %a;", "f32", "s16", 0x8000, 0, 0), tc_f32(-32768.0f), "f32 of s16");
    is_u64(cvt("cvt.rn.sat.f32.s32 %d, %a;", "f32", "s32", 5), tc_f32(1.0f), "cvt.sat clamps to 1");
    is_u64(cvt("cvt.rn.f16.s32 %d, %a;", "f16", "s32", 100000), 0x7c00, "f16 of 100000 = inf");
    is_u64(cvt("cvt.rz.f16.s32 %d, %a;", "f16", "s32", 100000), 0x7bff, "rz f16 of 100000 = 65504");
    is_u64(cvt("cvt.rn.f16.u32 %d, %a;", "f16", "u32", 2049), 0x6800, "f16 of 2049 ties to even (2048)");
}

static void test_float_to_float(void)
{
    double v = 1.0 + 0x1p-30;
    is_u64(cvt("cvt.rn.f32.f64 %d, %a;", "f32", "f64", tc_f64(v)), tc_f32(1.0f), "rn f32 of 1+2^-30");
    is_u64(cvt("cvt.rp.f32.f64 %d, %a;", "f32", "f64", tc_f64(v)), tc_f32(1.0f + 0x1p-23f), "rp f32 of 1+2^-30");
    is_u64(cvt("cvt.rm.f32.f64 %d, %a;", "f32", "f64", tc_f64(-v)), tc_f32(-1.0f - 0x1p-23f), "rm f32 of -(1+2^-30)");
    is_u64(cvt("cvt.rz.f32.f64 %d, %a;", "f32", "f64", tc_f64(1e300)), tc_f32(0x1.fffffep127f), "rz overflow -> max");
    is_u64(cvt("cvt.rn.f32.f64 %d, %a;", "f32", "f64", tc_f64(1e300)), tc_f32(INFINITY), "rn overflow -> inf");
    is_u64(cvt("cvt.f64.f32 %d, %a;", "f64", "f32", tc_f32(0.1f)), tc_f64((double)0.1f), "f64 of f32 exact");
    is_u64(cvt("cvt.rni.f32.f32 %d, %a;", "f32", "f32", tc_f32(2.5f)), tc_f32(2.0f), "cvt.rni.f32.f32 ties to even");
    is_u64(cvt("cvt.rmi.f32.f32 %d, %a;", "f32", "f32", tc_f32(-0.5f)), tc_f32(-1.0f), "cvt.rmi.f32.f32");
    is_u64(cvt("cvt.rpi.f64.f64 %d, %a;", "f64", "f64", tc_f64(-0.5)), tc_f64(-0.0), "cvt.rpi.f64.f64 of -0.5 = -0");
    is_u64(cvt("cvt.rzi.f64.f64 %d, %a;", "f64", "f64", tc_f64(-7.9)), tc_f64(-7.0), "cvt.rzi.f64.f64");
    is_u64(cvt("cvt.ftz.f32.f32 %d, %a;", "f32", "f32", tc_f32(1e-40f)), 0, "cvt.ftz.f32.f32 flushes");
    is_u64(cvt("cvt.sat.f32.f32 %d, %a;", "f32", "f32", tc_f32(-3.0f)), 0, "cvt.sat.f32.f32");
    /* half precision */
    is_u64(cvt("cvt.rn.f16.f32 %d, %a;", "f16", "f32", tc_f32(1.0f)), 0x3c00, "f16 of 1.0");
    is_u64(cvt("cvt.rn.f16.f32 %d, %a;", "f16", "f32", tc_f32(65519.0f)), 0x7bff, "f16 of 65519 = 65504");
    is_u64(cvt("cvt.rn.f16.f32 %d, %a;", "f16", "f32", tc_f32(65520.0f)), 0x7c00, "f16 of 65520 = inf");
    is_u64(cvt("cvt.rz.f16.f32 %d, %a;", "f16", "f32", tc_f32(65520.0f)), 0x7bff, "rz f16 of 65520 = max");
    is_u64(cvt("cvt.rn.f16.f32 %d, %a;", "f16", "f32", tc_f32(0x1p-24f)), 0x0001, "smallest f16 subnormal");
    is_u64(cvt("cvt.rn.f16.f32 %d, %a;", "f16", "f32", tc_f32(0x1p-25f)), 0x0000, "2^-25 ties to 0");
    is_u64(cvt("cvt.rp.f16.f32 %d, %a;", "f16", "f32", tc_f32(0x1p-30f)), 0x0001, "rp of a tiny value");
    is_u64(cvt("cvt.rm.f16.f32 %d, %a;", "f16", "f32", tc_f32(-0x1p-30f)), 0x8001, "rm of a tiny negative");
    is_u64(cvt("cvt.rn.f16.f32 %d, %a;", "f16", "f32", tc_f32(-2.0f)), 0xc000, "f16 of -2");
    is_u64(cvt("cvt.rn.f16.f32 %d, %a;", "f16", "f32", tc_f32(1.0f + 0x1p-11f)), 0x3c00, "f16 tie to even (down)");
    is_u64(cvt("cvt.rn.f16.f32 %d, %a;", "f16", "f32", tc_f32(1.0f + 3 * 0x1p-11f)), 0x3c02, "f16 tie to even (up)");
    is_u64(cvt("cvt.rn.f16.f32 %d, %a;", "f16", "f32", 0x7fc00000u), 0x7fff, "f16 of NaN");
    is_u64(cvt("cvt.f32.f16 %d, %a;", "f32", "f16", 0x3555), tc_f32(0x1.554p-2f), "f32 of f16 0x3555");
    is_u64(cvt("cvt.f32.f16 %d, %a;", "f32", "f16", 0x0001), tc_f32(0x1p-24f), "f32 of the f16 subnormal");
    is_u64(cvt("cvt.f32.f16 %d, %a;", "f32", "f16", 0xfc00), tc_f32(-INFINITY), "f32 of f16 -inf");
    is_u64(cvt("cvt.f64.f16 %d, %a;", "f64", "f16", 0x7bff), tc_f64(65504.0), "f64 of f16 max");
    is_u64(cvt("cvt.rni.s32.f16 %d, %a;", "s32", "f16", 0x4100), 2, "s32 of f16 2.5 (rni)");
    is_u64(cvt("cvt.rn.bf16.f32 %d, %a;", "bf16", "f32", tc_f32(1.0f + 0x1p-8f)), 0x3f80, "bf16 tie to even");
    is_u64(cvt("cvt.f32.bf16 %d, %a;", "f32", "bf16", 0x4049), tc_f32(0x1.92p1f), "f32 of bf16");
}

static void test_int_to_int(void)
{
    is_u64(tc_op("cvt.s32.s16 %d, %a;", "s32", "s16", 0xff80, 0, 0), 0xffffff80u, "s32 of s16 sign-extends");
    is_u64(tc_op("cvt.u32.u16 %d, %a;", "u32", "u16", 0xff80, 0, 0), 0xff80u, "u32 of u16 zero-extends");
    is_u64(tc_op("cvt.s32.s8 %d, %a;", "s32", "s16", 0x0080, 0, 0), 0xffffff80u, "s32 of s8 (from a 16-bit reg)");
    is_u64(tc_op("cvt.u32.u8 %d, %a;", "u32", "u16", 0x1280, 0, 0), 0x80u, "u32 of u8");
    is_u64(tc_op("cvt.u16.u32 %d, %a;", "u16", "u32", 0x12345678u, 0, 0), 0x5678, "u16 of u32 truncates");
    is_u64(tc_op("cvt.s64.s32 %d, %a;", "s64", "s32", 0xffffffffu, 0, 0), UINT64_MAX, "s64 of s32 -1");
    is_u64(tc_op("cvt.u64.s32 %d, %a;", "u64", "s32", 0xffffffffu, 0, 0), UINT64_MAX, "u64 of s32 -1 (sign first)");
    is_u64(tc_op("cvt.u64.u32 %d, %a;", "u64", "u32", 0xffffffffu, 0, 0), 0xffffffffu, "u64 of u32");
    is_u64(tc_op("cvt.s32.s64 %d, %a;", "s32", "s64", 0x1ffffffffull, 0, 0), 0xffffffffu, "s32 of s64 truncates");
    is_u64(tc_op("cvt.sat.u8.s32 %d, %a;", "u16", "s32", 300, 0, 0), 255, "cvt.sat.u8.s32 of 300 (16-bit register)");
    is_u64(tc_op("cvt.s8.s32 %d, %a;", "s16", "s32", 0x180, 0, 0), 0xff80, "cvt.s8.s32 sign-extends to the register");
    is_u64(tc_op("cvt.u8.s32 %d, %a;", "u16", "s32", 0x180, 0, 0), 0x80, "cvt.u8.s32 zero-extends");
    is_u64(tc_op("cvt.sat.u16.s32 %d, %a;", "u16", "s32", (uint32_t)-5, 0, 0), 0, "cvt.sat.u16.s32 of -5");
    is_u64(tc_op("cvt.sat.u16.s32 %d, %a;", "u16", "s32", 70000, 0, 0), 0xffff, "cvt.sat.u16.s32 of 70000");
    is_u64(tc_op("cvt.sat.s16.s32 %d, %a;", "s16", "s32", (uint32_t)-70000, 0, 0), 0x8000, "cvt.sat.s16.s32 low");
    is_u64(tc_op("cvt.sat.s32.u32 %d, %a;", "s32", "u32", 0x80000000u, 0, 0), 0x7fffffffu, "cvt.sat.s32.u32");
    is_u64(tc_op("cvt.sat.u32.s64 %d, %a;", "u32", "s64", (uint64_t)-1, 0, 0), 0, "cvt.sat.u32.s64 of -1");
    is_u64(tc_op("cvt.sat.s64.u64 %d, %a;", "s64", "u64", UINT64_MAX, 0, 0), (uint64_t)INT64_MAX, "cvt.sat.s64.u64");
}

static void test_mov(void)
{
    uint64_t in[3] = { 0x11111111u, 0x22222222u, 0 }, out[2];
    tc_exec("mov.b64 %d, {%a, %b};", "b64", "b32", NULL, 1, in, out);
    is_u64(out[0], 0x2222222211111111ull, "mov.b64 {lo, hi} packs");
    in[0] = 0x8877665544332211ull;
    tc_exec(".reg .b32 %lo, %hi;\n  mov.b64 {%lo, %hi}, %a;\n  cvt.u64.u32 %d, %hi;\n  cvt.u64.u32 %e, %lo;", "u64",
            "b64", NULL, 1, in, out);
    is_u64(out[0], 0x88776655u, "mov.b64 unpack: high word");
    is_u64(out[1], 0x44332211u, "mov.b64 unpack: low word");
    in[0] = 0x1234, in[1] = 0xabcd;
    tc_exec("mov.b32 %d, {%a, %b};", "b32", "b16", NULL, 1, in, out);
    is_u64(out[0], 0xabcd1234u, "mov.b32 {b16, b16} packs");
    in[0] = 0xdeadbeefu;
    tc_exec(".reg .b16 %x, %y;\n  mov.b32 {%x, %y}, %a;\n  cvt.u32.u16 %d, %x;\n  cvt.u32.u16 %e, %y;", "u32", "b32",
            NULL, 1, in, out);
    is_u64(out[0], 0xbeef, "mov.b32 unpack low");
    is_u64(out[1], 0xdead, "mov.b32 unpack high");
    is_u64(tc_op("mov.f32 %d, 0f3F800000;", "f32", "f32", 0, 0, 0), tc_f32(1.0f), "mov.f32 hex immediate");
    is_u64(tc_op("mov.f64 %d, 0dBFF0000000000000;", "f64", "f64", 0, 0, 0), tc_f64(-1.0), "mov.f64 hex immediate");
    is_u64(tc_op("mov.u32 %d, %laneid;", "u32", "u32", 0, 0, 0), 0, "mov %laneid");
    is_u64(tc_op("mov.u32 %d, %lanemask_lt;", "u32", "u32", 0, 0, 0), 0, "lanemask_lt of lane 0");
    is_u64(tc_op("mov.u32 %d, %lanemask_ge;", "u32", "u32", 0, 0, 0), 0xffffffffu, "lanemask_ge of lane 0");
}

int main(void)
{
    tc_init();
    test_float_to_int();
    test_int_to_float();
    test_float_to_float();
    test_int_to_int();
    test_mov();
    ws_device_free(tc_dev);
    return tap_done();
}
