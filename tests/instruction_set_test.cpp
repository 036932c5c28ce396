// The run-time choice of instruction set (instruction_set.hpp): the API's answers, and every
// path this machine can run gives the same counts and the same turn lists. The whole suite
// also runs once per path under FANORONA_INSTRUCTION_SET (tests/CMakeLists.txt).
#include "catch.hpp"
#include "support.hpp"

#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

using fanorona::InstructionSet;

namespace {

constexpr InstructionSet all_sets[] = {InstructionSet::portable, InstructionSet::bmi2, InstructionSet::avx2,
                                       InstructionSet::avx512};

// Restores the path in use when a test that forces paths ends, however it ends.
struct KeepInstructionSet {
  InstructionSet saved = fanorona::instruction_set();
  ~KeepInstructionSet() { REQUIRE(fanorona::use_instruction_set(saved).has_value()); }
};

template <class B>
std::vector<std::string> turn_texts(const fanorona::BasicPosition<B>& p) {
  std::vector<std::string> texts;
  for (const auto& t : fanorona::legal_turns(p)) texts.push_back(t.to_string());
  return texts;
}

// Counts, lists and perft of many positions on board B, on the path in use.
template <class B>
struct Snapshot {
  std::vector<std::uint64_t> counts, perfts;
  std::vector<std::vector<std::string>> lists;

  static Snapshot take(const std::vector<fanorona::BasicPosition<B>>& positions) {
    Snapshot s;
    for (const auto& p : positions) {
      s.counts.push_back(fanorona::count_turns(p));
      s.lists.push_back(turn_texts(p));
      s.perfts.push_back(fanorona::perft(p, 3));
    }
    return s;
  }
  bool operator==(const Snapshot& o) const { return counts == o.counts && perfts == o.perfts && lists == o.lists; }
};

template <class B>
std::vector<fanorona::BasicPosition<B>> sample_positions(std::uint32_t seed) {
  auto positions = test::random_game_positions<B>(300, seed);
  std::mt19937 rng(seed);
  for (int i = 0; i < 300; ++i) positions.push_back(test::random_position<B>(rng));
  return positions;
}

template <class B>
void every_path_agrees(std::uint32_t seed) {
  KeepInstructionSet keep;
  const auto positions = sample_positions<B>(seed);
  REQUIRE(fanorona::use_instruction_set(fanorona::compiled_instruction_set).has_value());
  const Snapshot<B> reference = Snapshot<B>::take(positions);
  for (InstructionSet set : all_sets) {
    if (!fanorona::is_available(set)) continue;
    INFO("instruction set " << fanorona::to_string(set));
    REQUIRE(fanorona::use_instruction_set(set).has_value());
    CHECK(fanorona::instruction_set() == set);
    CHECK(Snapshot<B>::take(positions) == reference);
  }
}

}  // namespace

TEST_CASE("instruction sets: names, availability and forcing", "[instruction_set]") {
  for (InstructionSet set : all_sets) {
    const auto parsed = fanorona::parse_instruction_set(fanorona::to_string(set));
    REQUIRE(parsed.has_value());
    CHECK(*parsed == set);
  }
  const auto bad = fanorona::parse_instruction_set("sse9");
  REQUIRE_FALSE(bad.has_value());
  CHECK(bad.error().message == "unknown instruction set \"sse9\": expected portable, bmi2, avx2 or avx512");

  CHECK(fanorona::is_available(fanorona::compiled_instruction_set));
  CHECK(fanorona::is_available(fanorona::best_instruction_set()));
  CHECK(fanorona::best_instruction_set() >= fanorona::compiled_instruction_set);
  CHECK(fanorona::is_available(fanorona::instruction_set()));

  KeepInstructionSet keep;
  for (InstructionSet set : all_sets) {
    const InstructionSet before = fanorona::instruction_set();
    const fanorona::Status forced = fanorona::use_instruction_set(set);
    CHECK(forced.has_value() == fanorona::is_available(set));
    if (forced) {
      CHECK(fanorona::instruction_set() == set);
    } else {
      // A refusal says why and changes nothing.
      CHECK(forced.error().message.find(std::string("the ") + fanorona::to_string(set) + " instruction set is not available") == 0);
      CHECK(fanorona::instruction_set() == before);
    }
  }
}

TEST_CASE("instruction sets: the requested path is the one in use", "[instruction_set][paths]") {
  // ctest runs the suite once per path with FANORONA_INSTRUCTION_SET set; a request that is
  // not honored would run the wrong code under the right name.
  const char* requested = std::getenv("FANORONA_INSTRUCTION_SET");
  if (requested == nullptr || *requested == '\0') {
    CHECK(fanorona::instruction_set() == fanorona::best_instruction_set());
    return;
  }
  const auto set = fanorona::parse_instruction_set(requested);
  REQUIRE(set.has_value());
  REQUIRE(fanorona::is_available(*set));
  CHECK(fanorona::instruction_set() == *set);
}

TEST_CASE("instruction sets: every path counts, lists and perfts the same", "[instruction_set][differential]") {
  every_path_agrees<fanorona::Tsivy>(301);
  every_path_agrees<fanorona::Dimy>(302);
  every_path_agrees<fanorona::Telo>(303);
}

TEST_CASE("instruction sets: perft from the start on every path", "[instruction_set][perft]") {
  KeepInstructionSet keep;
  for (InstructionSet set : all_sets) {
    if (!fanorona::is_available(set)) continue;
    INFO("instruction set " << fanorona::to_string(set));
    REQUIRE(fanorona::use_instruction_set(set).has_value());
    CHECK(fanorona::perft(fanorona::Position::initial(), 5) == 431852);
    CHECK(fanorona::perft(fanorona::BasicPosition<fanorona::Dimy>::initial(), 5) == 34608);
    CHECK(fanorona::perft(fanorona::BasicPosition<fanorona::Telo>::initial(), 4) == 67);
  }
}
