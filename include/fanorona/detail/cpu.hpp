// fanorona: what the CPU running the program can execute, asked once.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_DETAIL_CPU_HPP
#define FANORONA_DETAIL_CPU_HPP

// The fast paths of the generator are compiled for BMI2, AVX2 and AVX-512 inside the headers
// (function target attributes), whatever flags the user compiles with, and chosen at run
// time. That needs GCC or Clang on x86-64: elsewhere (MSVC, ARM, 32-bit x86) only the code
// the compiler flags allow is built, and nothing here is compiled. A macro, because it
// decides which code may be compiled at all.
#if (defined(__x86_64__) || defined(__amd64__)) && (defined(__GNUC__) || defined(__clang__))
#define FANORONA_DETAIL_X86_TARGETS 1
#else
#define FANORONA_DETAIL_X86_TARGETS 0
#endif

// Forces a function into its caller. The kernels rely on it: a function compiled inside a
// kernel for an instruction set (dispatch.hpp) gets that set's instructions only when it is
// inlined there, and code shared by all paths must not be left out of line. A macro because
// the attribute has no standard spelling that MSVC accepts without a warning.
#if defined(__GNUC__) || defined(__clang__)
#define FANORONA_DETAIL_ALWAYS_INLINE __attribute__((always_inline))
#else
#define FANORONA_DETAIL_ALWAYS_INLINE
#endif

#if FANORONA_DETAIL_X86_TARGETS
#include <cpuid.h>
#endif

namespace fanorona {
namespace detail {

#if FANORONA_DETAIL_X86_TARGETS
// The CPU's family as AMD and Intel number it (base family, plus the extended family when the
// base is 15): 0x19 is AMD's Zen 3 and Zen 4.
inline unsigned cpu_family() noexcept {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid(1, &eax, &ebx, &ecx, &edx) == 0) return 0;
  const unsigned base = (eax >> 8) & 0xFu;
  return base == 0xFu ? base + ((eax >> 20) & 0xFFu) : base;
}
#endif

// The CPU features each fast path needs, as reported by the CPU and the operating system
// (which must save the vector registers: __builtin_cpu_supports checks both).
struct CpuFeatures {
  bool bmi2 = false;    // pext, pdep, with popcnt and the BMI1 bit instructions
  bool avx2 = false;    // 256-bit integer vectors, with the above
  bool avx512 = false;  // AVX-512 F, BW, BITALG and VPOPCNTDQ, with the above
  // Whether the AVX-512 path is the faster one where both vector paths run. Not on AMD's
  // family 0x19 (Zen 4, the first AMD CPUs with AVX-512): there its leaf counter took 3 to 5
  // times the AVX2 path's time in perft 7 (docs/perft.md, "Instruction sets").
  bool avx512_faster = false;

  static CpuFeatures detect() noexcept {
    CpuFeatures f;
#if FANORONA_DETAIL_X86_TARGETS
    __builtin_cpu_init();
    f.bmi2 = __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
    f.avx2 = f.bmi2 && __builtin_cpu_supports("avx2");
    f.avx512 = f.avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512bitalg") && __builtin_cpu_supports("avx512vpopcntdq");
    f.avx512_faster = f.avx512 && !(__builtin_cpu_is("amd") && cpu_family() == 0x19);
#endif
    return f;
  }

  // Asked once per process: the answer cannot change while it runs.
  static const CpuFeatures& host() noexcept {
    static const CpuFeatures features = detect();
    return features;
  }
};

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_DETAIL_CPU_HPP
