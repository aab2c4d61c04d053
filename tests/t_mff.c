/* t_mff.c: the MFF unit (src/arch/ws_mff.h) alone, with hand-built CSR
 * arrays in a flat memory and a fake L2 answering every line read a fixed
 * number of cycles after it left the unit (writes go to memory at once).
 * Each cycle: fills due (a refused fill is offered again next cycle), the
 * unit's step, then the caller drains its line reads, replies and
 * completions, writing every event into a trace. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_mff.h"
#include "arch/ws_opts.h"
#include "ws_tap.h"

#define MEMSZ (1u << 20)
#define C_BASE 0x1000u
#define V_BASE 0x40000u
#define BV_BASE 0x80000u
#define MAXPEND 4096
#define MAXREP 65536
#define TRACESZ (1u << 22)

typedef struct pend { uint64_t addr, ready; } pend;

typedef struct sim {
    ws_mff *u;
    uint8_t *mem;
    uint64_t lat, cycle;
    pend pd[MAXPEND];
    uint32_t npd;
    ws_mff_reply rep[MAXREP];
    uint32_t nrep;
    ws_mff_done done[256];
    uint32_t ndone;
    char *trace;
    size_t tlen;
} sim;

static ws_mff_config base_cfg(void)
{
    ws_mff_config c = { .engines = 32, .jobs = 8, .work_regs = 8192, .tags = 256, .line_data = 20,
                        .line = 128, .tag_latency = 1, .tag_ports = 1, .serve_rate = 1 };
    return c;
}

static void tr(sim *s, const char *fmt, unsigned long long a, unsigned long long b,
               unsigned long long c, unsigned long long d)
{
    if (s->tlen + 128 < TRACESZ)
        s->tlen += (size_t)snprintf(s->trace + s->tlen, 128, fmt, (unsigned long long)s->cycle, a, b, c, d);
}

static sim *sim_new(const ws_mff_config *c, uint64_t lat, uint64_t c_len)
{
    sim *s = calloc(1, sizeof *s);
    s->mem = calloc(1, MEMSZ);
    s->trace = calloc(1, TRACESZ);
    s->lat = lat;
    ws_error err = { 0 };
    s->u = ws_mff_create(c, 0, &err);
    if (!s->u) {
        printf("# create: %s\n", err.msg);
        exit(1);
    }
    ws_mff_regs r = { .c_base = C_BASE, .c_len = c_len, .v_base = V_BASE, .bv_base = BV_BASE };
    if (ws_mff_launch(s->u, &r, &err) != 0) {
        printf("# launch: %s\n", err.msg);
        exit(1);
    }
    return s;
}

static void sim_free(sim *s)
{
    ws_mff_free(s->u);
    free(s->mem);
    free(s->trace);
    free(s);
}

static void wr32(sim *s, uint64_t a, uint32_t v) { memcpy(s->mem + a, &v, 4); }
static uint32_t rd32(const sim *s, uint64_t a) { uint32_t v; memcpy(&v, s->mem + a, 4); return v; }

static void sim_cycle(sim *s)
{
    uint64_t c = s->cycle;
    uint32_t k = 0;
    for (uint32_t i = 0; i < s->npd; i++) {
        pend *q = &s->pd[i];
        if (q->ready <= c && ws_mff_fill(s->u, q->addr, s->mem + q->addr, c) == 1)
            tr(s, "%llu fill %llx\n", q->addr, 0, 0, 0);
        else
            s->pd[k++] = *q;
    }
    s->npd = k;
    ws_mff_step(s->u, c);
    ws_mff_line_req q;
    while (ws_mff_line_pop(s->u, c, &q)) {
        if (q.write) {
            memcpy(s->mem + q.addr, q.data, 128);
            tr(s, "%llu write %llx kind %llu\n", q.addr, q.kind, 0, 0);
        } else {
            s->pd[s->npd++] = (pend){ q.addr, c + s->lat };
            tr(s, "%llu read %llx kind %llu\n", q.addr, q.kind, 0, 0);
        }
    }
    ws_mff_reply y;
    while (ws_mff_reply_pop(s->u, &y)) {
        if (s->nrep < MAXREP)
            s->rep[s->nrep++] = y;
        tr(s, "%llu reply w%llu t%llu k%llu = %llu\n", y.warp, y.thread, y.k, y.value);
    }
    ws_mff_done d;
    while (ws_mff_done_pop(s->u, &d)) {
        if (s->ndone < 256)
            s->done[s->ndone++] = d;
        tr(s, "%llu done w%llu tag %llu words %llu lat %llu\n", d.warp, d.tag, d.words, d.t_done - d.t_cmd);
    }
    s->cycle++;
}

static int sim_cmd(sim *s, const ws_mff_cmd *c)
{
    ws_error err = { 0 };
    int rc = ws_mff_command(s->u, c, s->cycle, &err);
    if (rc < 0)
        printf("# command: %s\n", err.msg);
    return rc;
}

static void sim_run(sim *s, uint64_t max)
{
    for (uint64_t i = 0; i < max && !(ws_mff_idle(s->u) && s->npd == 0); i++)
        sim_cycle(s);
}

/* Every reply's value is V[C[c_index + k]] of its thread. */
static uint32_t check_values(const sim *s, const ws_mff_cmd *const *cmds, uint32_t n)
{
    uint32_t bad = 0;
    for (uint32_t i = 0; i < s->nrep; i++) {
        const ws_mff_reply *y = &s->rep[i];
        const ws_mff_cmd *c = NULL;
        for (uint32_t j = 0; j < n; j++)
            if (cmds[j]->tag == y->tag)
                c = cmds[j];
        if (!c || y->k >= c->size[y->thread]
            || y->value != rd32(s, V_BASE + 4ull * rd32(s, C_BASE + 4 * (c->c_index[y->thread] + y->k))))
            bad++;
    }
    return bad;
}

/* Two threads of different C lines reach the same V block: one V read. */
static void t_coalesce(void)
{
    ws_mff_config c = base_cfg();
    sim *s = sim_new(&c, 10, 4096);
    wr32(s, C_BASE + 0, 3);
    wr32(s, C_BASE + 4 * 32, 5);
    wr32(s, V_BASE + 12, 111);
    wr32(s, V_BASE + 20, 222);
    ws_mff_cmd cmd = { .kind = WS_MFF_GATHER, .warp = 7, .tag = 1, .mask = 3 };
    cmd.c_index[0] = 0, cmd.size[0] = 1;
    cmd.c_index[1] = 32, cmd.size[1] = 1;
    is_int(sim_cmd(s, &cmd), 1, "coalesce: command accepted");
    sim_run(s, 1000);
    const ws_mff_stats *st = ws_mff_stats_get(s->u);
    is_u64(st->lines_read[WS_MFF_LINE_C], 2, "coalesce: two C lines read");
    is_u64(st->lines_read[WS_MFF_LINE_V], 1, "coalesce: one V line read for both threads");
    is_u64(st->coalesced, 1, "coalesce: the second V lookup hits the outstanding tag");
    is_u64(st->lookups, 4, "coalesce: four lookups (two C, two V)");
    /* 0: thread 0 gets its register; 1: its C miss (read leaves at 2),
     * thread 1's register; 2: thread 1's C miss (leaves at 3); 12: line
     * 0x1000 back, C[0] = 3 read, V miss (leaves at 13); 13: line 0x1080
     * back, C[32] = 5, V lookup hits; 23: the V line back, thread 0's word;
     * 24: thread 1's word and the completion */
    is_str(s->trace,
           "2 read 1000 kind 0\n3 read 1080 kind 0\n12 fill 1000\n13 fill 1080\n13 read 40000 kind 1\n"
           "23 fill 40000\n23 reply w7 t0 k0 = 111\n24 reply w7 t1 k0 = 222\n"
           "24 done w7 tag 1 words 2 lat 24\n", "coalesce: exact event trace");
    is_u64(st->lat_sum, 24, "coalesce: command latency 24 cycles");
    is_u64(st->tag_peak, 2, "coalesce: at most two tags in use");
    ok(ws_mff_idle(s->u), "coalesce: idle at the end");
    sim_free(s);
}

/* Sizes summing to N give exactly N words, each right, then one completion. */
static void t_words(void)
{
    ws_mff_config c = base_cfg();
    sim *s = sim_new(&c, 30, 4096);
    for (uint32_t i = 0; i < 4096; i++)
        wr32(s, C_BASE + 4 * i, (i * 2654435761u) % 20000);
    for (uint32_t v = 0; v < 20000; v++)
        wr32(s, V_BASE + 4 * v, v * 7 + 1);
    ws_mff_cmd cmd = { .kind = WS_MFF_GATHER, .warp = 3, .tag = 9, .mask = 0xfffffffeu };
    uint32_t n = 0;
    for (uint32_t t = 1; t < 32; t++) {
        cmd.c_index[t] = 100 * t;
        cmd.size[t] = t % 7 == 0 ? 0 : t;
        n += cmd.size[t];
    }
    cmd.size[0] = 99;           /* inactive: ignored */
    is_int(sim_cmd(s, &cmd), 1, "words: command accepted");
    sim_run(s, 100000);
    const ws_mff_cmd *cs[] = { &cmd };
    is_int((int)s->nrep, (int)n, "words: %u words delivered", n);
    is_int((int)check_values(s, cs, 1), 0, "words: every word is V[C[c_index + k]] of its thread and k");
    is_int((int)s->ndone, 1, "words: one completion");
    ok(s->ndone == 1 && s->done[0].words == n && s->done[0].tag == 9, "words: the completion counts %u words", n);
    ok(s->ndone == 1 && s->nrep && s->done[0].t_done >= s->rep[s->nrep - 1].cycle,
       "words: the completion comes with or after the last word");
    uint32_t seen[32][32] = { { 0 } }, dup = 0;
    for (uint32_t i = 0; i < s->nrep; i++)
        dup += seen[s->rep[i].thread][s->rep[i].k]++ != 0;
    is_int((int)dup, 0, "words: no (thread, k) delivered twice");
    is_u64(ws_mff_stats_get(s->u)->words, n, "words: counter");
    /* a command of zero words completes at once */
    ws_mff_cmd z = { .kind = WS_MFF_GATHER, .warp = 4, .tag = 10, .mask = 1 };
    is_int(sim_cmd(s, &z), 1, "words: empty command accepted");
    sim_cycle(s);
    ok(s->ndone == 2 && s->done[1].tag == 10 && s->done[1].words == 0, "words: empty command completes at once");
    sim_free(s);
}

/* A pool of 32 registers holds one thread of 32: the second thread waits
 * (no work lost) and goes once the first's registers are back. */
static void t_pool_full(void)
{
    ws_mff_config c = base_cfg();
    c.work_regs = 32;
    sim *s = sim_new(&c, 10, 4096);
    for (uint32_t i = 0; i < 64; i++)
        wr32(s, C_BASE + 4 * i, i);
    for (uint32_t v = 0; v < 64; v++)
        wr32(s, V_BASE + 4 * v, 1000 + v);
    ws_mff_cmd cmd = { .kind = WS_MFF_GATHER, .warp = 0, .tag = 5, .mask = 3 };
    cmd.c_index[0] = 0, cmd.size[0] = 32;
    cmd.c_index[1] = 32, cmd.size[1] = 32;
    is_int(sim_cmd(s, &cmd), 1, "pool: command accepted");
    sim_run(s, 100000);
    const ws_mff_stats *st = ws_mff_stats_get(s->u);
    const ws_mff_cmd *cs[] = { &cmd };
    is_int((int)s->nrep, 64, "pool: all 64 words delivered");
    is_int((int)check_values(s, cs, 1), 0, "pool: every word right");
    is_int((int)s->ndone, 1, "pool: one completion");
    is_u64(st->reg_peak, 32, "pool: never more than the pool");
    ok(st->reg_stalls > 0, "pool: the allocator stalled (%llu cycles)", (unsigned long long)st->reg_stalls);
    /* thread 0: registers at 0, its 32 C lookups in 1..32 (one C read,
     * leaving at 2, back at 12, served 12..43); the registers turned V
     * queue behind the C lookups, so the first V lookup is at 33 (the V
     * line leaves at 34, back at 44, words 44..75); the last register frees
     * in the step of 75, whose allocator gives thread 1 its registers:
     * stalls in the steps 1..74 */
    is_u64(st->reg_stalls, 74, "pool: exact stall cycles");
    ok(s->nrep == 64 && s->rep[31].cycle == 75 && s->rep[32].cycle == 119,
       "pool: thread 0's last word at 75, thread 1's first at 119");
    if (getenv("T_MFF_TRACE")) printf("%s", s->trace);
    sim_free(s);
}

/* 1,024 bit-sets of one 128-byte block of the bit vector: one read, one
 * write, while the block's read is outstanding. */
static void t_scatter(void)
{
    ws_mff_config c = base_cfg();
    sim *s = sim_new(&c, 2000, 4096);
    for (uint32_t i = 0; i < 1024; i++)
        wr32(s, C_BASE + 4 * i, (i * 37u) % 1024);   /* a permutation of 0..1023 */
    ws_mff_cmd cmd = { .kind = WS_MFF_SCATTER_SET, .warp = 1, .tag = 2, .mask = 0xffffffffu };
    for (uint32_t t = 0; t < 32; t++)
        cmd.c_index[t] = 32 * t, cmd.size[t] = 32;
    is_int(sim_cmd(s, &cmd), 1, "scatter: command accepted");
    sim_run(s, 100000);
    const ws_mff_stats *st = ws_mff_stats_get(s->u);
    is_u64(st->lines_read[WS_MFF_LINE_C], 32, "scatter: 32 C lines");
    is_u64(st->lines_read[WS_MFF_LINE_BV], 1, "scatter: one bit-vector block read");
    is_u64(st->lines_written, 1, "scatter: one bit-vector block written");
    is_u64(st->bitsets, 1024, "scatter: 1,024 bit-sets");
    is_u64(st->bitsets_merged, 1023, "scatter: 1,023 merged into the first");
    uint32_t ones = 0;
    for (uint32_t i = 0; i < 128; i++)
        ones += s->mem[BV_BASE + i] == 0xff;
    is_int((int)ones, 128, "scatter: every bit of the block set");
    sim_free(s);
}

/* Bad commands are refused with a message naming the thread and value. */
static void t_refused(void)
{
    ws_mff_config c = base_cfg();
    c.jobs = 1;
    sim *s = sim_new(&c, 10, 100);
    ws_error err = { 0 };
    ws_mff_cmd cmd = { .kind = WS_MFF_GATHER, .warp = 2, .tag = 1, .mask = 0x11 };
    cmd.size[0] = 1, cmd.size[4] = 33;
    is_int(ws_mff_command(s->u, &cmd, 0, &err), -1, "refused: size 33");
    is_str(err.msg, "MFF command of warp 2, thread 4: size 33 is above 32 (a vertex with more neighbours "
           "calls again)", "refused: size message");
    cmd.size[4] = 2, cmd.c_index[4] = 99;
    err = (ws_error){ 0 };
    is_int(ws_mff_command(s->u, &cmd, 0, &err), -1, "refused: C[99 .. 100] leaves C");
    is_str(err.msg, "MFF command of warp 2, thread 4: C[99 .. 100] is outside C (100 entries)",
           "refused: range message");
    cmd.c_index[4] = 98;
    is_int(ws_mff_command(s->u, &cmd, 0, &err), 1, "refused: C[98 .. 99] fits");
    is_int(ws_mff_command(s->u, &cmd, 0, &err), 0, "refused: engine 2 full (one job entry): retry later");
    cmd.warp = 3;
    is_int(ws_mff_command(s->u, &cmd, 0, &err), 1, "refused: engine 3 takes warp 3");
    is_u64(ws_mff_stats_get(s->u)->commands, 2, "refused: two commands accepted");
    is_u64(ws_mff_stats_get(s->u)->cmd_refused, 1, "refused: one refused for a full engine");
    ws_mff_config bad = base_cfg();
    bad.line = 96;
    err = (ws_error){ 0 };
    ok(ws_mff_create(&bad, 0, &err) == NULL && strstr(err.msg, "l2.line is 96"), "refused: a 96-byte line");
    sim_free(s);
}

/* Many warps over shared vertices, a small Line Data and Tag Unit: right
 * values, and the same events twice. */
static sim *run_mix(uint32_t ncmd, ws_mff_cmd *cmds)
{
    ws_mff_config c = base_cfg();
    c.line_data = 2;
    c.tags = 8;
    c.work_regs = 256;
    sim *s = sim_new(&c, 17, 8192);
    for (uint32_t i = 0; i < 8192; i++)
        wr32(s, C_BASE + 4 * i, (i * 40503u) % 3000);
    for (uint32_t v = 0; v < 3000; v++)
        wr32(s, V_BASE + 4 * v, v ^ 0x5a5a);
    uint32_t next = 0;
    for (uint64_t i = 0; i < 200000 && (next < ncmd || !ws_mff_idle(s->u) || s->npd); i++) {
        while (next < ncmd && sim_cmd(s, &cmds[next]) == 1)
            next++;
        sim_cycle(s);
    }
    return s;
}

static void t_determinism(void)
{
    enum { N = 24 };
    static ws_mff_cmd cmds[N];
    uint32_t want = 0, x = 12345;
    for (uint32_t i = 0; i < N; i++) {
        cmds[i] = (ws_mff_cmd){ .kind = WS_MFF_GATHER, .warp = i % 5, .tag = 100 + i, .mask = 0xffffffffu };
        for (uint32_t t = 0; t < 32; t++) {
            x = x * 1103515245u + 12345u;
            cmds[i].size[t] = (x >> 16) % 33;
            cmds[i].c_index[t] = (x >> 3) % (8192 - 32);
            want += cmds[i].size[t];
        }
    }
    sim *a = run_mix(N, cmds), *b = run_mix(N, cmds);
    const ws_mff_cmd *cs[N];
    for (uint32_t i = 0; i < N; i++)
        cs[i] = &cmds[i];
    is_int((int)a->nrep, (int)want, "mix: %u words", want);
    is_int((int)check_values(a, cs, N), 0, "mix: every word right");
    is_int((int)a->ndone, N, "mix: one completion per command");
    const ws_mff_stats *st = ws_mff_stats_get(a->u);
    ok(st->fill_refused > 0 && st->tag_stalls > 0 && st->reg_stalls > 0,
       "mix: Line Data, Tag Unit and pool all filled (%llu, %llu, %llu)", (unsigned long long)st->fill_refused,
       (unsigned long long)st->tag_stalls, (unsigned long long)st->reg_stalls);
    ok(st->coalesced > 0 && st->tag_peak <= 8 && st->ld_peak <= 2 && st->reg_peak <= 256,
       "mix: coalesced %llu, within the structures", (unsigned long long)st->coalesced);
    ok(a->tlen == b->tlen && memcmp(a->trace, b->trace, a->tlen) == 0, "determinism: the same event trace");
    ok(memcmp(ws_mff_stats_get(a->u), ws_mff_stats_get(b->u), sizeof(ws_mff_stats)) == 0,
       "determinism: the same counters");
    ws_mff_view v;
    ws_mff_view_get(a->u, &v);
    ok(v.configured && v.jobs == 0 && v.regs_used == 0 && v.tags_used == 0, "mix: the view is empty at the end");
    sim_free(a);
    sim_free(b);
}

static void t_sizes(void)
{
    ws_mff_config c = base_cfg();
    ws_error err = { 0 };
    ws_mff *u = ws_mff_create(&c, 0, &err);
    ws_mff_sizes z;
    ws_mff_sizes_get(u, &z);
    is_u64(z.line_data_bytes, 2560, "sizes: Line Data 20 x 128 B");
    is_u64(z.reg_bytes, 8192ull * z.reg_bits / 8, "sizes: Work Registers");
    is_u64(z.tag_bytes, 256ull * z.tag_bits / 8, "sizes: Tag Unit");
    ws_mff_free(u);
}

/* The mff.* defaults are the paper's sizes; the unit is off on every preset. */
static void t_options(void)
{
    ws_error err = { 0 };
    ws_opts *o = ws_opts_new();
    ws_mff_config c;
    is_int(ws_mff_config_from_opts(&c, o, &err), 0, "options: the defaults make a unit");
    ok(c.engines == 32 && c.jobs == 8 && c.work_regs == 8192 && c.tags == 256 && c.line_data == 20
       && c.line == 128 && !c.central, "options: 32 x 8 jobs, 8,192 registers, 256 tags, 20 x 128 B");
    uint32_t on = 0;
    for (size_t i = 0; i < ws_opts_npresets(); i++) {
        ws_opts_apply_preset(o, ws_opts_preset_at(i)->name, &err);
        on += ws_opts_bool(o, "mff.enable");
    }
    is_int((int)on, 0, "options: mff.enable is false on every preset");
    ws_opts_free(o);
}

int main(void)
{
    t_options();
    t_coalesce();
    t_words();
    t_pool_full();
    t_scatter();
    t_refused();
    t_determinism();
    t_sizes();
    return tap_done();
}
