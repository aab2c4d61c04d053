/* tcore.h: helpers for the core engine's C tests (header-only, static).
 *
 * tc_op("add.s32 %d, %a, %b;", "s32", "s32", a, b, c): runs one instruction
 * in one thread: %a, %b, %c (type ST) are loaded from memory, the result %d
 * (type DT) is stored and returned (its bits, zero-extended).  tc_opn runs
 * the same for n lanes with per-lane inputs.  tc_pred evaluates an
 * instruction writing the predicate %p (and %q) and returns p | q << 1. */
#ifndef TCORE_H
#define TCORE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ws_core.h"
#include "ptx/ws_ptx.h"
#include "../ws_tap.h"

static ws_device *tc_dev;
static ws_error tc_err;

static inline void tc_init(void)
{
    ws_device_config c;
    ws_device_config_default(&c);
    tc_dev = ws_device_create(&c, &tc_err);
    if (!tc_dev) {
        printf("Bail out! %s\n", tc_err.msg);
        exit(1);
    }
}

static inline ws_module *tc_load(const char *text)
{
    ws_module *m = ws_module_load_text(tc_dev, text, strlen(text), "test.ptx", &tc_err);
    if (!m)
        diag("load failed: %s", tc_err.msg);
    return m;
}

static inline uint64_t tc_f32(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static inline uint64_t tc_f64(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}
static inline float tc_as_f32(uint64_t v)
{
    uint32_t u = (uint32_t)v;
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static inline double tc_as_f64(uint64_t v)
{
    double d;
    memcpy(&d, &v, 8);
    return d;
}

/* Width of a PTX type name in bits ("s32" -> 32, "pred" -> 0). */
static inline int tc_bits(const char *t)
{
    if (strcmp(t, "pred") == 0)
        return 0;
    return atoi(t + 1 + (t[0] == 'b' && t[1] == 'f'));
}

static int tc_kernel_n;

/* Build, load and run `body` for n lanes (1 CTA).  in: 3 x 8 bytes per lane;
 * out: 2 x 8 bytes per lane.  Returns 0 or -1 (tc_err). */
static inline int tc_exec(const char *body, const char *dt, const char *st, const char *extra_decl, unsigned n,
                   const uint64_t *in, uint64_t *out)
{
    char text[8192];
    char ldt[16], sdt[16];
    /* loads/stores use a bit type of the same width (f16/bf16: b16) */
    int sb = tc_bits(st), db = tc_bits(dt);
    snprintf(ldt, sizeof ldt, "b%d", sb ? sb : 32);
    snprintf(sdt, sizeof sdt, "b%d", db ? db : 32);
    const char *sreg = sb == 8 ? "b16" : st, *dreg = db == 8 ? "b16" : dt;
    if (sb == 8)
        snprintf(ldt, sizeof ldt, "%s", st);
    if (db == 8)
        snprintf(sdt, sizeof sdt, "%s", dt);
    snprintf(text, sizeof text,
             ".version 7.8\n.target sm_75\n.address_size 64\n"
             ".visible .entry t%d(.param .u64 out, .param .u64 in)\n{\n"
             "  .reg .b64 %%in, %%out, %%o;\n  .reg .b32 %%t;\n"
             "  .reg .%s %%a, %%b, %%c;\n  .reg .%s %%d, %%e;\n  .reg .pred %%p, %%q, %%pa;\n%s\n"
             "  ld.param.u64 %%in, [in];\n  ld.param.u64 %%out, [out];\n"
             "  mov.u32 %%t, %%tid.x;\n  mul.wide.u32 %%o, %%t, 24;\n  add.s64 %%in, %%in, %%o;\n"
             "  mul.wide.u32 %%o, %%t, 16;\n  add.s64 %%out, %%out, %%o;\n"
             "  ld.global.%s %%a, [%%in];\n  ld.global.%s %%b, [%%in+8];\n  ld.global.%s %%c, [%%in+16];\n"
             "  setp.ne.b32 %%pa, %%t, 99;\n"
             "%s\n"
             "  st.global.%s [%%out], %%d;\n  st.global.%s [%%out+8], %%e;\n  ret;\n}\n",
             ++tc_kernel_n, sreg, dreg, extra_decl ? extra_decl : "", ldt, ldt, ldt, body, sdt, sdt);
    if (db == 0 || sb == 0) {
        diag("tc_exec: bad types");
        return -1;
    }
    ws_module *m = tc_load(text);
    if (!m)
        return -1;
    char kname[32];
    snprintf(kname, sizeof kname, "t%d", tc_kernel_n);
    const ws_kernel *k = ws_module_kernel(m, kname, &tc_err);
    uint64_t din = ws_devmem_alloc(tc_dev, 24ull * n, "in", &tc_err);
    uint64_t dout = ws_devmem_alloc(tc_dev, 16ull * n, "out", &tc_err);
    ws_devmem_write(tc_dev, din, in, 24ull * n, &tc_err);
    ws_launch_config lc = { .grid = { 1, 1, 1 }, .block = { n, 1, 1 } };
    ws_arg args[] = { WS_ARG_PTR(dout), WS_ARG_PTR(din) };
    int rc = ws_launch(tc_dev, k, &lc, args, 2, &tc_err);
    if (rc == 0)
        ws_devmem_read(tc_dev, dout, out, 16ull * n, &tc_err);
    else
        diag("launch failed: %s", tc_err.msg);
    ws_devmem_free(tc_dev, din, NULL);
    ws_devmem_free(tc_dev, dout, NULL);
    return rc;
}

/* One instruction, one thread: returns %d. */
static inline uint64_t tc_op(const char *insn, const char *dt, const char *st, uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t in[3] = { a, b, c }, out[2] = { 0xdeadbeef, 0 };
    if (tc_exec(insn, dt, st, NULL, 1, in, out) < 0)
        return 0xbadbadbadull;
    return out[0];
}

/* One instruction writing %p (and %q): returns p | q << 1. */
static inline unsigned tc_pred(const char *insn, const char *st, uint64_t a, uint64_t b, uint64_t c)
{
    char body[1024];
    snprintf(body, sizeof body, "  setp.eq.u32 %%q, 1, 0;\n  %s\n  selp.u32 %%d, 1, 0, %%p;\n  selp.u32 %%e, 1, 0, %%q;",
             insn);
    uint64_t in[3] = { a, b, c }, out[2] = { 0, 0 };
    if (tc_exec(body, "u32", st, NULL, 1, in, out) < 0)
        return 99;
    return (unsigned)(out[0] | out[1] << 1);
}

#endif
