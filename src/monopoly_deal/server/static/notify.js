// @ts-check
// Telling you it is your decision: a chime (sounds.js, unless muted), and when the tab is in the
// background the title and the favicon change too.
import { play } from "./sounds.js";

let plainTitle = document.title;
// The page's own title in its language (set again when the language changes).
export function setTitle(title) {
  plainTitle = title;
  if (!document.title.startsWith("●")) document.title = title;
}
const icon = /** @type {HTMLLinkElement | null} */ (document.querySelector("link[rel=icon]"));
const plainIcon = icon ? icon.href : "";
// Call on every update: `yours` (it is your decision now), `text` (the title to show then).
export function notify(yours, text, wasYours) {
  if (yours && !wasYours) play("turn");
  if (yours && document.hidden) {
    document.title = `● ${text}`;
    if (icon) icon.href = "/static/favicon-turn.svg";
  } else if (!yours || !document.hidden) {
    restore();
  }
}

function restore() {
  document.title = plainTitle;
  if (icon) icon.href = plainIcon;
}

document.addEventListener("visibilitychange", () => { if (!document.hidden) restore(); });
