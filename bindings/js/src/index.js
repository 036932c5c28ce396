// fanorona: the rules of Fanorona for JavaScript (docs/javascript.md). The C++ library,
// compiled to WebAssembly, decides every rule; this module turns its answers into plain
// JavaScript objects and its refusals into FanoronaError.
import createFanoronaModule from './fanorona-wasm.js';

const BOARDS = Object.freeze(['9x5', '5x5', '3x3']);
const COLORS = ['white', 'black'];
const CAPTURES = ['none', 'approach', 'withdrawal'];
const OUTCOMES = ['ongoing', 'whiteWins', 'blackWins', 'draw'];
const WINNERS = [null, 'white', 'black', null];
const REASONS = [null, 'noStones', 'noLegalTurn', 'threefoldRepetition'];
const SYMMETRIES = ['identity', 'mirrorFiles', 'mirrorRanks', 'halfTurn'];
const RESULT_TOKENS = { '1-0': 1, '0-1': 2, '1/2-1/2': 3, '*': 0 };
const TERMINATIONS = ['', 'no stones', 'no legal turn', 'threefold repetition', 'agreement', 'resignation',
  'time forfeit', 'adjudication', 'abandoned', 'unfinished'];

/**
 * A refusal of the library: an illegal turn, a FEN or notation it cannot read, a record that
 * breaks the rules. `code` names the kind of refusal for programs, `values` holds the values
 * the message is made of, and `message` is the library's English sentence.
 */
export class FanoronaError extends Error {
  constructor(code, message, details = {}) {
    super(message);
    this.name = 'FanoronaError';
    this.code = code;
    this.values = details.values ?? {};
    this.offset = details.offset ?? null;
    if (details.line != null) this.line = details.line;
    if (details.column != null) this.column = details.column;
    if (details.game != null) this.game = details.game;
  }
}

const isNode = typeof process === 'object' && process !== null && typeof process.versions?.node === 'string';

// The .wasm file: fetched next to this module in browsers and workers (bundlers see the
// `new URL(..., import.meta.url)` and ship it), read from disk in Node.
async function wasmBytesOrResponse(source) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
  const url = source ?? new URL('./fanorona-wasm.wasm', import.meta.url);
  if (isNode && String(url).startsWith('file:')) {
    const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:fs/promises');
    return readFile(url instanceof URL ? url : new URL(url));
  }
  return fetch(url);
}

async function instantiate(source, imports) {
  if (source instanceof WebAssembly.Module) return WebAssembly.instantiate(source, imports);
  const input = await wasmBytesOrResponse(source);
  if (typeof Response === 'function' && input instanceof Response) {
    if (!input.ok) throw new Error(`fanorona: cannot load ${input.url}: HTTP ${input.status}`);
    if (typeof WebAssembly.instantiateStreaming === 'function' && input.headers.get('Content-Type')?.startsWith('application/wasm'))
      return (await WebAssembly.instantiateStreaming(input, imports)).instance;
    return (await WebAssembly.instantiate(await input.arrayBuffer(), imports)).instance;
  }
  return (await WebAssembly.instantiate(input, imports)).instance;
}

let defaultInstance = null;

/**
 * Loads the WebAssembly module and returns the API. Without options, every call returns the
 * same instance. `options.wasm` gives the .wasm another way: a URL, its bytes, or a compiled
 * WebAssembly.Module (each call with options makes a new instance).
 */
export function load(options) {
  if (options !== undefined) return create(options);
  if (!defaultInstance) {
    defaultInstance = create({});
    defaultInstance.catch(() => { defaultInstance = null; });  // a failed load may be tried again
  }
  return defaultInstance;
}

async function create(options) {
  // Emscripten waits for instantiateWasm's callback and has no way to hear of a failure:
  // the failure rejects the load by itself.
  let failed;
  const failure = new Promise((resolve, reject) => { failed = reject; });
  const module = await Promise.race([
    createFanoronaModule({
      instantiateWasm(imports, receive) {
        instantiate(options.wasm, imports).then(receive, (error) => failed(new Error(`fanorona: the WebAssembly module failed to load: ${error.message}`, { cause: error })));
        return {};
      },
      print: (text) => console.log(text),
      printErr: (text) => console.error(text),
    }),
    failure,
  ]);
  return makeApi(module, options);
}

function makeApi(module, options) {
  // ---- the boundary ---------------------------------------------------------------------------
  // The module's functions, called through the factory's exports (`_fj_...`): Emscripten
  // replaces each with the WebAssembly function itself on its first call.
  const w = {};
  for (const key of Object.keys(module)) if (key.startsWith('_fj_')) Object.defineProperty(w, key.slice(1), { get: () => module[key] });
  // The memory's views, made again when the memory grows.
  let u8 = module.HEAPU8;
  let i32 = module.HEAP32;
  const views = () => {
    if (u8 !== module.HEAPU8) {
      u8 = module.HEAPU8;
      i32 = module.HEAP32;
    }
  };
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  // Writes `text` into input slot `slot`; returns [pointer, bytes].
  const input = (text, slot = 0) => {
    const max = text.length * 3;
    const pointer = w.fj_input(slot, max);
    views();
    const { written } = encoder.encodeInto(text, u8.subarray(pointer, pointer + max));
    return [pointer, written];
  };
  const inputInts = (values, slot) => {
    const pointer = w.fj_input(slot, values.length * 4 + 4);
    views();
    i32.set(values, pointer >> 2);
    return pointer;
  };
  const replyText = () => {
    views();
    const pointer = w.fj_reply_text();
    return decoder.decode(u8.subarray(pointer, pointer + w.fj_reply_text_size()));
  };
  // A reader of the reply's integers, valid until the next call into the module.
  class Reader {
    constructor() {
      views();
      this.at = w.fj_reply_ints() >> 2;
    }
    int() { return i32[this.at++]; }
    u64() { const low = i32[this.at++] >>> 0; return low + (i32[this.at++] >>> 0) * 4294967296; }
    bool() { return i32[this.at++] !== 0; }
  }
  const failure = () => {
    const e = JSON.parse(replyText());
    return new FanoronaError(e.code, e.message, e);
  };
  const check = (status) => {
    if (status !== 0) throw failure();
  };

  // ---- boards and points ---------------------------------------------------------------------
  const boards = BOARDS.map((size, number) => {
    w.fj_board(number);
    const r = new Reader();
    const width = r.int(), height = r.int();
    const points = [];
    for (let rank = 0; rank < height; ++rank)
      for (let file = 0; file < width; ++file) points.push(String.fromCharCode(97 + file) + (rank + 1));
    const lines = [];
    for (let n = r.int(); n > 0; --n) lines.push(Object.freeze([points[r.int()], points[r.int()]]));
    w.fj_initial_fen(number);
    const initialFen = replyText();
    return Object.freeze({ size, width, height, points: Object.freeze(points), lines: Object.freeze(lines), initialFen });
  });
  const boardNumber = (size) => {
    if (size === undefined) return 0;
    const number = BOARDS.indexOf(size);
    if (number < 0) throw new FanoronaError('unknown_board', `unknown board '${size}': the boards are 9x5, 5x5 and 3x3`, { values: { text: String(size) } });
    return number;
  };
  const names = (board) => boards[board].points;
  // A point given as a name ("e3", "E3") or an index, as the board's index.
  const pointIndex = (point, board, what = 'point') => {
    const b = boards[board];
    if (typeof point === 'number') {
      if (Number.isInteger(point) && point >= 0 && point < b.points.length) return point;
      throw new FanoronaError('point_off_board', `${what} ${point} is off the ${b.size} board (0..${b.points.length - 1})`, { values: { point: String(point), board: b.size } });
    }
    if (typeof point !== 'string') throw new TypeError(`a ${what} is a name such as 'e3' or an index, not ${typeof point}`);
    const index = b.points.indexOf(point.toLowerCase());
    if (index < 0) throw new FanoronaError('notation_off_board', `${point} is not a point of the ${b.size} board`, { values: { text: point, board: b.size } });
    return index;
  };
  const captureIndex = (capture) => {
    if (capture === undefined || capture === null) return -1;
    const index = CAPTURES.indexOf(capture);
    if (index >= 0) return index;
    if (capture === 'A' || capture === 'a') return 1;
    if (capture === 'W' || capture === 'w') return 2;
    if (capture === '' || capture === 'paika') return 0;
    throw new TypeError(`a capture is 'approach', 'withdrawal' or 'none', not ${JSON.stringify(capture)}`);
  };
  const fenOf = (where) => {
    if (typeof where === 'string') return where;
    if (where instanceof Position) return where.fen;
    if (where instanceof Game) return where.fen();
    throw new TypeError('expected a FEN, a Position or a Game');
  };
  const checkDepth = (depth) => {
    if (!Number.isInteger(depth) || depth < 0 || depth > 64) throw new RangeError(`depth must be an integer from 0 to 64, not ${depth}`);
  };

  // ---- decoding --------------------------------------------------------------------------------
  const mark = ['', 'A', 'W'];
  const readPoints = (r, n) => {
    const list = [];
    for (let count = r.int(); count > 0; --count) list.push(n[r.int()]);
    return list;
  };
  const readTurn = (r, board) => {
    const n = names(board);
    const size = r.int();
    const start = r.int();
    if (size === 0) return null;
    let at = n[start], text = at;
    const path = [at], steps = [], captured = [];
    for (let i = 0; i < size; ++i) {
      const to = n[r.int()];
      const kind = r.int();
      const stones = readPoints(r, n);
      const stepText = at + '-' + to + mark[kind];
      steps.push({ from: at, to, capture: CAPTURES[kind], text: stepText, captured: stones });
      for (const p of stones) captured.push(p);
      text += '-' + to + mark[kind];
      path.push(to);
      at = to;
    }
    return { text, from: path[0], to: at, path, steps, captured, isCapture: captured.length > 0 };
  };
  // A turn's notation alone, the reader moved past the turn.
  const readTurnText = (r, board) => {
    const n = names(board);
    const size = r.int();
    let text = n[r.int()];
    for (let i = 0; i < size; ++i) {
      text += '-' + n[r.int()] + mark[r.int()];
      const stones = r.int();
      r.at += stones;  // skips the stones it captures
    }
    return text;
  };
  const readTurns = (r, board, read = readTurn) => {
    const turns = [];
    for (let count = r.int(); count > 0; --count) turns.push(read(r, board));
    return turns;
  };
  const readSteps = (r, board) => {
    const n = names(board);
    const steps = [];
    for (let count = r.int(); count > 0; --count) {
      const from = n[r.int()], to = n[r.int()], kind = r.int();
      steps.push({ from, to, capture: CAPTURES[kind], text: from + '-' + to + mark[kind], captured: readPoints(r, n) });
    }
    return steps;
  };
  const readResult = (r, text) => {
    const outcome = r.int(), reason = r.int();
    return { over: outcome !== 0, outcome: OUTCOMES[outcome], winner: WINNERS[outcome], reason: REASONS[reason], text };
  };
  // A position as fj_position writes it.
  const readPositionData = (r) => {
    const [fen, resultText] = replyText().split('\n');
    const board = r.int();
    const turn = COLORS[r.int()];
    const mustCapture = r.bool();
    const result = readResult(r, resultText);
    const n = names(board);
    const white = readPoints(r, n), black = readPoints(r, n);
    return { fen, board, turn, mustCapture, result, white, black };
  };
  const readPosition = (r) => new Position(PRIVATE, readPositionData(r));
  const readSearchResult = (r, board) => {
    const score = r.int(), depth = r.int(), selDepth = r.int(), nodes = r.u64(), ms = r.int();
    const deliberateMistake = r.bool(), fromTablebase = r.bool(), tablebaseHits = r.u64(), decisive = r.bool(), pliesToEnd = r.int();
    const turn = readTurn(r, board);
    const pv = [];
    for (let count = r.int(); count > 0; --count) pv.push(readTurn(r, board));
    return { turn, score, scoreText: replyText(), decisive, pliesToEnd, depth, selDepth, nodes, ms, pv, deliberateMistake, fromTablebase, tablebaseHits };
  };

  // ---- memory ------------------------------------------------------------------------------------
  // Objects that hold memory in the module free it when collected, or at once with free().
  const registry = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry(({ free, handle }) => free(handle)) : null;
  const freed = (what) => new FanoronaError('freed', `this ${what} has been freed`);
  const HANDLE = Symbol('handle');
  const dispose = Symbol.dispose ?? Symbol.for('Symbol.dispose');
  // What Game and Engine share: a handle to module memory, freed once.
  class Held {
    #handle;
    #free;
    #what;
    constructor(handle, free, what) {
      this.#handle = handle;
      this.#free = free;
      registry?.register(this, { handle, free }, this);
      this.#what = what;
    }
    /** The module's handle; throws once freed. */
    get [HANDLE]() {
      if (this.#handle === 0) throw freed(this.#what);
      return this.#handle;
    }
    /** Frees the object's module memory now; it may not be used afterwards. */
    free() {
      if (this.#handle === 0) return;
      registry?.unregister(this);
      this.#free(this.#handle);
      this.#handle = 0;
    }
    [dispose]() { this.free(); }
  }

  // ---- positions --------------------------------------------------------------------------------
  const PRIVATE = Symbol('fanorona');

  class Position {
    /** The position of `fen` (any board), or the initial 9x5 position. */
    constructor(fen, data) {
      if (fen === PRIVATE) {
        Object.assign(this, data);
      } else {
        if (fen === undefined) fen = boards[0].initialFen;
        if (typeof fen !== 'string') throw new TypeError('a position is made from a FEN string');
        const [pointer, size] = input(fen);
        check(w.fj_position(pointer, size));
        Object.assign(this, readPositionData(new Reader()));
      }
      Object.defineProperty(this, 'board', { value: BOARDS[this.board], enumerable: true });
      Object.freeze(this.white);
      Object.freeze(this.black);
      Object.freeze(this);
    }
    /** The initial position of a board. */
    static initial(board = '9x5') { return new Position(boards[boardNumber(board)].initialFen); }
    /** The color of the stone on `point`, or null. */
    at(point) {
      const name = names(boardNumber(this.board))[pointIndex(point, boardNumber(this.board))];
      return this.white.includes(name) ? 'white' : this.black.includes(name) ? 'black' : null;
    }
    /** The points of one side's stones. */
    stones(color) {
      if (color === 'white') return this.white;
      if (color === 'black') return this.black;
      throw new TypeError("a color is 'white' or 'black'");
    }
    legalTurns() {
      const [pointer, size] = input(this.fen);
      check(w.fj_position_turns(pointer, size));
      return readTurns(new Reader(), boardNumber(this.board));
    }
    countTurns() {
      const [pointer, size] = input(this.fen);
      check(w.fj_count_turns(pointer, size));
      return new Reader().u64();
    }
    /** Reads a turn in notation against this position. */
    parseTurn(text) { return parseTurnAndAfter(this.fen, text).turn; }
    /** The position after a turn (notation or a turn of this position). */
    after(turn) { return parseTurnAndAfter(this.fen, turnText(turn)).after; }
    /** The image of the position under a symmetry. */
    transform(symmetry) { return transformFen(this.fen, symmetry).position; }
    mirrorFiles() { return this.transform('mirrorFiles'); }
    mirrorRanks() { return this.transform('mirrorRanks'); }
    halfTurn() { return this.transform('halfTurn'); }
    /** The image of a turn of this position under a symmetry, as a turn of the image position. */
    transformTurn(turn, symmetry) { return transformFen(this.fen, symmetry, turnText(turn)).turn; }
    perft(depth) { return perft(this.fen, depth); }
    svg(options) { return svg(this.fen, options); }
    equals(other) { return other instanceof Position && other.fen === this.fen; }
    toString() { return this.fen; }
  }

  const turnText = (turn) => {
    if (typeof turn === 'string') return turn;
    if (turn && typeof turn.text === 'string') return turn.text;
    throw new TypeError('a turn is its notation or a turn object');
  };
  // fj_parse_turn and fj_transform reply with the position, then the turn.
  const parseTurnAndAfter = (fen, text) => {
    const [pointer, size] = input(fen, 0);
    const [textPointer, textSize] = input(text, 1);
    check(w.fj_parse_turn(pointer, size, textPointer, textSize));
    const r = new Reader();
    const after = readPosition(r);
    return { after, turn: readTurn(r, boardNumber(after.board)) };
  };
  const transformFen = (fen, symmetry, turn) => {
    const s = SYMMETRIES.indexOf(symmetry);
    if (s < 0) throw new TypeError(`a symmetry is one of ${SYMMETRIES.join(', ')}`);
    const [pointer, size] = input(fen, 0);
    const [turnPointer, turnSize] = turn === undefined ? [0, 0] : input(turn, 1);
    check(w.fj_transform(pointer, size, s, turnPointer, turnSize));
    const r = new Reader();
    const position = readPosition(r);
    return { position, turn: turn === undefined ? undefined : readTurn(r, boardNumber(position.board)) };
  };

  // ---- free functions ----------------------------------------------------------------------------
  function perft(where, depth) {
    checkDepth(depth);
    const [pointer, size] = input(fenOf(where));
    check(w.fj_perft(pointer, size, depth));
    return new Reader().u64();
  }
  function divide(where, depth) {
    checkDepth(depth);
    if (depth < 1) throw new RangeError('divide needs a depth of at least 1');
    const fen = fenOf(where);
    const board = boardOfFen(fen);
    const [pointer, size] = input(fen);
    check(w.fj_divide(pointer, size, depth));
    const r = new Reader();
    const entries = [];
    for (let count = r.int(); count > 0; --count) {
      const turn = readTurn(r, board);
      entries.push({ turn, count: r.u64() });
    }
    return entries;
  }
  const boardOfFen = (fen) => {
    const [pointer, size] = input(fen);
    check(w.fj_board_of_fen(pointer, size));
    return new Reader().int();
  };
  const svgOptionInts = (options, board) => {
    const o = options ?? {};
    const unit = o.unit ?? 48;
    if (!Number.isInteger(unit)) throw new TypeError('unit is a whole number of pixels');
    const ints = [o.coordinates === false ? 0 : 1, unit];
    for (const list of [o.highlighted ?? [], o.captured ?? []]) {
      ints.push(list.length);
      for (const p of list) ints.push(pointIndex(p, board));
    }
    const forbidden = o.forbiddenSteps ?? [];
    ints.push(forbidden.length);
    for (const s of forbidden) ints.push(pointIndex(s.from, board, 'from'), pointIndex(s.to, board, 'to'));
    return ints;
  };
  function svg(where, options = {}) {
    const fen = fenOf(where);
    const board = boardOfFen(fen);
    const ints = inputInts(svgOptionInts(options, board), 2);
    const [pointer, size] = input(fen, 0);
    const [turnPointer, turnSize] = options.turn === undefined || options.turn === null ? [0, 0] : input(turnText(options.turn), 1);
    const [titlePointer, titleSize] = input(options.title ?? '', 3);
    check(w.fj_svg(pointer, size, ints, turnPointer, turnSize, titlePointer, titleSize));
    return replyText();
  }
  function parseStep(text, options = {}) {
    if (typeof text !== 'string') throw new TypeError('a step is written as text, such as d3-e3A');
    const board = boardNumber(options.board);
    const stone = options.stone === undefined || options.stone === null ? -1 : pointIndex(options.stone, board, 'stone');
    const [pointer, size] = input(text);
    check(w.fj_parse_step(board, pointer, size, stone));
    const r = new Reader();
    const n = names(board);
    const from = n[r.int()], to = n[r.int()], kind = r.int();
    return { from, to, capture: kind < 0 ? null : CAPTURES[kind] };
  }
  function pointName(index, board = '9x5') {
    const b = boardNumber(board);
    return names(b)[pointIndex(index, b)];
  }
  function parsePoint(name, board = '9x5') {
    if (typeof name !== 'string') throw new TypeError('a point name is a string such as e3');
    return pointIndex(name, boardNumber(board));
  }
  function transformPoint(point, symmetry, board = '9x5') {
    const b = boardNumber(board);
    const s = SYMMETRIES.indexOf(symmetry);
    if (s < 0) throw new TypeError(`a symmetry is one of ${SYMMETRIES.join(', ')}`);
    return names(b)[w.fj_transform_point(b, s, pointIndex(point, b))];
  }

  // ---- records ------------------------------------------------------------------------------------
  const recordOf = (raw) => ({
    board: raw.board,
    startFen: raw.startFen,
    tags: raw.tags,
    turns: raw.turns,
    comments: raw.comments,
    result: raw.result,
    termination: TERMINATIONS[raw.termination] || null,
  });
  function readRecords(text) {
    if (typeof text !== 'string') throw new TypeError('a record is text');
    const [pointer, size] = input(text);
    w.fj_read_records(pointer, size);
    const records = [], errors = [];
    for (const entry of JSON.parse(replyText())) {
      if (entry.error) errors.push(new FanoronaError(entry.error.code, `line ${entry.error.line}, column ${entry.error.column}: ${entry.error.message}`, { ...entry.error, game: entry.game }));
      else records.push(recordOf(entry));
    }
    return { records, errors };
  }
  function parseRecord(text) {
    const { records, errors } = readRecords(text);
    if (errors.length) throw errors[0];
    if (records.length === 0) throw new FanoronaError('record_no_game', 'no game: the text holds only blanks and comments');
    if (records.length > 1) throw new FanoronaError('record_several_games', 'the text holds more than one game');
    return records[0];
  }
  function writeRecord(record) {
    if (!record || typeof record !== 'object') throw new TypeError('a record is an object such as parseRecord returns');
    const game = new Game(record.startFen ?? boards[boardNumber(record.board)].initialFen);
    try {
      for (const turn of record.turns ?? []) game.play(turn);
      const tags = { ...(record.tags ?? {}) };
      for (const derived of ['Board', 'FEN', 'Result', 'Termination']) delete tags[derived];
      return game.record({ tags, comments: record.comments, result: record.result, termination: record.termination ?? undefined });
    } finally {
      game.free();
    }
  }

  // ---- games ---------------------------------------------------------------------------------------
  class Game extends Held {
    #board;
    #listed = null;  // the last legalTurns() list, while the game has not changed
    /**
     * A game from the initial 9x5 position, from a FEN, or from `{ fen }` / `{ board }`.
     */
    constructor(start) {
      let fen = '', board = 0;
      if (typeof start === 'string') fen = start;
      else if (start !== undefined && start !== null) {
        if (typeof start !== 'object') throw new TypeError('a game starts from a FEN or { fen, board }');
        if (start.fen !== undefined) fen = fenOf(start.fen);
        else board = boardNumber(start.board);
      }
      const [pointer, size] = input(fen);
      const handle = w.fj_game_new(pointer, size, board);
      if (handle === 0) throw failure();
      super(handle, w.fj_game_free, 'game');
      this.#board = w.fj_game_board(handle);
    }
    get #h() { return this[HANDLE]; }
    /** The board's size: "9x5", "5x5" or "3x3". */
    get board() { return BOARDS[this.#board]; }
    #state() {
      w.fj_game_state(this.#h);
      const r = new Reader();
      const [fen, resultText, startFen] = replyText().split('\n');
      const result = readResult(r, resultText);
      const repetitions = r.int(), plies = r.int(), redo = r.int(), steps = r.int();
      const board = r.int(), turn = COLORS[r.int()], mustCapture = r.bool();
      const n = names(board);
      const white = readPoints(r, n), black = readPoints(r, n);
      return { fen, startFen, result, repetitions, plies, redo, steps, board, turn, mustCapture, white, black };
    }
    // The state without stones or FENs: cheap, for the questions asked every turn.
    #summary() {
      w.fj_game_summary(this.#h);
      const r = new Reader();
      const outcome = r.int(), reason = r.int();
      const repetitions = r.int(), plies = r.int(), redo = r.int(), steps = r.int();
      r.int();
      const turn = COLORS[r.int()];
      return { outcome, reason, repetitions, plies, redo, steps, turn };
    }
    fen() { return this.#state().fen; }
    startFen() { return this.#state().startFen; }
    /** The position now (at the start of the turn in progress). */
    position() {
      const s = this.#state();
      return new Position(PRIVATE, { fen: s.fen, board: s.board, turn: s.turn, mustCapture: s.mustCapture, result: s.result, white: s.white, black: s.black });
    }
    /** Whose turn it is: 'white' or 'black'. */
    turn() { return this.#summary().turn; }
    /** Who won and why, or ongoing. */
    result() {
      w.fj_game_summary(this.#h);
      return readResult(new Reader(), replyText());
    }
    isOver() { return this.#summary().outcome !== 0; }
    /** How many times the current position has occurred (3 is a draw). */
    repetitions() { return this.#summary().repetitions; }
    /**
     * Every legal turn now, as turn objects; with { notation: true }, in notation (quicker,
     * when the steps and captures are not needed). None once the game is over.
     */
    legalTurns(options) {
      w.fj_game_turns(this.#h);
      const turns = readTurns(new Reader(), this.#board, options?.notation ? readTurnText : readTurn);
      this.#listed = turns.slice();
      return turns;
    }
    /**
     * Plays a turn: its notation ("d3-e3A-d4W"), a turn object (from legalTurns), or
     * { from, steps: [{ to, capture }] }. Returns the turn played; throws FanoronaError when it
     * is illegal.
     */
    play(turn) {
      const h = this.#h;
      const listed = this.#listed?.indexOf(turn) ?? -1;
      this.#listed = null;
      if (listed >= 0) {
        // A turn of the last list, played as it was generated.
        check(w.fj_game_play_listed(h, listed));
      } else if (typeof turn === 'string') {
        const [pointer, size] = input(turn);
        check(w.fj_game_play(h, pointer, size));
      } else if (turn && typeof turn === 'object' && Array.isArray(turn.steps)) {
        const ints = [pointIndex(turn.from ?? turn.steps[0]?.from, this.#board, 'from')];
        for (const s of turn.steps) ints.push(pointIndex(s.to, this.#board, 'to'), captureIndex(s.capture));
        check(w.fj_game_play_steps(h, inputInts(ints, 2), turn.steps.length));
      } else if (turn && typeof turn.text === 'string') {
        return this.play(turn.text);
      } else {
        throw new TypeError('a turn is its notation or a turn object');
      }
      return readTurn(new Reader(), this.#board);
    }
    /** Takes back the last turn (and any steps of the turn in progress); returns it, or null. */
    undo() {
      const h = this.#h;
      this.#listed = null;
      w.fj_game_history(h);
      const history = readTurns(new Reader(), this.#board);
      return w.fj_game_undo(h) ? history[history.length - 1] : null;
    }
    /** Plays again the last turn taken back; returns it, or null when there is none. */
    redo() {
      const h = this.#h;
      if (this.#summary().redo === 0) return null;
      this.#listed = null;
      check(w.fj_game_redo(h));
      return readTurn(new Reader(), this.#board);
    }
    /** The turns played, in notation; with { verbose: true }, as turn objects with the FEN before and after. */
    history(options = {}) {
      w.fj_game_history(this.#h);
      const turns = readTurns(new Reader(), this.#board);
      if (!options.verbose) return turns.map((t) => t.text);
      const fens = [];
      for (let i = 0; i <= turns.length; ++i) {
        check(w.fj_game_position_before(this.#h, i));
        fens.push(replyText().split('\n')[0]);
      }
      return turns.map((t, i) => ({ ...t, before: fens[i], after: fens[i + 1] }));
    }
    /** Starts again from a FEN of this board, or from the game's own board's initial position. */
    reset(fen) {
      const [pointer, size] = input(fen === undefined ? '' : fenOf(fen));
      this.#listed = null;
      check(w.fj_game_reset(this.#h, pointer, size));
    }

    // ---- step by step ----
    /** The steps that may be played next (from one point, or all), each with the stones it would capture. */
    legalSteps(from) {
      w.fj_game_steps(this.#h, from === undefined ? -1 : pointIndex(from, this.#board, 'from'));
      return readSteps(new Reader(), this.#board);
    }
    /** Why the stone on `point` may not make the next step, or null when it may. */
    checkStone(point) {
      const status = w.fj_game_check_stone(this.#h, pointIndex(point, this.#board));
      return status === 0 ? null : failure();
    }
    /**
     * Plays one step: step('d3-e3A'), step('e3', 'f3'), step('d3', 'e3', 'approach') or
     * step({ from, to, capture }). Without a capture kind, the only one possible is taken.
     * When the chain cannot go on the turn ends at once. Returns { step, turnEnded, turn }.
     */
    step(from, to, capture) {
      const h = this.#h;
      let f, t, kind;
      if (typeof from === 'string' && to === undefined) {
        const current = this.currentTurn();
        const parsed = parseStep(from, { board: this.board, stone: current.stone });
        f = pointIndex(parsed.from, this.#board); t = pointIndex(parsed.to, this.#board); kind = captureIndex(parsed.capture);
      } else if (from && typeof from === 'object') {
        f = pointIndex(from.from, this.#board, 'from'); t = pointIndex(from.to, this.#board, 'to'); kind = captureIndex(from.capture);
      } else {
        f = pointIndex(from, this.#board, 'from'); t = pointIndex(to, this.#board, 'to'); kind = captureIndex(capture);
      }
      check(w.fj_game_step(h, f, t, kind));
      const r = new Reader();
      const turnEnded = r.bool();
      if (turnEnded) this.#listed = null;
      const turn = turnEnded ? readTurn(r, this.#board) : null;
      return { step: (turn ?? this.currentTurn()).steps.at(-1), turnEnded, turn };
    }
    /** Takes back the last step of the turn in progress; false when none was played. */
    undoStep() { return w.fj_game_undo_step(this.#h) !== 0; }
    /** Ends the turn in progress after its steps so far (a chain may stop after any capture). */
    finish() {
      check(w.fj_game_finish(this.#h));
      this.#listed = null;
      const r = new Reader();
      r.int();
      return readTurn(r, this.#board);
    }
    /** Abandons the steps of the turn in progress. */
    cancelTurn() { w.fj_game_cancel_turn(this.#h); }
    /** The turn in progress: the moving stone, its steps and captures, whether it may or must stop, and the position as it stands. */
    currentTurn() {
      w.fj_game_current_turn(this.#h);
      const r = new Reader();
      const stone = r.int();
      const canStop = r.bool(), mustStop = r.bool();
      const turn = readTurn(r, this.#board);
      const position = readPosition(r);
      return {
        stone: stone < 0 ? null : names(this.#board)[stone],
        path: turn ? turn.path : [],
        steps: turn ? turn.steps : [],
        captured: turn ? turn.captured : [],
        text: turn ? turn.text : '',
        canStop,
        mustStop,
        position,
      };
    }

    // ---- output ----
    /** The current position as SVG, the last turn marked. */
    svg(options = {}) {
      const ints = inputInts(svgOptionInts(options, this.#board), 2);
      const [pointer, size] = input(options.title ?? '', 3);
      check(w.fj_game_svg(this.#h, ints, pointer, size));
      return replyText();
    }
    /** The game as a record text (tags, turns, comments, result). */
    record(options = {}) {
      const tags = Object.entries(options.tags ?? {});
      const comments = options.comments ?? [];
      let outcome = -1, termination = 0;
      if (options.result !== undefined) {
        outcome = RESULT_TOKENS[options.result];
        if (outcome === undefined) throw new FanoronaError('record_bad_result_tag', `'${options.result}' is not a result: the Result tag is 1-0, 0-1, 1/2-1/2 or *`, { values: { text: String(options.result) } });
        if (options.termination !== undefined && options.termination !== null) {
          termination = TERMINATIONS.indexOf(options.termination);
          if (termination < 1) throw new FanoronaError('record_unknown_termination', `unknown termination '${options.termination}': the Termination tag is one of ${TERMINATIONS.slice(1).join(', ')}`, { values: { text: String(options.termination) } });
        }
      }
      const request = [outcome, termination, tags.length, comments.length];
      const strings = [];
      for (const [name, value] of tags) strings.push(String(name), String(value));
      for (const c of comments) {
        if (!Number.isInteger(c.after)) throw new TypeError('a comment is { after: number of turns before it, text }');
        request.push(c.after);
        strings.push(String(c.text));
      }
      const ints = inputInts(request, 2);
      const [pointer, size] = input(strings.map((s) => s + '\0').join(''), 1);
      check(w.fj_game_record(this.#h, ints, pointer, size));
      return replyText();
    }
    /** A game from a record text (or a record object), its turns played. */
    static fromRecord(record) {
      const r = typeof record === 'string' ? parseRecord(record) : record;
      const game = new Game(r.startFen ?? boards[boardNumber(r.board)].initialFen);
      try {
        for (const turn of r.turns ?? []) game.play(turn);
      } catch (error) {
        game.free();
        throw error;
      }
      return game;
    }
    /** The game's start FEN and turns, enough to rebuild it (in a worker, for example). */
    toJSON() {
      return { startFen: this.startFen(), turns: this.history() };
    }
    toString() { return this.fen(); }
  }

  // ---- the computer opponent ------------------------------------------------------------------------
  const checkLevel = (level) => {
    if (!Number.isInteger(level) || level < 1 || level > 7) throw new RangeError(`level must be an integer from 1 to 7, not ${level}`);
  };
  const checkSeed = (seed) => {
    if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`seed must be a non-negative safe integer, not ${seed}`);
  };
  const checkOnIteration = (onIteration) => {
    if (onIteration !== undefined && typeof onIteration !== 'function') throw new TypeError('onIteration must be a function');
  };
  // The search running now, if any: the module calls fanoronaIterationDone after each of its
  // completed iterations, with the iteration's result in the reply.
  let searching = null;
  module.fanoronaIterationDone = () => {
    const s = searching;
    if (!s || !s.onIteration || s.raised) return;
    const info = readSearchResult(new Reader(), s.board);
    try {
      s.onIteration(info);
    } catch (error) {
      // Not through the module's frames (they would not unwind): the search stops, and the
      // error is thrown once it has returned.
      s.raised = { error };
      w.fj_engine_stop(s.engine);
    }
  };
  const busy = () => new FanoronaError('engine_busy', 'the engine is searching: only stop() may be called from onIteration');
  class Engine extends Held {
    #level;
    #seed;
    #busy = false;
    /** A computer opponent at `level` 1..7 (default 6), with random choices drawn from `seed`. */
    constructor(options = {}) {
      const { level = 6, seed = 0, tableMegabytes = 16 } = options;
      checkLevel(level);
      checkSeed(seed);
      if (!Number.isInteger(tableMegabytes) || tableMegabytes < 1 || tableMegabytes > 1024)
        throw new RangeError('tableMegabytes must be an integer from 1 to 1024');
      super(w.fj_engine_new(tableMegabytes), w.fj_engine_free, 'engine');
      this.setLevel(level, seed);
    }
    get #h() {
      if (this.#busy) throw busy();
      return this[HANDLE];
    }
    get level() { return this.#level; }
    get seed() { return this.#seed; }
    /** Plays like `level` from now on (clears what the engine learned). */
    setLevel(level, seed = this.#seed ?? 0) {
      checkLevel(level);
      checkSeed(seed);
      w.fj_engine_set_level(this.#h, level, seed);
      this.#level = level;
      this.#seed = seed;
    }
    /** Forgets what earlier searches learned. */
    clear() { w.fj_engine_clear(this.#h); }
    /**
     * Chooses a turn the way the level plays, for a game (or a position). With
     * `{ clock: { remainingMs, incrementMs, movesToGo } }` it plans its time on a game clock;
     * `onIteration(result)` is called after each completed depth.
     */
    choose(where, options = {}) {
      const request = [0, -1, 0, 0];
      if (options.clock) {
        const { remainingMs, incrementMs = 0, movesToGo = 0 } = options.clock;
        for (const [name, value] of [['remainingMs', remainingMs], ['incrementMs', incrementMs], ['movesToGo', movesToGo]])
          if (!Number.isInteger(value) || value < 0 || value > 0x7fffffff) throw new RangeError(`clock.${name} must be a non-negative integer`);
        request[1] = remainingMs; request[2] = incrementMs; request[3] = movesToGo;
      }
      return this.#think(where, request, options.onIteration);
    }
    /**
     * Searches for the best turn within limits: { depth, nodes, timeMs } (default depth 6), the
     * first reached ending the search; `onIteration(result)` is called after each completed depth.
     */
    search(where, limits = {}) {
      const { depth = 0, nodes = 0, timeMs = 0 } = limits;
      for (const [name, value] of [['depth', depth], ['nodes', nodes], ['timeMs', timeMs]])
        if (!Number.isInteger(value) || value < 0 || value > 0x7fffffff) throw new RangeError(`${name} must be a non-negative integer`);
      return this.#think(where, [1, depth, nodes, timeMs], limits.onIteration);
    }
    /**
     * Ends the running search as soon as it can (within about a thousand positions): it returns
     * the best turn of its last completed depth. For onIteration, the only place a search
     * runs while a program's code does; does nothing otherwise.
     */
    stop() {
      if (this.#busy) w.fj_engine_stop(this[HANDLE]);
    }
    #think(where, request, onIteration) {
      checkOnIteration(onIteration);
      const h = this.#h;
      const game = where instanceof Game ? where : new Game(fenOf(where));
      const outer = searching;
      const current = { engine: h, board: boardNumber(game.board), onIteration, raised: null };
      searching = current;
      this.#busy = true;
      try {
        check(w.fj_engine_think(h, game[HANDLE], inputInts([...request, onIteration ? 1 : 0], 2)));
        if (current.raised) throw current.raised.error;
        return readSearchResult(new Reader(), current.board);
      } finally {
        this.#busy = false;
        searching = outer;
        if (game !== where) game.free();
      }
    }
    /** The static evaluation of a position for its side to move, in hundredths of a stone. */
    evaluate(where) {
      const [pointer, size] = input(fenOf(where));
      check(w.fj_engine_evaluate(this.#h, pointer, size));
      return new Reader().int();
    }
    /** Frees the engine's module memory now (not from its own onIteration). */
    free() {
      if (this.#busy) throw busy();
      super.free();
    }
  }

  // ---- the engine in a worker -----------------------------------------------------------------------
  class EngineWorker {
    #options;
    #worker = null;
    #next = 1;
    #pending = new Map();
    /** A computer opponent that thinks in a Web Worker (or a Node worker thread). */
    constructor(options = {}) {
      const { level = 6, seed = 0, tableMegabytes = 16 } = options;
      checkLevel(level);
      checkSeed(seed);
      this.#options = { level, seed, tableMegabytes };
    }
    get level() { return this.#options.level; }
    setLevel(level, seed = this.#options.seed) {
      checkLevel(level);
      checkSeed(seed);
      this.#options = { ...this.#options, level, seed };
      this.#post({ type: 'level', level, seed }).catch(() => {});
    }
    async #start() {
      if (this.#worker) return this.#worker;
      const url = new URL('./worker.js', import.meta.url);
      let worker;
      if (isNode) {
        const { Worker } = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:worker_threads');
        worker = new Worker(url, { workerData: null });
        worker.unref?.();
        worker.on('message', (m) => this.#receive(m));
        worker.on('error', (e) => this.#crash(e));
      } else {
        worker = new Worker(url, { type: 'module' });
        worker.onmessage = (event) => this.#receive(event.data);
        worker.onerror = (event) => { event.preventDefault?.(); this.#crash(new Error(event.message || 'the engine worker failed')); };
      }
      this.#worker = worker;
      worker.postMessage({ id: 0, type: 'init', wasm: typeof options.wasm === 'string' || options.wasm instanceof URL ? String(options.wasm) : undefined, ...this.#options });
      return worker;
    }
    #receive(message) {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      if (message.type === 'progress') {
        pending.onProgress?.(message.result);
        return;
      }
      this.#pending.delete(message.id);
      if (this.#pending.size === 0) this.#worker?.unref?.();
      if (message.error) pending.reject(new FanoronaError(message.error.code, message.error.message, message.error));
      else pending.resolve(message.result);
    }
    #crash(error) {
      for (const p of this.#pending.values()) p.reject(error);
      this.#pending.clear();
      this.#stop();
    }
    #stop() {
      if (this.#worker) this.#worker.terminate();
      this.#worker = null;
    }
    async #post(request, extra = {}) {
      const worker = await this.#start();
      const id = this.#next++;
      return new Promise((resolve, reject) => {
        const { signal } = extra;
        if (signal?.aborted) return reject(abortError(signal));
        this.#pending.set(id, { resolve, reject, onProgress: extra.onProgress });
        worker.ref?.();
        signal?.addEventListener('abort', () => {
          if (!this.#pending.has(id)) return;
          // The search cannot be interrupted from outside: the worker is stopped, and a new
          // one starts with the next request. Other requests in flight fail with the same error.
          const error = abortError(signal);
          for (const p of this.#pending.values()) p.reject(error);
          this.#pending.clear();
          this.#stop();
        }, { once: true });
        worker.postMessage({ ...request, id });
      });
    }
    #request(type, where, options) {
      const game = where instanceof Game ? where.toJSON() : { startFen: fenOf(where), turns: [] };
      const { signal, onProgress, onIteration, ...rest } = options;
      if (onIteration !== undefined) throw new TypeError('an EngineWorker reports each completed depth to onProgress (onIteration is for an Engine)');
      return this.#post({ type, game, options: rest, progress: typeof onProgress === 'function' }, { signal, onProgress });
    }
    /**
     * Starts the worker now, if it has not started, and resolves once it has loaded its
     * module; rejects when it cannot (a worker script or .wasm that fails to load). Requests
     * start the worker by themselves: this lets a page know early whether it will answer.
     */
    ready() { return this.#post({ type: 'ready' }).then(() => undefined); }
    /** Like Engine.choose, in the worker: resolves to the search result. Options: clock, signal, onProgress. */
    choose(where, options = {}) { return this.#request('choose', where, options); }
    /** Like Engine.search, in the worker: limits { depth, nodes, timeMs }, and signal, onProgress. */
    search(where, options = {}) { return this.#request('search', where, options); }
    /** perft in the worker. */
    perft(where, depth, options = {}) {
      checkDepth(depth);
      return this.#post({ type: 'perft', fen: fenOf(where), depth }, options);
    }
    /** Stops the worker; pending requests fail. */
    terminate() {
      this.#crash(new FanoronaError('terminated', 'the engine worker was terminated'));
    }
  }
  const abortError = (signal) => signal.reason ?? Object.assign(new Error('the search was canceled'), { name: 'AbortError' });

  // ---- error codes ------------------------------------------------------------------------------
  w.fj_error_catalog();
  const catalog = JSON.parse(replyText());
  const errorCodes = Object.freeze(catalog.map(([code]) => code));
  const messageTemplates = Object.freeze(Object.fromEntries(catalog));
  /** The library's English message for an error code and its values (a fallback for translations). */
  function formatMessage(code, values = {}) {
    if (typeof code !== 'string') throw new TypeError('an error code is a string such as "no_stone"');
    const [codePointer, codeSize] = input(code, 0);
    const [pointer, size] = input(Object.entries(values).map(([k, v]) => `${k}\0${v}\0`).join(''), 1);
    check(w.fj_format_message(codePointer, codeSize, pointer, size));
    return replyText();
  }

  // ---- levels ------------------------------------------------------------------------------------
  w.fj_levels();
  const levels = Object.freeze(JSON.parse(replyText()).map(([name, description], i) => Object.freeze({ level: i + 1, name, description })));

  const api = {
    version: (w.fj_version(), replyText()),
    levels,
    errorCodes,
    messageTemplates,
    formatMessage,
    boards: BOARDS,
    board: (size = '9x5') => boards[boardNumber(size)],
    initialFen: (board = '9x5') => boards[boardNumber(board)].initialFen,
    FanoronaError,
    Position,
    Game,
    Engine,
    EngineWorker,
    perft,
    divide,
    svg,
    parseStep,
    pointName,
    parsePoint,
    transformPoint,
    symmetries: Object.freeze([...SYMMETRIES]),
    readRecords,
    parseRecord,
    writeRecord,
    terminations: Object.freeze(TERMINATIONS.slice(1)),
    /** Bytes of the module's heap in use: for leak checks. */
    memoryInUse: () => w.fj_heap_in_use(),
    /** Bytes of WebAssembly memory reserved (it only grows). */
    memorySize: () => module.HEAPU8.byteLength,
  };
  return Object.freeze(api);
}
