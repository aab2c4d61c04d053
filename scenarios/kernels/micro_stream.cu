/* micro_stream.cu: coalesced streaming micro kernels for bandwidth timing
 * tests: consecutive threads touch consecutive 4-byte words, so each warp
 * access covers whole 128-byte lines.
 *
 * Algorithm: the STREAM copy and add kernels (McCalpin, "Memory bandwidth and
 * machine balance", 1995) with a grid-stride loop.  The code is our own.
 *
 * Kernels and parameters:
 *   micro_copy(src, dst, n)     dst[i] = src[i]          (int32)
 *   micro_add(a, b, c, n)       c[i] = a[i] + b[i]       (float32, exact
 *                                                          IEEE add.rn)
 *
 * Host: any 1-D launch; e.g. block = 256, grid = min(ceil(n / 256), 4 * SMs);
 * the grid-stride loop covers all n elements whatever the grid.
 *
 * CPU reference: the same loops in C (the float add is bit-exact).
 */

extern "C" __global__ void micro_copy(const int *src, int *dst, int n)
{
    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        dst[i] = src[i];
}

extern "C" __global__ void micro_add(const float *a, const float *b, float *c,
                                     int n)
{
    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        c[i] = a[i] + b[i];
}
