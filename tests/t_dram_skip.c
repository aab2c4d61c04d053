/* t_dram_skip: ticking every clock and jumping from event to event with
 * ws_dram_next_event give identical statistics and identical completion
 * clocks, on seeded random request streams (bursts and long idle gaps;
 * reads, writes, prefetches, write-backs; 32 to 256 bytes; few rows so that
 * hits and conflicts mix) with a consumer that only pops in some clocks, so
 * the return queue fills up and holds requests back.
 *
 * Both drivers do the same at every clock they visit: push the arrived
 * requests (at most 2 per clock, only when the queue has room), tick, pop
 * at most one request if the consumer is willing.  The skipping driver then
 * jumps to the earliest of: the channel's next event, the next arrival, the
 * next clock if pushes are pending and the queue has room, and the next
 * clock the consumer is willing if a request is waiting. */
#include "ws_tap.h"

#include "arch/ws_dram.h"
#include "util/ws_rng.h"
#include "util/ws_util.h"

#define NREQ 3000

typedef struct stream {
    uint64_t arrival[NREQ];
    ws_mreq req[NREQ];
} stream;

static void make_stream(stream *s, uint64_t seed, uint32_t banks)
{
    ws_rng rng;
    ws_rng_seed(&rng, seed);
    uint64_t t = 0;
    static const uint32_t sizes[] = {32, 64, 128, 128, 256};
    for (int i = 0; i < NREQ; i++) {
        uint64_t g = ws_rng_below(&rng, 100);
        if (g < 3) t += 100 + ws_rng_below(&rng, 900);     /* idle gap */
        else if (g < 60) t += ws_rng_below(&rng, 4);
        s->arrival[i] = t;
        ws_mreq *r = &s->req[i];
        memset(r, 0, sizeof *r);
        uint64_t k = ws_rng_below(&rng, 20);
        r->kind = k < 12 ? WS_MREQ_READ : k < 16 ? WS_MREQ_WRITE : k < 19 ? WS_MREQ_PREFETCH
                                                                          : WS_MREQ_WRITEBACK;
        r->bank = (uint16_t)ws_rng_below(&rng, banks);
        r->row = (uint32_t)ws_rng_below(&rng, 4);
        r->size = sizes[ws_rng_below(&rng, 5)];
        r->id = (uint64_t)i;
    }
}

/* The consumer pops in clocks whose 64-clock window is not a multiple of 4. */
static bool willing(uint64_t t) { return (t / 64) % 4 != 3; }
static uint64_t next_willing(uint64_t t) { return willing(t) ? t : (t / 64 + 1) * 64; }

typedef struct result {
    uint64_t done[NREQ];
    uint64_t last;
    uint64_t visited;
    ws_dram_stats st;
} result;

static void run(stream *s, const ws_dram_config *cfg, bool skip, result *res)
{
    ws_error err = {0};
    ws_dram *d = ws_dram_create(cfg, 0, &err);
    if (!d) {
        printf("Bail out! %s\n", err.msg);
        exit(1);
    }
    for (int i = 0; i < NREQ; i++) s->req[i].next = NULL;
    int pushed = 0, popped = 0;
    uint64_t t = 0;
    res->visited = 0;
    while (popped < NREQ) {
        if (t > 50000000) {
            printf("Bail out! no progress by clock %llu (livelock?)\n", (unsigned long long)t);
            exit(1);
        }
        res->visited++;
        int n = 0;
        while (pushed < NREQ && s->arrival[pushed] <= t && n < 2 && ws_dram_can_accept(d)) {
            ws_dram_push(d, &s->req[pushed], t);
            pushed++;
            n++;
        }
        ws_dram_tick(d, t);
        if (willing(t)) {
            ws_mreq *r = ws_dram_pop(d, t);
            if (r) {
                res->done[r->id] = t;
                popped++;
                res->last = t;
            }
        }
        if (popped == NREQ) break;
        if (!skip) {
            t++;
            continue;
        }
        uint64_t nt = ws_dram_next_event(d, t + 1);
        if (pushed < NREQ) {
            if (s->arrival[pushed] > t) nt = WS_MIN(nt, s->arrival[pushed]);
            else if (ws_dram_can_accept(d)) nt = t + 1;
        }
        if (ws_dram_peek(d, t + 1)) nt = WS_MIN(nt, next_willing(t + 1));
        if (nt == UINT64_MAX) {
            printf("Bail out! stuck at clock %llu\n", (unsigned long long)t);
            exit(1);
        }
        t = nt;
    }
    res->st = *ws_dram_stats_get(d);
    ok(ws_dram_idle(d), "idle at the end");
    ws_dram_free(d);
}

static void compare(const char *name, const ws_dram_config *cfg, uint64_t seed)
{
    static stream s;
    static result a, b;
    make_stream(&s, seed, cfg->banks);
    run(&s, cfg, false, &a);
    run(&s, cfg, true, &b);
    is_u64(b.last, a.last, "%s seed %llu: same last clock (%llu)", name, (unsigned long long)seed,
           (unsigned long long)a.last);
    ok(memcmp(a.done, b.done, sizeof a.done) == 0, "%s: identical completion clocks", name);
    ok(memcmp(&a.st, &b.st, sizeof a.st) == 0, "%s: identical statistics", name);
    if (memcmp(&a.st, &b.st, sizeof a.st) != 0) {
        const uint64_t *x = (const uint64_t *)&a.st, *y = (const uint64_t *)&b.st;
        for (size_t i = 0; i < sizeof a.st / 8; i++)
            if (x[i] != y[i])
                diag("field %zu: %llu vs %llu", i, (unsigned long long)x[i],
                     (unsigned long long)y[i]);
    }
    is_u64(a.st.cycles, a.last + 1, "%s: cycles = last clock + 1", name);
    ok(b.visited < a.visited, "%s: skipping visited %llu of %llu clocks", name,
       (unsigned long long)b.visited, (unsigned long long)a.visited);
    ok(a.st.row_hits > 0 && a.st.row_misses > 0 && a.st.precharges > 0, "%s: hits and conflicts",
       name);
    diag("%s: %llu reads %llu writes, %llu activates, util %.3f, avg queue %.2f", name,
         (unsigned long long)a.st.reads, (unsigned long long)a.st.writes,
         (unsigned long long)a.st.activates, (double)a.st.data_busy / (double)a.st.cycles,
         (double)a.st.queue_occupancy / (double)a.st.cycles);
}

int main(void)
{
    ws_dram_config c;
    ws_dram_config_default(&c);
    compare("gtx480 FR-FCFS", &c, 1);
    compare("gtx480 FR-FCFS", &c, 2);
    c.demand_first = true;
    compare("FR-FCFS demand-first", &c, 3);
    c.queue = 8;
    c.return_queue = 3;
    compare("small queues, demand-first", &c, 4);
    c.sched = WS_DRAM_FCFS;
    compare("FCFS, small queues, demand-first", &c, 5);
    c.demand_first = false;
    c.return_queue = 1;
    compare("FCFS, return queue 1", &c, 6);
    ws_dram_config_default(&c);
    c.banks = 4;
    c.bank_groups = 2;
    c.tCCDL = 5;
    c.tRTPL = 7;
    compare("4 banks, 2 groups", &c, 7);

    /* random configurations: every timing from 0, tiny queues, 2..16 banks,
     * burst/data-rate combinations (this found a demand-first livelock) */
    ws_rng g;
    ws_rng_seed(&g, 99);
    for (int k = 0; k < 40; k++) {
        ws_dram_config_default(&c);
        c.sched = ws_rng_below(&g, 2) ? WS_DRAM_FCFS : WS_DRAM_FRFCFS;
        c.demand_first = ws_rng_below(&g, 2);
        c.queue = 1 + (uint32_t)ws_rng_below(&g, 64);
        c.return_queue = 1 + (uint32_t)ws_rng_below(&g, 8);
        uint32_t bsel = (uint32_t)ws_rng_below(&g, 4);
        c.banks = 1u << (bsel + 1);
        c.bank_groups = 1u << ws_rng_below(&g, bsel + 2);
        c.tCCD = (uint32_t)ws_rng_below(&g, 5);
        c.tCCDL = (uint32_t)ws_rng_below(&g, 7);
        c.tRRD = (uint32_t)ws_rng_below(&g, 10);
        c.tRCD = (uint32_t)ws_rng_below(&g, 20);
        c.tRAS = (uint32_t)ws_rng_below(&g, 40);
        c.tRP = (uint32_t)ws_rng_below(&g, 20);
        c.tRC = (uint32_t)ws_rng_below(&g, 60);
        c.tCL = (uint32_t)ws_rng_below(&g, 20);
        c.tWL = (uint32_t)ws_rng_below(&g, 10);
        c.tCDLR = (uint32_t)ws_rng_below(&g, 10);
        c.tWR = (uint32_t)ws_rng_below(&g, 20);
        c.tRTPL = (uint32_t)ws_rng_below(&g, 8);
        c.burst = 1u << ws_rng_below(&g, 4);
        c.data_rate = 1u << ws_rng_below(&g, 3);
        char name[32];
        snprintf(name, sizeof name, "random config %d", k);
        compare(name, &c, 1000 + (uint64_t)k);
    }
    return tap_done();
}
