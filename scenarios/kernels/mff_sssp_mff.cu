/* mff_sssp_mff.cu: the MFF version of mff_sssp.cu's computation kernel
 * (seed 003, B3: SSSP uses PC_gather and PC_scatter_set).  The schedule
 * kernel is mff_sssp.cu's: only the computation stage changes.
 *
 *   mff_sssp_relax_mff(rin, rout, win, obase, dcur, dnxt, front, n)
 *     as mff_sssp_relax, but the in-neighbours' distances come from
 *     PC_gather (32 at a time, PC_wait before reading them) and the
 *     out-neighbours are activated with PC_scatter_set (32 at a time, no
 *     wait); the weights are read by the thread (mff_sssp.cu says why).
 *
 * Shared memory (dynamic, `shared = blockDim.x * 33 * 4` bytes): thread
 * t's row of gathered words starts at word t * 33 (mff_pr_mff.cu says why
 * 33 and not the paper's 32).
 *
 * Host (warpscope.mff.sssp with mff = true), before each launch:
 *   gpu:configure_mff{ c = cc, v = dcur, bv = next }
 * cc holds the in-edge C then the out-edge C (obase = m), so one C array
 * serves both calls.  The host relies on the launch ending only when the
 * unit has set every bit.
 *
 * pc_gather, pc_wait and pc_scatter_set are warpscope's PTX extensions
 * (man warpscope(1), PTX notes); ptxas does not know them (the resource
 * record is made with them replaced, scenarios/kernels/ptxas-res.sh). */

#define INF 2147483647
#define MFF_ROW 33

static __device__ __forceinline__ bool bv_test(const unsigned *bv, int v)
{
    return (bv[v >> 5] >> (v & 31)) & 1u;
}

static __device__ __forceinline__ void pc_gather(unsigned target, unsigned cidx, unsigned size)
{
    asm volatile("pc_gather.b32 [%0], %1, %2;" ::"r"(target), "r"(cidx), "r"(size) : "memory");
}

static __device__ __forceinline__ void pc_wait(void)
{
    asm volatile("pc_wait;" ::: "memory");
}

static __device__ __forceinline__ void pc_scatter_set(unsigned cidx, unsigned size)
{
    asm volatile("pc_scatter_set.b32 %0, %1;" ::"r"(cidx), "r"(size) : "memory");
}

extern "C" __global__ void mff_sssp_relax_mff(const int *rin, const int *rout, const int *win, int obase,
                                              const int *dcur, int *dnxt, const unsigned *front, int n)
{
    extern __shared__ unsigned mff_target[];
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n)
        return;
    int d = dcur[v];
    if (bv_test(front, v)) {
        unsigned *t = mff_target + threadIdx.x * MFF_ROW;
        unsigned ta = (unsigned)__cvta_generic_to_shared(t);
        unsigned best = (unsigned)d;
        int b = rin[v], deg = rin[v + 1] - b;
        for (int off = 0; off < deg; off += 32) {
            int size = min(32, deg - off);
            pc_gather(ta, b + off, size);
            pc_wait();
            for (int k = 0; k < size; k++) {
                int du = (int)t[k];
                if (du != INF) {
                    unsigned c = (unsigned)du + (unsigned)win[b + off + k];
                    if (c < best)
                        best = c;
                }
            }
        }
        if (best < (unsigned)d) {
            d = (int)best;
            int ob = obase + rout[v], odeg = rout[v + 1] - rout[v];
            for (int off = 0; off < odeg; off += 32)
                pc_scatter_set(ob + off, min(32, odeg - off));
        }
    }
    dnxt[v] = d;
}
