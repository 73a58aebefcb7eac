// @ts-check
// Your player on another device (issue 27), in the lobby: "Use on another device" makes a one-time sign-in link and
// its QR code (POST /api/me/devices/link: it works once, within 10 minutes); the link opens /device, where this
// module exchanges its code for a token of the browser's own (POST /api/devices/claim) after asking, when the browser
// already plays as someone, whether to switch. The list of the player's devices signs any of them out, this one too
// ("Sign out on this device"). No password and no e-mail. docs/protocol.md gives the routes.
import { forgetSession, h, refusalText, remember, session } from "./api.js";
import { t } from "./i18n.js";

/** @typedef {{id: string, browser: string | null, system: string | null, created: number, current: boolean}} Device */
/** @typedef {{link: string, qr: string, minutes: number}} DeviceLink */

const POLL_MS = 3000;  // how often the list is read again while a link is shown: the new device appears in it

/** What the panel shows; `render` draws it all again (after any change, and in another language). */
const shown = {
  /** @type {Device[] | null} the player's signed-in devices, once read */
  devices: null,
  /** @type {string | null} the token the list was read for */
  listedFor: null,
  /** @type {string | null} a link's code waiting for "Sign in with the link" (the browser plays as someone) */
  pendingCode: null,
  confirmingSignOut: false,
  /** @type {(() => string) | null} the last thing done or refused, in the page's language */
  note: null,
  /** @type {DeviceLink | null} */
  link: null,
  /** @type {(() => string) | null} */
  linkNote: null,
};

/** @type {() => void} */
let sessionChanged = () => {};
/** @type {ReturnType<typeof setInterval> | null} */
let polling = null;

/** @param {string} id */
function byId(id) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}

/** A device as people tell them apart: "Firefox on Android", or what is known of it. @param {Device} device */
export function deviceName(device) {
  if (device.browser && device.system) return t("devices-kind", { browser: device.browser, system: device.system });
  return device.browser || device.system || t("devices-kind-unknown");
}

/** @param {Device} device */
function addedOn(device) {
  const date = new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: "medium" });
  return t("devices-added", { date: date.format(new Date(device.created * 1000)) });
}

/** An API call's answer, or an Error in the page's words; `code` is the refusal's code.
 * @param {string} url @param {RequestInit} [init] */
async function call(url, init) {
  const response = await fetch(url, init);
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw Object.assign(new Error(refusalText(data, response.statusText)), { code: data.code });
  return data;
}

/** @param {string} url @param {object} body */
function post(url, body) {
  return call(url, { method: "POST", body: JSON.stringify(body) });
}

// ------------------------------------------------------------------------------------------- the panel

function build() {
  const panel = h("section", { class: "panel devices-panel", id: "devices-panel", "aria-labelledby": "devices-title", hidden: true },
    h("h2", { id: "devices-title" }),
    h("p", { class: "note", id: "devices-lead" }),
    h("p", { class: "device-actions" },
      h("button", { type: "button", id: "device-link-button", class: "primary", onclick: makeLink })),
    h("h3", { id: "device-list-title" }),
    h("ul", { id: "device-list", class: "device-list", "aria-labelledby": "device-list-title" }),
    h("p", { class: "device-actions" },
      h("button", { type: "button", id: "sign-out-here", onclick: () => { shown.confirmingSignOut = true; shown.note = null; render(); byId("sign-out-yes").focus(); } })),
    h("div", { id: "sign-out-confirm", class: "device-confirm", hidden: true },
      h("p", { id: "sign-out-words" }),
      h("p", { class: "device-actions" },
        h("button", { type: "button", id: "sign-out-yes", class: "primary", onclick: signOutHere }),
        h("button", { type: "button", id: "sign-out-no", onclick: () => { shown.confirmingSignOut = false; render(); byId("sign-out-here").focus(); } }))),
    h("div", { id: "claim-confirm", class: "device-confirm", hidden: true },
      h("p", { id: "claim-words" }),
      h("p", { class: "device-actions" },
        h("button", { type: "button", id: "claim-yes", class: "primary", onclick: () => claim(/** @type {string} */ (shown.pendingCode)) }),
        h("button", { type: "button", id: "claim-no", onclick: () => { shown.pendingCode = null; render(); } }))),
    h("p", { id: "devices-note", class: "note", role: "status" }));
  const dialog = h("dialog", { id: "device-dialog", class: "device-dialog", "aria-labelledby": "device-dialog-title" },
    h("h2", { id: "device-dialog-title" }),
    h("p", { id: "device-dialog-lead" }),
    h("label", { for: "device-link" }),
    h("input", { id: "device-link", class: "device-link", readonly: true, onfocus: (/** @type {Event} */ event) => /** @type {HTMLInputElement} */ (event.target).select() }),
    h("p", { class: "device-actions" }, h("button", { type: "button", id: "device-copy", onclick: copyLink })),
    h("p", { id: "device-said", class: "note", role: "status" }),
    h("img", { id: "device-qr", class: "device-qr", width: 240, height: 240, hidden: true }),
    h("button", { type: "button", id: "device-close", class: "primary", onclick: () => /** @type {HTMLDialogElement} */ (byId("device-dialog")).close() }));
  dialog.addEventListener("close", stopPolling);
  byId("name-panel").after(panel);
  document.body.append(dialog);
}

/** Draw the panel and the dialog from `shown`, in the page's language. */
function render() {
  const me = session();
  const panel = byId("devices-panel");
  const devices = me ? shown.devices : null;
  panel.hidden = !me && !shown.note;
  byId("devices-title").textContent = t("devices-title");
  byId("devices-lead").textContent = t("devices-lead");
  byId("device-link-button").textContent = t("devices-use-elsewhere");
  byId("device-list-title").textContent = t("devices-list-title");
  byId("sign-out-here").textContent = t("devices-sign-out-here");
  for (const id of ["devices-lead", "device-link-button", "device-list-title", "device-list", "sign-out-here"]) {
    byId(id).hidden = !me || shown.confirmingSignOut || shown.pendingCode !== null;
  }
  byId("device-list").hidden ||= !devices;
  byId("device-list-title").hidden ||= !devices;
  byId("device-list").replaceChildren(...(devices ?? []).map(deviceLine));

  byId("sign-out-confirm").hidden = !me || !shown.confirmingSignOut;
  const only = (devices?.length ?? 1) <= 1;
  // The hidden confirmations hold no words: a search of the page's text finds only what it shows.
  const words = !me || !shown.confirmingSignOut ? ""
    : only ? t("devices-sign-out-last", { name: me.name }) : t("devices-sign-out-confirm", { name: me.name });
  byId("sign-out-words").textContent = words;
  byId("sign-out-yes").textContent = shown.confirmingSignOut ? t("devices-sign-out-yes") : "";
  byId("sign-out-no").textContent = shown.confirmingSignOut ? t("devices-cancel") : "";

  const claiming = shown.pendingCode !== null && me !== null;
  byId("claim-confirm").hidden = !claiming;
  byId("claim-words").textContent = me && claiming ? t("devices-claim-confirm", { name: me.name }) : "";
  byId("claim-yes").textContent = claiming ? t("devices-claim-yes") : "";
  byId("claim-no").textContent = me && claiming ? t("devices-claim-no", { name: me.name }) : "";

  byId("devices-note").textContent = shown.note ? shown.note() : "";

  byId("device-dialog-title").textContent = t("devices-dialog-title");
  byId("device-dialog-lead").textContent = t("devices-dialog-lead", { minutes: shown.link?.minutes ?? 10 });
  const label = document.querySelector('label[for="device-link"]');
  if (label) label.textContent = t("devices-link-label");
  byId("device-copy").textContent = t("devices-copy");
  byId("device-close").textContent = t("devices-close");
  byId("device-qr").setAttribute("alt", t("devices-qr"));
  byId("device-said").textContent = shown.linkNote ? shown.linkNote() : "";
}

/** @param {Device} device */
function deviceLine(device) {
  const name = deviceName(device);
  const added = addedOn(device);
  return h("li", { class: "device-line" },
    h("div", { class: "what" },
      h("strong", {}, name),
      h("span", { class: "meta" }, added, device.current ? ` · ${t("devices-this-one")}` : "")),
    device.current ? null : h("button", {
      type: "button", class: "quiet", "aria-label": t("devices-sign-out-other.aria-label", { device: name, added }),
      onclick: () => signOutOther(device),
    }, t("devices-sign-out-other")));
}

// ------------------------------------------------------------------------------------------- actions

/** Read the player's devices again (for the session's token); a device signed out elsewhere forgets its player. */
async function loadDevices() {
  const me = session();
  shown.listedFor = me?.token ?? null;
  if (!me) {
    shown.devices = null;
    return;
  }
  try {
    shown.devices = (await call("/api/me/devices", { headers: { "x-token": me.token } })).devices;
  } catch (error) {
    shown.devices = null;
    if (/** @type {{code?: string}} */ (error).code === "device_revoked") {
      forgetSession();
      shown.note = () => t("devices-signed-out-elsewhere", { name: me.name });
      sessionChanged();
    }
  }
}

async function makeLink() {
  const me = session();
  if (!me) return;
  const dialog = /** @type {HTMLDialogElement} */ (byId("device-dialog"));
  const input = /** @type {HTMLInputElement} */ (byId("device-link"));
  const qr = /** @type {HTMLImageElement} */ (byId("device-qr"));
  shown.link = null;
  shown.linkNote = null;
  input.value = "";
  qr.hidden = true;
  render();
  dialog.showModal();
  try {
    const link = /** @type {DeviceLink} */ (await post("/api/me/devices/link", { token: me.token }));
    shown.link = link;
    input.value = link.link;
    qr.src = link.qr;
    qr.hidden = false;
    render();
    startPolling();
  } catch (error) {
    shown.linkNote = () => /** @type {Error} */ (error).message;
    render();
  }
}

async function copyLink() {
  const input = /** @type {HTMLInputElement} */ (byId("device-link"));
  if (!input.value) return;
  try {
    await navigator.clipboard.writeText(input.value);
    shown.linkNote = () => t("devices-copied");
  } catch {
    input.focus();
    input.select();
    shown.linkNote = () => t("devices-select");
  }
  render();
}

/** While a link is shown, the list is read again: the device that opens it appears, and the dialog says so. */
function startPolling() {
  stopPolling();
  const before = new Set((shown.devices ?? []).map((device) => device.id));
  polling = setInterval(async () => {
    await loadDevices();
    const added = (shown.devices ?? []).find((device) => !before.has(device.id));
    if (added) {
      shown.linkNote = () => t("devices-joined", { device: deviceName(added) });
      stopPolling();
    }
    render();
  }, POLL_MS);
}

function stopPolling() {
  if (polling !== null) clearInterval(polling);
  polling = null;
}

/** @param {string} code */
async function claim(code) {
  const before = session();
  shown.pendingCode = null;
  try {
    const data = await post("/api/devices/claim", { code });
    remember({ id: data.id, name: data.name, token: data.token });
    shown.note = () => t("devices-signed-in", { name: data.name });
    await loadDevices();
    sessionChanged();
  } catch (error) {
    const message = /** @type {Error} */ (error).message;
    shown.note = () => message;
    if (before) await loadDevices();
  }
  render();
  byId("devices-panel").scrollIntoView({ block: "nearest" });
}

async function signOutHere() {
  const me = session();
  if (!me) return;
  try {
    await post("/api/me/devices/revoke", { token: me.token });
    forgetSession();
    shown.devices = null;
    shown.confirmingSignOut = false;
    shown.note = () => t("devices-signed-out-here", { name: me.name });
    sessionChanged();
  } catch (error) {
    const message = /** @type {Error} */ (error).message;
    shown.note = () => message;
  }
  render();
  byId("name").focus();  // the confirmation is gone: the name box is where a new player starts
}

/** @param {Device} device */
async function signOutOther(device) {
  const me = session();
  if (!me) return;
  try {
    await post("/api/me/devices/revoke", { token: me.token, device: device.id });
    shown.note = () => t("devices-signed-out-other", { device: deviceName(device) });
  } catch (error) {
    const message = /** @type {Error} */ (error).message;
    shown.note = () => message;
  }
  await loadDevices();
  render();
}

// ------------------------------------------------------------------------------------------- the lobby's calls

/** Build the panel; on /device, take the link's code (from the fragment: it never reaches the server's log) and
 * exchange it, asking first when this browser plays as someone already. `onSessionChange` redraws the lobby
 * after this browser's player changed (signed in by a link, or signed out).
 * @param {() => void} onSessionChange */
export async function setUpDevices(onSessionChange) {
  sessionChanged = onSessionChange;
  build();
  if (location.pathname === "/device") {
    const code = new URLSearchParams(location.hash.slice(1)).get("code");
    history.replaceState(null, "", "/");  // the code leaves the address bar and the history
    if (!code) shown.note = () => t("devices-link-incomplete");
    else if (session()) shown.pendingCode = code;
    else await claim(code);
  }
  await loadDevices();
  render();
  if (shown.pendingCode) byId("claim-yes").focus();
}

/** Draw the panel again (the lobby's name or language changed); the list is read again for another player. */
export function showDevices() {
  if (!document.getElementById("devices-panel")) return;
  if ((session()?.token ?? null) !== shown.listedFor) loadDevices().then(render);
  render();
}
