// The only C in LearningBadger: cmark-gfm's headers, plus accessors for the
// extension node types, which are mutable C globals that Swift 6 refuses to read,
// and for the length of the text an inline parser reads.
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>

extern cmark_node_type CMARK_NODE_TABLE, CMARK_NODE_TABLE_ROW, CMARK_NODE_TABLE_CELL;
extern cmark_node_type CMARK_NODE_STRIKETHROUGH;

static inline cmark_node_type badger_node_type_table(void) { return CMARK_NODE_TABLE; }
static inline cmark_node_type badger_node_type_table_row(void) { return CMARK_NODE_TABLE_ROW; }
static inline cmark_node_type badger_node_type_table_cell(void) { return CMARK_NODE_TABLE_CELL; }
static inline cmark_node_type badger_node_type_strikethrough(void) { return CMARK_NODE_STRIKETHROUGH; }

// cmark-gfm's `cmark_chunk` (chunk.h, not installed): the text an inline parser reads.
struct badger_chunk { unsigned char *data; int32_t len; int32_t alloc; };

// How many bytes the inline parser's text has: `cmark_inline_parser_peek_at` does not check
// its position, so an extension reading ahead must stop there.
static inline int32_t badger_inline_parser_length(cmark_inline_parser *parser) {
    return ((struct badger_chunk *)cmark_inline_parser_get_chunk(parser))->len;
}
