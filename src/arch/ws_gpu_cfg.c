/* ws_gpu_cfg.c: building the timing model's parts from the option table. */
#include <stdio.h>
#include <string.h>

#include "arch/ws_gpu_int.h"

int ws_gpu_read_config(ws_gpu *g, ws_error *err)
{
    const ws_opts *o = g->opts;
    ws_gpu_cfg *c = &g->cfg;
    memset(c, 0, sizeof *c);
    c->nsms = (uint32_t)ws_opts_uint(o, "sm.count");
    c->slots = (uint32_t)(ws_opts_uint(o, "sm.threads") / 32);
    if (c->slots > 128)
        return ws_error_set(err, WS_E_RANGE, "sm.threads: at most 4096 threads (128 warps) per SM are supported");
    c->ctas_per_sm = (uint32_t)ws_opts_uint(o, "sm.ctas");
    c->scheds = (uint32_t)ws_opts_uint(o, "sm.schedulers");
    if (c->scheds == 0 || c->scheds > c->slots)
        return ws_error_set(err, WS_E_RANGE, "sm.schedulers: %u schedulers for %u warp slots (need 1..%u)",
                            c->scheds, c->slots, c->slots);
    c->sched = (uint32_t)ws_opts_enum(o, "sm.sched");     /* gto|lrr|two-level = WS_SCHED_* */
    c->sched_active = (uint32_t)ws_opts_uint(o, "sm.sched_active");
    if (c->sched_active == 0) c->sched_active = 1;
    c->ibuffer = (uint32_t)ws_opts_uint(o, "sm.ibuffer");
    if (c->ibuffer == 0) c->ibuffer = 1;
    c->fetch = (uint32_t)ws_opts_uint(o, "sm.fetch");
    c->decode = (uint32_t)ws_opts_uint(o, "sm.decode");
    uint64_t simd = ws_opts_uint(o, "sm.simd");
    c->simd_mult = simd && simd < 32 ? (uint32_t)(32 / simd) : 1;
    c->units[WS_U_SP] = (uint32_t)ws_opts_uint(o, "sm.sp");
    c->units[WS_U_SFU] = (uint32_t)ws_opts_uint(o, "sm.sfu");
    c->units[WS_U_DP] = (uint32_t)ws_opts_uint(o, "sm.dp");
    c->units[WS_U_LDST] = 1;
    c->dp_units = c->units[WS_U_DP];
    if (c->units[WS_U_SP] == 0)
        return ws_error_set(err, WS_E_RANGE, "sm.sp: an SM needs at least one SP unit");
    c->branch_lat = (uint32_t)ws_opts_uint(o, "lat.branch");
    if (c->branch_lat == 0) c->branch_lat = 1;
    c->l1_enable = ws_opts_bool(o, "l1d.enable");
    c->l1_inval = (uint32_t)ws_opts_enum(o, "l1d.invalidate");    /* none|launch|idle = WS_L1INV_* */
    c->l1i_enable = ws_opts_bool(o, "l1i.enable");
    c->copy_to_l2 = ws_opts_bool(o, "mem.copy_to_l2");
    c->cache_global = ws_opts_bool(o, "l1d.cache_global");
    c->l1_latency = (uint32_t)ws_opts_uint(o, "l1d.latency");
    c->l1_delay = ws_opts_bool(o, "l1d.latency_queue") ? c->l1_latency : 0;
    c->l1_line = (uint32_t)ws_opts_uint(o, "l1d.line");
    c->smem_latency = (uint32_t)ws_opts_uint(o, "smem.latency");
    c->smem_banks = (uint32_t)ws_opts_uint(o, "smem.banks");
    c->smem_bank_bytes = (uint32_t)ws_opts_uint(o, "smem.bank_bytes");
    if (c->smem_banks == 0 || c->smem_banks > 64 || c->smem_bank_bytes == 0)
        return ws_error_set(err, WS_E_RANGE, "smem.banks must be 1..64 and smem.bank_bytes at least 1");
    c->cmem_latency = (uint32_t)ws_opts_uint(o, "cmem.latency");
    /* coalesce.arch: fermi|sector|1.0|1.1|1.2|1.3, where 1.0 has 1.1's rules and 1.2 has 1.3's */
    static const uint8_t coal[] = { WS_COAL_FERMI, WS_COAL_SECTOR, WS_COAL_CC11, WS_COAL_CC11,
                                    WS_COAL_CC13, WS_COAL_CC13 };
    c->coalesce_arch = coal[ws_opts_enum(o, "coalesce.arch")];
    c->coalesce_sector = c->coalesce_arch == WS_COAL_SECTOR;
    c->skip_idle = ws_opts_bool(o, "run.skip_idle");
    c->deadlock = ws_opts_uint(o, "run.deadlock");
    c->max_cycles = ws_opts_uint(o, "run.max_cycles");
    c->stall_window = ws_opts_uint(o, "run.stall_window");
    c->stats_interval = ws_opts_uint(o, "stats.interval");
    c->tcoal = ws_opts_bool(o, "stats.tcoal");

    static const char *const lk[WS_LC_COUNT] = {
        "int.add", "int.max", "int.mul", "int.mad", "int.div", "int.shfl",
        "fp.add", "fp.max", "fp.mul", "fp.mad", "fp.div",
        "dp.add", "dp.max", "dp.mul", "dp.mad", "dp.div", "sfu",
    };
    for (int i = 0; i < WS_LC_COUNT; i++) {
        char k[32];
        snprintf(k, sizeof k, "lat.%s", lk[i]);
        g->lat.lat[i] = (uint16_t)ws_opts_uint(o, k);
        snprintf(k, sizeof k, "ii.%s", lk[i]);
        g->lat.ii[i] = (uint16_t)ws_opts_uint(o, k);
        if (g->lat.lat[i] == 0) g->lat.lat[i] = 1;
        if (g->lat.ii[i] == 0) g->lat.ii[i] = 1;
    }
    return 0;
}

void ws_gpu_device_config(const ws_opts *o, ws_device_config *dc)
{
    ws_device_config_default(dc);
    dc->num_sms = (uint32_t)ws_opts_uint(o, "sm.count");
    dc->max_threads_per_sm = (uint32_t)ws_opts_uint(o, "sm.threads");
    dc->max_ctas_per_sm = (uint32_t)ws_opts_uint(o, "sm.ctas");
    dc->shared_bytes_per_sm = ws_opts_uint(o, "sm.shared");
    dc->regs_per_sm = (uint32_t)ws_opts_uint(o, "sm.regs");
    dc->max_threads_per_cta = (uint32_t)ws_opts_uint(o, "cta.threads");
    dc->max_shared_per_cta = ws_opts_uint(o, "cta.shared");
    dc->local_bytes_per_thread = ws_opts_uint(o, "thread.local");
    dc->max_call_depth = (uint32_t)ws_opts_uint(o, "thread.call_depth");
    dc->keep_regs = ws_opts_bool(o, "thread.keep_regs");
    dc->check_sync = ws_opts_bool(o, "check.sync");
}
