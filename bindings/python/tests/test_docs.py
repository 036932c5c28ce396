"""The Python sessions of docs/python.md run as written (doctest)."""
import doctest
import os
import re

DOC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "docs", "python.md")


def test_docs_sessions(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with open(DOC) as fh:
        blocks = re.findall(r"```python\n(.*?)```", fh.read(), re.S)
    assert len(blocks) >= 2
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    globs = {}
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, globs, f"python.md block {i}", DOC, 0)
        runner.run(test, clear_globs=False)
        globs = test.globs  # the next block goes on in the same session
    result = runner.summarize(verbose=False)
    assert result.attempted > 10 and result.failed == 0
    assert (tmp_path / "position.svg").read_text().startswith("<svg")
