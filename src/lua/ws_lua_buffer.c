/* ws_lua_buffer: typed, C-backed arrays for Lua (contract in ws_lua_buffer.h).
 *
 *   ws.buffer(type, n [, fill])      n elements (zeros, or fill)
 *   ws.buffer(type, {values...})     from a table: t[1] becomes element 0
 *   ws.buffer(type, other_buffer)    converted copy
 *   ws.buffer.new(...)               the same as calling ws.buffer
 *   ws.buffer.types                  {"i8", "u8", ..., "f64"}
 *   ws.buffer.from_bytes(type, s)    from raw little-endian bytes
 *   b[i], b[i] = v, #b, b.type, b == c, tostring(b)
 *   b:totable() b:fill(v) b:slice(i [, j]) b:copy() b:sum() b:min() b:max()
 *   b:find(v) b:diff(other) b:bytes()
 * Indices are 0-based.  Values are range-checked for the element type.
 * Views (ws_lua_buffer_push_view) share another object's memory and are
 * read-only; they have their own metatable with the same methods. */
#include "lua/ws_lua_buffer.h"
#include "lua/ws_lua.h"

#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WS_BUFFER_VIEW_MT "warpscope.buffer.view"

static const char *const type_names[WS_BUF_NTYPES] = {
    "i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "f32", "f64",
};
static const size_t type_sizes[WS_BUF_NTYPES] = { 1, 1, 2, 2, 4, 4, 8, 8, 4, 8 };

int ws_buf_type_parse(const char *name, ws_buf_type *out)
{
    for (int t = 0; t < WS_BUF_NTYPES; t++)
        if (strcmp(name, type_names[t]) == 0) {
            *out = (ws_buf_type)t;
            return 0;
        }
    return -1;
}

const char *ws_buf_type_name(ws_buf_type t)
{
    return (unsigned)t < WS_BUF_NTYPES ? type_names[t] : "?";
}

size_t ws_buf_type_size(ws_buf_type t)
{
    return (unsigned)t < WS_BUF_NTYPES ? type_sizes[t] : 0;
}

static int is_float(ws_buf_type t)
{
    return t == WS_BUF_F32 || t == WS_BUF_F64;
}

/* ------------------------------------------------------------ creation */

static void set_meta(lua_State *L, int view);

static ws_buffer *push_raw(lua_State *L, ws_buf_type type, size_t n, void *data, int view)
{
#if LUA_VERSION_NUM >= 504
    ws_buffer *b = lua_newuserdatauv(L, sizeof *b, view ? 1 : 0);
#else
    ws_buffer *b = lua_newuserdata(L, sizeof *b);
#endif
    b->type = type;
    b->n = n;
    b->elsize = type_sizes[type];
    b->data = data;
    set_meta(L, view);
    return b;
}

ws_buffer *ws_lua_buffer_push(lua_State *L, ws_buf_type type, size_t n)
{
    if ((unsigned)type >= WS_BUF_NTYPES)
        luaL_error(L, "invalid buffer type %d", (int)type);
    size_t es = type_sizes[type];
    if (n > (SIZE_MAX / 2) / es)
        luaL_error(L, "buffer of %I %s elements is too large", (lua_Integer)n, type_names[type]);
    /* Create the userdata first (data NULL) so an allocation failure
     * leaves nothing to leak. */
    ws_buffer *b = push_raw(L, type, 0, NULL, 0);
    void *data = calloc(n ? n : 1, es);
    if (!data)
        luaL_error(L, "out of memory allocating a buffer of %I %s elements", (lua_Integer)n, type_names[type]);
    b->data = data;
    b->n = n;
    return b;
}

ws_buffer *ws_lua_buffer_push_owned(lua_State *L, ws_buf_type type, size_t n, void *data)
{
    if ((unsigned)type >= WS_BUF_NTYPES) {
        free(data);
        luaL_error(L, "invalid buffer type %d", (int)type);
    }
    return push_raw(L, type, n, data, 0);
}

ws_buffer *ws_lua_buffer_push_view(lua_State *L, ws_buf_type type, size_t n, void *data,
                                   int owner_idx)
{
    if ((unsigned)type >= WS_BUF_NTYPES)
        luaL_error(L, "invalid buffer type %d", (int)type);
    owner_idx = lua_absindex(L, owner_idx);
    ws_buffer *b = push_raw(L, type, n, data, 1);
    lua_pushvalue(L, owner_idx);
#if LUA_VERSION_NUM >= 504
    lua_setiuservalue(L, -2, 1);
#else
    lua_setuservalue(L, -2);
#endif
    return b;
}

int ws_lua_buffer_readonly(lua_State *L, int idx)
{
    return luaL_testudata(L, idx, WS_BUFFER_VIEW_MT) != NULL;
}

ws_buffer *ws_lua_buffer_test(lua_State *L, int idx)
{
    ws_buffer *b = luaL_testudata(L, idx, WS_BUFFER_MT);
    return b ? b : luaL_testudata(L, idx, WS_BUFFER_VIEW_MT);
}

ws_buffer *ws_lua_buffer_check(lua_State *L, int idx)
{
    ws_buffer *b = ws_lua_buffer_test(L, idx);
    if (!b)
        luaL_argerror(L, idx,
                      lua_pushfstring(L, "buffer expected, got %s", luaL_typename(L, idx)));
    return b;
}

static void check_writable(lua_State *L, int idx)
{
    if (ws_lua_buffer_readonly(L, idx))
        luaL_error(L, "this buffer is read-only (it shares a graph's arrays); use b:copy() "
                      "for a writable copy");
}

/* ------------------------------------------------------------ elements */

static void push_elem(lua_State *L, const ws_buffer *b, size_t i)
{
    const void *d = b->data;
    switch (b->type) {
    case WS_BUF_I8: lua_pushinteger(L, ((const int8_t *)d)[i]); break;
    case WS_BUF_U8: lua_pushinteger(L, ((const uint8_t *)d)[i]); break;
    case WS_BUF_I16: lua_pushinteger(L, ((const int16_t *)d)[i]); break;
    case WS_BUF_U16: lua_pushinteger(L, ((const uint16_t *)d)[i]); break;
    case WS_BUF_I32: lua_pushinteger(L, ((const int32_t *)d)[i]); break;
    case WS_BUF_U32: lua_pushinteger(L, (lua_Integer)((const uint32_t *)d)[i]); break;
    case WS_BUF_I64: lua_pushinteger(L, (lua_Integer)((const int64_t *)d)[i]); break;
    case WS_BUF_U64: {
        uint64_t v = ((const uint64_t *)d)[i];
        if (v <= (uint64_t)LUA_MAXINTEGER)
            lua_pushinteger(L, (lua_Integer)v);
        else
            lua_pushnumber(L, (lua_Number)v);
        break;
    }
    case WS_BUF_F32: lua_pushnumber(L, (lua_Number)((const float *)d)[i]); break;
    case WS_BUF_F64: lua_pushnumber(L, (lua_Number)((const double *)d)[i]); break;
    default: lua_pushnil(L); break;
    }
}

static double elem_double(const ws_buffer *b, size_t i)
{
    const void *d = b->data;
    switch (b->type) {
    case WS_BUF_I8: return ((const int8_t *)d)[i];
    case WS_BUF_U8: return ((const uint8_t *)d)[i];
    case WS_BUF_I16: return ((const int16_t *)d)[i];
    case WS_BUF_U16: return ((const uint16_t *)d)[i];
    case WS_BUF_I32: return ((const int32_t *)d)[i];
    case WS_BUF_U32: return ((const uint32_t *)d)[i];
    case WS_BUF_I64: return (double)((const int64_t *)d)[i];
    case WS_BUF_U64: return (double)((const uint64_t *)d)[i];
    case WS_BUF_F32: return ((const float *)d)[i];
    case WS_BUF_F64: return ((const double *)d)[i];
    default: return 0;
    }
}

/* Integer range of each integer type. */
static void int_range(ws_buf_type t, lua_Integer *lo, lua_Integer *hi)
{
    switch (t) {
    case WS_BUF_I8: *lo = INT8_MIN; *hi = INT8_MAX; break;
    case WS_BUF_U8: *lo = 0; *hi = UINT8_MAX; break;
    case WS_BUF_I16: *lo = INT16_MIN; *hi = INT16_MAX; break;
    case WS_BUF_U16: *lo = 0; *hi = UINT16_MAX; break;
    case WS_BUF_I32: *lo = INT32_MIN; *hi = INT32_MAX; break;
    case WS_BUF_U32: *lo = 0; *hi = (lua_Integer)UINT32_MAX; break;
    case WS_BUF_U64: *lo = 0; *hi = LUA_MAXINTEGER; break;
    default: *lo = LUA_MININTEGER; *hi = LUA_MAXINTEGER; break;
    }
}

/* Push a short rendering of the Lua value at idx for an error message:
 * numbers as Lua prints them, strings quoted (cut when long), others by
 * their type name. */
static void push_value_desc(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx))
            lua_pushfstring(L, "%I", lua_tointeger(L, idx));
        else
            lua_pushfstring(L, "%f", lua_tonumber(L, idx));
        break;
    case LUA_TSTRING: {
        size_t len;
        const char *s = lua_tolstring(L, idx, &len);
        char cut[28];
        snprintf(cut, sizeof cut, "%s", s);
        lua_pushfstring(L, "\"%s%s\" (a string)", cut, len >= sizeof cut ? "..." : "");
        break;
    }
    case LUA_TNIL: lua_pushliteral(L, "nil"); break;
    case LUA_TBOOLEAN: lua_pushstring(L, lua_toboolean(L, idx) ? "true" : "false"); break;
    default: lua_pushfstring(L, "a %s", luaL_typename(L, idx)); break;
    }
}

int ws_lua_buffer_store(lua_State *L, ws_buffer *b, size_t i, int idx)
{
    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) != LUA_TNUMBER) {
        push_value_desc(L, idx);
        lua_pushfstring(L, "%s is not a number", lua_tostring(L, -1));
        lua_remove(L, -2);
        return -1;
    }
    void *d = b->data;
    if (is_float(b->type)) {
        lua_Number x = lua_tonumber(L, idx);
        if (b->type == WS_BUF_F32)
            ((float *)d)[i] = (float)x;
        else
            ((double *)d)[i] = (double)x;
        return 0;
    }
    lua_Integer lo, hi;
    int_range(b->type, &lo, &hi);
    int isint;
    lua_Integer v = lua_tointegerx(L, idx, &isint);
    if (!isint) {
        lua_Number x = lua_tonumber(L, idx);
        if (b->type == WS_BUF_U64 && x >= 9223372036854775808.0 && x < 18446744073709551616.0 &&
            floor(x) == x) {
            ((uint64_t *)d)[i] = (uint64_t)x;
            return 0;
        }
        /* A whole number too large for any integer is out of range, not a
         * fraction. */
        if (floor(x) == x && !isinf(x))
            lua_pushfstring(L, "%f is out of range %I..%I%s for %s", (double)x, lo, hi,
                            b->type == WS_BUF_U64 ? " (or up to 2^64-1 as a float)" : "",
                            type_names[b->type]);
        else
            lua_pushfstring(L, "%f is not an integer (the element type is %s)", (double)x,
                            type_names[b->type]);
        return -1;
    }
    if (v < lo || v > hi) {
        lua_pushfstring(L, "%I is out of range %I..%I for %s", v, lo, hi, type_names[b->type]);
        return -1;
    }
    switch (b->type) {
    case WS_BUF_I8: ((int8_t *)d)[i] = (int8_t)v; break;
    case WS_BUF_U8: ((uint8_t *)d)[i] = (uint8_t)v; break;
    case WS_BUF_I16: ((int16_t *)d)[i] = (int16_t)v; break;
    case WS_BUF_U16: ((uint16_t *)d)[i] = (uint16_t)v; break;
    case WS_BUF_I32: ((int32_t *)d)[i] = (int32_t)v; break;
    case WS_BUF_U32: ((uint32_t *)d)[i] = (uint32_t)v; break;
    case WS_BUF_I64: ((int64_t *)d)[i] = (int64_t)v; break;
    case WS_BUF_U64: ((uint64_t *)d)[i] = (uint64_t)v; break;
    default: break;
    }
    return 0;
}

/* Store the Lua value at idx into element i, or raise an error naming the
 * buffer, the index and the value (located at the caller of the running C
 * function, which is the script for b[i] = v and the buffer methods). */
static void set_elem(lua_State *L, ws_buffer *b, size_t i, int idx)
{
    if (ws_lua_buffer_store(L, b, i, idx) != 0)
        luaL_error(L, "%s buffer, value at index %I: %s", type_names[b->type], (lua_Integer)i,
                   lua_tostring(L, -1));
}

static size_t check_index(lua_State *L, const ws_buffer *b, int idx)
{
    int isint;
    lua_Integer i = lua_tointegerx(L, idx, &isint);
    if (!isint || lua_type(L, idx) != LUA_TNUMBER)
        luaL_error(L, "buffer index must be an integer, got %s", luaL_typename(L, idx));
    if (i < 0 || (lua_Unsigned)i >= b->n) {
        if (b->n == 0)
            luaL_error(L, "buffer index %I out of range (the %s buffer is empty)", i,
                       type_names[b->type]);
        luaL_error(L, "buffer index %I out of range 0..%I (%s buffer of %I elements; indices "
                      "are 0-based)",
                   i, (lua_Integer)b->n - 1, type_names[b->type], (lua_Integer)b->n);
    }
    return (size_t)i;
}

static ws_buf_type check_type(lua_State *L, int idx)
{
    const char *name = luaL_checkstring(L, idx);
    ws_buf_type t = WS_BUF_I32;
    if (ws_buf_type_parse(name, &t) != 0)
        luaL_error(L, "unknown buffer type '%s' (expected i8, u8, i16, u16, i32, u32, i64, u64, "
                      "f32 or f64)",
                   ws_lua_quote(L, name));
    return t;
}

/* ------------------------------------------------------------ metamethods */

static int m_index(lua_State *L)
{
    ws_buffer *b = ws_lua_buffer_check(L, 1);
    if (lua_type(L, 2) == LUA_TSTRING) {
        const char *k = lua_tostring(L, 2);
        if (strcmp(k, "type") == 0) {
            lua_pushstring(L, type_names[b->type]);
            return 1;
        }
        lua_pushvalue(L, 2);
        lua_rawget(L, lua_upvalueindex(1));
        if (lua_isnil(L, -1))
            return luaL_error(L, "buffer has no field or method '%s'", ws_lua_quote(L, k));
        return 1;
    }
    push_elem(L, b, check_index(L, b, 2));
    return 1;
}

static int m_newindex(lua_State *L)
{
    ws_buffer *b = ws_lua_buffer_check(L, 1);
    if (lua_type(L, 2) == LUA_TSTRING)
        return luaL_error(L, "cannot set field '%s' of a buffer", ws_lua_quote(L, lua_tostring(L, 2)));
    check_writable(L, 1);
    set_elem(L, b, check_index(L, b, 2), 3);
    return 0;
}

static int m_len(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)ws_lua_buffer_check(L, 1)->n);
    return 1;
}

static int m_gc(lua_State *L)
{
    ws_buffer *b = ws_lua_buffer_check(L, 1);
    free(b->data);
    b->data = NULL;
    b->n = 0;
    return 0;
}

static int buffers_equal(const ws_buffer *a, const ws_buffer *b)
{
    if (a->type != b->type || a->n != b->n)
        return 0;
    if (!is_float(a->type))
        return a->n == 0 || memcmp(a->data, b->data, a->n * a->elsize) == 0;
    for (size_t i = 0; i < a->n; i++)
        if (elem_double(a, i) != elem_double(b, i))
            return 0;
    return 1;
}

static int m_eq(lua_State *L)
{
    ws_buffer *a = ws_lua_buffer_test(L, 1), *b = ws_lua_buffer_test(L, 2);
    lua_pushboolean(L, a && b && buffers_equal(a, b));
    return 1;
}

static int m_tostring(lua_State *L)
{
    ws_buffer *b = ws_lua_buffer_check(L, 1);
    luaL_Buffer sb;
    luaL_buffinit(L, &sb);
    lua_pushfstring(L, "buffer(%s, %I): {", type_names[b->type], (lua_Integer)b->n);
    luaL_addvalue(&sb);
    size_t show = b->n < 8 ? b->n : 8;
    for (size_t i = 0; i < show; i++) {
        if (i)
            luaL_addstring(&sb, ", ");
        push_elem(L, b, i);
        luaL_addvalue(&sb); /* numbers convert to strings */
    }
    if (b->n > show)
        luaL_addstring(&sb, ", ...");
    luaL_addstring(&sb, "}");
    luaL_pushresult(&sb);
    return 1;
}

/* ------------------------------------------------------------ methods */

static int b_totable(lua_State *L)
{
    ws_buffer *b = ws_lua_buffer_check(L, 1);
    if (b->n > (size_t)INT32_MAX)
        return luaL_error(L, "buffer too large for a table");
    lua_createtable(L, (int)b->n, 0);
    for (size_t i = 0; i < b->n; i++) {
        push_elem(L, b, i);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

static int b_fill(lua_State *L)
{
    ws_buffer *b = ws_lua_buffer_check(L, 1);
    luaL_checkany(L, 2);
    check_writable(L, 1);
    if (b->n == 0) {
        lua_settop(L, 1);
        return 1;
    }
    set_elem(L, b, 0, 2);
    unsigned char *d = b->data;
    for (size_t i = 1; i < b->n; i++)
        memcpy(d + i * b->elsize, d, b->elsize);
    lua_settop(L, 1);
    return 1;
}

static int b_slice(lua_State *L)
{
    ws_buffer *b = ws_lua_buffer_check(L, 1);
    lua_Integer i = luaL_checkinteger(L, 2);
    lua_Integer j = luaL_optinteger(L, 3, (lua_Integer)b->n);
    if (i < 0 || j < i || (lua_Unsigned)j > b->n)
        return luaL_error(L, "slice(%I, %I) out of range: need 0 <= i <= j <= %I", i, j,
                          (lua_Integer)b->n);
    ws_buffer *s = ws_lua_buffer_push(L, b->type, (size_t)(j - i));
    if (j > i)
        memcpy(s->data, (unsigned char *)b->data + (size_t)i * b->elsize,
               (size_t)(j - i) * b->elsize);
    return 1;
}

static int b_copy(lua_State *L)
{
    ws_buffer *b = ws_lua_buffer_check(L, 1);
    ws_buffer *c = ws_lua_buffer_push(L, b->type, b->n);
    if (b->n)
        memcpy(c->data, b->data, b->n * b->elsize);
    return 1;
}

static int b_sum(lua_State *L)
{
    ws_buffer *b = ws_lua_buffer_check(L, 1);
    if (is_float(b->type) || b->type == WS_BUF_U64) {
        double s = 0;
        for (size_t i = 0; i < b->n; i++)
            s += elem_double(b, i);
        lua_pushnumber(L, s);
    } else {
        lua_Integer s = 0;
        for (size_t i = 0; i < b->n; i++) {
            push_elem(L, b, i);
            s = (lua_Integer)((lua_Unsigned)s + (lua_Unsigned)lua_tointeger(L, -1));
            lua_pop(L, 1);
        }
        lua_pushinteger(L, s);
    }
    return 1;
}

static int minmax(lua_State *L, int want_max)
{
    ws_buffer *b = ws_lua_buffer_check(L, 1);
    if (b->n == 0) {
        lua_pushnil(L);
        return 1;
    }
    size_t best = 0;
    for (size_t i = 1; i < b->n; i++) {
        double x = elem_double(b, i), y = elem_double(b, best);
        if (want_max ? x > y : x < y)
            best = i;
    }
    push_elem(L, b, best);
    lua_pushinteger(L, (lua_Integer)best);
    return 2;
}

static int b_min(lua_State *L)
{
    return minmax(L, 0);
}

static int b_max(lua_State *L)
{
    return minmax(L, 1);
}

static int b_find(lua_State *L)
{
    ws_buffer *b = ws_lua_buffer_check(L, 1);
    lua_Number x = luaL_checknumber(L, 2);
    for (size_t i = 0; i < b->n; i++)
        if (elem_double(b, i) == x) {
            lua_pushinteger(L, (lua_Integer)i);
            return 1;
        }
    lua_pushnil(L);
    return 1;
}

/* First index where two buffers differ (nil when equal); compares values,
 * so an i32 and an i64 buffer with the same numbers are equal here. */
static int b_diff(lua_State *L)
{
    ws_buffer *a = ws_lua_buffer_check(L, 1), *b = ws_lua_buffer_check(L, 2);
    size_t n = a->n < b->n ? a->n : b->n;
    for (size_t i = 0; i < n; i++) {
        push_elem(L, a, i);
        push_elem(L, b, i);
        int same = lua_rawequal(L, -1, -2) || lua_compare(L, -1, -2, LUA_OPEQ);
        lua_pop(L, 2);
        if (!same) {
            lua_pushinteger(L, (lua_Integer)i);
            push_elem(L, a, i);
            push_elem(L, b, i);
            return 3;
        }
    }
    if (a->n != b->n) {
        lua_pushinteger(L, (lua_Integer)n);
        return 1;
    }
    lua_pushnil(L);
    return 1;
}

static int host_le(void)
{
    const uint16_t one = 1;
    unsigned char c;
    memcpy(&c, &one, 1);
    return c == 1;
}

static void swap_bytes(unsigned char *p, size_t n, size_t es)
{
    if (es == 1 || host_le())
        return;
    for (size_t i = 0; i < n; i++, p += es)
        for (size_t a = 0, z = es - 1; a < z; a++, z--) {
            unsigned char t = p[a];
            p[a] = p[z];
            p[z] = t;
        }
}

static int b_bytes(lua_State *L)
{
    ws_buffer *b = ws_lua_buffer_check(L, 1);
    size_t len = b->n * b->elsize;
    if (host_le()) {
        lua_pushlstring(L, b->data, len);
        return 1;
    }
    luaL_Buffer sb;
    unsigned char *p = (unsigned char *)luaL_buffinitsize(L, &sb, len);
    memcpy(p, b->data, len);
    swap_bytes(p, b->n, b->elsize);
    luaL_pushresultsize(&sb, len);
    return 1;
}

static int f_from_bytes(lua_State *L)
{
    ws_buf_type t = check_type(L, 1);
    size_t len;
    const char *s = luaL_checklstring(L, 2, &len);
    size_t es = type_sizes[t];
    if (len % es)
        return luaL_error(L, "%I bytes is not a whole number of %s elements (%I bytes each)",
                          (lua_Integer)len, type_names[t], (lua_Integer)es);
    ws_buffer *b = ws_lua_buffer_push(L, t, len / es);
    if (len)
        memcpy(b->data, s, len);
    swap_bytes(b->data, b->n, es);
    return 1;
}

/* ws.buffer(type, n [, fill]) / (type, table) / (type, buffer) */
static int f_new(lua_State *L)
{
    lua_settop(L, 3); /* type, length/table/buffer, fill: fixed slots */
    ws_buf_type t = check_type(L, 1);
    if (lua_type(L, 2) == LUA_TNUMBER) {
        int isint;
        lua_Integer n = lua_tointegerx(L, 2, &isint);
        if (!isint || n < 0)
            return luaL_error(L, "buffer length must be a non-negative integer, got %s",
                              lua_tostring(L, 2));
        ws_buffer *b = ws_lua_buffer_push(L, t, (size_t)n);
        if (!lua_isnoneornil(L, 3) && n > 0) {
            set_elem(L, b, 0, 3);
            unsigned char *d = b->data;
            for (size_t i = 1; i < b->n; i++)
                memcpy(d + i * b->elsize, d, b->elsize);
        }
        return 1;
    }
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_Integer n = luaL_len(L, 2);
        ws_buffer *b = ws_lua_buffer_push(L, t, (size_t)n);
        int bi = lua_gettop(L);
        for (lua_Integer i = 0; i < n; i++) {
            lua_geti(L, 2, i + 1);
            set_elem(L, b, (size_t)i, -1);
            lua_pop(L, 1);
        }
        lua_settop(L, bi);
        return 1;
    }
    ws_buffer *src = ws_lua_buffer_test(L, 2);
    if (src) {
        ws_buffer *b = ws_lua_buffer_push(L, t, src->n);
        int bi = lua_gettop(L);
        for (size_t i = 0; i < src->n; i++) {
            push_elem(L, src, i);
            set_elem(L, b, i, -1);
            lua_pop(L, 1);
        }
        lua_settop(L, bi);
        return 1;
    }
    return luaL_error(L, "ws.buffer(type, x): x must be a length, a table or a buffer, got %s",
                      luaL_typename(L, 2));
}

static int f_call(lua_State *L)
{
    lua_remove(L, 1); /* the ws.buffer table itself */
    return f_new(L);
}

static void set_meta(lua_State *L, int view)
{
    if (luaL_newmetatable(L, view ? WS_BUFFER_VIEW_MT : WS_BUFFER_MT)) {
        static const luaL_Reg methods[] = {
            { "totable", b_totable }, { "fill", b_fill }, { "slice", b_slice },
            { "copy", b_copy },       { "sum", b_sum },   { "min", b_min },
            { "max", b_max },         { "find", b_find }, { "diff", b_diff },
            { "bytes", b_bytes },     { NULL, NULL },
        };
        luaL_newlib(L, methods);
        lua_pushcclosure(L, m_index, 1);
        lua_setfield(L, -2, "__index");
        static const luaL_Reg meta[] = {
            { "__newindex", m_newindex }, { "__len", m_len },
            { "__eq", m_eq },             { "__tostring", m_tostring }, { NULL, NULL },
        };
        luaL_setfuncs(L, meta, 0);
        if (!view) {
            /* Views own nothing: their memory belongs to the owner they
             * keep alive. */
            lua_pushcfunction(L, m_gc);
            lua_setfield(L, -2, "__gc");
        }
    }
    lua_setmetatable(L, -2);
}

int ws_lua_open_buffer(lua_State *L)
{
    static const luaL_Reg fns[] = {
        { "new", f_new },
        { "from_bytes", f_from_bytes },
        { NULL, NULL },
    };
    luaL_newlib(L, fns);
    lua_createtable(L, WS_BUF_NTYPES, 0);
    for (int t = 0; t < WS_BUF_NTYPES; t++) {
        lua_pushstring(L, type_names[t]);
        lua_rawseti(L, -2, t + 1);
    }
    lua_setfield(L, -2, "types");
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, f_call);
    lua_setfield(L, -2, "__call");
    lua_setmetatable(L, -2);
    return 1;
}
