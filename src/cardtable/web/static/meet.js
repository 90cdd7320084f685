// The meeting room on the table page: a quick-play table's countdown until bots take the empty seats, the
// turn clock's ring on the seat whose turn it is, the creator's seat links on any device they log in on, and
// inviting a friend by name to a free seat. It listens to table.js's "cardtable:frame" events and draws in
// the side column and over the board's plates (drawn again after each redraw of the board).

import { $, api, el } from "./common.js";
import { t } from "./i18n.js";
import { openInvite } from "./panels.js";

const tid = location.pathname.split("/")[2];
let state = null;
let received = 0; // when the last state frame came (the clock and the countdown count down from it)
let social = null; // the logged-in account's friends, if any
let kept = []; // the seats whose links the logged-in creator keeps (not opened yet)

function secondsLeft(from) {
  return Math.max(0, Math.ceil(from - (Date.now() - received) / 1000));
}

// ------------------------------------------------------- quick play's wait
function countdown() {
  let box = $("fill-countdown");
  const waiting = state && state.table.fill_in !== null && state.table.fill_in !== undefined && !state.match.over;
  if (!waiting) { if (box) box.hidden = true; return; }
  if (!box) {
    box = el("section", { id: "fill-countdown", class: "fill-countdown", "aria-live": "polite", "aria-label": t("waiting for players") });
    ($("side") || document.body).prepend(box);
  }
  box.hidden = false;
  const left = secondsLeft(state.table.fill_in);
  const free = state.table.seats.filter((s) => s.open).map((s) => s.name);
  const empty = t("the empty seats");
  box.replaceChildren(el("strong", {}, t("Waiting for players")), el("span", {},
    left > 0 ? ` — ${t("bots sit down in {left} s for {seats}, unless people take the seats first.", { left, seats: free.join(", ") || empty })}`
      : ` — ${t("the bots are sitting down…")}`));
}

// ------------------------------------------------------------ the clock
function ring() {
  document.querySelectorAll("#board .clock-ring").forEach((r) => r.remove());
  if (!state || state.clock_left === null || state.clock_left === undefined) return;
  const seat = state.view.turn;
  const plate = document.querySelector(`#board .plate[data-seat="${seat}"]`);
  if (!plate) return;
  const total = state.table.clock;
  const left = secondsLeft(state.clock_left);
  const name = state.table.seats[seat] ? state.table.seats[seat].name : "";
  const mine = seat === state.you;
  plate.append(el("span", { class: `clock-ring${left <= 5 ? " low" : ""}`, role: "timer", "data-left": left,
    "aria-label": mine ? t("You have {left} seconds to move", { left }) : t("{name} has {left} seconds to move", { name, left }),
    title: mine ? t("You have {left} seconds to move; then a bot plays for you", { left }) : t("{name} has {left} seconds to move; then a bot plays for {name}", { name, left }),
    style: `--left: ${Math.round((left / total) * 360)}deg` }, el("span", { class: "clock-secs" }, `${left}`)));
}

// ------------------------------------------------ the creator's links
async function keptLinks() {
  const { ok, out } = await api(`/api/tables/${tid}/links`);
  if (!ok || !out.seats.length) return;
  kept = out.seats.map((s) => s.seat);
  if (state) inviteBox();
  const key = `cardtable:table:${tid}`;
  const saved = JSON.parse(localStorage.getItem(key) || "null");
  if (!saved) localStorage.setItem(key, JSON.stringify({ id: tid, seats: out.seats }));
  const btn = $("btn-invite");
  if (btn && btn.hidden) {
    btn.hidden = false;
    btn.addEventListener("click", () => openInvite(tid));
  }
}

// ------------------------------------------------ inviting a friend
function inviteBox() {
  let box = $("invite-friend");
  const free = state && state.you !== null && !state.match.over
    ? state.table.seats.filter((s) => s.open || (kept.includes(s.seat) && s.kind === "human" && !s.online)) : [];
  const friends = social && social.account ? social.friends : [];
  if (!free.length || !friends.length) { if (box) box.hidden = true; return; }
  if (!box) {
    box = el("section", { id: "invite-friend", class: "invite-friend", "aria-label": t("invite a friend") });
    ($("side") || document.body).append(box);
  }
  box.hidden = false;
  const shown = [...box.querySelectorAll("select")].map((x) => x.value);
  const who = el("select", { id: "invite-who", "aria-label": t("friend to invite") },
    ...friends.map((f) => el("option", { value: f.name }, f.online ? t("{name} (online)", { name: f.name }) : f.name)));
  const seat = el("select", { id: "invite-seat", "aria-label": t("seat to offer") },
    ...free.map((s) => el("option", { value: String(s.seat + 1) }, t("{name}'s seat", { name: s.name }))));
  if (shown[0] && friends.some((f) => f.name === shown[0])) who.value = shown[0];
  if (shown[1] && free.some((s) => String(s.seat + 1) === shown[1])) seat.value = shown[1];
  const said = el("span", { class: "meta", id: "invite-said", "aria-live": "polite" });
  box.replaceChildren(el("h2", { class: "side-title" }, t("Invite a friend")), who, ` ${t("to")} `, seat, " ",
    el("button", { type: "button", id: "invite-send", onclick: async () => {
      const { ok, out } = await api("/api/invitations", { table: tid, seat: Number(seat.value), to: who.value });
      said.textContent = ok ? t("{name} is invited: they see it on the home page.", { name: out.to }) : out.error;
    } }, t("Invite")), " ", said);
}

async function loadSocial() {
  const { ok, out } = await api("/api/social");
  if (!ok || !out.account) return;
  social = out;
  keptLinks();
  if (state) inviteBox();
}

function onFrame(f) {
  if (f.type !== "state") return;
  state = f;
  received = Date.now();
  countdown();
  ring();
  inviteBox();
}

window.addEventListener("cardtable:frame", (e) => onFrame(e.detail));
if ($("board")) new MutationObserver(() => { if (!document.querySelector("#board .clock-ring")) ring(); })
  .observe($("board"), { childList: true, subtree: true });
setInterval(() => { if (state) { countdown(); ring(); } }, 1000);
loadSocial();
