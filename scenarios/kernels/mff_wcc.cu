/* mff_wcc.cu: weakly connected components by minimum-label propagation
 * with bit-vector vertex scheduling, the MFF paper's WCC baseline (seed
 * 003, ../shared/research/seed-002-003-iru-mff.md, B3).  The MFF version
 * of the computation kernel is in mff_wcc_mff.cu (a separate module: it
 * uses warpscope's pc_* PTX extensions).
 *
 * Source: Park et al., "Memory Fast-Forward" (seed 003): vertex-centric,
 * one thread per vertex, a bit vector of the vertices to process next
 * (Hong et al., PACT 2011), BSP super-steps; "in the beginning, all
 * vertices are updated and, as iterations continue, the number of updated
 * vertices gets smaller"; WCC uses PC_gather and PC_scatter_set: an active
 * vertex gathers its neighbours' labels, takes the minimum, and when its
 * label changed activates its neighbours.  The code is our own.
 *
 * Graph: the symmetrized graph (weak components ignore direction), int32
 * CSR row[n+1], col[m]; its in-edge CSR and out-edge CSR are the same
 * arrays, so the kernels take one (the host symmetrizes; a directed graph
 * would need the gather and the scatter over both lists).
 *
 * Labels: int32, double-buffered (lcur read, lnxt written), so every
 * super-step is the same with and without the MFF.
 *
 * Kernels (one thread per vertex, or per bit-vector word):
 *   mff_wcc_init(label, front, n)                        initialisation
 *     label[v] = v; every vertex's bit set in front
 *   mff_wcc_step(row, col, lcur, lnxt, front, next, n)   computation stage
 *     l = lcur[v]; if bit v of front: l' = min over neighbours u of
 *     lcur[u]; if l' < l: l = l' and set every neighbour's bit in next;
 *     lnxt[v] = l (an inactive vertex copies its label)
 *   mff_wcc_schedule(old_front, next, nwords, count)     vertex schedule
 *     *count += popc(next[i]); old_front[i] = 0 (the host swaps front and
 *     next, lcur and lnxt)
 *
 * Host loop (warpscope.mff.wcc): init; repeat { step; count = 0;
 * schedule; swap } while count > 0.
 *
 * CPU reference: label = the smallest vertex id of the component
 * (warpscope.mff.ref_wcc, the same BSP steps, and g:components()). */

static __device__ __forceinline__ bool bv_test(const unsigned *bv, int v)
{
    return (bv[v >> 5] >> (v & 31)) & 1u;
}

extern "C" __global__ void mff_wcc_init(int *label, unsigned *front, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n)
        return;
    label[v] = v;
    if ((v & 31) == 0)
        front[v >> 5] = n - v >= 32 ? 0xffffffffu : (1u << (n - v)) - 1u;
}

extern "C" __global__ void mff_wcc_step(const int *row, const int *col, const int *lcur, int *lnxt,
                                        const unsigned *front, unsigned *next, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n)
        return;
    int l = lcur[v];
    if (bv_test(front, v)) {
        int m = l;
        int b = row[v], e = row[v + 1];
        for (int k = b; k < e; k++)
            m = min(m, lcur[col[k]]);
        if (m < l) {
            l = m;
            for (int k = b; k < e; k++) {
                int u = col[k];
                atomicOr(&next[u >> 5], 1u << (u & 31));
            }
        }
    }
    lnxt[v] = l;
}

extern "C" __global__ void mff_wcc_schedule(unsigned *old_front, const unsigned *next, int nwords, int *count)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nwords)
        return;
    old_front[i] = 0;
    unsigned w = next[i];
    if (w)
        atomicAdd(count, __popc(w));
}
