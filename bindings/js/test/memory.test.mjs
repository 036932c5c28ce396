// No leaks: 100,000 random games, each a new Game, half freed with free() and half left to
// the garbage collector (the FinalizationRegistry), and engines likewise; the module's heap
// in use is the same before and after (give or take a reused buffer's growth).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { f, inBrowser } from './fanorona.mjs';

// The garbage collector, when the runtime exposes it: node --expose-gc, or Chromium's
// --js-flags=--expose-gc (browser.mjs starts it so).
async function collect() {
  let gc = globalThis.gc;
  if (!gc && !inBrowser) {
    const v8 = await import('node:v8');
    const vm = await import('node:vm');
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc');
  }
  for (let round = 0; round < 4; ++round) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 10));  // finalizers run after the collection
  }
  return Boolean(gc);
}

let seed = 12345;
const random = (n) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};

function playRandomGame(board, index) {
  const game = new f.Game({ board });
  for (let turns = 0; turns < 300 && !game.isOver(); ++turns) {
    const legal = game.legalTurns();
    const turn = legal[random(legal.length)];
    // Every way to play: the turn object, its notation, step by step.
    if (index % 3 === 0) game.play(turn);
    else if (index % 3 === 1) game.play(turn.text);
    else {
      for (const step of turn.steps) game.step(step.from, step.to, step.capture);
      if (game.currentTurn().stone !== null) game.finish();
    }
  }
  if (index % 2 === 0) game.free();  // the other half: the garbage collector's
  return game;
}

test('100,000 random games and 200 engines leave the heap as it was', async () => {
  // Warm up: the reply buffers and the allocator reach their working size.
  for (let i = 0; i < 300; ++i) playRandomGame(f.boards[i % 3], i);
  const engines = () => {
    for (let i = 0; i < 200; ++i) {
      const engine = new f.Engine({ level: 1, seed: i, tableMegabytes: 1 });
      engine.choose(f.initialFen('3x3'));
      if (i % 2 === 0) engine.free();
    }
  };
  engines();
  assert.ok(await collect(), 'a garbage collector to call');
  const before = f.memoryInUse();
  // 100,000 games: mostly on the small boards, whose games are short.
  const plan = [['3x3', 90000], ['5x5', 8000], ['9x5', 2000]];
  let index = 0, middle = 0;
  for (const [board, games] of plan) {
    for (let i = 0; i < games; ++i) playRandomGame(board, index++);
    if (board === '3x3') {
      await collect();
      middle = f.memoryInUse();
    }
  }
  engines();
  await collect();
  const after = f.memoryInUse();
  assert.equal(index, 100000);
  assert.ok(f.memorySize() >= f.memoryInUse() && f.memorySize() % 65536 === 0);
  // A game or an engine not freed would keep hundreds of bytes (an engine, a megabyte): the
  // heap may only differ by the growth of a reused buffer, less than 4 KiB over all.
  assert.ok(Math.abs(middle - before) < 4096, `heap in use after 90,000 games: ${middle} bytes, before: ${before}`);
  assert.ok(Math.abs(after - before) < 4096, `heap in use after 100,000 games and 400 engines: ${after} bytes, before: ${before}`);
});
