/* ws_pf_tab.c: the set-associative LRU table, the RPT state machine and
 * strided issue shared by the pattern prefetchers (ws_pf_tab.h). */
#include <stdlib.h>
#include <string.h>

#include "pf/ws_pf_tab.h"
#include "util/ws_util.h"

void ws_pf_tab_init(ws_pf_tab *t, ws_pf_ctx *x, uint32_t entries, size_t esize)
{
    memset(t, 0, sizeof *t);
    t->x = x;
    t->entries = entries;
    t->esize = esize;
    t->ways = 1;
    for (uint32_t w = 16; w > 1; w--)
        if (entries % w == 0) {
            t->ways = w;
            break;
        }
    t->sets = entries / t->ways;
    t->e = ws_xcalloc(entries, esize);
}

void ws_pf_tab_free(ws_pf_tab *t)
{
    free(t->e);
    t->e = NULL;
}

static uint32_t set_of(const ws_pf_tab *t, uint64_t key, uint32_t wid)
{
    uint64_t h = (key ^ ((uint64_t)wid << 40)) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)((h >> 32) % t->sets);
}

void *ws_pf_tab_find(const ws_pf_tab *t, uint64_t key, uint32_t wid)
{
    uint32_t base = set_of(t, key, wid) * t->ways;
    t->x->tab_reads++;
    for (uint32_t w = 0; w < t->ways; w++) {
        ws_pf_tag *e = ws_pf_tab_at(t, base + w);
        if (e->valid && e->key == key && e->wid == wid) return e;
    }
    return NULL;
}

void *ws_pf_tab_get(ws_pf_tab *t, uint64_t key, uint32_t wid, bool *fresh)
{
    uint32_t base = set_of(t, key, wid) * t->ways;
    ws_pf_tag *victim = NULL;
    t->x->tab_reads++;
    for (uint32_t w = 0; w < t->ways; w++) {
        ws_pf_tag *e = ws_pf_tab_at(t, base + w);
        if (e->valid && e->key == key && e->wid == wid) {
            *fresh = false;
            e->stamp = ++t->clock;
            return e;
        }
        if (!victim || (victim->valid && (!e->valid || e->stamp < victim->stamp))) victim = e;
    }
    *fresh = true;
    t->x->tab_writes++;
    t->allocations++;
    if (victim->valid) t->replacements++;
    memset(victim, 0, t->esize);
    victim->key = key;
    victim->wid = wid;
    victim->valid = 1;
    victim->stamp = ++t->clock;
    return victim;
}

ws_pf_rpt *ws_pf_rpt_see(ws_pf_tab *t, uint64_t key, uint32_t wid, uint64_t addr)
{
    bool fresh;
    ws_pf_rpt *e = ws_pf_tab_get(t, key, wid, &fresh);
    uint64_t last = e->last;
    e->last = addr;
    if (fresh) return NULL;             /* initial, stride 0 */
    t->x->tab_writes++;                 /* (the update of a found entry) */
    int64_t delta = (int64_t)(addr - last);
    bool correct = delta == e->stride;
    switch (e->state) {
    case WS_RPT_INIT: e->state = correct ? WS_RPT_STEADY : WS_RPT_TRANSIENT; break;
    case WS_RPT_TRANSIENT: e->state = correct ? WS_RPT_STEADY : WS_RPT_NOPRED; break;
    case WS_RPT_STEADY: e->state = correct ? WS_RPT_STEADY : WS_RPT_INIT; break;
    default: e->state = correct ? WS_RPT_TRANSIENT : WS_RPT_NOPRED; break;
    }
    if (!correct && e->state != WS_RPT_INIT) e->stride = delta;
    return ws_pf_rpt_predicts(e) ? e : NULL;
}

uint32_t ws_pf_issue_strided(ws_pf_ctx *x, uint64_t addr, uint64_t line, int64_t stride, uint32_t wid)
{
    uint32_t n = 0;
    uint64_t prev = line;
    for (uint32_t k = 0; k < x->degree; k++) {
        uint64_t t = addr + (uint64_t)(x->distance + k) * (uint64_t)stride;    /* mod 2^64 */
        if ((stride > 0) != (t > addr)) break;      /* past an end of the address space */
        uint64_t tl = t / x->line * x->line;
        if (tl == prev || tl == line) continue;
        prev = tl;
        n++;
        ws_pf_issue(x, t, wid, 0, 0);
    }
    return n;
}

void ws_pf_ghbuf_init(ws_pf_ghbuf *h, ws_pf_ctx *x, uint32_t entries, uint32_t index_entries)
{
    h->n = entries;
    h->head = 0;
    h->g = ws_xcalloc(entries, sizeof *h->g);
    ws_pf_tab_init(&h->it, x, index_entries, sizeof(ws_pf_ghbuf_index));
}

void ws_pf_ghbuf_free(ws_pf_ghbuf *h)
{
    free(h->g);
    ws_pf_tab_free(&h->it);
}

uint64_t ws_pf_ghbuf_insert(ws_pf_ghbuf *h, uint64_t key, uint32_t wid, int64_t line)
{
    bool fresh;
    ws_pf_ghbuf_index *ix = ws_pf_tab_get(&h->it, key, wid, &fresh);
    ws_pf_ctx *x = h->it.x;
    uint64_t prev = !fresh && ws_pf_ghbuf_live(h, ix->ptr) ? ix->ptr : WS_PF_GHBUF_NONE;
    if (prev != WS_PF_GHBUF_NONE) {
        x->tab_reads++;
        if (ws_pf_ghbuf_at(h, prev)->line == line) return WS_PF_GHBUF_NONE;
    }
    uint64_t q = h->head++;
    h->g[q % h->n] = (ws_pf_ghbuf_slot){ line, prev };
    x->tab_writes++;
    ix->ptr = q;
    if (!fresh) x->tab_writes++;        /* (a new entry's pointer is part of its allocation) */
    return q;
}

void ws_pf_ghbuf_inspect(const ws_pf_ghbuf *h, ws_pf_insp *in, const char *keycol, uint8_t keybits, bool warp,
                       int64_t line_bytes)
{
    const char *const icols[] = { keycol, "wid", "ptr" };
    const uint8_t ibits[] = { keybits, 8, 0 };
    ws_pf_insp_table_begin(in, "index", 3, icols, ibits);
    for (uint32_t i = 0; i < h->it.entries; i++) {
        const ws_pf_ghbuf_index *e = ws_pf_tab_at(&h->it, i);
        if (!e->t.valid) continue;
        ws_pf_insp_row(in, (const int64_t[]){ (int64_t)e->t.key, warp ? (int64_t)e->t.wid : -1,
                                              ws_pf_ghbuf_live(h, e->ptr) ? (int64_t)(e->ptr % h->n) : -1 });
    }
    static const char *const gcols[] = { "slot", "addr", "link" };
    ws_pf_insp_table_begin(in, "ghb", 3, gcols, NULL);
    uint64_t first = h->head > h->n ? h->head - h->n : 0;
    for (uint64_t q = first; q < h->head; q++) {
        const ws_pf_ghbuf_slot *e = ws_pf_ghbuf_at(h, q);
        ws_pf_insp_row(in, (const int64_t[]){ (int64_t)(q % h->n), e->line * line_bytes,
                                              ws_pf_ghbuf_live(h, e->link) ? (int64_t)(e->link % h->n) : -1 });
    }
}
