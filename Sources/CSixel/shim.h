// libsixel's header, plus its status macros as functions (Swift does not import
// function-like macros).
// Debian installs it as sixel/sixel.h (pkg-config adds that directory, when present);
// Homebrew as sixel.h.
#if __has_include(<sixel.h>)
#include <sixel.h>
#else
#include <sixel/sixel.h>
#endif

static inline int badger_sixel_succeeded(SIXELSTATUS status) { return SIXEL_SUCCEEDED(status); }
static inline int badger_sixel_pixelformat_rgb888(void) { return SIXEL_PIXELFORMAT_RGB888; }
static inline int badger_sixel_pixelformat_pal8(void) { return SIXEL_PIXELFORMAT_PAL8; }
