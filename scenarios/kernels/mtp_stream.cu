/* mtp_stream.cu: the gain computation of a streaming k-median clusterer,
 * the "stream" benchmark of the many-thread-aware prefetching paper (Lee et
 * al., MICRO 2010, Table III: Rodinia streamcluster, stride type, 2 stride
 * and 5 inter-thread delinquent loads, 512 threads per block, 1 block per
 * core).  The code is our own, after the shape of Rodinia's pgain kernel:
 * one thread per point; the coordinates are stored dimension-major
 * (coord[d * num + p], coalesced across threads); each thread loops over
 * the dimensions accumulating its squared distance to a candidate centre x
 * (whose coordinate every thread reads: a broadcast), then weighs it with
 * the point's record (an array of 16-byte structs) and decides whether
 * moving to x gains.
 *
 * Kernels (same results): stream_base(coord, pts, x, num, dim, gain, sw),
 * stream_stride (prefetch coord[(d + 1) * num + p], the next iteration),
 * stream_ip (coord[d * num + p + 32] and the record of p + 32, the same lane
 * of the next warp), stream_mtswp (both), stream_reg (the next coordinate
 * loaded one iteration ahead).  float32 through _rn intrinsics:
 *   dist = sum over d of (c_p - c_x)^2 (in d order); xc = dist * weight
 *   xc < cost: sw = 1, gain = cost - xc; else sw = 0, gain = 0. */

#define PF_STRIDE 1
#define PF_IP 2
#define PF_REG 4

struct point {
    float weight, cost;
    int assign, pad;
};

static __device__ __forceinline__ void prefetch(const void *p)
{
    asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
}

template <int PF>
static __device__ __forceinline__ void stream(const float *coord, const struct point *pts, int x, int num, int dim,
                                              float *gain, int *sw)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= num)
        return;
    if ((PF & PF_IP) && p + 32 < num)
        prefetch(&pts[p + 32]);
    float dist = 0.0f;
    if (PF & PF_REG) {
        float a = coord[p], b = coord[x];
#pragma unroll 1
        for (int d = 0; d < dim; d++) {
            float an = 0.0f, bn = 0.0f;
            if (d + 1 < dim) {
                an = coord[(d + 1) * num + p];
                bn = coord[(d + 1) * num + x];
            }
            float df = __fsub_rn(a, b);
            dist = __fadd_rn(dist, __fmul_rn(df, df));
            a = an;
            b = bn;
        }
    } else {
#pragma unroll 1
        for (int d = 0; d < dim; d++) {
            if ((PF & PF_STRIDE) && d + 1 < dim)
                prefetch(&coord[(d + 1) * num + p]);
            if ((PF & PF_IP) && p + 32 < num)
                prefetch(&coord[d * num + p + 32]);
            float df = __fsub_rn(coord[d * num + p], coord[d * num + x]);
            dist = __fadd_rn(dist, __fmul_rn(df, df));
        }
    }
    float xc = __fmul_rn(dist, pts[p].weight);
    float cost = pts[p].cost;
    if (xc < cost) {
        sw[p] = 1;
        gain[p] = __fsub_rn(cost, xc);
    } else {
        sw[p] = 0;
        gain[p] = 0.0f;
    }
}

#define VARIANT(name, pf)                                                                                 \
    extern "C" __global__ void name(const float *coord, const struct point *pts, int x, int num, int dim, \
                                    float *gain, int *sw)                                                \
    {                                                                                                     \
        stream<pf>(coord, pts, x, num, dim, gain, sw);                                                    \
    }
VARIANT(stream_base, 0)
VARIANT(stream_stride, PF_STRIDE)
VARIANT(stream_ip, PF_IP)
VARIANT(stream_mtswp, PF_STRIDE | PF_IP)
VARIANT(stream_reg, PF_REG)
