// The account page: register or log in; once in, your tables, history and statistics, and logging out.

import { $, api, el } from "./common.js";
import { statsTable } from "./statsview.js";
import { t, tn, useLanguage } from "./i18n.js";

function form(id, title, submit, note) {
  const error = el("p", { class: "error", role: "alert" });
  const f = el("form", { id, class: "account-form", onsubmit: async (e) => {
    e.preventDefault();
    const body = { name: f.querySelector("[name=name]").value, password: f.querySelector("[name=password]").value };
    const { ok, out } = await api(`/api/${id}`, body);
    if (!ok) { error.textContent = out.error; return; }
    if (out.account && out.account.lang) useLanguage(out.account.lang); // the account's language, in this browser too
    main();
  } },
  el("h2", {}, title),
  el("label", {}, `${t("Name")} `, el("input", { name: "name", type: "text", maxlength: 20, autocomplete: "username", required: true })),
  el("label", {}, `${t("Password")} `, el("input", { name: "password", type: "password", minlength: id === "register" ? 8 : 1,
    autocomplete: id === "register" ? "new-password" : "current-password", required: true })),
  el("button", { type: "submit", class: "primary" }, submit), note ? el("p", { class: "meta" }, note) : null, error);
  return f;
}

async function main() {
  const root = $("main");
  const { out } = await api("/api/me");
  if (!out.account) {
    root.replaceChildren(el("h1", {}, t("Your account")),
      el("p", {}, t("You can play as a guest, by link. With an account you find your tables, history and statistics from any browser, and your matches are rated.")),
      el("div", { class: "account-forms" }, form("login", t("Log in"), t("Log in")),
        form("register", t("Register"), t("Create my account"), t("2 to 20 letters, digits, spaces or . _ - ' ; a password of at least 8 characters."))));
    return;
  }
  const tables = out.tables.map((tb) => el("li", { "data-table": tb.id },
    el("a", { href: tb.url }, `${tb.name}`), ` — ${t("seat {n}", { n: tb.seat + 1 })}, ${tb.finished ? t("finished") : t("playing")}, `
      + `${tb.max_deals ? tn("{n} deal of {max}", "{n} deals of {max}", tb.deals_done, { max: tb.max_deals }) : tn("{n} deal", "{n} deals", tb.deals_done)}; ${t("totals {totals}", { totals: tb.totals.join(" / ") })}`
      + (tb.assisted ? ` ${t("(with help: not rated)")}` : "")));
  root.replaceChildren(el("h1", {}, out.account.name),
    el("p", {}, el("a", { href: `/u/${encodeURIComponent(out.account.name)}` }, t("Your public profile")), " · ",
      el("button", { type: "button", id: "logout", onclick: async () => { await api("/api/logout", {}); main(); } }, t("Log out"))),
    el("h2", {}, t("Statistics")), statsTable(out.games),
    el("h2", {}, t("Your tables")), tables.length ? el("ul", { class: "my-tables" }, ...tables) : el("p", {}, t("None yet: create one on the home page.")));
}

main();
