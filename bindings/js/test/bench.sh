#!/usr/bin/env bash
# Sizes and speed of the npm package against the native library on the same machine, in one
# run (.ci/js bench; docs/javascript.md has the figures). Builds the native programs with
# g++ -O2 (no -march), runs each measurement alternately native and Node, 3 rounds, and
# prints every run; the native perft is forced onto the portable path (the code WebAssembly
# gets). Times are CPU seconds, so that a busy machine slows both alike.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
rounds=${ROUNDS:-3}
out=build/js/bench
mkdir -p "$out"
echo "== $(date -u +%Y-%m-%d), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, node $(node --version), emscripten $(em++ --version | awk 'NR == 1' | grep -o '[0-9]*\.[0-9]*\.[0-9]*' | head -1)"
echo "== sizes"
package=build/js/package
echo "fanorona-wasm.wasm: $(wc -c <"$package/fanorona-wasm.wasm") bytes, $(gzip -9c "$package/fanorona-wasm.wasm" | wc -c) gzipped"
echo "fanorona-wasm.js + index.js + worker.js: $(cat "$package"/fanorona-wasm.js "$package"/index.js "$package"/worker.js | wc -c) bytes, $(cat "$package"/fanorona-wasm.js "$package"/index.js "$package"/worker.js | gzip -9 | wc -c) gzipped"
echo "tarball: $(wc -c <"$(ls build/js/fanorona-*.tgz)") bytes"

echo "== native programs (g++ -O2 -DNDEBUG)"
g++ -std=c++17 -O2 -DNDEBUG -Iinclude examples/perft.cpp -o "$out/fanorona-perft" -pthread
g++ -std=c++17 -O2 -DNDEBUG -Iinclude bindings/js/test/playout_cpu.cpp -o "$out/playout-cpu"
for depth in 6 7; do
  echo "== perft $depth"
  for ((r = 1; r <= rounds; ++r)); do
    FANORONA_INSTRUCTION_SET=portable nice -n 10 bash -c "time -p $out/fanorona-perft --depth $depth" 2>&1 | grep -E "^perft $depth |^user|^sys" | tr '\n' ' '
    echo "(native, portable path)"
    nice -n 10 node bindings/js/test/bench.mjs perft "$depth"
  done
done
echo "== random playouts on 9x5"
for ((r = 1; r <= rounds; ++r)); do
  nice -n 10 "$out/playout-cpu" 20000
  nice -n 10 node bindings/js/test/bench.mjs playout 2000
  nice -n 10 node bindings/js/test/bench.mjs playout 2000 notation
  FANORONA_INSTRUCTION_SET=portable nice -n 10 "$out/playout-cpu" 20000 | sed 's/$/ (portable path)/'
done
