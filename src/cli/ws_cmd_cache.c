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

#include "arch/ws_cache.h"
#include "cli/ws_cmd_cache.h"
#include "util/ws_util.h"

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
    ws_vfprintf_safe(stderr, fmt, ap);     /* (the message quotes the command line) */
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
        /* Name the option first: an unknown one is reported as such, even
         * when nothing follows it. */
        static const char *const fields[] = { "size", "bsize", "sbsize", "assoc", "repl",
                                              "wback", "walloc", "hash", "fetch" };
        bool seed = !strcmp(name, "--seed");
        bool informat = !strcmp(name, "-informat") || !strcmp(name, "--informat");
        const char *what = NULL;
        int t = -1;     /* Dinero's -l1-TNAME: which cache */
        if (!seed && !informat && name[1] == '-') {
            for (size_t k = 0; k < WS_ARRAY_LEN(longs); k++)
                if (!strcmp(name + 2, longs[k].name))
                    what = longs[k].what;
            if (!what)
                return bad_usage("unknown option '%s'", name);
        } else if (!seed && !informat) {
            if (!strncmp(name, "-l1-", 4) && name[4]) {
                const char *p = strchr(cache_letter, name[4]);
                if (p && *p)
                    t = (int)(p - cache_letter);
            }
            for (size_t k = 0; t >= 0 && k < WS_ARRAY_LEN(fields); k++)
                if (!strcmp(name + 5, fields[k]))
                    what = fields[k];
            if (!what && t >= 0)
                return bad_usage("unknown option '%s'", name);
            if (!what)
                return bad_usage("unknown option '%s' (only level-1 caches: -l1-u..., -l1-i..., -l1-d...)", name);
        }
        if (!val) {
            if (i + 1 >= argc)
                return bad_usage("option '%s' needs a value", name);
            val = argv[++i];
        }
        if (seed) {
            char *end;
            errno = 0;
            cl->seed = strtoull(val, &end, 0);
            if (errno || end == val || *end || *val == '-')
                return bad_usage("--seed %s: expected a non-negative integer", val);
        } else if (informat) {
            if (strcmp(val, "D") && strcmp(val, "d"))
                return bad_usage("%s %s: expected D (extended din) or d (din)", name, val);
            cl->din_only = val[0] == 'd';
        } else if (set_field(t < 0 ? &cl->common : &cl->per[t], what, name, val) != 0) {
            return -1;
        }
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

static int make_sim(ws_dsim *s, const copts *o, int t, uint64_t seed)
{
    char T = cache_letter[t];
    if (!(o->has & H_SIZE))
        return bad_usage("no size for the l1-%ccache: give --size or -l1-%csize", T, T);
    if (!(o->has & H_LINE))
        return bad_usage("no line size for the l1-%ccache: give --line or -l1-%cbsize", T, T);
    if (o->line > o->size)
        return bad_usage("l1-%ccache: %" PRIu64 "-byte lines do not fit in %" PRIu64 " bytes", T, o->line, o->size);
    if (o->line < 4 || o->line > 65536 || (o->line & (o->line - 1)))
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

static double ratio(uint64_t a, uint64_t b) { return (double)a / (b ? (double)b : 1.0); }

static void print_row(const char *label, const uint64_t v[4])
{
    uint64_t data = v[WS_DIN_READ] + v[WS_DIN_WRITE] + v[WS_DIN_MISC], all = data + v[WS_DIN_INSTR];
    printf("%s%12" PRIu64 "\t%12" PRIu64 "\t%12" PRIu64 "\t%12" PRIu64 "\t%12" PRIu64 "\t%12" PRIu64 "\n", label, all,
           v[WS_DIN_INSTR], data, v[WS_DIN_READ], v[WS_DIN_WRITE], v[WS_DIN_MISC]);
}

static void print_rate(const char *label, const uint64_t n[4], const uint64_t d[4])
{
    uint64_t nd = n[WS_DIN_READ] + n[WS_DIN_WRITE] + n[WS_DIN_MISC], dd = d[WS_DIN_READ] + d[WS_DIN_WRITE] + d[WS_DIN_MISC];
    printf("%s%12.4f\t%12.4f\t%12.4f\t%12.4f\t%12.4f\t%12.4f\n", label, ratio(nd + n[WS_DIN_INSTR], dd + d[WS_DIN_INSTR]),
           ratio(n[WS_DIN_INSTR], d[WS_DIN_INSTR]), ratio(nd, dd), ratio(n[WS_DIN_READ], d[WS_DIN_READ]), ratio(n[WS_DIN_WRITE], d[WS_DIN_WRITE]),
           ratio(n[WS_DIN_MISC], d[WS_DIN_MISC]));
}

static void print_stats(const ws_dsim *s)
{
    uint64_t data = s->fetch[WS_DIN_READ] + s->fetch[WS_DIN_WRITE] + s->fetch[WS_DIN_MISC], all = data + s->fetch[WS_DIN_INSTR];
    printf("%s\n", s->name);
    printf(" Metrics\t\t      Total\t      Instrn\t       Data\t       Read\t      Write\t       Misc\n");
    printf(" -----------------\t      ------\t      ------\t      ------\t      ------\t      ------\t      ------\n");
    print_row(" Demand Fetches\t\t", s->fetch);
    /* fractions: every column over the total */
    printf("  Fraction of total\t%12.4f\t%12.4f\t%12.4f\t%12.4f\t%12.4f\t%12.4f\n\n", ratio(all, all),
           ratio(s->fetch[WS_DIN_INSTR], all), ratio(data, all), ratio(s->fetch[WS_DIN_READ], all), ratio(s->fetch[WS_DIN_WRITE], all),
           ratio(s->fetch[WS_DIN_MISC], all));
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
    ws_dsim sims[2];
    memset(sims, 0, sizeof sims);
    int rc = 0;
    for (int k = 0; k < nsims && !rc; k++) {
        o[k] = resolve(&cl, types[k]);
        rc = make_sim(&sims[k], &o[k], types[k], cl.seed);
    }
    if (!rc) {
        uint64_t nrec = 0;
        rc = ws_dinero_run(cl.trace, cl.din_only, sims, nsims, &nrec);
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
