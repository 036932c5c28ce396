// `node:test` in the browser, as much of it as the suite uses: test(name, fn) registers a
// test, run() runs them in order (browser.html calls it).
const tests = [];

export function test(name, options, fn) {
  tests.push({ name, fn: typeof options === 'function' ? options : fn });
}

export async function run(report) {
  const results = [];
  for (const { name, fn } of tests) {
    const start = performance.now();
    try {
      await fn({ name });
      results.push({ name, ok: true, ms: performance.now() - start });
    } catch (error) {
      results.push({ name, ok: false, ms: performance.now() - start, error: `${error?.name}: ${error?.message}\n${error?.stack ?? ''}` });
    }
    report?.(results.at(-1));
  }
  return results;
}

export default test;
