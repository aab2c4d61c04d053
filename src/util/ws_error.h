/* ws_error: the one way errors travel in warpscope.
 *
 * A function that can fail takes a `ws_error *err` (may be NULL) and returns
 * a failure value (-1, NULL, false); on failure it fills err->msg with a
 * complete, user-facing sentence naming where and why (file:line:col when
 * there is a file).  Nothing is printed by the model; callers decide. */
#ifndef WS_ERROR_H
#define WS_ERROR_H

#include <stddef.h>

#define WS_ERROR_MAX 1024

typedef struct ws_error {
    int code;               /* 0 = no error; otherwise a WS_E_* value */
    char msg[WS_ERROR_MAX];
} ws_error;

enum {
    WS_E_OK = 0,
    WS_E_IO,        /* file could not be read or written */
    WS_E_PARSE,     /* malformed input (PTX, graph, trace, option) */
    WS_E_RANGE,     /* value out of its allowed range */
    WS_E_UNSUPPORTED,
    WS_E_MEMORY,    /* out-of-bounds or misaligned device access */
    WS_E_STATE,     /* operation not valid in the current state */
    WS_E_NOMEM,
};

#if defined(__GNUC__)
#define WS_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define WS_PRINTF(a, b)
#endif

/* Fill err (if not NULL) and return -1, so `return ws_error_set(...)` works. */
int ws_error_set(ws_error *err, int code, const char *fmt, ...) WS_PRINTF(3, 4);
/* Prepend context ("while loading x: ") to an existing message. */
int ws_error_prefix(ws_error *err, const char *fmt, ...) WS_PRINTF(2, 3);
void ws_error_clear(ws_error *err);

#endif
