// Game records and SVG diagrams.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { f, FanoronaError, refusal } from './fanorona.mjs';

test('a game written as a record and read back', () => {
  const game = new f.Game();
  game.play('d3-e3A');
  game.play(game.legalTurns()[0]);
  const text = game.record({ tags: { White: 'Rabe', Black: 'Soa', Date: '2024.05.17', Annotator: 'R. Rakoto' }, comments: [{ after: 1, text: 'the usual first capture' }], result: '0-1', termination: 'resignation' });
  assert.match(text, /^\[Event "\?"\]\n/);
  assert.match(text, /\[White "Rabe"\]/);
  assert.match(text, /\[Termination "resignation"\]/);
  assert.match(text, /1\. d3-e3A \{the usual first capture\} 1\.\.\. \S+ 0-1\n$/);
  const record = f.parseRecord(text);
  assert.equal(record.board, '9x5');
  assert.equal(record.startFen, f.initialFen());
  assert.deepEqual(record.turns, game.history());
  assert.deepEqual(record.comments, [{ after: 1, text: 'the usual first capture' }]);
  assert.equal(record.result, '0-1');
  assert.equal(record.termination, 'resignation');
  assert.equal(record.tags.Annotator, 'R. Rakoto');
  assert.equal(f.writeRecord(record), text);
  const again = f.Game.fromRecord(text);
  assert.equal(again.fen(), game.fen());
  again.free();
  game.free();
});

test('records of the small boards, several games, and refused games with their place', () => {
  const text = '[Board "5x5"]\n\n1. b3-c3A *\n\n[Board "3x3"]\n\n1. c1-c3 *\n\n[Event "x"]\n\n1. a1-a2 *\n';
  const { records, errors } = f.readRecords(text);
  assert.equal(records.length, 1);
  assert.equal(records[0].board, '5x5');
  assert.deepEqual(records[0].turns, ['b3-c3A']);
  assert.equal(errors.length, 2);
  for (const e of errors) {
    assert.ok(e instanceof FanoronaError);
    assert.ok(refusal()(e));
    assert.ok(e.line > 1 && e.column >= 1 && e.game >= 2, JSON.stringify(e));
    assert.match(e.message, /^line \d+, column \d+: /);
  }
  assert.throws(() => f.parseRecord(text), refusal());
  assert.throws(() => f.parseRecord(''), refusal('record_no_game'));
  assert.throws(() => f.parseRecord('[Board "5x5"]\n\n*\n\n[Board "5x5"]\n\n*\n'), refusal('record_several_games', 'the text holds more than one game'));
  const small = f.Game.fromRecord('[Board "3x3"]\n\n*\n');
  assert.equal(small.board, '3x3');
  small.free();
});

test('a record refuses what contradicts the game', () => {
  const game = new f.Game();
  assert.throws(() => game.record({ tags: { Date: 'yesterday' } }), refusal('record_bad_date'));
  assert.throws(() => game.record({ tags: { 'no spaces': 'x' } }), refusal('record_bad_tag_name'));
  assert.throws(() => game.record({ tags: { Result: '1-0' } }), refusal('record_result_tag_set'));
  assert.throws(() => game.record({ result: '1-0', termination: 'no stones' }), refusal('record_stones_left'));
  assert.throws(() => game.record({ result: '2-0' }), refusal('record_bad_result_tag'));
  assert.throws(() => game.record({ result: '1-0', termination: 'boredom' }), refusal('record_unknown_termination'));
  assert.throws(() => game.record({ comments: [{ after: 3, text: 'too far' }] }), refusal('record_comment_place'));
  assert.throws(() => f.writeRecord({ turns: ['d3-e3A', 'a1-a2'] }), refusal('not_your_stone'));
  assert.match(game.record({ result: '1/2-1/2', termination: 'agreement' }), /1\/2-1\/2\n$/);
  assert.deepEqual([...f.terminations], ['no stones', 'no legal turn', 'threefold repetition', 'agreement', 'resignation',
    'time forfeit', 'adjudication', 'abandoned', 'unfinished']);
  game.free();
});

test('SVG diagrams of positions and games', () => {
  const p = new f.Position();
  const plain = f.svg(p);
  assert.match(plain, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.match(plain, /<\/svg>\n?$/);
  assert.match(plain, new RegExp(`<title>${p.fen}</title>`));
  assert.equal(p.svg(), plain);
  const marked = f.svg(p.fen, { highlighted: ['e3'], turn: 'd3-e3A', title: 'The first capture <&>', unit: 30, coordinates: false, forbiddenSteps: [{ from: 'b1', to: 'c2' }], captured: ['a5'] });
  assert.match(marked, /<title>The first capture &lt;&amp;&gt;<\/title>/);
  assert.match(marked, /class="highlight"/);
  assert.match(marked, /class="forbidden"/);
  assert.match(marked, /class="step"/);
  assert.notEqual(marked, plain);
  const game = new f.Game({ board: '3x3' });
  game.play(game.legalTurns()[0]);
  assert.match(game.svg(), /class="step"/);
  assert.throws(() => f.svg(p, { highlighted: ['z9'] }), refusal('notation_off_board'));
  assert.throws(() => f.svg(p, { turn: 'a1-a2' }), refusal('point_occupied'));
  assert.throws(() => f.svg(p, { unit: 'big' }), TypeError);
  game.free();
});
