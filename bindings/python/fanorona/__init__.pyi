from typing import Any, Dict, List, NamedTuple, Optional, Tuple, Union

from ._fanorona import (
    Capture as Capture, Color as Color, Direction as Direction, EndReason as EndReason, GameResult as GameResult,
    Outcome as Outcome, Symmetry as Symmetry, Termination as Termination, FanoronaError as FanoronaError,
    FenError as FenError, NotationError as NotationError, IllegalTurnError as IllegalTurnError,
    GameOverError as GameOverError, RecordError as RecordError, IllegalActionError as IllegalActionError,
    board_of_fen as board_of_fen, version as version, PointLike,
    Step_9x5, Turn_9x5, Position_9x5, TurnBuilder_9x5, Game_9x5, Searcher_9x5, SearchResult_9x5, GameRecord_9x5,
    StepEnv_9x5, BatchEnv_9x5,
)
from .env import (
    FanoronaEnv as FanoronaEnv, FanoronaBatchEnv as FanoronaBatchEnv, action_space_size as action_space_size,
    transform_action as transform_action, transform_action_mask as transform_action_mask,
    transform_observation as transform_observation,
)
from . import spaces as spaces
import os as _os

__version__: str
BOARDS: Tuple[str, str, str]

class Level(NamedTuple):
    level: int
    name: str
    description: str

levels: Tuple[Level, ...]

Step = Step_9x5
Turn = Turn_9x5
Position = Position_9x5
TurnBuilder = TurnBuilder_9x5
Game = Game_9x5
Searcher = Searcher_9x5
SearchResult = SearchResult_9x5
GameRecord = GameRecord_9x5
StepEnv = StepEnv_9x5
BatchEnv = BatchEnv_9x5
Step5x5 = Step_9x5
Turn5x5 = Turn_9x5
Position5x5 = Position_9x5
TurnBuilder5x5 = TurnBuilder_9x5
Game5x5 = Game_9x5
Searcher5x5 = Searcher_9x5
SearchResult5x5 = SearchResult_9x5
GameRecord5x5 = GameRecord_9x5
StepEnv5x5 = StepEnv_9x5
BatchEnv5x5 = BatchEnv_9x5
Step3x3 = Step_9x5
Turn3x3 = Turn_9x5
Position3x3 = Position_9x5
TurnBuilder3x3 = TurnBuilder_9x5
Game3x3 = Game_9x5
Searcher3x3 = Searcher_9x5
SearchResult3x3 = SearchResult_9x5
GameRecord3x3 = GameRecord_9x5
StepEnv3x3 = StepEnv_9x5
BatchEnv3x3 = BatchEnv_9x5

def classes(board: str = "9x5") -> Dict[str, Any]: ...
def position_from_fen(fen: str) -> Position_9x5: ...
def game_from_fen(fen: str) -> Game_9x5: ...
def perft(position: Position_9x5, depth: int) -> int: ...
def divide(position: Position_9x5, depth: int) -> List[Tuple[Turn_9x5, int]]: ...
def transform_turn(turn: Turn_9x5, symmetry: Symmetry, image_position: Position_9x5) -> Turn_9x5: ...
def transform_point(point: PointLike, symmetry: Symmetry, board: str = "9x5") -> int: ...
def point_name(point: PointLike, board: str = "9x5") -> str: ...
def parse_point(name: PointLike, board: str = "9x5") -> int: ...
def parse_step(text: str, stone: Optional[PointLike] = None, board: str = "9x5") -> Tuple[int, int, Optional[Capture]]: ...
def to_svg(obj: Union[Position_9x5, Game_9x5], **options: Any) -> str: ...
RecordSource = Union[str, bytes, _os.PathLike[str], Any]
def read_records(source: RecordSource) -> List[GameRecord_9x5]: ...
def read_record(source: RecordSource) -> GameRecord_9x5: ...
def write_record(record: GameRecord_9x5, file: Union[None, str, _os.PathLike[str], Any] = None) -> str: ...
