#!/usr/bin/env bash
# The library's perft against the plain mailbox baseline (mailbox_perft.cpp), from the
# initial position: builds fanorona-perft and fanorona-mailbox-perft with CMake in one Release
# build folder, so both get the same compiler and flags, then runs them in turn in one loop,
# so that a drift in the machine's speed hits both alike. Prints every run, the medians and
# the ratio of the medians.
#
#   tests/bench/compare.sh [--depth N]... [--runs N] [--threads N] [--paths LIST] [--flags "FLAGS"] [--build DIR]
#
#   --depth N     perft depth; repeat for several (default: 7)
#   --runs N      runs of each program per depth (default: 3)
#   --threads N   also time fanorona-perft --threads N, against the library on one thread
#   --paths LIST  time the library once per instruction-set path in each round, e.g.
#                 "default,portable,bmi2,avx2,avx512" (default: the path chosen at run time)
#   --flags ...   CMAKE_CXX_FLAGS_RELEASE (default: "-O2 -DNDEBUG", as the release preset;
#                 "-O2 -march=native -DNDEBUG" is the native preset)
#   --build DIR   the build folder (default: build/compare)
#
# Configuring needs what the test build needs: CMake 3.23, a C++17 compiler, and Catch2
# (installed, or fetched by CMake). Each program prints the time of each depth; the wall times
# compared are those of depth N alone, the CPU times those of the whole run (depths 1 to N,
# of which depth N takes about 95%). On an idle machine the two agree; on a busy one trust
# the CPU times, and the wall time on several threads says little.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
depths=()
runs=3
threads=""
paths="default"
flags="-O2 -DNDEBUG"
build="$root/build/compare"
while (($#)); do
  case "$1" in
    --depth) depths+=("$2"); shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --paths) paths="$2"; shift 2 ;;
    --flags) flags="$2"; shift 2 ;;
    --build) build="$2"; shift 2 ;;
    -h | --help) sed -n '8,18p' "$0"; exit 0 ;;
    *) echo "compare.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
((${#depths[@]})) || depths=(7)

echo "== building in $build with CMAKE_CXX_FLAGS_RELEASE=\"$flags\""
mkdir -p "$build"
log="$build/compare-configure.log"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=$flags" \
  -DFANORONA_BUILD_TESTS=ON -DFANORONA_BUILD_BENCHMARKS=ON -DFANORONA_BUILD_EXAMPLES=ON \
  -DFANORONA_BUILD_DOCS=OFF -DFANORONA_BUILD_PACKAGE_TESTS=OFF >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
cmake --build "$build" -j "${FANORONA_JOBS:-2}" --target fanorona-perft fanorona-mailbox-perft >/dev/null
library="$build/examples/fanorona-perft"
mailbox="$build/tests/bench/fanorona-mailbox-perft"

cxx="$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")"
cpu="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -1)"
echo "== machine: ${cpu:-unknown CPU}, $(nproc 2>/dev/null || echo '?') cores; compiler: $("$cxx" --version | head -1)"

# run <depth> <program> [args...]: "<count> <seconds> <cpu seconds>": the count and time the
# program prints for <depth> alone, and the CPU time (user + system) of the whole run, depths
# 1 to <depth>. On a machine busy with other work the wall time grows with the load while the
# CPU time of a single-threaded run barely moves, so both are shown.
run() {
  local depth="$1" out times
  shift
  out="$(mktemp)"
  times="$(mktemp)"
  TIMEFORMAT='%U %S'
  { time "$@" --depth "$depth" >"$out"; } 2>"$times"
  awk -v d="$depth" '$1 == "perft" && $2 == d { printf "%s %s ", $3, $4 }' "$out"
  awk 'END { print $1 + $2 }' "$times"
  rm -f "$out" "$times"
}
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }
rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.1f million/s", n / s / 1e6 }'; }

# The library's runs of one round: one per path ("default": the run-time choice), then the
# thread run. Each is "<label>|<instruction set or empty>|<extra args>".
IFS=',' read -r -a path_list <<<"$paths"
for path in "${path_list[@]}"; do
  if [[ "$path" != default ]] && ! "$library" --instruction-set "$path" --depth 0 >/dev/null 2>&1; then
    echo "compare.sh: this machine or build cannot run the $path path (fanorona-perft --instruction-set list)" >&2
    exit 2
  fi
done
echo "== paths: default is $("$library" --instruction-set list | head -1) here; timing ${paths}"
variants=()
for path in "${path_list[@]}"; do
  if [[ "$path" == default ]]; then variants+=("library|"); else variants+=("library, $path|$path"); fi
done
[[ -n "$threads" ]] && variants+=("library on $threads threads||--threads $threads")

for depth in "${depths[@]}"; do
  declare -A walls=() cpus=()
  box_times=() box_cpus=()
  echo "== perft $depth, $runs runs in turn (wall time of depth $depth; CPU time of depths 1-$depth)"
  for ((i = 1; i <= runs; ++i)); do
    line="run $i:"
    for v in "${variants[@]}"; do
      IFS='|' read -r label set extra <<<"$v"
      # shellcheck disable=SC2086 # extra is a word list on purpose
      read -r count lib_s lib_cpu < <(FANORONA_INSTRUCTION_SET="$set" run "$depth" "$library" $extra)
      walls[$label]+="$lib_s " cpus[$label]+="$lib_cpu "
      line+=" $label $lib_s s (CPU $lib_cpu s),"
    done
    read -r box_count box_s box_cpu < <(run "$depth" "$mailbox")
    if [[ "$count" != "$box_count" ]]; then
      echo "compare.sh: perft $depth: library $count, mailbox $box_count" >&2
      exit 1
    fi
    box_times+=("$box_s") box_cpus+=("$box_cpu")
    echo "  $line mailbox $box_s s (CPU $box_cpu s); load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
  done
  box_m="$(median "${box_times[@]}")" box_c="$(median "${box_cpus[@]}")"
  echo "perft $depth = $count leaf turns; medians of $runs, flags \"$flags\"; mailbox $box_m s (CPU $box_c s):"
  one_thread=""
  for v in "${variants[@]}"; do
    IFS='|' read -r label set extra <<<"$v"
    # shellcheck disable=SC2086
    wall_m="$(median ${walls[$label]})" cpu_m="$(median ${cpus[$label]})"
    [[ -z "$one_thread" && -z "$extra" ]] && one_thread="$wall_m"
    if [[ -n "$extra" ]]; then
      echo "  $label: wall $wall_m s ($(rate "$count" "$wall_m")): $(ratio "$box_m" "$wall_m")x the mailbox, $(ratio "$one_thread" "$wall_m")x the library on one thread"
    else
      echo "  $label: wall $wall_m s ($(rate "$count" "$wall_m")), CPU $cpu_m s: $(ratio "$box_m" "$wall_m")x the mailbox (wall), $(ratio "$box_c" "$cpu_m")x (CPU)"
    fi
  done
  unset walls cpus
done
