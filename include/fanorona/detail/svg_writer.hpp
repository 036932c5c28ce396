// fanorona: drawing a position as SVG, layer by layer, for to_svg (svg.hpp).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_DETAIL_SVG_WRITER_HPP
#define FANORONA_DETAIL_SVG_WRITER_HPP

#include <string>
#include <string_view>
#include <utility>

#include "../board.hpp"
#include "../position.hpp"
#include "../turn.hpp"
#include "svg_element.hpp"

namespace fanorona {

template <class B>
struct BasicSvgOptions;  // svg.hpp

namespace detail {

// Geometry of one drawing: where each point lies, and every size as a fraction of the unit.
template <class B>
struct SvgLayout {
  SvgLength unit;
  SvgLength left;    // x of file a
  SvgLength top;     // y of the last rank
  SvgLength width;   // of the whole image
  SvgLength height;  // of the whole image

  SvgLayout(int unit_pixels, bool coordinates)
      : unit(SvgLength{10} * (unit_pixels < 8 ? 8 : unit_pixels > 4096 ? 4096 : unit_pixels)) {
    const SvgLength margin = part(60), label_room = coordinates ? part(50) : 0;
    left = margin + label_room;
    top = margin;
    width = left + (B::width - 1) * unit + margin;
    height = top + (B::height - 1) * unit + margin + label_room;
  }
  // `hundredths` of the unit, rounded.
  SvgLength part(int hundredths) const noexcept { return (unit * hundredths + 50) / 100; }
  SvgLength x(Point p) const noexcept { return left + B::file_of(p) * unit; }
  SvgLength y(Point p) const noexcept { return top + (B::height - 1 - B::rank_of(p)) * unit; }
};

// A step drawn as a line from near `from` to near `to` with an arrowhead at its end; the
// line stops short of both points so that a chain's arrows stay apart where they meet.
template <class B>
void svg_arrow(std::string& out, const SvgLayout<B>& at, Point from, Point to, bool dashed, std::string_view color) {
  const SvgLength x0 = at.x(from), y0 = at.y(from), x1 = at.x(to), y1 = at.y(to);
  const int fx = (x1 > x0) - (x1 < x0), fy = (y1 > y0) - (y1 < y0);
  // A length along the step, projected on each axis: a diagonal's share is 1/sqrt(2).
  const auto along = [&](SvgLength length) { return fx && fy ? (length * 7071 + 5000) / 10000 : length; };
  const SvgLength gap = along(at.part(16)), head = along(at.part(24)), half = along(at.part(13));
  const SvgLength sx = x0 + fx * gap, sy = y0 + fy * gap;    // start of the shaft
  const SvgLength tx = x1 - fx * gap, ty = y1 - fy * gap;    // tip of the head
  const SvgLength bx = tx - fx * head, by = ty - fy * head;  // middle of the head's base
  SvgElement line(out, "line");
  line.attr("x1", sx).attr("y1", sy).attr("x2", bx).attr("y2", by).attr("stroke", color).attr("stroke-width", at.part(7));
  line.attr("stroke-linecap", dashed ? "butt" : "round");
  if (dashed) {
    std::string dashes;
    svg_number(dashes, at.part(12));
    dashes += ' ';
    svg_number(dashes, at.part(8));
    line.attr("stroke-dasharray", dashes);
  }
  line.close();
  std::string corners;
  const SvgLength xs[3] = {tx, bx - fy * half, bx + fy * half};
  const SvgLength ys[3] = {ty, by + fx * half, by - fx * half};
  for (int i = 0; i < 3; ++i) {
    if (i) corners += ' ';
    svg_number(corners, xs[i]);
    corners += ',';
    svg_number(corners, ys[i]);
  }
  SvgElement(out, "polygon").attr("points", corners).attr("fill", color).close();
}

// Two strokes through (x, y), as one path: the mark of a captured stone or a refused step.
inline void svg_cross(std::string& out, SvgLength x, SvgLength y, SvgLength half, std::string_view css_class,
                      std::string_view color, SvgLength stroke_width) {
  std::string d = "M";
  const SvgLength corners[4][2] = {{x - half, y - half}, {x + half, y + half}, {x + half, y - half}, {x - half, y + half}};
  for (int i = 0; i < 4; ++i) {
    if (i == 1 || i == 3) d += " L";
    if (i == 2) d += " M";
    svg_number(d, corners[i][0]);
    d += ' ';
    svg_number(d, corners[i][1]);
  }
  SvgElement path(out, "path");
  if (!css_class.empty()) path.attr("class", css_class);
  path.attr("d", d).attr("stroke", color).attr("stroke-width", stroke_width).attr("stroke-linecap", "round").close();
}

// The colors of the light scheme (see `svg_dark_scheme` for the dark one).
inline constexpr std::string_view svg_wood = "#efd9a7", svg_ink = "#6b5232", svg_red = "#c62d42",
                                  svg_blue = "#1c6fd1", svg_gray = "#555555";

// Draws one image, a layer at a time in the order `to_svg` calls them: each layer is drawn
// over the ones before it.
template <class B>
struct SvgWriter {
  const BasicPosition<B>& position;
  const BasicSvgOptions<B>& options;
  const SvgLayout<B> at;
  std::string out;

  SvgWriter(const BasicPosition<B>& shown, const BasicSvgOptions<B>& asked)
      : position(shown), options(asked), at(asked.unit, asked.coordinates) {
    out.reserve(8192);
  }

  // The root element, left open, and the title that screen readers read.
  void open_image() {
    std::string view_box = "0 0 ";
    svg_number(view_box, at.width);
    view_box += ' ';
    svg_number(view_box, at.height);
    SvgElement(out, "svg")
        .attr("xmlns", "http://www.w3.org/2000/svg")
        .attr("class", "fanorona")
        .attr("width", at.width)
        .attr("height", at.height)
        .attr("viewBox", view_box)
        .attr("role", "img")
        .attr("font-family", "sans-serif")
        .open();
    SvgElement(out, "title").text(options.title.empty() ? position.to_fen() : options.title, "title");
  }

  void draw_style() {
    out += "<style>\n";
    out += svg_dark_scheme;
    out += "</style>\n";
  }

  void draw_background() {
    SvgElement(out, "rect")
        .attr("class", "board")
        .attr("width", at.width)
        .attr("height", at.height)
        .attr("rx", at.part(12))
        .attr("fill", svg_wood)
        .close();
  }

  // The lines, each drawn whole from one edge to the other: the ranks, the files, then the
  // diagonals, which start at strong points with no line leaving them backwards. Shared
  // presentation attributes sit on the groups, which keeps the file small.
  void draw_lines() {
    SvgElement(out, "g").attr("stroke", svg_ink).attr("stroke-width", at.part(4)).attr("stroke-linecap", "round").open();
    constexpr int line_directions[] = {static_cast<int>(Direction::east), static_cast<int>(Direction::north),
                                       static_cast<int>(Direction::north_east), static_cast<int>(Direction::north_west)};
    for (const int d : line_directions)
      for (Point from(0); from.index() < B::size; from = Point(from.index() + 1)) {
        if (B::neighbor[from][d] == no_point || B::neighbor[from][d ^ 1] != no_point) continue;
        Point to = from;
        while (B::neighbor[to][d] != no_point) to = B::neighbor[to][d];
        SvgElement(out, "line")
            .attr("class", "line")
            .attr("x1", at.x(from))
            .attr("y1", at.y(from))
            .attr("x2", at.x(to))
            .attr("y2", at.y(to))
            .close();
      }
    out += "</g>\n";
  }

  void draw_points() {
    SvgElement(out, "g").attr("fill", svg_ink).open();
    for (Point p(0); p.index() < B::size; p = Point(p.index() + 1))
      SvgElement(out, "circle").attr("class", "point").attr("cx", at.x(p)).attr("cy", at.y(p)).attr("r", at.part(7)).close();
    out += "</g>\n";
  }

  // The file letters below the board and the rank digits left of it, when asked for.
  void draw_labels() {
    if (!options.coordinates) return;
    const SvgLength font = at.part(30), baseline = (font * 35 + 50) / 100;
    SvgElement(out, "g").attr("fill", svg_ink).attr("font-size", font).attr("text-anchor", "middle").open();
    for (int f = 0; f < B::width; ++f) {
      const Point p = B::point_at(f, 0);
      SvgElement(out, "text")
          .attr("class", "label")
          .attr("x", at.x(p))
          .attr("y", at.y(p) + at.part(60) + baseline)
          .text(std::string(1, static_cast<char>('a' + f)), "text");
    }
    for (int r = 0; r < B::height; ++r) {
      const Point p = B::point_at(0, r);
      SvgElement(out, "text")
          .attr("class", "label")
          .attr("x", at.x(p) - at.part(60))
          .attr("y", at.y(p) + baseline)
          .text(std::string(1, static_cast<char>('1' + r)), "text");
    }
    out += "</g>\n";
  }

  SvgLength stone_radius() const noexcept { return at.part(32); }

  void draw_stones() {
    SvgElement(out, "g").attr("stroke-width", at.part(4)).open();
    for (Point p(0); p.index() < B::size; p = Point(p.index() + 1)) {
      const auto color = position.at(p);
      if (!color) continue;
      const bool white = *color == Color::white;
      SvgElement(out, "circle")
          .attr("class", white ? "stone white" : "stone black")
          .attr("cx", at.x(p))
          .attr("cy", at.y(p))
          .attr("r", stone_radius())
          .attr("fill", white ? "#fdfdfb" : "#26231f")
          .attr("stroke", white ? "#2b2b2b" : "#000000")
          .close();
    }
    out += "</g>\n";
  }

  // The captures of the turn and of `options.captured`: a crossed-out stone where a stone
  // stands, a faded ring where the point is empty.
  void draw_captures() {
    for (const Point p : points((options.captured | options.turn.captured()) & B::all)) {
      if (position.at(p))
        draw_crossed_out_stone(p);
      else
        draw_empty_capture(p);
    }
  }

  void draw_crossed_out_stone(Point p) {
    // A pale halo under the cross keeps it visible on a black stone.
    svg_cross(out, at.x(p), at.y(p), at.part(20), "halo", "#fdfdfb", at.part(16));
    svg_cross(out, at.x(p), at.y(p), at.part(20), "captured", svg_red, at.part(8));
  }

  void draw_empty_capture(Point p) {
    SvgElement(out, "circle")
        .attr("class", "captured")
        .attr("cx", at.x(p))
        .attr("cy", at.y(p))
        .attr("r", stone_radius())
        .attr("fill", "none")
        .attr("stroke", svg_red)
        .attr("stroke-width", at.part(5))
        .attr("stroke-dasharray", at.part(10))
        .close();
  }

  void draw_highlights() {
    for (const Point p : points(options.highlighted & B::all))
      SvgElement(out, "circle")
          .attr("class", "highlight")
          .attr("cx", at.x(p))
          .attr("cy", at.y(p))
          .attr("r", at.part(45))
          .attr("fill", "none")
          .attr("stroke", svg_blue)
          .attr("stroke-width", at.part(7))
          .close();
  }

  // Any two neighboring points will do, so that a diagonal missing at a weak point can be
  // shown; anything else is no step at all and is left out.
  static bool drawable_step(const BasicStep<B>& step) noexcept {
    if (!B::contains(step.from) || !B::contains(step.to) || step.from == step.to) return false;
    const int df = B::file_of(step.to) - B::file_of(step.from), dr = B::rank_of(step.to) - B::rank_of(step.from);
    return df >= -1 && df <= 1 && dr >= -1 && dr <= 1;
  }

  void draw_forbidden_steps() {
    for (const BasicStep<B>& step : options.forbidden_steps) {
      if (!drawable_step(step)) continue;
      out += "<g class=\"forbidden\">\n";
      svg_arrow(out, at, step.from, step.to, true, svg_gray);
      svg_cross(out, (at.x(step.from) + at.x(step.to)) / 2, (at.y(step.from) + at.y(step.to)) / 2, at.part(12), "",
                svg_gray, at.part(6));
      out += "</g>\n";
    }
  }

  void draw_turn() {
    for (int i = 0; i < options.turn.size(); ++i) {
      const BasicStep<B> step = options.turn.step(i);
      out += "<g class=\"step\">\n";
      svg_arrow(out, at, step.from, step.to, false, svg_red);
      out += "</g>\n";
    }
  }

  std::string close_image() {
    out += "</svg>\n";
    return std::move(out);
  }
};

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_DETAIL_SVG_WRITER_HPP
