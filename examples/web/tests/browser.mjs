// Browser tests of the page: headless Chromium (the system's, /usr/bin/chromium unless
// CHROMIUM is set) driven by playwright-core. Each scenario starts the site's static server
// (serve.mjs) on 127.0.0.1, opens the page, plays by taps, clicks and keys, checks what the
// page shows, and stops the server.
//
//   node --no-experimental-fetch browser.mjs --site <built site> --out <folder> <scenario>
//
// Expected refusals are asked of the same package (the site's fanorona/ folder), run in node,
// and put in words with the page's own English table, so a test checks that the page shows
// the engine's answer.
import { readFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '../serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { chromium } = require(path.join(here, '..', 'node_modules', 'playwright-core'));

const args = process.argv.slice(2);
const option = (name) => { const i = args.indexOf(name); return i >= 0 ? args.splice(i, 2)[1] : undefined; };
const site = path.resolve(option('--site'));
const out = path.resolve(option('--out') || 'test-output');
const scenario = args[0];

function check(condition, what) {
  if (!condition) throw new Error(`check failed: ${what}`);
  console.log(`ok - ${what}`);
}

const f = await (await import(pathToFileURL(path.join(site, 'fanorona', 'index.js')).href)).load();
const english = JSON.parse(await readFile(path.join(site, 'lang', 'en.json'), 'utf8'));
const languages = ['en', 'mg', 'fr', 'ms', 'tr', 'ru', 'ar', 'hu'];
const clean = (s) => s.replace(/[\u2068\u2069]/g, '');

// What the page should show for a refusal of the engine, in English: i18n.js's rule.
function refusalText(error) {
  const key = `error.${error.code}`;
  const fill = (s) => s.replace(/\{(\w+)\}/g, (w, k) => (k in error.values ? error.values[k] : w));
  if (error.code && key in english) return { main: fill(english[key]), detail: english[`${key}.detail`] ? fill(english[`${key}.detail`]) : '', known: true };
  return { main: english['error.unknown'], detail: error.message, known: false };
}
// The package's refusal of `call`, which must refuse.
function refusalOf(call) {
  try {
    call();
  } catch (error) {
    if (error instanceof f.FanoronaError) return error;
    throw error;
  }
  throw new Error('the package did not refuse');
}
const expectStone = (fen, point) => refusalText(new f.Game(fen).checkStone(point));
const expectStep = (fen, from, to) => refusalText(refusalOf(() => new f.Game(fen).step(from, to)));
const initial = f.initialFen('9x5');
const CHAIN_FEN = '9/1B3B3/9/3W1B3/9 W';

const states = ['your-turn', 'over', 'thinking', 'waiting', 'animating'];
async function open(page, base, query = '') {
  await page.goto(`${base}/${query}`);
  // The game is on and the computer's worker has answered (ready or failed): no redraw is due.
  await page.waitForFunction((s) => s.includes(document.body.dataset.state) && document.body.dataset.worker !== 'loading', states);
}
const state = (page) => page.evaluate(() => document.body.dataset.state);
const text = async (page, selector) => clean(await page.locator(selector).innerText());
const message = async (page) => ({ main: await text(page, '#message-main'), detail: await text(page, '#message-detail') });
const moves = (page) => page.$$eval('#moves li', (items) => items.flatMap((li) => li.textContent.split(/\s+/).filter(Boolean)));
const clickPoint = (page, name) => page.click(`[data-point="${name}"]`);
const tapPoint = (page, name) => page.tap(`[data-point="${name}"]`);
const yourTurn = (page) => page.waitForFunction(() => ['your-turn', 'over'].includes(document.body.dataset.state), null, { timeout: 120000 });
async function loadFen(page, fen) {
  await page.fill('#fen', fen);
  await page.click('#load-fen');
  if (await page.isVisible('#confirm')) await page.click('#confirm-yes');
  await page.waitForFunction((f) => document.getElementById('fen').value === f, fen);
}
function inView(box, viewport, what) {
  check(box && box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x + box.width <= viewport.width,
    `${what} is on screen (${box && [box.x, box.y, box.width, box.height].map(Math.round).join(',')} in ${viewport.width}x${viewport.height})`);
}

// Plays the player's turns (the first stone offered, its first target, approach when asked,
// on along the chain) until the game ends; returns the number of turns played.
async function playToEnd(page, limit, { tap = false } = {}) {
  const press = tap ? tapPoint : clickPoint;
  for (let turns = 0; turns < limit; ++turns) {
    await yourTurn(page);
    if ((await state(page)) === 'over') return turns;
    await press(page, await page.getAttribute('.stone.movable', 'data-stone'));
    for (;;) {
      await press(page, await page.getAttribute('.target', 'data-target'));
      if (await page.isVisible('#choice')) await (tap ? page.tap('#choose-approach') : page.click('#choose-approach'));
      if ((await state(page)) !== 'your-turn' || !(await page.isEnabled('#finish'))) break;
    }
  }
  throw new Error(`no result after ${limit} turns`);
}

// Plays up to `turns` turns and returns the computer's replies: wall times and depths.
async function playAgainst(page, turns) {
  const replies = [];
  for (let i = 0; i < turns; ++i) {
    await clickPoint(page, await page.getAttribute('.stone.movable', 'data-stone'));
    for (;;) {
      await clickPoint(page, await page.getAttribute('.target', 'data-target'));
      if (await page.isVisible('#choice')) await page.click('#choose-approach');
      if ((await state(page)) !== 'your-turn' || !(await page.isEnabled('#finish'))) break;
    }
    await yourTurn(page);
    if ((await state(page)) === 'over') break;
    replies.push({ ms: Number(await page.getAttribute('#board', 'data-last-reply-ms')),
                   depth: Number(await page.getAttribute('#board', 'data-last-reply-depth')) });
  }
  return replies;
}

const scenarios = {
  // The first visit: a placeholder and disabled controls while loading, then the board, the
  // capturing stones ringed, and the guided first turn.
  async load({ browser, base, log, fresh }) {
    const { page } = await fresh({ tour: true });
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await page.route('**/fanorona-wasm.wasm', async (route) => { await held; await route.continue(); });
    await page.goto(`${base}/`);
    await page.waitForSelector('#placeholder');
    check((await state(page)) === 'loading', 'while the module loads the page says so');
    check(await page.isDisabled('#new') && await page.isDisabled('#color') && await page.isDisabled('#finish'), 'the controls wait for the module');
    const placeholder = await page.locator('#placeholder').boundingBox();
    check(placeholder.width > 300 && placeholder.height > 150, `a board-sized placeholder (${Math.round(placeholder.width)}x${Math.round(placeholder.height)})`);
    release();
    await page.waitForFunction(() => document.body.dataset.state === 'your-turn');
    await page.unroute('**/fanorona-wasm.wasm');
    await page.waitForTimeout(300);
    check(log.errors.length === 0, `no console errors (${log.errors.join('; ')})`);
    check(log.failed.length === 0, `no failed requests (${log.failed.join(' ')})`);
    check((await page.$$('[data-point]')).length === 45 && (await page.$$('#board .line')).length === 108, '45 points, 108 lines');
    check((await page.$$('.stone.white')).length === 22 && (await page.$$('.stone.black')).length === 22, '22 stones a side');
    const movable = await page.$$eval('.stone.movable', (s) => s.map((n) => n.dataset.stone).sort());
    check(JSON.stringify(movable) === JSON.stringify(['d2', 'd3', 'e2', 'f2']), `only the capturing stones are ringed: ${movable}`);
    check((await text(page, '#status')).includes(english['status.capture']), 'the status says capture is compulsory');
    check((await page.inputValue('#fen')) === initial, 'the FEN is the initial position');
    check(await page.isEnabled('#new') && await page.isEnabled('#hint'), 'the controls work once ready');
    check(await page.isVisible('#coach') && (await text(page, '#coach-text')) === english['coach.pick'], 'the first visit starts the guided first turn');
    await clickPoint(page, 'f2');
    check((await text(page, '#coach-text')) === english['coach.step'], 'picking a stone moves the guide on');
    await page.screenshot({ path: path.join(out, 'first-visit.png') });
    await clickPoint(page, 'e3');
    await yourTurn(page);
    check((await text(page, '#coach-text')) === english['coach.done'], 'after the first turn the guide says the computer replies');
    await page.reload();
    await page.waitForFunction(() => document.body.dataset.state === 'your-turn');
    check(await page.isHidden('#coach'), 'the guide is not shown again');
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    check(dark === 'rgb(22, 20, 15)', `the page follows a dark color scheme (${dark})`);
    await page.screenshot({ path: path.join(out, 'dark.png') });
  },

  // Every language: the same keys as English (plural forms as the language needs), every
  // string of the page filled, `<html lang dir>`, chosen from the browser, the address and the
  // menu, and remembered.
  async languages({ page, base, log, browser }) {
    for (const lang of languages) {
      const table = JSON.parse(await readFile(path.join(site, 'lang', `${lang}.json`), 'utf8'));
      const missing = Object.keys(english).filter((k) => !(k in table));
      const extra = Object.keys(table).filter((k) => !(k in english));
      check(missing.length === 0 && extra.length === 0, `${lang}: the keys of English (missing ${missing.join(' ')}; extra ${extra.join(' ')})`);
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const [key, value] of Object.entries(table))
        if (typeof english[key] === 'object') {
          const lacking = categories.filter((c) => !(c in value));
          check(lacking.length === 0, `${lang}: ${key} has the plural forms ${categories.join(' ')} (lacks ${lacking.join(' ')})`);
        }
      const empty = Object.entries(table).filter(([k, v]) => v === '' && english[k] !== '').map(([k]) => k);
      check(empty.length === 0, `${lang}: no empty string (${empty.join(' ')})`);
      await open(page, base, `?lang=${lang}`);
      check((await page.getAttribute('html', 'lang')) === lang, `${lang}: <html lang="${lang}">`);
      check((await page.getAttribute('html', 'dir')) === (lang === 'ar' ? 'rtl' : 'ltr'), `${lang}: <html dir>`);
      const unfilled = await page.$$eval('[data-i18n]', (nodes) => nodes.filter((n) => !n.textContent.trim() || n.textContent === n.dataset.i18n).map((n) => n.dataset.i18n));
      check(unfilled.length === 0, `${lang}: every string of the page is filled (${unfilled.join(' ')})`);
      check((await text(page, '#status')).includes(clean(table['status.capture'])), `${lang}: the status is in the language`);
      check((await page.title()) === table.title, `${lang}: the title`);
      await page.click('#help-open');
      const alts = await page.$$eval('#help img', (imgs) => imgs.map((i) => i.alt));
      const englishAlts = Object.entries(english).filter(([k]) => k.endsWith('.alt')).map(([, v]) => v);
      check(alts.length === 11 && alts.every((a) => a && (lang === 'en' || !englishAlts.includes(a))), `${lang}: the diagrams have alternative text in the language`);
      await page.keyboard.press('Escape');
    }
    // The refusals' words are keyed by the library's error codes and use only the values the
    // library gives each code (besides the page's general sentence, `unknown`, and the
    // package's `no_step`, Finish before any step).
    const catalog = new Map(Object.entries(f.messageTemplates));
    const pageOwn = { unknown: [], no_step: [] };
    for (const [key, value] of Object.entries(english).filter(([k]) => k.startsWith('error.'))) {
      const code = key.split('.')[1];
      const template = catalog.get(code);
      check(template !== undefined || code in pageOwn, `${key}: ${code} is a code of the library`);
      const allowed = [...(template || '').matchAll(/\{(\w+)/g)].map((m) => m[1]).concat(pageOwn[code] || []);
      const used = [...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      check(used.every((u) => allowed.includes(u)), `${key} uses only the values ${code} has (${used.join(' ')} of ${allowed.join(' ')})`);
    }
    // The levels in the menu are the library's, in its order, named in English as it names them.
    const options = await page.$$eval('#level option', (o) => o.map((n) => [Number(n.value), n.dataset.i18n]));
    check(JSON.stringify(options) === JSON.stringify(f.levels.map((l) => [l.level, `level.${l.name}`])), `the menu's levels are the library's: ${options.map((o) => o[1]).join(' ')}`);
    check(f.levels.every((l) => english[`level.${l.name}`] === l.name && `level.${l.name}.line` in english), 'each with its English name and a line');
    // Every refusal a player can meet has its sentence (in every language, by the keys' check
    // above): the rules' refusals of a tap or a step, Finish too early, a position typed or
    // shared, and a game file the reader or the rules refuse.
    const reading = ['termination_contradicts_rules', 'result_contradicts_rules', 'stones_left', 'legal_turn_left', 'no_repetition',
      'unfinished_with_result', 'agreement_not_draw', 'resignation_not_decisive', 'time_forfeit_not_decisive',
      'adjudication_without_result', 'bad_tag_name', 'bad_date', 'comment_not_closed', 'comment_runs_into_tags', 'expected_tag_name',
      'expected_tag_value', 'tag_value_not_closed', 'tag_not_closed', 'no_result', 'no_result_before_tags', 'duplicate_tag',
      'unknown_board', 'bad_result_tag', 'unknown_termination', 'number_without_turn', 'bad_token', 'wrong_turn_number',
      'result_disagrees', 'no_game'].map((c) => `record_${c}`);
    const unreachable = new Set(['point_off_board', 'step_starts_off_board', 'step_ends_off_board', 'turn_without_steps']);
    const meetable = f.errorCodes.filter((c) => !unreachable.has(c) && (/^(fen|position|notation)_/.test(c) || reading.includes(c) ||
      f.errorCodes.indexOf(c) < f.errorCodes.indexOf('position_stone_off_board') || ['unknown_board', 'no_such_board'].includes(c)));
    const silent = meetable.concat('no_step').filter((c) => !(`error.${c}` in english));
    check(silent.length === 0 && meetable.length >= 70, `each of the ${meetable.length + 1} refusals a player can meet has its words (lacking: ${silent.join(' ')})`);
    const warnings = log.warnings.filter((w) => w.startsWith('i18n'));
    check(warnings.length === 0, `no string missing at run time (${warnings.join('; ')})`);
    // The menu changes the language at once and it is remembered; the browser's language is
    // the first choice of a new visitor.
    await open(page, base, '');
    await page.selectOption('#lang', 'hu');
    await page.waitForFunction(() => document.documentElement.lang === 'hu');
    check((await text(page, '#finish')) === 'Kész', 'the menu switches to Hungarian');
    await page.reload();
    await page.waitForFunction(() => document.body.dataset.state === 'your-turn');
    check((await page.getAttribute('html', 'lang')) === 'hu', 'and the choice is remembered');
    const french = await browser.newContext({ locale: 'fr-FR' });
    const frPage = await french.newPage();
    await open(frPage, base, '');
    check((await frPage.getAttribute('html', 'lang')) === 'fr', 'a browser in French gets the page in French');
    await french.close();
    const malagasy = await browser.newContext({ locale: 'mg-MG' });
    const mgPage = await malagasy.newPage();
    await open(mgPage, base, '');
    check((await mgPage.getAttribute('html', 'lang')) === 'mg', 'a browser in Malagasy gets the page in Malagasy');
    await malagasy.close();
  },

  async arabic({ page, base }) {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, base, '?lang=ar');
    check((await page.evaluate(() => getComputedStyle(document.body).direction)) === 'rtl', 'Arabic is laid out right to left');
    const finish = await page.locator('#finish').boundingBox();
    const hint = await page.locator('#hint').boundingBox();
    check(finish.x > hint.x, 'the first button of the row is on the right');
    await clickPoint(page, 'a1');
    const m = await message(page);
    check(/[\u0600-\u06ff]/.test(m.main), `a refusal in Arabic: "${m.main}"`);
    await page.screenshot({ path: path.join(out, 'arabic-phone.png') });
  },

  // The three screens: phone upright (board upright, as wide as the screen, big targets, the
  // chain's buttons on screen), phone sideways (buttons beside the board), desktop; the board
  // turned for Black.
  async layouts({ base, fresh }) {
    for (const [width, height, tag] of [[390, 844, 'phone'], [844, 390, 'phone-landscape'], [1280, 800, 'desktop']]) {
      const { page } = await fresh({ viewport: { width, height }, touch: width < 900 });
      await open(page, base, '?level=1&seed=1');
      const board = await page.locator('#board').boundingBox();
      const a1 = await page.locator('[data-point="a1"]').boundingBox(), a2 = await page.locator('[data-point="a2"]').boundingBox();
      const upright = Math.abs(a2.x - a1.x) > Math.abs(a2.y - a1.y);
      if (tag === 'phone') {
        check(upright && board.height > board.width, `phone upright: the board stands upright (${Math.round(board.width)}x${Math.round(board.height)})`);
        check(board.width >= 0.85 * width, `and fills the width (${Math.round(board.width)} of ${width} px)`);
      } else {
        check(!upright && board.width > board.height, `${tag}: the board lies flat`);
      }
      check(a1.width >= 44 && a1.height >= 44, `${tag}: a point's tap target is ${Math.round(a1.width)} px (at least 44)`);
      inView(board, { width, height }, `${tag}: the whole board`);
      for (const id of ['finish', 'undo-step', 'undo', 'redo', 'hint']) {
        const b = await page.locator(`#${id}`).boundingBox();
        check(b.height >= 44 && b.width >= 44, `${tag}: #${id} is ${Math.round(b.width)}x${Math.round(b.height)} px`);
      }
      await page.screenshot({ path: path.join(out, `${tag}.png`) });
      await loadFen(page, CHAIN_FEN);
      await page.evaluate(() => scrollTo(0, 0));  // back from the FEN field, where a player starts
      await clickPoint(page, 'd2');
      await clickPoint(page, 'e3');
      check(await page.isEnabled('#finish'), `${tag}: a chain in progress`);
      inView(await page.locator('#finish').boundingBox(), { width, height }, `${tag}: Finish during the chain`);
      inView(await page.locator('#undo-step').boundingBox(), { width, height }, `${tag}: Take back step during the chain`);
      check((await page.evaluate(() => scrollY)) === 0, `${tag}: without scrolling`);
      await page.screenshot({ path: path.join(out, `${tag}-chain.png`) });
    }
    const { page } = await fresh({ viewport: { width: 1280, height: 800 } });
    await open(page, base, '?color=Black&level=1&seed=1');
    await yourTurn(page);
    const a1 = await page.locator('[data-point="a1"]').boundingBox(), i5 = await page.locator('[data-point="i5"]').boundingBox();
    check(a1.x > i5.x && a1.y < i5.y, 'playing Black, the board is turned: a1 at the top right');
    check((await moves(page)).length === 1, 'and the computer, White, opened');
    await page.screenshot({ path: path.join(out, 'black.png') });
  },

  // A whole game on the full board by taps on a phone, to the result panel and a rematch.
  async game_phone({ base, fresh }) {
    const { page } = await fresh({ viewport: { width: 390, height: 844 }, touch: true });
    await open(page, base, '?level=1&seed=7');
    const turns = await playToEnd(page, 200, { tap: true });
    await page.waitForSelector('#result[open]');
    const title = await text(page, '#result-title');
    check([english['result.youWon'], english['result.youLost'], english['result.draw']].includes(title), `the game ends after ${turns} turns of the player: "${title}"`);
    const white = Number(await text(page, '#result-white')), black = Number(await text(page, '#result-black'));
    const onBoard = { white: (await page.$$('.stone.white')).length, black: (await page.$$('.stone.black')).length };
    check(white === onBoard.white && black === onBoard.black, `stones left: White ${white}, Black ${black}, as on the board`);
    check(Number(await text(page, '#result-turns')) === (await moves(page)).length, 'the turns played');
    const reason = await text(page, '#result-reason');
    check(reason.length > 0, `the reason: "${reason}"`);
    await page.screenshot({ path: path.join(out, 'result-phone.png') });
    await page.tap('#result [data-close]');
    await tapPoint(page, 'c3');
    check((await message(page)).main === english['error.game_over'], 'a tap after the end says the game is over');
    await page.tap('#new');
    await yourTurn(page);
    check((await moves(page)).length === 0, 'a new game starts without asking, the last one being over');
  },

  async chain_finish({ page, base }) {
    await open(page, base, '?level=1&seed=1');
    await loadFen(page, CHAIN_FEN);
    await page.waitForFunction(() => document.body.dataset.state === 'your-turn');
    await clickPoint(page, 'd2');
    const targets = await page.$$eval('.target', (t) => t.map((n) => n.dataset.target).sort());
    check(JSON.stringify(targets) === JSON.stringify(['c3', 'e2', 'e3']), `d2's legal steps are marked: ${targets}`);
    check((await page.$$('.preview')).length === 3, 'the stones each step would take are ringed');
    await clickPoint(page, 'e3');
    check((await text(page, '#status')).includes(english['status.chain']), 'after the capture the chain goes on');
    const next = await page.$$eval('.target', (t) => t.map((n) => n.dataset.steps));
    check(JSON.stringify(next) === JSON.stringify(['e3-d4W']), `only the legal continuation is offered: ${next}`);
    check(await page.isEnabled('#finish'), 'Finish is offered');
    await page.screenshot({ path: path.join(out, 'chain.png') });
    await clickPoint(page, 'e2');
    const off = await message(page);
    check(off.main.length > 0, `a tap off the chain gets a message: "${off.main}" / "${off.detail}"`);
    await clickPoint(page, 'b4');
    const other = await message(page);
    const g = new f.Game(CHAIN_FEN);
    g.step('d2', 'e3', 'approach');
    const expected = refusalText(g.checkStone('b4'));
    check(other.main === expected.main && other.detail === expected.detail, `another stone during the chain: "${other.main}" / "${other.detail}"`);
    await page.keyboard.press('f');
    await yourTurn(page);
    const played = await moves(page);
    check(played[0] === 'd2-e3A' && played.length === 2, `F ends the turn after one capture, and the computer replies: ${played}`);
  },

  async approach_or_withdrawal({ page, base }) {
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
    check((await moves(page))[0] === 'd3-e3A', 'tapping the approach line plays d3-e3A');
    await page.click('#undo');
    check((await moves(page)).length === 0, 'undone');
    await clickPoint(page, 'd3');
    await clickPoint(page, 'e3');
    await page.click('#choose-withdrawal');
    await yourTurn(page);
    check((await moves(page))[0] === 'd3-e3W', 'the withdrawal button plays d3-e3W');
  },

  async illegal_click({ page, base }) {
    await open(page, base, '?level=1');
    const same = (got, want, what) => check(got.main === want.main && got.detail === want.detail, `${what}: "${got.main}" / "${got.detail}"`);
    await clickPoint(page, 'a1');
    same(await message(page), expectStone(initial, 'a1'), 'a stone that cannot capture');
    check((await message(page)).detail.length > 0, 'with its detail');
    await clickPoint(page, 'e3');
    check((await message(page)).main === english.pickStone, 'an empty point asks for a stone first');
    await clickPoint(page, 'a5');
    same(await message(page), expectStone(initial, 'a5'), "the opponent's stone");
    await loadFen(page, CHAIN_FEN);
    await clickPoint(page, 'd2');
    await clickPoint(page, 'd1');
    same(await message(page), expectStep(CHAIN_FEN, 'd2', 'd1'), 'a paika step when a capture exists');
    check((await moves(page)).length === 0, 'nothing was played');
  },

  async undo_redo({ page, base }) {
    await open(page, base, '?level=1&seed=3');
    const start = await page.inputValue('#fen');
    await clickPoint(page, 'f2');
    await clickPoint(page, 'e3');
    await yourTurn(page);
    const played = await moves(page);
    const after = await page.inputValue('#fen');
    check(played.length === 2, 'the player and the computer played');
    await page.click('#undo');
    check((await moves(page)).length === 0 && (await page.inputValue('#fen')) === start, 'undo takes back both turns');
    check(await page.isEnabled('#redo'), 'redo is offered');
    await page.click('#redo');
    await yourTurn(page);
    check(JSON.stringify(await moves(page)) === JSON.stringify(played) && (await page.inputValue('#fen')) === after, 'redo plays them again');
    check(await page.isDisabled('#redo'), 'and redo is spent');
    await loadFen(page, CHAIN_FEN);
    await clickPoint(page, 'd2');
    await clickPoint(page, 'e3');
    await page.click('#undo-step');
    check((await page.$$('[data-target]')).length === 3 && (await page.inputValue('#fen')) === CHAIN_FEN, 'taking back a step offers the first steps again');
    await clickPoint(page, 'e3');
    await page.click('#undo');
    check((await text(page, '#status')).includes(english['status.capture']) && (await moves(page)).length === 0, 'undo during a chain abandons the turn');
  },

  // A turn by keyboard alone: Tab to the board, arrows, Enter; the computer's turn announced.
  async keyboard({ page, base }) {
    await open(page, base, '?level=1&seed=4');
    for (let i = 0; i < 40 && !(await page.evaluate(() => document.activeElement?.classList.contains('hit'))); ++i) await page.keyboard.press('Tab');
    const at = await page.evaluate(() => document.activeElement.dataset.point);
    check(!!at, `Tab reaches the board (on ${at})`);
    check((await page.evaluate(() => document.activeElement.getAttribute('aria-label'))).includes(english['point.movable']), 'the point says its stone can move');
    // From the first ringed stone (d2) to f2: two steps right.
    const go = async (key, times = 1) => { for (let i = 0; i < times; ++i) await page.keyboard.press(key); };
    await go('ArrowRight', 2);
    check((await page.evaluate(() => document.activeElement.dataset.point)) === 'f2', 'the arrows move over the board');
    await go('Enter');
    check((await page.$$('.stone.selected')).length === 1, 'Enter picks the stone');
    await go('ArrowUp');
    await go('ArrowLeft');
    const label = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
    check(clean(label).startsWith('e3:') && label.includes('move here'), `the target says what it takes: "${clean(label)}"`);
    await go('Enter');
    await yourTurn(page);
    const played = await moves(page);
    check(played[0] === 'f2-e3A' && played.length === 2, `a turn played by keyboard alone, and the reply: ${played}`);
    await page.waitForTimeout(200);
    const said = await text(page, '#announce');
    check(said.startsWith('The computer moved'), `the computer's turn is announced: "${said}"`);
    check(await page.evaluate(() => document.activeElement.classList.contains('hit')), 'the focus stays on the board');
  },

  // Nothing lost: a reload keeps the game, New game asks first, the level applies at once and
  // says so, and a link shares the game.
  async persist({ page, base, fresh }) {
    await open(page, base, '?level=1&seed=5');
    await clickPoint(page, 'f2');
    await clickPoint(page, 'e3');
    await yourTurn(page);
    const played = await moves(page);
    await page.reload();
    await yourTurn(page);
    check(JSON.stringify(await moves(page)) === JSON.stringify(played), 'a reload keeps the game');
    await page.selectOption('#level', '3');
    check((await text(page, '#settings-note')) === english['note.level'], 'a level changed during a game applies from the next turn, and says so');
    await page.selectOption('#color', 'Black');
    check((await text(page, '#settings-note')).includes(english['note.next']), 'a color changed during a game waits for a new game, and says so');
    await page.selectOption('#color', 'White');
    await page.click('#new');
    check(await page.isVisible('#confirm'), 'New game asks before discarding the game');
    await page.click('#confirm-no');
    check(JSON.stringify(await moves(page)) === JSON.stringify(played), 'keep playing keeps it');
    await page.click('#share');
    const link = await page.inputValue('#share-link');
    check(link.includes('moves='), `a link to the game: ${link}`);
    const other = (await fresh({})).page;
    await other.goto(link);
    await yourTurn(other);
    check(JSON.stringify(await moves(other)) === JSON.stringify(played), 'the link opens the same game');
    check((await other.inputValue('#level')) === '3', 'at the same level');
    await page.click('#new');
    await page.click('#confirm-yes');
    await yourTurn(page);
    check((await moves(page)).length === 0, 'discarding starts a new game');
  },

  async fen({ page, base }) {
    await open(page, base, '?level=1&seed=2');
    await clickPoint(page, 'f2');
    await clickPoint(page, 'e3');
    await yourTurn(page);
    const before = await page.inputValue('#fen');
    const played = await moves(page);
    for (const bad of ['9/9/9 W', 'BBBBBBBBB/BBBBBBBBB/BW1B2WBW/WWWWWWWWW/WWWWWWWWW X', 'hello']) {
      const expected = refusalText(refusalOf(() => new f.Game(bad)));
      await page.fill('#fen', bad);
      await page.click('#load-fen');
      await page.click('#confirm-yes');
      const shown = await text(page, '#fen-message');
      check(shown === `${english['fen.bad']} ${expected.known ? expected.main : expected.detail}`, `a bad FEN in a player's words: "${shown}"`);
      check((await page.inputValue('#fen')) === before && JSON.stringify(await moves(page)) === JSON.stringify(played), 'and changes nothing');
    }
    await loadFen(page, 'B4/5/2W2/5/3B1 W');
    check((await page.$$('[data-point]')).length === 25 && (await page.inputValue('#size')) === '5x5', 'a 5x5 FEN loads the 5x5 board');
    check((await text(page, '#fen-message')) === '', 'with no message');
  },

  // The game saved to a record file and opened from one; a file that is no game is refused.
  async record({ page, base }) {
    await open(page, base, '?level=1&seed=6');
    await clickPoint(page, 'f2');
    await clickPoint(page, 'e3');
    await yourTurn(page);
    const played = await moves(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
    const file = path.join(out, 'saved-game.txt');
    await download.saveAs(file);
    const saved = await readFile(file, 'utf8');
    check(saved.includes('[Board "9x5"]') && saved.includes(`1. ${played[0]} ${played[1]}`), `the record file holds the game:\n${saved}`);
    check(f.Game.fromRecord(saved).history().join(' ') === played.join(' '), 'the library reads the file back');
    await page.click('#undo');
    check((await moves(page)).length === 0, 'undone');
    await page.setInputFiles('#open-file', file);
    await page.waitForFunction((n) => document.querySelectorAll('#moves li').length === n, 1);
    check(JSON.stringify(await moves(page)) === JSON.stringify(played), 'opening the file restores the game');
    // Files that are no game: the reader's refusal, in words, with its line and column.
    for (const bad of ['1. a1-a2 *\n', '[Event "x"]\n[Event "y"]\n*\n', '[Result "1-0"]\n1. d3-e3A 0-1\n', '{ no game\n']) {
      const error = f.readRecords(bad).errors[0];
      const expected = refusalText(error);
      await page.evaluate(() => { document.getElementById('file-message').textContent = ''; });
      await page.setInputFiles('#open-file', { name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from(bad) });
      await page.click('#confirm-yes');
      await page.waitForFunction(() => document.getElementById('file-message').textContent.length > 0);
      const shown = await text(page, '#file-message');
      const where = english['open.where'].replace('{line}', error.line).replace('{column}', error.column);
      check(shown === `${english['open.bad']} ${expected.known ? `${expected.main} ${where}` : expected.detail}`, `a file that is no game (${error.code}) is refused in words: "${shown}"`);
      check(JSON.stringify(await moves(page)) === JSON.stringify(played), 'and changes nothing');
    }
  },

  // A worker that fails to load is shown with a retry that works; a module that fails to load
  // says so.
  async failed_worker({ page, base, fresh }) {
    await page.route('**/worker.js', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.goto(`${base}/?level=1&seed=1`);
    await page.waitForSelector('#failed:not([hidden])');
    check((await text(page, '#failed-text')) === english.failed, 'the failed worker is shown');
    check(await page.isDisabled('#hint'), 'the hint waits for the worker');
    await page.unroute('**/worker.js');
    await page.click('#retry');
    await page.waitForSelector('#failed', { state: 'hidden' });
    await clickPoint(page, 'f2');
    await clickPoint(page, 'e3');
    await yourTurn(page);
    check((await moves(page)).length === 2 && await page.isHidden('#failed'), 'after Try again the computer replies');
    const broken = (await fresh({})).page;
    await broken.route('**/fanorona-wasm.wasm', (route) => route.abort());
    await broken.goto(`${base}/`);
    await broken.waitForSelector('#failed:not([hidden])');
    check((await text(broken, '#failed-text')) === english['failed.page'], 'a module that cannot load says so');
    check(await broken.isDisabled('#new'), 'and the controls stay off');
  },

  // After the first visit the page loads and plays with the network off.
  async offline({ page, base, context }) {
    await open(page, base, '?level=1&seed=8');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await yourTurn(page);
    check(await page.evaluate(() => !!navigator.serviceWorker.controller), 'the service worker controls the page');
    const manifest = await page.evaluate(async () => (await fetch('manifest.webmanifest')).json());
    check(manifest.icons.some((i) => i.sizes === '512x512') && manifest.display === 'standalone', 'the web app manifest');
    await context.setOffline(true);
    await page.goto(`${base}/?lang=fr&level=1`);
    await yourTurn(page);
    check((await page.getAttribute('html', 'lang')) === 'fr', 'offline, the page loads (in French)');
    await clickPoint(page, 'f2');
    await clickPoint(page, 'e3');
    await yourTurn(page);
    check((await moves(page)).length === 2, 'and plays a turn against the computer');
    await context.setOffline(false);
  },

  // axe-core on the page, the help panel and the result panel: no serious or critical issue.
  async axe({ page, base }) {
    const source = await readFile(path.join(here, '..', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
    const audit = async (what) => {
      await page.addScriptTag({ content: source });
      const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
      const bad = result.violations.filter((v) => ['serious', 'critical'].includes(v.impact));
      check(bad.length === 0, `${what}: axe finds no serious or critical violation (${bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`).join('; ')})`);
    };
    for (const [width, height] of [[1280, 800], [390, 844]]) {
      await page.setViewportSize({ width, height });
      await open(page, base, '?level=1&seed=1');
      await clickPoint(page, 'd3');
      await audit(`${width}x${height}`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await audit(`${width}x${height} dark`);
      await page.emulateMedia({ colorScheme: 'light' });
    }
    await page.click('#help-open');
    await audit('How to play');
    await page.keyboard.press('Escape');
    await open(page, base, '?lang=ar');
    await audit('Arabic');
  },

  async board_3x3({ page, base }) {
    await open(page, base, '?level=1&seed=5&board=3x3');
    await page.waitForFunction(() => document.querySelectorAll('[data-point]').length === 9);
    check((await page.inputValue('#fen')) === f.initialFen('3x3'), '3x3: the initial position');
    const turns = await playToEnd(page, 100);
    check(await page.isVisible('#result'), `a 3x3 game played to its result: "${await text(page, '#result-title')}" (${turns} turns)`);
  },

  // Two players on one device: each side by taps, no computer; undo takes back one turn.
  async two_players({ page, base }) {
    await open(page, base, '?color=both');
    await clickPoint(page, 'f2');
    await clickPoint(page, 'e3');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
    check((await state(page)) === 'your-turn', 'after White, Black plays on the same device');
    check((await text(page, '#status')).includes(english.black), `the status names the side: "${await text(page, '#status')}"`);
    const black = await page.getAttribute('.stone.black.movable', 'data-stone');
    check(!!black, `Black's stones are ringed (${black})`);
    await clickPoint(page, black);
    await clickPoint(page, await page.getAttribute('.target', 'data-target'));
    if (await page.isVisible('#choice')) await page.click('#choose-approach');
    if (await page.isEnabled('#finish')) await page.click('#finish');
    check((await moves(page)).length === 2, 'two turns by hand');
    await page.click('#undo');
    check((await moves(page)).length === 1, 'undo takes back one turn');
  },

  // While level 7 searches (a second), the page answers at once and its main thread never
  // stalls; the turn is then shown step by step, with the last turn marked.
  async responsive({ page, base }) {
    await open(page, base, '?level=7&seed=1');
    await clickPoint(page, 'd3');
    await clickPoint(page, 'e3');
    const seen = await page.evaluate(() => new Promise((resolve) => {
      document.getElementById('choose-approach').click();
      const thinking = document.body.dataset.state === 'thinking' && !document.getElementById('thinking').hidden;
      document.querySelector('[data-point="a1"]').dispatchEvent(new MouseEvent('click', { bubbles: true }));
      const answer = document.getElementById('message-main').textContent;
      let last = performance.now(), worst = 0, animated = false;
      const tick = () => {
        const now = performance.now(); worst = Math.max(worst, now - last); last = now;
        if (document.body.dataset.state === 'animating') animated = true;
        if (['thinking', 'animating'].includes(document.body.dataset.state)) setTimeout(tick, 2);
        else resolve({ thinking, answer, worst, animated, reply: Number(document.getElementById('board').dataset.lastReplyMs) });
      };
      setTimeout(tick, 2);
    }));
    check(seen.thinking, 'the page shows that the computer is thinking');
    check(seen.answer === english.wait, `a tap while it thinks is answered: "${seen.answer}"`);
    check(seen.worst < 150 && seen.reply > 2 * seen.worst, `the main thread ran throughout the ${seen.reply} ms search and the animation (longest timer gap ${seen.worst.toFixed(1)} ms)`);
    check(seen.animated, "the computer's turn was shown step by step");
    check((await moves(page)).length === 2, 'the reply arrived');
    check((await page.$$('.last-turn .path')).length >= 1, "the computer's turn stays marked with arrows");
    await page.click('#hint');
    await page.waitForSelector('.hint-turn .path', { state: 'attached' });
    check((await message(page)).main.startsWith('Hint:') && (await moves(page)).length === 2, `a hint is shown, not played: "${(await message(page)).main}"`);
  },

  // perft in the package's worker, as the page runs it.
  async perft({ page, base }) {
    await open(page, base);
    const result = await page.evaluate(async (fen) => {
      const f = await (await import('./fanorona/index.js')).load();
      const worker = new f.EngineWorker();
      await worker.ready();
      const t0 = performance.now();
      const nodes = await worker.perft(fen, 6);
      const ms = performance.now() - t0;
      worker.terminate();
      return { nodes, ms };
    }, initial);
    check(result.nodes === 9205774, `perft 6 in the browser = ${result.nodes}`);
    console.log(`MEASURE perft6_browser_ms ${result.ms.toFixed(0)}`);
  },

  // The computer's first reply at each level below the timed strongest, on the full board,
  // after each of White's five first turns, asked of the package's worker as the page asks:
  // the time from question to answer.
  async first_replies({ page, base }) {
    await open(page, base);
    const firsts = ['d3-e3A', 'd3-e3W', 'e2-e3A', 'd2-e3A', 'f2-e3A'];
    const times = await page.evaluate(async (firsts) => {
      const f = await (await import('./fanorona/index.js')).load();
      const worker = new f.EngineWorker();
      await worker.ready();
      const out = [];
      for (let level = 1; level <= 6; ++level)
        for (const [i, turn] of firsts.entries()) {
          const game = new f.Game();
          game.play(turn);
          worker.setLevel(level, i);
          const t0 = performance.now();
          const r = await worker.choose(game);
          out.push({ level, turn, ms: performance.now() - t0, depth: r.depth, nodes: r.nodes });
          game.free();
        }
      worker.terminate();
      return out;
    }, firsts);
    for (let level = 1; level <= 6; ++level) {
      const replies = times.filter((t) => t.level === level);
      const ms = replies.map((t) => t.ms).sort((a, b) => a - b);
      console.log(`MEASURE first_reply_ms level ${level} median ${ms[2].toFixed(0)} max ${ms[4].toFixed(0)}: ${replies.map((t) => `${t.turn} ${t.ms.toFixed(0)} ms (${t.nodes} positions)`).join(', ')}`);
    }
    check(times.length === 30 && times.every((t) => t.ms > 0), 'every level replied to every first turn');
  },

  // Level 7 thinks on a time budget: each reply it searched for took about its second.
  async level7({ page, base }) {
    await open(page, base, '?level=7&seed=1');
    check((await page.inputValue('#level')) === '7', 'the address selects level 7');
    const replies = await playAgainst(page, 3);
    check(replies.length >= 2, `level 7 replied ${replies.length} times`);
    for (const r of replies.filter((reply) => reply.depth > 0))
      check(r.ms >= 900 && r.ms < 3000, `a searched reply (depth ${r.depth}) took ${r.ms} ms`);
    console.log(`MEASURE level7_turn_ms ${replies.map((r) => r.ms).join(' ')} depth ${replies.map((r) => r.depth).join(' ')}`);
  },
};

if (!scenarios[scenario]) {
  console.error(`unknown scenario '${scenario}'; the scenarios: ${Object.keys(scenarios).join(' ')}`);
  process.exit(2);
}
await mkdir(out, { recursive: true });
const server = await serve(site);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync'],
});
const log = { errors: [], warnings: [], failed: [] };
const contexts = [];
// A new visitor: its own storage; the guided first turn is off unless asked for; motion is
// reduced so the computer's turns are shown quickly (the `responsive` scenario sees them).
async function fresh({ viewport = { width: 1200, height: 800 }, touch = false, tour = false, motion = 'reduce' } = {}) {
  const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch, reducedMotion: motion, acceptDownloads: true });
  contexts.push(context);
  if (!tour) await context.addInitScript(() => { try { localStorage.setItem('fanorona.tour', 'true'); } catch { /* opaque origin */ } });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') log.errors.push(m.text());
    if (m.type() === 'warning') log.warnings.push(m.text());
  });
  page.on('pageerror', (e) => log.errors.push(String(e)));
  page.on('requestfailed', (r) => { if (!/fanorona-wasm\.wasm|worker\.js/.test(r.url()) || !['failed_worker'].includes(scenario)) log.failed.push(`${r.url()} ${r.failure()?.errorText}`); });
  page.on('response', (r) => { if (r.status() >= 400 && !['failed_worker'].includes(scenario)) log.failed.push(`${r.url()} ${r.status()}`); });
  page.setDefaultTimeout(30000);
  return { context, page };
}
let status = 0;
try {
  const { context, page } = await fresh({ motion: scenario === 'responsive' ? 'no-preference' : 'reduce' });
  await scenarios[scenario]({ browser, page, context, base, log, fresh });
  if (scenario !== 'failed_worker' && scenario !== 'offline') check(log.errors.length === 0, `no console errors (${log.errors.join('; ')})`);
  console.log(`${scenario}: passed`);
} catch (error) {
  console.error(`${scenario}: FAILED: ${error.stack || error}`);
  status = 1;
} finally {
  for (const context of contexts) await context.close().catch(() => {});
  await browser.close();
  server.close();
}
process.exit(status);
