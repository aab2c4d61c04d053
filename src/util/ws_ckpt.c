/* ws_ckpt.c: checkpoint bookkeeping (see ws_ckpt.h). */
#include "config.h"
#include "util/ws_ckpt.h"

#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

int ws_ckpt_cmp(uint64_t tick_a, uint32_t phase_a, uint64_t tick_b, uint32_t phase_b)
{
    if (tick_a != tick_b)
        return tick_a < tick_b ? -1 : 1;
    if (phase_a != phase_b)
        return phase_a < phase_b ? -1 : 1;
    return 0;
}

void ws_ckpt_init(ws_ckpt_set *s, uint32_t max, uint32_t newest)
{
    memset(s, 0, sizeof *s);
    s->newest = newest;
    s->max = max < newest + 2 ? newest + 2 : max;
}

void ws_ckpt_free(ws_ckpt_set *s)
{
    free(s->c);
    s->c = NULL;
    s->n = s->cap = 0;
}

int ws_ckpt_add(ws_ckpt_set *s, const ws_ckpt *c)
{
    if (s->n && ws_ckpt_cmp(c->tick, c->phase, s->c[s->n - 1].tick, s->c[s->n - 1].phase) < 0)
        return -1;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 16;
        s->c = ws_xrealloc(s->c, s->cap * sizeof *s->c);
    }
    s->c[s->n++] = *c;
    return 0;
}

void ws_ckpt_remove(ws_ckpt_set *s, uint32_t i)
{
    if (i >= s->n)
        return;
    memmove(s->c + i, s->c + i + 1, (s->n - i - 1) * sizeof *s->c);
    s->n--;
}

int ws_ckpt_choose(const ws_ckpt_set *s, uint64_t tick, uint32_t phase)
{
    for (uint32_t i = s->n; i > 0; i--)
        if (ws_ckpt_cmp(s->c[i - 1].tick, s->c[i - 1].phase, tick, phase) <= 0)
            return (int)(i - 1);
    return -1;
}

uint32_t ws_ckpt_after(const ws_ckpt_set *s, uint64_t tick, uint32_t phase)
{
    uint32_t i = 0;
    while (i < s->n && ws_ckpt_cmp(s->c[i].tick, s->c[i].phase, tick, phase) <= 0)
        i++;
    return i;
}

int ws_ckpt_thin(const ws_ckpt_set *s, uint64_t now)
{
    if (s->n <= s->max || s->n < s->newest + 2)
        return -1;
    int best = -1;
    double best_score = 0;
    for (uint32_t i = 1; i + s->newest < s->n; i++) {
        if (s->c[i].barrier)
            continue;
        uint64_t gap = s->c[i + 1].tick - s->c[i - 1].tick;
        uint64_t age = now > s->c[i + 1].tick ? now - s->c[i + 1].tick : 0;
        double score = (double)gap / (double)(age + 1);
        if (best < 0 || score < best_score) {
            best = (int)i;
            best_score = score;
        }
    }
    return best;
}

uint64_t ws_ckpt_interval(uint64_t fixed, double rate, double target_s, uint64_t lo, uint64_t hi)
{
    if (fixed)
        return fixed;
    if (!(rate > 0))
        return lo;
    double v = rate * target_s;
    if (v < (double)lo)
        return lo;
    if (v > (double)hi)
        return hi;
    return (uint64_t)v;
}
