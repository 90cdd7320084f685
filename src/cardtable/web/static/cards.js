// Cards drawn as SVG: suits as paths (no font needed), pips laid out as on a real card, jokers and backs.

export const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = "#c8102e";
const BLACK = "#1a1a1a";
export const suitColor = (s) => (s === "H" || s === "D" ? RED : BLACK);

// Each suit in a 100 x 100 box.
const SUIT_PATH = {
  H: "M50 92C22 68 2 50 2 29 2 13 14 2 28 2c10 0 18 6 22 14C54 8 62 2 72 2c14 0 26 11 26 27 0 21-20 39-48 63z",
  D: "M50 0L88 50 50 100 12 50z",
  S: "M50 0C78 26 98 42 98 61c0 14-11 24-24 24-9 0-16-4-20-11 1 12 5 19 13 26H33c8-7 12-14 13-26-4 7-11 11-20 11C13 85 2 75 2 61 2 42 22 26 50 0z",
};
const CLUB = '<circle cx="50" cy="27" r="22"/><circle cx="25" cy="60" r="22"/><circle cx="75" cy="60" r="22"/>'
  + '<path d="M44 45h12c0 25 4 42 14 55H30c10-13 14-30 14-55z"/>';

const PIPS = {
  1: [],
  2: [[50, 30], [50, 110]],
  3: [[50, 30], [50, 70], [50, 110]],
  4: [[32, 30], [68, 30], [32, 110], [68, 110]],
  5: [[32, 30], [68, 30], [50, 70], [32, 110], [68, 110]],
  6: [[32, 30], [68, 30], [32, 70], [68, 70], [32, 110], [68, 110]],
  7: [[32, 30], [68, 30], [50, 50], [32, 70], [68, 70], [32, 110], [68, 110]],
  8: [[32, 30], [68, 30], [50, 50], [32, 70], [68, 70], [50, 90], [32, 110], [68, 110]],
  9: [[32, 30], [68, 30], [32, 57], [68, 57], [50, 70], [32, 83], [68, 83], [32, 110], [68, 110]],
  10: [[32, 30], [68, 30], [50, 44], [32, 57], [68, 57], [32, 83], [68, 83], [50, 96], [32, 110], [68, 110]],
};
const RANK_VALUE = { A: 1, T: 10, J: 11, Q: 12, K: 13 };

export function rankLabel(r) {
  return r === "T" ? "10" : r;
}

function suitGlyph(s, x, y, size, flip = false) {
  const k = size / 100;
  const t = flip ? `translate(${x + size / 2} ${y + size / 2}) rotate(180) translate(${-size / 2} ${-size / 2})`
    : `translate(${x} ${y})`;
  const shape = s === "C" ? CLUB : `<path d="${SUIT_PATH[s]}"/>`;
  return `<g transform="${t} scale(${k})" fill="${suitColor(s)}">${shape}</g>`;
}

let uid = 0;

/** One card face (or back when code is null) as an SVG string, 100 x 140 units. */
export function cardSVG(code) {
  if (!code) return backSVG();
  const label = `aria-label="${cardName(code)}"`;
  const frame = `<rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#9a9a9a" stroke-width="1.5"/>`;
  if (code === "JK") {
    return `<svg class="svg-card" viewBox="0 0 100 140" role="img" ${label}>${frame}
      <text x="9" y="24" font-size="15" font-weight="700" fill="#6a1b9a" font-family="sans-serif">JK</text>
      <g transform="translate(50 72)"><path d="M0-30L8-9 30-9 12 4 19 26 0 13-19 26-12 4-30-9-8-9z" fill="#6a1b9a"/></g>
      <text x="50" y="122" font-size="16" font-weight="700" text-anchor="middle" fill="#6a1b9a"
        font-family="sans-serif" letter-spacing="2">JOKER</text></svg>`;
  }
  const r = code[0];
  const s = code[1];
  const col = suitColor(s);
  const idx = `<text x="11" y="25" font-size="22" font-weight="700" text-anchor="middle" fill="${col}"
      font-family="sans-serif">${rankLabel(r)}</text>${suitGlyph(s, 3, 30, 16)}`;
  const idx2 = `<g transform="rotate(180 50 70)">${idx}</g>`;
  let body = "";
  const v = RANK_VALUE[r] || Number(r);
  if (v === 1) {
    body = suitGlyph(s, 24, 44, 52);
  } else if (v <= 10) {
    body = PIPS[v].map(([x, y]) => suitGlyph(s, x - 10, y - 10, 20, y > 72)).join("");
  } else {
    const tint = s === "H" || s === "D" ? "#fbe9e7" : "#eceff1";
    body = `<rect x="24" y="22" width="52" height="96" rx="4" fill="${tint}" stroke="${col}" stroke-width="1.2"/>
      <text x="50" y="82" font-size="44" font-weight="700" text-anchor="middle" fill="${col}"
        font-family="Georgia, serif">${r}</text>${suitGlyph(s, 40, 88, 20)}${suitGlyph(s, 40, 30, 20, true)}`;
  }
  return `<svg class="svg-card" viewBox="0 0 100 140" role="img" ${label}>${frame}${idx}${idx2}${body}</svg>`;
}

export function backSVG() {
  const id = `bk${uid++}`;
  return `<svg class="svg-card back" viewBox="0 0 100 140" role="img" aria-label="a card face down">
    <defs><pattern id="${id}" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="10" height="10" fill="#1f4e8c"/><rect width="5" height="10" fill="#2a63ad"/></pattern></defs>
    <rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#9a9a9a" stroke-width="1.5"/>
    <rect x="7" y="7" width="86" height="126" rx="5" fill="url(#${id})"/></svg>`;
}

export function cardName(code) {
  if (code === "JK") return "joker";
  const names = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten" };
  return `${names[code[0]] || code[0]} of ${SUIT_NAMES[code[1]]}`;
}

export function isCard(tok) {
  return tok === "JK" || (tok.length === 2 && "AKQJT98765432".includes(tok[0]) && "SHDC".includes(tok[1]));
}

/** Text with card codes (and "JK=7C" wild cards) turned into coloured rank+suit spans. */
export function richText(text) {
  const frag = document.createDocumentFragment();
  String(text).split(/(\s+)/).forEach((tok) => {
    const m = tok.match(/^([(\[]?)([AKQJT98765432][SHDC]|JK)(?:=([AKQJT98765432][SHDC]))?([)\],.;:]?)$/);
    if (!m) {
      frag.append(tok);
      return;
    }
    frag.append(m[1]);
    frag.append(cardSpan(m[2]));
    if (m[3]) {
      frag.append("=");
      frag.append(cardSpan(m[3]));
    }
    frag.append(m[4]);
  });
  return frag;
}

export function cardSpan(code) {
  const span = document.createElement("span");
  span.className = "cardtext";
  if (code === "JK") {
    span.textContent = "Joker";
    span.style.color = "#6a1b9a";
  } else {
    span.textContent = rankLabel(code[0]) + SUIT_SYMBOL[code[1]];
    span.style.color = suitColor(code[1]);
  }
  span.title = cardName(code);
  return span;
}

export function suitSpan(s) {
  const span = document.createElement("span");
  span.className = "cardtext";
  span.textContent = `${SUIT_SYMBOL[s] || s} ${SUIT_NAMES[s] || ""}`.trim();
  span.style.color = suitColor(s);
  return span;
}
