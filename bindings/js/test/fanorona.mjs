// The package under test: the staged package that .ci/js builds (build/js/package), or the
// one FANORONA_JS_PACKAGE names (a path or URL of its index.js). Node and the browser suite
// (browser.mjs) both load the tests through this file.
const override = globalThis.process?.env?.FANORONA_JS_PACKAGE;
const target = override
  ? new URL(override, `file://${globalThis.process.cwd()}/`)
  : new URL('../../../build/js/package/index.js', import.meta.url);

export const { load, FanoronaError } = await import(target.href);
export const f = await load();
export const packageUrl = target;
/** True in the browser run of the suite. */
export const inBrowser = typeof window === 'object';
