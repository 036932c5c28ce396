"""The rules of Fanorona from an exact C++ engine.

The plain names (Position, Game, ...) are the 9x5 board; the same classes exist for the
5x5 and 3x3 boards with the board in their name (Position5x5, Game3x3, ...), and
`position_from_fen` / `game_from_fen` choose the board from a FEN.

One rule says what is a property and what is a method: a property names something the
object has (a noun: ``game.position``, ``game.turns``, ``position.side_to_move``); a method
does something or asks a question (a verb, or ``is_``/``can_``/``must_``/``has_``:
``game.play(...)``, ``game.legal_turns()``, ``game.is_over()``, ``game.result()``).
Every object returned owns its data: a position or turn taken from a game stays as it was
when the game plays on, undoes or is deleted.
"""
import os as _os
from typing import NamedTuple as _NamedTuple

from . import _fanorona as _core
from ._fanorona import (  # noqa: F401
    Capture, Color, Direction, EndReason, GameResult, Outcome, Symmetry, Termination,
    FanoronaError, FenError, NotationError, IllegalTurnError, GameOverError, RecordError,
    IllegalActionError, board_of_fen, version,
)

__version__ = version
BOARDS = ("9x5", "5x5", "3x3")


class Level(_NamedTuple):
    """A level of the computer opponent: its number (``Searcher(level=...)``), its name and
    a line on how it plays."""

    level: int
    name: str
    description: str


levels = tuple(Level(n, _core.level_name(n), _core.level_description(n))
               for n in range(_core.min_level, _core.max_level + 1))
"""The levels of the computer opponent, weakest first: ``levels[0]`` is level 1."""

_KINDS = ("Step", "Turn", "Position", "TurnBuilder", "Game", "Searcher", "SearchResult", "GameRecord",
          "StepEnv", "BatchEnv")
_FUNCS = ("perft", "divide", "transform_turn", "transform_point", "point_name", "parse_point", "parse_step")


def _suffix(board):
    if board not in BOARDS:
        raise _error(FanoronaError, "unknown_board", text=board)
    return "_" + board


def classes(board="9x5"):
    """The classes and functions of one board, as a dict of name to object."""
    s = _suffix(board)
    out = {k: getattr(_core, k + s) for k in _KINDS}
    out.update({k: getattr(_core, k + s) for k in _FUNCS})
    return out


for _b, _tail in (("9x5", ""), ("5x5", "5x5"), ("3x3", "3x3")):
    for _k in _KINDS:
        globals()[_k + _tail] = getattr(_core, f"{_k}_{_b}")

Step, Turn, Position, TurnBuilder, Game = Step, Turn, Position, TurnBuilder, Game  # noqa: F821 (the 9x5 board)


def _board_of(obj):
    name = type(obj).__name__
    return name.rsplit("_", 1)[1] if "_" in name else "9x5"


def position_from_fen(fen):
    """A position of whichever board the FEN is written for."""
    return getattr(_core, "Position" + _suffix(board_of_fen(fen))).from_fen(fen)


def game_from_fen(fen):
    """A game of whichever board the FEN is written for."""
    return getattr(_core, "Game" + _suffix(board_of_fen(fen)))(fen)


def perft(position, depth):
    """The number of turn sequences of `depth` turns from `position` (releases the GIL)."""
    return getattr(_core, "perft_" + _board_of(position))(position, depth)


def divide(position, depth):
    """perft split by the first turn: a list of (turn, count) (releases the GIL)."""
    return getattr(_core, "divide_" + _board_of(position))(position, depth)


def transform_turn(turn, symmetry, image_position):
    """The image of a turn under a symmetry, for the image position."""
    return getattr(_core, "transform_turn_" + _board_of(image_position))(turn, symmetry, image_position)


def transform_point(point, symmetry, board="9x5"):
    """The image of a point under a symmetry."""
    return getattr(_core, "transform_point" + _suffix(board))(point, symmetry)


def point_name(point, board="9x5"):
    """The name of a point, e.g. 'e3'."""
    return getattr(_core, "point_name" + _suffix(board))(point)


def parse_point(name, board="9x5"):
    """The index of a point from its name; raises NotationError."""
    return getattr(_core, "parse_point" + _suffix(board))(name)


def parse_step(text, stone=None, board="9x5"):
    """Reads a step: (from, to, capture or None when unmarked); raises NotationError."""
    return getattr(_core, "parse_step" + _suffix(board))(text, stone)


def to_svg(obj, **options):
    """A Position or Game drawn as SVG (see Position.to_svg for the options)."""
    return obj.to_svg(**options)


def _record_text(source):
    """The text of a record source: a str is the text itself; a path (os.PathLike) or an
    open file (anything with .read()) is read."""
    if isinstance(source, str):
        return source
    if isinstance(source, bytes):
        return source.decode("utf-8")
    if isinstance(source, _os.PathLike):
        with open(source, encoding="utf-8") as fh:
            return fh.read()
    if hasattr(source, "read"):
        text = source.read()
        return text.decode("utf-8") if isinstance(text, bytes) else text
    raise TypeError(f"a record source is its text (str), a path or an open file, not {type(source).__name__}")


def read_records(source):
    """Every game of a record source (its text, a path or an open file), of any board;
    raises RecordError at the first refused game."""
    return _core.read_records_text(_record_text(source))


def read_record(source):
    """The one game of a record source (its text, a path or an open file), of any board;
    raises RecordError."""
    games = read_records(source)
    if len(games) != 1:
        raise _error(RecordError, "record_several_games" if games else "record_no_game")
    return games[0]


def write_record(record, file=None):
    """The record's text, in the canonical form; written to ``file`` (a path or an open
    file) when given."""
    text = str(record)
    if file is None:
        return text
    if isinstance(file, (str, _os.PathLike)):
        with open(file, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        file.write(text)
    return text


from .env import _error  # noqa: E402
from .env import (  # noqa: E402,F401
    FanoronaEnv, FanoronaBatchEnv, action_space_size, transform_action, transform_action_mask, transform_observation,
)
from . import spaces  # noqa: E402,F401
