/* thesis_sssp.cu: single-source shortest paths in the three strategies of the
 * thesis's chapter 5 (seed 001): topology-driven ("TPLGY"), warp-centric
 * ("WARPC") and data-driven ("DD").  As the thesis describes, each iteration
 * is two kernels: one lowers the tentative costs of the neighbours of the
 * frontier (atomicMin into updating_cost), the other builds the next
 * frontier from the vertices whose cost fell.
 *
 * Algorithm: the two-kernel SSSP of Harish and Narayanan (HiPC 2007,
 * "DijkstraKernel1/2", with the atomicMin the thesis's Table 4 lists for
 * H-SSSP's neighbour access) for TPLGY; its relax kernel with Hong et al.'s
 * warp-centric mapping (PPoPP 2011; as bfs_warp.cu) for WARPC; a frontier
 * list with one thread per frontier vertex and a frontier built through a
 * per-block shared-memory queue (after Luo et al., DAC 2010) for DD.  The
 * code is our own.
 *
 * Graph: int32 CSR, row[n+1] offsets into col[m], weight[m] (int32 >= 0).
 * cost[v] and upd[v]: INT_MAX (2147483647) = infinity; every shortest
 * distance plus the largest weight must stay below INT_MAX.
 *
 * Kernels and parameters:
 *   thesis_sssp_tplgy(row, col, weight, mask, cost, upd, n)
 *       a thread per vertex v; if mask[v]: mask[v] = 0 and every out-edge
 *       (v,u,w) does atomicMin(&upd[u], cost[v] + w).
 *   thesis_sssp_warpc(row, col, weight, mask, cost, upd, n)
 *       the same work, a warp per 32 consecutive vertices as the thesis's
 *       Fig. 49: the chunk's flags, costs and row offsets are copied to
 *       shared memory, then the warp walks the 32 vertices one after
 *       another and the 32 lanes stride over each active vertex's edges
 *       together.  blockDim.x must be 256.
 *   thesis_sssp_update(mask, cost, upd, stop, n)     (TPLGY and WARPC)
 *       a thread per vertex: if upd[v] < cost[v]: cost[v] = upd[v],
 *       mask[v] = 1, *stop = 1; then upd[v] = cost[v].
 *   thesis_sssp_dd(row, col, weight, cost, upd, queue, qsize)
 *       a thread per frontier entry v = queue[t] (t < qsize): every out-edge
 *       does atomicMin(&upd[u], cost[v] + w).
 *   thesis_sssp_dd_build(cost, upd, queue, qsize, n)
 *       a thread per vertex: if upd[v] < cost[v]: cost[v] = upd[v] and v is
 *       appended to the block's queue in shared memory (shared atomicAdd;
 *       at most one entry per thread, so it never overflows); then
 *       upd[v] = cost[v].  After a barrier one atomicAdd on *qsize reserves
 *       the block's room in the global queue and the threads copy it there.
 *       blockDim.x must be at most 256.
 *
 * Host loops (n threads, 256 per block):
 *   cost[] = upd[] = INT_MAX; cost[src] = upd[src] = 0;
 *   TPLGY / WARPC: mask[] = 0; mask[src] = 1;
 *     do { stop = 0; RELAX<<<ceil(n/256), 256>>>(row, col, weight, mask, cost, upd, n);
 *          thesis_sssp_update<<<ceil(n/256), 256>>>(mask, cost, upd, &stop, n);
 *     } while (stop);
 *   DD: queue[0] = src; qsize = 1;
 *     while (qsize > 0) {
 *         thesis_sssp_dd<<<ceil(qsize/256), 256>>>(row, col, weight, cost, upd, queue, qsize);
 *         qsize = 0;
 *         thesis_sssp_dd_build<<<ceil(n/256), 256>>>(cost, upd, queue, &qsize, n);
 *     }
 *   (the relax kernel reads the frontier before the build kernel overwrites
 *   it, so one queue array is enough.)
 *
 * CPU reference: Dijkstra from src; INT_MAX when unreachable.  The result is
 * exact whatever the order of the atomics: a vertex whose cost falls is
 * expanded again in the next iteration, until no cost falls.
 */

#include <climits>

#define WARP_SZ 32
#define SSSP_WARP_BLOCK 256
#define WARPS_PER_BLOCK (SSSP_WARP_BLOCK / WARP_SZ)
#define DD_BUILD_BLOCK 256

extern "C" __global__ void thesis_sssp_tplgy(const int *row, const int *col,
                                             const int *weight,
                                             unsigned char *mask,
                                             const int *cost, int *upd, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || !mask[v])
        return;
    mask[v] = 0;
    int cv = cost[v];
    int end = row[v + 1];
    for (int e = row[v]; e < end; e++)
        atomicMin(&upd[col[e]], cv + weight[e]);
}

extern "C" __global__ void __launch_bounds__(SSSP_WARP_BLOCK)
thesis_sssp_warpc(const int *row, const int *col, const int *weight,
                  unsigned char *mask, const int *cost, int *upd, int n)
{
    /* Per warp: its 32 vertices' frontier flags, costs and row offsets. */
    __shared__ int s_active[WARPS_PER_BLOCK][WARP_SZ];
    __shared__ int s_cost[WARPS_PER_BLOCK][WARP_SZ];
    __shared__ int s_row[WARPS_PER_BLOCK][WARP_SZ + 1];

    int lane = threadIdx.x % WARP_SZ;
    int w = threadIdx.x / WARP_SZ;
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    int base = v - lane;
    if (base >= n)
        return;                               /* whole warp leaves together */

    /* Copy the chunk (one vertex per lane); active vertices leave the mask. */
    int active = v < n && mask[v];
    if (active) {
        mask[v] = 0;
        s_cost[w][lane] = cost[v];
    }
    s_active[w][lane] = active;
    s_row[w][lane] = row[min(v, n)];
    if (lane == 0)
        s_row[w][WARP_SZ] = row[min(base + WARP_SZ, n)];
    __syncwarp();

    /* The chunk's vertices one after another (Fig. 49). */
    for (int j = 0; j < WARP_SZ; j++) {
        if (s_active[w][j]) {
            int cj = s_cost[w][j];
            int end = s_row[w][j + 1];
            for (int e = s_row[w][j] + lane; e < end; e += WARP_SZ)
                atomicMin(&upd[col[e]], cj + weight[e]);
        }
    }
}

extern "C" __global__ void thesis_sssp_update(unsigned char *mask, int *cost,
                                              int *upd, int *stop, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n)
        return;
    int c = cost[v], u = upd[v];
    if (u < c) {
        cost[v] = u;
        mask[v] = 1;
        *stop = 1;
        c = u;
    }
    upd[v] = c;
}

extern "C" __global__ void thesis_sssp_dd(const int *row, const int *col,
                                          const int *weight, const int *cost,
                                          int *upd, const int *queue, int qsize)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= qsize)
        return;
    int v = queue[t];
    int cv = cost[v];
    int end = row[v + 1];
    for (int e = row[v]; e < end; e++)
        atomicMin(&upd[col[e]], cv + weight[e]);
}

extern "C" __global__ void __launch_bounds__(DD_BUILD_BLOCK)
thesis_sssp_dd_build(int *cost, int *upd, int *queue, int *qsize, int n)
{
    __shared__ int lq[DD_BUILD_BLOCK];
    __shared__ int lq_n, lq_base;

    if (threadIdx.x == 0)
        lq_n = 0;
    __syncthreads();
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n) {
        int c = cost[v], u = upd[v];
        if (u < c) {
            cost[v] = u;
            lq[atomicAdd(&lq_n, 1)] = v;          /* shared atomic */
            c = u;
        }
        upd[v] = c;
    }
    __syncthreads();
    int cnt = lq_n;
    if (cnt == 0)
        return;                                  /* uniform across the block */
    if (threadIdx.x == 0)
        lq_base = atomicAdd(qsize, cnt);
    __syncthreads();
    for (int i = threadIdx.x; i < cnt; i += blockDim.x)
        queue[lq_base + i] = lq[i];
}
