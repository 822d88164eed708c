// libsixel's header, plus its status macros as functions (Swift does not import
// function-like macros).
#include <sixel.h>

static inline int badger_sixel_succeeded(SIXELSTATUS status) { return SIXEL_SUCCEEDED(status); }
static inline int badger_sixel_pixelformat_rgb888(void) { return SIXEL_PIXELFORMAT_RGB888; }
static inline int badger_sixel_pixelformat_pal8(void) { return SIXEL_PIXELFORMAT_PAL8; }
