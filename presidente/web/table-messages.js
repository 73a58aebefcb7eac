// @ts-check
// The table's words for what happened: each event type (docs/protocol.md) to its sentence, and each refusal code
// (docs/errors.md) the page words itself, in the page's language. `MESSAGES` keeps one entry per sentence
// ("log.play", "refusal.does_not_beat"), each naming its catalog message with the id written out
// (locales/*.ftl: "log-play", "refusal-does-not-beat"; tests/test_locales.py and tests/test_table_messages.py
// find them there). Cards come as the engine writes them ("7H", "JK=9") and are shown with their suits' symbols
// (`cardsLine`); seats by their names at the time.
import { seatName } from "./game-words.js";
import { t } from "./i18n.js";
import { listWords } from "./table-words.js";

/** @typedef {import("./table-types.js").TableEvent} TableEvent */
/** @typedef {(fields: Record<string, any>) => string} Message */

/** @type {Record<string, Message>} */
export const MESSAGES = {
  "log.deal": ({ sizes }) => t("log-deal", { sizes }),
  "log.deal.size": ({ who, count }) => t("log-deal-size", { who, count }),
  "log.give": ({ who, cards, to }) => t("log-give", { who, cards, to }),
  "log.give.hidden": ({ who, count, to }) => t("log-give-hidden", { who, count, to }),
  "log.discard": ({ who, cards }) => t("log-discard", { who, cards }),
  "log.play_discard": ({ who, cards }) => t("log-play-discard", { who, cards }),
  "log.draft_place": ({ who, cards }) => t("log-draft-place", { who, cards }),
  "log.draft_place.hidden": ({ who, count }) => t("log-draft-place-hidden", { who, count }),
  "log.draft_reveal": ({ cards }) => t("log-draft-reveal", { cards }),
  "log.draft_take": ({ who, cards }) => t("log-draft-take", { who, cards }),
  "log.play": ({ who, play }) => t("log-play", { who, play }),
  "log.revolution.on": ({ who }) => t("log-revolution-on", { who }),
  "log.revolution.off": () => t("log-revolution-off"),
  "log.lock": ({ who, play }) => t("log-lock", { who, play }),
  "log.pass_limit": ({ passes }) => t("log-pass-limit", { passes }),
  "log.number_lock": ({ who }) => t("log-number-lock", { who }),
  "log.jack_back.on": ({ who }) => t("log-jack-back-on", { who }),
  "log.jack_back.again": ({ who }) => t("log-jack-back-again", { who }),
  "log.jack_back.end": () => t("log-jack-back-end"),
  "log.turn_order.clockwise": ({ who }) => t("log-turn-order-clockwise", { who }),
  "log.turn_order.counter": ({ who }) => t("log-turn-order-counter", { who }),
  "log.finish": ({ who, place }) => t("log-finish", { who, place }),
  "log.penalized": ({ who, play }) => t("log-penalized", { who, play }),
  "log.downfall": ({ who }) => t("log-downfall", { who }),
  "log.pass": ({ who }) => t("log-pass", { who }),
  "log.skip": ({ who }) => t("log-skip", { who }),
  "log.skipped": ({ who }) => t("log-skipped", { who }),
  "log.trick_end": ({ who }) => t("log-trick-end", { who }),
  "log.trick_end.rule": ({ who, rule }) => t("log-trick-end-rule", { who, rule }),
  "log.table_clears": ({ who }) => t("log-table-clears", { who }),
  "log.round_end": ({ round, order }) => t("log-round-end", { round, order }),
  "log.leave": ({ who }) => t("log-leave", { who }),
  "log.join": ({ who }) => t("log-join", { who }),
  "log.sit": ({ name, seat }) => t("log-sit", { name, seat: seat + 1 }),
  "log.game_start": () => t("log-game-start"),
  "log.ready": ({ who }) => t("log-ready", { who }),
  "log.next_round": () => t("log-next-round"),
  "log.away": ({ who }) => t("log-away", { who }),
  "log.back": ({ who }) => t("log-back", { who }),
  "log.rename": ({ old, name }) => t("log-rename", { old, name }),
  "log.paused.no_legal_move": ({ who }) => t("log-paused-no-legal-move", { who }),
  "log.notice": ({ message }) => message,
  "log.match_end": ({ winners, count }) => t("log-match-end", { winners, count }),
  "log.attack": ({ who, cards }) => t("log-attack", { who, cards }),
  "log.throw_in": ({ who, cards }) => t("log-throw-in", { who, cards }),
  "log.beat": ({ who, cards }) => t("log-beat", { who, cards }),
  "log.concede": ({ who }) => t("log-concede", { who }),
  "log.pick_up": ({ who }) => t("log-pick-up", { who }),
  "log.battle_start": ({ battle, attacker, defender }) => t("log-battle-start", { battle, attacker, defender }),
  "log.game_end.won": ({ game, who }) => t("log-game-end-won", { game, who }),
  "log.game_end.draw": ({ game }) => t("log-game-end-draw", { game }),
  "log.timed.automatic": ({ text }) => t("log-timed-automatic", { text }),
  "log.timed.staged": ({ text }) => t("log-timed-staged", { text }),
  "trick.end.play": ({ play, cards }) => t("trick-end-play", { play, cards }),
  "trick.end.rule": ({ play, cards, rule }) => t("trick-end-rule", { play, cards, rule }),
  "trick.end.revolution": () => t("trick-end-revolution"),
  "trick.end.passes": () => t("trick-end-passes"),
  "trick.end.skips": () => t("trick-end-skips"),
  // The rules that end a trick with a play (the engine's causes, TrickEndCause), by name.
  "trick.rule.trump_jokers": () => t("trick-rule-trump-jokers"),
  "trick.rule.eight": () => t("trick-rule-eight"),
  "trick.rule.best_rank": () => t("trick-rule-best-rank"),
  "trick.rule.spade_three": () => t("trick-rule-spade-three"),
  "trick.rule.eight_cut": () => t("trick-rule-eight-cut"),
  "trick.rule.four_in_a_row": () => t("trick-rule-four-in-a-row"),
  "trick.rule.equalize": () => t("trick-rule-equalize"),
  "trick.rule.revolution": () => t("trick-rule-revolution"),
  "trick.rule.skips": () => t("trick-rule-skips"),
  // Why a move is refused: every code a player can meet at a table (docs/errors.md, the engines' `CODES`; the
  // table's own, docs/protocol.md), each with the parameters the engine sends (`play`, `top` and `card` come said
  // as plays, "two 9s"; `cards`, `action` and `instead` with their cards shown). The codes of options and presets
  // are the lobby's, not the table's (presidente/server/refusals.py, NOT_AT_A_TABLE); tests/test_table_messages.py
  // checks that every other code has its message here. A code with no message is shown with the engine's English message.
  // Reading cards and actions (cards.py, president/actions.py): the page writes its moves itself, so these
  // come only from a move the page did not make.
  "refusal.not_a_rank": ({ text }) => t("refusal-not-a-rank", { text }),
  "refusal.not_a_card": ({ text }) => t("refusal-not-a-card", { text }),
  "refusal.bad_repeat_count": ({ text }) => t("refusal-bad-repeat-count", { text }),
  "refusal.no_cards": () => t("refusal-no-cards"),
  "refusal.play_without_cards": () => t("refusal-play-without-cards"),
  "refusal.name_each_joker": () => t("refusal-name-each-joker"),
  "refusal.joker_names_held_card": () => t("refusal-joker-names-held-card"),
  "refusal.sequence_declares_rank": () => t("refusal-sequence-declares-rank"),
  "refusal.rank_declared_beside_cards": () => t("refusal-rank-declared-beside-cards"),
  "refusal.empty_play": () => t("refusal-empty-play"),
  "refusal.only_jokers_stand_in": ({ name }) => t("refusal-only-jokers-stand-in", { name }),
  "refusal.jokers_missing_before_equals": () => t("refusal-jokers-missing-before-equals"),
  "refusal.rank_missing_after_equals": () => t("refusal-rank-missing-after-equals"),
  "refusal.jokers_alone_name_no_card": () => t("refusal-jokers-alone-name-no-card"),
  "refusal.not_one_rank": () => t("refusal-not-one-rank"),
  "refusal.sequence_joker_unnamed": () => t("refusal-sequence-joker-unnamed"),
  "refusal.joker_card_needs_sequence": () => t("refusal-joker-card-needs-sequence"),
  "refusal.joker_stands_for_joker": () => t("refusal-joker-stands-for-joker"),
  "refusal.sequence_not_one_suit": () => t("refusal-sequence-not-one-suit"),
  "refusal.sequence_not_consecutive": () => t("refusal-sequence-not-consecutive"),
  "refusal.empty_action": () => t("refusal-empty-action"),
  "refusal.pass_alone": () => t("refusal-pass-alone"),
  "refusal.verb_needs_cards": ({ verb }) => t("refusal-verb-needs-cards", { verb }),
  "refusal.verb_needs_seat": ({ verb }) => t("refusal-verb-needs-seat", { verb }),
  // A play the rules refuse now (president/trick.py).
  "refusal.special_three_first": () => t("refusal-special-three-first"),
  "refusal.sequence_trick": ({ size }) => t("refusal-sequence-trick", { size }),
  "refusal.wrong_size": ({ size }) => t("refusal-wrong-size", { size }),
  "refusal.number_locked": ({ rank }) => t("refusal-number-locked", { rank }),
  "refusal.number_locked_at_top": () => t("refusal-number-locked-at-top"),
  "refusal.must_equal": ({ top }) => t("refusal-must-equal", { top }),
  "refusal.does_not_beat": ({ play, top }) => t("refusal-does-not-beat", { play, top }),
  "refusal.no_sequences": () => t("refusal-no-sequences"),
  "refusal.sequence_too_short": ({ min }) => t("refusal-sequence-too-short", { min }),
  "refusal.joker_below_three": () => t("refusal-joker-below-three"),
  "refusal.joker_above_two": () => t("refusal-joker-above-two"),
  "refusal.two_three_not_connected": () => t("refusal-two-three-not-connected"),
  "refusal.joker_too_far": () => t("refusal-joker-too-far"),
  "refusal.sequence_answers_sequence": () => t("refusal-sequence-answers-sequence"),
  "refusal.wrong_sequence_size": ({ size }) => t("refusal-wrong-sequence-size", { size }),
  "refusal.sequence_not_above": ({ top }) => t("refusal-sequence-not-above", { top }),
  "refusal.no_equal_plays": () => t("refusal-no-equal-plays"),
  "refusal.lone_joker_not_equalled": () => t("refusal-lone-joker-not-equalled"),
  "refusal.best_not_equalled": () => t("refusal-best-not-equalled"),
  "refusal.only_scum_equalizes": () => t("refusal-only-scum-equalizes"),
  "refusal.owed_first": ({ verb, count }) => t("refusal-owed-first", { verb, count }),
  "refusal.not_held": ({ cards, count }) => t("refusal-not-held", { cards, count }),
  "refusal.trump_jokers_alone": () => t("refusal-trump-jokers-alone"),
  "refusal.declare_joker_rank": () => t("refusal-declare-joker-rank"),
  "refusal.jokers_declare_no_rank": () => t("refusal-jokers-declare-no-rank"),
  "refusal.jokers_name_no_card": ({ instead }) => t("refusal-jokers-name-no-card", { instead }),
  "refusal.name_each_joker_card": () => t("refusal-name-each-joker-card"),
  "refusal.suit_locked": ({ suits }) => t("refusal-suit-locked", { suits }),
  // Moves out of turn or out of phase, the card exchange, the draft, seats (president/state.py).
  "refusal.match_over": () => t("refusal-match-over"),
  "refusal.waiting_for_players": () => t("refusal-waiting-for-players"),
  "refusal.not_your_turn": () => t("refusal-not-your-turn"),
  "refusal.not_your_seat": () => t("refusal-not-your-seat"),
  "refusal.lead_cannot_pass": () => t("refusal-lead-cannot-pass"),
  "refusal.not_a_play_move": ({ action }) => t("refusal-not-a-play-move", { action }),
  "refusal.must_give_now": () => t("refusal-must-give-now"),
  "refusal.must_place_now": () => t("refusal-must-place-now"),
  "refusal.must_take_now": () => t("refusal-must-take-now"),
  "refusal.no_one_to_move": () => t("refusal-no-one-to-move"),
  "refusal.owed_one_at_a_time": ({ verb, count }) => t("refusal-owed-one-at-a-time", { verb, count }),
  "refusal.give_count": ({ count, size }) => t("refusal-give-count", { count, size }),
  "refusal.take_count": ({ count, size }) => t("refusal-take-count", { count, size }),
  "refusal.not_in_draft_pool": ({ cards }) => t("refusal-not-in-draft-pool", { cards }),
  "refusal.no_such_seat": ({ seat, last }) => t("refusal-no-such-seat", { seat, last }),
  "refusal.seat_taken": ({ seat }) => t("refusal-seat-taken", { seat }),
  "refusal.seat_empty": ({ seat }) => t("refusal-seat-empty", { seat }),
  // El Presidente (elpresidente/actions.py, elpresidente/state.py).
  "refusal.attack_without_cards": () => t("refusal-attack-without-cards"),
  "refusal.name_the_cards": () => t("refusal-name-the-cards"),
  "refusal.no_jokers": () => t("refusal-no-jokers"),
  "refusal.card_twice": () => t("refusal-card-twice"),
  "refusal.not_an_el_presidente_action": ({ text }) => t("refusal-not-an-el-presidente-action", { text }),
  "refusal.beat_one_card": () => t("refusal-beat-one-card"),
  "refusal.no_seat_at_table": ({ seat, players }) => t("refusal-no-seat-at-table", { seat, players }),
  "refusal.not_your_turn_to_act": () => t("refusal-not-your-turn-to-act"),
  "refusal.attack_expected": () => t("refusal-attack-expected"),
  "refusal.throw_in_expected": () => t("refusal-throw-in-expected"),
  "refusal.beat_expected": () => t("refusal-beat-expected"),
  "refusal.pick_up_expected": () => t("refusal-pick-up-expected"),
  "refusal.attack_not_one_rank": () => t("refusal-attack-not-one-rank"),
  "refusal.throw_in_wrong_rank": ({ rank }) => t("refusal-throw-in-wrong-rank", { rank }),
  "refusal.card_does_not_beat": ({ card, top }) => t("refusal-card-does-not-beat", { card, top }),
  // The table's own (presidente/server/refusals.py, docs/protocol.md).
  "refusal.private_table": () => t("refusal-private-table"),
  "refusal.hello_first": () => t("refusal-hello-first"),
  "refusal.hello_again": () => t("refusal-hello-again"),
  "refusal.watch_only": () => t("refusal-watch-only"),
  "refusal.not_seated": () => t("refusal-not-seated"),
  "refusal.moves_for_own_seat": ({ seat, asked }) => t("refusal-moves-for-own-seat", { seat, asked }),
  "refusal.not_started": () => t("refusal-not-started"),
  "refusal.between_rounds": () => t("refusal-between-rounds"),
  "refusal.no_hint_now": () => t("refusal-no-hint-now"),
  "refusal.hint_not_your_turn": () => t("refusal-hint-not-your-turn"),
  "refusal.nothing_to_be_ready_for": () => t("refusal-nothing-to-be-ready-for"),
  "refusal.already_seated": ({ seat }) => t("refusal-already-seated", { seat }),
  "refusal.table_full": () => t("refusal-table-full"),
  "refusal.empty_chat": () => t("refusal-empty-chat"),
  "refusal.chat_too_fast": () => t("refusal-chat-too-fast"),
  "refusal.resync_ahead": ({ seq, last }) => t("refusal-resync-ahead", { seq, last }),
  "refusal.leave_with_button": () => t("refusal-leave-with-button"),
  "refusal.no_leave_move": () => t("refusal-no-leave-move"),
  "refusal.no_join_move": () => t("refusal-no-join-move"),
  "refusal.rematch_not_over": () => t("refusal-rematch-not-over"),
  "refusal.rematch_settled": () => t("refusal-rematch-settled"),
  "refusal.rematch_creator_only": () => t("refusal-rematch-creator-only"),
  // The websocket's own (refusals.WEBSOCKET_CODES): those also met over HTTP in the words the lobby uses.
  "refusal.too_many_connections": () => t("refusal-too-many-connections"),
  "refusal.binary_frame": () => t("refusal-binary-frame"),
  "refusal.bad_message": ({ reason }) => t("refusal-bad-message", { reason }),
  "refusal.too_many_messages": () => t("refusal-too-many-messages"),
  "refusal.flooded": () => t("refusal-flooded"),
  "refusal.hello_flooded": () => t("refusal-hello-flooded"),
  "refusal.unknown_token": () => t("error-unknown-token"),
  "refusal.device_revoked": () => t("error-device-revoked"),
  "refusal.storage_failing": () => t("error-storage-failing"),
  "refusal.redis_unreachable": () => t("error-redis-unreachable"),
  "refusal.no_such_table": () => t("error-no-such-table"),
  "refusal.game_over": ({ table }) => t("error-game-over", { table }),
  "refusal.table_damaged": () => t("error-table-damaged"),
  "refusal.table_expired": () => t("error-table-expired"),
};

/** The words of message `id` with `fields`. */
export function say(id, fields = {}) {
  const message = MESSAGES[id];
  if (!message) throw new Error(`No message ${id}`);
  return message(fields);
}

// A card as the engine writes it in a play or a group: "7H", "10Sx3" (three copies), "JK", "JK=9" (a joker
// standing for a 9), "JK=KH", "JK=<3S" (past a sequence's end), "JKx2=7" (jokers alone declared as sevens).
const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const CARD = /^(JK|(?:10|[2-9JQKA])[CDHS])(?:x(\d+))?(?:=([<>]?)((?:10|[2-9JQKA])[CDHS]?))?$/;

/** A card with its suit's symbol: "7♥", "K♠". */
function shown(text) {
  return `${text.slice(0, -1)}${SUIT_SYMBOLS[text.slice(-1)] ?? ""}`;
}

/**
 * A play's or a group's cards as people read them, in the page's language: "7♥ 7♦", "3♣×5 10♦", "2 jokers as 9",
 * "joker below 3♠, 3♠, 4♠" (cards parted by commas where a joker stands for something).
 * @param {string} line the engine's text, "JK JK=9", "7H 7D"
 */
export function cardsLine(line) {
  const words = [];
  for (const word of line.split(" ").filter(Boolean)) {
    // Jokers side by side are one group: "JK JK=9" reads as two jokers as nines.
    const last = words.length ? /^JK(?:x(\d+))?$/.exec(words[words.length - 1]) : null;
    const joker = /^JK(?:x(\d+))?((?:=(?:10|[2-9JQKA]))?)$/.exec(word);
    if (last && joker) words[words.length - 1] = `JKx${Number(last[1] ?? 1) + Number(joker[1] ?? 1)}${joker[2]}`;
    else words.push(word);
  }
  const cards = words.map((word) => CARD.exec(word));
  const commas = cards.some((card) => card?.[4]);
  return words.map((word, index) => {
    const card = cards[index];
    if (!card) return word;
    const [, text, copies, side, standsFor] = card;
    let read = text === "JK" ? t("log-card-jokers", { count: Number(copies ?? 1) }) : copies ? `${shown(text)}×${copies}` : shown(text);
    if (standsFor) {
      const what = /[CDHS]$/.test(standsFor) ? shown(standsFor) : standsFor;
      if (side === "<") read = t("log-card-joker-below", { jokers: read, card: what });
      else if (side === ">") read = t("log-card-joker-above", { jokers: read, card: what });
      else read = t("log-card-joker-as", { jokers: read, card: what });
    }
    return read;
  }).join(commas ? t("log-card-comma") : " ");
}

/** A group of cards ([["7H", 2], ...]) or a list of card texts, as people read them ("7♥×2"). */
export function cardsText(cards) {
  return cardsLine(cards.map((card) => (Array.isArray(card) ? (card[1] > 1 ? `${card[0]}x${card[1]}` : card[0]) : card)).join(" "));
}

/**
 * One event in words, seats named by `names` (the names when it happened); null for an event the log does not
 * show (connection notices are said, not kept).
 * @param {TableEvent} event
 * @param {string[]} names
 * @returns {string}
 */
export function eventWords(event, names) {
  const who = (/** @type {number | null | undefined} */ seat) =>
    seat === null || seat === undefined ? "" : names[seat] === undefined ? t("log-seat", { seat }) : seatName(names[seat]);
  const text = plainWords(event, who);
  return "timed" in event && event.timed ? say(`log.timed.${event.timed}`, { text }) : text;
}

/**
 * @param {TableEvent} event
 * @param {(seat: number | null | undefined) => string} who
 * @returns {string}
 */
function plainWords(event, who) {
  switch (event.type) {
    case "deal":
      return say("log.deal", { sizes: event.sizes.map((count, seat) => (count ? say("log.deal.size", { who: who(seat), count }) : "")).filter(Boolean).join(t("list-separator")) });
    case "give":
      return event.cards
        ? say("log.give", { who: who(event.seat), cards: cardsText(event.cards), to: who(event.to) })
        : say("log.give.hidden", { who: who(event.seat), count: event.count, to: who(event.to) });
    case "discard": return say("log.discard", { who: who(event.seat), cards: cardsText(event.cards) });
    case "play_discard": return say("log.play_discard", { who: who(event.seat), cards: cardsText(event.cards) });
    case "draft_place":
      return event.cards
        ? say("log.draft_place", { who: who(event.seat), cards: cardsText(event.cards) })
        : say("log.draft_place.hidden", { who: who(event.seat), count: event.count });
    case "draft_reveal": return say("log.draft_reveal", { cards: cardsText(event.cards) });
    case "draft_take": return say("log.draft_take", { who: who(event.seat), cards: cardsText(event.cards) });
    case "play": return say("log.play", { who: who(event.seat), play: cardsLine(event.play) });
    case "revolution": return event.reversed ? say("log.revolution.on", { who: who(event.seat) }) : say("log.revolution.off");
    case "lock": return say("log.lock", { who: who(event.seat), play: cardsLine(event.play) });
    case "pass_limit": return say("log.pass_limit", { passes: event.passes });
    case "number_lock": return say("log.number_lock", { who: who(event.seat) });
    case "jack_back":
      if (event.seat === null) return say("log.jack_back.end");
      return say(event.on ? "log.jack_back.on" : "log.jack_back.again", { who: who(event.seat) });
    case "turn_order": return say(event.clockwise ? "log.turn_order.clockwise" : "log.turn_order.counter", { who: who(event.seat) });
    case "finish": return say("log.finish", { who: who(event.seat), place: event.place });
    case "penalized": return say("log.penalized", { who: who(event.seat), play: cardsLine(event.play) });
    case "downfall": return say("log.downfall", { who: who(event.seat) });
    case "pass": return say("log.pass", { who: who(event.seat) });
    case "skip": return say("log.skip", { who: who(event.seat) });
    case "skipped": return say("log.skipped", { who: who(event.seat) });
    case "trick_end":
      return event.cause && event.cause !== "passes"
        ? say("log.trick_end.rule", { who: who(event.seat), rule: say(`trick.rule.${event.cause}`) })
        : say("log.trick_end", { who: who(event.seat) });
    case "table_clears": return say("log.table_clears", { who: who(event.seat) });
    case "round_end": return say("log.round_end", { round: event.round, order: listWords(event.order.map(who)) });
    case "leave": return say("log.leave", { who: who(event.seat) });
    case "join": return say("log.join", { who: who(event.seat) });
    case "sit": return say("log.sit", { name: event.name, seat: event.seat });
    case "game_start": return say("log.game_start");
    case "ready": return say("log.ready", { who: who(event.seat) });
    case "next_round": return say("log.next_round");
    case "away": return say("log.away", { who: who(event.seat) });
    case "back": return say("log.back", { who: who(event.seat) });
    case "rename": return say("log.rename", { old: event.old, name: event.new });
    case "paused": return event.reason === "no_legal_move" ? say("log.paused.no_legal_move", { who: who(event.seat) }) : say("log.notice", { message: "" });
    case "notice": return say("log.notice", { message: event.message });
    case "match_end": return say("log.match_end", { winners: listWords(event.winners.map(who)), count: event.winners.length });
    case "attack": return say("log.attack", { who: who(event.seat), cards: cardsText(event.cards) });
    case "throw_in": return say("log.throw_in", { who: who(event.seat), cards: cardsText(event.cards) });
    case "beat": return say("log.beat", { who: who(event.seat), cards: cardsText(event.cards) });
    case "concede": return say("log.concede", { who: who(event.seat) });
    case "pick_up": return say("log.pick_up", { who: who(event.seat) });
    case "battle_start": return say("log.battle_start", { battle: event.battle, attacker: who(event.attacker), defender: who(event.defender) });
    case "game_end":
      return event.winner === null ? say("log.game_end.draw", { game: event.game + 1 }) : say("log.game_end.won", { game: event.game + 1, who: who(event.winner) });
    default:
      throw new Error(`Unknown event type ${/** @type {any} */ (event).type}`);
  }
}

/**
 * A refusal in words: the page's own message for the code, else the engine's English message.
 * @param {{code: string | null, params: Record<string, any>, message?: string}} refusal
 * @param {(play: string) => string} playWords how a play's text is said ("two 9s")
 */
export function refusalWords(refusal, playWords) {
  if (!refusal.code) return "";
  const id = `refusal.${refusal.code}`;
  if (!MESSAGES[id]) return refusal.message ?? "";
  const params = { ...refusal.params };
  for (const key of ["play", "top", "card"]) if (typeof params[key] === "string") params[key] = playWords(params[key]);
  for (const key of ["cards", "action", "instead"]) if (typeof params[key] === "string") params[key] = cardsLine(params[key]);
  const text = say(id, params);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
