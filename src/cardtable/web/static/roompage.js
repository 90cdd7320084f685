// One page for the room's own pages: /account, /u/<name> (a profile) and /leaderboard, each its module.

const PAGES = { account: ["./account.js", "Your account"], u: ["./profile.js", "Player"],
  leaderboard: ["./leaderboard.js", "Leaderboard"] };
const [module, title] = PAGES[location.pathname.split("/")[1]] || PAGES.account;
document.title = `cardtable — ${title}`;
document.getElementById("tagline").textContent = title;
import(module);
