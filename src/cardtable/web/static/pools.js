// Pools by name for people, in the words the server sends with each state (the frame's show.pool_words, from the
// game's rules: "the pot", "the Frog pot", "the ace of hearts"), without the article: "Frog pot".

import { poolWord } from "./words.js";

export function poolName(key) {
  const said = poolWord(key);
  if (said) return said.replace(/^the /, "");
  return /_pool$/.test(key) ? "pool" : String(key).replaceAll("_", " "); // a frame from an older server
}
