/* ws_file.h: writing a whole output file so that a failure never leaves a
 * half-written one in its place. */
#ifndef WS_FILE_H
#define WS_FILE_H

#include <stdio.h>

/* What failed (ws_file_write's *stage). */
enum { WS_FILE_WRITE = 0, WS_FILE_TEMP = 1 };

/* Write `path` with fn(f, ctx), which returns 0 or nonzero on failure (with
 * errno set).  A regular file, or a path that does not exist yet, is
 * replaced whole: fn writes a new temporary file beside it, which is synced
 * and renamed into place, so that a failure leaves the old file as it was.
 * Through a symbolic link the file it names is replaced and the link stays.
 * The file standard output or standard error goes to (/dev/stdout, or the
 * file it was redirected to) is written through that stream, after what was
 * printed; anything else that exists (a pipe, a terminal, /dev/null) is
 * written in place.  Returns 0, or the errno value of the failure, with
 * *stage telling whether the temporary file could not be created
 * (WS_FILE_TEMP) or the writing failed (WS_FILE_WRITE). */
int ws_file_write(const char *path, int (*fn)(FILE *f, void *ctx), void *ctx, int *stage);

/* Whether ws_file_write(path) can be expected to work, asked before the
 * work that produces the file (a run of minutes should not end in "cannot
 * write"): 0, or an errno value with the reason in why (n bytes): an empty
 * name, a directory, a directory to create it in that does not exist or
 * is not writable, an existing file that is not writable.  A file that
 * exists and is not a regular file (a pipe, /dev/null, a terminal) is
 * written in place and needs only to be writable; the file standard output
 * or error goes to is written through that stream and always passes. */
int ws_file_check(const char *path, char *why, size_t n);

#endif
