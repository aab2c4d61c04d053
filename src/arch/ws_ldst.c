/* ws_ldst.c: the SM's LD/ST unit: coalescing a warp's lane addresses into
 * requests, shared-memory bank conflicts, the constant cache, L1D lookups
 * (one request per cycle), injection into the request network, and replies
 * coming back (L1 fills, register release, store acknowledgements). */
#include <stdlib.h>
#include <string.h>

#include "arch/ws_cache_int.h"
#include "arch/ws_cpol_glue.h"
#include "arch/ws_gpu_int.h"
#include "arch/ws_gpu_iru.h"
#include "arch/ws_rtrace.h"
#include "arch/ws_sm.h"
#include "util/ws_util.h"

#define WS_SHORT (1ull << 62)
#define NO_LOAD UINT32_MAX

/* ------------------------------------------------------------ pending loads */
uint32_t ws_pload_new(ws_sm *sm, uint32_t slot, const uint32_t *dst, uint32_t ndst)
{
    uint32_t id;
    if (sm->plfree) {
        id = sm->plfree - 1;
        sm->plfree = sm->pl[id].next_free;
    } else {
        if (sm->npl == sm->capl) {
            sm->capl = sm->capl ? 2 * sm->capl : 256;
            sm->pl = ws_xrealloc(sm->pl, sm->capl * sizeof *sm->pl);
        }
        id = sm->npl++;
    }
    ws_pload *p = &sm->pl[id];
    memset(p, 0, sizeof *p);
    p->slot = (uint16_t)slot;
    p->dst = dst;
    p->ndst = (uint16_t)ndst;
    return id;
}

static uint8_t lsb_of(uint8_t level)
{
    switch (level) {
    case WS_LVL_L1: return WS_LSB_L1;
    case WS_LVL_L1_PENDING: return WS_LSB_L1_PENDING;
    case WS_LVL_PFC: return WS_LSB_PREFETCH;
    case WS_LVL_L2: case WS_LVL_L2_PENDING: return WS_LSB_L2;
    case WS_LVL_DRAM: return WS_LSB_DRAM;
    default: return WS_LSB_L1;
    }
}

/* One part of load `id` is done (data at `now`). */
static void pload_part(ws_sm *sm, uint32_t id, uint8_t level, uint64_t now)
{
    ws_pload *p = &sm->pl[id];
    if (level > p->level) p->level = level;
    if (--p->outstanding > 0)
        return;
    ws_slot *s = &sm->slots[p->slot];
    if (s->w) {
        for (uint32_t i = 0; i < p->ndst; i++)
            if (s->ready[p->dst[i]] == (WS_PEND | id))
                s->ready[p->dst[i]] = now;
        if (s->reason == WS_STALL_LONG_SCOREBOARD && s->elig == WS_NEVER &&
            (s->wait_load == id || s->wait_load == NO_LOAD)) {
            s->sub = lsb_of(p->level);
            ws_slot_wake(sm, s, now);
        }
    }
    p->next_free = sm->plfree;
    sm->plfree = id + 1;
}

/* ------------------------------------------------------------ hit events */
static void hev_push(ws_sm *sm, uint64_t t, uint32_t load, uint8_t level)
{
    if (sm->nhev == sm->caphev) {
        sm->caphev = sm->caphev ? 2 * sm->caphev : 64;
        sm->hev = ws_xrealloc(sm->hev, sm->caphev * sizeof *sm->hev);
    }
    uint32_t i = sm->nhev++;
    while (i > 0) {
        uint32_t p = (i - 1) / 2;
        if (sm->hev[p].t <= t) break;
        sm->hev[i] = sm->hev[p];
        i = p;
    }
    sm->hev[i] = (ws_hitev){ t, load, level };
}

static ws_hitev hev_pop(ws_sm *sm)
{
    ws_hitev top = sm->hev[0], last = sm->hev[--sm->nhev];
    uint32_t i = 0, n = sm->nhev;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && sm->hev[c + 1].t < sm->hev[c].t) c++;
        if (sm->hev[c].t >= last.t) break;
        sm->hev[i] = sm->hev[c];
        i = c;
    }
    if (n) sm->hev[i] = last;
    return top;
}

void ws_ldst_hit_events(ws_sm *sm, uint64_t now)
{
    while (sm->nhev && sm->hev[0].t <= now) {
        ws_hitev e = hev_pop(sm);
        pload_part(sm, e.load, e.level, e.t);
    }
}


/* ------------------------------------------------------------ issue */
static uint32_t popc(uint32_t x) { return (uint32_t)__builtin_popcount(x); }

typedef struct seg { uint64_t key; uint32_t sectors; uint32_t bytes; } seg;

/* Distinct 128-byte blocks of a warp memory instruction (the IRU paper's
 * coalescing count, A7): its segments' keys shifted by sh (32-byte
 * segments: 2), or its transactions.  Neither is sorted; a block is
 * looked for among the distinct ones found so far, the last first. */
static uint32_t seg_lines(const seg *segs, uint32_t n, uint32_t sh)
{
    uint64_t found[64];
    uint32_t nf = 0;
    for (uint32_t j = 0; j < n; j++) {
        uint64_t b = segs[j].key >> sh;
        uint32_t k = nf;
        while (k > 0 && found[k - 1] != b) k--;
        if (k == 0) found[nf++] = b;
    }
    return nf;
}

static uint32_t txn_lines(const ws_coal_txn *tx, uint32_t n)
{
    uint64_t found[64];
    uint32_t nf = 0;
    for (uint32_t j = 0; j < n; j++) {
        uint64_t b = tx[j].addr >> 7;
        uint32_t k = nf;
        while (k > 0 && found[k - 1] != b) k--;
        if (k == 0) found[nf++] = b;
    }
    return nf;
}

/* The address of local-memory byte a of lane l of warp slot gslot (of
 * `total` lane slots on the GPU): local words are interleaved, word i of
 * every thread side by side, so that lanes reading the same offset read
 * consecutive words. */
static inline uint64_t local_addr(uint64_t a, uint64_t total, uint64_t gslot, uint32_t l)
{
    uint64_t word = a >> 2;
    return WS_GEN_LOCAL_BASE + (((word * total) + gslot * 32 + l) << 2) + (a & 3);
}

/* The 32-byte sectors of its 128-byte line that a transaction of `size`
 * bytes (32, 64 or 128) at addr (a multiple of size) covers. */
static inline uint32_t txn_sectors(uint64_t addr, uint32_t size)
{
    return ((1u << (size / 32)) - 1) << ((addr % 128) / 32);
}

/* Compute capability 1.x (coalesce.arch 1.0-1.3): the transactions of the
 * lanes in m_gl (ws_coalesce_cc1x), those of global lanes first, then those
 * of local lanes, part by part: a local access of more than 4 bytes is made
 * of 4-byte words, each interleaved as local_addr places it.  At most 64
 * (further ones are dropped, as the Fermi path drops segments past 64); bit
 * j of *local is set when transaction j is local.  (Kept out of line: the
 * Fermi path through ws_ldst_issue should not pay for its frame.) */
static __attribute__((noinline)) uint32_t cc1x_txns(const ws_sm *sm, const ws_step *st, uint32_t m_gl,
                                                     uint32_t size, uint64_t total, uint64_t gslot,
                                                     ws_coal_txn *tx, uint64_t *local)
{
    ws_coal_arch arch = (ws_coal_arch)sm->gpu->cfg.coalesce_arch;
    uint32_t m_g = 0, m_l = 0, n = 0;
    if (st->space == WS_SP_LOCAL) {
        m_l = m_gl;
    } else if (st->space != WS_SP_NONE) {
        m_g = m_gl;
    } else {
        for (uint32_t m = m_gl; m; m &= m - 1) {
            uint32_t l = (uint32_t)__builtin_ctz(m);
            if (st->lane_space[l] == WS_SP_LOCAL) m_l |= 1u << l; else m_g |= 1u << l;
        }
    }
    *local = 0;
    if (m_g) n = ws_coalesce_cc1x(arch, m_g, st->addr, size, tx);
    if (!m_l) return n;
    uint32_t parts = size > 4 ? size / 4 : 1, psz = size > 4 ? 4 : size;
    uint64_t la[32] = { 0 };
    ws_coal_txn t[WS_COAL_MAX];
    for (uint32_t k = 0; k < parts; k++) {
        for (uint32_t m = m_l; m; m &= m - 1) {
            uint32_t l = (uint32_t)__builtin_ctz(m);
            la[l] = local_addr(st->addr[l] + (uint64_t)k * psz, total, gslot, l);
        }
        uint32_t c = ws_coalesce_cc1x(arch, m_l, la, psz, t);
        for (uint32_t i = 0; i < c && n < 64; i++) {
            *local |= 1ull << n;
            tx[n++] = t[i];
        }
    }
    return n;
}

/* Append x to v[0..*n) unless it is already there. */
static void add_distinct(uint64_t *v, uint32_t *n, uint64_t x)
{
    for (uint32_t j = 0; j < *n; j++)
        if (v[j] == x) return;
    v[(*n)++] = x;
}

/* PTX prefetch / prefetchu: one prefetch per distinct line of the active
 * lanes' global addresses; .L1 (and prefetchu) through the prefetch engine
 * (queue, filters, throttle, destination cache), .L2 variants as a request
 * that skips L1 and warms L2 (its reply is dropped). */
static void sw_prefetch(ws_sm *sm, uint32_t slotno, const ws_step *st, uint64_t now)
{
    ws_gpu *g = sm->gpu;
    ws_pfeng *e = sm->pfe;
    bool l2 = st->insn && st->insn->op == WS_OP_PREFETCH && st->insn->subop != WS_PREFETCH_L1;
    uint64_t lines[32];
    uint32_t nl = 0, lsz = e->x.line;
    for (uint32_t m = st->mem_mask; m; m &= m - 1) {
        uint32_t l = (uint32_t)__builtin_ctz(m);
        uint8_t sp = st->space != WS_SP_NONE ? st->space : st->lane_space[l];
        if (sp != WS_SP_GLOBAL) continue;
        add_distinct(lines, &nl, st->addr[l] / lsz * lsz);
    }
    const ws_ptx_func *f = sm->slots[slotno].tf ? sm->slots[slotno].tf->f : NULL;
    for (uint32_t j = 0; j < nl; j++) {
        if (!l2) {
            ws_pfeng_sw(e, lines[j], slotno, f, st->pc, now);
            continue;
        }
        uint32_t owner;
        if (ws_mreq_fifo_full(&sm->bypass) || !ws_gpu_alloc_ctr(g, lines[j], &owner)) continue;
        ws_mreq *r = ws_mreq_alloc(&g->pool);
        r->addr = lines[j] / 128 * 128;
        r->size = 128;
        r->sector_mask = 0xf;
        r->kind = WS_MREQ_PREFETCH;
        r->space = WS_SP_GLOBAL;
        r->flags = WS_MREQ_F_BYPASS_L1;
        r->sm = (uint16_t)sm->id;
        r->slot = 0xffff;
        r->load = NO_LOAD;
        r->owner = owner;
        r->pc = st->pc;
        r->t_issue = now;
        ws_mreq_fifo_push(&sm->bypass, r);
        sm->pf.sw_l2++;
    }
}

/* pc_gather / pc_scatter_set: the warp's calls make one command, sent past
 * L1 to the MFF of the channel holding C[c_index] of the first thread with
 * a non-zero size (ws_mempart_mff.c); the warp goes on (pc_wait waits for
 * its gathers) and its slot counts the command as outstanding until the
 * completion arrives, so the warp, and the launch, end only after it. */
/* The SM's records of its MFF commands, in chunks of MFF_CHUNK that never
 * move (a command packet points at its record). */
#define MFF_CHUNK WS_SM_MFF_CHUNK
static inline ws_memsys_mffcmd *mff_rec(ws_sm *sm, uint32_t k)
{
    return &sm->mff_chunk[k / MFF_CHUNK][k % MFF_CHUNK];
}

static uint32_t mff_rec_new(ws_sm *sm)
{
    if (sm->nmff_free) return sm->mff_free[--sm->nmff_free];
    if (sm->nmff_rec % MFF_CHUNK == 0) {
        uint32_t nc = sm->nmff_rec / MFF_CHUNK + 1;
        sm->mff_chunk = ws_xrealloc(sm->mff_chunk, nc * sizeof *sm->mff_chunk);
        sm->mff_chunk[nc - 1] = ws_xcalloc(MFF_CHUNK, sizeof **sm->mff_chunk);
        sm->mff_free = ws_xrealloc(sm->mff_free, nc * MFF_CHUNK * sizeof *sm->mff_free);
    }
    return sm->nmff_rec++;
}

static void mff_issue(ws_sm *sm, uint32_t slotno, const ws_step *st, uint64_t now)
{
    ws_gpu *g = sm->gpu;
    ws_slot *s = &sm->slots[slotno];
    bool gather = st->op == WS_OP_PC_GATHER;
    uint32_t k = mff_rec_new(sm);
    ws_memsys_mffcmd *x = mff_rec(sm, k);
    memset(x, 0, sizeof *x);
    x->used = true;
    x->cmd.kind = gather ? WS_MFF_GATHER : WS_MFF_SCATTER_SET;
    x->cmd.warp = sm->id * sm->nslots + slotno;
    x->cmd.mask = st->mem_mask;
    uint32_t first = UINT32_MAX;
    for (uint32_t m = st->mem_mask; m; m &= m - 1) {
        uint32_t l = (uint32_t)__builtin_ctz(m);
        x->cmd.c_index[l] = st->mff_c[l];
        x->cmd.size[l] = st->mff_n[l];
        if (gather) x->target[l] = st->addr[l];
        if (first == UINT32_MAX && st->mff_n[l]) first = l;
    }
    if (first == UINT32_MAX) first = (uint32_t)__builtin_ctz(st->mem_mask);
    x->slot = (uint16_t)slotno;
    ws_mreq *r = ws_mreq_alloc(&g->pool);
    r->kind = WS_MREQ_READ;
    r->space = WS_SP_GLOBAL;
    r->flags = WS_MREQ_F_BYPASS_L1 | WS_MREQ_F_MFF;
    r->pf_wid = WS_MFF_PKT_CMD;
    r->pf_tag = k;
    r->addr = (uint64_t)(uintptr_t)x;      /* the packet's payload */
    r->size = 5u * popc(st->mem_mask);     /* c_index (4 B) and size (1 B) a thread */
    r->chan = (uint16_t)ws_memsys_mff_route(g->mem, st->mff_c[first]);
    x->chan = r->chan;
    x->t_issue = now;
    r->sm = (uint16_t)sm->id;
    r->slot = (uint16_t)slotno;
    r->load = NO_LOAD;
    r->pc = st->pc;
    r->ptx_line = st->insn ? st->insn->line : 0;
    r->t_issue = now;
    s->outstanding++;
    s->mff_cmds++;
    if (gather) {
        s->mff_gathers++;
        sm->c.mff_gathers++;
    } else {
        sm->c.mff_scatters++;
    }
    ws_mreq_fifo_push(&sm->bypass, r);
}

/* A packet of an MFF command arrived: a word is written into the warp's
 * shared memory now; the command is complete when its completion and all
 * its words are in (ws_memsys_mff_packet), which may wake a pc_wait. */
static int mff_reply(ws_sm *sm, ws_mreq *r, uint64_t now, ws_error *err)
{
    ws_gpu *g = sm->gpu;
    uint32_t k = r->pf_tag;
    bool word = r->pf_wid == WS_MFF_PKT_WORD;
    uint64_t a = r->addr, v = r->pf_key;
    ws_mreq_free(&g->pool, r);
    if (k >= sm->nmff_rec || !mff_rec(sm, k)->used) return 0;
    ws_memsys_mffcmd *x = mff_rec(sm, k);
    uint32_t slot = x->slot;
    ws_slot *s = slot < sm->nslots ? &sm->slots[slot] : NULL;
    if (word) {
        uint32_t thread = (uint32_t)(a / 64) % WS_MFF_WARP, kk = (uint32_t)(a % 64);
        if (s && s->w && ws_warp_mff_word(s->w, x->target[thread] + 4ull * kk, (uint32_t)v) == 0)
            sm->c.mff_words_in++;
        x->words_got++;
    } else {
        x->done = true;
        x->words_expected = v;
    }
    bool gather = x->cmd.kind == WS_MFF_GATHER;
    if (!x->done || (gather && x->words_got < x->words_expected)) return 0;
    x->used = false;
    sm->mff_free[sm->nmff_free++] = k;
    if (s && s->w) return ws_sm_mff_done(sm, slot, gather, now, err);
    return 0;
}

int ws_ldst_issue(ws_sm *sm, uint32_t slotno, const ws_step *st, const ws_tinsn *ti, uint64_t now,
                  ws_error *err)
{
    (void)err;
    ws_gpu *g = sm->gpu;
    ws_slot *s = &sm->slots[slotno];
    const uint32_t *dst = &s->tf->regs[ti->regoff];
    uint32_t ndst = ti->ndst;
    bool is_load = st->mem_kind == WS_ACC_LOAD;
    bool is_atom = st->mem_kind == WS_ACC_ATOMIC;
    bool is_store = st->mem_kind == WS_ACC_STORE;
    if (st->mem_kind == WS_ACC_IRU && st->mem_mask) {
        /* load_iru: one request, past L1, to the partitions in round
         * robin (A2.1); the registers wait for the reply */
        ws_mreq *r = ws_mreq_alloc(&g->pool);
        uint32_t np = ws_memsys_nchannels(g->mem);
        r->kind = WS_MREQ_READ;
        r->space = WS_SP_GLOBAL;
        r->flags = WS_MREQ_F_BYPASS_L1 | WS_MREQ_F_IRU;
        r->sector_mask = st->mem_mask;
        r->chan = (uint16_t)(sm->iru_rr % np);
        sm->iru_rr = (sm->iru_rr + 1) % np;
        r->sm = (uint16_t)sm->id;
        r->slot = (uint16_t)slotno;
        r->pc = st->pc;
        r->ptx_line = st->insn ? st->insn->line : 0;
        r->t_issue = now;
        uint32_t load = ws_pload_new(sm, slotno, dst, ndst);
        sm->pl[load].outstanding = 1;
        sm->pl[load].iru = st->insn;
        for (uint32_t i = 0; i < ndst; i++) s->ready[dst[i]] = WS_PEND | load;
        r->load = load;
        s->outstanding++;
        sm->c.iru_insns++;
        sm->c.iru_lanes += popc(st->mem_mask);
        sm->c.acc_hist[WS_AH_IRU][1]++;
        ws_mreq_fifo_push(&sm->bypass, r);
        return 0;
    }
    if (st->mem_kind == WS_ACC_MFF && st->mem_mask) {
        mff_issue(sm, slotno, st, now);
        return 0;
    }
    if (st->mem_kind == WS_ACC_PREFETCH || st->mem_kind == WS_ACC_IRU || st->mem_kind == WS_ACC_MFF ||
        st->mem_mask == 0) {
        /* fully predicated-off accesses: no traffic; prefetch instructions
         * go to the prefetch engine (they never block the warp) */
        if (st->mem_kind == WS_ACC_PREFETCH && st->mem_mask && sm->pfe && sm->pfe->sw)
            sw_prefetch(sm, slotno, st, now);
        for (uint32_t i = 0; i < ndst; i++) s->ready[dst[i]] = now + 1;
        return 0;
    }
    ws_line_ctr *lc = ws_gpu_line_ctr(g, st->func, st->pc);
    lc->insns++;
    sm->lreq_lc = lc;

    /* split lanes by space */
    uint32_t m_sh = 0, m_const = 0, m_gl = 0;
    if (st->space != WS_SP_NONE) {         /* every lane in one space */
        uint8_t sp = st->space;
        if (sp == WS_SP_SHARED) m_sh = st->mem_mask;
        else if (sp == WS_SP_CONST || sp == WS_SP_PARAM) m_const = st->mem_mask;
        else m_gl = st->mem_mask;
    } else {
        for (uint32_t m = st->mem_mask; m; m &= m - 1) {
            uint32_t l = (uint32_t)__builtin_ctz(m);
            uint8_t sp = st->lane_space[l];
            if (sp == WS_SP_SHARED) m_sh |= 1u << l;
            else if (sp == WS_SP_CONST || sp == WS_SP_PARAM) m_const |= 1u << l;
            else m_gl |= 1u << l;
        }
    }
    uint32_t size = st->size ? st->size : 4;
    uint64_t pipe = 0;              /* cycles the shared/const pipe is busy */
    uint32_t load = NO_LOAD;
    bool wants_data = ndst > 0 && (is_load || is_atom);

    /* shared memory: the most distinct words any bank must serve */
    uint64_t sh_ready = 0;
    if (m_sh) {
        uint32_t banks = g->cfg.smem_banks, bw = g->cfg.smem_bank_bytes;
        uint64_t words[128];
        uint32_t nw = 0;
        for (uint32_t m = m_sh; m; m &= m - 1) {
            uint32_t l = (uint32_t)__builtin_ctz(m);
            uint32_t per = size > bw ? size / bw : 1;
            for (uint32_t k = 0; k < per && nw < 128; k++) {
                add_distinct(words, &nw, st->addr[l] / bw + k);
            }
        }
        uint32_t cnt[64] = { 0 }, deg = 1;
        for (uint32_t j = 0; j < nw; j++) {
            uint32_t b = (uint32_t)(words[j] % banks) & 63;
            if (++cnt[b] > deg) deg = cnt[b];
        }
        pipe += deg;
        sm->c.shared_insns++;
        sm->c.shared_cycles += deg;
        sh_ready = now + g->cfg.smem_latency + deg - 1;
    }
    /* constant / parameter space: one lookup per distinct line */
    uint32_t const_hits = 0;
    uint64_t const_ready = 0;
    ws_mreq *creq[32];
    uint32_t ncreq = 0;
    if (m_const) {
        uint64_t lines[32];
        uint32_t nl = 0, csz = 64;          /* a power of two (the cache checks its line) */
        if (sm->cmem) csz = ws_cache_config_get(sm->cmem)->line;
        if (st->space != WS_SP_NONE) {
            /* one space (a parameter or constant load: mostly one line) */
            uint64_t base = st->space == WS_SP_PARAM ? WS_GEN_PARAM_BASE : WS_GEN_CONST_BASE;
            uint64_t lmask = ~(uint64_t)(csz - 1);
            if (st->uniform) {  /* (every lane's address is the first's) */
                lines[nl++] = (base + st->addr[__builtin_ctz(m_const)]) & lmask;
            } else {
                for (uint32_t m = m_const; m; m &= m - 1) {
                    uint64_t ln = (base + st->addr[__builtin_ctz(m)]) & lmask;
                    if (!nl || lines[nl - 1] != ln) add_distinct(lines, &nl, ln);
                }
            }
        } else {
            for (uint32_t m = m_const; m; m &= m - 1) {
                uint32_t l = (uint32_t)__builtin_ctz(m);
                uint8_t sp = st->lane_space[l];
                uint64_t a = (sp == WS_SP_PARAM ? WS_GEN_PARAM_BASE : WS_GEN_CONST_BASE) + st->addr[l];
                uint64_t ln = a & ~(uint64_t)(csz - 1);
                if (!nl || lines[nl - 1] != ln)    /* lanes mostly share the last line */
                    add_distinct(lines, &nl, ln);
            }
        }
        pipe += nl;
        sm->c.const_insns++;
        for (uint32_t j = 0; j < nl; j++) {
            bool hit = sm->cmem ? ws_cache_access_ideal(sm->cmem, lines[j], false, now) : true;
            if (hit) {
                const_hits++;
            } else {
                sm->c.const_misses++;
                ws_mreq *r = ws_mreq_alloc(&g->pool);
                r->addr = lines[j];
                r->size = csz;
                r->sector_mask = 1;
                r->kind = WS_MREQ_READ;
                r->space = WS_SP_CONST;
                r->flags = WS_MREQ_F_BYPASS_L1;
                creq[ncreq++] = r;
            }
        }
        const_ready = now + g->cfg.cmem_latency + nl - 1;
    }

    if (__builtin_expect(sm->tcoal != NULL, 0) && is_load) ws_tcoal_step(sm->tcoal, slotno, s->age, st);
    /* global / local: coalesce */
    seg segs[64];
    ws_coal_txn tx[64];             /* compute capability 1.x: transactions instead of segments */
    uint64_t tx_local = 0;
    uint32_t nseg = 0;
    if (m_gl) {
        uint32_t segsz = g->cfg.coalesce_sector ? 32 : size >= 4 ? 128 : size == 2 ? 64 : 32;
        uint32_t seglog = segsz == 128 ? 7 : segsz == 64 ? 6 : 5;
        uint64_t total = (uint64_t)g->cfg.nsms * sm->nslots * 32;
        uint64_t gslot = (uint64_t)sm->id * sm->nslots + slotno;
        bool cc1x = g->cfg.coalesce_arch >= WS_COAL_CC11;
        if (cc1x) nseg = cc1x_txns(sm, st, m_gl, size, total, gslot, tx, &tx_local);
        /* every lane global (the common case): one part per lane */
        uint32_t m_fast = st->space == WS_SP_GLOBAL && !cc1x ? m_gl : 0;
        for (uint32_t m = m_fast; m; m &= m - 1) {
            uint64_t a = st->addr[__builtin_ctz(m)];
            uint64_t key = a >> seglog;
            uint32_t sec = 1u << ((a >> 5) & 3);
            uint32_t j;
            if (nseg && segs[nseg - 1].key == key) {
                j = nseg - 1;
            } else {
                for (j = 0; j < nseg; j++)
                    if (segs[j].key == key) break;
                if (j == nseg) {
                    if (nseg == 64) continue;
                    segs[nseg++] = (seg){ key, 0, 0 };
                }
            }
            segs[j].sectors |= sec;
            segs[j].bytes += size;
        }
        for (uint32_t m = cc1x ? 0 : m_gl & ~m_fast; m; m &= m - 1) {
            uint32_t l = (uint32_t)__builtin_ctz(m);
            uint8_t sp = st->space != WS_SP_NONE ? st->space : st->lane_space[l];
            uint32_t parts = 1, psz = size;
            if (sp == WS_SP_LOCAL && size > 4) { parts = size / 4; psz = 4; }
            for (uint32_t k = 0; k < parts; k++) {
                uint64_t a = st->addr[l] + (uint64_t)k * psz;
                if (sp == WS_SP_LOCAL) a = local_addr(a, total, gslot, l);
                uint64_t key = a >> seglog;
                uint32_t sec = 1u << ((a % 128) / 32);
                uint32_t j = nseg;
                if (nseg && segs[nseg - 1].key == key) j = nseg - 1;   /* mostly the last one */
                else
                    for (j = 0; j < nseg; j++)
                        if (segs[j].key == key) break;
                if (j == nseg) {
                    if (nseg == 64) continue;
                    segs[nseg++] = (seg){ key, 0, 0 };
                }
                segs[j].sectors |= sec;
                segs[j].bytes += psz;
                if (sp == WS_SP_LOCAL) segs[j].bytes |= 0x80000000u;   /* local marker */
            }
        }
        sm->lfirst = st->addr[__builtin_ctz(m_gl)];
        sm->c.mem_insns++;
        if (is_load) sm->c.ld_insns++;
        else if (is_store) sm->c.st_insns++;
        else sm->c.atom_insns++;
        uint32_t naccess = nseg;
        sm->c.mem_accesses += naccess;
        if (is_load) sm->c.ld_accesses += naccess;
        else if (is_store) sm->c.st_accesses += naccess;
        else sm->c.atom_accesses += naccess;
        sm->c.acc_hist[is_load ? WS_AH_LOAD : is_store ? WS_AH_STORE : WS_AH_ATOMIC]
                      [naccess < WS_AH_BUCKETS ? naccess : WS_AH_BUCKETS - 1]++;
        lc->accesses += naccess;
        uint32_t nlines = cc1x ? txn_lines(tx, nseg) : seglog >= 7 ? nseg : seg_lines(segs, nseg, 7 - seglog);
        sm->c.mem_lines += nlines;
        if (is_load) sm->c.ld_lines += nlines;
        sm->c.line_hist[is_load ? WS_AH_LOAD : is_store ? WS_AH_STORE : WS_AH_ATOMIC]
                       [nlines < WS_AH_BUCKETS ? nlines : WS_AH_BUCKETS - 1]++;
        /* build the requests */
        sm->nlreq = sm->ilreq = 0;
        uint32_t line = g->cfg.l1_line, line_txn = ws_txn_bucket(line);
        for (uint32_t j = 0; j < nseg; j++) {
            ws_mreq *r = ws_mreq_alloc(&g->pool);
            bool local;
            uint64_t a;
            uint32_t sectors;
            if (cc1x) {         /* the transaction as it is: its bytes travel */
                local = (tx_local >> j) & 1;
                a = tx[j].addr;
                sectors = txn_sectors(a, tx[j].size);
            } else {            /* the segment's sectors, from the start of its 128-byte line */
                local = (segs[j].bytes & 0x80000000u) != 0;
                a = segs[j].key << seglog;
                sectors = segs[j].sectors;
            }
            r->kind = is_load ? WS_MREQ_READ : is_store ? WS_MREQ_WRITE : WS_MREQ_ATOMIC;
            r->space = local ? WS_SP_LOCAL : WS_SP_GLOBAL;
            r->cacheop = st->cacheop;
            r->flags = local ? WS_MREQ_F_LOCAL : 0;
            bool bypass = !g->cfg.l1_enable || is_atom || st->cacheop == WS_CACHE_CG ||
                          st->cacheop == WS_CACHE_CV || (!local && !g->cfg.cache_global && !is_store);
            if (bypass) r->flags |= WS_MREQ_F_BYPASS_L1;
            r->sector_mask = sectors;
            if (is_load && !bypass && sm->l1d && !ws_cache_config_get(sm->l1d)->sector) {
                r->addr = a & ~(uint64_t)(line - 1);    /* L1's line: a power of two */
                r->size = line;
                r->sector_mask = (1u << (line / 32 < 32 ? line / 32 : 31)) - 1;
                if (line / 32 == 0) r->sector_mask = 1;
                sm->c.txn[line_txn]++;
            } else if (cc1x) {
                r->addr = a;
                r->size = tx[j].size;
                sm->c.txn[ws_txn_bucket(r->size)]++;
            } else {
                uint32_t ns = popc(sectors);     /* 1 to 4: WS_TXN_32 to WS_TXN_128 */
                r->addr = a / 128 * 128;
                r->size = ns * 32;
                sm->c.txn[ns - 1]++;
            }
            r->sm = (uint16_t)sm->id;
            r->slot = (uint16_t)slotno;
            r->pc = st->pc;
            r->ptx_line = st->insn ? st->insn->line : 0;
            r->t_issue = now;
            ws_mreq_at(r, WS_MST_LDST, now);
            ws_alloc_ctr *ac = local ? NULL : ws_gpu_alloc_ctr(g, a, &r->owner);
            if (ac) ac->accesses++;
            sm->lreq[sm->nlreq++] = r;
        }
    }

    /* registers */
    uint32_t parts = (m_sh ? 1 : 0) + const_hits + ncreq + (wants_data ? nseg : 0);
    bool only_fixed = wants_data && nseg == 0 && ncreq == 0;
    if (wants_data && only_fixed) {
        uint64_t t = sh_ready > const_ready ? sh_ready : const_ready;
        for (uint32_t i = 0; i < ndst; i++) s->ready[dst[i]] = t | WS_SHORT;
    } else if (wants_data && parts) {
        load = ws_pload_new(sm, slotno, dst, ndst);
        sm->pl[load].outstanding = parts;
        sm->pl[load].pc = st->pc;
        sm->pl[load].issued = now;
        for (uint32_t i = 0; i < ndst; i++) s->ready[dst[i]] = WS_PEND | load;
        if (m_sh) hev_push(sm, sh_ready, load, WS_LVL_L1);
        for (uint32_t j = 0; j < const_hits; j++) hev_push(sm, const_ready, load, WS_LVL_L1);
    } else if (ndst) {
        for (uint32_t i = 0; i < ndst; i++) s->ready[dst[i]] = now + 1;
    }
    for (uint32_t j = 0; j < ncreq; j++) {
        ws_mreq *r = creq[j];
        r->sm = (uint16_t)sm->id;
        r->slot = (uint16_t)slotno;
        r->load = load;
        r->t_issue = now;
        ws_mreq_at(r, WS_MST_L1_MISSQ, now);
        r->pc = st->pc;
        s->outstanding++;
        ws_mreq_fifo_push(&sm->bypass, r);
    }
    for (uint32_t j = 0; j < sm->nlreq; j++) {
        ws_mreq *r = sm->lreq[j];
        r->load = wants_data ? load : NO_LOAD;
        s->outstanding++;
        if (!wants_data) s->stores++;
    }
    if (pipe) sm->ldst_free = now + pipe;
    return 0;
}

/* ------------------------------------------------------------ per cycle */
/* A demand read that finds its line in the prefetch cache (present, or a
 * prefetch of it in flight): served there.  Returns false when the line is
 * not there (or its MSHR entry cannot take one more request). */
static bool pfc_access(ws_sm *sm, ws_mreq *r, uint64_t now)
{
    ws_gpu *g = sm->gpu;
    ws_pfeng *e = sm->pfe;
    if (ws_cache_probe(e->pfc, r->addr) == WS_CACHE_MISS) return false;
    ws_cache_result res = ws_cache_access(e->pfc, r, now, &g->pool);
    if (res.status == WS_CACHE_RESFAIL || res.status == WS_CACHE_MISS) return false;
    sm->lg_fail = -1;
    if (res.promote) ws_memsys_promote(g->mem, res.promote);
    sm->ilreq++;
    bool hit = res.status == WS_CACHE_HIT;
    /* as on the L1 path: only the first use of a prefetched line (or joining its fill) is a prefetch hit */
    ws_pfeng_observe(e, r, hit ? WS_PF_HIT : WS_PF_HIT_PENDING, hit ? res.first_use_of_prefetch : true, now);
    ws_pfeng_lookup(e, false, !hit);
    if (hit) {
        e->c->pfc_hits++;
        if (res.first_use_of_prefetch) ws_pfeng_used(e, res.aux, r->owner, false);
        if (r->load != NO_LOAD) hev_push(sm, now + e->pfc_latency, r->load, WS_LVL_PFC);
        sm->slots[r->slot].outstanding--;
        ws_mreq_free(&g->pool, r);
    } else {
        if (res.first_join_of_prefetch) ws_pfeng_used(e, res.aux, r->owner, true);
        r->level = WS_LVL_PFC;      /* released by the prefetch's fill */
    }
    return true;
}

/* ------------------------------------------------------------ memory request queue
 * Without an L1 (MTP's baseline, Sec. II-B) a read that would go down while
 * the SM already has a read of the same bytes in flight joins that read
 * (an intra-core merge) and is completed by its reply.  A read holds its
 * entry from the LD/ST unit until its reply, waiting for the network there
 * (in the bypass FIFO, beyond its l1d.missq bound), so reads merge while
 * they wait as well as while they are in flight.  Only reads: stores and
 * atomics neither merge nor take entries.  sm->mrq_cap is 0 with an L1
 * (its MSHRs merge) and with sm.mrq=0. */

/* Request r's sectors are all in an entry's read: r joins it.  Entries and
 * requests meet by 128-byte block (a compute capability 1.x transaction of
 * 32 or 64 bytes starts inside its block; the Fermi coalescer's start at it). */
static bool mrq_join(ws_sm *sm, ws_mreq *r, uint64_t now)
{
    uint64_t blk = r->addr / 128 * 128;
    for (uint32_t i = 0; i < sm->mrq_n; i++) {
        ws_mrq_ent *m = &sm->mrq[i];
        if (m->addr != blk || (r->sector_mask & ~m->sectors)) continue;
        ws_pfeng *e = sm->pfe;
        if (e) {
            ws_pfeng_observe(e, r, WS_PF_HIT_PENDING, false, now);
            ws_pfeng_lookup(e, false, true);
        }
        r->next = NULL;
        r->level = WS_LVL_L1_PENDING;   /* as an L1 MSHR merge: served by another request's data */
        if (m->tail) m->tail->next = r; else m->head = r;
        m->tail = r;
        sm->lg_fail = -1;
        sm->ilreq++;
        sm->c.bypass++;
        ws_alloc_ctr *ac = sm->gpu->nactr > r->owner ? &sm->gpu->actr[r->owner] : NULL;
        if (ac && r->owner) ac->bypass++;
        return true;
    }
    return false;
}

/* The read that went down for the MRQ entry r joined (traced requests). */
static const ws_mreq *mrq_lead(const ws_sm *sm, const ws_mreq *r)
{
    uint64_t blk = r->addr / 128 * 128;
    for (uint32_t i = 0; i < sm->mrq_n; i++)
        if (sm->mrq[i].addr == blk && !(r->sector_mask & ~sm->mrq[i].sectors)) return sm->mrq[i].lead;
    return NULL;
}

bool ws_ldst_mrq_covers(const ws_sm *sm, uint64_t addr, uint32_t size)
{
    if (!sm->mrq_n || !size || addr % 128 + size > 128) return false;
    uint32_t first = (uint32_t)(addr % 128) / 32, last = (uint32_t)(addr % 128 + size - 1) / 32;
    uint32_t want = ((2u << last) - 1) & ~((1u << first) - 1);
    for (uint32_t i = 0; i < sm->mrq_n; i++) {
        const ws_mrq_ent *m = &sm->mrq[i];
        if (m->addr == addr / 128 * 128 && !(want & ~m->sectors)) return true;
    }
    return false;
}

static int complete(ws_sm *sm, ws_mreq *r, uint64_t now, ws_error *err);

/* Read r, which leads an entry, is back: it and the reads that joined it
 * are complete (each with its own latency, from its own issue). */
static int mrq_release(ws_sm *sm, ws_mreq *r, uint64_t now, ws_error *err)
{
    ws_mreq *q = NULL;
    for (uint32_t i = 0; i < sm->mrq_n; i++) {
        if (sm->mrq[i].lead != r) continue;
        q = sm->mrq[i].head;
        sm->mrq[i] = sm->mrq[--sm->mrq_n];
        break;
    }
    if (complete(sm, r, now, err) < 0) return -1;
    while (q) {
        ws_mreq *nx = q->next;
        q->next = NULL;
        if (complete(sm, q, now, err) < 0) return -1;
        q = nx;
    }
    return 0;
}

static int8_t lg_cause(uint8_t why)
{
    return (int8_t)(why == WS_CFAIL_LINE_ALLOC ? WS_LG_LINE_ALLOC
                    : why == WS_CFAIL_MSHR_FULL ? WS_LG_MSHR_FULL
                    : why == WS_CFAIL_MERGE_FULL ? WS_LG_MERGE_FULL : WS_LG_MISSQ_FULL);
}

/* Request r would fail in L1 as the last access did (see ws_cache_gen). */
static inline bool l1f_match(const ws_sm *sm, const ws_mreq *r)
{
    return sm->l1f_valid && sm->l1f_gen == ws_cache_gen_now(sm->l1d) && sm->l1f_addr == r->addr &&
           sm->l1f_size == r->size && sm->l1f_kind == r->kind && sm->l1f_flags == r->flags;
}

bool ws_ldst_refailing(const ws_sm *sm)
{
    if (sm->ilreq >= sm->nlreq || !sm->l1d || (sm->pfe && sm->pfe->pfc) || sm->gpu->dbg_on)
        return false;
    const ws_mreq *r = sm->lreq[sm->ilreq];
    /* (a followed request keeps the unit awake: its retries are counted one by one) */
    return !(r->flags & WS_MREQ_F_BYPASS_L1) && !r->traced && l1f_match(sm, r);
}

void ws_ldst_sync(ws_sm *sm, uint64_t upto)
{
    if (!sm->l1f_asleep || upto <= sm->l1f_from)
        return;
    if (sm->ilreq < sm->nlreq) {
        uint64_t n = upto - sm->l1f_from;
        ws_cache_count_fails(sm->l1d, (ws_cache_fail)sm->l1f_why, n);
        sm->c.l1_resfail += n;
    }
    sm->l1f_from = upto;
}

static void l1_access(ws_sm *sm, ws_mreq *r, uint64_t now, ws_error *err)
{
    ws_gpu *g = sm->gpu;
    ws_pfeng *e = sm->pfe;
    r->t_l1 = now;
    if (e && e->pfc) {
        if (r->kind == WS_MREQ_READ) {
            if (pfc_access(sm, r, now)) return;
        } else {
            ws_cache_evict ev;
            if (ws_cache_invalidate(e->pfc, r->addr, &ev)) ws_pfeng_evicted(e, &ev, now);
        }
    }
    if (r->flags & WS_MREQ_F_BYPASS_L1 || !sm->l1d) {
        bool mrq = sm->mrq_cap && r->kind == WS_MREQ_READ;
        if (mrq && mrq_join(sm, r, now)) {
            ws_mreq_at(r, WS_MST_L1_MSHR, now);     /* (waits for the MRQ entry's reply) */
            if (r->traced) ws_rtrace_merge(r, mrq_lead(sm, r), now);
            return;
        }
        if (mrq && sm->mrq_n >= sm->mrq_cap) {
            sm->lg_fail = WS_LG_MSHR_FULL;      /* the MRQ is full: as an L1 without a free MSHR */
            if (r->traced) ws_rtrace_retry(r, WS_RTW_MRQ_FULL, now);
            return;
        }
        /* an MRQ read waits for the network in its entry (the queue holds
         * it), not in the l1d.missq-bounded queue of stores and atomics */
        if (!mrq && ws_mreq_fifo_full(&sm->bypass)) {
            sm->lg_fail = WS_LG_MISSQ_FULL;
            if (r->traced) ws_rtrace_retry(r, WS_RTW_BYPASS_FULL, now);
            return;
        }
        if (mrq) {
            sm->mrq[sm->mrq_n++] = (ws_mrq_ent){ r, NULL, NULL, r->addr / 128 * 128, r->sector_mask };
            r->flags |= WS_MREQ_F_MRQ;
            sm->lg_fail = -1;
        }
        if (e) {
            ws_pfeng_observe(e, r, WS_PF_MISS, false, now);
            ws_pfeng_lookup(e, r->kind == WS_MREQ_READ, false);
        }
        ws_mreq_fifo_push(&sm->bypass, r);
        ws_mreq_at(r, WS_MST_L1_MISSQ, now);
        sm->c.bypass++;
        sm->ilreq++;
        ws_alloc_ctr *ac = g->nactr > r->owner ? &g->actr[r->owner] : NULL;
        if (ac && r->owner) ac->bypass++;
        return;
    }
    if (l1f_match(sm, r)) {
        /* nothing changed in L1 since this request failed: it fails again */
        ws_cache_count_fails(sm->l1d, (ws_cache_fail)sm->l1f_why, 1);
        sm->c.l1_resfail++;
        sm->lg_fail = lg_cause(sm->l1f_why);
        if (r->traced) ws_rtrace_retry(r, (ws_rt_why)(WS_RTW_L1_LINE_ALLOC - WS_CFAIL_LINE_ALLOC + sm->l1f_why), now);
        return;
    }
    uint32_t vx = sm->l1v ? ws_l1v_lookup(sm, r, now) : 0;     /* victim cache: a hit swaps the line back */
    ws_cache_result res = ws_cache_access(sm->l1d, r, now, &g->pool);
    if (sm->l1v) ws_l1v_accessed(sm, &res);
    sm->l1f_valid = res.status == WS_CACHE_RESFAIL &&
                    (res.fail == WS_CFAIL_LINE_ALLOC || ws_cache_config_get(sm->l1d)->repl != WS_REPL_RANDOM);
    if (sm->l1f_valid) {
        sm->l1f_gen = ws_cache_gen_now(sm->l1d);
        sm->l1f_addr = r->addr;
        sm->l1f_size = r->size;
        sm->l1f_kind = r->kind;
        sm->l1f_flags = r->flags;
        sm->l1f_why = (uint8_t)res.fail;
    }
    if (res.status == WS_CACHE_RESFAIL) {
        sm->c.l1_resfail++;
        sm->lg_fail = lg_cause(res.fail);
        if (r->traced) ws_rtrace_retry(r, (ws_rt_why)(WS_RTW_L1_LINE_ALLOC - WS_CFAIL_LINE_ALLOC + res.fail), now);
        return;
    }
    sm->lg_fail = -1;
    if (res.promote) ws_memsys_promote(g->mem, res.promote);
    if (sm->cpol) ws_cpolg_l1_looked(sm, r, &res, now);     /* cache policy */
    if (e) {
        bool pf_line = res.first_use_of_prefetch || res.hit_prefetch_pending;
        int oc = res.status == WS_CACHE_HIT ? WS_PF_HIT : res.status == WS_CACHE_HIT_RESERVED ? WS_PF_HIT_PENDING
                                                                                          : WS_PF_MISS;
        ws_pfeng_observe(e, r, oc, pf_line, now);
        ws_pfeng_lookup(e, oc == WS_PF_MISS && r->kind == WS_MREQ_READ, oc == WS_PF_HIT_PENDING);
        if (!e->pfc) {
            if (res.evicted.valid) ws_pfeng_evicted(e, &res.evicted, now);
            if (res.first_use_of_prefetch) ws_pfeng_used(e, res.aux, r->owner, false);
            if (res.first_join_of_prefetch) ws_pfeng_used(e, res.aux, r->owner, true);
        }
    }
    sm->ilreq++;
    ws_alloc_ctr *ac = r->owner && g->nactr > r->owner ? &g->actr[r->owner] : NULL;
    ws_line_ctr *pl = sm->lreq_lc;     /* (lreq holds one instruction's requests) */
    if (r->kind == WS_MREQ_WRITE) {
        if (res.status == WS_CACHE_HIT_RESERVED) {
            /* fetch-on-write (l1d.write_alloc=fetch): a write-back write
             * joined the MSHR entry of its line; that fill applies and
             * acknowledges it */
            sm->c.l1_hit_reserved++;
            r->level = WS_LVL_L1_PENDING;
            return;
        }
        if (res.status == WS_CACHE_HIT) sm->c.l1_hits++; else sm->c.l1_misses++;
        if (res.forwarded) ws_mreq_at(r, WS_MST_L1_MISSQ, now);    /* (to the network, as a miss) */
        if (res.forwarded && res.fetch_mask) {
            /* fetch-on-write: the write leads its line's MSHR entry and its
             * reply fills L1.  A write-back write fetches the line as a read
             * (L2 does not see the write); a write-through write goes on as
             * a write and its reply brings the line back. */
            r->flags |= WS_MREQ_F_L1_MISS;
            if (ws_cache_wb(sm->l1d, r)) {
                r->kind = WS_MREQ_READ;
                r->flags |= WS_MREQ_F_WFETCH;
            }
            return;
        }
        if (!res.forwarded) {
            /* absorbed by a write-back line: acknowledged at once */
            uint32_t slot = r->slot;
            ws_mreq_free(&g->pool, r);
            ws_sm_store_acked(sm, slot, now, err);
        }
        return;
    }
    switch (res.status) {
    case WS_CACHE_HIT:
        sm->c.l1_hits++;
        if (ac) ac->l1_hits++;
        if (pl) pl->l1_hits++;
        if (r->load != NO_LOAD) hev_push(sm, now + sm->gpu->cfg.l1_latency + vx, r->load, WS_LVL_L1);
        sm->c.lat_sum[WS_LVL_L1] += sm->gpu->cfg.l1_latency + vx;   /* (not in mem.latency_sum) */
        sm->c.lat_n[WS_LVL_L1]++;
        sm->slots[r->slot].outstanding--;
        ws_mreq_free(&g->pool, r);
        break;
    case WS_CACHE_HIT_RESERVED:
        sm->c.l1_hit_reserved++;
        if (ac) ac->l1_hit_reserved++;
        if (pl) pl->l1_hit_reserved++;
        r->level = res.hit_prefetch_pending ? WS_LVL_PFC : WS_LVL_L1_PENDING;
        ws_mreq_at(r, WS_MST_L1_MSHR, now);
        if (r->traced) ws_rtrace_merge(r, ws_cache_mshr_lead(sm->l1d, r->addr), now);
        break;
    default:
        ws_mreq_at(r, WS_MST_L1_MISSQ, now);
        sm->c.l1_misses++;
        if (ac) ac->l1_misses++;
        if (pl) pl->l1_misses++;
        r->flags |= WS_MREQ_F_L1_MISS;
        break;
    }
}

void ws_ldst_cycle(ws_sm *sm, uint64_t now)
{
    ws_gpu *g = sm->gpu;
    ws_error err;
    if (sm->l1f_asleep) {
        ws_ldst_sync(sm, now);
        sm->l1f_asleep = false;
        g->nasleep--;
    }
    if (sm->cpol) ws_cpol_tick(sm->cpol, now);
    bool port_free = sm->ilreq >= sm->nlreq;
    if (!port_free) {
        l1_access(sm, sm->lreq[sm->ilreq], now, &err);
        if (sm->ilreq == sm->nlreq) {
            sm->ilreq = sm->nlreq = 0;
            ws_sm_wake_ldst_waiters(sm, now + 1);
        }
    }
    /* prefetches use the cache port when no demand request does */
    ws_pfeng *e = sm->pfe;
    if (e) ws_pfeng_cycle(e, now, port_free);
    /* one request per cycle into the network: L1 misses first, then the
     * prefetch cache's, then bypass.  With l1d.latency_queue the L1's
     * misses first wait out the L1 latency in l1out. */
    ws_mreq *r = NULL;
    int from = 0;
    if (sm->l1d && g->cfg.l1_delay) {
        while (sm->l1out.n < sm->l1out.cap && ws_cache_missq_n(sm->l1d))
            ws_mreq_fifo_push(&sm->l1out, ws_cache_missq_pop(sm->l1d));
        if (sm->l1out.head && ws_l1out_ready(sm->l1out.head, g->cfg.l1_delay) <= now) {
            r = sm->l1out.head;
            from = 3;
        }
    } else if (sm->l1d && (r = ws_cache_missq_first(sm->l1d))) {
        from = 1;
    }
    if (!r && e && e->pfc && (r = ws_cache_missq_first(e->pfc))) from = 2;
    if (!r) r = sm->bypass.head;
    if (r) {
        if (r->kind == WS_MREQ_WRITEBACK) r->flags |= WS_MREQ_F_NO_REPLY;
        if (ws_memsys_push(g->mem, sm->id, r, now)) {
            if (from == 1) ws_cache_missq_pop(sm->l1d);
            else if (from == 3) ws_mreq_fifo_pop(&sm->l1out);
            else if (from == 2) ws_cache_missq_pop(e->pfc);
            else ws_mreq_fifo_pop(&sm->bypass);
            if (!r->t_icnt) r->t_icnt = now;
            g->last_progress = now;
        } else if (r->traced) {
            ws_rtrace_retry(r, WS_RTW_ICNT_FULL, now);
        }
    }
}

/* A request finished: its data (or acknowledgement) is at the SM. */
/* A load_iru's lanes got their elements: keep what they received for the
 * inspectors (ws_gpu_iru_lanes_get: the warp view, Lua's w:info()). */
static __attribute__((cold)) void iru_record(ws_sm *sm, uint32_t slot, const ws_warp *w, const ws_mreq *r,
                                             const ws_iru_reply *x, uint64_t now)
{
    if (!sm->iru_last)
        sm->iru_last = ws_xcalloc(sm->nslots, sizeof *sm->iru_last);
    ws_gpu_iru_lanes *d = &sm->iru_last[slot];
    d->warp = w;
    d->t_request = x->t_request;
    d->t_reply = x->t_reply;
    d->t_done = now ? now : 1;
    d->line = r->ptx_line;
    d->mask = x->mask;
    d->valid = x->valid;
    d->blocks = x->lines;
    d->why = x->timeout ? WS_IRU_WHY_TIMEOUT : x->flush ? WS_IRU_WHY_FLUSH : WS_IRU_WHY_FULL;
    memcpy(d->idx, x->idx, sizeof d->idx);
}

static int complete(ws_sm *sm, ws_mreq *r, uint64_t now, ws_error *err)
{
    ws_gpu *g = sm->gpu;
    uint32_t slot = r->slot;
    uint8_t level = r->level ? r->level : WS_LVL_L2;
    sm->c.lat_sum[level] += now - r->t_issue;
    sm->c.lat_n[level]++;
    if (r->t_part && r->kind != WS_MREQ_WRITE && !(r->kind == WS_MREQ_ATOMIC && r->load == NO_LOAD)) {
        sm->c.part_lat_sum += now - r->t_part;  /* GPGPU-Sim's definition: from the partition on */
        sm->c.part_lat_n++;
    }
    if (r->kind == WS_MREQ_WRITE || (r->kind == WS_MREQ_ATOMIC && r->load == NO_LOAD)) {
        ws_mreq_free(&g->pool, r);
        return slot < sm->nslots ? ws_sm_store_acked(sm, slot, now, err) : 0;
    }
    uint32_t load = r->load;
    if (g->wwatch) ws_gpu_wait_note(g, r, now);
    ws_mreq_free(&g->pool, r);
    if (slot < sm->nslots && sm->slots[slot].w && sm->slots[slot].outstanding)
        sm->slots[slot].outstanding--;
    if (load != NO_LOAD) pload_part(sm, load, level, now);
    if (slot < sm->nslots) return ws_sm_slot_check_done(sm, slot, now, err);
    return 0;
}

/* Whether reply r can let the asleep LD/ST unit's head request into L1.
 * Only an L1 fill changes L1 while the unit sleeps (no pfc, the port is
 * held).  A request that found every line of its set reserved waits for a
 * fill to its set (a reserved line is never a victim, and its line has no
 * MSHR entry), one whose line's MSHR entry was full for that line's fill;
 * a full MSHR table (or any other failure) for any fill. */
static bool may_admit(const ws_sm *sm, const ws_mreq *r)
{
    if (r->kind == WS_MREQ_WRITEBACK || !(r->flags & WS_MREQ_F_L1_MISS))
        return false;
    if (sm->l1f_why != WS_CFAIL_LINE_ALLOC && sm->l1f_why != WS_CFAIL_MERGE_FULL)
        return true;
    return ws_cache_set_of(sm->l1d, r->addr) == ws_cache_set_of(sm->l1d, sm->l1f_addr);
}

int ws_ldst_reply(ws_sm *sm, ws_mreq *r, uint64_t now, ws_error *err)
{
    ws_gpu *g = sm->gpu;
    sm->c.replies++;
    g->last_progress = now;
    if (sm->l1f_asleep && *sm->wake > now && may_admit(sm, r))
        *sm->wake = now;         /* a fill may let the LD/ST unit's request in */
    r->t_reply = now;
    if (r->flags & WS_MREQ_F_INST) {
        ws_ifetch_reply(sm, r, now);
        return 0;
    }
    if (r->kind == WS_MREQ_WRITEBACK) {
        ws_mreq_free(&g->pool, r);
        return 0;
    }
    if (r->flags & WS_MREQ_F_MFF) return mff_reply(sm, r, now, err);
    if (r->flags & WS_MREQ_F_IRU) {
        /* load_iru: the lanes get their elements when the last packet of
         * the reply arrives (ws_warp_iru_result); an earlier one is done */
        if (!ws_memsys_iru_last_packet(g->mem, r)) {
            ws_mreq_free(&g->pool, r);
            return 0;
        }
        const ws_iru_reply *x = ws_memsys_iru_reply(g->mem, r);
        ws_slot *s = r->slot < sm->nslots ? &sm->slots[r->slot] : NULL;
        if (x && s && s->w && r->load != NO_LOAD && r->load < sm->npl) {
            ws_warp_iru_result(s->w, sm->pl[r->load].iru, x->mask, x->valid, x->idx, x->sec, x->pos);
            iru_record(sm, r->slot, s->w, r, x, now);
        }
        ws_memsys_iru_release(g->mem, r);
        return complete(sm, r, now, err);
    }
    ws_pfeng *e = sm->pfe;
    ws_cache *fc = (r->flags & WS_MREQ_F_PFC) && e && e->pfc ? e->pfc
                   : (r->flags & WS_MREQ_F_L1_MISS) ? sm->l1d : NULL;
    if (fc) {
        ws_cache_evict ev;
        ev.valid = false;
        if (r->flags & WS_MREQ_F_WFETCH) {     /* the fetch of a write: a write again */
            r->kind = WS_MREQ_WRITE;
            r->flags &= ~(uint32_t)WS_MREQ_F_WFETCH;
        }
        uint8_t level = r->level;
        ws_mreq *q = ws_cache_fill(fc, r, now, &ev);
        if (sm->cpol && fc == sm->l1d) ws_cpolg_l1_filled(sm, r, &ev, now);    /* cache policy */
        if (sm->l1v && fc == sm->l1d) ws_l1v_evicted(sm, &ev);                  /* victim cache */
        if (e && ev.valid && fc == (e->pfc ? e->pfc : sm->l1d)) ws_pfeng_evicted(e, &ev, now);
        while (q) {
            ws_mreq *nx = q->next;
            q->next = NULL;
            if (q != r && q->level == WS_LVL_NONE) q->level = level;
            if (q->kind == WS_MREQ_PREFETCH) {
                if (e) ws_pfeng_fill(e, q, q == r, now);
                else ws_mreq_free(&g->pool, q);
            } else if (complete(sm, q, now, err) < 0) {
                return -1;
            }
            q = nx;
        }
        return 0;
    }
    if (r->kind == WS_MREQ_PREFETCH) {     /* a prefetch to L2 (PTX prefetch.global.L2) */
        ws_mreq_free(&g->pool, r);
        return 0;
    }
    if (r->flags & WS_MREQ_F_MRQ) return mrq_release(sm, r, now, err);
    return complete(sm, r, now, err);
}
