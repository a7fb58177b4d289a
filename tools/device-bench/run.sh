#!/bin/sh
# Starts the Greenhouse WebGPU bench on this machine's GPU (see README.md next to this file). On first use it
# unpacks Node and Dawn (with xz, or Python's lzma). It takes from lib/ only what the system lacks: the C++ runtime
# when this Node will not start without it, the Vulkan loader when none is installed, and with a glibc too old for
# this Node, the bundled glibc and its loader. Arguments go to the bench: --quick, --json, --peak-tflops X, --rounds N.
set -e
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"

unpack() { # unpack FILE.xz to FILE
  [ -f "$1" ] && return 0
  if command -v xz >/dev/null 2>&1; then xz -dc "$1.xz" > "$1.part"
  else python3 -c 'import lzma, sys; sys.stdout.buffer.write(lzma.open(sys.argv[1]).read())' "$1.xz" > "$1.part"; fi
  mv "$1.part" "$1"
}
unpack node && chmod +x node
unpack dawn.node

paths=""
if ! ./node -e 0 >/dev/null 2>&1; then paths="$here/lib/cxx"; fi
if ! { ldconfig -p 2>/dev/null | grep -q 'libvulkan.so.1 '; } && [ ! -e /usr/lib/x86_64-linux-gnu/libvulkan.so.1 ]; then
  paths="$paths${paths:+:}$here/lib/vulkan"
fi
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}"

if [ -n "$GREENHOUSE_BUNDLED_GLIBC" ] || ! LD_LIBRARY_PATH="$paths${LD_LIBRARY_PATH:+:}$LD_LIBRARY_PATH" ./node -e 0 >/dev/null 2>&1; then
  echo "run.sh: starting Node with the bundled glibc" >&2
  exec "$here/lib/glibc/ld-linux-x86-64.so.2" --library-path "$here/lib/glibc:$here/lib/cxx:$here/lib/vulkan${LD_LIBRARY_PATH:+:}$LD_LIBRARY_PATH" ./node bench.mjs "$@"
fi
LD_LIBRARY_PATH="$paths${LD_LIBRARY_PATH:+:}$LD_LIBRARY_PATH" exec ./node bench.mjs "$@"
