// The meeting room on the home page: "Play now" (quick play: a seat at a public table of the chosen game that
// is waiting for players, or a new one), and for an account its friends (who is online, adding one by name) and
// the invitations waiting for it (accept: take the seat; decline).

import { $, api, el } from "./common.js";
import { t } from "./i18n.js";

function chosenGame() {
  return new URLSearchParams(location.search).get("game");
}

async function quickPlay() {
  const game = chosenGame();
  const note = $("quickplay-error");
  if (!game) { note.textContent = t("Pick a game first."); return; }
  const body = { game };
  if ($("players") && $("players").value) body.players = Number($("players").value);
  const name = $("lobby-name") ? $("lobby-name").value.trim() : "";
  if (name) body.name = name;
  $("quickplay").disabled = true;
  try {
    const { ok, out } = await api("/api/quickplay", body);
    if (!ok) { note.textContent = out.error; return; }
    localStorage.setItem(`cardtable:seat:${out.id}`, JSON.stringify(out));
    location.href = out.url;
  } finally {
    $("quickplay").disabled = false;
  }
}

function quickPlayButton() {
  const bar = document.querySelector("#setup .create-bar");
  if (!bar || $("quickplay")) return;
  bar.prepend(el("button", { type: "button", id: "quickplay", class: "primary", onclick: quickPlay,
    title: t("sit at a public table of this game waiting for players, or open one; bots take the seats nobody takes") },
  t("Play now")), " ");
  bar.append(el("p", { class: "meta quickplay-note" },
    t("Play now seats you at a public table of this game that is waiting for players (or opens one): seats nobody takes within a few seconds are played by bots.")),
  el("p", { id: "quickplay-error", class: "error", role: "alert" }));
}

// ------------------------------------------------- friends, invitations
function socialPane() {
  let pane = $("social");
  if (pane) return pane;
  pane = el("section", { id: "social", class: "social-pane", "aria-label": t("friends and invitations") },
    el("section", { id: "invitations-box" }, el("h2", {}, t("Invitations")), el("ul", { id: "invitations" })),
    el("section", { id: "friends-box" }, el("h2", {}, t("Friends")), el("ul", { id: "friends" }),
      el("form", { id: "friend-form", onsubmit: async (e) => {
        e.preventDefault();
        const input = $("friend-name");
        const { ok, out } = await api("/api/friends", { name: input.value.trim() });
        $("friend-error").textContent = ok ? (out.added ? t("{friend} is one of your friends now.", { friend: out.friend }) : t("{friend} was already one of your friends.", { friend: out.friend })) : out.error;
        if (ok) { input.value = ""; refresh(); }
      } }, el("label", {}, `${t("Add a friend by name")} `, el("input", { id: "friend-name", type: "text", maxlength: 20, required: true })),
      " ", el("button", { type: "submit" }, t("Add")), " ", el("span", { id: "friend-error", class: "meta", "aria-live": "polite" }))));
  const lobby = $("lobby");
  if (lobby) lobby.after(pane); else document.body.prepend(pane);
  return pane;
}

async function answer(inv, how) {
  const { ok, out } = await api(`/api/invitations/${inv.id}/${how}`, {});
  if (!ok) { $("friend-error").textContent = out.error; refresh(); return; }
  if (how === "accept") {
    localStorage.setItem(`cardtable:seat:${out.id}`, JSON.stringify(out));
    location.href = out.url;
  } else {
    refresh();
  }
}

async function refresh() {
  const { ok, out } = await api("/api/social");
  if (!ok || !out.account) return;
  socialPane();
  $("invitations").replaceChildren(...(out.invitations.length ? out.invitations.map((inv) => el("li", { class: "invitation", "data-invitation": inv.id },
    el("span", {}, t("{from} invites you to a table of {game}.", { from: inv.from, game: inv.game })),
    el("button", { type: "button", class: "primary accept", onclick: () => answer(inv, "accept") }, t("Take the seat")),
    el("button", { type: "button", class: "decline", onclick: () => answer(inv, "decline") }, t("Decline")),
    el("a", { href: inv.watch }, t("watch first"))))
    : [el("li", { class: "meta" }, t("No invitation waiting."))]));
  $("friends").replaceChildren(...(out.friends.length ? out.friends.map((f) => el("li", { class: `friend${f.online ? " online" : ""}`, "data-friend": f.name },
    el("span", { class: "dot", "aria-hidden": "true" }), f.name, el("span", { class: "meta" }, f.online ? ` — ${t("online")}` : ` — ${t("not online")}`)))
    : [el("li", { class: "meta" }, t("No friends yet: add one by the name of their account."))]));
}

quickPlayButton();
refresh();
setInterval(refresh, 5000);
