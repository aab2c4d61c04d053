/* t_tui_draw: the TUI drawing helpers, rendered off-screen and read back
 * as text (ASCII and wide characters), and human units. */
#include "config.h"
#include "tui/ws_tui.h"

#include <string.h>

#include "ws_tap.h"

static int mode;   /* which picture test_draw makes */

static void test_draw(ws_tui *t, WINDOW *w, int rows, int cols)
{
    (void)rows;
    bool a = t->ascii;
    switch (mode) {
    case 0:
        ws_tui_text(w, 0, 0, -1, 0, "hello %d", 42);
        ws_tui_text(w, 1, 2, 5, 0, "%s", "truncated text");
        ws_tui_text(w, 2, cols - 3, -1, 0, "%s", "edge!");
        ws_tui_text(w, 99, 0, -1, 0, "%s", "outside");
        break;
    case 1: {
        ws_tui_bar(w, 0, 0, 10, 0.5, 0, a);
        ws_tui_bar(w, 1, 0, 8, 1.0, 0, a);
        ws_tui_lanes(w, 2, 0, 0x0000000fu | 0x80000000u, 0, a);
        double v[4] = { 0, 1, 2, 4 };
        ws_tui_spark(w, 3, 0, 6, v, 4, 0, 0, a);
        ws_tui_section(w, 4, 0, 12, "L1D", a);
        double fr[2] = { 0.5, 0.25 };
        int at[2] = { 0, 0 };
        ws_tui_stacked(w, 5, 0, 8, fr, at, 2, a);
        break;
    }
    }
}

static const ws_view test_view = { .name = "test", .title = "Test", .draw = test_draw };

int main(void)
{
    ws_error err;
    if (ws_tui_offscreen_begin(24, 80, &err) != 0) {
        printf("1..0 # SKIP %s\n", err.msg);
        return 0;
    }
    ws_tui t;
    memset(&t, 0, sizeof t);

    mode = 0;
    char *s = ws_tui_render(&t, &test_view, 3, 20);
    is_str(s, "hello 42\n  trunc\n                 edg\n", "text is clipped to maxw and the window");
    free(s);

    mode = 1;
    t.ascii = true;
    s = ws_tui_render(&t, &test_view, 6, 40);
    is_str(s,
           "#####.....\n"
           "########\n"
           "####...........................#\n"
           "   .:#\n"
           "- L1D ------\n"
           "####==..\n",
           "ASCII bar, lanes, sparkline, section, stacked bar (no colours: segment chars)");
    free(s);

#ifdef WS_CURSES_WIDE
    t.ascii = false;
    s = ws_tui_render(&t, &test_view, 6, 40);
    is_str(s,
           "\u2588\u2588\u2588\u2588\u2588\n"
           "\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\n"
           "\u2588\u2588\u2588\u2588\u00b7\u00b7\u00b7\u00b7\u00b7\u00b7\u00b7\u00b7\u00b7\u00b7"
           "\u00b7\u00b7\u00b7\u00b7\u00b7\u00b7\u00b7\u00b7\u00b7\u00b7\u00b7\u00b7\u00b7\u00b7"
           "\u00b7\u00b7\u00b7\u2588\n"
           "   \u2582\u2584\u2588\n"
           "\u2500 L1D \u2500\u2500\u2500\u2500\u2500\u2500\n"
           "####==\n",
           "wide bar, lanes, sparkline, section");
    free(s);
#endif

    char b[32];
    is_str(ws_tui_si(b, sizeof b, 0), "0", "si 0");
    is_str(ws_tui_si(b, sizeof b, 999), "999", "si 999");
    is_str(ws_tui_si(b, sizeof b, 1234567), "1.23M", "si 1.23M");
    is_str(ws_tui_si(b, sizeof b, 12345), "12.3k", "si 12.3k");
    is_str(ws_tui_si(b, sizeof b, 123456), "123k", "si 123k");
    is_str(ws_tui_si(b, sizeof b, 0.5), "0.5", "si 0.5");
    ok(ws_tui_attr(WS_CP_SELECTED) == (int)A_REVERSE, "no colours: selection is reverse video");
    ws_tui_offscreen_end();
    return tap_done();
}
