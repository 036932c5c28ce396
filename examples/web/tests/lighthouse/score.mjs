// Lighthouse scores of the page, as a phone sees it (Lighthouse's mobile emulation and
// simulated slow network), with the system's Chromium and the site served gzipped as a real
// host would. Fails below these minimums: Performance 90, Accessibility 95, Best Practices 95,
// SEO 90. Writes the full report to <out>/lighthouse.json.
//
//   node score.mjs --site <built site> --out <folder> [--runs N]   (the median of N runs, 3)
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { serve } from '../../serve.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const site = path.resolve(option('--site'));
const out = path.resolve(option('--out', 'test-output'));
const runs = Number(option('--runs', 3));
const minimums = { performance: 90, accessibility: 95, 'best-practices': 95, seo: 90 };

await mkdir(out, { recursive: true });
const server = await serve(site);
const url = `http://127.0.0.1:${server.address().port}/`;
const scores = Object.fromEntries(Object.keys(minimums).map((k) => [k, []]));
let last = null;
try {
  for (let run = 0; run < runs; ++run) {
    // A fresh browser each run: nothing cached, no service worker yet: a first visit.
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM || '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
                    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(minimums) });
      last = result.lhr;
      for (const key of Object.keys(minimums)) scores[key].push(Math.round(result.lhr.categories[key].score * 100));
    } finally {
      await chrome.kill();
    }
  }
} finally {
  server.close();
}
await writeFile(path.join(out, 'lighthouse.json'), JSON.stringify(last, null, 1));
const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];
let failed = false;
console.log(`Lighthouse ${last.lighthouseVersion}, ${last.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0]}, ${last.configSettings.formFactor}, ${runs} runs`);
for (const [key, minimum] of Object.entries(minimums)) {
  const m = median(scores[key]);
  const ok = m >= minimum;
  failed ||= !ok;
  console.log(`MEASURE lighthouse ${key} ${m} (runs ${scores[key].join(' ')}; minimum ${minimum}) ${ok ? 'ok' : 'BELOW THE MINIMUM'}`);
}
for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'])
  console.log(`MEASURE lighthouse ${id} ${last.audits[id].displayValue}`);
const weak = Object.values(last.categories).flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => last.audits[r.id]))
  .filter((a) => a.score !== null && a.score < 0.9).map((a) => `${a.id} (${a.score})`);
if (weak.length) console.log(`audits below 0.9 in the last run: ${weak.join(', ')}`);
process.exit(failed ? 1 : 0);
