/* bfs_warp.cu: warp-centric breadth-first search (topology-driven, level
 * synchronous), one warp per chunk of 32 vertices.
 *
 * Algorithm: the warp-centric mapping of Hong, Kim, Oguntebi and Olukotun,
 * "Accelerating CUDA graph algorithms at maximum warp" (PPoPP 2011), with the
 * virtual-warp size equal to the physical warp (32).  Each warp owns the 32
 * consecutive vertices base .. base+31.  In the SIMD phase every lane tests
 * one vertex of the chunk (is it in the current level?) and copies its CSR
 * row offset into the warp's slice of shared memory; __ballot_sync gathers
 * the active vertices into one mask.  Then the warp walks the set bits of the
 * mask and, for each active vertex, the 32 lanes stride over its neighbour
 * list together (coalesced edge loads), as in Hong et al.'s expansion phase.
 * The code is our own.
 *
 * Graph: int32 CSR, row[n+1] offsets into col[m] (out-neighbours).
 *
 * Kernel and parameters:
 *   bfs_warp(row, col, level, n, curr_level, changed)
 *     level[v]    -1 for unvisited, else the BFS level of v
 *     curr_level  the level being expanded
 *     changed     int flag, set to 0 by the host; 1 when a vertex was reached
 *   blockDim.x must be BFS_WARP_BLOCK (256): shared memory is sized for it.
 *
 * Host loop:
 *   level[] = -1; level[src] = 0; curr = 0;
 *   do {
 *       changed = 0;
 *       bfs_warp<<<ceil(n / 256), 256>>>(row, col, level, n, curr, &changed);
 *       curr++;
 *   } while (changed);
 *
 * CPU reference: a plain queue BFS from src; level[v] = hop distance, -1 when
 * unreachable.  Deterministic: every writer of level[u] in one launch stores
 * the same value curr_level + 1 (a benign race, as in Hong et al.).
 */

#define WARP_SZ 32
#define BFS_WARP_BLOCK 256
#define WARPS_PER_BLOCK (BFS_WARP_BLOCK / WARP_SZ)
#define FULL_MASK 0xffffffffu

extern "C" __global__ void __launch_bounds__(BFS_WARP_BLOCK)
bfs_warp(const int *row, const int *col, int *level, int n, int curr_level,
         int *changed)
{
    /* Per warp: the row offsets of its 32 vertices plus the end of the last. */
    __shared__ int s_row[WARPS_PER_BLOCK][WARP_SZ + 1];

    int lane = threadIdx.x % WARP_SZ;
    int *my_row = s_row[threadIdx.x / WARP_SZ];
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    int base = v - lane;                      /* first vertex of the chunk */
    if (base >= n)
        return;                               /* whole warp leaves together */

    /* SIMD phase: one vertex per lane. */
    int active = v < n && level[v] == curr_level;
    unsigned todo = __ballot_sync(FULL_MASK, active);
    if (todo == 0)
        return;                               /* uniform: nothing to expand */
    my_row[lane] = row[min(v, n)];
    if (lane == 0)
        my_row[WARP_SZ] = row[min(base + WARP_SZ, n)];
    __syncwarp();

    /* Expansion phase: the whole warp on one active vertex at a time. */
    int next = curr_level + 1;
    while (todo != 0) {
        int j = __ffs(todo) - 1;              /* lowest active lane */
        todo &= todo - 1;
        int start = my_row[j], end = my_row[j + 1];
        for (int e = start + lane; e < end; e += WARP_SZ) {
            int u = col[e];
            if (level[u] == -1) {
                level[u] = next;
                *changed = 1;
            }
        }
    }
}
