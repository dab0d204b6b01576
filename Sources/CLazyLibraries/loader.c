#define _GNU_SOURCE
#include <ctype.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lazy.h"
#include "CLazyLibraries.h"

/* Debian names a library's package after its soname: libavformat.so.59 is in libavformat59,
   libhunspell-1.7.so.0 in libhunspell-1.7-0 (a hyphen when the name ends in a digit). */
static void debian_package(const char *soname, char *package, size_t size) {
    const char *so = strstr(soname, ".so.");
    if (!so) { snprintf(package, size, "%s", soname); return; }
    int base = (int)(so - soname);
    const char *separator = (base > 0 && isdigit((unsigned char)soname[base - 1])) ? "-" : "";
    snprintf(package, size, "%.*s%s%s", base, soname, separator, so + 4);
}

static void describe_failure(const char *soname, const char *name, const char *reason, char *message, size_t size) {
    char package[128];
    debian_package(soname, package, sizeof package);
    if (name)
        snprintf(message, size, "%s has no function %s (%s): the installed library is not the version "
                 "CaptionKit was built against; reinstall %s or rebuild CaptionKit", soname, name, reason, package);
    else
        snprintf(message, size, "cannot load %s, which this command needs (%s); on Debian: apt-get install %s",
                 soname, reason, package);
}

static void *open_library(CKLazyLibrary *library) {
    void *handle = __atomic_load_n(&library->handle, __ATOMIC_ACQUIRE);
    if (handle) return handle;
    /* RTLD_LOCAL: the library's symbols stay out of the global scope, where they could interpose on
       other libraries'; a second dlopen of the same soname returns the same handle. */
    handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    if (handle) __atomic_store_n(&library->handle, handle, __ATOMIC_RELEASE);
    return handle;
}

static void fail(const char *soname, const char *name) {
    char message[1024];
    const char *reason = dlerror();
    describe_failure(soname, name, reason ? reason : "unknown reason", message, sizeof message);
    fprintf(stderr, "%s: %s\n", program_invocation_short_name, message);
    fflush(stderr);
    _exit(69);
}

void *ck_lazy_symbol(CKLazyLibrary *library, const char *name) {
    void *handle = open_library(library);
    if (!handle) fail(library->soname, NULL);
    void *symbol = dlsym(handle, name);
    if (!symbol) fail(library->soname, name);
    return symbol;
}

int ck_lazy_library_check(const char *soname, char *message, size_t size) {
    CKLazyLibrary library = { soname, 0 };
    if (open_library(&library)) return 1;
    const char *reason = dlerror();
    describe_failure(soname, NULL, reason ? reason : "unknown reason", message, size);
    return 0;
}
