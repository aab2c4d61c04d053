/* t_ldst_sleep.c: an SM whose LD/ST unit would only fail again in L1 (a
 * reservation failure with nothing changed in L1 since) is not cycled until
 * a reply arrives, and counts those failures later (ws_ldst_sync).  With a
 * debugger attached no SM sleeps, so a run with recording on is the
 * stepping reference: the counters must agree at every point a front end
 * can look (after each gpu run slice), in the time series (sampled every
 * 3 cycles) and in the final JSON.  A reply wakes an asleep unit only when
 * it fills L1 in a way that can let the request in (ws_ldst_reply). */
#include <stdio.h>
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

/* MSHRs to spare: every L1 failure is a set whose lines are all reserved. */
static const char *const many_mshrs[] = { "l1d.mshr=1024", "l1d.mshr_merge=64", NULL };

/* A launch begun on `preset` with the options kv (NULL-terminated, or
 * NULL), with a time series sampled every 3 cycles. */
static void setup(fix *f, const char *preset, const char *const *kv)
{
    ws_error err;
    const char *opts[8] = { "stats.interval=3" };
    for (int i = 1; kv && *kv && i < 7; i++) opts[i] = *kv++;
    ws_line_setup(f, preset, opts, N);
    static const char *const series[] = { "l1d.resfail", "warp_insns", "l1d.misses" };
    if (ws_stats_series(ws_gpu_stats(f->g), 3, series, 3, &err) < 0) { diag("%s", err.msg); exit(1); }
    if (ws_line_begin(f) < 0) exit(1);
}

static double resfail(fix *f)
{
    ws_gpu_stats_sync(f->g);
    return ws_stats_get(ws_gpu_stats(f->g), "l1d.resfail", -1);
}

static void compare(const char *preset, const char *const *kv)
{
    ws_error err;
    fix a, b;
    setup(&a, preset, kv);
    setup(&b, preset, kv);
    char lab[64];
    snprintf(lab, sizeof lab, "%s%s", preset, kv ? " with MSHRs to spare" : "");
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
            if (same) diag("%s: after %llu cycles: %.0f L1 failures, stepping %.0f", lab,
                           (unsigned long long)ws_gpu_cycle(a.g), resfail(&a), resfail(&b));
            same = 0;
        }
    }
    is_int(ra, 1, "%s: the run ends", lab);
    is_int(rb, 1, "%s: the stepping run ends", lab);
    ok(same, "%s: L1 reservation failures agree after each of %llu slices", lab, (unsigned long long)slices);
    ok(asleep > 0, "%s: an SM slept through failures at the end of %llu slices", lab, (unsigned long long)asleep);
    ok(resfail(&a) > 1000, "%s: %.0f L1 reservation failures", lab, resfail(&a));
    ws_gpu_launch_end(a.g, &err);
    ws_gpu_launch_end(b.g, &err);
    char *ja = ws_stats_json_text(ws_gpu_stats(a.g), "test", 1, NULL);
    char *jb = ws_stats_json_text(ws_gpu_stats(b.g), "test", 1, NULL);
    ok(ja && jb && strcmp(ja, jb) == 0, "%s: the statistics JSON (with the series) is the same", lab);
    free(ja);
    free(jb);
    ws_gpu_free(a.g);
    ws_gpu_free(b.g);
}

/* An asleep unit is woken only by a fill that can let its request in.
 * With MSHRs to spare (many_mshrs), a fill to another set (one of a warp's
 * 32 misses, which completes no load) leaves it asleep: in one-cycle
 * slices, an SM asleep before a slice whose L1 was filled in it does not
 * always run its cycle (sm->acct stays behind).  Were every reply to wake
 * it, none would.  The agreement with stepping (compare, also with
 * many_mshrs) is what keeps this exact. */
static void sleeps_through_fills(const char *preset)
{
    ws_error err;
    fix a;
    setup(&a, preset, many_mshrs);
    ws_gpu *g = a.g;
    uint64_t slept = 0, woken = 0;
    int rc = 0;
    while (rc == 0) {
        uint64_t c = ws_gpu_cycle(g);
        bool asleep[64] = { false };
        uint64_t fills[64] = { 0 };
        uint32_t nsms = g->cfg.nsms < 64 ? g->cfg.nsms : 64;
        for (uint32_t i = 0; i < nsms; i++) {
            asleep[i] = g->sms[i].l1f_asleep;
            fills[i] = ws_cache_stats_get(g->sms[i].l1d)->fills;
        }
        rc = ws_gpu_run(g, 1, &err);
        for (uint32_t i = 0; i < nsms; i++) {
            if (!asleep[i] || ws_cache_stats_get(g->sms[i].l1d)->fills == fills[i]) continue;
            if (g->sms[i].acct == c + 1) woken++;
            else slept++;
        }
    }
    is_int(rc, 1, "%s: the run in one-cycle slices ends", preset);
    ok(slept > 0, "%s: asleep SMs slept through %llu cycles with an L1 fill (woken in %llu)", preset,
       (unsigned long long)slept, (unsigned long long)woken);
    ok(woken > 0, "%s: and a fill woke an asleep SM %llu times", preset, (unsigned long long)woken);
    ws_gpu_launch_end(g, &err);
    ws_gpu_free(g);
}

int main(void)
{
    compare("gtx480", NULL);
    compare("fermi-thesis", NULL);
    compare("gtx980", NULL);
    compare("gtx480", many_mshrs);
    sleeps_through_fills("gtx480");
    return tap_done();
}
