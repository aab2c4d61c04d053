/* mtp_monte.cu: a Monte-Carlo option pricer, the "monte" benchmark of the
 * many-thread-aware prefetching paper (Lee et al., MICRO 2010, Table III:
 * CUDA SDK MonteCarlo, stride type, one delinquent stride load, 256 threads
 * per block, 2 blocks per core).  The code is our own: as in the SDK's
 * one-block-per-option kernel, every block prices one option over the same
 * array of random samples, each thread walking the samples with a stride of
 * the block size and the block summing its threads' values in shared
 * memory.  exp() is replaced by a cubic polynomial of IEEE-exact operations
 * so the CPU reference (warpscope.exp_mtp) reproduces every bit.
 *
 * Kernels (same results): monte_base(samples, S, X, out, pathN, mu, sig),
 * monte_stride (prefetch samples[pos + blockDim], the thread's next
 * iteration), monte_ip (samples[pos + 32], the same lane of the next warp),
 * monte_mtswp (both), monte_reg (the next sample loaded one iteration
 * ahead into a register).  Block size must be 256.
 * Per option b and sample r (float32, _rn intrinsics, no contraction):
 *   y = mu + sig r;  e = 1 + y (1 + y (0.5 + y c6)),  c6 = 0.16666667f
 *   v = S[b] e - X[b];  value = v > 0 ? v : 0
 * thread sum in pos order; block sum: sh[t] += sh[t + s] for s = 128 .. 1;
 * out[b] = sh[0]. */

#define PF_STRIDE 1
#define PF_IP 2
#define PF_REG 4
#define THREADS 256

static __device__ __forceinline__ void prefetch(const void *p)
{
    asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
}

static __device__ __forceinline__ float value(float r, float s, float x, float mu, float sig)
{
    float y = __fadd_rn(mu, __fmul_rn(sig, r));
    float e = __fadd_rn(0.5f, __fmul_rn(y, 0.16666667f));
    e = __fadd_rn(1.0f, __fmul_rn(y, e));
    e = __fadd_rn(1.0f, __fmul_rn(y, e));
    float v = __fsub_rn(__fmul_rn(s, e), x);
    return v > 0.0f ? v : 0.0f;
}

template <int PF>
static __device__ __forceinline__ void monte(const float *samples, const float *S, const float *X, float *out,
                                             int pathN, float mu, float sig)
{
    __shared__ float sh[THREADS];
    int tid = threadIdx.x;
    float s = S[blockIdx.x], x = X[blockIdx.x];
    float sum = 0.0f;
    int pos = tid;
    if (PF & PF_REG) {
        float r = pos < pathN ? samples[pos] : 0.0f;
#pragma unroll 1
        for (; pos < pathN; pos += blockDim.x) {
            float rn = pos + (int)blockDim.x < pathN ? samples[pos + blockDim.x] : 0.0f;
            sum = __fadd_rn(sum, value(r, s, x, mu, sig));
            r = rn;
        }
    } else {
#pragma unroll 1
        for (; pos < pathN; pos += blockDim.x) {
            if ((PF & PF_STRIDE) && pos + (int)blockDim.x < pathN)
                prefetch(&samples[pos + blockDim.x]);
            if ((PF & PF_IP) && pos + 32 < pathN)
                prefetch(&samples[pos + 32]);
            sum = __fadd_rn(sum, value(samples[pos], s, x, mu, sig));
        }
    }
    sh[tid] = sum;
    __syncthreads();
#pragma unroll 1
    for (int st = THREADS / 2; st > 0; st >>= 1) {
        if (tid < st)
            sh[tid] = __fadd_rn(sh[tid], sh[tid + st]);
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sh[0];
}

#define VARIANT(name, pf)                                                                                    \
    extern "C" __global__ void name(const float *samples, const float *S, const float *X, float *out,      \
                                    int pathN, float mu, float sig)                                        \
    {                                                                                                        \
        monte<pf>(samples, S, X, out, pathN, mu, sig);                                                       \
    }
VARIANT(monte_base, 0)
VARIANT(monte_stride, PF_STRIDE)
VARIANT(monte_ip, PF_IP)
VARIANT(monte_mtswp, PF_STRIDE | PF_IP)
VARIANT(monte_reg, PF_REG)
