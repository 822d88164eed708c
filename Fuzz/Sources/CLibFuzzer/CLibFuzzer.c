// The declaration in include/CLibFuzzer.h is all; libFuzzer provides the definition.
