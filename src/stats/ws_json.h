/* ws_json.h: a small JSON writer into a growing buffer.
 *
 * Output is deterministic: members come out in the order they are written,
 * integers exactly, doubles in the shortest "%.15g".."%.17g" form that reads
 * back to the same value (with '.' whatever the locale), NaN and infinities
 * as null.  Strings are escaped (quotes, backslash, control characters as
 * \n \t ... or \u00XX); bytes that are not valid UTF-8 become \ufffd.
 *
 * Pretty mode puts each member of a container on its own line, indented by
 * two spaces per level, except in containers opened "inline", which print on
 * one line ("[1, 2, 3]"; everything inside them is inline too).  Compact
 * mode prints no whitespace at all. */
#ifndef WS_JSON_H
#define WS_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define WS_JSON_MAX_DEPTH 64

typedef struct ws_json {
    char *buf;
    size_t len, cap;
    int depth;
    bool pretty;
    bool after_key;
    char kind[WS_JSON_MAX_DEPTH];     /* '{' or '[' per open container */
    bool inl[WS_JSON_MAX_DEPTH];      /* printed on one line */
    bool nonempty[WS_JSON_MAX_DEPTH];
} ws_json;

void ws_json_init(ws_json *j, bool pretty);
void ws_json_free(ws_json *j);
/* The text so far (NUL-terminated, owned by j) / handed over to the caller. */
const char *ws_json_text(const ws_json *j);
char *ws_json_take(ws_json *j, size_t *len);

void ws_json_object(ws_json *j, bool inline_);
void ws_json_array(ws_json *j, bool inline_);
void ws_json_end(ws_json *j);              /* closes the innermost container */
void ws_json_key(ws_json *j, const char *key);

void ws_json_str(ws_json *j, const char *s);      /* NULL writes null */
void ws_json_u64(ws_json *j, uint64_t v);
void ws_json_i64(ws_json *j, int64_t v);
void ws_json_double(ws_json *j, double v);
void ws_json_bool(ws_json *j, bool v);
void ws_json_null(ws_json *j);
/* A value given as JSON text (trusted: written as is, its lines indented to
 * the current level in pretty mode; NULL or "" writes null).  Outside any
 * container the text is appended as is (e.g. a final newline). */
void ws_json_raw(ws_json *j, const char *text);

/* Helpers shared with the CSV and text writers. */
/* Shortest round-trip text of a finite double into buf (>= 32 bytes);
 * returns false for NaN or an infinity (buf then holds "nan"/"inf"/"-inf"). */
bool ws_json_format_double(double v, char *buf, size_t size);
/* Append s escaped as a JSON string (with the quotes) to j's buffer. */
void ws_json_put_escaped(ws_json *j, const char *s);

#endif
