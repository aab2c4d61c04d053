/* ws_json.c: the JSON writer (see ws_json.h). */
#include "stats/ws_json.h"

#include "util/ws_util.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put(ws_json *j, const char *s, size_t n)
{
    WS_GROW(j->buf, j->cap, j->len + n + 1);
    memcpy(j->buf + j->len, s, n);
    j->len += n;
    j->buf[j->len] = '\0';
}

static void puts_(ws_json *j, const char *s)
{
    put(j, s, strlen(s));
}

static void indent(ws_json *j, int depth)
{
    static const char spaces[] = "                                ";
    put(j, "\n", 1);
    for (int n = 2 * depth; n > 0; n -= 32)
        put(j, spaces, n < 32 ? (size_t)n : 32);
}

void ws_json_init(ws_json *j, bool pretty)
{
    memset(j, 0, sizeof *j);
    j->pretty = pretty;
    WS_GROW(j->buf, j->cap, 256);
    j->buf[0] = '\0';
}

void ws_json_free(ws_json *j)
{
    free(j->buf);
    j->buf = NULL;
    j->len = j->cap = 0;
}

const char *ws_json_text(const ws_json *j)
{
    return j->buf ? j->buf : "";
}

char *ws_json_take(ws_json *j, size_t *len)
{
    char *b = j->buf;
    if (len)
        *len = j->len;
    j->buf = NULL;
    j->len = j->cap = 0;
    return b;
}

/* Whether the innermost open container prints on one line. */
static bool inline_here(const ws_json *j)
{
    return j->depth > 0 && j->depth <= WS_JSON_MAX_DEPTH && j->inl[j->depth - 1];
}

/* Separator and indentation before a value or a key. */
static void before_item(ws_json *j)
{
    if (j->after_key) {
        j->after_key = false;
        return;
    }
    if (j->depth == 0 || j->depth > WS_JSON_MAX_DEPTH)
        return;
    int d = j->depth - 1;
    if (j->nonempty[d])
        put(j, ",", 1);
    if (j->pretty) {
        if (j->inl[d]) {
            if (j->nonempty[d])
                put(j, " ", 1);
        } else {
            indent(j, j->depth);
        }
    }
    j->nonempty[d] = true;
}

static void open_(ws_json *j, char kind, bool inline_)
{
    bool inl = inline_ || inline_here(j);
    before_item(j);
    put(j, &kind, 1);
    if (j->depth < WS_JSON_MAX_DEPTH) {
        j->kind[j->depth] = kind;
        j->inl[j->depth] = inl;
        j->nonempty[j->depth] = false;
    }
    j->depth++;
}

void ws_json_object(ws_json *j, bool inline_)
{
    open_(j, '{', inline_);
}

void ws_json_array(ws_json *j, bool inline_)
{
    open_(j, '[', inline_);
}

void ws_json_end(ws_json *j)
{
    if (j->depth == 0)
        return;
    j->depth--;
    char kind = '{';
    if (j->depth < WS_JSON_MAX_DEPTH) {
        kind = j->kind[j->depth];
        if (j->pretty && !j->inl[j->depth] && j->nonempty[j->depth])
            indent(j, j->depth);
    }
    put(j, kind == '[' ? "]" : "}", 1);
    j->after_key = false;
}

/* Length of the valid UTF-8 sequence at s (1..4), or 0 when invalid. */
static size_t utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    size_t n;
    unsigned min;
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf) {
        n = 2;
        min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        min = 0x10000;
    } else {
        return 0;
    }
    unsigned cp = c & (0x7f >> n);
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return n;
}

void ws_json_put_escaped(ws_json *j, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    put(j, "\"", 1);
    while (*p) {
        const unsigned char *run = p;
        while (*p >= 0x20 && *p < 0x7f && *p != '"' && *p != '\\')
            p++;
        if (p > run)
            put(j, (const char *)run, (size_t)(p - run));
        if (!*p)
            break;
        char esc[8];
        switch (*p) {
        case '"': puts_(j, "\\\""); p++; continue;
        case '\\': puts_(j, "\\\\"); p++; continue;
        case '\n': puts_(j, "\\n"); p++; continue;
        case '\t': puts_(j, "\\t"); p++; continue;
        case '\r': puts_(j, "\\r"); p++; continue;
        case '\b': puts_(j, "\\b"); p++; continue;
        case '\f': puts_(j, "\\f"); p++; continue;
        default: break;
        }
        if (*p < 0x20 || *p == 0x7f) {
            snprintf(esc, sizeof esc, "\\u%04x", *p);
            puts_(j, esc);
            p++;
            continue;
        }
        size_t n = utf8_len(p);
        if (n == 0) {
            puts_(j, "\\ufffd");
            p++;
        } else {
            put(j, (const char *)p, n);
            p += n;
        }
    }
    put(j, "\"", 1);
}

void ws_json_key(ws_json *j, const char *key)
{
    before_item(j);
    ws_json_put_escaped(j, key ? key : "");
    put(j, j->pretty ? ": " : ":", j->pretty ? 2 : 1);
    j->after_key = true;
}

void ws_json_str(ws_json *j, const char *s)
{
    if (!s) {
        ws_json_null(j);
        return;
    }
    before_item(j);
    ws_json_put_escaped(j, s);
}

void ws_json_u64(ws_json *j, uint64_t v)
{
    char b[32];
    snprintf(b, sizeof b, "%" PRIu64, v);
    before_item(j);
    puts_(j, b);
}

void ws_json_i64(ws_json *j, int64_t v)
{
    char b[32];
    snprintf(b, sizeof b, "%" PRId64, v);
    before_item(j);
    puts_(j, b);
}

bool ws_json_format_double(double v, char *buf, size_t size)
{
    if (isnan(v)) {
        snprintf(buf, size, "nan");
        return false;
    }
    if (isinf(v)) {
        snprintf(buf, size, v < 0 ? "-inf" : "inf");
        return false;
    }
    /* snprintf and strtod agree on the locale's decimal point, so the
     * round trip is checked on the raw text; the point is made '.' after. */
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, size, "%.*g", prec, v);
        if (prec == 17 || strtod(buf, NULL) == v)
            break;
    }
    /* %g prints only digits, a sign, 'e' and the decimal point. */
    for (char *p = buf; *p; p++)
        if (!((*p >= '0' && *p <= '9') || *p == '-' || *p == '+' || *p == 'e'))
            *p = '.';
    return true;
}

void ws_json_double(ws_json *j, double v)
{
    char b[48];
    if (!ws_json_format_double(v, b, sizeof b)) {
        ws_json_null(j);
        return;
    }
    before_item(j);
    puts_(j, b);
}

void ws_json_bool(ws_json *j, bool v)
{
    before_item(j);
    puts_(j, v ? "true" : "false");
}

void ws_json_null(ws_json *j)
{
    before_item(j);
    puts_(j, "null");
}

void ws_json_raw(ws_json *j, const char *text)
{
    if (!text || !*text) {
        ws_json_null(j);
        return;
    }
    before_item(j);
    if (!j->pretty || j->depth == 0 || inline_here(j)) {
        puts_(j, text);
        return;
    }
    /* Newlines in JSON text are whitespace: indent the value's lines to
     * the current level so an embedded pretty object lines up. */
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        if (!nl) {
            puts_(j, p);
            break;
        }
        put(j, p, (size_t)(nl - p));
        indent(j, j->depth);
        p = nl + 1;
    }
}
