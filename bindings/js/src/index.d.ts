// Type declarations of the fanorona package (docs/javascript.md).

/** A board: "9x5" (Fanoron-Tsivy, the default), "5x5" (Fanoron-Dimy) or "3x3" (Fanoron-Telo). */
export type BoardSize = '9x5' | '5x5' | '3x3';
/** A point by name, file letter then rank digit: "a1" .. "i5" on 9x5. */
export type PointName = string;
/** A point as input: its name ("e3", either case) or its index (a1 = 0, b1 = 1, ...). */
export type PointInput = PointName | number;
export type Color = 'white' | 'black';
/** How a step captures: by approach, by withdrawal, or not at all (a paika move). */
export type Capture = 'approach' | 'withdrawal' | 'none';
export type Symmetry = 'identity' | 'mirrorFiles' | 'mirrorRanks' | 'halfTurn';
export type Outcome = 'ongoing' | 'whiteWins' | 'blackWins' | 'draw';
export type EndReason = 'noStones' | 'noLegalTurn' | 'threefoldRepetition';
export type ResultToken = '1-0' | '0-1' | '1/2-1/2' | '*';
export type Termination =
  | 'no stones' | 'no legal turn' | 'threefold repetition' | 'agreement' | 'resignation'
  | 'time forfeit' | 'adjudication' | 'abandoned' | 'unfinished';

/** One step of one stone, with the enemy stones it captures (or would capture, in a preview). */
export interface Step {
  from: PointName;
  to: PointName;
  capture: Capture;
  /** Notation: "d3-e3A", "d3-e3W", "e2-e3". */
  text: string;
  captured: PointName[];
}

/** A complete legal turn. */
export interface Turn {
  /** Notation: "d2-e3A-d4W", paika "e2-e3". */
  text: string;
  from: PointName;
  to: PointName;
  /** Every point the stone stands on, from `from` to `to`. */
  path: PointName[];
  steps: Step[];
  /** Every stone the turn captures. */
  captured: PointName[];
  isCapture: boolean;
}

/** A turn of a game's history with the positions around it (`history({ verbose: true })`). */
export interface HistoryTurn extends Turn {
  before: string;
  after: string;
}

/** A turn to play: its notation, a Turn, or its steps. */
export type TurnInput =
  | string
  | Turn
  | { from?: PointInput; steps: Array<{ from?: PointInput; to: PointInput; capture?: Capture | 'A' | 'W' | null }> };

export interface GameResult {
  over: boolean;
  outcome: Outcome;
  winner: Color | null;
  reason: EndReason | null;
  /** The sentence for players: "White wins: Black has no stones left". */
  text: string;
}

export interface Board {
  size: BoardSize;
  width: number;
  height: number;
  /** Every point's name, by index. */
  points: readonly PointName[];
  /** The lines between neighboring points. */
  lines: readonly (readonly [PointName, PointName])[];
  initialFen: string;
}

export interface SvgOptions {
  /** Points ringed in a highlight color. */
  highlighted?: PointInput[];
  /** Stones marked as captured. */
  captured?: PointInput[];
  /** A turn of the position drawn as arrows, its captures crossed out. */
  turn?: string | Turn | null;
  /** Steps drawn as dashed, crossed-out arrows. */
  forbiddenSteps?: Array<{ from: PointInput; to: PointInput }>;
  /** File and rank labels (default true). */
  coordinates?: boolean;
  /** Pixels between neighboring points, 8..4096 (default 48). */
  unit?: number;
  /** The image's title (default: the FEN). */
  title?: string;
}

export interface CurrentTurn {
  /** Where the moving stone stands, or null before the first step. */
  stone: PointName | null;
  path: PointName[];
  steps: Step[];
  captured: PointName[];
  text: string;
  /** The turn may end here (Finish). */
  canStop: boolean;
  /** No step can follow. */
  mustStop: boolean;
  /** The stones as the turn would leave them, the opponent to move. */
  position: Position;
}

export interface StepResult {
  step: Step;
  /** True when the step ended the turn (a paika move, or a chain that cannot go on). */
  turnEnded: boolean;
  /** The turn played, when it ended. */
  turn: Turn | null;
}

export interface SearchResult {
  /** The turn chosen; null when there is none. */
  turn: Turn | null;
  /** For the side to move, in hundredths of a stone (large for a forced win or loss). */
  score: number;
  /** "+1.25", "win in 5", "loss in 3". */
  scoreText: string;
  /** The score is a forced win or loss, seen to the end of the game. */
  decisive: boolean;
  /** Plies (turns) to the end of the game when `decisive`, else 0. */
  pliesToEnd: number;
  /** Deepest completed iteration, in plies. */
  depth: number;
  /** Deepest ply reached, captures followed to the end included. */
  selDepth: number;
  /** Positions visited. */
  nodes: number;
  /** Milliseconds of thinking. */
  ms: number;
  /** The principal variation, from `turn`. */
  pv: Turn[];
  /** The level chose a turn other than the best it found. */
  deliberateMistake: boolean;
  fromTablebase: boolean;
  tablebaseHits: number;
}

export interface SearchLimits {
  /** Greatest depth in turns (0: none). */
  depth?: number;
  /** Greatest number of positions (0: none). */
  nodes?: number;
  /** Time budget in milliseconds (0: none). With no limit at all, depth 6. */
  timeMs?: number;
}

export interface SearchOptions extends SearchLimits {
  /**
   * Called after each completed depth with what the search has found so far (depths 1, 2, 3,
   * ... in order), while the search runs: the engine may only be stopped from it (`stop()`).
   * An error it throws ends the search and is thrown by `search` or `choose`.
   */
  onIteration?: (result: SearchResult) => void;
}

export interface ChooseOptions {
  /** Plans the time of this turn on a game clock (instead of the level's own limit). */
  clock?: Clock;
  /** As in `SearchOptions`. */
  onIteration?: (result: SearchResult) => void;
}

export interface Clock {
  remainingMs: number;
  incrementMs?: number;
  movesToGo?: number;
}

export interface EngineOptions {
  /** 1 (beginner) .. 7 (strongest; thinks about a second a turn). Default 6. */
  level?: number;
  seed?: number;
  /** Transposition table size for the 9x5 board. Default 16. */
  tableMegabytes?: number;
}

export interface AsyncOptions {
  /** Cancels the search: the promise rejects with the signal's reason (an AbortError). */
  signal?: AbortSignal;
  /** Called with what the search has found after each of its completed depths (1, 2, 3, ...). */
  onProgress?: (result: SearchResult) => void;
}

export interface GameRecord {
  board: BoardSize;
  startFen: string;
  /** Every tag: Event, Site, Date, Round, White, Black, Result, Board, FEN, Termination, others. */
  tags: Record<string, string>;
  turns: string[];
  comments: Array<{ after: number; text: string }>;
  result: ResultToken;
  termination: Termination | null;
}

export interface RecordOptions {
  tags?: Record<string, string>;
  comments?: Array<{ after: number; text: string }>;
  result?: ResultToken;
  termination?: Termination;
}

/** A refusal of the library, with a code for programs and the values of its message. */
export declare class FanoronaError extends Error {
  constructor(code: string, message: string, details?: { values?: Record<string, string>; offset?: number | null; line?: number; column?: number; game?: number });
  readonly name: 'FanoronaError';
  /**
   * The kind of refusal: one of the library's `errorCodes` ("no_stone", "capture_compulsory",
   * "fen_bad_side", "game_over", ...), or one of this package's: "freed", "terminated",
   * "nothing_to_redo", "no_step", "out_of_range", "stale_turn_list", "unknown_error_code".
   */
  code: string;
  /** The values the message is made of, by placeholder name: { point: "e3", color: "white" }. */
  values: Record<string, string>;
  /** Byte offset into the text that was read, or null. */
  offset: number | null;
  /** For records: line and column (from 1) and which game (from 1). */
  line?: number;
  column?: number;
  game?: number;
}

/** `f.Position`: new f.Position(fen), f.Position.initial(board). */
export interface PositionConstructor {
  new (fen?: string): Position;
  initial(board?: BoardSize): Position;
}

/** A position: where the stones stand and whose turn it is. Immutable; holds no module memory. */
export interface Position {
  readonly fen: string;
  readonly board: BoardSize;
  /** The side to move. */
  readonly turn: Color;
  readonly white: readonly PointName[];
  readonly black: readonly PointName[];
  /** The side to move has a capture, so it must capture. */
  readonly mustCapture: boolean;
  /** The result without history: a loss for a side to move with no stones or no move. */
  readonly result: GameResult;
  at(point: PointInput): Color | null;
  stones(color: Color): readonly PointName[];
  legalTurns(): Turn[];
  countTurns(): number;
  parseTurn(text: string): Turn;
  after(turn: string | Turn): Position;
  transform(symmetry: Symmetry): Position;
  mirrorFiles(): Position;
  mirrorRanks(): Position;
  halfTurn(): Position;
  transformTurn(turn: string | Turn, symmetry: Symmetry): Turn;
  perft(depth: number): number;
  svg(options?: SvgOptions): string;
  equals(other: unknown): boolean;
  toString(): string;
}

/** `f.Game`: new f.Game(), new f.Game(fen), new f.Game({ board: '5x5' }), f.Game.fromRecord(text). */
export interface GameConstructor {
  new (start?: string | { fen?: string | Position; board?: BoardSize }): Game;
  fromRecord(record: string | GameRecord): Game;
}

/** A game: history, undo and redo, repetitions, the result, and step-by-step play. Holds module memory: free() it, or let the garbage collector. */
export interface Game {
  readonly board: BoardSize;
  free(): void;
  fen(): string;
  startFen(): string;
  position(): Position;
  turn(): Color;
  result(): GameResult;
  isOver(): boolean;
  repetitions(): number;
  legalTurns(options?: { notation?: false }): Turn[];
  /** The legal turns in notation: quicker, when the steps and captures are not needed. */
  legalTurns(options: { notation: true }): string[];
  play(turn: TurnInput): Turn;
  undo(): Turn | null;
  redo(): Turn | null;
  history(options?: { verbose?: false }): string[];
  history(options: { verbose: true }): HistoryTurn[];
  reset(fen?: string | Position): void;
  legalSteps(from?: PointInput): Step[];
  checkStone(point: PointInput): FanoronaError | null;
  step(text: string): StepResult;
  step(step: { from: PointInput; to: PointInput; capture?: Capture | 'A' | 'W' | null }): StepResult;
  step(from: PointInput, to: PointInput, capture?: Capture | 'A' | 'W' | null): StepResult;
  undoStep(): boolean;
  finish(): Turn;
  cancelTurn(): void;
  currentTurn(): CurrentTurn;
  svg(options?: Omit<SvgOptions, 'turn'>): string;
  record(options?: RecordOptions): string;
  toJSON(): { startFen: string; turns: string[] };
  toString(): string;
}

/** `f.Engine`: new f.Engine({ level, seed, tableMegabytes }). */
export interface EngineConstructor {
  new (options?: EngineOptions): Engine;
}

/** The computer opponent, in this thread. Holds module memory: free() it, or let the garbage collector. */
export interface Engine {
  readonly level: number;
  readonly seed: number;
  free(): void;
  setLevel(level: number, seed?: number): void;
  clear(): void;
  /** A turn as the level plays it. */
  choose(where: Game | Position | string, options?: ChooseOptions): SearchResult;
  /** The best turn within the limits (none given: depth 6). */
  search(where: Game | Position | string, options?: SearchOptions): SearchResult;
  /** From `onIteration`: ends the search, which returns the best turn of its last completed depth. */
  stop(): void;
  evaluate(where: Game | Position | string): number;
}

/** `f.EngineWorker`: new f.EngineWorker({ level, seed, tableMegabytes }). */
export interface EngineWorkerConstructor {
  new (options?: EngineOptions): EngineWorker;
}

/** The computer opponent in a Web Worker (a worker thread in Node): the page never freezes. */
export interface EngineWorker {
  readonly level: number;
  setLevel(level: number, seed?: number): void;
  /** Resolves once the worker has loaded its module (starting it if need be); rejects when it cannot. */
  ready(): Promise<void>;
  choose(where: Game | Position | string, options?: { clock?: Clock } & AsyncOptions): Promise<SearchResult>;
  search(where: Game | Position | string, options?: SearchLimits & AsyncOptions): Promise<SearchResult>;
  perft(where: Game | Position | string, depth: number, options?: { signal?: AbortSignal }): Promise<number>;
  terminate(): void;
}

/** One of the engine's playing levels (`f.levels`), for a menu. */
export interface Level {
  /** 1 (the weakest) to 7 (the strongest, a second a turn). */
  level: number;
  /** Its name in English: "Beginner", ..., "Master"; a program may key its translations by it. */
  name: string;
  /** One line in English on how it plays. */
  description: string;
}

export interface Fanorona {
  readonly version: string;
  /** The engine's levels, weakest first: `f.levels[level - 1]`. */
  readonly levels: readonly Level[];
  /** Every error code of the library (lower_snake names, stable). */
  readonly errorCodes: readonly string[];
  /** The English template of each code: "there is no stone on {point}". */
  readonly messageTemplates: Readonly<Record<string, string>>;
  /** The library's English message for a code and its values: the fallback of a translation. */
  formatMessage(code: string, values?: Record<string, string>): string;
  readonly boards: readonly BoardSize[];
  board(size?: BoardSize): Board;
  initialFen(board?: BoardSize): string;
  readonly FanoronaError: typeof FanoronaError;
  readonly Position: PositionConstructor;
  readonly Game: GameConstructor;
  readonly Engine: EngineConstructor;
  readonly EngineWorker: EngineWorkerConstructor;
  perft(where: Game | Position | string, depth: number): number;
  divide(where: Game | Position | string, depth: number): Array<{ turn: Turn; count: number }>;
  svg(where: Game | Position | string, options?: SvgOptions): string;
  parseStep(text: string, options?: { board?: BoardSize; stone?: PointInput | null }): { from: PointName; to: PointName; capture: 'approach' | 'withdrawal' | null };
  pointName(index: number, board?: BoardSize): PointName;
  parsePoint(name: string, board?: BoardSize): number;
  transformPoint(point: PointInput, symmetry: Symmetry, board?: BoardSize): PointName;
  readonly symmetries: readonly Symmetry[];
  readRecords(text: string): { records: GameRecord[]; errors: FanoronaError[] };
  parseRecord(text: string): GameRecord;
  writeRecord(record: Partial<GameRecord> & { turns?: Array<string | Turn> }): string;
  readonly terminations: readonly Termination[];
  /** Bytes of the module's heap in use. */
  memoryInUse(): number;
  /** Bytes of WebAssembly memory reserved. */
  memorySize(): number;
}

export interface LoadOptions {
  /** Where the .wasm is, its bytes, or a compiled module (default: next to this file). */
  wasm?: string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module;
}

/** Loads the WebAssembly module: the same instance for every call without options. */
export declare function load(options?: LoadOptions): Promise<Fanorona>;
