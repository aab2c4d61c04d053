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

/* What a warp's last load_iru received (the SM keeps one per warp slot,
 * written when the reply's last packet arrives): per lane of the request,
 * the index it got, and which lanes got one (valid; the others were
 * filtered: their predicate is false). */
enum { WS_IRU_WHY_FULL = 0, WS_IRU_WHY_TIMEOUT, WS_IRU_WHY_FLUSH, WS_IRU_WHY_DISABLED, WS_IRU_WHY_N };
/* Why a reply left, as a phrase ("after the timeout") or a Lua key
 * ("timeout"); "?" for a value out of range. */
const char *ws_iru_why_phrase(uint32_t why);
const char *ws_iru_why_key(uint32_t why);
typedef struct ws_gpu_iru_lanes {
    const void *warp;           /* the functional warp it was for (a new warp in the slot: stale) */
    uint64_t t_request;         /* cycle the request entered its partition's FIFO */
    uint64_t t_reply;           /* cycle the reply left the partition */
    uint64_t t_done;            /* cycle the lanes' registers were written (0: no record) */
    uint32_t line;              /* PTX line of the load_iru */
    uint32_t mask, valid;       /* the request's lanes; those that got an element */
    uint32_t blocks;            /* distinct target blocks of the valid lanes */
    uint32_t why;               /* WS_IRU_WHY_*: why the reply left */
    uint32_t idx[32];           /* per lane (valid lanes) */
} ws_gpu_iru_lanes;
/* The last load_iru of the warp now in (sm, slot) (false: none yet). */
bool ws_gpu_iru_lanes_get(const ws_gpu *g, uint32_t sm, uint32_t slot, ws_gpu_iru_lanes *out);

#endif
