/* ws_pf_mthwp.c: the many-thread aware hardware prefetcher (MT-HWP) of Lee
 * et al., MICRO 2010, Sec. IV-B and Table VI.  Three small LRU tables:
 *
 * - PWS (per-warp stride), keyed by PC and warp slot: a stride prefetcher
 *   trained separately for every warp, so interleaved warps do not scramble
 *   each other's strides (Sec. IV-B1, Fig. 5);
 * - GS (global stride), keyed by PC: a stride that pf.mthwp.promote trained
 *   PWS entries of one PC agree on is promoted here, and from then on every
 *   warp (trained or not) prefetches with it without touching PWS;
 * - IP (inter-thread prefetching), keyed by PC: a stride across warps (per
 *   grid warp number), trained once pf.mthwp.ip_train accesses from different
 *   warps agree; an access of warp w then prefetches for warp w + distance.
 *
 * GS and IP are looked up in parallel and GS wins when both hit; PWS is only
 * looked up when neither hits (Sec. IV-B3).  A hit prefetches
 * addr + (distance .. distance + degree - 1) * stride (x->distance and
 * x->degree, read at every use; the paper uses distance 1, degree 1).
 *
 * [choice] Per coalesced request: only request 0 of a warp instruction
 *   trains (PWS, IP and promotion), and it trains on a->insn_addr, the first
 *   active lane's address, which stays the same lane from one iteration or
 *   warp to the next.  Every request of the instruction (coalesced or not)
 *   then looks the tables up and prefetches its own address + stride, so an
 *   uncoalesced instruction prefetches all the lines it touched, shifted.
 * [choice] Training updates the tables before the lookup of the same access,
 *   so the access that confirms a stride already prefetches with it: a PWS
 *   entry prefetches from its warp's third access (second equal stride); the
 *   access that promotes a PC prefetches through GS.
 * [choice] Loads only train and trigger (stores and atomics are ignored);
 *   hits and misses alike (MTP has no L1: every access reaches the tables).
 * [choice] A zero stride never trains (it would prefetch the line being
 *   read), and neither does a stride outside the 20-bit signed field of
 *   Table VI (the hardware could not hold it).  Addresses are kept whole
 *   (Table VI's 32-bit address fields are only shown as widths).
 * [choice] Promotion counts trained PWS entries of the PC with the same
 *   stride; on promotion every PWS entry of that PC is freed (they are not
 *   accessed while GS holds the PC; the paper says promotion saves PWS
 *   space).  A promotion of a PC already in GS replaces its stride.
 * [choice] PWS is keyed by the hardware warp slot (a->wid, Table VI's 8-bit
 *   wid); IP normalises its stride by the grid warp number (a->gwid):
 *   stride = (a - a_prev) / (gwid - gwid_prev), exact division required,
 *   since warps reach a PC out of order.  An IP access by the same warp as
 *   the previous one is ignored (no inter-warp information).
 * [choice] Tables are cleared at every launch (PCs are instruction indices
 *   of the launched function, so old entries would alias).
 * [choice] Prefetch tag = the table that generated it (1 PWS, 2 GS, 3 IP);
 *   wid = the triggering warp's slot (an IP target warp may not be on the SM). */
#include <stdlib.h>
#include <string.h>

#include "arch/ws_opts.h"
#include "pf/ws_pf_all.h"
#include "util/ws_util.h"

#define MT_STRIDE_BITS 20        /* MTP Table VI: stride fields of 20 bits */
#define MT_RUN_MAX 255u          /* IP agreement run saturates here */

enum { MT_TAG_PWS = 1, MT_TAG_GS = 2, MT_TAG_IP = 3 };

typedef struct pws_ent {
    uint64_t stamp, last;
    int64_t stride;
    uint32_t pc, wid;
    uint8_t valid, train;
} pws_ent;

typedef struct gs_ent {
    uint64_t stamp;
    int64_t stride;
    uint32_t pc;
    uint8_t valid;
} gs_ent;

typedef struct ip_ent {
    uint64_t stamp;
    uint64_t addr[2];            /* [1]: most recent */
    int64_t stride;
    uint32_t pc, wid[2];         /* grid warp numbers */
    uint32_t run;                /* accesses in a row agreeing on stride */
    uint8_t valid, train, npairs;
} ip_ent;

typedef struct mthwp_counters {
    uint64_t accesses;           /* load requests observed */
    uint64_t lk_pws, lk_gs, lk_ip;
    uint64_t hit_pws, hit_gs, hit_ip;
    uint64_t pf_pws, pf_gs, pf_ip;
    uint64_t promotions;
    uint64_t ev_pws, ev_gs, ev_ip;
} mthwp_counters;

typedef struct mthwp {
    ws_pf base;
    pws_ent *pws;
    gs_ent *gs;
    ip_ent *ip;
    uint32_t npws, ngs, nip, promote, ip_train;
    uint64_t clock;              /* LRU stamps */
    mthwp_counters c;
} mthwp;

static bool stride_fits(int64_t s)
{
    const int64_t lim = (int64_t)1 << (MT_STRIDE_BITS - 1);
    return s >= -lim && s < lim;
}

static ws_pf *mt_create(ws_pf_ctx *x, const ws_opts *o, ws_error *err)
{
    (void)err;
    mthwp *m = ws_xcalloc(1, sizeof *m);
    m->base.ops = &ws_pf_mthwp;
    m->base.x = x;
    m->npws = (uint32_t)ws_opts_uint(o, "pf.mthwp.pws");
    m->ngs = (uint32_t)ws_opts_uint(o, "pf.mthwp.gs");
    m->nip = (uint32_t)ws_opts_uint(o, "pf.mthwp.ip");
    m->promote = (uint32_t)ws_opts_uint(o, "pf.mthwp.promote");
    m->ip_train = (uint32_t)ws_opts_uint(o, "pf.mthwp.ip_train");
    m->pws = ws_xcalloc(m->npws ? m->npws : 1, sizeof *m->pws);
    m->gs = ws_xcalloc(m->ngs ? m->ngs : 1, sizeof *m->gs);
    m->ip = ws_xcalloc(m->nip ? m->nip : 1, sizeof *m->ip);
    /* Geometry: MTP Table VI: PWS entries of 93 bits (PC 32, wid 8, train
     * 1, last address 32, stride 20), GS of 52 (PC 32, stride 20), IP of 133
     * (PC 32, stride 20, train 1, 2 x wid 8, 2 x address 32); with the
     * paper's 32 / 8 / 8 entries (pf.mthwp.pws / gs / ip) 557 bytes.  The
     * entry width is the PWS's, the largest table. */
    m->base.tab_bytes = ws_pf_table_bytes(m->npws, 93) + ws_pf_table_bytes(m->ngs, 52)
                        + ws_pf_table_bytes(m->nip, 133);
    uint64_t bp = (uint64_t)m->npws * 93, bg = (uint64_t)m->ngs * 52, bi = (uint64_t)m->nip * 133;
    m->base.tab_entry_bits = bp >= bg && bp >= bi ? 93 : bg >= bi ? 52 : 133;
    return &m->base;
}

/* ------------------------------------------------------------ PWS */

/* Table reads and writes (ws_pf_ctx.tab_reads / tab_writes): each find is
 * one read of its (fully associative) table; each entry allocated, trained
 * or invalidated one write; LRU stamps are not counted. */
static pws_ent *pws_find(mthwp *m, uint32_t pc, uint32_t wid)
{
    if (m->npws) m->base.x->tab_reads++;
    for (uint32_t i = 0; i < m->npws; i++)
        if (m->pws[i].valid && m->pws[i].pc == pc && m->pws[i].wid == wid) return &m->pws[i];
    return NULL;
}

/* Train the (pc, wid) entry on address a; returns it (NULL when just made). */
static pws_ent *pws_train(mthwp *m, uint32_t pc, uint32_t wid, uint64_t a)
{
    pws_ent *e = pws_find(m, pc, wid);
    if (m->npws) m->base.x->tab_writes++;      /* (allocated or trained) */
    if (!e) {
        e = &m->pws[0];
        for (uint32_t i = 0; i < m->npws; i++) {
            pws_ent *c = &m->pws[i];
            if (!c->valid) { e = c; break; }
            if (c->stamp < e->stamp) e = c;
        }
        if (e->valid) m->c.ev_pws++;
        *e = (pws_ent){ .stamp = ++m->clock, .last = a, .pc = pc, .wid = wid, .valid = 1 };
        return NULL;
    }
    int64_t s = (int64_t)(a - e->last);
    if (!stride_fits(s)) s = 0;
    e->train = s != 0 && s == e->stride;
    e->stride = s;
    e->last = a;
    e->stamp = ++m->clock;
    return e;
}

/* ------------------------------------------------------------ GS */

static gs_ent *gs_find(mthwp *m, uint32_t pc)
{
    if (m->ngs) m->base.x->tab_reads++;
    for (uint32_t i = 0; i < m->ngs; i++)
        if (m->gs[i].valid && m->gs[i].pc == pc) return &m->gs[i];
    return NULL;
}

static void gs_insert(mthwp *m, uint32_t pc, int64_t stride)
{
    gs_ent *e = gs_find(m, pc);
    m->base.x->tab_writes++;        /* (ngs > 0 here) */
    if (!e) {
        e = &m->gs[0];
        for (uint32_t i = 0; i < m->ngs; i++) {
            gs_ent *c = &m->gs[i];
            if (!c->valid) { e = c; break; }
            if (c->stamp < e->stamp) e = c;
        }
        if (e->valid) m->c.ev_gs++;
    }
    *e = (gs_ent){ .stamp = ++m->clock, .stride = stride, .pc = pc, .valid = 1 };
}

/* A PWS entry just trained with stride s: promote (pc, s) when enough
 * trained entries of the PC agree. */
static void maybe_promote(mthwp *m, uint32_t pc, int64_t s)
{
    if (!m->ngs) return;
    uint32_t n = 0;
    m->base.x->tab_reads++;         /* (a search of PWS by PC and stride) */
    for (uint32_t i = 0; i < m->npws; i++) {
        const pws_ent *e = &m->pws[i];
        n += e->valid && e->train && e->pc == pc && e->stride == s;
    }
    if (n < m->promote) return;
    gs_insert(m, pc, s);
    m->c.promotions++;
    for (uint32_t i = 0; i < m->npws; i++)
        if (m->pws[i].pc == pc) {
            m->base.x->tab_writes += m->pws[i].valid;
            m->pws[i].valid = 0;
        }
}

/* ------------------------------------------------------------ IP */

static ip_ent *ip_find(mthwp *m, uint32_t pc)
{
    if (m->nip) m->base.x->tab_reads++;
    for (uint32_t i = 0; i < m->nip; i++)
        if (m->ip[i].valid && m->ip[i].pc == pc) return &m->ip[i];
    return NULL;
}

static void ip_train(mthwp *m, uint32_t pc, uint32_t w, uint64_t a)
{
    if (!m->nip) return;
    ip_ent *e = ip_find(m, pc);
    if (!e) {
        e = &m->ip[0];
        for (uint32_t i = 0; i < m->nip; i++) {
            ip_ent *c = &m->ip[i];
            if (!c->valid) { e = c; break; }
            if (c->stamp < e->stamp) e = c;
        }
        if (e->valid) m->c.ev_ip++;
        m->base.x->tab_writes++;
        *e = (ip_ent){ .stamp = ++m->clock, .pc = pc, .valid = 1, .npairs = 1, .run = 1 };
        e->wid[1] = w;
        e->addr[1] = a;
        return;
    }
    e->stamp = ++m->clock;
    if (w == e->wid[1]) return;
    m->base.x->tab_writes++;
    int64_t dw = (int64_t)w - (int64_t)e->wid[1];
    int64_t da = (int64_t)(a - e->addr[1]);
    bool exact = da != INT64_MIN && da % dw == 0;
    int64_t s = exact ? da / dw : 0;
    if (!exact || s == 0 || !stride_fits(s)) {
        e->run = 1;
        e->stride = 0;
    } else if (e->run >= 2 && s == e->stride) {
        if (e->run < MT_RUN_MAX) e->run++;
    } else {
        e->run = 2;
        e->stride = s;
    }
    e->train = e->run >= m->ip_train;
    e->wid[0] = e->wid[1];
    e->addr[0] = e->addr[1];
    e->wid[1] = w;
    e->addr[1] = a;
    if (e->npairs < 2) e->npairs++;
}

/* ------------------------------------------------------------ access */

static void emit(mthwp *m, const ws_pf_access *a, int64_t stride, uint32_t tag, uint64_t *count)
{
    ws_pf_ctx *x = m->base.x;
    for (uint32_t k = 0; k < x->degree; k++) {
        int64_t off = (int64_t)(x->distance + k) * stride;
        ws_pf_issue(x, a->addr + (uint64_t)off, a->wid, tag, 0);
        (*count)++;
    }
}

static void mt_observe(ws_pf *p, const ws_pf_access *a)
{
    mthwp *m = (mthwp *)p;
    if (a->kind != WS_PF_LOAD) return;
    m->c.accesses++;
    /* GS and IP are indexed in parallel by PC. */
    gs_ent *g = gs_find(m, a->pc);
    if (m->ngs) m->c.lk_gs++;
    if (m->nip) m->c.lk_ip++;
    bool pws_done = false;
    if (a->req == 0) {
        ip_train(m, a->pc, a->gwid, a->insn_addr);
        if (!g) {
            /* PWS is accessed (trained) only when GS misses. */
            m->c.lk_pws++;
            pws_done = true;
            pws_ent *e = pws_train(m, a->pc, a->wid, a->insn_addr);
            if (e && e->train) {
                maybe_promote(m, a->pc, e->stride);
                g = gs_find(m, a->pc);
            }
        }
    }
    if (g) {
        g->stamp = ++m->clock;
        m->c.hit_gs++;
        emit(m, a, g->stride, MT_TAG_GS, &m->c.pf_gs);
        return;
    }
    ip_ent *ip = ip_find(m, a->pc);
    if (ip) ip->stamp = ++m->clock;
    if (ip && ip->train) {
        m->c.hit_ip++;
        emit(m, a, ip->stride, MT_TAG_IP, &m->c.pf_ip);
        return;
    }
    /* Neither hit: PWS (in the next cycle, Sec. IV-B3). */
    if (!pws_done) m->c.lk_pws++;
    pws_ent *e = pws_find(m, a->pc, a->wid);
    if (e && e->train) {
        e->stamp = ++m->clock;
        m->c.hit_pws++;
        emit(m, a, e->stride, MT_TAG_PWS, &m->c.pf_pws);
    }
}

static void mt_launch(ws_pf *p)
{
    mthwp *m = (mthwp *)p;
    memset(m->pws, 0, (m->npws ? m->npws : 1) * sizeof *m->pws);
    memset(m->gs, 0, (m->ngs ? m->ngs : 1) * sizeof *m->gs);
    memset(m->ip, 0, (m->nip ? m->nip : 1) * sizeof *m->ip);
}

/* ------------------------------------------------------------ inspection */

static void mt_inspect(const ws_pf *p, ws_pf_insp *in)
{
    const mthwp *m = (const mthwp *)p;
    const mthwp_counters *c = &m->c;
    ws_pf_insp_int(in, "accesses", (int64_t)c->accesses);
    ws_pf_insp_int(in, "lookups_pws", (int64_t)c->lk_pws);
    ws_pf_insp_int(in, "lookups_gs", (int64_t)c->lk_gs);
    ws_pf_insp_int(in, "lookups_ip", (int64_t)c->lk_ip);
    ws_pf_insp_int(in, "hits_pws", (int64_t)c->hit_pws);
    ws_pf_insp_int(in, "hits_gs", (int64_t)c->hit_gs);
    ws_pf_insp_int(in, "hits_ip", (int64_t)c->hit_ip);
    ws_pf_insp_int(in, "prefetches_pws", (int64_t)c->pf_pws);
    ws_pf_insp_int(in, "prefetches_gs", (int64_t)c->pf_gs);
    ws_pf_insp_int(in, "prefetches_ip", (int64_t)c->pf_ip);
    ws_pf_insp_int(in, "promotions", (int64_t)c->promotions);
    ws_pf_insp_int(in, "evictions_pws", (int64_t)c->ev_pws);
    ws_pf_insp_int(in, "evictions_gs", (int64_t)c->ev_gs);
    ws_pf_insp_int(in, "evictions_ip", (int64_t)c->ev_ip);
    ws_pf_insp_int(in, "degree", p->x->degree);
    ws_pf_insp_int(in, "distance", p->x->distance);

    /* MTP Table VI field widths. */
    static const char *const pws_cols[] = { "pc", "wid", "train", "last", "stride" };
    static const uint8_t pws_bits[] = { 32, 8, 1, 32, MT_STRIDE_BITS };
    ws_pf_insp_table_begin(in, "pws", 5, pws_cols, pws_bits);
    for (uint32_t i = 0; i < m->npws; i++) {
        const pws_ent *e = &m->pws[i];
        if (!e->valid) continue;
        ws_pf_insp_row(in, (const int64_t[]){ e->pc, e->wid, e->train, (int64_t)e->last, e->stride });
    }
    static const char *const gs_cols[] = { "pc", "stride" };
    static const uint8_t gs_bits[] = { 32, MT_STRIDE_BITS };
    ws_pf_insp_table_begin(in, "gs", 2, gs_cols, gs_bits);
    for (uint32_t i = 0; i < m->ngs; i++) {
        const gs_ent *e = &m->gs[i];
        if (e->valid) ws_pf_insp_row(in, (const int64_t[]){ e->pc, e->stride });
    }
    /* wid0/addr0: the older pair (-1 when only one access was seen); run is
     * not a Table VI field (the agreement count the train bit stands for). */
    static const char *const ip_cols[] = { "pc", "stride", "train", "wid0", "wid1", "addr0", "addr1", "run" };
    static const uint8_t ip_bits[] = { 32, MT_STRIDE_BITS, 1, 8, 8, 32, 32, 0 };
    ws_pf_insp_table_begin(in, "ip", 8, ip_cols, ip_bits);
    for (uint32_t i = 0; i < m->nip; i++) {
        const ip_ent *e = &m->ip[i];
        if (!e->valid) continue;
        bool old = e->npairs >= 2;
        ws_pf_insp_row(in, (const int64_t[]){ e->pc, e->stride, e->train, old ? (int64_t)e->wid[0] : -1,
                                              e->wid[1], old ? (int64_t)e->addr[0] : -1, (int64_t)e->addr[1],
                                              e->run });
    }
}

static void mt_destroy(ws_pf *p)
{
    mthwp *m = (mthwp *)p;
    if (!m) return;
    free(m->pws);
    free(m->gs);
    free(m->ip);
    free(m);
}

const ws_pf_ops ws_pf_mthwp = {
    .name = "mthwp",
    .help = "many-thread aware prefetcher: per-warp stride, promoted global stride, inter-warp IP (Lee et al., MICRO 2010)",
    .create = mt_create,
    .observe = mt_observe,
    .launch = mt_launch,
    .inspect = mt_inspect,
    .destroy = mt_destroy,
};
