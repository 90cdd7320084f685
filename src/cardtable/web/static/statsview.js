// A player's statistics and ratings per game, as a table (the account page and the profile page).

import { el } from "./common.js";

const num = (x, unit = "") => (x === null || x === undefined ? "—" : `${x > 0 ? "+" : ""}${x}${unit ? ` ${unit}` : ""}`);

export function statsTable(games) {
  const rows = Object.entries(games || {});
  if (!rows.length) return el("p", {}, "No finished deal yet.");
  return el("table", { class: "stats" },
    el("tr", {}, ...["game", "deals", "matches", "won", "mean a deal (95% interval)", "contracts made", "rating"].map((h) => el("th", {}, h))),
    ...rows.map(([id, g]) => el("tr", { "data-game": id },
      el("td", {}, el("a", { href: `/leaderboard?game=${encodeURIComponent(id)}` }, g.name)),
      el("td", {}, String(g.deals ?? 0)), el("td", {}, String(g.matches ?? 0)), el("td", {}, String(g.won ?? 0)),
      el("td", {}, g.mean === null || g.mean === undefined ? "—" : `${num(g.mean, g.unit)}${g.ci95 !== null && g.ci95 !== undefined ? ` ± ${g.ci95}` : ""}`),
      el("td", {}, g.contracts !== undefined ? `${g.made} of ${g.contracts}` : "—"),
      el("td", {}, g.rating ? `${g.rating.ordinal} (${g.rating.mu} ± ${g.rating.sigma}, ${g.rating.matches} rated)` : "not rated"))));
}
