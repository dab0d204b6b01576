#ifndef CFREETYPE_SHIM_H
#define CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_STROKER_H
#include FT_GLYPH_H
#include FT_SIZES_H
#include FT_TRUETYPE_TABLES_H

static inline FT_Int32 cfreetype_load_target_normal(void) { return FT_LOAD_TARGET_NORMAL; }
static inline FT_Int32 cfreetype_load_target_light(void) { return FT_LOAD_TARGET_LIGHT; }
static inline FT_Int32 cfreetype_load_target_mono(void) { return FT_LOAD_TARGET_MONO; }
static inline FT_Int32 cfreetype_load_no_hinting(void) { return FT_LOAD_NO_HINTING; }
static inline FT_Int32 cfreetype_load_default(void) { return FT_LOAD_DEFAULT; }
static inline FT_Int32 cfreetype_load_ignore_global_advance_width(void) { return FT_LOAD_IGNORE_GLOBAL_ADVANCE_WIDTH; }
static inline FT_Int32 cfreetype_load_ignore_transform(void) { return FT_LOAD_IGNORE_TRANSFORM; }
static inline FT_Int32 cfreetype_load_no_bitmap(void) { return FT_LOAD_NO_BITMAP; }
static inline FT_Int32 cfreetype_load_color(void) { return FT_LOAD_COLOR; }
static inline int cfreetype_curve_tag(char flag) { return FT_CURVE_TAG(flag); }
static inline int cfreetype_curve_tag_on(void) { return FT_CURVE_TAG_ON; }
static inline int cfreetype_curve_tag_conic(void) { return FT_CURVE_TAG_CONIC; }
static inline int cfreetype_curve_tag_cubic(void) { return FT_CURVE_TAG_CUBIC; }
static inline FT_Long cfreetype_has_color(FT_Face face) { return FT_HAS_COLOR(face); }
static inline FT_Long cfreetype_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face); }
#endif
