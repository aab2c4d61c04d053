/* mtp_sepia.cu: a sepia tone filter on an RGB image stored as an array of
 * 12-byte pixels, our substitute for the "sepia" benchmark of the
 * many-thread-aware prefetching paper (Lee et al., MICRO 2010, Table III:
 * Merge sepia filter, uncoal type, 2 inter-thread delinquent loads, 256
 * threads per block, 3 blocks per core).  The code is our own: one thread
 * per pixel, no loop; each thread reads its pixel's three channels (a
 * warp's load spans 384 bytes: uncoalesced) and writes
 *   r' = min(0.393 r + 0.769 g + 0.189 b, 1)
 *   g' = min(0.349 r + 0.686 g + 0.168 b, 1)
 *   b' = min(0.272 r + 0.534 g + 0.131 b, 1)
 * (sums left to right, float32 through _rn intrinsics).
 *
 * Kernels: sepia_base(in, out, n) and sepia_ip, which also prefetches the
 * first and last word of pixel p + 32 (the same lane of the next warp). */

static __device__ __forceinline__ void prefetch(const void *p)
{
    asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
}

static __device__ __forceinline__ float tone(float r, float g, float b, float cr, float cg, float cb)
{
    float v = __fadd_rn(__fadd_rn(__fmul_rn(cr, r), __fmul_rn(cg, g)), __fmul_rn(cb, b));
    return fminf(v, 1.0f);
}

template <bool IP>
static __device__ __forceinline__ void sepia(const float *in, float *out, int n)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n)
        return;
    if (IP && p + 32 < n) {
        prefetch(&in[3 * (p + 32)]);
        prefetch(&in[3 * (p + 32) + 2]);
    }
    float r = in[3 * p], g = in[3 * p + 1], b = in[3 * p + 2];
    out[3 * p] = tone(r, g, b, 0.393f, 0.769f, 0.189f);
    out[3 * p + 1] = tone(r, g, b, 0.349f, 0.686f, 0.168f);
    out[3 * p + 2] = tone(r, g, b, 0.272f, 0.534f, 0.131f);
}

extern "C" __global__ void sepia_base(const float *in, float *out, int n)
{
    sepia<false>(in, out, n);
}

extern "C" __global__ void sepia_ip(const float *in, float *out, int n)
{
    sepia<true>(in, out, n);
}
