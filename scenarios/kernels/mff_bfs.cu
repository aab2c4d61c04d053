/* mff_bfs.cu: breadth-first search with bit-vector vertex scheduling, the
 * MFF paper's BFS baseline (seed 003, ../shared/research/
 * seed-002-003-iru-mff.md, B3).  The MFF version of the computation
 * kernel is in mff_bfs_mff.cu (a separate module: it uses warpscope's
 * pc_* PTX extensions).
 *
 * Source: Park et al., "Memory Fast-Forward" (seed 003): vertex-centric,
 * one thread per vertex (Harish and Narayanan, HiPC 2007), the set of
 * vertices to process in the next super-step a bit vector (Hong et al.,
 * PACT 2011), bulk synchronous super-steps; BFS uses PC_scatter_set only:
 * an active vertex marks its out-neighbours in the next bit vector.  The
 * code is our own.
 *
 * Graph: int32 out-edge CSR, row[n+1] offsets into col[m].
 * Bit vectors: u32 words, bit v of the vector is bit v % 32 of word v / 32
 * (on a little-endian device that is bit v % 8 of byte v / 8, the layout
 * the MFF's PC_scatter_set writes).  nwords = ceil(n / 32).
 *
 * Kernels (one thread per vertex, or per word for the schedule):
 *   mff_bfs_expand(row, col, front, next, n)            computation stage
 *     a vertex whose bit is set in front sets the bit of each out-neighbour
 *     in next (atomicOr: bits of one word are set by many threads)
 *   mff_bfs_schedule(next, front, visited, level, depth, nwords, count)
 *                                                        vertex schedule
 *     per word: new = next & ~visited; front = new; visited |= new;
 *     next = 0; level[v] = depth for each bit of new; *count += popc(new)
 *
 * Host loop (warpscope.mff.bfs): level = -1 but level[src] = 0, bit src set
 * in front and visited; depth = 1; repeat { expand; count = 0;
 * schedule(depth); depth++ } while count > 0.  Only the expand launches are
 * the computation stage the paper measures (it excludes the vertex
 * schedule).  The schedule stage filters the visited vertices, so the
 * computation stage touches only the graph and the two bit vectors, as the
 * MFF version does.
 *
 * CPU reference: BFS levels (-1 unreachable), warpscope.mff.ref_bfs and
 * the graph layer's g:bfs. */

static __device__ __forceinline__ bool bv_test(const unsigned *bv, int v)
{
    return (bv[v >> 5] >> (v & 31)) & 1u;
}

extern "C" __global__ void mff_bfs_expand(const int *row, const int *col, const unsigned *front,
                                          unsigned *next, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || !bv_test(front, v))
        return;
    for (int k = row[v], e = row[v + 1]; k < e; k++) {
        int u = col[k];
        atomicOr(&next[u >> 5], 1u << (u & 31));
    }
}

extern "C" __global__ void mff_bfs_schedule(unsigned *next, unsigned *front, unsigned *visited, int *level,
                                            int depth, int nwords, int *count)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nwords)
        return;
    unsigned seen = visited[i];
    unsigned w = next[i] & ~seen;
    next[i] = 0;
    front[i] = w;
    if (w == 0)
        return;
    visited[i] = seen | w;
    atomicAdd(count, __popc(w));
    while (w) {
        int b = __ffs(w) - 1;
        level[i * 32 + b] = depth;
        w &= w - 1;
    }
}
