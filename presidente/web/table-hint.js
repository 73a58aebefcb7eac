// @ts-check
// A hint's reason in the page's language: the server sends the strongest bot's move with its reason as a code and
// parameters (`why`, presidente/bots/hint.py's REASON_CODES and the searches' own), worded here from the catalogs
// ("hint-why-*"); a reason without a code (none is known today) shows as the server wrote it.
import { cardName, cardsOf } from "./cards.js";
import { t } from "./i18n.js";
import { listWords } from "./table-words.js";

/** @type {Record<string, (params: Record<string, number>) => string>} */
const WHY = {
  search: (p) => t("hint-why-search", p),
  search_gain: (p) => t("hint-why-search-gain", p),
  network: () => t("hint-why-network"),
  nothing_to_play: () => t("hint-why-nothing-to-play"),
  give_weakest: () => t("hint-why-give-weakest"),
  take_strongest: () => t("hint-why-take-strongest"),
  empties_hand: () => t("hint-why-empties-hand"),
  strong_now: () => t("hint-why-strong-now"),
  revolution: () => t("hint-why-revolution"),
  lead_sequence: () => t("hint-why-lead-sequence"),
  keep_lead: () => t("hint-why-keep-lead"),
  lead_weakest_set: () => t("hint-why-lead-weakest-set"),
  lead_weakest: () => t("hint-why-lead-weakest"),
  illegal_finish: () => t("hint-why-illegal-finish"),
  no_equalize: () => t("hint-why-no-equalize"),
  equalize: () => t("hint-why-equalize"),
  keep_strongest: () => t("hint-why-keep-strongest"),
  keep_set: () => t("hint-why-keep-set"),
  stop_opponent: () => t("hint-why-stop-opponent"),
  equalize_skip: () => t("hint-why-equalize-skip"),
  beat_weakest: () => t("hint-why-beat-weakest"),
  random: () => t("hint-why-random"),
  wins_game: () => t("hint-why-wins-game"),
  shed_rank: () => t("hint-why-shed-rank"),
  beat_then_complete: () => t("hint-why-beat-then-complete"),
  king_pick_up: () => t("hint-why-king-pick-up"),
  pile_has_rank: () => t("hint-why-pile-has-rank"),
  nothing_beats: () => t("hint-why-nothing-beats"),
  beat_least_needed: () => t("hint-why-beat-least-needed"),
  bigger_hand: () => t("hint-why-bigger-hand"),
  nothing_to_throw: () => t("hint-why-nothing-to-throw"),
  teammate_rest: () => t("hint-why-teammate-rest"),
  collecting: () => t("hint-why-collecting"),
  teammate_burden: () => t("hint-why-teammate-burden"),
  harder_attack: () => t("hint-why-harder-attack"),
  shed_cards: () => t("hint-why-shed-cards"),
  opponent_set: () => t("hint-why-opponent-set"),
};

/** The codes worded here (tests/bots/test_hint_reasons.py checks the server sends no other). */
export const HINT_CODES = Object.keys(WHY);

/**
 * @param {{reason: string, why?: {code: string, params: Record<string, number>} | null}} hint
 * @returns {string}
 */
export function hintReason(hint) {
  const words = hint.why ? WHY[hint.why.code] : undefined;
  return words ? words(hint.why?.params ?? {}) : hint.reason;
}

/**
 * An El Presidente move in words ("attack 7C 7D" → "Attack with 7♣ and 7♦"), for the hint.
 * @param {string} action
 * @returns {string}
 */
export function battleMoveWords(action) {
  const [verb] = action.split(" ");
  const cards = listWords(cardsOf(action).map(cardName));
  if (verb === "attack") return t("battle-attack-with", { cards });
  if (verb === "beat") return t("battle-beat-with", { cards });
  if (verb === "throw") return t("battle-throw-in-with", { cards });
  if (action === "concede") return t("battle-concede");
  if (action === "take") return t("battle-pick-up");
  if (action === "pass") return t("table-pass");
  return action;
}
