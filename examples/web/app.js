// The page: draws the board the library describes and passes every click to the library.
// No rule is decided here: legal steps, previews, messages, notation, FEN and results all
// come from the WebAssembly module (bindings.cpp); the computer thinks in worker.js.
'use strict';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const UNIT = 60, MARGIN = 48;
const params = new URLSearchParams(location.search);

let module = null, game = null, board = null, state = null;
let human = 'White', level = 2, seed = Number(params.get('seed') || Math.floor(Math.random() * 1e9));
let selected = -1;          // the stone the player picked, before its first step
let choice = null;          // the two steps of an approach-or-withdrawal choice
let thinking = 0;           // the id of the request the page waits for, 0 when none
let requests = 0;
const worker = new Worker('worker.js');

function el(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}
const x = (p) => MARGIN + (p % board.width) * UNIT;
const y = (p) => MARGIN + (board.height - 1 - Math.floor(p / board.width)) * UNIT;

function say(text, kind) {
  const box = $('message');
  box.textContent = text || '';
  box.className = kind || (text ? 'refused' : '');
}

function humanToMove() { return state && !state.over && state.side === human && !thinking; }

// ---- Drawing -------------------------------------------------------------------------
function draw() {
  state = JSON.parse(game.state());
  if (state.stone >= 0) selected = state.stone;
  const svg = $('board');
  svg.replaceChildren();
  const w = (board.width - 1) * UNIT + 2 * MARGIN, h = (board.height - 1) * UNIT + 2 * MARGIN;
  svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  el('rect', { class: 'wood', x: 8, y: 8, width: w - 16, height: h - 16, rx: 14 }, svg);
  for (const [p, q] of board.lines) el('line', { class: 'line', x1: x(p), y1: y(p), x2: x(q), y2: y(q) }, svg);
  for (let f = 0; f < board.width; ++f)
    el('text', { class: 'label', x: x(f), y: h - 12 }, svg).textContent = board.names[f][0];
  for (let r = 0; r < board.height; ++r)
    el("text", { class: "label", x: 22, y: y(r * board.width) + 5 }, svg).textContent = String(r + 1);

  // The last turn (when the player has not started a new one): its path and where its
  // captured stones stood; during a turn, the steps played so far.
  const shown = state.current.path.length ? state.current : state.last;
  const marks = el('g', { class: state.current.path.length ? 'current-turn' : 'last-turn' }, svg);
  if (shown.path.length)
    el('polyline', { class: 'path', points: shown.path.map((p) => `${x(p)},${y(p)}`).join(' ') }, marks);
  for (const p of shown.captured) el('circle', { class: 'gone', cx: x(p), cy: y(p), r: UNIT * 0.22 }, marks);

  const movable = new Set(humanToMove() && state.stone < 0 ? state.movable : []);
  for (const [colour, stones] of [['white', state.white], ['black', state.black]])
    for (const p of stones) {
      const classes = ['stone', colour];
      if (movable.has(p)) classes.push('movable');
      if (p === selected) classes.push('selected');
      el('circle', { class: classes.join(' '), cx: x(p), cy: y(p), r: UNIT * 0.3, 'data-stone': board.names[p] }, svg);
    }

  // The selected stone's legal steps, and the stones each capturing step would take.
  const steps = humanToMove() && selected >= 0 ? JSON.parse(game.stepsFrom(selected)) : [];
  const previews = el('g', { class: 'previews' }, svg);
  const targets = new Map();
  for (const s of steps) {
    if (!targets.has(s.to)) targets.set(s.to, []);
    targets.get(s.to).push(s);
    for (const p of s.captures)
      el('circle', { class: `preview preview-${s.name}`, cx: x(p), cy: y(p), r: UNIT * 0.36 }, previews);
  }
  for (const [to, list] of targets)
    el('circle', { class: 'target' + (list.length > 1 ? ' two-ways' : ''), cx: x(to), cy: y(to), r: UNIT * 0.2,
                   'data-target': board.names[to], 'data-steps': list.map((s) => s.name).join(' ') }, svg);
  if (choice)
    for (const s of choice)
      for (const p of s.captures)
        el('circle', { class: `choice choice-${s.capture}`, cx: x(p), cy: y(p), r: UNIT * 0.4,
                       'data-choice': s.capture }, svg);

  // One hit area per point, above everything: a click anywhere near a point names it.
  for (let p = 0; p < board.names.length; ++p) {
    const hit = el('circle', { class: 'hit', cx: x(p), cy: y(p), r: UNIT * 0.46, 'data-point': board.names[p] }, svg);
    hit.addEventListener('click', () => clicked(p, targets));
    const list = targets.get(p);
    if (list) {
      hit.addEventListener('mouseenter', () => svg.classList.add(...list.map((s) => `hover-${s.name}`)));
      hit.addEventListener('mouseleave', () => svg.setAttribute('class', ''));
    }
  }
  svg.setAttribute('class', '');

  $('finish').disabled = !(humanToMove() && state.canStop);
  $('undo-step').disabled = !(humanToMove() && state.current.path.length);
  $('choice').hidden = !choice;
  $('fen').value = state.fen;
  const moves = $('moves');
  moves.replaceChildren();
  const blackFirst = state.startFen.trim().endsWith('B');
  const all = (blackFirst ? ['…'] : []).concat(state.moves);
  for (let i = 0; i < all.length; i += 2) {
    const li = document.createElement('li');
    li.textContent = all.slice(i, i + 2).join('  ');
    moves.appendChild(li);
  }
  moves.scrollTop = moves.scrollHeight;
  status();
}

function status() {
  let text;
  if (state.over) text = `Game over. ${state.result[0].toUpperCase()}${state.result.slice(1)}.`;
  else if (thinking) text = 'The computer is thinking…';
  else if (state.side !== human) text = `${state.side} to move.`;
  else if (state.current.path.length) text = `Your chain: capture again with the stone on ${board.names[state.stone]}, or Finish.`;
  else if (state.mustCapture) text = `Your turn (${human}). Capture is compulsory: pick a stone that captures.`;
  else text = `Your turn (${human}). No capture is possible: make a paika move.`;
  $('status').textContent = text;
  $('thinking').hidden = !thinking;
  document.body.dataset.state = state.over ? 'over' : thinking ? 'thinking' : state.side === human ? 'your-turn' : 'waiting';
}

// ---- Clicks ----------------------------------------------------------------------------
function clicked(p, targets) {
  if (!state) return;
  if (state.over) return say(`The game is over: ${state.result}.`);
  if (thinking) return say('Wait: the computer is thinking.');
  if (state.side !== human) return say(`It is ${state.side}'s turn.`);
  if (choice) {
    const picked = choice.find((s) => s.captures.includes(p));
    if (picked) return play(picked);
    choice = null;
  }
  if (selected >= 0 && targets.has(p)) {
    const list = targets.get(p);
    if (list.length === 1) return play(list[0]);
    choice = list;
    say('');
    return draw();
  }
  if (state.stone >= 0 && (state.white.includes(p) || state.black.includes(p))) {
    // During a chain: another stone is refused with the library's reason; the moving one
    // has its continuations marked already.
    const why = game.checkStone(p);
    say(why || `Pick one of the marked points to capture again, or Finish.`, why ? 'refused' : 'info');
    return;
  }
  if (state.stone < 0 && (state.white.includes(p) || state.black.includes(p))) {
    // Picking a stone: the library says whether it may move and, if not, why.
    const why = game.checkStone(p);
    selected = why ? -1 : (selected === p ? -1 : p);
    say(why);
    return draw();
  }
  if (selected >= 0) {
    // A step to a point that is not offered: the library's refusal, in words.
    return play({ from: selected, to: p, capture: '?' });
  }
  say(game.checkStone(p));
  draw();
}

function play(step) {
  choice = null;
  const why = game.step(step.from, step.to, step.capture);
  say(why);
  if (!why && JSON.parse(game.state()).current.path.length === 0) selected = -1;
  draw();
  if (!why) think();
}

function finish() {
  const why = game.finish();
  say(why);
  selected = -1;
  draw();
  think();
}

// ---- The computer ------------------------------------------------------------------------
function think() {
  if (state.over || state.side === human || thinking) return;
  thinking = ++requests;
  status();
  worker.postMessage({ id: thinking, startFen: state.startFen, moves: state.moves, level, seed: seed + state.moves.length });
}

worker.onmessage = (event) => {
  const answer = event.data;
  if (answer.id !== thinking) return;  // a reply to a position that was undone or replaced
  thinking = 0;
  if (answer.error) {
    say(answer.error);
  } else {
    const why = game.play(answer.turn);
    say(why || `The computer played ${answer.turn}.`, why ? 'refused' : 'info');
    $('board').dataset.lastReplyMs = String(Math.round(answer.wallMs));
    $('board').dataset.lastReplyDepth = String(answer.depth);
  }
  draw();
};

// ---- Controls ------------------------------------------------------------------------------
function start(fen) {
  const why = game.start(fen);
  if (why) return why;
  board = JSON.parse(game.board());
  $('size').value = board.size;
  thinking = 0;
  selected = -1;
  choice = null;
  say('');
  draw();
  think();
  return '';
}

function newGame(event) {
  if (event) event.preventDefault();
  human = $('colour').value;
  level = Number($('level').value);
  $('fen-message').textContent = '';
  start(module.Game.initialFen($('size').value));
}

function undo() {
  choice = null;
  selected = -1;
  if (state.current.path.length) {
    game.undoTurn();  // the steps of the turn in progress
  } else {
    if (thinking) thinking = 0;  // the reply in flight is dropped
    // Back to the player's previous turn: the computer's reply and the player's turn.
    let undone = false;
    while (game.undoTurn()) {
      undone = true;
      if (JSON.parse(game.state()).side === human) break;
    }
    say(undone ? '' : 'Nothing to undo.');
  }
  draw();
  think();
}

function loadFen() {
  const why = start($('fen').value);
  $('fen-message').textContent = why;
  if (why) $('fen').value = state.fen;
}

createFanorona().then((loaded) => {
  module = loaded;
  game = new module.Game();
  $('new-game').addEventListener('submit', newGame);
  $('finish').addEventListener('click', finish);
  $('undo-step').addEventListener('click', () => {
    // Back one step; with no step left, the stone that started the turn stays picked.
    selected = state.current.path.length ? state.current.path[0] : -1;
    game.undoStep();
    choice = null;
    say('');
    draw();
  });
  $('undo').addEventListener('click', undo);
  $('load-fen').addEventListener('click', loadFen);
  $('fen').addEventListener('keydown', (e) => { if (e.key === 'Enter') loadFen(); });
  $('choose-approach').addEventListener('click', () => choice && play(choice.find((s) => s.capture === 'A')));
  $('choose-withdrawal').addEventListener('click', () => choice && play(choice.find((s) => s.capture === 'W')));
  $('choose-cancel').addEventListener('click', () => { choice = null; draw(); });
  if (params.get('level')) $('level').value = params.get('level');
  if (params.get('board')) $('size').value = params.get('board');
  if (params.get('colour')) $('colour').value = params.get('colour');
  newGame();
});
