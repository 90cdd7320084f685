// A player's public profile: statistics and ratings per game.

import { $, accountCorner, api, el } from "./common.js";
import { statsTable } from "./statsview.js";

async function main() {
  const name = decodeURIComponent(location.pathname.split("/")[2] || "");
  const { ok, out } = await api(`/api/users/${encodeURIComponent(name)}`);
  const root = $("main");
  if (!ok) { root.replaceChildren(el("h1", {}, name), el("p", { class: "error" }, out.error)); return; }
  document.title = `${out.name} — cardtable`;
  root.replaceChildren(el("h1", {}, out.name), el("p", { class: "meta" }, `playing since ${new Date(out.created * 1000).toLocaleDateString()}`),
    statsTable(out.games));
  accountCorner(document.querySelector("header.bar"));
}

main();
