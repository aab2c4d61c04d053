/* ws_tui_keys.c: the global key table (each key runs a command line of
 * ws_tui_cmds), key dispatch, the ':' prompt's line editor and the help
 * overlay's keys. */
#include "config.h"
#include "tui/ws_tui_int.h"

#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

#define CTRL_(c) ((c) & 0x1f)

const ws_tui_key ws_tui_keys[] = {
    { ' ', "space", "step" },
    { 's', "s", "step" },
    { '\n', "Enter", "repeat" },
    { 'n', "n", "stepn" },
    { 'i', "i", "stepwarp" },
    { 'u', "u", "back 1" },
    { 'U', "U", "back i" },
    { 'c', "c", "continue" },
    { 'p', "p", "pause" },
    { 'r', "r", "run kernel" },
    { 'R', "R", "run launch" },
    { 'E', "E", "run end" },
    { 'b', "b", "break" },
    { 'B', "B", "breakpoints" },
    { '\t', "Tab", "next-view" },
    { KEY_BTAB, "S-Tab", "prev-view" },
    { '1', "1", "view warps" },
    { '2', "2", "view warp" },
    { '3', "3", "view stalls" },
    { '4', "4", "view caches" },
    { '5', "5", "view prefetch" },
    { '6', "6", "view memory" },
    { '7', "7", "view source" },
    { '8', "8", "view console" },
    { '9', "9", "view iru" },
    { '0', "0", "view mff" },
    { '<', "<", "prev-sm" },
    { '>', ">", "next-sm" },
    { '[', "[", "prev-warp" },
    { ']', "]", "next-warp" },
    { 'f', "f", "follow" },
    { '/', "/", "prompt search" },
    { 'g', "g", "top" },
    { 'G', "G", "bottom" },
    { '+', "+", "speed +" },
    { '-', "-", "speed -" },
    { ':', ":", "prompt" },
    { '?', "?", "help" },
    { KEY_F(1), "F1", "help" },
    { CTRL_('l'), "^L", "redraw" },
    { 'q', "q", "quit" },
    { KEY_F(10), "F10", "quit" },
    { 0, NULL, NULL },
};

int ws_tui_nkeys(void)
{
    int n = 0;
    while (ws_tui_keys[n].label)
        n++;
    return n;
}

void ws_tui_print_tables(FILE *f)
{
    fprintf(f, "KEYS\n");
    for (const ws_tui_key *k = ws_tui_keys; k->label; k++)
        fprintf(f, "  %-8s %s\n", k->label, k->command);
    fprintf(f, "COMMANDS\n");
    for (const ws_tui_cmd *c = ws_tui_cmds; c->name; c++) {
        fprintf(f, "  %s%s%s%s%s%s\n", c->name, c->args[0] ? " " : "", c->args, c->alias ? " (" : "",
                c->alias ? c->alias : "", c->alias ? ")" : "");
        fprintf(f, "      %s\n", c->help);
    }
}

/* ----------------------------------------------------------- prompt */
void ws_tui_prompt_open(ws_tui *t, const char *text)
{
    t->prompt_on = true;
    snprintf(t->prompt, sizeof t->prompt, "%s", text ? text : "");
    t->prompt_len = t->prompt_pos = (int)strlen(t->prompt);
    t->phist_pos = t->nphist;
    t->need_redraw = true;
}

static void hist_add(char **hist, int *n, const char *line)
{
    if (!*line || (*n > 0 && !strcmp(hist[*n - 1], line)))
        return;
    if (*n == WS_TUI_HIST) {
        free(hist[0]);
        memmove(hist, hist + 1, (WS_TUI_HIST - 1) * sizeof *hist);
        (*n)--;
    }
    size_t len = strlen(line);
    hist[*n] = ws_xmalloc(len + 1);
    memcpy(hist[*n], line, len + 1);
    (*n)++;
}

int ws_tui_edit_key(char *buf, int size, int *len, int *pos, int ch)
{
    switch (ch) {
    case KEY_LEFT:
    case CTRL_('b'):
        if (*pos > 0)
            (*pos)--;
        return 1;
    case KEY_RIGHT:
    case CTRL_('f'):
        if (*pos < *len)
            (*pos)++;
        return 1;
    case KEY_HOME:
    case CTRL_('a'):
        *pos = 0;
        return 1;
    case KEY_END:
    case CTRL_('e'):
        *pos = *len;
        return 1;
    case KEY_BACKSPACE:
    case 127:
    case CTRL_('h'):
        if (*pos > 0) {
            memmove(buf + *pos - 1, buf + *pos, (size_t)(*len - *pos));
            (*pos)--;
            (*len)--;
            buf[*len] = 0;
        }
        return 1;
    case KEY_DC:
    case CTRL_('d'):
        if (*pos < *len) {
            memmove(buf + *pos, buf + *pos + 1, (size_t)(*len - *pos - 1));
            (*len)--;
            buf[*len] = 0;
        }
        return 1;
    case CTRL_('u'):
        memmove(buf, buf + *pos, (size_t)(*len - *pos));
        *len -= *pos;
        *pos = 0;
        buf[*len] = 0;
        return 1;
    case CTRL_('k'):
        *len = *pos;
        buf[*len] = 0;
        return 1;
    default:
        if (ch >= 0x20 && ch < 0x100 && ch != 0x7f && *len + 1 < size) {
            memmove(buf + *pos + 1, buf + *pos, (size_t)(*len - *pos));
            buf[(*pos)++] = (char)ch;
            (*len)++;
            buf[*len] = 0;
            return 1;
        }
        return 0;
    }
}

static void prompt_key(ws_tui *t, int ch)
{
    if (ch == 27 || ch == CTRL_('c') || ch == CTRL_('g')) {
        t->prompt_on = false;
    } else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
        char line[sizeof t->prompt];
        memcpy(line, t->prompt, sizeof line);
        t->prompt_on = false;
        hist_add(t->phist, &t->nphist, line);
        ws_tui_exec(t, line, NULL);
    } else if (ch == KEY_UP || ch == KEY_DOWN) {
        int p = t->phist_pos + (ch == KEY_UP ? -1 : 1);
        if (p < 0 || p > t->nphist)
            return;
        t->phist_pos = p;
        snprintf(t->prompt, sizeof t->prompt, "%s", p < t->nphist ? t->phist[p] : "");
        t->prompt_len = t->prompt_pos = (int)strlen(t->prompt);
    } else if (ch == KEY_BACKSPACE && t->prompt_len == 0) {
        t->prompt_on = false;
    } else {
        ws_tui_edit_key(t->prompt, (int)sizeof t->prompt, &t->prompt_len, &t->prompt_pos, ch);
    }
    t->need_redraw = true;
}

static void help_key(ws_tui *t, int ch)
{
    switch (ch) {
    case KEY_UP:
    case 'k':
        if (t->help_scroll > 0)
            t->help_scroll--;
        break;
    case KEY_DOWN:
    case 'j':
        t->help_scroll++;
        break;
    case KEY_PPAGE:
        t->help_scroll = t->help_scroll > 10 ? t->help_scroll - 10 : 0;
        break;
    case KEY_NPAGE:
    case ' ':
        t->help_scroll += 10;
        break;
    case KEY_HOME:
    case 'g':
        t->help_scroll = 0;
        break;
    default:
        t->help = false;   /* any other key closes it */
        break;
    }
    t->need_redraw = true;
}

void ws_tui_on_key(ws_tui *t, int ch)
{
    if (ch == KEY_RESIZE) {
        /* repaint every cell: the terminal may keep (or reflow) what it
         * showed before the resize, which a redraw of changes leaves */
        if (!isendwin() && stdscr)
            clearok(curscr, TRUE);
        t->need_redraw = true;
        return;
    }
    if (ch == '\r' || ch == KEY_ENTER)
        ch = '\n';
    if (t->prompt_on) {
        prompt_key(t, ch);
        return;
    }
    if (t->help) {
        help_key(t, ch);
        return;
    }
    if (t->req_on && ws_tui_req_key(t, ch))
        return;
    const ws_view *v = ws_tui_views[t->view];
    if (v->key && v->key(t, ch)) {
        t->need_redraw = true;
        return;
    }
    for (const ws_tui_key *k = ws_tui_keys; k->label; k++)
        if (k->key == ch) {
            ws_tui_exec(t, k->command, NULL);
            t->need_redraw = true;
            return;
        }
}
