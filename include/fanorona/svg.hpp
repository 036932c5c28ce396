// fanorona: positions drawn as SVG images, with optional marks for a turn.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SVG_HPP
#define FANORONA_SVG_HPP

/// @file
/// @brief `to_svg`: a position as an SVG image, with highlighted points, a turn's path and
/// its captured stones. Not part of `fanorona.hpp`: include `<fanorona/svg.hpp>`.

#include <string>
#include <vector>

#include "board.hpp"
#include "detail/svg_writer.hpp"
#include "game.hpp"
#include "position.hpp"
#include "turn.hpp"

namespace fanorona {

/// @addtogroup diagrams
/// @{

/// What `to_svg` draws besides the board and its stones. Every mark is optional; the
/// default options draw the bare position with file and rank labels.
///
/// A turn can be drawn on the position before it or after it. Before it, the moving stone
/// stands at the start of the path and the stones the turn will capture are crossed out;
/// after it, the stone stands at the end of the path and a faded ring shows where each
/// captured stone stood. The same rule holds for `captured`: a crossed-out stone where a
/// stone stands, a faded ring where the point is empty.
template <class B = Tsivy>
struct BasicSvgOptions {
  /// Points ringed in a highlight color (a stone to notice, the points of a rule).
  Bitboard highlighted = 0;
  /// A turn drawn as arrows, one per step, and its captured stones marked. An empty turn
  /// (the default) draws nothing.
  BasicTurn<B> turn{};
  /// Points marked as captured besides those of `turn`.
  Bitboard captured = 0;
  /// Steps drawn as dashed, crossed-out arrows: moves a rule forbids, for explanations. Any
  /// two neighboring points may be given, joined by a line or not (a diagonal at a weak
  /// point); other pairs are left out.
  std::vector<BasicStep<B>> forbidden_steps;
  /// Whether to write the file letters below the board and the rank digits beside it.
  bool coordinates = true;
  /// The distance between neighboring points in SVG pixels, from 8 to 4096 (a value outside
  /// is taken as the nearest of the two); every other size follows it.
  int unit = 48;
  /// The image's `<title>`, read by screen readers and shown as a tooltip. Empty: the FEN.
  std::string title;
};

/// SVG options for the default 9x5 board.
using SvgOptions = BasicSvgOptions<Tsivy>;

/// Draws a position as a standalone SVG image: the board's lines (orthogonal lines through
/// every point, diagonals through the strong points), its points, file and rank labels, the
/// stones, and the marks asked for in `options`. The output is well-formed XML and depends
/// only on the arguments, so the same call gives the same bytes in every program.
///
/// The image has its own board background, so its stones read on light and dark pages, and
/// switches to darker colors when the viewer prefers a dark color scheme. Every part has a
/// CSS class for pages that restyle it: `board`, `line`, `point`, `label`, `stone white`,
/// `stone black`, `highlight`, `captured`, `step` (one group per step of the turn) and
/// `forbidden`.
///
/// @code
/// #include <fanorona/fanorona.hpp>
/// #include <fanorona/svg.hpp>
///
/// const fanorona::Position start = fanorona::Position::initial();
/// fanorona::SvgOptions options;
/// options.turn = *fanorona::parse_turn(start, "d3-e3A");  // the arrow, and the stones it takes crossed out
/// options.highlighted = fanorona::point_set(fanorona::Tsivy::parse_point("e3"));  // ring the center
/// std::string image = fanorona::to_svg(start, options);  // write it to a .svg file, or inline it in HTML
/// @endcode
template <class B>
std::string to_svg(const BasicPosition<B>& position, const BasicSvgOptions<B>& options = {}) {
  detail::SvgWriter<B> svg(position, options);
  svg.open_image();
  svg.draw_style();
  svg.draw_background();
  svg.draw_lines();
  svg.draw_points();
  svg.draw_labels();
  svg.draw_stones();
  svg.draw_captures();
  svg.draw_highlights();
  svg.draw_forbidden_steps();
  svg.draw_turn();
  return svg.close_image();
}

/// Draws the current position of a game with its last turn marked: the path the stone took
/// and faded rings where the stones it captured stood. The other options apply as given;
/// `options.turn` is replaced by the last turn (left empty before the first turn).
template <class B, class Key>
std::string to_svg(const BasicGame<B, Key>& game, BasicSvgOptions<B> options = {}) {
  options.turn = game.turns().empty() ? BasicTurn<B>{} : game.turns().back();
  return to_svg(game.position(), options);
}

/// @}

}  // namespace fanorona

#endif  // FANORONA_SVG_HPP
