/* `warpscope lab`: list the teaching labs (scenarios/labs/NN-name.lua in
 * the data directory) with their titles; `warpscope lab N [ARG]...` names
 * lab N's script, which main then runs like any scenario (with the
 * options given before `lab` and the lab's own arguments after N). */
#include "config.h"
#include "cli/ws_cli.h"
#include "util/ws_paths.h"
#include "util/ws_util.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WS_LAB_MAX 99

typedef struct lab {
    int n;
    char file[NAME_MAX + 1];    /* NN-name.lua */
} lab;

static int lab_cmp(const void *a, const void *b)
{
    return ((const lab *)a)->n - ((const lab *)b)->n;
}

/* The labs of DIR, sorted by number; -1 when DIR cannot be read. */
static int lab_scan(const char *dir, lab *out, int max)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int k = 0;
    struct dirent *e;
    while ((e = readdir(d)) && k < max) {
        const char *s = e->d_name;
        size_t len = strlen(s);
        if (len < 8 || !isdigit((unsigned char)s[0]) || !isdigit((unsigned char)s[1]) || s[2] != '-' ||
            strcmp(s + len - 4, ".lua") != 0 || len > NAME_MAX)
            continue;
        out[k].n = (s[0] - '0') * 10 + (s[1] - '0');
        memcpy(out[k].file, s, len + 1);
        k++;
    }
    closedir(d);
    qsort(out, (size_t)k, sizeof *out, lab_cmp);
    return k;
}

/* The lab's title: its worksheet's first line without "# Lab N: ", or the
 * script's first comment without "-- Lab N: " and "(worksheet: ...)". */
static void lab_title(const char *dir, const lab *l, char *buf, size_t size)
{
    char p[2 * PATH_MAX], line[512] = "";
    size_t len = strlen(l->file);
    snprintf(p, sizeof p, "%s/%.*s.md", dir, (int)(len - 4), l->file);
    FILE *f = fopen(p, "r");
    const char *skip = "# ";
    if (!f) {
        snprintf(p, sizeof p, "%s/%s", dir, l->file);
        f = fopen(p, "r");
        skip = "-- ";
    }
    if (f) {
        if (!fgets(line, sizeof line, f))
            line[0] = 0;
        fclose(f);
    }
    line[strcspn(line, "\r\n")] = 0;
    char *t = line;
    if (strncmp(t, skip, strlen(skip)) == 0)
        t += strlen(skip);
    if (strncmp(t, "Lab ", 4) == 0) {
        char *colon = strchr(t, ':');
        if (colon)
            t = colon + 1 + (colon[1] == ' ');
    }
    char *ws = strstr(t, " (worksheet");
    if (ws)
        *ws = 0;
    snprintf(buf, size, "%s", *t ? t : "(no title)");
}

static void lab_dir(char *buf, size_t size)
{
    char d[PATH_MAX];
    ws_paths_data(d, sizeof d, "scenarios/labs");
    if (!realpath(d, buf))
        snprintf(buf, size, "%s", d);
}

int ws_cmd_lab_script(int argc, char **argv, char *path, size_t size)
{
    char dir[PATH_MAX], q[256];
    lab labs[WS_LAB_MAX];
    lab_dir(dir, sizeof dir);
    int k = lab_scan(dir, labs, WS_LAB_MAX);
    if (k <= 0) {
        fprintf(stderr, "warpscope: lab: no labs in %s (--datadir names another data directory)\n", dir);
        return WS_EXIT_FAIL;
    }
    const char *w = argc > 1 ? argv[1] : "";
    char *end;
    long n = strtol(w, &end, 10);
    if (!*w || *end || n < 0) {
        fprintf(stderr, "warpscope: lab: '%s' is not a lab number (the labs are %d to %d; "
                        "'warpscope lab' lists them)\n",
                ws_str_quote(q, sizeof q, w, strlen(w), 100), labs[0].n, labs[k - 1].n);
        return WS_EXIT_FAIL;
    }
    for (int i = 0; i < k; i++)
        if (labs[i].n == n) {
            if ((size_t)snprintf(path, size, "%s/%s", dir, labs[i].file) >= size) {
                fprintf(stderr, "warpscope: lab: the path of lab %ld is too long\n", n);
                return WS_EXIT_FAIL;
            }
            return WS_EXIT_OK;
        }
    fprintf(stderr, "warpscope: lab: there is no lab %ld (the labs are %d to %d; 'warpscope lab' lists them)\n",
            n, labs[0].n, labs[k - 1].n);
    return WS_EXIT_FAIL;
}

int ws_cmd_lab(int argc, char **argv)
{
    (void)argc; (void)argv;
    char dir[PATH_MAX], title[512];
    lab labs[WS_LAB_MAX];
    lab_dir(dir, sizeof dir);
    int k = lab_scan(dir, labs, WS_LAB_MAX);
    if (k <= 0) {
        fprintf(stderr, "warpscope: lab: no labs in %s (--datadir names another data directory)\n", dir);
        return WS_EXIT_FAIL;
    }
    printf("The labs (in %s; worksheets: NN-name.md, README.md):\n", dir);
    for (int i = 0; i < k; i++) {
        lab_title(dir, &labs[i], title, sizeof title);
        printf("  %2d  %-28s %s\n", labs[i].n, labs[i].file, title);
    }
    printf("Run one with 'warpscope [OPTION]... lab N [ARG]...' (--batch for the tables only).\n");
    return WS_EXIT_OK;
}
