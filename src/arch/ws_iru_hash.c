/* ws_iru_hash.c: the IRU's reordering hash (insert with the filter ALUs)
 * and its data replier.  See ws_iru.h for what they model; the numbers are
 * the paper's (seed 002, sec. 3.2-3.3: 32-element entries, insert without
 * tag check, full entries closed, reply on a full entry, timeout to the
 * best-coalesced entry, end-of-stream merge, filtered lanes in whole warps,
 * at most two reply packets) and the choices are in the iru.* options. */
#include "arch/ws_iru_int.h"

#include <string.h>

uint64_t ws_iru_block(const ws_iru *u, uint32_t idx)
{
    return (u->regs.target + (uint64_t)idx * u->regs.elem_size) / u->cfg.block;
}

static uint64_t hash_of(const ws_iru *u, uint64_t block)
{
    if (u->cfg.hash == WS_IRU_HASH_MOD)
        return block;
    return block ^ (block >> 10) ^ (block >> 20) ^ (block >> 30);
}

uint32_t ws_iru_set_of(const ws_iru *u, uint32_t idx)
{
    uint64_t h = hash_of(u, ws_iru_block(u, idx));
    if (!u->cfg.shared)
        return (uint32_t)(h % u->lsets) * u->cfg.parts + u->id;
    return (uint32_t)(h % u->cfg.sets);
}

uint32_t ws_iru_part_of(const ws_iru *u, uint32_t idx)
{
    return ws_iru_set_of(u, idx) % u->cfg.parts;
}

void ws_iru_hash_reset(ws_iru *u)
{
    for (uint32_t s = 0; s < u->lsets; s++) {
        u->ent[s].n = 0;
        u->ent[s].full_seq = 0;
    }
    u->hash_elems = 0;
    u->nfull = 0;
    u->owed = 0;
}

static float f32(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static uint32_t b32(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

bool ws_iru_hash_blocked(const ws_iru *u, uint32_t b)
{
    const ws_iru_qe *h = ws_iru_q_head(&u->pipe[b]);
    const ws_iru_entry *en = &u->ent[h->e.lset];
    if (en->n < u->cfg.entry)
        return false;
    if (u->regs.filter != WS_IRU_FILTER_NONE)
        for (uint32_t i = 0; i < en->n; i++)
            if (en->el[i].idx == h->e.idx)
                return false;
    return true;
}

bool ws_iru_hash_insert_step(ws_iru *u, uint32_t b, uint64_t cycle)
{
    ws_iru_q *p = &u->pipe[b];
    const ws_iru_qe *h = ws_iru_q_head(p);
    if (!h || h->t > cycle)
        return false;
    ws_iru_entry *en = &u->ent[h->e.lset];
    ws_iru_filter f = u->regs.filter;
    if (f != WS_IRU_FILTER_NONE) {
        /* the compare ALUs read the entry's indices */
        for (uint32_t i = 0; i < en->n; i++) {
            ws_iru_el *x = &en->el[i];
            if (x->idx != h->e.idx)
                continue;
            u->st.hash_reads++;
            if (f == WS_IRU_FILTER_DROP) {
                u->st.filtered++;
            } else {
                if (f == WS_IRU_FILTER_MIN) {
                    if ((int32_t)h->e.sec < (int32_t)x->sec) {
                        x->sec = h->e.sec;
                        x->pos = h->e.pos;
                    }
                } else {
                    x->sec = b32(f32(x->sec) + f32(h->e.sec));
                }
                u->st.merged++;
                u->st.hash_writes++;
            }
            u->owed++;
            ws_iru_q_pop(p);
            return false;
        }
    }
    if (en->n >= u->cfg.entry) {
        u->st.hash_stalls++;
        return true;
    }
    if (f != WS_IRU_FILTER_NONE)
        u->st.hash_reads++;
    ws_iru_el e = ws_iru_q_pop(p);
    if (en->n && ws_iru_block(u, en->el[0].idx) != ws_iru_block(u, e.idx))
        u->st.hash_conflicts++;
    en->el[en->n++] = e;
    u->st.hash_inserts++;
    u->st.hash_writes++;
    if (++u->hash_elems > u->st.hash_peak)
        u->st.hash_peak = u->hash_elems;
    if (en->n == u->cfg.entry) {
        en->full_seq = u->full_seq++;
        u->nfull++;
    }
    return false;
}

/* Take up to `want` elements of entry s into the reply's lanes from lane
 * cursor *li on (lanes of r->mask in order). */
static uint32_t take(ws_iru *u, uint32_t s, uint32_t want, ws_iru_reply *r, uint32_t *li)
{
    ws_iru_entry *en = &u->ent[s];
    uint32_t m = en->n < want ? en->n : want;
    if (!m)
        return 0;
    if (en->n == u->cfg.entry)
        u->nfull--;
    for (uint32_t i = 0; i < m; i++) {
        while (!(r->mask >> *li & 1u))
            (*li)++;
        const ws_iru_el *e = &en->el[i];
        r->idx[*li] = e->idx;
        r->sec[*li] = e->sec;
        r->pos[*li] = e->pos;
        r->valid |= 1u << *li;
        (*li)++;
    }
    memmove(en->el, en->el + m, (en->n - m) * sizeof *en->el);
    en->n -= m;
    u->hash_elems -= m;
    u->st.hash_reads++;
    return m;
}

/* The entry with the most elements (lowest set on ties); UINT32_MAX: none. */
static uint32_t best_entry(const ws_iru *u)
{
    uint32_t best = UINT32_MAX, bn = 0;
    for (uint32_t s = 0; s < u->lsets; s++)
        if (u->ent[s].n > bn) {
            bn = u->ent[s].n;
            best = s;
        }
    return best;
}

/* The full entry that became full first; UINT32_MAX: none. */
static uint32_t oldest_full(const ws_iru *u)
{
    uint32_t best = UINT32_MAX;
    uint64_t bs = UINT64_MAX;
    if (!u->nfull)
        return best;
    for (uint32_t s = 0; s < u->lsets; s++)
        if (u->ent[s].n == u->cfg.entry && u->ent[s].full_seq < bs) {
            bs = u->ent[s].full_seq;
            best = s;
        }
    return best;
}

static uint32_t distinct_blocks(const ws_iru *u, const ws_iru_reply *r)
{
    uint64_t seen[WS_IRU_WARP];
    uint32_t n = 0;
    for (uint32_t l = 0; l < WS_IRU_WARP; l++) {
        if (!(r->valid >> l & 1u))
            continue;
        uint64_t b = ws_iru_block(u, r->idx[l]);
        uint32_t i = 0;
        while (i < n && seen[i] != b)
            i++;
        if (i == n)
            seen[n++] = b;
    }
    return n;
}

uint32_t ws_iru_take_best(ws_iru *u, uint32_t want, ws_iru_reply *r, uint32_t *li)
{
    uint32_t got = 0;
    while (got < want) {
        uint32_t b = best_entry(u);
        if (b == UINT32_MAX)
            break;
        got += take(u, b, want - got, r, li);
    }
    return got;
}

uint32_t ws_iru_reply_lines(const ws_iru *u, const ws_iru_reply *r) { return distinct_blocks(u, r); }

bool ws_iru_replier_ready(const ws_iru *u, uint64_t cycle, uint64_t *later)
{
    *later = UINT64_MAX;
    if (!u->req_n || u->rep_n >= u->cfg.reply_queue)
        return false;
    const ws_iru_req *q = &u->req[u->req_head];
    uint32_t k = (uint32_t)__builtin_popcount(q->mask);
    if (u->owed >= k || u->flushing)
        return true;
    if (k <= u->cfg.entry && u->nfull)
        return true;
    if (k < u->cfg.entry) {
        uint32_t b = best_entry(u);
        if (b != UINT32_MAX && u->ent[b].n >= k)
            return true;
    }
    if (u->hash_elems + u->owed < k)
        return false;
    uint64_t h = ws_iru_head_since(u);
    if (cycle - h >= u->cfg.timeout)
        return true;
    *later = h + u->cfg.timeout;
    return false;
}

void ws_iru_replier_step(ws_iru *u, uint64_t cycle)
{
    if (!u->req_n || u->rep_n >= u->cfg.reply_queue)
        return;
    const ws_iru_req *q = &u->req[u->req_head];
    uint32_t k = (uint32_t)__builtin_popcount(q->mask);
    uint32_t ri = u->rep_head + u->rep_n;
    if (ri >= u->cfg.reply_queue)
        ri -= u->cfg.reply_queue;
    ws_iru_reply *r = &u->rep[ri];
    memset(r, 0, sizeof *r);
    r->tag = q->tag;
    r->mask = q->mask;
    r->t_request = q->t;
    r->t_reply = cycle;
    uint32_t li = 0;

    if (u->owed >= k) {
        /* a whole warp of filtered slots: every lane disabled */
        u->owed -= k;
        u->st.disabled_warps++;
    } else {
        uint32_t s = k <= u->cfg.entry ? oldest_full(u) : UINT32_MAX;
        if (s == UINT32_MAX && k < u->cfg.entry) {
            uint32_t b = best_entry(u);
            if (b != UINT32_MAX && u->ent[b].n >= k)
                s = b;
        }
        if (s != UINT32_MAX) {
            take(u, s, k, r, &li);
        } else {
            bool timed = cycle - ws_iru_head_since(u) >= u->cfg.timeout;
            if (!u->flushing && !(timed && u->hash_elems + u->owed >= k))
                return;
            /* best-coalesced entries first, then disabled lanes */
            uint32_t got = 0;
            while (got < k) {
                uint32_t b = best_entry(u);
                if (b == UINT32_MAX)
                    break;
                got += take(u, b, k - got, r, &li);
            }
            uint64_t dis = k - got;
            u->owed -= dis < u->owed ? dis : u->owed;
            if (u->flushing) {
                r->flush = true;
                u->st.flush_replies++;
            } else {
                r->timeout = true;
                u->st.timeouts++;
            }
        }
    }
    if (!r->valid)
        r->packets = 1;
    else
        r->packets = u->regs.secondary ? 2 : 1;
    r->lines = distinct_blocks(u, r);
    u->st.coal_hist[r->lines]++;
    u->st.elems_out += (uint32_t)__builtin_popcount(r->valid);
    u->st.replies++;
    u->st.reply_packets += r->packets;
    u->st.lat_sum += cycle - q->t;
    u->rep_n++;
    ws_iru_req_done(u, cycle);
}
