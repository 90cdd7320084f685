// Which pack the cards are drawn in: French, four-colour French, or German-suited (Bavarian pattern, for games of
// 32 or 36 cards without jokers). The browser's own choice (Settings, kept in this browser) wins over the table's,
// chosen by its creator; a table left to each page draws German cards for the Schafkopf family when the page or
// the browser is in German, French cards otherwise. A pack a game cannot be drawn in falls back to the next choice.

import { cardSVG, setPack } from "./cards.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "cardtable:pack"; // this browser's choice: "table" (the table's), "french", "four-colour" or "german"
const OLD_FOUR_COLOUR = "cardtable:four-colour"; // the older setting, a four-colour deck or not

/** The packs in the words of the pages. */
export const PACK_WORDS = {
  french: t("French suits"),
  "four-colour": t("French suits, four colours"),
  german: t("German suits (Bavarian)"),
};
const PACK_NOTES = {
  french: t("spades and clubs black, hearts and diamonds red"),
  "four-colour": t("spades black, hearts red, diamonds blue, clubs green"),
  german: "acorns, leaves, hearts and bells; Sau, König, Ober, Unter — for games of 32 or 36 cards",
};
const FRENCH_ONLY = ["french", "four-colour"];

/** Is the page, or the browser, in German? */
export function germanReader() {
  const page = (document.documentElement.lang || "").toLowerCase();
  const browser = (navigator.language || "").toLowerCase();
  return page.startsWith("de") || browser.startsWith("de");
}

/** This browser's choice of pack ("table": as the table says). */
export function browserPack() {
  const kept = localStorage.getItem(KEY);
  if (kept === "table" || kept in PACK_WORDS) return kept;
  return localStorage.getItem(OLD_FOUR_COLOUR) === "1" ? "four-colour" : "table";
}

export function setBrowserPack(choice) {
  localStorage.setItem(KEY, choice === "table" || choice in PACK_WORDS ? choice : "table");
  localStorage.removeItem(OLD_FOUR_COLOUR);
}

/** The pack a table's own setting gives (``auto``: German for the Schafkopf family read in German). */
export function tablePack(table) {
  if (table && table.pack && table.pack !== "auto") return table.pack;
  return table && table.german_first && germanReader() ? "german" : "french";
}

/** The pack to draw ``table``'s cards in: the browser's choice, else the table's, else French; each only if
 * the game may be drawn in it. */
export function packFor(table, choice = browserPack()) {
  const allowed = (table && table.packs) || FRENCH_ONLY;
  const wanted = [choice === "table" ? null : choice, tablePack(table), "french"];
  return wanted.find((p) => p && allowed.includes(p)) || "french";
}

let current = null; // the table of the page (from its state frames)

/** Draw the page's cards in the pack ``table`` calls for; returns the pack. */
export function applyPack(table = current) {
  const pack = packFor(table);
  setPack(pack);
  document.body.classList.toggle("four-colour", pack === "four-colour");
  document.body.dataset.pack = pack;
  return pack;
}

// The table page: each state frame says the table's pack and the packs its game may be drawn in.
window.addEventListener("cardtable:frame", (e) => {
  const f = e.detail;
  if (f && f.type === "state" && f.table) {
    current = f.table;
    applyPack(current);
  }
});

/** The Settings panel's part: this browser's pack, as radio buttons, each with a card drawn in it. */
export function packSetting() {
  const allowed = (current && current.packs) || FRENCH_ONLY;
  const choice = browserPack();
  const radio = (value, text, note, sample) => el("label", { class: "check pack-choice" },
    el("input", { type: "radio", name: "pack", value, checked: choice === value,
      onchange: () => {
        setBrowserPack(value);
        applyPack();
        window.dispatchEvent(new CustomEvent("cardtable:pack")); // the table draws itself again
      } }),
    ` ${text}`, note ? el("small", {}, note) : null,
    sample ? el("span", { class: "pack-sample", "aria-hidden": "true", html: sample }) : null);
  const sample = (pack) => (pack !== "german" ? null : ["QC", "JS", "AH", "TD"]
    .map((c) => `<span style="display: inline-block; width: 30px; margin: 4px 3px 0 0">${cardSVG(c, "german")}</span>`).join(""));
  const own = PACK_WORDS[tablePack(current)] || PACK_WORDS.french;
  const rows = [radio("table", t("As the table says ({pack})", { pack: own.toLowerCase() }),
    t("the table's creator chose it; German cards for Schafkopf when you read German"))];
  for (const p of Object.keys(PACK_WORDS)) {
    const fits = allowed.includes(p);
    rows.push(radio(p, PACK_WORDS[p], fits ? PACK_NOTES[p] : t("{note}; this game is drawn in French suits", { note: PACK_NOTES[p] }),
      sample(p)));
  }
  return el("fieldset", { id: "pack-setting" }, el("legend", {}, t("Cards")), ...rows);
}

// ------------------------------------------------------------------ the home page's form
// The table's pack, chosen by its creator: a field of the form's "Match" box; home.js says which game was chosen
// ("cardtable:game") and announces the table it creates ("cardtable:create").
let chosenGame = null;

function packField() {
  let select = document.getElementById("pack");
  if (!select) {
    const speed = document.getElementById("speed");
    if (!speed) return null;
    select = el("select", { id: "pack", name: "pack" });
    speed.closest("label").after(el("label", { title: t("each player may still choose their own in Settings") },
      `${t("Cards")} `, select));
  }
  return select;
}

window.addEventListener("cardtable:game", (e) => {
  chosenGame = e.detail;
  const select = packField();
  if (!select) return;
  const was = select.value;
  const allowed = (chosenGame && chosenGame.packs) || FRENCH_ONLY;
  const usual = chosenGame && chosenGame.german_first ? t("German suits for a German reader, French otherwise")
    : t("French suits");
  select.replaceChildren(el("option", { value: "auto" }, t("Usual: {pack}", { pack: usual })),
    ...allowed.map((p) => el("option", { value: p }, PACK_WORDS[p])));
  select.value = allowed.includes(was) ? was : "auto";
});

window.addEventListener("cardtable:create", (e) => {
  const select = document.getElementById("pack");
  if (select && select.value && select.value !== "auto") e.detail.pack = select.value;
});
