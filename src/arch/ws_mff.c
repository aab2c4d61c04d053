/* ws_mff.c: the Memory Fast-Forward unit's work (ws_mff.h says what each
 * block does per cycle and which numbers are the paper's). */
#include "arch/ws_mff_int.h"

#include <stdlib.h>
#include <string.h>

#include "arch/ws_opts.h"

static int q_push(ws_mff_q *q, const void *e)
{
    if (q->n == q->cap) {
        size_t cap = q->cap ? q->cap * 2 : 16;
        unsigned char *a = malloc(cap * q->esz);
        if (!a)
            return -1;
        for (size_t i = 0; i < q->n; i++)
            memcpy(a + i * q->esz, q->a + ((q->head + i) % q->cap) * q->esz, q->esz);
        free(q->a);
        q->a = a;
        q->cap = cap;
        q->head = 0;
    }
    memcpy(q->a + ((q->head + q->n) % q->cap) * q->esz, e, q->esz);
    q->n++;
    return 0;
}

static const void *q_front(const ws_mff_q *q) { return q->n ? q->a + q->head * q->esz : NULL; }

static void q_drop(ws_mff_q *q)
{
    q->head = (q->head + 1) % q->cap;
    q->n--;
}

int ws_mff_config_from_opts(ws_mff_config *c, const ws_opts *o, ws_error *err)
{
    memset(c, 0, sizeof *c);
    c->engines = (uint32_t)ws_opts_uint(o, "mff.engines");
    c->jobs = (uint32_t)ws_opts_uint(o, "mff.jobs");
    c->work_regs = (uint32_t)ws_opts_uint(o, "mff.work_regs");
    c->tags = (uint32_t)ws_opts_uint(o, "mff.tags");
    c->line_data = (uint32_t)ws_opts_uint(o, "mff.line_data");
    c->line = (uint32_t)ws_opts_uint(o, "l2.line");
    c->tag_latency = (uint32_t)ws_opts_uint(o, "mff.tag_latency");
    c->tag_ports = (uint32_t)ws_opts_uint(o, "mff.tag_ports");
    c->serve_rate = (uint32_t)ws_opts_uint(o, "mff.serve_rate");
    c->central = ws_opts_bool(o, "mff.central");
    return ws_mff_config_check(c, err);
}

int ws_mff_config_check(const ws_mff_config *c, ws_error *err)
{
    if (c->engines < 1 || c->jobs < 1)
        return ws_error_set(err, WS_E_RANGE, "the MFF needs at least one Issue Engine with one job entry "
                            "(mff.engines = %u, mff.jobs = %u)", c->engines, c->jobs);
    if (c->work_regs < WS_MFF_MAX_SIZE)
        return ws_error_set(err, WS_E_RANGE, "mff.work_regs (%u) must hold one thread's %u neighbours",
                            c->work_regs, WS_MFF_MAX_SIZE);
    if (c->tags < 1 || c->line_data < 1)
        return ws_error_set(err, WS_E_RANGE, "mff.tags (%u) and mff.line_data (%u) must be at least 1",
                            c->tags, c->line_data);
    if (c->line < 4 || c->line > 256 || (c->line & (c->line - 1)))
        return ws_error_set(err, WS_E_RANGE, "the MFF reads lines of a power of two from 4 to 256 bytes "
                            "(l2.line is %u)", c->line);
    if (c->tag_ports < 1 || c->serve_rate < 1)
        return ws_error_set(err, WS_E_RANGE, "mff.tag_ports and mff.serve_rate must be at least 1");
    return 0;
}

void ws_mff_free(ws_mff *u)
{
    if (!u)
        return;
    if (u->ld)
        for (uint32_t i = 0; i < u->cfg.line_data; i++)
            free(u->ld[i].bytes);
    free(u->jobs);
    free(u->reg);
    free(u->lookq);
    free(u->tag);
    free(u->ld);
    free(u->ldq);
    free(u->lineq.a);
    free(u->repq.a);
    free(u->doneq.a);
    free(u);
}

static void reset(ws_mff *u)
{
    memset(u->jobs, 0, (size_t)u->njobs * sizeof *u->jobs);
    for (uint32_t i = 0; i < u->cfg.work_regs; i++)
        u->reg[i] = (ws_mff_reg){ .state = WS_MFF_R_FREE, .next = i + 1 < u->cfg.work_regs ? i + 1 : WS_MFF_NIL };
    u->free_head = 0;
    u->regs_used = 0;
    u->lq_head = u->lq_n = 0;
    memset(u->tag, 0, (size_t)u->cfg.tags * sizeof *u->tag);
    u->tags_used = 0;
    for (uint32_t i = 0; i < u->cfg.line_data; i++)
        u->ld[i].used = u->ld[i].dirty = false;
    u->ldq_head = u->ldq_n = 0;
    u->lineq.n = u->repq.n = u->doneq.n = 0;
    u->rr = 0;
    u->reg_stalling = u->tag_stalling = false;
}

ws_mff *ws_mff_create(const ws_mff_config *c, uint32_t id, ws_error *err)
{
    if (ws_mff_config_check(c, err) < 0)
        return NULL;
    ws_mff *u = calloc(1, sizeof *u);
    if (!u)
        goto nomem;
    u->cfg = *c;
    u->id = id;
    u->njobs = c->engines * c->jobs;
    u->jobs = calloc(u->njobs, sizeof *u->jobs);
    u->reg = calloc(c->work_regs, sizeof *u->reg);
    u->lookq = calloc(c->work_regs, sizeof *u->lookq);
    u->tag = calloc(c->tags, sizeof *u->tag);
    u->ld = calloc(c->line_data, sizeof *u->ld);
    u->ldq = calloc(c->line_data, sizeof *u->ldq);
    u->lineq.esz = sizeof(ws_mff_lineq);
    u->repq.esz = sizeof(ws_mff_reply);
    u->doneq.esz = sizeof(ws_mff_done);
    if (!u->jobs || !u->reg || !u->lookq || !u->tag || !u->ld || !u->ldq)
        goto nomem;
    for (uint32_t i = 0; i < c->line_data; i++)
        if (!(u->ld[i].bytes = calloc(1, c->line)))
            goto nomem;
    reset(u);
    return u;
nomem:
    ws_mff_free(u);
    ws_error_set(err, WS_E_NOMEM, "out of memory creating the MFF unit");
    return NULL;
}

int ws_mff_launch(ws_mff *u, const ws_mff_regs *r, ws_error *err)
{
    if (u->configured && !ws_mff_idle(u))
        return ws_error_set(err, WS_E_STATE, "MFF unit %u is still busy: a new launch must wait for it", u->id);
    if ((r->c_base | r->v_base) % 4 != 0)
        return ws_error_set(err, WS_E_RANGE, "the MFF's C (0x%llx) and V (0x%llx) must be 4-byte aligned",
                            (unsigned long long)r->c_base, (unsigned long long)r->v_base);
    reset(u);
    u->regs = *r;
    u->configured = true;
    return 0;
}

static void done_push(ws_mff *u, ws_mff_job *j, uint64_t cycle)
{
    ws_mff_done d = { .tag = j->tag, .warp = j->warp, .kind = j->kind, .words = j->words,
                      .t_cmd = j->t_cmd, .t_done = cycle };
    (void)q_push(&u->doneq, &d);
    u->st.completions++;
    ws_mff_event *e = ws_mff_ev_new(u, WS_MFF_EV_DONE, cycle);
    e->warp = j->warp;
    e->words = j->words;
    e->t_cmd = j->t_cmd;
    uint64_t lat = cycle - j->t_cmd;
    u->st.lat_sum += lat;
    if (lat > u->st.lat_max)
        u->st.lat_max = lat;
    j->used = false;
}

int ws_mff_command(ws_mff *u, const ws_mff_cmd *c, uint64_t cycle, ws_error *err)
{
    if (!u->configured)
        return ws_error_set(err, WS_E_STATE, "MFF unit %u has no registers: launch it before a command", u->id);
    if (c->kind != WS_MFF_GATHER && c->kind != WS_MFF_SCATTER_SET)
        return ws_error_set(err, WS_E_RANGE, "MFF command of warp %u: unknown kind %d", c->warp, (int)c->kind);
    uint64_t total = 0;
    for (uint32_t t = 0; t < WS_MFF_WARP; t++) {
        if (!(c->mask >> t & 1))
            continue;
        if (c->size[t] > WS_MFF_MAX_SIZE)
            return ws_error_set(err, WS_E_RANGE, "MFF command of warp %u, thread %u: size %u is above %u "
                                "(a vertex with more neighbours calls again)", c->warp, t, c->size[t],
                                WS_MFF_MAX_SIZE);
        if (c->c_index[t] > u->regs.c_len || c->size[t] > u->regs.c_len - c->c_index[t])
            return ws_error_set(err, WS_E_RANGE, "MFF command of warp %u, thread %u: C[%llu .. %llu] is "
                                "outside C (%llu entries)", c->warp, t, (unsigned long long)c->c_index[t],
                                (unsigned long long)(c->c_index[t] + c->size[t]) - 1,
                                (unsigned long long)u->regs.c_len);
        total += c->size[t];
    }
    uint32_t e = c->warp % u->cfg.engines;
    ws_mff_job *j = NULL;
    for (uint32_t i = 0; i < u->cfg.jobs && !j; i++)
        if (!u->jobs[e * u->cfg.jobs + i].used)
            j = &u->jobs[e * u->cfg.jobs + i];
    if (!j) {
        u->st.cmd_refused++;
        return 0;
    }
    memset(j, 0, sizeof *j);
    j->used = true;
    j->kind = c->kind;
    j->warp = c->warp;
    j->tag = c->tag;
    j->mask = c->mask;
    j->seq = u->seq++;
    j->t_cmd = cycle;
    j->remaining = total;
    for (uint32_t t = 0; t < WS_MFF_WARP; t++)
        if (c->mask >> t & 1) {
            j->c_index[t] = c->c_index[t];
            j->size[t] = c->size[t];
        }
    j->next_thread = 0;
    u->st.commands++;
    if (total == 0)
        done_push(u, j, cycle);
    return 1;
}

/* The next thread of a job with registers to get (WS_MFF_WARP: none). */
static uint32_t job_next(const ws_mff_job *j)
{
    uint32_t t = j->next_thread;
    while (t < WS_MFF_WARP && (!(j->mask >> t & 1) || j->size[t] == 0))
        t++;
    return t;
}

/* The oldest job of engine e with threads left (WS_MFF_NIL: none). */
static uint32_t engine_job(const ws_mff *u, uint32_t e)
{
    uint32_t best = WS_MFF_NIL;
    for (uint32_t i = e * u->cfg.jobs; i < (e + 1) * u->cfg.jobs; i++) {
        const ws_mff_job *j = &u->jobs[i];
        if (j->used && job_next(j) < WS_MFF_WARP && (best == WS_MFF_NIL || j->seq < u->jobs[best].seq))
            best = i;
    }
    return best;
}

static void allocate(ws_mff *u, uint64_t cycle)
{
    for (uint32_t n = 0; n < u->cfg.engines; n++) {
        uint32_t e = (u->rr + n) % u->cfg.engines;
        uint32_t ji = engine_job(u, e);
        if (ji == WS_MFF_NIL)
            continue;
        ws_mff_job *j = &u->jobs[ji];
        uint32_t t = job_next(j);
        if (u->cfg.work_regs - u->regs_used < j->size[t]) {
            u->st.reg_stalls++;
            if (!u->reg_stalling) {
                ws_mff_event *ev = ws_mff_ev_new(u, WS_MFF_EV_REG_STALL, cycle);
                ev->warp = j->warp;
                ev->thread = t;
                ev->addr = j->size[t];
            }
            u->reg_stalling = true;
            return;
        }
        u->reg_stalling = false;
        for (uint32_t k = 0; k < j->size[t]; k++) {
            uint32_t r = u->free_head;
            u->free_head = u->reg[r].next;
            u->reg[r] = (ws_mff_reg){ .state = WS_MFF_R_C, .job = ji, .thread = t, .k = k,
                                      .addr = u->regs.c_base + 4 * (j->c_index[t] + k), .next = WS_MFF_NIL };
            u->lookq[(u->lq_head + u->lq_n++) % u->cfg.work_regs] = r;
        }
        u->regs_used += j->size[t];
        j->next_thread = t + 1;
        u->rr = (e + 1) % u->cfg.engines;
        return;
    }
}

static void lookup(ws_mff *u, uint64_t cycle)
{
    uint64_t lmask = u->cfg.line - 1;
    for (uint32_t p = 0; p < u->cfg.tag_ports && u->lq_n; p++) {
        uint32_t r = u->lookq[u->lq_head];
        ws_mff_reg *g = &u->reg[r];
        uint64_t la = g->addr & ~lmask;
        ws_mff_line_kind kind = g->state == WS_MFF_R_C ? WS_MFF_LINE_C
                              : g->state == WS_MFF_R_V ? WS_MFF_LINE_V : WS_MFF_LINE_BV;
        uint32_t hit = WS_MFF_NIL, free_t = WS_MFF_NIL;
        for (uint32_t i = 0; i < u->cfg.tags; i++) {
            if (u->tag[i].used && u->tag[i].addr == la && u->tag[i].kind == kind) {
                hit = i;
                break;
            }
            if (!u->tag[i].used && free_t == WS_MFF_NIL)
                free_t = i;
        }
        if (hit == WS_MFF_NIL && free_t == WS_MFF_NIL) {
            u->st.tag_stalls++;
            if (!u->tag_stalling) {
                ws_mff_event *ev = ws_mff_ev_new(u, WS_MFF_EV_TAG_STALL, cycle);
                ev->warp = u->jobs[g->job].warp;
                ev->thread = g->thread;
                ev->k = g->k;
                ev->addr = la;
                ev->line = kind;
            }
            u->tag_stalling = true;
            return;
        }
        u->tag_stalling = false;
        u->lq_head = (u->lq_head + 1) % u->cfg.work_regs;
        u->lq_n--;
        u->st.lookups++;
        if (hit != WS_MFF_NIL) {
            ws_mff_tag *tg = &u->tag[hit];
            if (tg->head == WS_MFF_NIL)
                tg->head = r;
            else
                u->reg[tg->tail].next = r;
            tg->tail = r;
            tg->nwait++;
            u->st.coalesced++;
            ws_mff_event *ev = ws_mff_ev_new(u, WS_MFF_EV_COALESCE, cycle);
            ev->warp = u->jobs[g->job].warp;
            ev->thread = g->thread;
            ev->k = g->k;
            ev->addr = la;
            ev->line = kind;
            ev->waiters = tg->nwait;
            continue;
        }
        u->tag[free_t] = (ws_mff_tag){ .used = true, .addr = la, .kind = kind, .head = r, .tail = r,
                                       .nwait = 1, .ld = WS_MFF_NIL };
        u->tags_used++;
        ws_mff_lineq q = { .r = { .addr = la, .kind = kind }, .ready = cycle + u->cfg.tag_latency };
        (void)q_push(&u->lineq, &q);
        u->st.lines_read[kind]++;
    }
}

static void free_reg(ws_mff *u, uint32_t r, uint64_t cycle)
{
    ws_mff_job *j = &u->jobs[u->reg[r].job];
    u->reg[r].state = WS_MFF_R_FREE;
    u->reg[r].next = u->free_head;
    u->free_head = r;
    u->regs_used--;
    j->words++;
    if (--j->remaining == 0)
        done_push(u, j, cycle);
}

static void serve_one(ws_mff *u, ws_mff_ld *d, uint32_t r, uint64_t cycle)
{
    ws_mff_reg *g = &u->reg[r];
    uint32_t off = (uint32_t)(g->addr & (u->cfg.line - 1));
    ws_mff_job *j = &u->jobs[g->job];
    if (g->state == WS_MFF_R_C) {
        uint32_t c;
        memcpy(&c, d->bytes + off, 4);
        if (j->kind == WS_MFF_GATHER) {
            g->state = WS_MFF_R_V;
            g->addr = u->regs.v_base + 4ull * c;
        } else {
            g->state = WS_MFF_R_BV;
            g->addr = u->regs.bv_base + c / 8;
            g->bit = c % 8;
        }
        g->next = WS_MFF_NIL;
        u->lookq[(u->lq_head + u->lq_n++) % u->cfg.work_regs] = r;
    } else if (g->state == WS_MFF_R_V) {
        ws_mff_reply y = { .tag = j->tag, .warp = j->warp, .thread = g->thread, .k = g->k, .cycle = cycle };
        memcpy(&y.value, d->bytes + off, 4);
        (void)q_push(&u->repq, &y);
        u->st.words++;
        free_reg(u, r, cycle);
    } else {
        d->bytes[off] |= (uint8_t)(1u << g->bit);
        if (d->bits++)
            u->st.bitsets_merged++;
        d->dirty = true;
        u->st.bitsets++;
        free_reg(u, r, cycle);
    }
}

static void serve(ws_mff *u, uint64_t cycle)
{
    uint32_t n = 0;
    while (u->ldq_n) {
        uint32_t li = u->ldq[u->ldq_head];
        ws_mff_ld *d = &u->ld[li];
        ws_mff_tag *tg = &u->tag[d->tag];
        if (tg->head == WS_MFF_NIL) {
            if (d->dirty) {
                ws_mff_lineq q = { .r = { .addr = tg->addr, .kind = tg->kind, .write = true }, .ready = cycle };
                memcpy(q.r.data, d->bytes, u->cfg.line);
                (void)q_push(&u->lineq, &q);
                u->st.lines_written++;
            }
            tg->used = false;
            u->tags_used--;
            d->used = d->dirty = false;
            u->ldq_head = (u->ldq_head + 1) % u->cfg.line_data;
            u->ldq_n--;
            continue;
        }
        if (n == u->cfg.serve_rate)
            return;
        uint32_t r = tg->head;
        tg->head = u->reg[r].next;
        tg->nwait--;
        if (tg->head == WS_MFF_NIL)
            tg->tail = WS_MFF_NIL;
        serve_one(u, d, r, cycle);
        n++;
    }
}

void ws_mff_step(ws_mff *u, uint64_t cycle)
{
    serve(u, cycle);
    lookup(u, cycle);
    allocate(u, cycle);
    ws_mff_stats *s = &u->st;
    s->cycles++;
    s->reg_occ_sum += u->regs_used;
    s->tag_occ_sum += u->tags_used;
    s->ld_occ_sum += u->ldq_n;
    if (u->regs_used > s->reg_peak)
        s->reg_peak = u->regs_used;
    if (u->tags_used > s->tag_peak)
        s->tag_peak = u->tags_used;
    if (u->ldq_n > s->ld_peak)
        s->ld_peak = u->ldq_n;
}

bool ws_mff_line_pop(ws_mff *u, uint64_t cycle, ws_mff_line_req *out)
{
    const ws_mff_lineq *q = q_front(&u->lineq);
    if (!q || q->ready > cycle)
        return false;
    *out = q->r;
    q_drop(&u->lineq);
    return true;
}

int ws_mff_fill(ws_mff *u, uint64_t addr, const void *bytes, uint64_t cycle)
{
    (void)cycle;
    uint32_t ti = WS_MFF_NIL;
    for (uint32_t i = 0; i < u->cfg.tags; i++)
        if (u->tag[i].used && u->tag[i].addr == addr && u->tag[i].ld == WS_MFF_NIL) {
            ti = i;
            break;
        }
    if (ti == WS_MFF_NIL)
        return -1;
    if (u->ldq_n == u->cfg.line_data) {
        u->st.fill_refused++;
        return 0;
    }
    uint32_t li = 0;
    while (u->ld[li].used)
        li++;
    ws_mff_ld *d = &u->ld[li];
    d->used = true;
    d->dirty = false;
    d->bits = 0;
    d->tag = ti;
    memcpy(d->bytes, bytes, u->cfg.line);
    u->tag[ti].ld = li;
    u->ldq[(u->ldq_head + u->ldq_n++) % u->cfg.line_data] = li;
    return 1;
}

bool ws_mff_reply_pop(ws_mff *u, ws_mff_reply *out)
{
    const ws_mff_reply *y = q_front(&u->repq);
    if (!y)
        return false;
    *out = *y;
    q_drop(&u->repq);
    return true;
}

bool ws_mff_done_pop(ws_mff *u, ws_mff_done *out)
{
    const ws_mff_done *d = q_front(&u->doneq);
    if (!d)
        return false;
    *out = *d;
    q_drop(&u->doneq);
    return true;
}

bool ws_mff_idle(const ws_mff *u)
{
    for (uint32_t i = 0; i < u->njobs; i++)
        if (u->jobs[i].used)
            return false;
    return u->tags_used == 0 && u->lineq.n == 0 && u->repq.n == 0 && u->doneq.n == 0;
}
