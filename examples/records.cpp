// fanorona-records: check files of game records, as a tool for a game archive would.
//
//   fanorona-records FILE...      (or - for standard input)
//
// Reads each file one game at a time with fanorona::RecordReader (a file of any size is never
// held whole), lets the rules check every turn, and prints one line per game: its number,
// board, players, turns and result; or, for a refused game, the file, line and column of the
// problem and the rules' message. The reader then goes on at the next game. Exit status: 0 when
// every game is valid, 1 when some game was refused, 2 for a file that cannot be opened.
#include <fanorona/fanorona.hpp>
#include <fanorona/record.hpp>
#include <fanorona/record_reader.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <variant>

namespace {

struct Totals {
  int games = 0, refused = 0;
};

template <class B>
void describe(const fanorona::BasicGameRecord<B>& record, std::size_t number) {
  const auto tag = [&](const char* name) { return std::string(record.tag(name).value_or("?")); };
  std::printf("game %zu: %s, %s vs %s, %zu turns, %s", number, fanorona::size_of<B>().to_string().c_str(),
              tag("White").c_str(), tag("Black").c_str(), record.turns().size(),
              std::string(fanorona::result_token(record.result())).c_str());
  const std::string_view how = fanorona::termination_name(record.termination());
  if (!how.empty()) std::printf(" (%s)", std::string(how).c_str());
  std::printf("\n");
}

void check(std::istream& in, const std::string& name, Totals& totals) {
  fanorona::RecordReader reader(in);
  while (const auto game = reader.next()) {
    const std::size_t number = reader.game_number();
    ++totals.games;
    if (!*game) {
      ++totals.refused;
      const fanorona::Error& e = game->error();
      std::printf("%s:%zu:%zu: game %zu refused: %s\n", name.c_str(), e.line, e.column, number, e.message.c_str());
      continue;
    }
    std::visit([number](const auto& record) { describe(record, number); }, game->value());
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: fanorona-records FILE... (- for standard input)\n");
    return 2;
  }
  Totals totals;
  for (int i = 1; i < argc; ++i) {
    const std::string name = argv[i];
    if (name == "-") {
      check(std::cin, "<stdin>", totals);
      continue;
    }
    std::ifstream file(name, std::ios::binary);
    if (!file) {
      std::fprintf(stderr, "fanorona-records: cannot open %s\n", name.c_str());
      return 2;
    }
    check(file, name, totals);
  }
  std::printf("%d games, %d valid, %d refused\n", totals.games, totals.games - totals.refused, totals.refused);
  return totals.refused == 0 ? 0 : 1;
}
