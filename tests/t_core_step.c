/* The stepwise interface: CTA dispatch within per-SM limits, one warp
 * instruction at a time with its report (memory addresses, branches,
 * barriers, exit), inspection, retirement; results equal the functional
 * run's. */
#include <stdint.h>

#include "core/tcore.h"

#define HDR ".version 7.8\n.target sm_75\n.address_size 64\n"

static const char *ptx = HDR
    ".visible .entry k(.param .u64 a, .param .u64 out)\n"          /* 4 */
    "{\n"                                                           /* 5 */
    "  .reg .b64 %ra, %ro, %off; .reg .b32 %t, %v, %c, %s; .reg .pred %p;\n"
    "  .shared .align 4 .b32 sm[128];\n"
    "  ld.param.u64 %ra, [a];\n"                                    /* pc 0 */
    "  ld.param.u64 %ro, [out];\n"                                  /* 1 */
    "  mov.u32 %t, %tid.x;\n"                                       /* 2 */
    "  mul.wide.u32 %off, %t, 4;\n"                                 /* 3 */
    "  add.s64 %ra, %ra, %off;\n"                                   /* 4 */
    "  ld.global.u32 %v, [%ra];\n"                                  /* 5 */
    "  and.b32 %c, %t, 1;\n"                                        /* 6 */
    "  setp.eq.u32 %p, %c, 0;\n"                                    /* 7 */
    "  @%p bra EVEN;\n"                                             /* 8 */
    "  add.u32 %v, %v, 1000;\n"                                     /* 9 */
    "EVEN:\n"
    "  shl.b32 %c, %t, 2;\n"                                        /* 10 */
    "  mov.u32 %s, sm;\n"                                           /* 11 */
    "  add.u32 %c, %c, %s;\n"                                       /* 12 */
    "  st.shared.u32 [%c], %v;\n"                                   /* 13 */
    "  bar.sync 0;\n"                                               /* 14 */
    "  xor.b32 %c, %c, 4;\n"                                        /* 15 */
    "  ld.shared.u32 %v, [%c];\n"                                   /* 16 */
    "  add.s64 %ro, %ro, %off;\n"                                   /* 17 */
    "  st.global.u32 [%ro], %v;\n"                                  /* 18 */
    "  ret;\n"                                                      /* 19 */
    "}\n";

static uint32_t reg_index(const ws_warp *w, const char *name)
{
    const ws_ptx_func *f = ws_warp_func(w);
    for (uint32_t i = 0; i < f->nregs; i++)
        if (strcmp(f->regs[i].name, name) == 0)
            return i;
    return UINT32_MAX;
}

static void test_dispatch_and_step(void)
{
    ws_device_config cfg;
    ws_device_config_default(&cfg);
    cfg.num_sms = 2;
    cfg.max_threads_per_sm = 256;
    ws_device *d = ws_device_create(&cfg, &tc_err);
    ws_module *m = ws_module_load_text(d, ptx, strlen(ptx), "step.ptx", &tc_err);
    ok(m != NULL, "module loads");
    if (!m) {
        diag("%s", tc_err.msg);
        return;
    }
    const ws_kernel *k = ws_module_kernel(m, "k", &tc_err);
    enum { B = 64, G = 6, N = B * G };
    uint32_t a[N];
    for (unsigned i = 0; i < N; i++)
        a[i] = i * 7 + 1;
    uint64_t da = ws_devmem_alloc(d, sizeof a, "a", &tc_err), dout = ws_devmem_alloc(d, 4 * N, "out", &tc_err);
    ws_devmem_write(d, da, a, sizeof a, NULL);
    ws_launch_config lc = { .grid = { G, 1, 1 }, .block = { B, 1, 1 } };
    ws_arg args[] = { WS_ARG_PTR(da), WS_ARG_PTR(dout) };
    ws_grid *g = ws_grid_create(d, k, &lc, args, 2, &tc_err);
    ok(g != NULL, "grid created");
    is_u64(ws_grid_ctas_total(g), G, "6 CTAs");
    uint32_t thr, wp, regs;
    uint64_t sh;
    ws_grid_cta_resources(g, &thr, &wp, &sh, &regs);
    ok(thr == 64 && wp == 2 && sh == 512, "CTA resources: 64 threads, 2 warps, 512 bytes shared");
    is_int(regs, ws_kernel_regs(k) * 64, "registers per CTA = regs per thread x 64");
    ws_cta *ctas[G];
    int nc = 0;
    while (ws_grid_fits(g, 0))
        ctas[nc++] = ws_grid_dispatch(g, 0, &tc_err);
    is_int(nc, 4, "SM 0 takes 4 CTAs of 64 threads (256 threads per SM)");
    ok(ws_grid_dispatch(g, 0, &tc_err) == NULL && strstr(tc_err.msg, "threads per SM"), "the 5th does not fit: %s",
       tc_err.msg);
    is_int(ws_device_sm_usage(d, 0)->threads, 256, "SM 0 usage: 256 threads");
    ws_cta *c1 = ws_grid_dispatch(g, 1, &tc_err);
    ok(c1 && ws_cta_sm(c1) == 1, "CTA 4 goes to SM 1");
    ctas[nc++] = c1;
    is_u64(ws_grid_ctas_pending(g), 1, "one CTA pending");

    /* step CTA 0 warp 0 and check the reports */
    ws_warp *w0 = ws_cta_warp(ctas[0], 0), *w1 = ws_cta_warp(ctas[0], 1);
    ws_step st;
    ok(ws_warp_step(w0, &st, &tc_err) == 0, "step 1");
    ok(st.pc == 0 && st.op == WS_OP_LD && st.klass == WS_IC_MEM && st.mem_kind == WS_ACC_LOAD &&
           st.space == WS_SP_PARAM && st.active == 0xffffffffu,
       "ld.param: a memory access in the param space");
    for (int i = 0; i < 5; i++)
        ws_warp_step(w0, &st, &tc_err);
    ok(st.pc == 5 && st.mem_kind == WS_ACC_LOAD && st.space == WS_SP_GLOBAL && st.size == 4 && st.mem_mask == 0xffffffffu,
       "ld.global reported");
    int addr_ok = 1;
    for (unsigned l = 0; l < 32; l++)
        addr_ok &= st.addr[l] == da + 4 * l && st.lane_space[l] == WS_SP_GLOBAL;
    ok(addr_ok, "per-lane addresses of the load");
    is_int(ws_warp_line(w0), 14, "PTX line of the next instruction");
    ws_warp_step(w0, &st, &tc_err);
    ws_warp_step(w0, &st, &tc_err);
    ws_warp_step(w0, &st, &tc_err);
    ok(st.branch && st.diverged && st.taken == 0x55555555u && st.exec == 0x55555555u, "divergent branch: even lanes take it");
    is_int(ws_warp_stack_depth(w0), 2, "SIMT stack: reconvergence entry + running path");
    ws_simt_entry e0 = ws_warp_stack_entry(w0, 0), e1 = ws_warp_stack_entry(w0, 1);
    ok(e0.pc == 10 && e0.mask == 0xffffffffu && e1.pc == 9 && e1.mask == 0xaaaaaaaau && e1.rpc == 10,
       "entries: (10, all) below (9, odd lanes, reconverge at 10)");
    is_u64(ws_warp_active(w0), 0xaaaaaaaau, "active mask: odd lanes");
    ws_warp_step(w0, &st, &tc_err);
    ok(st.pc == 9 && st.active == 0xaaaaaaaau && st.next_pc == 10, "the odd lanes run the fall-through");
    is_int(ws_warp_stack_depth(w0), 1, "reconverged");
    is_u64(ws_warp_active(w0), 0xffffffffu, "all lanes again");
    is_u64(ws_warp_reg(w0, reg_index(w0, "%t"), 5), 5, "register %t of lane 5 holds tid 5");
    for (int i = 0; i < 4; i++)
        ws_warp_step(w0, &st, &tc_err);
    ok(st.mem_kind == WS_ACC_STORE && st.space == WS_SP_SHARED && st.addr[3] == 12, "st.shared: offsets");
    ws_warp_step(w0, &st, &tc_err);
    ok(st.barrier && !st.barrier_released, "bar.sync: arrived");
    is_int(ws_warp_status_get(w0), WS_WARP_BARRIER, "warp 0 waits at the barrier");
    ok(ws_warp_step(w0, &st, &tc_err) < 0 && tc_err.code == WS_E_STATE, "a waiting warp cannot step");
    int steps = 0;
    while (ws_warp_status_get(w1) == WS_WARP_READY && !st.barrier_released && steps < 100) {
        ws_warp_step(w1, &st, &tc_err);
        steps++;
    }
    ok(st.barrier_released, "warp 1's arrival completes the barrier");
    ok(ws_warp_status_get(w0) == WS_WARP_READY && ws_warp_status_get(w1) == WS_WARP_READY, "both warps ready again");
    while (ws_warp_status_get(w0) == WS_WARP_READY)
        ws_warp_step(w0, &st, &tc_err);
    ok(st.exited && ws_warp_status_get(w0) == WS_WARP_EXITED, "warp 0 exits");
    ok(!ws_cta_done(ctas[0]), "CTA 0 not done yet");
    ok(ws_cta_retire(ctas[0], &tc_err) < 0, "retiring a running CTA fails");
    while (ws_warp_status_get(w1) == WS_WARP_READY)
        ws_warp_step(w1, &st, &tc_err);
    ok(ws_cta_done(ctas[0]) && ws_cta_retire(ctas[0], &tc_err) == 0, "CTA 0 done and retired");
    is_int(ws_device_sm_usage(d, 0)->ctas, 3, "SM 0 has 3 CTAs left");
    ctas[0] = ws_grid_dispatch(g, 0, &tc_err);
    ok(ctas[0] != NULL, "the last CTA now fits on SM 0");
    ok(ws_grid_ctas_pending(g) == 0 && !ws_grid_fits(g, 1), "nothing pending");
    /* run everything else round robin, one instruction per warp per turn */
    for (int progress = 1; progress;) {
        progress = 0;
        for (int i = 0; i < nc; i++)
            for (uint32_t wi = 0; wi < ws_cta_nwarps(ctas[i]); wi++) {
                ws_warp *w = ws_cta_warp(ctas[i], wi);
                if (ws_warp_status_get(w) == WS_WARP_READY) {
                    if (ws_warp_step(w, NULL, &tc_err) < 0)
                        diag("%s", tc_err.msg);
                    progress = 1;
                }
            }
    }
    int retired = 0;
    for (int i = 0; i < nc; i++)
        retired += ws_cta_done(ctas[i]) && ws_cta_retire(ctas[i], &tc_err) == 0;
    is_int(retired, 5, "all CTAs retire");
    ok(ws_grid_done(g), "grid done");
    is_int(ws_device_sm_usage(d, 0)->threads + ws_device_sm_usage(d, 1)->threads, 0, "SMs empty");
    uint64_t winsn = ws_grid_stats(g)->warp_insns;
    ws_grid_free(g);
    uint32_t out[N];
    ws_devmem_read(d, dout, out, sizeof out, NULL);
    int bad = 0;
    /* every CTA computes the same block (the kernel only uses %tid.x) */
    for (unsigned t = 0; t < N; t++) {
        unsigned s = t ^ 1;
        bad += out[t] != (t < B ? (uint32_t)(a[s] + ((s & 1) ? 1000 : 0)) : 0u);
    }
    is_int(bad, 0, "stepwise results");
    ws_devmem_memset(d, dout, 0, 4 * N, NULL);
    ok(ws_launch(d, k, &lc, args, 2, &tc_err) == 0, "functional launch");
    uint32_t out2[N];
    ws_devmem_read(d, dout, out2, sizeof out2, NULL);
    ok(memcmp(out, out2, sizeof out) == 0, "functional and stepwise results are identical");
    is_u64(ws_device_last_stats(d)->warp_insns, winsn, "and so are the instruction counts");
    ws_device_free(d);
}

static void test_limits(void)
{
    ws_device_config cfg;
    ws_device_config_default(&cfg);
    cfg.num_sms = 1;
    ws_device *d = ws_device_create(&cfg, &tc_err);
    ws_module *m = ws_module_load_text(d, ptx, strlen(ptx), "step.ptx", &tc_err);
    const ws_kernel *k = ws_module_kernel(m, "k", &tc_err);
    uint64_t da = ws_devmem_alloc(d, 4096, "a", &tc_err);
    ws_arg args[] = { WS_ARG_PTR(da), WS_ARG_PTR(da) };
    /* shared memory: 20 KB dynamic per CTA, 48 KB per SM -> 2 CTAs */
    ws_launch_config lc = { .grid = { 8, 1, 1 }, .block = { 32, 1, 1 }, .shared_bytes = 20 * 1024 };
    ws_grid *g = ws_grid_create(d, k, &lc, args, 2, &tc_err);
    int n = 0;
    while (ws_grid_fits(g, 0) && ws_grid_dispatch(g, 0, &tc_err))
        n++;
    is_int(n, 2, "shared memory limits an SM to 2 CTAs");
    ok(ws_grid_dispatch(g, 0, &tc_err) == NULL && strstr(tc_err.msg, "shared memory per SM"), "%s", tc_err.msg);
    ws_grid_free(g);
    is_int(ws_device_sm_usage(d, 0)->ctas, 0, "freeing a grid releases its CTAs");
    /* CTAs per SM */
    ws_launch_config lc2 = { .grid = { 20, 1, 1 }, .block = { 32, 1, 1 } };
    g = ws_grid_create(d, k, &lc2, args, 2, &tc_err);
    n = 0;
    while (ws_grid_fits(g, 0) && ws_grid_dispatch(g, 0, &tc_err))
        n++;
    is_int(n, 8, "at most 8 CTAs per SM");
    ws_grid_free(g);
    ws_device_free(d);
    /* registers: 32768 per SM; a small register file */
    cfg.regs_per_sm = 4096;
    d = ws_device_create(&cfg, &tc_err);
    m = ws_module_load_text(d, ptx, strlen(ptx), "step.ptx", &tc_err);
    k = ws_module_kernel(m, "k", &tc_err);
    da = ws_devmem_alloc(d, 4096, "a", &tc_err);
    ws_arg args2[] = { WS_ARG_PTR(da), WS_ARG_PTR(da) };
    unsigned r = ws_kernel_regs(k);
    g = ws_grid_create(d, k, &lc2, args2, 2, &tc_err);
    n = 0;
    while (ws_grid_fits(g, 0) && ws_grid_dispatch(g, 0, &tc_err))
        n++;
    unsigned want = 4096 / (r * 32);
    is_int(n, want > 8 ? 8 : want, "registers limit the CTAs (%u regs per thread)", r);
    ws_grid_free(g);
    ws_device_free(d);
}

/* ws_grid_run in slices gives exactly ws_launch's interleaving */
static void test_run_slices(void)
{
    const char *race = HDR
        ".visible .entry r(.param .u64 ctr, .param .u64 out)\n{\n"
        "  .reg .b64 %c, %o, %a; .reg .b32 %t, %v, %i, %s; .reg .pred %p;\n"
        "  ld.param.u64 %c, [ctr]; ld.param.u64 %o, [out];\n"
        "  mov.u32 %t, %tid.x; mov.u32 %i, 0; mov.u32 %s, 0;\n"
        "$L: atom.global.add.u32 %v, [%c], 1; add.u32 %s, %s, %v; xor.b32 %s, %s, %i;\n"
        "  add.u32 %i, %i, 1; setp.lt.u32 %p, %i, 9; @%p bra $L;\n"
        "  mul.wide.u32 %a, %t, 4; add.s64 %a, %o, %a; st.global.u32 [%a], %s; ret;\n}\n";
    ws_device_config cfg;
    ws_device_config_default(&cfg);
    cfg.functional_quantum = 5;
    ws_device *d = ws_device_create(&cfg, &tc_err);
    ws_module *m = ws_module_load_text(d, race, strlen(race), "race.ptx", &tc_err);
    const ws_kernel *k = m ? ws_module_kernel(m, "r", &tc_err) : NULL;
    ok(k != NULL, "race kernel loads");
    if (!k)
        return;
    enum { T = 160 };
    uint64_t ctr = ws_devmem_alloc(d, 4, "ctr", &tc_err), out = ws_devmem_alloc(d, 4 * T, "out", &tc_err);
    ws_launch_config lc = { .grid = { 2, 1, 1 }, .block = { T / 2, 1, 1 } };
    ws_arg a[] = { WS_ARG_PTR(ctr), WS_ARG_PTR(out) };
    uint32_t ref[T], got[T];
    ok(ws_launch(d, k, &lc, a, 2, &tc_err) == 0, "launch");
    ws_devmem_read(d, out, ref, sizeof ref, NULL);
    uint64_t ref_insns = ws_device_last_stats(d)->warp_insns;
    const uint64_t slices[] = { 1, 3, 17, 1000 };
    for (size_t i = 0; i < sizeof slices / sizeof slices[0]; i++) {
        ws_devmem_memset(d, ctr, 0, 4, NULL);
        ws_devmem_memset(d, out, 0, 4 * T, NULL);
        ws_grid *g = ws_grid_create(d, k, &lc, a, 2, &tc_err);
        int rc, calls = 0;
        while ((rc = ws_grid_run(g, slices[i], &tc_err)) == 0)
            calls++;
        ws_devmem_read(d, out, got, sizeof got, NULL);
        ok(rc == 1 && memcmp(got, ref, sizeof ref) == 0 && ws_grid_stats(g)->warp_insns == ref_insns,
           "slices of %llu instructions (%d calls): same results and counts as ws_launch",
           (unsigned long long)slices[i], calls);
        ws_grid_free(g);
    }
    ws_device_free(d);
}

/* call-stack inspection while a warp is inside a .func */
static void test_frames(void)
{
    const char *src = HDR
        ".func (.param .b32 r) twice(.param .b32 x)\n{\n .reg .b32 %v;\n"
        "  ld.param.b32 %v, [x]; add.u32 %v, %v, %v; st.param.b32 [r], %v; ret;\n}\n"
        ".visible .entry k(.param .u64 out)\n{\n .reg .b64 %o; .reg .b32 %t, %v;\n"
        "  ld.param.u64 %o, [out]; mov.u32 %t, %tid.x;\n"
        "  { .param .b32 a; .param .b32 b; st.param.b32 [a], %t; call.uni (b), twice, (a); ld.param.b32 %v, [b]; }\n"
        "  st.global.u32 [%o], %v; ret;\n}\n";
    ws_device *d = ws_device_create(NULL, &tc_err);
    ws_module *m = ws_module_load_text(d, src, strlen(src), "f.ptx", &tc_err);
    const ws_kernel *k = m ? ws_module_kernel(m, "k", &tc_err) : NULL;
    ok(k != NULL, "call module loads");
    if (!k)
        return;
    uint64_t out = ws_devmem_alloc(d, 4, "out", &tc_err);
    ws_launch_config lc = { .grid = { 1, 1, 1 }, .block = { 1, 1, 1 } };
    ws_arg a[] = { WS_ARG_PTR(out) };
    ws_grid *g = ws_grid_create(d, k, &lc, a, 1, &tc_err);
    ws_cta *c = ws_grid_dispatch(g, 0, &tc_err);
    ws_warp *w = ws_cta_warp(c, 0);
    ws_step st;
    int guard = 0;
    while (ws_warp_call_depth(w) == 0 && guard++ < 20)
        ws_warp_step(w, &st, &tc_err);
    ok(st.call && st.op == WS_OP_CALL, "the step that entered the callee says so");
    is_int(ws_warp_call_depth(w), 1, "call depth 1");
    const ws_ptx_func *f0 = NULL, *f1 = NULL;
    uint32_t pc0 = 99, pc1 = 99;
    ok(ws_warp_frame_info(w, 0, &f0, &pc0) == 0 && ws_warp_frame_info(w, 1, &f1, &pc1) == 0, "two frames");
    ok(f0 && f1 && strcmp(f0->name, "k") == 0 && strcmp(f1->name, "twice") == 0, "frame 0 is the kernel, frame 1 the callee");
    ok(pc0 == st.pc && pc1 == 0, "frame 0 is at the call (pc %u), frame 1 at its start", pc0);
    ok(ws_warp_frame_info(w, 2, NULL, NULL) < 0, "no frame 2");
    const ws_ptx_insn *in = ws_warp_next_insn(w);
    ok(in && in->op == WS_OP_LD && in->space == WS_SP_PARAM, "next instruction: the callee's ld.param");
    ok(strcmp(ws_warp_func(w)->name, "twice") == 0, "ws_warp_func is the callee");
    while (ws_warp_call_depth(w) == 1 && guard++ < 40)
        ws_warp_step(w, &st, &tc_err);
    ok(st.ret && ws_warp_call_depth(w) == 0, "the return is reported");
    while (ws_warp_status_get(w) == WS_WARP_READY && guard++ < 60)
        ws_warp_step(w, &st, &tc_err);
    ok(ws_warp_next_insn(w) == NULL, "no next instruction after exit");
    ws_cta_retire(c, &tc_err);
    ws_grid_free(g);
    ws_device_free(d);
}

int main(void)
{
    tc_init();
    test_frames();
    test_dispatch_and_step();
    test_limits();
    test_run_slices();
    ws_device_free(tc_dev);
    return tap_done();
}
