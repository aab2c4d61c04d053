/* mtp_scalar.cu: dot products of many vector pairs, the "scalar" benchmark
 * of the many-thread-aware prefetching paper (Lee et al., MICRO 2010, Table
 * III: CUDA SDK scalarProd, stride type, 2 delinquent stride loads, 256
 * threads per block, 2 blocks per core).  The code is our own: as in the
 * SDK kernel, blocks take vectors in a grid-stride loop; inside a vector
 * each thread accumulates a[pos] * b[pos] over pos = tid, tid + 256, ...;
 * the block then sums its 256 partial sums in shared memory.
 *
 * Kernels (same results): scalar_base(A, B, C, vectorN, elementN),
 * scalar_stride (prefetch the thread's next iteration, pos + blockDim),
 * scalar_ip (pos + 32, the same lane of the next warp), scalar_mtswp (both),
 * scalar_reg (the next a and b loaded one iteration ahead).  Block size
 * must be 256.  float32 through _rn intrinsics (no fma contraction):
 *   sum = sum + a*b in pos order; sh[t] += sh[t + s] for s = 128 .. 1;
 *   C[vec] = sh[0]. */

#define PF_STRIDE 1
#define PF_IP 2
#define PF_REG 4
#define THREADS 256

static __device__ __forceinline__ void prefetch(const void *p)
{
    asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
}

template <int PF>
static __device__ __forceinline__ void scalar(const float *A, const float *B, float *C, int vectorN, int elementN)
{
    __shared__ float sh[THREADS];
    int tid = threadIdx.x;
    int step = blockDim.x;
#pragma unroll 1
    for (int vec = blockIdx.x; vec < vectorN; vec += gridDim.x) {
        int base = vec * elementN, end = base + elementN;
        float sum = 0.0f;
        int pos = base + tid;
        if (PF & PF_REG) {
            float a = 0.0f, b = 0.0f;
            if (pos < end) {
                a = A[pos];
                b = B[pos];
            }
#pragma unroll 1
            for (; pos < end; pos += step) {
                float an = 0.0f, bn = 0.0f;
                if (pos + step < end) {
                    an = A[pos + step];
                    bn = B[pos + step];
                }
                sum = __fadd_rn(sum, __fmul_rn(a, b));
                a = an;
                b = bn;
            }
        } else {
#pragma unroll 1
            for (; pos < end; pos += step) {
                if ((PF & PF_STRIDE) && pos + step < end) {
                    prefetch(&A[pos + step]);
                    prefetch(&B[pos + step]);
                }
                if ((PF & PF_IP) && pos + 32 < end) {
                    prefetch(&A[pos + 32]);
                    prefetch(&B[pos + 32]);
                }
                sum = __fadd_rn(sum, __fmul_rn(A[pos], B[pos]));
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
            C[vec] = sh[0];
        __syncthreads();
    }
}

#define VARIANT(name, pf)                                                                             \
    extern "C" __global__ void name(const float *A, const float *B, float *C, int vectorN, int elementN) \
    {                                                                                                 \
        scalar<pf>(A, B, C, vectorN, elementN);                                                       \
    }
VARIANT(scalar_base, 0)
VARIANT(scalar_stride, PF_STRIDE)
VARIANT(scalar_ip, PF_IP)
VARIANT(scalar_mtswp, PF_STRIDE | PF_IP)
VARIANT(scalar_reg, PF_REG)
