/* ws_tui_log.c: the output log (scenario output, console input and results,
 * TUI messages) kept as a ring of lines, and the status-line message. */
#include "config.h"
#include "tui/ws_tui.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

void ws_tui_log_kind(ws_tui *t, char kind, const char *text, size_t len)
{
    if (!t->log) {
        t->log = calloc(WS_TUI_LOG_LINES, sizeof *t->log);
        if (!t->log)
            return;
    }
    char *line = ws_xmalloc(len + 2);
    line[0] = kind;
    /* Tabs become spaces (to the next multiple of 8 is not worth it here);
     * other control characters are dropped. */
    size_t n = 1;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\t')
            line[n++] = ' ';
        else if (c >= 0x20 && c != 0x7f)
            line[n++] = (char)c;
    }
    line[n] = 0;
    uint32_t at;
    if (t->nlog < WS_TUI_LOG_LINES) {
        at = (t->log_first + t->nlog) % WS_TUI_LOG_LINES;
        t->nlog++;
    } else {
        at = t->log_first;
        free(t->log[at]);
        t->log_first = (t->log_first + 1) % WS_TUI_LOG_LINES;
    }
    t->log[at] = line;
    t->log_seq++;
    t->need_redraw = true;
}

void ws_tui_log(ws_tui *t, const char *text, bool error)
{
    const char *p = text;
    for (;;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (nl || len)
            ws_tui_log_kind(t, error ? WS_LOG_ERR : WS_LOG_OUT, p, len);
        if (!nl)
            break;
        p = nl + 1;
    }
}

const char *ws_tui_log_line(const ws_tui *t, uint32_t i, char *kind)
{
    if (i >= t->nlog || !t->log)
        return NULL;
    const char *s = t->log[(t->log_first + i) % WS_TUI_LOG_LINES];
    if (kind)
        *kind = s[0];
    return s + 1;
}

void ws_tui_message(ws_tui *t, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->msg, sizeof t->msg, fmt, ap);
    va_end(ap);
    /* One line: the status bar has no room for more. */
    for (char *p = t->msg; *p; p++)
        if (*p == '\n' || *p == '\t')
            *p = ' ';
    t->msg_err = error;
    t->need_redraw = true;
}

void ws_tui_free(ws_tui *t)
{
    if (t->log) {
        for (uint32_t i = 0; i < t->nlog; i++)
            free(t->log[(t->log_first + i) % WS_TUI_LOG_LINES]);
        free(t->log);
        t->log = NULL;
    }
    t->nlog = t->log_first = 0;
    for (int i = 0; i < t->nhist; i++)
        free(t->hist[i]);
    for (int i = 0; i < t->nphist; i++)
        free(t->phist[i]);
    t->nhist = t->nphist = 0;
    free(t->sw_wait);
    t->sw_wait = NULL;
    ws_tui_cu_free(t);
}
