/* ws_icnt.h: the crossbar between SMs and memory sub-partitions.
 *
 * One ws_icnt is one direction (a subnet): requests SM -> sub-partition, or
 * replies sub-partition -> SM.  A packet of `bytes` is ceil(bytes / flit)
 * flits (at least one).  Time is in interconnect cycles.
 *
 * Input side: ws_icnt_push puts a whole packet into its input's buffer
 * (in_buffer flits; a packet larger than the whole buffer is accepted only
 * into an empty buffer, so nothing can wedge).  Packets leave an input in
 * order, and an input sends at most one flit per cycle.
 *
 * Crossbar: each output accepts at most one flit per cycle.  An output is
 * granted to one packet at a time (wormhole: it stays with that packet until
 * its last flit has crossed); when free, it picks among the inputs whose
 * oldest packet is for it, round robin starting after the input it granted
 * last (deterministic).  A grant needs room for the whole packet in the
 * output buffer (out_buffer flits, same rule for oversized packets);
 * otherwise the output is blocked that cycle (counted in out_blocked).
 *
 * Timing: a packet pushed with `cycle` = c may send its first flit in
 * tick(c) (push before ticking that cycle).  If its last flit crosses in
 * tick(t), it can be popped from cycle t + latency on.  So a packet of F
 * flits without contention is poppable at c + F - 1 + latency.  Its flits
 * occupy the output buffer from the grant until it is popped, and the
 * input buffer until they cross: a push or can_push at cycle c sees the
 * flits that crossed in ticks before c.  Statistics count a packet as
 * delivered (and its latency) when it is granted, its fate being sealed.
 *
 * Idle skipping: tick may be called with gaps (cycles strictly increasing)
 * when ws_icnt_next_event said nothing happens in between; results and
 * statistics are then identical to ticking every cycle.  The ticks while a
 * packet crosses change nothing (the grant settled the transfer), so they
 * are not events; a push refused for lack of room can be retried at
 * ws_icnt_push_ready. */
#ifndef WS_ICNT_H
#define WS_ICNT_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/ws_mreq.h"
#include "util/ws_error.h"

typedef struct ws_icnt_config {
    uint32_t inputs, outputs;   /* 1 .. 4096 each */
    uint32_t flit;          /* bytes per flit (40) */
    uint32_t latency;       /* cycles from crossing to delivery */
    uint32_t in_buffer;     /* flits per input buffer (>= 1) */
    uint32_t out_buffer;    /* flits per output buffer (>= 1) */
} ws_icnt_config;

typedef struct ws_icnt_stats {
    uint64_t packets, flits;    /* accepted by ws_icnt_push */
    uint64_t push_fail;         /* pushes refused (input buffer full) */
    uint64_t out_blocked;       /* cycles an output refused a grant (its buffer full) */
    uint64_t latency_sum;       /* sum of (delivered - pushed), over delivered packets */
    uint64_t delivered;         /* packets granted their output (their last flit crosses
                                 * F - 1 ticks later) */
} ws_icnt_stats;

typedef struct ws_icnt ws_icnt;

ws_icnt *ws_icnt_create(const ws_icnt_config *cfg, ws_error *err);
void ws_icnt_free(ws_icnt *n);
const ws_icnt_config *ws_icnt_config_get(const ws_icnt *n);
uint32_t ws_icnt_flits(const ws_icnt *n, uint32_t bytes);
/* Room in the input buffer as of the last tick (ws_icnt_can_push), or
 * before tick `cycle` (ws_icnt_can_push_at)? */
bool ws_icnt_can_push(const ws_icnt *n, uint32_t input, uint32_t bytes);
bool ws_icnt_can_push_at(const ws_icnt *n, uint32_t input, uint32_t bytes, uint64_t cycle);
/* Earliest cycle >= cycle from which a push of `bytes` fits without any
 * further grant (the packet crossing drains the buffer); UINT64_MAX when
 * only a grant of a waiting packet can make room (ws_icnt_next_transfer). */
uint64_t ws_icnt_push_ready(const ws_icnt *n, uint32_t input, uint32_t bytes, uint64_t cycle);
/* Push packet r of `bytes` at input -> output.  Returns false (and counts
 * push_fail, nothing else changes) when the input buffer has no room. */
bool ws_icnt_push(ws_icnt *n, uint32_t input, uint32_t output, ws_mreq *r, uint32_t bytes,
                  uint64_t cycle);
void ws_icnt_tick(ws_icnt *n, uint64_t cycle);
/* Oldest packet delivered at `output` by `cycle` (left in place by peek). */
ws_mreq *ws_icnt_peek(const ws_icnt *n, uint32_t output, uint64_t cycle);
ws_mreq *ws_icnt_pop(ws_icnt *n, uint32_t output, uint64_t cycle);
/* Cycle from which the oldest packet at `output` can be popped (it may be
 * in the past); UINT64_MAX when the output holds none. */
uint64_t ws_icnt_head_ready(const ws_icnt *n, uint32_t output);
/* Earliest cycle >= cycle at which a tick grants a packet or counts a
 * blocked output (deliveries not included); UINT64_MAX when no packet waits
 * for a grant. */
uint64_t ws_icnt_next_transfer(const ws_icnt *n, uint64_t cycle);
/* Earliest cycle >= cycle at which ticking changes anything or a packet is
 * poppable (`cycle` itself when one already is); UINT64_MAX when empty. */
uint64_t ws_icnt_next_event(const ws_icnt *n, uint64_t cycle);
bool ws_icnt_idle(const ws_icnt *n);
/* Flits held in an input buffer / reserved in an output buffer. */
uint32_t ws_icnt_in_flits(const ws_icnt *n, uint32_t input);
uint32_t ws_icnt_out_flits(const ws_icnt *n, uint32_t output);
const ws_icnt_stats *ws_icnt_stats_get(const ws_icnt *n);

#endif
