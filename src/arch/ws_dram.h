/* ws_dram.h: one DRAM channel (memory controller + banks) and the address
 * map that picks channel, bank, row and column from an address.
 *
 * Time is counted in DRAM command clocks (`dcycle`); the GPU converts from
 * core cycles with its clock-domain ratios.  All state is kept as absolute
 * timestamps, so idle spans can be skipped (ws_dram_next_event).
 *
 * The channel
 * -----------
 * A bounded request queue (`queue` entries) feeds banks grouped in bank
 * groups (bank b is in group b % bank_groups, GPGPU-Sim's
 * dram_bnkgrp_indexing_policy 1).  Row-buffer policy: open page (a row stays
 * open until a request to another row of the bank needs a precharge).
 *
 * A request of `size` bytes is served by ceil(size / atom) column commands
 * (at least one), atom = bus_bytes * burst bytes, all to the bank and row
 * the address map decoded (r->bank, r->row).  One burst occupies the data
 * bus for bt = ceil(burst / data_rate) command clocks (GTX480: 8 / 4 = 2).
 *
 * Commands (at most one per command clock, at clock t):
 *   ACT  bank closed;  t >= PRE + tRP, t >= previous ACT of the bank + tRC,
 *        t >= last ACT of the channel + tRRD.
 *   PRE  t >= ACT + tRAS, t >= last read of the bank + bt, t >= last read in
 *        the bank group + tRTPL, t >= last write data of the bank + tWR.
 *   RD   t >= ACT + tRCD, t >= last column command + tCCD, t >= last column
 *        command in the bank group + tCCDL, t >= last write data + tCDLR;
 *        data on the bus during [t + tCL, t + tCL + bt).
 *   WR   as RD for tRCD/tCCD/tCCDL; t + tWL >= end of the last read data +
 *        WS_DRAM_RTW_GAP (bus turnaround, GPGPU-Sim's tRTW = CL + BL/ratio +
 *        2 - WL); data during [t + tWL, t + tWL + bt).
 * Data transfers never overlap, so completions are in column-command order.
 *
 * Scheduling (one decision per clock; only the "chosen" request of each bank
 * may issue):
 *   FR-FCFS  a bank's chosen request is its oldest request to the open row,
 *            else its oldest request; among the banks' ready commands,
 *            column commands (row hits) go before ACT/PRE, then the oldest.
 *   FCFS     a bank's chosen request is its oldest request (banks serve in
 *            arrival order); among ready commands the oldest goes first.
 *   demand_first: WS_MREQ_PREFETCH requests issue a command only in clocks
 *            where no other request can (two passes), and only to banks in
 *            which no demand request waits (a prefetch's PRE could close
 *            the row just opened for a demand, forever).  A prefetch a
            demand waits for (WS_MREQ_F_PROMOTED at the push, or
            ws_dram_promote while queued) counts as a demand.
 * Once a request has issued its first column command it keeps its bank
 * until its last one (no precharge in between).  That first column command
 * also reserves a return-queue slot: it cannot issue while
 * (requests started but unfinished) + (requests completed but not popped)
 * == return_queue (back-pressure).
 *
 * Timestamps (exact semantics)
 * ----------------------------
 * A request pushed at clock p can issue its first command at the first
 * ws_dram_tick(d, t) after the push with t >= p (a push after the tick of
 * clock p waits for clock p + 1).  Its completion clock `done` is the end of
 * its last data burst: last RD at t -> done = t + tCL + bt; last WR at t ->
 * done = t + tWL + bt.  A read to a closed bank pushed at 0 and ticked from 0
 * (GTX480 timing, one atom): ACT 0, RD 12, done = tRCD + tCL + bt = 26.
 * ws_dram_pop(d, c) returns the oldest completed request once c >= done (so
 * pop at clock 26 returns it, pop at 25 does not).  The request leaves the
 * request queue (ws_dram_queue_len, can_accept) when its last column command
 * issues, and is counted in reads/writes/bytes/latency_sum at that moment. */
#ifndef WS_DRAM_H
#define WS_DRAM_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/ws_mreq.h"
#include "util/ws_error.h"

typedef enum ws_dram_sched { WS_DRAM_FRFCFS = 0, WS_DRAM_FCFS } ws_dram_sched;

/* Read-to-write data-bus turnaround, command clocks (GPGPU-Sim's "+2" in tRTW). */
#define WS_DRAM_RTW_GAP 2u
/* Upper bound on dram.banks. */
#define WS_DRAM_MAX_BANKS 64u

typedef struct ws_dram_config {
    uint32_t banks;         /* banks per channel (16), 1..64 */
    uint32_t bank_groups;   /* (4); divides banks; bank b is in group b % bank_groups */
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
    uint64_t reads, writes;         /* requests completed (counted at their last column command) */
    uint64_t bytes_read, bytes_written;
    uint64_t activates, precharges;
    /* column commands to an open row / the first one after the activate it needed
     * (row_hits + row_misses == col_cmds) */
    uint64_t row_hits, row_misses;
    uint64_t col_cmds;
    /* of which READ / WRITE bursts (read_bursts + write_bursts == col_cmds) */
    uint64_t read_bursts, write_bursts;
    uint64_t data_busy;             /* command clocks the data bus carried data (bt per column command) */
    uint64_t cycles;                /* command clocks elapsed: clocks 0 .. last tick */
    uint64_t queue_occupancy;       /* sum over clocks of queued requests (at the start of the clock) */
    uint64_t queue_full;            /* pushes refused */
    uint64_t latency_sum;           /* sum over requests of (done - push clock), command clocks */
    uint64_t promoted;              /* prefetches scheduled as demands because a demand waits for them */
} ws_dram_stats;

typedef struct ws_dram ws_dram;

/* The GTX480 values (GPGPU-Sim tested-cfgs, ../shared/design/PRESETS.md). */
void ws_dram_config_default(ws_dram_config *cfg);
/* 0, or -1 with a message naming the option key and its allowed range. */
int ws_dram_config_check(const ws_dram_config *cfg, ws_error *err);

ws_dram *ws_dram_create(const ws_dram_config *cfg, uint32_t channel, ws_error *err);
void ws_dram_free(ws_dram *d);
/* Room for one more request? */
bool ws_dram_can_accept(const ws_dram *d);
/* Enqueue r (r->bank, r->row already decoded; bank taken modulo banks) at
 * dcycle.  Returns false (and counts stats.queue_full) when the queue is
 * full; the request is then not taken. */
bool ws_dram_push(ws_dram *d, ws_mreq *r, uint64_t dcycle);
/* A demand now waits for queued prefetch r: from here on it is scheduled as
 * a demand (stats.promoted).  Returns whether r was queued as a prefetch;
 * the next tick then looks again (ws_dram_next_event is at most it). */
bool ws_dram_promote(ws_dram *d, const ws_mreq *r);
/* Simulate command clock dcycle (strictly increasing between calls; a call
 * with a clock already simulated does nothing; gaps are allowed up to
 * ws_dram_next_event, and the skipped clocks are accounted in the stats).
 * O(1) before the next possible command; a clock that looks for a command
 * costs O(banks) bit operations (O(queue) when a bank's choice changes). */
void ws_dram_tick(ws_dram *d, uint64_t dcycle);
/* Account the clocks before dcycle that were not ticked as idle clocks
 * (cycles, queue_occupancy), e.g. at the end of a run, so that the
 * statistics cover clocks 0 .. dcycle - 1.  Valid only when nothing could
 * happen in them (dcycle <= ws_dram_next_event); clocks already accounted
 * are left alone. */
void ws_dram_sync(ws_dram *d, uint64_t dcycle);
/* The oldest completed request whose data is out by dcycle (done <= dcycle),
 * or NULL.  The caller owns it again. */
ws_mreq *ws_dram_pop(ws_dram *d, uint64_t dcycle);
/* What ws_dram_pop would return, without taking it. */
ws_mreq *ws_dram_peek(const ws_dram *d, uint64_t dcycle);
/* Earliest command clock >= dcycle at which ticking may issue a command, or
 * at which a request completes (becomes poppable); never later than the
 * true next change.  It is exact except just after a command issued at
 * clock t, when it says t + 1 (the tick at t + 1 looks again, then knows).
 * Requests already poppable at dcycle are not events (ws_dram_pop and
 * ws_dram_peek tell).  UINT64_MAX when nothing can change before a pop:
 * the channel is empty, or every queued request waits for a return-queue
 * slot.  Skipping the ticks before it leaves every statistic as ticking them
 * would (cycles and queue_occupancy are accounted for the skipped span). */
uint64_t ws_dram_next_event(const ws_dram *d, uint64_t dcycle);
/* No queued, in-flight or unpopped request. */
bool ws_dram_idle(const ws_dram *d);
uint32_t ws_dram_queue_len(const ws_dram *d);
/* Requests completed or in flight in the return queue (started + unpopped). */
uint32_t ws_dram_return_len(const ws_dram *d);
const ws_dram_stats *ws_dram_stats_get(const ws_dram *d);
/* Bank state for inspection: open row (-1 closed). */
int64_t ws_dram_bank_row(const ws_dram *d, uint32_t bank);

/* ---------------------------------------------------------------- address map */
/* Mapping spec in GPGPU-Sim's notation: optional "dramid@N;" then a mask
 * string of 1..64 bit positions, most significant first (the last character
 * is bit 0), with '.', '|' and ' ' as free separators:
 * R row, B bank, C column, S byte within the burst, D channel bits (only
 * without dramid@), 0 unused; lower case is accepted.  Example (GTX480):
 *   "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS"
 * With dramid@N the channel is (addr >> N) % channels (non powers of two
 * work) and the mask applies to the address with that field removed:
 * ((addr >> N) / channels) << N | (addr & (2^N - 1)); for a power-of-two
 * count this equals GPGPU-Sim's insertion of log2(channels) channel bits at
 * bit N.  Without dramid@ the D bits give the channel (their count must be
 * log2(channels)).  The B bits must select exactly `banks` banks.
 * Decoded fields (bits packed from the lowest mask bit upward):
 *   bank = B bits, row = R bits, col = C and S bits together (GPGPU-Sim's
 *   column includes the burst bits: a byte column within the row),
 *   bank_group = bank % bank_groups,
 *   sub = bank % subparts: the lowest bank bit(s) select the L2 slice of
 *   the channel (as GPGPU-Sim); with the GTX480 map that is address bit 8
 *   of the channel-removed address, the lowest bit above the interleave. */
typedef struct ws_addrmap ws_addrmap;
typedef struct ws_dram_loc { uint32_t chan, sub, bank, bank_group, row, col; } ws_dram_loc;

ws_addrmap *ws_addrmap_create(const char *spec, uint32_t channels, uint32_t subparts,
                              uint32_t banks, uint32_t bank_groups, ws_error *err);
void ws_addrmap_free(ws_addrmap *m);
void ws_addrmap_decode(const ws_addrmap *m, uint64_t addr, ws_dram_loc *out);
/* The partition address of addr (GPGPU-Sim's partition_address): addr
 * without the bits that select its channel and its L2 slice, what an L2
 * slice indexes its sets by. */
uint64_t ws_addrmap_part_addr(const ws_addrmap *m, uint64_t addr);
/* Decode into the request's chan, sub, bank, bank_group, row, col fields. */
void ws_addrmap_decode_req(const ws_addrmap *m, ws_mreq *r);

#endif
