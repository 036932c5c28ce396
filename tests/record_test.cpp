// Game records: the writer and the streaming reader agree on thousands of random games of
// every board; hand-written records with comments, odd spacing and several games read as
// meant; bad records are refused with the exact message, line and column, and the reader
// goes on with the next game.
#include "catch.hpp"
#include "support.hpp"

#include <fanorona/record.hpp>
#include <fanorona/record_reader.hpp>

#include <cstddef>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace {

using fanorona::AnyGameRecord;
using fanorona::BasicGameRecord;
using fanorona::Comment;
using fanorona::GameRecord;
using fanorona::Outcome;
using fanorona::Error;
using fanorona::Tag;
using fanorona::Termination;

// A refused game's error and which game of the input it was.
struct RecordError : Error {
  std::size_t game = 0;
};

struct ReadAll {
  std::vector<AnyGameRecord> games;
  std::vector<RecordError> errors;
  std::string order;  // 'g' for a game, 'e' for an error, in the order of the input
};

ReadAll read_all(const std::string& text) {
  std::istringstream in(text);
  fanorona::RecordReader reader(in);
  ReadAll out;
  while (auto game = reader.next()) {
    if (*game) {
      out.games.push_back(std::move(*game).value());
      out.order += 'g';
    } else {
      out.errors.push_back(RecordError{game->error(), reader.game_number()});
      out.order += 'e';
    }
  }
  return out;
}

// The one error of a text holding one bad game.
RecordError only_error(const std::string& text) {
  const ReadAll all = read_all(text);
  REQUIRE(all.order == "e");
  return all.errors[0];
}

GameRecord only_game(const std::string& text) {
  const ReadAll all = read_all(text);
  std::string errors;
  for (const RecordError& e : all.errors) errors += fanorona::to_string(e) + "\n";
  INFO(text << errors);
  REQUIRE(all.order == "g");
  REQUIRE(std::holds_alternative<GameRecord>(all.games[0]));
  return std::get<GameRecord>(all.games[0]);
}

std::vector<std::string> turn_texts(const GameRecord& record) {
  std::vector<std::string> out;
  for (const auto& turn : record.turns()) out.push_back(turn.to_string());
  return out;
}

// ---- random records -----------------------------------------------------------------------

const char* const names[] = {"Rabe", "Rakoto", "Ny \"Aina\"", "back\\slash", "", "Randria-Solo", "?"};
const char* const words[] = {"capture", "{", ";", "a", "very", "long", "[Event", "\"quoted\"", "\\", "x\ty", "line\nbreak",
                             "1-0", "*", "d3-e3A", "2.", "withdrawal", "approach", "paika", "Fanorona"};

std::string random_text(std::mt19937& rng) {
  std::string text;
  const std::size_t count = std::uniform_int_distribution<std::size_t>(0, 40)(rng);
  for (std::size_t i = 0; i < count; ++i) {
    text += words[rng() % (sizeof words / sizeof words[0])];
    text += (rng() % 5 == 0) ? "  \n " : " ";
  }
  // A '}' sends the comment to the writer's ';' form.
  if (rng() % 4 == 0) text.insert(text.size() / 2, "}");
  return text;
}

template <class B>
BasicGameRecord<B> random_record(std::mt19937& rng, bool from_fen) {
  const auto start = from_fen ? test::random_position<B>(rng) : fanorona::BasicPosition<B>::initial();
  fanorona::BasicGame<B> game(start);
  const int plies = std::uniform_int_distribution<int>(0, 160)(rng);
  for (int i = 0; i < plies && !game.is_over(); ++i) {
    const auto turns = game.legal_turns();
    REQUIRE(game.play(turns[std::uniform_int_distribution<std::size_t>(0, turns.size() - 1)(rng)]).has_value());
  }
  auto record = fanorona::record_of(game);
  if (!game.is_over()) {
    const Outcome decisive = (rng() & 1U) ? Outcome::white_wins : Outcome::black_wins;
    const Outcome any[] = {Outcome::white_wins, Outcome::black_wins, Outcome::draw, Outcome::ongoing};
    switch (rng() % 7) {
      case 0: REQUIRE(record.set_result(decisive, Termination::resignation).has_value()); break;
      case 1: REQUIRE(record.set_result(Outcome::draw, Termination::agreement).has_value()); break;
      case 2: REQUIRE(record.set_result(any[rng() % 4], Termination::abandoned).has_value()); break;
      case 3: REQUIRE(record.set_result(any[rng() % 4], Termination::unspecified).has_value()); break;
      case 4: REQUIRE(record.set_result(decisive, Termination::time_forfeit).has_value()); break;
      case 5: REQUIRE(record.set_result(any[rng() % 3], Termination::adjudication).has_value()); break;
      default: break;  // unfinished, *
    }
  }
  if (rng() & 1U) REQUIRE(record.set_tag("White", names[rng() % 7]).has_value());
  if (rng() & 1U) REQUIRE(record.set_tag("Black", names[rng() % 7]).has_value());
  if (rng() % 3 == 0) REQUIRE(record.set_tag("Date", "2024.0" + std::to_string(1 + rng() % 9) + ".??").has_value());
  if (rng() % 3 == 0) REQUIRE(record.set_tag("Annotator", names[rng() % 7]).has_value());
  if (rng() % 4 == 0) {
    std::string value = random_text(rng).substr(0, 30);
    for (char& c : value)
      if (c == '\n') c = '|';
    REQUIRE(record.set_tag("Extra_2", value).has_value());
  }
  const std::size_t comments = rng() % 4;
  for (std::size_t i = 0; i < comments; ++i) {
    // One draw a statement: argument order would make the games differ between compilers.
    const std::size_t after = std::uniform_int_distribution<std::size_t>(0, record.turns().size())(rng);
    REQUIRE(record.add_comment(after, random_text(rng)).has_value());
  }
  return record;
}

// Every movetext line fits in 80 columns, unless it holds one unit that does not (a long
// chain with its number, a long comment word, a ';' comment).
bool lines_fit(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  bool movetext = false;
  while (std::getline(in, line)) {
    if (line.empty()) movetext = true;
    if (!movetext || line.size() <= 80 || line.rfind("; ", 0) == 0) continue;
    if (line.find(' ') != line.rfind(' ')) return false;
  }
  return true;
}

template <class B>
void check_round_trips(std::uint32_t seed, bool from_fen, int count) {
  std::mt19937 rng(seed);
  std::ostringstream file;
  std::vector<BasicGameRecord<B>> written;
  for (int i = 0; i < count; ++i) {
    const BasicGameRecord<B> record = random_record<B>(rng, from_fen);
    const std::string text = to_string(record);
    INFO(text);
    const auto back = fanorona::parse_record<B>(text);
    if (!back) INFO(back.error().message << " at " << back.error().offset);
    REQUIRE(back.has_value());
    CHECK(*back == record);
    CHECK(back->start_position() == record.start_position());
    CHECK(back->turns() == record.turns());
    CHECK(back->game().position() == record.game().position());
    CHECK(back->result() == record.result());
    CHECK(back->termination() == record.termination());
    CHECK(to_string(*back) == text);
    CHECK(lines_fit(text));
    fanorona::write_record(file, record);
    written.push_back(record);
  }
  // The same games as one file, read back one at a time.
  std::istringstream in(file.str());
  fanorona::RecordReader reader(in);
  std::size_t read = 0;
  while (auto game = reader.next()) {
    INFO(fanorona::to_string(game->error()));
    REQUIRE(game->has_value());
    REQUIRE(read < written.size());
    const auto* record = std::get_if<BasicGameRecord<B>>(&game->value());
    REQUIRE(record);
    CHECK(*record == written[read]);
    ++read;
  }
  CHECK(read == written.size());
}

}  // namespace

TEST_CASE("records of random games read back as the same games", "[record]") {
  check_round_trips<fanorona::Tsivy>(0x5EC0'0001U, false, 1000);
  check_round_trips<fanorona::Tsivy>(0x5EC0'0002U, true, 1000);
  check_round_trips<fanorona::Dimy>(0x5EC0'0003U, false, 1000);
  check_round_trips<fanorona::Dimy>(0x5EC0'0004U, true, 1000);
  check_round_trips<fanorona::Telo>(0x5EC0'0005U, false, 1000);
  check_round_trips<fanorona::Telo>(0x5EC0'0006U, true, 1000);
}

TEST_CASE("the canonical form of a record", "[record]") {
  SECTION("a record of a game not started") {
    CHECK(to_string(GameRecord()) ==
          "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
          "[Result \"*\"]\n[Board \"9x5\"]\n[Termination \"unfinished\"]\n\n*\n");
  }
  SECTION("tags in the fixed order, escapes, comments, numbers after a comment") {
    fanorona::Game game;
    REQUIRE(game.play("d3-e3A").has_value());
    REQUIRE(game.play("c3-d3W").has_value());
    GameRecord record(game);
    REQUIRE(record.set_tag("Annotator", "me").has_value());
    REQUIRE(record.set_tag("White", "Ny \"Aina\" \\o/").has_value());
    REQUIRE(record.set_tag("Event", "Club").has_value());
    REQUIRE(record.add_comment(1, "  the usual\n first capture ").has_value());
    REQUIRE(record.add_comment(2, "a } in a comment").has_value());
    REQUIRE(record.add_comment(0, "").has_value());  // a blank comment adds nothing
    REQUIRE(record.set_result(Outcome::black_wins, Termination::resignation).has_value());
    CHECK(to_string(record) ==
          "[Event \"Club\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Ny \\\"Aina\\\" \\\\o/\"]\n"
          "[Black \"?\"]\n[Result \"0-1\"]\n[Board \"9x5\"]\n[Termination \"resignation\"]\n[Annotator \"me\"]\n\n"
          "1. d3-e3A {the usual first capture} 1... c3-d3W ; a } in a comment\n0-1\n");
    CHECK(record.comments() == std::vector<Comment>{{1, "the usual first capture"}, {2, "a } in a comment"}});
    std::ostringstream out;
    out << record;
    CHECK(out.str() == to_string(record));
    std::ostringstream file;
    fanorona::write_record(file, record);
    CHECK(file.str() == to_string(record) + "\n");
  }
  SECTION("a Black-first game on 5x5 from a FEN, lines broken at 80 columns") {
    auto game = fanorona::BasicGame<fanorona::Dimy>::from_fen("BBBBB/BBBBB/BW1BW/WWWWW/WWWWW B").value();
    const fanorona::BasicGameRecord<fanorona::Dimy> empty(game);
    CHECK(empty.tag("FEN") == std::optional<std::string_view>("BBBBB/BBBBB/BW1BW/WWWWW/WWWWW B"));
    CHECK(empty.tag("Board") == std::optional<std::string_view>("5x5"));
    std::mt19937 rng(7);
    while (!game.is_over() && game.turns().size() < 40) {
      const auto turns = game.legal_turns();
      REQUIRE(game.play(turns[rng() % turns.size()]).has_value());
    }
    const auto record = fanorona::record_of(game);
    const std::string text = to_string(record);
    CHECK(text.find("\n\n1... ") != std::string::npos);
    CHECK(lines_fit(text));
    CHECK(fanorona::parse_record<fanorona::Dimy>(text).value() == record);
  }
}

TEST_CASE("records of games the rules ended", "[record]") {
  auto game = fanorona::Game::from_fen("9/9/9/9/WW1B5 W").value();
  REQUIRE(game.play("b1-c1").has_value());
  GameRecord record(game);
  CHECK(record.result() == Outcome::white_wins);
  CHECK(record.termination() == Termination::no_stones);
  CHECK(record.tag("Termination") == std::optional<std::string_view>("no stones"));
  // The rules' result can be set again, with the termination left for the rules to say.
  CHECK(record.set_result(Outcome::white_wins, Termination::unspecified).has_value());
  CHECK(record.termination() == Termination::no_stones);
  const auto refused = record.set_result(Outcome::black_wins, Termination::no_stones);
  REQUIRE(!refused.has_value());
  CHECK(refused.error().message == "the game ended by the rules (White wins: Black has no stones left), so its result is 1-0, not 0-1");
  const auto resigned = record.set_result(Outcome::white_wins, Termination::resignation);
  REQUIRE(!resigned.has_value());
  CHECK(resigned.error().message ==
        "the game ended by the rules (White wins: Black has no stones left), so its Termination is 'no stones', not 'resignation'");

  // Read without a Termination tag, the rules supply it.
  const GameRecord read = only_game("[FEN \"9/9/9/9/WW1B5 W\"]\n\n1. b1-c1 1-0\n");
  CHECK(read.termination() == Termination::no_stones);
  CHECK(read == record);

  const GameRecord draw = only_game(
      "[FEN \"8B/9/9/9/W8 W\"]\n\n1. a1-a2 i5-i4 2. a2-a1 i4-i5 3. a1-a2 i5-i4 4. a2-a1 i4-i5 1/2-1/2\n");
  CHECK(draw.termination() == Termination::threefold_repetition);
  CHECK(draw.game().result().reason == fanorona::EndReason::threefold_repetition);

  const GameRecord stuck = only_game("[FEN \"BWW6/W8/WW7/9/9 W\"] [Termination \"no legal turn\"] 1. b3-b4 1-0");
  CHECK(stuck.termination() == Termination::no_legal_turn);
}

TEST_CASE("set_tag, set_result and add_comment refuse what a record cannot hold", "[record]") {
  GameRecord record;
  const auto message = [](const fanorona::Status& s) { return s.has_value() ? std::string("ok") : s.error().message; };
  CHECK(message(record.set_tag("Board", "5x5")) == "the Board tag follows from the record's board");
  CHECK(message(record.set_tag("FEN", "9/9/9/9/9 W")) == "the FEN tag follows from the game's start position");
  CHECK(message(record.set_tag("Result", "1-0")) == "the Result tag follows from the result: use set_result");
  CHECK(message(record.set_tag("Termination", "agreement")) == "the Termination tag follows from the result: use set_result");
  CHECK(message(record.set_tag("two words", "x")) == "'two words' is not a tag name: use a letter, then letters, digits or '_'");
  CHECK(message(record.set_tag("_x", "x")) == "'_x' is not a tag name: use a letter, then letters, digits or '_'");
  CHECK(message(record.set_tag("Event", "a\nb")) == "a tag value is one line: it may not hold a line break");
  CHECK(message(record.set_tag("Date", "17/05/2024")) ==
        "the Date tag is YYYY.MM.DD with ? for unknown digits, as in 2024.05.17 or 2024.??.??, not '17/05/2024'");
  CHECK(message(record.set_tag("Date", "2024.13.01")) != "ok");
  CHECK(message(record.set_tag("Date", "2024.1?.01")) != "ok");
  CHECK(message(record.set_tag("Date", "????.02.29")) == "ok");
  CHECK(message(record.set_tag("white", "lowercase names are other tags")) == "ok");
  CHECK(record.tag("white") == std::optional<std::string_view>("lowercase names are other tags"));
  CHECK(record.tag("White") == std::optional<std::string_view>("?"));
  CHECK(!record.tag("Annotator"));

  CHECK(message(record.set_result(Outcome::white_wins, Termination::unfinished)) == "an unfinished game has the result *, not 1-0");
  CHECK(message(record.set_result(Outcome::white_wins, Termination::agreement)) == "a draw by agreement has the result 1/2-1/2, not 1-0");
  CHECK(message(record.set_result(Outcome::draw, Termination::resignation)) ==
        "a game ended by resignation has the result 1-0 or 0-1, not 1/2-1/2");
  CHECK(message(record.set_result(Outcome::ongoing, Termination::time_forfeit)) == "a game lost on time has the result 1-0 or 0-1, not *");
  CHECK(message(record.set_result(Outcome::ongoing, Termination::adjudication)) ==
        "an adjudicated game has the result 1-0, 0-1 or 1/2-1/2, not *");
  CHECK(message(record.set_result(Outcome::white_wins, Termination::no_stones)) ==
        "the Termination is 'no stones', but White, to move, still has stones");
  CHECK(message(record.set_result(Outcome::white_wins, Termination::no_legal_turn)) ==
        "the Termination is 'no legal turn', but White, to move, has a legal turn");
  CHECK(message(record.set_result(Outcome::draw, Termination::threefold_repetition)) ==
        "the Termination is 'threefold repetition', but no position has occurred three times");
  CHECK(message(record.set_result(Outcome::ongoing, Termination::abandoned)) == "ok");
  CHECK(message(record.set_result(Outcome::draw, Termination::unspecified)) == "ok");
  CHECK(!record.tag("Termination"));
  CHECK(message(record.add_comment(1, "after a turn not played")) == "a comment can follow at most the 0 turns of the game");
}

TEST_CASE("hand-written records: comments, odd spacing, several games", "[record]") {
  const std::string text =
      "; a file of games, with a comment before the first\n"
      "   [Event    \"Friendly\"]   [Site \"Antananarivo\"]\n"
      "[Date \"2024.05.??\"]\n"
      "{ a comment between tags is dropped }\n"
      "[White \"Rabe\"]\t[Black \"Rakoto\"]\n"
      "[Annotator \"R. Rakoto\"] [Result \"*\"]\n"
      "{Opening.} 1.d3-e3A   {the usual\n"
      "   capture}\n"
      "  1... c3-d3w ; Black takes\tback\n"
      "2.e3-f3 *\n"
      "[Board \"3x3\"]\n"
      "c2-b2 a3-a2A\n"
      "*\n"
      "\n\n"
      "1. d3-e3A 1/2-1/2 [Termination \"agreement\"]\n"
      "1. d3-e3A c3-d3W 1/2-1/2";
  const ReadAll all = read_all(text);
  REQUIRE(all.order == "gggg");

  const auto& first = std::get<GameRecord>(all.games[0]);
  CHECK(first.tags() == std::vector<Tag>{{"Event", "Friendly"},
                                         {"Site", "Antananarivo"},
                                         {"Date", "2024.05.??"},
                                         {"Round", "?"},
                                         {"White", "Rabe"},
                                         {"Black", "Rakoto"},
                                         {"Result", "*"},
                                         {"Board", "9x5"},
                                         {"Annotator", "R. Rakoto"}});
  CHECK(turn_texts(first) == std::vector<std::string>{"d3-e3A", "c3-d3W", "e3-f3W"});
  CHECK(first.comments() == std::vector<Comment>{{0, "Opening."}, {1, "the usual capture"}, {2, "Black takes back"}});
  CHECK(first.result() == Outcome::ongoing);
  CHECK(first.termination() == Termination::unspecified);
  CHECK(to_string(first) ==
        "[Event \"Friendly\"]\n[Site \"Antananarivo\"]\n[Date \"2024.05.??\"]\n[Round \"?\"]\n[White \"Rabe\"]\n"
        "[Black \"Rakoto\"]\n[Result \"*\"]\n[Board \"9x5\"]\n[Annotator \"R. Rakoto\"]\n\n"
        "{Opening.} 1. d3-e3A {the usual capture} 1... c3-d3W {Black takes back}\n2. e3-f3W *\n");

  // A 3x3 game without turn numbers, then games without tags: the board is 9x5.
  const auto& telo = std::get<fanorona::BasicGameRecord<fanorona::Telo>>(all.games[1]);
  CHECK(telo.turns().size() == 2);
  CHECK(telo.turns()[0].to_string() == "c2-b2A");
  const auto& third = std::get<GameRecord>(all.games[2]);
  CHECK(third.result() == Outcome::draw);
  CHECK(third.tag("Event") == std::optional<std::string_view>("?"));
  // A tag right after a result begins the next game.
  const auto& fourth = std::get<GameRecord>(all.games[3]);
  CHECK(fourth.termination() == Termination::agreement);
  CHECK(fourth.result() == Outcome::draw);
}

TEST_CASE("Black-first games from a FEN", "[record]") {
  const GameRecord record = only_game(
      "[FEN \"BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW B\"]\n\n1... f4-e3A 2. c2-c1W {then} 2... e3-d2A-c2W *\n");
  CHECK(turn_texts(record) == std::vector<std::string>{"f4-e3A", "c2-c1W", "e3-d2A-c2W"});
  CHECK(to_string(record).find("\n\n1... f4-e3A 2. c2-c1W {then} 2... e3-d2A-c2W *\n") != std::string::npos);
  // Without numbers but on one White turn.
  const GameRecord plain = only_game("[FEN \"BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW B\"] f4-e3A 2. c2-c1W e3-d2A-c2W {then} *");
  CHECK(plain.turns() == record.turns());
  // A White turn number where Black moves first.
  const RecordError e = only_error("[FEN \"BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW B\"]\n\n1. f4-e3A *\n");
  CHECK(e.message == "turn number '1.' should be '1...'");
  CHECK(e.line == 3);
  CHECK(e.column == 1);
}

TEST_CASE("line endings, a byte order mark, and other boards", "[record]") {
  const ReadAll all = read_all("\xEF\xBB\xBF[Board \"5x5\"]\r\n\r\n1. b3-c3A a3-b3A *\r\n\r\n[Board \"3x3\"]\r\n\r\n1. c2-b2A *\r\n");
  REQUIRE(all.order == "gg");
  const auto& dimy = std::get<fanorona::BasicGameRecord<fanorona::Dimy>>(all.games[0]);
  CHECK(dimy.turns().size() == 2);
  CHECK(std::holds_alternative<fanorona::BasicGameRecord<fanorona::Telo>>(all.games[1]));
  // Columns count from the first character after the byte order mark.
  const RecordError e = only_error("\xEF\xBB\xBF[Board \"7x7\"]\r\n\r\n*\r\n");
  CHECK(e.message == "unknown board '7x7': the Board tag is 9x5, 5x5 or 3x3");
  CHECK(e.line == 1);
  CHECK(e.column == 9);
  CHECK(e.offset == 11);
}

TEST_CASE("bad records: the rules' message, line and column", "[record]") {
  struct Case {
    const char* text;
    const char* message;
    std::size_t line;
    std::size_t column;
  };
  const Case cases[] = {
      // turns the rules refuse
      {"[FEN \"9/9/9/9/1W1B5 W\"]\n\n1. b1-b2 *\n", "capture is compulsory: b1-b2 captures nothing, but b1-c1A captures", 3, 7},
      {"[Event \"x\"]\n\n1. d3-e3 *\n", "d3-e3 captures by approach or by withdrawal: write d3-e3A or d3-e3W", 3, 7},
      {"\n\n1. d3-e3A c3-d3W 2. e2-d3A *\n", "e2 is a weak point: no diagonal line leaves it", 3, 24},
      {"1. d3-e3A e4-e3 *", "e3 is occupied", 1, 14},
      {"1. e3-e4 *", "there is no stone on e3", 1, 4},
      {"[Board \"5x5\"]\n1. f1-e1 *", "f1 is not a point of the 5x5 board", 2, 4},
      {"[FEN \"9/9/9/9/WW1B5 W\"]\n\n1. b1-c1A c3-c4 1-0\n", "the game is over (White wins: Black has no stones left)", 3, 11},
      // turn numbers
      {"1. d3-e3A c3-d3W 3. e3-f3W *", "turn number '3.' should be '2.'", 1, 18},
      {"1. d3-e3A 2. c3-d3W *", "turn number '2.' should be '1...'", 1, 11},
      {"01. d3-e3A *", "turn number '01.' should be '1.'", 1, 1},
      {"1.. d3-e3A *", "turn number '1..' should be '1.'", 1, 1},
      {"1. d3-e3A 1... *", "turn number '1...' must be followed by a turn", 1, 11},
      {"1. 1. d3-e3A *", "turn number '1.' must be followed by a turn", 1, 1},
      // tags
      {"[Board \"7x7\"]\n\n*\n", "unknown board '7x7': the Board tag is 9x5, 5x5 or 3x3", 1, 9},
      {"[Board \"5x5\"]\n[FEN \"9/9/9/9/9 W\"]\n\n*\n", "FEN tag: rank 5 describes more than 5 points", 2, 7},
      {"[FEN \"BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW X\"]\n\n*\n", "FEN tag: side to move must be W or B, not 'X'", 1, 57},
      {"[Result \"2-0\"]\n\n*\n", "'2-0' is not a result: the Result tag is 1-0, 0-1, 1/2-1/2 or *", 1, 10},
      {"[Termination \"mate\"]\n\n*\n",
       "unknown termination 'mate': the Termination tag is one of no stones, no legal turn, threefold repetition, agreement, "
       "resignation, time forfeit, adjudication, abandoned, unfinished",
       1, 15},
      {"[Date \"2024-05-17\"]\n\n*\n",
       "the Date tag is YYYY.MM.DD with ? for unknown digits, as in 2024.05.17 or 2024.??.??, not '2024-05-17'", 1, 8},
      {"[White \"a\"]\n[White \"b\"]\n\n*\n", "duplicate tag White: a tag may appear once in a game", 2, 1},
      {"[Event \"abc]\n\n*\n", "unterminated tag: the value of tag Event has no closing '\"' on its line", 1, 8},
      {"[Event \"abc\"\n\n*\n", "unterminated tag: tag Event has no closing ']'", 1, 13},
      {"[ \"abc\"]\n\n*\n", "expected a tag name after '['", 1, 3},
      {"[Event abc]\n\n*\n", "expected the value of tag Event in double quotes", 1, 8},
      // the result
      {"[FEN \"9/9/9/9/WW1B5 W\"]\n[Result \"0-1\"]\n\n1. b1-c1A 0-1\n",
       "the game ended by the rules (White wins: Black has no stones left), so its result is 1-0, not 0-1", 4, 11},
      {"[FEN \"9/9/9/9/WW1B5 W\"]\n\n1. b1-c1A *\n",
       "the game ended by the rules (White wins: Black has no stones left), so its result is 1-0, not *", 3, 11},
      {"[Result \"1-0\"]\n\n1. d3-e3A 0-1\n", "the result 0-1 disagrees with the Result tag 1-0", 3, 11},
      {"[Termination \"resignation\"]\n\n1. d3-e3A 1/2-1/2\n", "a game ended by resignation has the result 1-0 or 0-1, not 1/2-1/2", 3, 11},
      {"[Termination \"no stones\"]\n\n1. d3-e3A 1-0\n", "the Termination is 'no stones', but Black, to move, still has stones", 3, 11},
      {"[Event \"x\"]\n\n1. d3-e3A\n", "the game has no result: its movetext must end with 1-0, 0-1, 1/2-1/2 or *", 3, 10},
      {"[Event \"x\"]", "the game has no result: its movetext must end with 1-0, 0-1, 1/2-1/2 or *", 1, 12},
      // comments
      {"[Event \"x\"]\n\n1. d3-e3A {never closed\nc3-d3W *\n", "unterminated comment: no '}' before the end of the input", 3, 11},
      // garbage
      {"hello world", "expected a point such as e3 at 'hel'", 1, 1},
      {"%%% *", "'%%%' is not a turn, a turn number or a result", 1, 1},
      {"1-0x", "'1-0x' is not a turn, a turn number or a result", 1, 1},
      {"\x01\x02\x03 *", "'\\x01\\x02\\x03' is not a turn, a turn number or a result", 1, 1},
      {"  } *", "'}' is not a turn, a turn number or a result", 1, 3},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const RecordError e = only_error(c.text);
    CHECK(e.message == c.message);
    CHECK(e.line == c.line);
    CHECK(e.column == c.column);
    CHECK(e.game == 1);
    // The offset is the same place as line and column.
    const std::string text(c.text);
    std::size_t line = 1, line_start = 0;
    for (std::size_t i = 0; i < e.offset && i < text.size(); ++i)
      if (text[i] == '\n') ++line, line_start = i + 1;
    CHECK(line == e.line);
    CHECK(e.offset - line_start + 1 == e.column);
    CHECK(fanorona::to_string(e) == "line " + std::to_string(c.line) + ", column " + std::to_string(c.column) + ": " + c.message);
  }
}

TEST_CASE("after a bad game the reader goes on with the next", "[record]") {
  SECTION("a bad turn between two good games") {
    const ReadAll all = read_all(
        "[Event \"good 1\"]\n"
        "\n"
        "1. d3-e3A *\n"
        "\n"
        "[Event \"bad\"]\n"
        "[Board \"9x5\"]\n"
        "\n"
        "1. d3-e3 c3-d3W\n"
        "2. e3-f3W *\n"
        "\n"
        "[Event \"good 2\"]\n"
        "\n"
        "1. d3-e3A c3-d3W *\n");
    REQUIRE(all.order == "geg");
    CHECK(std::get<GameRecord>(all.games[0]).tag("Event") == std::optional<std::string_view>("good 1"));
    CHECK(std::get<GameRecord>(all.games[1]).tag("Event") == std::optional<std::string_view>("good 2"));
    CHECK(std::get<GameRecord>(all.games[1]).turns().size() == 2);
    CHECK(all.errors[0].line == 8);
    CHECK(all.errors[0].column == 7);
    CHECK(all.errors[0].game == 2);
  }
  SECTION("a bad tag: the game's other tags and movetext are skipped") {
    const ReadAll all = read_all(
        "[Event \"bad\"]\n[Board \"7x7\"]\n[Site \"?\"]\n\n1. d3-e3A *\n\n[Event \"good\"]\n\n*\n");
    REQUIRE(all.order == "eg");
    CHECK(all.errors[0].line == 2);
    CHECK(std::get<GameRecord>(all.games[0]).tag("Event") == std::optional<std::string_view>("good"));
  }
  SECTION("a missing result: the next game starts at its tags") {
    const ReadAll all = read_all("[Event \"one\"]\n\n1. d3-e3A\n[Event \"two\"]\n\n1. d3-e3A *\n");
    REQUIRE(all.order == "eg");
    CHECK(all.errors[0].message ==
          "the game has no result: its movetext must end with 1-0, 0-1, 1/2-1/2 or * before the next game's tags");
    CHECK(all.errors[0].line == 4);
    CHECK(all.errors[0].column == 1);
    CHECK(std::get<GameRecord>(all.games[0]).tag("Event") == std::optional<std::string_view>("two"));
  }
  SECTION("an unterminated comment stops at the next game") {
    const ReadAll all = read_all("1. d3-e3A {oops\nc3-d3W *\n\n[Event \"next\"]\n\n1. d3-e3A *\n");
    REQUIRE(all.order == "eg");
    CHECK(all.errors[0].message == "unterminated comment: no '}' before the next game's tags");
    CHECK(all.errors[0].line == 1);
    CHECK(all.errors[0].column == 11);
    CHECK(std::get<GameRecord>(all.games[0]).tag("Event") == std::optional<std::string_view>("next"));
  }
  SECTION("garbage between games") {
    const ReadAll all = read_all("1. d3-e3A *\n\nthis is not a game\nnor this\n\n[Event \"x\"] 1. d3-e3A *\n\n\x7F\x80\n\n[Board \"3x3\"] *");
    REQUIRE(all.order == "gegeg");
    CHECK(all.errors[0].line == 3);
    CHECK(all.errors[0].game == 2);
    CHECK(all.errors[1].line == 8);
    CHECK(all.errors[1].game == 4);
  }
  SECTION("only blanks and comments hold no game") {
    CHECK(read_all("").order.empty());
    CHECK(read_all("\n  \n{a comment} ; another\n\n").order.empty());
  }
}

TEST_CASE("for_each_record hands each game to a callback on its own board", "[record]") {
  std::istringstream in("[Board \"5x5\"] *\n\n[Board \"3x3\"] *\n\n[Board \"0x0\"] *\n\n[Event \"x\"] *\n");
  std::vector<int> widths;
  std::vector<std::size_t> error_lines;
  fanorona::for_each_record(
      in, [&widths](const auto& record) { widths.push_back(std::decay_t<decltype(record)>::board_type::width); },
      [&error_lines](const Error& e) { error_lines.push_back(e.line); });
  CHECK(widths == std::vector<int>{5, 3, 9});
  CHECK(error_lines == std::vector<std::size_t>{5});
}

TEST_CASE("parse_record reads exactly one game of the board asked for", "[record]") {
  const auto dimy = fanorona::parse_record<fanorona::Dimy>("[Board \"5x5\"]\n\n1. b3-c3A *\n");
  REQUIRE(dimy.has_value());
  CHECK(dimy->turns().size() == 1);
  const auto wrong = fanorona::parse_record("[Board \"5x5\"]\n\n1. b3-c3A *\n");
  REQUIRE(!wrong.has_value());
  CHECK(wrong.error().message == "the game is on the 5x5 board, not the 9x5 board");
  const auto two = fanorona::parse_record("* *");
  REQUIRE(!two.has_value());
  CHECK(two.error().message == "the text holds more than one game");
  const auto comments_only = fanorona::parse_record(" {just a comment} ");
  REQUIRE(!comments_only.has_value());
  CHECK(comments_only.error().message == "no game: the text holds only blanks and comments");
  const auto bad = fanorona::parse_record("[Event \"x\"]\n\n1. d3-e3 *\n");
  REQUIRE(!bad.has_value());
  CHECK(bad.error().message == "d3-e3 captures by approach or by withdrawal: write d3-e3A or d3-e3W");
  CHECK(bad.error().offset == 19);
}
