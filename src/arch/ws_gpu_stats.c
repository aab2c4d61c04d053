/* ws_gpu_stats.c: the timing model's counters in the statistics registry,
 * the batch-mode tables, and the configuration as JSON.
 *
 * SM counters are registered where they live (one instance per SM).  Caches,
 * DRAM channels and the interconnect keep their own counter structs; their
 * values are mirrored into arrays of the GPU (ws_gpu_stats_sync) before
 * anything reads the registry, so every counter has one instance per
 * component at a fixed stride. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_cpol_glue.h"
#include "arch/ws_gpu_int.h"
#include "util/ws_util.h"

static const char *const stall_names[WS_STALL_COUNT] = {
    "selected", "not_selected", "long_scoreboard", "short_scoreboard", "wait", "barrier", "membar",
    "branch_resolving", "no_instruction", "lg_throttle", "mio_throttle", "math_pipe_throttle",
    "drain", "mff_wait", "idle",
};
static const char *const lsb_names[WS_LSB_COUNT] = { "l1", "l1_pending", "l2", "dram", "prefetch" };
static const char *const lg_names[WS_LG_COUNT] = { "line_alloc", "mshr_full", "merge_full", "missq_full",
                                                   "icnt_full" };

const char *ws_stall_name(ws_stall s) { return (unsigned)s < WS_STALL_COUNT ? stall_names[s] : "?"; }
const char *ws_lsb_name(ws_lsb_where w) { return (unsigned)w < WS_LSB_COUNT ? lsb_names[w] : "?"; }
const char *ws_lg_name(ws_lg_cause c) { return (unsigned)c < WS_LG_COUNT ? lg_names[c] : "?"; }

#define SMC(field) (&g->sms[0].cv.field), g->cfg.nsms, sizeof(ws_sm)
#define REG(name, desc, field) ws_stats_counter(s, name, desc, "sm", SMC(field))

static double d_ipc(ws_stats_getter get, void *c, int i)
{
    double cyc = get(c, "cycles", -1);
    return cyc > 0 ? get(c, "warp_insns", i) / cyc : 0;
}
static double d_thread_ipc(ws_stats_getter get, void *c, int i)
{
    double cyc = get(c, "cycles", -1);
    return cyc > 0 ? get(c, "thread_insns", i) / cyc : 0;
}
static double ratio(double a, double b) { return b > 0 ? a / b : 0; }
static double d_l1_hit_rate(ws_stats_getter get, void *c, int i)
{
    double h = get(c, "l1d.hits", i), m = get(c, "l1d.misses", i), r = get(c, "l1d.hit_reserved", i);
    return ratio(h, h + m + r);
}
static double d_l1_miss_rate(ws_stats_getter get, void *c, int i)
{
    double h = get(c, "l1d.hits", i), m = get(c, "l1d.misses", i), r = get(c, "l1d.hit_reserved", i);
    return ratio(m, h + m + r);
}
static double d_l2_hit_rate(ws_stats_getter get, void *c, int i)
{
    return ratio(get(c, "l2.hits", i), get(c, "l2.accesses", i));
}
static double d_acc_per_insn(ws_stats_getter get, void *c, int i)
{
    return ratio(get(c, "mem.accesses", i), get(c, "mem.insns", i));
}
static double d_lines_per_insn(ws_stats_getter get, void *c, int i)
{
    return ratio(get(c, "mem.lines", i), get(c, "mem.insns", i));
}
static double d_ld_lines(ws_stats_getter get, void *c, int i)
{
    return ratio(get(c, "mem.load_lines", i), get(c, "mem.loads", i));
}
/* Data-bus busy time over the elapsed DRAM clocks of every channel (the
 * channels' own cycle counters stop while they are idle). */
static double d_dram_util(ws_stats_getter get, void *c, int i)
{
    double clocks = get(c, "dram.elapsed", -1);
    if (i >= 0) clocks /= get(c, "mem.channels", -1);
    return ratio(get(c, "dram.data_busy", i), clocks);
}
static double d_row_hit(ws_stats_getter get, void *c, int i)
{
    double h = get(c, "dram.row_hits", i), m = get(c, "dram.row_misses", i);
    return ratio(h, h + m);
}
static double d_avg_lat(ws_stats_getter get, void *c, int i)
{
    return ratio(get(c, "mem.latency_sum", i), get(c, "mem.latency_n", i));
}
static double d_part_lat(ws_stats_getter get, void *c, int i)
{
    return ratio(get(c, "mem.part_latency_sum", i), get(c, "mem.part_latency_n", i));
}
static double d_l2s_miss(ws_stats_getter get, void *c, int i)
{
    return ratio(get(c, "l2.sectors.misses", i), get(c, "l2.sectors.accesses", i));
}
#define LATFN(lvl, key)                                                                     \
    static double d_lat_##lvl(ws_stats_getter get, void *c, int i)                          \
    {                                                                                       \
        return ratio(get(c, "mem.latency_sum." key, i), get(c, "mem.latency_n." key, i)); \
    }
LATFN(l1, "l1")
LATFN(l1p, "l1_pending")
LATFN(l2, "l2")
LATFN(dram, "dram")
/* MTAML (many-thread-aware prefetching paper, equations 1-4): the largest
 * average memory latency the warps can hide, (comp / mem) x (warps - 1). */
static double d_warps(ws_stats_getter get, void *c, int i)
{
    double smc = i < 0 ? get(c, "sm_cycles", -1) : get(c, "cycles", -1);
    double slots = get(c, "warp_slot_cycles", i) - get(c, "stall.idle", i);
    return ratio(slots, smc);
}
static double d_mtaml(ws_stats_getter get, void *c, int i)
{
    double mem = get(c, "mem.insns", i), comp = get(c, "warp_insns", i) - mem;
    double w = d_warps(get, c, i);
    return mem > 0 && w > 1 ? comp / mem * (w - 1) : 0;
}
/* P(pref_hit) of eqs. 3-4: the share of demand requests served by
 * prefetched data: prefetch-cache hits plus demands that joined a prefetch
 * in flight (mem.latency_n.pfc, either destination).  With pf.dest=l1 there
 * is no prefetch cache (pf.pfc_hits 0) and the L1 hits that are a prefetched
 * line's first use (pf.useful) count instead; with a prefetch cache every
 * useful prefetch is one of its hits (pfc_hits >= useful), so the larger of
 * the two is the right one in both cases. */
static double d_pref_hit(ws_stats_getter get, void *c, int i)
{
    double hits = get(c, "pf.pfc_hits", i), used = get(c, "pf.useful", i);
    double p = ratio((hits > used ? hits : used) + get(c, "mem.latency_n.pfc", -1), get(c, "mem.accesses", i));
    return isnan(p) ? 0 : p;
}
static double d_mtaml_cycles(ws_stats_getter get, void *c, int i)
{
    double n = get(c, "warp_insns", i);
    return n > 0 ? d_mtaml(get, c, i) * get(c, "warp_insn_cycles", i) / n : 0;
}
static double d_mtaml_pref(ws_stats_getter get, void *c, int i)
{
    double mem = get(c, "mem.insns", i), comp = get(c, "warp_insns", i) - mem;
    double p = d_pref_hit(get, c, i);
    double cn = comp + p * mem, mn = (1 - p) * mem, w = d_warps(get, c, i);
    return mn > 0 && w > 1 ? cn / mn * (w - 1) : 0;
}

typedef struct mirror_cache {
    uint64_t accesses, hits, hit_reserved, misses, resfail, resfail_line, resfail_mshr, resfail_merge,
        resfail_missq, merges, fills, evictions, writebacks, sector_misses;
} mirror_cache;

static void mirror(mirror_cache *m, const ws_cache_stats *cs)
{
    memset(m, 0, sizeof *m);
    for (int k = 0; k < 5; k++) {
        m->accesses += cs->accesses[k];
        m->hits += cs->hits[k];
        m->hit_reserved += cs->hit_reserved[k];
        m->misses += cs->misses[k];
    }
    m->resfail_line = cs->resfail[WS_CFAIL_LINE_ALLOC];
    m->resfail_mshr = cs->resfail[WS_CFAIL_MSHR_FULL];
    m->resfail_merge = cs->resfail[WS_CFAIL_MERGE_FULL];
    m->resfail_missq = cs->resfail[WS_CFAIL_MISSQ_FULL];
    m->resfail = m->resfail_line + m->resfail_mshr + m->resfail_merge + m->resfail_missq;
    m->merges = cs->mshr_merges;
    m->fills = cs->fills;
    m->evictions = cs->evictions;
    m->writebacks = cs->writebacks;
    m->sector_misses = cs->sector_misses;
}

/* The prefetch policy's table events and geometry of one SM (from its
 * engine's ws_pf_ctx and ws_pf; 0 without a policy). */
typedef struct mirror_pftab {
    uint64_t reads, writes, bytes, entry_bits;
} mirror_pftab;

struct ws_gpu_mirror {
    uint64_t cycles, nsms, skipped, kernels, nchan, core_mhz, dram_mhz, sm_cycles, dram_elapsed;
    uint64_t insn_cycles;           /* warp_insns x 32/sm.simd (MTAML in cycles) */
    uint64_t *slot_cycles;          /* per SM: warp slots x cycles */
    mirror_cache *l1, *l2, *l1i;
    mirror_pftab *pft;
    ws_memsys_sectors *l2s;
    ws_dram_stats *dram;
    ws_iru_stats *iru;              /* per channel (NULL: no IRU) */
    ws_mff_stats *mff;              /* per MFF unit (NULL: no MFF) */
    ws_memsys_mff_ext *mffx;
    uint64_t iru_moved;
    ws_stats_table *acc_hist;       /* warp memory instructions by requests, per kind */
    ws_stats_table *line_hist;      /* the same by distinct 128-byte blocks */
    ws_stats_table *iru_lat;        /* IRU replies by latency bucket, per channel */
    uint64_t lat_sum[WS_LVL_COUNT], lat_n[WS_LVL_COUNT], lat_sum_all, lat_n_all;
    ws_stats_table *by_alloc, *by_line;
    ws_stats_table *cu_files, *line_cu;     /* CUDA positions of by_line's rows (from .loc) */
    uint64_t ncu_ids;
};


void ws_gpu_stats_sync(ws_gpu *g)
{
    ws_gpu_mirror *m = g->mir;
    /* between launches the counters are complete (mid-launch, ws_gpu_run
     * and the time series bring cv up to date before this) */
    if (!g->grid)
        for (uint32_t i = 0; i < g->cfg.nsms; i++) g->sms[i].cv = g->sms[i].c;
    m->cycles = g->cycles_total + (g->grid ? g->now - g->launch_start : 0);
    m->nsms = g->cfg.nsms;
    m->nchan = ws_memsys_nchannels(g->mem);
    m->sm_cycles = m->cycles * m->nsms;
    m->dram_elapsed = m->core_mhz ? m->cycles * m->dram_mhz / m->core_mhz * m->nchan : 0;
    m->skipped = g->skipped;
    m->kernels = g->kernels;
    m->insn_cycles = 0;
    for (uint32_t i = 0; i < g->cfg.nsms; i++) m->insn_cycles += g->sms[i].cv.issued * g->cfg.simd_mult;
    for (uint32_t i = 0; i < g->cfg.nsms; i++) {
        m->slot_cycles[i] = m->cycles * g->cfg.slots;
        if (g->sms[i].l1d) mirror(&m->l1[i], ws_cache_stats_get(g->sms[i].l1d));
        if (g->sms[i].l1i) mirror(&m->l1i[i], ws_cache_stats_get(g->sms[i].l1i));
        const ws_pfeng *e = g->sms[i].pfe;
        mirror_pftab *t = &m->pft[i];
        memset(t, 0, sizeof *t);
        if (e) {
            t->reads = e->x.tab_reads;
            t->writes = e->x.tab_writes;
            if (e->pf) {
                t->bytes = e->pf->tab_bytes;
                t->entry_bits = e->pf->tab_entry_bits;
            }
        }
    }
    for (uint32_t i = 0; i < ws_memsys_nslices(g->mem); i++) {
        ws_cache *c = ws_memsys_l2(g->mem, i);
        if (c) mirror(&m->l2[i], ws_cache_stats_get(c));
        m->l2s[i] = *ws_memsys_sector_stats(g->mem, i);
    }
    for (uint32_t i = 0; i < ws_memsys_nchannels(g->mem); i++)
        m->dram[i] = *ws_dram_stats_get(ws_memsys_dram(g->mem, i));
    for (uint32_t i = 0; m->iru && i < ws_memsys_iru_units(g->mem); i++)
        m->iru[i] = *ws_iru_stats_get(ws_memsys_iru_unit(g->mem, i));
    m->iru_moved = ws_memsys_iru_moved(g->mem);
    for (uint32_t i = 0; m->mff && i < ws_memsys_mff_units(g->mem); i++) {
        m->mff[i] = *ws_mff_stats_get(ws_memsys_mff_unit(g->mem, i));
        m->mffx[i] = *ws_memsys_mff_ext_get(g->mem, i);
    }
    static const char *const ah_rows[WS_AH_COUNT] = { "load", "store", "atomic", "load_iru" };
    for (uint32_t k = 0; k < WS_AH_COUNT; k++) {
        uint64_t *row = ws_stats_table_row_ord(m->acc_hist, ah_rows[k], k);
        for (uint32_t b = 1; b < WS_AH_BUCKETS; b++) {
            uint64_t v = 0;
            for (uint32_t i = 0; i < g->cfg.nsms; i++) v += g->sms[i].cv.acc_hist[k][b];
            row[b - 1] = v;
        }
    }
    for (uint32_t k = 0; k < WS_AH_IRU; k++) {
        uint64_t *row = ws_stats_table_row_ord(m->line_hist, ah_rows[k], k);
        for (uint32_t b = 1; b < WS_AH_BUCKETS; b++) {
            uint64_t v = 0;
            for (uint32_t i = 0; i < g->cfg.nsms; i++) v += g->sms[i].cv.line_hist[k][b];
            row[b - 1] = v;
        }
    }
    for (uint32_t i = 0; m->iru && i < ws_memsys_iru_units(g->mem); i++) {
        char key[32];
        snprintf(key, sizeof key, "chan%u", i);
        uint64_t *row = ws_stats_table_row_ord(m->iru_lat, key, i);
        memcpy(row, m->iru[i].leave_hist, sizeof m->iru[i].leave_hist);
    }
    /* per allocation and per PTX line (absolute values) */
    for (size_t i = 0; i < g->nactr; i++) {
        const ws_alloc_ctr *a = &g->actr[i];
        if (!a->name[0]) continue;
        char key[96];
        snprintf(key, sizeof key, "%s#%zu", a->name, i);
        uint64_t *row = ws_stats_table_row_ord(m->by_alloc, key, i);     /* allocation order */
        row[0] = a->accesses; row[1] = a->l1_hits; row[2] = a->l1_hit_reserved; row[3] = a->l1_misses;
        row[4] = a->bypass;
        row[5] = a->pf_issued; row[6] = a->pf_useful; row[7] = a->pf_late; row[8] = a->pf_early;
        row[9] = a->pf_useless;
    }
    for (size_t i = 0; i < g->ntl; i++) {
        const ws_ptx_func *f = g->tl[i].f;
        for (uint32_t pc = 0; pc < f->ninsns; pc++) {
            const ws_line_ctr *c = &g->tl[i].c[pc];
            if (!c->insns && !c->accesses && !c->pf_issued) continue;
            char key[160];
            snprintf(key, sizeof key, "%s:%u", f->name, f->insns[pc].line);
            uint64_t *row = ws_stats_table_row_ord(m->by_line, key, (uint64_t)i << 32 | pc);   /* code order */
            row[0] = c->insns; row[1] = c->accesses; row[2] = c->l1_hits; row[3] = c->l1_hit_reserved;
            row[4] = c->l1_misses;
            row[5] = c->pf_issued; row[6] = c->pf_useful; row[7] = c->pf_late; row[8] = c->pf_early;
            row[9] = c->pf_useless;
            const ws_ptx_insn *in = &f->insns[pc];
            const ws_tline *tl = &g->tl[i];
            if (in->src_line && in->src_file < tl->ncu && tl->cu[in->src_file]) {
                uint64_t *fr = ws_stats_table_row_ord(m->cu_files, tl->cu[in->src_file], m->ncu_ids + 1);
                if (!fr[0]) fr[0] = ++m->ncu_ids;
                uint64_t *lr = ws_stats_table_row_ord(m->line_cu, key, (uint64_t)i << 32 | pc);
                lr[0] = fr[0];
                lr[1] = in->src_line;
            }
        }
    }
    memset(m->lat_sum, 0, sizeof m->lat_sum);
    memset(m->lat_n, 0, sizeof m->lat_n);
    m->lat_sum_all = m->lat_n_all = 0;
    for (uint32_t i = 0; i < g->cfg.nsms; i++)
        for (int l = 0; l < WS_LVL_COUNT; l++) {
            m->lat_sum[l] += g->sms[i].c.lat_sum[l];
            m->lat_n[l] += g->sms[i].c.lat_n[l];
            if (l == WS_LVL_L1) continue;   /* the average is over requests that left the L1 */
            m->lat_sum_all += g->sms[i].c.lat_sum[l];
            m->lat_n_all += g->sms[i].c.lat_n[l];
        }
}


static double d_pf_accuracy(ws_stats_getter get, void *c, int i)
{
    return ratio(get(c, "pf.useful", i) + get(c, "pf.late", i), get(c, "pf.issued", i));
}
static double d_pf_coverage(ws_stats_getter get, void *c, int i)
{
    double u = get(c, "pf.useful", i) + get(c, "pf.late", i);
    return ratio(u, u + get(c, "pf.demand_misses", i));
}
static double d_pf_lateness(ws_stats_getter get, void *c, int i)
{
    double u = get(c, "pf.useful", i), l = get(c, "pf.late", i);
    return ratio(l, u + l);
}
static double d_pf_early_rate(ws_stats_getter get, void *c, int i)
{
    return ratio(get(c, "pf.early", i), get(c, "pf.useful", i));
}
static double d_pf_merge_ratio(ws_stats_getter get, void *c, int i)
{
    return ratio(get(c, "pf.merges", i), get(c, "pf.requests", i));
}

/* Prefetch engine counters (per SM, see ws_pfeng.h for their exact meaning). */
static void register_pf(ws_gpu *g, ws_stats *s)
{
    uint32_t n = g->cfg.nsms;
#define PF(name, desc, f) ws_stats_counter(s, "pf." name, desc, "sm", &g->sms[0].pf.f, n, sizeof(ws_sm))
    PF("generated", "prefetches generated (hardware policy and PTX prefetch)", generated);
    PF("queued", "prefetches that entered the prefetch queue", queued);
    PF("issued", "prefetches looked up in the destination cache", issued);
    PF("sw", "prefetches generated by PTX prefetch instructions", sw);
    PF("sw_l2", "PTX prefetch.global.L2 requests sent to L2", sw_l2);
    static const char *const dn[WS_PF_STATUS_COUNT] = { NULL, "full", "dup", "pending", "cached", "throttled",
                                                        "range" };
    static const char *const dd[WS_PF_STATUS_COUNT] = {
        NULL, "dropped: the prefetch queue was full", "dropped: the line was already queued",
        "dropped: the line was already being fetched", "dropped: the line was already cached",
        "dropped by the throttle", "dropped: not a device address" };
    char name[64];
    for (int i = 1; i < WS_PF_STATUS_COUNT; i++) {
        snprintf(name, sizeof name, "pf.dropped.%s", dn[i]);
        ws_stats_counter(s, name, dd[i], "sm", &g->sms[0].pf.dropped[i], n, sizeof(ws_sm));
    }
    PF("fills", "prefetched lines filled (data arrived)", fills);
    PF("useful", "first demand hits on prefetched lines", useful);
    PF("late", "prefetches a demand joined while in flight (late, intra-core merge)", late);
    PF("early", "prefetched lines evicted before any demand use (early eviction)", early);
    PF("useless", "issued prefetches whose line was present or already being fetched", useless);
    PF("resfail", "prefetch lookups retried for lack of cache resources", resfail);
    PF("flushed", "queued prefetches discarded at the end of a launch", flushed);
    PF("pfc_hits", "demand hits in the prefetch cache", pfc_hits);
    PF("merges", "requests that joined an in-flight MSHR entry of L1 or the prefetch cache, or (no L1) an MRQ entry",
       merges);
    PF("requests", "requests looked up in L1 or the prefetch cache (demand and prefetch)", requests);
    PF("demand_misses", "demand reads that missed in L1 and the prefetch cache", demand_misses);
    PF("transitions", "policy and throttle state changes", transitions);
#undef PF
    ws_gpu_mirror *m = g->mir;
#define PT(name, desc, f) ws_stats_counter(s, "pf.table." name, desc, "sm", &m->pft[0].f, n, sizeof *m->pft)
    PT("reads", "reads of the prefetch policy's own tables (src/pf/ws_pf.h, ws_pf_ctx.tab_reads: one per table "
       "lookup or entry read, e.g. a set probe, a GHB walk step, a DSAP ART classification); 0 for nextline "
       "(no table), Lua-defined prefetchers (not counted) and throttles (no tables counted)", reads);
    PT("writes", "writes of the prefetch policy's own tables (one per entry allocated or updated; LRU state and "
       "launch clears not counted); 0 for nextline, Lua-defined prefetchers and throttles", writes);
    PT("bytes", "declared storage of the prefetch policy's tables in bytes (ws_pf.tab_bytes, a constant; each "
       "policy cites its geometry); 0 for nextline and Lua-defined prefetchers", bytes);
    PT("entry_bits", "width in bits of an entry of the policy's largest table (ws_pf.tab_entry_bits, a "
       "constant); 0 for nextline and Lua-defined prefetchers", entry_bits);
#undef PT
    ws_stats_derived(s, "pf.accuracy", "(useful + late) / issued prefetches", "sm", n, d_pf_accuracy);
    ws_stats_derived(s, "pf.coverage", "(useful + late) / (useful + late + demand misses)", "sm", n,
                     d_pf_coverage);
    ws_stats_derived(s, "pf.lateness", "late / (useful + late)", "sm", n, d_pf_lateness);
    ws_stats_derived(s, "pf.early_rate", "early evictions / useful prefetches (MTP eq. 5)", "sm", n,
                     d_pf_early_rate);
    ws_stats_derived(s, "pf.merge_ratio", "intra-core merges / requests (MTP eq. 6)", "sm", n, d_pf_merge_ratio);
}

static double d_iru_latency(ws_stats_getter get, void *c, int i)
{
    return ratio(get(c, "iru.leave_sum", i), get(c, "iru.leave_n", i));
}

static double d_iru_occ(ws_stats_getter get, void *c, int i)
{
    return ratio(get(c, "iru.hash_occ_sum", i), get(c, "cycles", -1));
}

static double d_mff_lat(ws_stats_getter get, void *c, int i)
{
    return ratio(get(c, "mff.lat_sum", i), get(c, "mff.completions", i));
}
static double d_mff_reg(ws_stats_getter get, void *c, int i)
{
    return ratio(get(c, "mff.reg_occ_sum", i), get(c, "mff.cycles", i));
}
static double d_mff_tag(ws_stats_getter get, void *c, int i)
{
    return ratio(get(c, "mff.tag_occ_sum", i), get(c, "mff.cycles", i));
}
static double d_mff_ld(ws_stats_getter get, void *c, int i)
{
    return ratio(get(c, "mff.ld_occ_sum", i), get(c, "mff.cycles", i));
}

static double d_ld_acc(ws_stats_getter get, void *c, int i)
{
    return ratio(get(c, "mem.load_accesses", i), get(c, "mem.loads", i));
}

static double d_st_acc(ws_stats_getter get, void *c, int i)
{
    return ratio(get(c, "mem.store_accesses", i), get(c, "mem.stores", i));
}

static double d_atom_acc(ws_stats_getter get, void *c, int i)
{
    return ratio(get(c, "mem.atomic_accesses", i), get(c, "mem.atomics", i));
}

static double d_shared_conflicts(ws_stats_getter get, void *c, int i)
{
    return get(c, "shared.cycles", i) - get(c, "shared.insns", i);
}

/* Per-SM event counts for an energy model (count x energy per event): warp
 * instructions and active lanes per energy class (ws_tinsn.c, energy_class,
 * says which PTX instruction goes where), register-file operand accesses. */
/* The IRU's counters (iru.enable = true only), per partition (channel). */
static void register_iru(ws_gpu *g, ws_stats *s)
{
    ws_gpu_mirror *m = g->mir;
    uint32_t nu = ws_memsys_iru_units(g->mem);
    if (!nu) return;
    m->iru = ws_xcalloc(nu, sizeof *m->iru);
#define IR(f, d) ws_stats_counter(s, "iru." #f, d, "chan", &m->iru[0].f, nu, sizeof *m->iru)
    IR(elems_in, "elements the IRU's prefetcher delivered");
    IR(filtered, "elements dropped by the filter (drop)");
    IR(merged, "elements combined into another (min, add)");
    IR(elems_out, "elements replied to load_iru requests");
    IR(requests, "load_iru requests the partition accepted (after balancing)");
    IR(replies, "replies to load_iru requests");
    IR(reply_packets, "reply packets (1, or 2 with a secondary array)");
    IR(disabled_warps, "replies with every lane disabled (filtered slots grouped into warps)");
    IR(timeouts, "replies made after iru.timeout");
    IR(flush_replies, "replies made at the end of the stream");
    IR(hash_inserts, "elements inserted into the reordering hash");
    IR(hash_conflicts, "insertions into an entry holding another block");
    IR(hash_stalls, "bank cycles waiting for a full entry");
    IR(hash_occ_sum, "elements in the hash at the end of each cycle, summed");
    IR(hash_reads, "hash entry reads (filter compares, replies)");
    IR(hash_writes, "hash slot writes");
    IR(ring_flits, "elements sent to a neighbouring partition on the ring (the next; with iru.ring bi, either)");
    IR(ring_flits_back, "of them, elements sent to the previous partition (iru.ring bi)");
    IR(ring_in, "elements received from a neighbouring partition");
    IR(pf_lines, "lines the index prefetcher requested");
    IR(pf_remote, "of them, lines of another partition");
    IR(pf_bytes, "bytes the index prefetcher requested");
    IR(lat_sum, "load_iru request to reply cycles at the partition, summed over replies");
    IR(hash_peak, "most elements the partition's hash held at once (the total: the sum of the partitions' peaks)");
    IR(leave_n, "replies that left the partition into the reply network");
    IR(leave_sum, "request arrival at the partition to its reply leaving it, cycles summed over those replies");
    IR(merge_hops, "element-hops of the end-of-stream merge across partitions (also in ring_flits)");
    IR(remote_hops, "32-bit words of secondary lines read in another partition's slice x ring hops to the asking unit");
#undef IR
    ws_stats_derived(s, "iru.reply_latency", "mean cycles from a load_iru request's arrival at its partition to "
                     "its reply leaving (iru.leave_sum / iru.leave_n)", "chan", nu, d_iru_latency);
    ws_stats_derived(s, "iru.hash_occ_mean", "mean elements in the partition's hash per cycle "
                     "(iru.hash_occ_sum / cycles)", "chan", nu, d_iru_occ);
    static const char *const lcols[WS_IRU_LAT_BUCKETS] = {
        "0", "1", "2-3", "4-7", "8-15", "16-31", "32-63", "64-127", "128-255", "256-511", "512-1023",
        "1024-2047", "2048-4095", "4096-8191", "8192-16383", "16384-32767", "32768-65535", "65536+" };
    m->iru_lat = ws_stats_table_new(s, "iru.reply_latency",
                                    "load_iru replies per partition (chanN) by cycles from the request's arrival "
                                    "at the partition to the reply leaving it", lcols, WS_IRU_LAT_BUCKETS);
    ws_stats_counter(s, "iru.moved", "load_iru requests moved to another partition by the balancing rule", "",
                     &m->iru_moved, 1, 0);
    REG("iru.insns", "load_iru warp instructions", iru_insns);
    REG("iru.lanes", "lanes of load_iru warp instructions", iru_lanes);
}

/* The MFF's counters (mff.enable = true only), per unit ("unit": one per
 * channel, or one with mff.central). */
static void register_mff(ws_gpu *g, ws_stats *s)
{
    ws_gpu_mirror *m = g->mir;
    uint32_t nu = ws_memsys_mff_units(g->mem);
    if (!nu) return;
    m->mff = ws_xcalloc(nu, sizeof *m->mff);
    m->mffx = ws_xcalloc(nu, sizeof *m->mffx);
#define MF(f, d) ws_stats_counter(s, "mff." #f, d, "unit", &m->mff[0].f, nu, sizeof *m->mff)
#define MX(f, d) ws_stats_counter(s, "mff." #f, d, "unit", &m->mffx[0].f, nu, sizeof *m->mffx)
    MF(commands, "commands (PC_gather, PC_scatter_set) the unit accepted");
    MF(cmd_refused, "command offers refused because the warp's Issue Engine was full (retried)");
    MF(words, "words replied by PC_gather commands");
    MF(bitsets, "bits set by PC_scatter_set commands");
    MF(completions, "commands completed");
    MF(lookups, "Tag Unit lookups");
    MF(coalesced, "lookups that hit an entry and joined its waiters (temporal coalescing)");
    ws_stats_counter(s, "mff.lines_c", "lines of C read", "unit", &m->mff[0].lines_read[WS_MFF_LINE_C], nu,
                     sizeof *m->mff);
    ws_stats_counter(s, "mff.lines_v", "lines of V read", "unit", &m->mff[0].lines_read[WS_MFF_LINE_V], nu,
                     sizeof *m->mff);
    ws_stats_counter(s, "mff.lines_bv", "lines of the active-vertex bit vector read", "unit",
                     &m->mff[0].lines_read[WS_MFF_LINE_BV], nu, sizeof *m->mff);
    MF(lines_written, "bit-vector lines written back (whole-line stores)");
    MF(bitsets_merged, "bit-sets into a line that had already taken one");
    MF(reg_stalls, "cycles the Work Register allocator waited for free registers");
    MF(tag_stalls, "cycles a Tag Unit miss waited for a free entry");
    MF(fill_refused, "lines offered while Line Data was full (offered again)");
    MF(cycles, "cycles the unit stepped (it steps every cycle while busy)");
    MF(reg_occ_sum, "Work Registers in use at the end of each stepped cycle, summed");
    MF(tag_occ_sum, "Tag Unit entries in use at the end of each stepped cycle, summed");
    MF(ld_occ_sum, "Line Data entries in use at the end of each stepped cycle, summed");
    MF(reg_peak, "most Work Registers in use at once (the total: the sum of the units' peaks)");
    MF(tag_peak, "most Tag Unit entries in use at once (the total: the sum of the units' peaks)");
    MF(ld_peak, "most Line Data entries in use at once (the total: the sum of the units' peaks)");
    MF(lat_sum, "command accepted to completion, cycles summed over completions");
    MF(lat_max, "longest command, accepted to completion, cycles (the total: the sum of the units' maxima)");
    MX(remote_lines, "lines read or written in another channel's L2 slice (one unit per partition)");
    MX(reply_packets, "reply packets to the SMs (a word: 8-byte header + 4 bytes; a completion: the header)");
    MX(done_packets, "of them, completion packets");
    MX(cmd_errors, "commands the unit refused (answered as empty; the functional engine checks first)");
#undef MF
#undef MX
    ws_stats_derived(s, "mff.cmd_latency", "mean cycles from a command's acceptance to its completion "
                     "(mff.lat_sum / mff.completions)", "unit", nu, d_mff_lat);
    ws_stats_derived(s, "mff.reg_occ_mean", "mean Work Registers in use per stepped cycle", "unit", nu, d_mff_reg);
    ws_stats_derived(s, "mff.tag_occ_mean", "mean Tag Unit entries in use per stepped cycle", "unit", nu, d_mff_tag);
    ws_stats_derived(s, "mff.ld_occ_mean", "mean Line Data entries in use per stepped cycle", "unit", nu, d_mff_ld);
    REG("mff.gathers", "pc_gather warp instructions (one command each)", mff_gathers);
    REG("mff.scatters", "pc_scatter_set warp instructions (one command each)", mff_scatters);
    REG("mff.words_in", "reply words written into shared memory at the SMs", mff_words_in);
}

static void register_energy(ws_gpu *g, ws_stats *s)
{
    static const char *const cn[WS_EC_COUNT] = { "int", "fp32", "fp64", "sfu", "branch", "ldst" };
    static const char *const cd[WS_EC_COUNT] = {
        "integer ALU (add/sub/mul/mad/div/rem/min/max, logic, shifts, bit operations, setp/set/selp/mov/cvt "
        "of integer types, cvta, isspacep, shfl, match)",
        "single and half precision floating point (latency classes FP_*: f32/f16/bf16 arithmetic, fma, "
        "div, setp, mov, selp; cvt with a float on either side and no f64)",
        "double precision (latency classes DP_*: f64 arithmetic, fma, div, rcp, sqrt, setp, mov; cvt with "
        "f64 on either side)",
        "special function unit (latency class SFU: rcp/sqrt/rsqrt of f32, ex2, lg2, sin, cos, tanh)",
        "control unit (bra, call, ret, exit, bar, bar.warp.sync, membar, fence, trap, brkpt, nanosleep, "
        "vote, activemask)",
        "LD/ST unit (ld, ldu, st of every state space, atom, red, prefetch, prefetchu)",
    };
    uint32_t n = g->cfg.nsms;
    char name[64], desc[320];
    for (int i = 0; i < WS_EC_COUNT; i++) {
        snprintf(name, sizeof name, "insn.%s", cn[i]);
        snprintf(desc, sizeof desc, "warp instructions issued, class %s: %s (the insn.* add up to warp_insns)",
                 cn[i], cd[i]);
        ws_stats_counter(s, name, desc, "sm", &g->sms[0].cv.insn_cls[i], n, sizeof(ws_sm));
    }
    for (int i = 0; i < WS_EC_COUNT; i++) {
        snprintf(name, sizeof name, "lanes.%s", cn[i]);
        snprintf(desc, sizeof desc, "active lanes of the insn.%s warp instructions (the lanes.* add up to "
                 "thread_insns)", cn[i]);
        ws_stats_counter(s, name, desc, "sm", &g->sms[0].cv.lanes_cls[i], n, sizeof(ws_sm));
    }
    REG("rf.reads", "register-file reads: general-purpose register source operands of issued warp instructions, "
        "one per operand (a vector {a,b,c,d} counts 4, an address [r+off] its register; predicates, special "
        "registers and immediates none)", rf_reads);
    REG("rf.writes", "register-file writes: general-purpose register destination operands of issued warp "
        "instructions, counted as rf.reads (a predicate destination is not one)", rf_writes);
}

void ws_gpu_stats_register(ws_gpu *g)
{
    ws_stats *s = g->stats;
    uint32_t n = g->cfg.nsms;
    ws_gpu_mirror *m = ws_xmalloc(sizeof *m);
    memset(m, 0, sizeof *m);
    m->slot_cycles = ws_xmalloc(n * sizeof *m->slot_cycles);
    m->l1 = ws_xmalloc(n * sizeof *m->l1);
    uint32_t ns = ws_memsys_nslices(g->mem), nch = ws_memsys_nchannels(g->mem);
    m->l2 = ws_xmalloc((ns ? ns : 1) * sizeof *m->l2);
    m->dram = ws_xmalloc((nch ? nch : 1) * sizeof *m->dram);
    memset(m->slot_cycles, 0, n * sizeof *m->slot_cycles);
    memset(m->l1, 0, n * sizeof *m->l1);
    m->l1i = ws_xcalloc(n, sizeof *m->l1i);
    m->pft = ws_xcalloc(n, sizeof *m->pft);
    m->l2s = ws_xcalloc(ns ? ns : 1, sizeof *m->l2s);
    memset(m->l2, 0, (ns ? ns : 1) * sizeof *m->l2);
    memset(m->dram, 0, (nch ? nch : 1) * sizeof *m->dram);
    g->mir = m;
    static const char *const acols[] = { "accesses", "l1d.hits", "l1d.hit_reserved", "l1d.misses", "bypass",
                                         "pf.issued", "pf.useful", "pf.late", "pf.early", "pf.useless" };
    m->by_alloc = ws_stats_table_new(s, "by_allocation",
                                     "global memory requests and L1D outcomes per device allocation (name#id)",
                                     acols, 10);
    static const char *const lcols[] = { "warp_insns", "accesses", "l1d.hits", "l1d.hit_reserved", "l1d.misses",
                                         "pf.issued", "pf.useful", "pf.late", "pf.early", "pf.useless" };
    m->by_line = ws_stats_table_new(s, "by_ptx_line",
                                    "memory instructions per PTX line (function:line): requests and L1D outcomes",
                                    lcols, 10);
    static const char *const fcols[] = { "id" };
    m->cu_files = ws_stats_table_new(s, "cuda_files", "CUDA source files named by the .loc of by_ptx_line's "
                                     "rows: base name, id (ptx_line_cuda's file)", fcols, 1);
    static const char *const ccols[] = { "file", "line" };
    m->line_cu = ws_stats_table_new(s, "ptx_line_cuda", "the CUDA position of each by_ptx_line row with a .loc: "
                                    "file (cuda_files' id) and line", ccols, 2);
    ws_stats_counter(s, "cycles", "core cycles spent in kernels", "", &m->cycles, 1, 0);
    ws_stats_gauge(s, "sm.count", "SMs", &m->nsms);
    ws_stats_gauge(s, "mem.channels", "DRAM channels", &m->nchan);
    m->core_mhz = ws_opts_uint(g->opts, "clock.core");
    m->dram_mhz = ws_opts_uint(g->opts, "clock.dram");
    ws_stats_gauge(s, "clock.core_mhz", "core clock (MHz)", &m->core_mhz);
    ws_stats_gauge(s, "clock.dram_mhz", "DRAM command clock (MHz)", &m->dram_mhz);
    ws_stats_counter(s, "sm_cycles", "cycles x SMs", "", &m->sm_cycles, 1, 0);
    ws_stats_counter(s, "dram.elapsed", "DRAM command clocks elapsed x channels", "", &m->dram_elapsed, 1, 0);
    ws_stats_counter(s, "cycles_skipped", "idle cycles skipped (accounted in bulk)", "", &m->skipped, 1, 0);
    ws_stats_counter(s, "kernels", "kernel launches completed", "", &m->kernels, 1, 0);
    REG("warp_insns", "warp instructions issued", issued);
    REG("thread_insns", "thread instructions (active lanes of issued warp instructions)", thread_insns);
    register_energy(g, s);
    ws_stats_derived(s, "ipc", "warp instructions per cycle (whole GPU)", "", 1, d_ipc);
    ws_stats_derived(s, "thread_ipc", "thread instructions per cycle", "", 1, d_thread_ipc);
    ws_stats_counter(s, "warp_slot_cycles", "warp slots x cycles (the stall counters add up to it)", "sm",
                     m->slot_cycles, n, sizeof *m->slot_cycles);
    char name[64], desc[128];
    for (int i = 0; i < WS_STALL_COUNT; i++) {
        snprintf(name, sizeof name, "stall.%s", stall_names[i]);
        snprintf(desc, sizeof desc, "warp-cycles in state %s (Nsight Compute name)", stall_names[i]);
        ws_stats_counter(s, name, desc, "sm", &g->sms[0].cv.stall[i], n, sizeof(ws_sm));
    }
    for (int i = 0; i < WS_LSB_COUNT; i++) {
        snprintf(name, sizeof name, "stall.long_scoreboard.%s", lsb_names[i]);
        snprintf(desc, sizeof desc, "long_scoreboard warp-cycles whose data came from %s", lsb_names[i]);
        ws_stats_counter(s, name, desc, "sm", &g->sms[0].cv.lsb[i], n, sizeof(ws_sm));
    }
    REG("stall.no_instruction.icache", "no_instruction warp-cycles waiting for an L1 instruction cache miss",
        ni_icache);
    for (int i = 0; i < WS_LG_COUNT; i++) {
        snprintf(name, sizeof name, "stall.lg_throttle.%s", lg_names[i]);
        snprintf(desc, sizeof desc, "lg_throttle warp-cycles while the L1 refused requests: %s", lg_names[i]);
        ws_stats_counter(s, name, desc, "sm", &g->sms[0].cv.lg[i], n, sizeof(ws_sm));
    }
    REG("sched.issue", "scheduler cycles that issued (GPGPU-Sim W)", sched_issue);
    REG("sched.idle", "scheduler cycles with no valid instruction (GPGPU-Sim Idle)", sched_idle);
    REG("sched.scoreboard", "scheduler cycles with instructions but none past the scoreboard (GPGPU-Sim Scoreboard)",
        sched_scoreboard);
    REG("sched.stall", "scheduler cycles with an instruction past the scoreboard but its pipeline busy (GPGPU-Sim Stall)",
        sched_stall);
    REG("mem.insns", "global/local/atomic warp memory instructions", mem_insns);
    REG("mem.accesses", "requests those instructions made (coalesced)", mem_accesses);
    ws_stats_derived(s, "mem.accesses_per_insn", "requests per global/local warp memory instruction", "sm", n,
                     d_acc_per_insn);
    REG("mem.load_accesses", "requests made by load instructions", ld_accesses);
    static const char *const txn_names[WS_TXN_COUNT] = { "32", "64", "96", "128", "other" };
    for (int i = 0; i < WS_TXN_COUNT; i++) {
        snprintf(name, sizeof name, "mem.transactions.%s", txn_names[i]);
        if (i == WS_TXN_OTHER)
            snprintf(desc, sizeof desc, "requests of global/local instructions of any other size (an L1 line)");
        else
            snprintf(desc, sizeof desc, "requests of global/local instructions asking for %s bytes", txn_names[i]);
        ws_stats_counter(s, name, desc, "sm", &g->sms[0].cv.txn[i], n, sizeof(ws_sm));
    }
    REG("mem.loads", "global/local load warp instructions", ld_insns);
    REG("mem.stores", "global/local store warp instructions", st_insns);
    REG("mem.atomics", "atomic and reduction warp instructions", atom_insns);
    REG("mem.store_accesses", "requests made by store instructions", st_accesses);
    REG("mem.atomic_accesses", "requests made by atomic and reduction instructions", atom_accesses);
    ws_stats_derived(s, "mem.load_accesses_per_insn", "requests per global/local load warp instruction "
                     "(the IRU paper's coalescing metric for loads; load_iru is not one)", "sm", n, d_ld_acc);
    ws_stats_derived(s, "mem.store_accesses_per_insn", "requests per global/local store warp instruction",
                     "sm", n, d_st_acc);
    ws_stats_derived(s, "mem.atomic_accesses_per_insn", "requests per atomic or reduction warp instruction",
                     "sm", n, d_atom_acc);
    static const char *const hcols[WS_AH_BUCKETS - 1] = {
        "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
        "17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "32" };
    m->acc_hist = ws_stats_table_new(s, "mem.accesses_hist",
                                     "warp memory instructions by the requests (L1 accesses) each made, per kind: "
                                     "load, store, atomic (global/local; column 32: 32 or more) and load_iru "
                                     "(one request to the IRU each)", hcols, WS_AH_BUCKETS - 1);
    REG("mem.lines", "distinct 128-byte blocks the global/local/atomic warp memory instructions touched "
        "(the requests of a coalescer of 128-byte lines, whatever this GPU's made)", mem_lines);
    REG("mem.load_lines", "distinct 128-byte blocks touched by load instructions", ld_lines);
    ws_stats_derived(s, "mem.lines_per_insn", "distinct 128-byte blocks per global/local/atomic warp memory "
                     "instruction (the IRU paper's coalescing metric: GPGPU-Sim's requests of 128-byte lines)",
                     "sm", n, d_lines_per_insn);
    ws_stats_derived(s, "mem.load_lines_per_insn", "distinct 128-byte blocks per global/local load warp instruction",
                     "sm", n, d_ld_lines);
    m->line_hist = ws_stats_table_new(s, "mem.lines_hist",
                                      "warp memory instructions by the distinct 128-byte blocks their lanes touched, "
                                      "per kind: load, store, atomic (global/local; column 32: 32 or more)",
                                      hcols, WS_AH_BUCKETS - 1);
    REG("shared.insns", "shared-memory warp instructions", shared_insns);
    REG("shared.cycles", "cycles they occupied the shared-memory pipe (bank conflicts)", shared_cycles);
    ws_stats_derived(s, "shared.conflicts", "extra shared-memory pipe cycles taken by bank conflicts: "
                     "shared.cycles - shared.insns (an instruction takes as many cycles as the most distinct "
                     "words one bank serves, at least 1)", "sm", n, d_shared_conflicts);
    REG("const.insns", "constant/parameter warp instructions", const_insns);
    REG("const.misses", "constant-cache misses", const_misses);
    REG("l1d.hits", "L1D hits", l1_hits);
    REG("l1d.hit_reserved", "L1D hits on lines being filled (merged into an MSHR)", l1_hit_reserved);
    REG("l1d.misses", "L1D misses", l1_misses);
    REG("l1d.resfail", "L1D reservation failures", l1_resfail);
    REG("l1d.bypass", "requests that skipped L1D (ld.cg, atomics, L1 off)", bypass);
    ws_stats_derived(s, "l1d.hit_rate", "L1D hits / accesses", "sm", n, d_l1_hit_rate);
    ws_stats_derived(s, "l1d.miss_rate", "L1D misses / accesses", "sm", n, d_l1_miss_rate);
    REG("ctas", "CTAs completed", ctas_done);
    REG("mem.replies", "requests back from the memory system (data or acknowledgements)", replies);
    REG("active_cycles", "cycles with at least one resident warp", active_cycles);
    static const char *const cf[] = { "accesses", "hits", "hit_reserved", "misses", "resfail",
                                      "resfail.line_alloc", "resfail.mshr_full", "resfail.merge_full",
                                      "resfail.missq_full", "mshr_merges", "fills", "evictions",
                                      "writebacks", "sector_misses" };
    for (size_t i = 0; i < sizeof cf / sizeof *cf; i++) {
        snprintf(name, sizeof name, "l1d.cache.%s", cf[i]);
        snprintf(desc, sizeof desc, "L1D cache model: %s", cf[i]);
        ws_stats_counter(s, name, desc, "sm", (const uint64_t *)(void *)&m->l1[0] + i, n, sizeof *m->l1);
        snprintf(name, sizeof name, "l1i.%s", cf[i]);
        snprintf(desc, sizeof desc, "L1 instruction cache: %s (fetches)", cf[i]);
        ws_stats_counter(s, name, desc, "sm", (const uint64_t *)(void *)&m->l1i[0] + i, n, sizeof *m->l1i);
        snprintf(name, sizeof name, "l2.%s", cf[i]);
        snprintf(desc, sizeof desc, "L2 slices: %s", cf[i]);
        ws_stats_counter(s, name, desc, "l2", (const uint64_t *)(void *)&m->l2[0] + i,
                         ws_memsys_nslices(g->mem), sizeof *m->l2);
    }
    ws_stats_derived(s, "l2.hit_rate", "L2 hits / accesses", "", 1, d_l2_hit_rate);
    static const char *const sf[] = { "accesses", "hits", "hit_reserved", "misses" };
    for (size_t i = 0; i < sizeof sf / sizeof *sf; i++) {
        snprintf(name, sizeof name, "l2.sectors.%s", sf[i]);
        snprintf(desc, sizeof desc, "L2 lookups per 32-byte sector (GPGPU-Sim's count): %s", sf[i]);
        ws_stats_counter(s, name, desc, "l2", (const uint64_t *)(void *)&m->l2s[0] + i,
                         ws_memsys_nslices(g->mem), sizeof *m->l2s);
    }
    ws_stats_derived(s, "l2.sectors.miss_rate", "L2 sector misses / sector accesses", "", 1, d_l2s_miss);
    uint32_t nc = ws_memsys_nchannels(g->mem);
#define DR(f, d) ws_stats_counter(s, "dram." #f, d, "chan", &m->dram[0].f, nc, sizeof *m->dram)
    DR(reads, "DRAM read requests completed");
    DR(writes, "DRAM write requests completed");
    DR(bytes_read, "bytes read from DRAM");
    DR(bytes_written, "bytes written to DRAM");
    DR(activates, "row activations");
    DR(precharges, "precharges");
    DR(row_hits, "column commands to an open row");
    DR(row_misses, "column commands that needed an activation");
    DR(read_bursts, "READ column commands (one burst each) issued; read_bursts + "
       "write_bursts = row_hits + row_misses, the column commands");
    DR(write_bursts, "WRITE column commands (bursts) issued");
    DR(data_busy, "command clocks the data bus carried data");
    DR(cycles, "DRAM command clocks elapsed");
    DR(queue_full, "requests refused by a full DRAM queue");
    DR(latency_sum, "sum of DRAM queue-to-data latencies (command clocks)");
    DR(promoted, "prefetches a demand waited for while in the DRAM queue (with dram.demand_first they are scheduled as demands)");
#undef DR
    /* the two networks (their counters sit in the networks, which live as
     * long as the GPU: registered where they are) */
    for (int rep = 0; rep < 2; rep++) {
        const ws_icnt_stats *is = ws_icnt_stats_get(ws_memsys_icnt(g->mem, rep));
        const char *nw = rep ? "rep" : "req";
        const char *dir = rep ? "reply network, memory sub-partition -> SM" : "request network, SM -> memory "
                                                                              "sub-partition";
        snprintf(name, sizeof name, "icnt.%s.packets", nw);
        char idesc[256];
        snprintf(idesc, sizeof idesc, "packets accepted by the %s", dir);
        ws_stats_counter(s, name, idesc, "", &is->packets, 1, 0);
        snprintf(name, sizeof name, "icnt.%s.flits", nw);
        snprintf(idesc, sizeof idesc, "flits of those packets (ceil(bytes / icnt.flit), bytes = 8-byte header + data); "
                 "the crossbar is one hop, so these are flit-hops (%s)", dir);
        ws_stats_counter(s, name, idesc, "", &is->flits, 1, 0);
        snprintf(name, sizeof name, "icnt.%s.latency_sum", nw);
        snprintf(idesc, sizeof idesc, "sum over packets granted their output of the cycles from push to grant "
                 "(over a window / the window's cycles: the packets held in the %s, Little's law)", dir);
        ws_stats_counter(s, name, idesc, "", &is->latency_sum, 1, 0);
        snprintf(name, sizeof name, "icnt.%s.delivered", nw);
        snprintf(idesc, sizeof idesc, "packets granted their output (%s)", dir);
        ws_stats_counter(s, name, idesc, "", &is->delivered, 1, 0);
    }
    ws_stats_derived(s, "dram.bandwidth_util", "data-bus busy fraction of the elapsed DRAM clocks", "chan", nc,
                     d_dram_util);
    register_iru(g, s);
    register_mff(g, s);
    ws_stats_derived(s, "dram.row_hit_rate", "row hits / column commands", "", 1, d_row_hit);
    ws_stats_counter(s, "mem.latency_sum", "sum of request latencies, LD/ST issue to data back, of requests that missed in L1", "",
                     &m->lat_sum_all, 1, 0);
    ws_stats_counter(s, "mem.latency_n", "requests in mem.latency_sum", "", &m->lat_n_all, 1, 0);
    ws_stats_derived(s, "mem.avg_latency", "average memory latency (cycles)", "", 1, d_avg_lat);
    REG("mem.part_latency_sum", "sum over data replies that reached a memory partition of the cycles from "
        "their arrival there (entering the ROP queue) to data back at the SM: GPGPU-Sim's memory latency", part_lat_sum);
    REG("mem.part_latency_n", "data replies in mem.part_latency_sum", part_lat_n);
    ws_stats_derived(s, "mem.avg_part_latency", "average memory latency from the memory partition on "
                     "(GPGPU-Sim's definition; mem.avg_latency also counts the trip from the LD/ST unit)", "", 1,
                     d_part_lat);
    static const char *const lv[WS_LVL_COUNT] = { "none", "l1", "l1_pending", "pfc", "l2", "l2_pending", "dram" };
    for (int l = 1; l < WS_LVL_COUNT; l++) {
        snprintf(name, sizeof name, "mem.latency_sum.%s", lv[l]);
        snprintf(desc, sizeof desc, "latency sum of requests served by %s", lv[l]);
        ws_stats_counter(s, name, desc, "", &m->lat_sum[l], 1, 0);
        snprintf(name, sizeof name, "mem.latency_n.%s", lv[l]);
        snprintf(desc, sizeof desc, "requests served by %s", lv[l]);
        ws_stats_counter(s, name, desc, "", &m->lat_n[l], 1, 0);
    }
    ws_stats_derived(s, "mem.avg_latency.l1", "average latency of L1 hits", "", 1, d_lat_l1);
    ws_stats_derived(s, "mem.avg_latency.l1_pending", "average latency of L1 MSHR (no L1: MRQ) merges", "", 1, d_lat_l1p);
    ws_stats_derived(s, "mem.avg_latency.l2", "average latency of L2 hits", "", 1, d_lat_l2);
    ws_stats_derived(s, "mem.avg_latency.dram", "average latency of DRAM accesses", "", 1, d_lat_dram);
    register_pf(g, s);
    ws_stats_derived(s, "warps_active", "average resident warps per SM (MTAML #warps)", "", 1, d_warps);
    ws_stats_derived(s, "mtaml", "MTAML, eq. 1: (comp/mem) x (warps - 1), in warp instructions (mtaml_cycles: in cycles)", "", 1, d_mtaml);
    ws_stats_derived(s, "mtaml_pref",
                     "MTAML with prefetching, eqs. 2-4, P(pref_hit) = pf.pref_hit", "", 1, d_mtaml_pref);
    ws_stats_derived(s, "pf.pref_hit",
                     "P(pref_hit), MTAML eqs. 3-4: demand requests served by prefetched data (prefetch-cache hits, "
                     "or with pf.dest=l1 first uses, + joins of a prefetch in flight) / mem.accesses", "", 1,
                     d_pref_hit);
    ws_stats_counter(s, "warp_insn_cycles", "issue cycles of the warp instructions: warp_insns x 32/sm.simd", "",
                     &m->insn_cycles, 1, 0);
    ws_stats_derived(s, "mtaml_cycles", "MTAML in cycles: mtaml x 32/sm.simd (to compare with mem.avg_latency)", "",
                     1, d_mtaml_cycles);
    if (g->energy)
        ws_energy_register(g->energy, s);
    ws_gpu_tcoal_register(g);
    ws_cpolg_register(g);
    ws_l1v_register(g);
    if (g->cfg.stats_interval) {
        static const char *const base[] = { "warp_insns", "l1d.misses", "l2.misses", "dram.data_busy",
                                            "stall.long_scoreboard", "mem.latency_sum", "mem.latency_n",
                                            "pf.issued", "pf.useful", "pf.late", "pf.early", "pf.transitions",
                                            /* for `warpscope report` (issue 39): cache outcomes, DRAM,
                                             * useless prefetches and every warp state */
                                            "l1d.hits", "l1d.hit_reserved", "l2.hits", "l2.hit_reserved",
                                            "dram.elapsed", "dram.row_hits", "dram.row_misses",
                                            "dram.bytes_read", "dram.bytes_written", "pf.useless",
                                            "warp_slot_cycles", "stall.selected", "stall.not_selected",
                                            "stall.short_scoreboard", "stall.wait", "stall.barrier",
                                            "stall.membar", "stall.branch_resolving", "stall.no_instruction",
                                            "stall.lg_throttle", "stall.mio_throttle", "stall.math_pipe_throttle",
                                            "stall.drain", "stall.mff_wait", "stall.idle", "icnt.req.flits", "icnt.rep.flits",
                                            "icnt.req.latency_sum", "icnt.rep.latency_sum", "pf.demand_misses" };
        const char *series[sizeof base / sizeof *base + WS_EN_COUNT + 1];
        size_t nb = sizeof base / sizeof *base, ne = 0;
        memcpy(series, base, sizeof base);
        if (g->energy) {
            const char *const *en = ws_energy_series_names(&ne);
            memcpy(series + nb, en, ne * sizeof *en);
        }
        ws_error err;
        ws_stats_series(s, g->cfg.stats_interval, series, nb + ne, &err);
        /* per SM and per channel, for the report's heat maps (issue 39):
         * 2 values per SM and 3 per channel a sample [choice: IPC and idle
         * slots per SM; bandwidth and row hits per channel; the per-SM
         * slot cycles and per-channel clocks are the totals divided
         * evenly; the throttles' states come from the transition log] */
        static const char *const split[] = { "warp_insns", "stall.idle",
                                             "dram.data_busy", "dram.row_hits", "dram.row_misses" };
        ws_stats_series_split(s, split, sizeof split / sizeof *split, &err);
    }
}

void ws_gpu_stats_free(ws_gpu *g)
{
    ws_gpu_mirror *m = g->mir;
    if (!m) return;
    free(m->slot_cycles);
    free(m->l1);
    free(m->l2);
    free(m->l1i);
    free(m->pft);
    free(m->l2s);
    free(m->dram);
    free(m->iru);
    free(m->mff);
    free(m->mffx);
    free(m);
    g->mir = NULL;
}
