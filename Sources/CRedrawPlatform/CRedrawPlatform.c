#include "CRedrawPlatform.h"

uint8_t redraw_recording_state_storage = 0;
int64_t redraw_access_collectors_storage = 0;
