/* ws_pf_registry.c: every prefetch policy and throttle by name.  Each
 * policy file defines one `const ws_pf_ops ws_pf_NAME` (one `ws_pt_NAME`
 * per throttle) and adds one line here. */
#include <string.h>

#include "pf/ws_pf.h"
#include "pf/ws_pf_all.h"

static const ws_pf_ops *const policies[] = {
    &ws_pf_nextline,
    &ws_pf_dsap,
    &ws_pf_stride,
    &ws_pf_stridepc,
    &ws_pf_stream,
    &ws_pf_ghb,
    &ws_pf_ghb_stride,
    &ws_pf_mthwp,
    NULL
};

static const ws_pt_ops *const throttles[] = {
    &ws_pt_mt,
    &ws_pt_feedback,
    &ws_pt_lateness,
    NULL
};

const ws_pf_ops *ws_pf_find(const char *name)
{
    for (size_t i = 0; policies[i]; i++)
        if (!strcmp(policies[i]->name, name)) return policies[i];
    return NULL;
}

const ws_pt_ops *ws_pt_find(const char *name)
{
    for (size_t i = 0; throttles[i]; i++)
        if (!strcmp(throttles[i]->name, name)) return throttles[i];
    return NULL;
}

const char *ws_pf_names(void)
{
    return "nextline|stride|stridepc|stream|ghb|ghb-stride|mthwp|dsap|lua";
}

const char *ws_pt_names(void)
{
    return "mt|feedback|lateness";
}
