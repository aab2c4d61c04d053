/* ws_tui_views.c: the table of views, in the order of the 1-9 and 0 keys. */
#include "config.h"
#include "tui/ws_tui.h"

#include <string.h>

const ws_view *const ws_tui_views[] = {
    &ws_view_warps, &ws_view_warp, &ws_view_stalls, &ws_view_caches,
    &ws_view_prefetch, &ws_view_memory, &ws_view_source, &ws_view_console, &ws_view_iru,
    &ws_view_mff,
};
const int ws_tui_nviews = (int)(sizeof ws_tui_views / sizeof ws_tui_views[0]);

ws_view_state *ws_tui_vstate(ws_tui *t, const ws_view *v)
{
    int n = (int)(sizeof t->vs / sizeof t->vs[0]);
    for (int i = 0; i < ws_tui_nviews && i < n; i++)
        if (ws_tui_views[i] == v)
            return &t->vs[i];
    return &t->vs[n - 1];
}

bool ws_tui_scroll_key(int k, int *pos, int page)
{
    switch (k) {
    case KEY_UP: case 'k': *pos -= 1; break;
    case KEY_DOWN: case 'j': *pos += 1; break;
    case KEY_PPAGE: *pos -= page; break;
    case KEY_NPAGE: *pos += page; break;
    case KEY_HOME: *pos = 0; break;
    case KEY_END: *pos = 1 << 30; break;
    default: return false;
    }
    if (*pos < 0) *pos = 0;
    return true;
}

int ws_tui_view_find(const char *name)
{
    int found = -1;
    size_t n = strlen(name);
    for (int i = 0; i < ws_tui_nviews; i++) {
        if (!strcmp(ws_tui_views[i]->name, name))
            return i;
        if (n && !strncmp(ws_tui_views[i]->name, name, n))
            found = found == -1 ? i : -2;
    }
    return found < 0 ? -1 : found;
}

bool ws_tui_view_shown(ws_tui *t, int i)
{
    return i >= 0 && i < ws_tui_nviews && (!ws_tui_views[i]->shown || ws_tui_views[i]->shown(t));
}
