// The account page: register or log in; once in, your tables, history and statistics, and logging out.

import { $, api, el } from "./common.js";
import { statsTable } from "./statsview.js";

function form(id, title, submit, note) {
  const error = el("p", { class: "error", role: "alert" });
  const f = el("form", { id, class: "account-form", onsubmit: async (e) => {
    e.preventDefault();
    const body = { name: f.querySelector("[name=name]").value, password: f.querySelector("[name=password]").value };
    const { ok, out } = await api(`/api/${id}`, body);
    if (!ok) { error.textContent = out.error; return; }
    main();
  } },
  el("h2", {}, title),
  el("label", {}, "Name ", el("input", { name: "name", type: "text", maxlength: 20, autocomplete: "username", required: true })),
  el("label", {}, "Password ", el("input", { name: "password", type: "password", minlength: id === "register" ? 8 : 1,
    autocomplete: id === "register" ? "new-password" : "current-password", required: true })),
  el("button", { type: "submit", class: "primary" }, submit), note ? el("p", { class: "meta" }, note) : null, error);
  return f;
}

async function main() {
  const root = $("main");
  const { out } = await api("/api/me");
  if (!out.account) {
    root.replaceChildren(el("h1", {}, "Your account"),
      el("p", {}, "You can play as a guest, by link. With an account you find your tables, history and statistics from any browser, and your matches are rated."),
      el("div", { class: "account-forms" }, form("login", "Log in", "Log in"),
        form("register", "Register", "Create my account", "2 to 20 letters, digits, spaces or . _ - ' ; a password of at least 8 characters.")));
    return;
  }
  const tables = out.tables.map((t) => el("li", { "data-table": t.id },
    el("a", { href: t.url }, `${t.name}`), ` — seat ${t.seat}, ${t.finished ? "finished" : "playing"}, `
      + `${t.deals_done} deal${t.deals_done === 1 ? "" : "s"}${t.max_deals ? ` of ${t.max_deals}` : ""}; totals ${t.totals.join(" / ")}`
      + (t.assisted ? " (with help: not rated)" : "")));
  const social = (await api("/api/social")).out;
  const links = (social.links || []).map((l) => el("li", { "data-table": l.table, "data-seat": l.seat },
    el("strong", {}, `${l.game}, ${l.name}'s seat: `),
    el("input", { type: "text", readonly: true, value: location.origin + l.url, "aria-label": `link for ${l.name} at ${l.game}` })));
  root.replaceChildren(el("h1", {}, out.account.name),
    el("p", {}, el("a", { href: `/u/${encodeURIComponent(out.account.name)}` }, "Your public profile"), " · ",
      el("button", { type: "button", id: "logout", onclick: async () => { await api("/api/logout", {}); main(); } }, "Log out")),
    el("h2", {}, "Statistics"), statsTable(out.games),
    el("h2", {}, "Your tables"), tables.length ? el("ul", { class: "my-tables" }, ...tables) : el("p", {}, "None yet: create one on the home page."),
    el("h2", {}, "Seat links you made"),
    links.length ? el("div", {}, el("p", { class: "meta" }, "The links of the seats you made for other people, until each is opened. Give each only to the person who sits there."),
      el("ul", { class: "my-links", id: "my-links" }, ...links))
      : el("p", {}, "None waiting: every seat link you made has been opened (or you made none)."));
}

main();
