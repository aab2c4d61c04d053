/* ws_cpol_glue.h: how the timing model drives the cache policies of
 * src/cpol (ws_cpol.h).  With l2.inclusion=noninclusive nothing is created
 * (sm->cpol and m->cpol are NULL) and no hook runs: the model is exactly
 * what it was.  Otherwise every SM's L1 and every L2 slice own an instance:
 *
 *   L1 lookup (ws_ldst.c, l1_access)   ws_cpolg_l1_looked: a victim of an
 *                                      allocate-on-miss L1; on a miss R-EX's
 *                                      exclusion request rides in the flags
 *   L1 fill (ws_ldst.c, complete)      ws_cpolg_l1_filled: the victim (same
 *                                      way) first, then the fill with the
 *                                      reply's SR/PR/CB flags
 *   a victim to send                   a WRITEBACK request flagged
 *                                      CP_VICTIM into the SM's bypass queue:
 *                                      it crosses the request network like
 *                                      any write (header + line bytes)
 *   L2 lookup (ws_mempart.c, access)   ws_cpolg_l2_looked: invalidate on a
 *                                      hit, reply flags, Flexclusion's PSEL
 *   L2 fill (ws_mempart.c, complete)   ws_cpolg_l2_filled: keep or drop the
 *                                      line, reply flags for every request
 *                                      the fill releases
 *   victim at the L2 (access)          ws_cpolg_l2_victim: installed clean
 *                                      (ws_cache_warm), no reply
 *   each SM cycle                      ws_cpol_tick (R-EX's RTT period)
 *   launch (ws_gpu.c)                  ws_cpolg_launch: the live allocations
 *                                      are the regions
 *
 * A dirty L1 victim already goes down as the cache's own write-back (the L2
 * takes it as a write): it is counted as a dirty victim and not sent twice. */
#ifndef WS_CPOL_GLUE_H
#define WS_CPOL_GLUE_H

#include "arch/ws_cache.h"
#include "arch/ws_mreq.h"
#include "cpol/ws_cpol.h"

struct ws_opts;
struct ws_sm;
struct ws_memsys;
struct ws_memsys_sub;
struct ws_device;

/* l2.inclusion and the policy parameters; returns the policy name. */
const char *ws_cpolg_params(const struct ws_opts *o, ws_cpol_params *p);
int ws_cpolg_memsys_create(struct ws_memsys *m, const struct ws_opts *o, ws_error *err);
void ws_cpolg_memsys_free(struct ws_memsys *m);
int ws_cpolg_sm_create(struct ws_sm *sm, uint32_t nsms, const struct ws_opts *o, ws_error *err);
void ws_cpolg_launch(struct ws_sm *sm, const struct ws_device *d);
void ws_cpolg_l1_looked(struct ws_sm *sm, ws_mreq *r, const ws_cache_result *res, uint64_t now);
void ws_cpolg_l1_filled(struct ws_sm *sm, const ws_mreq *r, const ws_cache_evict *ev, uint64_t now);
void ws_cpolg_l2_looked(struct ws_memsys *m, struct ws_memsys_sub *s, ws_mreq *r, const ws_cache_result *res,
                        uint64_t c);
void ws_cpolg_l2_filled(struct ws_memsys *m, struct ws_memsys_sub *s, const ws_mreq *r, ws_mreq *chain,
                        uint64_t c);
/* An L1 victim arrived: installed; a dirty L2 line it displaced comes back
 * as a write-back request for DRAM (NULL: none). */
ws_mreq *ws_cpolg_l2_victim(struct ws_memsys *m, struct ws_memsys_sub *s, const ws_mreq *r, uint64_t c);
/* The counters in the statistics registry (cpol.*, only when a policy other
 * than noninclusive runs: the baseline's statistics stay as they were), and
 * the summary line. */
struct ws_gpu;
void ws_cpolg_register(struct ws_gpu *g);
#include <stdio.h>
void ws_cpolg_print(struct ws_gpu *g, FILE *f);
/* The counters of every instance added up (L1s and L2 slices). */
void ws_cpolg_totals(const struct ws_sm *sms, uint32_t nsms, const struct ws_memsys *m, ws_cpol_stats *out);

#endif
