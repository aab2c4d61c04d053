/* Regression test for the graph fuzz target: every input saved in
 * tests/fuzz/graph-corpus/ (inputs the fuzzer found interesting, and the
 * ones that once crashed) goes through the same harness as the fuzzer.
 * Errors are fine; a crash, a sanitizer report (in sanitizer builds) or a
 * broken invariant (abort) fails the test. */
#include "ws_tap.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_graph.c"

static int cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void)
{
    const char *src = getenv("WS_SRCDIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/tests/fuzz/graph-corpus", src ? src : ".");
    DIR *d = opendir(dir);
    if (!d)
        tap_skip_all("no corpus directory");
    char *names[4096];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 4096)
        if (e->d_name[0] != '.')
            names[n++] = strdup(e->d_name);
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, cmp);
    size_t total = 0;
    for (int i = 0; i < n; i++) {
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        FILE *f = fopen(path, "rb");
        if (!f) {
            ok(0, "open %s", names[i]);
            continue;
        }
        unsigned char *buf = malloc(1 << 20);
        size_t len = fread(buf, 1, 1 << 20, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, len);
        total += len;
        free(buf);
        free(names[i]);
    }
    ok(n > 0, "%d corpus inputs (%zu bytes) ran through every reader without a crash", n, total);
    return tap_done();
}
