/* ws_mempart.h: the memory side: L2 slices (sub-partitions) and their DRAM
 * channels, between the two interconnect subnets.
 *
 * ws_memsys owns the request and reply networks, every L2 slice and DRAM
 * channel, and the address map.  SMs push requests with ws_memsys_push
 * (false: the request network's input is full, retry next cycle) and pop
 * replies with ws_memsys_pop.  Inside a sub-partition a request waits the
 * ROP latency, looks up the L2 slice (hit: reply after the L2 hit latency;
 * miss: MSHR, miss queue, DRAM queue after the extra DRAM latency), and
 * returns.  Atomics are performed at L2 (their data effect was applied at
 * issue by the functional engine; here they cost an L2 read-modify-write).
 * Writes are acknowledged (a reply without data) unless WS_MREQ_F_NO_REPLY.
 * Clock domains: ws_memsys_tick is called once per core cycle with the
 * number of interconnect, L2 and DRAM ticks that fall in it. */
#ifndef WS_MEMPART_H
#define WS_MEMPART_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/ws_cache.h"
#include "arch/ws_dram.h"
#include "arch/ws_icnt.h"
#include "arch/ws_mreq.h"
#include "arch/ws_opts.h"
#include "util/ws_error.h"

typedef struct ws_memsys ws_memsys;

typedef struct ws_memsys_stats {
    uint64_t reads, writes, atomics, prefetches;     /* requests received at L2 */
    uint64_t lat_sum[WS_LVL_COUNT];                  /* reply latency sums by level served */
    uint64_t lat_n[WS_LVL_COUNT];
} ws_memsys_stats;

/* Built from the options (mem.*, l2.*, dram.*, icnt.*, clock.*). */
ws_memsys *ws_memsys_create(const ws_opts *o, uint32_t nsms, ws_mreq_pool *pool, ws_error *err);
void ws_memsys_free(ws_memsys *m);
bool ws_memsys_push(ws_memsys *m, uint32_t sm, ws_mreq *r, uint64_t cycle);
ws_mreq *ws_memsys_pop(ws_memsys *m, uint32_t sm, uint64_t cycle);
/* One core cycle: icnt_ticks / l2_ticks / dram_ticks of each domain. */
void ws_memsys_tick(ws_memsys *m, uint64_t cycle);
/* Earliest core cycle >= cycle with work; UINT64_MAX when idle. */
uint64_t ws_memsys_next_event(const ws_memsys *m, uint64_t cycle);
bool ws_memsys_idle(const ws_memsys *m);

uint32_t ws_memsys_nslices(const ws_memsys *m);
uint32_t ws_memsys_nchannels(const ws_memsys *m);
ws_cache *ws_memsys_l2(ws_memsys *m, uint32_t slice);
ws_dram *ws_memsys_dram(ws_memsys *m, uint32_t chan);
const ws_memsys_stats *ws_memsys_stats_get(const ws_memsys *m);

#endif
