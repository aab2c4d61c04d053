/* ws_tcoal.c: temporal-coalescing instrumentation (see ws_tcoal.h). */
#include "arch/ws_tcoal.h"

#include <stdlib.h>
#include <string.h>

#include "core/ws_core.h"
#include "util/ws_util.h"

#define EPOCH 32u                   /* instructions per epoch (>= WS_TCOAL_WMAX) */
#define TBITS 11u
#define TSIZE (1u << TBITS)         /* entries per table: twice the blocks of an epoch */

typedef struct tc_ent {
    uint64_t blk;
    uint32_t seq;                   /* the warp's instruction that read it last */
    uint32_t epoch;                 /* valid only while this is the table's epoch */
} tc_ent;

typedef struct tc_warp {
    uint64_t age;                   /* dispatch age of the warp this state is for */
    uint32_t seq;                   /* its next instruction's index */
    uint32_t ep0;                   /* epoch tag of its instruction 0 */
    tc_ent tab[2][TSIZE];           /* [epoch & 1] */
} tc_warp;

struct ws_tcoal {
    uint32_t nslots;
    const ws_device *dev;           /* stats.tcoal.array: the allocations ... */
    char *array;                    /* ... and the name counted (NULL: all) */
    ws_tcoal_ctr *c;
    tc_warp **w;                    /* per slot, made at its first load */
};

ws_tcoal *ws_tcoal_new(uint32_t nslots, ws_tcoal_ctr *ctr)
{
    ws_tcoal *t = ws_xcalloc(1, sizeof *t);
    t->nslots = nslots;
    t->c = ctr;
    t->w = ws_xcalloc(nslots ? nslots : 1, sizeof *t->w);
    return t;
}

void ws_tcoal_free(ws_tcoal *t)
{
    if (!t) return;
    for (uint32_t i = 0; i < t->nslots; i++) free(t->w[i]);
    free(t->w);
    free(t->array);
    free(t);
}

void ws_tcoal_filter(ws_tcoal *t, const ws_device *dev, const char *array)
{
    free(t->array);
    t->array = array && *array ? ws_xstrdup(array) : NULL;
    t->dev = dev;
}

static inline uint32_t hash(uint64_t b)
{
    return (uint32_t)((b * 0x9E3779B97F4A7C15ull) >> (64 - TBITS));
}

/* The entry of block b in table tb under epoch tag ep, or the empty slot
 * where it goes.  Entries of the current tag were all made under it, so a
 * probe stops at the first entry of another tag. */
static tc_ent *probe(tc_ent *tb, uint64_t b, uint32_t ep)
{
    uint32_t h = hash(b);
    for (;;) {
        tc_ent *e = &tb[h];
        if (e->epoch != ep || e->blk == b) return e;
        h = (h + 1) & (TSIZE - 1);
    }
}

void ws_tcoal_load(ws_tcoal *t, uint32_t slot, uint64_t age, uint32_t mask, const uint64_t *addr)
{
    if (!mask || slot >= t->nslots) return;
    tc_warp *w = t->w[slot];
    if (!w) {
        w = t->w[slot] = ws_xcalloc(1, sizeof *w);
        w->age = age + 1;           /* (differs: started below; ep0 0 and
                                     * seq 0 start it at tag 2, past
                                     * calloc's 0) */
    }
    if (w->age != age) {            /* a new warp in the slot */
        /* its epoch tags start past every tag the slot's last warp used
         * (and past that tag + 1, what epoch 0's previous table is read
         * under); on a wrap (2^37 loads in one slot) the tables restart */
        uint32_t last = w->ep0 + w->seq / EPOCH;
        if (last >= UINT32_MAX - 2) {
            memset(w->tab, 0, sizeof w->tab);
            last = 0;
        }
        w->age = age;
        w->seq = 0;
        w->ep0 = last + 2;
    }
    /* the instruction's distinct blocks */
    uint64_t blk[32];
    uint32_t nb = 0, lanes = 0;
    for (uint32_t m = mask; m; m &= m - 1) {
        uint64_t b = addr[__builtin_ctz(m)] >> WS_TCOAL_BLOCK_LOG;
        uint32_t k = nb;
        while (k > 0 && blk[k - 1] != b) k--;
        if (k == 0) blk[nb++] = b;
        lanes++;
    }
    uint32_t i = w->seq++;
    uint32_t rel = i / EPOCH;
    uint32_t ep = w->ep0 + rel;
    uint32_t epp = ep - 1;
    tc_ent *cur = w->tab[rel & 1], *prev = w->tab[(rel + 1) & 1];
    uint8_t im[WS_TCOAL_WMAX + 1];
    for (uint32_t W = 1; W <= WS_TCOAL_WMAX; W++) im[W] = (uint8_t)(i % W);
    ws_tcoal_ctr *c = t->c;
    c->insns++;
    c->lanes += lanes;
    for (uint32_t k = 0; k < nb; k++) {
        uint64_t b = blk[k];
        uint32_t d = UINT32_MAX;
        tc_ent *e = probe(cur, b, ep);
        if (e->epoch == ep) {
            d = i - e->seq;
        } else if (rel > 0) {
            tc_ent *p = probe(prev, b, epp);
            if (p->epoch == epp) d = i - p->seq;
        }
        e->blk = b;
        e->seq = i;
        e->epoch = ep;
        /* requests: tumbling unless d <= i mod W; sliding unless d < W */
        for (uint32_t W = 1; W <= WS_TCOAL_WMAX; W++) {
            c->req[W - 1] += d > im[W];
            c->slide[W - 1] += d >= W;
        }
    }
}

void ws_tcoal_step(ws_tcoal *t, uint32_t slot, uint64_t age, const ws_step *st)
{
    uint32_t m = 0;
    if (st->space == WS_SP_GLOBAL) {
        m = st->mem_mask;
    } else if (st->space == WS_SP_NONE) {
        for (uint32_t r = st->mem_mask; r; r &= r - 1) {
            uint32_t l = (uint32_t)__builtin_ctz(r);
            if (st->lane_space[l] == WS_SP_GLOBAL) m |= 1u << l;
        }
    }
    if (m && t->array) {
        const ws_alloc *a = ws_devmem_find(t->dev, st->addr[__builtin_ctz(m)]);
        if (!a || !a->name || strcmp(a->name, t->array) != 0) return;
    }
    ws_tcoal_load(t, slot, age, m, st->addr);
}
