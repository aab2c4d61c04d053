/* ws_lua_mff.c: gpu:configure_mff{c=, v=, bv=}, the host side of the
 * Memory Fast-Forward unit (issue 34): which arrays are the edge array C
 * (32-bit vertex indices; its length is C's length), the vertex values V
 * (32-bit words, one per vertex) and the active-vertex bit vector (bit d
 * is bit d % 8 of byte d / 8).  The registers apply to the next launch
 * only, like configure_iru.  Every argument is checked here: a bad one is
 * an error naming the key and the problem. */
#include "config.h"
#include "arch/ws_gpu.h"
#include "arch/ws_mff.h"
#include "lua/ws_lua.h"
#include "lua/ws_lua_gpu.h"
#include "util/ws_util.h"
#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

static const char *const keys[] = { "c", "v", "bv", NULL };

static ws_larray *field_array(lua_State *L, const char *key, bool required)
{
    lua_getfield(L, 2, key);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        if (required) luaL_error(L, "configure_mff: '%s' (an array) is missing", key);
        return NULL;
    }
    ws_larray *a = ws_larray_test(L, -1);
    if (!a) luaL_error(L, "configure_mff: '%s' must be an array (gpu:array), got %s", key, luaL_typename(L, -1));
    if (!a->addr) luaL_error(L, "configure_mff: '%s' is the freed array '%s'", key, a->name);
    lua_pop(L, 1);
    return a;
}

static void words(lua_State *L, const char *key, const ws_larray *a)
{
    if (a && a->elsize != 4)
        luaL_error(L, "configure_mff: '%s' ('%s') must hold 32-bit words (it is %s)", key, a->name,
                   ws_buf_type_name(a->type));
}

/* gpu:configure_mff{ c = C, v = V, bv = BV }: c is required; v is needed
 * by pc_gather, bv by pc_scatter_set (a kernel using one without it gets
 * words from / sets bits at address 0: refused here only when given wrong) */
int ws_lgpu_configure_mff(lua_State *L)
{
    ws_lgpu *g = luaL_checkudata(L, 1, WS_GPU_MT);
    (void)ws_lgpu_check(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    if (!g->tg || !ws_gpu_has_mff(g->tg))
        return luaL_error(L, "configure_mff needs the MFF: --set mff.enable=true (on a timing GPU)");
    lua_pushnil(L);
    while (lua_next(L, 2)) {
        lua_pop(L, 1);
        const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        bool known = false;
        for (int i = 0; k && keys[i]; i++) known |= strcmp(k, keys[i]) == 0;
        if (!known) {
            if (k) return luaL_error(L, "configure_mff: unknown key '%s' (c, v, bv)", k);
            return luaL_error(L, "configure_mff: keys must be c, v, bv");
        }
    }
    ws_larray *c = field_array(L, "c", true);
    ws_larray *v = field_array(L, "v", false);
    ws_larray *bv = field_array(L, "bv", false);
    words(L, "c", c);
    words(L, "v", v);
    if (!v && !bv) return luaL_error(L, "configure_mff: give 'v' (for pc_gather) or 'bv' (for pc_scatter_set), or both");
    /* C's values as they are now: vertex indices inside V and the bit vector */
    uint64_t vn = v ? v->n : UINT64_MAX, bn = bv ? bv->n * bv->elsize * 8 : UINT64_MAX;
    if (c->n > 0) {
        uint32_t *x = ws_xmalloc(c->n * 4);
        ws_error e;
        if (ws_devmem_read(ws_lgpu_check(L, 1), c->addr, x, c->n * 4, &e) < 0) {
            free(x);
            return luaL_error(L, "configure_mff: 'c' ('%s'): %s", c->name, e.msg);
        }
        for (uint64_t i = 0; i < c->n; i++) {
            if (x[i] >= vn || x[i] >= bn) {
                uint32_t val = x[i];
                bool inv = val >= vn;
                free(x);
                if (inv)
                    return luaL_error(L, "configure_mff: 'c' ('%s')[%I] = %I is outside 'v' ('%s', %I entries)",
                                      c->name, (lua_Integer)i, (lua_Integer)val, v->name, (lua_Integer)vn);
                return luaL_error(L, "configure_mff: 'c' ('%s')[%I] = %I is outside 'bv' ('%s', %I bits)",
                                  c->name, (lua_Integer)i, (lua_Integer)val, bv->name, (lua_Integer)bn);
            }
        }
        free(x);
    }
    ws_mff_regs r = { .c_base = c->addr, .c_len = c->n, .v_base = v ? v->addr : 0, .bv_base = bv ? bv->addr : 0 };
    ws_error err;
    if (ws_gpu_configure_mff(g->tg, &r, &err) < 0)
        return luaL_error(L, "configure_mff: %s", err.msg);
    return 0;
}
