// A player's public profile: statistics and ratings per game.

import { $, accountCorner, api, el } from "./common.js";
import { statsTable } from "./statsview.js";
import { lang, t } from "./i18n.js";

async function main() {
  const name = decodeURIComponent(location.pathname.split("/")[2] || "");
  const { ok, out } = await api(`/api/users/${encodeURIComponent(name)}`);
  const root = $("main");
  if (!ok) { root.replaceChildren(el("h1", {}, name), el("p", { class: "error" }, out.error)); return; }
  document.title = `${out.name} — cardtable`;
  root.replaceChildren(el("h1", {}, out.name), el("p", { class: "meta" }, t("playing since {date}", { date: new Date(out.created * 1000).toLocaleDateString(lang) })),
    statsTable(out.games));
  accountCorner(document.querySelector("header.bar"));
}

main();
