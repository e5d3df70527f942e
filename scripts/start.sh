#!/bin/sh
# Starts the built server the way `npm start` and scripts/mahalle.service do, with the memory
# settings measured in docs/deploy.md §9. Run from anywhere: paths are the checkout's.
#
# - jemalloc, when the system has it (Debian and Ubuntu: `apt install libjemalloc2`), as the
#   process's malloc: libvips (photos), SQLite and Node's own buffers fragment glibc's heap, and
#   under the soak benchmark the server held about 60 MiB more with glibc. Without the library,
#   glibc is used with two arenas. MAHALLE_JEMALLOC=0 turns it off; an LD_PRELOAD already set wins.
# - V8's young generation at 4 MiB a half, and its old one grown to at most 1.75 times what was live
#   after the last full collection (MAHALLE_HEAP_GROWTH=75; V8's own rule allows up to four times):
#   12–15 MiB less than twice under the soak, at the same speed. 50 (1.5x) holds less again for more
#   frequent collections, which cost a busy server its throughput (docs/deploy.md §9).
set -eu
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)

if [ -z "${LD_PRELOAD:-}" ] && [ "${MAHALLE_JEMALLOC:-1}" != "0" ]; then
  for lib in /usr/lib/*-linux-gnu/libjemalloc.so.2 /usr/lib64/libjemalloc.so.2 /usr/lib/libjemalloc.so.2; do
    if [ -r "$lib" ]; then
      export LD_PRELOAD="$lib"
      # Unused pages go back to the system as soon as they are free, by a background thread, not
      # on the request's path: held for a second (jemalloc's usual), the pages a burst of uploads
      # frees counted some 40 MiB in RSS, and 6–9 MiB under the soak, for no measured speed.
      export MALLOC_CONF="${MALLOC_CONF:-background_thread:true,dirty_decay_ms:0,muzzy_decay_ms:0}"
      break
    fi
  done
fi
# glibc's settings (ignored under jemalloc): two arenas instead of one per thread, and blocks of
# 128 KiB and more mapped on their own so that they are handed back when freed.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"

exec node --max-semi-space-size=4 --heap-growing-percent="${MAHALLE_HEAP_GROWTH:-75}" "$root/server/dist/index.js" "$@"
