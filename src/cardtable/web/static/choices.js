// The player's choices: the hand (sorted by the game's order, legal cards raised, new cards marked), and the
// actions — a card played by a click; exchanges, discards, burying, melds, lay-offs by selecting cards and
// confirming; long auctions with a bid picker; stakes by putting chips on the money cards.
// No rule lives here: what is legal comes from view.legal and the server checks every proposal.

import { cardEl, cardName, cardSVG, cardSymbol, codeOfName, isCard, standsFor } from "./cards.js";
import { el } from "./dom.js";
import { nameOf, say } from "./words.js";
import { t } from "./i18n.js";

// ---------------------------------------------------------------- the selection
export const pick = {
  sel: [], // positions in the shown hand
  bid: null, // the bid number shown in the picker
  call: null, // a chosen "call ..." action
  stake: [], // words staked ("ace", "king"...)
  chooser: null, // several actions match: {title, actions}
  reset() {
    this.sel = []; this.bid = null; this.call = null; this.stake = []; this.chooser = null;
  },
};

const cardsOf = (action) => action.split(" ").slice(1).filter(isCard);
const bag = (codes) => codes.map((c) => (c.startsWith("JK=") ? "JK" : c)).sort().join(" ");

/** What the legal actions ask of the player, grouped as the page offers them. */
export function plan(frame) {
  const v = frame.view;
  const legal = frame.you !== null && v.turn === frame.you && !v.over ? v.legal || [] : [];
  const hand = new Set(v.hand || []);
  const plays = new Map();
  const groups = new Map();
  for (const a of legal) {
    if (isCard(a) && (hand.has(a) || !hand.size)) {
      plays.set(a, a);
      continue;
    }
    const word = a.split(" ")[0];
    if (!groups.has(word)) groups.set(word, []);
    groups.get(word).push(a);
  }
  const out = [];
  for (const [word, acts] of groups) {
    let kind = "buttons";
    const withCards = acts.filter((a) => cardsOf(a).length && cardsOf(a).every((c) => hand.has(standsFor(c) === c ? c : "JK")));
    const bare = acts.filter((a) => a === word);
    if (hand.size && withCards.length && bare.length && withCards.length + bare.length === acts.length) {
      // A word said alone or with a card of the hand (Spoil Five's 'rob' now, or 'rob <card>'): the card by
      // selecting it, the word alone as a button.
      out.push({ word, kind: "buttons", actions: bare });
      out.push({ word, kind: acts.some((a) => / to \d+/.test(a)) ? "target" : "cards", actions: withCards, split: true });
      continue;
    }
    if (withCards.length === acts.length && hand.size) {
      kind = acts.some((a) => / to \d+/.test(a)) ? "target" : "cards";
    } else if (word === "move" && acts.every((a) => /^move joker \d+ with /.test(a))) {
      kind = "target";
    } else if (acts.length > 6 && acts.every((a) => /^bid \d+$/.test(a))) {
      kind = "bid";
    } else if (acts.length > 4 && acts.every((a) => /^call \w+ of \w+$/.test(a))) {
      kind = "call";
    } else if (word === "stake" && Array.isArray(v.money_cards)) {
      kind = "stake";
    }
    out.push({ word, kind, actions: acts });
  }
  return { plays, groups: out, legal, mine: legal.length > 0 };
}

/** The target of a lay-off or joker move: the meld number it names. */
const targetOf = (a) => (/ to (\d+)/.exec(a) || /^move joker (\d+)/.exec(a) || [])[1];
const cardsForTarget = (a) => (a.startsWith("move ") ? a.split(" ").slice(4) : cardsOf(a));

/** The selected cards' codes. */
export function selectedCodes(handCards) {
  return pick.sel.map((i) => handCards[i]).filter(Boolean);
}

/** Actions of a group that take exactly the selected cards. */
function matching(group, codes) {
  const want = bag(codes);
  return group.actions.filter((a) => bag(group.kind === "target" ? cardsForTarget(a) : cardsOf(a)) === want);
}

/** Cards in hand that some card-choice can use (raised on the player's turn). */
function usable(model) {
  const out = new Set(model.plays.keys());
  for (const g of model.groups) {
    if (g.kind !== "cards" && g.kind !== "target") continue;
    for (const a of g.actions) for (const c of (g.kind === "target" ? cardsForTarget(a) : cardsOf(a))) out.add(c.startsWith("JK=") ? "JK" : c);
  }
  return out;
}

/** Melds a selected card can go to, and the piles that are actions (draw), for the board. */
export function boardChoices(frame, model, handCards, ui) {
  const ctx = {};
  if (!model.mine) return ctx;
  const codes = selectedCodes(handCards);
  const targets = new Map();
  for (const g of model.groups) {
    if (g.kind !== "target" || !codes.length) continue;
    for (const a of matching(g, codes)) {
      const to = targetOf(a);
      if (!targets.has(to)) targets.set(to, []);
      targets.get(to).push(a);
    }
  }
  if (targets.size) {
    ctx.meldTargets = new Set(targets.keys());
    ctx.onMeld = (id) => choose(targets.get(id), t("Lay off on {player}'s meld", { player: nameOf(meldOwner(frame, id)) }), ui);
  }
  const piles = {};
  for (const a of model.legal) {
    if (a === "draw stock" || a === "draw") piles.stock = a;
    if (a === "draw discard") piles.discard = a;
  }
  if (Object.keys(piles).length) {
    ctx.pileActions = piles;
    ctx.onPile = (a) => ui.act(a);
  }
  const discard = model.groups.find((g) => g.word === "discard" && g.kind === "cards");
  if (discard && codes.length === 1 && frame.view.melds) {
    const m = matching(discard, codes);
    if (m.length) ctx.discardDrop = { title: say(m[0]), go: () => ui.act(m[0]) };
  }
  const stake = model.groups.find((g) => g.kind === "stake");
  if (stake) {
    const size = Math.max(...stake.actions.map((a) => a.split(" ").length - 1));
    ctx.stake = {
      count: (name) => pick.stake.filter((w) => w === name.split(" ")[0]).length,
      add: (name) => {
        if (pick.stake.length >= size) pick.stake.shift();
        pick.stake.push(name.split(" ")[0]);
        ui.render();
      },
    };
  }
  return ctx;
}

function meldOwner(frame, id) {
  const m = (frame.view.melds || []).find((x) => String(x.id) === String(id));
  return m ? m.owner : null;
}

/** One action, or a choice among several (a joker's meanings, an ace at either end). */
function choose(actions, title, ui) {
  if (!actions || !actions.length) return;
  if (actions.length === 1) {
    ui.act(actions[0]);
    return;
  }
  pick.chooser = { title, actions };
  ui.render();
}

// ---------------------------------------------------------------- the hand
/** The hand as shown: the server's order (the game's own), each card a button. */
export function handCardsOf(frame) {
  const groups = frame.show && Array.isArray(frame.show.hand) && frame.show.hand.length ? frame.show.hand : null;
  if (groups) return { cards: groups.flat(), starts: new Set(groups.slice(1).map((_, i) => groups.slice(0, i + 1).flat().length)) };
  return { cards: frame.view.hand || [], starts: new Set() };
}

export function handRow(frame, model, ui, opts) {
  const { cards, starts } = handCardsOf(frame);
  const use = usable(model);
  const selecting = model.groups.some((g) => g.kind === "cards" || g.kind === "target");
  const fresh = opts.fresh || new Map();
  const freshLeft = new Map(fresh);
  const seen = new Map();
  const buttons = cards.map((code, i) => {
    const n = seen.get(code) || 0;
    seen.set(code, n + 1);
    const cls = ["card", "in-hand"];
    const playable = model.plays.has(code);
    if (model.mine && (playable || use.has(code))) cls.push("legal");
    if (pick.sel.includes(i)) cls.push("selected");
    if (starts.has(i)) cls.push("group-start");
    if ((freshLeft.get(code) || 0) > 0) {
      cls.push("new");
      freshLeft.set(code, freshLeft.get(code) - 1);
    }
    const state = pick.sel.includes(i) ? t(", selected") : playable ? t(", can be played") : use.has(code) && model.mine ? t(", can be chosen") : "";
    const b = el("button", { type: "button", class: cls.join(" "), "data-card": code, "data-i": i, "data-key": `c:${code}${n ? `#${n}` : ""}`,
      "data-action": playable ? code : null, "aria-label": `${cardName(code)}${state}`,
      "aria-pressed": selecting ? String(pick.sel.includes(i)) : null, html: cardSVG(code) });
    b.addEventListener("click", () => ui.cardClicked(i, code, selecting));
    return b;
  });
  const lines = Math.max(1, Math.ceil(cards.length / opts.perLine));
  // Where the lines break: at a change of suit near the even split, if there is one.
  const breaks = [0];
  for (let l = 1; l < lines; l++) {
    const ideal = Math.round((l * cards.length) / lines);
    const near = [0, -1, 1, -2, 2].map((d) => ideal + d).find((k) => starts.has(k) && k - breaks[breaks.length - 1] <= opts.perLine
      && cards.length - k <= (lines - l) * opts.perLine && k > breaks[breaks.length - 1]);
    breaks.push(near ?? ideal);
  }
  breaks.push(cards.length);
  const row = el("div", { class: "hand", role: "group", "aria-label": t("your hand") });
  for (let l = 0; l < breaks.length - 1 || l === 0; l++) {
    const part = buttons.slice(breaks[l], breaks[l + 1]);
    const gaps = part.filter((b, j) => j > 0 && b.classList.contains("group-start")).length;
    row.append(el("div", { class: "hand-line", style: `--n: ${Math.max(2, part.length)}; --g: ${gaps}` }, ...part));
  }
  return row;
}

// ---------------------------------------------------------------- the action bar
function button(action, ui, extra = {}) {
  return el("button", { type: "button", class: `act${extra.primary ? " primary" : ""}`, "data-action": action,
    onclick: () => ui.act(action), ...(extra.attrs || {}) }, extra.label || say(action));
}

const HINT = {
  exchange: t("select the cards to exchange"), discard: t("select a card to discard"), meld: t("select cards to meld"),
  give: t("select a card to give"), rob: t("select the card to give up for the turn-up"), take: t("select the cards to take"),
  spin: t("select a card"), layoff: t("select a card, then click a meld"), move: t("select a card, then click a meld"),
};

function cardGroup(g, codes, ui) {
  const m = matching(g, codes);
  if (m.length === 1) return button(m[0], ui, { primary: true });
  if (m.length > 1) {
    return el("button", { type: "button", class: "act primary", "data-compose": g.word,
      onclick: () => choose(m, say(g.word), ui) }, `${say(g.word)}…`);
  }
  const hint = HINT[g.word] || t("select cards");
  return el("button", { type: "button", class: "act", disabled: true, "data-compose": g.word },
    g.split ? hint.charAt(0).toUpperCase() + hint.slice(1) : `${say(g.word)}: ${hint}`);
}

function bidPicker(g, ui) {
  const nums = g.actions.map((a) => Number(a.split(" ")[1])).sort((x, y) => x - y);
  if (pick.bid === null || !nums.includes(pick.bid)) pick.bid = nums[0];
  const at = () => nums.indexOf(pick.bid);
  const set = (k) => { pick.bid = nums[Math.max(0, Math.min(nums.length - 1, k))]; ui.render(); };
  const range = el("input", { type: "range", min: 0, max: nums.length - 1, value: at(), "aria-label": t("bid"),
    "aria-valuetext": say(`bid ${pick.bid}`), oninput: (e) => set(Number(e.target.value)) });
  return el("div", { class: "bid-picker", role: "group", "aria-label": t("choose a bid") },
    el("button", { type: "button", class: "step", "aria-label": t("lower bid"), onclick: () => set(at() - 1), disabled: at() === 0 }, "−"),
    el("output", { class: "bid-number" }, String(pick.bid)),
    el("button", { type: "button", class: "step", "aria-label": t("higher bid"), onclick: () => set(at() + 1), disabled: at() === nums.length - 1 }, "+"),
    range,
    el("span", { class: "bid-meaning" }, say(`bid ${pick.bid}`)),
    el("button", { type: "button", class: "act primary", "data-action": `bid ${pick.bid}`, onclick: () => ui.act(`bid ${pick.bid}`) },
      t("Bid: {bid}", { bid: say(`bid ${pick.bid}`).split(":")[0] })));
}

function callPicker(g, ui) {
  const cards = g.actions.map((a) => [a, codeOfName(a.slice(5))]);
  return el("div", { class: "call-picker", role: "group", "aria-label": say(g.word) },
    el("div", { class: "call-cards" }, ...cards.map(([a, c]) => el("button", { type: "button", "data-call": a,
      class: `call-card${pick.call === a ? " selected" : ""}`, "aria-label": say(a), "aria-pressed": String(pick.call === a),
      onclick: () => { pick.call = a; ui.render(); } }, c ? cardEl(c, "tiny") : say(a)))),
    pick.call ? button(pick.call, ui, { primary: true })
      : el("button", { type: "button", class: "act", disabled: true }, t("Choose the card to call")));
}

function stakePicker(g, ui) {
  const words = [...pick.stake].sort().join(" ");
  const m = g.actions.find((a) => a.split(" ").slice(1).sort().join(" ") === words);
  const size = Math.max(...g.actions.map((a) => a.split(" ").length - 1));
  return el("div", { class: "stake-picker" },
    el("span", { class: "hint" }, pick.stake.length ? t("{placed} of {size} chips placed", { placed: pick.stake.length, size }) : t("Click the money cards to place {size} chips", { size })),
    pick.stake.length ? el("button", { type: "button", class: "act", onclick: () => { pick.stake = []; ui.render(); } }, t("Clear")) : null,
    m ? button(m, ui, { primary: true }) : el("button", { type: "button", class: "act", disabled: true }, t("Stake")));
}

function chooserBox(ui) {
  const c = pick.chooser;
  return el("div", { class: "chooser", role: "group", "aria-label": c.title },
    el("span", { class: "chooser-title" }, `${c.title}:`),
    ...c.actions.map((a) => {
      const shown = a.split(" ").filter((w) => w.startsWith("JK="));
      return el("button", { type: "button", class: "act", "data-action": a, onclick: () => ui.act(a) },
        ...shown.map((w) => cardEl(w, "tiny")), say(a));
    }),
    el("button", { type: "button", class: "act", onclick: () => { pick.chooser = null; ui.render(); } }, t("Back")));
}

/** The prompt and the controls for the player's choices. */
export function actionBar(frame, model, ui, handCards) {
  const box = el("div", { class: "actions", role: "toolbar", "aria-label": t("your choices") });
  if (!model.mine) return box;
  if (pick.chooser) {
    box.append(chooserBox(ui));
    return box;
  }
  const codes = selectedCodes(handCards);
  const items = [];
  if (codes.length === 1 && model.plays.has(codes[0])) items.push(button(codes[0], ui, { primary: true, label: t("Play the {card}", { card: cardSymbol(codes[0]) }) }));
  for (const g of model.groups) {
    if (g.kind === "buttons") items.push(...g.actions.map((a) => button(a, ui)));
    else if (g.kind === "cards") items.push(cardGroup(g, codes, ui));
    else if (g.kind === "target") {
      const m = model.groups.length && codes.length ? matching(g, codes) : [];
      items.push(el("span", { class: "hint" }, m.length ? (g.word === "move" ? t("click a highlighted meld to move its joker") : t("click a highlighted meld to lay off"))
        : `${say(g.word)}: ${HINT[g.word] || t("select a card, then a meld")}`));
    } else if (g.kind === "bid") items.push(bidPicker(g, ui));
    else if (g.kind === "call") items.push(callPicker(g, ui));
    else if (g.kind === "stake") items.push(stakePicker(g, ui));
  }
  if (codes.length) {
    items.push(el("button", { type: "button", class: "act quiet", onclick: () => { pick.sel = []; ui.render(); } },
      t("Clear selection ({cards})", { cards: codes.map(cardSymbol).join(" ") })));
  }
  items.filter((b) => b.tagName === "BUTTON" && b.classList.contains("act")).forEach((b, i) => {
    if (i < 9) b.setAttribute("aria-keyshortcuts", String(i + 1));
  });
  box.append(...items);
  return box;
}
