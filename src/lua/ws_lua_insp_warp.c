/* ws_lua_insp_warp.c: warp handles (sm:warp(slot)).
 *
 *   w:info()        slot, sm, cta = {x, y, z}, warp, func, pc, line, text (PTX
 *                   of the next instruction), active (mask), active_lanes,
 *                   stall (Nsight name), since, cycles_in_state, outstanding,
 *                   insns, wait (why it waits, nil when it does not:
 *                   ws_linsp_push_wait)
 *   w:stack()       SIMT stack entries {pc, mask, rpc (nil: none), frame},
 *                   bottom first (the last entry is the running one)
 *   w:regs(lane [, "warp" | "functional"])
 *                   register name -> value of the running function in lane;
 *                   predicates as booleans, f32/f64 registers as floats,
 *                   signed types sign-extended, others as unsigned integers.
 *                   "warp" (the default) is what the warp may read now: a
 *                   register the scoreboard holds is the string "pending
 *                   (ld.global.u32 line 95, issued 153073)" (or "pending
 *                   (ready at N)"); "functional" is the value the functional
 *                   engine wrote when the instruction issued
 *   w:history()     the slot's last instructions, newest first: {cycle, func,
 *                   pc, line, active, text} (recorded while the gpu records)
 *   w.sm, w.slot, w.cta, w.warp, w.valid (false once stale; never raises)
 *
 * Identity: the functional warp pointer, its CTA and warp index, and the
 * launch number; a handle whose slot holds anything else is stale. */
#include "config.h"
#include "lua/ws_lua_insp.h"

#include "arch/ws_gpu_dbg.h"
#include "arch/ws_gpu_wait.h"
#include "arch/ws_gpu_iru.h"
#include "arch/ws_gpu_mff.h"
#include "arch/ws_mreq.h"
#include "ptx/ws_ptx.h"

#include <lauxlib.h>
#include <string.h>

static int popcount32(uint32_t v)
{
    int n = 0;
    for (; v; v &= v - 1) n++;
    return n;
}

static void cta_text(const uint32_t c[3], char *buf, size_t size)
{
    if (c[1] == 0 && c[2] == 0) snprintf(buf, size, "CTA %u", c[0]);
    else snprintf(buf, size, "CTA (%u,%u,%u)", c[0], c[1], c[2]);
}

static bool holds(const ws_lwarp *h, ws_gpu *g)
{
    if (!ws_gpu_launch_active(g) || ws_gpu_launch_number(g) != h->launch) return false;
    if (ws_gpu_warp_func(g, h->sm, h->slot) != h->w) return false;
    ws_warp_info in;
    ws_gpu_warp(g, h->sm, h->slot, &in);
    return in.valid && in.warp == h->warp && !memcmp(in.cta, h->cta, sizeof in.cta);
}

/* The live warp behind the handle at idx, or a "stale warp handle" error. */
static ws_lwarp *check_warp(lua_State *L, int idx, ws_gpu **gp)
{
    ws_lwarp *h = luaL_checkudata(L, idx, WS_WARP_MT);
    ws_gpu *g = ws_linsp_model_of(L, idx, "warp");
    if (!holds(h, g)) {
        char c[64];
        cta_text(h->cta, c, sizeof c);
        luaL_error(L, "stale warp handle: SM %d slot %d no longer holds warp (%s, warp %d)%s", (int)h->sm,
                   (int)h->slot, c, (int)h->warp, ws_gpu_launch_active(g) ? "" : "; the launch ended");
    }
    *gp = g;
    return h;
}

void ws_linsp_push_warp(lua_State *L, int gpu_idx, ws_gpu *g, uint32_t sm, uint32_t slot)
{
    const ws_warp *w = ws_gpu_warp_func(g, sm, slot);
    ws_warp_info in;
    ws_gpu_warp(g, sm, slot, &in);
    if (!w || !in.valid) {
        lua_pushnil(L);
        return;
    }
    ws_lwarp *h = lua_newuserdatauv(L, sizeof *h, 1);
    memset(h, 0, sizeof *h);
    h->sm = sm;
    h->slot = slot;
    h->w = w;
    h->launch = ws_gpu_launch_number(g);
    memcpy(h->cta, in.cta, sizeof h->cta);
    h->warp = in.warp;
    luaL_setmetatable(L, WS_WARP_MT);
    lua_pushvalue(L, gpu_idx);
    lua_setiuservalue(L, -2, 1);
}

/* PTX text of instruction pc of f ("ret;" for the implicit one at the end). */
static void insn_text(ws_gpu *g, const ws_ptx_func *f, uint32_t pc, char *buf, size_t size)
{
    buf[0] = 0;
    if (!f) return;
    if (pc >= f->ninsns) {
        snprintf(buf, size, "ret;");
        return;
    }
    const ws_kernel *k = ws_gpu_kernel(g);
    const ws_ptx_module *m = k ? ws_module_ptx(ws_kernel_module(k)) : NULL;
    if (m) ws_ptx_disasm(m, f, &f->insns[pc], buf, size);
}

static void push_cta(lua_State *L, const uint32_t c[3])
{
    lua_createtable(L, 3, 0);
    for (int i = 0; i < 3; i++) {
        lua_pushinteger(L, c[i]);
        lua_rawseti(L, -2, i + 1);
    }
}

static const char *level_name(uint8_t lv)
{
    static const char *const n[WS_LVL_COUNT] = { "none", "l1", "l1_pending", "pfc", "l2", "l2_pending", "dram" };
    return lv < WS_LVL_COUNT ? n[lv] : "none";
}

/* One request of a wait: {id, addr, size, array, stage, since, level,
 * channel, bank, row (once it entered the memory system), issued, back
 * (completed ones)}. */
void ws_linsp_push_wait_req(lua_State *L, const ws_wait_req *r)
{
    lua_createtable(L, 0, 12);
    ws_linsp_set_int(L, "id", (lua_Integer)r->id);
    ws_linsp_set_int(L, "addr", (lua_Integer)r->addr);
    ws_linsp_set_int(L, "size", r->size);
    ws_linsp_set_str(L, "array", r->array);
    if (r->stage != WS_MST_NONE) {
        ws_linsp_set_str(L, "stage", ws_mreq_stage_name((ws_mreq_stage)r->stage));
        ws_linsp_set_int(L, "since", (lua_Integer)r->since);
    }
    ws_linsp_set_str(L, "level", level_name(r->level));
    if (r->loc) {
        ws_linsp_set_int(L, "channel", r->chan);
        ws_linsp_set_int(L, "bank", r->bank);
        ws_linsp_set_int(L, "row", r->row);
    }
    ws_linsp_set_int(L, "issued", (lua_Integer)r->t_issue);
    if (r->t_reply) ws_linsp_set_int(L, "back", (lua_Integer)r->t_reply);
    char t[200];
    ws_wait_req_text(r, t, sizeof t);
    ws_linsp_set_str(L, "text", t);
}

/* cu_file and cu_line of instruction pc of f, when its PTX has a .loc. */
static void push_cu(lua_State *L, ws_gpu *g, const ws_ptx_func *f, uint32_t pc)
{
    const ws_kernel *k = ws_gpu_kernel(g);
    if (!f || !k || pc >= f->ninsns) return;
    uint32_t line;
    const char *file = ws_ptx_insn_cu(ws_module_ptx(ws_kernel_module(k)), &f->insns[pc], &line);
    if (!file) return;
    ws_linsp_set_str(L, "cu_file", file);
    ws_linsp_set_int(L, "cu_line", line);
}

/* The wait table: {stall, since, kind = "register" | "other", cause, and
 * for a register: regs = {"%r44"}, insn, file, line, pc, issued, memory
 * (a load's pending requests) with requests = {...}, or ready_at}. */
void ws_linsp_push_wait(lua_State *L, const ws_wait_info *wi)
{
    lua_createtable(L, 0, 14);
    ws_linsp_set_str(L, "stall", ws_stall_name(wi->stall));
    ws_linsp_set_int(L, "since", (lua_Integer)wi->since);
    ws_linsp_set_str(L, "kind", wi->kind == WS_WAIT_REG ? "register" : "other");
    ws_linsp_set_str(L, "cause", wi->cause);
    if (wi->kind != WS_WAIT_REG) return;
    lua_createtable(L, (int)wi->nregs, 0);
    for (uint32_t i = 0; i < wi->nregs; i++) {
        lua_pushstring(L, wi->regs[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "regs");
    lua_pushboolean(L, wi->pending);
    lua_setfield(L, -2, "memory");
    if (wi->writer) {
        ws_linsp_set_str(L, "insn", wi->insn);
        ws_linsp_set_str(L, "file", wi->file ? wi->file : "");
        ws_linsp_set_int(L, "line", wi->line);
        if (wi->cu_file) {
            ws_linsp_set_str(L, "cu_file", wi->cu_file);
            ws_linsp_set_int(L, "cu_line", wi->cu_line);
        }
        ws_linsp_set_int(L, "pc", wi->pc);
        if (wi->issued) {
            ws_linsp_set_int(L, "issued", (lua_Integer)wi->issued);
            ws_linsp_set_int(L, "age", (lua_Integer)(wi->now - wi->issued));
        }
    }
    if (wi->pending) {
        lua_createtable(L, (int)wi->nreq, 0);
        for (uint32_t i = 0; i < wi->nreq; i++) {
            ws_linsp_push_wait_req(L, &wi->req[i]);
            lua_rawseti(L, -2, i + 1);
        }
        lua_setfield(L, -2, "requests");
    } else {
        ws_linsp_set_int(L, "ready_at", (lua_Integer)wi->ready_at);
    }
}

void ws_linsp_push_warp_info(lua_State *L, ws_gpu *g, uint32_t sm, uint32_t slot)
{
    ws_warp_info in;
    ws_gpu_warp(g, sm, slot, &in);
    char text[256];
    lua_createtable(L, 0, 16);
    ws_linsp_set_int(L, "sm", sm);
    ws_linsp_set_int(L, "slot", slot);
    push_cta(L, in.cta);
    lua_setfield(L, -2, "cta");
    ws_linsp_set_int(L, "warp", in.warp);
    if (in.func) ws_linsp_set_str(L, "func", in.func->name);
    ws_linsp_set_int(L, "pc", in.pc);
    ws_linsp_set_int(L, "line", in.line);
    push_cu(L, g, in.func, in.pc);
    insn_text(g, in.func, in.pc, text, sizeof text);
    ws_linsp_set_str(L, "text", text);
    ws_linsp_set_int(L, "active", in.active);
    ws_linsp_set_int(L, "active_lanes", popcount32(in.active));
    ws_linsp_set_str(L, "stall", ws_stall_name(in.stall));
    ws_linsp_set_int(L, "since", (lua_Integer)in.since);
    uint64_t now = ws_gpu_cycle(g);
    ws_linsp_set_int(L, "cycles_in_state", (lua_Integer)(now >= in.since ? now - in.since : 0));
    ws_linsp_set_int(L, "outstanding", in.outstanding);
    ws_linsp_set_int(L, "insns", (lua_Integer)in.insns);
    ws_wait_info wi;
    if (ws_gpu_warp_wait(g, sm, slot, &wi)) {
        ws_linsp_push_wait(L, &wi);
        lua_setfield(L, -2, "wait");
    }
    ws_gpu_iru_lanes il;
    if (ws_gpu_iru_lanes_get(g, sm, slot, &il)) {
        lua_createtable(L, 0, 10);
        ws_linsp_set_int(L, "line", il.line);
        ws_linsp_set_int(L, "request", (lua_Integer)il.t_request);
        ws_linsp_set_int(L, "reply", (lua_Integer)il.t_reply);
        ws_linsp_set_int(L, "done", (lua_Integer)il.t_done);
        ws_linsp_set_int(L, "mask", il.mask);
        ws_linsp_set_int(L, "valid", il.valid);
        ws_linsp_set_int(L, "blocks", il.blocks);
        ws_linsp_set_str(L, "why", ws_iru_why_key(il.why));
        lua_createtable(L, 32, 0);      /* [lane + 1]: the index, or false (filtered or not in the request) */
        for (uint32_t l = 0; l < 32; l++) {
            if (il.valid >> l & 1u) lua_pushinteger(L, il.idx[l]);
            else lua_pushboolean(L, 0);
            lua_rawseti(L, -2, (lua_Integer)l + 1);
        }
        lua_setfield(L, -2, "idx");
        lua_setfield(L, -2, "load_iru");
    }
    /* the MFF: the warp's commands in flight (issue 34) */
    ws_gpu_mff_cmd mc[16];
    uint32_t nmc = ws_gpu_mff_count(g) ? ws_gpu_mff_cmds(g, sm, slot, mc, 16) : 0;
    bool mwait = ws_gpu_mff_waiting(g, sm, slot);
    if (nmc || mwait) {
        lua_createtable(L, 0, 2);
        ws_linsp_set_bool(L, "waiting", mwait);
        uint32_t shown = nmc < 16 ? nmc : 16;
        lua_createtable(L, (int)shown, 0);
        for (uint32_t i = 0; i < shown; i++) {
            lua_createtable(L, 0, 7);
            ws_linsp_set_str(L, "kind", ws_mff_kind_name(mc[i].kind));
            ws_linsp_set_int(L, "unit", mc[i].unit);
            ws_linsp_set_int(L, "threads", mc[i].threads);
            ws_linsp_set_int(L, "words", (lua_Integer)mc[i].words);
            ws_linsp_set_int(L, "delivered", (lua_Integer)mc[i].delivered);
            ws_linsp_set_bool(L, "done", mc[i].done);
            ws_linsp_set_int(L, "issued", (lua_Integer)mc[i].t_issue);
            lua_rawseti(L, -2, i + 1);
        }
        lua_setfield(L, -2, "commands");
        ws_linsp_set_int(L, "in_flight", nmc);
        lua_setfield(L, -2, "mff");
    }
}

static int w_info(lua_State *L)
{
    ws_gpu *g;
    ws_lwarp *h = check_warp(L, 1, &g);
    ws_linsp_push_warp_info(L, g, h->sm, h->slot);
    return 1;
}

static int w_stack(lua_State *L)
{
    ws_gpu *g;
    ws_lwarp *h = check_warp(L, 1, &g);
    uint32_t n = ws_warp_stack_depth(h->w);
    lua_createtable(L, (int)n, 0);
    for (uint32_t i = 0; i < n; i++) {
        ws_simt_entry e = ws_warp_stack_entry(h->w, i);
        lua_createtable(L, 0, 4);
        ws_linsp_set_int(L, "pc", e.pc);
        ws_linsp_set_int(L, "mask", e.mask);
        if (e.rpc != UINT32_MAX) ws_linsp_set_int(L, "rpc", e.rpc);
        ws_linsp_set_int(L, "frame", e.frame);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static void push_reg(lua_State *L, ws_ptx_type t, uint64_t v)
{
    unsigned size = ws_ptx_type_size(t);
    if (t == WS_T_F32) {
        uint32_t b = (uint32_t)v;
        float f;
        memcpy(&f, &b, sizeof f);
        lua_pushnumber(L, (lua_Number)f);
        return;
    }
    if (t == WS_T_F64) {
        double d;
        memcpy(&d, &v, sizeof d);
        lua_pushnumber(L, d);
        return;
    }
    if (size && size < 8) {
        unsigned bits = size * 8;
        v &= (UINT64_C(1) << bits) - 1;
        if (ws_ptx_type_is_signed(t) && (v >> (bits - 1)) & 1) v |= ~((UINT64_C(1) << bits) - 1);
    }
    lua_pushinteger(L, (lua_Integer)v);
}

static int w_regs(lua_State *L)
{
    ws_gpu *g;
    ws_lwarp *h = check_warp(L, 1, &g);
    uint32_t lane = ws_linsp_index(L, 2, WS_WARP_SIZE, "lane");
    static const char *const views[] = { "warp", "functional", NULL };
    bool functional = luaL_checkoption(L, 3, "warp", views) == 1;
    const ws_ptx_func *f = ws_warp_func(h->w);
    lua_createtable(L, 0, f ? (int)(f->nregs + f->npreds) : 0);
    if (!f) return 1;
    for (uint32_t r = 0; r < f->nregs; r++) {
        if (!ws_warp_reg_live(h->w, r, lane))
            continue;   /* its value is gone (its storage may hold another's) */
        ws_reg_pend p;
        if (!functional && ws_gpu_reg_pending(g, h->sm, h->slot, r, &p)) {
            char buf[128];
            ws_reg_pend_text(&p, buf, sizeof buf);
            lua_pushstring(L, buf);
        } else {
            push_reg(L, (ws_ptx_type)f->regs[r].type, ws_warp_reg(h->w, r, lane));
        }
        lua_setfield(L, -2, f->regs[r].name);
    }
    for (uint32_t p = 0; p < f->npreds; p++) {
        lua_pushboolean(L, (ws_warp_pred(h->w, p) >> lane) & 1);
        lua_setfield(L, -2, f->preds[p].name);
    }
    return 1;
}

static int w_history(lua_State *L)
{
    ws_gpu *g;
    ws_lwarp *h = check_warp(L, 1, &g);
    ws_hist_ent e[WS_HIST_LEN];
    uint32_t n = ws_gpu_warp_history(g, h->sm, h->slot, e, WS_HIST_LEN);
    lua_createtable(L, (int)n, 0);
    for (uint32_t i = 0; i < n && i < WS_HIST_LEN; i++) {
        char text[256];
        lua_createtable(L, 0, 6);
        ws_linsp_set_int(L, "cycle", (lua_Integer)e[i].cycle);
        if (e[i].func) ws_linsp_set_str(L, "func", e[i].func->name);
        ws_linsp_set_int(L, "pc", e[i].pc);
        ws_linsp_set_int(L, "line", e[i].line);
        push_cu(L, g, e[i].func, e[i].pc);
        ws_linsp_set_int(L, "active", e[i].active);
        insn_text(g, e[i].func, e[i].pc, text, sizeof text);
        ws_linsp_set_str(L, "text", text);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int w_index(lua_State *L)
{
    ws_lwarp *h = luaL_checkudata(L, 1, WS_WARP_MT);
    const char *k = luaL_checkstring(L, 2);
    if (!strcmp(k, "sm")) lua_pushinteger(L, h->sm);
    else if (!strcmp(k, "slot")) lua_pushinteger(L, h->slot);
    else if (!strcmp(k, "warp")) lua_pushinteger(L, h->warp);
    else if (!strcmp(k, "cta")) push_cta(L, h->cta);
    else if (!strcmp(k, "valid")) {
        lua_getiuservalue(L, 1, 1);
        ws_lgpu *lg = luaL_testudata(L, -1, WS_GPU_MT);
        lua_pushboolean(L, lg && lg->tg && holds(h, lg->tg));
    } else {
        luaL_getmetatable(L, WS_WARP_MT);
        lua_getfield(L, -1, "methods");
        lua_getfield(L, -1, k);
    }
    return 1;
}

static int w_tostring(lua_State *L)
{
    ws_lwarp *h = luaL_checkudata(L, 1, WS_WARP_MT);
    char c[64];
    cta_text(h->cta, c, sizeof c);
    lua_getiuservalue(L, 1, 1);
    ws_lgpu *lg = luaL_testudata(L, -1, WS_GPU_MT);
    bool live = lg && lg->tg && holds(h, lg->tg);
    lua_pushfstring(L, "warp (%s, warp %d) on SM %d slot %d%s", c, (int)h->warp, (int)h->sm, (int)h->slot,
                    live ? "" : " (stale)");
    return 1;
}

void ws_linsp_register_warp(lua_State *L)
{
    static const luaL_Reg methods[] = {
        { "info", w_info },
        { "stack", w_stack },
        { "regs", w_regs },
        { "history", w_history },
        { NULL, NULL },
    };
    static const luaL_Reg meta[] = {
        { "__index", w_index },
        { "__tostring", w_tostring },
        { NULL, NULL },
    };
    if (luaL_newmetatable(L, WS_WARP_MT)) {
        luaL_setfuncs(L, meta, 0);
        luaL_newlib(L, methods);
        lua_setfield(L, -2, "methods");
    }
    lua_pop(L, 1);
}
