// The package's speed in this Node:
//   node bench.mjs perft DEPTH        perft from the 9x5 initial position, in CPU seconds of
//                                     this process (the machine may be busy)
//   node bench.mjs playout GAMES [notation]
//                                     random games on 9x5 through Game (legalTurns, play),
//                                     as tests/bench/playout.cpp's Game loop plays them, per
//                                     CPU second (and per second of wall time)
// Prints one line of figures.
import { load } from '../../../build/js/package/index.js';

const f = await load();
const [what, count] = [process.argv[2], Number(process.argv[3])];
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
if (what === 'perft') {
  const t0 = cpu();
  const nodes = f.perft(f.initialFen(), count);
  console.log(`node perft ${count}: ${nodes} leaves, ${(cpu() - t0).toFixed(2)} s CPU`);
} else if (what === 'playout') {
  // xorshift64*, as playout.cpp, on BigInt: the games are random, not the same games.
  let state = 1n;
  const below = (n) => {
    state ^= state >> 12n;
    state ^= (state << 25n) & 0xffffffffffffffffn;
    state ^= state >> 27n;
    return Number(((state * 0x2545f4914f6cdd1dn) & 0xffffffffffffffffn) % BigInt(n));
  };
  const game = new f.Game();
  const options = process.argv[4] === 'notation' ? { notation: true } : undefined;
  let turns = 0;
  const t0 = cpu(), wall0 = performance.now();
  for (let g = 0; g < count; ++g) {
    game.reset();
    for (let n = 0; n < 1000 && !game.isOver(); ++n, ++turns) {
      const legal = game.legalTurns(options);
      game.play(legal[below(legal.length)]);
    }
  }
  const s = cpu() - t0, wall = (performance.now() - wall0) / 1000;
  console.log(`node playout${options ? ' (notation)' : ''}: ${count} games, per CPU second ${(count / s).toFixed(0)} games, ${(turns / s).toFixed(0)} turns; ` +
    `${(turns / count).toFixed(1)} turns a game (wall: ${(count / wall).toFixed(0)} games/s)`);
  game.free();
} else {
  console.error('usage: node bench.mjs perft DEPTH | playout GAMES');
  process.exit(2);
}
