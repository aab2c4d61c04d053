/* ws_ptx_cfg.c: basic blocks, immediate post-dominators, reconvergence
 * points (see ws_ptx_cfg.h). */
#include "ptx/ws_ptx_cfg.h"

#include <stdlib.h>
#include <string.h>

#include "ptx/ws_ptx_int.h"
#include "util/ws_util.h"

#define UNDEF UINT32_MAX

/* Adjacency in CSR form. */
typedef struct adj {
    uint32_t *off, *to;
} adj;

static void adj_free(adj *a)
{
    free(a->off);
    free(a->to);
}

/* Reverse the n+1-node graph g (edges u -> v become v -> u). */
static adj reverse(uint32_t n, const adj *g)
{
    adj r;
    r.off = ws_xcalloc(n + 2, sizeof *r.off);
    uint32_t m = g->off[n + 1];
    r.to = ws_xmalloc((m ? m : 1) * sizeof *r.to);
    for (uint32_t e = 0; e < m; e++)
        r.off[g->to[e] + 1]++;
    for (uint32_t v = 0; v <= n; v++)
        r.off[v + 1] += r.off[v];
    uint32_t *fill = ws_xmalloc((n + 1) * sizeof *fill);
    memcpy(fill, r.off, (n + 1) * sizeof *fill);
    for (uint32_t u = 0; u <= n; u++)
        for (uint32_t e = g->off[u]; e < g->off[u + 1]; e++)
            r.to[fill[g->to[e]]++] = u;
    free(fill);
    return r;
}

/* Mark everything that reaches `from` (walking predecessors). */
static void mark_reaching(const adj *pred, uint32_t from, uint8_t *mark, uint32_t *stack)
{
    uint32_t sp = 0;
    if (mark[from])
        return;
    mark[from] = 1;
    stack[sp++] = from;
    while (sp) {
        uint32_t v = stack[--sp];
        for (uint32_t e = pred->off[v]; e < pred->off[v + 1]; e++) {
            uint32_t u = pred->to[e];
            if (!mark[u]) {
                mark[u] = 1;
                stack[sp++] = u;
            }
        }
    }
}

uint32_t ws_ptx_ipdom(uint32_t n, const uint32_t *succ_off, const uint32_t *succ, uint32_t *ipdom)
{
    uint32_t exit = n, nfake = 0;
    uint32_t m = succ_off[n];
    /* Graph with the exit node (no successors) and room for fake edges. */
    adj g;
    g.off = ws_xmalloc((n + 2) * sizeof *g.off);
    g.to = ws_xmalloc((m + n + 1) * sizeof *g.to);
    memcpy(g.off, succ_off, (n + 1) * sizeof *g.off);
    g.off[n + 1] = m;
    if (m)
        memcpy(g.to, succ, m * sizeof *g.to);
    adj pred = reverse(n, &g);
    uint8_t *mark = ws_xcalloc(n + 1, 1);
    uint32_t *stack = ws_xmalloc((n + 1) * sizeof *stack);
    mark_reaching(&pred, exit, mark, stack);
    /* Each block that cannot reach the exit, taken from the last one in
     * program order, gets an edge to the exit; the blocks that reach it then
     * reach the exit too (walking the original predecessors is enough: the
     * new edges only lead to the exit). */
    uint8_t *fake = ws_xcalloc(n + 1, 1);
    for (uint32_t u = n; u-- > 0;) {
        if (mark[u])
            continue;
        fake[u] = 1;
        nfake++;
        mark_reaching(&pred, u, mark, stack);
    }
    if (nfake) {
        uint32_t *off = ws_xmalloc((n + 2) * sizeof *off);
        uint32_t *to = ws_xmalloc((m + nfake + 1) * sizeof *to);
        uint32_t k = 0;
        for (uint32_t v = 0; v <= n; v++) {
            off[v] = k;
            for (uint32_t e = g.off[v]; e < g.off[v + 1]; e++)
                to[k++] = g.to[e];
            if (fake[v])
                to[k++] = exit;
        }
        off[n + 1] = k;
        adj_free(&g);
        g.off = off;
        g.to = to;
        adj_free(&pred);
        pred = reverse(n, &g);
    }
    free(fake);

    /* Postorder of the reverse graph from the exit (iterative DFS). */
    uint32_t *po = ws_xmalloc((n + 1) * sizeof *po);      /* node -> postorder number */
    uint32_t *order = ws_xmalloc((n + 1) * sizeof *order); /* postorder number -> node */
    uint32_t *it = ws_xcalloc(n + 1, sizeof *it);
    memset(mark, 0, n + 1);
    uint32_t sp = 0, cnt = 0;
    stack[sp++] = exit;
    mark[exit] = 1;
    it[exit] = pred.off[exit];
    while (sp) {
        uint32_t v = stack[sp - 1];
        if (it[v] < pred.off[v + 1]) {
            uint32_t u = pred.to[it[v]++];
            if (!mark[u]) {
                mark[u] = 1;
                it[u] = pred.off[u];
                stack[sp++] = u;
            }
        } else {
            sp--;
            po[v] = cnt;
            order[cnt++] = v;
        }
    }
    for (uint32_t v = 0; v <= n; v++)
        ipdom[v] = UNDEF;
    ipdom[exit] = exit;
    bool changed = true;
    while (changed) {
        changed = false;
        for (uint32_t k = cnt - 1; k-- > 0;) {   /* reverse postorder, root excluded */
            uint32_t b = order[k], nd = UNDEF;
            for (uint32_t e = g.off[b]; e < g.off[b + 1]; e++) {
                uint32_t s = g.to[e];
                if (ipdom[s] == UNDEF)
                    continue;
                if (nd == UNDEF) {
                    nd = s;
                    continue;
                }
                uint32_t f1 = s, f2 = nd;
                while (f1 != f2) {
                    while (po[f1] < po[f2])
                        f1 = ipdom[f1];
                    while (po[f2] < po[f1])
                        f2 = ipdom[f2];
                }
                nd = f1;
            }
            if (nd != UNDEF && ipdom[b] != nd) {
                ipdom[b] = nd;
                changed = true;
            }
        }
    }
    for (uint32_t v = 0; v < n; v++)   /* cannot happen after the fake edges */
        if (ipdom[v] == UNDEF)
            ipdom[v] = exit;
    free(po);
    free(order);
    free(it);
    free(stack);
    free(mark);
    adj_free(&pred);
    adj_free(&g);
    return nfake;
}

static bool ends_block(const ws_ptx_insn *in)
{
    return in->op == WS_OP_BRA || in->op == WS_OP_RET || in->op == WS_OP_EXIT || in->op == WS_OP_TRAP;
}

ws_ptx_cfg *ws_ptx_cfg_build(const ws_ptx_func *f)
{
    if (f->is_decl)
        return NULL;
    uint32_t ni = f->ninsns;
    uint8_t *leader = ws_xcalloc(ni + 1, 1);
    if (ni)
        leader[0] = 1;
    for (uint32_t i = 0; i < ni; i++) {
        const ws_ptx_insn *in = &f->insns[i];
        if (in->op == WS_OP_BRA && in->opnd[0].target < ni)
            leader[in->opnd[0].target] = 1;
        if (ends_block(in))
            leader[i + 1] = 1;
    }
    ws_ptx_cfg *c = ws_xcalloc(1, sizeof *c);
    uint32_t nb = 0;
    for (uint32_t i = 0; i < ni; i++)
        nb += leader[i];
    c->nblocks = nb;
    c->start = ws_xmalloc((nb + 1) * sizeof *c->start);
    c->block_of = ws_xmalloc((ni ? ni : 1) * sizeof *c->block_of);
    for (uint32_t i = 0, b = 0; i < ni; i++) {
        if (leader[i])
            c->start[b++] = i;
        c->block_of[i] = b - 1;
    }
    c->start[nb] = ni;
    free(leader);
    c->succ_off = ws_xmalloc((nb + 1) * sizeof *c->succ_off);
    c->succ = ws_xmalloc((2 * nb + 1) * sizeof *c->succ);
    uint32_t k = 0;
    for (uint32_t b = 0; b < nb; b++) {
        c->succ_off[b] = k;
        uint32_t last = c->start[b + 1] - 1;
        const ws_ptx_insn *in = &f->insns[last];
        uint32_t fall = last + 1 < ni ? c->block_of[last + 1] : nb;
        bool falls = !ends_block(in) || in->guard >= 0;
        if (in->op == WS_OP_BRA) {
            uint32_t t = in->opnd[0].target < ni ? c->block_of[in->opnd[0].target] : nb;
            c->succ[k++] = t;
            if (falls && fall != t)
                c->succ[k++] = fall;
        } else if (ends_block(in)) {
            c->succ[k++] = nb;
            if (falls && fall != nb)
                c->succ[k++] = fall;
        } else {
            c->succ[k++] = fall;
        }
    }
    c->succ_off[nb] = k;
    c->ipdom = ws_xmalloc((nb + 1) * sizeof *c->ipdom);
    c->nfake = ws_ptx_ipdom(nb, c->succ_off, c->succ, c->ipdom);
    return c;
}

void ws_ptx_cfg_free(ws_ptx_cfg *c)
{
    if (!c)
        return;
    free(c->start);
    free(c->block_of);
    free(c->succ_off);
    free(c->succ);
    free(c->ipdom);
    free(c);
}

int ws_ptx_cfg_fill(ws_ptx_module *m, ws_ptx_func *f, ws_error *err)
{
    (void)m;
    (void)err;
    ws_ptx_cfg *c = ws_ptx_cfg_build(f);
    if (!c)
        return 0;
    for (uint32_t b = 0; b < c->nblocks; b++) {
        uint32_t last = c->start[b + 1] - 1;
        ws_ptx_insn *in = &f->insns[last];
        if (in->op == WS_OP_BRA) {
            uint32_t d = c->ipdom[b];
            in->reconv = d >= c->nblocks ? f->ninsns : c->start[d];
        }
    }
    ws_ptx_cfg_free(c);
    return 0;
}
