/* ws_cpol_excl.c: exclusion (seed 001, 2.4).  A fill from memory goes into
 * the L1 only; every L1 victim, clean or dirty, is sent into the L2 (the
 * reply's CB flag marks each line for copy-back); an L2 hit invalidates the
 * L2 copy, the line moving to the requesting L1.  Writes and atomics are
 * performed at the L2 and stay there (seed 001, 5.2: H-SSSP's atomics). */
#include "cpol/ws_cpol_all.h"

static void excl_lookup(void *st, const ws_cpol_req *q, bool hit, ws_cpol_l2act *out)
{
    (void)st;
    if (hit && !q->write) {
        out->invalidate = true;
        out->reply |= WS_CPOL_CB;
    }
}

static bool excl_fill(void *st, const ws_cpol_req *q, uint32_t *reply)
{
    (void)st;
    if (q->write) return true;
    *reply |= WS_CPOL_CB;
    return false;
}

const ws_cpol_ops ws_cpol_exclusive = {
    .name = "exclusive",
    .desc = "fills into L1 only, L1 victims into L2, an L2 hit moves the line",
    .l2_lookup = excl_lookup,
    .l2_fill = excl_fill,
};
