#include "util/ws_error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int ws_error_set(ws_error *err, int code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->code = code ? code : WS_E_STATE;
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return -1;
}

int ws_error_prefix(ws_error *err, const char *fmt, ...)
{
    if (err) {
        char head[WS_ERROR_MAX], old[WS_ERROR_MAX];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(head, sizeof head, fmt, ap);
        va_end(ap);
        memcpy(old, err->msg, sizeof old);
        size_t h = strlen(head), o = strlen(old);
        if (h > sizeof err->msg - 1)
            h = sizeof err->msg - 1;
        if (o > sizeof err->msg - 1 - h)
            o = sizeof err->msg - 1 - h;
        memcpy(err->msg, head, h);
        memcpy(err->msg + h, old, o);
        err->msg[h + o] = '\0';
    }
    return -1;
}

void ws_error_clear(ws_error *err)
{
    if (err) {
        err->code = 0;
        err->msg[0] = '\0';
    }
}
