// fanorona: SVG output by hand: lengths in tenths of a pixel, escaping, elements, colors.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_DETAIL_SVG_ELEMENT_HPP
#define FANORONA_DETAIL_SVG_ELEMENT_HPP

#include <cstdint>
#include <string>
#include <string_view>

namespace fanorona::detail {

// Every length is a whole number of tenths of a pixel, computed with integer arithmetic only:
// floating point would let the compiler's choices (fused multiply-add, x87 precision) move a
// coordinate across a rounding boundary, and the output must be the same bytes everywhere.
using SvgLength = std::int64_t;

// Written with one decimal by hand, because printf follows the C locale's decimal separator.
inline void svg_number(std::string& out, SvgLength tenths) {
  if (tenths < 0) {
    out += '-';
    tenths = -tenths;
  }
  out += std::to_string(tenths / 10);
  if (tenths % 10 != 0) {
    out += '.';
    out += static_cast<char>('0' + tenths % 10);
  }
}

inline void svg_escape(std::string& out, std::string_view text) {
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        // Control characters other than tab and newlines are not allowed in XML 1.0 at all.
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n' || c == '\r') out += c;
    }
  }
}

// Writes one element attribute by attribute, so that the drawing code reads as the list of
// shapes it makes.
class SvgElement {
 public:
  SvgElement(std::string& out, std::string_view name) : out_(out) {
    out_ += '<';
    out_ += name;
  }
  SvgElement& attr(std::string_view name, SvgLength value) {
    start_attribute(name);
    svg_number(out_, value);
    out_ += '"';
    return *this;
  }
  SvgElement& attr(std::string_view name, std::string_view value) {
    start_attribute(name);
    svg_escape(out_, value);
    out_ += '"';
    return *this;
  }
  // Ends an empty element, or the start tag of one with children (closed by the caller).
  void close() { out_ += "/>\n"; }
  void open() { out_ += ">\n"; }
  void text(std::string_view content, std::string_view name) {
    out_ += '>';
    svg_escape(out_, content);
    out_ += "</";
    out_ += name;
    out_ += ">\n";
  }

 private:
  void start_attribute(std::string_view name) {
    out_ += ' ';
    out_ += name;
    out_ += "=\"";
  }
  std::string& out_;
};

// The colors of the light scheme are presentation attributes, so that the image looks right
// in viewers without CSS; the stylesheet only switches to the dark scheme, and the class
// names let a page restyle every part.
inline constexpr std::string_view svg_dark_scheme =
    "@media (prefers-color-scheme: dark) {\n"
    "  .fanorona .board { fill: #3a2f23; }\n"
    "  .fanorona .line { stroke: #c9b38a; }\n"
    "  .fanorona .point { fill: #c9b38a; }\n"
    "  .fanorona .label { fill: #d8c8a6; }\n"
    "  .fanorona .stone.white { fill: #f4f1ea; stroke: #f4f1ea; }\n"
    "  .fanorona .stone.black { fill: #14110e; stroke: #c9b38a; }\n"
    "  .fanorona .highlight { stroke: #63b0ff; }\n"
    "  .fanorona .captured { stroke: #ff6b7a; }\n"
    "  .fanorona .step line { stroke: #ff6b7a; }\n"
    "  .fanorona .step polygon { fill: #ff6b7a; }\n"
    "  .fanorona .forbidden line, .fanorona .forbidden path { stroke: #b8b8b8; }\n"
    "  .fanorona .forbidden polygon { fill: #b8b8b8; }\n"
    "}\n";

}  // namespace fanorona::detail

#endif  // FANORONA_DETAIL_SVG_ELEMENT_HPP
