/* ws_ptx_lex.h: PTX tokens (internal to src/ptx).
 *
 * The lexer turns the whole text into an array of tokens up front.  Names
 * are not copied: a token records its byte span in the source.  Lines and
 * columns are 1-based; a column counts bytes (a tab is one column). */
#ifndef WS_PTX_LEX_H
#define WS_PTX_LEX_H

#include <stddef.h>
#include <stdint.h>

#include "util/ws_error.h"

/* Token kinds.  Punctuation tokens use their own character as kind
 * (',' ';' ':' '(' ')' '[' ']' '{' '}' '<' '>' '@' '!' '|' '+' '-' '='). */
enum {
    WS_TK_EOF = 0,
    WS_TK_IDENT,   /* add, %r1, $L__BB0_1, _ (sink), __local_depot0 */
    WS_TK_DOT,     /* .global, .u32, .x, .shared::cta, .L2::128B */
    WS_TK_INT,     /* 12, 0x1F, 017, 0b101 (val; flag U suffix) */
    WS_TK_F32,     /* 0f3F800000 (val = IEEE single bits) */
    WS_TK_F64,     /* 0d3FF0000000000000 or 1.5e3 (val = IEEE double bits) */
    WS_TK_STR,     /* "text" (span includes the quotes) */
};

enum { WS_TKF_USUFFIX = 1 };

typedef struct ws_ptx_tok {
    uint8_t kind;
    uint8_t flags;
    uint32_t line, col;
    uint32_t off, len;     /* byte span in the source */
    uint64_t val;          /* INT / F32 / F64 value bits */
} ws_ptx_tok;

/* Tokenize text[0..len).  On success *out holds *ntoks tokens, the last one
 * WS_TK_EOF; free it with free().  On error fills err ("path:L:C: ...") and
 * returns -1.  `.section NAME { ... }` blocks (DWARF debug data) are kept as
 * tokens; the parser skips them.  Lines starting with `@@` (old @@DWARF
 * records) are skipped here. */
int ws_ptx_lex(const char *text, size_t len, const char *path,
               ws_ptx_tok **out, size_t *ntoks, ws_error *err);

/* Describe a token for an error message: "'add'", "';'", "end of file".
 * Writes at most size bytes into buf (NUL-terminated) and returns buf. */
char *ws_ptx_tok_describe(const char *text, const ws_ptx_tok *t, char *buf, size_t size);

#endif
