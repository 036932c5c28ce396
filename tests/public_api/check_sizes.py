#!/usr/bin/env python3
"""Keeps the library small enough to read, and its documentation free of lab notes.

Checks, over a source tree:
  - every header under include/ is at most 500 lines;
  - no function under include/ is over 60 lines (clang-tidy's readability-function-size on one
    translation unit that includes every header; skipped, with a message, without clang-tidy);
  - every examples/*.cpp but play.cpp is at most 250 lines (examples are read top to bottom);
  - docs/search.md is at most 350 lines (a guide; measurement logs are dated pages of docs/lab/);
  - LevelSettings (include/fanorona/search/levels.hpp) has at most 10 fields;
  - docs/, include/, README.md and CHANGELOG.md never speak of how the project is worked on
    ("the bar", "issue 12") and never cite a commit hash (a tarball has no history: refer to
    files or tags).

usage: check_sizes.py SOURCE_DIR [--clang-tidy PATH] [--compiler-flag FLAG ...]
       check_sizes.py --self-test [--clang-tidy PATH]
The self-test breaks each rule once in a scratch tree and fails unless every break is reported.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

MAX_HEADER_LINES = 500
MAX_FUNCTION_LINES = 60
MAX_EXAMPLE_LINES = 250
MAX_SEARCH_GUIDE_LINES = 350
MAX_LEVEL_SETTINGS_FIELDS = 10
LONG_EXAMPLES = {"play.cpp"}  # an application, not a program to read top to bottom

PROCESS_WORDS = [
    (re.compile(r"\bthe bar\b", re.I), '"the bar"'),
    (re.compile(r"\bissue(?:'s)?\s*(?:#|no\.?\s*)?\d+", re.I), '"issue" and a number'),
    (re.compile(r"\bthe issue's\b", re.I), '"the issue\'s"'),
    (re.compile(r"\bthis session\b", re.I), '"this session"'),
]
# A commit hash: 7 to 40 lowercase hexadecimal digits standing alone, with at least one letter
# and one digit (so that numbers and words are not taken for one). 0x literals are numbers.
HASH = re.compile(r"(?<![0-9A-Za-z_#\-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}(?![0-9A-Za-z_])")
TEXT_SUFFIXES = (".md", ".hpp", ".h", ".cpp", ".txt", ".in", ".dot", ".cmake")


def line_count(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return sum(1 for _ in f)


def files_under(root, folder, suffixes):
    base = os.path.join(root, folder)
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames.sort()
        for name in sorted(filenames):
            if name.endswith(suffixes):
                yield os.path.join(dirpath, name)


def rel(root, path):
    return os.path.relpath(path, root).replace(os.sep, "/")


def check_header_lines(root):
    for path in files_under(root, "include", (".hpp", ".h")):
        n = line_count(path)
        if n > MAX_HEADER_LINES:
            yield f"{rel(root, path)}: {n} lines (a header has at most {MAX_HEADER_LINES})"


def check_function_lines(root, clang_tidy, flags):
    if not clang_tidy:
        print(f"note: clang-tidy not found; function sizes (at most {MAX_FUNCTION_LINES} lines) "
              "not checked (Debian: apt-get install clang-tidy)")
        return
    include = os.path.join(root, "include")
    headers = [rel(include, p) for p in files_under(root, "include", (".hpp",))]
    with tempfile.TemporaryDirectory() as scratch:
        tu = os.path.join(scratch, "every_header.cpp")
        with open(tu, "w", encoding="utf-8") as f:
            f.writelines(f"#include <{h}>\n" for h in headers)
        config = ("{CheckOptions: [{key: readability-function-size.LineThreshold, value: %d}]}"
                  % MAX_FUNCTION_LINES)
        cmd = [clang_tidy, tu, "--quiet", "--checks=-*,readability-function-size",
               "--config=" + config, "--header-filter=.*", "--", "-std=c++17", "-I" + include] + flags
        run = subprocess.run(cmd, capture_output=True, text=True)
    output = run.stdout + run.stderr
    found = re.findall(r"^(.*?):(\d+):\d+: warning: function '([^']*)' exceeds[^\n]*\n"
                       r"(?:(?!.*warning:).*\n)*?.*?note: (\d+) lines", output, re.M)
    for path, line, name, lines in found:
        yield f"{rel(root, path)}:{line}: function '{name}' is {lines} lines (at most {MAX_FUNCTION_LINES})"
    if not found and (run.returncode != 0 or "error:" in output):
        yield "clang-tidy could not read the headers:\n" + output[-2000:]


def check_example_lines(root):
    base = os.path.join(root, "examples")
    for name in sorted(os.listdir(base)) if os.path.isdir(base) else []:
        if name.endswith(".cpp") and name not in LONG_EXAMPLES:
            n = line_count(os.path.join(base, name))
            if n > MAX_EXAMPLE_LINES:
                yield f"examples/{name}: {n} lines (an example has at most {MAX_EXAMPLE_LINES})"


def check_search_guide(root):
    path = os.path.join(root, "docs", "search.md")
    if os.path.exists(path):
        n = line_count(path)
        if n > MAX_SEARCH_GUIDE_LINES:
            yield f"docs/search.md: {n} lines (at most {MAX_SEARCH_GUIDE_LINES}; logs go to docs/lab/)"


def struct_fields(text, name):
    """The data members of `struct name { ... };`, comments removed."""
    text = re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.S)
    start = re.search(r"\bstruct\s+" + name + r"\s*(?:final\s*)?\{", text)
    if not start:
        return None
    depth, i, body_start = 1, start.end(), start.end()
    while depth and i < len(text):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    body = text[body_start:i - 1]
    # Statements at the struct's own level: inner braces (initializers, function bodies) are
    # folded away first.
    while re.search(r"\{[^{}]*\}", body):
        body = re.sub(r"\{[^{}]*\}", " BRACED ", body)
    # A member function's body ends its statement without a semicolon.
    body = re.sub(r"\)[\w\s&]*BRACED", ");", body)
    fields = []
    for statement in body.split(";"):
        s = statement.strip()
        s = re.sub(r"^(public|private|protected)\s*:", "", s).strip()
        if not s or re.match(r"(static|using|friend|typedef|template|enum|struct|class)\b", s):
            continue
        if "(" in s.split("=")[0]:  # a member function
            continue
        m = re.search(r"(\w+)\s*(?:\[[^\]]*\])?\s*(?:=.*|BRACED)?$", s, re.S)
        if m:
            fields.append(m.group(1))
    return fields


def check_level_settings(root):
    path = os.path.join(root, "include", "fanorona", "search", "levels.hpp")
    if not os.path.exists(path):
        return
    fields = struct_fields(open(path, encoding="utf-8").read(), "LevelSettings")
    if fields is None:
        yield "include/fanorona/search/levels.hpp: struct LevelSettings not found"
    elif len(fields) > MAX_LEVEL_SETTINGS_FIELDS:
        yield (f"include/fanorona/search/levels.hpp: LevelSettings has {len(fields)} fields "
               f"(at most {MAX_LEVEL_SETTINGS_FIELDS}): {', '.join(fields)}")


def check_words(root):
    paths = [os.path.join(root, p) for p in ("README.md", "CHANGELOG.md")]
    paths += list(files_under(root, "docs", TEXT_SUFFIXES))
    paths += list(files_under(root, "include", TEXT_SUFFIXES))
    for path in paths:
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                for pattern, what in PROCESS_WORDS:
                    m = pattern.search(line)
                    if m:
                        yield f"{rel(root, path)}:{number}: speaks of the work, not the library ({what}): {m.group(0)!r}"
                for m in HASH.finditer(line):
                    yield f"{rel(root, path)}:{number}: a commit hash ({m.group(0)}); name a file or a tag"


def check(root, clang_tidy, flags):
    problems = []
    for name, found in [
        ("header lengths", check_header_lines(root)),
        ("function lengths", check_function_lines(root, clang_tidy, flags)),
        ("example lengths", check_example_lines(root)),
        ("docs/search.md length", check_search_guide(root)),
        ("LevelSettings fields", check_level_settings(root)),
        ("process words and commit hashes", check_words(root)),
    ]:
        these = list(found)
        print(f"{name}: {'ok' if not these else str(len(these)) + ' problem(s)'}")
        problems += these
    for p in problems:
        print("  " + p)
    return problems


def self_test(clang_tidy):
    """Each rule broken once in a tree of its own: every break must be reported."""
    breaks = {
        "long header": ("include/fanorona/long.hpp", "// a line\n" * (MAX_HEADER_LINES + 1),
                        "long.hpp: 501 lines"),
        "long function": ("include/fanorona/long_function.hpp",
                          "inline int long_function() {\n  int x = 0;\n" + "  x += 1;\n" * MAX_FUNCTION_LINES
                          + "  return x;\n}\n", "function 'long_function' is"),
        "long example": ("examples/long.cpp", "// a line\n" * (MAX_EXAMPLE_LINES + 1), "examples/long.cpp: 251 lines"),
        "long search guide": ("docs/search.md", "a line\n" * (MAX_SEARCH_GUIDE_LINES + 1), "docs/search.md: 351 lines"),
        "many level settings": ("include/fanorona/search/levels.hpp",
                                "struct LevelSettings {\n  /// a field\n" + "".join(
                                    f"  int field_{i} = {i};\n" for i in range(MAX_LEVEL_SETTINGS_FIELDS + 1))
                                + "  int limits{};\n  int f() const { return 0; }\n};\n",
                                "LevelSettings has 12 fields"),
        "process words": ("docs/guide.md", "This meets the bar.\n", '"the bar"'),
        "issue number": ("README.md", "Fixed in issue 34.\n", '"issue" and a number'),
        "commit hash": ("CHANGELOG.md", "Since d4d109c the count is right.\n", "a commit hash (d4d109c)"),
    }
    fine = {  # what must not be reported
        "include/fanorona/fine.hpp": "// 0x9e3779b97f4a7c15 is a number; Issue a warning.\n"
                                     "inline int short_function() { return 1; }\n",
        "docs/fine.md": "Perft 8: 3,011,689,080 turns, 13.4 s; the barrier; color #1f77b4; deadbeef.\n",
        "examples/play.cpp": "// a line\n" * (MAX_EXAMPLE_LINES + 10),
    }
    failures = 0
    for what, (path, text, expected) in breaks.items():
        with tempfile.TemporaryDirectory() as root:
            for p, t in list(fine.items()) + [(path, text)]:
                os.makedirs(os.path.dirname(os.path.join(root, p)) or root, exist_ok=True)
                with open(os.path.join(root, p), "w", encoding="utf-8") as f:
                    f.write(t)
            if what == "long function" and not clang_tidy:
                print(f"self-test: {what}: skipped (no clang-tidy)")
                continue
            problems = check(root, clang_tidy, [])
            caught = any(expected in p for p in problems)
            extra = [p for p in problems if expected not in p]
            print(f"self-test: {what}: {'caught' if caught else 'NOT CAUGHT'}"
                  + (f"; also reported: {extra}" if extra else ""))
            failures += (not caught) + bool(extra)
    print(f"self-test: {len(breaks) - failures} of {len(breaks)} breaks caught alone")
    return failures == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("root", nargs="?")
    parser.add_argument("--clang-tidy", default=None)
    parser.add_argument("--compiler-flag", action="append", default=[])
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    clang_tidy = args.clang_tidy or shutil.which("clang-tidy") or shutil.which("clang-tidy-14")
    if clang_tidy and not shutil.which(clang_tidy) and not os.path.exists(clang_tidy):
        clang_tidy = None
    if args.self_test:
        return 0 if self_test(clang_tidy) else 1
    if not args.root:
        parser.error("SOURCE_DIR is required")
    problems = check(os.path.abspath(args.root), clang_tidy, args.compiler_flag)
    print("FAILED" if problems else "all sizes and words ok")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
