/* mff_pr.cu: PageRank pulling over in-edges, the MFF paper's PageRank
 * baseline (seed 003, ../shared/research/seed-002-003-iru-mff.md, B3 and
 * its Fig. 2).  The MFF version of the computation kernel is in
 * mff_pr_mff.cu (a separate module: it uses warpscope's pc_* PTX
 * extensions).
 *
 * Source: Park et al., "Memory Fast-Forward" (seed 003), Fig. 2: BSP
 * super-steps, every vertex updated in each (no vertex schedule), one
 * thread per vertex (Harish and Narayanan) summing Rank(w) / N_out(w) over
 * its in-edges w.  PageRank uses PC_gather only.  The code is our own.
 *
 * The gathered attribute (the V array) is the contribution
 * contrib[u] = rank[u] / outdeg(u), made by the step that computed the
 * rank [choice: PC_gather fetches one word V[C[k]] per edge, so the
 * division by N_out(w) must already be in V; the paper's figure takes
 * N_out constant "for simplicity" and does not say where it is applied].
 *
 * Graph: the in-edge CSR (the transpose) in int32, rin[n+1] offsets into
 * cin[m]: cin[rin[v] .. rin[v+1]-1] are the in-neighbours of v in
 * increasing order; outdeg[u] is u's out-degree.
 *
 * Kernels (one thread per vertex):
 *   mff_pr_init(outdeg, contrib, n)                      initialisation
 *     contrib[v] = outdeg[v] > 0 ? (1.0f / (float)n) / (float)outdeg[v] : 0
 *   mff_pr_step(rin, cin, contrib, outdeg, pr, contrib_next, n, d)
 *                                                        computation stage
 *     sum = 0; for e in rin[v] .. rin[v+1]-1: sum = sum + contrib[cin[e]]
 *     pr[v] = (1 - d) / n + d * sum
 *     contrib_next[v] = outdeg[v] > 0 ? pr[v] / (float)outdeg[v] : 0
 *
 * Host loop (warpscope.mff.pagerank): init(contrib_a); iters times
 * { step(contrib_a -> contrib_b); swap }: a fixed number of super-steps
 * [choice: the paper iterates "until converged" without a threshold].
 * Every step launch is the computation stage.
 *
 * CPU reference: the rule of ws_graph_pagerank (g:pagerank, and
 * warpscope.mff.ref_pagerank): every value float32, every operation
 * rounded to nearest, in this order, the in-edges in CSR order, no fused
 * multiply-add (__fmul_rn / __fadd_rn), so ranks agree bit for bit.  A
 * vertex with out-degree 0 contributes nothing (its rank leaks). */

extern "C" __global__ void mff_pr_init(const int *outdeg, float *contrib, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n)
        return;
    int deg = outdeg[v];
    contrib[v] = deg > 0 ? (1.0f / (float)n) / (float)deg : 0.0f;
}

extern "C" __global__ void mff_pr_step(const int *rin, const int *cin, const float *contrib, const int *outdeg,
                                       float *pr, float *contrib_next, int n, float d)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n)
        return;
    float sum = 0.0f;
    for (int e = rin[v], end = rin[v + 1]; e < end; e++)
        sum = __fadd_rn(sum, contrib[cin[e]]);
    float base = (1.0f - d) / (float)n;
    float r = __fadd_rn(base, __fmul_rn(d, sum));
    pr[v] = r;
    int deg = outdeg[v];
    contrib_next[v] = deg > 0 ? r / (float)deg : 0.0f;
}
