/* ws_pf_tab.h: what the table-based pattern prefetchers (stride, stridepc,
 * ghb, ghb-stride) share: a set-associative table with LRU replacement
 * whose entries begin with a ws_pf_tag, the RPT stride state machine, the
 * global history buffer, and the issue of strided candidates. */
#ifndef WS_PF_TAB_H
#define WS_PF_TAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pf/ws_pf.h"

/* The first member of every entry. */
typedef struct ws_pf_tag {
    uint64_t key;           /* what the table is indexed by: region, PC, CZone */
    uint64_t stamp;         /* last use (LRU) */
    uint32_t wid;           /* warp slot in the warp-trained forms, else 0 */
    uint8_t valid;
} ws_pf_tag;

typedef struct ws_pf_tab {
    ws_pf_ctx *x;           /* counts the table's reads and writes (tab_reads, tab_writes) */
    uint8_t *e;             /* entries * esize bytes */
    size_t esize;
    uint32_t entries, ways, sets;
    uint64_t clock;         /* LRU stamps */
    uint64_t allocations, replacements;
} ws_pf_tab;

/* [choice] The papers give only entry counts: the tables are 16-way set
 * associative (fully associative up to 16 entries) with LRU replacement, so
 * a lookup costs O(ways).  The ways are the largest divisor of the entry
 * count not above 16 (1024 entries: 64 sets of 16; 128: 8 sets of 16). */
void ws_pf_tab_init(ws_pf_tab *t, ws_pf_ctx *x, uint32_t entries, size_t esize);
void ws_pf_tab_free(ws_pf_tab *t);
static inline void *ws_pf_tab_at(const ws_pf_tab *t, uint32_t i)
{
    return t->e + (size_t)i * t->esize;
}
/* The entry of (key, wid), or NULL when absent (nothing changes but the
 * read count: one table read). */
void *ws_pf_tab_find(const ws_pf_tab *t, uint64_t key, uint32_t wid);
/* The entry of (key, wid) (*fresh = false), or else its set's LRU victim
 * (the lowest invalid way first), zeroed and given key and wid (*fresh =
 * true).  Either way the entry is touched (most recently used).  Counts one
 * table read, and one write when it allocates; a caller that then updates a
 * found entry counts that write itself. */
void *ws_pf_tab_get(ws_pf_tab *t, uint64_t key, uint32_t wid, bool *fresh);

/* The RPT of stride and stridepc (Chen and Baer): an entry per key (region
 * or PC) with the key's last address, stride and state.  Each new delta
 * moves the state machine; the stride is replaced on a wrong prediction
 * except when the entry falls back from steady to initial.  An entry
 * predicts when steady with a non-zero stride ([choice] a zero stride
 * predicts nothing). */
enum { WS_RPT_INIT = 0, WS_RPT_TRANSIENT, WS_RPT_STEADY, WS_RPT_NOPRED };
typedef struct ws_pf_rpt {
    ws_pf_tag t;            /* key: region number or PC */
    uint64_t last;          /* last address seen */
    int64_t stride;         /* bytes */
    uint8_t state;          /* WS_RPT_* */
} ws_pf_rpt;
static inline bool ws_pf_rpt_predicts(const ws_pf_rpt *e)
{
    return e->state == WS_RPT_STEADY && e->stride != 0;
}
/* Train the entry of (key, wid) in t (a table of ws_pf_rpt) with addr: a
 * new entry only remembers addr (initial, stride 0).  Returns the entry when
 * it now predicts, else NULL.  One table read and one write either way. */
ws_pf_rpt *ws_pf_rpt_see(ws_pf_tab *t, uint64_t key, uint32_t wid, uint64_t addr);

/* A global history buffer (Nesbit and Smith) of ghb and ghb-stride: a
 * circular buffer of miss lines, each linked to the previous miss of the
 * same key (CZone or PC), and an index table from key to the key's newest
 * entry.  Entries are named by sequence numbers (slot = q % n); an entry is
 * live until it is overwritten. */
#define WS_PF_GHBUF_NONE UINT64_MAX
typedef struct ws_pf_ghbuf_slot {
    int64_t line;           /* line number (address / line) */
    uint64_t link;          /* sequence number of the key's previous entry, or NONE */
} ws_pf_ghbuf_slot;
typedef struct ws_pf_ghbuf_index {
    ws_pf_tag t;            /* key: CZone number or PC */
    uint64_t ptr;           /* sequence number of the key's newest entry */
} ws_pf_ghbuf_index;
typedef struct ws_pf_ghbuf {
    ws_pf_ghbuf_slot *g;
    uint32_t n;
    uint64_t head;          /* sequence number of the next insertion */
    ws_pf_tab it;           /* the index table (ws_pf_ghbuf_index entries) */
} ws_pf_ghbuf;
void ws_pf_ghbuf_init(ws_pf_ghbuf *h, ws_pf_ctx *x, uint32_t entries, uint32_t index_entries);
void ws_pf_ghbuf_free(ws_pf_ghbuf *h);
static inline bool ws_pf_ghbuf_live(const ws_pf_ghbuf *h, uint64_t q)
{
    return q != WS_PF_GHBUF_NONE && q < h->head && h->head - q <= h->n;
}
static inline const ws_pf_ghbuf_slot *ws_pf_ghbuf_at(const ws_pf_ghbuf *h, uint64_t q)
{
    return &h->g[q % h->n];
}
/* Record a miss on `line` as the newest of (key, wid) and return its
 * sequence number; [choice] the key's newest live line again (another warp
 * or request on the same line) is not a new miss: nothing is inserted and
 * NONE is returned.  Counts one index read (+ one write when it allocates),
 * one buffer read when the key's newest entry is live, and on an insertion
 * one buffer write and (a found index entry) one index write.  Readers of
 * buffer entries (ws_pf_ghbuf_at) count their reads themselves. */
uint64_t ws_pf_ghbuf_insert(ws_pf_ghbuf *h, uint64_t key, uint32_t wid, int64_t line);
/* The inspection tables "index" (columns keycol (keybits wide), wid, ptr)
 * and "ghb" (slot, addr, link); pointers are slots, -1 when overwritten. */
void ws_pf_ghbuf_inspect(const ws_pf_ghbuf *h, ws_pf_insp *in, const char *keycol, uint8_t keybits, bool warp,
                       int64_t line_bytes);

/* Issue addr + (distance + k) * stride for k < degree, for warp wid.
 * [choice] Candidates in `line` (the trigger's) or in the previous
 * candidate's line (strides below a line) are not issued, and none wraps
 * past an end of the address space.  Returns how many were issued. */
uint32_t ws_pf_issue_strided(ws_pf_ctx *x, uint64_t addr, uint64_t line, int64_t stride, uint32_t wid);

#endif
