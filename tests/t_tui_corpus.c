/* t_tui_corpus: tests/fuzz/tui-corpus through tests/fuzz/fuzz_tui.c (the TUI's keys, off screen). */
#include "fuzz/fuzz_tui.c"

static const char *offscreen(void)
{
    static ws_error e;
    return ws_tui_offscreen_begin(24, 80, &e) == 0 ? NULL : e.msg;
}

#define FUZZ_INIT
#define FUZZ_SKIP offscreen()
#define FUZZ_CORPUS "tui-corpus"
#include "fuzz_corpus.h"
