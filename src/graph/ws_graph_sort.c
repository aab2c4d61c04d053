/* In-place sorts for adjacency lists (keys with an optional companion array
 * of weights) and id arrays: introsort (quicksort, median of three, heapsort
 * past a depth limit, insertion sort for short runs), O(n log n) worst case,
 * no allocation. */
#include "graph/ws_graph_priv.h"

#include <stddef.h>

static int adj_less(const int32_t *k, const int32_t *v, size_t i, size_t j)
{
    return k[i] < k[j] || (k[i] == k[j] && v && v[i] < v[j]);
}

static void adj_swap(int32_t *k, int32_t *v, size_t i, size_t j)
{
    int32_t t = k[i];
    k[i] = k[j];
    k[j] = t;
    if (v) {
        t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}

static void adj_sift(int32_t *k, int32_t *v, size_t root, size_t n)
{
    for (;;) {
        size_t c = 2 * root + 1;
        if (c >= n)
            return;
        if (c + 1 < n && adj_less(k, v, c, c + 1))
            c++;
        if (!adj_less(k, v, root, c))
            return;
        adj_swap(k, v, root, c);
        root = c;
    }
}

static void adj_heap(int32_t *k, int32_t *v, size_t n)
{
    for (size_t i = n / 2; i-- > 0;)
        adj_sift(k, v, i, n);
    for (size_t i = n; i-- > 1;) {
        adj_swap(k, v, 0, i);
        adj_sift(k, v, 0, i);
    }
}

static void adj_insertion(int32_t *k, int32_t *v, size_t n)
{
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && adj_less(k, v, j, j - 1); j--)
            adj_swap(k, v, j, j - 1);
}

static void adj_intro(int32_t *k, int32_t *v, size_t n, int depth)
{
    while (n > 16) {
        if (depth-- == 0) {
            adj_heap(k, v, n);
            return;
        }
        size_t mid = n / 2, last = n - 1;
        if (adj_less(k, v, mid, 0))
            adj_swap(k, v, mid, 0);
        if (adj_less(k, v, last, 0))
            adj_swap(k, v, last, 0);
        if (adj_less(k, v, last, mid))
            adj_swap(k, v, last, mid);
        /* k[0] <= median <= k[last]: the median is the pivot, parked at 1;
         * k[0] and k[last] are sentinels for the scans. */
        adj_swap(k, v, mid, 1);
        size_t i = 1, j = last;
        for (;;) {
            do
                i++;
            while (adj_less(k, v, i, 1));
            do
                j--;
            while (adj_less(k, v, 1, j));
            if (i >= j)
                break;
            adj_swap(k, v, i, j);
        }
        adj_swap(k, v, 1, j);
        size_t ln = j, rn = n - j - 1;
        if (ln < rn) {
            adj_intro(k, v, ln, depth);
            k += j + 1;
            if (v)
                v += j + 1;
            n = rn;
        } else {
            adj_intro(k + j + 1, v ? v + j + 1 : NULL, rn, depth);
            n = ln;
        }
    }
    adj_insertion(k, v, n);
}

static int depth_limit(size_t n)
{
    int d = 0;
    while (n > 1) {
        n >>= 1;
        d++;
    }
    return 2 * d + 2;
}

void ws_graph_sort_adj(int32_t *col, int32_t *w, size_t n)
{
    /* Fast path: already sorted (generators and sorted files). */
    size_t i = 1;
    while (i < n && !adj_less(col, w, i, i - 1))
        i++;
    if (i >= n)
        return;
    adj_intro(col, w, n, depth_limit(n));
}

/* Introsort on plain unsigned keys: median-of-three quicksort that recurses
 * into the smaller side, heapsort once the depth limit is spent, insertion
 * sort below 17 elements.  One definition serves the vertex ids (uint32: an
 * LSD radix sort would need a second array) and the packed edge pairs
 * (uint64, u << 32 | v). */
#define WS_DEFINE_KEY_SORT(P, T)                                                    \
    static void P##_swap(T *a, size_t i, size_t j)                                  \
    {                                                                               \
        T t = a[i];                                                                 \
        a[i] = a[j];                                                                \
        a[j] = t;                                                                   \
    }                                                                               \
                                                                                    \
    static void P##_sift(T *a, size_t root, size_t n)                               \
    {                                                                               \
        for (;;) {                                                                  \
            size_t c = 2 * root + 1;                                                \
            if (c >= n)                                                             \
                return;                                                             \
            if (c + 1 < n && a[c] < a[c + 1])                                       \
                c++;                                                                \
            if (!(a[root] < a[c]))                                                  \
                return;                                                             \
            P##_swap(a, root, c);                                                   \
            root = c;                                                               \
        }                                                                           \
    }                                                                               \
                                                                                    \
    static void P##_intro(T *a, size_t n, int depth)                                \
    {                                                                               \
        while (n > 16) {                                                            \
            if (depth-- == 0) {                                                     \
                for (size_t i = n / 2; i-- > 0;)                                    \
                    P##_sift(a, i, n);                                              \
                for (size_t i = n; i-- > 1;) {                                      \
                    P##_swap(a, 0, i);                                              \
                    P##_sift(a, 0, i);                                              \
                }                                                                   \
                return;                                                             \
            }                                                                       \
            size_t mid = n / 2, last = n - 1;                                       \
            if (a[mid] < a[0])                                                      \
                P##_swap(a, mid, 0);                                                \
            if (a[last] < a[0])                                                     \
                P##_swap(a, last, 0);                                               \
            if (a[last] < a[mid])                                                   \
                P##_swap(a, last, mid);                                             \
            P##_swap(a, mid, 1);                                                    \
            T p = a[1];                                                             \
            size_t i = 1, j = last;                                                 \
            for (;;) {                                                              \
                do                                                                  \
                    i++;                                                            \
                while (a[i] < p);                                                   \
                do                                                                  \
                    j--;                                                            \
                while (p < a[j]);                                                   \
                if (i >= j)                                                         \
                    break;                                                          \
                P##_swap(a, i, j);                                                  \
            }                                                                       \
            P##_swap(a, 1, j);                                                      \
            size_t ln = j, rn = n - j - 1;                                          \
            if (ln < rn) {                                                          \
                P##_intro(a, ln, depth);                                            \
                a += j + 1;                                                         \
                n = rn;                                                             \
            } else {                                                                \
                P##_intro(a + j + 1, rn, depth);                                    \
                n = ln;                                                             \
            }                                                                       \
        }                                                                           \
        for (size_t i = 1; i < n; i++)                                              \
            for (size_t j = i; j > 0 && a[j] < a[j - 1]; j--)                       \
                P##_swap(a, j, j - 1);                                              \
    }

WS_DEFINE_KEY_SORT(u32, uint32_t)
WS_DEFINE_KEY_SORT(u64, uint64_t)

size_t ws_graph_sort_unique_u32(uint32_t *a, size_t n)
{
    if (n < 2)
        return n;
    u32_intro(a, n, depth_limit(n));
    size_t o = 1;
    for (size_t i = 1; i < n; i++)
        if (a[i] != a[o - 1])
            a[o++] = a[i];
    return o;
}

void ws_graph_sort_u64(uint64_t *a, size_t n)
{
    if (n > 1)
        u64_intro(a, n, depth_limit(n));
}
