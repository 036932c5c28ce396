// The SVG drawing: well-formed XML (checked by a strict parser written here, so the test
// needs no tool), the same bytes for the same input, and exactly the lines, points, labels,
// stones and marks the board and position call for.
#include <fanorona/svg.hpp>

#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <map>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "catch.hpp"
#include "support.hpp"

namespace {

// One element of a parsed document: its name, attributes, parent (-1 for the root) and the
// character data directly inside it, entities decoded.
struct XmlElement {
  std::string name;
  std::map<std::string, std::string> attributes;
  int parent = -1;
  std::string text;

  std::string attribute(const std::string& key) const {
    const auto it = attributes.find(key);
    return it == attributes.end() ? std::string() : it->second;
  }
  double number(const std::string& key) const { return std::stod(attribute(key)); }
};

// A strict well-formedness checker for the XML that SVG images use: one root element, proper
// nesting, quoted and unique attributes, only the five predefined entities and character
// references, no '<' in attribute values, no stray '&', no control characters. DOCTYPEs are
// refused rather than half-checked: the drawing never writes one. `error` is empty when the
// text is well-formed.
class XmlParser {
 public:
  explicit XmlParser(std::string_view text) : text_(text) { parse(); }

  const std::string& error() const { return error_; }
  const std::vector<XmlElement>& elements() const { return elements_; }

 private:
  void parse() {
    for (const char c : text_)
      if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') return fail("control character");
    if (starts_with("<?xml")) skip_processing_instruction();
    skip_misc();
    if (!error_.empty()) return;
    if (at_end() || peek() != '<') return fail("no root element");
    element(-1);
    if (!error_.empty()) return;
    skip_misc();
    if (error_.empty() && !at_end()) fail("content after the root element");
  }

  // Whitespace, comments and processing instructions, allowed around the root element.
  void skip_misc() {
    while (error_.empty() && !at_end()) {
      if (is_space(peek()))
        ++i_;
      else if (starts_with("<!--"))
        comment();
      else if (starts_with("<!DOCTYPE"))
        return fail("DOCTYPE not expected");
      else if (starts_with("<?"))
        skip_processing_instruction();
      else
        return;
    }
  }

  void skip_processing_instruction() {
    const std::size_t end = text_.find("?>", i_ + 2);
    if (end == std::string_view::npos) return fail("unterminated processing instruction");
    i_ = end + 2;
  }

  void comment() {
    const std::size_t end = text_.find("--", i_ + 4);
    if (end == std::string_view::npos || text_.substr(end, 3) != "-->") return fail("'--' inside a comment");
    i_ = end + 3;
  }

  void element(int parent) {
    ++i_;  // '<'
    XmlElement e;
    e.name = name();
    e.parent = parent;
    if (e.name.empty()) return fail("element without a name");
    for (;;) {
      const std::size_t before = i_;
      while (!at_end() && is_space(peek())) ++i_;
      if (at_end()) return fail("unterminated start tag <" + e.name);
      if (peek() == '>' || starts_with("/>")) break;
      if (i_ == before) return fail("no space before an attribute of <" + e.name);
      const std::string key = name();
      if (key.empty()) return fail("bad attribute name in <" + e.name);
      while (!at_end() && is_space(peek())) ++i_;
      if (at_end() || peek() != '=') return fail("attribute " + key + " has no value");
      ++i_;
      while (!at_end() && is_space(peek())) ++i_;
      if (at_end() || (peek() != '"' && peek() != '\'')) return fail("attribute " + key + " is not quoted");
      const char quote = text_[i_++];
      std::string value;
      while (!at_end() && peek() != quote) {
        if (peek() == '<') return fail("'<' in the value of " + key);
        if (peek() == '&') {
          if (!reference(value)) return;
        } else {
          value += text_[i_++];
        }
      }
      if (at_end()) return fail("unterminated value of " + key);
      ++i_;
      if (!e.attributes.emplace(key, value).second) return fail("attribute " + key + " repeated in <" + e.name);
    }
    const int index = static_cast<int>(elements_.size());
    elements_.push_back(e);
    if (starts_with("/>")) {
      i_ += 2;
      return;
    }
    ++i_;  // '>'
    for (;;) {
      if (at_end()) return fail("<" + elements_[static_cast<std::size_t>(index)].name + "> is never closed");
      if (starts_with("</")) {
        i_ += 2;
        const std::string closing = name();
        while (!at_end() && is_space(peek())) ++i_;
        if (at_end() || peek() != '>') return fail("bad end tag </" + closing);
        ++i_;
        if (closing != elements_[static_cast<std::size_t>(index)].name)
          return fail("</" + closing + "> closes <" + elements_[static_cast<std::size_t>(index)].name + ">");
        return;
      }
      if (starts_with("<!--")) {
        comment();
      } else if (starts_with("<![CDATA[")) {
        const std::size_t end = text_.find("]]>", i_);
        if (end == std::string_view::npos) return fail("unterminated CDATA section");
        elements_[static_cast<std::size_t>(index)].text += std::string(text_.substr(i_ + 9, end - i_ - 9));
        i_ = end + 3;
      } else if (starts_with("<?")) {
        skip_processing_instruction();
      } else if (peek() == '<') {
        element(index);
      } else if (peek() == '&') {
        std::string decoded;
        if (!reference(decoded)) return;
        elements_[static_cast<std::size_t>(index)].text += decoded;
      } else {
        if (starts_with("]]>")) return fail("']]>' in character data");
        elements_[static_cast<std::size_t>(index)].text += text_[i_++];
      }
      if (!error_.empty()) return;
    }
  }

  // An entity or character reference at '&', decoded into `out`.
  bool reference(std::string& out) {
    const std::size_t end = text_.find(';', i_);
    if (end == std::string_view::npos || end - i_ > 10) return fail("'&' that starts no reference"), false;
    const std::string_view body = text_.substr(i_ + 1, end - i_ - 1);
    static const std::map<std::string_view, char> named = {
        {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
    if (const auto it = named.find(body); it != named.end()) {
      out += it->second;
    } else if (body.size() > 1 && body[0] == '#') {
      const bool hex = body[1] == 'x';
      const std::string_view digits = body.substr(hex ? 2 : 1);
      if (digits.empty()) return fail("empty character reference"), false;
      long code = 0;
      for (const char c : digits) {
        const int value = c >= '0' && c <= '9'   ? c - '0'
                          : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
                          : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                        : -1;
        if (value < 0 || code > 0x10FFFF) return fail("bad character reference"), false;
        code = code * (hex ? 16 : 10) + value;
      }
      if (code == 0 || code > 0x10FFFF || (code < 0x20 && code != 9 && code != 10 && code != 13))
        return fail("character reference to a character XML forbids"), false;
      out += code < 0x80 ? static_cast<char>(code) : '?';
    } else {
      return fail("unknown entity &" + std::string(body) + ";"), false;
    }
    i_ = end + 1;
    return true;
  }

  std::string name() {
    const std::size_t start = i_;
    const auto first = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':'; };
    if (at_end() || !first(peek())) return {};
    while (!at_end() && (first(peek()) || (peek() >= '0' && peek() <= '9') || peek() == '-' || peek() == '.')) ++i_;
    return std::string(text_.substr(start, i_ - start));
  }

  bool at_end() const { return i_ >= text_.size(); }
  char peek() const { return text_[i_]; }
  bool starts_with(std::string_view s) const { return text_.substr(i_, s.size()) == s; }
  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  void fail(std::string message) {
    if (error_.empty()) error_ = message + " at offset " + std::to_string(i_);
  }

  std::string_view text_;
  std::size_t i_ = 0;
  std::string error_;
  std::vector<XmlElement> elements_;
};

// The elements with this name whose class attribute is exactly `css_class` (any class when empty).
std::vector<XmlElement> find(const std::vector<XmlElement>& all, const std::string& name, const std::string& css_class) {
  std::vector<XmlElement> out;
  for (const XmlElement& e : all)
    if (e.name == name && (css_class.empty() || e.attribute("class") == css_class)) out.push_back(e);
  return out;
}

std::size_t count(const std::vector<XmlElement>& all, const std::string& name, const std::string& css_class) {
  return find(all, name, css_class).size();
}

// Parses and requires well-formedness; the failure message says where it broke.
std::vector<XmlElement> parse_svg(const std::string& svg) {
  const XmlParser parser(svg);
  INFO(svg);
  REQUIRE(parser.error().empty());
  REQUIRE(!parser.elements().empty());
  const XmlElement& root = parser.elements().front();
  CHECK(root.name == "svg");
  CHECK(root.attribute("xmlns") == "http://www.w3.org/2000/svg");
  return parser.elements();
}

// Where each point is drawn, read from the point markers, which come in point order.
std::vector<std::pair<double, double>> point_centers(const std::vector<XmlElement>& all) {
  std::vector<std::pair<double, double>> out;
  for (const XmlElement& e : find(all, "circle", "point")) out.emplace_back(e.number("cx"), e.number("cy"));
  return out;
}

// The points under the centers of these circles; -1 for a center on no point.
std::multiset<int> points_under(const std::vector<XmlElement>& circles, const std::vector<std::pair<double, double>>& centers) {
  std::multiset<int> out;
  for (const XmlElement& c : circles) {
    int found = -1;
    for (std::size_t p = 0; p < centers.size(); ++p)
      if (std::abs(centers[p].first - c.number("cx")) < 0.01 && std::abs(centers[p].second - c.number("cy")) < 0.01)
        found = static_cast<int>(p);
    out.insert(found);
  }
  return out;
}

std::multiset<int> as_points(fanorona::Bitboard set) {
  std::multiset<int> out;
  for (const fanorona::Point p : fanorona::points(set)) out.insert(p.index());
  return out;
}

template <class B>
fanorona::Bitboard as_points_mask(std::initializer_list<const char*> names) {
  fanorona::Bitboard set = 0;
  for (const char* name : names) set |= fanorona::point_set(B::parse_point(name));
  return set;
}

// Checks the board drawing of any position: every line whole and where the geometry puts it,
// one marker per point, the labels, and one stone per stone of the position.
template <class B>
void check_board(const fanorona::BasicPosition<B>& position) {
  const std::vector<XmlElement> all = parse_svg(fanorona::to_svg(position));
  const auto centers = point_centers(all);
  REQUIRE(centers.size() == static_cast<std::size_t>(B::size));
  const double unit = centers[1].first - centers[0].first;
  REQUIRE(unit > 0);
  const double left = centers[0].first, bottom = centers[0].second;
  const auto grid = [&](double x, double y) {
    return std::make_pair(static_cast<int>(std::lround((x - left) / unit)), static_cast<int>(std::lround((bottom - y) / unit)));
  };
  // Each point where its file and rank put it, on a square grid with rank 1 at the bottom.
  for (fanorona::Point p : fanorona::points(B::all)) {
    const auto [x, y] = centers[static_cast<std::size_t>(p.index())];
    CHECK(grid(x, y) == std::make_pair(B::file_of(p), B::rank_of(p)));
    CHECK(std::abs(x - (left + B::file_of(p) * unit)) < 0.01);
    CHECK(std::abs(y - (bottom - B::rank_of(p) * unit)) < 0.01);
  }

  // Every line runs from one edge of the board to the other. Added up, the lines cover
  // (W-1)*H horizontal and W*(H-1) vertical unit segments, and one diagonal in each of the
  // (W-1)*(H-1) unit squares; a diagonal's ends are strong points.
  int ranks = 0, files = 0, horizontal = 0, vertical = 0, diagonal = 0;
  for (const XmlElement& line : find(all, "line", "line")) {
    const auto [f1, r1] = grid(line.number("x1"), line.number("y1"));
    const auto [f2, r2] = grid(line.number("x2"), line.number("y2"));
    const int df = std::abs(f2 - f1), dr = std::abs(r2 - r1);
    if (dr == 0) {
      ++ranks;
      horizontal += df;
      CHECK(df == B::width - 1);
    } else if (df == 0) {
      ++files;
      vertical += dr;
      CHECK(dr == B::height - 1);
    } else {
      REQUIRE(df == dr);
      diagonal += df;
      CHECK(B::is_strong(B::point_at(f1, r1)));
      CHECK(B::is_strong(B::point_at(f2, r2)));
      // Whole: neither end can go on along the diagonal.
      const int sf = (f2 - f1) / df, sr = (r2 - r1) / dr;
      CHECK(B::point_at(f1 - sf, r1 - sr) == fanorona::no_point);
      CHECK(B::point_at(f2 + sf, r2 + sr) == fanorona::no_point);
    }
  }
  CHECK(ranks == B::height);
  CHECK(files == B::width);
  CHECK(horizontal == (B::width - 1) * B::height);
  CHECK(vertical == B::width * (B::height - 1));
  CHECK(diagonal == (B::width - 1) * (B::height - 1));

  const auto labels = find(all, "text", "label");
  REQUIRE(labels.size() == static_cast<std::size_t>(B::width + B::height));
  std::set<std::string> texts;
  for (const XmlElement& label : labels) texts.insert(label.text);
  for (int f = 0; f < B::width; ++f) CHECK(texts.count(std::string(1, static_cast<char>('a' + f))) == 1);
  for (int r = 0; r < B::height; ++r) CHECK(texts.count(std::string(1, static_cast<char>('1' + r))) == 1);

  CHECK(points_under(find(all, "circle", "stone white"), centers) == as_points(position.stones(fanorona::Color::white)));
  CHECK(points_under(find(all, "circle", "stone black"), centers) == as_points(position.stones(fanorona::Color::black)));
  CHECK(find(all, "title", "").front().text == position.to_fen());
}

// Where a cross is drawn: the middle of its first stroke ("M x y L x y M ...").
std::pair<double, double> cross_center(const XmlElement& path) {
  double v[4] = {};
  const std::string d = path.attribute("d");
  std::size_t at = 0;
  for (double& x : v) {
    at = d.find_first_of("-0123456789", at);
    std::size_t used = 0;
    x = std::stod(d.substr(at), &used);
    at += used;
  }
  return {(v[0] + v[2]) / 2, (v[1] + v[3]) / 2};
}

// The point drawn nearest to (x, y).
int nearest_point(const std::vector<std::pair<double, double>>& centers, double x, double y) {
  int best = -1;
  double best_distance = 1e300;
  for (std::size_t p = 0; p < centers.size(); ++p) {
    const double distance = std::hypot(centers[p].first - x, centers[p].second - y);
    if (distance < best_distance) best_distance = distance, best = static_cast<int>(p);
  }
  return best;
}

// The children of element `parent` with this name.
std::vector<XmlElement> children(const std::vector<XmlElement>& all, int parent, const std::string& name) {
  std::vector<XmlElement> out;
  for (const XmlElement& e : all)
    if (e.parent == parent && e.name == name) out.push_back(e);
  return out;
}

// Checks that the arrows drawn, in order, are the steps of `turn`: each shaft starts next to
// the step's start and each head's tip points at its destination.
template <class B>
void check_arrows(const std::vector<XmlElement>& all, const std::string& group_class, const std::vector<fanorona::BasicStep<B>>& steps) {
  const auto centers = point_centers(all);
  std::vector<int> groups;
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i].name == "g" && all[i].attribute("class") == group_class) groups.push_back(static_cast<int>(i));
  REQUIRE(groups.size() == steps.size());
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const auto shafts = children(all, groups[i], "line");
    const auto heads = children(all, groups[i], "polygon");
    REQUIRE(shafts.size() == 1);
    REQUIRE(heads.size() == 1);
    CHECK(nearest_point(centers, shafts[0].number("x1"), shafts[0].number("y1")) == steps[i].from.index());
    const std::string corners = heads[0].attribute("points");
    const double tip_x = std::stod(corners), tip_y = std::stod(corners.substr(corners.find(',') + 1));
    CHECK(nearest_point(centers, tip_x, tip_y) == steps[i].to.index());
  }
}

template <class B>
std::vector<fanorona::BasicStep<B>> steps_of(const fanorona::BasicTurn<B>& turn) {
  std::vector<fanorona::BasicStep<B>> out;
  for (int i = 0; i < turn.size(); ++i) out.push_back(turn.step(i));
  return out;
}

}  // namespace

TEST_CASE("the XML checker of this test refuses what is not well-formed", "[svg]") {
  CHECK(XmlParser("<svg a=\"1\" b='2'><g/><!-- note --><text>&lt;&#65;&#x42;</text></svg>\n").error().empty());
  CHECK(XmlParser("<?xml version=\"1.0\"?>\n<svg/>").error().empty());
  const char* bad[] = {
      "",
      "text",
      "<svg>",
      "<svg></g>",
      "<svg><g></svg></g>",
      "<svg a=1/>",
      "<svg a=\"1\"b=\"2\"/>",
      "<svg a=\"1\" a=\"2\"/>",
      "<svg a=\"<\"/>",
      "<svg a=\"&\"/>",
      "<svg>&nbsp;</svg>",
      "<svg>a & b</svg>",
      "<svg>&#0;</svg>",
      "<svg/><svg/>",
      "<svg/>text",
      "<svg><!-- a -- b --></svg>",
      "<svg>]]></svg>",
      "<svg>\x01</svg>",
      "<!DOCTYPE svg><svg/>",
      "<1svg/>",
  };
  for (const char* text : bad) {
    INFO(text);
    CHECK(!XmlParser(text).error().empty());
  }
  const XmlParser nested("<a><b c=\"&amp;\">x&gt;y</b></a>");
  REQUIRE(nested.error().empty());
  REQUIRE(nested.elements().size() == 2);
  CHECK(nested.elements()[1].parent == 0);
  CHECK(nested.elements()[1].attribute("c") == "&");
  CHECK(nested.elements()[1].text == "x>y");
}

TEST_CASE("every board is drawn with its lines, points, labels and stones", "[svg]") {
  check_board(fanorona::BasicPosition<fanorona::Tsivy>::initial());
  check_board(fanorona::BasicPosition<fanorona::Dimy>::initial());
  check_board(fanorona::BasicPosition<fanorona::Telo>::initial());
  check_board(fanorona::BasicPosition<fanorona::Tsivy>());  // no stones at all
  for (const auto& p : test::random_game_positions<fanorona::Tsivy>(20, 7)) check_board(p);
  for (const auto& p : test::random_game_positions<fanorona::Dimy>(20, 8)) check_board(p);
  for (const auto& p : test::random_game_positions<fanorona::Telo>(10, 9)) check_board(p);
  std::mt19937 rng(11);
  for (int i = 0; i < 10; ++i) check_board(test::random_position<fanorona::Tsivy>(rng));
}

TEST_CASE("the same input gives the same bytes", "[svg]") {
  const auto start = fanorona::Position::initial();
  fanorona::SvgOptions options;
  options.turn = fanorona::parse_turn(start, "d3-e3A").value();
  options.highlighted = 0x1F;
  options.forbidden_steps.push_back({fanorona::Point(0), fanorona::Point(10), fanorona::Capture::none});
  const std::string first = fanorona::to_svg(start, options);
  CHECK(first == fanorona::to_svg(start, options));
  const auto copy = fanorona::Position::from_fen(start.to_fen()).value();
  fanorona::SvgOptions same = options;
  CHECK(first == fanorona::to_svg(copy, same));
  // Different input, different drawing.
  CHECK(first != fanorona::to_svg(start));
  CHECK(fanorona::to_svg(start) != fanorona::to_svg(start.after(options.turn)));
}

TEST_CASE("highlighted points are ringed, and nothing else is", "[svg]") {
  const auto start = fanorona::BasicPosition<fanorona::Dimy>::initial();
  fanorona::BasicSvgOptions<fanorona::Dimy> options;
  CHECK(count(parse_svg(fanorona::to_svg(start, options)), "circle", "highlight") == 0);
  options.highlighted = fanorona::Dimy::strong_points;
  const auto all = parse_svg(fanorona::to_svg(start, options));
  CHECK(points_under(find(all, "circle", "highlight"), point_centers(all)) == as_points(fanorona::Dimy::strong_points));
  CHECK(count(all, "g", "step") == 0);
  CHECK(count(all, "path", "captured") == 0);
}


TEST_CASE("a turn is drawn as one arrow per step, its captures crossed out before it is played", "[svg]") {
  // White c1 approaches c3 (taking the line c3-c4-c5), then approaches e2 from d2 (taking e2
  // and f2, up to the empty g2).
  const auto position = fanorona::Position::from_fen("2B6/2B6/2B6/4BB3/2W6 W").value();
  const auto turn = fanorona::parse_turn(position, "c1-c2A-d2A").value();
  REQUIRE(turn.captured() == as_points_mask<fanorona::Tsivy>({"c3", "c4", "c5", "e2", "f2"}));
  fanorona::SvgOptions options;
  options.turn = turn;
  const auto all = parse_svg(fanorona::to_svg(position, options));
  const auto centers = point_centers(all);
  check_arrows<fanorona::Tsivy>(all, "step", steps_of(turn));
  std::multiset<int> crossed;
  for (const XmlElement& cross : find(all, "path", "captured"))
    crossed.insert(nearest_point(centers, cross_center(cross).first, cross_center(cross).second));
  CHECK(crossed == as_points(turn.captured()));
  CHECK(count(all, "circle", "captured") == 0);  // every captured stone is still on the board
  CHECK(count(all, "circle", "stone white") == 1);
  CHECK(count(all, "circle", "stone black") == 5);
}

TEST_CASE("a game is drawn with its last turn: the path and faded rings where stones were taken", "[svg]") {
  auto game = fanorona::Game::from_fen("2B6/2B6/2B6/4BB3/2W6 W").value();
  CHECK(count(parse_svg(fanorona::to_svg(game)), "g", "step") == 0);  // no turn yet
  REQUIRE(game.play("c1-c2A-d2A"));
  const auto all = parse_svg(fanorona::to_svg(game));
  check_arrows<fanorona::Tsivy>(all, "step", steps_of(game.turns().back()));
  CHECK(points_under(find(all, "circle", "captured"), point_centers(all)) == as_points(game.turns().back().captured()));
  CHECK(count(all, "path", "captured") == 0);
  CHECK(points_under(find(all, "circle", "stone white"), point_centers(all)) == std::multiset<int>{fanorona::Tsivy::parse_point("d2").index()});
  CHECK(count(all, "circle", "stone black") == 0);
}

TEST_CASE("captured marks cross out a stone and ring an empty point", "[svg]") {
  const auto position = fanorona::BasicPosition<fanorona::Telo>::initial();  // e.g. b2 is empty
  fanorona::BasicSvgOptions<fanorona::Telo> options;
  options.captured = as_points_mask<fanorona::Telo>({"a3", "b2"});
  const auto all = parse_svg(fanorona::to_svg(position, options));
  const auto centers = point_centers(all);
  const auto crosses = find(all, "path", "captured");
  REQUIRE(crosses.size() == 1);
  CHECK(nearest_point(centers, cross_center(crosses[0]).first, cross_center(crosses[0]).second) == fanorona::Telo::parse_point("a3").index());
  CHECK(points_under(find(all, "circle", "captured"), centers) == std::multiset<int>{fanorona::Telo::parse_point("b2").index()});
}

TEST_CASE("forbidden steps are dashed arrows between neighbors, and other pairs are left out", "[svg]") {
  const auto position = fanorona::BasicPosition<fanorona::Dimy>::initial();
  const auto at = [](const char* name) { return fanorona::Dimy::parse_point(name); };
  fanorona::BasicSvgOptions<fanorona::Dimy> options;
  const std::vector<fanorona::BasicStep<fanorona::Dimy>> drawn = {{at("c3"), at("c4"), fanorona::Capture::none},
                                             {at("c3"), at("d4"), fanorona::Capture::none},
                                             {at("b3"), at("c4"), fanorona::Capture::none}};  // b3 is weak: no line
  options.forbidden_steps = drawn;
  options.forbidden_steps.push_back({at("a1"), at("c1"), fanorona::Capture::none});  // not neighbors
  options.forbidden_steps.push_back({at("e1"), at("a2"), fanorona::Capture::none});  // not neighbors either
  options.forbidden_steps.push_back({fanorona::no_point, at("c1"), fanorona::Capture::none});
  const auto all = parse_svg(fanorona::to_svg(position, options));
  check_arrows<fanorona::Dimy>(all, "forbidden", drawn);
  for (const XmlElement& shaft : find(all, "line", "")) {
    if (shaft.parent >= 0 && all[static_cast<std::size_t>(shaft.parent)].attribute("class") == "forbidden")
      CHECK(!shaft.attribute("stroke-dasharray").empty());
  }
}

TEST_CASE("options: no coordinates, another unit, a title that needs escaping", "[svg]") {
  const auto position = fanorona::Position::initial();
  fanorona::SvgOptions options;
  options.coordinates = false;
  options.unit = 20;
  options.title = "<Black's \"turn\" & more>";
  const std::string svg = fanorona::to_svg(position, options);
  const auto all = parse_svg(svg);
  CHECK(count(all, "text", "label") == 0);
  const auto centers = point_centers(all);
  CHECK(centers[1].first - centers[0].first == Approx(20));
  CHECK(find(all, "title", "").front().text == options.title);
  CHECK(std::stod(all.front().attribute("width")) < std::stod(parse_svg(fanorona::to_svg(position)).front().attribute("width")));
  // Units out of range are clamped rather than drawing a degenerate or overflowing image.
  for (const int unit : {-5, 0, 3, 100000, 2147483647}) {
    options.unit = unit;
    const auto clamped = point_centers(parse_svg(fanorona::to_svg(position, options)));
    CHECK(clamped[1].first - clamped[0].first == Approx(unit < 8 ? 8 : 4096));
  }
}
