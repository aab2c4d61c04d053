/* ws_memsys_opts.c: the memory system's configuration from the options
 * (mem.*, l2.*, dram.*, icnt.*, clock.*). */
#include "arch/ws_mempart_int.h"
#include "arch/ws_cpol_glue.h"

#include <stdio.h>
#include <string.h>

static uint32_t u32(const ws_opts *o, const char *key) { return (uint32_t)ws_opts_uint(o, key); }

int ws_memsys_config_from_opts(ws_memsys_config *c, const ws_opts *o, ws_error *err)
{
    memset(c, 0, sizeof *c);
    c->channels = u32(o, "mem.channels");
    c->subparts = u32(o, "mem.subparts");
    c->l2_enable = ws_opts_bool(o, "l2.enable");

    /* per slice: + slice index (random replacement only); a disabled L2's
     * geometry is not checked, as the options do not check it */
    if (c->l2_enable && ws_cache_config_from_opts(&c->l2, o, "l2", 0x4c32u, err) < 0)
        return -1;
    c->l2_latency = u32(o, "l2.latency");
    c->l2_port = u32(o, "l2.port");
    c->rop_latency = u32(o, "l2.rop_latency");

    ws_dram_config *d = &c->dram;
    d->banks = u32(o, "dram.banks");
    d->bank_groups = u32(o, "dram.bank_groups");
    d->bus_bytes = u32(o, "dram.bus_bytes");
    d->burst = u32(o, "dram.burst");
    d->data_rate = u32(o, "dram.data_rate");
    d->queue = u32(o, "dram.queue");
    d->return_queue = u32(o, "dram.return_queue");
    d->sched = (ws_dram_sched)ws_opts_enum(o, "dram.sched");
    d->demand_first = ws_opts_bool(o, "dram.demand_first");
    d->tCCD = u32(o, "dram.tCCD");
    d->tRRD = u32(o, "dram.tRRD");
    d->tRCD = u32(o, "dram.tRCD");
    d->tRAS = u32(o, "dram.tRAS");
    d->tRP = u32(o, "dram.tRP");
    d->tRC = u32(o, "dram.tRC");
    d->tCL = u32(o, "dram.tCL");
    d->tWL = u32(o, "dram.tWL");
    d->tCDLR = u32(o, "dram.tCDLR");
    d->tWR = u32(o, "dram.tWR");
    d->tCCDL = u32(o, "dram.tCCDL");
    d->tRTPL = u32(o, "dram.tRTPL");
    c->dram_latency = u32(o, "dram.latency");
    const char *map = ws_opts_str(o, "dram.map");
    if (strlen(map) >= sizeof c->map)
        return ws_error_set(err, WS_E_RANGE, "dram.map is longer than %zu characters",
                            sizeof c->map - 1);
    memcpy(c->map, map, strlen(map) + 1);

    c->flit = u32(o, "icnt.flit");
    c->icnt_latency = u32(o, "icnt.latency");
    c->in_buffer = u32(o, "icnt.in_buffer");
    c->out_buffer = u32(o, "icnt.out_buffer");
    c->clk_core = u32(o, "clock.core");
    c->clk_icnt = u32(o, "clock.icnt");
    c->clk_l2 = u32(o, "clock.l2");
    c->clk_dram = u32(o, "clock.dram");
    c->queue = u32(o, "l2.queue");
    return 0;
}

ws_memsys *ws_memsys_create(const ws_opts *o, uint32_t nsms, ws_mreq_pool *pool, ws_error *err)
{
    ws_memsys_config c;
    if (ws_memsys_config_from_opts(&c, o, err) < 0) return NULL;
    ws_memsys *m = ws_memsys_create_cfg(&c, nsms, pool, err);
    if (m && (ws_memsys_iru_create(m, o, err) < 0 || ws_memsys_mff_create(m, o, err) < 0 ||
              ws_cpolg_memsys_create(m, o, err) < 0)) {
        ws_memsys_free(m);
        return NULL;
    }
    return m;
}

