/* fuzz_ptx.c: libFuzzer target for the PTX front end.
 * fuzz-sources: src/ptx src/util
 *
 * Build: tests/fuzz/build.sh ptx   (or `make fuzz-ptx`); run:
 *   build-fuzz/fuzz_ptx -jobs=1 -max_total_time=600 CORPUS tests/fuzz/ptx-corpus
 * Any input must give either a complete module or an error that names the
 * file; the sanitizers catch everything else.  A loaded module is walked by
 * the disassembler, the register counter and the CFG builder too. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/ws_ptx.h"
#include "ptx/ws_ptx_cfg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ws_error err;
    ws_ptx_module *m = ws_ptx_parse((const char *)data, size, "fuzz.ptx", &err);
    if (!m) {
        if (strncmp(err.msg, "fuzz.ptx:", 9) != 0 || err.code == 0)
            abort();   /* every failure names the file and has a code */
        return 0;
    }
    char buf[256];
    for (uint32_t f = 0; f < m->nfuncs; f++) {
        const ws_ptx_func *fn = &m->funcs[f];
        for (uint32_t i = 0; i < fn->ninsns; i++) {
            ws_ptx_disasm(m, fn, &fn->insns[i], buf, sizeof buf);
            if (fn->insns[i].op == WS_OP_BRA && fn->insns[i].opnd[0].target >= fn->ninsns)
                abort();
            if (fn->insns[i].reconv > fn->ninsns)
                abort();
        }
        ws_ptx_cfg_free(ws_ptx_cfg_build(fn));
        (void)ws_ptx_func_regs_declared(m, fn);
    }
    ws_ptx_module_free(m);
    return 0;
}
