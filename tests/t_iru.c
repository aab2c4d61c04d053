/* t_iru.c: the IRU partition (src/arch/ws_iru.h) alone, with hand-built
 * index streams, a flat memory and a fake L2 that answers every line a
 * fixed number of cycles after the prefetcher's request left its queue. */
#include <string.h>

#include "arch/ws_iru.h"
#include "arch/ws_opts.h"
#include "ws_tap.h"

#define MEMSZ (1u << 20)
#define MAXP 4
#define MAXPEND 4096
#define MAXREP 4096
#define STR(...) #__VA_ARGS__
#define XSTR(...) STR(__VA_ARGS__)
/* 8 reaches partition 3 at 13 and takes bank 0; then 4..7 (14..17), 9..11
 * (18..20) on the forward link before 0..3, waiting on the back link since
 * 13, take it (21..24): the twelfth is in the entry at 25 */
#define RING_BI_FULL 25
#define RING_BI_ORDER 8, 4, 5, 6, 7, 9, 10, 11, 0, 1, 2, 3

typedef struct pend { uint32_t unit; uint64_t addr, ready; } pend;

typedef struct sim {
    ws_iru_config cfg;
    ws_iru *u[MAXP];
    uint32_t P;
    uint8_t *mem;
    uint32_t owner_gran;        /* owner = (addr / gran) % P */
    uint64_t lat;               /* fake L2 latency */
    pend pd[MAXPEND];
    uint32_t npd;
    uint32_t outstanding[MAXP], max_out[MAXP], max_view[MAXP];
    uint32_t wrong_owner;       /* requests for a line of another partition */
    bool auto_flush, flushed;
    ws_iru_reply rep[MAXREP];
    uint32_t rep_unit[MAXREP];
    uint32_t nrep;
    uint64_t cycle;
} sim;

static uint32_t owner_fn(void *ctx, uint64_t addr)
{
    sim *s = ctx;
    return (uint32_t)(addr / s->owner_gran % s->P);
}

static ws_iru_config base_cfg(uint32_t parts)
{
    ws_iru_config c = {
        .parts = parts, .sets = 1024, .banks = 2, .entry = 32, .block = 128, .line = 128,
        .pf_inflight = 8, .class_depth = 40, .ring_depth = 140, .ring_latency = 1,
        .hash_latency = 1, .req_fifo = 64, .reply_queue = 4, .timeout = 1000000,
        .hash = WS_IRU_HASH_MOD, .shared = true, .bypass_l2 = false,
    };
    return c;
}

static sim *sim_new(const ws_iru_config *c, uint64_t lat, uint32_t gran)
{
    sim *s = calloc(1, sizeof *s);
    s->cfg = *c;
    s->P = c->parts;
    s->mem = calloc(1, MEMSZ);
    s->lat = lat;
    s->owner_gran = gran;
    s->auto_flush = true;
    for (uint32_t p = 0; p < s->P; p++) {
        ws_error err = { 0 };
        s->u[p] = ws_iru_create(c, p, owner_fn, s, &err);
        if (!s->u[p]) {
            printf("# create: %s\n", err.msg);
            exit(1);
        }
    }
    return s;
}

static void sim_free(sim *s)
{
    for (uint32_t p = 0; p < s->P; p++)
        ws_iru_free(s->u[p]);
    free(s->mem);
    free(s);
}

static void wr32(sim *s, uint64_t a, uint32_t v) { memcpy(s->mem + a, &v, 4); }

static void sim_launch(sim *s, ws_iru_regs r)
{
    for (uint32_t p = 0; p < s->P; p++) {
        ws_error err = { 0 };
        if (ws_iru_launch(s->u[p], &r, &err) != 0) {
            printf("# launch: %s\n", err.msg);
            exit(1);
        }
    }
}

/* One cycle: fills due, every partition's step, the ring, the fake L2 takes
 * the prefetcher's requests, the end of the stream, the replies. */
static void sim_cycle(sim *s)
{
    uint64_t c = s->cycle;
    uint32_t k = 0;
    for (uint32_t i = 0; i < s->npd; i++) {
        pend *q = &s->pd[i];
        if (q->ready <= c) {
            int rc = ws_iru_fill(s->u[q->unit], q->addr, s->mem + q->addr, c);
            if (rc != 0)
                printf("# fill of 0x%llx refused\n", (unsigned long long)q->addr);
            s->outstanding[q->unit]--;
        } else {
            s->pd[k++] = *q;
        }
    }
    s->npd = k;
    for (uint32_t p = 0; p < s->P; p++) {
        ws_iru_step(s->u[p], c);
        ws_iru_view v;
        ws_iru_view_get(s->u[p], &v);
        if (v.pf_inflight > s->max_view[p])
            s->max_view[p] = v.pf_inflight;
    }
    ws_iru_ring_step(s->u, s->P, c);
    for (uint32_t p = 0; p < s->P; p++) {
        ws_iru_pfreq q;
        while (ws_iru_pf_pop(s->u[p], &q)) {
            if (!q.secondary && owner_fn(s, q.addr) != p)
                s->wrong_owner++;
            if (q.remote)
                s->wrong_owner++;
            s->pd[s->npd++] = (pend){ p, q.addr, c + s->lat };
            if (++s->outstanding[p] > s->max_out[p])
                s->max_out[p] = s->outstanding[p];
        }
    }
    if (s->auto_flush && !s->flushed && ws_iru_all_done(s->u, s->P)) {
        for (uint32_t p = 0; p < s->P; p++)
            ws_iru_flush(s->u[p]);
        s->flushed = true;
    }
    for (uint32_t p = 0; p < s->P; p++)
        while (s->nrep < MAXREP && ws_iru_reply_pop(s->u[p], &s->rep[s->nrep])) {
            s->rep_unit[s->nrep] = p;
            s->nrep++;
        }
    s->cycle++;
}

static void sim_run(sim *s, uint64_t until)
{
    while (s->cycle < until)
        sim_cycle(s);
}

static float f32(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
static uint32_t b32(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }

#define IDX 0x1000u             /* indices array */
#define SEC 0x40000u            /* secondary array */

/* 1. An entry fills to 32 and is replied exactly then. */
static void test_full_entry(void)
{
    ws_iru_config c = base_cfg(1);
    sim *s = sim_new(&c, 20, 128);
    for (uint32_t i = 0; i < 32; i++)
        wr32(s, IDX + 4 * i, i);            /* block 0: one entry */
    sim_launch(s, (ws_iru_regs){ .target = 0, .elem_size = 4, .indices = IDX, .n = 32 });
    ws_iru_request(s->u[0], 7, 0xffffffffu, 0);
    /* line asked at 0, filled at 20; element j classified at 21 + j,
     * taken by data processing at 22 + j, in its entry at 23 + j: full at
     * 54, replied by the replier's first act of cycle 55 */
    while (s->cycle < 200 && s->nrep == 0)
        sim_cycle(s);
    is_int(s->nrep, 1, "full entry: one reply");
    is_u64(s->rep[0].t_reply, 55, "full entry: replied the cycle after the 32nd insert");
    uint32_t good = 0;
    for (uint32_t l = 0; l < 32; l++)
        good += s->rep[0].idx[l] == l && s->rep[0].pos[l] == l;
    is_int(good, 32, "full entry: lanes hold indices 0..31 in order");
    is_int(s->rep[0].valid, 0xffffffffu, "full entry: every lane valid");
    is_int(s->rep[0].lines, 1, "full entry: one block");
    ok(!s->rep[0].timeout && !s->rep[0].flush, "full entry: neither timeout nor flush");
    is_u64(s->rep[0].tag, 7, "full entry: the request's tag");
    is_u64(ws_iru_stats_get(s->u[0])->coal_hist[1], 1, "coalescing histogram: one reply of 1 block");
    is_u64(ws_iru_stats_get(s->u[0])->lat_sum, 55, "latency: 55 cycles from request to reply");
    sim_free(s);

    /* a full entry takes nothing more: its bank waits until it is replied */
    s = sim_new(&c, 10, 128);
    for (uint32_t i = 0; i < 40; i++)
        wr32(s, IDX + 4 * i, i % 32);       /* all block 0 */
    sim_launch(s, (ws_iru_regs){ .target = 0, .elem_size = 4, .indices = IDX, .n = 40 });
    s->auto_flush = false;
    sim_run(s, 200);
    uint32_t fill0, blk0;
    ws_iru_set_info(s->u[0], 0, &fill0, &blk0);
    is_int(fill0, 32, "full entry: stays at 32 while no request comes");
    /* element 31 in at 44; element 32 waits at the bank from 45 */
    is_u64(ws_iru_stats_get(s->u[0])->hash_stalls, 155, "full entry: the bank waited cycles 45..199");
    ws_iru_request(s->u[0], 1, 0xffffffffu, 200);
    ws_iru_request(s->u[0], 2, 0xffffffffu, 200);
    sim_run(s, 230);
    s->auto_flush = true;
    sim_run(s, 240);
    ok(s->nrep == 2 && s->rep[0].t_reply == 200 && s->rep[0].idx[31] == 31, "full entry: replied at 200");
    uint32_t good8 = 0;
    for (uint32_t l = 0; l < 8; l++)
        good8 += s->rep[1].idx[l] == l && s->rep[1].pos[l] == 32 + l;
    ok(good8 == 8 && s->rep[1].valid == 0xffu, "full entry: the 8 that waited follow after it");
    sim_free(s);

    /* mixed stream: the reply comes the cycle after the fill reaches 32 */
    s = sim_new(&c, 20, 128);
    for (uint32_t i = 0; i < 64; i++)
        wr32(s, IDX + 4 * i, i % 2 ? 32 * (i / 2 + 1) : i / 2);
    sim_launch(s, (ws_iru_regs){ .target = 0, .elem_size = 4, .indices = IDX, .n = 64 });
    ws_iru_request(s->u[0], 1, 0xffffffffu, 0);
    s->auto_flush = false;
    uint64_t full_at = 0;
    while (s->cycle < 400 && s->nrep == 0) {
        sim_cycle(s);
        uint32_t fill, blocks;
        ws_iru_set_info(s->u[0], 0, &fill, &blocks);
        if (fill == 32 && !full_at)
            full_at = s->cycle - 1;
    }
    ok(full_at > 0, "mixed stream: set 0 filled (at %llu)", (unsigned long long)full_at);
    is_u64(s->rep[0].t_reply, full_at + 1, "mixed stream: replied the next cycle");
    is_int(s->rep[0].lines, 1, "mixed stream: the reply is one block");
    sim_free(s);
}

/* 2. The timeout takes the best-coalesced entries first (exact lanes). */
static void test_timeout(void)
{
    ws_iru_config c = base_cfg(1);
    c.timeout = 100;
    sim *s = sim_new(&c, 10, 128);
    s->auto_flush = false;
    /* 20 of block 0 (idx 0..19), 12 of block 1 (32..43), 8 of block 2 (64..71), interleaved */
    uint32_t a = 0, b = 0, d = 0, n = 0;
    while (n < 40) {
        if (a < 20) wr32(s, IDX + 4 * n++, a++);
        if (b < 12) wr32(s, IDX + 4 * n++, 32 + b++);
        if (d < 8) wr32(s, IDX + 4 * n++, 64 + d++);
    }
    sim_launch(s, (ws_iru_regs){ .target = 0, .elem_size = 4, .indices = IDX, .n = 40 });
    ws_iru_request(s->u[0], 1, 0xffffffffu, 0);
    sim_run(s, 100);
    is_int(s->nrep, 0, "timeout: nothing before 100 cycles");
    sim_run(s, 101);
    is_int(s->nrep, 1, "timeout: replied at cycle 100");
    ws_iru_reply *r = &s->rep[0];
    uint32_t good = 0;
    for (uint32_t l = 0; l < 20; l++)
        good += r->idx[l] == l;
    for (uint32_t l = 20; l < 32; l++)
        good += r->idx[l] == 32 + (l - 20);
    is_int(good, 32, "timeout: lanes 0-19 block 0 (20 elements), lanes 20-31 block 1 (12)");
    ok(r->timeout && r->valid == 0xffffffffu && r->lines == 2, "timeout: flagged, full, 2 blocks");
    is_u64(ws_iru_stats_get(s->u[0])->timeouts, 1, "timeout counted");
    uint32_t fill, blocks;
    ws_iru_set_info(s->u[0], 2, &fill, &blocks);
    ok(fill == 8 && blocks == 1, "timeout: block 2's 8 elements remain in set 2");
    ws_iru_set_info(s->u[0], 0, &fill, &blocks);
    is_int(fill, 0, "timeout: set 0 emptied");
    sim_free(s);
}

/* 2b. The timeout counts the replier's wait for the request it serves:
 * two requests queued at cycle 0, no entry ever full; the first is
 * answered at the timeout (100), the second 100 cycles after the replier
 * turned to it (101), not at once for having queued 101 cycles. */
static void test_timeout_head(void)
{
    ws_iru_config c = base_cfg(1);
    c.timeout = 100;
    sim *s = sim_new(&c, 10, 128);
    s->auto_flush = false;
    /* 20 of block 0, 12 of block 1, 8 of block 2, 24 of block 3 */
    uint32_t n = 0;
    for (uint32_t i = 0; i < 20; i++) wr32(s, IDX + 4 * n++, i);
    for (uint32_t i = 0; i < 12; i++) wr32(s, IDX + 4 * n++, 32 + i);
    for (uint32_t i = 0; i < 8; i++) wr32(s, IDX + 4 * n++, 64 + i);
    for (uint32_t i = 0; i < 24; i++) wr32(s, IDX + 4 * n++, 96 + i);
    sim_launch(s, (ws_iru_regs){ .target = 0, .elem_size = 4, .indices = IDX, .n = n });
    ws_iru_request(s->u[0], 1, 0xffffffffu, 0);
    ws_iru_request(s->u[0], 2, 0xffffffffu, 0);
    sim_run(s, 400);
    is_int(s->nrep, 2, "timeout at the head: two replies");
    is_u64(s->rep[0].t_reply, 100, "timeout at the head: the first at 100");
    is_u64(s->rep[1].t_reply, 201, "timeout at the head: the second at 101 + 100");
    ok(s->rep[0].lines == 2 && s->rep[1].lines == 3, "timeout at the head: blocks 3 + 0 (24 + 8), then 0, 1, 2 (12 + 12 + 8)");
    is_u64(ws_iru_stats_get(s->u[0])->timeouts, 2, "timeout at the head: both timed out");
    sim_free(s);
}

/* 3. Filters: drop exactly the duplicates present at once; min; add. */
static void test_filters(void)
{
    ws_iru_config c = base_cfg(1);
    sim *s = sim_new(&c, 10, 128);
    /* 0..15, 0..15 again (present: dropped), 16..31 (fills the entry,
     * replied), then 0..3 (no longer present: kept) */
    uint32_t n = 0;
    for (uint32_t i = 0; i < 16; i++) wr32(s, IDX + 4 * n++, i);
    for (uint32_t i = 0; i < 16; i++) wr32(s, IDX + 4 * n++, i);
    for (uint32_t i = 16; i < 32; i++) wr32(s, IDX + 4 * n++, i);
    for (uint32_t i = 0; i < 4; i++) wr32(s, IDX + 4 * n++, i);
    for (uint32_t i = 0; i < n; i++) wr32(s, SEC + 4 * i, 1000 + i);
    sim_launch(s, (ws_iru_regs){ .target = 0, .elem_size = 4, .indices = IDX, .secondary = SEC, .n = n,
                                 .filter = WS_IRU_FILTER_DROP });
    ws_iru_request(s->u[0], 1, 0xffffffffu, 0);
    ws_iru_request(s->u[0], 2, 0x0000ffffu, 0);
    ws_iru_request(s->u[0], 3, 0xffffffffu, 0);
    sim_run(s, 400);
    const ws_iru_stats *st = ws_iru_stats_get(s->u[0]);
    is_u64(st->filtered, 16, "drop: exactly the 16 duplicates present at once");
    is_int(s->nrep, 3, "drop: three replies");
    uint32_t good = 0;
    for (uint32_t l = 0; l < 32; l++)
        good += s->rep[0].idx[l] == l && s->rep[0].sec[l] == 1000 + (l < 16 ? l : l + 16);
    is_int(good, 32, "drop: first reply 0..31 with the first occurrences' secondaries");
    ok(s->rep[1].tag == 2 && s->rep[1].valid == 0 && s->rep[1].packets == 1,
       "drop: the 16 filtered slots are the second (16-lane) request, all disabled, one packet");
    ok(s->rep[2].flush && s->rep[2].valid == 0xf, "drop: the late 0..3 kept, flushed in lanes 0-3");
    good = 0;
    for (uint32_t l = 0; l < 4; l++)
        good += s->rep[2].idx[l] == l && s->rep[2].pos[l] == 48 + l;
    is_int(good, 4, "drop: late duplicates keep their positions 48..51");
    sim_free(s);

    /* min: signed minimum, the position of the smaller */
    s = sim_new(&c, 10, 128);
    uint32_t mi[5] = { 5, 5, 5, 6, 6 }, ms[5] = { 10, 3, 7, (uint32_t)-2, 4 };
    for (uint32_t i = 0; i < 5; i++) {
        wr32(s, IDX + 4 * i, mi[i]);
        wr32(s, SEC + 4 * i, ms[i]);
    }
    sim_launch(s, (ws_iru_regs){ .target = 0, .elem_size = 4, .indices = IDX, .secondary = SEC, .n = 5,
                                 .filter = WS_IRU_FILTER_MIN });
    sim_run(s, 100);
    ws_iru_request(s->u[0], 1, 0xffffffffu, 100);
    sim_run(s, 110);
    ws_iru_reply *r = &s->rep[0];
    ok(s->nrep == 1 && r->valid == 0x3, "min: two elements left, lanes 0-1");
    ok(r->idx[0] == 5 && r->sec[0] == 3 && r->pos[0] == 1, "min: index 5 keeps 3 from position 1");
    ok(r->idx[1] == 6 && r->sec[1] == (uint32_t)-2 && r->pos[1] == 3, "min: index 6 keeps -2 (signed) from position 3");
    is_u64(ws_iru_stats_get(s->u[0])->merged, 3, "min: three merged");
    is_u64(ws_iru_stats_get(s->u[0])->filtered, 0, "min: none dropped");
    sim_free(s);

    /* add: float sums */
    s = sim_new(&c, 10, 128);
    float af[4] = { 1.5f, 2.25f, 1.0f, 0.25f };
    uint32_t ai[4] = { 7, 7, 9, 7 };
    for (uint32_t i = 0; i < 4; i++) {
        wr32(s, IDX + 4 * i, ai[i]);
        wr32(s, SEC + 4 * i, b32(af[i]));
    }
    sim_launch(s, (ws_iru_regs){ .target = 0, .elem_size = 4, .indices = IDX, .secondary = SEC, .n = 4,
                                 .filter = WS_IRU_FILTER_ADD });
    sim_run(s, 100);
    ws_iru_request(s->u[0], 1, 0xffffffffu, 100);
    sim_run(s, 110);
    r = &s->rep[0];
    ok(s->nrep == 1 && r->valid == 0x3, "add: two elements left");
    ok(r->idx[0] == 7 && f32(r->sec[0]) == 4.0f && r->pos[0] == 0, "add: index 7 sums 1.5 + 2.25 + 0.25 = 4");
    ok(r->idx[1] == 9 && f32(r->sec[1]) == 1.0f && r->pos[1] == 2, "add: index 9 keeps 1.0");
    is_int(r->packets, 2, "add: index and secondary: two packets");
    sim_free(s);
}

/* 4. Filtered slots are packed into whole disabled warps. */
static void test_packing(void)
{
    ws_iru_config c = base_cfg(1);
    sim *s = sim_new(&c, 10, 128);
    for (uint32_t i = 0; i < 64; i++)
        wr32(s, IDX + 4 * i, i % 32);
    sim_launch(s, (ws_iru_regs){ .target = 0, .elem_size = 4, .indices = IDX, .secondary = SEC, .n = 64,
                                 .filter = WS_IRU_FILTER_DROP });
    sim_run(s, 200);
    ws_iru_request(s->u[0], 1, 0xffffffffu, 200);
    ws_iru_request(s->u[0], 2, 0xffffffffu, 200);
    sim_run(s, 210);
    is_int(s->nrep, 2, "packing: two replies");
    ok(s->rep[0].valid == 0 && s->rep[0].packets == 1, "packing: the 32 filtered slots are one whole disabled warp");
    ok(s->rep[1].valid == 0xffffffffu && s->rep[1].packets == 2, "packing: the other warp has all 32 elements");
    is_u64(ws_iru_stats_get(s->u[0])->disabled_warps, 1, "packing: one disabled warp");
    sim_free(s);
}

/* 5. The ring: routing in the right number of hops, priority to the ring. */
static void test_ring(void)
{
    ws_iru_config c = base_cfg(4);
    c.line = 16;                        /* 4 elements a line: partition p owns 4p..4p+3 */
    sim *s = sim_new(&c, 10, 16);
    /* elem_size 128: block = index; set = block mod 1024 (hash mod); owner =
     * set mod 4, local set = set / 4 */
    for (uint32_t i = 0; i < 8; i++)
        wr32(s, 4 * i, 3);              /* every element to partition 3, local set 0 */
    sim_launch(s, (ws_iru_regs){ .target = 0, .elem_size = 128, .indices = 0, .n = 8 });
    ok(ws_iru_part_of(s->u[0], 3) == 3 && ws_iru_set_of(s->u[0], 3) == 3, "ring: index 3 is partition 3's");
    ws_iru_request(s->u[3], 1, 0xffffffffu, 0);
    uint64_t full8 = 0;
    while (s->cycle < 200 && !full8) {
        sim_cycle(s);
        uint32_t fill, blocks;
        ws_iru_set_info(s->u[3], 0, &fill, &blocks);
        if (fill == 8)
            full8 = s->cycle - 1;
    }
    /* filled at 10; partition 1 injects element 4 at 12, then passes 0..3
     * (13..16) before its own 5, 6, 7 (17..19); 7 reaches partition 3 at
     * 21 and its entry at 22 */
    is_u64(full8, 22, "ring: the eighth element is in partition 3's entry at cycle 22");
    is_u64(ws_iru_stats_get(s->u[0])->ring_flits, 4, "ring: hop 0->1 carried 4");
    is_u64(ws_iru_stats_get(s->u[1])->ring_flits, 8, "ring: hop 1->2 carried 8");
    is_u64(ws_iru_stats_get(s->u[2])->ring_flits, 8, "ring: hop 2->3 carried 8");
    is_u64(ws_iru_stats_get(s->u[3])->ring_flits, 0, "ring: hop 3->0 carried nothing");
    sim_run(s, 300);
    is_int(s->nrep, 1, "ring: partition 3 replied once (end of stream)");
    uint32_t want[8] = { 4, 0, 1, 2, 3, 5, 6, 7 }, good = 0;
    for (uint32_t l = 0; l < 8; l++)
        good += s->rep[0].pos[l] == want[l];
    is_int(good, 8, "ring: order 4, 0, 1, 2, 3, 5, 6, 7: passing elements before local ones");
    is_int(s->rep[0].valid, 0xffu, "ring: eight lanes valid");
    sim_free(s);

    /* private hashes: nothing on the ring */
    c.shared = false;
    s = sim_new(&c, 10, 16);
    for (uint32_t i = 0; i < 8; i++)
        wr32(s, 4 * i, 3);
    sim_launch(s, (ws_iru_regs){ .target = 0, .elem_size = 128, .indices = 0, .n = 8 });
    sim_run(s, 100);
    uint64_t flits = 0;
    for (uint32_t p = 0; p < 4; p++)
        flits += ws_iru_stats_get(s->u[p])->ring_flits;
    is_u64(flits, 0, "private hashes: no ring traffic");
    ws_iru_view v;
    ws_iru_view_get(s->u[1], &v);
    is_u64(v.hash_elems, 4, "private hashes: partition 1 keeps its 4 elements");
    sim_free(s);
}

/* 5b. A bidirectional ring (iru.ring bi): the shorter way, ties p -> p + 1,
 * a link each way, the ring's elements before local ones. */
static void test_ring_bidir(void)
{
    ws_iru_config c = base_cfg(4);
    ok(ws_iru_ring_dir(&c, 0, 3) == 0 && ws_iru_ring_hops(&c, 0, 3) == 3 && ws_iru_ring_hops(&c, 3, 0) == 1,
       "one-way ring: 0 -> 3 is 3 hops forward, 3 -> 0 one");
    c.bidir = true;
    ok(ws_iru_ring_dir(&c, 0, 3) == 1 && ws_iru_ring_hops(&c, 0, 3) == 1, "both ways: 0 -> 3 is one hop back");
    ok(ws_iru_ring_dir(&c, 1, 3) == 0 && ws_iru_ring_hops(&c, 1, 3) == 2 && ws_iru_ring_dir(&c, 3, 1) == 0,
       "both ways: a tie (two hops) goes forward");
    ok(ws_iru_ring_dir(&c, 2, 1) == 1 && ws_iru_ring_dir(&c, 0, 1) == 0 && ws_iru_ring_hops(&c, 2, 2) == 0,
       "both ways: 2 -> 1 back, 0 -> 1 forward, 2 -> 2 no hop");
    c.line = 16;                        /* 4 elements a line: partition p owns 4p..4p+3 */
    sim *s = sim_new(&c, 10, 16);
    for (uint32_t i = 0; i < 12; i++)
        wr32(s, 4 * i, 3);              /* every element to partition 3, local set 0 (bank 0) */
    sim_launch(s, (ws_iru_regs){ .target = 0, .elem_size = 128, .indices = 0, .n = 12 });
    ws_iru_request(s->u[3], 1, 0xffffffffu, 0);
    uint64_t full = 0;
    while (s->cycle < 200 && !full) {
        sim_cycle(s);
        uint32_t fill, blocks;
        ws_iru_set_info(s->u[3], 0, &fill, &blocks);
        if (fill == 12)
            full = s->cycle - 1;
    }
    /* 0..3 go back 0 -> 3 (one hop), 4..7 forward 1 -> 2 -> 3 (a tie),
     * 8..11 forward 2 -> 3; at 2 the passing 4..7 go before 8..11; at 3
     * bank 0 takes the forward link's element first when both have one */
    is_u64(full, RING_BI_FULL, "both ways: the twelfth element is in partition 3's entry at cycle " XSTR(RING_BI_FULL));
    is_u64(ws_iru_stats_get(s->u[0])->ring_flits, 4, "both ways: partition 0 sent 4");
    is_u64(ws_iru_stats_get(s->u[0])->ring_flits_back, 4, "both ways: ... all back (0 -> 3)");
    is_u64(ws_iru_stats_get(s->u[1])->ring_flits, 4, "both ways: partition 1 sent 4 forward");
    is_u64(ws_iru_stats_get(s->u[2])->ring_flits, 8, "both ways: partition 2 sent 8 forward (4 passing, 4 its own)");
    is_u64(ws_iru_stats_get(s->u[3])->ring_flits, 0, "both ways: partition 3 sent nothing");
    is_u64(ws_iru_stats_get(s->u[1])->ring_flits_back + ws_iru_stats_get(s->u[2])->ring_flits_back, 0,
           "both ways: nothing else went back");
    sim_run(s, 300);
    is_int(s->nrep, 1, "both ways: partition 3 replied once (end of stream)");
    uint32_t want[12] = { RING_BI_ORDER }, good = 0;
    for (uint32_t l = 0; l < 12; l++)
        good += s->rep[0].pos[l] == want[l];
    printf("# order:");
    for (uint32_t l = 0; l < 12; l++)
        printf(" %u", s->rep[0].pos[l]);
    printf("\n");
    is_int(good, 12, "both ways: order " XSTR(RING_BI_ORDER));
    is_int(s->rep[0].valid, 0xfffu, "both ways: twelve lanes valid");
    sim_free(s);
}

/* 6. The prefetcher: at most 8 lines in flight, only its own lines. */
static void test_prefetch(void)
{
    ws_iru_config c = base_cfg(1);
    sim *s = sim_new(&c, 100, 128);
    uint32_t n = 32 * 40;
    for (uint32_t i = 0; i < n; i++) {
        wr32(s, IDX + 4 * i, i);
        wr32(s, SEC + 4 * i, i);
    }
    sim_launch(s, (ws_iru_regs){ .target = 0, .elem_size = 4, .indices = IDX, .secondary = SEC, .n = n });
    for (uint32_t i = 0; i < 40; i++)
        ws_iru_request(s->u[0], i, 0xffffffffu, 0);
    sim_run(s, 3000);
    is_int(s->max_out[0], 8, "prefetch: 8 lines in flight at most (and reached)");
    is_int(s->max_view[0], 8, "prefetch: the inspector never shows more than 8");
    is_u64(ws_iru_stats_get(s->u[0])->pf_lines, 80, "prefetch: 40 index + 40 secondary lines");
    is_int(s->nrep, 40, "prefetch: 40 replies");
    uint32_t two = 0;
    for (uint32_t i = 0; i < s->nrep; i++)
        two += s->rep[i].packets == 2;
    is_int(two, 40, "two packets per request with a secondary array (never more)");
    is_u64(ws_iru_stats_get(s->u[0])->reply_packets, 80, "reply packets counted");
    sim_free(s);

    /* 4 partitions, lines interleaved: each reads only its own quarter */
    c = base_cfg(4);
    s = sim_new(&c, 100, 128);
    for (uint32_t i = 0; i < n; i++) {
        wr32(s, IDX + 4 * i, i);
        wr32(s, SEC + 4 * i, i);
    }
    sim_launch(s, (ws_iru_regs){ .target = 0, .elem_size = 4, .indices = IDX, .secondary = SEC, .n = n });
    sim_run(s, 2000);
    uint32_t ok4 = 0;
    for (uint32_t p = 0; p < 4; p++)
        ok4 += ws_iru_stats_get(s->u[p])->pf_lines == 20 && ws_iru_stats_get(s->u[p])->elems_in == 320 &&
               s->max_out[p] <= 8;
    is_int(ok4, 4, "prefetch: each of 4 partitions reads its 10 + 10 lines, 320 elements, <= 8 in flight");
    is_int(s->wrong_owner, 0, "prefetch: no line of another partition");
    sim_free(s);
}

/* 7. End of stream: partial entries merged, best first. */
static void test_flush(void)
{
    ws_iru_config c = base_cfg(1);
    sim *s = sim_new(&c, 10, 128);
    /* 5 blocks x 8 elements, interleaved: element i is block i % 5 */
    for (uint32_t i = 0; i < 40; i++)
        wr32(s, IDX + 4 * i, 32 * (i % 5) + i / 5);
    sim_launch(s, (ws_iru_regs){ .target = 0, .elem_size = 4, .indices = IDX, .n = 40 });
    ws_iru_request(s->u[0], 1, 0xffffffffu, 0);
    ws_iru_request(s->u[0], 2, 0xffffffffu, 0);
    sim_run(s, 300);
    is_int(s->nrep, 2, "flush: two replies");
    ok(s->rep[0].flush && s->rep[1].flush, "flush: both at the end of the stream");
    uint32_t good = 0;
    for (uint32_t l = 0; l < 32; l++)
        good += s->rep[0].idx[l] == 32 * (l / 8) + l % 8;
    is_int(good, 32, "flush: first reply merges blocks 0-3 (8 each, lowest set first)");
    ok(s->rep[0].lines == 4 && s->rep[1].lines == 1, "flush: 4 blocks, then 1");
    good = 0;
    for (uint32_t l = 0; l < 8; l++)
        good += s->rep[1].idx[l] == 128 + l;
    ok(good == 8 && s->rep[1].valid == 0xffu, "flush: second reply block 4 in lanes 0-7, 24 lanes disabled");
    ws_iru_view v;
    ws_iru_view_get(s->u[0], &v);
    ok(v.hash_elems == 0 && ws_iru_idle(s->u[0]), "flush: the unit is empty and idle");
    sim_free(s);
}

/* 8. A larger pseudo-random run on 4 partitions: every element delivered
 * once; two identical runs give identical counters and replies. */
typedef struct run_out {
    ws_iru_stats st[4];
    uint64_t sum_pos, sum_idx, lanes, nrep, cycles;
    uint32_t seen_twice;
} run_out;

static void big_run(run_out *o, ws_iru_filter f)
{
    ws_iru_config c = base_cfg(4);
    c.timeout = 300;
    c.hash = WS_IRU_HASH_XOR;
    sim *s = sim_new(&c, 37, 256);
    uint32_t n = 5000;
    uint64_t x = 12345;
    for (uint32_t i = 0; i < n; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        wr32(s, IDX + 4 * i, (uint32_t)(x >> 33) % (i < 2500 ? 4000 : 400000));
        wr32(s, SEC + 4 * i, i);
    }
    sim_launch(s, (ws_iru_regs){ .target = 0x10000, .elem_size = 4, .indices = IDX, .secondary = SEC,
                                 .n = n, .filter = f });
    uint8_t *seen = calloc(n, 1);
    memset(o, 0, sizeof *o);
    uint32_t next = 0;
    while (s->cycle < 200000) {
        /* one request a cycle, round robin; at the end, to whoever holds elements */
        if (!s->flushed) {
            if (s->cycle % 3 == 0)
                ws_iru_request(s->u[next++ % 4], s->cycle, 0xffffffffu, s->cycle);
        } else {
            bool any = false;
            for (uint32_t p = 0; p < 4; p++) {
                ws_iru_view v;
                ws_iru_view_get(s->u[p], &v);
                if (v.hash_elems > 0 || v.owed > 0) {
                    any = true;
                    if (v.req_fifo == 0)
                        ws_iru_request(s->u[p], s->cycle, 0xffffffffu, s->cycle);
                }
            }
            if (!any)
                break;
        }
        sim_cycle(s);
    }
    for (uint32_t i = 0; i < s->nrep; i++)
        for (uint32_t l = 0; l < 32; l++)
            if (s->rep[i].valid >> l & 1u) {
                uint32_t pos = s->rep[i].pos[l];
                if (pos < n && seen[pos]++)
                    o->seen_twice++;
                o->sum_pos += pos;
                o->sum_idx += s->rep[i].idx[l];
                o->lanes++;
            }
    o->nrep = s->nrep;
    o->cycles = s->cycle;
    for (uint32_t p = 0; p < 4; p++)
        o->st[p] = *ws_iru_stats_get(s->u[p]);
    free(seen);
    sim_free(s);
}

static void test_big(void)
{
    run_out a, b;
    big_run(&a, WS_IRU_FILTER_NONE);
    big_run(&b, WS_IRU_FILTER_NONE);
    is_u64(a.lanes, 5000, "random run: 5000 elements delivered");
    is_int(a.seen_twice, 0, "random run: none twice");
    is_u64(a.sum_pos, 5000ull * 4999 / 2, "random run: every position once");
    ok(memcmp(a.st, b.st, sizeof a.st) == 0 && a.nrep == b.nrep && a.cycles == b.cycles &&
       a.sum_idx == b.sum_idx, "determinism: identical counters and replies");
    uint64_t in = 0, flits = 0, hist = 0, reps = 0, conf = 0;
    for (uint32_t p = 0; p < 4; p++) {
        in += a.st[p].elems_in;
        flits += a.st[p].ring_flits;
        reps += a.st[p].replies;
        conf += a.st[p].hash_conflicts;
        for (uint32_t k = 0; k <= 32; k++)
            hist += a.st[p].coal_hist[k];
    }
    is_u64(in, 5000, "random run: elements in");
    is_u64(hist, reps, "random run: the coalescing histogram counts every reply");
    ok(flits > 0, "random run: the ring carried elements (%llu)", (unsigned long long)flits);
    ok(conf > 0, "random run: entries mixing blocks (%llu conflicts)", (unsigned long long)conf);
    diag("random run: %llu replies, %llu conflicts, %llu cycles", (unsigned long long)reps,
         (unsigned long long)conf, (unsigned long long)a.cycles);

    run_out d;
    big_run(&d, WS_IRU_FILTER_DROP);
    uint64_t filt = 0;
    for (uint32_t p = 0; p < 4; p++)
        filt += d.st[p].filtered;
    is_u64(d.lanes + filt, 5000, "random run with drop: delivered + filtered = 5000");
    is_int(d.seen_twice, 0, "random run with drop: none twice");
}

/* 9. Skipping the cycles ws_iru_next_event says are empty gives the
 * replies and counters of stepping every cycle. */
static uint64_t skip_run(bool skip, ws_iru_filter f, ws_iru_stats st[4], uint64_t *nrep, uint64_t *sum)
{
    ws_iru_config c = base_cfg(4);
    c.timeout = 300;
    c.hash = WS_IRU_HASH_XOR;
    sim *s = sim_new(&c, 37, 256);
    uint32_t n = 3000;
    uint64_t x = 99;
    for (uint32_t i = 0; i < n; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        wr32(s, IDX + 4 * i, (uint32_t)(x >> 33) % (i % 3 ? 1000 : 300000));
        wr32(s, SEC + 4 * i, b32(1.0f));
    }
    sim_launch(s, (ws_iru_regs){ .target = 0x10000, .elem_size = 4, .indices = IDX, .secondary = SEC,
                                 .n = n, .filter = f });
    /* without a filter, no request before cycle 1000: entries fill and banks wait */
    uint64_t first = f == WS_IRU_FILTER_NONE ? 1000 : 0;
    uint64_t visited = 0;
    while (s->cycle < 100000) {
        if (s->cycle % 50 == 0 && s->cycle >= first) {
            bool any = false;
            for (uint32_t p = 0; p < 4; p++) {
                ws_iru_view v;
                ws_iru_view_get(s->u[p], &v);
                if (!s->flushed && v.req_fifo < 2)
                    ws_iru_request(s->u[p], s->cycle * 4 + p, 0xffffffffu, s->cycle);
                if (s->flushed && (v.hash_elems > 0 || v.owed > 0)) {
                    any = true;
                    if (v.req_fifo == 0)
                        ws_iru_request(s->u[p], s->cycle * 4 + p, 0xffffffffu, s->cycle);
                }
                any = any || v.req_fifo > 0 || v.replies > 0;
            }
            if (s->flushed && !any)
                break;
        }
        sim_cycle(s);
        visited++;
        if (skip) {
            uint64_t nx = (s->cycle + 49) / 50 * 50;
            for (uint32_t p = 0; p < 4; p++) {
                uint64_t e = ws_iru_next_event(s->u[p], s->cycle);
                if (e < nx)
                    nx = e;
            }
            for (uint32_t i = 0; i < s->npd; i++)
                if (s->pd[i].ready < nx)
                    nx = s->pd[i].ready < s->cycle ? s->cycle : s->pd[i].ready;
            s->cycle = nx;
        }
    }
    uint64_t h = 1469598103934665603ull;
    for (uint32_t i = 0; i < s->nrep; i++) {
        const ws_iru_reply *r = &s->rep[i];
        uint64_t v[4] = { r->tag, r->valid, r->t_reply, s->rep_unit[i] };
        for (uint32_t k = 0; k < 4; k++)
            h = (h ^ v[k]) * 1099511628211ull;
        for (uint32_t l = 0; l < 32; l++)
            if (r->valid >> l & 1u)
                h = (h ^ ((uint64_t)r->idx[l] << 32 | (r->pos[l] ^ r->sec[l]))) * 1099511628211ull;
    }
    *sum = h;
    for (uint32_t p = 0; p < 4; p++)
        st[p] = *ws_iru_stats_get(s->u[p]);
    *nrep = s->nrep;
    sim_free(s);
    return visited;
}

static void test_skip(void)
{
    for (int f = 0; f < 2; f++) {
        ws_iru_filter fl = f ? WS_IRU_FILTER_ADD : WS_IRU_FILTER_NONE;
        const char *name = f ? "add" : "none";
        ws_iru_stats a[4], b[4];
        uint64_t na, nb, ha, hb;
        uint64_t va = skip_run(false, fl, a, &na, &ha);
        uint64_t vb = skip_run(true, fl, b, &nb, &hb);
        diag("skipping (%s): %llu cycles visited of %llu, %llu replies", name, (unsigned long long)vb,
             (unsigned long long)va, (unsigned long long)na);
        ok(vb < va, "skipping (%s): fewer cycles visited", name);
        ok(na == nb && ha == hb, "skipping (%s): the same replies, lanes and reply cycles", name);
        ok(memcmp(a, b, sizeof a) == 0, "skipping (%s): the same counters (occupancy and stalls included)", name);
        uint64_t stalls = 0, merged = 0;
        for (uint32_t p = 0; p < 4; p++) {
            stalls += a[p].hash_stalls;
            merged += a[p].merged;
        }
        if (f)
            ok(merged > 0, "skipping (add): the run merged elements (%llu)", (unsigned long long)merged);
        else
            ok(stalls > 0, "skipping (none): banks waited for full entries (%llu cycles)", (unsigned long long)stalls);
    }
}

static void test_config(void)
{
    ws_iru_config c = base_cfg(4);
    ws_error err = { 0 };
    c.sets = 1022;
    ok(ws_iru_config_check(&c, &err) != 0 && strstr(err.msg, "iru.sets"), "config: sets not a multiple refused");
    c = base_cfg(4);
    c.banks = 3;
    ok(ws_iru_config_check(&c, &err) != 0 && strstr(err.msg, "iru.banks"), "config: banks not dividing refused");
    c = base_cfg(4);
    ws_iru *u = ws_iru_create(&c, 0, owner_fn, NULL, &err);
    ws_iru_sizes z;
    ws_iru_sizes_get(u, &z);
    is_u64(z.hash_bytes, 80 * 1024, "sizes: 256 sets x 32 x 80 bits = 80 KB (Table 1)");
    ok(z.slot_bits == 80 && z.entry_bits == 2560, "sizes: 80-bit slots, 2560-bit entries");
    ok(z.class_bytes == 1200 && z.ring_bytes == 2800 && z.req_fifo_bytes == 2048,
       "sizes: classifier 1.2 KB, ring 2.8 KB, request FIFO 2 KB (Table 1)");
    ws_iru_regs r = { .target = 0, .elem_size = 0, .indices = 0, .n = 1 };
    ok(ws_iru_launch(u, &r, &err) != 0, "launch: element size 0 refused");
    r.elem_size = 4;
    r.indices = 2;
    ok(ws_iru_launch(u, &r, &err) != 0, "launch: misaligned indices refused");
    r.indices = 0;
    r.n = 0;
    ok(ws_iru_launch(u, &r, &err) == 0 && ws_iru_stream_done(u), "launch: n = 0 is done at once");
    ws_iru_free(u);

    /* the options: the paper's numbers on its machine; off on every preset */
    ws_opts *o = ws_opts_new();
    ok(ws_opts_apply_preset(o, "gtx980", &err) == 0, "options: gtx980 applies");
    ws_iru_config oc;
    ok(ws_iru_config_from_opts(&oc, o, &err) == 0, "options: the IRU's configuration builds");
    ok(oc.parts == 4 && oc.sets == 1024 && oc.sets / oc.parts == 256 && oc.banks == 2 && oc.entry == 32 &&
       oc.pf_inflight == 8 && oc.line == 128 && oc.shared && !oc.bypass_l2,
       "options: 4 partitions of 256 sets, 2 banks, 32-element entries, 8 lines in flight");
    uint32_t on = 0;
    for (size_t i = 0; i < ws_opts_npresets(); i++) {
        ws_opts_apply_preset(o, ws_opts_preset_at(i)->name, &err);
        on += ws_opts_bool(o, "iru.enable");
    }
    is_int(on, 0, "options: iru.enable is off on every preset");
    ws_opts_set(o, "iru.sets", "1000", &err);
    ok(ws_iru_config_from_opts(&oc, o, &err) != 0 && strstr(err.msg, "iru.sets"), "options: 1000 sets over 4 partitions refused");
    ws_opts_free(o);
}

int main(void)
{
    test_full_entry();
    test_timeout();
    test_timeout_head();
    test_filters();
    test_packing();
    test_ring();
    test_ring_bidir();
    test_prefetch();
    test_flush();
    test_big();
    test_skip();
    test_config();
    return tap_done();
}
