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
 * formatting). */
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
 * instances ("sm", "chan", "l2"); the total is their sum. */
void ws_stats_counter(ws_stats *s, const char *name, const char *desc, const char *scope,
                      const uint64_t *ptr, size_t count, size_t stride);
/* Derived value: fn(ctx, instance or -1 for the total) evaluated on output
 * and per launch (over the launch's deltas: fn receives a getter). */
typedef double (*ws_stats_getter)(void *gctx, const char *name, int instance);
typedef double (*ws_stats_derive_fn)(ws_stats_getter get, void *gctx, int instance);
void ws_stats_derived(ws_stats *s, const char *name, const char *desc, const char *scope,
                      size_t count, ws_stats_derive_fn fn);

/* Current value of a counter (sum over instances when instance < 0), or of
 * a derived value; NAN for an unknown name. */
double ws_stats_get(const ws_stats *s, const char *name, int instance);
size_t ws_stats_count(const ws_stats *s);
const char *ws_stats_name_at(const ws_stats *s, size_t i);

/* Tables: rows keyed by text, columns of counters, rows in first-seen
 * order.  ws_stats_table_row returns the row's counters (ncols of them),
 * zeroed when new; the pointer stays valid until the stats are freed. */
typedef struct ws_stats_table ws_stats_table;
ws_stats_table *ws_stats_table_new(ws_stats *s, const char *name, const char *desc,
                                   const char *const *cols, size_t ncols);
uint64_t *ws_stats_table_row(ws_stats_table *t, const char *key);

/* Launch snapshots. */
void ws_stats_begin(ws_stats *s, const char *kernel, uint64_t cycle);
void ws_stats_end(ws_stats *s, uint64_t cycle, const char *extra_json);
size_t ws_stats_nlaunches(const ws_stats *s);
/* Counter delta of launch i. */
double ws_stats_launch_get(const ws_stats *s, size_t i, const char *name, int instance);

/* Time series: sample every `interval` cycles the named counters (totals). */
int ws_stats_series(ws_stats *s, uint64_t interval, const char *const *names, size_t n,
                    ws_error *err);
/* Called by the engine at every cycle it reaches (and for skipped spans:
 * it records every multiple of the interval in [from, to]). */
void ws_stats_sample(ws_stats *s, uint64_t cycle);
uint64_t ws_stats_next_sample(const ws_stats *s);     /* UINT64_MAX when none */

/* Writers.  `config_json` is a JSON object text with the configuration;
 * meta: version and seed.  They return -1 with err on an I/O error; files
 * are written to a temporary name and renamed, so a failure never leaves a
 * half-written file. */
int ws_stats_write_json(const ws_stats *s, const char *path, const char *version, uint64_t seed,
                        const char *config_json, ws_error *err);
int ws_stats_write_csv(const ws_stats *s, const char *path, ws_error *err);
/* Human summary of a launch (i) or of the totals (i == SIZE_MAX) to f. */
void ws_stats_print_summary(const ws_stats *s, size_t i, FILE *f);

#endif
