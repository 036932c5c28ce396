"""The worked example runs: MCTS, random and the computer opponent through the environment."""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def test_random_vs_mcts_example_runs():
    script = os.path.join(HERE, "..", "examples", "random_vs_mcts.py")
    out = subprocess.run([sys.executable, script, "--games", "2", "--board", "3x3", "--playouts", "20"],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    lines = out.strip().splitlines()
    assert len(lines) == 4 and lines[0].startswith("mcts ") and "random" in lines[0]
    assert lines[3].startswith("mcts: ") and lines[3].endswith(" nodes/s")
    for line in lines[:3]:
        left, right = line.split("(")[0].split(" - ")
        assert float(left.split()[-1]) + float(right.split()[0]) == 2
