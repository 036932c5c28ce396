#!/usr/bin/env bash
# Builds the libFuzzer targets (the `fuzz` preset: Clang, -fsanitize=fuzzer,address,undefined)
# and runs each for a while on its committed seed corpus. Exits non-zero when any target
# finds a crash, a failed check, a leak or a timeout; the input is kept under $FUZZ_OUT.
#
#   tests/fuzz/run.sh [SECONDS]          SECONDS per target, default 60
#
# Environment:
#   FUZZ_BUILD_DIR  build tree (default build/fuzz, the preset's)
#   FUZZ_OUT        where the working corpora, logs and crash inputs go (default $FUZZ_BUILD_DIR/fuzz-out)
#   FUZZ_TARGETS    space-separated subset of: fen parse_turn game differential record
#   FUZZ_JOBS       build parallelism, and how many targets run at once (default 2)
#   FUZZ_SKIP_BUILD set to 1 to use an existing build
#
# The committed corpus (tests/fuzz/corpus/<target>) is read but never written: new inputs go
# to a working corpus under $FUZZ_OUT. See docs/fuzzing.md.
set -euo pipefail

seconds="${1:-${FUZZ_SECONDS:-60}}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${FUZZ_BUILD_DIR:-$root/build/fuzz}"
out="${FUZZ_OUT:-$build/fuzz-out}"
targets=(${FUZZ_TARGETS:-fen parse_turn game differential record})
jobs="${FUZZ_JOBS:-2}"

if [[ ! "$seconds" =~ ^[0-9]+$ ]] || ((seconds < 1)); then
  echo "run.sh: SECONDS must be a whole number of seconds, not '$seconds'" >&2
  exit 2
fi

if [[ "${FUZZ_SKIP_BUILD:-0}" != 1 ]]; then
  cd "$root"
  cmake --preset fuzz -B "$build" >/dev/null
  build_targets=()
  for t in "${targets[@]}"; do build_targets+=("fanorona_${t}_fuzzer"); done
  cmake --build "$build" -j "$jobs" --target "${build_targets[@]}"
fi

mkdir -p "$out"
# One target's run; its summary line goes to $out/<target>.result ("OK ..." or "FAILED ...").
fuzz_one() {
  local t="$1" exe="$build/tests/fuzz/fanorona_${1}_fuzzer" log="$out/$1.log" status=0
  mkdir -p "$out/corpus-$t"
  "$exe" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$out/$t-" "$out/corpus-$t" "$root/tests/fuzz/corpus/$t" >"$log" 2>&1 || status=$?
  local stats execs runs
  stats="$(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE|INITED)' "$log" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+' || true)"
  execs="$(grep -oE 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')"
  runs="$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')"
  if ((status != 0)); then
    echo "FAILED (exit $status) after $runs runs; see $log and $out/$t-*" >"$out/$t.result"
  else
    echo "OK  $runs runs  $execs exec/s  $stats" >"$out/$t.result"
  fi
}

for t in "${targets[@]}"; do
  if [[ ! -x "$build/tests/fuzz/fanorona_${t}_fuzzer" ]]; then
    echo "run.sh: $build/tests/fuzz/fanorona_${t}_fuzzer was not built (the fuzz targets need Clang)" >&2
    exit 2
  fi
done
# Each target is one process on one core: $jobs of them at a time.
running=0
for t in "${targets[@]}"; do
  echo "== $t: ${seconds}s"
  rm -f "$out/$t.result"
  fuzz_one "$t" &
  running=$((running + 1))
  if ((running >= jobs)); then wait -n || true; running=$((running - 1)); fi
done
wait

failed=()
summary=()
for t in "${targets[@]}"; do
  result="$(cat "$out/$t.result" 2>/dev/null || echo "FAILED (no result)")"
  summary+=("$t: $result")
  if [[ $result == FAILED* ]]; then
    failed+=("$t")
    grep -E 'check failed|ERROR|SUMMARY|Test unit written' "$out/$t.log" | head -20 || true
  fi
done

echo
echo "== fuzz summary (${seconds}s per target)"
printf '%s\n' "${summary[@]}"
if ((${#failed[@]})); then
  echo "run.sh: findings in: ${failed[*]}" >&2
  exit 1
fi
