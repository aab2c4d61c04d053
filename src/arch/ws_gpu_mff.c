/* ws_gpu_mff.c: the GPU's MFF units for front ends (ws_gpu_mff.h). */
#include "arch/ws_gpu_mff.h"

#include <string.h>

#include "arch/ws_gpu_int.h"
#include "arch/ws_mempart.h"
#include "arch/ws_sm.h"

#define MFF_CHUNK WS_SM_MFF_CHUNK

uint32_t ws_gpu_mff_count(const ws_gpu *g)
{
    return g && g->mem ? ws_memsys_mff_units(g->mem) : 0;
}

const ws_mff *ws_gpu_mff(const ws_gpu *g, uint32_t p)
{
    return p < ws_gpu_mff_count(g) ? ws_memsys_mff_unit(g->mem, p) : NULL;
}

bool ws_gpu_mff_ext_get(const ws_gpu *g, uint32_t p, ws_gpu_mff_ext *out)
{
    const ws_memsys_mff_ext *e = p < ws_gpu_mff_count(g) ? ws_memsys_mff_ext_get(g->mem, p) : NULL;
    if (!e)
        return false;
    *out = (ws_gpu_mff_ext){ .remote_lines = e->remote_lines, .reply_packets = e->reply_packets,
                             .done_packets = e->done_packets, .cmd_errors = e->cmd_errors };
    return true;
}

void ws_gpu_mff_warp(const ws_gpu *g, uint32_t warp, uint32_t *sm, uint32_t *slot)
{
    uint32_t n = g->cfg.slots ? g->cfg.slots : 1;
    *sm = warp / n;
    *slot = warp % n;
}

uint32_t ws_gpu_mff_cmds(const ws_gpu *g, uint32_t smi, uint32_t slot, ws_gpu_mff_cmd *out, uint32_t max)
{
    if (smi >= g->cfg.nsms)
        return 0;
    const ws_sm *sm = &g->sms[smi];
    uint32_t units = ws_gpu_mff_count(g), n = 0;
    for (uint32_t k = 0; k < sm->nmff_rec; k++) {
        const ws_memsys_mffcmd *x = &sm->mff_chunk[k / MFF_CHUNK][k % MFF_CHUNK];
        if (!x->used || x->slot != slot)
            continue;
        ws_gpu_mff_cmd c = { .kind = x->cmd.kind, .unit = units == 1 ? 0 : x->chan,
                             .delivered = x->words_got, .done = x->done, .t_issue = x->t_issue };
        for (uint32_t t = 0; t < WS_MFF_WARP; t++)
            if (x->cmd.mask >> t & 1) {
                c.threads++;
                c.words += x->cmd.size[t];
            }
        /* oldest first (insertion by issue cycle; equal cycles keep table order) */
        uint32_t i = n < max ? n : max;
        while (i > 0 && out[i - 1].t_issue > c.t_issue) {
            if (i < max) out[i] = out[i - 1];
            i--;
        }
        if (i < max) out[i] = c;
        n++;
    }
    return n;
}

bool ws_gpu_mff_waiting(const ws_gpu *g, uint32_t smi, uint32_t slot)
{
    if (smi >= g->cfg.nsms || slot >= g->sms[smi].nslots)
        return false;
    const ws_slot *s = &g->sms[smi].slots[slot];
    return s->w && s->in_mffwait;
}
