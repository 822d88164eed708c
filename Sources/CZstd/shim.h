// zstd's header (Debian's libzstd-dev): Anki's current packages compress the collection and
// every media file with zstd.
#include <zstd.h>

static inline unsigned long long badger_zstd_content_size_unknown(void) { return ZSTD_CONTENTSIZE_UNKNOWN; }
static inline unsigned long long badger_zstd_content_size_error(void) { return ZSTD_CONTENTSIZE_ERROR; }
