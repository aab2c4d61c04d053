/* iru_pr.cu: push-style PageRank whose contract step adds each edge's
 * contribution to its destination with atomicAdd (the IRU paper's PR,
 * Fig. 11: the contract kernel with the secondary array and the fp-add
 * merge filter), in a baseline and an IRU version.
 *
 * Source: Segura, Arnau, Gonzalez, "Irregular Accesses Reorder Unit"
 * (seed 002; ../shared/research/seed-002-003-iru-mff.md, A3), a push
 * PageRank after Geil et al. ("WTF, GPU!", 2014).  The code is our own.
 * Every vertex is active in every iteration (no delta frontier), so the
 * edge frontier is the CSR column array itself and the weight frontier
 * holds, at each edge's position, its source's contribution.
 *
 * Exactness.  fp add is not associative and the IRU merges duplicates in
 * an order of its own, so a plain float PageRank would differ from any CPU
 * reference in the last bits.  Here every contribution is quantised down
 * to a multiple of Q = 2^-22 (floor): all contributions are >= 0 and their
 * total is at most the total rank (<= 1 + a few ulps), so every partial
 * sum in any order is a multiple of 2^-22 below 4, which float32 (24-bit
 * significand) holds exactly.  The sums, hence the ranks, are then the
 * same bit for bit whatever the order of the atomics or the IRU's merges.
 *
 *   pr0[v] = 1 / n
 *   c(u)   = outdeg(u) > 0 ? floor(pr[u] / outdeg(u) * 2^22) * 2^-22 : 0
 *   acc[v] = sum over edges u -> v of c(u)            (the contract step)
 *   pr'[v] = (1 - d) / n + d * acc[v]   (product rounded before the add)
 *
 * Graph: int32 CSR row[n+1], col[m] (out-edges).
 *
 * Kernels (one thread per element; 256 threads a block in the driver):
 *   iru_pr_init(pr, acc, n)             pr[v] = 1/n, acc[v] = 0
 *   iru_pr_expand(row, pr, wfront, n)   thread per vertex u: wfront[k] =
 *                                       c(u) for k in row[u] .. row[u+1]-1
 *   iru_pr_contract(efront, wfront, en, acc)
 *     baseline: atomicAdd(&acc[efront[pos]], wfront[pos]) for pos < en
 *   iru_pr_contract_iru(en, acc)
 *     IRU: edge and weight from load_iru (configure_iru: target = acc,
 *     elem_size 4, indices = efront (= col), secondary = wfront, n = en,
 *     filter "add": duplicates present together are summed into one
 *     element and the other threads get false and skip the atomic)
 *   iru_pr_update(pr, acc, n, base, d)  pr[v] = base + d * acc[v], acc[v] = 0
 *
 * CPU reference: lua/warpscope/pagerank.lua (M.push_reference), the same
 * float32 operations per vertex; the sums are exact, so any order agrees. */

#define IRU_PR_SCALE 4194304.0f        /* 2^22 */
#define IRU_PR_QUANTUM (1.0f / 4194304.0f)

extern "C" __global__ void iru_pr_init(float *pr, float *acc, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n) {
        pr[v] = 1.0f / (float)n;
        acc[v] = 0.0f;
    }
}

extern "C" __global__ void iru_pr_expand(const int *row, const float *pr, float *wfront, int n)
{
    int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u < n) {
        int b = row[u], e = row[u + 1];
        if (e > b) {
            float c = __fdiv_rn(pr[u], (float)(e - b));
            c = __fmul_rn(floorf(__fmul_rn(c, IRU_PR_SCALE)), IRU_PR_QUANTUM);
            for (int k = b; k < e; k++)
                wfront[k] = c;
        }
    }
}

extern "C" __global__ void iru_pr_contract(const int *efront, const float *wfront, int en, float *acc)
{
    int pos = blockIdx.x * blockDim.x + threadIdx.x;
    if (pos < en)
        atomicAdd(&acc[efront[pos]], wfront[pos]);
}

/* The IRU's load with the secondary (the weight's bits); false: merged into
 * another thread's element. */
static __device__ __forceinline__ bool load_iru(int &edge, float &weight)
{
    unsigned ok;
    int bits;
    asm volatile("{\n\t.reg .pred p;\n\tload_iru.b32 p, %0, %1;\n\tselp.u32 %2, 1, 0, p;\n\t}"
                 : "=r"(edge), "=r"(bits), "=r"(ok));
    weight = __int_as_float(bits);
    return ok != 0;
}

extern "C" __global__ void iru_pr_contract_iru(int en, float *acc)
{
    int pos = blockIdx.x * blockDim.x + threadIdx.x;
    if (pos < en) {
        int edge;
        float weight;
        if (load_iru(edge, weight))
            atomicAdd(&acc[edge], weight);
    }
}

extern "C" __global__ void iru_pr_update(float *pr, float *acc, int n, float base, float d)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n) {
        pr[v] = __fadd_rn(base, __fmul_rn(d, acc[v]));
        acc[v] = 0.0f;
    }
}
