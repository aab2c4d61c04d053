/* ws_stats_out.c: the writers: JSON (everything), CSV (the time series),
 * a plain-text summary, and the write-to-temporary-then-rename helper. */
#include "stats/ws_json.h"
#include "stats/ws_stats_int.h"

#include "util/ws_file.h"
#include "util/ws_util.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct buf_ref { const char *data; size_t len; } buf_ref;

static int write_buf(FILE *f, void *ctx)
{
    const buf_ref *b = ctx;
    return b->len && fwrite(b->data, 1, b->len, f) != b->len ? -1 : 0;
}

int ws_stats_write_atomic(const char *path, const char *data, size_t len, ws_error *err)
{
    buf_ref b = { data, len };
    int stage, e = ws_file_write(path, write_buf, &b, &stage);
    (void)stage;
    if (e)
        return ws_error_set(err, WS_E_IO, "cannot write '%s': %s", path, strerror(e));
    return 0;
}

/* ------------------------------------------------------------------- JSON */

/* Counter instance i over launch l (NULL: current value). */
static uint64_t slot_u64(const ws_launch *l, const ws_stat *st, size_t i)
{
    if (!l)
        return ws_stats_counter_value(st, i);
    size_t slot = st->off + i;
    return slot < l->ndelta ? l->delta[slot] : 0;
}

/* Sum of a counter's instances (instance < 0) or one instance. */
static uint64_t counter_u64(const ws_launch *l, const ws_stat *st, int instance)
{
    if (instance >= 0)
        return slot_u64(l, st, (size_t)instance);
    uint64_t t = 0;
    for (size_t i = 0; i < st->count; i++)
        t += slot_u64(l, st, i);
    return t;
}

/* Entry k's value over launch l (NULL: totals): a counter's integers
 * exactly, a derived value as a double. */
static void put_value(ws_json *j, const ws_stats *s, const ws_launch *l, size_t k, int instance)
{
    const ws_stat *st = &s->st[k];
    if (st->derived)
        ws_json_double(j, ws_stats_eval(s, l, k, instance));
    else
        ws_json_u64(j, counter_u64(l, st, instance));
}

static void put_instances(ws_json *j, const ws_stats *s, const ws_launch *l, size_t k)
{
    ws_json_key(j, "instances");
    ws_json_array(j, true);
    for (size_t i = 0; i < s->st[k].count; i++)
        put_value(j, s, l, k, (int)i);
    ws_json_end(j);
}

static void put_stats(ws_json *j, const ws_stats *s)
{
    ws_json_key(j, "stats");
    ws_json_object(j, false);
    for (size_t k = 0; k < s->n; k++) {
        const ws_stat *st = &s->st[k];
        ws_json_key(j, st->name);
        ws_json_object(j, true);
        ws_json_key(j, "desc");
        ws_json_str(j, st->desc);
        if (st->derived) {
            ws_json_key(j, "derived");
            ws_json_bool(j, true);
        }
        ws_json_key(j, "total");
        put_value(j, s, NULL, k, -1);
        if (*st->scope) {
            ws_json_key(j, "scope");
            ws_json_str(j, st->scope);
            put_instances(j, s, NULL, k);
        }
        ws_json_end(j);
    }
    ws_json_end(j);
}

static void put_launch(ws_json *j, const ws_stats *s, const ws_launch *l)
{
    ws_json_object(j, false);
    ws_json_key(j, "kernel");
    ws_json_str(j, l->kernel);
    ws_json_key(j, "start");
    ws_json_u64(j, l->start);
    ws_json_key(j, "end");
    ws_json_u64(j, l->end);
    ws_json_key(j, "cycles");
    ws_json_u64(j, l->end >= l->start ? l->end - l->start : 0);
    if (l->regs_source) {
        ws_json_key(j, "regs_per_thread");
        ws_json_u64(j, l->regs);
        ws_json_key(j, "regs_source");
        ws_json_str(j, l->regs_source);
    }
    if (l->extra) {
        ws_json_key(j, "extra");
        ws_json_raw(j, l->extra);
    }
    ws_stats_put_sections(s, l, j);
    ws_json_key(j, "stats");
    ws_json_object(j, false);
    for (size_t k = 0; k < s->n; k++) {
        ws_json_key(j, s->st[k].name);
        if (*s->st[k].scope) {
            ws_json_object(j, true);
            ws_json_key(j, "total");
            put_value(j, s, l, k, -1);
            put_instances(j, s, l, k);
            ws_json_end(j);
        } else {
            put_value(j, s, l, k, -1);
        }
    }
    ws_json_end(j);
    ws_json_end(j);
}

static void put_table(ws_json *j, const ws_stats_table *t)
{
    ws_json_key(j, t->name);
    ws_json_object(j, false);
    ws_json_key(j, "desc");
    ws_json_str(j, t->desc);
    ws_json_key(j, "columns");
    ws_json_array(j, true);
    for (size_t c = 0; c < t->ncols; c++)
        ws_json_str(j, t->cols[c]);
    ws_json_end(j);
    ws_json_key(j, "rows");
    ws_json_array(j, false);
    for (size_t r = 0; r < t->nrows; r++) {
        const uint64_t *v = ws_stats_table_values(t, r);
        ws_json_array(j, true);
        ws_json_str(j, ws_stats_table_key(t, r));
        for (size_t c = 0; c < t->ncols; c++)
            ws_json_u64(j, v[c]);
        ws_json_end(j);
    }
    ws_json_end(j);
    ws_json_end(j);
}

static void put_series(ws_json *j, const ws_stats *s)
{
    ws_json_key(j, "series");
    ws_json_object(j, false);
    ws_json_key(j, "interval");
    ws_json_u64(j, s->interval);
    ws_json_key(j, "columns");
    ws_json_array(j, true);
    ws_json_str(j, "cycle");
    for (size_t c = 0; c < s->nser; c++)
        ws_json_str(j, s->st[s->ser[c]].name);
    ws_json_end(j);
    ws_json_key(j, "rows");
    ws_json_array(j, false);
    for (size_t i = 0; i < s->nsamples; i++) {
        const uint64_t *row = s->samples + i * (s->nser + 1);
        ws_json_array(j, true);
        ws_json_u64(j, row[0]);
        for (size_t c = 0; c < s->nser; c++) {
            if (s->st[s->ser[c]].derived)
                ws_json_double(j, ws_stats_sample_real(s, i, c));
            else
                ws_json_u64(j, row[c + 1]);
        }
        ws_json_end(j);
    }
    ws_json_end(j);
    if (s->nspl) {
        ws_json_key(j, "per_instance");
        ws_json_object(j, false);
        ws_json_key(j, "columns");
        ws_json_array(j, false);
        for (size_t c = 0; c < s->nspl; c++) {
            const ws_stat *st = &s->st[s->spl[c]];
            ws_json_object(j, true);
            ws_json_key(j, "name");
            ws_json_str(j, st->name);
            ws_json_key(j, "scope");
            ws_json_str(j, st->scope);
            ws_json_key(j, "count");
            ws_json_u64(j, st->count);
            ws_json_end(j);
        }
        ws_json_end(j);
        ws_json_key(j, "rows");
        ws_json_array(j, false);
        for (size_t i = 0; i < s->nsamples; i++) {
            const uint64_t *row = s->spl_samples + i * s->wspl;
            ws_json_array(j, true);
            for (size_t c = 0; c < s->wspl; c++)
                ws_json_u64(j, row[c]);
            ws_json_end(j);
        }
        ws_json_end(j);
        ws_json_end(j);
    }
    ws_json_end(j);
}

char *ws_stats_json_text(const ws_stats *s, const char *version, uint64_t seed,
                         const char *config_json)
{
    ws_json j;
    ws_json_init(&j, true);
    ws_json_object(&j, false);
    ws_json_key(&j, "format");
    ws_json_str(&j, "warpscope-stats-1");
    ws_json_key(&j, "version");
    ws_json_str(&j, version ? version : "");
    ws_json_key(&j, "seed");
    ws_json_u64(&j, seed);
    ws_json_key(&j, "config");
    if (config_json && *config_json)
        ws_json_raw(&j, config_json);
    else {
        ws_json_object(&j, true);
        ws_json_end(&j);
    }
    if (s->nwarn) {
        ws_json_key(&j, "warnings");
        ws_json_array(&j, false);
        for (size_t i = 0; i < s->nwarn; i++)
            ws_json_str(&j, s->warn[i]);
        ws_json_end(&j);
    }
    put_stats(&j, s);
    ws_stats_put_sections(s, NULL, &j);
    ws_json_key(&j, "launches");
    ws_json_array(&j, false);
    for (size_t i = 0; i < s->nlaunches; i++)
        put_launch(&j, s, &s->launches[i]);
    ws_json_end(&j);
    ws_json_key(&j, "tables");
    ws_json_object(&j, false);
    for (size_t i = 0; i < s->ntables; i++)
        put_table(&j, s->tables[i]);
    ws_json_end(&j);
    put_series(&j, s);
    ws_json_end(&j);
    ws_json_raw(&j, "\n");           /* outside every container: appended as is */
    return ws_json_take(&j, NULL);
}

int ws_stats_write_json(const ws_stats *s, const char *path, const char *version, uint64_t seed,
                        const char *config_json, ws_error *err)
{
    char *text = ws_stats_json_text(s, version, seed, config_json);
    int rc = ws_stats_write_atomic(path, text, strlen(text), err);
    free(text);
    return rc;
}

/* -------------------------------------------------------------------- CSV */

typedef struct strbuf {
    char *b;
    size_t len, cap;
} strbuf;

static void sb_put(strbuf *sb, const char *s)
{
    size_t n = strlen(s);
    WS_GROW(sb->b, sb->cap, sb->len + n + 1);
    memcpy(sb->b + sb->len, s, n + 1);
    sb->len += n;
}

/* A CSV field, quoted (RFC 4180) when it holds a comma, quote or newline. */
static void csv_field(strbuf *sb, const char *f)
{
    if (!strpbrk(f, ",\"\r\n")) {
        sb_put(sb, f);
        return;
    }
    sb_put(sb, "\"");
    for (const char *p = f; *p; p++) {
        char c[2] = { *p, '\0' };
        sb_put(sb, *p == '"' ? "\"\"" : c);
    }
    sb_put(sb, "\"");
}

char *ws_stats_csv_text(const ws_stats *s)
{
    strbuf sb = { NULL, 0, 0 };
    sb_put(&sb, "cycle");
    for (size_t c = 0; c < s->nser; c++) {
        sb_put(&sb, ",");
        csv_field(&sb, s->st[s->ser[c]].name);
    }
    sb_put(&sb, "\n");
    for (size_t i = 0; i < s->nsamples; i++) {
        const uint64_t *row = s->samples + i * (s->nser + 1);
        char num[40];
        for (size_t c = 0; c <= s->nser; c++) {
            if (c && s->st[s->ser[c - 1]].derived) {
                double v = ws_stats_sample_real(s, i, c - 1);
                if (isfinite(v))
                    snprintf(num, sizeof num, ",%.9g", v);
                else
                    snprintf(num, sizeof num, ",");
            } else {
                snprintf(num, sizeof num, "%s%" PRIu64, c ? "," : "", row[c]);
            }
            sb_put(&sb, num);
        }
        sb_put(&sb, "\n");
    }
    return sb.b;
}

int ws_stats_write_csv(const ws_stats *s, const char *path, ws_error *err)
{
    char *text = ws_stats_csv_text(s);
    int rc = ws_stats_write_atomic(path, text, strlen(text), err);
    free(text);
    return rc;
}

/* ---------------------------------------------------------------- summary */

void ws_stats_print_summary(const ws_stats *s, size_t i, FILE *f)
{
    const ws_launch *l = NULL;
    if (i != SIZE_MAX) {
        if (i >= s->nlaunches)
            return;
        l = &s->launches[i];
        fprintf(f, "== launch %zu: %s, cycles %" PRIu64 "..%" PRIu64 " (%" PRIu64 " cycles)\n", i, l->kernel,
                l->start, l->end, l->end >= l->start ? l->end - l->start : 0);
    } else {
        fprintf(f, "== totals (%zu launch%s)\n", s->nlaunches, s->nlaunches == 1 ? "" : "es");
    }
    int w = 24;
    for (size_t k = 0; k < s->n; k++)
        if ((int)strlen(s->st[k].name) > w)
            w = (int)strlen(s->st[k].name);
    for (size_t k = 0; k < s->n; k++) {
        const ws_stat *st = &s->st[k];
        char num[48];
        if (st->derived) {
            double v = ws_stats_eval(s, l, k, -1);
            if (isfinite(v))
                snprintf(num, sizeof num, "%.4f", v);
            else
                snprintf(num, sizeof num, "-");
        } else {
            snprintf(num, sizeof num, "%" PRIu64, counter_u64(l, st, -1));
        }
        fprintf(f, "  %-*s %16s  %s", w, st->name, num, st->desc);
        if (*st->scope && st->count > 1 && !st->derived) {
            uint64_t lo = UINT64_MAX, hi = 0;
            for (size_t n = 0; n < st->count; n++) {
                uint64_t x = slot_u64(l, st, n);
                lo = x < lo ? x : lo;
                hi = x > hi ? x : hi;
            }
            fprintf(f, " (%zu %s: min %" PRIu64 ", max %" PRIu64 ")", st->count, st->scope, lo, hi);
        }
        fputc('\n', f);
    }
}
