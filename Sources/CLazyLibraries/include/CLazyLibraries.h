#ifndef CLAZYLIBRARIES_H
#define CLAZYLIBRARIES_H
#include <stddef.h>

/* libav*, Tesseract and espeak-ng are not linked: each is opened with dlopen on the first call of one
   of its functions (the stand-ins in this target carry the functions' own names). A `captions` run
   that never decodes video, reads a bitmap track or synthesizes speech never maps them. */

/* Opens `soname` as a stand-in would. 1 if it loads; 0 if not, with the message a stand-in would print
   before exiting (which names the Debian package to install) written into `message`. */
int ck_lazy_library_check(const char *soname, char *message, size_t size);

#endif
