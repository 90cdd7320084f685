// Pools by name for people: "pot", "pool", "ace of hearts" (a pool kept under a game's own key, such as
// Coon Can's, is simply "pool").

export function poolName(key) {
  return /_pool$/.test(key) ? "pool" : String(key).replaceAll("_", " ");
}
