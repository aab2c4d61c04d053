/* mtp_black.cu: a Black-Scholes-like option pricer, the "black" benchmark
 * of the many-thread-aware prefetching paper (Lee et al., MICRO 2010,
 * Table III: CUDA SDK BlackScholes, stride type, 3 delinquent stride loads,
 * 128 threads per block).  The code is our own: the SDK's memory pattern (a
 * grid-stride loop over options reading three input arrays and writing two
 * output arrays) with the transcendental functions replaced by rational
 * approximations built from IEEE-exact operations, so a CPU reference can
 * reproduce every bit (warpscope.exp_mtp).
 *
 * Kernels (one per software-prefetching variant, same results):
 *   black_base(S, X, T, call, put, n, r, v)
 *   black_stride  ... prefetching the thread's next iteration (i + stride)
 *   black_ip      ... prefetching the same lane of the next warp (i + 32)
 *   black_mtswp   ... both
 *   black_reg     ... register prefetching: next iteration's inputs are
 *                     loaded one iteration ahead (binding)
 * All arithmetic is float32 through the _rn intrinsics (no fma contraction).
 * Per option i:
 *   a  = v * t;  d1 = ((s - x) + (r * t)) / (a + 1);  d2 = d1 - a
 *   cnd(d) = p or 1 - p (d > 0), k = 1 / (1 + 0.2316419 |d|),
 *            p = k (a1 + k (a2 + k (a3 + k (a4 + k a5)))) / (1 + 0.5 d d)
 *   e  = 1 - r * t
 *   call = s cnd(d1) - (x e) cnd(d2);  put = (x e)(1 - cnd(d2)) - s (1 - cnd(d1))
 * Loops carry `#pragma unroll 1` so every variant keeps one iteration per
 * trip (the prefetch distance is exactly one iteration). */

#define PF_STRIDE 1
#define PF_IP 2
#define PF_REG 4

static __device__ __forceinline__ void prefetch(const void *p)
{
    asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
}

static __device__ __forceinline__ float cnd(float d)
{
    float k = __fdiv_rn(1.0f, __fadd_rn(1.0f, __fmul_rn(0.2316419f, fabsf(d))));
    float p = __fmul_rn(k, 1.330274429f);
    p = __fmul_rn(k, __fadd_rn(-1.821255978f, p));
    p = __fmul_rn(k, __fadd_rn(1.781477937f, p));
    p = __fmul_rn(k, __fadd_rn(-0.356563782f, p));
    p = __fmul_rn(k, __fadd_rn(0.319381530f, p));
    p = __fdiv_rn(p, __fadd_rn(1.0f, __fmul_rn(0.5f, __fmul_rn(d, d))));
    return d > 0.0f ? __fsub_rn(1.0f, p) : p;
}

static __device__ __forceinline__ void price(float s, float x, float t, float r, float v, float *call, float *put)
{
    float a = __fmul_rn(v, t);
    float d1 = __fdiv_rn(__fadd_rn(__fsub_rn(s, x), __fmul_rn(r, t)), __fadd_rn(a, 1.0f));
    float d2 = __fsub_rn(d1, a);
    float n1 = cnd(d1), n2 = cnd(d2);
    float xe = __fmul_rn(x, __fsub_rn(1.0f, __fmul_rn(r, t)));
    *call = __fsub_rn(__fmul_rn(s, n1), __fmul_rn(xe, n2));
    *put = __fsub_rn(__fmul_rn(xe, __fsub_rn(1.0f, n2)), __fmul_rn(s, __fsub_rn(1.0f, n1)));
}

template <int PF>
static __device__ __forceinline__ void black(const float *S, const float *X, const float *T, float *call,
                                             float *put, int n, float r, float v)
{
    int stride = gridDim.x * blockDim.x;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (PF & PF_REG) {
        float s = 0.0f, x = 0.0f, t = 0.0f;
        if (i < n) {
            s = S[i];
            x = X[i];
            t = T[i];
        }
#pragma unroll 1
        for (; i < n; i += stride) {
            float sn = 0.0f, xn = 0.0f, tn = 0.0f;
            if (i + stride < n) {
                sn = S[i + stride];
                xn = X[i + stride];
                tn = T[i + stride];
            }
            float c, p;
            price(s, x, t, r, v, &c, &p);
            call[i] = c;
            put[i] = p;
            s = sn;
            x = xn;
            t = tn;
        }
    } else {
#pragma unroll 1
        for (; i < n; i += stride) {
            if ((PF & PF_STRIDE) && i + stride < n) {
                prefetch(&S[i + stride]);
                prefetch(&X[i + stride]);
                prefetch(&T[i + stride]);
            }
            if ((PF & PF_IP) && i + 32 < n) {
                prefetch(&S[i + 32]);
                prefetch(&X[i + 32]);
                prefetch(&T[i + 32]);
            }
            float c, p;
            price(S[i], X[i], T[i], r, v, &c, &p);
            call[i] = c;
            put[i] = p;
        }
    }
}

/* Registers: Table III's 3 blocks of 128 per core need at most 21
 * registers per thread on the 8800GT's 8192, below ptxas's lower bound for
 * sm_75 (24: it raises any smaller cap to 24), so 3 blocks cannot be
 * reached; 24 or 32 registers give 2 blocks.  Unbounded, ptxas takes 31
 * (base), 22 (stride), 20 (ip), 24 (mtswp) and 34 (reg): all but ip get 2
 * blocks, ip 3, and reg only 1, so black_reg alone is capped,
 * __maxnreg__(32): 2 blocks, no spills (a cap of 24 would spill 40 bytes
 * for the same 2 blocks).  warpscope runs the PTX, which the cap leaves
 * unchanged but for its .maxnreg directive. */
#define VARIANT(name, pf, attr)                                                                                \
    extern "C" __global__ void attr name(const float *S, const float *X, const float *T, float *call,        \
                                         float *put, int n, float r, float v)                                 \
    {                                                                                                          \
        black<pf>(S, X, T, call, put, n, r, v);                                                                \
    }
VARIANT(black_base, 0, )
VARIANT(black_stride, PF_STRIDE, )
VARIANT(black_ip, PF_IP, )
VARIANT(black_mtswp, PF_STRIDE | PF_IP, )
VARIANT(black_reg, PF_REG, __maxnreg__(32))
