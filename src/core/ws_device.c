/* ws_device.c: device creation, configuration, per-SM usage, teardown. */
#include <stdlib.h>
#include <string.h>

#include "core/ws_core_int.h"
#include "util/ws_util.h"

void ws_device_config_default(ws_device_config *c)
{
    memset(c, 0, sizeof *c);
    c->num_sms = 15;
    c->warp_size = WS_WARP_SIZE;
    c->max_threads_per_sm = 1536;
    c->max_ctas_per_sm = 8;
    c->max_warps_per_sm = 48;
    c->shared_bytes_per_sm = 48 * 1024;
    c->regs_per_sm = 32768;
    c->max_threads_per_cta = 1024;
    c->max_shared_per_cta = 48 * 1024;
    c->local_bytes_per_thread = 16 * 1024;
    c->max_call_depth = 1024;
    c->insn_budget = 1ull << 32;
    c->functional_quantum = 1024;
}

ws_device *ws_device_create(const ws_device_config *c, ws_error *err)
{
    ws_device_config cfg;
    if (c)
        cfg = *c;
    else
        ws_device_config_default(&cfg);
    if (cfg.warp_size != WS_WARP_SIZE) {
        ws_error_set(err, WS_E_RANGE, "warp size %u is not supported: warpscope's warps have 32 threads",
                     cfg.warp_size);
        return NULL;
    }
    if (cfg.max_warps_per_sm == 0)
        cfg.max_warps_per_sm = (cfg.max_threads_per_sm + WS_WARP_SIZE - 1) / WS_WARP_SIZE;
    struct { const char *name; uint64_t v, lo, hi; } chk[] = {
        { "num_sms", cfg.num_sms, 1, 4096 },
        { "max_threads_per_sm", cfg.max_threads_per_sm, 32, 1u << 20 },
        { "max_ctas_per_sm", cfg.max_ctas_per_sm, 1, 1024 },
        { "max_warps_per_sm", cfg.max_warps_per_sm, 1, 1u << 15 },
        { "regs_per_sm", cfg.regs_per_sm, 256, 1u << 24 },
        { "max_threads_per_cta", cfg.max_threads_per_cta, 32, 1024 },
        { "local_bytes_per_thread", cfg.local_bytes_per_thread, 0, 1u << 24 },
        { "max_call_depth", cfg.max_call_depth, 1, 1u << 20 },
        { "functional_quantum", cfg.functional_quantum, 1, 1u << 30 },
        { "shared_bytes_per_sm", cfg.shared_bytes_per_sm, 0, 1ull << 31 },
        { "max_shared_per_cta", cfg.max_shared_per_cta, 0, 1ull << 31 },
    };
    for (size_t i = 0; i < WS_ARRAY_LEN(chk); i++)
        if (chk[i].v < chk[i].lo || chk[i].v > chk[i].hi) {
            ws_error_set(err, WS_E_RANGE, "device option %s = %llu is out of range [%llu, %llu]", chk[i].name,
                         (unsigned long long)chk[i].v, (unsigned long long)chk[i].lo,
                         (unsigned long long)chk[i].hi);
            return NULL;
        }
    ws_device *d = ws_xcalloc(1, sizeof *d);
    d->cfg = cfg;
    d->next_addr = WS_GEN_GLOBAL_BASE;
    d->next_id = 1;
    d->sm = ws_xcalloc(cfg.num_sms, sizeof *d->sm);
    d->next_gridid = 1;
    return d;
}

const ws_device_config *ws_device_config_get(const ws_device *d) { return &d->cfg; }
void ws_device_set_budget(ws_device *d, uint64_t insn_budget) { d->cfg.insn_budget = insn_budget; }
void ws_device_set_memory_limit(ws_device *d, uint64_t bytes) { d->bytes_limit = bytes; }

const ws_sm_usage *ws_device_sm_usage(const ws_device *d, uint32_t sm)
{
    return sm < d->cfg.num_sms ? &d->sm[sm] : NULL;
}

const ws_fault *ws_device_last_fault(const ws_device *d) { return d->has_fault ? &d->fault : NULL; }
void ws_device_clear_fault(ws_device *d) { d->has_fault = false; }
const ws_launch_stats *ws_device_last_stats(const ws_device *d) { return &d->last; }
const ws_launch_stats *ws_device_total_stats(const ws_device *d) { return &d->total; }

void ws_device_free(ws_device *d)
{
    if (!d)
        return;
    while (d->ngrids > 0)
        ws_grid_free(d->grids[d->ngrids - 1]);
    free(d->grids);
    ws_device_cta_cache_free(d);
    for (uint32_t i = 0; i < d->nmods; i++) {
        ws_module *m = d->mods[i];
        ws_decode_free(m);
        ws_ptx_module_free(m->ptx);
        free(m->kernels);
        free(m->var_addr);
        free(m->cbank);
        free(m);
    }
    free(d->mods);
    for (size_t i = 0; i < d->nlive; i++) {
        free(d->live[i]->a.data);
        free(d->live[i]->name_own);
        free(d->live[i]);
    }
    for (size_t i = 0; i < d->ndead; i++) {
        free(d->dead[i]->name_own);
        free(d->dead[i]);
    }
    free(d->live);
    free(d->dead);
    free(d->pbuf);
    free(d->sm);
    free(d);
}
