/* fuzz_dinero.c: libFuzzer target for `warpscope cache`'s trace reader
 * (src/cli/ws_cmd_cache_trace.c: Dinero IV extended din records, plain or
 * gzip).
 * fuzz-sources: libws
 *
 * Input: one selector byte, then the trace's bytes.  The selector picks a
 * small cache (line size, ways, replacement, write and allocation policy,
 * set hash, sectors), unified or split instruction and data caches, and
 * din-only records (-informat d).  The trace is read from a memory file
 * through its path, as `warpscope cache` reads one.  Errors are fine;
 * crashes, sanitizer reports and broken invariants are findings:
 *   - a failure prints exactly one line "warpscope cache: NAME:LINE: why"
 *     (or "NAME: cannot read: why" for a broken gzip stream);
 *   - success prints nothing, and every cache has at most as many misses as
 *     fetches by type, at most as many whole-block misses as misses.
 * tests/t_dinero_corpus.c runs the saved corpus (tests/fuzz/dinero-corpus)
 * through this same function under `make check`.
 *   tests/fuzz/build.sh dinero
 *   build-fuzz/fuzz_dinero -jobs=1 -max_total_time=600 \
 *       -dict=tests/fuzz/dinero.dict CORPUS tests/fuzz/dinero-corpus */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE     /* memfd_create */
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "arch/ws_cache.h"
#include "cli/ws_cmd_cache.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(int cond)
{
    if (!cond)
        abort();
}

static int trace_fd = -1;
static char trace_path[64];

static ws_cache *small_cache(uint8_t sel, int which, uint64_t *line, bool *sectored)
{
    ws_cache_config cfg;
    memset(&cfg, 0, sizeof cfg);
    snprintf(cfg.name, sizeof cfg.name, "l1-%ccache", which ? 'd' : 'u');
    cfg.line = 4u << (sel & 3) * 2;                 /* 4, 16, 64, 256 */
    cfg.ways = 1u << ((sel >> 2) & 3);              /* 1, 2, 4, 8 */
    cfg.sets = 1u << ((sel >> 4) & 3);              /* 1 .. 8 */
    cfg.sector = (sel & 0x40) && cfg.line >= 16 ? cfg.line / 4 : 0;
    cfg.repl = (ws_cache_repl)((sel + which) % 3);
    cfg.wpol = (sel >> 1) & 1 ? WS_WP_WRITE_THROUGH : WS_WP_WRITE_BACK;
    cfg.walloc = (ws_cache_walloc)((sel >> 3) % 3);
    cfg.alloc = WS_ALLOC_ON_MISS;
    cfg.hash = (ws_cache_hash)((sel >> 5) % 3);
    cfg.seed = sel;
    ws_error err = { 0 };
    ws_cache *c = ws_cache_create(&cfg, &err);
    if (!c) {   /* (a combination the cache refuses: whole lines, linear sets) */
        cfg.sector = 0;
        cfg.hash = WS_HASH_LINEAR;
        c = ws_cache_create(&cfg, &err);
    }
    check(c != NULL);
    *line = cfg.line;
    *sectored = cfg.sector != 0;
    return c;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    if (trace_fd < 0) {
        trace_fd = memfd_create("fuzz.din", 0);
        check(trace_fd >= 0);
        snprintf(trace_path, sizeof trace_path, "/proc/self/fd/%d", trace_fd);
    }
    uint8_t sel = data[0];
    check(ftruncate(trace_fd, 0) == 0);
    check(pwrite(trace_fd, data + 1, size - 1, 0) == (ssize_t)(size - 1));

    int nsims = sel & 0x80 ? 2 : 1;
    ws_dsim sims[2];
    memset(sims, 0, sizeof sims);
    for (int k = 0; k < nsims; k++) {
        sims[k].c = small_cache((uint8_t)(sel * (k + 1)), k, &sims[k].line, &sims[k].sectored);
        snprintf(sims[k].name, sizeof sims[k].name, "c%d", k);
    }

    /* The reader reports on stderr: catch what it says (the sanitizers
     * write to the file descriptor, not through this FILE). */
    char *msg = NULL;
    size_t msglen = 0;
    FILE *saved = stderr, *mem = open_memstream(&msg, &msglen);
    check(mem != NULL);
    stderr = mem;
    uint64_t nrec = 0;
    int rc = ws_dinero_run(trace_path, (sel & 3) == 3 && (sel & 0x20), sims, nsims, &nrec);
    stderr = saved;
    fclose(mem);

    if (rc) {
        size_t plen = strlen("warpscope cache: ") + strlen(trace_path);
        check(msglen > plen + 2 && strncmp(msg, "warpscope cache: ", 17) == 0);
        check(strncmp(msg + 17, trace_path, strlen(trace_path)) == 0 && msg[plen] == ':');
        check(msg[msglen - 1] == '\n' && memchr(msg, '\n', msglen) == msg + msglen - 1);
    } else {
        check(msglen == 0);
    }
    for (int k = 0; k < nsims; k++) {
        for (int t = 0; t < 4; t++)
            check(sims[k].miss[t] <= sims[k].fetch[t] && sims[k].blockmiss[t] <= sims[k].miss[t]);
        ws_cache_free(sims[k].c);
    }
    free(msg);
    return 0;
}
