// Positions, boards, notation and perft: the rules through the package, against the C++
// library's own figures (tests/perft_test.cpp and tests/suite_positions.hpp).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { f, FanoronaError, refusal } from './fanorona.mjs';

test('the package loads once and says its version', async () => {
  const { load } = await import('./fanorona.mjs');
  assert.equal(await load(), f);
  assert.match(f.version, /^\d+\.\d+\.\d+$/);
  assert.deepEqual([...f.boards], ['9x5', '5x5', '3x3']);
});

test('boards: points by index, lines, initial positions', () => {
  const tsivy = f.board();
  assert.equal(tsivy.size, '9x5');
  assert.equal(tsivy.points.length, 45);
  assert.equal(tsivy.points[22], 'e3');
  // 9x5: 8*5 + 9*4 orthogonal lines, and the diagonals through the strong points.
  assert.equal(tsivy.lines.length, 40 + 36 + 32);
  assert.ok(tsivy.lines.some(([a, b]) => a === 'a1' && b === 'b2'));
  assert.ok(!tsivy.lines.some(([a, b]) => a === 'b1' && b === 'c2'));
  assert.equal(f.board('3x3').lines.length, 12 + 4);
  assert.equal(f.initialFen(), 'BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW W');
  assert.equal(f.initialFen('5x5'), 'BBBBB/BBBBB/BW1BW/WWWWW/WWWWW W');
  assert.equal(f.initialFen('3x3'), 'BBB/B1W/WWW W');
  assert.throws(() => f.board('7x7'), (e) => e instanceof FanoronaError && e.code === 'unknown_board');
});

test('points: names and indices', () => {
  assert.equal(f.pointName(0), 'a1');
  assert.equal(f.pointName(44), 'i5');
  assert.equal(f.pointName(24, '5x5'), 'e5');
  assert.equal(f.parsePoint('E3'), 22);
  assert.equal(f.parsePoint('c3', '3x3'), 8);
  assert.throws(() => f.parsePoint('j1'), refusal('notation_off_board', 'j1 is not a point of the 9x5 board'));
  assert.throws(() => f.parsePoint('d1', '3x3'), refusal('notation_off_board'));
  assert.throws(() => f.pointName(45), refusal('point_off_board'));
  assert.throws(() => f.pointName(-1), refusal('point_off_board'));
  assert.throws(() => f.parsePoint(3), TypeError);
});

test('a position: stones, side to move, compulsory capture, result', () => {
  const p = new f.Position();
  assert.equal(p.fen, f.initialFen());
  assert.equal(p.board, '9x5');
  assert.equal(p.turn, 'white');
  assert.equal(p.white.length, 22);
  assert.equal(p.black.length, 22);
  assert.equal(p.at('e3'), null);
  assert.equal(p.at('d3'), 'white');
  assert.equal(p.at(21), 'white');
  assert.equal(p.at('e4'), 'black');
  assert.deepEqual(p.stones('black'), p.black);
  assert.equal(p.mustCapture, true);
  assert.deepEqual(p.result, { over: false, outcome: 'ongoing', winner: null, reason: null, text: 'the game goes on' });
  assert.ok(Object.isFrozen(p) && Object.isFrozen(p.white));
  assert.ok(p.equals(f.Position.initial()));
  assert.ok(!p.equals(f.Position.initial('5x5')));
  assert.equal(String(p), p.fen);
  // White to move with no stones has lost; a blocked side too.
  const lost = new f.Position('9/9/9/9/B8 W');
  assert.deepEqual([lost.result.winner, lost.result.reason], ['black', 'noStones']);
  const blocked = new f.Position('9/9/9/BB7/WB7 W');
  assert.deepEqual([blocked.result.outcome, blocked.result.reason], ['blackWins', 'noLegalTurn']);
  assert.equal(blocked.result.text, 'Black wins: White cannot move');
  assert.equal(blocked.mustCapture, false);
  assert.deepEqual(blocked.legalTurns(), []);
});

test('a FEN the library refuses is a FanoronaError with its message and offset', () => {
  for (const fen of ['', 'xyz', 'BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW', '9/9/9/9/9 X', 'WWWWW/WWWWW/WWWWW/WWWWW/WWWWW W', '4/4/4 W']) {
    assert.throws(() => new f.Position(fen), (e) => {
      assert.ok(e instanceof FanoronaError, fen);
      assert.equal(e.name, 'FanoronaError');
      assert.ok(refusal()(e));
      assert.ok(e.message.length > 10, e.message);
      assert.equal(typeof e.values, 'object');
      return true;
    });
  }
  assert.throws(() => new f.Position('9/9/9/9/9 X'), (e) => e.offset === 10);
  assert.throws(() => new f.Position(42), TypeError);
});

test('legal turns with their steps and captures', () => {
  const turns = new f.Position().legalTurns();
  assert.deepEqual(turns.map((t) => t.text).sort(), ['d2-e3A', 'd3-e3A', 'd3-e3W', 'e2-e3A', 'f2-e3A']);
  const withdrawal = turns.find((t) => t.text === 'd3-e3W');
  assert.deepEqual(withdrawal, {
    text: 'd3-e3W', from: 'd3', to: 'e3', path: ['d3', 'e3'], isCapture: true, captured: ['c3'],
    steps: [{ from: 'd3', to: 'e3', capture: 'withdrawal', text: 'd3-e3W', captured: ['c3'] }],
  });
  // A chain of four captures, and every shorter chain it passes through.
  const middle = new f.Position('BB1B1B2B/2W2WB1B/6B2/WWW2BWWW/WW3W3 W');
  const all = middle.legalTurns();
  const chain = all.find((t) => t.steps.length === 4);
  assert.equal(chain.text, 'f4-f3W-e3W-d4W-d3W');
  assert.deepEqual(chain.path, ['f4', 'f3', 'e3', 'd4', 'd3']);
  assert.equal(chain.captured.length, chain.steps.reduce((n, s) => n + s.captured.length, 0));
  for (const prefix of ['f4-f3W', 'f4-f3W-e3W', 'f4-f3W-e3W-d4W']) assert.ok(all.some((t) => t.text === prefix), prefix);
  assert.equal(middle.countTurns(), all.length);
  assert.deepEqual(new f.Position('9/9/4B4/3BWB3/9 W').legalTurns().map((t) => t.text), ['e2-e1W']);
  // Paika moves when nothing captures.
  const paika = new f.Position('9/9/4W4/9/B8 W').legalTurns();
  assert.ok(paika.length === 8 && paika.every((t) => !t.isCapture && t.steps[0].capture === 'none'));
});

test('notation: turns read against a position, steps read alone', () => {
  const p = new f.Position();
  assert.equal(p.parseTurn('D3-E3a').text, 'd3-e3A');
  assert.equal(p.parseTurn(' e2-e3 ').text, 'e2-e3A');  // only approach is possible
  assert.throws(() => p.parseTurn('d3-e3'), refusal('ambiguous_capture', 'd3-e3 captures by approach or by withdrawal: write d3-e3A or d3-e3W'));
  assert.throws(() => p.parseTurn('e2-e3W'), refusal('no_withdrawal_capture', 'e2-e3 captures nothing by withdrawal: no Black stone stands behind e2'));
  assert.throws(() => p.parseTurn('z9-a1'), refusal('notation_off_board'));
  assert.throws(() => p.parseTurn(''), (e) => e.offset === 0);
  assert.equal(p.after('d3-e3A').fen, 'BBBBBBBBB/BBBBBBBBB/BWB1W1WBW/WWWWWWWWW/WWWWWWWWW B');
  assert.equal(p.after(p.legalTurns()[0]).turn, 'black');
  assert.deepEqual(f.parseStep('d3-e3A'), { from: 'd3', to: 'e3', capture: 'approach' });
  assert.deepEqual(f.parseStep('d3-e3'), { from: 'd3', to: 'e3', capture: null });
  assert.deepEqual(f.parseStep('d4w', { stone: 'e3' }), { from: 'e3', to: 'd4', capture: 'withdrawal' });
  assert.deepEqual(f.parseStep('b1-c1', { board: '3x3' }), { from: 'b1', to: 'c1', capture: null });
  assert.throws(() => f.parseStep('d4W'), refusal('notation_mark_on_start'));
  assert.throws(() => f.parseStep('e4-e5', { board: '3x3' }), refusal('notation_off_board', 'e4 is not a point of the 3x3 board'));
});

test('symmetries of positions, turns and points', () => {
  const p = new f.Position();
  assert.equal(p.halfTurn().fen, 'BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW B');
  assert.equal(p.mirrorFiles().fen, 'BBBBBBBBB/BBBBBBBBB/WBWB1WBWB/WWWWWWWWW/WWWWWWWWW W');
  assert.equal(p.mirrorRanks().turn, 'black');
  assert.equal(p.transform('identity').fen, p.fen);
  assert.equal(p.transformTurn('d3-e3A', 'mirrorFiles').text, 'f3-e3A');
  assert.equal(f.transformPoint('a1', 'halfTurn'), 'i5');
  assert.equal(f.transformPoint(0, 'mirrorRanks', '3x3'), 'a3');
  assert.deepEqual([...f.symmetries], ['identity', 'mirrorFiles', 'mirrorRanks', 'halfTurn']);
  assert.throws(() => p.transform('rotate'), TypeError);
  const mid = new f.Position('BB1B1B2B/2W2WB1B/6B2/WWW2BWWW/WW3W3 W');
  for (const s of f.symmetries) assert.equal(mid.transform(s).perft(3), mid.perft(3), s);
});

test('perft from the initial positions of the three boards, as the C++ library counts', () => {
  const expected = {
    '9x5': [1, 5, 39, 724, 18026, 431852],
    '5x5': [1, 5, 21, 202, 3469, 34608],
    '3x3': [1, 4, 7, 14, 67, 137, 280],
  };
  for (const [board, counts] of Object.entries(expected))
    counts.forEach((count, depth) => assert.equal(f.perft(f.initialFen(board), depth), count, `${board} perft ${depth}`));
  assert.equal(f.perft(new f.Position(), 2), 39);
});

test('perft of positions of the C++ suite (tests/suite_positions.hpp)', () => {
  const suite = [
    ['BBBBBBBBB/BBB1BBBBB/BWBBW1WBW/WWW1WWWWW/WWW1WWWWW W', 4],
    ['1BBBBBBBB/B1BBB1B1B/BW1W2WB1/WWW1W1WWW/WWWW2WWW W', 4, 183604],
    ['4B4/7B1/WW5W1/7W1/1W1W5 W', 6, 352437],
    ['1B1B1B2B/4B1B2/9/1B5W1/W8 W', 7, 207895],
  ];
  for (const [fen, depth, nodes] of suite) {
    const n = f.perft(fen, depth);
    if (nodes !== undefined) assert.equal(n, nodes, fen);
    // divide adds up to perft, one entry per legal turn.
    const entries = f.divide(fen, depth > 4 ? 3 : depth);
    assert.equal(entries.length, new f.Position(fen).countTurns());
    assert.equal(entries.reduce((s, e) => s + e.count, 0), f.perft(fen, depth > 4 ? 3 : depth));
  }
  assert.throws(() => f.perft(f.initialFen(), -1), RangeError);
  assert.throws(() => f.perft(f.initialFen(), 1.5), RangeError);
  assert.throws(() => f.divide(f.initialFen(), 0), RangeError);
  assert.throws(() => f.perft('nonsense', 2), refusal('no_such_board'));
});

test('error codes, their English templates, and messages made from codes and values', () => {
  assert.ok(f.errorCodes.includes('no_stone') && f.errorCodes.includes('game_over') && f.errorCodes.includes('argument_out_of_range'));
  assert.ok(!f.errorCodes.includes('unclassified'));  // every refusal has a code of its own
  assert.equal(new Set(f.errorCodes).size, f.errorCodes.length);
  assert.equal(f.messageTemplates.no_stone, 'there is no stone on {point}');
  assert.deepEqual(Object.keys(f.messageTemplates), [...f.errorCodes]);
  assert.equal(f.formatMessage('no_stone', { point: 'e3' }), 'there is no stone on e3');
  assert.equal(f.formatMessage('not_your_stone', { point: 'e4', color: 'black', mover: 'white' }), "the stone on e4 is Black's, and it is White's turn");
  assert.equal(f.formatMessage('no_stone'), 'there is no stone on {point}');
  assert.throws(() => f.formatMessage('no_such_code'), refusal('unknown_error_code'));
  // A refusal made by the package itself carries the library's code and values too.
  const game = new f.Game('B2/3/W2 W');
  game.play('a1-a2A');
  assert.throws(() => game.play('a2-a3'), (e) => {
    assert.ok(refusal('game_over')(e));
    assert.deepEqual(e.values, { result: 'white_wins_no_stones' });
    assert.equal(e.message, 'the game is over (White wins: Black has no stones left)');
    assert.equal(f.formatMessage(e.code, e.values), e.message);
    return true;
  });
  game.free();
});

test('a .wasm that cannot be loaded rejects load(), and load() with options makes a new instance', async () => {
  const { load, packageUrl } = await import('./fanorona.mjs');
  await assert.rejects(load({ wasm: new URL('./no-such-file.wasm', packageUrl) }), /fanorona: the WebAssembly module failed to load/);
  await assert.rejects(load({ wasm: new Uint8Array([0, 97, 115, 109, 9, 9, 9, 9]) }), /failed to load/);
  const other = await load({ wasm: new URL('./fanorona-wasm.wasm', packageUrl) });
  assert.notEqual(other, f);
  assert.equal(other.perft(other.initialFen('3x3'), 4), 67);
  // Objects of one instance are not another's.
  assert.throws(() => other.perft(new f.Position(), 1), TypeError);
});
