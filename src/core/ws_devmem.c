/* ws_devmem.c: device memory: named allocations in a 64-bit address space.
 *
 * Allocations are placed by a bump pointer from WS_GEN_GLOBAL_BASE, each
 * 256-byte aligned and followed by at least 4 KB of unmapped space, and
 * never reused after a free, so stray accesses fault and messages can name
 * freed allocations.  Live allocations are kept sorted by address (they are
 * created in increasing address order) for binary search. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ws_core_int.h"
#include "util/ws_util.h"

#define WS_ALLOC_ALIGN 256u
#define WS_ALLOC_GAP 4096u

static uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) & ~(a - 1); }

/* Index of the first live allocation with addr > a. */
static size_t upper(const ws_device *d, uint64_t a)
{
    size_t lo = 0, hi = d->nlive;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (d->live[mid]->a.addr <= a)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

const ws_alloc *ws_devmem_lookup(const ws_device *d, uint64_t addr)
{
    size_t i = upper(d, addr);
    if (i == 0)
        return NULL;
    const ws_alloc *a = &d->live[i - 1]->a;
    return addr - a->addr < a->size ? a : NULL;
}

const ws_alloc *ws_devmem_find(const ws_device *d, uint64_t addr) { return ws_devmem_lookup(d, addr); }

static int alloc_rec(ws_device *d, uint64_t size, const char *name, int32_t module, uint64_t *out,
                     ws_error *err)
{
    if (size > (1ull << 40))
        return ws_error_set(err, WS_E_RANGE, "cannot allocate %" PRIu64 " bytes for '%s': at most 1 TB",
                            size, name ? name : "");
    if (d->bytes_limit && size > d->bytes_limit - (d->bytes_in_use < d->bytes_limit ? d->bytes_in_use : d->bytes_limit))
        return ws_error_set(err, WS_E_NOMEM,
                            "cannot allocate %" PRIu64 " bytes for '%s': the device memory limit is %" PRIu64
                            " bytes (%" PRIu64 " in use)", size, name ? name : "", d->bytes_limit, d->bytes_in_use);
    uint64_t addr = align_up(d->next_addr, WS_ALLOC_ALIGN);
    uint8_t *data = calloc(1, size ? (size_t)size : 1);
    if (!data)
        return ws_error_set(err, WS_E_NOMEM, "cannot allocate %" PRIu64 " bytes for '%s': out of host memory", size,
                            name ? name : "");
    ws_alloc_rec *r = ws_xcalloc(1, sizeof *r);
    r->name_own = ws_xstrdup(name ? name : "");
    r->a.addr = addr;
    r->a.size = size;
    r->a.name = r->name_own;
    r->a.id = d->next_id++;
    r->a.module = module;
    r->a.data = data;
    d->next_addr = align_up(addr + size, WS_ALLOC_ALIGN) + WS_ALLOC_GAP;
    WS_GROW(d->live, d->cap_live, d->nlive + 1);
    d->live[d->nlive++] = r;      /* addresses only grow: stays sorted */
    d->bytes_in_use += size;
    *out = addr;
    return 0;
}

uint64_t ws_devmem_alloc(ws_device *d, uint64_t size, const char *name, ws_error *err)
{
    uint64_t a = 0;
    if (alloc_rec(d, size, name, -1, &a, err) < 0)
        return 0;
    return a;
}

int ws_devmem_add_module_var(ws_device *d, uint64_t size, const char *name, int32_t module,
                             uint64_t *addr, ws_error *err)
{
    return alloc_rec(d, size, name, module, addr, err);
}

int ws_devmem_free(ws_device *d, uint64_t addr, ws_error *err)
{
    size_t i = upper(d, addr);
    if (i == 0 || d->live[i - 1]->a.addr != addr) {
        char where[256];
        ws_devmem_describe(d, addr, where, sizeof where);
        return ws_error_set(err, WS_E_RANGE, "cannot free 0x%" PRIx64 ": not the start of an allocation (%s)",
                            addr, where);
    }
    ws_alloc_rec *r = d->live[i - 1];
    memmove(&d->live[i - 1], &d->live[i], (d->nlive - i) * sizeof *d->live);
    d->nlive--;
    d->bytes_in_use -= r->a.size;
    free(r->a.data);
    r->a.data = NULL;
    r->freed = true;
    d->free_gen++;
    WS_GROW(d->dead, d->cap_dead, d->ndead + 1);
    d->dead[d->ndead++] = r;
    return 0;
}

static ws_alloc *range(const ws_device *d, uint64_t addr, uint64_t n, const char *what, ws_error *err)
{
    const ws_alloc *a = ws_devmem_lookup(d, addr);
    if (!a || n > a->size - (addr - a->addr)) {
        char where[256];
        ws_devmem_describe(d, addr, where, sizeof where);
        if (a)
            ws_error_set(err, WS_E_RANGE,
                         "cannot %s %" PRIu64 " bytes at 0x%" PRIx64 ": the range runs %" PRIu64
                         " bytes past the end of '%s' (%" PRIu64 " bytes at 0x%" PRIx64 ")",
                         what, n, addr, n - (a->size - (addr - a->addr)), a->name, a->size, a->addr);
        else
            ws_error_set(err, WS_E_RANGE, "cannot %s %" PRIu64 " bytes at 0x%" PRIx64 ": %s", what, n, addr,
                         where);
        return NULL;
    }
    return (ws_alloc *)a;
}

int ws_devmem_write(ws_device *d, uint64_t addr, const void *src, uint64_t n, ws_error *err)
{
    if (n == 0)
        return 0;
    ws_alloc *a = range(d, addr, n, "write", err);
    if (!a)
        return -1;
    memcpy(a->data + (addr - a->addr), src, (size_t)n);
    return 0;
}

int ws_devmem_read(const ws_device *d, uint64_t addr, void *dst, uint64_t n, ws_error *err)
{
    if (n == 0)
        return 0;
    ws_alloc *a = range(d, addr, n, "read", err);
    if (!a)
        return -1;
    memcpy(dst, a->data + (addr - a->addr), (size_t)n);
    return 0;
}

int ws_devmem_memset(ws_device *d, uint64_t addr, int byte, uint64_t n, ws_error *err)
{
    if (n == 0)
        return 0;
    ws_alloc *a = range(d, addr, n, "set", err);
    if (!a)
        return -1;
    memset(a->data + (addr - a->addr), byte, (size_t)n);
    return 0;
}

void *ws_devmem_ptr(ws_device *d, uint64_t addr, uint64_t n, ws_error *err)
{
    ws_alloc *a = range(d, addr, n ? n : 1, "access", err);
    return a ? a->data + (addr - a->addr) : NULL;
}

const ws_alloc *ws_devmem_nearest(const ws_device *d, uint64_t addr)
{
    size_t i = upper(d, addr);
    const ws_alloc *before = i > 0 ? &d->live[i - 1]->a : NULL;
    const ws_alloc *after = i < d->nlive ? &d->live[i]->a : NULL;
    if (before && addr - before->addr < before->size)
        return before;
    if (!before)
        return after;
    if (!after)
        return before;
    uint64_t end = before->addr + before->size;
    return addr - end <= after->addr - addr ? before : after;
}

size_t ws_devmem_describe(const ws_device *d, uint64_t addr, char *buf, size_t size)
{
    int n;
    /* inside a freed allocation? */
    for (size_t i = d->ndead; i-- > 0;) {
        const ws_alloc *a = &d->dead[i]->a;
        if (addr - a->addr < (a->size ? a->size : 1)) {
            n = snprintf(buf, size, "%" PRIu64 " bytes into '%s' (%" PRIu64 " bytes at 0x%" PRIx64
                         "), which was freed", addr - a->addr, a->name, a->size, a->addr);
            return n < 0 ? 0 : (size_t)n;
        }
    }
    const ws_alloc *a = ws_devmem_nearest(d, addr);
    if (!a)
        n = snprintf(buf, size, "no device memory is allocated");
    else if (addr < a->addr)
        n = snprintf(buf, size, "%" PRIu64 " bytes before the start of '%s' (%" PRIu64 " bytes at 0x%" PRIx64 ")",
                     a->addr - addr, a->name, a->size, a->addr);
    else if (addr - a->addr < a->size)
        n = snprintf(buf, size, "%" PRIu64 " bytes into '%s' (%" PRIu64 " bytes at 0x%" PRIx64 ")",
                     addr - a->addr, a->name, a->size, a->addr);
    else
        n = snprintf(buf, size, "%" PRIu64 " bytes past the end of '%s' (%" PRIu64 " bytes at 0x%" PRIx64 ")",
                     addr - (a->addr + a->size), a->name, a->size, a->addr);
    return n < 0 ? 0 : (size_t)n;
}

size_t ws_devmem_count(const ws_device *d) { return d->nlive; }
const ws_alloc *ws_devmem_at(const ws_device *d, size_t i) { return i < d->nlive ? &d->live[i]->a : NULL; }

int ws_devmem_set_tag(ws_device *d, uint64_t addr, uint32_t tag, ws_error *err)
{
    ws_alloc *a = (ws_alloc *)ws_devmem_lookup(d, addr);
    if (!a)
        return ws_error_set(err, WS_E_RANGE, "cannot tag 0x%" PRIx64 ": not inside an allocation", addr);
    a->tag = tag;
    return 0;
}

uint64_t ws_devmem_bytes_in_use(const ws_device *d) { return d->bytes_in_use; }
