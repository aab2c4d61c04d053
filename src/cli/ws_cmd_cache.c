/* `warpscope cache [OPTION]... [TRACE]`: the cache model alone on a Dinero IV
 * trace, printing Dinero IV's "Demand Fetches" / "Demand Misses" table so
 * that existing cache exercises (and Dinero itself) can be compared.
 *
 * Trace records are "LABEL ADDRESS [SIZE]" (Dinero IV's extended din format;
 * the rest of a line is ignored): LABEL r/0 read, w/1 write, i/2 instruction
 * fetch, m/3 miscellaneous (a read), c/4 copy back (no effect on these
 * counts), v/5 invalidate (size 0: the whole cache); ADDRESS and SIZE are
 * hexadecimal (optional 0x).  Without a size the record is read as Dinero
 * III's din: address rounded down to 4 bytes, size 4.  An access spanning k
 * lines counts k times, as in Dinero.  Blank lines and '#' lines are skipped.
 *
 * Exit status: 0 done, 1 bad trace (message "FILE:LINE: why"), 2 bad command
 * line (including an impossible cache geometry). */
#include "cli/ws_cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "arch/ws_cache.h"
#include "util/ws_util.h"

enum { T_READ, T_WRITE, T_INSTR, T_MISC, T_COPYBACK, T_INVAL };
enum { C_U, C_I, C_D };                      /* unified, instruction, data */
static const char cache_letter[] = "uid";

/* One cache's settings; `has` marks the ones given (bit per field). */
typedef struct copts {
    uint64_t size, line, sector;
    uint32_t assoc;             /* 0: fully associative */
    int repl, wpol, walloc, hash;
    unsigned has;
} copts;
enum { H_SIZE = 1, H_LINE = 2, H_SECTOR = 4, H_ASSOC = 8, H_REPL = 16, H_WPOL = 32, H_WALLOC = 64, H_HASH = 128 };

typedef struct dsim {
    ws_cache *c;
    char name[16];
    uint64_t line;
    bool sectored;
    uint64_t fetch[4], miss[4], blockmiss[4], multiblock;
} dsim;

typedef struct cmdline {
    copts common, per[3];
    uint64_t seed;
    int din_only;               /* -informat d */
    const char *trace;
} cmdline;

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: warpscope cache [OPTION]... [TRACE]\n"
            "Run the cache model alone on a Dinero IV trace (a file, a .gz file, or\n"
            "standard input) and print Dinero IV's demand fetch and miss table.\n"
            "\n"
            "Trace lines: LABEL ADDRESS [SIZE], hexadecimal; LABEL r/0 read, w/1 write,\n"
            "i/2 instruction fetch, m/3 misc, c/4 copy back, v/5 invalidate.\n"
            "\n"
            "Options (the cache is unified unless -l1-isize and -l1-dsize are given):\n"
            "  --size S         cache bytes (K, M, G suffixes)       Dinero: -l1-usize\n"
            "  --line N         line (block) bytes                   -l1-ubsize\n"
            "  --sector N       sector (sub-block) bytes             -l1-usbsize\n"
            "  --assoc N|full   ways (default 1)                     -l1-uassoc\n"
            "  --repl P         lru, fifo, random (l, f, r)          -l1-urepl\n"
            "  --write P        wb, wt, evict (a, n, e)              -l1-uwback\n"
            "  --write-alloc P  fetch, none, validate (a, n, v)      -l1-uwalloc\n"
            "  --hash F         set index: linear, fermi, xor\n"
            "  --seed N         seed of random replacement (default 1)\n"
            "  -informat D|d    D: extended din (default); d: din (size 4)\n"
            "  -l1-TNAME V      Dinero's per-cache form, T = u, i or d\n"
            "  -h, --help       print this help\n"
            "\n"
            "Exit status: 0 done, 1 bad trace, 2 bad command line.\n");
}

static int bad_usage(const char *fmt, ...) WS_PRINTF(1, 2);

static int bad_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "warpscope cache: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\nTry 'warpscope cache --help' for more information.\n");
    va_end(ap);
    return WS_EXIT_USAGE;
}

static int pick(const char *v, const char *const *names, const int *vals, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(v, names[i]) == 0)
            return vals[i];
    return -1;
}

/* Set field `what` of o from the text v; 0 or a usage error (exit 2). */
static int set_field(copts *o, const char *what, const char *opt, const char *v)
{
    if (!strcmp(what, "size") || !strcmp(what, "bsize") || !strcmp(what, "sbsize")) {
        uint64_t x;
        if (ws_parse_size(v, &x) != 0 || x == 0 || x > ((uint64_t)1 << 40))
            return bad_usage("%s %s: expected a size in bytes, e.g. 16384 or 16K", opt, v);
        if (what[0] == 's' && what[1] == 'i') {
            o->size = x;
            o->has |= H_SIZE;
        } else if (what[0] == 'b') {
            o->line = x;
            o->has |= H_LINE;
        } else {
            o->sector = x;
            o->has |= H_SECTOR;
        }
        return 0;
    }
    if (!strcmp(what, "assoc")) {
        char *end;
        errno = 0;
        unsigned long a = strtoul(v, &end, 10);
        if (!strcmp(v, "full"))
            a = 0;
        else if (errno || end == v || *end || a == 0 || a > 65536 || *v == '-')
            return bad_usage("%s %s: expected a number of ways from 1 to 65536, or full", opt, v);
        o->assoc = (uint32_t)a;
        o->has |= H_ASSOC;
        return 0;
    }
    if (!strcmp(what, "repl")) {
        static const char *const nm[] = { "l", "lru", "f", "fifo", "r", "random" };
        static const int vl[] = { WS_REPL_LRU, WS_REPL_LRU, WS_REPL_FIFO, WS_REPL_FIFO, WS_REPL_RANDOM, WS_REPL_RANDOM };
        if ((o->repl = pick(v, nm, vl, 6)) < 0)
            return bad_usage("%s %s: expected lru, fifo or random (Dinero: l, f, r)", opt, v);
        o->has |= H_REPL;
        return 0;
    }
    if (!strcmp(what, "wback")) {
        static const char *const nm[] = { "a", "wb", "n", "wt", "e", "evict" };
        static const int vl[] = { WS_WP_WRITE_BACK, WS_WP_WRITE_BACK, WS_WP_WRITE_THROUGH, WS_WP_WRITE_THROUGH,
                                  WS_WP_WRITE_EVICT, WS_WP_WRITE_EVICT };
        if ((o->wpol = pick(v, nm, vl, 6)) < 0)
            return bad_usage("%s %s: expected wb, wt or evict (Dinero: a, n; its 'f' is not supported)", opt, v);
        o->has |= H_WPOL;
        return 0;
    }
    if (!strcmp(what, "walloc")) {
        static const char *const nm[] = { "a", "fetch", "n", "none", "v", "validate" };
        static const int vl[] = { WS_WA_FETCH, WS_WA_FETCH, WS_WA_NONE, WS_WA_NONE, WS_WA_VALIDATE, WS_WA_VALIDATE };
        if ((o->walloc = pick(v, nm, vl, 6)) < 0)
            return bad_usage("%s %s: expected fetch, none or validate (Dinero: a, n; its 'f' is not supported)", opt, v);
        o->has |= H_WALLOC;
        return 0;
    }
    if (!strcmp(what, "hash")) {
        static const char *const nm[] = { "linear", "fermi", "xor" };
        static const int vl[] = { WS_HASH_LINEAR, WS_HASH_FERMI, WS_HASH_XOR };
        if ((o->hash = pick(v, nm, vl, 3)) < 0)
            return bad_usage("%s %s: expected linear, fermi or xor", opt, v);
        o->has |= H_HASH;
        return 0;
    }
    if (!strcmp(what, "fetch")) {
        if (strcmp(v, "d") != 0)
            return bad_usage("%s %s: only demand fetching (d) is modelled", opt, v);
        return 0;
    }
    return bad_usage("unknown option '%s'", opt);
}

static int parse(cmdline *cl, int argc, char **argv)
{
    static const struct { const char *name, *what; } longs[] = {
        { "size", "size" }, { "line", "bsize" }, { "block", "bsize" }, { "sector", "sbsize" },
        { "assoc", "assoc" }, { "repl", "repl" }, { "write", "wback" }, { "write-alloc", "walloc" },
        { "hash", "hash" },
    };
    memset(cl, 0, sizeof *cl);
    cl->seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 1;
        }
        if (a[0] != '-' || !strcmp(a, "-")) {
            if (cl->trace)
                return bad_usage("more than one trace given ('%s' and '%s')", cl->trace, a);
            cl->trace = a;
            continue;
        }
        char name[64];
        const char *val = NULL;
        if (a[1] == '-') {
            const char *eq = strchr(a, '=');
            size_t n = eq ? (size_t)(eq - a) : strlen(a);
            if (n >= sizeof name)
                return bad_usage("unknown option '%s'", a);
            memcpy(name, a, n);
            name[n] = '\0';
            val = eq ? eq + 1 : NULL;
        } else {
            snprintf(name, sizeof name, "%s", a);
        }
        if (!val) {
            if (i + 1 >= argc)
                return bad_usage("option '%s' needs a value", name);
            val = argv[++i];
        }
        if (!strcmp(name, "--seed")) {
            char *end;
            errno = 0;
            cl->seed = strtoull(val, &end, 0);
            if (errno || end == val || *end || *val == '-')
                return bad_usage("--seed %s: expected a non-negative integer", val);
            continue;
        }
        if (!strcmp(name, "-informat") || !strcmp(name, "--informat")) {
            if (strcmp(val, "D") && strcmp(val, "d"))
                return bad_usage("%s %s: expected D (extended din) or d (din)", name, val);
            cl->din_only = val[0] == 'd';
            continue;
        }
        if (name[1] == '-') {
            size_t k;
            for (k = 0; k < WS_ARRAY_LEN(longs); k++)
                if (!strcmp(name + 2, longs[k].name))
                    break;
            if (k == WS_ARRAY_LEN(longs))
                return bad_usage("unknown option '%s'", name);
            if (set_field(&cl->common, longs[k].what, name, val) != 0)
                return -1;
            continue;
        }
        /* Dinero: -l1-TNAME */
        int t = -1;
        if (!strncmp(name, "-l1-", 4) && name[4]) {
            const char *p = strchr(cache_letter, name[4]);
            if (p && *p)
                t = (int)(p - cache_letter);
        }
        if (t < 0)
            return bad_usage("unknown option '%s' (only level-1 caches: -l1-u..., -l1-i..., -l1-d...)", name);
        if (set_field(&cl->per[t], name + 5, name, val) != 0)
            return -1;
    }
    return 0;
}

/* Settings of cache t: its own, else the common (long) ones, else defaults. */
static copts resolve(const cmdline *cl, int t)
{
    copts r = { .assoc = 1, .repl = WS_REPL_LRU, .wpol = WS_WP_WRITE_BACK, .walloc = WS_WA_FETCH,
                .hash = WS_HASH_LINEAR };
    const copts *src[2] = { &cl->common, &cl->per[t] };
    for (int k = 0; k < 2; k++) {
        const copts *s = src[k];
        if (s->has & H_SIZE) r.size = s->size;
        if (s->has & H_LINE) r.line = s->line;
        if (s->has & H_SECTOR) r.sector = s->sector;
        if (s->has & H_ASSOC) r.assoc = s->assoc;
        if (s->has & H_REPL) r.repl = s->repl;
        if (s->has & H_WPOL) r.wpol = s->wpol;
        if (s->has & H_WALLOC) r.walloc = s->walloc;
        if (s->has & H_HASH) r.hash = s->hash;
        r.has |= s->has;
    }
    return r;
}

static int make_sim(dsim *s, const copts *o, int t, uint64_t seed)
{
    char T = cache_letter[t];
    if (!(o->has & H_SIZE))
        return bad_usage("no size for the l1-%ccache: give --size or -l1-%csize", T, T);
    if (!(o->has & H_LINE))
        return bad_usage("no line size for the l1-%ccache: give --line or -l1-%cbsize", T, T);
    if (o->line > o->size)
        return bad_usage("l1-%ccache: %" PRIu64 "-byte lines do not fit in %" PRIu64 " bytes", T, o->line, o->size);
    if (o->line > 65536 || (o->line & (o->line - 1)))
        return bad_usage("l1-%ccache: a line of %" PRIu64 " bytes is not allowed: the line size (-l1-%cbsize) must be a power of two from 4 to 65536",
                         T, o->line, T);
    if (o->sector > o->line)
        return bad_usage("l1-%ccache: %" PRIu64 "-byte sectors do not fit in %" PRIu64 "-byte lines (-l1-%csbsize)",
                         T, o->sector, o->line, T);
    uint64_t ways = o->assoc ? o->assoc : o->size / o->line;
    uint64_t per_set = o->line * ways;
    if (o->size % per_set || o->size / per_set == 0 || ((o->size / per_set) & (o->size / per_set - 1)) ||
        o->size / per_set > (1u << 24))
        return bad_usage("l1-%ccache: %" PRIu64 " bytes with %" PRIu64 "-byte lines and %" PRIu64
                         " ways do not make a power-of-two number of sets, at most 16777216 (-l1-%csize, -l1-%cbsize, -l1-%cassoc)",
                         T, o->size, o->line, ways, T, T, T);
    ws_cache_config cfg;
    memset(&cfg, 0, sizeof cfg);
    snprintf(cfg.name, sizeof cfg.name, "l1-%ccache", T);
    cfg.sets = (uint32_t)(o->size / per_set);
    cfg.ways = (uint32_t)ways;
    cfg.line = (uint32_t)o->line;
    cfg.sector = o->sector == o->line ? 0 : (uint32_t)o->sector;
    cfg.repl = (ws_cache_repl)o->repl;
    cfg.wpol = (ws_cache_wpol)o->wpol;
    cfg.walloc = (ws_cache_walloc)o->walloc;
    cfg.alloc = WS_ALLOC_ON_MISS;
    cfg.hash = (ws_cache_hash)o->hash;
    cfg.seed = seed;
    ws_error err = { 0 };
    memset(s, 0, sizeof *s);
    s->c = ws_cache_create(&cfg, &err);
    if (!s->c)
        return bad_usage("%s", err.msg);
    snprintf(s->name, sizeof s->name, "l1-%ccache", T);
    s->line = o->line;
    s->sectored = cfg.sector != 0;
    return 0;
}

static void print_opts(const copts *o, int t)
{
    static const char rl[] = { 'l', 'f', 'r' }, wb[] = { 'a', 'n', 'e', 'a' }, wa[] = { 'n', 'a', 'v' };
    char T = cache_letter[t];
    printf("-l1-%csize %" PRIu64 "\n-l1-%cbsize %" PRIu64 "\n-l1-%csbsize %" PRIu64 "\n", T, o->size, T, o->line, T,
           o->sector ? o->sector : o->line);
    if (o->assoc)
        printf("-l1-%cassoc %u\n", T, o->assoc);
    else
        printf("-l1-%cassoc %" PRIu64 "\n", T, o->size / o->line);
    printf("-l1-%crepl %c\n-l1-%cwalloc %c\n-l1-%cwback %c\n", T, rl[o->repl], T, wa[o->walloc], T, wb[o->wpol]);
    if (o->hash != WS_HASH_LINEAR)
        printf("--hash %s\n", o->hash == WS_HASH_FERMI ? "fermi" : "xor");
}

static bool line_present(const ws_cache *c, uint64_t addr)
{
    const ws_cache_config *cfg = ws_cache_config_get(c);
    uint32_t set = ws_cache_set_of(c, addr);
    uint64_t base = addr & ~(uint64_t)(cfg->line - 1);
    for (uint32_t w = 0; w < cfg->ways; w++) {
        ws_cache_line_info li;
        ws_cache_line(c, set, w, &li);
        if (li.state != WS_LINE_INVALID && li.addr == base)
            return true;
    }
    return false;
}

/* One demand reference, split at line boundaries as Dinero does. */
static void sim_ref(dsim *s, int type, uint64_t addr, uint64_t size, uint64_t when)
{
    bool first = true;
    while (size) {
        uint64_t chunk = s->line - (addr & (s->line - 1));
        if (chunk > size)
            chunk = size;
        ws_mreq r;
        memset(&r, 0, sizeof r);
        r.addr = addr;
        r.size = (uint32_t)chunk;
        r.kind = type == T_WRITE ? WS_MREQ_WRITE : WS_MREQ_READ;
        bool present = s->sectored && line_present(s->c, addr);
        bool hit = ws_cache_access_ideal_req(s->c, &r, when, NULL);
        s->fetch[type]++;
        if (!hit) {
            s->miss[type]++;
            if (!present)
                s->blockmiss[type]++;
        }
        if (!first)
            s->multiblock++;
        first = false;
        addr += chunk;
        size -= chunk;
    }
}

static void sim_invalidate(dsim *s, uint64_t addr, uint64_t size)
{
    if (!size) {
        ws_cache_flush(s->c);
        return;
    }
    uint64_t first = addr / s->line, last = (addr + size - 1) / s->line;
    for (uint64_t l = first; l <= last; l++)
        ws_cache_invalidate(s->c, l * s->line, NULL);
}

static double ratio(uint64_t a, uint64_t b) { return (double)a / (b ? (double)b : 1.0); }

static void print_row(const char *label, const uint64_t v[4])
{
    uint64_t data = v[T_READ] + v[T_WRITE] + v[T_MISC], all = data + v[T_INSTR];
    printf("%s%12" PRIu64 "\t%12" PRIu64 "\t%12" PRIu64 "\t%12" PRIu64 "\t%12" PRIu64 "\t%12" PRIu64 "\n", label, all,
           v[T_INSTR], data, v[T_READ], v[T_WRITE], v[T_MISC]);
}

static void print_rate(const char *label, const uint64_t n[4], const uint64_t d[4])
{
    uint64_t nd = n[T_READ] + n[T_WRITE] + n[T_MISC], dd = d[T_READ] + d[T_WRITE] + d[T_MISC];
    printf("%s%12.4f\t%12.4f\t%12.4f\t%12.4f\t%12.4f\t%12.4f\n", label, ratio(nd + n[T_INSTR], dd + d[T_INSTR]),
           ratio(n[T_INSTR], d[T_INSTR]), ratio(nd, dd), ratio(n[T_READ], d[T_READ]), ratio(n[T_WRITE], d[T_WRITE]),
           ratio(n[T_MISC], d[T_MISC]));
}

static void print_stats(const dsim *s)
{
    uint64_t data = s->fetch[T_READ] + s->fetch[T_WRITE] + s->fetch[T_MISC], all = data + s->fetch[T_INSTR];
    printf("%s\n", s->name);
    printf(" Metrics\t\t      Total\t      Instrn\t       Data\t       Read\t      Write\t       Misc\n");
    printf(" -----------------\t      ------\t      ------\t      ------\t      ------\t      ------\t      ------\n");
    print_row(" Demand Fetches\t\t", s->fetch);
    /* fractions: every column over the total */
    printf("  Fraction of total\t%12.4f\t%12.4f\t%12.4f\t%12.4f\t%12.4f\t%12.4f\n\n", ratio(all, all),
           ratio(s->fetch[T_INSTR], all), ratio(data, all), ratio(s->fetch[T_READ], all), ratio(s->fetch[T_WRITE], all),
           ratio(s->fetch[T_MISC], all));
    print_row(" Demand Misses\t\t", s->miss);
    print_rate("  Demand miss rate\t", s->miss, s->fetch);
    printf("\n");
    if (s->sectored) {
        print_row(" Demand Block Misses\t", s->blockmiss);
        print_rate("  DB miss rate\t\t", s->blockmiss, s->fetch);
        printf("\n");
    }
    printf(" Multi-block refs %17" PRIu64 "\n\n", s->multiblock);
}

/* Parse a hexadecimal token [p, p+n) with an optional 0x; 0, -1 bad, -2 too big. */
static int parse_hex(const char *p, size_t n, uint64_t *out)
{
    if (n > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        p += 2;
        n -= 2;
    }
    if (!n)
        return -1;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        int c = (unsigned char)p[i], d;
        if (c >= '0' && c <= '9') d = c - '0';
        else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
        else return -1;
        if (v >> 60)
            return -2;
        v = v * 16 + (uint64_t)d;
    }
    *out = v;
    return 0;
}

static const char *token(const char **s, size_t *n)
{
    const char *p = *s;
    while (*p == ' ' || *p == '\t' || *p == '\r')
        p++;
    const char *b = p;
    while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
        p++;
    *n = (size_t)(p - b);
    *s = p;
    return b;
}

static int trace_error(const char *name, uint64_t ln, const char *fmt, ...) WS_PRINTF(3, 4);

static int trace_error(const char *name, uint64_t ln, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "warpscope cache: %s:%" PRIu64 ": ", name, ln);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return WS_EXIT_FAIL;
}

#define MAX_REF_SIZE 0x100000u

static int run_trace(const cmdline *cl, dsim *sims, int nsims, uint64_t *nrec)
{
    const char *name = cl->trace && strcmp(cl->trace, "-") ? cl->trace : "(stdin)";
    gzFile gz;
    errno = 0;
    if (cl->trace && strcmp(cl->trace, "-")) {
        gz = gzopen(cl->trace, "rb");
    } else {
        int fd = dup(STDIN_FILENO);
        gz = fd >= 0 ? gzdopen(fd, "rb") : NULL;
    }
    if (!gz) {
        fprintf(stderr, "warpscope cache: %s: cannot open: %s\n", name, errno ? strerror(errno) : "out of memory");
        return WS_EXIT_FAIL;
    }
    char buf[4096];
    uint64_t ln = 0;
    int rc = 0;
    while (!rc && gzgets(gz, buf, sizeof buf)) {
        ln++;
        size_t len = strlen(buf);
        if (len && buf[len - 1] != '\n' && !gzeof(gz)) {   /* long line: keep the start, skip the rest */
            char rest[4096];
            while (gzgets(gz, rest, sizeof rest) && rest[strlen(rest) - 1] != '\n')
                ;
        }
        const char *p = buf;
        size_t n;
        const char *lab = token(&p, &n);
        if (!n || lab[0] == '#')
            continue;
        static const char labels[] = "rwimcv012345";
        const char *q = n == 1 ? strchr(labels, lab[0] | (lab[0] >= 'A' && lab[0] <= 'Z' ? 0x20 : 0)) : NULL;
        if (!q || !*q) {
            rc = trace_error(name, ln, "unknown access label '%.*s' (expected r, w, i, m, c, v or 0-5)", (int)(n > 20 ? 20 : n), lab);
            break;
        }
        int type = (int)(q - labels) % 6;
        uint64_t addr, size = 4;
        const char *at = token(&p, &n);
        if (!n) {
            rc = trace_error(name, ln, "missing address after '%c'", lab[0]);
            break;
        }
        int e = parse_hex(at, n, &addr);
        if (e) {
            rc = trace_error(name, ln, "%s hexadecimal address '%.*s'", e == -2 ? "too large a" : "bad", (int)(n > 40 ? 40 : n), at);
            break;
        }
        const char *st = cl->din_only ? NULL : token(&p, &n);
        if (st && n) {
            if ((e = parse_hex(st, n, &size)) != 0 || size > MAX_REF_SIZE) {
                rc = trace_error(name, ln, "bad hexadecimal size '%.*s' (expected at most 0x%x)", (int)(n > 40 ? 40 : n), st, MAX_REF_SIZE);
                break;
            }
            if (!size && type <= T_MISC) {
                rc = trace_error(name, ln, "size 0: a %s needs at least one byte", type == T_WRITE ? "write" : "read");
                break;
            }
        } else {
            addr &= ~(uint64_t)3;   /* din: word-aligned, 4 bytes */
        }
        if (size && addr + size - 1 < addr) {
            rc = trace_error(name, ln, "the access at 0x%" PRIx64 " with size 0x%" PRIx64 " runs past the end of the address space", addr, size);
            break;
        }
        (*nrec)++;
        if (type == T_COPYBACK)
            continue;
        if (type == T_INVAL) {
            for (int k = 0; k < nsims; k++)
                sim_invalidate(&sims[k], addr, size);
            continue;
        }
        dsim *s = nsims == 1 ? &sims[0] : type == T_INSTR ? &sims[0] : &sims[1];
        sim_ref(s, type, addr, size, ln);
    }
    if (!rc) {
        int zerr;
        const char *msg = gzerror(gz, &zerr);
        if (zerr != Z_OK && zerr != Z_STREAM_END) {
            fprintf(stderr, "warpscope cache: %s: cannot read: %s\n", name, zerr == Z_ERRNO ? strerror(errno) : msg);
            rc = WS_EXIT_FAIL;
        }
    }
    gzclose(gz);
    return rc;
}

int ws_cmd_cache(int argc, char **argv)
{
    cmdline cl;
    int r = parse(&cl, argc, argv);     /* 1: --help done; other non-zero: error */
    if (r)
        return r == 1 ? WS_EXIT_OK : WS_EXIT_USAGE;
    bool split = (cl.per[C_I].has | cl.per[C_D].has) & H_SIZE;
    if (split && !((cl.per[C_I].has & H_SIZE) && (cl.per[C_D].has & H_SIZE)))
        return bad_usage("split caches need both -l1-isize and -l1-dsize");
    if (split && ((cl.per[C_U].has & H_SIZE) || (cl.common.has & H_SIZE)))
        return bad_usage("give either a unified cache (--size, -l1-usize) or split caches (-l1-isize, -l1-dsize)");
    if (!split && (cl.per[C_I].has | cl.per[C_D].has))
        return bad_usage("-l1-i... and -l1-d... options need split caches (-l1-isize and -l1-dsize)");
    if (split && cl.per[C_U].has)
        return bad_usage("-l1-u... options describe a unified cache; this run has split caches");

    int nsims = split ? 2 : 1;
    int types[2] = { split ? C_I : C_U, C_D };
    copts o[2];
    dsim sims[2];
    memset(sims, 0, sizeof sims);
    int rc = 0;
    for (int k = 0; k < nsims && !rc; k++) {
        o[k] = resolve(&cl, types[k]);
        rc = make_sim(&sims[k], &o[k], types[k], cl.seed);
    }
    if (!rc) {
        uint64_t nrec = 0;
        rc = run_trace(&cl, sims, nsims, &nrec);
        if (!rc) {
            printf("---warpscope cache: the cache model on a Dinero IV trace\n\n---Summary of options\n");
            for (int k = 0; k < nsims; k++)
                print_opts(&o[k], types[k]);
            if ((o[0].repl == WS_REPL_RANDOM || (nsims > 1 && o[1].repl == WS_REPL_RANDOM)))
                printf("--seed %" PRIu64 "\n", cl.seed);
            printf("-informat %c\n\n---Simulation complete (%" PRIu64 " trace records).\n", cl.din_only ? 'd' : 'D', nrec);
            for (int k = 0; k < nsims; k++)
                print_stats(&sims[k]);
            printf("---Execution complete.\n");
        }
    }
    for (int k = 0; k < nsims; k++)
        ws_cache_free(sims[k].c);
    return rc;
}
