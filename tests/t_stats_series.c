/* t_stats_series: time-series sampling, including skipped spans. */
#include "stats/ws_stats.h"
#include "ws_tap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double twice(ws_stats_getter get, void *g, int instance)
{
    return 2 * get(g, "a", instance);
}

static double scaled(ws_stats_getter get, void *g, int instance, void *user)
{
    double k = *(const double *)user;
    return k * (get(g, "@start", instance) + get(g, "@end", instance)) * get(g, "a", instance);
}

int main(void)
{
    uint64_t a = 0, b[2] = { 0, 0 };
    ws_stats *s = ws_stats_new();
    ws_error err;
    ws_stats_counter(s, "a", "counter a", NULL, &a, 1, 0);
    ws_stats_counter(s, "b", "counter b", "sm", b, 2, sizeof b[0]);
    ws_stats_derived(s, "d", "derived", NULL, 0, twice);

    is_u64(ws_stats_next_sample(s), UINT64_MAX, "no series: no sample due");
    ws_stats_sample(s, 1000);
    is_int(ws_stats_nsamples(s), 0, "no series: sampling does nothing");

    static const char *const bad2[] = { "a", "zz" };
    ok(ws_stats_series(s, 10, bad2, 2, &err) == -1 && strstr(err.msg, "'zz' is not a registered statistic"),
       "unknown names are refused: %s", err.msg);
    is_u64(ws_stats_next_sample(s), UINT64_MAX, "a refused series changes nothing");

    static const char *const names[] = { "b", "a" };
    ok(ws_stats_series(s, 10, names, 2, &err) == 0, "series of b and a every 10 cycles");
    is_u64(ws_stats_next_sample(s), 10, "first sample due at cycle 10");
    a = 3;
    ws_stats_sample(s, 9);
    is_int(ws_stats_nsamples(s), 0, "nothing before cycle 10");
    b[1] = 4;
    ws_stats_sample(s, 10);
    is_int(ws_stats_nsamples(s), 1, "one sample at cycle 10");
    ok(ws_stats_sample_cycle(s, 0) == 10 && ws_stats_sample_value(s, 0, 0) == 4 &&
           ws_stats_sample_value(s, 0, 1) == 3, "sample 0: cycle 10, b = 4 (sum of instances), a = 3");
    ws_stats_sample(s, 10);
    is_int(ws_stats_nsamples(s), 1, "the same cycle again takes no second sample");
    is_u64(ws_stats_next_sample(s), 20, "next due at 20");

    /* A skipped span: from 10 straight to 47 records 20, 30 and 40. */
    a = 7;
    b[0] = 1;
    ws_stats_sample(s, 47);
    is_int(ws_stats_nsamples(s), 4, "a jump to cycle 47 records the boundaries 20, 30, 40");
    ok(ws_stats_sample_cycle(s, 1) == 20 && ws_stats_sample_cycle(s, 2) == 30 &&
           ws_stats_sample_cycle(s, 3) == 40, "at their own cycles");
    ok(ws_stats_sample_value(s, 3, 0) == 5 && ws_stats_sample_value(s, 3, 1) == 7,
       "with the counters as they are when sampled");
    is_u64(ws_stats_next_sample(s), 50, "next due at 50");
    ok(ws_stats_sample_value(s, 9, 0) == 0 && ws_stats_sample_value(s, 0, 2) == 0 &&
           ws_stats_sample_cycle(s, 9) == 0, "out-of-range reads give 0");
    ok(ws_stats_series(s, 5, names, 2, &err) == -1 && strstr(err.msg, "after 4 samples"),
       "the series cannot change once sampled");

    /* The CSV holds every sample. */
    char *csv = ws_stats_csv_text(s);
    is_str(csv, "cycle,b,a\n10,4,3\n20,5,7\n30,5,7\n40,5,7\n", "CSV of the series");
    free(csv);
    ws_stats_free(s);

    /* Interval 0 is off; a huge interval stops at the last multiple that fits. */
    s = ws_stats_new();
    ws_stats_counter(s, "a", "counter a", NULL, &a, 1, 0);
    ok(ws_stats_series(s, 0, names + 1, 1, &err) == 0 && ws_stats_next_sample(s) == UINT64_MAX,
       "interval 0: no samples due");
    ws_stats_free(s);
    s = ws_stats_new();
    ws_stats_counter(s, "a", "counter a", NULL, &a, 1, 0);
    uint64_t big = UINT64_MAX / 2 + 1;
    ok(ws_stats_series(s, big, names + 1, 1, &err) == 0, "interval 2^63");
    ws_stats_sample(s, UINT64_MAX);
    is_int(ws_stats_nsamples(s), 1, "one multiple of 2^63 fits below 2^64");
    is_u64(ws_stats_next_sample(s), UINT64_MAX, "then no sample is due");
    ws_stats_sample(s, UINT64_MAX);
    is_int(ws_stats_nsamples(s), 1, "and none is taken");
    ws_stats_free(s);

    /* Derived columns are sampled as doubles over the totals; a derived
     * value with a context sees the launch window through "@start"/"@end". */
    s = ws_stats_new();
    a = 3;
    ws_stats_counter(s, "a", "counter a", NULL, &a, 1, 0);
    ws_stats_derived(s, "d", "derived", NULL, 0, twice);
    static double scale = 0.25;
    ws_stats_derived_ctx(s, "w", "window", NULL, 0, scaled, &scale);
    static const char *const dn[] = { "a", "d", "w" };
    ok(ws_stats_series(s, 10, dn, 3, &err) == 0, "a series with derived columns");
    is_int((int)ws_stats_series_col(s, "w"), 2, "column of w");
    is_int((int)ws_stats_series_col(s, "nope"), -1, "no column for an unsampled name");
    ws_stats_sample(s, 10);
    a = 5;
    ws_stats_sample(s, 20);
    ok(ws_stats_sample_real(s, 0, 1) == 6.0 && ws_stats_sample_real(s, 1, 1) == 10.0,
       "d sampled as 2a: 6 then 10");
    ok(ws_stats_sample_real(s, 0, 0) == 3.0, "a counter column read as a double");
    ok(isnan(ws_stats_sample_real(s, 0, 2)), "w over the totals: no launch window (NAN)");
    csv = ws_stats_csv_text(s);
    is_str(csv, "cycle,a,d,w\n10,3,6,\n20,5,10,\n", "CSV of derived columns (NAN is empty)");
    free(csv);
    ws_stats_begin(s, "k", 20);
    a = 9;
    ws_stats_end(s, 30, NULL);
    ok(ws_stats_launch_get(s, 0, "w", -1) == 0.25 * (20 + 30) * 4,
       "w over the launch: scale x (start + end) x delta a = %g", ws_stats_launch_get(s, 0, "w", -1));
    ws_stats_free(s);

    /* Per-instance columns: each instance of b at every sample, in the JSON
     * after the rows; derived values and unknown names are refused. */
    s = ws_stats_new();
    a = 1;
    b[0] = 2;
    b[1] = 5;
    ws_stats_counter(s, "a", "counter a", NULL, &a, 1, 0);
    ws_stats_counter(s, "b", "counter b", "sm", b, 2, sizeof b[0]);
    ws_stats_derived(s, "d", "derived", NULL, 0, twice);
    static const char *const sbad[] = { "d" };
    ok(ws_stats_series_split(s, sbad, 1, &err) == -1 && strstr(err.msg, "'d' is not a registered counter"),
       "a derived value cannot be split: %s", err.msg);
    static const char *const sp[] = { "b", "a" };
    ok(ws_stats_series(s, 10, names + 1, 1, &err) == 0 && ws_stats_series_split(s, sp, 2, &err) == 0,
       "a series of a, split columns b and a");
    is_int((int)ws_stats_series_split_count(s), 2, "two split columns");
    ws_stats_sample(s, 10);
    b[1] = 8;
    a = 4;
    ws_stats_sample(s, 20);
    ok(ws_stats_sample_instance(s, 0, 0, 0) == 2 && ws_stats_sample_instance(s, 0, 0, 1) == 5 &&
           ws_stats_sample_instance(s, 1, 0, 1) == 8 && ws_stats_sample_instance(s, 1, 1, 0) == 4,
       "each instance at each sample");
    ok(ws_stats_sample_instance(s, 2, 0, 0) == 0 && ws_stats_sample_instance(s, 0, 0, 2) == 0 &&
           ws_stats_sample_instance(s, 0, 2, 0) == 0, "out of range: 0");
    char *js = ws_stats_json_text(s, "t", 1, "{}");
    const char *pi = js ? strstr(js, "\"per_instance\"") : NULL;
    ok(pi && strstr(pi, "{\"name\": \"b\", \"scope\": \"sm\", \"count\": 2}") &&
           strstr(pi, "[2, 5, 1]") && strstr(pi, "[2, 8, 4]"),
       "the JSON's per_instance: columns and rows");
    free(js);
    ok(ws_stats_series_split(s, sp, 1, &err) == -1 && strstr(err.msg, "after 2 samples"),
       "the split cannot change once sampled");
    ws_stats_free(s);
    return tap_done();
}
