/* ws_gpu_dbg_int.h: the model's calls into the debugging support
 * (ws_gpu_dbg.c); each is made only when g->dbg_on is set. */
#ifndef WS_GPU_DBG_INT_H
#define WS_GPU_DBG_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/ws_sm.h"

typedef struct ws_gpu_dbg ws_gpu_dbg;

/* After warp `slotno` of `sm` issued instruction `pc` of `f` with lanes
 * `active` in cycle `now` (the warp has already moved on). */
void ws_gpu_dbg_issue(struct ws_gpu *g, ws_sm *sm, uint32_t slotno, uint64_t wid, const ws_ptx_func *f,
                      uint32_t pc, uint32_t active, uint64_t now);
/* The grid identity (ws_brk_warp_id) of the warp in a slot. */
uint64_t ws_gpu_dbg_warp_id(const struct ws_gpu *g, const ws_slot *s);
/* After SM `sm` issued a prefetch of [line, line + size). */
void ws_gpu_dbg_prefetch(struct ws_gpu *g, uint32_t sm, uint64_t line, uint32_t size);
/* At the end of a simulated cycle (g->now is still that cycle): true when a
 * breakpoint hit in it (ws_gpu_brk_hit filled). */
bool ws_gpu_dbg_end_cycle(struct ws_gpu *g);
/* The earliest enabled cycle breakpoint after g->now (UINT64_MAX: none),
 * and whether one is at g->now (then it is reported as hit). */
uint64_t ws_gpu_dbg_next_cycle(const struct ws_gpu *g);
bool ws_gpu_dbg_cycle_reached(struct ws_gpu *g);
void ws_gpu_dbg_free(struct ws_gpu *g);

#endif
