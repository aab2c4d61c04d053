/* ws_gpu_wait.c: why a warp waits (ws_gpu_wait.h).  Reads the slot's
 * scoreboard, its pending load and the requests in flight (the pool's
 * chunks, by their stage); changes nothing the model computes. */
#include "arch/ws_gpu_wait.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu_dbg.h"
#include "arch/ws_gpu_int.h"
#include "arch/ws_gpu_mff.h"
#include "arch/ws_sm.h"
#include "ptx/ws_ptx.h"
#include "util/ws_util.h"

#define NO_LOAD UINT32_MAX

typedef struct ws_wait_watch {
    bool on;
    uint32_t sm, slot, load;
    uint32_t n;
    ws_wait_req done[WS_WAIT_REQS];
} ws_wait_watch;

static const char *reg_name(const ws_ptx_func *f, uint32_t r)
{
    if (r < f->nregs) return f->regs[r].name;
    if (r - f->nregs < f->npreds) return f->preds[r - f->nregs].name;
    return "?";
}

static const char *array_of(const ws_gpu *g, uint32_t owner)
{
    return owner && owner < g->nactr && g->actr[owner].name[0] ? g->actr[owner].name : "";
}

static void fill_req(const ws_gpu *g, const ws_mreq *r, ws_wait_req *o)
{
    memset(o, 0, sizeof *o);
    o->id = r->id;
    o->addr = r->addr;
    o->size = r->size;
    o->array = array_of(g, r->owner);
    o->stage = r->stage;
    o->since = r->t_stage;
    o->level = r->level;
    o->loc = r->t_icnt != 0;
    o->chan = r->chan;
    o->bank = r->bank;
    o->row = r->row;
    o->t_issue = r->t_issue;
    o->t_reply = r->t_reply;
}

static const ws_ptx_module *module_of(const ws_gpu *g)
{
    const ws_kernel *k = ws_gpu_kernel(g);
    return k ? ws_module_ptx(ws_kernel_module(k)) : NULL;
}

/* The opcode of instruction pc of f ("ld.global.u32"). */
static void opcode(const ws_gpu *g, const ws_ptx_func *f, uint32_t pc, char *buf, size_t size)
{
    buf[0] = 0;
    const ws_ptx_module *m = module_of(g);
    if (!m || !f || pc >= f->ninsns) return;
    char t[256];
    ws_ptx_disasm(m, f, &f->insns[pc], t, sizeof t);
    const char *p = t;
    if (*p == '@') p += strcspn(p, " ") + 1;    /* (a guard) */
    size_t n = strcspn(p, " ;");
    snprintf(buf, size, "%.*s", (int)n, p);
}

static const char *file_base(const ws_gpu *g)
{
    const ws_ptx_module *m = module_of(g);
    if (!m || !m->path) return "";
    const char *b = strrchr(m->path, '/');
    return b ? b + 1 : m->path;
}

/* Whether instruction pc of tf writes register r. */
static bool writes(const ws_tfunc *tf, uint32_t pc, uint32_t r)
{
    if (pc > tf->f->ninsns) return false;
    const ws_tinsn *ti = &tf->ins[pc];
    for (uint32_t i = 0; i < ti->ndst; i++)
        if (tf->regs[ti->regoff + i] == r) return true;
    return false;
}

static void set_writer(const ws_gpu *g, ws_wait_info *o, const ws_ptx_func *f, uint32_t pc, uint64_t issued)
{
    o->writer = true;
    o->pc = pc;
    o->line = pc < f->ninsns ? f->insns[pc].line : 0;
    o->file = file_base(g);
    o->cu_file = pc < f->ninsns ? ws_ptx_insn_cu(module_of(g), &f->insns[pc], &o->cu_line) : NULL;
    o->issued = issued;
    opcode(g, f, pc, o->insn, sizeof o->insn);
}

/* A register wait: the registers of the next instruction not ready, their
 * writer, its requests.  False when none is waited for. */
static bool reg_wait(const ws_gpu *g, const ws_sm *sm, uint32_t slotno, ws_wait_info *o)
{
    const ws_slot *s = &sm->slots[slotno];
    const ws_ptx_func *f = ws_warp_func(s->w);
    if (!f || !s->tf) return false;
    uint32_t pc = ws_warp_pc(s->w);
    if (pc > f->ninsns) return false;
    const ws_tinsn *ti = &s->tf->ins[pc];
    const uint32_t *r = &s->tf->regs[ti->regoff];
    uint64_t now = g->now;
    uint32_t first = UINT32_MAX;
    for (uint32_t i = 0, n = ti->ndst + ti->nsrc; i < n; i++) {
        uint64_t v = s->ready[r[i]];
        bool pend = v >= WS_PEND;
        uint64_t t = v & ~(1ull << 62);     /* (ws_sm.c's WS_SHORT) */
        if (!pend && t <= now) continue;
        if (o->pending && !pend) continue;              /* the load's registers first */
        if (pend && !o->pending) {      /* (a load's registers replace fixed-latency ones) */
            o->nregs = 0;
            o->ready_at = 0;
            first = UINT32_MAX;
        }
        if (pend && o->pending && (uint32_t)(v & 0xffffffffu) != o->load) continue;
        o->pending = pend;
        if (pend) o->load = (uint32_t)(v & 0xffffffffu);
        else if (t > o->ready_at) o->ready_at = t;
        bool dup = false;
        for (uint32_t k = 0; k < o->nregs; k++) dup |= !strcmp(o->regs[k], reg_name(f, r[i]));
        if (!dup && o->nregs < WS_WAIT_REGS) {
            if (!o->nregs) first = r[i];
            o->regs[o->nregs++] = reg_name(f, r[i]);
        }
    }
    if (!o->nregs) return false;
    o->kind = WS_WAIT_REG;
    if (o->pending) {
        /* its requests in flight (the first WS_WAIT_REQS found), oldest first */
        const ws_mreq_pool *p = &g->pool;
        const ws_mreq *oldest = NULL;
        for (uint32_t c = 0; c < p->nchunks; c++) {
            const ws_mreq *ch = p->chunks[c];
            for (uint32_t i = 0; i < WS_MREQ_CHUNK; i++) {
                const ws_mreq *q = &ch[i];
                if (q->stage == WS_MST_NONE || q->sm != sm->id || q->slot != slotno || q->load != o->load ||
                    q->kind == WS_MREQ_WRITE || q->kind == WS_MREQ_WRITEBACK || q->kind == WS_MREQ_PREFETCH)
                    continue;
                if (!oldest || q->id < oldest->id) oldest = q;
                if (o->nreq < WS_WAIT_REQS) fill_req(g, q, &o->req[o->nreq++]);
            }
        }
        for (uint32_t x = 1; x < o->nreq; x++)
            for (uint32_t y = x; y > 0 && o->req[y - 1].id > o->req[y].id; y--) {
                ws_wait_req t = o->req[y];
                o->req[y] = o->req[y - 1];
                o->req[y - 1] = t;
            }
        if (oldest) {
            set_writer(g, o, f, oldest->pc, oldest->t_issue);
            if (oldest->ptx_line) o->line = oldest->ptx_line;
        }
    }
    if (!o->writer && first != UINT32_MAX) {
        /* the newest instruction of the history that writes it */
        ws_hist_ent h[WS_HIST_LEN];
        uint32_t n = ws_gpu_warp_history(g, sm->id, slotno, h, WS_HIST_LEN);
        for (uint32_t i = 0; i < n; i++)
            if (h[i].func == f && writes(s->tf, h[i].pc, first)) {
                set_writer(g, o, f, h[i].pc, h[i].cycle);
                break;
            }
    }
    return true;
}

static const char *const unit_names[WS_U_COUNT] = { "SP", "SFU", "DP", "LD/ST", "branch" };

static void other_wait(const ws_gpu *g, const ws_sm *sm, uint32_t slotno, ws_wait_info *o)
{
    const ws_slot *s = &sm->slots[slotno];
    char *b = o->cause;
    size_t z = sizeof o->cause;
    o->kind = WS_WAIT_OTHER;
    const ws_ptx_func *f = ws_warp_func(s->w);
    switch (o->stall) {
    case WS_STALL_BARRIER: {
        uint32_t id = 0, pc = 0, line = 0;
        bool hasid = ws_warp_barrier(s->w, &id);
        if (!ws_warp_barrier_where(s->w, &pc, &line)) line = ws_warp_line(s->w);
        int n = snprintf(b, z, "barrier %s%" PRIu32 " at line %" PRIu32 ": not arrived:", hasid ? "" : "?", id,
                         line);
        const ws_ctarec *cr = s->ctarec < sm->nctas ? &sm->ctas[s->ctarec] : NULL;
        uint32_t missing = 0;
        for (uint32_t k = 0; cr && k < cr->nwarps && k < 64; k++) {
            const ws_slot *q = &sm->slots[cr->slots[k]];
            if (!q->w || q->exited || q->at_barrier || ws_warp_status_get(q->w) == WS_WARP_BARRIER ||
                ws_warp_status_get(q->w) == WS_WARP_EXITED)
                continue;
            missing++;
            if (n > 0 && (size_t)n < z - 12)
                n += snprintf(b + n, z - (size_t)n, " w%" PRIu32 "(line %" PRIu32 ")", ws_warp_index(q->w),
                              ws_warp_line(q->w));
        }
        if (!missing && n > 0 && (size_t)n < z) snprintf(b + n, z - (size_t)n, " none (released)");
        break;
    }
    case WS_STALL_MATH_PIPE_THROTTLE: {
        const ws_tinsn *ti = s->nti;
        uint32_t u = ti && ti->unit < WS_U_COUNT ? ti->unit : 0;
        uint64_t until = UINT64_MAX;
        for (uint32_t i = 0; i < sm->nunits[u] && i < 8; i++)
            if (sm->unit_free[u][i] < until) until = sm->unit_free[u][i];
        snprintf(b, z, "the %s pipe is busy until cycle %" PRIu64, unit_names[u], until == UINT64_MAX ? 0 : until);
        break;
    }
    case WS_STALL_BRANCH_RESOLVING: {
        ws_hist_ent h[1];
        if (ws_gpu_warp_history(g, sm->id, slotno, h, 1) && h[0].func) {
            char op[48];
            opcode(g, h[0].func, h[0].pc, op, sizeof op);
            snprintf(b, z, "resolving the branch %s at line %" PRIu32 " (issued %" PRIu64 ") until cycle %" PRIu64,
                     op, h[0].line, h[0].cycle, s->until);
        } else {
            snprintf(b, z, "resolving its last branch until cycle %" PRIu64, s->until);
        }
        break;
    }
    case WS_STALL_LG_THROTTLE:
    case WS_STALL_MIO_THROTTLE:
        if (sm->lg_fail >= 0)
            snprintf(b, z, "the LD/ST unit's request is refused: %s (%" PRIu32 " of %" PRIu32 " requests sent)",
                     ws_lg_name((ws_lg_cause)sm->lg_fail), sm->ilreq, sm->nlreq);
        else if (sm->ilreq < sm->nlreq)
            snprintf(b, z, "the LD/ST unit is sending another instruction's requests (%" PRIu32 " of %" PRIu32 ")",
                     sm->ilreq, sm->nlreq);
        else
            snprintf(b, z, "the LD/ST unit is busy until cycle %" PRIu64, sm->ldst_free);
        break;
    case WS_STALL_NO_INSTRUCTION:
        if (s->ifetch && s->tf)
            snprintf(b, z, "instruction-cache miss at 0x%" PRIx64 " (pc %" PRIu32 "): %s",
                     s->tf->ibase + (uint64_t)ws_warp_pc(s->w) * WS_INST_BYTES, ws_warp_pc(s->w),
                     s->ifetch == 1 ? "its fetch waits in an L1I MSHR" : "refused by the L1I, retried at a fill");
        else
            snprintf(b, z, "the instruction buffer is empty (fetch and decode)");
        break;
    case WS_STALL_MEMBAR:
        snprintf(b, z, "membar: %" PRIu32 " store(s) not yet acknowledged", s->stores);
        break;
    case WS_STALL_MFF_WAIT: {
        /* the oldest gather still in flight: what it asked and got so far */
        ws_gpu_mff_cmd c[8];
        uint32_t nc = ws_gpu_mff_cmds(g, sm->id, slotno, c, 8), i = 0;
        while (i < nc && i < 8 && c[i].kind != WS_MFF_GATHER)
            i++;
        if (i < nc && i < 8)
            snprintf(b, z, "pc_wait: %" PRIu32 " MFF gather(s) not complete; oldest: unit %" PRIu32 ", sent at %"
                     PRIu64 ", %" PRIu64 " of %" PRIu64 " words%s", s->mff_gathers, c[i].unit, c[i].t_issue,
                     c[i].delivered, c[i].words, c[i].done ? " (complete)" : "");
        else
            snprintf(b, z, "pc_wait: %" PRIu32 " gather command(s) of the MFF not yet complete", s->mff_gathers);
        break;
    }
    case WS_STALL_DRAIN:
        snprintf(b, z, "exited, draining %" PRIu32 " store(s) and %" PRIu32 " request(s)", s->stores,
                 s->outstanding);
        break;
    default:
        o->kind = WS_WAIT_NONE;
        snprintf(b, z, "%s", ws_stall_name(o->stall));
        break;
    }
    (void)f;
}

bool ws_gpu_reg_pending(const ws_gpu *g, uint32_t smi, uint32_t slot, uint32_t reg, ws_reg_pend *out)
{
    memset(out, 0, sizeof *out);
    if (smi >= g->cfg.nsms || slot >= g->cfg.slots) return false;
    const ws_sm *sm = &g->sms[smi];
    const ws_slot *s = &sm->slots[slot];
    if (!s->w || !s->ready || reg >= s->ready_cap) return false;
    uint64_t v = s->ready[reg];
    if (v >= WS_PEND) {
        uint32_t load = (uint32_t)(v & 0xffffffffu);
        out->pending = out->load = true;
        const ws_ptx_func *f = ws_warp_func(s->w);
        const ws_pload *pl = load < sm->npl ? &sm->pl[load] : NULL;
        if (f && pl && pl->issued && pl->pc < f->ninsns) {
            out->writer = true;
            out->pc = pl->pc;
            out->line = f->insns[pl->pc].line;
            out->issued = pl->issued;
            opcode(g, f, pl->pc, out->insn, sizeof out->insn);
        }
        return true;
    }
    uint64_t t = v & ~(1ull << 62);     /* (ws_sm.c's WS_SHORT) */
    if (t <= g->now) return false;
    out->pending = true;
    out->ready_at = t;
    return true;
}

size_t ws_reg_pend_text(const ws_reg_pend *p, char *buf, size_t size)
{
    int n;
    if (!p->pending)
        n = snprintf(buf, size, "ready");
    else if (p->load && p->writer)
        n = snprintf(buf, size, "pending (%s line %" PRIu32 ", issued %" PRIu64 ")", p->insn[0] ? p->insn : "load",
                     p->line, p->issued);
    else if (p->load)
        n = snprintf(buf, size, "pending (a load in flight)");
    else
        n = snprintf(buf, size, "pending (ready at %" PRIu64 ")", p->ready_at);
    return n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1;
}

bool ws_gpu_warp_wait(const ws_gpu *g, uint32_t smi, uint32_t slot, ws_wait_info *out)
{
    memset(out, 0, sizeof *out);
    if (smi >= g->cfg.nsms || slot >= g->cfg.slots) return false;
    const ws_sm *sm = &g->sms[smi];
    const ws_slot *s = &sm->slots[slot];
    if (!s->w) return false;
    ws_warp_info wi;
    ws_gpu_warp(g, smi, slot, &wi);
    out->stall = wi.stall;
    out->since = wi.since;
    out->now = g->now;
    if (s->exited || wi.exited) {
        if (s->stores || s->outstanding) {
            out->stall = WS_STALL_DRAIN;
            other_wait(g, sm, slot, out);
        }
        return out->kind != WS_WAIT_NONE;
    }
    bool sb = wi.stall == WS_STALL_LONG_SCOREBOARD || wi.stall == WS_STALL_SHORT_SCOREBOARD ||
              wi.stall == WS_STALL_WAIT || wi.stall == WS_STALL_SELECTED || wi.stall == WS_STALL_NOT_SELECTED;
    if (sb && !s->at_barrier && reg_wait(g, sm, slot, out)) {
        if (wi.stall == WS_STALL_SELECTED || wi.stall == WS_STALL_NOT_SELECTED)
            out->stall = out->pending ? WS_STALL_LONG_SCOREBOARD : WS_STALL_WAIT;   /* (not examined yet) */
        snprintf(out->cause, sizeof out->cause, "%s for %s", ws_stall_name(out->stall), out->regs[0]);
        return true;
    }
    memset(out, 0, sizeof *out);
    out->stall = wi.stall;
    out->since = wi.since;
    out->now = g->now;
    other_wait(g, sm, slot, out);
    return out->kind != WS_WAIT_NONE;
}

static const char *level_text(uint8_t lv)
{
    switch (lv) {
    case WS_LVL_L1: return "L1 hit";
    case WS_LVL_L1_PENDING: return "L1 pending hit";
    case WS_LVL_PFC: return "prefetch-cache hit";
    case WS_LVL_L2: return "L1 miss, L2 hit";
    case WS_LVL_L2_PENDING: return "L1 miss, L2 pending hit";
    case WS_LVL_DRAM: return "L1 miss, L2 miss";
    default: return "not served yet";
    }
}

size_t ws_wait_req_text(const ws_wait_req *r, char *buf, size_t size)
{
    int n = snprintf(buf, size, "0x%" PRIx64 " %s%s%" PRIu32 " B: %s", r->addr, r->array,
                     r->array[0] ? " " : "", r->size, ws_mreq_stage_name((ws_mreq_stage)r->stage));
    if (n > 0 && (size_t)n < size && r->loc &&
        (r->stage == WS_MST_DRAM_QUEUE || r->stage == WS_MST_DRAM || r->stage == WS_MST_L2_MSHR))
        n += snprintf(buf + n, size - (size_t)n, " (channel %" PRIu16 " bank %" PRIu16 " row %" PRIu32 ")",
                      r->chan, r->bank, r->row);
    if (n > 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, " since %" PRIu64, r->since);
    return n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1;
}

/* ------------------------------------------------------------ the watch */

void ws_gpu_wait_watch(ws_gpu *g, uint32_t sm, uint32_t slot, uint32_t load)
{
    if (!g->wwatch) g->wwatch = ws_xcalloc(1, sizeof *g->wwatch);
    memset(g->wwatch, 0, sizeof *g->wwatch);
    g->wwatch->on = true;
    g->wwatch->sm = sm;
    g->wwatch->slot = slot;
    g->wwatch->load = load;
}

void ws_gpu_wait_unwatch(ws_gpu *g)
{
    free(g->wwatch);
    g->wwatch = NULL;
}

void ws_gpu_wait_free(ws_gpu *g) { ws_gpu_wait_unwatch(g); }

uint32_t ws_gpu_wait_done(const ws_gpu *g, ws_wait_req *out, uint32_t max)
{
    const ws_wait_watch *w = g->wwatch;
    uint32_t n = w ? (w->n < max ? w->n : max) : 0;
    if (n) memcpy(out, w->done, n * sizeof *out);
    return n;
}

void ws_gpu_wait_note(ws_gpu *g, const ws_mreq *r, uint64_t now)
{
    ws_wait_watch *w = g->wwatch;
    if (!w->on || r->sm != w->sm || r->slot != w->slot || r->load != w->load || w->n >= WS_WAIT_REQS) return;
    ws_wait_req *o = &w->done[w->n++];
    fill_req(g, r, o);
    o->stage = WS_MST_NONE;
    o->t_reply = now;
    if (!o->level) o->level = WS_LVL_L2;    /* (as the LD/ST unit counts it) */
}

size_t ws_gpu_wait_report(const ws_gpu *g, const ws_wait_info *bf, uint64_t now, char *buf, size_t size)
{
    int n;
    if (bf->kind == WS_WAIT_NONE) {
        n = snprintf(buf, size, "did not wait");
    } else if (bf->kind == WS_WAIT_OTHER) {
        n = snprintf(buf, size, "waited %" PRIu64 " cycles in %s (%s)", now > bf->since ? now - bf->since : 0,
                     ws_stall_name(bf->stall), bf->cause);
    } else {
        n = snprintf(buf, size, "waited %" PRIu64 " cycles for %s", now > bf->since ? now - bf->since : 0,
                     bf->regs[0]);
        for (uint32_t i = 1; i < bf->nregs && n > 0 && (size_t)n < size; i++)
            n += snprintf(buf + n, size - (size_t)n, ", %s", bf->regs[i]);
        if (bf->writer && n > 0 && (size_t)n < size) {
            n += snprintf(buf + n, size - (size_t)n, " (%s at line %" PRIu32, bf->insn[0] ? bf->insn : "?", bf->line);
            if (bf->cu_file && n > 0 && (size_t)n < size)
                n += snprintf(buf + n, size - (size_t)n, ", %s:%" PRIu32, bf->cu_file, bf->cu_line);
            if (n > 0 && (size_t)n < size)
                n += snprintf(buf + n, size - (size_t)n, ", issued %" PRIu64 ")", bf->issued);
        }
        if (bf->pending && n > 0 && (size_t)n < size) {
            ws_wait_req d[WS_WAIT_REQS];
            uint32_t nd = ws_gpu_wait_done(g, d, WS_WAIT_REQS);
            if (!nd) {
                n += snprintf(buf + n, size - (size_t)n, ": no request to memory (L1 or shared), back at %" PRIu64,
                              now);
            } else {
                n += snprintf(buf + n, size - (size_t)n, ": %" PRIu32 " request%s", nd, nd == 1 ? "" : "s");
                uint64_t back = 0;
                for (uint32_t i = 0; i < nd && n > 0 && (size_t)n < size; i++) {
                    if (d[i].t_reply > back) back = d[i].t_reply;
                    if (i >= 3) continue;
                    n += snprintf(buf + n, size - (size_t)n, "%s%s", i ? "; " : ", ", level_text(d[i].level));
                    if (d[i].level == WS_LVL_DRAM && d[i].loc && n > 0 && (size_t)n < size)
                        n += snprintf(buf + n, size - (size_t)n, ", DRAM channel %" PRIu16 " bank %" PRIu16
                                      " row %" PRIu32, d[i].chan, d[i].bank, d[i].row);
                }
                if (nd > 3 && n > 0 && (size_t)n < size)
                    n += snprintf(buf + n, size - (size_t)n, "; ...");
                if (n > 0 && (size_t)n < size)
                    n += snprintf(buf + n, size - (size_t)n, ", back at %" PRIu64, back);
            }
        } else if (!bf->pending && n > 0 && (size_t)n < size) {
            n += snprintf(buf + n, size - (size_t)n, ": ready at %" PRIu64, bf->ready_at);
        }
    }
    return n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1;
}
