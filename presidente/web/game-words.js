// @ts-check
// The game's own words in the page's language, for every page: the games' titles, the roles' titles, and the names
// the server gives seats that no person holds.
import { has, t } from "./i18n.js";

/** A game's title: "President", "El Presidente" (a game the catalogs lack by its name). @param {string} game */
export function gameTitle(game) {
  return game === "president" || game === "el-presidente" ? t(`game-${game}`) : game;
}

/** A role title as the table has it (a seat's, a round's on the score sheet), in the page's language: every title of
 * the engine's default and of the presets (presidente/president/rules.py) has a catalog message, by the title in
 * lower case with a hyphen for anything else ("Prime-Minister": title-prime-minister; tests/test_locales.py checks
 * them); a title a table's creator typed that is none of them is shown as typed.
 * @param {string | null | undefined} title */
export function titleWords(title) {
  if (!title) return "";
  const id = `title-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return has(id) ? t(id) : title;
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
