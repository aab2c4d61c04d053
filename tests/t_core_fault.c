/* Faults: the out-of-bounds report (every field), misaligned accesses,
 * other spaces, use after free, trap, the instruction budget, barrier
 * deadlock, call-stack overflow; the device stays usable afterwards. */
#include <inttypes.h>
#include <stdint.h>

#include "core/tcore.h"

#define HDR ".version 7.8\n.target sm_75\n.address_size 64\n"

/* line 9 holds the load (the header takes 3 lines) */
static const char *oob_ptx = HDR
    ".visible .entry oob(.param .u64 vis, .param .u64 out, .param .u32 stride)\n"   /* 4 */
    "{\n"                                                                          /* 5 */
    "  .reg .b64 %rd<6>; .reg .b32 %r<8>;\n"                                       /* 6 */
    "  ld.param.u64 %rd1, [vis]; ld.param.u64 %rd2, [out]; ld.param.u32 %r7, [stride];\n" /* 7 */
    "  mov.u32 %r1, %tid.x; mov.u32 %r2, %ctaid.y; mad.lo.s32 %r3, %r2, %r7, %r1; mul.wide.s32 %rd3, %r3, 4; add.s64 %rd4, %rd1, %rd3;\n" /* 8 */
    "  ld.global.u32 %r4, [%rd4];\n"                                               /* 9 */
    "  add.s64 %rd5, %rd2, %rd3; st.global.u32 [%rd5], %r4;\n"                     /* 10 */
    "  ret;\n}\n";

static int run(ws_module *m, const char *k, const ws_launch_config *lc, const ws_arg *a, uint32_t n)
{
    const ws_kernel *kr = ws_module_kernel(m, k, &tc_err);
    return kr ? ws_launch(tc_dev, kr, lc, a, n, &tc_err) : -1;
}

static void test_oob_report(void)
{
    ws_module *m = tc_load(oob_ptx);
    uint64_t vis = ws_devmem_alloc(tc_dev, 4096, "visited", &tc_err);
    uint64_t out = ws_devmem_alloc(tc_dev, 1 << 16, "out", &tc_err);
    /* thread (x, y) of CTA (0, by) reads visited[by * stride + x]; 1027 = 1024 + 3: 12 bytes past the end */
    ws_launch_config lc = { .grid = { 1, 4, 1 }, .block = { 32, 2, 1 } };
    ws_arg a[] = { WS_ARG_PTR(vis), WS_ARG_PTR(out), WS_ARG_INT(1000) };
    /* CTA (0,1,0): indices 1000 + tid.x with tid.x = tid linear % 32 ... tid.x ranges 0..31 for both y rows;
     * index 1000 + 27 = 1027 for thread (27, y): the first faulting thread in lane order is (24,0,0) */
    int rc = run(m, "oob", &lc, a, 3);
    ok(rc < 0 && tc_err.code == WS_E_MEMORY, "out-of-bounds load fails with WS_E_MEMORY");
    const ws_fault *f = ws_device_last_fault(tc_dev);
    ok(f != NULL, "a fault record is kept");
    if (!f)
        return;
    diag("%s", f->msg);
    is_int(f->kind, WS_FAULT_OOB, "kind");
    is_str(f->kernel, "oob", "kernel name");
    ok(f->cta[0] == 0 && f->cta[1] == 1 && f->cta[2] == 0, "CTA (0,1,0)");
    ok(f->tid[0] == 24 && f->tid[1] == 0 && f->tid[2] == 0, "thread (24,0,0): the first lane past the end");
    is_str(f->file, "test.ptx", "PTX file");
    is_int(f->line, 9, "PTX line of the load");
    is_str(f->insn, "ld.global.u32 %r4, [%rd4];", "disassembled instruction");
    is_u64(f->addr, vis + 4096, "address");
    is_int(f->size, 4, "access size");
    is_int(f->space, WS_SP_GLOBAL, "space");
    is_int(f->access, WS_ACC_LOAD, "a load");
    ok(f->has_alloc, "nearest allocation known");
    is_str(f->alloc_name, "visited", "allocation name");
    is_int(f->alloc_offset, 4096, "offset from the allocation start");
    is_u64(f->alloc_size, 4096, "allocation size");
    char want[200];
    snprintf(want, sizeof want, "0 bytes past the end of 'visited' (4096 bytes at 0x%" PRIx64 ")", vis);
    is_str(f->where, want, "where");
    char head[600];
    snprintf(head, sizeof head,
             "test.ptx:9: out-of-bounds global load of 4 bytes at 0x%" PRIx64
             " in kernel 'oob', CTA (0,1,0), thread (24,0,0): the address is %s; instruction "
             "`ld.global.u32 %%r4, [%%rd4];` (pc ",
             vis + 4096, want);
    ok(strncmp(tc_err.msg, head, strlen(head)) == 0, "message text");
    ok(strcmp(tc_err.msg, f->msg) == 0, "the error and the record carry the same message");

    /* 12 bytes past the end: stride 1003 makes CTA y=1 start at 1003, thread 24 reads index 1027 */
    ws_arg b[] = { WS_ARG_PTR(vis), WS_ARG_PTR(out), WS_ARG_INT(1003) };
    ws_launch_config lc1 = { .grid = { 1, 2, 1 }, .block = { 32, 1, 1 } };
    rc = run(m, "oob", &lc1, b, 3);
    f = ws_device_last_fault(tc_dev);
    ok(rc < 0 && f && f->tid[0] == 21 && f->alloc_offset == 4096, "first faulting lane is reported");
    ws_arg c[] = { WS_ARG_PTR(vis + 12), WS_ARG_PTR(out), WS_ARG_INT(1024) };
    ws_launch_config lc2 = { .grid = { 1, 2, 1 }, .block = { 1, 1, 1 } };
    rc = run(m, "oob", &lc2, c, 3);
    f = ws_device_last_fault(tc_dev);
    snprintf(want, sizeof want, "12 bytes past the end of 'visited' (4096 bytes at 0x%" PRIx64 ")", vis);
    ok(rc < 0 && f && strcmp(f->where, want) == 0, "12 bytes past the end: %s", f ? f->where : "");
    ok(f && f->cta[1] == 1 && f->tid[0] == 0, "CTA (0,1,0) thread (0,0,0)");

    /* the device stays usable: a good launch, and the fault is cleared */
    ws_arg g[] = { WS_ARG_PTR(vis), WS_ARG_PTR(out), WS_ARG_INT(32) };
    ws_launch_config lc3 = { .grid = { 1, 4, 1 }, .block = { 32, 1, 1 } };
    ok(run(m, "oob", &lc3, g, 3) == 0, "a later launch on the same device succeeds");
    ok(ws_device_last_fault(tc_dev) == NULL, "and clears the fault");

    /* before the start, and a freed allocation */
    ws_arg d[] = { WS_ARG_PTR(vis - 8), WS_ARG_PTR(out), WS_ARG_INT(0) };
    ws_launch_config one = { .grid = { 1, 1, 1 }, .block = { 1, 1, 1 } };
    run(m, "oob", &one, d, 3);
    f = ws_device_last_fault(tc_dev);
    ok(f && strstr(f->where, "8 bytes before the start of 'visited'"), "before the start: %s", f ? f->where : "");
    uint64_t tmp = ws_devmem_alloc(tc_dev, 64, "scratch", &tc_err);
    ws_devmem_free(tc_dev, tmp, NULL);
    ws_arg e[] = { WS_ARG_PTR(tmp), WS_ARG_PTR(out), WS_ARG_INT(0) };
    run(m, "oob", &one, e, 3);
    f = ws_device_last_fault(tc_dev);
    ok(f && strstr(f->where, "0 bytes into 'scratch'") && strstr(f->where, "which was freed"),
       "use after free: %s", f ? f->where : "");
    ws_arg z[] = { WS_ARG_INT(0), WS_ARG_PTR(out), WS_ARG_INT(0) };
    ok(run(m, "oob", &one, z, 3) < 0 && ws_device_last_fault(tc_dev)->addr == 0, "null pointer faults");
    ws_devmem_free(tc_dev, vis, NULL);
    ws_devmem_free(tc_dev, out, NULL);
}

static void test_other_faults(void)
{
    const char *ptx = HDR
        ".shared .align 4 .b32 sm[16];\n"
        ".visible .entry mis(.param .u64 p)\n{\n .reg .b64 %a; .reg .b32 %r;\n"
        "  ld.param.u64 %a, [p]; mov.u32 %r, 5; st.global.u32 [%a+2], %r; ret;\n}\n"
        ".visible .entry shoob(.param .u32 i)\n{\n .reg .b32 %r, %v;\n"
        "  ld.param.u32 %r, [i]; shl.b32 %r, %r, 2; mov.u32 %v, sm; add.u32 %r, %r, %v; ld.shared.u32 %v, [%r]; ret;\n}\n"
        ".visible .entry loob(.param .u32 i)\n{\n .local .align 4 .b32 arr[4]; .reg .b32 %r, %v; .reg .b64 %a, %o;\n"
        "  ld.param.u32 %r, [i]; mul.wide.u32 %o, %r, 4; mov.u64 %a, arr; add.s64 %a, %a, %o; ld.local.u32 %v, [%a]; ret;\n}\n"
        ".visible .entry trapk()\n{\n .reg .b32 %r; .reg .pred %p;\n"
        "  mov.u32 %r, %tid.x; setp.eq.u32 %p, %r, 37; @%p trap; ret;\n}\n"
        ".visible .entry spin()\n{\n .reg .b32 %r;\n  mov.u32 %r, 0;\n$L: add.u32 %r, %r, 1; bra.uni $L;\n}\n"
        ".visible .entry dead()\n{\n .reg .b32 %r; .reg .pred %p;\n"
        "  mov.u32 %r, %tid.x; setp.lt.u32 %p, %r, 32; @%p bra $A;\n"
        "  bar.sync 2, 64; ret;\n$A: bar.sync 1, 64; ret;\n}\n"
        ".func (.param .b32 r) down(.param .b32 x)\n{\n .reg .b32 %v;\n"
        "  ld.param.b32 %v, [x]; add.u32 %v, %v, 1;\n"
        "  { .param .b32 a; .param .b32 b; st.param.b32 [a], %v; call.uni (b), down, (a); ld.param.b32 %v, [b]; }\n"
        "  st.param.b32 [r], %v; ret;\n}\n"
        ".visible .entry deep()\n{\n .reg .b32 %v;\n"
        "  { .param .b32 a; .param .b32 b; st.param.b32 [a], 0; call.uni (b), down, (a); ld.param.b32 %v, [b]; }\n"
        "  ret;\n}\n";
    ws_module *m = tc_load(ptx);
    ok(m != NULL, "fault kernels load");
    if (!m)
        return;
    uint64_t buf = ws_devmem_alloc(tc_dev, 64, "buf", &tc_err);
    ws_launch_config one = { .grid = { 1, 1, 1 }, .block = { 1, 1, 1 } };
    ws_arg p[] = { WS_ARG_PTR(buf) };
    ok(run(m, "mis", &one, p, 1) < 0, "misaligned store fails");
    const ws_fault *f = ws_device_last_fault(tc_dev);
    ok(f && f->kind == WS_FAULT_MISALIGNED && f->access == WS_ACC_STORE && f->addr == buf + 2,
       "misaligned: %s", f ? f->msg : "");
    ws_arg i[] = { WS_ARG_INT(16) };
    ok(run(m, "shoob", &one, i, 1) < 0 && ws_device_last_fault(tc_dev)->space == WS_SP_SHARED &&
           strstr(tc_err.msg, "out-of-bounds shared load of 4 bytes at shared offset 0x40") &&
           strstr(tc_err.msg, "the CTA has 64 bytes of shared memory"),
       "shared out of bounds: %s", tc_err.msg);
    ws_arg j[] = { WS_ARG_INT(4) };
    ok(run(m, "loob", &one, j, 1) < 0 && ws_device_last_fault(tc_dev)->space == WS_SP_LOCAL,
       "local out of bounds: %s", tc_err.msg);
    ws_arg j2[] = { WS_ARG_INT(3) };
    ok(run(m, "loob", &one, j2, 1) == 0, "local in bounds");
    ws_launch_config warps = { .grid = { 2, 1, 1 }, .block = { 64, 1, 1 } };
    ok(run(m, "trapk", &warps, NULL, 0) < 0 && ws_device_last_fault(tc_dev)->kind == WS_FAULT_TRAP &&
           strstr(tc_err.msg, "trap executed in kernel 'trapk', CTA (0,0,0), thread (37,0,0)"),
       "trap: %s", tc_err.msg);
    ws_device_set_budget(tc_dev, 100000);
    ok(run(m, "spin", &one, NULL, 0) < 0 && ws_device_last_fault(tc_dev)->kind == WS_FAULT_BUDGET &&
           strstr(tc_err.msg, "instruction budget of 100000 warp-instructions exhausted"),
       "endless loop hits the budget: %s", tc_err.msg);
    is_u64(ws_device_last_stats(tc_dev)->warp_insns, 100000, "exactly the budget was executed");
    ws_device_set_budget(tc_dev, 1ull << 32);
    ok(run(m, "dead", &warps, NULL, 0) < 0 && ws_device_last_fault(tc_dev)->kind == WS_FAULT_DEADLOCK &&
           strstr(tc_err.msg, "barrier deadlock"),
       "barrier deadlock: %s", tc_err.msg);
    ok(run(m, "deep", &one, NULL, 0) < 0 && ws_device_last_fault(tc_dev)->kind == WS_FAULT_STACK &&
           strstr(tc_err.msg, "in .func 'down'"),
       "endless recursion: %s", tc_err.msg);
    ok(run(m, "mis", &one, (ws_arg[]){ WS_ARG_PTR(buf + 4) }, 1) < 0, "still faults");
    ok(run(m, "loob", &one, j2, 1) == 0, "and the device still runs kernels");
    uint32_t busy = 0;
    for (uint32_t sm = 0; sm < ws_device_config_get(tc_dev)->num_sms; sm++)
        busy += ws_device_sm_usage(tc_dev, sm)->ctas + ws_device_sm_usage(tc_dev, sm)->threads;
    is_int(busy, 0, "faulted launches leave no CTA resident on any SM");
    ws_devmem_free(tc_dev, buf, NULL);
}

static void test_launch_checks(void)
{
    ws_module *m = tc_load(oob_ptx);
    const ws_kernel *k = ws_module_kernel(m, "oob", &tc_err);
    ok(ws_module_kernel(m, "nope", &tc_err) == NULL && strstr(tc_err.msg, "no kernel named 'nope'") &&
           strstr(tc_err.msg, "'oob'"),
       "unknown kernel lists the kernels: %s", tc_err.msg);
    ws_launch_config big = { .grid = { 1, 1, 1 }, .block = { 2048, 1, 1 } };
    ws_arg a[] = { WS_ARG_INT(0), WS_ARG_INT(0), WS_ARG_INT(0) };
    ok(ws_launch(tc_dev, k, &big, a, 3, &tc_err) < 0 && tc_err.code == WS_E_RANGE && strstr(tc_err.msg, "2048"),
       "too many threads per CTA: %s", tc_err.msg);
    ws_launch_config sh = { .grid = { 1, 1, 1 }, .block = { 32, 1, 1 }, .shared_bytes = 1 << 20 };
    ok(ws_launch(tc_dev, k, &sh, a, 3, &tc_err) < 0 && strstr(tc_err.msg, "shared memory"),
       "too much dynamic shared memory: %s", tc_err.msg);
}

int main(void)
{
    tc_init();
    test_oob_report();
    test_other_faults();
    test_launch_checks();
    ws_device_free(tc_dev);
    return tap_done();
}
