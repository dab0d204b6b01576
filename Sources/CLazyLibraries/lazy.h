#ifndef CK_LAZY_H
#define CK_LAZY_H
/* What the generated stand-ins share (see Tools/lazy-stubs.py). */

/* A library opened on the first call of one of its functions; `handle` is written once, atomically. */
typedef struct {
    const char *soname;
    void *handle;
} CKLazyLibrary;

/* The function `name` of `library`, the library opened if it is not yet. Never NULL: when the library
   or the function cannot be found, says so on standard error and exits with 69 (EX_UNAVAILABLE). */
void *ck_lazy_symbol(CKLazyLibrary *library, const char *name);

#define CK_STRINGIFY_(x) #x
#define CK_STRINGIFY(x) CK_STRINGIFY_(x)

/* Declares `ck_fn`, the real `name`, looked up on the first call and kept. Two threads making the
   first call together both look it up and store the same pointer. */
#define CK_LAZY_FUNCTION(library, name)                                                        \
    static __typeof__(&name) ck_cached;                                                        \
    __typeof__(&name) ck_fn = __atomic_load_n(&ck_cached, __ATOMIC_ACQUIRE);                   \
    if (!ck_fn) {                                                                              \
        ck_fn = (__typeof__(&name))ck_lazy_symbol(&library, #name);                            \
        __atomic_store_n(&ck_cached, ck_fn, __ATOMIC_RELEASE);                                 \
    }

#endif
