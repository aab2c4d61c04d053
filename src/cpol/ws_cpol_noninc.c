/* ws_cpol_noninc.c: the non-inclusive baseline (seed 001, 2.4): a fill goes
 * into both the L1 and the L2, evictions are silent, an L2 hit keeps its
 * copy.  Every hook is the wrappers' default, so this file is the template
 * of the smallest policy. */
#include "cpol/ws_cpol_all.h"

const ws_cpol_ops ws_cpol_noninclusive = {
    .name = "noninclusive",
    .desc = "fills go into L1 and L2, evictions silent (the baseline)",
};
