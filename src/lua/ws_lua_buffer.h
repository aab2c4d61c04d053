/* ws_lua_buffer.h: typed, C-backed buffers for Lua (`ws.buffer`).
 *
 * A buffer holds n elements of one element type in one contiguous C array, so
 * millions of values cost no Lua tables.  Graph CSR arrays are buffers; GPU
 * arrays are filled from buffers (or tables) and read back into buffers.
 * Indices are 0-based, as in CUDA (buf[0] is the first element).
 *
 * Lua:
 *   local b = ws.buffer("i32", 10)            -- 10 zeros
 *   local c = ws.buffer("f32", {1.5, 2, 3})   -- from a table (elements 0..2)
 *   b[3] = 7; print(b[3], #b, b.type)         -- 7  10  i32
 *   local t = b:totable()                     -- Lua table, t[1] == b[0]
 *   b:fill(-1); local s = b:slice(2, 5)       -- copy of elements 2..4
 *   b == c  (element-wise equality of type, length and contents)
 * Out-of-range index or bad value: a Lua error naming the index and range.
 */
#ifndef WS_LUA_BUFFER_H
#define WS_LUA_BUFFER_H

#include <lua.h>
#include <stddef.h>
#include <stdint.h>

typedef enum ws_buf_type {
    WS_BUF_I8, WS_BUF_U8, WS_BUF_I16, WS_BUF_U16, WS_BUF_I32, WS_BUF_U32,
    WS_BUF_I64, WS_BUF_U64, WS_BUF_F32, WS_BUF_F64,
    WS_BUF_NTYPES
} ws_buf_type;

typedef struct ws_buffer {
    ws_buf_type type;
    size_t n;          /* elements */
    size_t elsize;     /* bytes per element */
    void *data;        /* n * elsize bytes, owned (freed by __gc) */
} ws_buffer;

#define WS_BUFFER_MT "warpscope.buffer"

/* Type names: "i8","u8","i16","u16","i32","u32","i64","u64","f32","f64". */
int ws_buf_type_parse(const char *name, ws_buf_type *out);
const char *ws_buf_type_name(ws_buf_type t);
size_t ws_buf_type_size(ws_buf_type t);

/* Push a new zero-filled buffer; returns it (data valid while it lives). */
ws_buffer *ws_lua_buffer_push(lua_State *L, ws_buf_type type, size_t n);
/* Push a buffer that takes ownership of `data` (malloc'ed, n elements). */
ws_buffer *ws_lua_buffer_push_owned(lua_State *L, ws_buf_type type, size_t n, void *data);
/* Push a read-only buffer (a "view") over n elements at data, memory owned
 * by the Lua value at owner_idx, which the view keeps alive.  Reading works
 * as for any buffer (check/test accept views); writing raises an error
 * ("read-only"); b:copy() gives a writable buffer.  Graph CSR arrays are
 * handed out this way, so g.col costs no copy and cannot be corrupted. */
ws_buffer *ws_lua_buffer_push_view(lua_State *L, ws_buf_type type, size_t n, void *data,
                                   int owner_idx);
/* Convert the Lua value at idx to b's element type and store it as element
 * i (i < b->n).  Returns 0, or -1 after pushing a message saying what is
 * wrong with the value (no location, no buffer name: the caller adds the
 * context it knows, e.g. the device array the value was meant for). */
int ws_lua_buffer_store(lua_State *L, ws_buffer *b, size_t i, int idx);
/* 1 when the value at idx is a read-only view. */
int ws_lua_buffer_readonly(lua_State *L, int idx);
/* The buffer at idx, or a Lua argument error. */
ws_buffer *ws_lua_buffer_check(lua_State *L, int idx);
/* The buffer at idx, or NULL when it is not one. */
ws_buffer *ws_lua_buffer_test(lua_State *L, int idx);

/* Open the `buffer` constructor table: pushes a table with the metatable
 * registered; ws_lua.c stores it as warpscope.core.buffer. */
int ws_lua_open_buffer(lua_State *L);

#endif
