// The home page: pick a game, set seats and options, create a table.

import { $, el } from "./dom.js";
import "./packs.js"; // the table's pack in the form (it listens for the game chosen before this module runs)
import { t } from "./i18n.js";

let catalog = { games: [], bots: [] };
let chosen = null;
const NAMES = ["Ann", "Bea", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"];
const BOT_WORDS = { random: t("Bot: easy"), heuristic: t("Bot: medium"), ismcts: t("Bot: strong") };

function listGames() {
  const q = $("filter").value.trim().toLowerCase();
  const ul = $("games");
  ul.replaceChildren();
  for (const g of catalog.games) {
    if (q && !(g.id.includes(q) || g.name.toLowerCase().includes(q) || g.family.toLowerCase().includes(q))) continue;
    const pick = el("button", { type: "button", class: "game-pick", "data-game": g.id, onclick: () => choose(g) },
      el("strong", {}, g.name), el("span", { class: "meta" }, t("{family} · {players} players", { family: g.family, players: g.players_text })));
    const rules = el("a", { href: `/rules/${g.id}`, target: "_blank", rel: "noopener", class: "rules-a",
      "aria-label": t("rules of {game}", { game: g.name }) }, t("rules"));
    ul.append(el("li", { class: chosen && chosen.id === g.id ? "chosen" : "" }, pick, rules));
  }
}

function seatRows() {
  const n = Number($("players").value);
  const box = $("seats");
  const old = [...box.querySelectorAll(".seat-row")].map((r) => ({
    kind: r.querySelector("select").value, name: r.querySelector("input").value }));
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const kind = el("select", { "aria-label": t("seat {n} player", { n: i + 1 }), name: `seat-${i}` },
      el("option", { value: "human" }, i === 0 ? t("You") : t("Person")),
      ...catalog.bots.map((b) => el("option", { value: b }, BOT_WORDS[b] || t("Bot: {kind}", { kind: b }))));
    kind.value = old[i] ? old[i].kind : (i === 0 ? "human" : (catalog.bots.includes("heuristic") ? "heuristic" : catalog.bots[0]));
    const name = el("input", { type: "text", maxlength: 24, placeholder: NAMES[i] || t("name"),
      "aria-label": t("seat {n} name", { n: i + 1 }), value: old[i] ? old[i].name : "" });
    box.append(el("div", { class: "seat-row" }, el("span", { class: "seat-no" }, t("Seat {n}", { n: i + 1 })), kind, name));
  }
}

function optionInput(o) {
  let input;
  if (o.type === "bool") {
    input = el("input", { type: "checkbox", name: o.name });
    input.checked = !!o.default;
  } else if (Array.isArray(o.allowed)) {
    input = el("select", { name: o.name }, ...o.allowed.map((a) => el("option", { value: String(a) }, o.value_words?.[String(a)] ?? String(a).replaceAll("_", " "))));
    input.value = String(o.default);
  } else if (o.type === "int") {
    input = el("input", { type: "number", name: o.name, value: o.default,
      min: o.allowed ? o.allowed.min : undefined, max: o.allowed ? o.allowed.max : undefined });
  } else {
    input = el("input", { type: "text", name: o.name, value: o.default });
  }
  input.dataset.type = o.type;
  return el("label", { class: "option", title: o.doc }, el("span", { class: "opt-name" }, o.title ?? o.name.replaceAll("_", " ")),
    input, el("small", {}, o.doc));
}

// The player counts the game takes with the options chosen in the form (an option may change them).
function playerCounts(g) {
  for (const c of g.player_counts_by_option) {
    const input = $("options").querySelector(`[name="${c.option}"]`);
    if (!input) continue;
    const value = input.dataset.type === "bool" ? input.checked : input.dataset.type === "int" ? Number(input.value) : input.value;
    if (value === c.value) return c.counts;
  }
  return g.player_counts;
}

function playerChoices(g) {
  const players = $("players");
  const counts = playerCounts(g);
  const was = Number(players.value);
  players.replaceChildren(...counts.map((n) => el("option", { value: n }, String(n))));
  players.value = String(counts.includes(was) ? was : counts.includes(g.default_players) ? g.default_players : counts[0]);
  seatRows();
}

function choose(g) {
  chosen = g;
  window.dispatchEvent(new CustomEvent("cardtable:game", { detail: g })); // packs.js offers the packs it may have
  history.replaceState(null, "", `/?game=${g.id}`);
  $("setup").hidden = false;
  $("setup-empty").hidden = true;
  $("setup-title").textContent = g.name;
  $("setup-summary").textContent = g.summary;
  $("rules-link").href = `/rules/${g.id}`;
  $("players").replaceChildren();
  $("seats").replaceChildren();
  $("options").replaceChildren(...g.options.map(optionInput));
  playerChoices(g);
  $("options-box").hidden = g.options.length === 0;
  $("create-error").textContent = "";
  listGames();
  if (window.matchMedia("(max-width: 700px)").matches) $("setup").scrollIntoView({ block: "start" });
}

async function create(ev) {
  ev.preventDefault();
  const options = {};
  for (const input of $("options").querySelectorAll("input, select")) {
    const type = input.dataset.type;
    options[input.name] = type === "bool" ? input.checked : type === "int" ? Number(input.value) : input.value;
  }
  const seats = [...$("seats").querySelectorAll(".seat-row")].map((r) => {
    const name = r.querySelector("input").value.trim();
    return { kind: r.querySelector("select").value, ...(name ? { name } : {}) };
  });
  const body = { game: chosen.id, players: Number($("players").value), options, seats };
  window.dispatchEvent(new CustomEvent("cardtable:create", { detail: body })); // public room: lobby.js adds its settings
  if ($("deals").value) body.deals = Number($("deals").value);
  body.speed = $("speed").value; // the bots' speed at the table; the creator may change it there
  body.between = $("between").value; // how the table goes on to the next deal: everyone ready, or a countdown
  localStorage.setItem("cardtable:speed", body.speed); // and the next table's form starts from it
  $("create").disabled = true;
  try {
    const res = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify(body) });
    const out = await res.json();
    if (!res.ok) {
      $("create-error").textContent = out.error;
      return;
    }
    localStorage.setItem(`cardtable:table:${out.id}`, JSON.stringify(out));
    const mine = out.seats.find((s) => s.url);
    location.href = mine ? mine.url : out.spectate;
  } catch (e) {
    $("create-error").textContent = t("could not reach the server: {error}", { error: String(e) });
  } finally {
    $("create").disabled = false;
  }
}

async function main() {
  const res = await fetch(`/api/games?lang=${document.documentElement.lang || "en"}`);
  catalog = await res.json();
  $("filter").addEventListener("input", listGames);
  $("players").addEventListener("change", seatRows);
  $("options").addEventListener("change", () => { if (chosen) playerChoices(chosen); });
  $("setup-form").addEventListener("submit", create);
  const speed = localStorage.getItem("cardtable:speed");
  if ([...$("speed").options].some((o) => o.value === speed)) $("speed").value = speed;
  listGames();
  const want = new URLSearchParams(location.search).get("game");
  const g = catalog.games.find((x) => x.id === want);
  if (g) choose(g);
}

main();
