/* ws_dram.c: one DRAM channel: request queue, FR-FCFS / FCFS scheduler,
 * banks in bank groups with open rows, GDDR5-style command timing, data
 * bus, return queue.  The rules are listed in ws_dram.h.
 *
 * Every constraint is an absolute "earliest clock" timestamp that only grows
 * when a command issues, so the earliest clock at which any command can
 * issue (`next_cmd`) is known after each scheduling pass and ws_dram_tick is
 * O(1) until then.  A pass looks at one chosen request per bank: O(queue). */
#include "arch/ws_dram.h"

#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

#define NONE_T UINT64_MAX

enum { CMD_ACT, CMD_PRE, CMD_RD, CMD_WR };

typedef struct dram_ent {
    ws_mreq *r;
    uint64_t seq;           /* arrival order */
    uint64_t arrival;       /* push clock */
    uint32_t row;
    uint32_t ncol;          /* column commands still to issue */
    uint16_t bank;
    uint8_t write, prefetch, started;
    int32_t prev, next;     /* bank list (arrival order) or free list */
} dram_ent;

typedef struct dram_bank {
    int64_t open_row;       /* -1: closed */
    uint64_t act_ready;     /* earliest ACT (tRP after PRE, tRC after ACT) */
    uint64_t col_ready;     /* earliest RD/WR (tRCD) */
    uint64_t pre_ready;     /* earliest PRE (tRAS, read-to-precharge, tWR) */
    int32_t head, tail;     /* queued requests of this bank, oldest first */
    int32_t cur;            /* request that has started its column commands, or -1 */
    uint32_t group;
    uint8_t fresh;          /* activated, no column command since */
} dram_bank;

typedef struct dram_group {
    uint64_t col_ready;     /* tCCDL */
    uint64_t pre_ready;     /* tRTPL */
} dram_group;

struct ws_dram {
    ws_dram_config cfg;
    uint32_t channel;
    uint32_t bt;            /* data-bus clocks per burst */
    uint32_t atom;          /* bytes per column command */
    uint32_t npass;         /* 2 with demand_first */

    dram_ent *ent;
    int32_t free_ent;
    uint32_t qn;            /* queued requests */
    uint64_t seq;
    dram_bank *bank;
    dram_group *group;
    uint64_t busy_banks;    /* bit b: bank b has queued requests */

    /* channel-wide constraints (earliest clocks) */
    uint64_t cmd_ready;     /* command bus: one command per clock */
    uint64_t act_ready;     /* tRRD */
    uint64_t col_ready;     /* tCCD */
    uint64_t rd_ready;      /* data bus for a read, tCDLR after write data */
    uint64_t wr_ready;      /* data bus for a write, turnaround after read data */

    /* return queue: ring of requests in completion order */
    ws_mreq **rq;
    uint64_t *rq_done;
    uint32_t rq_head, rq_n;
    uint32_t reserved;      /* started, not finished: each holds a future slot */

    uint64_t next_cmd;      /* no command can issue before this clock */
    uint64_t blk_ready;     /* earliest clock a request waiting for a return slot could go */
    uint64_t acc;           /* first clock not yet accounted in the stats */
    ws_dram_stats st;
};

static inline uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }
static inline uint64_t min64(uint64_t a, uint64_t b) { return a < b ? a : b; }
static inline uint64_t sat_sub(uint64_t a, uint64_t b) { return a > b ? a - b : 0; }

void ws_dram_config_default(ws_dram_config *c)
{
    memset(c, 0, sizeof *c);
    c->banks = 16;
    c->bank_groups = 4;
    c->bus_bytes = 8;
    c->burst = 8;
    c->data_rate = 4;
    c->queue = 64;
    c->return_queue = 116;
    c->sched = WS_DRAM_FRFCFS;
    c->demand_first = false;
    c->tCCD = 2;
    c->tRRD = 6;
    c->tRCD = 12;
    c->tRAS = 28;
    c->tRP = 12;
    c->tRC = 40;
    c->tCL = 12;
    c->tWL = 4;
    c->tCDLR = 5;
    c->tWR = 12;
    c->tCCDL = 3;
    c->tRTPL = 2;
}

static int check_range(ws_error *err, const char *key, uint32_t v, uint32_t lo, uint32_t hi)
{
    if (v < lo || v > hi)
        return ws_error_set(err, WS_E_RANGE, "%s is %u; it must be between %u and %u.", key, v,
                            lo, hi);
    return 0;
}

int ws_dram_config_check(const ws_dram_config *c, ws_error *err)
{
    if (!c) return ws_error_set(err, WS_E_STATE, "No DRAM configuration was given.");
    const uint32_t TMAX = 1u << 20;
    if (check_range(err, "dram.banks", c->banks, 1, WS_DRAM_MAX_BANKS) < 0 ||
        check_range(err, "dram.bank_groups", c->bank_groups, 1, c->banks) < 0 ||
        check_range(err, "dram.bus_bytes", c->bus_bytes, 1, 4096) < 0 ||
        check_range(err, "dram.burst", c->burst, 1, 1024) < 0 ||
        check_range(err, "dram.data_rate", c->data_rate, 1, 1024) < 0 ||
        check_range(err, "dram.queue", c->queue, 1, 65536) < 0 ||
        check_range(err, "dram.return_queue", c->return_queue, 1, 65536) < 0)
        return -1;
    if (c->banks % c->bank_groups != 0)
        return ws_error_set(err, WS_E_RANGE,
                            "dram.bank_groups is %u, which does not divide dram.banks (%u); "
                            "every bank group must hold the same number of banks.",
                            c->bank_groups, c->banks);
    if (c->sched != WS_DRAM_FRFCFS && c->sched != WS_DRAM_FCFS)
        return ws_error_set(err, WS_E_RANGE, "dram.sched is %d; it must be frfcfs or fcfs.",
                            (int)c->sched);
    const struct { const char *key; uint32_t v; } t[] = {
        {"dram.tCCD", c->tCCD}, {"dram.tRRD", c->tRRD}, {"dram.tRCD", c->tRCD},
        {"dram.tRAS", c->tRAS}, {"dram.tRP", c->tRP},   {"dram.tRC", c->tRC},
        {"dram.tCL", c->tCL},   {"dram.tWL", c->tWL},   {"dram.tCDLR", c->tCDLR},
        {"dram.tWR", c->tWR},   {"dram.tCCDL", c->tCCDL}, {"dram.tRTPL", c->tRTPL},
    };
    for (size_t i = 0; i < WS_ARRAY_LEN(t); i++)
        if (check_range(err, t[i].key, t[i].v, 0, TMAX) < 0) return -1;
    return 0;
}

ws_dram *ws_dram_create(const ws_dram_config *cfg, uint32_t channel, ws_error *err)
{
    if (ws_dram_config_check(cfg, err) < 0) {
        ws_error_prefix(err, "DRAM channel %u: ", channel);
        return NULL;
    }
    ws_dram *d = ws_xcalloc(1, sizeof *d);
    d->cfg = *cfg;
    d->channel = channel;
    d->bt = (cfg->burst + cfg->data_rate - 1) / cfg->data_rate;
    d->atom = cfg->bus_bytes * cfg->burst;
    d->npass = cfg->demand_first ? 2 : 1;
    d->ent = ws_xcalloc(cfg->queue, sizeof *d->ent);
    for (uint32_t i = 0; i < cfg->queue; i++) d->ent[i].next = i + 1 < cfg->queue ? (int32_t)i + 1 : -1;
    d->free_ent = 0;
    d->bank = ws_xcalloc(cfg->banks, sizeof *d->bank);
    for (uint32_t b = 0; b < cfg->banks; b++) {
        d->bank[b].open_row = -1;
        d->bank[b].head = d->bank[b].tail = d->bank[b].cur = -1;
        d->bank[b].group = b % cfg->bank_groups;
    }
    d->group = ws_xcalloc(cfg->bank_groups, sizeof *d->group);
    d->rq = ws_xcalloc(cfg->return_queue, sizeof *d->rq);
    d->rq_done = ws_xcalloc(cfg->return_queue, sizeof *d->rq_done);
    d->next_cmd = NONE_T;
    d->blk_ready = NONE_T;
    return d;
}

void ws_dram_free(ws_dram *d)
{
    if (!d) return;
    free(d->ent);
    free(d->bank);
    free(d->group);
    free(d->rq);
    free(d->rq_done);
    free(d);
}

bool ws_dram_can_accept(const ws_dram *d) { return d->qn < d->cfg.queue; }
bool ws_dram_idle(const ws_dram *d) { return d->qn == 0 && d->rq_n == 0 && d->reserved == 0; }
uint32_t ws_dram_queue_len(const ws_dram *d) { return d->qn; }
uint32_t ws_dram_return_len(const ws_dram *d) { return d->rq_n + d->reserved; }
const ws_dram_stats *ws_dram_stats_get(const ws_dram *d) { return &d->st; }

int64_t ws_dram_bank_row(const ws_dram *d, uint32_t bank)
{
    return bank < d->cfg.banks ? d->bank[bank].open_row : -1;
}

/* Account the clocks [acc, upto) in which nothing happened. */
static void account_to(ws_dram *d, uint64_t upto)
{
    if (upto <= d->acc) return;
    uint64_t n = upto - d->acc;
    d->st.cycles += n;
    d->st.queue_occupancy += n * d->qn;
    d->acc = upto;
}

/* Earliest clock at which the next command of request e may issue, and
 * which command.  *blocked: a first column command with no return slot. */
static uint64_t ent_ready(const ws_dram *d, const dram_ent *e, int *cmd, bool *blocked)
{
    const dram_bank *b = &d->bank[e->bank];
    *blocked = false;
    if (b->open_row == (int64_t)e->row) {
        const dram_group *g = &d->group[b->group];
        uint64_t t = max64(max64(d->cmd_ready, b->col_ready), max64(d->col_ready, g->col_ready));
        *cmd = e->write ? CMD_WR : CMD_RD;
        t = max64(t, e->write ? d->wr_ready : d->rd_ready);
        if (!e->started && d->reserved + d->rq_n >= d->cfg.return_queue) *blocked = true;
        return t;
    }
    if (b->open_row < 0) {
        *cmd = CMD_ACT;
        return max64(d->cmd_ready, max64(b->act_ready, d->act_ready));
    }
    *cmd = CMD_PRE;
    return max64(d->cmd_ready, max64(b->pre_ready, d->group[b->group].pre_ready));
}

/* The request of bank b that may issue in pass `pass` (0: demand, or all
 * without demand_first; 1: prefetches), or -1. */
static int32_t bank_choice(const ws_dram *d, const dram_bank *b, uint32_t pass)
{
    if (b->cur >= 0) return pass == 0 ? b->cur : -1;
    bool frfcfs = d->cfg.sched == WS_DRAM_FRFCFS;
    int32_t first = -1;
    for (int32_t i = b->head; i >= 0; i = d->ent[i].next) {
        const dram_ent *e = &d->ent[i];
        if (d->npass == 2 && e->prefetch != pass) continue;
        if (first < 0) {
            first = i;
            if (!frfcfs || b->open_row < 0) return i;
        }
        if ((int64_t)e->row == b->open_row) return i;
    }
    return first;
}

typedef struct pick {
    int32_t ent;
    int cmd;
    uint64_t min_ready;     /* earliest ready clock over every candidate */
    uint64_t blk_ready;     /* same, over candidates waiting for a return slot */
} pick;

/* Look at every bank's chosen request: the best command ready at clock t
 * (ent -1 if none) and the earliest ready clock of all candidates. */
static void scan(const ws_dram *d, uint64_t t, pick *p)
{
    bool frfcfs = d->cfg.sched == WS_DRAM_FRFCFS;
    p->ent = -1;
    p->cmd = 0;
    p->min_ready = NONE_T;
    p->blk_ready = NONE_T;
    for (uint32_t pass = 0; pass < d->npass; pass++) {
        int32_t best = -1;
        int best_cmd = 0;
        for (uint64_t m = d->busy_banks; m; m &= m - 1) {
            const dram_bank *b = &d->bank[__builtin_ctzll(m)];
            int32_t i = bank_choice(d, b, pass);
            if (i < 0) continue;
            int cmd;
            bool blocked;
            uint64_t rt = ent_ready(d, &d->ent[i], &cmd, &blocked);
            if (blocked) {
                p->blk_ready = min64(p->blk_ready, rt);
                continue;
            }
            p->min_ready = min64(p->min_ready, rt);
            if (rt > t) continue;
            if (best >= 0) {
                bool col = cmd >= CMD_RD, best_col = best_cmd >= CMD_RD;
                if (frfcfs && col != best_col) {
                    if (!col) continue;
                } else if (d->ent[i].seq > d->ent[best].seq) {
                    continue;
                }
            }
            best = i;
            best_cmd = cmd;
        }
        if (best >= 0 && p->ent < 0) {
            p->ent = best;
            p->cmd = best_cmd;
        }
    }
}

static void bank_unlink(ws_dram *d, int32_t i)
{
    dram_ent *e = &d->ent[i];
    dram_bank *b = &d->bank[e->bank];
    if (e->prev >= 0) d->ent[e->prev].next = e->next; else b->head = e->next;
    if (e->next >= 0) d->ent[e->next].prev = e->prev; else b->tail = e->prev;
    if (b->head < 0) d->busy_banks &= ~(1ull << e->bank);
    e->r = NULL;
    e->next = d->free_ent;
    d->free_ent = i;
    d->qn--;
}

static void issue(ws_dram *d, int32_t i, int cmd, uint64_t t)
{
    const ws_dram_config *c = &d->cfg;
    dram_ent *e = &d->ent[i];
    dram_bank *b = &d->bank[e->bank];
    dram_group *g = &d->group[b->group];
    d->cmd_ready = t + 1;
    switch (cmd) {
    case CMD_ACT:
        b->open_row = e->row;
        b->col_ready = t + c->tRCD;
        b->pre_ready = t + c->tRAS;
        b->act_ready = t + c->tRC;
        b->fresh = 1;
        d->act_ready = t + c->tRRD;
        d->st.activates++;
        return;
    case CMD_PRE:
        b->open_row = -1;
        b->act_ready = max64(b->act_ready, t + c->tRP);
        d->st.precharges++;
        return;
    default:
        break;
    }
    /* column command */
    if (!e->started) {
        e->started = 1;
        b->cur = i;
        d->reserved++;
    }
    d->st.col_cmds++;
    if (b->fresh) d->st.row_misses++; else d->st.row_hits++;
    b->fresh = 0;
    d->st.data_busy += d->bt;
    d->col_ready = t + c->tCCD;
    g->col_ready = t + c->tCCDL;
    uint64_t end;
    if (cmd == CMD_RD) {
        end = t + c->tCL + d->bt;
        d->rd_ready = max64(d->rd_ready, t + d->bt);
        d->wr_ready = max64(d->wr_ready, sat_sub(end + WS_DRAM_RTW_GAP, c->tWL));
        b->pre_ready = max64(b->pre_ready, t + d->bt);
        g->pre_ready = max64(g->pre_ready, t + c->tRTPL);
    } else {
        end = t + c->tWL + d->bt;
        d->wr_ready = max64(d->wr_ready, t + d->bt);
        d->rd_ready = max64(d->rd_ready, end + c->tCDLR);
        b->pre_ready = max64(b->pre_ready, end + c->tWR);
    }
    if (--e->ncol > 0) return;
    /* last column command: the request leaves the queue for the return queue */
    ws_mreq *r = e->r;
    if (e->write) {
        d->st.writes++;
        d->st.bytes_written += r->size;
    } else {
        d->st.reads++;
        d->st.bytes_read += r->size;
    }
    d->st.latency_sum += end - e->arrival;
    uint32_t slot = (d->rq_head + d->rq_n) % c->return_queue;
    d->rq[slot] = r;
    d->rq_done[slot] = end;
    d->rq_n++;
    d->reserved--;
    b->cur = -1;
    bank_unlink(d, i);
}

void ws_dram_tick(ws_dram *d, uint64_t t)
{
    if (t < d->acc) return;
    account_to(d, t);
    d->st.cycles++;
    d->st.queue_occupancy += d->qn;
    d->acc = t + 1;
    if (t < d->next_cmd) return;
    pick p;
    scan(d, t, &p);
    if (p.ent >= 0) {
        issue(d, p.ent, p.cmd, t);
        scan(d, t + 1, &p);
    }
    d->next_cmd = p.min_ready == NONE_T ? NONE_T : max64(p.min_ready, t + 1);
    d->blk_ready = p.blk_ready;
}

bool ws_dram_push(ws_dram *d, ws_mreq *r, uint64_t t)
{
    if (d->qn >= d->cfg.queue || d->free_ent < 0) {
        d->st.queue_full++;
        return false;
    }
    account_to(d, t);
    int32_t i = d->free_ent;
    dram_ent *e = &d->ent[i];
    d->free_ent = e->next;
    memset(e, 0, sizeof *e);
    e->r = r;
    e->seq = d->seq++;
    e->arrival = t;
    e->row = r->row;
    e->bank = (uint16_t)(r->bank % d->cfg.banks);
    e->write = r->kind == WS_MREQ_WRITE || r->kind == WS_MREQ_WRITEBACK;
    e->prefetch = r->kind == WS_MREQ_PREFETCH;
    e->ncol = r->size > d->atom ? (r->size + d->atom - 1) / d->atom : 1;
    dram_bank *b = &d->bank[e->bank];
    e->next = -1;
    e->prev = b->tail;
    if (b->tail >= 0) d->ent[b->tail].next = i; else b->head = i;
    b->tail = i;
    d->busy_banks |= 1ull << e->bank;
    d->qn++;
    /* Only this request can become a new candidate (it may displace its
     * bank's choice, which only removes one): its ready clock bounds the
     * next issue from below. */
    int cmd;
    bool blocked;
    uint64_t rt = max64(ent_ready(d, e, &cmd, &blocked), t);
    if (blocked) d->blk_ready = min64(d->blk_ready, rt);
    else d->next_cmd = min64(d->next_cmd, rt);
    return true;
}

ws_mreq *ws_dram_pop(ws_dram *d, uint64_t t)
{
    if (d->rq_n == 0 || d->rq_done[d->rq_head] > t) return NULL;
    ws_mreq *r = d->rq[d->rq_head];
    d->rq[d->rq_head] = NULL;
    d->rq_head = (d->rq_head + 1) % d->cfg.return_queue;
    d->rq_n--;
    if (d->blk_ready != NONE_T) {
        /* a request waiting for a return slot may go now */
        d->next_cmd = min64(d->next_cmd, max64(d->blk_ready, t));
        d->blk_ready = NONE_T;
    }
    return r;
}

ws_mreq *ws_dram_peek(const ws_dram *d, uint64_t t)
{
    if (d->rq_n == 0 || d->rq_done[d->rq_head] > t) return NULL;
    return d->rq[d->rq_head];
}

uint64_t ws_dram_next_event(const ws_dram *d, uint64_t t)
{
    uint64_t n = d->next_cmd;
    if (d->rq_n && d->rq_done[(d->rq_head + d->rq_n - 1) % d->cfg.return_queue] > t) {
        /* completion clocks grow along the ring: first one after t */
        uint32_t lo = 0, hi = d->rq_n - 1;
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2;
            if (d->rq_done[(d->rq_head + mid) % d->cfg.return_queue] > t) hi = mid;
            else lo = mid + 1;
        }
        n = min64(n, d->rq_done[(d->rq_head + lo) % d->cfg.return_queue]);
    }
    if (n == NONE_T) return NONE_T;
    return max64(n, t);
}
