/* mtp_backprop.cu: the weight update of a two-layer perceptron's training
 * step, the "backprop" benchmark of the many-thread-aware prefetching paper
 * (Lee et al., MICRO 2010, Table III: Rodinia backprop, mp type, 5
 * inter-thread delinquent loads, 256 threads per block, 2 blocks per core).
 * The code is our own, with the index arithmetic of Rodinia's
 * bpnn_adjust_weights kernel: 16 x 16 blocks over a (in + 1) x (hid + 1)
 * weight matrix with hid = 16, one weight per thread, no loop.  (Rodinia's
 * special case for the first row, done by block 0 only, is left out.)
 *
 *   by = blockIdx.y; index_y = 16 by + ty + 1; index_x = tx + 1
 *   index = 17 index_y + index_x
 *   t = (ETA delta[index_x]) ly[index_y] + MOMENTUM oldw[index]
 *   w[index] = w[index] + t;  oldw[index] = t      (ETA = MOMENTUM = 0.3f)
 * float32 through _rn intrinsics (no fma contraction).
 *
 * Kernels: backprop_base(delta, ly, w, oldw, in) and backprop_ip, which
 * also prefetches what the same lane of the next warp (thread + 32, that is
 * ty + 2) loads: ly[index_y + 2], w and oldw at index + 34, and delta.
 * Launch: grid (1, in / 16), block (16, 16). */

#define HID 16
#define ETA 0.3f
#define MOMENTUM 0.3f

static __device__ __forceinline__ void prefetch(const void *p)
{
    asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
}

template <bool IP>
static __device__ __forceinline__ void adjust(const float *delta, const float *ly, float *w, float *oldw, int in)
{
    int tx = threadIdx.x, ty = threadIdx.y;
    int index_y = HID * blockIdx.y + ty + 1;
    int index_x = tx + 1;
    int index = (HID + 1) * index_y + index_x;
    if (IP && index_y + 2 <= in) {
        prefetch(&delta[index_x]);
        prefetch(&ly[index_y + 2]);
        prefetch(&w[index + 2 * (HID + 1)]);
        prefetch(&oldw[index + 2 * (HID + 1)]);
    }
    float t = __fadd_rn(__fmul_rn(__fmul_rn(ETA, delta[index_x]), ly[index_y]), __fmul_rn(MOMENTUM, oldw[index]));
    w[index] = __fadd_rn(w[index], t);
    oldw[index] = t;
}

extern "C" __global__ void backprop_base(const float *delta, const float *ly, float *w, float *oldw, int in)
{
    adjust<false>(delta, ly, w, oldw, in);
}

extern "C" __global__ void backprop_ip(const float *delta, const float *ly, float *w, float *oldw, int in)
{
    adjust<true>(delta, ly, w, oldw, in);
}
