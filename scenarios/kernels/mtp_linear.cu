/* mtp_linear.cu: a 3 x 3 box filter on an RGB image stored as an array of
 * 12-byte pixels, our substitute for the "linear" benchmark of the
 * many-thread-aware prefetching paper (Lee et al., MICRO 2010, Table III:
 * Merge linear filter, uncoal type, 27 inter-thread delinquent loads = 9
 * pixels x 3 channels, 256 threads per block, 2 blocks per core).  The code
 * is our own: one thread per pixel of a width x height image (pixels in row
 * order, p = y * width + x), no loop; each thread reads the three channels
 * of the nine pixels around it (coordinates clamped at the border) -- a
 * warp's load of one channel spans 384 bytes, so every load is uncoalesced
 * -- and writes the three averages:
 *   out.c = sum (row-major over dy = -1..1, dx = -1..1) * 0.11111111f
 * float32 through _rn intrinsics.
 *
 * Kernels: linear_base(in, out, width, height) and linear_ip, which also
 * prefetches for pixel p + 32 (the same lane of the next warp): the first
 * and last word of each of the three rows of its window (six prefetches
 * cover the lines of the nine pixels). */

static __device__ __forceinline__ void prefetch(const void *p)
{
    asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
}

template <bool IP>
static __device__ __forceinline__ void linear(const float *in, float *out, int width, int height)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= width * height)
        return;
    if (IP && p + 32 < width * height) {
        int q = p + 32, qx = q % width, qy = q / width;
        int x0 = qx > 0 ? qx - 1 : 0, x1 = qx + 1 < width ? qx + 1 : qx;
#pragma unroll
        for (int dy = -1; dy <= 1; dy++) {
            int yy = min(max(qy + dy, 0), height - 1);
            prefetch(&in[3 * (yy * width + x0)]);
            prefetch(&in[3 * (yy * width + x1) + 2]);
        }
    }
    int x = p % width, y = p / width;
    float r = 0.0f, g = 0.0f, b = 0.0f;
#pragma unroll
    for (int dy = -1; dy <= 1; dy++) {
#pragma unroll
        for (int dx = -1; dx <= 1; dx++) {
            int xx = min(max(x + dx, 0), width - 1), yy = min(max(y + dy, 0), height - 1);
            const float *px = &in[3 * (yy * width + xx)];
            r = __fadd_rn(r, px[0]);
            g = __fadd_rn(g, px[1]);
            b = __fadd_rn(b, px[2]);
        }
    }
    out[3 * p] = __fmul_rn(r, 0.11111111f);
    out[3 * p + 1] = __fmul_rn(g, 0.11111111f);
    out[3 * p + 2] = __fmul_rn(b, 0.11111111f);
}

/* Registers: Table III's 2 blocks of 256 per core need at most 16
 * registers per thread on the 8800GT's 8192, below ptxas's lower bound for
 * sm_75 (24: it raises any smaller cap to 24), so 2 blocks cannot be
 * reached.  Unbounded, ptxas takes 47 registers, and a block of 256 (12,032
 * registers) would not fit at all; __maxnreg__(32) gives 1 block per core
 * (24 would give 1 too), no spills.  warpscope runs the PTX, which the cap
 * leaves unchanged but for its .maxnreg directive. */
extern "C" __global__ void __maxnreg__(32) linear_base(const float *in, float *out, int width, int height)
{
    linear<false>(in, out, width, height);
}

extern "C" __global__ void __maxnreg__(32) linear_ip(const float *in, float *out, int width, int height)
{
    linear<true>(in, out, width, height);
}
