// Every call the page and its worker make to the rules engine, in one place: the WebAssembly
// module's `Game` (a game on any board, with the turn in progress) and `Engine` (the computer
// opponent). The rest of the page speaks only to the objects made here, so the engine's
// binding can change without touching anything else.
//
// Refusals are objects {code, values, message}: `code` and `values` are what the page
// translates (i18n.js); `message` is the library's English, shown only for an unknown code.
'use strict';

(function (scope) {
  const parse = (text) => (text ? JSON.parse(text) : null);

  // The module, loaded once per thread. `createFanorona` comes from fanorona.js.
  let loading = null;
  function load() {
    if (!loading) loading = scope.createFanorona();
    return loading;
  }

  // A game for the page: the position, the turn being built, legal steps and refusals.
  function createGame(module) {
    const game = new module.Game();
    return {
      /** Starts a game from a FEN of any board; a refusal, or null. */
      start: (fen) => parse(game.start(fen)),
      /** Starts the first game of a record file; a refusal, or null. */
      loadRecord: (text) => parse(game.loadRecord(text)),
      /** The board: {width, height, size, names, lines}. */
      board: () => JSON.parse(game.board()),
      /** The state: stones, side to move, turns, the turn in progress, legal steps, result. */
      state: () => JSON.parse(game.state()),
      /** Why the stone on `point` may not move now, or null. */
      checkStone: (point) => parse(game.checkStone(point)),
      /** The legal next steps from `point`, with the stones each would capture. */
      stepsFrom: (point) => JSON.parse(game.stepsFrom(point)),
      /** One step of the turn in progress ('A', 'W', '' or '?' for either); a refusal, or null. */
      step: (from, to, capture) => parse(game.step(from, to, capture)),
      /** Takes back the last step of the turn in progress. */
      undoStep: () => game.undoStep(),
      /** Ends the turn in progress (a chain stopped early); a refusal, or null. */
      finish: () => parse(game.finish()),
      /** Plays a whole turn in notation; a refusal, or null. */
      play: (turn) => parse(game.play(turn)),
      /** Takes back the turn in progress, or else the last turn; false when there is none. */
      undoTurn: () => game.undoTurn(),
      /** The game as a record file with the players' names and a date (YYYY.MM.DD). */
      recordFile: (white, black, date) => game.recordFile(white, black, date),
    };
  }

  // The computer opponent, for the worker: chooses a turn of the game given by its start and
  // turns, at a level (1-7) with a seed. Returns {turn, steps, score, depth, nodes, ms} or
  // {error}.
  function createPlayer(module) {
    const engine = new module.Engine();
    return {
      choose: (startFen, moves, level, seed) => JSON.parse(engine.choose(startFen, moves.join(' '), level, seed)),
      perft: (fen, depth) => module.Engine.perft(fen, depth),
    };
  }

  scope.FanoronaEngine = {
    load,
    createGame: async () => createGame(await load()),
    createPlayer: async () => createPlayer(await load()),
    initialFen: async (size) => (await load()).Game.initialFen(size),
    version: async () => (await load()).version(),
  };
})(typeof self !== 'undefined' ? self : globalThis);
