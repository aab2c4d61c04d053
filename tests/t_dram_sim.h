/* t_dram_sim.h: a small driver for the DRAM channel tests: pushes requests
 * at the current clock, ticks clock by clock, watches the banks' open rows
 * (which shows when ACT and PRE issued) and pops completed requests. */
#ifndef T_DRAM_SIM_H
#define T_DRAM_SIM_H

#include "arch/ws_dram.h"

#define SIM_MAXREQ 256

typedef struct sim {
    ws_dram *d;
    uint64_t t;                     /* next clock to simulate */
    ws_mreq req[SIM_MAXREQ];
    uint64_t done[SIM_MAXREQ];      /* clock popped (UINT64_MAX: not yet) */
    int n;
    bool popping;                   /* pop every clock */
    int64_t row[WS_DRAM_MAX_BANKS];
    uint64_t act_at[WS_DRAM_MAX_BANKS], pre_at[WS_DRAM_MAX_BANKS]; /* last ACT / PRE clock */
} sim;

static inline void sim_init(sim *s, const ws_dram_config *cfg)
{
    memset(s, 0, sizeof *s);
    ws_error err = {0};
    s->d = ws_dram_create(cfg, 0, &err);
    if (!s->d) {
        printf("Bail out! %s\n", err.msg);
        exit(1);
    }
    s->popping = true;
    for (int i = 0; i < SIM_MAXREQ; i++) s->done[i] = UINT64_MAX;
    for (unsigned b = 0; b < WS_DRAM_MAX_BANKS; b++) {
        s->row[b] = -1;
        s->act_at[b] = s->pre_at[b] = UINT64_MAX;
    }
}

static inline void sim_fini(sim *s) { ws_dram_free(s->d); }

/* Push a request at the current clock; returns its index (-1 if refused). */
static inline int sim_push(sim *s, int kind, uint32_t bank, uint32_t row, uint32_t size)
{
    ws_mreq *r = &s->req[s->n];
    memset(r, 0, sizeof *r);
    r->id = (uint64_t)s->n;
    r->kind = (uint8_t)kind;
    r->bank = (uint16_t)bank;
    r->row = row;
    r->size = size;
    if (!ws_dram_push(s->d, r, s->t)) return -1;
    return s->n++;
}

static inline void sim_pop_all(sim *s, uint64_t t)
{
    ws_mreq *r;
    while ((r = ws_dram_pop(s->d, t)) != NULL) s->done[r->id] = t;
}

/* Simulate clocks s->t .. until-1. */
static inline void sim_run(sim *s, uint64_t until)
{
    for (; s->t < until; s->t++) {
        ws_dram_tick(s->d, s->t);
        for (unsigned b = 0; b < WS_DRAM_MAX_BANKS; b++) {
            int64_t row = ws_dram_bank_row(s->d, b);
            if (row != s->row[b]) {
                if (row < 0) s->pre_at[b] = s->t; else s->act_at[b] = s->t;
                s->row[b] = row;
            }
        }
        if (s->popping) sim_pop_all(s, s->t);
    }
}

#endif
