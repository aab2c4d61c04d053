/* Loading: option names, format detection and dispatch to the readers. */
#include "graph/ws_graph_priv.h"
#include "util/ws_util.h"

#include <string.h>

static const char *const fmt_names[WS_GRAPH_FMT_COUNT] = {
    [WS_GRAPH_FMT_AUTO] = "auto",       [WS_GRAPH_FMT_SNAP] = "snap",
    [WS_GRAPH_FMT_EDGELIST] = "edgelist", [WS_GRAPH_FMT_MTX] = "mtx",
    [WS_GRAPH_FMT_DIMACS] = "dimacs",   [WS_GRAPH_FMT_METIS] = "metis",
    [WS_GRAPH_FMT_RODINIA] = "rodinia", [WS_GRAPH_FMT_BINARY] = "binary",
};

const char *ws_graph_format_name(ws_graph_format f)
{
    return (unsigned)f < WS_GRAPH_FMT_COUNT ? fmt_names[f] : "?";
}

int ws_graph_format_parse(const char *name, ws_graph_format *out)
{
    static const struct {
        const char *alias;
        ws_graph_format f;
    } aliases[] = {
        { "el", WS_GRAPH_FMT_EDGELIST }, { "gr", WS_GRAPH_FMT_DIMACS },
        { "wsg", WS_GRAPH_FMT_BINARY },  { "matrixmarket", WS_GRAPH_FMT_MTX },
    };
    for (int f = 0; f < WS_GRAPH_FMT_COUNT; f++)
        if (strcmp(name, fmt_names[f]) == 0) {
            *out = (ws_graph_format)f;
            return 0;
        }
    for (size_t i = 0; i < WS_ARRAY_LEN(aliases); i++)
        if (strcmp(name, aliases[i].alias) == 0) {
            *out = aliases[i].f;
            return 0;
        }
    return -1;
}

static const char *const relabel_names[] = { "auto", "none", "compact", "appearance" };
static const char *const order_names[] = { "none", "random", "degree", "bfs" };

const char *ws_graph_relabel_name(ws_graph_relabel r)
{
    return (unsigned)r < WS_ARRAY_LEN(relabel_names) ? relabel_names[r] : "?";
}

int ws_graph_relabel_parse(const char *name, ws_graph_relabel *out)
{
    for (size_t i = 0; i < WS_ARRAY_LEN(relabel_names); i++)
        if (strcmp(name, relabel_names[i]) == 0) {
            *out = (ws_graph_relabel)i;
            return 0;
        }
    return -1;
}

const char *ws_graph_order_name(ws_graph_order o)
{
    return (unsigned)o < WS_ARRAY_LEN(order_names) ? order_names[o] : "?";
}

int ws_graph_order_parse(const char *name, ws_graph_order *out)
{
    for (size_t i = 0; i < WS_ARRAY_LEN(order_names); i++)
        if (strcmp(name, order_names[i]) == 0) {
            *out = (ws_graph_order)i;
            return 0;
        }
    return -1;
}

/* ------------------------------------------------------------ detection */

static int name_ends(const char *name, size_t len, const char *ext)
{
    size_t e = strlen(ext);
    if (len < e)
        return 0;
    for (size_t i = 0; i < e; i++) {
        char c = name[len - e + i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != ext[i])
            return 0;
    }
    return 1;
}

/* Count the whitespace-separated numbers on one line of head[0..len);
 * -1 when a token is not a plain integer. */
static int count_ints(const char *p, const char *end)
{
    int k = 0;
    while (p < end) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
            p++;
        if (p >= end)
            break;
        const char *s = p;
        while (p < end && *p != ' ' && *p != '\t' && *p != '\r')
            p++;
        for (const char *c = s; c < p; c++)
            if (*c < '0' || *c > '9')
                return -1;
        k++;
    }
    return k;
}

ws_graph_format ws_graph_detect(const void *headv, size_t len, const char *name)
{
    static const unsigned char magic[8] = { 0x89, 'W', 'S', 'G', '\r', '\n', 0x1a, '\n' };
    const char *head = headv;
    if (len >= 8 && memcmp(head, magic, 8) == 0)
        return WS_GRAPH_FMT_BINARY;

    /* Look at the first data lines. */
    const char *p = head, *end = head + len;
    int line_ints[2] = { -2, -2 }, nd = 0, saw_hash = 0;
    while (p < end && nd < 2) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        const char *s = p;
        while (s < le && (*s == ' ' || *s == '\t' || *s == '\r'))
            s++;
        if (nd == 0 && s == head && le - s >= 14 && memcmp(s, "%%", 2) == 0) {
            const char *b = "%%matrixmarket";
            size_t i = 0;
            for (; i < 14; i++) {
                char c = s[i];
                if (c >= 'A' && c <= 'Z')
                    c = (char)(c - 'A' + 'a');
                if (c != b[i])
                    break;
            }
            if (i == 14)
                return WS_GRAPH_FMT_MTX;
        }
        if (s < le) {
            char c = *s;
            int word = le - s == 1 || s[1] == ' ' || s[1] == '\t' || s[1] == '\r';
            if (nd == 0 && word && (c == 'c' || c == 'p' || c == 'a' || c == 'e'))
                return WS_GRAPH_FMT_DIMACS;
            if (c == '#')
                saw_hash = 1;
            else if (c != '%')
                line_ints[nd++] = count_ints(s, le);
        }
        if (!nl)
            break;
        p = nl + 1;
    }
    if (line_ints[0] == 1 && line_ints[1] == 2)
        return WS_GRAPH_FMT_RODINIA;

    if (name) {
        size_t n = strlen(name);
        if (name_ends(name, n, ".gz"))
            n -= 3;
        if (name_ends(name, n, ".mtx"))
            return WS_GRAPH_FMT_MTX;
        if (name_ends(name, n, ".gr") || name_ends(name, n, ".col") ||
            name_ends(name, n, ".dimacs"))
            return WS_GRAPH_FMT_DIMACS;
        if (name_ends(name, n, ".graph") || name_ends(name, n, ".metis"))
            return WS_GRAPH_FMT_METIS;
        if (name_ends(name, n, ".wsg"))
            return WS_GRAPH_FMT_BINARY;
    }
    return saw_hash ? WS_GRAPH_FMT_SNAP : WS_GRAPH_FMT_EDGELIST;
}

/* ------------------------------------------------------------ loading */

static int check_opts(const ws_graph_opts *o, const char *name, ws_error *err)
{
    if ((unsigned)o->format >= WS_GRAPH_FMT_COUNT)
        return ws_error_set(err, WS_E_RANGE, "%s: unknown format code %d", name, (int)o->format);
    if (o->base != 0 && o->base != 1)
        return ws_error_set(err, WS_E_RANGE, "%s: base must be 0 or 1, not %d", name, o->base);
    if ((unsigned)o->relabel > WS_GRAPH_RELABEL_APPEARANCE)
        return ws_error_set(err, WS_E_RANGE, "%s: unknown relabel mode %d", name, (int)o->relabel);
    if ((unsigned)o->order > WS_GRAPH_ORDER_BFS)
        return ws_error_set(err, WS_E_RANGE, "%s: unknown order %d", name, (int)o->order);
    if (o->random_weights < 0)
        return ws_error_set(err, WS_E_RANGE, "%s: random weights must be positive, not %ld",
                            name, (long)o->random_weights);
    return 0;
}

/* Whether the file name itself says format f (the extensions detection
 * uses, after a .gz). */
static int name_says(const char *name, ws_graph_format f)
{
    size_t n = strlen(name);
    if (name_ends(name, n, ".gz"))
        n -= 3;
    switch (f) {
    case WS_GRAPH_FMT_DIMACS:
        return name_ends(name, n, ".gr") || name_ends(name, n, ".col") ||
               name_ends(name, n, ".dimacs");
    case WS_GRAPH_FMT_METIS: return name_ends(name, n, ".graph") || name_ends(name, n, ".metis");
    default: return 0;
    }
}

/* After the reader of a format that was guessed fails, say which format was
 * assumed, right after the message's "name:line[:col]: " location: a file
 * taken for something it is not otherwise gets an error about a syntax its
 * author never used.  A guess is a Rodinia graph (one number, then two: no
 * other sign) or a DIMACS or METIS graph whose name does not say so.  Edge
 * lists are the fallback, Matrix Market files have their banner (or an
 * error saying it is missing) and binary files their magic. */
static void note_detected(ws_error *err, const char *name, ws_graph_format f,
                          const ws_graph_opts *opts)
{
    const char *what;
    switch (f) {
    case WS_GRAPH_FMT_DIMACS: what = "a DIMACS graph"; break;
    case WS_GRAPH_FMT_METIS: what = "a METIS graph"; break;
    case WS_GRAPH_FMT_RODINIA: what = "a Rodinia graph"; break;
    default: return;
    }
    if (name_says(name, f))
        return;
    if (!err || !err->code)
        return;
    size_t at = 0, nlen = strlen(name);
    if (strncmp(err->msg, name, nlen) == 0) {
        /* skip the name and any ":line" and ":col" numbers */
        at = nlen;
        while (err->msg[at] == ':' && err->msg[at + 1] >= '0' && err->msg[at + 1] <= '9') {
            at++;
            while (err->msg[at] >= '0' && err->msg[at] <= '9')
                at++;
        }
        if (err->msg[at] == ':' && err->msg[at + 1] == ' ')
            at += 2;
        else
            at = 0;
    }
    char rest[WS_ERROR_MAX];
    snprintf(rest, sizeof rest, "%s", err->msg + at);
    snprintf(err->msg + at, sizeof err->msg - at, "(read as %s; %s to choose) %s", what,
             ws_graph_opt_spell(opts, "--format", "format=\"...\""), rest);
}

static ws_graph *load_src(ws_gsrc *s, const ws_graph_opts *opts, ws_error *err)
{
    static const ws_graph_opts defaults;
    if (!opts)
        opts = &defaults;
    if (check_opts(opts, s->name, err) < 0)
        return NULL;
    const char *head;
    long hn = ws_gsrc_peek(s, &head, 64 * 1024, err);
    if (hn < 0)
        return NULL;
    ws_graph_format f = opts->format;
    if (f == WS_GRAPH_FMT_AUTO)
        f = ws_graph_detect(head, (size_t)hn, s->name);
    if (f == WS_GRAPH_FMT_BINARY) {
        ws_graph *g = ws_graph_read_binary(s, opts, err);
        if (g)
            g->origin.compressed = s->compressed;
        return g;
    }
    ws_graph_reader reader;
    switch (f) {
    case WS_GRAPH_FMT_MTX:
        reader = ws_graph_read_mtx;
        break;
    case WS_GRAPH_FMT_DIMACS:
        reader = ws_graph_read_dimacs;
        break;
    case WS_GRAPH_FMT_METIS:
        reader = ws_graph_read_metis;
        break;
    case WS_GRAPH_FMT_RODINIA:
        reader = ws_graph_read_rodinia;
        break;
    default:
        reader = ws_graph_read_edgelist;
        break;
    }
    ws_gedges e;
    ws_gedges_init(&e, opts, s->name);
    if (reader(s, &e, opts, err) < 0) {
        ws_gedges_free(&e);
        if (opts->format == WS_GRAPH_FMT_AUTO)
            note_detected(err, s->name, f, opts);
        return NULL;
    }
    if (f != WS_GRAPH_FMT_SNAP && f != WS_GRAPH_FMT_EDGELIST)
        e.origin.format = f;
    e.origin.compressed = s->compressed;
    e.origin.lines = s->lineno;
    return ws_graph_build(&e, opts, err);
}

ws_graph *ws_graph_load(const char *path, const ws_graph_opts *opts, ws_error *err)
{
    ws_gsrc s;
    if (ws_gsrc_open_file(&s, path, err) < 0)
        return NULL;
    ws_graph *g = load_src(&s, opts, err);
    ws_gsrc_close(&s);
    return g;
}

ws_graph *ws_graph_load_mem(const void *data, size_t len, const char *name,
                            const ws_graph_opts *opts, ws_error *err)
{
    ws_gsrc s;
    ws_gsrc_open_mem(&s, data, len, name ? name : "(memory)");
    ws_graph *g = load_src(&s, opts, err);
    ws_gsrc_close(&s);
    return g;
}
