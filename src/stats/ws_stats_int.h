/* ws_stats_int.h: the registry's insides, shared by ws_stats.c (registry,
 * derived values, tables, launches), ws_series.c and ws_stats_out.c. */
#ifndef WS_STATS_INT_H
#define WS_STATS_INT_H

#include "stats/ws_stats.h"

typedef struct ws_stat {
    char *name, *desc, *scope;      /* scope "" when unscoped */
    bool derived;
    bool gauge;                     /* a value, not a count: a launch's is the value, not a delta */
    const uint64_t *ptr;            /* counter: instance i at ptr + i * stride bytes */
    size_t count, stride;
    size_t off;                     /* counter: first slot in snapshot arrays */
    ws_stats_derive_fn fn;          /* derived */
    ws_stats_derive_ufn ufn;        /* derived with a context (fn NULL) */
    void *user;
} ws_stat;

#define WS_STATS_CHUNK 64           /* table rows per allocation block */

struct ws_stats_table {
    char *name, *desc;
    char **cols;
    size_t ncols;
    char **keys;                    /* row keys, first-seen order */
    size_t nrows, cap_keys;
    uint64_t *ord;                  /* per row (first-seen order): its sort key */
    size_t *perm;                   /* rows by (ord, first seen): what readers see */
    uint64_t **chunks;              /* rows in blocks of WS_STATS_CHUNK (never moved) */
    size_t nchunks, cap_chunks;
    uint32_t *hash;                 /* open addressing: row + 1, 0 empty */
    size_t hcap;
};

typedef struct ws_launch {
    char *kernel, *extra;
    const char *regs_source;        /* static string; NULL: not given */
    uint32_t regs;                  /* registers per thread */
    uint64_t start, end;
    uint64_t *delta;                /* one per counter slot (ninst at the end) */
    size_t ndelta;
} ws_launch;

struct ws_stats {
    ws_stat *st;
    size_t n, cap;
    size_t ninst;                   /* counter slots (sum of counts) */
    uint32_t *hash;                 /* name -> index + 1 */
    size_t hcap;
    ws_stats_table **tables;
    size_t ntables, cap_tables;
    ws_launch *launches;
    size_t nlaunches, cap_launches;
    bool open;                      /* a launch is open */
    char *kernel;
    const char *regs_source;        /* of the open launch (ws_stats_launch_regs) */
    uint32_t regs;
    uint64_t start;
    uint64_t *snap;                 /* counter slots at begin */
    size_t nsnap;
    /* time series */
    uint64_t interval, next;
    size_t *ser;                    /* indices into st */
    size_t nser;
    uint64_t *samples;              /* per sample: cycle, then nser values (a
                                     * derived column holds a double's bits) */
    size_t nsamples, cap_samples;
    size_t *spl;                    /* per-instance columns: indices into st */
    size_t nspl, wspl;              /* their number, and values per sample (sum of counts) */
    uint64_t *spl_samples;          /* per sample: wspl values, column by column */
    size_t cap_spl;
    char **warn;                    /* ws_stats_warning, in order */
    size_t nwarn, cap_warn;
    struct ws_stats_sec {           /* ws_stats_section, in order */
        char *name;
        ws_stats_section_fn fn;
        void *user;
    } *sec;
    size_t nsec, cap_sec;
};

uint64_t ws_stats_hash_str(const char *s);
long ws_stats_find(const ws_stats *s, const char *name);
uint64_t ws_stats_counter_value(const ws_stat *st, size_t instance);
uint64_t ws_stats_counter_total(const ws_stat *st);
/* Value of entry k over launch l (NULL: current values). */
double ws_stats_eval(const ws_stats *s, const ws_launch *l, size_t k, int instance);
/* Every section as "name": value members of the open object j, over
 * launch l (NULL: the totals). */
void ws_stats_put_sections(const ws_stats *s, const ws_launch *l, struct ws_json *j);

#endif
