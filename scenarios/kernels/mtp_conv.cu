/* mtp_conv.cu: a separable convolution, the "conv" benchmark of the
 * many-thread-aware prefetching paper (Lee et al., MICRO 2010, Table III:
 * CUDA SDK convolutionSeparable, stride type, one delinquent stride load,
 * 4128 warps in 688 blocks, so 192 threads per block, 2 blocks per core).
 *
 * What the SDK does: a 2-D image is convolved with a 1-D filter of radius
 * R along its rows, then the result with the same filter along its
 * columns: two kernels.  Each block first copies its output tile plus an
 * apron of R pixels on both sides (zero outside the image) from global into
 * shared memory in a loop whose trip advances by the block's width (rows)
 * or height (columns) in threads -- the strided loop load the paper counts
 * as the delinquent load -- then, after a barrier, computes its outputs from
 * shared memory with the filter taps as constants and stores them.  The
 * column kernel's tiles are 16 columns wide so a half-warp reads 64
 * contiguous bytes of one image row.
 *
 * What we kept: those two kernels, their copy-then-compute structure and
 * their memory pattern, with our own tile shapes: 192 threads seen as 16
 * columns by 12 rows in both kernels (tx = tid % 16, ty = tid / 16), rows
 * tiles of 64 x 12 pixels, column tiles of 16 x 48, R = 8 (the SDK's
 * radius, 17 taps).  The image is 2752 x 96 in the full run: 344 row
 * blocks + 344 column blocks = Table III's 688 (warpscope.exp_mtp).  The
 * filter is a triangle of binary fractions, w[k] = (k + 1) / 128 for k <= 8
 * and (17 - k) / 128 above, and every product and sum is float32 through
 * the _rn intrinsics in tap order, so the CPU reference reproduces every
 * bit.  The code is ours.
 *
 * Kernels (same results), each with (src, dst, W, H), W a multiple of 64
 * and H a multiple of 48, block 192, 1-D grid:
 *   conv_rows_base   grid (W / 64) * (H / 12); block b covers columns
 *                    64 (b % (W / 64)) .. +63 of rows 12 (b / (W / 64)) .. +11
 *   conv_cols_base   grid (W / 16) * (H / 48); block b covers columns
 *                    16 (b % (W / 16)) .. +15 of rows 48 (b / (W / 16)) .. +47
 *   *_stride  the copy loop prefetches its own next trip's pixel
 *   *_ip      the copy loop prefetches the pixel the same lane of the next
 *             warp copies (tid + 32: two image rows further down)
 *   *_mtswp   both
 *   *_reg     the copy loop loads the next trip's pixel one trip ahead into
 *             a register (binding)
 * dst(x, y) = sum over k = 0 .. 16 of src(x + k - 8, y) w[k] (rows), and
 * the same along y (columns), zero outside the image, summed from k = 0.
 * Loops carry `#pragma unroll 1` so the prefetch distance is one trip. */

#define PF_STRIDE 1
#define PF_IP 2
#define PF_REG 4
#define THREADS 192
#define TX 16                 /* threads across */
#define TY 12                 /* threads down */
#define R 8                   /* filter radius */
#define ROW_W 64              /* row tile width */
#define COL_H 48              /* column tile height */

static __device__ __forceinline__ void prefetch(const void *p)
{
    asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
}

/* Filter tap k (0 .. 2R): a triangle of binary fractions. */
static __device__ __forceinline__ float tap(int k)
{
    return (float)(k <= R ? k + 1 : 2 * R + 1 - k) * 0.0078125f;
}

/* Sum of 2R + 1 taps over s[0], s[step], ... in tap order. */
static __device__ __forceinline__ float filter(const float *s, int step)
{
    float sum = 0.0f;
#pragma unroll
    for (int k = 0; k <= 2 * R; k++)
        sum = __fadd_rn(sum, __fmul_rn(s[k * step], tap(k)));
    return sum;
}

template <int PF>
static __device__ __forceinline__ void conv_rows(const float *src, float *dst, int W, int H)
{
    __shared__ float sh[TY][ROW_W + 2 * R];
    int tx = threadIdx.x % TX, ty = threadIdx.x / TX;
    int tiles = W / ROW_W;
    int x0 = (blockIdx.x % tiles) * ROW_W, y = (blockIdx.x / tiles) * TY + ty;
    const float *row = src + (long)y * W;
    /* copy: trips advance by TX pixels along the row */
    int i = tx;
    if (PF & PF_REG) {
        int x = x0 - R + i;
        float v = x >= 0 && x < W ? row[x] : 0.0f;
#pragma unroll 1
        for (; i < ROW_W + 2 * R; i += TX) {
            int xn = x0 - R + i + TX;
            float vn = i + TX < ROW_W + 2 * R && xn >= 0 && xn < W ? row[xn] : 0.0f;
            sh[ty][i] = v;
            v = vn;
        }
    } else {
#pragma unroll 1
        for (; i < ROW_W + 2 * R; i += TX) {
            int x = x0 - R + i;
            if ((PF & PF_STRIDE) && i + TX < ROW_W + 2 * R && x + TX >= 0 && x + TX < W)
                prefetch(&row[x + TX]);
            if ((PF & PF_IP) && y + 2 < H && x >= 0 && x < W)
                prefetch(&row[x + 2 * W]);
            sh[ty][i] = x >= 0 && x < W ? row[x] : 0.0f;
        }
    }
    __syncthreads();
#pragma unroll 1
    for (int o = tx; o < ROW_W; o += TX)
        dst[(long)y * W + x0 + o] = filter(&sh[ty][o], 1);
}

template <int PF>
static __device__ __forceinline__ void conv_cols(const float *src, float *dst, int W, int H)
{
    __shared__ float sh[COL_H + 2 * R][TX];
    int tx = threadIdx.x % TX, ty = threadIdx.x / TX;
    int tiles = W / TX;
    int x = (blockIdx.x % tiles) * TX + tx, y0 = (blockIdx.x / tiles) * COL_H;
    const float *col = src + x;
    /* copy: trips advance by TY image rows */
    int r = ty;
    if (PF & PF_REG) {
        int yy = y0 - R + r;
        float v = yy >= 0 && yy < H ? col[(long)yy * W] : 0.0f;
#pragma unroll 1
        for (; r < COL_H + 2 * R; r += TY) {
            int yn = y0 - R + r + TY;
            float vn = r + TY < COL_H + 2 * R && yn >= 0 && yn < H ? col[(long)yn * W] : 0.0f;
            sh[r][tx] = v;
            v = vn;
        }
    } else {
#pragma unroll 1
        for (; r < COL_H + 2 * R; r += TY) {
            int yy = y0 - R + r;
            if ((PF & PF_STRIDE) && r + TY < COL_H + 2 * R && yy + TY >= 0 && yy + TY < H)
                prefetch(&col[(long)(yy + TY) * W]);
            if ((PF & PF_IP) && yy + 2 >= 0 && yy + 2 < H)
                prefetch(&col[(long)(yy + 2) * W]);
            sh[r][tx] = yy >= 0 && yy < H ? col[(long)yy * W] : 0.0f;
        }
    }
    __syncthreads();
#pragma unroll 1
    for (int o = ty; o < COL_H; o += TY)
        dst[(long)(y0 + o) * W + x] = filter(&sh[o][tx], TX);
}

#define VARIANT(name, pf)                                                                            \
    extern "C" __global__ void conv_rows_##name(const float *src, float *dst, int W, int H)          \
    {                                                                                                \
        conv_rows<pf>(src, dst, W, H);                                                               \
    }                                                                                                \
    extern "C" __global__ void conv_cols_##name(const float *src, float *dst, int W, int H)          \
    {                                                                                                \
        conv_cols<pf>(src, dst, W, H);                                                               \
    }
VARIANT(base, 0)
VARIANT(stride, PF_STRIDE)
VARIANT(ip, PF_IP)
VARIANT(mtswp, PF_STRIDE | PF_IP)
VARIANT(reg, PF_REG)
