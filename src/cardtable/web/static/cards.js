// Cards drawn as SVG: suits as paths (no font needed), pips laid out as on a real card, court cards, jokers
// (also a joker standing for a card in a meld), and names for people and screen readers.
// Colours come from the style sheet (classes ink-S, ink-H...), so the four-colour deck is a class on <body>.
// The German-suited pack is drawn by german.js: which pack the page draws is ``look.pack`` (packs.js sets it).

import { el } from "./dom.js";
import { t } from "./i18n.js";
import { GERMAN_INDEX, GERMAN_INK, germanFace, germanName, germanSuitName, germanSuitSVG } from "./german.js";

/** The pack the page draws its cards in: "french" (with the four-colour class on <body>, four-colour) or "german". */
export const look = { pack: "french" };

/** Draw the cards from now on in ``pack`` ("french" or "german"). */
export function setPack(pack) {
  look.pack = pack === "german" ? "german" : "french";
}

const GERMAN_CARD = /^[AKQJT9876][SHDC]$/;
const german = (code, pack) => pack === "german" && GERMAN_CARD.test(code || "");
const pageLang = () => ((document.documentElement.lang || "").toLowerCase().startsWith("de") ? "de" : "en");

export const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANK_NAMES = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven",
  6: "six", 5: "five", 4: "four", 3: "three", 2: "two" };

// Each suit in a 100 x 100 box.
const SUIT_PATH = {
  H: "M50 92C22 68 2 50 2 29 2 13 14 2 28 2c10 0 18 6 22 14C54 8 62 2 72 2c14 0 26 11 26 27 0 21-20 39-48 63z",
  D: "M50 0L88 50 50 100 12 50z",
  S: "M50 0C78 26 98 42 98 61c0 14-11 24-24 24-9 0-16-4-20-11 1 12 5 19 13 26H33c8-7 12-14 13-26-4 7-11 11-20 11C13 85 2 75 2 61 2 42 22 26 50 0z",
};
const CLUB = '<circle cx="50" cy="27" r="22"/><circle cx="25" cy="60" r="22"/><circle cx="75" cy="60" r="22"/>'
  + '<path d="M44 45h12c0 25 4 42 14 55H30c10-13 14-30 14-55z"/>';

const PIPS = {
  2: [[50, 30], [50, 110]],
  3: [[50, 30], [50, 70], [50, 110]],
  4: [[34, 30], [66, 30], [34, 110], [66, 110]],
  5: [[34, 30], [66, 30], [50, 70], [34, 110], [66, 110]],
  6: [[34, 30], [66, 30], [34, 70], [66, 70], [34, 110], [66, 110]],
  7: [[34, 30], [66, 30], [50, 50], [34, 70], [66, 70], [34, 110], [66, 110]],
  8: [[34, 30], [66, 30], [50, 50], [34, 70], [66, 70], [50, 90], [34, 110], [66, 110]],
  9: [[34, 30], [66, 30], [34, 57], [66, 57], [50, 70], [34, 83], [66, 83], [34, 110], [66, 110]],
  10: [[34, 30], [66, 30], [50, 44], [34, 57], [66, 57], [34, 83], [66, 83], [50, 96], [34, 110], [66, 110]],
};
/** A rank's word as a card's name begins ("Queen" of spades), in the reader's language. */
function rankWord(r) {
  switch (r) {
    case "A": return t("Ace");
    case "K": return t("King");
    case "Q": return t("Queen");
    case "J": return t("Jack");
    case "T": return t("Ten");
    case "9": return t("Nine");
    case "8": return t("Eight");
    case "7": return t("Seven");
    case "6": return t("Six");
    case "5": return t("Five");
    case "4": return t("Four");
    case "3": return t("Three");
    case "2": return t("Two");
    default: return r;
  }
}

/** A suit's name ("spades"), in the reader's language. */
export function suitWord(s) {
  switch (s) {
    case "S": return t("spades");
    case "H": return t("hearts");
    case "D": return t("diamonds");
    case "C": return t("clubs");
    default: return s;
  }
}

const RANK_VALUE = { A: 1, T: 10, J: 11, Q: 12, K: 13 };
const CARD_RE = /^([AKQJT98765432])([SHDC])$/;

export const rankLabel = (r) => (r === "T" ? "10" : r);

/** Is this token a card code (``QS``, ``JK``) or a joker standing for one (``JK=3C``)? */
export function isCard(tok) {
  return typeof tok === "string" && (tok === "JK" || CARD_RE.test(tok) || /^JK=[AKQJT98765432][SHDC]$/.test(tok));
}

/** The card a code shows: ``JK=3C`` shows the three of clubs (as a joker). */
export const standsFor = (code) => (code && code.startsWith("JK=") ? code.slice(3) : code);

/** "Queen of spades", "Joker", "Joker as the three of clubs"; in the German pack "Ober of Acorns" (on a page in
German "Eichel-Ober"). The one place a card gets its name: a translation layer may replace it. */
export function cardName(code, pack = look.pack) {
  if (!code) return t("a card face down");
  if (german(code, pack)) return germanName(code, pageLang());
  if (code === "JK") return t("Joker");
  if (code.startsWith("JK=")) { // inside a sentence: "the three of clubs" (German keeps its capitals)
    const card = cardName(code.slice(3));
    return t("Joker as the {card}", { card: pageLang() === "de" ? card : card[0].toLowerCase() + card.slice(1) });
  }
  const m = CARD_RE.exec(code);
  if (!m) return code;
  const name = t("{rank} of {suit}", { rank: rankWord(m[1]), suit: suitWord(m[2]) });
  return name[0].toUpperCase() + name.slice(1);
}

/** "Q♠", "10♥", "Joker", "Joker (3♣)"; in the German pack, whose suits have no letters of their own, its name. */
export function cardSymbol(code, pack = look.pack) {
  if (german(code, pack)) return cardName(code, pack);
  if (code === "JK") return "Joker";
  if (code.startsWith("JK=")) return `Joker (${cardSymbol(code.slice(3))})`;
  const m = CARD_RE.exec(code);
  return m ? rankLabel(m[1]) + SUIT_SYMBOL[m[2]] : code;
}

function suitGlyph(s, x, y, size, flip = false) {
  const k = size / 100;
  const t = flip ? `translate(${x + size} ${y + size}) rotate(180)` : `translate(${x} ${y})`;
  const shape = s === "C" ? CLUB : `<path d="${SUIT_PATH[s]}"/>`;
  return `<g transform="${t} scale(${k})" class="ink-${s}">${shape}</g>`;
}

const FRAME = '<rect class="face" x="1" y="1" width="98" height="138" rx="8"/>';
const STAR = "M0-30L8-9 30-9 12 4 19 26 0 13-19 26-12 4-30-9-8-9z";

function jokerSVG() {
  return `${FRAME}<text x="9" y="26" class="joker-ink idx">★</text>
    <g transform="translate(50 66) scale(1.25)"><path d="${STAR}" class="joker-ink"/></g>
    <text x="50" y="122" class="joker-word">JOKER</text>`;
}

function faceSVG(r, s) {
  const idx = `<text x="13" y="27" class="idx ink-${s}">${rankLabel(r)}</text>${suitGlyph(s, 4, 32, 18)}`;
  const idx2 = `<g transform="rotate(180 50 70)">${idx}</g>`;
  const v = RANK_VALUE[r] || Number(r);
  let body;
  if (v === 1) {
    body = suitGlyph(s, 25, 45, 50);
  } else if (v <= 10) {
    body = PIPS[v].map(([x, y]) => suitGlyph(s, x - 10, y - 10, 20, y > 72)).join("");
  } else {
    body = `<rect x="25" y="22" width="50" height="96" rx="5" class="court court-${s}"/>
      <text x="50" y="84" class="court-letter ink-${s}">${r}</text>${suitGlyph(s, 41, 90, 18)}${suitGlyph(s, 41, 30, 18, true)}`;
  }
  return FRAME + idx + idx2 + body;
}

/** One card face (a back when ``code`` is empty) as an SVG string, 100 x 140 units, in ``pack``. */
export function cardSVG(code, pack = look.pack) {
  if (german(code, pack)) {
    return `<svg class="svg-card pack-german" data-pack="german" viewBox="0 0 100 140" aria-hidden="true">${germanFace(code[0], code[1])}</svg>`;
  }
  if (!code) return `<svg class="svg-card" viewBox="0 0 100 140" aria-hidden="true"><rect class="back-frame" x="1" y="1" width="98" height="138" rx="8"/><rect class="back-fill" x="7" y="7" width="86" height="126" rx="5"/></svg>`;
  let body;
  if (code === "JK") {
    body = jokerSVG();
  } else {
    const wild = code.startsWith("JK=");
    const m = CARD_RE.exec(wild ? code.slice(3) : code);
    if (!m) return cardSVG("");
    body = faceSVG(m[1], m[2]);
    if (wild) { // a joker standing for a card: that card's face, marked as a joker
      body += `<rect x="1" y="1" width="98" height="138" rx="8" class="wild-frame"/>
        <g transform="translate(84 16) scale(.42)"><path d="${STAR}" class="joker-ink"/></g>`;
    }
  }
  return `<svg class="svg-card" viewBox="0 0 100 140" aria-hidden="true">${body}</svg>`;
}

/** A card as an element: ``span.card`` holding its SVG, with its code and accessible name. */
export function cardEl(code, cls = "", attrs = {}) {
  return el("span", { class: `card ${cls}`.trim(), html: cardSVG(code), "data-code": code || null, role: "img",
    "aria-label": cardName(code), ...attrs });
}

export const backEl = (cls = "") => el("span", { class: `card back ${cls}`.trim(), "aria-hidden": "true" });

/** A card written in text: "Q♠" coloured by suit, its name on hover and for screen readers. */
export function cardSpan(code) {
  if (german(code, look.pack)) { // the corner's letter and the suit's own symbol
    return el("span", { class: "cardtext gcard", style: `color: ${GERMAN_INK[code[1]]}`, title: cardName(code), role: "img",
      "aria-label": cardName(code), html: `${GERMAN_INDEX[code[0]]}${germanSuitSVG(code[1])}` });
  }
  const suit = standsFor(code) === "JK" ? "J" : standsFor(code)[1];
  return el("span", { class: `cardtext ink-${suit}`, title: cardName(code) }, cardSymbol(code));
}

export function suitSpan(s) {
  if (look.pack === "german" && GERMAN_INK[s]) {
    const name = germanSuitName(s, pageLang());
    return el("span", { class: "cardtext gcard", style: `color: ${GERMAN_INK[s]}`, role: "img", "aria-label": name,
      html: `${germanSuitSVG(s)} ${name}` });
  }
  return el("span", { class: `cardtext ink-${s}` }, `${SUIT_SYMBOL[s] || ""} ${suitWord(s)}`.trim());
}

/** Text with card codes (and "JK=7C") turned into coloured rank-and-suit spans. */
export function richText(text) {
  const frag = document.createDocumentFragment();
  String(text ?? "").split(/(\s+)/).forEach((tok) => {
    const m = tok.match(/^([(\[]?)((?:JK=)?[AKQJT98765432][SHDC]|JK)([)\],.;:]*)$/);
    if (!m) {
      frag.append(tok);
      return;
    }
    frag.append(m[1], cardSpan(m[2]), m[3]);
  });
  return frag;
}

/** "ace of hearts" (a money card named in words) → "AH". */
export function codeOfName(name) {
  const m = /^(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two) of (spades|hearts|diamonds|clubs)$/
    .exec(String(name));
  if (!m) return null;
  const rank = Object.keys(RANK_NAMES).find((k) => RANK_NAMES[k] === m[1]);
  const suit = Object.keys(SUIT_NAMES).find((k) => SUIT_NAMES[k] === m[2]);
  return rank + suit;
}
