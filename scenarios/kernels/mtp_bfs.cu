/* mtp_bfs.cu: breadth-first search, one thread per vertex, with Rodinia's
 * data layout, the "bfs" benchmark of the many-thread-aware prefetching
 * paper (Lee et al., MICRO 2010, Table III: Rodinia bfs, uncoal type, 4
 * stride and 3 inter-thread delinquent loads, 512 threads per block, 1 block
 * per core).  The algorithm and layout are those of Harish and Narayanan's
 * BFS as packaged in Rodinia: vertices are 8-byte records {first edge,
 * number of edges} (an array of structs, so a warp's record loads span two
 * lines), the frontier, next-frontier and visited flags are bytes, the
 * host relaunches two kernels until no vertex was reached.  The code is our
 * own (scenarios/kernels/bfs_topo.cu is the CSR-offsets form).
 *
 *   bfs_expand_base(nodes, edges, frontier, next, visited, cost, n)
 *     v in the frontier: leave it; every neighbour u not yet visited gets
 *     cost[u] = cost[v] + 1 (cost[v] read per edge, as Rodinia does) and
 *     next[u] = 1.
 *   bfs_update_base(frontier, next, visited, more, n)
 *     v reached: joins the frontier, is visited, *more = 1, next[v] = 0.
 *   bfs_expand_ip / bfs_update_ip: the same, each thread first prefetching
 *     what the same lane of the next warp (v + 32) loads by its index:
 *     frontier, record and cost (expand), next (update).
 * Host loop: frontier[src] = visited[src] = 1, cost = -1 but cost[src] = 0;
 * do { more = 0; expand; update } while (more).  All frontier vertices of a
 * level write the same cost, so the result is deterministic. */

struct node {
    int first, count;
};

static __device__ __forceinline__ void prefetch(const void *p)
{
    asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
}

template <bool IP>
static __device__ __forceinline__ void expand(const struct node *nodes, const int *edges, bool *frontier,
                                              bool *next, const bool *visited, int *cost, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (IP && v + 32 < n) {
        prefetch(&frontier[v + 32]);
        prefetch(&nodes[v + 32]);
        prefetch(&cost[v + 32]);
    }
    if (v >= n || !frontier[v])
        return;
    frontier[v] = false;
    int end = nodes[v].first + nodes[v].count;
    for (int e = nodes[v].first; e < end; e++) {
        int u = edges[e];
        if (!visited[u]) {
            cost[u] = cost[v] + 1;
            next[u] = true;
        }
    }
}

template <bool IP>
static __device__ __forceinline__ void update(bool *frontier, bool *next, bool *visited, bool *more, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (IP && v + 32 < n)
        prefetch(&next[v + 32]);
    if (v >= n || !next[v])
        return;
    frontier[v] = true;
    visited[v] = true;
    *more = true;
    next[v] = false;
}

extern "C" __global__ void bfs_expand_base(const struct node *nodes, const int *edges, bool *frontier, bool *next,
                                           const bool *visited, int *cost, int n)
{
    expand<false>(nodes, edges, frontier, next, visited, cost, n);
}

extern "C" __global__ void bfs_expand_ip(const struct node *nodes, const int *edges, bool *frontier, bool *next,
                                         const bool *visited, int *cost, int n)
{
    expand<true>(nodes, edges, frontier, next, visited, cost, n);
}

extern "C" __global__ void bfs_update_base(bool *frontier, bool *next, bool *visited, bool *more, int n)
{
    update<false>(frontier, next, visited, more, n);
}

extern "C" __global__ void bfs_update_ip(bool *frontier, bool *next, bool *visited, bool *more, int n)
{
    update<true>(frontier, next, visited, more, n);
}
