#include "RedrawNameCache.h"

/// The table published until the first name is cached: a mask of 0 and one empty slot.
static int64_t empty_table[4] = {0, 0, 0, 0};

int64_t *redraw_name_table_storage = empty_table;

