/* ws_opts.c: values of the option table: parsing from text, presets,
 * typed getters.  Cross-key checks are in ws_opts_check.c, listings and
 * JSON in ws_opts_list.c. */
#include "arch/ws_opts_int.h"

#include "util/ws_util.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char SET_BY_USER[] = "set by the user";

/* ------------------------------------------------------------ table access */

size_t ws_opts_ndefs(void)
{
    return ws_opts_table_len;
}

const ws_opt_def *ws_opts_def_at(size_t i)
{
    return i < ws_opts_table_len ? &ws_opts_table[i] : NULL;
}

long ws_opts_index(const char *name)
{
    size_t lo = 0, hi = ws_opts_table_len;
    if (!name)
        return -1;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(name, ws_opts_table[mid].name);
        if (c == 0)
            return (long)mid;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return -1;
}

const ws_opt_def *ws_opts_def_find(const char *name)
{
    long i = ws_opts_index(name);
    return i < 0 ? NULL : &ws_opts_table[i];
}

size_t ws_opts_npresets(void)
{
    return ws_opts_presets_len;
}

const ws_preset *ws_opts_preset_at(size_t i)
{
    return i < ws_opts_presets_len ? &ws_opts_presets[i] : NULL;
}

const ws_preset *ws_opts_preset_find(const char *name)
{
    for (size_t i = 0; name && i < ws_opts_presets_len; i++)
        if (strcmp(ws_opts_presets[i].name, name) == 0)
            return &ws_opts_presets[i];
    return NULL;
}

const char *ws_opts_default_preset(void)
{
    return ws_opts_presets[0].name;
}

const char *ws_opts_choice(const ws_opt_def *d, uint64_t n, size_t *len)
{
    const char *p = d->choices;
    if (!p)
        return NULL;
    for (uint64_t i = 0; *p; i++) {
        const char *bar = strchr(p, '|');
        size_t l = bar ? (size_t)(bar - p) : strlen(p);
        if (i == n) {
            *len = l;
            return p;
        }
        if (!bar)
            break;
        p = bar + 1;
    }
    return NULL;
}

const char *ws_opts_size_text(uint64_t v, char *buf, size_t size)
{
    static const char suffix[] = "KMG";
    int k = -1;
    while (k < 2 && v != 0 && v % 1024 == 0) {
        v /= 1024;
        k++;
    }
    if (k < 0)
        snprintf(buf, size, "%" PRIu64, v);
    else
        snprintf(buf, size, "%" PRIu64 "%c", v, suffix[k]);
    return buf;
}

const char *ws_opts_range_text(const ws_opt_def *d, char *buf, size_t size)
{
    char a[32], b[32];
    switch (d->type) {
    case WS_OPT_UINT:
        if (d->max == UINT64_MAX)
            snprintf(buf, size, "%" PRIu64 " or more", d->min);
        else
            snprintf(buf, size, "%" PRIu64 "..%" PRIu64, d->min, d->max);
        break;
    case WS_OPT_SIZE:
        snprintf(buf, size, "%s..%s", ws_opts_size_text(d->min, a, sizeof a),
                 ws_opts_size_text(d->max, b, sizeof b));
        break;
    case WS_OPT_BOOL:
        snprintf(buf, size, "true|false");
        break;
    case WS_OPT_ENUM:
        snprintf(buf, size, "%s", d->choices);
        break;
    case WS_OPT_DOUBLE:
        snprintf(buf, size, "%g..%g", d->dmin, d->dmax);
        break;
    case WS_OPT_STRING:
        snprintf(buf, size, "text");
        break;
    }
    return buf;
}

/* ------------------------------------------------------------------ parsing */

static int parse_u64(const char *s, uint64_t *out)
{
    int base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
    }
    if (!isxdigit((unsigned char)*s))
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, base);
    if (errno || *end)
        return -1;
    *out = v;
    return 0;
}

/* User input in a message: control characters and escape sequences never
 * reach the terminal raw (ws_str_quote), and at most 200 bytes of it. */
#define QUOTE(buf, s) ws_str_quote((buf), sizeof (buf), (s), strlen(s), 200)

static int range_error(const ws_opt_def *d, const char *text, const char *what, ws_error *err)
{
    char r[160], q[810];
    ws_opts_range_text(d, r, sizeof r);
    text = QUOTE(q, text);
    return ws_error_set(err, WS_E_RANGE, "option '%s': '%s' %s (allowed: %s%s%s)", d->name, text,
                        what, r, d->unit && *d->unit ? " " : "", d->unit ? d->unit : "");
}

int ws_opts_parse(const ws_opt_def *d, const char *text, ws_opt_val *out, ws_error *err)
{
    out->u = 0;
    out->d = 0;
    out->s = NULL;
    if (!text)
        text = "";
    switch (d->type) {
    case WS_OPT_UINT:
        if (parse_u64(text, &out->u) != 0)
            return range_error(d, text, "is not an unsigned integer", err);
        if (out->u < d->min || out->u > d->max)
            return range_error(d, text, "is out of range", err);
        return 0;
    case WS_OPT_SIZE:
        /* No leading blanks or signs, and no octal surprise ("010K"). */
        if (!isdigit((unsigned char)text[0]) || (text[0] == '0' && isdigit((unsigned char)text[1])) ||
            ws_parse_size(text, &out->u) != 0)
            return range_error(d, text, "is not a size (bytes with an optional K, M or G suffix, e.g. 48K)",
                               err);
        if (out->u < d->min || out->u > d->max)
            return range_error(d, text, "is out of range", err);
        return 0;
    case WS_OPT_BOOL: {
        static const char *const yes[] = { "true", "on", "yes", "1" };
        static const char *const no[] = { "false", "off", "no", "0" };
        for (size_t i = 0; i < 4; i++) {
            if (strcasecmp(text, yes[i]) == 0) {
                out->u = 1;
                return 0;
            }
            if (strcasecmp(text, no[i]) == 0)
                return 0;
        }
        char q[810];
        return ws_error_set(err, WS_E_RANGE,
                            "option '%s': '%s' is not a boolean (allowed: true|false, on|off, yes|no, 1|0)",
                            d->name, QUOTE(q, text));
    }
    case WS_OPT_ENUM: {
        size_t len, n = strlen(text);
        for (uint64_t i = 0; ws_opts_choice(d, i, &len); i++) {
            const char *c = ws_opts_choice(d, i, &len);
            if (len == n && strncasecmp(c, text, n) == 0) {
                out->u = i;
                out->s = ws_xstrndup(c, len);
                return 0;
            }
        }
        char q[810];
        return ws_error_set(err, WS_E_RANGE, "option '%s': '%s' is not one of %s", d->name, QUOTE(q, text),
                            d->choices);
    }
    case WS_OPT_DOUBLE: {
        char *end;
        errno = 0;
        double v = strtod(text, &end);
        if (!*text || isspace((unsigned char)*text) || *end || errno || !isfinite(v))
            return range_error(d, text, "is not a number", err);
        if (v < d->dmin || v > d->dmax)
            return range_error(d, text, "is out of range", err);
        out->d = v;
        return 0;
    }
    case WS_OPT_STRING: {
        size_t n = strlen(text);
        if (n > 255)
            return ws_error_set(err, WS_E_RANGE, "option '%s': the value is %zu bytes long (at most 255)",
                                d->name, n);
        for (size_t i = 0; i < n; i++)
            if (iscntrl((unsigned char)text[i]))
                return ws_error_set(err, WS_E_RANGE,
                                    "option '%s': the value contains a control character (byte %zu)",
                                    d->name, i + 1);
        out->s = ws_xstrdup(text);
        return 0;
    }
    }
    return ws_error_set(err, WS_E_STATE, "option '%s': bad type in the option table", d->name);
}

/* ------------------------------------------------------------------ values */

static void val_free(ws_opt_val *v)
{
    free(v->s);
    v->s = NULL;
}

static void val_copy(ws_opt_val *dst, const ws_opt_val *src)
{
    free(dst->s);
    *dst = *src;
    dst->s = src->s ? ws_xstrdup(src->s) : NULL;
}

static bool val_equal(const ws_opt_def *d, const ws_opt_val *a, const ws_opt_val *b)
{
    switch (d->type) {
    case WS_OPT_DOUBLE:
        return a->d == b->d;
    case WS_OPT_STRING:
        return strcmp(a->s ? a->s : "", b->s ? b->s : "") == 0;
    default:
        return a->u == b->u;
    }
}

static void reset_defaults(ws_opts *o)
{
    for (size_t i = 0; i < ws_opts_table_len; i++) {
        const ws_opt_def *d = &ws_opts_table[i];
        ws_error err;
        val_free(&o->v[i]);
        if (ws_opts_parse(d, d->def, &o->v[i], &err) != 0) {
            fprintf(stderr, "warpscope: internal error: default of %s: %s\n", d->name, err.msg);
            abort();
        }
        o->src[i] = d->source;
    }
    o->preset = NULL;
}

static ws_opts *opts_alloc(void)
{
    ws_opts *o = ws_xcalloc(1, sizeof *o);
    o->v = ws_xcalloc(ws_opts_table_len, sizeof *o->v);
    o->base = ws_xcalloc(ws_opts_table_len, sizeof *o->base);
    o->src = ws_xcalloc(ws_opts_table_len, sizeof *o->src);
    return o;
}

ws_opts *ws_opts_new(void)
{
    ws_opts *o = opts_alloc();
    ws_error err;
    if (ws_opts_apply_preset(o, ws_opts_default_preset(), &err) != 0) {
        fprintf(stderr, "warpscope: internal error: %s\n", err.msg);
        abort();
    }
    return o;
}

ws_opts *ws_opts_copy(const ws_opts *o)
{
    ws_opts *c = opts_alloc();
    for (size_t i = 0; i < ws_opts_table_len; i++) {
        val_copy(&c->v[i], &o->v[i]);
        val_copy(&c->base[i], &o->base[i]);
        c->src[i] = o->src[i];
    }
    c->preset = o->preset;
    return c;
}

void ws_opts_free(ws_opts *o)
{
    if (!o)
        return;
    for (size_t i = 0; i < ws_opts_table_len; i++) {
        val_free(&o->v[i]);
        val_free(&o->base[i]);
    }
    free(o->v);
    free(o->base);
    free(o->src);
    free(o);
}

static int apply_vals(ws_opts *o, const ws_preset *p, int depth, ws_error *err)
{
    if (depth > 8)
        return ws_error_set(err, WS_E_STATE, "preset '%s': its base presets form a loop", p->name);
    if (p->base) {
        const ws_preset *b = ws_opts_preset_find(p->base);
        if (!b)
            return ws_error_set(err, WS_E_STATE, "preset '%s': unknown base preset '%s'", p->name,
                                p->base);
        if (apply_vals(o, b, depth + 1, err) != 0)
            return -1;
    }
    for (const ws_preset_val *pv = p->vals; pv && pv->key; pv++) {
        long i = ws_opts_index(pv->key);
        if (i < 0)
            return ws_error_set(err, WS_E_STATE, "preset '%s': unknown option '%s'", p->name, pv->key);
        ws_opt_val v;
        if (ws_opts_parse(&ws_opts_table[i], pv->value, &v, err) != 0)
            return ws_error_prefix(err, "preset '%s': ", p->name);
        val_free(&o->v[i]);
        o->v[i] = v;
        o->src[i] = pv->source;
    }
    return 0;
}

static int list_presets_error(const char *name, ws_error *err)
{
    char list[512];
    size_t n = 0;
    list[0] = '\0';
    for (size_t i = 0; i < ws_opts_presets_len && n < sizeof list; i++)
        n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", ws_opts_presets[i].name);
    char q[810];
    return ws_error_set(err, WS_E_RANGE, "unknown preset '%s' (presets: %s)", QUOTE(q, name ? name : ""), list);
}

int ws_opts_apply_preset(ws_opts *o, const char *name, ws_error *err)
{
    const ws_preset *p = ws_opts_preset_find(name);
    if (!p)
        return list_presets_error(name, err);
    ws_opts *t = opts_alloc();
    reset_defaults(t);
    if (apply_vals(t, p, 0, err) != 0) {
        ws_opts_free(t);
        return -1;
    }
    for (size_t i = 0; i < ws_opts_table_len; i++) {
        val_copy(&o->v[i], &t->v[i]);
        val_copy(&o->base[i], &t->v[i]);
        o->src[i] = t->src[i];
    }
    o->preset = p;
    ws_opts_free(t);
    return 0;
}

/* Edit distance, for "did you mean" (keys are short). */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63)
        return SIZE_MAX;
    size_t row[64];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

static int unknown_key_error(const char *key, size_t len, ws_error *err)
{
    char q[810];
    ws_str_quote(q, sizeof q, key, len, 200);
    size_t best = SIZE_MAX;
    const char *near = NULL;
    for (size_t i = 0; i < ws_opts_table_len; i++) {
        size_t d = edit_distance(key, ws_opts_table[i].name);
        if (d < best) {
            best = d;
            near = ws_opts_table[i].name;
        }
    }
    if (near && best <= 2)
        return ws_error_set(err, WS_E_RANGE, "unknown option '%s' (did you mean '%s'? see warpscope --list-options)",
                            q, near);
    return ws_error_set(err, WS_E_RANGE, "unknown option '%s' (see warpscope --list-options)", q);
}

int ws_opts_set(ws_opts *o, const char *key, const char *value, ws_error *err)
{
    long i = ws_opts_index(key);
    if (i < 0)
        return unknown_key_error(key ? key : "", key ? strlen(key) : 0, err);
    ws_opt_val v;
    if (ws_opts_parse(&ws_opts_table[i], value, &v, err) != 0)
        return -1;
    val_free(&o->v[i]);
    o->v[i] = v;
    o->src[i] = SET_BY_USER;
    return 0;
}

int ws_opts_set_kv(ws_opts *o, const char *kv, ws_error *err)
{
    const char *eq = kv ? strchr(kv, '=') : NULL;
    char q[810];
    if (!eq || eq == kv)
        return ws_error_set(err, WS_E_PARSE, "'%s' is not KEY=VALUE (e.g. l1d.size=48K)", QUOTE(q, kv ? kv : ""));
    char key[128];
    size_t n = (size_t)(eq - kv);
    if (n >= sizeof key)
        return unknown_key_error(kv, n, err);   /* (the key, not its value) */
    memcpy(key, kv, n);
    key[n] = '\0';
    return ws_opts_set(o, key, eq + 1, err);
}

const char *ws_opts_preset_name(const ws_opts *o)
{
    return o->preset ? o->preset->name : "";
}

/* ------------------------------------------------------------------ getters */

static const ws_opt_def *must_find(const char *key, long *idx)
{
    long i = ws_opts_index(key);
    if (i < 0) {
        fprintf(stderr, "warpscope: internal error: unknown option key '%s'\n", key ? key : "(null)");
        abort();
    }
    *idx = i;
    return &ws_opts_table[i];
}

static void type_mismatch(const ws_opt_def *d, const char *want)
{
    fprintf(stderr, "warpscope: internal error: option '%s' read as %s\n", d->name, want);
    abort();
}

uint64_t ws_opts_uint(const ws_opts *o, const char *key)
{
    long i;
    const ws_opt_def *d = must_find(key, &i);
    if (d->type != WS_OPT_UINT && d->type != WS_OPT_SIZE && d->type != WS_OPT_BOOL)
        type_mismatch(d, "an unsigned integer");
    return o->v[i].u;
}

bool ws_opts_bool(const ws_opts *o, const char *key)
{
    long i;
    const ws_opt_def *d = must_find(key, &i);
    if (d->type != WS_OPT_BOOL)
        type_mismatch(d, "a boolean");
    return o->v[i].u != 0;
}

double ws_opts_double(const ws_opts *o, const char *key)
{
    long i;
    const ws_opt_def *d = must_find(key, &i);
    if (d->type == WS_OPT_DOUBLE)
        return o->v[i].d;
    if (d->type == WS_OPT_UINT || d->type == WS_OPT_SIZE)
        return (double)o->v[i].u;
    type_mismatch(d, "a number");
    return 0;
}

const char *ws_opts_str(const ws_opts *o, const char *key)
{
    long i;
    const ws_opt_def *d = must_find(key, &i);
    if (d->type == WS_OPT_STRING)
        return o->v[i].s ? o->v[i].s : "";
    if (d->type != WS_OPT_ENUM)
        type_mismatch(d, "text");
    return o->v[i].s;      /* the choice's name, kept with the value */
}

int ws_opts_enum(const ws_opts *o, const char *key)
{
    long i;
    const ws_opt_def *d = must_find(key, &i);
    if (d->type != WS_OPT_ENUM)
        type_mismatch(d, "an enumeration");
    return (int)o->v[i].u;
}

const char *ws_opts_text(const ws_opts *o, const char *key, char *buf, size_t size)
{
    long i;
    const ws_opt_def *d = must_find(key, &i);
    const ws_opt_val *v = &o->v[i];
    size_t len;
    const char *c;
    switch (d->type) {
    case WS_OPT_UINT:
    case WS_OPT_SIZE:
        snprintf(buf, size, "%" PRIu64, v->u);
        break;
    case WS_OPT_BOOL:
        snprintf(buf, size, "%s", v->u ? "true" : "false");
        break;
    case WS_OPT_ENUM:
        c = ws_opts_choice(d, v->u, &len);
        snprintf(buf, size, "%.*s", (int)(c ? len : 0), c ? c : "");
        break;
    case WS_OPT_DOUBLE:
        snprintf(buf, size, "%.17g", v->d);
        break;
    case WS_OPT_STRING:
        snprintf(buf, size, "%s", v->s ? v->s : "");
        break;
    }
    return buf;
}

const char *ws_opts_display(const ws_opts *o, const char *key, char *buf, size_t size)
{
    long i;
    const ws_opt_def *d = must_find(key, &i);
    if (d->type == WS_OPT_SIZE)
        return ws_opts_size_text(o->v[i].u, buf, size);
    if (d->type == WS_OPT_DOUBLE) {
        snprintf(buf, size, "%g", o->v[i].d);
        return buf;
    }
    return ws_opts_text(o, key, buf, size);
}

bool ws_opts_changed(const ws_opts *o, const char *key)
{
    long i;
    const ws_opt_def *d = must_find(key, &i);
    return !val_equal(d, &o->v[i], &o->base[i]);
}

const char *ws_opts_source(const ws_opts *o, const char *key)
{
    long i;
    must_find(key, &i);
    return o->src[i] ? o->src[i] : "";
}

uint64_t ws_opts_dram_peak_mbs(const ws_opts *o)
{
    return ws_opts_uint(o, "mem.channels") * ws_opts_uint(o, "dram.bus_bytes") *
           ws_opts_uint(o, "dram.data_rate") * ws_opts_uint(o, "clock.dram");
}
