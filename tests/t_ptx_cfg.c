/* t_ptx_cfg.c: basic blocks and immediate post-dominators, on hand-built
 * graphs and on the PTX shapes of tests/ptx/cfg.ptx (expected values worked
 * out by hand in that file's comments). */
#include "t_ptx_util.h"

#include "ptx/ws_ptx_cfg.h"

/* Build CSR successor lists from "a>b" edge pairs; n nodes, exit = n. */
static void graph(uint32_t n, const uint32_t (*edges)[2], size_t ne, uint32_t *off, uint32_t *succ)
{
    size_t k = 0;
    for (uint32_t v = 0; v < n; v++) {
        off[v] = (uint32_t)k;
        for (size_t e = 0; e < ne; e++)
            if (edges[e][0] == v)
                succ[k++] = edges[e][1];
    }
    off[n] = (uint32_t)k;
}

static void check_ipdom(const char *name, uint32_t n, const uint32_t (*edges)[2], size_t ne, const uint32_t *want,
                        uint32_t want_fake)
{
    uint32_t off[16], succ[32], ipdom[16];
    graph(n, edges, ne, off, succ);
    uint32_t fake = ws_ptx_ipdom(n, off, succ, ipdom);
    bool same = true;
    for (uint32_t v = 0; v <= n; v++)
        same &= ipdom[v] == want[v];
    ok(same, "%s: immediate post-dominators", name);
    if (!same)
        for (uint32_t v = 0; v <= n; v++)
            diag("node %u: got %u want %u", v, ipdom[v], want[v]);
    is_int(fake, want_fake, "%s: %u edges added to the exit", name, want_fake);
}

static void test_graphs(void)
{
    /* diamond: 0 -> 1, 2 -> 3 -> exit(4) */
    static const uint32_t diamond[][2] = { { 0, 1 }, { 0, 2 }, { 1, 3 }, { 2, 3 }, { 3, 4 } };
    check_ipdom("diamond", 4, diamond, WS_ARRAY_LEN(diamond), (const uint32_t[]){ 3, 3, 3, 4, 4 }, 0);
    /* loop with an exit from the header and one from the latch side */
    static const uint32_t loop2[][2] = { { 0, 1 }, { 1, 2 }, { 1, 4 }, { 2, 1 }, { 2, 3 }, { 3, 4 } };
    check_ipdom("loop with two exits", 4, loop2, WS_ARRAY_LEN(loop2), (const uint32_t[]){ 1, 4, 4, 4, 4 }, 0);
    /* if/else inside a loop: 0 -> 1; 1 -> 2, 3; 2, 3 -> 4; 4 -> 1, 5; 5 -> exit */
    static const uint32_t ifloop[][2] = { { 0, 1 }, { 1, 2 }, { 1, 3 }, { 2, 4 }, { 3, 4 }, { 4, 1 }, { 4, 5 }, { 5, 6 } };
    check_ipdom("if/else in a loop", 6, ifloop, WS_ARRAY_LEN(ifloop), (const uint32_t[]){ 1, 4, 4, 4, 5, 6, 6 }, 0);
    /* an infinite loop: 0 -> 1 -> 2 -> 1 */
    static const uint32_t inf[][2] = { { 0, 1 }, { 1, 2 }, { 2, 1 } };
    check_ipdom("infinite loop", 3, inf, WS_ARRAY_LEN(inf), (const uint32_t[]){ 1, 2, 3, 3 }, 1);
    /* two infinite loops behind a branch */
    static const uint32_t inf2[][2] = { { 0, 1 }, { 0, 3 }, { 1, 2 }, { 2, 1 }, { 3, 4 }, { 4, 3 } };
    check_ipdom("two infinite loops", 5, inf2, WS_ARRAY_LEN(inf2), (const uint32_t[]){ 5, 2, 5, 4, 5, 5 }, 2);
    /* node 1 is unreachable from the entry */
    static const uint32_t unr[][2] = { { 0, 2 }, { 1, 2 }, { 2, 3 } };
    check_ipdom("unreachable node", 3, unr, WS_ARRAY_LEN(unr), (const uint32_t[]){ 2, 2, 3, 3 }, 0);
    /* irreducible: 0 -> 1, 2; 1 <-> 2; 1 -> 3; 2 -> 3; 3 -> exit */
    static const uint32_t irr[][2] = { { 0, 1 }, { 0, 2 }, { 1, 2 }, { 2, 1 }, { 1, 3 }, { 2, 3 }, { 3, 4 } };
    check_ipdom("irreducible loop", 4, irr, WS_ARRAY_LEN(irr), (const uint32_t[]){ 3, 3, 3, 4, 4 }, 0);
    /* an empty graph: only the exit */
    uint32_t off0[1] = { 0 }, ip0[1];
    is_int(ws_ptx_ipdom(0, off0, NULL, ip0), 0, "empty graph");
    is_int(ip0[0], 0, "exit post-dominates itself");
}

typedef struct exp_br {
    const char *func;
    uint32_t insn, reconv;
} exp_br;

static const exp_br branches[] = {
    { "ifelse", 2, 6 }, { "ifelse", 4, 6 },
    { "loops", 5, 13 }, { "loops", 7, 13 }, { "loops", 9, 13 }, { "loops", 12, 13 },
    { "loops2", 5, 8 }, { "loops2", 7, 8 }, { "loops2", 10, 11 },
    { "early", 3, 10 }, { "early", 6, 10 },
    { "early2", 6, 8 },
    { "infinite", 2, 10 }, { "infinite", 4, 8 }, { "infinite", 6, 8 }, { "infinite", 8, 10 },
    { "unreach", 0, 4 }, { "unreach", 2, 5 },
    { "selfloop", 3, 4 },
    { "spin", 0, 1 },
    { "falloff", 2, 3 },
};

static void test_ptx(void)
{
    ws_error err;
    char *path = tp_path("tests/ptx/cfg.ptx");
    ws_ptx_module *m = ws_ptx_load_file(path, &err);
    free(path);
    ok(m != NULL, "cfg.ptx loads");
    if (!m) {
        diag("%s", err.msg);
        return;
    }
    for (size_t i = 0; i < WS_ARRAY_LEN(branches); i++) {
        const exp_br *b = &branches[i];
        const ws_ptx_func *f = ws_ptx_module_find_func(m, b->func);
        ok(f && b->insn < f->ninsns && f->insns[b->insn].op == WS_OP_BRA, "%s: instruction %u is a branch", b->func,
           b->insn);
        if (f && b->insn < f->ninsns)
            is_int(f->insns[b->insn].reconv, b->reconv, "%s: branch %u reconverges at %u%s", b->func, b->insn,
                   b->reconv, b->reconv == f->ninsns ? " (exit)" : "");
    }
    const ws_ptx_func *f = ws_ptx_module_find_func(m, "falloff");
    ok(f->ninsns == 4 && f->insns[3].op == WS_OP_RET, "falloff: a ret is appended");

    /* blocks and edges */
    ws_ptx_cfg *c = ws_ptx_cfg_build(ws_ptx_module_find_func(m, "ifelse"));
    ok(c && c->nblocks == 4, "ifelse: 4 blocks");
    if (c && c->nblocks == 4) {
        ok(c->start[0] == 0 && c->start[1] == 3 && c->start[2] == 5 && c->start[3] == 6 && c->start[4] == 8,
           "ifelse: block starts");
        ok(c->succ_off[1] - c->succ_off[0] == 2 && c->succ[c->succ_off[0]] == 2 && c->succ[c->succ_off[0] + 1] == 1,
           "ifelse: guarded branch has target and fall-through");
        ok(c->succ_off[4] - c->succ_off[3] == 1 && c->succ[c->succ_off[3]] == 4, "ifelse: ret goes to the exit");
        ok(c->block_of[4] == 1 && c->block_of[7] == 3, "ifelse: block of an instruction");
        ok(c->ipdom[0] == 3 && c->ipdom[3] == 4, "ifelse: block post-dominators");
    }
    ws_ptx_cfg_free(c);
    c = ws_ptx_cfg_build(ws_ptx_module_find_func(m, "loops"));
    ok(c && c->nblocks == 7 && c->nfake == 0, "loops: 7 blocks, all reach the exit");
    ws_ptx_cfg_free(c);
    c = ws_ptx_cfg_build(ws_ptx_module_find_func(m, "infinite"));
    ok(c && c->nblocks == 6 && c->nfake == 1, "infinite: one edge added to the exit");
    ws_ptx_cfg_free(c);
    c = ws_ptx_cfg_build(ws_ptx_module_find_func(m, "early2"));
    ok(c && c->nblocks == 4 && c->succ_off[2] - c->succ_off[1] == 2, "early2: guarded ret has two successors");
    ws_ptx_cfg_free(c);
    ws_ptx_module_free(m);
}

int main(void)
{
    test_graphs();
    test_ptx();
    return tap_done();
}
