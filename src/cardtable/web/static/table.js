// The table page: shows the state frames the server builds from deal.view(seat), at a pace people can
// follow (each move, and each finished trick, stays in view for the table's speed), and proposes actions.
// No rule lives here: what is legal comes from view.legal, and the server answers every proposal.

import { cardSymbol, isCard, richText } from "./cards.js";
import { $, el } from "./dom.js";
import { facts, stage } from "./board.js";
import { actionBar, boardChoices, handCardsOf, handRow, pick, plan } from "./choices.js";
import { capture, gather, glide } from "./motion.js";
import { applyPrefs, closePanel, fmtDelta, openHelp, openInvite, openLast, openReplay, openSettings, openSheet,
  openTyped, panel, poolsText, prefs, SPEEDS } from "./panels.js";
import { nameOf, say, useWords } from "./words.js";
import { lang, t, tn } from "./i18n.js";

const tid = location.pathname.split("/")[2];
const token = new URLSearchParams(location.search).get("token");

let ws = null;
let retry = 0;
let closedForGood = false;
let latest = null; // the last state frame received
let nextDealAt = null; // with a countdown between deals: when (Date.now()) the next deal starts
let shown = null; // the state frame on screen
const queue = []; // frames received, not yet shown
let hold = null; // a finished trick kept in view: {until, winner}
let lastAt = 0; // when the last move was shown
let timer = null;
let sheet = { rows: [], totals: [] };
let replay = null;
let fresh = new Map(); // cards new in hand (a draw, the widow...): code -> count
let message = null; // {text, kind, rev}
let pending = null; // the action sent and not yet answered: {deal, rev, action}

const speed = () => SPEEDS[latest?.table.speed] || SPEEDS.normal; // the table's setting, the same at every seat
const now = () => performance.now();

// ------------------------------------------------------------------ connection
function send(obj) {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    notify(t("Not connected to the table; reconnecting…"), "error");
    return false;
  }
  ws.send(JSON.stringify(obj));
  return true;
}

function act(action) {
  flush();
  if (!shown) return;
  // one action for a position: a second click (a double click) before the server answers is ignored quietly
  if (pending && latest && pending.deal === latest.deal && pending.rev === latest.rev) return;
  message = null;
  fresh = new Map();
  pick.reset();
  if (send({ type: "act", action, rev: latest ? latest.rev : undefined, deal: latest ? latest.deal : undefined })) {
    pending = { deal: latest ? latest.deal : null, rev: latest ? latest.rev : null, action };
    const ahead = provisional(shown, action);
    if (ahead) render({ frame: ahead, pending: action }, shown); // the card goes to the felt at once
  }
}

/** The table as it will be once the server takes this card, for a play to a trick: the card out of the hand and
 * in front of the player. Null for anything else (the server's state is then awaited). */
function provisional(f, code) {
  const v = f.view;
  if (!isCard(code) || !Array.isArray(v.trick) || !Array.isArray(v.hand) || f.you === null) return null;
  const hand = [...v.hand];
  const i = hand.indexOf(code);
  if (i < 0) return null;
  hand.splice(i, 1);
  const sh = { ...(f.show || {}) };
  if (Array.isArray(sh.hand)) {
    let gone = false;
    sh.hand = sh.hand.map((g) => g.filter((c) => (gone || c !== code ? true : (gone = true, false))));
  }
  const sizes = Array.isArray(v.hand_sizes) ? v.hand_sizes.map((n, s) => (s === f.you ? n - 1 : n)) : v.hand_sizes;
  return { ...f, show: sh, view: { ...v, hand, hand_sizes: sizes, trick: [...v.trick, [f.you, code]], turn: null, legal: [] } };
}

function setConn(text, cls) {
  $("conn").textContent = text;
  $("conn").className = `conn ${cls || ""}`;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = `?lang=${lang}${token ? `&token=${encodeURIComponent(token)}` : ""}`;
  ws = new WebSocket(`${proto}://${location.host}/ws/${tid}${q}`);
  ws.onopen = () => {
    retry = 0;
    setConn(token ? t("connected") : t("watching"), "ok");
    document.body.classList.remove("offline");
  };
  ws.onmessage = (ev) => onFrame(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    if (ev.code === 4403 || ev.code === 4404 || ev.code === 4409 || closedForGood) {
      closedForGood = true;
      setConn(t("closed"), "bad");
      return;
    }
    setConn(t("reconnecting…"), "bad");
    document.body.classList.add("offline"); // what is shown may be out of date until the table answers again
    setTimeout(connect, Math.min(5000, 250 * 2 ** retry++));
  };
}

function onFrame(f) {
  window.dispatchEvent(new CustomEvent("cardtable:frame", { detail: f })); // public room: tableroom.js
  if (f.type === "state") {
    if (typeof f.table.next_in === "number") nextDealAt = Date.now() + 1000 * f.table.next_in; else nextDealAt = null;
    pending = null;
    latest = f;
    queue.push(f);
    pumpSoon();
  } else if (f.type === "presence") {
    markPresence(f);
  } else if (f.type === "thinking") {
    if (latest) latest.thinking = f.seat;
    if (shown && shown === latest) markThinking();
  } else if (f.type === "sheet") {
    sheet = f;
    if (panel.kind === "sheet" && shown) openSheet(shown, sheet, send);
  } else if (f.type === "replay") {
    replay = { deal: f.deal, steps: f.steps, shows: f.shows || [], i: f.steps.length - 1 };
    openReplay(shown, replay);
  } else if (f.type === "error" && f.about === "chat") {
    // about the chat (too fast, muted): said in the chat panel (tableroom.js), not over the board
  } else if (f.type === "error") {
    const ahead = pending !== null;
    pending = null;
    notify(f.say || f.error, "error");
    if (ahead && shown && !f.stale) render({}, shown); // the server refused: the card goes back to the hand
    if (!shown) $("board").replaceChildren(el("p", { class: "board-error" }, f.error));
  }
}

// ------------------------------------------------------------------ pacing
const sum = (xs) => (Array.isArray(xs) ? xs.reduce((a, b) => a + (Number(b) || 0), 0) : 0);

function byOthers(prev, next) {
  if (!prev || prev.deal !== next.deal) return false;
  const h = next.view.history || [];
  for (let i = prev.rev; i < h.length; i++) if (h[i][0] !== next.you) return true;
  return false;
}

/** Frames that arrive together (a run of bots' moves) are shown at the next paint, not one render each: at the
 * instant speed the page goes straight to the newest, however fast the table plays. */
let soon = null;
function pumpSoon() {
  if (soon) return;
  const go = () => {
    if (!soon) return;
    cancelAnimationFrame(soon.frame);
    clearTimeout(soon.timer);
    soon = null;
    pump();
  };
  soon = { frame: requestAnimationFrame(go), timer: setTimeout(go, 100) }; // a hidden tab paints no frames
}

/** Show queued frames at the table's speed; ``flushing`` shows everything at once (the player acted). */
let flushing = false;
function pump() {
  clearTimeout(timer);
  timer = null;
  if (hold) {
    if (!flushing && now() < hold.until) {
      timer = setTimeout(pump, hold.until - now());
      return;
    }
    endHold();
  }
  while (queue.length) {
    const next = queue[0];
    if (queue.length > 1 && speed().move === 0 && !tricksDone(shown, next)) { // instant: skip to the newest
      queue.shift();
      continue;
    }
    const gap = byOthers(shown, next) ? speed().move : 0;
    const wait = flushing ? 0 : lastAt + gap - now();
    if (wait > 0) {
      timer = setTimeout(pump, wait);
      return;
    }
    queue.shift();
    display(next);
    if (hold) {
      if (!flushing) {
        timer = setTimeout(pump, Math.max(0, hold.until - now()));
        return;
      }
      endHold();
    }
  }
  flushing = false;
}

/** Show the newest state at once (before acting on it). Returns true if the screen changed. */
function flush() {
  if (!queue.length && !hold) return false;
  flushing = true;
  pump();
  flushing = false;
  return true;
}

function tricksDone(prev, next) {
  return prev && next && prev.deal === next.deal && sum(next.view.tricks_won) > sum(prev.view.tricks_won);
}

function display(f) {
  const prev = shown;
  shown = f;
  useWords(f);
  lastAt = now();
  if (!prev || prev.deal !== f.deal) {
    fresh = new Map();
    pick.reset();
    message = null;
  } else if (prev.rev !== f.rev) {
    if (message && message.rev !== f.rev) message = null;
    if (f.you !== null && f.view.turn !== f.you) pick.reset();
    noteFresh(prev, f);
  }
  if (tricksDone(prev, f) && speed().trick > 0 && (f.view.last_trick || []).length) {
    const won = [...(f.show.log || [])].reverse().find((e) => e.won !== undefined);
    const winner = won ? won.won : f.view.leader;
    const card = won && won.with ? won.with : null;
    hold = { until: now() + speed().trick, winner };
    const who = { player: nameOf(winner), card: card ? cardSymbol(card) : "" };
    const caption = winner === f.you ? (card ? t("You win the trick with {card}", who) : t("You win the trick"))
      : card ? t("{player} wins the trick with {card}", who) : t("{player} wins the trick", who);
    render({ trick: f.view.last_trick, winner, winnerCard: card, caption }, prev);
  } else {
    render({}, prev);
  }
  turnFeedback(prev, f);
}

function endHold() {
  const h = hold;
  hold = null;
  if (!h || !shown) return;
  const cards = [...document.querySelectorAll("#board .felt .played")];
  const target = document.querySelector(`#board .plate[data-seat="${h.winner}"] .avatar`);
  gather(cards, target ? target.getBoundingClientRect() : null);
  render({ gathered: true }, shown);
}

/** Cards that came into the hand since the last state (a draw, the widow, a peep): marked until the next move. */
function noteFresh(prev, f) {
  const before = new Map();
  for (const c of prev.view.hand || []) before.set(c, (before.get(c) || 0) + 1);
  if (!(prev.view.hand || []).length) return;
  const got = new Map();
  for (const c of f.view.hand || []) {
    const n = before.get(c) || 0;
    if (n > 0) before.set(c, n - 1);
    else got.set(c, (got.get(c) || 0) + 1);
  }
  if (got.size) fresh = got;
}

let wasMyTurn = false;
function turnFeedback(prev, f) {
  const mine = f.you !== null && f.view.turn === f.you && !f.view.over;
  document.title = `${mine ? `▶ ${t("Your turn")} · ` : ""}${f.table.name} · cardtable`;
  if (mine && !wasMyTurn && prefs.flag("sound")) beep();
  wasMyTurn = mine;
}

let audio = null;
function beep() {
  try {
    audio = audio || new AudioContext();
    const o = audio.createOscillator();
    const g = audio.createGain();
    o.frequency.value = 660;
    g.gain.setValueAtTime(0.0001, audio.currentTime);
    g.gain.exponentialRampToValueAtTime(0.12, audio.currentTime + 0.02);
    g.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    o.connect(g).connect(audio.destination);
    o.start();
    o.stop(audio.currentTime + 0.3);
  } catch (e) {
    // no sound where the browser allows none
  }
}

// ------------------------------------------------------------------ messages
function notify(text, kind = "info") {
  message = { text, kind, rev: latest ? latest.rev : null };
  const m = document.getElementById("message");
  if (m) fillMessage(m);
  else if (kind === "error") setConn(text, "bad");
}

function fillMessage(m) {
  if (!message) {
    m.hidden = true;
    m.replaceChildren();
    return;
  }
  m.hidden = false;
  m.className = `message ${message.kind}`;
  m.setAttribute("role", message.kind === "error" ? "alert" : "status");
  m.replaceChildren(richText(message.text));
}

// ------------------------------------------------------------------ render
// A seat came online or went away: the frames kept are brought up to date, and its plate on screen.
function markPresence(f) {
  for (const frame of [latest, shown, ...queue]) {
    const meta = frame && frame.table.seats[f.seat];
    if (meta) meta.online = f.online;
  }
  const meta = shown && shown.table.seats[f.seat];
  const p = document.querySelector(`#board .plate[data-seat="${f.seat}"]`);
  if (!meta || !p || meta.kind !== "human" || f.seat === shown.you) return;
  p.classList.toggle("away", !f.online);
  const name = p.querySelector(".plate-name");
  let who = name.querySelector(".who");
  if (f.online) {
    who?.remove();
  } else {
    if (!who) {
      who = el("span", { class: "who" });
      name.querySelector("strong").after(who);
    }
    who.textContent = t("away");
  }
}

function markThinking() {
  for (const p of document.querySelectorAll("#board .plate")) {
    p.classList.toggle("thinking", Number(p.dataset.seat) === shown.thinking && shown.thinking !== shown.you);
  }
}

function bubbles(f) {
  const v = f.view;
  if (v.over || v.melds) return {};
  const out = {};
  const log = f.show.log || [];
  let played = false;
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i];
    const card = /^(?:[AKQJT98765432][SHDC]|JK)$/.test(e.act);
    if (card) played = true;
    if (out[e.seat] !== undefined || card) {
      if (out[e.seat] === undefined) out[e.seat] = null;
      continue;
    }
    if (!played) out[e.seat] = e.say.split(":")[0]; // the call itself, not what it means
  }
  for (const k of Object.keys(out)) if (!out[k]) delete out[k];
  return out;
}

function cardWidth() {
  const probe = el("span", { class: "card in-hand", style: "position: absolute; visibility: hidden" });
  document.body.append(probe);
  const w = probe.getBoundingClientRect().width;
  probe.remove();
  return w || 60;
}

const ui = {
  act,
  render: () => render({}, shown),
  cardClicked(i, code, selecting) {
    if (flush()) {
      const { cards } = handCardsOf(shown);
      i = cards.indexOf(code);
      if (i < 0) return;
    }
    const f = shown;
    const model = plan(f);
    if (!model.mine) {
      notify(f.view.over ? t("The deal is over.") : f.view.turn === null || f.view.turn === undefined ? t("Wait for the next deal.")
        : t("It is {player}'s turn.", { player: nameOf(f.view.turn) }), "info");
      return;
    }
    if (model.plays.has(code) && !pick.sel.length && !selecting) {
      act(code);
      return;
    }
    if (selecting) {
      const k = pick.sel.indexOf(i);
      if (k >= 0) pick.sel.splice(k, 1); else pick.sel.push(i);
      pick.chooser = null;
      render({}, f);
      document.querySelector(`#board .hand [data-i="${i}"]`)?.focus();
      return;
    }
    act(code); // not a legal play: the server says why
  },
};

const VERBS = { layoff: t("lay off"), draw: t("draw"), exchange: t("exchange cards"), discard: t("discard"), meld: t("meld"), trump: t("name trumps"),
  call: t("call a card"), stake: t("stake your chips"), rob: t("rob"), move: t("move a joker"), give: t("give a card") };

function prompt(f, model) {
  const v = f.view;
  const sh = f.show || {};
  if (f.match.over) return t("The match is over.");
  if (v.over) return t("The deal is over.");
  if (f.you === null) return `${t("{player} to play", { player: nameOf(v.turn) })}${sh.status ? ` — ${sh.status}` : ""}`;
  if (!model.mine) {
    const who = nameOf(v.turn);
    return who ? (f.thinking === v.turn ? t("{player} to play (thinking…)", { player: who }) : t("{player} to play", { player: who })) : "";
  }
  const lower = (x) => x.charAt(0).toLowerCase() + x.slice(1);
  const status = sh.status && !sh.status.startsWith(nameOf(f.you)) && !/^Your turn/i.test(sh.status) ? sh.status : "";
  const buttons = model.groups.filter((g) => g.kind === "buttons").flatMap((g) => g.actions);
  // a few short choices are named in the prompt; long ones ("Keep my hand and auction the widow") only on their buttons
  const short = buttons.every((a) => say(a).split(" ").length <= 4);
  if (!model.plays.size && buttons.length && !short && model.groups.every((g) => g.kind === "buttons")) {
    return status ? `${t("Your turn")} — ${status}` : t("Your turn: choose below");
  }
  const words = [...(model.plays.size ? [t("play a card")] : []),
    ...(buttons.length <= 3 && model.groups.every((g) => g.kind === "buttons" || g.kind === "bid")
      ? [...(model.groups.some((g) => g.kind === "bid") ? [t("bid")] : []), ...buttons.map((a) => lower(say(a)))]
      // a choice made by a button is named as its button says ("have the turn-up turned down"), one wording
      : model.groups.flatMap((g) => (g.kind === "bid" ? [t("bid")] : g.kind === "buttons" && g.actions.length <= 2
        ? g.actions.map((a) => lower(say(a))) : [VERBS[g.word] || g.word.replaceAll("-", " ")])))];
  const uniq = [...new Set(words)];
  const what = uniq.length > 1 ? t("{some} or {last}", { some: uniq.slice(0, -1).join(", "), last: uniq[uniq.length - 1] }) : uniq[0] || t("your choice");
  return `${t("Your turn: {what}", { what })}${status ? ` — ${status}` : ""}`;
}

function settlement(f) {
  const v = f.view;
  const r = v.result;
  const sh = f.show || {};
  const unit = r.unit || f.table.unit;
  const rows = f.table.seats.map((s) => {
    const d = r.deltas[s.seat];
    const after = f.match.totals[s.seat];
    const before = Number.isFinite(Number(after)) && Number.isFinite(Number(d)) ? String(Number(after) - Number(d)) : null;
    return el("tr", { class: s.seat === f.you ? "me" : "" }, el("th", { scope: "row" }, nameOf(s.seat)),
      el("td", {}, before === null ? "" : before.replace("-", "−")),
      el("td", { class: String(d).startsWith("-") ? "minus" : String(d) === "0" ? "" : "plus" }, fmtDelta(d)),
      el("td", { class: "after" }, `= ${String(after).replace("-", "−")}`));
  });
  const pools = poolsText(r.pools);
  const buttons = [];
  const ready = (f.table.ready || []).includes(f.you);
  if (!f.match.over && f.you !== null) {
    buttons.push(el("button", { type: "button", id: "next-deal", class: "primary", "aria-keyshortcuts": "N",
      disabled: ready, onclick: () => send({ type: "next" }) }, ready ? t("Ready") : t("Next deal")));
  }
  buttons.push(el("button", { type: "button", onclick: () => send({ type: "replay", deal: f.deal }) }, t("Replay this deal")));
  buttons.push(el("button", { type: "button", onclick: () => openSheet(f, sheet, send) }, t("Score sheet")));
  if (f.match.over) buttons.push(el("a", { class: "button primary", href: `/api/tables/${tid}/record` }, t("Download the match record")));
  return el("section", { id: "settlement", class: "settlement", "aria-label": t("settlement") },
    el("h2", {}, f.match.over ? t("Match over — deal {deal} settled", { deal: f.deal }) : t("Deal {deal} settled", { deal: f.deal })),
    el("ol", { class: "lines" }, ...(sh.lines || r.lines).map((l) => el("li", {}, richText(l)))),
    el("div", { class: "scroll-x" }, el("table", { class: "deltas" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, ""), el("th", { scope: "col" }, t("before")),
        el("th", { scope: "col" }, t("this deal ({unit})", { unit: unit === "points" ? t("points") : unit === "chips" ? t("chips") : unit })), el("th", { scope: "col" }, t("match total")))),
      el("tbody", {}, ...rows))),
    f.match.over ? null : betweenDeals(f),
    f.match.left ? el("p", { class: "pools left-over" }, f.match.left)
      : pools && !f.match.over ? el("p", { class: "pools" }, t("Pools carried forward: {pools}", { pools })) : null,
    el("div", { class: "buttons" }, ...buttons));
}

// Between deals: who the next deal waits for (each person says ready; bots always are), or the countdown to it,
// shown to everyone at the table.
function betweenDeals(f) {
  const waiting = f.table.seats.filter((s) => s.kind === "human" && s.online && !(f.table.ready || []).includes(s.seat))
    .map((s) => (s.seat === f.you ? t("you") : nameOf(s.seat)));
  const who = waiting.length > 1 ? t("{names} and {name}", { names: waiting.slice(0, -1).join(", "), name: waiting.at(-1) }) : waiting[0];
  const parts = [];
  if (f.table.between === "countdown" && nextDealAt !== null) {
    parts.push(el("span", { id: "next-countdown" }, countdownText()));
    if (waiting.length && (f.table.ready || []).length) parts.push(` ${t("Ready: {names}.", { names: f.table.seats.filter((s) => (f.table.ready || []).includes(s.seat)).map((s) => nameOf(s.seat)).join(", ") })}`);
  } else if ((f.table.ready || []).length && waiting.length) {
    parts.push(t("The next deal starts when everyone is ready: waiting for {who}.", { who }));
  } else if (waiting.length > 1) {
    parts.push(t("The next deal starts when everyone at the table has pressed Next deal."));
  }
  return parts.length ? el("p", { id: "between-deals", class: "between", role: "status" }, ...parts) : null;
}

function countdownText() {
  const left = Math.max(0, Math.ceil((nextDealAt - Date.now()) / 1000));
  return tn("The next deal starts in {n} second, or as soon as everyone is ready.", "The next deal starts in {n} seconds, or as soon as everyone is ready.", left);
}

setInterval(() => {
  const c = document.getElementById("next-countdown");
  if (c && nextDealAt !== null) c.textContent = countdownText();
}, 500);

function scoresBox(f) {
  const seats = f.table.seats;
  const m = f.match;
  const totals = m.final || m.totals; // at the match's end, with the chips left in the pools shared out
  const lead = Math.max(...totals.map((x) => Number(x) || 0));
  return [el("h2", { class: "side-title" }, `${m.max_deals ? t("Deal {deal} of {deals}", { deal: f.deal, deals: m.max_deals }) : t("Deal {deal}", { deal: f.deal })}${m.target ? ` · ${t("to {target}", { target: m.target })}` : ""}`),
    el("table", { class: "mini-scores" }, el("tbody", {}, ...seats.map((s) => el("tr", { class: `${s.seat === f.you ? "me" : ""}${Number(totals[s.seat]) === lead && lead > 0 ? " lead" : ""}` },
      el("th", { scope: "row" }, nameOf(s.seat), f.view.dealer === s.seat ? el("span", { class: "dealer-chip inline", title: t("dealer") }, t("D")) : null),
      el("td", {}, String(totals[s.seat]).replace("-", "−"))))))];
}

// The bots' speed, beside the scores: the table's creator (the first person's seat) changes it, the others see it.
function speedBox(f) {
  const select = $("speed");
  if (!select.options.length) {
    select.append(...Object.entries(SPEEDS).map(([k, s]) => el("option", { value: k }, s.label)));
    select.addEventListener("change", () => send({ type: "speed", speed: select.value }));
  }
  const mine = f.you !== null && f.you === f.table.seats.findIndex((s) => s.kind === "human");
  select.hidden = !mine;
  select.title = t("how long each move and each finished trick stay in view");
  select.value = f.table.speed;
  $("speed-shown").hidden = mine;
  $("speed-shown").textContent = (SPEEDS[f.table.speed] || SPEEDS.normal).label;
  $("speed-shown").title = t("set by the player who made the table");
  $("speed-box").hidden = false;
}

let logKey = "";
const plays = (e) => /^(?:[AKQJT98765432][SHDC]|JK)$/.test(e.act);

function logBox(f) {
  const log = f.show.log || [];
  const key = `${f.deal}:${log.length}`;
  if (key === logKey) return;
  logKey = key;
  const tricks = "trick" in f.view || log.some((e) => e.won !== undefined);
  const items = [el("li", { class: "log-head" }, t("Deal {deal} — {player} deals", { deal: f.deal, player: nameOf(f.view.dealer) }))];
  let trick = [];
  let count = 0;
  const flush = (won) => {
    if (!trick.length) return;
    count += 1;
    items.push(el("li", { class: "log-trick-plays" }, el("span", { class: "who" }, t("Trick {n}:", { n: count })), " ",
      ...trick.flatMap((e, i) => [i ? ", " : "", ...(plays(e) ? [nameOf(e.seat), " ", richText(e.act)]
        : [el("span", { class: "log-call" }, `(${nameOf(e.seat)}: `, richText(e.say.split(":")[0]), ")")])])));
    if (won) items.push(el("li", { class: "log-trick" }, richText(won.with ? t("{player} won it with {card}", { player: nameOf(won.won), card: won.with }) : t("{player} won it", { player: nameOf(won.won) }))));
    trick = [];
  };
  for (const e of log) {
    // a move that is not a card made while a trick is open (Spoil Five's rob, a call) stays in that trick's line:
    // it does not close the trick, so the tricks after it keep their numbers
    if (tricks && (plays(e) || trick.length)) {
      trick.push(e);
      if (e.won !== undefined) flush(e);
      continue;
    }
    flush(null);
    items.push(el("li", { class: plays(e) ? "log-card" : "log-move" }, el("span", { class: "who" }, `${nameOf(e.seat)}:`), " ",
      plays(e) ? richText(e.act) : richText(e.say.split(":")[0])));
  }
  flush(null);
  if (f.view.over && f.show.lines) items.push(...f.show.lines.map((l) => el("li", { class: "log-line" }, richText(l))));
  const ol = $("log");
  ol.replaceChildren(...items);
  ol.scrollTop = ol.scrollHeight;
}

let lastDeal = null;
function render(ctx = {}, prev = null) {
  const f = ctx.frame || shown;
  if (!f) return;
  const v = f.view;
  const tb = f.table;
  useWords(f);
  Object.assign(document.body.dataset, { deal: f.deal, rev: f.rev, turn: v.turn ?? "", over: v.over, game: tb.game });
  $("title").textContent = tb.name;
  $("rules").href = `/rules/${tb.game}`;
  $("btn-last").hidden = !("last_trick" in v);
  const root = $("board");
  const before = capture(root);
  const seats = new Map([...root.querySelectorAll(".plate")].map((p) => [p.dataset.seat, p.querySelector(".avatar").getBoundingClientRect()]));
  const focusKey = document.activeElement && document.activeElement.closest && document.activeElement.closest("#board")
    ? document.activeElement.dataset.key || document.activeElement.dataset.action || null : null;
  const model = plan(f);
  const { cards } = handCardsOf(f);
  const choices = boardChoices(f, model, cards, ui);
  const mine = model.mine;
  const felt = stage(f, { ...ctx, ...choices, bubbles: ctx.trick ? {} : bubbles(f) });
  const top = el("div", { class: "facts", "aria-label": t("about this deal") }, ...facts(f));
  const parts = [el("div", { class: "stage" }, top, felt)];
  const zone = el("section", { class: `me-zone${mine ? " my-turn" : ""}`, "aria-label": t("your place") });
  zone.append(el("p", { class: "prompt", id: "prompt" }, richText(prompt(f, model))));
  const msg = el("div", { id: "message", class: "message", hidden: true, "aria-live": "assertive" });
  fillMessage(msg);
  zone.append(msg);
  const settled = v.over && v.result ? settlement(f) : null;
  if (settled) zone.append(settled);
  if (f.you !== null) {
    zone.append(actionBar(f, model, ui, cards));
    const avail = (root.clientWidth || Math.min(window.innerWidth, 720)) - 24;
    const w = cardWidth();
    const perLine = Math.max(6, Math.floor((avail - w - 30) / (w * 0.42)) + 1);
    zone.append(handRow(f, model, ui, { perLine, fresh }));
  }
  parts.push(zone);
  root.replaceChildren(...parts);
  root.classList.toggle("my-turn", mine);
  // the same element names as before the re-render, so tests and assistive tech find them
  zone.classList.toggle("mine", f.you !== null);
  if (prev && prev.deal === f.deal) { // a card that appeared on the table comes from the player who put it there
    const from = new Map();
    for (const e of (f.show.log || []).slice(prev.rev)) {
      for (const tok of e.act.split(" ")) if (isCard(tok)) from.set(tok.startsWith("JK=") ? "JK" : tok, e.seat);
    }
    for (const node of root.querySelectorAll(".felt [data-key^='c:']")) {
      const code = node.dataset.key.slice(2).split("#")[0];
      if (!before.has(node.dataset.key) && node.dataset.from === undefined && from.has(code)) node.dataset.from = String(from.get(code));
    }
  }
  const newDeal = lastDeal !== `${f.deal}` || !prev;
  lastDeal = `${f.deal}`;
  if (newDeal && f.rev === 0 && prev) {
    for (const [i, b] of [...root.querySelectorAll(".hand .card")].entries()) {
      b.dataset.from = String(v.dealer);
      b.dataset.stagger = String(i * 40);
    }
    glide(root, new Map(), seats, { duration: 420 });
  } else if (!newDeal) {
    glide(root, before, seats);
  }
  if (focusKey) {
    const again = root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`) || root.querySelector(`[data-action="${CSS.escape(focusKey)}"]`);
    again?.focus({ preventScroll: true });
  }
  const side = $("scores");
  side.replaceChildren(...scoresBox(f));
  speedBox(f);
  logBox(f);
  if (panel.kind === "last") openLast(f);
  if (settled && (!prev || prev.deal !== f.deal || !prev.view.over)) { // the deal just ended: its settlement in view
    settled.scrollIntoView({ block: "nearest" });
  }
  document.body.dataset.laidOut = `${window.innerWidth}x${window.innerHeight}`; // the size this render laid out for
}

// ------------------------------------------------------------------ keyboard
function onKey(e) {
  const t = e.target;
  if (e.key === "Escape" && panel.kind && !(t instanceof HTMLInputElement && t.type === "text" && t.value)) {
    closePanel(); // Esc closes a panel, also when a checkbox or a list in it has the focus
    return;
  }
  if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement
    || e.ctrlKey || e.metaKey || e.altKey) {
    if (e.key === "Escape" && t instanceof HTMLInputElement && panel.kind === "typed") closePanel();
    return;
  }
  if (e.key === "Escape") {
    if (panel.kind) closePanel();
    else if (pick.sel.length || pick.chooser) { pick.reset(); render({}, shown); }
    return;
  }
  if (panel.kind === "replay" && (e.key === "ArrowRight" || e.key === "ArrowLeft")) {
    replay.i = Math.max(0, Math.min(replay.steps.length - 1, replay.i + (e.key === "ArrowRight" ? 1 : -1)));
    openReplay(shown, replay);
    e.preventDefault();
    return;
  }
  const cards = [...document.querySelectorAll("#board .hand button.card")];
  if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
    if (!cards.length) return;
    let k = cards.indexOf(document.activeElement);
    if (k < 0) {
      const legal = cards.findIndex((c) => c.classList.contains("legal"));
      k = legal >= 0 ? legal - (e.key === "ArrowRight" ? 1 : -1) : (e.key === "ArrowRight" ? -1 : cards.length);
    }
    cards[(k + (e.key === "ArrowRight" ? 1 : -1) + cards.length) % cards.length].focus();
    e.preventDefault();
  } else if (/^[1-9]$/.test(e.key)) {
    const btn = [...document.querySelectorAll("#board .actions button.act:not([disabled])")][Number(e.key) - 1];
    btn?.click();
  } else if (e.key === "l" || e.key === "L") {
    if (panel.kind === "last") closePanel(); else if (shown && "last_trick" in shown.view) openLast(shown);
  } else if (e.key === "s" || e.key === "S") {
    if (panel.kind === "sheet") closePanel(); else if (shown) openSheet(shown, sheet, send);
  } else if (e.key === "n" || e.key === "N") {
    $("next-deal")?.click();
  } else if (e.key === "/") {
    e.preventDefault();
    openTyped(shown, act);
  } else if (e.key === "?") {
    openHelp();
  }
}

function main() {
  applyPrefs();
  $("btn-last").addEventListener("click", () => (panel.kind === "last" ? closePanel() : shown && openLast(shown)));
  $("btn-sheet").addEventListener("click", () => (panel.kind === "sheet" ? closePanel() : shown && openSheet(shown, sheet, send)));
  $("btn-settings").addEventListener("click", () => (panel.kind === "settings" ? closePanel() : openSettings()));
  $("btn-help").addEventListener("click", () => (panel.kind === "help" ? closePanel() : openHelp()));
  $("panel-close").addEventListener("click", closePanel);
  $("btn-menu").addEventListener("click", () => {
    const open = document.body.classList.toggle("menu-open");
    $("btn-menu").setAttribute("aria-expanded", String(open));
  });
  $("tools").addEventListener("click", (e) => {
    if (e.target.closest("button, a")) {
      document.body.classList.remove("menu-open");
      $("btn-menu").setAttribute("aria-expanded", "false");
    }
  });
  $("download").href = `/api/tables/${tid}/record`;
  $("download").addEventListener("click", (e) => {
    if (shown && !shown.match.over) {
      e.preventDefault();
      notify(t("The record of every hand can be downloaded when the match ends; finished deals can be replayed from the score sheet."), "info");
    }
  });
  if (localStorage.getItem(`cardtable:table:${tid}`)) {
    $("btn-invite").hidden = false;
    $("btn-invite").addEventListener("click", () => (panel.kind === "invite" ? closePanel() : openInvite(tid)));
  }
  document.addEventListener("keydown", onKey);
  window.addEventListener("cardtable:send", (e) => send(e.detail)); // public room: tableroom.js
  window.addEventListener("cardtable:pack", () => render({}, shown)); // the cards drawn in another pack (packs.js)
  let resized = null;
  window.addEventListener("resize", () => { clearTimeout(resized); resized = setTimeout(() => render({}, shown), 150); });
  // the board fills the window below the bar (style.css, "the table fits the window"): the bar's height as it wraps
  const bar = document.querySelector("header.bar");
  new ResizeObserver(() => document.documentElement.style.setProperty("--bar-h", `${bar.getBoundingClientRect().height}px`)).observe(bar);
  $("board").replaceChildren(el("p", { class: "loading" }, t("Joining the table…")));
  connect();
}

main();
