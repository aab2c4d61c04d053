/* ws_mreq.c: the request pool. */
#include "arch/ws_mreq.h"

#include <stdlib.h>
#include <string.h>

#include "arch/ws_rtrace.h"
#include "util/ws_util.h"


void ws_mreq_pool_init(ws_mreq_pool *p)
{
    memset(p, 0, sizeof *p);
    p->next_id = 1;
}

void ws_mreq_pool_fini(ws_mreq_pool *p)
{
    for (uint32_t i = 0; i < p->nchunks; i++) free(p->chunks[i]);
    free(p->chunks);
    memset(p, 0, sizeof *p);
}

ws_mreq *ws_mreq_alloc(ws_mreq_pool *p)
{
    if (!p->free) {
        /* (cache-line aligned: a request's first line holds what every
         * stage reads) */
        ws_mreq *c = ws_xcalloc_aligned(_Alignof(ws_mreq), WS_MREQ_CHUNK, sizeof *c);
        if (p->nchunks == p->cap_chunks) {
            p->cap_chunks = p->cap_chunks ? 2 * p->cap_chunks : 16;
            p->chunks = ws_xrealloc(p->chunks, p->cap_chunks * sizeof *p->chunks);
        }
        p->chunks[p->nchunks++] = c;
        for (uint32_t i = WS_MREQ_CHUNK; i-- > 0;) {
            c[i].next = p->free;
            p->free = &c[i];
        }
    }
    ws_mreq *r = p->free;
    p->free = r->next;
    memset(r, 0, offsetof(ws_mreq, id));    /* (not the alignment padding) */
    r->id = p->next_id++;
    r->slot = 0xffff;
    if (p->trace_all) {
        r->traced = 1;
        r->rt = p->trace_all;
        r->rt_last = 0;
    }
    p->live++;
    return r;
}

const char *ws_mreq_stage_name(ws_mreq_stage s)
{
    static const char *const n[WS_MST_COUNT] = {
        [WS_MST_NONE] = "none", [WS_MST_LDST] = "LD/ST unit", [WS_MST_L1_MSHR] = "L1 MSHR",
        [WS_MST_L1_MISSQ] = "L1 miss queue", [WS_MST_ICNT_REQ] = "request network",
        [WS_MST_L2_QUEUE] = "L2 slice queue", [WS_MST_L2_MSHR] = "L2 MSHR",
        [WS_MST_DRAM_QUEUE] = "DRAM bank queue", [WS_MST_DRAM] = "DRAM", [WS_MST_L2_FILL] = "L2 fill",
        [WS_MST_ICNT_REPLY] = "reply network",
    };
    return (unsigned)s < WS_MST_COUNT ? n[s] : "?";
}

void ws_mreq_free(ws_mreq_pool *p, ws_mreq *r)
{
    if (r->traced) ws_rtrace_end(r);
    r->stage = WS_MST_NONE;
    r->next = p->free;
    p->free = r;
    p->live--;
}
