/* lab_iru.cu: the kernels of lab 7 (scenarios/labs/07-reordering.lua):
 * a gather out[i] = target[indices[i]], in a baseline and an IRU version.
 *
 * The baseline thread i loads its index from indices[i] and then the
 * target element it names: how many requests that second load makes
 * depends on which elements the 32 lanes of a warp name.  The IRU version
 * (seed 002, the Irregular accesses Reorder Unit; man warpscope(1), "PTX
 * notes") takes its index from load_iru instead, with the original
 * position, so it writes where the baseline writes: the host's
 * configure_iru names target, elem_size = 4, indices, n, and the unit
 * decides which element each thread gets (`sec`, the secondary word, is
 * unused: there is no secondary array); got[i] records the index thread i
 * was given (-1: none, its element was filtered). */

extern "C" __global__ void lab_gather(const int *indices, const int *target, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = target[indices[i]];
}

extern "C" __global__ void lab_gather_iru(const int *target, int *out, int *got, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int idx, pos, ok;
        asm volatile("{\n\t.reg .pred p;\n\t.reg .b32 sec;\n\tload_iru.b32 p, %0, sec, %1;\n\t"
                     "selp.u32 %2, 1, 0, p;\n\t}"
                     : "=r"(idx), "=r"(pos), "=r"(ok));
        got[i] = ok ? idx : -1;     /* which element thread i was given */
        if (ok)
            out[pos] = target[idx];
    }
}
