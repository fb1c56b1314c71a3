#!/bin/sh
# Install the Debian packages the build and tests need, when missing.
# DEPS_QUIET=0 (make demo) shows apt-get's progress instead of hiding it.
missing=
for p in "$@"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "abstat: error: missing packages:$missing; run: sudo apt-get install$missing" >&2
	exit 1
fi
echo "installing:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
if [ "${DEPS_QUIET:-1}" = 0 ]; then
	apt-get update && apt-get install -y --no-install-recommends $missing
else
	apt-get update -qq >/dev/null && apt-get install -y -qq $missing >/dev/null
fi || { echo "abstat: error: apt-get install$missing failed" >&2; exit 1; }
