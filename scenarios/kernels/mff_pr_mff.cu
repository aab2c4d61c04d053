/* mff_pr_mff.cu: the MFF version of mff_pr.cu's computation kernel (seed
 * 003, B3 and Fig. 2: PageRank uses PC_gather only).  Initialisation is
 * mff_pr.cu's mff_pr_init.
 *
 *   mff_pr_step_mff(rin, outdeg, pr, contrib_next, n, d)
 *     as mff_pr_step, but the in-neighbours' contributions come from
 *     PC_gather, 32 at a time (size <= 32, B2.3: a vertex with more
 *     in-edges calls again): the MFF reads C[c_index + k] and V[C[...]]
 *     near memory and writes word k to the thread's row of a shared array;
 *     PC_wait stalls the warp until every word of its command arrived; the
 *     thread then adds the words in order, so the sum is the baseline's
 *     bit for bit.
 *
 * Shared memory (dynamic, `shared = blockDim.x * 33 * 4` bytes at launch):
 * thread t's row is 33 words from t * 33 [choice: the paper gives each
 * warp a 32 x 32-word array, one row per thread; a row of 32 words puts
 * word k of every thread in the same bank, so reading the words back
 * would be a 32-way bank conflict for every k; the 33rd word is padding
 * the unit never writes].
 *
 * Host (warpscope.mff.pagerank with mff = true), before each launch:
 *   gpu:configure_mff{ c = cin, v = contrib }   (the current contributions)
 *
 * pc_gather and pc_wait are warpscope's PTX extensions (man warpscope(1),
 * PTX notes): `pc_gather.b32 [target], c_index, size;` with target the
 * thread's shared-memory address, and `pc_wait;`.  nvcc -ptx passes the
 * inline asm through; ptxas does not know them (the resource record is
 * made with them replaced, scenarios/kernels/ptxas-res.sh). */

#define MFF_ROW 33      /* words per thread's row of the target array */

static __device__ __forceinline__ void pc_gather(unsigned target, unsigned cidx, unsigned size)
{
    asm volatile("pc_gather.b32 [%0], %1, %2;" ::"r"(target), "r"(cidx), "r"(size) : "memory");
}

static __device__ __forceinline__ void pc_wait(void)
{
    asm volatile("pc_wait;" ::: "memory");
}

extern "C" __global__ void mff_pr_step_mff(const int *rin, const int *outdeg, float *pr, float *contrib_next,
                                           int n, float d)
{
    extern __shared__ unsigned mff_target[];
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n)
        return;
    unsigned *t = mff_target + threadIdx.x * MFF_ROW;
    unsigned ta = (unsigned)__cvta_generic_to_shared(t);
    int b = rin[v], deg = rin[v + 1] - b;
    float sum = 0.0f;
    for (int off = 0; off < deg; off += 32) {
        int size = min(32, deg - off);
        pc_gather(ta, b + off, size);
        pc_wait();
        for (int k = 0; k < size; k++)
            sum = __fadd_rn(sum, __uint_as_float(t[k]));
    }
    float base = (1.0f - d) / (float)n;
    float r = __fadd_rn(base, __fmul_rn(d, sum));
    pr[v] = r;
    int deg_out = outdeg[v];
    contrib_next[v] = deg_out > 0 ? r / (float)deg_out : 0.0f;
}
