// The table itself: the seats around the felt, the cards each player played in front of them, and the boards
// (layouts row by row, money cards with their chips, melds with each joker as the card it stands for).
// Everything is drawn from one state frame (the seat's view and the server's words for it).

import { backEl, cardEl, cardName, cardSymbol, codeOfName, richText, SUIT_SYMBOL, suitSpan, suitWord }
  from "./cards.js";
import { el } from "./dom.js";
import { poolName } from "./pools.js";
import { nameOf, say } from "./words.js";
import { t, tn } from "./i18n.js";

const SEAT_HUES = [210, 12, 140, 45, 280, 330, 180, 95, 250, 25];

/** Seats in screen order: the viewer at the bottom, then clockwise (the next player on the left). */
export function seatOrder(frame) {
  const n = frame.table.players;
  const me = frame.you === null || frame.you === undefined ? 0 : frame.you;
  return Array.from({ length: n }, (_, k) => (me + k) % n);
}

/** Where a seat sits around the felt, in percent of the felt's box, and where its played card lands. */
export function seatPlace(k, n, arc = false) {
  // k = 0 is the bottom; k grows clockwise on the screen. On a narrow screen with a board in the middle the
  // others sit along the upper arc, leaving the middle to the board.
  const wide = arc && n >= 6;
  const a = arc && k > 0 ? Math.PI * (wide ? 1.07 : 1.16) + (Math.PI * (wide ? 0.86 : 0.68) * (n === 2 ? 0.5 : (k - 1) / (n - 2)))
    : Math.PI / 2 + (2 * Math.PI * k) / n;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return {
    x: 50 + 47 * cos, y: 50 + 45 * sin + (wide && k % 2 === 0 ? 8 : 0), // many seats on an arc: staggered
    // the card in front of the player; one's own nearer the middle, clear of one's plate and hand at any table size
    tx: 50 + 24 * cos, ty: 50 + (k === 0 ? 14 : 25) * sin,
    side: Math.abs(cos) > 0.55 ? (cos < 0 ? "left" : "right") : (sin < 0 ? "top" : "bottom"),
  };
}

function fmtNum(x) {
  return String(x);
}

// --------------------------------------------------------------- seats
const graphemes = typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
/** The first letter of a name as a person sees it: a whole grapheme (an emoji, an accented letter), never half of one. */
export function initial(name) {
  const first = graphemes ? (graphemes.segment(name)[Symbol.iterator]().next().value?.segment ?? "") : Array.from(name)[0] ?? "";
  return first.toUpperCase();
}

function plate(frame, s, k, n, ctx) {
  const v = frame.view;
  const sh = frame.show || {};
  const meta = frame.table.seats[s] || {};
  const place = seatPlace(k, n, ctx.arc);
  const mine = s === frame.you;
  const cls = ["plate", `at-${place.side}`];
  if (v.turn === s && !v.over) cls.push("turn");
  if (mine) cls.push("me");
  if (frame.thinking === s && !mine) cls.push("thinking");
  if (ctx.winner === s) cls.push("winner");
  if (meta.kind === "human" && !meta.online && !mine) cls.push("away");
  const name = nameOf(s);
  const size = (v.hand_sizes || [])[s] ?? 0;
  const roles = (sh.roles || [])[s] || [];
  const total = frame.match.totals ? frame.match.totals[s] : null;
  const stats = [];
  if (Array.isArray(v.tricks_won) && v.tricks_won.length === n) {
    stats.push(el("span", { class: "stat", title: t("tricks won this deal") }, tn("{n} trick", "{n} tricks", Number(v.tricks_won[s]))));
  }
  if (Array.isArray(v.card_points) && v.card_points.length === n) {
    stats.push(el("span", { class: "stat", title: t("card points taken this deal") }, t("{n} card pts", { n: v.card_points[s] })));
  }
  const totals = frame.match.totals || [];
  if (Array.isArray(v.scores) && v.scores.length === n && v.scores.some((x, i) => String(x) !== String(totals[i]))) {
    stats.push(el("span", { class: "stat", title: t("the game's running score") }, t("score {n}", { n: v.scores[s] })));
  }
  const unit = frame.table.unit === "points" ? (Math.abs(Number(total)) === 1 ? t("point") : t("points"))
    : (Math.abs(Number(total)) === 1 ? t("chip") : t("chips"));
  const who = meta.kind === "human" ? (mine ? t("you") : meta.online ? "" : t("away")) : t("bot");
  const fan = mine ? null : el("span", { class: "fan", "aria-hidden": "true" },
    ...Array.from({ length: Math.min(size, 8) }, () => backEl("mini")));
  const exposed = (v.exposed && v.exposed[s]) || (v.known_cards && v.known_cards[String(s)])
    || (v.claim && v.claim.seat === s ? v.claim.hand : null) || null; // a hand shown with a claim or concession
  const label = `${mine ? t("{player} (you)", { player: name }) : name}: ${tn("{n} card", "{n} cards", size)}`
    + `${v.dealer === s ? t(", dealer") : ""}${v.turn === s && !v.over ? t(", to play") : ""}`;
  return el("section", { class: cls.join(" "), "data-seat": s, "aria-label": label,
    style: `--x: ${place.x}%; --y: ${place.y}%; --hue: ${SEAT_HUES[s % SEAT_HUES.length]}` },
  el("div", { class: "avatar", "aria-hidden": "true" }, initial(name),
    v.dealer === s ? el("span", { class: "dealer-chip", title: t("dealer") }, t("D")) : null),
  el("div", { class: "plate-body" },
    el("div", { class: "plate-name" }, el("strong", {}, name), who ? el("span", { class: "who" }, who) : null,
      el("span", { class: "dots", "aria-hidden": "true" }, el("i"), el("i"), el("i")),
      total !== null && total !== undefined
        ? el("span", { class: "total", title: t("match total: {total} {unit}", { total: fmtNum(total), unit }) }, fmtNum(total).replace("-", "−")) : null),
    roles.length ? el("div", { class: "roles" }, ...roles.map((r) => el("span", { class: "role" }, r))) : null,
    el("div", { class: "plate-stats" },
      mine ? null : el("span", { class: "cards-left", title: t("cards in hand") }, fan, el("b", {}, String(size))),
      ...stats)),
  exposed && exposed.length ? el("div", { class: "exposed", "aria-label": t("{player}'s cards shown to all", { player: name }) },
    ...exposed.map((c, i) => cardEl(c, "tiny", { "data-key": `x${s}:${c}:${i}` }))) : null,
  ctx.bubbles && ctx.bubbles[s] ? el("div", { class: "bubble", role: "status" }, richText(ctx.bubbles[s])) : null);
}

// --------------------------------------------------------------- the trick
function trickCards(frame, ctx, order) {
  const v = frame.view;
  const n = frame.table.players;
  const pairs = ctx.trick || v.trick || [];
  const winnerCard = ctx.winnerCard;
  return pairs.map(([s, c], i) => {
    const k = order.indexOf(s);
    const p = seatPlace(k, n, ctx.arc);
    const cls = ["played"];
    if (ctx.winner !== undefined && ctx.winner === s && (!winnerCard || winnerCard === c)) cls.push("best");
    if (ctx.pending === c && s === frame.you) cls.push("pending"); // played here, not yet answered by the server
    const tilt = ((c.charCodeAt(0) * 7 + c.charCodeAt(1) * 13 + s * 5) % 9) - 4; // a card never lands quite straight
    return el("div", { class: cls.join(" "), style: `--x: ${p.tx}%; --y: ${p.ty}%; --tilt: ${tilt}deg; z-index: ${i + 1}`,
      "data-seat": s }, cardEl(c, "", { "data-key": `c:${c}`, "data-from": String(s),
      "aria-label": `${nameOf(s)}: ${cardName(c)}` }));
  });
}

// --------------------------------------------------------------- boards
function layoutBoard(frame) {
  const v = frame.view;
  const sh = frame.show || {};
  if (Array.isArray(v.layout)) { // a list of sequences
    return el("div", { class: "tboard layout", "aria-label": t("layout") },
      ...v.layout.map((seq, i) => el("div", { class: "lay-row" }, ...seq.map((c) => cardEl(c, "small", { "data-key": `c:${c}` })))));
  }
  const rows = sh.layout || {};
  const ranks = Array.isArray(sh.layout_ranks) && sh.layout_ranks.length ? sh.layout_ranks : null;
  const suits = ["S", "H", "D", "C"];
  const lines = suits.map((s) => {
    const run = rows[s] || (v.layout && v.layout[s]) || [];
    const active = v.active_suit === s;
    const stopped = v.stopped_suit === s;
    return el("div", { class: `lay-row${active ? " active" : ""}${stopped ? " stopped" : ""}${run.length ? "" : " empty"}`, "data-suit": s,
      "aria-label": `${suitWord(s)}: ${run.length ? run.map(cardSymbol).join(" ") : t("not started")}` },
    el("span", { class: `lay-suit ink-${s}`, "aria-hidden": "true" }, SUIT_SYMBOL[s]),
    ranks ? el("div", { class: "lay-cards lay-grid",
      style: `--span: ${ranks.length}; grid-template-columns: repeat(${ranks.length - 1}, minmax(0, 1fr)) var(--small-w)` },
      ...run.map((c) => cardEl(c, "small", { "data-key": `c:${c}`, style: `grid-column: ${ranks.indexOf(c[0]) + 1}` })))
      : run.length ? el("div", { class: "lay-cards", style: `--n: ${run.length}` },
        ...run.map((c) => cardEl(c, "small", { "data-key": `c:${c}` })))
        : el("span", { class: "lay-empty" }, "—"),
    stopped ? el("span", { class: "lay-note" }, t("stopped")) : active ? el("span", { class: "lay-note" }, t("next")) : null);
  });
  return el("div", { class: "tboard layout", "aria-label": t("layout") }, ...lines);
}

// The chips in each pool: as the play left them, or once the deal is settled, what is carried forward (a pot
// the winner took is empty again).
function poolsNow(v) {
  return (v.over && v.result && v.result.pools) || v.pools || {};
}

function moneyBoard(frame, ctx) {
  const v = frame.view;
  const pools = poolsNow(v);
  const names = Array.isArray(v.money_cards) ? v.money_cards : [];
  const others = Object.keys(pools).filter((k) => !names.includes(k));
  const chips = (n) => el("span", { class: "chips", "aria-hidden": "true" },
    ...Array.from({ length: Math.min(Number(n) || 0, 12) }, (_, i) => el("i", { style: `--i: ${i}` })));
  const spot = (name, code) => {
    const amount = pools[name] ?? 0;
    const staked = ctx.stake ? ctx.stake.count(name) : 0;
    const attrs = { class: `money${staked ? " staked" : ""}${ctx.stake ? " pickable" : ""}`, "data-money": name,
      "aria-label": `${name}: ${tn("{n} chip", "{n} chips", Number(amount))}${staked ? t(", you stake {n}", { n: staked }) : ""}` };
    const inner = [code ? cardEl(code, "small") : el("span", { class: "money-word" }, name),
      chips(amount), el("b", { class: "amount" }, String(amount)),
      staked ? el("span", { class: "stake-badge" }, `+${staked}`) : null,
      el("span", { class: "money-name" }, code ? cardSymbol(code) : "")];
    if (ctx.stake) {
      return el("button", { type: "button", ...attrs, onclick: () => ctx.stake.add(name) }, ...inner);
    }
    return el("div", attrs, ...inner);
  };
  return el("div", { class: "tboard money-board", "aria-label": t("money cards") },
    ...names.map((nm) => spot(nm, codeOfName(nm))), ...others.map((nm) => spot(nm, null)));
}

function meldBoard(frame, ctx) {
  const v = frame.view;
  const melds = v.melds || [];
  if (!melds.length) return el("div", { class: "tboard melds empty" }, el("span", { class: "hint" }, t("No melds yet")));
  const seen = new Map();
  const keyOf = (c) => {
    const n = seen.get(c) || 0;
    seen.set(c, n + 1);
    return `c:${c}${n ? `#${n}` : ""}`;
  };
  return el("div", { class: "tboard melds", "aria-label": t("melds") }, ...melds.map((m) => {
    const id = m.id !== undefined ? m.id : melds.indexOf(m) + 1;
    const target = ctx.meldTargets && ctx.meldTargets.has(String(id));
    const cards = m.cards.map((c, i) => {
      const fixed = (m.crosswise || []).includes(i);
      const node = cardEl(c, "small", { "data-key": keyOf(c.startsWith("JK=") ? "JK" : c) });
      return fixed ? el("span", { class: "crosswise", title: t("a joker that can no longer be moved") }, node) : node;
    });
    const attrs = { class: `meld${target ? " target" : ""}`, "data-meld": id,
      "aria-label": `${t("{player}'s {meld}", { player: nameOf(m.owner), meld: m.kind || t("meld") })}: ${m.cards.map(cardName).join(", ")}` };
    const body = [el("span", { class: "meld-owner" }, nameOf(m.owner)), el("div", { class: "meld-cards" }, ...cards)];
    if (target) return el("button", { type: "button", ...attrs, onclick: () => ctx.onMeld(String(id)) }, ...body);
    return el("div", attrs, ...body);
  }));
}

function piles(frame, ctx) {
  const v = frame.view;
  const out = [];
  if (v.stock_size !== undefined && v.stock_size !== null && !("trick" in v && !v.melds)) {
    const act = ctx.pileActions && ctx.pileActions.stock;
    const inner = [v.stock_size ? backEl("small") : el("span", { class: "card small empty" }),
      el("span", { class: "pile-label" }, t("Stock {n}", { n: v.stock_size }))];
    out.push(act ? el("button", { type: "button", class: "pile stock pickable", "data-pile": "stock",
      "aria-label": say(act), onclick: () => ctx.onPile(act) }, ...inner)
      : el("div", { class: "pile stock", "data-pile": "stock" }, ...inner));
  }
  if ("discard_top" in v || (v.discard_pile && v.discard_pile.length)) {
    const act = ctx.pileActions && ctx.pileActions.discard;
    const top = v.discard_top;
    const inner = [top ? cardEl(top, "small", { "data-key": `c:${top}` }) : el("span", { class: "card small empty" }),
      el("span", { class: "pile-label" }, t("Discards {n}", { n: (v.discard_pile || []).length }))];
    const drop = ctx.discardDrop;
    if (act || drop) {
      out.push(el("button", { type: "button", class: `pile discard pickable${drop ? " drop" : ""}`, "data-pile": "discard",
        "aria-label": drop ? drop.title : say(act), onclick: () => (drop ? drop.go() : ctx.onPile(act)) }, ...inner));
    } else out.push(el("div", { class: "pile discard", "data-pile": "discard" }, ...inner));
  }
  return out.length ? el("div", { class: "piles" }, ...out) : null;
}

// --------------------------------------------------------------- facts about the deal
function fact(label, ...content) {
  return el("div", { class: "fact" }, el("span", { class: "fact-label" }, label), ...content);
}

export function facts(frame) {
  const v = frame.view;
  const sh = frame.show || {};
  const out = [];
  if (v.trump) out.push(fact(t("Trumps"), suitSpan(v.trump)));
  else if ("trump" in v && v.phase === "play" && "trick" in v) out.push(fact(t("Trumps"), el("span", {}, t("none"))));
  if (v.turn_up) out.push(fact(v.turned_down ? t("Turned down") : t("Turn-up"), cardEl(v.turn_up, "tiny")));
  if (v.contract) {
    const who = v.declarer !== null && v.declarer !== undefined ? ` — ${nameOf(v.declarer)}` : "";
    out.push(fact(t("Contract"), el("span", {}, richText(`${sh.contract || say(v.contract)}${who}`))));
  } else if (v.high_bid) {
    out.push(fact(t("High bid"), el("span", {}, richText(`${sh.high_bid || say(v.high_bid)} — ${nameOf(v.high_bidder)}`))));
  }
  if (v.called) out.push(fact(t("Called"), cardEl(v.called, "tiny")));
  const pools = poolsNow(v);
  const money = new Set(Array.isArray(v.money_cards) ? v.money_cards : []);
  for (const [k, n] of Object.entries(pools)) {
    if (money.has(k)) continue;
    const word = poolName(k);
    out.push(fact(word.charAt(0).toUpperCase() + word.slice(1), el("span", { class: "chip-count" }, String(n))));
  }
  if (Array.isArray(v.widow) && v.widow.length) out.push(fact(t("Widow"), ...v.widow.map((c) => cardEl(c, "tiny"))));
  else if (v.widow_size) out.push(fact(t("Widow"), backEl("tiny"), el("span", {}, String(v.widow_size))));
  if (v.miss_size) out.push(fact(t("Miss"), backEl("tiny"), el("span", {}, String(v.miss_size))));
  if (v.stock_size && "trick" in v && !v.melds) out.push(fact(t("Stock"), backEl("tiny"), el("span", {}, String(v.stock_size))));
  const mine = v.my_discards || v.discards;
  if (Array.isArray(mine) && mine.length) out.push(fact(t("Your discards"), ...mine.map((c) => cardEl(c, "tiny"))));
  if (Array.isArray(v.dead_hand) && v.dead_hand.length) out.push(fact(t("Dead hand"), el("span", {}, String(v.dead_hand.length))));
  if (v.club_law) out.push(fact(t("Club law"), el("span", {}, t("everyone plays"))));
  return out;
}

// --------------------------------------------------------------- the whole stage
/** The felt with the seats around it. ``ctx``: trick (override), winner, bubbles, and the interactions. */
export function stage(frame, ctx = {}) {
  const v = frame.view;
  const n = frame.table.players;
  const order = seatOrder(frame);
  const kind = v.melds ? "melding" : (v.layout !== undefined || Array.isArray(v.money_cards)) ? "building" : "tricks";
  ctx = { ...ctx, arc: kind !== "tricks" && window.matchMedia("(max-width: 700px)").matches };
  const felt = el("div", { class: `felt ${kind} n${n}${ctx.arc ? " arc" : ""}`, "aria-label": t("the table") });
  const middle = [];
  if (Array.isArray(v.money_cards) && v.money_cards.length) middle.push(moneyBoard(frame, ctx));
  if (v.layout !== undefined) middle.push(layoutBoard(frame));
  if (v.melds) middle.push(piles(frame, ctx), meldBoard(frame, ctx));
  else {
    const p = piles(frame, ctx);
    if (p) middle.push(p);
  }
  if (middle.length) felt.append(el("div", { class: "middle" }, ...middle));
  if ("trick" in v || ctx.trick) felt.append(...trickCards(frame, ctx, order));
  if (ctx.caption) felt.append(el("div", { class: "trick-caption", role: "status" }, richText(ctx.caption)));
  order.forEach((s, k) => felt.append(plate(frame, s, k, n, ctx)));
  return felt;
}

