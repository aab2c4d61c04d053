/* ws_stats.c: the registry of counters and derived values, tables with
 * dynamic rows, and per-launch snapshots.  Time series are in ws_series.c,
 * writers in ws_stats_out.c. */
#include "stats/ws_stats_int.h"
#include "stats/ws_json.h"

#include "util/ws_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t ws_stats_hash_str(const char *s)
{
    uint64_t h = 14695981039346656037ull;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ull;
    }
    return h;
}

/* Open-addressing index of strings: slots hold position + 1. */
static long index_find(const uint32_t *hash, size_t hcap, const char *key, char *const *names,
                       size_t name_stride)
{
    if (hcap == 0)
        return -1;
    size_t mask = hcap - 1;
    for (size_t i = (size_t)ws_stats_hash_str(key) & mask;; i = (i + 1) & mask) {
        uint32_t v = hash[i];
        if (v == 0)
            return -1;
        const char *name = *(char *const *)((const char *)names + (size_t)(v - 1) * name_stride);
        if (strcmp(name, key) == 0)
            return (long)(v - 1);
    }
}

static void index_insert(uint32_t *hash, size_t hcap, const char *key, size_t pos)
{
    size_t mask = hcap - 1;
    size_t i = (size_t)ws_stats_hash_str(key) & mask;
    while (hash[i] != 0)
        i = (i + 1) & mask;
    hash[i] = (uint32_t)(pos + 1);
}

/* Grow the index to keep it at most half full; `n` entries exist, one more comes. */
static void index_grow(uint32_t **hash, size_t *hcap, size_t n, char *const *names, size_t name_stride)
{
    if ((n + 1) * 2 <= *hcap)
        return;
    size_t cap = *hcap ? *hcap * 2 : 64;
    while ((n + 1) * 2 > cap)
        cap *= 2;
    free(*hash);
    *hash = ws_xcalloc(cap, sizeof **hash);
    *hcap = cap;
    for (size_t i = 0; i < n; i++)
        index_insert(*hash, cap, *(char *const *)((const char *)names + i * name_stride), i);
}

/* ----------------------------------------------------------------- registry */

ws_stats *ws_stats_new(void)
{
    return ws_xcalloc(1, sizeof(ws_stats));
}

static void table_free(ws_stats_table *t)
{
    free(t->name);
    free(t->desc);
    for (size_t i = 0; i < t->ncols; i++)
        free(t->cols[i]);
    free(t->cols);
    for (size_t i = 0; i < t->nrows; i++)
        free(t->keys[i]);
    free(t->keys);
    for (size_t i = 0; i < t->nchunks; i++)
        free(t->chunks[i]);
    free(t->chunks);
    free(t->hash);
    free(t->ord);
    free(t->perm);
    free(t);
}

void ws_stats_free(ws_stats *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->n; i++) {
        free(s->st[i].name);
        free(s->st[i].desc);
        free(s->st[i].scope);
    }
    free(s->st);
    free(s->hash);
    for (size_t i = 0; i < s->nwarn; i++)
        free(s->warn[i]);
    free(s->warn);
    for (size_t i = 0; i < s->nsec; i++)
        free(s->sec[i].name);
    free(s->sec);
    for (size_t i = 0; i < s->ntables; i++)
        table_free(s->tables[i]);
    free(s->tables);
    for (size_t i = 0; i < s->nlaunches; i++) {
        free(s->launches[i].kernel);
        free(s->launches[i].extra);
        free(s->launches[i].delta);
    }
    free(s->launches);
    free(s->kernel);
    free(s->snap);
    free(s->ser);
    free(s->samples);
    free(s->spl);
    free(s->spl_samples);
    free(s);
}

long ws_stats_find(const ws_stats *s, const char *name)
{
    if (!name || s->n == 0)
        return -1;
    return index_find(s->hash, s->hcap, name, &s->st[0].name, sizeof(ws_stat));
}

static ws_stat *add(ws_stats *s, const char *name, const char *desc, const char *scope)
{
    if (!name || !*name) {
        fprintf(stderr, "warpscope: internal error: statistic registered without a name\n");
        abort();
    }
    if (ws_stats_find(s, name) >= 0) {
        fprintf(stderr, "warpscope: internal error: statistic '%s' registered twice\n", name);
        abort();
    }
    WS_GROW(s->st, s->cap, s->n + 1);
    index_grow(&s->hash, &s->hcap, s->n, &s->st[0].name, sizeof(ws_stat));
    ws_stat *st = &s->st[s->n];
    memset(st, 0, sizeof *st);
    st->name = ws_xstrdup(name);
    st->desc = ws_xstrdup(desc ? desc : "");
    st->scope = ws_xstrdup(scope ? scope : "");
    index_insert(s->hash, s->hcap, name, s->n);
    s->n++;
    return st;
}

void ws_stats_counter(ws_stats *s, const char *name, const char *desc, const char *scope,
                      const uint64_t *ptr, size_t count, size_t stride)
{
    ws_stat *st = add(s, name, desc, scope);
    st->ptr = ptr;
    st->count = ptr ? count : 0;
    st->stride = stride;
    st->off = s->ninst;
    s->ninst += st->count;
}

void ws_stats_warning(ws_stats *s, const char *text)
{
    WS_GROW(s->warn, s->cap_warn, s->nwarn + 1);
    s->warn[s->nwarn++] = ws_xstrdup(text ? text : "");
}

size_t ws_stats_nwarnings(const ws_stats *s) { return s->nwarn; }

const char *ws_stats_warning_at(const ws_stats *s, size_t i) { return i < s->nwarn ? s->warn[i] : NULL; }

void ws_stats_gauge(ws_stats *s, const char *name, const char *desc, const uint64_t *ptr)
{
    ws_stats_counter(s, name, desc, "", ptr, 1, 0);
    s->st[s->n - 1].gauge = true;
}

void ws_stats_derived(ws_stats *s, const char *name, const char *desc, const char *scope,
                      size_t count, ws_stats_derive_fn fn)
{
    ws_stat *st = add(s, name, desc, scope);
    st->derived = true;
    st->count = count;
    st->fn = fn;
}

void ws_stats_derived_ctx(ws_stats *s, const char *name, const char *desc, const char *scope,
                          size_t count, ws_stats_derive_ufn fn, void *user)
{
    ws_stat *st = add(s, name, desc, scope);
    st->derived = true;
    st->count = count;
    st->ufn = fn;
    st->user = user;
}

uint64_t ws_stats_counter_value(const ws_stat *st, size_t instance)
{
    return *(const uint64_t *)((const char *)st->ptr + instance * st->stride);
}

uint64_t ws_stats_counter_total(const ws_stat *st)
{
    uint64_t t = 0;
    for (size_t i = 0; i < st->count; i++)
        t += ws_stats_counter_value(st, i);
    return t;
}

size_t ws_stats_count(const ws_stats *s)
{
    return s->n;
}

const char *ws_stats_name_at(const ws_stats *s, size_t i)
{
    return i < s->n ? s->st[i].name : NULL;
}

bool ws_stats_info_at(const ws_stats *s, size_t i, ws_stats_info *out)
{
    if (i >= s->n)
        return false;
    const ws_stat *st = &s->st[i];
    out->name = st->name;
    out->desc = st->desc;
    out->scope = st->scope;
    out->count = st->count;
    out->derived = st->derived;
    return true;
}

/* -------------------------------------------------------------- evaluation */

typedef struct eval_ctx {
    const ws_stats *s;
    const ws_launch *l;
    int depth;
} eval_ctx;

static double eval(const eval_ctx *c, size_t k, int instance);

static double getter(void *gctx, const char *name, int instance)
{
    const eval_ctx *c = gctx;
    if (name && name[0] == '@') {
        if (!c->l) return NAN;
        if (!strcmp(name, "@start")) return (double)c->l->start;
        if (!strcmp(name, "@end")) return (double)c->l->end;
        return NAN;
    }
    long k = ws_stats_find(c->s, name);
    if (k < 0 || c->depth >= 16)      /* unknown, or derived values in a cycle */
        return NAN;
    eval_ctx sub = { c->s, c->l, c->depth + 1 };
    return eval(&sub, (size_t)k, instance);
}

static uint64_t slot_value(const eval_ctx *c, const ws_stat *st, size_t i)
{
    if (!c->l)
        return ws_stats_counter_value(st, i);
    size_t slot = st->off + i;
    return slot < c->l->ndelta ? c->l->delta[slot] : 0;
}

static double eval(const eval_ctx *c, size_t k, int instance)
{
    const ws_stat *st = &c->s->st[k];
    if (st->derived) {
        if (instance >= 0 && (size_t)instance >= st->count)
            return NAN;
        if (st->ufn)
            return st->ufn(getter, (void *)c, instance < 0 ? -1 : instance, st->user);
        return st->fn(getter, (void *)c, instance < 0 ? -1 : instance);
    }
    if (instance >= 0) {
        if ((size_t)instance >= st->count)
            return NAN;
        return (double)slot_value(c, st, (size_t)instance);
    }
    uint64_t t = 0;
    for (size_t i = 0; i < st->count; i++)
        t += slot_value(c, st, i);
    return (double)t;
}

double ws_stats_eval(const ws_stats *s, const ws_launch *l, size_t k, int instance)
{
    eval_ctx c = { s, l, 0 };
    return eval(&c, k, instance);
}

void ws_stats_section(ws_stats *s, const char *name, ws_stats_section_fn fn, void *user)
{
    WS_GROW(s->sec, s->cap_sec, s->nsec + 1);
    s->sec[s->nsec].name = ws_xstrdup(name);
    s->sec[s->nsec].fn = fn;
    s->sec[s->nsec++].user = user;
}

void ws_stats_put_sections(const ws_stats *s, const ws_launch *l, struct ws_json *j)
{
    for (size_t i = 0; i < s->nsec; i++) {
        eval_ctx c = { s, l, 0 };
        ws_json_key(j, s->sec[i].name);
        s->sec[i].fn(j, getter, &c, s->sec[i].user);
    }
}

double ws_stats_get(const ws_stats *s, const char *name, int instance)
{
    long k = ws_stats_find(s, name);
    return k < 0 ? NAN : ws_stats_eval(s, NULL, (size_t)k, instance);
}

uint64_t ws_stats_get_u64(const ws_stats *s, const char *name, int instance)
{
    long k = ws_stats_find(s, name);
    if (k < 0 || s->st[k].derived)
        return 0;
    const ws_stat *st = &s->st[k];
    if (instance < 0)
        return ws_stats_counter_total(st);
    return (size_t)instance < st->count ? ws_stats_counter_value(st, (size_t)instance) : 0;
}

/* ------------------------------------------------------------------ tables */

ws_stats_table *ws_stats_table_new(ws_stats *s, const char *name, const char *desc,
                                   const char *const *cols, size_t ncols)
{
    if (ws_stats_table_find(s, name)) {
        fprintf(stderr, "warpscope: internal error: statistics table '%s' created twice\n", name);
        abort();
    }
    ws_stats_table *t = ws_xcalloc(1, sizeof *t);
    t->name = ws_xstrdup(name ? name : "");
    t->desc = ws_xstrdup(desc ? desc : "");
    t->ncols = ncols;
    t->cols = ws_xcalloc(ncols ? ncols : 1, sizeof *t->cols);
    for (size_t i = 0; i < ncols; i++)
        t->cols[i] = ws_xstrdup(cols[i] ? cols[i] : "");
    WS_GROW(s->tables, s->cap_tables, s->ntables + 1);
    s->tables[s->ntables++] = t;
    return t;
}

static uint64_t *row_values(const ws_stats_table *t, size_t raw)
{
    size_t w = t->ncols ? t->ncols : 1;
    return t->chunks[raw / WS_STATS_CHUNK] + (raw % WS_STATS_CHUNK) * w;
}

uint64_t *ws_stats_table_row_ord(ws_stats_table *t, const char *key, uint64_t ord)
{
    if (!key)
        key = "";
    long r = index_find(t->hash, t->hcap, key, t->keys, sizeof(char *));
    if (r < 0) {
        size_t row = t->nrows;
        if (row % WS_STATS_CHUNK == 0) {
            WS_GROW(t->chunks, t->cap_chunks, t->nchunks + 1);
            size_t n = (size_t)WS_STATS_CHUNK * (t->ncols ? t->ncols : 1);
            t->chunks[t->nchunks++] = ws_xcalloc(n, sizeof(uint64_t));
        }
        size_t cap = t->cap_keys;
        WS_GROW(t->keys, t->cap_keys, row + 1);
        if (t->cap_keys != cap) {
            t->ord = ws_xrealloc(t->ord, t->cap_keys * sizeof *t->ord);
            t->perm = ws_xrealloc(t->perm, t->cap_keys * sizeof *t->perm);
        }
        index_grow(&t->hash, &t->hcap, row, t->keys, sizeof(char *));
        t->keys[row] = ws_xstrdup(key);
        index_insert(t->hash, t->hcap, key, row);
        /* the place in reading order: after every row of a smaller or
         * equal sort key */
        size_t lo = 0, hi = row;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (t->ord[t->perm[mid]] <= ord) lo = mid + 1;
            else hi = mid;
        }
        memmove(&t->perm[lo + 1], &t->perm[lo], (row - lo) * sizeof *t->perm);
        t->perm[lo] = row;
        t->ord[row] = ord;
        t->nrows++;
        r = (long)row;
    }
    return row_values(t, (size_t)r);
}

uint64_t *ws_stats_table_row(ws_stats_table *t, const char *key)
{
    return ws_stats_table_row_ord(t, key, t->nrows);
}

size_t ws_stats_ntables(const ws_stats *s)
{
    return s->ntables;
}

ws_stats_table *ws_stats_table_at(const ws_stats *s, size_t i)
{
    return i < s->ntables ? s->tables[i] : NULL;
}

ws_stats_table *ws_stats_table_find(const ws_stats *s, const char *name)
{
    for (size_t i = 0; name && i < s->ntables; i++)
        if (strcmp(s->tables[i]->name, name) == 0)
            return s->tables[i];
    return NULL;
}

const char *ws_stats_table_name(const ws_stats_table *t)
{
    return t->name;
}

size_t ws_stats_table_ncols(const ws_stats_table *t)
{
    return t->ncols;
}

const char *ws_stats_table_col(const ws_stats_table *t, size_t col)
{
    return col < t->ncols ? t->cols[col] : NULL;
}

size_t ws_stats_table_nrows(const ws_stats_table *t)
{
    return t->nrows;
}

const char *ws_stats_table_key(const ws_stats_table *t, size_t row)
{
    return row < t->nrows ? t->keys[t->perm[row]] : NULL;
}

const uint64_t *ws_stats_table_values(const ws_stats_table *t, size_t row)
{
    return row < t->nrows ? row_values(t, t->perm[row]) : NULL;
}

/* ---------------------------------------------------------------- launches */

static void snapshot(const ws_stats *s, uint64_t *out)
{
    for (size_t k = 0; k < s->n; k++) {
        const ws_stat *st = &s->st[k];
        if (st->derived)
            continue;
        for (size_t i = 0; i < st->count; i++)
            out[st->off + i] = ws_stats_counter_value(st, i);
    }
}

void ws_stats_begin(ws_stats *s, const char *kernel, uint64_t cycle)
{
    free(s->kernel);
    s->kernel = ws_xstrdup(kernel ? kernel : "");
    s->regs_source = NULL;
    s->regs = 0;
    s->start = cycle;
    free(s->snap);
    s->snap = ws_xcalloc(s->ninst ? s->ninst : 1, sizeof *s->snap);
    s->nsnap = s->ninst;
    snapshot(s, s->snap);
    s->open = true;
}

void ws_stats_end(ws_stats *s, uint64_t cycle, const char *extra_json)
{
    if (!s->open)
        return;
    WS_GROW(s->launches, s->cap_launches, s->nlaunches + 1);
    ws_launch *l = &s->launches[s->nlaunches++];
    l->kernel = s->kernel;
    s->kernel = NULL;
    l->extra = extra_json && *extra_json ? ws_xstrdup(extra_json) : NULL;
    l->regs = s->regs;
    l->regs_source = s->regs_source;
    l->start = s->start;
    l->end = cycle;
    l->ndelta = s->ninst;
    l->delta = ws_xcalloc(s->ninst ? s->ninst : 1, sizeof *l->delta);
    snapshot(s, l->delta);
    /* Counters registered after begin count from zero. */
    for (size_t i = 0; i < s->nsnap; i++)
        l->delta[i] -= s->snap[i];
    /* Gauges (machine counts) keep their value in every launch. */
    for (size_t k = 0; k < s->n; k++)
        if (s->st[k].gauge)
            for (size_t i = 0; i < s->st[k].count; i++)
                l->delta[s->st[k].off + i] = ws_stats_counter_value(&s->st[k], i);
    s->open = false;
}

void ws_stats_launch_regs(ws_stats *s, uint32_t regs, const char *source)
{
    if (!s->open)
        return;
    s->regs = regs;
    s->regs_source = source;
}

uint32_t ws_stats_launch_regs_get(const ws_stats *s, size_t i, const char **source)
{
    if (source)
        *source = i < s->nlaunches ? s->launches[i].regs_source : NULL;
    return i < s->nlaunches ? s->launches[i].regs : 0;
}

size_t ws_stats_nlaunches(const ws_stats *s)
{
    return s->nlaunches;
}

double ws_stats_launch_get(const ws_stats *s, size_t i, const char *name, int instance)
{
    long k = ws_stats_find(s, name);
    if (k < 0 || i >= s->nlaunches)
        return NAN;
    return ws_stats_eval(s, &s->launches[i], (size_t)k, instance);
}

const char *ws_stats_launch_kernel(const ws_stats *s, size_t i, uint64_t *start, uint64_t *end)
{
    if (i >= s->nlaunches)
        return NULL;
    if (start)
        *start = s->launches[i].start;
    if (end)
        *end = s->launches[i].end;
    return s->launches[i].kernel;
}
