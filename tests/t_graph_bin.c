/* The binary CSR format: exact layout, round trips (file, memory, gzip,
 * orig ids, source), atomic writes, and rejection of every kind of damage
 * with its own message.  Also the text writers' round trips. */
#define _POSIX_C_SOURCE 200809L
#include "ws_tap.h"
#include "graph/ws_graph.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

static char dir[2048];

static const char *tmp(const char *name)
{
    static char buf[4][4096];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
    return buf[k];
}

static const char *data(const char *name)
{
    static char buf[4096];
    const char *src = getenv("WS_SRCDIR");
    snprintf(buf, sizeof buf, "%s/tests/data/%s", src ? src : ".", name);
    return buf;
}

static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static void fix_header_crc(unsigned char *b)
{
    put32(b + 52, (uint32_t)crc32(crc32(0L, Z_NULL, 0), b, 52));
}

static void fix_payload_crc(unsigned char *b, size_t len)
{
    put32(b + 48, (uint32_t)crc32(crc32(0L, Z_NULL, 0), b + 56, (uInt)(len - 56)));
    fix_header_crc(b);
}

static int count_entries(void)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)))
        n += e->d_name[0] != '.';
    if (d)
        closedir(d);
    return n;
}

static ws_graph *tiny(void)
{
    ws_error err = { 0 };
    ws_graph *g = ws_graph_load(data("tiny.el"), NULL, &err);
    if (!g) {
        diag("%s", err.msg);
        exit(1);
    }
    return g;
}

static void test_layout_and_round_trip(void)
{
    ws_error err = { 0 };
    ws_graph *g = tiny();
    size_t len;
    unsigned char *b = ws_graph_save_mem(g, &len);
    is_int(len, 56 + 4 * (7 + 8 + 8), "size: header + row + col + weight");
    ok(memcmp(b, "\x89WSG\r\n\x1a\n", 8) == 0, "magic");
    is_int(get32(b + 8), 1, "version 1");
    is_int(get32(b + 12), 1, "flags: weighted");
    is_int(get32(b + 16), 6, "n");
    is_int(get32(b + 24), 8, "m");
    ok(get32(b + 32) == 0xffffffffu && get32(b + 36) == 0xffffffffu, "source -1");
    is_int(get32(b + 40), 4 * 23, "payload bytes");
    is_int(get32(b + 48), (uint32_t)crc32(crc32(0L, Z_NULL, 0), b + 56, 4 * 23), "payload CRC-32");
    is_int(get32(b + 52), (uint32_t)crc32(crc32(0L, Z_NULL, 0), b, 52), "header CRC-32");
    ok(get32(b + 56) == 0 && get32(b + 56 + 4 * 6) == 8, "row array first");
    ok(get32(b + 56 + 4 * 7) == 1, "then col");
    ok(get32(b + 56 + 4 * 15) == 4, "then weight");

    ws_graph *h = ws_graph_load_mem(b, len, "mem.bin", NULL, &err);
    ok(h != NULL, "memory round trip loads (detected by magic)%s%s", h ? "" : ": ", h ? "" : err.msg);
    if (h) {
        is_u64(ws_graph_checksum(h), ws_graph_checksum(g), "same CSR");
        is_int(h->origin.format, WS_GRAPH_FMT_BINARY, "format reported");
    }
    ws_graph_free(h);
    free(b);

    const char *p = tmp("tiny.wsg");
    ok(ws_graph_save(g, p, &err) == 0, "save");
    is_int(count_entries(), 1, "no temporary file left behind");
    h = ws_graph_load(p, NULL, &err);
    ok(h && ws_graph_checksum(h) == ws_graph_checksum(g), "file round trip");
    ws_graph_free(h);

    /* orig ids, source, symmetric flag */
    ws_graph *s = ws_graph_load(data("sparse.snap.txt"), NULL, &err);
    ws_graph_save(s, p, &err);
    h = ws_graph_load(p, NULL, &err);
    ok(h && h->orig_id && memcmp(h->orig_id, s->orig_id, 4 * sizeof *h->orig_id) == 0,
       "orig ids survive");
    ws_graph_free(h);
    ws_graph_free(s);
    s = ws_graph_load(data("tiny_rodinia.txt"), &(ws_graph_opts){ .symmetrize = 1 }, &err);
    ws_graph_save(s, p, &err);
    h = ws_graph_load(p, NULL, &err);
    ok(h && h->source == 0 && (h->flags & WS_GRAPH_SYMMETRIC), "source and symmetric flag survive");
    ws_graph_free(h);
    ws_graph_free(s);

    /* Saving over an existing file replaces it. */
    ws_graph_save(g, p, &err);
    h = ws_graph_load(p, NULL, &err);
    ok(h && ws_graph_checksum(h) == ws_graph_checksum(g) && !h->orig_id, "overwrite replaces");
    ws_graph_free(h);

    /* Options apply on load as for text. */
    h = ws_graph_load(p, &(ws_graph_opts){ .symmetrize = 1 }, &err);
    ok(h && h->m == 16 && ws_graph_is_symmetric(h), "symmetrize a binary graph on load");
    ws_graph_free(h);
    h = ws_graph_load(p, &(ws_graph_opts){ .order = WS_GRAPH_ORDER_DEGREE }, &err);
    ok(h && h->orig_id && h->orig_id[1] == 2, "reorder a binary graph on load");
    ws_graph_free(h);

    /* gzip-compressed binary */
    const char *pz = tmp("tiny.wsg.gz");
    b = ws_graph_save_mem(g, &len);
    gzFile z = gzopen(pz, "wb9");
    gzwrite(z, b, (unsigned)len);
    gzclose(z);
    h = ws_graph_load(pz, NULL, &err);
    ok(h && ws_graph_checksum(h) == ws_graph_checksum(g) && h->origin.compressed,
       "gzip-compressed binary loads");
    ws_graph_free(h);
    unlink(pz);
    free(b);

    /* A failed save leaves nothing. */
    ok(ws_graph_save(g, tmp("no/such/dir/x.wsg"), &err) < 0, "save into a missing directory fails");
    ok(strstr(err.msg, "no/such/dir/x.wsg: cannot create a temporary file next to it: No such "
                       "file or directory") != NULL,
       "with the reason: %s", err.msg);
    is_int(count_entries(), 1, "and nothing is left");
    ws_graph bad = *g;
    int32_t col[8];
    memcpy(col, g->col, sizeof col);
    col[2] = 99;
    bad.col = col;
    ok(ws_graph_save(&bad, tmp("bad.wsg"), &err) < 0, "an invalid CSR is not saved");
    ok(strstr(err.msg, "refusing to save an invalid graph: edge 2 targets vertex 99") != NULL,
       "with the reason: %s", err.msg);
    is_int(count_entries(), 1, "nothing written");
    unlink(p);
    ws_graph_free(g);
}

static void expect(const unsigned char *b, size_t len, const char *want, const char *what)
{
    ws_error err = { 0 };
    ws_graph *g = ws_graph_load_mem(b, len, "x.wsg", NULL, &err);
    ok(g == NULL, "%s: rejected", what);
    is_str(err.msg, want, "%s: message", what);
    ws_graph_free(g);
}

static void test_damage(void)
{
    ws_graph *g = tiny();
    size_t len;
    unsigned char *orig = ws_graph_save_mem(g, &len);
    unsigned char *b = malloc(len + 1);

    memcpy(b, orig, len);
    b[1] = 'X';
    expect(b, len, "x.wsg: not a warpscope binary graph (bad magic number)", "bad magic");

    memcpy(b, orig, len);
    put32(b + 8, 2);
    fix_header_crc(b);
    expect(b, len, "x.wsg: binary graph version 2 is not supported (this warpscope reads version 1)",
           "future version");

    memcpy(b, orig, len);
    b[16] ^= 1;
    expect(b, len, "x.wsg: corrupt binary graph: header checksum mismatch", "damaged header");

    memcpy(b, orig, len);
    b[60] ^= 0x10;
    expect(b, len, "x.wsg: corrupt binary graph: payload checksum mismatch", "damaged payload");

    memcpy(b, orig, len);
    b[len] = 0;
    expect(b, len + 1, "x.wsg: corrupt binary graph: data after the 92 announced payload bytes",
           "trailing byte");

    memcpy(b, orig, len);
    put32(b + 12, 8 | 1);
    fix_header_crc(b);
    expect(b, len, "x.wsg: binary graph has unknown flags 0x9", "unknown flag");

    memcpy(b, orig, len);
    put32(b + 16, 0);
    put32(b + 20, 1); /* n = 2^32 */
    fix_header_crc(b);
    expect(b, len,
           "x.wsg: impossible size: 4294967296 vertices and 8 edges (limits 268435456 and 134217728: "
           "max_vertices and max_edges in Lua, --max-vertices and --max-edges for 'warpscope graph')",
           "impossible size");

    memcpy(b, orig, len);
    put32(b + 40, 4);
    fix_header_crc(b);
    expect(b, len,
           "x.wsg: corrupt binary graph: the header's payload size 4 disagrees with its counts "
           "(expected 92)",
           "payload size");

    memcpy(b, orig, len);
    put32(b + 32, 6);
    put32(b + 36, 0);
    fix_header_crc(b);
    expect(b, len, "x.wsg: corrupt binary graph: source vertex 6 out of range", "bad source");

    /* Checksums correct, CSR invalid. */
    memcpy(b, orig, len);
    put32(b + 56 + 4 * 7 + 4 * 2, 9);
    fix_payload_crc(b, len);
    expect(b, len, "x.wsg: invalid binary graph: edge 2 targets vertex 9, outside 0..5",
           "target out of range");
    memcpy(b, orig, len);
    put32(b + 56 + 4 * 3, 1);
    fix_payload_crc(b, len);
    expect(b, len,
           "x.wsg: invalid binary graph: row offsets decrease at vertex 2 (row[2] = 3 > row[3] "
           "= 1)",
           "offsets decrease");

    /* Every truncation. */
    int all = 1;
    for (size_t cut = 0; cut < len; cut++) {
        ws_error err = { 0 };
        ws_graph *h = ws_graph_load_mem(orig, cut, "x.wsg", NULL, &err);
        const char *want = cut < 8    ? "not a warpscope binary graph"
                           : cut < 56 ? "truncated binary graph: the header needs 56 bytes"
                                      : "truncated binary graph: the header announces 92 payload "
                                        "bytes but the file ends before them";
        if (h || !strstr(err.msg, want)) {
            all = 0;
            diag("cut %zu: %s", cut, h ? "accepted" : err.msg);
        }
        ws_graph_free(h);
    }
    ok(all, "every truncated prefix is rejected with its message");

    /* Every single-bit flip is caught by a checksum or a check. */
    int caught = 1;
    for (size_t i = 0; i < len; i++)
        for (int bit = 0; bit < 8; bit++) {
            memcpy(b, orig, len);
            b[i] ^= (unsigned char)(1u << bit);
            ws_error err = { 0 };
            ws_graph *h = ws_graph_load_mem(b, len, "x.wsg", NULL, &err);
            if (h) {
                caught = 0;
                diag("flip byte %zu bit %d accepted", i, bit);
            }
            ws_graph_free(h);
        }
    ok(caught, "every single-bit flip is rejected");

    /* A truncated file on disk. */
    const char *p = tmp("cut.wsg");
    FILE *f = fopen(p, "wb");
    fwrite(orig, 1, len - 5, f);
    fclose(f);
    ws_error err = { 0 };
    ok(ws_graph_load(p, NULL, &err) == NULL && strstr(err.msg, "cut.wsg: truncated binary graph"),
       "truncated file: %s", err.msg);
    unlink(p);
    free(b);
    free(orig);
    ws_graph_free(g);
}

static void test_text_writers(void)
{
    ws_error err = { 0 };
    ws_graph *g = tiny();
    const char *p = tmp("tiny_out.el");
    ok(ws_graph_write_text(g, p, WS_GRAPH_FMT_EDGELIST, &err) == 0, "write an edge list");
    ws_graph *h = ws_graph_load(p, NULL, &err);
    ok(h && ws_graph_checksum(h) == ws_graph_checksum(g), "edge list round trip%s%s",
       h ? "" : ": ", h ? "" : err.msg);
    ws_graph_free(h);
    unlink(p);
    p = tmp("tiny_out.mtx");
    ok(ws_graph_write_text(g, p, WS_GRAPH_FMT_MTX, &err) == 0, "write Matrix Market");
    h = ws_graph_load(p, NULL, &err);
    ok(h && ws_graph_checksum(h) == ws_graph_checksum(g), "Matrix Market round trip");
    ws_graph_free(h);
    unlink(p);
    ok(ws_graph_write_text(g, p, WS_GRAPH_FMT_METIS, &err) < 0, "METIS output is not offered");
    ok(strstr(err.msg, "cannot write metis files") != NULL, "message: %s", err.msg);
    ws_graph_free(g);
    is_int(count_entries(), 0, "the scratch directory is empty again");
}

int main(void)
{
    const char *b = getenv("WS_BUILDDIR");
    snprintf(dir, sizeof dir, "%s/t_graph_bin.tmp", b ? b : ".");
    mkdir(dir, 0777);
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (e->d_name[0] != '.')
            unlink(tmp(e->d_name));
    if (d)
        closedir(d);
    test_layout_and_round_trip();
    test_damage();
    test_text_writers();
    rmdir(dir);
    return tap_done();
}
