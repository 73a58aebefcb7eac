// @ts-check
// The browser's session: a display name and a token kept in localStorage. The token is the player: a new
// name renames that player (POST /api/me/name), so its seats and rating stay.
import { has, t } from "./i18n.js";

const KEY = "presidente.session";

/** @typedef {{id: string, name: string, token: string}} Session the player this browser plays as */

/** The session kept in this browser, or null. @returns {Session | null} */
export function session() {
  try { return JSON.parse(localStorage.getItem(KEY) || "null"); } catch { return null; }
}

/** This browser plays as `data` from now on (a new player, or one signed in by a device link). @param {Session} data
 * @returns {Session} */
export function remember(data) {
  localStorage.setItem(KEY, JSON.stringify(data));
  return data;
}

/** This browser plays as nobody from now on: its device was signed out (lobby-devices.js). */
export function forgetSession() {
  localStorage.removeItem(KEY);
}

/** The session's player, checked with the server; null when there is none or the server no longer knows it. */
export async function currentPlayer() {
  const current = session();
  if (!current) return null;
  const check = await fetch("/api/me", { headers: { "x-token": current.token } });
  if (!check.ok) return null;
  const known = await check.json();
  // Renamed in another tab: the server's name is the player's name.
  return known.name === current.name ? current : remember({ ...current, name: known.name });
}

/** The session's player under `name` (renamed when the name differs); a new player when there is none. */
export async function ensurePlayer(name) {
  const current = await currentPlayer();
  if (current) return !name || name === current.name ? current : renamePlayer(name);
  return remember(await postJson("/api/players", { name: name || "Player" }));
}

/** A new display name for the session's player: the same token, seats and rating. */
export async function renamePlayer(name) {
  const current = session();
  const data = await postJson("/api/me/name", { token: current?.token, name });
  return remember(/** @type {Session} */ ({ ...current, name: data.name }));
}

/** What a table link asks for, from its fragment: "sit" (`/table/ID#sit`), "watch" (`#watch`) or null. */
export function tableIntent(hash = location.hash) {
  const params = new URLSearchParams(hash.slice(1));
  if (params.has("watch")) return "watch";
  return params.has("sit") ? "sit" : null;
}

/** A server's refusal in the page's language: an HTTP error body `{error, code, params}` (docs/protocol.md) as
 * `error-<code>` words it, with an option's name as the lobby labels it; else the server's English sentence.
 * @param {{error?: string, code?: string, params?: Record<string, string | number>}} data
 * @param {string} fallback what to say without a body (the status text) */
export function refusalText(data, fallback = "") {
  const id = data.code ? `error-${data.code.replaceAll("_", "-")}` : "";
  if (!id || !has(id)) return data.error || fallback;
  /** @type {Record<string, string | number>} */
  const params = { ...(data.params || {}), message: data.error || fallback };
  if (typeof params.option === "string" && has(`option-${params.option}`)) params.option = t(`option-${params.option}`);
  return t(id, params);
}

/** The JSON answer of a response; a refused one throws an Error with its words (`refusalText`). */
export async function answerOf(response) {
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(refusalText(data, response.statusText));
  return data;
}

export async function getJson(url) {
  return answerOf(await fetch(url));
}

export async function postJson(url, body) {
  return answerOf(await fetch(url, { method: "POST", body: JSON.stringify(body) }));
}

/** The handler of each event of each node made by h(), by event name: a node kept by replaceKeeping() takes those of
 * the node it stands for. @type {WeakMap<Node, Record<string, ((event: Event) => void) | null>>} */
const handlers = new WeakMap();

/** Sets `node`'s handler of `event`, listening once per event and node (the listener calls the handler set last).
 * @param {Node} node @param {string} event @param {((event: Event) => void) | null} handler */
function handle(node, event, handler) {
  const own = handlers.get(node) ?? {};
  if (!(event in own)) node.addEventListener(event, (fired) => handlers.get(node)?.[event]?.(fired));
  own[event] = handler;
  handlers.set(node, own);
}

/** A DOM element with text content only: server and chat text is never parsed as HTML. */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) handle(node, key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** What a child of a redrawn box is known by: its data-key, else its id (null: it is made again each time).
 * @param {Node} node */
function childKey(node) {
  if (!(node instanceof Element)) return null;
  const key = node.getAttribute("data-key") ?? node.id;
  return key ? `${node.tagName}|${key}` : null;
}

/** `kept` made like `fresh`: its attributes, its handlers and (kept the same way) its children.
 * @param {Element} kept @param {Element} fresh */
function becomeLike(kept, fresh) {
  for (const name of kept.getAttributeNames()) if (!fresh.hasAttribute(name)) kept.removeAttribute(name);
  for (const name of fresh.getAttributeNames()) {
    const value = /** @type {string} */ (fresh.getAttribute(name));
    if (kept.getAttribute(name) !== value) kept.setAttribute(name, value);
  }
  const theirs = handlers.get(fresh) ?? {};
  for (const event of Object.keys(handlers.get(kept) ?? {})) if (!(event in theirs)) handle(kept, event, null);
  for (const [event, handler] of Object.entries(theirs)) handle(kept, event, handler);
  // A box ticked by hand no longer follows its attribute: it shows what the server says, as a new one would.
  if (kept instanceof HTMLInputElement && fresh instanceof HTMLInputElement) kept.checked = fresh.checked;
  if (kept.innerHTML !== fresh.innerHTML) replaceKeeping(kept, [...fresh.childNodes]);
}

/**
 * Makes `nodes` the children of `box`, like `box.replaceChildren(...nodes)`, except that a child already there
 * with the same tag and key (data-key or id) as a new node stays in the page, made like the new node. A button
 * taken out of the page, even to be put back at once, loses a click, a tap or a Space begun on it (the click
 * needs its down and up on one element): a table drawn again at every message from the server lost them so.
 * @param {Element} box @param {Node[]} nodes
 */
export function replaceKeeping(box, nodes) {
  /** @type {Map<string, Element>} */
  const there = new Map();
  for (const child of box.children) {
    const key = childKey(child);
    if (key && !there.has(key)) there.set(key, child);
  }
  const wanted = nodes.map((node) => {
    const key = childKey(node);
    const kept = key ? there.get(key) : undefined;
    if (!kept) return node;
    there.delete(/** @type {string} */ (key));
    becomeLike(kept, /** @type {Element} */ (node));
    return kept;
  });
  const staying = new Set(wanted);
  for (const child of [...box.childNodes]) if (!staying.has(child)) child.remove();
  // The kept children are still in their order (a hand stays sorted), so none of them moves here.
  let at = box.firstChild;
  for (const node of wanted) {
    if (node === at) at = at.nextSibling;
    else box.insertBefore(node, at);
  }
}

/** Seat names a reader can tell apart: a name held by several seats (two "auto bot"s) gets its seat number. */
export function seatLabels(names) {
  return names.map((name, seat) => (names.filter((other) => other === name).length > 1 ? `${name} #${seat}` : name));
}
