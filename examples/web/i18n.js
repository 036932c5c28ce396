// The page's words in eight languages: English, Malagasy, French, Malay, Turkish, Russian,
// Arabic (right to left) and Hungarian, one file each in lang/. The language is the one in
// the address (?lang=fr), else the one chosen before, else the first of the browser's
// languages the page speaks, else English. Refusals are translated from the engine's error
// codes and values, never from its English.
'use strict';

const I18n = (() => {
  const languages = ['en', 'mg', 'fr', 'ms', 'tr', 'ru', 'ar', 'hu'];
  const rtl = new Set(['ar']);
  const KEY = 'fanorona.lang';
  let lang = 'en';
  let strings = {};
  let rules = null;

  function choose() {
    const asked = new URLSearchParams(location.search).get('lang');
    if (languages.includes(asked)) return asked;
    try {
      const kept = localStorage.getItem(KEY);
      if (languages.includes(kept)) return kept;
    } catch { /* storage off */ }
    for (const tag of navigator.languages || [navigator.language || 'en']) {
      const base = String(tag).toLowerCase().split('-')[0];
      if (languages.includes(base)) return base;
      if (base === 'plt') return 'mg';        // Plateau Malagasy
      if (base === 'zsm') return 'ms';        // Standard Malay
    }
    return 'en';
  }

  async function set(next, remember = true) {
    const response = await fetch(`lang/${next}.json`);
    if (!response.ok) throw new Error(`lang/${next}.json: ${response.status}`);
    strings = await response.json();
    lang = next;
    document.documentElement.lang = next;
    document.documentElement.dir = rtl.has(next) ? 'rtl' : 'ltr';
    if (remember) try { localStorage.setItem(KEY, next); } catch { /* storage off */ }
    apply(document);
  }

  // Values are isolated from the sentence around them, so that a point such as e3 or a turn
  // such as d3-e3A keeps its order inside right-to-left text.
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, (whole, key) => (values && key in values ? `\u2068${values[key]}\u2069` : whole));
  }

  function t(key, values) {
    let text = strings[key];
    if (text === undefined) {
      console.warn(`i18n: no '${key}' in ${lang}`);
      return key;
    }
    if (typeof text === 'object') text = text.other;
    return fill(text, values);
  }

  // A sentence with a count, in the plural form the language asks for (Intl.PluralRules).
  function plural(key, n, values) {
    const forms = strings[key];
    if (!forms || typeof forms !== 'object') return t(key, values);
    if (!rules || rules.lang !== lang) { const pr = new Intl.PluralRules(lang); rules = { lang, select: (k) => pr.select(k) }; }
    const form = forms[rules.select(n)] ?? forms.other;
    return fill(form, { n: n.toLocaleString(lang), ...values });
  }

  function apply(root) {
    for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
    for (const node of root.querySelectorAll('[data-i18n-alt]')) node.alt = t(node.dataset.i18nAlt);
    document.title = t('title');
    document.querySelector('meta[name="description"]').content = t('description');
  }

  // A refusal {code, values, message} as two lines: what happened in a beginner's words, and
  // the detail (with the points and turns in notation). A code the page has no words for
  // shows a general sentence and the engine's own message. `known` says which it was.
  function refusal(error) {
    const key = `error.${error.code}`;
    if (error.code && key in strings) {
      const detailKey = `${key}.detail`;
      return { main: t(key, error.values), detail: detailKey in strings ? t(detailKey, error.values) : '', known: true };
    }
    return { main: t('error.unknown'), detail: error.message || '', known: false };
  }

  return {
    languages, init: () => set(choose(), false), set, t, plural, apply, refusal,
    get lang() { return lang; },
    get strings() { return strings; },
  };
})();
