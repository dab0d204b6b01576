#ifndef CFRIBIDI_SHIM_H
#define CFRIBIDI_SHIM_H
#include <fribidi.h>

/* Paragraph directions are composite macros of bit masks. */
static inline FriBidiParType cfribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType cfribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType cfribidi_par_on(void) { return FRIBIDI_PAR_ON; }
static inline int cfribidi_level_is_rtl(FriBidiLevel level) { return FRIBIDI_LEVEL_IS_RTL(level); }
static inline FriBidiFlags cfribidi_flags_default(void) { return FRIBIDI_FLAGS_DEFAULT; }
static inline FriBidiFlags cfribidi_flags_arabic(void) { return FRIBIDI_FLAGS_ARABIC; }
#endif
