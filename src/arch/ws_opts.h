/* ws_opts.h: the option table (every configuration key of the machine) and
 * the presets.
 *
 * One static table describes every key: name, type, default, allowed range
 * or choices, unit, help, and where the default comes from.  A ws_opts holds
 * one value per key; presets are named lists of overrides applied on top of
 * the defaults.  Values are set from strings ("48K", "lru", "true", "0.5")
 * by the command line (--set key=value), Lua (ws.gpu{["l1d.size"]="48K"})
 * and presets, and validated against the table: a bad key or value gives a
 * ws_error naming the key and the allowed range.  Components read values
 * with the typed getters (an unknown key there is a programming error and
 * aborts with a message naming it).
 *
 * The table is sorted by key name (getters binary-search it: fine at
 * configuration time, not meant for per-cycle use).  The table's defaults
 * are the gtx480 machine, so the gtx480 preset has no overrides of its own.
 * ENUM choices are listed in the order of the C enums that components use
 * (l1d.repl "lru|fifo|random" = ws_cache_repl, l1d.write = ws_cache_wpol,
 * *.write_alloc = ws_cache_walloc, *.alloc = ws_cache_alloc, *.hash =
 * ws_cache_hash, dram.sched = ws_dram_sched), so ws_opts_enum can be cast. */
#ifndef WS_OPTS_H
#define WS_OPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "util/ws_error.h"

typedef enum ws_opt_type {
    WS_OPT_UINT = 0,        /* unsigned integer, [min, max] */
    WS_OPT_SIZE,            /* byte size: "48K", "768KB", "2M" (min/max in bytes) */
    WS_OPT_BOOL,            /* true/false, on/off, yes/no, 1/0 */
    WS_OPT_ENUM,            /* one of `choices` ("lru|fifo|random") */
    WS_OPT_DOUBLE,          /* real number, [dmin, dmax] */
    WS_OPT_STRING,          /* free text (e.g. the DRAM address map), at most 255 bytes */
} ws_opt_type;

typedef struct ws_opt_def {
    const char *name;       /* "l1d.size" */
    ws_opt_type type;
    const char *def;        /* default, as a string */
    uint64_t min, max;      /* UINT / SIZE */
    double dmin, dmax;      /* DOUBLE */
    const char *choices;    /* ENUM: "lru|fifo|random" */
    const char *unit;       /* "cycles", "bytes", "MHz", "" */
    const char *help;       /* one line */
    const char *source;     /* where the default comes from ("GPGPU-Sim GTX480 config") */
} ws_opt_def;

/* One override of a preset, with where its value comes from. */
typedef struct ws_preset_val {
    const char *key;
    const char *value;
    const char *source;     /* "[paper] MTP Table II", "[choice] ...", "[derived] ..." */
} ws_preset_val;

typedef struct ws_preset {
    const char *name;       /* "gtx480" */
    const char *summary;    /* one line */
    const char *source;     /* papers / configs the values come from */
    const char *base;       /* preset applied first (NULL: the table's defaults) */
    const ws_preset_val *vals;  /* overrides, terminated by an entry with key NULL */
} ws_preset;

typedef struct ws_opts ws_opts;

size_t ws_opts_ndefs(void);
const ws_opt_def *ws_opts_def_at(size_t i);
const ws_opt_def *ws_opts_def_find(const char *name);
size_t ws_opts_npresets(void);
const ws_preset *ws_opts_preset_at(size_t i);
const ws_preset *ws_opts_preset_find(const char *name);
const char *ws_opts_default_preset(void);            /* "gtx480" */

/* New set of values: the defaults with the default preset applied. */
ws_opts *ws_opts_new(void);
ws_opts *ws_opts_copy(const ws_opts *o);
void ws_opts_free(ws_opts *o);
/* Reset to the defaults and apply a preset (error lists the presets). */
int ws_opts_apply_preset(ws_opts *o, const char *name, ws_error *err);
/* Set one key from a string; "key=value" form with ws_opts_set_kv.  The
 * value is checked against the key's type and range (not against other
 * keys: that is ws_opts_validate).  On error nothing changes. */
int ws_opts_set(ws_opts *o, const char *key, const char *value, ws_error *err);
int ws_opts_set_kv(ws_opts *o, const char *kv, ws_error *err);
/* Cross-key checks (geometry divisibility, impossible combinations). */
int ws_opts_validate(const ws_opts *o, ws_error *err);
const char *ws_opts_preset_name(const ws_opts *o);   /* preset last applied */

/* Typed getters (abort on an unknown key or a type mismatch). */
uint64_t ws_opts_uint(const ws_opts *o, const char *key);   /* UINT, SIZE, BOOL */
bool ws_opts_bool(const ws_opts *o, const char *key);
double ws_opts_double(const ws_opts *o, const char *key);
const char *ws_opts_str(const ws_opts *o, const char *key); /* STRING, ENUM (the choice) */
int ws_opts_enum(const ws_opts *o, const char *key);        /* ENUM: index in choices */
/* The value in canonical text ("49152", "lru", "true"); buf must hold 256. */
const char *ws_opts_text(const ws_opts *o, const char *key, char *buf, size_t size);
/* Whether the value differs from the preset's. */
bool ws_opts_changed(const ws_opts *o, const char *key);
/* Where the current value comes from: the preset's source for a value the
 * preset set, "set by the user" for a value changed with ws_opts_set, the
 * table's source otherwise. */
const char *ws_opts_source(const ws_opts *o, const char *key);

/* Peak DRAM bandwidth in MB/s (10^6 bytes per second): mem.channels *
 * dram.bus_bytes * dram.data_rate * clock.dram (MHz). */
uint64_t ws_opts_dram_peak_mbs(const ws_opts *o);

/* Every key and its value as one JSON object text, keys in table order,
 * numbers as JSON numbers (sizes in bytes), booleans, strings; plus
 * "preset".  Returned string is malloc'ed (caller frees). */
char *ws_opts_to_json(const ws_opts *o);

/* Human listings (warpscope --list-options / --list-presets): keys grouped
 * by prefix with type, current value (marked '*' when changed from the
 * preset), range or choices, help and source; presets with summary and
 * source.  A value's text for display: sizes as "48K" when exact. */
void ws_opts_print_list(const ws_opts *o, FILE *f);
void ws_opts_print_presets(FILE *f);
const char *ws_opts_display(const ws_opts *o, const char *key, char *buf, size_t size);
/* Range or choices of a key for display ("1..1024", "lru|fifo|random",
 * "1K..16M"). */
const char *ws_opts_range_text(const ws_opt_def *d, char *buf, size_t size);

#endif
