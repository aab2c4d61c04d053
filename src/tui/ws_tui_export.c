/* ws_tui_export.c: `:export FILE` writes the screen as it is drawn, read
 * back from curses (stdscr, which every view draws into): as plain text
 * (one line per screen row, trailing blanks removed), or, for a name
 * ending in .svg, as a self-contained SVG: a monospace grid with one
 * <text> run per stretch of cells of the same colours and weight, and a
 * <rect> behind each run whose background is not the default.  Colours are
 * the curses pairs' (pair_content), as the xterm 256-colour palette gives
 * them; bold is font-weight bold, reverse swaps the colours, dim is a
 * lighter grey.  The file is written to FILE.tmpPID beside it and renamed
 * over FILE only when complete, so an error never leaves half a file.
 * Off screen (ws_tui_offscreen_begin: the fuzzer, the view tests) it is
 * refused, so random keys never write files. */
#include "config.h"
#include "tui/ws_tui_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include "util/ws_util.h"

#define CELL_W 8         /* SVG cell size in user units (px) */
#define CELL_H 16
#define DEF_FG 0xd0d0d0u /* the terminal's default colours as the SVG shows them */
#define DEF_BG 0x000000u

typedef struct cell {
    wchar_t ch;
    uint32_t fg, bg;
    bool bold, def_bg;
} cell;

/* RGB of curses colour n (xterm's palette); -1: the default. */
static uint32_t rgb(int n, bool fg)
{
    static const uint32_t base[16] = { 0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
                                       0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff };
    if (n < 0)
        return fg ? DEF_FG : DEF_BG;
    if (n < 16)
        return base[n];
    if (n < 232) {
        static const int lv[6] = { 0, 95, 135, 175, 215, 255 };
        int i = n - 16;
        return (uint32_t)(lv[i / 36] << 16 | lv[i / 6 % 6] << 8 | lv[i % 6]);
    }
    if (n < 256) {
        int g = 8 + (n - 232) * 10;
        return (uint32_t)(g << 16 | g << 8 | g);
    }
    return fg ? DEF_FG : DEF_BG;
}

/* Cell (y, x) of stdscr. */
static void read_cell(int y, int x, cell *c)
{
    attr_t at = 0;
    short pair = 0;
    c->ch = L' ';
#ifdef WS_CURSES_WIDE
    cchar_t cc;
    wchar_t wch[CCHARW_MAX + 1] = { 0 };
    if (mvwin_wch(stdscr, y, x, &cc) != ERR && getcchar(&cc, wch, &at, &pair, NULL) != ERR && wch[0])
        c->ch = wch[0];
#else
    chtype ch = mvwinch(stdscr, y, x);     /* (curses without wide characters: ASCII drawing) */
    if (ch != (chtype)ERR) {
        if (ch & A_CHARTEXT)
            c->ch = (wchar_t)(ch & A_CHARTEXT);
        at = (attr_t)(ch & A_ATTRIBUTES);
        pair = (short)PAIR_NUMBER(ch);
    }
#endif
    short f = -1, b = -1;
    if (pair > 0 && pair < COLOR_PAIRS)
        pair_content(pair, &f, &b);
    c->fg = rgb(f, true);
    c->bg = rgb(b, false);
    c->def_bg = b < 0;
    if (at & A_DIM && f < 0)
        c->fg = 0x808080u;
    if (at & A_REVERSE) {
        uint32_t s = c->fg;
        c->fg = c->bg;
        c->bg = s;
        c->def_bg = false;
    }
    c->bold = (at & A_BOLD) != 0;
}

/* One character as UTF-8 (escaped for XML when xml); bytes written. */
static size_t put_char(FILE *fp, wchar_t ch, bool xml)
{
    if (xml) {
        switch (ch) {
        case L'&': return (size_t)fprintf(fp, "&amp;");
        case L'<': return (size_t)fprintf(fp, "&lt;");
        case L'>': return (size_t)fprintf(fp, "&gt;");
        case L'"': return (size_t)fprintf(fp, "&quot;");
        default: break;
        }
    }
    uint32_t u = (uint32_t)ch;
    if (u < 0x20 || u == 0x7f || (u >= 0xd800 && u < 0xe000) || u > 0x10ffff)
        u = '?';
    unsigned char b[4];
    size_t n;
    if (u < 0x80) {
        b[0] = (unsigned char)u;
        n = 1;
    } else if (u < 0x800) {
        b[0] = (unsigned char)(0xc0 | u >> 6);
        b[1] = (unsigned char)(0x80 | (u & 0x3f));
        n = 2;
    } else if (u < 0x10000) {
        b[0] = (unsigned char)(0xe0 | u >> 12);
        b[1] = (unsigned char)(0x80 | (u >> 6 & 0x3f));
        b[2] = (unsigned char)(0x80 | (u & 0x3f));
        n = 3;
    } else {
        b[0] = (unsigned char)(0xf0 | u >> 18);
        b[1] = (unsigned char)(0x80 | (u >> 12 & 0x3f));
        b[2] = (unsigned char)(0x80 | (u >> 6 & 0x3f));
        b[3] = (unsigned char)(0x80 | (u & 0x3f));
        n = 4;
    }
    return fwrite(b, 1, n, fp);
}

static void write_text(FILE *fp, const cell *s, int rows, int cols)
{
    for (int y = 0; y < rows; y++) {
        const cell *r = s + (size_t)y * (size_t)cols;
        int end = cols;
        while (end > 0 && r[end - 1].ch == L' ')
            end--;
        for (int x = 0; x < end; x++)
            put_char(fp, r[x].ch, false);
        fputc('\n', fp);
    }
}

static bool same_run(const cell *a, const cell *b)
{
    return a->fg == b->fg && a->bg == b->bg && a->bold == b->bold && a->def_bg == b->def_bg;
}

static void write_svg(FILE *fp, const cell *s, int rows, int cols)
{
    int w = cols * CELL_W, h = rows * CELL_H;
    fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n"
                "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#%06x\"/>\n"
                "<g font-family=\"monospace\" font-size=\"%d\" xml:space=\"preserve\">\n",
            w, h, w, h, w, h, DEF_BG, CELL_H * 13 / 16);
    for (int y = 0; y < rows; y++) {
        const cell *r = s + (size_t)y * (size_t)cols;
        for (int x = 0; x < cols;) {
            int e = x + 1;
            while (e < cols && same_run(&r[x], &r[e]))
                e++;
            if (!r[x].def_bg)
                fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#%06x\"/>\n", x * CELL_W,
                        y * CELL_H, (e - x) * CELL_W, CELL_H, r[x].bg);
            int last = e;
            while (last > x && r[last - 1].ch == L' ')
                last--;
            if (last > x) {
                /* textLength keeps the grid whatever the viewer's monospace font */
                fprintf(fp, "<text x=\"%d\" y=\"%d\" textLength=\"%d\" lengthAdjust=\"spacingAndGlyphs\" "
                            "fill=\"#%06x\"%s>",
                        x * CELL_W, y * CELL_H + CELL_H * 3 / 4, (last - x) * CELL_W, r[x].fg,
                        r[x].bold ? " font-weight=\"bold\"" : "");
                for (int i = x; i < last; i++)
                    put_char(fp, r[i].ch, true);
                fprintf(fp, "</text>\n");
            }
            x = e;
        }
    }
    fprintf(fp, "</g>\n</svg>\n");
}

static bool ends_with(const char *s, const char *suf)
{
    size_t n = strlen(s), m = strlen(suf);
    return n >= m && !strcmp(s + n - m, suf);
}

int ws_tui_export(ws_tui *t, const char *name, char *written, size_t wsize, ws_error *err)
{
    if (!name || !name[0])
        return ws_error_set(err, WS_E_PARSE, "export needs a file name (FILE.txt, or FILE.svg for colours)");
    /* (off screen, as the fuzzer and the view tests run it, there is no
     * terminal's screen to export, and keys must not write files) */
    if (!t->cap || isendwin() || !stdscr)
        return ws_error_set(err, WS_E_STATE, "export: there is no screen to export (the interface is not on a "
                                             "terminal)");
    bool svg = ends_with(name, ".svg");
    char path[4096];
    const char *dot = strrchr(name, '.'), *slash = strrchr(name, '/');
    bool has_ext = dot && (!slash || dot > slash) && dot[1];
    int pn = snprintf(path, sizeof path, "%s%s", name, has_ext ? "" : ".txt");
    if (pn < 0 || (size_t)pn >= sizeof path)
        return ws_error_set(err, WS_E_RANGE, "export: the file name is too long");
    ws_tui_draw_screen(t);          /* the screen as it is now (the prompt closed) */
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    if (rows <= 0 || cols <= 0)
        return ws_error_set(err, WS_E_STATE, "export: the screen has no cells");
    cell *s = malloc((size_t)rows * (size_t)cols * sizeof *s);
    if (!s)
        return ws_error_set(err, WS_E_NOMEM, "export: out of memory");
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < cols; x++)
            read_cell(y, x, &s[(size_t)y * (size_t)cols + (size_t)x]);
    bool existed = access(path, F_OK) == 0;
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
    FILE *fp = fopen(tmp, "wb");
    if (!fp) {
        int e = errno;
        free(s);
        return ws_error_set(err, WS_E_IO, "export: cannot write %s: %s", path, strerror(e));
    }
    if (svg)
        write_svg(fp, s, rows, cols);
    else
        write_text(fp, s, rows, cols);
    free(s);
    int bad = ferror(fp);
    int e = errno;
    if (fclose(fp) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    if (bad || rename(tmp, path) != 0) {
        if (!bad)
            e = errno;
        remove(tmp);
        return ws_error_set(err, WS_E_IO, "export: cannot write %s: %s", path, strerror(e));
    }
    snprintf(written, wsize, "%s%s", path, existed ? " (it replaced the file of that name)" : "");
    return 0;
}
