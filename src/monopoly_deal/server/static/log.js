// @ts-check
// The whole log in a drawer, kept in place: new lines are appended (never rebuilt), and it follows the
// newest line only while you are at its bottom, so scrolling up to read stays where you put it.
import { el } from "./dom.js";

export class LogDrawer {
  constructor(words) {
    this.words = words;
    this.lines = el("ol", { class: "log-lines", id: "log-lines" });
    this.title = el("h2", { id: "log-title" });
    this.close = el("button", { class: "close", id: "log-close", onclick: () => this.toggle(false) }, "×");
    this.node = el("aside", { class: "drawer", id: "log", "data-own": true, role: "complementary", "aria-labelledby": "log-title", hidden: true },
      el("div", { class: "drawer-head" }, this.title, this.close), this.lines);
    this.node.addEventListener("keydown", (event) => { if (event.key === "Escape") this.toggle(false); });
    this.opener = null;
    this.relabel(words);
  }

  relabel(words) {
    this.words = words;
    this.title.textContent = words.ui("log");
    this.close.setAttribute("aria-label", words.t("close"));
  }

  // Replace every line (`reset`) or append new ones.
  add(lines, reset = false) {
    const atBottom = this.lines.scrollHeight - this.lines.scrollTop - this.lines.clientHeight < 24;
    if (reset) this.lines.replaceChildren();
    this.lines.append(...lines.map((line) => el("li", {}, line)));
    if (atBottom || reset) this.lines.scrollTop = this.lines.scrollHeight;
  }

  get open() { return !this.node.hidden; }

  toggle(open = !this.open) {
    this.node.hidden = !open;
    if (open) {
      this.opener = /** @type {HTMLElement | null} */ (document.activeElement);
      this.lines.scrollTop = this.lines.scrollHeight;
      this.close.focus();
    } else if (this.opener && this.opener.isConnected) {
      this.opener.focus();
    }
  }
}
