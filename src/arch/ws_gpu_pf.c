/* ws_gpu_pf.c: the GPU-level prefetching API: array roles from the host
 * (gpu:mark, gpu:update_worklist), a host-defined policy, inspection of
 * each SM's engine, and the log of policy and throttle transitions. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "arch/ws_gpu_int.h"
#include "arch/ws_pfeng.h"
#include "arch/ws_sm.h"
#include "util/ws_util.h"

static const char *const role_names[WS_ROLE_COUNT] = { "none", "worklist", "vertex", "edge", "visited" };

int ws_gpu_pf_mark(ws_gpu *g, ws_pf_role role, uint64_t lo, uint64_t bytes, uint32_t elem, ws_error *err)
{
    if (role <= WS_ROLE_NONE || role >= WS_ROLE_COUNT)
        return ws_error_set(err, WS_E_RANGE, "mark: unknown array role %d (worklist, vertex, edge or visited)",
                            (int)role);
    if (elem != 4 && elem != 8)
        return ws_error_set(err, WS_E_RANGE, "mark %s: element size %u bytes (4 or 8)", role_names[role], elem);
    const ws_alloc *a = ws_devmem_find(g->dev, lo);
    if (!a || lo + bytes > a->addr + a->size || lo + bytes < lo)
        return ws_error_set(err, WS_E_RANGE,
                            "mark %s: [0x%llx, 0x%llx) is not inside one device allocation", role_names[role],
                            (unsigned long long)lo, (unsigned long long)(lo + bytes));
    g->pf_ranges[role] = (ws_pf_range){ lo, lo + bytes, elem };
    return 0;
}

int ws_gpu_pf_update_worklist(ws_gpu *g, uint64_t n, ws_error *err)
{
    ws_pf_range *r = &g->pf_ranges[WS_ROLE_WORKLIST];
    if (!r->elem)
        return ws_error_set(err, WS_E_STATE, "update_worklist: no work list is marked (gpu:mark(array, \"worklist\"))");
    const ws_alloc *a = ws_devmem_find(g->dev, r->lo);
    if (!a || r->lo + n * r->elem > a->addr + a->size)
        return ws_error_set(err, WS_E_RANGE, "update_worklist: %llu elements do not fit in the marked work list",
                            (unsigned long long)n);
    r->hi = r->lo + n * r->elem;
    return 0;
}

const ws_pf_range *ws_gpu_pf_range(const ws_gpu *g, ws_pf_role role)
{
    return role > WS_ROLE_NONE && role < WS_ROLE_COUNT ? &g->pf_ranges[role] : NULL;
}

int ws_gpu_pf_set_policy(ws_gpu *g, const ws_pf_ops *ops, const ws_pt_ops *tops, void *ud, ws_error *err)
{
    if (g->nlaunches)
        return ws_error_set(err, WS_E_STATE, "the prefetcher can only be replaced before the first launch");
    g->pf_host = ops;
    g->pt_host = tops;
    g->pf_host_ud = ud;
    ws_error e2;
    if (ops) ws_opts_set(g->opts, "pf.policy", "lua", &e2);
    if (tops) ws_opts_set(g->opts, "throttle.policy", "lua", &e2);
    for (uint32_t i = 0; i < g->cfg.nsms; i++) {
        ws_sm *sm = &g->sms[i];
        ws_pfeng_free(sm->pfe);
        sm->pfe = NULL;
        memset(&sm->pf, 0, sizeof sm->pf);
        if (ws_pfeng_create(sm, err) < 0) {
            g->pf_host = NULL;
            g->pt_host = NULL;
            g->pf_host_ud = NULL;
            for (uint32_t j = 0; j <= i; j++) {
                ws_pfeng_free(g->sms[j].pfe);
                g->sms[j].pfe = NULL;
            }
            ws_error err2;
            for (uint32_t j = 0; j < g->cfg.nsms; j++)
                if (ws_pfeng_create(&g->sms[j], &err2) < 0) break;
            return -1;
        }
    }
    return 0;
}

ws_cache *ws_gpu_pfc(ws_gpu *g, uint32_t sm)
{
    return sm < g->cfg.nsms && g->sms[sm].pfe ? g->sms[sm].pfe->pfc : NULL;
}

bool ws_gpu_pf_inspect(const ws_gpu *g, uint32_t sm, ws_pf_insp *policy, ws_pf_insp *throttle)
{
    if (sm >= g->cfg.nsms || !g->sms[sm].pfe) return false;
    ws_pfeng_inspect(g->sms[sm].pfe, policy, throttle);
    return true;
}

uint32_t ws_gpu_pf_queue(const ws_gpu *g, uint32_t sm, uint64_t *lines, uint32_t max)
{
    if (sm >= g->cfg.nsms || !g->sms[sm].pfe) return 0;
    const ws_pfeng *e = g->sms[sm].pfe;
    uint32_t n = e->qn < max ? e->qn : max;
    for (uint32_t i = 0; i < n; i++) lines[i] = e->q[(e->qhead + i) % e->qcap].line;
    return e->qn;
}

uint64_t ws_gpu_pf_ntrans(const ws_gpu *g)
{
    return g->ntlog;
}

uint32_t ws_gpu_pf_nkept(const ws_gpu *g)
{
    return g->ntlog < WS_TLOG_CAP ? (uint32_t)g->ntlog : WS_TLOG_CAP;
}

const ws_pf_tlog *ws_gpu_pf_trans(const ws_gpu *g, uint32_t i)
{
    uint32_t kept = ws_gpu_pf_nkept(g);
    if (i >= kept) return NULL;
    uint64_t first = g->ntlog - kept;
    return &g->tlog[(first + i) % WS_TLOG_CAP];
}


char *ws_gpu_pf_launch_json(ws_gpu *g)
{
    uint64_t first = g->ntlog_launch;
    uint32_t kept = ws_gpu_pf_nkept(g);
    uint64_t oldest = g->ntlog - kept;
    if (g->ntlog == first) return NULL;
    if (first < oldest) first = oldest;
    size_t cap = 256 + (size_t)(g->ntlog - first) * 320, n = 0;
    char *out = ws_xmalloc(cap);
    n += (size_t)snprintf(out + n, cap - n, "{\"pf_transitions_total\": %llu, \"pf_transitions\": [",
                          (unsigned long long)(g->ntlog - g->ntlog_launch));
    for (uint64_t k = first; k < g->ntlog; k++) {
        const ws_pf_tlog *t = &g->tlog[k % WS_TLOG_CAP];
        n += (size_t)snprintf(out + n, cap - n,
                              "%s{\"cycle\": %llu, \"sm\": %u, \"source\": \"%s\", \"what\": \"%s\", \"from\": %d, "
                              "\"to\": %d, \"from_name\": \"%s\", \"to_name\": \"%s\", \"why\": \"%s\"",
                              k == first ? "" : ", ", (unsigned long long)t->cycle, t->sm,
                              t->throttle ? "throttle" : "policy", t->t.what ? t->t.what : "state", t->t.from,
                              t->t.to, t->t.from_name ? t->t.from_name : "", t->t.to_name ? t->t.to_name : "",
                              t->t.why ? t->t.why : "");
        for (int m = 0; m < 3; m++)
            if (t->t.mnames[m])
                n += (size_t)snprintf(out + n, cap - n, ", \"%s\": %.17g", t->t.mnames[m],
                                      isfinite(t->t.m[m]) ? t->t.m[m] : 0.0);
        n += (size_t)snprintf(out + n, cap - n, "}");
    }
    snprintf(out + n, cap - n, "]}");
    return out;
}
