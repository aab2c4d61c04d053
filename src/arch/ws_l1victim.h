/* ws_l1victim.h: a small fully-associative victim cache beside an L1D
 * (l1d.victim; seed 001, Sec. 4.4.5, Table 11: "1KB victim cache per L1
 * cache" for the equal-cost comparison of the inclusion policies).
 *
 * One per SM, its own state, no globals.  It holds the line addresses the
 * L1D evicts, in LRU order (entries = l1d.victim / l1d.line).  The LD/ST
 * unit calls ws_l1v_lookup before each L1D access (ws_ldst.c): a read that
 * would miss in the L1D and finds its line here swaps it back (the line is
 * installed in the L1D with ws_cache_insert and the L1D's own victim takes
 * its place here), so the access hits in the L1D and nothing goes to the
 * L2; the hit costs l1d.victim_latency cycles more than an L1 hit.
 * ws_l1v_evicted takes every line the L1D evicts (at an access or a fill).
 * The L1D of the presets is write-through or write-evict for global data
 * (l1d.write local-wb: global stores write through), so its victims are
 * clean; a dirty victim of a write-back L1 already goes down as the L1's
 * own write-back, and its copy here is clean.  A write or atomic to a line
 * held here drops it (the copy would be stale).  When the L1D drops all its
 * lines (l1d.invalidate) the victim cache is emptied too. */
#ifndef WS_L1VICTIM_H
#define WS_L1VICTIM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "util/ws_error.h"

typedef struct ws_l1v_stats {
    uint64_t hits;          /* L1D read misses found here (swapped back) */
    uint64_t misses;        /* L1D read misses not found here */
    uint64_t inserts;       /* L1D victims put here */
} ws_l1v_stats;

typedef struct ws_l1v ws_l1v;

/* bytes must be a multiple of line and at most 64 KB (0: NULL, no error). */
ws_l1v *ws_l1v_create(uint32_t bytes, uint32_t line, ws_l1v_stats *st, ws_error *err);
void ws_l1v_free(ws_l1v *v);
/* Whether the line of addr is here (no change). */
bool ws_l1v_has(const ws_l1v *v, uint64_t addr);
/* Remove the line of addr (true when it was here); counts nothing. */
bool ws_l1v_remove(ws_l1v *v, uint64_t addr);
/* Put the line of addr here as the most recently used (the least recently
 * used leaves when full; a line already here only moves); counts an insert. */
void ws_l1v_put(ws_l1v *v, uint64_t addr);
void ws_l1v_clear(ws_l1v *v);
/* The lines held, most recently used first (out has room for the entries);
 * returns how many. */
uint32_t ws_l1v_lines(const ws_l1v *v, uint64_t *out);
uint32_t ws_l1v_entries(const ws_l1v *v);

/* The model's side (ws_l1victim_sm.c). */
struct ws_sm;
struct ws_mreq;
struct ws_cache_evict;
struct ws_opts;
int ws_l1v_sm_create(struct ws_sm *sm, const struct ws_opts *o, ws_error *err);
/* Before the L1D access of r: the extra cycles of a victim-cache hit (0:
 * none), after which r hits in the L1D. */
uint32_t ws_l1v_lookup(struct ws_sm *sm, const struct ws_mreq *r, uint64_t now);
/* After that access: counts a miss found by ws_l1v_lookup unless the L1D
 * refused the access (RESFAIL: it is tried again), and takes its victim. */
struct ws_cache_result;
void ws_l1v_accessed(struct ws_sm *sm, const struct ws_cache_result *res);
/* A line the L1D evicted at a fill. */
void ws_l1v_evicted(struct ws_sm *sm, const struct ws_cache_evict *ev);
struct ws_gpu;
void ws_l1v_register(struct ws_gpu *g);
void ws_l1v_print(struct ws_gpu *g, FILE *f);

#endif
