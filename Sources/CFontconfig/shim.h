#ifndef CFONTCONFIG_SHIM_H
#define CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>

/* Object names are string macros; exposing them as functions keeps call sites uniform. */
static inline const char *cfontconfig_family(void) { return FC_FAMILY; }
static inline const char *cfontconfig_file(void) { return FC_FILE; }
static inline const char *cfontconfig_index(void) { return FC_INDEX; }
static inline const char *cfontconfig_weight(void) { return FC_WEIGHT; }
static inline const char *cfontconfig_slant(void) { return FC_SLANT; }
static inline const char *cfontconfig_charset(void) { return FC_CHARSET; }
static inline const char *cfontconfig_lang(void) { return FC_LANG; }
static inline int cfontconfig_version(void) { return FcGetVersion(); }
#endif
