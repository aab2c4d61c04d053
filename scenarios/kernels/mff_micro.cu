/* mff_micro.cu: the smallest kernels using the Memory Fast-Forward unit's
 * calls (issue 34, part 2), to check that what nvcc -ptx makes of their
 * inline asm is what warpscope accepts, and to test the calls end to end
 * against a CPU reference (tests/mff_micro.lua).
 *
 * The calls are warpscope's PTX extensions (man warpscope(1), "PTX notes"),
 * accepted on a machine with the MFF (--set mff.enable=true):
 *   pc_gather.b32 [target], c_index, size;   target: a .shared address
 *   pc_wait;
 *   pc_scatter_set.b32 c_index, size;
 * The host names C, V and the active-vertex bit vector with
 * gpu:configure_mff{c=, v=, bv=} before each launch.  ptxas does not know
 * the calls: the resource record is made with them replaced
 * (scenarios/kernels/ptxas-res.sh).
 *
 * Graph: int32 CSR, row[n+1] offsets into col[m] (the MFF's C is col).
 *
 *   mff_micro_sum(row, n, vsum)
 *     vertex v = thread: gathers V[col[row[v] ..]] 32 neighbours a call
 *     into its 32 words of shared memory, waits, and adds them up:
 *     vsum[v] = sum of V[u] over its neighbours u (unsigned, wrapping).
 *     Blocks of at most 128 threads (128 x 32 words of shared memory).
 *   mff_micro_mark(row, n)
 *     vertex v = thread: sets the bit of every neighbour in the bit
 *     vector, 32 neighbours a call, without waiting (the launch ends when
 *     the unit has written the bit vector back).
 *
 * CPU reference: the same sums and the set of vertices with an incoming
 * edge from the first n vertices. */
#include <cstdint>

#define MFF_BLOCK 128

__device__ __forceinline__ void pc_gather(uint32_t target, uint32_t cidx, uint32_t size)
{
    asm volatile("pc_gather.b32 [%0], %1, %2;" ::"r"(target), "r"(cidx), "r"(size) : "memory");
}

__device__ __forceinline__ void pc_wait()
{
    asm volatile("pc_wait;" ::: "memory");
}

__device__ __forceinline__ void pc_scatter_set(uint32_t cidx, uint32_t size)
{
    asm volatile("pc_scatter_set.b32 %0, %1;" ::"r"(cidx), "r"(size) : "memory");
}

extern "C" __global__ void mff_micro_sum(const int *row, int n, uint32_t *vsum)
{
    __shared__ uint32_t buf[MFF_BLOCK * 32];
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    int begin = 0, end = 0;
    if (v < n) {
        begin = row[v];
        end = row[v + 1];
    }
    uint32_t *mine = &buf[threadIdx.x * 32];
    uint32_t target = (uint32_t)__cvta_generic_to_shared(mine);
    uint32_t sum = 0;
    /* every thread of the warp calls as long as one has neighbours left
     * (a size of 0 asks for nothing), so pc_wait always has a command */
    for (int e = begin;; e += 32) {
        int left = end - e;
        int size = left < 0 ? 0 : (left > 32 ? 32 : left);
        if (!__any_sync(0xffffffffu, size > 0))
            break;
        pc_gather(target, (uint32_t)(size ? e : 0), (uint32_t)size);
        pc_wait();
        for (int k = 0; k < size; k++)
            sum += mine[k];
    }
    if (v < n)
        vsum[v] = sum;
}

extern "C" __global__ void mff_micro_mark(const int *row, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n)
        return;
    for (int e = row[v]; e < row[v + 1]; e += 32) {
        int left = row[v + 1] - e;
        pc_scatter_set((uint32_t)e, (uint32_t)(left > 32 ? 32 : left));
    }
}
