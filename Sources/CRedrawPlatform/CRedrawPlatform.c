#include "CRedrawPlatform.h"

redraw_switches redraw_switches_storage = {
  .access_collectors = 0, .active_scopes = 0, .recording_state = 0, .access_work = 1, .clock_counter = 0};
int64_t redraw_has_destination_storage = 0;
REDRAW_THREAD_LOCAL int32_t redraw_thread_id_storage = 0;
int64_t redraw_span_counter_storage = 0;
int32_t redraw_destination_scope_storage = 0;
int64_t redraw_name_cache_table_storage = 0;
int64_t redraw_resolving_thread_storage = 0;
