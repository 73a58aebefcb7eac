// @ts-check
// The lobby: Play now, your name, open tables, the table-creation form, finished games and the leaderboard.
import { currentPlayer, ensurePlayer, getJson, h, postJson, session } from "./api.js";
import { has, languageSwitcher, localizePage, onLanguageChange, t, tParts } from "./i18n.js";
import {
  GROUPS, botLabel, botsSentence, choiceLabel, groupTitle, optionGroup, optionHelp, optionLabel, optionOrder, valueLabel,
} from "./option-labels.js";
import { gameTitle, seatName } from "./game-words.js";
import { setUpDevices, showDevices } from "./lobby-devices.js";
import { setUpLearnToPlay } from "./lobby-tutorial.js";

/** @typedef {import("./option-labels.js").OptionSpec} OptionSpec */
/**
 * A game of GET /api/games (`lobby_catalogue`, presidente/server/actor.py): its presets' values, their
 * descriptions, each option's meaning and declaration.
 * @typedef {{game: string, title: string, presets: Record<string, Record<string, any>>,
 *   descriptions: Record<string, string>, meanings: Record<string, string>, options: OptionSpec[]}} GameOffer
 */
/** GET /api/games: the games and each game's bots. @typedef {{games: GameOffer[], bots: Record<string, string[]>}} Catalogue */
/**
 * A lobby line of a waiting or playing table (`lobby_line`, presidente/server/table.py); `seat` in your own tables.
 * @typedef {{id: string, name: string, game: string, preset: string, seats: number, status: string, private: boolean,
 *   players: {seat: number, name: string, kind: string}[], open_seats: number, seat?: number}} TableLine
 */
/**
 * A finished table (`finished_tables`, presidente/server/storage.py): its players best first, `finished` in
 * seconds since the epoch.
 * @typedef {{id: string, name: string, game: string, preset: string, finished: number | null, players: string[],
 *   winner: string | null, winners?: string[]}} FinishedTable
 */
/** A table the server could not resume. @typedef {{id: string, name: string, game: string, preset: string}} DamagedTable */
/** A leaderboard line. @typedef {{id: string, name: string, rating: number, mu: number, sigma: number, games: number,
 * provisional: boolean}} Ranked */
/** An option's input: a box, or a select for a choice. @typedef {HTMLInputElement | HTMLSelectElement} OptionInput */

// Play now: the default preset with you and three bots of the solid kind.
const PLAY_NOW = { game: "president", preset: "bga", seats: 4, bot: "heuristic" };
const REFRESH_MS = 3000;

/** @type {Catalogue | null} */
let catalogue = null;
/** @type {Record<string, string>} */
const shown = {};  // the JSON each list was last drawn from: a list is redrawn only when it changed
/** @type {{mine?: TableLine[], tables?: [TableLine[], TableLine[]], finished?: FinishedTable[], leaderboard?: Ranked[],
 *   damaged?: DamagedTable[]}} */
const lists = {};  // the data each list was last drawn from, to draw it again in another language

/** An element of index.html, which has every id this module asks for. @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** A text or number box of index.html (or of the form this module draws). @param {string} id */
const inputById = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));
/** The form's choice of game. */
const gameSelect = () => /** @type {HTMLSelectElement} */ (document.getElementById("game"));

// ------------------------------------------------------------------------------------------- identity

function showWho() {
  const me = session();
  byId("who").textContent = me ? t("lobby-playing-as", { name: me.name }) : t("lobby-not-signed-in");
  if (me && document.activeElement !== byId("name")) inputById("name").value = me.name;
  if (!me && !byId("table-name").dataset.touched) inputById("table-name").value = t("lobby-default-table-name");
  else if (me && !byId("table-name").dataset.touched) inputById("table-name").value = t("lobby-own-table-name", { name: me.name });
  showDevices();
}

/** The player for a click that needs one: the session's, or a new one under the typed name (or a guest's). */
async function player() {
  const typed = inputById("name").value.trim();
  const me = await currentPlayer();
  if (me) return me;
  const made = await ensurePlayer(typed || t("lobby-guest-name", { number: String(Math.floor(1000 + Math.random() * 9000)) }));
  showWho();
  return made;
}

/** @param {Event} event */
async function saveName(event) {
  event.preventDefault();
  const note = byId("name-note");
  const name = inputById("name").value.trim();
  if (!name) {
    note.textContent = t("lobby-name-empty");
    byId("name").focus();
    return;
  }
  try {
    const before = session();
    const me = await ensurePlayer(name);
    note.textContent = before ? t("lobby-name-saved", { name: me.name }) : t("lobby-welcome", { name: me.name });
    showWho();
    refresh(true);
  } catch (error) {
    note.textContent = error.message;
  }
}

// ------------------------------------------------------------------------------------------- Play now

/** @param {Event} event */
async function playNow(event) {
  const button = /** @type {HTMLButtonElement} */ (event.currentTarget);
  const error = byId("play-error");
  error.textContent = "";
  button.disabled = true;
  try {
    const me = await player();
    const { seats, bot } = PLAY_NOW;
    const result = await postJson("/api/tables", {
      token: me.token, name: t("lobby-own-table-name", { name: me.name }), game: PLAY_NOW.game, preset: PLAY_NOW.preset, seats,
      bots: [null, ...Array(seats - 1).fill(bot)], sit: true,
    });
    location.href = result.invite;
  } catch (err) {
    error.textContent = err.message;
    button.disabled = false;
  }
}

// ------------------------------------------------------------------------------------------- lists

/** @param {string} key @param {unknown} data */
function changed(key, data) {
  const text = JSON.stringify(data);
  if (shown[key] === text) return false;
  shown[key] = text;
  return true;
}

/** @param {TableLine} table */
function tableLine(table) {
  const seated = table.players.filter((p) => p.kind === "human" || p.kind === "bot").length;
  const status = table.status === "waiting" ? t("lobby-status-waiting")
    : table.status === "paused" ? t("lobby-status-paused") : t("lobby-status-playing");
  const who = table.players.map((p) => (p.kind === "empty" ? t("lobby-free-seat") : p.kind === "bot" ? seatName(p.name) : p.name))
    .join(t("list-separator"));
  const links = [];
  const names = { table: table.name };
  if (table.seat !== undefined) {
    links.push(h("a", { href: `/table/${table.id}`, class: "button primary", "aria-label": t("lobby-back-to-seat.aria-label", names) },
      t("lobby-back-to-seat")));
  } else if (table.open_seats) {
    links.push(h("a", {
      href: `/table/${table.id}#sit`, class: "button primary",
      "aria-label": t("lobby-take-seat.aria-label", { ...names, free: table.open_seats }),
    }, t("lobby-take-seat")));
  }
  if (table.seat === undefined) {
    links.push(h("a", { href: `/table/${table.id}#watch`, class: "button", "aria-label": t("lobby-watch.aria-label", names) },
      t("lobby-watch")));
  }
  const meta = { game: gameTitle(table.game), preset: table.preset, status, seated, seats: table.seats };
  return h("li", { class: "table-line" },
    h("div", { class: "what" },
      h("strong", {}, table.name),
      h("span", { class: "meta" }, t("lobby-table-meta", meta)),
      h("span", { class: "meta" }, who)),
    h("div", { class: "actions" }, ...links));
}

/** @param {TableLine[]} tables */
function showMyTables(tables) {
  lists.mine = tables;
  if (!changed("mine", tables)) return;
  byId("mine-panel").hidden = !tables.length;
  byId("my-tables").replaceChildren(...tables.map(tableLine));
}

/** @param {TableLine[]} tables @param {TableLine[]} mine */
function showTables(tables, mine) {
  const ids = new Set(mine.map((table) => table.id));
  tables = tables.filter((table) => !ids.has(table.id));  // yours are listed above, with your seat
  lists.tables = [tables, []];
  if (!changed("tables", tables)) return;
  const list = byId("tables");
  list.replaceChildren(...tables.map(tableLine));
  if (!tables.length) list.append(h("li", { class: "empty-line" }, t("lobby-no-open-table")));
}

/** @param {FinishedTable[]} tables */
function showFinished(tables) {
  lists.finished = tables;
  if (!changed("finished", tables)) return;
  const list = byId("finished");
  const date = new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" });
  list.replaceChildren(...tables.map((table) => {
    const when = table.finished ? new Date(table.finished * 1000) : null;
    const winners = (table.winners ?? (table.winner ? [table.winner] : [])).map((name) => h("strong", {}, seatName(name)));
    const others = table.players.slice(winners.length).map(seatName);
    return h("li", {},
      h("a", { href: `/replay/${table.id}` }, t("lobby-replay-of", { table: table.name })),
      h("span", { class: "meta" },
        when ? h("time", { datetime: when.toISOString() }, date.format(when)) : "",
        ` · ${gameTitle(table.game)} · ${table.preset}`),
      h("span", { class: "meta" },
        winners.length > 1 ? tParts("lobby-winners", { names: h("span", {}, ...winners.flatMap((name, i) => (i ? [t("list-separator"), name] : [name]))) })
          : winners.length ? tParts("lobby-winner", { name: winners[0] }) : t("lobby-no-winner"),
        others.length ? ` · ${t("lobby-then", { names: others.join(t("list-separator")) })}` : ""));
  }));
  if (!tables.length) list.append(h("li", { class: "empty-line" }, t("lobby-no-finished")));
}

/** Tables the server could not resume (issue 13): listed, never offered to play. @param {DamagedTable[]} tables */
function showDamaged(tables) {
  lists.damaged = tables;
  if (!changed("damaged", tables)) return;
  byId("damaged-panel").hidden = !tables.length;
  byId("damaged").replaceChildren(...tables.map((table) => h("li", {}, h("strong", {}, table.name),
    h("span", { class: "meta" }, ` · ${gameTitle(table.game)} · ${table.preset} · ${t("lobby-damaged")}`))));
}

/** A leaderboard name: a bot's rating is per game ("bot:president:heuristic" is "heuristic bot (President)").
 * @param {Ranked} entry */
function rankedName(entry) {
  const [kind, game, bot] = entry.id.split(":");
  return kind === "bot" && bot ? t("bot-ranked", { name: bot, game: gameTitle(game) }) : entry.name;
}

/** @param {Ranked[]} players */
function showLeaderboard(players) {
  const me = session();
  lists.leaderboard = players;
  if (!changed("leaderboard", [players, me?.id])) return;
  const body = byId("leaderboard");
  body.replaceChildren(...players.map((p, i) => h("tr", { class: me && p.id === me.id ? "mine" : "" },
    h("td", {}, i + 1),
    h("td", {}, rankedName(p), me && p.id === me.id ? ` ${t("lobby-you")}` : ""),
    h("td", {}, p.provisional ? t("lobby-rating-provisional", { rating: p.rating }) : p.rating),
    h("td", {}, p.games))));
  if (!players.length) body.append(h("tr", {}, h("td", { colspan: 4 }, t("lobby-nobody-ranked"))));
}

async function refresh(force = false) {
  if (force) for (const key of Object.keys(shown)) delete shown[key];
  const me = session();
  const mineRequest = me
    ? fetch("/api/me/tables", { headers: { "x-token": me.token } }).then((r) => (r.ok ? r.json() : { tables: [] }))
    : Promise.resolve({ tables: [] });
  const [open, done, board, damaged, mine] = await Promise.all([
    ...["/api/tables", "/api/finished", "/api/leaderboard", "/api/damaged"].map((url) => getJson(url).catch(() => null)),
    mineRequest.catch(() => ({ tables: [] })),
  ]);
  showMyTables(mine.tables);
  if (open) showTables(open.tables, mine.tables);
  if (done) showFinished(done.tables);
  if (board) showLeaderboard(board.players);
  if (damaged) showDamaged(damaged.tables);
}

// ------------------------------------------------------------------------------------------- the form

// The form is drawn once the catalogue came.
/** @returns {GameOffer} */
function currentGame() {
  return /** @type {GameOffer} */ (/** @type {Catalogue} */ (catalogue).games.find((g) => g.game === gameSelect().value));
}

function currentPreset() {
  return /** @type {HTMLInputElement | null} */ (document.querySelector('#presets input[name="preset"]:checked'))?.value;
}

/** A preset's description in the page's language; the server's words for a preset the catalogs lack.
 * @param {GameOffer} game @param {string} name */
function presetDescription(game, name) {
  const id = `preset-${name}`;
  return has(id) ? t(id) : game.descriptions[name] ?? "";
}

function fillGame() {
  const game = currentGame();
  const names = Object.keys(game.presets);
  byId("presets").replaceChildren(...names.map((name, i) => h("label", { class: "preset" },
    h("input", { type: "radio", name: "preset", value: name, checked: i === 0 ? true : null }),
    h("span", {}, h("strong", {}, name), " — ", presetDescription(game, name)))));
  byId("bots").replaceChildren();
  fillSeats();
  fillOptions();
}

/** The seat counts the preset allows: its fewest and most players, within 2 to 8. */
function seatBounds() {
  const values = currentGame().presets[currentPreset() ?? ""] ?? {};
  return [Math.max(2, values.min_players ?? 2), Math.min(8, values.max_players ?? 8)];
}

function fillSeats() {
  const [low, high] = seatBounds();
  const input = inputById("seats");
  input.min = String(low);
  input.max = String(high);
  const wanted = Number(input.value);
  if (!Number.isInteger(wanted) || wanted < low || wanted > high) input.value = String(Math.min(high, Math.max(low, 4)));
  byId("seats-help").textContent = t("lobby-seats-help", { low, high });
  fillBots();
}

/** The seat count typed, checked against the preset's bounds. */
function readSeats() {
  const [low, high] = seatBounds();
  const text = inputById("seats").value.trim();
  const seats = Number(text);
  if (!/^\d+$/.test(text) || seats < low || seats > high) {
    byId("seats").focus();
    throw new Error(t("lobby-seats-refused", { low, high, preset: currentPreset(), typed: text || t("value-empty") }));
  }
  return seats;
}

function fillBots() {
  const [low, high] = seatBounds();
  const seats = Math.min(high, Math.max(low, Number(inputById("seats").value) || 4));
  const names = /** @type {Catalogue} */ (catalogue).bots[gameSelect().value];
  const box = byId("bots");
  byId("bots-help").textContent = t("lobby-bots-help", { sentence: botsSentence(names) });
  const before = [...box.querySelectorAll("select")].map((select) => select.value);
  box.replaceChildren();
  for (let seat = 0; seat < seats; seat++) {
    const id = `bot${seat}`;
    const select = /** @type {HTMLSelectElement} */ (h("select", { id, name: id },
      h("option", { value: "" }, t("lobby-a-player")), ...names.map((n) => h("option", { value: n }, botLabel(n)))));
    if (seat > 0) select.value = names.includes("heuristic") ? "heuristic" : names[0];
    if (seat < before.length && (before[seat] === "" || names.includes(before[seat]))) select.value = before[seat];
    box.append(h("div", { class: "field seat-field" }, h("label", { for: id }, t("lobby-seat", { number: seat + 1 })), select));
  }
}

// Each option's input follows its declaration in the catalogue (`kind`, bounds, choices, size): a select for
// a fixed choice, a checkbox for yes/no, a number box with its bounds, a comma list or text box otherwise.
/** @param {OptionSpec} spec @param {any} value @param {string} id */
function optionInput(spec, value, id) {
  const name = spec.name;
  switch (spec.kind) {
    case "bool":
      return h("input", { type: "checkbox", id, name, checked: value });
    case "choice":
    case "card": {
      const select = /** @type {HTMLSelectElement} */ (h("select", { id, name },
        ...spec.choices.map((choice) => h("option", { value: choice }, choiceLabel(name, choice)))));
      select.value = value;
      return select;
    }
    case "int":
      return h("input", { type: "number", id, name, value, min: spec.minimum, max: spec.maximum, step: 1, inputmode: "numeric" });
    case "int_list":
    case "name_list":
      return h("input", { id, name, value: value.join(", ") });
    default:
      return h("input", { id, name, value: value ?? "", maxlength: spec.max_chars });
  }
}

/** @param {OptionSpec} spec @param {any} value */
function optionField(spec, value) {
  const id = `option-${spec.name}`;
  const input = optionInput(spec, value, id);
  const range = spec.kind === "int" ? ` (${spec.minimum}–${spec.maximum})` : "";
  const help = h("small", { id: `${id}-help`, class: "help" }, `${optionHelp(spec)}${range}`);
  const mark = h("small", { id: `${id}-mark`, class: "changed-mark" });
  input.setAttribute("aria-describedby", `${id}-mark ${id}-help`);
  input.addEventListener("input", markChanges);
  input.addEventListener("change", markChanges);
  const label = h("label", { for: id }, optionLabel(spec.name));
  const body = spec.kind === "bool"
    ? [h("div", { class: "check" }, input, label), mark, help]
    : [label, input, mark, help];
  return h("div", { class: `option kind-${spec.kind}`, "data-option": spec.name }, ...body);
}

function fillOptions() {
  const game = currentGame();
  const values = game.presets[currentPreset() ?? ""];
  const groups = new Map(GROUPS.map((key) => [key, { title: groupTitle(key), fields: /** @type {HTMLElement[]} */ ([]) }]));
  const specs = [...game.options].sort((a, b) => optionOrder(a.name) - optionOrder(b.name));
  for (const spec of specs) groups.get(optionGroup(spec.name))?.fields.push(optionField(spec, values[spec.name]));
  byId("options").replaceChildren(...[...groups.values()].filter((g) => g.fields.length).map((g) =>
    h("fieldset", { class: "option-group" }, h("legend", {}, g.title), ...g.fields)));
  markChanges();
}

/** Mark each option whose value differs from the preset's, and count them in the summary. */
function markChanges() {
  const game = currentGame();
  const preset = game.presets[currentPreset() ?? ""];
  let count = 0;
  for (const spec of game.options) {
    const field = /** @type {HTMLElement} */ (document.querySelector(`#options [data-option="${spec.name}"]`));
    const input = /** @type {OptionInput} */ (byId(`option-${spec.name}`));
    let differs;
    try {
      differs = JSON.stringify(readOption(spec, input)) !== JSON.stringify(preset[spec.name]);
    } catch {
      differs = true;  // not a valid value yet: it is not the preset's either
    }
    field.classList.toggle("changed", differs);
    byId(`option-${spec.name}-mark`).textContent = differs
      ? t("lobby-option-changed", { preset: currentPreset(), value: valueLabel(spec, preset[spec.name]) }) : "";
    count += differs ? 1 : 0;
  }
  byId("changed-count").textContent = count
    ? t("lobby-changed-count", { count, preset: currentPreset() }) : t("lobby-as-preset", { preset: currentPreset() });
}

// A value the page refuses before sending, in the words the server would use: each message names the option by
// its label and its name.
const named = (/** @type {OptionSpec} */ spec) => ({ label: optionLabel(spec.name), name: spec.name });

const WHOLE_NUMBER = /^[+-]?\d+$/;
// Python's isprintable: no control, format, surrogate or private-use character, no separator but the space.
const NOT_PRINTABLE = /[\p{C}\p{Zl}\p{Zp}]|(?! )\p{Zs}/u;

// A list's bounds and a text's size are declared for its kind (`OptionSpec`): null only for the other kinds.
/** @param {OptionSpec} spec @param {string} item */
function itemFits(spec, item) {
  if (spec.kind === "int_list") {
    return WHOLE_NUMBER.test(item) && Number(item) >= Number(spec.item_min) && Number(item) <= Number(spec.item_max);
  }
  const length = [...item].length;  // characters, as the server counts them
  return length >= 1 && length <= Number(spec.max_chars) && !NOT_PRINTABLE.test(item);
}

/** @param {OptionSpec} spec @param {OptionInput} input */
function readOption(spec, input) {
  switch (spec.kind) {
    case "bool":
      return /** @type {HTMLInputElement} */ (input).checked;
    case "choice":
    case "card":
      return input.value;
    case "int": {
      const text = input.value.trim();
      const number = Number(text);
      if (!WHOLE_NUMBER.test(text) || number < Number(spec.minimum) || number > Number(spec.maximum)) {
        throw new Error(t("form-must-be-whole", {
          ...named(spec), min: spec.minimum, max: spec.maximum, value: text ? JSON.stringify(text) : t("value-empty"),
        }));
      }
      return number;
    }
    case "int_list":
    case "name_list": {
      const items = input.value.split(",").map((item) => item.trim());
      if (items.length !== spec.length) {
        throw new Error(t("form-must-be-list", { ...named(spec), length: spec.length, count: items.length }));
      }
      const bad = items.findIndex((item) => !itemFits(spec, item));
      if (bad >= 0) {
        const where = { ...named(spec), length: spec.length, item: bad + 1, value: JSON.stringify(items[bad]) };
        throw new Error(spec.kind === "int_list"
          ? t("form-list-numbers", { ...where, min: spec.item_min, max: spec.item_max })
          : t("form-list-names", { ...where, chars: spec.max_chars }));
      }
      return spec.kind === "int_list" ? items.map(Number) : items;
    }
    default: {
      const text = input.value.trim();
      if (text === "" && spec.nullable) return null;
      const length = [...text].length;
      if (length < 1 || length > Number(spec.max_chars) || NOT_PRINTABLE.test(text)) {
        throw new Error(t("form-must-be-text", { ...named(spec), chars: spec.max_chars, value: JSON.stringify(text) }));
      }
      return text;
    }
  }
}

/** The options changed from the preset, each checked against its declaration: a bad one throws an Error
 * naming the option (and opens the rules and focuses it), and nothing is sent. */
function readOptions() {
  /** @type {Record<string, unknown>} */
  const options = {};
  const game = currentGame();
  const preset = game.presets[currentPreset() ?? ""];
  for (const spec of game.options) {
    const input = /** @type {OptionInput} */ (byId(`option-${spec.name}`));
    let value;
    try {
      value = readOption(spec, input);
    } catch (error) {
      /** @type {HTMLDetailsElement} */ (byId("rules-options")).open = true;
      input.focus();
      throw error;
    }
    if (JSON.stringify(value) !== JSON.stringify(preset[spec.name])) options[spec.name] = value;
  }
  return options;
}

/** @param {SubmitEvent} event */
async function create(event) {
  event.preventDefault();
  if (!catalogue) return;  // the form's games and options are not drawn yet
  const form = /** @type {HTMLFormElement & Record<string, any>} */ (event.target);
  const error = byId("create-error");
  error.textContent = "";
  byId("invite").replaceChildren();
  try {
    const options = readOptions();
    const nameBox = /** @type {HTMLInputElement} */ (form.elements.namedItem("name"));
    const tableName = nameBox.value.trim();
    if (!tableName) {
      nameBox.focus();
      throw new Error(t("lobby-table-name-missing"));
    }
    const seats = readSeats();
    const me = await player();
    /** @type {(string | null)[]} */
    const bots = [];
    for (let seat = 0; seat < seats; seat++) bots.push(form[`bot${seat}`].value || null);
    const result = await postJson("/api/tables", {
      token: me.token, name: tableName, game: form.game.value, preset: currentPreset(),
      seats, bots, private: form.private.checked, sit: form.sit.checked, options,
    });
    if (result.secret) {
      const link = `${location.origin}${result.invite}`;
      byId("invite").replaceChildren(
        h("p", { "data-l10n-id": "lobby-private-open" }, t("lobby-private-open")),
        h("p", { class: "invite-link" }, h("a", { href: result.invite }, link)),
        h("p", {}, h("a", { href: result.invite, class: "button primary", "data-l10n-id": "lobby-go-to-table" }, t("lobby-go-to-table"))));
    } else {
      location.href = result.invite;
    }
  } catch (err) {
    error.textContent = err.message;
  }
}

// ------------------------------------------------------------------------------------------- language

/** The form's values by element id (checked for a box), to keep them across a redraw. */
/** The form's boxes and selects. */
function formElements() {
  return /** @type {OptionInput[]} */ ([.../** @type {HTMLFormElement} */ (byId("create-form")).elements]);
}

/** @returns {Record<string, string | boolean>} */
function formValues() {
  /** @type {Record<string, string | boolean>} */
  const values = {};
  for (const element of formElements()) {
    if (element.id) {
      values[element.id] = element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")
        ? element.checked : element.value;
    }
  }
  return values;
}

/** @param {Record<string, string | boolean>} values */
function restoreForm(values) {
  for (const element of formElements()) {
    if (!element.id || !(element.id in values)) continue;
    const value = values[element.id];
    if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) element.checked = Boolean(value);
    else element.value = String(value);
  }
}

/** Every word the page wrote, written again in the new language; what was typed and chosen stays. */
function redraw() {
  document.title = t("lobby-page-title");
  const table = inputById("table-name");
  if (!table.dataset.touched) table.value = "";  // a default name follows the language (showWho writes it)
  showWho();
  for (const key of Object.keys(shown)) delete shown[key];
  if (lists.mine) showMyTables(lists.mine);
  if (lists.tables) showTables(...lists.tables);
  if (lists.finished) showFinished(lists.finished);
  if (lists.leaderboard) showLeaderboard(lists.leaderboard);
  if (lists.damaged) showDamaged(lists.damaged);
  if (!catalogue) return;
  const game = gameSelect().value;
  gameSelect().replaceChildren(...catalogue.games.map((g) => h("option", { value: g.game }, gameTitle(g.game))));
  gameSelect().value = game;
  const values = formValues();
  const preset = currentPreset();
  fillGame();
  const radio = /** @type {HTMLInputElement | null} */ (document.querySelector(`#presets input[value="${CSS.escape(preset ?? "")}"]`));
  if (radio) radio.checked = true;
  fillSeats();
  fillOptions();
  restoreForm(values);
  fillBots();
  restoreForm(values);
  markChanges();
}

async function main() {
  localizePage();
  document.title = t("lobby-page-title");
  byId("language").replaceChildren(languageSwitcher());
  onLanguageChange(redraw);
  setUpDevices(() => { showWho(); refresh(true); });  // on /device, signs this browser in by the link
  showWho();
  byId("play-now").addEventListener("click", playNow);
  setUpLearnToPlay(player);
  byId("name-form").addEventListener("submit", saveName);
  byId("table-name").addEventListener("input", () => { byId("table-name").dataset.touched = "1"; });
  const form = /** @type {HTMLFormElement} */ (byId("create-form"));
  // The options are checked by readOptions with messages naming them: the browser's own check would stop
  // at a number box hidden in the closed "Change the rules" and say nothing.
  form.noValidate = true;
  form.addEventListener("submit", create);
  // index.html keeps the lobby inert until here, where its buttons and forms are listened to: this module runs
  // only after the catalogs' top-level await, and before it a click did nothing and a form's submit reloaded
  // the page.
  byId("lobby").inert = false;
  const refreshing = refresh();
  currentPlayer().then(showWho).catch(() => {});
  const offered = /** @type {Catalogue} */ (await getJson("/api/games"));
  catalogue = offered;
  byId("game").replaceChildren(...offered.games.map((g) => h("option", { value: g.game }, gameTitle(g.game))));
  byId("game").addEventListener("change", fillGame);
  byId("presets").addEventListener("change", () => { fillSeats(); fillOptions(); });
  byId("seats").addEventListener("change", fillBots);
  byId("seats").addEventListener("input", fillBots);
  fillGame();
  await refreshing;
  setInterval(refresh, REFRESH_MS);
}

main();
