// Games: play by text and by object, undo and redo, history, results and repetition, and
// step-by-step play with its previews and Finish.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { f, FanoronaError, refusal } from './fanorona.mjs';

test('a game from the initial position, a FEN, or a board', () => {
  const game = new f.Game();
  assert.equal(game.board, '9x5');
  assert.equal(game.fen(), f.initialFen());
  assert.equal(game.startFen(), f.initialFen());
  assert.equal(game.turn(), 'white');
  assert.equal(game.legalTurns().length, 5);
  assert.ok(game.position().equals(new f.Position()));
  assert.equal(game.position().white.length, 22);
  assert.equal(new f.Game({ board: '5x5' }).fen(), f.initialFen('5x5'));
  assert.equal(new f.Game('BBB/B1W/WWW W').board, '3x3');
  assert.equal(new f.Game({ fen: new f.Position('9/9/4B4/3BWB3/9 W') }).legalTurns().length, 1);
  assert.throws(() => new f.Game('nonsense'), refusal('no_such_board'));
  assert.throws(() => new f.Game({ board: '4x4' }), refusal('unknown_board'));
  assert.throws(() => new f.Game(7), TypeError);
  game.free();
});

test('playing by notation, by a turn object and by steps; illegal turns refused with the rule', () => {
  const game = new f.Game();
  const first = game.play('d3-e3A');
  assert.equal(first.text, 'd3-e3A');
  assert.deepEqual(first.captured, ['f3']);
  assert.equal(game.turn(), 'black');
  const reply = game.legalTurns().find((t) => t.text === 'c3-d3W') ?? game.legalTurns()[0];
  assert.deepEqual(game.play(reply), reply);
  const third = game.legalTurns()[0];
  assert.equal(game.play({ from: third.from, steps: third.steps.map((s) => ({ to: s.to, capture: s.capture })) }).text, third.text);
  assert.equal(game.history().length, 3);
  for (const [turn, code] of [['a1-a2', 'not_your_stone'], ['', 'notation_empty_turn']])
    assert.throws(() => game.play(turn), refusal(code));
  const fresh = new f.Game();
  for (const [turn, code] of [['a1-a2', 'point_occupied'], ['e2-e3W', 'no_withdrawal_capture'], ['a5-a4', 'not_your_stone']])
    assert.throws(() => fresh.play(turn), refusal(code));
  fresh.free();
  assert.throws(() => game.play({ steps: [{ from: 'a1', to: 'b7' }] }), refusal('notation_off_board'));
  assert.throws(() => game.play({ steps: [{ from: 'a1', to: 'b2', capture: 'sideways' }] }), TypeError);
  assert.throws(() => game.play(42), TypeError);
  assert.equal(game.history().length, 3, 'a refused turn changes nothing');
  // The legal turns in notation, the same turns; one of them played as it is.
  const texts = game.legalTurns({ notation: true });
  assert.deepEqual(texts, game.legalTurns().map((t) => t.text));
  assert.equal(game.play(texts.at(-1)).text, texts.at(-1));
  assert.equal(game.history().at(-1), texts.at(-1));
  game.free();
});

test('undo and redo', () => {
  const game = new f.Game();
  assert.equal(game.undo(), null);
  assert.equal(game.redo(), null);
  game.play('d3-e3A');
  game.play(game.legalTurns()[0]);
  const second = game.history()[1];
  assert.equal(game.undo().text, second);
  assert.equal(game.undo().text, 'd3-e3A');
  assert.equal(game.fen(), f.initialFen());
  assert.equal(game.redo().text, 'd3-e3A');
  assert.equal(game.redo().text, second);
  assert.equal(game.redo(), null);
  game.undo();
  game.undo();
  game.play('d3-e3A');  // the turn that was undone: the next one can still be redone
  assert.equal(game.redo().text, second);
  game.undo();
  game.undo();
  game.play('d3-e3W');  // another turn: nothing left to redo
  assert.equal(game.redo(), null);
  game.free();
});

test('history, verbose with the positions around each turn', () => {
  const game = new f.Game();
  game.play('d3-e3A');
  game.play(game.legalTurns()[0]);
  const [a, b] = game.history({ verbose: true });
  assert.equal(a.text, 'd3-e3A');
  assert.equal(a.before, f.initialFen());
  assert.equal(a.after, b.before);
  assert.equal(b.after, game.fen());
  assert.deepEqual(game.toJSON(), { startFen: f.initialFen(), turns: game.history() });
  game.free();
});

test('the result and its reason on the small board, and threefold repetition', () => {
  // 3x3: White captures Black's last stone.
  const won = new f.Game('B2/3/W2 W');
  assert.equal(won.play('a1-a2').text, 'a1-a2A');
  assert.deepEqual(won.result(), { over: true, outcome: 'whiteWins', winner: 'white', reason: 'noStones', text: 'White wins: Black has no stones left' });
  assert.ok(won.isOver());
  assert.deepEqual(won.legalTurns(), []);
  assert.deepEqual(won.legalTurns({ notation: true }), []);
  assert.throws(() => won.play('a1-a2'), refusal('game_over'));
  assert.deepEqual(won.legalSteps(), []);
  won.free();
  // Two lone stones walk back and forth: the third occurrence is a draw.
  const game = new f.Game('W8/9/9/9/8B W');
  for (const turn of ['a5-b5', 'i1-h1', 'b5-a5', 'h1-i1']) game.play(turn);
  assert.equal(game.repetitions(), 2);
  for (const turn of ['a5-b5', 'i1-h1', 'b5-a5']) game.play(turn);
  assert.equal(game.isOver(), false);
  game.play('h1-i1');
  assert.equal(game.repetitions(), 3);
  assert.deepEqual(game.result(), { over: true, outcome: 'draw', winner: null, reason: 'threefoldRepetition', text: 'draw: the same position occurred three times' });
  game.free();
});

test('reset, free, and a freed game refuses to be used', () => {
  const game = new f.Game();
  game.play('d3-e3A');
  game.reset();
  assert.equal(game.history().length, 0);
  game.reset('9/9/4B4/3BWB3/9 W');
  assert.equal(game.legalTurns().length, 1);
  assert.throws(() => game.reset('BBB/B1W/WWW W'), refusal());  // another board
  game.free();
  game.free();  // twice is harmless
  assert.throws(() => game.fen(), refusal('freed'));
  // Symbol.dispose frees too (what `using game = new f.Game()` calls).
  const disposed = new f.Game();
  disposed[Symbol.dispose ?? Symbol.for('Symbol.dispose')]();
  assert.throws(() => disposed.legalTurns(), refusal('freed'));
  assert.throws(() => game.legalTurns(), refusal('freed'));
});

test('step by step: legal steps with what they would capture, a stone checked, a chain, Finish', () => {
  const game = new f.Game('BB1B1B2B/2W2WB1B/6B2/WWW2BWWW/WW3W3 W');
  const fromF4 = game.legalSteps('f4');
  assert.ok(fromF4.length > 0 && fromF4.every((s) => s.from === 'f4'));
  const first = fromF4.find((s) => s.text === 'f4-f3W');
  assert.ok(first.captured.length > 0, 'the preview names the stones it would take');
  assert.equal(game.checkStone('f4'), null);
  const refused = game.checkStone('a1');
  assert.ok(refused instanceof FanoronaError);
  assert.match(refused.message, /^capture is compulsory: the stone on a1 captures nothing, but .* captures$/);
  assert.match(game.checkStone('e1').message, /there is no stone on e1/);
  assert.match(game.checkStone('a5').message, /is Black's, and it is White's turn/);

  const played = game.step('f4', 'f3', 'withdrawal');
  assert.deepEqual(played.step, first);
  assert.equal(played.turnEnded, false);
  let now = game.currentTurn();
  assert.equal(now.stone, 'f3');
  assert.equal(now.canStop, true);
  assert.equal(now.mustStop, false);
  assert.deepEqual(now.captured, first.captured);
  assert.equal(now.position.turn, 'black');
  assert.ok(!now.position.black.includes(first.captured[0]));
  assert.match(game.checkStone('a1').message, /only the stone that started the turn, now on f3, may continue it/);
  assert.ok(game.legalSteps().every((s) => s.from === 'f3'));

  game.step('e3W');  // the destination alone continues the chain
  assert.equal(game.currentTurn().text, 'f4-f3W-e3W');
  assert.throws(() => game.step('e3', 'f3'), refusal('revisited_point', /f3/));
  assert.equal(game.undoStep(), true);
  assert.equal(game.currentTurn().text, 'f4-f3W');
  game.step({ from: 'f3', to: 'e3', capture: 'W' });
  const turn = game.finish();
  assert.equal(turn.text, 'f4-f3W-e3W');
  assert.equal(game.history().at(-1), 'f4-f3W-e3W');
  assert.equal(game.currentTurn().stone, null);
  assert.throws(() => game.finish(), refusal('no_step'));
  assert.equal(game.undoStep(), false);
  game.free();
});

test('step by step: a chain that cannot go on ends by itself; cancel abandons the steps', () => {
  const game = new f.Game();
  const ended = game.step('d3-e3A');
  assert.equal(ended.turnEnded, true);
  assert.equal(ended.turn.text, 'd3-e3A');
  assert.equal(game.turn(), 'black');
  const black = new f.Game('BB1B1B2B/2W2WB1B/6B2/WWW2BWWW/WW3W3 W');
  black.step('f4', 'f3', 'withdrawal');
  black.cancelTurn();
  assert.equal(black.currentTurn().stone, null);
  assert.equal(black.fen(), 'BB1B1B2B/2W2WB1B/6B2/WWW2BWWW/WW3W3 W');
  // An ambiguous step is refused with both ways named.
  const start = new f.Game();
  assert.throws(() => start.step('d3', 'e3'), refusal('ambiguous_capture', 'd3-e3 captures by approach or by withdrawal: write d3-e3A or d3-e3W'));
  assert.throws(() => start.step('d3', 'e3', 'sideways'), TypeError);
  assert.throws(() => start.step('d3', 'x9'), refusal('notation_off_board'));
  // Paika: one step ends the turn.
  const quiet = new f.Game('9/9/4W4/9/B8 W');
  const paika = quiet.step('e3', 'e4');
  assert.equal(paika.turnEnded, true);
  assert.equal(paika.step.capture, 'none');
  for (const g of [game, black, start, quiet]) g.free();
});
