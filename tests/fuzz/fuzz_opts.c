/* fuzz_opts.c: libFuzzer target for the option strings (`--set KEY=VALUE`,
 * ws.gpu{...}, presets): src/arch/ws_opts*.c and the machine they build.
 * fuzz-sources: libws
 *
 * Input: one selector byte (the preset applied first), then lines, each
 * one KEY=VALUE given to ws_opts_set_kv as `--set` gives it.  Findings:
 *   - a crash or a sanitizer report anywhere below;
 *   - a refused line without a message, or one that changed a value;
 *   - a value whose canonical text (ws_opts_text, what --list-options and
 *     the JSON show) does not set the same value again;
 *   - options that pass ws_opts_validate but that ws_gpu_create refuses
 *     (those checks belong in ws_opts_validate: HACKING, Fuzzing) or the
 *     other way round.
 * Machines larger than a few hundred MB of model state are not built (the
 * structural keys multiplied; libFuzzer's memory limit would call them
 * findings).  tests/t_opts_corpus.c runs tests/fuzz/opts-corpus through
 * this same function under `make check`.
 *   tests/fuzz/build.sh opts
 *   build-fuzz/fuzz_opts -jobs=1 -max_total_time=600 \
 *       -dict=tests/fuzz/opts.dict CORPUS tests/fuzz/opts-corpus */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu.h"
#include "arch/ws_opts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(int cond, const char *what, const char *detail)
{
    if (!cond) {
        fprintf(stderr, "fuzz_opts: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
        abort();
    }
}

/* Rough bytes of model state (caches' tags, SM slots): keep runs cheap. */
static double state_bytes(const ws_opts *o)
{
    double sms = (double)ws_opts_uint(o, "sm.count");
    double l1 = (double)ws_opts_uint(o, "l1d.size") + (double)ws_opts_uint(o, "l1i.size") +
                (double)ws_opts_uint(o, "cmem.size") + (double)ws_opts_uint(o, "sm.shared");
    double l2 = (double)ws_opts_uint(o, "l2.size") * (double)ws_opts_uint(o, "mem.channels");
    return sms * (l1 + 64.0 * (double)ws_opts_uint(o, "sm.threads")) + l2;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096)
        return 0;
    ws_error err = { 0 };
    ws_opts *o = ws_opts_new();
    const ws_preset *p = ws_opts_preset_at(data[0] % ws_opts_npresets());
    check(ws_opts_apply_preset(o, p->name, &err) == 0, "a shipped preset is refused", err.msg);

    char line[4097];
    size_t i = 1;
    while (i < size) {
        size_t n = 0;
        while (i < size && data[i] != '\n')
            line[n++] = (char)data[i++];
        i++;
        line[n] = '\0';
        char *before = ws_opts_to_json(o);
        ws_error_clear(&err);
        if (ws_opts_set_kv(o, line, &err) != 0) {
            check(err.msg[0] != '\0' && err.code != 0, "a refused option without a message", line);
            char *after = ws_opts_to_json(o);
            check(strcmp(before, after) == 0, "a refused option changed the values", line);
            free(after);
        }
        free(before);
    }

    /* every value's text sets the same value again */
    ws_opts *c = ws_opts_copy(o);
    char buf[256], buf2[256];
    for (size_t k = 0; k < ws_opts_ndefs(); k++) {
        const ws_opt_def *d = ws_opts_def_at(k);
        ws_opts_text(o, d->name, buf, sizeof buf);
        check(ws_opts_set(c, d->name, buf, &err) == 0, "a value's own text is refused", err.msg);
        check(strcmp(ws_opts_text(c, d->name, buf2, sizeof buf2), buf) == 0, "text round trip", d->name);
        (void)ws_opts_display(o, d->name, buf, sizeof buf);
        (void)ws_opts_source(o, d->name);
    }
    ws_opts_free(c);
    FILE *null = fopen("/dev/null", "w");
    if (null) {
        ws_opts_print_list(o, null);
        fclose(null);
    }
    (void)ws_opts_dram_peak_mbs(o);

    ws_error_clear(&err);
    int valid = ws_opts_validate(o, &err) == 0;
    if (!valid)
        check(err.msg[0] != '\0', "refused options without a message", NULL);
    if (valid && state_bytes(o) < 256e6) {
        ws_gpu *g = ws_gpu_create(o, 1, &err);
        check(g != NULL, "options that passed ws_opts_validate do not build a gpu", err.msg);
        ws_gpu_free(g);
    }
    ws_opts_free(o);
    return 0;
}
