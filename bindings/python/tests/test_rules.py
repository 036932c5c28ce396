"""The module's rules bindings: positions, turns, games, builder, notation, perft, records,
symmetries, SVG, search, on all three boards, and every bad-input path."""
import copy
import pickle

import pytest

import fanorona as f

INITIAL = "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW W"


def test_exceptions_are_value_errors():
    for e in (f.FenError, f.NotationError, f.IllegalTurnError, f.GameOverError, f.RecordError, f.IllegalActionError):
        assert issubclass(e, f.FanoronaError)
        assert issubclass(e, ValueError)
    assert issubclass(f.GameOverError, f.IllegalTurnError)


def test_position_fen_round_trip_and_accessors():
    p = f.Position()
    assert p.to_fen() == INITIAL and repr(p) == f"Position('{INITIAL}')"
    assert str(p).splitlines()[4] == "3 B-W-B-W-.-B-W-B-W" and str(p).endswith("White to move")
    assert p == f.Position.initial() == f.Position.from_fen(INITIAL)
    assert p.side_to_move == f.Color.WHITE
    assert p.count(f.Color.WHITE) == 22 and p.count(f.Color.BLACK) == 22
    assert p.at("e3") is None and p.at("a1") == f.Color.WHITE and p.at(44) == f.Color.BLACK
    assert len(p.stones(f.Color.WHITE)) == 22 and p.stones_mask(f.Color.WHITE) & 1
    assert p.board == "9x5" and p.width == 9 and p.height == 5
    assert p.has_capture() and p.count_turns() == 5
    assert hash(p) == hash(f.Position(INITIAL))
    assert pickle.loads(pickle.dumps(p)) == p and copy.deepcopy(p) == p and p.copy() == p
    assert repr(p) == f"Position('{INITIAL}')"
    q = f.Position.from_stones(["e3"], ["a5"], f.Color.BLACK)
    assert q.to_fen() == "B8/9/4W4/9/9 B"


@pytest.mark.parametrize("fen", ["", "xyz W", "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW", "9/9/9/9/9 X",
                                 "BBBBBBBBBB/9/9/9/9 W"])
def test_malformed_fen(fen):
    with pytest.raises(f.FenError) as info:
        f.Position.from_fen(fen)
    assert str(info.value)
    with pytest.raises(ValueError):
        f.Position(fen)
    with pytest.raises(ValueError):
        f.Game(fen)


def test_fen_error_carries_library_message_and_offset():
    with pytest.raises(f.FenError) as info:
        f.Position.from_fen("BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW X")
    assert "X" in str(info.value) or "side" in str(info.value)
    assert isinstance(info.value.offset, int)


def test_from_stones_errors():
    with pytest.raises(ValueError):
        f.Position.from_stones(["e3"], ["e3"])
    with pytest.raises(ValueError):
        f.Position.from_stones(["z9"], [])
    with pytest.raises(ValueError):
        f.Position.from_stones([45], [])
    with pytest.raises(ValueError):
        f.Position.from_stones(1 << 50, 0)
    with pytest.raises(ValueError):
        f.Position.from_stones(list(range(23)), [])


def test_legal_turns_and_turn_accessors():
    p = f.Position()
    turns = p.legal_turns()
    assert [str(t) for t in turns] == ["d3-e3A", "d3-e3W", "e2-e3A", "d2-e3A", "f2-e3A"]
    t = turns[0]
    assert t.from_point == f.parse_point("d3") and t.to_point == f.parse_point("e3")
    assert len(t) == 1 and t.is_capture() and not t.is_paika()
    assert t.captured == [f.parse_point("f3")] and t.captured_mask == 1 << f.parse_point("f3")
    assert t.captured_by_step(0) == [f.parse_point("f3")]
    assert t.origin_hash == p.hash
    assert [str(s) for s in t.steps] == ["d3-e3A"] and t.steps[0].capture == f.Capture.APPROACH
    assert t == p.parse_turn("d3-e3A") and hash(t) == hash(p.parse_turn("d3-e3a"))
    with pytest.raises(ValueError):
        t.captured_by_step(1)
    with pytest.raises(ValueError):
        t.captured_by_step(-1)


def test_parse_turn_errors_are_the_librarys():
    p = f.Position()
    with pytest.raises(f.IllegalTurnError, match="captures nothing by withdrawal: no Black stone stands behind e2"):
        p.parse_turn("e2-e3W")
    with pytest.raises(f.IllegalTurnError, match="write d3-e3A or d3-e3W"):
        p.parse_turn("d3-e3")
    with pytest.raises(f.IllegalTurnError, match="empty turn"):
        p.parse_turn("")
    with pytest.raises(f.IllegalTurnError):
        p.parse_turn("hello")
    with pytest.raises(f.IllegalTurnError, match="expected a point"):
        p.parse_turn("hello")
    with pytest.raises(f.IllegalTurnError, match="there is no stone on e3"):
        p.parse_turn("e3-e2")


def test_after_checks_the_turn():
    p = f.Position()
    q = p.after("d3-e3A")
    assert q.side_to_move == f.Color.BLACK and q.count(f.Color.BLACK) == 21
    assert p.after(p.legal_turns()[0]) == q
    with pytest.raises(f.IllegalTurnError):
        q.after(p.legal_turns()[2])  # a White turn in a position where Black moves


def test_game_push_pop_result_repetition():
    g = f.Game()
    assert len(g) == 0 and not g.is_over() and g.repetitions == 1 and g.outcome() is None
    assert str(g.result()) == "the game goes on" and g.result().outcome == f.Outcome.ONGOING
    played = g.play("d3-e3A")
    assert str(played) == "d3-e3A" and len(g.turns) == 1 and g.position_before(0) == f.Position()
    t = g.legal_turns()[0]
    assert g.play(t) == t
    assert g.peek() == t and g.pop() == t and str(g.pop()) == "d3-e3A"
    with pytest.raises(IndexError):
        g.pop()
    with pytest.raises(IndexError):
        g.peek()
    assert g.position == f.Position() and g.start_position == f.Position()
    with pytest.raises(ValueError):
        g.position_before(5)
    with pytest.raises(f.IllegalTurnError, match="captures nothing"):
        g.play("e2-e3W")
    with pytest.raises(TypeError):
        g.play(42)
    g.play("d3-e3A")
    g.reset()
    assert len(g) == 0
    g.reset(f.Position("9/9/4W4/9/B8 W"))
    assert g.start_position.to_fen() == "9/9/4W4/9/B8 W"


def test_threefold_repetition_and_game_over():
    g = f.Game("W8/9/9/9/8B W")
    moves = ["a5-b5", "i1-h1", "b5-a5", "h1-i1"] * 2
    for m in moves:
        g.play(m)
    assert g.repetitions == 3 and g.is_over() and g.outcome() == g.result()
    r = g.result()
    assert r.outcome == f.Outcome.DRAW and r.reason == f.EndReason.THREEFOLD_REPETITION
    assert g.legal_turns() == []
    with pytest.raises(f.GameOverError, match="the game is over"):
        g.play("a5-b5")
    with pytest.raises(f.GameOverError):
        g.play(f.Game("W8/9/9/9/8B W").legal_turns()[0])


def test_win_by_capture_and_result_of_position():
    g = f.Game("9/9/9/9/WB7 W")
    g.play("a1-b1") if False else None
    p = f.Position("9/9/9/9/W1B6 W")
    g = f.Game(p)
    g.play("a1-b1A")
    assert g.result().outcome == f.Outcome.WHITE_WINS and g.result().reason == f.EndReason.NO_STONES
    assert str(g.result()) == "White wins: Black has no stones left"
    assert g.position.result() == g.result()
    assert f.Position().result().is_over() is False


def test_turn_builder():
    b = f.TurnBuilder(f.Position())
    assert b.stone is None and b.steps == [] and len(b) == 0 and not b.can_stop() and not b.must_stop()
    steps = b.legal_steps()
    assert [str(s) for s in steps][:2]
    first = f.Step("d3", "e3", f.Capture.APPROACH)
    assert first in steps
    assert b.captured_by(first) == [f.parse_point("f3")]
    assert b.captured_by(f.Step("e2", "e3", f.Capture.WITHDRAWAL)) == []
    b.play(first)
    assert b.stone == f.parse_point("e3") and b.can_stop() and str(b.turn) == "d3-e3A" and b.steps == [first]
    assert b.position.side_to_move == f.Color.BLACK and b.start == f.Position()
    assert b.pop() == first
    with pytest.raises(IndexError):
        b.pop()
    b.play("d3-e3A")
    b.reset()
    b.play("d3", "e3") if False else None
    with pytest.raises(f.IllegalTurnError, match="write d3-e3A or d3-e3W"):
        b.play("d3", "e3")
    with pytest.raises(f.IllegalTurnError, match="there is no stone on e3"):
        b.play(f.Step("e3", "d3"))
    with pytest.raises(f.NotationError):
        b.play("d3-")
    with pytest.raises(f.IllegalTurnError, match="is Black's"):
        b.play("d4-e3A")
    with pytest.raises(f.NotationError):
        f.Step("j1", "a1")
    with pytest.raises(ValueError):
        f.Step(-1, 3)
    with pytest.raises(TypeError):
        f.Step(1.5, 3)


def test_chain_through_builder_matches_generator():
    """Depth-first play through the builder reaches exactly the generator's turns."""
    p = f.Position()
    for text in ["d3-e3A", "c4-d3A"]:
        pass
    g = f.Game()
    g.play("d3-e3A")
    p = g.position
    found = set()

    def walk(builder):
        for s in builder.legal_steps():
            builder.play(s)
            found.add(str(builder.turn))
            if not builder.must_stop():
                walk(builder)
            builder.pop()

    walk(f.TurnBuilder(p))
    assert found == {str(t) for t in p.legal_turns()}


def test_notation_helpers():
    assert f.point_name(0) == "a1" and f.point_name(44) == "i5" and f.parse_point("e3") == 22
    assert f.point_name(24, board="5x5") == "e5" and f.parse_point("c2", board="3x3") == 5
    assert f.parse_step("d3-e3A") == (f.parse_point("d3"), f.parse_point("e3"), f.Capture.APPROACH)
    assert f.parse_step("d3-e3") == (21, 22, None)
    assert f.parse_step("f4W", stone=22) == (22, f.parse_point("f4"), f.Capture.WITHDRAWAL)
    for bad in ["", "d3", "d3-", "d3-e3X", "k1-a1"]:
        with pytest.raises(f.NotationError):
            f.parse_step(bad)
    with pytest.raises(f.NotationError):
        f.parse_point("z1")
    with pytest.raises(ValueError):
        f.point_name(45)
    with pytest.raises(f.FanoronaError):
        f.point_name(0, board="7x7")


@pytest.mark.parametrize("board,depth,expected", [("9x5", 4, 18026), ("5x5", 3, None), ("3x3", 3, None)])
def test_perft_and_divide(board, depth, expected):
    P = f.classes(board)["Position"]
    p = P()
    n = f.perft(p, depth)
    if expected is not None:
        assert n == expected
    entries = f.divide(p, depth)
    assert sum(c for _, c in entries) == n
    assert [str(t) for t, _ in entries] == [str(t) for t in p.legal_turns()]
    assert f.perft(p, 0) == 1 and f.perft(p, 1) == p.count_turns()
    with pytest.raises(ValueError):
        f.perft(p, -1)
    with pytest.raises(ValueError):
        f.divide(p, 0)


def test_perft_releases_the_gil(keeps_python_running):
    """While perft runs in a thread, the main thread keeps running Python code."""
    keeps_python_running(lambda: f.perft(f.Position(), 6), pause=0.001)


def test_all_boards():
    for board, fen in [("5x5", "BBBBB/BBBBB/BW1WB/WWWWW/WWWWW W"), ("3x3", "BBB/W1B/WWW W")]:
        p = f.position_from_fen(fen)
        assert p.board == board and p.to_fen() == fen
        assert type(p) is f.classes(board)["Position"]
        g = f.game_from_fen(fen)
        t = g.legal_turns()[0]
        g.play(t)
        assert len(g) == 1 and g.pop() == t
        assert p._repr_svg_().startswith("<svg")
        assert f.board_of_fen(fen) == board
    assert f.board_of_fen(INITIAL) == "9x5"
    with pytest.raises(f.FenError, match="no Fanorona board of 4x3"):
        f.position_from_fen("BBBB/WWWW/4 W")
    with pytest.raises(f.FenError):
        f.position_from_fen("")
    assert f.Position5x5().width == 5 and f.Position3x3().height == 3


def test_symmetries():
    p = f.Position().after("d3-e3A")
    for s in (f.Symmetry.IDENTITY, f.Symmetry.MIRROR_FILES, f.Symmetry.MIRROR_RANKS, f.Symmetry.HALF_TURN):
        image = p.transform(s)
        assert image.transform(s) == p
        assert image.count_turns() == p.count_turns()
        images = {str(f.transform_turn(t, s, image)) for t in p.legal_turns()}
        assert images == {str(t) for t in image.legal_turns()}
    assert f.Position().transform(f.Symmetry.MIRROR_RANKS).side_to_move == f.Color.BLACK
    assert f.transform_point("a1", f.Symmetry.MIRROR_FILES) == f.parse_point("i1")
    assert f.transform_point(0, f.Symmetry.HALF_TURN, board="3x3") == 8
    q = f.Position()
    with pytest.raises(f.IllegalTurnError):
        f.transform_turn(p.legal_turns()[0], f.Symmetry.IDENTITY, q)


def test_svg():
    p = f.Position()
    svg = p.to_svg(highlighted=["e3"], turn=p.parse_turn("d3-e3A"), captured=[23],
                   forbidden_steps=[f.Step("e2", "f3")], coordinates=False, unit=30, title="Start & go")
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>") and "Start &amp; go" in svg
    assert p._repr_svg_() == p.to_svg() == f.to_svg(p)
    g = f.Game()
    g.play("d3-e3A")
    assert g._repr_svg_().startswith("<svg") and g.to_svg(unit=20) != g.to_svg()
    with pytest.raises(ValueError):
        p.to_svg(highlighted=["q9"])


def test_search():
    s = f.Searcher(level=3, seed=7)
    assert s.level == 3
    r = s.choose(f.Game())
    assert r.best in f.Position().legal_turns() and r.depth >= 1 and r.nodes > 0
    r = s.search(f.Position(), depth=2)
    assert r.depth == 2 and str(r.pv[0]) == str(r.best) and r.pv_string().startswith(str(r.best))
    assert isinstance(r.score_string(), str) and r.is_mistake() is False
    assert s.search(f.Position(), nodes=500).nodes >= 1
    s.set_level(1, seed=3)
    assert s.level == 1
    assert isinstance(s.evaluate(f.Position()), int)
    s.clear()
    won = f.Game("9/9/9/9/W1B6 W")
    win = s.search(won, depth=2)
    assert str(win.best) == "a1-b1A"  # the only turn
    assert win.depth == 0  # a forced turn is played without searching
    deep = f.Searcher(level=6).search(f.Position(), depth=3)
    assert deep.depth == 3 and deep.is_decisive() == (deep.plies_to_end > 0) and deep.seldepth >= 3 and deep.milliseconds >= 0
    over = f.Game("9/9/9/9/W8 B")
    assert over.is_over() and s.search(over, depth=2).best is None
    for bad in (0, 8):
        with pytest.raises(ValueError):
            f.Searcher(level=bad)
        with pytest.raises(ValueError):
            s.set_level(bad)
    with pytest.raises(ValueError):
        s.search(f.Position(), depth=-1)
    with pytest.raises(ValueError):
        s.search(f.Position(), milliseconds=-5)
    with pytest.raises(TypeError):
        s.search("not a position")
    assert f.Searcher3x3(level=2).choose(f.Position3x3()).best is not None


def test_records_round_trip():
    g = f.Game()
    g.play("d3-e3A")
    g.play(g.legal_turns()[0])
    rec = f.GameRecord(g)
    rec.set_tag("Event", "Club championship")
    rec.add_comment(1, "a sharp reply")
    text = f.write_record(rec)
    assert '[Event "Club championship"]' in text and "{a sharp reply}" in text
    back = f.read_record(text)
    assert back == rec and back.tag("Event") == "Club championship" and back.tag("Nope") is None
    assert [str(t) for t in back.turns] == [str(t) for t in g.turns]
    assert back.game.position == g.position and back.comments == [(1, "a sharp reply")]
    assert dict(back.tags)["Board"] == "9x5"
    assert f.GameRecord.parse(text) == rec
    assert back.result == f.Outcome.ONGOING and back.termination == f.Termination.UNFINISHED
    rec.set_result(f.Outcome.WHITE_WINS, f.Termination.RESIGNATION)
    assert "1-0" in str(rec)
    both = f.read_records(text + "\n" + str(f.GameRecord5x5(f.Game5x5())))
    assert len(both) == 2 and type(both[1]).__name__ == "GameRecord_5x5"
    assert f.GameRecord().turns == []


def test_record_errors():
    rec = f.GameRecord()
    with pytest.raises(f.RecordError):
        rec.set_tag("Board", "5x5")
    with pytest.raises(f.RecordError):
        rec.set_tag("1bad", "x")
    with pytest.raises(f.RecordError):
        rec.set_tag("Date", "yesterday")
    with pytest.raises(f.RecordError):
        rec.add_comment(3, "too far")
    with pytest.raises(f.RecordError):
        rec.set_result(f.Outcome.DRAW, f.Termination.NO_STONES)
    with pytest.raises(f.RecordError, match="captures nothing by withdrawal"):
        f.read_record("1. e2-e3W *\n")
    with pytest.raises(f.RecordError):
        f.read_record("")
    with pytest.raises(f.RecordError):
        f.read_record("1. d3-e3A *\n\n1. d3-e3A *\n")
    with pytest.raises(f.RecordError):
        f.GameRecord.parse('[Board "5x5"]\n\n*\n')
    with pytest.raises(f.RecordError) as info:
        f.read_records("1. d3-e3A *\n\n1. zz *\n")
    assert "line" in str(info.value)


def test_version():
    assert f.__version__.count(".") == 2


def test_unpickling_a_bad_state_raises():
    blank = f.Position.__new__(f.Position)  # what pickle does before __setstate__
    with pytest.raises(f.FenError):
        blank.__setstate__("not a fen")
