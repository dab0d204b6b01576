#ifndef CLIBASS_SHIM_H
#define CLIBASS_SHIM_H
#include <ass/ass.h>

/* libass colours are 0xRRGGBBTT where TT is transparency (0 = opaque), not alpha. */
static inline unsigned char clibass_color_red(unsigned int c)   { return (unsigned char)(c >> 24); }
static inline unsigned char clibass_color_green(unsigned int c) { return (unsigned char)(c >> 16); }
static inline unsigned char clibass_color_blue(unsigned int c)  { return (unsigned char)(c >> 8); }
static inline unsigned char clibass_color_alpha(unsigned int c) { return (unsigned char)(255 - (c & 0xFF)); }
#endif
