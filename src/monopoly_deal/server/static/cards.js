// @ts-check
// Cards that look like the game's, drawn with CSS: a colour band (two halves for a two-colour wild, the
// colour in use on top), the value in the corner, the rent ladder on property cards and the action's
// rules in the page's language. Names wrap, never cut. A card's label (aria-label) is its name for
// assistive technology; the value, the ladder and the rules text are drawn by the stylesheet from data-*
// attributes, so that the text a card shows is its name, as its label says (WCAG 2.5.3, label in name).
// `words` is { C: the server's card catalogue, t }.
import { el } from "./dom.js";

const PROPERTY_KINDS = ["property", "wild", "rainbow"];
// Cards whose face is an emblem (a circle with the card's name, as on the printed action cards) over
// their rules text: every card that is not money, a property or a rent card.
const PLAIN_KINDS = [...PROPERTY_KINDS, "money", "rent", "rent_any"];
const BAND_KINDS = [...PROPERTY_KINDS, "rent", "rent_any"];

// A card's colours, the one in use first (a wild on a table stands as one of its two colours).
function coloursOf(info, as) {
  if (!as || info.colours.length !== 2) return info.colours;
  return info.colours[0] === as ? info.colours : [info.colours[1], info.colours[0]];
}

function band(colours) {
  if (colours.length > 2) return "conic-gradient(" + colours.map((c) => `var(--c-${c})`).join(",") + ")";
  if (colours.length === 2) return `linear-gradient(90deg, var(--c-${colours[0]}) 50%, var(--c-${colours[1]}) 50%)`;
  return colours.length ? `var(--c-${colours[0]})` : "var(--c-none)";
}

// The rent of one colour by cards held: "1 ▸ 2M · 2 ▸ 4M · 3 ▸ 7M" (the real cards' ladder).
function ladder(words, colour, current = -1) {
  const rents = words.C.colours[colour].rent;
  return el("ol", { class: "ladder", "aria-label": words.C.colours[colour].name }, rents.map((rent, i) =>
    el("li", { class: i === current ? "now" : null, "data-n": String(i + 1), "data-rent": `${rent}M` })));
}

// What a card does, in words: the rules text of an action, the ladder(s) of a property.
function body(words, key, info, as, held) {
  if (info.kind === "money") return el("div", { class: "money", "data-value": `${info.value}M` });
  if (info.kind === "property") return ladder(words, info.colours[0], held - 1);
  if (info.kind === "wild") {
    return el("div", { class: "ladders" }, coloursOf(info, as).map((c, i) =>
      el("div", { class: i === 0 && as ? "in-use" : as ? "unused" : null }, ladder(words, c, as === c ? held - 1 : -1))));
  }
  const text = el("p", { class: "text", "data-text": words.t(`cardtext.${info.kind}`) });
  if (PLAIN_KINDS.includes(info.kind)) return text;
  return el("div", { class: "action-face" }, el("div", { class: "emblem", "aria-hidden": "true" }, info.name), text);
}

// The words a screen reader says for a card: "Sly Deal, 3M: take one property …".
export function cardLabel(words, key, as = null) {
  const info = words.C.cards[key] || { name: key, kind: "action", value: 0, colours: [] };
  const parts = [info.name, `${info.value}M`];
  if (as && info.colours.length > 1 && words.C.colours[as]) parts.push(words.t("card-as", { colour: words.C.colours[as].name }));
  return parts.join(", ");
}

// One card. Options: `as` (the colour a wild stands as), `held` (cards in its set, to mark the rent now),
// `small`, `selected`, `onclick` (makes it a button: focusable, Enter/Space), `drag` (its subject, to drag it),
// `key` (its identity on the page,
// for in-place updates and for its journey when it moves), `data` (more data-* attributes), `label`.
export function card(words, key, { as = null, held = 0, small = false, selected = false, onclick = null,
  key: identity = null, data = {}, label = null, highlight = false, drag = null } = {}) {
  const info = words.C.cards[key] || { name: key, kind: "action", value: 0, colours: [] };
  const classes = ["card", `k-${info.kind}`, PLAIN_KINDS.includes(info.kind) ? "" : "action", small ? "small" : "", selected ? "selected" : "",
    onclick ? "clickable" : "", highlight ? "highlight" : ""];
  const attrs = { class: classes.filter(Boolean).join(" "), "data-card": key, "data-key": identity, "data-fly": identity ? key : null,
    title: small ? `${info.name} (${info.value}M)` : null };
  if (onclick) {
    Object.assign(attrs, { role: "button", tabindex: 0, onclick, "aria-pressed": selected ? "true" : "false",
      "aria-label": label || cardLabel(words, key, as),
      onkeydown: (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); onclick(event); } } });
  } else {
    Object.assign(attrs, { role: "img", "aria-label": label || cardLabel(words, key, as) });
  }
  // `drag`: what the card is, for a drop on a place that can take it (your bank, your table, an opponent)
  if (drag) Object.assign(attrs, { draggable: "true", ondragstart: (event) => event.dataTransfer.setData("text/plain", drag) });
  for (const [name, value] of Object.entries(data)) attrs[`data-${name}`] = value;
  const colours = coloursOf(info, as);
  const top = el("div", { class: "top", style: BAND_KINDS.includes(info.kind) ? `background:${band(colours)}` : null },
    el("span", { class: "value", "data-value": `${info.value}M` }),
    el("span", { class: "name" }, info.name.replaceAll("/", "/\u200b")));
  return el("div", attrs, top, small ? null : body(words, key, info, as, held));
}
