/* ws_ptx_lex.c: PTX lexer (see ws_ptx_lex.h). */
#include "ptx/ws_ptx_lex.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

typedef struct lexer {
    const char *s;
    size_t n, i;
    uint32_t line;
    size_t line_start;        /* offset of the current line's first byte */
    const char *path;
    ws_error *err;
    ws_ptx_tok *toks;
    size_t ntoks, cap;
} lexer;

static bool is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_xdigit(int c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
static bool is_ident_char(int c) { return is_alpha(c) || is_digit(c) || c == '_' || c == '$'; }

static int xval(int c)
{
    if (is_digit(c)) return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return c - 'A' + 10;
}

static uint32_t col_of(const lexer *lx, size_t off) { return (uint32_t)(off - lx->line_start + 1); }

/* Render byte c for a message: 'x' or '\xNN'. */
static void show_char(int c, char *buf, size_t size)
{
    if (c >= 0x21 && c < 0x7f && c != '\'')
        snprintf(buf, size, "'%c'", c);
    else
        snprintf(buf, size, "'\\x%02x'", (unsigned)(c & 0xff));
}

static int lex_fail(lexer *lx, size_t off, const char *msg, const char *what)
{
    return ws_error_set(lx->err, WS_E_PARSE, "%s:%u:%u: %s%s", lx->path, lx->line,
                        col_of(lx, off), msg, what ? what : "");
}

static ws_ptx_tok *push(lexer *lx, int kind, size_t start)
{
    WS_GROW(lx->toks, lx->cap, lx->ntoks + 1);
    ws_ptx_tok *t = &lx->toks[lx->ntoks++];
    memset(t, 0, sizeof *t);
    t->kind = (uint8_t)kind;
    t->line = lx->line;
    t->col = col_of(lx, start);
    t->off = (uint32_t)start;
    t->len = (uint32_t)(lx->i - start);
    return t;
}

/* Skip blanks and comments; -1 on an unterminated comment. */
static int skip_space(lexer *lx)
{
    while (lx->i < lx->n) {
        char c = lx->s[lx->i];
        if (c == '\n') {
            lx->i++;
            lx->line++;
            lx->line_start = lx->i;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            lx->i++;
        } else if (c == '/' && lx->i + 1 < lx->n && lx->s[lx->i + 1] == '/') {
            while (lx->i < lx->n && lx->s[lx->i] != '\n')
                lx->i++;
        } else if (c == '/' && lx->i + 1 < lx->n && lx->s[lx->i + 1] == '*') {
            size_t start = lx->i;
            uint32_t sl = lx->line;
            size_t sls = lx->line_start;
            lx->i += 2;
            for (;;) {
                if (lx->i + 1 >= lx->n) {
                    lx->line = sl;
                    lx->line_start = sls;
                    return lex_fail(lx, start, "unterminated comment", NULL);
                }
                if (lx->s[lx->i] == '*' && lx->s[lx->i + 1] == '/') {
                    lx->i += 2;
                    break;
                }
                if (lx->s[lx->i] == '\n') {
                    lx->line++;
                    lx->line_start = lx->i + 1;
                }
                lx->i++;
            }
        } else if (c == '@' && lx->i + 1 < lx->n && lx->s[lx->i + 1] == '@') {
            while (lx->i < lx->n && lx->s[lx->i] != '\n')   /* @@DWARF record */
                lx->i++;
        } else {
            break;
        }
    }
    return 0;
}

static int lex_number(lexer *lx)
{
    size_t start = lx->i;
    const char *s = lx->s;
    size_t n = lx->n;
    uint64_t v = 0;
    int kind = WS_TK_INT;
    bool overflow = false;
    char c1 = start + 1 < n ? s[start + 1] : 0;

    if (s[start] == '0' && (c1 == 'f' || c1 == 'F' || c1 == 'd' || c1 == 'D')) {
        size_t want = (c1 == 'f' || c1 == 'F') ? 8 : 16;
        size_t i = start + 2, k = 0;
        while (i < n && is_xdigit(s[i]) && k < want) {
            v = v << 4 | (uint64_t)xval(s[i]);
            i++, k++;
        }
        lx->i = i;
        if (k != want || (i < n && is_ident_char(s[i]))) {
            while (lx->i < n && is_ident_char(s[lx->i]))
                lx->i++;
            char what[80];
            snprintf(what, sizeof what, "'%.*s' (expected 0f and 8 hex digits or 0d and 16)",
                     (int)WS_MIN(lx->i - start, 40), s + start);
            return lex_fail(lx, start, "malformed floating-point constant ", what);
        }
        kind = want == 8 ? WS_TK_F32 : WS_TK_F64;
    } else if (s[start] == '0' && (c1 == 'x' || c1 == 'X' || c1 == 'b' || c1 == 'B')) {
        unsigned shift = (c1 == 'x' || c1 == 'X') ? 4 : 1;
        size_t i = start + 2, k = 0;
        while (i < n && (shift == 4 ? is_xdigit(s[i]) : (s[i] == '0' || s[i] == '1'))) {
            if (v >> (64 - shift))
                overflow = true;
            v = v << shift | (uint64_t)xval(s[i]);
            i++, k++;
        }
        lx->i = i;
        if (k == 0)
            goto malformed;
    } else {
        size_t i = start;
        while (i < n && is_digit(s[i]))
            i++;
        bool is_float = false;
        if (i < n && s[i] == '.' && i + 1 < n && is_digit(s[i + 1])) {
            is_float = true;
            i++;
            while (i < n && is_digit(s[i]))
                i++;
        }
        if (i < n && (s[i] == 'e' || s[i] == 'E')) {
            size_t j = i + 1;
            if (j < n && (s[j] == '+' || s[j] == '-'))
                j++;
            if (j < n && is_digit(s[j])) {
                is_float = true;
                i = j;
                while (i < n && is_digit(s[i]))
                    i++;
            }
        }
        lx->i = i;
        if (is_float) {
            char buf[128];
            size_t len = i - start;
            if (len >= sizeof buf)
                goto malformed;
            memcpy(buf, s + start, len);
            buf[len] = '\0';
            double d = strtod(buf, NULL);
            memcpy(&v, &d, sizeof v);
            kind = WS_TK_F64;
        } else {
            bool octal = s[start] == '0' && i - start > 1;
            for (size_t k = start; k < i; k++) {
                unsigned dg = (unsigned)(s[k] - '0');
                if (octal) {
                    if (dg > 7)
                        goto malformed;
                    if (v >> 61)
                        overflow = true;
                    v = v << 3 | dg;
                } else {
                    if (v > (UINT64_MAX - dg) / 10)
                        overflow = true;
                    v = v * 10 + dg;
                }
            }
        }
    }
    uint8_t flags = 0;
    if (kind == WS_TK_INT && lx->i < n && (s[lx->i] == 'U' || s[lx->i] == 'u')) {
        flags = WS_TKF_USUFFIX;
        lx->i++;
    }
    if (lx->i < n && (is_ident_char(s[lx->i]) || (s[lx->i] == '.' && kind == WS_TK_INT && lx->i + 1 < n && is_digit(s[lx->i + 1]))))
        goto malformed;
    if (overflow) {
        char what[80];
        snprintf(what, sizeof what, "'%.*s'", (int)WS_MIN(lx->i - start, 40), s + start);
        return lex_fail(lx, start, "integer constant does not fit in 64 bits: ", what);
    }
    ws_ptx_tok *t = push(lx, kind, start);
    t->val = v;
    t->flags = flags;
    return 0;
malformed:
    while (lx->i < n && (is_ident_char(s[lx->i]) || s[lx->i] == '.'))
        lx->i++;
    {
        char what[80];
        snprintf(what, sizeof what, "'%.*s'", (int)WS_MIN(lx->i - start, 40), s + start);
        return lex_fail(lx, start, "malformed number ", what);
    }
}

int ws_ptx_lex(const char *text, size_t len, const char *path,
               ws_ptx_tok **out, size_t *ntoks, ws_error *err)
{
    lexer lx = { .s = text, .n = len, .line = 1, .path = path ? path : "<ptx>", .err = err };
    if (len > UINT32_MAX - 2) {
        ws_error_set(err, WS_E_PARSE, "%s: file too large (%zu bytes)", lx.path, len);
        return -1;
    }
    for (;;) {
        if (skip_space(&lx) < 0)
            goto fail;
        if (lx.i >= lx.n)
            break;
        size_t start = lx.i;
        unsigned char c = (unsigned char)text[lx.i];
        if (is_alpha(c) || c == '_' || c == '$' || c == '%') {
            lx.i++;
            while (lx.i < lx.n && is_ident_char(text[lx.i]))
                lx.i++;
            if (c == '%' && lx.i == start + 1) {
                char what[16];
                show_char('%', what, sizeof what);
                lex_fail(&lx, start, "unexpected character ", what);
                goto fail;
            }
            push(&lx, WS_TK_IDENT, start);
        } else if (c == '.' && lx.i + 1 < lx.n && is_ident_char(text[lx.i + 1])) {
            lx.i++;
            for (;;) {
                while (lx.i < lx.n && is_ident_char(text[lx.i]))
                    lx.i++;
                if (lx.i + 2 < lx.n && text[lx.i] == ':' && text[lx.i + 1] == ':' &&
                    is_ident_char(text[lx.i + 2]))
                    lx.i += 2;
                else
                    break;
            }
            push(&lx, WS_TK_DOT, start);
        } else if (is_digit(c)) {
            if (lex_number(&lx) < 0)
                goto fail;
        } else if (c == '"') {
            lx.i++;
            while (lx.i < lx.n && text[lx.i] != '"' && text[lx.i] != '\n') {
                if (text[lx.i] == '\\' && lx.i + 1 < lx.n && text[lx.i + 1] != '\n')
                    lx.i++;
                lx.i++;
            }
            if (lx.i >= lx.n || text[lx.i] != '"') {
                lex_fail(&lx, start, "unterminated string", NULL);
                goto fail;
            }
            lx.i++;
            push(&lx, WS_TK_STR, start);
        } else if (strchr(",;:()[]{}<>@!|+-=", c) && c) {
            lx.i++;
            push(&lx, c, start);
        } else {
            char what[16];
            show_char(c, what, sizeof what);
            lex_fail(&lx, start, "unexpected character ", what);
            goto fail;
        }
    }
    push(&lx, WS_TK_EOF, lx.i);
    *out = lx.toks;
    *ntoks = lx.ntoks;
    return 0;
fail:
    free(lx.toks);
    *out = NULL;
    *ntoks = 0;
    return -1;
}

char *ws_ptx_tok_describe(const char *text, const ws_ptx_tok *t, char *buf, size_t size)
{
    if (t->kind == WS_TK_EOF) {
        snprintf(buf, size, "end of file");
        return buf;
    }
    /* a string literal may hold any byte: escape what a terminal would act on */
    char q[200];
    snprintf(buf, size, "'%s'", ws_str_quote(q, sizeof q, text + t->off, t->len, 40));
    return buf;
}
