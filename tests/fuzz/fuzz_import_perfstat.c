// SPDX-License-Identifier: MIT
/* libFuzzer target: abstat import perfstat's reader (fuzz_import.h). */
#include "fuzz_import.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_import(IMPORT_PERF_STAT, data, size);
}
