// @ts-check
// The page's language: Fluent message catalogs (locales/LANG.ftl, read by the vendored @fluent/bundle), the
// language chosen (kept in localStorage, else the browser's navigator.languages, else English), <html lang>, a
// switcher for every page, and the redraw of a page when the language changes. docs/i18n.md says how to add a
// language or a message.
//
// The catalogs are loaded before any module that imports this one runs (a top-level await), so `t` is ready
// wherever it is called. A page speaks the visitor's language once it calls `localizePage()`; until then (the
// table page, whose words are not in the catalogs yet) `t` writes English, so that one page never mixes two
// languages. A message missing from a catalog is written from the English one.
import { FluentBundle, FluentResource } from "./vendor/fluent-bundle/index.js";

/** The languages offered, each named in itself. */
export const LANGUAGES = { en: "English", fr: "Français", es: "Español", ja: "日本語" };
const FALLBACK = "en";
const KEY = "presidente.language";
// Attributes a catalog may set on an element of a page (data-l10n-id): what a reader or a screen reader reads.
const ATTRIBUTES = new Set(["aria-label", "aria-valuetext", "title", "placeholder", "alt"]);

let language = FALLBACK;
/**
 * The part of a FluentBundle this module uses (the vendored JavaScript carries no types).
 * @typedef {{getMessage(id: string): {value: unknown, attributes: Record<string, unknown>} | undefined,
 *   formatPattern(pattern: unknown, args: Record<string, unknown> | null, errors: Error[] | null): string}} Catalog
 */

/** @type {Catalog | null} */
let bundle = null;    // the messages `t` writes from: the page's language's
/** @type {Catalog | null} */
let fallback = null;  // English, for a message the page's catalog lacks
/** @type {{language: string, bundle: Catalog | null}} */
let wanted = { language: FALLBACK, bundle: null };  // the visitor's language, loaded: the page's once it opts in
/** @type {Set<() => void>} */
const listeners = new Set();

/** @param {string} lang @returns {Promise<Catalog>} */
async function loadBundle(lang) {
  const response = await fetch(new URL(`./locales/${lang}.ftl`, import.meta.url));
  if (!response.ok) throw new Error(`no catalog for ${lang}: ${response.status}`);
  // No Unicode isolation marks around arguments: names typed by players are shown as typed.
  const made = new FluentBundle(lang, { useIsolating: false });
  const errors = made.addResource(new FluentResource(await response.text()));
  for (const error of errors) console.warn(`locales/${lang}.ftl: ${error}`);
  return /** @type {Catalog} */ (/** @type {unknown} */ (made));
}

/** The language a visitor gets: the one they chose here before, else the first of their browser's languages
 * that is offered (by its primary subtag: "fr-CA" is French), else English. */
export function preferredLanguage() {
  let kept = null;
  try { kept = localStorage.getItem(KEY); } catch { /* storage refused: the browser decides */ }
  if (kept && kept in LANGUAGES) return kept;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (primary in LANGUAGES) return primary;
  }
  return FALLBACK;
}

/** The language the page is shown in ("en", "fr", "es", "ja"). */
export function currentLanguage() {
  return language;
}

/** @param {string} id @returns {{source: Catalog, found: NonNullable<ReturnType<Catalog["getMessage"]>>} | null} */
function message(id) {
  for (const source of [bundle, fallback]) {
    const found = source?.getMessage(id);
    if (source && found) return { source, found };
  }
  return null;
}

/** A message in the page's language: `t("lobby-play-now")`, `t("replay-step", { step: 3, steps: 40 })`, an attribute
 * with a dot: `t("option-decks.help")`. A missing message is written as its id (and warned about).
 * @param {string} id @param {Record<string, unknown>} [args] @returns {string} */
export function t(id, args = {}) {
  const [name, attribute] = id.split(".");
  const hit = message(name);
  const pattern = hit && (attribute ? hit.found.attributes[attribute] : hit.found.value);
  if (!pattern) {
    console.warn(`no message ${id}`);
    return id;
  }
  const errors = [];
  const text = hit.source.formatPattern(pattern, args, errors);
  for (const error of errors) console.warn(`${id}: ${error}`);
  return text;
}

/** Whether the catalogs hold a message (a server's option unknown to them is shown in its own words).
 * @param {string} id */
export function has(id) {
  const [name, attribute] = id.split(".");
  const hit = message(name);
  return Boolean(hit && (attribute ? hit.found.attributes[attribute] : hit.found.value));
}

// Arguments that are DOM nodes (a name in <strong>, a command in <code>) are put in the text as private-use
// markers, then the text is cut at them.
const MARK = "\uE000";

/** A message as a list of strings and nodes, for h()'s children: each argument that is a Node stands where the
 * message places it (`tParts("lobby-winner", { name: h("strong", {}, name) })`).
 * @param {string} id @param {Record<string, unknown>} [args] @returns {(string | Node)[]} */
export function tParts(id, args = {}) {
  /** @type {Node[]} */
  const nodes = [];
  /** @type {Record<string, unknown>} */
  const plain = {};
  for (const [key, value] of Object.entries(args)) {
    if (value instanceof Node) {
      plain[key] = `${MARK}${nodes.length}${MARK}`;
      nodes.push(value);
    } else {
      plain[key] = value;
    }
  }
  return t(id, plain).split(MARK).map((part, index) => (index % 2 ? nodes[Number(part)] : part)).filter((part) => part !== "");
}

/** Write the words of every element under `root` that names a message (`data-l10n-id`): its text from the
 * message's value, when it has one, and the attributes the message sets (aria-label and the like). Its children
 * marked `data-l10n-name="x"` are kept, standing where the message has `{ $x }`; `data-l10n-args` holds JSON
 * arguments. */
export function translateElements(root = document) {
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-l10n-id]"))) {
    const id = /** @type {string} the selector's attribute */ (element.dataset.l10nId);
    const hit = message(id);
    if (!hit) {
      console.warn(`no message ${id}`);
      continue;
    }
    const args = element.dataset.l10nArgs ? JSON.parse(element.dataset.l10nArgs) : {};
    if (hit.found.value) {
      const named = {};
      for (const child of /** @type {NodeListOf<HTMLElement>} */ (element.querySelectorAll(":scope > [data-l10n-name]"))) named[child.dataset.l10nName] = child;
      if (Object.keys(named).length) element.replaceChildren(...tParts(id, { ...args, ...named }));
      else element.textContent = t(id, args);
    }
    for (const attribute of Object.keys(hit.found.attributes)) {
      if (ATTRIBUTES.has(attribute)) element.setAttribute(attribute, t(`${id}.${attribute}`, args));
    }
  }
}

/** Call `redraw` after every change of language (once its catalog is loaded and the page's marked elements are
 * written): the page writes again the words it made itself, keeping its state.
 * @param {() => void} redraw */
export function onLanguageChange(redraw) {
  listeners.add(redraw);
  return () => listeners.delete(redraw);
}

/** Show this page in the visitor's language (localStorage, else the browser's): <html lang>, the page's marked
 * elements, and every `t` from now on. A page calls it before it writes its own words. */
export function localizePage() {
  language = wanted.language;
  bundle = wanted.bundle;
  document.documentElement.lang = language;
  translateElements();
}

/** Show the page in `lang` from now on, here and on the other pages (localStorage). @param {string} lang */
export async function setLanguage(lang) {
  if (!(lang in LANGUAGES)) throw new Error(`no language ${lang}`);
  const loaded = lang === FALLBACK ? fallback : await loadBundle(lang);
  wanted = { language: lang, bundle: loaded };
  language = lang;
  bundle = loaded;
  try { localStorage.setItem(KEY, lang); } catch { /* kept for this page only */ }
  document.documentElement.lang = lang;
  translateElements();
  for (const redraw of listeners) redraw();
  const selects = /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("select.language-select"));
  for (const select of selects) select.value = lang;
}

/** The language switcher: a labelled select of the languages, each named in itself. */
export function languageSwitcher() {
  const select = document.createElement("select");
  select.className = "language-select";
  select.id = `language-${document.querySelectorAll("select.language-select").length}`;
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    select.append(option);
  }
  select.value = language;
  select.addEventListener("change", () => {
    setLanguage(select.value).catch((error) => console.warn(String(error)));
  });
  const label = document.createElement("label");
  label.className = "language-switch";
  label.htmlFor = select.id;
  const words = document.createElement("span");
  words.dataset.l10nId = "language-label";
  words.textContent = t("language-label");
  label.append(words);
  const box = document.createElement("div");
  box.className = "language-box";
  box.append(label, select);
  return box;
}

// The catalogs before any importer runs, both at once: English (the fallback) and the visitor's language.
async function start() {
  const preferred = preferredLanguage();
  const [english, visitor] = await Promise.allSettled([
    loadBundle(FALLBACK), preferred === FALLBACK ? null : loadBundle(preferred),
  ]);
  if (english.status === "fulfilled") fallback = english.value;
  else console.warn(String(english.reason));
  bundle = fallback;
  if (preferred === FALLBACK) wanted = { language: FALLBACK, bundle: fallback };
  else if (visitor.status === "fulfilled") wanted = { language: preferred, bundle: visitor.value };
  else console.warn(String(visitor.reason));
  if (!wanted.bundle) wanted = { language: FALLBACK, bundle: fallback };
}

await start();
