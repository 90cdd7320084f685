// One page for the room's own pages: /account, /u/<name> (a profile) and /leaderboard, each its module.

import { t } from "./i18n.js";

const PAGES = { account: ["./account.js", t("Your account")], u: ["./profile.js", t("Player")],
  leaderboard: ["./leaderboard.js", t("Leaderboard")] };
const [module, title] = PAGES[location.pathname.split("/")[1]] || PAGES.account;
document.title = `cardtable — ${title}`;
document.getElementById("tagline").textContent = title;
import(module);
