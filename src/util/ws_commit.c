/* ws_commit.c: the build's commit (see ws_commit.h).  The string comes
 * from ws_commit_id.h, which make rewrites only when the commit changes,
 * so that only this file is recompiled. */
#include "util/ws_commit.h"
#include "ws_commit_id.h"

const char *ws_commit(void)
{
    return WS_COMMIT_ID;
}
