/* ws_view_console.c: the console view: the scenario's captured output and a
 * Lua REPL in the TUI's Lua state (globals `gpu` and `tui`).  Expressions
 * print their value; an incomplete chunk continues on the next line with a
 * ">>" prompt; errors are shown in the error colour and the session goes
 * on.  Keys: printable characters edit the input, Enter runs it, up/down
 * walk the history, PgUp/PgDn scroll the output, ^C drops the input.  Tab
 * and Shift-Tab still switch views; Esc on an empty line goes back to the
 * first view. */
#include "config.h"
#include "tui/ws_tui_int.h"

#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

#define CTRL_(c) ((c) & 0x1f)

static ws_view_state *state(ws_tui *t)
{
    int i = ws_tui_view_find("console");
    return &t->vs[i >= 0 && i < 16 ? i : 15];
}

static int kind_attr(char kind)
{
    switch (kind) {
    case WS_LOG_ERR:
        return ws_tui_attr(WS_CP_ERROR);
    case WS_LOG_IN:
        return A_BOLD;
    case WS_LOG_INFO:
        return ws_tui_attr(WS_CP_TITLE);
    case WS_LOG_VAL:
        return ws_tui_attr(WS_CP_OK);
    default:
        return A_NORMAL;
    }
}

/* Rows a line takes when wrapped at cols (bytes; output is mostly ASCII). */
static int line_rows(const char *s, int cols)
{
    int n = (int)strlen(s);
    return n == 0 ? 1 : (n + cols - 1) / cols;
}

static void draw(ws_tui *t, WINDOW *w, int rows, int cols)
{
    ws_view_state *vs = state(t);
    if (rows < 3 || cols < 10)
        return;
    int logrows = rows - 2;
    /* From the newest line backwards, skipping vs->scroll rows. */
    int skip = vs->scroll, y = logrows;
    int64_t i = (int64_t)t->nlog - 1;
    int total = 0;
    for (int64_t j = i; j >= 0 && total <= skip + logrows; j--)
        total += line_rows(ws_tui_log_line(t, (uint32_t)j, NULL), cols);
    if (skip > total - logrows)
        skip = vs->scroll = total - logrows > 0 ? total - logrows : 0;
    for (; i >= 0 && y > 0; i--) {
        char kind = 0;
        const char *s = ws_tui_log_line(t, (uint32_t)i, &kind);
        int lr = line_rows(s, cols);
        for (int r = lr - 1; r >= 0 && y > 0; r--) {
            if (skip > 0) {
                skip--;
                continue;
            }
            y--;
            int off = r * cols;
            ws_tui_text(w, y, 0, cols, kind_attr(kind), "%.*s", cols, s + off);
        }
    }
    if (t->nlog == 0)
        ws_tui_text(w, 0, 0, cols, ws_tui_attr(WS_CP_DIM), "(no output yet)");
    ws_tui_text(w, rows - 2, 0, cols, ws_tui_attr(WS_CP_DIM),
                "Lua console: Enter runs, up/down history, PgUp/PgDn scroll%s; gpu, tui; Tab/Esc: leave",
                vs->scroll ? " (scrolled)" : "");
    const char *prompt = t->pending[0] ? ">> " : "lua> ";
    int px = ws_tui_text(w, rows - 1, 0, cols, A_BOLD, "%s", prompt);
    int room = cols - px - 1;
    int start = t->input_pos > room ? t->input_pos - room : 0;
    ws_tui_text(w, rows - 1, px, room, 0, "%s", t->input + start);
    t->cur_y = rows - 1;
    t->cur_x = px + t->input_pos - start;
}

static void hist_add(ws_tui *t, const char *line)
{
    if (!*line || (t->nhist > 0 && !strcmp(t->hist[t->nhist - 1], line)))
        return;
    if (t->nhist == WS_TUI_HIST) {
        free(t->hist[0]);
        memmove(t->hist, t->hist + 1, (WS_TUI_HIST - 1) * sizeof *t->hist);
        t->nhist--;
    }
    size_t n = strlen(line);
    t->hist[t->nhist] = ws_xmalloc(n + 1);
    memcpy(t->hist[t->nhist], line, n + 1);
    t->nhist++;
}

static void submit(ws_tui *t)
{
    char line[sizeof t->input];
    memcpy(line, t->input, sizeof line);
    t->input[0] = 0;
    t->input_len = t->input_pos = 0;
    hist_add(t, line);
    t->hist_pos = t->nhist;
    size_t pl = strlen(t->pending);
    char echo[sizeof line + 8];
    int n = snprintf(echo, sizeof echo, "%s%s", pl ? ">> " : "lua> ", line);
    ws_tui_log_kind(t, WS_LOG_IN, echo, (size_t)(n < (int)sizeof echo ? n : (int)sizeof echo - 1));
    if (pl + strlen(line) + 2 >= sizeof t->pending) {
        t->pending[0] = 0;
        ws_tui_log_kind(t, WS_LOG_ERR, "input too long (dropped)", 24);
        return;
    }
    if (pl)
        strcat(t->pending, "\n");
    strcat(t->pending, line);
    int r = ws_tui_lua_eval(t, t->pending);
    if (r != 1)
        t->pending[0] = 0;
    state(t)->scroll = 0;
}

static bool key(ws_tui *t, int ch)
{
    ws_view_state *vs = state(t);
    switch (ch) {
    case '\t':
    case KEY_BTAB:
    case KEY_RESIZE:
    case KEY_F(1):
    case KEY_F(10):
        return false;
    case '\n':
    case '\r':
    case KEY_ENTER:
        submit(t);
        return true;
    case KEY_UP:
    case KEY_DOWN: {
        int p = t->hist_pos + (ch == KEY_UP ? -1 : 1);
        if (p < 0 || p > t->nhist)
            return true;
        t->hist_pos = p;
        snprintf(t->input, sizeof t->input, "%s", p < t->nhist ? t->hist[p] : "");
        t->input_len = t->input_pos = (int)strlen(t->input);
        return true;
    }
    case KEY_PPAGE:
        vs->scroll += t->rows > 10 ? t->rows / 2 : 5;
        return true;
    case KEY_NPAGE:
        vs->scroll -= t->rows > 10 ? t->rows / 2 : 5;
        if (vs->scroll < 0)
            vs->scroll = 0;
        return true;
    case 27:
        /* Esc on an empty line leaves the console (to the first view). */
        if (!t->input_len && !t->pending[0]) {
            t->view = 0;
            return true;
        }
        /* fall through */
    case CTRL_('c'):
        t->input[0] = 0;
        t->input_len = t->input_pos = 0;
        if (t->pending[0])
            ws_tui_log_kind(t, WS_LOG_INFO, "(input dropped)", 15);
        t->pending[0] = 0;
        return true;
    default:
        return ws_tui_edit_key(t->input, (int)sizeof t->input, &t->input_len, &t->input_pos, ch) != 0;
    }
}

const ws_view ws_view_console = {
    .name = "console",
    .title = "Console",
    .draw = draw,
    .key = key,
    .sample = NULL,
};
