// The computer opponent, in this thread and in a worker: levels, limits, each completed depth
// (onIteration, onProgress), stop, cancellation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { f, FanoronaError, refusal } from './fanorona.mjs';

test('an engine chooses a legal turn at every level, the same for the same seed', () => {
  const game = new f.Game();
  const legal = game.legalTurns().map((t) => t.text);
  for (let level = 1; level <= 5; ++level) {
    const engine = new f.Engine({ level, seed: 11, tableMegabytes: 2 });
    const a = engine.choose(game);
    assert.ok(legal.includes(a.turn.text), `level ${level}`);
    assert.equal(engine.level, level);
    engine.setLevel(level, 11);
    assert.equal(engine.choose(game).turn.text, a.turn.text, 'deterministic for a seed');
    engine.free();
  }
  game.free();
});

test('a search within limits: depth, nodes, time; its result in full', () => {
  const engine = new f.Engine({ tableMegabytes: 4 });
  const game = new f.Game();
  const r = engine.search(game, { depth: 3 });
  assert.equal(r.depth, 3);
  assert.ok(r.nodes > 0 && r.selDepth >= 3 && r.ms >= 0);
  assert.equal(r.pv[0].text, r.turn.text);
  assert.match(r.scoreText, /^[+-]\d+\.\d\d$/);
  assert.equal(r.score, Math.round(parseFloat(r.scoreText) * 100));
  assert.equal(r.decisive, false);
  assert.equal(r.pliesToEnd, 0);
  assert.ok(!('mate' in r) && !('matePlies' in r));
  const limited = engine.search(game, { nodes: 2000 });
  assert.ok(limited.nodes < 2200, String(limited.nodes));
  const t0 = performance.now();
  engine.search(game, { timeMs: 150 });
  assert.ok(performance.now() - t0 < 1500, 'stops near its time limit');
  // A single legal turn needs no search.
  const forced = engine.search('B2/3/W2 W', { depth: 4 });
  assert.equal(forced.turn.text, 'a1-a2A');
  assert.equal(forced.depth, 0);
  assert.equal(typeof engine.evaluate(game), 'number');
  engine.clear();
  assert.equal(engine.search(game, { depth: 3 }).turn.text, r.turn.text, 'the same search after clear()');
  assert.equal(engine.evaluate(f.initialFen()), engine.evaluate(new f.Position()));
  // A game clock: a quick answer with little time left.
  const clocked = engine.choose(game, { clock: { remainingMs: 300, incrementMs: 0 } });
  assert.ok(clocked.turn);
  assert.throws(() => engine.search(game, { depth: -1 }), RangeError);
  assert.throws(() => engine.setLevel(8), RangeError);
  assert.throws(() => new f.Engine({ level: 0 }), RangeError);
  assert.throws(() => engine.choose(game, { clock: { remainingMs: -5 } }), RangeError);
  const over = new f.Game('B2/3/W2 W');
  over.play('a1-a2A');
  assert.throws(() => engine.choose(over), (e) => e instanceof FanoronaError && e.code === 'game_over');
  engine.free();
  assert.throws(() => engine.choose(game), refusal('freed'));
  over.free();
  game.free();
});

test('a forced win seen to its end: decisive, pliesToEnd, "win in 3"', () => {
  const engine = new f.Engine({ tableMegabytes: 1 });
  const depths = [];
  const r = engine.search('3/B1B/W1W W', { depth: 6, onIteration: (info) => depths.push([info.depth, info.decisive]) });
  assert.equal(r.decisive, true);
  assert.equal(r.pliesToEnd, 3);
  assert.equal(r.scoreText, 'win in 3');
  assert.equal(r.depth, 3, 'no deeper iteration once the end is seen');
  assert.deepEqual(depths.map(([depth]) => depth), [1, 2, 3]);
  assert.deepEqual(depths[2], [3, true]);
  engine.free();
});

test('onIteration: each completed depth once, in order, the last one the answer', () => {
  const engine = new f.Engine({ tableMegabytes: 4 });
  const game = new f.Game();
  const reports = [];
  const r = engine.search(game, { depth: 4, onIteration: (info) => reports.push(info) });
  assert.deepEqual(reports.map((i) => i.depth), [1, 2, 3, 4]);
  const legal = game.legalTurns().map((t) => t.text);
  for (const info of reports) {
    assert.ok(legal.includes(info.turn.text));
    assert.equal(info.pv[0].text, info.turn.text);
    assert.equal(typeof info.scoreText, 'string');
  }
  const nodes = reports.map((i) => i.nodes);
  assert.deepEqual(nodes, [...nodes].sort((a, b) => a - b));
  assert.ok(nodes[0] > 0 && r.nodes >= nodes[3]);
  const last = reports[3];
  assert.deepEqual([last.turn.text, last.score, last.pv.map((t) => t.text)], [r.turn.text, r.score, r.pv.map((t) => t.text)]);
  // choose reports its depths too: level 4 looks three turns ahead, all three on the 5x5 board.
  const depths = [];
  const chosen = new f.Engine({ level: 4, seed: 2, tableMegabytes: 2 }).choose(new f.Game(f.initialFen('5x5')), { onIteration: (info) => depths.push(info.depth) });
  assert.deepEqual(depths, [1, 2, 3]);
  assert.equal(chosen.depth, 3);
  // Only for the call it is given to.
  depths.length = 0;
  engine.search(game, { depth: 2 });
  assert.deepEqual(depths, []);
  assert.throws(() => engine.search(game, { depth: 2, onIteration: 5 }), TypeError);
  engine.free();
  game.free();
});

test('stop() from onIteration keeps the last completed depth', () => {
  const engine = new f.Engine({ tableMegabytes: 4 });
  const r = engine.search(new f.Game(), { depth: 20, onIteration: (info) => { if (info.depth === 2) engine.stop(); } });
  assert.equal(r.depth, 2);
  assert.ok(r.turn);
  engine.stop();  // no search: nothing to stop, and the next search is not cut short
  assert.equal(engine.search(new f.Game(), { depth: 3 }).depth, 3);
  engine.free();
});

test('while it searches, the engine refuses every call but stop(); an error in onIteration ends the search', () => {
  const engine = new f.Engine({ tableMegabytes: 4 });
  const game = new f.Game();
  const refused = [];
  const t0 = performance.now();
  const r = engine.search(game, {
    timeMs: 60000,
    onIteration: () => {
      for (const call of [() => engine.search(game, { depth: 1 }), () => engine.choose(game), () => engine.setLevel(3),
        () => engine.clear(), () => engine.evaluate(game), () => engine.free()]) {
        try { call(); } catch (e) { refused.push(e.code); }
      }
      // The game searched is the engine's copy: the program may change or free its own.
      game.play('d3-e3A');
      game.free();
      engine.stop();
    },
  });
  assert.deepEqual(refused, Array(6).fill('engine_busy'));
  assert.ok(performance.now() - t0 < 20000 && r.depth === 1 && r.turn.text !== undefined);
  assert.equal(engine.level, 6);
  const boom = new Error('enough');
  const seen = [];
  assert.throws(() => engine.search(new f.Game(), { timeMs: 60000, onIteration: (info) => { seen.push(info.depth); throw boom; } }), (e) => e === boom);
  assert.deepEqual(seen, [1], 'stopped at the first depth');
  assert.equal(engine.search(new f.Game(), { depth: 2 }).depth, 2, 'usable again');
  // Another engine may search from one engine's onIteration.
  const other = new f.Engine({ tableMegabytes: 1 });
  let inner = null;
  engine.search(new f.Game(), { depth: 1, onIteration: () => { inner = other.search('3/B1B/W1W W', { depth: 6 }); } });
  assert.equal(inner.scoreText, 'win in 3');
  other.free();
  engine.free();
  assert.throws(() => engine.free() ?? engine.search(new f.Game()), refusal('freed'));
});

test('the engine sees repetitions in the game it is given', () => {
  const engine = new f.Engine({ level: 6, tableMegabytes: 2 });
  const game = new f.Game('W8/9/9/9/8B W');
  for (const turn of ['a5-b5', 'i1-h1', 'b5-a5', 'h1-i1', 'a5-b5', 'i1-h1', 'b5-a5']) game.play(turn);
  // Black to move: h1-i1 repeats the position a third time, a draw the search scores 0.
  const r = engine.search(game, { depth: 2 });
  assert.ok(r.turn);
  engine.free();
  game.free();
});

test('the levels: seven, weakest first, each with its name and a line on how it plays', () => {
  assert.equal(f.levels.length, 7);
  assert.deepEqual(f.levels.map((l) => l.level), [1, 2, 3, 4, 5, 6, 7]);
  assert.equal(f.levels[0].name, 'Beginner');
  assert.equal(f.levels[6].name, 'Master');
  assert.equal(new Set(f.levels.map((l) => l.name)).size, 7);
  for (const l of f.levels) assert.ok(l.description.length > 20, l.name);
  assert.ok(Object.isFrozen(f.levels) && Object.isFrozen(f.levels[0]));
});

test('the engine in a worker is ready once it has loaded its module, before any search', async () => {
  const worker = new f.EngineWorker({ level: 1 });
  try {
    assert.equal(await worker.ready(), undefined);
    assert.equal(await worker.ready(), undefined);  // and again, at once
    assert.ok((await worker.choose(f.initialFen('3x3'))).turn);
  } finally {
    worker.terminate();
  }
});

test('the engine in a worker: choose, search with progress, perft, cancellation', async () => {
  const worker = new f.EngineWorker({ level: 2, seed: 3, tableMegabytes: 4 });
  try {
    const game = new f.Game();
    game.play('d3-e3A');
    const legal = game.legalTurns().map((t) => t.text);
    const chosen = await worker.choose(game);
    assert.ok(legal.includes(chosen.turn.text));
    const depths = [];
    const found = await worker.search(game, { depth: 4, onProgress: (r) => depths.push(r.depth) });
    assert.deepEqual(depths, [1, 2, 3, 4]);
    assert.equal(found.depth, 4);
    assert.ok(legal.includes(found.turn.text));
    assert.throws(() => worker.search(game, { depth: 2, onIteration: () => {} }), TypeError);
    assert.equal(await worker.perft(f.initialFen('5x5'), 4), 3469);
    await assert.rejects(worker.search('nonsense', { depth: 2 }), refusal('no_such_board'));
    // Canceled: the promise rejects at once, and the worker serves the next request.
    const controller = new AbortController();
    const long = worker.search(new f.Game(), { timeMs: 20000, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const t0 = performance.now();
    await assert.rejects(long, { name: 'AbortError' });
    assert.ok(performance.now() - t0 < 5000);
    const aborted = new AbortController();
    aborted.abort();
    await assert.rejects(worker.choose(game, { signal: aborted.signal }), { name: 'AbortError' });
    assert.ok(legal.includes((await worker.choose(game)).turn.text));
    worker.setLevel(1, 5);
    assert.equal(worker.level, 1);
    assert.ok((await worker.choose(game)).turn);
    game.free();
  } finally {
    worker.terminate();
  }
  // After terminate, the next request starts a new worker.
  assert.ok((await worker.choose(f.initialFen())).turn);
  worker.terminate();
});

test("the worker's progress is one search: the depths, scores and nodes an Engine reports", async () => {
  const game = new f.Game();
  game.play('d3-e3A');
  const here = [];
  const engine = new f.Engine({ tableMegabytes: 4 });
  const expected = engine.search(game, { depth: 4, onIteration: (r) => here.push([r.depth, r.turn.text, r.score, r.nodes]) });
  engine.free();
  const worker = new f.EngineWorker({ tableMegabytes: 4 });
  try {
    const there = [];
    const found = await worker.search(game, { depth: 4, onProgress: (r) => there.push([r.depth, r.turn.text, r.score, r.nodes]) });
    assert.deepEqual(there, here);
    assert.deepEqual([found.turn.text, found.score, found.nodes], [expected.turn.text, expected.score, expected.nodes]);
    // choose reports each completed depth of its search as well.
    worker.setLevel(4, 2);
    const depths = [];
    const chosen = await worker.choose(f.initialFen('5x5'), { onProgress: (r) => depths.push(r.depth) });
    assert.deepEqual(depths, [1, 2, 3]);
    assert.equal(chosen.depth, 3);
  } finally {
    worker.terminate();
    game.free();
  }
});
