/* ws_commit.h: which source tree this program was built from. */
#ifndef WS_COMMIT_H
#define WS_COMMIT_H

/* The commit the build's sources came from, as `git describe --always
 * --dirty` gave it at build time ("5f8b6fd", "5f8b6fd-dirty" when the
 * tree had uncommitted changes), the commit a release tarball records in
 * its .commit file, or "unknown".  Experiments write it into their JSON so
 * that every published number names the tree that produced it. */
const char *ws_commit(void);

#endif
