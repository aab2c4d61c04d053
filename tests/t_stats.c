/* t_stats: the registry (counters with instances and strides, totals,
 * derived values), tables and launch snapshots. */
#include "stats/ws_stats.h"
#include "ws_tap.h"

#include <math.h>
#include <stdlib.h>

typedef struct sm_t {
    uint64_t hits;
    uint32_t pad;           /* a stride that is not just 8 */
    uint64_t misses;
} sm_t;

static double ratio(ws_stats_getter get, void *g, int instance)
{
    double h = get(g, "l1d.hits", instance), m = get(g, "l1d.misses", instance);
    return h + m > 0 ? h / (h + m) : 0;
}

static double ipc(ws_stats_getter get, void *g, int instance)
{
    (void)instance;
    return get(g, "gpu.insn", -1) / get(g, "gpu.cycles", -1);
}

/* Uses another derived value. */
static double ipc_x2(ws_stats_getter get, void *g, int instance)
{
    (void)instance;
    return 2 * get(g, "ipc", -1);
}

static double selfref(ws_stats_getter get, void *g, int instance)
{
    return get(g, "loop", instance) + 1;
}

static double unknown(ws_stats_getter get, void *g, int instance)
{
    return get(g, "no.such", instance);
}

static void test_counters(void)
{
    sm_t sm[3] = { { 1, 0, 10 }, { 2, 0, 20 }, { 3, 0, 30 } };
    uint64_t cycles = 100, insn = 250;
    ws_stats *s = ws_stats_new();
    ws_stats_counter(s, "gpu.cycles", "core cycles", NULL, &cycles, 1, 0);
    ws_stats_counter(s, "gpu.insn", "warp instructions", "", &insn, 1, 0);
    ws_stats_counter(s, "l1d.hits", "L1D hits", "sm", &sm[0].hits, 3, sizeof(sm_t));
    ws_stats_counter(s, "l1d.misses", "L1D misses", "sm", &sm[0].misses, 3, sizeof(sm_t));
    ws_stats_derived(s, "l1d.hit_rate", "L1D hit rate", "sm", 3, ratio);
    ws_stats_derived(s, "ipc", "instructions per cycle", NULL, 0, ipc);
    ws_stats_derived(s, "ipc2", "twice the IPC", NULL, 0, ipc_x2);
    ws_stats_derived(s, "loop", "refers to itself", NULL, 0, selfref);
    ws_stats_derived(s, "bad", "refers to an unknown name", NULL, 0, unknown);

    is_int(ws_stats_count(s), 9, "nine entries");
    is_str(ws_stats_name_at(s, 0), "gpu.cycles", "registration order kept");
    is_str(ws_stats_name_at(s, 4), "l1d.hit_rate", "derived values in the same order");
    ok(ws_stats_name_at(s, 9) == NULL, "no entry 9");
    ws_stats_info info;
    ok(ws_stats_info_at(s, 2, &info) && info.count == 3 && !info.derived &&
           strcmp(info.scope, "sm") == 0 && strcmp(info.desc, "L1D hits") == 0, "info of a scoped counter");
    ok(ws_stats_info_at(s, 0, &info) && strcmp(info.scope, "") == 0, "NULL scope reads as \"\"");
    ok(ws_stats_info_at(s, 5, &info) && info.derived, "info of a derived value");

    is_double(ws_stats_get(s, "gpu.cycles", -1), 100, 0, "single counter");
    is_double(ws_stats_get(s, "l1d.hits", -1), 6, 0, "total over instances at a stride");
    is_double(ws_stats_get(s, "l1d.misses", 2), 30, 0, "one instance");
    ok(isnan(ws_stats_get(s, "l1d.misses", 3)), "instance out of range is NAN");
    ok(isnan(ws_stats_get(s, "nope", -1)), "unknown name is NAN");
    sm[1].hits = 40;
    is_double(ws_stats_get(s, "l1d.hits", -1), 44, 0, "reads the live counters");
    is_u64(ws_stats_get_u64(s, "l1d.hits", 1), 40, "exact instance value");
    is_u64(ws_stats_get_u64(s, "l1d.misses", -1), 60, "exact total");
    is_u64(ws_stats_get_u64(s, "ipc", -1), 0, "get_u64 of a derived value is 0");
    is_double(ws_stats_get(s, "l1d.hit_rate", 1), 40.0 / 60.0, 1e-15, "derived per instance");
    is_double(ws_stats_get(s, "l1d.hit_rate", -1), 44.0 / 104.0, 1e-15, "derived total");
    ok(isnan(ws_stats_get(s, "l1d.hit_rate", 3)), "derived instance out of range is NAN");
    is_double(ws_stats_get(s, "ipc", -1), 2.5, 0, "IPC");
    is_double(ws_stats_get(s, "ipc2", -1), 5.0, 0, "a derived value of a derived value");
    ok(isnan(ws_stats_get(s, "loop", -1)), "a derived value that refers to itself ends as NAN");
    ok(isnan(ws_stats_get(s, "bad", -1)), "a derived value of an unknown name is NAN");
    ws_stats_free(s);
}

static void test_tables(void)
{
    ws_stats *s = ws_stats_new();
    static const char *const cols[] = { "hits", "misses" };
    ws_stats_table *t = ws_stats_table_new(s, "alloc", "per allocation", cols, 2);
    ok(ws_stats_table_find(s, "alloc") == t && ws_stats_table_find(s, "other") == NULL, "find a table");
    is_int(ws_stats_ntables(s), 1, "one table");
    ok(ws_stats_table_at(s, 0) == t, "table 0");
    uint64_t *edge = ws_stats_table_row(t, "edge");
    uint64_t *vertex = ws_stats_table_row(t, "vertex");
    ok(edge[0] == 0 && edge[1] == 0, "a new row is zeroed");
    edge[0] += 5;
    vertex[1] += 7;
    ok(ws_stats_table_row(t, "edge") == edge, "the same key gives the same row");
    /* Many rows: earlier pointers stay valid, order is first-seen. */
    char key[32];
    for (int i = 0; i < 1000; i++) {
        snprintf(key, sizeof key, "line %d", 999 - i);
        ws_stats_table_row(t, key)[0] = (uint64_t)i;
    }
    edge[1] += 1;
    is_int(ws_stats_table_nrows(t), 1002, "1002 rows");
    is_str(ws_stats_table_key(t, 0), "edge", "first-seen order: edge first");
    is_str(ws_stats_table_key(t, 1), "vertex", "then vertex");
    is_str(ws_stats_table_key(t, 2), "line 999", "then the lines in insertion order");
    is_str(ws_stats_table_key(t, 1001), "line 0", "the last row");
    ok(ws_stats_table_key(t, 1002) == NULL && ws_stats_table_values(t, 1002) == NULL, "no row 1002");
    const uint64_t *v = ws_stats_table_values(t, 0);
    ok(v == edge && v[0] == 5 && v[1] == 1, "pointer still valid after 1000 more rows");
    is_u64(ws_stats_table_values(t, 1)[1], 7, "vertex misses");
    is_u64(ws_stats_table_row(t, "line 500")[0], 499, "row found by key among many");
    is_int(ws_stats_table_ncols(t), 2, "two columns");
    is_str(ws_stats_table_col(t, 1), "misses", "column name");
    ok(ws_stats_table_col(t, 2) == NULL, "no column 2");
    is_str(ws_stats_table_name(t), "alloc", "table name");
    ws_stats_table *e = ws_stats_table_new(s, "empty", "no columns", NULL, 0);
    ok(ws_stats_table_row(e, "x") != NULL && ws_stats_table_nrows(e) == 1, "a table without columns has rows");

    /* rows are read in the order of their sort keys, whenever they were
     * made (ties: first made first), with each key beside its own values */
    ws_stats_table *o = ws_stats_table_new(s, "ordered", "sorted rows", cols, 2);
    static const char *const ok_[] = { "c", "a", "d", "b", "b2" };
    static const uint64_t ord[] = { 30, 10, 40, 20, 20 };
    for (int i = 0; i < 5; i++) ws_stats_table_row_ord(o, ok_[i], ord[i])[0] = ord[i] * 100 + (uint64_t)i;
    ws_stats_table_row_ord(o, "a", 99)[1] = 7;      /* existing row: its place stays */
    static const char *const want[] = { "a", "b", "b2", "c", "d" };
    static const uint64_t wantv[] = { 1001, 2003, 2004, 3000, 4002 };
    for (size_t i = 0; i < 5; i++) {
        is_str(ws_stats_table_key(o, i), want[i], "sorted row %zu key", i);
        is_u64(ws_stats_table_values(o, i)[0], wantv[i], "sorted row %zu has its own values", i);
    }
    is_u64(ws_stats_table_values(o, 0)[1], 7, "a row found again by key is the same row");
    ws_stats_free(s);
}

static void test_launches(void)
{
    sm_t sm[2] = { { 5, 0, 1 }, { 6, 0, 2 } };
    uint64_t cycles = 0, insn = 0, late = 100;
    ws_stats *s = ws_stats_new();
    ws_stats_counter(s, "gpu.cycles", "core cycles", NULL, &cycles, 1, 0);
    ws_stats_counter(s, "gpu.insn", "warp instructions", NULL, &insn, 1, 0);
    ws_stats_counter(s, "l1d.hits", "L1D hits", "sm", &sm[0].hits, 2, sizeof(sm_t));
    ws_stats_counter(s, "l1d.misses", "L1D misses", "sm", &sm[0].misses, 2, sizeof(sm_t));
    ws_stats_derived(s, "ipc", "instructions per cycle", NULL, 0, ipc);
    ws_stats_derived(s, "l1d.hit_rate", "L1D hit rate", "sm", 2, ratio);

    ws_stats_end(s, 5, NULL);
    is_int(ws_stats_nlaunches(s), 0, "end without begin records nothing");
    ws_stats_begin(s, "first", 0);
    cycles = 40;
    insn = 80;
    sm[0].hits += 3;
    sm[1].misses += 1;
    ws_stats_end(s, 40, "{\"grid\": [4, 1, 1]}");
    ws_stats_begin(s, "dropped", 40);
    ws_stats_begin(s, "second", 50);     /* replaces the open launch */
    cycles = 150;
    insn = 130;
    sm[1].hits += 9;
    ws_stats_counter(s, "late.counter", "registered during a launch", NULL, &late, 1, 0);
    ws_stats_end(s, 150, NULL);

    is_int(ws_stats_nlaunches(s), 2, "two launches recorded");
    uint64_t a, b;
    is_str(ws_stats_launch_kernel(s, 0, &a, &b), "first", "launch 0 kernel");
    ok(a == 0 && b == 40, "launch 0 cycles 0..40");
    is_str(ws_stats_launch_kernel(s, 1, &a, &b), "second", "the second begin replaced the first");
    ok(a == 50 && b == 150, "launch 1 cycles 50..150");
    ok(ws_stats_launch_kernel(s, 2, NULL, NULL) == NULL, "no launch 2");
    is_double(ws_stats_launch_get(s, 0, "gpu.cycles", -1), 40, 0, "launch 0 cycles delta");
    is_double(ws_stats_launch_get(s, 0, "l1d.hits", -1), 3, 0, "launch 0 hits delta");
    is_double(ws_stats_launch_get(s, 0, "l1d.hits", 0), 3, 0, "launch 0 SM 0 hits");
    is_double(ws_stats_launch_get(s, 0, "l1d.misses", 1), 1, 0, "launch 0 SM 1 misses");
    is_double(ws_stats_launch_get(s, 0, "ipc", -1), 2.0, 0, "launch 0 IPC over its deltas");
    is_double(ws_stats_launch_get(s, 0, "l1d.hit_rate", 1), 0.0, 0, "launch 0 SM 1 hit rate (0 of 1)");
    is_double(ws_stats_launch_get(s, 1, "gpu.cycles", -1), 110, 0, "launch 1 delta from the replacing begin");
    is_double(ws_stats_launch_get(s, 1, "ipc", -1), 50.0 / 110.0, 1e-15, "launch 1 IPC");
    is_double(ws_stats_launch_get(s, 1, "l1d.hit_rate", 1), 1.0, 0, "launch 1 SM 1: 9 hits, no misses");
    is_double(ws_stats_launch_get(s, 1, "late.counter", -1), 100, 0,
              "a counter registered during a launch counts from zero");
    is_double(ws_stats_launch_get(s, 0, "late.counter", -1), 0, 0, "and is 0 in earlier launches");
    ok(isnan(ws_stats_launch_get(s, 2, "gpu.cycles", -1)), "unknown launch is NAN");
    ok(isnan(ws_stats_launch_get(s, 0, "nope", -1)), "unknown name is NAN");
    is_double(ws_stats_get(s, "l1d.hits", -1), 23, 0, "totals are the live counters");
    ws_stats_free(s);
}

int main(void)
{
    test_counters();
    test_tables();
    test_launches();
    return tap_done();
}
