/* ws_mempart_mff.c: the Memory Fast-Forward units (mff.enable = true),
 * driven by the memory system (issue 34, part 2; the unit is ws_mff.h).
 *
 * Instances.  One ws_mff per channel (memory partition; the default), or
 * one for the GPU with mff.central.  A command is a request of its own on
 * the request network (WS_MREQ_F_MFF, 8-byte header + 5 bytes per active
 * thread: c_index and size; the targets stay with the SM), sent by the
 * LD/ST unit past L1 to the channel holding C[c_index] of the command's
 * first thread with a non-zero size (its first active thread when all are
 * zero) [choice: the C lines of that thread are then local, and a warp's
 * commands over neighbouring vertices meet in one unit's Tag Unit; the
 * paper does not say how commands are spread, B2.1].  With mff.central the
 * command enters at the same port and goes to the one unit.
 *
 * In core cycle c, after the interconnect, L2 and DRAM ticks:
 *   1. remote lines whose data has arrived, and fills Line Data refused
 *      before, are offered to their unit (ws_mff_fill; refused: again the
 *      next cycle);
 *   2. commands that arrived enter their unit while its Issue Engine takes
 *      them (ws_mff_command returns 0 when full: the command waits);
 *   3. every busy unit steps (ws_mff_step);
 *   4. word replies leave, then completions (only when no word of the unit
 *      is left waiting, so a command's completion never passes its words),
 *      each as one packet into the reply queue of the slice the command
 *      arrived at, while it has room: a word is an 8-byte header (which
 *      carries warp and thread) + 4 bytes, a completion the header alone;
 *   5. the unit's oldest line request goes into the ROP queue of the slice
 *      the address map gives (it waits while that queue is full).  A read
 *      is answered where a reply would enter the slice's reply queue
 *      (ws_memsys_mff_filled): the line's bytes are read from device
 *      memory then and given to ws_mff_fill.  A bit-vector write-back is a
 *      store of the whole line (its bytes travel, 8 + line bytes, and the
 *      L2 takes it as any store); functionally its bits are ORed into
 *      device memory when it leaves the unit [choice: with one unit per
 *      partition two units can hold the same bit-vector block, and a plain
 *      copy of one unit's line would clear the other's bits; an OR is what
 *      a line write with a byte mask of the set bits, or an atomic OR at the
 *      L2, gives].
 *
 * Remote lines (one unit per partition): C, V and bit-vector lines live
 * where the address map puts them, not where the command went.  A line of
 * another channel is read from (or written to) that channel's slice and
 * counted (mff.remote_lines); a remote read's data reaches the unit
 * 2 x icnt.latency cycles after the slice answers (one hop of the
 * interconnect each way; [choice]: the paper's MFF sits between the
 * interconnect and every memory unit, and says nothing of units reading
 * each other's partitions; the network's bandwidth is not charged for
 * these lines).  With mff.central no line is remote.
 *
 * The memory system is busy while a command or a reply is in a network (its
 * requests in flight), a command waits for its unit, a line is in flight
 * or a unit is not idle; a busy unit steps every core cycle (its occupancy
 * sums are over those cycles), so idle skipping never skips a cycle it
 * needs.  Everything runs in unit order: the statistics are
 * deterministic.  Units share nothing: each has its own queues, and the
 * only exchange is through the slices' queues and the networks.  The SM
 * keeps its commands (the targets, the words counted) in a table of its
 * own; a command packet carries a pointer to its record, which the unit
 * reads at arrival and never writes, and the unit's tag for the command
 * (SM, record, arrival slice) routes the replies, so no state is shared
 * between an SM and a partition. */
#include "arch/ws_mempart_int.h"
#include "ptx/ws_ptx_ir.h"
#include "util/ws_util.h"

#include <stdlib.h>
#include <string.h>

#define PKT_WORD 4u     /* a reply word's data (the header carries warp and thread) */

int ws_memsys_mff_create(ws_memsys *m, const ws_opts *o, ws_error *err)
{
    if (!ws_opts_bool(o, "mff.enable")) return 0;
    ws_mff_config c;
    if (ws_mff_config_from_opts(&c, o, err) < 0) return -1;
    ws_memsys_mff *F = &m->mff;
    F->central = c.central;
    F->n = c.central ? 1 : m->nchans;
    F->u = ws_xcalloc(F->n, sizeof *F->u);
    F->in = ws_xcalloc(F->n, sizeof *F->in);
    F->hold = ws_xcalloc(F->n, sizeof *F->hold);
    F->held = ws_xcalloc(F->n, sizeof *F->held);
    F->rhold = ws_xcalloc(F->n, sizeof *F->rhold);
    F->rheld = ws_xcalloc(F->n, sizeof *F->rheld);
    F->dhold = ws_xcalloc(F->n, sizeof *F->dhold);
    F->dheld = ws_xcalloc(F->n, sizeof *F->dheld);
    F->refill = ws_xcalloc(F->n, sizeof *F->refill);
    F->ext = ws_xcalloc(F->n, sizeof *F->ext);
    F->buf = ws_xcalloc(c.line, 1);
    F->remote_delay = 2ull * m->cfg.icnt_latency;
    for (uint32_t p = 0; p < F->n; p++)
        if (!(F->u[p] = ws_mff_create(&c, p, err))) return -1;
    return 0;
}

void ws_memsys_mff_free(ws_memsys *m)
{
    ws_memsys_mff *F = &m->mff;
    for (uint32_t p = 0; F->u && p < F->n; p++) {
        ws_mff_free(F->u[p]);
        ws_mreq *r;
        while ((r = ws_mreq_fifo_pop(&F->in[p]))) ws_mreq_free(m->pool, r);
        while ((r = ws_mreq_fifo_pop(&F->refill[p]))) ws_mreq_free(m->pool, r);
    }
    for (uint32_t i = 0; i < F->nrl; i++) ws_mreq_free(m->pool, F->rl[i]);
    free(F->u);
    free(F->in);
    free(F->hold);
    free(F->held);
    free(F->rhold);
    free(F->rheld);
    free(F->dhold);
    free(F->dheld);
    free(F->refill);
    free(F->ext);
    free(F->rl);
    free(F->rlt);
    free(F->buf);
    memset(F, 0, sizeof *F);
}

bool ws_memsys_has_mff(const ws_memsys *m) { return m->mff.u != NULL; }
uint64_t ws_memsys_mff_lines_inflight(const ws_memsys *m) { return m->mff.lines_inflight; }
uint32_t ws_memsys_mff_units(const ws_memsys *m) { return m->mff.u ? m->mff.n : 0; }
ws_mff *ws_memsys_mff_unit(ws_memsys *m, uint32_t p) { return m->mff.u && p < m->mff.n ? m->mff.u[p] : NULL; }
const ws_memsys_mff_ext *ws_memsys_mff_ext_get(const ws_memsys *m, uint32_t p)
{
    return m->mff.u && p < m->mff.n ? &m->mff.ext[p] : NULL;
}

void ws_memsys_mff_set_memory(ws_memsys *m, ws_memsys_read_fn rd, ws_memsys_read_fn or_in, void *ctx)
{
    m->mff.read = rd;
    m->mff.or_in = or_in;
    m->mff.ctx = ctx;
}

int ws_memsys_mff_launch(ws_memsys *m, const ws_mff_regs *r, ws_error *err)
{
    ws_memsys_mff *F = &m->mff;
    if (!F->u) return ws_error_set(err, WS_E_STATE, "the machine has no MFF (mff.enable = false)");
    for (uint32_t p = 0; p < F->n; p++)
        if (ws_mff_launch(F->u[p], r, err) < 0) return -1;
    F->regs = *r;
    F->launched = true;
    return 0;
}

uint32_t ws_memsys_mff_route(const ws_memsys *m, uint64_t c_index)
{
    ws_dram_loc loc;
    ws_addrmap_decode(m->map, m->mff.regs.c_base + 4 * c_index, &loc);
    return loc.chan;
}

/* ------------------------------------------------------------ commands */

/* The unit's name for a command: where its replies go (SM, its record,
 * the slice it arrived at). */
static uint64_t tag_of(const ws_mreq *r)
{
    return (uint64_t)r->pf_tag | (uint64_t)r->sm << 32 | (uint64_t)r->chan << 48 | (uint64_t)(r->sub & 0xff) << 56;
}

void ws_memsys_mff_arrive(ws_memsys *m, ws_mreq *r, uint64_t c)
{
    ws_memsys_mff *F = &m->mff;
    (void)c;
    uint32_t p = F->central ? 0 : (r->chan < F->n ? r->chan : 0);
    r->level = WS_LVL_L2;
    ws_mreq_fifo_push(&F->in[p], r);
    F->active = true;
}

/* The slice a command arrived at (its replies leave there). */
static ws_memsys_sub *slice_of(ws_memsys *m, uint64_t tag)
{
    uint32_t chan = (uint32_t)(tag >> 48 & 0xff), sub = (uint32_t)(tag >> 56);
    return &m->sub[chan * m->cfg.subparts + sub];
}

/* A reply packet of the command `tag` into its slice's reply queue. */
static void packet(ws_memsys *m, uint64_t tag, bool word, uint64_t addr, uint32_t value, uint64_t c)
{
    ws_memsys_sub *s = slice_of(m, tag);
    ws_mreq *q = ws_mreq_alloc(m->pool);
    q->kind = WS_MREQ_READ;
    q->flags = WS_MREQ_F_MFF | WS_MREQ_F_BYPASS_L1 | WS_MREQ_F_MS_SM;
    q->space = WS_SP_GLOBAL;
    q->pf_wid = word ? WS_MFF_PKT_WORD : WS_MFF_PKT_DONE;
    q->pf_tag = (uint32_t)tag;
    q->pf_key = value;
    q->addr = addr;
    q->size = word ? PKT_WORD : 0;
    q->sm = (uint16_t)(tag >> 32);
    q->slot = 0xffff;           /* (the SM's record knows the warp) */
    q->load = UINT32_MAX;
    q->chan = (uint16_t)(tag >> 48 & 0xff);
    q->sub = (uint16_t)(tag >> 56);
    q->level = WS_LVL_L2;
    q->t_issue = q->t_icnt = q->t_part = c;
    ws_mreq_at(q, WS_MST_ICNT_REPLY, c);
    ws_mreq_fifo_push(&s->reply, q);
    m->nreply++;
    m->inflight++;      /* (the SM's pop counts it out) */
}

static bool room(ws_memsys *m, uint64_t tag) { return slice_of(m, tag)->reply.n < m->cfg.queue; }

/* Step 4: unit p's words, then its completions. */
static void send_replies(ws_memsys *m, uint32_t p, uint64_t c)
{
    ws_memsys_mff *F = &m->mff;
    ws_mff *u = F->u[p];
    for (;;) {
        if (!F->rheld[p] && !(F->rheld[p] = ws_mff_reply_pop(u, &F->rhold[p]))) break;
        const ws_mff_reply *y = &F->rhold[p];
        if (!room(m, y->tag)) return;
        packet(m, y->tag, true, (uint64_t)y->thread * 64 + y->k, y->value, c);
        F->ext[p].reply_packets++;
        F->rheld[p] = false;
    }
    for (;;) {
        if (!F->dheld[p] && !(F->dheld[p] = ws_mff_done_pop(u, &F->dhold[p]))) break;
        const ws_mff_done *d = &F->dhold[p];
        if (!room(m, d->tag)) return;
        packet(m, d->tag, false, 0, (uint32_t)d->words, c);
        F->ext[p].reply_packets++;
        F->ext[p].done_packets++;
        F->dheld[p] = false;
    }
}

/* ---------------------------------------------------------------- lines */

/* The unit that asked for a line (its mreq's pf_wid). */
static uint32_t unit_of(const ws_memsys_mff *F, const ws_mreq *r) { return r->pf_wid < F->n ? r->pf_wid : 0; }

/* Offer a read's line to its unit: true when taken (or never asked). */
static bool offer(ws_memsys *m, ws_mreq *r, uint64_t c)
{
    ws_memsys_mff *F = &m->mff;
    uint32_t line = r->size;
    memset(F->buf, 0, line);
    if (F->read) F->read(F->ctx, r->addr, F->buf, line);
    int k = ws_mff_fill(F->u[unit_of(F, r)], r->addr, F->buf, c);
    return k != 0;
}

static void read_done(ws_memsys *m, ws_mreq *r, uint64_t c)
{
    ws_memsys_mff *F = &m->mff;
    if (!offer(m, r, c)) {
        ws_mreq_fifo_push(&F->refill[unit_of(F, r)], r);
        return;
    }
    F->lines_inflight--;
    ws_mreq_free(m->pool, r);
}

void ws_memsys_mff_filled(ws_memsys *m, ws_mreq *r, uint64_t c)
{
    ws_memsys_mff *F = &m->mff;
    F->active = true;
    if (r->kind != WS_MREQ_READ) {      /* a write-back's acknowledgement */
        F->lines_inflight--;
        ws_mreq_free(m->pool, r);
        return;
    }
    uint32_t p = unit_of(F, r);
    if (!F->central && r->chan != p) {  /* a remote line: one more hop back */
        if (F->nrl == F->caprl) {
            F->caprl = F->caprl ? 2 * F->caprl : 16;
            F->rl = ws_xrealloc(F->rl, F->caprl * sizeof *F->rl);
            F->rlt = ws_xrealloc(F->rlt, F->caprl * sizeof *F->rlt);
        }
        F->rl[F->nrl] = r;
        F->rlt[F->nrl++] = c + F->remote_delay;
        return;
    }
    read_done(m, r, c);
}

/* Step 1. */
static void deliver(ws_memsys *m, uint64_t c)
{
    ws_memsys_mff *F = &m->mff;
    uint32_t k = 0;
    for (uint32_t i = 0; i < F->nrl; i++) {
        if (F->rlt[i] <= c) {
            read_done(m, F->rl[i], c);
            continue;
        }
        F->rl[k] = F->rl[i];
        F->rlt[k++] = F->rlt[i];
    }
    F->nrl = k;
    for (uint32_t p = 0; p < F->n; p++) {
        ws_mreq *r;
        while ((r = F->refill[p].head) && offer(m, r, c)) {
            ws_mreq_fifo_pop(&F->refill[p]);
            F->lines_inflight--;
            ws_mreq_free(m->pool, r);
        }
    }
}

/* Step 5: unit p's oldest line request into the memory system. */
static void send_line(ws_memsys *m, uint32_t p, uint64_t c)
{
    ws_memsys_mff *F = &m->mff;
    if (!F->held[p]) F->held[p] = ws_mff_line_pop(F->u[p], c, &F->hold[p]);
    if (!F->held[p]) return;
    const ws_mff_line_req *q = &F->hold[p];
    ws_dram_loc loc;
    ws_addrmap_decode(m->map, q->addr, &loc);
    uint32_t si = loc.chan * m->cfg.subparts + loc.sub;
    if (m->sub[si].rop.n >= m->sub[si].rop.cap) return;
    uint32_t line = ws_mff_config_get(F->u[p])->line;
    ws_mreq *r = ws_mreq_alloc(m->pool);
    r->kind = q->write ? WS_MREQ_WRITE : WS_MREQ_READ;
    r->addr = q->addr;
    r->size = line;
    r->sector_mask = ws_mreq_line_sectors(line);
    r->space = WS_SP_GLOBAL;
    r->flags = WS_MREQ_F_MS_SM | WS_MREQ_F_MS_MFF | WS_MREQ_F_BYPASS_L1;
    r->slot = 0xffff;
    r->load = UINT32_MAX;
    r->pf_wid = (uint16_t)p;
    r->chan = (uint16_t)loc.chan;
    r->sub = (uint16_t)loc.sub;
    r->bank = (uint16_t)loc.bank;
    r->bank_group = (uint16_t)loc.bank_group;
    r->row = loc.row;
    r->col = loc.col;
    r->t_issue = r->t_icnt = c;
    if (q->write && F->or_in) F->or_in(F->ctx, q->addr, (void *)q->data, line);
    ws_memsys_rop_inject(m, si, r, c);
    if (!F->central && loc.chan != p) F->ext[p].remote_lines++;
    F->held[p] = false;
    F->lines_inflight++;
}

/* ---------------------------------------------------------------- the cycle */

void ws_memsys_mff_cycle(ws_memsys *m, uint64_t c)
{
    ws_memsys_mff *F = &m->mff;
    if (!F->active) return;
    deliver(m, c);
    for (uint32_t p = 0; p < F->n; p++) {
        ws_mreq *r;
        while ((r = F->in[p].head)) {
            /* the command packet's payload: the SM's record (read only) */
            const ws_memsys_mffcmd *x = (const ws_memsys_mffcmd *)(uintptr_t)r->addr;
            ws_mff_cmd cmd = x->cmd;
            cmd.tag = tag_of(r);
            ws_error err;
            int k = ws_mff_command(F->u[p], &cmd, c, &err);
            if (k == 0) break;
            if (k < 0) {
                /* (the functional engine checks every call first: a
                 * refusal here is counted and answered as an empty
                 * command, never dropped) */
                F->ext[p].cmd_errors++;
                cmd.mask = 0;
                (void)ws_mff_command(F->u[p], &cmd, c, &err);
            }
            ws_mreq_fifo_pop(&F->in[p]);
            ws_mreq_free(m->pool, r);
            m->inflight--;      /* (the command's packets carry on as replies) */
        }
    }
    for (uint32_t p = 0; p < F->n; p++)
        if (!ws_mff_idle(F->u[p])) ws_mff_step(F->u[p], c);
    for (uint32_t p = 0; p < F->n; p++) {
        send_replies(m, p, c);
        send_line(m, p, c);
    }
    bool busy = F->lines_inflight || F->nrl;
    for (uint32_t p = 0; p < F->n && !busy; p++)
        busy = F->in[p].n || F->held[p] || F->rheld[p] || F->dheld[p] || !ws_mff_idle(F->u[p]);
    F->active = busy;
}
