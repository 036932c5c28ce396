"""The rules of Fanorona from an exact C++ engine.

The plain names (Position, Game, ...) are the 9x5 board; the same classes exist for the
5x5 and 3x3 boards with the board in their name (Position5x5, Game3x3, ...), and
`position_from_fen` / `game_from_fen` choose the board from a FEN.
"""
from . import _fanorona as _core
from ._fanorona import (  # noqa: F401
    Capture, Color, Direction, EndReason, GameResult, Outcome, Symmetry, Termination,
    FanoronaError, FenError, NotationError, IllegalTurnError, GameOverError, RecordError,
    IllegalActionError, board_of_fen, read_records, version,
)

__version__ = version
BOARDS = ("9x5", "5x5", "3x3")

_KINDS = ("Step", "Turn", "Position", "TurnBuilder", "Game", "Searcher", "SearchResult", "GameRecord",
          "StepEnv", "BatchEnv")
_FUNCS = ("perft", "divide", "transform_turn", "transform_point", "point_name", "parse_point", "parse_step")


def _suffix(board):
    if board not in BOARDS:
        raise FanoronaError(f"unknown board '{board}': the boards are 9x5, 5x5 and 3x3")
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


def read_record(text):
    """The one game of a record text, of any board; raises RecordError."""
    games = read_records(text)
    if len(games) != 1:
        raise RecordError("no game: the text holds only blanks and comments" if not games
                          else "the text holds more than one game")
    return games[0]


def write_record(record):
    """The record's text, in the canonical form."""
    return str(record)


from .env import FanoronaEnv, FanoronaBatchEnv, action_space_size  # noqa: E402,F401
