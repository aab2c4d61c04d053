/* ws_tui_screen.c: the frame around the views: the header (scenario,
 * preset, launch and kernel, cycle, IPC, run state, speed, selection), the
 * view tabs, the status line or ':' prompt, the help overlay listing every
 * key and command from the tables, and the "terminal too small" message. */
#include "config.h"
#include "tui/ws_tui_int.h"

#include <inttypes.h>
#include <string.h>

#include "arch/ws_gpu.h"
#include "arch/ws_gpu_dbg.h"
#include "lua/ws_lua_gpu.h"

#define HEADER_ROWS 3
#define MIN_COLS 80
#define MIN_ROWS 24

const char *ws_tui_state_name(ws_run_state rs)
{
    static const char *const names[] = { "LOADING", "PAUSED", "RUNNING", "BETWEEN LAUNCHES", "FINISHED",
                                         "ERROR" };
    return (unsigned)rs < sizeof names / sizeof names[0] ? names[rs] : "?";
}

static int state_attr(ws_run_state rs)
{
    switch (rs) {
    case WS_RS_RUNNING:
        return ws_tui_attr(WS_CP_OK) | A_BOLD;
    case WS_RS_PAUSED:
    case WS_RS_BETWEEN:
        return ws_tui_attr(WS_CP_WARN) | A_BOLD;
    case WS_RS_ERROR:
        return ws_tui_attr(WS_CP_ERROR) | A_BOLD;
    default:
        return A_BOLD;
    }
}

static const char *base_name(const char *path)
{
    const char *s = path ? strrchr(path, '/') : NULL;
    return s ? s + 1 : path ? path : "";
}

void ws_tui_header_draw(ws_tui *t, WINDOW *w, int cols)
{
    char a[32], b[32];
    int title = ws_tui_attr(WS_CP_SELECTED);
    /* row 0: what runs */
    wattrset(w, title);
    mvwhline(w, 0, 0, ' ', cols);
    int x = ws_tui_text(w, 0, 0, cols, title | A_BOLD, " warpscope ");
    const char *preset = t->g ? ws_opts_preset_name(ws_gpu_opts(t->g)) : t->preset;
    x += ws_tui_text(w, 0, x, cols - x, title, " %s  preset %s", base_name(t->scenario),
                     preset && *preset ? preset : "default");
    if (t->lg && t->lg->label[0])
        x += ws_tui_text(w, 0, x, cols - x, title, "  %s", t->lg->label);
    if (t->g) {
        uint32_t ln = ws_gpu_launch_number(t->g);
        x += ws_tui_text(w, 0, x, cols - x, title, "  launch %" PRIu32 ": %s", ln,
                         t->kernel_name ? t->kernel_name : "?");
        uint32_t gd[3], bd[3];
        if (ws_gpu_launch_dims(t->g, gd, bd)) {
            if (gd[1] == 1 && gd[2] == 1 && bd[1] == 1 && bd[2] == 1)
                x += ws_tui_text(w, 0, x, cols - x, title, "  grid %" PRIu32 " x %" PRIu32, gd[0], bd[0]);
            else
                x += ws_tui_text(w, 0, x, cols - x, title, "  grid (%" PRIu32 ",%" PRIu32 ",%" PRIu32 ") x (%" PRIu32
                                 ",%" PRIu32 ",%" PRIu32 ")", gd[0], gd[1], gd[2], bd[0], bd[1], bd[2]);
        }
        x += ws_tui_text(w, 0, x, cols - x, title, "  %" PRIu32 " SMs x %" PRIu32 " warps",
                         ws_gpu_nsms(t->g), ws_gpu_warp_slots(t->g));
    }
    wattrset(w, A_NORMAL);

    /* row 1: where the clock is and how fast it moves */
    x = ws_tui_text(w, 1, 0, cols, state_attr(t->rs), " %s", ws_tui_state_name(t->rs));
    if (t->g) {
        uint64_t cyc = ws_gpu_cycle(t->g);
        uint64_t lc = cyc >= t->launch_cycle0 ? cyc - t->launch_cycle0 : 0;
        uint64_t sc = t->last_cycle > t->launch_cycle0 ? t->last_cycle - t->launch_cycle0 : 0;
        double lipc = sc && t->last_insns >= t->launch_insns0
                          ? (double)(t->last_insns - t->launch_insns0) / (double)sc
                          : 0;
        x += ws_tui_text(w, 1, x, cols - x, A_BOLD, "  cycle %" PRIu64, cyc);
        x += ws_tui_text(w, 1, x, cols - x, 0, " (+%" PRIu64 " in launch)", lc);
        x += ws_tui_text(w, 1, x, cols - x, 0, "  IPC %.2f (launch %.2f)", t->ipc_interval, lipc);
    }
    if (t->rs == WS_RS_RUNNING)
        x += ws_tui_text(w, 1, x, cols - x, 0, "  %s cyc/s", ws_tui_si(a, sizeof a, t->sim_rate));
    x += ws_tui_text(w, 1, x, cols - x, ws_tui_attr(WS_CP_DIM), "  speed %s",
                     t->speed ? ws_tui_si(b, sizeof b, (double)t->speed) : "max");
    if (t->g) {
        ws_warp_info wi;
        memset(&wi, 0, sizeof wi);
        if (ws_gpu_launch_active(t->g) && t->sm < ws_gpu_nsms(t->g) && t->slot < ws_gpu_warp_slots(t->g))
            ws_gpu_warp(t->g, t->sm, t->slot, &wi);
        x += ws_tui_text(w, 1, x, cols - x, 0, "  SM %" PRIu32 " warp %" PRIu32, t->sm, t->slot);
        if (wi.valid)
            x += ws_tui_text(w, 1, x, cols - x, ws_tui_attr(WS_CP_DIM), " (CTA %" PRIu32 " w%" PRIu32 ")", wi.cta[0],
                             wi.warp);
        if (t->follow)
            x += ws_tui_text(w, 1, x, cols - x, ws_tui_attr(WS_CP_WARN), " follow");
    }
    (void)x;

    /* row 2: the views */
    x = 0;
    for (int i = 0; i < ws_tui_nviews && x < cols; i++) {
        if (!ws_tui_view_shown(t, i) && i != t->view) continue;
        int at = i == t->view ? ws_tui_attr(WS_CP_SELECTED) | (int)A_BOLD : ws_tui_attr(WS_CP_DIM);
        x += ws_tui_text(w, 2, x, cols - x, at, " %d %s ", (i + 1) % 10, ws_tui_views[i]->title);
        x += ws_tui_text(w, 2, x, cols - x, 0, " ");
    }
}

void ws_tui_status_draw(ws_tui *t, WINDOW *w, int y, int cols)
{
    wattrset(w, A_NORMAL);
    wmove(w, y, 0);
    wclrtoeol(w);
    if (t->prompt_on) {
        int x = ws_tui_text(w, y, 0, cols, A_BOLD, ":");
        /* scroll the text so the cursor stays visible */
        int room = cols - x - 1;
        int start = t->prompt_pos > room ? t->prompt_pos - room : 0;
        ws_tui_text(w, y, x, room, 0, "%s", t->prompt + start);
        t->cur_y = y;
        t->cur_x = x + t->prompt_pos - start;
        return;
    }
    const char *right = t->help ? " any key closes help " : " ? help  q quit ";
    int rw = (int)strlen(right);
    int x = 0;
    if (t->msg[0])
        x += ws_tui_text(w, y, x, cols - rw - 1, t->msg_err ? ws_tui_attr(WS_CP_ERROR) : 0, " %s", t->msg);
    if (cols - rw > x)
        ws_tui_text(w, y, cols - rw, rw, ws_tui_attr(WS_CP_DIM), "%s", right);
}

/* The next line of `s` wrapped at `width` columns (ASCII text): its length
 * (broken after the last space that fits, or cut when a word is longer than
 * the width); *next is where the following line starts (spaces skipped). */
static int wrap_line(const char *s, int width, const char **next)
{
    int n = (int)strlen(s);
    if (width < 1) width = 1;
    int len = n;
    if (n > width) {
        len = width;
        for (int i = width; i > 0; i--)
            if (s[i] == ' ') {
                len = i;
                break;
            }
    }
    const char *p = s + len;
    while (*p == ' ')
        p++;
    *next = p;
    return len;
}

/* Lines `s` takes wrapped at `width`. */
static int wrap_count(const char *s, int width)
{
    int k = 0;
    do {
        wrap_line(s, width, &s);
        k++;
    } while (*s);
    return k;
}

/* The help: every key with its command, then every command with its help
 * (wrapped to the help's width). */
void ws_tui_help_draw(ws_tui *t, WINDOW *w, int rows, int cols)
{
    int nk = ws_tui_nkeys(), nc = ws_tui_ncmds();
    int hw = cols - 4 > 100 ? 100 : cols - 4;
    int lines = 2 + (nk + 1) / 2 + 2 + nc + 2;
    for (int i = 0; i < nc; i++)
        lines += wrap_count(ws_tui_cmds[i].help, hw - 6);
    const ws_view *cv = ws_tui_views[t->view];
    const char *const *ex = ws_tui_explain(cv->name);
    if (ex) {
        lines += 2;
        for (int i = 0; ex[i]; i++)
            lines += wrap_count(ex[i], hw - 4);
    }
    int hh = rows - 2;
    int y0 = 1, x0 = (cols - hw) / 2;
    if (t->help_scroll > lines - (hh - 2))
        t->help_scroll = lines - (hh - 2) > 0 ? lines - (hh - 2) : 0;
    for (int y = 0; y < hh; y++) {
        wmove(w, y0 + y, x0);
        wattrset(w, A_NORMAL);
        for (int x = 0; x < hw; x++)
            waddch(w, ' ');
    }
    ws_tui_section(w, y0, x0, hw, "warpscope help: keys, then commands (: runs one)", t->ascii);
    ws_tui_section(w, y0 + hh - 1, x0, hw, "up/down/PgUp/PgDn scroll, any other key closes", t->ascii);
    int row = -t->help_scroll;   /* content row, relative to y0 + 1 */
    int inner = hh - 2;
#define LINE_OK (row >= 0 && row < inner)
    if (ex) {
        if (LINE_OK)
            ws_tui_text(w, y0 + 1 + row, x0 + 1, hw - 2, ws_tui_attr(WS_CP_TITLE), "THIS VIEW (%s): what the numbers "
                        "are, their units and denominators", cv->title);
        row++;
        for (int i = 0; ex[i]; i++) {
            const char *h = ex[i];
            bool first = true;
            do {
                const char *next;
                int len = wrap_line(h, hw - 4, &next);
                if (LINE_OK)
                    ws_tui_text(w, y0 + 1 + row, x0 + (first ? 1 : 3), hw - 4, 0, "%.*s", len, h);
                row++;
                h = next;
                first = false;
            } while (*h);
        }
        row++;
    }
    if (LINE_OK)
        ws_tui_text(w, y0 + 1 + row, x0 + 1, hw - 2, ws_tui_attr(WS_CP_TITLE), "KEYS (in the console view, keys "
                    "type Lua; Tab, S-Tab and Esc leave it)");
    row++;
    int half = (nk + 1) / 2, colw = (hw - 2) / 2;
    for (int i = 0; i < half; i++, row++) {
        if (!LINE_OK)
            continue;
        for (int c = 0; c < 2; c++) {
            int k = i + c * half;
            if (k >= nk)
                break;
            int x = x0 + 1 + c * colw;
            int u = ws_tui_text(w, y0 + 1 + row, x, 8, A_BOLD, "%-7s", ws_tui_keys[k].label);
            ws_tui_text(w, y0 + 1 + row, x + u + 1, colw - u - 2, 0, "%s", ws_tui_keys[k].command);
        }
    }
    row++;
    if (LINE_OK)
        ws_tui_text(w, y0 + 1 + row, x0 + 1, hw - 2, ws_tui_attr(WS_CP_TITLE), "COMMANDS (unique prefixes work)");
    row++;
    for (int i = 0; i < nc; i++) {
        const ws_tui_cmd *c = &ws_tui_cmds[i];
        if (LINE_OK) {
            int x = x0 + 1;
            x += ws_tui_text(w, y0 + 1 + row, x, hw - 2, A_BOLD, "%s", c->name);
            if (c->args[0])
                x += ws_tui_text(w, y0 + 1 + row, x, x0 + hw - 1 - x, 0, " %s", c->args);
            if (c->alias)
                ws_tui_text(w, y0 + 1 + row, x, x0 + hw - 1 - x, ws_tui_attr(WS_CP_DIM), "  (%s)", c->alias);
        }
        row++;
        const char *h = c->help;
        do {
            const char *next;
            int len = wrap_line(h, hw - 6, &next);
            if (LINE_OK)
                ws_tui_text(w, y0 + 1 + row, x0 + 5, hw - 6, 0, "%.*s", len, h);
            row++;
            h = next;
        } while (*h);
    }
#undef LINE_OK
}

void ws_tui_draw_screen(ws_tui *t)
{
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    t->rows = rows;
    t->cols = cols;
    t->cur_y = t->cur_x = -1;
    werase(stdscr);
    if (cols < MIN_COLS || rows < MIN_ROWS) {
        /* wrapped to the width, centred; the first line bold */
        char m[128];
        snprintf(m, sizeof m, "terminal too small: %dx%d, need %dx%d (q quits)", cols, rows, MIN_COLS, MIN_ROWS);
        int n = wrap_count(m, cols);
        int y = rows > n ? (rows - n) / 2 : 0;
        const char *p = m;
        for (int i = 0; *p && y < rows; i++, y++) {
            const char *next;
            int len = wrap_line(p, cols, &next);
            ws_tui_text(stdscr, y, cols > len ? (cols - len) / 2 : 0, cols, i ? 0 : A_BOLD, "%.*s", len, p);
            p = next;
        }
        curs_set(0);
        wnoutrefresh(stdscr);
        doupdate();
        return;
    }
    ws_tui_header_draw(t, stdscr, cols);
    int vrows = rows - HEADER_ROWS - 1;
    WINDOW *vw = derwin(stdscr, vrows, cols, HEADER_ROWS, 0);
    if (vw) {
        const ws_view *v = ws_tui_views[t->view];
        v->draw(t, vw, vrows, cols);
        if (t->cur_y >= 0) {
            t->cur_y += HEADER_ROWS;
        }
        delwin(vw);
    }
    if (t->req_on && !t->help) {
        t->cur_y = -1;
        ws_tui_req_draw(t, stdscr, rows - 1, cols);
    }
    if (t->help) {
        t->cur_y = -1;
        ws_tui_help_draw(t, stdscr, rows - 1, cols);
    }
    ws_tui_status_draw(t, stdscr, rows - 1, cols);
    if (t->cur_y >= 0) {
        curs_set(1);
        wmove(stdscr, t->cur_y, t->cur_x);
    } else {
        curs_set(0);
    }
    wnoutrefresh(stdscr);
    doupdate();
}
