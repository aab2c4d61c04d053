/* t_dram: exact command-clock timing of one DRAM channel on hand-built
 * request sequences (GTX480 GDDR5 timing unless a test changes it:
 * tCCD 2, tRRD 6, tRCD 12, tRAS 28, tRP 12, tRC 40, tCL 12, tWL 4, tCDLR 5,
 * tWR 12, tCCDL 3, tRTPL 2; 16 banks in 4 groups (group = bank % 4);
 * atom = 8 B x 8 beats = 64 B; burst time bt = 8 / 4 = 2 clocks).
 *
 * Completion ("done") of a request = end of its last data burst:
 * last RD at t -> t + tCL + bt = t + 14; last WR at t -> t + tWL + bt = t + 6.
 * The driver pops every clock, so done[] holds exactly that clock. */
#include "ws_tap.h"

#include "t_dram_sim.h"

static ws_dram_config gtx(void)
{
    ws_dram_config c;
    ws_dram_config_default(&c);
    return c;
}

/* Open row `row` of `bank` with a read pushed at the current clock and run
 * until clock `until`. */
static void warm(sim *s, uint32_t bank, uint32_t row, uint64_t until)
{
    sim_push(s, WS_MREQ_READ, bank, row, 64);
    sim_run(s, until);
}

static void test_single_read(void)
{
    ws_dram_config c = gtx();
    sim s;
    sim_init(&s, &c);
    int a = sim_push(&s, WS_MREQ_READ, 3, 77, 64);
    sim_run(&s, 100);
    is_u64(s.act_at[3], 0, "closed bank: ACT at the push clock");
    /* RD at tRCD = 12, data [24, 26) */
    is_u64(s.done[a], 26, "one read to a closed bank completes at tRCD + tCL + bt = 26");
    const ws_dram_stats *st = ws_dram_stats_get(s.d);
    is_u64(st->activates, 1, "one activate");
    is_u64(st->col_cmds, 1, "one column command for 64 bytes");
    is_u64(st->row_misses, 1, "it needed the activate: a row miss");
    is_u64(st->row_hits, 0, "no row hit");
    is_u64(st->reads, 1, "one read");
    is_u64(st->bytes_read, 64, "64 bytes read");
    is_u64(st->data_busy, 2, "data bus busy bt = 2 clocks");
    is_u64(st->latency_sum, 26, "latency 26 clocks");
    is_u64(st->cycles, 100, "100 clocks simulated");
    /* occupancy: queued during clocks 0..12 (leaves at its last column command) */
    is_u64(st->queue_occupancy, 13, "queued during clocks 0..12");
    is_int(ws_dram_bank_row(s.d, 3), 77, "open page: the row stays open");
    ok(ws_dram_idle(s.d), "idle after the pop");
    is_u64(ws_dram_next_event(s.d, 100), UINT64_MAX, "empty channel: no next event");
    ws_dram_sync(s.d, 150);
    is_u64(st->cycles, 150, "sync: clocks 0 .. 149 accounted");
    is_u64(st->queue_occupancy, 13, "sync: idle clocks add no occupancy");
    ws_dram_sync(s.d, 120);
    is_u64(st->cycles, 150, "sync to an earlier clock changes nothing");
    ws_dram_tick(s.d, 150);
    is_u64(st->cycles, 151, "a tick after the sync counts one more clock");
    sim_fini(&s);

    /* 128 bytes = 2 column commands to the same bank: tCCDL (3) apart */
    sim_init(&s, &c);
    a = sim_push(&s, WS_MREQ_READ, 0, 1, 128);
    sim_run(&s, 100);
    is_u64(s.done[a], 15 + 14, "128-byte read: RD at 12 and 15 (tCCDL), done 29");
    is_u64(ws_dram_stats_get(s.d)->col_cmds, 2, "two column commands");
    is_u64(ws_dram_stats_get(s.d)->row_hits, 1, "the second one is a row hit");
    sim_fini(&s);

    /* a pop before the completion clock returns nothing */
    sim_init(&s, &c);
    s.popping = false;
    a = sim_push(&s, WS_MREQ_READ, 0, 1, 64);
    sim_run(&s, 26);
    ok(ws_dram_pop(s.d, 25) == NULL, "not poppable at clock 25");
    is_u64(ws_dram_next_event(s.d, 20), 26, "next event: the completion at 26");
    ok(ws_dram_pop(s.d, 26) == &s.req[a], "poppable at clock 26");
    sim_fini(&s);
}

static void test_open_row(void)
{
    ws_dram_config c = gtx();
    sim s;
    /* two reads to the same row pushed together */
    sim_init(&s, &c);
    int a = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    int b = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    sim_run(&s, 100);
    is_u64(s.done[a], 26, "first read done at 26");
    is_u64(s.done[b], 29, "same bank (so same group): second RD tCCDL = 3 later");
    is_u64(ws_dram_stats_get(s.d)->activates, 1, "one activate for both");
    sim_fini(&s);

    c.tCCDL = 0;    /* no bank-group penalty: only tCCD */
    sim_init(&s, &c);
    a = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    b = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    sim_run(&s, 100);
    is_u64(s.done[b] - s.done[a], 2, "without tCCDL: reads to the open row tCCD = 2 apart");
    sim_fini(&s);

    c.tCCD = 5;
    sim_init(&s, &c);
    a = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    b = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    sim_run(&s, 100);
    is_u64(s.done[b] - s.done[a], 5, "tCCD = 5: reads 5 apart");
    sim_fini(&s);

    /* a later hit to the open row: tCL + bt only */
    c = gtx();
    sim_init(&s, &c);
    warm(&s, 0, 5, 100);
    a = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    sim_run(&s, 200);
    is_u64(s.done[a], 114, "row hit pushed at 100: RD 100, done 114");
    is_u64(ws_dram_stats_get(s.d)->row_hits, 1, "counted as a row hit");
    sim_fini(&s);
}

static void test_row_conflict(void)
{
    ws_dram_config c = gtx();
    sim s;
    /* both at 0: the conflict waits for tRAS */
    sim_init(&s, &c);
    int a = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    int b = sim_push(&s, WS_MREQ_READ, 0, 7, 64);
    sim_run(&s, 200);
    is_u64(s.done[a], 26, "first row done at 26");
    is_u64(s.pre_at[0], 28, "PRE waits for tRAS = 28 after the ACT at 0");
    is_u64(s.act_at[0], 40, "ACT at PRE + tRP = 40 (= tRC)");
    is_u64(s.done[b], 66, "conflicting read: RD 52, done 66");
    is_u64(ws_dram_stats_get(s.d)->precharges, 1, "one precharge");
    is_u64(ws_dram_stats_get(s.d)->activates, 2, "two activates");
    is_u64(ws_dram_stats_get(s.d)->row_misses, 2, "two row misses");
    sim_fini(&s);

    /* long after: the conflict costs tRP + tRCD more than a hit (114) */
    sim_init(&s, &c);
    warm(&s, 0, 5, 100);
    b = sim_push(&s, WS_MREQ_READ, 0, 7, 64);
    sim_run(&s, 200);
    is_u64(s.pre_at[0], 100, "PRE at once");
    is_u64(s.act_at[0], 112, "ACT tRP later");
    is_u64(s.done[b], 138, "done 138 = hit (114) + tRP + tRCD");
    sim_fini(&s);

    /* tRC binds: short tRAS, long tRC */
    c.tRAS = 10;
    sim_init(&s, &c);
    a = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    b = sim_push(&s, WS_MREQ_READ, 0, 7, 64);
    sim_run(&s, 200);
    /* PRE: tRAS 10, read-to-precharge RD 12 + bt = 14, group RD 12 + tRTPL = 14 */
    is_u64(s.pre_at[0], 14, "PRE after the read: RD + bt = 14 (> tRAS 10)");
    is_u64(s.act_at[0], 40, "ACT waits for tRC = 40 (> PRE + tRP = 26)");
    is_u64(s.done[b], 66, "done 40 + 12 + 14");
    sim_fini(&s);

    c.tRC = 0;
    sim_init(&s, &c);
    a = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    b = sim_push(&s, WS_MREQ_READ, 0, 7, 64);
    sim_run(&s, 200);
    is_u64(s.act_at[0], 26, "without tRC: ACT at PRE + tRP = 26");
    is_u64(s.done[b], 52, "done 26 + 12 + 14");
    sim_fini(&s);

    /* tRTPL in the bank group: a read in bank 4 delays PRE of bank 0 */
    c = gtx();
    c.tRTPL = 20;
    sim_init(&s, &c);
    warm(&s, 0, 5, 100);
    warm(&s, 4, 5, 200);
    a = sim_push(&s, WS_MREQ_READ, 4, 5, 64);   /* RD bank 4 at 200 */
    b = sim_push(&s, WS_MREQ_READ, 0, 9, 64);   /* conflict in bank 0 */
    sim_run(&s, 400);
    is_u64(s.done[a], 214, "bank 4 hit at 200");
    is_u64(s.pre_at[0], 220, "PRE of bank 0 waits tRTPL = 20 after a read in its group");
    sim_fini(&s);
}

static void test_rrd(void)
{
    ws_dram_config c = gtx();
    sim s;
    sim_init(&s, &c);
    int a = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    int b = sim_push(&s, WS_MREQ_READ, 1, 5, 64);
    sim_run(&s, 100);
    is_u64(s.act_at[0], 0, "ACT bank 0 at 0");
    is_u64(s.act_at[1], 6, "ACT bank 1 tRRD = 6 later");
    is_u64(s.done[a], 26, "bank 0 done 26");
    is_u64(s.done[b], 32, "bank 1 done 6 + 26");
    sim_fini(&s);

    c.tRCD = 30;    /* no column command in the way: ACTs at 0, 6, 12 */
    sim_init(&s, &c);
    sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    sim_push(&s, WS_MREQ_READ, 1, 5, 64);
    sim_push(&s, WS_MREQ_READ, 2, 5, 64);
    sim_run(&s, 100);
    is_u64(s.act_at[1], 6, "second ACT at 6");
    is_u64(s.act_at[2], 12, "third ACT at 12");
    sim_fini(&s);
}

static void test_ccdl(void)
{
    ws_dram_config c = gtx();
    sim s;
    sim_init(&s, &c);
    warm(&s, 0, 5, 100);
    warm(&s, 4, 5, 200);    /* bank 4: group 0 like bank 0 */
    warm(&s, 1, 5, 300);    /* bank 1: group 1 */
    int a = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    int b = sim_push(&s, WS_MREQ_READ, 4, 5, 64);
    sim_run(&s, 400);
    is_u64(s.done[a], 314, "bank 0 RD at 300");
    is_u64(s.done[b], 317, "bank 4 (same group) RD tCCDL = 3 later");
    a = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    b = sim_push(&s, WS_MREQ_READ, 1, 5, 64);
    sim_run(&s, 500);
    is_u64(s.done[a], 414, "bank 0 RD at 400");
    is_u64(s.done[b], 416, "bank 1 (other group) RD tCCD = 2 later");
    sim_fini(&s);
}

static void test_turnaround(void)
{
    ws_dram_config c = gtx();
    sim s;
    /* write then read: the read waits for the write data + tCDLR */
    sim_init(&s, &c);
    warm(&s, 0, 5, 100);
    warm(&s, 1, 5, 200);
    int w = sim_push(&s, WS_MREQ_WRITE, 0, 5, 64);
    int r = sim_push(&s, WS_MREQ_READ, 1, 5, 64);
    sim_run(&s, 300);
    is_u64(s.done[w], 206, "WR at 200: data [204, 206), done 206");
    is_u64(s.done[r], 225, "RD at 206 + tCDLR = 211, done 225");
    is_u64(ws_dram_stats_get(s.d)->writes, 1, "one write");
    is_u64(ws_dram_stats_get(s.d)->bytes_written, 64, "64 bytes written");
    /* the same read without a write before it */
    r = sim_push(&s, WS_MREQ_READ, 1, 5, 64);
    sim_run(&s, 400);
    is_u64(s.done[r], 314, "no write before: RD at 300, done 314");
    sim_fini(&s);

    /* read then write: write data starts WS_DRAM_RTW_GAP after the read data */
    sim_init(&s, &c);
    warm(&s, 0, 5, 100);
    warm(&s, 1, 5, 200);
    r = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    w = sim_push(&s, WS_MREQ_WRITE, 1, 5, 64);
    sim_run(&s, 300);
    is_u64(s.done[r], 214, "RD at 200: data [212, 214)");
    is_u64(s.done[w], 218, "WR at 214 + 2 - tWL = 212: data [216, 218)");
    sim_fini(&s);

    /* write recovery: PRE waits tWR after the write data */
    sim_init(&s, &c);
    warm(&s, 0, 5, 100);
    w = sim_push(&s, WS_MREQ_WRITE, 0, 5, 64);
    r = sim_push(&s, WS_MREQ_READ, 0, 9, 64);
    sim_run(&s, 400);
    is_u64(s.done[w], 106, "write done 106");
    is_u64(s.pre_at[0], 118, "PRE at write data end + tWR = 118");
    is_u64(s.done[r], 118 + 12 + 12 + 14, "conflicting read done 156");
    sim_fini(&s);
}

static void test_frfcfs(void)
{
    ws_dram_config c = gtx();
    sim s;
    /* bank 0 has row 5 open; an older request to row 7, a younger to row 5 */
    sim_init(&s, &c);
    warm(&s, 0, 5, 200);
    int a = sim_push(&s, WS_MREQ_READ, 0, 7, 64);
    int b = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    sim_run(&s, 400);
    is_u64(s.done[b], 214, "FR-FCFS: the younger row hit goes first (RD 200)");
    is_u64(s.pre_at[0], 202, "then PRE (RD 200 + bt)");
    is_u64(s.done[a], 240, "older miss: ACT 214, RD 226, done 240");
    sim_fini(&s);

    c.sched = WS_DRAM_FCFS;
    sim_init(&s, &c);
    warm(&s, 0, 5, 200);
    a = sim_push(&s, WS_MREQ_READ, 0, 7, 64);
    b = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    sim_run(&s, 400);
    is_u64(s.done[a], 238, "FCFS: the older miss first: PRE 200, ACT 212, RD 224, done 238");
    is_u64(s.pre_at[0], 240, "then PRE at ACT 212 + tRAS");
    is_u64(s.done[b], 278, "younger (now a miss): ACT 252, RD 264, done 278");
    is_u64(ws_dram_stats_get(s.d)->activates, 3, "three activates under FCFS");
    sim_fini(&s);

    /* FR-FCFS: column commands before row commands across banks */
    c = gtx();
    sim_init(&s, &c);
    warm(&s, 0, 5, 200);
    a = sim_push(&s, WS_MREQ_READ, 1, 3, 64);   /* older, bank 1 closed: needs ACT */
    b = sim_push(&s, WS_MREQ_READ, 0, 5, 64);   /* younger row hit */
    sim_run(&s, 400);
    is_u64(s.done[b], 214, "FR-FCFS: the hit's RD at 200");
    is_u64(s.act_at[1], 201, "the older request's ACT one clock later");
    is_u64(s.done[a], 227, "its RD at 213, done 227");
    sim_fini(&s);

    c.sched = WS_DRAM_FCFS;
    sim_init(&s, &c);
    warm(&s, 0, 5, 200);
    a = sim_push(&s, WS_MREQ_READ, 1, 3, 64);
    b = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    sim_run(&s, 400);
    is_u64(s.act_at[1], 200, "FCFS: the older request's ACT first");
    is_u64(s.done[b], 215, "the hit's RD one clock later");
    is_u64(s.done[a], 226, "RD 212, done 226");
    sim_fini(&s);
}

static void test_demand_first(void)
{
    ws_dram_config c = gtx();
    sim s;
    /* an older prefetch and a younger demand, both hits in bank 0 */
    for (int df = 0; df <= 1; df++) {
        c.demand_first = df;
        sim_init(&s, &c);
        warm(&s, 0, 5, 200);
        int p = sim_push(&s, WS_MREQ_PREFETCH, 0, 5, 64);
        int d = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
        sim_run(&s, 400);
        if (df) {
            is_u64(s.done[d], 214, "demand first: the younger demand at 200");
            is_u64(s.done[p], 217, "the prefetch after it");
        } else {
            is_u64(s.done[p], 214, "no priority: the older prefetch at 200");
            is_u64(s.done[d], 217, "the demand after it");
        }
        sim_fini(&s);
    }
    /* a prefetch may use a clock in which no demand can issue */
    c.demand_first = true;
    sim_init(&s, &c);
    warm(&s, 0, 5, 200);
    int p = sim_push(&s, WS_MREQ_PREFETCH, 0, 5, 64);  /* hit */
    int d = sim_push(&s, WS_MREQ_READ, 1, 9, 64);      /* bank 1 closed */
    sim_run(&s, 400);
    is_u64(s.act_at[1], 200, "demand first: the demand's ACT at 200 before the prefetch's RD");
    is_u64(s.done[p], 215, "prefetch RD at 201, when no demand can issue");
    is_u64(s.done[d], 226, "demand RD at 212");
    sim_fini(&s);
    c.demand_first = false;
    sim_init(&s, &c);
    warm(&s, 0, 5, 200);
    p = sim_push(&s, WS_MREQ_PREFETCH, 0, 5, 64);
    d = sim_push(&s, WS_MREQ_READ, 1, 9, 64);
    sim_run(&s, 400);
    is_u64(s.done[p], 214, "FR-FCFS alone: the prefetch hit at 200");
    is_u64(s.done[d], 227, "the demand's ACT at 201, RD 213");
    sim_fini(&s);
}

/* A prefetch a demand waits for is scheduled as a demand: promoted while
 * queued (ws_dram_promote) or flagged before its push. */
static void test_promote(void)
{
    ws_dram_config c = gtx();
    c.demand_first = true;
    sim s;
    sim_init(&s, &c);
    warm(&s, 0, 5, 200);
    int p = sim_push(&s, WS_MREQ_PREFETCH, 0, 5, 64);
    int d = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    ok(ws_dram_promote(s.d, &s.req[p]), "a queued prefetch is promoted");
    ok(!ws_dram_promote(s.d, &s.req[p]), "only once");
    ok(!ws_dram_promote(s.d, &s.req[d]), "a demand is not promoted");
    sim_run(&s, 400);
    is_u64(s.done[p], 214, "promoted: the older prefetch goes first, at 200, as a demand would");
    is_u64(s.done[d], 217, "the demand after it");
    ok(!ws_dram_promote(s.d, &s.req[p]), "a finished request is not promoted");
    is_u64(ws_dram_stats_get(s.d)->promoted, 1, "stats.promoted counts it");
    sim_fini(&s);

    /* flagged before the push */
    sim_init(&s, &c);
    warm(&s, 0, 5, 200);
    ws_mreq *r = &s.req[s.n];
    memset(r, 0, sizeof *r);
    r->id = (uint64_t)s.n;
    r->kind = WS_MREQ_PREFETCH;
    r->flags = WS_MREQ_F_PROMOTED;
    r->row = 5;
    r->size = 64;
    ok(ws_dram_push(s.d, r, s.t), "push of a promoted prefetch");
    p = s.n++;
    d = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    sim_run(&s, 400);
    is_u64(s.done[p], 214, "flagged before the push: first, as a demand");
    is_u64(s.done[d], 217, "the demand after it");
    is_u64(ws_dram_stats_get(s.d)->promoted, 1, "stats.promoted counts it");
    sim_fini(&s);

    /* promoted while queued behind a demand of its bank (which a prefetch
     * must not pass): from the next clock it is an older demand */
    for (int pro = 0; pro <= 1; pro++) {
        sim_init(&s, &c);
        warm(&s, 0, 5, 200);
        p = sim_push(&s, WS_MREQ_PREFETCH, 0, 5, 64);  /* row hit, older */
        d = sim_push(&s, WS_MREQ_READ, 0, 9, 64);      /* row conflict: PRE at 200 */
        sim_run(&s, 201);
        if (pro) ok(ws_dram_promote(s.d, &s.req[p]), "promoted at 201");
        sim_run(&s, 600);
        /* PRE 200 (for the demand's row 9), ACT 212, RD 224, done 238; the
         * other request then PRE 240, ACT 252, RD 264, done 278 */
        is_u64(s.done[pro ? p : d], 238, "%s first: ACT 212 after the PRE at 200, done 238",
               pro ? "promoted: the older prefetch (row 5 again)" : "not promoted: the demand");
        is_u64(s.done[pro ? d : p], 278, "then the other: PRE 240, ACT 252, done 278");
        sim_fini(&s);
    }
}

/* tRAS < tRCD: a prefetch to the old row could precharge the row opened for
 * a demand before the demand's column command is ready, forever.  Prefetches
 * use only banks without a waiting demand. */
static void test_demand_first_livelock(void)
{
    ws_dram_config c = gtx();
    c.tRCD = 18;
    c.tRAS = 14;
    c.demand_first = true;
    for (int fcfs = 0; fcfs <= 1; fcfs++) {
        c.sched = fcfs ? WS_DRAM_FCFS : WS_DRAM_FRFCFS;
        sim s;
        sim_init(&s, &c);
        warm(&s, 0, 5, 200);
        int d = sim_push(&s, WS_MREQ_READ, 0, 7, 64);
        int p = sim_push(&s, WS_MREQ_PREFETCH, 0, 5, 64);
        sim_run(&s, 1000);
        is_u64(s.done[d], 244, "%s: demand PRE 200, ACT 212, RD 230, done 244",
               fcfs ? "FCFS" : "FR-FCFS");
        is_u64(s.done[p], 284, "%s: prefetch PRE 232, ACT 252 (tRC), RD 270, done 284",
               fcfs ? "FCFS" : "FR-FCFS");
        is_u64(ws_dram_stats_get(s.d)->activates, 3, "three activates, no ping-pong");
        sim_fini(&s);
    }
}

static void test_queue_full(void)
{
    ws_dram_config c = gtx();
    c.queue = 4;
    sim s;
    sim_init(&s, &c);
    for (int i = 0; i < 4; i++) ok(sim_push(&s, WS_MREQ_READ, 0, 5, 64) == i, "push %d accepted", i);
    ok(!ws_dram_can_accept(s.d), "queue of 4 is full");
    is_int(sim_push(&s, WS_MREQ_READ, 0, 5, 64), -1, "fifth push refused");
    is_u64(ws_dram_stats_get(s.d)->queue_full, 1, "queue_full counts the refusal");
    is_int(ws_dram_queue_len(s.d), 4, "still 4 queued");
    sim_run(&s, 12);
    ok(!ws_dram_can_accept(s.d), "still full before the first RD (clock 12)");
    sim_run(&s, 13);
    ok(ws_dram_can_accept(s.d), "room after the first request's column command");
    ok(sim_push(&s, WS_MREQ_READ, 0, 5, 64) >= 0, "push accepted again");
    sim_fini(&s);
}

static void test_return_queue(void)
{
    ws_dram_config c = gtx();
    c.return_queue = 2;
    sim s;
    sim_init(&s, &c);
    warm(&s, 0, 5, 200);
    s.popping = false;
    int a = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    int b = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    int x = sim_push(&s, WS_MREQ_READ, 0, 5, 64);
    sim_run(&s, 250);
    is_int(ws_dram_queue_len(s.d), 1, "third request held: the return queue (2) is full");
    is_int(ws_dram_return_len(s.d), 2, "two in the return queue");
    is_u64(ws_dram_next_event(s.d, 250), UINT64_MAX, "nothing changes before a pop");
    ok(ws_dram_pop(s.d, 250) == &s.req[a], "pop the first (done 214)");
    is_u64(ws_dram_next_event(s.d, 250), 250, "after the pop the held request may go at once");
    s.popping = true;
    sim_run(&s, 400);
    is_u64(s.done[b], 250, "second popped at 250 (done 217)");
    is_u64(s.done[x], 264, "third: RD at 250, done 264");
    sim_fini(&s);

    /* a request already started keeps going: 128 B with return_queue 1 */
    c.return_queue = 1;
    sim_init(&s, &c);
    s.popping = false;
    a = sim_push(&s, WS_MREQ_READ, 0, 5, 128);
    b = sim_push(&s, WS_MREQ_READ, 1, 5, 64);
    sim_run(&s, 100);
    is_int(ws_dram_queue_len(s.d), 1, "one request waits for the single slot");
    s.popping = true;
    sim_run(&s, 200);
    is_u64(s.done[a], 100, "128 B (RD 12 and 15, done 29) popped at 100, after the tick");
    is_u64(s.done[b], 101 + 14, "the other one: RD at 101 after the pop, done 115");
    sim_fini(&s);
}

static void test_config_errors(void)
{
    ws_dram_config c = gtx();
    ws_error err = {0};
    ok(ws_dram_config_check(&c, &err) == 0, "GTX480 config is valid");
    c.banks = 0;
    ok(ws_dram_create(&c, 2, &err) == NULL, "0 banks refused");
    is_str(err.msg, "DRAM channel 2: dram.banks is 0; it must be between 1 and 64.",
           "message names the key and range");
    c = gtx();
    c.bank_groups = 3;
    ok(ws_dram_config_check(&c, &err) < 0, "3 groups of 16 banks refused");
    ok(strstr(err.msg, "dram.bank_groups is 3") != NULL, "names dram.bank_groups: %s", err.msg);
    c = gtx();
    c.tRAS = 5000000;
    ok(ws_dram_config_check(&c, &err) < 0, "huge tRAS refused");
    is_str(err.msg, "dram.tRAS is 5000000; it must be between 0 and 1048576.", "tRAS range");
    c = gtx();
    c.queue = 0;
    ok(ws_dram_config_check(&c, &err) < 0, "empty queue refused");
    c = gtx();
    c.sched = (ws_dram_sched)7;
    ok(ws_dram_config_check(&c, &err) < 0, "bad scheduler refused");
}

int main(void)
{
    test_single_read();
    test_open_row();
    test_row_conflict();
    test_rrd();
    test_ccdl();
    test_turnaround();
    test_frfcfs();
    test_demand_first();
    test_demand_first_livelock();
    test_promote();
    test_queue_full();
    test_return_queue();
    test_config_errors();
    return tap_done();
}
