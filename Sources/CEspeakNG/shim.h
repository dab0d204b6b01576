#ifndef CESPEAKNG_SHIM_H
#define CESPEAKNG_SHIM_H
#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>
#endif
