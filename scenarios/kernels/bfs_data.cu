/* bfs_data.cu: data-driven breadth-first search with work lists, one warp per
 * work-list item.
 *
 * Algorithm: Algorithm 1 of the DSAP paper (data-driven BFS as in the
 * GraphBIG benchmark): each warp takes a chunk of CHUNK work-list items and
 * handles them one after another; for an item v the 32 lanes stride over
 * v's neighbour list (coalesced edge-list loads), look each neighbour up in
 * the visited (level) list, and an unvisited neighbour gets level + 1 and is
 * appended to the next work list.  The paper shows the check-then-set on the
 * visited list and says unvisited nodes are pushed; we keep the plain check
 * (the load DSAP prefetches for) and claim the vertex with atomicCAS so each
 * vertex enters the next work list exactly once; the append is an atomicAdd
 * on the out-queue length.  The code is our own.
 *
 * Graph: int32 CSR, row[n+1] offsets into col[m] (out-neighbours).
 *
 * Kernel and parameters:
 *   bfs_data(row, col, level, in_queue, in_size, out_queue, out_size,
 *            curr_level, chunk)
 *     level[v]      -1 for unvisited, else the BFS level of v
 *     in_queue      the current frontier, in_size vertex ids
 *     out_queue     the next frontier (capacity n), appended to
 *     out_size      int counter, set to 0 by the host before the launch
 *     curr_level    the level of the vertices in in_queue
 *     chunk         work-list items per warp (CHUNK_SZ in the paper), >= 1
 *   blockDim.x must be a multiple of 32 (whole warps).
 *
 * Host loop:
 *   level[] = -1; level[src] = 0; in_queue[0] = src; in_size = 1; curr = 0;
 *   while (in_size > 0) {
 *       out_size = 0;
 *       warps = ceil(in_size / chunk);  block = 256;
 *       grid  = ceil(warps * 32 / block);
 *       bfs_data<<<grid, block>>>(row, col, level, in_queue, in_size,
 *                                 out_queue, &out_size, curr, chunk);
 *       swap(in_queue, out_queue); in_size = out_size; curr++;
 *   }
 *
 * CPU reference: a plain queue BFS from src; level[v] = hop distance, -1 when
 * unreachable.  Levels are deterministic; the order of vertices inside a work
 * list is not (it depends on which atomicAdd wins).
 */

#define WARP_SZ 32

extern "C" __global__ void bfs_data(const int *row, const int *col, int *level,
                                    const int *in_queue, int in_size,
                                    int *out_queue, int *out_size,
                                    int curr_level, int chunk)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = tid % WARP_SZ;
    int warp = tid / WARP_SZ;
    int task_start = warp * chunk;
    int task_end = min(task_start + chunk, in_size);

    for (int id = task_start; id < task_end; id++) {
        int v = in_queue[id];                  /* same for the whole warp */
        int edge_ptr = row[v];
        int num_edge = row[v + 1] - edge_ptr;
        for (int i = lane; i < num_edge; i += WARP_SZ) {
            int u = col[edge_ptr + i];
            /* Cheap test first (the paper's visited-list load), then claim. */
            if (level[u] == -1 &&
                atomicCAS(&level[u], -1, curr_level + 1) == -1) {
                int pos = atomicAdd(out_size, 1);
                out_queue[pos] = u;
            }
        }
    }
}
