/* ws_tui_cusrc.c: the CUDA source lines the source view shows beside the
 * PTX.  A kernel's .cu is looked up beside its .ptx (the directory of the
 * module's path, then the base name of the `.file` entry): the shipped
 * kernels are installed that way.  A few files are kept, read once each; a
 * file that cannot be read is remembered as missing (CUDA headers named by
 * inlined code are not beside the PTX), so drawing never retries it. */
#include "config.h"
#include "tui/ws_tui.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CUSRC_FILES 6
#define CUSRC_MAX (4u << 20)     /* larger sources are not shown */

typedef struct cufile {
    char *path;                  /* NULL: a free entry */
    char *text;                  /* the file, its newlines turned into NULs */
    char **line;                 /* line[i]: line i + 1 */
    uint32_t nlines;             /* 0 with text NULL: missing */
    uint64_t used;               /* for replacing the least recently used */
} cufile;

struct ws_tui_cusrc {
    cufile f[CUSRC_FILES];
    uint64_t clock;
};

static void cufile_clear(cufile *c)
{
    free(c->path);
    free(c->text);
    free(c->line);
    memset(c, 0, sizeof *c);
}

static void cufile_read(cufile *c)
{
    FILE *fp = fopen(c->path, "rb");
    if (!fp)
        return;
    size_t cap = 0, n = 0;
    char *buf = NULL;
    for (;;) {
        if (n + 4096 + 1 > cap) {
            cap = cap ? cap * 2 : 16384;
            char *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(fp);
                return;
            }
            buf = nb;
        }
        size_t r = fread(buf + n, 1, 4096, fp);
        n += r;
        if (r < 4096 || n > CUSRC_MAX)
            break;
    }
    fclose(fp);
    if (n > CUSRC_MAX) {
        free(buf);
        return;
    }
    buf[n] = 0;
    uint32_t nl = 1;
    for (size_t i = 0; i < n; i++)
        nl += buf[i] == '\n';
    char **line = malloc(nl * sizeof *line);
    if (!line) {
        free(buf);
        return;
    }
    uint32_t k = 0;
    line[k++] = buf;
    for (size_t i = 0; i < n; i++)
        if (buf[i] == '\n') {
            buf[i] = 0;
            if (i > 0 && buf[i - 1] == '\r')
                buf[i - 1] = 0;
            if (i + 1 < n)
                line[k++] = buf + i + 1;
        }
    c->text = buf;
    c->line = line;
    c->nlines = k;
}

const char *ws_tui_cu_line(ws_tui *t, const char *ptx_path, const char *file, uint32_t line)
{
    if (!ptx_path || !file || !file[0] || line == 0)
        return NULL;
    if (!t->cusrc) {
        t->cusrc = calloc(1, sizeof *t->cusrc);
        if (!t->cusrc)
            return NULL;
    }
    struct ws_tui_cusrc *s = t->cusrc;
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    const char *slash = strrchr(ptx_path, '/');
    int dlen = slash ? (int)(slash - ptx_path) : 1;
    const char *dir = slash ? ptx_path : ".";
    size_t plen = (size_t)dlen + 1 + strlen(base) + 1;
    char *path = malloc(plen);
    if (!path)
        return NULL;
    snprintf(path, plen, "%.*s/%s", dlen, dir, base);
    cufile *c = NULL, *old = &s->f[0];
    for (int i = 0; i < CUSRC_FILES && !c; i++) {
        if (s->f[i].path && !strcmp(s->f[i].path, path))
            c = &s->f[i];
        else if (!s->f[i].path || s->f[i].used < old->used)
            old = !old->path ? old : &s->f[i];
    }
    if (c) {
        free(path);
    } else {
        c = old;
        cufile_clear(c);
        c->path = path;
        cufile_read(c);
    }
    c->used = ++s->clock;
    return line <= c->nlines ? c->line[line - 1] : NULL;
}

void ws_tui_cu_free(ws_tui *t)
{
    if (!t->cusrc)
        return;
    for (int i = 0; i < CUSRC_FILES; i++)
        cufile_clear(&t->cusrc->f[i]);
    free(t->cusrc);
    t->cusrc = NULL;
}
