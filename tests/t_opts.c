/* t_opts: the option table, presets, parsing, cross-key checks, getters. */
#include "arch/ws_cache.h"
#include "arch/ws_dram.h"
#include "arch/ws_opts_int.h"
#include "util/ws_util.h"
#include "ws_tap.h"

#include <stdlib.h>
#include <string.h>

/* Every key the components read (names fixed by the timing-model notes). */
static const struct {
    const char *name;
    ws_opt_type type;
} keys[] = {
    { "clock.core", WS_OPT_UINT }, { "clock.dram", WS_OPT_UINT }, { "clock.icnt", WS_OPT_UINT },
    { "clock.l2", WS_OPT_UINT }, { "cmem.latency", WS_OPT_UINT }, { "cmem.line", WS_OPT_UINT },
    { "cmem.size", WS_OPT_SIZE }, { "cmem.ways", WS_OPT_UINT }, { "coalesce.arch", WS_OPT_ENUM },
    { "cta.shared", WS_OPT_SIZE }, { "cta.threads", WS_OPT_UINT },
    { "dram.bank_groups", WS_OPT_UINT }, { "dram.banks", WS_OPT_UINT },
    { "dram.burst", WS_OPT_UINT }, { "dram.bus_bytes", WS_OPT_UINT },
    { "dram.data_rate", WS_OPT_UINT }, { "dram.demand_first", WS_OPT_BOOL },
    { "dram.latency", WS_OPT_UINT }, { "dram.map", WS_OPT_STRING }, { "dram.queue", WS_OPT_UINT },
    { "dram.return_queue", WS_OPT_UINT }, { "dram.sched", WS_OPT_ENUM },
    { "dram.tCCD", WS_OPT_UINT }, { "dram.tCCDL", WS_OPT_UINT }, { "dram.tCDLR", WS_OPT_UINT },
    { "dram.tCL", WS_OPT_UINT }, { "dram.tRAS", WS_OPT_UINT }, { "dram.tRC", WS_OPT_UINT },
    { "dram.tRCD", WS_OPT_UINT }, { "dram.tRP", WS_OPT_UINT }, { "dram.tRRD", WS_OPT_UINT },
    { "dram.tRTPL", WS_OPT_UINT }, { "dram.tWL", WS_OPT_UINT }, { "dram.tWR", WS_OPT_UINT },
    { "icnt.flit", WS_OPT_UINT }, { "icnt.in_buffer", WS_OPT_UINT },
    { "icnt.latency", WS_OPT_UINT }, { "icnt.out_buffer", WS_OPT_UINT },
    { "ii.dp.add", WS_OPT_UINT }, { "ii.dp.div", WS_OPT_UINT }, { "ii.dp.mad", WS_OPT_UINT },
    { "ii.dp.max", WS_OPT_UINT }, { "ii.dp.mul", WS_OPT_UINT }, { "ii.fp.add", WS_OPT_UINT },
    { "ii.fp.div", WS_OPT_UINT }, { "ii.fp.mad", WS_OPT_UINT }, { "ii.fp.max", WS_OPT_UINT },
    { "ii.fp.mul", WS_OPT_UINT }, { "ii.int.add", WS_OPT_UINT }, { "ii.int.div", WS_OPT_UINT },
    { "ii.int.mad", WS_OPT_UINT }, { "ii.int.max", WS_OPT_UINT }, { "ii.int.mul", WS_OPT_UINT },
    { "ii.int.shfl", WS_OPT_UINT }, { "ii.sfu", WS_OPT_UINT }, { "l1d.alloc", WS_OPT_ENUM },
    { "l1d.cache_global", WS_OPT_BOOL }, { "l1d.enable", WS_OPT_BOOL },
    { "l1d.hash", WS_OPT_ENUM }, { "l1d.latency", WS_OPT_UINT }, { "l1d.line", WS_OPT_UINT },
    { "l1d.missq", WS_OPT_UINT }, { "l1d.mshr", WS_OPT_UINT }, { "l1d.mshr_merge", WS_OPT_UINT },
    { "l1d.repl", WS_OPT_ENUM }, { "l1d.sector", WS_OPT_UINT }, { "l1d.size", WS_OPT_SIZE },
    { "l1d.ways", WS_OPT_UINT }, { "l1d.write", WS_OPT_ENUM }, { "l1d.write_alloc", WS_OPT_ENUM },
    { "l2.alloc", WS_OPT_ENUM }, { "l2.enable", WS_OPT_BOOL }, { "l2.hash", WS_OPT_ENUM },
    { "l2.latency", WS_OPT_UINT }, { "l2.line", WS_OPT_UINT }, { "l2.missq", WS_OPT_UINT },
    { "l2.mshr", WS_OPT_UINT }, { "l2.mshr_merge", WS_OPT_UINT }, { "l2.repl", WS_OPT_ENUM },
    { "l2.rop_latency", WS_OPT_UINT }, { "l2.sector", WS_OPT_UINT }, { "l2.size", WS_OPT_SIZE },
    { "l2.ways", WS_OPT_UINT }, { "l2.write", WS_OPT_ENUM }, { "l2.write_alloc", WS_OPT_ENUM },
    { "lat.branch", WS_OPT_UINT }, { "lat.dp.add", WS_OPT_UINT }, { "lat.dp.div", WS_OPT_UINT },
    { "lat.dp.mad", WS_OPT_UINT }, { "lat.dp.max", WS_OPT_UINT }, { "lat.dp.mul", WS_OPT_UINT },
    { "lat.fp.add", WS_OPT_UINT }, { "lat.fp.div", WS_OPT_UINT }, { "lat.fp.mad", WS_OPT_UINT },
    { "lat.fp.max", WS_OPT_UINT }, { "lat.fp.mul", WS_OPT_UINT }, { "lat.int.add", WS_OPT_UINT },
    { "lat.int.div", WS_OPT_UINT }, { "lat.int.mad", WS_OPT_UINT }, { "lat.int.max", WS_OPT_UINT },
    { "lat.int.mul", WS_OPT_UINT }, { "lat.int.shfl", WS_OPT_UINT }, { "lat.sfu", WS_OPT_UINT },
    { "mem.channels", WS_OPT_UINT }, { "mem.subparts", WS_OPT_UINT },
    { "run.deadlock", WS_OPT_UINT }, { "run.max_cycles", WS_OPT_UINT },
    { "run.skip_idle", WS_OPT_BOOL }, { "sm.count", WS_OPT_UINT }, { "sm.ctas", WS_OPT_UINT },
    { "sm.decode", WS_OPT_UINT }, { "sm.dp", WS_OPT_UINT }, { "sm.fetch", WS_OPT_UINT },
    { "sm.ibuffer", WS_OPT_UINT }, { "sm.ldst", WS_OPT_UINT }, { "sm.regs", WS_OPT_UINT },
    { "sm.sched", WS_OPT_ENUM }, { "sm.sched_active", WS_OPT_UINT },
    { "sm.schedulers", WS_OPT_UINT }, { "sm.sfu", WS_OPT_UINT }, { "sm.shared", WS_OPT_SIZE },
    { "sm.simd", WS_OPT_UINT }, { "sm.sp", WS_OPT_UINT }, { "sm.threads", WS_OPT_UINT },
    { "smem.bank_bytes", WS_OPT_UINT }, { "smem.banks", WS_OPT_UINT },
    { "smem.latency", WS_OPT_UINT }, { "stats.interval", WS_OPT_UINT },
    { "thread.call_depth", WS_OPT_UINT }, { "thread.keep_regs", WS_OPT_BOOL }, { "thread.local", WS_OPT_SIZE },
};

static int contains(const char *hay, const char *needle)
{
    return hay && needle && strstr(hay, needle) != NULL;
}

/* Set key=value on a fresh gtx480 and validate: the error text, or "" when valid. */
static const char *check(const char *kv1, const char *kv2, ws_error *err)
{
    ws_opts *o = ws_opts_new();
    err->msg[0] = '\0';
    int rc = 0;
    if (kv1)
        rc = ws_opts_set_kv(o, kv1, err);
    if (rc == 0 && kv2)
        rc = ws_opts_set_kv(o, kv2, err);
    if (rc == 0 && ws_opts_validate(o, err) == 0)
        err->msg[0] = '\0';
    ws_opts_free(o);
    return err->msg;
}

static void test_table(void)
{
    size_t n = ws_opts_ndefs();
    int sorted = 1, complete = 1, defaults = 1;
    for (size_t i = 1; i < n; i++)
        if (strcmp(ws_opts_def_at(i - 1)->name, ws_opts_def_at(i)->name) >= 0) {
            sorted = 0;
            diag("out of order: %s, %s", ws_opts_def_at(i - 1)->name, ws_opts_def_at(i)->name);
        }
    ok(sorted, "the table is sorted by name without duplicates (%zu keys)", n);
    for (size_t i = 0; i < WS_ARRAY_LEN(keys); i++) {
        const ws_opt_def *d = ws_opts_def_find(keys[i].name);
        if (!d || d->type != keys[i].type) {
            complete = 0;
            diag("missing or wrong type: %s", keys[i].name);
        }
    }
    ok(complete, "every key of the timing model is in the table with its type");
    ok(n >= WS_ARRAY_LEN(keys), "%zu keys, %zu of them read by the timing model", n, WS_ARRAY_LEN(keys));
    for (size_t i = 0; i < n; i++) {
        const ws_opt_def *d = ws_opts_def_at(i);
        ws_opt_val v;
        ws_error err;
        int good = ws_opts_parse(d, d->def, &v, &err) == 0 && d->help && *d->help && d->source &&
                   *d->source && d->source[0] == '[' && d->unit;
        if (d->type == WS_OPT_ENUM)
            good = good && d->choices && strchr(d->choices, '|');
        if (!good) {
            defaults = 0;
            diag("bad entry: %s", d->name);
        }
        free(v.s);
    }
    ok(defaults, "every default parses and is in range; every key has help, unit and a tagged source");
    ok(ws_opts_def_at(n) == NULL && ws_opts_def_find("no.such") == NULL, "lookups out of the table give NULL");
}

static void test_presets(void)
{
    static const struct {
        const char *name;
        uint64_t peak_mbs;
    } peaks[] = {
        { "gtx480", 177408 },        /* MFF: 177.4 GB/s */
        { "gtx480-l1-48k", 177408 },
        { "g80-mtp", 57600 },        /* MTP Table II: 57.6 GB/s */
        { "fermi-thesis", 100800 },  /* thesis Table 3: 100.8 GB/s */
        { "gtx980", 224000 },        /* IRU Table 2: 224 GB/s */
        { "v100", 870400 },          /* QV100: 32 x 16 B x 2 x 850 MHz */
    };
    is_str(ws_opts_default_preset(), "gtx480", "the default preset is gtx480");
    is_int(ws_opts_npresets(), WS_ARRAY_LEN(peaks), "six presets");
    for (size_t i = 0; i < ws_opts_npresets(); i++) {
        const ws_preset *p = ws_opts_preset_at(i);
        ws_opts *o = ws_opts_new();
        ws_error err;
        int rc = ws_opts_apply_preset(o, p->name, &err);
        if (rc != 0)
            diag("%s", err.msg);
        ok(rc == 0 && ws_opts_validate(o, &err) == 0, "preset %s applies and validates", p->name);
        int srcs = p->summary && *p->summary && p->source && *p->source;
        for (const ws_preset_val *v = p->vals; v->key; v++) {
            if (!v->source || v->source[0] != '[' || !ws_opts_def_find(v->key))
                srcs = 0;
            if (rc == 0 && strcmp(ws_opts_source(o, v->key), v->source) != 0 && !p->base) {
                diag("%s: %s listed twice?", p->name, v->key);
                srcs = 0;
            }
        }
        ok(srcs, "preset %s: summary, source, and a tagged source for every value", p->name);
        is_str(ws_opts_preset_name(o), p->name, "preset name kept");
        for (size_t k = 0; k < WS_ARRAY_LEN(peaks); k++)
            if (strcmp(peaks[k].name, p->name) == 0)
                is_int(ws_opts_dram_peak_mbs(o), peaks[k].peak_mbs, "%s peak DRAM bandwidth (MB/s)", p->name);
        ws_opts_free(o);
    }

    ws_opts *o = ws_opts_new();
    ws_error err;
    ok(ws_opts_apply_preset(o, "g80-mtp", &err) == 0, "g80-mtp");
    ok(!ws_opts_bool(o, "l1d.enable") && !ws_opts_bool(o, "l2.enable"), "g80-mtp has no L1D and no L2");
    is_int(ws_opts_uint(o, "sm.count"), 14, "g80-mtp: 14 cores");
    is_int(ws_opts_uint(o, "icnt.latency"), 20, "g80-mtp: 20-cycle interconnect");
    ok(ws_opts_bool(o, "dram.demand_first"), "g80-mtp: demand before prefetch");
    ok(contains(ws_opts_source(o, "sm.count"), "MTP Table II"), "a preset value's source is the preset's");
    ok(contains(ws_opts_source(o, "dram.queue"), "GTX480"), "a value the preset keeps has the table's source");
    ok(ws_opts_apply_preset(o, "gtx480-l1-48k", &err) == 0, "gtx480-l1-48k");
    is_int(ws_opts_uint(o, "l1d.size"), 48 * 1024, "48 KB L1D");
    is_int(ws_opts_uint(o, "l1d.ways"), 6, "6 ways (64 sets)");
    is_int(ws_opts_uint(o, "sm.shared"), 16 * 1024, "16 KB shared memory");
    is_int(ws_opts_uint(o, "sm.count"), 15, "the rest is gtx480 (its base)");
    ok(ws_opts_apply_preset(o, "fermi-thesis", &err) == 0, "fermi-thesis");
    is_int(ws_opts_uint(o, "mem.channels") * ws_opts_uint(o, "mem.subparts") * ws_opts_uint(o, "l2.size"),
           768 * 1024, "fermi-thesis: 768 KB of L2");
    is_int(ws_opts_uint(o, "l2.size") / (ws_opts_uint(o, "l2.ways") * ws_opts_uint(o, "l2.line")) *
               ws_opts_uint(o, "mem.channels"), 768, "fermi-thesis: 768 L2 sets in total");
    ok(ws_opts_apply_preset(o, "v100", &err) == 0, "v100");
    is_int(ws_opts_uint(o, "mem.channels") * ws_opts_uint(o, "mem.subparts") * ws_opts_uint(o, "l2.size"),
           6 * 1024 * 1024, "v100: 6 MB of L2");
    is_str(ws_opts_str(o, "coalesce.arch"), "sector", "v100 coalesces into sectors");
    ok(ws_opts_apply_preset(o, "gtx980", &err) == 0, "gtx980");
    is_int(ws_opts_uint(o, "mem.channels") * ws_opts_uint(o, "mem.subparts") * ws_opts_uint(o, "l2.size"),
           2 * 1024 * 1024, "gtx980: 2 MB of L2");

    ok(ws_opts_apply_preset(o, "gtx470", &err) == -1, "unknown preset rejected");
    ok(contains(err.msg, "unknown preset 'gtx470'") && contains(err.msg, "g80-mtp") &&
           contains(err.msg, "fermi-thesis"), "the error lists the presets: %s", err.msg);
    is_str(ws_opts_preset_name(o), "gtx980", "a failed preset changes nothing");
    ws_opts_free(o);
}

static void test_parse(void)
{
    ws_opts *o = ws_opts_new();
    ws_error err;
    char buf[256];
    ok(ws_opts_set(o, "l1d.size", "48K", &err) == 0, "48K");
    is_int(ws_opts_uint(o, "l1d.size"), 49152, "48K is 49152 bytes");
    is_str(ws_opts_text(o, "l1d.size", buf, sizeof buf), "49152", "canonical text of a size");
    is_str(ws_opts_display(o, "l1d.size", buf, sizeof buf), "48K", "display text of a size");
    ok(ws_opts_set(o, "l2.size", "1MB", &err) == 0 && ws_opts_uint(o, "l2.size") == 1 << 20, "1MB");
    ok(ws_opts_set_kv(o, "sm.count=0x10", &err) == 0 && ws_opts_uint(o, "sm.count") == 16, "hex integer");
    ok(ws_opts_set(o, "l1d.size", "48Q", &err) == -1, "48Q rejected");
    ok(contains(err.msg, "option 'l1d.size': '48Q' is not a size") && contains(err.msg, "allowed: 256..16M bytes"),
       "message names the key, the text and the range: %s", err.msg);
    is_int(ws_opts_uint(o, "l1d.size"), 49152, "a rejected value changes nothing");
    ok(ws_opts_set(o, "sm.count", "0", &err) == -1 &&
           contains(err.msg, "option 'sm.count': '0' is out of range (allowed: 1..1024 SMs)"),
       "out of range: %s", err.msg);
    ok(ws_opts_set(o, "sm.count", "-3", &err) == -1 && contains(err.msg, "not an unsigned integer"),
       "negative: %s", err.msg);
    ok(ws_opts_set(o, "sm.count", "15 ", &err) == -1, "trailing space rejected");
    ok(ws_opts_set(o, "sm.count", "", &err) == -1, "empty rejected");
    ok(ws_opts_set(o, "sm.count", "99999999999999999999999", &err) == -1, "overflow rejected");
    ok(ws_opts_set(o, "l2.size", "99999999999G", &err) == -1, "size overflow rejected");
    ok(ws_opts_set(o, "l2.size", "010K", &err) == -1 && ws_opts_set(o, "l2.size", " 8K", &err) == -1 &&
           ws_opts_set(o, "l2.size", "+8K", &err) == -1, "sizes: no leading zero, blank or sign");
    ok(ws_opts_set(o, "l2.size", "0x2000", &err) == 0 && ws_opts_uint(o, "l2.size") == 8192, "hex size");
    ok(ws_opts_set(o, "l1d.enable", "OFF", &err) == 0 && !ws_opts_bool(o, "l1d.enable"), "bool off");
    ok(ws_opts_set(o, "l1d.enable", "yes", &err) == 0 && ws_opts_bool(o, "l1d.enable"), "bool yes");
    ok(ws_opts_set(o, "l1d.enable", "maybe", &err) == -1 && contains(err.msg, "'maybe' is not a boolean"),
       "bad bool: %s", err.msg);
    ok(ws_opts_set(o, "l1d.repl", "FIFO", &err) == 0, "enum is case-insensitive");
    is_str(ws_opts_str(o, "l1d.repl"), "fifo", "enum text is the choice");
    is_str(ws_opts_text(o, "l1d.repl", buf, sizeof buf), "fifo", "enum canonical text");
    ok(ws_opts_set(o, "l1d.repl", "lfu", &err) == -1 &&
           contains(err.msg, "option 'l1d.repl': 'lfu' is not one of lru|fifo|random"), "bad enum: %s", err.msg);
    ok(ws_opts_set(o, "l1d.repl", "lr", &err) == -1, "a prefix of a choice is not the choice");
    ok(ws_opts_set(o, "dram.map", "ab\ncd", &err) == -1 && contains(err.msg, "control character"),
       "control characters rejected in text");
    char big[300];
    memset(big, 'R', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    ok(ws_opts_set(o, "dram.map", big, &err) == -1 && contains(err.msg, "at most 255"), "long text rejected");
    ok(ws_opts_set(o, "l1d.sise", "16K", &err) == -1 &&
           contains(err.msg, "unknown option 'l1d.sise' (did you mean 'l1d.size'?"), "suggestion: %s", err.msg);
    ok(ws_opts_set(o, "frobnicate", "1", &err) == -1 && contains(err.msg, "unknown option 'frobnicate' (see"),
       "no suggestion when nothing is close: %s", err.msg);
    ok(ws_opts_set_kv(o, "l1d.size", &err) == -1 && contains(err.msg, "'l1d.size' is not KEY=VALUE"),
       "kv without '=': %s", err.msg);
    ok(ws_opts_set_kv(o, "=4", &err) == -1, "kv without a key");
    ok(ws_opts_set_kv(o, "dram.map=dramid@8;RRRR=x", &err) == 0 &&
           strcmp(ws_opts_str(o, "dram.map"), "dramid@8;RRRR=x") == 0, "the value may contain '='");

    /* DOUBLE (no key uses it yet): through the parser directly. */
    ws_opt_def d = { "t.rate", WS_OPT_DOUBLE, "0.5", 0, 0, 0.0, 1.0, NULL, "", "h", "[choice]" };
    ws_opt_val v;
    ok(ws_opts_parse(&d, "0.25", &v, &err) == 0 && v.d == 0.25, "double parses");
    ok(ws_opts_parse(&d, "1.5", &v, &err) == -1 && contains(err.msg, "out of range (allowed: 0..1"),
       "double range: %s", err.msg);
    ok(ws_opts_parse(&d, "nan", &v, &err) == -1 && ws_opts_parse(&d, "0.5x", &v, &err) == -1,
       "nan and junk rejected");
    ws_opts_free(o);
}

static void test_validate(void)
{
    ws_error err;
    is_str(check(NULL, NULL, &err), "", "gtx480 validates");
    ok(contains(check("l1d.size=20000", NULL, &err),
                "l1d.size (20000) is not a multiple of l1d.ways * l1d.line (4 x 128 = 512 bytes, one set)"),
       "not a multiple: %s", err.msg);
    ok(contains(check("l1d.size=24K", NULL, &err), "is 48 sets: the set count must be a power of two"),
       "48 sets: %s", err.msg);
    /* the README's example: what would work instead */
    is_str(check("l1d.size=48K", NULL, &err),
           "l1d.size / (l1d.ways * l1d.line) is 96 sets: the set count must be a power of two (32 or 64 with "
           "the Fermi hash); l1d.size=48K works with l1d.ways=6 (64 sets), l1d.ways=12 (32 sets), or l1d.size=32K with l1d.ways=4 "
           "(--preset gtx480-l1-48k is a 48 KB 6-way L1D)", "48K: what would work");
    is_str(check("l1d.size=48K", "l1d.hash=linear", &err),
           "l1d.size / (l1d.ways * l1d.line) is 96 sets: the set count must be a power of two; l1d.size=48K "
           "works with l1d.ways=3 (128 sets), l1d.ways=6 (64 sets), l1d.ways=12 (32 sets), l1d.ways=24 "
           "(16 sets), l1d.ways=48 (8 sets), or l1d.size=32K or 64K with l1d.ways=4 (--preset gtx480-l1-48k "
           "is a 48 KB 6-way L1D)", "48K, linear hash: what would work");
    ok(contains(check("l1d.line=96", NULL, &err), "l1d.line is 96: it must be a power of two"),
       "line: %s", err.msg);
    ok(contains(check("l1d.sector=48", NULL, &err), "l1d.sector is 48"), "sector: %s", err.msg);
    ok(contains(check("l1d.sector=256", NULL, &err), "dividing l1d.line (128)"), "sector > line");
    ok(contains(check("l2.sector=2", NULL, &err), "at most 32 sectors"), "64 sectors rejected");
    is_str(check("l1d.sector=32", NULL, &err), "", "32 B sectors in a 128 B line");
    ok(contains(check("cmem.size=12K", NULL, &err), "cmem.size / (cmem.ways * cmem.line) is 96 sets"),
       "constant cache geometry: %s", err.msg);
    ok(contains(check("l2.ways=3", NULL, &err), "l2.size (64K) is not a multiple of l2.ways * l2.line"),
       "L2 geometry: %s", err.msg);
    is_str(check("l1d.enable=false", "l1d.size=20000", &err), "", "a disabled L1's geometry is not checked");
    ok(contains(check("sm.threads=1000", NULL, &err), "sm.threads is 1000: it must be a multiple of 32"),
       "threads: %s", err.msg);
    ok(contains(check("sm.threads=512", "cta.threads=1024", &err), "cta.threads (1024) is more than sm.threads (512)"),
       "CTA threads: %s", err.msg);
    ok(contains(check("cta.shared=64K", NULL, &err), "cta.shared (65536 bytes) is more than sm.shared"),
       "CTA shared: %s", err.msg);
    ok(contains(check("sm.simd=12", NULL, &err), "sm.simd is 12"), "simd: %s", err.msg);
    {
        ws_opts *o = ws_opts_new();
        ws_opts_set_kv(o, "sm.threads=256", &err);
        ws_opts_set_kv(o, "cta.threads=256", &err);
        ws_opts_set_kv(o, "sm.schedulers=16", &err);
        ok(ws_opts_validate(o, &err) == -1 &&
               contains(err.msg, "sm.schedulers (16) is more than the warp slots (sm.threads / 32 = 8)"),
           "schedulers: %s", err.msg);
        ws_opts_free(o);
    }
    ok(contains(check("smem.banks=24", NULL, &err), "smem.banks is 24"), "banks: %s", err.msg);
    ok(contains(check("l1d.alloc=fill", NULL, &err), "l1d.write=local-wb cannot be used with l1d.alloc=fill"),
       "write-back with allocate on fill: %s", err.msg);
    ok(contains(check("l2.alloc=fill", NULL, &err), "l2.write=wb cannot be used with l2.alloc=fill"),
       "L2 too: %s", err.msg);
    {
        ws_opts *o = ws_opts_new();
        ws_opts_set_kv(o, "l1d.write=evict", &err);
        ws_opts_set_kv(o, "l1d.alloc=fill", &err);
        ok(ws_opts_validate(o, &err) == 0, "write-evict with allocate on fill is fine (fermi-thesis)");
        ws_opts_set_kv(o, "l1d.write_alloc=fetch", &err);
        ok(ws_opts_validate(o, &err) == -1 &&
               contains(err.msg, "l1d.write_alloc=fetch cannot be used with l1d.alloc=fill"),
           "fetch on write with allocate on fill: %s", err.msg);
        ws_opts_free(o);
    }
    ok(contains(check("l1d.line=256", "l1d.hash=linear", &err), "l1d.line (256) is larger than l2.line (128)"),
       "L1 line larger than L2 line: %s", err.msg);
    ok(contains(check("dram.bank_groups=3", NULL, &err), "dram.bank_groups (3) must divide dram.banks (16)"),
       "bank groups: %s", err.msg);
    ok(contains(check("dram.banks=12", NULL, &err), "dram.banks is 12"), "banks power of two");
    ok(contains(check("dram.burst=6", NULL, &err), "dram.burst (6) must be a multiple of dram.data_rate (4)"),
       "burst: %s", err.msg);
    ok(contains(check("dram.map=RRRRBBBBXCCCSSSS", NULL, &err), "'X' at position 9 is not a mask letter"),
       "map letter: %s", err.msg);
    ok(contains(check("dram.map=dramid@99;RRRR", NULL, &err), "bit number 0..63"), "map dramid: %s", err.msg);
    ok(contains(check("dram.map=RRRRBBBBCCCCSSSS", NULL, &err), "0 D (channel) bits for mem.channels=6"),
       "map without channel bits: %s", err.msg);
    /* the rest as the memory system builds the map (checked with the options) */
    ok(contains(check("dram.map=RRRRDDDBBBBCCCCSSSS", NULL, &err),
                "3 channel bits (D) select 8 channels but mem.channels is 6; use 'dramid@N;'"),
       "three D bits for 6 channels: %s", err.msg);
    is_str(check("dram.map=RRRRDDDBBBBCCCCSSSS", "mem.channels=8", &err), "", "three D bits for 8 channels");
    ok(contains(check("dram.banks=32", NULL, &err), "4 bank bits (B) select 16 banks but dram.banks is 32"),
       "bank bits of the map: %s", err.msg);
    ok(contains(check("mem.subparts=3", NULL, &err), "mem.subparts is 3; it must divide dram.banks (16)"),
       "slices per channel: %s", err.msg);
    ok(contains(check("dram.map=", NULL, &err), "dram.map has 0 address bits"), "empty map");
    /* GPGPU-Sim's Fermi set index exists for 32 and 64 sets only: rejected
     * with the options, not later when the GPU is built */
    ok(contains(check("l1d.ways=1", NULL, &err),
                "l1d.hash=fermi needs 32 or 64 sets (GPGPU-Sim's Fermi L1 index); "
                "l1d.size / (l1d.ways * l1d.line) is 128 sets"),
       "fermi index with 128 sets: %s", err.msg);
    is_str(check("l1d.ways=1", "l1d.hash=linear", &err), "", "the same geometry with the linear index");
    is_str(check("l1d.size=32K", NULL, &err), "", "fermi index with 64 sets");
    ok(contains(check("l2.hash=fermi", "l2.size=128K", &err), "l2.hash=fermi needs 32 or 64 sets"),
       "fermi L2 index with 128 sets: %s", err.msg);
    /* the prefetch cache's geometry counts only when prefetches go there */
    ok(contains(check("pf.dest=pfc", "pfc.ways=3", &err), "pfc.size (16K) is not a multiple of pfc.ways * pfc.line"),
       "prefetch cache geometry: %s", err.msg);
    is_str(check("pfc.ways=3", NULL, &err), "", "no prefetch cache (pf.dest=l1): its geometry is not checked");
    /* ranges the components enforce are the table's */
    ok(contains(check("dram.banks=128", NULL, &err), "'128' is out of range (allowed: 1..64 banks)"),
       "dram banks range: %s", err.msg);
    ok(contains(check("cta.threads=16", NULL, &err), "'16' is out of range (allowed: 32..1024 threads)"),
       "CTA threads range: %s", err.msg);
}

static void test_getters(void)
{
    ws_opts *o = ws_opts_new();
    ws_error err;
    char buf[256];
    /* Enum choices are in the order of the C enums components cast them to. */
    ws_opts_set_kv(o, "l1d.repl=random", &err);
    is_int(ws_opts_enum(o, "l1d.repl"), WS_REPL_RANDOM, "repl order = ws_cache_repl");
    ws_opts_set_kv(o, "l1d.write=local-wb", &err);
    is_int(ws_opts_enum(o, "l1d.write"), WS_WP_LOCAL_WB_GLOBAL_WT, "write order = ws_cache_wpol");
    ws_opts_set_kv(o, "l1d.write=evict", &err);
    is_int(ws_opts_enum(o, "l1d.write"), WS_WP_WRITE_EVICT, "write-evict");
    ws_opts_set_kv(o, "l2.write_alloc=validate", &err);
    is_int(ws_opts_enum(o, "l2.write_alloc"), WS_WA_VALIDATE, "write_alloc order = ws_cache_walloc");
    ws_opts_set_kv(o, "l1d.alloc=fill", &err);
    is_int(ws_opts_enum(o, "l1d.alloc"), WS_ALLOC_ON_FILL, "alloc order = ws_cache_alloc");
    ws_opts_set_kv(o, "l2.hash=xor", &err);
    is_int(ws_opts_enum(o, "l2.hash"), WS_HASH_XOR, "hash order = ws_cache_hash");
    is_int(ws_opts_enum(o, "l1d.hash"), WS_HASH_FERMI, "gtx480 L1 uses the Fermi hash");
    ws_opts_set_kv(o, "dram.sched=fcfs", &err);
    is_int(ws_opts_enum(o, "dram.sched"), WS_DRAM_FCFS, "dram.sched order = ws_dram_sched");

    is_int(ws_opts_uint(o, "l1d.enable"), 1, "uint reads a bool as 0/1");
    is_int(ws_opts_double(o, "clock.core"), 700, "double reads an integer");
    is_str(ws_opts_text(o, "run.skip_idle", buf, sizeof buf), "true", "bool text");
    ok(!ws_opts_changed(o, "sm.count"), "unchanged key");
    ok(ws_opts_changed(o, "l1d.repl"), "changed key");
    is_str(ws_opts_source(o, "l1d.repl"), "set by the user", "source of a set value");
    ok(contains(ws_opts_source(o, "sm.count"), "gpgpu_n_clusters"), "source of a default");
    ws_opts_set_kv(o, "l1d.repl=lru", &err);
    ok(!ws_opts_changed(o, "l1d.repl"), "set back to the preset's value: unchanged");

    ws_opts *c = ws_opts_copy(o);
    ws_opts_set_kv(c, "dram.map=dramid@8;RRRRBBBBCCCCSSSS", &err);
    ok(strcmp(ws_opts_str(o, "dram.map"), ws_opts_str(c, "dram.map")) != 0, "a copy is independent");
    is_str(ws_opts_preset_name(c), "gtx480", "a copy keeps the preset");
    ok(ws_opts_changed(c, "dram.map") && ws_opts_changed(c, "dram.sched"), "a copy keeps the preset's values");
    ws_opts_free(c);

    char *json = ws_opts_to_json(o);
    ok(contains(json, "{\n  \"preset\": \"gtx480\",\n  \"check.sync\": false,\n  \"clock.core\": 700,"), "JSON starts with preset and "
       "the first key");
    ok(contains(json, "\"l1d.size\": 16384,") && contains(json, "\"l1d.enable\": true,") &&
           contains(json, "\"dram.sched\": \"fcfs\",") && contains(json, "\"thread.local\": 16384,") &&
           contains(json, "\"throttle.merge_high\": 0.15,") && contains(json, "\"throttle.policy\": \"none\"\n}"),
       "JSON types: integers, booleans, strings; sizes in bytes");
    free(json);
    ws_opts_free(o);
}

int main(void)
{
    test_table();
    test_presets();
    test_parse();
    test_validate();
    test_getters();
    return tap_done();
}
