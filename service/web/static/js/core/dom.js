// Building the page: h(tag, attributes, ...children) makes an element (attributes "on<event>" add listeners).
import { t } from "./i18n.js";

/** A new element: `attrs` are attributes (`class`, `aria-*`, ...; true for an empty one; null/false left out) and
 * listeners (`onclick`, ...); `children` are nodes or text (null and false left out, arrays flattened). */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat(Infinity)) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

/** A control's contents drawn as a picture of its own (`children`: chips, numbers, marks) named by `label`: each
 * child hidden from the accessible name and `label` written for it, out of sight. Unlike an aria-label, the name then
 * never claims to be the picture's visible text (WCAG 2.5.3, label in name: axe's label-content-name-mismatch). */
export function pictured(label, ...children) {
  const hidden = children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false)
    .map((c) => (c instanceof Element ? c : h("span", {}, c)));
  hidden.forEach((c) => c.setAttribute("aria-hidden", "true"));
  return [...hidden, h("span", { class: "visually-hidden" }, label)];
}

/** A key's hint at the end of a button's words, " (R)" (`key`: the key in the page's words, "R", "Enter"): shown with
 * a mouse and a keyboard, hidden on a touch screen (app.css, `.key-hint`), where it is then no part of the button's
 * name either; the button's `aria-keyshortcuts` says the key to assistive technologies either way. */
export const keyHint = (key) => h("span", { class: "key-hint" }, " ", t("core.words.key_hint", { key }));

/** Say `text` to the player in the page's status line (and to screen readers). */
export function toast(text, kind = "info") {
  const box = document.getElementById("toast");
  if (!box) return;
  box.textContent = text;
  box.className = `toast ${kind} shown`;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => box.classList.remove("shown"), kind === "error" ? 8000 : 3500);
}

/** Replace the children of `node` by `children` (null and false left out, arrays flattened). */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

/** The words' context for the device in hand (i18next's `context`): "touch" on a screen without hover (a phone or a
 * tablet: one taps, and there are no keys to press), else none. */
export const deviceContext = () => (window.matchMedia?.("(hover: none)").matches ? "touch" : undefined);

/** Whether `node` lies wholly inside the window (the page scrolled as it is). */
export function inView(node) {
  const box = node.getBoundingClientRect();
  return box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
}

/** Give `node` the keyboard focus without jumping the page: scrolled into view only as far as needed, and only
 * when `scroll` (a keyboard user's focus, or a control the player must see next). Does nothing without a node;
 * returns whether it focused one. */
export function focusInView(node, scroll = true) {
  if (!node) return false;
  node.focus({ preventScroll: true });
  if (scroll && !inView(node)) node.scrollIntoView({ block: "nearest", inline: "nearest" });
  return true;
}

/** Take an error shown by `toast` away (what it said is over: a later move was drawn). */
export function clearErrorToast() {
  const box = document.getElementById("toast");
  if (!box?.classList.contains("error")) return;
  clearTimeout(toast.timer);
  box.classList.remove("shown");
}
