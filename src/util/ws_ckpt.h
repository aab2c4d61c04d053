/* ws_ckpt.h: the bookkeeping of checkpoints for stepping back: which
 * positions have one, which one to replay from, which one to drop when
 * there are too many, and how often to take one.  Pure logic (no processes,
 * no I/O): the TUI's fork-based checkpoints (src/tui/ws_tui_back.c) keep
 * their process ids and pipes here; tests/t_ckpt.c tests it alone.
 *
 * A position is (tick, phase): tick counts the cycles the front end has
 * simulated since it began (over every launch and gpu), phase the times
 * the scenario was resumed (each launch begins one).  Positions compare by
 * tick, then phase: the end of a launch and the first cycle of the next
 * share a tick, and the next launch's phase is the later position. */
#ifndef WS_CKPT_H
#define WS_CKPT_H

#include <stdbool.h>
#include <stdint.h>

typedef struct ws_ckpt {
    uint64_t tick;              /* position */
    uint32_t phase;
    uint64_t cycle;             /* the gpu's clock there (for listings; 0: none) */
    int pid;                    /* the frozen process (or any id of the caller's) */
    int fd_cmd, fd_ans;         /* its pipes, seen from the live process */
    bool barrier;               /* going back before it is impossible; never dropped */
    bool mine;                  /* forked by this process (which reaps it) */
} ws_ckpt;

typedef struct ws_ckpt_set {
    ws_ckpt *c;                 /* oldest first */
    uint32_t n, cap;
    uint32_t max;               /* at most this many are kept (>= newest + 2) */
    uint32_t newest;            /* the newest this many are never thinned */
} ws_ckpt_set;

/* -1, 0, 1 as position a is before, at or after position b. */
int ws_ckpt_cmp(uint64_t tick_a, uint32_t phase_a, uint64_t tick_b, uint32_t phase_b);

void ws_ckpt_init(ws_ckpt_set *s, uint32_t max, uint32_t newest);
void ws_ckpt_free(ws_ckpt_set *s);
/* Append c; it must be at or after the newest one (returns -1 otherwise). */
int ws_ckpt_add(ws_ckpt_set *s, const ws_ckpt *c);
void ws_ckpt_remove(ws_ckpt_set *s, uint32_t i);
/* The index of the newest checkpoint at or before (tick, phase), -1 when
 * none is. */
int ws_ckpt_choose(const ws_ckpt_set *s, uint64_t tick, uint32_t phase);
/* The first index after position (tick, phase): checkpoints from there on
 * lie in a future that going back discards (n when none does). */
uint32_t ws_ckpt_after(const ws_ckpt_set *s, uint64_t tick, uint32_t phase);
/* Which checkpoint to drop so that at most s->max remain (-1: none needs
 * to go).  Never the oldest, a barrier or one of the newest s->newest; of
 * the others, the one whose loss leaves the smallest gap between its
 * neighbours relative to how far back the newer neighbour lies from
 * `now` (so that the gaps grow about in proportion to their age: the
 * spacing thins out exponentially into the past).  Ties: the older one. */
int ws_ckpt_thin(const ws_ckpt_set *s, uint64_t now);
/* Cycles between checkpoints: `fixed` when not 0, else what the measured
 * simulation rate (cycles per second; 0: not measured yet) covers in
 * target_s seconds, between lo and hi. */
uint64_t ws_ckpt_interval(uint64_t fixed, double rate, double target_s, uint64_t lo, uint64_t hi);

#endif
