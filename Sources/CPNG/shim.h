#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H
#include <png.h>

static inline png_uint_32 cpng_format_rgba(void) { return PNG_FORMAT_RGBA; }
static inline png_uint_32 cpng_image_version(void) { return PNG_IMAGE_VERSION; }
static inline size_t cpng_image_row_stride(png_uint_32 width) { return (size_t)width * 4; }
static inline int cpng_image_failed(png_imagep image) { return PNG_IMAGE_FAILED(*image); }
#endif
