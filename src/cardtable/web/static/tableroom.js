// The public room on the table page: chat, taking a free seat, undo, hints and the review of a deal.
// table.js (the board) announces each frame from the server as a "cardtable:frame" event and sends what is
// asked of it by a "cardtable:send" event: those two lines are its integration points. Everything here lives
// in the side column (#side), beside the scores and the moves, outside the board that table.js redraws; the
// move a hint names is marked again each time the board is drawn.

import { $, accountCorner, api, el } from "./common.js";
import { moreKeys } from "./panels.js";
import { t } from "./i18n.js";

const tid = location.pathname.split("/")[2];
let state = null;
let chatLines = new Map(); // id -> line
let noteTimer = null; // the chat's note (too fast...) goes when the wait is over
let muted = false;
let hint = null;
let review = null;
let listing = null; // the lobby box as clicked, until a state frame from the server says the same
let muting = null; // the mute box as clicked, until a frame from the server says the same (a chat line said
// before the server had the click carries the older setting: it must not tick the box back)

export function send(msg) {
  window.dispatchEvent(new CustomEvent("cardtable:send", { detail: msg }));
}

// ------------------------------------------------------------------ chat
function chatPane() {
  let pane = $("chat");
  if (pane) return pane;
  pane = el("section", { id: "chat", class: "chat", "aria-label": t("table chat") },
    el("div", { class: "chat-head" }, el("strong", {}, t("Chat")),
      el("label", { class: "mute", id: "mute-box", hidden: true },
        el("input", { type: "checkbox", id: "mute", onchange: (e) => { muting = e.target.checked; send({ type: "mute", muted: muting }); } }),
        ` ${t("mute spectators")}`),
      el("label", { class: "mute", id: "public-box", hidden: true, title: t("public: anyone can find it in the lobby; private: by link only") },
        el("input", { type: "checkbox", id: "public", onchange: (e) => { listing = e.target.checked; send({ type: "public", public: listing }); } }),
        ` ${t("in the lobby")}`),
      el("button", { type: "button", class: "small", id: "chat-toggle", "aria-expanded": "true",
        onclick: () => pane.classList.toggle("folded") }, "–")),
    el("ol", { id: "chat-lines", class: "chat-lines", "aria-live": "polite" }),
    el("p", { id: "chat-note", class: "chat-note", role: "status", hidden: true }),
    el("form", { id: "chat-form", class: "chat-form", onsubmit: (e) => {
      e.preventDefault();
      const input = $("chat-input");
      const text = input.value.trim();
      if (text) send({ type: "chat", text });
      input.value = "";
    } }, el("input", { id: "chat-input", type: "text", maxlength: 300, placeholder: t("say something"), "aria-label": t("chat line") }),
    el("button", { type: "submit" }, t("Send"))));
  ($("side") || document.body).append(pane);
  return pane;
}

function renderChat() {
  const list = $("chat-lines");
  const lines = [...chatLines.values()].sort((a, b) => a.id - b.id);
  list.replaceChildren(...lines.map((l) => el("li", { class: `chat-line ${l.kind}`, "data-id": l.id },
    l.kind === "notice" ? null : el("span", { class: "who" }, `${l.name}: `), el("span", { class: "said" }, l.text))));
  list.scrollTop = list.scrollHeight;
  const spectator = state && state.you === null;
  $("chat-input").disabled = spectator && muted;
  $("chat-input").placeholder = spectator && muted ? t("the players muted the spectators") : t("say something");
  $("mute-box").hidden = !state || state.you === null;
  if (muting !== null && muted === muting) muting = null;
  $("mute").checked = muting ?? muted;
  // The player who made the table (the first person's seat) lists it in the lobby or keeps it to its link.
  const creator = state ? state.table.seats.findIndex((s) => s.kind === "human") : -1;
  const offered = state && (state.table.public || state.table.listable);
  $("public-box").hidden = !offered || state.you === null || state.you !== creator || state.match.over;
  if (listing !== null && state && state.table.public === listing) listing = null;
  $("public").checked = listing ?? !!(state && state.table.public);
}

// ----------------------------------------------------------- free seats
function seatBar() {
  let bar = $("take-seat");
  if (!bar) {
    bar = el("section", { id: "take-seat", class: "take-seat", hidden: true, "aria-label": t("free seats") });
    sidePlace(bar);
  }
  const open = state && state.you === null && !state.match.over ? state.table.seats.filter((s) => s.open) : [];
  bar.hidden = open.length === 0;
  const error = el("span", { class: "error" });
  bar.replaceChildren(el("span", {}, `${t("A seat is free:")} `), ...open.map((s) => el("button", { type: "button",
    class: "primary", "data-seat": s.seat, onclick: async () => {
      const { ok, out } = await api(`/api/tables/${tid}/join`, { seat: s.seat });
      if (!ok) { error.textContent = out.error; return; }
      localStorage.setItem(`cardtable:seat:${tid}`, JSON.stringify(out));
      location.href = out.url;
    } }, t("Take seat {n}", { n: s.seat + 1 }))), " ", error);
}

// ------------------------------------------------------------ help
function helpBar() {
  let bar = $("help");
  if (!bar) {
    bar = el("section", { id: "help", class: "help", hidden: true, "aria-label": t("help from the bot") },
      el("h2", { class: "side-title" }, t("Help from the bot")),
      el("button", { type: "button", id: "btn-undo", title: t("take back your last move (U)"), onclick: () => send({ type: "undo" }) }, t("Undo")),
      el("button", { type: "button", id: "btn-hint", title: t("what would the bot play? (H)"), onclick: () => {
        $("hint-text").textContent = t("the bot is thinking…");
        send({ type: "hint" });
      } }, t("Hint")),
      el("button", { type: "button", id: "btn-review", onclick: () => {
        $("hint-text").textContent = t("the bot is going over the deal…");
        send({ type: "review", deal: state.deal });
      } }, t("Review this deal")),
      el("span", { id: "hint-text", class: "hint-text", "aria-live": "polite" }),
      el("ol", { id: "review-moves", class: "review-moves" }));
    sidePlace(bar);
  }
  const v = state.view;
  const mine = state.you !== null && state.table.solo;
  bar.hidden = !mine;
  if (!mine) return;
  $("btn-undo").disabled = state.match.over || !(v.history || []).some(([s]) => s === state.you);
  $("btn-hint").disabled = v.over || v.turn !== state.you;
  $("btn-review").hidden = !v.over;
  if (hint && (hint.deal !== state.deal || hint.rev !== state.rev)) { hint = null; $("hint-text").textContent = ""; }
  if (review && review.deal !== state.deal) { review = null; $("review-moves").replaceChildren(); }
  document.body.classList.toggle("assisted", !!state.table.assisted); // room.css: a note after the prompt
}

// The public room's boxes in the side column: free seats above the scores, the help under them (the scores
// stay the first titled box of the column).
function sidePlace(box) {
  const scores = $("scores");
  if (!scores) { document.body.append(box); return; }
  if (box.id === "help") scores.after(box); else scores.before(box);
}

function showHint(f) {
  hint = f;
  $("hint-text").textContent = t("Hint: {reason}", { reason: f.reason });
  markHint();
}

// The card or button of the hinted move stands out (a bid not on the picker yet: the picker).
function markHint() {
  document.querySelectorAll("#board .hinted").forEach((x) => x.classList.remove("hinted"));
  if (!hint) return;
  const a = CSS.escape(hint.action);
  const target = document.querySelector(`#board [data-action="${a}"], #board .hand [data-card="${a}"]`)
    || (hint.action.startsWith("bid ") ? document.querySelector("#board .bid-picker") : null);
  target?.classList.add("hinted");
}

function showReview(f) {
  review = f;
  $("hint-text").textContent = f.moves.length ? t("Where the bot would have done better:") : t("The bot found no move of yours it would clearly have played better.");
  $("review-moves").replaceChildren(...f.moves.map((m) => el("li", {}, m.text)));
}

// --------------------------------------------------------- the frames
function onFrame(f) {
  if (f.type === "state") {
    state = f;
    chatPane();
    seatBar();
    helpBar();
    renderChat();
    markHint();
  } else if (f.type === "chat") {
    chatPane();
    if (f.all) chatLines = new Map();
    for (const l of f.lines) chatLines.set(l.id, l);
    muted = f.muted;
    renderChat();
  } else if (f.type === "hint") {
    showHint(f);
  } else if (f.type === "review") {
    showReview(f);
  } else if (f.type === "replay" && f.chat) {
    window.setTimeout(() => replayChat(f), 0); // after the board drew the replay panel
  } else if (f.type === "error" && (listing !== null || muting !== null)) {
    listing = null;
    muting = null;
    renderChat();
  }
  if (f.type === "error" && f.about === "chat") { // too fast, muted...: said here, under the chat's lines
    chatPane();
    const note = $("chat-note");
    note.textContent = f.error.charAt(0).toUpperCase() + f.error.slice(1);
    note.hidden = false;
    clearTimeout(noteTimer);
    noteTimer = setTimeout(() => { note.hidden = true; }, 1000 * Math.max(4, Number(f.retry_after) || 0));
  }
  if (f.type === "error" && $("hint-text") && /hint|bot|review|taken back|take back/.test(f.error)) {
    $("hint-text").textContent = f.error;
  }
}

// In a replay, the chat said during the deal: the lines said up to the move shown stand out.
let replayFrame = null;

function replayChat(f) {
  replayFrame = f;
  placeReplayChat();
}

function placeReplayChat() {
  const body = $("panel-body");
  const f = replayFrame;
  if (!body || !f || !f.chat.length || body.querySelector(".replay-chat")) return;
  const title = body.querySelector("h2");
  if (!title || title.textContent !== t("Replay of deal {deal}", { deal: f.deal })) return;
  const shown = Number(body.querySelector(".replay-controls .step")?.dataset.move || 0);
  body.append(el("section", { class: "replay-chat", "aria-label": t("chat during this deal") },
    el("h3", {}, t("Chat during this deal")),
    el("ol", {}, ...f.chat.map((l) => el("li", { class: l.step <= shown ? "said-by-now" : "later" },
      el("span", { class: "meta" }, `${l.step ? t("after move {n}", { n: l.step }) : t("before the first move")} · `),
      l.kind === "notice" ? null : el("span", { class: "who" }, `${l.name}: `), el("span", { class: "said" }, l.text))))));
}

if ($("panel-body")) new MutationObserver(placeReplayChat).observe($("panel-body"), { childList: true });
if ($("board")) new MutationObserver(markHint).observe($("board"), { childList: true }); // table.js redrew the board

// The keys list (?) names undo and hint where they apply: a player's seat at a table against bots only.
moreKeys.list = () => (state && state.you !== null && state.table.solo
  ? [["U", t("take back your last move (against bots)")], ["H", t("a hint: what the bot would play")]] : []);

window.addEventListener("cardtable:frame", (e) => onFrame(e.detail));
document.addEventListener("keydown", (e) => {
  if (e.target instanceof HTMLInputElement || e.ctrlKey || e.metaKey || e.altKey || !state || !state.table.solo) return;
  if (e.key === "u" || e.key === "U") $("btn-undo")?.click();
  else if (e.key === "h" || e.key === "H") $("btn-hint")?.click();
});
accountCorner(document.querySelector("header.bar .tools"));
