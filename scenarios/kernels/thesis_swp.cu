/* thesis_swp.cu: the topology-driven BFS expand kernel of the thesis's
 * section 5.5 (seed 001, Figs. 75-78, Table 18) with software prefetching
 * into registers and loop unrolling.
 *
 * Algorithm: the expand kernel of the two-kernel level-synchronous BFS of
 * Harish and Narayanan (HiPC 2007) as in bfs_topo.cu, with the neighbour loop
 * written as the thesis's Fig. 75 (start and end of v's edge list read once):
 *     for (i = start; i < end; ++i) { id = col[i]; vis = visited[id]; process }
 * where "process" is: if (!vis) { cost[id] = next; updating[id] = 1; }.
 * Seven versions, one kernel each:
 *   thesis_swp_base        Fig. 75
 *   thesis_swp_swp         Fig. 76: the first neighbour's id and visited flag
 *                          are loaded before the loop; iteration i loads those
 *                          of neighbour i+1 (bounds check i < end-1 inside the
 *                          loop) before processing neighbour i
 *   thesis_swp_swpnc       Fig. 77: the loop stops at end-1 so it needs no
 *                          check; the last neighbour is processed after it
 *   thesis_swp_unr2        Fig. 78: two neighbours per iteration (both edge
 *                          loads, then both visited loads), an odd last one
 *                          after the loop
 *   thesis_swp_unr3        the same with three per iteration (remainder 0-2
 *                          after the loop)
 *   thesis_swp_unr2_swp    UNR2 with the next pair loaded one iteration ahead
 *                          (bounds check inside the loop)
 *   thesis_swp_unr2_swpnc  UNR2_SWP with the last pair processed after the
 *                          loop instead of a check inside it
 * Every loop carries `#pragma unroll 1` so nvcc adds no unrolling of its own:
 * the versions differ only as written.  The prefetches are ordinary loads into
 * registers, as in the thesis (no PTX prefetch instruction).  They read
 * visited[], which the expand kernel never writes, so every version computes
 * exactly what the base does.
 *
 * Graph: int32 CSR, row[n+1] offsets into col[m] (out-neighbours).
 * Parameters (every kernel; the same as bfs_topo_expand):
 *   (row, col, mask, updating, visited, cost, n)
 *   flags are u8 (0 or 1), cost i32 (-1 unvisited).
 *
 * Host loop (one thread per vertex; the thesis's Rodinia code uses 512-thread
 * blocks): as bfs_topo.cu, with one of these kernels as the expand kernel and
 * bfs_topo_update (bfs_topo.ptx) as the update kernel:
 *   mask[] = updating[] = visited[] = 0; cost[] = -1;
 *   mask[src] = visited[src] = 1; cost[src] = 0;
 *   do { stop = 0; EXPAND<<<ceil(n/512), 512>>>(...);
 *        bfs_topo_update<<<ceil(n/512), 512>>>(mask, updating, visited, &stop, n);
 *   } while (stop);
 *
 * CPU reference: a plain queue BFS from src; cost[v] = hop distance, -1 when
 * unreachable (all writers of one level store the same value).
 *
 * The code is our own.
 */

#define PROCESS(id, vis)                  \
    do {                                  \
        if (!(vis)) {                     \
            cost[(id)] = next;            \
            updating[(id)] = 1;           \
        }                                 \
    } while (0)

/* The common prologue: v leaves the frontier; its edge range and level. */
#define PROLOGUE                                            \
    int v = blockIdx.x * blockDim.x + threadIdx.x;          \
    if (v >= n || !mask[v])                                 \
        return;                                             \
    mask[v] = 0;                                            \
    int next = cost[v] + 1;                                 \
    int start = row[v], end = row[v + 1]

#define PARAMS const int *row, const int *col, unsigned char *mask,      \
               unsigned char *updating, const unsigned char *visited,    \
               int *cost, int n

extern "C" __global__ void thesis_swp_base(PARAMS)
{
    PROLOGUE;
#pragma unroll 1
    for (int i = start; i < end; ++i) {
        int id = col[i];
        unsigned char vis = visited[id];
        PROCESS(id, vis);
    }
}

extern "C" __global__ void thesis_swp_swp(PARAMS)
{
    PROLOGUE;
    int id0 = 0;
    unsigned char vis0 = 1;
    if (start < end) {
        id0 = col[start];
        vis0 = visited[id0];
    }
#pragma unroll 1
    for (int i = start; i < end; ++i) {
        int id = id0;
        unsigned char vis = vis0;
        if (i < end - 1) {                      /* prefetch neighbour i+1 */
            id0 = col[i + 1];
            vis0 = visited[id0];
        }
        PROCESS(id, vis);
    }
}

extern "C" __global__ void thesis_swp_swpnc(PARAMS)
{
    PROLOGUE;
    int id0 = 0;
    unsigned char vis0 = 1;
    if (start < end) {
        id0 = col[start];
        vis0 = visited[id0];
    }
#pragma unroll 1
    for (int i = start; i < end - 1; ++i) {
        int id = id0;
        unsigned char vis = vis0;
        id0 = col[i + 1];
        vis0 = visited[id0];
        PROCESS(id, vis);
    }
    if (start < end)                            /* the last neighbour */
        PROCESS(id0, vis0);
}

extern "C" __global__ void thesis_swp_unr2(PARAMS)
{
    PROLOGUE;
    int uend = start + ((end - start) / 2) * 2;
    int i;
#pragma unroll 1
    for (i = start; i < uend; i += 2) {
        int id0 = col[i];
        int id1 = col[i + 1];
        unsigned char vis0 = visited[id0];
        unsigned char vis1 = visited[id1];
        PROCESS(id0, vis0);
        PROCESS(id1, vis1);
    }
    if (i != end) {                             /* odd degree: the last one */
        int id = col[i];
        unsigned char vis = visited[id];
        PROCESS(id, vis);
    }
}

extern "C" __global__ void thesis_swp_unr3(PARAMS)
{
    PROLOGUE;
    int uend = start + ((end - start) / 3) * 3;
    int i;
#pragma unroll 1
    for (i = start; i < uend; i += 3) {
        int id0 = col[i];
        int id1 = col[i + 1];
        int id2 = col[i + 2];
        unsigned char vis0 = visited[id0];
        unsigned char vis1 = visited[id1];
        unsigned char vis2 = visited[id2];
        PROCESS(id0, vis0);
        PROCESS(id1, vis1);
        PROCESS(id2, vis2);
    }
#pragma unroll 1
    for (; i < end; ++i) {                      /* 0, 1 or 2 left */
        int id = col[i];
        unsigned char vis = visited[id];
        PROCESS(id, vis);
    }
}

extern "C" __global__ void thesis_swp_unr2_swp(PARAMS)
{
    PROLOGUE;
    int uend = start + ((end - start) / 2) * 2;
    int a0 = 0, a1 = 0;
    unsigned char b0 = 1, b1 = 1;
    if (start < uend) {
        a0 = col[start];
        a1 = col[start + 1];
        b0 = visited[a0];
        b1 = visited[a1];
    }
    int i;
#pragma unroll 1
    for (i = start; i < uend; i += 2) {
        int id0 = a0, id1 = a1;
        unsigned char vis0 = b0, vis1 = b1;
        if (i + 2 < uend) {                     /* prefetch the next pair */
            a0 = col[i + 2];
            a1 = col[i + 3];
            b0 = visited[a0];
            b1 = visited[a1];
        }
        PROCESS(id0, vis0);
        PROCESS(id1, vis1);
    }
    if (i != end) {
        int id = col[i];
        unsigned char vis = visited[id];
        PROCESS(id, vis);
    }
}

extern "C" __global__ void thesis_swp_unr2_swpnc(PARAMS)
{
    PROLOGUE;
    int uend = start + ((end - start) / 2) * 2;
    int a0 = 0, a1 = 0;
    unsigned char b0 = 1, b1 = 1;
    if (start < uend) {
        a0 = col[start];
        a1 = col[start + 1];
        b0 = visited[a0];
        b1 = visited[a1];
    }
#pragma unroll 1
    for (int i = start; i < uend - 2; i += 2) {
        int id0 = a0, id1 = a1;
        unsigned char vis0 = b0, vis1 = b1;
        a0 = col[i + 2];
        a1 = col[i + 3];
        b0 = visited[a0];
        b1 = visited[a1];
        PROCESS(id0, vis0);
        PROCESS(id1, vis1);
    }
    if (start < uend) {                         /* the last pair */
        PROCESS(a0, b0);
        PROCESS(a1, b1);
    }
    if (uend != end) {
        int id = col[uend];
        unsigned char vis = visited[id];
        PROCESS(id, vis);
    }
}
