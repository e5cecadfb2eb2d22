#include "CRedrawPlatform.h"

uint8_t redraw_recording_state_storage = 0;
uint8_t redraw_access_work_storage = 1;
int64_t redraw_access_collectors_storage = 0;
int64_t redraw_active_scopes_storage = 0;
int64_t redraw_has_destination_storage = 0;
REDRAW_THREAD_LOCAL int32_t redraw_thread_id_storage = 0;
int64_t redraw_span_counter_storage = 0;
int32_t redraw_destination_scope_storage = 0;
int64_t redraw_name_cache_table_storage = 0;
int64_t redraw_resolving_thread_storage = 0;
