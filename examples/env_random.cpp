// fanorona-env: random agents through the reinforcement-learning environment's core.
//
//   fanorona-env [--games N] [--seed S] [--max-turns T]
//
// Plays N games of random actions (one step at a time, as a learning agent acts), reads the
// observation and the legal-action mask before every action as a policy would, checks that
// the mirrored observation and mask match the mirrored position's (the symmetry used to
// augment training data), and prints how the games ended and how fast they went.
#include <fanorona/env.hpp>
#include <fanorona/symmetry.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Options {
  int games = 100;
  std::uint64_t seed = 1;
  int max_turns = 200;
};

// Reads a non-negative whole number, or returns false.
bool read_number(const char* text, unsigned long long& out) {
  if (*text < '0' || *text > '9') return false;
  char* end = nullptr;
  out = std::strtoull(text, &end, 10);
  return *end == '\0';
}

bool parse(int argc, char** argv, Options& o) {
  for (int i = 1; i + 1 < argc; i += 2) {
    unsigned long long value = 0;
    if (!read_number(argv[i + 1], value)) return false;
    if (std::strcmp(argv[i], "--games") == 0 && value > 0 && value <= 1000000) o.games = static_cast<int>(value);
    else if (std::strcmp(argv[i], "--seed") == 0) o.seed = value;
    else if (std::strcmp(argv[i], "--max-turns") == 0 && value <= 100000) o.max_turns = static_cast<int>(value);
    else return false;
  }
  return argc % 2 == 1;
}

// The mirrored observation and mask of the environment's turn start, against those of an
// environment started from the mirrored position: they must agree.
bool mirror_agrees(const fanorona::Env& env) {
  using B = fanorona::Tsivy;
  const auto s = fanorona::Symmetry::mirror_files;
  fanorona::Env image(0, fanorona::transform(s, env.game().position()));
  fanorona::Env here(0, env.game().position());
  std::vector<float> obs(fanorona::observation_size<B>), mapped(obs.size()), expected(obs.size());
  std::vector<std::uint8_t> mask(fanorona::ActionSpace::size), mapped_mask(mask.size()), expected_mask(mask.size());
  here.observe(obs.data());
  here.action_mask(mask.data());
  fanorona::transform_observation<B>(s, obs.data(), mapped.data());
  fanorona::transform_action_mask<B>(s, mask.data(), mapped_mask.data());
  image.observe(expected.data());
  image.action_mask(expected_mask.data());
  return mapped == expected && mapped_mask == expected_mask;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!parse(argc, argv, o)) {
    std::fprintf(stderr, "usage: fanorona-env [--games N] [--seed S] [--max-turns T]\n");
    return 2;
  }
  fanorona::Env env(o.max_turns, fanorona::Position::initial(), o.seed);
  std::vector<float> observation(fanorona::observation_size<fanorona::Tsivy>);
  std::vector<std::uint8_t> mask(fanorona::ActionSpace::size);
  long long actions = 0, turns = 0;
  int white = 0, black = 0, draws = 0, truncated = 0, mirror_checks = 0;
  const auto started = std::chrono::steady_clock::now();
  for (int g = 0; g < o.games; ++g) {
    env.reset();
    while (!env.is_done()) {
      env.observe(observation.data());  // what a policy would read ...
      env.action_mask(mask.data());     // ... and which actions it may choose
      if (env.turn_builder().turn().empty() && env.turns() % 16 == 0) {
        if (!mirror_agrees(env)) {
          std::fprintf(stderr, "the mirrored observation disagrees at turn %d of game %d\n", env.turns(), g + 1);
          return 1;
        }
        ++mirror_checks;
      }
      const auto played = env.step(env.random_action());
      if (!played) {
        std::fprintf(stderr, "refused: %s\n", played.error().message.c_str());
        return 1;
      }
      ++actions;
    }
    turns += env.turns();
    const auto outcome = env.game().result().outcome;
    if (env.is_truncated()) ++truncated;
    else if (outcome == fanorona::Outcome::white_wins) ++white;
    else if (outcome == fanorona::Outcome::black_wins) ++black;
    else ++draws;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::printf("games %d: White wins %d, Black wins %d, draws %d, truncated %d\n", o.games, white, black, draws, truncated);
  std::printf("actions %lld, turns %lld (%.2f actions a turn), mirror checks %d passed\n", actions, turns,
              turns ? static_cast<double>(actions) / static_cast<double>(turns) : 0.0, mirror_checks);
  std::printf("%.0f actions/s with observations and masks\n", seconds > 0 ? static_cast<double>(actions) / seconds : 0.0);
  return 0;
}
