// @ts-check
// The Invite dialog (issue 27): the table's link (with the secret of a private table), Copy, Share where the browser
// has the Web Share API, and the link's QR code to scan from a phone across the room. The server gives the link and
// the code only to someone who may see them (GET /api/tables/{id}/invite, docs/protocol.md): anyone at a public
// table; at a private one whoever opened it with its secret or holds a seat there.
import { session } from "./api.js";
import { t } from "./i18n.js";

/** @param {string} id */
function element(id) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}

/**
 * @param {string} tableId
 * @param {string | null} secret the secret from the page's link, when it had one
 */
export function installInvite(tableId, secret) {
  const dialog = /** @type {HTMLDialogElement} */ (element("invite"));
  const link = /** @type {HTMLInputElement} */ (element("invite-link"));
  const qr = /** @type {HTMLImageElement} */ (element("invite-qr"));
  const said = element("invite-said");
  const share = element("invite-share");
  share.hidden = typeof navigator.share !== "function";

  element("invite-button").addEventListener("click", async () => {
    said.textContent = "";
    dialog.showModal();
    if (link.value) return;
    const query = secret ? `?secret=${encodeURIComponent(secret)}` : "";
    const token = session()?.token;
    try {
      const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/invite${query}`, { headers: token ? { "x-token": token } : {} });
      if (!response.ok) throw new Error(String(response.status));
      const invite = await response.json();
      link.value = invite.link;
      qr.src = invite.qr;
      qr.hidden = false;
    } catch {
      said.textContent = t("table-invite-unavailable");
    }
  });

  element("invite-copy").addEventListener("click", async () => {
    if (!link.value) return;
    try {
      await navigator.clipboard.writeText(link.value);
      said.textContent = t("table-invite-copied");
    } catch {
      // No clipboard (an insecure page, or permission refused): the link is selected for the reader to copy.
      link.focus();
      link.select();
      said.textContent = t("table-invite-select");
    }
  });

  share.addEventListener("click", async () => {
    if (!link.value) return;
    try {
      await navigator.share({ title: document.title, text: t("table-invite-share-text"), url: link.value });
    } catch {
      // Cancelled, or the browser refused: the dialog stays with its link and Copy.
    }
  });

  link.addEventListener("focus", () => link.select());
  element("invite-close").addEventListener("click", () => dialog.close());
}

/**
 * Shown while the table is open to new people: not once the match is over.
 * @param {string | undefined} status the table's status
 */
export function renderInviteButton(status) {
  element("invite-button").hidden = status === undefined || status === "finished";
}
