# Presidente's words in English. One message per id; ids are checked against the code and the other catalogs
# by tests/test_locales.py. docs/i18n.md says how to add a message or a language.

## The game's vocabulary: the five roles, their titles, the games

-president = President
-vice-president = Vice-President
-neutral = Neutral
-high-scum = High-Scum
-scum = Scum

# The role titles of the engine's default and of every preset (rules.py), by the title written in lower case with
# a hyphen for any other character; a table's own titles that none of these is are shown as typed.
title-president = { -president }
title-vice-president = { -vice-president }
title-neutral = { -neutral }
title-high-scum = { -high-scum }
title-scum = { -scum }
title-minister = Minister
title-prime-minister = Prime Minister
title-citizen = Citizen
title-peasant = Peasant
title-beggar = Beggar
title-vice-asshole = Vice-Asshole
title-asshole = Asshole
title-daifugo = Daifugo
title-fugo = Fugo
title-heimin = Heimin
title-hinmin = Hinmin
title-daihinmin = Daihinmin

game-president = President
game-el-presidente = El Presidente

## Every page

language-label = Language
list-separator = {", "}
value-empty = empty
value-yes = yes
value-no = no
value-none = none

## Cards as a screen reader says them

suit-C = clubs
suit-D = diamonds
suit-H = hearts
suit-S = spades
rank-J = jack
rank-Q = queen
rank-K = king
rank-A = ace
card-name = { $rank } of { $suit }
card-joker = joker
card-back = card back
# A joker standing for a rank or a card ("joker as 7"), or past a sequence's end ("joker below the 3 of spades").
card-joker-as = joker as { $card }
card-joker-below = joker below the { $card }
card-joker-above = joker above the { $card }

## The bots: each one's strength (.play: what it does); their names are the server's

bot-label = { $name } bot ({ $strength })
bot-label-plain = { $name } bot
bot-part = { $name } is { $strength } ({ $play })
bot-part-plain = { $name } is a bot
bot-sentence = { $parts }.
bot-sentence-separator = {"; "}
bot-random = beginner
    .play = plays any legal move
bot-auto = beginner
    .play = plays its lowest cards, as the timer does
bot-heuristic = solid
    .play = keeps its strong cards to win the lead back
bot-ismcts = strong — searches
    .play = tries each move on many possible deals
bot-learned = strong — learned
    .play = a network trained by self-play on bga at 4 players; elsewhere it plays as the solid bot
bot-cardsearch = strong — searches card by card
    .play = tries each move on many possible deals, suits and all, where the rules ask for suits
bot-strong = strong — searches and solves
    .play = races the moves on many possible deals, drops the weaker ones, and plays the last cards out exactly
# A bot's line on the leaderboard: its rating is per game.
bot-ranked = { $name } bot ({ $game })
seat-left = (left)
seat-empty = (empty)

## The lobby

lobby-page-title = Presidente — lobby
lobby-play-title = Play President now
lobby-play-intro = You and three bots on Board Game Arena's rules: shed your cards first to become President.
lobby-play-now = Play now
lobby-name-title = Your name
lobby-name-label = Display name, 1 to 24 characters
lobby-name-save = Save name
lobby-mine-title = Your tables
lobby-tables-title = Open tables
lobby-create-title = New table
lobby-table-name = Table name
lobby-game = Game
lobby-rules = Rules
lobby-seats = Players at the table
lobby-seat-choices = Seats: a player or a bot
lobby-sit = I sit at this table (the first seat for a player)
lobby-private = Private: only people with the invite link can join or watch
lobby-change-rules = Change the rules
lobby-create = Create table
lobby-finished-title = Finished games
lobby-damaged-title = Damaged tables
lobby-damaged-note = Their stored moves no longer replay: they are kept for inspection and cannot be played.
lobby-leaderboard-title = Leaderboard
lobby-leaderboard-note = Everyone starts at 1500; a rating grows as you win and as the server grows sure of your level (OpenSkill).
lobby-column-player = Player
lobby-column-rating = Rating
lobby-column-games = Games
lobby-rating-provisional = { $rating } (provisional)
lobby-leaderboard-provisional = A provisional rating has few rated matches behind it: it counts only the level the server is sure of, so it moves a lot at first.
lobby-playing-as = Playing as { $name }
lobby-not-signed-in = Not signed in: choose a name, or just play
lobby-default-table-name = My table
lobby-own-table-name = { $name }'s table
lobby-guest-name = Guest { $number }
lobby-name-empty = Type a name of 1 to 24 characters.
lobby-name-saved = Saved: you play as { $name }, with the same seats and rating.
lobby-welcome = Welcome, { $name }.
lobby-status-waiting = waiting for players
lobby-status-playing = playing
lobby-status-paused = paused: no player there
lobby-free-seat = free seat
lobby-back-to-seat = Back to your seat
    .aria-label = Back to your seat at { $table }
lobby-take-seat = Take a seat
    .aria-label = Take a seat at { $table } ({ $free ->
        [one] 1 seat free
       *[other] { $free } seats free
    })
lobby-watch = Watch
    .aria-label = Watch { $table } without a seat
lobby-table-meta = { $game } · { $preset } · { $status } · { $seated } of { $seats } seated
lobby-no-open-table = No open table: press Play now, or create one below.
lobby-replay-of = Replay of { $table }
lobby-winner = Winner: { $name }
lobby-winners = Winners: { $names }
lobby-no-winner = No winner
lobby-then = then { $names }
lobby-no-finished = No finished game yet.
lobby-damaged = damaged
lobby-you = (you)
lobby-nobody-ranked = Nobody has finished a game yet.
lobby-seats-help = { $low } to { $high } with these rules
lobby-seats-refused = Players at the table: { $low } to { $high } with { $preset }, not { $typed }.
lobby-bots-help = Bots: { $sentence }
lobby-a-player = A player
lobby-seat = Seat { $number }
lobby-option-changed = Changed — { $preset } has { $value }
lobby-changed-count = ({ $count } changed from { $preset })
lobby-as-preset = (as { $preset })
lobby-table-name-missing = Give the table a name.
lobby-private-open = Your private table is open. Send this invite link to the people you want at it:
lobby-go-to-table = Go to the table

## Your player on another device (lobby-devices.js): a one-time sign-in link, the devices signed in
devices-title = Your devices
devices-lead = Play as yourself on your phone or another computer too: the same name, seats and rating. No password, no e-mail.
devices-use-elsewhere = Use on another device
devices-list-title = Signed in on
devices-kind = { $browser } on { $system }
devices-kind-unknown = A browser
devices-added = added { $date }
devices-this-one = this device
devices-sign-out-other = Sign out
    .aria-label = Sign out { $device }, { $added }
devices-sign-out-here = Sign out on this device
devices-sign-out-confirm = Sign out { $name } on this device? { $name } stays signed in on your other devices.
devices-sign-out-last = This is the only device where { $name } is signed in: once it is signed out here, nobody can play as { $name } again.
devices-sign-out-yes = Sign out
devices-cancel = Cancel
devices-claim-confirm = This browser plays as { $name }. Sign it in as the player of the link instead? { $name } stays on its other devices, if it has any.
devices-claim-yes = Sign in with the link
devices-claim-no = Keep playing as { $name }
devices-signed-in = You are signed in as { $name } on this device.
devices-signed-out-here = This device is signed out: { $name } stays on your other devices. Choose a name to play as someone new.
devices-signed-out-elsewhere = This device was signed out of { $name } from another device. Choose a name to play as someone new, or open a sign-in link.
devices-signed-out-other = { $device } is signed out.
devices-link-incomplete = This sign-in link is incomplete: copy it whole.
devices-dialog-title = Use on another device
devices-dialog-lead = Open this link on the other device, or scan the code with its camera. It signs in one device, within { $minutes } minutes.
devices-link-label = Sign-in link
devices-copy = Copy the link
devices-copied = Link copied.
devices-select = The link is selected: copy it.
devices-close = Close
devices-qr = QR code of the sign-in link
devices-joined = { $device } is signed in.

## The form's own checks of an option, before anything is sent

form-must-be-whole = { $label }: { $name } must be a whole number from { $min } to { $max }, not { $value }.
form-must-be-list = { $label }: { $name } must give { $length } items, not { $count }.
form-list-numbers = { $label }: { $name } must give { $length } numbers, each a whole number from { $min } to { $max }; item { $item } is { $value }.
form-list-names = { $label }: { $name } must give { $length } names, each of 1 to { $chars } printable characters; item { $item } is { $value }.
form-must-be-text = { $label }: { $name } must be text of 1 to { $chars } printable characters, not { $value }.

## The presets' descriptions

preset-bga = President as on Board Game Arena
preset-victorz = The victorz.ca server with its room defaults
preset-trump-jokers = Two trump jokers, credit scoring
preset-college = College house rules with the trade
preset-college-draft = College house rules with the draft variant
preset-uecda = UECda, the computer Daihinmin competition's official server
preset-daifugo = A common Japanese Daifugo table
preset-standard = One pack, battles and throw-ins; teams like 2v2 optional

## The replay page

replay-page-title = Presidente — replay
replay-home = Presidente: back to the lobby
replay-heading = Replay
replay-controls =
    .aria-label = Step through the game
replay-first =
    .aria-label = Go to the deal
replay-first-text = Deal
replay-back =
    .aria-label = Back one move
replay-back-text = Back
replay-next =
    .aria-label = Next move
replay-next-text = Next
replay-last =
    .aria-label = Go to the end
replay-last-text = End
replay-slider = Move
replay-step = move { $step } of { $steps }
replay-round-back = Previous
replay-round-next = Next
replay-keys = Keys: ← and → step one move; Home and End go to the deal and the end{ $rounds }.
replay-table-after = The table after this move
replay-table-position = The table at this position
replay-title = Replay of { $name }
replay-document-title = Presidente — replay of { $name }
replay-subtitle-record = a record file
replay-deal = The deal.
replay-table-moves = Table
replay-move = { $who }: { $move }
replay-score = score { $score }
replay-cards = { $count ->
    [one] 1 card
   *[other] { $count } cards
}
replay-attacker = attacker
replay-defender = defender
replay-to-move = — to move
replay-battle = Battle { $battle }: { $attacker } attacks { $defender }
replay-empty-pile = Empty pile: a new trick.
replay-face-up = { $count } face up
replay-counter-clockwise = play goes counter-clockwise (a 9 reversed it)
replay-battle-counts = deck { $deck } · discard { $discard } · games won { $wins }
replay-log-round = This round so far
replay-log-battle = This battle so far
replay-seat = Seat { $seat }
replay-players = { $count } players
# A record file's match goes in rounds (President) or games (El Presidente).
replay-unit-round = round
replay-unit-game = game
replay-unit-previous =
    .aria-label = Previous { $unit }
replay-unit-next =
    .aria-label = Next { $unit }
replay-go-to-unit = Go to { $unit }
replay-go = Go
replay-unit-of = { $unit } { $number } of { $count }
replay-unit-keys = ; Page Up and Page Down go to the previous and next { $unit }
replay-no-such-unit = There is no { $unit } { $typed }: { $unit }s go from 1 to { $count }.
replay-record-title = Record file
replay-record-help = A record file is a whole match written down as JSON: rules, seed and every move ({ $save } for either game, { $serve }). The server replays it, then it steps through here like a game's replay, every hand shown, round by round (game by game for El Presidente). Records of up to 4 MB and 200,000 moves open here (a 1,000-game UECda match is about 3 MB and 130,000 moves); { $replay } shows any.
replay-record-open = Open a record file
replay-record-refused = { $file } is not a record this page can show: { $reason }
replay-position-title = Position file
replay-position-help = A position file is a table written down as JSON ({ $method }; { $command } writes one): the table it holds is drawn here, every hand shown.
replay-position-open = Open a position file
replay-position-refused = { $file } is not a position this page can show: { $reason }
replay-position-document-title = Presidente — position from { $file }
replay-position-heading = Position from a file
replay-position-shown = The table in { $file }.
replay-open-record-title = Presidente — open a record
replay-open-record-heading = Open a record
replay-open-record-intro = A match from a record file, stepped through move by move, every hand shown.
replay-open-position-title = Presidente — open a position
replay-open-position-heading = Open a position
replay-open-position-intro = A table from a position file, every hand shown.

## The review, on the replay page

review-title = Review
review-help = The strongest bot goes through one seat's moves, from what that seat could see, and compares each with the move it would have played: the mean finishing place expected of each (1 is first) and the chance to finish first. Choose a reviewed move to see it on the table.
review-seat-label = Seat to review
review-seat = { $name } (seat { $seat })
review-start = Review this seat's moves
review-cancel = Cancel
review-progress =
    .aria-label = Moves reviewed
review-progress-count = { $done } of { $total } moves reviewed
review-starting = Starting the review…
review-stopped = Review stopped after { $count ->
    [one] 1 move
   *[other] { $count } moves
}.
review-failed = The review failed: { $reason }
review-moves-of = Moves of { $name }
review-running = Reviewing the moves of { $name }: the bot thinks about a quarter of a second per move.
review-done = Review done: { $moves ->
    [one] 1 move
   *[other] { $moves } moves
} of { $name }, { $mistakes ->
    [one] 1 mistake
   *[other] { $mistakes } mistakes
} ({ $threshold }).
review-threshold-half = a move that costs half a place or more
review-threshold = a move that costs { NUMBER($places, maximumFractionDigits: 2) } place or more
review-answer-cut = the answer stopped before its end
review-estimate = mean place { NUMBER($place, minimumFractionDigits: 2, maximumFractionDigits: 2) }, first { $first }%
review-not-searched = Not searched: the only move there was (or the card transfer, or the draft).
review-agrees = The bot plays the same.
review-mistake = Mistake: costs about { NUMBER($cost, minimumFractionDigits: 1, maximumFractionDigits: 1) } of a place.
review-as-good = As good as the bot's move.
review-worse = A little worse than the bot's move: about { NUMBER($cost, minimumFractionDigits: 2, maximumFractionDigits: 2) } of a place.
review-move-number = Move { $number } · round { $round }
review-played = Played { $move }
review-played-estimate = Played { $move } — { $estimate }
review-bot-estimate = Bot { $move } — { $estimate }

## Option groups of the creation form
group-cards = Cards and jokers
group-plays = Plays
group-revolution = Revolution
group-passing = Passing and equalizing
group-exchange = Roles and the card exchange
group-ending = Ending and scoring
group-table = Table and timer
group-other = Other rules

## Each rules option: its label, .help its meaning (the server's own words in English: tests/test_locales.py
## checks that they agree), and words for each of its choices
option-decks = Decks shuffled together
    .help = Number of 52-card decks shuffled together.
option-jokers_per_deck = Jokers per deck
    .help = Jokers in each deck.
option-joker_mode = What a joker does
    .help = wild: a joker stands for any card; bga: alone the highest card, with others a wild card; trump: a joker beats any set and wins the trick.
choice-joker_mode-wild = Wild: stands for any card
choice-joker_mode-bga = Highest alone, wild with others
choice-joker_mode-trump = Trump: beats any set and wins the trick
option-special_three = The special 3
    .help = The special 3.
choice-special_three-3C = 3 of clubs
choice-special_three-3D = 3 of diamonds
choice-special_three-3H = 3 of hearts
choice-special_three-3S = 3 of spades
option-deal_extras = Extra cards of an uneven deal go to
    .help = Who gets the extra cards of an uneven deal: president-first (deal starts with the President), lowest-first (lowest ranked players), dealer-left (deal starts left of the dealer, the Scum).
choice-deal_extras-president-first = The President first
choice-deal_extras-lowest-first = The lowest ranked players
choice-deal_extras-dealer-left = The players left of the dealer
option-two_player_hand = Cards each with two players (0: deal them all)
    .help = With 2 players each receives this many cards (0: deal all).
option-special_three_must_lead = The holder of the special 3 must play it when leading
    .help = The holder of the special 3 who leads must play it (UECda: "they need not play it").
option-first_round_leader = Who leads the first round
    .help = Without President/Vice-President: the holder of the special 3 leads and must play it, or a random player.
choice-first_round_leader-special-three = The holder of the special 3, who plays it
choice-first_round_leader-random = A random player
option-first_trick = Who leads a later round
    .help = Who leads the first trick of a round: scum, president, random, or special-three (the holder of the special 3, every round: UECda's 3 of diamonds).
choice-first_trick-scum = The Scum
choice-first_trick-president = The President
choice-first_trick-random = A random player
choice-first_trick-special-three = The holder of the special 3
option-one_fewer_two = One 2 fewer beats a set (two 2s beat three 7s)
    .help = N-1 cards of the best rank beat N other cards (N >= 2).
option-four_in_a_row = Four of a rank in a row end the trick
    .help = 4 cards of one rank in a row end the trick: off; on; by-equalizing (only across plays).
choice-four_in_a_row-off = Off
choice-four_in_a_row-on = On
choice-four_in_a_row-by-equalizing = Only when made by equalizing
option-eight_rule = An 8 ends the trick (a lone joker played as an 8 too)
    .help = 8-rule (ender 8): a play of 8s ends the trick, a joker played alone as an 8 too; penalize_final_eight reads it. eight_cut is UECda's reading.
option-best_rank_ends_trick = The best rank (2s) ends the trick
    .help = A play of the best rank (2, or 3 in revolution) ends the trick.
option-jack_back = Jack back: a jack reverses the ranks until the trick ends
    .help = Jack back (11-back): a play holding a jack reverses the order of strength until the trick ends (another jack turns it back).
option-eight_cut = 8 cut: a play holding an 8 clears the trick (a lone joker is no 8)
    .help = 8 cut: a play holding an 8 ends the trick, as eight_rule does, but a joker played alone is never an 8 (UECda), and penalize_final_eight does not read it.
option-five_skip = 5 skip: each 5 skips the next player
    .help = 5 skip: each 5 in a play (a joker standing for one counts) skips one following player; a skip that comes round to the player who played ends the trick.
option-nine_reverse = 9 reverse: a 9 reverses the turn order
    .help = 9 reverse: a play holding a 9 reverses the turn order (once per play, whatever the count) for the rest of the round; another such play turns it back.
option-seven_give = 7 give: give a card to the next player per 7 played
    .help = 7 give: after a play holding 7s the player gives as many cards of their choice as 7s played (a joker beside them counts) to the next player still in the round; giving the last card goes out.
option-ten_discard = 10 discard: discard a card per 10 played
    .help = 10 discard: after a play holding 10s the player discards face up as many cards of their choice as 10s played (a joker beside them counts); discarding the last card goes out.
option-spade_three_return = Spade-3 return: the 3 of spades beats a lone joker
    .help = Spade-3 return: the 3 of spades played alone beats a lone joker played as a single (the jokers' bga mode), and ends the trick.
option-suit_lock = Suit lock: two plays of the same suits lock the trick to them
    .help = Suit lock (shibari): a play with exactly the suits of the play before it (no jokers in either) locks the trick to those suits; a joker played alone lifts the lock.
option-joker_suits = A joker beside other cards names its suit (JK=9H), which the suit lock reads
    .help = A joker beside natural cards of one rank names the card it stands for ('JK=9H 9S'), and the suit lock reads its suit (UECda's table puts it in a suit's cell); in five of a kind it names none. One deck only.
option-number_lock = Number lock: two plays one rank apart lock the trick to climbing by one
    .help = Number lock (kaidan shibari): once a play of one rank is one rank above the play before it, every later play of the trick is one rank above the last; a joker played alone lifts it. With suit_lock: both.
option-sequences = Sequences: runs of one suit (3H 4H 5H) are a play
    .help = Sequences (kaidan): cards of one suit over sequence_min or more consecutive ranks (a joker may stand for one card, 'JK=5H') are a play; a sequence answers only a sequence of the same length wholly above it.
option-sequence_min = Fewest cards in a sequence
    .help = The fewest cards in a sequence.
option-sequence_wraps = The 2 and the 3 connect in a sequence
    .help = The 2 and the 3 connect in a sequence (K A 2 3); the cards past the best rank count above it.
option-sequence_joker_ends = A joker may extend a sequence below the 3 or above the 2 (JK=<3S 3S 4S)
    .help = A joker may extend a sequence past its ends, in a cell no card holds: below the 3 ('JK=<3S 3S 4S', the weakest) or above the 2 ('AS 2S JK=>2S', the strongest); it stands for no rank (UECda's columns 0, 14).
option-revolution = Revolution: 4 of a kind reverses the ranks
    .help = Revolution on 4+ cards: off; strict (no jokers); relaxed (4 non-jokers); jokers (jokers count).
choice-revolution-off = Off
choice-revolution-strict = Strict: no jokers in it
choice-revolution-relaxed = Relaxed: four cards besides jokers
choice-revolution-jokers = Jokers count
option-revolution_cards = Cards that make a revolution
    .help = Cards in one play that make a revolution.
option-sequence_revolution = A sequence this long makes a revolution (0: never)
    .help = A sequence of this many cards or more makes a revolution (0: none; UECda: 5).
option-revolution_ends_trick = A revolution ends the trick
    .help = A revolution ends the current trick.
option-revolution_scope = A revolution lasts
    .help = A revolution lasts until the round ends, or the trick ends.
choice-revolution_scope-round = Until the round ends
choice-revolution_scope-trick = Until the trick ends
option-pass_mode = A pass
    .help = turn: pass only this turn; trick: out for the trick; single: one move per trick.
choice-pass_mode-turn = Skips this turn only
choice-pass_mode-trick = Is out until the trick ends
choice-pass_mode-single = One move each per trick
option-equalize = Playing the same again (equalizing)
    .help = Playing the same combo again: disallow; allow; or-skip / or-pass (next must equalize or skip / pass); force-skip (next player is skipped).
choice-equalize-disallow = Not allowed
choice-equalize-allow = Allowed
choice-equalize-or-skip = Allowed: the next player equalizes or is skipped
choice-equalize-or-pass = Allowed: the next player equalizes or passes
choice-equalize-force-skip = Allowed: the next player is skipped
option-equalize_ends_trick_by_scum = The Scum equalizing ends the trick
    .help = The trick ends if the Scum equalizes.
option-equalize_ends_trick_by_non_scum = Anyone else equalizing ends the trick
    .help = The trick ends if a player who is not Scum equalizes.
option-first_equalize_only_by_scum = Only the Scum (or a player who must) may equalize
    .help = Only the Scum, or a player required to equalize, may equalize.
option-no_equal_best = The best card cannot be equalized
    .help = The best card (2, 3 in revolution, joker) cannot be equalized.
option-trick_end = The trick ends
    .help = When a trick ends: others-passed (when the turn would come back to the last player); all-passed (UECda: the last player may play again on their own play, and the table clears when every player still in has passed).
choice-trick_end-others-passed = When everyone else has passed
choice-trick_end-all-passed = When everyone has passed, the last player too (they may play again)
option-lead_pass = A leader may pass
    .help = A player who leads may pass (UECda); when every player still in has passed on an empty table, the same leader leads again.
option-pass_limit = Passes in a row that end the round with random places (0: never)
    .help = After this many passes in a row, every player still in gets a random remaining place (0: none; UECda: 20).
option-exchange = Between rounds
    .help = Between rounds: none; trade (roles swap cards); draft.
choice-exchange-none = No exchange
choice-exchange-trade = Trade: the roles swap cards
choice-exchange-draft = Draft: cards put down, then picked
option-exchange_order = Order of the trade
    .help = loser-first: Scum gives first, then the President chooses; winner-first: both give at the same time, from the hands as dealt; in-return: the President gives, then the Scum gives its best cards back.
choice-exchange_order-loser-first = The Scum gives first, then the President
choice-exchange_order-winner-first = Both give at once, from the hands as dealt
choice-exchange_order-in-return = The President gives, then the Scum in return
option-top_exchange_cards = Cards between President and Scum
    .help = Cards swapped between President and Scum.
option-vice_exchange_cards = Cards between Vice-President and High-Scum
    .help = Cards swapped between Vice-President and High-Scum.
option-draft_cards = Cards each player puts down in the draft
    .help = Cards each player puts down and picks up in the draft.
option-must_give_lowest = The President gives the lowest cards
    .help = President and Vice-President must give their lowest cards.
option-keep_jokers = The Scum keep their jokers when they can
    .help = Scum and High-Scum keep jokers in the card transfer when they can.
option-top_roles_min_players = Players needed for President and Scum
    .help = Players needed for President and Scum to exist.
option-vice_roles_min_players = Players needed for Vice-President and High-Scum
    .help = Players needed for Vice-President and High-Scum.
option-role_titles = Role names: first, second, others, second-last, last
    .help = Names of the five roles: first, second, others, second-last, last.
option-penalize_final_two = Going out on a 2 gets the worst place left
    .help = Going out with a 2 gets the worst unfilled rank.
option-penalize_final_joker = Going out on a joker gets the worst place left
    .help = Going out with a joker gets the worst unfilled rank.
option-penalize_final_best = Going out on the best rank gets the worst place left
    .help = Going out with the best rank (2, or 3 in revolution) gets the worst unfilled rank.
option-penalize_final_eight = Going out on an 8 gets the worst place left
    .help = Going out with an 8 while eight_rule is on gets the worst unfilled rank.
option-downfall = Downfall: a President who is not first becomes last
    .help = A President (Minister with 2-3 players) who does not finish first is ranked last.
option-scoring = Scoring
    .help = beaten: a point per player beaten; credit: start with credit and lose it by role; places: a point per player beaten and one more (UECda: 5, 4, 3, 2, 1).
choice-scoring-beaten = A point per player beaten
choice-scoring-credit = Credit: start with some, lose it by role
choice-scoring-places = A point per player beaten, and one more (5 to 1 with five)
option-target_score = The match ends at this score (0: no target)
    .help = The match ends when a player reaches this score (0: no target).
option-rounds = Rounds in the match (0: no limit)
    .help = The match ends after this many rounds (0: no limit).
option-credit_start = Starting credit
    .help = Starting credit with credit scoring.
option-credit_changes = Credit change: President, Vice, Neutral, High-Scum, Scum
    .help = Credit change for President, Vice, Neutral, High-Scum, Scum.
option-games = Games in the match
    .help = Games in the match.
option-battle_limit = Battles before a game is drawn
    .help = A game with this many battles ends drawn.
option-turn_time = Seconds per turn
    .help = Seconds per turn before the automatic move is made.
option-min_players = Fewest players
    .help = Fewest players at the table.
option-seat_shuffle = Seats are drawn again every this many rounds (0: never)
    .help = The seating order is drawn at random every this many rounds, from the first (0: never; UECda: 3); roles stay.
option-rank_reset = Roles are cleared every this many rounds (0: never)
    .help = Every this many rounds, from the first, the roles are cleared: no card transfer that round (0: never; UECda: 100).
option-max_players = Most players
    .help = Most players at the table (at least min_players).
option-teams = Teams, like 2v2 (empty: each for themselves)
    .help = Team layout such as 2v2 or 2v2v2 (empty: everyone for themselves).

## The live table (table.html, table*.js): the page, the seats, the centre, your moves, the results

table-page-title = { $name } — Presidente
table-page-title-turn = ● Your turn — { $name } — Presidente
table-heading = Table
table-keys-button = ?
    .aria-label = Keyboard shortcuts
    .title = Keyboard shortcuts (?)
table-watching =
    .aria-label = Watching
table-felt =
    .aria-label = The table
table-trick =
    .aria-label = Current trick
table-dock =
    .aria-label = Your moves
table-hand =
    .aria-label = Your hand
table-house-rules =
    .aria-label = House rules
table-auto-pass = Pass for me when I cannot play
table-leave = Leave the table
table-leave-confirm = Leave this table? Mid-round you take the worst unfilled rank.
table-log = Log
table-chat = Chat
table-chat-message = Message
table-chat-input =
    .placeholder = Say something
table-chat-send = Send
table-chat-note = Sit at a table or sign in from the lobby to chat.
table-card-dim = cannot be part of a legal play now
table-card-received = received in the card exchange
table-keys-title = Keyboard shortcuts
table-key-move = ← → or 1–9
table-key-move-does = move through your hand
table-key-space = Space
table-key-space-does = select or unselect the card
table-key-enter = Enter
table-key-enter-does = play (or give, or take) the selected cards
table-key-pass-does = pass
table-key-hint-does = hint: the strongest bot's move
table-key-ready-does = ready for the next round
table-key-escape = Escape
table-key-escape-does = clear the selection
table-key-help-does = this list
table-keys-close = Close
table-sound-on = Sound on
table-sound-off = Sound off
table-reconnecting = Reconnecting…
table-invite-button = Invite
table-invite-title = Invite people to this table
table-invite-lead = Send them this link, or let them scan the code with a phone.
table-invite-link = Link to this table
table-invite-copy = Copy the link
table-invite-share = Share…
table-invite-share-text = Come and play { -president } with me
table-invite-qr =
    .alt = QR code of the link to this table
table-invite-close = Close
table-invite-copied = Link copied.
table-invite-select = The link is selected: copy it with Ctrl+C (⌘C on a Mac).
table-invite-unavailable = The invite link cannot be shown now.
table-closed-unknown = There is no table here: the link is wrong, or the table has closed.
table-closed-private = This table is private: open it with its invite link, from whoever invited you.
table-closed-signed-out = This device was signed out of your player. Go to the lobby to play as someone new, or open a sign-in link from another of your devices.
table-closed-lobby = Go to the lobby
table-status-waiting = Waiting for players
table-status-paused = Paused until a player comes back
table-status-over = Match over
table-status-round = Round { $round }
table-status-round-over = Round { $round } · match over
table-status-battle = Game { $game } of { $games } · battle { $battle }
table-starts-when-full = The game starts when every seat is taken.
table-watch-over = The match is over: you are watching.
table-watch-free = You are watching this table.
table-watch-full = You are watching: every seat is taken.
table-sit-as = Sit here as { $name }
table-your-name = Your name
table-sit-here = Sit here
table-sit-seat = Sit here, at seat { $seat }
table-timer-next-round = Next round in { $seconds } s
table-timer-yours = Your turn · { $seconds } s
table-timer = { $name } · { $seconds } s
table-your-turn-said = Your turn.
table-staged-gone = Your staged move is no longer possible: { $play }.
table-seat-number = seat { $seat }
table-seat-you = { $name } (you)
table-cards = { $count ->
    [0] no cards
    [one] { $count } card
   *[other] { $count } cards
}
# $ordinal: the place's ordinal plural category in the page's language (Intl.PluralRules, type "ordinal")
table-place = { $ordinal ->
    [one] { $place }st
    [two] { $place }nd
    [few] { $place }rd
   *[other] { $place }th
}
table-credit = { $score ->
    [one] { $score } credit
   *[other] { $score } credits
}
table-points = { $score ->
    [one] { $score } point
   *[other] { $score } points
}
table-marker-turn = to move
table-marker-empty = empty seat
table-marker-waiting = waits for the next round
table-marker-out = out
table-marker-out-place = out · { $place }
table-marker-skipped = skipped
table-marker-passed = passed
table-marker-attacker = attacker
table-marker-defender = defender
table-marker-dealer = dealer
table-marker-team = team { $team }
table-marker-away = away
table-marker-free = free seat
table-marker-ready = ready
table-ready-waiting = You are ready: waiting for the others.
table-ready = Ready for the next round
table-watch-replay = Watch the replay of this game
# Play again (table-rematch.js)
table-rematch-title = Play again?
table-rematch-offer = A new table with the same people and rules.
table-rematch-accept = Play again
table-rematch-decline = No, thanks
table-rematch-fill-bots = Bots take the declined seats
table-rematch-rotate = Everyone moves one seat round
table-rematch-creator-chooses = The table's creator chooses these.
table-rematch-time = Seats not answered in { $seconds } s count as declined.
table-rematch-answers = Answers
table-rematch-answer-accepted = { $name }: plays again
table-rematch-answer-declined = { $name }: declined
table-rematch-answer-waiting = { $name }: not answered yet
table-rematch-answer-bot = { $name }: comes along
table-rematch-answer-nobody = Seat { $seat }: nobody
table-rematch-go = Go to the new table
table-rematch-watch = Watch the new table
table-rematch-opening = The new table is open: taking you there…
table-rematch-opened = The new table is open.
table-rematch-nobody = Nobody wanted to play again.
table-rematch-failed = The new table could not be opened: make one from the lobby.
table-results-over = Match over
table-results-round = Round { $round } results
table-results-game = Game { $game } over
table-results-winners = { $winners } { $count ->
    [one] wins
   *[other] win
} the match.
table-col-place = Place
table-col-player = Player
table-col-title = Title
table-col-points = Points
table-col-total = Total
table-col-rating = Rating
table-col-round = Round
table-title-was = { $title } (was { $was })
table-score-sheet = Score sheet
table-ratings = Ratings
table-rating-coming = rating on its way
table-rating-first = { $rating } ({ $change }, first rated game)
table-rating-change = { $rating } ({ $change })
table-rating-provisional-mark = provisional
table-rating-provisional-why = { $name }: a provisional rating ({ $games } of the first { $settles } rated matches). A new rating counts only the level the server is already sure of, so it moves a lot from one match to the next; it settles after { $settles } matches.
table-game-draw = Game { $game }: a draw
table-game-won = Game { $game }: { $name } wins
table-obligation = { $name } must equal { $play } or { $then ->
    [skip] skip a turn
   *[pass] pass
}.
table-obligation-you = You must equal { $play } or { $then ->
    [skip] skip a turn
   *[pass] pass
}.
table-ta-gueule = Ta gueule! { $rule }
table-must-include = Your play must include the { $card }.
table-exchange = Card exchange
table-draft-place-all = Draft: each player puts cards face down.
table-draft-pick-all = Draft: the cards are face up; each player takes some in turn.
table-trick-of = Trick of { $kind }.
table-trick-kind = { $size ->
    [1] single cards
    [2] pairs
    [3] three of a kind
    [4] four of a kind
   *[other] { $size } cards
}
table-trick-sequences = { $size }-card sequences
table-you-lead = You lead a new trick.
table-leads = { $name } leads a new trick.
table-trick-won = { $name } wins the trick.
table-trick-won-why = { $name } wins the trick: { $reason }.
table-trick-won-you = You win the trick.
table-trick-won-you-why = You win the trick: { $reason }.
table-face-up = { $count ->
    [one] { $count } card face up
   *[other] { $count } cards face up
}
table-not-dealt = { $count ->
    [one] { $count } card not dealt
   *[other] { $count } cards not dealt
}
table-played = played { $play }
table-team-wins = Games won — team A { $a }, team B { $b }
table-may-pick-up = The defender may pick the pile up.
table-battle = Battle { $battle }
table-battle-attack = Battle { $battle }: { $attacker } attacks { $defender }
table-battle-pile = Battle pile: { $cards }
table-battle-pile-empty = No cards on the battle pile yet.
table-deck = Deck: { $cards }
table-discard-pile = discard pile: { $cards }
table-turn-counter = Play goes counter-clockwise (to the right): a 9 reversed it.
table-turn-clockwise = Play goes clockwise (to the left).
table-house-rules-list = House rules: { $rules }
table-house-rule-name = { $name }:{" "}
# A card handed over in the exchange, with the article the language puts before it.
given-card = the { $card }
table-gave-you = { $name } gave you { $cards }.
table-you-gave = You gave { $cards } to { $to }.
table-gave = { $name } gave { $cards } to { $to }.
table-you-choose = You ({ $title }) choose { $cards } for { $to } ({ $toTitle }).
table-chooses-for-you = { $name } ({ $title }) chooses { $cards } for you ({ $toTitle }).
table-chooses = { $name } ({ $title }) chooses { $cards } for { $to } ({ $toTitle }).
table-draft-pool = Draft pool
table-joker-stands-for = The joker stands for:
table-joker-choice = Joker as { $what }
table-match-over = The match is over.
table-between-rounds = Round { $round } is over. The next round starts when everyone is ready.
table-between-rounds-give = Round { $round } is over. The next round starts when everyone is ready; then give { $cards } to { $to } ({ $title }).
table-between-rounds-draft = Round { $round } is over. The next round starts when everyone is ready; then the draft.
table-play-next-round = You play from the next round on.
table-you-are-out = You are out.
table-you-are-out-place = You are out: { $place } place.
table-next-round-soon = The next round starts soon.
table-move-on-its-way = Your move is on its way.
table-to-play = { $name } to play.
table-lead = Your lead: play one card or a set of one rank.
table-lead-sequences = Your lead: play one card, a set of one rank or a sequence of one suit.
table-beat-or-pass = Your turn: beat the top play, or pass.
table-cannot-beat = Your turn: you cannot beat this, so you pass.
table-choose-joker = Choose the rank the joker stands for.
table-play = Play
table-play-this = Play { $play }
table-pass = Pass
table-owed-give = Your play owes cards: give them to the next player, one at a time.
table-owed-discard = Your play owes cards: discard them face up, one at a time.
table-one-at-a-time = Choose one card at a time.
table-give = Give
table-give-card = Give the { $card }
table-discard = Discard
table-discard-card = Discard the { $card }
table-hint = Hint
table-hint-pass = pass
table-hint-says = Hint: { $move } — { $reason }
table-hint-give = give { $cards }
table-hint-take = take { $cards }
table-hint-discard = discard { $cards }
table-hint-play = play { $play } ({ $cards })
table-exchange-now = Card exchange.
table-exchange-chooses = Card exchange: { $name } ({ $title }) chooses { $cards } for { $to } ({ $toTitle }).
table-exchange-give = Give { $cards } to { $to } ({ $toTitle }): select { $count ->
    [one] it
   *[other] them
} in your hand.
table-give-to = Give { $cards } to { $to }
table-select-more = Select { $count ->
    [one] { $count } more card
   *[other] { $count } more cards
}.
table-select-only = Select only { $cards }.
table-draft-places = Draft: { $name } puts cards face down.
table-draft-takes = Draft: { $name } takes cards from the pool.
table-draft-place = Draft: put { $cards } face down — select them in your hand.
table-draft-take = Draft: take { $cards } from the pool, beside your hand.
table-put-down = Put { $cards } face down
table-take = Take { $cards }
table-staged = Staged for your turn: { $play }.
table-unstage = Cancel the staged move
table-stage = Play { $play } on my turn
table-stage-hint = You may select cards now to play them as soon as it is your turn.
table-pass-trick = Pass until this trick ends

## A President play in words ("two 7s and a joker", "the 9, 10 and jack of spades"): $rank is 2-10 as a number,
## or J, Q, K, A

play-naturals = { $count ->
    [one] { $rank ->
        [8] an 8
        [A] an ace
        [J] a jack
        [Q] a queen
        [K] a king
       *[other] a { $rank }
    }
   *[other] { $count ->
        [2] two
        [3] three
        [4] four
        [5] five
        [6] six
        [7] seven
        [8] eight
       *[other] { $count }
    } { $rank ->
        [J] jacks
        [Q] queens
        [K] kings
        [A] aces
       *[other] { $rank }s
    }
}
play-rank-plural = { $rank ->
    [J] jacks
    [Q] queens
    [K] kings
    [A] aces
   *[other] { $rank }s
}
play-jokers = { $count ->
    [one] a joker
    [2] two jokers
    [3] three jokers
    [4] four jokers
   *[other] { $count } jokers
}
play-jokers-as = { $count ->
    [one] { $jokers } as { $one }
   *[other] { $jokers } as { $plural }
}
play-and-jokers = { $naturals } and { $jokers }
play-sequence = the { $ranks } of { $suit }
play-sequence-rank = { $rank ->
    [J] jack
    [Q] queen
    [K] king
    [A] ace
   *[other] { $rank }
}
play-sequence-joker = { $rank ->
    [J] jack
    [Q] queen
    [K] king
    [A] ace
   *[other] { $rank }
} (a joker)
play-sequence-with-joker = { $naturals }, with a joker
play-sequence-below = a joker below the { $rank }, then { $naturals }
play-sequence-above = { $naturals }, then a joker above the { $rank }

## The effects in force (banners) and the Daifugo options a table plays (its house rules)

effect-banner-revolution = Revolution: the order is reversed — lower cards beat higher ones.
effect-banner-jack-back = Jack back: until this trick ends, lower cards beat higher ones.
effect-banner-jack-back-normal = Jack back: until this trick ends, the order is back to normal.
effect-banner-number-lock = Number lock: until this trick ends, each play must be one rank above the last.
effect-banner-suit-lock = Suit lock: until this trick ends, plays must be { $suits }.
effect-banner-give = 7 give: { $name } gives { $cards } to { $to }, one at a time.
effect-banner-give-you = 7 give: you give { $cards } to { $to }, one at a time.
effect-banner-discard = 10 discard: { $name } discards { $cards } face up, one at a time.
effect-banner-discard-you = 10 discard: you discard { $cards } face up, one at a time.
effect-next-player = the next player
effect-you = you
effect-eight_cut = 8 cut
    .meaning = a play holding an 8 ends the trick
effect-five_skip = 5 skip
    .meaning = each 5 played skips the next player
effect-nine_reverse = 9 reverse
    .meaning = a play holding a 9 reverses the turn order
effect-jack_back = Jack back
    .meaning = a play holding a jack reverses the order of strength until the trick ends
effect-seven_give = 7 give
    .meaning = after playing 7s, give as many cards to the next player
effect-ten_discard = 10 discard
    .meaning = after playing 10s, discard as many cards face up
effect-spade_three_return = Spade 3 return
    .meaning = the 3 of spades beats a joker played alone and ends the trick
effect-suit_lock = Suit lock
    .meaning = a play with the same suits as the one before locks the trick to those suits
effect-sequences = Sequences
    .meaning = three or more cards in a row of one suit are played together
effect-number_lock = Number lock
    .meaning = a play one rank above the one before locks the trick to climbing one rank at a time

## El Presidente at the table

battle-your-turn = Your turn. { $what }
battle-yours-attack = Attack: select one card, or several of one rank (the last you select goes on top).
battle-yours-throw-in = Throw in cards of the attack's rank, or pass.
battle-yours-defend = Beat the top card with a card of the same rank or a higher card of its suit, or concede and take the pile.
battle-yours-beat-throw-in = Throw in cards equal to the beating card, or pass.
battle-yours-pick-up = Take the battle pile, or pass.
battle-others-attack = Waiting for { $name } to attack.
battle-others-throw-in = Waiting for { $name } to throw in or pass.
battle-others-defend = Waiting for { $name } to beat the top card or concede.
battle-others-pick-up = Waiting for { $name } to pick up or pass.
battle-attack = Attack
battle-attack-with = Attack with { $cards }
battle-beat = Beat
battle-beat-with = Beat with { $cards }
battle-throw-in = Throw in
battle-throw-in-with = Throw in { $cards }
battle-concede = Concede and take the pile
battle-pick-up = Pick up the pile
battle-rules = How El Presidente is played
battle-rules-hand = Everyone holds four cards and draws back up to four after each battle. A card beats the top card when it has the same rank, or the same suit and a higher rank (king high, ace low).
battle-rules-attack = The attacker plays one card or several of a rank on the defender; the others may throw in cards of that rank. The defender beats the top card with one card, or concedes and takes the pile.
battle-rules-after = After a beat, anyone may throw in cards of the beating card's rank; then the pile may be picked up, or it is discarded.
battle-rules-win = You win by playing the last of the four cards of a rank with no cards left in your hand.

## The table's log: what happened, each event in a sentence; seats by their names, cards with their suits'
## symbols ($cards, $play: "7♥ 7♦"); a joker standing for a rank or a card

log-seat = seat { $seat }
log-card-jokers = { $count ->
    [one] joker
   *[other] { $count } jokers
}
log-card-joker-as = { $jokers } as { $card }
log-card-joker-below = { $jokers } below { $card }
log-card-joker-above = { $jokers } above { $card }
log-card-comma = {", "}
log-deal = Cards are dealt: { $sizes }.
log-deal-size = { $who } { $count }
log-give = { $who } gives { $cards } to { $to }.
log-give-hidden = { $who } gives { $count ->
    [one] { $count } card
   *[other] { $count } cards
} to { $to }.
log-discard = { $who } discards { $cards } (the receiver left).
log-play-discard = { $who } discards { $cards } face up.
log-draft-place = { $who } puts { $cards } face down.
log-draft-place-hidden = { $who } puts { $count ->
    [one] { $count } card
   *[other] { $count } cards
} face down.
log-draft-reveal = The draft cards are turned face up: { $cards }.
log-draft-take = { $who } takes { $cards }.
log-play = { $who } plays { $play }.
log-revolution-on = { $who }: revolution! The order is reversed.
log-revolution-off = The order is back to normal.
log-lock = { $who } locks the trick: later plays keep the suits of { $play }.
log-pass-limit = { $passes } passes in a row: the players still in get random places.
log-number-lock = { $who } locks the numbers: each later play of the trick must be one rank above the last.
log-jack-back-on = { $who }: jack back! The order is reversed until the trick ends.
log-jack-back-again = { $who }: jack back again, the order turns back.
log-jack-back-end = The trick is over: the jack back ends.
log-turn-order-clockwise = { $who } reverses the turn order: it goes clockwise now.
log-turn-order-counter = { $who } reverses the turn order: it goes counter-clockwise now.
log-finish = { $who } goes out, place { $place }.
log-penalized = { $who } goes out with { $play }: an illegal finish, ranked lowest.
log-downfall = { $who } did not finish first: downfall, ranked last.
log-pass = { $who } passes.
log-skip = { $who } skips a turn.
log-skipped = { $who } is skipped.
log-trick-end = { $who } wins the trick.
log-trick-end-rule = { $who } wins the trick ({ $rule }).
log-table-clears = Everyone passed on the empty table: { $who } leads again.
log-round-end = Round { $round } over. Order: { $order }.
log-leave = { $who } leaves the table.
log-join = { $who } joins and waits for the next round.
log-sit = { $name } sits at seat { $seat }.
log-game-start = Every seat is taken: the game starts.
log-ready = { $who } is ready.
log-next-round = The next round starts.
log-away = { $who } lost the connection.
log-back = { $who } is back.
log-rename = { $old } is now called { $name }.
log-paused-no-legal-move = No legal move for { $who }: the table is paused.
log-match-end = The match is over: { $winners } { $count ->
    [one] wins
   *[other] win
}.
log-attack = { $who } attacks with { $cards }.
log-throw-in = { $who } throws in { $cards }.
log-beat = { $who } beats with { $cards }.
log-concede = { $who } concedes and takes the battle pile.
log-pick-up = { $who } picks up the battle pile.
log-battle-start = Battle { $battle }: { $attacker } attacks { $defender }.
log-game-end-won = Game { $game } over: { $who } wins.
log-game-end-draw = Game { $game } over: a draw.
log-timed-automatic = { $text } (automatic)
log-timed-staged = { $text } (staged)

## Why a trick ended, under the ended trick ($play in words: "two 8s"; $cards: how many cards); the rules that end one

trick-end-play = { $play } { $cards ->
    [one] ends
   *[other] end
} it
trick-end-rule = { $play } { $cards ->
    [one] ends
   *[other] end
} it ({ $rule })
trick-end-revolution = the revolution ends it
trick-end-passes = everyone else passed
trick-end-skips = a skip brought the turn back
trick-rule-trump-jokers = trump jokers
trick-rule-eight = 8-rule
trick-rule-best-rank = the best rank ends the trick
trick-rule-spade-three = spade-3 return
trick-rule-eight-cut = 8 cut
trick-rule-four-in-a-row = four in a row
trick-rule-equalize = an equal play ends the trick
trick-rule-revolution = a revolution ends the trick
trick-rule-skips = a skip brought the turn back

## Why a move is refused (docs/errors.md): $play, $top and $card in words ("two 9s"), $cards, $action and $instead
## with their cards shown ("3♥ 4♣"); $verb is the engine's: give, discard, take, join or leave

refusal-not-a-rank = { $text } is not a rank: use A, 2-10, J, Q or K.
refusal-not-a-card = { $text } is not a card.
refusal-bad-repeat-count = { $text }: a repeat count must be a positive number.
refusal-no-cards = Choose some cards first.
refusal-play-without-cards = A play needs at least one card.
refusal-name-each-joker = Say which card each joker stands for.
refusal-joker-names-held-card = A joker stands for a card the play does not hold already.
refusal-sequence-declares-rank = In a sequence each joker stands for a card, not a rank.
refusal-rank-declared-beside-cards = Only jokers played alone can stand for a rank.
refusal-empty-play = Choose the cards to play.
refusal-only-jokers-stand-in = Only a joker stands for a card, not { $name }.
refusal-jokers-missing-before-equals = Only jokers stand for a rank.
refusal-rank-missing-after-equals = Say which rank the jokers stand for.
refusal-jokers-alone-name-no-card = Jokers played alone stand for a rank, not a card.
refusal-not-one-rank = A play is cards of one rank (jokers may join them).
refusal-sequence-joker-unnamed = In a sequence each joker stands for a card: say which.
refusal-joker-card-needs-sequence = A joker stands for a card only in a sequence with natural cards.
refusal-joker-stands-for-joker = A joker stands for a natural card, not another joker.
refusal-sequence-not-one-suit = A sequence is cards of one suit in a row (a joker may fill a gap).
refusal-sequence-not-consecutive = The ranks of a sequence follow each other (3 4 5).
refusal-empty-action = Choose cards to play, or pass.
refusal-pass-alone = A pass is a move of its own: choose no cards to pass.
refusal-verb-needs-cards = Choose the cards to { $verb }.
refusal-verb-needs-seat = Say which seat to { $verb }.
refusal-special-three-first = The first trick starts with the special 3: lead a play that includes it.
refusal-sequence-trick = This trick is played with sequences of { $size } cards: play a sequence, or pass.
refusal-wrong-size = This trick is played with { $size ->
    [one] { $size } card
   *[other] { $size } cards
}.
refusal-number-locked = The trick is number-locked: play { $rank } (one rank above the last play), or pass.
refusal-number-locked-at-top = The trick is number-locked and nothing is one rank above the last play: pass.
refusal-must-equal = You must equal { $top }, or pass.
refusal-does-not-beat = Playing { $play } does not beat { $top }.
refusal-no-sequences = Sequences are not played at this table: play cards of one rank.
refusal-sequence-too-short = A sequence holds at least { $min } cards.
refusal-joker-below-three = A joker does not stand below the 3 in a sequence at this table.
refusal-joker-above-two = A joker does not stand above the 2 in a sequence at this table.
refusal-two-three-not-connected = The 2 and the 3 do not connect in a sequence at this table.
refusal-joker-too-far = A joker extends a sequence by one card at most: below the 3 or above the 2.
refusal-sequence-answers-sequence = A sequence answers only a sequence: play cards of one rank, or pass.
refusal-wrong-sequence-size = This trick is played with sequences of { $size } cards.
refusal-sequence-not-above = A sequence must be wholly above { $top } (every card above its highest): play higher, or pass.
refusal-no-equal-plays = Equal plays are not allowed here: play higher, or pass.
refusal-lone-joker-not-equalled = A joker played alone cannot be equalled.
refusal-best-not-equalled = The best card cannot be equalled.
refusal-only-scum-equalizes = Only the Scum may equalize here.
refusal-owed-first = First { $verb } { $count ->
    [one] { $count } card
   *[other] { $count } cards
}.
refusal-not-held = You do not hold { $cards }{ $count ->
    [one] {""}
   *[other] {" "}that many times
}.
refusal-trump-jokers-alone = Trump jokers are played on their own.
refusal-declare-joker-rank = Say which rank the jokers stand for.
refusal-jokers-declare-no-rank = Jokers alone do not stand for a rank in this game.
refusal-jokers-name-no-card = Jokers beside natural cards stand for no card at this table: play { $instead }.
refusal-name-each-joker-card = Say which card each joker stands for.
refusal-suit-locked = The trick is locked to the suits { $suits }: play cards of those suits, or pass.
refusal-match-over = The match is over.
refusal-waiting-for-players = The table is waiting for players.
refusal-not-your-turn = It isn't your turn.
refusal-not-your-seat = You can only leave or join your own seat.
refusal-lead-cannot-pass = You lead this trick: you cannot pass when starting a trick.
refusal-not-a-play-move = { $action } is not a move during play: play cards or pass.
refusal-must-give-now = Now you must choose cards to give.
refusal-must-place-now = Now you must choose cards to put face down for the draft.
refusal-must-take-now = Now you must choose cards to take from the draft.
refusal-no-one-to-move = No one is to move.
refusal-owed-one-at-a-time = First { $verb } { $count ->
    [one] { $count } card
   *[other] { $count } cards
}, one at a time.
refusal-give-count = Give exactly { $count ->
    [one] { $count } card
   *[other] { $count } cards
}, not { $size }.
refusal-take-count = Take exactly { $count ->
    [one] { $count } card
   *[other] { $count } cards
}, not { $size }.
refusal-not-in-draft-pool = { $cards } is not in the draft pool.
refusal-no-such-seat = There is no seat { $seat }: seats are 0 to { $last }.
refusal-seat-taken = Seat { $seat } is taken.
refusal-seat-empty = Seat { $seat } is empty.
refusal-attack-without-cards = Play at least one card.
refusal-name-the-cards = Choose the cards to play.
refusal-no-jokers = El Presidente is played without jokers.
refusal-card-twice = A card appears twice: there is only one pack.
refusal-not-an-el-presidente-action = { $text } is not an El Presidente move.
refusal-beat-one-card = The defender beats with exactly one card.
refusal-no-seat-at-table = There is no seat { $seat } at a table of { $players }.
refusal-not-your-turn-to-act = It isn't your turn.
refusal-attack-expected = The attacker plays one card or several equal cards now.
refusal-throw-in-expected = Throw in cards equal in rank to the top card now, or pass.
refusal-beat-expected = The defender beats the top card with one card now, or concedes.
refusal-pick-up-expected = Take the battle pile now, or pass.
refusal-attack-not-one-rank = An attack is one card or several cards of the same rank.
refusal-throw-in-wrong-rank = Only cards of rank { $rank } can be thrown in now.
refusal-card-does-not-beat = { $card } does not beat { $top }: play the same rank, or a higher card of the same suit.
refusal-private-table = This table is private: open it with its invite link.
refusal-hello-first = Say hello first.
refusal-hello-again = Already connected.
refusal-watch-only = Spectators without a player token can only watch.
refusal-not-seated = You are not seated at this table: take a seat first.
refusal-moves-for-own-seat = You hold seat { $seat }, not seat { $asked }: you can only move for your own.
refusal-not-started = The game has not started: waiting for every seat to be taken.
refusal-between-rounds = Between rounds: the next round starts when everyone is ready.
refusal-no-hint-now = There is no move to hint now.
refusal-hint-not-your-turn = A hint is for your turn: wait until it is yours.
refusal-nothing-to-be-ready-for = Nothing to be ready for: no round is about to start.
refusal-already-seated = You already hold seat { $seat }.
refusal-table-full = Every seat is taken: you can watch.
refusal-empty-chat = Empty chat message.
refusal-chat-too-fast = Chat is limited to one message per second.
refusal-resync-ahead = This table has no event { $seq } yet (its last is { $last }).
refusal-leave-with-button = Leave the table with the Leave button.
refusal-no-leave-move = El Presidente has no leave move: the seat plays automatic moves instead.
refusal-no-join-move = El Presidente has no join move: a new player takes over the seat.
# The websocket's own refusals (refusals.WEBSOCKET_CODES); those also met over HTTP are said as error-<code>.
refusal-too-many-connections = Too many connections from your address: close some tables before opening another.
refusal-binary-frame = The server cannot read a message this page sent: reload the page.
refusal-bad-message = The server cannot read a message this page sent ({ $reason }): reload the page.
refusal-too-many-messages = Too many messages: slow down.
refusal-flooded = Too many messages: disconnected.
refusal-hello-flooded = Too many messages without a hello: disconnected.
refusal-rematch-not-over = Play again is offered once the match is over.
refusal-rematch-settled = Playing again is already settled at this table.
refusal-rematch-creator-only = Only the table's creator chooses the seats and the bots for playing again.

## The server's refusals over HTTP (docs/protocol.md): error-<code> with its params; $message is the English sentence
error-storage-failing = Storage is failing: try again in a moment.
error-redis-unreachable = The server cannot reach Redis, which its processes share to run tables together: try again in a moment.
error-server-failed = The server failed on this request (the error was logged).
error-body-too-large = The request is too large: at most { $max_bytes } bytes.
error-body-not-json = The request is not valid JSON.
error-body-not-object = The request must be a JSON object.
error-unknown-token = Unknown session: choose a name to play again.
error-create-player-first = Choose a name first: the request needs your session.
error-device-revoked = This device was signed out of its player: open a sign-in link from another of your devices, or play as someone new.
error-device-link-unknown = This sign-in link is not known: copy it whole, or make a new one.
error-device-link-used = This sign-in link was used already: each link signs in one device. Make a new one.
error-device-link-expired = This sign-in link expired (a link lasts { $minutes } minutes): make a new one.
error-no-such-device = Your player has no such device signed in.
error-too-many-devices = Your player is signed in on { $max } devices: sign one out before adding another.
error-too-many-new-players = Too many new players from your address: try again in a minute.
error-rename-too-soon = You can change your name once every { $seconds } seconds: try again soon.
error-text-required = { $field -> [name] The table name *[other] The display name } must be text of 1 to { $max } characters.
error-text-length = { $field -> [name] The table name *[other] The display name } must have 1 to { $max } characters, not { $length }.
error-text-not-printable = { $field -> [name] The table name *[other] The display name } holds characters that are not text.
error-unknown-fields = Unknown field(s) { $names }: a table takes { $fields }.
error-bad-game = The game must be one of { $games }.
error-bad-preset-field = The preset must be a preset's name, like bga.
error-bad-seats = Seats must be a whole number from { $min } to { $max }.
error-bad-options-field = The options must be an object of option names and values.
error-bad-bots = Give one bot (or nobody, for a player) per seat.
error-not-a-boolean = { $field } must be true or false, not { $value }.
error-no-seat-for-player = Leave at least one seat for a player (or allow all bots to watch bots play).
error-sit-needs-free-seat = To sit, leave a seat without a bot for you.
error-decks-over-server = { $option } must be from { $min } to { $max } on this server, not { $value }: more decks make every move too slow for a shared server.
error-too-many-open-tables = You already have { $count } open tables: play or leave one of them before opening another.
error-too-many-waiting-tables = The server has too many tables waiting for players: join one of them.
error-no-such-table = No such table.
error-game-over = This game is over: watch its replay at /replay/{ $table }.
error-table-damaged = This table is damaged (its stored moves no longer replay): it is kept for inspection.
error-table-expired = This table closed: nobody came to play at it.
error-too-many-ratings = Ask for at most { $max } players' ratings at once.
error-not-replayable = Only finished games can be replayed.
error-step-not-number = The step is a whole number.
error-replay-damaged = This game's stored moves no longer replay: it is damaged.
error-not-reviewable = Only finished President games can be reviewed.
error-bad-review-seat = The seat is a seat number from 0 to { $max }.
error-reviews-busy = The server is busy with other reviews: try again in a minute.
error-position-not-shown = This position cannot be shown: the engine refused it.
error-record-too-large = This record file is larger than the { $max_mb } MB this page opens. `presidente replay FILE` steps through any record in the terminal.
error-record-busy = The server is opening another record file: try again in a moment.
error-record-refused = { $reason }
error-record-closed = This record is no longer open on the server: open its file again.
error-private-table = This table is private: open it with its invite link.
error-not-a-whole-number = { $option } must be a whole number, not { $value } (from { $min } to { $max }).
error-out-of-bounds = { $option } must be a whole number from { $min } to { $max }, not { $value }.
error-not-true-or-false = { $option } must be true or false, not { $value }.
error-not-a-choice = { $option } must be one of { $choices }, not { $value }.
error-bad-text = { $option } must be text of 1 to { $max_chars } printable characters, not { $value }.
error-bad-text-or-null = { $option } must be text of 1 to { $max_chars } printable characters, or nothing, not { $value }.
error-bad-number-list = { $option } must give { $count } numbers, each a whole number from { $min } to { $max }, not { $value }.
error-bad-number-list-item = { $option } must give { $count } numbers, each a whole number from { $min } to { $max }; item { $index } is { $item }.
error-bad-name-list = { $option } must give { $count } names, each of 1 to { $max_chars } printable characters, not { $value }.
error-bad-name-list-item = { $option } must give { $count } names, each of 1 to { $max_chars } printable characters; item { $index } is { $item }.
error-options-not-an-object = The options must be an object of option names and values, not { $value }.
error-unknown-options = Unknown option(s): { $names }.
error-unknown-el-presidente-options = Unknown El Presidente option(s): { $names }.
error-max-players-below-min = The most players must be at least the fewest ({ $min }), not { $max }.
error-no-match-end = A match needs an end: set rounds or a target score.
error-all-passed-needs-trick-passes = Clearing the table when everyone has passed needs passes that hold for the whole trick.
error-joker-suits-needs-one-deck = Jokers naming a suit need a single deck.
error-joker-ends-need-no-wrap = Jokers at a sequence's ends need sequences that do not wrap from the 2 to the 3.
error-sequence-revolution-below-min = A sequence revolution must be 0 or at least the shortest sequence ({ $min }), not { $value }.
error-players-out-of-range = { $rules } is played by { $min } to { $max } players, not { $players }.
error-players-not-exact = { $rules } is played by { $count } players, not { $players }.
error-unknown-preset = Unknown preset { $preset }: choose one of { $presets }.
error-unknown-option = Unknown option { $option }.
error-teams-not-sizes = The teams must be sizes joined by 'v', like 2v2 or 2v2v2, not { $value }.
error-teams-unequal = The teams must be of equal size so that team-mates can sit apart, not { $value }.
error-teams-players = The teams { $teams } need { $needed } players, not { $players }.

# A hint's reason (web/table-hint.js; the codes of presidente/bots/hint.py), after "Hint: <move> —".
hint-why-search = { $deals ->
    [one] the search played each move out on { $deals } deal of the cards you cannot see, and this one did best
   *[other] the search played each move out on { $deals } deals of the cards you cannot see, and this one did best
}
hint-why-search-gain = { $deals ->
    [one] over { $deals } deal of the cards you cannot see, this move did { $gain }% better than the simple choice
   *[other] over { $deals } deals of the cards you cannot see, this move did { $gain }% better than the simple choice
}
hint-why-network = a network trained on thousands of games prefers this move
hint-why-nothing-to-play = nothing you can play: pass
hint-why-give-weakest = give your weakest cards that break no set
hint-why-take-strongest = take the strongest cards that join your sets
hint-why-empties-hand = this play empties your hand
hint-why-strong-now = play your strong cards now: going out with them is not allowed
hint-why-revolution = revolution: your hand is stronger with the order reversed
hint-why-lead-sequence = lead a sequence of your loose weak cards
hint-why-keep-lead = no one can beat this: you keep the lead
hint-why-lead-weakest-set = lead your weakest set
hint-why-lead-weakest = lead your weakest cards
hint-why-illegal-finish = going out with these cards is not allowed
hint-why-no-equalize = equalizing would spend a strong card
hint-why-equalize = equalize
hint-why-keep-strongest = keep your strongest cards for later
hint-why-keep-set = beating would break a set
hint-why-stop-opponent = an opponent is about to go out: beat them
hint-why-equalize-skip = equalize: the next player is skipped
hint-why-beat-weakest = beat with your weakest cards
hint-why-random = a move at random
hint-why-wins-game = this wins the game
hint-why-shed-rank = get rid of a rank you are not collecting
hint-why-beat-then-complete = beat, then throw in the rest to complete the set
hint-why-king-pick-up = no one can win against a King: take it for later
hint-why-pile-has-rank = the pile holds the rank you are collecting
hint-why-nothing-beats = nothing beats this
hint-why-beat-least-needed = beat with the card you need least
hint-why-bigger-hand = a bigger hand is harder to empty
hint-why-nothing-to-throw = nothing to throw in
hint-why-teammate-rest = a team-mate may hold the rest of this rank
hint-why-collecting = you are collecting this rank
hint-why-teammate-burden = do not add to a team-mate's burden
hint-why-harder-attack = get rid of cards and make the attack harder to beat
hint-why-shed-cards = get rid of cards you are not collecting
hint-why-opponent-set = throwing in could let an opponent complete the set

## The guided first game (lobby "Learn to play", table-tutorial.js) and a table's rules in force (table-rules.js)

lobby-learn = Learn to play
lobby-learn-intro = A short guided round against bots: each step says what to do and highlights the card or button to press.
lobby-learn-done = Done: play it again any time.
lobby-learn-skipped = Skipped: try it any time.
tutorial-table-name = Learn to play
tutorial-title = Learn to play
tutorial-progress = { $learned } of { $total } steps learned
tutorial-skip = Skip the tutorial
tutorial-lobby = Back to the lobby
tutorial-start = The cards are being dealt: your hand is at the bottom.
tutorial-lead = You lead the trick: play one card or several of the same rank. Select the highlighted card, then press the play button.
tutorial-beat = Beat the last play with as many cards of a higher rank (3 is the lowest, 2 the highest). Select the highlighted card, then press the play button.
tutorial-pass = You cannot beat this play: press Pass. You sit out until the trick ends.
tutorial-wait = The others play in turn, clockwise: each one beats the last play or passes.
tutorial-wait-lead = The trick's winner leads the next one.
tutorial-trick-end = Everyone else passed, so the trick is over: you won it and lead the next one. Select the highlighted card, then press the play button.
tutorial-trick-end-other = The trick is over: everyone else passed, so { $name } won it and leads the next one.
tutorial-out = You played your last card: you are out first! The others play on until one player is left holding cards.
tutorial-roles = The round is over: the order of going out gives the roles, and you are { $title }; the last one out is { -scum }. Press Ready for the next round.
tutorial-roles-ready = You are { $title }: the next round starts when everyone is ready.
tutorial-exchange = The card exchange: before the round, { -scum } hands { -president } their best cards, and you give back your { $count } weakest. Select the highlighted card, then press Give.
tutorial-exchange-others = The card exchange: the others are handing over their cards.
tutorial-done = You have played a whole round and the exchange: that is President! Play on as long as you like, or go back to the lobby.
rules-button = Rules
rules-title = This table's rules
rules-preset = Rules: { $preset } ({ $name }).
rules-basics = How a round goes
rules-basics-goal = Everyone is dealt cards, and the aim is to play all of yours first. Cards rank from 3 (the lowest) through 10, jack, queen, king and ace to 2 (the highest).
rules-basics-lead = The leader plays one card or several of one rank; each player in turn beats it with as many cards of a higher rank, or passes.
rules-basics-trick = When everyone else has passed, the trick is over and the last player who played leads the next one.
rules-basics-roles = The first out becomes { -president } and the last { -scum }: before the next round { -scum } gives { -president } their best cards and gets cards back.
rules-changed = What this table sets otherwise than the plain rules
rules-option-value = { $option }: { $value }.
rules-plain = Nothing: this table plays the plain rules, every option at its usual value.
rules-all = All { $count } options in force
rules-close = Close
