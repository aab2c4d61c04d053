/* ws_pf_mock.h: a stand-in for the prefetch engine, for policy and
 * throttle unit tests: records every ws_pf_issue and ws_pf_transition,
 * and builds accesses, fills and period records. */
#ifndef WS_PF_MOCK_H
#define WS_PF_MOCK_H

#include <string.h>

#include "pf/ws_pf.h"

#define MOCK_MAX 4096

typedef struct mock_issue { uint64_t addr; uint32_t wid, tag, flags; } mock_issue;

typedef struct mock_engine {
    ws_pf_ctx x;
    mock_issue iss[MOCK_MAX];
    uint32_t n;             /* issues recorded */
    uint32_t cap;           /* queue room: issues beyond it return WS_PF_DROP_FULL (0: unlimited) */
    ws_pf_trans tr[256];
    uint32_t ntr;
} mock_engine;

static inline ws_pf_status mock_issue_fn(ws_pf_ctx *x, uint64_t addr, uint32_t wid, uint32_t tag, uint32_t flags)
{
    mock_engine *m = (mock_engine *)x->owner;
    if ((m->cap && m->n >= m->cap) || m->n >= MOCK_MAX) return WS_PF_DROP_FULL;
    m->iss[m->n++] = (mock_issue){ addr, wid, tag, flags };
    return WS_PF_QUEUED;
}

static inline void mock_trans_fn(ws_pf_ctx *x, const ws_pf_trans *t)
{
    mock_engine *m = (mock_engine *)x->owner;
    if (m->ntr < 256) m->tr[m->ntr++] = *t;
}

/* An engine for SM 0 with 48 warp slots, 128-byte lines, degree and distance 1. */
static inline void mock_init(mock_engine *m)
{
    memset(m, 0, sizeof *m);
    m->x.sm = 0;
    m->x.nwarps = 48;
    m->x.line = 128;
    m->x.seed = 1;
    m->x.degree = 1;
    m->x.distance = 1;
    m->x.issue = mock_issue_fn;
    m->x.transition = mock_trans_fn;
    m->x.owner = m;
}

/* A single-request demand load of `addr` by warp slot wid at pc. */
static inline ws_pf_access mock_load(const mock_engine *m, uint32_t pc, uint32_t wid, uint64_t addr, int outcome)
{
    ws_pf_access a;
    memset(&a, 0, sizeof a);
    a.cycle = m->x.now;
    a.addr = addr;
    a.insn_addr = addr;
    a.line = addr / m->x.line * m->x.line;
    a.pc = pc;
    a.wid = wid;
    a.gwid = wid;
    a.req = 0;
    a.nreq = 1;
    a.kind = WS_PF_LOAD;
    a.outcome = (uint8_t)outcome;
    return a;
}

#endif
