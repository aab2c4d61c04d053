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
#include "ws_line_kernel.h"
#include "ws_tap.h"

/* The kernel of ws_line_kernel.h: every load misses L1, whose sets and
 * MSHRs fill up (line-allocation and MSHR failures). */
enum { N = 8192 };
typedef ws_line_fix fix;

/* A launch begun on `preset`, with a time series sampled every 3 cycles. */
static void setup(fix *f, const char *preset)
{
    ws_error err;
    ws_line_setup(f, preset, (const char *const[]){ "stats.interval=3", NULL }, N);
    static const char *const series[] = { "l1d.resfail", "warp_insns", "l1d.misses" };
    if (ws_stats_series(ws_gpu_stats(f->g), 3, series, 3, &err) < 0) { diag("%s", err.msg); exit(1); }
    if (ws_line_begin(f) < 0) exit(1);
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
