/* ws.graph: loading, generating and querying graphs from Lua.
 *
 * Constructors (each returns a graph; errors are Lua errors carrying the
 * reader's "file:line:col: reason"):
 *   ws.graph.load(path [, opts])     opts: format, symmetrize, drop_self_loops,
 *       drop_duplicates, relabel ("auto"|"none"|"compact"|"appearance"), order ("none"|
 *       "random"|"degree"|"bfs"), seed, weights (false: drop them; K: random
 *       1..K), base (0|1, edge lists), check_header, largest_component,
 *       max_vertices, max_edges, keep_order (adjacency lists in file order)
 *   ws.graph.rmat{scale=, edgefactor=, a=, b=, c=, permute=, directed=, weights=, seed=}
 *   ws.graph.erdos_renyi{n=, m=, directed=, weights=, seed=}
 *   ws.graph.uniform{n=, min_degree=, max_degree=, directed=, weights=, seed=}
 *   ws.graph.grid{width=, height=, remove=, shortcuts=, weights=, seed=}
 *   ws.graph.geometric{n=, radius=, weights=, seed=}
 *       (generators also take order and largest_component)
 *   ws.graph.default()               the embedded road-like graph
 *   ws.graph.from_edges(n, {{u, v [, w]}, ...} [, opts])
 *   ws.graph.from_csr(row, col [, weight])   buffers or tables, checked
 * Fields: n, m, row, col, weight (nil if unweighted), orig_id (nil if the
 *   ids are the file's), source (nil if none), symmetric, weighted, format.
 * Methods: bfs(src) sssp(src [, {unreachable=}]) pagerank{iters=, damping=,
 *   transpose=} components() transpose() degrees([dir]) neighbors(v)
 *   info() save(path) write(path [, format]) reorder(order [, seed])
 *   rebuild(opts) checksum() edges() (iterator: for u, v, w in g:edges())
 * Results are fresh buffers; row/col/weight/orig_id are read-only views of
 * the graph's own arrays (b:copy() for a writable copy). */
#include "lua/ws_lua_graph.h"
#include "lua/ws_lua.h"
#include "lua/ws_lua_sandbox.h"
#include "lua/ws_lua_buffer.h"

#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

typedef struct lgraph {
    ws_graph *g;
} lgraph;

/* Raise err as a Lua error, after the caller's script:line as luaL_error
 * gives other errors. */
static int graph_raise(lua_State *L, const ws_error *err)
{
    luaL_where(L, 1);
    lua_pushstring(L, err->msg[0] ? err->msg : "graph operation failed");
    lua_concat(L, 2);
    return lua_error(L);
}

void ws_lua_graph_push(lua_State *L, ws_graph *g)
{
#if LUA_VERSION_NUM >= 504
    lgraph *u = lua_newuserdatauv(L, sizeof *u, 0);
#else
    lgraph *u = lua_newuserdata(L, sizeof *u);
#endif
    u->g = g;
    luaL_setmetatable(L, WS_GRAPH_MT);
}

ws_graph *ws_lua_graph_check(lua_State *L, int idx)
{
    lgraph *u = luaL_checkudata(L, idx, WS_GRAPH_MT);
    if (!u->g)
        luaL_argerror(L, idx, "graph has been freed");
    return u->g;
}

/* ------------------------------------------------------------ options */

typedef enum { OPT_BOOL, OPT_INT, OPT_NUM, OPT_STR, OPT_WEIGHTS } opt_kind;

typedef struct optspec {
    const char *name;
    opt_kind kind;
} optspec;

static const optspec load_opts[] = {
    { "format", OPT_STR },        { "symmetrize", OPT_BOOL },   { "drop_self_loops", OPT_BOOL },
    { "drop_duplicates", OPT_BOOL }, { "relabel", OPT_STR },    { "order", OPT_STR },
    { "seed", OPT_INT },          { "weights", OPT_WEIGHTS },   { "base", OPT_INT },
    { "check_header", OPT_BOOL }, { "largest_component", OPT_BOOL },
    { "max_vertices", OPT_INT },  { "max_edges", OPT_INT },     { "keep_order", OPT_BOOL },
    { NULL, OPT_BOOL },
};

/* Check that every key of the table at idx is in one of the lists. */
static void check_keys(lua_State *L, int idx, const char *fname, const optspec *a,
                       const optspec *b)
{
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING)
            luaL_error(L, "%s: option names must be strings, got a %s key", fname,
                       luaL_typename(L, -1));
        const char *k = lua_tostring(L, -1);
        int found = 0;
        for (const optspec *s = a; s && s->name && !found; s++)
            found = strcmp(s->name, k) == 0;
        for (const optspec *s = b; s && s->name && !found; s++)
            found = strcmp(s->name, k) == 0;
        if (!found) {
            luaL_Buffer sb;
            luaL_buffinit(L, &sb);
            for (const optspec *s = a; s && s->name; s++) {
                luaL_addstring(&sb, s == a ? "" : ", ");
                luaL_addstring(&sb, s->name);
            }
            for (const optspec *s = b; s && s->name; s++) {
                luaL_addstring(&sb, ", ");
                luaL_addstring(&sb, s->name);
            }
            luaL_pushresult(&sb);
            const char *valid = lua_tostring(L, -1);
            luaL_error(L, "%s: unknown option '%s' (valid: %s)", fname, ws_lua_quote(L, k), valid);
        }
    }
}

/* Push opts[name]; returns 0 (and pushes nothing) when absent. */
static int get_opt(lua_State *L, int idx, const char *name)
{
    if (idx == 0)
        return 0;
    lua_getfield(L, idx, name);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return 0;
    }
    return 1;
}

static int opt_bool(lua_State *L, int idx, const char *fname, const char *name, int dflt)
{
    if (!get_opt(L, idx, name))
        return dflt;
    if (!lua_isboolean(L, -1))
        luaL_error(L, "%s: option '%s' must be a boolean, got %s", fname, name,
                   luaL_typename(L, -1));
    int v = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return v;
}

static lua_Integer opt_int(lua_State *L, int idx, const char *fname, const char *name,
                           lua_Integer dflt, lua_Integer lo, lua_Integer hi)
{
    if (!get_opt(L, idx, name))
        return dflt;
    int isint;
    lua_Integer v = lua_tointegerx(L, -1, &isint);
    if (!isint || lua_type(L, -1) != LUA_TNUMBER)
        luaL_error(L, "%s: option '%s' must be an integer, got %s", fname, name,
                   lua_type(L, -1) == LUA_TNUMBER ? "a fraction" : luaL_typename(L, -1));
    if (v < lo || v > hi)
        luaL_error(L, "%s: option '%s' must be in %I..%I, got %I", fname, name, lo, hi, v);
    lua_pop(L, 1);
    return v;
}

static double opt_num(lua_State *L, int idx, const char *fname, const char *name, double dflt)
{
    if (!get_opt(L, idx, name))
        return dflt;
    if (lua_type(L, -1) != LUA_TNUMBER)
        luaL_error(L, "%s: option '%s' must be a number, got %s", fname, name,
                   luaL_typename(L, -1));
    double v = lua_tonumber(L, -1);
    lua_pop(L, 1);
    return v;
}

static const char *opt_str(lua_State *L, int idx, const char *fname, const char *name)
{
    if (!get_opt(L, idx, name))
        return NULL;
    if (lua_type(L, -1) != LUA_TSTRING)
        luaL_error(L, "%s: option '%s' must be a string, got %s", fname, name,
                   luaL_typename(L, -1));
    const char *s = lua_tostring(L, -1);
    lua_pop(L, 1); /* still referenced by the options table */
    return s;
}

/* weights = false (drop) | K (random 1..K for files; generator weights) */
static int32_t opt_weights(lua_State *L, int idx, const char *fname, int *drop)
{
    *drop = 0;
    if (!get_opt(L, idx, "weights"))
        return 0;
    if (lua_isboolean(L, -1)) {
        if (lua_toboolean(L, -1))
            luaL_error(L, "%s: option 'weights' must be false or a maximum weight K >= 1", fname);
        *drop = 1;
        lua_pop(L, 1);
        return 0;
    }
    lua_pop(L, 1);
    return (int32_t)opt_int(L, idx, fname, "weights", 0, 1, INT32_MAX);
}

/* The build options common to files and generators. */
static void parse_build_opts(lua_State *L, int idx, const char *fname, ws_graph_opts *o,
                             int is_load)
{
    memset(o, 0, sizeof *o);
    const char *s;
    if (is_load) {
        if ((s = opt_str(L, idx, fname, "format")) && ws_graph_format_parse(s, &o->format) != 0)
            luaL_error(L, "%s: unknown format '%s' (auto, snap, edgelist, mtx, dimacs, metis, "
                          "rodinia, binary)",
                       fname, ws_lua_quote(L, s));
        o->symmetrize = opt_bool(L, idx, fname, "symmetrize", 0);
        o->drop_self_loops = opt_bool(L, idx, fname, "drop_self_loops", 0);
        o->drop_duplicates = opt_bool(L, idx, fname, "drop_duplicates", 0);
        if ((s = opt_str(L, idx, fname, "relabel")) && ws_graph_relabel_parse(s, &o->relabel) != 0)
            luaL_error(L, "%s: unknown relabel mode '%s' (auto, none, compact, appearance)",
                       fname, ws_lua_quote(L, s));
        int drop;
        o->random_weights = opt_weights(L, idx, fname, &drop);
        o->drop_weights = drop;
        o->base = (int)opt_int(L, idx, fname, "base", 0, 0, 1);
        o->no_header_check = !opt_bool(L, idx, fname, "check_header", 1);
        o->max_vertices = opt_int(L, idx, fname, "max_vertices", 0, 1, WS_GRAPH_MAX_N);
        o->max_edges = opt_int(L, idx, fname, "max_edges", 0, 1, WS_GRAPH_MAX_M);
        o->keep_order = opt_bool(L, idx, fname, "keep_order", 0);
    }
    if ((s = opt_str(L, idx, fname, "order")) && ws_graph_order_parse(s, &o->order) != 0)
        luaL_error(L, "%s: unknown order '%s' (none, random, degree, bfs)", fname, ws_lua_quote(L, s));
    o->seed = (uint64_t)opt_int(L, idx, fname, "seed", 1, 0, LUA_MAXINTEGER);
    o->largest_component = opt_bool(L, idx, fname, "largest_component", 0);
}

static int opts_index(lua_State *L, int idx, const char *fname)
{
    if (lua_isnoneornil(L, idx))
        return 0;
    if (!lua_istable(L, idx))
        luaL_error(L, "%s: options must be a table, got %s", fname, luaL_typename(L, idx));
    return lua_absindex(L, idx);
}

/* ------------------------------------------------------------ constructors */

static int g_load(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    int oi = opts_index(L, 2, "ws.graph.load");
    if (oi)
        check_keys(L, oi, "ws.graph.load", load_opts, NULL);
    ws_graph_opts o;
    parse_build_opts(L, oi, "ws.graph.load", &o, 1);
    ws_error err = { 0 };
    ws_lua_sandbox_check(L, path, 0);
    ws_graph *g = ws_graph_load(path, &o, &err);
    if (!g)
        return graph_raise(L, &err);
    ws_lua_graph_push(L, g);
    return 1;
}

static const optspec gen_common[] = {
    { "seed", OPT_INT }, { "weights", OPT_INT }, { "order", OPT_STR },
    { "largest_component", OPT_BOOL }, { NULL, OPT_BOOL },
};

static int generate(lua_State *L, ws_graph_gen *gen, const char *fname, int oi)
{
    ws_graph_opts o;
    parse_build_opts(L, oi, fname, &o, 0);
    gen->seed = o.seed;
    gen->weights = (int32_t)opt_int(L, oi, fname, "weights", 0, 0, INT32_MAX);
    ws_error err = { 0 };
    ws_graph *g = ws_graph_generate(gen, &o, &err);
    if (!g)
        return graph_raise(L, &err);
    ws_lua_graph_push(L, g);
    return 1;
}

static int gen_opts(lua_State *L, const char *fname, const optspec *own)
{
    int oi = opts_index(L, 1, fname);
    if (oi)
        check_keys(L, oi, fname, own, gen_common);
    return oi;
}

static int g_rmat(lua_State *L)
{
    static const optspec own[] = {
        { "scale", OPT_INT }, { "edgefactor", OPT_INT }, { "a", OPT_NUM }, { "b", OPT_NUM },
        { "c", OPT_NUM },     { "permute", OPT_BOOL },   { "directed", OPT_BOOL }, { NULL, OPT_BOOL },
    };
    const char *f = "ws.graph.rmat";
    int oi = gen_opts(L, f, own);
    ws_graph_gen gen = { .kind = WS_GRAPH_GEN_RMAT };
    gen.scale = (int)opt_int(L, oi, f, "scale", 16, 1, 30);
    gen.edgefactor = (int)opt_int(L, oi, f, "edgefactor", 16, 1, 1 << 20);
    gen.a = opt_num(L, oi, f, "a", 0.57);
    gen.b = opt_num(L, oi, f, "b", 0.19);
    gen.c = opt_num(L, oi, f, "c", 0.19);
    gen.no_permute = !opt_bool(L, oi, f, "permute", 1);
    gen.directed = opt_bool(L, oi, f, "directed", 0);
    return generate(L, &gen, f, oi);
}

static int g_er(lua_State *L)
{
    static const optspec own[] = {
        { "n", OPT_INT }, { "m", OPT_INT }, { "directed", OPT_BOOL }, { NULL, OPT_BOOL },
    };
    const char *f = "ws.graph.erdos_renyi";
    int oi = gen_opts(L, f, own);
    ws_graph_gen gen = { .kind = WS_GRAPH_GEN_ER };
    gen.n = opt_int(L, oi, f, "n", -1, 0, WS_GRAPH_MAX_N);
    gen.m = opt_int(L, oi, f, "m", -1, 0, WS_GRAPH_MAX_M);
    if (gen.n < 0 || gen.m < 0)
        return luaL_error(L, "%s: n and m are required", f);
    gen.directed = opt_bool(L, oi, f, "directed", 0);
    return generate(L, &gen, f, oi);
}

static int g_uniform(lua_State *L)
{
    static const optspec own[] = {
        { "n", OPT_INT }, { "min_degree", OPT_INT }, { "max_degree", OPT_INT },
        { "directed", OPT_BOOL }, { NULL, OPT_BOOL },
    };
    const char *f = "ws.graph.uniform";
    int oi = gen_opts(L, f, own);
    ws_graph_gen gen = { .kind = WS_GRAPH_GEN_UNIFORM };
    gen.n = opt_int(L, oi, f, "n", -1, 2, WS_GRAPH_MAX_N);
    if (gen.n < 0)
        return luaL_error(L, "%s: n is required", f);
    gen.min_degree = (int32_t)opt_int(L, oi, f, "min_degree", 2, 0, INT32_MAX);
    gen.max_degree = (int32_t)opt_int(L, oi, f, "max_degree", gen.min_degree > 4 ? gen.min_degree : 4,
                                      1, INT32_MAX);
    gen.directed = opt_bool(L, oi, f, "directed", 0);
    return generate(L, &gen, f, oi);
}

static int g_grid(lua_State *L)
{
    static const optspec own[] = {
        { "width", OPT_INT }, { "height", OPT_INT }, { "remove", OPT_NUM },
        { "shortcuts", OPT_INT }, { NULL, OPT_BOOL },
    };
    const char *f = "ws.graph.grid";
    int oi = gen_opts(L, f, own);
    ws_graph_gen gen = { .kind = WS_GRAPH_GEN_GRID };
    gen.width = (int32_t)opt_int(L, oi, f, "width", -1, 1, INT32_MAX);
    gen.height = (int32_t)opt_int(L, oi, f, "height", gen.width, 1, INT32_MAX);
    if (gen.width < 0)
        return luaL_error(L, "%s: width is required", f);
    gen.remove = opt_num(L, oi, f, "remove", 0);
    gen.shortcuts = (int32_t)opt_int(L, oi, f, "shortcuts", 0, 0, INT32_MAX);
    return generate(L, &gen, f, oi);
}

static int g_geometric(lua_State *L)
{
    static const optspec own[] = {
        { "n", OPT_INT }, { "radius", OPT_NUM }, { NULL, OPT_BOOL },
    };
    const char *f = "ws.graph.geometric";
    int oi = gen_opts(L, f, own);
    ws_graph_gen gen = { .kind = WS_GRAPH_GEN_GEOMETRIC };
    gen.n = opt_int(L, oi, f, "n", -1, 1, WS_GRAPH_MAX_N);
    if (gen.n < 0)
        return luaL_error(L, "%s: n is required", f);
    gen.radius = opt_num(L, oi, f, "radius", 0);
    if (get_opt(L, oi, "radius")) {
        lua_pop(L, 1);
        /* a given radius must be usable: 0, a negative value or nan would
         * otherwise fall back to the default without a word */
        if (!(gen.radius > 0 && gen.radius <= 1.5))
            return luaL_error(L, "%s: radius must be in (0, 1.5], not %f (leave it out for the "
                                 "default sqrt(8 / (pi n)))",
                              f, (lua_Number)gen.radius);
    }
    return generate(L, &gen, f, oi);
}

static int g_default(lua_State *L)
{
    ws_error err = { 0 };
    ws_graph *g = ws_graph_default(&err);
    if (!g)
        return graph_raise(L, &err);
    ws_lua_graph_push(L, g);
    return 1;
}

/* Element i (0-based) of a buffer or i+1 of a table, as an int32. */
static int32_t seq_get(lua_State *L, int idx, lua_Integer i, const char *what)
{
    ws_buffer *b = ws_lua_buffer_test(L, idx);
    if (b)
        lua_geti(L, idx, i); /* the buffer's __index checks the range */
    else
        lua_geti(L, idx, i + 1);
    int isint;
    lua_Integer v = lua_tointegerx(L, -1, &isint);
    if (!isint || v < INT32_MIN || v > INT32_MAX)
        luaL_error(L, "%s[%I] must be a 32-bit integer, got %s", what, i,
                   lua_isnil(L, -1) ? "nil" : lua_tostring(L, -1));
    lua_pop(L, 1);
    return (int32_t)v;
}

static lua_Integer seq_len(lua_State *L, int idx, const char *what)
{
    ws_buffer *b = ws_lua_buffer_test(L, idx);
    if (b)
        return (lua_Integer)b->n;
    if (!lua_istable(L, idx))
        luaL_error(L, "%s must be a buffer or a table, got %s", what, luaL_typename(L, idx));
    return luaL_len(L, idx);
}

static int g_from_edges(lua_State *L)
{
    const char *f = "ws.graph.from_edges";
    lua_Integer n = luaL_checkinteger(L, 1);
    if (n < 0 || n > WS_GRAPH_MAX_N)
        return luaL_error(L, "%s: n must be in 0..%I, got %I", f, (lua_Integer)WS_GRAPH_MAX_N, n);
    luaL_checktype(L, 2, LUA_TTABLE);
    int oi = opts_index(L, 3, f);
    if (oi)
        check_keys(L, oi, f, load_opts, NULL);
    lua_Integer m = luaL_len(L, 2);
    if (m > WS_GRAPH_MAX_M)
        return luaL_error(L, "%s: too many edges", f);
    int32_t *s = malloc(((size_t)m + 1) * sizeof *s), *d = malloc(((size_t)m + 1) * sizeof *d);
    int32_t *w = malloc(((size_t)m + 1) * sizeof *w);
    if (!s || !d || !w) {
        free(s);
        free(d);
        free(w);
        return luaL_error(L, "%s: out of memory", f);
    }
    /* Keep the arrays owned by Lua while reading (errors may jump). */
    ws_lua_buffer_push_owned(L, WS_BUF_I32, (size_t)m, s);
    ws_lua_buffer_push_owned(L, WS_BUF_I32, (size_t)m, d);
    ws_lua_buffer_push_owned(L, WS_BUF_I32, (size_t)m, w);
    int weighted = -1;
    for (lua_Integer i = 0; i < m; i++) {
        lua_geti(L, 2, i + 1);
        if (!lua_istable(L, -1))
            return luaL_error(L, "%s: edge %I must be a table {u, v [, w]}, got %s", f, i + 1,
                              luaL_typename(L, -1));
        int top = lua_gettop(L);
        lua_Integer k = luaL_len(L, top);
        if (k != 2 && k != 3)
            return luaL_error(L, "%s: edge %I must be {u, v} or {u, v, w}, it has %I values", f,
                              i + 1, k);
        if (weighted < 0)
            weighted = k == 3;
        else if (weighted != (k == 3))
            return luaL_error(L, "%s: edge %I has %s weight but edge 1 %s", f, i + 1,
                              k == 3 ? "a" : "no", weighted ? "has one" : "has none");
        s[i] = seq_get(L, top, 0, "edge");
        d[i] = seq_get(L, top, 1, "edge");
        w[i] = k == 3 ? seq_get(L, top, 2, "edge") : 1;
        lua_pop(L, 1);
    }
    ws_graph_opts o;
    parse_build_opts(L, oi, f, &o, 1);
    ws_error err = { 0 };
    ws_graph *g = ws_graph_from_edges((int32_t)n, (size_t)m, s, d, weighted == 1 ? w : NULL, &o,
                                      &err);
    if (!g)
        return graph_raise(L, &err);
    ws_lua_graph_push(L, g);
    return 1;
}

static int g_from_csr(lua_State *L)
{
    const char *f = "ws.graph.from_csr";
    lua_Integer nr = seq_len(L, 1, "row");
    lua_Integer m = seq_len(L, 2, "col");
    int weighted = !lua_isnoneornil(L, 3);
    if (weighted && seq_len(L, 3, "weight") != m)
        return luaL_error(L, "%s: weight has %I elements but col has %I", f, seq_len(L, 3, "weight"),
                          m);
    if (nr < 1 || nr - 1 > WS_GRAPH_MAX_N || m > WS_GRAPH_MAX_M)
        return luaL_error(L, "%s: row must have n + 1 >= 1 elements", f);
    ws_graph *g = calloc(1, sizeof *g);
    if (!g)
        return luaL_error(L, "%s: out of memory", f);
    g->source = -1;
    ws_lua_graph_push(L, g); /* owns g from here on */
    g->n = (int32_t)(nr - 1);
    g->m = (int32_t)m;
    g->row = malloc((size_t)nr * sizeof *g->row);
    g->col = malloc(((size_t)m + 1) * sizeof *g->col);
    g->weight = weighted ? malloc(((size_t)m + 1) * sizeof *g->weight) : NULL;
    if (!g->row || !g->col || (weighted && !g->weight))
        return luaL_error(L, "%s: out of memory", f);
    for (lua_Integer i = 0; i < nr; i++)
        g->row[i] = seq_get(L, 1, i, "row");
    for (lua_Integer i = 0; i < m; i++) {
        g->col[i] = seq_get(L, 2, i, "col");
        if (weighted)
            g->weight[i] = seq_get(L, 3, i, "weight");
    }
    ws_error err = { 0 };
    if (ws_graph_validate(g, &err) < 0)
        return luaL_error(L, "%s: %s", f, err.msg);
    /* Canonical form: sorted adjacency lists, as every other graph. */
    ws_graph *c = ws_graph_rebuild(g, NULL, &err);
    if (!c)
        return graph_raise(L, &err);
    ws_lua_graph_push(L, c);
    return 1;
}

/* ------------------------------------------------------------ methods */

static int32_t check_vertex(lua_State *L, const ws_graph *g, int idx, const char *what)
{
    lua_Integer v = luaL_optinteger(L, idx, 0);
    if (v < 0 || v >= g->n) {
        if (g->n == 0)
            luaL_error(L, "%s: the graph has no vertices", what);
        luaL_error(L, "%s: vertex %I is out of range 0..%I", what, v, (lua_Integer)g->n - 1);
    }
    return (int32_t)v;
}

static void *alloc_result(lua_State *L, size_t n, size_t es)
{
    void *p = malloc((n ? n : 1) * es);
    if (!p)
        luaL_error(L, "out of memory for a result of %I elements", (lua_Integer)n);
    return p;
}

static int m_bfs(lua_State *L)
{
    ws_graph *g = ws_lua_graph_check(L, 1);
    int32_t src = check_vertex(L, g, 2, "g:bfs(src)");
    int32_t *lv = alloc_result(L, (size_t)g->n, sizeof *lv);
    ws_buffer *b = ws_lua_buffer_push_owned(L, WS_BUF_I32, (size_t)g->n, lv);
    ws_error err = { 0 };
    if (ws_graph_bfs(g, src, b->data, &err) < 0)
        return graph_raise(L, &err);
    return 1;
}

static int m_sssp(lua_State *L)
{
    ws_graph *g = ws_lua_graph_check(L, 1);
    int32_t src = check_vertex(L, g, 2, "g:sssp(src)");
    int oi = opts_index(L, 3, "g:sssp");
    static const optspec own[] = { { "unreachable", OPT_INT }, { NULL, OPT_BOOL } };
    if (oi)
        check_keys(L, oi, "g:sssp", own, NULL);
    int32_t inf = (int32_t)opt_int(L, oi, "g:sssp", "unreachable", WS_GRAPH_SSSP_INF, INT32_MIN,
                                   INT32_MAX);
    int32_t *d = alloc_result(L, (size_t)g->n, sizeof *d);
    ws_buffer *b = ws_lua_buffer_push_owned(L, WS_BUF_I32, (size_t)g->n, d);
    ws_error err = { 0 };
    if (ws_graph_sssp(g, src, inf, b->data, &err) < 0)
        return graph_raise(L, &err);
    return 1;
}

static int m_pagerank(lua_State *L)
{
    ws_graph *g = ws_lua_graph_check(L, 1);
    int oi = opts_index(L, 2, "g:pagerank");
    static const optspec own[] = {
        { "iters", OPT_INT }, { "damping", OPT_NUM }, { "transpose", OPT_STR }, { NULL, OPT_BOOL },
    };
    if (oi)
        check_keys(L, oi, "g:pagerank", own, NULL);
    int iters = (int)opt_int(L, oi, "g:pagerank", "iters", 20, 0, 1000000);
    double d = opt_num(L, oi, "g:pagerank", "damping", 0.85);
    if (!(d >= 0 && d <= 1))
        return luaL_error(L, "g:pagerank: damping must be in [0, 1], got %f", d);
    const ws_graph *gt = NULL;
    if (get_opt(L, oi, "transpose")) {
        gt = ws_lua_graph_check(L, -1);
        lua_pop(L, 1); /* kept alive by the options table */
    }
    float *pr = alloc_result(L, (size_t)g->n, sizeof *pr);
    ws_buffer *b = ws_lua_buffer_push_owned(L, WS_BUF_F32, (size_t)g->n, pr);
    ws_error err = { 0 };
    if (ws_graph_pagerank(g, gt, iters, (float)d, b->data, &err) < 0)
        return graph_raise(L, &err);
    return 1;
}

static int m_components(lua_State *L)
{
    ws_graph *g = ws_lua_graph_check(L, 1);
    int32_t *lab = alloc_result(L, (size_t)g->n, sizeof *lab);
    ws_buffer *b = ws_lua_buffer_push_owned(L, WS_BUF_I32, (size_t)g->n, lab);
    lua_pushinteger(L, ws_graph_components(g, b->data));
    return 2;
}

static int m_transpose(lua_State *L)
{
    ws_graph *g = ws_lua_graph_check(L, 1);
    ws_lua_graph_push(L, ws_graph_transpose(g));
    return 1;
}

static int m_degrees(lua_State *L)
{
    ws_graph *g = ws_lua_graph_check(L, 1);
    const char *dir = luaL_optstring(L, 2, "out");
    int in = strcmp(dir, "in") == 0;
    if (!in && strcmp(dir, "out") != 0)
        return luaL_error(L, "g:degrees: the direction must be 'out' or 'in', got '%s'", ws_lua_quote(L, dir));
    int32_t *deg = alloc_result(L, (size_t)g->n, sizeof *deg);
    ws_buffer *b = ws_lua_buffer_push_owned(L, WS_BUF_I32, (size_t)g->n, deg);
    ws_graph_degrees(g, in, b->data);
    return 1;
}

static int m_neighbors(lua_State *L)
{
    ws_graph *g = ws_lua_graph_check(L, 1);
    int32_t v = check_vertex(L, g, 2, "g:neighbors(v)");
    ws_lua_buffer_push_view(L, WS_BUF_I32, (size_t)(g->row[v + 1] - g->row[v]), g->col + g->row[v],
                            1);
    if (g->weight) {
        ws_lua_buffer_push_view(L, WS_BUF_I32, (size_t)(g->row[v + 1] - g->row[v]),
                                g->weight + g->row[v], 1);
        return 2;
    }
    return 1;
}

/* for u, v, w in g:edges() do ... end  (w is nil when unweighted) */
static int edges_next(lua_State *L)
{
    ws_graph *g = ws_lua_graph_check(L, lua_upvalueindex(1));
    lua_Integer u = lua_tointeger(L, lua_upvalueindex(2));
    lua_Integer k = lua_tointeger(L, lua_upvalueindex(3));
    if (k >= g->m)
        return 0;
    while (u < g->n && g->row[u + 1] <= k)
        u++;
    lua_pushinteger(L, u);
    lua_replace(L, lua_upvalueindex(2));
    lua_pushinteger(L, k + 1);
    lua_replace(L, lua_upvalueindex(3));
    lua_pushinteger(L, u);
    lua_pushinteger(L, g->col[k]);
    if (g->weight) {
        lua_pushinteger(L, g->weight[k]);
        return 3;
    }
    return 2;
}

static int m_edges(lua_State *L)
{
    ws_lua_graph_check(L, 1);
    lua_pushvalue(L, 1);
    lua_pushinteger(L, 0);
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, edges_next, 3);
    return 1;
}

static void set_int(lua_State *L, const char *k, lua_Integer v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

static int m_info(lua_State *L)
{
    ws_graph *g = ws_lua_graph_check(L, 1);
    ws_graph_info in;
    ws_error err = { 0 };
    if (ws_graph_info_compute(g, &in, &err) < 0)
        return graph_raise(L, &err);
    lua_createtable(L, 0, 24);
    set_int(L, "n", in.n);
    set_int(L, "m", in.m);
    lua_pushboolean(L, in.weighted);
    lua_setfield(L, -2, "weighted");
    lua_pushboolean(L, in.symmetric);
    lua_setfield(L, -2, "symmetric");
    set_int(L, "self_loops", in.self_loops);
    set_int(L, "duplicate_edges", in.duplicate_edges);
    set_int(L, "deg_min", in.deg_min);
    set_int(L, "deg_max", in.deg_max);
    set_int(L, "deg_median", in.deg_median);
    lua_pushnumber(L, in.deg_mean);
    lua_setfield(L, -2, "deg_mean");
    set_int(L, "isolated", in.isolated);
    set_int(L, "zero_out", in.zero_out);
    set_int(L, "components", in.components);
    set_int(L, "largest_component", in.largest_component);
    set_int(L, "diameter", in.diameter);
    set_int(L, "sweeps", in.sweeps);
    if (in.weighted) {
        set_int(L, "weight_min", in.weight_min);
        set_int(L, "weight_max", in.weight_max);
    }
    lua_newtable(L);
    int k = 0;
    for (int b = 0; b < WS_GRAPH_HIST; b++) {
        if (!in.hist[b])
            continue;
        int64_t lo, hi;
        ws_graph_hist_range(b, &lo, &hi);
        lua_createtable(L, 0, 3);
        set_int(L, "lo", lo);
        set_int(L, "hi", hi);
        set_int(L, "count", (lua_Integer)in.hist[b]);
        lua_rawseti(L, -2, ++k);
    }
    lua_setfield(L, -2, "histogram");
    lua_pushstring(L, ws_graph_format_name(g->origin.format));
    lua_setfield(L, -2, "format");
    set_int(L, "entries", (lua_Integer)g->origin.entries);
    set_int(L, "self_loops_dropped", (lua_Integer)g->origin.self_loops_dropped);
    set_int(L, "duplicates_dropped", (lua_Integer)g->origin.duplicates_dropped);
    lua_pushboolean(L, g->origin.relabelled);
    lua_setfield(L, -2, "relabelled");
    return 1;
}

static int m_save(lua_State *L)
{
    ws_graph *g = ws_lua_graph_check(L, 1);
    const char *path = luaL_checkstring(L, 2);
    ws_error err = { 0 };
    ws_lua_sandbox_check(L, path, 1);
    if (ws_graph_save(g, path, &err) < 0)
        return graph_raise(L, &err);
    lua_settop(L, 1);
    return 1;
}

static int m_write(lua_State *L)
{
    ws_graph *g = ws_lua_graph_check(L, 1);
    const char *path = luaL_checkstring(L, 2);
    const char *fname = luaL_optstring(L, 3, NULL);
    ws_graph_format f;
    if (fname) {
        if (ws_graph_format_parse(fname, &f) != 0)
            return luaL_error(L, "g:write: unknown format '%s' (edgelist, mtx, binary)", ws_lua_quote(L, fname));
    } else {
        size_t n = strlen(path);
        f = n >= 4 && strcmp(path + n - 4, ".mtx") == 0   ? WS_GRAPH_FMT_MTX
            : n >= 4 && strcmp(path + n - 4, ".wsg") == 0 ? WS_GRAPH_FMT_BINARY
                                                          : WS_GRAPH_FMT_EDGELIST;
    }
    ws_error err = { 0 };
    ws_lua_sandbox_check(L, path, 1);
    if (ws_graph_write_text(g, path, f, &err) < 0)
        return graph_raise(L, &err);
    lua_settop(L, 1);
    return 1;
}

static int m_reorder(lua_State *L)
{
    ws_graph *g = ws_lua_graph_check(L, 1);
    const char *name = luaL_checkstring(L, 2);
    ws_graph_order o;
    if (ws_graph_order_parse(name, &o) != 0)
        return luaL_error(L, "g:reorder: unknown order '%s' (none, random, degree, bfs)", name);
    lua_Integer seed = luaL_optinteger(L, 3, 1);
    ws_error err = { 0 };
    ws_graph *h = ws_graph_reorder(g, o, (uint64_t)seed, &err);
    if (!h)
        return graph_raise(L, &err);
    ws_lua_graph_push(L, h);
    return 1;
}

static int m_rebuild(lua_State *L)
{
    ws_graph *g = ws_lua_graph_check(L, 1);
    int oi = opts_index(L, 2, "g:rebuild");
    if (oi)
        check_keys(L, oi, "g:rebuild", load_opts, NULL);
    ws_graph_opts o;
    parse_build_opts(L, oi, "g:rebuild", &o, 1);
    if (o.format != WS_GRAPH_FMT_AUTO || o.base != 0)
        return luaL_error(L, "g:rebuild: format and base only apply to files");
    ws_error err = { 0 };
    ws_graph *h = ws_graph_rebuild(g, &o, &err);
    if (!h)
        return graph_raise(L, &err);
    ws_lua_graph_push(L, h);
    return 1;
}

static int m_checksum(lua_State *L)
{
    ws_graph *g = ws_lua_graph_check(L, 1);
    char buf[24];
    snprintf(buf, sizeof buf, "%016llx", (unsigned long long)ws_graph_checksum(g));
    lua_pushstring(L, buf);
    return 1;
}

static int m_gc(lua_State *L)
{
    lgraph *u = luaL_checkudata(L, 1, WS_GRAPH_MT);
    ws_graph_free(u->g);
    u->g = NULL;
    return 0;
}

static int m_tostring(lua_State *L)
{
    ws_graph *g = ws_lua_graph_check(L, 1);
    lua_pushfstring(L, "graph(n = %I, m = %I%s%s)", (lua_Integer)g->n, (lua_Integer)g->m,
                    g->weight ? ", weighted" : "",
                    g->flags & WS_GRAPH_SYMMETRIC ? ", symmetric" : "");
    return 1;
}

static int m_len(lua_State *L)
{
    lua_pushinteger(L, ws_lua_graph_check(L, 1)->n);
    return 1;
}

static int m_index(lua_State *L)
{
    ws_graph *g = ws_lua_graph_check(L, 1);
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "n") == 0)
        lua_pushinteger(L, g->n);
    else if (strcmp(k, "m") == 0)
        lua_pushinteger(L, g->m);
    else if (strcmp(k, "row") == 0)
        ws_lua_buffer_push_view(L, WS_BUF_I32, (size_t)g->n + 1, g->row, 1);
    else if (strcmp(k, "col") == 0)
        ws_lua_buffer_push_view(L, WS_BUF_I32, (size_t)g->m, g->col, 1);
    else if (strcmp(k, "weight") == 0) {
        if (g->weight)
            ws_lua_buffer_push_view(L, WS_BUF_I32, (size_t)g->m, g->weight, 1);
        else
            lua_pushnil(L);
    } else if (strcmp(k, "orig_id") == 0) {
        if (g->orig_id)
            ws_lua_buffer_push_view(L, WS_BUF_U32, (size_t)g->n, g->orig_id, 1);
        else
            lua_pushnil(L);
    } else if (strcmp(k, "source") == 0) {
        if (g->source >= 0)
            lua_pushinteger(L, g->source);
        else
            lua_pushnil(L);
    } else if (strcmp(k, "weighted") == 0)
        lua_pushboolean(L, g->weight != NULL);
    else if (strcmp(k, "symmetric") == 0)
        lua_pushboolean(L, (g->flags & WS_GRAPH_SYMMETRIC) != 0);
    else if (strcmp(k, "format") == 0)
        lua_pushstring(L, ws_graph_format_name(g->origin.format));
    else {
        lua_getfield(L, lua_upvalueindex(1), k);
        if (lua_isnil(L, -1))
            return luaL_error(L, "graph has no field or method '%s'", k);
    }
    return 1;
}

static int m_newindex(lua_State *L)
{
    return luaL_error(L, "graphs are read-only (cannot set '%s'); use g:rebuild{...} or "
                         "ws.graph.from_csr for a changed graph",
                      luaL_optstring(L, 2, "?"));
}

int ws_lua_open_graph(lua_State *L)
{
    if (luaL_newmetatable(L, WS_GRAPH_MT)) {
        static const luaL_Reg methods[] = {
            { "bfs", m_bfs },           { "sssp", m_sssp },
            { "pagerank", m_pagerank }, { "components", m_components },
            { "transpose", m_transpose }, { "degrees", m_degrees },
            { "neighbors", m_neighbors }, { "info", m_info },
            { "save", m_save },         { "write", m_write },
            { "reorder", m_reorder },   { "rebuild", m_rebuild },
            { "checksum", m_checksum }, { "edges", m_edges },
            { NULL, NULL },
        };
        luaL_newlib(L, methods);
        lua_pushcclosure(L, m_index, 1);
        lua_setfield(L, -2, "__index");
        static const luaL_Reg meta[] = {
            { "__gc", m_gc },   { "__tostring", m_tostring }, { "__len", m_len },
            { "__newindex", m_newindex }, { NULL, NULL },
        };
        luaL_setfuncs(L, meta, 0);
    }
    lua_pop(L, 1);

    static const luaL_Reg fns[] = {
        { "load", g_load },         { "rmat", g_rmat },
        { "erdos_renyi", g_er },    { "uniform", g_uniform },
        { "grid", g_grid },         { "geometric", g_geometric },
        { "default", g_default },   { "from_edges", g_from_edges },
        { "from_csr", g_from_csr }, { NULL, NULL },
    };
    luaL_newlib(L, fns);
    lua_pushinteger(L, WS_GRAPH_SSSP_INF);
    lua_setfield(L, -2, "INF");
    lua_pushstring(L, ws_graph_default_recipe);
    lua_setfield(L, -2, "default_recipe");
    lua_createtable(L, WS_GRAPH_FMT_COUNT - 1, 0);
    for (int f = 1; f < WS_GRAPH_FMT_COUNT; f++) {
        lua_pushstring(L, ws_graph_format_name((ws_graph_format)f));
        lua_rawseti(L, -2, f);
    }
    lua_setfield(L, -2, "formats");
    return 1;
}
