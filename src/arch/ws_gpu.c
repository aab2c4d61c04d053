/* ws_gpu.c: the GPU top: creation from the options, kernel launches, CTA
 * dispatch, the cycle loop with idle skipping, deadlock detection. */
#include <stdlib.h>
#include <string.h>

#include "arch/ws_cpol_glue.h"
#include "arch/ws_gpu_dbg.h"
#include "arch/ws_gpu_dbg_int.h"
#include "arch/ws_gpu_int.h"
#include "arch/ws_mempart_int.h"
#include "arch/ws_rtrace.h"
#include "util/ws_util.h"

ws_gpu *ws_gpu_create(const ws_opts *o, uint64_t seed, ws_error *err)
{
    if (ws_opts_validate(o, err) < 0)
        return NULL;
    ws_gpu *g = ws_xmalloc(sizeof *g);
    memset(g, 0, sizeof *g);
    g->stall_stop = true;
    g->opts = ws_opts_copy(o);
    g->seed = seed;
    ws_mreq_pool_init(&g->pool);
    if (ws_gpu_read_config(g, err) < 0)
        goto fail;
    ws_device_config dc;
    ws_gpu_device_config(o, &dc);
    dc.iru = ws_opts_bool(o, "iru.enable");
    dc.mff = ws_opts_bool(o, "mff.enable");
    g->dev = ws_device_create(&dc, err);
    if (!g->dev)
        goto fail;
    g->sms = ws_xmalloc(g->cfg.nsms * sizeof *g->sms);
    memset(g->sms, 0, g->cfg.nsms * sizeof *g->sms);
    g->sm_wake = ws_xcalloc(g->cfg.nsms, sizeof *g->sm_wake);
    for (uint32_t i = 0; i < g->cfg.nsms; i++) {
        ws_sm *sm = &g->sms[i];
        if (ws_sm_init(g, sm, i, err) < 0)
            goto fail;
        if (g->cfg.tcoal) {
            sm->tcoal = ws_tcoal_new(sm->nslots, &sm->tcc);
            ws_tcoal_filter(sm->tcoal, g->dev, ws_opts_str(o, "stats.tcoal.array"));
        }
        if (g->cfg.l1_enable) {
            ws_cache_config cc;
            /* (the cache's messages name it) */
            if (ws_cache_config_from_opts(&cc, o, "l1d", seed + i, err) < 0 ||
                !(sm->l1d = ws_cache_create(&cc, err)))
                goto fail;
        }
        ws_cache_config kc;
        if (ws_cache_config_from_opts(&kc, o, "cmem", seed, err) < 0 || !(sm->cmem = ws_cache_create(&kc, err)))
            goto fail;
        if (g->cfg.l1i_enable) {
            ws_cache_config ic;
            if (ws_cache_config_from_opts(&ic, o, "l1i", seed + i, err) < 0)
                goto fail;
            ic.wpol = WS_WP_WRITE_THROUGH;      /* (read-only: nothing is ever written) */
            if (!(sm->l1i = ws_cache_create(&ic, err)))
                goto fail;
        }
        sm->l1out.cap = g->cfg.l1_delay;      /* (used only when not 0) */
        sm->bypass.cap = (uint32_t)ws_opts_uint(o, "l1d.missq");
        if (sm->bypass.cap == 0) sm->bypass.cap = 8;
        sm->mrq_cap = g->cfg.l1_enable ? 0 : (uint32_t)ws_opts_uint(o, "sm.mrq");
        if (sm->mrq_cap) sm->mrq = ws_xcalloc(sm->mrq_cap, sizeof *sm->mrq);
        if (ws_pfeng_create(sm, err) < 0 || ws_cpolg_sm_create(sm, g->cfg.nsms, o, err) < 0 ||
            ws_l1v_sm_create(sm, o, err) < 0)
            goto fail;
    }
    g->mem = ws_memsys_create(o, g->cfg.nsms, &g->pool, err);
    if (!g->mem)
        goto fail;
    ws_energy_machine em = {
        .core_mhz = (double)ws_opts_uint(o, "clock.core"),
        .nsms = g->cfg.nsms,
        .nslices = ws_memsys_nslices(g->mem),
        .nchannels = ws_memsys_nchannels(g->mem),
    };
    ws_pfeng_table_geometry(g->sms[0].pfe, &em.pf_table_bytes, &em.pf_entry_bits);
    if (ws_memsys_has_iru(g->mem)) {
        ws_iru_sizes zs;
        ws_iru_sizes_get(ws_memsys_iru_unit(g->mem, 0), &zs);
        em.iru_hash_bytes = zs.hash_bytes;
        em.iru_entry_bits = zs.entry_bits;
        em.iru_slot_bits = zs.slot_bits;
    }
    if (ws_memsys_has_mff(g->mem)) {
        ws_mff *u = ws_memsys_mff_unit(g->mem, 0);
        ws_mff_sizes zs;
        ws_mff_sizes_get(u, &zs);
        const ws_mff_config *mc = ws_mff_config_get(u);
        em.mff_units = ws_memsys_mff_units(g->mem);
        em.mff_job_bits = zs.job_bits;
        em.mff_reg_bits = zs.reg_bits;
        em.mff_tag_bits = zs.tag_bits;
        em.mff_tags = mc->tags;
        em.mff_line = mc->line;
        em.mff_engine_bytes = zs.engine_bytes;
        em.mff_reg_bytes = zs.reg_bytes;
        em.mff_tag_bytes = zs.tag_bytes;
        em.mff_ld_bytes = zs.line_data_bytes;
    }
    g->energy = ws_energy_new(o, &em, err);
    if (!g->energy && err->code)
        goto fail;
    g->stats = ws_stats_new();
    ws_gpu_stats_register(g);
    return g;
fail:
    ws_gpu_free(g);
    return NULL;
}

void ws_gpu_free(ws_gpu *g)
{
    if (!g) return;
    if (g->grid) ws_grid_free(g->grid);
    if (g->sms)
        for (uint32_t i = 0; i < g->cfg.nsms; i++) {
            ws_cache_free(g->sms[i].l1d);
            ws_cpol_free(g->sms[i].cpol);
            ws_l1v_free(g->sms[i].l1v);
            ws_cache_free(g->sms[i].cmem);
            ws_cache_free(g->sms[i].l1i);
            ws_pfeng_free(g->sms[i].pfe);
            ws_sm_fini(&g->sms[i]);
        }
    free(g->sms);
    free(g->sm_wake);
    ws_memsys_free(g->mem);
    ws_stats_free(g->stats);
    ws_energy_free(g->energy);
    ws_gpu_stats_free(g);
    ws_tfunc_free_all(g);
    for (size_t i = 0; i < g->ntl; i++) {
        free(g->tl[i].c);
        for (uint32_t k = 0; k < g->tl[i].ncu; k++) free(g->tl[i].cu[k]);
        free(g->tl[i].cu);
    }
    free(g->tl);
    free(g->tlog);
    free(g->actr);
    free(g->diag);
    ws_gpu_dbg_free(g);
    ws_gpu_wait_free(g);
    ws_device_free(g->dev);
    ws_opts_free(g->opts);
    ws_mreq_pool_fini(&g->pool);
    ws_gpu_rtrace_free(g);
    free(g);
}

ws_device *ws_gpu_device(ws_gpu *g) { return g->dev; }
const ws_opts *ws_gpu_opts(const ws_gpu *g) { return g->opts; }
uint64_t ws_gpu_cycle(const ws_gpu *g) { return g->now; }
uint64_t ws_gpu_seed(const ws_gpu *g) { return g->seed; }
ws_stats *ws_gpu_stats(ws_gpu *g) { return g->stats; }
const ws_energy *ws_gpu_energy(const ws_gpu *g) { return g->energy; }
uint32_t ws_gpu_nsms(const ws_gpu *g) { return g->cfg.nsms; }
uint32_t ws_gpu_warp_slots(const ws_gpu *g) { return g->cfg.slots; }
ws_cache *ws_gpu_l1d(ws_gpu *g, uint32_t sm) { return sm < g->cfg.nsms ? g->sms[sm].l1d : NULL; }
ws_cache *ws_gpu_l1i(ws_gpu *g, uint32_t sm) { return sm < g->cfg.nsms ? g->sms[sm].l1i : NULL; }

void ws_gpu_host_wrote(ws_gpu *g, uint64_t addr, uint64_t bytes)
{
    if (!g->cfg.copy_to_l2) return;
    const ws_alloc *a = ws_devmem_find(g->dev, addr);
    ws_memsys_host_write(g->mem, addr, bytes, a ? a->id : 0, g->now);
}
ws_memsys *ws_gpu_memsys(ws_gpu *g) { return g->mem; }
bool ws_gpu_launch_active(const ws_gpu *g) { return g->grid != NULL; }
const char *ws_gpu_diagnosis(const ws_gpu *g) { return g->diag ? g->diag : ""; }
bool ws_gpu_diagnosis_warp(const ws_gpu *g, uint32_t *sm, uint32_t *slot)
{
    if (!g->diag || g->diag_sm < 0) return false;
    *sm = (uint32_t)g->diag_sm;
    *slot = (uint32_t)g->diag_slot;
    return true;
}

/* ------------------------------------------------------------ counters by owner / line */
ws_alloc_ctr *ws_gpu_alloc_ctr(ws_gpu *g, uint64_t addr, uint32_t *owner)
{
    const ws_alloc *a = g->alast;
    if (!a || addr < a->addr || addr >= a->addr + a->size) {
        a = ws_devmem_find(g->dev, addr);
        g->alast = a;
    }
    if (!a) {
        *owner = 0;
        return NULL;
    }
    *owner = a->id;
    if (a->id >= g->nactr) {
        size_t n = a->id + 16;
        g->actr = ws_xrealloc(g->actr, n * sizeof *g->actr);
        memset(g->actr + g->nactr, 0, (n - g->nactr) * sizeof *g->actr);
        g->nactr = n;
    }
    ws_alloc_ctr *c = &g->actr[a->id];
    if (!c->name[0])
        snprintf(c->name, sizeof c->name, "%s", a->name && a->name[0] ? a->name : "(unnamed)");
    return c;
}

ws_line_ctr *ws_gpu_line_ctr(ws_gpu *g, const ws_ptx_func *f, uint32_t pc)
{
    size_t i = g->tl_last;
    if (i >= g->ntl || g->tl[i].f != f)
        for (i = 0; i < g->ntl; i++)
            if (g->tl[i].f == f) break;
    if (i == g->ntl) {
        WS_GROW(g->tl, g->captl, g->ntl + 1);
        g->tl[i].f = f;
        g->tl[i].c = ws_xmalloc((f->ninsns + 1) * sizeof *g->tl[i].c);
        memset(g->tl[i].c, 0, (f->ninsns + 1) * sizeof *g->tl[i].c);
        /* the CUDA file names, for the per-line table's .loc positions */
        const ws_ptx_module *pm = g->kernel ? ws_module_ptx(ws_kernel_module(g->kernel)) : NULL;
        g->tl[i].cu = NULL;
        g->tl[i].ncu = 0;
        if (pm && pm->nfiles) {
            g->tl[i].cu = ws_xcalloc(pm->nfiles, sizeof *g->tl[i].cu);
            g->tl[i].ncu = pm->nfiles;
            for (uint32_t k = 0; k < pm->nfiles; k++) {
                if (!pm->files[k]) continue;
                const char *b = strrchr(pm->files[k], '/');
                g->tl[i].cu[k] = ws_xstrdup(b ? b + 1 : pm->files[k]);
            }
        }
        g->ntl++;
    }
    g->tl_last = i;
    return &g->tl[i].c[pc <= f->ninsns ? pc : f->ninsns];
}

/* ------------------------------------------------------------ endless launches */
/* Cycles between two stall checks: WS_STALL_HIST of them per window. */
static uint64_t stall_interval(const ws_gpu *g)
{
    uint64_t i = g->cfg.stall_window / WS_STALL_HIST;
    return i ? i : 1;
}

/* The warp a stopped launch is reported at: the first resident warp that
 * can still run (the one going round in circles), else the first resident
 * one; NULL when no warp is resident. */
static ws_warp *report_warp(ws_gpu *g)
{
    ws_warp *any = NULL;
    for (uint32_t i = 0; i < g->cfg.nsms; i++)
        for (uint32_t j = 0; j < g->sms[i].nslots; j++) {
            ws_warp *w = g->sms[i].slots[j].w;
            if (!w) continue;
            if (ws_warp_status_get(w) == WS_WARP_READY) return w;
            if (!any && ws_warp_status_get(w) != WS_WARP_EXITED) any = w;
        }
    return any;
}

/* Stop the launch at a limit of the timing model, reported like the
 * instruction budget (file:line, CTA, thread, instruction) at the warp
 * report_warp finds, or without one when none is resident. */
static int stop_launch(ws_gpu *g, const char *what, const char *detail, ws_error *err)
{
    ws_warp *w = report_warp(g);
    if (w) return ws_grid_stop(g->grid, w, what, detail, err);
    return ws_error_set(err, WS_E_STATE, "kernel '%s': %s%s%s", ws_kernel_name(g->kernel), what,
                        detail ? ": " : "", detail ? detail : "");
}

/* Every WS_STALL_HIST-th of run.stall_window cycles: is the launch going
 * anywhere?
 *
 * Progress is anything that can change what the warps do next: a memory
 * instruction of any warp (global, local, shared or constant, load, store
 * or atomic: loads count too, so a warp spinning on a flag another warp or
 * the host may set is never stopped), a reply from memory, a request still
 * in flight at the check (however slow the memory system is made, a warp
 * waiting for it is not looping), a CTA finishing, or a change in the
 * functional state of the resident warps (pc, masks, SIMT stack, frames,
 * registers, predicates; a warp arriving at a barrier or exiting changes
 * it; ws_warp_state_hash).  Without memory accesses a warp's next state
 * depends only on its current one, so when every resident warp is in a
 * state the machine was in at an earlier check, with no memory access in
 * between, the warps are in a loop they cannot leave: an endless kernel.
 * (The one outside input, %clock and %globaltimer, reaches the state
 * through a register, and a clock that moved makes that register differ.)
 * A counting loop changes a register every round and is never stopped, however
 * long it runs; it ends at the instruction budget or run.max_cycles.
 *
 * The launch stops when it has made no progress for run.stall_window cycles
 * and the current state is one of the last WS_STALL_HIST seen. */
static int stall_check(ws_gpu *g, uint64_t now, ws_error *err)
{
    g->stall_at = now + stall_interval(g);
    uint64_t mem = 0;
    uint64_t h = 0xcbf29ce484222325ull;
    bool waiting = !ws_memsys_idle(g->mem);
    for (uint32_t i = 0; i < g->cfg.nsms; i++) {
        const ws_sm *sm = &g->sms[i];
        mem += sm->c.mem_insns + sm->c.shared_insns + sm->c.const_insns + sm->c.ctas_done + sm->c.replies;
        for (uint32_t j = 0; j < sm->nslots; j++) {
            const ws_slot *s = &sm->slots[j];
            const ws_warp *w = s->w;
            if (!w) continue;
            if (s->outstanding || s->stores) waiting = true;
            h ^= ((uint64_t)i << 32 | j) + ws_warp_state_hash(w);
            h *= 0x100000001b3ull;
            h ^= h >> 29;
        }
    }
    if (waiting || mem != g->stall_mem) {
        g->stall_mem = mem;
        g->stall_since = now;
        g->stall_n = 0;
    }
    bool seen = false;
    uint32_t n = g->stall_n < WS_STALL_HIST ? g->stall_n : WS_STALL_HIST;
    for (uint32_t k = 0; k < n && !seen; k++) seen = g->stall_hash[k] == h;
    g->stall_hash[g->stall_n % WS_STALL_HIST] = h;
    g->stall_n++;
    if (!seen || now - g->stall_since < g->cfg.stall_window)
        return 0;
    char what[160], detail[200];
    snprintf(what, sizeof what, "no progress for %llu cycles", (unsigned long long)(now - g->stall_since));
    snprintf(detail, sizeof detail, "an endless loop? (the warps repeat the same states without "
             "accessing memory; run.stall_window is %llu cycles)", (unsigned long long)g->cfg.stall_window);
    return stop_launch(g, what, detail, err);
}

void ws_gpu_set_stall_stop(ws_gpu *g, bool on) { g->stall_stop = on; }

/* ------------------------------------------------------------ launches */
/* The IRU's prefetchers read the lines' bytes from device memory (the
 * part of a line outside every allocation reads as zeros). */
static int iru_read(void *ctx, uint64_t addr, void *buf, uint32_t size)
{
    ws_gpu *g = ctx;
    const ws_alloc *a = ws_devmem_find(g->dev, addr);
    if (!a) a = ws_devmem_find(g->dev, addr + size - 1);
    if (!a) return -1;
    uint64_t lo = addr > a->addr ? addr : a->addr;
    uint64_t hi = addr + size < a->addr + a->size ? addr + size : a->addr + a->size;
    ws_error err;
    return hi > lo ? ws_devmem_read(g->dev, lo, (uint8_t *)buf + (lo - addr), hi - lo, &err) : -1;
}

bool ws_gpu_has_iru(const ws_gpu *g) { return ws_memsys_has_iru(g->mem); }

int ws_gpu_configure_iru(ws_gpu *g, const ws_iru_regs *r, ws_error *err)
{
    if (!ws_memsys_has_iru(g->mem))
        return ws_error_set(err, WS_E_STATE, "configure_iru needs the IRU: --set iru.enable=true");
    ws_memsys_iru_set_reader(g->mem, iru_read, g);
    g->iru_regs = *r;
    g->iru_set = true;
    return 0;
}

/* The MFF's bit-vector write-backs: the line's bits ORed into device
 * memory (ws_mempart_mff.c says why an OR), only where the line overlaps
 * the launch's bit vector (another array sharing the line is left alone). */
static int mff_or_in(void *ctx, uint64_t addr, void *buf, uint32_t size)
{
    ws_gpu *g = ctx;
    const ws_alloc *a = ws_devmem_find(g->dev, g->mff_bv);
    if (!a) return -1;
    uint64_t lo = addr > a->addr ? addr : a->addr;
    uint64_t hi = addr + size < a->addr + a->size ? addr + size : a->addr + a->size;
    if (hi <= lo) return 0;
    uint8_t cur[256];
    uint32_t n = (uint32_t)(hi - lo), off = (uint32_t)(lo - addr);
    if (n > sizeof cur) return -1;
    ws_error err;
    if (ws_devmem_read(g->dev, lo, cur, n, &err) < 0) return -1;
    const uint8_t *b = buf;
    for (uint32_t j = 0; j < n; j++) cur[j] |= b[off + j];
    return ws_devmem_write(g->dev, lo, cur, n, &err);
}

bool ws_gpu_has_mff(const ws_gpu *g) { return ws_memsys_has_mff(g->mem); }

int ws_gpu_configure_mff(ws_gpu *g, const ws_mff_regs *r, ws_error *err)
{
    if (!ws_memsys_has_mff(g->mem))
        return ws_error_set(err, WS_E_STATE, "configure_mff needs the MFF: --set mff.enable=true");
    ws_memsys_mff_set_memory(g->mem, iru_read, mff_or_in, g);
    g->mff_regs = *r;
    g->mff_set = true;
    return 0;
}

/* The first MFF call of kernel k's function (NULL: none). */
static const ws_ptx_insn *first_mff_call(const ws_kernel *k)
{
    const ws_ptx_func *f = ws_kernel_func(k);
    for (uint32_t j = 0; f && j < f->ninsns; j++)
        if (f->insns[j].op == WS_OP_PC_GATHER || f->insns[j].op == WS_OP_PC_WAIT ||
            f->insns[j].op == WS_OP_PC_SCATTER_SET)
            return &f->insns[j];
    return NULL;
}

/* The first load_iru of kernel k's function (NULL: none). */
static const ws_ptx_insn *first_load_iru(const ws_kernel *k)
{
    const ws_ptx_func *f = ws_kernel_func(k);
    for (uint32_t j = 0; f && j < f->ninsns; j++)
        if (f->insns[j].op == WS_OP_LOAD_IRU) return &f->insns[j];
    return NULL;
}

int ws_gpu_launch_begin(ws_gpu *g, const ws_kernel *k, const ws_launch_config *lc, const ws_arg *args,
                        uint32_t nargs, ws_error *err)
{
    if (g->grid)
        return ws_error_set(err, WS_E_STATE, "a launch of '%s' is still running", ws_kernel_name(g->kernel));
    const ws_ptx_insn *li = first_load_iru(k);
    if (li && !g->iru_set) {
        const ws_ptx_module *pm = ws_module_ptx(ws_kernel_module(k));
        return ws_error_set(err, WS_E_STATE, "%s:%u: kernel '%s' uses load_iru (PTX line %u) but no configure_iru "
                            "was given before its launch", pm && pm->path ? pm->path : "?", li->line,
                            ws_kernel_name(k), li->line);
    }
    const ws_ptx_insn *mi = first_mff_call(k);
    if (mi && !g->mff_set) {
        const ws_ptx_module *pm = ws_module_ptx(ws_kernel_module(k));
        return ws_error_set(err, WS_E_STATE, "%s:%u: kernel '%s' uses %s (PTX line %u) but no configure_mff "
                            "was given before its launch", pm && pm->path ? pm->path : "?", mi->line,
                            ws_kernel_name(k), ws_ptx_op_name((ws_ptx_op)mi->op), mi->line);
    }
    ws_device_clear_fault(g->dev);
    ws_grid *grid = ws_grid_create(g->dev, k, lc, args, nargs, err);
    if (!grid)
        return -1;
    if (g->mff_set) {
        if (ws_memsys_mff_launch(g->mem, &g->mff_regs, err) < 0) {
            ws_grid_free(grid);
            return -1;
        }
        ws_device_set_mff(g->dev, g->mff_regs.c_len, g->mff_regs.v_base != 0, g->mff_regs.bv_base != 0);
        g->mff_bv = g->mff_regs.bv_base;
        g->mff_set = false;     /* (the registers are for one launch) */
    }
    if (g->iru_set && ws_memsys_iru_launch(g->mem, &g->iru_regs, err) < 0) {
        ws_grid_free(grid);
        return -1;
    }
    g->iru_set = false;     /* (the registers are for one launch) */
    g->grid = grid;
    g->nofit_grid = NULL;
    g->kernel = k;
    for (int i = 0; i < 3; i++) {
        g->lgrid[i] = lc->grid[i] ? lc->grid[i] : 1;
        g->lblock[i] = lc->block[i] ? lc->block[i] : 1;
    }
    g->launch_start = g->now;
    g->last_progress = g->now;
    g->skip_to = 0;
    g->stall_since = g->now;
    g->stall_at = g->stall_stop && g->cfg.stall_window ? g->now + stall_interval(g) : WS_NEVER;
    g->stall_mem = UINT64_MAX;      /* (the first check starts the count) */
    g->stall_n = 0;
    free(g->diag);
    g->diag = NULL;
    g->nlaunches++;
    for (uint32_t i = 0; i < g->cfg.nsms; i++) {
        g->sms[i].acct = g->now;
        g->sms[i].cv = g->sms[i].c;
        if (g->sms[i].pfe) ws_pfeng_launch(g->sms[i].pfe, lc->grid, lc->block);
        if (g->sms[i].cpol) ws_cpolg_launch(&g->sms[i], g->dev);
    }
    g->ntlog_launch = g->ntlog;
    ws_grid_set_clock(grid, g->now);
    ws_gpu_stats_sync(g);
    ws_stats_begin(g->stats, ws_kernel_name(k), g->now);
    ws_regs_source rsrc;
    uint32_t rpt = ws_grid_regs_per_thread(grid, &rsrc);
    ws_stats_launch_regs(g->stats, rpt, ws_regs_source_name(rsrc));
    return 0;
}

/* Known: the next CTA fits on no SM (nothing changed since dispatch found so). */
static inline bool nofit_known(const ws_gpu *g)
{
    return g->nofit_grid == g->grid && g->nofit_gen == ws_grid_usage_gen(g->grid);
}

static int dispatch(ws_gpu *g, uint64_t now, ws_error *err)
{
    uint32_t n = nofit_known(g) ? 0 : g->cfg.nsms;
    bool any = false;
    for (uint32_t k = 0; k < n && ws_grid_ctas_pending(g->grid); k++) {
        uint32_t i = (g->dispatch_rr + k) % n;
        if (!ws_grid_fits(g->grid, i))
            continue;
        any = true;
        ws_cta *c = ws_grid_dispatch(g->grid, i, err);
        if (!c)
            return -1;
        if (ws_sm_add_cta(&g->sms[i], c, now, err) < 0)
            return -1;
        g->last_progress = now;
    }
    if (!any && ws_grid_ctas_pending(g->grid)) {
        g->nofit_grid = g->grid;
        g->nofit_gen = ws_grid_usage_gen(g->grid);
    }
    g->dispatch_rr = (g->dispatch_rr + 1) % g->cfg.nsms;
    return 0;
}

/* Idle cycles jumped over: dispatch's round-robin start moves on as if
 * they had been stepped (it moves every cycle a CTA waits, and no CTA can
 * start in a skipped cycle), so that skipping gives stepping's results. */
static void skip_dispatch(ws_gpu *g, uint64_t cycles)
{
    if (g->grid && ws_grid_ctas_pending(g->grid))
        g->dispatch_rr = (uint32_t)((g->dispatch_rr + cycles % g->cfg.nsms) % g->cfg.nsms);
}

static bool all_idle(const ws_gpu *g)
{
    for (uint32_t i = 0; i < g->cfg.nsms; i++) {
        const ws_sm *sm = &g->sms[i];
        if (sm->resident || sm->nlreq || sm->bypass.n || sm->l1out.n || sm->nhev ||
            (sm->l1d && !ws_cache_idle(sm->l1d)) ||
            (sm->pfe && !ws_pfeng_idle(sm->pfe)) || (sm->l1i && !ws_cache_idle(sm->l1i)))
            return false;
    }
    return ws_memsys_idle(g->mem);
}

/* Count the failures of asleep LD/ST units up to the clock, so that
 * everything reading counters between runs sees them as when stepping. */
/* Lazy counters up to `upto` (the next cycle to run), for whoever reads them. */
static void sync_counters(ws_gpu *g, uint64_t upto)
{
    for (uint32_t i = 0; i < g->cfg.nsms; i++) {
        ws_ldst_sync(&g->sms[i], upto);
        ws_sm_view(&g->sms[i], upto);
    }
}

static int deadlock(ws_gpu *g, ws_error *err)
{
    sync_counters(g, g->now);
    ws_gpu_diagnose(g);
    char head[512];     /* (a long kernel name is cut here, leaving room for the diagnosis) */
    int hn = snprintf(head, sizeof head, "deadlock in kernel '%s' at cycle %llu: nothing made progress for %llu "
                      "cycles\n", ws_kernel_name(g->kernel), (unsigned long long)g->now,
                      (unsigned long long)(g->now - g->last_progress));
    if (hn >= (int)sizeof head) head[sizeof head - 2] = '\n';
    /* The error holds WS_ERROR_MAX bytes: as many whole lines of the
     * diagnosis as fit, and a note when they stop short (the Lua API's
     * gpu:diagnosis() and "deadlock" hook get the whole text). */
    static const char more[] = "  ... " WS_GPU_DIAG_MORE "\n";
    const char *d = g->diag ? g->diag : "";
    size_t len = strlen(d), room = WS_ERROR_MAX - 1 - strlen(head);
    bool cut = len > room;
    if (cut) {
        len = room - (sizeof more - 1);
        while (len > 0 && d[len - 1] != '\n') len--;
    }
    return ws_error_set(err, WS_E_STATE, "%s%.*s%s", head, (int)len, d, cut ? more : "");
}

static int run(ws_gpu *g, uint64_t cycles, ws_error *err);

int ws_gpu_run(ws_gpu *g, uint64_t cycles, ws_error *err)
{
    int rc = run(g, cycles, err);
    if (g->grid)
        sync_counters(g, g->now);
    return rc;
}

static int run(ws_gpu *g, uint64_t cycles, ws_error *err)
{
    if (!g->grid)
        return ws_error_set(err, WS_E_STATE, "no kernel launch is running");
    uint64_t end = cycles ? g->now + cycles : WS_NEVER;
    uint32_t nsms = g->cfg.nsms;
    if (ws_grid_done(g->grid) && all_idle(g))
        return 1;
    /* a cycle breakpoint ends the run when the clock gets there */
    uint64_t bcyc = g->dbg_on ? ws_gpu_dbg_next_cycle(g) : WS_NEVER;
    if (bcyc < end) end = bcyc;
    if (g->skip_to > g->now) {          /* the rest of an idle span cut by the last budget */
        uint64_t t = g->skip_to < end ? g->skip_to : end;
        skip_dispatch(g, t - g->now);
        g->skipped += t - g->now;
        g->now = t;
        if (t == g->skip_to) g->skip_to = 0;
        if (g->now - g->last_progress > g->cfg.deadlock)
            return deadlock(g, err);
    }
    /* breakpoints watch counters every cycle: no SM sleeps through failures */
    for (uint32_t i = 0; g->dbg_on && i < nsms; i++)
        if (g->sms[i].l1f_asleep && *g->sms[i].wake > g->now) *g->sms[i].wake = g->now;
    while (g->now < end) {
        uint64_t now = g->now;
        g->skip_to = 0;
        if (g->cfg.max_cycles && now - g->launch_start >= g->cfg.max_cycles) {
            char what[96];
            snprintf(what, sizeof what, "exceeded run.max_cycles (%llu cycles)",
                     (unsigned long long)g->cfg.max_cycles);
            return stop_launch(g, what, NULL, err);
        }
        if (now >= g->stall_at && stall_check(g, now, err) < 0)     /* (WS_NEVER: off) */
            return -1;
        ws_grid_set_clock(g->grid, now);
        ws_memsys_tick(g->mem, now);
        for (uint32_t i = 0; i < nsms; i++) {
            ws_sm *sm = &g->sms[i];
            ws_mreq *r = ws_memsys_reply_maybe(g->mem, i, now) ? ws_memsys_pop(g->mem, i, now) : NULL;
            if (r && ws_ldst_reply(sm, r, now, err) < 0)
                return -1;
            /* (a hit event is pushed only in an SM's cycle, and the wake
             * computed after it is no later than the earliest one, so an
             * SM with an event due is always awake) */
            if (g->sm_wake[i] <= now) {
                if (sm->nhev && sm->hev[0].t <= now)
                    ws_ldst_hit_events(sm, now);
                if (sm->acct < now)
                    ws_sm_skip(sm, now - sm->acct);
                if (ws_sm_cycle(sm, now, err) < 0)
                    return -1;
                sm->acct = now + 1;
                *sm->wake = ws_sm_next(sm, now);
            }
        }
        if (ws_grid_ctas_pending(g->grid) && dispatch(g, now, err) < 0)
            return -1;
        /* (sample_at: the next multiple of the interval after the last
         * cycle that computed it; no division in the other cycles) */
        if (g->cfg.stats_interval && now >= g->sample_at &&
            (g->sample_at = (now / g->cfg.stats_interval + 1) * g->cfg.stats_interval,
             now % g->cfg.stats_interval == 0)) {
            sync_counters(g, now + 1);
            ws_gpu_stats_sync(g);
            ws_stats_sample(g->stats, now);
        }
        /* next cycle, or the next one with work */
        uint64_t next = now + 1;
        if (g->dbg_on && ws_gpu_dbg_end_cycle(g)) {
            g->now = next;      /* (a launch that ended here reports it on the next call) */
            return WS_GPU_RUN_BREAK;
        }
        if (ws_grid_done(g->grid) && all_idle(g)) {
            g->now = next;
            return 1;
        }
        if (g->cfg.skip_idle) {
            /* the SMs first: most cycles one of them has work next cycle,
             * and the memory system's next event is not needed then
             * (every candidate is >= next; the minimum is the same) */
            uint64_t t = g->nasleep ? next : WS_NEVER;   /* (stepping an asleep unit would not skip) */
            for (uint32_t i = 0; i < nsms && t > next; i++)
                if (g->sm_wake[i] < t) t = g->sm_wake[i];
            if (ws_grid_ctas_pending(g->grid) && !nofit_known(g)) {
                for (uint32_t i = 0; i < nsms && t > next; i++)
                    if (ws_grid_fits(g->grid, i)) t = next;
            }
            if (t > next) {
                uint64_t tm = ws_memsys_next_event(g->mem, next);
                if (tm < t) t = tm;
            }
            /* the cycle a lack of progress becomes a deadlock (run.deadlock >= 1) */
            uint64_t horizon = g->cfg.deadlock < WS_NEVER - 1 - g->last_progress
                                   ? g->last_progress + g->cfg.deadlock + 1 : WS_NEVER;
            if (t == WS_NEVER) {
                /* nothing will ever happen again */
                g->now = horizon;
                return deadlock(g, err);
            }
            if (t > horizon) t = horizon > next ? horizon : next;
            /* never jump over a time-series sample (it must see the
             * counters of its own cycle, as when stepping) */
            if (g->cfg.stats_interval) {
                uint64_t b = g->sample_at;      /* the next multiple of the interval after now */
                if (t > b) t = b;
            }
            /* a budget ending inside the idle span: the next call goes on
             * with the jump, as a run straight through would */
            g->skip_to = t > end ? t : 0;
            if (t > end) t = end;
            if (t > next) {
                skip_dispatch(g, t - next);
                g->skipped += t - next;
                next = t;
            }
        }
        g->now = next;
        if (g->now - g->last_progress > g->cfg.deadlock)
            return deadlock(g, err);
    }
    if (ws_grid_done(g->grid) && all_idle(g)) return 1;
    if (g->now == bcyc && ws_gpu_dbg_cycle_reached(g)) return WS_GPU_RUN_BREAK;
    return 0;
}

/* After a fault or deadlock: let every request in flight finish (their
 * warps are gone), so that the next launch starts from a quiet machine. */
static void drain(ws_gpu *g)
{
    ws_error err;
    for (uint32_t i = 0; i < g->cfg.nsms; i++) {
        ws_sm *sm = &g->sms[i];
        for (uint32_t j = sm->ilreq; j < sm->nlreq; j++) ws_mreq_free(&g->pool, sm->lreq[j]);
        sm->ilreq = sm->nlreq = 0;
        sm->nhev = 0;
        for (uint32_t j = 0; j < sm->nslots; j++) sm->slots[j].w = NULL;
    }
    for (uint64_t guard = 0; guard < 100000000u; guard++) {
        bool moving = !ws_memsys_idle(g->mem), busy = moving;
        for (uint32_t i = 0; i < g->cfg.nsms; i++) {
            ws_sm *sm = &g->sms[i];
            if (sm->bypass.n || (sm->l1d && ws_cache_missq_len(sm->l1d))) moving = true;
            if (sm->bypass.n || (sm->l1d && !ws_cache_idle(sm->l1d))) busy = true;
            if (sm->l1i && ws_cache_missq_len(sm->l1i)) moving = true;
            if (sm->l1out.n) moving = busy = true;
            if (sm->l1i && !ws_cache_idle(sm->l1i)) busy = true;
        }
        /* (MSHR entries with no request left anywhere are never filled) */
        if (!busy || !moving) break;
        uint64_t now = g->now;
        ws_memsys_tick(g->mem, now);
        for (uint32_t i = 0; i < g->cfg.nsms; i++) {
            ws_sm *sm = &g->sms[i];
            ws_mreq *r = ws_memsys_pop(g->mem, i, now);
            if (r) ws_ldst_reply(sm, r, now, &err);
            ws_ldst_cycle(sm, now);
            if (sm->l1i) ws_ifetch_push(sm, now);
        }
        g->now++;
    }
    for (uint32_t i = 0; i < g->cfg.nsms; i++) {
        ws_sm *sm = &g->sms[i];
        sm->npl = 0;
        sm->plfree = 0;
        ws_ifetch_reset(sm);
    }
}

int ws_gpu_launch_end(ws_gpu *g, ws_error *err)
{
    (void)err;
    if (!g->grid) return 0;
    bool clean = ws_grid_done(g->grid) && all_idle(g);
    for (uint32_t i = 0; i < g->cfg.nsms; i++) {
        ws_sm *sm = &g->sms[i];
        if (sm->acct < g->now)
            ws_sm_skip(sm, g->now - sm->acct);
        sm->acct = g->now;
        ws_sm_flush_all(sm, g->now);
        if (sm->resident) {
            sm->c.active_cycles += g->now - sm->resident_since;
            sm->resident_since = g->now;
        }
        if (clean) ws_sm_l1d_launch_end(sm, g->now);
        sm->cv = sm->c;
    }
    g->kernels++;
    ws_gpu_stats_sync(g);
    char *extra = ws_gpu_pf_launch_json(g);     /* the launch's prefetch transitions */
    ws_stats_end(g->stats, g->now, extra);
    free(extra);
    g->cycles_total += g->now - g->launch_start;
    if (!clean) {
        if (ws_memsys_has_iru(g->mem)) ws_memsys_iru_end(g->mem);
        drain(g);       /* the cycles it takes are not counted in the launch */
    }
    ws_grid_free(g->grid);
    g->grid = NULL;
    for (uint32_t i = 0; i < g->cfg.nsms; i++)
        if (g->sms[i].pfe) ws_pfeng_end(g->sms[i].pfe);
    /* SM slots of a faulted grid are cleared by the grid; reset ours */
    for (uint32_t i = 0; i < g->cfg.nsms; i++) {
        ws_sm *sm = &g->sms[i];
        for (uint32_t j = 0; j < sm->nslots; j++) {
            ws_slot *s = &sm->slots[j];
            if (s->w) {
                s->w = NULL;
                s->reason = WS_STALL_IDLE;
                s->until = 0;
                s->since = g->now;
                s->elig = WS_NEVER;
            }
        }
        for (uint32_t j = 0; j < sm->nctas; j++) sm->ctas[j].used = false;
        sm->resident = 0;
        *sm->wake = WS_NEVER;
        if (!clean) ws_sm_l1d_launch_end(sm, g->now);
    }
    return 0;
}

int ws_gpu_launch(ws_gpu *g, const ws_kernel *k, const ws_launch_config *lc, const ws_arg *args,
                  uint32_t nargs, ws_error *err)
{
    if (ws_gpu_launch_begin(g, k, lc, args, nargs, err) < 0)
        return -1;
    int rc;
    do                  /* breakpoints do not stop a launch run to completion */
        rc = ws_gpu_run(g, 0, err);
    while (rc == WS_GPU_RUN_BREAK);
    if (rc < 0) {
        ws_error keep = *err;
        ws_gpu_launch_end(g, err);
        *err = keep;
        return -1;
    }
    return ws_gpu_launch_end(g, err);
}

uint64_t ws_gpu_stall_total(const ws_gpu *g, ws_stall s)
{
    uint64_t t = 0;
    for (uint32_t i = 0; i < g->cfg.nsms; i++) t += g->sms[i].c.stall[s];
    return t;
}

void ws_gpu_warp(const ws_gpu *g, uint32_t smi, uint32_t slot, ws_warp_info *out)
{
    memset(out, 0, sizeof *out);
    if (smi >= g->cfg.nsms || slot >= g->cfg.slots) return;
    const ws_slot *s = &g->sms[smi].slots[slot];
    out->stall = (ws_stall)s->reason;
    out->since = s->since;
    if (s->until && s->until <= g->now) { out->stall = WS_STALL_NOT_SELECTED; out->since = s->until; }
    if (!s->w) return;
    out->valid = true;
    ws_cta_index(s->cta, out->cta);
    out->warp = ws_warp_index(s->w);
    out->pc = ws_warp_pc(s->w);
    out->line = ws_warp_line(s->w);
    out->active = ws_warp_active(s->w);
    out->func = ws_warp_func(s->w);
    out->outstanding = s->outstanding;
    out->insns = ws_warp_insns(s->w);
    out->exited = ws_warp_status_get(s->w) == WS_WARP_EXITED;
}
