/* ws_lua_iru.c: gpu:configure_iru{...}, the host side of the IRU (issue 33;
 * A2.5's configure_iru).  The registers apply to the next launch.  Every
 * argument is checked here, against the arrays it names: a bad one is an
 * error naming the argument and the array. */
#include "config.h"
#include "arch/ws_gpu.h"
#include "arch/ws_iru.h"
#include "lua/ws_lua.h"
#include "lua/ws_lua_gpu.h"
#include "util/ws_util.h"
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

static ws_larray *field_array(lua_State *L, const char *key, bool required)
{
    lua_getfield(L, 2, key);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        if (required) luaL_error(L, "configure_iru: '%s' (an array) is missing", key);
        return NULL;
    }
    ws_larray *a = ws_larray_test(L, -1);
    if (!a) luaL_error(L, "configure_iru: '%s' must be an array (gpu:array), got %s", key, luaL_typename(L, -1));
    if (!a->addr) luaL_error(L, "configure_iru: '%s' is the freed array '%s'", key, a->name);
    lua_pop(L, 1);
    return a;
}

/* luaL_error with the whole of printf's formats */
static int fail(lua_State *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(lua_State *L, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return luaL_error(L, "configure_iru: %s", msg);
}

static lua_Integer field_int(lua_State *L, const char *key, lua_Integer dflt)
{
    lua_getfield(L, 2, key);
    lua_Integer v = dflt;
    if (!lua_isnil(L, -1)) {
        int ok;
        v = lua_tointegerx(L, -1, &ok);
        if (!ok) luaL_error(L, "configure_iru: '%s' must be an integer, got %s", key, luaL_typename(L, -1));
    }
    lua_pop(L, 1);
    return v;
}

/* gpu:configure_iru{ target=, elem_size=, indices=, secondary=, n=, filter= } */
int ws_lgpu_configure_iru(lua_State *L)
{
    ws_lgpu *g = luaL_checkudata(L, 1, WS_GPU_MT);
    ws_device *d = ws_lgpu_check(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    if (!g->tg || !ws_gpu_has_iru(g->tg))
        return luaL_error(L, "configure_iru needs the IRU: --set iru.enable=true (on a timing GPU)");
    ws_larray *tgt = field_array(L, "target", true);
    ws_larray *idx = field_array(L, "indices", true);
    ws_larray *sec = field_array(L, "secondary", false);
    lua_Integer es = field_int(L, "elem_size", (lua_Integer)tgt->elsize);
    if (es < 1 || es > 65536)
        return luaL_error(L, "configure_iru: elem_size = %I is not 1 to 65536 (target '%s')", es, tgt->name);
    if (idx->elsize != 4)
        return luaL_error(L, "configure_iru: indices '%s' must hold 32-bit words (it is %s)", idx->name,
                          ws_buf_type_name(idx->type));
    lua_Integer n = field_int(L, "n", (lua_Integer)idx->n);
    if (n < 0 || (uint64_t)n > idx->n)
        return fail(L, "n = %lld is larger than the indices array '%s' (%" PRIu64 " elements)", (long long)n,
                    idx->name, idx->n);
    if (sec && sec->elsize != 4)
        return luaL_error(L, "configure_iru: secondary '%s' must hold 32-bit words (it is %s)", sec->name,
                          ws_buf_type_name(sec->type));
    if (sec && sec->n != idx->n)
        return fail(L, "secondary '%s' has %" PRIu64 " elements, the indices array '%s' %" PRIu64
                    ": they must be the same size", sec->name, sec->n, idx->name, idx->n);
    lua_getfield(L, 2, "filter");
    const char *fs = luaL_optstring(L, -1, "none");
    ws_iru_filter filter;
    if (strcmp(fs, "none") == 0) filter = WS_IRU_FILTER_NONE;
    else if (strcmp(fs, "drop") == 0) filter = WS_IRU_FILTER_DROP;
    else if (strcmp(fs, "min") == 0) filter = WS_IRU_FILTER_MIN;
    else if (strcmp(fs, "add") == 0) filter = WS_IRU_FILTER_ADD;
    else return luaL_error(L, "configure_iru: filter '%s' is not none, drop, min or add", fs);
    lua_pop(L, 1);
    if ((filter == WS_IRU_FILTER_MIN || filter == WS_IRU_FILTER_ADD) && !sec)
        return luaL_error(L, "configure_iru: filter '%s' merges secondaries: give a secondary array", fs);
    /* the indices as they are now: 24 bits (A2.5), inside the target */
    if (n > 0) {
        uint32_t *v = ws_xmalloc((size_t)n * 4);
        ws_error err;
        if (ws_devmem_read(d, idx->addr, v, (uint64_t)n * 4, &err) < 0) {
            free(v);
            return luaL_error(L, "configure_iru: indices '%s': %s", idx->name, err.msg);
        }
        uint64_t tbytes = tgt->n * tgt->elsize;
        for (lua_Integer i = 0; i < n; i++) {
            if (v[i] >= (1u << 24)) {
                uint32_t x = v[i];
                free(v);
                return fail(L, "indices '%s'[%lld] = %u does not fit in 24 bits", idx->name, (long long)i, x);
            }
            if ((uint64_t)v[i] * (uint64_t)es + (uint64_t)es > tbytes) {
                uint32_t x = v[i];
                free(v);
                return fail(L, "indices '%s'[%lld] = %u is outside the target '%s' (%" PRIu64 " bytes, elem_size %lld)",
                            idx->name, (long long)i, x, tgt->name, tbytes, (long long)es);
            }
        }
        free(v);
    }
    ws_iru_regs r = { .target = tgt->addr, .elem_size = (uint32_t)es, .indices = idx->addr,
                      .secondary = sec ? sec->addr : 0, .n = (uint64_t)n, .filter = filter };
    ws_error err;
    if (ws_gpu_configure_iru(g->tg, &r, &err) < 0)
        return luaL_error(L, "configure_iru: %s", err.msg);
    return 0;
}
