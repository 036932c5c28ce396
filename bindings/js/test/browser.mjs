// The package's test suite in headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core): the same *.test.mjs files as node's test runner, with node:test and
// node:assert/strict mapped to small shims (browser/). Serves the repository root on a free
// port of 127.0.0.1, so that the suite finds the staged package in build/js/package.
import { createServer } from 'node:http';
import { readFile, readdir, mkdtemp, rm } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };
const server = createServer(async (request, response) => {
  const path = normalize(join(root, decodeURIComponent(new URL(request.url, 'http://x').pathname)));
  if (!path.startsWith(root.endsWith(sep) ? root : root + sep)) return response.writeHead(403).end();
  try {
    const body = await readFile(path);
    response.writeHead(200, { 'Content-Type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = server.address().port;

const files = (await readdir(new URL('.', import.meta.url))).filter((f) => f.endsWith('.test.mjs')).sort();
const profile = await mkdtemp(join(tmpdir(), 'fanorona-js-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--js-flags=--expose-gc'],
});
let failed = 0;
try {
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  page.on('console', (m) => { if (m.type() === 'error') console.error('console:', m.text()); });
  await page.goto(`http://127.0.0.1:${port}/bindings/js/test/browser/index.html?files=${files.join(',')}`);
  await page.waitForFunction(() => window.results !== undefined, null, { timeout: 240000 });
  const results = await page.evaluate(() => window.results);
  for (const r of results) {
    console.log(`${r.ok ? 'ok' : 'not ok'} - ${r.name} (${Math.round(r.ms ?? 0)} ms)`);
    if (!r.ok) {
      ++failed;
      console.log(r.error.replace(/^/gm, '    '));
    }
  }
  const agent = await page.evaluate(() => navigator.userAgent.match(/Chrome\/[\d.]+/)?.[0] ?? navigator.userAgent);
  console.log(`# ${agent}: ${results.length - failed} passed, ${failed} failed`);
} finally {
  await context.close();
  server.close();
  await rm(profile, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
