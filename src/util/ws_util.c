#include "util/ws_util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void oom(size_t n)
{
    fprintf(stderr, "warpscope: out of memory allocating %zu bytes\n", n);
    exit(EXIT_FAILURE);     /* status 1, as every other failure (not SIGABRT) */
}

void *ws_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        oom(n);
    return p;
}

void *ws_xcalloc_aligned(size_t align, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        oom(SIZE_MAX);
    size_t n = count * size;
    size_t m = n ? (n + align - 1) / align * align : align;    /* (aligned_alloc: a multiple) */
    void *p = m >= n ? aligned_alloc(align, m) : NULL;
    if (!p)
        oom(n);
    memset(p, 0, m);
    return p;
}

void *ws_xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p)
        oom(count * size);
    return p;
}

void *ws_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        oom(n);
    return q;
}

char *ws_xstrdup(const char *s)
{
    return ws_xstrndup(s, strlen(s));
}

char *ws_xstrndup(const char *s, size_t n)
{
    char *p = ws_xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

void ws_grow(void **arr, size_t *cap, size_t need, size_t esz)
{
    if (need <= *cap)
        return;
    size_t c = *cap ? *cap : 8;
    while (c < need)
        c *= 2;
    *arr = ws_xrealloc(*arr, c * esz);
    *cap = c;
}

bool ws_str_has_suffix(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

const char *ws_str_quote(char *out, size_t outsz, const char *s, size_t len, size_t max)
{
    size_t o = 0, i;
    size_t lim = max && len > max ? max : len;
    for (i = 0; i < lim && o + 5 < outsz; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f && c != '\\' && c != '\'')
            out[o++] = (char)c;
        else
            o += (size_t)snprintf(out + o, outsz - o, "\\x%02x", c);
    }
    if (i < len && o + 4 < outsz) {
        memcpy(out + o, "...", 3);
        o += 3;
    }
    out[o < outsz ? o : outsz - 1] = '\0';
    return out;
}

void ws_fputs_safe(FILE *f, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if ((*p >= 0x20 && *p < 0x7f) || *p == '\n' || *p == '\t')
            fputc(*p, f);
        else
            fprintf(f, "\\x%02x", *p);
    }
}

void ws_vfprintf_safe(FILE *f, const char *fmt, va_list ap)
{
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    if (n < 0) return;
    char *buf = ws_xmalloc((size_t)n + 1);
    vsnprintf(buf, (size_t)n + 1, fmt, ap);
    ws_fputs_safe(f, buf);
    free(buf);
}

void ws_fprintf_safe(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ws_vfprintf_safe(f, fmt, ap);
    va_end(ap);
}

int ws_parse_size(const char *s, uint64_t *out)
{
    if (!s || !*s)
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s || *s == '-')
        return -1;
    uint64_t mul = 1;
    switch (*end) {
    case '\0': break;
    case 'k': case 'K': mul = 1ull << 10; end++; break;
    case 'm': case 'M': mul = 1ull << 20; end++; break;
    case 'g': case 'G': mul = 1ull << 30; end++; break;
    default: return -1;
    }
    if (*end == 'B' || *end == 'b')
        end++;
    if (*end != '\0')
        return -1;
    if (mul > 1 && v > UINT64_MAX / mul)
        return -1;
    *out = (uint64_t)v * mul;
    return 0;
}

bool ws_path_is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

char *ws_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        errno = EISDIR;
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = ws_xmalloc(cap);
    for (;;) {
        if (n + 1 >= cap) {
            cap *= 2;
            buf = ws_xrealloc(buf, cap);
        }
        errno = 0;
        size_t r = fread(buf + n, 1, cap - n - 1, f);
        n += r;
        if (r == 0)
            break;
    }
    int bad = ferror(f), e = errno;
    fclose(f);
    if (bad) {
        free(buf);
        errno = e ? e : EIO;
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}
