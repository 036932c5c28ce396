// The engine of EngineWorker (index.js), in a Web Worker or a Node worker thread: it loads
// its own instance of the module, rebuilds each game from its start and turns (so that it
// sees repetitions), and answers one request at a time.
//
// Requests: { id, type: 'init', level, seed, tableMegabytes, wasm }, { id, type: 'ready' }
// (answered once the module has loaded), { id, type: 'level',
// level, seed }, { id, type: 'choose' | 'search', game: { startFen, turns }, options,
// progress }, { id, type: 'perft', fen, depth }. Answers: { id, result } or { id, error };
// with `progress`, a search also sends { id, type: 'progress', result } after each completed
// depth.
import { load } from './index.js';

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';
let port;
if (isNode) {
  const { parentPort } = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:worker_threads');
  port = { post: (m) => parentPort.postMessage(m), listen: (f) => parentPort.on('message', f) };
} else {
  port = { post: (m) => self.postMessage(m), listen: (f) => { self.onmessage = (event) => f(event.data); } };
}

let ready = null;
let engine = null;
let settings = { level: 6, seed: 0, tableMegabytes: 16 };

const errorOf = (e) => ({ code: e.code ?? 'internal', message: e.message ?? String(e), values: e.values ?? {}, offset: e.offset ?? null });

async function handle(request) {
  const f = await ready;
  switch (request.type) {
    case 'ready':
      return null;
    case 'level':
      settings = { ...settings, level: request.level, seed: request.seed };
      engine?.setLevel(request.level, request.seed);
      return null;
    case 'perft':
      return f.perft(request.fen, request.depth);
    case 'choose':
    case 'search': {
      engine ??= new f.Engine(settings);
      const game = new f.Game(request.game.startFen);
      try {
        for (const turn of request.game.turns) game.play(turn);
        // One search; each completed depth is posted as it comes.
        const onIteration = request.progress ? (result) => port.post({ id: request.id, type: 'progress', result }) : undefined;
        const options = { ...request.options, onIteration };
        return request.type === 'choose' ? engine.choose(game, options) : engine.search(game, options);
      } finally {
        game.free();
      }
    }
    default:
      throw new Error(`unknown request ${request.type}`);
  }
}

port.listen(async (request) => {
  if (request.type === 'init') {
    settings = { level: request.level, seed: request.seed, tableMegabytes: request.tableMegabytes };
    ready = request.wasm ? load({ wasm: new URL(request.wasm) }) : load();
    return;
  }
  try {
    port.post({ id: request.id, result: await handle(request) });
  } catch (e) {
    port.post({ id: request.id, error: errorOf(e) });
  }
});
