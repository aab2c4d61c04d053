#include "config.h"
#include "util/ws_paths.h"
#include "ws_dirs.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int is_dir_with_lib(const char *dir)
{
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s/lua/warpscope.lua", dir);
    return access(p, R_OK) == 0;
}

/* True when the running executable sits in the build tree's top directory. */
static int running_uninstalled(void)
{
    char exe[PATH_MAX], build[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return 0;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return 0;
    *slash = '\0';
    if (!realpath(WS_BUILDDIR, build))
        return 0;
    return strcmp(exe, build) == 0;
}

const char *ws_paths_datadir(void)
{
    const char *env = getenv("WARPSCOPE_DATADIR");
    if (env && *env)
        return env;
    if (running_uninstalled() && is_dir_with_lib(WS_SRCDIR))
        return WS_SRCDIR;
    return WS_PKGDATADIR;
}

char *ws_paths_data(char *buf, size_t size, const char *rel)
{
    snprintf(buf, size, "%s/%s", ws_paths_datadir(), rel);
    return buf;
}
