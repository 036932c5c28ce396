// fanorona: running a kernel compiled for the instruction set in use.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_DETAIL_DISPATCH_HPP
#define FANORONA_DETAIL_DISPATCH_HPP

// A kernel (perft, count_turns, generate_turns) is a template on the instruction set S it
// may use. Compiling its code for S takes two things:
// - the few functions written with S's intrinsics (the BMI2 chain steps, the vector leaf
//   counters) are defined in target regions (#pragma GCC target / clang attribute), so they
//   compile whatever the user's flags are;
// - everything else is ordinary code, and it gets S's instructions (hardware popcount, and
//   inlining of the functions above) only when it is compiled inside a function with S's
//   target attribute. Target<S>::call(f, args...) is such a function, and the kernel's code
//   is always inlined into it (FANORONA_DETAIL_ALWAYS_INLINE), so f and everything it calls
//   is compiled for S. A recursive kernel calls itself through in_target<S> again: each
//   recursion is one out-of-line function for S, and the code between two of them is inlined.

#include <type_traits>

#include "../instruction_set.hpp"
#include "cpu.hpp"

namespace fanorona {
namespace detail {

template <InstructionSet S>
struct Target {
  template <class F, class... Args>
  static decltype(auto) call(F&& f, Args&&... args) {
    return f(static_cast<Args&&>(args)...);
  }
};

#if FANORONA_DETAIL_X86_TARGETS
template <>
struct Target<InstructionSet::bmi2> {
  template <class F, class... Args>
  [[gnu::target("popcnt,bmi,bmi2")]] static decltype(auto) call(F&& f, Args&&... args) {
    return f(static_cast<Args&&>(args)...);
  }
};
template <>
struct Target<InstructionSet::avx2> {
  template <class F, class... Args>
  [[gnu::target("popcnt,bmi,bmi2,avx2")]] static decltype(auto) call(F&& f, Args&&... args) {
    return f(static_cast<Args&&>(args)...);
  }
};
template <>
struct Target<InstructionSet::avx512> {
  template <class F, class... Args>
  [[gnu::target("popcnt,bmi,bmi2,avx2,avx512f,avx512bw,avx512bitalg,avx512vpopcntdq")]] static decltype(auto) call(
      F&& f, Args&&... args) {
    return f(static_cast<Args&&>(args)...);
  }
};
#endif

// Calls f(args...) compiled for S, out of line: where a recursion goes back to its start.
// The compiler flags' own path needs no attribute (the primary template).
template <InstructionSet S, class F, class... Args>
FANORONA_DETAIL_ALWAYS_INLINE inline decltype(auto) in_target(F&& f, Args&&... args) {
  if constexpr (S <= compiled_instruction_set) {
    return Target<compiled_instruction_set>::call(f, static_cast<Args&&>(args)...);
  } else {
    return Target<S>::call(f, static_cast<Args&&>(args)...);
  }
}

template <InstructionSet S>
using InstructionSetTag = std::integral_constant<InstructionSet, S>;

// Calls kernel(InstructionSetTag<S>{}) for the path in use, compiled for it. The kernel is a
// generic lambda marked FANORONA_DETAIL_ALWAYS_INLINE, so that its body is compiled for S.
template <class Kernel>
decltype(auto) dispatch(Kernel&& kernel) {
#if FANORONA_DETAIL_X86_TARGETS
  switch (instruction_set()) {
    case InstructionSet::avx512:
      return Target<InstructionSet::avx512>::call(kernel, InstructionSetTag<InstructionSet::avx512>{});
    case InstructionSet::avx2:
      return Target<InstructionSet::avx2>::call(kernel, InstructionSetTag<InstructionSet::avx2>{});
    case InstructionSet::bmi2:
      return Target<InstructionSet::bmi2>::call(kernel, InstructionSetTag<InstructionSet::bmi2>{});
    default:
      break;
  }
#endif
  return kernel(InstructionSetTag<compiled_instruction_set>{});
}

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_DETAIL_DISPATCH_HPP
