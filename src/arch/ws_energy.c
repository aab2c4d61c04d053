/* ws_energy.c: the energy and power model (see ws_energy.h).
 *
 * Every component's energy is a derived statistic: a sum of counter x price
 * in picojoules, converted to joules once at the end (so a test can redo the
 * arithmetic exactly).  Evaluated over a launch, the counters are the
 * launch's deltas and the time is the launch's cycles; over the totals, the
 * whole run. */
#include "arch/ws_energy.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_opts.h"
#include "util/ws_util.h"

/* Prices, in the order of the keys below. */
enum {
    P_CMEM_FILL, P_CMEM_HIT, P_CMEM_MISS, P_DRAM_ACT, P_DRAM_PRE, P_DRAM_RD, P_DRAM_REF, P_DRAM_TREFI, P_DRAM_WR,
    P_ICNT_FLIT, P_INSN_BASE, P_INSN_BRANCH, P_INSN_FP32, P_INSN_FP64, P_INSN_INT, P_INSN_LDST,
    P_INSN_SFU, P_L1D_FILL, P_L1D_HIT, P_L1D_MISS, P_L1I_FILL, P_L1I_HIT, P_L1I_MISS, P_L2_FILL,
    P_L2_HIT, P_L2_MISS, P_L2_WB, P_PF_SRAM, P_RF_READ, P_RF_WRITE, P_SHARED, P_ST_BASE, P_ST_DRAM,
    P_ST_ICNT, P_ST_L2, P_ST_SM, P_COUNT
};
static const char *const keys[P_COUNT] = {
    "energy.cmem.fill", "energy.cmem.hit", "energy.cmem.miss", "energy.dram.act", "energy.dram.pre", "energy.dram.rd",
    "energy.dram.ref", "energy.dram.trefi", "energy.dram.wr", "energy.icnt.flit", "energy.insn.base",
    "energy.insn.branch", "energy.insn.fp32", "energy.insn.fp64", "energy.insn.int", "energy.insn.ldst",
    "energy.insn.sfu", "energy.l1d.fill", "energy.l1d.hit", "energy.l1d.miss", "energy.l1i.fill",
    "energy.l1i.hit", "energy.l1i.miss", "energy.l2.fill", "energy.l2.hit", "energy.l2.miss",
    "energy.l2.wb", "energy.pf.sram", "energy.rf.read", "energy.rf.write", "energy.shared",
    "energy.static.base", "energy.static.dram", "energy.static.icnt", "energy.static.l2",
    "energy.static.sm",
};

struct ws_energy {
    double p[P_COUNT];
    ws_energy_machine m;
    double pf_pj;               /* one prefetch-table access */
    double iru_rd_pj, iru_wr_pj;    /* one read of an IRU hash entry, one slot write */
    /* the MFF: a job entry written (a command), a Work Register access, a
     * Tag Unit lookup, a word of Line Data, a whole line of Line Data (a
     * fill or a write-back read) */
    double mff_job_pj, mff_reg_pj, mff_tag_pj, mff_word_pj, mff_line_pj;
    double static_w;            /* all static power together */
    void *peak;                 /* power.peak's context (ws_energy_register) */
};

static const char *const comp_names[WS_EN_COUNT] = { "core", "rf", "l1", "l2", "icnt", "dram", "pf", "static" };
static const char *const comp_labels[WS_EN_COUNT] = {
    "SM core", "register file", "L1/shared", "L2", "interconnect", "DRAM", "prefetcher", "static",
};
static const char *const series_names[WS_EN_COUNT + 1] = {
    "energy.total", "energy.core", "energy.rf", "energy.l1", "energy.l2", "energy.icnt", "energy.dram",
    "energy.pf", "energy.static",
};

const char *ws_energy_comp_name(ws_en_comp c) { return (unsigned)c < WS_EN_COUNT ? comp_names[c] : "?"; }
const char *ws_energy_comp_label(ws_en_comp c) { return (unsigned)c < WS_EN_COUNT ? comp_labels[c] : "?"; }

const char *const *ws_energy_series_names(size_t *n)
{
    *n = WS_EN_COUNT + 1;
    return series_names;
}

ws_energy *ws_energy_new(const ws_opts *o, const ws_energy_machine *m, ws_error *err)
{
    ws_error_clear(err);
    const char *table = ws_opts_str(o, "energy.table");
    if (!table || !strcmp(table, "none"))
        return NULL;
    if (!(m->core_mhz > 0)) {
        ws_error_set(err, WS_E_RANGE, "energy model: clock.core must be positive");
        return NULL;
    }
    ws_energy *e = ws_xcalloc(1, sizeof *e);
    for (int i = 0; i < P_COUNT; i++) {
        e->p[i] = ws_opts_double(o, keys[i]);
        if (!isfinite(e->p[i]) || e->p[i] < 0) {        /* (the option table's ranges refuse these) */
            ws_error_set(err, WS_E_RANGE, "%s: %g is not a usable energy (a number >= 0)", keys[i], e->p[i]);
            free(e);
            return NULL;
        }
    }
    if (!(e->p[P_DRAM_TREFI] > 0)) {
        ws_error_set(err, WS_E_RANGE, "energy.dram.trefi: the refresh interval must be positive");
        free(e);
        return NULL;
    }
    e->m = *m;
    if (m->pf_table_bytes && m->pf_entry_bits)
        e->pf_pj = e->p[P_PF_SRAM] * m->pf_entry_bits / 64.0 * sqrt((double)m->pf_table_bytes / 8192.0);
    /* the IRU's hash (A2.4: mostly SRAM): an entry read (a filter compare,
     * a reply) and a slot write, by width and size as the prefetch tables */
    if (m->iru_hash_bytes && m->iru_entry_bits && m->iru_slot_bits) {
        e->iru_rd_pj = e->p[P_PF_SRAM] * m->iru_entry_bits / 64.0 * sqrt((double)m->iru_hash_bytes / 8192.0);
        e->iru_wr_pj = e->p[P_PF_SRAM] * m->iru_slot_bits / 64.0 * sqrt((double)m->iru_hash_bytes / 8192.0);
    }
    e->static_w = e->p[P_ST_BASE] + e->p[P_ST_SM] * m->nsms + e->p[P_ST_L2] * m->nslices + e->p[P_ST_ICNT] +
                  e->p[P_ST_DRAM] * m->nchannels;
    /* the MFF's SRAMs (B2.2 gives 0.87 mm2 at 32 nm and 0.3 % of the
     * energy, no prices): each priced by width and size like the prefetch
     * tables, and leaking like the L2's SRAM (energy.static.l2 is 64 KB:
     * per byte, energy.static.l2 / 65536) [derived] */
    if (m->mff_units) {
        double sram = e->p[P_PF_SRAM];
        e->mff_job_pj = sram * m->mff_job_bits / 64.0 * sqrt((double)m->mff_engine_bytes / 8192.0);
        e->mff_reg_pj = sram * m->mff_reg_bits / 64.0 * sqrt((double)m->mff_reg_bytes / 8192.0);
        /* (a lookup is priced as one entry's access, as the prefetch
         * tables' associative lookups are; a CAM reading every entry's
         * bits would cost mff.tags times as much) */
        e->mff_tag_pj = sram * m->mff_tag_bits / 64.0 * sqrt((double)m->mff_tag_bytes / 8192.0);
        e->mff_word_pj = sram * 32 / 64.0 * sqrt((double)m->mff_ld_bytes / 8192.0);
        e->mff_line_pj = sram * m->mff_line * 8 / 64.0 * sqrt((double)m->mff_ld_bytes / 8192.0);
        uint64_t bytes = m->mff_engine_bytes + m->mff_reg_bytes + m->mff_tag_bytes + m->mff_ld_bytes;
        e->static_w += e->p[P_ST_L2] / 65536.0 * (double)bytes * m->mff_units;
    }
    return e;
}

void ws_energy_free(ws_energy *e)
{
    if (!e) return;
    free(e->peak);
    free(e);
}

double ws_energy_pf_access_pj(const ws_energy *e)
{
    return e ? e->pf_pj : 0;
}

/* ------------------------------------------------------------ the sums (pJ) */

typedef struct src {
    ws_stats_getter get;
    void *c;
} src;

static double g(const src *s, const char *name)
{
    return s->get(s->c, name, -1);
}

/* Simulated seconds of what is evaluated. */
static double seconds(const ws_energy *e, const src *s)
{
    return g(s, "cycles") / (e->m.core_mhz * 1e6);
}

static double comp_pj(const ws_energy *e, const src *s, ws_en_comp c)
{
    const double *p = e->p;
    switch (c) {
    case WS_EN_CORE:
        return g(s, "warp_insns") * p[P_INSN_BASE] + g(s, "lanes.int") * p[P_INSN_INT] +
               g(s, "lanes.fp32") * p[P_INSN_FP32] + g(s, "lanes.fp64") * p[P_INSN_FP64] +
               g(s, "lanes.sfu") * p[P_INSN_SFU] + g(s, "lanes.branch") * p[P_INSN_BRANCH] +
               g(s, "lanes.ldst") * p[P_INSN_LDST];
    case WS_EN_RF:
        return g(s, "rf.reads") * p[P_RF_READ] + g(s, "rf.writes") * p[P_RF_WRITE];
    case WS_EN_L1: {
        double cmiss = g(s, "const.misses");
        return g(s, "l1d.cache.hits") * p[P_L1D_HIT] +
               (g(s, "l1d.cache.misses") + g(s, "l1d.cache.hit_reserved")) * p[P_L1D_MISS] +
               g(s, "l1d.cache.fills") * p[P_L1D_FILL] + (g(s, "const.insns") - cmiss) * p[P_CMEM_HIT] +
               cmiss * p[P_CMEM_MISS] + cmiss * p[P_CMEM_FILL] + g(s, "l1i.hits") * p[P_L1I_HIT] +
               (g(s, "l1i.misses") + g(s, "l1i.hit_reserved")) * p[P_L1I_MISS] + g(s, "l1i.fills") * p[P_L1I_FILL] +
               g(s, "shared.cycles") * p[P_SHARED];
    }
    case WS_EN_L2:
        return g(s, "l2.hits") * p[P_L2_HIT] + (g(s, "l2.misses") + g(s, "l2.hit_reserved")) * p[P_L2_MISS] +
               g(s, "l2.fills") * p[P_L2_FILL] + g(s, "l2.writebacks") * p[P_L2_WB];
    case WS_EN_ICNT:
        return (g(s, "icnt.req.flits") + g(s, "icnt.rep.flits")) * p[P_ICNT_FLIT];
    case WS_EN_DRAM: {
        double refreshes = seconds(e, s) * 1e9 / p[P_DRAM_TREFI] * e->m.nchannels;
        return g(s, "dram.activates") * p[P_DRAM_ACT] + g(s, "dram.precharges") * p[P_DRAM_PRE] +
               g(s, "dram.read_bursts") * p[P_DRAM_RD] + g(s, "dram.write_bursts") * p[P_DRAM_WR] +
               refreshes * p[P_DRAM_REF];
    }
    case WS_EN_PF: {
        double pf = e->pf_pj ? (g(s, "pf.table.reads") + g(s, "pf.table.writes")) * e->pf_pj : 0;
        if (e->iru_rd_pj > 0)
            pf += g(s, "iru.hash_reads") * e->iru_rd_pj + g(s, "iru.hash_writes") * e->iru_wr_pj;
        if (e->m.mff_units)     /* a lookup: its register read and written, the search, one word served */
            pf += g(s, "mff.commands") * e->mff_job_pj +
                  g(s, "mff.lookups") * (2 * e->mff_reg_pj + e->mff_tag_pj + e->mff_word_pj) +
                  (g(s, "mff.lines_c") + g(s, "mff.lines_v") + g(s, "mff.lines_bv") + g(s, "mff.lines_written")) *
                      e->mff_line_pj;
        return pf;
    }
    case WS_EN_STATIC:
        return e->static_w * seconds(e, s) * 1e12;
    default:
        return NAN;
    }
}

static double total_pj(const ws_energy *e, const src *s, bool dynamic_only)
{
    double t = 0;
    for (int c = 0; c < WS_EN_COUNT; c++)
        if (!(dynamic_only && c == WS_EN_STATIC))
            t += comp_pj(e, s, (ws_en_comp)c);
    return t;
}

/* ---------------------------------------------------------- derived values */

#define COMPFN(id)                                                                   \
    static double d_##id(ws_stats_getter get, void *c, int i, void *u)              \
    {                                                                                \
        (void)i;                                                                     \
        src s = { get, c };                                                          \
        return comp_pj(u, &s, id) / 1e12;                                            \
    }
COMPFN(WS_EN_CORE)
COMPFN(WS_EN_RF)
COMPFN(WS_EN_L1)
COMPFN(WS_EN_L2)
COMPFN(WS_EN_ICNT)
COMPFN(WS_EN_DRAM)
COMPFN(WS_EN_PF)
COMPFN(WS_EN_STATIC)

static double d_total(ws_stats_getter get, void *c, int i, void *u)
{
    (void)i;
    src s = { get, c };
    return total_pj(u, &s, false) / 1e12;
}

static double d_dynamic(ws_stats_getter get, void *c, int i, void *u)
{
    (void)i;
    src s = { get, c };
    return total_pj(u, &s, true) / 1e12;
}

static double d_pj_insn(ws_stats_getter get, void *c, int i, void *u)
{
    (void)i;
    src s = { get, c };
    double n = g(&s, "warp_insns");
    return n > 0 ? total_pj(u, &s, false) / n : NAN;
}

static double d_power_avg(ws_stats_getter get, void *c, int i, void *u)
{
    (void)i;
    src s = { get, c };
    double t = seconds(u, &s);
    return t > 0 ? total_pj(u, &s, false) / 1e12 / t : NAN;
}

/* The time series' energy.total column (its samples are cumulative). */
static long total_col(const ws_stats *st)
{
    return st ? ws_stats_series_col(st, "energy.total") : -1;
}

size_t ws_energy_nwindows(const ws_stats *s)
{
    return total_col(s) < 0 ? 0 : ws_stats_nsamples(s);
}

double ws_energy_window(const ws_energy *e, const ws_stats *s, size_t i, uint64_t *end, double comp[WS_EN_COUNT])
{
    long tc = total_col(s);
    if (!e || tc < 0 || i >= ws_stats_nsamples(s))
        return NAN;
    uint64_t c1 = ws_stats_sample_cycle(s, i), c0 = i ? ws_stats_sample_cycle(s, i - 1) : 0;
    if (end) *end = c1;
    double secs = (double)(c1 - c0) / (e->m.core_mhz * 1e6);
    if (!(secs > 0)) return NAN;
    if (comp)
        for (int k = 0; k < WS_EN_COUNT; k++) {
            long col = ws_stats_series_col(s, series_names[k + 1]);
            double a = col < 0 ? NAN : ws_stats_sample_real(s, i, (size_t)col);
            double b = col < 0 || !i ? 0 : ws_stats_sample_real(s, i - 1, (size_t)col);
            comp[k] = (a - b) / secs;
        }
    double a = ws_stats_sample_real(s, i, (size_t)tc), b = i ? ws_stats_sample_real(s, i - 1, (size_t)tc) : 0;
    return (a - b) / secs;
}

/* The context of power.peak: the model and the registry whose series it
 * reads (registration gives both). */
typedef struct peak_ctx {
    const ws_energy *e;
    const ws_stats *s;
} peak_ctx;

/* Highest window power among the windows inside [start, end] (the whole
 * series for the totals); the average when no window fits.  The samples are
 * in cycle order: the launch's first window is found by bisection and the
 * total's column once, so a run of many launches and samples is not
 * scanned whole for each launch. */
static double d_power_peak(ws_stats_getter get, void *c, int i, void *u)
{
    const peak_ctx *pc = u;
    const ws_stats *s = pc->s;
    double start = get(c, "@start", i), end = get(c, "@end", i);
    bool all = isnan(start);
    long tc = total_col(s);
    size_t n = tc < 0 ? 0 : ws_stats_nsamples(s), w = 0;
    if (!all) {
        /* first window whose start (the previous sample; 0 for window 0) >= start */
        size_t lo = 0, hi = n;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            uint64_t c0 = mid ? ws_stats_sample_cycle(s, mid - 1) : 0;
            if ((double)c0 < start) lo = mid + 1;
            else hi = mid;
        }
        w = lo;
    }
    double best = NAN, hz = pc->e->m.core_mhz * 1e6;
    for (; w < n; w++) {
        uint64_t c1 = ws_stats_sample_cycle(s, w), c0 = w ? ws_stats_sample_cycle(s, w - 1) : 0;
        if (!all && (double)c1 > end) break;
        double e1 = ws_stats_sample_real(s, w, (size_t)tc), e0 = w ? ws_stats_sample_real(s, w - 1, (size_t)tc) : 0;
        double p = c1 > c0 ? (e1 - e0) / ((double)(c1 - c0) / hz) : NAN;
        if (isfinite(p) && (isnan(best) || p > best)) best = p;
    }
    return isnan(best) ? d_power_avg(get, c, i, (void *)pc->e) : best;
}

double ws_energy_now(const ws_energy *e, const ws_stats *s, double comp[WS_EN_COUNT])
{
    double t = 0;
    for (int k = 0; k < WS_EN_COUNT; k++) {
        double v = ws_stats_get(s, series_names[k + 1], -1);
        if (comp) comp[k] = v;
        t += v;
    }
    (void)e;
    return t;
}

void ws_energy_register(ws_energy *e, ws_stats *s)
{
    static const ws_stats_derive_ufn fns[WS_EN_COUNT] = {
        d_WS_EN_CORE, d_WS_EN_RF, d_WS_EN_L1, d_WS_EN_L2, d_WS_EN_ICNT, d_WS_EN_DRAM, d_WS_EN_PF, d_WS_EN_STATIC,
    };
    static const char *const descs[WS_EN_COUNT] = {
        "energy of the SM pipelines: every warp instruction (energy.insn.base) and its active lanes by unit "
        "class (J)",
        "energy of the register file: register operands read and written (J)",
        "energy of L1D, constant cache, L1I and shared memory: lookups, fills, shared-memory cycles (J)",
        "energy of the L2 slices: lookups, fills and writebacks (J)",
        "energy of the interconnect: flits of both networks (J)",
        "energy of DRAM: activations, precharges, read and write bursts, refreshes (J; background power is in "
        "energy.static)",
        "energy of the prefetchers' own tables (lookups and updates), of the IRU's reordering hash (entry "
        "reads, slot writes) and of the MFF's SRAMs (job entries, Work Registers, Tag Unit searches, Line Data) "
        "(J)",
        "static energy: static and constant power x simulated time (J)",
    };
    ws_stats_derived_ctx(s, "energy.total", "energy of the whole GPU (J)", "", 1, d_total, e);
    ws_stats_derived_ctx(s, "energy.dynamic", "dynamic energy: every priced event (J)", "", 1, d_dynamic, e);
    char name[32];
    for (int k = 0; k < WS_EN_COUNT; k++) {
        snprintf(name, sizeof name, "energy.%s", comp_names[k]);
        ws_stats_derived_ctx(s, name, descs[k], "", 1, fns[k], e);
    }
    ws_stats_derived_ctx(s, "energy.pj_per_warp_insn", "energy per warp instruction issued (pJ)", "", 1,
                         d_pj_insn, e);
    ws_stats_derived_ctx(s, "power.avg", "average power: energy.total / simulated time (W)", "", 1, d_power_avg, e);
    peak_ctx *pc = ws_xcalloc(1, sizeof *pc);
    pc->e = e;
    pc->s = s;
    /* (freed with the model: the registry keeps only the pointer) */
    e->peak = pc;
    ws_stats_derived_ctx(s, "power.peak",
                         "peak power: the highest power of a time-series window (stats.interval cycles) inside "
                         "the launch; the average when none fits (W)", "", 1, d_power_peak, pc);
}

/* A value in J with a prefix (J, mJ, uJ, nJ). */
static void put_joules(FILE *f, double j)
{
    static const char *const unit[] = { "J", "mJ", "uJ", "nJ" };
    int u = 0;
    while (u < 3 && fabs(j) < 1 && j != 0) {
        j *= 1000;
        u++;
    }
    fprintf(f, "%.3f %s", j, unit[u]);
}

void ws_energy_print_summary(const ws_energy *e, const ws_stats *s, FILE *f)
{
    if (!e) return;
    double comp[WS_EN_COUNT];
    double total = ws_energy_now(e, s, comp);
    if (!isfinite(total)) return;
    fprintf(f, "energy ");
    put_joules(f, total);
    fprintf(f, ":");
    for (int k = 0; k < WS_EN_COUNT; k++)
        if (total > 0) fprintf(f, " %s %.1f%%", comp_names[k], 100 * comp[k] / total);
    fprintf(f, "; power avg %.1f W peak %.1f W", ws_stats_get(s, "power.avg", -1), ws_stats_get(s, "power.peak", -1));
    double pj = ws_stats_get(s, "energy.pj_per_warp_insn", -1);
    if (isfinite(pj)) fprintf(f, "; %.0f pJ per warp instruction", pj);
    fprintf(f, "\n");
}
