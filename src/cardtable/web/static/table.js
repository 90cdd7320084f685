// The table page: renders the state frames the server builds from deal.view(seat), and proposes actions.
// No rule lives here: what is legal comes from view.legal, and the server answers every proposal.

import { backSVG, cardSVG, isCard, richText, suitSpan } from "./cards.js";

const $ = (id) => document.getElementById(id);
const tid = location.pathname.split("/")[2];
const token = new URLSearchParams(location.search).get("token");

let ws = null;
let retry = 0;
let closedForGood = false;
let state = null; // the last "state" frame
let sheet = { rows: [], totals: [] };
let composing = null; // {word, actions} while picking cards for a multi-card action
let selected = [];
let panelKind = null;
let replay = null; // {deal, steps, i}

// --------------------------------------------------------------- helpers
function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "html") e.innerHTML = v; // only ever our own SVG strings
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

const card = (code, cls = "") => el("span", { class: `card ${cls}`, html: cardSVG(code), "data-code": code || "" });
const back = (cls = "") => el("span", { class: `card ${cls}`, html: backSVG() });
const human = (k) => k.replaceAll("_", " ");

function seatName(s, frame = state) {
  if (s === null || s === undefined) return "—";
  if (frame && s === frame.you) return "You";
  const seat = frame && frame.table.seats[s];
  return seat ? seat.name : `seat ${s}`;
}

function showMessage(text, kind = "error") {
  const m = $("message");
  m.replaceChildren(richText(text));
  m.className = `message ${kind}`;
  m.hidden = false;
  clearTimeout(showMessage.timer);
  showMessage.timer = setTimeout(() => { m.hidden = true; }, kind === "error" ? 9000 : 4000);
}

function send(obj) {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    showMessage("not connected to the table; reconnecting…");
    return;
  }
  ws.send(JSON.stringify(obj));
}

function act(action) {
  send({ type: "act", action, rev: state ? state.rev : undefined, deal: state ? state.deal : undefined });
}

// ------------------------------------------------------------ connection
function setConn(text, cls) {
  $("conn").textContent = text;
  $("conn").className = `conn ${cls || ""}`;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  ws = new WebSocket(`${proto}://${location.host}/ws/${tid}${q}`);
  ws.onopen = () => {
    retry = 0;
    setConn(token ? "connected" : "watching", "ok");
    document.body.classList.remove("offline");
  };
  ws.onmessage = (ev) => onFrame(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    if (ev.code === 4403 || ev.code === 4404 || ev.code === 4409 || closedForGood) { // bad link, no table, broken log
      closedForGood = true;
      setConn("closed", "bad");
      return;
    }
    setConn("reconnecting…", "bad");
    document.body.classList.add("offline"); // what is shown may be out of date until the table answers again
    setTimeout(connect, Math.min(5000, 250 * 2 ** retry++));
  };
}

function onFrame(f) {
  window.dispatchEvent(new CustomEvent("cardtable:frame", { detail: f })); // public room: tableroom.js
  if (f.type === "state") {
    const turnChanged = !state || state.rev !== f.rev || state.deal !== f.deal;
    state = f;
    if (turnChanged) { composing = null; selected = []; }
    render();
  } else if (f.type === "thinking") {
    if (state) { state.thinking = f.seat; markThinking(); }
  } else if (f.type === "sheet") {
    sheet = f;
    if (panelKind === "sheet") openSheet();
  } else if (f.type === "replay") {
    replay = { deal: f.deal, steps: f.steps, i: f.steps.length - 1 };
    openReplay();
  } else if (f.type === "error") {
    showMessage(f.error);
    if (!state) $("status").textContent = f.error;
  }
}

// ---------------------------------------------------------------- render
function orderSeats(frame) {
  const n = frame.table.players;
  const me = frame.you === null ? n - 1 : frame.you;
  return Array.from({ length: n }, (_, k) => (me + 1 + k) % n);
}

function seatBox(s, frame, v) {
  const meta = frame.table.seats[s];
  const cls = ["seat"];
  if (v.turn === s && !v.over) cls.push("turn");
  if (frame.you === s) cls.push("me");
  if (frame.thinking === s) cls.push("thinking");
  const tags = [];
  if (v.dealer === s) tags.push(el("span", { class: "chip dealer", title: "dealer" }, "D"));
  if (v.declarer === s) tags.push(el("span", { class: "chip declarer", title: "declarer" }, v.contract ? String(v.contract) : "declarer"));
  const kind = meta.kind === "human" ? (meta.online ? "online" : "away") : `bot · ${meta.kind}`;
  const size = (v.hand_sizes || [])[s] || 0;
  const fan = el("div", { class: "fan", "aria-label": `${size} cards` },
    ...Array.from({ length: Math.min(size, 13) }, () => back("mini")));
  const stats = [];
  if (v.tricks_won) stats.push(`tricks ${v.tricks_won[s]}`);
  if (v.card_points) stats.push(`points ${v.card_points[s]}`);
  if (frame.match.totals) stats.push(`total ${frame.match.totals[s]}`);
  const exposed = v.exposed && v.exposed[s] ? el("div", { class: "row small" }, ...v.exposed[s].map((c) => card(c, "small"))) : null;
  return el("div", { class: cls.join(" "), "data-seat": s },
    el("div", { class: "seat-head" }, el("strong", {}, seatName(s, frame)), el("span", { class: "seat-no" }, `seat ${s}`), ...tags),
    el("div", { class: "seat-kind" }, kind, el("span", { class: "dots", "aria-label": "thinking" }, " thinking…")),
    frame.you === s ? null : el("div", { class: "seat-cards" }, fan, el("span", { class: "count" }, `${size}`)),
    exposed,
    el("div", { class: "seat-stats" }, stats.join(" · ")));
}

function markThinking() {
  for (const box of document.querySelectorAll("#board .seat")) {
    box.classList.toggle("thinking", Number(box.dataset.seat) === state.thinking);
  }
}

function trickRow(pairs, frame, caption) {
  return el("div", { class: "trick", "aria-label": caption },
    el("div", { class: "caption" }, caption),
    el("div", { class: "row" }, ...pairs.map(([s, c]) => el("figure", { class: "played" }, card(c),
      el("figcaption", {}, seatName(s, frame))))));
}

function infoItem(label, ...content) {
  return el("div", { class: "info" }, el("span", { class: "label" }, label), ...content);
}

function layoutBox(layout) {
  const rows = [];
  if (Array.isArray(layout)) {
    layout.forEach((seq) => rows.push(el("div", { class: "row small" }, ...seq.map((c) => card(c, "small")))));
  } else {
    for (const [suit, ends] of Object.entries(layout)) {
      const [lo, hi] = ends;
      rows.push(el("div", { class: "layout-row" }, suitSpan(suit),
        el("div", { class: "row small" }, card(lo, "small"), lo !== hi ? el("span", { class: "dots-between" }, "…") : null,
          lo !== hi ? card(hi, "small") : null)));
    }
  }
  return el("div", { class: "layout", "aria-label": "layout" }, el("div", { class: "caption" }, "Layout"), ...rows);
}

function meldsBox(melds, frame) {
  return el("div", { class: "melds", "aria-label": "melds" }, el("div", { class: "caption" }, "Melds"),
    ...melds.map((m) => el("div", { class: "meld" },
      el("span", { class: "label" }, `${m.id !== undefined ? `#${m.id} ` : ""}${seatName(m.owner, frame)}`),
      el("div", { class: "row small" }, ...m.cards.map((c, i) => {
        const fixed = (m.crosswise || []).includes(i);  // a joker "placed crosswise": fixed, it cannot move
        const node = card(c, "small");
        if (!fixed) return node;
        return el("span", { class: "crosswise", title: "placed crosswise: this joker can no longer be moved" }, node);
      })))));
}

const SHOWN = new Set(["game", "players", "seat", "dealer", "turn", "phase", "over", "hand", "hand_sizes", "history",
  "legal", "result", "trump", "turn_up", "trick", "last_trick", "tricks_won", "leader", "contract", "declarer",
  "pools", "stock_size", "discard_top", "discard_pile", "widow", "widow_size", "layout", "melds", "exposed", "status",
  "card_points", "high_bid", "high_bidder"]);

function extras(v) {
  const out = [];
  for (const [k, val] of Object.entries(v)) {
    if (SHOWN.has(k) || val === null || val === undefined) continue;
    if (typeof val === "object" && !Array.isArray(val) && Object.keys(val).length === 0) continue;
    if (Array.isArray(val) && val.length === 0) continue;
    let text;
    if (Array.isArray(val)) text = val.map((x) => (Array.isArray(x) ? x.join(" ") : String(x))).join(", ");
    else if (typeof val === "object") text = Object.entries(val).map(([a, b]) => `${isNaN(a) ? a : seatName(Number(a))}: ${Array.isArray(b) ? b.join(" ") : b}`).join("; ");
    else text = String(val);
    if (text.length > 160) text = `${text.slice(0, 160)}…`;
    out.push(el("li", {}, el("span", { class: "label" }, human(k)), " ", richText(text)));
  }
  return out.length ? el("details", { class: "extras" }, el("summary", {}, "More about this deal"), el("ul", {}, ...out)) : null;
}

function centre(frame, v) {
  const items = [];
  if (v.trump) items.push(infoItem("Trump", suitSpan(v.trump)));
  if (v.turn_up) items.push(infoItem("Turn-up", card(v.turn_up, "small")));
  if (v.stock_size !== undefined) items.push(infoItem("Stock", back("small"), el("span", { class: "count" }, String(v.stock_size))));
  if (v.discard_top || (v.discard_pile && v.discard_pile.length)) {
    const pile = v.discard_pile || [];
    items.push(infoItem("Discard", v.discard_top ? card(v.discard_top, "small") : el("span", {}, "empty"),
      el("span", { class: "count" }, pile.length ? String(pile.length) : "")));
  }
  if (Array.isArray(v.widow)) items.push(infoItem("Widow", ...v.widow.map((c) => card(c, "small"))));
  else if (v.widow_size) items.push(infoItem("Widow", back("small"), el("span", { class: "count" }, String(v.widow_size))));
  if (v.contract) items.push(infoItem("Contract", el("span", {}, richText(`${v.contract}${v.declarer !== undefined && v.declarer !== null ? ` — ${seatName(v.declarer, frame)}` : ""}`))));
  else if (v.high_bid) items.push(infoItem("High bid", el("span", {}, richText(`${v.high_bid} — ${seatName(v.high_bidder, frame)}`))));
  if (v.pools && Object.keys(v.pools).length) {
    items.push(infoItem("Pools", el("span", {}, Object.entries(v.pools).map(([k, n]) => `${k} ${n}`).join(" · "))));
  }
  const parts = [el("div", { class: "infos" }, ...items)];
  if (v.trick && v.trick.length) parts.push(trickRow(v.trick, frame, "Trick"));
  else if (v.trick && v.last_trick && v.last_trick.length) {
    // Between tricks the one just completed stays on the table until the next card is led.
    const next = v.over ? "" : v.turn === frame.you ? " — your lead" : ` — ${seatName(v.turn, frame)} to lead`;
    const box = trickRow(v.last_trick, frame, `Last trick${next}`);
    box.classList.add("previous");
    parts.push(box);
  } else if (v.trick) parts.push(el("div", { class: "trick empty" }, el("div", { class: "caption" }, v.over ? "" : "Trick"),
    el("div", { class: "row" }, v.over ? "" : el("span", { class: "hint" }, v.turn === frame.you ? "your lead" : ""))));
  if (v.layout) parts.push(layoutBox(v.layout));
  if (v.melds && v.melds.length) parts.push(meldsBox(v.melds, frame));
  parts.push(extras(v));
  return el("section", { class: "centre" }, ...parts);
}

function actionLabel(a) {
  return el("span", {}, richText(a));
}

// What clicking a card in hand does: play it (the action is the card itself), or the one legal action that
// names only that card ("discard 2C"), when no other action names only that card.
function cardActions(v, handSet) {
  const byCard = new Map();
  const clash = new Set();
  for (const a of v.legal) {
    const toks = a.split(" ");
    const code = isCard(a) && handSet.has(a) ? a : toks.length === 2 && handSet.has(toks[1]) ? toks[1] : null;
    if (code === null) continue;
    if (byCard.has(code) && byCard.get(code) !== a) {
      if (byCard.get(code) === code) continue; // the card itself wins over a named action
      if (a === code) { byCard.set(code, a); clash.delete(code); continue; }
      clash.add(code);
    } else byCard.set(code, a);
  }
  for (const c of clash) byCard.delete(c);
  return byCard;
}

function groupActions(v, handSet) {
  const groups = new Map();
  const clicked = new Set(cardActions(v, handSet).values());
  for (const a of v.legal) {
    if (clicked.has(a)) continue; // done by clicking the card
    const word = a.split(" ")[0];
    if (!groups.has(word)) groups.set(word, []);
    groups.get(word).push(a);
  }
  return groups;
}

const key = (toks) => [...toks].sort().join(" ");

function actionsBar(frame, v) {
  const box = el("div", { class: "actions", "aria-label": "actions" });
  if (frame.you === null || v.turn !== frame.you || v.over) return box;
  const hand = new Set(v.hand || []);
  const buttons = [];
  for (const [word, acts] of groupActions(v, hand)) {
    const cardArgs = acts.every((a) => a.split(" ").slice(1).every((t) => hand.has(t)) && a.includes(" "));
    if (acts.length > 8 && cardArgs) {
      if (composing && composing.word === word) {
        const text = [word, ...selected].join(" ");
        const match = acts.find((a) => key(a.split(" ").slice(1)) === key(selected));
        buttons.push(el("button", { type: "button", class: "act primary", disabled: !match, "data-action": match || "",
          onclick: () => act(match) }, actionLabel(selected.length ? text : `${word}: pick cards`)));
        buttons.push(el("button", { type: "button", class: "act", onclick: () => { composing = null; selected = []; render(); } }, "cancel"));
      } else {
        buttons.push(el("button", { type: "button", class: "act", "data-compose": word,
          onclick: () => { composing = { word }; selected = []; render(); } }, `${word}…`));
      }
    } else if (acts.length > 12) {
      const sel = el("select", { "aria-label": word }, ...acts.map((a) => el("option", { value: a }, a)));
      buttons.push(el("span", { class: "act-select" }, sel,
        el("button", { type: "button", class: "act", onclick: () => act(sel.value) }, word)));
    } else {
      for (const a of acts) buttons.push(el("button", { type: "button", class: "act", "data-action": a, onclick: () => act(a) }, actionLabel(a)));
    }
  }
  buttons.forEach((b, i) => { if (i < 9) b.setAttribute("aria-keyshortcuts", String(i + 1)); });
  box.append(...buttons);
  const typed = el("input", { type: "text", placeholder: "or type an action", "aria-label": "type an action",
    onkeydown: (e) => { if (e.key === "Enter" && typed.value.trim()) { act(typed.value.trim()); typed.value = ""; } } });
  box.append(el("span", { class: "typed" }, typed));
  return box;
}

// The width of one card in hand, measured from the style sheet (it depends on the screen).
function cardWidth() {
  const probe = el("span", { class: "card", style: "position: absolute; visibility: hidden" });
  document.body.append(probe);
  const w = probe.getBoundingClientRect().width;
  probe.remove();
  return w || 60;
}

// How many cards fit in one line of the hand when each shows at least its index corner; a longer hand is
// split into even lines (26 cards of two-handed Fan-Tan on a phone).
function cardsPerLine(avail) {
  const w = cardWidth();
  return Math.max(6, Math.floor((avail - w) / (w * 0.4)) + 1);
}

function handRow(frame, v, avail) {
  const byCard = frame.you === v.turn && !v.over ? cardActions(v, new Set(v.hand || [])) : new Map();
  const hand = v.hand || [];
  const buttons = hand.map((code, i) => {
    const cls = ["card", "in-hand"];
    const action = byCard.get(code);
    if (action) cls.push("legal");
    if (composing && selected.includes(code)) cls.push("selected");
    const b = el("button", { type: "button", class: cls.join(" "), "data-card": code, "data-i": i,
      "data-action": action && action !== code ? action : null, title: action && action !== code ? action : null,
      "aria-label": action && action !== code ? action : code, html: cardSVG(code) });
    b.addEventListener("click", () => {
      if (composing) {
        const k = selected.indexOf(code);
        if (k >= 0) selected.splice(k, 1); else selected.push(code);
        render();
        document.querySelector(`.hand [data-i="${i}"]`)?.focus();
      } else if (v.turn !== frame.you || v.over) {
        showMessage(v.over ? "the deal is over" : `it is ${seatName(v.turn, frame)}'s turn`, "info");
      } else {
        act(action || code); // not legal: the server says why
      }
    });
    return b;
  });
  const lines = Math.max(1, Math.ceil(hand.length / cardsPerLine(avail)));
  const size = Math.ceil(hand.length / lines) || 1;
  const row = el("div", { class: "hand", "aria-label": "your hand" });
  for (let k = 0; k < buttons.length || k === 0; k += size) {
    const part = buttons.slice(k, k + size);
    row.append(el("div", { class: "hand-line", style: `--n: ${Math.max(2, part.length)}` }, ...part));
  }
  return row;
}

function settlementBox(frame, v) {
  const r = v.result;
  const rows = frame.table.seats.map((s) => el("tr", {}, el("td", {}, `seat ${s.seat} · ${seatName(s.seat, frame)}`),
    el("td", { class: String(r.deltas[s.seat]).startsWith("-") ? "minus" : "plus" },
      fmtDelta(r.deltas[s.seat])), el("td", {}, String(frame.match.totals[s.seat]))));
  const pools = Object.entries(r.pools || {});
  const buttons = [];
  if (!frame.match.over && frame.you !== null) {
    buttons.push(el("button", { type: "button", id: "next-deal", class: "primary", onclick: () => send({ type: "next" }) }, "Next deal (N)"));
  }
  buttons.push(el("button", { type: "button", onclick: () => send({ type: "replay", deal: frame.deal }) }, "Replay this deal"));
  if (frame.match.over) buttons.push(el("a", { class: "button primary", href: `/api/tables/${tid}/record` }, "Download the match record"));
  return el("section", { id: "settlement", class: "settlement", "aria-label": "settlement" },
    el("h2", {}, frame.match.over ? `Match over — deal ${frame.deal} settled` : `Deal ${frame.deal} settled`),
    el("ol", { class: "lines" }, ...r.lines.map((l) => el("li", {}, richText(l)))),
    el("table", { class: "deltas" }, el("tr", {}, el("th", {}, "seat"), el("th", {}, `this deal (${r.unit})`), el("th", {}, "match total")), ...rows),
    pools.length ? el("p", {}, `Pools carried forward: ${pools.map(([k, n]) => `${k} ${n}`).join(" · ")}`) : null,
    el("div", { class: "buttons" }, ...buttons));
}

function fmtDelta(d) {
  const s = String(d);
  return s.startsWith("-") || s === "0" ? s : `+${s}`;
}

function statusText(frame, v) {
  if (frame.match.over) return "The match is over.";
  if (v.over) return frame.you !== null ? "The deal is over: see the settlement below." : "The deal is over.";
  const who = v.turn === frame.you ? "Your turn" : `${seatName(v.turn, frame)} to act`;
  return `${who} (${human(v.phase)})${v.status ? ` — ${v.status}` : ""}`;
}

function renderBoard(frame, root, readonly = false) {
  const v = frame.view;
  const avail = (root.isConnected && root.clientWidth ? root.clientWidth : Math.min(window.innerWidth, 720)) - 48;
  const others = orderSeats(frame).filter((s) => s !== frame.you);
  const parts = [el("section", { class: "opponents" }, ...others.map((s) => seatBox(s, frame, v))), centre(frame, v)];
  if (v.over && v.result && !readonly) parts.push(settlementBox(frame, v));
  if (frame.you !== null) {
    parts.push(el("section", { class: `mine${v.turn === frame.you && !v.over ? " my-turn" : ""}` },
      seatBox(frame.you, frame, v), readonly ? null : actionsBar(frame, v), handRow(frame, v, avail)));
  }
  root.replaceChildren(...parts);
  if (readonly) root.querySelectorAll("button.in-hand").forEach((b) => { b.disabled = true; });
}

function render() {
  if (!state) return;
  const v = state.view;
  const t = state.table;
  document.title = `${t.name} — cardtable`;
  Object.assign(document.body.dataset, { deal: state.deal, rev: state.rev, turn: v.turn ?? "", over: v.over });
  $("title").textContent = `${t.name} · deal ${state.deal}${state.match.max_deals ? ` of ${state.match.max_deals}` : ""}`;
  $("rules").href = `/rules/${t.game}`;
  $("status").textContent = statusText(state, v);
  $("status").classList.toggle("your-turn", v.turn === state.you && !v.over);
  renderBoard(state, $("board"));
  $("btn-last").hidden = !("last_trick" in v); // games without tricks have no last trick
  if (panelKind === "last") openLast();
}

// ---------------------------------------------------------------- panels
function openPanel(kind, ...content) {
  panelKind = kind;
  $("panel-body").replaceChildren(...content.filter((c) => c !== null && c !== undefined));
  $("panel").hidden = false;
}

function closePanel() {
  panelKind = null;
  $("panel").hidden = true;
}

function openLast() {
  const v = state.view;
  const last = v.last_trick || [];
  openPanel("last", el("h2", {}, "Last trick"),
    last.length ? trickRow(last, state, "") : el("p", {}, v.last_trick ? "No trick has been completed yet." : "This game has no tricks."));
}

function openSheet() {
  const seats = state.table.seats;
  const head = el("tr", {}, el("th", {}, "deal"), el("th", {}, "dealer"), ...seats.map((s) => el("th", {}, seatName(s.seat))),
    el("th", {}, "pools after"), el("th", {}, ""));
  const rows = sheet.rows.map((r) => el("tr", {}, el("td", {}, String(r.deal)), el("td", {}, seatName(r.dealer)),
    ...r.result.deltas.map((d) => el("td", {}, fmtDelta(d))),
    el("td", {}, Object.entries(r.result.pools || {}).map(([k, n]) => `${k} ${n}`).join(" · ")),
    el("td", {}, el("button", { type: "button", class: "small", onclick: () => send({ type: "replay", deal: r.deal }) }, "replay"))));
  const total = el("tr", { class: "total" }, el("td", {}, "total"), el("td", {}), ...(sheet.totals || []).map((x) => el("td", {}, String(x))), el("td", {}), el("td", {}));
  openPanel("sheet", el("h2", {}, "Score sheet"),
    sheet.rows.length ? el("table", { class: "sheet" }, head, ...rows, total) : el("p", {}, "No deal finished yet."),
    state.match.max_deals ? el("p", {}, `Match of ${state.match.max_deals} deals.`) : state.match.target ? el("p", {}, `Match to ${state.match.target}.`) : null);
}

function openReplay() {
  const { deal, steps, i } = replay;
  const v = steps[i];
  const frame = { ...state, view: v, thinking: null };
  const board = el("div", { class: "board replay-board" });
  renderBoard(frame, board, true);
  const lastAction = i > 0 ? v.history[i - 1] : null;
  const go = (k) => { replay.i = Math.max(0, Math.min(steps.length - 1, k)); openReplay(); };
  openPanel("replay", el("h2", {}, `Replay of deal ${deal}`),
    el("div", { class: "replay-controls" },
      el("button", { type: "button", onclick: () => go(0), "aria-label": "first", title: "first" }, "◀◀"),
      el("button", { type: "button", onclick: () => go(i - 1), "aria-label": "back" }, "◀"),
      el("span", { class: "step" }, `step ${i} of ${steps.length - 1}`),
      el("button", { type: "button", onclick: () => go(i + 1), "aria-label": "forward", id: "replay-next" }, "▶"),
      el("button", { type: "button", onclick: () => go(steps.length - 1), "aria-label": "last", title: "last" }, "▶▶")),
    el("p", { class: "replay-last" }, lastAction ? richText(`${seatName(lastAction[0], frame)}: ${lastAction[1]}`) : "the deal as dealt"),
    board,
    v.over && v.result ? el("ol", { class: "lines" }, ...v.result.lines.map((l) => el("li", {}, richText(l)))) : null);
}

function openInvite() {
  const saved = JSON.parse(localStorage.getItem(`cardtable:table:${tid}`) || "null");
  const base = location.origin;
  const rows = [];
  if (saved) {
    for (const s of saved.seats) {
      if (!s.url) continue;
      const url = base + s.url;
      rows.push(el("li", {}, el("strong", {}, `Seat ${s.seat} (${s.name})`), " ",
        el("input", { type: "text", readonly: true, value: url, "aria-label": `link for seat ${s.seat}` }),
        el("button", { type: "button", class: "small", onclick: () => navigator.clipboard?.writeText(url) }, "copy")));
    }
  }
  rows.push(el("li", {}, el("strong", {}, "Spectators (read-only)"), " ",
    el("input", { type: "text", readonly: true, value: `${base}/t/${tid}`, "aria-label": "spectator link" })));
  openPanel("invite", el("h2", {}, "Invite"), el("p", {}, "Each seat link carries its own secret: give it only to the person who sits there."),
    el("ul", { class: "invite" }, ...rows));
}

// ------------------------------------------------------------- keyboard
function onKey(e) {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "Escape") {
    if (composing) { composing = null; selected = []; render(); } else closePanel();
    return;
  }
  if (panelKind === "replay" && (e.key === "ArrowRight" || e.key === "ArrowLeft")) {
    replay.i = Math.max(0, Math.min(replay.steps.length - 1, replay.i + (e.key === "ArrowRight" ? 1 : -1)));
    openReplay();
    e.preventDefault();
    return;
  }
  const cards = [...document.querySelectorAll("#board .hand button")];
  if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
    const at = cards.indexOf(document.activeElement);
    const legal = cards.filter((c) => c.classList.contains("legal"));
    const pool = legal.length ? legal : cards;
    let k = pool.indexOf(document.activeElement);
    if (k < 0) k = e.key === "ArrowRight" ? -1 : pool.length; else if (at < 0) k = -1;
    const next = pool[(k + (e.key === "ArrowRight" ? 1 : -1) + pool.length) % pool.length];
    next?.focus();
    e.preventDefault();
  } else if (/^[1-9]$/.test(e.key)) {
    const btn = document.querySelectorAll("#board .actions button.act")[Number(e.key) - 1];
    btn?.click();
  } else if (e.key === "l" || e.key === "L") {
    if (panelKind === "last") closePanel(); else openLast();
  } else if (e.key === "s" || e.key === "S") {
    if (panelKind === "sheet") closePanel(); else openSheet();
  } else if (e.key === "n" || e.key === "N") {
    $("next-deal")?.click();
  }
}

function main() {
  $("btn-last").addEventListener("click", () => (panelKind === "last" ? closePanel() : openLast()));
  $("btn-sheet").addEventListener("click", () => (panelKind === "sheet" ? closePanel() : openSheet()));
  $("panel-close").addEventListener("click", closePanel);
  $("download").href = `/api/tables/${tid}/record`;
  $("download").addEventListener("click", (e) => {
    if (state && !state.match.over) {
      e.preventDefault();
      showMessage("The record of every hand can be downloaded when the match ends; replay finished deals from the score sheet.", "info");
    }
  });
  if (localStorage.getItem(`cardtable:table:${tid}`)) {
    $("btn-invite").hidden = false;
    $("btn-invite").addEventListener("click", () => (panelKind === "invite" ? closePanel() : openInvite()));
  }
  document.addEventListener("keydown", onKey);
  window.addEventListener("cardtable:send", (e) => send(e.detail)); // public room: tableroom.js
  let resized = null;
  window.addEventListener("resize", () => { clearTimeout(resized); resized = setTimeout(render, 150); });
  connect();
}

main();
