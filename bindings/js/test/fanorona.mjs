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

/**
 * A validator for assert.throws: a FanoronaError whose code is `code`, one the package lists,
 * and whose message matches `message` if given.
 */
export function refusal(code, message) {
  return (e) => {
    if (!(e instanceof FanoronaError)) throw new Error(`expected a FanoronaError, got ${e?.name}: ${e?.message}`);
    const own = ['freed', 'terminated', 'engine_busy', 'nothing_to_redo', 'no_step', 'out_of_range', 'stale_turn_list', 'unknown_error_code'];
    if (!f.errorCodes.includes(e.code) && !own.includes(e.code)) throw new Error(`unknown code ${e.code}`);
    if (code !== undefined && e.code !== code)
      throw new Error(`expected code ${code}, got ${e.code} (${e.message})`);
    if (message !== undefined && !(message instanceof RegExp ? message.test(e.message) : e.message === message))
      throw new Error(`unexpected message: ${e.message}`);
    if (typeof e.values !== 'object' || e.message.length === 0) throw new Error('no values or no message');
    return true;
  };
}
