/* ws_gpu_tcoal.c: the temporal-coalescing counters (stats.tcoal,
 * ws_tcoal.h) in the statistics registry, the JSON's tcoal section (totals
 * and per launch), the summary line and the reader front ends use. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "arch/ws_gpu_int.h"
#include "stats/ws_json.h"

#define SMC(field) (&g->sms[0].field), g->cfg.nsms, sizeof(ws_sm)

/* Read the curve through a getter (totals, a launch, or the live registry). */
static void fill(ws_stats_getter get, void *gctx, ws_tcoal_ctr *out)
{
    char name[48];
    out->insns = (uint64_t)get(gctx, "tcoal.loads", -1);
    out->lanes = (uint64_t)get(gctx, "tcoal.lanes", -1);
    for (int w = 1; w <= WS_TCOAL_WMAX; w++) {
        snprintf(name, sizeof name, "tcoal.requests.%d", w);
        out->req[w - 1] = (uint64_t)get(gctx, name, -1);
        snprintf(name, sizeof name, "tcoal.sliding.%d", w);
        out->slide[w - 1] = (uint64_t)get(gctx, name, -1);
    }
}

static void put_curve(ws_json *j, const char *key, const uint64_t *v, bool norm)
{
    ws_json_key(j, key);
    ws_json_array(j, true);
    for (int w = 0; w < WS_TCOAL_WMAX; w++) {
        if (norm)
            ws_json_double(j, v[0] ? (double)v[w] / (double)v[0] : NAN);
        else
            ws_json_u64(j, v[w]);
    }
    ws_json_end(j);
}

static void section(ws_json *j, ws_stats_getter get, void *gctx, void *user)
{
    ws_gpu *g = user;
    const char *array = ws_opts_str(g->opts, "stats.tcoal.array");
    ws_tcoal_ctr c;
    fill(get, gctx, &c);
    ws_json_object(j, false);
    ws_json_key(j, "array");
    ws_json_str(j, array && *array ? array : NULL);
    ws_json_key(j, "block_bytes");
    ws_json_u64(j, 1u << WS_TCOAL_BLOCK_LOG);
    ws_json_key(j, "loads");
    ws_json_u64(j, c.insns);
    ws_json_key(j, "lane_requests");
    ws_json_u64(j, c.lanes);
    ws_json_key(j, "windows");
    ws_json_array(j, true);
    for (int w = 1; w <= WS_TCOAL_WMAX; w++)
        ws_json_u64(j, (uint64_t)w);
    ws_json_end(j);
    put_curve(j, "requests", c.req, false);
    put_curve(j, "normalized", c.req, true);
    put_curve(j, "sliding", c.slide, false);
    put_curve(j, "sliding_normalized", c.slide, true);
    ws_json_end(j);
}

void ws_gpu_tcoal_register(ws_gpu *g)
{
    if (!g->cfg.tcoal) return;
    ws_stats *s = g->stats;
    char name[48], desc[200];
    ws_stats_counter(s, "tcoal.loads", "temporal coalescing (stats.tcoal): warp global-load instructions counted",
                     "sm", SMC(tcc.insns));
    ws_stats_counter(s, "tcoal.lanes", "temporal coalescing: lane accesses of those loads (uncoalesced requests)",
                     "sm", SMC(tcc.lanes));
    for (int w = 1; w <= WS_TCOAL_WMAX; w++) {
        snprintf(name, sizeof name, "tcoal.requests.%d", w);
        snprintf(desc, sizeof desc, "temporal coalescing: distinct 128-byte blocks per tumbling window of %d "
                 "consecutive loads of a warp, summed (window 1: per instruction)", w);
        ws_stats_counter(s, name, desc, "sm", SMC(tcc.req[w - 1]));
    }
    for (int w = 1; w <= WS_TCOAL_WMAX; w++) {
        snprintf(name, sizeof name, "tcoal.sliding.%d", w);
        snprintf(desc, sizeof desc, "temporal coalescing: blocks a warp's load reads that none of its %d "
                 "previous loads read (a sliding window of %d)", w - 1, w);
        ws_stats_counter(s, name, desc, "sm", SMC(tcc.slide[w - 1]));
    }
    ws_stats_section(s, "tcoal", section, g);
}

static double live_get(void *gctx, const char *name, int instance)
{
    return ws_stats_get(gctx, name, instance);
}

typedef struct lctx { const ws_stats *s; size_t i; } lctx;
static double launch_get(void *gctx, const char *name, int instance)
{
    const lctx *c = gctx;
    return ws_stats_launch_get(c->s, c->i, name, instance);
}

bool ws_gpu_tcoal(ws_gpu *g, size_t launch, ws_tcoal_ctr *out)
{
    if (!g->cfg.tcoal) return false;
    if (launch == SIZE_MAX) {
        fill(live_get, g->stats, out);
        return true;
    }
    if (launch >= ws_stats_nlaunches(g->stats)) return false;
    lctx c = { g->stats, launch };
    fill(launch_get, &c, out);
    return true;
}

void ws_gpu_tcoal_print(ws_gpu *g, FILE *f)
{
    ws_tcoal_ctr c;
    if (!ws_gpu_tcoal(g, SIZE_MAX, &c)) return;
    fprintf(f, "temporal coalescing (%" PRIu64 " warp loads, %" PRIu64 " lane accesses): %" PRIu64
            " requests at W=1", c.insns, c.lanes, c.req[0]);
    if (c.req[0]) {
        static const int ws[] = { 2, 4, 8, 16, 32 };
        fprintf(f, "; normalized");
        for (size_t k = 0; k < sizeof ws / sizeof *ws; k++)
            fprintf(f, " W=%d %.3f", ws[k], (double)c.req[ws[k] - 1] / (double)c.req[0]);
        fprintf(f, " (sliding W=16 %.3f)", (double)c.slide[15] / (double)c.req[0]);
    }
    fprintf(f, "\n");
}
