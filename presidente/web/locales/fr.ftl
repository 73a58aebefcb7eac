# Les mots de Presidente en français. Mêmes identifiants que en.ftl (tests/test_locales.py le vérifie) ;
# docs/i18n.md dit comment ajouter un message ou une langue.

## Le vocabulaire du jeu : les cinq rôles, leurs titres, les jeux

-president = Président
-vice-president = Vice-Président
-neutral = Neutre
-high-scum = Vice-Trou du cul
-scum = Trou du cul

# Les titres des rôles : ceux du moteur par défaut et de chaque preset (rules.py), par le titre en minuscules.
title-president = { -president }
title-vice-president = { -vice-president }
title-neutral = { -neutral }
title-high-scum = { -high-scum }
title-scum = { -scum }
title-minister = Ministre
title-prime-minister = Premier ministre
title-citizen = Citoyen
title-peasant = Paysan
title-beggar = Mendiant
title-vice-asshole = { -high-scum }
title-asshole = { -scum }
title-daifugo = Daifugo
title-fugo = Fugo
title-heimin = Heimin
title-hinmin = Hinmin
title-daihinmin = Daihinmin

game-president = Président
game-el-presidente = El Presidente

## Toutes les pages

language-label = Langue
list-separator = {", "}
value-empty = vide
value-yes = oui
value-no = non
value-none = aucun

## Les cartes comme les dit un lecteur d'écran

suit-C = trèfle
suit-D = carreau
suit-H = cœur
suit-S = pique
rank-J = valet
rank-Q = dame
rank-K = roi
rank-A = as
card-name = { $rank } de { $suit }
card-joker = joker
card-back = dos de carte
card-joker-as = joker pour { $card }
card-joker-below = joker sous le { $card }
card-joker-above = joker au-dessus du { $card }

## Les bots : leur niveau (.play : leur jeu) ; leurs noms sont ceux du serveur

bot-label = bot { $name } ({ $strength })
bot-label-plain = bot { $name }
bot-part = { $name } : { $strength } ({ $play })
bot-part-plain = { $name } : un bot
bot-sentence = { $parts }.
bot-sentence-separator = {" ; "}
bot-random = débutant
    .play = joue n'importe quel coup permis
bot-auto = débutant
    .play = joue ses cartes les plus basses, comme le minuteur
bot-heuristic = solide
    .play = garde ses fortes cartes pour reprendre la main
bot-ismcts = fort — cherche
    .play = essaie chaque coup sur de nombreuses donnes possibles
bot-learned = fort — appris
    .play = un réseau entraîné en jouant contre lui-même à bga à 4 ; ailleurs il joue comme le bot solide
bot-cardsearch = fort — cherche carte à carte
    .play = essaie chaque coup sur de nombreuses donnes, couleurs comprises, quand les règles les demandent
bot-strong = fort — cherche et résout
    .play = fait courir les coups sur de nombreuses donnes possibles, écarte les plus faibles et joue les dernières cartes exactement
bot-ranked = bot { $name } ({ $game })
seat-left = (parti)
seat-empty = (libre)

## Le salon

lobby-page-title = Presidente — salon
lobby-play-title = Jouer au Président maintenant
lobby-play-intro = Vous et trois bots, avec les règles de Board Game Arena : videz votre main le premier pour devenir { -president }.
lobby-play-now = Jouer maintenant
lobby-name-title = Votre nom
lobby-name-label = Nom affiché, de 1 à 24 caractères
lobby-name-save = Enregistrer le nom
lobby-mine-title = Vos tables
lobby-tables-title = Tables ouvertes
lobby-create-title = Nouvelle table
lobby-table-name = Nom de la table
lobby-game = Jeu
lobby-rules = Règles
lobby-seats = Joueurs à la table
lobby-seat-choices = Places : un joueur ou un bot
lobby-sit = Je m'assieds à cette table (la première place de joueur)
lobby-private = Privée : seules les personnes ayant le lien d'invitation peuvent jouer ou regarder
lobby-change-rules = Modifier les règles
lobby-create = Créer la table
lobby-finished-title = Parties terminées
lobby-damaged-title = Tables endommagées
lobby-damaged-note = Leurs coups enregistrés ne se rejouent plus : elles sont gardées pour examen et ne peuvent pas être jouées.
lobby-leaderboard-title = Classement
lobby-leaderboard-note = Tout le monde commence à 1500 ; une cote monte quand vous gagnez et à mesure que le serveur est plus sûr de votre niveau (OpenSkill).
lobby-column-player = Joueur
lobby-column-rating = Cote
lobby-column-games = Parties
lobby-rating-provisional = { $rating } (provisoire)
lobby-leaderboard-provisional = Une cote provisoire a peu de parties classées derrière elle : elle ne compte que le niveau dont le serveur est sûr, et bouge donc beaucoup au début.
lobby-playing-as = Vous jouez sous le nom { $name }
lobby-not-signed-in = Pas connecté : choisissez un nom, ou jouez tout de suite
lobby-default-table-name = Ma table
lobby-own-table-name = Table de { $name }
lobby-guest-name = Invité { $number }
lobby-name-empty = Tapez un nom de 1 à 24 caractères.
lobby-name-saved = Enregistré : vous jouez sous le nom { $name }, avec les mêmes places et la même cote.
lobby-welcome = Bienvenue, { $name }.
lobby-status-waiting = attend des joueurs
lobby-status-playing = en jeu
lobby-status-paused = en pause : aucun joueur présent
lobby-free-seat = place libre
lobby-back-to-seat = Retour à votre place
    .aria-label = Retour à votre place à { $table }
lobby-take-seat = S'asseoir
    .aria-label = S'asseoir à { $table } ({ $free ->
        [one] 1 place libre
       *[other] { $free } places libres
    })
lobby-watch = Regarder
    .aria-label = Regarder { $table } sans s'asseoir
lobby-table-meta = { $game } · { $preset } · { $status } · { $seated } joueurs sur { $seats }
lobby-no-open-table = Aucune table ouverte : appuyez sur Jouer maintenant, ou créez-en une ci-dessous.
lobby-replay-of = Revoir { $table }
lobby-winner = Gagnant : { $name }
lobby-winners = Gagnants : { $names }
lobby-no-winner = Pas de gagnant
lobby-then = puis { $names }
lobby-no-finished = Aucune partie terminée pour l'instant.
lobby-damaged = endommagée
lobby-you = (vous)
lobby-nobody-ranked = Personne n'a encore fini de partie.
lobby-seats-help = De { $low } à { $high } avec ces règles
lobby-seats-refused = Joueurs à la table : de { $low } à { $high } avec { $preset }, pas { $typed }.
lobby-bots-help = Bots : { $sentence }
lobby-a-player = Un joueur
lobby-seat = Place { $number }
lobby-option-changed = Modifiée — { $preset } a { $value }
lobby-changed-count = ({ $count ->
    [one] { $count } modifiée
   *[other] { $count } modifiées
} par rapport à { $preset })
lobby-as-preset = (comme { $preset })
lobby-table-name-missing = Donnez un nom à la table.
lobby-private-open = Votre table privée est ouverte. Envoyez ce lien d'invitation aux personnes que vous voulez y voir :
lobby-go-to-table = Aller à la table

## Votre joueur sur un autre appareil (lobby-devices.js) : un lien de connexion à usage unique, les appareils connectés
devices-title = Vos appareils
devices-lead = Jouez aussi sous votre nom sur votre téléphone ou un autre ordinateur : même nom, mêmes places, même classement. Sans mot de passe ni e-mail.
devices-use-elsewhere = Utiliser sur un autre appareil
devices-list-title = Connecté sur
devices-kind = { $browser } sur { $system }
devices-kind-unknown = Un navigateur
devices-added = ajouté le { $date }
devices-this-one = cet appareil
devices-sign-out-other = Déconnecter
    .aria-label = Déconnecter { $device }, { $added }
devices-sign-out-here = Se déconnecter sur cet appareil
devices-sign-out-confirm = Déconnecter { $name } sur cet appareil ? { $name } reste connecté sur vos autres appareils.
devices-sign-out-last = C'est le seul appareil où { $name } est connecté : une fois déconnecté ici, plus personne ne pourra jouer sous le nom de { $name }.
devices-sign-out-yes = Se déconnecter
devices-cancel = Annuler
devices-claim-confirm = Ce navigateur joue sous le nom de { $name }. Le connecter plutôt au joueur du lien ? { $name } reste sur ses autres appareils, s'il en a.
devices-claim-yes = Se connecter avec le lien
devices-claim-no = Continuer sous le nom de { $name }
devices-signed-in = Vous êtes connecté sous le nom de { $name } sur cet appareil.
devices-signed-out-here = Cet appareil est déconnecté : { $name } reste sur vos autres appareils. Choisissez un nom pour jouer sous une nouvelle identité.
devices-signed-out-elsewhere = Cet appareil a été déconnecté de { $name } depuis un autre appareil. Choisissez un nom pour jouer sous une nouvelle identité, ou ouvrez un lien de connexion.
devices-signed-out-other = { $device } est déconnecté.
devices-link-incomplete = Ce lien de connexion est incomplet : copiez-le en entier.
devices-dialog-title = Utiliser sur un autre appareil
devices-dialog-lead = Ouvrez ce lien sur l'autre appareil, ou scannez le code avec son appareil photo. Il connecte un seul appareil, dans les { $minutes } minutes.
devices-link-label = Lien de connexion
devices-copy = Copier le lien
devices-copied = Lien copié.
devices-select = Le lien est sélectionné : copiez-le.
devices-close = Fermer
devices-qr = Code QR du lien de connexion
devices-joined = { $device } est connecté.

## Les vérifications du formulaire, avant tout envoi

form-must-be-whole = { $label } : { $name } doit être un nombre entier de { $min } à { $max }, pas { $value }.
form-must-be-list = { $label } : { $name } doit donner { $length } éléments, pas { $count }.
form-list-numbers = { $label } : { $name } doit donner { $length } nombres, chacun entier de { $min } à { $max } ; l'élément { $item } est { $value }.
form-list-names = { $label } : { $name } doit donner { $length } noms, chacun de 1 à { $chars } caractères imprimables ; l'élément { $item } est { $value }.
form-must-be-text = { $label } : { $name } doit être un texte de 1 à { $chars } caractères imprimables, pas { $value }.

## Les descriptions des règles prédéfinies

preset-bga = Le Président comme sur Board Game Arena
preset-victorz = Le serveur victorz.ca et ses réglages de salle
preset-trump-jokers = Deux jokers atouts, score au crédit
preset-college = Règles maison d'université, avec l'échange
preset-college-draft = Règles maison d'université, variante à la draft
preset-uecda = UECda, le serveur officiel du concours de Daihinmin entre programmes
preset-daifugo = Une table de Daifugo japonaise courante
preset-standard = Un paquet, des batailles et des relances ; équipes comme 2v2 au choix

## La page de relecture

replay-page-title = Presidente — relecture
replay-home = Presidente : retour au salon
replay-heading = Relecture
replay-controls =
    .aria-label = Parcourir la partie
replay-first =
    .aria-label = Aller à la donne
replay-first-text = Donne
replay-back =
    .aria-label = Reculer d'un coup
replay-back-text = Reculer
replay-next =
    .aria-label = Coup suivant
replay-next-text = Suivant
replay-last =
    .aria-label = Aller à la fin
replay-last-text = Fin
replay-slider = Coup
replay-step = coup { $step } sur { $steps }
replay-round-back = Précédente
replay-round-next = Suivante
replay-keys = Touches : ← et → avancent ou reculent d'un coup ; Début et Fin vont à la donne et à la fin{ $rounds }.
replay-table-after = La table après ce coup
replay-table-position = La table dans cette position
replay-title = Relecture de { $name }
replay-document-title = Presidente — relecture de { $name }
replay-subtitle-record = un fichier de partie
replay-deal = La donne.
replay-table-moves = La table
replay-move = { $who } : { $move }
replay-score = score { $score }
replay-cards = { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}
replay-attacker = attaque
replay-defender = défend
replay-to-move = — à jouer
replay-battle = Bataille { $battle } : { $attacker } attaque { $defender }
replay-empty-pile = Pile vide : un nouveau pli.
replay-face-up = { $count } face visible
replay-counter-clockwise = le jeu tourne dans le sens inverse (un 9 l'a renversé)
replay-battle-counts = pioche { $deck } · défausse { $discard } · parties gagnées { $wins }
replay-log-round = Cette manche jusqu'ici
replay-log-battle = Cette bataille jusqu'ici
replay-seat = Place { $seat }
replay-players = { $count } joueurs
replay-unit-round = manche
replay-unit-game = partie
replay-unit-previous =
    .aria-label = { $unit } précédente
replay-unit-next =
    .aria-label = { $unit } suivante
replay-go-to-unit = Aller à la { $unit }
replay-go = Aller
replay-unit-of = { $unit } { $number } sur { $count }
replay-unit-keys = ; Page préc. et Page suiv. vont à la { $unit } précédente et suivante
replay-no-such-unit = Il n'y a pas de { $unit } { $typed } : elles vont de 1 à { $count }.
replay-record-title = Fichier de partie
replay-record-help = Un fichier de partie est tout un match écrit en JSON : règles, graine et chaque coup ({ $save } pour l'un ou l'autre jeu, { $serve }). Le serveur le rejoue, puis on le parcourt ici comme la relecture d'une partie, toutes les mains visibles, manche par manche (partie par partie pour El Presidente). Les fichiers jusqu'à 4 Mo et 200 000 coups s'ouvrent ici (un match UECda de 1 000 parties fait environ 3 Mo et 130 000 coups) ; { $replay } les montre tous.
replay-record-open = Ouvrir un fichier de partie
replay-record-refused = { $file } n'est pas un fichier de partie que cette page peut montrer : { $reason }
replay-position-title = Fichier de position
replay-position-help = Un fichier de position est une table écrite en JSON ({ $method } ; { $command } en écrit un) : la table qu'il contient est dessinée ici, toutes les mains visibles.
replay-position-open = Ouvrir un fichier de position
replay-position-refused = { $file } n'est pas une position que cette page peut montrer : { $reason }
replay-position-document-title = Presidente — position de { $file }
replay-position-heading = Position d'un fichier
replay-position-shown = La table de { $file }.
replay-open-record-title = Presidente — ouvrir une partie
replay-open-record-heading = Ouvrir une partie
replay-open-record-intro = Un match d'un fichier de partie, parcouru coup par coup, toutes les mains visibles.
replay-open-position-title = Presidente — ouvrir une position
replay-open-position-heading = Ouvrir une position
replay-open-position-intro = Une table d'un fichier de position, toutes les mains visibles.

## L'analyse, sur la page de relecture

review-title = Analyse
review-help = Le bot le plus fort parcourt les coups d'une place, avec ce que cette place pouvait voir, et compare chacun au coup qu'il aurait joué : la place moyenne attendue de chacun (1 est la première) et la chance de finir premier. Choisissez un coup analysé pour le voir sur la table.
review-seat-label = Place à analyser
review-seat = { $name } (place { $seat })
review-start = Analyser les coups de cette place
review-cancel = Annuler
review-progress =
    .aria-label = Coups analysés
review-progress-count = { $done } coups analysés sur { $total }
review-starting = L'analyse commence…
review-stopped = Analyse arrêtée après { $count ->
    [one] { $count } coup
   *[other] { $count } coups
}.
review-failed = L'analyse a échoué : { $reason }
review-moves-of = Coups de { $name }
review-running = Analyse des coups de { $name } : le bot réfléchit environ un quart de seconde par coup.
review-done = Analyse terminée : { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
} de { $name }, { $mistakes ->
    [one] { $mistakes } erreur
   *[other] { $mistakes } erreurs
} ({ $threshold }).
review-threshold-half = un coup qui coûte une demi-place ou plus
review-threshold = un coup qui coûte { NUMBER($places, maximumFractionDigits: 2) } place ou plus
review-answer-cut = la réponse s'est arrêtée avant sa fin
review-estimate = place moyenne { NUMBER($place, minimumFractionDigits: 2, maximumFractionDigits: 2) }, premier { $first } %
review-not-searched = Pas analysé : c'était le seul coup possible (ou l'échange de cartes, ou la draft).
review-agrees = Le bot joue la même chose.
review-mistake = Erreur : coûte environ { NUMBER($cost, minimumFractionDigits: 1, maximumFractionDigits: 1) } place.
review-as-good = Aussi bon que le coup du bot.
review-worse = Un peu moins bon que le coup du bot : environ { NUMBER($cost, minimumFractionDigits: 2, maximumFractionDigits: 2) } place.
review-move-number = Coup { $number } · manche { $round }
review-played = Joué { $move }
review-played-estimate = Joué { $move } — { $estimate }
review-bot-estimate = Bot { $move } — { $estimate }

## Les groupes d'options du formulaire

group-cards = Cartes et jokers
group-plays = Coups
group-revolution = Révolution
group-passing = Passer et égaliser
group-exchange = Rôles et échange de cartes
group-ending = Fin et score
group-table = Table et minuteur
group-other = Autres règles

## Chaque option : son libellé, .help ce qu'elle fait, et les mots de chacun de ses choix

option-decks = Paquets mélangés ensemble
    .help = Nombre de paquets de 52 cartes mélangés ensemble.
option-jokers_per_deck = Jokers par paquet
    .help = Jokers dans chaque paquet.
option-joker_mode = Ce que fait un joker
    .help = wild : un joker remplace n'importe quelle carte ; bga : seul, la plus forte carte, avec d'autres, une carte joker ; trump : un joker bat n'importe quelle combinaison et remporte le pli.
choice-joker_mode-wild = Joker : remplace n'importe quelle carte
choice-joker_mode-bga = Le plus fort seul, joker avec d'autres
choice-joker_mode-trump = Atout : bat toute combinaison et remporte le pli
option-special_three = Le 3 spécial
    .help = Le 3 spécial.
choice-special_three-3C = 3 de trèfle
choice-special_three-3D = 3 de carreau
choice-special_three-3H = 3 de cœur
choice-special_three-3S = 3 de pique
option-deal_extras = Les cartes en trop d'une donne inégale vont
    .help = Qui reçoit les cartes en trop d'une donne inégale : president-first (la donne commence par le { -president }), lowest-first (les joueurs les moins bien classés), dealer-left (la donne commence à gauche du donneur, le { -scum }).
choice-deal_extras-president-first = D'abord au { -president }
choice-deal_extras-lowest-first = Aux joueurs les moins bien classés
choice-deal_extras-dealer-left = Aux joueurs à gauche du donneur
option-two_player_hand = Cartes par joueur à deux (0 : tout distribuer)
    .help = À 2 joueurs, chacun reçoit ce nombre de cartes (0 : tout distribuer).
option-special_three_must_lead = Qui a le 3 spécial doit le jouer en ouvrant
    .help = Qui a le 3 spécial et ouvre doit le jouer (UECda : « il n'est pas obligé de le jouer »).
option-first_round_leader = Qui ouvre la première manche
    .help = Sans { -president } ni { -vice-president } : qui a le 3 spécial ouvre et doit le jouer, ou un joueur au hasard.
choice-first_round_leader-special-three = Qui a le 3 spécial, en le jouant
choice-first_round_leader-random = Un joueur au hasard
option-first_trick = Qui ouvre les manches suivantes
    .help = Qui ouvre le premier pli d'une manche : scum (le { -scum }), president (le { -president }), random (au hasard), ou special-three (qui a le 3 spécial, à chaque manche : le 3 de carreau d'UECda).
choice-first_trick-scum = Le { -scum }
choice-first_trick-president = Le { -president }
choice-first_trick-random = Un joueur au hasard
choice-first_trick-special-three = Qui a le 3 spécial
option-one_fewer_two = Un 2 de moins bat une combinaison (deux 2 battent trois 7)
    .help = N-1 cartes du meilleur rang battent N autres cartes (N >= 2).
option-four_in_a_row = Quatre cartes d'un rang à la suite ferment le pli
    .help = 4 cartes d'un rang à la suite ferment le pli : off (non) ; on (oui) ; by-equalizing (seulement sur plusieurs coups).
choice-four_in_a_row-off = Non
choice-four_in_a_row-on = Oui
choice-four_in_a_row-by-equalizing = Seulement en égalisant
option-eight_rule = Un 8 ferme le pli (un joker seul joué comme 8 aussi)
    .help = Règle du 8 : un coup de 8 ferme le pli, un joker joué seul comme 8 aussi ; penalize_final_eight en tient compte. eight_cut est la lecture d'UECda.
option-best_rank_ends_trick = Le meilleur rang (les 2) ferme le pli
    .help = Un coup du meilleur rang (2, ou 3 en révolution) ferme le pli.
option-jack_back = Valet inverse : un valet renverse les rangs jusqu'à la fin du pli
    .help = Valet inverse (11-back) : un coup avec un valet renverse l'ordre des forces jusqu'à la fin du pli (un autre valet le remet).
option-eight_cut = 8 coupe : un coup avec un 8 ferme le pli (un joker seul n'est pas un 8)
    .help = 8 coupe : un coup avec un 8 ferme le pli, comme eight_rule, mais un joker joué seul n'est jamais un 8 (UECda), et penalize_final_eight n'en tient pas compte.
option-five_skip = 5 saute : chaque 5 fait sauter le joueur suivant
    .help = 5 saute : chaque 5 d'un coup (un joker qui en tient lieu compte) fait sauter un joueur suivant ; un saut qui revient au joueur qui a joué ferme le pli.
option-nine_reverse = 9 inverse : un 9 renverse le sens du jeu
    .help = 9 inverse : un coup avec un 9 renverse le sens du jeu (une fois par coup, quel que soit le nombre) pour le reste de la manche ; un autre coup pareil le remet.
option-seven_give = 7 donne : donner une carte au joueur suivant par 7 joué
    .help = 7 donne : après un coup avec des 7, le joueur donne autant de cartes de son choix que de 7 joués (un joker à côté compte) au joueur suivant encore en jeu ; donner sa dernière carte, c'est sortir.
option-ten_discard = 10 défausse : défausser une carte par 10 joué
    .help = 10 défausse : après un coup avec des 10, le joueur défausse face visible autant de cartes de son choix que de 10 joués (un joker à côté compte) ; défausser sa dernière carte, c'est sortir.
option-spade_three_return = Retour du 3 de pique : le 3 de pique bat un joker seul
    .help = Retour du 3 de pique : le 3 de pique joué seul bat un joker seul joué comme simple (le mode bga des jokers), et ferme le pli.
option-suit_lock = Verrou de couleur : deux coups des mêmes couleurs y verrouillent le pli
    .help = Verrou de couleur (shibari) : un coup avec exactement les couleurs du coup précédent (sans joker ni dans l'un ni dans l'autre) verrouille le pli sur ces couleurs ; un joker joué seul lève le verrou.
option-joker_suits = Un joker avec d'autres cartes nomme sa couleur (JK=9H), que lit le verrou de couleur
    .help = Un joker avec des cartes naturelles d'un rang nomme la carte qu'il remplace ('JK=9H 9S'), et le verrou de couleur lit sa couleur (la table d'UECda le met dans la case d'une couleur) ; dans un carré plus un, il n'en nomme aucune. Un seul paquet.
option-number_lock = Verrou de rang : deux coups à un rang d'écart obligent à monter d'un rang
    .help = Verrou de rang (kaidan shibari) : dès qu'un coup d'un rang est un rang au-dessus du coup précédent, chaque coup suivant du pli est un rang au-dessus du dernier ; un joker joué seul le lève. Avec suit_lock : les deux.
option-sequences = Suites : des cartes d'une couleur qui se suivent (3H 4H 5H) sont un coup
    .help = Suites (kaidan) : des cartes d'une couleur sur sequence_min rangs consécutifs ou plus (un joker peut remplacer une carte, 'JK=5H') sont un coup ; une suite ne répond qu'à une suite de même longueur entièrement au-dessus.
option-sequence_min = Cartes au moins dans une suite
    .help = Le plus petit nombre de cartes d'une suite.
option-sequence_wraps = Le 2 et le 3 se suivent dans une suite
    .help = Le 2 et le 3 se suivent dans une suite (K A 2 3) ; les cartes après le meilleur rang comptent au-dessus.
option-sequence_joker_ends = Un joker peut prolonger une suite sous le 3 ou au-dessus du 2 (JK=<3S 3S 4S)
    .help = Un joker peut prolonger une suite au-delà de ses bouts, dans une case sans carte : sous le 3 ('JK=<3S 3S 4S', la plus faible) ou au-dessus du 2 ('AS 2S JK=>2S', la plus forte) ; il ne tient lieu d'aucun rang (colonnes 0 et 14 d'UECda).
option-revolution = Révolution : un carré renverse les rangs
    .help = Révolution sur 4 cartes ou plus : off (non) ; strict (sans joker) ; relaxed (4 cartes hors jokers) ; jokers (les jokers comptent).
choice-revolution-off = Non
choice-revolution-strict = Stricte : sans joker
choice-revolution-relaxed = Souple : quatre cartes hors jokers
choice-revolution-jokers = Les jokers comptent
option-revolution_cards = Cartes qui font une révolution
    .help = Cartes d'un même coup qui font une révolution.
option-sequence_revolution = Une suite aussi longue fait une révolution (0 : jamais)
    .help = Une suite d'au moins ce nombre de cartes fait une révolution (0 : aucune ; UECda : 5).
option-revolution_ends_trick = Une révolution ferme le pli
    .help = Une révolution ferme le pli en cours.
option-revolution_scope = Une révolution dure
    .help = Une révolution dure jusqu'à la fin de la manche, ou du pli.
choice-revolution_scope-round = Jusqu'à la fin de la manche
choice-revolution_scope-trick = Jusqu'à la fin du pli
option-pass_mode = Passer
    .help = turn : passer ce tour seulement ; trick : hors du pli ; single : un coup chacun par pli.
choice-pass_mode-turn = Saute ce tour seulement
choice-pass_mode-trick = Met hors jeu jusqu'à la fin du pli
choice-pass_mode-single = Un coup chacun par pli
option-equalize = Rejouer la même chose (égaliser)
    .help = Rejouer la même combinaison : disallow (interdit) ; allow (permis) ; or-skip / or-pass (le suivant doit égaliser ou sauter / passer) ; force-skip (le joueur suivant est sauté).
choice-equalize-disallow = Interdit
choice-equalize-allow = Permis
choice-equalize-or-skip = Permis : le suivant égalise ou est sauté
choice-equalize-or-pass = Permis : le suivant égalise ou passe
choice-equalize-force-skip = Permis : le suivant est sauté
option-equalize_ends_trick_by_scum = Le { -scum } qui égalise ferme le pli
    .help = Le pli se ferme si le { -scum } égalise.
option-equalize_ends_trick_by_non_scum = Tout autre joueur qui égalise ferme le pli
    .help = Le pli se ferme si un joueur qui n'est pas le { -scum } égalise.
option-first_equalize_only_by_scum = Seul le { -scum } (ou un joueur qui y est obligé) peut égaliser
    .help = Seul le { -scum }, ou un joueur obligé d'égaliser, peut égaliser.
option-no_equal_best = La meilleure carte ne peut pas être égalisée
    .help = La meilleure carte (2, 3 en révolution, joker) ne peut pas être égalisée.
option-trick_end = Le pli se ferme
    .help = Quand un pli se ferme : others-passed (quand le tour reviendrait au dernier joueur) ; all-passed (UECda : le dernier joueur peut rejouer sur son propre coup, et la table se vide quand tous les joueurs encore en jeu ont passé).
choice-trick_end-others-passed = Quand tous les autres ont passé
choice-trick_end-all-passed = Quand tout le monde a passé, le dernier joueur aussi (il peut rejouer)
option-lead_pass = Qui ouvre peut passer
    .help = Un joueur qui ouvre peut passer (UECda) ; quand tous les joueurs encore en jeu ont passé sur une table vide, le même ouvre à nouveau.
option-pass_limit = Passes d'affilée qui finissent la manche avec des places au hasard (0 : jamais)
    .help = Après ce nombre de passes d'affilée, chaque joueur encore en jeu reçoit au hasard une des places restantes (0 : jamais ; UECda : 20).
option-exchange = Entre les manches
    .help = Entre les manches : none (rien) ; trade (les rôles échangent des cartes) ; draft.
choice-exchange-none = Pas d'échange
choice-exchange-trade = Échange : les rôles échangent des cartes
choice-exchange-draft = Draft : cartes posées, puis choisies
option-exchange_order = Ordre de l'échange
    .help = loser-first : le { -scum } donne d'abord, puis le { -president } choisit ; winner-first : les deux donnent en même temps, des mains telles que distribuées ; in-return : le { -president } donne, puis le { -scum } rend ses meilleures cartes.
choice-exchange_order-loser-first = Le { -scum } donne d'abord, puis le { -president }
choice-exchange_order-winner-first = Les deux donnent en même temps, des mains telles que distribuées
choice-exchange_order-in-return = Le { -president } donne, puis le { -scum } en retour
option-top_exchange_cards = Cartes entre { -president } et { -scum }
    .help = Cartes échangées entre le { -president } et le { -scum }.
option-vice_exchange_cards = Cartes entre { -vice-president } et { -high-scum }
    .help = Cartes échangées entre le { -vice-president } et le { -high-scum }.
option-draft_cards = Cartes que chaque joueur pose dans la draft
    .help = Cartes que chaque joueur pose puis reprend dans la draft.
option-must_give_lowest = Le { -president } donne ses plus basses cartes
    .help = Le { -president } et le { -vice-president } doivent donner leurs plus basses cartes.
option-keep_jokers = Le { -scum } et le { -high-scum } gardent leurs jokers quand ils le peuvent
    .help = Le { -scum } et le { -high-scum } gardent leurs jokers dans l'échange quand ils le peuvent.
option-top_roles_min_players = Joueurs nécessaires pour { -president } et { -scum }
    .help = Joueurs nécessaires pour qu'il y ait un { -president } et un { -scum }.
option-vice_roles_min_players = Joueurs nécessaires pour { -vice-president } et { -high-scum }
    .help = Joueurs nécessaires pour un { -vice-president } et un { -high-scum }.
option-role_titles = Noms des rôles : premier, deuxième, autres, avant-dernier, dernier
    .help = Noms des cinq rôles : premier, deuxième, autres, avant-dernier, dernier.
option-penalize_final_two = Sortir sur un 2 donne la pire place restante
    .help = Sortir avec un 2 donne le pire rang encore libre.
option-penalize_final_joker = Sortir sur un joker donne la pire place restante
    .help = Sortir avec un joker donne le pire rang encore libre.
option-penalize_final_best = Sortir sur le meilleur rang donne la pire place restante
    .help = Sortir avec le meilleur rang (2, ou 3 en révolution) donne le pire rang encore libre.
option-penalize_final_eight = Sortir sur un 8 donne la pire place restante
    .help = Sortir avec un 8 quand eight_rule est actif donne le pire rang encore libre.
option-downfall = Chute : un { -president } qui n'est pas premier devient dernier
    .help = Un { -president } (Ministre à 2 ou 3 joueurs) qui ne finit pas premier est classé dernier.
option-scoring = Score
    .help = beaten : un point par joueur battu ; credit : on part d'un crédit et on en perd selon son rôle ; places : un point par joueur battu, plus un (UECda : 5, 4, 3, 2, 1).
choice-scoring-beaten = Un point par joueur battu
choice-scoring-credit = Crédit : on en part, on en perd selon son rôle
choice-scoring-places = Un point par joueur battu, plus un (5 à 1 à cinq)
option-target_score = Le match finit à ce score (0 : pas de but)
    .help = Le match finit quand un joueur atteint ce score (0 : pas de but).
option-rounds = Manches du match (0 : sans limite)
    .help = Le match finit après ce nombre de manches (0 : sans limite).
option-credit_start = Crédit de départ
    .help = Crédit de départ avec le score au crédit.
option-credit_changes = Variation du crédit : { -president }, Vice, { -neutral }, { -high-scum }, { -scum }
    .help = Variation du crédit pour { -president }, Vice, { -neutral }, { -high-scum }, { -scum }.
option-games = Parties du match
    .help = Parties du match.
option-battle_limit = Batailles avant qu'une partie soit nulle
    .help = Une partie qui atteint ce nombre de batailles est nulle.
option-turn_time = Secondes par tour
    .help = Secondes par tour avant que le coup automatique soit joué.
option-min_players = Joueurs au moins
    .help = Le moins de joueurs à la table.
option-seat_shuffle = Les places sont retirées au sort toutes les ce nombre de manches (0 : jamais)
    .help = L'ordre des places est tiré au sort toutes les ce nombre de manches, dès la première (0 : jamais ; UECda : 3) ; les rôles restent.
option-rank_reset = Les rôles sont effacés toutes les ce nombre de manches (0 : jamais)
    .help = Toutes les ce nombre de manches, dès la première, les rôles sont effacés : pas d'échange de cartes cette manche-là (0 : jamais ; UECda : 100).
option-max_players = Joueurs au plus
    .help = Le plus de joueurs à la table (au moins min_players).
option-teams = Équipes, comme 2v2 (vide : chacun pour soi)
    .help = Disposition des équipes comme 2v2 ou 2v2v2 (vide : chacun pour soi).

## La table (table.html, table*.js) : la page, les places, le centre, vos coups, les résultats

table-page-title = { $name } — Presidente
table-page-title-turn = ● À vous — { $name } — Presidente
table-heading = Table
table-keys-button = ?
    .aria-label = Raccourcis clavier
    .title = Raccourcis clavier (?)
table-watching =
    .aria-label = Spectateur
table-felt =
    .aria-label = La table
table-trick =
    .aria-label = Pli en cours
table-dock =
    .aria-label = Vos coups
table-hand =
    .aria-label = Votre main
table-house-rules =
    .aria-label = Règles de la maison
table-auto-pass = Passer pour moi quand je ne peux pas jouer
table-leave = Quitter la table
table-leave-confirm = Quitter cette table ? En cours de manche, vous prenez le pire rang restant.
table-log = Journal
table-chat = Discussion
table-chat-message = Message
table-chat-input =
    .placeholder = Dites quelque chose
table-chat-send = Envoyer
table-chat-note = Prenez place ou connectez-vous depuis l'accueil pour discuter.
table-card-dim = ne peut faire partie d'aucun coup permis maintenant
table-card-received = reçue lors de l'échange de cartes
table-keys-title = Raccourcis clavier
table-key-move = ← → ou 1–9
table-key-move-does = parcourir votre main
table-key-space = Espace
table-key-space-does = choisir ou laisser la carte
table-key-enter = Entrée
table-key-enter-does = jouer (ou donner, ou prendre) les cartes choisies
table-key-pass-does = passer
table-key-hint-does = conseil : le coup du meilleur bot
table-key-ready-does = prêt pour la manche suivante
table-key-escape = Échap
table-key-escape-does = vider la sélection
table-key-help-does = cette liste
table-keys-close = Fermer
table-sound-on = Son activé
table-sound-off = Son coupé
table-reconnecting = Reconnexion…
table-invite-button = Inviter
table-invite-title = Inviter des gens à cette table
table-invite-lead = Envoyez-leur ce lien, ou faites-leur scanner le code avec un téléphone.
table-invite-link = Lien vers cette table
table-invite-copy = Copier le lien
table-invite-share = Partager…
table-invite-share-text = Viens jouer au { -president } avec moi
table-invite-qr =
    .alt = Code QR du lien vers cette table
table-invite-close = Fermer
table-invite-copied = Lien copié.
table-invite-select = Le lien est sélectionné : copiez-le avec Ctrl+C (⌘C sur Mac).
table-invite-unavailable = Le lien d'invitation ne peut pas être affiché pour l'instant.
table-closed-unknown = Il n'y a pas de table ici : le lien est erroné, ou la table a fermé.
table-closed-private = Cette table est privée : ouvrez-la avec son lien d'invitation, que vous donnera la personne qui vous invite.
table-closed-signed-out = Cet appareil a été déconnecté de votre joueur. Allez au salon pour jouer sous une nouvelle identité, ou ouvrez un lien de connexion depuis un autre de vos appareils.
table-closed-lobby = Aller au salon
table-status-waiting = En attente de joueurs
table-status-paused = En pause jusqu'au retour d'un joueur
table-status-over = Partie terminée
table-status-round = Manche { $round }
table-status-round-over = Manche { $round } · partie terminée
table-status-battle = Jeu { $game } sur { $games } · bataille { $battle }
table-starts-when-full = La partie commence quand toutes les places sont prises.
table-watch-over = La partie est terminée : vous regardez.
table-watch-free = Vous regardez cette table.
table-watch-full = Vous regardez : toutes les places sont prises.
table-sit-as = S'asseoir ici en tant que { $name }
table-your-name = Votre nom
table-sit-here = S'asseoir ici
table-sit-seat = S'asseoir ici, à la place { $seat }
table-timer-next-round = Manche suivante dans { $seconds } s
table-timer-yours = À vous · { $seconds } s
table-timer = { $name } · { $seconds } s
table-your-turn-said = À vous de jouer.
table-staged-gone = Votre coup préparé n'est plus possible : { $play }.
table-seat-number = place { $seat }
table-seat-you = { $name } (vous)
table-cards = { $count ->
    [0] aucune carte
    [one] { $count } carte
   *[other] { $count } cartes
}
table-place = { $place ->
    [1] 1er
   *[other] { $place }e
}
table-credit = { $score ->
    [one] { $score } crédit
   *[other] { $score } crédits
}
table-points = { $score ->
    [one] { $score } point
   *[other] { $score } points
}
table-marker-turn = à jouer
table-marker-empty = place vide
table-marker-waiting = attend la manche suivante
table-marker-out = sorti
table-marker-out-place = sorti · { $place }
table-marker-skipped = sauté
table-marker-passed = a passé
table-marker-attacker = attaquant
table-marker-defender = défenseur
table-marker-dealer = donneur
table-marker-team = équipe { $team }
table-marker-away = absent
table-marker-free = place libre
table-marker-ready = prêt
table-ready-waiting = Vous êtes prêt : on attend les autres.
table-ready = Prêt pour la manche suivante
table-watch-replay = Revoir cette partie
# Play again (table-rematch.js)
table-rematch-title = Rejouer ?
table-rematch-offer = Une nouvelle table avec les mêmes personnes et les mêmes règles.
table-rematch-accept = Rejouer
table-rematch-decline = Non, merci
table-rematch-fill-bots = Des robots prennent les places refusées
table-rematch-rotate = Chacun avance d'une place autour de la table
table-rematch-creator-chooses = C'est la personne qui a ouvert la table qui choisit.
table-rematch-time = Les places sans réponse dans { $seconds } s comptent comme refusées.
table-rematch-answers = Réponses
table-rematch-answer-accepted = { $name } : rejoue
table-rematch-answer-declined = { $name } : refuse
table-rematch-answer-waiting = { $name } : pas encore répondu
table-rematch-answer-bot = { $name } : vient aussi
table-rematch-answer-nobody = Place { $seat } : personne
table-rematch-go = Aller à la nouvelle table
table-rematch-watch = Regarder la nouvelle table
table-rematch-opening = La nouvelle table est ouverte : on vous y emmène…
table-rematch-opened = La nouvelle table est ouverte.
table-rematch-nobody = Personne n'a voulu rejouer.
table-rematch-failed = La nouvelle table n'a pas pu être ouverte : créez-en une depuis le salon.
table-results-over = Partie terminée
table-results-round = Résultats de la manche { $round }
table-results-game = Jeu { $game } terminé
table-results-winners = { $count ->
    [one] { $winners } gagne la partie.
   *[other] { $winners } gagnent la partie.
}
table-col-place = Rang
table-col-player = Joueur
table-col-title = Titre
table-col-points = Points
table-col-total = Total
table-col-rating = Classement
table-col-round = Manche
table-title-was = { $title } (était { $was })
table-score-sheet = Feuille de score
table-ratings = Classements
table-rating-coming = classement en route
table-rating-first = { $rating } ({ $change }, première partie classée)
table-rating-change = { $rating } ({ $change })
table-rating-provisional-mark = provisoire
table-rating-provisional-why = { $name } : classement provisoire ({ $games } sur les { $settles } premières parties classées). Un nouveau classement ne compte que le niveau dont le serveur est déjà sûr : il bouge beaucoup d'une partie à l'autre et se stabilise après { $settles } parties.
table-game-draw = Jeu { $game } : match nul
table-game-won = Jeu { $game } : { $name } gagne
table-obligation = { $name } doit égaler { $play } ou { $then ->
    [skip] sauter son tour
   *[pass] passer
}.
table-obligation-you = Vous devez égaler { $play } ou { $then ->
    [skip] sauter votre tour
   *[pass] passer
}.
table-ta-gueule = Ta gueule ! { $rule }
table-must-include = Votre coup doit contenir la carte { $card }.
table-exchange = Échange de cartes
table-draft-place-all = Draft : chacun pose des cartes face cachée.
table-draft-pick-all = Draft : les cartes sont face visible ; chacun en prend à son tour.
table-trick-of = Pli de { $kind }.
table-trick-kind = { $size ->
    [1] cartes seules
    [2] paires
    [3] brelans
    [4] carrés
   *[other] { $size } cartes
}
table-trick-sequences = suites de { $size } cartes
table-you-lead = Vous ouvrez un nouveau pli.
table-leads = { $name } ouvre un nouveau pli.
table-trick-won = { $name } remporte le pli.
table-trick-won-why = { $name } remporte le pli : { $reason }.
table-trick-won-you = Vous remportez le pli.
table-trick-won-you-why = Vous remportez le pli : { $reason }.
table-face-up = { $count ->
    [one] { $count } carte face visible
   *[other] { $count } cartes face visible
}
table-not-dealt = { $count ->
    [one] { $count } carte non distribuée
   *[other] { $count } cartes non distribuées
}
table-played = a joué { $play }
table-team-wins = Jeux gagnés — équipe A { $a }, équipe B { $b }
table-may-pick-up = Le défenseur peut ramasser le tas.
table-battle = Bataille { $battle }
table-battle-attack = Bataille { $battle } : { $attacker } attaque { $defender }
table-battle-pile = Tas de la bataille : { $cards }
table-battle-pile-empty = Pas encore de carte sur le tas de la bataille.
table-deck = Pioche : { $cards }
table-discard-pile = défausse : { $cards }
table-turn-counter = Le jeu tourne dans le sens inverse des aiguilles d'une montre (vers la droite) : un 9 l'a renversé.
table-turn-clockwise = Le jeu tourne dans le sens des aiguilles d'une montre (vers la gauche).
table-house-rules-list = Règles de la maison : { $rules }
table-house-rule-name = { $name } :{" "}
# A card handed over in the exchange, with the article the language puts before it.
given-card = { $rank ->
    [A] l'{ $card }
    [Q] la { $card }
   *[other] le { $card }
 }
table-gave-you = { $name } vous a donné { $cards }.
table-you-gave = Vous avez donné { $cards } à { $to }.
table-gave = { $name } a donné { $cards } à { $to }.
table-you-choose = Vous ({ $title }) choisissez { $cards } pour { $to } ({ $toTitle }).
table-chooses-for-you = { $name } ({ $title }) choisit { $cards } pour vous ({ $toTitle }).
table-chooses = { $name } ({ $title }) choisit { $cards } pour { $to } ({ $toTitle }).
table-draft-pool = Cartes du draft
table-joker-stands-for = Le joker vaut :
table-joker-choice = Joker pour { $what }
table-match-over = La partie est terminée.
table-between-rounds = La manche { $round } est finie. La suivante commence quand tout le monde est prêt.
table-between-rounds-give = La manche { $round } est finie. La suivante commence quand tout le monde est prêt ; vous donnerez alors { $cards } à { $to } ({ $title }).
table-between-rounds-draft = La manche { $round } est finie. La suivante commence quand tout le monde est prêt ; puis vient le draft.
table-play-next-round = Vous jouez à partir de la manche suivante.
table-you-are-out = Vous êtes sorti.
table-you-are-out-place = Vous êtes sorti : { $place }.
table-next-round-soon = La manche suivante commence bientôt.
table-move-on-its-way = Votre coup est en route.
table-to-play = À { $name } de jouer.
table-lead = Vous ouvrez : jouez une carte ou plusieurs cartes d'une même valeur.
table-lead-sequences = Vous ouvrez : jouez une carte, plusieurs cartes d'une même valeur ou une suite d'une même couleur.
table-beat-or-pass = À vous : battez le dernier coup, ou passez.
table-cannot-beat = À vous : vous ne pouvez pas battre ce coup, vous passez.
table-choose-joker = Choisissez la valeur du joker.
table-play = Jouer
table-play-this = Jouer { $play }
table-pass = Passer
table-owed-give = Votre coup vous doit des cartes : donnez-les au joueur suivant, une à une.
table-owed-discard = Votre coup vous doit des cartes : défaussez-les face visible, une à une.
table-one-at-a-time = Choisissez une carte à la fois.
table-give = Donner
table-give-card = Donner la carte { $card }
table-discard = Défausser
table-discard-card = Défausser la carte { $card }
table-hint = Conseil
table-hint-pass = passer
table-hint-says = Conseil : { $move } — { $reason }
table-hint-give = donner { $cards }
table-hint-take = prendre { $cards }
table-hint-discard = défausser { $cards }
table-hint-play = jouer { $play } ({ $cards })
table-exchange-now = Échange de cartes.
table-exchange-chooses = Échange de cartes : { $name } ({ $title }) choisit { $cards } pour { $to } ({ $toTitle }).
table-exchange-give = Donnez { $cards } à { $to } ({ $toTitle }) : { $count ->
    [one] choisissez-la
   *[other] choisissez-les
} dans votre main.
table-give-to = Donner { $cards } à { $to }
table-select-more = { $count ->
    [one] Choisissez encore { $count } carte.
   *[other] Choisissez encore { $count } cartes.
}
table-select-only = Choisissez seulement { $cards }.
table-draft-places = Draft : { $name } pose des cartes face cachée.
table-draft-takes = Draft : { $name } prend des cartes du draft.
table-draft-place = Draft : posez { $cards } face cachée — choisissez-les dans votre main.
table-draft-take = Draft : prenez { $cards } parmi celles du draft, à côté de votre main.
table-put-down = Poser { $cards } face cachée
table-take = Prendre { $cards }
table-staged = Préparé pour votre tour : { $play }.
table-unstage = Annuler le coup préparé
table-stage = Jouer { $play } à mon tour
table-stage-hint = Vous pouvez choisir des cartes dès maintenant pour les jouer à votre tour.
table-pass-trick = Passer jusqu'à la fin de ce pli

## Un coup en mots (« deux 7 et un joker », « les 9, 10 et valet de pique ») : $rank vaut 2-10 (un nombre), ou J, Q, K, A

play-naturals = { $count ->
    [one] { $rank ->
        [A] un as
        [J] un valet
        [Q] une dame
        [K] un roi
       *[other] un { $rank }
    }
   *[other] { $count ->
        [2] deux
        [3] trois
        [4] quatre
        [5] cinq
        [6] six
        [7] sept
        [8] huit
       *[other] { $count }
    } { $rank ->
        [J] valets
        [Q] dames
        [K] rois
        [A] as
       *[other] { $rank }
    }
}
play-rank-plural = { $rank ->
    [J] valets
    [Q] dames
    [K] rois
    [A] as
   *[other] { $rank }
}
play-jokers = { $count ->
    [one] un joker
    [2] deux jokers
    [3] trois jokers
    [4] quatre jokers
   *[other] { $count } jokers
}
play-jokers-as = { $count ->
    [one] { $jokers } pour { $one }
   *[other] { $jokers } pour des { $plural }
}
play-and-jokers = { $naturals } et { $jokers }
play-sequence = les { $ranks } de { $suit }
play-sequence-rank = { $rank ->
    [J] valet
    [Q] dame
    [K] roi
    [A] as
   *[other] { $rank }
}
play-sequence-joker = { $rank ->
    [J] valet
    [Q] dame
    [K] roi
    [A] as
   *[other] { $rank }
} (un joker)
play-sequence-with-joker = { $naturals }, avec un joker
play-sequence-below = un joker sous le { $rank }, puis { $naturals }
play-sequence-above = { $naturals }, puis un joker au-dessus du { $rank }

## Les effets en cours (bandeaux) et les options Daifugo de la table (ses règles de la maison)

effect-banner-revolution = Révolution : l'ordre est inversé — les cartes basses battent les hautes.
effect-banner-jack-back = Valet retour : jusqu'à la fin du pli, les cartes basses battent les hautes.
effect-banner-jack-back-normal = Valet retour : jusqu'à la fin du pli, l'ordre redevient normal.
effect-banner-number-lock = Blocage des valeurs : jusqu'à la fin du pli, chaque coup doit monter d'une valeur exactement.
effect-banner-suit-lock = Blocage des couleurs : jusqu'à la fin du pli, les coups doivent être en { $suits }.
effect-banner-give = 7 à donner : { $name } donne { $cards } à { $to }, une à une.
effect-banner-give-you = 7 à donner : vous donnez { $cards } à { $to }, une à une.
effect-banner-discard = 10 à défausser : { $name } défausse { $cards } face visible, une à une.
effect-banner-discard-you = 10 à défausser : vous défaussez { $cards } face visible, une à une.
effect-next-player = le joueur suivant
effect-you = vous
effect-eight_cut = 8 coupe
    .meaning = un coup contenant un 8 termine le pli
effect-five_skip = 5 saute
    .meaning = chaque 5 joué fait sauter le joueur suivant
effect-nine_reverse = 9 inverse
    .meaning = un coup contenant un 9 inverse le sens du jeu
effect-jack_back = Valet retour
    .meaning = un coup contenant un valet inverse l'ordre des cartes jusqu'à la fin du pli
effect-seven_give = 7 à donner
    .meaning = après avoir joué des 7, donnez autant de cartes au joueur suivant
effect-ten_discard = 10 à défausser
    .meaning = après avoir joué des 10, défaussez autant de cartes face visible
effect-spade_three_return = 3 de pique
    .meaning = le 3 de pique bat un joker joué seul et termine le pli
effect-suit_lock = Blocage des couleurs
    .meaning = un coup des mêmes couleurs que le précédent bloque le pli sur ces couleurs
effect-sequences = Suites
    .meaning = trois cartes ou plus qui se suivent dans une même couleur se jouent ensemble
effect-number_lock = Blocage des valeurs
    .meaning = un coup d'une valeur au-dessus du précédent oblige le pli à monter d'une valeur à la fois

## El Presidente à la table

battle-your-turn = À vous. { $what }
battle-yours-attack = Attaquez : choisissez une carte, ou plusieurs d'une même valeur (la dernière choisie va dessus).
battle-yours-throw-in = Ajoutez des cartes de la valeur de l'attaque, ou passez.
battle-yours-defend = Battez la carte du dessus avec une carte de même valeur ou une plus forte de sa couleur, ou abandonnez et prenez le tas.
battle-yours-beat-throw-in = Ajoutez des cartes égales à la carte qui a battu, ou passez.
battle-yours-pick-up = Prenez le tas de la bataille, ou passez.
battle-others-attack = On attend que { $name } attaque.
battle-others-throw-in = On attend que { $name } ajoute des cartes ou passe.
battle-others-defend = On attend que { $name } batte la carte du dessus ou abandonne.
battle-others-pick-up = On attend que { $name } ramasse ou passe.
battle-attack = Attaquer
battle-attack-with = Attaquer avec { $cards }
battle-beat = Battre
battle-beat-with = Battre avec { $cards }
battle-throw-in = Ajouter
battle-throw-in-with = Ajouter { $cards }
battle-concede = Abandonner et prendre le tas
battle-pick-up = Ramasser le tas
battle-rules = Comment se joue El Presidente
battle-rules-hand = Chacun tient quatre cartes et revient à quatre après chaque bataille. Une carte bat celle du dessus si elle a la même valeur, ou la même couleur et une valeur plus haute (le roi en haut, l'as en bas).
battle-rules-attack = L'attaquant joue une carte ou plusieurs d'une même valeur contre le défenseur ; les autres peuvent ajouter des cartes de cette valeur. Le défenseur bat la carte du dessus avec une carte, ou abandonne et prend le tas.
battle-rules-after = Après un coup qui bat, chacun peut ajouter des cartes de la valeur de la carte qui a battu ; puis le tas peut être ramassé, sinon il est défaussé.
battle-rules-win = Vous gagnez en jouant la dernière des quatre cartes d'une valeur sans plus aucune carte en main.

## Le journal de la table : chaque événement en une phrase ; les places par leurs noms, les cartes avec le symbole
## de leur couleur ($cards, $play : « 7♥ 7♦ ») ; un joker qui vaut une valeur ou une carte

log-seat = place { $seat }
log-card-jokers = { $count ->
    [one] joker
   *[other] { $count } jokers
}
log-card-joker-as = { $jokers } comme { $card }
log-card-joker-below = { $jokers } sous le { $card }
log-card-joker-above = { $jokers } au-dessus du { $card }
log-card-comma = {", "}
log-deal = Les cartes sont distribuées : { $sizes }.
log-deal-size = { $who } { $count }
log-give = { $who } donne { $cards } à { $to }.
log-give-hidden = { $who } donne { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
} à { $to }.
log-discard = { $who } défausse { $cards } (le receveur est parti).
log-play-discard = { $who } défausse { $cards } face visible.
log-draft-place = { $who } pose { $cards } face cachée.
log-draft-place-hidden = { $who } pose { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
} face cachée.
log-draft-reveal = Les cartes du draft sont retournées : { $cards }.
log-draft-take = { $who } prend { $cards }.
log-play = { $who } joue { $play }.
log-revolution-on = { $who } : révolution ! L'ordre est inversé.
log-revolution-off = L'ordre redevient normal.
log-lock = { $who } bloque le pli : les cartes suivantes gardent les couleurs de { $play }.
log-pass-limit = { $passes } passes de suite : les joueurs encore en jeu sont classés au hasard.
log-number-lock = { $who } bloque les valeurs : chaque carte suivante du pli doit monter d'un rang.
log-jack-back-on = { $who } : valet retour ! L'ordre est inversé jusqu'à la fin du pli.
log-jack-back-again = { $who } : encore un valet retour, l'ordre se rétablit.
log-jack-back-end = Le pli est fini : le valet retour prend fin.
log-turn-order-clockwise = { $who } inverse le sens du jeu : on tourne maintenant dans le sens des aiguilles d'une montre.
log-turn-order-counter = { $who } inverse le sens du jeu : on tourne maintenant dans le sens inverse des aiguilles d'une montre.
log-finish = { $who } sort, { $place ->
    [1] 1re
   *[other] { $place }e
} place.
log-penalized = { $who } sort avec { $play } : une sortie interdite, classé dernier.
log-downfall = { $who } n'a pas fini premier : chute, classé dernier.
log-pass = { $who } passe.
log-skip = { $who } saute son tour.
log-skipped = { $who } est sauté.
log-trick-end = { $who } remporte le pli.
log-trick-end-rule = { $who } remporte le pli ({ $rule }).
log-table-clears = Tout le monde a passé sur la table vide : { $who } entame de nouveau.
log-round-end = Manche { $round } terminée. Ordre : { $order }.
log-leave = { $who } quitte la table.
log-join = { $who } arrive et attend la manche suivante.
log-sit = { $name } s'assied à la place { $seat }.
log-game-start = Toutes les places sont prises : la partie commence.
log-ready = { $who } est prêt.
log-next-round = La manche suivante commence.
log-away = { $who } a perdu la connexion.
log-back = { $who } est de retour.
log-rename = { $old } s'appelle maintenant { $name }.
log-paused-no-legal-move = Aucun coup permis pour { $who } : la table est en pause.
log-match-end = Le match est terminé : { $winners } { $count ->
    [one] gagne
   *[other] gagnent
}.
log-attack = { $who } attaque avec { $cards }.
log-throw-in = { $who } ajoute { $cards }.
log-beat = { $who } bat avec { $cards }.
log-concede = { $who } abandonne et ramasse la pile.
log-pick-up = { $who } ramasse la pile.
log-battle-start = Bataille { $battle } : { $attacker } attaque { $defender }.
log-game-end-won = Partie { $game } terminée : { $who } gagne.
log-game-end-draw = Partie { $game } terminée : match nul.
log-timed-automatic = { $text } (automatique)
log-timed-staged = { $text } (préparé)

## Pourquoi un pli a pris fin, sous le pli ($play en mots : « deux 8 » ; $cards : combien de cartes) ; les règles qui
## terminent un pli

trick-end-play = { $play } { $cards ->
    [one] le termine
   *[other] le terminent
}
trick-end-rule = { $play } { $cards ->
    [one] le termine
   *[other] le terminent
} ({ $rule })
trick-end-revolution = la révolution le termine
trick-end-passes = tous les autres ont passé
trick-end-skips = un saut a ramené la main
trick-rule-trump-jokers = jokers atouts
trick-rule-eight = règle du 8
trick-rule-best-rank = la meilleure carte termine le pli
trick-rule-spade-three = 3 de pique
trick-rule-eight-cut = 8 coupe
trick-rule-four-in-a-row = quatre à la suite
trick-rule-equalize = égaliser termine le pli
trick-rule-revolution = une révolution termine le pli
trick-rule-skips = un saut a ramené la main

## Pourquoi un coup est refusé (docs/errors.md) : $play, $top et $card en mots (« deux 9 »), $cards, $action et
## $instead avec leurs cartes (« 3♥ 4♣ ») ; $verb est celui du moteur : give, discard, take, join ou leave

refusal-not-a-rank = { $text } n'est pas une valeur : A, 2-10, J, Q ou K.
refusal-not-a-card = { $text } n'est pas une carte.
refusal-bad-repeat-count = { $text } : un nombre de répétitions doit être positif.
refusal-no-cards = Choisissez d'abord des cartes.
refusal-play-without-cards = Un coup demande au moins une carte.
refusal-name-each-joker = Dites quelle carte chaque joker remplace.
refusal-joker-names-held-card = Un joker remplace une carte que le coup ne contient pas déjà.
refusal-sequence-declares-rank = Dans une suite, chaque joker remplace une carte, pas une valeur.
refusal-rank-declared-beside-cards = Seuls des jokers joués seuls peuvent valoir une valeur.
refusal-empty-play = Choisissez les cartes à jouer.
refusal-only-jokers-stand-in = Seul un joker remplace une carte, pas { $name }.
refusal-jokers-missing-before-equals = Seuls des jokers valent une valeur.
refusal-rank-missing-after-equals = Dites quelle valeur les jokers prennent.
refusal-jokers-alone-name-no-card = Des jokers joués seuls valent une valeur, pas une carte.
refusal-not-one-rank = Un coup, ce sont des cartes d'une même valeur (des jokers peuvent s'y joindre).
refusal-sequence-joker-unnamed = Dans une suite, chaque joker remplace une carte : dites laquelle.
refusal-joker-card-needs-sequence = Un joker ne remplace une carte que dans une suite avec des cartes naturelles.
refusal-joker-stands-for-joker = Un joker remplace une carte naturelle, pas un autre joker.
refusal-sequence-not-one-suit = Une suite, ce sont des cartes d'une même couleur qui se suivent (un joker peut combler un trou).
refusal-sequence-not-consecutive = Les valeurs d'une suite se suivent (3 4 5).
refusal-empty-action = Choisissez des cartes à jouer, ou passez.
refusal-pass-alone = Passer est un coup à part : ne choisissez aucune carte pour passer.
refusal-verb-needs-cards = Choisissez les cartes à { $verb ->
    [give] donner
    [discard] défausser
    [take] prendre
   *[other] { $verb }
}.
refusal-verb-needs-seat = Dites quelle place { $verb ->
    [join] rejoindre
    [leave] quitter
   *[other] { $verb }
}.
refusal-special-three-first = Le premier pli commence par le 3 spécial : entamez avec un coup qui le contient.
refusal-sequence-trick = Ce pli se joue en suites de { $size } cartes : jouez une suite, ou passez.
refusal-wrong-size = Ce pli se joue avec { $size ->
    [one] { $size } carte
   *[other] { $size } cartes
}.
refusal-number-locked = Les valeurs sont bloquées : jouez { $rank } (un rang au-dessus du dernier coup), ou passez.
refusal-number-locked-at-top = Les valeurs sont bloquées et rien n'est un rang au-dessus du dernier coup : passez.
refusal-must-equal = Vous devez égaliser { $top }, ou passer.
refusal-does-not-beat = Jouer { $play } ne bat pas { $top }.
refusal-no-sequences = On ne joue pas de suites à cette table : jouez des cartes d'une même valeur.
refusal-sequence-too-short = Une suite compte au moins { $min } cartes.
refusal-joker-below-three = À cette table, un joker ne se place pas sous le 3 dans une suite.
refusal-joker-above-two = À cette table, un joker ne se place pas au-dessus du 2 dans une suite.
refusal-two-three-not-connected = À cette table, le 2 et le 3 ne se suivent pas dans une suite.
refusal-joker-too-far = Un joker prolonge une suite d'une carte au plus : sous le 3 ou au-dessus du 2.
refusal-sequence-answers-sequence = Une suite ne répond qu'à une suite : jouez des cartes d'une même valeur, ou passez.
refusal-wrong-sequence-size = Ce pli se joue en suites de { $size } cartes.
refusal-sequence-not-above = Une suite doit être tout entière au-dessus de { $top } (chaque carte au-dessus de sa plus haute) : jouez plus haut, ou passez.
refusal-no-equal-plays = On n'égalise pas ici : jouez plus haut, ou passez.
refusal-lone-joker-not-equalled = Un joker joué seul ne peut pas être égalisé.
refusal-best-not-equalled = La meilleure carte ne peut pas être égalisée.
refusal-only-scum-equalizes = Seul le { -scum } peut égaliser ici.
refusal-owed-first = D'abord, { $verb ->
    [give] donnez
    [discard] défaussez
   *[other] { $verb }
} { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}.
refusal-not-held = Vous n'avez pas { $cards }{ $count ->
    [one] {""}
   *[other] {" "}autant de fois
}.
refusal-trump-jokers-alone = Les jokers atouts se jouent seuls.
refusal-declare-joker-rank = Dites quelle valeur les jokers prennent.
refusal-jokers-declare-no-rank = Dans ce jeu, des jokers seuls ne valent aucune valeur.
refusal-jokers-name-no-card = À cette table, des jokers joués avec des cartes naturelles ne remplacent aucune carte : jouez { $instead }.
refusal-name-each-joker-card = Dites quelle carte chaque joker remplace.
refusal-suit-locked = Le pli est bloqué sur les couleurs { $suits } : jouez des cartes de ces couleurs, ou passez.
refusal-match-over = Le match est terminé.
refusal-waiting-for-players = La table attend des joueurs.
refusal-not-your-turn = Ce n'est pas votre tour.
refusal-not-your-seat = Vous ne pouvez quitter ou rejoindre que votre propre place.
refusal-lead-cannot-pass = Vous entamez ce pli : on ne passe pas en ouvrant un pli.
refusal-not-a-play-move = { $action } n'est pas un coup pendant le jeu : jouez des cartes ou passez.
refusal-must-give-now = Choisissez maintenant les cartes à donner.
refusal-must-place-now = Choisissez maintenant les cartes à poser face cachée pour le draft.
refusal-must-take-now = Choisissez maintenant les cartes à prendre dans le draft.
refusal-no-one-to-move = Personne n'a à jouer.
refusal-owed-one-at-a-time = D'abord, { $verb ->
    [give] donnez
    [discard] défaussez
   *[other] { $verb }
} { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}, une à la fois.
refusal-give-count = Donnez exactement { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}, pas { $size }.
refusal-take-count = Prenez exactement { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}, pas { $size }.
refusal-not-in-draft-pool = { $cards } n'est pas dans le draft.
refusal-no-such-seat = Il n'y a pas de place { $seat } : les places vont de 0 à { $last }.
refusal-seat-taken = La place { $seat } est prise.
refusal-seat-empty = La place { $seat } est vide.
refusal-attack-without-cards = Jouez au moins une carte.
refusal-name-the-cards = Choisissez les cartes à jouer.
refusal-no-jokers = El Presidente se joue sans jokers.
refusal-card-twice = Une carte apparaît deux fois : il n'y a qu'un jeu.
refusal-not-an-el-presidente-action = { $text } n'est pas un coup d'El Presidente.
refusal-beat-one-card = Le défenseur bat avec exactement une carte.
refusal-no-seat-at-table = Il n'y a pas de place { $seat } à une table de { $players }.
refusal-not-your-turn-to-act = Ce n'est pas votre tour.
refusal-attack-expected = L'attaquant joue maintenant une carte ou plusieurs cartes égales.
refusal-throw-in-expected = Ajoutez maintenant des cartes de la valeur de la carte du dessus, ou passez.
refusal-beat-expected = Le défenseur bat maintenant la carte du dessus avec une carte, ou abandonne.
refusal-pick-up-expected = Ramassez la pile maintenant, ou passez.
refusal-attack-not-one-rank = Une attaque, c'est une carte ou plusieurs cartes de la même valeur.
refusal-throw-in-wrong-rank = Seules des cartes de valeur { $rank } peuvent être ajoutées maintenant.
refusal-card-does-not-beat = { $card } ne bat pas { $top } : jouez la même valeur, ou une carte plus haute de la même couleur.
refusal-private-table = Cette table est privée : ouvrez-la avec son lien d'invitation.
refusal-hello-first = Dites bonjour d'abord.
refusal-hello-again = Déjà connecté.
refusal-watch-only = Les spectateurs sans jeton de joueur peuvent seulement regarder.
refusal-not-seated = Vous n'êtes pas assis à cette table : prenez d'abord une place.
refusal-moves-for-own-seat = Vous tenez la place { $seat }, pas la place { $asked } : vous ne jouez que pour la vôtre.
refusal-not-started = La partie n'a pas commencé : on attend que toutes les places soient prises.
refusal-between-rounds = Entre deux manches : la suivante commence quand tout le monde est prêt.
refusal-no-hint-now = Il n'y a pas de coup à conseiller maintenant.
refusal-hint-not-your-turn = Un conseil, c'est pour votre tour : attendez qu'il vienne.
refusal-nothing-to-be-ready-for = Rien à préparer : aucune manche n'est sur le point de commencer.
refusal-already-seated = Vous tenez déjà la place { $seat }.
refusal-table-full = Toutes les places sont prises : vous pouvez regarder.
refusal-empty-chat = Message vide.
refusal-chat-too-fast = Le chat est limité à un message par seconde.
refusal-resync-ahead = Cette table n'a pas encore d'événement { $seq } (son dernier est { $last }).
refusal-leave-with-button = Quittez la table avec le bouton « Quitter la table ».
refusal-no-leave-move = El Presidente n'a pas de coup pour partir : la place joue des coups automatiques à la place.
refusal-no-join-move = El Presidente n'a pas de coup pour arriver : un nouveau joueur reprend la place.
# The websocket's own refusals (refusals.WEBSOCKET_CODES); those also met over HTTP are said as error-<code>.
refusal-too-many-connections = Trop de connexions depuis votre adresse : fermez quelques tables avant d'en ouvrir une autre.
refusal-binary-frame = Le serveur ne peut pas lire un message envoyé par cette page : rechargez la page.
refusal-bad-message = Le serveur ne peut pas lire un message envoyé par cette page ({ $reason }) : rechargez la page.
refusal-too-many-messages = Trop de messages : ralentissez.
refusal-flooded = Trop de messages : déconnecté.
refusal-hello-flooded = Trop de messages sans « hello » : déconnecté.
refusal-rematch-not-over = Rejouer est proposé une fois la partie terminée.
refusal-rematch-settled = La revanche est déjà décidée à cette table.
refusal-rematch-creator-only = Seule la personne qui a ouvert la table choisit les places et les robots pour rejouer.

## The server's refusals over HTTP (docs/protocol.md): error-<code> with its params; $message is the English sentence
error-storage-failing = Le stockage du serveur est en panne : réessayez dans un instant.
error-redis-unreachable = Le serveur ne joint plus Redis, que ses processus partagent pour faire tourner les tables : réessayez dans un instant.
error-server-failed = Le serveur a échoué sur cette requête (l'erreur est consignée).
error-body-too-large = La requête est trop grande : { $max_bytes } octets au plus.
error-body-not-json = La requête n'est pas du JSON valide.
error-body-not-object = La requête doit être un objet JSON.
error-unknown-token = Session inconnue : choisissez un nom pour rejouer.
error-create-player-first = Choisissez d'abord un nom : la requête a besoin de votre session.
error-device-revoked = Cet appareil a été déconnecté de son joueur : ouvrez un lien de connexion depuis un autre de vos appareils, ou jouez sous un nouveau nom.
error-device-link-unknown = Ce lien de connexion est inconnu : copiez-le en entier, ou créez-en un nouveau.
error-device-link-used = Ce lien de connexion a déjà servi : chaque lien connecte un seul appareil. Créez-en un nouveau.
error-device-link-expired = Ce lien de connexion a expiré (un lien dure { $minutes } minutes) : créez-en un nouveau.
error-no-such-device = Votre joueur n'a pas cet appareil connecté.
error-too-many-devices = Votre joueur est connecté sur { $max } appareils : déconnectez-en un avant d'en ajouter un autre.
error-too-many-new-players = Trop de nouveaux joueurs depuis votre adresse : réessayez dans une minute.
error-rename-too-soon = Vous pouvez changer de nom une fois toutes les { $seconds } secondes : réessayez bientôt.
error-text-required = { $field -> [name] Le nom de la table *[other] Le nom affiché } doit être un texte de 1 à { $max } caractères.
error-text-length = { $field -> [name] Le nom de la table *[other] Le nom affiché } doit avoir de 1 à { $max } caractères, pas { $length }.
error-text-not-printable = { $field -> [name] Le nom de la table *[other] Le nom affiché } contient des caractères qui ne sont pas du texte.
error-unknown-fields = Champ(s) inconnu(s) { $names } : une table accepte { $fields }.
error-bad-game = Le jeu doit être l'un de { $games }.
error-bad-preset-field = Le préréglage doit être le nom d'un préréglage, comme bga.
error-bad-seats = Le nombre de places doit être un entier de { $min } à { $max }.
error-bad-options-field = Les options doivent être un objet de noms d'options et de valeurs.
error-bad-bots = Indiquez un robot (ou personne, pour un joueur) par place.
error-not-a-boolean = { $field } doit valoir vrai ou faux, pas { $value }.
error-no-seat-for-player = Laissez au moins une place à un joueur (ou autorisez une table de robots pour les regarder jouer).
error-sit-needs-free-seat = Pour vous asseoir, laissez une place sans robot.
error-decks-over-server = { $option } doit aller de { $min } à { $max } sur ce serveur, pas { $value } : plus de jeux de cartes rendraient chaque coup trop lent pour un serveur partagé.
error-too-many-open-tables = Vous avez déjà { $count } tables ouvertes : jouez ou quittez-en une avant d'en ouvrir une autre.
error-too-many-waiting-tables = Le serveur a trop de tables qui attendent des joueurs : rejoignez-en une.
error-no-such-table = Cette table n'existe pas.
error-game-over = Cette partie est terminée : revoyez-la sur /replay/{ $table }.
error-table-damaged = Cette table est endommagée (ses coups enregistrés ne se rejouent plus) : elle est gardée pour examen.
error-table-expired = Cette table a fermé : personne n'est venu y jouer.
error-too-many-ratings = Demandez au plus { $max } classements de joueurs à la fois.
error-not-replayable = Seules les parties terminées peuvent être revues.
error-step-not-number = L'étape est un nombre entier.
error-replay-damaged = Les coups enregistrés de cette partie ne se rejouent plus : elle est endommagée.
error-not-reviewable = Seules les parties de Président terminées peuvent être analysées.
error-bad-review-seat = La place est un numéro de 0 à { $max }.
error-reviews-busy = Le serveur est occupé par d'autres analyses : réessayez dans une minute.
error-position-not-shown = Cette position ne peut pas être montrée : le moteur l'a refusée.
error-record-too-large = Ce fichier d'enregistrement dépasse les { $max_mb } Mo que cette page ouvre. `presidente replay FICHIER` parcourt tout enregistrement dans le terminal.
error-record-busy = Le serveur ouvre un autre fichier d'enregistrement : réessayez dans un instant.
error-record-refused = Le serveur n'a pas pu le rejouer (en anglais) : { $reason }
error-record-closed = Cet enregistrement n'est plus ouvert sur le serveur : ouvrez à nouveau son fichier.
error-private-table = Cette table est privée : ouvrez-la avec son lien d'invitation.
error-not-a-whole-number = { $option } doit être un nombre entier, pas { $value } (de { $min } à { $max }).
error-out-of-bounds = { $option } doit être un nombre entier de { $min } à { $max }, pas { $value }.
error-not-true-or-false = { $option } doit valoir vrai ou faux, pas { $value }.
error-not-a-choice = { $option } doit être l'un de { $choices }, pas { $value }.
error-bad-text = { $option } doit être un texte de 1 à { $max_chars } caractères imprimables, pas { $value }.
error-bad-text-or-null = { $option } doit être un texte de 1 à { $max_chars } caractères imprimables, ou rien, pas { $value }.
error-bad-number-list = { $option } doit donner { $count } nombres, chacun un entier de { $min } à { $max }, pas { $value }.
error-bad-number-list-item = { $option } doit donner { $count } nombres, chacun un entier de { $min } à { $max } ; l'élément { $index } est { $item }.
error-bad-name-list = { $option } doit donner { $count } noms, chacun de 1 à { $max_chars } caractères imprimables, pas { $value }.
error-bad-name-list-item = { $option } doit donner { $count } noms, chacun de 1 à { $max_chars } caractères imprimables ; l'élément { $index } est { $item }.
error-options-not-an-object = Les options doivent être un objet de noms d'options et de valeurs, pas { $value }.
error-unknown-options = Option(s) inconnue(s) : { $names }.
error-unknown-el-presidente-options = Option(s) d'El Presidente inconnue(s) : { $names }.
error-max-players-below-min = Le nombre maximal de joueurs doit être au moins le minimum ({ $min }), pas { $max }.
error-no-match-end = Un match doit finir : fixez un nombre de manches ou un score à atteindre.
error-all-passed-needs-trick-passes = Vider la table quand tous ont passé exige que la passe vaille pour tout le pli.
error-joker-suits-needs-one-deck = Des jokers qui nomment une couleur exigent un seul jeu de cartes.
error-joker-ends-need-no-wrap = Des jokers aux bouts d'une suite exigent des suites qui ne passent pas du 2 au 3.
error-sequence-revolution-below-min = La révolution par suite doit être 0 ou au moins la suite la plus courte ({ $min }), pas { $value }.
error-players-out-of-range = { $rules } se joue de { $min } à { $max } joueurs, pas { $players }.
error-players-not-exact = { $rules } se joue à { $count } joueurs, pas { $players }.
error-unknown-preset = Préréglage inconnu { $preset } : choisissez l'un de { $presets }.
error-unknown-option = Option inconnue { $option }.
error-teams-not-sizes = Les équipes sont des tailles jointes par « v », comme 2v2 ou 2v2v2, pas { $value }.
error-teams-unequal = Les équipes doivent être de même taille pour que les coéquipiers soient séparés, pas { $value }.
error-teams-players = Les équipes { $teams } demandent { $needed } joueurs, pas { $players }.

# A hint's reason (web/table-hint.js; the codes of presidente/bots/hint.py), after "Hint: <move> —".
hint-why-search = { $deals ->
    [one] la recherche a joué chaque coup sur { $deals } donne des cartes que vous ne voyez pas, et celui-ci a fait le mieux
   *[other] la recherche a joué chaque coup sur { $deals } donnes des cartes que vous ne voyez pas, et celui-ci a fait le mieux
}
hint-why-search-gain = { $deals ->
    [one] sur { $deals } donne des cartes que vous ne voyez pas, ce coup a fait { $gain } % de mieux que le choix simple
   *[other] sur { $deals } donnes des cartes que vous ne voyez pas, ce coup a fait { $gain } % de mieux que le choix simple
}
hint-why-network = un réseau entraîné sur des milliers de parties préfère ce coup
hint-why-nothing-to-play = rien à jouer : passez
hint-why-give-weakest = donnez vos cartes les plus faibles qui ne cassent aucune combinaison
hint-why-take-strongest = prenez les cartes les plus fortes qui complètent vos combinaisons
hint-why-empties-hand = ce coup vide votre main
hint-why-strong-now = jouez vos cartes fortes maintenant : finir avec elles est interdit
hint-why-revolution = révolution : votre main est plus forte avec l'ordre inversé
hint-why-lead-sequence = ouvrez avec une suite de vos cartes faibles isolées
hint-why-keep-lead = personne ne peut battre ceci : vous gardez la main
hint-why-lead-weakest-set = ouvrez avec votre combinaison la plus faible
hint-why-lead-weakest = ouvrez avec vos cartes les plus faibles
hint-why-illegal-finish = finir avec ces cartes est interdit
hint-why-no-equalize = égaler coûterait une carte forte
hint-why-equalize = égalez
hint-why-keep-strongest = gardez vos cartes les plus fortes pour plus tard
hint-why-keep-set = battre casserait une combinaison
hint-why-stop-opponent = un adversaire va bientôt finir : battez-le
hint-why-equalize-skip = égalez : le joueur suivant saute son tour
hint-why-beat-weakest = battez avec vos cartes les plus faibles
hint-why-random = un coup au hasard
hint-why-wins-game = ceci gagne la partie
hint-why-shed-rank = débarrassez-vous d'une valeur que vous ne collectionnez pas
hint-why-beat-then-complete = battez, puis ajoutez le reste pour compléter la série
hint-why-king-pick-up = personne ne gagne contre un roi : ramassez-le pour plus tard
hint-why-pile-has-rank = la pile contient la valeur que vous collectionnez
hint-why-nothing-beats = rien ne bat ceci
hint-why-beat-least-needed = battez avec la carte dont vous avez le moins besoin
hint-why-bigger-hand = une main plus grosse est plus dure à vider
hint-why-nothing-to-throw = rien à ajouter
hint-why-teammate-rest = un coéquipier a peut-être le reste de cette valeur
hint-why-collecting = vous collectionnez cette valeur
hint-why-teammate-burden = n'alourdissez pas la charge d'un coéquipier
hint-why-harder-attack = débarrassez-vous de cartes et rendez l'attaque plus dure à battre
hint-why-shed-cards = débarrassez-vous de cartes que vous ne collectionnez pas
hint-why-opponent-set = ajouter des cartes pourrait laisser un adversaire compléter la série

## The guided first game (lobby "Learn to play", table-tutorial.js) and a table's rules in force (table-rules.js)

lobby-learn = Apprendre à jouer
lobby-learn-intro = Une courte manche guidée contre des bots : chaque étape dit quoi faire et met en évidence la carte ou le bouton à presser.
lobby-learn-done = Terminé : rejouez-la quand vous voulez.
lobby-learn-skipped = Passé : essayez-la quand vous voulez.
tutorial-table-name = Apprendre à jouer
tutorial-title = Apprendre à jouer
tutorial-progress = { $learned } étapes apprises sur { $total }
tutorial-skip = Passer le tutoriel
tutorial-lobby = Retour au salon
tutorial-start = Les cartes sont distribuées : votre main est en bas.
tutorial-lead = Vous ouvrez le pli : jouez une carte ou plusieurs de même valeur. Sélectionnez la carte mise en évidence, puis pressez le bouton pour jouer.
tutorial-beat = Battez le dernier coup avec autant de cartes d'une valeur plus forte (le 3 est la plus faible, le 2 la plus forte). Sélectionnez la carte mise en évidence, puis pressez le bouton pour jouer.
tutorial-pass = Vous ne pouvez pas battre ce coup : pressez Passer. Vous êtes hors du pli jusqu'à sa fin.
tutorial-wait = Les autres jouent à leur tour, dans le sens des aiguilles d'une montre : chacun bat le dernier coup ou passe.
tutorial-wait-lead = Le gagnant du pli ouvre le suivant.
tutorial-trick-end = Tous les autres ont passé, le pli est donc fini : vous l'avez gagné et ouvrez le suivant. Sélectionnez la carte mise en évidence, puis pressez le bouton pour jouer.
tutorial-trick-end-other = Le pli est fini : tous les autres ont passé, { $name } l'a donc gagné et ouvre le suivant.
tutorial-out = Vous avez joué votre dernière carte : vous sortez le premier ! Les autres continuent jusqu'à ce qu'un seul ait encore des cartes.
tutorial-roles = La manche est finie : l'ordre de sortie donne les rôles, et vous êtes { $title } ; le dernier sorti est { -scum }. Pressez Prêt pour la manche suivante.
tutorial-roles-ready = Vous êtes { $title } : la manche suivante commence quand tout le monde est prêt.
tutorial-exchange = L'échange de cartes : avant la manche, { -scum } donne ses meilleures cartes au { -president }, et vous rendez vos { $count } plus faibles. Sélectionnez la carte mise en évidence, puis pressez Donner.
tutorial-exchange-others = L'échange de cartes : les autres donnent leurs cartes.
tutorial-done = Vous avez joué une manche entière et l'échange : c'est ça, le Président ! Continuez autant que vous voulez, ou retournez au salon.
rules-button = Règles
rules-title = Les règles de cette table
rules-preset = Règles : { $preset } ({ $name }).
rules-basics = Comment se joue une manche
rules-basics-goal = Chacun reçoit des cartes, et le but est de toutes les jouer le premier. Les cartes vont du 3 (la plus faible) au 10, valet, dame, roi, as et 2 (la plus forte).
rules-basics-lead = Celui qui ouvre joue une carte ou plusieurs d'une même valeur ; chacun à son tour la bat avec autant de cartes d'une valeur plus forte, ou passe.
rules-basics-trick = Quand tous les autres ont passé, le pli est fini et le dernier à avoir joué ouvre le suivant.
rules-basics-roles = Le premier sorti devient { -president } et le dernier { -scum } : avant la manche suivante, { -scum } donne ses meilleures cartes au { -president } et reçoit des cartes en retour.
rules-changed = Ce que cette table règle autrement que les règles simples
rules-option-value = { $option } : { $value }.
rules-plain = Rien : cette table joue les règles simples, chaque option à sa valeur habituelle.
rules-all = Les { $count } options en vigueur
rules-close = Fermer
