/* ws_series.c: time series of counter totals sampled every `interval`
 * cycles.  A sample is the cycle followed by the chosen counters' totals,
 * stored in one growing array. */
#include "stats/ws_stats_int.h"

#include "util/ws_util.h"

#include <math.h>

#include <stdlib.h>
#include <string.h>

int ws_stats_series(ws_stats *s, uint64_t interval, const char *const *names, size_t n,
                    ws_error *err)
{
    if (s->nsamples > 0)
        return ws_error_set(err, WS_E_STATE,
                            "the time series cannot change after %zu samples were taken", s->nsamples);
    size_t *ser = ws_xcalloc(n ? n : 1, sizeof *ser);
    for (size_t i = 0; i < n; i++) {
        long k = ws_stats_find(s, names[i]);
        if (k < 0) {
            free(ser);
            return ws_error_set(err, WS_E_RANGE, "time series: '%s' is not a registered statistic",
                                names[i] ? names[i] : "(null)");
        }
        ser[i] = (size_t)k;
    }
    free(s->ser);
    s->ser = ser;
    s->nser = n;
    s->interval = interval;
    s->next = interval;
    return 0;
}

int ws_stats_series_split(ws_stats *s, const char *const *names, size_t n, ws_error *err)
{
    if (s->nsamples > 0)
        return ws_error_set(err, WS_E_STATE,
                            "the time series cannot change after %zu samples were taken", s->nsamples);
    size_t *spl = ws_xcalloc(n ? n : 1, sizeof *spl), w = 0;
    for (size_t i = 0; i < n; i++) {
        long k = ws_stats_find(s, names[i]);
        if (k < 0 || s->st[k].derived) {
            free(spl);
            return ws_error_set(err, WS_E_RANGE, "time series: '%s' is not a registered counter",
                                names[i] ? names[i] : "(null)");
        }
        spl[i] = (size_t)k;
        w += s->st[k].count;
    }
    free(s->spl);
    s->spl = spl;
    s->nspl = n;
    s->wspl = w;
    return 0;
}

uint64_t ws_stats_sample_instance(const ws_stats *s, size_t i, size_t col, size_t inst)
{
    if (i >= s->nsamples || col >= s->nspl || inst >= s->st[s->spl[col]].count)
        return 0;
    size_t off = 0;
    for (size_t c = 0; c < col; c++)
        off += s->st[s->spl[c]].count;
    return s->spl_samples[i * s->wspl + off + inst];
}

size_t ws_stats_series_split_count(const ws_stats *s)
{
    return s->nspl;
}

static void record(ws_stats *s, uint64_t cycle)
{
    if (s->wspl) {
        WS_GROW(s->spl_samples, s->cap_spl, (s->nsamples + 1) * s->wspl);
        uint64_t *v = s->spl_samples + s->nsamples * s->wspl;
        for (size_t c = 0; c < s->nspl; c++) {
            const ws_stat *st = &s->st[s->spl[c]];
            for (size_t k = 0; k < st->count; k++)
                *v++ = ws_stats_counter_value(st, k);
        }
    }
    size_t w = s->nser + 1;
    WS_GROW(s->samples, s->cap_samples, (s->nsamples + 1) * w);
    uint64_t *row = s->samples + s->nsamples * w;
    row[0] = cycle;
    for (size_t i = 0; i < s->nser; i++) {
        const ws_stat *st = &s->st[s->ser[i]];
        if (st->derived) {
            double v = ws_stats_eval(s, NULL, s->ser[i], -1);
            memcpy(&row[1 + i], &v, sizeof v);
        } else {
            row[1 + i] = ws_stats_counter_total(st);
        }
    }
    s->nsamples++;
}

void ws_stats_sample(ws_stats *s, uint64_t cycle)
{
    if (s->interval == 0)
        return;
    while (s->next <= cycle) {
        record(s, s->next);
        if (s->next > UINT64_MAX - s->interval) {
            s->interval = 0;        /* no further multiple fits in 64 bits */
            s->next = UINT64_MAX;
            return;
        }
        s->next += s->interval;
    }
}

uint64_t ws_stats_next_sample(const ws_stats *s)
{
    return s->interval ? s->next : UINT64_MAX;
}

size_t ws_stats_nsamples(const ws_stats *s)
{
    return s->nsamples;
}

uint64_t ws_stats_sample_cycle(const ws_stats *s, size_t i)
{
    return i < s->nsamples ? s->samples[i * (s->nser + 1)] : 0;
}

uint64_t ws_stats_sample_value(const ws_stats *s, size_t i, size_t col)
{
    if (i >= s->nsamples || col >= s->nser)
        return 0;
    return s->samples[i * (s->nser + 1) + 1 + col];
}

double ws_stats_sample_real(const ws_stats *s, size_t i, size_t col)
{
    if (i >= s->nsamples || col >= s->nser)
        return NAN;
    uint64_t v = s->samples[i * (s->nser + 1) + 1 + col];
    if (!s->st[s->ser[col]].derived)
        return (double)v;
    double d;
    memcpy(&d, &v, sizeof d);
    return d;
}

long ws_stats_series_col(const ws_stats *s, const char *name)
{
    for (size_t c = 0; c < s->nser; c++)
        if (!strcmp(s->st[s->ser[c]].name, name))
            return (long)c;
    return -1;
}
