// Shared helpers of the public room's pages (lobby, chat, help, accounts). Everything a person typed is
// put on the page with textContent (never as markup): names and chat lines stay text.

import { t } from "./i18n.js";

export const $ = (id) => document.getElementById(id);

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c); // strings become text nodes
  return e;
}

export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const res = await fetch(path, init);
  let out = {};
  try { out = await res.json(); } catch { out = { error: t("the server answered {status}", { status: res.status }) }; }
  return { ok: res.ok, status: res.status, out };
}

export function ago(seconds) {
  if (seconds < 60) return t("{n} s", { n: Math.max(0, Math.round(seconds)) });
  if (seconds < 3600) return t("{n} min", { n: Math.round(seconds / 60) });
  return t("{n} h", { n: Math.round(seconds / 3600) });
}

// The account corner of the top bar: "Log in" or the name with a link to the account page.
export async function accountCorner(bar) {
  if (!bar) return null;
  const { out } = await api("/api/me");
  const box = el("span", { class: "account-corner" });
  if (out.account) {
    box.append(el("a", { href: "/account", id: "me-link" }, out.account.name), " · ",
      el("a", { href: "/leaderboard" }, t("Leaderboard")));
  } else {
    box.append(el("a", { href: "/account", id: "login-link" }, t("Log in or register")), " · ",
      el("a", { href: "/leaderboard" }, t("Leaderboard")));
  }
  bar.append(box);
  return out.account;
}
