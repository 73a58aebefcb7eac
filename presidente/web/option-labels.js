// @ts-check
// How the table-creation form names the rules options: each option's group and place in it, and its label, help
// and choices in words, from the message catalogs (locales/*.ftl: option-NAME with .help, choice-NAME-CHOICE).
// The options themselves (kind, bounds, choices, meaning) come from the server's catalogue; an option the
// catalogs lack still shows, under "Other rules", with its name in words and the server's meaning.
import { has, t } from "./i18n.js";

/**
 * One option as the server's catalogue declares it (`OptionSpec.to_json`, presidente/options.py): its kind, bounds,
 * choices, meaning and default.
 * @typedef {{name: string, kind: "bool" | "int" | "choice" | "card" | "int_list" | "name_list" | "text",
 *   minimum: number | null, maximum: number | null, choices: string[], length: number | null,
 *   item_min: number | null, item_max: number | null, max_chars: number | null, nullable: boolean,
 *   meaning: string, seed: string, default: unknown, allowed: string, requirement: string}} OptionSpec
 */

// The groups in the order the form shows them (each titled by group-KEY).
export const GROUPS = ["cards", "plays", "revolution", "passing", "exchange", "ending", "table", "other"];

// Each option's group, in the order the form shows them.
/** @type {Record<string, string>} */
const OPTION_GROUPS = {
  decks: "cards",
  jokers_per_deck: "cards",
  joker_mode: "cards",
  special_three: "cards",
  deal_extras: "cards",
  two_player_hand: "cards",
  special_three_must_lead: "cards",
  first_round_leader: "plays",
  first_trick: "plays",
  one_fewer_two: "plays",
  four_in_a_row: "plays",
  eight_rule: "plays",
  best_rank_ends_trick: "plays",
  jack_back: "plays",
  eight_cut: "plays",
  five_skip: "plays",
  nine_reverse: "plays",
  seven_give: "plays",
  ten_discard: "plays",
  spade_three_return: "plays",
  suit_lock: "plays",
  joker_suits: "plays",
  number_lock: "plays",
  sequences: "plays",
  sequence_min: "plays",
  sequence_wraps: "plays",
  sequence_joker_ends: "plays",
  revolution: "revolution",
  revolution_cards: "revolution",
  sequence_revolution: "revolution",
  revolution_ends_trick: "revolution",
  revolution_scope: "revolution",
  pass_mode: "passing",
  equalize: "passing",
  equalize_ends_trick_by_scum: "passing",
  equalize_ends_trick_by_non_scum: "passing",
  first_equalize_only_by_scum: "passing",
  no_equal_best: "passing",
  trick_end: "passing",
  lead_pass: "passing",
  pass_limit: "passing",
  exchange: "exchange",
  exchange_order: "exchange",
  top_exchange_cards: "exchange",
  vice_exchange_cards: "exchange",
  draft_cards: "exchange",
  must_give_lowest: "exchange",
  keep_jokers: "exchange",
  top_roles_min_players: "exchange",
  vice_roles_min_players: "exchange",
  role_titles: "exchange",
  penalize_final_two: "ending",
  penalize_final_joker: "ending",
  penalize_final_best: "ending",
  penalize_final_eight: "ending",
  downfall: "ending",
  scoring: "ending",
  target_score: "ending",
  rounds: "ending",
  credit_start: "ending",
  credit_changes: "ending",
  games: "ending",
  battle_limit: "ending",
  turn_time: "table",
  min_players: "table",
  seat_shuffle: "table",
  rank_reset: "exchange",
  max_players: "table",
  teams: "table",
};

/** An option name in words when the catalogs lack it: "equalize_ends_trick" is "Equalize ends trick".
 * @param {string} name */
function inWords(name) {
  const words = String(name).replaceAll("_", " ").replaceAll("-", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** @param {string} group */
export function groupTitle(group) {
  return t(`group-${group}`);
}

/** @param {string} name */
export function optionLabel(name) {
  return has(`option-${name}`) ? t(`option-${name}`) : inWords(name);
}

/** What an option does, in the page's language; the server's own words for an option the catalogs lack.
 * @param {OptionSpec} spec */
export function optionHelp(spec) {
  return has(`option-${spec.name}.help`) ? t(`option-${spec.name}.help`) : spec.meaning;
}

/** Where an option comes in its group: the order of OPTION_GROUPS above, unknown options last.
 * @param {string} name */
export function optionOrder(name) {
  const index = Object.keys(OPTION_GROUPS).indexOf(name);
  return index < 0 ? Infinity : index;
}

/** @param {string} name */
export function optionGroup(name) {
  return OPTION_GROUPS[name] ?? "other";
}

/** @param {string} name @param {string} choice */
export function choiceLabel(name, choice) {
  return has(`choice-${name}-${choice}`) ? t(`choice-${name}-${choice}`) : inWords(choice);
}

/** A value as the form shows it, for "preset: …" marks. @param {OptionSpec} spec @param {any} value */
export function valueLabel(spec, value) {
  if (spec.kind === "bool") return value ? t("value-yes") : t("value-no");
  if (spec.kind === "choice" || spec.kind === "card") return choiceLabel(spec.name, value);
  if (Array.isArray(value)) return value.join(", ");
  return value === null || value === undefined || value === "" ? t("value-none") : String(value);
}

// Bots: their names stay the server's; each one's strength and what it does come from bot-NAME (and .play).

/** One sentence on the bots a game offers. @param {string[]} names */
export function botsSentence(names) {
  const parts = names.map((name) => (has(`bot-${name}`)
    ? t("bot-part", { name, strength: t(`bot-${name}`), play: t(`bot-${name}.play`) })
    : t("bot-part-plain", { name })));
  return t("bot-sentence", { parts: parts.join(t("bot-sentence-separator")) });
}

/** @param {string} name */
export function botLabel(name) {
  return has(`bot-${name}`) ? t("bot-label", { name, strength: t(`bot-${name}`) }) : t("bot-label-plain", { name });
}
