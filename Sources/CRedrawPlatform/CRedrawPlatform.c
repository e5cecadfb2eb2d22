#include "CRedrawPlatform.h"

uint8_t redraw_recording_state_storage = 0;
int64_t redraw_access_collectors_storage = 0;
int64_t redraw_active_scopes_storage = 0;
int64_t redraw_has_destination_storage = 0;
_Thread_local int32_t redraw_thread_id_storage = 0;
