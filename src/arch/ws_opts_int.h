/* ws_opts_int.h: internals shared by the option files (ws_opts.c, the
 * table, the presets, the checks and the listings).  Not for components:
 * they use ws_opts.h. */
#ifndef WS_OPTS_INT_H
#define WS_OPTS_INT_H

#include "arch/ws_opts.h"

/* The table, sorted by name (strcmp order, no duplicates). */
extern const ws_opt_def ws_opts_table[];
extern const size_t ws_opts_table_len;
/* The presets; the first is the default. */
extern const ws_preset ws_opts_presets[];
extern const size_t ws_opts_presets_len;

/* One value: u for UINT/SIZE/BOOL/ENUM (the choice's index), d for DOUBLE,
 * s (owned) for STRING and ENUM (the choice's name). */
typedef struct ws_opt_val {
    uint64_t u;
    double d;
    char *s;
} ws_opt_val;

struct ws_opts {
    ws_opt_val *v;          /* current values, one per table entry */
    ws_opt_val *base;       /* the values right after the preset was applied */
    const char **src;       /* where each value comes from (static strings) */
    const ws_preset *preset;
};

/* Index of a key in the table, or -1. */
long ws_opts_index(const char *name);
/* Parse `text` as a value of key d (type and range); on error fills err
 * with a sentence naming the key, the text and what is allowed. */
int ws_opts_parse(const ws_opt_def *d, const char *text, ws_opt_val *out, ws_error *err);
/* Choice number n of an ENUM (pointer into choices, length in *len), or
 * NULL when there is no such choice. */
const char *ws_opts_choice(const ws_opt_def *d, uint64_t n, size_t *len);
/* Size in bytes as "48K" / "2M" when exact, else the number of bytes. */
const char *ws_opts_size_text(uint64_t v, char *buf, size_t size);

#endif
