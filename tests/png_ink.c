/* png_ink: how much of a PNG screenshot is drawn on (tests/report_browser.sh).
 *
 *   png_ink FILE.png   prints "WIDTH HEIGHT INKED COLOURED"
 *
 * INKED: pixels that are not the white background; COLOURED: pixels of a
 * saturated colour (the largest channel at least 64 above the smallest),
 * which text and rules (black and greys) never are, and a plot's series
 * and bars always are.  Reads 8-bit RGB or RGBA, not interlaced (what
 * Chromium writes), with zlib; anything else is refused with a message and
 * status 1. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int fail(const char *path, const char *why)
{
    fprintf(stderr, "png_ink: %s: %s\n", path, why);
    return 1;
}

static int paeth(int a, int b, int c)
{
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: png_ink FILE.png\n");
        return 2;
    }
    const char *path = argv[1];
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail(path, "cannot open it");
    unsigned char *buf = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            cap = cap ? cap * 2 : 1 << 16;
            unsigned char *nb = realloc(buf, cap);
            if (!nb) {
                fclose(f);
                free(buf);
                return fail(path, "out of memory");
            }
            buf = nb;
        }
        size_t n = fread(buf + len, 1, cap - len, f);
        if (n == 0)
            break;
        len += n;
    }
    fclose(f);
    static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
    int rc = 1;
    unsigned char *idat = NULL, *raw = NULL;
    size_t nidat = 0;
    uint32_t w = 0, h = 0;
    int bpp = 0;
    if (len < 8 || memcmp(buf, sig, 8) != 0) {
        rc = fail(path, "not a PNG file");
        goto out;
    }
    for (size_t p = 8; p + 12 <= len;) {
        uint32_t n = be32(buf + p);
        const unsigned char *type = buf + p + 4, *data = buf + p + 8;
        if (n > len - p - 12) {
            rc = fail(path, "a chunk runs past the end of the file (truncated?)");
            goto out;
        }
        if (!memcmp(type, "IHDR", 4)) {
            if (n < 13) {
                rc = fail(path, "a short IHDR chunk");
                goto out;
            }
            w = be32(data);
            h = be32(data + 4);
            if (data[8] != 8 || (data[9] != 2 && data[9] != 6) || data[12] != 0) {
                rc = fail(path, "only 8-bit RGB or RGBA without interlacing is read");
                goto out;
            }
            bpp = data[9] == 6 ? 4 : 3;
        } else if (!memcmp(type, "IDAT", 4)) {
            unsigned char *ni = realloc(idat, nidat + n + 1);
            if (!ni) {
                rc = fail(path, "out of memory");
                goto out;
            }
            idat = ni;
            memcpy(idat + nidat, data, n);
            nidat += n;
        } else if (!memcmp(type, "IEND", 4)) {
            break;
        }
        p += 12 + (size_t)n;
    }
    if (!bpp || !w || !h || w > 100000 || h > 100000) {
        rc = fail(path, "no IHDR chunk, or an image of no (or absurd) size");
        goto out;
    }
    size_t stride = (size_t)w * (size_t)bpp;
    uLongf rawlen = (uLongf)((stride + 1) * h);
    raw = malloc(rawlen);
    if (!raw) {
        rc = fail(path, "out of memory");
        goto out;
    }
    uLongf got = rawlen;
    if (uncompress(raw, &got, idat, (uLong)nidat) != Z_OK || got != rawlen) {
        rc = fail(path, "the image data does not inflate to its size");
        goto out;
    }
    uint64_t inked = 0, coloured = 0;
    for (uint32_t y = 0; y < h; y++) {
        unsigned char *row = raw + y * (stride + 1), *cur = row + 1;
        const unsigned char *prev = y ? raw + (y - 1) * (stride + 1) + 1 : NULL;
        int ft = row[0];
        for (size_t i = 0; i < stride; i++) {
            int a = i >= (size_t)bpp ? cur[i - bpp] : 0, b = prev ? prev[i] : 0;
            int c = prev && i >= (size_t)bpp ? prev[i - bpp] : 0;
            switch (ft) {
            case 0: break;
            case 1: cur[i] = (unsigned char)(cur[i] + a); break;
            case 2: cur[i] = (unsigned char)(cur[i] + b); break;
            case 3: cur[i] = (unsigned char)(cur[i] + (a + b) / 2); break;
            case 4: cur[i] = (unsigned char)(cur[i] + paeth(a, b, c)); break;
            default:
                rc = fail(path, "an unknown row filter");
                goto out;
            }
        }
        for (uint32_t x = 0; x < w; x++) {
            const unsigned char *px = cur + (size_t)x * (size_t)bpp;
            int r = px[0], g = px[1], bl = px[2];
            int mx = r > g ? (r > bl ? r : bl) : (g > bl ? g : bl);
            int mn = r < g ? (r < bl ? r : bl) : (g < bl ? g : bl);
            if (r != 255 || g != 255 || bl != 255)
                inked++;
            if (mx - mn >= 64)
                coloured++;
        }
    }
    printf("%u %u %llu %llu\n", (unsigned)w, (unsigned)h, (unsigned long long)inked, (unsigned long long)coloured);
    rc = 0;
out:
    free(buf);
    free(idat);
    free(raw);
    return rc;
}
