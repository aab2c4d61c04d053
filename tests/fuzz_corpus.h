/* fuzz_corpus.h: the main of a fuzz target's corpus test (make check):
 * every input saved in tests/fuzz/NAME-corpus/ (inputs the fuzzer found
 * interesting, and the ones that once crashed or hung) goes through the
 * same LLVMFuzzerTestOneInput as the fuzzer.  Errors are fine; a crash, a
 * sanitizer report (in sanitizer builds) or a broken invariant (abort)
 * fails the test.  Include the target's .c first, then this with
 * FUZZ_CORPUS defined to the folder's name ("dinero-corpus"); define
 * FUZZ_INIT when the target has an LLVMFuzzerInitialize, FUZZ_SKIP to an
 * expression giving why the test cannot run here (NULL: it can). */
#ifndef FUZZ_CORPUS_H
#define FUZZ_CORPUS_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ws_tap.h"

static int fuzz_corpus_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    const char *src = getenv("WS_SRCDIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/tests/fuzz/" FUZZ_CORPUS, src ? src : ".");
    DIR *d = opendir(dir);
    if (!d)
        tap_skip_all("no corpus directory");
#ifdef FUZZ_SKIP
    const char *why = FUZZ_SKIP;
    if (why)
        tap_skip_all(why);
#endif
#ifdef FUZZ_INIT
    LLVMFuzzerInitialize(&argc, &argv);
#else
    (void)argc;
    (void)argv;
#endif
    static char *names[8192];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 8192)
        if (e->d_name[0] != '.')
            names[n++] = strdup(e->d_name);
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, fuzz_corpus_cmp);
    size_t total = 0;
    unsigned char *buf = malloc(1 << 20);
    for (int i = 0; i < n; i++) {
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        FILE *f = fopen(path, "rb");
        if (!f) {
            ok(0, "open %s", names[i]);
            continue;
        }
        size_t len = fread(buf, 1, 1 << 20, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, len);
        total += len;
        free(names[i]);
    }
    free(buf);
    ok(n > 0, "%d inputs of tests/fuzz/%s (%zu bytes) ran without a crash", n, FUZZ_CORPUS, total);
    return tap_done();
}

#endif
