/* iru_sssp.cu: single-source shortest paths in expand / compaction steps
 * (the IRU paper's SSSP, Fig. 10: the compaction kernel with the secondary
 * array, the original position, atomicMin and the min filter), in a
 * baseline and an IRU version.
 *
 * Source: Segura, Arnau, Gonzalez, "Irregular Accesses Reorder Unit"
 * (seed 002; ../shared/research/seed-002-003-iru-mff.md, A3), a push
 * frontier SSSP after Davidson et al.  Expand writes, for each edge (v, u)
 * of the frontier, u into the edge frontier and dist[v] + w into the
 * weight frontier; compaction relaxes dist[u] with atomicMin and appends u
 * to the next frontier once per level (a level stamp claimed with
 * atomicExch) when the distance went down, recording the position that
 * did it (lookup[u] = pos, as Fig. 10).  The code is our own.
 *
 * Graph: int32 CSR with int32 weights, row[n+1], col[m], w[m].
 *
 * Kernels (one thread per element):
 *   iru_sssp_expand(row, col, w, dist, vfront, vn, efront, wfront, en)
 *   iru_sssp_compact(efront, wfront, en, dist, lookup, stamp, level, vfront, vn)
 *     baseline: edge = efront[pos], weight = wfront[pos]
 *   iru_sssp_compact_iru(en, dist, lookup, stamp, level, vfront, vn)
 *     IRU: edge, weight and pos come from load_iru (configure_iru:
 *     target = dist, indices = efront, secondary = wfront, n = en,
 *     filter = "min": duplicates present together keep the smaller weight
 *     and the other threads get false)
 *
 * CPU reference: the graph layer's Dijkstra (dist, INT_MAX unreachable);
 * lookup is not compared (any position with the final distance is
 * right). */
#define INF 2147483647

extern "C" __global__ void iru_sssp_expand(const int *row, const int *col, const int *w, const int *dist,
                                           const int *vfront, int vn, int *efront, int *wfront, int *en)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < vn) {
        int v = vfront[i];
        int b = row[v], e = row[v + 1], d = dist[v];
        if (e > b) {
            int at = atomicAdd(en, e - b);
            for (int k = b; k < e; k++) {
                efront[at + (k - b)] = col[k];
                wfront[at + (k - b)] = d + w[k];
            }
        }
    }
}

static __device__ __forceinline__ void relax(int edge, int weight, int pos, int *dist, int *lookup, int *stamp,
                                             int level, int *vfront, int *vn)
{
    int old = atomicMin(&dist[edge], weight);
    if (old > weight) {
        lookup[edge] = pos;
        if (atomicExch(&stamp[edge], level) != level)
            vfront[atomicAdd(vn, 1)] = edge;
    }
}

extern "C" __global__ void iru_sssp_compact(const int *efront, const int *wfront, int en, int *dist,
                                            int *lookup, int *stamp, int level, int *vfront, int *vn)
{
    int pos = blockIdx.x * blockDim.x + threadIdx.x;
    if (pos < en)
        relax(efront[pos], wfront[pos], pos, dist, lookup, stamp, level, vfront, vn);
}

/* The IRU's load with the secondary and the position (false: filtered). */
static __device__ __forceinline__ bool load_iru(int &edge, int &weight, int &pos)
{
    unsigned ok;
    asm volatile("{\n\t.reg .pred p;\n\tload_iru.b32 p, %0, %1, %2;\n\tselp.u32 %3, 1, 0, p;\n\t}"
                 : "=r"(edge), "=r"(weight), "=r"(pos), "=r"(ok));
    return ok != 0;
}

extern "C" __global__ void iru_sssp_compact_iru(int en, int *dist, int *lookup, int *stamp, int level,
                                                int *vfront, int *vn)
{
    int pos = blockIdx.x * blockDim.x + threadIdx.x;
    if (pos < en) {
        int edge, weight;
        if (load_iru(edge, weight, pos))
            relax(edge, weight, pos, dist, lookup, stamp, level, vfront, vn);
    }
}
