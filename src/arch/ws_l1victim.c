/* ws_l1victim.c: the victim cache's structure (ws_l1victim.h). */
#include <stdlib.h>
#include <string.h>
#include "arch/ws_l1victim.h"
#include "util/ws_util.h"

struct ws_l1v {
    uint32_t n, cap, line;
    uint64_t *tag;          /* line addresses, [0] the most recently used */
    ws_l1v_stats *st;
};

ws_l1v *ws_l1v_create(uint32_t bytes, uint32_t line, ws_l1v_stats *st, ws_error *err)
{
    if (bytes == 0) return NULL;
    if (line == 0 || bytes % line) {
        ws_error_set(err, WS_E_RANGE, "l1d.victim: %u bytes is not a multiple of the L1D line (l1d.line %u)",
                     bytes, line);
        return NULL;
    }
    if (bytes > 65536) {
        ws_error_set(err, WS_E_RANGE, "l1d.victim: %u bytes is more than 64K", bytes);
        return NULL;
    }
    ws_l1v *v = ws_xcalloc(1, sizeof *v);
    v->cap = bytes / line;
    v->line = line;
    v->tag = ws_xcalloc(v->cap, sizeof *v->tag);
    v->st = st;
    return v;
}

void ws_l1v_free(ws_l1v *v)
{
    if (!v) return;
    free(v->tag);
    free(v);
}

static int find(const ws_l1v *v, uint64_t la)
{
    for (uint32_t i = 0; i < v->n; i++)
        if (v->tag[i] == la) return (int)i;
    return -1;
}

bool ws_l1v_has(const ws_l1v *v, uint64_t addr)
{
    return find(v, addr / v->line * v->line) >= 0;
}

bool ws_l1v_remove(ws_l1v *v, uint64_t addr)
{
    int i = find(v, addr / v->line * v->line);
    if (i < 0) return false;
    memmove(&v->tag[i], &v->tag[i + 1], (v->n - (uint32_t)i - 1) * sizeof *v->tag);
    v->n--;
    return true;
}

void ws_l1v_put(ws_l1v *v, uint64_t addr)
{
    uint64_t la = addr / v->line * v->line;
    if (!ws_l1v_remove(v, la) && v->n == v->cap) v->n--;   /* the LRU line leaves */
    memmove(&v->tag[1], &v->tag[0], v->n * sizeof *v->tag);
    v->tag[0] = la;
    v->n++;
    if (v->st) v->st->inserts++;
}

void ws_l1v_clear(ws_l1v *v)
{
    v->n = 0;
}

uint32_t ws_l1v_lines(const ws_l1v *v, uint64_t *out)
{
    memcpy(out, v->tag, v->n * sizeof *v->tag);
    return v->n;
}

uint32_t ws_l1v_entries(const ws_l1v *v)
{
    return v->cap;
}
