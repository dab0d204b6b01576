#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline png_uint_32 cpng_format_rgba(void) { return PNG_FORMAT_RGBA; }
static inline png_uint_32 cpng_image_version(void) { return PNG_IMAGE_VERSION; }
static inline size_t cpng_image_row_stride(png_uint_32 width) { return (size_t)width * 4; }
static inline int cpng_image_failed(png_imagep image) { return PNG_IMAGE_FAILED(*image); }
static inline png_uint_32 cpng_format_flag_linear(void) { return PNG_FORMAT_FLAG_LINEAR; }

/* libpng's simplified API takes 16-bit PNG samples as linear light and re-encodes them when asked for
   8-bit sRGB, which darkens every 16-bit frame ffmpeg writes (its RGBA PNGs of ProRes 4444 are 16-bit).
   This reads a 16-bit file with the low-level API instead: samples scaled to 8 bits as they are
   (gamma-encoded, like every other PNG), gray and palette expanded, opaque alpha added where the file
   has none. `pixels` holds width * height * 4 bytes. Returns 1, or 0 with libpng's reason in `error`. */
static void cpng_error_handler(png_structp png, png_const_charp message) {
    char *error = (char *)png_get_error_ptr(png);
    if (error) { strncpy(error, message, 63); error[63] = 0; }
    png_longjmp(png, 1);
}
static void cpng_warning_handler(png_structp png, png_const_charp message) { (void)png; (void)message; }
static inline int cpng_read_rgba8(const char *path, unsigned char *pixels, png_uint_32 width, png_uint_32 height, char *error) {
    FILE *file = fopen(path, "rb");
    if (!file) { strncpy(error, "cannot open the file", 63); return 0; }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, error, cpng_error_handler, cpng_warning_handler);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) { png_destroy_read_struct(png ? &png : NULL, NULL, NULL); fclose(file); strncpy(error, "out of memory", 63); return 0; }
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(rows);
        fclose(file);
        return 0;
    }
    png_init_io(png, file);
    png_read_info(png, info);
    if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height) png_error(png, "the size changed");
    int type = png_get_color_type(png, info);
    png_set_scale_16(png);
    png_set_expand(png);
    if (!(type & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(png);
    if (!(type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "unexpected row layout");
    rows = (png_bytep *)malloc(sizeof(png_bytep) * height);
    if (!rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + (size_t)y * width * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    fclose(file);
    return 1;
}
/* An 8-bit RGBA image encoded into memory (the studio's overlays): zlib at `level` and one filter for
   every row, chosen for speed, since a caption overlay is mostly transparent rows that any setting
   compresses well. On success returns 1 and a malloc'd buffer in `out` (the caller frees it). */
typedef struct { unsigned char *bytes; size_t count, capacity; int failed; } cpng_memory;
static void cpng_memory_write(png_structp png, png_bytep data, size_t length) {
    cpng_memory *m = (cpng_memory *)png_get_io_ptr(png);
    if (m->failed) return;
    if (m->count + length > m->capacity) {
        size_t capacity = m->capacity ? m->capacity : 65536;
        while (capacity < m->count + length) capacity *= 2;
        unsigned char *grown = (unsigned char *)realloc(m->bytes, capacity);
        if (!grown) { m->failed = 1; return; }
        m->bytes = grown; m->capacity = capacity;
    }
    memcpy(m->bytes + m->count, data, length);
    m->count += length;
}
static void cpng_memory_flush(png_structp png) { (void)png; }
static inline int cpng_write_rgba8_memory(const unsigned char *pixels, png_uint_32 width, png_uint_32 height, size_t stride,
                                          int level, int filter, unsigned char **out, size_t *count, char *error) {
    cpng_memory memory = { NULL, 0, 0, 0 };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, error, cpng_error_handler, cpng_warning_handler);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) { png_destroy_write_struct(png ? &png : NULL, NULL); strncpy(error, "out of memory", 63); return 0; }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(memory.bytes);
        return 0;
    }
    png_set_write_fn(png, &memory, cpng_memory_write, cpng_memory_flush);
    png_set_compression_level(png, level);
    png_set_filter(png, 0, filter == 0 ? PNG_FILTER_NONE : filter == 1 ? PNG_FILTER_SUB : PNG_FILTER_UP);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (png_uint_32 y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    if (memory.failed) { free(memory.bytes); strncpy(error, "out of memory", 63); return 0; }
    *out = memory.bytes; *count = memory.count;
    return 1;
}
#endif
