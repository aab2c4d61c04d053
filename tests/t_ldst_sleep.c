/* t_ldst_sleep.c: an SM whose LD/ST unit would only fail again in L1 (a
 * reservation failure with nothing changed in L1 since) is not cycled until
 * a reply arrives, and counts those failures later (ws_ldst_sync).  With a
 * debugger attached no SM sleeps, so a run with recording on is the
 * stepping reference: the counters must agree at every point a front end
 * can look (after each gpu run slice), in the time series (sampled every
 * 3 cycles) and in the final JSON. */
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu.h"
#include "arch/ws_gpu_dbg.h"
#include "arch/ws_gpu_int.h"
#include "arch/ws_opts.h"
#include "stats/ws_stats.h"
#include "ws_tap.h"

/* Each thread loads one word from its own 128-byte line (L1 sets and MSHRs
 * fill up: line-allocation and MSHR failures), adds 1 and stores it. */
static const char *ptx =
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

enum { N = 8192 };

typedef struct fix {
    ws_gpu *g;
    const ws_kernel *k;
    uint64_t a, out;
} fix;

static void setup(fix *f, const char *preset)
{
    ws_error err;
    ws_opts *o = ws_opts_new();
    if (ws_opts_apply_preset(o, preset, &err) < 0 || ws_opts_set(o, "stats.interval", "3", &err) < 0) {
        diag("%s", err.msg);
        exit(1);
    }
    f->g = ws_gpu_create(o, 1, &err);
    ws_opts_free(o);
    if (!f->g) { diag("%s", err.msg); exit(1); }
    static const char *const series[] = { "l1d.resfail", "warp_insns", "l1d.misses" };
    if (ws_stats_series(ws_gpu_stats(f->g), 3, series, 3, &err) < 0) { diag("%s", err.msg); exit(1); }
    ws_device *d = ws_gpu_device(f->g);
    f->a = ws_devmem_alloc(d, (uint64_t)N * 128, "a", &err);
    f->out = ws_devmem_alloc(d, (uint64_t)N * 4, "out", &err);
    uint32_t *h = calloc(N * 32, 4);
    for (uint32_t i = 0; i < N; i++) h[i * 32] = i * 3;
    ws_devmem_write(d, f->a, h, (uint64_t)N * 128, &err);
    free(h);
    ws_module *m = ws_module_load_text(d, ptx, strlen(ptx), "sleep.ptx", &err);
    if (!m) { diag("%s", err.msg); exit(1); }
    f->k = ws_module_kernel(m, "k", &err);
    ws_launch_config lc = { .grid = { N / 256, 1, 1 }, .block = { 256, 1, 1 } };
    ws_arg args[] = { WS_ARG_PTR(f->a), WS_ARG_PTR(f->out), WS_ARG_INT(N) };
    if (ws_gpu_launch_begin(f->g, f->k, &lc, args, 3, &err) < 0) { diag("%s", err.msg); exit(1); }
}

static double resfail(fix *f)
{
    ws_gpu_stats_sync(f->g);
    return ws_stats_get(ws_gpu_stats(f->g), "l1d.resfail", -1);
}

static void compare(const char *preset)
{
    ws_error err;
    fix a, b;
    setup(&a, preset);
    setup(&b, preset);
    ws_gpu_dbg_record(b.g, true);         /* a debugger: nothing sleeps */
    int ra = 0, rb = 0, same = 1;
    uint64_t slices = 0, asleep = 0;
    while (ra == 0 || rb == 0) {
        if (ra == 0) ra = ws_gpu_run(a.g, 41, &err);
        if (rb == 0) rb = ws_gpu_run(b.g, 41, &err);
        if (ra < 0 || rb < 0) break;
        slices++;
        for (uint32_t i = 0; i < a.g->cfg.nsms; i++)
            if (a.g->sms[i].l1f_asleep) { asleep++; break; }
        if (resfail(&a) != resfail(&b) || ws_gpu_cycle(a.g) != ws_gpu_cycle(b.g)) {
            if (same) diag("%s: after %llu cycles: %.0f L1 failures, stepping %.0f", preset,
                           (unsigned long long)ws_gpu_cycle(a.g), resfail(&a), resfail(&b));
            same = 0;
        }
    }
    is_int(ra, 1, "%s: the run ends", preset);
    is_int(rb, 1, "%s: the stepping run ends", preset);
    ok(same, "%s: L1 reservation failures agree after each of %llu slices", preset, (unsigned long long)slices);
    ok(asleep > 0, "%s: an SM slept through failures at the end of %llu slices", preset, (unsigned long long)asleep);
    ok(resfail(&a) > 1000, "%s: %.0f L1 reservation failures", preset, resfail(&a));
    ws_gpu_launch_end(a.g, &err);
    ws_gpu_launch_end(b.g, &err);
    char *ja = ws_stats_json_text(ws_gpu_stats(a.g), "test", 1, NULL);
    char *jb = ws_stats_json_text(ws_gpu_stats(b.g), "test", 1, NULL);
    ok(ja && jb && strcmp(ja, jb) == 0, "%s: the statistics JSON (with the series) is the same", preset);
    free(ja);
    free(jb);
    ws_gpu_free(a.g);
    ws_gpu_free(b.g);
}

int main(void)
{
    compare("gtx480");
    compare("fermi-thesis");
    compare("gtx980");
    return tap_done();
}
