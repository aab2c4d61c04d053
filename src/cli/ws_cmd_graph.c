/* `warpscope graph`: inspect, convert and generate graph files.
 *
 *   warpscope graph info FILE|default [OPTIONS] [--json]
 *   warpscope graph convert IN|default OUT [OPTIONS] [--to FORMAT]
 *   warpscope graph gen KIND OUT [GENERATOR OPTIONS] [OPTIONS]
 *
 * Loading options: --format F, --symmetrize, --drop-self-loops,
 * --drop-duplicates, --relabel auto|none|compact|appearance, --order
 * none|random|degree|bfs, --seed N, --base 0|1, --weights K, --no-weights,
 * --largest-component, --no-header-check, --max-vertices N, --max-edges N, --keep-order.
 * Exit status: 0 done, 1 bad input file (message "file:line: reason" on
 * stderr), 2 bad command line. */
#include "cli/ws_cli.h"
#include "util/ws_util.h"
#include "graph/ws_graph.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: warpscope graph info FILE|default [OPTION]... [--json]\n"
            "       warpscope graph convert IN|default OUT [OPTION]... [--to FORMAT]\n"
            "       warpscope graph gen KIND OUT [GENERATOR OPTION]... [OPTION]...\n"
            "\n"
            "info     vertices, edges, symmetry, degrees (min, median, max, histogram),\n"
            "         components and an approximate diameter\n"
            "convert  write IN as OUT: binary CSR (.wsg, the default), Matrix Market\n"
            "         (.mtx) or an edge list (.el, .txt); --to binary|mtx|edgelist\n"
            "gen      generate a graph ([...] is optional): rmat ([--scale 16]\n"
            "         [--edgefactor 16] [--a --b --c] [--no-permute] [--directed]),\n"
            "         erdos_renyi (--n --m [--directed]), uniform (--n [--min-degree 2]\n"
            "         [--max-degree 4] [--directed]), grid (--width [--height]\n"
            "         [--remove] [--shortcuts]), geometric (--n [--radius]); all take\n"
            "         --seed, --weights K and the building options\n"
            "\n"
            "Options for reading and building:\n"
            "  --format F            snap, edgelist, mtx, dimacs, metis, rodinia, binary\n"
            "                        (default: detected from the content and the name)\n"
            "  --symmetrize          add the reverse of every edge (then no duplicates)\n"
            "  --drop-self-loops     remove edges u->u\n"
            "  --drop-duplicates     keep one of parallel edges (the smallest weight)\n"
            "  --relabel MODE        auto (compact sparse edge-list ids), none, compact,\n"
            "                        appearance (ids in the order the file first names them)\n"
            "  --keep-order          adjacency lists in the file's order (not sorted)\n"
            "  --order MODE          none, random, degree, bfs: renumber the vertices\n"
            "  --seed N              seed for --order random, --weights and generators\n"
            "  --base 0|1            first vertex id of an edge list (default 0)\n"
            "  --weights K           random integer weights 1..K\n"
            "  --no-weights          drop the file's weights\n"
            "  --largest-component   keep the largest connected component only\n"
            "  --no-header-check     accept a SNAP '# Nodes: Edges:' header that disagrees\n"
            "  --max-vertices N      largest vertex count accepted (default 268435456)\n"
            "  --max-edges N         largest edge count accepted (default 134217728)\n"
            "\n"
            "Exit status: 0 done, 1 bad input file, 2 bad command line.\n");
}

static int bad_usage(const char *fmt, ...) WS_PRINTF(1, 2);

static int bad_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "warpscope graph: ");
    ws_vfprintf_safe(stderr, fmt, ap);     /* (the message quotes the command line) */
    fprintf(stderr, "\nTry 'warpscope graph --help' for more information.\n");
    va_end(ap);
    return WS_EXIT_USAGE;
}

#define MAX_GIVEN 64     /* more than there are distinct options */

typedef struct cmdline {
    ws_graph_opts opts;
    ws_graph_gen gen;
    const char *given[MAX_GIVEN];   /* the options given (each once), by their table names */
    int ngiven;
    int json;
    int have_to;
    ws_graph_format to;
    int seed_set;
    const char *pos[3];
    int npos;
} cmdline;

static int parse_i64(const char *s, int64_t lo, int64_t hi, int64_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 0);
    if (errno || end == s || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

static int parse_dbl(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end)
        return -1;
    *out = v;
    return 0;
}

/* Whether name is among list[0..n) (a NULL entry ends the list early). */
static int in_list(const char *const *list, size_t n, const char *name)
{
    for (size_t i = 0; i < n && list[i]; i++)
        if (strcmp(list[i], name) == 0)
            return 1;
    return 0;
}

/* Whether option `name` (its table spelling) was given. */
static int given(const cmdline *c, const char *name)
{
    return in_list(c->given, (size_t)c->ngiven, name);
}

/* Remember that option `name` (a table's string) was given. */
static void note_given(cmdline *c, const char *name)
{
    if (!given(c, name) && c->ngiven < MAX_GIVEN)
        c->given[c->ngiven++] = name;
}

/* Parse argv[from..argc): options and up to 3 positional arguments. */
static int parse(int argc, char **argv, int from, cmdline *c)
{
    memset(c, 0, sizeof *c);
    c->opts.seed = 1;
    c->opts.spelling = WS_GRAPH_SPELL_CLI;   /* messages suggest --options */
    for (int i = from; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] != '-' || !a[2]) {
            if (strcmp(a, "--") == 0) {
                for (i++; i < argc; i++) {
                    if (c->npos == 3)
                        return bad_usage("unexpected argument '%s'", argv[i]);
                    c->pos[c->npos++] = argv[i];
                }
                break;
            }
            if (a[0] == '-' && a[1])
                return bad_usage("unknown option '%s'", a);
            if (c->npos == 3)
                return bad_usage("unexpected argument '%s'", a);
            c->pos[c->npos++] = a;
            continue;
        }
        char name[64];
        const char *val = NULL;
        const char *eq = strchr(a, '=');
        size_t nl = eq ? (size_t)(eq - a) : strlen(a);
        if (nl >= sizeof name)
            return bad_usage("unknown option '%s'", a);
        memcpy(name, a, nl);
        name[nl] = '\0';
        if (eq)
            val = eq + 1;

        /* flags */
        static const char *const flags[] = {
            "--symmetrize", "--drop-self-loops", "--drop-duplicates", "--no-weights",
            "--largest-component", "--no-header-check", "--json", "--directed", "--no-permute",
            "--keep-order",
        };
        int fl = -1;
        for (int k = 0; k < (int)(sizeof flags / sizeof flags[0]); k++)
            if (strcmp(name, flags[k]) == 0)
                fl = k;
        if (fl >= 0) {
            if (val)
                return bad_usage("option '%s' takes no value", name);
            note_given(c, flags[fl]);
            switch (fl) {
            case 0: c->opts.symmetrize = 1; break;
            case 1: c->opts.drop_self_loops = 1; break;
            case 2: c->opts.drop_duplicates = 1; break;
            case 3: c->opts.drop_weights = 1; break;
            case 4: c->opts.largest_component = 1; break;
            case 5: c->opts.no_header_check = 1; break;
            case 6: c->json = 1; break;
            case 7: c->gen.directed = 1; break;
            case 8: c->gen.no_permute = 1; break;
            case 9: c->opts.keep_order = 1; break;
            }
            continue;
        }
        static const char *const valued[] = {
            "--format", "--to", "--relabel", "--order", "--seed", "--base", "--weights",
            "--max-vertices", "--max-edges", "--scale", "--edgefactor", "--n", "--m", "--width", "--height",
            "--shortcuts", "--min-degree", "--max-degree", "--a", "--b", "--c", "--remove",
            "--radius",
        };
        int known = -1;
        for (size_t k = 0; k < sizeof valued / sizeof valued[0]; k++)
            if (strcmp(name, valued[k]) == 0)
                known = (int)k;
        if (known < 0)
            return bad_usage("unknown option '%s'", name);
        note_given(c, valued[known]);
        if (!val) {
            if (i + 1 >= argc)
                return bad_usage("option '%s' needs a value", name);
            val = argv[++i];
        }
        int64_t v;
        double d;
        if (strcmp(name, "--format") == 0) {
            if (ws_graph_format_parse(val, &c->opts.format) != 0)
                return bad_usage("unknown format '%s' (snap, edgelist, mtx, dimacs, metis, "
                                 "rodinia, binary)",
                                 val);
        } else if (strcmp(name, "--to") == 0) {
            if (ws_graph_format_parse(val, &c->to) != 0 ||
                (c->to != WS_GRAPH_FMT_BINARY && c->to != WS_GRAPH_FMT_MTX &&
                 c->to != WS_GRAPH_FMT_EDGELIST && c->to != WS_GRAPH_FMT_SNAP))
                return bad_usage("cannot write format '%s' (binary, mtx, edgelist)", val);
            c->have_to = 1;
        } else if (strcmp(name, "--relabel") == 0) {
            if (ws_graph_relabel_parse(val, &c->opts.relabel) != 0)
                return bad_usage("unknown relabel mode '%s' (auto, none, compact, appearance)", val);
        } else if (strcmp(name, "--order") == 0) {
            if (ws_graph_order_parse(val, &c->opts.order) != 0)
                return bad_usage("unknown order '%s' (none, random, degree, bfs)", val);
        } else if (strcmp(name, "--seed") == 0) {
            if (parse_i64(val, 0, INT64_MAX, &v) != 0)
                return bad_usage("invalid seed '%s' for --seed (a non-negative integer)", val);
            c->opts.seed = (uint64_t)v;
            c->seed_set = 1;
        } else if (strcmp(name, "--base") == 0) {
            if (parse_i64(val, 0, 1, &v) != 0)
                return bad_usage("invalid base '%s' for --base (0 or 1)", val);
            c->opts.base = (int)v;
        } else if (strcmp(name, "--weights") == 0) {
            if (parse_i64(val, 1, INT32_MAX, &v) != 0)
                return bad_usage("invalid weight bound '%s' for --weights (an integer from 1 to 2147483647)", val);
            c->opts.random_weights = (int32_t)v;
            c->gen.weights = (int32_t)v;
        } else if (strcmp(name, "--max-vertices") == 0) {
            if (parse_i64(val, 1, WS_GRAPH_MAX_N, &v) != 0)
                return bad_usage("invalid vertex limit '%s' for --max-vertices (an integer from 1 to %lld)", val,
                                 (long long)WS_GRAPH_MAX_N);
            c->opts.max_vertices = v;
        } else if (strcmp(name, "--max-edges") == 0) {
            if (parse_i64(val, 1, WS_GRAPH_MAX_M, &v) != 0)
                return bad_usage("invalid edge limit '%s' for --max-edges (an integer from 1 to %lld)", val,
                                 (long long)WS_GRAPH_MAX_M);
            c->opts.max_edges = v;
        } else if (strcmp(name, "--scale") == 0 || strcmp(name, "--edgefactor") == 0 ||
                   strcmp(name, "--n") == 0 || strcmp(name, "--m") == 0 ||
                   strcmp(name, "--width") == 0 || strcmp(name, "--height") == 0 ||
                   strcmp(name, "--shortcuts") == 0 || strcmp(name, "--min-degree") == 0 ||
                   strcmp(name, "--max-degree") == 0) {
            if (parse_i64(val, 0, INT32_MAX, &v) != 0)
                return bad_usage("invalid count '%s' for %s (an integer from 0 to 2147483647)", val, name);
            if (strcmp(name, "--scale") == 0)
                c->gen.scale = (int)v;
            else if (strcmp(name, "--edgefactor") == 0)
                c->gen.edgefactor = (int)v;
            else if (strcmp(name, "--n") == 0)
                c->gen.n = v;
            else if (strcmp(name, "--m") == 0)
                c->gen.m = v;
            else if (strcmp(name, "--width") == 0)
                c->gen.width = (int32_t)v;
            else if (strcmp(name, "--height") == 0)
                c->gen.height = (int32_t)v;
            else if (strcmp(name, "--shortcuts") == 0)
                c->gen.shortcuts = (int32_t)v;
            else if (strcmp(name, "--min-degree") == 0)
                c->gen.min_degree = (int32_t)v;
            else
                c->gen.max_degree = (int32_t)v;
        } else if (strcmp(name, "--a") == 0 || strcmp(name, "--b") == 0 ||
                   strcmp(name, "--c") == 0 || strcmp(name, "--remove") == 0 ||
                   strcmp(name, "--radius") == 0) {
            if (parse_dbl(val, &d) != 0)
                return bad_usage("invalid number '%s' for %s", val, name);
            if (strcmp(name, "--a") == 0)
                c->gen.a = d;
            else if (strcmp(name, "--b") == 0)
                c->gen.b = d;
            else if (strcmp(name, "--c") == 0)
                c->gen.c = d;
            else if (strcmp(name, "--remove") == 0)
                c->gen.remove = d;
            else
                c->gen.radius = d;
        } else {
            return bad_usage("unknown option '%s'", name);
        }
    }
    return 0;
}

static ws_graph *load(const char *what, const cmdline *c)
{
    ws_error err = { 0 };
    ws_graph *g;
    if (strcmp(what, "default") == 0) {
        g = ws_graph_default(&err);
        const ws_graph_opts *o = &c->opts;
        if (g && (o->symmetrize || o->drop_self_loops || o->drop_duplicates || o->order ||
                  o->relabel == WS_GRAPH_RELABEL_COMPACT ||
                  o->relabel == WS_GRAPH_RELABEL_APPEARANCE || o->drop_weights ||
                  o->random_weights || o->largest_component)) {
            ws_graph *h = ws_graph_rebuild(g, &c->opts, &err);
            ws_graph_free(g);
            g = h;
        }
    } else {
        g = ws_graph_load(what, &c->opts, &err);
    }
    if (!g)
        ws_fprintf_safe(stderr, "warpscope: %s\n", err.msg);
    return g;
}

static void bar(int64_t count, int64_t max)
{
    int w = max ? (int)((count * 40 + max - 1) / max) : 0;
    for (int i = 0; i < w; i++)
        putchar('#');
}

static void print_text(const char *name, const ws_graph *g, const ws_graph_info *in)
{
    const ws_graph_origin *o = &g->origin;
    if (strcmp(name, "default") == 0)
        printf("graph: default (%s)\n", ws_graph_default_recipe);
    else
        ws_fprintf_safe(stdout, "graph: %s\n", name);
    if (o->format != WS_GRAPH_FMT_AUTO) {
        printf("  format        %s%s", ws_graph_format_name(o->format),
               o->compressed ? ", gzip-compressed" : "");
        if (o->format != WS_GRAPH_FMT_BINARY)
            printf(" (%" PRIu64 " edge entries in %" PRIu64 " lines)", o->entries, o->lines);
        printf("\n");
    }
    printf("  vertices      %" PRId32 "%s\n", in->n,
           o->relabelled ? " (renumbered 0..n-1; the original ids are kept)" : "");
    printf("  edges         %" PRId32 " (%s)\n", in->m,
           in->symmetric ? "undirected: every edge has its reverse"
                         : "directed: not symmetric");
    if (in->weighted)
        printf("  weights       %" PRId32 "..%" PRId32 "\n", in->weight_min, in->weight_max);
    else
        printf("  weights       none\n");
    printf("  self-loops    %" PRId64 "\n", in->self_loops);
    printf("  duplicates    %" PRId64 " parallel edges\n", in->duplicate_edges);
    if (o->self_loops_dropped || o->duplicates_dropped)
        printf("  dropped       %" PRIu64 " self-loops, %" PRIu64 " duplicates while loading\n",
               o->self_loops_dropped, o->duplicates_dropped);
    if (g->source >= 0)
        printf("  source        %" PRId32 " (named by the file)\n", g->source);
    printf("  out-degree    min %" PRId32 ", median %" PRId32 ", mean %.2f, max %" PRId32 "\n",
           in->deg_min, in->deg_median, in->deg_mean, in->deg_max);
    printf("  isolated      %" PRId32 " vertices (%" PRId32 " without out-edges)\n",
           in->isolated, in->zero_out);
    printf("  components    %" PRId32 " (largest: %" PRId32 " vertices, %.1f%%)%s\n",
           in->components, in->largest_component,
           in->n ? 100.0 * in->largest_component / in->n : 0.0,
           in->symmetric ? "" : ", ignoring direction");
    printf("  diameter      >= %" PRId32 " (%d BFS sweeps%s)\n", in->diameter, in->sweeps,
           in->symmetric ? "" : " ignoring direction");
    printf("  out-degree histogram:\n");
    uint64_t max = 0;
    for (int b = 0; b < WS_GRAPH_HIST; b++)
        max = in->hist[b] > max ? in->hist[b] : max;
    for (int b = 0; b < WS_GRAPH_HIST; b++) {
        if (!in->hist[b])
            continue;
        int64_t lo, hi;
        ws_graph_hist_range(b, &lo, &hi);
        char range[48];
        if (lo == hi)
            snprintf(range, sizeof range, "%" PRId64, lo);
        else
            snprintf(range, sizeof range, "%" PRId64 "-%" PRId64, lo, hi);
        printf("  %15s %10" PRIu64 "  ", range, in->hist[b]);
        bar((int64_t)in->hist[b], (int64_t)max);
        putchar('\n');
    }
}

static void json_str(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            printf("\\%c", ch);
        else if (ch < 0x20)
            printf("\\u%04x", ch);
        else
            putchar(ch);
    }
    putchar('"');
}

static void print_json(const char *name, const ws_graph *g, const ws_graph_info *in)
{
    printf("{\"graph\": ");
    json_str(name);
    printf(", \"format\": \"%s\", \"vertices\": %" PRId32 ", \"edges\": %" PRId32
           ", \"symmetric\": %s, \"weighted\": %s",
           ws_graph_format_name(g->origin.format), in->n, in->m, in->symmetric ? "true" : "false",
           in->weighted ? "true" : "false");
    if (in->weighted)
        printf(", \"weight_min\": %" PRId32 ", \"weight_max\": %" PRId32, in->weight_min,
               in->weight_max);
    printf(", \"self_loops\": %" PRId64 ", \"duplicate_edges\": %" PRId64
           ", \"degree\": {\"min\": %" PRId32 ", \"median\": %" PRId32 ", \"mean\": %.6g"
           ", \"max\": %" PRId32 "}, \"isolated\": %" PRId32 ", \"components\": %" PRId32
           ", \"largest_component\": %" PRId32 ", \"diameter_lower_bound\": %" PRId32
           ", \"histogram\": [",
           in->self_loops, in->duplicate_edges, in->deg_min, in->deg_median, in->deg_mean,
           in->deg_max, in->isolated, in->components, in->largest_component, in->diameter);
    int first = 1;
    for (int b = 0; b < WS_GRAPH_HIST; b++) {
        if (!in->hist[b])
            continue;
        int64_t lo, hi;
        ws_graph_hist_range(b, &lo, &hi);
        printf("%s{\"lo\": %" PRId64 ", \"hi\": %" PRId64 ", \"count\": %" PRIu64 "}",
               first ? "" : ", ", lo, hi, in->hist[b]);
        first = 0;
    }
    printf("]}\n");
}

/* Each generator's own options (as ws.graph.* takes them); only `graph
 * gen` takes any of them. */
#define GEN_OPTS 8
static const char *const gen_own[][GEN_OPTS] = {
    [WS_GRAPH_GEN_RMAT] = { "--scale", "--edgefactor", "--a", "--b", "--c", "--no-permute", "--directed" },
    [WS_GRAPH_GEN_ER] = { "--n", "--m", "--directed" },
    [WS_GRAPH_GEN_UNIFORM] = { "--n", "--min-degree", "--max-degree", "--directed" },
    [WS_GRAPH_GEN_GRID] = { "--width", "--height", "--remove", "--shortcuts" },
    [WS_GRAPH_GEN_GEOMETRIC] = { "--n", "--radius" },
};

static int gen_option(const char *name)
{
    for (size_t k = 0; k < sizeof gen_own / sizeof gen_own[0]; k++)
        if (in_list(gen_own[k], GEN_OPTS, name))
            return 1;
    return 0;
}

/* info and convert: a generator option or --json / --to where they mean
 * nothing is refused rather than ignored. */
static int check_read_options(const cmdline *c, const char *sub)
{
    for (int i = 0; i < c->ngiven; i++) {
        const char *o = c->given[i];
        if (gen_option(o))
            return bad_usage("option '%s' is a generator option: it applies to 'graph gen' only", o);
        if (strcmp(o, "--json") == 0 && strcmp(sub, "info") != 0)
            return bad_usage("option '--json' applies to 'graph info' only");
        if (strcmp(o, "--to") == 0 && strcmp(sub, "info") == 0)
            return bad_usage("option '--to' applies to 'graph convert' and 'graph gen' only");
    }
    return 0;
}

static int cmd_info(int argc, char **argv)
{
    cmdline c;
    int r = parse(argc, argv, 2, &c);
    if (r)
        return r;
    if (c.npos != 1)
        return bad_usage("info needs one FILE (or 'default')");
    if ((r = check_read_options(&c, "info")))
        return r;
    ws_graph *g = load(c.pos[0], &c);
    if (!g)
        return WS_EXIT_FAIL;
    ws_graph_info in;
    ws_error err = { 0 };
    if (ws_graph_info_compute(g, &in, &err) < 0) {
        ws_fprintf_safe(stderr, "warpscope: %s: %s\n", c.pos[0], err.msg);
        ws_graph_free(g);
        return WS_EXIT_FAIL;
    }
    if (c.json)
        print_json(c.pos[0], g, &in);
    else
        print_text(c.pos[0], g, &in);
    ws_graph_free(g);
    return WS_EXIT_OK;
}

static ws_graph_format out_format(const cmdline *c, const char *path)
{
    if (c->have_to)
        return c->to;
    size_t n = strlen(path);
    const char *exts[] = { ".mtx", ".el", ".txt", ".edges", ".tsv" };
    for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++) {
        size_t e = strlen(exts[i]);
        if (n >= e && strcmp(path + n - e, exts[i]) == 0)
            return i == 0 ? WS_GRAPH_FMT_MTX : WS_GRAPH_FMT_EDGELIST;
    }
    return WS_GRAPH_FMT_BINARY;
}

static int write_out(const ws_graph *g, const cmdline *c, const char *out)
{
    ws_error err = { 0 };
    ws_graph_format f = out_format(c, out);
    if (ws_graph_write_text(g, out, f, &err) < 0) {
        ws_fprintf_safe(stderr, "warpscope: %s\n", err.msg);
        return WS_EXIT_FAIL;
    }
    ws_fprintf_safe(stdout, "wrote %s: %" PRId32 " vertices, %" PRId32 " edges%s (%s)\n", out, g->n, g->m,
           g->weight ? ", weighted" : "", ws_graph_format_name(f));
    return WS_EXIT_OK;
}

static int cmd_convert(int argc, char **argv)
{
    cmdline c;
    int r = parse(argc, argv, 2, &c);
    if (r)
        return r;
    if (c.npos != 2)
        return bad_usage("convert needs IN and OUT");
    if ((r = check_read_options(&c, "convert")))
        return r;
    ws_graph *g = load(c.pos[0], &c);
    if (!g)
        return WS_EXIT_FAIL;
    r = write_out(g, &c, c.pos[1]);
    ws_graph_free(g);
    return r;
}

static int cmd_gen(int argc, char **argv)
{
    cmdline c;
    int r = parse(argc, argv, 2, &c);
    if (r)
        return r;
    if (c.npos != 2)
        return bad_usage("gen needs KIND and OUT");
    static const struct {
        const char *name;
        ws_graph_gen_kind kind;
    } kinds[] = {
        { "rmat", WS_GRAPH_GEN_RMAT },       { "erdos_renyi", WS_GRAPH_GEN_ER },
        { "er", WS_GRAPH_GEN_ER },           { "uniform", WS_GRAPH_GEN_UNIFORM },
        { "grid", WS_GRAPH_GEN_GRID },       { "geometric", WS_GRAPH_GEN_GEOMETRIC },
    };
    int found = 0;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(c.pos[0], kinds[i].name) == 0) {
            c.gen.kind = kinds[i].kind;
            found = 1;
        }
    if (!found)
        return bad_usage("unknown generator '%s' (rmat, erdos_renyi, uniform, grid, geometric)",
                         c.pos[0]);
    /* the kind's own options, what it needs, and the reading options,
     * which mean nothing to a generator */
    static const char *const reading[] = { "--format", "--base", "--relabel", "--no-header-check",
                                           "--no-weights", "--json", "--keep-order" };
    const char *const *mine = gen_own[c.gen.kind];
    char list[160] = "";
    for (int k = 0; k < GEN_OPTS && mine[k]; k++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", k ? " " : "", mine[k]);
    for (int i = 0; i < c.ngiven; i++) {
        const char *o = c.given[i];
        if (gen_option(o) && !in_list(mine, GEN_OPTS, o))
            return bad_usage("option '%s' does not apply to %s (its options: %s)", o, c.pos[0], list);
        if (in_list(reading, sizeof reading / sizeof reading[0], o))
            return bad_usage("option '%s' is for reading a graph file: 'graph gen' does not take it", o);
    }
    switch (c.gen.kind) {
    case WS_GRAPH_GEN_ER:
        if (!given(&c, "--n") || !given(&c, "--m"))
            return bad_usage("gen %s needs --n (vertices) and --m (edges)", c.pos[0]);
        break;
    case WS_GRAPH_GEN_UNIFORM:
        if (!given(&c, "--n"))
            return bad_usage("gen uniform needs --n (vertices)");
        /* ws.graph.uniform's defaults: min_degree 2, max_degree max(min_degree, 4) */
        if (!given(&c, "--min-degree"))
            c.gen.min_degree = 2;
        if (!given(&c, "--max-degree"))
            c.gen.max_degree = c.gen.min_degree > 4 ? c.gen.min_degree : 4;
        else if (c.gen.max_degree < 1)
            return bad_usage("gen uniform: --max-degree must be at least 1");
        break;
    case WS_GRAPH_GEN_GRID:
        if (!given(&c, "--width"))
            return bad_usage("gen grid needs --width (and --height, which defaults to the width)");
        if (!given(&c, "--height"))
            c.gen.height = c.gen.width;
        break;
    case WS_GRAPH_GEN_GEOMETRIC:
        if (!given(&c, "--n"))
            return bad_usage("gen geometric needs --n (vertices)");
        /* checked here, after the option was found to apply: a radius the
         * generator cannot use (0 would even mean its default) is refused */
        if (given(&c, "--radius") && !(c.gen.radius > 0 && c.gen.radius <= 1.5))
            return bad_usage("invalid radius '%g' for --radius (a number in (0, 1.5]; leave it "
                             "out for the default sqrt(8 / (pi n)))",
                             c.gen.radius);
        break;
    default:
        break;
    }
    c.gen.seed = c.opts.seed;
    ws_graph_opts o = c.opts;
    o.random_weights = 0; /* --weights is the generator's own */
    ws_error err = { 0 };
    ws_graph *g = ws_graph_generate(&c.gen, &o, &err);
    if (!g) {
        ws_fprintf_safe(stderr, "warpscope: %s\n", err.msg);
        return WS_EXIT_USAGE;
    }
    r = write_out(g, &c, c.pos[1]);
    ws_graph_free(g);
    return r;
}

int ws_cmd_graph(int argc, char **argv)
{
    if (argc < 2)
        return bad_usage("missing subcommand (info, convert or gen)");
    const char *sub = argv[1];
    if (strcmp(sub, "--help") == 0 || strcmp(sub, "-h") == 0 || strcmp(sub, "help") == 0) {
        usage(stdout);
        return WS_EXIT_OK;
    }
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return WS_EXIT_OK;
        }
    if (strcmp(sub, "info") == 0)
        return cmd_info(argc, argv);
    if (strcmp(sub, "convert") == 0)
        return cmd_convert(argc, argv);
    if (strcmp(sub, "gen") == 0)
        return cmd_gen(argc, argv);
    return bad_usage("unknown subcommand '%s' (info, convert or gen)", sub);
}
