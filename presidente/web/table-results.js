// @ts-check
// Between rounds: the round's places, titles earned, role changes and points, the running totals (a score sheet
// like Board Game Arena's), and "Ready" as its own step; at the match's end, the winners and each person's rating
// change.
import { getJson, h, replaceKeeping } from "./api.js";
import { listWords, ordinal } from "./table-words.js";
import { titleWords } from "./game-words.js";
import { t } from "./i18n.js";
import { rerender, send, seatName } from "./table-state.js";
import { stackable } from "./table-fit.js";
import { renderRematch } from "./table-rematch.js";

/** @typedef {import("./table-types.js").TableState} TableState */
/** @typedef {import("./table-types.js").ShownState} ShownState */
/** @typedef {import("./table-types.js").PresidentView} PresidentView */
/** @typedef {import("./table-types.js").BattleView} BattleView */

/** The ratings of the people at the table (a player with no finished game has none), asked by id so that
 * every player's change shows, not only the leaderboard's top: asked when the page opens and again when the
 * match is over.
 * @param {TableState} state @param {string[] | null} [wanted] @returns {Promise<Map<string, number>>} */
async function ratings(state, wanted = null) {
  const ids = wanted ?? seatedIds(state);
  if (!ids.length) return new Map();
  try {
    const answer = await getJson(`/api/ratings?ids=${ids.map(encodeURIComponent).join(",")}`);
    // Which of them are provisional (rated matches so far), after how many a rating settles, where all start.
    state.ratingNotes = { provisional: new Map(Object.entries(answer.provisional ?? {})), settles: answer.settles_after, start: answer.start };
    return new Map(Object.entries(answer.ratings));
  } catch {
    return new Map();
  }
}

/** @param {TableState} state @returns {string[]} */
function seatedIds(state) {
  const ids = /** @type {string[]} */ ((state.view?.table.seat_info ?? []).map((info) => info.player_id).filter(Boolean));
  return [...new Set(ids)];
}

// The match's result is stored a moment after the last move: the ratings are asked again until they moved.
const RATING_TRIES = 6;
const RATING_RETRY_MS = 700;

/** @param {TableState} state */
async function ratingsAfterTheMatch(state) {
  let after = new Map();
  const before = state.ratingsBefore ?? new Map();
  for (let attempt = 0; attempt < RATING_TRIES; attempt++) {
    after = await ratings(state);
    if (seatedIds(state).every((id) => after.has(id) && after.get(id) !== before.get(id))) break;
    await new Promise((resolve) => setTimeout(resolve, RATING_RETRY_MS));
  }
  return after;
}

/** Each person's rating before the match, asked once per person as they sit (a player who has none yet is
 * remembered as unrated: their first rated game). @param {TableState} state */
export async function rememberRating(state) {
  const asked = (state.ratingsAsked ??= new Set());
  const fresh = seatedIds(state).filter((id) => !asked.has(id));
  if (!fresh.length) return;
  for (const id of fresh) asked.add(id);
  const known = await ratings(state, fresh);
  state.ratingsBefore ??= new Map();
  for (const [id, rating] of known) state.ratingsBefore.set(id, rating);
}

/** "1523 (+23)", "1548 (+48, first rated game) · provisional", or "" for a bot (bots are rated by kind, not by
 * seat).
 * @param {ShownState} state @param {number} seat */
function ratingWords(state, seat) {
  if (!state.ratingsAfter) {
    if (state.ratingsAfter === undefined) {
      state.ratingsAfter = null;
      ratingsAfterTheMatch(state).then((after) => { state.ratingsAfter = after; rerender(); });
    }
    return "";
  }
  const id = state.view.table.seat_info[seat].player_id;
  const after = id ? state.ratingsAfter.get(id) : undefined;
  if (after === undefined || !id) return "";
  const mark = state.ratingNotes?.provisional.has(id) ? ` · ${t("table-rating-provisional-mark")}` : "";
  if (!state.ratingsBefore) return `${after}${mark}`; // the page opened after the match: no change to show
  const before = state.ratingsBefore.get(id);
  if (before === undefined) { // a first rated match, from where everyone starts
    return t("table-rating-first", { rating: after, change: signed(after - (state.ratingNotes?.start ?? after)) }) + mark;
  }
  return t("table-rating-change", { rating: after, change: signed(after - before) }) + mark;
}

/** Why a rating is provisional, in a sentence for each person at the table whose rating is (issue 27: a new
 * player second of four went to 1462 with no word on why). @param {ShownState} state */
function provisionalNotes(state) {
  const notes = state.ratingsAfter ? state.ratingNotes : null;
  if (!notes) return [];
  return state.view.table.seat_info.filter((info) => info.player_id && notes.provisional.has(info.player_id))
    .map((info) => h("p", { class: "rating-note" }, t("table-rating-provisional-why", {
      name: seatName(info.seat), games: notes.provisional.get(/** @type {string} */ (info.player_id)), settles: notes.settles,
    })));
}

/** Draw the results between rounds and at the match's end. @param {ShownState} state */
export function renderResults(state) {
  const { table, game } = state.view;
  const box = /** @type {HTMLElement} */ (document.getElementById("results"));
  const between = table.intermission_left !== null;
  const parts = [];
  if (game?.game === "president" && game.sheet.length && (between || game.over)) parts.push(...presidentResults(state, game, between));
  if (game?.game === "el-presidente" && (game.over || between)) parts.push(...battleResults(game));
  if (game?.game === "el-presidente" && game.over) parts.push(ratingList(state));
  if (game?.over) parts.push(...provisionalNotes(state));
  if (between && table.you !== null) {
    const ready = table.seat_info[table.you].ready;
    parts.push(ready
      ? h("p", { class: "ready-note" }, t("table-ready-waiting"))
      : h("button", { type: "button", id: "ready", class: "primary", onclick: () => send({ type: "ready" }) }, t("table-ready")));
  }
  if (game?.over) parts.push(renderRematch(state), h("p", {}, h("a", { href: `/replay/${table.id}` }, t("table-watch-replay"))));
  box.hidden = parts.length === 0;
  replaceKeeping(box, parts.filter(Boolean));
}

/** @param {ShownState} state @param {PresidentView} game @param {boolean} between */
function presidentResults(state, game, between) {
  const sheet = game.sheet;
  const last = sheet[sheet.length - 1];
  const before = sheet.length > 1 ? sheet[sheet.length - 2] : null;
  const parts = [h("h2", { id: "results-title" }, game.over ? t("table-results-over") : t("table-results-round", { round: sheet.length }))];
  if (game.over) {
    const winners = game.winners.map(seatName);
    parts.push(h("p", { class: "winners" }, t("table-results-winners", { winners: listWords(winners), count: winners.length })));
  }
  // The round's places under the names they were played with (a seat someone left and another took since).
  const names = state.roundEndNames; // from the events: who went out or left under which name
  const playedBy = (seat) => names?.[seat] ?? seatName(seat);
  const rows = last.order.map((seat, index) => h("tr", {},
    h("td", {}, ordinal(index + 1)),
    h("th", { scope: "row" }, playedBy(seat)),
    h("td", {}, roleChange(before?.titles[seat], last.titles[seat])),
    h("td", { class: "number" }, signed(last.points[seat])),
    h("td", { class: "number" }, String(last.totals[seat])),
    game.over ? h("td", { class: "number" }, ratingWords(state, seat)) : null));
  const columns = [t("table-col-place"), t("table-col-player"), t("table-col-title"), t("table-col-points"), t("table-col-total"), ...(game.over ? [t("table-col-rating")] : [])];
  parts.push(stackable(h("table", { class: "results-table", "aria-labelledby": "results-title" },
    h("thead", {}, h("tr", {}, ...columns.map((name) => h("th", { scope: "col" }, name)))),
    h("tbody", {}, ...rows))));
  if (sheet.length > 1 || game.over || !between) parts.push(scoreSheet(game));
  return parts;
}

/** @param {string | null | undefined} was @param {string | null | undefined} now */
function roleChange(was, now) {
  if (!now) return "";
  if (!was || was === now) return titleWords(now);
  return t("table-title-was", { title: titleWords(now), was: titleWords(was) });
}

/** @param {number} points */
function signed(points) {
  return points > 0 ? `+${points}` : String(points);
}

/** Every round so far: each player's points and running total, like Board Game Arena's score sheet.
 * @param {PresidentView} game */
function scoreSheet(game) {
  const seats = game.seats.map((s) => s.seat);
  return h("details", { class: "score-sheet", open: game.over },
    h("summary", {}, t("table-score-sheet")),
    h("div", { class: "sheet-scroll" },
      stackable(h("table", {},
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("table-col-round")), ...seats.map((seat) => h("th", { scope: "col" }, seatName(seat))))),
        h("tbody", {}, ...game.sheet.map((round, index) => h("tr", {},
          h("th", { scope: "row" }, String(index + 1)),
          ...seats.map((seat) => h("td", { class: "number" }, `${signed(round.points[seat])} = ${round.totals[seat]}`)))))))));
}

/** Each person's rating and its change ("Ann: 1523 (+23)"), for games whose results have no table of places.
 * @param {ShownState} state */
function ratingList(state) {
  const people = state.view.table.seat_info.filter((info) => info.player_id);
  if (!people.length) return null;
  return h("ul", { class: "ratings", "aria-label": t("table-ratings") },
    ...people.map((info) => h("li", {}, `${seatName(info.seat)}: `, ratingWords(state, info.seat) || t("table-rating-coming"))));
}

/** @param {BattleView} game */
function battleResults(game) {
  const parts = [h("h2", { id: "results-title" }, game.over ? t("table-results-over") : t("table-results-game", { game: game.game_winners.length }))];
  parts.push(h("ul", {}, ...game.game_winners.map((winner, index) =>
    h("li", {}, winner === null ? t("table-game-draw", { game: index + 1 }) : t("table-game-won", { game: index + 1, name: seatName(winner) })))));
  return parts;
}
