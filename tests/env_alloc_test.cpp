// Proves that the environment's core steps without touching the heap once built: a single
// environment and a batch, with observations, masks and auto-reset, over many games. A
// program of its own, with a counting global operator new (tests/alloc/counting_new.hpp).
#include <fanorona/batch_env.hpp>
#include <fanorona/env.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "alloc/counting_new.hpp"

int main() {
  using B = fanorona::Tsivy;
  constexpr std::size_t n = 64;
  fanorona::Env env(200, fanorona::Position::initial(), 3);
  fanorona::BatchEnv batch(n, 200, 9);
  std::vector<float> obs(n * fanorona::observation_size<B>), final_obs(obs.size()), rewards(n);
  std::vector<std::uint8_t> masks(n * fanorona::ActionSpace::size), terminated(n), truncated(n), side(n);
  std::vector<std::int64_t> actions(n);
  fanorona::BatchStepOutput out{rewards.data(), terminated.data(), truncated.data(), final_obs.data()};
  out.observations = obs.data();
  out.action_masks = masks.data();
  out.to_move = side.data();
  int failures = 0, games = 0;
  std::uint64_t finished = 0;

  allocations = 0;
  counting = true;
  for (int step = 0; step < 20000; ++step) {
    const auto played = env.step(env.random_action());
    if (!played) ++failures;
    env.observe(obs.data());
    env.action_mask(masks.data());
    if (env.is_done()) {
      env.reset();
      ++games;
    }
  }
  for (int step = 0; step < 2000; ++step) {
    batch.random_actions(actions.data());
    if (!batch.step(actions.data(), out)) ++failures;  // observations, masks and sides written in the step
  }
  counting = false;
  for (std::size_t i = 0; i < n; ++i) finished += batch.episodes(i);

  std::printf("%d games alone, %llu in the batch: %zu allocations\n", games, static_cast<unsigned long long>(finished),
              allocations);
  return failures == 0 && allocations == 0 && games > 10 && finished > n ? 0 : 1;
}
