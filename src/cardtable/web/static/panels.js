// The side panel: score sheet, replay of a finished deal, last trick, invite links, settings, keys, and the
// typed-action box for those who like to type.

import { cardEl, cardName, richText } from "./cards.js";
import { $, el } from "./dom.js";
import { facts, stage } from "./board.js";
import { poolName } from "./pools.js";
import { packSetting } from "./packs.js";
import { nameOf, say, useWords } from "./words.js";
import { lang, LANGUAGES, setLanguage, t, tn } from "./i18n.js";

export const panel = { kind: null };

export function openPanel(kind, title, ...content) {
  panel.kind = kind;
  $("panel-body").replaceChildren(el("h2", { id: "panel-title" }, title),
    ...content.filter((c) => c !== null && c !== undefined));
  $("panel").hidden = false;
}

export function closePanel() {
  panel.kind = null;
  $("panel").hidden = true;
}

export function fmtDelta(d) {
  const s = String(d);
  return s.startsWith("-") || s === "0" ? s.replace("-", "−") : `+${s}`;
}

// ------------------------------------------------------------------ score sheet
export function openSheet(state, sheet, send) {
  const seats = state.table.seats;
  const head = el("tr", {}, el("th", { scope: "col" }, t("Deal")), el("th", { scope: "col" }, t("Dealer")),
    ...seats.map((s) => el("th", { scope: "col" }, nameOf(s.seat))), el("th", { scope: "col" }, t("Pools after")),
    el("th", { scope: "col" }, el("span", { class: "sr" }, t("replay"))));
  const rows = sheet.rows.map((r) => el("tr", {}, el("td", {}, String(r.deal)), el("td", {}, nameOf(r.dealer)),
    ...r.result.deltas.map((d) => el("td", { class: String(d).startsWith("-") ? "minus" : "plus" }, fmtDelta(d))),
    el("td", {}, poolsText(r.result.pools)),
    el("td", {}, el("button", { type: "button", class: "small", onclick: () => send({ type: "replay", deal: r.deal }) }, t("Replay")))));
  const total = el("tr", { class: "total" }, el("th", { scope: "row" }, t("Total")), el("td"),
    ...(sheet.totals || []).map((x) => el("td", {}, String(x).replace("-", "−"))), el("td"), el("td"));
  const m = state.match;
  openPanel("sheet", t("Score sheet"),
    sheet.rows.length ? el("div", { class: "scroll-x" }, el("table", { class: "sheet" }, el("thead", {}, head), el("tbody", {}, ...rows, total)))
      : el("p", {}, t("No deal has finished yet.")),
    m.max_deals ? el("p", {}, tn("A match of {n} deal.", "A match of {n} deals.", m.max_deals))
      : m.target ? el("p", {}, t("The match is played to {target}.", { target: m.target })) : null);
}

export function poolsText(pools) {
  return Object.entries(pools || {}).map(([k, n]) => `${poolName(k)} ${n}`).join(" · ");
}

// ------------------------------------------------------------------ replay
export function openReplay(state, replay) {
  const { deal, steps, i } = replay;
  const view = steps[i];
  const show = replay.shows[i] || { names: state.show.names, labels: {}, log: [] };
  const frame = { ...state, view, show, thinking: null, match: { ...state.match, totals: null } }; // totals: now, not then
  useWords(frame);
  const last = i > 0 ? (show.log || [])[i - 1] : null;
  const go = (k) => { replay.i = Math.max(0, Math.min(steps.length - 1, k)); openReplay(state, replay); };
  const board = el("div", { class: "replay-board" }, el("div", { class: "facts" }, ...facts(frame)), stage(frame, {}));
  const held = show.hand && show.hand.length ? show.hand.flat() : view.hand || [];
  const hand = held.length
    ? el("div", { class: "replay-hand", "aria-label": t("your hand") }, ...held.map((c) => cardEl(c, "small"))) : null;
  openPanel("replay", t("Replay of deal {deal}", { deal }),
    el("div", { class: "replay-controls" },
      el("button", { type: "button", onclick: () => go(0), "aria-label": t("first"), title: t("first") }, "«"),
      el("button", { type: "button", onclick: () => go(i - 1), "aria-label": t("back"), title: t("back (←)") }, "◀"),
      el("span", { class: "step", "data-move": i }, t("Move {i} of {n}", { i, n: steps.length - 1 })),
      el("button", { type: "button", onclick: () => go(i + 1), "aria-label": t("forward"), id: "replay-next", title: t("forward (→)") }, "▶"),
      el("button", { type: "button", onclick: () => go(steps.length - 1), "aria-label": t("last"), title: t("last") }, "»")),
    el("p", { class: "replay-last" }, last ? richText(`${nameOf(last.seat)}: ${last.say}`) : t("The deal as dealt.")),
    board, hand,
    view.over && show.lines ? el("ol", { class: "lines" }, ...show.lines.map((l) => el("li", {}, richText(l)))) : null);
  useWords(state);
}

// ------------------------------------------------------------------ last trick
export function openLast(state) {
  const v = state.view;
  const last = v.last_trick || [];
  const won = [...(state.show.log || [])].reverse().find((e) => e.won !== undefined);
  openPanel("last", t("Last trick"),
    last.length ? el("div", { class: "last-trick" }, ...last.map(([s, c]) => el("figure", { class: `played-fig${won && won.won === s ? " best" : ""}` },
      cardEl(c, "", { "aria-label": `${nameOf(s)}: ${cardName(c)}` }), el("figcaption", {}, nameOf(s)))))
      : el("p", {}, t("No trick has been completed yet.")),
    won && last.length ? el("p", {}, richText(won.with ? t("{player} won it with {card}.", { player: nameOf(won.won), card: won.with })
      : t("{player} won it.", { player: nameOf(won.won) }))) : null);
}

// ------------------------------------------------------------------ invite
export function openInvite(tid) {
  const saved = JSON.parse(localStorage.getItem(`cardtable:table:${tid}`) || "null");
  const base = location.origin;
  const rows = [];
  for (const s of (saved && saved.seats) || []) {
    if (!s.url) continue;
    const url = base + s.url;
    rows.push(el("li", {}, el("strong", {}, s.name), " ",
      el("input", { type: "text", readonly: true, value: url, "aria-label": t("link for {player}", { player: s.name }), "data-seat": s.seat }),
      el("button", { type: "button", class: "small", onclick: () => navigator.clipboard?.writeText(url) }, t("Copy"))));
  }
  rows.push(el("li", {}, el("strong", {}, t("Spectators (watch only)")), " ",
    el("input", { type: "text", readonly: true, value: `${base}/t/${tid}`, "aria-label": t("spectator link") })));
  openPanel("invite", t("Invite"), el("p", {}, t("Each seat's link carries its own secret: give it only to the person who sits there.")),
    el("ul", { class: "invite" }, ...rows));
}

// ------------------------------------------------------------------ settings
// The bots' speeds a table may have (the table's setting, chosen by its creator): how long each move by
// another player and each finished trick stay in view on every seat's page; the server paces the bots alike.
export const SPEEDS = {
  slow: { move: 1100, trick: 2600, label: t("Slow") },
  normal: { move: 600, trick: 1500, label: t("Normal") },
  fast: { move: 250, trick: 700, label: t("Fast") },
  instant: { move: 0, trick: 0, label: t("Instant") },
};

export const prefs = {
  flag(name) { return localStorage.getItem(`cardtable:${name}`) === "1"; },
  setFlag(name, on) { localStorage.setItem(`cardtable:${name}`, on ? "1" : "0"); },
};

export function applyPrefs() {
  document.body.classList.toggle("no-motion", prefs.flag("no-motion"));
}

export function openSettings() {
  const flag = (name, text, note) => el("label", { class: "check" },
    el("input", { type: "checkbox", checked: prefs.flag(name), onchange: (e) => { prefs.setFlag(name, e.target.checked); applyPrefs(); } }),
    ` ${text}`, note ? el("small", {}, note) : null);
  const language = el("select", { id: "language", onchange: (e) => setLanguage(e.target.value) },
    ...Object.entries(LANGUAGES).map(([code, name]) => el("option", { value: code, selected: code === lang }, name)));
  openPanel("settings", t("Settings"), el("p", { class: "small" }, t("The bots' speed is the table's own: it is beside the scores.")),
    el("fieldset", {}, el("legend", {}, t("Language")),
      el("label", {}, `${t("The room's words")} `, language)),
    packSetting(), // the pack the cards are drawn in (packs.js)
    el("fieldset", {}, el("legend", {}, t("Sound and movement")),
      flag("sound", t("A sound when it is your turn")),
      flag("no-motion", t("No card movement"), t("also off when your system asks for reduced motion"))));
}

// ------------------------------------------------------------------ keys and the typed action
// Keys another script of the page adds to the list while they apply (tableroom.js: undo and hint, against bots).
export const moreKeys = { list: () => [] };

export function openHelp() {
  const keys = [["← →", t("move between the cards in your hand")], [t("Enter or Space"), t("play or select the card")],
    ["1 – 9", t("the choices under the table, in order")], ["L", t("last trick")], ["S", t("score sheet")],
    ["N", t("next deal")], ["/", t("type an action")], ...moreKeys.list(), ["Esc", t("close a panel, clear a selection")],
    ["?", t("this list")]];
  openPanel("help", t("Keys"), el("dl", { class: "keys" }, ...keys.flatMap(([k, d]) => [el("dt", {}, el("kbd", {}, k)), el("dd", {}, d)])));
}

export function openTyped(state, act) {
  const legal = state && state.view.turn === state.you ? state.view.legal || [] : [];
  const list = el("datalist", { id: "typed-list" }, ...legal.slice(0, 300).map((a) => el("option", { value: a }, say(a))));
  const input = el("input", { type: "text", id: "typed", list: "typed-list", autocomplete: "off", spellcheck: "false",
    "aria-label": t("type an action"), placeholder: legal[0] ? t("e.g. {action}", { action: legal[0] }) : "" });
  const form = el("form", { class: "typed", onsubmit: (e) => {
    e.preventDefault();
    if (input.value.trim()) { act(input.value.trim()); closePanel(); }
  } }, input, list, el("button", { type: "submit", class: "primary" }, t("Send")));
  openPanel("typed", t("Type an action"), el("p", {}, t("The actions as the engine writes them (the same as in the command line game).")), form,
    legal.length ? el("p", { class: "small" }, t("Legal now: {actions}", { actions: `${legal.slice(0, 40).join(", ")}${legal.length > 40 ? " …" : ""}` })) : null);
  input.focus();
}
