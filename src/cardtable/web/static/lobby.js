// The lobby on the home page: open public tables with free seats, joined with one click; and the settings a
// new table takes here (public or by link only, a bot for a seat left empty).

import { $, accountCorner, ago, api, el } from "./common.js";
import { t } from "./i18n.js";

function optionsText(options) {
  const on = Object.entries(options || {}).filter(([, v]) => v !== false && v !== null && v !== undefined);
  return on.map(([k, v]) => (v === true ? k.replaceAll("_", " ") : `${k.replaceAll("_", " ")} ${v}`)).join(", ");
}

export async function join(tid, seat) {
  const name = $("lobby-name") ? $("lobby-name").value.trim() : "";
  const body = {};
  if (seat !== undefined && seat !== null) body.seat = seat;
  if (name) body.name = name;
  const { ok, out } = await api(`/api/tables/${tid}/join`, body);
  if (!ok) return out.error;
  localStorage.setItem(`cardtable:seat:${tid}`, JSON.stringify(out));
  location.href = out.url;
  return null;
}

async function refresh() {
  const list = $("lobby-tables");
  const { ok, out } = await api("/api/lobby");
  if (!ok) return;
  list.replaceChildren();
  if (!out.tables.length) {
    list.append(el("li", { class: "lobby-empty" }, t("No open table just now: create one and tick “list it in the lobby”.")));
  }
  for (const tb of out.tables) {
    const seats = tb.seats.map((s) => (s.open ? t("free") : s.kind === "human" ? s.name : t("{player} (bot)", { player: s.name }))).join(", ");
    const error = el("span", { class: "error" });
    const button = el("button", { type: "button", class: "primary join", "data-table": tb.id,
      onclick: async () => { button.disabled = true; error.textContent = (await join(tb.id)) || ""; button.disabled = false; } },
    t("Join"));
    list.append(el("li", { class: "lobby-table", "data-table": tb.id },
      el("div", { class: "lobby-game" }, el("strong", {}, tb.name), " ",
        el("span", { class: "meta" }, tb.options_text ?? optionsText(tb.options))),
      el("div", { class: "meta" }, t("{taken} of {players} seats taken ({seats}) · waiting {wait}", { taken: tb.taken, players: tb.players, seats, wait: ago(tb.waited) })
        + (tb.takeover ? ` · ${t("a bot plays an empty seat after {wait}", { wait: ago(tb.takeover) })}` : "")),
      el("div", {}, button, " ", el("a", { href: tb.url }, t("watch")), " ", error)));
  }
}

// What the home page's form adds to a new table: home.js announces the table it is about to create as a
// "cardtable:create" event (its one integration point), and the room's settings are added to it here.
export function tableSettings(body) {
  if ($("public") && $("public").checked) body.public = true;
  const takeover = $("takeover") ? Number($("takeover").value) : 0;
  if (takeover > 0) body.takeover = takeover;
  return body;
}

window.addEventListener("cardtable:create", (e) => tableSettings(e.detail));

function settingsFieldset() {
  const form = $("setup-form");
  if (!form || $("public")) return;
  const box = el("fieldset", { id: "room-settings" }, el("legend", {}, t("Room")),
    el("label", { class: "option" }, el("span", { class: "opt-name" }, t("list it in the lobby")),
      el("input", { type: "checkbox", id: "public" }),
      el("small", {}, t("Anyone may take a free person's seat from the lobby; unticked, only your links open the seats."))),
    el("label", { class: "option" }, el("span", { class: "opt-name" }, t("empty seat")),
      el("select", { id: "takeover" }, el("option", { value: "0" }, t("waits for its player")),
        el("option", { value: "60" }, t("a bot plays it after 1 min")), el("option", { value: "180" }, t("after 3 min")),
        el("option", { value: "600" }, t("after 10 min"))),
      el("small", {}, t("When a person's seat is empty that long, a bot plays for it until the person is back."))));
  const matchBox = [...form.querySelectorAll("fieldset")].pop();
  matchBox.after(box);
}

function main() {
  const pane = $("lobby");
  if (!pane) return;
  pane.append(el("h2", {}, t("Lobby")),
    el("p", { class: "meta" }, `${t("Open tables with a free seat.")} `,
      el("label", {}, `${t("Your name")} `, el("input", { id: "lobby-name", type: "text", maxlength: 24, placeholder: t("guest") }))),
    el("ul", { id: "lobby-tables", class: "lobby-list", "aria-label": t("open tables") }));
  settingsFieldset();
  refresh();
  setInterval(refresh, 5000);
  accountCorner(document.querySelector("header.bar"));
}

main();
