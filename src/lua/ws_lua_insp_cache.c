/* ws_lua_insp_cache.c: cache handles (sm.l1d / sm:l1d(), sm.l1i, sm.pfc,
 * gpu:l2(slice)).
 *
 *   c:config()      name, size, sets, ways, line, sector, repl, write,
 *                   write_alloc, alloc, hash, mshrs, mshr_merge, missq
 *   c:lines([set])  every line (of one set), set-major: {set, way, valid,
 *                   state, addr, owner (allocation name or nil), prefetched,
 *                   used, dirty, pending, sectors (valid-sector mask),
 *                   fill_cycle, last_access}
 *   c:mshrs()       MSHR entries in use: {addr, merged}
 *   c:stats()       the cache model's counters
 *   c:occupancy()   valid lines per owner allocation name ("other" for
 *                   lines of no allocation), free = invalid lines,
 *                   prefetched_unused = prefetched lines not used yet
 *   c:policy()      the cache policy (l2.inclusion, src/cpol) of an L1D or
 *                   an L2 slice, read-only: {name, values = {NAME = n},
 *                   table (title or nil), columns = {...}, rows = {{...}},
 *                   stats = {NAME = n}}; nil without one
 *   c.kind ("l1d" | "l1i" | "pfc" | "l2"), c.index (SM or slice)
 *
 * The handle names the cache (L1D of SM i, L2 slice j) and looks it up on
 * every use; it is stale once the gpu is closed.  A handle answers a call
 * with itself, so sm.l1d and sm:l1d() are the same. */
#include "config.h"
#include "lua/ws_lua_insp.h"

#include "arch/ws_cache.h"
#include "arch/ws_mempart.h"
#include "cpol/ws_cpol.h"

#include <lauxlib.h>
#include <string.h>

static const char *const kind_names[] = { "l1d", "l2", "pfc", "l1i" };

static ws_cache *check_cache(lua_State *L, int idx, ws_lcache **hp)
{
    ws_lcache *h = luaL_checkudata(L, idx, WS_CACHE_MT);
    ws_gpu *g = ws_linsp_model_of(L, idx, "cache");
    ws_cache *c = h->kind == WS_LCACHE_L1D   ? ws_gpu_l1d(g, h->index)
                  : h->kind == WS_LCACHE_PFC ? ws_gpu_pfc(g, h->index)
                  : h->kind == WS_LCACHE_L1I ? ws_gpu_l1i(g, h->index)
                                             : ws_memsys_l2(ws_gpu_memsys(g), h->index);
    if (!c) luaL_error(L, "stale cache handle: %s %d no longer exists", kind_names[h->kind], (int)h->index);
    if (hp) *hp = h;
    return c;
}

void ws_linsp_push_cache(lua_State *L, int gpu_idx, int kind, uint32_t index)
{
    ws_lcache *h = lua_newuserdatauv(L, sizeof *h, 1);
    h->kind = kind;
    h->index = index;
    luaL_setmetatable(L, WS_CACHE_MT);
    lua_pushvalue(L, gpu_idx);
    lua_setiuservalue(L, -2, 1);
}

static int c_config(lua_State *L)
{
    static const char *const repl[] = { "lru", "fifo", "random" };
    static const char *const wpol[] = { "wb", "wt", "evict", "local-wb" };
    static const char *const walloc[] = { "none", "fetch", "validate" };
    static const char *const alloc[] = { "miss", "fill" };
    static const char *const hash[] = { "linear", "fermi", "xor" };
    const ws_cache_config *c = ws_cache_config_get(check_cache(L, 1, NULL));
    lua_createtable(L, 0, 14);
    ws_linsp_set_str(L, "name", c->name);
    ws_linsp_set_int(L, "size", (lua_Integer)c->sets * c->ways * c->line);
    ws_linsp_set_int(L, "sets", c->sets);
    ws_linsp_set_int(L, "ways", c->ways);
    ws_linsp_set_int(L, "line", c->line);
    ws_linsp_set_int(L, "sector", c->sector);
    ws_linsp_set_str(L, "repl", (unsigned)c->repl < 3 ? repl[c->repl] : "?");
    ws_linsp_set_str(L, "write", (unsigned)c->wpol < 4 ? wpol[c->wpol] : "?");
    ws_linsp_set_str(L, "write_alloc", (unsigned)c->walloc < 3 ? walloc[c->walloc] : "?");
    ws_linsp_set_str(L, "alloc", (unsigned)c->alloc < 2 ? alloc[c->alloc] : "?");
    ws_linsp_set_str(L, "hash", (unsigned)c->hash < 3 ? hash[c->hash] : "?");
    ws_linsp_set_int(L, "mshrs", c->mshrs);
    ws_linsp_set_int(L, "mshr_merge", c->mshr_merge);
    ws_linsp_set_int(L, "missq", c->missq);
    return 1;
}

/* Push the owner map's name for id (nil when none). */
static void push_owner(lua_State *L, int map, uint32_t id)
{
    if (id == 0) lua_pushnil(L);
    else lua_rawgeti(L, map, id);
}

static void push_line(lua_State *L, const ws_cache *c, int map, uint32_t set, uint32_t way)
{
    static const char *const states[] = { "invalid", "reserved", "valid", "modified" };
    ws_cache_line_info li;
    ws_cache_line(c, set, way, &li);
    lua_createtable(L, 0, 13);
    ws_linsp_set_int(L, "set", set);
    ws_linsp_set_int(L, "way", way);
    ws_linsp_set_bool(L, "valid", li.valid_mask != 0);
    ws_linsp_set_str(L, "state", (unsigned)li.state < 4 ? states[li.state] : "?");
    if (li.state != WS_LINE_INVALID) {
        ws_linsp_set_int(L, "addr", (lua_Integer)li.addr);
        push_owner(L, map, li.owner);
        lua_setfield(L, -2, "owner");
    }
    ws_linsp_set_bool(L, "prefetched", li.prefetched);
    ws_linsp_set_bool(L, "used", li.used);
    ws_linsp_set_bool(L, "dirty", li.dirty_mask != 0);
    ws_linsp_set_bool(L, "pending", li.reserved_mask != 0 || li.state == WS_LINE_RESERVED);
    ws_linsp_set_int(L, "sectors", li.valid_mask);
    ws_linsp_set_int(L, "fill_cycle", (lua_Integer)li.fill_cycle);
    ws_linsp_set_int(L, "last_access", (lua_Integer)li.last_access);
}

static int c_lines(lua_State *L)
{
    ws_cache *c = check_cache(L, 1, NULL);
    const ws_cache_config *cf = ws_cache_config_get(c);
    uint32_t lo = 0, hi = cf->sets;
    if (!lua_isnoneornil(L, 2)) {
        lo = ws_linsp_index(L, 2, cf->sets, "set");
        hi = lo + 1;
    }
    ws_linsp_push_owner_map(L, ws_linsp_model_of(L, 1, "cache"));
    int map = lua_gettop(L);
    lua_createtable(L, (int)((hi - lo) * cf->ways), 0);
    lua_Integer k = 0;
    for (uint32_t s = lo; s < hi; s++)
        for (uint32_t w = 0; w < cf->ways; w++) {
            push_line(L, c, map, s, w);
            lua_rawseti(L, -2, ++k);
        }
    return 1;
}

static int c_mshrs(lua_State *L)
{
    ws_cache *c = check_cache(L, 1, NULL);
    uint32_t cap = ws_cache_mshr_cap(c);
    lua_newtable(L);
    lua_Integer k = 0;
    for (uint32_t i = 0; i < cap; i++) {
        uint64_t addr;
        uint32_t merged;
        if (!ws_cache_mshr(c, i, &addr, &merged)) continue;
        lua_createtable(L, 0, 2);
        ws_linsp_set_int(L, "addr", (lua_Integer)addr);
        ws_linsp_set_int(L, "merged", merged);
        lua_rawseti(L, -2, ++k);
    }
    return 1;
}

static int c_stats(lua_State *L)
{
    static const char *const kinds[] = { "read", "write", "atomic", "prefetch", "writeback" };
    static const char *const fails[] = { "none", "line_alloc", "mshr_full", "merge_full", "missq_full" };
    const ws_cache_stats *s = ws_cache_stats_get(check_cache(L, 1, NULL));
    uint64_t acc = 0, hit = 0, hr = 0, miss = 0, rf = 0;
    lua_createtable(L, 0, 16);
    lua_createtable(L, 0, 5);
    for (int k = 0; k < 5; k++) {
        acc += s->accesses[k];
        hit += s->hits[k];
        hr += s->hit_reserved[k];
        miss += s->misses[k];
        lua_createtable(L, 0, 4);
        ws_linsp_set_int(L, "accesses", (lua_Integer)s->accesses[k]);
        ws_linsp_set_int(L, "hits", (lua_Integer)s->hits[k]);
        ws_linsp_set_int(L, "hit_reserved", (lua_Integer)s->hit_reserved[k]);
        ws_linsp_set_int(L, "misses", (lua_Integer)s->misses[k]);
        lua_setfield(L, -2, kinds[k]);
    }
    lua_setfield(L, -2, "by_kind");
    lua_createtable(L, 0, 4);
    for (int f = 1; f < WS_CFAIL_COUNT && f < 5; f++) {
        rf += s->resfail[f];
        ws_linsp_set_int(L, fails[f], (lua_Integer)s->resfail[f]);
    }
    lua_setfield(L, -2, "resfail_by_cause");
    ws_linsp_set_int(L, "accesses", (lua_Integer)acc);
    ws_linsp_set_int(L, "hits", (lua_Integer)hit);
    ws_linsp_set_int(L, "hit_reserved", (lua_Integer)hr);
    ws_linsp_set_int(L, "misses", (lua_Integer)miss);
    ws_linsp_set_int(L, "resfail", (lua_Integer)rf);
    ws_linsp_set_int(L, "mshr_merges", (lua_Integer)s->mshr_merges);
    ws_linsp_set_int(L, "fills", (lua_Integer)s->fills);
    ws_linsp_set_int(L, "evictions", (lua_Integer)s->evictions);
    ws_linsp_set_int(L, "writebacks", (lua_Integer)s->writebacks);
    ws_linsp_set_int(L, "invalidations", (lua_Integer)s->invalidations);
    ws_linsp_set_int(L, "sector_misses", (lua_Integer)s->sector_misses);
    return 1;
}

static int c_occupancy(lua_State *L)
{
    ws_cache *c = check_cache(L, 1, NULL);
    const ws_cache_config *cf = ws_cache_config_get(c);
    ws_linsp_push_owner_map(L, ws_linsp_model_of(L, 1, "cache"));
    int map = lua_gettop(L);
    lua_newtable(L);
    lua_Integer fr = 0, pu = 0;
    for (uint32_t s = 0; s < cf->sets; s++)
        for (uint32_t w = 0; w < cf->ways; w++) {
            ws_cache_line_info li;
            ws_cache_line(c, s, w, &li);
            if (li.state == WS_LINE_INVALID) {
                fr++;
                continue;
            }
            if (li.prefetched && !li.used && li.valid_mask) pu++;
            push_owner(L, map, li.owner);
            if (lua_isnil(L, -1)) {
                lua_pop(L, 1);
                lua_pushliteral(L, "other");
            }
            lua_pushvalue(L, -1);
            lua_rawget(L, -3);
            lua_Integer n = lua_tointeger(L, -1);
            lua_pop(L, 1);
            lua_pushinteger(L, n + 1);
            lua_rawset(L, -3);
        }
    ws_linsp_set_int(L, "free", fr);
    ws_linsp_set_int(L, "prefetched_unused", pu);
    return 1;
}

static int c_index(lua_State *L)
{
    ws_lcache *h = luaL_checkudata(L, 1, WS_CACHE_MT);
    const char *k = luaL_checkstring(L, 2);
    if (!strcmp(k, "kind")) lua_pushstring(L, kind_names[h->kind]);
    else if (!strcmp(k, "index")) lua_pushinteger(L, h->index);
    else {
        luaL_getmetatable(L, WS_CACHE_MT);
        lua_getfield(L, -1, "methods");
        lua_getfield(L, -1, k);
    }
    return 1;
}

static int c_call(lua_State *L)
{
    lua_settop(L, 1);
    return 1;
}

static int c_tostring(lua_State *L)
{
    ws_lcache *h = luaL_checkudata(L, 1, WS_CACHE_MT);
    lua_getiuservalue(L, 1, 1);
    ws_lgpu *g = luaL_testudata(L, -1, WS_GPU_MT);
    lua_pushfstring(L, "%s %d%s",
                    h->kind == WS_LCACHE_L1D ? "L1D of SM" : h->kind == WS_LCACHE_PFC ? "prefetch cache of SM" : "L2 slice",
                    (int)h->index,
                    g && g->tg ? "" : " (stale: gpu closed)");
    return 1;
}

static int c_policy(lua_State *L)
{
    ws_lcache *h;
    check_cache(L, 1, &h);
    ws_gpu *g = ws_linsp_model_of(L, 1, "cache");
    const ws_cpol *p = h->kind == WS_LCACHE_L1D ? ws_gpu_cpol(g, false, h->index)
                       : h->kind == WS_LCACHE_L2 ? ws_gpu_cpol(g, true, h->index) : NULL;
    if (!p) {
        lua_pushnil(L);
        return 1;
    }
    enum { CAP = 4096 };
    int64_t (*rows)[WS_CPOL_INSP_COLS] = lua_newuserdatauv(L, CAP * sizeof *rows, 0);
    ws_cpol_insp in = { .rows = rows, .cap_rows = CAP };
    ws_cpol_inspect(p, &in);
    lua_createtable(L, 0, 6);
    ws_linsp_set_str(L, "name", in.name);
    lua_createtable(L, 0, (int)in.nvals);
    for (uint32_t i = 0; i < in.nvals; i++) ws_linsp_set_int(L, in.vname[i], in.val[i]);
    lua_setfield(L, -2, "values");
    if (in.table) ws_linsp_set_str(L, "table", in.table);
    lua_createtable(L, (int)in.ncols, 0);
    for (uint32_t c = 0; c < in.ncols; c++) {
        lua_pushstring(L, in.col[c]);
        lua_rawseti(L, -2, c + 1);
    }
    lua_setfield(L, -2, "columns");
    uint32_t n = in.nrows < CAP ? in.nrows : CAP;
    lua_createtable(L, (int)n, 0);
    for (uint32_t r = 0; r < n; r++) {
        lua_createtable(L, (int)in.ncols, 0);
        for (uint32_t c = 0; c < in.ncols; c++) {
            lua_pushinteger(L, (lua_Integer)rows[r][c]);
            lua_rawseti(L, -2, c + 1);
        }
        lua_rawseti(L, -2, r + 1);
    }
    lua_setfield(L, -2, "rows");
    const ws_cpol_stats *s = ws_cpol_stats_get(p);
    lua_createtable(L, 0, 10);
    ws_linsp_set_int(L, "l2_insertions", (lua_Integer)s->l2_insertions);
    ws_linsp_set_int(L, "l2_fills_skipped", (lua_Integer)s->l2_fill_skipped);
    ws_linsp_set_int(L, "l2_victims_clean", (lua_Integer)s->l2_victims[0]);
    ws_linsp_set_int(L, "l2_hits_shared", (lua_Integer)s->l2_hits_shared);
    ws_linsp_set_int(L, "l2_hits_private", (lua_Integer)s->l2_hits_private);
    ws_linsp_set_int(L, "l2_invalidations", (lua_Integer)s->l2_invalidations);
    ws_linsp_set_int(L, "l1_victims_clean", (lua_Integer)s->l1_victims_sent[0]);
    ws_linsp_set_int(L, "l1_victims_dirty", (lua_Integer)s->l1_victims_sent[1]);
    ws_linsp_set_int(L, "l1_cb_fills", (lua_Integer)s->l1_cb_fills);
    ws_linsp_set_int(L, "victim_flits", (lua_Integer)s->victim_flits);
    lua_setfield(L, -2, "stats");
    return 1;
}

void ws_linsp_register_cache(lua_State *L)
{
    static const luaL_Reg methods[] = {
        { "config", c_config },
        { "lines", c_lines },
        { "mshrs", c_mshrs },
        { "stats", c_stats },
        { "occupancy", c_occupancy },
        { "policy", c_policy },
        { NULL, NULL },
    };
    static const luaL_Reg meta[] = {
        { "__index", c_index },
        { "__call", c_call },
        { "__tostring", c_tostring },
        { NULL, NULL },
    };
    if (luaL_newmetatable(L, WS_CACHE_MT)) {
        luaL_setfuncs(L, meta, 0);
        luaL_newlib(L, methods);
        lua_setfield(L, -2, "methods");
    }
    lua_pop(L, 1);
}
