/* ws_icnt.h: the crossbar between SMs and memory sub-partitions.
 *
 * One ws_icnt is one direction (a subnet): requests SM -> sub-partition, or
 * replies sub-partition -> SM.  A packet of `bytes` is ceil(bytes / flit)
 * flits.  Each input port injects at most one flit per interconnect cycle
 * into its input buffer (in_buffer flits); each output port accepts at most
 * one flit per cycle, choosing among inputs round robin; a packet is
 * delivered `latency` cycles after its last flit crossed, into the output
 * buffer (out_buffer flits), from which the receiver pops it.  Full buffers
 * push back (ws_icnt_can_push false).  Time is in interconnect cycles. */
#ifndef WS_ICNT_H
#define WS_ICNT_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/ws_mreq.h"
#include "util/ws_error.h"

typedef struct ws_icnt_config {
    uint32_t inputs, outputs;
    uint32_t flit;          /* bytes per flit (40) */
    uint32_t latency;       /* cycles from crossing to delivery */
    uint32_t in_buffer;     /* flits per input buffer */
    uint32_t out_buffer;    /* flits per output buffer */
} ws_icnt_config;

typedef struct ws_icnt_stats {
    uint64_t packets, flits;
    uint64_t push_fail;         /* pushes refused (input buffer full) */
    uint64_t out_blocked;       /* cycles an output refused a flit (its buffer full) */
    uint64_t latency_sum;       /* sum of (delivered - pushed) */
} ws_icnt_stats;

typedef struct ws_icnt ws_icnt;

ws_icnt *ws_icnt_create(const ws_icnt_config *cfg, ws_error *err);
void ws_icnt_free(ws_icnt *n);
uint32_t ws_icnt_flits(const ws_icnt *n, uint32_t bytes);
bool ws_icnt_can_push(const ws_icnt *n, uint32_t input, uint32_t bytes);
void ws_icnt_push(ws_icnt *n, uint32_t input, uint32_t output, ws_mreq *r, uint32_t bytes,
                  uint64_t cycle);
void ws_icnt_tick(ws_icnt *n, uint64_t cycle);
/* Oldest packet delivered at `output` by `cycle` (left in place by peek). */
ws_mreq *ws_icnt_peek(const ws_icnt *n, uint32_t output, uint64_t cycle);
ws_mreq *ws_icnt_pop(ws_icnt *n, uint32_t output, uint64_t cycle);
/* Earliest cycle >= cycle at which ticking changes anything or a packet
 * becomes poppable; UINT64_MAX when empty. */
uint64_t ws_icnt_next_event(const ws_icnt *n, uint64_t cycle);
bool ws_icnt_idle(const ws_icnt *n);
const ws_icnt_stats *ws_icnt_stats_get(const ws_icnt *n);

#endif
