// @ts-check
// The rules on one page, reachable from the table: what a new player needs, in plain words (no rule ids),
// and what the coloured rings and frames around the seats mean. A panel over the table; Escape or
// Close shuts it and gives the focus back to the button that opened it.
import { el } from "./dom.js";

const LINES = 9;

// The panel; `close` shuts it.
export function rulesCard(words, close) {
  const lines = Array.from({ length: LINES }, (_, i) => el("li", {}, words.t(`rules-card.${i + 1}`)));
  const legend = [["turn", "legend-turn"], ["deciding", "legend-deciding"], ["target", "legend-target"]]
    .map(([kind, key]) => el("li", {}, el("span", { class: `legend-mark ${kind}`, "aria-hidden": "true" }), words.t(key)));
  return el("section", { class: "rules-card", id: "rules-card", role: "dialog", "aria-labelledby": "rules-card-title",
    onkeydown: (event) => { if (event.key === "Escape") { event.stopPropagation(); close(); } } },
  el("div", { class: "drawer-head" },
    el("h2", { id: "rules-card-title" }, words.t("rules-card")),
    el("button", { id: "rules-close", onclick: close }, words.t("close"))),
  el("div", { class: "rules-body", tabindex: 0 },
    el("ol", { class: "rules-lines" }, lines),
    el("h3", {}, words.t("legend")),
    el("ul", { class: "legend" }, legend)));
}
