/* ws_dram.c: one DRAM channel: request queue, FR-FCFS / FCFS scheduler,
 * banks in bank groups with open rows, GDDR5-style command timing, data
 * bus, return queue.  The rules are listed in ws_dram.h.
 *
 * Every constraint is an absolute "earliest clock" timestamp that only grows
 * when a command issues, so the earliest clock at which any command can
 * issue (`next_cmd`) is known after a pass that found nothing to issue, and
 * ws_dram_tick is O(1) until then.  Each bank's chosen request (one per
 * scheduling pass), its next command and the bank's own part of its ready
 * clock are cached and recomputed only when the bank changes (a push to it
 * or a command on it: O(requests of the bank)); banks are kept in bitmasks
 * by command class, so a pass skips a class whose channel-wide constraint
 * is not met and FR-FCFS stops after the column class when it finds one.
 * Measured (bench/ws_bench_dram, GTX480 timing, queue 64): about 35 ns per
 * clock with a full queue of random row conflicts, 4 ns per waiting clock. */
#include "arch/ws_dram.h"

#include <stdlib.h>
#include <string.h>

#include "arch/ws_rtrace.h"
#include "util/ws_util.h"

#define NONE_T UINT64_MAX

enum { CMD_ACT, CMD_PRE, CMD_RD, CMD_WR };
enum { CLS_COL, CLS_ACT, CLS_PRE };

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
    /* Per pass (0: demand, or all without demand_first; 1: prefetches) and
     * bank: the chosen request, its next command and the bank's own part
     * of its ready clock; cls[pass][k] has bit b when that command is of
     * class k (CLS_COL, CLS_ACT, CLS_PRE).  Refreshed after every push to
     * the bank and command on it. */
    int32_t ch[2][WS_DRAM_MAX_BANKS];
    uint8_t cmd[2][WS_DRAM_MAX_BANKS];
    uint64_t lready[2][WS_DRAM_MAX_BANKS];
    uint64_t cls[2][3];

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

/* Index of the i-th entry of the return queue (i < return_queue): no division. */
static inline uint32_t rq_at(const ws_dram *d, uint32_t i)
{
    uint32_t j = d->rq_head + i;
    return j >= d->cfg.return_queue ? j - d->cfg.return_queue : j;
}

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

/* The bank's own constraint on request e's next command (`cmd`). */
static uint64_t bank_ready(const dram_bank *b, const dram_ent *e, uint8_t *cmd)
{
    if (b->open_row == (int64_t)e->row) {
        *cmd = e->write ? CMD_WR : CMD_RD;
        return b->col_ready;
    }
    if (b->open_row < 0) {
        *cmd = CMD_ACT;
        return b->act_ready;
    }
    *cmd = CMD_PRE;
    return b->pre_ready;
}

/* Channel-wide and bank-group constraints on a command of bank b. */
static inline uint64_t shared_ready(const ws_dram *d, const dram_bank *b, int cmd)
{
    const dram_group *g = &d->group[b->group];
    switch (cmd) {
    case CMD_ACT: return max64(d->cmd_ready, d->act_ready);
    case CMD_PRE: return max64(d->cmd_ready, g->pre_ready);
    case CMD_RD: return max64(max64(d->cmd_ready, d->col_ready), max64(g->col_ready, d->rd_ready));
    default: return max64(max64(d->cmd_ready, d->col_ready), max64(g->col_ready, d->wr_ready));
    }
}

/* A first column command needs a free return-queue slot. */
static inline bool retq_blocked(const ws_dram *d, const dram_ent *e, int cmd)
{
    return cmd >= CMD_RD && !e->started && d->reserved + d->rq_n >= d->cfg.return_queue;
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

static void bank_refresh(ws_dram *d, uint32_t bi)
{
    const dram_bank *b = &d->bank[bi];
    uint64_t bit = 1ull << bi;
    for (uint32_t pass = 0; pass < d->npass && pass < 2; pass++) {
        d->cls[pass][CLS_COL] &= ~bit;
        d->cls[pass][CLS_ACT] &= ~bit;
        d->cls[pass][CLS_PRE] &= ~bit;
        /* Prefetches use only banks in which no demand request waits: a
         * prefetch's PRE could close the row just opened for the demand,
         * again and again (livelock), and its reads would keep pushing the
         * demand's PRE back (read-to-precharge). */
        int32_t i = pass == 1 && d->ch[0][bi] >= 0 ? -1 : bank_choice(d, b, pass);
        d->ch[pass][bi] = i;
        if (i < 0) continue;
        uint8_t cmd;
        d->lready[pass][bi] = bank_ready(b, &d->ent[i], &cmd);
        d->cmd[pass][bi] = cmd;
        d->cls[pass][cmd >= CMD_RD ? CLS_COL : cmd == CMD_ACT ? CLS_ACT : CLS_PRE] |= bit;
    }
}

/* The best command ready at clock t: FR-FCFS puts column commands before
 * ACT/PRE, then the oldest; FCFS takes the oldest; with demand_first a
 * prefetch (pass 1) goes only if no demand command is ready.  Classes whose
 * channel-wide constraint is not met at t are skipped whole.  Returns the
 * request (-1: none) and its command. */
static int32_t scan_issue(const ws_dram *d, uint64_t t, int *cmd_out)
{
    const uint64_t cmdr = d->cmd_ready;
    if (cmdr > t) return -1;
    const uint64_t colb = max64(cmdr, d->col_ready);
    const uint64_t rd = max64(colb, d->rd_ready), wr = max64(colb, d->wr_ready);
    const uint64_t act = max64(cmdr, d->act_ready);
    const bool full = d->reserved + d->rq_n >= d->cfg.return_queue;
    const bool frfcfs = d->cfg.sched == WS_DRAM_FRFCFS;
    for (uint32_t pass = 0; pass < d->npass && pass < 2; pass++) {
        int32_t best = -1;
        uint64_t best_seq = NONE_T;
        uint32_t best_bank = 0;
        if (min64(rd, wr) <= t) {
            for (uint64_t m = d->cls[pass][CLS_COL]; m; m &= m - 1) {
                uint32_t bi = (uint32_t)__builtin_ctzll(m);
                const dram_ent *e = &d->ent[d->ch[pass][bi]];
                if (full && !e->started) continue;
                uint64_t rt = max64(max64(d->lready[pass][bi], e->write ? wr : rd),
                                    d->group[d->bank[bi].group].col_ready);
                if (rt <= t && e->seq < best_seq) {
                    best_seq = e->seq;
                    best = d->ch[pass][bi];
                    best_bank = bi;
                }
            }
        }
        if (best < 0 || !frfcfs) {
            if (act <= t) {
                for (uint64_t m = d->cls[pass][CLS_ACT]; m; m &= m - 1) {
                    uint32_t bi = (uint32_t)__builtin_ctzll(m);
                    const dram_ent *e = &d->ent[d->ch[pass][bi]];
                    if (d->lready[pass][bi] <= t && e->seq < best_seq) {
                        best_seq = e->seq;
                        best = d->ch[pass][bi];
                        best_bank = bi;
                    }
                }
            }
            for (uint64_t m = d->cls[pass][CLS_PRE]; m; m &= m - 1) {
                uint32_t bi = (uint32_t)__builtin_ctzll(m);
                const dram_ent *e = &d->ent[d->ch[pass][bi]];
                uint64_t rt = max64(d->lready[pass][bi], d->group[d->bank[bi].group].pre_ready);
                if (rt <= t && e->seq < best_seq) {
                    best_seq = e->seq;
                    best = d->ch[pass][bi];
                    best_bank = bi;
                }
            }
        }
        if (best >= 0) {
            *cmd_out = d->cmd[pass][best_bank];
            return best;
        }
    }
    return -1;
}

/* The earliest clock any candidate can issue (exact), and the same over the
 * candidates waiting for a return-queue slot. */
static void scan_min(const ws_dram *d, uint64_t *min_ready, uint64_t *blk_ready)
{
    const bool full = d->reserved + d->rq_n >= d->cfg.return_queue;
    uint64_t mn = NONE_T, blk = NONE_T;
    for (uint32_t pass = 0; pass < d->npass && pass < 2; pass++) {
        for (int k = CLS_COL; k <= CLS_PRE; k++) {
            for (uint64_t m = d->cls[pass][k]; m; m &= m - 1) {
                uint32_t bi = (uint32_t)__builtin_ctzll(m);
                const dram_ent *e = &d->ent[d->ch[pass][bi]];
                int cmd = d->cmd[pass][bi];
                uint64_t rt = max64(d->lready[pass][bi], shared_ready(d, &d->bank[bi], cmd));
                if (k == CLS_COL && full && !e->started) blk = min64(blk, rt);
                else mn = min64(mn, rt);
            }
        }
    }
    *min_ready = mn;
    *blk_ready = blk;
}

static void bank_unlink(ws_dram *d, int32_t i)
{
    dram_ent *e = &d->ent[i];
    dram_bank *b = &d->bank[e->bank];
    if (e->prev >= 0) d->ent[e->prev].next = e->next; else b->head = e->next;
    if (e->next >= 0) d->ent[e->next].prev = e->prev; else b->tail = e->prev;
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
    const uint32_t bi = e->bank;
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
        bank_refresh(d, bi);
        return;
    case CMD_PRE:
        b->open_row = -1;
        b->act_ready = max64(b->act_ready, t + c->tRP);
        d->st.precharges++;
        bank_refresh(d, bi);
        return;
    default:
        break;
    }
    /* column command */
    if (!e->started) {
        e->started = 1;
        e->r->stage = WS_MST_DRAM;      /* (t_stage stays its DRAM queue entry: a core cycle) */
        if (e->r->traced) ws_rtrace_dram(e->r);
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
        d->st.read_bursts++;
        end = t + c->tCL + d->bt;
        d->rd_ready = max64(d->rd_ready, t + d->bt);
        d->wr_ready = max64(d->wr_ready, sat_sub(end + WS_DRAM_RTW_GAP, c->tWL));
        b->pre_ready = max64(b->pre_ready, t + d->bt);
        g->pre_ready = max64(g->pre_ready, t + c->tRTPL);
    } else {
        d->st.write_bursts++;
        end = t + c->tWL + d->bt;
        d->wr_ready = max64(d->wr_ready, t + d->bt);
        d->rd_ready = max64(d->rd_ready, end + c->tCDLR);
        b->pre_ready = max64(b->pre_ready, end + c->tWR);
    }
    if (--e->ncol > 0) {
        bank_refresh(d, bi);
        return;
    }
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
    uint32_t slot = rq_at(d, d->rq_n);
    d->rq[slot] = r;
    d->rq_done[slot] = end;
    d->rq_n++;
    d->reserved--;
    b->cur = -1;
    bank_unlink(d, i);
    bank_refresh(d, bi);
}

void ws_dram_tick(ws_dram *d, uint64_t t)
{
    if (t < d->acc) return;
    account_to(d, t);
    d->st.cycles++;
    d->st.queue_occupancy += d->qn;
    d->acc = t + 1;
    if (t < d->next_cmd) return;
    int cmd;
    int32_t i = scan_issue(d, t, &cmd);
    if (i >= 0) {
        /* the next clock looks again (one command per clock) */
        issue(d, i, cmd, t);
        d->next_cmd = t + 1;
        d->blk_ready = NONE_T;
        return;
    }
    scan_min(d, &d->next_cmd, &d->blk_ready);
}

void ws_dram_sync(ws_dram *d, uint64_t t) { account_to(d, t); }

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
    e->prefetch = r->kind == WS_MREQ_PREFETCH && !(r->flags & WS_MREQ_F_PROMOTED);
    if (r->kind == WS_MREQ_PREFETCH && !e->prefetch) d->st.promoted++;
    e->ncol = r->size > d->atom ? (r->size + d->atom - 1) / d->atom : 1;
    dram_bank *b = &d->bank[e->bank];
    e->next = -1;
    e->prev = b->tail;
    if (b->tail >= 0) d->ent[b->tail].next = i; else b->head = i;
    b->tail = i;
    d->qn++;
    bank_refresh(d, e->bank);
    /* Only this request can become a new candidate (it may displace its
     * bank's choice, which only removes one): its ready clock bounds the
     * next issue from below. */
    uint8_t cmd;
    uint64_t rt = bank_ready(b, e, &cmd);
    rt = max64(max64(rt, shared_ready(d, b, cmd)), t);
    if (retq_blocked(d, e, cmd)) d->blk_ready = min64(d->blk_ready, rt);
    else d->next_cmd = min64(d->next_cmd, rt);
    return true;
}

bool ws_dram_promote(ws_dram *d, const ws_mreq *r)
{
    uint32_t bi = r->bank % d->cfg.banks;
    for (int32_t i = d->bank[bi].head; i >= 0; i = d->ent[i].next) {
        dram_ent *e = &d->ent[i];
        if (e->r != r) continue;
        if (!e->prefetch) return false;
        e->prefetch = 0;
        d->st.promoted++;
        bank_refresh(d, bi);
        d->next_cmd = 0;
        return true;
    }
    return false;
}

ws_mreq *ws_dram_pop(ws_dram *d, uint64_t t)
{
    if (d->rq_n == 0 || d->rq_done[d->rq_head] > t) return NULL;
    ws_mreq *r = d->rq[d->rq_head];
    d->rq[d->rq_head] = NULL;
    d->rq_head = rq_at(d, 1);
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
    if (d->rq_n && d->rq_done[rq_at(d, d->rq_n - 1)] > t) {
        /* completion clocks grow along the ring: first one after t */
        uint32_t lo = 0, hi = d->rq_n - 1;
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2;
            if (d->rq_done[rq_at(d, mid)] > t) hi = mid;
            else lo = mid + 1;
        }
        n = min64(n, d->rq_done[rq_at(d, lo)]);
    }
    if (n == NONE_T) return NONE_T;
    return max64(n, t);
}
