# Las palabras de Presidente en español. Los mismos identificadores que en.ftl (tests/test_locales.py lo
# comprueba); docs/i18n.md explica cómo añadir un mensaje o un idioma.

## El vocabulario del juego: los cinco roles, sus títulos, los juegos

-president = Presidente
-vice-president = Vicepresidente
-neutral = Neutro
-high-scum = Vice-culo
-scum = Culo

# Los títulos de los roles: los del motor por defecto y los de cada preset (rules.py), por el título en minúsculas.
title-president = { -president }
title-vice-president = { -vice-president }
title-neutral = { -neutral }
title-high-scum = { -high-scum }
title-scum = { -scum }
title-minister = Ministro
title-prime-minister = Primer ministro
title-citizen = Ciudadano
title-peasant = Campesino
title-beggar = Mendigo
title-vice-asshole = { -high-scum }
title-asshole = { -scum }
title-daifugo = Daifugo
title-fugo = Fugo
title-heimin = Heimin
title-hinmin = Hinmin
title-daihinmin = Daihinmin

game-president = Presidente
game-el-presidente = El Presidente

## Todas las páginas

language-label = Idioma
list-separator = {", "}
value-empty = vacío
value-yes = sí
value-no = no
value-none = ninguno

## Las cartas como las dice un lector de pantalla

suit-C = tréboles
suit-D = diamantes
suit-H = corazones
suit-S = picas
rank-J = jota
rank-Q = reina
rank-K = rey
rank-A = as
card-name = { $rank } de { $suit }
card-joker = comodín
card-back = dorso de carta
card-joker-as = comodín como { $card }
card-joker-below = comodín debajo del { $card }
card-joker-above = comodín encima del { $card }

## Los bots: su nivel (.play: cómo juegan); sus nombres son los del servidor

bot-label = bot { $name } ({ $strength })
bot-label-plain = bot { $name }
bot-part = { $name } es { $strength } ({ $play })
bot-part-plain = { $name } es un bot
bot-sentence = { $parts }.
bot-sentence-separator = {"; "}
bot-random = principiante
    .play = juega cualquier jugada permitida
bot-auto = principiante
    .play = juega sus cartas más bajas, como el temporizador
bot-heuristic = sólido
    .play = guarda sus cartas fuertes para recuperar la mano
bot-ismcts = fuerte — busca
    .play = prueba cada jugada en muchos repartos posibles
bot-learned = fuerte — aprendido
    .play = una red entrenada jugando contra sí misma en bga a 4; en otras mesas juega como el bot sólido
bot-cardsearch = fuerte — busca carta a carta
    .play = prueba cada jugada en muchos repartos, palos incluidos, cuando las reglas los piden
bot-strong = fuerte — busca y resuelve
    .play = compara las jugadas en muchos repartos posibles, descarta las más débiles y juega las últimas cartas con exactitud
bot-ranked = bot { $name } ({ $game })
seat-left = (se fue)
seat-empty = (libre)

## El vestíbulo

lobby-page-title = Presidente — vestíbulo
lobby-play-title = Jugar al Presidente ahora
lobby-play-intro = Tú y tres bots con las reglas de Board Game Arena: quédate sin cartas el primero para ser { -president }.
lobby-play-now = Jugar ahora
lobby-name-title = Tu nombre
lobby-name-label = Nombre visible, de 1 a 24 caracteres
lobby-name-save = Guardar el nombre
lobby-mine-title = Tus mesas
lobby-tables-title = Mesas abiertas
lobby-create-title = Mesa nueva
lobby-table-name = Nombre de la mesa
lobby-game = Juego
lobby-rules = Reglas
lobby-seats = Jugadores en la mesa
lobby-seat-choices = Asientos: un jugador o un bot
lobby-sit = Me siento en esta mesa (el primer asiento de jugador)
lobby-private = Privada: solo quien tenga el enlace de invitación puede unirse o mirar
lobby-change-rules = Cambiar las reglas
lobby-create = Crear la mesa
lobby-finished-title = Partidas terminadas
lobby-damaged-title = Mesas dañadas
lobby-damaged-note = Sus jugadas guardadas ya no se pueden reproducir: se conservan para revisarlas y no se pueden jugar.
lobby-leaderboard-title = Clasificación
lobby-leaderboard-note = Todos empiezan con 1500; la puntuación sube cuando ganas y a medida que el servidor está más seguro de tu nivel (OpenSkill).
lobby-column-player = Jugador
lobby-column-rating = Puntuación
lobby-column-games = Partidas
lobby-rating-provisional = { $rating } (provisional)
lobby-leaderboard-provisional = Una puntuación provisional tiene pocas partidas clasificadas detrás: solo cuenta el nivel del que el servidor está seguro, así que al principio cambia mucho.
lobby-playing-as = Juegas como { $name }
lobby-not-signed-in = Sin sesión: elige un nombre, o juega sin más
lobby-default-table-name = Mi mesa
lobby-own-table-name = Mesa de { $name }
lobby-guest-name = Invitado { $number }
lobby-name-empty = Escribe un nombre de 1 a 24 caracteres.
lobby-name-saved = Guardado: juegas como { $name }, con los mismos asientos y la misma puntuación.
lobby-welcome = Bienvenido, { $name }.
lobby-status-waiting = esperando jugadores
lobby-status-playing = en juego
lobby-status-paused = en pausa: ningún jugador presente
lobby-free-seat = asiento libre
lobby-back-to-seat = Volver a tu asiento
    .aria-label = Volver a tu asiento en { $table }
lobby-take-seat = Sentarse
    .aria-label = Sentarse en { $table } ({ $free ->
        [one] 1 asiento libre
       *[other] { $free } asientos libres
    })
lobby-watch = Mirar
    .aria-label = Mirar { $table } sin sentarse
lobby-table-meta = { $game } · { $preset } · { $status } · { $seated } de { $seats } sentados
lobby-no-open-table = No hay mesas abiertas: pulsa Jugar ahora, o crea una abajo.
lobby-replay-of = Repetición de { $table }
lobby-winner = Ganador: { $name }
lobby-winners = Ganadores: { $names }
lobby-no-winner = Sin ganador
lobby-then = luego { $names }
lobby-no-finished = Todavía no hay partidas terminadas.
lobby-damaged = dañada
lobby-you = (tú)
lobby-nobody-ranked = Nadie ha terminado una partida todavía.
lobby-seats-help = De { $low } a { $high } con estas reglas
lobby-seats-refused = Jugadores en la mesa: de { $low } a { $high } con { $preset }, no { $typed }.
lobby-bots-help = Bots: { $sentence }
lobby-a-player = Un jugador
lobby-seat = Asiento { $number }
lobby-option-changed = Cambiada — { $preset } tiene { $value }
lobby-changed-count = ({ $count ->
    [one] { $count } cambiada
   *[other] { $count } cambiadas
} respecto a { $preset })
lobby-as-preset = (como { $preset })
lobby-table-name-missing = Dale un nombre a la mesa.
lobby-private-open = Tu mesa privada está abierta. Envía este enlace de invitación a quienes quieras en ella:
lobby-go-to-table = Ir a la mesa

## Tu jugador en otro dispositivo (lobby-devices.js): un enlace de acceso de un solo uso, los dispositivos conectados
devices-title = Tus dispositivos
devices-lead = Juega también como tú en tu móvil u otro ordenador: el mismo nombre, los mismos asientos y la misma puntuación. Sin contraseña ni correo.
devices-use-elsewhere = Usar en otro dispositivo
devices-list-title = Conectado en
devices-kind = { $browser } en { $system }
devices-kind-unknown = Un navegador
devices-added = añadido el { $date }
devices-this-one = este dispositivo
devices-sign-out-other = Desconectar
    .aria-label = Desconectar { $device }, { $added }
devices-sign-out-here = Cerrar sesión en este dispositivo
devices-sign-out-confirm = ¿Cerrar la sesión de { $name } en este dispositivo? { $name } sigue conectado en tus otros dispositivos.
devices-sign-out-last = Este es el único dispositivo donde { $name } está conectado: una vez cerrada la sesión aquí, nadie podrá volver a jugar como { $name }.
devices-sign-out-yes = Cerrar sesión
devices-cancel = Cancelar
devices-claim-confirm = Este navegador juega como { $name }. ¿Conectarlo en su lugar como el jugador del enlace? { $name } sigue en sus otros dispositivos, si los tiene.
devices-claim-yes = Entrar con el enlace
devices-claim-no = Seguir jugando como { $name }
devices-signed-in = Has entrado como { $name } en este dispositivo.
devices-signed-out-here = La sesión de este dispositivo está cerrada: { $name } sigue en tus otros dispositivos. Elige un nombre para jugar como alguien nuevo.
devices-signed-out-elsewhere = Este dispositivo se desconectó de { $name } desde otro dispositivo. Elige un nombre para jugar como alguien nuevo, o abre un enlace de acceso.
devices-signed-out-other = { $device } está desconectado.
devices-link-incomplete = Este enlace de acceso está incompleto: cópialo entero.
devices-dialog-title = Usar en otro dispositivo
devices-dialog-lead = Abre este enlace en el otro dispositivo, o escanea el código con su cámara. Conecta un solo dispositivo, en los próximos { $minutes } minutos.
devices-link-label = Enlace de acceso
devices-copy = Copiar el enlace
devices-copied = Enlace copiado.
devices-select = El enlace está seleccionado: cópialo.
devices-close = Cerrar
devices-qr = Código QR del enlace de acceso
devices-joined = { $device } está conectado.

## Las comprobaciones del formulario, antes de enviar nada

form-must-be-whole = { $label }: { $name } debe ser un número entero de { $min } a { $max }, no { $value }.
form-must-be-list = { $label }: { $name } debe dar { $length } elementos, no { $count }.
form-list-numbers = { $label }: { $name } debe dar { $length } números, cada uno entero de { $min } a { $max }; el elemento { $item } es { $value }.
form-list-names = { $label }: { $name } debe dar { $length } nombres, cada uno de 1 a { $chars } caracteres imprimibles; el elemento { $item } es { $value }.
form-must-be-text = { $label }: { $name } debe ser un texto de 1 a { $chars } caracteres imprimibles, no { $value }.

## Las descripciones de las reglas predefinidas

preset-bga = El Presidente como en Board Game Arena
preset-victorz = El servidor victorz.ca con sus ajustes de sala
preset-trump-jokers = Dos comodines triunfo, puntuación por crédito
preset-college = Reglas caseras universitarias, con el intercambio
preset-college-draft = Reglas caseras universitarias, variante con draft
preset-uecda = UECda, el servidor oficial del concurso de Daihinmin entre programas
preset-daifugo = Una mesa de Daifugo japonesa habitual
preset-standard = Una baraja, batallas y descartes; equipos como 2v2 opcionales

## La página de repetición

replay-page-title = Presidente — repetición
replay-home = Presidente: volver al vestíbulo
replay-heading = Repetición
replay-controls =
    .aria-label = Recorrer la partida
replay-first =
    .aria-label = Ir al reparto
replay-first-text = Reparto
replay-back =
    .aria-label = Una jugada atrás
replay-back-text = Atrás
replay-next =
    .aria-label = Jugada siguiente
replay-next-text = Siguiente
replay-last =
    .aria-label = Ir al final
replay-last-text = Final
replay-slider = Jugada
replay-step = jugada { $step } de { $steps }
replay-round-back = Anterior
replay-round-next = Siguiente
replay-keys = Teclas: ← y → avanzan o retroceden una jugada; Inicio y Fin van al reparto y al final{ $rounds }.
replay-table-after = La mesa tras esta jugada
replay-table-position = La mesa en esta posición
replay-title = Repetición de { $name }
replay-document-title = Presidente — repetición de { $name }
replay-subtitle-record = un archivo de partida
replay-deal = El reparto.
replay-table-moves = La mesa
replay-move = { $who }: { $move }
replay-score = puntos { $score }
replay-cards = { $count ->
    [one] { $count } carta
   *[other] { $count } cartas
}
replay-attacker = ataca
replay-defender = defiende
replay-to-move = — le toca
replay-battle = Batalla { $battle }: { $attacker } ataca a { $defender }
replay-empty-pile = Montón vacío: una baza nueva.
replay-face-up = { $count } boca arriba
replay-counter-clockwise = el juego va en sentido contrario (un 9 lo invirtió)
replay-battle-counts = mazo { $deck } · descarte { $discard } · partidas ganadas { $wins }
replay-log-round = Esta ronda hasta ahora
replay-log-battle = Esta batalla hasta ahora
replay-seat = Asiento { $seat }
replay-players = { $count } jugadores
replay-unit-round = ronda
replay-unit-game = partida
replay-unit-previous =
    .aria-label = { $unit } anterior
replay-unit-next =
    .aria-label = { $unit } siguiente
replay-go-to-unit = Ir a la { $unit }
replay-go = Ir
replay-unit-of = { $unit } { $number } de { $count }
replay-unit-keys = ; Re Pág y Av Pág van a la { $unit } anterior y siguiente
replay-no-such-unit = No hay { $unit } { $typed }: van de 1 a { $count }.
replay-record-title = Archivo de partida
replay-record-help = Un archivo de partida es un encuentro entero escrito en JSON: reglas, semilla y cada jugada ({ $save } para cualquiera de los dos juegos, { $serve }). El servidor lo reproduce y luego se recorre aquí como la repetición de una partida, todas las manos a la vista, ronda a ronda (partida a partida en El Presidente). Aquí se abren archivos de hasta 4 MB y 200 000 jugadas (un encuentro UECda de 1000 partidas ocupa unos 3 MB y 130 000 jugadas); { $replay } los muestra todos.
replay-record-open = Abrir un archivo de partida
replay-record-refused = { $file } no es un archivo de partida que esta página pueda mostrar: { $reason }
replay-position-title = Archivo de posición
replay-position-help = Un archivo de posición es una mesa escrita en JSON ({ $method }; { $command } escribe uno): la mesa que contiene se dibuja aquí, todas las manos a la vista.
replay-position-open = Abrir un archivo de posición
replay-position-refused = { $file } no es una posición que esta página pueda mostrar: { $reason }
replay-position-document-title = Presidente — posición de { $file }
replay-position-heading = Posición de un archivo
replay-position-shown = La mesa de { $file }.
replay-open-record-title = Presidente — abrir una partida
replay-open-record-heading = Abrir una partida
replay-open-record-intro = Un encuentro de un archivo de partida, jugada a jugada, todas las manos a la vista.
replay-open-position-title = Presidente — abrir una posición
replay-open-position-heading = Abrir una posición
replay-open-position-intro = Una mesa de un archivo de posición, todas las manos a la vista.

## El análisis, en la página de repetición

review-title = Análisis
review-help = El bot más fuerte recorre las jugadas de un asiento, con lo que ese asiento podía ver, y compara cada una con la jugada que él habría hecho: el puesto final medio esperado de cada una (1 es el primero) y la probabilidad de terminar primero. Elige una jugada analizada para verla en la mesa.
review-seat-label = Asiento que analizar
review-seat = { $name } (asiento { $seat })
review-start = Analizar las jugadas de este asiento
review-cancel = Cancelar
review-progress =
    .aria-label = Jugadas analizadas
review-progress-count = { $done } de { $total } jugadas analizadas
review-starting = Empezando el análisis…
review-stopped = Análisis detenido tras { $count ->
    [one] { $count } jugada
   *[other] { $count } jugadas
}.
review-failed = El análisis falló: { $reason }
review-moves-of = Jugadas de { $name }
review-running = Analizando las jugadas de { $name }: el bot piensa cerca de un cuarto de segundo por jugada.
review-done = Análisis terminado: { $moves ->
    [one] { $moves } jugada
   *[other] { $moves } jugadas
} de { $name }, { $mistakes ->
    [one] { $mistakes } error
   *[other] { $mistakes } errores
} ({ $threshold }).
review-threshold-half = una jugada que cuesta medio puesto o más
review-threshold = una jugada que cuesta { NUMBER($places, maximumFractionDigits: 2) } puesto o más
review-answer-cut = la respuesta se cortó antes del final
review-estimate = puesto medio { NUMBER($place, minimumFractionDigits: 2, maximumFractionDigits: 2) }, primero { $first }%
review-not-searched = Sin analizar: era la única jugada posible (o el intercambio de cartas, o el draft).
review-agrees = El bot juega lo mismo.
review-mistake = Error: cuesta cerca de { NUMBER($cost, minimumFractionDigits: 1, maximumFractionDigits: 1) } puesto.
review-as-good = Tan buena como la jugada del bot.
review-worse = Algo peor que la jugada del bot: cerca de { NUMBER($cost, minimumFractionDigits: 2, maximumFractionDigits: 2) } puesto.
review-move-number = Jugada { $number } · ronda { $round }
review-played = Jugado { $move }
review-played-estimate = Jugado { $move } — { $estimate }
review-bot-estimate = Bot { $move } — { $estimate }

## Los grupos de opciones del formulario

group-cards = Cartas y comodines
group-plays = Jugadas
group-revolution = Revolución
group-passing = Pasar e igualar
group-exchange = Roles e intercambio de cartas
group-ending = Final y puntuación
group-table = Mesa y temporizador
group-other = Otras reglas

## Cada opción: su etiqueta, .help lo que hace, y las palabras de cada una de sus elecciones

option-decks = Barajas mezcladas juntas
    .help = Número de barajas de 52 cartas mezcladas juntas.
option-jokers_per_deck = Comodines por baraja
    .help = Comodines en cada baraja.
option-joker_mode = Qué hace un comodín
    .help = wild: un comodín sustituye a cualquier carta; bga: solo, la carta más alta; con otras, un comodín; trump: un comodín gana a cualquier combinación y se lleva la baza.
choice-joker_mode-wild = Comodín: sustituye a cualquier carta
choice-joker_mode-bga = La más alta sola, comodín con otras
choice-joker_mode-trump = Triunfo: gana a cualquier combinación y se lleva la baza
option-special_three = El 3 especial
    .help = El 3 especial.
choice-special_three-3C = 3 de tréboles
choice-special_three-3D = 3 de diamantes
choice-special_three-3H = 3 de corazones
choice-special_three-3S = 3 de picas
option-deal_extras = Las cartas sobrantes de un reparto desigual van
    .help = Quién recibe las cartas sobrantes de un reparto desigual: president-first (el reparto empieza por el { -president }), lowest-first (los jugadores peor clasificados), dealer-left (el reparto empieza a la izquierda del que reparte, el { -scum }).
choice-deal_extras-president-first = Primero al { -president }
choice-deal_extras-lowest-first = A los jugadores peor clasificados
choice-deal_extras-dealer-left = A los jugadores a la izquierda del que reparte
option-two_player_hand = Cartas por jugador con dos (0: repartirlas todas)
    .help = Con 2 jugadores cada uno recibe este número de cartas (0: repartirlas todas).
option-special_three_must_lead = Quien tiene el 3 especial debe jugarlo al salir
    .help = Quien tiene el 3 especial y sale debe jugarlo (UECda: «no hace falta jugarlo»).
option-first_round_leader = Quién sale en la primera ronda
    .help = Sin { -president } ni { -vice-president }: sale quien tiene el 3 especial y debe jugarlo, o un jugador al azar.
choice-first_round_leader-special-three = Quien tiene el 3 especial, jugándolo
choice-first_round_leader-random = Un jugador al azar
option-first_trick = Quién sale en las rondas siguientes
    .help = Quién sale en la primera baza de una ronda: scum (el { -scum }), president (el { -president }), random (al azar), o special-three (quien tiene el 3 especial, cada ronda: el 3 de diamantes de UECda).
choice-first_trick-scum = El { -scum }
choice-first_trick-president = El { -president }
choice-first_trick-random = Un jugador al azar
choice-first_trick-special-three = Quien tiene el 3 especial
option-one_fewer_two = Un 2 menos gana a una combinación (dos 2 ganan a tres 7)
    .help = N-1 cartas del mejor valor ganan a N otras cartas (N >= 2).
option-four_in_a_row = Cuatro cartas de un valor seguidas cierran la baza
    .help = 4 cartas de un valor seguidas cierran la baza: off (no); on (sí); by-equalizing (solo a lo largo de varias jugadas).
choice-four_in_a_row-off = No
choice-four_in_a_row-on = Sí
choice-four_in_a_row-by-equalizing = Solo al igualar
option-eight_rule = Un 8 cierra la baza (un comodín solo jugado como 8 también)
    .help = Regla del 8: una jugada de 8 cierra la baza, un comodín jugado solo como 8 también; penalize_final_eight la tiene en cuenta. eight_cut es la lectura de UECda.
option-best_rank_ends_trick = El mejor valor (los 2) cierra la baza
    .help = Una jugada del mejor valor (2, o 3 en revolución) cierra la baza.
option-jack_back = Jota inversa: una jota invierte los valores hasta que acaba la baza
    .help = Jota inversa (11-back): una jugada con una jota invierte el orden de fuerza hasta que acaba la baza (otra jota lo devuelve).
option-eight_cut = Corte del 8: una jugada con un 8 limpia la baza (un comodín solo no es un 8)
    .help = Corte del 8: una jugada con un 8 cierra la baza, como eight_rule, pero un comodín jugado solo nunca es un 8 (UECda), y penalize_final_eight no lo tiene en cuenta.
option-five_skip = Salto del 5: cada 5 salta al jugador siguiente
    .help = Salto del 5: cada 5 de una jugada (cuenta un comodín que lo sustituya) salta a un jugador siguiente; un salto que vuelve al jugador que jugó cierra la baza.
option-nine_reverse = Reversa del 9: un 9 invierte el orden de turno
    .help = Reversa del 9: una jugada con un 9 invierte el orden de turno (una vez por jugada, sea cual sea el número) el resto de la ronda; otra jugada igual lo devuelve.
option-seven_give = Regalo del 7: dar una carta al siguiente por cada 7 jugado
    .help = Regalo del 7: tras una jugada con 7, el jugador da tantas cartas a su elección como 7 jugó (cuenta un comodín a su lado) al siguiente jugador que siga en la ronda; dar la última carta es salir.
option-ten_discard = Descarte del 10: descartar una carta por cada 10 jugado
    .help = Descarte del 10: tras una jugada con 10, el jugador descarta boca arriba tantas cartas a su elección como 10 jugó (cuenta un comodín a su lado); descartar la última carta es salir.
option-spade_three_return = Vuelta del 3 de picas: el 3 de picas gana a un comodín solo
    .help = Vuelta del 3 de picas: el 3 de picas jugado solo gana a un comodín solo jugado como carta suelta (el modo bga de los comodines), y cierra la baza.
option-suit_lock = Bloqueo de palo: dos jugadas de los mismos palos bloquean la baza en ellos
    .help = Bloqueo de palo (shibari): una jugada con exactamente los palos de la anterior (sin comodines en ninguna) bloquea la baza en esos palos; un comodín jugado solo levanta el bloqueo.
option-joker_suits = Un comodín junto a otras cartas nombra su palo (JK=9H), que lee el bloqueo de palo
    .help = Un comodín junto a cartas naturales de un valor nombra la carta que sustituye ('JK=9H 9S'), y el bloqueo de palo lee su palo (la mesa de UECda lo pone en la casilla de un palo); en cinco iguales no nombra ninguno. Solo una baraja.
option-number_lock = Bloqueo de número: dos jugadas separadas por un valor obligan a subir de uno en uno
    .help = Bloqueo de número (kaidan shibari): en cuanto una jugada de un valor está un valor por encima de la anterior, cada jugada siguiente de la baza está un valor por encima de la última; un comodín jugado solo lo levanta. Con suit_lock: ambos.
option-sequences = Escaleras: cartas seguidas de un palo (3H 4H 5H) son una jugada
    .help = Escaleras (kaidan): cartas de un palo en sequence_min o más valores consecutivos (un comodín puede sustituir una carta, 'JK=5H') son una jugada; una escalera solo responde a una escalera de la misma longitud entera por encima.
option-sequence_min = Cartas mínimas en una escalera
    .help = El menor número de cartas de una escalera.
option-sequence_wraps = El 2 y el 3 se enlazan en una escalera
    .help = El 2 y el 3 se enlazan en una escalera (K A 2 3); las cartas tras el mejor valor cuentan por encima.
option-sequence_joker_ends = Un comodín puede alargar una escalera bajo el 3 o sobre el 2 (JK=<3S 3S 4S)
    .help = Un comodín puede alargar una escalera más allá de sus extremos, en una casilla sin carta: bajo el 3 ('JK=<3S 3S 4S', la más débil) o sobre el 2 ('AS 2S JK=>2S', la más fuerte); no sustituye ningún valor (columnas 0 y 14 de UECda).
option-revolution = Revolución: cuatro iguales invierten los valores
    .help = Revolución con 4 cartas o más: off (no); strict (sin comodines); relaxed (4 cartas sin contar comodines); jokers (los comodines cuentan).
choice-revolution-off = No
choice-revolution-strict = Estricta: sin comodines
choice-revolution-relaxed = Flexible: cuatro cartas sin contar comodines
choice-revolution-jokers = Los comodines cuentan
option-revolution_cards = Cartas que hacen una revolución
    .help = Cartas de una jugada que hacen una revolución.
option-sequence_revolution = Una escalera así de larga hace una revolución (0: nunca)
    .help = Una escalera de al menos este número de cartas hace una revolución (0: ninguna; UECda: 5).
option-revolution_ends_trick = Una revolución cierra la baza
    .help = Una revolución cierra la baza en curso.
option-revolution_scope = Una revolución dura
    .help = Una revolución dura hasta que acaba la ronda, o la baza.
choice-revolution_scope-round = Hasta que acaba la ronda
choice-revolution_scope-trick = Hasta que acaba la baza
option-pass_mode = Pasar
    .help = turn: pasar solo este turno; trick: fuera de la baza; single: una jugada cada uno por baza.
choice-pass_mode-turn = Salta solo este turno
choice-pass_mode-trick = Deja fuera hasta que acaba la baza
choice-pass_mode-single = Una jugada cada uno por baza
option-equalize = Jugar lo mismo otra vez (igualar)
    .help = Jugar otra vez la misma combinación: disallow (prohibido); allow (permitido); or-skip / or-pass (el siguiente debe igualar o es saltado / pasa); force-skip (el jugador siguiente es saltado).
choice-equalize-disallow = Prohibido
choice-equalize-allow = Permitido
choice-equalize-or-skip = Permitido: el siguiente iguala o es saltado
choice-equalize-or-pass = Permitido: el siguiente iguala o pasa
choice-equalize-force-skip = Permitido: el siguiente es saltado
option-equalize_ends_trick_by_scum = Si el { -scum } iguala, se cierra la baza
    .help = La baza se cierra si el { -scum } iguala.
option-equalize_ends_trick_by_non_scum = Si iguala cualquier otro, se cierra la baza
    .help = La baza se cierra si iguala un jugador que no es el { -scum }.
option-first_equalize_only_by_scum = Solo el { -scum } (o un jugador obligado) puede igualar
    .help = Solo el { -scum }, o un jugador obligado a igualar, puede igualar.
option-no_equal_best = La mejor carta no se puede igualar
    .help = La mejor carta (2, 3 en revolución, comodín) no se puede igualar.
option-trick_end = La baza se cierra
    .help = Cuándo se cierra una baza: others-passed (cuando el turno volvería al último jugador); all-passed (UECda: el último jugador puede jugar otra vez sobre su propia jugada, y la mesa se limpia cuando han pasado todos los que siguen en juego).
choice-trick_end-others-passed = Cuando todos los demás han pasado
choice-trick_end-all-passed = Cuando todos han pasado, el último también (puede jugar otra vez)
option-lead_pass = Quien sale puede pasar
    .help = Un jugador que sale puede pasar (UECda); cuando todos los que siguen en juego han pasado sobre una mesa vacía, vuelve a salir el mismo.
option-pass_limit = Pases seguidos que acaban la ronda con puestos al azar (0: nunca)
    .help = Tras este número de pases seguidos, cada jugador que sigue en juego recibe al azar uno de los puestos que quedan (0: nunca; UECda: 20).
option-exchange = Entre rondas
    .help = Entre rondas: none (nada); trade (los roles intercambian cartas); draft.
choice-exchange-none = Sin intercambio
choice-exchange-trade = Intercambio: los roles se cambian cartas
choice-exchange-draft = Draft: cartas puestas, luego elegidas
option-exchange_order = Orden del intercambio
    .help = loser-first: el { -scum } da primero, luego el { -president } elige; winner-first: ambos dan a la vez, de las manos tal como se repartieron; in-return: el { -president } da, luego el { -scum } devuelve sus mejores cartas.
choice-exchange_order-loser-first = El { -scum } da primero, luego el { -president }
choice-exchange_order-winner-first = Ambos dan a la vez, de las manos tal como se repartieron
choice-exchange_order-in-return = El { -president } da, luego el { -scum } devuelve
option-top_exchange_cards = Cartas entre { -president } y { -scum }
    .help = Cartas intercambiadas entre el { -president } y el { -scum }.
option-vice_exchange_cards = Cartas entre { -vice-president } y { -high-scum }
    .help = Cartas intercambiadas entre el { -vice-president } y el { -high-scum }.
option-draft_cards = Cartas que cada jugador pone en el draft
    .help = Cartas que cada jugador pone y recoge en el draft.
option-must_give_lowest = El { -president } da sus cartas más bajas
    .help = El { -president } y el { -vice-president } deben dar sus cartas más bajas.
option-keep_jokers = El { -scum } y el { -high-scum } se quedan sus comodines cuando pueden
    .help = El { -scum } y el { -high-scum } se quedan sus comodines en el intercambio cuando pueden.
option-top_roles_min_players = Jugadores necesarios para { -president } y { -scum }
    .help = Jugadores necesarios para que haya { -president } y { -scum }.
option-vice_roles_min_players = Jugadores necesarios para { -vice-president } y { -high-scum }
    .help = Jugadores necesarios para { -vice-president } y { -high-scum }.
option-role_titles = Nombres de los roles: primero, segundo, otros, penúltimo, último
    .help = Nombres de los cinco roles: primero, segundo, otros, penúltimo, último.
option-penalize_final_two = Salir con un 2 da el peor puesto que queda
    .help = Salir con un 2 da el peor puesto libre.
option-penalize_final_joker = Salir con un comodín da el peor puesto que queda
    .help = Salir con un comodín da el peor puesto libre.
option-penalize_final_best = Salir con el mejor valor da el peor puesto que queda
    .help = Salir con el mejor valor (2, o 3 en revolución) da el peor puesto libre.
option-penalize_final_eight = Salir con un 8 da el peor puesto que queda
    .help = Salir con un 8 con eight_rule activa da el peor puesto libre.
option-downfall = Caída: un { -president } que no acaba primero pasa a último
    .help = Un { -president } (Ministro con 2 o 3 jugadores) que no acaba primero queda último.
option-scoring = Puntuación
    .help = beaten: un punto por jugador vencido; credit: se empieza con crédito y se pierde según el rol; places: un punto por jugador vencido y uno más (UECda: 5, 4, 3, 2, 1).
choice-scoring-beaten = Un punto por jugador vencido
choice-scoring-credit = Crédito: se empieza con él, se pierde según el rol
choice-scoring-places = Un punto por jugador vencido, y uno más (de 5 a 1 con cinco)
option-target_score = El encuentro acaba con esta puntuación (0: sin meta)
    .help = El encuentro acaba cuando un jugador llega a esta puntuación (0: sin meta).
option-rounds = Rondas del encuentro (0: sin límite)
    .help = El encuentro acaba tras este número de rondas (0: sin límite).
option-credit_start = Crédito inicial
    .help = Crédito inicial con la puntuación por crédito.
option-credit_changes = Cambio de crédito: { -president }, Vice, { -neutral }, { -high-scum }, { -scum }
    .help = Cambio de crédito para { -president }, Vice, { -neutral }, { -high-scum }, { -scum }.
option-games = Partidas del encuentro
    .help = Partidas del encuentro.
option-battle_limit = Batallas antes de que una partida quede en tablas
    .help = Una partida con este número de batallas queda en tablas.
option-turn_time = Segundos por turno
    .help = Segundos por turno antes de que se haga la jugada automática.
option-min_players = Mínimo de jugadores
    .help = El menor número de jugadores en la mesa.
option-seat_shuffle = Los asientos se sortean de nuevo cada este número de rondas (0: nunca)
    .help = El orden de los asientos se sortea cada este número de rondas, desde la primera (0: nunca; UECda: 3); los roles se mantienen.
option-rank_reset = Los roles se borran cada este número de rondas (0: nunca)
    .help = Cada este número de rondas, desde la primera, se borran los roles: no hay intercambio de cartas en esa ronda (0: nunca; UECda: 100).
option-max_players = Máximo de jugadores
    .help = El mayor número de jugadores en la mesa (al menos min_players).
option-teams = Equipos, como 2v2 (vacío: cada uno por su cuenta)
    .help = Disposición de los equipos como 2v2 o 2v2v2 (vacío: cada uno por su cuenta).

## La mesa (table.html, table*.js): la página, los asientos, el centro, tus jugadas, los resultados

table-page-title = { $name } — Presidente
table-page-title-turn = ● Tu turno — { $name } — Presidente
table-heading = Mesa
table-keys-button = ?
    .aria-label = Atajos de teclado
    .title = Atajos de teclado (?)
table-watching =
    .aria-label = Mirando
table-felt =
    .aria-label = La mesa
table-trick =
    .aria-label = Baza en curso
table-dock =
    .aria-label = Tus jugadas
table-hand =
    .aria-label = Tu mano
table-house-rules =
    .aria-label = Reglas de la casa
table-auto-pass = Pasar por mí cuando no pueda jugar
table-leave = Dejar la mesa
table-leave-confirm = ¿Dejar esta mesa? A mitad de ronda te quedas con el peor puesto libre.
table-log = Registro
table-chat = Chat
table-chat-message = Mensaje
table-chat-input =
    .placeholder = Di algo
table-chat-send = Enviar
table-chat-note = Siéntate a una mesa o inicia sesión desde el vestíbulo para chatear.
table-card-dim = no puede formar parte de una jugada válida ahora
table-card-received = recibida en el intercambio de cartas
table-keys-title = Atajos de teclado
table-key-move = ← → o 1–9
table-key-move-does = recorrer tu mano
table-key-space = Espacio
table-key-space-does = elegir o soltar la carta
table-key-enter = Intro
table-key-enter-does = jugar (o dar, o tomar) las cartas elegidas
table-key-pass-does = pasar
table-key-hint-does = pista: la jugada del mejor bot
table-key-ready-does = listo para la ronda siguiente
table-key-escape = Escape
table-key-escape-does = vaciar la selección
table-key-help-does = esta lista
table-keys-close = Cerrar
table-sound-on = Sonido activado
table-sound-off = Sonido apagado
table-reconnecting = Reconectando…
table-invite-button = Invitar
table-invite-title = Invitar a gente a esta mesa
table-invite-lead = Envíales este enlace, o que escaneen el código con un teléfono.
table-invite-link = Enlace a esta mesa
table-invite-copy = Copiar el enlace
table-invite-share = Compartir…
table-invite-share-text = Ven a jugar al { -president } conmigo
table-invite-qr =
    .alt = Código QR del enlace a esta mesa
table-invite-close = Cerrar
table-invite-copied = Enlace copiado.
table-invite-select = El enlace está seleccionado: cópialo con Ctrl+C (⌘C en un Mac).
table-invite-unavailable = El enlace de invitación no se puede mostrar ahora.
table-closed-unknown = Aquí no hay ninguna mesa: el enlace es erróneo, o la mesa ha cerrado.
table-closed-private = Esta mesa es privada: ábrela con su enlace de invitación, que te dará quien te invitó.
table-closed-signed-out = Este dispositivo se desconectó de tu jugador. Ve al vestíbulo para jugar como alguien nuevo, o abre un enlace de acceso desde otro de tus dispositivos.
table-closed-lobby = Ir al vestíbulo
table-status-waiting = Esperando jugadores
table-status-paused = En pausa hasta que vuelva un jugador
table-status-over = Partida terminada
table-status-round = Ronda { $round }
table-status-round-over = Ronda { $round } · partida terminada
table-status-battle = Juego { $game } de { $games } · batalla { $battle }
table-starts-when-full = La partida empieza cuando todos los asientos estén ocupados.
table-watch-over = La partida ha terminado: estás mirando.
table-watch-free = Estás mirando esta mesa.
table-watch-full = Estás mirando: todos los asientos están ocupados.
table-sit-as = Sentarse aquí como { $name }
table-your-name = Tu nombre
table-sit-here = Sentarse aquí
table-sit-seat = Sentarse aquí, en el asiento { $seat }
table-timer-next-round = Siguiente ronda en { $seconds } s
table-timer-yours = Tu turno · { $seconds } s
table-timer = { $name } · { $seconds } s
table-your-turn-said = Tu turno.
table-staged-gone = Tu jugada preparada ya no es posible: { $play }.
table-seat-number = asiento { $seat }
table-seat-you = { $name } (tú)
table-cards = { $count ->
    [0] ninguna carta
    [one] { $count } carta
   *[other] { $count } cartas
}
table-place = { $place }.º
table-credit = { $score ->
    [one] { $score } crédito
   *[other] { $score } créditos
}
table-points = { $score ->
    [one] { $score } punto
   *[other] { $score } puntos
}
table-marker-turn = le toca
table-marker-empty = asiento vacío
table-marker-waiting = espera la ronda siguiente
table-marker-out = fuera
table-marker-out-place = fuera · { $place }
table-marker-skipped = saltado
table-marker-passed = pasó
table-marker-attacker = atacante
table-marker-defender = defensor
table-marker-dealer = reparte
table-marker-team = equipo { $team }
table-marker-away = ausente
table-marker-free = asiento libre
table-marker-ready = listo
table-ready-waiting = Estás listo: esperando a los demás.
table-ready = Listo para la ronda siguiente
table-watch-replay = Ver la repetición de esta partida
# Play again (table-rematch.js)
table-rematch-title = ¿Jugar otra vez?
table-rematch-offer = Una mesa nueva con las mismas personas y las mismas reglas.
table-rematch-accept = Jugar otra vez
table-rematch-decline = No, gracias
table-rematch-fill-bots = Bots ocupan los asientos rechazados
table-rematch-rotate = Todos se mueven un asiento
table-rematch-creator-chooses = Quien abrió la mesa elige esto.
table-rematch-time = Los asientos sin respuesta en { $seconds } s cuentan como rechazados.
table-rematch-answers = Respuestas
table-rematch-answer-accepted = { $name }: juega otra vez
table-rematch-answer-declined = { $name }: rechaza
table-rematch-answer-waiting = { $name }: aún no responde
table-rematch-answer-bot = { $name }: también viene
table-rematch-answer-nobody = Asiento { $seat }: nadie
table-rematch-go = Ir a la mesa nueva
table-rematch-watch = Ver la mesa nueva
table-rematch-opening = La mesa nueva está abierta: te llevamos allí…
table-rematch-opened = La mesa nueva está abierta.
table-rematch-nobody = Nadie quiso jugar otra vez.
table-rematch-failed = No se pudo abrir la mesa nueva: crea una desde la sala.
table-results-over = Partida terminada
table-results-round = Resultados de la ronda { $round }
table-results-game = Juego { $game } terminado
table-results-winners = { $count ->
    [one] { $winners } gana la partida.
   *[other] { $winners } ganan la partida.
}
table-col-place = Puesto
table-col-player = Jugador
table-col-title = Título
table-col-points = Puntos
table-col-total = Total
table-col-rating = Clasificación
table-col-round = Ronda
table-title-was = { $title } (antes { $was })
table-score-sheet = Hoja de puntos
table-ratings = Clasificaciones
table-rating-coming = clasificación en camino
table-rating-first = { $rating } ({ $change }, primera partida clasificada)
table-rating-change = { $rating } ({ $change })
table-rating-provisional-mark = provisional
table-rating-provisional-why = { $name }: clasificación provisional ({ $games } de las primeras { $settles } partidas clasificadas). Una clasificación nueva solo cuenta el nivel del que el servidor ya está seguro, así que cambia mucho de una partida a otra; se estabiliza tras { $settles } partidas.
table-game-draw = Juego { $game }: empate
table-game-won = Juego { $game }: gana { $name }
table-obligation = { $name } debe igualar { $play } o { $then ->
    [skip] saltar un turno
   *[pass] pasar
}.
table-obligation-you = Debes igualar { $play } o { $then ->
    [skip] saltar un turno
   *[pass] pasar
}.
table-ta-gueule = ¡Ta gueule! { $rule }
table-must-include = Tu jugada debe incluir esta carta: { $card }.
table-exchange = Intercambio de cartas
table-draft-place-all = Draft: cada jugador pone cartas boca abajo.
table-draft-pick-all = Draft: las cartas están boca arriba; cada jugador toma algunas por turno.
table-trick-of = Baza de { $kind }.
table-trick-kind = { $size ->
    [1] cartas sueltas
    [2] parejas
    [3] tríos
    [4] póqueres
   *[other] { $size } cartas
}
table-trick-sequences = escaleras de { $size } cartas
table-you-lead = Abres una baza nueva.
table-leads = { $name } abre una baza nueva.
table-trick-won = { $name } gana la baza.
table-trick-won-why = { $name } gana la baza: { $reason }.
table-trick-won-you = Ganas la baza.
table-trick-won-you-why = Ganas la baza: { $reason }.
table-face-up = { $count ->
    [one] { $count } carta boca arriba
   *[other] { $count } cartas boca arriba
}
table-not-dealt = { $count ->
    [one] { $count } carta sin repartir
   *[other] { $count } cartas sin repartir
}
table-played = jugó { $play }
table-team-wins = Juegos ganados — equipo A { $a }, equipo B { $b }
table-may-pick-up = El defensor puede recoger el montón.
table-battle = Batalla { $battle }
table-battle-attack = Batalla { $battle }: { $attacker } ataca a { $defender }
table-battle-pile = Montón de la batalla: { $cards }
table-battle-pile-empty = Aún no hay cartas en el montón de la batalla.
table-deck = Mazo: { $cards }
table-discard-pile = descartes: { $cards }
table-turn-counter = El juego va en sentido antihorario (a la derecha): un 9 lo invirtió.
table-turn-clockwise = El juego va en sentido horario (a la izquierda).
table-house-rules-list = Reglas de la casa: { $rules }
table-house-rule-name = { $name }:{" "}
# A card handed over in the exchange, with the article the language puts before it.
given-card = { $rank ->
    [Q] la { $card }
    [J] la { $card }
   *[other] el { $card }
 }
table-gave-you = { $name } te dio { $cards }.
table-you-gave = Diste { $cards } a { $to }.
table-gave = { $name } dio { $cards } a { $to }.
table-you-choose = Tú ({ $title }) eliges { $cards } para { $to } ({ $toTitle }).
table-chooses-for-you = { $name } ({ $title }) elige { $cards } para ti ({ $toTitle }).
table-chooses = { $name } ({ $title }) elige { $cards } para { $to } ({ $toTitle }).
table-draft-pool = Cartas del draft
table-joker-stands-for = El comodín vale:
table-joker-choice = Comodín como { $what }
table-match-over = La partida ha terminado.
table-between-rounds = La ronda { $round } ha terminado. La siguiente empieza cuando todos estén listos.
table-between-rounds-give = La ronda { $round } ha terminado. La siguiente empieza cuando todos estén listos; entonces das { $cards } a { $to } ({ $title }).
table-between-rounds-draft = La ronda { $round } ha terminado. La siguiente empieza cuando todos estén listos; luego viene el draft.
table-play-next-round = Juegas a partir de la ronda siguiente.
table-you-are-out = Has salido.
table-you-are-out-place = Has salido: puesto { $place }.
table-next-round-soon = La ronda siguiente empieza pronto.
table-move-on-its-way = Tu jugada está en camino.
table-to-play = Le toca a { $name }.
table-lead = Abres: juega una carta o varias del mismo valor.
table-lead-sequences = Abres: juega una carta, varias del mismo valor o una escalera de un palo.
table-beat-or-pass = Tu turno: supera la última jugada, o pasa.
table-cannot-beat = Tu turno: no puedes superar esto, así que pasas.
table-choose-joker = Elige el valor del comodín.
table-play = Jugar
table-play-this = Jugar { $play }
table-pass = Pasar
table-owed-give = Tu jugada debe cartas: dáselas al siguiente jugador, una a una.
table-owed-discard = Tu jugada debe cartas: descártalas boca arriba, una a una.
table-one-at-a-time = Elige una carta cada vez.
table-give = Dar
table-give-card = Dar { $card }
table-discard = Descartar
table-discard-card = Descartar { $card }
table-hint = Pista
table-hint-pass = pasar
table-hint-says = Pista: { $move } — { $reason }
table-hint-give = dar { $cards }
table-hint-take = tomar { $cards }
table-hint-discard = descartar { $cards }
table-hint-play = jugar { $play } ({ $cards })
table-exchange-now = Intercambio de cartas.
table-exchange-chooses = Intercambio de cartas: { $name } ({ $title }) elige { $cards } para { $to } ({ $toTitle }).
table-exchange-give = Da { $cards } a { $to } ({ $toTitle }): { $count ->
    [one] elígela
   *[other] elígelas
} en tu mano.
table-give-to = Dar { $cards } a { $to }
table-select-more = { $count ->
    [one] Elige { $count } carta más.
   *[other] Elige { $count } cartas más.
}
table-select-only = Elige solo { $cards }.
table-draft-places = Draft: { $name } pone cartas boca abajo.
table-draft-takes = Draft: { $name } toma cartas del draft.
table-draft-place = Draft: pon { $cards } boca abajo — elígelas en tu mano.
table-draft-take = Draft: toma { $cards } de las del draft, junto a tu mano.
table-put-down = Poner { $cards } boca abajo
table-take = Tomar { $cards }
table-staged = Preparada para tu turno: { $play }.
table-unstage = Anular la jugada preparada
table-stage = Jugar { $play } en mi turno
table-stage-hint = Puedes elegir cartas ya para jugarlas en cuanto sea tu turno.
table-pass-trick = Pasar hasta que acabe esta baza

## Una jugada en palabras («dos 7 y un comodín», «el 9, 10 y jota de picas»): $rank es 2-10 (un número), o J, Q, K, A

play-naturals = { $count ->
    [one] { $rank ->
        [A] un as
        [J] una jota
        [Q] una reina
        [K] un rey
       *[other] un { $rank }
    }
   *[other] { $count ->
        [2] dos
        [3] tres
        [4] cuatro
        [5] cinco
        [6] seis
        [7] siete
        [8] ocho
       *[other] { $count }
    } { $rank ->
        [J] jotas
        [Q] reinas
        [K] reyes
        [A] ases
       *[other] { $rank }
    }
}
play-rank-plural = { $rank ->
    [J] jotas
    [Q] reinas
    [K] reyes
    [A] ases
   *[other] { $rank }
}
play-jokers = { $count ->
    [one] un comodín
    [2] dos comodines
    [3] tres comodines
    [4] cuatro comodines
   *[other] { $count } comodines
}
play-jokers-as = { $count ->
    [one] { $jokers } como { $one }
   *[other] { $jokers } como { $plural }
}
play-and-jokers = { $naturals } y { $jokers }
play-sequence = { $ranks } de { $suit }
play-sequence-rank = { $rank ->
    [J] jota
    [Q] reina
    [K] rey
    [A] as
   *[other] { $rank }
}
play-sequence-joker = { $rank ->
    [J] jota
    [Q] reina
    [K] rey
    [A] as
   *[other] { $rank }
} (un comodín)
play-sequence-with-joker = { $naturals }, con un comodín
play-sequence-below = un comodín debajo del { $rank }, luego { $naturals }
play-sequence-above = { $naturals }, luego un comodín encima del { $rank }

## Los efectos en curso (avisos) y las opciones Daifugo de la mesa (sus reglas de la casa)

effect-banner-revolution = Revolución: el orden se invierte — las cartas bajas ganan a las altas.
effect-banner-jack-back = Jota atrás: hasta que acabe la baza, las cartas bajas ganan a las altas.
effect-banner-jack-back-normal = Jota atrás: hasta que acabe la baza, el orden vuelve a ser el normal.
effect-banner-number-lock = Bloqueo de números: hasta que acabe la baza, cada jugada sube exactamente un valor.
effect-banner-suit-lock = Bloqueo de palos: hasta que acabe la baza, las jugadas deben ser de { $suits }.
effect-banner-give = Dar con 7: { $name } da { $cards } a { $to }, una a una.
effect-banner-give-you = Dar con 7: das { $cards } a { $to }, una a una.
effect-banner-discard = Descartar con 10: { $name } descarta { $cards } boca arriba, una a una.
effect-banner-discard-you = Descartar con 10: descartas { $cards } boca arriba, una a una.
effect-next-player = el siguiente jugador
effect-you = ti
effect-eight_cut = Corte del 8
    .meaning = una jugada con un 8 cierra la baza
effect-five_skip = Salto del 5
    .meaning = cada 5 jugado salta al siguiente jugador
effect-nine_reverse = Reversa del 9
    .meaning = una jugada con un 9 invierte el sentido del juego
effect-jack_back = Jota atrás
    .meaning = una jugada con una jota invierte el orden de fuerza hasta que acabe la baza
effect-seven_give = Dar con 7
    .meaning = tras jugar 7, da tantas cartas al siguiente jugador
effect-ten_discard = Descartar con 10
    .meaning = tras jugar 10, descarta tantas cartas boca arriba
effect-spade_three_return = 3 de picas
    .meaning = el 3 de picas gana a un comodín jugado solo y cierra la baza
effect-suit_lock = Bloqueo de palos
    .meaning = una jugada de los mismos palos que la anterior bloquea la baza en esos palos
effect-sequences = Escaleras
    .meaning = tres o más cartas seguidas de un palo se juegan juntas
effect-number_lock = Bloqueo de números
    .meaning = una jugada un valor por encima de la anterior obliga a la baza a subir de uno en uno

## El Presidente en la mesa

battle-your-turn = Tu turno. { $what }
battle-yours-attack = Ataca: elige una carta, o varias del mismo valor (la última que elijas queda encima).
battle-yours-throw-in = Añade cartas del valor del ataque, o pasa.
battle-yours-defend = Supera la carta de arriba con una del mismo valor o una más alta de su palo, o ríndete y llévate el montón.
battle-yours-beat-throw-in = Añade cartas iguales a la que superó, o pasa.
battle-yours-pick-up = Llévate el montón de la batalla, o pasa.
battle-others-attack = Esperando a que { $name } ataque.
battle-others-throw-in = Esperando a que { $name } añada cartas o pase.
battle-others-defend = Esperando a que { $name } supere la carta de arriba o se rinda.
battle-others-pick-up = Esperando a que { $name } recoja o pase.
battle-attack = Atacar
battle-attack-with = Atacar con { $cards }
battle-beat = Superar
battle-beat-with = Superar con { $cards }
battle-throw-in = Añadir
battle-throw-in-with = Añadir { $cards }
battle-concede = Rendirse y llevarse el montón
battle-pick-up = Recoger el montón
battle-rules = Cómo se juega El Presidente
battle-rules-hand = Cada uno tiene cuatro cartas y vuelve a cuatro tras cada batalla. Una carta supera a la de arriba si tiene el mismo valor, o el mismo palo y un valor más alto (el rey arriba, el as abajo).
battle-rules-attack = El atacante juega una carta o varias del mismo valor contra el defensor; los demás pueden añadir cartas de ese valor. El defensor supera la carta de arriba con una carta, o se rinde y se lleva el montón.
battle-rules-after = Tras superarla, cualquiera puede añadir cartas del valor de la carta que superó; luego el montón puede recogerse, o se descarta.
battle-rules-win = Ganas al jugar la última de las cuatro cartas de un valor sin cartas en la mano.

## El registro de la mesa: cada suceso en una frase; los asientos por sus nombres, las cartas con el símbolo de su
## palo ($cards, $play: «7♥ 7♦»); un comodín que vale un número o una carta

log-seat = asiento { $seat }
log-card-jokers = { $count ->
    [one] comodín
   *[other] { $count } comodines
}
log-card-joker-as = { $jokers } como { $card }
log-card-joker-below = { $jokers } por debajo del { $card }
log-card-joker-above = { $jokers } por encima del { $card }
log-card-comma = {", "}
log-deal = Se reparten las cartas: { $sizes }.
log-deal-size = { $who } { $count }
log-give = { $who } da { $cards } a { $to }.
log-give-hidden = { $who } da { $count ->
    [one] { $count } carta
   *[other] { $count } cartas
} a { $to }.
log-discard = { $who } descarta { $cards } (quien las recibía se fue).
log-play-discard = { $who } descarta { $cards } boca arriba.
log-draft-place = { $who } pone { $cards } boca abajo.
log-draft-place-hidden = { $who } pone { $count ->
    [one] { $count } carta
   *[other] { $count } cartas
} boca abajo.
log-draft-reveal = Las cartas del draft se ponen boca arriba: { $cards }.
log-draft-take = { $who } toma { $cards }.
log-play = { $who } juega { $play }.
log-revolution-on = { $who }: ¡revolución! El orden se invierte.
log-revolution-off = El orden vuelve a ser el normal.
log-lock = { $who } bloquea la baza: las jugadas siguientes mantienen los palos de { $play }.
log-pass-limit = { $passes } pases seguidos: los jugadores que siguen en juego reciben puestos al azar.
log-number-lock = { $who } bloquea los números: cada jugada siguiente de la baza debe subir un número.
log-jack-back-on = { $who }: ¡jota atrás! El orden se invierte hasta que termine la baza.
log-jack-back-again = { $who }: otra jota atrás, el orden vuelve a girar.
log-jack-back-end = La baza terminó: se acaba la jota atrás.
log-turn-order-clockwise = { $who } invierte el sentido del turno: ahora va en el sentido de las agujas del reloj.
log-turn-order-counter = { $who } invierte el sentido del turno: ahora va en sentido contrario a las agujas del reloj.
log-finish = { $who } sale, en { $place }.º puesto.
log-penalized = { $who } sale con { $play }: una salida prohibida, queda último.
log-downfall = { $who } no terminó primero: caída, queda último.
log-pass = { $who } pasa.
log-skip = { $who } pierde un turno.
log-skipped = { $who } es saltado.
log-trick-end = { $who } gana la baza.
log-trick-end-rule = { $who } gana la baza ({ $rule }).
log-table-clears = Todos pasaron con la mesa vacía: { $who } vuelve a salir.
log-round-end = Fin de la ronda { $round }. Orden: { $order }.
log-leave = { $who } deja la mesa.
log-join = { $who } llega y espera la ronda siguiente.
log-sit = { $name } se sienta en el asiento { $seat }.
log-game-start = Todos los asientos están ocupados: empieza la partida.
log-ready = { $who } está listo.
log-next-round = Empieza la ronda siguiente.
log-away = { $who } perdió la conexión.
log-back = { $who } ha vuelto.
log-rename = { $old } ahora se llama { $name }.
log-paused-no-legal-move = Ninguna jugada posible para { $who }: la mesa está en pausa.
log-match-end = Terminó el encuentro: { $count ->
    [one] gana { $winners }
   *[other] ganan { $winners }
}.
log-attack = { $who } ataca con { $cards }.
log-throw-in = { $who } añade { $cards }.
log-beat = { $who } gana con { $cards }.
log-concede = { $who } se rinde y se lleva el montón.
log-pick-up = { $who } se lleva el montón.
log-battle-start = Batalla { $battle }: { $attacker } ataca a { $defender }.
log-game-end-won = Fin de la partida { $game }: gana { $who }.
log-game-end-draw = Fin de la partida { $game }: empate.
log-timed-automatic = { $text } (automático)
log-timed-staged = { $text } (preparado)

## Por qué terminó una baza, bajo la baza ($play en palabras: «dos 8»; $cards: cuántas cartas); las reglas que
## terminan una baza

trick-end-play = { $play } la { $cards ->
    [one] termina
   *[other] terminan
}
trick-end-rule = { $play } la { $cards ->
    [one] termina
   *[other] terminan
} ({ $rule })
trick-end-revolution = la revolución la termina
trick-end-passes = todos los demás pasaron
trick-end-skips = un salto devolvió el turno
trick-rule-trump-jokers = comodines de triunfo
trick-rule-eight = regla del 8
trick-rule-best-rank = la mejor carta termina la baza
trick-rule-spade-three = 3 de picas
trick-rule-eight-cut = corte del 8
trick-rule-four-in-a-row = cuatro seguidas
trick-rule-equalize = igualar termina la baza
trick-rule-revolution = una revolución termina la baza
trick-rule-skips = un salto devolvió el turno

## Por qué se rechaza una jugada (docs/errors.md): $play, $top y $card en palabras («dos 9»), $cards, $action e
## $instead con sus cartas («3♥ 4♣»); $verb es el del motor: give, discard, take, join o leave

refusal-not-a-rank = { $text } no es un número de carta: usa A, 2-10, J, Q o K.
refusal-not-a-card = { $text } no es una carta.
refusal-bad-repeat-count = { $text }: las repeticiones deben ser un número positivo.
refusal-no-cards = Elige primero algunas cartas.
refusal-play-without-cards = Una jugada necesita al menos una carta.
refusal-name-each-joker = Di qué carta sustituye cada comodín.
refusal-joker-names-held-card = Un comodín sustituye una carta que la jugada no tiene ya.
refusal-sequence-declares-rank = En una escalera cada comodín sustituye una carta, no un número.
refusal-rank-declared-beside-cards = Solo los comodines jugados solos pueden valer un número.
refusal-empty-play = Elige las cartas que vas a jugar.
refusal-only-jokers-stand-in = Solo un comodín sustituye una carta, no { $name }.
refusal-jokers-missing-before-equals = Solo los comodines valen un número.
refusal-rank-missing-after-equals = Di qué número valen los comodines.
refusal-jokers-alone-name-no-card = Los comodines jugados solos valen un número, no una carta.
refusal-not-one-rank = Una jugada son cartas de un mismo número (pueden acompañarlas comodines).
refusal-sequence-joker-unnamed = En una escalera cada comodín sustituye una carta: di cuál.
refusal-joker-card-needs-sequence = Un comodín sustituye una carta solo en una escalera con cartas naturales.
refusal-joker-stands-for-joker = Un comodín sustituye una carta natural, no otro comodín.
refusal-sequence-not-one-suit = Una escalera son cartas seguidas de un mismo palo (un comodín puede llenar un hueco).
refusal-sequence-not-consecutive = Los números de una escalera van seguidos (3 4 5).
refusal-empty-action = Elige cartas para jugar, o pasa.
refusal-pass-alone = Pasar es una jugada aparte: no elijas cartas para pasar.
refusal-verb-needs-cards = Elige las cartas que vas a { $verb ->
    [give] dar
    [discard] descartar
    [take] tomar
   *[other] { $verb }
}.
refusal-verb-needs-seat = Di qué asiento { $verb ->
    [join] ocupar
    [leave] dejar
   *[other] { $verb }
}.
refusal-special-three-first = La primera baza empieza con el 3 especial: sal con una jugada que lo incluya.
refusal-sequence-trick = Esta baza se juega con escaleras de { $size } cartas: juega una escalera, o pasa.
refusal-wrong-size = Esta baza se juega con { $size ->
    [one] { $size } carta
   *[other] { $size } cartas
}.
refusal-number-locked = Los números están bloqueados: juega { $rank } (un número por encima de la última jugada), o pasa.
refusal-number-locked-at-top = Los números están bloqueados y nada está un número por encima de la última jugada: pasa.
refusal-must-equal = Tienes que igualar { $top }, o pasar.
refusal-does-not-beat = Jugar { $play } no gana a { $top }.
refusal-no-sequences = En esta mesa no se juegan escaleras: juega cartas de un mismo número.
refusal-sequence-too-short = Una escalera tiene al menos { $min } cartas.
refusal-joker-below-three = En esta mesa un comodín no va por debajo del 3 en una escalera.
refusal-joker-above-two = En esta mesa un comodín no va por encima del 2 en una escalera.
refusal-two-three-not-connected = En esta mesa el 2 y el 3 no se enlazan en una escalera.
refusal-joker-too-far = Un comodín alarga una escalera una carta como mucho: por debajo del 3 o por encima del 2.
refusal-sequence-answers-sequence = Una escalera solo responde a una escalera: juega cartas de un mismo número, o pasa.
refusal-wrong-sequence-size = Esta baza se juega con escaleras de { $size } cartas.
refusal-sequence-not-above = Una escalera debe estar entera por encima de { $top } (cada carta por encima de su carta más alta): juega más alto, o pasa.
refusal-no-equal-plays = Aquí no se puede igualar: juega más alto, o pasa.
refusal-lone-joker-not-equalled = Un comodín jugado solo no se puede igualar.
refusal-best-not-equalled = La mejor carta no se puede igualar.
refusal-only-scum-equalizes = Aquí solo el { -scum } puede igualar.
refusal-owed-first = Primero { $verb ->
    [give] da
    [discard] descarta
   *[other] { $verb }
} { $count ->
    [one] { $count } carta
   *[other] { $count } cartas
}.
refusal-not-held = No tienes { $cards }{ $count ->
    [one] {""}
   *[other] {" "}tantas veces
}.
refusal-trump-jokers-alone = Los comodines de triunfo se juegan solos.
refusal-declare-joker-rank = Di qué número valen los comodines.
refusal-jokers-declare-no-rank = En este juego los comodines solos no valen ningún número.
refusal-jokers-name-no-card = En esta mesa los comodines junto a cartas naturales no sustituyen ninguna carta: juega { $instead }.
refusal-name-each-joker-card = Di qué carta sustituye cada comodín.
refusal-suit-locked = La baza está bloqueada en los palos { $suits }: juega cartas de esos palos, o pasa.
refusal-match-over = El encuentro ha terminado.
refusal-waiting-for-players = La mesa espera jugadores.
refusal-not-your-turn = No es tu turno.
refusal-not-your-seat = Solo puedes dejar u ocupar tu propio asiento.
refusal-lead-cannot-pass = Sales en esta baza: no puedes pasar al empezarla.
refusal-not-a-play-move = { $action } no es una jugada durante el juego: juega cartas o pasa.
refusal-must-give-now = Ahora tienes que elegir las cartas que das.
refusal-must-place-now = Ahora tienes que elegir las cartas que pones boca abajo para el draft.
refusal-must-take-now = Ahora tienes que elegir las cartas que tomas del draft.
refusal-no-one-to-move = No le toca a nadie.
refusal-owed-one-at-a-time = Primero { $verb ->
    [give] da
    [discard] descarta
   *[other] { $verb }
} { $count ->
    [one] { $count } carta
   *[other] { $count } cartas
}, de una en una.
refusal-give-count = Da exactamente { $count ->
    [one] { $count } carta
   *[other] { $count } cartas
}, no { $size }.
refusal-take-count = Toma exactamente { $count ->
    [one] { $count } carta
   *[other] { $count } cartas
}, no { $size }.
refusal-not-in-draft-pool = { $cards } no está en el draft.
refusal-no-such-seat = No hay asiento { $seat }: los asientos van del 0 al { $last }.
refusal-seat-taken = El asiento { $seat } está ocupado.
refusal-seat-empty = El asiento { $seat } está vacío.
refusal-attack-without-cards = Juega al menos una carta.
refusal-name-the-cards = Elige las cartas que vas a jugar.
refusal-no-jokers = El Presidente se juega sin comodines.
refusal-card-twice = Una carta aparece dos veces: solo hay una baraja.
refusal-not-an-el-presidente-action = { $text } no es una jugada de El Presidente.
refusal-beat-one-card = El defensor gana con exactamente una carta.
refusal-no-seat-at-table = No hay asiento { $seat } en una mesa de { $players }.
refusal-not-your-turn-to-act = No es tu turno.
refusal-attack-expected = Ahora el atacante juega una carta o varias cartas iguales.
refusal-throw-in-expected = Añade ahora cartas del mismo número que la carta de arriba, o pasa.
refusal-beat-expected = Ahora el defensor gana a la carta de arriba con una carta, o se rinde.
refusal-pick-up-expected = Llévate ahora el montón, o pasa.
refusal-attack-not-one-rank = Un ataque es una carta o varias cartas del mismo número.
refusal-throw-in-wrong-rank = Ahora solo se pueden añadir cartas del número { $rank }.
refusal-card-does-not-beat = { $card } no gana a { $top }: juega el mismo número, o una carta más alta del mismo palo.
refusal-private-table = Esta mesa es privada: ábrela con su enlace de invitación.
refusal-hello-first = Saluda primero.
refusal-hello-again = Ya estás conectado.
refusal-watch-only = Los espectadores sin ficha de jugador solo pueden mirar.
refusal-not-seated = No estás sentado en esta mesa: primero ocupa un asiento.
refusal-moves-for-own-seat = Ocupas el asiento { $seat }, no el { $asked }: solo puedes jugar por el tuyo.
refusal-not-started = La partida no ha empezado: se espera a que todos los asientos estén ocupados.
refusal-between-rounds = Entre rondas: la siguiente empieza cuando todos estén listos.
refusal-no-hint-now = Ahora no hay jugada que sugerir.
refusal-hint-not-your-turn = Las pistas son para tu turno: espera a que te toque.
refusal-nothing-to-be-ready-for = Nada para lo que estar listo: no va a empezar ninguna ronda.
refusal-already-seated = Ya ocupas el asiento { $seat }.
refusal-table-full = Todos los asientos están ocupados: puedes mirar.
refusal-empty-chat = Mensaje vacío.
refusal-chat-too-fast = El chat admite un mensaje por segundo.
refusal-resync-ahead = Esta mesa aún no tiene el suceso { $seq } (el último es { $last }).
refusal-leave-with-button = Deja la mesa con el botón «Dejar la mesa».
refusal-no-leave-move = El Presidente no tiene jugada para irse: el asiento juega jugadas automáticas en su lugar.
refusal-no-join-move = El Presidente no tiene jugada para llegar: un jugador nuevo ocupa el asiento.
# The websocket's own refusals (refusals.WEBSOCKET_CODES); those also met over HTTP are said as error-<code>.
refusal-too-many-connections = Demasiadas conexiones desde tu dirección: cierra algunas mesas antes de abrir otra.
refusal-binary-frame = El servidor no puede leer un mensaje que envió esta página: recarga la página.
refusal-bad-message = El servidor no puede leer un mensaje que envió esta página ({ $reason }): recarga la página.
refusal-too-many-messages = Demasiados mensajes: ve más despacio.
refusal-flooded = Demasiados mensajes: desconectado.
refusal-hello-flooded = Demasiados mensajes sin «hello»: desconectado.
refusal-rematch-not-over = Jugar otra vez se ofrece cuando termina la partida.
refusal-rematch-settled = La revancha ya está decidida en esta mesa.
refusal-rematch-creator-only = Solo quien abrió la mesa elige los asientos y los bots para jugar otra vez.

## The server's refusals over HTTP (docs/protocol.md): error-<code> with its params; $message is the English sentence
error-storage-failing = El almacenamiento del servidor falla: inténtalo de nuevo en un momento.
error-redis-unreachable = El servidor no alcanza Redis, que sus procesos comparten para llevar las mesas: inténtalo de nuevo en un momento.
error-server-failed = El servidor falló con esta petición (el error quedó registrado).
error-body-too-large = La petición es demasiado grande: { $max_bytes } bytes como máximo.
error-body-not-json = La petición no es JSON válido.
error-body-not-object = La petición debe ser un objeto JSON.
error-unknown-token = Sesión desconocida: elige un nombre para volver a jugar.
error-create-player-first = Elige primero un nombre: la petición necesita tu sesión.
error-device-revoked = Este dispositivo se desconectó de su jugador: abre un enlace de acceso desde otro de tus dispositivos, o juega como alguien nuevo.
error-device-link-unknown = Este enlace de acceso no se conoce: cópialo entero o crea uno nuevo.
error-device-link-used = Este enlace de acceso ya se usó: cada enlace conecta un solo dispositivo. Crea uno nuevo.
error-device-link-expired = Este enlace de acceso caducó (un enlace dura { $minutes } minutos): crea uno nuevo.
error-no-such-device = Tu jugador no tiene ese dispositivo conectado.
error-too-many-devices = Tu jugador está conectado en { $max } dispositivos: desconecta uno antes de añadir otro.
error-too-many-new-players = Demasiados jugadores nuevos desde tu dirección: inténtalo de nuevo en un minuto.
error-rename-too-soon = Puedes cambiar de nombre una vez cada { $seconds } segundos: inténtalo pronto.
error-text-required = { $field -> [name] El nombre de la mesa *[other] El nombre visible } debe ser un texto de 1 a { $max } caracteres.
error-text-length = { $field -> [name] El nombre de la mesa *[other] El nombre visible } debe tener de 1 a { $max } caracteres, no { $length }.
error-text-not-printable = { $field -> [name] El nombre de la mesa *[other] El nombre visible } contiene caracteres que no son texto.
error-unknown-fields = Campo(s) desconocido(s) { $names }: una mesa acepta { $fields }.
error-bad-game = El juego debe ser uno de { $games }.
error-bad-preset-field = El preajuste debe ser el nombre de un preajuste, como bga.
error-bad-seats = Los asientos deben ser un número entero de { $min } a { $max }.
error-bad-options-field = Las opciones deben ser un objeto de nombres de opciones y valores.
error-bad-bots = Indica un bot (o nadie, para un jugador) por asiento.
error-not-a-boolean = { $field } debe ser verdadero o falso, no { $value }.
error-no-seat-for-player = Deja al menos un asiento para un jugador (o permite solo bots para verlos jugar).
error-sit-needs-free-seat = Para sentarte, deja un asiento sin bot.
error-decks-over-server = { $option } debe ir de { $min } a { $max } en este servidor, no { $value }: más barajas harían cada jugada demasiado lenta para un servidor compartido.
error-too-many-open-tables = Ya tienes { $count } mesas abiertas: juega o deja una antes de abrir otra.
error-too-many-waiting-tables = El servidor tiene demasiadas mesas esperando jugadores: únete a una.
error-no-such-table = Esa mesa no existe.
error-game-over = Esta partida ha terminado: mira su repetición en /replay/{ $table }.
error-table-damaged = Esta mesa está dañada (sus jugadas guardadas ya no se reproducen): se conserva para revisarla.
error-table-expired = Esta mesa se cerró: nadie vino a jugar.
error-too-many-ratings = Pide como máximo { $max } puntuaciones de jugadores a la vez.
error-not-replayable = Solo se pueden repetir las partidas terminadas.
error-step-not-number = El paso es un número entero.
error-replay-damaged = Las jugadas guardadas de esta partida ya no se reproducen: está dañada.
error-not-reviewable = Solo se pueden analizar las partidas de Presidente terminadas.
error-bad-review-seat = El asiento es un número de 0 a { $max }.
error-reviews-busy = El servidor está ocupado con otros análisis: inténtalo de nuevo en un minuto.
error-position-not-shown = Esta posición no se puede mostrar: el motor la rechazó.
error-record-too-large = Este archivo de registro supera los { $max_mb } MB que abre esta página. `presidente replay ARCHIVO` recorre cualquier registro en la terminal.
error-record-busy = El servidor está abriendo otro archivo de registro: inténtalo de nuevo en un momento.
error-record-refused = El servidor no pudo reproducirlo (en inglés): { $reason }
error-record-closed = Este registro ya no está abierto en el servidor: vuelve a abrir su archivo.
error-private-table = Esta mesa es privada: ábrela con su enlace de invitación.
error-not-a-whole-number = { $option } debe ser un número entero, no { $value } (de { $min } a { $max }).
error-out-of-bounds = { $option } debe ser un número entero de { $min } a { $max }, no { $value }.
error-not-true-or-false = { $option } debe ser verdadero o falso, no { $value }.
error-not-a-choice = { $option } debe ser uno de { $choices }, no { $value }.
error-bad-text = { $option } debe ser un texto de 1 a { $max_chars } caracteres imprimibles, no { $value }.
error-bad-text-or-null = { $option } debe ser un texto de 1 a { $max_chars } caracteres imprimibles, o nada, no { $value }.
error-bad-number-list = { $option } debe dar { $count } números, cada uno un entero de { $min } a { $max }, no { $value }.
error-bad-number-list-item = { $option } debe dar { $count } números, cada uno un entero de { $min } a { $max }; el elemento { $index } es { $item }.
error-bad-name-list = { $option } debe dar { $count } nombres, cada uno de 1 a { $max_chars } caracteres imprimibles, no { $value }.
error-bad-name-list-item = { $option } debe dar { $count } nombres, cada uno de 1 a { $max_chars } caracteres imprimibles; el elemento { $index } es { $item }.
error-options-not-an-object = Las opciones deben ser un objeto de nombres de opciones y valores, no { $value }.
error-unknown-options = Opción(es) desconocida(s): { $names }.
error-unknown-el-presidente-options = Opción(es) de El Presidente desconocida(s): { $names }.
error-max-players-below-min = El máximo de jugadores debe ser al menos el mínimo ({ $min }), no { $max }.
error-no-match-end = Una partida necesita un final: fija las rondas o una puntuación objetivo.
error-all-passed-needs-trick-passes = Limpiar la mesa cuando todos han pasado exige que el pase valga para toda la baza.
error-joker-suits-needs-one-deck = Los comodines que nombran un palo exigen una sola baraja.
error-joker-ends-need-no-wrap = Los comodines en los extremos de una escalera exigen escaleras que no pasen del 2 al 3.
error-sequence-revolution-below-min = La revolución por escalera debe ser 0 o al menos la escalera más corta ({ $min }), no { $value }.
error-players-out-of-range = { $rules } se juega de { $min } a { $max } jugadores, no { $players }.
error-players-not-exact = { $rules } se juega con { $count } jugadores, no { $players }.
error-unknown-preset = Preajuste desconocido { $preset }: elige uno de { $presets }.
error-unknown-option = Opción desconocida { $option }.
error-teams-not-sizes = Los equipos son tamaños unidos por 'v', como 2v2 o 2v2v2, no { $value }.
error-teams-unequal = Los equipos deben ser del mismo tamaño para que los compañeros se sienten separados, no { $value }.
error-teams-players = Los equipos { $teams } necesitan { $needed } jugadores, no { $players }.

# A hint's reason (web/table-hint.js; the codes of presidente/bots/hint.py), after "Hint: <move> —".
hint-why-search = { $deals ->
    [one] la búsqueda jugó cada jugada en { $deals } reparto de las cartas que no ves, y esta salió mejor
   *[other] la búsqueda jugó cada jugada en { $deals } repartos de las cartas que no ves, y esta salió mejor
}
hint-why-search-gain = { $deals ->
    [one] en { $deals } reparto de las cartas que no ves, esta jugada salió un { $gain } % mejor que la opción sencilla
   *[other] en { $deals } repartos de las cartas que no ves, esta jugada salió un { $gain } % mejor que la opción sencilla
}
hint-why-network = una red entrenada con miles de partidas prefiere esta jugada
hint-why-nothing-to-play = no puedes jugar nada: pasa
hint-why-give-weakest = da tus cartas más débiles que no rompen ninguna combinación
hint-why-take-strongest = toma las cartas más fuertes que completan tus combinaciones
hint-why-empties-hand = esta jugada vacía tu mano
hint-why-strong-now = juega ya tus cartas fuertes: no se puede terminar con ellas
hint-why-revolution = revolución: tu mano es más fuerte con el orden invertido
hint-why-lead-sequence = abre con una escalera de tus cartas débiles sueltas
hint-why-keep-lead = nadie puede superar esto: conservas la salida
hint-why-lead-weakest-set = abre con tu combinación más débil
hint-why-lead-weakest = abre con tus cartas más débiles
hint-why-illegal-finish = no se puede terminar con estas cartas
hint-why-no-equalize = igualar gastaría una carta fuerte
hint-why-equalize = iguala
hint-why-keep-strongest = guarda tus cartas más fuertes para después
hint-why-keep-set = superar rompería una combinación
hint-why-stop-opponent = un rival está a punto de salir: supéralo
hint-why-equalize-skip = iguala: el siguiente jugador pierde el turno
hint-why-beat-weakest = supera con tus cartas más débiles
hint-why-random = una jugada al azar
hint-why-wins-game = esto gana la partida
hint-why-shed-rank = deshazte de un valor que no coleccionas
hint-why-beat-then-complete = gana el ataque y luego echa el resto para completar el grupo
hint-why-king-pick-up = nadie gana a un rey: recógelo para después
hint-why-pile-has-rank = el montón tiene el valor que coleccionas
hint-why-nothing-beats = nada gana a esto
hint-why-beat-least-needed = gana con la carta que menos necesitas
hint-why-bigger-hand = una mano más grande cuesta más vaciarla
hint-why-nothing-to-throw = nada que echar
hint-why-teammate-rest = puede que un compañero tenga el resto de este valor
hint-why-collecting = coleccionas este valor
hint-why-teammate-burden = no aumentes la carga de un compañero
hint-why-harder-attack = deshazte de cartas y haz el ataque más difícil de ganar
hint-why-shed-cards = deshazte de cartas que no coleccionas
hint-why-opponent-set = echar cartas podría dejar que un rival complete el grupo

## The guided first game (lobby "Learn to play", table-tutorial.js) and a table's rules in force (table-rules.js)

lobby-learn = Aprender a jugar
lobby-learn-intro = Una ronda corta y guiada contra bots: cada paso dice qué hacer y resalta la carta o el botón que hay que pulsar.
lobby-learn-done = Hecho: vuelve a jugarla cuando quieras.
lobby-learn-skipped = Omitido: pruébala cuando quieras.
tutorial-table-name = Aprender a jugar
tutorial-title = Aprender a jugar
tutorial-progress = { $learned } de { $total } pasos aprendidos
tutorial-skip = Saltar el tutorial
tutorial-lobby = Volver al vestíbulo
tutorial-start = Se reparten las cartas: tu mano está abajo.
tutorial-lead = Abres la baza: juega una carta o varias del mismo valor. Selecciona la carta resaltada y pulsa el botón de jugar.
tutorial-beat = Supera la última jugada con tantas cartas de un valor más alto (el 3 es el más bajo, el 2 el más alto). Selecciona la carta resaltada y pulsa el botón de jugar.
tutorial-pass = No puedes superar esta jugada: pulsa Pasar. Quedas fuera hasta que acabe la baza.
tutorial-wait = Los demás juegan por turnos, en el sentido de las agujas del reloj: cada uno supera la última jugada o pasa.
tutorial-wait-lead = Quien gana la baza abre la siguiente.
tutorial-trick-end = Todos los demás han pasado, así que la baza ha terminado: la has ganado y abres la siguiente. Selecciona la carta resaltada y pulsa el botón de jugar.
tutorial-trick-end-other = La baza ha terminado: todos los demás han pasado, así que { $name } la ha ganado y abre la siguiente.
tutorial-out = Has jugado tu última carta: ¡sales el primero! Los demás siguen hasta que solo a uno le queden cartas.
tutorial-roles = La ronda ha terminado: el orden de salida da los papeles, y eres { $title }; el último en salir es el { -scum }. Pulsa Listo para la ronda siguiente.
tutorial-roles-ready = Eres { $title }: la ronda siguiente empieza cuando todos estén listos.
tutorial-exchange = El intercambio de cartas: antes de la ronda, el { -scum } da sus mejores cartas al { -president }, y tú devuelves tus { $count } más débiles. Selecciona la carta resaltada y pulsa Dar.
tutorial-exchange-others = El intercambio de cartas: los demás entregan sus cartas.
tutorial-done = Has jugado una ronda entera y el intercambio: ¡eso es el Presidente! Sigue jugando cuanto quieras o vuelve al vestíbulo.
rules-button = Reglas
rules-title = Las reglas de esta mesa
rules-preset = Reglas: { $preset } ({ $name }).
rules-basics = Cómo se juega una ronda
rules-basics-goal = Todos reciben cartas, y el objetivo es jugar todas las tuyas el primero. Las cartas van del 3 (la más baja) al 10, jota, reina, rey, as y 2 (la más alta).
rules-basics-lead = Quien abre juega una carta o varias de un mismo valor; cada jugador a su turno la supera con tantas cartas de un valor más alto, o pasa.
rules-basics-trick = Cuando todos los demás han pasado, la baza termina y el último que jugó abre la siguiente.
rules-basics-roles = El primero en salir es { -president } y el último { -scum }: antes de la ronda siguiente el { -scum } da sus mejores cartas al { -president } y recibe cartas a cambio.
rules-changed = Lo que esta mesa fija de otro modo que las reglas sencillas
rules-option-value = { $option }: { $value }.
rules-plain = Nada: esta mesa juega las reglas sencillas, cada opción con su valor habitual.
rules-all = Las { $count } opciones en vigor
rules-close = Cerrar
