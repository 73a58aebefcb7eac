// How the table-creation form names the rules options: each option's group, a label in words, and words
// for each fixed choice. The options themselves (kind, bounds, choices, meaning) come from the server's
// catalogue; an option missing here still shows, under "Other rules", with its name in words.

export const GROUPS = [
  ["cards", "Cards and jokers"],
  ["plays", "Plays"],
  ["revolution", "Revolution"],
  ["passing", "Passing and equalizing"],
  ["exchange", "Roles and the card exchange"],
  ["ending", "Ending and scoring"],
  ["table", "Table and timer"],
  ["other", "Other rules"],
];

const OFF_ON = { off: "Off", on: "On" };
const WHO_LEADS = {
  scum: "The Scum",
  president: "The President",
  random: "A random player",
  "special-three": "The holder of the special 3",
};

export const OPTIONS = {
  // Cards and jokers
  decks: { group: "cards", label: "Decks shuffled together" },
  jokers_per_deck: { group: "cards", label: "Jokers per deck" },
  joker_mode: {
    group: "cards", label: "What a joker does",
    choices: {
      wild: "Wild: stands for any card",
      bga: "Highest alone, wild with others",
      trump: "Trump: beats any set and wins the trick",
    },
  },
  special_three: {
    group: "cards", label: "The special 3",
    choices: { "3C": "3 of clubs", "3D": "3 of diamonds", "3H": "3 of hearts", "3S": "3 of spades" },
  },
  deal_extras: {
    group: "cards", label: "Extra cards of an uneven deal go to",
    choices: {
      "president-first": "The President first",
      "lowest-first": "The lowest ranked players",
      "dealer-left": "The players left of the dealer",
    },
  },
  two_player_hand: { group: "cards", label: "Cards each with two players (0: deal them all)" },
  special_three_must_lead: { group: "cards", label: "The holder of the special 3 must play it when leading" },
  // Plays
  first_round_leader: {
    group: "plays", label: "Who leads the first round",
    choices: { "special-three": "The holder of the special 3, who plays it", random: "A random player" },
  },
  first_trick: { group: "plays", label: "Who leads a later round", choices: WHO_LEADS },
  one_fewer_two: { group: "plays", label: "One 2 fewer beats a set (two 2s beat three 7s)" },
  four_in_a_row: {
    group: "plays", label: "Four of a rank in a row end the trick",
    choices: { ...OFF_ON, "by-equalizing": "Only when made by equalizing" },
  },
  eight_rule: { group: "plays", label: "An 8 ends the trick (a lone joker played as an 8 too)" },
  best_rank_ends_trick: { group: "plays", label: "The best rank (2s) ends the trick" },
  // The Japanese table rules (Daifugo), each off in every preset
  jack_back: { group: "plays", label: "Jack back: a jack reverses the ranks until the trick ends" },
  eight_cut: { group: "plays", label: "8 cut: a play holding an 8 clears the trick (a lone joker is no 8)" },
  five_skip: { group: "plays", label: "5 skip: each 5 skips the next player" },
  nine_reverse: { group: "plays", label: "9 reverse: a 9 reverses the turn order" },
  seven_give: { group: "plays", label: "7 give: give a card to the next player per 7 played" },
  ten_discard: { group: "plays", label: "10 discard: discard a card per 10 played" },
  spade_three_return: { group: "plays", label: "Spade-3 return: the 3 of spades beats a lone joker" },
  suit_lock: { group: "plays", label: "Suit lock: two plays of the same suits lock the trick to them" },
  joker_suits: { group: "plays", label: "A joker beside other cards names its suit (JK=9H), which the suit lock reads" },
  number_lock: { group: "plays", label: "Number lock: two plays one rank apart lock the trick to climbing by one" },
  sequences: { group: "plays", label: "Sequences: runs of one suit (3H 4H 5H) are a play" },
  sequence_min: { group: "plays", label: "Fewest cards in a sequence" },
  sequence_wraps: { group: "plays", label: "The 2 and the 3 connect in a sequence" },
  sequence_joker_ends: {
    group: "plays", label: "A joker may extend a sequence below the 3 or above the 2 (JK=<3S 3S 4S)",
  },
  // Revolution
  revolution: {
    group: "revolution", label: "Revolution: 4 of a kind reverses the ranks",
    choices: {
      off: "Off",
      strict: "Strict: no jokers in it",
      relaxed: "Relaxed: four cards besides jokers",
      jokers: "Jokers count",
    },
  },
  revolution_cards: { group: "revolution", label: "Cards that make a revolution" },
  sequence_revolution: { group: "revolution", label: "A sequence this long makes a revolution (0: never)" },
  revolution_ends_trick: { group: "revolution", label: "A revolution ends the trick" },
  revolution_scope: {
    group: "revolution", label: "A revolution lasts",
    choices: { round: "Until the round ends", trick: "Until the trick ends" },
  },
  // Passing and equalizing
  pass_mode: {
    group: "passing", label: "A pass",
    choices: { turn: "Skips this turn only", trick: "Is out until the trick ends", single: "One move each per trick" },
  },
  equalize: {
    group: "passing", label: "Playing the same again (equalizing)",
    choices: {
      disallow: "Not allowed",
      allow: "Allowed",
      "or-skip": "Allowed: the next player equalizes or is skipped",
      "or-pass": "Allowed: the next player equalizes or passes",
      "force-skip": "Allowed: the next player is skipped",
    },
  },
  equalize_ends_trick_by_scum: { group: "passing", label: "The Scum equalizing ends the trick" },
  equalize_ends_trick_by_non_scum: { group: "passing", label: "Anyone else equalizing ends the trick" },
  first_equalize_only_by_scum: { group: "passing", label: "Only the Scum (or a player who must) may equalize" },
  no_equal_best: { group: "passing", label: "The best card cannot be equalized" },
  trick_end: {
    group: "passing", label: "The trick ends",
    choices: {
      "others-passed": "When everyone else has passed",
      "all-passed": "When everyone has passed, the last player too (they may play again)",
    },
  },
  lead_pass: { group: "passing", label: "A leader may pass" },
  pass_limit: { group: "passing", label: "Passes in a row that end the round with random places (0: never)" },
  // Roles and the card exchange
  exchange: {
    group: "exchange", label: "Between rounds",
    choices: {
      none: "No exchange",
      trade: "Trade: the roles swap cards",
      draft: "Draft: cards put down, then picked",
    },
  },
  exchange_order: {
    group: "exchange", label: "Order of the trade",
    choices: {
      "loser-first": "The Scum gives first, then the President",
      "winner-first": "Both give at once, from the hands as dealt",
      "in-return": "The President gives, then the Scum in return",
    },
  },
  top_exchange_cards: { group: "exchange", label: "Cards between President and Scum" },
  vice_exchange_cards: { group: "exchange", label: "Cards between Vice-President and High-Scum" },
  draft_cards: { group: "exchange", label: "Cards each player puts down in the draft" },
  must_give_lowest: { group: "exchange", label: "The President gives the lowest cards" },
  keep_jokers: { group: "exchange", label: "The Scum keep their jokers when they can" },
  top_roles_min_players: { group: "exchange", label: "Players needed for President and Scum" },
  vice_roles_min_players: { group: "exchange", label: "Players needed for Vice-President and High-Scum" },
  role_titles: { group: "exchange", label: "Role names: first, second, others, second-last, last" },
  // Ending and scoring
  penalize_final_two: { group: "ending", label: "Going out on a 2 gets the worst place left" },
  penalize_final_joker: { group: "ending", label: "Going out on a joker gets the worst place left" },
  penalize_final_best: { group: "ending", label: "Going out on the best rank gets the worst place left" },
  penalize_final_eight: { group: "ending", label: "Going out on an 8 gets the worst place left" },
  downfall: { group: "ending", label: "Downfall: a President who is not first becomes last" },
  scoring: {
    group: "ending", label: "Scoring",
    choices: {
      beaten: "A point per player beaten",
      credit: "Credit: start with some, lose it by role",
      places: "A point per player beaten, and one more (5 to 1 with five)",
    },
  },
  target_score: { group: "ending", label: "The match ends at this score (0: no target)" },
  rounds: { group: "ending", label: "Rounds in the match (0: no limit)" },
  credit_start: { group: "ending", label: "Starting credit" },
  credit_changes: { group: "ending", label: "Credit change: President, Vice, Neutral, High-Scum, Scum" },
  games: { group: "ending", label: "Games in the match" },
  battle_limit: { group: "ending", label: "Battles before a game is drawn" },
  // Table and timer
  turn_time: { group: "table", label: "Seconds per turn" },
  min_players: { group: "table", label: "Fewest players" },
  seat_shuffle: { group: "table", label: "Seats are drawn again every this many rounds (0: never)" },
  rank_reset: { group: "exchange", label: "Roles are cleared every this many rounds (0: never)" },
  max_players: { group: "table", label: "Most players" },
  teams: { group: "table", label: "Teams, like 2v2 (empty: each for themselves)" },
};

/** An option name in words when it has no label: "equalize_ends_trick" is "Equalize ends trick". */
function inWords(name) {
  const words = String(name).replaceAll("_", " ").replaceAll("-", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function optionLabel(name) {
  return OPTIONS[name]?.label ?? inWords(name);
}

/** Where an option comes in its group: the order of OPTIONS above, unknown options last. */
export function optionOrder(name) {
  const index = Object.keys(OPTIONS).indexOf(name);
  return index < 0 ? Infinity : index;
}

export function optionGroup(name) {
  return OPTIONS[name]?.group ?? "other";
}

export function choiceLabel(name, choice) {
  return OPTIONS[name]?.choices?.[choice] ?? inWords(choice);
}

/** A value as the form shows it, for "preset: …" marks. */
export function valueLabel(spec, value) {
  if (spec.kind === "bool") return value ? "yes" : "no";
  if (spec.kind === "choice" || spec.kind === "card") return choiceLabel(spec.name, value);
  if (Array.isArray(value)) return value.join(", ");
  return value === null || value === undefined || value === "" ? "none" : String(value);
}

// Bots by strength, and what each does; the names stay the server's.
export const BOT_STRENGTH = {
  random: "beginner", auto: "beginner", heuristic: "solid", ismcts: "strong — searches", learned: "strong — learned",
};
export const BOT_PLAY = {
  random: "plays any legal move",
  auto: "plays its lowest cards, as the timer does",
  heuristic: "keeps its strong cards to win the lead back",
  ismcts: "tries each move on many possible deals",
  learned: "a network trained by self-play on bga at 4 players; elsewhere it plays as the solid bot",
};

/** One sentence on the bots a game offers. */
export function botsSentence(names) {
  return names.map((name) => `${name} is ${BOT_STRENGTH[name] ?? "a bot"}${BOT_PLAY[name] ? ` (${BOT_PLAY[name]})` : ""}`)
    .join("; ") + ".";
}

export function botLabel(name) {
  const strength = BOT_STRENGTH[name];
  return strength ? `${name} bot (${strength})` : `${name} bot`;
}
