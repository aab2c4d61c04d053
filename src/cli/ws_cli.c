#include "cli/ws_cli.h"

#include <string.h>

const ws_cli_cmd ws_cli_commands[] = {
    { "ptx", "ptx check|disasm FILE.ptx", "parse a PTX file; list its kernels or print its code", ws_cmd_ptx, NULL },
    { "graph", "graph info|convert|gen ...", "inspect, convert or generate a graph", ws_cmd_graph, NULL },
    { "cache", "cache [OPTION]... [TRACE]", "run the cache model on a Dinero IV trace", ws_cmd_cache, NULL },
    { "lab", "lab [N [ARG]...]", "list the teaching labs, or run lab N", ws_cmd_lab, ws_cmd_lab_script },
    { "report", "report RUN.json... [-o FILE]", "draw runs' --json statistics as one HTML file", ws_cmd_report, NULL },
    { NULL, NULL, NULL, NULL, NULL },
};

const ws_cli_cmd *ws_cli_find(const char *name)
{
    for (const ws_cli_cmd *c = ws_cli_commands; c->name; c++)
        if (strcmp(c->name, name) == 0)
            return c;
    return NULL;
}

void ws_cli_print_commands(FILE *out)
{
    for (const ws_cli_cmd *c = ws_cli_commands; c->name; c++)
        fprintf(out, "  warpscope %-28s %s\n", c->usage, c->summary);
}
