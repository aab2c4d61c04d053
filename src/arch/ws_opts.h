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
 * aborts with a message naming it). */
#ifndef WS_OPTS_H
#define WS_OPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/ws_error.h"

typedef enum ws_opt_type {
    WS_OPT_UINT = 0,        /* unsigned integer, [min, max] */
    WS_OPT_SIZE,            /* byte size: "48K", "768KB", "2M" (min/max in bytes) */
    WS_OPT_BOOL,            /* true/false, on/off, yes/no, 1/0 */
    WS_OPT_ENUM,            /* one of `choices` ("lru|fifo|random") */
    WS_OPT_DOUBLE,          /* real number, [dmin, dmax] */
    WS_OPT_STRING,          /* free text (e.g. the DRAM address map) */
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

typedef struct ws_preset {
    const char *name;       /* "gtx480" */
    const char *summary;    /* one line */
    const char *source;     /* papers / configs the values come from */
    const char *const *set; /* "key=value" overrides, NULL-terminated */
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
/* Set one key from a string; "key=value" form with ws_opts_set_kv. */
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

#endif
