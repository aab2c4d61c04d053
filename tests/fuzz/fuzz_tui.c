/* fuzz_tui.c: libFuzzer target for the TUI's keys, in process and off
 * screen: what tests/fuzz/tui_keys.sh does under tmux, a thousand times
 * faster.
 * fuzz-sources: libws
 *
 * Per input: a fresh Lua state, sandboxed (no io or os, a budget of Lua
 * instructions, a memory cap), the TUI's state as ws_tui_main sets it up,
 * and scenarios/micro/coalesce.lua (one warp, six short launches) paused at
 * its first launch.  Then the input's bytes, as keys, through
 * ws_tui_on_key, the dispatch of the real loop: ':' commands, the console's
 * Lua, every view's keys, the help.  Between keys, the loop's own work: a
 * running launch simulates in chunks and the screen (curses off screen,
 * ws_tui_offscreen_begin) is drawn when asked.  Bytes:
 *   0x00-0x7f  that character (Enter, Esc, ^L, Tab, Backspace are keys too)
 *   0x80-0xbf  a curses key: arrows, pages, Home, End, Backspace, Delete,
 *              Enter, F1-F12, ... (table below)
 *   0xc0-0xff  a new window size: the next byte picks rows (1-70) and
 *              this one columns (1-200), then KEY_RESIZE
 * The first byte picks colours and ASCII drawing.  FUZZ_TUI_VERBOSE=1 in
 * the environment prints what each session did (state, log) at its end.  A crash, a sanitizer
 * report, a hang (libFuzzer's -timeout) or abort() below is a finding; a
 * scenario error, a console error or a refused command is not.
 *   tests/fuzz/build.sh tui
 *   build-fuzz/fuzz_tui -jobs=1 -max_total_time=600 -max_len=512 \
 *       -dict=tests/fuzz/tui.dict -timeout=30 CORPUS tests/fuzz/tui-corpus */
#include "config.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lua/ws_lua.h"
#include "lua/ws_lua_ctl.h"
#include "lua/ws_lua_sandbox.h"
#include "tui/ws_tui_int.h"
#include "ws_dirs.h"

#include <lauxlib.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char scenario[4096], scn_dir[4096];
static int null_fd = -1, saved_out = -1;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *top = getenv("WARPSCOPE_DATADIR");
    if (!top || !*top) {
        top = WS_SRCDIR;
        setenv("WARPSCOPE_DATADIR", top, 1);
    }
    if (strlen(top) + sizeof "/scenarios/micro/coalesce.lua" > sizeof scn_dir) {
        fprintf(stderr, "fuzz_tui: data directory path too long\n");
        exit(1);
    }
    snprintf(scn_dir, sizeof scn_dir, "%s/scenarios/micro", top);
    size_t n = strlen(scn_dir);
    memcpy(scenario, scn_dir, n);
    memcpy(scenario + n, "/coalesce.lua", sizeof "/coalesce.lua");
    ws_error err;
    if (ws_tui_offscreen_begin(24, 80, &err) != 0) {
        fprintf(stderr, "fuzz_tui: %s\n", err.msg);
        exit(1);
    }
    null_fd = open("/dev/null", O_WRONLY);
    return 0;
}

/* The scenario's print() goes to standard output: to /dev/null during a
 * session (the corpus test writes its TAP there). */
static void quiet(bool on)
{
    fflush(stdout);
    if (on && null_fd >= 0 && saved_out < 0) {
        saved_out = dup(1);
        dup2(null_fd, 1);
    } else if (!on && saved_out >= 0) {
        dup2(saved_out, 1);
        close(saved_out);
        saved_out = -1;
    }
}

static int special_key(uint8_t b)
{
    static const int keys[] = {
        KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_PPAGE, KEY_NPAGE, KEY_HOME, KEY_END,
        KEY_BACKSPACE, KEY_DC, KEY_ENTER, KEY_RESIZE, KEY_BTAB, KEY_IC, KEY_SLEFT, KEY_SRIGHT,
        KEY_F(1), KEY_F(2), KEY_F(3), KEY_F(4), KEY_F(5), KEY_F(6), KEY_F(7), KEY_F(8),
        KEY_F(9), KEY_F(10), KEY_F(11), KEY_F(12), KEY_MOUSE, 127, 0x1b, KEY_MAX,
    };
    return keys[b & 31];
}

/* Cycles one input may simulate (the scenario's six launches take a few
 * thousand; `run end` and `c` must be able to finish it). */
#define MAX_CYCLES 400000u

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096)
        return 0;
    ws_error err;
    quiet(true);
    ws_lua_opts lo = { .seed = 1, .batch = 0 };
    lua_State *L = ws_lua_new(&lo);
    if (!L)
        abort();
    if (ws_lua_sandbox(L, scn_dir, 5000000, &err) < 0) {
        fprintf(stderr, "fuzz_tui: %s\n", err.msg);
        abort();
    }
    ws_lua_sandbox_memory(L, 256u << 20);

    ws_tui *t = calloc(1, sizeof *t);
    t->L = L;
    t->scenario = scenario;
    t->preset = "gtx480";
    t->gpu_ref = LUA_NOREF;
    t->cur_y = t->cur_x = -1;
    t->rs = WS_RS_LOADING;
    t->color = data[0] & 1;
    t->ascii = (data[0] >> 1) & 1;
#ifndef WS_CURSES_WIDE
    t->ascii = true;
#endif
    ws_tui_colors_init(t->color);
    resize_term(24, 80);
    ws_tui_lua_install(t);
    t->scn = ws_scn_new(L, scenario, 0, NULL, &err);
    if (!t->scn) {
        fprintf(stderr, "fuzz_tui: %s\n", err.msg);
        abort();    /* the shipped scenario must load */
    }
    ws_tui_next_launch(t);
    t->need_redraw = true;

    uint64_t cycles = 0;
    size_t i = 1;
    while (!t->quit && !ws_lua_exiting(L)) {
        ws_tui_sync(t);
        if (t->need_redraw) {
            t->need_redraw = false;
            ws_tui_draw_screen(t);
        }
        if (t->rs == WS_RS_RUNNING && cycles < MAX_CYCLES) {
            cycles += ws_tui_run_chunk(t, 1024);
            ws_tui_sync(t);
            if (t->rs != WS_RS_RUNNING)
                t->need_redraw = true;
        }
        if (i >= size) {
            if (t->rs == WS_RS_RUNNING && cycles < MAX_CYCLES)
                continue;   /* let a run end before the session does */
            break;
        }
        uint8_t b = data[i++];
        int ch = b;
        if (b >= 0xc0) {
            int rows = 1 + (i < size ? data[i++] % 70 : 23), cols = 1 + (b - 0xc0) * 200 / 64;
            resize_term(rows, cols);
            ch = KEY_RESIZE;
        } else if (b >= 0x80) {
            ch = special_key(b);
        }
        ws_tui_on_key(t, ch);
        ws_tui_sync(t);     /* a console command may have closed the gpu */
    }
    ws_tui_draw_screen(t);
    if (getenv("FUZZ_TUI_VERBOSE")) {   /* what a session did, for writing seeds */
        fprintf(stderr, "fuzz_tui: %s, %u launches, %llu cycles run, view %d, message: %s\n",
                ws_tui_state_name(t->rs), t->launches_seen, (unsigned long long)cycles, t->view, t->msg);
        for (uint32_t k = 0; k < t->nlog; k++) {
            char kind;
            const char *line = ws_tui_log_line(t, k, &kind);
            fprintf(stderr, "  %c%s\n", kind, line);
        }
    }

    /* as ws_tui_main ends */
    if (t->scn)
        ws_scn_free(t->scn);
    lua_pushnil(L);
    lua_setglobal(L, "tui");
    ws_tui_free(t);
    free(t->fatal);
    free(t);
    ws_lua_close(L);
    quiet(false);
    return 0;
}
