#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H
#include <png.h>
#include <stdint.h>
#include <zlib.h>
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
/* A sparse RGBA image (a caption overlay: mostly rows of zeros) as PNG, fast. Rows that are all zero
   (transparent) are written as hand-made fixed-Huffman deflate blocks: one literal 0, then matches of
   258 bytes at distance 1, so a run of empty rows costs one symbol per 258 bytes instead of zlib
   reading every byte. The other rows go through zlib (raw deflate at `level`, filter type 0), each
   run of them ending on a byte boundary (Z_SYNC_FLUSH) so the pieces concatenate into one stream.
   On success returns 1 and a malloc'd PNG in `out`; 0 on allocation or zlib failure. */
typedef struct { unsigned char *bytes; size_t count, capacity; uint32_t bits; int filled; int failed; } cpng_buffer;
static inline int cpng_reserve(cpng_buffer *b, size_t more) {
    if (b->failed) return 0;
    if (b->count + more <= b->capacity) return 1;
    size_t capacity = b->capacity ? b->capacity : 65536;
    while (capacity < b->count + more) capacity *= 2;
    unsigned char *grown = (unsigned char *)realloc(b->bytes, capacity);
    if (!grown) { b->failed = 1; return 0; }
    b->bytes = grown; b->capacity = capacity;
    return 1;
}
static inline void cpng_put(cpng_buffer *b, const void *data, size_t n) {
    if (!cpng_reserve(b, n)) return;
    memcpy(b->bytes + b->count, data, n); b->count += n;
}
static inline void cpng_put32(cpng_buffer *b, uint32_t v) {
    unsigned char be[4] = { (unsigned char)(v >> 24), (unsigned char)(v >> 16), (unsigned char)(v >> 8), (unsigned char)v };
    cpng_put(b, be, 4);
}
/* Deflate's bit order: least significant bit first. */
static inline void cpng_bits(cpng_buffer *b, uint32_t value, int count) {
    b->bits |= value << b->filled; b->filled += count;
    while (b->filled >= 8) { unsigned char byte = (unsigned char)b->bits; cpng_put(b, &byte, 1); b->bits >>= 8; b->filled -= 8; }
}
static inline void cpng_align(cpng_buffer *b) { if (b->filled > 0) cpng_bits(b, 0, 8 - b->filled); }
/* `n` zero bytes as one fixed-Huffman block; a non-final block is followed by an empty stored block,
   which brings the stream to a byte boundary as zlib's sync flush does. */
static inline void cpng_zero_block(cpng_buffer *b, size_t n, int final) {
    cpng_bits(b, final ? 1 : 0, 1); cpng_bits(b, 1, 2);       /* BFINAL, BTYPE = 01 (fixed codes) */
    cpng_bits(b, 0x0C, 8); n--;                               /* literal 0: code 00110000, reversed */
    for (; n >= 258; n -= 258) { cpng_bits(b, 0xA3, 8); cpng_bits(b, 0, 5); }  /* length 258 (285), distance 1 */
    for (; n > 0; n--) cpng_bits(b, 0x0C, 8);                 /* what is left, as literals */
    cpng_bits(b, 0, 7);                                       /* end of block (256) */
    if (!final) { cpng_bits(b, 0, 3); cpng_align(b); unsigned char stored[4] = { 0, 0, 0xFF, 0xFF }; cpng_put(b, stored, 4); }
    else cpng_align(b);
}
static inline int cpng_encode_sparse_rgba8(const unsigned char *pixels, uint32_t width, uint32_t height, size_t stride, int level,
                                           unsigned char **out, size_t *count) {
    size_t row = (size_t)width * 4, line = row + 1;
    cpng_buffer z = { NULL, 0, 0, 0, 0, 0 };
    unsigned char *scratch = (unsigned char *)calloc(line, 1);
    z_stream stream; memset(&stream, 0, sizeof stream);
    if (!scratch || deflateInit2(&stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) { free(scratch); return 0; }
    unsigned char header[2] = { 0x78, 0x01 };
    cpng_put(&z, header, 2);
    uLong adler = adler32(0L, Z_NULL, 0);
    uint32_t y = 0;
    while (y < height && !z.failed) {
        /* A run of rows that are all zero, or a run of rows that are not. */
        uint32_t start = y;
        int empty = 1;
        for (size_t i = 0; i < row; i++) if (pixels[(size_t)y * stride + i]) { empty = 0; break; }
        for (y++; y < height; y++) {
            int rowEmpty = 1;
            for (size_t i = 0; i < row; i++) if (pixels[(size_t)y * stride + i]) { rowEmpty = 0; break; }
            if (rowEmpty != empty) break;
        }
        int final = y == height;
        size_t bytes = (size_t)(y - start) * line;
        if (empty) {
            cpng_zero_block(&z, bytes, final);
            uLong zeros = ((uLong)(bytes % 65521) << 16) | 1;   /* adler-32 of `bytes` zero bytes */
            adler = adler32_combine(adler, zeros, (z_off_t)bytes);
            continue;
        }
        deflateReset(&stream);
        for (uint32_t r = start; r < y && !z.failed; r++) {
            memcpy(scratch + 1, pixels + (size_t)r * stride, row);
            adler = adler32(adler, scratch, (uInt)line);
            stream.next_in = scratch; stream.avail_in = (uInt)line;
            int flush = r + 1 < y ? Z_NO_FLUSH : (final ? Z_FINISH : Z_SYNC_FLUSH);
            do {
                if (!cpng_reserve(&z, line + 1024)) break;
                stream.next_out = z.bytes + z.count; stream.avail_out = (uInt)(z.capacity - z.count);
                int status = deflate(&stream, flush);
                z.count = z.capacity - stream.avail_out;
                if (status == Z_STREAM_ERROR) { z.failed = 1; break; }
            } while (stream.avail_out == 0 || (flush != Z_NO_FLUSH && stream.avail_in > 0));
        }
    }
    deflateEnd(&stream);
    free(scratch);
    cpng_put32(&z, (uint32_t)adler);
    if (z.failed) { free(z.bytes); return 0; }

    cpng_buffer png = { NULL, 0, 0, 0, 0, 0 };
    static const unsigned char signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
    cpng_put(&png, signature, 8);
    unsigned char ihdr[17] = { 'I', 'H', 'D', 'R', 0, 0, 0, 0, 0, 0, 0, 0, 8, 6, 0, 0, 0 };
    for (int i = 0; i < 4; i++) { ihdr[4 + i] = (unsigned char)(width >> (24 - 8 * i)); ihdr[8 + i] = (unsigned char)(height >> (24 - 8 * i)); }
    cpng_put32(&png, 13); cpng_put(&png, ihdr, 17); cpng_put32(&png, (uint32_t)crc32(0L, ihdr, 17));
    cpng_put32(&png, (uint32_t)z.count);
    cpng_put(&png, "IDAT", 4);
    cpng_put(&png, z.bytes, z.count);
    uLong crc = crc32(crc32(0L, (const Bytef *)"IDAT", 4), z.bytes, (uInt)z.count);
    cpng_put32(&png, (uint32_t)crc);
    cpng_put32(&png, 0); cpng_put(&png, "IEND", 4); cpng_put32(&png, (uint32_t)crc32(0L, (const Bytef *)"IEND", 4));
    free(z.bytes);
    if (png.failed) { free(png.bytes); return 0; }
    *out = png.bytes; *count = png.count;
    return 1;
}
#endif
