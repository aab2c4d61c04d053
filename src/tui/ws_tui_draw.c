/* ws_tui_draw.c: colour pairs and the small drawing helpers every view uses
 * (clipped text, bars, stacked bars, sparklines, lane masks, section rules,
 * human units).
 *
 * Colours are on exactly when ws_tui_colors_init(true) called start_color()
 * on a terminal that has them; without that, COLOR_PAIRS stays 0 and every
 * helper falls back to plain cells (monochrome attributes from ws_tui_attr).
 * Wide characters (block elements, box drawing) are used unless the caller
 * passes ascii = true or curses lacks wide-character support. */
#include "config.h"
#include "tui/ws_tui.h"
#include "arch/ws_gpu.h"
#include "core/ws_core.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

bool ws_tui_has_color(void)
{
    return COLOR_PAIRS >= WS_CP_COUNT;
}

/* 256-colour palette choices, with an 8-colour fallback. */
typedef struct cdef {
    short c256, c8;
} cdef;

static const cdef stall_colors[WS_STALL_COUNT] = {
    [WS_STALL_SELECTED] = { 40, COLOR_GREEN },
    [WS_STALL_NOT_SELECTED] = { 30, COLOR_CYAN },
    [WS_STALL_LONG_SCOREBOARD] = { 196, COLOR_RED },
    [WS_STALL_SHORT_SCOREBOARD] = { 205, COLOR_MAGENTA },
    [WS_STALL_WAIT] = { 220, COLOR_YELLOW },
    [WS_STALL_BARRIER] = { 33, COLOR_BLUE },
    [WS_STALL_MEMBAR] = { 99, COLOR_BLUE },
    [WS_STALL_BRANCH_RESOLVING] = { 178, COLOR_YELLOW },
    [WS_STALL_NO_INSTRUCTION] = { 252, COLOR_WHITE },
    [WS_STALL_LG_THROTTLE] = { 208, COLOR_RED },
    [WS_STALL_MIO_THROTTLE] = { 141, COLOR_MAGENTA },
    [WS_STALL_MATH_PIPE_THROTTLE] = { 51, COLOR_CYAN },
    [WS_STALL_DRAIN] = { 137, COLOR_YELLOW },
    [WS_STALL_MFF_WAIT] = { 99, COLOR_MAGENTA },
    [WS_STALL_IDLE] = { 240, COLOR_WHITE },
};

static const cdef owner_colors[8] = {
    { 39, COLOR_BLUE }, { 208, COLOR_YELLOW }, { 41, COLOR_GREEN }, { 170, COLOR_MAGENTA },
    { 45, COLOR_CYAN }, { 203, COLOR_RED }, { 228, COLOR_YELLOW }, { 147, COLOR_BLUE },
};

static short pick(const cdef *c)
{
    return COLORS >= 256 ? c->c256 : c->c8;
}

void ws_tui_colors_init(bool color)
{
    if (!color || !has_colors())
        return;
    if (start_color() == ERR)
        return;
    short bg = COLOR_BLACK;
    if (use_default_colors() == OK)
        bg = -1;
    bool c256 = COLORS >= 256;
    init_pair(WS_CP_TITLE, COLOR_CYAN, bg);
    init_pair(WS_CP_SELECTED, COLOR_BLACK, COLOR_CYAN);
    init_pair(WS_CP_DIM, c256 ? 244 : COLOR_WHITE, bg);
    init_pair(WS_CP_ERROR, c256 ? 196 : COLOR_RED, bg);
    init_pair(WS_CP_OK, c256 ? 40 : COLOR_GREEN, bg);
    init_pair(WS_CP_WARN, c256 ? 220 : COLOR_YELLOW, bg);
    init_pair(WS_CP_BAR, c256 ? 75 : COLOR_BLUE, bg);
    init_pair(WS_CP_PREFETCH, c256 ? 171 : COLOR_MAGENTA, bg);
    init_pair(WS_CP_PENDING, c256 ? 214 : COLOR_YELLOW, bg);
    init_pair(WS_CP_DIRTY, c256 ? 160 : COLOR_RED, bg);
    for (int s = 0; s < WS_STALL_COUNT; s++)
        init_pair((short)(WS_CP_STALL0 + s), pick(&stall_colors[s]), bg);
    for (int o = 0; o < 8; o++)
        init_pair((short)(WS_CP_OWNER0 + o), pick(&owner_colors[o]), bg);
}

int ws_tui_attr(int cp)
{
    if (cp <= 0)
        return A_NORMAL;
    if (ws_tui_has_color()) {
        int a = (int)COLOR_PAIR(cp);
        if (cp == WS_CP_TITLE || cp == WS_CP_ERROR)
            a |= A_BOLD;
        else if (cp == WS_CP_DIM && COLORS < 256)
            a |= A_DIM;
        return a;
    }
    switch (cp) {
    case WS_CP_TITLE:
    case WS_CP_ERROR:
        return A_BOLD;
    case WS_CP_SELECTED:
        return A_REVERSE;
    case WS_CP_DIM:
        return A_DIM;
    case WS_CP_PREFETCH:
    case WS_CP_PENDING:
        return A_UNDERLINE;
    default:
        return A_NORMAL;
    }
}

int ws_tui_stall_pair(int stall)
{
    if (stall < 0 || stall >= WS_STALL_COUNT || !ws_tui_has_color())
        return A_NORMAL;
    return (int)COLOR_PAIR(WS_CP_STALL0 + stall);
}

int ws_tui_owner_pair(uint32_t owner)
{
    if (owner == 0 || !ws_tui_has_color())
        return A_NORMAL;
    return (int)COLOR_PAIR(WS_CP_OWNER0 + (int)((owner - 1) % 8));
}

char ws_tui_seg_char(int i)
{
    static const char seg[] = "#=%*+o~:x@&$-";
    if (i < 0)
        i = 0;
    return seg[i % (int)(sizeof seg - 1)];
}

/* ---------------------------------------------------------------- cells */

/* One cell: an ASCII character, or (wide curses, !ascii) the code point. */
static void put_cell(WINDOW *w, int y, int x, unsigned cp, char fallback, int attr, bool ascii)
{
#ifdef WS_CURSES_WIDE
    if (!ascii && cp > 0x7f) {
        cchar_t cc;
        wchar_t wc[2] = { (wchar_t)cp, 0 };
        if (setcchar(&cc, wc, (attr_t)(attr & ~A_COLOR), (short)PAIR_NUMBER(attr), NULL) == OK) {
            mvwadd_wch(w, y, x, &cc);
            return;
        }
    }
#else
    (void)cp;
    (void)ascii;
#endif
    mvwaddch(w, y, x, (chtype)(unsigned char)fallback | (chtype)attr);
}

/* Columns [x, x + width) clipped to the window: returns the usable width. */
static int clip(WINDOW *w, int y, int x, int width)
{
    int my = getmaxy(w), mx = getmaxx(w);
    if (y < 0 || y >= my || x < 0 || x >= mx || width <= 0)
        return 0;
    return width < mx - x ? width : mx - x;
}

int ws_tui_text(WINDOW *w, int y, int x, int maxw, int attr, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0)
        return 0;
    if (n >= (int)sizeof buf)
        n = (int)sizeof buf - 1;
    int mx = getmaxx(w);
    if (maxw < 0 || maxw > mx - x)
        maxw = mx - x;
    if (y < 0 || y >= getmaxy(w) || x < 0 || maxw <= 0)
        return 0;
    bool plain = true;
    for (int i = 0; i < n; i++)
        if ((unsigned char)buf[i] >= 0x80 || buf[i] == '\n' || buf[i] == '\t') {
            plain = false;
            break;
        }
    attr_t oldattr;
    short oldpair;
    wattr_get(w, &oldattr, &oldpair, NULL);
    wattrset(w, attr);
    int used = 0;
    if (plain) {
        used = n < maxw ? n : maxw;
        mvwaddnstr(w, y, x, buf, used);
    } else {
        /* Multi-byte text: count columns; control characters become spaces. */
        mbstate_t st;
        memset(&st, 0, sizeof st);
        const char *p = buf;
        wmove(w, y, x);
        while (*p && used < maxw) {
            wchar_t wc;
            size_t k = mbrtowc(&wc, p, (size_t)(buf + n - p), &st);
            if (k == (size_t)-1 || k == (size_t)-2 || k == 0) {
                memset(&st, 0, sizeof st);
                wc = '?';
                k = 1;
            }
            int cw = wc < 0x80 ? 1 : wcwidth(wc);
            if (wc == '\n' || wc == '\t')
                wc = ' ';
            if (cw < 0)
                wc = '?', cw = 1;
            if (used + cw > maxw)
                break;
#ifdef WS_CURSES_WIDE
            if (wc >= 0x80) {
                wchar_t s[2] = { wc, 0 };
                waddnwstr(w, s, 1);
            } else
#endif
                waddch(w, (chtype)(wc < 0x80 ? wc : '?'));
            used += cw;
            p += k;
        }
    }
    wattr_set(w, oldattr, oldpair, NULL);
    return used;
}

void ws_tui_bar(WINDOW *w, int y, int x, int width, double frac, int attr, bool ascii)
{
    int cw = clip(w, y, x, width);
    if (cw <= 0)
        return;
    if (!(frac > 0))
        frac = 0;
    if (frac > 1)
        frac = 1;
    int eighths = (int)lround(frac * width * 8);
    for (int i = 0; i < cw; i++) {
        int e = eighths - i * 8;
        if (e >= 8)
            put_cell(w, y, x + i, 0x2588, '#', attr, ascii);
        else if (e <= 0)
            put_cell(w, y, x + i, ' ', ascii ? '.' : ' ', ascii ? 0 : attr, ascii);
        else if (ascii)
            put_cell(w, y, x + i, 0, e >= 4 ? '#' : '.', e >= 4 ? attr : 0, true);
        else
            put_cell(w, y, x + i, 0x2590 - (unsigned)e, '#', attr, ascii);   /* U+258F one eighth .. U+2589 */
    }
}

void ws_tui_stacked(WINDOW *w, int y, int x, int width, const double *fr, const int *at, int n,
                    bool ascii)
{
    int cw = clip(w, y, x, width);
    if (cw <= 0)
        return;
    bool color = ws_tui_has_color();
    double acc = 0;
    int col = 0;
    for (int i = 0; i < n && col < cw; i++) {
        double f = fr[i] > 0 ? fr[i] : 0;
        acc += f;
        int end = (int)lround(acc * width);
        if (end > cw)
            end = cw;
        char ch = color ? '#' : ws_tui_seg_char(i);
        for (; col < end; col++)
            put_cell(w, y, x + col, color ? 0x2588 : (unsigned char)ch, ch, at ? at[i] : 0,
                     ascii || !color);
    }
    for (; col < cw; col++)
        put_cell(w, y, x + col, ' ', ascii ? '.' : ' ', A_NORMAL, true);
}

void ws_tui_spark(WINDOW *w, int y, int x, int width, const double *v, int n, double max, int attr,
                  bool ascii)
{
    static const char lv[] = " _.-:=+*#";
    int cw = clip(w, y, x, width);
    if (cw <= 0)
        return;
    int shown = n < cw ? n : cw;
    if (max <= 0) {
        max = 0;
        for (int i = n - shown; i < n; i++)
            if (v[i] > max)
                max = v[i];
    }
    int pad = cw - shown;
    for (int i = 0; i < pad; i++)
        put_cell(w, y, x + i, ' ', ' ', A_NORMAL, true);
    for (int i = 0; i < shown; i++) {
        double val = v[n - shown + i];
        int level = 0;   /* 0 .. 8 */
        if (max > 0 && val > 0) {
            level = (int)ceil(val / max * 8);
            if (level < 1)
                level = 1;
            if (level > 8)
                level = 8;
        }
        if (level == 0)
            put_cell(w, y, x + pad + i, ' ', ascii ? ' ' : ' ', A_NORMAL, true);
        else
            put_cell(w, y, x + pad + i, 0x2580 + (unsigned)level, lv[level], attr, ascii);
    }
}

int ws_tui_level_row(WINDOW *w, int y, int cols, int lw, const char *label, uint64_t v, uint64_t cap, bool ascii,
                     const char *fmt, ...)
{
    int x = ws_tui_text(w, y, 0, cols, ws_tui_attr(WS_CP_DIM), "%-*s", lw, label);
    int bw = cols >= 100 ? 20 : 10;
    double f = cap ? (double)v / (double)cap : 0;
    ws_tui_bar(w, y, x, bw, f > 1 ? 1 : f, ws_tui_attr(f >= 1 ? WS_CP_WARN : WS_CP_BAR), ascii);
    x += bw + 1;
    char text[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    ws_tui_text(w, y, x, cols - x, 0, "%s", text);
    return y + 1;
}

const char *ws_tui_array_name(const ws_tui *t, uint64_t addr, char *buf, size_t size)
{
    const ws_alloc *a = t->g ? ws_devmem_find(ws_gpu_device(t->g), addr) : NULL;
    if (a && a->name && a->name[0]) snprintf(buf, size, "%s", a->name);
    else snprintf(buf, size, "0x%" PRIx64, addr);
    return buf;
}

void ws_tui_lanes(WINDOW *w, int y, int x, uint32_t mask, int attr, bool ascii)
{
    int cw = clip(w, y, x, 32);
    for (int i = 0; i < cw; i++) {
        if (mask >> i & 1)
            put_cell(w, y, x + i, 0x2588, '#', attr, ascii);
        else
            put_cell(w, y, x + i, 0x00b7, '.', ws_tui_attr(WS_CP_DIM), ascii);
    }
}

void ws_tui_section(WINDOW *w, int y, int x, int width, const char *title, bool ascii)
{
    int cw = clip(w, y, x, width);
    if (cw <= 0)
        return;
    int dim = ws_tui_attr(WS_CP_DIM);
    put_cell(w, y, x, 0x2500, '-', dim, ascii);
    int col = 1;
    if (title && *title && cw > 3) {
        put_cell(w, y, x + col++, ' ', ' ', A_NORMAL, true);
        col += ws_tui_text(w, y, x + col, cw - col - 1, ws_tui_attr(WS_CP_TITLE), "%s", title);
        if (col < cw)
            put_cell(w, y, x + col++, ' ', ' ', A_NORMAL, true);
    }
    for (; col < cw; col++)
        put_cell(w, y, x + col, 0x2500, '-', dim, ascii);
}

const char *ws_tui_si(char *buf, size_t size, double v)
{
    static const char units[] = " kMGTPE";
    double a = fabs(v);
    int u = 0;
    if (!isfinite(v)) {
        snprintf(buf, size, "%s", isnan(v) ? "nan" : v < 0 ? "-inf" : "inf");
        return buf;
    }
    if (a < 1000) {
        if (a == floor(a))
            snprintf(buf, size, "%.0f", v);
        else
            snprintf(buf, size, "%.3g", v);
        return buf;
    }
    while (a >= 999.5 && u < 6) {
        a /= 1000;
        v /= 1000;
        u++;
    }
    if (a >= 99.95)
        snprintf(buf, size, "%.0f%c", v, units[u]);
    else if (a >= 9.995)
        snprintf(buf, size, "%.1f%c", v, units[u]);
    else
        snprintf(buf, size, "%.2f%c", v, units[u]);
    return buf;
}
