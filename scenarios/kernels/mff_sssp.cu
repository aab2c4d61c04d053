/* mff_sssp.cu: single-source shortest paths with bit-vector vertex
 * scheduling, the MFF paper's SSSP baseline (seed 003, ../shared/research/
 * seed-002-003-iru-mff.md, B3).  The MFF version of the computation kernel
 * is in mff_sssp_mff.cu (a separate module: it uses warpscope's pc_* PTX
 * extensions).
 *
 * Source: Park et al., "Memory Fast-Forward" (seed 003): vertex-centric,
 * one thread per vertex (Harish and Narayanan), a bit vector of the
 * vertices to process next (Hong et al., PACT 2011), BSP super-steps;
 * SSSP uses PC_gather and PC_scatter_set: an active vertex gathers its
 * in-neighbours' distances, relaxes, and when its distance improved
 * scatter-sets its out-neighbours active.  The code is our own.
 *
 * Graph: in-edge and out-edge CSR in int32 sharing one C array:
 * cc[0 .. m-1] is the in-edge C (the transpose's col; cc[rin[v] ..
 * rin[v+1]-1] are v's in-neighbours) and cc[obase + rout[v] .. obase +
 * rout[v+1]-1] (obase = m) are its out-neighbours [choice: the MFF has one
 * configured C array and SSSP reads both lists through it; the baseline
 * uses the same layout so both read the same addresses].  win[e] is the
 * weight of in-edge e (non-negative int32).
 *
 * Distances: int32, INF = 2147483647 unreachable, double-buffered (dcur
 * read, dnxt written) so a super-step sees only the previous step's
 * distances: the active sets, the number of super-steps and the work of
 * every step are the same with and without the MFF.
 *
 * Kernels (one thread per vertex, or per bit-vector word):
 *   mff_sssp_relax(rin, rout, cc, win, obase, dcur, dnxt, front, next, n)
 *                                                        computation stage
 *     d = dcur[v]; if bit v of front: d' = min over in-edges e of
 *     dcur[cc[e]] + win[e] (INF neighbours skipped); if d' < d: d = d' and
 *     set the bit of every out-neighbour in next; dnxt[v] = d (an inactive
 *     vertex copies its distance)
 *   mff_sssp_schedule(old_front, next, nwords, count)    vertex schedule
 *     *count += popc(next[i]); old_front[i] = 0 (it becomes the next
 *     launch's next; the host swaps front and next, dcur and dnxt)
 *
 * Host loop (warpscope.mff.sssp): dcur = dnxt = INF but [src] = 0; front =
 * the out-neighbours of src (src itself changed at step 0); repeat { relax;
 * count = 0; schedule; swap } while count > 0.
 *
 * Weights [choice]: the paper's PC_gather returns V[C[k]] only, one
 * vertex attribute per edge, and says nothing of edge weights; the thread
 * reads win[e] itself (a sequential run per thread), in both versions.
 *
 * CPU reference: warpscope.mff.ref_sssp (the same BSP steps on the CPU,
 * exact) and the graph layer's Dijkstra (g:sssp). */

#define INF 2147483647

static __device__ __forceinline__ bool bv_test(const unsigned *bv, int v)
{
    return (bv[v >> 5] >> (v & 31)) & 1u;
}

extern "C" __global__ void mff_sssp_relax(const int *rin, const int *rout, const int *cc, const int *win, int obase,
                                          const int *dcur, int *dnxt, const unsigned *front, unsigned *next, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n)
        return;
    int d = dcur[v];
    if (bv_test(front, v)) {
        unsigned best = (unsigned)d;
        for (int e = rin[v], end = rin[v + 1]; e < end; e++) {
            int du = dcur[cc[e]];
            if (du != INF) {
                unsigned c = (unsigned)du + (unsigned)win[e];
                if (c < best)
                    best = c;
            }
        }
        if (best < (unsigned)d) {
            d = (int)best;
            for (int e = obase + rout[v], end = obase + rout[v + 1]; e < end; e++) {
                int u = cc[e];
                atomicOr(&next[u >> 5], 1u << (u & 31));
            }
        }
    }
    dnxt[v] = d;
}

extern "C" __global__ void mff_sssp_schedule(unsigned *old_front, const unsigned *next, int nwords, int *count)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nwords)
        return;
    old_front[i] = 0;
    unsigned w = next[i];
    if (w)
        atomicAdd(count, __popc(w));
}
