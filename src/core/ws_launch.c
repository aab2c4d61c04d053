/* ws_launch.c: grids, CTA dispatch within per-SM limits, retirement, and the
 * functional run-to-completion (ws_launch), which dispatches CTAs one at a
 * time and runs each CTA's warps round robin with the same execute function
 * the stepwise interface uses. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ws_core_int.h"
#include "util/ws_util.h"

static void grid_unregister(ws_device *d, ws_grid *g)
{
    for (size_t i = 0; i < d->ngrids; i++)
        if (d->grids[i] == g) {
            d->grids[i] = d->grids[--d->ngrids];
            return;
        }
}

ws_grid *ws_grid_create(ws_device *d, const ws_kernel *k, const ws_launch_config *cfg, const ws_arg *args,
                        uint32_t nargs, ws_error *err)
{
    const ws_device_config *dc = &d->cfg;
    if (!k || !cfg) {
        ws_error_set(err, WS_E_RANGE, "launch: no kernel or configuration given");
        return NULL;
    }
    if (k->m->d != d) {
        ws_error_set(err, WS_E_STATE, "launch of '%s': the kernel belongs to another device", k->f->name);
        return NULL;
    }
    if (nargs && !args) {
        ws_error_set(err, WS_E_RANGE, "launch of '%s': %u arguments announced, none given", k->f->name, nargs);
        return NULL;
    }
    const ws_ptx_func *f = k->f;
    uint32_t grid[3], block[3];
    for (int i = 0; i < 3; i++) {
        grid[i] = cfg->grid[i] ? cfg->grid[i] : 1;
        block[i] = cfg->block[i] ? cfg->block[i] : 1;
    }
    uint64_t threads = (uint64_t)block[0] * block[1] * block[2];
    if (threads > dc->max_threads_per_cta || block[2] > 64) {
        ws_error_set(err, WS_E_RANGE, "launch of '%s': a CTA of %u x %u x %u = %" PRIu64
                     " threads exceeds the limit of %u threads (z at most 64)",
                     f->name, block[0], block[1], block[2], threads, dc->max_threads_per_cta);
        return NULL;
    }
    if (grid[0] > 0x7fffffffu || grid[1] > 65535 || grid[2] > 65535) {
        ws_error_set(err, WS_E_RANGE, "launch of '%s': grid %u x %u x %u exceeds 2^31-1 x 65535 x 65535", f->name,
                     grid[0], grid[1], grid[2]);
        return NULL;
    }
    if (f->reqntid[0] && (f->reqntid[0] != block[0] || (f->reqntid[1] ? f->reqntid[1] : 1) != block[1] ||
                          (f->reqntid[2] ? f->reqntid[2] : 1) != block[2])) {
        ws_error_set(err, WS_E_RANGE, "launch of '%s': the kernel requires .reqntid %u, %u, %u; block is %u x %u x %u",
                     f->name, f->reqntid[0], f->reqntid[1], f->reqntid[2], block[0], block[1], block[2]);
        return NULL;
    }
    if (f->maxntid[0]) {
        uint64_t mx = (uint64_t)f->maxntid[0] * (f->maxntid[1] ? f->maxntid[1] : 1) * (f->maxntid[2] ? f->maxntid[2] : 1);
        if (threads > mx) {
            ws_error_set(err, WS_E_RANGE, "launch of '%s': %" PRIu64 " threads per CTA exceed the kernel's .maxntid (%" PRIu64 ")",
                         f->name, threads, mx);
            return NULL;
        }
    }
    /* (dynamic shared memory starts after the PTX's layout, or after what
     * ptxas allocates statically if that is more) */
    uint64_t dyn_at = WS_MAX(k->dyn_offset, (k->static_shared + 15) & ~15ull);
    uint64_t shared = cfg->shared_bytes ? dyn_at + cfg->shared_bytes : k->static_shared;
    uint32_t warps = (uint32_t)((threads + WS_WARP_SIZE - 1) / WS_WARP_SIZE);
    if (cfg->regs > 255) {
        ws_error_set(err, WS_E_RANGE, "launch of '%s': %u registers per thread; a thread has at most 255",
                     f->name, cfg->regs);
        return NULL;
    }
    uint32_t rpt = cfg->regs ? cfg->regs : k->regs;
    ws_regs_source rsrc = cfg->regs ? WS_REGS_SCENARIO : k->regs_source;
    uint64_t regs = (uint64_t)rpt * WS_WARP_SIZE * warps;
    if (shared > dc->max_shared_per_cta || shared > dc->shared_bytes_per_sm) {
        ws_error_set(err, WS_E_RANGE, "launch of '%s': %" PRIu64 " bytes of shared memory per CTA (static %" PRIu64
                     ", dynamic %" PRIu64 ") exceed the limit of %" PRIu64,
                     f->name, shared, k->static_shared, cfg->shared_bytes,
                     dc->max_shared_per_cta < dc->shared_bytes_per_sm ? dc->max_shared_per_cta : dc->shared_bytes_per_sm);
        return NULL;
    }
    if (regs > dc->regs_per_sm || threads > dc->max_threads_per_sm || warps > dc->max_warps_per_sm) {
        ws_error_set(err, WS_E_RANGE, "launch of '%s': a CTA (%" PRIu64 " threads, %u warps, %" PRIu64
                     " registers at %u per thread, %s) can never fit on an SM (%u threads, %u warps, %u registers)",
                     f->name, threads, warps, regs, rpt, ws_regs_source_name(rsrc), dc->max_threads_per_sm,
                     dc->max_warps_per_sm, dc->regs_per_sm);
        return NULL;
    }
    ws_grid *g = ws_xcalloc(1, sizeof *g);
    g->d = d;
    g->k = k;
    g->m = k->m;
    memcpy(g->grid, grid, sizeof grid);
    memcpy(g->block, block, sizeof block);
    g->dyn_shared = cfg->shared_bytes;
    g->param_bytes = k->param_bytes;
    g->params = ws_xcalloc(1, g->param_bytes ? (size_t)g->param_bytes : 1);
    if (ws_args_pack(k, args, nargs, g->params, g->param_bytes, err) < 0) {
        free(g->params);
        free(g);
        return NULL;
    }
    g->nctas = (uint64_t)grid[0] * grid[1] * grid[2];
    g->threads_per_cta = (uint32_t)threads;
    g->warps_per_cta = warps;
    g->regs_per_cta = (uint32_t)regs;
    g->regs_per_thread = rpt;
    g->regs_source = rsrc;
    g->shared_per_cta = shared;
    g->budget = dc->insn_budget;
    g->gridid = d->next_gridid++;
    WS_GROW(d->grids, d->cap_grids, d->ngrids + 1);
    d->grids[d->ngrids++] = g;
    return g;
}

#define WS_CTA_CACHE_MAX 1024u

static void cta_release(ws_cta *c)
{
    for (uint32_t wi = 0; wi < c->cap_warps; wi++)
        ws_warp_release(&c->warps[wi]);
    free(c->warps);
    free(c->shared);
    free(c);
}

void ws_device_cta_cache_free(ws_device *d)
{
    while (d->cta_cache) {
        ws_cta *c = d->cta_cache;
        d->cta_cache = c->next_free;
        cta_release(c);
    }
    d->ncta_cache = 0;
}

void ws_grid_free(ws_grid *g)
{
    if (!g)
        return;
    ws_device *d = g->d;
    for (size_t i = 0; i < g->nctas_alloc; i++) {
        ws_cta *c = g->ctas[i];
        if (c->resident) {
            ws_sm_usage *u = &d->sm[c->sm];
            u->threads -= g->threads_per_cta;
            u->warps -= g->warps_per_cta;
            u->ctas--;
            u->regs -= g->regs_per_cta;
            u->shared -= g->shared_per_cta;
            d->usage_gen++;
        }
        if (d->ncta_cache < WS_CTA_CACHE_MAX) {
            c->resident = false;
            c->next_free = d->cta_cache;
            d->cta_cache = c;
            d->ncta_cache++;
        } else {
            cta_release(c);
        }
    }
    free(g->ctas);
    free(g->params);
    grid_unregister(d, g);
    free(g);
}

uint64_t ws_grid_ctas_total(const ws_grid *g) { return g->nctas; }
uint64_t ws_grid_ctas_pending(const ws_grid *g) { return g->nctas - g->next_cta; }
uint64_t ws_grid_ctas_resident(const ws_grid *g) { return g->resident; }
bool ws_grid_done(const ws_grid *g) { return g->retired == g->nctas; }
const ws_launch_stats *ws_grid_stats(const ws_grid *g) { return &g->stats; }
const ws_fault *ws_grid_fault(const ws_grid *g) { return g->faulted ? &g->fault : NULL; }
int ws_grid_stop(ws_grid *g, ws_warp *w, const char *what, const char *detail, ws_error *err)
{
    ws_fault_simple(g, w, WS_FAULT_BUDGET, what, detail, err);
    return -1;
}
const ws_kernel *ws_grid_kernel(const ws_grid *g) { return g->k; }
void ws_grid_set_clock(ws_grid *g, uint64_t cycle)
{
    g->clock = cycle;
    g->ext_clock = true;
}

void ws_grid_cta_resources(const ws_grid *g, uint32_t *threads, uint32_t *warps, uint64_t *shared, uint32_t *regs)
{
    if (threads)
        *threads = g->threads_per_cta;
    if (warps)
        *warps = g->warps_per_cta;
    if (shared)
        *shared = g->shared_per_cta;
    if (regs)
        *regs = g->regs_per_cta;
}

uint32_t ws_grid_regs_per_thread(const ws_grid *g, ws_regs_source *source)
{
    if (source)
        *source = g->regs_source;
    return g->regs_per_thread;
}

/* Which limit keeps the next CTA off SM sm (NULL: it fits). */
static const char *no_fit(const ws_grid *g, uint32_t sm)
{
    const ws_device_config *dc = &g->d->cfg;
    const ws_sm_usage *u = &g->d->sm[sm];
    if (u->ctas + 1 > dc->max_ctas_per_sm)
        return "CTAs per SM";
    if (u->threads + g->threads_per_cta > dc->max_threads_per_sm)
        return "threads per SM";
    if (u->warps + g->warps_per_cta > dc->max_warps_per_sm)
        return "warps per SM";
    if ((uint64_t)u->regs + g->regs_per_cta > dc->regs_per_sm)
        return "registers per SM";
    if (u->shared + g->shared_per_cta > dc->shared_bytes_per_sm)
        return "shared memory per SM";
    return NULL;
}

uint64_t ws_grid_usage_gen(const ws_grid *g) { return g->d->usage_gen; }

bool ws_grid_fits(const ws_grid *g, uint32_t sm)
{
    return sm < g->d->cfg.num_sms && g->next_cta < g->nctas && !no_fit(g, sm);
}

static ws_cta *dispatch(ws_grid *g, uint32_t sm, bool check, ws_error *err)
{
    ws_device *d = g->d;
    if (sm >= d->cfg.num_sms) {
        ws_error_set(err, WS_E_RANGE, "no SM %u (the device has %u)", sm, d->cfg.num_sms);
        return NULL;
    }
    if (g->next_cta >= g->nctas) {
        ws_error_set(err, WS_E_STATE, "grid of '%s': every CTA has been dispatched", g->k->f->name);
        return NULL;
    }
    if (g->faulted) {
        ws_error_set(err, WS_E_STATE, "grid of '%s' has faulted: %s", g->k->f->name, g->fault.msg);
        return NULL;
    }
    const char *lim = check ? no_fit(g, sm) : NULL;
    if (lim) {
        ws_error_set(err, WS_E_STATE, "the next CTA of '%s' does not fit on SM %u: %s", g->k->f->name, sm, lim);
        return NULL;
    }
    ws_cta *c = g->free_ctas;
    if (c) {
        g->free_ctas = c->next_free;
    } else {
        if ((c = d->cta_cache) != NULL) {       /* one of an earlier grid's */
            d->cta_cache = c->next_free;
            d->ncta_cache--;
            if (c->cap_warps < g->warps_per_cta) {
                ws_warp *nw = ws_xcalloc_aligned(_Alignof(ws_warp), g->warps_per_cta, sizeof *nw);
                memcpy(nw, c->warps, c->cap_warps * sizeof *c->warps);     /* (their heaps move along) */
                free(c->warps);
                c->warps = nw;
                c->cap_warps = g->warps_per_cta;
            }
            if (c->cap_shared < g->shared_per_cta) {
                free(c->shared);
                c->shared = ws_xcalloc(1, (size_t)g->shared_per_cta);
                c->cap_shared = g->shared_per_cta;
            }
        } else {
            c = ws_xcalloc(1, sizeof *c);
            c->warps = ws_xcalloc_aligned(_Alignof(ws_warp), g->warps_per_cta, sizeof *c->warps);
            c->cap_warps = g->warps_per_cta;
            c->shared = ws_xcalloc(1, g->shared_per_cta ? (size_t)g->shared_per_cta : 1);
            c->cap_shared = g->shared_per_cta;
        }
        c->g = g;
        WS_GROW(g->ctas, g->cap_ctas, g->nctas_alloc + 1);
        g->ctas[g->nctas_alloc++] = c;
    }
    uint64_t lin = g->next_cta++;
    c->linear = lin;
    c->idx[0] = (uint32_t)(lin % g->grid[0]);
    c->idx[1] = (uint32_t)((lin / g->grid[0]) % g->grid[1]);
    c->idx[2] = (uint32_t)(lin / ((uint64_t)g->grid[0] * g->grid[1]));
    c->sm = sm;
    c->nthreads = g->threads_per_cta;
    c->nwarps = g->warps_per_cta;
    c->shared_size = g->shared_per_cta;
    memset(c->shared, 0, (size_t)c->shared_size);
    c->live_threads = c->nthreads;
    c->live_warps = c->nwarps;
    memset(c->bar, 0, sizeof c->bar);
    c->next_free = NULL;
    for (uint32_t i = 0; i < c->nwarps; i++)
        if (ws_warp_init(&c->warps[i], c, i, err) < 0) {
            c->next_free = g->free_ctas;
            g->free_ctas = c;
            g->next_cta--;
            return NULL;
        }
    c->resident = true;
    ws_sm_usage *u = &d->sm[sm];
    u->threads += g->threads_per_cta;
    u->warps += g->warps_per_cta;
    u->ctas++;
    u->regs += g->regs_per_cta;
    u->shared += g->shared_per_cta;
    d->usage_gen++;
    g->resident++;
    return c;
}

ws_cta *ws_grid_dispatch(ws_grid *g, uint32_t sm, ws_error *err) { return dispatch(g, sm, true, err); }

uint32_t ws_cta_nwarps(const ws_cta *c) { return c->nwarps; }
ws_warp *ws_cta_warp(ws_cta *c, uint32_t i) { return i < c->nwarps ? &c->warps[i] : NULL; }
void ws_cta_index(const ws_cta *c, uint32_t idx[3]) { memcpy(idx, c->idx, 3 * sizeof *idx); }
uint32_t ws_cta_sm(const ws_cta *c) { return c->sm; }
bool ws_cta_done(const ws_cta *c) { return c->live_warps == 0; }

int ws_cta_retire(ws_cta *c, ws_error *err)
{
    ws_grid *g = c->g;
    if (!c->resident)
        return ws_error_set(err, WS_E_STATE, "CTA (%u,%u,%u) is not resident", c->idx[0], c->idx[1], c->idx[2]);
    if (c->live_warps && !g->faulted)
        return ws_error_set(err, WS_E_STATE, "CTA (%u,%u,%u) of '%s' still has %u running warp(s)", c->idx[0],
                            c->idx[1], c->idx[2], g->k->f->name, c->live_warps);
    ws_sm_usage *u = &g->d->sm[c->sm];
    u->threads -= g->threads_per_cta;
    u->warps -= g->warps_per_cta;
    u->ctas--;
    u->regs -= g->regs_per_cta;
    u->shared -= g->shared_per_cta;
    g->d->usage_gen++;
    c->resident = false;
    g->resident--;
    g->retired++;
    if (!c->live_warps)
        g->stats.ctas++;
    c->next_free = g->free_ctas;
    g->free_ctas = c;
    return 0;
}

/* Run one CTA functionally: warps take turns of `functional_quantum`
 * instructions in index order (a warp that blocks or exits ends its turn).
 * *allow bounds the instructions run by this call; the turn state lives in
 * the CTA, so how a run is split into calls never changes the interleaving.
 * Returns 1 when the CTA has finished, 0 when *allow ran out, -1 on a fault. */
int ws_grid_run_cta(ws_grid *g, ws_cta *c, uint64_t *allow, ws_error *err)
{
    const uint64_t quantum = g->d->cfg.functional_quantum;
    uint32_t idle = 0;
    while (c->live_warps > 0) {
        if (*allow == 0)
            return 0;
        ws_warp *w = &c->warps[c->rr];
        if (w->status != WS_WARP_READY) {
            c->rr = (c->rr + 1) % c->nwarps;
            c->qleft = quantum;
            if (++idle < c->nwarps)
                continue;
            /* every live warp waits at a barrier that cannot complete:
             * the warps in groups by barrier id and instruction */
            char detail[700];
            size_t n = 0;
            ws_warp *first = NULL;
            uint64_t left = 0;          /* (a CTA has at most 64 warps) */
            uint32_t ids = 0;
            for (uint32_t i = 0; i < c->nwarps && i < 64; i++)
                if (c->warps[i].status == WS_WARP_BARRIER) {
                    ids |= 1u << c->warps[i].bar_id;
                    left |= 1ull << i;
                }
            detail[0] = '\0';
            if (ws_popc32(ids) > 1) {
                ws_fmt_app(detail, sizeof detail, &n, "the CTA's warps wait at different barriers (ids");
                for (uint32_t id = 0, m = 0, k = ws_popc32(ids); id < WS_NBARRIERS; id++)
                    if (ids >> id & 1)
                        ws_fmt_app(detail, sizeof detail, &n, "%s %u", m++ == 0 ? "" : m == k ? " and" : ",", id);
                ws_fmt_app(detail, sizeof detail, &n, "), so none of them can complete: ");
            }
            for (uint32_t i = 0; i < c->nwarps && i < 64; i++) {
                ws_warp *v = &c->warps[i];
                if (!(left >> i & 1))
                    continue;
                if (!first)
                    first = v;
                uint64_t grp = 0;
                for (uint32_t j = i; j < c->nwarps && j < 64; j++) {
                    const ws_warp *o = &c->warps[j];
                    if ((left >> j & 1) && o->bar_id == v->bar_id && o->bar_pc == v->bar_pc)
                        grp |= 1ull << j;
                }
                left &= ~grp;
                char wl[200];
                ws_lanes_fmt(wl, sizeof wl, grp);
                const ws_barrier *b = &c->bar[v->bar_id];
                ws_fmt_app(detail, sizeof detail, &n, "%swarp%s %s at barrier %u (%s:%u, %u of %u threads arrived)",
                           v != first ? "; " : "", (grp & (grp - 1)) ? "s" : "", wl, v->bar_id, g->m->ptx->path,
                           v->bar_insn && v->bar_insn->in ? v->bar_insn->in->line : 0, b->arrived,
                           b->expected ? b->expected : c->live_threads);
            }
            ws_fault_simple(g, first ? first : &c->warps[0], WS_FAULT_DEADLOCK, "barrier deadlock", detail, err);
            return -1;
        }
        idle = 0;
        if (c->qleft == 0)
            c->qleft = quantum;
        uint64_t n = c->qleft < *allow ? c->qleft : *allow;
        if (g->budget) {
            if (g->stats.warp_insns >= g->budget) {
                ws_fault_simple(g, w, WS_FAULT_BUDGET, NULL, NULL, err);
                return -1;
            }
            uint64_t left = g->budget - g->stats.warp_insns;
            if (left < n)
                n = left;
        }
        uint64_t before = g->stats.warp_insns;
        if (ws_warp_run(w, n, err) < 0)
            return -1;
        uint64_t ran = g->stats.warp_insns - before;
        *allow -= ran;
        c->qleft -= ran < c->qleft ? ran : c->qleft;
        if (c->qleft == 0 || w->status != WS_WARP_READY) {
            c->rr = (c->rr + 1) % c->nwarps;
            c->qleft = quantum;
        }
    }
    return 1;
}

int ws_grid_run(ws_grid *g, uint64_t max_warp_insns, ws_error *err)
{
    if (g->faulted)
        return ws_error_set(err, WS_E_STATE, "the grid has faulted: %s", g->fault.msg);
    uint64_t allow = max_warp_insns ? max_warp_insns : UINT64_MAX;
    for (;;) {
        if (!g->run_cta) {
            if (g->next_cta >= g->nctas) {
                if (g->resident)
                    return ws_error_set(err, WS_E_STATE,
                                        "grid of '%s': %" PRIu64 " CTA(s) dispatched with ws_grid_dispatch are still resident",
                                        g->k->f->name, g->resident);
                return 1;
            }
            uint32_t sm = (uint32_t)(g->next_cta % g->d->cfg.num_sms);
            g->run_cta = dispatch(g, sm, false, err);
            if (!g->run_cta)
                return -1;
            g->run_cta->rr = 0;
            g->run_cta->qleft = g->d->cfg.functional_quantum;
        }
        int rc = ws_grid_run_cta(g, g->run_cta, &allow, err);
        if (rc <= 0)
            return rc;
        ws_cta_retire(g->run_cta, NULL);
        g->run_cta = NULL;
    }
}

int ws_launch(ws_device *d, const ws_kernel *k, const ws_launch_config *cfg, const ws_arg *args, uint32_t nargs,
              ws_error *err)
{
    d->has_fault = false;
    memset(&d->last, 0, sizeof d->last);
    ws_grid *g = ws_grid_create(d, k, cfg, args, nargs, err);
    if (!g)
        return -1;
    int rc = ws_grid_run(g, 0, err) < 0 ? -1 : 0;
    d->last = g->stats;
    d->total.warp_insns += g->stats.warp_insns;
    d->total.thread_insns += g->stats.thread_insns;
    d->total.thread_insns_pred += g->stats.thread_insns_pred;
    d->total.ctas += g->stats.ctas;
    ws_grid_free(g);
    return rc;
}
