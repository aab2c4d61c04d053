/* ws_line_kernel.h: a timing-model fixture shared by tests (t_gpu_dbg,
 * t_ldst_sleep): a kernel in which each thread loads one word from its own
 * 128-byte line (every load misses L1; sets and MSHRs fill up), adds 1 and
 * stores it, with its arrays on a fresh gpu.
 *
 * PTX lines and pcs: line 9 is pc 0; the load is line 20, pc 11; the add
 * that uses it line 21, pc 12; the ret pc 16 (17 instructions). */
#ifndef WS_LINE_KERNEL_H
#define WS_LINE_KERNEL_H

#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu.h"
#include "arch/ws_opts.h"
#include "ws_tap.h"

static const char *ws_line_ptx =
    ".version 7.0\n"
    ".target sm_70\n"
    ".address_size 64\n"
    ".visible .entry k(.param .u64 a, .param .u64 out, .param .u32 n)\n"
    "{\n"
    "  .reg .b32 %r<10>;\n"
    "  .reg .b64 %rd<10>;\n"
    "  .reg .pred %p<3>;\n"
    "  ld.param.u64 %rd1, [a];\n"
    "  ld.param.u64 %rd2, [out];\n"
    "  ld.param.u32 %r1, [n];\n"
    "  mov.u32 %r2, %tid.x;\n"
    "  mov.u32 %r3, %ctaid.x;\n"
    "  mov.u32 %r4, %ntid.x;\n"
    "  mad.lo.s32 %r5, %r3, %r4, %r2;\n"
    "  setp.ge.u32 %p1, %r5, %r1;\n"
    "  @%p1 bra DONE;\n"
    "  mul.wide.u32 %rd3, %r5, 128;\n"
    "  add.s64 %rd4, %rd1, %rd3;\n"
    "  ld.global.u32 %r6, [%rd4];\n"
    "  add.s32 %r7, %r6, 1;\n"
    "  mul.wide.u32 %rd5, %r5, 4;\n"
    "  add.s64 %rd6, %rd2, %rd5;\n"
    "  st.global.u32 [%rd6], %r7;\n"
    "DONE:\n"
    "  ret;\n"
    "}\n";

typedef struct ws_line_fix {
    ws_gpu *g;
    const ws_kernel *k;
    uint64_t a, out;        /* a[i * 32] = 3 i; out[i] should become 3 i + 1 */
    uint32_t n;             /* threads (a multiple of 256) */
} ws_line_fix;

/* A gpu of `preset` with the options kv ("key=value", NULL-terminated, or
 * NULL), the kernel loaded and its arrays for n threads.  Exits on error. */
static inline void ws_line_setup(ws_line_fix *f, const char *preset, const char *const *kv, uint32_t n)
{
    ws_error err;
    ws_opts *o = ws_opts_new();
    if (ws_opts_apply_preset(o, preset, &err) < 0) goto fail;
    for (; kv && *kv; kv++)
        if (ws_opts_set_kv(o, *kv, &err) < 0) goto fail;
    f->g = ws_gpu_create(o, 1, &err);
    ws_opts_free(o);
    o = NULL;
    if (!f->g) goto fail;
    f->n = n;
    ws_device *d = ws_gpu_device(f->g);
    f->a = ws_devmem_alloc(d, (uint64_t)n * 128, "a", &err);
    f->out = ws_devmem_alloc(d, (uint64_t)n * 4, "out", &err);
    uint32_t *h = calloc((size_t)n * 32, 4);
    for (uint32_t i = 0; i < n; i++) h[i * 32] = i * 3;
    ws_devmem_write(d, f->a, h, (uint64_t)n * 128, &err);
    free(h);
    ws_module *m = ws_module_load_text(d, ws_line_ptx, strlen(ws_line_ptx), "line.ptx", &err);
    if (!m) goto fail;
    f->k = ws_module_kernel(m, "k", &err);
    return;
fail:
    ws_opts_free(o);
    diag("%s", err.msg);
    exit(1);
}

/* Begin the launch (256 threads per CTA); 0 or -1. */
static inline int ws_line_begin(ws_line_fix *f)
{
    ws_error err;
    ws_launch_config lc = { .grid = { f->n / 256, 1, 1 }, .block = { 256, 1, 1 } };
    ws_arg args[] = { WS_ARG_PTR(f->a), WS_ARG_PTR(f->out), WS_ARG_INT(f->n) };
    int rc = ws_gpu_launch_begin(f->g, f->k, &lc, args, 3, &err);
    if (rc < 0) diag("%s", err.msg);
    return rc;
}

/* How many outputs are wrong. */
static inline int ws_line_errors(ws_line_fix *f)
{
    uint32_t *o = malloc((size_t)f->n * 4);
    ws_error err;
    ws_devmem_read(ws_gpu_device(f->g), f->out, o, (uint64_t)f->n * 4, &err);
    int bad = 0;
    for (uint32_t i = 0; i < f->n; i++) bad += o[i] != i * 3 + 1;
    free(o);
    return bad;
}

#endif
