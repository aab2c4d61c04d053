/* ws_pf_insp.c: the inspection record policies and throttles fill in
 * (named values and tables of integer cells), and the address classifier
 * of the host-given array roles. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pf/ws_pf.h"
#include "util/ws_util.h"

void ws_pf_insp_init(ws_pf_insp *in)
{
    memset(in, 0, sizeof *in);
}

void ws_pf_insp_free(ws_pf_insp *in)
{
    for (uint32_t i = 0; i < in->ntables; i++) free(in->tables[i].cells);
    free(in->tables);
    free(in->kv);
    memset(in, 0, sizeof *in);
}

static ws_pf_insp_kv *kv_new(ws_pf_insp *in, const char *key)
{
    if (in->nkv == in->capkv) {
        in->capkv = in->capkv ? 2 * in->capkv : 16;
        in->kv = ws_xrealloc(in->kv, in->capkv * sizeof *in->kv);
    }
    ws_pf_insp_kv *k = &in->kv[in->nkv++];
    memset(k, 0, sizeof *k);
    snprintf(k->key, sizeof k->key, "%s", key);
    return k;
}

void ws_pf_insp_int(ws_pf_insp *in, const char *key, int64_t v)
{
    ws_pf_insp_kv *k = kv_new(in, key);
    k->type = 0;
    k->ival = v;
    k->dval = (double)v;
}

void ws_pf_insp_real(ws_pf_insp *in, const char *key, double v)
{
    ws_pf_insp_kv *k = kv_new(in, key);
    k->type = 1;
    k->dval = v;
    k->ival = (int64_t)v;
}

void ws_pf_insp_text(ws_pf_insp *in, const char *key, const char *s)
{
    ws_pf_insp_kv *k = kv_new(in, key);
    k->type = 2;
    snprintf(k->text, sizeof k->text, "%s", s ? s : "");
}

void ws_pf_insp_table_begin(ws_pf_insp *in, const char *name, uint32_t ncols, const char *const *cols,
                            const uint8_t *bits)
{
    if (in->ntables == in->captables) {
        in->captables = in->captables ? 2 * in->captables : 4;
        in->tables = ws_xrealloc(in->tables, in->captables * sizeof *in->tables);
    }
    ws_pf_insp_table *t = &in->tables[in->ntables++];
    memset(t, 0, sizeof *t);
    snprintf(t->name, sizeof t->name, "%s", name);
    if (ncols > WS_PF_INSP_COLS) ncols = WS_PF_INSP_COLS;
    t->ncols = ncols;
    for (uint32_t i = 0; i < ncols; i++) {
        snprintf(t->cols[i], sizeof t->cols[i], "%s", cols[i]);
        t->bits[i] = bits ? bits[i] : 0;
    }
}

void ws_pf_insp_row(ws_pf_insp *in, const int64_t *cells)
{
    if (!in->ntables) return;
    ws_pf_insp_table *t = &in->tables[in->ntables - 1];
    if (t->nrows == t->caprows) {
        t->caprows = t->caprows ? 2 * t->caprows : 16;
        t->cells = ws_xrealloc(t->cells, (size_t)t->caprows * t->ncols * sizeof *t->cells);
    }
    memcpy(&t->cells[(size_t)t->nrows * t->ncols], cells, t->ncols * sizeof *cells);
    t->nrows++;
}

const ws_pf_insp_kv *ws_pf_insp_find(const ws_pf_insp *in, const char *key)
{
    for (uint32_t i = 0; i < in->nkv; i++)
        if (!strcmp(in->kv[i].key, key)) return &in->kv[i];
    return NULL;
}

const ws_pf_insp_table *ws_pf_insp_find_table(const ws_pf_insp *in, const char *name)
{
    for (uint32_t i = 0; i < in->ntables; i++)
        if (!strcmp(in->tables[i].name, name)) return &in->tables[i];
    return NULL;
}

ws_pf_role ws_pf_classify(const ws_pf_ctx *x, uint64_t addr)
{
    for (int r = WS_ROLE_WORKLIST; r < WS_ROLE_COUNT; r++)
        if (x->ranges[r].lo < x->ranges[r].hi && addr >= x->ranges[r].lo && addr < x->ranges[r].hi)
            return (ws_pf_role)r;
    return WS_ROLE_NONE;
}
