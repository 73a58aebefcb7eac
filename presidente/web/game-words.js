// @ts-check
// The game's own words in the page's language, for every page: the games' titles, the roles (where the table
// keeps the engine's default titles), and the names the server gives seats that no person holds.
import { has, t } from "./i18n.js";

// The engine's default role_titles (presidente/president/rules.py), by role: a table that kept them shows the
// catalog's words for the roles; a table that set its own (a preset's or its creator's) shows those, as typed.
/** @type {Record<string, string>} */
const DEFAULT_TITLES = {
  president: "President", vice: "Vice-President", neutral: "Neutral", high_scum: "High-Scum", scum: "Scum",
};

/** A game's title: "President", "El Presidente" (a game the catalogs lack by its name). @param {string} game */
export function gameTitle(game) {
  return game === "president" || game === "el-presidente" ? t(`game-${game}`) : game;
}

/** A seat's title in the view (`role` and `title`): the catalog's role name, unless the table chose its own.
 * @param {{role: string, title: string}} seat the view's seat (views.py) */
export function roleTitle({ role, title }) {
  if (!title) return "";
  return DEFAULT_TITLES[role] === title ? t(`role-${role}`) : title;
}

/** A title as the view writes it without its role (a round's titles on the score sheet, a seat's in the exchange):
 * the catalog's role name when it is one of the engine's default titles, else the table's own title, as typed.
 * @param {string | null | undefined} title */
export function titleWords(title) {
  const role = Object.keys(DEFAULT_TITLES).find((key) => DEFAULT_TITLES[key] === title);
  return role ? t(`role-${role}`) : title ?? "";
}

/** A seat's name as the server writes it ("heuristic bot" for a bot of that kind, "(left)", "(empty)"), in the
 * page's language; any other name is a person's and is never translated. @param {string} name */
export function seatName(name) {
  if (name === "(left)") return t("seat-left");
  if (name === "(empty)") return t("seat-empty");
  // The log's names were made unique by the server ("auto bot #2"): the number stays, the words are translated.
  const hash = name.lastIndexOf(" #");
  const number = hash > 0 && /^\d+$/.test(name.slice(hash + 2)) ? name.slice(hash) : "";
  const base = number ? name.slice(0, hash) : name;
  const kind = base.endsWith(" bot") ? base.slice(0, -4) : null;
  return kind && has(`bot-${kind}`) ? t("bot-label-plain", { name: kind }) + number : name;
}
