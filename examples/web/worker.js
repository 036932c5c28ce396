// The computer opponent in a Web Worker, so that the page never freezes while it thinks.
// Messages in: {id, startFen, moves, level, seed} to choose a turn (a hint is the same
// question), {id, perft: {fen, depth}} to time perft. Messages out: {id, ...the answer}, and
// {ready: true} once the module has loaded (or {failed: reason}).
importScripts('fanorona.js', 'engine.js');

const player = self.FanoronaEngine.createPlayer();
player.then(() => postMessage({ ready: true }), (error) => postMessage({ failed: String(error) }));

onmessage = async (event) => {
  const request = event.data;
  const engine = await player;
  const t0 = performance.now();
  if (request.perft) {
    const nodes = engine.perft(request.perft.fen, request.perft.depth);
    postMessage({ id: request.id, nodes, ms: performance.now() - t0 });
    return;
  }
  const answer = engine.choose(request.startFen, request.moves, request.level, request.seed);
  answer.id = request.id;
  answer.wallMs = performance.now() - t0;
  postMessage(answer);
};
