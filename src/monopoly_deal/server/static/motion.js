// @ts-check
// What just happened, shown where it happens: a card that appears on the table, in a bank or on the
// discard pile travels there from where it was (a hand, another table, a bank), and a seat that acted
// glows. FLIP: positions before the update are measured, then each arrival is animated from there.
import { reducedMotion } from "./dom.js";

// Where every card on the page is now: its identity (data-key) -> [card key, rectangle].
export function measure(root) {
  const places = new Map();
  if (reducedMotion()) return places;
  for (const node of root.querySelectorAll("[data-fly]")) places.set(node.getAttribute("data-key"), [node.dataset.fly, node.getBoundingClientRect()]);
  return places;
}

// Animate the cards that arrived since `before` (measure()), each from a card of its kind that left, or
// else from `origin` (the hand of whoever acted).
export function fly(root, before, origin) {
  if (!before || reducedMotion()) return;
  const now = [...root.querySelectorAll("[data-fly]")];
  const present = new Set(now.map((node) => node.getAttribute("data-key")));
  const gone = [...before].filter(([identity]) => !present.has(identity));
  for (const node of now) {
    if (before.has(node.getAttribute("data-key"))) continue;
    const at = gone.findIndex(([, [key]]) => key === node.dataset.fly);
    const from = at >= 0 ? gone.splice(at, 1)[0][1][1] : origin && origin.getBoundingClientRect();
    if (!from) continue;
    const to = node.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    node.animate([{ transform: `translate(${dx}px, ${dy}px) scale(1.15)`, zIndex: 10 }, { transform: "none", zIndex: 10 }],
      { duration: 550, easing: "cubic-bezier(.2,.7,.3,1)" });
  }
}

// A short glow on a seat (who acted, who is targeted).
export function pulse(node) {
  if (!node || reducedMotion()) return;
  node.animate([{ boxShadow: "0 0 0 6px #f5c518" }, { boxShadow: "0 0 0 0 #f5c51800" }], { duration: 900 });
}
