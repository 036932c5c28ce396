#!/usr/bin/env python3
"""Mutation check: does the test suite notice when a rule of the game is broken?

Each mutant changes one rule in a scratch copy of include/ (a chain allowed to repeat its
direction, withdrawal ignored, ...), the rules tests are compiled against that copy, and the
tests must fail within the time limit (a minute by default). The unchanged headers are built and
run first: they must pass, or a "caught" mutant would mean nothing.

The tests compiled are the rules tests of the default suite (TEST_SOURCES below, from
tests/), run with Catch2's default set (everything but [slow]) and stopped at the first failure,
so "caught after N s" is the time from the start of the run to the first failed check.

    tests/mutation/run.py                 every mutant
    tests/mutation/run.py --list          the mutants' names and what each breaks
    tests/mutation/run.py NAME...         only these
    tests/mutation/run.py --which         also list every test case that fails on each mutant
    options: --limit SECONDS (60), --build DIR (build/mutation), --cxx COMPILER (c++ or $CXX),
             --jobs N (2, or $FANORONA_JOBS)

Prints one line per mutant and a summary; exits 1 if a mutant survives (or a mutation no longer
applies: each must match its header exactly once, so that a change to the code cannot quietly
turn a mutant into the original), 2 on a usage or build error of the unchanged code.
Standard library only; needs a C++17 compiler and Catch2 2.x's single header
(/usr/include/catch2/catch.hpp, Debian's catch2).
"""

import argparse
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The rules tests of the default suite, compiled in two translation units (two cores).
TEST_SOURCES = [
    ["perft_test.cpp", "board_test.cpp", "differential_test.cpp", "capture_test.cpp"],
    ["game_test.cpp", "invariants_test.cpp", "limits_test.cpp"],
]

# name, what it breaks, header under include/fanorona/, text, replacement.
MUTANTS = [
    ("chain-repeats-direction",
     "a capture chain may go on in the direction of its last step",
     "detail/capture.hpp",
     "B::adjacent[at] & ~(blocked | enemy | B::straight_on[at][last]);",
     "B::adjacent[at] & ~(blocked | enemy);"),
    ("chain-revisits-point",
     "a capture chain may come back to a point the stone stood on this turn",
     "detail/chain_walker.hpp",
     "    const Steps next(to, d, enemy, blocked | bit(to));\n    const Bitboard run",
     "    const Steps next(to, d, enemy, rest_ | bit(to));\n    const Bitboard run"),
    ("chain-never-continues",
     "a capture chain stops after its first capture",
     "detail/chain_walker.hpp",
     "    const Steps next(to, d, enemy, blocked | bit(to));\n    const Bitboard run",
     "    const Steps next(to, d, enemy, B::all);\n    const Bitboard run"),
    ("no-withdrawal",
     "a first step never captures by withdrawal",
     "detail/capture.hpp",
     "return B::template back<D>(empty) & B::template back<D ^ 1>(enemy);",
     "return B::template back<D>(empty) & B::template back<D ^ 1>(enemy) & 0;"),
    ("no-approach",
     "a first step never captures by approach",
     "detail/capture.hpp",
     "return B::template back<D>(empty & B::template back<D>(enemy));",
     "return B::template back<D>(empty & B::template back<D>(enemy)) & 0;"),
    ("paika-beside-capture",
     "capture is not compulsory: paika moves are listed even when a capture exists",
     "detail/chain_walker.hpp",
     "        if (stopped()) break;\n      }\n    }\n    return n;",
     "        if (stopped()) break;\n      }\n    }\n    if constexpr (Mode != WalkMode::count) walk_paika();\n    return n;"),
    ("line-crosses-gap",
     "a captured line does not stop at an empty point or an own stone",
     "detail/capture.hpp",
     "  return (d & 1) ? downward : upward;",
     "  return ((d & 1) ? downward : upward) | (line & enemy);"),
    ("line-one-stone",
     "a capture takes only the first stone of the line",
     "detail/capture.hpp",
     "  return (d & 1) ? downward : upward;",
     "  return ((d & 1) ? downward : upward) & bit(first);"),
    ("weak-diagonals",
     "weak points are joined diagonally too",
     "board.hpp",
     "if (d >= 4 && !is_strong(p)) return no_point;",
     "if (d >= 4 && !is_strong(p) && false) return no_point;"),
    ("turn-does-not-pass",
     "after a turn the same side moves again",
     "position.hpp",
     "             detail::ZobristKeys<B>::black_to_move;\n    side_ = opponent(side_);",
     "             detail::ZobristKeys<B>::black_to_move;\n    side_ = side_;"),
    ("fourfold-repetition",
     "a game is drawn at the fourth occurrence of a position, not the third",
     "game.hpp",
     "occurrences >= 3)",
     "occurrences >= 4)"),
]


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="mutants to run (default: all)")
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds a mutant has to be caught")
    parser.add_argument("--build", type=Path, default=ROOT / "build" / "mutation", help="scratch folder")
    parser.add_argument("--cxx", default=os.environ.get("CXX", "c++"), help="C++ compiler")
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("FANORONA_JOBS", "2")))
    parser.add_argument("--which", action="store_true",
                        help="also run every test on each mutant and list the test cases that fail")
    args = parser.parse_args()
    known = {m[0] for m in MUTANTS}
    unknown = [n for n in args.names if n not in known]
    if unknown:
        parser.error("unknown mutant(s): " + ", ".join(unknown) + " (see --list)")
    return args


def find_catch_header():
    for candidate in (Path("/usr/include/catch2/catch.hpp"), Path("/usr/local/include/catch2/catch.hpp")):
        if candidate.is_file():
            return candidate
    return None


class Builder:
    """Compiles the rules tests against build/include, in parallel translation units."""

    def __init__(self, args):
        self.args = args
        self.build = args.build.resolve()
        self.include = self.build / "include"
        self.obj = self.build / "obj"
        self.obj.mkdir(parents=True, exist_ok=True)
        catch_header = find_catch_header()
        if catch_header is None:
            sys.exit("mutation: needs Catch2 2.x's single header, catch2/catch.hpp (Debian: apt-get install catch2)")
        # Only Catch2's header, through a folder of its own (as .ci/cross does).
        (self.build / "catch" / "catch2").mkdir(parents=True, exist_ok=True)
        shutil.copyfile(catch_header, self.build / "catch" / "catch2" / "catch.hpp")
        self.flags = [
            # -O0: quicker to compile than the dev preset's -Og, and slower tests, so a mutant
            # caught here within the limit is caught at least as fast by the dev build.
            "-std=c++17", "-O0", "-w", "-I", str(self.include), "-I", str(ROOT / "tests"),
            "-isystem", str(self.build / "catch"),
            '-DFANORONA_TEST_DATA_DIR="%s"' % (ROOT / "tests" / "data"),
        ]
        self.units = []
        for i, group in enumerate(TEST_SOURCES):
            unit = self.build / ("unit%d.cpp" % i)
            unit.write_text("".join('#include "%s"\n' % (ROOT / "tests" / s) for s in group))
            self.units.append(unit)
        main = self.build / "catch_main.cpp"
        main.write_text("#define CATCH_CONFIG_MAIN\n#include <catch2/catch.hpp>\n")
        self.main_obj = self.obj / "catch_main.o"
        if not self.main_obj.exists():
            self.compile(main, self.main_obj)

    def compile(self, source, output):
        result = subprocess.run([self.args.cxx, *self.flags, "-c", str(source), "-o", str(output)],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        return result.returncode, result.stdout

    def reset_headers(self):
        if self.include.exists():
            shutil.rmtree(self.include)
        shutil.copytree(ROOT / "include", self.include)

    def build_tests(self, name):
        """Builds build/<name>; returns (ok, compiler output)."""
        objects = [self.obj / ("%s.%d.o" % (name, i)) for i in range(len(self.units))]
        with ThreadPoolExecutor(max_workers=max(1, self.args.jobs)) as pool:
            results = list(pool.map(lambda pair: self.compile(*pair), zip(self.units, objects)))
        for code, output in results:
            if code != 0:
                return False, output
        program = self.build / name
        result = subprocess.run([self.args.cxx, *[str(o) for o in objects], str(self.main_obj), "-o", str(program)],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for o in objects:
            o.unlink()
        return result.returncode == 0, result.stdout


def run_tests(program, limit):
    """Runs the default set, stopping at the first failure. Returns (status, seconds, first failed test)."""
    start = time.monotonic()
    try:
        result = subprocess.run([str(program), "~[slow]", "--abort"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True, errors="replace", timeout=limit)
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - start, ""
    elapsed = time.monotonic() - start
    if result.returncode == 0:
        return "passed", elapsed, ""
    # Catch2 prints the failing test case's name after a line of dashes.
    lines = result.stdout.splitlines()
    failed = ""
    for i, line in enumerate(lines):
        if line.startswith("-----") and i + 1 < len(lines) and lines[i + 1].strip():
            failed = lines[i + 1].strip()
            break
    if result.returncode < 0:
        failed = (failed + " " if failed else "") + "(killed by signal %d)" % -result.returncode
    return "failed", elapsed, failed


def failing_test_cases(program, limit):
    """Runs the whole default set without stopping; returns the names of the failed test cases."""
    try:
        result = subprocess.run([str(program), "~[slow]", "-r", "xml"], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True, errors="replace", timeout=limit)
    except subprocess.TimeoutExpired:
        return ["(the whole set did not finish within the limit)"]
    import xml.etree.ElementTree as ElementTree
    try:
        report = ElementTree.fromstring(result.stdout)
    except ElementTree.ParseError:
        return ["(crashed: no complete report)"]
    failed = []
    for case in report.iter("TestCase"):
        overall = case.find("OverallResult")
        if overall is not None and overall.get("success") == "false":
            failed.append(case.get("name"))
    return failed


def apply(header, text, replacement):
    path = header
    source = path.read_text()
    count = source.count(text)
    if count != 1:
        return "the text to change occurs %d times in %s (expected once)" % (count, path.name)
    path.write_text(source.replace(text, replacement))
    return ""


def main():
    args = parse_args()
    if args.list:
        for name, what, header, _, _ in MUTANTS:
            print("%-26s %s (%s)" % (name, what, header))
        return 0
    chosen = [m for m in MUTANTS if not args.names or m[0] in args.names]
    builder = Builder(args)

    print("== the unchanged headers", flush=True)
    builder.reset_headers()
    build_start = time.monotonic()
    ok, output = builder.build_tests("original")
    if not ok:
        print(output)
        print("mutation: the rules tests do not build against the unchanged headers")
        return 2
    status, seconds, failed = run_tests(builder.build / "original", 10 * args.limit)
    print("unchanged: built in %.0f s, tests %s in %.1f s %s" % (time.monotonic() - build_start, status, seconds, failed),
          flush=True)
    if status != "passed":
        print("mutation: the rules tests must pass on the unchanged headers")
        return 2

    survivors = []
    rows = []
    for name, what, header, text, replacement in chosen:
        builder.reset_headers()
        problem = apply(builder.include / "fanorona" / header, text, replacement)
        if problem:
            print("%-26s NOT APPLIED: %s" % (name, problem), flush=True)
            survivors.append(name)
            rows.append((name, "not applied", None, problem))
            continue
        build_start = time.monotonic()
        ok, output = builder.build_tests(name)
        build_seconds = time.monotonic() - build_start
        if not ok:
            # A mutant that does not compile is caught by the compiler, which says nothing of the tests.
            print(output[-2000:])
            print("%-26s NOT BUILT: fix the mutation so that it compiles" % name, flush=True)
            survivors.append(name)
            rows.append((name, "not built", None, ""))
            continue
        status, seconds, failed = run_tests(builder.build / name, args.limit)
        if args.which:
            # A mutant may make some tests very slow (more chains to walk): the same limit.
            cases = failing_test_cases(builder.build / name, args.limit)
            print("%-26s fails %d test cases: %s" % (name, len(cases), "; ".join(cases)), flush=True)
        (builder.build / name).unlink()
        if status == "failed":
            print("%-26s caught after %5.1f s by \"%s\" (built in %.0f s)" % (name, seconds, failed, build_seconds),
                  flush=True)
            rows.append((name, "caught", seconds, failed))
        else:
            print("%-26s SURVIVED: the tests %s after %.1f s (%s)" % (name, status, seconds, what), flush=True)
            survivors.append(name)
            rows.append((name, status, seconds, ""))

    caught = sum(1 for r in rows if r[1] == "caught")
    print("%d of %d mutants caught within %.0f s each%s" %
          (caught, len(rows), args.limit, "" if not survivors else "; not caught: " + ", ".join(survivors)))
    # The closing line in ctest's words, which .ci/run adds to its totals (a caught mutant passes).
    print("%d%% tests passed, %d tests failed out of %d" % (100 * caught // max(1, len(rows)), len(rows) - caught, len(rows)))
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
