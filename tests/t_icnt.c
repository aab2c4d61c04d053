/* t_icnt: the crossbar: exact delivery cycles, round robin, back-pressure,
 * throughput, and skipping idle cycles with next_event. */
#include <stdlib.h>
#include <string.h>

#include "arch/ws_icnt.h"
#include "util/ws_rng.h"
#include "ws_tap.h"

static ws_icnt *mk(uint32_t in, uint32_t out, uint32_t lat, uint32_t inbuf, uint32_t outbuf)
{
    ws_icnt_config c = { .inputs = in, .outputs = out, .flit = 40, .latency = lat,
                         .in_buffer = inbuf, .out_buffer = outbuf };
    ws_error err = { 0 };
    ws_icnt *n = ws_icnt_create(&c, &err);
    if (!n) diag("%s", err.msg);
    return n;
}

/* Tick cycles [from, to]. */
static void run(ws_icnt *n, uint64_t from, uint64_t to)
{
    for (uint64_t t = from; t <= to; t++) ws_icnt_tick(n, t);
}

static void single_packets(void)
{
    ws_icnt *n = mk(2, 3, 5, 8, 8);
    ws_mreq a = { .id = 1 }, b = { .id = 2 };
    is_int(ws_icnt_flits(n, 0), 1, "0 bytes: 1 flit");
    is_int(ws_icnt_flits(n, 8), 1, "8 bytes: 1 flit");
    is_int(ws_icnt_flits(n, 40), 1, "40 bytes: 1 flit");
    is_int(ws_icnt_flits(n, 41), 2, "41 bytes: 2 flits");
    is_int(ws_icnt_flits(n, 136), 4, "136 bytes: 4 flits");

    ok(ws_icnt_idle(n), "empty network is idle");
    is_u64(ws_icnt_next_event(n, 0), UINT64_MAX, "empty: no event");
    ok(ws_icnt_push(n, 1, 2, &a, 8, 10), "push 1 flit at cycle 10");
    is_int(ws_icnt_in_flits(n, 1), 1, "input holds 1 flit");
    is_u64(ws_icnt_next_event(n, 3), 10, "next event: the packet may cross at 10");
    run(n, 3, 9);
    is_int(ws_icnt_in_flits(n, 1), 1, "nothing crossed before 10");
    ws_icnt_tick(n, 10);
    is_int(ws_icnt_in_flits(n, 1), 0, "crossed at 10");
    is_int(ws_icnt_out_flits(n, 2), 1, "output 2 holds its flit");
    is_u64(ws_icnt_next_event(n, 11), 15, "poppable at 10 + latency 5");
    is_u64(ws_icnt_next_transfer(n, 11), UINT64_MAX, "nothing left to cross");
    ok(ws_icnt_peek(n, 2, 14) == NULL, "not poppable at 14");
    ok(ws_icnt_pop(n, 2, 14) == NULL, "pop at 14 gives nothing");
    ok(ws_icnt_peek(n, 2, 15) == &a, "peek at 15");
    ok(ws_icnt_pop(n, 2, 15) == &a, "pop at 15");
    ok(ws_icnt_idle(n), "idle again");
    is_int(ws_icnt_out_flits(n, 2), 0, "output buffer released");

    /* 136 bytes = 4 flits: cross at 20..23, poppable at 28 */
    ok(ws_icnt_push(n, 0, 1, &b, 136, 20), "push 4 flits at 20");
    run(n, 20, 22);
    is_int(ws_icnt_in_flits(n, 0), 1, "3 flits crossed by 22");
    ws_icnt_tick(n, 23);
    is_u64(ws_icnt_head_ready(n, 1), 28, "4-flit packet poppable at 23 + 5");
    ok(ws_icnt_pop(n, 1, 27) == NULL && ws_icnt_pop(n, 1, 28) == &b, "popped at 28");

    const ws_icnt_stats *st = ws_icnt_stats_get(n);
    is_int(st->packets, 2, "2 packets");
    is_int(st->flits, 5, "5 flits");
    is_int(st->delivered, 2, "2 delivered");
    is_int(st->latency_sum, 5 + 8, "latency sum (15-10) + (28-20)");
    ws_icnt_free(n);
}

static void contention(void)
{
    ws_icnt *n = mk(3, 2, 4, 16, 16);
    ws_mreq r[8];
    memset(r, 0, sizeof r);
    /* two 2-flit packets for output 0 at cycle 0: input 0 first (flits 0,1,
     * ready 5), then input 1 (flits 2,3, ready 7); output 1 is independent */
    ws_icnt_push(n, 1, 0, &r[1], 80, 0);
    ws_icnt_push(n, 0, 0, &r[0], 80, 0);
    ws_icnt_push(n, 2, 1, &r[2], 80, 0);
    run(n, 0, 3);
    is_u64(ws_icnt_head_ready(n, 0), 5, "input 0 wins output 0: ready 1 + 4");
    ok(ws_icnt_pop(n, 0, 5) == &r[0], "input 0's packet first");
    is_u64(ws_icnt_head_ready(n, 0), 7, "input 1 next: ready 3 + 4");
    ok(ws_icnt_pop(n, 0, 7) == &r[1], "input 1's packet second");
    ok(ws_icnt_pop(n, 1, 5) == &r[2], "output 1 in parallel: ready 5");

    /* round robin: output 0 granted input 1 last, so input 2 comes first,
     * then 0, then 1 (1-flit packets at 10, 11, 12 -> ready 14, 15, 16) */
    ws_icnt_push(n, 0, 0, &r[3], 8, 10);
    ws_icnt_push(n, 1, 0, &r[4], 8, 10);
    ws_icnt_push(n, 2, 0, &r[5], 8, 10);
    run(n, 10, 12);
    ok(ws_icnt_pop(n, 0, 14) == &r[5], "round robin: input 2 at 14");
    ok(ws_icnt_pop(n, 0, 14) == NULL, "nothing else at 14");
    ok(ws_icnt_pop(n, 0, 15) == &r[3], "then input 0 at 15");
    ok(ws_icnt_pop(n, 0, 16) == &r[4], "then input 1 at 16");

    /* wormhole: a 3-flit packet keeps output 0 while a 1-flit one waits */
    ws_icnt_push(n, 0, 0, &r[6], 120, 20);
    ws_icnt_push(n, 1, 0, &r[7], 8, 21);
    run(n, 20, 23);
    ok(ws_icnt_pop(n, 0, 26) == &r[6], "3-flit packet (20..22) ready 26");
    ok(ws_icnt_pop(n, 0, 27) == &r[7], "the waiting one crossed at 23, ready 27");
    ws_icnt_free(n);
}

static void backpressure(void)
{
    ws_icnt *n = mk(2, 2, 2, 4, 4);
    ws_mreq r[6];
    memset(r, 0, sizeof r);
    ok(ws_icnt_can_push(n, 0, 80), "room for 2 flits");
    ok(ws_icnt_push(n, 0, 0, &r[0], 80, 0), "first 2-flit packet");
    ok(ws_icnt_push(n, 0, 0, &r[1], 80, 0), "second 2-flit packet");
    ok(!ws_icnt_can_push(n, 0, 8), "input buffer full (4 flits)");
    ok(!ws_icnt_push(n, 0, 0, &r[2], 80, 0), "third push refused");
    is_int(ws_icnt_stats_get(n)->push_fail, 1, "push_fail counted");
    is_int(ws_icnt_stats_get(n)->packets, 2, "refused packet not counted");
    ws_icnt_tick(n, 0);
    ok(ws_icnt_can_push(n, 0, 8) && !ws_icnt_can_push(n, 0, 80), "one flit left: room for 1");
    ok(ws_icnt_push(n, 0, 0, &r[2], 8, 1), "third packet (1 flit) accepted at 1");
    /* oversized packet: accepted into an empty buffer only */
    ok(ws_icnt_can_push(n, 1, 400), "10 flits fit an empty 4-flit buffer");
    ok(ws_icnt_push(n, 1, 1, &r[5], 400, 1), "oversized push at 1");
    ok(!ws_icnt_can_push(n, 1, 8), "nothing else until it drains");

    /* output 0 (4 flits): r0 crosses 0-1 (ready 3), r1 2-3 (ready 5), r2
     * (1 flit) finds the buffer full from 4 on: blocked every cycle */
    run(n, 1, 9);
    is_int(ws_icnt_out_flits(n, 0), 4, "output buffer holds 4 flits");
    is_int(ws_icnt_in_flits(n, 0), 1, "r2 still waiting at the input");
    is_int(ws_icnt_stats_get(n)->out_blocked, 6, "output 0 blocked at cycles 4..9");
    is_u64(ws_icnt_next_event(n, 10), 10, "blocked output: event every cycle");
    ok(ws_icnt_pop(n, 0, 10) == &r[0], "receiver pops r0 at 10");
    ws_icnt_tick(n, 10);
    is_u64(ws_icnt_head_ready(n, 0), 5, "r1 at the head");
    ok(ws_icnt_pop(n, 0, 10) == &r[1], "pop r1");
    is_u64(ws_icnt_head_ready(n, 0), 12, "r2 crossed at 10, ready 12");
    is_int(ws_icnt_stats_get(n)->out_blocked, 6, "no longer blocked");
    /* the oversized packet went through output 1 (empty buffer) at 1..10 */
    is_u64(ws_icnt_head_ready(n, 1), 12, "oversized packet ready at 10 + 2");
    ws_icnt_free(n);
}

/* k inputs streaming 1-flit packets to one output: one flit per cycle. */
static void throughput(void)
{
    enum { K = 4, PER = 100 };
    ws_icnt *n = mk(K, 2, 3, 8, 8);
    static ws_mreq r[K * PER];
    memset(r, 0, sizeof r);
    uint32_t sent[K] = { 0 }, got = 0;
    uint64_t first = UINT64_MAX, last = 0;
    for (uint64_t t = 0; got < K * PER && t < 10000; t++) {
        while (ws_icnt_pop(n, 0, t)) {
            got++;
            if (first == UINT64_MAX) first = t;
            last = t;
        }
        for (uint32_t i = 0; i < K; i++)
            if (sent[i] < PER && ws_icnt_push(n, i, 0, &r[i * PER + sent[i]], 40, t)) sent[i]++;
        ws_icnt_tick(n, t);
    }
    is_int(got, K * PER, "all packets delivered");
    is_int(first, 3, "first at 0 + latency 3");
    is_int(last, 3 + K * PER - 1, "one flit per cycle at the output: last at 402");

    /* one input, 4-flit packets: still one flit per cycle */
    ws_icnt *m = mk(1, 1, 0, 64, 64);
    uint32_t pushed = 0;
    got = 0;
    for (uint64_t t = 0; got < 50; t++) {
        while (ws_icnt_pop(m, 0, t)) {
            got++;
            last = t;
        }
        if (pushed < 50 && ws_icnt_push(m, 0, 0, &r[pushed], 160, t)) pushed++;
        ws_icnt_tick(m, t);
    }
    /* the last flit crosses in tick(199), poppable from 199 on (the grant
     * settled it: a pop before tick(199) sees it) */
    is_int(last, 50 * 4 - 1, "50 packets of 4 flits, latency 0: last crossed and popped at 199");

    /* 4 inputs to 4 different outputs in parallel */
    ws_icnt *p = mk(4, 4, 1, 8, 8);
    for (uint32_t i = 0; i < 4; i++) ws_icnt_push(p, i, 3 - i, &r[i], 40, 0);
    ws_icnt_tick(p, 0);
    uint32_t ready = 0;
    for (uint32_t o = 0; o < 4; o++) ready += ws_icnt_head_ready(p, o) == 1;
    is_int(ready, 4, "four outputs each took a flit in the same cycle");
    ws_icnt_free(n);
    ws_icnt_free(m);
    ws_icnt_free(p);
}

/* Random traffic with a receiver that is sometimes away, stepped every cycle
 * or skipped from event to event: identical deliveries and statistics. */
enum { SK_IN = 5, SK_OUT = 3, SK_PKTS = 400 };
typedef struct skpkt {
    uint64_t when;          /* first push attempt */
    uint32_t in, out, bytes;
    uint64_t accepted, popped;
} skpkt;

static bool receiver_present(uint64_t t) { return (t / 7) % 3 != 2; }

static uint64_t skip_run(skpkt *pk, bool skip, ws_icnt_stats *st, uint64_t *refused)
{
    ws_icnt *n = mk(SK_IN, SK_OUT, 3, 6, 5);
    ws_mreq req[SK_PKTS];
    memset(req, 0, sizeof req);
    for (uint32_t k = 0; k < SK_PKTS; k++) req[k].id = k;
    uint32_t next[SK_IN] = { 0 };  /* per input: index into its packets */
    uint32_t order[SK_IN][SK_PKTS], cnt[SK_IN] = { 0 };
    for (uint32_t k = 0; k < SK_PKTS; k++) order[pk[k].in][cnt[pk[k].in]++] = k;
    uint32_t done = 0;
    uint64_t t = 0, iters = 0;
    while (done < SK_PKTS) {
        iters++;
        if (receiver_present(t))
            for (uint32_t o = 0; o < SK_OUT; o++) {
                ws_mreq *r = ws_icnt_pop(n, o, t);
                if (r) {
                    pk[r->id].popped = t;
                    done++;
                }
            }
        for (uint32_t i = 0; i < SK_IN; i++) {
            if (next[i] >= cnt[i]) continue;
            skpkt *p = &pk[order[i][next[i]]];
            if (p->when > t) continue;
            /* ask first: the skipping driver does not retry every cycle, so
             * refused pushes (push_fail) would differ */
            if (!ws_icnt_can_push_at(n, i, p->bytes, t)) {
                (*refused)++;
                continue;
            }
            if (ws_icnt_push(n, i, p->out, &req[order[i][next[i]]], p->bytes, t)) {
                p->accepted = t;
                next[i]++;
            }
        }
        ws_icnt_tick(n, t);
        if (!skip) {
            t++;
            continue;
        }
        /* next cycle anything can happen: the network's event, a push
         * attempt, or the receiver coming back for a poppable packet */
        uint64_t nt = ws_icnt_next_transfer(n, t + 1);
        for (uint32_t i = 0; i < SK_IN; i++)
            if (next[i] < cnt[i]) {
                const skpkt *p = &pk[order[i][next[i]]];
                uint64_t w = p->when > t + 1 ? p->when : t + 1;
                w = ws_icnt_push_ready(n, i, p->bytes, w);   /* MAX: after a grant */
                if (w < nt) nt = w;
            }
        for (uint32_t o = 0; o < SK_OUT; o++) {
            uint64_t w = ws_icnt_head_ready(n, o);
            if (w == UINT64_MAX) continue;
            if (w < t + 1) w = t + 1;
            while (!receiver_present(w)) w++;
            if (w < nt) nt = w;
        }
        t = nt;
    }
    *st = *ws_icnt_stats_get(n);
    ws_icnt_free(n);
    return iters;
}

static void skip_vs_step(void)
{
    static skpkt a[SK_PKTS], b[SK_PKTS];
    ws_rng rng;
    ws_rng_seed(&rng, 12345);
    uint64_t t = 0;
    for (uint32_t k = 0; k < SK_PKTS; k++) {
        /* bursts with long idle gaps between them */
        t += ws_rng_below(&rng, 10) == 0 ? 50 + ws_rng_below(&rng, 200) : ws_rng_below(&rng, 3);
        a[k].when = t;
        a[k].in = (uint32_t)ws_rng_below(&rng, SK_IN);
        a[k].out = (uint32_t)ws_rng_below(&rng, SK_OUT);
        a[k].bytes = 8 + (uint32_t)ws_rng_below(&rng, 200);
    }
    memcpy(b, a, sizeof a);
    ws_icnt_stats sa, sb;
    uint64_t fa = 0, fb = 0;
    uint64_t ia = skip_run(a, false, &sa, &fa);
    uint64_t ib = skip_run(b, true, &sb, &fb);
    ok(ib < ia, "skipping visited fewer cycles (%llu of %llu)", (unsigned long long)ib,
       (unsigned long long)ia);
    uint32_t same = 0;
    for (uint32_t k = 0; k < SK_PKTS; k++)
        same += a[k].accepted == b[k].accepted && a[k].popped == b[k].popped;
    is_int(same, SK_PKTS, "every packet accepted and popped at the same cycles");
    ok(memcmp(&sa, &sb, sizeof sa) == 0, "identical statistics");
    is_int(sa.packets, SK_PKTS, "all packets through");
    ok(sa.out_blocked > 0 && fa > 0, "the run exercised back-pressure (%llu blocked, %llu refused)",
       (unsigned long long)sa.out_blocked, (unsigned long long)fa);
}

static void bad_config(void)
{
    ws_icnt_config c = { .inputs = 0, .outputs = 1, .flit = 40, .latency = 1, .in_buffer = 1, .out_buffer = 1 };
    ws_error err = { 0 };
    ok(ws_icnt_create(&c, &err) == NULL && strstr(err.msg, "inputs"), "0 inputs rejected: %s", err.msg);
    c.inputs = 1;
    c.flit = 0;
    ok(ws_icnt_create(&c, &err) == NULL && strstr(err.msg, "flit"), "0-byte flit rejected: %s", err.msg);
    c.flit = 40;
    c.out_buffer = 0;
    ok(ws_icnt_create(&c, &err) == NULL && strstr(err.msg, "buffer"), "empty buffer rejected: %s", err.msg);
}

int main(void)
{
    single_packets();
    contention();
    backpressure();
    throughput();
    skip_vs_step();
    bad_config();
    return tap_done();
}
