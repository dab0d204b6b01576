#ifndef CHARFBUZZ_SHIM_H
#define CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ft.h>

static inline hb_tag_t charfbuzz_tag(char a, char b, char c, char d) { return HB_TAG(a, b, c, d); }
static inline hb_direction_t charfbuzz_direction_ltr(void) { return HB_DIRECTION_LTR; }
static inline hb_direction_t charfbuzz_direction_rtl(void) { return HB_DIRECTION_RTL; }
static inline int charfbuzz_direction_is_backward(hb_direction_t d) { return HB_DIRECTION_IS_BACKWARD(d); }
#endif
