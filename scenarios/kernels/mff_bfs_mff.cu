/* mff_bfs_mff.cu: the MFF version of mff_bfs.cu's computation kernel
 * (seed 003, B3: BFS uses PC_scatter_set only).  The schedule kernel is
 * mff_bfs.cu's (mff_bfs_schedule): only the computation stage changes.
 *
 *   mff_bfs_expand_mff(row, front, n)
 *     a vertex whose bit is set in front calls PC_scatter_set over its
 *     out-edges, 32 at a time (size <= 32, the unit's limit, B2.3): the
 *     MFF reads C[c_index .. c_index + size - 1] and sets those bits of the
 *     active-vertex bit vector near memory, merging every bit-set that
 *     falls in one 128-byte block.  Non-blocking: no PC_wait.
 *
 * Host (warpscope.mff.bfs with mff = true), before each launch:
 *   gpu:configure_mff{ c = col, v = level, bv = next }
 * (v is not read by PC_scatter_set).  The host relies on the launch ending
 * only when the unit has set every bit (the next launch reads next).
 *
 * pc_scatter_set is warpscope's PTX extension (man warpscope(1), PTX
 * notes): `pc_scatter_set.b32 c_index, size;`.  nvcc -ptx passes the inline
 * asm through; ptxas does not know it (the resource record is made with it
 * replaced, scenarios/kernels/ptxas-res.sh). */

static __device__ __forceinline__ bool bv_test(const unsigned *bv, int v)
{
    return (bv[v >> 5] >> (v & 31)) & 1u;
}

static __device__ __forceinline__ void pc_scatter_set(unsigned cidx, unsigned size)
{
    asm volatile("pc_scatter_set.b32 %0, %1;" ::"r"(cidx), "r"(size) : "memory");
}

extern "C" __global__ void mff_bfs_expand_mff(const int *row, const unsigned *front, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || !bv_test(front, v))
        return;
    int b = row[v], deg = row[v + 1] - b;
    for (int off = 0; off < deg; off += 32)
        pc_scatter_set(b + off, min(32, deg - off));
}
