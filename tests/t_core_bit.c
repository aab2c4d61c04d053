/* Logic and bit-manipulation semantics of the engine against C. */
#include <stdint.h>

#include "core/tcore.h"

#define OP(insn, t, a, b, c) tc_op(insn, t, t, (uint64_t)(a), (uint64_t)(b), (uint64_t)(c))

/* C reference for bfe per the PTX pseudocode */
static uint64_t ref_bfe(uint64_t a, unsigned pos, unsigned len, unsigned bits, int sgn)
{
    unsigned msb = bits - 1;
    pos &= 0xff, len &= 0xff;
    unsigned sbit = 0;
    if (sgn && len)
        sbit = (a >> (pos + len - 1 < msb ? pos + len - 1 : msb)) & 1;
    uint64_t d = 0;
    for (unsigned i = 0; i <= msb; i++) {
        unsigned b = (i < len && pos + i <= msb) ? (unsigned)((a >> (pos + i)) & 1) : sbit;
        d |= (uint64_t)b << i;
    }
    return d;
}

static void test_logic_shift(void)
{
    is_u64(OP("and.b32 %d, %a, %b;", "b32", 0xf0f0f0f0u, 0xff00ff00u, 0), 0xf000f000u, "and.b32");
    is_u64(OP("or.b16 %d, %a, %b;", "b16", 0xf000, 0x000f, 0), 0xf00f, "or.b16");
    is_u64(OP("xor.b64 %d, %a, %b;", "b64", UINT64_MAX, 1, 0), UINT64_MAX - 1, "xor.b64");
    is_u64(OP("not.b32 %d, %a;", "b32", 0x0f, 0, 0), 0xfffffff0u, "not.b32");
    is_u64(OP("cnot.b32 %d, %a;", "b32", 0, 0, 0), 1, "cnot of 0");
    is_u64(OP("cnot.b32 %d, %a;", "b32", 5, 0, 0), 0, "cnot of nonzero");
    is_u64(OP("shl.b32 %d, %a, %b;", "b32", 1, 31, 0), 0x80000000u, "shl 31");
    is_u64(OP("shl.b32 %d, %a, %b;", "b32", 1, 32, 0), 0, "shl by 32 gives 0");
    is_u64(OP("shl.b32 %d, %a, %b;", "b32", 1, 0xffffffffu, 0), 0, "shl by 2^32-1 gives 0");
    is_u64(OP("shl.b16 %d, %a, 16;", "b16", 1, 0, 0), 0, "shl.b16 by 16");
    is_u64(OP("shl.b64 %d, %a, %b;", "b64", 1, 63, 0), 1ull << 63, "shl.b64 63");
    is_u64(OP("shl.b64 %d, %a, %b;", "b64", 1, 64, 0), 0, "shl.b64 by 64");
    is_u64(OP("shr.u32 %d, %a, %b;", "u32", 0x80000000u, 40, 0), 0, "shr.u32 by 40");
    is_u64(OP("shr.s32 %d, %a, %b;", "s32", 0x80000000u, 40, 0), 0xffffffffu, "shr.s32 by 40 sign-fills");
    is_u64(OP("shr.s32 %d, %a, %b;", "s32", 0x40000000u, 40, 0), 0, "shr.s32 of a positive value by 40");
    is_u64(OP("shr.s32 %d, %a, %b;", "s32", 0x80000000u, 4, 0), 0xf8000000u, "shr.s32 arithmetic");
    is_u64(OP("shr.b32 %d, %a, %b;", "b32", 0x80000000u, 4, 0), 0x08000000u, "shr.b32 logical");
    is_u64(OP("shr.s64 %d, %a, %b;", "s64", 1ull << 63, 100, 0), UINT64_MAX, "shr.s64 by 100");
    is_u64(OP("shr.s16 %d, %a, 3;", "s16", 0x8000, 0, 0), 0xf000, "shr.s16");
    /* shf: funnel shifts of b:a */
    is_u64(OP("shf.l.wrap.b32 %d, %a, %b, %c;", "b32", 0x80000001u, 0x00000001u, 33), 0x00000003u,
           "shf.l.wrap: amount 33 wraps to 1");
    is_u64(OP("shf.l.clamp.b32 %d, %a, %b, %c;", "b32", 0x12345678u, 0x9abcdef0u, 40), 0x12345678u,
           "shf.l.clamp: amount >= 32 gives a");
    is_u64(OP("shf.r.wrap.b32 %d, %a, %b, %c;", "b32", 0x12345678u, 0x9abcdef0u, 36), 0x01234567u,
           "shf.r.wrap: amount 36 -> 4");
    is_u64(OP("shf.r.clamp.b32 %d, %a, %b, %c;", "b32", 0x12345678u, 0x9abcdef0u, 100), 0x9abcdef0u,
           "shf.r.clamp: amount >= 32 gives b");
    is_u64(OP("shf.r.clamp.b32 %d, %a, %b, %c;", "b32", 0x12345678u, 0x9abcdef0u, 8), 0xf0123456u,
           "shf.r.clamp 8");
}

static void test_lop3_prmt(void)
{
    uint32_t a = 0xf0f0f0f0u, b = 0xcccccccc, c = 0xaaaaaaaau;
    is_u64(OP("lop3.b32 %d, %a, %b, %c, 0xf0;", "b32", 0x12345678, 0x9abcdef0, 0x0f0f0f0f), 0x12345678u,
           "lop3 0xf0 = a");
    is_u64(OP("lop3.b32 %d, %a, %b, %c, 0x96;", "b32", a, b, c), a ^ b ^ c, "lop3 0x96 = a^b^c");
    is_u64(OP("lop3.b32 %d, %a, %b, %c, 0xe8;", "b32", 0x0ff00ff0u, 0x00ffff00u, 0xf0f0f0f0u),
           (0x0ff00ff0u & 0x00ffff00u) | (0x0ff00ff0u & 0xf0f0f0f0u) | (0x00ffff00u & 0xf0f0f0f0u),
           "lop3 0xe8 = majority");
    is_u64(OP("lop3.b32 %d, %a, %b, %c, 0x80;", "b32", 0xffff0000u, 0xff00ff00u, 0xf0f0f0f0u),
           0xf0000000u, "lop3 0x80 = a&b&c");
    is_u64(OP("lop3.b32 %d, %a, %b, %c, 0x01;", "b32", 0xffff0000u, 0xff00ff00u, 0xf0f0f0f0u),
           0x0000000fu, "lop3 0x01 = ~a&~b&~c");
    /* prmt: bytes of b:a are 0..7 */
    uint32_t pa = 0x33221100u, pb = 0x77665544u;
    is_u64(OP("prmt.b32 %d, %a, %b, %c;", "b32", pa, pb, 0x3210), pa, "prmt 0x3210 = a");
    is_u64(OP("prmt.b32 %d, %a, %b, %c;", "b32", pa, pb, 0x7654), pb, "prmt 0x7654 = b");
    is_u64(OP("prmt.b32 %d, %a, %b, %c;", "b32", pa, pb, 0x0123), 0x00112233u, "prmt byte reverse");
    is_u64(OP("prmt.b32 %d, %a, %b, %c;", "b32", 0x00000080u, 0, 0x8880), 0xffffff80u,
           "prmt sign-replicates with the msb of a selector");
    is_u64(OP("prmt.b32.f4e %d, %a, %b, %c;", "b32", pa, pb, 1), 0x44332211u, "prmt.f4e 1");
    is_u64(OP("prmt.b32.b4e %d, %a, %b, %c;", "b32", pa, pb, 0), 0x55667700u, "prmt.b4e 0");
    is_u64(OP("prmt.b32.rc8 %d, %a, %b, %c;", "b32", pa, pb, 2), 0x22222222u, "prmt.rc8 2");
    is_u64(OP("prmt.b32.ecl %d, %a, %b, %c;", "b32", pa, pb, 1), 0x33221111u, "prmt.ecl 1");
    is_u64(OP("prmt.b32.ecr %d, %a, %b, %c;", "b32", pa, pb, 2), 0x22221100u, "prmt.ecr 2");
    is_u64(OP("prmt.b32.rc16 %d, %a, %b, %c;", "b32", pa, pb, 1), 0x33223322u, "prmt.rc16 1");
}

static void test_fields(void)
{
    struct { uint64_t a; unsigned pos, len; } cs[] = {
        { 0x12345678, 4, 8 }, { 0x80000000, 31, 1 }, { 0x80000000, 28, 8 }, { 0xdeadbeef, 0, 0 },
        { 0xdeadbeef, 40, 4 }, { 0xf0, 4, 4 }, { 0x70, 4, 4 }, { 0xffffffff, 0, 255 }, { 0x12345678, 260, 4 },
    };
    char name[96];
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        snprintf(name, sizeof name, "bfe.u32 (0x%llx, %u, %u)", (unsigned long long)cs[i].a, cs[i].pos, cs[i].len);
        is_u64(OP("bfe.u32 %d, %a, %b, %c;", "u32", cs[i].a, cs[i].pos, cs[i].len),
               ref_bfe(cs[i].a, cs[i].pos, cs[i].len, 32, 0), "%s", name);
        snprintf(name, sizeof name, "bfe.s32 (0x%llx, %u, %u)", (unsigned long long)cs[i].a, cs[i].pos, cs[i].len);
        is_u64(tc_op("bfe.s32 %d, %a, %e, %c;", "s32", "s32", cs[i].a, 0, cs[i].len),
               ref_bfe(cs[i].a, 0, cs[i].len, 32, 1) & 0xffffffffu, "%s (pos 0)", name);
    }
    is_u64(OP("bfe.s32 %d, %a, %b, %c;", "s32", 0xf0, 4, 4), 0xffffffffu, "bfe.s32 sign-extends the field");
    is_u64(OP("bfe.s32 %d, %a, %b, %c;", "s32", 0x80000000u, 40, 4), 0xffffffffu,
           "bfe.s32 start beyond msb: replicated sign");
    is_u64(OP("bfe.s64 %d, %a, %b, %c;", "s64", 0x8000000000000000ull, 60, 8), 0xfffffffffffffff8ull, "bfe.s64: 4 bits in range, then the sign");
    is_u64(tc_op("bfe.u64 %d, %a, 0, 0;", "u64", "u64", 0x1234, 0, 0), 0, "bfe len 0 gives 0");
    /* bfi.b32 d, f, b, pos, len: operands a=f b=b; pos and len via immediates */
    is_u64(OP("bfi.b32 %d, %a, %b, 8, 4;", "b32", 0xff, 0x12345678u, 0), 0x12345f78u, "bfi.b32");
    is_u64(OP("bfi.b32 %d, %a, %b, 30, 8;", "b32", 0xff, 0, 0), 0xc0000000u, "bfi clipped at the msb");
    is_u64(OP("bfi.b32 %d, %a, %b, 40, 8;", "b32", 0xff, 0x1234, 0), 0x1234u, "bfi beyond the msb: b");
    is_u64(OP("bfi.b64 %d, %a, %b, 60, 8;", "b64", 0xff, 0, 0), 0xf000000000000000ull, "bfi.b64");
    is_u64(tc_op("bfind.u32 %d, %a;", "u32", "u32", 0x00010000u, 0, 0), 16, "bfind.u32");
    is_u64(tc_op("bfind.u32 %d, %a;", "u32", "u32", 0, 0, 0), 0xffffffffu, "bfind of 0");
    is_u64(tc_op("bfind.shiftamt.u32 %d, %a;", "u32", "u32", 0x00010000u, 0, 0), 15, "bfind.shiftamt.u32");
    is_u64(tc_op("bfind.s32 %d, %a;", "u32", "s32", 0xfffffff0u, 0, 0), 3, "bfind.s32 of a negative value");
    is_u64(tc_op("bfind.s32 %d, %a;", "u32", "s32", 0xffffffffu, 0, 0), 0xffffffffu, "bfind.s32 of -1");
    is_u64(tc_op("bfind.u64 %d, %a;", "u32", "u64", 1ull << 40, 0, 0), 40, "bfind.u64");
    is_u64(tc_op("bfind.shiftamt.s64 %d, %a;", "u32", "s64", 1, 0, 0), 63, "bfind.shiftamt.s64");
    is_u64(OP("brev.b32 %d, %a;", "b32", 1, 0, 0), 0x80000000u, "brev.b32");
    is_u64(OP("brev.b64 %d, %a;", "b64", 0x3, 0, 0), 0xc000000000000000ull, "brev.b64");
    is_u64(tc_op("clz.b32 %d, %a;", "u32", "b32", 0, 0, 0), 32, "clz of 0 = 32");
    is_u64(tc_op("clz.b32 %d, %a;", "u32", "b32", 0x00ffffffu, 0, 0), 8, "clz.b32");
    is_u64(tc_op("clz.b64 %d, %a;", "u32", "b64", 1, 0, 0), 63, "clz.b64");
    is_u64(tc_op("popc.b32 %d, %a;", "u32", "b32", 0xf0f0f0f0u, 0, 0), 16, "popc.b32");
    is_u64(tc_op("popc.b64 %d, %a;", "u32", "b64", UINT64_MAX, 0, 0), 64, "popc.b64");
    is_u64(OP("fns.b32 %d, %a, %b, %c;", "b32", 0xaaaaaaaau, 3, 1), 3, "fns (3, 1)");
    is_u64(OP("fns.b32 %d, %a, %b, %c;", "b32", 0xaaaaaaaau, 3, (uint32_t)-1), 3, "fns (3, -1)");
    is_u64(OP("fns.b32 %d, %a, %b, %c;", "b32", 0xaaaaaaaau, 2, 1), 3, "fns (2, 1)");
    is_u64(OP("fns.b32 %d, %a, %b, %c;", "b32", 0xaaaaaaaau, 2, (uint32_t)-1), 1, "fns (2, -1)");
    is_u64(OP("fns.b32 %d, %a, %b, %c;", "b32", 0xaaaaaaaau, 2, 0), 0xffffffffu, "fns offset 0 on a clear bit");
    is_u64(OP("fns.b32 %d, %a, %b, %c;", "b32", 0x1u, 0, 2), 0xffffffffu, "fns not found");
}

static void test_pred_logic(void)
{
    /* and/or/xor/not on predicates, via setp of the inputs */
    const char *body = "setp.ne.u32 %%p, %%a, 0;\n  setp.ne.u32 %%q, %%b, 0;\n  %s.pred %%p, %%p, %%q;";
    char insn[200];
    const char *ops[] = { "and", "or", "xor" };
    for (int o = 0; o < 3; o++)
        for (int a = 0; a < 2; a++)
            for (int b = 0; b < 2; b++) {
                snprintf(insn, sizeof insn, body, ops[o]);
                unsigned want = o == 0 ? (a & b) : o == 1 ? (a | b) : (a ^ b);
                unsigned r = tc_pred(insn, "u32", (uint64_t)a, (uint64_t)b, 0);
                is_int(r & 1, want, "%s.pred %d %d", ops[o], a, b);
            }
    is_int(tc_pred("setp.ne.u32 %q, %a, 0;\n  not.pred %p, %q;", "u32", 0, 0, 0) & 1, 1, "not.pred");
    is_int(tc_pred("setp.ne.u32 %q, %a, 0;\n  mov.pred %p, %q;", "u32", 3, 0, 0) & 1, 1, "mov.pred");
}

int main(void)
{
    tc_init();
    test_logic_shift();
    test_lop3_prmt();
    test_fields();
    test_pred_logic();
    ws_device_free(tc_dev);
    return tap_done();
}
