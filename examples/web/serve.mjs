// A small static server for the site, with the types a browser needs (.wasm as
// application/wasm) and gzip, as a real host would send it. `.ci/web serve` runs it; the
// browser tests import `serve`.
//
//   node serve.mjs <site folder>     HOST (default 127.0.0.1) and PORT (default 8000) from the
//                                    environment; HOST=0.0.0.0 lets a phone on the same
//                                    network open the page.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.webmanifest': 'application/manifest+json', '.txt': 'text/plain; charset=utf-8',
};

/** Serves `site` on host:port (port 0: any free port); resolves to the server once listening. */
export function serve(site, { host = '127.0.0.1', port = 0, hook } = {}) {
  const root = path.resolve(site);
  const server = createServer(async (request, response) => {
    const url = new URL(request.url, 'http://localhost');
    let file = path.normalize(path.join(root, decodeURIComponent(url.pathname)));
    if (!file.startsWith(root)) { response.writeHead(403).end(); return; }
    if (url.pathname.endsWith('/')) file = path.join(file, 'index.html');
    if (hook && hook(url, response)) return;
    try {
      // Revalidated on every use (no-cache) with an ETag, so that a file fetched twice (the
      // module by the page and by its worker) crosses the network once.
      const info = await stat(file);
      const tag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      const type = types[path.extname(file)] || 'application/octet-stream';
      const headers = { 'Content-Type': type, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff', ETag: tag };
      if (request.headers['if-none-match'] === tag) { response.writeHead(304, headers).end(); return; }
      let body = await readFile(file);
      if (/gzip/.test(request.headers['accept-encoding'] || '') && !type.startsWith('image/png')) {
        body = gzipSync(body);
        headers['Content-Encoding'] = 'gzip';
      }
      response.writeHead(200, headers).end(body);
    } catch {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const site = process.argv[2];
  const host = process.env.HOST || '127.0.0.1';
  const port = Number(process.env.PORT || 8000);
  if (!site) { console.error('usage: node serve.mjs <site folder>'); process.exit(2); }
  try {
    await serve(site, { host, port });
  } catch (error) {
    if (error.code === 'EADDRINUSE') {
      console.error(`serve: port ${port} is taken (another server runs there). Choose another: PORT=8080 .ci/web serve`);
    } else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') {
      console.error(`serve: this machine has no address ${host}. HOST=127.0.0.1 (this machine only) or HOST=0.0.0.0 (every network)`);
    } else {
      console.error(`serve: ${error.message}`);
    }
    process.exit(1);
  }
  const addresses = host === '0.0.0.0'
    ? Object.values(os.networkInterfaces()).flat().filter((a) => a && a.family === 'IPv4').map((a) => a.address)
    : [host];
  for (const address of addresses) console.log(`open http://${address}:${port}/`);
  console.log('Ctrl-C stops the server.');
}
