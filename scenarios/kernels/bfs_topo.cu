/* bfs_topo.cu: topology-driven breadth-first search, one thread per vertex.
 *
 * Algorithm: the two-kernel level-synchronous BFS of Harish and Narayanan
 * (HiPC 2007) as packaged in the Rodinia benchmark suite (bfs, "Kernel" and
 * "Kernel2").  We keep Rodinia's structure (frontier mask, updating mask,
 * visited flags, cost array, a stop flag read by the host after each level);
 * the code is our own.
 *
 * Graph: int32 CSR, row[n+1] offsets into col[m] (out-neighbours).
 * Flags are one byte per vertex (unsigned char, 0 or 1) as in Rodinia.
 *
 * Kernels and parameters:
 *   bfs_topo_expand(row, col, mask, updating, visited, cost, n)
 *       every vertex v in the frontier (mask[v] == 1) leaves it and gives
 *       each unvisited neighbour u the cost cost[v] + 1 and updating[u] = 1.
 *   bfs_topo_update(mask, updating, visited, stop, n)
 *       every vertex reached in this level joins the next frontier, is
 *       marked visited, and sets *stop = 1 so the host runs another level.
 *
 * Host loop (one thread per vertex, e.g. block = 256, grid = ceil(n / 256)):
 *   mask[] = updating[] = visited[] = 0; cost[] = -1;
 *   mask[src] = visited[src] = 1; cost[src] = 0;
 *   do {
 *       stop = 0;
 *       bfs_topo_expand<<<grid, block>>>(row, col, mask, updating, visited, cost, n);
 *       bfs_topo_update<<<grid, block>>>(mask, updating, visited, &stop, n);
 *   } while (stop);
 *
 * CPU reference: a plain queue BFS from src; cost[v] = hop distance, -1 when
 * v is unreachable.  The result is deterministic: all frontier vertices of
 * one level hold the same cost, so concurrent writers store the same value.
 */

extern "C" __global__ void bfs_topo_expand(const int *row, const int *col,
                                           unsigned char *mask,
                                           unsigned char *updating,
                                           const unsigned char *visited,
                                           int *cost, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || !mask[v])
        return;
    mask[v] = 0;
    int next = cost[v] + 1;
    for (int e = row[v]; e < row[v + 1]; e++) {
        int u = col[e];
        if (!visited[u]) {
            cost[u] = next;
            updating[u] = 1;
        }
    }
}

extern "C" __global__ void bfs_topo_update(unsigned char *mask,
                                           unsigned char *updating,
                                           unsigned char *visited,
                                           int *stop, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || !updating[v])
        return;
    mask[v] = 1;
    visited[v] = 1;
    *stop = 1;
    updating[v] = 0;
}
