// Nothing to import: this target only supplies the executable's entry point (see fuzzer_main.c).
