// @ts-check
// The table's words for what happened: each event type (docs/protocol.md) to its sentence, and each refusal code
// (docs/errors.md) the page words itself. English for now, one message id per sentence ("log.play", "refusal.
// does_not_beat"), so that a catalog per language can replace `MESSAGES` (presidente/web/i18n.js). Cards come as
// the engine writes them ("7H", "JK=9") and are shown by `readableCards`; seats by their names at the time.
import { readableCards } from "./cards.js";

/** @typedef {import("./table-types.js").TableEvent} TableEvent */
/** @typedef {(fields: Record<string, any>) => string} Message */

/** @type {Record<string, Message>} */
export const MESSAGES = {
  "log.deal": ({ sizes }) => `Cards are dealt: ${sizes}.`,
  "log.deal.size": ({ who, count }) => `${who} ${count}`,
  "log.give": ({ who, cards, to }) => `${who} gives ${cards} to ${to}.`,
  "log.give.hidden": ({ who, count, to }) => `${who} gives ${cardCount(count)} to ${to}.`,
  "log.discard": ({ who, cards }) => `${who} discards ${cards} (the receiver left).`,
  "log.play_discard": ({ who, cards }) => `${who} discards ${cards} face up.`,
  "log.draft_place": ({ who, cards }) => `${who} puts ${cards} face down.`,
  "log.draft_place.hidden": ({ who, count }) => `${who} puts ${cardCount(count)} face down.`,
  "log.draft_reveal": ({ cards }) => `The draft cards are turned face up: ${cards}.`,
  "log.draft_take": ({ who, cards }) => `${who} takes ${cards}.`,
  "log.play": ({ who, play }) => `${who} plays ${play}.`,
  "log.revolution.on": ({ who }) => `${who}: revolution! The order is reversed.`,
  "log.revolution.off": () => "The order is back to normal.",
  "log.lock": ({ who, play }) => `${who} locks the trick: later plays keep the suits of ${play}.`,
  "log.pass_limit": ({ passes }) => `${passes} passes in a row: the players still in get random places.`,
  "log.number_lock": ({ who }) => `${who} locks the numbers: each later play of the trick must be one rank above the last.`,
  "log.jack_back.on": ({ who }) => `${who}: jack back! The order is reversed until the trick ends.`,
  "log.jack_back.again": ({ who }) => `${who}: jack back again, the order turns back.`,
  "log.jack_back.end": () => "The trick is over: the jack back ends.",
  "log.turn_order.clockwise": ({ who }) => `${who} reverses the turn order: it goes clockwise now.`,
  "log.turn_order.counter": ({ who }) => `${who} reverses the turn order: it goes counter-clockwise now.`,
  "log.finish": ({ who, place }) => `${who} goes out, place ${place}.`,
  "log.penalized": ({ who, play }) => `${who} goes out with ${play}: an illegal finish, ranked lowest.`,
  "log.downfall": ({ who }) => `${who} did not finish first: downfall, ranked last.`,
  "log.pass": ({ who }) => `${who} passes.`,
  "log.skip": ({ who }) => `${who} skips a turn.`,
  "log.skipped": ({ who }) => `${who} is skipped.`,
  "log.trick_end": ({ who }) => `${who} wins the trick.`,
  "log.trick_end.rule": ({ who, rule }) => `${who} wins the trick (${rule}).`,
  "log.table_clears": ({ who }) => `Everyone passed on the empty table: ${who} leads again.`,
  "log.round_end": ({ round, order }) => `Round ${round} over. Order: ${order}.`,
  "log.leave": ({ who }) => `${who} leaves the table.`,
  "log.join": ({ who }) => `${who} joins and waits for the next round.`,
  "log.sit": ({ name, seat }) => `${name} sits at seat ${seat}.`,
  "log.game_start": () => "Every seat is taken: the game starts.",
  "log.ready": ({ who }) => `${who} is ready.`,
  "log.next_round": () => "The next round starts.",
  "log.away": ({ who }) => `${who} lost the connection.`,
  "log.back": ({ who }) => `${who} is back.`,
  "log.rename": ({ old, name }) => `${old} is now called ${name}.`,
  "log.paused.no_legal_move": ({ who }) => `No legal move for ${who}: the table is paused.`,
  "log.notice": ({ message }) => message,
  "log.match_end": ({ winners }) => `The match is over: ${winners} ${winners.includes(" and ") ? "win" : "wins"}.`,
  "log.attack": ({ who, cards }) => `${who} attacks with ${cards}.`,
  "log.throw_in": ({ who, cards }) => `${who} throws in ${cards}.`,
  "log.beat": ({ who, cards }) => `${who} beats with ${cards}.`,
  "log.concede": ({ who }) => `${who} concedes and takes the battle pile.`,
  "log.pick_up": ({ who }) => `${who} picks up the battle pile.`,
  "log.battle_start": ({ battle, attacker, defender }) => `Battle ${battle}: ${attacker} attacks ${defender}.`,
  "log.game_end.won": ({ game, who }) => `Game ${game} over: ${who} wins.`,
  "log.game_end.draw": ({ game }) => `Game ${game} over: a draw.`,
  "log.timed.automatic": ({ text }) => `${text} (automatic)`,
  "log.timed.staged": ({ text }) => `${text} (staged)`,
  "trick.end.play": ({ play, cards }) => `${play} ${cards === 1 ? "ends" : "end"} it`,
  "trick.end.rule": ({ play, cards, rule }) => `${play} ${cards === 1 ? "ends" : "end"} it (${rule})`,
  "trick.end.revolution": () => "the revolution ends it",
  "trick.end.passes": () => "everyone else passed",
  "trick.end.skips": () => "a skip brought the turn back",
  // The rules that end a trick with a play (the engine's causes, TrickEndCause), by name.
  "trick.rule.trump_jokers": () => "trump jokers",
  "trick.rule.eight": () => "8-rule",
  "trick.rule.best_rank": () => "the best rank ends the trick",
  "trick.rule.spade_three": () => "spade-3 return",
  "trick.rule.eight_cut": () => "8 cut",
  "trick.rule.four_in_a_row": () => "four in a row",
  "trick.rule.equalize": () => "an equal play ends the trick",
  "trick.rule.revolution": () => "a revolution ends the trick",
  "trick.rule.skips": () => "a skip brought the turn back",
  "list.and": ({ items }) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`),
  // Why a move is refused: every code a player can meet at a table (docs/errors.md, the engines' `CODES`; the
  // table's own, docs/protocol.md), each with the parameters the engine sends (`play`, `top` and `card` come said
  // as plays, "two 9s"; `cards`, `action` and `instead` with their cards shown). The codes of options and presets
  // are the lobby's, not the table's (presidente/server/refusals.py, NOT_AT_A_TABLE); tests/test_table_messages.py
  // checks that every other code has its message here. A code with no message is shown with the engine's English message.
  // Reading cards and actions (cards.py, president/actions.py): the page writes its moves itself, so these
  // come only from a move the page did not make.
  "refusal.not_a_rank": ({ text }) => `${text} is not a rank: use A, 2-10, J, Q or K.`,
  "refusal.not_a_card": ({ text }) => `${text} is not a card.`,
  "refusal.bad_repeat_count": ({ text }) => `${text}: a repeat count must be a positive number.`,
  "refusal.no_cards": () => "Choose some cards first.",
  "refusal.play_without_cards": () => "A play needs at least one card.",
  "refusal.name_each_joker": () => "Say which card each joker stands for.",
  "refusal.joker_names_held_card": () => "A joker stands for a card the play does not hold already.",
  "refusal.sequence_declares_rank": () => "In a sequence each joker stands for a card, not a rank.",
  "refusal.rank_declared_beside_cards": () => "Only jokers played alone can stand for a rank.",
  "refusal.empty_play": () => "Choose the cards to play.",
  "refusal.only_jokers_stand_in": ({ name }) => `Only a joker stands for a card, not ${name}.`,
  "refusal.jokers_missing_before_equals": () => "Only jokers stand for a rank.",
  "refusal.rank_missing_after_equals": () => "Say which rank the jokers stand for.",
  "refusal.jokers_alone_name_no_card": () => "Jokers played alone stand for a rank, not a card.",
  "refusal.not_one_rank": () => "A play is cards of one rank (jokers may join them).",
  "refusal.sequence_joker_unnamed": () => "In a sequence each joker stands for a card: say which.",
  "refusal.joker_card_needs_sequence": () => "A joker stands for a card only in a sequence with natural cards.",
  "refusal.joker_stands_for_joker": () => "A joker stands for a natural card, not another joker.",
  "refusal.sequence_not_one_suit": () => "A sequence is cards of one suit in a row (a joker may fill a gap).",
  "refusal.sequence_not_consecutive": () => "The ranks of a sequence follow each other (3 4 5).",
  "refusal.empty_action": () => "Choose cards to play, or pass.",
  "refusal.pass_alone": () => "A pass is a move of its own: choose no cards to pass.",
  "refusal.verb_needs_cards": ({ verb }) => `Choose the cards to ${verb}.`,
  "refusal.verb_needs_seat": ({ verb }) => `Say which seat to ${verb}.`,
  // A play the rules refuse now (president/trick.py).
  "refusal.special_three_first": () => "The first trick starts with the special 3: lead a play that includes it.",
  "refusal.sequence_trick": ({ size }) => `This trick is played with sequences of ${size} cards: play a sequence, or pass.`,
  "refusal.wrong_size": ({ size }) => `This trick is played with ${cardCount(size)}.`,
  "refusal.number_locked": ({ rank }) => `The trick is number-locked: play ${rank} (one rank above the last play), or pass.`,
  "refusal.number_locked_at_top": () => "The trick is number-locked and nothing is one rank above the last play: pass.",
  "refusal.must_equal": ({ top }) => `You must equal ${top}, or pass.`,
  "refusal.does_not_beat": ({ play, top }) => `Playing ${play} does not beat ${top}.`,
  "refusal.no_sequences": () => "Sequences are not played at this table: play cards of one rank.",
  "refusal.sequence_too_short": ({ min }) => `A sequence holds at least ${min} cards.`,
  "refusal.joker_below_three": () => "A joker does not stand below the 3 in a sequence at this table.",
  "refusal.joker_above_two": () => "A joker does not stand above the 2 in a sequence at this table.",
  "refusal.two_three_not_connected": () => "The 2 and the 3 do not connect in a sequence at this table.",
  "refusal.joker_too_far": () => "A joker extends a sequence by one card at most: below the 3 or above the 2.",
  "refusal.sequence_answers_sequence": () => "A sequence answers only a sequence: play cards of one rank, or pass.",
  "refusal.wrong_sequence_size": ({ size }) => `This trick is played with sequences of ${size} cards.`,
  "refusal.sequence_not_above": ({ top }) => `A sequence must be wholly above ${top} (every card above its highest): play higher, or pass.`,
  "refusal.no_equal_plays": () => "Equal plays are not allowed here: play higher, or pass.",
  "refusal.lone_joker_not_equalled": () => "A joker played alone cannot be equalled.",
  "refusal.best_not_equalled": () => "The best card cannot be equalled.",
  "refusal.only_scum_equalizes": () => "Only the Scum may equalize here.",
  "refusal.owed_first": ({ verb, count }) => `First ${verb} ${cardCount(count)}.`,
  "refusal.not_held": ({ cards, count }) => `You do not hold ${cards}${count === 1 ? "" : " that many times"}.`,
  "refusal.trump_jokers_alone": () => "Trump jokers are played on their own.",
  "refusal.declare_joker_rank": () => "Say which rank the jokers stand for.",
  "refusal.jokers_declare_no_rank": () => "Jokers alone do not stand for a rank in this game.",
  "refusal.jokers_name_no_card": ({ instead }) => `Jokers beside natural cards stand for no card at this table: play ${instead}.`,
  "refusal.name_each_joker_card": () => "Say which card each joker stands for.",
  "refusal.suit_locked": ({ suits }) => `The trick is locked to the suits ${suits}: play cards of those suits, or pass.`,
  // Moves out of turn or out of phase, the card exchange, the draft, seats (president/state.py).
  "refusal.match_over": () => "The match is over.",
  "refusal.waiting_for_players": () => "The table is waiting for players.",
  "refusal.not_your_turn": () => "It isn't your turn.",
  "refusal.not_your_seat": () => "You can only leave or join your own seat.",
  "refusal.lead_cannot_pass": () => "You lead this trick: you cannot pass when starting a trick.",
  "refusal.not_a_play_move": ({ action }) => `${action} is not a move during play: play cards or pass.`,
  "refusal.must_give_now": () => "Now you must choose cards to give.",
  "refusal.must_place_now": () => "Now you must choose cards to put face down for the draft.",
  "refusal.must_take_now": () => "Now you must choose cards to take from the draft.",
  "refusal.no_one_to_move": () => "No one is to move.",
  "refusal.owed_one_at_a_time": ({ verb, count }) => `First ${verb} ${cardCount(count)}, one at a time.`,
  "refusal.give_count": ({ count, size }) => `Give exactly ${cardCount(count)}, not ${size}.`,
  "refusal.take_count": ({ count, size }) => `Take exactly ${cardCount(count)}, not ${size}.`,
  "refusal.not_in_draft_pool": ({ cards }) => `${cards} is not in the draft pool.`,
  "refusal.no_such_seat": ({ seat, last }) => `There is no seat ${seat}: seats are 0 to ${last}.`,
  "refusal.seat_taken": ({ seat }) => `Seat ${seat} is taken.`,
  "refusal.seat_empty": ({ seat }) => `Seat ${seat} is empty.`,
  // El Presidente (elpresidente/actions.py, elpresidente/state.py).
  "refusal.attack_without_cards": () => "Play at least one card.",
  "refusal.name_the_cards": () => "Choose the cards to play.",
  "refusal.no_jokers": () => "El Presidente is played without jokers.",
  "refusal.card_twice": () => "A card appears twice: there is only one pack.",
  "refusal.not_an_el_presidente_action": ({ text }) => `${text} is not an El Presidente move.`,
  "refusal.beat_one_card": () => "The defender beats with exactly one card.",
  "refusal.no_seat_at_table": ({ seat, players }) => `There is no seat ${seat} at a table of ${players}.`,
  "refusal.not_your_turn_to_act": () => "It isn't your turn.",
  "refusal.attack_expected": () => "The attacker plays one card or several equal cards now.",
  "refusal.throw_in_expected": () => "Throw in cards equal in rank to the top card now, or pass.",
  "refusal.beat_expected": () => "The defender beats the top card with one card now, or concedes.",
  "refusal.pick_up_expected": () => "Take the battle pile now, or pass.",
  "refusal.attack_not_one_rank": () => "An attack is one card or several cards of the same rank.",
  "refusal.throw_in_wrong_rank": ({ rank }) => `Only cards of rank ${rank} can be thrown in now.`,
  "refusal.card_does_not_beat": ({ card, top }) => `${card} does not beat ${top}: play the same rank, or a higher card of the same suit.`,
  // The table's own (presidente/server/refusals.py, docs/protocol.md).
  "refusal.private_table": () => "This table is private: open it with its invite link.",
  "refusal.hello_first": () => "Say hello first.",
  "refusal.hello_again": () => "Already connected.",
  "refusal.watch_only": () => "Spectators without a player token can only watch.",
  "refusal.not_seated": () => "You are not seated at this table: take a seat first.",
  "refusal.moves_for_own_seat": ({ seat, asked }) => `You hold seat ${seat}, not seat ${asked}: you can only move for your own.`,
  "refusal.not_started": () => "The game has not started: waiting for every seat to be taken.",
  "refusal.between_rounds": () => "Between rounds: the next round starts when everyone is ready.",
  "refusal.no_hint_now": () => "There is no move to hint now.",
  "refusal.hint_not_your_turn": () => "A hint is for your turn: wait until it is yours.",
  "refusal.nothing_to_be_ready_for": () => "Nothing to be ready for: no round is about to start.",
  "refusal.already_seated": ({ seat }) => `You already hold seat ${seat}.`,
  "refusal.table_full": () => "Every seat is taken: you can watch.",
  "refusal.empty_chat": () => "Empty chat message.",
  "refusal.chat_too_fast": () => "Chat is limited to one message per second.",
  "refusal.resync_ahead": ({ seq, last }) => `This table has no event ${seq} yet (its last is ${last}).`,
  "refusal.leave_with_button": () => "Leave the table with the Leave button.",
  "refusal.no_leave_move": () => "El Presidente has no leave move: the seat plays automatic moves instead.",
  "refusal.no_join_move": () => "El Presidente has no join move: a new player takes over the seat.",
};

/** "1 card", "3 cards". */
function cardCount(count) {
  return `${count} card${count === 1 ? "" : "s"}`;
}

/** The words of message `id` with `fields`. */
export function say(id, fields = {}) {
  const message = MESSAGES[id];
  if (!message) throw new Error(`No message ${id}`);
  return message(fields);
}

/** A group of cards ([["7H", 2], ...]) or a list of card texts, as people read it ("7♥ 7♥"). */
function cardsText(cards) {
  const texts = cards.map((card) => (Array.isArray(card) ? (card[1] > 1 ? `${card[0]}x${card[1]}` : card[0]) : card));
  return readableCards(texts.join(" "));
}

/**
 * One event in words, seats named by `names` (the names when it happened); null for an event the log does not
 * show (connection notices are said, not kept).
 * @param {TableEvent} event
 * @param {string[]} names
 * @returns {string}
 */
export function eventWords(event, names) {
  const who = (/** @type {number | null | undefined} */ seat) => (seat === null || seat === undefined ? "" : names[seat] ?? `seat ${seat}`);
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
      return say("log.deal", { sizes: event.sizes.map((count, seat) => (count ? say("log.deal.size", { who: who(seat), count }) : "")).filter(Boolean).join(", ") });
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
    case "play": return say("log.play", { who: who(event.seat), play: readableCards(event.play) });
    case "revolution": return event.reversed ? say("log.revolution.on", { who: who(event.seat) }) : say("log.revolution.off");
    case "lock": return say("log.lock", { who: who(event.seat), play: readableCards(event.play) });
    case "pass_limit": return say("log.pass_limit", { passes: event.passes });
    case "number_lock": return say("log.number_lock", { who: who(event.seat) });
    case "jack_back":
      if (event.seat === null) return say("log.jack_back.end");
      return say(event.on ? "log.jack_back.on" : "log.jack_back.again", { who: who(event.seat) });
    case "turn_order": return say(event.clockwise ? "log.turn_order.clockwise" : "log.turn_order.counter", { who: who(event.seat) });
    case "finish": return say("log.finish", { who: who(event.seat), place: event.place });
    case "penalized": return say("log.penalized", { who: who(event.seat), play: readableCards(event.play) });
    case "downfall": return say("log.downfall", { who: who(event.seat) });
    case "pass": return say("log.pass", { who: who(event.seat) });
    case "skip": return say("log.skip", { who: who(event.seat) });
    case "skipped": return say("log.skipped", { who: who(event.seat) });
    case "trick_end":
      return event.cause && event.cause !== "passes"
        ? say("log.trick_end.rule", { who: who(event.seat), rule: say(`trick.rule.${event.cause}`) })
        : say("log.trick_end", { who: who(event.seat) });
    case "table_clears": return say("log.table_clears", { who: who(event.seat) });
    case "round_end": return say("log.round_end", { round: event.round, order: say("list.and", { items: event.order.map(who) }) });
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
    case "match_end": return say("log.match_end", { winners: say("list.and", { items: event.winners.map(who) }) });
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
  for (const key of ["cards", "action", "instead"]) if (typeof params[key] === "string") params[key] = readableCards(params[key]);
  const text = say(id, params);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
