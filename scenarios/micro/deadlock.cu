/* deadlock.cu: a kernel that deadlocks on purpose (for the deadlock
 * diagnosis).  Even warps wait at barrier 1, odd warps at barrier 2; each
 * barrier expects the whole CTA, so neither ever completes.
 *
 *   split_barrier(out)   launch with 64 threads (2 warps) or more
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
