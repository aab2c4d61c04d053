/* Subcommands of the warpscope program (`warpscope ptx check F`, ...).
 *
 * Each subcommand is one table entry; its handler gets the arguments after
 * the subcommand's name and returns an exit status (WS_EXIT_*). */
#ifndef WS_CLI_H
#define WS_CLI_H

#include <stdio.h>

enum {
    WS_EXIT_OK = 0,
    WS_EXIT_FAIL = 1,   /* the requested work failed (bad input file, script error, kernel fault) */
    WS_EXIT_USAGE = 2,  /* bad command line */
};

typedef struct ws_cli_cmd {
    const char *name;
    const char *usage;     /* "ptx check FILE.ptx" */
    const char *summary;   /* one line for --help */
    int (*run)(int argc, char **argv);   /* argv[0] is the subcommand name */
    /* A command that names a scenario (`lab N ARG...`): with arguments after
     * the name, puts the script's path in `path` and returns WS_EXIT_OK (main
     * runs it with argv[2..] as its arguments and the options given before
     * the command), or prints why not and returns an exit status.  NULL
     * for the others; without arguments, `run` is called. */
    int (*script)(int argc, char **argv, char *path, size_t size);
} ws_cli_cmd;

/* The table, terminated by an entry with name == NULL. */
extern const ws_cli_cmd ws_cli_commands[];

/* Subcommand handlers (one file each: ws_cmd_NAME.c). */
int ws_cmd_ptx(int argc, char **argv);
int ws_cmd_graph(int argc, char **argv);
int ws_cmd_cache(int argc, char **argv);
int ws_cmd_lab(int argc, char **argv);
int ws_cmd_lab_script(int argc, char **argv, char *path, size_t size);
int ws_cmd_report(int argc, char **argv);

const ws_cli_cmd *ws_cli_find(const char *name);
void ws_cli_print_commands(FILE *out);

#endif
