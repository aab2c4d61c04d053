/* ws_energy.h: the energy and power model, in the style of GPUWattch and
 * AccelWattch: dynamic energy = sum over events of count x energy per event,
 * static energy = power x simulated time.
 *
 * The model adds no work per event.  It reads the counters the timing model
 * keeps anyway (warp instructions by unit class and their active lanes,
 * register operands, cache lookups and fills, interconnect flits, DRAM
 * commands, prefetch-table accesses) through the statistics registry, as
 * derived values: over the totals, over each launch's deltas, and at every
 * time-series sample (the series holds the cumulative energy per
 * component; the power of a window is its energy over its time).
 *
 * The prices are the energy.* keys of the option table, each with its
 * source.  With energy.table=none the model is off and no energy statistic
 * is registered: JSON then has no energy entries (absent, never zero).
 *
 * Statistics (joules, watts): energy.total, energy.dynamic, one per
 * component (energy.core, .rf, .l1, .l2, .icnt, .dram, .pf, .static),
 * energy.pj_per_warp_insn, power.avg and power.peak (the highest power
 * over the time-series windows inside the launch; a launch shorter than a
 * window reports its average). */
#ifndef WS_ENERGY_H
#define WS_ENERGY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "stats/ws_stats.h"
#include "util/ws_error.h"

struct ws_opts;

typedef enum ws_en_comp {
    WS_EN_CORE = 0,     /* SM pipeline and execution units */
    WS_EN_RF,           /* register file */
    WS_EN_L1,           /* L1D, constant cache, L1I, shared memory */
    WS_EN_L2,
    WS_EN_ICNT,
    WS_EN_DRAM,
    WS_EN_PF,           /* the prefetchers' own tables, the IRU's reordering hash, the MFF's SRAMs */
    WS_EN_STATIC,       /* static and constant power x time */
    WS_EN_COUNT
} ws_en_comp;

/* What the model needs to know of the machine. */
typedef struct ws_energy_machine {
    double core_mhz;            /* clock.core: cycles are core cycles */
    uint32_t nsms, nslices, nchannels;
    uint64_t pf_table_bytes;    /* one SM's prefetcher tables (0: none) */
    uint32_t pf_entry_bits;     /* width of one entry */
    /* the IRU of one memory partition (iru.enable; 0: none): its
     * reordering hash, priced like the prefetch tables (ws_iru_sizes) */
    uint64_t iru_hash_bytes;
    uint32_t iru_entry_bits;    /* what a compare or a reply reads */
    uint32_t iru_slot_bits;     /* what an insertion writes */
    /* the MFF (mff.enable; 0 units: none): its SRAMs per unit (ws_mff_sizes) */
    uint32_t mff_units;
    uint32_t mff_job_bits, mff_reg_bits, mff_tag_bits, mff_tags, mff_line;
    uint64_t mff_engine_bytes, mff_reg_bytes, mff_tag_bytes, mff_ld_bytes;
} ws_energy_machine;

typedef struct ws_energy ws_energy;

/* The model of the machine described by o (its energy.* keys).  Returns
 * NULL with err->code 0 when energy.table is none, NULL with err set when a
 * key is unusable. */
ws_energy *ws_energy_new(const struct ws_opts *o, const ws_energy_machine *m, ws_error *err);
void ws_energy_free(ws_energy *e);

/* Register the energy statistics (after every counter they read). */
void ws_energy_register(ws_energy *e, ws_stats *s);
/* The names a time series should sample: energy.total then the components
 * (WS_EN_COUNT + 1 names, static strings). */
const char *const *ws_energy_series_names(size_t *n);

const char *ws_energy_comp_name(ws_en_comp c);    /* "core", "rf", ... */
const char *ws_energy_comp_label(ws_en_comp c);   /* "SM core", "register file", ... */

/* Energy of one table access of the prefetcher (pJ; 0 without tables). */
double ws_energy_pf_access_pj(const ws_energy *e);

/* Inspection (TUI, Lua).  Cumulative energy per component now (J), from
 * the registry's current values (call ws_gpu_stats_sync first for
 * mirrored counters); returns the total. */
double ws_energy_now(const ws_energy *e, const ws_stats *s, double comp[WS_EN_COUNT]);
/* Windows of the time series: window i runs from sample i-1 (cycle 0 for
 * i = 0) to sample i.  Its end cycle, and its power (W) per component and
 * in total (the return value).  NAN when there is no such window. */
size_t ws_energy_nwindows(const ws_stats *s);
double ws_energy_window(const ws_energy *e, const ws_stats *s, size_t i, uint64_t *end,
                        double comp[WS_EN_COUNT]);

/* One line for the batch summary: total, share of each component, average
 * and peak power, pJ per warp instruction (nothing when e is NULL). */
void ws_energy_print_summary(const ws_energy *e, const ws_stats *s, FILE *f);

#endif
