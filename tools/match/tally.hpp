// fanorona-match's counts over a match: the score, when the leads were taken, how the pairs
// of games went, and with tables, how the games entered them.
#ifndef FANORONA_TOOLS_MATCH_TALLY_HPP
#define FANORONA_TOOLS_MATCH_TALLY_HPP

#include <fanorona/game.hpp>
#include <fanorona/tablebase/tables.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "side.hpp"

namespace match {

// Wins, draws and losses of one player.
struct Tally {
  int wins = 0, draws = 0, losses = 0;
  int games() const { return wins + draws + losses; }
  double percent_won() const { return games() ? 100.0 * wins / games() : 0.0; }
};

// White's stones minus Black's in every position of `game`: [t] after t turns from the start.
inline std::vector<int> white_leads(const fanorona::Game& game) {
  const auto white_lead = [](const fanorona::Position& p) {
    return p.count(fanorona::Color::white) - p.count(fanorona::Color::black);
  };
  std::vector<int> leads;
  leads.reserve(game.turns().size() + 1);
  fanorona::Position position = game.start_position();
  leads.push_back(white_lead(position));
  for (const auto& t : game.turns()) {
    position = position.after(t);
    leads.push_back(white_lead(position));
  }
  return leads;
}

// The number of turns from the start after which White (`white`) or Black had more stones
// to the end of the game: when the side that ended ahead took its lead for good.
inline int lead_taken_for_good(const std::vector<int>& white_leads, bool white) {
  int last_not_ahead = 0;
  for (std::size_t t = 1; t < white_leads.size(); ++t)
    if ((white ? white_leads[t] : -white_leads[t]) <= 0) last_not_ahead = static_cast<int>(t);
  return last_not_ahead;
}

// White's (`white`) or Black's stones minus the other's after `turn` turns, or at the end of
// a shorter game.
inline int stone_lead_after(const std::vector<int>& white_leads, bool white, int turn) {
  const int lead = white_leads[std::min(white_leads.size() - 1, static_cast<std::size_t>(turn))];
  return white ? lead : -lead;
}

// The tables' value for White (`white`) or Black of the first position of `game` that they
// cover, or nothing when the game never reached one (it was drawn or cut at the turn cap with
// more stones on the board). A game won by taking the last stones always reaches one: the
// tables cover a side without stones.
inline std::optional<fanorona::TablebaseOutcome> outcome_entering_tables(const fanorona::Game& game,
                                                                         const fanorona::Tablebase& tables, bool white) {
  fanorona::Position position = game.start_position();
  for (std::size_t t = 0;; ++t) {
    if (const auto value = tables.probe(position)) {
      const bool own_view = (position.side_to_move() == fanorona::Color::white) == white;
      if (own_view || value->outcome == fanorona::TablebaseOutcome::draw) return value->outcome;
      return value->outcome == fanorona::TablebaseOutcome::win ? fanorona::TablebaseOutcome::loss
                                                                : fanorona::TablebaseOutcome::win;
    }
    if (t == game.turns().size()) return std::nullopt;
    position = position.after(game.turns()[t]);
  }
}

// Everything a match counts, game by game (`add`), and its summary (`print`).
class MatchTally {
 public:
  // Game `g` (from 0; games 2k and 2k+1 are a pair: one opening, colors swapped), which
  // ended as `end`, A playing White when `a_white`. With `tables`, the tables' value of its
  // first covered position is counted too.
  void add(int g, const fanorona::Game& game, GameEnd end, bool a_white, const fanorona::Tablebase* tables) {
    ++games_;
    total_turns_ += static_cast<long long>(game.turns().size());
    const fanorona::Position& last = game.position();
    const int white = last.count(fanorona::Color::white), black = last.count(fanorona::Color::black);
    const int a_stones = a_white ? white : black, b_stones = a_white ? black : white;
    add_result(end, a_stones, b_stones);
    const std::vector<int> leads = white_leads(game);
    if (a_stones != b_stones || end == GameEnd::a_wins || end == GameEnd::b_wins) {
      const bool a_ahead = end == GameEnd::a_wins || (end != GameEnd::b_wins && a_stones > b_stones);
      add_lead(lead_taken_for_good(leads, a_ahead == a_white), a_ahead);
    }
    add_pair(g, end, leads, a_white);
    if (tables) add_table_entry(outcome_entering_tables(game, *tables, a_white), end);
  }

  void print(const std::string& a, const std::string& b, int balanced, int table_stones) const;

 private:
  void add_result(GameEnd end, int a_stones, int b_stones) {
    if (end == GameEnd::a_wins) ++score_.wins;
    if (end == GameEnd::b_wins) ++score_.losses;
    if (end != GameEnd::draw && end != GameEnd::adjudicated) return;
    ++score_.draws;
    if (end == GameEnd::draw) return;
    ++adjudicated_;
    adjudicated_a_ahead_ += a_stones > b_stones;
    adjudicated_b_ahead_ += b_stones > a_stones;
  }

  // A game that ended with a side ahead, which took its lead for good after `turn` turns.
  void add_lead(int turn, bool a_ahead) {
    ++ended_ahead_;
    lead_by_10_ += turn <= 10;
    lead_by_20_ += turn <= 20;
    lead_by_40_ += turn <= 40;
    if (turn <= 20) ++(a_ahead ? a_early_ : b_early_);
  }

  // A's stone lead after turns 10, 20 and 40, summed over the two games of each pair (what
  // the opening gave one color cancels out), and the pairs whose two games one color won.
  void add_pair(int g, GameEnd end, const std::vector<int>& leads, bool a_white) {
    const bool first = g % 2 == 0;
    if (first) {
      first_of_pair_ = end;
    } else if ((first_of_pair_ == GameEnd::a_wins && end == GameEnd::b_wins) ||
               (first_of_pair_ == GameEnd::b_wins && end == GameEnd::a_wins)) {
      ++pairs_same_color_;
    }
    for (int m = 0; m < 3; ++m) {
      pair_lead_[m] += stone_lead_after(leads, a_white, lead_marks[m]);
      if (first) continue;
      ++(pair_lead_[m] < 0 ? pairs_behind_[m] : pair_lead_[m] > 0 ? pairs_ahead_[m] : pairs_level_[m]);
      pair_lead_[m] = 0;
    }
  }

  void add_table_entry(std::optional<fanorona::TablebaseOutcome> entry, GameEnd end) {
    const int row = !entry                                      ? 3
                    : *entry == fanorona::TablebaseOutcome::win  ? 0
                    : *entry == fanorona::TablebaseOutcome::draw ? 1
                                                                 : 2;
    ++table_entries_[row][end == GameEnd::a_wins ? 0 : end == GameEnd::b_wins ? 2 : 1];
  }

  static constexpr int lead_marks[3] = {10, 20, 40};

  int games_ = 0;
  Tally score_;
  long long total_turns_ = 0;
  int adjudicated_ = 0, adjudicated_a_ahead_ = 0, adjudicated_b_ahead_ = 0;  // who had more stones at the cap
  int ended_ahead_ = 0, lead_by_10_ = 0, lead_by_20_ = 0, lead_by_40_ = 0, a_early_ = 0, b_early_ = 0;
  int pair_lead_[3] = {0, 0, 0}, pairs_behind_[3] = {0, 0, 0}, pairs_level_[3] = {0, 0, 0}, pairs_ahead_[3] = {0, 0, 0};
  GameEnd first_of_pair_ = GameEnd::draw;
  int pairs_same_color_ = 0;
  // By the tables' value for A of the first covered position (won, drawn, lost, never
  // covered) and by how the game ended (A won, drawn, B won).
  int table_entries_[4][3] = {};
};

inline void MatchTally::print(const std::string& a, const std::string& b, int balanced, int table_stones) const {
  const double score = 100.0 * (score_.wins + 0.5 * score_.draws) / games_;
  std::printf("%s vs %s: %d games, A wins %d, draws %d, losses %d, score %.1f%%  (adjudicated draws: %d, average %.0f turns)\n",
              a.c_str(), b.c_str(), games_, score_.wins, score_.draws, score_.losses, score, adjudicated_,
              static_cast<double>(total_turns_) / games_);
  if (adjudicated_ > 0)
    std::printf("at the turn cap A had more stones in %d of the adjudicated games, B in %d\n", adjudicated_a_ahead_,
                adjudicated_b_ahead_);
  if (ended_ahead_ > 0)
    std::printf("of the %d games that ended with a side ahead, it took the lead for good by turn 10 in %d, 20 in %d, "
                "40 in %d (in the first 20 turns: A in %d, B in %d)\n",
                ended_ahead_, lead_by_10_, lead_by_20_, lead_by_40_, a_early_, b_early_);
  if (games_ >= 2) {
    std::printf("A's stones minus B's summed over each pair of games (one opening, both colors): after turn 10 "
                "fewer/as many/more in %d/%d/%d pairs, after 20 in %d/%d/%d, after 40 in %d/%d/%d\n",
                pairs_behind_[0], pairs_level_[0], pairs_ahead_[0], pairs_behind_[1], pairs_level_[1], pairs_ahead_[1],
                pairs_behind_[2], pairs_level_[2], pairs_ahead_[2]);
    const std::string within = balanced >= 0 ? " (openings within " + std::to_string(balanced) + " of a draw)" : "";
    std::printf("pairs whose two games the same color won (the opening decided them): %d of %d%s\n", pairs_same_color_,
                games_ / 2, within.c_str());
  }
  if (table_stones == 0) return;
  const auto row = [&](int r) {
    const int* n = table_entries_[r];
    return std::to_string(n[0] + n[1] + n[2]) + " (A won " + std::to_string(n[0]) + ", drew " + std::to_string(n[1]) +
           ", lost " + std::to_string(n[2]) + ")";
  };
  std::printf("the first position the tables cover (%d stones or fewer, or a side without any) was won for A in %s, "
              "drawn in %s, lost in %s; never reached in %s\n",
              table_stones, row(0).c_str(), row(1).c_str(), row(2).c_str(), row(3).c_str());
}

}  // namespace match

#endif  // FANORONA_TOOLS_MATCH_TALLY_HPP
