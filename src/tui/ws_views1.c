/* ws_views1.c: helpers shared by the warps, warp, source and stalls views. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "arch/ws_gpu_dbg.h"
#include "ptx/ws_ptx.h"
#include "stats/ws_stats.h"
#include "tui/ws_views1.h"

int ws_views1_index(const char *name)
{
    for (int i = 0; i < ws_tui_nviews; i++)
        if (ws_tui_views[i] && strcmp(ws_tui_views[i]->name, name) == 0)
            return i;
    return -1;
}


const ws_ptx_module *ws_views1_module(ws_gpu *g)
{
    const ws_kernel *k = g ? ws_gpu_kernel(g) : NULL;
    return k ? ws_module_ptx(ws_kernel_module(k)) : NULL;
}

bool ws_views1_idle(ws_tui *t, WINDOW *w, int rows, int cols, bool need_active)
{
    if (rows < 1 || cols < 1)
        return true;
    if (!t->g) {
        ws_tui_text(w, 0, 1, cols - 1, A_BOLD, "No launch yet.");
        if (rows > 2)
            ws_tui_text(w, 2, 1, cols - 1, WS_CP_NORMAL,
                        "The scenario runs its host code; the GPU appears at its first kernel launch.");
        if (rows > 3)
            ws_tui_text(w, 3, 1, cols - 1, WS_CP_NORMAL, "Step (space) or continue (c) to get there.");
        return true;
    }
    if (need_active && !ws_gpu_launch_active(t->g)) {
        ws_tui_text(w, 0, 1, cols - 1, A_BOLD, "No kernel is running (launch %" PRIu32 " has finished at cycle %" PRIu64 ").",
                    ws_gpu_launch_number(t->g), ws_gpu_cycle(t->g));
        if (rows > 2)
            ws_tui_text(w, 2, 1, cols - 1, WS_CP_NORMAL, "Continue (c) to the next launch.");
        return true;
    }
    return false;
}

const char *ws_views1_num(char *buf, size_t size, uint64_t v, int width)
{
    snprintf(buf, size, "%" PRIu64, v);
    if ((int)strlen(buf) > width)
        ws_tui_si(buf, size, (double)v);
    return buf;
}

const char *ws_views1_insn(const ws_ptx_module *m, const ws_ptx_func *f, uint32_t pc, char *buf,
                           size_t size)
{
    if (size)
        buf[0] = 0;
    if (m && f && pc < f->ninsns && size)
        ws_ptx_disasm(m, f, &f->insns[pc], buf, size);
    return buf;
}

uint32_t ws_views1_sm(const ws_tui *t)
{
    uint32_t n = t->g ? ws_gpu_nsms(t->g) : 0;
    return n == 0 ? 0 : t->sm < n ? t->sm : n - 1;
}

uint32_t ws_views1_slot(const ws_tui *t)
{
    uint32_t n = t->g ? ws_gpu_warp_slots(t->g) : 0;
    return n == 0 ? 0 : t->slot < n ? t->slot : n - 1;
}

const char *ws_views1_cta(char *buf, size_t size, const uint32_t cta[3])
{
    if (cta[2])
        snprintf(buf, size, "%" PRIu32 ",%" PRIu32 ",%" PRIu32, cta[0], cta[1], cta[2]);
    else if (cta[1])
        snprintf(buf, size, "%" PRIu32 ",%" PRIu32, cta[0], cta[1]);
    else
        snprintf(buf, size, "%" PRIu32, cta[0]);
    return buf;
}

uint64_t ws_views1_age(const ws_gpu *g, uint64_t since)
{
    uint64_t now = ws_gpu_cycle(g);
    return now > since ? now - since : 0;
}

/* Add each slot's current interval of SM sm to out. */
static void add_current(ws_gpu *g, uint32_t sm, uint64_t *out)
{
    uint32_t n = ws_gpu_warp_slots(g);
    for (uint32_t i = 0; i < n; i++) {
        ws_warp_info wi;
        ws_gpu_warp(g, sm, i, &wi);
        if ((unsigned)wi.stall < WS_STALL_COUNT)
            out[wi.stall] += ws_views1_age(g, wi.since);
    }
}

void ws_views1_stalls(ws_gpu *g, int sm, uint64_t *out)
{
    uint32_t nsms = ws_gpu_nsms(g);
    if (sm < 0) {
        for (int r = 0; r < WS_STALL_COUNT; r++) out[r] = ws_gpu_stall_total(g, (ws_stall)r);
        for (uint32_t i = 0; i < nsms; i++) add_current(g, i, out);
        return;
    }
    ws_stats *s = ws_gpu_stats(g);
    for (int r = 0; r < WS_STALL_COUNT; r++) {
        char name[64];
        snprintf(name, sizeof name, "stall.%s", ws_stall_name((ws_stall)r));
        out[r] = ws_stats_get_u64(s, name, sm);
    }
    if ((uint32_t)sm < nsms)
        add_current(g, (uint32_t)sm, out);
}
