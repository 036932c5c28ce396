// The installed package's files: the types and the module are where package.json says.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
const require = createRequire(import.meta.url);
const root = dirname(require.resolve('fanorona/package.json'));
for (const file of ['index.js', 'index.d.ts', 'worker.js', 'fanorona-wasm.js', 'fanorona-wasm.wasm', 'README.md', 'LICENSE'])
  if (!existsSync(join(root, file))) throw new Error(`the installed package has no ${file}`);
const { load } = await import('fanorona');
const f = await load();
if (typeof f.version !== 'string') throw new Error('no version');
console.log(`installed package ${f.version}: files and module OK`);
