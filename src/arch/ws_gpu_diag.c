/* ws_gpu_diag.c: what every stuck warp waits for (deadlock diagnosis), and
 * the batch-mode tables. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_cpol_glue.h"
#include "arch/ws_gpu_int.h"
#include "util/ws_util.h"

typedef struct sbuf { char *p; size_t n, cap; } sbuf;

static void sb_printf(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char tmp[512];
    int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (k < 0) return;
    size_t len = (size_t)k < sizeof tmp ? (size_t)k : sizeof tmp - 1;
    if (b->n + len + 1 > b->cap) {
        b->cap = (b->n + len + 1) * 2;
        b->p = ws_xrealloc(b->p, b->cap);
    }
    memcpy(b->p + b->n, tmp, len);
    b->n += len;
    b->p[b->n] = 0;
}

static const char *ptx_name(const ws_ptx_func *f, uint32_t r)
{
    if (r < f->nregs) return f->regs[r].name;
    if (r - f->nregs < f->npreds) return f->preds[r - f->nregs].name;
    return "?";
}

/* Requests the SMs and the memory system still hold: what keeps a launch
 * from ending when no warp is stuck, and where the warps' requests are. */
static void diagnose_memory(ws_gpu *g, sbuf *b)
{
    for (uint32_t i = 0; i < g->cfg.nsms; i++) {
        const ws_sm *sm = &g->sms[i];
        uint32_t queued = sm->nlreq - sm->ilreq;
        uint32_t mshr = sm->l1d ? ws_cache_mshr_cap(sm->l1d) - ws_cache_mshr_free(sm->l1d) : 0;
        uint32_t missq = sm->l1d ? ws_cache_missq_len(sm->l1d) : 0;
        bool pf = sm->pfe && !ws_pfeng_idle(sm->pfe);
        if (!queued && !mshr && !missq && !sm->bypass.n && !sm->nhev && !pf)
            continue;
        sb_printf(b, "  SM %u holds: %u request(s) queued at the LD/ST unit, %u L1 MSHR entr%s waiting for a "
                  "fill, %u request(s) in the L1 miss queue, %u bypassing L1, %u L1 hit(s) to deliver%s\n",
                  i, queued, mshr, mshr == 1 ? "y" : "ies", missq, sm->bypass.n, sm->nhev,
                  pf ? "; its prefetch engine is busy" : "");
    }
    for (uint32_t p = 0; p < ws_memsys_mff_units(g->mem); p++) {
        ws_mff *u = ws_memsys_mff_unit(g->mem, p);
        if (ws_mff_idle(u)) continue;
        ws_mff_view v;
        ws_mff_view_get(u, &v);
        sb_printf(b, "  MFF unit %u holds: %u job(s) in its Issue Engines, %u Work Register(s), %u Tag Unit "
                  "entr%s, %u line(s) in Line Data, %u lookup(s) and %u line request(s) queued, %u word(s) and "
                  "%u completion(s) to send\n", p, v.jobs, v.regs_used, v.tags_used, v.tags_used == 1 ? "y" : "ies",
                  v.line_data_used, v.lookup_q, v.line_q, v.replies, v.dones);
    }
    if (ws_memsys_mff_lines_inflight(g->mem))
        sb_printf(b, "  MFF line reads and write-backs in the memory system: %" PRIu64 "\n",
                  ws_memsys_mff_lines_inflight(g->mem));
    if (!ws_memsys_idle(g->mem)) {
        uint64_t in, wb, down;
        ws_memsys_pending(g->mem, &in, &wb, &down);
        sb_printf(b, "  memory system holds: %" PRIu64 " request(s) from SMs, %" PRIu64 " L2 write-back(s), %"
                  PRIu64 " request(s) waiting for DRAM\n", in, wb, down);
    }
}

static bool at_barrier(const ws_slot *s)
{
    return !s->exited && (s->at_barrier || ws_warp_status_get(s->w) == WS_WARP_BARRIER);
}

/* Insertion sort of v[0..n) (n <= 64). */
static void sort_u32(uint32_t *v, uint32_t n)
{
    for (uint32_t x = 1; x < n; x++)
        for (uint32_t y = x; y > 0 && v[y - 1] > v[y]; y--) {
            uint32_t t = v[y];
            v[y] = v[y - 1];
            v[y - 1] = t;
        }
}

/* "0-5, 7, 9-13" for the sorted numbers v[0..n). */
static void sb_ranges(sbuf *b, const uint32_t *v, uint32_t n)
{
    for (uint32_t i = 0; i < n;) {
        uint32_t j = i;
        while (j + 1 < n && v[j + 1] == v[j] + 1) j++;
        sb_printf(b, j > i ? "%s%u-%u" : "%s%u", i ? ", " : "", v[i], v[j]);
        i = j + 1;
    }
}

/* What one warp that is not at a barrier waits for. */
static void describe(sbuf *b, const ws_sm *sm, const ws_slot *s)
{
    const ws_ptx_func *f = ws_warp_func(s->w);
    if (s->exited) {
        sb_printf(b, "exited, draining %u store(s) and %u request(s)\n", s->stores, s->outstanding);
    } else if (s->reason == WS_STALL_LONG_SCOREBOARD) {
        const ws_tinsn *ti = &s->tf->ins[ws_warp_pc(s->w) <= f->ninsns ? ws_warp_pc(s->w) : f->ninsns];
        const uint32_t *r = &s->tf->regs[ti->regoff];
        sb_printf(b, "long_scoreboard on");
        for (uint32_t k = 0; k < (uint32_t)(ti->ndst + ti->nsrc); k++)
            if (s->ready[r[k]] >= (1ull << 63))
                sb_printf(b, " %s", ptx_name(f, r[k]));
        sb_printf(b, " (%u request(s) in flight; L1 MSHRs free: %u)\n", s->outstanding,
                  sm->l1d ? ws_cache_mshr_free(sm->l1d) : 0);
    } else if (s->reason == WS_STALL_MEMBAR) {
        sb_printf(b, "membar, %u store(s) unacknowledged\n", s->stores);
    } else if (s->reason == WS_STALL_MFF_WAIT) {
        sb_printf(b, "mff_wait: pc_wait for %u gather command(s) of the MFF not complete\n", s->mff_gathers);
    } else if (s->reason == WS_STALL_LG_THROTTLE || s->reason == WS_STALL_MIO_THROTTLE) {
        sb_printf(b, "%s: the LD/ST unit is %s\n", ws_stall_name((ws_stall)s->reason),
                  sm->lg_fail >= 0 ? ws_lg_name((ws_lg_cause)sm->lg_fail) : "busy");
    } else {
        sb_printf(b, "%s\n", ws_stall_name((ws_stall)s->reason));
    }
}

/* The barrier id slot s waits at (UINT32_MAX when the functional engine
 * has already released it and the timing model has yet to wake it). */
static uint32_t barrier_id(const ws_slot *s)
{
    uint32_t id;
    return ws_warp_barrier(s->w, &id) ? id : UINT32_MAX;
}

/* The barrier instruction slot s waits at: its pc and PTX line (the
 * warp's pc has already moved past it). */
static void barrier_where(const ws_slot *s, uint32_t *pc, uint32_t *line)
{
    if (!ws_warp_barrier_where(s->w, pc, line)) {
        *pc = ws_warp_pc(s->w);
        *line = ws_warp_line(s->w);
    }
}

static bool same_group(const ws_slot *a, const ws_slot *o)
{
    uint32_t pa, la, po, lo;
    barrier_where(a, &pa, &la);
    barrier_where(o, &po, &lo);
    return pa == po && barrier_id(a) == barrier_id(o);
}

/* The warps of CTA record cr at a barrier, one line for those at the same
 * barrier instruction and id (*shown lines so far, at most `cap`); when
 * they wait at different barrier ids (none of which can then complete)
 * the CTA's first line says so, with each group's barrier id and PTX
 * file:line.  The first warp listed goes to g's diag_sm and diag_slot
 * when they have none yet.  Returns the warps listed. */
static uint32_t describe_barrier(sbuf *b, ws_gpu *g, const ws_sm *sm, const ws_ctarec *cr, uint32_t *shown,
                                 uint32_t cap)
{
    uint32_t listed = 0;
    uint32_t at = 0, ex = 0;
    uint32_t ids = 0;               /* barrier ids waited at (bit 16: released, not yet woken) */
    for (uint32_t k = 0; k < cr->nwarps; k++) {
        const ws_slot *o = &sm->slots[cr->slots[k]];
        if (!o->w || o->exited) ex++;
        else if (at_barrier(o)) {
            at++;
            uint32_t id = barrier_id(o);
            ids |= 1u << (id < 16 ? id : 16);
        }
    }
    uint32_t nids = (uint32_t)__builtin_popcount(ids & 0xffffu);
    const ws_ptx_module *pm = g->kernel ? ws_module_ptx(ws_kernel_module(g->kernel)) : NULL;
    const char *file = pm && pm->path ? pm->path : "?";
    /* the groups: warps at the same barrier instruction and id */
    bool done[64] = { false };      /* (a CTA has at most 64 warps: ws_sm_add_cta) */
    uint32_t gfirst[64], ng = 0;
    for (uint32_t k = 0; k < cr->nwarps; k++) {
        const ws_slot *s = &sm->slots[cr->slots[k]];
        if (done[k] || !s->w || !at_barrier(s)) continue;
        gfirst[ng++] = k;
        for (uint32_t q = k; q < cr->nwarps; q++) {
            const ws_slot *o = &sm->slots[cr->slots[q]];
            if (!done[q] && o->w && at_barrier(o) && same_group(s, o)) done[q] = true;
        }
    }
    for (uint32_t gi = 0; gi < ng && *shown < cap; gi++) {
        const ws_slot *s = &sm->slots[cr->slots[gfirst[gi]]];
        uint32_t slots[64], warps[64], n = 0, pc, line, id = barrier_id(s);
        barrier_where(s, &pc, &line);
        for (uint32_t q = gfirst[gi]; q < cr->nwarps; q++) {
            const ws_slot *o = &sm->slots[cr->slots[q]];
            if (!o->w || !at_barrier(o) || !same_group(s, o)) continue;
            slots[n] = cr->slots[q];
            warps[n++] = ws_warp_index(o->w);
        }
        sort_u32(slots, n);
        sort_u32(warps, n);
        if (g->diag_sm < 0) {
            g->diag_sm = (int32_t)sm->id;
            g->diag_slot = (int32_t)slots[0];
        }
        uint32_t cta[3];
        ws_cta_index(s->cta, cta);
        sb_printf(b, "  SM %u warp slot%s ", sm->id, n > 1 ? "s" : "");
        sb_ranges(b, slots, n);
        sb_printf(b, ": CTA (%u,%u,%u) warp%s ", cta[0], cta[1], cta[2], n > 1 ? "s" : "");
        sb_ranges(b, warps, n);
        sb_printf(b, ", pc %u (PTX line %u) in %s: %s at a barrier", pc, line, ws_warp_func(s->w)->name,
                  n > 1 ? "wait" : "waits");
        if (id != UINT32_MAX) sb_printf(b, " (barrier id %u)", id);
        sb_printf(b, ": %u of the CTA's %u warps are at a barrier, %u exited, %u elsewhere", at, cr->nwarps, ex,
                  cr->nwarps - at - ex);
        if (nids > 1 && gi == 0) {
            sb_printf(b, "; the CTA's warps wait at different barriers (ids");
            for (uint32_t x = 0, m = 0; x < 16; x++)
                if (ids >> x & 1) sb_printf(b, "%s %u", m++ == 0 ? "" : m == nids ? " and" : ",", x);
            sb_printf(b, "), so none of them can complete: ");
            for (uint32_t gj = 0; gj < ng; gj++) {
                const ws_slot *t = &sm->slots[cr->slots[gfirst[gj]]];
                uint32_t tw[64], tn = 0, tpc, tline, tid = barrier_id(t);
                barrier_where(t, &tpc, &tline);
                for (uint32_t q = gfirst[gj]; q < cr->nwarps; q++) {
                    const ws_slot *o = &sm->slots[cr->slots[q]];
                    if (o->w && at_barrier(o) && same_group(t, o)) tw[tn++] = ws_warp_index(o->w);
                }
                sort_u32(tw, tn);
                sb_printf(b, "%swarp%s ", gj ? ", " : "", tn > 1 ? "s" : "");
                sb_ranges(b, tw, tn);
                if (tid != UINT32_MAX) sb_printf(b, " at barrier %u (%s:%u)", tid, file, tline);
                else sb_printf(b, " released from the barrier at %s:%u", file, tline);
            }
        } else if (nids > 1) {
            sb_printf(b, "; the CTA's warps wait at different barriers (see its first line)");
        }
        sb_printf(b, "\n");
        ++*shown;
        listed += n;
    }
    return listed;
}

/* Every resident warp: first those that are not at a barrier (what the
 * others wait for), one line each, then those at a barrier, one line for
 * the warps of a CTA at the same pc; then the requests the machine holds. */
void ws_gpu_diagnose(ws_gpu *g)
{
    sbuf b = { 0 };
    const uint32_t cap = 64;
    uint32_t shown = 0, total = 0, listed = 0;
    g->diag_sm = g->diag_slot = -1;
    for (uint32_t i = 0; i < g->cfg.nsms; i++) {
        ws_sm *sm = &g->sms[i];
        for (uint32_t j = 0; j < sm->nslots; j++) {
            ws_slot *s = &sm->slots[j];
            if (!s->w) continue;
            total++;
            if (at_barrier(s) || shown >= cap) continue;
            shown++;
            listed++;
            if (g->diag_sm < 0) {
                g->diag_sm = (int32_t)i;
                g->diag_slot = (int32_t)j;
            }
            uint32_t cta[3];
            ws_cta_index(s->cta, cta);
            sb_printf(&b, "  SM %u warp slot %u: CTA (%u,%u,%u) warp %u, pc %u (PTX line %u) in %s: ", i, j,
                      cta[0], cta[1], cta[2], ws_warp_index(s->w), ws_warp_pc(s->w), ws_warp_line(s->w),
                      ws_warp_func(s->w)->name);
            describe(&b, sm, s);
        }
    }
    for (uint32_t i = 0; i < g->cfg.nsms; i++) {
        ws_sm *sm = &g->sms[i];
        for (uint32_t c = 0; c < sm->nctas && shown < cap; c++) {
            if (sm->ctas[c].used) listed += describe_barrier(&b, g, sm, &sm->ctas[c], &shown, cap);
        }
    }
    if (total > listed) sb_printf(&b, "  ... and %u more warp(s)\n", total - listed);
    if (!b.p) sb_printf(&b, "  (no resident warps; %" PRIu64 " CTA(s) never dispatched)\n",
                        g->grid ? ws_grid_ctas_pending(g->grid) : 0);
    diagnose_memory(g, &b);
    free(g->diag);
    g->diag = b.p;
}

/* ------------------------------------------------------------ tables */
static double get(ws_gpu *g, const char *name, size_t launch)
{
    return launch == SIZE_MAX ? ws_stats_get(g->stats, name, -1)
                              : ws_stats_launch_get(g->stats, launch, name, -1);
}

static void row(ws_gpu *g, FILE *f, size_t i, const char *label)
{
    double cyc = get(g, "cycles", i), wi = get(g, "warp_insns", i);
    double h = get(g, "l1d.hits", i), m = get(g, "l1d.misses", i), r = get(g, "l1d.hit_reserved", i);
    double l2a = get(g, "l2.accesses", i), l2h = get(g, "l2.hits", i);
    double busy = get(g, "dram.data_busy", i), dc = get(g, "dram.cycles", i);
    double ls = get(g, "mem.latency_sum", i), ln = get(g, "mem.latency_n", i);
    fprintf(f, "%-28.28s %12.0f %12.0f %6.2f %6.1f %6.1f %6.1f %8.1f\n", label, cyc, wi, cyc > 0 ? wi / cyc : 0,
            h + m + r > 0 ? 100 * h / (h + m + r) : 0, l2a > 0 ? 100 * l2h / l2a : 0, dc > 0 ? 100 * busy / dc : 0,
            ln > 0 ? ls / ln : 0);
}

static void header(FILE *f)
{
    fprintf(f, "%-28s %12s %12s %6s %6s %6s %6s %8s\n", "kernel", "cycles", "warp insns", "IPC", "L1 hit",
            "L2 hit", "DRAM%", "mem lat");
}

void ws_gpu_print_launch(ws_gpu *g, FILE *f)
{
    ws_gpu_stats_sync(g);
    size_t n = ws_stats_nlaunches(g->stats);
    if (n == 0) return;
    if (n == 1) header(f);
    char label[64];
    snprintf(label, sizeof label, "%zu %s", n, g->kernel ? ws_kernel_name(g->kernel) : "?");
    row(g, f, n - 1, label);
}

void ws_gpu_print_summary(ws_gpu *g, FILE *f)
{
    ws_gpu_stats_sync(g);
    fprintf(f, "-- warpscope summary (%s preset, %u SMs) --\n", ws_opts_preset_name(g->opts), g->cfg.nsms);
    header(f);
    row(g, f, SIZE_MAX, "total");
    double slots = ws_stats_get(g->stats, "warp_slot_cycles", -1) - ws_stats_get(g->stats, "stall.idle", -1);
    fprintf(f, "warp states (share of resident warp-cycles):");
    for (int i = 0; i < WS_STALL_IDLE; i++) {
        double v = (double)ws_gpu_stall_total(g, (ws_stall)i);
        if (slots > 0 && v / slots >= 0.0005)
            fprintf(f, " %s %.1f%%", ws_stall_name((ws_stall)i), 100 * v / slots);
    }
    /* MTAML (comp/mem x (warps - 1)) is undefined without memory
     * instructions or without a second warp: said so, never "0 cycles" */
    double mem = ws_stats_get(g->stats, "mem.insns", -1), warps = ws_stats_get(g->stats, "warps_active", -1);
    double lat = ws_stats_get(g->stats, "mem.avg_latency", -1);
    if (!(mem > 0))
        fprintf(f, "\nMTAML n/a (no memory instructions)");
    else if (!(warps > 1))
        fprintf(f, "\nMTAML n/a (%.2f resident warps per SM on average: no other warp to hide latency with)", warps);
    else
        fprintf(f, "\nMTAML %.0f cycles", ws_stats_get(g->stats, "mtaml_cycles", -1));
    if (lat > 0)
        fprintf(f, " vs measured average memory latency %.0f cycles\n", lat);
    else
        fprintf(f, "; no memory latency measured\n");
    ws_energy_print_summary(g->energy, g->stats, f);
    ws_gpu_tcoal_print(g, f);
    ws_cpolg_print(g, f);
    ws_l1v_print(g, f);
}
