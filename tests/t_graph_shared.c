/* Every real graph in $WS_SHARED/data/graphs loads with the vertex and edge
 * counts its SOURCES.md lists (the summary table is parsed, so a file added
 * there is checked too).  Skips when the folder is absent.
 *
 * How SOURCES.md counts, and how each count is reproduced here:
 *   nodes  - SNAP files: the number of distinct ids in the edge lines (SNAP
 *            ids are sparse), so they load with relabel=compact; files with a
 *            declared size (DIMACS, Rodinia, Matrix Market) load as declared.
 *   edges  - "directed": one per data line, self-loops and repeats included
 *            (cit-HepPh's 44 and soc-Slashdot0902's 78,303 self-loops count),
 *            so the graph is loaded as stored and m must equal the number.
 *          - "undirected (listed once)": one line per edge; loaded as stored,
 *            m equals the number of lines.
 *          - "undirected (both directions)": the number counts unordered
 *            pairs and "(N lines)" the stored arcs; loaded as stored m = N,
 *            and symmetrized (duplicates merged) the pairs are
 *            (arcs + self-loops) / 2 because a self-loop is stored once.
 *          - DIMACS ".gr": arcs; Rodinia: adjacency entries, with "(K
 *            undirected)" = entries / 2 on a symmetric graph.
 *          - Matrix Market (pattern symmetric): the entries of the stored
 *            triangle; the CSR holds both directions, 2 x entries (no
 *            diagonal entries in these files). */
#include "ws_tap.h"
#include "graph/ws_graph.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

/* "10,900" or "14,496 (28,980 lines)": the n-th number in s (n from 0). */
static long long nth_number(const char *s, int n)
{
    int k = -1;
    while (*s) {
        if (*s >= '0' && *s <= '9') {
            long long v = 0;
            while ((*s >= '0' && *s <= '9') || *s == ',') {
                if (*s != ',')
                    v = v * 10 + (*s - '0');
                s++;
            }
            if (++k == n)
                return v;
        } else {
            s++;
        }
    }
    return -1;
}

/* Split a markdown table row into cells (trimmed); returns the count. */
static int cells(char *line, char **cell, int max)
{
    int k = 0;
    char *p = strchr(line, '|');
    while (p && k < max) {
        char *q = strchr(p + 1, '|');
        if (!q)
            break;
        *q = '\0';
        char *s = p + 1;
        while (*s == ' ')
            s++;
        char *e = s + strlen(s);
        while (e > s && e[-1] == ' ')
            *--e = '\0';
        cell[k++] = s;
        p = q;
    }
    return k;
}

static int ends_with(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

static char checked[64][128];
static int nchecked;

static void check_row(const char *dir, char **c)
{
    const char *file = c[0], *fmt = c[2], *dirn = c[5];
    long long nodes = nth_number(c[3], 0), edges = nth_number(c[4], 0);
    char path[4096];
    int plen = snprintf(path, sizeof path, "%s/%s", dir, file);
    if (plen < 0 || (size_t)plen >= sizeof path) {
        ok(0, "%s: path too long", file);
        return;
    }
    if (nchecked < 64)
        snprintf(checked[nchecked++], sizeof checked[0], "%s", file);

    int snap = strstr(fmt, "edge list") != NULL;
    ws_graph_opts o = { .relabel = snap ? WS_GRAPH_RELABEL_COMPACT : WS_GRAPH_RELABEL_AUTO };
    ws_error err = { 0 };
    ws_graph *g = ws_graph_load(path, &o, &err);
    ok(g != NULL, "%s loads%s%s", file, g ? "" : ": ", g ? "" : err.msg);
    if (!g)
        return;
    is_int(g->n, nodes, "%s: %lld nodes", file, nodes);

    if (strstr(dirn, "both directions")) {
        long long lines = nth_number(c[4], 1);
        is_int(g->m, lines, "%s: %lld stored arcs", file, lines);
        ws_graph_opts so = o;
        so.symmetrize = 1;
        ws_graph *s = ws_graph_load(path, &so, &err);
        ws_graph_info in;
        ws_graph_info_compute(s, &in, &err);
        is_int((s->m + in.self_loops) / 2, edges, "%s: %lld undirected edges", file, edges);
        is_int(s->m, g->m, "%s: every arc already has its reverse", file);
        ws_graph_free(s);
    } else if (strstr(c[4], "entries")) {
        long long und = nth_number(c[4], 1);
        is_int(g->m, edges, "%s: %lld entries", file, edges);
        ok(ws_graph_is_symmetric(g), "%s: symmetric with equal weights both ways", file);
        is_int(g->m / 2, und, "%s: %lld undirected edges", file, und);
        ok(g->weight != NULL && g->source == 0, "%s: weighted, source 0", file);
    } else if (ends_with(file, ".mtx.gz")) {
        is_int(g->origin.entries, edges, "%s: %lld entries in the file", file, edges);
        is_int(g->m, 2 * edges, "%s: both directions in the CSR", file);
    } else {
        is_int(g->m, edges, "%s: %lld edges as stored", file, edges);
        if (strstr(dirn, "weighted"))
            ok(g->weight != NULL, "%s: weighted", file);
    }
    if (snap)
        ok(g->origin.format == WS_GRAPH_FMT_SNAP || g->origin.format == WS_GRAPH_FMT_EDGELIST,
           "%s: read as an edge list", file);
    ws_graph_free(g);
}

int main(void)
{
    const char *shared = getenv("WS_SHARED");
    char dir[4096], md[4200];
    snprintf(dir, sizeof dir, "%s/data/graphs", shared ? shared : "../shared");
    snprintf(md, sizeof md, "%s/SOURCES.md", dir);
    FILE *f = fopen(md, "r");
    if (!f)
        tap_skip_all("no shared graph data ($WS_SHARED/data/graphs/SOURCES.md)");
    char line[4096];
    int in_summary = 0, rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "## Summary", 10) == 0) {
            in_summary = 1;
            continue;
        }
        if (in_summary && strncmp(line, "## ", 3) == 0)
            break;
        if (!in_summary || line[0] != '|' || strstr(line, "|---") || strstr(line, "| file |"))
            continue;
        char *c[8];
        if (cells(line, c, 8) < 7)
            continue;
        check_row(dir, c);
        rows++;
    }
    fclose(f);
    ok(rows >= 16, "SOURCES.md lists %d graphs", rows);

    /* Every data file in the folder is in the table. */
    DIR *d = opendir(dir);
    struct dirent *e;
    int all = 1;
    while (d && (e = readdir(d))) {
        if (!ends_with(e->d_name, ".gz"))
            continue;
        int found = 0;
        for (int i = 0; i < nchecked; i++)
            found |= strcmp(checked[i], e->d_name) == 0;
        if (!found) {
            all = 0;
            diag("%s is not in the SOURCES.md summary", e->d_name);
        }
    }
    if (d)
        closedir(d);
    ok(all, "every file in the folder was checked");
    return tap_done();
}
