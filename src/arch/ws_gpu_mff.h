/* ws_gpu_mff.h: the MFF of a GPU (mff.enable = true), for front ends (the
 * TUI's MFF view, Lua's gpu:mff(p), the MFF breakpoints, the warp views'
 * pc_wait panel).  Read-only.
 *
 *   for (uint32_t p = 0; p < ws_gpu_mff_count(g); p++) {
 *       ws_mff_view v;
 *       ws_mff_view_get(ws_gpu_mff(g, p), &v);
 *   }
 *
 * A unit is read through ws_mff.h's inspector (ws_mff_view_get,
 * ws_mff_jobs_get, ws_mff_tags_get, ws_mff_lds_get, ws_mff_reg_use_get,
 * ws_mff_stats_get, ws_mff_events); what the unit calls a warp (the
 * memory system's id, SM x slots + slot) is named here in the machine's
 * terms, and a warp's commands in flight come from its SM's table. */
#ifndef WS_GPU_MFF_H
#define WS_GPU_MFF_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/ws_gpu.h"
#include "arch/ws_mff.h"

/* Units (0: no MFF; 1 with mff.central, else one per channel). */
uint32_t ws_gpu_mff_count(const ws_gpu *g);
/* Unit p (NULL: none). */
const ws_mff *ws_gpu_mff(const ws_gpu *g, uint32_t p);
/* What the memory system counts for unit p besides the unit's own
 * counters (remote lines, reply packets, refused commands). */
typedef struct ws_gpu_mff_ext {
    uint64_t remote_lines, reply_packets, done_packets, cmd_errors;
} ws_gpu_mff_ext;
bool ws_gpu_mff_ext_get(const ws_gpu *g, uint32_t p, ws_gpu_mff_ext *out);

/* The SM and slot of a unit's warp id. */
void ws_gpu_mff_warp(const ws_gpu *g, uint32_t warp, uint32_t *sm, uint32_t *slot);

/* A command of a warp between its issue and the SM's taking its last
 * packet. */
typedef struct ws_gpu_mff_cmd {
    ws_mff_kind kind;
    uint32_t unit;              /* the unit it went to */
    uint32_t threads;           /* active threads */
    uint64_t words;             /* words (or bit-sets) it asks: the sum of sizes */
    uint64_t delivered;         /* words written into shared memory so far */
    bool done;                  /* its completion arrived (words may follow) */
    uint64_t t_issue;           /* cycle the LD/ST unit sent it */
} ws_gpu_mff_cmd;
/* The commands of the warp in (sm, slot) still in flight, oldest first:
 * returns how many, copying at most max. */
uint32_t ws_gpu_mff_cmds(const ws_gpu *g, uint32_t sm, uint32_t slot, ws_gpu_mff_cmd *out, uint32_t max);
/* The warp in (sm, slot) waits at a pc_wait. */
bool ws_gpu_mff_waiting(const ws_gpu *g, uint32_t sm, uint32_t slot);

#endif
