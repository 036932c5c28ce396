// `node:assert/strict` in the browser: the assertions the suite uses, with Node's meaning.
export class AssertionError extends Error {
  constructor(message) {
    super(message);
    this.name = 'AssertionError';
  }
}

const show = (value) => {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
};
const fail = (message, fallback) => {
  if (message instanceof Error) throw message;
  throw new AssertionError(message ?? fallback);
};

function same(a, b) {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (a instanceof RegExp || a instanceof Date) return String(a) === String(b);
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && same(a[k], b[k]));
}

export function ok(value, message) {
  if (!value) fail(message, `expected a truthy value, got ${show(value)}`);
}
export function equal(actual, expected, message) {
  if (!Object.is(actual, expected)) fail(message, `${show(actual)} !== ${show(expected)}`);
}
export function notEqual(actual, expected, message) {
  if (Object.is(actual, expected)) fail(message, `expected a value other than ${show(expected)}`);
}
export function deepEqual(actual, expected, message) {
  if (!same(actual, expected)) fail(message, `not deep-equal:\n${show(actual)}\n${show(expected)}`);
}
export function match(text, pattern, message) {
  if (typeof text !== 'string' || !pattern.test(text)) fail(message, `${show(text)} does not match ${pattern}`);
}

function check(error, expected, message) {
  if (expected === undefined) return;
  if (expected instanceof RegExp) {
    if (!expected.test(String(error?.message ?? error))) fail(message, `the error ${show(error?.message)} does not match ${expected}`);
  } else if (typeof expected === 'function') {
    if (expected.prototype !== undefined && error instanceof expected) return;
    if (Error.isPrototypeOf(expected) || expected === Error) fail(message, `the error is not a ${expected.name}: ${error?.name}: ${error?.message}`);
    if (expected.call({}, error) !== true) fail(message, `the error failed its validation: ${error?.name}: ${error?.message}`);
  } else {
    for (const [key, value] of Object.entries(expected)) {
      const got = error?.[key];
      const matches = value instanceof RegExp && typeof got === 'string' ? value.test(got) : same(got, value);
      if (!matches) fail(message, `the error's ${key} is ${show(got)}, expected ${show(value)} (${error?.message})`);
    }
  }
}

export function throws(fn, expected, message) {
  try {
    fn();
  } catch (error) {
    check(error, expected, message);
    return;
  }
  fail(message, 'expected an exception');
}
export async function rejects(promiseOrFn, expected, message) {
  try {
    await (typeof promiseOrFn === 'function' ? promiseOrFn() : promiseOrFn);
  } catch (error) {
    check(error, expected, message);
    return;
  }
  fail(message, 'expected a rejection');
}

const assert = Object.assign((value, message) => ok(value, message), { ok, equal, notEqual, deepEqual, strictEqual: equal, deepStrictEqual: deepEqual, match, throws, rejects, AssertionError });
export default assert;
