// Browser tests of the page: headless Chromium (the system's, /usr/bin/chromium unless
// CHROMIUM is set) driven by playwright-core. Each scenario starts a static server on
// 127.0.0.1, opens the page, plays by clicks, checks what the page shows, and stops the server.
//
//   node --no-experimental-fetch browser.mjs --site <built site> --out <folder> <scenario>
//
// Expected messages are asked of the same WebAssembly module, run in node, so the test checks
// that the page shows the library's words, not a copy of them.
import { createServer } from 'node:http';
import { readFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { chromium } = require(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', 'playwright-core'));

const args = process.argv.slice(2);
const option = (name) => { const i = args.indexOf(name); return i >= 0 ? args.splice(i, 2)[1] : undefined; };
const site = path.resolve(option('--site'));
const out = path.resolve(option('--out') || 'test-output');
const scenario = args[0];

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.svg': 'image/svg+xml' };
function serve() {
  const server = createServer(async (request, response) => {
    const name = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const file = path.join(site, name === '/' ? 'index.html' : name);
    try {
      if (!file.startsWith(site)) throw new Error('outside');
      const body = await readFile(file);
      response.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404);
      response.end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function check(condition, what) {
  if (!condition) throw new Error(`check failed: ${what}`);
  console.log(`ok - ${what}`);
}

const library = await require(path.join(site, 'fanorona.js'))();

async function open(page, base, query = '') {
  await page.goto(`${base}/${query}`);
  await page.waitForFunction(() => ['your-turn', 'over', 'thinking', 'waiting'].includes(document.body.dataset.state));
}
const text = (page, selector) => page.locator(selector).innerText();
const moves = (page) => page.$$eval('#moves li', (items) => items.flatMap((li) => li.textContent.split(/\s+/).filter(Boolean)));
const clickPoint = (page, name) => page.click(`[data-point="${name}"]`);
const yourTurn = (page) => page.waitForFunction(() => ['your-turn', 'over'].includes(document.body.dataset.state), null, { timeout: 120000 });

// Plays the player's turns by clicks (the first stone offered, its first target, approach
// when asked, on along the chain) until the game ends; returns the number of turns played.
async function playToEnd(page, limit) {
  for (let turns = 0; turns < limit; ++turns) {
    await yourTurn(page);
    if (await page.evaluate(() => document.body.dataset.state) === 'over') return turns;
    const stone = await page.getAttribute('.stone.movable', 'data-stone');
    await clickPoint(page, stone);
    for (;;) {
      const target = await page.getAttribute('.target', 'data-target');
      await clickPoint(page, target);
      if (await page.isVisible('#choice')) await page.click('#choose-approach');
      const state = await page.evaluate(() => document.body.dataset.state);
      if (state !== 'your-turn' || !(await page.isEnabled('#finish'))) break;
    }
  }
  throw new Error(`no result after ${limit} turns`);
}

const scenarios = {
  async load(page, base, log) {
    await open(page, base);
    await page.waitForTimeout(300);
    check(log.errors.length === 0, `no console errors (${log.errors.join('; ')})`);
    check(log.failed.length === 0, `no failed requests (${log.failed.join('; ')})`);
    check(log.ok.some((u) => u.endsWith('/favicon.svg')), 'the favicon is served');
    check(log.ok.some((u) => u.endsWith('/fanorona.wasm')), 'the WebAssembly module is served');
    check((await page.$$('[data-point]')).length === 45, '45 points on the 9x5 board');
    check((await page.$$('.line')).length === 40 + 36 + 32, '108 lines: 40 across, 36 up, 32 diagonals (only through strong points)');
    check((await page.$$('.stone.white')).length === 22 && (await page.$$('.stone.black')).length === 22, '22 stones a side');
    const movable = await page.$$eval('.stone.movable', (s) => s.map((n) => n.dataset.stone).sort());
    check(JSON.stringify(movable) === JSON.stringify(['d2', 'd3', 'e2', 'f2']), `only the capturing stones can be picked: ${movable}`);
    check((await text(page, '#status')).includes('Capture is compulsory'), 'the status says capture is compulsory');
    check((await page.inputValue('#fen')) === library.Game.initialFen('9x5'), 'the FEN is the initial position');
    await page.screenshot({ path: path.join(out, 'start.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    const box = await page.locator('#board').boundingBox();
    check(box.width <= 390 && box.width > 300, `on a phone the board fits the screen (${Math.round(box.width)} px)`);
    await page.screenshot({ path: path.join(out, 'phone.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    check(dark === 'rgb(22, 20, 15)', `the page follows a dark colour scheme (${dark})`);
    await page.screenshot({ path: path.join(out, 'dark-phone.png'), fullPage: true });
  },

  async game_level1(page, base) {
    await open(page, base, '?board=5x5&level=1&seed=7');
    const turns = await playToEnd(page, 300);
    const status = await text(page, '#status');
    check(/Game over\. (White wins|Black wins|Draw)/.test(status), `the game ends with its result after ${turns} turns of the player: "${status}"`);
    const played = await moves(page);
    check(played.length >= 2 * turns - 1, `the move list holds the game (${played.length} turns)`);
    const result = await page.evaluate(() => document.getElementById('status').textContent);
    check(/no stones left|cannot move|three times/.test(result), 'the result gives its reason');
    await clickPoint(page, 'c3');
    check((await text(page, '#message')).includes('The game is over'), 'a click after the end says the game is over');
    await page.screenshot({ path: path.join(out, 'finished.png'), fullPage: true });
  },

  async chain_finish(page, base) {
    await open(page, base, '?level=1&seed=1');
    await page.fill('#fen', '9/1B3B3/9/3W1B3/9 W');
    await page.click('#load-fen');
    await page.waitForFunction(() => document.body.dataset.state === 'your-turn');
    await clickPoint(page, 'd2');
    const targets = await page.$$eval('.target', (t) => t.map((n) => n.dataset.target).sort());
    check(JSON.stringify(targets) === JSON.stringify(['c3', 'e2', 'e3']), `d2's legal steps are highlighted: ${targets}`);
    check((await page.$$('.preview')).length === 3, 'the stones each step would take are marked');
    await clickPoint(page, 'e3');
    check((await text(page, '#status')).includes('Your chain'), 'after the capture the chain goes on');
    const next = await page.$$eval('.target', (t) => t.map((n) => n.dataset.steps));
    check(JSON.stringify(next) === JSON.stringify(['e3-d4W']), `only the legal continuation is offered: ${next}`);
    check(await page.isEnabled('#finish'), 'Finish is offered');
    await page.screenshot({ path: path.join(out, 'chain.png') });
    await clickPoint(page, 'e2');
    check((await text(page, '#message')).length > 0, `a click off the chain gets a message: "${await text(page, '#message')}"`);
    await clickPoint(page, 'b4');
    check((await text(page, '#message')) === 'only the stone that started the turn, now on e3, may continue it',
      `another stone during the chain: "${await text(page, '#message')}"`);
    await page.click('#finish');
    await yourTurn(page);
    const played = await moves(page);
    check(played[0] === 'd2-e3A' && played.length === 2, `Finish ends the turn after one capture, and the computer replies: ${played}`);
  },

  async approach_or_withdrawal(page, base) {
    await open(page, base, '?level=1&seed=1');
    await clickPoint(page, 'd3');
    const steps = await page.getAttribute('[data-target="e3"]', 'data-steps');
    check(steps === 'd3-e3A d3-e3W', `e3 is reached by approach or by withdrawal: ${steps}`);
    await clickPoint(page, 'e3');
    check(await page.isVisible('#choice'), 'the page asks which line to take');
    const lines = await page.$$eval('.choice', (c) => c.map((n) => n.dataset.choice).join(''));
    check(lines.includes('A') && lines.includes('W'), 'both lines are marked');
    await clickPoint(page, 'f3');  // the approach line's first stone
    await yourTurn(page);
    check((await moves(page))[0] === 'd3-e3A', 'clicking the approach line plays d3-e3A');
    await page.click('#undo');
    check((await moves(page)).length === 0, 'undone');
    await clickPoint(page, 'd3');
    await clickPoint(page, 'e3');
    await page.click('#choose-withdrawal');
    await yourTurn(page);
    check((await moves(page))[0] === 'd3-e3W', 'the withdrawal button plays d3-e3W');
  },

  async illegal_click(page, base) {
    await open(page, base, '?level=1');
    const expect = (fen, from) => { const g = new library.Game(); g.start(fen); return g.checkStone(JSON.parse(g.board()).names.indexOf(from)); };
    const initial = library.Game.initialFen('9x5');
    await clickPoint(page, 'a1');
    const message = await text(page, '#message');
    check(message === expect(initial, 'a1') && message.startsWith('capture is compulsory'), `a stone that cannot capture: "${message}"`);
    await clickPoint(page, 'e3');
    check((await text(page, '#message')) === 'there is no stone on e3', 'an empty point says so');
    await clickPoint(page, 'a5');
    check((await text(page, '#message')).includes("Black's"), `a Black stone: "${await text(page, '#message')}"`);
    // A paika step by a stone that can capture: refused with the library's reason.
    await page.fill('#fen', '9/1B3B3/9/3W1B3/9 W');
    await page.click('#load-fen');
    await clickPoint(page, 'd2');
    await clickPoint(page, 'd1');
    const paika = await text(page, '#message');
    check(paika === 'capture is compulsory: d2-d1 captures nothing, but d2-e2A captures', `a paika step is refused: "${paika}"`);
    await clickPoint(page, 'b4');
    check((await text(page, '#message')).includes("Black's"), 'clicking an enemy stone says whose it is');
    check((await moves(page)).length === 0, 'nothing was played');
  },

  async undo(page, base) {
    await open(page, base, '?level=1&seed=3');
    const start = await page.inputValue('#fen');
    await clickPoint(page, 'f2');
    await clickPoint(page, 'e3');
    await yourTurn(page);
    check((await moves(page)).length === 2, 'the player and the computer played');
    await page.click('#undo');
    check((await moves(page)).length === 0 && (await page.inputValue('#fen')) === start, 'undo takes back both turns');
    await page.fill('#fen', '9/1B3B3/9/3W1B3/9 W');
    await page.click('#load-fen');
    await clickPoint(page, 'd2');
    await clickPoint(page, 'e3');
    await page.click('#undo-step');
    check((await page.$$('[data-target]')).length === 3 && (await page.inputValue('#fen')) === '9/1B3B3/9/3W1B3/9 W',
      'taking back a step offers the first steps again');
    await clickPoint(page, 'e3');
    await page.click('#undo');
    check((await text(page, '#status')).includes('Capture is compulsory') && (await moves(page)).length === 0, 'undo during a chain abandons the turn');
  },

  async fen(page, base) {
    await open(page, base, '?level=1&seed=2');
    await clickPoint(page, 'f2');
    await clickPoint(page, 'e3');
    await yourTurn(page);
    const before = await page.inputValue('#fen');
    const played = await moves(page);
    for (const bad of ['9/9/9 W', 'BBBBBBBBB/BBBBBBBBB/BW1B2WBW/WWWWWWWWW/WWWWWWWWW X', 'hello']) {
      const g = new library.Game();
      const message = g.start(bad);
      await page.fill('#fen', bad);
      await page.click('#load-fen');
      check(message !== '' && (await text(page, '#fen-message')) === message, `a bad FEN shows the library's message: "${message}"`);
      check((await page.inputValue('#fen')) === before && JSON.stringify(await moves(page)) === JSON.stringify(played), 'and changes nothing');
    }
    await page.fill('#fen', 'B4/5/2W2/5/3B1 W');
    await page.click('#load-fen');
    check((await page.$$('[data-point]')).length === 25 && (await page.inputValue('#size')) === '5x5', 'a 5x5 FEN loads the 5x5 board');
    check((await text(page, '#fen-message')) === '', 'with no message');
  },

  async board_3x3(page, base) {
    await open(page, base, '?level=1&seed=5');
    await page.selectOption('#size', '3x3');
    await page.click('#new');
    await page.waitForFunction(() => document.querySelectorAll('[data-point]').length === 9);
    check((await page.inputValue('#fen')) === library.Game.initialFen('3x3'), '3x3: the initial position');
    const turns = await playToEnd(page, 100);
    check((await text(page, '#status')).startsWith('Game over.'), `a 3x3 game played to its result: "${await text(page, '#status')}" (${turns} turns)`);
  },

  async responsive(page, base) {
    await open(page, base, '?level=6&seed=1');
    await clickPoint(page, 'd3');
    await clickPoint(page, 'e3');
    // The last click of the turn, a click on the board while the computer thinks, and a timer
    // watching the main thread until the reply arrives, all inside the page: if the search
    // ran on the main thread, the timer would stall for the whole search.
    const seen = await page.evaluate(() => new Promise((resolve) => {
      document.getElementById('choose-approach').click();
      const thinking = document.body.dataset.state === 'thinking' && !document.getElementById('thinking').hidden;
      document.querySelector('[data-point="a1"]').dispatchEvent(new MouseEvent('click', { bubbles: true }));
      const answer = document.getElementById('message').textContent;
      let last = performance.now(), worst = 0;
      const tick = () => {
        const now = performance.now(); worst = Math.max(worst, now - last); last = now;
        if (document.body.dataset.state === 'thinking') setTimeout(tick, 2);
        else resolve({ thinking, answer, worst, reply: Number(document.getElementById('board').dataset.lastReplyMs) });
      };
      setTimeout(tick, 2);
    }));
    check(seen.thinking, 'the page shows that the computer is thinking');
    check(seen.answer === 'Wait: the computer is thinking.', `a click while it thinks is answered: "${seen.answer}"`);
    check(seen.worst < 40 && seen.reply > seen.worst, `the main thread ran throughout the ${seen.reply} ms search (longest timer gap ${seen.worst.toFixed(1)} ms)`);
    const played = await moves(page);
    check(played.length === 2, `the reply arrived: ${played[1]}`);
    check((await page.$$('.last-turn .path')).length === 1, "the computer's turn is marked on the board");
  },

  async perft(page, base) {
    await open(page, base);
    const result = await page.evaluate((fen) => new Promise((resolve) => {
      const worker = new Worker('worker.js');
      worker.onmessage = (e) => resolve(e.data);
      worker.postMessage({ id: 1, perft: { fen, depth: 6 } });
    }), library.Game.initialFen('9x5'));
    check(result.nodes === 9205774, `perft 6 in the browser = ${result.nodes}`);
    console.log(`MEASURE perft6_browser_ms ${result.ms.toFixed(0)}`);
  },

  async level6(page, base) {
    await open(page, base, '?level=6&seed=1');
    const replies = await playAgainst(page, 6);
    check(replies.length >= 3, `level 6 replied ${replies.length} times`);
    const times = replies.map((r) => r.ms).sort((a, b) => a - b);
    console.log(`MEASURE level6_turn_ms median ${times[times.length >> 1]} max ${times[times.length - 1]} (${times.join(' ')})`);
  },

  // Level 7 thinks on a time budget, not a node budget: each reply it searched for (depth
  // above 0; a forced turn needs none) took about its second, and none ran away.
  async level7(page, base) {
    await open(page, base, '?level=7&seed=1');
    check((await page.inputValue('#level')) === '7', 'the address selects level 7');
    const replies = await playAgainst(page, 3);
    check(replies.length >= 2, `level 7 replied ${replies.length} times`);
    for (const r of replies.filter((reply) => reply.depth > 0))
      check(r.ms >= 900 && r.ms < 3000, `a searched reply (depth ${r.depth}) took ${r.ms} ms`);
    console.log(`MEASURE level7_turn_ms ${replies.map((r) => r.ms).join(' ')} depth ${replies.map((r) => r.depth).join(' ')}`);
  },
};

// Plays up to `turns` turns by clicks (the first stone offered, its first target, approach when
// asked) and returns the computer's replies: their wall times in ms and search depths.
async function playAgainst(page, turns) {
  const replies = [];
  for (let i = 0; i < turns; ++i) {
    const stone = await page.getAttribute('.stone.movable', 'data-stone');
    await clickPoint(page, stone);
    for (;;) {
      await clickPoint(page, await page.getAttribute('.target', 'data-target'));
      if (await page.isVisible('#choice')) await page.click('#choose-approach');
      if ((await page.evaluate(() => document.body.dataset.state)) !== 'your-turn' || !(await page.isEnabled('#finish'))) break;
    }
    await yourTurn(page);
    if ((await page.evaluate(() => document.body.dataset.state)) === 'over') break;
    replies.push({ ms: Number(await page.getAttribute('#board', 'data-last-reply-ms')),
                   depth: Number(await page.getAttribute('#board', 'data-last-reply-depth')) });
  }
  return replies;
}

if (!scenarios[scenario]) {
  console.error(`unknown scenario '${scenario}'; the scenarios: ${Object.keys(scenarios).join(' ')}`);
  process.exit(2);
}
await mkdir(out, { recursive: true });
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync'],
});
let status = 0;
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  const log = { errors: [], failed: [], ok: [] };
  page.on('console', (m) => { if (m.type() === 'error') log.errors.push(m.text()); });
  page.on('pageerror', (e) => log.errors.push(String(e)));
  page.on('requestfailed', (r) => log.failed.push(r.url()));
  page.on('response', (r) => (r.status() >= 400 ? log.failed : log.ok).push(r.url()));
  page.setDefaultTimeout(30000);
  await scenarios[scenario](page, base, log);
  if (scenario !== 'load') check(log.errors.length === 0, `no console errors (${log.errors.join('; ')})`);
  console.log(`${scenario}: passed`);
} catch (error) {
  console.error(`${scenario}: FAILED: ${error.stack || error}`);
  status = 1;
} finally {
  await browser.close();
  server.close();
}
process.exit(status);
