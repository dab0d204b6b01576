#ifndef CPOCKETSPHINX_SHIM_H
#define CPOCKETSPHINX_SHIM_H
/* The functions of pocketsphinx 5prealpha (Debian 12's libpocketsphinx3, soname .so.3) and sphinxbase
   (libsphinxbase3) that `captions align --audio` calls, declared here as in their headers
   (/usr/include/pocketsphinx/pocketsphinx.h, /usr/include/<multiarch>/sphinxbase/cmd_ln.h).
   Why not include those headers: pocketsphinx.h includes its siblings with <...> and so needs
   -I/usr/include/pocketsphinx, which only its pkg-config flags give, and those flags link the library,
   which CaptionKit opens on first use instead (Sources/CLazyLibraries). The soname pins this API:
   pocketsphinx 5.0, whose API differs, is libpocketsphinx.so.5. */
#include <stddef.h>
#include <stdio.h>

typedef struct ps_decoder_s ps_decoder_t;
typedef struct ps_seg_s ps_seg_t;
typedef struct cmd_ln_s cmd_ln_t;
typedef struct arg_s arg_t;

arg_t const *ps_args(void);
ps_decoder_t *ps_init(cmd_ln_t *config);
int ps_free(ps_decoder_t *ps);
char *ps_lookup_word(ps_decoder_t *ps, const char *word);
int ps_set_jsgf_string(ps_decoder_t *ps, const char *name, const char *jsgf_string);
int ps_set_search(ps_decoder_t *ps, const char *name);
int ps_start_utt(ps_decoder_t *ps);
int ps_process_raw(ps_decoder_t *ps, short const *data, size_t n_samples, int no_search, int full_utt);
int ps_end_utt(ps_decoder_t *ps);
ps_seg_t *ps_seg_iter(ps_decoder_t *ps);
ps_seg_t *ps_seg_next(ps_seg_t *seg);
char const *ps_seg_word(ps_seg_t *seg);
void ps_seg_frames(ps_seg_t *seg, int *out_sf, int *out_ef);
void ps_seg_free(ps_seg_t *seg);

cmd_ln_t *cmd_ln_parse_r(cmd_ln_t *inout_cmdln, arg_t const *defn, int argc, char *argv[], int strict);
int cmd_ln_free_r(cmd_ln_t *cmdln);
/* sphinxbase's process-wide state: its log stream (NULL turns logging off) and the random generator
   the dither draws from. */
void err_set_logfp(FILE *stream);
void genrand_seed(unsigned long s);
#endif
