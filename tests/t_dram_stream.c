/* t_dram_stream: a long run of sequential 128-byte line reads to one channel
 * (GTX480 timing and address map, queue 64) keeps the data bus busy.
 *
 * Which lines: the addresses 0, 128, 256, ... that the GTX480 map sends to
 * channel 0.  With "dramid@8;...0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS" the
 * channel-local address (channel field removed) of channel 0's k-th line is
 * 128 k, so: bank bit 0 = bit 8, column bits 9..12, bank bits 1..3 =
 * bits 13..15, row = bits 16..27.  Lines 4j, 4j+1 go to bank (2j' + 0) and
 * lines 4j+2, 4j+3 to bank (2j' + 1) of the current bank pair; a pair covers
 * 64 lines (8 KB) and a bank row holds 4 KB = 32 lines.  Every line is two
 * 64-byte column commands (atom 64 B) to the same bank; a burst occupies the
 * bus bt = 2 clocks, so a line needs 4 data clocks.
 *
 * Hand trace of the start (FR-FCFS; 64 requests queued at clock 0):
 *   ACT b0 @0, ACT b1 @6 (tRRD); RD L0 @12 and @15 (tCCDL 3, same bank);
 *   @18 L1 (b0, oldest ready), @20 L2 (b1), @22 L1, @24 L2, @26 L4 (b0),
 *   @28 L3 (b1), ... from clock 18 on a column command every tCCD = 2
 *   clocks, alternating the two banks (each bank every 4 clocks >= tCCDL,
 *   in different bank groups).  Data: [24,26) [27,29) [30,32) then
 *   back to back: 2 idle clocks (26, 29) at the start.
 * Steady state: column commands use at most every other command clock, so
 * ACT/PRE for the next bank pair (queued 64 lines = 256 clocks ahead; needed
 * 24 clocks ahead at most: PRE + tRP + tRCD) and row changes every 4 KB
 * never delay a column command: no idle data clock.
 * The tail: the last pair's bank 0 finishes first (it started 2 commands
 * ahead); bank 1's last three column commands come tCCDL = 3 apart instead
 * of 2 in alternation: 2 more idle clocks.
 * So the last data ends at 24 + 4 N + 2 + 2 = 4 N + 28, when the last
 * request pops; clocks simulated 0 .. 4 N + 28, i.e. cycles = 4 N + 29, and
 * data_busy = 4 N.  N = 4096: 16384 / 16413 = 99.82 %.  FCFS gives the same
 * (the stream has no row hit to reorder).  Activates: one per bank row,
 * N / 32 = 128; precharges: 128 - 16 (the first row of each bank needs none). */
#include "ws_tap.h"

#include "arch/ws_dram.h"

#define GTX480_MAP "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS"
#define NLINES 4096

static void stream(ws_dram_sched sched, const char *name)
{
    ws_dram_config c;
    ws_dram_config_default(&c);
    c.sched = sched;
    ws_error err = {0};
    ws_addrmap *m = ws_addrmap_create(GTX480_MAP, 6, 2, 16, 4, &err);
    ws_dram *d = ws_dram_create(&c, 0, &err);
    if (!m || !d) {
        printf("Bail out! %s\n", err.msg);
        exit(1);
    }
    ws_mreq *req = calloc(NLINES, sizeof *req);
    uint64_t addr = 0, t = 0, last = 0;
    int pushed = 0, popped = 0;
    uint32_t banks_seen = 0;
    while (popped < NLINES && t < 1000000) {
        while (pushed < NLINES && ws_dram_can_accept(d)) {
            ws_mreq *r = &req[pushed];
            do {
                r->addr = addr;
                addr += 128;
                ws_addrmap_decode_req(m, r);
            } while (r->chan != 0);
            r->size = 128;
            r->kind = WS_MREQ_READ;
            r->id = (uint64_t)pushed;
            banks_seen |= 1u << r->bank;
            ws_dram_push(d, r, t);
            pushed++;
        }
        ws_dram_tick(d, t);
        ws_mreq *r;
        while ((r = ws_dram_pop(d, t)) != NULL) {
            popped++;
            last = t;
        }
        t++;
    }
    const ws_dram_stats *st = ws_dram_stats_get(d);
    is_int(popped, NLINES, "%s: all %d lines served", name, NLINES);
    is_u64(banks_seen, 0xffff, "%s: the stream used all 16 banks", name);
    is_u64(last, 4 * NLINES + 28, "%s: last line done at 4N + 28", name);
    is_u64(st->cycles, 4 * NLINES + 29, "%s: clocks 0 .. 4N + 28", name);
    is_u64(st->data_busy, 4 * NLINES, "%s: data bus busy 4 clocks per line", name);
    is_u64(st->activates, NLINES / 32, "%s: one activate per 4 KB bank row", name);
    is_u64(st->precharges, NLINES / 32 - 16, "%s: precharges", name);
    is_u64(st->row_misses, NLINES / 32, "%s: row misses = activates", name);
    is_u64(st->row_hits, 2 * NLINES - NLINES / 32, "%s: every other column command hits", name);
    double util = (double)st->data_busy / (double)st->cycles;
    ok(util >= 0.90, "%s: data-bus utilisation %.4f >= 90%%", name, util);
    is_double(util, 16384.0 / 16413.0, 1e-12, "%s: utilisation is exactly 16384 / 16413", name);
    ok(ws_dram_idle(d), "%s: idle at the end", name);
    free(req);
    ws_dram_free(d);
    ws_addrmap_free(m);
}

int main(void)
{
    stream(WS_DRAM_FRFCFS, "FR-FCFS");
    stream(WS_DRAM_FCFS, "FCFS");
    return tap_done();
}
