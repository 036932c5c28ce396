// Proves that probing the endgame tables, and asking them for the best turn, never touch the
// heap, so that a search can probe at every node: the global operator new counts, and the
// program fails if a probe allocates. Generating the tables may allocate; it runs first.
#include <fanorona/tablebase.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>

#include "counting_new.hpp"

namespace {

// Probes the positions of best play from random set-ups of up to `stones` stones (all but one
// for the side to move), asking for the value and the best turn of each.
template <class B>
bool probes_allocate_nothing(int stones) {
  fanorona::BasicTablebase<B> tables;
  if (!fanorona::generate_tablebase(tables, fanorona::TablebaseOptions{stones, "", nullptr})) return false;
  std::uint64_t state = 12345, probed = 0, decided = 0;
  allocations = 0;
  counting = true;
  const int own_stones = stones - 1 < B::stones_per_side ? stones - 1 : B::stones_per_side;
  for (int game = 0; game < 400; ++game) {
    fanorona::Bitboard own = 0, enemy = 0;
    while (fanorona::detail::popcount(own) < own_stones) own |= fanorona::Bitboard{1} << (fanorona::detail::splitmix64(state) % B::size);
    while (enemy == 0) enemy = (fanorona::Bitboard{1} << (fanorona::detail::splitmix64(state) % B::size)) & ~own;
    auto position = fanorona::BasicPosition<B>::from_stones(own, enemy, fanorona::Color::white).value();
    for (int ply = 0; ply < 40; ++ply) {
      const auto value = tables.probe(position);
      const auto best = tables.best_turn(position);
      ++probed;
      if (!value || !best || best->turn.empty()) break;
      decided += value->outcome != fanorona::TablebaseOutcome::draw;
      position.play(best->turn);
    }
  }
  counting = false;
  std::printf("%s: %dx%d, %llu positions probed (%llu decided), %zu allocations\n", allocations ? "FAILED" : "ok",
              B::width, B::height, static_cast<unsigned long long>(probed), static_cast<unsigned long long>(decided),
              allocations);
  return allocations == 0 && probed > 1000;  // enough positions to mean something
}

}  // namespace

int main() {
  const bool ok = probes_allocate_nothing<fanorona::Tsivy>(3) && probes_allocate_nothing<fanorona::Dimy>(4) &&
                  probes_allocate_nothing<fanorona::Telo>(8);
  return ok ? 0 : 1;
}
