// fanorona: the position index of the endgame tables (internal).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_TABLEBASE_DETAIL_INDEX_HPP
#define FANORONA_TABLEBASE_DETAIL_INDEX_HPP

// Not part of the public API: how a position of a material becomes a slot of its table and
// back. docs/tablebases.md, "How the tables are indexed", explains the scheme.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "../../board.hpp"
#include "../../detail/bits.hpp"
#include "../../symmetry.hpp"
#include "../types.hpp"

namespace fanorona {
namespace detail {

// ---- Combinatorial ranking ---------------------------------------------------------------

struct Binomials {
  // c[n][k] = n choose k for n, k < 64; C(63, 31) still fits in 64 bits.
  static constexpr Table<Table<std::uint64_t, 64>, 64> c = [] {
    Table<Table<std::uint64_t, 64>, 64> t{};
    for (int n = 0; n < 64; ++n) {
      t[n][0] = 1;
      for (int k = 1; k <= n; ++k) t[n][k] = t[n - 1][k - 1] + (k < n ? t[n - 1][k] : 0);
    }
    return t;
  }();
};

constexpr std::uint64_t binomial(int n, int k) noexcept {
  return n < 0 || k < 0 || k > n ? 0 : Binomials::c[n][k];
}

// The colexicographic rank of a set among the sets of its size: sum of C(p_i, i) over its
// points p_1 < p_2 < ... Colex order is the order of the sets as numbers, so counting up with
// the next set of the same size (next_same_size) visits ranks 0, 1, 2, ...
constexpr std::uint64_t colex_rank(Bitboard set) noexcept {
  std::uint64_t rank = 0;
  for (int i = 1; set; set &= set - 1, ++i) rank += binomial(lowest_point(set), i);
  return rank;
}

// The set of `k` points below `n` of colex rank `rank`.
constexpr Bitboard colex_unrank(std::uint64_t rank, int k, int n) noexcept {
  Bitboard set = 0;
  int c = n - 1;
  for (int i = k; i >= 1; --i, --c) {
    while (binomial(c, i) > rank) --c;
    rank -= binomial(c, i);
    set |= bit(c);
  }
  return set;
}

// The next larger number with as many set bits (Gosper's hack).
constexpr Bitboard next_same_size(Bitboard set) noexcept {
  const Bitboard lowest = set & (~set + 1);
  const Bitboard ripple = set + lowest;
  return ripple | (((set ^ ripple) >> 2) / lowest);
}

// `set` with the points of `taken` squeezed out: point p becomes p minus the taken points
// below it. The enemy stones are ranked among the points the own stones leave free.
constexpr Bitboard squeeze(Bitboard set, Bitboard taken) noexcept {
  Bitboard out = 0;
  for (; set; set &= set - 1) {
    const int p = lowest_point(set);
    out |= bit(p - popcount(taken & (bit(p) - 1)));
  }
  return out;
}

// The inverse of squeeze: bit i of `squeezed` goes to the i-th point of `free`.
constexpr Bitboard spread(Bitboard squeezed, Bitboard free) noexcept {
  Bitboard out = 0;
  for (; squeezed; squeezed >>= 1, free &= free - 1)
    if (squeezed & 1U) out |= free & (~free + 1);
  return out;
}

// ---- Symmetry classes of one side's stones --------------------------------------------------

// The sets of `count` points of board B grouped by the file mirror, the one symmetry that
// keeps the side to move (the color swap is used up by indexing from the mover's side).
// Indexed by colex rank: the class number, whether the set is the mirror image of its class's
// representative, and whether it is its own mirror image.
template <class B>
class SetClasses {
 public:
  static constexpr std::uint32_t mirrored = 1U << 30;
  static constexpr std::uint32_t symmetric = 1U << 31;
  static constexpr std::uint32_t class_mask = mirrored - 1;

  explicit SetClasses(int count) : count_(count) {
    const std::uint64_t sets = binomial(B::size, count);
    class_of_.resize(static_cast<std::size_t>(sets));
    representatives_.reserve(static_cast<std::size_t>(sets / 2 + 64));
    Bitboard set = (Bitboard{1} << count) - 1;
    for (std::uint64_t rank = 0; rank < sets; ++rank, set = next_same_size(set)) {
      const Bitboard image = transform_set<B>(Symmetry::mirror_files, set);
      if (image < set) {
        class_of_[static_cast<std::size_t>(rank)] = class_of_[static_cast<std::size_t>(colex_rank(image))] | mirrored;
        continue;
      }
      class_of_[static_cast<std::size_t>(rank)] =
          static_cast<std::uint32_t>(representatives_.size()) | (image == set ? symmetric : 0U);
      representatives_.push_back(set);
    }
  }

  int count() const noexcept { return count_; }
  std::uint64_t classes() const noexcept { return representatives_.size(); }
  std::uint32_t class_of(Bitboard set) const noexcept { return class_of_[static_cast<std::size_t>(colex_rank(set))]; }
  Bitboard representative(std::uint64_t cls) const noexcept { return representatives_[static_cast<std::size_t>(cls)]; }

 private:
  int count_;
  std::vector<std::uint32_t> class_of_;
  std::vector<Bitboard> representatives_;
};

// ---- The index of one material ------------------------------------------------------------

// Slot = class of the mover's stones * C(free points, enemy stones) + colex rank of the enemy
// stones among the free points, after mirroring the files when that makes the mover's stones
// their class representative. When the mover's stones are their own mirror image the enemy's
// set picks the orientation (the smaller of it and its image), so that a position and its
// mirror image always share one slot; the slots of the larger orientation stay unused.
template <class B>
class MaterialIndex {
 public:
  MaterialIndex() = default;
  MaterialIndex(const SetClasses<B>* own_classes, Material material) noexcept
      : own_classes_(own_classes),
        material_(material),
        enemy_sets_(binomial(B::size - material.own, material.enemy)),
        size_(own_classes->classes() * enemy_sets_) {}

  Material material() const noexcept { return material_; }
  std::uint64_t size() const noexcept { return size_; }

  // The slot of a position given by the mover's and the enemy's stones (counts must match).
  std::uint64_t index(Bitboard own, Bitboard enemy) const noexcept {
    const std::uint32_t cls = own_classes_->class_of(own);
    if (cls & SetClasses<B>::mirrored) {
      own = transform_set<B>(Symmetry::mirror_files, own);
      enemy = transform_set<B>(Symmetry::mirror_files, enemy);
    } else if (cls & SetClasses<B>::symmetric) {
      const Bitboard image = transform_set<B>(Symmetry::mirror_files, enemy);
      if (image < enemy) enemy = image;
    }
    return (cls & SetClasses<B>::class_mask) * enemy_sets_ + colex_rank(squeeze(enemy, own));
  }

  // The position of a slot, as the representative `index` maps to it; false for an unused
  // slot.
  bool position(std::uint64_t slot, Bitboard& own, Bitboard& enemy) const noexcept {
    const std::uint64_t cls = slot / enemy_sets_;
    own = own_classes_->representative(cls);
    enemy = spread(colex_unrank(slot % enemy_sets_, material_.enemy, B::size - material_.own), B::all & ~own);
    if (own != transform_set<B>(Symmetry::mirror_files, own)) return true;
    return transform_set<B>(Symmetry::mirror_files, enemy) >= enemy;
  }

 private:
  const SetClasses<B>* own_classes_ = nullptr;
  Material material_;
  std::uint64_t enemy_sets_ = 0;
  std::uint64_t size_ = 0;
};

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_TABLEBASE_DETAIL_INDEX_HPP
