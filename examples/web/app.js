// The page: draws the board the rules engine describes and passes every tap, click and key to
// it. No rule is decided here: legal steps, previews, refusals, notation, FEN, records and
// results all come from the fanorona package (fanorona/index.js, the library compiled to
// WebAssembly); the computer thinks in the package's worker; every word shown comes from
// i18n.js.
import { load as loadFanorona } from './fanorona/index.js';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const UNIT = 60, MARGIN = 0.75;  // viewBox units between neighboring points; margin in units
const STORE = 'fanorona.game', PREFS = 'fanorona.prefs', TOUR = 'fanorona.tour';
const HINT_LEVEL = 5;
const params = new URLSearchParams(location.search);
const motion = matchMedia('(prefers-reduced-motion: reduce)');
const portrait = matchMedia('(max-aspect-ratio: 4/5)');  // as style.css: the board stands upright
const t = (key, values) => I18n.t(key, values);

let f = null;          // the package's API, once its module has loaded
let game = null;       // the game (the package's Game), board and state as the page draws them
let board = null, state = null;
let settings = { human: 'White', level: 2, size: '9x5' };  // the game being played
let prefs = { sound: false };
let seed = Number.parseInt(params.get('seed'), 10);
if (!(seed >= 0 && Number.isSafeInteger(seed))) seed = Math.floor(Math.random() * 1e9);
let selected = -1;     // the stone the player picked, before its first step
let choice = null;     // the two steps of an approach-or-withdrawal choice
let thinking = 0;      // the id of the request the page waits for, 0 when none
let hinting = 0;       // the id of a hint request, 0 when none
let hint = null;       // the hinted turn's steps, shown until the next action
let animating = false; // the computer's turn is being shown step by step
let requests = 0;
let redo = [];         // turns taken back, the next one last
let cursor = 0;        // the point the keyboard is on
let layoutView = null; // how the board is drawn: {upright, flip, cols, rows}
let engine = null, workerReady = false;  // the computer: the package's EngineWorker
let coach = null;      // the guided first turn's stage, null when off

// ---- Small helpers -------------------------------------------------------------------------
function el(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const name = (p) => board.names[p];
const pointsText = (list) => list.map(name).join(', ');
const load = (key, fallback) => { try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; } };
const store = (key, value) => { try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode */ } };
const vsComputer = () => settings.human !== 'both';
const colorName = (c) => t(c === 'White' ? 'white' : 'black');

function humanToMove() {
  return !!state && !state.over && !thinking && !animating && (!vsComputer() || state.side === settings.human);
}

// The refusal and message line: the main sentence in a beginner's words, the detail (the
// notation, or the library's own words for a refusal the page has no words for) below.
function say(main, detail, kind) {
  $('message-main').textContent = main || '';
  $('message-detail').textContent = detail || '';
  $('message').className = kind || (main ? 'refused' : '');
}
function refuse(error) {
  const { main, detail } = I18n.refusal(error);
  say(main, detail, 'refused');
  sound('refused');
}
function announce(text) {
  const box = $('announce');
  box.textContent = '';
  setTimeout(() => { box.textContent = text; }, 50);
}

// ---- The game, read through the package ---------------------------------------------------
// The package names points ("e3"); the page draws by index (a1 = 0, b1 = 1, ...).
const MARK = { approach: 'A', withdrawal: 'W', none: '' };
const CAPTURE = { A: 'approach', W: 'withdrawal', '': 'none' };

function boardOf(size) {
  const b = f.board(size);
  const index = new Map(b.points.map((point, i) => [point, i]));
  return { size: b.size, width: b.width, height: b.height, names: b.points, index,
           lines: b.lines.map(([p, q]) => [index.get(p), index.get(q)]) };
}
const indices = (names) => names.map((point) => board.index.get(point));
// A step as the page uses it: indices, the capture's mark, its notation, what it takes.
const pageStep = (s) => ({ from: board.index.get(s.from), to: board.index.get(s.to), capture: MARK[s.capture], name: s.text,
                           captures: indices(s.captured) });

// Runs one call of the package; returns its refusal (a FanoronaError: code, values, message)
// or null.
function attempt(call) {
  try {
    call();
    return null;
  } catch (error) {
    if (error instanceof f.FanoronaError) return error;
    throw error;
  }
}

// The last turn's path and captures, read again only when the turns change.
let lastTurn = { key: null, turn: null };
function readLast(moves) {
  const key = `${moves.length}|${moves.at(-1)}`;
  if (lastTurn.key !== key) lastTurn = { key, turn: moves.length ? game.history({ verbose: true }).at(-1) : null };
  const turn = lastTurn.turn;
  return turn ? { text: turn.text, path: indices(turn.path), captured: indices(turn.captured) } : { text: '', path: [], captured: [] };
}

// The state the page draws: stones (as the turn in progress leaves them), the side to move,
// the turns, the turn in progress, the stones that may move, the result.
function readState() {
  const position = game.position();
  const current = game.currentTurn();
  const moves = game.history();
  const { result } = position;
  const movable = result.over ? [] : [...new Set(game.legalSteps().map((s) => board.index.get(s.from)))].sort((a, b) => a - b);
  return {
    fen: position.fen, startFen, side: position.turn === 'white' ? 'White' : 'Black',
    white: indices(current.position.white), black: indices(current.position.black),
    over: result.over, winner: result.winner === 'white' ? 'White' : result.winner === 'black' ? 'Black' : null, reason: result.reason,
    moves, last: readLast(moves),
    current: { text: current.text, path: indices(current.path), captured: indices(current.captured) },
    stone: current.stone === null ? -1 : board.index.get(current.stone),
    canStop: current.canStop, mustStop: current.mustStop, mustCapture: position.mustCapture, movable,
  };
}
const stepsFrom = (p) => game.legalSteps(board.names[p]).map(pageStep);
// One step of the turn in progress ('A', 'W', '' or '?' for whichever is possible); its refusal, or null.
const playStep = (from, to, capture) => attempt(() => game.step(board.names[from], board.names[to], capture === '?' ? undefined : CAPTURE[capture]));
// Takes back the steps of the turn in progress, or else the last turn.
function undoTurn() {
  if (game.currentTurn().stone !== null) game.cancelTurn();
  else game.undo();
}
const inChain = () => game.currentTurn().path.length > 0;
// The words for a level are keyed by the library's name of it ("Beginner", ..., "Master").
const levelName = (level) => f.levels[level - 1].name;
const sideToMove = () => (game.turn() === 'white' ? 'White' : 'Black');

// A new game from a FEN of any board; its refusal, or null (the game stays as it was).
function startGame(fen) {
  let next;
  const why = attempt(() => { next = new f.Game(fen); });
  if (why) return why;
  replaceGame(next);
  return null;
}
let startFen = '';  // the game's start, which only a new game changes
function replaceGame(next) {
  if (game) game.free();
  game = next;
  startFen = game.startFen();
  lastTurn = { key: null, turn: null };
}

// ---- Layout: the board upright on a phone held upright, turned for Black --------------------
function chooseLayout() {
  // The box the style sheet gives the board (it has its size before the game loads); the
  // board fills it, upright when the screen is upright.
  const wrap = $('board-wrap');
  const side = getComputedStyle(document.querySelector('main')).getPropertyValue('--side-layout').trim() === '1';
  const width = wrap.clientWidth, height = wrap.clientHeight;
  const turn = board.width !== board.height && !side && portrait.matches;
  const cols = turn ? board.height : board.width, rows = turn ? board.width : board.height;
  const unit = Math.min(width / (cols - 1 + 2 * MARGIN), height / (rows - 1 + 2 * MARGIN), 110);
  layoutView = { upright: turn, flip: settings.human === 'Black', cols, rows, unit };
  const svg = $('board');
  svg.style.width = `${Math.floor(unit * (cols - 1 + 2 * MARGIN))}px`;
  svg.style.height = `${Math.floor(unit * (rows - 1 + 2 * MARGIN))}px`;
}

// The column and row on screen of point p.
function cell(p) {
  const f = p % board.width, r = Math.floor(p / board.width);
  const { upright, flip } = layoutView;
  let c, row;
  if (upright) { c = r; row = f; } else { c = f; row = board.height - 1 - r; }
  if (flip) { c = layoutView.cols - 1 - c; row = layoutView.rows - 1 - row; }
  return [c, row];
}
const x = (p) => (MARGIN + cell(p)[0]) * UNIT;
const y = (p) => (MARGIN + cell(p)[1]) * UNIT;
function pointAt(c, row) {
  for (let p = 0; p < board.names.length; ++p) { const [pc, pr] = cell(p); if (pc === c && pr === row) return p; }
  return -1;
}

// ---- Drawing --------------------------------------------------------------------------------
function draw() {
  state = readState();
  if (state.stone >= 0) selected = state.stone;
  if (!layoutView) chooseLayout();
  const board$ = $('board');
  const hadFocus = board$.contains(document.activeElement);
  const svg = layers();
  svg.replaceChildren();
  board$.setAttribute('aria-label', t('board.label', { size: board.size }));

  // The last turn (until the player starts a new one): its path with arrows and rings where
  // its captured stones stood; during a turn, the steps played so far.
  const shown = state.current.path.length ? state.current : state.last;
  const marks = el('g', { class: state.current.path.length ? 'current-turn' : 'last-turn' }, svg);
  drawPath(marks, shown.path, state.current.path.length ? 'move' : 'last');
  for (const p of shown.captured) el('circle', { class: 'gone', cx: x(p), cy: y(p), r: UNIT * 0.2 }, marks);
  if (hint) {
    const hintMarks = el('g', { class: 'hint-turn' }, svg);
    drawPath(hintMarks, [hint[0].from, ...hint.map((s) => s.to)], 'hint');
  }

  const mine = humanToMove();
  const movable = new Set(mine && state.stone < 0 ? state.movable : []);
  const colorOf = new Map();
  for (const [color, stones] of [['white', state.white], ['black', state.black]])
    for (const p of stones) {
      colorOf.set(p, color);
      const classes = ['stone', color];
      if (movable.has(p)) classes.push('movable');
      if (p === selected) classes.push('selected');
      if (hint && p === hint[0].from) classes.push('hinted');
      el('circle', { class: classes.join(' '), cx: x(p), cy: y(p), r: UNIT * 0.3, 'data-stone': name(p) }, svg);
      if (p === selected) el('circle', { class: 'selected-ring', cx: x(p), cy: y(p), r: UNIT * 0.42 }, svg);
    }

  // The selected stone's legal steps, and the stones each capturing step would take.
  const steps = mine && selected >= 0 ? stepsFrom(selected) : [];
  const previews = el('g', { class: 'previews' }, svg);
  const targets = new Map();
  for (const s of steps) {
    if (!targets.has(s.to)) targets.set(s.to, []);
    targets.get(s.to).push(s);
    for (const p of s.captures)
      el('circle', { class: `preview preview-${s.name}`, cx: x(p), cy: y(p), r: UNIT * 0.36 }, previews);
  }
  for (const [to, list] of targets)
    el('circle', { class: 'target' + (list.length > 1 ? ' two-ways' : ''), cx: x(to), cy: y(to), r: UNIT * 0.17,
                   'data-target': name(to), 'data-steps': list.map((s) => s.name).join(' ') }, svg);
  if (choice)
    for (const s of choice)
      for (const p of s.captures)
        el('circle', { class: `choice choice-${s.capture}`, cx: x(p), cy: y(p), r: UNIT * 0.4, 'data-choice': s.capture }, svg);

  // One hit area per point, above everything: a tap anywhere near a point names it. The
  // keyboard moves among them (one is in the tab order); each says what is on it.
  const hits = el('g', { class: 'hits' }, svg);
  if (cursor >= board.names.length) cursor = 0;
  for (let p = 0; p < board.names.length; ++p) {
    const list = targets.get(p);
    const what = [];
    const color = colorOf.get(p);
    what.push(color ? t(`point.${color}`) : t('point.empty'));
    if (p === selected) what.push(t('point.selected'));
    else if (movable.has(p)) what.push(t('point.movable'));
    if (list) what.push(list[0].captures.length ? I18n.plural('point.captures', list[0].captures.length) : t('point.target'));
    if (shown.path.includes(p) && !list) what.push(t('point.lastTurn'));
    el('circle', { class: 'hit', cx: x(p), cy: y(p), r: UNIT * 0.5, 'data-point': name(p), 'data-index': p, role: 'button',
                   tabindex: p === cursor ? '0' : '-1', 'aria-label': `${name(p)}: ${what.join(', ')}` }, hits);
  }
  boardTargets = targets;
  if (hadFocus) focusCursor();

  $('finish').disabled = !(humanToMove() && state.canStop);
  $('undo-step').disabled = !(humanToMove() && state.current.path.length);
  $('undo').disabled = animating || !(state.moves.length || state.current.path.length);
  $('redo').disabled = animating || thinking !== 0 || !redo.length || state.current.path.length > 0;
  $('hint').disabled = !humanToMove() || hinting !== 0 || !workerReady;
  $('choice').hidden = !choice;
  if (document.activeElement !== $('fen')) $('fen').value = state.fen;  // not under the player's typing
  drawMoves();
  status();
  tour();
}

// The board's lines, labels and arrow heads change only with the layout: drawn once for it,
// under a layer that each draw() fills anew. Returns that layer.
let drawnLayout = null;
function layers() {
  const svg = $('board');
  const key = `${board.size} ${layoutView.upright} ${layoutView.flip}`;
  if (drawnLayout === key) return $('dynamic');
  drawnLayout = key;
  svg.replaceChildren();
  const w = (layoutView.cols - 1 + 2 * MARGIN) * UNIT, h = (layoutView.rows - 1 + 2 * MARGIN) * UNIT;
  svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  svg.setAttribute('class', layoutView.upright ? 'upright' : '');
  const defs = el('defs', {}, svg);
  for (const kind of ['last', 'hint', 'move']) {
    const marker = el('marker', { id: `arrow-${kind}`, viewBox: '0 0 10 10', refX: 7, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M0,0 L10,5 L0,10 z', class: `arrowhead ${kind}` }, marker);
  }
  el('rect', { class: 'wood', x: 4, y: 4, width: w - 8, height: h - 8, rx: 14 }, svg);
  for (const [p, q] of board.lines) el('line', { class: 'line', x1: x(p), y1: y(p), x2: x(q), y2: y(q) }, svg);
  // Edge labels: the file letters and rank numbers, along whichever edges they run.
  const labels = el('g', { class: 'labels', 'aria-hidden': 'true' }, svg);
  for (let c = 0; c < layoutView.cols; ++c) {
    const p = pointAt(c, layoutView.rows - 1);
    el('text', { class: 'label', x: (MARGIN + c) * UNIT, y: h - 10 }, labels).textContent = layoutView.upright ? name(p).slice(1) : name(p)[0];
  }
  for (let row = 0; row < layoutView.rows; ++row) {
    const p = pointAt(0, row);
    el('text', { class: 'label', x: 16, y: (MARGIN + row) * UNIT + 6 }, labels).textContent = layoutView.upright ? name(p)[0] : name(p).slice(1);
  }
  return el('g', { id: 'dynamic' }, svg);
}

function drawPath(parent, path, kind) {
  if (path.length < 2) return;
  for (let i = 1; i < path.length; ++i) {
    const a = path[i - 1], b = path[i];
    // Each step ends short of its point, so the arrow head stays visible beside the stone.
    const dx = x(b) - x(a), dy = y(b) - y(a), len = Math.hypot(dx, dy), k = (len - UNIT * 0.34) / len;
    el('line', { class: `path ${kind}`, x1: x(a), y1: y(a), x2: x(a) + dx * k, y2: y(a) + dy * k, 'marker-end': `url(#arrow-${kind})` }, parent);
  }
}

// One listener for every point: a tap names the point; hovering a step (with a mouse) shows
// more strongly the stones it would take.
let boardTargets = new Map();
function listenToBoard() {
  const svg = $('board');
  const pointOf = (event) => { const hit = event.target.closest('[data-index]'); return hit ? Number(hit.dataset.index) : -1; };
  svg.addEventListener('click', (event) => {
    const p = pointOf(event);
    if (p >= 0) { cursor = p; clicked(p, boardTargets); }
  });
  const rings = (p, on) => {
    for (const s of boardTargets.get(p) || [])
      for (const ring of svg.querySelectorAll(`.preview-${CSS.escape(s.name)}`)) ring.classList.toggle('hovered', on);
  };
  svg.addEventListener('pointerover', (event) => { const p = pointOf(event); if (p >= 0) rings(p, true); });
  svg.addEventListener('pointerout', (event) => { const p = pointOf(event); if (p >= 0) rings(p, false); });
}

let drawnMoves = '';
function drawMoves() {
  const list = $('moves');
  const key = `${state.startFen}|${state.moves.join(' ')}`;
  if (key === drawnMoves) return;
  drawnMoves = key;
  list.replaceChildren();
  const blackFirst = state.startFen.trim().endsWith('B');
  const all = (blackFirst ? ['…'] : []).concat(state.moves);
  for (let i = 0; i < all.length; i += 2) {
    const li = document.createElement('li');
    li.dir = 'ltr';
    li.textContent = all.slice(i, i + 2).join('   ');
    list.appendChild(li);
  }
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
}

function status() {
  let text;
  const side = colorName(state.side);
  if (state.over) text = resultSentence();
  else if (animating) text = t('status.playing');
  else if (thinking) text = t('status.thinking');
  else if (vsComputer() && state.side !== settings.human) text = t('status.waiting');
  else {
    const who = vsComputer() ? t('status.you', { side }) : t('status.side', { side });
    if (state.current.path.length) text = `${who} ${t('status.chain')}`;
    else if (state.mustCapture) text = `${who} ${t('status.capture')}`;
    else text = `${who} ${t('status.paika')}`;
  }
  $('status').textContent = text;
  $('thinking').hidden = !thinking;
  document.body.dataset.state = state.over ? 'over' : animating ? 'animating' : thinking ? 'thinking'
    : humanToMove() ? 'your-turn' : 'waiting';
}

function resultSentence() {
  const reason = t(`reason.${state.reason}`, { side: colorName(state.side) });
  const winner = state.winner;
  if (!winner) return `${t('result.draw')} ${reason}`;
  if (!vsComputer()) return `${t('result.wins', { side: colorName(winner) })} ${reason}`;
  return `${t(winner === settings.human ? 'result.youWon' : 'result.youLost')} ${reason}`;
}

// ---- Taps, clicks and keys ------------------------------------------------------------------
function clicked(p, targets) {
  if (!state || animating) return;
  if (hint) { hint = null; }
  if (state.over) return refuse(game.checkStone(board.names[p]));  // the library's game_over
  if (thinking) return say(t('wait'), '', 'info');
  if (!humanToMove()) return say(t('notYourTurn'), '', 'info');
  if (choice) {
    const picked = choice.find((s) => s.captures.includes(p));
    if (picked) return play(picked);
    choice = null;
  }
  if (selected >= 0 && targets.has(p)) {
    const list = targets.get(p);
    if (list.length === 1) return play(list[0]);
    choice = list;
    say(t('choice.ask'), list.map((s) => s.name).join(' / '), 'info');
    return draw();
  }
  const occupied = state.white.includes(p) || state.black.includes(p);
  if (occupied && state.stone >= 0 && p === state.stone) {
    say(t('chain.same'), '', 'info');
    return draw();
  }
  if (occupied) {
    // Picking a stone: the engine says whether it may move and, if not, why.
    const why = game.checkStone(board.names[p]);
    if (why) { selected = state.stone >= 0 ? state.stone : -1; refuse(why); return draw(); }
    selected = selected === p ? -1 : p;
    say('');
    sound('pick');
    return draw();
  }
  if (selected >= 0) return play({ from: selected, to: p, capture: '?' });  // the engine's refusal
  say(t('pickStone'), '', 'info');
  draw();
}

function play(step) {
  choice = null;
  const why = playStep(step.from, step.to, step.capture);
  if (why) { refuse(why); return draw(); }
  say('');
  sound(step.captures && step.captures.length ? 'capture' : 'step');
  if (!inChain()) return turnEnded();
  draw();
}

function finish() {
  if (!humanToMove()) return;
  const why = attempt(() => game.finish());
  if (why) { refuse(why); return draw(); }
  turnEnded();
}

function takeBackStep() {
  if (!humanToMove() || !state.current.path.length) return;
  // Back one step; with no step left, the stone that started the turn stays picked.
  selected = state.current.path[0];
  game.undoStep();
  choice = null;
  say('');
  draw();
}

// A turn was played by the player (or by the computer, shown): the game is saved, the redo
// list is gone, and the other side plays.
function turnEnded(fromRedo) {
  selected = -1;
  choice = null;
  hint = null;
  if (!fromRedo) redo = [];
  save();
  draw();
  if (state.over) { sound('end'); announce(resultSentence()); return showResult(); }
  think();
}

function onKey(event) {
  if (!board || event.target.closest('input, select, textarea, dialog') || event.altKey || event.ctrlKey || event.metaKey) return;
  const onBoard = event.target.closest('#board');
  const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (onBoard && moves[event.key]) {
    let [dc, dr] = moves[event.key];
    if (document.documentElement.dir === 'rtl' && dr === 0) dc = -dc;
    const [c, row] = cell(cursor);
    const next = pointAt(c + dc, row + dr);
    if (next >= 0) { cursor = next; draw(); focusCursor(); }
    event.preventDefault();
  } else if (onBoard && (event.key === 'Enter' || event.key === ' ')) {
    event.preventDefault();
    document.querySelector(`#board [data-point="${name(cursor)}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    focusCursor();
  } else if (event.key === 'f' || event.key === 'F') {
    if (!$('finish').disabled) { event.preventDefault(); finish(); }
  } else if (event.key === 'Backspace') {
    if (!$('undo-step').disabled) { event.preventDefault(); takeBackStep(); focusCursor(); }
  } else if (event.key === 'h' || event.key === 'H') {
    if (!$('hint').disabled) { event.preventDefault(); askHint(); }
  } else if (event.key === 'Escape' && onBoard) {
    selected = state.stone >= 0 ? state.stone : -1;
    choice = null;
    say('');
    draw();
  }
}
function focusCursor() {
  const node = document.querySelector(`#board [data-point="${name(cursor)}"]`);
  if (node) node.focus();
}

// ---- The computer -------------------------------------------------------------------------
// The package's EngineWorker: the computer thinks in a Web Worker with its own copy of the
// module, so that the page never freezes. Each question names its level and seed; an answer
// to a position that has since changed (an undo, a new game) is dropped.
function startWorker() {
  workerReady = false;
  $('failed').hidden = true;
  if (engine) engine.terminate();
  const mine = new f.EngineWorker({ level: settings.level, seed });
  engine = mine;
  document.body.dataset.worker = 'loading';
  let settled = false;
  const failed = () => {
    if (engine !== mine || settled) return;
    settled = true;
    clearTimeout(timer);
    mine.terminate();
    document.body.dataset.worker = 'failed';
    workerReady = false;
    thinking = 0;
    hinting = 0;
    $('failed-text').textContent = t('failed');
    $('failed').hidden = false;
    if (state) draw();
  };
  const timer = setTimeout(failed, 20000);
  mine.ready().then(() => {
    if (engine !== mine || settled) return;
    settled = true;
    clearTimeout(timer);
    workerReady = true;
    document.body.dataset.worker = 'ready';
    if (state) { $('hint').disabled = !humanToMove(); think(); }
  }, failed);
}

// Asks the worker for a turn of the game as it stands, at `level`; resolves to the page's
// answer {turn, steps, depth, wallMs} (the steps by index), or {error} when it refused.
async function ask(level, turnSeed) {
  engine.setLevel(level, turnSeed);
  const t0 = performance.now();
  try {
    const r = await engine.choose(game);
    return { turn: r.turn.text, steps: r.turn.steps.map(pageStep), depth: r.depth, wallMs: performance.now() - t0 };
  } catch (error) {
    return { error };
  }
}

async function think() {
  if (!state || state.over || !vsComputer() || state.side === settings.human || thinking || animating || !workerReady) return;
  const id = thinking = ++requests;
  status();
  $('hint').disabled = true;
  const answer = await ask(settings.level, seed + state.moves.length);
  if (id !== thinking) return;  // a reply to a position that was undone or replaced
  thinking = 0;
  if (answer.error) { refuse(answer.error); return draw(); }
  $('board').dataset.lastReplyMs = String(Math.round(answer.wallMs));
  $('board').dataset.lastReplyDepth = String(answer.depth);
  showComputerTurn(answer);
}

// The computer's turn, step by step: an arrow shows the step, the stones it takes fade, then
// the stone moves. With reduced motion the steps follow each other without movement.
async function showComputerTurn(answer) {
  animating = true;
  draw();
  const still = motion.matches;
  const pause = still ? 150 : 380, move = still ? 0 : 320;
  let captured = 0;
  for (const s of answer.steps) {
    const svg = $('board');
    const arrow = el('g', { class: 'current-turn' }, $('dynamic'));
    drawPath(arrow, [s.from, s.to], 'move');
    for (const p of s.captures) svg.querySelector(`[data-stone="${name(p)}"]`)?.classList.add('doomed');
    sound(s.captures.length ? 'capture' : 'step');
    await sleep(pause);
    const stone = svg.querySelector(`[data-stone="${name(s.from)}"]`);
    if (stone && move) {
      stone.style.transform = `translate(${x(s.to) - x(s.from)}px, ${y(s.to) - y(s.from)}px)`;
      for (const p of s.captures) svg.querySelector(`[data-stone="${name(p)}"]`)?.classList.add('fading');
      await sleep(move);
    }
    captured += s.captures.length;
    if (playStep(s.from, s.to, s.capture)) break;
    draw();
  }
  // Whatever happened above, the game ends up with exactly the computer's turn played.
  if (inChain() && game.currentTurn().text === answer.turn) attempt(() => game.finish());
  if (game.history().at(-1) !== answer.turn || inChain()) {
    while (inChain()) undoTurn();
    if (sideToMove() !== settings.human) attempt(() => game.play(answer.turn));
  }
  animating = false;
  const path = [answer.steps[0].from, ...answer.steps.map((s) => s.to)].map(name).join(' → ');
  const said = captured ? I18n.plural('computer.captured', captured, { path }) : t('computer.moved', { path });
  say(said, answer.turn, 'info');
  turnEnded();
  announce(`${said} ${state.over ? '' : $('status').textContent}`);
}

async function askHint() {
  if (!humanToMove() || !workerReady) return;
  const id = hinting = ++requests;
  const asked = state.moves.join(' ');
  $('hint').disabled = true;
  say(t('hint.thinking'), '', 'info');
  const answer = await ask(HINT_LEVEL, seed);
  if (id !== hinting) return;
  hinting = 0;
  // The position may have changed while the engine thought (an undo, a new game): no hint then.
  if (answer.error || state.current.path.length || !humanToMove() || state.moves.join(' ') !== asked) return draw();
  hint = answer.steps;
  const path = [hint[0].from, ...hint.map((s) => s.to)].map(name).join(' → ');
  say(t('hint.says', { path }), answer.turn, 'info');
  announce(t('hint.says', { path }));
  draw();
}

// ---- Sound (off unless asked for) ---------------------------------------------------------
let audio = null;
function sound(kind) {
  if (!prefs.sound) return;
  try {
    audio = audio || new AudioContext();
    const tones = { pick: [660, 0.05], step: [520, 0.07], capture: [220, 0.12], refused: [160, 0.15], end: [440, 0.4] };
    const [freq, length] = tones[kind] || tones.step;
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + length);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + length);
  } catch { /* no audio */ }
}

// ---- Undo and redo ------------------------------------------------------------------------
function undo() {
  if (animating) return;
  choice = null;
  selected = -1;
  hint = null;
  thinking = 0;  // a reply in flight is dropped
  if (state.current.path.length) {
    game.cancelTurn();  // the steps of the turn in progress
  } else {
    // Back to the player's previous turn: the computer's reply and the player's turn.
    for (let last = game.undo(); last; last = game.undo()) {
      redo.push(last.text);
      if (!vsComputer() || sideToMove() === settings.human) break;
    }
  }
  say('');
  save();
  draw();
  think();
}

function redoTurn() {
  if (animating || thinking || !redo.length) return;
  do {
    const turn = redo.pop();
    const why = attempt(() => game.play(turn));
    if (why) { redo = []; refuse(why); break; }
  } while (vsComputer() && redo.length && sideToMove() !== settings.human && !game.isOver());
  say('');
  turnEnded(true);
}

// ---- Games: start, keep, share, save, load --------------------------------------------------
function save() {
  store(STORE, { startFen: state.startFen, moves: state.moves, redo, ...settings });
}

function begin(error) {
  if (error) return error;
  board = boardOf(game.board);
  layoutView = null;
  thinking = 0; hinting = 0; hint = null; selected = -1; choice = null; animating = false;
  cursor = 0;
  say('');
  $('size').value = board.size;
  settings.size = board.size;
  chooseLayout();
  cursor = readState().movable[0] ?? 0;  // the keyboard starts on the first stone that may move
  draw();
  save();
  settingsNote();
  think();
  return null;
}

function replay(startFen, moves) {
  const why = startGame(startFen);
  if (why) return why;
  for (const turn of moves) if (attempt(() => game.play(turn))) break;
  return begin(null);
}

function inProgress() { return state && !state.over && (state.moves.length > 0 || state.current.path.length > 0); }

// Asks before discarding a game in progress; resolves to true when the player agrees.
function confirmDiscard(question) {
  if (!inProgress()) return Promise.resolve(true);
  const dialog = $('confirm');
  $('confirm-text').textContent = question;
  dialog.showModal();
  return new Promise((resolve) => {
    const done = (answer) => () => { dialog.close(); $('confirm-yes').onclick = $('confirm-no').onclick = null; resolve(answer); };
    $('confirm-yes').onclick = done(true);
    $('confirm-no').onclick = done(false);
    dialog.oncancel = () => resolve(false);
  });
}

async function newGame(event) {
  if (event) event.preventDefault();
  if (!(await confirmDiscard(t('confirm.new')))) return;
  settings = { human: $('color').value, level: Number($('level').value), size: $('size').value };
  redo = [];
  $('fen-message').textContent = '';
  begin(startGame(f.initialFen(settings.size)));
}

async function loadFen() {
  const fen = $('fen').value.trim();
  if (fen === state.fen) return;
  if (!(await confirmDiscard(t('confirm.load')))) { $('fen').value = state.fen; return; }
  const why = startGame(fen);
  if (why) {
    const { main, detail, known } = I18n.refusal(why);
    $('fen-message').textContent = `${t('fen.bad')} ${known ? main : detail}`;
    $('fen').value = state.fen;
    return;
  }
  $('fen-message').textContent = '';
  redo = [];
  begin(null);
}

function shareLink() {
  const url = new URL(location.pathname, location.origin);
  url.searchParams.set('fen', state.startFen);
  if (state.moves.length) url.searchParams.set('moves', state.moves.join(' '));
  url.searchParams.set('color', settings.human);
  url.searchParams.set('level', String(settings.level));
  const link = url.toString();
  const box = $('share-link');
  box.value = link;
  box.hidden = false;
  box.select();
  if (navigator.clipboard) navigator.clipboard.writeText(link).then(() => { $('file-message').textContent = t('share.copied'); }, () => {});
  if (navigator.share && matchMedia('(pointer: coarse)').matches) navigator.share({ title: document.title, url: link }).catch(() => {});
}

function saveFile() {
  const today = new Date();
  const date = `${today.getFullYear()}.${String(today.getMonth() + 1).padStart(2, '0')}.${String(today.getDate()).padStart(2, '0')}`;
  const computer = t('record.computer', { level: t(`level.${levelName(settings.level)}`) });
  const white = settings.human === 'Black' ? computer : t('record.player');
  const black = settings.human === 'White' ? computer : t('record.player');
  const text = game.record({ tags: { Site: 'fanorona page', White: white, Black: black, Date: date } });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  link.download = `fanorona-${date.replaceAll('.', '-')}.txt`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  $('file-message').textContent = t('save.done', { file: link.download });
}

async function openFile() {
  const file = $('open-file').files[0];
  $('open-file').value = '';
  if (!file) return;
  const text = await file.text();
  if (!(await confirmDiscard(t('confirm.load')))) return;
  // The file's first game: its start and its turns, played on a new game.
  let next;
  const why = attempt(() => {
    const { records, errors } = f.readRecords(text);
    if (errors.length) throw errors[0];
    if (!records.length) throw new f.FanoronaError('record_no_game', f.formatMessage('record_no_game'));
    next = f.Game.fromRecord(records[0]);
  });
  if (why) {
    const { main, detail, known } = I18n.refusal(why);
    // Where in the file, when the reader says (the library's English, shown for a refusal
    // without words, says it itself).
    const where = known && why.line ? ` ${t('open.where', { line: why.line, column: why.column })}` : '';
    $('file-message').textContent = `${t('open.bad')} ${known ? main : detail}${where}`;
    return;
  }
  replaceGame(next);
  $('file-message').textContent = t('open.done', { file: file.name });
  redo = [];
  begin(null);
}

// ---- Settings and the result ----------------------------------------------------------------
function settingsNote() {
  const level = Number($('level').value);
  $('level-line').textContent = t(`level.${levelName(level)}.line`);
  const notes = [];
  if ($('color').value !== settings.human || $('size').value !== settings.size) notes.push(t('note.next'));
  if (level !== settings.level) {
    settings.level = level;
    save();
    if (state && !state.over && vsComputer()) notes.push(t('note.level'));
  }
  $('settings-note').textContent = notes.join(' ');
}

function showResult() {
  $('result-title').textContent = !state.winner ? t('result.draw')
    : !vsComputer() ? t('result.wins', { side: colorName(state.winner) })
    : t(state.winner === settings.human ? 'result.youWon' : 'result.youLost');
  $('result-reason').textContent = t(`reason.${state.reason}`, { side: colorName(state.side) });
  $('result-white').textContent = String(state.white.length);
  $('result-black').textContent = String(state.black.length);
  $('result-turns').textContent = String(state.moves.length);
  const dialog = $('result');
  if (!dialog.open) dialog.showModal();
}

// ---- The guided first turn ------------------------------------------------------------------
function tour() {
  if (coach === null) return;
  const box = $('coach');
  if (coach === 'pick' && selected >= 0) coach = 'step';
  if (coach === 'step' && state.current.path.length) coach = 'chain';
  if ((coach === 'step' || coach === 'chain') && state.moves.length) coach = 'done';
  if (coach === 'step' && selected < 0) coach = 'pick';
  box.hidden = false;
  document.body.classList.add('touring');
  $('coach-text').textContent = t(`coach.${coach}`);
  if (coach === 'done') { store(TOUR, true); setTimeout(() => { if (coach === 'done') endTour(); }, 9000); }
}
function endTour() {
  coach = null;
  store(TOUR, true);
  $('coach').hidden = true;
  document.body.classList.remove('touring');
}
function relayout() { if (board && !animating) { chooseLayout(); drawnLayout = null; draw(); } }

// ---- Words: the language can change at any time --------------------------------------------
function retranslate() {
  if (!state) return;
  draw();
  settingsNote();
  if ($('result').open) showResult();
  say('');
}

// ---- Start ----------------------------------------------------------------------------------
async function main() {
  await I18n.init();
  $('lang').value = I18n.lang;
  $('lang').disabled = false;
  $('lang').addEventListener('change', async () => { await I18n.set($('lang').value); retranslate(); });
  I18n.apply(document);
  document.querySelectorAll('dialog [data-close]').forEach((b) => b.addEventListener('click', () => b.closest('dialog').close()));
  $('help-open').addEventListener('click', () => $('help').showModal());
  $('retry').addEventListener('click', () => (f ? startWorker() : location.reload()));
  try {
    f = await loadFanorona();
  } catch (error) {
    $('status').textContent = t('failed.page');
    $('failed-text').textContent = t('failed.page');
    $('failed').hidden = false;
    return;
  }
  startWorker();
  $('version').textContent = `v${f.version}`;
  prefs = { ...prefs, ...load(PREFS, {}) };
  $('sound').checked = prefs.sound;

  // The game: one shared by a link, or the one of the last visit, or a new one.
  const saved = load(STORE, null);
  const shared = params.get('fen') || params.get('moves');
  // `colour`: the parameter's spelling in links shared by earlier versions of the page.
  const fromUrl = { human: params.get('color') ?? params.get('colour'), level: Number(params.get('level')), size: params.get('board') };
  if (saved && !shared) settings = { ...settings, human: saved.human, size: saved.size, level: saved.level >= 1 && saved.level <= 7 ? saved.level : settings.level };
  if (['White', 'Black', 'both'].includes(fromUrl.human)) settings.human = fromUrl.human;
  if (fromUrl.level >= 1 && fromUrl.level <= 7) settings.level = fromUrl.level;
  if (['9x5', '5x5', '3x3'].includes(fromUrl.size)) settings.size = fromUrl.size;
  $('color').value = settings.human;
  $('level').value = String(settings.level);
  $('size').value = settings.size;
  let started = false;
  if (shared) {
    const fen = params.get('fen') || f.initialFen(settings.size);
    const moves = (params.get('moves') || '').split(/[\s,]+/).filter(Boolean);
    started = !replay(fen, moves);
    history.replaceState(null, '', location.pathname + (params.get('lang') ? `?lang=${params.get('lang')}` : ''));
  }
  if (!started && saved && !params.get('board')) {
    redo = Array.isArray(saved.redo) ? saved.redo : [];
    started = !replay(saved.startFen, saved.moves || []);
  }
  if (!started) begin(startGame(f.initialFen(settings.size)));
  if (!load(TOUR, false) && settings.human === 'White' && board.size === '9x5' && state.moves.length === 0) { coach = 'pick'; tour(); }

  for (const id of ['color', 'level', 'size', 'new', 'fen', 'load-fen', 'share', 'save', 'open']) $(id).disabled = false;
  $('new-game').addEventListener('submit', newGame);
  $('finish').addEventListener('click', finish);
  $('undo-step').addEventListener('click', takeBackStep);
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redoTurn);
  $('hint').addEventListener('click', askHint);
  $('load-fen').addEventListener('click', loadFen);
  $('fen').addEventListener('keydown', (e) => { if (e.key === 'Enter') loadFen(); });
  $('share').addEventListener('click', shareLink);
  $('save').addEventListener('click', saveFile);
  $('result-save').addEventListener('click', saveFile);
  $('open').addEventListener('click', () => $('open-file').click());
  $('open-file').addEventListener('change', openFile);
  $('rematch').addEventListener('click', () => { $('result').close(); newGame(); });
  $('coach-skip').addEventListener('click', endTour);
  for (const id of ['color', 'level', 'size']) $(id).addEventListener('change', settingsNote);
  $('sound').addEventListener('change', () => { prefs.sound = $('sound').checked; store(PREFS, prefs); });
  $('choose-approach').addEventListener('click', () => choice && play(choice.find((s) => s.capture === 'A')));
  $('choose-withdrawal').addEventListener('click', () => choice && play(choice.find((s) => s.capture === 'W')));
  $('choose-cancel').addEventListener('click', () => { choice = null; say(''); draw(); });
  document.addEventListener('keydown', onKey);
  listenToBoard();
  let resizing = 0;
  addEventListener('resize', () => { cancelAnimationFrame(resizing); resizing = requestAnimationFrame(relayout); });
  settingsNote();
  if (state.over) showResult();
  if ('serviceWorker' in navigator && location.protocol !== 'file:') navigator.serviceWorker.register('sw.js').catch(() => {});
}

main();
