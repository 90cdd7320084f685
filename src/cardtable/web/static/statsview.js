// A player's statistics and ratings per game, as a table (the account page and the profile page).

import { el } from "./common.js";
import { t } from "./i18n.js";

const num = (x, unit = "") => (x === null || x === undefined ? "—" : `${x > 0 ? "+" : ""}${x}${unit ? ` ${unit}` : ""}`);

export function statsTable(games) {
  const rows = Object.entries(games || {});
  if (!rows.length) return el("p", {}, t("No finished deal yet."));
  return el("table", { class: "stats" },
    el("tr", {}, ...[t("game"), t("deals"), t("matches"), t("won"), t("mean a deal ({share} interval)", { share: "95 %" }), t("contracts made"), t("rating")].map((h) => el("th", {}, h))),
    ...rows.map(([id, g]) => el("tr", { "data-game": id },
      el("td", {}, el("a", { href: `/leaderboard?game=${encodeURIComponent(id)}` }, g.name)),
      el("td", {}, String(g.deals ?? 0)), el("td", {}, String(g.matches ?? 0)), el("td", {}, String(g.won ?? 0)),
      el("td", {}, g.mean === null || g.mean === undefined ? "—" : `${num(g.mean, g.unit)}${g.ci95 !== null && g.ci95 !== undefined ? ` ± ${g.ci95}` : ""}`),
      el("td", {}, g.contracts !== undefined ? t("{made} of {contracts}", { made: g.made, contracts: g.contracts }) : "—"),
      el("td", {}, g.rating ? t("{ordinal} ({mu} ± {sigma}, {matches} rated)", g.rating) : t("not rated")))));
}
