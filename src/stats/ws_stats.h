/* ws_stats.h: the statistics registry, time series and writers.
 *
 * Components keep their counters in their own structs (a plain uint64_t
 * incremented on the hot path); the registry only knows where they are.  A
 * counter is registered once with a dotted name ("l1d.hits"), a
 * description, and either one location or an array of `count` locations at
 * a byte stride (one per SM, per channel, ...: the instance scope, e.g.
 * "sm").  Derived values (IPC, rates) are functions of other counters.
 * Tables hold dynamic rows keyed by text (per allocation, per PTX line).
 *
 * Snapshots give per-kernel-launch deltas: ws_stats_begin at launch,
 * ws_stats_end at its end records a launch entry with every counter's
 * difference.  Time series sample chosen counters every N cycles.  Writers:
 * JSON (everything: configuration, version, seed, launches, totals, tables),
 * CSV (time series), and a plain-text summary table.  Output is byte-
 * identical for identical runs (registration order, fixed number
 * formatting).
 *
 * Registering a name twice is a programming error (abort with a message).
 * Nothing here is on a per-cycle path except ws_stats_sample (a compare
 * when no sample is due) and ws_stats_table_row (a hash lookup: cache the
 * row pointer when the key is known in advance). */
#ifndef WS_STATS_H
#define WS_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "util/ws_error.h"

typedef struct ws_stats ws_stats;

ws_stats *ws_stats_new(void);
void ws_stats_free(ws_stats *s);

/* Register a counter: `count` instances, instance i at (char *)ptr + i *
 * stride.  count 1 and stride 0 for a single counter.  scope names the
 * instances ("sm", "chan", "l2"); the total is their sum.  scope NULL or ""
 * means a single unscoped value (written as a plain number).  The strings
 * are copied; the counters must outlive the registry's use. */
void ws_stats_counter(ws_stats *s, const char *name, const char *desc, const char *scope,
                      const uint64_t *ptr, size_t count, size_t stride);
/* A gauge: a single unscoped value that is not a count of events (a
 * machine count such as sm.count, a clock): a launch's statistics give its
 * value, not its change over the launch (which would be 0). */
void ws_stats_gauge(ws_stats *s, const char *name, const char *desc, const uint64_t *ptr);
/* A warning about the run (a sentence, copied), written to the JSON as
 * "warnings": [...] after "config" (absent when there is none). */
void ws_stats_warning(ws_stats *s, const char *text);
size_t ws_stats_nwarnings(const ws_stats *s);
const char *ws_stats_warning_at(const ws_stats *s, size_t i);
/* Derived value: fn(get, gctx, instance or -1 for the total) evaluated on
 * output and per launch (over the launch's deltas: `get` reads whichever
 * applies, counters and other derived values alike; NAN for an unknown
 * name).  `count` instances (0 or 1 with no scope: total only). */
typedef double (*ws_stats_getter)(void *gctx, const char *name, int instance);
typedef double (*ws_stats_derive_fn)(ws_stats_getter get, void *gctx, int instance);
void ws_stats_derived(ws_stats *s, const char *name, const char *desc, const char *scope,
                      size_t count, ws_stats_derive_fn fn);
/* The same with a context pointer handed to fn (it must outlive the
 * registry's use).  Besides the statistics, `get` answers two names: "@start"
 * and "@end", the first and end cycle of the launch being evaluated (NAN
 * when evaluating the current totals). */
typedef double (*ws_stats_derive_ufn)(ws_stats_getter get, void *gctx, int instance, void *user);
void ws_stats_derived_ctx(ws_stats *s, const char *name, const char *desc, const char *scope,
                          size_t count, ws_stats_derive_ufn fn, void *user);

/* A section: a JSON value that a component writes from the statistics
 * (fn(j, get, gctx, user) writes exactly one value, reading counters and
 * derived values through get), written under `name` at the top of the JSON
 * (over the totals) and in every launch (over its deltas).  For a result
 * that is a curve or a structure rather than one number (tcoal). */
struct ws_json;
typedef void (*ws_stats_section_fn)(struct ws_json *j, ws_stats_getter get, void *gctx, void *user);
void ws_stats_section(ws_stats *s, const char *name, ws_stats_section_fn fn, void *user);

/* Current value of a counter (sum over instances when instance < 0), or of
 * a derived value; NAN for an unknown name or instance. */
double ws_stats_get(const ws_stats *s, const char *name, int instance);
/* Exact current value of a counter (0 for an unknown name or instance). */
uint64_t ws_stats_get_u64(const ws_stats *s, const char *name, int instance);
size_t ws_stats_count(const ws_stats *s);
const char *ws_stats_name_at(const ws_stats *s, size_t i);
/* Description of entry i (registration order). */
typedef struct ws_stats_info {
    const char *name, *desc, *scope;   /* scope "" when unscoped */
    size_t count;                      /* instances */
    bool derived;
} ws_stats_info;
bool ws_stats_info_at(const ws_stats *s, size_t i, ws_stats_info *out);

/* Tables: rows keyed by text, columns of counters.  ws_stats_table_row
 * returns the row's counters (ncols of them), zeroed when new; the pointer
 * stays valid until the stats are freed.  Rows are read (key/values by
 * index, outputs) in the order of a sort key given when the row is made
 * (ws_stats_table_row_ord), ties and ws_stats_table_row in first-seen
 * order; a sort key that does not depend on when rows are made keeps the
 * outputs independent of when the owner fills the table. */
typedef struct ws_stats_table ws_stats_table;
ws_stats_table *ws_stats_table_new(ws_stats *s, const char *name, const char *desc,
                                   const char *const *cols, size_t ncols);
uint64_t *ws_stats_table_row(ws_stats_table *t, const char *key);
uint64_t *ws_stats_table_row_ord(ws_stats_table *t, const char *key, uint64_t ord);
size_t ws_stats_ntables(const ws_stats *s);
ws_stats_table *ws_stats_table_at(const ws_stats *s, size_t i);
ws_stats_table *ws_stats_table_find(const ws_stats *s, const char *name);
const char *ws_stats_table_name(const ws_stats_table *t);
size_t ws_stats_table_ncols(const ws_stats_table *t);
const char *ws_stats_table_col(const ws_stats_table *t, size_t col);
size_t ws_stats_table_nrows(const ws_stats_table *t);
const char *ws_stats_table_key(const ws_stats_table *t, size_t row);
const uint64_t *ws_stats_table_values(const ws_stats_table *t, size_t row);

/* Launch snapshots.  begin while a launch is open closes nothing: the
 * second begin replaces the first (the first launch is not recorded).
 * extra_json (may be NULL) is a JSON value text stored with the launch
 * and written as its "extra" member. */
void ws_stats_begin(ws_stats *s, const char *kernel, uint64_t cycle);
void ws_stats_end(ws_stats *s, uint64_t cycle, const char *extra_json);
/* The open launch's registers per thread and where the count comes from
 * (`source` a static string: "ptxas", "estimate", "scenario"), written as
 * its "regs_per_thread" and "regs_source" members. */
void ws_stats_launch_regs(ws_stats *s, uint32_t regs, const char *source);
/* Those of launch i (0 and NULL if not given or no such launch). */
uint32_t ws_stats_launch_regs_get(const ws_stats *s, size_t i, const char **source);
size_t ws_stats_nlaunches(const ws_stats *s);
/* Counter delta (or derived value over the deltas) of launch i; NAN for an
 * unknown name, instance or launch. */
double ws_stats_launch_get(const ws_stats *s, size_t i, const char *name, int instance);
/* Kernel name of launch i and its first / end cycle (NULL if no such launch). */
const char *ws_stats_launch_kernel(const ws_stats *s, size_t i, uint64_t *start, uint64_t *end);

/* Time series: sample every `interval` cycles the named counters (totals)
 * and derived values (over the totals, as doubles).  interval 0 turns
 * sampling off.  Names must be registered.  Samples are taken at cycles interval, 2*interval, ...;
 * a sample at cycle p holds the counters' cumulative totals as they are
 * when ws_stats_sample is called with a cycle >= p. */
int ws_stats_series(ws_stats *s, uint64_t interval, const char *const *names, size_t n,
                    ws_error *err);
/* Per-instance columns of the same samples: every instance (SM, channel)
 * of each named counter (derived values are refused), taken with the
 * totals.  Set before the first sample, like ws_stats_series.  Cost per
 * sample: one uint64_t per instance. */
int ws_stats_series_split(ws_stats *s, const char *const *names, size_t n, ws_error *err);
/* Per-instance column col's instance `inst` at sample i (0 when out of range). */
uint64_t ws_stats_sample_instance(const ws_stats *s, size_t i, size_t col, size_t inst);
size_t ws_stats_series_split_count(const ws_stats *s);
/* Called by the engine at every cycle it reaches (and for skipped spans:
 * it records every multiple of the interval in [from, to]).  To have a
 * sample hold exactly the counters of its cycle, the engine does not skip
 * past ws_stats_next_sample. */
void ws_stats_sample(ws_stats *s, uint64_t cycle);
uint64_t ws_stats_next_sample(const ws_stats *s);     /* UINT64_MAX when none */
size_t ws_stats_nsamples(const ws_stats *s);
/* Sample i: its cycle, and the value of series column col (0..n-1). */
uint64_t ws_stats_sample_cycle(const ws_stats *s, size_t i);
uint64_t ws_stats_sample_value(const ws_stats *s, size_t i, size_t col);
/* The same as a double (a derived column's value, or a counter's). */
double ws_stats_sample_real(const ws_stats *s, size_t i, size_t col);
/* Column of the series holding `name`, or -1. */
long ws_stats_series_col(const ws_stats *s, const char *name);

/* Writers.  `config_json` is a JSON object text with the configuration;
 * meta: version and seed.  They return -1 with err on an I/O error; files
 * are written to a temporary name and renamed, so a failure never leaves a
 * half-written file.
 *
 * JSON: {"format": "warpscope-stats-1", "version", "seed", "config",
 * "stats": {name: {"desc", ["scope", "instances": [...]], "total"} ...},
 * "launches": [{"kernel", "start", "end", "cycles", ["regs_per_thread",
 * "regs_source"], ["extra"], "stats":
 * {name: total or {"total", "instances"}}}], "tables": {name: {"desc",
 * "columns", "rows": [[key, v...]...]}}, "series": {"interval",
 * "columns": ["cycle", names...], "rows": [[cycle, v...]...], ["per_instance":
 * {"columns": [{"name", "scope", "count"}...], "rows": [[v...]...]}]}}
 * (per_instance: ws_stats_series_split; a row holds each column's
 * instances in turn, and row i belongs to the series' row i).
 * CSV: "cycle,name..." then one line per sample (cumulative totals). */
int ws_stats_write_json(const ws_stats *s, const char *path, const char *version, uint64_t seed,
                        const char *config_json, ws_error *err);
int ws_stats_write_csv(const ws_stats *s, const char *path, ws_error *err);
/* The same texts in memory (malloc'ed, NUL-terminated; caller frees). */
char *ws_stats_json_text(const ws_stats *s, const char *version, uint64_t seed,
                         const char *config_json);
char *ws_stats_csv_text(const ws_stats *s);
/* Write data to path whole (ws_file_write: a temporary file and a rename). */
int ws_stats_write_atomic(const char *path, const char *data, size_t len, ws_error *err);
/* Human summary of a launch (i) or of the totals (i == SIZE_MAX) to f. */
void ws_stats_print_summary(const ws_stats *s, size_t i, FILE *f);

#endif
