# Sourced by the fleet tests (177, 178): the recipes of doc/fleet.md (the
# README's fleet tour) as the tests' input, so a recipe cannot drift from
# what is tested.
#
# readme_recipe N: the shell script of the Nth ``` block of doc/fleet.md: each "$ CMD" line a command (its continuation lines
# kept), "$ cat FILE" and the lines after it written to FILE, a
# "$ # reboot: ... into KERNEL" line the test's reboot_into KERNEL, and a
# "booted with KERNEL" comment a reboot_into KERNEL before the recipe.
readme_recipe() {
	awk -v want="$1" '
	BEGIN { fleet = 1 }
	fleet && /^```/ { if (inb) { inb = 0; if (n == want) exit } else { n++; inb = 1 }; next }
	!fleet || !inb || n != want { next }
	/^\$ cat / { if (incat) out[k++] = "EOF_RECIPE"
		out[k++] = "cat >" $3 " <<\047EOF_RECIPE\047"; incat = 1; next }
	/^\$ / { if (incat) { out[k++] = "EOF_RECIPE"; incat = 0 }
		line = substr($0, 3)
		if (line ~ /^# reboot: .* into /) {
			sub(/.* into /, "", line); sub(/[ ,].*/, "", line)
			out[k++] = "reboot_into " line; next
		}
		if (line ~ /booted with /) {
			b = line; sub(/.*booted with /, "", b); sub(/[ ,].*/, "", b)
			if (!first) first = b
		}
		out[k++] = line; next }
	{ out[k++] = $0 }
	END { if (incat) out[k++] = "EOF_RECIPE"
		if (first) print "reboot_into " first
		for (i = 0; i < k; i++) print out[i] }' "$TOP/doc/fleet.md"
}
# the kernel names the recipe boots, in order
readme_kernels() {
	readme_recipe "$1" | sed -n 's/^reboot_into //p'
}
