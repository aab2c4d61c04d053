/* The embedded default graph: nothing big is committed, the graph is made
 * by a fixed generator recipe.  It is road-like: a 256 x 256 street grid
 * (65,536 intersections) with a fifth of the street segments closed, a few
 * long "highway" shortcuts and integer lengths, reduced to its largest
 * connected component (so vertex 0 reaches everything), so BFS and SSSP run for
 * hundreds of levels over low-degree vertices (the access pattern of road
 * networks such as the DIMACS and SNAP road graphs) and the arrays are large
 * enough (about 1 MB) to show realistic cache behaviour. */
#include "graph/ws_graph.h"

#include <stddef.h>

const char ws_graph_default_recipe[] =
    "grid{width = 256, height = 256, remove = 0.2, shortcuts = 16, weights = 100, seed = 2024}\n"
    "  then the largest connected component, vertices renumbered in order";

ws_graph *ws_graph_default(ws_error *err)
{
    ws_graph_gen gen = {
        .kind = WS_GRAPH_GEN_GRID,
        .width = 256,
        .height = 256,
        .remove = 0.2,
        .shortcuts = 16,
        .weights = 100,
        .seed = 2024,
    };
    ws_graph_opts opts = { .largest_component = 1 };
    return ws_graph_generate(&gen, &opts, err);
}
