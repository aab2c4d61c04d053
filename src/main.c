/* warpscope: command-line entry point.  Picks what to run (a scenario
 * script, a subcommand, the default scenario); holds no simulation logic. */
#include "config.h"
#include "arch/ws_opts.h"
#include "cli/ws_cli.h"
#include "lua/ws_lua.h"
#include "lua/ws_lua_repl.h"
#include "lua/ws_lua_sandbox.h"
#include "tui/ws_tui.h"
#include "util/ws_file.h"
#include "util/ws_commit.h"
#include "util/ws_crash.h"
#include "util/ws_paths.h"
#include "util/ws_util.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage_line(FILE *out)
{
    fprintf(out, "Usage: warpscope [OPTION]... [SCRIPT.lua [ARG]...]\n"
                 "       warpscope [OPTION]... COMMAND [ARG]...\n");
}

static void help(void)
{
    usage_line(stdout);
    printf("An interactive GPU architecture simulator: runs real PTX on a cycle-level\n"
           "model of SIMT cores, caches and DRAM, scripted from Lua.\n"
           "\n"
           "With no SCRIPT or COMMAND, runs the default scenario.\n"
           "\n"
           "Options:\n"
           "  -b, --batch            run without the interactive front end (the TUI opens\n"
           "                         when standard output is a terminal)\n"
           "      --no-color         no colours in the TUI (also when NO_COLOR is set)\n"
           "      --ascii            ASCII drawing in the TUI (no block characters)\n"
           "      --checkpoint=K     stepping back in the TUI: a checkpoint every K cycles\n"
           "                         (auto: adaptive, the default; start: none, replay\n"
           "                         from the start; off: no stepping back)\n"
           "  -i, --interactive      a Lua prompt (after running SCRIPT, if given)\n"
           "      --sandbox          run the script without io/os/package access, reading\n"
           "                         files only below its directory, with a budget of\n"
           "                         Lua VM instructions\n"
           "      --sandbox-budget=N the budget (default 1000000000; 0: no limit)\n"
           "      --sandbox-memory=N the sandbox's memory limit: Lua's heap and each gpu's\n"
           "                         device memory (default 2G; K, M, G suffixes; 0: none)\n"
           "  -s, --seed=N           seed for every random choice (default 1)\n"
           "      --datadir=DIR      read the Lua library and scenarios from DIR\n"
           "      --preset=NAME      machine preset (default gtx480; see --list-presets)\n"
           "      --set KEY=VALUE    override one configuration key (repeatable)\n"
           "      --list-options     print every configuration key with its value, range\n"
           "                         and source (of --preset, with --set applied), and exit\n"
           "      --list-presets     print the machine presets and exit\n"
           "      --json=FILE        write every statistic as JSON to FILE at exit\n"
           "      --csv=FILE         write the statistics time series as CSV to FILE at exit\n"
           "      --report=FILE      write the run's HTML report to FILE at exit (as\n"
           "                         `warpscope report` makes from --json's file)\n"
           "  -h, --help             print this help and exit\n"
           "  -V, --version          print the version and exit\n");
    if (ws_cli_commands[0].name) {
        printf("\nCommands:\n");
        ws_cli_print_commands(stdout);
    }
    printf("\nExit status: 0 success, 1 the work failed (bad input, script error,\n"
           "kernel fault), 2 bad command line; os.exit(N) in a script: N (after the\n"
           "outputs are written).\n"
           "See warpscope(1) and warpscope-lua(7).\n");
}

/* A script is named by a path: it ends in .lua, contains a slash, or exists. */
static int looks_like_script(const char *w)
{
    size_t n = strlen(w);
    return (n > 4 && strcmp(w + n - 4, ".lua") == 0) || strchr(w, '/') || access(w, F_OK) == 0;
}

/* A command-line word in a message: control characters and escape
 * sequences never reach the terminal raw (ws_str_quote), at most 200 bytes. */
#define QUOTE(buf, s) ws_str_quote((buf), sizeof (buf), (s), strlen(s), 200)

static int parse_seed(const char *s, unsigned long long *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s || *end || *s == '-')
        return -1;
    *out = v;
    return 0;
}

/* A byte count: a non-negative integer with an optional K, M or G (powers
 * of 1024). */
static int parse_bytes(const char *s, unsigned long long *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s || *s == '-')
        return -1;
    unsigned shift = 0;
    if (*end == 'K' || *end == 'k') shift = 10, end++;
    else if (*end == 'M' || *end == 'm') shift = 20, end++;
    else if (*end == 'G' || *end == 'g') shift = 30, end++;
    if (*end || (shift && v > (~0ull >> shift)))
        return -1;
    *out = v << shift;
    return 0;
}

/* The machine configuration of the command line: preset, then the --set
 * values in order, then the cross-key checks.  NULL with a message on
 * stderr when something is wrong. */
static ws_opts *cli_opts(const ws_lua_opts *lopts)
{
    ws_opts *o = ws_opts_new();
    ws_error err;
    if (lopts->preset && ws_opts_apply_preset(o, lopts->preset, &err) != 0)
        goto fail;
    for (int i = 0; i < lopts->nsets; i++)
        if (ws_opts_set_kv(o, lopts->sets[i], &err) != 0)
            goto fail;
    if (ws_opts_validate(o, &err) != 0)
        goto fail;
    return o;
fail:
    fprintf(stderr, "warpscope: %s\n", err.msg);
    ws_opts_free(o);
    return NULL;
}

/* main's work; `sets` has room for argc values, `scratch` checks them. */
static int run(int argc, char **argv, const char **sets, ws_opts *scratch)
{
    enum { OPT_DATADIR = 256, OPT_PRESET, OPT_SET, OPT_LIST_OPTIONS, OPT_LIST_PRESETS, OPT_JSON, OPT_CSV, OPT_NO_COLOR, OPT_ASCII, OPT_LIST_KEYS, OPT_CHECKPOINT, OPT_REPORT };
    enum { OPT_SANDBOX = 512, OPT_SANDBOX_BUDGET, OPT_SANDBOX_MEMORY };
    static const struct option longopts[] = {
        { "batch", no_argument, NULL, 'b' },
        { "interactive", no_argument, NULL, 'i' },
        { "sandbox", no_argument, NULL, OPT_SANDBOX },
        { "sandbox-budget", required_argument, NULL, OPT_SANDBOX_BUDGET },
        { "sandbox-memory", required_argument, NULL, OPT_SANDBOX_MEMORY },
        { "seed", required_argument, NULL, 's' },
        { "datadir", required_argument, NULL, OPT_DATADIR },
        { "preset", required_argument, NULL, OPT_PRESET },
        { "set", required_argument, NULL, OPT_SET },
        { "list-options", no_argument, NULL, OPT_LIST_OPTIONS },
        { "list-presets", no_argument, NULL, OPT_LIST_PRESETS },
        { "json", required_argument, NULL, OPT_JSON },
        { "csv", required_argument, NULL, OPT_CSV },
        { "report", required_argument, NULL, OPT_REPORT },
        { "no-color", no_argument, NULL, OPT_NO_COLOR },
        { "ascii", no_argument, NULL, OPT_ASCII },
        { "checkpoint", required_argument, NULL, OPT_CHECKPOINT },
        { "list-keys", no_argument, NULL, OPT_LIST_KEYS },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 },
    };
    ws_lua_opts lopts = { .seed = 1, .batch = 0 };
    int list_options = 0, list_presets = 0;
    int interactive = 0, sandbox = 0;
    unsigned long long budget = WS_SANDBOX_BUDGET, sbmem = WS_SANDBOX_MEMORY;
    ws_tui_opts topts = { 0 };
    ws_error err;
    int c;
    char q[810];
    lopts.sets = sets;
    opterr = 0;     /* (getopt's own messages would quote the word raw) */

    /* '+': stop at the first non-option so scripts and commands get their own. */
    while ((c = getopt_long(argc, argv, "+:bis:hV", longopts, NULL)) != -1) {
        switch (c) {
        case 'b':
            lopts.batch = 1;
            break;
        case 'i':
            interactive = 1;
            break;
        case OPT_SANDBOX:
            sandbox = 1;
            break;
        case OPT_SANDBOX_BUDGET:
            if (parse_seed(optarg, &budget) != 0) {
                fprintf(stderr, "warpscope: invalid --sandbox-budget '%s' (expected a non-negative integer)\n",
                        QUOTE(q, optarg));
                return WS_EXIT_USAGE;
            }
            sandbox = 1;
            break;
        case OPT_SANDBOX_MEMORY:
            if (parse_bytes(optarg, &sbmem) != 0) {
                fprintf(stderr, "warpscope: invalid --sandbox-memory '%s' (expected bytes, e.g. 512M or 2G; 0: no limit)\n",
                        QUOTE(q, optarg));
                return WS_EXIT_USAGE;
            }
            sandbox = 1;
            break;
        case 's':
            if (parse_seed(optarg, &lopts.seed) != 0) {
                fprintf(stderr, "warpscope: invalid seed '%s' (expected a non-negative integer)\n", QUOTE(q, optarg));
                usage_line(stderr);
                return WS_EXIT_USAGE;
            }
            break;
        case OPT_DATADIR:
            setenv("WARPSCOPE_DATADIR", optarg, 1);
            break;
        case OPT_PRESET:
            if (!ws_opts_preset_find(optarg)) {
                ws_opts_apply_preset(scratch, optarg, &err);
                fprintf(stderr, "warpscope: %s\n", err.msg);
                return WS_EXIT_USAGE;
            }
            lopts.preset = optarg;
            break;
        case OPT_SET:
            /* Checked now against the option table (key, type, range). */
            if (ws_opts_set_kv(scratch, optarg, &err) != 0) {
                fprintf(stderr, "warpscope: --set %s: %s\n", QUOTE(q, optarg), err.msg);
                return WS_EXIT_USAGE;
            }
            sets[lopts.nsets++] = optarg;
            break;
        case OPT_LIST_OPTIONS:
            list_options = 1;
            break;
        case OPT_LIST_PRESETS:
            list_presets = 1;
            break;
        case OPT_JSON:
            lopts.json_path = optarg;
            break;
        case OPT_CSV:
            lopts.csv_path = optarg;
            break;
        case OPT_REPORT:
            lopts.report_path = optarg;
            break;
        case OPT_NO_COLOR:
            topts.no_color = true;
            break;
        case OPT_ASCII:
            topts.ascii = true;
            break;
        case OPT_CHECKPOINT: {
            unsigned long long k;
            if (!strcmp(optarg, "auto")) {
                topts.checkpoint = 0;
            } else if (!strcmp(optarg, "off")) {
                topts.checkpoint = -1;
            } else if (!strcmp(optarg, "start")) {
                topts.checkpoint = -2;
            } else if (parse_seed(optarg, &k) != 0 || k == 0 || k > (1ull << 40)) {
                fprintf(stderr, "warpscope: invalid --checkpoint '%s' (expected cycles from 1 to 2^40, auto, start or off)\n",
                        QUOTE(q, optarg));
                return WS_EXIT_USAGE;
            } else {
                topts.checkpoint = (int64_t)k;
            }
            break;
        }
        case OPT_LIST_KEYS:   /* hidden: the TUI's keys and commands (for the man page) */
            ws_tui_print_tables(stdout);
            return WS_EXIT_OK;
        case 'h':
            help();
            return WS_EXIT_OK;
        case 'V':
            printf("warpscope %s (commit %s)\n", PACKAGE_VERSION, ws_commit());
            return WS_EXIT_OK;
        default: {
            /* '?': an unknown option, ':': one without its argument */
            char w[3] = { '-', (char)optopt, 0 };
            const char *last = argv[optind - 1];    /* (a missing argument: the last word) */
            /* a known option with '?': a long one given an argument it takes none of */
            bool known = optopt > 255 || (optopt > 0 && strchr("bishV", optopt));
            bool whole = !optopt || ((c == ':' || known) && strncmp(last, "--", 2) == 0);
            const char *word = whole ? last : w;
            fprintf(stderr, c == ':' ? "warpscope: option '%s' needs an argument\n"
                            : known && whole ? "warpscope: option '%s' takes no argument\n"
                                             : "warpscope: unknown option '%s'\n", QUOTE(q, word));
            usage_line(stderr);
            fprintf(stderr, "Try 'warpscope --help' for more information.\n");
            return WS_EXIT_USAGE;
        }
        }
    }
    if (!isatty(STDOUT_FILENO) || interactive)
        lopts.batch = 1;

    /* The configuration as a whole (preset + every --set) must be valid. */
    ws_opts *conf = cli_opts(&lopts);
    if (!conf)
        return WS_EXIT_USAGE;
    if (list_presets)
        ws_opts_print_presets(stdout);
    if (list_options)
        ws_opts_print_list(conf, stdout);
    ws_opts_free(conf);
    if (list_options || list_presets)
        return fflush(stdout) == 0 ? WS_EXIT_OK : WS_EXIT_FAIL;

    const char *script = NULL;
    char path[PATH_MAX];
    int sargc = 0;
    char **sargv = NULL;
    if (optind < argc) {
        const char *word = argv[optind];
        const ws_cli_cmd *cmd = ws_cli_find(word);
        if (cmd && cmd->script && argc - optind > 1) {
            int crc = cmd->script(argc - optind, argv + optind, path, sizeof path);
            if (crc != WS_EXIT_OK)
                return crc;
            script = path;
            sargc = argc - optind - 2;
            sargv = argv + optind + 2;
        } else if (cmd) {
            return cmd->run(argc - optind, argv + optind);
        }
    }
    if (script) {
        /* (a command's scenario) */
    } else if (optind < argc) {
        const char *word = argv[optind];
        if (!looks_like_script(word)) {
            fprintf(stderr, "warpscope: unknown command '%s'\n", QUOTE(q, word));
            usage_line(stderr);
            fprintf(stderr, "Try 'warpscope --help' for more information.\n");
            return WS_EXIT_USAGE;
        }
        script = word;
        sargc = argc - optind - 1;
        sargv = argv + optind + 1;
        /* a relative path that is not here: the data directory's (so that
         * `warpscope scenarios/labs/01-coalescing.lua` works installed) */
        if (script[0] != '/' && strncmp(script, "./", 2) != 0 && access(script, F_OK) != 0) {
            char alt[PATH_MAX];
            ws_paths_data(alt, sizeof alt, script);
            if (access(alt, F_OK) == 0) {
                snprintf(path, sizeof path, "%s", alt);
                script = path;
            }
        }
    } else if (!interactive) {
        script = ws_paths_data(path, sizeof path, "scenarios/default.lua");
    }

    if (script && ws_path_is_dir(script)) {
        fprintf(stderr, "warpscope: %s: is a directory\n", QUOTE(q, script));
        return WS_EXIT_FAIL;
    }
    if (script && access(script, R_OK) != 0) {
        int e = errno;
        fprintf(stderr, "warpscope: cannot read script '%s': %s\n", QUOTE(q, script), strerror(e));
        return WS_EXIT_FAIL;
    }
    /* the output files are written at exit: a path that cannot work is
     * refused now, not after the run */
    const char *outs[3][2] = { { "--json", lopts.json_path }, { "--csv", lopts.csv_path },
                               { "--report", lopts.report_path } };
    for (int i = 0; i < 3; i++) {
        char why[PATH_MAX + 128];
        if (outs[i][1] && ws_file_check(outs[i][1], why, sizeof why) != 0) {
            fprintf(stderr, "warpscope: %s: cannot write '%s': %s\n", outs[i][0], QUOTE(q, outs[i][1]), why);
            return WS_EXIT_USAGE;
        }
    }
    /* the report's title names the run as `warpscope report` would: by its
     * --json file, else by its script */
    lopts.report_name = lopts.json_path ? lopts.json_path : script ? script : "interactive session";
    lua_State *L = ws_lua_new(&lopts);
    if (!L) {
        fprintf(stderr, "warpscope: cannot create a Lua state (out of memory)\n");
        return WS_EXIT_FAIL;
    }
    if (sandbox) {
        char dir[PATH_MAX];
        snprintf(dir, sizeof dir, "%s", script ? script : ".");
        char *slash = strrchr(dir, '/');
        if (!script || !slash) snprintf(dir, sizeof dir, ".");
        else if (slash == dir) dir[1] = 0;
        else *slash = 0;
        if (ws_lua_sandbox(L, dir, budget, &err) < 0) {
            fprintf(stderr, "warpscope: %s\n", err.msg);
            ws_lua_close(L);
            return WS_EXIT_FAIL;
        }
        ws_lua_sandbox_memory(L, sbmem);
    }
    /* Every way out of the scenario (its end, an error, os.exit, which
     * only unwinds: see ws_lua_exiting) comes back here, and closing the
     * state writes the summary, --json and --csv. */
    if (interactive) {
        int irc = ws_lua_repl(L, script, sargc, sargv);
        return ws_lua_close_status(L, irc);
    }
    int rc;
    if (!lopts.batch) {
        topts.scenario = script;
        topts.argc = sargc;
        topts.argv = sargv;
        topts.preset = lopts.preset;
        topts.exec_argv = argv;
        rc = ws_tui_main(L, &topts);
    } else {
        rc = ws_lua_run_file(L, script, sargc, sargv);
    }
    rc = ws_lua_close_status(L, rc);     /* (writes --json, --csv and --report) */
    /* A failed script given one of warpscope's options as an argument:
     * that option was meant for warpscope (only said after a failure, so
     * scripts that take such words themselves are left alone). */
    for (int i = 0; rc != WS_EXIT_OK && i < sargc; i++) {
        const char *a = sargv[i];
        bool opt = !strcmp(a, "-b") || !strcmp(a, "-i") || !strcmp(a, "-s");
        for (const struct option *o = longopts; !opt && o->name; o++) {
            size_t n = strlen(o->name);
            opt = !strncmp(a, "--", 2) && !strncmp(a + 2, o->name, n) && (a[n + 2] == 0 || a[n + 2] == '=');
        }
        if (opt) {
            fprintf(stderr, "warpscope: '%s' after the script is an argument of the script: "
                            "options go before the script: warpscope --set K=V script.lua\n", QUOTE(q, a));
            break;
        }
    }
    return rc;
}

int main(int argc, char **argv)
{
    /* a fault from running out of stack is reported, not a bare SIGSEGV */
    int top = 0;
    ws_crash_install(&top);
    /* --set values: at most one per argument. */
    const char **sets = calloc((size_t)argc + 1, sizeof *sets);
    if (!sets) {
        fprintf(stderr, "warpscope: out of memory\n");
        return WS_EXIT_FAIL;
    }
    ws_opts *scratch = ws_opts_new();
    int rc = run(argc, argv, sets, scratch);
    ws_opts_free(scratch);
    free(sets);
    /* output that never arrived (a full disk, a closed descriptor) */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        int e = errno ? errno : EIO;
        fprintf(stderr, "warpscope: cannot write to standard output: %s\n", strerror(e));
        if (rc == WS_EXIT_OK) rc = WS_EXIT_FAIL;
    }
    return rc;
}
