/* sssp.cu: single-source shortest paths, Bellman-Ford style edge relaxation
 * with atomicMin, topology-driven (one thread per vertex, every launch).
 *
 * Algorithm: Bellman-Ford (Bellman 1958, Ford 1956) relaxation as mapped to
 * GPUs by Harish and Narayanan (HiPC 2007) and the LonestarGPU "drelax"
 * kernels: every vertex with a finite distance relaxes all its out-edges,
 * dist[u] = min(dist[u], dist[v] + w(v,u)) with atomicMin; the host repeats
 * until a launch changes nothing.  The code is our own.
 *
 * Graph: int32 CSR, row[n+1] offsets into col[m] (out-neighbours) and
 * weight[m] (int32, the weight of edge col[e]).
 *
 * Kernel and parameters:
 *   sssp_relax(row, col, weight, dist, n, changed)
 *     dist[v]   INT_MAX (2147483647) = infinity, else the best distance so far
 *     changed   int flag, set to 0 by the host; 1 when some dist[] decreased
 *   Weights must be >= 0 and every shortest distance < INT_MAX - max weight
 *   so dist[v] + w cannot overflow.
 *
 * Host loop (one thread per vertex, e.g. block = 256, grid = ceil(n / 256)):
 *   dist[] = INT_MAX; dist[src] = 0;
 *   do {
 *       changed = 0;
 *       sssp_relax<<<grid, block>>>(row, col, weight, dist, n, &changed);
 *   } while (changed);          // at most n launches
 *
 * CPU reference: Dijkstra (or Bellman-Ford) from src on the same graph;
 * dist[v] = INT_MAX when v is unreachable.  The fixed point is unique, so the
 * result is exact whatever the order of the atomics.  A thread may read a
 * dist[v] that another thread is lowering: any value read is a valid upper
 * bound, and the final launch (no change) sees every edge relaxed.
 */

#include <climits>

extern "C" __global__ void sssp_relax(const int *row, const int *col,
                                      const int *weight, int *dist, int n,
                                      int *changed)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n)
        return;
    int dv = dist[v];
    if (dv == INT_MAX)
        return;
    for (int e = row[v]; e < row[v + 1]; e++) {
        int u = col[e];
        int nd = dv + weight[e];
        if (nd < dist[u] && atomicMin(&dist[u], nd) > nd)
            *changed = 1;
    }
}
