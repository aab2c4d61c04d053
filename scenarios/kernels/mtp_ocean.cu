/* mtp_ocean.cu: one radix-2 butterfly stage of a complex FFT, our
 * substitute for the "ocean" benchmark of the many-thread-aware prefetching
 * paper (Lee et al., MICRO 2010, Table III: CUDA SDK oceanFFT, mp type, one
 * inter-thread delinquent load, 64 threads per block, 8 blocks per core).
 * The code is our own: an iterative Cooley-Tukey decimation-in-time FFT
 * (input in bit-reversed order), one launch per stage, one butterfly per
 * thread, no loop; small stages read pairs of neighbours and the twiddle
 * table with a large stride (poorly coalesced), large stages read far-apart
 * pairs.
 *
 * Stage with half-span s (1, 2, 4, ..., n/2), thread t (0 .. n/2 - 1):
 *   j = t & (s - 1); i0 = 2 (t - j) + j; i1 = i0 + s; w = tw[j * (n / 2s)]
 *   (tr, ti) = (wr br - wi bi, wr bi + wi br)     b = x[i1], a = x[i0]
 *   y[i0] = a + (tr, ti); y[i1] = a - (tr, ti)
 * float32 through _rn intrinsics; x, y, tw are float2 (re, im) arrays.
 *
 * Kernels: ocean_base(x, y, tw, n, s, twstride) and ocean_ip, which also
 * prefetches x[i0], x[i1] and the twiddle of thread t + 32 (the same lane
 * of the next warp).  Launch: n / 2 threads in blocks of 64. */

static __device__ __forceinline__ void prefetch(const void *p)
{
    asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
}

template <bool IP>
static __device__ __forceinline__ void stage(const float2 *x, float2 *y, const float2 *tw, int n, int s,
                                             int twstride)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n / 2)
        return;
    if (IP && t + 32 < n / 2) {
        int tn = t + 32, jn = tn & (s - 1), in0 = 2 * (tn - jn) + jn;
        prefetch(&x[in0]);
        prefetch(&x[in0 + s]);
        prefetch(&tw[jn * twstride]);
    }
    int j = t & (s - 1);
    int i0 = 2 * (t - j) + j, i1 = i0 + s;
    float2 w = tw[j * twstride], a = x[i0], b = x[i1];
    float tr = __fsub_rn(__fmul_rn(w.x, b.x), __fmul_rn(w.y, b.y));
    float ti = __fadd_rn(__fmul_rn(w.x, b.y), __fmul_rn(w.y, b.x));
    y[i0] = make_float2(__fadd_rn(a.x, tr), __fadd_rn(a.y, ti));
    y[i1] = make_float2(__fsub_rn(a.x, tr), __fsub_rn(a.y, ti));
}

extern "C" __global__ void ocean_base(const float2 *x, float2 *y, const float2 *tw, int n, int s, int twstride)
{
    stage<false>(x, y, tw, n, s, twstride);
}

extern "C" __global__ void ocean_ip(const float2 *x, float2 *y, const float2 *tw, int n, int s, int twstride)
{
    stage<true>(x, y, tw, n, s, twstride);
}
