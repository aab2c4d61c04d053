/* Memory instructions: every space, narrow-load extension, vectors,
 * atomics (incl. contention inside one warp), generic addressing, module
 * variables with initializers. */
#include <stdint.h>

#include "core/tcore.h"

#define HDR ".version 7.8\n.target sm_75\n.address_size 64\n"

static int run(ws_module *m, const char *k, uint32_t grid, uint32_t block, uint64_t shared, const ws_arg *args,
               uint32_t n)
{
    const ws_kernel *kr = m ? ws_module_kernel(m, k, &tc_err) : NULL;
    if (!kr)
        return -1;
    ws_launch_config lc = { .grid = { grid, 1, 1 }, .block = { block, 1, 1 }, .shared_bytes = shared };
    int rc = ws_launch(tc_dev, kr, &lc, args, n, &tc_err);
    if (rc < 0)
        diag("launch: %s", tc_err.msg);
    return rc;
}

static uint64_t alloc_init(const void *src, size_t n, const char *name)
{
    uint64_t a = ws_devmem_alloc(tc_dev, n, name, &tc_err);
    if (src)
        ws_devmem_write(tc_dev, a, src, n, &tc_err);
    return a;
}

static void test_narrow_loads(void)
{
    const char *ptx = HDR
        ".visible .entry k(.param .u64 out, .param .u64 in)\n{\n"
        "  .reg .b64 %o, %i, %r64; .reg .b32 %r32; .reg .b16 %r16;\n"
        "  ld.param.u64 %o, [out]; ld.param.u64 %i, [in];\n"
        "  ld.global.s8 %r32, [%i]; st.global.u32 [%o], %r32;\n"
        "  ld.global.u8 %r32, [%i]; st.global.u32 [%o+4], %r32;\n"
        "  ld.global.s8 %r64, [%i]; st.global.u64 [%o+8], %r64;\n"
        "  ld.global.s16 %r64, [%i+2]; st.global.u64 [%o+16], %r64;\n"
        "  ld.global.u16 %r64, [%i+2]; st.global.u64 [%o+24], %r64;\n"
        "  ld.global.s32 %r64, [%i+4]; st.global.u64 [%o+32], %r64;\n"
        "  ld.global.s8 %r16, [%i]; st.global.u16 [%o+40], %r16;\n"
        "  ld.global.u32 %r32, [%i+4]; st.global.u8 [%o+42], %r32;\n"
        "  ld.global.u32 %r32, [%i+4]; st.global.u16 [%o+44], %r32;\n"
        "  ret;\n}\n";
    ws_module *m = tc_load(ptx);
    uint8_t in[8] = { 0x80, 0, 0xfe, 0xff, 0x81, 0x82, 0x83, 0x84 };
    uint64_t din = alloc_init(in, 8, "in"), dout = alloc_init(NULL, 48, "out");
    ws_arg a[] = { WS_ARG_PTR(dout), WS_ARG_PTR(din) };
    ok(run(m, "k", 1, 1, 0, a, 2) == 0, "narrow loads run");
    uint8_t o[48];
    ws_devmem_read(tc_dev, dout, o, 48, NULL);
    uint32_t u32;
    uint64_t u64;
    uint16_t u16;
    memcpy(&u32, o, 4);
    is_u64(u32, 0xffffff80u, "ld.s8 into a 32-bit register sign-extends");
    memcpy(&u32, o + 4, 4);
    is_u64(u32, 0x80u, "ld.u8 zero-extends");
    memcpy(&u64, o + 8, 8);
    is_u64(u64, 0xffffffffffffff80ull, "ld.s8 into a 64-bit register sign-extends to 64");
    memcpy(&u64, o + 16, 8);
    is_u64(u64, 0xfffffffffffffffeull, "ld.s16 into 64 bits");
    memcpy(&u64, o + 24, 8);
    is_u64(u64, 0xfffeull, "ld.u16 into 64 bits");
    memcpy(&u64, o + 32, 8);
    is_u64(u64, 0xffffffff84838281ull, "ld.s32 into 64 bits");
    memcpy(&u16, o + 40, 2);
    is_u64(u16, 0xff80u, "ld.s8 into a 16-bit register");
    is_u64(o[42], 0x81, "st.u8 of a 32-bit register stores the low byte");
    memcpy(&u16, o + 44, 2);
    is_u64(u16, 0x8281, "st.u16 of a 32-bit register stores the low half");
    ws_devmem_free(tc_dev, din, NULL);
    ws_devmem_free(tc_dev, dout, NULL);
}

static void test_vectors(void)
{
    const char *ptx = HDR
        ".visible .entry k(.param .u64 out, .param .u64 in)\n{\n"
        "  .reg .b64 %o, %i, %x, %y; .reg .b32 %a, %b, %c, %d; .reg .f32 %f, %g;\n"
        "  ld.param.u64 %o, [out]; ld.param.u64 %i, [in];\n"
        "  ld.global.v4.u32 {%a, %b, %c, %d}, [%i];\n"
        "  st.global.v4.u32 [%o], {%d, %c, %b, %a};\n"
        "  ld.global.v2.u64 {%x, %y}, [%i];\n"
        "  st.global.v2.u64 [%o+16], {%y, %x};\n"
        "  ld.global.v2.f32 {%f, _}, [%i+8];\n"
        "  st.global.v2.f32 [%o+32], {%f, %f};\n"
        "  ld.global.v4.u32 {_, %a, _, _}, [%i];\n"
        "  st.global.u32 [%o+40], %a;\n"
        "  ret;\n}\n";
    ws_module *m = tc_load(ptx);
    uint32_t in[4] = { 1, 2, 3, 4 };
    uint64_t din = alloc_init(in, 16, "in"), dout = alloc_init(NULL, 48, "out");
    ws_arg a[] = { WS_ARG_PTR(dout), WS_ARG_PTR(din) };
    ok(run(m, "k", 1, 1, 0, a, 2) == 0, "vector loads/stores run");
    uint32_t o[12];
    ws_devmem_read(tc_dev, dout, o, 48, NULL);
    ok(o[0] == 4 && o[1] == 3 && o[2] == 2 && o[3] == 1, "ld/st .v4.u32 reversed");
    ok(o[4] == 3 && o[5] == 4 && o[6] == 1 && o[7] == 2, "ld/st .v2.u64 swapped");
    ok(o[8] == 3 && o[9] == 3, "ld.v2.f32 with a sink element");
    is_int(o[10], 2, "ld.v4 into {_, a, _, _}");
    /* a v4.u32 load must be 16-byte aligned */
    ws_arg b[] = { WS_ARG_PTR(dout), WS_ARG_PTR(din + 8) };
    ok(run(m, "k", 1, 1, 0, b, 2) < 0 && tc_err.code == WS_E_MEMORY, "misaligned ld.v4 faults");
    const ws_fault *f = ws_device_last_fault(tc_dev);
    ok(f && f->kind == WS_FAULT_MISALIGNED && f->size == 16, "misaligned fault of 16 bytes");
    ws_devmem_free(tc_dev, din, NULL);
    ws_devmem_free(tc_dev, dout, NULL);
}

static void test_shared_local_const(void)
{
    const char *ptx = HDR
        ".const .align 4 .b32 ctab[4] = {10, 20, 30, 40};\n"
        ".global .align 4 .u32 gcount = 7;\n"
        ".global .align 8 .u64 gptr = generic(gcount);\n"
        ".shared .align 4 .b32 sm[64];\n"
        ".extern .shared .align 16 .b8 dyn[];\n"
        ".visible .entry k(.param .u64 out)\n{\n"
        "  .local .align 4 .b32 loc[8];\n"
        "  .reg .b64 %o, %a, %g, %q; .reg .b32 %t, %n, %v, %w, %s, %ds; .reg .pred %p;\n"
        "  ld.param.u64 %o, [out];\n"
        "  mov.u32 %t, %tid.x; mov.u32 %n, %ntid.x;\n"
        /* shared: write tid, barrier, read the neighbour's */
        "  shl.b32 %s, %t, 2; mov.u32 %w, sm; add.u32 %w, %w, %s;\n"
        "  st.shared.u32 [%w], %t;\n"
        "  bar.sync 0;\n"
        "  add.u32 %v, %t, 1; rem.u32 %v, %v, %n; shl.b32 %v, %v, 2; mov.u32 %w, sm; add.u32 %w, %w, %v;\n"
        "  ld.shared.u32 %v, [%w];\n"
        "  cvt.u64.u32 %a, %t; shl.b64 %a, %a, 5; add.s64 %a, %o, %a;\n"
        "  st.global.u32 [%a], %v;\n"
        /* dynamic shared through generic addressing */
        "  mov.u64 %g, dyn; cvta.shared.u64 %g, %g; cvt.u64.u32 %q, %s; add.s64 %g, %g, %q;\n"
        "  mul.lo.u32 %v, %t, 3; st.u32 [%g], %v; bar.sync 0; ld.u32 %v, [%g]; st.global.u32 [%a+4], %v;\n"
        "  isspacep.shared %p, %g; selp.u32 %v, 1, 0, %p; st.global.u32 [%a+8], %v;\n"
        "  isspacep.global %p, %g; selp.u32 %v, 1, 0, %p; st.global.u32 [%a+12], %v;\n"
        /* local array, also through a generic pointer */
        "  and.b32 %v, %t, 7; shl.b32 %v, %v, 2; mov.u64 %g, loc; cvt.u64.u32 %q, %v; add.s64 %g, %g, %q;\n"
        "  add.u32 %w, %t, 100; st.local.u32 [%g], %w;\n"
        "  cvta.local.u64 %g, %g; ld.u32 %w, [%g]; st.global.u32 [%a+16], %w;\n"
        /* const bank and a module global with a generic-pointer initializer */
        "  and.b32 %v, %t, 3; shl.b32 %v, %v, 2; mov.u64 %g, ctab; cvt.u64.u32 %q, %v; add.s64 %g, %g, %q;\n"
        "  ld.const.u32 %w, [%g]; st.global.u32 [%a+20], %w;\n"
        "  ld.global.u64 %g, [gptr]; ld.u32 %w, [%g]; st.global.u32 [%a+24], %w;\n"
        "  mov.u32 %ds, %dynamic_smem_size; st.global.u32 [%a+28], %ds;\n"
        "  ret;\n}\n";
    ws_module *m = tc_load(ptx);
    uint64_t gaddr = 0, gsize = 0;
    ok(m && ws_module_symbol(m, "gcount", &gaddr, &gsize, &tc_err) == 0 && gsize == 4, "module global has an address");
    const ws_alloc *ga = ws_devmem_find(tc_dev, gaddr);
    ok(ga && strcmp(ga->name, "gcount") == 0, "module global is an allocation named 'gcount'");
    const unsigned n = 40;
    uint64_t dout = alloc_init(NULL, 32 * n, "out");
    ws_arg a[] = { WS_ARG_PTR(dout) };
    ok(run(m, "k", 1, n, 256, a, 1) == 0, "shared/local/const kernel runs");
    uint32_t o[32 * 40 / 4];
    ws_devmem_read(tc_dev, dout, o, sizeof o, NULL);
    int bad[8] = { 0 };
    for (unsigned t = 0; t < n; t++) {
        const uint32_t *r = o + t * 8;
        bad[0] += r[0] != (t + 1) % n;
        bad[1] += r[1] != t * 3;
        bad[2] += r[2] != 1 || r[3] != 0;
        bad[3] += r[4] != t + 100;
        bad[4] += r[5] != 10 * ((t & 3) + 1);
        bad[5] += r[6] != 7;
        bad[6] += r[7] != 256;
    }
    is_int(bad[0], 0, "shared memory across warps with bar.sync");
    is_int(bad[1], 0, "dynamic shared memory through generic addresses");
    is_int(bad[2], 0, "isspacep.shared / .global");
    is_int(bad[3], 0, "local memory per thread, also generic");
    is_int(bad[4], 0, ".const with an initializer");
    is_int(bad[5], 0, ".global pointer initialised with generic(var)");
    is_int(bad[6], 0, "%dynamic_smem_size");
    ws_devmem_free(tc_dev, dout, NULL);
}

static void test_atomics(void)
{
    const char *ptx = HDR
        ".shared .align 4 .u32 scnt;\n"
        ".visible .entry k(.param .u64 out, .param .u64 ctr)\n{\n"
        "  .reg .b64 %o, %c, %a, %x64; .reg .b32 %t, %v, %w, %s; .reg .f32 %f; .reg .f64 %d; .reg .pred %p;\n"
        "  ld.param.u64 %o, [out]; ld.param.u64 %c, [ctr];\n"
        "  mov.u32 %t, %tid.x; cvt.u64.u32 %a, %t; shl.b64 %a, %a, 6; add.s64 %a, %o, %a;\n"
        "  atom.global.add.u32 %v, [%c], 1;           st.global.u32 [%a], %v;\n"
        "  atom.global.max.s32 %v, [%c+4], %t;        st.global.u32 [%a+4], %v;\n"
        "  atom.global.min.u32 %v, [%c+8], %t;        st.global.u32 [%a+8], %v;\n"
        "  atom.global.inc.u32 %v, [%c+12], 4;        st.global.u32 [%a+12], %v;\n"
        "  atom.global.dec.u32 %v, [%c+16], 4;        st.global.u32 [%a+16], %v;\n"
        "  atom.global.exch.b32 %v, [%c+20], %t;      st.global.u32 [%a+20], %v;\n"
        "  add.u32 %w, %t, 1;\n"
        "  atom.global.cas.b32 %v, [%c+24], %t, %w;   st.global.u32 [%a+24], %v;\n"
        "  shl.b32 %s, 1, %t;\n"
        "  atom.global.or.b32 %v, [%c+28], %s;        st.global.u32 [%a+28], %v;\n"
        "  atom.global.xor.b32 %v, [%c+32], %s;\n"
        "  atom.global.and.b32 %v, [%c+36], %s;\n"
        "  mov.f32 %f, 0f3F000000;\n"
        "  atom.global.add.f32 %f, [%c+40], %f;       st.global.f32 [%a+32], %f;\n"
        "  mov.f64 %d, 0d3FF0000000000000;\n"
        "  atom.global.add.f64 %d, [%c+48], %d;\n"
        "  mov.u64 %x64, 1;\n"
        "  atom.global.add.u64 %x64, [%c+56], %x64;   st.global.u64 [%a+40], %x64;\n"
        "  red.global.add.u32 [%c+64], %t;\n"
        "  mov.u32 %s, scnt; atom.shared.add.u32 %v, [%s], 2; bar.sync 0;\n"
        "  ld.shared.u32 %v, [scnt]; st.global.u32 [%a+48], %v;\n"
        "  cvta.global.u64 %x64, %c; atom.add.u32 %v, [%x64+68], 1;\n"
        "  ret;\n}\n";
    ws_module *m = tc_load(ptx);
    const unsigned n = 64;
    uint32_t ctr[18] = { 0 };
    ctr[2] = 1000;
    ctr[4] = 2;
    ctr[6] = 0;
    ctr[9] = 0xffffffffu;
    uint64_t dctr = alloc_init(ctr, sizeof ctr, "ctr"), dout = alloc_init(NULL, 64 * n, "out");
    ws_arg a[] = { WS_ARG_PTR(dout), WS_ARG_PTR(dctr) };
    ok(run(m, "k", 1, n, 0, a, 2) == 0, "atomics kernel runs");
    uint32_t c[18];
    ws_devmem_read(tc_dev, dctr, c, sizeof c, NULL);
    uint32_t o[64 * 64 / 4];
    ws_devmem_read(tc_dev, dout, o, sizeof o, NULL);
    is_int(c[0], n, "atom.add: final count");
    int order = 1;
    for (unsigned t = 0; t < n; t++)
        order &= o[t * 16] == t;
    ok(order, "atom.add returns 0..63 in thread order (lanes in ascending order, warps in order)");
    is_int(c[1], n - 1, "atom.max.s32");
    is_int(c[2], 0, "atom.min.u32");
    /* inc with bound 4 from 0: 0 1 2 3 4 0 1 ... after 64 increments: 64 % 5 = 4 */
    is_int(c[3], 64 % 5, "atom.inc wraps at the bound");
    is_int(o[5 * 16 + 3], 0, "atom.inc: thread 5 saw 0");
    /* dec with bound 4 from 2: 2 1 0 4 3 2 1 0 4 ... */
    is_int(o[0 * 16 + 4], 2, "atom.dec: thread 0 saw 2");
    is_int(o[3 * 16 + 4], 4, "atom.dec: thread 3 saw 4 (0 wrapped to the bound)");
    is_int(c[5], n - 1, "atom.exch: last thread's value stays");
    is_int(o[1 * 16 + 5], 0, "atom.exch: thread 1 got thread 0's value");
    /* cas chain: thread t replaces t by t+1: every thread succeeds in order */
    is_int(c[6], n, "atom.cas chain in lane order");
    is_int(o[10 * 16 + 6], 10, "atom.cas returns the old value");
    is_u64(c[7], 0xffffffffu, "atom.or of 1 << t");
    is_u64(c[8], 0xffffffffu, "atom.xor (shift amounts >= 32 give 0)");
    is_u64(c[9], 0, "atom.and");
    float fsum;
    memcpy(&fsum, &c[10], 4);
    ok(fsum == 32.0f, "atom.add.f32 sums 64 halves");
    double dsum;
    memcpy(&dsum, &c[12], 8);
    ok(dsum == 64.0, "atom.add.f64");
    uint64_t s64;
    memcpy(&s64, &c[14], 8);
    is_u64(s64, n, "atom.add.u64");
    is_int(c[16], n * (n - 1) / 2, "red.add");
    is_int(o[0 * 16 + 12], 2 * n, "atom.shared.add across warps");
    is_int(c[17], n, "generic atom on a global address");
    ws_devmem_free(tc_dev, dctr, NULL);
    ws_devmem_free(tc_dev, dout, NULL);
}

static void test_params(void)
{
    const char *ptx = HDR
        ".visible .entry k(.param .u64 out, .param .u8 b, .param .s16 h, .param .f32 f, .param .f64 d, "
        ".param .align 8 .b8 s[12], .param .u32 u)\n{\n"
        "  .reg .b64 %o, %pa, %x; .reg .b32 %r; .reg .b16 %h; .reg .f32 %f; .reg .f64 %d;\n"
        "  ld.param.u64 %o, [out];\n"
        "  ld.param.u8 %h, [b]; st.global.u16 [%o], %h;\n"
        "  ld.param.s16 %h, [h]; st.global.u16 [%o+2], %h;\n"
        "  ld.param.f32 %f, [f]; st.global.f32 [%o+4], %f;\n"
        "  ld.param.f64 %d, [d]; st.global.f64 [%o+8], %d;\n"
        "  ld.param.u32 %r, [s+8]; st.global.u32 [%o+16], %r;\n"
        "  mov.u64 %pa, u; ld.param.u32 %r, [%pa]; st.global.u32 [%o+20], %r;\n"
        "  ret;\n}\n";
    ws_module *m = tc_load(ptx);
    const ws_kernel *k = m ? ws_module_kernel(m, "k", &tc_err) : NULL;
    ok(k && ws_kernel_nparams(k) == 7, "kernel has 7 parameters");
    uint64_t dout = alloc_init(NULL, 24, "out");
    uint32_t st[3] = { 1, 2, 0xcafe };
    ws_arg a[7] = { WS_ARG_PTR(dout), WS_ARG_INT(200), WS_ARG_INT(-3), WS_ARG_FLOAT(1.5), WS_ARG_INT(3),
                    { .kind = WS_ARGK_BYTES, .v.bytes = { st, 12 } }, WS_ARG_FLOAT(9.0) };
    ok(run(m, "k", 1, 1, 0, a, 7) == 0, "typed parameters");
    uint8_t o[24];
    ws_devmem_read(tc_dev, dout, o, 24, NULL);
    uint16_t h;
    float f;
    double d;
    uint32_t u;
    memcpy(&h, o, 2);
    is_int(h, 200, ".u8 parameter");
    memcpy(&h, o + 2, 2);
    is_int((int16_t)h, -3, ".s16 parameter");
    memcpy(&f, o + 4, 4);
    ok(f == 1.5f, ".f32 parameter from a float");
    memcpy(&d, o + 8, 8);
    ok(d == 3.0, ".f64 parameter from an integer");
    memcpy(&u, o + 16, 4);
    is_u64(u, 0xcafe, "byte-array parameter");
    memcpy(&u, o + 20, 4);
    is_int(u, 9, "integral float to .u32; ld.param through a register");
    /* mismatches */
    ws_arg b[7];
    memcpy(b, a, sizeof b);
    b[1] = WS_ARG_INT(256);
    ok(run(m, "k", 1, 1, 0, b, 7) < 0 && strstr(tc_err.msg, "parameter 1 ('b', .u8)") &&
           strstr(tc_err.msg, "does not fit in 8 bits"),
       "out-of-range integer names the parameter: %s", tc_err.msg);
    memcpy(b, a, sizeof b);
    b[6] = WS_ARG_FLOAT(2.5);
    ok(run(m, "k", 1, 1, 0, b, 7) < 0 && strstr(tc_err.msg, "parameter 6 ('u', .u32)") &&
           strstr(tc_err.msg, "not an integer"),
       "fractional float for an integer: %s", tc_err.msg);
    memcpy(b, a, sizeof b);
    b[1] = WS_ARG_PTR(dout);
    ok(run(m, "k", 1, 1, 0, b, 7) < 0 && strstr(tc_err.msg, "pointer needs a 64-bit"),
       "pointer to a narrow parameter: %s", tc_err.msg);
    memcpy(b, a, sizeof b);
    b[5] = WS_ARG_INT(1);
    ok(run(m, "k", 1, 1, 0, b, 7) < 0 && strstr(tc_err.msg, "pass it as bytes"), "aggregate needs bytes: %s",
       tc_err.msg);
    ok(run(m, "k", 1, 1, 0, a, 3) < 0 && strstr(tc_err.msg, "takes 7 arguments") && strstr(tc_err.msg, "3 given"),
       "argument count: %s", tc_err.msg);
    ws_devmem_free(tc_dev, dout, NULL);
}

int main(void)
{
    tc_init();
    test_narrow_loads();
    test_vectors();
    test_shared_local_const();
    test_atomics();
    test_params();
    ws_device_free(tc_dev);
    return tap_done();
}
