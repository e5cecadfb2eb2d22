#include "CRedrawPlatform.h"

redraw_switches redraw_switches_storage = REDRAW_SWITCHES_INITIAL;
int64_t redraw_has_destination_storage = 0;
REDRAW_THREAD_LOCAL int32_t redraw_thread_id_storage = 0;
REDRAW_THREAD_LOCAL redraw_thread *redraw_current_thread_storage = 0;
int64_t redraw_span_counter_storage = 0;
int32_t redraw_destination_scope_storage = 0;
