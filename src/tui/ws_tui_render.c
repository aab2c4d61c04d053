/* ws_tui_render.c: draw a view without a terminal, for tests and the redraw
 * benchmark.
 *
 * curses needs a screen: ws_tui_offscreen_begin makes one with newterm()
 * writing to /dev/null and reading from /dev/null (TERM defaults to
 * xterm-256color when unset).  A view is drawn into a pad of the requested
 * size (pads may be larger than the screen) and its cells are read back
 * into text, one line per row.  Off-screen rendering uses the one curses
 * screen of the process (curses keeps its screen in global state). */
#include "config.h"
#include "tui/ws_tui.h"

#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "util/ws_util.h"

/* The off-screen terminal (curses' own state is process-wide too). */
static struct {
    SCREEN *scr;
    FILE *out, *in;
} off;

int ws_tui_offscreen_begin(int rows, int cols, ws_error *err)
{
    if (off.scr)
        return 0;
    if (!getenv("TERM") || !*getenv("TERM"))
        setenv("TERM", "xterm-256color", 1);
#ifdef WS_CURSES_WIDE
    /* Wide characters need a UTF-8 locale; tests often run under "C". */
    setlocale(LC_CTYPE, "");
    if (strcmp(nl_langinfo(CODESET), "UTF-8") != 0)
        setlocale(LC_CTYPE, "C.UTF-8");
#endif
    off.out = fopen("/dev/null", "w");
    off.in = fopen("/dev/null", "r");
    if (!off.out || !off.in) {
        ws_error_set(err, WS_E_IO, "cannot open /dev/null for the off-screen terminal: %s",
                     strerror(errno));
        goto fail;
    }
    off.scr = newterm(NULL, off.out, off.in);
    if (!off.scr) {
        ws_error_set(err, WS_E_UNSUPPORTED,
                     "cannot start curses off-screen for terminal type '%s' (is its terminfo "
                     "entry installed?)",
                     getenv("TERM"));
        goto fail;
    }
    set_term(off.scr);
    if (rows > 0 && cols > 0)
        resize_term(rows, cols);
    return 0;
fail:
    if (off.out)
        fclose(off.out);
    if (off.in)
        fclose(off.in);
    off.out = off.in = NULL;
    return -1;
}

void ws_tui_offscreen_end(void)
{
    if (!off.scr)
        return;
    endwin();
    delscreen(off.scr);
    fclose(off.out);
    fclose(off.in);
    memset(&off, 0, sizeof off);
}

/* Append row y of w (cols cells) as UTF-8 to buf (trailing blanks dropped). */
static size_t read_row(WINDOW *w, int y, int cols, char *buf)
{
    size_t n = 0;
#ifdef WS_CURSES_WIDE
    cchar_t cells[cols + 1];
    int got = mvwin_wchnstr(w, y, 0, cells, cols);
    if (got == ERR)
        return 0;
    mbstate_t st;
    memset(&st, 0, sizeof st);
    for (int x = 0; x < cols; x++) {
        wchar_t wc[CCHARW_MAX + 1];
        attr_t a;
        short pair;
        if (getcchar(&cells[x], wc, &a, &pair, NULL) == ERR || wc[0] == 0)
            wc[0] = ' ', wc[1] = 0;
        for (int i = 0; wc[i]; i++) {
            size_t k = wcrtomb(buf + n, wc[i], &st);
            if (k == (size_t)-1) {
                memset(&st, 0, sizeof st);
                buf[n] = '?';
                k = 1;
            }
            n += k;
        }
    }
#else
    char line[cols + 1];
    int got = mvwinnstr(w, y, 0, line, cols);
    if (got == ERR)
        return 0;
    memcpy(buf, line, (size_t)got);
    n = (size_t)got;
#endif
    while (n > 0 && buf[n - 1] == ' ')
        n--;
    return n;
}

char *ws_tui_render(ws_tui *t, const ws_view *v, int rows, int cols)
{
    if (rows <= 0 || cols <= 0 || !v || !v->draw)
        return NULL;
    if (!off.scr && ws_tui_offscreen_begin(rows, cols, NULL) != 0)
        return NULL;
    WINDOW *pad = newpad(rows, cols);
    if (!pad)
        return NULL;
    werase(pad);
    v->draw(t, pad, rows, cols);
#ifdef WS_CURSES_WIDE
    size_t per_cell = (size_t)CCHARW_MAX * MB_CUR_MAX;   /* with combining marks */
#else
    size_t per_cell = 1;
#endif
    size_t cap = (size_t)rows * ((size_t)cols * per_cell + 1) + 1;
    char *text = ws_xmalloc(cap);
    size_t n = 0;
    for (int y = 0; y < rows; y++) {
        n += read_row(pad, y, cols, text + n);
        text[n++] = '\n';
    }
    text[n] = 0;
    delwin(pad);
    return text;
}
