/* Memory-system benchmark (`make bench`): cost of one core cycle of
 * ws_memsys (gtx480 options: 15 SMs, 12 L2 slices, 6 DRAM channels) with the
 * SMs reduced to request generators.
 *
 * Budget: the timing model targets 500,000 core cycles/s for the whole GPU,
 * i.e. 2 us per cycle for 15 SMs and the memory system together.
 *
 *   stream   every SM keeps 48 sequential 128-byte reads in flight
 *            (DRAM-bound, ~98% of peak bandwidth)
 *   random   every SM keeps 16 requests in flight: 32-byte reads (80%) and
 *            silent writes over 64 MB (L2 misses, row conflicts)
 *   sparse   one read every 300 cycles from a rotating SM, stepped every
 *            cycle, then the same run skipping to ws_memsys_next_event
 *
 * Each case: best of 3 runs, process CPU time.
 * Usage: ws_bench_memsys [stream|random|sparse] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arch/ws_mempart.h"
#include "util/ws_rng.h"

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

enum { NSM = 15, STREAM, RANDOM, SPARSE };

typedef struct result {
    uint64_t cycles, visited, replies;
    double secs;
} result;

static void run(int mode, bool skip, uint64_t cycles, result *res)
{
    ws_opts *o = ws_opts_new();
    ws_mreq_pool pool;
    ws_mreq_pool_init(&pool);
    ws_error err = { 0 };
    ws_memsys *m = ws_memsys_create(o, NSM, &pool, &err);
    if (!m) {
        fprintf(stderr, "ws_bench_memsys: %s\n", err.msg);
        exit(1);
    }
    ws_rng rng;
    ws_rng_seed(&rng, 7);
    uint32_t out[NSM] = { 0 };
    ws_mreq *held[NSM] = { 0 };
    uint32_t maxout = mode == STREAM ? 48 : 16;
    uint64_t line = 0, replies = 0, visited = 0;
    double t0 = cpu_now();
    for (uint64_t c = 0; c < cycles;) {
        visited++;
        for (uint32_t s = 0; s < NSM; s++) {
            ws_mreq *r;
            while ((r = ws_memsys_pop(m, s, c))) {
                ws_mreq_free(&pool, r);
                out[s]--;
                replies++;
            }
            if (mode == SPARSE) continue;
            if (!held[s] && out[s] < maxout) {
                r = held[s] = ws_mreq_alloc(&pool);
                if (mode == STREAM) {
                    r->kind = WS_MREQ_READ;
                    r->addr = 128 * line++;
                    r->size = 128;
                } else {
                    bool wr = ws_rng_below(&rng, 5) == 0;
                    r->kind = wr ? WS_MREQ_WRITE : WS_MREQ_READ;
                    if (wr) r->flags |= WS_MREQ_F_NO_REPLY;
                    r->addr = 32 * ws_rng_below(&rng, 2u << 20);
                    r->size = 32;
                }
            }
            if (held[s] && ws_memsys_push(m, s, held[s], c)) {
                if (!(held[s]->flags & WS_MREQ_F_NO_REPLY)) out[s]++;
                held[s] = NULL;
            }
        }
        if (mode == SPARSE && c % 300 == 0) {
            ws_mreq *r = ws_mreq_alloc(&pool);
            r->kind = WS_MREQ_READ;
            r->addr = 128 * ws_rng_below(&rng, 1u << 19);
            r->size = 128;
            ws_memsys_push(m, (uint32_t)(c / 300 % NSM), r, c);
        }
        ws_memsys_tick(m, c);
        if (!skip) {
            c++;
            continue;
        }
        uint64_t n = ws_memsys_next_event(m, c + 1);
        uint64_t gen = (c / 300 + 1) * 300;
        c = n < gen ? n : gen;
    }
    res->secs = cpu_now() - t0;
    res->cycles = cycles;
    res->visited = visited;
    res->replies = replies;
    ws_memsys_free(m);
    ws_mreq_pool_fini(&pool);
    ws_opts_free(o);
}

static void report(const char *name, int mode, bool skip, uint64_t cycles)
{
    result best = { 0 }, r;
    for (int i = 0; i < 3; i++) {
        run(mode, skip, cycles, &r);
        if (i == 0 || r.secs < best.secs) best = r;
    }
    printf("  %-14s %9llu cycles (%llu visited) %8llu replies  %7.1f ns/cycle  %6.2f M cycles/s\n",
           name, (unsigned long long)best.cycles, (unsigned long long)best.visited,
           (unsigned long long)best.replies, 1e9 * best.secs / (double)best.cycles,
           (double)best.cycles / best.secs / 1e6);
}

int main(int argc, char **argv)
{
    const char *only = argc > 1 ? argv[1] : "";
    printf("ws_memsys, gtx480 (15 SMs, 12 slices, 6 channels), best of 3 (CPU time):\n");
    if (!*only || !strcmp(only, "stream")) report("stream", STREAM, false, 200000);
    if (!*only || !strcmp(only, "random")) report("random", RANDOM, false, 200000);
    if (!*only || !strcmp(only, "sparse")) {
        report("sparse step", SPARSE, false, 2000000);
        report("sparse skip", SPARSE, true, 2000000);
    }
    return 0;
}
