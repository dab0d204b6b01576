// SwiftPM links an executable with `--defsym main=<module>_main`, a symbol Swift never emits under
// `-parse-as-library` (which a libFuzzer target needs: no top-level code). So the entry point is
// defined here, and hands the process to libFuzzer's driver with the Swift target's callback.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

int captions_fuzz_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
