// @ts-check
// The shapes the table page receives and keeps, as JSDoc types for `tsc --checkJs` (`make lint`): every event the
// server sends (docs/protocol.md, presidente/server/schema/server.json), a numbered entry of them, the view, and the
// page's own state (`table-state.js`). Types only: nothing here runs.

/** @typedef {[string, number][]} Cards a group of cards: [card text, copies] */
/** @typedef {"automatic" | "staged"} Timed */
/**
 * The rule that ended a trick (`TRICK_END_CAUSES`, presidente/president/events.py; docs/protocol.md).
 * @typedef {"passes" | "skips" | "trump_jokers" | "eight" | "best_rank" | "spade_three" | "eight_cut" | "four_in_a_row"
 *   | "equalize" | "revolution"} TrickEndCause
 */

/**
 * @typedef {{type: "deal", sizes: number[], timed?: Timed}
 *   | {type: "give", seat: number, to: number, count: number, cards?: Cards, audience?: number[], timed?: Timed}
 *   | {type: "discard" | "play_discard" | "draft_take", seat: number, cards: Cards, timed?: Timed}
 *   | {type: "draft_place", seat: number, count: number, cards?: Cards, audience: number[], timed?: Timed}
 *   | {type: "draft_reveal", cards: Cards, timed?: Timed}
 *   | {type: "play" | "lock" | "penalized", seat: number, play: string, timed?: Timed}
 *   | {type: "revolution", seat: number | null, reversed: boolean, timed?: Timed}
 *   | {type: "jack_back", seat: number | null, on: boolean, timed?: Timed}
 *   | {type: "turn_order", seat: number, clockwise: boolean, timed?: Timed}
 *   | {type: "number_lock", seat: number, rank: string | null, timed?: Timed}
 *   | {type: "pass_limit", passes: number, timed?: Timed}
 *   | {type: "finish", seat: number, place: number, timed?: Timed}
 *   | {type: "pass" | "skip" | "skipped" | "downfall" | "table_clears" | "leave" | "join" | "ready" | "away" | "back" | "concede" | "pick_up", seat: number, timed?: Timed}
 *   | {type: "trick_end", seat: number, by?: "play" | "passes", cause?: TrickEndCause, timed?: Timed}
 *   | {type: "round_end", round: number, order: number[], titles?: string[], points?: number[], totals?: number[], timed?: Timed}
 *   | {type: "match_end", winners: number[], scores?: number[], team_wins?: number[], timed?: Timed}
 *   | {type: "sit", seat: number, name: string, timed?: Timed}
 *   | {type: "game_start" | "next_round", timed?: Timed}
 *   | {type: "rename", seat: number, old: string, new: string, timed?: Timed}
 *   | {type: "paused", reason: "no_legal_move", seat: number, timed?: Timed}
 *   | {type: "notice", message: string, timed?: Timed}
 *   | {type: "attack" | "throw_in" | "beat", seat: number, cards: string[], timed?: Timed}
 *   | {type: "battle_start", battle: number, attacker: number, defender: number, timed?: Timed}
 *   | {type: "game_end", game: number, winner: number | null, reason: "won" | "battle_limit" | "blocked", timed?: Timed}
 * } TableEvent
 */

/** @typedef {{seq: number, names: string[], events: TableEvent[]}} Entry one numbered step of the table */

/**
 * @typedef {{seat: number, name: string, kind: "human" | "bot" | "empty" | "auto", bot: string | null,
 *   connected: boolean, ready: boolean, player_id: string | null}} SeatInfo
 */

/**
 * @typedef {{id: string, name: string, game: "president" | "el-presidente", preset: string, seats: number,
 *   status: "waiting" | "playing" | "paused" | "finished", private: boolean, open_seats: number, seat_info: SeatInfo[],
 *   turn_time: number, turn_left: number | null, intermission_left: number | null, you: number | null,
 *   player: {id: string, name: string} | null, staged: string | null}} TableView
 */

/**
 * President's view (docs/protocol.md, The view; the schema's required keys typed, the others open).
 * @typedef {{game: "president", phase: string, current: number | null, legal: string[], over: boolean, round: number,
 *   trick: [number, string][], hand: Cards, seats: any[], sheet: any[], [key: string]: any}} PresidentView
 */
/**
 * El Presidente's view (docs/protocol.md, The view; the schema's required keys typed, the others open).
 * @typedef {{game: "el-presidente", phase: string, current: number | null, legal: string[], over: boolean,
 *   hand: string[], battle_pile: string[], hand_sizes: number[], attacker: number | null, defender: number | null,
 *   dealer: number, teams: number[] | null, team_wins: number[], deck_size: number, discard_size: number,
 *   [key: string]: any}} BattleView
 */
/** A game view, President's or El Presidente's (`game` tells which). @typedef {PresidentView | BattleView} GameView */

/** @typedef {{table: TableView, game: GameView | null}} View */

/** A chat line (schema: $defs/chat). @typedef {{type: "chat", seq: number, name: string, seat: number | null, text: string}} ChatLine */

/**
 * Every message the server sends the table page (presidente/server/schema/server.json, docs/protocol.md).
 * @typedef {{type: "welcome", seq: number, view: View, chat: ChatLine[], history: Entry[]}
 *   | {type: "update", seq: number, events: TableEvent[], names: string[], view: View}
 *   | {type: "sync", seq: number, view: View, missed: Entry[], complete: boolean, chat: ChatLine[]}
 *   | ChatLine
 *   | {type: "staged", seq: number, action: string | null}
 *   | {type: "hint", seq: number, action: string, reason: string, why?: {code: string, params: Record<string, number>} | null}
 *   | {type: "checked", seq: number, action: string, code: string | null, params: Record<string, string | number>, message?: string}
 *   | {type: "error", seq: number, code: string, params: Record<string, string | number>, message: string, moved?: true}
 *   | {type: "pong", seq: number}
 *   | {type: "rematch", seq: number, status: "open" | "opened" | "declined" | "failed",
 *       answers: ("accepted" | "declined" | "waiting" | "bot" | "nobody")[], fill_bots: boolean, rotate: boolean,
 *       chooser: number | null, left: number | null, table: string | null, secret: string | null}
 * } ServerMessage
 */

/** @typedef {{giver: number, receiver: number, cards: Cards | null, count: number}} Give */
/** @typedef {{code: string | null, params: Record<string, string | number>, message?: string}} Refusal */
/**
 * The trick that just ended, shown in the centre for a moment (`table-centre.js`): its plays, its winner, why it
 * ended in words, and until when it shows (ms since the epoch).
 * @typedef {{plays: [number, string][], winner: number, reason: string | null, until: number}} EndedTrick
 */

/**
 * @typedef {{
 *   socket: WebSocket | null, online: boolean, seq: number, view: View | null, previous: View | null,
 *   log: Entry[], chat: ChatLine[],
 *   trickEnd: {seq: number, winner: number, by: "play" | "passes", cause: TrickEndCause | null, lastPlay: [number, string] | null,
 *     revolution: boolean} | null,
 *   freshGives: Give[], news: {event: TableEvent, names: string[]}[], roundEndNames: string[] | null,
 *   placedNames?: Record<number, string>, roundEndServed?: string[], refusal: (Refusal & {action: string}) | null, checking?: string | null,
  endedTrick: EndedTrick | null, endedCheckedFor?: View | null,
  ratingsAsked?: Set<string>, ratingsBefore?: Map<string, number>, ratingsAfter?: Map<string, number> | null,
 *   ratingNotes?: {provisional: Map<string, number>, settles: number, start: number},
 *   [key: string]: any
 * }} TableState
 */

/** The state while a view is shown: what the table's components draw from. @typedef {TableState & {view: View}} ShownState */

export {};
