/* ws_gpu_iru.c: the GPU's IRU units for front ends (ws_gpu_iru.h). */
#include "arch/ws_gpu_iru.h"

#include "arch/ws_gpu_int.h"
#include "arch/ws_mempart.h"
#include "arch/ws_mreq.h"
#include "arch/ws_sm.h"

uint32_t ws_gpu_iru_count(const ws_gpu *g)
{
    return g && g->mem ? ws_memsys_iru_units(g->mem) : 0;
}

const ws_iru *ws_gpu_iru(const ws_gpu *g, uint32_t p)
{
    return p < ws_gpu_iru_count(g) ? ws_memsys_iru_unit(g->mem, p) : NULL;
}

bool ws_gpu_iru_request(const ws_gpu *g, uint32_t p, uint32_t i, ws_gpu_iru_req *out)
{
    const ws_iru *u = ws_gpu_iru(g, p);
    uint64_t tag, t;
    uint32_t mask;
    if (!u || !ws_iru_req_get(u, i, &tag, &mask, &t))
        return false;
    /* The memory partition tags a request with its ws_mreq (ws_mempart_iru.c). */
    const ws_mreq *r = (const ws_mreq *)(uintptr_t)tag;
    out->sm = r->sm;
    out->slot = r->slot;
    out->line = r->ptx_line;
    out->lanes = (uint32_t)__builtin_popcount(mask);
    out->since = t;
    out->id = r->id;
    return true;
}

const char *ws_iru_why_phrase(uint32_t why)
{
    static const char *const s[WS_IRU_WHY_N] = { "an entry was full", "after the timeout", "at the end of the stream",
                                                 "a warp of disabled lanes" };
    return why < WS_IRU_WHY_N ? s[why] : "?";
}

const char *ws_iru_why_key(uint32_t why)
{
    static const char *const s[WS_IRU_WHY_N] = { "full", "timeout", "flush", "disabled" };
    return why < WS_IRU_WHY_N ? s[why] : "?";
}

bool ws_gpu_iru_lanes_get(const ws_gpu *g, uint32_t sm, uint32_t slot, ws_gpu_iru_lanes *out)
{
    if (sm >= g->cfg.nsms)
        return false;
    const ws_sm *s = &g->sms[sm];
    if (!s->iru_last || slot >= s->nslots || !s->slots[slot].w)
        return false;
    const ws_gpu_iru_lanes *r = &s->iru_last[slot];
    if (!r->t_done || r->warp != (const void *)s->slots[slot].w)
        return false;
    *out = *r;
    return true;
}
