// SPDX-License-Identifier: MIT
/* libFuzzer target: abstat import hyperfine's reader (fuzz_import.h). */
#include "fuzz_import.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_import(IMPORT_HYPERFINE, data, size);
}
