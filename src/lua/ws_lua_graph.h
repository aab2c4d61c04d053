/* ws_lua_graph: graphs in Lua (`ws.graph`).
 *
 *   local g = ws.graph.load("road.mtx.gz", { symmetrize = true })
 *   local g = ws.graph.rmat{ scale = 14, edgefactor = 8, seed = 1 }
 *   local g = ws.graph.default()
 *   g.n, g.m                          vertex and edge counts
 *   g.row, g.col, g.weight            CSR arrays: read-only i32 buffers
 *                                     (weight is nil when unweighted)
 *   g:bfs(src) g:sssp(src) g:pagerank{iters=, damping=} g:components()
 *   g:transpose() g:degrees("out"|"in") g:info() g:save(path) ...
 * Ids are 0-based.  Full reference: warpscope-lua(7) and ws_lua_graph.c. */
#ifndef WS_LUA_GRAPH_H
#define WS_LUA_GRAPH_H

#include "graph/ws_graph.h"

#include <lua.h>

#define WS_GRAPH_MT "warpscope.graph"

/* Push a graph userdata taking ownership of g (freed by __gc). */
void ws_lua_graph_push(lua_State *L, ws_graph *g);
/* The graph at idx, or a Lua argument error. */
ws_graph *ws_lua_graph_check(lua_State *L, int idx);

/* Open the `graph` table; ws_lua.c stores it as warpscope.core.graph. */
int ws_lua_open_graph(lua_State *L);

#endif
