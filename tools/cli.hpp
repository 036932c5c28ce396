// The command line of the research tools: one place for their arguments, numbers and
// usage errors, so that every tool refuses bad input the same way.
//
// A tool names itself and its usage once, at the start of main:
//
//   tools::Program program{"fanorona-match", usage_text};
//
// A bad argument then prints "fanorona-match: MESSAGE" and the usage on standard error and
// exits with status 2; a failure found while working (a file that cannot be read, a refused
// record) prints "fanorona-match: MESSAGE" and exits with status 1.
#ifndef FANORONA_TOOLS_CLI_HPP
#define FANORONA_TOOLS_CLI_HPP

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace tools {

// The running tool's name and usage text, for the messages below.
class Program {
 public:
  Program(const char* name, const char* usage) noexcept {
    current().name = name;
    current().usage = usage;
  }
  static const char* name() noexcept { return current().name; }
  static const char* usage() noexcept { return current().usage; }

 private:
  struct Names {
    const char* name = "fanorona";
    const char* usage = "";
  };
  static Names& current() noexcept {
    static Names names;
    return names;
  }
};

// A bad argument: the message and the usage on standard error, exit status 2.
[[noreturn]] inline void usage_error(const std::string& message) {
  std::fprintf(stderr, "%s: %s\n%s", Program::name(), message.c_str(), Program::usage());
  std::exit(2);
}

// A failure while working: the message on standard error, exit status 1.
[[noreturn]] inline void fail(const std::string& message) {
  std::fprintf(stderr, "%s: %s\n", Program::name(), message.c_str());
  std::exit(1);
}

// `--help`: the usage on standard output, exit status 0.
[[noreturn]] inline void print_usage() {
  std::printf("%s", Program::usage());
  std::exit(0);
}

// A whole number from `low` to `high`, or a usage error naming `what` (the option or key).
inline long long parse_number(std::string_view what, std::string_view text, long long low, long long high) {
  const std::string s(text);
  char* end = nullptr;
  errno = 0;
  const long long value = std::strtoll(s.c_str(), &end, 10);
  if (s.empty() || *end != '\0' || errno == ERANGE || value < low || value > high)
    usage_error(std::string(what) + " takes a whole number from " + std::to_string(low) + " to " + std::to_string(high) +
                ", not '" + s + "'");
  return value;
}

// A decimal number from `low` to `high`, or a usage error naming `what`.
inline double parse_decimal(std::string_view what, std::string_view text, double low, double high) {
  const std::string s(text);
  char* end = nullptr;
  const double value = std::strtod(s.c_str(), &end);
  if (s.empty() || *end != '\0' || !(value >= low && value <= high))
    usage_error(std::string(what) + " takes a number from " + std::to_string(low) + " to " + std::to_string(high) +
                ", not '" + s + "'");
  return value;
}

// The items of a comma-separated list ("6,14,22"), empty ones included ("4," has two), so
// that a caller refuses them with its own message.
inline std::vector<std::string_view> split_list(std::string_view list) {
  std::vector<std::string_view> items;
  for (;;) {
    const std::size_t comma = list.find(',');
    items.push_back(list.substr(0, comma));
    if (comma == std::string_view::npos) return items;
    list.remove_prefix(comma + 1);
  }
}

// The whole of a file, or a failure naming it.
inline std::string read_file(const std::string& name) {
  std::ifstream in(name, std::ios::binary);
  if (!in) fail("cannot read " + name);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The arguments after the program's name (or after a command), read one at a time.
class Arguments {
 public:
  Arguments(int argc, char** argv, int first = 1) noexcept : argc_(argc), argv_(argv), next_(first) {}

  // True while arguments remain.
  bool more() const noexcept { return next_ < argc_; }
  // The next argument. Precondition: more().
  std::string_view next() noexcept { return argv_[next_++]; }
  // The value of `option`, the next argument: a usage error when there is none or it is empty
  // (an empty value is refused like any other bad one, never taken as "the default").
  std::string_view value(std::string_view option) {
    if (!more()) usage_error(std::string(option) + " needs a value");
    if (*argv_[next_] == '\0') usage_error(std::string(option) + " needs a value, not an empty one");
    return argv_[next_++];
  }
  // The value of `option` as a whole number from `low` to `high`.
  long long number(std::string_view option, long long low, long long high) {
    return parse_number(option, value(option), low, high);
  }

 private:
  int argc_;
  char** argv_;
  int next_;
};

}  // namespace tools

#endif  // FANORONA_TOOLS_CLI_HPP
