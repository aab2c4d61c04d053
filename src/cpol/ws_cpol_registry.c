/* ws_cpol_registry.c: every cache policy by name, and the thesis's
 * parameter values.  Each policy file defines one `const ws_cpol_ops
 * ws_cpol_NAME` and adds one line here. */
#include <string.h>

#include "cpol/ws_cpol_all.h"

static const ws_cpol_ops *const policies[] = {
    &ws_cpol_noninclusive,
    &ws_cpol_exclusive,
    &ws_cpol_flexclusion,
    &ws_cpol_rexclusion,
    NULL
};

const ws_cpol_ops *ws_cpol_find(const char *name)
{
    if (!name) return NULL;
    for (size_t i = 0; policies[i]; i++)
        if (!strcmp(policies[i]->name, name)) return policies[i];
    return NULL;
}

const char *ws_cpol_names(void)
{
    return "noninclusive|exclusive|flexclusion|rexclusion";
}

void ws_cpol_params_default(ws_cpol_params *p)
{
    p->sdm_sets = 16;       /* seed 001 2.4: one SDM of 16 sets per mode */
    p->psel_bits = 11;      /* seed 001 2.4: 11-bit PSEL */
    p->rtt_entries = 31;    /* seed 001 2.4: 31 in the text and Table 13
                             * (Table 11 says 32; section 9) [choice: 31] */
    p->rtt_period = 10000;  /* the thesis does not state the period [choice] */
    p->reuse_shift = 6;     /* seed 001 2.4: hits > 1/64 of accesses */
    p->ctr_bits = 16;       /* counter widths not stated [choice] */
}
