// The only C in LearningBadger: cmark-gfm's headers, plus accessors for the
// extension node types, which are mutable C globals that Swift 6 refuses to read.
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>

extern cmark_node_type CMARK_NODE_TABLE, CMARK_NODE_TABLE_ROW, CMARK_NODE_TABLE_CELL;
extern cmark_node_type CMARK_NODE_STRIKETHROUGH;

static inline cmark_node_type badger_node_type_table(void) { return CMARK_NODE_TABLE; }
static inline cmark_node_type badger_node_type_table_row(void) { return CMARK_NODE_TABLE_ROW; }
static inline cmark_node_type badger_node_type_table_cell(void) { return CMARK_NODE_TABLE_CELL; }
static inline cmark_node_type badger_node_type_strikethrough(void) { return CMARK_NODE_STRIKETHROUGH; }
