/* ws_pf_nextline.c: the next-line prefetcher, DSAP's baseline (DSAP
 * Sec. V-A: "fetches data from the next cache line relative to the address
 * of the last load").  Every demand load request prefetches the `degree`
 * lines after its own (distance 1: the next line); it keeps no table. */
#include <stdlib.h>

#include "arch/ws_opts.h"
#include "pf/ws_pf_all.h"
#include "util/ws_util.h"

typedef struct nextline {
    ws_pf base;
    uint64_t triggers;
} nextline;

static ws_pf *nl_create(ws_pf_ctx *x, const ws_opts *o, ws_error *err)
{
    (void)o;
    (void)err;
    nextline *n = ws_xcalloc(1, sizeof *n);
    n->base.x = x;
    return &n->base;
}

static void nl_observe(ws_pf *p, const ws_pf_access *a)
{
    nextline *n = (nextline *)p;
    if (a->kind != WS_PF_LOAD) return;
    n->triggers++;
    uint32_t deg = p->x->degree ? p->x->degree : 0;
    for (uint32_t k = 0; k < deg; k++)
        ws_pf_issue(p->x, a->line + (uint64_t)(p->x->distance + k) * p->x->line, a->wid, 0, 0);
}

static void nl_inspect(const ws_pf *p, ws_pf_insp *in)
{
    const nextline *n = (const nextline *)p;
    ws_pf_insp_int(in, "triggers", (int64_t)n->triggers);
    ws_pf_insp_int(in, "degree", p->x->degree);
    ws_pf_insp_int(in, "distance", p->x->distance);
}

static void nl_destroy(ws_pf *p)
{
    free(p);
}

const ws_pf_ops ws_pf_nextline = {
    .name = "nextline",
    .help = "next line after every demand load (DSAP's baseline)",
    .create = nl_create,
    .observe = nl_observe,
    .inspect = nl_inspect,
    .destroy = nl_destroy,
};
