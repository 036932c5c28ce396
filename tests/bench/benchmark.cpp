// Benchmarks (Google Benchmark). Every figure is a rate of leaf turns or turns per second,
// reported as the counter "nodes/s" or "turns/s". Build and run (docs/perft.md):
//
//   cmake -S . -B build/bench -DCMAKE_BUILD_TYPE=Release -DFANORONA_BUILD_BENCHMARKS=ON
//   cmake --build build/bench -j2 --target fanorona-benchmark
//   build/bench/tests/bench/fanorona-benchmark --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
//
// perft 7 and 8 from the start are long; tests/bench/compare.sh times them with fanorona-perft.
#include <benchmark/benchmark.h>
#include <fanorona/fanorona.hpp>

#include "../suite_positions.hpp"

#include <cstdint>
#include <cstdlib>
#include <vector>

namespace {

std::vector<fanorona::Position> suite() {
  std::vector<fanorona::Position> out;
  for (const auto& s : test::suite_positions) out.push_back(fanorona::Position::from_fen(s.fen).value());
  return out;
}

// perft from the initial position at the depth given by the argument.
void perft_start(benchmark::State& state) {
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = fanorona::perft(fanorona::Position::initial(), depth);
    benchmark::DoNotOptimize(nodes);
  }
  state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(perft_start)->Arg(5)->Arg(6)->Unit(benchmark::kMillisecond);

// perft of each suite position at its depth (1-3 million leaves each).
void perft_suite(benchmark::State& state) {
  const auto& s = test::suite_positions[state.range(0)];
  const auto p = fanorona::Position::from_fen(s.fen).value();
  for (auto _ : state) {
    const std::uint64_t nodes = fanorona::perft(p, s.depth);
    if (nodes != s.nodes) state.SkipWithError("wrong perft");
    benchmark::DoNotOptimize(nodes);
  }
  state.SetLabel(s.name);
  state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(s.nodes), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(perft_suite)->DenseRange(0, static_cast<int>(std::size(test::suite_positions)) - 1)->Unit(benchmark::kMillisecond);

// Listing the complete turns of every suite position (generate_turns into a TurnList).
void generate_turns_suite(benchmark::State& state) {
  const auto positions = suite();
  static fanorona::TurnList list;
  std::uint64_t turns = 0;
  for (auto _ : state) {
    turns = 0;
    for (const auto& p : positions) {
      list.clear();
      fanorona::generate_turns(p, list);
      turns += list.size();
    }
    benchmark::DoNotOptimize(turns);
  }
  state.counters["turns/s"] = benchmark::Counter(static_cast<double>(turns), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(generate_turns_suite);

// Counting the complete turns of every suite position without listing them.
void count_turns_suite(benchmark::State& state) {
  const auto positions = suite();
  std::uint64_t turns = 0;
  for (auto _ : state) {
    turns = 0;
    for (const auto& p : positions) turns += fanorona::count_turns(p);
    benchmark::DoNotOptimize(turns);
  }
  state.counters["turns/s"] = benchmark::Counter(static_cast<double>(turns), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(count_turns_suite);

std::uint64_t play_all_by_steps(const fanorona::TurnBuilder& builder) {
  std::uint64_t turns = builder.can_stop() ? 1 : 0;
  for (const fanorona::Step& step : builder.legal_steps()) {
    fanorona::TurnBuilder next = builder;
    if (!next.play(step)) std::abort();
    turns += play_all_by_steps(next);
  }
  return turns;
}

// Step-by-step play: every turn of every suite position built through TurnBuilder.
void step_by_step_suite(benchmark::State& state) {
  const auto positions = suite();
  std::uint64_t turns = 0;
  for (auto _ : state) {
    turns = 0;
    for (const auto& p : positions) turns += play_all_by_steps(fanorona::TurnBuilder(p));
    benchmark::DoNotOptimize(turns);
  }
  state.counters["turns/s"] = benchmark::Counter(static_cast<double>(turns), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(step_by_step_suite);

}  // namespace

BENCHMARK_MAIN();
