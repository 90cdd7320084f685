// The one place the page words actions and seats: labels and names come from the server (the frame's
// `show` block: the engine's labels where a game has them), never made up here beyond a last resort.

import { cardName, isCard } from "./cards.js";
import { t } from "./i18n.js";

let show = { names: [], labels: {} };
let you = null;

/** Take the words of a new state frame (or a replay step). */
export function useWords(frame) {
  show = (frame && frame.show) || show;
  you = frame ? frame.you : null;
}

/** An action in plain words: "Two", "Pass", "Rob with the 7♥", "Queen of spades". */
export function say(action, labels = show.labels) {
  if (labels && labels[action]) return labels[action];
  if (isCard(action)) return cardName(action);
  const s = String(action).replaceAll("-", " ");
  return s.charAt(0).toUpperCase() + s.slice(1); // only for actions the server did not word (a typed one)
}

/** A seat's name; "You" for the viewer when ``youWord`` is set. */
export function nameOf(seat, youWord = false) {
  if (seat === null || seat === undefined || seat < 0) return "";
  if (youWord && seat === you) return t("You");
  return (show.names && show.names[seat]) || t("Player {n}", { n: seat + 1 });
}

export const names = () => show.names || [];

/** A pool in the game's words, with its article ("the Frog pot"), or null if the server did not name it. */
export const poolWord = (key) => (show.pool_words && show.pool_words[key]) || null;
