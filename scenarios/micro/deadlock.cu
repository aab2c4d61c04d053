/* deadlock.cu: barrier kernels for the deadlock diagnosis.
 *
 *   split_barrier(out)        deadlocks on purpose.  Launch with 64 threads
 *                             (2 warps) or more.  Even warps wait at barrier
 *                             1, odd warps at barrier 2.  Each barrier
 *                             expects the whole CTA, so neither ever
 *                             completes.
 *   exit_barrier(out, spin)   must not deadlock.  Launch with 64 threads or
 *                             more.  Warp 0 waits at __syncthreads while the
 *                             other warps spin and exit.  Their exit lowers
 *                             the CTA's live thread count, which completes
 *                             the barrier.  out[i] = i for warp 0; the other
 *                             warps write their spin sum.
 *   late_load(in, out)        must not deadlock.  Launch with 96 threads
 *                             (3 warps).  Warps 0 and 2 store in[i] + 1
 *                             (waiting for the load) before __syncthreads;
 *                             warp 1 goes straight to the barrier.  Then
 *                             out[96 + i] = 1.  With one scheduler keeping
 *                             one active warp (two-level), warp 1 comes back
 *                             into the active set while it waits at the
 *                             barrier, and warp 2 is still waiting for its
 *                             load outside it.
 *
 * The code is our own. */
extern "C" __global__ void split_barrier(int *out)
{
    int w = threadIdx.x / 32;
    if (w % 2 == 0)
        asm volatile("bar.sync 1;");
    else
        asm volatile("bar.sync 2;");
    out[threadIdx.x] = w;
}

extern "C" __global__ void exit_barrier(int *out, int spin)
{
    if (threadIdx.x >= 32) {
        int s = 0;
        for (int i = 0; i < spin; i++) {
            asm volatile("");
            s += i;
        }
        out[threadIdx.x] = s;
        return;
    }
    __syncthreads();
    out[threadIdx.x] = threadIdx.x;
}

extern "C" __global__ void late_load(const int *in, int *out)
{
    int w = threadIdx.x / 32;
    if (w != 1)
        out[threadIdx.x] = in[threadIdx.x] + 1;
    __syncthreads();
    out[96 + threadIdx.x] = 1;
}
