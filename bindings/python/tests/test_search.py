"""The computer opponent from Python: its levels by name, the report of each completed depth
(on_iteration), a stop from another thread or from the report, and a searcher that refuses
to be changed while it searches."""
import threading
import time

import pytest

import fanorona as f


def test_levels_have_the_library_names_weakest_first():
    assert [lv.level for lv in f.levels] == list(range(1, 8))
    assert [lv.name for lv in f.levels] == ["Beginner", "Novice", "Casual", "Club", "Strong", "Expert", "Master"]
    descriptions = [lv.description for lv in f.levels]
    assert all(d.endswith(".") for d in descriptions) and len(set(descriptions)) == 7
    level, name, description = f.levels[0]
    assert (level, name) == (1, "Beginner") and description == f.levels[0].description
    for lv in f.levels:
        assert f.Searcher(level=lv.level).level == lv.level
    assert isinstance(f.levels, tuple) and isinstance(f.levels[3], f.Level)
    from fanorona import _fanorona

    assert _fanorona.level_name(7) == "Master" and _fanorona.level_description(1) == f.levels[0].description
    for bad in (0, 8):
        with pytest.raises(ValueError):
            _fanorona.level_name(bad)
    with pytest.raises(TypeError):
        _fanorona.level_name("1")


def test_on_iteration_reports_each_depth_once_in_order():
    reports = []
    result = f.Searcher().search(f.Position(), depth=4, on_iteration=reports.append)
    assert [r.depth for r in reports] == [1, 2, 3, 4]
    assert all(isinstance(r, f.SearchResult) for r in reports)
    assert all(r.best is not None and r.pv[0] == r.best and f.Position().is_legal(r.best) for r in reports)
    nodes = [r.nodes for r in reports]
    assert nodes == sorted(nodes) and nodes[0] > 0 and result.nodes >= nodes[-1]
    times = [r.milliseconds for r in reports]
    assert times == sorted(times)
    # The last report is the answer: an exact search at a fixed depth is deterministic.
    last = reports[-1]
    assert (last.best, last.score, last.pv) == (result.best, result.score, result.pv)


def test_on_iteration_on_a_game_on_choose_and_on_other_boards():
    game = f.Game()
    game.push("d3-e3A")
    depths = []
    r = f.Searcher().search(game, depth=3, on_iteration=lambda info: depths.append(info.depth))
    assert depths == [1, 2, 3] and r.depth == 3
    depths.clear()
    # Level 4 looks three turns ahead: on the 5x5 board it completes all three.
    r = f.Searcher5x5(level=4, seed=2).choose(f.Game5x5(), on_iteration=lambda info: depths.append(info.depth))
    assert depths == [1, 2, 3] and r.depth == 3
    depths.clear()
    r = f.Searcher3x3().search(f.Position3x3(), depth=2, on_iteration=lambda info: depths.append(info.depth))
    assert depths == [1, 2] and r.depth == 2
    # The callback is for one call only: a later search without it reports nothing.
    s = f.Searcher()
    s.search(f.Position(), depth=2, on_iteration=lambda info: depths.append(info.depth))
    depths.clear()
    s.search(f.Position(), depth=2)
    assert depths == []


def test_on_iteration_is_not_called_without_a_search():
    called = []
    s = f.Searcher()
    forced = s.search(f.Game("9/9/9/9/W1B6 W"), depth=3, on_iteration=called.append)
    assert str(forced.best) == "a1-b1A" and called == []  # a forced turn: no iteration
    over = s.search(f.Game("9/9/9/9/W8 B"), depth=3, on_iteration=called.append)
    assert over.best is None and called == []


def test_an_exception_in_on_iteration_stops_the_search_and_is_raised():
    s = f.Searcher()
    seen = []

    def fail(info):
        seen.append(info.depth)
        raise KeyError("enough")

    started = time.monotonic()
    with pytest.raises(KeyError, match="enough"):
        s.search(f.Position(), milliseconds=60_000, on_iteration=fail)
    assert seen == [1] and time.monotonic() - started < 20
    assert not s.is_searching()
    assert s.search(f.Position(), depth=2).depth == 2  # usable again
    with pytest.raises(TypeError):
        s.search(f.Position(), depth=1, on_iteration=42)


def test_stop_from_on_iteration_keeps_the_last_completed_depth():
    s = f.Searcher()

    def stop_after_two(info):
        if info.depth == 2:
            s.stop()

    r = s.search(f.Position(), depth=20, on_iteration=stop_after_two)
    assert r.depth == 2 and r.best is not None


def test_stop_from_a_thread_ends_a_long_timed_search_early():
    s = f.Searcher()
    first_depth = threading.Event()
    out = {}

    def run():
        out["result"] = s.search(f.Game(), milliseconds=60_000, on_iteration=lambda info: first_depth.set())

    started = time.monotonic()
    worker = threading.Thread(target=run)
    worker.start()
    # The main thread runs while the search does (the GIL is released).
    assert first_depth.wait(30), "no iteration completed"
    assert s.is_searching()
    s.stop()
    worker.join(30)
    elapsed = time.monotonic() - started
    assert not worker.is_alive(), "stop() did not end the search"
    assert elapsed < 30  # far less than the search's 60 s
    r = out["result"]
    assert r.best is not None and r.depth >= 1 and r.milliseconds < 30_000
    assert f.Position().is_legal(r.best)
    assert not s.is_searching()


def test_a_stop_as_the_search_begins_is_not_lost():
    """stop() right after is_searching() turns True, when the library may not yet have begun
    its search (and would forget the stop): the search still ends after its first depth."""
    s = f.Searcher()
    out = {}
    worker = threading.Thread(target=lambda: out.update(result=s.search(f.Position(), milliseconds=60_000)))
    started = time.monotonic()
    worker.start()
    while not s.is_searching() and worker.is_alive():
        pass
    s.stop()
    worker.join(30)
    assert not worker.is_alive() and time.monotonic() - started < 30
    assert out["result"].best is not None


def test_a_stop_before_a_search_does_not_cut_it_short():
    s = f.Searcher()
    s.stop()
    assert s.search(f.Position(), depth=3).depth == 3


def test_a_searching_searcher_refuses_every_call_but_stop():
    s = f.Searcher()
    running = threading.Event()
    release = threading.Event()

    def report(info):
        running.set()
        release.wait(30)  # holds the search (without the GIL it would run on)

    worker = threading.Thread(target=lambda: s.search(f.Position(), milliseconds=60_000, on_iteration=report))
    worker.start()
    try:
        assert running.wait(30)
        assert s.is_searching()
        for call in (lambda: s.search(f.Position(), depth=1), lambda: s.choose(f.Position()),
                     lambda: s.set_level(3), s.clear, lambda: s.evaluate(f.Position())):
            with pytest.raises(RuntimeError, match="searching"):
                call()
        assert s.level == 6 and repr(s) == "Searcher(level=6, seed=0)"
        assert s.__copy__().search(f.Position(), depth=1).depth == 1  # a copy is another searcher
    finally:
        s.stop()
        release.set()
        worker.join(30)
    assert not worker.is_alive() and not s.is_searching()


def test_search_releases_the_gil(keeps_python_running):
    keeps_python_running(lambda: f.Searcher().search(f.Position(), depth=5), pause=0.001)
