/* DRAM channel benchmark (`make bench`): cost of ws_dram_tick per command
 * clock on one channel with GTX480 timing, queue 64, ticked every clock.
 *
 * Budget: the timing model targets 500,000 core cycles/s on gtx480, whose 6
 * channels tick 924/700 times per core cycle: ~4 M channel clocks/s, i.e. a
 * channel clock must cost well under 250 ns.
 *
 *   stream   sequential 128-byte lines (GTX480 map, channel 0), queue kept full
 *   random   random banks and rows (row conflicts), queue kept full
 *   sparse   one random read every 200 clocks (mostly waiting: O(1) ticks)
 *
 * Each case runs until at least 0.3 s has passed; best of 3 in process CPU
 * time.  Usage: ws_bench_dram [stream|random|sparse] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arch/ws_dram.h"
#include "util/ws_rng.h"

#define GTX480_MAP "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS"
#define POOL 4096

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

enum { STREAM, RANDOM, SPARSE };

/* Runs `clocks` command clocks; returns requests completed. */
static uint64_t run(int mode, uint64_t clocks, const ws_addrmap *m, uint64_t *busy)
{
    ws_dram_config c;
    ws_dram_config_default(&c);
    ws_error err = {0};
    ws_dram *d = ws_dram_create(&c, 0, &err);
    static ws_mreq pool[POOL];
    ws_mreq *free_list = NULL;
    for (int i = 0; i < POOL; i++) {
        pool[i].next = free_list;
        free_list = &pool[i];
    }
    ws_rng rng;
    ws_rng_seed(&rng, 42);
    uint64_t addr = 0, done = 0;
    for (uint64_t t = 0; t < clocks; t++) {
        bool want = mode == SPARSE ? t % 200 == 0 : true;
        while (want && free_list && ws_dram_can_accept(d)) {
            ws_mreq *r = free_list;
            free_list = r->next;
            memset(r, 0, sizeof *r);
            r->kind = WS_MREQ_READ;
            r->size = 128;
            if (mode == STREAM) {
                do {
                    r->addr = addr;
                    addr += 128;
                    ws_addrmap_decode_req(m, r);
                } while (r->chan != 0);
            } else {
                r->bank = (uint16_t)ws_rng_below(&rng, 16);
                r->row = (uint32_t)ws_rng_below(&rng, 64);
            }
            ws_dram_push(d, r, t);
            if (mode == SPARSE) break;
        }
        ws_dram_tick(d, t);
        ws_mreq *r;
        while ((r = ws_dram_pop(d, t)) != NULL) {
            r->next = free_list;
            free_list = r;
            done++;
        }
    }
    *busy = ws_dram_stats_get(d)->data_busy;
    ws_dram_free(d);
    return done;
}

int main(int argc, char **argv)
{
    ws_error err = {0};
    ws_addrmap *m = ws_addrmap_create(GTX480_MAP, 6, 2, 16, 4, &err);
    if (!m) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    const char *names[] = {"stream", "random", "sparse"};
    for (int mode = STREAM; mode <= SPARSE; mode++) {
        if (argc > 1 && strcmp(argv[1], names[mode]) != 0) continue;
        double best = 1e30;
        uint64_t clocks = 1 << 20, done = 0, busy = 0;
        for (int rep = 0; rep < 3; rep++) {
            double t0 = cpu_now();
            done = run(mode, clocks, m, &busy);
            double dt = cpu_now() - t0;
            if (dt < 0.3 && rep == 0) {
                clocks *= 2;
                rep--;
                continue;
            }
            if (dt < best) best = dt;
        }
        printf("dram %-6s: %8.1f M clocks/s  %6.1f ns/clock  (%llu clocks, %llu requests, "
               "bus util %.3f)\n",
               names[mode], (double)clocks / best * 1e-6, best / (double)clocks * 1e9,
               (unsigned long long)clocks, (unsigned long long)done, (double)busy / (double)clocks);
    }
    ws_addrmap_free(m);

    /* address decoding */
    m = ws_addrmap_create(GTX480_MAP, 6, 2, 16, 4, &err);
    double t0 = cpu_now();
    uint64_t sum = 0, n = 1u << 24;
    for (uint64_t a = 0; a < n; a++) {
        ws_dram_loc l;
        ws_addrmap_decode(m, a * 128, &l);
        sum += l.chan + l.bank + l.row + l.col;
    }
    double dt = cpu_now() - t0;
    printf("addrmap decode: %6.1f ns/address (checksum %llu)\n", dt / (double)n * 1e9,
           (unsigned long long)sum);
    ws_addrmap_free(m);
    return 0;
}
