/* t_ckpt.c: the checkpoint bookkeeping of stepping back (util/ws_ckpt.h):
 * positions, the choice of the checkpoint to replay from, what going back
 * discards, thinning and the interval. */
#include "config.h"
#include "util/ws_ckpt.h"
#include "ws_tap.h"

static void add(ws_ckpt_set *s, uint64_t tick, uint32_t phase, bool barrier)
{
    ws_ckpt c = { .tick = tick, .phase = phase, .pid = (int)tick, .barrier = barrier };
    ok(ws_ckpt_add(s, &c) == 0, "add tick %llu phase %u", (unsigned long long)tick, phase);
}

static void ticks(const ws_ckpt_set *s, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (uint32_t i = 0; i < s->n && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%llu", i ? " " : "", (unsigned long long)s->c[i].tick);
}

int main(void)
{
    is_int(ws_ckpt_cmp(5, 1, 5, 2), -1, "same tick: the later phase is after");
    is_int(ws_ckpt_cmp(6, 0, 5, 2), 1, "the tick comes first");
    is_int(ws_ckpt_cmp(5, 2, 5, 2), 0, "equal");

    ws_ckpt_set s;
    ws_ckpt_init(&s, 6, 2);
    is_int(ws_ckpt_choose(&s, 100, 0), -1, "no checkpoint: nothing to choose");
    add(&s, 0, 1, true);
    add(&s, 1000, 1, false);
    add(&s, 1000, 2, false);          /* the next launch began at the same tick */
    add(&s, 2500, 2, false);
    ws_ckpt older = { .tick = 2000, .phase = 2 };
    is_int(ws_ckpt_add(&s, &older), -1, "a checkpoint older than the newest is refused");
    is_int(ws_ckpt_choose(&s, 999, 1), 0, "999: the start");
    is_int(ws_ckpt_choose(&s, 1000, 1), 1, "1000 phase 1: the end of launch 1");
    is_int(ws_ckpt_choose(&s, 1000, 2), 2, "1000 phase 2: the first cycle of launch 2");
    is_int(ws_ckpt_choose(&s, 2499, 2), 2, "2499: the checkpoint at 1000");
    is_int(ws_ckpt_choose(&s, 9999, 5), 3, "later: the newest");
    is_int((int)ws_ckpt_after(&s, 1000, 1), 2, "going back to 1000 phase 1 discards from index 2");
    is_int((int)ws_ckpt_after(&s, 5000, 2), 4, "nothing is after the newest");
    is_int(ws_ckpt_thin(&s, 2600), -1, "4 of at most 6: nothing to thin");

    /* thinning: one every 100 cycles up to 1000, at most 6, newest 2 kept */
    ws_ckpt_free(&s);
    ws_ckpt_init(&s, 6, 2);
    char buf[200];
    for (uint64_t k = 0; k <= 10; k++) {
        add(&s, k * 100, 1, k == 0);
        int i;
        while ((i = ws_ckpt_thin(&s, k * 100)) >= 0)
            ws_ckpt_remove(&s, (uint32_t)i);
    }
    ticks(&s, buf, sizeof buf);
    is_int((int)s.n, 6, "at most 6 remain");
    is_str(buf, "0 400 600 800 900 1000", "gaps grow into the past; the oldest and the 2 newest stay");
    is_u64(s.c[0].tick, 0, "the start (a barrier) is never dropped");

    /* a barrier in the middle stays too */
    ws_ckpt_free(&s);
    ws_ckpt_init(&s, 4, 1);
    add(&s, 0, 1, true);
    add(&s, 10, 1, false);
    add(&s, 20, 1, true);
    add(&s, 30, 1, false);
    add(&s, 40, 1, false);
    int i = ws_ckpt_thin(&s, 40);
    is_int(i, 1, "the one between the start and a barrier goes");
    ws_ckpt_remove(&s, (uint32_t)i);
    is_int(ws_ckpt_thin(&s, 40), -1, "then 4 remain");
    ws_ckpt_free(&s);

    /* max below newest + 2 is raised */
    ws_ckpt_init(&s, 1, 3);
    is_int((int)s.max, 5, "max is at least newest + 2");
    ws_ckpt_free(&s);

    is_u64(ws_ckpt_interval(5000, 1e6, 0.5, 1000, 1u << 30), 5000, "a fixed interval wins");
    is_u64(ws_ckpt_interval(0, 0, 0.5, 1000, 1u << 30), 1000, "not measured yet: the lower bound");
    is_u64(ws_ckpt_interval(0, 400000, 0.5, 1000, 1u << 30), 200000, "400,000 cycles/s for 0.5 s");
    is_u64(ws_ckpt_interval(0, 100, 0.5, 1000, 1u << 30), 1000, "slow: the lower bound");
    is_u64(ws_ckpt_interval(0, 1e12, 0.5, 1000, 1u << 30), 1u << 30, "fast: the upper bound");
    tap_done();
    return 0;
}
