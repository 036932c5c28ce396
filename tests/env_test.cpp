// The environment's core: the action numbering, masks against the turn builder, observation
// planes, rewards and episode ends, symmetries, whole turns, and the batch.
#include "catch.hpp"

#include <fanorona/batch_env.hpp>
#include <fanorona/env.hpp>
#include <fanorona/notation.hpp>

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

using fanorona::Color;
using fanorona::Symmetry;

namespace {

// The legal actions computed a second way, straight from the turn builder.
template <class B>
std::set<int> builder_actions(const fanorona::BasicEnv<B>& env) {
  std::set<int> out;
  if (env.is_done()) return out;
  const auto& b = env.turn_builder();
  for (const fanorona::BasicStep<B>& s : b.legal_steps()) out.insert(fanorona::BasicActionSpace<B>::encode(s));
  if (b.can_stop() && !b.must_stop()) out.insert(fanorona::BasicActionSpace<B>::stop);
  return out;
}

template <class B>
std::vector<std::uint8_t> mask_of(const fanorona::BasicEnv<B>& env) {
  std::vector<std::uint8_t> m(fanorona::BasicActionSpace<B>::size);
  env.action_mask(m.data());
  return m;
}

template <class B>
std::vector<float> observation_of(const fanorona::BasicEnv<B>& env) {
  std::vector<float> o(fanorona::observation_size<B>);
  env.observe(o.data());
  return o;
}

template <class B>
float plane_sum(const std::vector<float>& obs, fanorona::Plane plane) {
  float sum = 0;
  for (int p = 0; p < B::size; ++p) sum += obs[static_cast<std::size_t>(static_cast<int>(plane) * B::size + p)];
  return sum;
}

// Random games through the environment: the mask, the legal list and the builder agree at
// every action, and the game the environment keeps is a legal game of the library.
template <class B>
void check_random_games(int games) {
  using Space = fanorona::BasicActionSpace<B>;
  fanorona::BasicEnv<B> env(60, fanorona::BasicPosition<B>::initial(), 11);
  int actions = 0, ends = 0;
  for (int g = 0; g < games; ++g) {
    env.reset();
    while (!env.is_done()) {
      const std::set<int> expected = builder_actions(env);
      const auto& legal = env.legal_actions();
      REQUIRE(std::set<int>(legal.begin(), legal.end()) == expected);
      REQUIRE(std::is_sorted(legal.begin(), legal.end()));
      std::vector<std::uint8_t> expected_mask(Space::size);
      for (int a : expected) expected_mask[static_cast<std::size_t>(a)] = 1;
      REQUIRE(mask_of(env) == expected_mask);
      const int action = env.random_action();
      const Color mover = env.to_move();
      const auto played = env.step(action);
      REQUIRE(played.has_value());
      ++actions;
      if (played->terminated) {
        ++ends;
        const auto o = env.game().result().outcome;
        const bool mover_won = (o == fanorona::Outcome::white_wins) == (mover == Color::white);
        CHECK(played->reward == (o == fanorona::Outcome::draw ? 0.0F : mover_won ? 1.0F : -1.0F));
      } else {
        CHECK(played->reward == 0.0F);
      }
      if (!played->turn_ended) CHECK(env.to_move() == mover);
    }
    CHECK(env.legal_actions().empty());
    CHECK(env.random_action() == -1);
    // The turns are legal turns of the library, in order, and replay to the same result.
    fanorona::BasicGame<B> replay;
    for (const auto& t : env.game().turns()) REQUIRE(replay.play(t).has_value());
    CHECK(replay.result() == env.game().result());
    CHECK((env.is_truncated() == (!replay.is_over() && env.turns() == 60)));
  }
  CHECK(actions > games * 3);
  CHECK(ends > 0);
}

}  // namespace

TEST_CASE("actions number every step along a line once, on every board", "[env]") {
  const auto check = [](auto board) {
    using B = decltype(board);
    using Space = fanorona::BasicActionSpace<B>;
    CHECK(Space::size == B::size * 24 + 1);
    int along_lines = 0;
    for (int a = 0; a < Space::stop; ++a)
      if (const auto step = Space::decode(a)) {
        ++along_lines;
        CHECK(Space::encode(*step) == a);
      }
    // Three capture kinds for each directed line: the board's adjacency counted apart.
    int directed = 0;
    for (int p = 0; p < B::size; ++p) directed += fanorona::detail::popcount(B::adjacent[p]);
    CHECK(along_lines == 3 * directed);
    CHECK(!Space::decode(Space::stop));
    CHECK(!Space::decode(-1));
    CHECK(!Space::decode(Space::size));
    CHECK(Space::encode(fanorona::BasicStep<B>{fanorona::Point(0), fanorona::Point(2), fanorona::Capture::none}) == -1);
  };
  check(fanorona::Tsivy{});
  check(fanorona::Dimy{});
  check(fanorona::Telo{});
  CHECK(fanorona::ActionSpace::size == 1081);
  CHECK(fanorona::BasicActionSpace<fanorona::Dimy>::size == 601);
  CHECK(fanorona::BasicActionSpace<fanorona::Telo>::size == 217);
}

TEST_CASE("the legal actions are the turn builder's steps, in random games on every board", "[env]") {
  check_random_games<fanorona::Tsivy>(40);
  check_random_games<fanorona::Dimy>(60);
  check_random_games<fanorona::Telo>(200);
}

TEST_CASE("the start position's observation", "[env]") {
  using B = fanorona::Tsivy;
  fanorona::Env env;
  const auto obs = observation_of(env);
  CHECK(obs.size() == 9 * 45);
  using fanorona::Plane;
  CHECK(plane_sum<B>(obs, Plane::own) == 22);
  CHECK(plane_sum<B>(obs, Plane::enemy) == 22);
  CHECK(plane_sum<B>(obs, Plane::strong_points) == 23);  // (file + rank) even: 23 of 45
  CHECK(obs[2 * 45 + 0] == 1.0F);                         // a1 is strong, b1 weak
  CHECK(obs[2 * 45 + 1] == 0.0F);
  CHECK(plane_sum<B>(obs, Plane::moving_stone) == 0);
  CHECK(plane_sum<B>(obs, Plane::visited) == 0);
  CHECK(plane_sum<B>(obs, Plane::straight_on) == 0);
  CHECK(plane_sum<B>(obs, Plane::white_to_move) == 45);
  CHECK(plane_sum<B>(obs, Plane::repetitions) == 0);
  CHECK(plane_sum<B>(obs, Plane::turn_clock) == 0);
  // White's stones are on ranks 1 and 2 and in the middle rank's pattern.
  const auto white = fanorona::Position::initial().stones(Color::white);
  for (int p = 0; p < 45; ++p) CHECK((obs[static_cast<std::size_t>(p)] == 1.0F) == (((white >> p) & 1U) != 0));
  // Black's view swaps own and enemy.
  std::vector<float> black(obs.size());
  env.observe(black.data(), Color::black);
  CHECK(std::equal(black.begin(), black.begin() + 45, obs.begin() + 45));
}

TEST_CASE("a capture chain: the moving stone, where it has been, the way on, and stop", "[env]") {
  const auto start = fanorona::Position::from_fen("BBBBBB1BB/BBBBB1BBB/BWBWWBWBW/WWW1WWWWW/WWWWWWWWW B").value();
  fanorona::Env env(200, start);
  const fanorona::Step first{fanorona::parse_point("f3"), fanorona::parse_point("f4"), fanorona::Capture::withdrawal};
  const auto played = env.step(fanorona::ActionSpace::encode(first));
  REQUIRE(played.has_value());
  CHECK(!played->turn_ended);
  CHECK(env.to_move() == Color::black);
  const auto obs = observation_of(env);
  const auto at = [&](fanorona::Plane plane, const char* point) {
    return obs[static_cast<std::size_t>(static_cast<int>(plane) * 45 + fanorona::parse_point(point).index())];
  };
  CHECK(at(fanorona::Plane::moving_stone, "f4") == 1.0F);
  CHECK(plane_sum<fanorona::Tsivy>(obs, fanorona::Plane::visited) == 2);
  CHECK(at(fanorona::Plane::visited, "f3") == 1.0F);
  CHECK(at(fanorona::Plane::straight_on, "f5") == 1.0F);  // it stepped north
  CHECK(plane_sum<fanorona::Tsivy>(obs, fanorona::Plane::white_to_move) == 0);
  REQUIRE(env.is_legal(fanorona::ActionSpace::stop));
  const auto stopped = env.step(fanorona::ActionSpace::stop);
  REQUIRE(stopped.has_value());
  CHECK(stopped->turn_ended);
  CHECK(env.turns() == 1);
  CHECK(env.to_move() == Color::white);
  CHECK(!env.is_legal(fanorona::ActionSpace::stop));
}

TEST_CASE("refused actions say why and change nothing", "[env]") {
  fanorona::Env env;
  const auto message = [&](long long action) { return env.check(action).error().message; };
  CHECK(message(1081) == "action 1081 is outside the action space (0..1080)");
  CHECK(env.check(1081).error().code == fanorona::ErrorCode::action_out_of_range);
  CHECK(env.check(1081).error().arg("limit") == "1080");
  CHECK(env.check(36).error().code == fanorona::ErrorCode::action_off_lines);
  CHECK(env.check(36).error().arg("direction") == "north_east");
  CHECK(env.check(fanorona::ActionSpace::stop).error().code == fanorona::ErrorCode::stop_before_step);
  CHECK(message(-3) == "action -3 is outside the action space (0..1080)");
  CHECK(message(fanorona::ActionSpace::stop) == "stop is not legal before the first step of a turn");
  // b1 is weak: no diagonal leaves it (direction 4 is north-east).
  CHECK(message((1 * 8 + 4) * 3) == "action 36 steps north-east from b1, along no line of the board");
  // The builder's own reason: every step to e3 captures.
  const int paika = fanorona::ActionSpace::encode({fanorona::parse_point("e2"), fanorona::parse_point("e3"), fanorona::Capture::none});
  CHECK(message(paika) == "action 318: capture is compulsory: e2-e3 captures by approach; write e2-e3A");
  const auto refused = env.step(paika);
  REQUIRE(!refused.has_value());
  CHECK(env.turns() == 0);
  CHECK(env.turn_builder().turn().empty());
  CHECK(env.legal_actions().size() == 5);
}

TEST_CASE("threefold repetition shows in the observation, then draws with no reward", "[env]") {
  using B = fanorona::Tsivy;
  const auto start = fanorona::Position::from_fen("9/9/9/9/W7B W").value();
  fanorona::Env env(0, start);
  const auto paika = [](const char* from, const char* to) {
    return fanorona::ActionSpace::encode({fanorona::parse_point(from), fanorona::parse_point(to), fanorona::Capture::none});
  };
  const int cycle[] = {paika("a1", "b1"), paika("i1", "h1"), paika("b1", "a1"), paika("h1", "i1")};
  for (int a : cycle) REQUIRE(env.step(a).has_value());
  CHECK(plane_sum<B>(observation_of(env), fanorona::Plane::repetitions) == 0.5F * 45);
  CHECK(plane_sum<B>(observation_of(env), fanorona::Plane::turn_clock) == 0);  // no limit
  for (int i = 0; i < 3; ++i) REQUIRE(env.step(cycle[i]).has_value());
  const auto last = env.step(cycle[3]);
  REQUIRE(last.has_value());
  CHECK(last->terminated);
  CHECK(last->reward == 0.0F);
  CHECK(env.game().result().reason == fanorona::EndReason::threefold_repetition);
  CHECK(env.check(cycle[0]).error().message == "the game is over (draw: the same position occurred three times)");
  CHECK(env.check(cycle[0]).error().code == fanorona::ErrorCode::game_over);
  CHECK(env.check(cycle[0]).error().arg("result") == "draw_threefold_repetition");
}

TEST_CASE("the turn limit truncates, and the clock plane counts toward it", "[env]") {
  const auto start = fanorona::Position::from_fen("9/9/9/9/W7B W").value();
  fanorona::Env env(4, start);
  const auto paika = [](const char* from, const char* to) {
    return fanorona::ActionSpace::encode({fanorona::parse_point(from), fanorona::parse_point(to), fanorona::Capture::none});
  };
  REQUIRE(env.step(paika("a1", "b1")).has_value());
  CHECK(plane_sum<fanorona::Tsivy>(observation_of(env), fanorona::Plane::turn_clock) == 0.25F * 45);
  REQUIRE(env.step(paika("i1", "h1")).has_value());
  REQUIRE(env.step(paika("b1", "c1")).has_value());
  const auto last = env.step(paika("h1", "g1"));
  REQUIRE(last.has_value());
  CHECK(last->truncated);
  CHECK(!last->terminated);
  CHECK(env.is_done());
  CHECK(env.check(paika("c1", "d1")).error().message == "the game was truncated after 4 turns: reset it");
  CHECK(env.check(paika("c1", "d1")).error().code == fanorona::ErrorCode::episode_truncated);
  env.reset();
  CHECK(!env.is_done());
  CHECK(env.turns() == 0);
}

TEST_CASE("symmetries map observations and masks to those of the image position", "[env]") {
  using B = fanorona::Tsivy;
  using Space = fanorona::ActionSpace;
  fanorona::Env walker(80, fanorona::Position::initial(), 5);
  int compared = 0;
  for (int i = 0; i < 400 && !walker.is_done(); ++i) {
    if (walker.turn_builder().turn().empty()) {
      for (Symmetry s : fanorona::all_symmetries) {
        fanorona::Env image(0, fanorona::transform(s, walker.game().position()));
        fanorona::Env here(0, walker.game().position());
        // Through one action as well, so the chain planes are compared mid-turn.
        for (int k = 0; k < 2 && !here.is_done(); ++k) {
          std::vector<float> mapped(fanorona::observation_size<B>);
          fanorona::transform_observation<B>(s, observation_of(here).data(), mapped.data());
          CHECK(mapped == observation_of(image));
          std::vector<std::uint8_t> mask(Space::size);
          fanorona::transform_action_mask<B>(s, mask_of(here).data(), mask.data());
          CHECK(mask == mask_of(image));
          const int a = here.legal_actions()[0];
          REQUIRE(here.step(a).has_value());
          REQUIRE(image.step(Space::transform(s, a)).has_value());
          ++compared;
        }
      }
    }
    REQUIRE(walker.step(walker.random_action()).has_value());
  }
  CHECK(compared > 100);
}

TEST_CASE("whole turns: play_turn is the steps then stop, and a refused turn plays nothing", "[env]") {
  fanorona::Env env;
  fanorona::Env by_steps;
  fanorona::Game game;
  for (int t = 0; t < 30 && !game.is_over(); ++t) {
    const auto turns = game.legal_turns();
    const auto& turn = turns[static_cast<std::size_t>(t) % turns.size()];
    REQUIRE(env.play_turn(turn).has_value());
    for (int i = 0; i < turn.size(); ++i) REQUIRE(by_steps.step(fanorona::ActionSpace::encode(turn.step(i))).has_value());
    if (!by_steps.turn_builder().turn().empty()) REQUIRE(by_steps.step(fanorona::ActionSpace::stop).has_value());
    REQUIRE(game.play(turn).has_value());
    CHECK(env.game().position() == game.position());
    CHECK(by_steps.game().position() == game.position());
  }
  const auto other = fanorona::parse_turn(fanorona::Position::initial(), "d3-e3A").value();
  const auto before = env.game().position();
  CHECK(!env.play_turn(other).has_value());
  CHECK(env.game().position() == before);
}

TEST_CASE("a batch plays each game like an environment seeded alike, and keeps finished games", "[env]") {
  fanorona::BatchEnv batch(3, 30, 42);
  std::vector<fanorona::Env> alone;
  for (std::uint64_t i = 0; i < 3; ++i) alone.emplace_back(30, fanorona::Position::initial(), fanorona::detail::batch_seed(42, i));
  std::vector<std::int64_t> actions(3);
  std::vector<float> rewards(3), final_obs(3 * fanorona::observation_size<fanorona::Tsivy>);
  std::vector<float> obs(final_obs.size());
  std::vector<std::uint8_t> terminated(3), truncated(3), masks(3 * fanorona::ActionSpace::size), side(3);
  fanorona::BatchStepOutput out{rewards.data(), terminated.data(), truncated.data(), final_obs.data()};
  out.observations = obs.data();
  out.action_masks = masks.data();
  out.to_move = side.data();
  int finished = 0;
  for (int step = 0; step < 600; ++step) {
    batch.random_actions(actions.data());
    REQUIRE(batch.step(actions.data(), out).has_value());
    for (std::size_t i = 0; i < 3; ++i) {
      CHECK(alone[i].random_action() == actions[i]);
      const auto s = alone[i].step(actions[i]);
      REQUIRE(s.has_value());
      CHECK(s->reward == rewards[i]);
      CHECK(s->terminated == (terminated[i] != 0));
      CHECK(s->truncated == (truncated[i] != 0));
      if (s->terminated || s->truncated) {
        ++finished;
        CHECK(batch.finished_game(i).turns() == alone[i].game().turns());
        CHECK(batch.finished_truncated(i) == s->truncated);
        std::vector<float> expected(fanorona::observation_size<fanorona::Tsivy>);
        alone[i].observe(expected.data());
        CHECK(std::equal(expected.begin(), expected.end(), final_obs.begin() + static_cast<std::ptrdiff_t>(i * expected.size())));
        alone[i].reset();
      }
      CHECK(batch.env(i).game().turns() == alone[i].game().turns());
    }
    // What the step wrote is what observing and masking afterwards write.
    std::vector<float> obs_after(obs.size());
    std::vector<std::uint8_t> masks_after(masks.size()), side_after(3);
    batch.observe(obs_after.data());
    batch.action_masks(masks_after.data());
    batch.to_move(side_after.data());
    REQUIRE(obs_after == obs);
    REQUIRE(masks_after == masks);
    REQUIRE(side_after == side);
  }
  CHECK(finished >= 6);
  CHECK(batch.episodes(0) + batch.episodes(1) + batch.episodes(2) == static_cast<std::uint64_t>(finished));
}

TEST_CASE("a batch refuses every action when one is illegal, naming the game", "[env]") {
  fanorona::BatchEnv batch(2);
  std::vector<std::int64_t> actions(2);
  batch.random_actions(actions.data());
  actions[1] = fanorona::ActionSpace::stop;
  std::vector<float> rewards(2);
  std::vector<std::uint8_t> terminated(2), truncated(2);
  const auto refused = batch.step(actions.data(), {rewards.data(), terminated.data(), truncated.data(), nullptr});
  REQUIRE(!refused.has_value());
  CHECK(refused.error().message == "game 1: stop is not legal before the first step of a turn");
  CHECK(refused.error().code == fanorona::ErrorCode::stop_before_step);
  CHECK(refused.error().arg("game") == "1");
  CHECK(batch.env(0).turn_builder().turn().empty());
  CHECK(batch.env(0).turns() == 0);
}
