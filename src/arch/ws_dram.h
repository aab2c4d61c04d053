/* ws_dram.h: one DRAM channel (memory controller + banks) and the address
 * map that picks channel, bank, row and column from an address.
 *
 * Time is counted in DRAM command clocks (`dcycle`); the GPU converts from
 * core cycles with its clock-domain ratios.  A channel holds a request
 * queue (FR-FCFS or FCFS, optionally demand before prefetch), banks in bank
 * groups with open rows, and GDDR5-style timing constraints.  A request of
 * `size` bytes is served by ceil(size / atom) column commands, where atom =
 * bus_bytes * burst (bytes moved by one burst); data for a burst takes
 * burst / data_rate command clocks on the data bus.  Requests come out of
 * ws_dram_pop in completion order once their last data beat has been
 * transferred (reads after CL, writes after WL). */
#ifndef WS_DRAM_H
#define WS_DRAM_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/ws_mreq.h"
#include "util/ws_error.h"

typedef enum ws_dram_sched { WS_DRAM_FRFCFS = 0, WS_DRAM_FCFS } ws_dram_sched;

typedef struct ws_dram_config {
    uint32_t banks;         /* banks per channel (16) */
    uint32_t bank_groups;   /* (4); banks / bank_groups banks per group */
    uint32_t bus_bytes;     /* data bus width of the channel in bytes (2 chips x 4 B = 8) */
    uint32_t burst;         /* burst length in beats (8) */
    uint32_t data_rate;     /* data beats per command clock (GDDR5 QDR: 4) */
    uint32_t queue;         /* request queue entries (64) */
    uint32_t return_queue;  /* completed requests waiting to leave (116) */
    ws_dram_sched sched;
    bool demand_first;      /* demand requests before prefetches */
    /* timing, command clocks */
    uint32_t tCCD, tRRD, tRCD, tRAS, tRP, tRC, tCL, tWL, tCDLR, tWR, tCCDL, tRTPL;
} ws_dram_config;

typedef struct ws_dram_stats {
    uint64_t reads, writes;         /* requests completed */
    uint64_t bytes_read, bytes_written;
    uint64_t activates, precharges;
    uint64_t row_hits, row_misses;  /* column commands to an open row / needing an activate */
    uint64_t col_cmds;
    uint64_t data_busy;             /* command clocks the data bus carried data */
    uint64_t cycles;                /* command clocks elapsed (ticks) */
    uint64_t queue_occupancy;       /* sum over ticks of queued requests */
    uint64_t queue_full;            /* pushes refused */
    uint64_t latency_sum;           /* sum over requests of (done - arrival), command clocks */
} ws_dram_stats;

typedef struct ws_dram ws_dram;

ws_dram *ws_dram_create(const ws_dram_config *cfg, uint32_t channel, ws_error *err);
void ws_dram_free(ws_dram *d);
/* Room for one more request? */
bool ws_dram_can_accept(const ws_dram *d);
/* Enqueue r (r->bank, r->row, r->col already decoded) at dcycle. */
void ws_dram_push(ws_dram *d, ws_mreq *r, uint64_t dcycle);
/* Advance one command clock: dcycle is the clock being simulated (strictly
 * increasing between calls, gaps allowed when ws_dram_next_event said so). */
void ws_dram_tick(ws_dram *d, uint64_t dcycle);
/* A completed request whose data is out by dcycle, or NULL. */
ws_mreq *ws_dram_pop(ws_dram *d, uint64_t dcycle);
/* Earliest command clock >= dcycle at which ticking may change anything or
 * a request completes; UINT64_MAX when the channel is empty.  Skipping the
 * ticks before it leaves every statistic as ticking them would (cycles and
 * queue_occupancy are accounted for the skipped span). */
uint64_t ws_dram_next_event(const ws_dram *d, uint64_t dcycle);
bool ws_dram_idle(const ws_dram *d);
uint32_t ws_dram_queue_len(const ws_dram *d);
const ws_dram_stats *ws_dram_stats_get(const ws_dram *d);
/* Bank state for inspection: open row (-1 closed). */
int64_t ws_dram_bank_row(const ws_dram *d, uint32_t bank);

/* ---------------------------------------------------------------- address map */
/* Mapping spec in GPGPU-Sim's notation: "dramid@8;" then a mask string of
 * 32..64 bit positions, most significant first, separated by '.' freely:
 * R row, B bank, C column, S byte-in-burst, D channel bits (when not given
 * with @), 0 unused.  Example (GTX480):
 *   "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS"
 * With dramid@N the channel is taken from the address at bit N upward
 * modulo the channel count (non powers of two work) and removed before the
 * mask is applied. */
typedef struct ws_addrmap ws_addrmap;
typedef struct ws_dram_loc { uint32_t chan, sub, bank, bank_group, row, col; } ws_dram_loc;

ws_addrmap *ws_addrmap_create(const char *spec, uint32_t channels, uint32_t subparts,
                              uint32_t banks, uint32_t bank_groups, ws_error *err);
void ws_addrmap_free(ws_addrmap *m);
void ws_addrmap_decode(const ws_addrmap *m, uint64_t addr, ws_dram_loc *out);

#endif
