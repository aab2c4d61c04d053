/* t_stats_out: the JSON writer, byte-exact JSON and CSV of a small
 * hand-built registry, atomic file writes and their failures, summaries. */
#include "stats/ws_json.h"
#include "stats/ws_stats.h"
#include "util/ws_util.h"
#include "ws_tap.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static void test_json_writer(void)
{
    ws_json j;
    ws_json_init(&j, false);
    ws_json_array(&j, false);
    ws_json_str(&j, "q\"b\\s/\n\t\r\b\f\x01\x7f");
    ws_json_str(&j, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");   /* valid UTF-8 kept */
    ws_json_str(&j, "bad \xff \xc3 \xed\xa0\x80 \xc0\xaf");        /* invalid bytes replaced */
    ws_json_str(&j, NULL);
    ws_json_u64(&j, UINT64_MAX);
    ws_json_i64(&j, INT64_MIN);
    ws_json_double(&j, 0.1);
    ws_json_double(&j, 1.0 / 3.0);
    ws_json_double(&j, 2.0);
    ws_json_double(&j, -0.0);
    ws_json_double(&j, 1e300);
    ws_json_double(&j, 5e-324);
    ws_json_double(&j, NAN);
    ws_json_double(&j, INFINITY);
    ws_json_double(&j, -INFINITY);
    ws_json_bool(&j, true);
    ws_json_null(&j);
    ws_json_object(&j, false);
    ws_json_end(&j);
    ws_json_raw(&j, NULL);
    ws_json_end(&j);
    is_str(ws_json_text(&j),
           "[\"q\\\"b\\\\s/\\n\\t\\r\\b\\f\\u0001\\u007f\","
           "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\","
           "\"bad \\ufffd \\ufffd \\ufffd\\ufffd\\ufffd \\ufffd\\ufffd\","
           "null,18446744073709551615,-9223372036854775808,0.1,0.3333333333333333,2,-0,1e+300,"
           "4.94065645841247e-324,null,null,null,true,null,{},null]",
           "compact JSON: escapes, UTF-8, exact integers, shortest doubles, NaN/inf as null");
    ws_json_free(&j);

    char b[48];
    for (int i = 0; i < 1000; i++) {
        double v = (double)i / 7.0 * (i % 2 ? 1e-5 : 1e7);
        ws_json_format_double(v, b, sizeof b);
        if (strtod(b, NULL) != v) {
            ok(0, "round trip of %.17g gave %s", v, b);
            break;
        }
        if (i == 999)
            ok(1, "doubles read back to the same value (1000 values)");
    }

    ws_json_init(&j, true);
    ws_json_object(&j, false);
    ws_json_key(&j, "a");
    ws_json_array(&j, true);
    ws_json_u64(&j, 1);
    ws_json_object(&j, false);          /* inside an inline array: inline too */
    ws_json_key(&j, "x");
    ws_json_u64(&j, 2);
    ws_json_end(&j);
    ws_json_end(&j);
    ws_json_key(&j, "b");
    ws_json_object(&j, false);
    ws_json_key(&j, "c");
    ws_json_raw(&j, "{\n  \"k\": 1\n}");
    ws_json_key(&j, "e");
    ws_json_array(&j, false);
    ws_json_end(&j);
    ws_json_end(&j);
    ws_json_end(&j);
    ws_json_end(&j);                    /* one too many: ignored */
    is_str(ws_json_text(&j),
           "{\n  \"a\": [1, {\"x\": 2}],\n  \"b\": {\n    \"c\": {\n      \"k\": 1\n    },\n    \"e\": []\n  }\n}",
           "pretty JSON: inline containers, re-indented raw text, empty containers");
    ws_json_free(&j);
}

typedef struct sm_t {
    uint64_t hits, misses;
} sm_t;

static double ipc(ws_stats_getter get, void *g, int instance)
{
    (void)instance;
    return get(g, "gpu.insn", -1) / get(g, "gpu.cycles", -1);
}

static double rate(ws_stats_getter get, void *g, int instance)
{
    double h = get(g, "l1d.hits", instance), m = get(g, "l1d.misses", instance);
    return h / (h + m);
}

static const char expected_json[] =
    "{\n"
    "  \"format\": \"warpscope-stats-1\",\n"
    "  \"version\": \"9.9.9\",\n"
    "  \"seed\": 42,\n"
    "  \"config\": {\n"
    "    \"preset\": \"gtx480\",\n"
    "    \"sm.count\": 2\n"
    "  },\n"
    "  \"stats\": {\n"
    "    \"gpu.cycles\": {\"desc\": \"core cycles\", \"total\": 100},\n"
    "    \"gpu.insn\": {\"desc\": \"warp instructions\", \"total\": 150},\n"
    "    \"l1d.hits\": {\"desc\": \"L1D hits\", \"total\": 8, \"scope\": \"sm\", \"instances\": [3, 5]},\n"
    "    \"l1d.misses\": {\"desc\": \"L1D misses\", \"total\": 0, \"scope\": \"sm\", \"instances\": [0, 0]},\n"
    "    \"ipc\": {\"desc\": \"warp instructions per cycle\", \"derived\": true, \"total\": 1.5},\n"
    "    \"l1d.hit_rate\": {\"desc\": \"L1D hits / accesses\", \"derived\": true, \"total\": 1, \"scope\": \"sm\", "
    "\"instances\": [1, 1]}\n"
    "  },\n"
    "  \"launches\": [\n"
    "    {\n"
    "      \"kernel\": \"bfs\",\n"
    "      \"start\": 0,\n"
    "      \"end\": 100,\n"
    "      \"cycles\": 100,\n"
    "      \"extra\": {\"grid\": 4},\n"
    "      \"stats\": {\n"
    "        \"gpu.cycles\": 100,\n"
    "        \"gpu.insn\": 150,\n"
    "        \"l1d.hits\": {\"total\": 8, \"instances\": [3, 5]},\n"
    "        \"l1d.misses\": {\"total\": 0, \"instances\": [0, 0]},\n"
    "        \"ipc\": 1.5,\n"
    "        \"l1d.hit_rate\": {\"total\": 1, \"instances\": [1, 1]}\n"
    "      }\n"
    "    },\n"
    "    {\n"
    "      \"kernel\": \"idle\",\n"
    "      \"start\": 100,\n"
    "      \"end\": 100,\n"
    "      \"cycles\": 0,\n"
    "      \"stats\": {\n"
    "        \"gpu.cycles\": 0,\n"
    "        \"gpu.insn\": 0,\n"
    "        \"l1d.hits\": {\"total\": 0, \"instances\": [0, 0]},\n"
    "        \"l1d.misses\": {\"total\": 0, \"instances\": [0, 0]},\n"
    "        \"ipc\": null,\n"
    "        \"l1d.hit_rate\": {\"total\": null, \"instances\": [null, null]}\n"
    "      }\n"
    "    }\n"
    "  ],\n"
    "  \"tables\": {\n"
    "    \"alloc\": {\n"
    "      \"desc\": \"per allocation\",\n"
    "      \"columns\": [\"hits\", \"misses\"],\n"
    "      \"rows\": [\n"
    "        [\"vertex\", 3, 1],\n"
    "        [\"edge \\\"list\\\"\", 0, 2]\n"
    "      ]\n"
    "    }\n"
    "  },\n"
    "  \"series\": {\n"
    "    \"interval\": 50,\n"
    "    \"columns\": [\"cycle\", \"gpu.insn\", \"l1d.hits\"],\n"
    "    \"rows\": [\n"
    "      [50, 60, 1],\n"
    "      [100, 150, 8]\n"
    "    ]\n"
    "  }\n"
    "}\n";

static const char expected_csv[] = "cycle,gpu.insn,l1d.hits\n50,60,1\n100,150,8\n";

static const char expected_summary[] =
    "== launch 0: bfs, cycles 0..100 (100 cycles)\n"
    "  gpu.cycles                            100  core cycles\n"
    "  gpu.insn                              150  warp instructions\n"
    "  l1d.hits                                8  L1D hits (2 sm: min 3, max 5)\n"
    "  l1d.misses                              0  L1D misses (2 sm: min 0, max 0)\n"
    "  ipc                                1.5000  warp instructions per cycle\n"
    "  l1d.hit_rate                       1.0000  L1D hits / accesses\n";

static char *slurp(const char *path)
{
    size_t len;
    return ws_read_file(path, &len);
}

int main(void)
{
    test_json_writer();

    sm_t sm[2] = { { 0, 0 }, { 0, 0 } };
    uint64_t cycles = 0, insn = 0;
    ws_stats *s = ws_stats_new();
    ws_error err;
    ws_stats_counter(s, "gpu.cycles", "core cycles", NULL, &cycles, 1, 0);
    ws_stats_counter(s, "gpu.insn", "warp instructions", NULL, &insn, 1, 0);
    ws_stats_counter(s, "l1d.hits", "L1D hits", "sm", &sm[0].hits, 2, sizeof(sm_t));
    ws_stats_counter(s, "l1d.misses", "L1D misses", "sm", &sm[0].misses, 2, sizeof(sm_t));
    ws_stats_derived(s, "ipc", "warp instructions per cycle", NULL, 0, ipc);
    ws_stats_derived(s, "l1d.hit_rate", "L1D hits / accesses", "sm", 2, rate);
    static const char *const cols[] = { "hits", "misses" };
    ws_stats_table *t = ws_stats_table_new(s, "alloc", "per allocation", cols, 2);
    static const char *const series[] = { "gpu.insn", "l1d.hits" };
    ok(ws_stats_series(s, 50, series, 2, &err) == 0, "series every 50 cycles");

    ws_stats_begin(s, "bfs", 0);
    cycles = 50;
    insn = 60;
    sm[0].hits = 1;
    ws_stats_sample(s, 50);
    cycles = 100;
    insn = 150;
    sm[0].hits = 3;
    sm[1].hits = 5;
    ws_stats_table_row(t, "vertex")[0] = 3;
    ws_stats_table_row(t, "vertex")[1] = 1;
    ws_stats_table_row(t, "edge \"list\"")[1] = 2;
    ws_stats_sample(s, 100);
    ws_stats_end(s, 100, "{\"grid\": 4}");
    ws_stats_begin(s, "idle", 100);
    ws_stats_end(s, 100, NULL);

    char *json = ws_stats_json_text(s, "9.9.9", 42, "{\n  \"preset\": \"gtx480\",\n  \"sm.count\": 2\n}");
    is_str(json, expected_json, "byte-exact JSON of a hand-built registry");
    if (strcmp(json, expected_json) != 0)
        diag("%s", json);
    free(json);
    char *csv = ws_stats_csv_text(s);
    is_str(csv, expected_csv, "byte-exact CSV");
    free(csv);

    /* Files: written to a temporary file beside them and renamed (the
     * rmdir at the end checks that nothing else is left). */
    char dir[] = "t_stats_out.XXXXXX";
    ok(mkdtemp(dir) != NULL, "temporary directory");
    char path[256], tmp[300];
    snprintf(path, sizeof path, "%s/run.json", dir);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    ok(ws_stats_write_json(s, path, "9.9.9", 42, "{\n  \"preset\": \"gtx480\",\n  \"sm.count\": 2\n}", &err) == 0,
       "write the JSON file");
    char *back = slurp(path);
    is_str(back, expected_json, "the file holds the same bytes");
    free(back);
    ok(access(tmp, F_OK) != 0, "no temporary file left");
    snprintf(path, sizeof path, "%s/run.csv", dir);
    ok(ws_stats_write_csv(s, path, &err) == 0, "write the CSV file");
    back = slurp(path);
    is_str(back, expected_csv, "the CSV file holds the same bytes");
    free(back);

    /* Failures name the file and leave nothing behind. */
    snprintf(path, sizeof path, "%s/no/such/dir/run.json", dir);
    ok(ws_stats_write_json(s, path, "v", 1, NULL, &err) == -1, "a missing directory fails");
    char want[400];
    snprintf(want, sizeof want, "cannot write '%s': %s", path, strerror(ENOENT));
    is_str(err.msg, want, "the message names the file and the reason");
    is_int(err.code, WS_E_IO, "an I/O error");
    snprintf(path, sizeof path, "%s/adir", dir);
    mkdir(path, 0700);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    ok(ws_stats_write_csv(s, path, &err) == -1 && strstr(err.msg, path), "writing over a directory fails: %s",
       err.msg);
    ok(access(tmp, F_OK) != 0, "and removes its temporary file");
    rmdir(path);
    if (geteuid() != 0) {
        snprintf(path, sizeof path, "%s/ro", dir);
        mkdir(path, 0500);
        snprintf(path, sizeof path, "%s/ro/run.json", dir);
        ok(ws_stats_write_json(s, path, "v", 1, NULL, &err) == -1 && strstr(err.msg, strerror(EACCES)),
           "an unwritable directory fails: %s", err.msg);
        snprintf(tmp, sizeof tmp, "%s/ro", dir);
        rmdir(tmp);
    } else {
        ok(1, "# SKIP unwritable directories are writable for root");
    }
    /* Through a symbolic link: the file it names is replaced, the link stays. */
    char link[256], real[256];
    snprintf(real, sizeof real, "%s/real.json", dir);
    snprintf(link, sizeof link, "%s/link.json", dir);
    FILE *rf = fopen(real, "w");
    fputs("old", rf);
    fclose(rf);
    ok(symlink("real.json", link) == 0, "a link to a file");
    ok(ws_stats_write_json(s, link, "9.9.9", 42, "{\n  \"preset\": \"gtx480\",\n  \"sm.count\": 2\n}", &err) == 0,
       "write through the link");
    struct stat lst;
    ok(lstat(link, &lst) == 0 && S_ISLNK(lst.st_mode), "the link is still a link");
    back = slurp(real);
    is_str(back, expected_json, "the file it names holds the JSON");
    free(back);
    unlink(link);
    unlink(real);
    /* Something that is not a regular file (here a pipe) is written in place. */
    snprintf(path, sizeof path, "%s/pipe", dir);
    ok(mkfifo(path, 0600) == 0, "a named pipe");
    int pfd = open(path, O_RDWR | O_NONBLOCK);      /* (a reader, so that opening it to write does not block) */
    ok(pfd >= 0 && ws_stats_write_csv(s, path, &err) == 0, "write the CSV into the pipe");
    char pbuf[65536];
    ssize_t got = pfd >= 0 ? read(pfd, pbuf, sizeof pbuf - 1) : -1;
    pbuf[got > 0 ? got : 0] = 0;
    is_str(pbuf, expected_csv, "the pipe carries the CSV");
    ok(lstat(path, &lst) == 0 && S_ISFIFO(lst.st_mode), "and is still a pipe (not replaced by a file)");
    if (pfd >= 0) close(pfd);
    unlink(path);
    snprintf(path, sizeof path, "%s/run.json", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/run.csv", dir);
    unlink(path);
    ok(rmdir(dir) == 0, "nothing else was left in the directory");

    /* Summary text. */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ws_stats_print_summary(s, 0, f);
    fclose(f);
    is_str(buf, expected_summary, "summary of launch 0");
    free(buf);
    f = open_memstream(&buf, &len);
    ws_stats_print_summary(s, SIZE_MAX, f);
    ws_stats_print_summary(s, 7, f);
    fclose(f);
    ok(strncmp(buf, "== totals (2 launches)\n", 23) == 0 && strstr(buf, "ipc                                1.5000"),
       "summary of the totals; a missing launch prints nothing");
    free(buf);
    ws_stats_free(s);

    s = ws_stats_new();
    json = ws_stats_json_text(s, NULL, 0, NULL);
    is_str(json,
           "{\n  \"format\": \"warpscope-stats-1\",\n  \"version\": \"\",\n  \"seed\": 0,\n  \"config\": {},\n"
           "  \"stats\": {},\n  \"launches\": [],\n  \"tables\": {},\n"
           "  \"series\": {\n    \"interval\": 0,\n    \"columns\": [\"cycle\"],\n    \"rows\": []\n  }\n}\n",
           "an empty registry");
    free(json);
    ws_stats_free(s);
    return tap_done();
}
