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
