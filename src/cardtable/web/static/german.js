// The German-suited pack (Bavarian pattern) drawn as SVG: acorns, leaves, hearts and bells, the Sau with its
// suit large, the König crowned, the Ober with his suit held high, the Unter with his held low, and the pip
// cards Zehn to Sechs. Simple drawings made for this room, legible at phone size; 100 x 140 units like the
// French faces. The engine's codes stay French: clubs are acorns, spades leaves, hearts hearts, diamonds bells;
// the ace is the Sau, the queen the Ober, the jack the Unter.
//
// The words of this pack, in German and in English, are kept here in one table (GERMAN_WORDS).

/** The pack's own words: German (the Bavarian rooms' terms) and the English words used in English Schafkopf. */
export const GERMAN_WORDS = {
  de: {
    suits: { C: "Eichel", S: "Gras", H: "Herz", D: "Schellen" },
    ranks: { A: "Sau", K: "König", Q: "Ober", J: "Unter", T: "Zehn", 9: "Neun", 8: "Acht", 7: "Sieben", 6: "Sechs" },
  },
  en: {
    suits: { C: "Acorns", S: "Leaves", H: "Hearts", D: "Bells" },
    ranks: { A: "Sau", K: "King", Q: "Ober", J: "Unter", T: "Ten", 9: "Nine", 8: "Eight", 7: "Seven", 6: "Six" },
  },
};

/** The ranks and suits the German pack has (the engine's codes). */
export const GERMAN_RANKS = "AKQJT9876";
export const GERMAN_SUITS = "CSHD";

/** The letter in a card's corner: A (Sau), K, O (Ober), U (Unter), then the numbers. */
export const GERMAN_INDEX = { A: "A", K: "K", Q: "O", J: "U", T: "10", 9: "9", 8: "8", 7: "7", 6: "6" };

/** Each suit's colour, for text (the symbols carry colours of their own). */
export const GERMAN_INK = { C: "#7a4a12", S: "#2e6b1f", H: "#c62828", D: "#9a6a00" };
const ROBE = { C: "#8d5a22", S: "#3f8a2c", H: "#cc3333", D: "#d9a21b" };
const PANEL = { C: "#f6eee2", S: "#ecf5e6", H: "#fcecec", D: "#fdf4dc" };

/** "Ober of Acorns" (``lang`` "en") or "Eichel-Ober" ("de"); ``null`` for a code the pack does not have. */
export function germanName(code, lang = "en") {
  const m = /^([AKQJT9876])([CSHD])$/.exec(code || "");
  if (!m) return null;
  const w = GERMAN_WORDS[lang === "de" ? "de" : "en"];
  return lang === "de" ? `${w.suits[m[2]]}-${w.ranks[m[1]]}` : `${w.ranks[m[1]]} of ${w.suits[m[2]]}`;
}

/** A suit's name in the pack's words: "Acorns" or "Eichel". */
export const germanSuitName = (s, lang = "en") => GERMAN_WORDS[lang === "de" ? "de" : "en"].suits[s] || s;

// Each symbol in a 100 x 100 box, its colours its own.
const SYMBOL = {
  // Eichel: an acorn, its scaly cup on top, on a short stalk.
  C: '<path d="M46 2h8v18h-8z" fill="#4a2f0c"/>'
    + '<path d="M24 50C24 78 36 96 50 98 64 96 76 78 76 50z" fill="#b8782a" stroke="#4a2f0c" stroke-width="5"/>'
    + '<path d="M50 30c20 0 29 14 29 24H21c0-10 9-24 29-24z" fill="#6b4416" stroke="#3e270a" stroke-width="3"/>'
    + '<path d="M30 46l8-9m4 9l8-10m4 10l8-10m4 10l5-7M27 38l5 8m7-13l9 13m8-13l8 13m7-9l4 7" stroke="#b98a4a" stroke-width="2.5" fill="none"/>'
    + '<path d="M36 64c2 12 6 20 12 25" stroke="#f0c87a" stroke-width="4" fill="none" stroke-linecap="round"/>',
  // Gras: a leaf pointing up, its stem below, a midrib and veins.
  S: '<path d="M50 2C72 18 92 40 86 62 81 78 66 86 50 86 34 86 19 78 14 62 8 40 28 18 50 2z" fill="#3f8a2c" stroke="#1f4d14" stroke-width="4"/>'
    + '<path d="M50 12V99" stroke="#1f4d14" stroke-width="5" stroke-linecap="round"/>'
    + '<path d="M50 34L32 24M50 34l18-10M50 52L25 40m25 12l25-12M50 70L27 60m23 10l23-10" stroke="#cfe8c4" stroke-width="2.6" fill="none" stroke-linecap="round"/>',
  // Herz: a heart, red.
  H: '<path d="M50 92C22 68 2 50 2 29 2 13 14 2 28 2c10 0 18 6 22 14C54 8 62 2 72 2c14 0 26 11 26 27 0 21-20 39-48 63z" fill="#d32f2f" stroke="#8e1b1b" stroke-width="3"/>'
    + '<path d="M20 22c2-6 7-9 12-9" stroke="#f8b4b4" stroke-width="5" fill="none" stroke-linecap="round"/>',
  // Schellen: a round sleigh bell, gold with a red band, its slit below and its ring on top.
  D: '<circle cx="50" cy="10" r="7" fill="none" stroke="#6b4a00" stroke-width="4"/>'
    + '<circle cx="50" cy="56" r="39" fill="#f2b705" stroke="#6b4a00" stroke-width="4"/>'
    + '<path d="M13 46h74v13H13z" fill="#c62828" stroke="#6b4a00" stroke-width="2.5"/>'
    + '<circle cx="50" cy="77" r="7" fill="#3b2a00"/><path d="M50 80v15" stroke="#3b2a00" stroke-width="5"/>'
    + '<path d="M27 33c5-7 12-11 20-12" stroke="#fff3c4" stroke-width="5" fill="none" stroke-linecap="round"/>',
};

/** One suit symbol of the German pack, ``size`` units square at (x, y). */
export function germanGlyph(s, x, y, size, cls = "") {
  return `<g transform="translate(${x} ${y}) scale(${size / 100})" class="gsuit gsuit-${s}${cls ? ` ${cls}` : ""}">${SYMBOL[s]}</g>`;
}

/** A suit symbol alone as an SVG element's markup, for text (a card in a line of the log). */
export function germanSuitSVG(s) {
  return `<svg class="gsuit-inline" viewBox="0 0 100 100" width="1.05em" height="1.05em" style="vertical-align: -0.15em"`
    + ` aria-hidden="true">${SYMBOL[s]}</svg>`;
}

// Pips of the number cards, upright as on Bavarian cards (x, y of each symbol's centre).
const PIPS = {
  6: [[35, 34], [65, 34], [35, 70], [65, 70], [35, 106], [65, 106]],
  7: [[35, 30], [65, 30], [50, 52], [35, 74], [65, 74], [35, 110], [65, 110]],
  8: [[35, 30], [65, 30], [35, 57], [65, 57], [35, 83], [65, 83], [35, 110], [65, 110]],
  9: [[35, 30], [65, 30], [35, 57], [65, 57], [50, 70], [35, 83], [65, 83], [35, 110], [65, 110]],
  10: [[35, 28], [65, 28], [50, 42], [35, 56], [65, 56], [35, 84], [65, 84], [50, 98], [35, 112], [65, 112]],
};

const FRAME = '<rect class="face" x="1" y="1" width="98" height="138" rx="8"/>';

function figure(r, s) {
  // A plain figure in a robe of the suit's colour: König crowned, Ober with the symbol above, Unter below.
  const robe = ROBE[s];
  const top = { K: 58, Q: 72, J: 50 }[r];
  const bottom = { K: 114, Q: 117, J: 96 }[r];
  const head = top - 13;
  const parts = [`<rect x="22" y="20" width="56" height="100" rx="6" fill="${PANEL[s]}" stroke="${robe}" stroke-width="1.6"/>`,
    `<path d="M38 ${top + 2}Q50 ${top - 5} 62 ${top + 2}L70 ${bottom}H30z" fill="${robe}" stroke="#333" stroke-width="1.4"/>`,
    `<path d="M34 ${Math.round((top + bottom) / 2)}h32" stroke="#333" stroke-width="2.5"/>`,
    `<circle cx="50" cy="${head}" r="9" fill="#f3d2b0" stroke="#333" stroke-width="1.4"/>`];
  if (r === "K") {
    parts.push(`<path d="M40 ${head - 6}l2-11 5 6 3-8 3 8 5-6 2 11z" fill="#f2b705" stroke="#6b4a00" stroke-width="1.4"/>`,
      germanGlyph(s, 42, top + 14, 16, "court-suit"));
  } else {
    parts.push(`<path d="M40 ${head - 5}Q50 ${head - 17} 60 ${head - 5}z" fill="#333"/>`); // a cap
    parts.push(r === "Q" ? germanGlyph(s, 40, 21, 20, "court-suit") : germanGlyph(s, 40, 98, 20, "court-suit"));
  }
  return parts.join("");
}

/** The face of a German card (rank and suit in the engine's letters), as the inside of a 100 x 140 SVG. */
export function germanFace(r, s) {
  const idx = `<text x="13" y="27" class="idx gidx" fill="${GERMAN_INK[s]}">${GERMAN_INDEX[r]}</text>`
    + germanGlyph(s, 4, 32, 18, "idx-suit");
  const idx2 = `<g transform="rotate(180 50 70)">${idx.replace(' class="idx gidx"', ' class="idx gidx idx2"').replace("idx-suit", "idx-suit idx2")}</g>`;
  let body;
  if (r === "A") { // the Sau: its suit large on a banner
    body = `<rect x="22" y="26" width="56" height="88" rx="10" fill="${PANEL[s]}"/>${germanGlyph(s, 20, 38, 60, "sau-suit")}`
      + `<path d="M26 104h48l-5 8H31z" fill="${ROBE[s]}"/>`;
  } else if (r === "K" || r === "Q" || r === "J") {
    body = figure(r, s);
  } else {
    const v = r === "T" ? 10 : Number(r);
    body = PIPS[v].map(([x, y]) => germanGlyph(s, x - 10, y - 10, 20, "pip")).join("");
  }
  return FRAME + idx + idx2 + body;
}
