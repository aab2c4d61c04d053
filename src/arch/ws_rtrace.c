/* ws_rtrace.c: the histories of followed requests (ws_rtrace.h).  A ring
 * of events per GPU; a followed request remembers its last event so that
 * repeated retries for one reason become one event with a count. */
#include "arch/ws_rtrace.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu_int.h"
#include "util/ws_util.h"

enum { EV_BEGIN = 1, EV_ENTER, EV_RETRY, EV_MERGE, EV_END, EV_FOLLOW };

typedef struct ws_rt_ev {
    uint64_t id;
    uint64_t cycle;             /* ENTER, MERGE, END, FOLLOW: when; RETRY: first attempt */
    uint64_t a;                 /* BEGIN: address; RETRY: last attempt; MERGE: the lead's id;
                                   END: chan << 48 | bank << 32 | row */
    uint32_t count;             /* RETRY: attempts; BEGIN: size */
    uint32_t line;              /* BEGIN: PTX line */
    uint32_t owner;             /* BEGIN: allocation id */
    uint32_t flags;             /* BEGIN: WS_MREQ_F_* */
    uint16_t sm, slot;          /* BEGIN */
    uint8_t kind;               /* EV_* */
    uint8_t stage;              /* ENTER, RETRY, MERGE: the stage */
    uint8_t why;                /* RETRY: ws_rt_why; ENTER: 1 when rebuilt from stamps;
                                   END: 1 when the location is known */
    uint8_t rkind;              /* BEGIN: ws_mreq_kind; END: level */
} ws_rt_ev;

#define NWATCH 32

struct ws_rtrace {
    ws_gpu *g;
    ws_rt_ev *ev;
    uint32_t cap;               /* events kept */
    uint64_t n;                 /* events pushed in total (ring index n % cap) */
    bool all;
    uint32_t nwatch;
    uint64_t watch[NWATCH], watch_done[NWATCH];
};

static const char *const why_names[WS_RTW_COUNT] = {
    [WS_RTW_NONE] = "none",
    [WS_RTW_L1_LINE_ALLOC] = "L1 set: every line reserved",
    [WS_RTW_L1_MSHR_FULL] = "L1 MSHRs full",
    [WS_RTW_L1_MERGE_FULL] = "L1 MSHR entry of its line full",
    [WS_RTW_L1_MISSQ_FULL] = "L1 miss queue full",
    [WS_RTW_MRQ_FULL] = "memory request queue full",
    [WS_RTW_BYPASS_FULL] = "bypass queue full",
    [WS_RTW_ICNT_FULL] = "request network full",
    [WS_RTW_L2_LINE_ALLOC] = "L2 set: every line reserved",
    [WS_RTW_L2_MSHR_FULL] = "L2 MSHRs full",
    [WS_RTW_L2_MERGE_FULL] = "L2 MSHR entry of its line full",
    [WS_RTW_L2_MISSQ_FULL] = "L2 miss queue full",
    [WS_RTW_L2_QUEUE_FULL] = "waited: L2 slice queue full",
    [WS_RTW_L2_REPLY_FULL] = "waited: L2 reply queue full",
    [WS_RTW_DRAM_QUEUE_FULL] = "waited: DRAM queue full",
    [WS_RTW_REPLY_NET_FULL] = "waited: reply network full",
};
static const char *const why_keys[WS_RTW_COUNT] = {
    "none", "l1_line_alloc", "l1_mshr_full", "l1_merge_full", "l1_missq_full", "mrq_full", "bypass_full",
    "icnt_full", "l2_line_alloc", "l2_mshr_full", "l2_merge_full", "l2_missq_full",
    "l2_queue_full", "l2_reply_full", "dram_queue_full", "reply_net_full",
};

const char *ws_rt_why_name(ws_rt_why w) { return (unsigned)w < WS_RTW_COUNT ? why_names[w] : "?"; }
const char *ws_rt_why_key(ws_rt_why w) { return (unsigned)w < WS_RTW_COUNT ? why_keys[w] : "?"; }

/* ------------------------------------------------------------ the ring */

struct ws_rtrace *ws_gpu_rtrace(ws_gpu *g, bool create)
{
    if (!g->rtrace && create) {
        struct ws_rtrace *t = ws_xcalloc(1, sizeof *t);
        t->g = g;
        t->cap = WS_RTRACE_DEFAULT;
        t->ev = ws_xcalloc(t->cap, sizeof *t->ev);
        g->rtrace = t;
    }
    return g->rtrace;
}

void ws_gpu_rtrace_free(ws_gpu *g)
{
    if (!g->rtrace) return;
    free(g->rtrace->ev);
    free(g->rtrace);
    g->rtrace = NULL;
}

static ws_rt_ev *ev_at(struct ws_rtrace *t, uint64_t seq)
{
    if (seq >= t->n || t->n - seq > t->cap) return NULL;
    return &t->ev[seq % t->cap];
}

static ws_rt_ev *push(struct ws_rtrace *t, ws_mreq *r, uint8_t kind)
{
    uint64_t seq = t->n++;
    ws_rt_ev *e = &t->ev[seq % t->cap];
    memset(e, 0, sizeof *e);
    e->id = r->id;
    e->kind = kind;
    r->rt_last = seq + 1;
    return e;
}

/* The request's first event: what it is. */
static void begin(struct ws_rtrace *t, ws_mreq *r)
{
    if (r->rt_last) return;
    ws_rt_ev *e = push(t, r, EV_BEGIN);
    e->cycle = t->g->now;
    e->a = r->addr;
    e->count = r->size;
    e->line = r->ptx_line;
    e->owner = r->owner;
    e->sm = r->sm;
    e->slot = r->slot;
    e->rkind = r->kind;
    e->flags = r->flags;
}

void ws_rtrace_stage(ws_mreq *r, ws_mreq_stage st, uint64_t t)
{
    struct ws_rtrace *rt = r->rt;
    begin(rt, r);
    ws_rt_ev *e = push(rt, r, EV_ENTER);
    e->cycle = t;
    e->stage = (uint8_t)st;
}

void ws_rtrace_dram(ws_mreq *r) { ws_rtrace_stage(r, WS_MST_DRAM, r->rt->g->now); }

void ws_rtrace_retry_now(ws_mreq *r, ws_rt_why why) { ws_rtrace_retry(r, why, r->rt->g->now); }

void ws_rtrace_retry(ws_mreq *r, ws_rt_why why, uint64_t t)
{
    struct ws_rtrace *rt = r->rt;
    begin(rt, r);
    ws_rt_ev *l = r->rt_last ? ev_at(rt, r->rt_last - 1) : NULL;
    if (l && l->id == r->id && l->kind == EV_RETRY && l->why == why && l->stage == r->stage) {
        l->a = t;
        l->count++;
        return;
    }
    ws_rt_ev *e = push(rt, r, EV_RETRY);
    e->cycle = e->a = t;
    e->count = 1;
    e->why = (uint8_t)why;
    e->stage = r->stage;
}

/* The request in flight that fetches the line r merged into (the lowest
 * id): in the L1 (L1_MSHR) one of the same SM that missed; in the L2 one
 * of the same slice on its way to DRAM.  A walk of the pool, made only for
 * followed requests. */
static const ws_mreq *fetcher(const ws_gpu *g, const ws_mreq *r)
{
    const ws_mreq *best = NULL;
    bool l1 = r->stage == WS_MST_L1_MSHR;
    for (uint32_t c = 0; c < g->pool.nchunks; c++) {
        const ws_mreq *ch = g->pool.chunks[c];
        for (uint32_t i = 0; i < WS_MREQ_CHUNK; i++) {
            const ws_mreq *q = &ch[i];
            if (q == r || q->stage == WS_MST_NONE || q->addr / 128 != r->addr / 128) continue;
            bool ok = l1 ? q->sm == r->sm && (q->flags & (WS_MREQ_F_L1_MISS | WS_MREQ_F_MRQ)) &&
                               q->stage != WS_MST_L1_MSHR && q->stage != WS_MST_LDST
                         : q->chan == r->chan && q->sub == r->sub && q->level == WS_LVL_DRAM &&
                               (q->stage == WS_MST_L2_MSHR || q->stage == WS_MST_DRAM_QUEUE ||
                                q->stage == WS_MST_DRAM || q->stage == WS_MST_L2_FILL);
            if (ok && (!best || q->id < best->id)) best = q;
        }
    }
    return best;
}

void ws_rtrace_merge(ws_mreq *r, const ws_mreq *into, uint64_t t)
{
    struct ws_rtrace *rt = r->rt;
    begin(rt, r);
    if (!into) into = fetcher(rt->g, r);
    ws_rt_ev *e = push(rt, r, EV_MERGE);
    e->cycle = t;
    e->a = into && into != r ? into->id : 0;
    e->stage = r->stage;
}

void ws_rtrace_end(ws_mreq *r)
{
    struct ws_rtrace *rt = r->rt;
    if (!r->rt_last) return;        /* (never stamped: nothing to tell) */
    ws_rt_ev *e = push(rt, r, EV_END);
    e->cycle = rt->g->now;
    e->rkind = r->level;
    e->owner = r->owner;        /* (known after the first stage) */
    e->why = r->t_icnt != 0;
    e->a = (uint64_t)r->chan << 48 | (uint64_t)r->bank << 32 | r->row;
    for (uint32_t i = 0; i < rt->nwatch; i++)
        if (rt->watch[i] == r->id && rt->watch_done[i] == UINT64_MAX) rt->watch_done[i] = e->cycle;
}

size_t ws_gpu_rtrace_all(ws_gpu *g, uint32_t events)
{
    struct ws_rtrace *t = ws_gpu_rtrace(g, true);
    if (events && events != t->cap) {
        free(t->ev);
        t->cap = events;
        t->ev = ws_xcalloc(t->cap, sizeof *t->ev);
        t->n = 0;
    }
    t->all = events != 0;
    g->pool.trace_all = t->all ? t : NULL;
    return (size_t)t->cap * sizeof *t->ev;
}

bool ws_gpu_rtrace_on(const ws_gpu *g, uint32_t *events)
{
    const struct ws_rtrace *t = g->rtrace;
    if (events) *events = t ? t->cap : 0;
    return t && t->all;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

uint32_t ws_gpu_requests_live(const ws_gpu *g, uint64_t *ids, uint32_t max)
{
    /* the max smallest ids: collect all (sorted), keep the first max */
    size_t n = 0, cap = 0;
    uint64_t *all = NULL;
    for (uint32_t c = 0; c < g->pool.nchunks; c++) {
        const ws_mreq *ch = g->pool.chunks[c];
        for (uint32_t i = 0; i < WS_MREQ_CHUNK; i++)
            if (ch[i].stage != WS_MST_NONE) {
                WS_GROW(all, cap, n + 1);
                all[n++] = ch[i].id;
            }
    }
    if (n) qsort(all, n, sizeof *all, cmp_u64);
    uint32_t k = n < max ? (uint32_t)n : max;
    if (k) memcpy(ids, all, k * sizeof *ids);
    free(all);
    return k;
}

uint64_t ws_gpu_request_next_id(const ws_gpu *g) { return g->pool.next_id; }

/* ------------------------------------------------------------ following */

static ws_mreq *find_live(ws_gpu *g, uint64_t id)
{
    for (uint32_t c = 0; c < g->pool.nchunks; c++) {
        ws_mreq *ch = g->pool.chunks[c];
        for (uint32_t i = 0; i < WS_MREQ_CHUNK; i++)
            if (ch[i].id == id && ch[i].stage != WS_MST_NONE) return &ch[i];
    }
    return NULL;
}

static void stamp(struct ws_rtrace *t, ws_mreq *r, ws_mreq_stage st, uint64_t c, uint64_t *last)
{
    if (!c || c < *last) return;
    ws_rt_ev *e = push(t, r, EV_ENTER);
    e->cycle = c;
    e->stage = (uint8_t)st;
    e->why = 1;
    *last = c;
}

/* Follow r from now: what it went through so far, from its timestamps. */
static void follow(struct ws_rtrace *t, ws_mreq *r)
{
    r->rt = t;
    r->rt_last = 0;
    r->traced = 1;
    begin(t, r);
    uint64_t last = 0;
    bool l2hit = r->level == WS_LVL_L2 && r->t_l2;
    stamp(t, r, WS_MST_LDST, r->t_issue, &last);
    if (r->t_l1) {
        bool merged = r->level == WS_LVL_L1_PENDING || r->level == WS_LVL_PFC;
        stamp(t, r, merged ? WS_MST_L1_MSHR : WS_MST_L1_MISSQ, r->t_l1, &last);
    }
    stamp(t, r, WS_MST_ICNT_REQ, r->t_icnt, &last);
    stamp(t, r, WS_MST_L2_QUEUE, r->t_part, &last);
    stamp(t, r, l2hit ? WS_MST_ICNT_REPLY : WS_MST_L2_MSHR, r->t_l2, &last);
    stamp(t, r, WS_MST_DRAM_QUEUE, r->t_dram, &last);
    stamp(t, r, WS_MST_L2_FILL, r->t_dram_done, &last);
    ws_rt_ev *l = r->rt_last ? ev_at(t, r->rt_last - 1) : NULL;
    if (r->stage != WS_MST_NONE && (!l || l->kind != EV_ENTER || l->stage != r->stage))
        stamp(t, r, (ws_mreq_stage)r->stage, r->t_stage, &last);
    /* waiting in an MSHR entry now: the request whose fill it waits for */
    if (r->stage == WS_MST_L1_MSHR || (r->stage == WS_MST_L2_MSHR && r->level == WS_LVL_L2_PENDING)) {
        const ws_mreq *into = fetcher(t->g, r);
        if (into) {
            ws_rt_ev *m = push(t, r, EV_MERGE);
            m->cycle = r->t_stage;
            m->a = into->id;
            m->stage = r->stage;
        }
    }
    ws_rt_ev *e = push(t, r, EV_FOLLOW);
    e->cycle = t->g->now;
}

int ws_gpu_rtrace_follow(ws_gpu *g, uint64_t id, ws_error *err)
{
    ws_mreq *r = find_live(g, id);
    if (!r)
        return ws_error_set(err, WS_E_RANGE, "request %" PRIu64 " is not in flight", id);
    struct ws_rtrace *t = ws_gpu_rtrace(g, true);
    if (!r->traced || r->rt != t) follow(t, r);
    return 0;
}

int ws_gpu_rtrace_watch(ws_gpu *g, uint64_t id, ws_error *err)
{
    struct ws_rtrace *t = ws_gpu_rtrace(g, true);
    if (id >= g->pool.next_id) {
        /* a request still to come: follow every new one */
        if (!t->all) ws_gpu_rtrace_all(g, t->cap);
    } else if (ws_gpu_rtrace_follow(g, id, err) < 0) {
        ws_rtl tl;
        ws_error e2;
        if (ws_gpu_request(g, id, &tl, &e2) == 0 && tl.done)
            return ws_error_set(err, WS_E_RANGE, "request %" PRIu64 " completed at cycle %" PRIu64, id, tl.end);
        return -1;
    }
    for (uint32_t i = 0; i < t->nwatch; i++)
        if (t->watch[i] == id) {
            t->watch_done[i] = UINT64_MAX;
            return 0;
        }
    if (t->nwatch == NWATCH)
        return ws_error_set(err, WS_E_RANGE, "at most %d request breakpoints", NWATCH);
    t->watch[t->nwatch] = id;
    t->watch_done[t->nwatch++] = UINT64_MAX;
    return 0;
}

uint64_t ws_gpu_rtrace_done_at(const ws_gpu *g, uint64_t id)
{
    const struct ws_rtrace *t = g->rtrace;
    for (uint32_t i = 0; t && i < t->nwatch; i++)
        if (t->watch[i] == id) return t->watch_done[i];
    return UINT64_MAX;
}

/* ------------------------------------------------------------ the timeline */

static ws_rtl_row *row_new(ws_rtl *o, uint8_t stage, uint64_t c)
{
    /* an L2 hit is stamped L2 MSHR, then its reply in the same cycle: a hit has no MSHR stage */
    if (o->nrows && stage == WS_MST_ICNT_REPLY && o->rows[o->nrows - 1].stage == WS_MST_L2_MSHR &&
        o->rows[o->nrows - 1].enter == c && !o->rows[o->nrows - 1].nretry && !o->rows[o->nrows - 1].merged_into)
        o->nrows--;
    if (o->nrows) {
        ws_rtl_row *p = &o->rows[o->nrows - 1];
        if (!p->exit) p->exit = c;
    }
    if (o->nrows == WS_RTL_ROWS) return &o->rows[o->nrows - 1];    /* (keeps the last) */
    ws_rtl_row *w = &o->rows[o->nrows++];
    memset(w, 0, sizeof *w);
    w->stage = stage;
    w->enter = c;
    return w;
}

static ws_rtl_row *row_cur(ws_rtl *o, uint8_t stage, uint64_t c)
{
    if (o->nrows && o->rows[o->nrows - 1].stage == stage) return &o->rows[o->nrows - 1];
    return row_new(o, stage, c);
}

static const char *array_of(const ws_gpu *g, uint32_t owner)
{
    return owner && owner < g->nactr && g->actr[owner].name[0] ? g->actr[owner].name : "";
}

int ws_gpu_request(ws_gpu *g, uint64_t id, ws_rtl *o, ws_error *err)
{
    memset(o, 0, sizeof *o);
    o->id = id;
    o->array = "";
    ws_mreq *live = find_live(g, id);
    if (live && ws_gpu_rtrace_follow(g, id, err) < 0) return -1;
    struct ws_rtrace *t = g->rtrace;
    bool any = false;
    uint64_t from = t && t->n > t->cap ? t->n - t->cap : 0;
    for (uint64_t s = from; t && s < t->n; s++) {
        const ws_rt_ev *e = &t->ev[s % t->cap];
        if (e->id != id) continue;
        if (!any && e->kind != EV_BEGIN) o->partial = true;
        any = true;
        ws_rtl_row *w;
        switch (e->kind) {
        case EV_BEGIN:
            /* (a request followed again after a ring reset: start over) */
            o->nrows = 0;
            o->from_stamps = false;
            o->addr = e->a;
            o->size = e->count;
            o->line = e->line;
            o->array = array_of(g, e->owner);
            o->sm = e->sm;
            o->slot = e->slot;
            o->kind = e->rkind;
            o->inst = (e->flags & WS_MREQ_F_INST) != 0;
            break;
        case EV_ENTER:
            row_new(o, e->stage, e->cycle);
            if (e->why) o->from_stamps = true;
            break;
        case EV_FOLLOW:
            o->followed = e->cycle;
            break;
        case EV_RETRY:
            w = row_cur(o, e->stage, e->cycle);
            if (w->nretry < WS_RTL_RETRIES) {
                w->retry[w->nretry++] = (ws_rtl_retry){ e->why, e->cycle, e->a, e->count };
            } else {
                ws_rtl_retry *x = &w->retry[WS_RTL_RETRIES - 1];
                x->last = e->a;
                x->count += e->count;
            }
            break;
        case EV_MERGE:
            w = row_cur(o, e->stage, e->cycle);
            w->merged_into = e->a;
            break;
        case EV_END:
            o->done = true;
            o->end = e->cycle;
            o->level = e->rkind;
            o->array = array_of(g, e->owner);
            o->loc = e->why;
            o->chan = (uint16_t)(e->a >> 48);
            o->bank = (uint16_t)(e->a >> 32);
            o->row = (uint32_t)e->a;
            if (o->nrows && !o->rows[o->nrows - 1].exit) o->rows[o->nrows - 1].exit = e->cycle;
            break;
        default:
            break;
        }
    }
    if (live) {
        o->in_flight = true;
        o->done = false;
        o->level = live->level;
        o->array = array_of(g, live->owner);
        o->loc = live->t_icnt != 0;
        o->chan = live->chan;
        o->bank = live->bank;
        o->row = live->row;
    }
    if (!any && !live) {
        if (id && id < g->pool.next_id)
            return ws_error_set(err, WS_E_RANGE, "request %" PRIu64 " is not in flight and was not followed "
                                "(follow every request with gpu:trace_requests)", id);
        return ws_error_set(err, WS_E_RANGE, "no request %" PRIu64 " yet (the next is %" PRIu64 ")", id,
                            g->pool.next_id);
    }
    return 0;
}

size_t ws_rtl_row_text(const ws_rtl *t, const ws_rtl_row *w, char *buf, size_t size)
{
    int n;
    const char *name = ws_mreq_stage_name((ws_mreq_stage)w->stage);
    if (w->exit)
        n = snprintf(buf, size, "%-16s %8" PRIu64 " -> %-8" PRIu64 " %5" PRIu64 " cycles", name, w->enter, w->exit,
                     w->exit - w->enter);
    else if (t->done)
        n = snprintf(buf, size, "%-16s %8" PRIu64 " -> end", name, w->enter);
    else
        n = snprintf(buf, size, "%-16s %8" PRIu64 " -> (now)", name, w->enter);
    if (w->stage == WS_MST_DRAM_QUEUE && t->loc && n > 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, "  channel %" PRIu16 " bank %" PRIu16 " row %" PRIu32, t->chan,
                      t->bank, t->row);
    if (w->merged_into && n > 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, "  merged into request %" PRIu64, w->merged_into);
    for (uint32_t i = 0; i < w->nretry && n > 0 && (size_t)n < size; i++) {
        const ws_rtl_retry *x = &w->retry[i];
        if (x->why >= WS_RTW_L2_QUEUE_FULL)     /* a wait behind a full queue, not refused attempts */
            n += snprintf(buf + n, size - (size_t)n, "  %s %" PRIu64 "..%" PRIu64, ws_rt_why_name((ws_rt_why)x->why),
                          x->first, x->last);
        else
            n += snprintf(buf + n, size - (size_t)n, "  retried %" PRIu32 "x (%s) %" PRIu64 "..%" PRIu64, x->count,
                          ws_rt_why_name((ws_rt_why)x->why), x->first, x->last);
    }
    return n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1;
}

/* (the history's fields sit in the request's alignment padding) */
_Static_assert(sizeof(ws_mreq) == 192, "a request is three cache lines");
