/* t_stats_series: time-series sampling, including skipped spans. */
#include "stats/ws_stats.h"
#include "ws_tap.h"

static double twice(ws_stats_getter get, void *g, int instance)
{
    return 2 * get(g, "a", instance);
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

    static const char *const bad[] = { "a", "d" };
    ok(ws_stats_series(s, 10, bad, 2, &err) == -1 &&
           strstr(err.msg, "'d' is not a registered counter (derived values cannot be sampled)"),
       "derived values are refused: %s", err.msg);
    static const char *const bad2[] = { "zz" };
    ok(ws_stats_series(s, 10, bad2, 1, &err) == -1 && strstr(err.msg, "'zz' is not a registered counter"),
       "unknown names are refused");
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
    return tap_done();
}
