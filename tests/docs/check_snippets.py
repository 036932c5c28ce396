#!/usr/bin/env python3
"""Compiles every C++ example of the documentation, so that none can drift from the API.

Examples are the ```cpp blocks of README.md and docs/*.md, and the @code blocks of the public
headers. A block with `int main` is compiled as a program of its own; any other block is a
fragment, compiled as the body of a function after the library's headers. A Markdown block
right after a line `<!-- snippet: not compiled (why) -->` is skipped, with its reason shown.

usage: check_snippets.py SOURCE_DIR COMPILER [FLAGS...]
"""
import os
import re
import subprocess
import sys
import tempfile

PRELUDE = """#include <fanorona/fanorona.hpp>
#include <fanorona/parallel_perft.hpp>
#include <fanorona/search.hpp>
#include <fanorona/symmetry.hpp>
{extra_includes}
#include <cassert>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>
"""

OPTIONAL_HEADERS = ["svg.hpp", "record.hpp", "record_reader.hpp", "env.hpp", "batch_env.hpp"]


def markdown_blocks(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    skip_reason = None
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r"\s*<!-- snippet: not compiled \((.*)\) -->", line)
        if m:
            skip_reason = m.group(1)
        elif re.match(r"\s*```(cpp|c\+\+)\s*$", line):
            start = i + 1
            j = start
            while j < len(lines) and not re.match(r"\s*```\s*$", lines[j]):
                j += 1
            yield start, "\n".join(lines[start:j]), skip_reason
            skip_reason = None
            i = j
        elif line.strip():
            skip_reason = skip_reason if line.lstrip().startswith("<!--") else None
        i += 1


def header_blocks(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        if re.match(r"\s*///\s*@code", lines[i]):
            start = i + 1
            j = start
            body = []
            while j < len(lines) and not re.match(r"\s*///\s*@endcode", lines[j]):
                body.append(re.sub(r"^\s*/// ?", "", lines[j]))
                j += 1
            yield start, "\n".join(body), None
            i = j
        i += 1


def main():
    source, compiler, flags = sys.argv[1], sys.argv[2], sys.argv[3:]
    include = os.path.join(source, "include")
    extra = "\n".join(
        f"#include <fanorona/{h}>" for h in OPTIONAL_HEADERS if os.path.exists(os.path.join(include, "fanorona", h)))
    prelude = PRELUDE.format(extra_includes=extra)
    files = [os.path.join(source, "README.md")]
    docs = os.path.join(source, "docs")
    files += sorted(os.path.join(docs, f) for f in os.listdir(docs) if f.endswith(".md"))
    headers = []
    for root, _, names in os.walk(os.path.join(include, "fanorona")):
        if os.sep + "detail" in root:
            continue
        headers += sorted(os.path.join(root, n) for n in names if n.endswith(".hpp"))
    passed = failed = skipped = 0
    # Blocks with their own main() compile one by one. The others, each the body of a function
    # of its own, compile together in one translation unit, which parses the library once; only
    # when that fails is each compiled alone, to name the blocks at fault.
    programs, fragments = [], []
    for path in files + headers:
        blocks = header_blocks(path) if path.endswith(".hpp") else markdown_blocks(path)
        for line, code, skip in blocks:
            where = f"{os.path.relpath(path, source)}:{line}"
            if skip is not None:
                print(f"skipped  {where}: {skip}")
                skipped += 1
                continue
            # Messages point into the documentation: #line names the block's first line.
            if re.search(r"\bint\s+main\s*\(", code):
                programs.append((where, f'#line {line + 1} "{path}"\n' + code + "\n"))
            else:
                fragments.append((where, f"[[maybe_unused]] static void snippet_{len(fragments)}() {{\n" +
                                  f'#line {line + 1} "{path}"\n' + code + "\n}\n"))

    with tempfile.TemporaryDirectory() as tmp:
        def compiles(text):
            src = os.path.join(tmp, "snippet.cpp")
            with open(src, "w", encoding="utf-8") as f:
                f.write(text)
            cmd = [compiler, "-std=c++17", "-fsyntax-only", "-I", include] + flags + [src]
            return subprocess.run(cmd, capture_output=True, text=True)

        checks = list(programs)
        if fragments and compiles(prelude + "".join(text for _, text in fragments)).returncode == 0:
            passed += len(fragments)
        else:
            checks += [(where, prelude + text) for where, text in fragments]
        for where, text in checks:
            result = compiles(text)
            if result.returncode == 0:
                passed += 1
            else:
                failed += 1
                print(f"FAILED   {where}")
                print(result.stderr[-3000:])
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
