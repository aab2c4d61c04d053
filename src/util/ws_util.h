/* Small shared helpers: checked allocation, growable arrays, string bits. */
#ifndef WS_UTIL_H
#define WS_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include "util/ws_error.h"

/* Allocation that never returns NULL: on exhaustion it prints a message and
 * aborts (the only sane reaction inside a simulator's inner loops). */
void *ws_xmalloc(size_t n);
void *ws_xcalloc(size_t count, size_t size);
void *ws_xrealloc(void *p, size_t n);
/* ws_xcalloc with the block aligned (align: a power of two); free with free(). */
void *ws_xcalloc_aligned(size_t align, size_t count, size_t size);
char *ws_xstrdup(const char *s);
char *ws_xstrndup(const char *s, size_t n);

/* Grow *arr (element size esz) so that it holds at least `need` elements. */
void ws_grow(void **arr, size_t *cap, size_t need, size_t esz);
#define WS_GROW(arr, cap, need) ws_grow((void **)&(arr), &(cap), (need), sizeof *(arr))

#define WS_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define WS_MIN(a, b) ((a) < (b) ? (a) : (b))
#define WS_MAX(a, b) ((a) > (b) ? (a) : (b))

bool ws_str_has_suffix(const char *s, const char *suffix);

/* Make [s, s+len) safe to print in a message: bytes outside printable
 * ASCII, the backslash and the single quote become \xHH, so input cannot
 * send escape sequences to a terminal.  At most max input bytes (0: no
 * limit but outsz) are shown, then "..." when some were left out.  Returns
 * out, always NUL-terminated (outsz > 0). */
const char *ws_str_quote(char *out, size_t outsz, const char *s, size_t len, size_t max);

/* Write a message to f with every byte outside printable ASCII (but '\n'
 * and '\t') as \xHH: text that quotes user input cannot drive the terminal. */
void ws_fputs_safe(FILE *f, const char *s);
/* printf-style into a buffer, then ws_fputs_safe. */
void ws_fprintf_safe(FILE *f, const char *fmt, ...) WS_PRINTF(2, 3);
void ws_vfprintf_safe(FILE *f, const char *fmt, va_list ap) WS_PRINTF(2, 0);

/* Parse a size with an optional K/M/G suffix (powers of 1024), e.g. "48K".
 * Returns 0 on success, -1 on malformed input. */
int ws_parse_size(const char *s, uint64_t *out);

/* Whether path names a directory (following symbolic links). */
bool ws_path_is_dir(const char *path);

/* Read a whole file (gzip-compressed files are NOT decompressed here).
 * Returns a NUL-terminated buffer or NULL with errno set (EISDIR for a
 * directory). */
char *ws_read_file(const char *path, size_t *len);

#endif
