// The computer opponent in a Web Worker, so that the page never freezes while it thinks.
// Messages in: {id, startFen, moves, level, seed} to choose a turn, {id, perft: {fen, depth}}
// to time perft. Messages out: {id, ...the library's answer}.
importScripts('fanorona.js');

const ready = createFanorona();
let engine = null;

onmessage = async (event) => {
  const request = event.data;
  const module = await ready;
  if (!engine) engine = new module.Engine();
  if (request.perft) {
    const t0 = performance.now();
    const nodes = module.Engine.perft(request.perft.fen, request.perft.depth);
    postMessage({ id: request.id, nodes, ms: performance.now() - t0 });
    return;
  }
  const t0 = performance.now();
  const answer = JSON.parse(engine.choose(request.startFen, request.moves.join(' '), request.level, request.seed));
  answer.id = request.id;
  answer.wallMs = performance.now() - t0;
  postMessage(answer);
};
