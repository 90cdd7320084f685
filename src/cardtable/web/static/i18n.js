// The page's words in the reader's language. t("Deal {deal} settled", { deal: 3 }) and
// tn("{n} trick", "{n} tricks", n) give the text of the language the server chose for this page (its
// <html lang>) or the one the Settings panel keeps in this browser; English is the source and needs no
// catalogue. The words come from the room's gettext catalogue, served as JSON at /api/words/<lang>.

export const LANGUAGES = { en: "English", de: "Deutsch", sv: "Svenska" };
const KEY = "cardtable:lang";
const COOKIE = "cardtable_lang";

const cookieLang = () => (document.cookie.match(/(?:^|;\s*)cardtable_lang=([a-z]+)/) || [])[1] || null;
const remember = (code) => {
  document.cookie = `${COOKIE}=${code}; path=/; max-age=31536000; samesite=lax`;
};

const page = (document.documentElement.lang || "en").split("-")[0];
const saved = localStorage.getItem(KEY);
if (saved && LANGUAGES[saved] && cookieLang() !== saved) {
  remember(saved); // the server words the next page alike
  if (saved !== page && cookieLang() === saved) location.reload();
}

/** The language of this page's words. */
export const lang = LANGUAGES[page] ? page : "en";

let words = {};
if (lang !== "en") {
  try {
    const res = await fetch(`/api/words/${lang}`);
    if (res.ok) words = (await res.json()).words || {};
  } catch {
    words = {}; // no catalogue: English
  }
}

const numbers = new Intl.NumberFormat(lang);
const plurals = new Intl.PluralRules(lang);

/** A number in the language's own way (1.234,5 in German). */
export const num = (x) => (typeof x === "number" && Number.isFinite(x) ? numbers.format(x) : String(x));

function fill(text, args) {
  if (!args) return text;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in args ? (typeof args[k] === "number" ? num(args[k]) : String(args[k])) : m));
}

/** A sentence in the reader's language; ``{name}`` placeholders filled from ``args``. */
export function t(msgid, args) {
  const said = words[msgid];
  return fill(typeof said === "string" && said ? said : msgid, args);
}

/** A sentence that counts: the form for ``n`` of the reader's language ({n} is filled with n). */
export function tn(singular, plural, n, args = {}) {
  const forms = words[singular];
  // German, Swedish and English have two forms: one (1) and other; a language with more adds its order here
  const one = plurals.select(n) === "one";
  const text = Array.isArray(forms) && forms.length >= 2 ? forms[one ? 0 : 1] : (n === 1 ? singular : plural);
  return fill(text, { n, ...args });
}

/** Use the language ``code`` in this browser from now on (the page is worded anew if it changes). */
export function useLanguage(code) {
  if (!LANGUAGES[code]) return;
  localStorage.setItem(KEY, code);
  remember(code);
  if (code !== lang) location.reload();
}

/** Choose the language of the pages: kept in this browser, in the account when logged in, and used at once. */
export async function setLanguage(code) {
  if (!LANGUAGES[code]) return;
  localStorage.setItem(KEY, code);
  remember(code);
  try {
    await fetch("/api/me/lang", { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ lang: code }) });
  } catch {
    // not logged in or offline: the browser keeps it
  }
  location.reload();
}
