/* ws_lua_insp_mff.c: gpu:mff(p), the state of MFF unit p (issue 34): what
 * the TUI's MFF view shows, as a table.
 *
 *   local u = gpu:mff(0)
 *   print(#u.jobs, u.work.free, u.tags[1].waiters, u.stats.coalesced)
 *
 * Fields (man/warpscope-lua.7 documents each): unit, configured, central,
 * cycle; regs (C, its length, V, the bit vector); config (the mff.*
 * structure); queues (lookup, lines, replies, dones); jobs (the Issue
 * Engines' entries in use); tags (the Tag Unit entries in use, each with
 * its first waiters); work (Work Registers by state); line_data (oldest
 * first); stats (the unit's mff.* counters).  Raises on a gpu without the
 * MFF and for a unit that does not exist. */
#include "config.h"

#include <lauxlib.h>
#include <stdlib.h>

#include "arch/ws_gpu_mff.h"
#include "lua/ws_lua_insp.h"

static void set_warp(lua_State *L, const ws_gpu *g, uint32_t warp)
{
    uint32_t sm, slot;
    ws_gpu_mff_warp(g, warp, &sm, &slot);
    ws_linsp_set_int(L, "sm", sm);
    ws_linsp_set_int(L, "slot", slot);
}

static void push_stats(lua_State *L, const ws_gpu *g, uint32_t p, const ws_mff_stats *s)
{
    lua_createtable(L, 0, 32);
    ws_linsp_set_int(L, "commands", (lua_Integer)s->commands);
    ws_linsp_set_int(L, "cmd_refused", (lua_Integer)s->cmd_refused);
    ws_linsp_set_int(L, "words", (lua_Integer)s->words);
    ws_linsp_set_int(L, "bitsets", (lua_Integer)s->bitsets);
    ws_linsp_set_int(L, "completions", (lua_Integer)s->completions);
    ws_linsp_set_int(L, "lookups", (lua_Integer)s->lookups);
    ws_linsp_set_int(L, "coalesced", (lua_Integer)s->coalesced);
    ws_linsp_set_int(L, "lines_c", (lua_Integer)s->lines_read[WS_MFF_LINE_C]);
    ws_linsp_set_int(L, "lines_v", (lua_Integer)s->lines_read[WS_MFF_LINE_V]);
    ws_linsp_set_int(L, "lines_bv", (lua_Integer)s->lines_read[WS_MFF_LINE_BV]);
    ws_linsp_set_int(L, "lines_written", (lua_Integer)s->lines_written);
    ws_linsp_set_int(L, "bitsets_merged", (lua_Integer)s->bitsets_merged);
    ws_linsp_set_int(L, "reg_stalls", (lua_Integer)s->reg_stalls);
    ws_linsp_set_int(L, "tag_stalls", (lua_Integer)s->tag_stalls);
    ws_linsp_set_int(L, "fill_refused", (lua_Integer)s->fill_refused);
    ws_linsp_set_int(L, "reg_peak", (lua_Integer)s->reg_peak);
    ws_linsp_set_int(L, "tag_peak", (lua_Integer)s->tag_peak);
    ws_linsp_set_int(L, "ld_peak", (lua_Integer)s->ld_peak);
    ws_linsp_set_int(L, "cycles", (lua_Integer)s->cycles);
    ws_linsp_set_int(L, "latency_sum", (lua_Integer)s->lat_sum);
    ws_linsp_set_int(L, "latency_max", (lua_Integer)s->lat_max);
    ws_gpu_mff_ext e;
    if (ws_gpu_mff_ext_get(g, p, &e)) {
        ws_linsp_set_int(L, "remote_lines", (lua_Integer)e.remote_lines);
        ws_linsp_set_int(L, "reply_packets", (lua_Integer)e.reply_packets);
        ws_linsp_set_int(L, "done_packets", (lua_Integer)e.done_packets);
        ws_linsp_set_int(L, "cmd_errors", (lua_Integer)e.cmd_errors);
    }
}

static void push_config(lua_State *L, const ws_mff_config *c)
{
    lua_createtable(L, 0, 10);
    ws_linsp_set_int(L, "engines", c->engines);
    ws_linsp_set_int(L, "jobs", c->jobs);
    ws_linsp_set_int(L, "work_regs", c->work_regs);
    ws_linsp_set_int(L, "tags", c->tags);
    ws_linsp_set_int(L, "line_data", c->line_data);
    ws_linsp_set_int(L, "line", c->line);
    ws_linsp_set_int(L, "tag_latency", c->tag_latency);
    ws_linsp_set_int(L, "tag_ports", c->tag_ports);
    ws_linsp_set_int(L, "serve_rate", c->serve_rate);
    ws_linsp_set_bool(L, "central", c->central);
}

static void push_jobs(lua_State *L, const ws_gpu *g, const ws_mff *u, uint64_t now)
{
    const ws_mff_config *c = ws_mff_config_get(u);
    uint32_t max = c->engines * c->jobs;
    ws_mff_job_info *j = malloc((size_t)(max ? max : 1) * sizeof *j);
    uint32_t n = j ? ws_mff_jobs_get(u, j, max) : 0;
    if (n > max) n = max;
    lua_createtable(L, (int)n, 0);
    for (uint32_t i = 0; i < n; i++) {
        lua_createtable(L, 0, 12);
        ws_linsp_set_int(L, "engine", j[i].engine);
        ws_linsp_set_int(L, "entry", j[i].entry);
        set_warp(L, g, j[i].warp);
        ws_linsp_set_str(L, "kind", ws_mff_kind_name(j[i].kind));
        ws_linsp_set_int(L, "threads", j[i].threads);
        ws_linsp_set_int(L, "threads_left", j[i].threads_left);
        ws_linsp_set_int(L, "words", (lua_Integer)j[i].words);
        ws_linsp_set_int(L, "remaining", (lua_Integer)j[i].remaining);
        ws_linsp_set_int(L, "since", (lua_Integer)j[i].t_cmd);
        ws_linsp_set_int(L, "age", (lua_Integer)(now - j[i].t_cmd));
        lua_rawseti(L, -2, i + 1);
    }
    free(j);
}

static void push_tags(lua_State *L, const ws_gpu *g, const ws_mff *u)
{
    uint32_t max = ws_mff_config_get(u)->tags;
    ws_mff_tag_info *t = malloc((size_t)(max ? max : 1) * sizeof *t);
    uint32_t n = t ? ws_mff_tags_get(u, t, max) : 0;
    if (n > max) n = max;
    lua_createtable(L, (int)n, 0);
    for (uint32_t i = 0; i < n; i++) {
        lua_createtable(L, 0, 6);
        ws_linsp_set_int(L, "entry", t[i].entry);
        ws_linsp_set_int(L, "addr", (lua_Integer)t[i].addr);
        ws_linsp_set_str(L, "kind", ws_mff_line_kind_name(t[i].kind));
        ws_linsp_set_str(L, "state", t[i].present ? "present" : "outstanding");
        ws_linsp_set_int(L, "waiters", t[i].waiters);
        lua_createtable(L, (int)t[i].shown, 0);
        for (uint32_t k = 0; k < t[i].shown; k++) {
            lua_createtable(L, 0, 4);
            set_warp(L, g, t[i].w[k].warp);
            ws_linsp_set_int(L, "thread", t[i].w[k].thread);
            ws_linsp_set_int(L, "k", t[i].w[k].k);
            lua_rawseti(L, -2, k + 1);
        }
        lua_setfield(L, -2, "first");
        lua_rawseti(L, -2, i + 1);
    }
    free(t);
}

static void push_lds(lua_State *L, const ws_mff *u)
{
    uint32_t max = ws_mff_config_get(u)->line_data;
    ws_mff_ld_info *d = malloc((size_t)(max ? max : 1) * sizeof *d);
    uint32_t n = d ? ws_mff_lds_get(u, d, max) : 0;
    if (n > max) n = max;
    lua_createtable(L, (int)n, 0);
    for (uint32_t i = 0; i < n; i++) {
        lua_createtable(L, 0, 6);
        ws_linsp_set_int(L, "entry", d[i].entry);
        ws_linsp_set_int(L, "addr", (lua_Integer)d[i].addr);
        ws_linsp_set_str(L, "kind", ws_mff_line_kind_name(d[i].kind));
        ws_linsp_set_int(L, "waiters", d[i].waiters);
        ws_linsp_set_int(L, "bitsets", (lua_Integer)d[i].bitsets);
        ws_linsp_set_bool(L, "dirty", d[i].dirty);
        lua_rawseti(L, -2, i + 1);
    }
    free(d);
}

static int g_mff(lua_State *L)
{
    ws_gpu *g = ws_linsp_model(L, 1, "mff");
    uint32_t n = ws_gpu_mff_count(g);
    if (!n)
        return luaL_error(L, "gpu:mff: this gpu has no MFF (--set mff.enable=true)");
    uint32_t p = lua_isnoneornil(L, 2) ? 0 : ws_linsp_index(L, 2, n, "MFF unit");
    const ws_mff *u = ws_gpu_mff(g, p);
    const ws_mff_config *c = ws_mff_config_get(u);
    ws_mff_view v;
    ws_mff_view_get(u, &v);
    uint64_t now = ws_gpu_cycle(g);
    lua_createtable(L, 0, 14);
    ws_linsp_set_int(L, "unit", p);
    ws_linsp_set_bool(L, "configured", v.configured);
    ws_linsp_set_bool(L, "central", c->central);
    ws_linsp_set_int(L, "cycle", (lua_Integer)now);

    const ws_mff_regs *r = ws_mff_regs_get(u);
    lua_createtable(L, 0, 4);
    if (v.configured) {
        ws_linsp_set_int(L, "c", (lua_Integer)r->c_base);
        ws_linsp_set_int(L, "c_len", (lua_Integer)r->c_len);
        ws_linsp_set_int(L, "v", (lua_Integer)r->v_base);
        ws_linsp_set_int(L, "bv", (lua_Integer)r->bv_base);
    }
    lua_setfield(L, -2, "regs");
    push_config(L, c);
    lua_setfield(L, -2, "config");

    lua_createtable(L, 0, 4);
    ws_linsp_set_int(L, "lookup", v.lookup_q);
    ws_linsp_set_int(L, "lines", v.line_q);
    ws_linsp_set_int(L, "replies", v.replies);
    ws_linsp_set_int(L, "dones", v.dones);
    lua_setfield(L, -2, "queues");

    push_jobs(L, g, u, now);
    lua_setfield(L, -2, "jobs");
    push_tags(L, g, u);
    lua_setfield(L, -2, "tags");

    ws_mff_reg_use ru;
    ws_mff_reg_use_get(u, &ru);
    lua_createtable(L, 0, 5);
    ws_linsp_set_int(L, "free", ru.free);
    ws_linsp_set_int(L, "used", ru.c + ru.v + ru.bv);
    ws_linsp_set_int(L, "c", ru.c);
    ws_linsp_set_int(L, "v", ru.v);
    ws_linsp_set_int(L, "bv", ru.bv);
    lua_setfield(L, -2, "work");

    push_lds(L, u);
    lua_setfield(L, -2, "line_data");

    push_stats(L, g, p, ws_mff_stats_get(u));
    lua_setfield(L, -2, "stats");
    return 1;
}

void ws_linsp_register_mff(lua_State *L)
{
    lua_pushcfunction(L, g_mff);
    lua_setfield(L, -2, "mff");
}
