/* ws_lua_insp_iru.c: gpu:iru(p), the state of partition p's IRU (issue 33):
 * what the TUI's IRU view shows, as a table.
 *
 *   local u = gpu:iru(0)
 *   print(u.hash_elems, u.req_fifo, #u.sets, u.sets[1].fill, u.stats.timeouts)
 *
 * Fields: partition, configured, stream_done, flushing; the queues
 * (req_fifo, replies, pf_inflight, pf_buffer, class_q, ring_in, ring_out,
 * pipe); hash_elems, owed (disabled lanes owed for filtered elements);
 * sets (one {fill=, blocks=} per local set, set s at [s + 1]); requests
 * (the waiting ones, oldest first: {sm=, slot=, line=, lanes=, since=,
 * id=}); regs (the launch's configure_iru: target, elem_size, indices,
 * secondary, n, filter); config (the iru.* structure); stats (the
 * partition's counters).  Raises on a gpu without the IRU. */
#include "config.h"

#include <lauxlib.h>

#include "arch/ws_gpu_iru.h"
#include "lua/ws_lua_insp.h"

static void push_stats(lua_State *L, const ws_iru_stats *s)
{
    lua_createtable(L, 0, 24);
    ws_linsp_set_int(L, "elems_in", (lua_Integer)s->elems_in);
    ws_linsp_set_int(L, "filtered", (lua_Integer)s->filtered);
    ws_linsp_set_int(L, "merged", (lua_Integer)s->merged);
    ws_linsp_set_int(L, "elems_out", (lua_Integer)s->elems_out);
    ws_linsp_set_int(L, "requests", (lua_Integer)s->requests);
    ws_linsp_set_int(L, "replies", (lua_Integer)s->replies);
    ws_linsp_set_int(L, "reply_packets", (lua_Integer)s->reply_packets);
    ws_linsp_set_int(L, "disabled_warps", (lua_Integer)s->disabled_warps);
    ws_linsp_set_int(L, "timeouts", (lua_Integer)s->timeouts);
    ws_linsp_set_int(L, "flush_replies", (lua_Integer)s->flush_replies);
    ws_linsp_set_int(L, "hash_inserts", (lua_Integer)s->hash_inserts);
    ws_linsp_set_int(L, "hash_conflicts", (lua_Integer)s->hash_conflicts);
    ws_linsp_set_int(L, "hash_stalls", (lua_Integer)s->hash_stalls);
    ws_linsp_set_int(L, "ring_flits", (lua_Integer)s->ring_flits);
    ws_linsp_set_int(L, "ring_flits_back", (lua_Integer)s->ring_flits_back);
    ws_linsp_set_int(L, "ring_in", (lua_Integer)s->ring_in);
    ws_linsp_set_int(L, "pf_lines", (lua_Integer)s->pf_lines);
    ws_linsp_set_int(L, "pf_remote", (lua_Integer)s->pf_remote);
    ws_linsp_set_int(L, "latency_sum", (lua_Integer)s->lat_sum);
    lua_createtable(L, WS_IRU_WARP, 0);
    for (uint32_t b = 1; b <= WS_IRU_WARP; b++) {
        lua_pushinteger(L, (lua_Integer)s->coal_hist[b]);
        lua_rawseti(L, -2, b);
    }
    lua_setfield(L, -2, "blocks_hist");   /* [b]: replies whose valid lanes span b blocks */
}

static int g_iru(lua_State *L)
{
    ws_gpu *g = ws_linsp_model(L, 1, "iru");
    uint32_t n = ws_gpu_iru_count(g);
    if (!n)
        return luaL_error(L, "gpu:iru: this gpu has no IRU (--set iru.enable=true)");
    uint32_t p = ws_linsp_index(L, 2, n, "IRU partition");
    const ws_iru *u = ws_gpu_iru(g, p);
    ws_iru_view v;
    ws_iru_view_get(u, &v);
    lua_createtable(L, 0, 24);
    ws_linsp_set_int(L, "partition", p);
    ws_linsp_set_bool(L, "configured", v.configured);
    ws_linsp_set_bool(L, "stream_done", v.stream_done);
    ws_linsp_set_bool(L, "flushing", v.flushing);
    ws_linsp_set_int(L, "req_fifo", v.req_fifo);
    ws_linsp_set_int(L, "replies", v.replies);
    ws_linsp_set_int(L, "pf_inflight", v.pf_inflight);
    ws_linsp_set_int(L, "pf_buffer", v.pf_buffer);
    ws_linsp_set_int(L, "class_q", v.class_q);
    ws_linsp_set_int(L, "ring_in", v.ring_in);
    ws_linsp_set_int(L, "ring_out", v.ring_out);
    ws_linsp_set_int(L, "pipe", v.pipe);
    ws_linsp_set_int(L, "hash_elems", (lua_Integer)v.hash_elems);
    ws_linsp_set_int(L, "owed", (lua_Integer)v.owed);

    lua_createtable(L, (int)v.sets, 0);
    for (uint32_t s = 0; s < v.sets; s++) {
        uint32_t fill, blocks;
        ws_iru_set_info(u, s, &fill, &blocks);
        lua_createtable(L, 0, 2);
        ws_linsp_set_int(L, "fill", fill);
        ws_linsp_set_int(L, "blocks", blocks);
        lua_rawseti(L, -2, s + 1);
    }
    lua_setfield(L, -2, "sets");

    lua_createtable(L, (int)v.req_fifo, 0);
    ws_gpu_iru_req q;
    for (uint32_t i = 0; ws_gpu_iru_request(g, p, i, &q); i++) {
        lua_createtable(L, 0, 6);
        ws_linsp_set_int(L, "sm", q.sm);
        ws_linsp_set_int(L, "slot", q.slot);
        ws_linsp_set_int(L, "line", q.line);
        ws_linsp_set_int(L, "lanes", q.lanes);
        ws_linsp_set_int(L, "since", (lua_Integer)q.since);
        ws_linsp_set_int(L, "id", (lua_Integer)q.id);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "requests");

    const ws_iru_regs *r = ws_iru_regs_get(u);
    lua_createtable(L, 0, 6);
    if (v.configured) {
        ws_linsp_set_int(L, "target", (lua_Integer)r->target);
        ws_linsp_set_int(L, "elem_size", r->elem_size);
        ws_linsp_set_int(L, "indices", (lua_Integer)r->indices);
        if (r->secondary) ws_linsp_set_int(L, "secondary", (lua_Integer)r->secondary);
        ws_linsp_set_int(L, "n", (lua_Integer)r->n);
        ws_linsp_set_str(L, "filter", ws_iru_filter_name(r->filter));
    }
    lua_setfield(L, -2, "regs");

    const ws_iru_config *c = ws_iru_config_get(u);
    lua_createtable(L, 0, 11);
    ws_linsp_set_int(L, "partitions", c->parts);
    ws_linsp_set_int(L, "sets", c->sets);
    ws_linsp_set_int(L, "banks", c->banks);
    ws_linsp_set_int(L, "entry", c->entry);
    ws_linsp_set_int(L, "block", c->block);
    ws_linsp_set_int(L, "pf_inflight", c->pf_inflight);
    ws_linsp_set_int(L, "req_fifo", c->req_fifo);
    ws_linsp_set_int(L, "timeout", (lua_Integer)c->timeout);
    ws_linsp_set_bool(L, "shared", c->shared);
    ws_linsp_set_str(L, "ring", c->bidir ? "bi" : "uni");
    ws_linsp_set_bool(L, "bypass_l2", c->bypass_l2);
    lua_setfield(L, -2, "config");

    push_stats(L, ws_iru_stats_get(u));
    lua_setfield(L, -2, "stats");
    return 1;
}

void ws_linsp_register_iru(lua_State *L)
{
    lua_pushcfunction(L, g_iru);
    lua_setfield(L, -2, "iru");
}
