#ifndef CHUNSPELL_SHIM_H
#define CHUNSPELL_SHIM_H
#include <hunspell/hunspell.h>
#endif
