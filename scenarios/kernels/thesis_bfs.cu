/* thesis_bfs.cu: two breadth-first searches of the thesis's chapter 5 (seed
 * 001, "implementation strategies"): the data-driven BFS ("DD") and the
 * kernel-unrolled BFS.  The other two strategies of that chapter are shipped
 * kernels: topology-driven (bfs_topo.cu, Harish & Narayanan / Rodinia) and
 * warp-centric (bfs_warp.cu, Hong et al., with a ballot that skips inactive
 * vertices); the warp-centric BFS exactly as the thesis's Fig. 49 gives it is
 * here (3).
 *
 * Graph: int32 CSR, row[n+1] offsets into col[m] (out-neighbours).
 *
 * 1. thesis_bfs_dd(row, col, level, in_queue, in_size, out_queue, out_size,
 *                  curr_level)
 *    Data-driven BFS after Luo, Wong and Hwu (DAC 2010) as the thesis
 *    describes it: one thread per vertex of the frontier, which is a list of
 *    vertex ids.  A thread claims each unvisited neighbour (plain test of
 *    level[u], then atomicCAS so every vertex is queued once) and appends it
 *    to its block's queue in shared memory with a shared-memory atomicAdd;
 *    when that queue is full it appends to the global queue with a global
 *    atomicAdd.  After a barrier the block reserves room for its local queue
 *    in the global queue with one atomicAdd and its threads copy it there.
 *      level[v]      -1 for unvisited, else the BFS level of v
 *      in_queue      the frontier, in_size vertex ids (all of level curr_level)
 *      out_queue     the next frontier (capacity n), appended to
 *      out_size      int counter, set to 0 by the host before the launch
 *    blockDim.x must be THESIS_DD_BLOCK (256); the local queue holds
 *    THESIS_DD_LQ (512) ids (2 KB, so shared memory never limits occupancy
 *    before threads do on a 16 KB Fermi SM).
 *    Host loop:
 *      level[] = -1; level[src] = 0; in_queue[0] = src; in_size = 1; curr = 0;
 *      while (in_size > 0) {
 *          out_size = 0;
 *          thesis_bfs_dd<<<ceil(in_size / 256), 256>>>(row, col, level,
 *              in_queue, in_size, out_queue, &out_size, curr);
 *          swap(in_queue, out_queue); in_size = out_size; curr++;
 *      }
 *
 * 2. thesis_bfs_unroll(row, col, dist, n, limit, changed)
 *    Kernel-unrolled BFS after LonestarGPU (Burtscher, Nasre and Pingali)
 *    as the thesis's Fig. 51 gives it: no frontier; every launch, a thread
 *    per vertex v with a known distance relaxes v's neighbours
 *    (dist[u] = min(dist[u], dist[x] + 1) with atomicMin) and keeps a local
 *    work queue: it starts with v, and a neighbour whose distance it lowered
 *    is pushed while fewer than `limit` vertices have been pushed, so one
 *    launch can cover several BFS levels.  The queue is a per-thread array
 *    (local memory) of THESIS_UNROLL_MAX entries; limit must be 1..16.
 *      dist[v]    unsigned; 0xffffffff (-1 as int32) = not reached yet
 *      changed    int flag, set to 0 by the host; 1 when some dist[] fell
 *    Host loop (one thread per vertex, e.g. block = 256):
 *      dist[] = -1; dist[src] = 0;
 *      do { changed = 0; thesis_bfs_unroll<<<ceil(n/256), 256>>>(row, col,
 *               dist, n, limit, &changed); } while (changed);
 *
 * 3. thesis_bfs_warpc(row, col, level, n, curr_level, changed)
 *    Warp-centric BFS as the thesis's Fig. 49 and Hong, Kim, Oguntebi and
 *    Olukotun (PPoPP 2011) give it: a warp owns 32 consecutive vertices; it
 *    copies their levels and row offsets into shared memory (one per lane,
 *    coalesced), then walks the 32 vertices one after another, and for each
 *    vertex of the current level the 32 lanes stride over its neighbours
 *    (coalesced edge loads).  The walk visits every vertex of the chunk,
 *    active or not (bfs_warp.cu skips the inactive ones with a ballot).
 *      level[v]    -1 for unvisited, else the BFS level of v
 *      changed     int flag, set to 0 by the host; 1 when a vertex was reached
 *    blockDim.x must be THESIS_WARPC_BLOCK (256).
 *    Host loop:
 *      level[] = -1; level[src] = 0; curr = 0;
 *      do { changed = 0; thesis_bfs_warpc<<<ceil(n/256), 256>>>(row, col,
 *               level, n, curr, &changed); curr++; } while (changed);
 *
 * CPU reference (all three): a plain queue BFS from src; level/dist[v] = hop
 * distance, -1 when unreachable.  DD: every writer of level[u] stores
 * curr_level + 1 (claimed once by atomicCAS); the order of ids inside a queue
 * depends on which atomic wins.  Unrolled: the fixed point of the atomicMin
 * relaxation is unique, so the result is exact whatever the order.  WARPC:
 * every writer of level[u] in one launch stores curr_level + 1.
 *
 * The code is our own.
 */

#define THESIS_DD_BLOCK 256
#define THESIS_DD_LQ 512
#define THESIS_UNROLL_MAX 16
#define THESIS_WARPC_BLOCK 256
#define WARP_SZ 32

extern "C" __global__ void __launch_bounds__(THESIS_DD_BLOCK)
thesis_bfs_dd(const int *row, const int *col, int *level,
              const int *in_queue, int in_size, int *out_queue,
              int *out_size, int curr_level)
{
    __shared__ int lq[THESIS_DD_LQ];
    __shared__ int lq_n;         /* pushes tried (may exceed the capacity) */
    __shared__ int lq_base;      /* where this block's queue goes globally */

    if (threadIdx.x == 0)
        lq_n = 0;
    __syncthreads();

    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < in_size) {
        int v = in_queue[t];
        int next = curr_level + 1;
        int end = row[v + 1];
        for (int e = row[v]; e < end; e++) {
            int u = col[e];
            if (level[u] == -1 && atomicCAS(&level[u], -1, next) == -1) {
                int slot = atomicAdd(&lq_n, 1);           /* shared atomic */
                if (slot < THESIS_DD_LQ)
                    lq[slot] = u;
                else                                      /* overflow */
                    out_queue[atomicAdd(out_size, 1)] = u;
            }
        }
    }
    __syncthreads();

    int cnt = min(lq_n, THESIS_DD_LQ);
    if (cnt == 0)
        return;                                 /* uniform across the block */
    if (threadIdx.x == 0)
        lq_base = atomicAdd(out_size, cnt);
    __syncthreads();
    for (int i = threadIdx.x; i < cnt; i += blockDim.x)
        out_queue[lq_base + i] = lq[i];
}

extern "C" __global__ void thesis_bfs_unroll(const int *row, const int *col,
                                             unsigned *dist, int n, int limit,
                                             int *changed)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || dist[v] == 0xffffffffu)
        return;
    int queue[THESIS_UNROLL_MAX];
    int head = 0, tail = 0, work = 1;
    queue[tail++] = v;
    while (head < tail) {
        int x = queue[head++];
        unsigned nd = dist[x] + 1;
        int end = row[x + 1];
        for (int e = row[x]; e < end; e++) {
            int u = col[e];
            if (nd < dist[u] && atomicMin(&dist[u], nd) > nd) {
                *changed = 1;
                if (work < limit) {
                    queue[tail++] = u;
                    work++;
                }
            }
        }
    }
}

extern "C" __global__ void __launch_bounds__(THESIS_WARPC_BLOCK)
thesis_bfs_warpc(const int *row, const int *col, int *level, int n,
                 int curr_level, int *changed)
{
    __shared__ int s_level[THESIS_WARPC_BLOCK / WARP_SZ][WARP_SZ];
    __shared__ int s_row[THESIS_WARPC_BLOCK / WARP_SZ][WARP_SZ + 1];

    int lane = threadIdx.x % WARP_SZ;
    int w = threadIdx.x / WARP_SZ;
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    int base = v - lane;                      /* first vertex of the chunk */
    if (base >= n)
        return;                               /* whole warp leaves together */

    /* Copy the chunk's levels and row offsets (one element per lane). */
    s_level[w][lane] = v < n ? level[v] : -1;
    s_row[w][lane] = row[min(v, n)];
    if (lane == 0)
        s_row[w][WARP_SZ] = row[min(base + WARP_SZ, n)];
    __syncwarp();

    /* The chunk's vertices one after another; lanes share each one's edges. */
    int next = curr_level + 1;
    for (int j = 0; j < WARP_SZ; j++) {
        if (s_level[w][j] == curr_level) {
            int end = s_row[w][j + 1];
            for (int e = s_row[w][j] + lane; e < end; e += WARP_SZ) {
                int u = col[e];
                if (level[u] == -1) {
                    level[u] = next;
                    *changed = 1;
                }
            }
        }
    }
}
