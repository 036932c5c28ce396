// fanorona: the file format of the endgame tables (internal).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_TABLEBASE_DETAIL_FILE_FORMAT_HPP
#define FANORONA_TABLEBASE_DETAIL_FILE_FORMAT_HPP

// Not part of the public API. A table file is a 64-byte header, then one byte per slot of the
// index; docs/tablebases.md, "The file format", gives the header's fields. Every multi-byte
// number is little-endian, so a file reads the same on every machine.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "../../error.hpp"
#include "../../result.hpp"
#include "../types.hpp"

namespace fanorona {
namespace detail {

inline constexpr char file_magic[8] = {'F', 'A', 'N', 'O', 'R', 'T', 'B', '1'};
inline constexpr std::uint32_t file_format_version = 1;
inline constexpr std::uint8_t file_index_scheme = 1;
inline constexpr std::size_t file_header_size = 64;
// The checksum covers the header up to the checksum field, then the entries.
inline constexpr std::size_t file_checksummed_header = 56;

using RawHeader = std::array<unsigned char, file_header_size>;

struct FileHeader {
  std::uint32_t version = file_format_version;
  int width = 0, height = 0;
  Material material;
  int entry_bytes = 1;
  int index_scheme = file_index_scheme;
  int longest = 0;
  std::uint64_t entries = 0, wins = 0, draws = 0, losses = 0, checksum = 0;
};

inline void put_le(unsigned char* out, std::uint64_t value, int bytes) noexcept {
  for (int i = 0; i < bytes; ++i) out[i] = static_cast<unsigned char>(value >> (8 * i));
}

inline std::uint64_t get_le(const unsigned char* in, int bytes) noexcept {
  std::uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) value |= std::uint64_t{in[i]} << (8 * i);
  return value;
}

inline RawHeader encode_header(const FileHeader& h) noexcept {
  RawHeader out{};
  for (int i = 0; i < 8; ++i) out[static_cast<std::size_t>(i)] = static_cast<unsigned char>(file_magic[i]);
  put_le(&out[8], h.version, 4);
  put_le(&out[12], static_cast<std::uint64_t>(h.width), 1);
  put_le(&out[13], static_cast<std::uint64_t>(h.height), 1);
  put_le(&out[14], static_cast<std::uint64_t>(h.material.own), 1);
  put_le(&out[15], static_cast<std::uint64_t>(h.material.enemy), 1);
  put_le(&out[16], static_cast<std::uint64_t>(h.entry_bytes), 1);
  put_le(&out[17], static_cast<std::uint64_t>(h.index_scheme), 1);
  put_le(&out[20], static_cast<std::uint64_t>(h.longest), 4);
  put_le(&out[24], h.entries, 8);
  put_le(&out[32], h.wins, 8);
  put_le(&out[40], h.draws, 8);
  put_le(&out[48], h.losses, 8);
  put_le(&out[56], h.checksum, 8);
  return out;
}

inline FileHeader decode_header(const RawHeader& in) noexcept {
  FileHeader h;
  h.version = static_cast<std::uint32_t>(get_le(&in[8], 4));
  h.width = static_cast<int>(in[12]);
  h.height = static_cast<int>(in[13]);
  h.material = {static_cast<int>(in[14]), static_cast<int>(in[15])};
  h.entry_bytes = static_cast<int>(in[16]);
  h.index_scheme = static_cast<int>(in[17]);
  h.longest = static_cast<int>(get_le(&in[20], 4));
  h.entries = get_le(&in[24], 8);
  h.wins = get_le(&in[32], 8);
  h.draws = get_le(&in[40], 8);
  h.losses = get_le(&in[48], 8);
  h.checksum = get_le(&in[56], 8);
  return h;
}

// FNV-1a, 64 bits.
class Fnv1a {
 public:
  void add(const unsigned char* data, std::size_t size) noexcept {
    for (std::size_t i = 0; i < size; ++i) hash_ = (hash_ ^ data[i]) * 0x100000001B3ULL;
  }
  std::uint64_t value() const noexcept { return hash_; }

 private:
  std::uint64_t hash_ = 0xCBF29CE484222325ULL;
};

inline std::uint64_t file_checksum(const RawHeader& header, const std::vector<std::uint8_t>& entries) noexcept {
  Fnv1a hash;
  hash.add(header.data(), file_checksummed_header);
  hash.add(entries.data(), entries.size());
  return hash.value();
}

// Closes a C stream when it goes out of scope.
struct FileCloser {
  void operator()(std::FILE* file) const noexcept { std::fclose(file); }
};
using FileHandle = std::unique_ptr<std::FILE, FileCloser>;

inline std::string join_path(const std::string& folder, const std::string& name) {
  if (folder.empty()) return name;
  return folder.back() == '/' ? folder + name : folder + "/" + name;
}

// A board as the errors name it: "9x5".
inline std::string board_name(int width, int height) { return std::to_string(width) + "x" + std::to_string(height); }

// The header of a table file, read from `file` and checked against board B and `material`.
template <class B>
Result<std::pair<FileHeader, RawHeader>> read_table_header(std::FILE* file, const std::string& path, Material material) {
  RawHeader raw{};
  if (std::fread(raw.data(), 1, raw.size(), file) != raw.size()) return make_error(ErrorCode::table_too_short, {{"path", path}});
  for (int i = 0; i < 8; ++i)
    if (raw[static_cast<std::size_t>(i)] != static_cast<unsigned char>(file_magic[i]))
      return make_error(ErrorCode::table_bad_magic, {{"path", path}});
  const FileHeader h = decode_header(raw);
  if (h.version != file_format_version)
    return make_error(ErrorCode::table_bad_version, {{"path", path},
                                                      {"version", std::to_string(h.version)},
                                                      {"expected", std::to_string(file_format_version)}});
  if (h.width != B::width || h.height != B::height)
    return make_error(ErrorCode::table_wrong_board, {{"path", path},
                                                      {"board", board_name(h.width, h.height)},
                                                      {"expected", board_name(B::width, B::height)}});
  if (h.material != material)
    return make_error(ErrorCode::table_wrong_material,
                      {{"path", path}, {"material", h.material.to_string()}, {"expected", material.to_string()}});
  if (h.entry_bytes != 1 || h.index_scheme != file_index_scheme)
    return make_error(ErrorCode::table_bad_layout, {{"path", path}});
  return std::make_pair(h, raw);
}

// The entries that follow a checked header: exactly `entries` of them (the index's size),
// nothing after them, and the checksum right.
inline Result<std::vector<std::uint8_t>> read_table_entries(std::FILE* file, const std::string& path,
                                                             const std::pair<FileHeader, RawHeader>& header,
                                                             std::uint64_t entries) {
  const FileHeader& h = header.first;
  if (h.entries != entries)
    return make_error(ErrorCode::table_entry_count,
                      {{"path", path}, {"count", std::to_string(h.entries)}, {"expected", std::to_string(entries)}});
  std::vector<std::uint8_t> values(static_cast<std::size_t>(h.entries));
  if (std::fread(values.data(), 1, values.size(), file) != values.size())
    return make_error(ErrorCode::table_truncated, {{"path", path}});
  if (std::fgetc(file) != EOF) return make_error(ErrorCode::table_too_long, {{"path", path}});
  if (file_checksum(header.second, values) != h.checksum) return make_error(ErrorCode::table_corrupt, {{"path", path}});
  return values;
}

// Writes a header (its checksum computed here) and the entries to `path`, under a temporary
// name renamed at the end, so that an interrupted run never leaves a file that looks complete.
inline Status write_table_file(const std::string& path, FileHeader h, const std::vector<std::uint8_t>& values) {
  h.entries = values.size();
  h.checksum = file_checksum(encode_header(h), values);
  const RawHeader raw = encode_header(h);
  const std::string partial = path + ".part";
  {
    FileHandle file(std::fopen(partial.c_str(), "wb"));
    if (!file) return make_error(ErrorCode::io_cannot_create, {{"path", partial}});
    if (std::fwrite(raw.data(), 1, raw.size(), file.get()) != raw.size() ||
        std::fwrite(values.data(), 1, values.size(), file.get()) != values.size() || std::fflush(file.get()) != 0)
      return make_error(ErrorCode::io_write_failed, {{"path", partial}});
  }
  if (std::rename(partial.c_str(), path.c_str()) != 0)
    return make_error(ErrorCode::io_cannot_rename, {{"path", path}, {"source", partial}});
  return {};
}

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_TABLEBASE_DETAIL_FILE_FORMAT_HPP
