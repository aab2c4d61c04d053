/* pagerank.cu: pull-based PageRank in float32 over the transposed graph.
 *
 * Algorithm: PageRank (Page, Brin, Motwani and Winograd, 1999) by power
 * iteration in the pull (gather) formulation used by GPU graph suites such
 * as Gunrock and GraphBIG: each vertex sums the contributions of its
 * in-neighbours, so there are no atomics.  The code is our own.
 *
 *   pr0[v]  = 1 / n
 *   pr'[v]  = (1 - d) / n + d * sum over in-neighbours u of pr[u] / outdeg(u)
 *   d = 0.85; vertices with outdeg 0 contribute nothing (no redistribution);
 *   a fixed number of iterations with ping-pong buffers.
 *
 * Graph: the TRANSPOSE in int32 CSR: trow[n+1] offsets into tcol[m], where
 * tcol[trow[v] .. trow[v+1]-1] are the in-neighbours u of v (edges u -> v of
 * the original graph); outdeg[u] is u's out-degree in the original graph.
 *
 * Kernels and parameters (one thread per vertex):
 *   pr_init(pr, n)                      pr[v] = 1.0f / (float)n
 *   pr_contrib(pr, outdeg, contrib, n)  contrib[u] = outdeg[u] > 0 ?
 *                                           pr[u] / (float)outdeg[u] : 0
 *   pr_pull(trow, tcol, contrib, pr_next, n, d)
 *                                       pr_next[v] = base + d * sum
 *   contrib[] is precomputed by a separate kernel so each division is done
 *   once per vertex, not once per edge.
 *
 * Host loop (block = 256, grid = ceil(n / 256)):
 *   pr_init<<<grid, block>>>(pr_a, n);
 *   for (it = 0; it < iterations; it++) {
 *       pr_contrib<<<grid, block>>>(pr_a, outdeg, contrib, n);
 *       pr_pull<<<grid, block>>>(trow, tcol, contrib, pr_b, n, 0.85f);
 *       swap(pr_a, pr_b);
 *   }
 *   // result in pr_a
 *
 * CPU reference (ws_graph_pagerank in src/graph; bit-exact, every value and
 * operation float32 rounded to nearest, no fused multiply-add):
 *   base = (1.0f - d) / (float)n;                  (float operations)
 *   contrib[u] = outdeg[u] ? pr[u] / (float)outdeg[u] : 0.0f;
 *   sum = 0.0f; for e in trow[v] .. trow[v+1]-1: sum = sum + contrib[tcol[e]];
 *   pr'[v] = base + d * sum;  with the product rounded before the add.
 * The kernel uses __fmul_rn/__fadd_rn so nvcc cannot fuse d * sum + base
 * into one fma; the summation order is the transpose's CSR order.  A
 * reference that sums in another order or in double agrees within ~1e-6
 * relative.
 */

extern "C" __global__ void pr_init(float *pr, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n)
        pr[v] = 1.0f / (float)n;
}

extern "C" __global__ void pr_contrib(const float *pr, const int *outdeg,
                                      float *contrib, int n)
{
    int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u >= n)
        return;
    int deg = outdeg[u];
    contrib[u] = deg > 0 ? pr[u] / (float)deg : 0.0f;
}

extern "C" __global__ void pr_pull(const int *trow, const int *tcol,
                                   const float *contrib, float *pr_next, int n,
                                   float d)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n)
        return;
    float sum = 0.0f;
    for (int e = trow[v]; e < trow[v + 1]; e++)
        sum = __fadd_rn(sum, contrib[tcol[e]]);
    float base = (1.0f - d) / (float)n;
    pr_next[v] = __fadd_rn(base, __fmul_rn(d, sum));
}
