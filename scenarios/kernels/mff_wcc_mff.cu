/* mff_wcc_mff.cu: the MFF version of mff_wcc.cu's computation kernel
 * (seed 003, B3: WCC uses PC_gather and PC_scatter_set).  Initialisation
 * and the schedule kernel are mff_wcc.cu's.
 *
 *   mff_wcc_step_mff(row, lcur, lnxt, front, n)
 *     as mff_wcc_step, but the neighbours' labels come from PC_gather (32
 *     at a time, PC_wait before reading them) and a changed vertex
 *     activates its neighbours with PC_scatter_set (32 at a time, no wait).
 *
 * Shared memory (dynamic, `shared = blockDim.x * 33 * 4` bytes): thread
 * t's row of gathered words starts at word t * 33 (mff_pr_mff.cu says why
 * 33 and not the paper's 32).
 *
 * Host (warpscope.mff.wcc with mff = true), before each launch:
 *   gpu:configure_mff{ c = col, v = lcur, bv = next }
 * (the symmetrized graph's col is both the in-edge and the out-edge C).
 * The host relies on the launch ending only when the unit has set every
 * bit.
 *
 * pc_gather, pc_wait and pc_scatter_set are warpscope's PTX extensions
 * (man warpscope(1), PTX notes); ptxas does not know them (the resource
 * record is made with them replaced, scenarios/kernels/ptxas-res.sh). */

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

extern "C" __global__ void mff_wcc_step_mff(const int *row, const int *lcur, int *lnxt, const unsigned *front, int n)
{
    extern __shared__ unsigned mff_target[];
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n)
        return;
    int l = lcur[v];
    if (bv_test(front, v)) {
        unsigned *t = mff_target + threadIdx.x * MFF_ROW;
        unsigned ta = (unsigned)__cvta_generic_to_shared(t);
        int b = row[v], deg = row[v + 1] - b;
        int m = l;
        for (int off = 0; off < deg; off += 32) {
            int size = min(32, deg - off);
            pc_gather(ta, b + off, size);
            pc_wait();
            for (int k = 0; k < size; k++)
                m = min(m, (int)t[k]);
        }
        if (m < l) {
            l = m;
            for (int off = 0; off < deg; off += 32)
                pc_scatter_set(b + off, min(32, deg - off));
        }
    }
    lnxt[v] = l;
}
