/* ws_file.c: whole-file output through a temporary file and a rename. */
#include "util/ws_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/ws_util.h"

/* fn into f, then flush (and sync when asked) and close: 0 or an errno. */
static int fill(FILE *f, int (*fn)(FILE *f, void *ctx), void *ctx, int sync)
{
    errno = 0;
    int bad = fn(f, ctx) != 0;
    if (!bad)
        bad = fflush(f) != 0 || ferror(f);
    if (!bad && sync)
        bad = fsync(fileno(f)) != 0;
    int e = bad ? (errno ? errno : EIO) : 0;
    if (fclose(f) != 0 && !e)
        e = errno ? errno : EIO;
    return e;
}

/* Whether path names the file open as descriptor fd (/dev/stdout, or the
 * file standard output was redirected to). */
static int same_as_fd(const struct stat *st, int fd)
{
    struct stat o;
    return fstat(fd, &o) == 0 && o.st_dev == st->st_dev && o.st_ino == st->st_ino;
}

int ws_file_write(const char *path, int (*fn)(FILE *f, void *ctx), void *ctx, int *stage)
{
    struct stat st;
    *stage = WS_FILE_WRITE;
    int exists = stat(path, &st) == 0;
    /* standard output or error itself: through its stream, in order with
     * what was printed, without truncating a file it goes to */
    FILE *std = exists && same_as_fd(&st, STDOUT_FILENO) ? stdout
                : exists && same_as_fd(&st, STDERR_FILENO) ? stderr : NULL;
    if (std) {
        errno = 0;
        int bad = fn(std, ctx) != 0;
        if (fflush(std) != 0 || ferror(std))
            bad = 1;
        return bad ? (errno ? errno : EIO) : 0;
    }
    if (exists && !S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode))
            return EISDIR;
        FILE *f = fopen(path, "wb");
        return f ? fill(f, fn, ctx, 0) : errno;
    }
    char *real = NULL;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
        real = realpath(path, NULL);        /* (NULL for a dangling link: the link is replaced) */
    const char *dst = real ? real : path;
    size_t n = strlen(dst);
    char *tmp = ws_xmalloc(n + 40);
    int fd = -1;
    for (int i = 0; i < 100 && fd < 0; i++) {
        snprintf(tmp, n + 40, "%s.tmp%ld.%d", dst, (long)getpid(), i);
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    int e = 0;
    if (fd < 0) {
        e = errno;
        *stage = WS_FILE_TEMP;
    } else {
        FILE *f = fdopen(fd, "wb");
        if (!f) {
            e = errno;
            close(fd);
        } else {
            setvbuf(f, NULL, _IOFBF, 1 << 20);
            e = fill(f, fn, ctx, 1);
        }
        if (!e && rename(tmp, dst) != 0)
            e = errno ? errno : EIO;
        if (e)
            unlink(tmp);
    }
    free(tmp);
    free(real);
    return e;
}

int ws_file_check(const char *path, char *why, size_t n)
{
    struct stat st;
    char q[1040];       /* (names in messages: quoted, ws_str_quote) */
    if (!path[0]) {
        snprintf(why, n, "the file name is empty");
        return EINVAL;
    }
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            snprintf(why, n, "'%s' is a directory", ws_str_quote(q, sizeof q, path, strlen(path), 256));
            return EISDIR;
        }
        /* standard output or error itself: written through its stream */
        if (same_as_fd(&st, STDOUT_FILENO) || same_as_fd(&st, STDERR_FILENO))
            return 0;
        if (access(path, W_OK) != 0) {
            int e = errno;
            snprintf(why, n, "'%s' is not writable (%s)", ws_str_quote(q, sizeof q, path, strlen(path), 256), strerror(e));
            return e;
        }
        if (!S_ISREG(st.st_mode))
            return 0;
    }
    /* a new file, or a regular one replaced through a temporary file
     * beside it (beside the file a symbolic link names) */
    char *real = realpath(path, NULL);
    const char *dst = real ? real : path;
    size_t len = strlen(dst);
    char *dir = ws_xmalloc(len + 2);
    memcpy(dir, dst, len + 1);
    char *slash = strrchr(dir, '/');
    if (!slash)
        strcpy(dir, ".");
    else if (slash == dir)
        dir[1] = '\0';
    else
        *slash = '\0';
    int e = 0;
    if (stat(dir, &st) != 0) {
        e = errno;
        snprintf(why, n, "directory '%s': %s", ws_str_quote(q, sizeof q, dir, strlen(dir), 256), strerror(e));
    } else if (!S_ISDIR(st.st_mode)) {
        e = ENOTDIR;
        snprintf(why, n, "'%s' is not a directory", ws_str_quote(q, sizeof q, dir, strlen(dir), 256));
    } else if (access(dir, W_OK | X_OK) != 0) {
        e = errno;
        snprintf(why, n, "cannot create files in directory '%s' (%s)", ws_str_quote(q, sizeof q, dir, strlen(dir), 256),
                 strerror(e));
    }
    free(dir);
    free(real);
    return e;
}
