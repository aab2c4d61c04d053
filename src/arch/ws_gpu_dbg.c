/* ws_gpu_dbg.c: breakpoints, warp histories and per-instruction stall
 * cycles for front ends (ws_gpu_dbg.h).
 *
 * The model calls in here only when g->dbg_on is set (some breakpoint is
 * enabled or recording is on): ws_gpu_dbg_issue after each issued warp
 * instruction, ws_gpu_dbg_prefetch after each issued prefetch, and
 * ws_gpu_dbg_end_cycle at the end of each simulated cycle.  A breakpoint that
 * hits sets `stop`; ws_gpu_run then returns WS_GPU_RUN_BREAK at the end of
 * that cycle, so the machine state is always a whole-cycle state. */
#include "arch/ws_gpu_dbg.h"
#include "arch/ws_gpu_iru.h"
#include "arch/ws_gpu_mff.h"
#include "arch/ws_gpu_dbg_int.h"
#include "arch/ws_gpu_int.h"
#include "arch/ws_rtrace.h"
#include "util/ws_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ws_gpu_dbg {
    ws_brk *b;
    uint32_t nb;
    size_t capb;
    int next_id;
    int next_internal;          /* ids of internal breakpoints, from WS_BRK_INTERNAL_ID */
    ws_brk_hit hit;
    bool stop;
    bool record;
    /* what the enabled breakpoints need */
    bool want_issue, want_stall, want_mshr, want_thr, want_pf, want_iru, want_req, want_mff;
    /* per warp slot (sm * slots + slot) */
    ws_hist_ent *hist;          /* WS_HIST_LEN per slot, ring */
    uint32_t *hn;               /* entries pushed since the slot's warp arrived */
    uint64_t *hid;              /* launch << 40 | warp id of the history's warp */
    uint8_t *prev;              /* stall reason at the end of the last checked cycle */
    uint64_t *mshr_prev;        /* per SM: L1 MSHR-full reservation fails seen */
    uint64_t ntlog_prev;
    ws_iru_stats *iru_prev;     /* per IRU partition: its counters at the end of the last checked cycle */
    uint32_t niru;
    uint64_t *mff_prev;         /* per MFF unit: its events seen (ws_mff_events) */
    uint32_t nmff;
};

static const char *const kind_names[WS_BRK_KIND_COUNT] = {
    "pc", "line", "issue", "cycle", "stall", "mshr_full", "throttle", "prefetch", "iru_reply", "iru_timeout",
    "cu", "request", "mff_done", "mff_coalesce", "mff_stall",
};

const char *ws_brk_kind_name(ws_brk_kind k)
{
    return (unsigned)k < WS_BRK_KIND_COUNT ? kind_names[k] : "?";
}

static uint32_t nslot_total(const ws_gpu *g) { return g->cfg.nsms * g->cfg.slots; }

static ws_gpu_dbg *dbg_get(ws_gpu *g)
{
    if (!g->dbg) {
        ws_gpu_dbg *d = ws_xmalloc(sizeof *d);
        memset(d, 0, sizeof *d);
        uint32_t n = nslot_total(g);
        d->hist = ws_xmalloc((size_t)n * WS_HIST_LEN * sizeof *d->hist);
        d->hn = ws_xmalloc((size_t)n * sizeof *d->hn);
        d->hid = ws_xmalloc((size_t)n * sizeof *d->hid);
        d->prev = ws_xmalloc((size_t)n);
        d->mshr_prev = ws_xmalloc((size_t)g->cfg.nsms * sizeof *d->mshr_prev);
        d->niru = ws_gpu_iru_count(g);
        d->iru_prev = d->niru ? ws_xcalloc(d->niru, sizeof *d->iru_prev) : NULL;
        d->nmff = ws_gpu_mff_count(g);
        d->mff_prev = d->nmff ? ws_xcalloc(d->nmff, sizeof *d->mff_prev) : NULL;
        memset(d->hn, 0, (size_t)n * sizeof *d->hn);
        memset(d->hid, 0xff, (size_t)n * sizeof *d->hid);
        d->next_id = 1;
        d->next_internal = WS_BRK_INTERNAL_ID;
        g->dbg = d;
    }
    return g->dbg;
}

void ws_gpu_dbg_free(ws_gpu *g)
{
    ws_gpu_dbg *d = g->dbg;
    if (!d) return;
    free(d->b);
    free(d->hist);
    free(d->hn);
    free(d->hid);
    free(d->prev);
    free(d->mshr_prev);
    free(d->iru_prev);
    free(d->mff_prev);
    free(d);
    g->dbg = NULL;
}

/* ------------------------------------------------------------ helpers */
static ws_stall slot_reason(const ws_gpu *g, const ws_slot *s)
{
    (void)g;
    if (s->until && s->until <= g->now + 1) return WS_STALL_NOT_SELECTED;
    return (ws_stall)s->reason;
}

/* The grid identity of the warp in a slot (WS_BRK_ANY when empty). */
uint64_t ws_gpu_dbg_warp_id(const ws_gpu *g, const ws_slot *s)
{
    if (!s->w || !s->cta) return WS_BRK_ANY;
    uint32_t idx[3];
    ws_cta_index(s->cta, idx);
    uint64_t lin = ((uint64_t)idx[2] * g->lgrid[1] + idx[1]) * g->lgrid[0] + idx[0];
    return ws_brk_warp_id(lin, ws_warp_index(s->w));
}

static void snapshot(ws_gpu *g)
{
    ws_gpu_dbg *d = g->dbg;
    for (uint32_t i = 0; i < g->cfg.nsms; i++) {
        const ws_sm *sm = &g->sms[i];
        d->mshr_prev[i] = sm->l1d ? ws_cache_stats_get(sm->l1d)->resfail[WS_CFAIL_MSHR_FULL] : 0;
        for (uint32_t j = 0; j < g->cfg.slots; j++)
            d->prev[i * g->cfg.slots + j] = (uint8_t)slot_reason(g, &sm->slots[j]);
    }
    d->ntlog_prev = g->ntlog;
    for (uint32_t p = 0; p < d->niru; p++)
        d->iru_prev[p] = *ws_iru_stats_get(ws_gpu_iru(g, p));
    for (uint32_t p = 0; p < d->nmff; p++)
        d->mff_prev[p] = ws_mff_events(ws_gpu_mff(g, p));
}

static void refresh(ws_gpu *g)
{
    ws_gpu_dbg *d = g->dbg;
    d->want_issue = d->want_stall = d->want_mshr = d->want_thr = d->want_pf = d->want_iru = d->want_req = d->want_mff = false;
    bool any = false;
    for (uint32_t i = 0; i < d->nb; i++) {
        const ws_brk *b = &d->b[i];
        if (b->disabled) continue;
        any = true;
        switch (b->kind) {
        case WS_BRK_PC: case WS_BRK_LINE: case WS_BRK_CU: case WS_BRK_ISSUE: d->want_issue = true; break;
        case WS_BRK_STALL: d->want_stall = true; break;
        case WS_BRK_MSHR_FULL: d->want_mshr = true; break;
        case WS_BRK_THROTTLE: d->want_thr = true; break;
        case WS_BRK_PREFETCH: d->want_pf = true; break;
        case WS_BRK_IRU_REPLY: case WS_BRK_IRU_TIMEOUT: d->want_iru = true; break;
        case WS_BRK_REQUEST: d->want_req = true; break;
        case WS_BRK_MFF_DONE: case WS_BRK_MFF_COALESCE: case WS_BRK_MFF_STALL: d->want_mff = true; break;
        default: break;
        }
    }
    g->dbg_on = any || d->record;
    snapshot(g);
}

/* ------------------------------------------------------------ breakpoints */
static int brk_add(ws_gpu *g, const ws_brk *b, bool internal, ws_error *err)
{
    if ((unsigned)b->kind >= WS_BRK_KIND_COUNT)
        return ws_error_set(err, WS_E_RANGE, "unknown breakpoint kind %d", (int)b->kind);
    bool iru = b->kind == WS_BRK_IRU_REPLY || b->kind == WS_BRK_IRU_TIMEOUT;
    if (iru && !ws_gpu_iru_count(g))
        return ws_error_set(err, WS_E_STATE, "breakpoint on %s: this machine has no IRU (--set iru.enable=true)",
                            ws_brk_kind_name(b->kind));
    if (iru && (b->sm < -1 || (b->sm >= 0 && (uint32_t)b->sm >= ws_gpu_iru_count(g))))
        return ws_error_set(err, WS_E_RANGE, "breakpoint on IRU partition %d: this machine has partitions 0..%u",
                            (int)b->sm, ws_gpu_iru_count(g) - 1);
    bool mff = b->kind == WS_BRK_MFF_DONE || b->kind == WS_BRK_MFF_COALESCE || b->kind == WS_BRK_MFF_STALL;
    if (mff && !ws_gpu_mff_count(g))
        return ws_error_set(err, WS_E_STATE, "breakpoint on %s: this machine has no MFF (--set mff.enable=true)",
                            ws_brk_kind_name(b->kind));
    if (mff && (b->sm < -1 || (b->sm >= 0 && (uint32_t)b->sm >= ws_gpu_mff_count(g))))
        return ws_error_set(err, WS_E_RANGE, "breakpoint on MFF unit %d: this machine has units 0..%u",
                            (int)b->sm, ws_gpu_mff_count(g) - 1);
    if (!iru && !mff && (b->sm < -1 || (b->sm >= 0 && (uint32_t)b->sm >= g->cfg.nsms)))
        return ws_error_set(err, WS_E_RANGE, "breakpoint on SM %d: this machine has SMs 0..%u", (int)b->sm,
                            g->cfg.nsms - 1);
    if (b->kind == WS_BRK_PC && b->func && b->pc >= b->func->ninsns)
        return ws_error_set(err, WS_E_RANGE, "breakpoint at pc %u: function '%s' has %u instructions (0..%u)",
                            b->pc, b->func->name, b->func->ninsns, b->func->ninsns ? b->func->ninsns - 1 : 0);
    if (b->kind == WS_BRK_LINE && b->line == 0)
        return ws_error_set(err, WS_E_RANGE, "breakpoint at line 0: PTX lines start at 1");
    if (b->kind == WS_BRK_CU && b->line == 0)
        return ws_error_set(err, WS_E_RANGE, "breakpoint at CUDA line 0: lines start at 1");
    if (b->kind == WS_BRK_CU && !memchr(b->file, 0, sizeof b->file))
        return ws_error_set(err, WS_E_RANGE, "breakpoint on a CUDA file name of %zu bytes or more", sizeof b->file);
    if (b->kind == WS_BRK_STALL && ((unsigned)b->stall >= WS_STALL_COUNT || b->stall == WS_STALL_IDLE))
        return ws_error_set(err, WS_E_RANGE, "breakpoint on stall reason %d: not a warp stall reason", (int)b->stall);
    if (b->kind == WS_BRK_CYCLE && b->cycle <= g->now)
        return ws_error_set(err, WS_E_RANGE, "breakpoint at cycle %llu: the clock is already at %llu",
                            (unsigned long long)b->cycle, (unsigned long long)g->now);
    if (b->kind == WS_BRK_REQUEST && (b->req == 0 || ws_gpu_rtrace_watch(g, b->req, err) < 0)) {
        if (b->req == 0) ws_error_set(err, WS_E_RANGE, "breakpoint on request 0: request ids start at 1");
        return -1;
    }
    ws_gpu_dbg *d = dbg_get(g);
    WS_GROW(d->b, d->capb, d->nb + 1);
    ws_brk *n = &d->b[d->nb++];
    *n = *b;
    n->id = internal ? d->next_internal++ : d->next_id++;
    n->hits = 0;
    refresh(g);
    return n->id;
}

int ws_gpu_brk_add(ws_gpu *g, const ws_brk *b, ws_error *err)
{
    return brk_add(g, b, false, err);
}

int ws_gpu_brk_add_internal(ws_gpu *g, const ws_brk *b, ws_error *err)
{
    return brk_add(g, b, true, err);
}

int ws_gpu_brk_restore(ws_gpu *g, const ws_brk *b, ws_error *err)
{
    if ((unsigned)b->kind >= WS_BRK_KIND_COUNT || b->id <= 0 || b->id >= WS_BRK_INTERNAL_ID)
        return ws_error_set(err, WS_E_RANGE, "cannot restore breakpoint %d (kind %d)", b->id, (int)b->kind);
    bool mff = b->kind == WS_BRK_MFF_DONE || b->kind == WS_BRK_MFF_COALESCE || b->kind == WS_BRK_MFF_STALL;
    uint32_t nsm = mff ? ws_gpu_mff_count(g) : g->cfg.nsms;
    if (b->sm < -1 || (b->sm >= 0 && (uint32_t)b->sm >= nsm))
        return ws_error_set(err, WS_E_RANGE, "breakpoint on %s %d: this machine has %u", mff ? "MFF unit" : "SM",
                            (int)b->sm, nsm);
    ws_gpu_dbg *d = dbg_get(g);
    for (uint32_t i = 0; i < d->nb; i++)
        if (d->b[i].id == b->id)
            return ws_error_set(err, WS_E_STATE, "breakpoint %d exists", b->id);
    WS_GROW(d->b, d->capb, d->nb + 1);
    uint32_t at = 0;
    while (at < d->nb && d->b[at].id < b->id)
        at++;
    memmove(d->b + at + 1, d->b + at, (d->nb - at) * sizeof *d->b);
    d->b[at] = *b;
    d->nb++;
    if (d->next_id <= b->id)
        d->next_id = b->id + 1;
    refresh(g);
    return b->id;
}

int ws_gpu_brk_next_id(ws_gpu *g)
{
    return dbg_get(g)->next_id;
}

void ws_gpu_brk_set_next_id(ws_gpu *g, int id)
{
    ws_gpu_dbg *d = dbg_get(g);
    if (id > 0 && id < WS_BRK_INTERNAL_ID)
        d->next_id = id;
}

static ws_brk *find(const ws_gpu *g, int id, uint32_t *at)
{
    ws_gpu_dbg *d = g->dbg;
    if (!d) return NULL;
    for (uint32_t i = 0; i < d->nb; i++)
        if (d->b[i].id == id) {
            if (at) *at = i;
            return &d->b[i];
        }
    return NULL;
}

bool ws_gpu_brk_del(ws_gpu *g, int id)
{
    uint32_t i;
    if (!find(g, id, &i)) return false;
    ws_gpu_dbg *d = g->dbg;
    memmove(&d->b[i], &d->b[i + 1], (d->nb - i - 1) * sizeof *d->b);
    d->nb--;
    refresh(g);
    return true;
}

bool ws_gpu_brk_enable(ws_gpu *g, int id, bool on)
{
    ws_brk *b = find(g, id, NULL);
    if (!b) return false;
    b->disabled = !on;
    refresh(g);
    return true;
}

void ws_gpu_brk_clear(ws_gpu *g)
{
    if (!g->dbg) return;
    g->dbg->nb = 0;
    refresh(g);
}

uint32_t ws_gpu_brk_count(const ws_gpu *g) { return g->dbg ? g->dbg->nb : 0; }

const ws_brk *ws_gpu_brk_at(const ws_gpu *g, uint32_t i)
{
    return g->dbg && i < g->dbg->nb ? &g->dbg->b[i] : NULL;
}

const ws_brk_hit *ws_gpu_brk_hit(const ws_gpu *g)
{
    static const ws_brk_hit none = { .id = 0, .sm = -1, .slot = -1 };
    return g->dbg ? &g->dbg->hit : &none;
}

static void warp_text(char *buf, size_t size, uint64_t wid)
{
    if (wid == WS_BRK_ANY) snprintf(buf, size, "any warp");
    else snprintf(buf, size, "warp (CTA %llu, w%u)", (unsigned long long)(wid >> 8), (unsigned)(wid & 0xff));
}

void ws_gpu_brk_describe(const ws_gpu *g, const ws_brk *b, char *buf, size_t size)
{
    (void)g;
    char w[64], sm[24] = "";
    warp_text(w, sizeof w, b->warp);
    if (b->sm >= 0) snprintf(sm, sizeof sm, " on SM %d", (int)b->sm);
    const char *off = b->disabled ? " (disabled)" : "";
    switch (b->kind) {
    case WS_BRK_PC:
        snprintf(buf, size, "pc %u of %s, %s%s%s", b->pc, b->func ? b->func->name : "the kernel", w, sm, off);
        break;
    case WS_BRK_LINE: snprintf(buf, size, "line %u, %s%s%s", b->line, w, sm, off); break;
    case WS_BRK_CU:
        snprintf(buf, size, "CUDA line %s%s%u, %s%s%s", b->file, b->file[0] ? ":" : "", b->line, w, sm, off);
        break;
    case WS_BRK_ISSUE: snprintf(buf, size, "next instruction of %s%s%s", w, sm, off); break;
    case WS_BRK_CYCLE: snprintf(buf, size, "cycle %llu%s", (unsigned long long)b->cycle, off); break;
    case WS_BRK_STALL: snprintf(buf, size, "stall %s, %s%s%s", ws_stall_name(b->stall), w, sm, off); break;
    case WS_BRK_MSHR_FULL: snprintf(buf, size, "L1 MSHRs full%s%s", sm[0] ? sm : " on any SM", off); break;
    case WS_BRK_THROTTLE: snprintf(buf, size, "prefetch policy or throttle transition%s", off); break;
    case WS_BRK_REQUEST: snprintf(buf, size, "request %llu completes%s", (unsigned long long)b->req, off); break;
    case WS_BRK_PREFETCH:
        snprintf(buf, size, "prefetch of [0x%llx, 0x%llx)%s%s", (unsigned long long)b->addr,
                 (unsigned long long)(b->addr + (b->len ? b->len : 1)), sm, off);
        break;
    case WS_BRK_IRU_REPLY: case WS_BRK_IRU_TIMEOUT: {
        char p[32] = " of any partition";
        if (b->sm >= 0) snprintf(p, sizeof p, " of partition %d", (int)b->sm);
        snprintf(buf, size, "IRU %s%s%s", b->kind == WS_BRK_IRU_REPLY ? "reply" : "reply after the timeout", p, off);
        break;
    }
    case WS_BRK_MFF_DONE: case WS_BRK_MFF_COALESCE: case WS_BRK_MFF_STALL: {
        char p[32] = " of any unit";
        if (b->sm >= 0) snprintf(p, sizeof p, " of unit %d", (int)b->sm);
        snprintf(buf, size, "MFF %s%s, %s%s",
                 b->kind == WS_BRK_MFF_DONE ? "command complete" : b->kind == WS_BRK_MFF_COALESCE
                     ? "Tag Unit hit (coalesced)" : "Work Register pool or Tag Unit full", p, w, off);
        break;
    }
    default: snprintf(buf, size, "?"); break;
    }
}

/* Record a hit (the first of the cycle is reported). */
static void hit(ws_gpu *g, ws_brk *b, int sm, int slot, uint64_t addr, const char *what)
{
    ws_gpu_dbg *d = g->dbg;
    b->hits++;
    if (d->stop) return;
    d->stop = true;
    ws_brk_hit *h = &d->hit;
    h->id = b->id;
    h->kind = b->kind;
    h->cycle = g->now;
    h->sm = sm;
    h->slot = slot;
    h->addr = addr;
    h->block = 0;
    snprintf(h->text, sizeof h->text, "breakpoint %d: %s", b->id, what);
}

/* After hits in this cycle: drop the `once` breakpoints that hit. */
static void drop_once(ws_gpu *g)
{
    ws_gpu_dbg *d = g->dbg;
    uint32_t k = 0;
    bool changed = false;
    for (uint32_t i = 0; i < d->nb; i++) {
        if (d->b[i].once && d->b[i].hits) { changed = true; continue; }
        d->b[k++] = d->b[i];
    }
    d->nb = k;
    if (changed) refresh(g);
}

static bool warp_ok(const ws_brk *b, uint32_t sm, uint64_t wid)
{
    if (b->sm >= 0 && (uint32_t)b->sm != sm) return false;
    return b->warp == WS_BRK_ANY || b->warp == wid;
}

static void where(const ws_gpu *g, char *buf, size_t size, uint32_t smi, uint32_t slot, uint64_t wid,
                  const ws_warp *w)
{
    (void)g;
    if (w && ws_warp_status_get(w) != WS_WARP_EXITED)
        snprintf(buf, size, "SM %u slot %u (CTA %llu w%u) at line %u (pc %u)", smi, slot,
                 (unsigned long long)(wid >> 8), (unsigned)(wid & 0xff), ws_warp_line(w), ws_warp_pc(w));
    else
        snprintf(buf, size, "SM %u slot %u (CTA %llu w%u) exited", smi, slot, (unsigned long long)(wid >> 8),
                 (unsigned)(wid & 0xff));
}

/* ------------------------------------------------------------ model hooks */
void ws_gpu_dbg_issue(ws_gpu *g, ws_sm *sm, uint32_t slotno, uint64_t wid, const ws_ptx_func *f, uint32_t pc,
                      uint32_t active, uint64_t now)
{
    ws_gpu_dbg *d = g->dbg;
    const ws_slot *s = &sm->slots[slotno];
    uint32_t k = sm->id * g->cfg.slots + slotno;
    if (d->record) {
        uint64_t ident = ((uint64_t)g->nlaunches << 40) ^ wid;
        if (d->hid[k] != ident) {
            d->hid[k] = ident;
            d->hn[k] = 0;
        }
        ws_hist_ent *e = &d->hist[(size_t)k * WS_HIST_LEN + d->hn[k] % WS_HIST_LEN];
        e->cycle = now;
        e->func = f;
        e->pc = pc;
        e->line = f && pc < f->ninsns ? f->insns[pc].line : 0;
        e->active = active;
        d->hn[k]++;
        const ws_tfunc *tf = s->tf;         /* still the function of the instruction */
        if (tf && tf->f == f && tf->execs && pc < f->ninsns) tf->execs[pc]++;
    }
    if (!d->want_issue) return;
    const ws_warp *w = s->w;
    bool live = w && ws_warp_status_get(w) != WS_WARP_EXITED;
    const ws_ptx_func *nf = live ? ws_warp_func(w) : NULL;
    uint32_t npc = live ? ws_warp_pc(w) : 0;
    for (uint32_t i = 0; i < d->nb; i++) {
        ws_brk *b = &d->b[i];
        if (b->disabled || !warp_ok(b, sm->id, wid)) continue;
        bool h = false;
        switch (b->kind) {
        case WS_BRK_ISSUE: h = true; break;
        case WS_BRK_PC:
            h = live && npc == b->pc && nf == (b->func ? b->func : (g->kernel ? ws_kernel_func(g->kernel) : NULL));
            break;
        case WS_BRK_LINE: h = live && npc < nf->ninsns && nf->insns[npc].line == b->line; break;
        case WS_BRK_CU:
            if (live && npc < nf->ninsns && nf->insns[npc].src_line == b->line) {
                uint32_t cl;
                const char *cf = ws_ptx_insn_cu(g->kernel ? ws_module_ptx(ws_kernel_module(g->kernel)) : NULL,
                                                &nf->insns[npc], &cl);
                h = cf && (!b->file[0] || !strcmp(cf, b->file));
            }
            break;
        default: break;
        }
        if (h) {
            char loc[128], what[160];
            where(g, loc, sizeof loc, sm->id, slotno, wid, w);
            snprintf(what, sizeof what, "%s %s", b->kind == WS_BRK_ISSUE ? "issued;" : "reached by", loc);
            hit(g, b, (int)sm->id, (int)slotno, 0, what);
        }
    }
}

void ws_gpu_dbg_prefetch(ws_gpu *g, uint32_t smi, uint64_t line, uint32_t size)
{
    ws_gpu_dbg *d = g->dbg;
    if (!d->want_pf) return;
    for (uint32_t i = 0; i < d->nb; i++) {
        ws_brk *b = &d->b[i];
        if (b->disabled || b->kind != WS_BRK_PREFETCH) continue;
        if (b->sm >= 0 && (uint32_t)b->sm != smi) continue;
        uint64_t len = b->len ? b->len : 1;
        if (line < b->addr + len && b->addr < line + size) {
            char what[128];
            snprintf(what, sizeof what, "SM %u issued a prefetch of line 0x%llx", smi, (unsigned long long)line);
            hit(g, b, (int)smi, -1, line, what);
        }
    }
}

/* The IRU breakpoints: a partition replies at most once a cycle (ws_iru.h),
 * so the change of its counters over the cycle describes that reply. */
static void iru_check(ws_gpu *g)
{
    ws_gpu_dbg *d = g->dbg;
    for (uint32_t p = 0; p < d->niru; p++) {
        const ws_iru_stats *s = ws_iru_stats_get(ws_gpu_iru(g, p));
        ws_iru_stats *o = &d->iru_prev[p];
        if (s->replies != o->replies) {
            bool tmo = s->timeouts != o->timeouts;
            uint32_t blocks = 0;
            for (uint32_t k = 0; k <= WS_IRU_WARP; k++)
                if (s->coal_hist[k] != o->coal_hist[k]) blocks = k;
            const char *why = ws_iru_why_phrase(tmo ? WS_IRU_WHY_TIMEOUT
                                                : s->flush_replies != o->flush_replies ? WS_IRU_WHY_FLUSH
                                                : s->disabled_warps != o->disabled_warps ? WS_IRU_WHY_DISABLED
                                                : WS_IRU_WHY_FULL);
            char what[160];
            snprintf(what, sizeof what, "IRU partition %u replied (%s): %llu elements, %u blocks, waited %llu cycles",
                     p, why, (unsigned long long)(s->elems_out - o->elems_out), blocks,
                     (unsigned long long)(s->lat_sum - o->lat_sum));
            for (uint32_t k = 0; k < d->nb; k++) {
                ws_brk *b = &d->b[k];
                bool want = b->kind == WS_BRK_IRU_REPLY || (b->kind == WS_BRK_IRU_TIMEOUT && tmo);
                if (b->disabled || !want || (b->sm >= 0 && (uint32_t)b->sm != p))
                    continue;
                hit(g, b, -1, -1, p, what);
            }
        }
        *o = *s;
    }
}

/* The MFF breakpoints: every event a unit logged since the last check
 * (ws_mff_events; the units step before this check, so they are this
 * cycle's), matched against the unit and the warp. */
static void mff_check(ws_gpu *g)
{
    ws_gpu_dbg *d = g->dbg;
    for (uint32_t p = 0; p < d->nmff; p++) {
        const ws_mff *u = ws_gpu_mff(g, p);
        uint64_t n = ws_mff_events(u);
        for (uint64_t i = d->mff_prev[p]; i < n; i++) {
            ws_mff_event e;
            if (!ws_mff_event_get(u, i, &e))
                continue;
            ws_brk_kind k = e.kind == WS_MFF_EV_DONE ? WS_BRK_MFF_DONE
                          : e.kind == WS_MFF_EV_COALESCE ? WS_BRK_MFF_COALESCE : WS_BRK_MFF_STALL;
            uint32_t smi, slot;
            ws_gpu_mff_warp(g, e.warp, &smi, &slot);
            const ws_slot *s = smi < g->cfg.nsms && slot < g->sms[smi].nslots ? &g->sms[smi].slots[slot] : NULL;
            uint64_t wid = s ? ws_gpu_dbg_warp_id(g, s) : WS_BRK_ANY;
            char loc[80], what[170];
            bool formatted = false;
            for (uint32_t j = 0; j < d->nb; j++) {
                ws_brk *b = &d->b[j];
                if (b->disabled || b->kind != k || (b->sm >= 0 && (uint32_t)b->sm != p) ||
                    (b->warp != WS_BRK_ANY && b->warp != wid))
                    continue;
                if (!formatted) {
                    formatted = true;
                    if (s && s->w)
                        where(g, loc, sizeof loc, smi, slot, wid, s->w);
                    else
                        snprintf(loc, sizeof loc, "SM %u slot %u", smi, slot);
                    if (k == WS_BRK_MFF_DONE)
                        snprintf(what, sizeof what, "MFF unit %u: command of %s complete: %llu words, %llu cycles",
                                 p, loc, (unsigned long long)e.words, (unsigned long long)(e.cycle - e.t_cmd));
                    else if (k == WS_BRK_MFF_COALESCE)
                        snprintf(what, sizeof what, "MFF unit %u: %s block 0x%llx coalesced (%u waiting): %s "
                                 "thread %u k %u", p, ws_mff_line_kind_name(e.line), (unsigned long long)e.addr,
                                 e.waiters, loc, e.thread, e.k);
                    else if (e.kind == WS_MFF_EV_REG_STALL)
                        snprintf(what, sizeof what, "MFF unit %u: Work Register pool full: %s thread %u needs "
                                 "%llu registers", p, loc, e.thread, (unsigned long long)e.addr);
                    else
                        snprintf(what, sizeof what, "MFF unit %u: Tag Unit full: %s block 0x%llx of %s thread %u k %u "
                                 "waits", p, ws_mff_line_kind_name(e.line), (unsigned long long)e.addr, loc,
                                 e.thread, e.k);
                }
                bool first = !d->stop;
                hit(g, b, s ? (int)smi : -1, s ? (int)slot : -1, p, what);
                if (first && e.kind != WS_MFF_EV_DONE && e.kind != WS_MFF_EV_REG_STALL)
                    d->hit.block = e.addr;
            }
        }
        d->mff_prev[p] = n;
    }
}

bool ws_gpu_dbg_end_cycle(ws_gpu *g)
{
    ws_gpu_dbg *d = g->dbg;
    if (d->want_stall) {
        for (uint32_t i = 0; i < g->cfg.nsms; i++) {
            const ws_sm *sm = &g->sms[i];
            for (uint32_t j = 0; j < g->cfg.slots; j++) {
                const ws_slot *s = &sm->slots[j];
                uint8_t r = s->w ? (uint8_t)slot_reason(g, s) : (uint8_t)WS_STALL_IDLE;
                uint8_t *p = &d->prev[i * g->cfg.slots + j];
                if (r != *p && s->w) {
                    uint64_t wid = ws_gpu_dbg_warp_id(g, s);
                    for (uint32_t k = 0; k < d->nb; k++) {
                        ws_brk *b = &d->b[k];
                        if (b->disabled || b->kind != WS_BRK_STALL || b->stall != r || !warp_ok(b, i, wid))
                            continue;
                        char loc[128], what[180];
                        where(g, loc, sizeof loc, i, j, wid, s->w);
                        snprintf(what, sizeof what, "%s: %s", ws_stall_name((ws_stall)r), loc);
                        hit(g, b, (int)i, (int)j, 0, what);
                    }
                }
                *p = r;
            }
        }
    }
    if (d->want_mshr) {
        for (uint32_t i = 0; i < g->cfg.nsms; i++) {
            const ws_sm *sm = &g->sms[i];
            uint64_t v = sm->l1d ? ws_cache_stats_get(sm->l1d)->resfail[WS_CFAIL_MSHR_FULL] : 0;
            if (v != d->mshr_prev[i]) {
                for (uint32_t k = 0; k < d->nb; k++) {
                    ws_brk *b = &d->b[k];
                    if (b->disabled || b->kind != WS_BRK_MSHR_FULL || (b->sm >= 0 && (uint32_t)b->sm != i))
                        continue;
                    char what[96];
                    snprintf(what, sizeof what, "SM %u: an L1 access found every MSHR busy", i);
                    hit(g, b, (int)i, -1, 0, what);
                }
            }
            d->mshr_prev[i] = v;
        }
    }
    if (d->want_iru)
        iru_check(g);
    if (d->want_mff)
        mff_check(g);
    if (d->want_thr && g->ntlog != d->ntlog_prev) {
        const ws_pf_tlog *t = ws_gpu_pf_trans(g, ws_gpu_pf_nkept(g) - 1);
        for (uint32_t k = 0; k < d->nb; k++) {
            ws_brk *b = &d->b[k];
            if (b->disabled || b->kind != WS_BRK_THROTTLE) continue;
            char what[160];
            snprintf(what, sizeof what, "SM %u %s: %s -> %s", t ? t->sm : 0,
                     t && t->throttle ? "throttle" : "prefetcher", t ? t->t.from_name : "?",
                     t ? t->t.to_name : "?");
            hit(g, b, t ? (int)t->sm : -1, -1, 0, what);
        }
        d->ntlog_prev = g->ntlog;
    }
    if (d->want_req) {
        for (uint32_t k = 0; k < d->nb; k++) {
            ws_brk *b = &d->b[k];
            if (b->disabled || b->kind != WS_BRK_REQUEST || ws_gpu_rtrace_done_at(g, b->req) != g->now) continue;
            char what[96];
            snprintf(what, sizeof what, "request %llu completed", (unsigned long long)b->req);
            hit(g, b, -1, -1, 0, what);
        }
    }
    if (!d->stop) return false;
    d->stop = false;
    drop_once(g);
    return true;
}

uint64_t ws_gpu_dbg_next_cycle(const ws_gpu *g)
{
    const ws_gpu_dbg *d = g->dbg;
    uint64_t t = UINT64_MAX;
    for (uint32_t i = 0; i < d->nb; i++)
        if (!d->b[i].disabled && d->b[i].kind == WS_BRK_CYCLE && d->b[i].cycle > g->now && d->b[i].cycle < t)
            t = d->b[i].cycle;
    return t;
}

bool ws_gpu_dbg_cycle_reached(ws_gpu *g)
{
    ws_gpu_dbg *d = g->dbg;
    for (uint32_t i = 0; i < d->nb; i++) {
        ws_brk *b = &d->b[i];
        if (!b->disabled && b->kind == WS_BRK_CYCLE && b->cycle == g->now) {
            char what[64];
            snprintf(what, sizeof what, "cycle %llu reached", (unsigned long long)g->now);
            hit(g, b, -1, -1, 0, what);
        }
    }
    if (!d->stop) return false;
    d->stop = false;
    drop_once(g);
    return true;
}

/* ------------------------------------------------------------ recording */
void ws_gpu_dbg_record(ws_gpu *g, bool on)
{
    ws_gpu_dbg *d = dbg_get(g);
    d->record = on;
    for (size_t i = 0; i < g->ntf; i++) {
        ws_tfunc *tf = g->tf[i];
        if (on && !tf->stalls) {
            tf->stalls = ws_xcalloc(tf->f->ninsns + 1, sizeof *tf->stalls);
            tf->execs = ws_xcalloc(tf->f->ninsns + 1, sizeof *tf->execs);
        }
    }
    refresh(g);
}

bool ws_gpu_dbg_recording(const ws_gpu *g) { return g->dbg && g->dbg->record; }

uint32_t ws_gpu_warp_history(const ws_gpu *g, uint32_t smi, uint32_t slot, ws_hist_ent *out, uint32_t max)
{
    const ws_gpu_dbg *d = g->dbg;
    if (!d || smi >= g->cfg.nsms || slot >= g->cfg.slots) return 0;
    uint32_t k = smi * g->cfg.slots + slot;
    const ws_slot *s = &g->sms[smi].slots[slot];
    if (!s->w || d->hid[k] != (((uint64_t)g->nlaunches << 40) ^ ws_gpu_dbg_warp_id(g, s))) return 0;
    uint32_t n = d->hn[k] < WS_HIST_LEN ? d->hn[k] : WS_HIST_LEN;
    if (n > max) n = max;
    for (uint32_t i = 0; i < n; i++)
        out[i] = d->hist[(size_t)k * WS_HIST_LEN + (d->hn[k] - 1 - i) % WS_HIST_LEN];
    return n;
}

const ws_warp *ws_gpu_warp_func(const ws_gpu *g, uint32_t smi, uint32_t slot)
{
    if (smi >= g->cfg.nsms || slot >= g->cfg.slots) return NULL;
    return g->sms[smi].slots[slot].w;
}

uint64_t ws_gpu_line_stalls(const ws_gpu *g, const ws_ptx_func *f, uint32_t pc)
{
    for (size_t i = 0; i < g->ntf; i++)
        if (g->tf[i]->f == f)
            return g->tf[i]->stalls && pc <= f->ninsns ? g->tf[i]->stalls[pc] : 0;
    return 0;
}

uint64_t ws_gpu_line_execs(const ws_gpu *g, const ws_ptx_func *f, uint32_t pc)
{
    for (size_t i = 0; i < g->ntf; i++)
        if (g->tf[i]->f == f)
            return g->tf[i]->execs && pc <= f->ninsns ? g->tf[i]->execs[pc] : 0;
    return 0;
}

void ws_gpu_line_counts(const ws_gpu *g, const ws_ptx_func *f, uint32_t pc, uint64_t *insns, uint64_t *accesses,
                        uint64_t *misses)
{
    *insns = *accesses = *misses = 0;
    for (size_t i = 0; i < g->ntl; i++)
        if (g->tl[i].f == f && pc <= f->ninsns) {
            const ws_line_ctr *c = &g->tl[i].c[pc];
            *insns = c->insns;
            *accesses = c->accesses;
            *misses = c->l1_misses;
            return;
        }
}

uint32_t ws_gpu_launch_number(const ws_gpu *g) { return g->nlaunches; }
const ws_kernel *ws_gpu_kernel(const ws_gpu *g) { return g->grid ? g->kernel : NULL; }
uint64_t ws_gpu_launch_start(const ws_gpu *g) { return g->launch_start; }

uint32_t ws_gpu_launch_regs(const ws_gpu *g, ws_regs_source *source)
{
    if (!g->grid) {
        if (source)
            *source = WS_REGS_ESTIMATE;
        return 0;
    }
    return ws_grid_regs_per_thread(g->grid, source);
}

bool ws_gpu_launch_dims(const ws_gpu *g, uint32_t grid[3], uint32_t block[3])
{
    for (int i = 0; i < 3; i++) {
        grid[i] = g->lgrid[i];
        block[i] = g->lblock[i];
    }
    return g->nlaunches > 0;
}

uint64_t ws_gpu_warp_id(const ws_gpu *g, uint32_t sm, uint32_t slot)
{
    if (sm >= g->cfg.nsms || slot >= g->cfg.slots) return WS_BRK_ANY;
    return ws_gpu_dbg_warp_id(g, &g->sms[sm].slots[slot]);
}
