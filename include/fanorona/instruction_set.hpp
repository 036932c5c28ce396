// fanorona: which of the generator's fast paths runs, chosen once per process.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_INSTRUCTION_SET_HPP
#define FANORONA_INSTRUCTION_SET_HPP

/// @file
/// @brief The instruction sets the generator can use, the one in use, and how to force one.
///
/// A header-only library is compiled with its user's flags, and most builds pass no `-march`.
/// So the fast paths are compiled inside the headers for each instruction set, with function
/// target attributes (GCC and Clang on x86-64), and the best one the CPU running the program
/// supports is chosen the first time it is needed:
///
/// | path | what it adds | needs |
/// |---|---|---|
/// | `portable` | the code the compiler flags allow | nothing |
/// | `bmi2` | the chain walker gathers neighbors with `pext`/`pdep`; hardware `popcnt` | BMI1, BMI2, POPCNT |
/// | `avx2` | perft's last level walks 16 chain nodes at a time in 256-bit lanes | the above and AVX2 |
/// | `avx512` | perft's last level walks 24 chain nodes at a time in 512-bit lanes | the above and AVX-512 F, BW, BITALG, VPOPCNTDQ |
///
/// Every path counts and lists the same turns; the tests run on each one this machine has.
/// The dispatched functions are `perft`, `parallel_perft`, `count_turns`, `generate_turns`
/// and `legal_turns` (so `Game` and the searcher too); `for_each_turn`, which runs the
/// caller's own code for each turn, and the step-by-step `TurnBuilder` use the compiler
/// flags' code.
///
/// With other compilers or CPUs (MSVC, ARM, 32-bit x86) only `portable` exists, and it is
/// whatever the flags allow. A program built with `-march=native` has no slower path below
/// its flags: `compiled_instruction_set` is the lowest path it can run.
///
/// To force a path, for tests and benchmarks: call `use_instruction_set`, or set the
/// environment variable `FANORONA_INSTRUCTION_SET` to `portable`, `bmi2`, `avx2` or `avx512`
/// before the program starts.
///
/// @code
/// std::printf("generator: %s\n", fanorona::to_string(fanorona::instruction_set()));
/// if (fanorona::is_available(fanorona::InstructionSet::portable)) {
///   const fanorona::Status forced = fanorona::use_instruction_set(fanorona::InstructionSet::portable);
///   assert(forced.has_value());
/// }
/// @endcode

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "detail/cpu.hpp"
#include "result.hpp"

namespace fanorona {

/// @addtogroup counting
/// @{

/// The generator's paths, slowest first.
enum class InstructionSet : std::uint8_t {
  portable,  ///< The code the compiler flags allow; on any CPU.
  bmi2,      ///< BMI2 chain walker and hardware popcount.
  avx2,      ///< The above and the AVX2 leaf counter under perft.
  avx512,    ///< The above with the AVX-512 leaf counter instead.
};

/// The path the compiler flags alone give (for example `avx512` under `-march=native` on a
/// CPU with AVX-512): the lowest path this program can run.
inline constexpr InstructionSet compiled_instruction_set =
#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512BITALG__) && defined(__AVX512VPOPCNTDQ__) && \
    defined(__BMI2__) && defined(__POPCNT__)
    InstructionSet::avx512;
#elif defined(__AVX2__) && defined(__BMI2__) && defined(__POPCNT__)
    InstructionSet::avx2;
#elif defined(__BMI2__) && defined(__POPCNT__)
    InstructionSet::bmi2;
#else
    InstructionSet::portable;
#endif

/// The path's name: `portable`, `bmi2`, `avx2` or `avx512`.
constexpr const char* to_string(InstructionSet set) noexcept {
  switch (set) {
    case InstructionSet::bmi2: return "bmi2";
    case InstructionSet::avx2: return "avx2";
    case InstructionSet::avx512: return "avx512";
    default: return "portable";
  }
}

/// The path named `name` (as `to_string` writes it).
inline Result<InstructionSet> parse_instruction_set(std::string_view name) {
  for (InstructionSet s : {InstructionSet::portable, InstructionSet::bmi2, InstructionSet::avx2, InstructionSet::avx512})
    if (name == to_string(s)) return s;
  return make_error(ErrorCode::unknown_instruction_set, {{"text", std::string(name)}}, 0);
}

/// True when this program can run `set` on this CPU: it is not below the compiler flags'
/// path, it was compiled in (GCC or Clang on x86-64), and the CPU and the operating system
/// support its instructions.
inline bool is_available(InstructionSet set) noexcept {
  if (set < compiled_instruction_set) return false;
  if (set == compiled_instruction_set) return true;
  const detail::CpuFeatures& cpu = detail::CpuFeatures::host();
  switch (set) {
    case InstructionSet::bmi2: return cpu.bmi2;
    case InstructionSet::avx2: return cpu.avx2;
    case InstructionSet::avx512: return cpu.avx512;
    default: return false;
  }
}

/// The fastest available path: the one used unless another is forced. That is the highest
/// available path, except that AVX2 is preferred to AVX-512 on CPUs where the AVX-512 path
/// measured slower (AMD's Zen 4), unless the compiler flags already ask for AVX-512.
inline InstructionSet best_instruction_set() noexcept {
  for (InstructionSet s : {InstructionSet::avx512, InstructionSet::avx2, InstructionSet::bmi2}) {
    if (!is_available(s)) continue;
    if (s == InstructionSet::avx512 && s > compiled_instruction_set && !detail::CpuFeatures::host().avx512_faster) continue;
    return s;
  }
  return compiled_instruction_set;
}

namespace detail {

// What kernel S may use: S, or more when the compiler flags give more.
template <InstructionSet S>
inline constexpr InstructionSet effective_instruction_set = S < compiled_instruction_set ? compiled_instruction_set : S;

// The path in use, one for the whole process (an inline function's static is shared by every
// translation unit). Chosen the first time it is asked: the environment variable, or the best.
inline std::atomic<InstructionSet>& instruction_set_in_use() noexcept {
  static std::atomic<InstructionSet> in_use{[] {
    const InstructionSet best = best_instruction_set();
    const char* requested = std::getenv("FANORONA_INSTRUCTION_SET");
    if (requested == nullptr || *requested == '\0') return best;
    const Result<InstructionSet> set = parse_instruction_set(requested);
    if (set && is_available(*set)) return *set;
    // A misspelled or impossible request must not go unnoticed in a benchmark: say so, once.
    std::fprintf(stderr, "fanorona: FANORONA_INSTRUCTION_SET=%s: %s; using %s\n", requested,
                 set ? "not available on this CPU or in this build" : set.error().message.c_str(), to_string(best));
    return best;
  }()};
  return in_use;
}

}  // namespace detail

/// The path in use now.
inline InstructionSet instruction_set() noexcept {
  return detail::instruction_set_in_use().load(std::memory_order_relaxed);
}

/// Forces `set` for the whole process, from the next call of a dispatched function on (any
/// thread). Fails, changing nothing, when `set` is not available (`is_available`).
inline Status use_instruction_set(InstructionSet set) {
  if (!is_available(set))
    return set < compiled_instruction_set
               ? make_error(ErrorCode::instruction_set_below_build,
                            {{"instruction_set", to_string(set)}, {"expected", to_string(compiled_instruction_set)}})
               : make_error(ErrorCode::instruction_set_unsupported, {{"instruction_set", to_string(set)}});
  detail::instruction_set_in_use().store(set, std::memory_order_relaxed);
  return {};
}

/// @}

}  // namespace fanorona

#endif  // FANORONA_INSTRUCTION_SET_HPP
