// The computer opponent, in this thread and in a worker: levels, limits, progress, cancellation.
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
  assert.equal(r.mate, false);
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
