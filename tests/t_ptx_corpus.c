/* t_ptx_corpus.c: every input the fuzzer kept (tests/fuzz/ptx-corpus) goes
 * through the parser again: errors are fine, crashes and sanitizer reports
 * are not (run the sanitizer build to see those); a loaded module must
 * satisfy the IR invariants and every instruction must disassemble. */
#include "t_ptx_util.h"

int main(void)
{
    size_t n;
    char **files = tp_list("tests/fuzz/ptx-corpus", "", &n);
    if (n == 0)
        tap_skip_all("no corpus in tests/fuzz/ptx-corpus");
    size_t loaded = 0, failed = 0, bad = 0, unnamed = 0;
    for (size_t i = 0; i < n; i++) {
        size_t len;
        char *text = ws_read_file(files[i], &len);
        if (!text) {
            bad++;
            continue;
        }
        ws_error err;
        ws_ptx_module *m = ws_ptx_parse(text, len, "corpus.ptx", &err);
        if (m) {
            loaded++;
            const char *why = tp_validate(m);
            if (why) {
                diag("%s: %s", tp_base(files[i]), why);
                bad++;
            }
            char buf[256];
            for (uint32_t f = 0; f < m->nfuncs; f++)
                for (uint32_t k = 0; k < m->funcs[f].ninsns; k++)
                    ws_ptx_disasm(m, &m->funcs[f], &m->funcs[f].insns[k], buf, sizeof buf);
            ws_ptx_module_free(m);
        } else {
            failed++;
            if (strncmp(err.msg, "corpus.ptx:", 11) != 0 || err.code == 0) {
                diag("%s: message without position: %s", tp_base(files[i]), err.msg);
                unnamed++;
            }
        }
        free(text);
    }
    diag("%zu inputs: %zu load, %zu are errors", n, loaded, failed);
    is_int(bad, 0, "every loaded corpus module satisfies the IR invariants");
    is_int(unnamed, 0, "every error names file:line:col");
    ok(loaded + failed == n, "all %zu corpus inputs processed", n);
    tp_free_list(files);
    return tap_done();
}
