#ifndef CTESSERACT_SHIM_H
#define CTESSERACT_SHIM_H
#include <tesseract/capi.h>
#endif
