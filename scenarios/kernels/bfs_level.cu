/* bfs_level.cu: topology-driven breadth-first search in one kernel per level,
 * one thread per vertex; the kernel of the correlation benchmark
 * (bench/correlation.lua), which compares warpscope with GPGPU-Sim 4.2 on it.
 *
 * Algorithm: the level-synchronous BFS of Harish and Narayanan (HiPC 2007)
 * reduced to one kernel: a thread whose vertex is on the current level
 * gives every unvisited neighbour the next level.  No frontier mask: the
 * level array is the frontier.  The code is our own; it must stay exactly
 * as it is, since the reference figures in tests/data/correlation/ were
 * measured on this kernel.
 *
 * Graph: int32 CSR, row[n+1] offsets into col[m] (out-neighbours).
 *
 * Kernel and parameters:
 *   bfs_level(row, col, dist, level, n, changed)
 *     dist[v]   -1 for unvisited, else the BFS level of v
 *     level     the level being expanded
 *     changed   int flag, set to 0 by the host; 1 when a vertex was reached
 *
 * Host loop (block = 256, grid = ceil(n / 256)):
 *   dist[] = -1; dist[src] = 0; level = 0;
 *   do {
 *       changed = 0;
 *       bfs_level<<<grid, 256>>>(row, col, dist, level, n, &changed);
 *       level++;
 *   } while (changed);
 *
 * CPU reference: a plain queue BFS from src; dist[v] = hop distance, -1 when
 * v is unreachable.  Deterministic: every writer of dist[v] in one launch
 * stores the same value level + 1 (a benign race).
 */

extern "C" __global__ void bfs_level(const int *row, const int *col, int *dist,
                                     int level, int n, int *changed)
{
    int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u >= n || dist[u] != level)
        return;
    for (int e = row[u]; e < row[u + 1]; e++) {
        int v = col[e];
        if (dist[v] < 0) {
            dist[v] = level + 1;
            *changed = 1;
        }
    }
}
