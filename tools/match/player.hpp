// fanorona-match's players: a level, a level with changes, the random mover, or an engine
// program, read from a PLAYER argument such as "4,depth=5,noise=0".
#ifndef FANORONA_TOOLS_MATCH_PLAYER_HPP
#define FANORONA_TOOLS_MATCH_PLAYER_HPP

#include <fanorona/search.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "../cli.hpp"

namespace match {

struct Player {
  std::string name;
  bool random = false;
  std::string engine_command;  // `engine:COMMAND`: a program driven through its standard streams
  fanorona::LevelSettings settings;
  fanorona::EvalWeights weights;
  std::int64_t clock_ms = 0;        // a game clock instead of a time per turn (0: none)
  std::int64_t increment_ms = 0;    // added after every turn of a clocked player
  bool tables = false;              // probes the endgame tables of --tablebase
  std::size_t table_megabytes = 4;  // the transposition table's size
  int opening_turns = 0;            // the game's first turns, which think opening_ms instead
  std::int64_t opening_ms = 0;
  // `netfile=FILE`: the evaluation network read from FILE instead of the library's own.
  std::shared_ptr<const fanorona::EvalNetwork> network;
};

// A numeric setting `key=N`: its range and where it goes.
struct NumericSetting {
  std::string_view key;
  long long low, high;
  void (*apply)(Player&, long long);
};

// Every numeric setting but the evaluation weights, which go by their terms' names
// (`fanorona::parse_eval_term`: `strong=`, `exposed=`, `network=0`...); `mob`, `hmob`, `hedge`
// and `hsafe` are short names of weights. The search settings are the fields of
// fanorona::LevelSettings (docs/search.md).
inline constexpr NumericSetting numeric_settings[] = {
    {"depth", 0, 60, [](Player& p, long long v) { p.settings.limits.max_depth = static_cast<int>(v); }},
    {"nodes", 0, 1000000000000LL, [](Player& p, long long v) { p.settings.limits.max_nodes = static_cast<std::uint64_t>(v); }},
    {"ms", 0, 3600000, [](Player& p, long long v) { p.settings.limits.max_time_ms = v; }},
    {"noise", 0, 10000, [](Player& p, long long v) { p.settings.eval_noise = static_cast<int>(v); }},
    {"temp", 0, 10000, [](Player& p, long long v) { p.settings.temperature = static_cast<int>(v); }},
    {"random", 0, 100, [](Player& p, long long v) { p.settings.random_percent = static_cast<int>(v); }},
    {"mob", -1000, 1000, [](Player& p, long long v) { p.weights.mobility = static_cast<int>(v); }},
    {"endgame", 0, 44, [](Player& p, long long v) { p.weights.endgame_stones = static_cast<int>(v); }},
    {"hmob", -1000, 1000, [](Player& p, long long v) { p.weights.hunt_mobility = static_cast<int>(v); }},
    {"hedge", -1000, 1000, [](Player& p, long long v) { p.weights.hunt_edge = static_cast<int>(v); }},
    {"hsafe", -1000, 1000, [](Player& p, long long v) { p.weights.hunt_safety = static_cast<int>(v); }},
    {"contempt", -1000, 1000, [](Player& p, long long v) { p.settings.contempt = static_cast<int>(v); }},
    {"extend", 0, 100, [](Player& p, long long v) { p.settings.extend_few_replies = static_cast<int>(v); }},
    {"tb", 0, 1, [](Player& p, long long v) { p.tables = v != 0; }},
    {"hash", 1, 4096, [](Player& p, long long v) { p.table_megabytes = static_cast<std::size_t>(v); }},
    {"partial", 0, 1, [](Player& p, long long v) { p.settings.keep_partial_iteration = v != 0; }},
};

// A network file for `netfile=`, or a usage error saying what is wrong with it.
inline std::shared_ptr<const fanorona::EvalNetwork> read_network_file(const std::string& name) {
  const std::string text = tools::read_file(name);
  auto network = fanorona::parse_network<fanorona::Tsivy>(text);
  if (!network)
    tools::usage_error(name + ": " + network.error().message + " (at offset " + std::to_string(network.error().offset) + ")");
  return std::make_shared<const fanorona::EvalNetwork>(*network);
}

// Applies one `key=value` change to `p`.
inline void apply_setting(Player& p, std::string_view key, std::string_view value) {
  if (key == "netfile") {
    p.network = read_network_file(std::string(value));
  } else if (key == "open") {  // TURNS:MS
    const std::size_t colon = value.find(':');
    if (colon == std::string_view::npos) tools::usage_error("open= needs TURNS:MS, as in open=20:100");
    p.opening_turns = static_cast<int>(tools::parse_number("open turns", value.substr(0, colon), 0, 10000));
    p.opening_ms = tools::parse_number("open milliseconds", value.substr(colon + 1), 1, 3600000);
  } else if (key == "clock") {  // MS[+MS]
    const std::size_t plus = value.find('+');
    p.clock_ms = tools::parse_number("clock", value.substr(0, plus), 1, 36000000);
    if (plus != std::string_view::npos)
      p.increment_ms = tools::parse_number("clock increment", value.substr(plus + 1), 0, 3600000);
  } else if (const auto term = fanorona::parse_eval_term(key)) {
    p.weights[*term] = static_cast<int>(tools::parse_number(key, value, -1000, 1000));
  } else {
    for (const NumericSetting& s : numeric_settings)
      if (key == s.key) return s.apply(p, tools::parse_number(key, value, s.low, s.high));
    tools::usage_error("unknown player setting '" + std::string(key) + "'");
  }
}

inline Player parse_player(std::string_view text) {
  Player p;
  p.name = std::string(text);
  if (text.substr(0, 7) == "engine:") {
    p.engine_command = std::string(text.substr(7));
    if (p.engine_command.empty()) tools::usage_error("'engine:' needs a command, as in 'engine:fanorona-engine --level 6'");
    return p;
  }
  const auto items = tools::split_list(text);
  const std::string_view head = items.front();
  if (head == "random") {
    if (items.size() > 1) tools::usage_error("'random' takes no changes");
    p.random = true;
    return p;
  }
  p.settings = fanorona::level_settings(
      static_cast<int>(tools::parse_number("a level", head, fanorona::min_level, fanorona::max_level)));
  p.weights = fanorona::level_weights(p.settings.level);
  for (std::size_t i = 1; i < items.size(); ++i) {
    const std::size_t eq = items[i].find('=');
    if (eq == std::string_view::npos) tools::usage_error("expected name=value in '" + std::string(items[i]) + "'");
    apply_setting(p, items[i].substr(0, eq), items[i].substr(eq + 1));
  }
  return p;
}

}  // namespace match

#endif  // FANORONA_TOOLS_MATCH_PLAYER_HPP
