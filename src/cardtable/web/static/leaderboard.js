// The leaderboard of a game: people and bots by rating (mu - 3 sigma, the skill they have for certain).

import { $, accountCorner, api, el } from "./common.js";
import { t } from "./i18n.js";

async function show(game) {
  const { ok, out } = await api(`/api/leaderboard/${encodeURIComponent(game)}`);
  const box = $("board-rows");
  if (!ok) { box.replaceChildren(el("p", { class: "error" }, out.error)); return; }
  history.replaceState(null, "", `/leaderboard?game=${encodeURIComponent(game)}`);
  box.replaceChildren(out.players.length ? el("table", { class: "stats leaderboard" },
    el("tr", {}, ...["#", t("player"), t("rating"), t("skill ± uncertainty"), t("rated matches")].map((h) => el("th", {}, h))),
    ...out.players.map((p, i) => el("tr", { class: p.bot ? "bot" : "person" }, el("td", {}, String(i + 1)),
      el("td", {}, p.bot ? t("{player} (bot)", { player: p.name }) : el("a", { href: `/u/${encodeURIComponent(p.name)}` }, p.name)),
      el("td", {}, String(p.ordinal)), el("td", {}, `${p.mu} ± ${p.sigma}`), el("td", {}, String(p.matches)))))
    : el("p", {}, t("No rated match of {game} yet.", { game: out.name })));
}

async function main() {
  const { out } = await api("/api/games");
  const want = new URLSearchParams(location.search).get("game") || "nap";
  const pick = el("select", { id: "game", "aria-label": t("game"), onchange: () => show(pick.value) },
    ...out.games.map((g) => el("option", { value: g.id }, g.name)));
  pick.value = want;
  $("main").replaceChildren(el("h1", {}, t("Leaderboard")),
    el("p", {}, `${t("Ratings by the Plackett-Luce model (Weng-Lin), from matches played to their end without undo or hints, every seat a bot or an account.")} `,
      el("label", {}, `${t("Game")} `, pick)), el("div", { id: "board-rows" }));
  show(pick.value);
  accountCorner(document.querySelector("header.bar"));
}

main();
