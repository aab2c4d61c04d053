/* ws_lua_array.c: device arrays (`gpu:array`), the Lua face of a named
 * device allocation with an element type.
 *
 *   local a = gpu:array("i32", 1000, { name = "dist", fill = -1 })
 *   local b = gpu:array("i32", g.row)        -- from a buffer (copied)
 *   local c = gpu:array("f32", {1, 2, 3})    -- from a table
 *   a:read() -> buffer; a:read(10, 5) -> elements 10..14; a[3]; a[3] = 7
 *   a:write(buf_or_table [, offset]); a:fill(v); a:free()
 *   a.addr, a.n, a.type, a.name, a.bytes; #a
 *
 * Indices are 0-based, as in CUDA.  Host data is first made a buffer of the
 * array's element type (ws_lua_buffer.c converts and range-checks every
 * value), then copied to the device. */
#include "config.h"
#include "lua/ws_lua.h"
#include "lua/ws_lua_gpu.h"

#include <lauxlib.h>
#include <stdio.h>
#include <string.h>

ws_larray *ws_larray_test(lua_State *L, int idx)
{
    return luaL_testudata(L, idx, WS_ARRAY_MT);
}

ws_larray *ws_larray_check(lua_State *L, int idx)
{
    ws_larray *a = luaL_checkudata(L, idx, WS_ARRAY_MT);
    if (a->addr == 0)
        luaL_error(L, "attempt to use a freed array '%s'", a->name);
    ws_lgpu_of(L, idx);   /* raises when its gpu was closed */
    return a;
}

/* Conversion errors name the device array, its element type, what was
 * being stored and the value, and are raised with luaL_error from the
 * binding the script called, so they carry the script's file and line. */
static void store_failed(lua_State *L, const char *name, ws_buf_type t, const char *what)
{
    luaL_error(L, "array '%s' (%s) %s: %s", name, ws_buf_type_name(t), what, lua_tostring(L, -1));
}

/* Make the value at idx a buffer of type t (a new one unless it already is
 * one of that type); leaves it on the stack top and returns it.  Every value
 * is converted and range-checked; `name` is the array's, `what` says what
 * the data is for ("write", "initial data"). */
static ws_buffer *to_buffer(lua_State *L, int idx, ws_buf_type t, const char *name,
                            const char *what)
{
    idx = lua_absindex(L, idx);
    ws_buffer *src = ws_lua_buffer_test(L, idx);
    if (src && src->type == t) {
        lua_pushvalue(L, idx);
        return src;
    }
    if (!src && !lua_istable(L, idx))
        luaL_error(L, "array '%s' (%s) %s: expected a buffer or a table of numbers, got %s", name,
                   ws_buf_type_name(t), what, luaL_typename(L, idx));
    lua_Integer n = src ? (lua_Integer)src->n : luaL_len(L, idx);
    ws_buffer *b = ws_lua_buffer_push(L, t, (size_t)n);
    for (lua_Integer i = 0; i < n; i++) {
        lua_geti(L, idx, src ? i : i + 1);
        if (ws_lua_buffer_store(L, b, (size_t)i, -1) != 0) {
            char ctx[96];
            if (src)
                snprintf(ctx, sizeof ctx, "%s, index %lld of the %s buffer", what, (long long)i,
                         ws_buf_type_name(src->type));
            else
                snprintf(ctx, sizeof ctx, "%s, element [%lld] of the table", what,
                         (long long)i + 1);
            store_failed(L, name, t, ctx);
        }
        lua_pop(L, 1);
    }
    return b;
}

/* A one-element buffer of type t holding the value at idx (pushed); `what`
 * names the value in errors ("element 3", "fill value"). */
static ws_buffer *one_value(lua_State *L, int idx, ws_buf_type t, const char *name,
                            const char *what)
{
    idx = lua_absindex(L, idx);
    ws_buffer *b = ws_lua_buffer_push(L, t, 1);
    if (ws_lua_buffer_store(L, b, 0, idx) != 0)
        store_failed(L, name, t, what);
    return b;
}

/* Fill n elements of es bytes at addr with the one value in `one`. */
static void fill_device(lua_State *L, ws_device *d, uint64_t addr, uint64_t n, size_t es,
                        const ws_buffer *one);

static void raise_err(lua_State *L, const ws_error *err)
{
    luaL_error(L, "%s", err->msg);
}

/* Push a new array userdata sharing the gpu at gpu_idx as its user value. */
static ws_larray *push_array(lua_State *L, int gpu_idx)
{
    ws_larray *a = lua_newuserdatauv(L, sizeof *a, 1);
    memset(a, 0, sizeof *a);
    luaL_setmetatable(L, WS_ARRAY_MT);
    lua_pushvalue(L, gpu_idx);
    lua_setiuservalue(L, -2, 1);
    return a;
}

/* gpu:array(type, n | table | buffer [, opts]) */
int ws_lgpu_array(lua_State *L)
{
    ws_device *d = ws_lgpu_check(L, 1);
    ws_buf_type t;
    const char *tname = luaL_checkstring(L, 2);
    if (ws_buf_type_parse(tname, &t) != 0)
        return luaL_error(L, "unknown element type '%s' (expected i8, u8, i16, u16, i32, u32, "
                             "i64, u64, f32 or f64)", ws_lua_quote(L, tname));
    int has_opts = !lua_isnoneornil(L, 4);
    if (has_opts)
        luaL_checktype(L, 4, LUA_TTABLE);

    char name[64] = "array";
    if (has_opts) {
        lua_getfield(L, 4, "name");
        if (!lua_isnil(L, -1)) {
            if (lua_type(L, -1) != LUA_TSTRING)
                return luaL_error(L, "array option 'name' must be a string");
            snprintf(name, sizeof name, "%s", lua_tostring(L, -1));
        }
        lua_pop(L, 1);
        /* Reject unknown option keys: a typo must not pass silently. */
        lua_pushnil(L);
        while (lua_next(L, 4)) {
            const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
            if (!k || (strcmp(k, "name") && strcmp(k, "fill")))
                return luaL_error(L, "unknown array option '%s' (expected name or fill)",
                                  ws_lua_quote(L, k ? k : luaL_typename(L, -2)));
            lua_pop(L, 1);
        }
    }

    ws_buffer *src = NULL;
    uint64_t n;
    if (lua_type(L, 3) == LUA_TNUMBER) {
        int isint;
        lua_Integer v = lua_tointegerx(L, 3, &isint);
        if (!isint || v < 0)
            return luaL_error(L, "array length must be a non-negative integer, got %s",
                              lua_tostring(L, 3));
        n = (uint64_t)v;
    } else {
        src = to_buffer(L, 3, t, name, "initial data");   /* pushed */
        n = src->n;
    }
    size_t es = ws_buf_type_size(t);
    if (n > (UINT64_MAX >> 8) / es)
        return luaL_error(L, "array of %I elements is too large", (lua_Integer)n);

    /* the fill value is checked before anything is allocated: a bad one
     * must not leave an allocation no array holds */
    ws_buffer *one = NULL;
    if (has_opts) {
        lua_getfield(L, 4, "fill");
        if (!lua_isnil(L, -1)) {
            if (src)
                return luaL_error(L, "array option 'fill' needs a length, not initial data");
            one = one_value(L, -1, t, name, "option fill");     /* pushed */
        }
    }

    ws_error err;
    uint64_t addr = ws_devmem_alloc(d, n * es, name, &err);
    if (!addr)
        raise_err(L, &err);
    if (src && n && ws_devmem_write(d, addr, src->data, n * es, &err) != 0) {
        ws_devmem_free(d, addr, NULL);
        raise_err(L, &err);
    }
    if (src && n) ws_lgpu_host_wrote(L, 1, addr, n * es);
    if (one) {
        fill_device(L, d, addr, n, es, one);
        ws_lgpu_host_wrote(L, 1, addr, n * es);
    }

    ws_larray *a = push_array(L, 1);
    a->addr = addr;
    a->n = n;
    a->type = t;
    a->elsize = (uint32_t)es;
    snprintf(a->name, sizeof a->name, "%s", name);
    return 1;
}

static void fill_device(lua_State *L, ws_device *d, uint64_t addr, uint64_t n, size_t es,
                        const ws_buffer *one)
{
    if (n == 0)
        return;
    ws_error err;
    unsigned char *p = ws_devmem_ptr(d, addr, n * es, &err);
    if (!p)
        raise_err(L, &err);
    for (uint64_t i = 0; i < n; i++)
        memcpy(p + i * es, one->data, es);
}

/* Range [first, first+count) of array a from args at idx, idx+1 (optional). */
static void check_range(lua_State *L, const ws_larray *a, int idx, uint64_t *first, uint64_t *count)
{
    lua_Integer f = luaL_optinteger(L, idx, 0);
    if (f < 0 || (uint64_t)f > a->n)
        luaL_error(L, "first element %I is outside array '%s' (elements 0..%I; indices are 0-based)", f,
                   a->name, (lua_Integer)a->n - 1);
    lua_Integer c = luaL_optinteger(L, idx + 1, (lua_Integer)(a->n - (uint64_t)f));
    if (c < 0 || (uint64_t)c > a->n - (uint64_t)f)
        luaL_error(L, "%I elements from element %I do not fit in array '%s' (elements 0..%I; indices are "
                   "0-based)", c, f, a->name, (lua_Integer)a->n - 1);
    *first = (uint64_t)f;
    *count = (uint64_t)c;
}

/* a:read([first [, count]]) -> buffer */
static int a_read(lua_State *L)
{
    ws_larray *a = ws_larray_check(L, 1);
    ws_device *d = ws_lgpu_of(L, 1);
    uint64_t first, count;
    check_range(L, a, 2, &first, &count);
    ws_buffer *b = ws_lua_buffer_push(L, a->type, (size_t)count);
    ws_error err;
    if (count && ws_devmem_read(d, a->addr + first * a->elsize, b->data, count * a->elsize, &err))
        raise_err(L, &err);
    return 1;
}

/* a:write(buffer | table [, offset]) */
static int a_write(lua_State *L)
{
    ws_larray *a = ws_larray_check(L, 1);
    ws_device *d = ws_lgpu_of(L, 1);
    lua_Integer off = luaL_optinteger(L, 3, 0);
    ws_buffer *b = to_buffer(L, 2, a->type, a->name, "write");
    if (off < 0 || (uint64_t)off > a->n || b->n > a->n - (uint64_t)off)
        return luaL_error(L, "writing %I elements at offset %I overflows array '%s' of %I elements",
                          (lua_Integer)b->n, off, a->name, (lua_Integer)a->n);
    ws_error err;
    if (b->n && ws_devmem_write(d, a->addr + (uint64_t)off * a->elsize, b->data,
                                b->n * a->elsize, &err))
        raise_err(L, &err);
    if (b->n) ws_lgpu_host_wrote(L, 1, a->addr + (uint64_t)off * a->elsize, b->n * a->elsize);
    lua_settop(L, 1);
    return 1;
}

/* a:fill(value) */
static int a_fill(lua_State *L)
{
    ws_larray *a = ws_larray_check(L, 1);
    ws_device *d = ws_lgpu_of(L, 1);
    luaL_checkany(L, 2);
    ws_buffer *one = one_value(L, 2, a->type, a->name, "fill");
    fill_device(L, d, a->addr, a->n, a->elsize, one);
    ws_lgpu_host_wrote(L, 1, a->addr, a->n * a->elsize);
    lua_settop(L, 1);
    return 1;
}

/* a:free(): release the device memory; later use raises an error. */
static int a_free(lua_State *L)
{
    ws_larray *a = ws_larray_check(L, 1);
    ws_device *d = ws_lgpu_of(L, 1);
    ws_error err;
    if (ws_devmem_free(d, a->addr, &err) != 0)
        raise_err(L, &err);
    a->addr = 0;
    return 0;
}

static uint64_t check_elem_index(lua_State *L, const ws_larray *a, int idx)
{
    int isint;
    lua_Integer i = lua_tointegerx(L, idx, &isint);
    if (!isint)
        luaL_error(L, "array index must be an integer, got %s", luaL_typename(L, idx));
    if (i < 0 || (uint64_t)i >= a->n)
        luaL_error(L, "index %I out of range for array '%s' (elements 0..%I; indices are 0-based)",
                   i, a->name, (lua_Integer)a->n - 1);
    return (uint64_t)i;
}

static const luaL_Reg array_methods[] = {
    { "read", a_read },
    { "write", a_write },
    { "fill", a_fill },
    { "free", a_free },
    { NULL, NULL },
};

static int a_index(lua_State *L)
{
    ws_larray *a = luaL_checkudata(L, 1, WS_ARRAY_MT);
    if (lua_type(L, 2) == LUA_TNUMBER) {
        ws_larray *live = ws_larray_check(L, 1);
        uint64_t i = check_elem_index(L, live, 2);
        ws_buffer *one = ws_lua_buffer_push(L, live->type, 1);
        ws_error err;
        if (ws_devmem_read(ws_lgpu_of(L, 1), live->addr + i * live->elsize, one->data,
                           live->elsize, &err))
            raise_err(L, &err);
        lua_geti(L, -1, 0);   /* the buffer converts the element to a Lua value */
        return 1;
    }
    const char *k = luaL_checkstring(L, 2);
    for (const luaL_Reg *m = array_methods; m->name; m++)
        if (strcmp(k, m->name) == 0) {
            lua_pushcfunction(L, m->func);
            return 1;
        }
    if (strcmp(k, "name") == 0)
        lua_pushstring(L, a->name);
    else if (strcmp(k, "type") == 0)
        lua_pushstring(L, ws_buf_type_name(a->type));
    else if (strcmp(k, "freed") == 0)
        lua_pushboolean(L, a->addr == 0);
    else {
        ws_larray_check(L, 1);
        if (strcmp(k, "n") == 0)
            lua_pushinteger(L, (lua_Integer)a->n);
        else if (strcmp(k, "addr") == 0)
            lua_pushinteger(L, (lua_Integer)a->addr);
        else if (strcmp(k, "bytes") == 0)
            lua_pushinteger(L, (lua_Integer)(a->n * a->elsize));
        else if (strcmp(k, "gpu") == 0)
            lua_getiuservalue(L, 1, 1);
        else
            lua_pushnil(L);
    }
    return 1;
}

static int a_newindex(lua_State *L)
{
    ws_larray *a = ws_larray_check(L, 1);
    if (lua_type(L, 2) != LUA_TNUMBER)
        return luaL_error(L, "cannot set field '%s' of an array", luaL_tolstring(L, 2, NULL));
    uint64_t i = check_elem_index(L, a, 2);
    char what[40];
    snprintf(what, sizeof what, "element %llu", (unsigned long long)i);
    ws_buffer *one = one_value(L, 3, a->type, a->name, what);
    ws_error err;
    if (ws_devmem_write(ws_lgpu_of(L, 1), a->addr + i * a->elsize, one->data, a->elsize, &err))
        raise_err(L, &err);
    ws_lgpu_host_wrote(L, 1, a->addr + i * a->elsize, a->elsize);
    return 0;
}

static int a_len(lua_State *L)
{
    ws_larray *a = ws_larray_check(L, 1);
    lua_pushinteger(L, (lua_Integer)a->n);
    return 1;
}

static int a_tostring(lua_State *L)
{
    ws_larray *a = luaL_checkudata(L, 1, WS_ARRAY_MT);
    if (a->addr == 0) {
        lua_pushfstring(L, "array '%s' (freed)", a->name);
    } else {
        char hex[32];
        snprintf(hex, sizeof hex, "%llx", (unsigned long long)a->addr);
        lua_pushfstring(L, "array '%s' (%s[%I] at 0x%s)", a->name, ws_buf_type_name(a->type),
                        (lua_Integer)a->n, hex);
    }
    return 1;
}

void ws_lua_array_register(lua_State *L)
{
    static const luaL_Reg meta[] = {
        { "__index", a_index },
        { "__newindex", a_newindex },
        { "__len", a_len },
        { "__tostring", a_tostring },
        { NULL, NULL },
    };
    if (luaL_newmetatable(L, WS_ARRAY_MT))
        luaL_setfuncs(L, meta, 0);
    lua_pop(L, 1);
}
