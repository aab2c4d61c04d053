/* ws_gpu_iru.h: the IRU of a GPU (iru.enable = true), for front ends (the
 * TUI's IRU view, Lua's gpu:iru(p), the IRU breakpoints).  Read-only.
 *
 *   for (uint32_t p = 0; p < ws_gpu_iru_count(g); p++) {
 *       ws_iru_view v;
 *       ws_iru_view_get(ws_gpu_iru(g, p), &v);
 *   }
 *
 * A partition's unit is read through ws_iru.h's inspector (ws_iru_view_get,
 * ws_iru_set_info, ws_iru_stats_get, ws_iru_regs_get); the requests
 * waiting in its FIFO are named here in the machine's terms (SM, warp
 * slot, PTX line), which the unit alone does not know. */
#ifndef WS_GPU_IRU_H
#define WS_GPU_IRU_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/ws_gpu.h"
#include "arch/ws_iru.h"

/* Partitions with an IRU (0: none). */
uint32_t ws_gpu_iru_count(const ws_gpu *g);
/* Partition p's unit (NULL: none). */
const ws_iru *ws_gpu_iru(const ws_gpu *g, uint32_t p);

/* A load_iru request waiting at a partition. */
typedef struct ws_gpu_iru_req {
    uint32_t sm, slot;          /* the warp that sent it */
    uint32_t line;              /* PTX line of the load_iru */
    uint32_t lanes;             /* its active lanes */
    uint64_t since;             /* cycle it entered the FIFO */
    uint64_t id;                /* the request's sequence number */
} ws_gpu_iru_req;
/* The i-th oldest request waiting at partition p (false: none). */
bool ws_gpu_iru_request(const ws_gpu *g, uint32_t p, uint32_t i, ws_gpu_iru_req *out);

#endif
