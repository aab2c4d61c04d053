/* warpscope: command-line entry point.  Picks what to run (a scenario
 * script, a subcommand, the default scenario); holds no simulation logic. */
#include "config.h"
#include "cli/ws_cli.h"
#include "lua/ws_lua.h"
#include "util/ws_paths.h"

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
           "  -b, --batch            run without the interactive front end\n"
           "  -s, --seed=N           seed for every random choice (default 1)\n"
           "      --datadir=DIR      read the Lua library and scenarios from DIR\n"
           "  -h, --help             print this help and exit\n"
           "  -V, --version          print the version and exit\n");
    if (ws_cli_commands[0].name) {
        printf("\nCommands:\n");
        ws_cli_print_commands(stdout);
    }
    printf("\nExit status: 0 success, 1 the work failed (bad input, script error,\n"
           "kernel fault), 2 bad command line.\n"
           "See warpscope(1) and warpscope-lua(7).\n");
}

/* A script is named by a path: it ends in .lua, contains a slash, or exists. */
static int looks_like_script(const char *w)
{
    size_t n = strlen(w);
    return (n > 4 && strcmp(w + n - 4, ".lua") == 0) || strchr(w, '/') || access(w, F_OK) == 0;
}

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

int main(int argc, char **argv)
{
    enum { OPT_DATADIR = 256 };
    static const struct option longopts[] = {
        { "batch", no_argument, NULL, 'b' },
        { "seed", required_argument, NULL, 's' },
        { "datadir", required_argument, NULL, OPT_DATADIR },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 },
    };
    ws_lua_opts lopts = { .seed = 1, .batch = 0 };
    int c;

    /* '+': stop at the first non-option so scripts and commands get their own. */
    while ((c = getopt_long(argc, argv, "+bs:hV", longopts, NULL)) != -1) {
        switch (c) {
        case 'b':
            lopts.batch = 1;
            break;
        case 's':
            if (parse_seed(optarg, &lopts.seed) != 0) {
                fprintf(stderr, "warpscope: invalid seed '%s' (expected a non-negative integer)\n", optarg);
                usage_line(stderr);
                return WS_EXIT_USAGE;
            }
            break;
        case OPT_DATADIR:
            setenv("WARPSCOPE_DATADIR", optarg, 1);
            break;
        case 'h':
            help();
            return WS_EXIT_OK;
        case 'V':
            printf("warpscope %s\n", PACKAGE_VERSION);
            return WS_EXIT_OK;
        default:
            usage_line(stderr);
            fprintf(stderr, "Try 'warpscope --help' for more information.\n");
            return WS_EXIT_USAGE;
        }
    }
    if (!isatty(STDOUT_FILENO))
        lopts.batch = 1;

    const char *script = NULL;
    char path[PATH_MAX];
    int sargc = 0;
    char **sargv = NULL;
    if (optind < argc) {
        const char *word = argv[optind];
        const ws_cli_cmd *cmd = ws_cli_find(word);
        if (cmd)
            return cmd->run(argc - optind, argv + optind);
        if (!looks_like_script(word)) {
            fprintf(stderr, "warpscope: unknown command '%s'\n", word);
            usage_line(stderr);
            fprintf(stderr, "Try 'warpscope --help' for more information.\n");
            return WS_EXIT_USAGE;
        }
        script = word;
        sargc = argc - optind - 1;
        sargv = argv + optind + 1;
    } else {
        script = ws_paths_data(path, sizeof path, "scenarios/default.lua");
    }

    if (access(script, R_OK) != 0) {
        fprintf(stderr, "warpscope: cannot read script '%s': %s\n", script, strerror(errno));
        return WS_EXIT_FAIL;
    }
    lua_State *L = ws_lua_new(&lopts);
    if (!L) {
        fprintf(stderr, "warpscope: cannot create a Lua state (out of memory)\n");
        return WS_EXIT_FAIL;
    }
    int rc = ws_lua_run_file(L, script, sargc, sargv);
    ws_lua_close(L);
    return rc ? WS_EXIT_FAIL : WS_EXIT_OK;
}
