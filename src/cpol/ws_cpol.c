/* ws_cpol.c: a policy instance and the wrappers the cache model calls
 * (defaults for the hooks a policy leaves NULL, the per-line state every
 * policy shares, the counters). */
#include <stdlib.h>
#include <string.h>

#include "cpol/ws_cpol.h"
#include "util/ws_util.h"

struct ws_cpol {
    const ws_cpol_ops *ops;
    void *st;
    ws_cpol_geom g;
    ws_cpol_stats own, *st_;   /* counters: own, or the caller's (ws_cpol_set_stats) */
    uint8_t *cb;            /* L1: per line, copy back on eviction */
    uint32_t *last;         /* L2: per line, last user core + 1 (0: none) */
};

ws_cpol *ws_cpol_create(const char *name, const ws_cpol_geom *g, const ws_cpol_params *p, ws_error *err)
{
    const ws_cpol_ops *ops = ws_cpol_find(name);
    if (!ops) {
        ws_error_set(err, WS_E_RANGE, "unknown cache policy '%s' (known: %s)", name ? name : "(none)",
                     ws_cpol_names());
        return NULL;
    }
    const char *lv = g->level == WS_CPOL_L1 ? "L1" : "L2";
    if (!g->sets || !g->ways || g->line < 4 || (g->line & (g->line - 1))) {
        ws_error_set(err, WS_E_RANGE,
                     "cache policy '%s' at %s: impossible cache of %u sets, %u ways, %u-byte lines "
                     "(sets and ways at least 1, line a power of two >= 4)",
                     name, lv, g->sets, g->ways, g->line);
        return NULL;
    }
    if (!g->ncores || g->ncores > 65535 || (g->level == WS_CPOL_L1 && g->id >= g->ncores)) {
        ws_error_set(err, WS_E_RANGE, "cache policy '%s' at %s: %u cores, instance %u (1 to 65535 cores)", name,
                     lv, g->ncores, g->id);
        return NULL;
    }
    if (g->level == WS_CPOL_L2 && (g->total_sets < g->sets || g->set_base > g->total_sets - g->sets)) {
        ws_error_set(err, WS_E_RANGE,
                     "cache policy '%s' at L2: slice sets %u..%u outside the L2's %u sets", name, g->set_base,
                     g->set_base + g->sets - 1, g->total_sets);
        return NULL;
    }
    ws_cpol *c = ws_xcalloc(1, sizeof *c);
    c->ops = ops;
    c->g = *g;
    c->st_ = &c->own;
    size_t n = (size_t)g->sets * g->ways;
    if (g->level == WS_CPOL_L1)
        c->cb = ws_xcalloc(n, 1);
    else
        c->last = ws_xcalloc(n, sizeof *c->last);
    if (ops->create) {
        ws_error e2;
        ws_error_clear(&e2);
        c->st = ops->create(g, p, &e2);
        if (!c->st) {
            ws_error_set(err, e2.code ? e2.code : WS_E_RANGE, "cache policy '%s' at %s: %s", name, lv, e2.msg);
            ws_cpol_free(c);
            return NULL;
        }
    }
    return c;
}

void ws_cpol_free(ws_cpol *c)
{
    if (!c) return;
    if (c->st && c->ops->destroy) c->ops->destroy(c->st);
    free(c->cb);
    free(c->last);
    free(c);
}

void ws_cpol_set_stats(ws_cpol *c, ws_cpol_stats *dst)
{
    *dst = *c->st_;
    c->st_ = dst;
}

const char *ws_cpol_name(const ws_cpol *c) { return c->ops->name; }
const ws_cpol_stats *ws_cpol_stats_get(const ws_cpol *c) { return c->st_; }

static size_t line_idx(const ws_cpol *c, const ws_cpol_req *q)
{
    return (size_t)(q->set % c->g.sets) * c->g.ways + q->way % c->g.ways;
}

void ws_cpol_launch(ws_cpol *c, const ws_cpol_region *r, uint32_t n)
{
    if (c->ops->launch) c->ops->launch(c->st, r, n);
}

ws_cpol_miss ws_cpol_l1_miss(ws_cpol *c, const ws_cpol_req *q, uint32_t need)
{
    ws_cpol_miss m = { 0, need };
    if (c->ops->l1_miss) c->ops->l1_miss(c->st, q, &m);
    return m;
}

bool ws_cpol_l1_fill(ws_cpol *c, const ws_cpol_req *q, uint32_t reply)
{
    if (c->ops->l1_bypass && c->ops->l1_bypass(c->st, q, reply)) {
        c->st_->l1_bypassed++;
        return false;
    }
    bool cb = (reply & WS_CPOL_CB) != 0;
    if (c->cb) c->cb[line_idx(c, q)] = cb;
    if (cb) c->st_->l1_cb_fills++;
    if (c->ops->l1_fill) c->ops->l1_fill(c->st, q, reply);
    return true;
}

bool ws_cpol_l1_evict(ws_cpol *c, const ws_cpol_req *q)
{
    if (!c->cb) return false;
    size_t i = line_idx(c, q);
    bool send = c->cb[i] != 0;
    c->cb[i] = 0;
    if (send) c->st_->l1_victims_sent[q->dirty ? 1 : 0]++;
    return send;
}

bool ws_cpol_l1_cb(const ws_cpol *c, uint32_t set, uint32_t way)
{
    return c->cb && set < c->g.sets && way < c->g.ways && c->cb[(size_t)set * c->g.ways + way];
}

ws_cpol_l2act ws_cpol_l2_lookup(ws_cpol *c, const ws_cpol_req *q, bool hit)
{
    ws_cpol_l2act a = { false, 0 };
    if (c->ops->l2_lookup) c->ops->l2_lookup(c->st, q, hit, &a);
    if (hit && c->last && !q->write) {
        size_t i = line_idx(c, q);
        if (c->last[i] && c->last[i] != q->core + 1)
            c->st_->l2_hits_shared++;
        else
            c->st_->l2_hits_private++;
        c->last[i] = a.invalidate ? 0 : q->core + 1;
    }
    if (hit && a.invalidate) c->st_->l2_invalidations++;
    return a;
}

bool ws_cpol_l2_fill(ws_cpol *c, const ws_cpol_req *q, uint32_t *reply)
{
    uint32_t rp = 0;
    bool keep = c->ops->l2_fill ? c->ops->l2_fill(c->st, q, &rp) : true;
    if (!keep) c->st_->l2_fill_skipped++;
    if (reply) *reply = rp;
    return keep;
}

bool ws_cpol_l2_victim(ws_cpol *c, const ws_cpol_req *q)
{
    bool in = c->ops->l2_victim ? c->ops->l2_victim(c->st, q) : true;
    if (!in) c->st_->l2_victims_dropped++;
    return in;
}

void ws_cpol_l2_insert(ws_cpol *c, const ws_cpol_req *q, bool victim)
{
    c->st_->l2_insertions++;
    if (victim) c->st_->l2_victims[q->dirty ? 1 : 0]++;
    if (c->last) c->last[line_idx(c, q)] = q->core + 1;
    if (c->ops->l2_insert) c->ops->l2_insert(c->st, q, victim);
}

void ws_cpol_tick(ws_cpol *c, uint64_t cycle)
{
    if (c->ops->tick) c->ops->tick(c->st, cycle);
}

void ws_cpol_inspect(const ws_cpol *c, ws_cpol_insp *in)
{
    in->name = c->ops->name;
    in->nvals = 0;
    in->table = NULL;
    in->ncols = 0;
    in->nrows = 0;
    if (c->ops->inspect) c->ops->inspect(c->st, in);
}
