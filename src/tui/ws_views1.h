/* ws_views1.h: small helpers shared by the warps, warp, source and stalls
 * views (private to src/tui). */
#ifndef WS_VIEWS1_H
#define WS_VIEWS1_H

#include <stddef.h>
#include <stdint.h>

#include "arch/ws_gpu.h"
#include "tui/ws_tui.h"

/* Index of the view named `name` in ws_tui_views, -1 when absent. */
int ws_views1_index(const char *name);
/* The PTX module of the running kernel, NULL when no launch is active. */
const ws_ptx_module *ws_views1_module(ws_gpu *g);
/* When there is nothing to show (no launch yet, or, with need_active, no
 * launch active), draw a short explanation and return true. */
bool ws_views1_idle(ws_tui *t, WINDOW *w, int rows, int cols, bool need_active);
/* A counter in at most `width` characters: exact when it fits, else in
 * human units ("12.3M"). */
const char *ws_views1_num(char *buf, size_t size, uint64_t v, int width);
/* PTX text of instruction pc of f ("" when out of range or m NULL). */
const char *ws_views1_insn(const ws_ptx_module *m, const ws_ptx_func *f, uint32_t pc, char *buf,
                           size_t size);
/* The selected SM and slot, clamped to the machine. */
uint32_t ws_views1_sm(const ws_tui *t);
uint32_t ws_views1_slot(const ws_tui *t);
/* A warp's CTA index as text: "12" or "3,1" or "3,1,2". */
const char *ws_views1_cta(char *buf, size_t size, const uint32_t cta[3]);
/* Warp-cycles per stall reason (out[WS_STALL_COUNT]) of SM `sm`, or of the
 * whole GPU when sm < 0, up to now: the model's counters (ws_gpu_stall_total,
 * stall.REASON) hold the intervals that have ended, because the model
 * accounts a warp's interval when it changes state; this adds each slot's
 * current interval as ws_gpu_warp reports it.  (The part of an interval
 * with a known end that ws_gpu_warp already reports as not_selected is
 * left out until the model accounts it.) */
void ws_views1_stalls(ws_gpu *g, int sm, uint64_t *out);
/* Cycles since `since` (0 when in the future). */
uint64_t ws_views1_age(const ws_gpu *g, uint64_t since);

/* The warp view's line saying what a warp waits for (ws_view_warp.c),
 * also under the warps view's selected row. */
struct ws_wait_info;
size_t ws_view_warp_wait_line(const struct ws_wait_info *wi, char *buf, size_t size);

#endif
