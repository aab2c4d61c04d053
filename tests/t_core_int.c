/* Integer arithmetic semantics of the engine against C. */
#include <stdint.h>

#include "core/tcore.h"

#define OP(insn, t, a, b, c) tc_op(insn, t, t, (uint64_t)(a), (uint64_t)(b), (uint64_t)(c))

static void test_add_sub(void)
{
    is_u64(OP("add.s32 %d, %a, %b;", "s32", 0x7fffffff, 1, 0), 0x80000000u, "add.s32 wraps");
    is_u64(OP("add.u16 %d, %a, %b;", "u16", 0xffff, 2, 0), 1, "add.u16 wraps at 16 bits");
    is_u64(OP("add.s64 %d, %a, %b;", "s64", INT64_MAX, 1, 0), (uint64_t)INT64_MIN, "add.s64 wraps");
    is_u64(OP("sub.u32 %d, %a, %b;", "u32", 0, 1, 0), 0xffffffffu, "sub.u32 wraps below 0");
    is_u64(OP("add.sat.s32 %d, %a, %b;", "s32", 0x7fffffff, 5, 0), 0x7fffffffu, "add.sat.s32 clamps high");
    is_u64(OP("add.sat.s32 %d, %a, %b;", "s32", (uint32_t)INT32_MIN, (uint32_t)-5, 0), 0x80000000u,
           "add.sat.s32 clamps low");
    is_u64(OP("sub.sat.s32 %d, %a, %b;", "s32", (uint32_t)INT32_MIN, 1, 0), 0x80000000u, "sub.sat.s32 clamps");
    is_u64(OP("sub.sat.s32 %d, %a, %b;", "s32", 5, 7, 0), (uint32_t)-2, "sub.sat.s32 in range");
    /* carry chains: 64-bit add from 32-bit halves */
    const char *add64 = "add.cc.u32 %d, %a, %b;\n  addc.u32 %e, %c, 0;";
    uint64_t in[3] = { 0xffffffffu, 1, 7 }, out[2];
    tc_exec(add64, "u32", "u32", NULL, 1, in, out);
    is_u64(out[0], 0, "add.cc low word");
    is_u64(out[1], 8, "addc adds the carry");
    in[0] = 5, in[1] = 6, in[2] = 7;
    tc_exec(add64, "u32", "u32", NULL, 1, in, out);
    is_u64(out[1], 7, "addc without carry");
    const char *sub64 = "sub.cc.u32 %d, %a, %b;\n  subc.u32 %e, %c, 0;";
    in[0] = 0, in[1] = 1, in[2] = 10;
    tc_exec(sub64, "u32", "u32", NULL, 1, in, out);
    is_u64(out[0], 0xffffffffu, "sub.cc low word wraps");
    is_u64(out[1], 9, "subc subtracts the borrow");
    const char *addcc = "add.cc.u32 %d, %a, %b;\n  addc.cc.u32 %e, %c, %c;\n  addc.u32 %e, %e, 0;";
    in[0] = 1, in[1] = 0xffffffffu, in[2] = 0x80000000u;
    tc_exec(addcc, "u32", "u32", NULL, 1, in, out);
    is_u64(out[1], 2, "addc.cc carries on: 0x80000000*2 + 1 = 1 carry, then + carry");
    in[0] = 0xffffffffu, in[1] = 0xffffffffu, in[2] = 1;
    tc_exec("add.cc.u64 %d, %a, %b;\n  addc.u64 %e, %c, 0;", "u64", "u64", NULL, 1, in, out);
    is_u64(out[0], 0x1fffffffeull, "add.cc.u64 sum");
    is_u64(out[1], 1, "add.cc.u64: no carry out of 64 bits");
    in[0] = UINT64_MAX, in[1] = 1, in[2] = 1;
    tc_exec("add.cc.u64 %d, %a, %b;\n  addc.u64 %e, %c, 0;", "u64", "u64", NULL, 1, in, out);
    is_u64(out[1], 2, "add.cc.u64 carry out");
    in[0] = 3, in[1] = 0xffffffffu, in[2] = 4;
    tc_exec("add.cc.u32 %d, %a, %b;\n  madc.lo.u32 %e, %a, %b, %c;", "u32", "u32", NULL, 1, in, out);
    is_u64(out[0], 2, "add.cc.u32 wraps");
    is_u64(out[1], 2, "madc.lo.u32 adds c and the carry (0xfffffffd + 4 + 1)");
    in[0] = 0xffffffffu, in[1] = 1, in[2] = 0;
    tc_exec("add.cc.u32 %d, %a, %b;\n  madc.hi.u32 %e, %a, %a, %c;", "u32", "u32", NULL, 1, in, out);
    is_u64(out[1], 0xffffffffu, "madc.hi.u32: high word of 0xffffffff^2 (0xfffffffe) plus the carry");
}

static void test_mul(void)
{
    is_u64(OP("mul.lo.s32 %d, %a, %b;", "s32", 0x10000, 0x10000, 0), 0, "mul.lo.s32 wraps");
    is_u64(OP("mul.hi.s32 %d, %a, %b;", "s32", (uint32_t)-2, 3, 0), 0xffffffffu, "mul.hi.s32 of -6");
    is_u64(OP("mul.hi.u32 %d, %a, %b;", "u32", 0xffffffffu, 0xffffffffu, 0), 0xfffffffeu, "mul.hi.u32");
    is_u64(OP("mul.hi.u64 %d, %a, %b;", "u64", UINT64_MAX, UINT64_MAX, 0), UINT64_MAX - 1, "mul.hi.u64");
    is_u64(OP("mul.hi.s64 %d, %a, %b;", "s64", (uint64_t)-1, 5, 0), UINT64_MAX, "mul.hi.s64 of -5");
    is_u64(OP("mul.hi.s16 %d, %a, %b;", "s16", 0x8000, 2, 0), 0xffff, "mul.hi.s16");
    is_u64(tc_op("mul.wide.s32 %d, %a, %b;", "s64", "s32", (uint32_t)-3, 0x7fffffff, 0),
           (uint64_t)(-3ll * 0x7fffffff), "mul.wide.s32");
    is_u64(tc_op("mul.wide.u32 %d, %a, %b;", "u64", "u32", 0xffffffffu, 0xffffffffu, 0),
           0xffffffffull * 0xffffffffull, "mul.wide.u32");
    is_u64(tc_op("mul.wide.s16 %d, %a, %b;", "s32", "s16", 0x8000, 0x8000, 0), 0x40000000u, "mul.wide.s16");
    is_u64(OP("mad.lo.s32 %d, %a, %b, %c;", "s32", 7, 6, (uint32_t)-50), (uint32_t)-8, "mad.lo.s32");
    is_u64(OP("mad.hi.u32 %d, %a, %b, %c;", "u32", 0x80000000u, 4, 5), 7, "mad.hi.u32");
    is_u64(OP("mad.hi.sat.s32 %d, %a, %b, %c;", "s32", 0x7fffffff, 0x7fffffff, 0x7fffffff), 0x7fffffffu,
           "mad.hi.sat.s32 saturates");
    is_u64(tc_op("mad.wide.u32 %d, %a, %b, %e;", "u64", "u32", 0xffffffffu, 2, 0), 0x1fffffffeull, "mad.wide.u32");
    is_u64(OP("mul24.lo.u32 %d, %a, %b;", "u32", 0xff000003u, 0x01000005u, 0), 15, "mul24.lo ignores the high byte");
    is_u64(OP("mul24.lo.s32 %d, %a, %b;", "s32", 0x00ffffffu, 2, 0), (uint32_t)-2, "mul24.lo.s32: 24-bit -1");
    is_u64(OP("mul24.hi.u32 %d, %a, %b;", "u32", 0xffffff, 0xffffff, 0),
           (uint32_t)((0xffffffull * 0xffffffull) >> 16), "mul24.hi.u32 is bits 47..16");
    is_u64(OP("mad24.lo.u32 %d, %a, %b, %c;", "u32", 3, 5, 100), 115, "mad24.lo.u32");
    is_u64(OP("mad24.hi.sat.s32 %d, %a, %b, %c;", "s32", 0x7fffff, 0x7fffff, 0x7fffffff), 0x7fffffffu,
           "mad24.hi.sat.s32 saturates");
}

static void test_div_rem(void)
{
    is_u64(OP("div.s32 %d, %a, %b;", "s32", (uint32_t)-7, 2, 0), (uint32_t)-3, "div.s32 truncates toward 0");
    is_u64(OP("rem.s32 %d, %a, %b;", "s32", (uint32_t)-7, 2, 0), (uint32_t)-1, "rem.s32 takes the dividend's sign");
    is_u64(OP("div.u32 %d, %a, %b;", "u32", 7, 0, 0), 0xffffffffu, "div.u32 by zero: all ones");
    is_u64(OP("div.s32 %d, %a, %b;", "s32", 7, 0, 0), 0xffffffffu, "div.s32 by zero: all ones (-1)");
    is_u64(OP("div.s32 %d, %a, %b;", "s32", (uint32_t)-7, 0, 0), 0xffffffffu, "div.s32 negative by zero: -1");
    is_u64(OP("rem.u32 %d, %a, %b;", "u32", 7, 0, 0), 0xffffffffu, "rem.u32 by zero: all ones");
    is_u64(OP("rem.s64 %d, %a, %b;", "s64", 7, 0, 0), UINT64_MAX, "rem.s64 by zero: all ones");
    is_u64(OP("div.s32 %d, %a, %b;", "s32", 0x80000000u, 0xffffffffu, 0), 0x80000000u, "INT_MIN / -1 = INT_MIN");
    is_u64(OP("rem.s32 %d, %a, %b;", "s32", 0x80000000u, 0xffffffffu, 0), 0, "INT_MIN % -1 = 0");
    is_u64(OP("div.s64 %d, %a, %b;", "s64", (uint64_t)INT64_MIN, (uint64_t)-1, 0), (uint64_t)INT64_MIN,
           "INT64_MIN / -1");
    is_u64(OP("div.u64 %d, %a, %b;", "u64", UINT64_MAX, 3, 0), UINT64_MAX / 3, "div.u64");
    is_u64(OP("div.u16 %d, %a, %b;", "u16", 1, 0, 0), 0xffff, "div.u16 by zero: all ones (16 bits)");
    is_u64(OP("rem.s16 %d, %a, %b;", "s16", (uint16_t)-9, 4, 0), (uint16_t)-1, "rem.s16");
}

static void test_unary_minmax(void)
{
    is_u64(OP("abs.s32 %d, %a;", "s32", 0x80000000u, 0, 0), 0x80000000u, "abs(INT_MIN) = INT_MIN");
    is_u64(OP("abs.s32 %d, %a;", "s32", (uint32_t)-5, 0, 0), 5, "abs.s32");
    is_u64(OP("abs.s16 %d, %a;", "s16", 0xfffe, 0, 0), 2, "abs.s16");
    is_u64(OP("neg.s32 %d, %a;", "s32", 0x80000000u, 0, 0), 0x80000000u, "neg(INT_MIN) = INT_MIN");
    is_u64(OP("neg.s64 %d, %a;", "s64", 5, 0, 0), (uint64_t)-5, "neg.s64");
    is_u64(OP("min.s32 %d, %a, %b;", "s32", (uint32_t)-1, 1, 0), 0xffffffffu, "min.s32 signed");
    is_u64(OP("min.u32 %d, %a, %b;", "u32", (uint32_t)-1, 1, 0), 1, "min.u32 unsigned");
    is_u64(OP("max.s64 %d, %a, %b;", "s64", (uint64_t)-1, 1, 0), 1, "max.s64 signed");
    is_u64(OP("max.u16 %d, %a, %b;", "u16", 0xffff, 1, 0), 0xffff, "max.u16 unsigned");
    is_u64(OP("sad.s32 %d, %a, %b, %c;", "s32", (uint32_t)-3, 4, 10), 17, "sad.s32");
    is_u64(OP("sad.u32 %d, %a, %b, %c;", "u32", 3, 0xffffffffu, 1), 0xfffffffdu, "sad.u32 large difference");
    is_u64(tc_op("dp4a.s32.s32 %d, %a, %b, %c;", "s32", "s32", 0xff020304u, 0x01010101u, 10), 10 + 3 + 4 + 2 - 1,
           "dp4a.s32.s32");
    is_u64(tc_op("dp4a.u32.u32 %d, %a, %b, %c;", "u32", "u32", 0xff000000u, 0x02000000u, 0), 510, "dp4a.u32.u32");
    is_u64(tc_op("dp2a.lo.s32.s32 %d, %a, %b, %c;", "s32", "s32", 0xffff0002u, 0x00000304u, 0), 2 * 4 - 3,
           "dp2a.lo");
    is_u64(tc_op("dp2a.hi.u32.u32 %d, %a, %b, %c;", "u32", "u32", 0x00010002u, 0x05060000u, 1), 1 + 2 * 6 + 5,
           "dp2a.hi");
}

int main(void)
{
    tc_init();
    test_add_sub();
    test_mul();
    test_div_rem();
    test_unary_minmax();
    ws_device_free(tc_dev);
    return tap_done();
}
